/* handstat-serve, run as `handstat serve`: the local web app, its own executable so that no other
 * command loads libmicrohttpd, jansson and GnuTLS. Opens the listening socket itself (so that a
 * busy port or a bad address is reported exactly), starts the job queue and the HTTP server
 * (serve_*.c), prints the URL and serves until SIGINT or SIGTERM, then stops cleanly: every query
 * cancelled, every thread joined. */
#define _GNU_SOURCE
#include "shell.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "handstat/progress.h"
#include "serve.h"

static const char USAGE[] =
    "usage: handstat serve [--bind ADDR] [--port N] [--max-seconds S] [--max-jobs N]\n"
    "                      [--max-queue N] [--threads N] [--max-connections N]\n"
    "                      [--max-per-client N] [--allow-host NAME,...] [--quiet]\n"
    "\n"
    "The local web app: a page (hold'em equity with range grids, board analysis and the equity\n"
    "distribution, the cribbage scorer and discard table, the other games' equity) and its JSON\n"
    "API, served until Ctrl-C. The URL is printed on standard error; open it in a browser.\n"
    "\n"
    "  --bind ADDR        the address to listen on (default 127.0.0.1: this machine only);\n"
    "                     0.0.0.0 or :: serve the network, without any authentication\n"
    "  --allow-host NAME,...  Host names answered besides localhost, 127.0.0.1, [::1], the\n"
    "                     address bound and (bound to all) this machine's name and addresses:\n"
    "                     any other Host is refused (421), against DNS rebinding\n"
    "  --port N           the port, 0..65535 (default 8080; 0: any free port, printed)\n"
    "  --max-seconds S    stop a query that runs longer (default 30; 0: no cap); its answer\n"
    "                     then says to ask for an estimate (\"samples\") or narrow the query\n"
    "  --max-jobs N       queries run at once, 1..64 (default 2)\n"
    "  --max-queue N      queries waiting beyond those, 0..10000 (default 64); past it the\n"
    "                     server answers 503 (busy) rather than dropping anything\n"
    "  --threads N        threads of each query, 1..1024 (default: the cores / --max-jobs)\n"
    "  --max-connections N  connections held at once, 16..4096 (default 512), half of them at\n"
    "                     most waiting for a request: past that the oldest waiting one is\n"
    "                     closed to make room (when none waits, the new one is answered 503)\n"
    "  --max-per-client N   connections of one address waiting for a request, 1..4096\n"
    "                     (default 64): past that its oldest waiting one is closed\n"
    "  --quiet            no log of the requests (the URL is still printed)\n"
    "\n"
    "The API (JSON; the README's \"Web app\" section has examples):\n"
    "  POST /api/query      {\"command\": \"holdem equity\", \"args\": {\"hand\": [\"QQ+,AKs\",\n"
    "                       \"JJ-99,AQs+\"], \"board\": \"Kh7d2c\"}}: the result table\n"
    "  POST /api/jobs       the same, queued: the job's id; GET /api/jobs/ID its progress and\n"
    "                       result, DELETE /api/jobs/ID cancels it; GET /api/jobs lists them\n"
    "  GET /api/commands    the commands and their arguments\n"
    "  GET /api/range?text=RANGE   a hold'em range, class by class\n"
    "\n"
    "  --no-progress      accepted, as by every command (the server has no progress line)\n"
    "Options may also be written --opt=value; -- ends the options.\n"
    "\n"
    "Timeouts: a connection has 10 s from its opening (or its previous answer) to send a whole\n"
    "request (else 408), 1 s from its first byte to send its request line (else 400), and is\n"
    "closed after 5 s without a byte either way.\n"
    "\n"
    "exit status: 0 stopped by SIGINT or SIGTERM, 2 bad command line, 3 the address or port\n"
    "             cannot be used (busy, not this machine's, privileged)\n";

/* A whole number text in lo..hi, else -1 (printed). */
static long parse_count(const char *opt, const char *text, long lo, long hi) {
    const size_t n = strspn(text, "0123456789");
    long v = 0;
    for (size_t i = 0; i < n && i < 7; i++)
        v = v * 10 + (text[i] - '0');
    if (n == 0 || n > 6 || text[n] != '\0' || v < lo || v > hi) {
        cli_error("%s takes a whole number from %ld to %ld, not '%s'", opt, lo, hi,
                  cli_token(text, strlen(text)));
        return -1;
    }
    return v;
}

/* --max-seconds: a plain decimal number of seconds, 0..86400 (0: no cap). */
static int parse_seconds(const char *text, double *out) {
    char *end;
    const double v = strtod(text, &end);
    if (text[0] < '0' || text[0] > '9' || *end != '\0' || !(v >= 0 && v <= 86400)) {
        cli_error("--max-seconds takes a number of seconds from 0 (no cap) to 86400, not '%s'",
                  cli_token(text, strlen(text)));
        return -1;
    }
    *out = v;
    return 0;
}

/* The listening socket on addr:port. Prints the error; returns the descriptor or -(exit status). */
static int open_listener(const char *bind_arg, int port, int *loopback, int *bound_port,
                         char *shown, size_t cap) {
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    socklen_t len;
    char addr[INET6_ADDRSTRLEN + 2];
    const char *a = strcmp(bind_arg, "localhost") == 0 ? "127.0.0.1" : bind_arg;
    /* "[::1]" as well as "::1" */
    size_t n = strlen(a);
    if (n >= 2 && a[0] == '[' && a[n - 1] == ']' && n - 2 < sizeof addr) {
        memcpy(addr, a + 1, n - 2);
        addr[n - 2] = '\0';
    } else
        snprintf(addr, sizeof addr, "%s", a);
    struct sockaddr_in *v4 = (struct sockaddr_in *)(void *)&ss;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)(void *)&ss;
    if (inet_pton(AF_INET, addr, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)port);
        len = sizeof *v4;
        *loopback = (ntohl(v4->sin_addr.s_addr) >> 24) == 127;
    } else if (inet_pton(AF_INET6, addr, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)port);
        len = sizeof *v6;
        *loopback = IN6_IS_ADDR_LOOPBACK(&v6->sin6_addr);
    } else {
        cli_error("--bind: '%s' is not an IPv4 or IPv6 address (e.g. 127.0.0.1, ::1, 0.0.0.0)",
                  cli_token(bind_arg, strlen(bind_arg)));
        return -CLI_EXIT_USAGE;
    }
    const int fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        cli_error("cannot open a socket: %s", strerror(errno));
        return -CLI_EXIT_IO;
    }
    const int one = 1;
    /* a restarted server may take its port back from connections in TIME_WAIT; a port another
     * server listens on stays refused */
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (ss.ss_family == AF_INET6)
        setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    if (bind(fd, (struct sockaddr *)&ss, len) != 0 || listen(fd, 64) != 0) {
        const int e = errno;
        close(fd);
        if (e == EADDRINUSE)
            cli_error("port %d on %s is in use (another server?): choose another with --port N, "
                      "or --port 0 for any free one",
                      port, addr);
        else if (e == EACCES)
            cli_error("port %d on %s needs privileges: choose one above 1023 with --port N", port,
                      addr);
        else if (e == EADDRNOTAVAIL)
            cli_error("--bind: %s is not an address of this machine", addr);
        else
            cli_error("cannot listen on %s port %d: %s", addr, port, strerror(e));
        return -CLI_EXIT_IO;
    }
    len = sizeof ss;
    getsockname(fd, (struct sockaddr *)&ss, &len);
    *bound_port = ntohs(ss.ss_family == AF_INET ? v4->sin_port : v6->sin6_port);
    snprintf(shown, cap, ss.ss_family == AF_INET6 ? "[%s]" : "%s", addr);
    return fd;
}

static void on_stop_signal(int sig) {
    (void)sig; /* never runs: the stop signals are blocked and taken by sigwait */
}

static int serve_main(int argc, char **argv) {
    const char *bind_arg = "127.0.0.1", *port_arg = NULL, *seconds_arg = NULL, *jobs_arg = NULL,
               *queue_arg = NULL, *conns_arg = NULL, *per_client_arg = NULL, *allow_arg = NULL;
    int threads = 0, n_pos;
    const cli_opt opts[] = {{"--bind", NULL, CLI_OPT_VALUE, &bind_arg},
                            {"--port", NULL, CLI_OPT_VALUE, &port_arg},
                            {"--max-seconds", NULL, CLI_OPT_VALUE, &seconds_arg},
                            {"--max-jobs", NULL, CLI_OPT_VALUE, &jobs_arg},
                            {"--max-queue", NULL, CLI_OPT_VALUE, &queue_arg},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"--max-connections", NULL, CLI_OPT_VALUE, &conns_arg},
                            {"--max-per-client", NULL, CLI_OPT_VALUE, &per_client_arg},
                            {"--allow-host", NULL, CLI_OPT_VALUE, &allow_arg},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    const int rc = cli_parse_options(argc, argv, opts, USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    serve_limits lim = {.max_jobs = 2,
                        .max_queue = 64,
                        .max_seconds = 30,
                        .lease = 30,
                        .keep = 200,
                        .keep_seconds = 600};
    long port = 8080, conns = 512, per_client = 64;
    if ((port_arg != NULL && (port = parse_count("--port", port_arg, 0, 65535)) < 0) ||
        (jobs_arg != NULL &&
         (lim.max_jobs = (int)parse_count("--max-jobs", jobs_arg, 1, 64)) < 0) ||
        (queue_arg != NULL &&
         (lim.max_queue = (int)parse_count("--max-queue", queue_arg, 0, 10000)) < 0) ||
        (seconds_arg != NULL && parse_seconds(seconds_arg, &lim.max_seconds) != 0) ||
        (conns_arg != NULL &&
         (conns = parse_count("--max-connections", conns_arg, 16, 4096)) < 0) ||
        (per_client_arg != NULL &&
         (per_client = parse_count("--max-per-client", per_client_arg, 1, 4096)) < 0))
        return CLI_EXIT_USAGE;
    lim.threads = threads > 0 ? threads : hs_default_threads() / lim.max_jobs;
    if (lim.threads < 1)
        lim.threads = 1;

    int loopback = 0, bound_port = 0;
    char shown[INET6_ADDRSTRLEN + 4];
    const int fd = open_listener(bind_arg, (int)port, &loopback, &bound_port, shown, sizeof shown);
    if (fd < 0)
        return -fd;

    /* SIGINT and SIGTERM (and SIGHUP) are taken by sigwait below, in this thread only: every
     * thread started from here on inherits the blocked mask. A client closing its connection
     * must not kill the server (SIGPIPE). */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    /* A shell without job control starts `handstat serve &` with SIGINT ignored, and an ignored
     * signal never reaches sigwait: SIGINT and SIGTERM are taken back (a handler that is never
     * run: the signals stay blocked). SIGHUP stops it too, unless nohup asked to ignore it. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    struct sigaction hup;
    if (sigaction(SIGHUP, NULL, &hup) == 0 && hup.sa_handler != SIG_IGN) {
        sigaction(SIGHUP, &sa, NULL);
        sigaddset(&stop, SIGHUP);
    }
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);

    serve_jobs *jobs;
    if (serve_jobs_start(&lim, &jobs) != 0) {
        cli_error("cannot start the worker threads: %s", strerror(errno));
        close(fd);
        return CLI_EXIT_IO;
    }
    const serve_http_opts ho = {.listen_fd = fd,
                                .bound = shown,
                                .wildcard =
                                    strcmp(shown, "0.0.0.0") == 0 || strcmp(shown, "[::]") == 0,
                                .allow_hosts = allow_arg,
                                .port = bound_port,
                                .quiet = cli_quiet,
                                .max_connections = (unsigned)conns,
                                .max_per_client = (unsigned)per_client,
                                .idle_timeout = 5};
    serve_http *http = serve_http_start(&ho, jobs);
    if (http == NULL) {
        serve_jobs_stop(jobs);
        serve_jobs_free(jobs);
        close(fd);
        return CLI_EXIT_IO;
    }
    if (!loopback)
        cli_error("listening on %s: anyone who can reach this machine's port %d can run queries "
                  "(there is no authentication); requests must name %s in Host (--allow-host "
                  "NAME for other names)",
                  shown, bound_port,
                  strcmp(shown, "0.0.0.0") == 0 || strcmp(shown, "[::]") == 0
                      ? "this machine's name or one of its addresses"
                      : shown);
    fprintf(stderr,
            "handstat serve: http://%s:%d/ (%d quer%s at once, %d thread%s each, %g s cap; "
            "Ctrl-C stops)\n",
            strcmp(shown, "0.0.0.0") == 0 ? "127.0.0.1"
            : strcmp(shown, "[::]") == 0  ? "[::1]"
                                          : shown,
            bound_port, lim.max_jobs, lim.max_jobs == 1 ? "y" : "ies", lim.threads,
            lim.threads == 1 ? "" : "s", lim.max_seconds);
    fflush(stderr);

    int sig = 0;
    while (sigwait(&stop, &sig) != 0)
        ;
    fprintf(stderr, "handstat serve: %s: stopping\n",
            sig == SIGINT    ? "SIGINT"
            : sig == SIGTERM ? "SIGTERM"
                             : "SIGHUP");
    serve_jobs_stop(jobs);
    serve_http_stop(http);
    serve_jobs_free(jobs);
    return CLI_OK;
}

int main(int argc, char **argv) {
    cli_command = "handstat serve";
    /* `handstat serve ARGS` runs this program as "handstat-serve ARGS": argv[0] is not an option */
    int status = serve_main(argc, argv);
    /* --help that did not reach standard output is an error, never a silent success */
    if ((fflush(stdout) != 0 || ferror(stdout)) && status == CLI_OK) {
        cli_error("cannot write to standard output");
        status = CLI_EXIT_IO;
    }
    return status;
}
