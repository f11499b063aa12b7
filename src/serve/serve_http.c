/* handstat serve: HTTP with libmicrohttpd. One thread per connection (bounded in number), so
 * that a waiting POST /api/query can block on its job while watching its socket: when the
 * client goes away the job is cancelled. Every answer is JSON (errors {"error": ...}) or one of
 * the page's compiled-in files, with the same security headers; nothing is read from disk.
 *
 * The API:
 *   GET    /api/commands   the commands and their arguments
 *   GET    /api/range?text=RANGE   a hold'em range as the page's grid shows it
 *   POST   /api/query      run a query, answer its table (or its error) when it ends
 *   POST   /api/jobs       queue a query: 202 and the job's status (its id)
 *   POST   /api/estimate   the same body: the work ahead, whether it can be counted exactly and
 *                          its estimated seconds against the cap, without queueing it
 *   GET    /api/jobs       every job kept, and the queue's state
 *   GET    /api/jobs/ID    a job's status and progress; its result once done
 *   DELETE /api/jobs/ID    cancel a job */
#define _GNU_SOURCE
#include "serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <linux/tcp.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* Headers and request line together (431 above), and the path (414 above): this server answers
 * those, with its headers. libmicrohttpd answers requests too large for a connection's memory
 * (CONNECTION_MEMORY) itself, with its own page. */
#define HEADERS_MAX (32 * 1024)
#define PATH_MAX_BYTES (8 * 1024)
#define CONNECTION_MEMORY (96 * 1024)
/* How often a waiting query looks at its client's socket. */
#define WATCH_MS 100
/* How often the guard looks at the connections that wait for a request. */
#define GUARD_MS 100
/* Connections beyond --max-connections that libmicrohttpd still takes while those cut close. */
#define CONNECTIONS_SLACK 32

/* The guard's view of one connection. A connection "waits" from its opening or its previous
 * answer until its request is whole (request line, headers, body): that is when a client can hold
 * it without the server doing anything, so only waiting connections are capped, timed and cut. */
typedef struct conn {
    struct conn *prev, *next; /* oldest first */
    struct MHD_Connection *c;
    int fd;
    unsigned char addr[16]; /* the client's address (IPv4 in the first 4 bytes) */
    int family;
    int handling;     /* its request is whole: being answered */
    int request_line; /* the request line of the request it waits for came */
    int cut;          /* 1: answered and half-closed by the guard; 2: closed for reading too */
    int over;         /* no room: its request is answered 503 */
    double since;     /* waiting since */
    double cut_at;
    uint64_t mark;   /* bytes received when it began to wait */
    double bytes_at; /* when bytes beyond mark were first seen without a request line (0: not) */
} conn;

struct serve_http {
    struct MHD_Daemon *daemon;
    serve_jobs *jobs;
    serve_http_opts o;
    pthread_mutex_t mu; /* the list and every conn's fields */
    conn *head, *tail;
    pthread_t guard;
    int guard_started;
    int stopping;
    char **hosts; /* the Host names accepted besides the loopback ones (Host's spelling) */
    size_t n_hosts;
};

/* One request's state between the calls of the handler. */
typedef struct request_ctx {
    char *body;
    size_t len;
    int too_big;
    int responded; /* an answer was queued before the body ended */
    double start;
} request_ctx;

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The policy every answer carries: the page's own files only, no inline script or style, no
 * framing, no sniffing; no CORS header, so other origins cannot read any answer. */
static const char CSP[] = "default-src 'self'; script-src 'self'; style-src 'self'; img-src "
                          "'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
                          "form-action 'self'; frame-ancestors 'none'";

static const char *const SECURITY[][2] = {
    {"Content-Security-Policy", CSP},
    {"X-Content-Type-Options", "nosniff"},
    {"X-Frame-Options", "DENY"},
    {"Referrer-Policy", "no-referrer"},
    {"Cross-Origin-Opener-Policy", "same-origin"},
    {"Cross-Origin-Resource-Policy", "same-origin"},
};

static void security_headers(struct MHD_Response *r) {
    for (size_t i = 0; i < sizeof SECURITY / sizeof SECURITY[0]; i++)
        MHD_add_response_header(r, SECURITY[i][0], SECURITY[i][1]);
}

static void log_request(const serve_http *h, struct MHD_Connection *c, const char *method,
                        const char *url, int status, const request_ctx *ctx) {
    if (h->o.quiet)
        return;
    char addr[INET6_ADDRSTRLEN] = "?";
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (ci != NULL && ci->client_addr != NULL) {
        const struct sockaddr *sa = ci->client_addr;
        if (sa->sa_family == AF_INET)
            inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, addr,
                      sizeof addr);
        else if (sa->sa_family == AF_INET6)
            inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, addr,
                      sizeof addr);
    }
    /* the method and the path are the client's bytes: escaped, so that no control byte reaches
     * the operator's terminal */
    char tok[HS_TOKEN_TEXT], mtok[HS_TOKEN_TEXT];
    fprintf(stderr, "handstat serve: %s %s %s %d %.1f ms\n", addr,
            hs_text_token(mtok, method, strlen(method)), hs_text_token(tok, url, strlen(url)),
            status, ctx != NULL ? 1000.0 * (now_s() - ctx->start) : 0.0);
}

/* Queue a JSON answer (body: heap text, taken over; NULL means out of memory). */
static enum MHD_Result reply_json(const serve_http *h, struct MHD_Connection *c, const char *method,
                                  const char *url, const request_ctx *ctx, int status, char *body,
                                  const char *allow, int retry_after, const char *job_id) {
    if (body == NULL) {
        status = 500;
        body = strdup("{\"error\":\"out of memory\"}");
        if (body == NULL)
            return MHD_NO;
    }
    struct MHD_Response *r =
        MHD_create_response_from_buffer(strlen(body), body, MHD_RESPMEM_MUST_FREE);
    if (r == NULL) {
        free(body);
        return MHD_NO;
    }
    MHD_add_response_header(r, "Content-Type", "application/json; charset=utf-8");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    security_headers(r);
    if (allow != NULL)
        MHD_add_response_header(r, "Allow", allow);
    if (retry_after > 0) {
        char v[16];
        snprintf(v, sizeof v, "%d", retry_after);
        MHD_add_response_header(r, "Retry-After", v);
    }
    if (job_id != NULL) {
        char loc[64];
        snprintf(loc, sizeof loc, "/api/jobs/%s", job_id);
        MHD_add_response_header(r, status == 202 ? "Location" : "X-Job", loc);
    }
    const enum MHD_Result rc = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    log_request(h, c, method, url, status, ctx);
    return rc;
}

static enum MHD_Result reply_error(const serve_http *h, struct MHD_Connection *c,
                                   const char *method, const char *url, const request_ctx *ctx,
                                   int status, const char *allow, const char *fmt, ...)
    __attribute__((format(printf, 8, 9)));
static enum MHD_Result reply_error(const serve_http *h, struct MHD_Connection *c,
                                   const char *method, const char *url, const request_ctx *ctx,
                                   int status, const char *allow, const char *fmt, ...) {
    char msg[SERVE_MESSAGE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return reply_json(h, c, method, url, ctx, status, serve_error_json(msg), allow, 0, NULL);
}

static enum MHD_Result reply_asset(struct MHD_Connection *c, const serve_asset *a) {
    struct MHD_Response *r = MHD_create_response_from_buffer(a->size, (void *)(uintptr_t)a->data,
                                                             MHD_RESPMEM_PERSISTENT);
    if (r == NULL)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", a->type);
    MHD_add_response_header(r, "Cache-Control", "no-cache");
    security_headers(r);
    const enum MHD_Result rc = MHD_queue_response(c, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return rc;
}

/* ---- the connection guard ---------------------------------------------------------------- */

/* Bytes the kernel has received on the connection (TCP_INFO), or 0 when it cannot say. */
static uint64_t bytes_in(int fd) {
    struct tcp_info ti;
    socklen_t n = sizeof ti;
    memset(&ti, 0, sizeof ti);
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &n) != 0 ||
        n < offsetof(struct tcp_info, tcpi_bytes_received) + sizeof ti.tcpi_bytes_received)
        return 0;
    return ti.tcpi_bytes_received;
}

static conn *conn_of(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return ci != NULL ? ci->socket_context : NULL;
}

static void addr_text(const conn *x, char *out, size_t cap) {
    snprintf(out, cap, "?");
    if (x->family == AF_INET || x->family == AF_INET6)
        inet_ntop(x->family, x->addr, out, (socklen_t)cap);
}

/* Close connection x, which waits for a request (mu held): when the client has sent any of one,
 * it is answered `status` first (a whole HTTP answer with the security headers, written while
 * libmicrohttpd writes nothing there), then the connection is closed for sending, and a second
 * later for reading, which ends its libmicrohttpd thread. */
static void conn_cut(serve_http *h, conn *x, int status, const char *msg) {
    if (x->request_line || bytes_in(x->fd) > x->mark) {
        char *body = serve_error_json(msg);
        char head[1536];
        int n = snprintf(head, sizeof head,
                         "HTTP/1.1 %d %s\r\nConnection: close\r\nContent-Type: application/json; "
                         "charset=utf-8\r\nCache-Control: no-store\r\nContent-Length: %zu\r\n",
                         status,
                         status == 408   ? "Request Timeout"
                         : status == 503 ? "Service Unavailable"
                                         : "Bad Request",
                         body != NULL ? strlen(body) : 0);
        for (size_t i = 0; i < sizeof SECURITY / sizeof SECURITY[0]; i++)
            n += snprintf(head + n, sizeof head - (size_t)n, "%s: %s\r\n", SECURITY[i][0],
                          SECURITY[i][1]);
        n += snprintf(head + n, sizeof head - (size_t)n, "\r\n");
        if (send(x->fd, head, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT) == n && body != NULL)
            (void)send(x->fd, body, strlen(body), MSG_NOSIGNAL | MSG_DONTWAIT);
        free(body);
    }
    shutdown(x->fd, SHUT_WR);
    x->cut = 1;
    x->cut_at = now_s();
    if (!h->o.quiet) {
        char addr[INET6_ADDRSTRLEN];
        addr_text(x, addr, sizeof addr);
        fprintf(stderr, "handstat serve: %s connection closed (%d): %s\n", addr, status, msg);
    }
}

static int same_client(const conn *a, const conn *b) {
    return a->family == b->family && memcmp(a->addr, b->addr, sizeof a->addr) == 0;
}

/* A new connection x (mu held): room is made by closing the oldest connections that wait for a
 * request, of its client first. When every other connection is being answered, x is answered
 * 503 at its request. */
static void conn_admit(serve_http *h, conn *x) {
    const unsigned per_client = h->o.max_per_client, all_max = h->o.max_connections;
    const unsigned wait_max = all_max / 2 > 0 ? all_max / 2 : 1;
    unsigned same = 0, wait = 0, all = 0;
    for (const conn *y = h->head; y != NULL; y = y->next)
        if (!y->cut) {
            all++;
            wait += !y->handling;
            same += !y->handling && same_client(x, y);
        }
    char msg[160];
    for (conn *y = h->head; y != x && same > per_client; y = y->next)
        if (!y->cut && !y->handling && same_client(x, y)) {
            snprintf(msg, sizeof msg,
                     "over %u connections of one client wait for a request: the oldest is closed",
                     per_client);
            conn_cut(h, y, 503, msg);
            same--, wait--, all--;
        }
    for (conn *y = h->head; y != x && (wait > wait_max || all > all_max); y = y->next)
        if (!y->cut && !y->handling) {
            snprintf(msg, sizeof msg,
                     "over %u connections wait for a request: the oldest is closed", wait_max);
            conn_cut(h, y, 503, msg);
            wait--, all--;
        }
    x->over = all > all_max;
}

static void notify_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                              enum MHD_ConnectionNotificationCode toe) {
    serve_http *h = cls;
    if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
        conn *x = *socket_context;
        if (x == NULL)
            return;
        pthread_mutex_lock(&h->mu);
        *(x->prev != NULL ? &x->prev->next : &h->head) = x->next;
        *(x->next != NULL ? &x->next->prev : &h->tail) = x->prev;
        pthread_mutex_unlock(&h->mu);
        free(x);
        *socket_context = NULL;
        return;
    }
    const union MHD_ConnectionInfo *fd =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    conn *x = fd != NULL ? calloc(1, sizeof *x) : NULL;
    if (x == NULL)
        return; /* unguarded: libmicrohttpd's idle timeout still closes it */
    x->c = c;
    x->fd = fd->connect_fd;
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (ci != NULL && ci->client_addr != NULL) {
        const struct sockaddr *sa = ci->client_addr;
        x->family = sa->sa_family;
        if (sa->sa_family == AF_INET)
            memcpy(x->addr, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, 4);
        else if (sa->sa_family == AF_INET6)
            memcpy(x->addr, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, 16);
    }
    x->since = now_s();
    pthread_mutex_lock(&h->mu);
    x->prev = h->tail;
    *(h->tail != NULL ? &h->tail->next : &h->head) = x;
    h->tail = x;
    conn_admit(h, x);
    pthread_mutex_unlock(&h->mu);
    *socket_context = x;
}

/* The request line came (libmicrohttpd's URI log callback: the first sign of a request). */
static void *uri_seen(void *cls, const char *uri, struct MHD_Connection *c) {
    (void)uri;
    serve_http *h = cls;
    conn *x = conn_of(c);
    if (x != NULL) {
        pthread_mutex_lock(&h->mu);
        x->request_line = 1;
        pthread_mutex_unlock(&h->mu);
    }
    return NULL;
}

/* The handler is about to answer, or to look at the request: the guard leaves the connection
 * alone from now on. Returns 0 when the guard has cut it already (the handler then closes it). */
static int conn_claim(serve_http *h, struct MHD_Connection *c, int *over) {
    conn *x = conn_of(c);
    int ok = 1;
    *over = 0;
    if (x != NULL) {
        pthread_mutex_lock(&h->mu);
        ok = !x->cut;
        x->handling = ok;
        *over = x->over;
        pthread_mutex_unlock(&h->mu);
    }
    return ok;
}

/* Back to waiting: for the body of the request (whole) or for the next request (since now). */
static void conn_wait(serve_http *h, struct MHD_Connection *c, int next) {
    conn *x = conn_of(c);
    if (x == NULL)
        return;
    pthread_mutex_lock(&h->mu);
    x->handling = 0;
    if (next) {
        x->request_line = 0;
        x->since = now_s();
        x->mark = bytes_in(x->fd);
        x->bytes_at = 0;
        x->over = 0;
    }
    pthread_mutex_unlock(&h->mu);
}

/* Every GUARD_MS: a connection that waits has SERVE_REQUEST_SECONDS for its whole request (408
 * after), and SERVE_LINE_SECONDS from its first byte for the request line (400 after: bytes that
 * libmicrohttpd skips, such as a line starting with NUL, or a client that slow); one cut a second
 * ago is closed for reading too. */
static void *guard_main(void *arg) {
    serve_http *h = arg;
    char msg[160];
    for (;;) {
        const struct timespec tick = {0, GUARD_MS * 1000000L};
        nanosleep(&tick, NULL);
        pthread_mutex_lock(&h->mu);
        if (h->stopping) {
            pthread_mutex_unlock(&h->mu);
            return NULL;
        }
        const double t = now_s();
        for (conn *x = h->head; x != NULL; x = x->next) {
            if (x->cut == 1 && t - x->cut_at >= 1.0) {
                shutdown(x->fd, SHUT_RD);
                x->cut = 2;
            }
            if (x->cut || x->handling)
                continue;
            if (t - x->since >= SERVE_REQUEST_SECONDS) {
                snprintf(msg, sizeof msg, "no whole request within %d s", SERVE_REQUEST_SECONDS);
                conn_cut(h, x, 408, msg);
            } else if (!x->request_line && bytes_in(x->fd) > x->mark) {
                if (x->bytes_at == 0)
                    x->bytes_at = t;
                else if (t - x->bytes_at >= SERVE_LINE_SECONDS) {
                    snprintf(msg, sizeof msg,
                             "no request line (METHOD /path HTTP/1.1) within %d s of the first "
                             "byte: malformed or too slow",
                             SERVE_LINE_SECONDS);
                    conn_cut(h, x, 400, msg);
                }
            }
        }
        pthread_mutex_unlock(&h->mu);
    }
}

/* ---- routes ------------------------------------------------------------------------------- */

enum route { R_NONE, R_ASSET, R_COMMANDS, R_RANGE, R_QUERY, R_ESTIMATE, R_JOBS, R_JOB };

static const char API_LIST[] =
    "GET /api/commands, GET /api/range?text=RANGE, POST /api/query, POST /api/estimate, POST "
    "/api/jobs, GET /api/jobs, GET or DELETE /api/jobs/ID; the page is at /";

static enum route route_of(const char *url, const serve_asset **asset, const char **job_id) {
    *asset = NULL;
    *job_id = NULL;
    const char *path = strcmp(url, "/") == 0 ? "/index.html" : url;
    for (size_t i = 0; i < serve_asset_count; i++)
        if (strcmp(path, serve_assets[i].path) == 0) {
            *asset = &serve_assets[i];
            return R_ASSET;
        }
    if (strcmp(url, "/api/commands") == 0)
        return R_COMMANDS;
    if (strcmp(url, "/api/range") == 0)
        return R_RANGE;
    if (strcmp(url, "/api/query") == 0)
        return R_QUERY;
    if (strcmp(url, "/api/estimate") == 0)
        return R_ESTIMATE;
    if (strcmp(url, "/api/jobs") == 0 || strcmp(url, "/api/jobs/") == 0)
        return R_JOBS;
    if (strncmp(url, "/api/jobs/", 10) == 0 && strchr(url + 10, '/') == NULL) {
        *job_id = url + 10;
        return R_JOB;
    }
    return R_NONE;
}

/* The methods a route takes, for 405's Allow header; NULL when `method` is one of them. */
static const char *refused_method(enum route r, const char *method) {
    const int get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    const int post = strcmp(method, "POST") == 0, del = strcmp(method, "DELETE") == 0;
    switch (r) {
    case R_ASSET:
    case R_COMMANDS:
    case R_RANGE:
        return get ? NULL : "GET, HEAD";
    case R_QUERY:
    case R_ESTIMATE:
        return post ? NULL : "POST";
    case R_JOBS:
        return get || post ? NULL : "GET, HEAD, POST";
    case R_JOB:
        return get || del ? NULL : "GET, HEAD, DELETE";
    case R_NONE:
        break;
    }
    return NULL;
}

/* The server answers only requests whose Host names it: a loopback name, the address it is bound
 * to, every address and the name of this machine when bound to all (0.0.0.0, ::), and the names
 * of --allow-host. A page of another site whose name was made to resolve to this machine (DNS
 * rebinding) names its own. Returns 1 when the Host header (absent: HTTP/1.0) is acceptable. */
static int host_ok(const serve_http *h, const char *host) {
    if (host == NULL)
        return 1;
    const char *colon = strrchr(host, ':');
    size_t n = strlen(host);
    if (colon != NULL && (host[0] != '[' || colon > strchr(host, ']'))) {
        char *end;
        const long port = strtol(colon + 1, &end, 10);
        if (*end != '\0' || port != h->o.port)
            return 0;
        n = (size_t)(colon - host);
    }
    if ((n == 9 && strncasecmp(host, "localhost", 9) == 0) ||
        (n == 5 && strncmp(host, "[::1]", 5) == 0))
        return 1;
    for (size_t i = 0; i < h->n_hosts; i++)
        if (strlen(h->hosts[i]) == n && strncasecmp(host, h->hosts[i], n) == 0)
            return 1;
    /* 127.0.0.0/8 */
    char ip[INET_ADDRSTRLEN];
    struct in_addr a;
    if (n >= sizeof ip)
        return 0;
    memcpy(ip, host, n);
    ip[n] = '\0';
    return inet_pton(AF_INET, ip, &a) == 1 && (ntohl(a.s_addr) >> 24) == 127;
}

static void add_host(serve_http *h, const char *name, size_t n) {
    if (n == 0)
        return;
    char **grown = realloc(h->hosts, (h->n_hosts + 1) * sizeof *grown);
    if (grown == NULL)
        return;
    h->hosts = grown;
    char *copy = strndup(name, n);
    if (copy != NULL)
        h->hosts[h->n_hosts++] = copy;
}

/* The Host names accepted: the bound address; bound to all, the machine's name and addresses;
 * each of --allow-host's comma-separated names. */
static void collect_hosts(serve_http *h) {
    const serve_http_opts *o = &h->o;
    if (o->bound != NULL)
        add_host(h, o->bound, strlen(o->bound));
    if (o->wildcard) {
        char name[256];
        if (gethostname(name, sizeof name - 1) == 0) {
            name[sizeof name - 1] = '\0';
            add_host(h, name, strlen(name));
        }
        struct ifaddrs *ifs;
        if (getifaddrs(&ifs) == 0) {
            for (const struct ifaddrs *f = ifs; f != NULL; f = f->ifa_next) {
                char a[INET6_ADDRSTRLEN + 2];
                if (f->ifa_addr == NULL)
                    continue;
                if (f->ifa_addr->sa_family == AF_INET &&
                    inet_ntop(AF_INET,
                              &((const struct sockaddr_in *)(const void *)f->ifa_addr)->sin_addr, a,
                              sizeof a) != NULL)
                    add_host(h, a, strlen(a));
                else if (f->ifa_addr->sa_family == AF_INET6 &&
                         inet_ntop(
                             AF_INET6,
                             &((const struct sockaddr_in6 *)(const void *)f->ifa_addr)->sin6_addr,
                             a + 1, sizeof a - 2) != NULL) {
                    a[0] = '[';
                    strcat(a, "]");
                    add_host(h, a, strlen(a));
                }
            }
            freeifaddrs(ifs);
        }
    }
    for (const char *p = o->allow_hosts; p != NULL && *p != '\0';) {
        const size_t n = strcspn(p, ",");
        add_host(h, p, n);
        p += n + (p[n] == ',');
    }
}

/* A request that changes state must come from this server's page or from a program: an Origin
 * header, when a browser sends one, must be this server's. */
static int origin_ok(struct MHD_Connection *c) {
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    if (origin == NULL)
        return 1;
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    return host != NULL && strncmp(origin, "http://", 7) == 0 && strcmp(origin + 7, host) == 0;
}

/* "application/json", with parameters or not. A browser can send only form types to another
 * site without asking first, so this also keeps other sites' pages from posting queries. */
static int json_type(struct MHD_Connection *c) {
    const char *t = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Type");
    if (t == NULL || strncasecmp(t, "application/json", 16) != 0)
        return 0;
    return t[16] == '\0' || t[16] == ';' || t[16] == ' ';
}

/* True when the client of connection c has closed it, or its sending half (shutdown), or reset
 * it. POLLRDHUP says so even when bytes it sent after its request are still unread (a peek would
 * see those bytes, never the close behind them). */
static int client_gone(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (ci == NULL)
        return 0;
    struct pollfd p = {.fd = ci->connect_fd, .events = POLLRDHUP};
    return poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/* The body of a POST that holds a query, as a request: 0, or the 4xx status with *error (the
 * error's JSON body, heap). */
static int parse_body(const request_ctx *ctx, hs_request **req, const char **command,
                      char **error) {
    char msg[SERVE_MESSAGE];
    const int status = serve_request_parse(ctx->body != NULL ? ctx->body : "", ctx->len, req,
                                           command, msg, sizeof msg);
    *error = status != 0 ? serve_error_json(msg) : NULL;
    return status;
}

/* POST /api/query and POST /api/jobs. */
static enum MHD_Result post_query(serve_http *h, struct MHD_Connection *c, const char *method,
                                  const char *url, request_ctx *ctx, int origin) {
    hs_request *req;
    const char *command;
    char *body;
    int status = parse_body(ctx, &req, &command, &body);
    if (status != 0)
        return reply_json(h, c, method, url, ctx, status, body, NULL, 0, NULL);
    serve_job *job;
    int retry;
    status = serve_jobs_submit(h->jobs, req, command, origin, &job, &body, &retry);
    if (status != 0)
        return reply_json(h, c, method, url, ctx, status, body, NULL, retry, NULL);
    char id[17];
    snprintf(id, sizeof id, "%s", serve_job_id(job));
    if (origin == SERVE_ASYNC) {
        serve_job_release(h->jobs, job);
        body = serve_jobs_status(h->jobs, id, &status);
        return reply_json(h, c, method, url, ctx, status == 200 ? 202 : status, body, NULL, 0, id);
    }
    /* wait, watching the client: when it leaves the job is stopped and nobody is answered */
    while (!serve_job_wait(h->jobs, job, WATCH_MS)) {
        if (client_gone(c)) {
            serve_job_cancel(h->jobs, job, SERVE_STOP_GONE);
            serve_job_release(h->jobs, job);
            log_request(h, c, method, url, 499, ctx);
            return MHD_NO;
        }
    }
    body = serve_job_answer(h->jobs, job, &status);
    serve_job_release(h->jobs, job);
    /* the wait was not idleness: the connection's timeout starts again for the answer */
    MHD_set_connection_option(c, MHD_CONNECTION_OPTION_TIMEOUT, h->o.idle_timeout);
    return reply_json(h, c, method, url, ctx, status, body, NULL, 0, id);
}

/* POST /api/estimate: the body of a query, answered without queueing it. */
static enum MHD_Result post_estimate(serve_http *h, struct MHD_Connection *c, const char *method,
                                     const char *url, request_ctx *ctx) {
    hs_request *req;
    const char *command;
    char *body;
    int status = parse_body(ctx, &req, &command, &body);
    if (status != 0)
        return reply_json(h, c, method, url, ctx, status, body, NULL, 0, NULL);
    body = serve_jobs_estimate(h->jobs, req, command, &status);
    hs_request_free(req);
    return reply_json(h, c, method, url, ctx, status, body, NULL, 0, NULL);
}

static enum MHD_Result dispatch(serve_http *h, struct MHD_Connection *c, const char *url,
                                const char *method, request_ctx *ctx) {
    const serve_asset *asset;
    const char *id;
    const enum route r = route_of(url, &asset, &id);
    int status;
    switch (r) {
    case R_ASSET:
        return reply_asset(c, asset);
    case R_COMMANDS:
        return reply_json(h, c, method, url, ctx, 200, serve_commands_json(), NULL, 0, NULL);
    case R_RANGE: {
        const char *text = NULL;
        size_t len = 0;
        if (MHD_lookup_connection_value_n(c, MHD_GET_ARGUMENT_KIND, "text", 4, &text, &len) !=
                MHD_YES ||
            text == NULL)
            return reply_error(h, c, method, url, ctx, 400, NULL,
                               "give the range as ?text=RANGE (e.g. /api/range?text=QQ%%2B)");
        char *body = serve_range_json(text, len, &status);
        return reply_json(h, c, method, url, ctx, status, body, NULL, 0, NULL);
    }
    case R_QUERY:
        return post_query(h, c, method, url, ctx, SERVE_SYNC);
    case R_ESTIMATE:
        return post_estimate(h, c, method, url, ctx);
    case R_JOBS:
        if (strcmp(method, "POST") == 0)
            return post_query(h, c, method, url, ctx, SERVE_ASYNC);
        return reply_json(h, c, method, url, ctx, 200, serve_jobs_list(h->jobs, &status), NULL, 0,
                          NULL);
    case R_JOB: {
        char *body = strcmp(method, "DELETE") == 0 ? serve_jobs_delete(h->jobs, id, &status)
                                                   : serve_jobs_status(h->jobs, id, &status);
        return reply_json(h, c, method, url, ctx, status, body, NULL, 0, NULL);
    }
    case R_NONE:
        break;
    }
    return MHD_NO;
}

/* Counts the headers named cls->name (case aside) and keeps the first's value. */
typedef struct header_count {
    const char *name;
    int n;
    const char *value;
} header_count;

static enum MHD_Result count_header(void *cls, enum MHD_ValueKind kind, const char *key,
                                    const char *value) {
    (void)kind;
    header_count *hc = cls;
    if (key != NULL && strcasecmp(key, hc->name) == 0 && hc->n++ == 0)
        hc->value = value;
    return MHD_YES;
}

/* The body's framing as HTTP/1.1 allows it (RFC 9112 6): at most one Content-Length, and a
 * Transfer-Encoding, if any, exactly "chunked" and without a Content-Length. libmicrohttpd reads
 * the first Content-Length of several, and the body of any other transfer coding until the
 * client closes: such a request is answered now (501, 400) instead. Returns 1 when answered. */
static int screen_framing(serve_http *h, struct MHD_Connection *c, const char *url,
                          const char *method, request_ctx *ctx, enum MHD_Result *rc) {
    char tok[HS_TOKEN_TEXT];
    header_count te = {"Transfer-Encoding", 0, NULL}, cl = {"Content-Length", 0, NULL};
    MHD_get_connection_values(c, MHD_HEADER_KIND, count_header, &te);
    MHD_get_connection_values(c, MHD_HEADER_KIND, count_header, &cl);
    if (te.n > 0) {
        const char *v = te.value != NULL ? te.value : "";
        if (te.n > 1 || strcasecmp(v, "chunked") != 0) {
            *rc = reply_error(h, c, method, url, ctx, 501, NULL,
                              "Transfer-Encoding '%s' is not implemented: send the body with "
                              "Content-Length or 'Transfer-Encoding: chunked' (once)",
                              te.n > 1 ? "given twice" : hs_text_token(tok, v, strlen(v)));
            return 1;
        }
        if (cl.n > 0) {
            *rc = reply_error(h, c, method, url, ctx, 400, NULL,
                              "a request has Transfer-Encoding or Content-Length, not both");
            return 1;
        }
    }
    if (cl.n > 1) {
        *rc = reply_error(h, c, method, url, ctx, 400, NULL,
                          "Content-Length is given %d times: the body's length must be given once",
                          cl.n);
        return 1;
    }
    return 0;
}

/* The first call of a request (its headers read): refuse it now when it can be. Returns 1 when
 * an answer was queued (*rc the result). */
static int screen(serve_http *h, struct MHD_Connection *c, const char *url, const char *method,
                  request_ctx *ctx, enum MHD_Result *rc) {
    char tok[HS_TOKEN_TEXT], tok2[HS_TOKEN_TEXT];
    const union MHD_ConnectionInfo *hs =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    if (strlen(url) > PATH_MAX_BYTES) {
        *rc = reply_error(h, c, method, url, ctx, 414, NULL, "the path is over %d bytes",
                          PATH_MAX_BYTES);
        return 1;
    }
    if (hs != NULL && hs->header_size > HEADERS_MAX) {
        *rc = reply_error(h, c, method, url, ctx, 431, NULL,
                          "the request line and headers are %zu bytes, over the %d accepted",
                          hs->header_size, HEADERS_MAX);
        return 1;
    }
    if (screen_framing(h, c, url, method, ctx, rc))
        return 1;
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    if (!host_ok(h, host)) {
        *rc = reply_error(h, c, method, url, ctx, 421, NULL,
                          "Host '%s' is not this server: it answers requests for "
                          "http://127.0.0.1:%d/ (or localhost, or the names of --allow-host)",
                          hs_text_token(tok, host, strlen(host)), h->o.port);
        return 1;
    }
    const serve_asset *asset;
    const char *id;
    const enum route r = route_of(url, &asset, &id);
    if (r == R_NONE) {
        *rc = reply_error(h, c, method, url, ctx, 404, NULL, "no such page or endpoint '%s' (%s)",
                          hs_text_token(tok, url, strlen(url)), API_LIST);
        return 1;
    }
    const char *allow = refused_method(r, method);
    if (allow != NULL) {
        *rc = reply_error(h, c, method, url, ctx, 405, allow, "%s takes %s, not %s",
                          hs_text_token(tok, url, strlen(url)), allow,
                          hs_text_token(tok2, method, strlen(method)));
        return 1;
    }
    const int post = strcmp(method, "POST") == 0;
    if ((post || strcmp(method, "DELETE") == 0) && !origin_ok(c)) {
        *rc = reply_error(h, c, method, url, ctx, 403, NULL,
                          "requests from another site's page are refused (Origin header)");
        return 1;
    }
    if (post && !json_type(c)) {
        *rc = reply_error(h, c, method, url, ctx, 415, NULL,
                          "the body must be JSON, sent with 'Content-Type: application/json'");
        return 1;
    }
    const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
    if (post && length != NULL && strtoull(length, NULL, 10) > SERVE_BODY_MAX) {
        *rc = reply_error(h, c, method, url, ctx, 413, NULL,
                          "the body is %s bytes, over the %d accepted", length, SERVE_BODY_MAX);
        return 1;
    }
    return 0;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **con_cls) {
    (void)version;
    serve_http *h = cls;
    request_ctx *ctx = *con_cls;
    int over;
    if (ctx == NULL) {
        ctx = calloc(1, sizeof *ctx);
        if (ctx == NULL)
            return MHD_NO;
        ctx->start = now_s();
        *con_cls = ctx;
        if (!conn_claim(h, c, &over))
            return MHD_NO;
        enum MHD_Result rc;
        if (over) {
            ctx->responded = 1;
            return reply_json(h, c, method, url, ctx, 503,
                              serve_error_json("the server holds too many connections: retry"),
                              NULL, 1, NULL);
        }
        if (screen(h, c, url, method, ctx, &rc)) {
            ctx->responded = 1;
            return rc;
        }
        conn_wait(h, c, 0);
        return MHD_YES;
    }
    if (ctx->responded) {
        /* answered already: the rest of the body is dropped */
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        const size_t n = *upload_data_size;
        *upload_data_size = 0;
        if (ctx->too_big || ctx->len + n > SERVE_BODY_MAX) {
            ctx->too_big = 1;
            free(ctx->body);
            ctx->body = NULL;
            ctx->len = 0;
            return MHD_YES;
        }
        char *grown = realloc(ctx->body, ctx->len + n + 1);
        if (grown == NULL)
            return MHD_NO;
        memcpy(grown + ctx->len, upload_data, n);
        ctx->len += n;
        grown[ctx->len] = '\0';
        ctx->body = grown;
        return MHD_YES;
    }
    if (!conn_claim(h, c, &over))
        return MHD_NO;
    ctx->responded = 1;
    if (ctx->too_big)
        return reply_error(h, c, method, url, ctx, 413, NULL,
                           "the body is over the %d bytes accepted", SERVE_BODY_MAX);
    return dispatch(h, c, url, method, ctx);
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode why) {
    (void)why;
    conn_wait(cls, c, 1);
    request_ctx *ctx = *con_cls;
    if (ctx != NULL) {
        free(ctx->body);
        free(ctx);
        *con_cls = NULL;
    }
}

/* libmicrohttpd's own messages (printf formats of its own), after "handstat serve: ". */
static void mhd_log(void *cls, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
static void mhd_log(void *cls, const char *fmt, va_list ap) {
    const serve_http *h = cls;
    if (h->o.quiet)
        return;
    char msg[512], shown[4 * sizeof msg];
    vsnprintf(msg, sizeof msg, fmt, ap);
    /* a waiting query whose client left is closed on purpose (logged as 499) */
    if (strncmp(msg, "Application reported internal error", 35) == 0)
        return;
    size_t n = strlen(msg);
    while (n > 0 && msg[n - 1] == '\n')
        msg[--n] = '\0';
    /* escaped as the request lines are: a message may quote the client's bytes */
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        const unsigned char b = (unsigned char)msg[i];
        if (b >= 0x20 && b < 0x7F)
            shown[o++] = (char)b;
        else
            o += (size_t)snprintf(shown + o, 5, "\\x%02X", b);
    }
    shown[o] = '\0';
    fprintf(stderr, "handstat serve: %s\n", shown);
}

serve_http *serve_http_start(const serve_http_opts *opts, serve_jobs *jobs) {
    serve_http *h = calloc(1, sizeof *h);
    if (h == NULL) {
        fprintf(stderr, "handstat serve: out of memory\n");
        return NULL;
    }
    h->o = *opts;
    h->jobs = jobs;
    pthread_mutex_init(&h->mu, NULL);
    collect_hosts(h);
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    const int v6 =
        getsockname(opts->listen_fd, (struct sockaddr *)&ss, &sl) == 0 && ss.ss_family == AF_INET6;
    h->daemon = MHD_start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL |
            MHD_USE_ITC | MHD_USE_ERROR_LOG | (v6 ? MHD_USE_IPv6 : 0),
        0, NULL, NULL, handle, h, MHD_OPTION_EXTERNAL_LOGGER, mhd_log, h, MHD_OPTION_LISTEN_SOCKET,
        opts->listen_fd, MHD_OPTION_CONNECTION_LIMIT, opts->max_connections + CONNECTIONS_SLACK,
        MHD_OPTION_CONNECTION_TIMEOUT, opts->idle_timeout, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        (size_t)CONNECTION_MEMORY, MHD_OPTION_NOTIFY_COMPLETED, completed, h,
        MHD_OPTION_NOTIFY_CONNECTION, notify_connection, h, MHD_OPTION_URI_LOG_CALLBACK, uri_seen,
        h, MHD_OPTION_END);
    if (h->daemon == NULL) {
        fprintf(stderr, "handstat serve: the HTTP server could not start\n");
        pthread_mutex_destroy(&h->mu);
        for (size_t i = 0; i < h->n_hosts; i++)
            free(h->hosts[i]);
        free(h->hosts);
        free(h);
        return NULL;
    }
    if (pthread_create(&h->guard, NULL, guard_main, h) != 0) {
        fprintf(stderr, "handstat serve: cannot start the connection guard thread\n");
        serve_http_stop(h);
        return NULL;
    }
    h->guard_started = 1;
    return h;
}

void serve_http_stop(serve_http *h) {
    if (h == NULL)
        return;
    if (h->guard_started) {
        pthread_mutex_lock(&h->mu);
        h->stopping = 1;
        pthread_mutex_unlock(&h->mu);
        pthread_join(h->guard, NULL);
    }
    /* no new connection, then every open one closed and its thread joined */
    const MHD_socket fd = MHD_quiesce_daemon(h->daemon);
    MHD_stop_daemon(h->daemon);
    if (fd != MHD_INVALID_SOCKET)
        close(fd);
    pthread_mutex_destroy(&h->mu);
    for (size_t i = 0; i < h->n_hosts; i++)
        free(h->hosts[i]);
    free(h->hosts);
    free(h);
}
