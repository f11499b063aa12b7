/* handstat serve: the job queue. A fixed pool of worker threads (max_jobs) runs requests taken
 * from a bounded queue, so that the threads and the OpenMP teams they lead are made once and
 * reused; a request never runs on an HTTP connection's thread. Every job is known by a random id
 * and kept, with its answer, for a while after it ends (GET /api/jobs/ID).
 *
 * One mutex guards the queue and every job's state; workers run requests without it. A running
 * request learns that it must stop through its progress callback (hs_request_run then returns
 * HS_ERR_CANCELLED): asked to (DELETE, the client of a waiting query went away, the server is
 * stopping), past the time cap, or, for the jobs API, when nobody has asked about it for the
 * lease time (a page closed without saying so). */
#define _GNU_SOURCE
#include "serve.h"

#include <errno.h>
#include <jansson.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "handstat/error.h"
#include "handstat/job.h"

/* A query whose job is estimated to take this many times the cap is refused at once rather than
 * run until the cap stops it. */
#define HOPELESS 3.0

/* run()'s answer for such a query (the library's codes are 0 and negative). */
#define SERVE_TOO_LONG 1

enum job_state { QUEUED, RUNNING, DONE, FAILED, CANCELLED };
static const char *const STATE_NAME[] = {"queued", "running", "done", "error", "cancelled"};

struct serve_job {
    char id[17];
    const char *command;
    int origin;
    hs_request *req; /* until it has run */
    enum job_state state;
    int refs;   /* references held by handlers (the queue's own is `listed`) */
    int listed; /* in the job list */
    double submitted, started, finished;
    _Atomic int stop;            /* an enum serve_stop, set once */
    _Atomic long long last_seen; /* ms on the monotonic clock: the lease's start */
    _Atomic unsigned long long done, total;
    int http_status; /* of a failed job: 400, 500, 504... */
    char *result;    /* JSON text of the table (DONE) */
    char *error;     /* the message (FAILED, CANCELLED) */
    struct serve_job *next_queued;
    struct serve_job *next; /* the job list, newest first */
};

struct serve_jobs {
    serve_limits lim;
    pthread_mutex_t lock;
    pthread_cond_t work;    /* a job was queued, or stopping */
    pthread_cond_t changed; /* a job finished */
    serve_job *queue_head, *queue_tail;
    int queued, running;
    serve_job *jobs; /* every job kept, newest first */
    int stopping;
    pthread_t *workers;
    int n_workers;
    unsigned long long served, failed, cancelled;
    pthread_mutex_t probe_lock; /* one probe of POST /api/estimate at a time */
};

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long long now_ms(void) {
    return (long long)(now_s() * 1000.0);
}

static void job_free(serve_job *j) {
    hs_request_free(j->req);
    free(j->result);
    free(j->error);
    free(j);
}

static const char *stop_text(int why, const serve_limits *lim, char *buf, size_t cap) {
    switch (why) {
    case SERVE_STOP_ASKED:
        return "stopped: the client asked to (DELETE)";
    case SERVE_STOP_GONE:
        return "stopped: the client went away";
    case SERVE_STOP_ABANDONED:
        snprintf(buf, cap, "stopped: nobody asked about the job for %.0f s", lim->lease);
        return buf;
    case SERVE_STOP_SERVER:
        return "stopped: the server is stopping";
    default:
        return "stopped";
    }
}

/* The message of a job stopped by the time cap, or refused because its estimate is far beyond
 * it (estimate > 0: seconds): where to go from there. */
static char *time_cap_message(const serve_jobs *s, const serve_job *j, double estimate) {
    char msg[SERVE_MESSAGE], what[160];
    const int sampled = strcmp(j->command, "holdem equity") == 0;
    const int vs_random = strcmp(j->command, "holdem vs-random") == 0;
    if (estimate > 0)
        snprintf(what, sizeof what,
                 "%s would take about %.0f s here (estimated), far over %g s, the server's cap "
                 "on one query",
                 j->command, estimate, s->lim.max_seconds);
    else
        snprintf(what, sizeof what, "%s was stopped after %g s, the server's cap on one query",
                 j->command, s->lim.max_seconds);
    snprintf(msg, sizeof msg, "%s (handstat serve --max-seconds): %s", what,
             sampled ? "ask for an estimate instead with the \"samples\" argument (e.g. "
                       "\"samples\": 1000000, as the command line's --samples), or narrow the "
                       "ranges, or give more board cards"
             : vs_random
                 ? "ask for fewer opponent counts, or an estimate from fewer \"samples\" (about "
                   "0.7 us a deal per count: 1000000 take under a second), or run it with the "
                   "command line (handstat holdem vs-random, resumable), or start the server with "
                   "a larger --max-seconds"
                 : "narrow the query (fewer hands or streets, more known cards), or run it "
                   "with the command line, or start the server with a larger --max-seconds");
    return strdup(msg);
}

/* Finish job j (locked) after it ran (or never ran): its state, answer and the waiters told. */
static void finish(serve_jobs *s, serve_job *j, int rc, hs_table *t, const char *msg) {
    j->finished = now_s();
    hs_request_free(j->req);
    j->req = NULL;
    const int why = atomic_load(&j->stop);
    if (rc == HS_OK) {
        j->result = serve_table_json(j->command, t);
        j->state = j->result != NULL ? DONE : FAILED;
        if (j->result == NULL) {
            j->http_status = 500;
            j->error = strdup("out of memory");
        }
    } else if (rc == SERVE_TOO_LONG || (rc == HS_ERR_CANCELLED && why == SERVE_STOP_TIME)) {
        j->state = FAILED;
        j->http_status = 504;
        j->error = time_cap_message(s, j, rc == SERVE_TOO_LONG ? atof(msg) : 0);
    } else if (rc == HS_ERR_CANCELLED) {
        char buf[96];
        j->state = CANCELLED;
        j->http_status = why == SERVE_STOP_SERVER ? 503 : 409;
        j->error = strdup(stop_text(why, &s->lim, buf, sizeof buf));
    } else {
        j->state = FAILED;
        j->http_status = rc == HS_ERR_NOMEM || rc == HS_ERR_IO ? 500 : 400;
        j->error = strdup(rc == HS_ERR_NOMEM ? "out of memory" : msg[0] ? msg : hs_strerror(rc));
    }
    if (j->state == DONE)
        s->served++;
    else if (j->state == CANCELLED)
        s->cancelled++;
    else
        s->failed++;
    pthread_cond_broadcast(&s->changed);
}

/* The progress callback of a running request: record, and tell it to stop when it must. */
typedef struct run_ctx {
    serve_jobs *s;
    serve_job *j;
} run_ctx;

static int on_progress(void *ctx, uint64_t done, uint64_t total) {
    const run_ctx *c = ctx;
    serve_job *j = c->j;
    atomic_store(&j->done, (unsigned long long)done);
    atomic_store(&j->total, (unsigned long long)total);
    int why = atomic_load(&j->stop);
    if (why == SERVE_STOP_NONE && c->s->lim.max_seconds > 0 &&
        now_s() - j->started > c->s->lim.max_seconds)
        why = SERVE_STOP_TIME;
    if (why == SERVE_STOP_NONE && j->origin == SERVE_ASYNC && c->s->lim.lease > 0 &&
        now_ms() - atomic_load(&j->last_seen) > (long long)(c->s->lim.lease * 1000))
        why = SERVE_STOP_ABANDONED;
    if (why != SERVE_STOP_NONE) {
        int none = SERVE_STOP_NONE;
        atomic_compare_exchange_strong(&j->stop, &none, why);
        return 1;
    }
    return 0;
}

/* Run request req of job j (unlocked): in two steps, so that a job far beyond the time cap is
 * refused from its estimate before any work. Returns what hs_request_run would, or
 * SERVE_TOO_LONG with the estimate in msg. */
static int run(serve_jobs *s, serve_job *j, const hs_request *req, hs_table **t, char *msg,
               size_t cap) {
    run_ctx ctx = {s, j};
    hs_job *job = NULL;
    int rc = hs_request_start(req, &job, msg, cap);
    if (rc == HS_OK && job != NULL) {
        const int threads = s->lim.threads > 0 ? s->lim.threads : hs_default_threads();
        const double seconds = hs_request_job_seconds(req, job) / threads;
        if (s->lim.max_seconds > 0 && seconds > HOPELESS * s->lim.max_seconds) {
            snprintf(msg, cap, "%.0f", seconds);
            hs_job_free(job);
            return SERVE_TOO_LONG;
        }
        const hs_job_opts o = {
            .threads = s->lim.threads, .progress = on_progress, .progress_ctx = &ctx};
        rc = hs_job_run(job, 0, hs_job_units(job), &o);
        if (rc == HS_ERR_CORRUPT) {
            snprintf(msg, cap, "the finished counts fail their invariants (a library fault)");
            rc = HS_ERR_IO;
        }
    }
    if (rc == HS_OK)
        rc = hs_request_finish(req, job, s->lim.threads, on_progress, &ctx, t, msg, cap);
    hs_job_free(job);
    return rc;
}

static void *worker(void *arg) {
    serve_jobs *s = arg;
    pthread_mutex_lock(&s->lock);
    for (;;) {
        while (!s->stopping && s->queue_head == NULL)
            pthread_cond_wait(&s->work, &s->lock);
        if (s->stopping)
            break;
        serve_job *j = s->queue_head;
        s->queue_head = j->next_queued;
        if (s->queue_head == NULL)
            s->queue_tail = NULL;
        s->queued--;
        if (j->origin == SERVE_ASYNC && s->lim.lease > 0 &&
            now_ms() - atomic_load(&j->last_seen) > (long long)(s->lim.lease * 1000)) {
            int none = SERVE_STOP_NONE;
            atomic_compare_exchange_strong(&j->stop, &none, SERVE_STOP_ABANDONED);
        }
        if (atomic_load(&j->stop) != SERVE_STOP_NONE) {
            finish(s, j, HS_ERR_CANCELLED, NULL, "");
            continue;
        }
        j->state = RUNNING;
        j->started = now_s();
        s->running++;
        const hs_request *req = j->req;
        pthread_mutex_unlock(&s->lock);

        hs_table *t = NULL;
        char msg[HS_REQUEST_MESSAGE] = "";
        const int rc = run(s, j, req, &t, msg, sizeof msg);

        pthread_mutex_lock(&s->lock);
        s->running--;
        finish(s, j, rc, t, msg);
        pthread_mutex_unlock(&s->lock);
        hs_table_free(t);
        pthread_mutex_lock(&s->lock);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

int serve_jobs_start(const serve_limits *limits, serve_jobs **out) {
    serve_jobs *s = calloc(1, sizeof *s);
    if (s == NULL)
        return -1;
    s->lim = *limits;
    pthread_mutex_init(&s->lock, NULL);
    pthread_mutex_init(&s->probe_lock, NULL);
    pthread_cond_init(&s->work, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&s->changed, &ca);
    pthread_condattr_destroy(&ca);
    s->workers = calloc((size_t)limits->max_jobs, sizeof *s->workers);
    if (s->workers == NULL) {
        serve_jobs_free(s);
        return -1;
    }
    for (int i = 0; i < limits->max_jobs; i++) {
        const int rc = pthread_create(&s->workers[i], NULL, worker, s);
        if (rc != 0) {
            serve_jobs_stop(s);
            serve_jobs_free(s);
            errno = rc;
            return -1;
        }
        s->n_workers++;
    }
    *out = s;
    return 0;
}

/* Drop finished jobs nobody holds (locked): those past keep_seconds, then the oldest beyond
 * `keep`. The list is newest first. */
static void reap(serve_jobs *s) {
    const double t = now_s();
    int kept = 0;
    for (serve_job **p = &s->jobs; *p != NULL;) {
        serve_job *j = *p;
        const int ended = j->state != QUEUED && j->state != RUNNING;
        if (ended && j->refs == 0 &&
            (kept >= s->lim.keep || t - j->finished > s->lim.keep_seconds)) {
            *p = j->next;
            job_free(j);
            continue;
        }
        kept += ended;
        p = &j->next;
    }
}

static void new_id(char id[17]) {
    static _Atomic unsigned long long counter = 0;
    unsigned long long v;
    /* unpredictable, so that one page cannot stumble on another's job; a counter if the kernel
     * cannot say */
    if (getrandom(&v, sizeof v, GRND_NONBLOCK) != (ssize_t)sizeof v)
        v = (unsigned long long)now_ms() * 1000003u + atomic_fetch_add(&counter, 1);
    snprintf(id, 17, "%016llx", v);
}

int serve_jobs_submit(serve_jobs *s, hs_request *req, const char *command, int origin,
                      serve_job **job, char **body, int *retry_after) {
    *job = NULL;
    *body = NULL;
    *retry_after = 0;
    serve_job *j = calloc(1, sizeof *j);
    if (j == NULL) {
        hs_request_free(req);
        *body = serve_error_json("out of memory");
        return 500;
    }
    j->req = req;
    j->command = command;
    j->origin = origin;
    j->submitted = now_s();
    atomic_store(&j->last_seen, now_ms());
    pthread_mutex_lock(&s->lock);
    reap(s);
    if (s->stopping || s->queued >= s->lim.max_queue) {
        char msg[SERVE_MESSAGE];
        if (s->stopping)
            snprintf(msg, sizeof msg, "the server is stopping");
        else
            snprintf(msg, sizeof msg,
                     "the server is busy: %d queries running and %d waiting, its limits "
                     "(handstat serve --max-jobs %d --max-queue %d); try again shortly",
                     s->running, s->queued, s->lim.max_jobs, s->lim.max_queue);
        pthread_mutex_unlock(&s->lock);
        job_free(j);
        *body = serve_error_json(msg);
        *retry_after = 2;
        return 503;
    }
    /* ids are 64 random bits; a clash with a kept job is drawn again */
    for (int fresh = 0; !fresh;) {
        new_id(j->id);
        fresh = 1;
        for (const serve_job *k = s->jobs; k != NULL; k = k->next)
            fresh &= strcmp(k->id, j->id) != 0;
    }
    j->state = QUEUED;
    j->listed = 1;
    j->refs = 1;
    j->next = s->jobs;
    s->jobs = j;
    if (s->queue_tail != NULL)
        s->queue_tail->next_queued = j;
    else
        s->queue_head = j;
    s->queue_tail = j;
    s->queued++;
    pthread_cond_signal(&s->work);
    pthread_mutex_unlock(&s->lock);
    *job = j;
    return 0;
}

const char *serve_job_id(const serve_job *j) {
    return j->id;
}

int serve_job_wait(serve_jobs *s, serve_job *j, int ms) {
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += ms / 1000;
    until.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&s->lock);
    int rc = 0;
    while ((j->state == QUEUED || j->state == RUNNING) && rc == 0)
        rc = pthread_cond_timedwait(&s->changed, &s->lock, &until);
    const int ended = j->state != QUEUED && j->state != RUNNING;
    pthread_mutex_unlock(&s->lock);
    return ended;
}

/* Stop job j (locked) for `why`: a queued job leaves the queue and ends now, a running one at
 * its next progress report. */
static void stop_job(serve_jobs *s, serve_job *j, int why) {
    int none = SERVE_STOP_NONE;
    if (j->state != QUEUED && j->state != RUNNING)
        return;
    atomic_compare_exchange_strong(&j->stop, &none, why);
    if (j->state != QUEUED)
        return;
    serve_job *prev = NULL;
    for (serve_job *q = s->queue_head; q != NULL; prev = q, q = q->next_queued)
        if (q == j) {
            if (prev != NULL)
                prev->next_queued = q->next_queued;
            else
                s->queue_head = q->next_queued;
            if (s->queue_tail == q)
                s->queue_tail = prev;
            s->queued--;
            break;
        }
    finish(s, j, HS_ERR_CANCELLED, NULL, "");
}

void serve_job_cancel(serve_jobs *s, serve_job *j, enum serve_stop why) {
    pthread_mutex_lock(&s->lock);
    stop_job(s, j, (int)why);
    pthread_mutex_unlock(&s->lock);
}

char *serve_job_answer(serve_jobs *s, serve_job *j, int *status) {
    pthread_mutex_lock(&s->lock);
    char *body;
    if (j->state == DONE) {
        *status = 200;
        body = strdup(j->result);
    } else {
        *status = j->http_status ? j->http_status : 500;
        body = serve_error_json(j->error != NULL ? j->error : "the query did not finish");
    }
    pthread_mutex_unlock(&s->lock);
    return body;
}

void serve_job_release(serve_jobs *s, serve_job *j) {
    if (j == NULL)
        return;
    pthread_mutex_lock(&s->lock);
    j->refs--;
    pthread_mutex_unlock(&s->lock);
}

/* A job's status object (locked). */
static json_t *job_json(const serve_jobs *s, const serve_job *j) {
    json_t *o =
        json_pack("{s:s, s:s, s:s, s:s}", "id", j->id, "command", j->command, "status",
                  STATE_NAME[j->state], "origin", j->origin == SERVE_SYNC ? "query" : "jobs");
    if (o == NULL)
        return NULL;
    const double t = now_s();
    if (j->state == QUEUED) {
        int position = 1;
        for (const serve_job *q = s->queue_head; q != NULL && q != j; q = q->next_queued)
            position++;
        json_object_set_new(o, "position", json_integer(position));
        json_object_set_new(o, "waited", json_real(t - j->submitted));
    }
    if (j->state != QUEUED && j->started > 0)
        json_object_set_new(o, "seconds",
                            json_real((j->state == RUNNING ? t : j->finished) - j->started));
    json_object_set_new(o, "done", json_integer((json_int_t)atomic_load(&j->done)));
    json_object_set_new(o, "total", json_integer((json_int_t)atomic_load(&j->total)));
    json_object_set_new(o, "max_seconds", json_real(s->lim.max_seconds));
    if (j->error != NULL)
        json_object_set_new(o, "error", serve_json_string(j->error));
    if (j->state == FAILED || j->state == CANCELLED)
        json_object_set_new(o, "http_status", json_integer(j->http_status));
    return o;
}

static serve_job *find(serve_jobs *s, const char *id) {
    for (serve_job *j = s->jobs; j != NULL; j = j->next)
        if (strcmp(j->id, id) == 0)
            return j;
    return NULL;
}

static char *not_found(const char *id, int *status) {
    char msg[SERVE_MESSAGE], tok[HS_TOKEN_TEXT];
    snprintf(msg, sizeof msg, "no job '%s' (finished jobs are kept for a while, then dropped)",
             hs_text_token(tok, id, strlen(id)));
    *status = 404;
    return serve_error_json(msg);
}

/* The status text of job j (locked), with its result spliced in once done: the table's JSON is
 * kept as text, serialized once by the worker. */
static char *status_text(const serve_jobs *s, const serve_job *j, int *status) {
    char *head = NULL;
    json_t *o = job_json(s, j);
    if (o != NULL)
        head = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(6));
    json_decref(o);
    if (head == NULL) {
        *status = 500;
        return serve_error_json("out of memory");
    }
    *status = 200;
    if (j->state != DONE)
        return head;
    const size_t hn = strlen(head), rn = strlen(j->result);
    char *text = malloc(hn + rn + 16);
    if (text == NULL) {
        free(head);
        *status = 500;
        return serve_error_json("out of memory");
    }
    /* head ends with '}' */
    memcpy(text, head, hn - 1);
    memcpy(text + hn - 1, ",\"result\":", 10);
    memcpy(text + hn + 9, j->result, rn);
    memcpy(text + hn + 9 + rn, "}", 2);
    free(head);
    return text;
}

char *serve_jobs_status(serve_jobs *s, const char *id, int *status) {
    pthread_mutex_lock(&s->lock);
    serve_job *j = find(s, id);
    char *text;
    if (j == NULL)
        text = not_found(id, status);
    else {
        atomic_store(&j->last_seen, now_ms());
        text = status_text(s, j, status);
    }
    pthread_mutex_unlock(&s->lock);
    return text;
}

char *serve_jobs_delete(serve_jobs *s, const char *id, int *status) {
    pthread_mutex_lock(&s->lock);
    serve_job *j = find(s, id);
    char *text;
    if (j == NULL)
        text = not_found(id, status);
    else {
        stop_job(s, j, SERVE_STOP_ASKED);
        text = status_text(s, j, status);
    }
    pthread_mutex_unlock(&s->lock);
    return text;
}

char *serve_jobs_list(serve_jobs *s, int *status) {
    pthread_mutex_lock(&s->lock);
    reap(s);
    json_t *list = json_array();
    for (const serve_job *j = s->jobs; list != NULL && j != NULL; j = j->next)
        json_array_append_new(list, job_json(s, j));
    json_t *o = json_pack(
        "{s:i, s:i, s:i, s:i, s:i, s:f, s:I, s:I, s:I, s:o*}", "running", s->running, "queued",
        s->queued, "max_jobs", s->lim.max_jobs, "max_queue", s->lim.max_queue, "threads_per_job",
        s->lim.threads, "max_seconds", s->lim.max_seconds, "served", (json_int_t)s->served,
        "failed", (json_int_t)s->failed, "cancelled", (json_int_t)s->cancelled, "jobs", list);
    pthread_mutex_unlock(&s->lock);
    char *text = o != NULL ? json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(6)) : NULL;
    json_decref(o);
    *status = text != NULL ? 200 : 500;
    return text != NULL ? text : serve_error_json("out of memory");
}

/* ---- POST /api/estimate ---------------------------------------------------------------------- */

/* A probe times this much of its thread's processor time (so that a busy machine does not
 * stretch it), within this much of the clock's. */
#define PROBE_CPU_SECONDS 0.25
#define PROBE_WALL_SECONDS 1.0

typedef struct probe {
    double start, cpu0; /* the clock and the thread's processor time at the start */
    uint64_t done, total;
    double at; /* processor seconds when `done` units were done */
} probe;

static double cpu_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A probe's progress: stop once its time is up and a unit is done. Units differ in cost (with
 * suit symmetry most are solved by another's orbit and cost nearly nothing), so the pace is
 * taken over as many as that time allows, not from the first. It runs on one thread, the
 * caller's, whose processor time it reads. */
static int probe_progress(void *ctx, uint64_t done, uint64_t total) {
    probe *p = ctx;
    const double cpu = cpu_s() - p->cpu0;
    p->total = total;
    if (done > p->done) {
        p->done = done;
        p->at = cpu;
    }
    return (cpu > PROBE_CPU_SECONDS && p->done > 0) || now_s() - p->start > PROBE_WALL_SECONDS;
}

/* Probe request req (no job, a long run noted) on one thread. Returns the layer's code
 * (HS_ERR_CANCELLED: stopped as planned) with msg, and in *seconds those of the whole run on
 * `threads` at the pace of the units done (0: unknown, no unit done in time). */
static int probe_run(const hs_request *req, int threads, double *seconds, char *msg, size_t cap) {
    probe p = {now_s(), cpu_s(), 0, 0, 0};
    hs_table *t = NULL;
    const int rc = hs_request_run(req, 1, probe_progress, &p, &t, msg, cap);
    hs_table_free(t);
    *seconds = 0;
    if (rc == HS_OK)
        *seconds = (cpu_s() - p.cpu0) / threads;
    else if (rc == HS_ERR_CANCELLED && p.done > 0)
        *seconds = p.at / (double)p.done * (double)p.total / threads;
    return rc;
}

char *serve_jobs_estimate(serve_jobs *s, const hs_request *req, const char *command, int *status) {
    char work[256], msg[HS_REQUEST_MESSAGE] = "";
    hs_request_work(req, work, sizeof work);
    const int threads = s->lim.threads > 0 ? s->lim.threads : hs_default_threads();
    hs_job *job = NULL;
    int rc = hs_request_start(req, &job, msg, sizeof msg);
    double seconds = 0;
    const char *from = NULL;
    if (rc == HS_OK && job != NULL) {
        seconds = hs_request_job_seconds(req, job) / threads;
        from = "model";
    } else if (rc == HS_OK && work[0] != '\0' && pthread_mutex_trylock(&s->probe_lock) == 0) {
        /* busy with another probe: the answer says "seconds": null rather than wait */
        rc = probe_run(req, threads, &seconds, msg, sizeof msg);
        pthread_mutex_unlock(&s->probe_lock);
        if (rc == HS_OK || rc == HS_ERR_CANCELLED) {
            rc = HS_OK;
            from = seconds > 0 ? "probe" : NULL;
        }
    }
    hs_job_free(job);
    if (rc != HS_OK && rc != HS_ERR_OVERFLOW) {
        *status = rc == HS_ERR_NOMEM ? 500 : 400;
        return serve_error_json(msg[0] != '\0' ? msg : "the request cannot run");
    }
    json_t *o =
        json_pack("{s:s, s:o, s:b, s:i, s:f}", "command", command, "work", serve_json_string(work),
                  "exact", rc == HS_OK, "threads", threads, "max_seconds", s->lim.max_seconds);
    if (o != NULL) {
        if (rc == HS_ERR_OVERFLOW)
            json_object_set_new(o, "message", serve_json_string(msg));
        json_object_set_new(o, "seconds", from != NULL ? json_real(seconds) : json_null());
        json_object_set_new(o, "seconds_from", from != NULL ? json_string(from) : json_null());
        json_object_set_new(
            o, "over_cap",
            json_boolean(from != NULL && s->lim.max_seconds > 0 && seconds > s->lim.max_seconds));
    }
    char *text = o != NULL ? json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(6)) : NULL;
    json_decref(o);
    *status = text != NULL ? 200 : 500;
    return text != NULL ? text : serve_error_json("out of memory");
}

void serve_jobs_stop(serve_jobs *s) {
    pthread_mutex_lock(&s->lock);
    s->stopping = 1;
    for (serve_job *j = s->jobs; j != NULL; j = j->next) {
        int none = SERVE_STOP_NONE;
        if (j->state == QUEUED || j->state == RUNNING)
            atomic_compare_exchange_strong(&j->stop, &none, SERVE_STOP_SERVER);
    }
    pthread_cond_broadcast(&s->work);
    pthread_mutex_unlock(&s->lock);
    for (int i = 0; i < s->n_workers; i++)
        pthread_join(s->workers[i], NULL);
    s->n_workers = 0;
    /* what never ran ends now, so that waiting handlers return */
    pthread_mutex_lock(&s->lock);
    while (s->queue_head != NULL) {
        serve_job *j = s->queue_head;
        s->queue_head = j->next_queued;
        s->queued--;
        finish(s, j, HS_ERR_CANCELLED, NULL, "");
    }
    s->queue_tail = NULL;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
}

void serve_jobs_free(serve_jobs *s) {
    if (s == NULL)
        return;
    while (s->jobs != NULL) {
        serve_job *j = s->jobs;
        s->jobs = j->next;
        job_free(j);
    }
    free(s->workers);
    pthread_mutex_destroy(&s->lock);
    pthread_mutex_destroy(&s->probe_lock);
    pthread_cond_destroy(&s->work);
    pthread_cond_destroy(&s->changed);
    free(s);
}
