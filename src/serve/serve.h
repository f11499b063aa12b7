/* handstat serve: the local web app's private interfaces. The server is a thin shell over the
 * request layer (handstat/request.h): a JSON body becomes an hs_request (serve_json.c), a job
 * queue runs requests on a few worker threads with progress, cancellation and a time cap
 * (serve_jobs.c), and an HTTP front end (serve_http.c, libmicrohttpd) routes the API and the
 * page's compiled-in files. Every function here is thread-safe unless it says otherwise. */
#ifndef HS_SERVE_H
#define HS_SERVE_H

#include <stddef.h>
#include <stdint.h>

#include "handstat/request.h"

/* The largest request body accepted (413 above it). */
#define SERVE_BODY_MAX (64 * 1024)
/* Room for any message the server writes (request errors, refusals). */
#define SERVE_MESSAGE 640

/* ---- JSON (serve_json.c) --------------------------------------------------------------------- */

/* A query body, {"command": "holdem equity", "args": {"hand": ["QQ+,AKs", "JJ-99,AQs+"],
 * "board": "Kh7d2c"}}, as a request: every argument added in the order written ("hand" may be a
 * string or a list of strings; true/false become "1"/"0", whole numbers their decimal text; null
 * means not given). The values themselves are checked when the request runs. On success returns
 * 0, *out is the request (the caller frees it) and *command its command's name (static storage,
 * from hs_request_commands). Otherwise returns the HTTP status (400, or 500 when out of memory)
 * with the reason in msg (cap bytes, naming the field and, in the request layer's words, the
 * value). Never reads past body[len). */
int serve_request_parse(const char *body, size_t len, hs_request **out, const char **command,
                        char *msg, size_t cap);

/* The answer of a finished request as JSON text (heap; NULL when out of memory):
 * {"command": ..., "columns": [{"name": ..., "kind": "text"|"int"|"decimal"|"fraction"}, ...],
 *  "rows": [[cell, ...], ...], "notes": {name: value, ...}}, every cell its table's text. */
char *serve_table_json(const char *command, const hs_table *t);

/* {"error": msg} as JSON text (heap; NULL when out of memory). Bytes of msg that are not UTF-8
 * are replaced, so that the text is always valid JSON. */
char *serve_error_json(const char *msg);

/* GET /api/commands: each command of the request layer with its arguments (JSON text, heap). */
char *serve_commands_json(void);

/* GET /api/range?text=...: a hold'em range parsed by the library, as the page's 13 x 13 grid
 * shows it: {"text": canonical, "combos": n, "classes": [169 entries, grid order: null, or
 * {"n": combinations, "of": the class's, "weight": percent (when all share one), "combos":
 * [["AhKd", weight], ...] (when only some are in, or weights differ)}]}. Returns the JSON text
 * (heap) with *status 200, or an error body with *status 400 (naming the offending item) or 500. */
char *serve_range_json(const char *text, size_t len, int *status);

/* A JSON string (jansson's json_t) of any bytes: those that are not UTF-8 replaced by U+FFFD.
 * NULL when out of memory. */
struct json_t;
struct json_t *serve_json_string(const char *s);

/* ---- the job queue (serve_jobs.c) ------------------------------------------------------------ */

typedef struct serve_limits {
    int max_jobs;        /* requests run at once (worker threads) */
    int max_queue;       /* requests waiting for a worker beyond those */
    int threads;         /* OpenMP threads of each request (0: the library's default) */
    double max_seconds;  /* a request running longer is stopped (0: no cap) */
    double lease;        /* a job of the jobs API nobody asked about for this long is cancelled */
    int keep;            /* finished jobs kept for GET /api/jobs/ID (the oldest dropped first) */
    double keep_seconds; /* and for at most this long */
} serve_limits;

typedef struct serve_jobs serve_jobs;
typedef struct serve_job serve_job;

/* Start the worker threads. Returns 0, or -1 (errno set) when they could not be started. */
int serve_jobs_start(const serve_limits *limits, serve_jobs **out);

/* Where a job came from: a waiting POST /api/query (cancelled when its connection closes) or
 * POST /api/jobs (cancelled by DELETE, or when nobody polls it for limits.lease seconds). */
enum serve_origin { SERVE_SYNC, SERVE_ASYNC };

/* Queue request `req` (taken over: freed by the queue whatever happens) of `command`. Returns 0
 * with *job a reference to the new job (serve_job_release it), or an HTTP status with an error
 * body in *body (heap): 503 when the queue is full or the server is stopping (*retry_after the
 * seconds to suggest), 500 when out of memory. */
int serve_jobs_submit(serve_jobs *s, hs_request *req, const char *command, int origin,
                      serve_job **job, char **body, int *retry_after);

/* The job's id (static for its lifetime). */
const char *serve_job_id(const serve_job *j);

/* Wait at most `ms` milliseconds for the job to finish. Returns 1 when it has, else 0. */
int serve_job_wait(serve_jobs *s, serve_job *j, int ms);

/* Why a job stopped early (its status says so). */
enum serve_stop {
    SERVE_STOP_NONE,
    SERVE_STOP_ASKED,     /* DELETE /api/jobs/ID */
    SERVE_STOP_GONE,      /* the connection of a waiting query closed */
    SERVE_STOP_ABANDONED, /* a job of the jobs API nobody asked about for the lease time */
    SERVE_STOP_TIME,      /* the time cap */
    SERVE_STOP_SERVER     /* the server is stopping */
};

/* Ask the job to stop (queued: it never runs; running: at its next progress report) for `why`
 * (the first reason given stays). */
void serve_job_cancel(serve_jobs *s, serve_job *j, enum serve_stop why);

/* The answer of a finished job as POST /api/query gives it: *status 200 and the table, or the
 * error's status (400 bad input, 504 stopped by the time cap, 503 stopped because the server
 * is stopping, 409 cancelled, 500) and {"error": ...}. Heap text; NULL when out of memory. */
char *serve_job_answer(serve_jobs *s, serve_job *j, int *status);

void serve_job_release(serve_jobs *s, serve_job *j);

/* GET /api/jobs/ID (the job's status, its progress and, once done, its result or error; it
 * renews the job's lease), DELETE /api/jobs/ID (cancel) and GET /api/jobs (every job kept and
 * the queue's state): JSON text (heap) and *status (200, 404 unknown id, 500). */
char *serve_jobs_status(serve_jobs *s, const char *id, int *status);
char *serve_jobs_delete(serve_jobs *s, const char *id, int *status);
char *serve_jobs_list(serve_jobs *s, int *status);

/* POST /api/estimate: what request `req` (of `command`; not taken over) would take, answered
 * without queueing it, as the request layer sees it: {"command", "work": hs_request_work's note
 * ("" for a quick query or an estimate), "exact": false when it is too large to count exactly
 * (hs_request_start, or the probe below, failed with HS_ERR_OVERFLOW: "message" says why),
 * "seconds": the estimated seconds of its run on this server
 * (hs_request_job_seconds / the threads of a query, "seconds_from": "model"), or null,
 * "threads", "max_seconds": the cap, "over_cap": seconds > max_seconds}. A command that makes
 * no job but notes a long run (holdem equity past its work note's threshold) has no cost model:
 * it is probed, one probe at a time on one thread, for a quarter of a second of processor time
 * (its size checks, then the pace of its first units of work: "seconds_from": "probe"; null
 * when no unit finished within a second), so that a query past 128 bits is known before it is
 * queued. Returns JSON
 * text (heap) with *status 200, or an error body with *status 400 (bad input, the layer's message)
 * or 500. */
char *serve_jobs_estimate(serve_jobs *s, const hs_request *req, const char *command, int *status);

/* Stop: every queued and running job cancelled (reason: the server is stopping), the worker
 * threads joined. Waiters then see their jobs finished. Call before stopping the HTTP server;
 * serve_jobs_free once nothing uses the queue any more. */
void serve_jobs_stop(serve_jobs *s);
void serve_jobs_free(serve_jobs *s);

/* ---- HTTP (serve_http.c) --------------------------------------------------------------------- */

typedef struct serve_http_opts {
    int listen_fd;            /* a bound, listening socket (the server takes it over) */
    int port;                 /* the port bound (for the Host check) */
    const char *bound;        /* the address bound, as a Host names it ("[::1]"): accepted */
    int wildcard;             /* bound to all (0.0.0.0, ::): the machine's names accepted too */
    const char *allow_hosts;  /* more Host names accepted, comma-separated (NULL: none) */
    int quiet;                /* no request log on standard error */
    unsigned max_connections; /* held at once; half of them at most waiting for a request */
    unsigned max_per_client;  /* waiting for a request, from one client address */
    unsigned idle_timeout;    /* seconds */
} serve_http_opts;

/* A connection has this long from its opening (or its previous answer) to send its whole request
 * (408 after), and this long from its first byte to send its request line (400 after). */
#define SERVE_REQUEST_SECONDS 10
#define SERVE_LINE_SECONDS 1

typedef struct serve_http serve_http;

/* Serve the API and the page on opts->listen_fd with the queue `jobs`. Returns the server, or
 * NULL after printing why. */
serve_http *serve_http_start(const serve_http_opts *opts, serve_jobs *jobs);

/* Close every connection and join the connection threads (call serve_jobs_stop first, so that
 * no handler still waits for a job). */
void serve_http_stop(serve_http *h);

/* ---- the page's files (generated from web/ by cmake/embed_web.cmake) ------------------------- */

typedef struct serve_asset {
    const char *path; /* "/main.js" */
    const char *type; /* its Content-Type */
    const unsigned char *data;
    size_t size;
} serve_asset;

extern const serve_asset serve_assets[];
extern const size_t serve_asset_count;

#endif
