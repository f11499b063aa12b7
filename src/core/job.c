/* The job runtime: the one place in the library that runs work on OpenMP workers.
 *
 * A run hands the units not yet done to the workers one at a time (dynamic schedule: units differ
 * in size). Each worker adds its units' counts to a private accumulator and lists the units it
 * has counted. A worker folds ("flushes") its accumulator into the job's, and marks its listed
 * units done, under the job's lock: when its loop ends, and when a checkpoint is due. So the
 * job's accumulator always holds exactly the counts of the units marked done, which is what makes
 * a checkpoint taken at any flush, a cancelled run, or a run of any subset of units consistent.
 * The counts are exact integers, so the merged sums do not depend on which worker ran which unit
 * or in what order the flushes came: results are bit-identical at every thread count. */
#define _POSIX_C_SOURCE 200809L
#include "job_internal.h"

#include "handstat/error.h"
#include "handstat/version.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <omp.h>

struct hs_job {
    const hs_job_def *def;
    void *ctx;
    void (*ctx_free)(void *);
    size_t units;
    char params[256];
    uint64_t (*tables_hash)(void);
    uint8_t *done; /* one byte per unit: 1 when its counts are in acc */
    size_t n_done;
    void *acc;
    int threads_used;
    void (*merge_ctx)(const void *ctx, void *dst, const void *src);
    void *kept[2]; /* inputs handed over by hs_job_keep, freed after ctx */
    void (*kept_free[2])(void *);
};

int hs_job_keep(hs_job *job, void *p, void (*free_fn)(void *)) {
    for (int i = 0; job != NULL && free_fn != NULL && i < 2; i++)
        if (job->kept_free[i] == NULL) {
            job->kept[i] = p;
            job->kept_free[i] = free_fn;
            return HS_OK;
        }
    return HS_ERR_ARG;
}

void *hs_job_kept(const hs_job *job, int i) {
    return job != NULL && i >= 0 && i < 2 ? job->kept[i] : NULL;
}

void hs_job_set_merge(hs_job *job, void (*merge)(const void *ctx, void *dst, const void *src)) {
    job->merge_ctx = merge;
}

int hs_default_threads(void) {
    return omp_get_max_threads();
}

int hs_progress_poll(void *ctx, uint64_t done, uint64_t total) {
    hs_progress_state *s = ctx;
    __atomic_store_n(&s->total, total, __ATOMIC_RELAXED);
    __atomic_store_n(&s->done, done, __ATOMIC_RELAXED);
    return __atomic_load_n(&s->stop, __ATOMIC_RELAXED) != 0;
}

uint64_t hs_hash64(const void *data, size_t len, uint64_t h) {
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * UINT64_C(1099511628211);
    return h;
}

int hs_job_new(const hs_job_def *def, void *ctx, void (*ctx_free)(void *), size_t units,
               const char *params, uint64_t (*tables_hash)(void), hs_job **out) {
    *out = NULL;
    hs_job *job = calloc(1, sizeof *job);
    if (job != NULL) {
        job->done = calloc(units > 0 ? units : 1, 1);
        job->acc = calloc(1, def->acc_size > 0 ? def->acc_size : 1);
    }
    if (job == NULL || job->done == NULL || job->acc == NULL) {
        if (job != NULL) {
            free(job->done);
            free(job->acc);
            free(job);
        }
        if (ctx_free != NULL)
            ctx_free(ctx);
        return HS_ERR_NOMEM;
    }
    job->def = def;
    job->ctx = ctx;
    job->ctx_free = ctx_free;
    job->units = units;
    job->tables_hash = tables_hash;
    snprintf(job->params, sizeof job->params, "%s", params != NULL ? params : "");
    *out = job;
    return HS_OK;
}

void hs_job_free(hs_job *job) {
    if (job == NULL)
        return;
    if (job->ctx_free != NULL)
        job->ctx_free(job->ctx);
    for (int i = 1; i >= 0; i--)
        if (job->kept_free[i] != NULL)
            job->kept_free[i](job->kept[i]);
    free(job->done);
    free(job->acc);
    free(job);
}

const char *hs_job_name(const hs_job *job) {
    return job->def->name;
}
const char *hs_job_params(const hs_job *job) {
    return job->params;
}
size_t hs_job_units(const hs_job *job) {
    return job->units;
}
size_t hs_job_units_done(const hs_job *job) {
    return job->n_done;
}
int hs_job_unit_done(const hs_job *job, size_t u) {
    return u < job->units && job->done[u];
}
int hs_job_threads_used(const hs_job *job) {
    return job->threads_used;
}
void *hs_job_acc(hs_job *job) {
    return job->acc;
}
const void *hs_job_acc_const(const hs_job *job) {
    return job->acc;
}
void *hs_job_ctx(const hs_job *job) {
    return job->ctx;
}

void hs_job_reset(hs_job *job) {
    memset(job->done, 0, job->units);
    job->n_done = 0;
    memset(job->acc, 0, job->def->acc_size);
}

int hs_job_check(const hs_job *job) {
    if (job->n_done != job->units)
        return HS_ERR_ARG;
    return job->def->check != NULL ? job->def->check(job->ctx, job->acc) : HS_OK;
}

/* ---- the driver ---------------------------------------------------------------------------- */

typedef struct worker {
    void *acc;
    void *scratch;
    size_t *pending; /* units counted in acc, not yet flushed */
    size_t n_pending;
    unsigned epoch; /* the last checkpoint request this worker has flushed for */
    int exited;
} worker;

typedef struct run_state {
    hs_job *job;
    const hs_job_opts *opts;
    worker *workers;
    int team; /* workers actually running (set by the first of them) */
    omp_lock_t lock;
    size_t completed; /* units done in the job, flushed or not */
    size_t left;      /* units of this run not finished yet */
    int stop;         /* HS_OK, or the code the run stops with (read atomically) */
    unsigned epoch;   /* checkpoint requests so far */
    unsigned saved;   /* the last request that was saved */
    double last_save;
} run_state;

struct hs_job_poll_t {
    run_state *run;
};

/* Under the lock: call the progress callback (when there is one and the run goes on); its
 * non-zero answer stops the run. */
static void report_progress(run_state *r) {
    const hs_job_opts *o = r->opts;
    if (o->progress != NULL && r->stop == HS_OK &&
        o->progress(o->progress_ctx, r->completed, r->job->units) != 0) {
#pragma omp atomic write
        r->stop = HS_ERR_CANCELLED;
    }
}

int hs_job_poll(hs_job_poll_t *poll) {
    run_state *r = poll->run;
    int stop;
#pragma omp atomic read
    stop = r->stop;
    if (stop != HS_OK || r->opts->progress == NULL)
        return stop != HS_OK;
    omp_set_lock(&r->lock);
    report_progress(r);
    stop = r->stop;
    omp_unset_lock(&r->lock);
    return stop != HS_OK;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* dst += src by the job's merge, or word by word when it has none. */
static void merge_acc(const hs_job *job, void *dst, const void *src) {
    const hs_job_def *def = job->def;
    if (job->merge_ctx != NULL) {
        job->merge_ctx(job->ctx, dst, src);
        return;
    }
    if (def->merge != NULL) {
        def->merge(dst, src);
        return;
    }
    uint64_t *d = dst;
    const uint64_t *s = src;
    for (size_t i = 0; i < def->acc_size / sizeof *d; i++)
        d[i] += s[i];
}

/* Under the lock: fold worker w's counts into the job's. */
static void flush(run_state *r, worker *w) {
    hs_job *job = r->job;
    if (w->n_pending == 0)
        return;
    if (job->def->acc_size > 0) {
        merge_acc(job, job->acc, w->acc);
        memset(w->acc, 0, job->def->acc_size);
    }
    for (size_t i = 0; i < w->n_pending; i++)
        job->done[w->pending[i]] = 1;
    job->n_done += w->n_pending;
    w->n_pending = 0;
}

/* Under the lock: save once every worker has flushed for the newest request (or has finished;
 * when all have finished, the run is over and its caller has the final state). */
static void maybe_save(run_state *r) {
    if (r->saved == r->epoch)
        return;
    int running = 0;
    for (int i = 0; i < r->team; i++) {
        if (!r->workers[i].exited && r->workers[i].epoch != r->epoch)
            return;
        running += !r->workers[i].exited;
    }
    r->saved = r->epoch;
    if (running == 0)
        return;
    if (r->opts->save(r->opts->save_ctx, r->job) != 0 && r->stop == HS_OK) {
#pragma omp atomic write
        r->stop = HS_ERR_IO;
    }
    r->last_save = now_seconds();
}

/* Under the lock, after worker w finished a unit: progress, cancel and checkpoint requests. */
static void unit_finished(run_state *r, worker *w) {
    const hs_job_opts *o = r->opts;
    r->completed++;
    r->left--;
    report_progress(r);
    /* (after the last unit there is nothing left to save for: the caller has the final state) */
    if (o->save != NULL && r->left > 0 && r->saved == r->epoch &&
        now_seconds() - r->last_save >= o->save_seconds)
        r->epoch++;
    if (w->epoch != r->epoch) {
        flush(r, w);
        w->epoch = r->epoch;
        maybe_save(r);
    }
}

/* Worker me runs unit u (unless the run is stopping) and reports it finished. */
static void run_unit(run_state *r, worker *me, size_t u) {
    const hs_job *job = r->job;
    int stop;
#pragma omp atomic read
    stop = r->stop;
    if (stop != HS_OK)
        return;
    if (job->def->unit_stoppable != NULL) {
        hs_job_poll_t poll = {r};
        if (job->def->unit_stoppable(job->ctx, u, me->acc, me->scratch, &poll) != 0)
            return; /* abandoned: not done, its counts not added */
    } else {
        job->def->unit(job->ctx, u, me->acc, me->scratch);
    }
    me->pending[me->n_pending++] = u;
    omp_set_lock(&r->lock);
    unit_finished(r, me);
    omp_unset_lock(&r->lock);
}

/* A job runs alone on the calling thread for its first SHORT_JOB seconds, if it has at least
 * SHORT_MIN_UNITS units (hs_job_run). */
#define SHORT_JOB 0.01
#define SHORT_MIN_UNITS 16

/* A worker's accumulator or scratch: zeroed, on pages of its own, so that no cache line holds
 * two workers' data. From adjacent heap chunks, `holdem preflop3` on 12 classes at two threads
 * took 0.78-0.84 s and 1.51-1.60 s of CPU; on pages of their own 0.75-0.78 s and 1.44-1.51 s (AMD
 * EPYC Zen 5, five runs each, alternating). */
static void *worker_calloc(size_t size) {
    const size_t padded = (size + 4095) / 4096 * 4096;
    void *p = aligned_alloc(4096, padded);
    if (p != NULL)
        memset(p, 0, padded);
    return p;
}

static void free_workers(worker *w, int n) {
    for (int i = 0; w != NULL && i < n; i++) {
        free(w[i].acc);
        free(w[i].scratch);
        free(w[i].pending);
    }
    free(w);
}

int hs_job_run(hs_job *job, size_t first, size_t last, const hs_job_opts *opts) {
    static const hs_job_opts defaults = {0, NULL, NULL, NULL, NULL, 0.0};
    const hs_job_opts *o = opts != NULL ? opts : &defaults;
    if (first > last || last > job->units || o->threads < 0)
        return HS_ERR_ARG;
    const hs_job_def *def = job->def;
    size_t n_todo = 0;
    for (size_t u = first; u < last; u++)
        n_todo += !job->done[u];
    size_t *todo = malloc((n_todo > 0 ? n_todo : 1) * sizeof *todo);
    if (todo == NULL)
        return HS_ERR_NOMEM;
    for (size_t u = first, i = 0; u < last; u++)
        if (!job->done[u])
            todo[i++] = u;
    /* More workers than units would only idle (and each costs an accumulator). */
    int team = o->threads > 0 ? o->threads : omp_get_max_threads();
    if ((size_t)team > n_todo)
        team = n_todo > 0 ? (int)n_todo : 1;
    worker *w = calloc((size_t)team, sizeof *w);
    int failed = w == NULL;
    for (int i = 0; i < team && !failed; i++) {
        w[i].acc = worker_calloc(def->acc_size > 0 ? def->acc_size : 1);
        w[i].scratch = def->scratch_size > 0 ? worker_calloc(def->scratch_size) : NULL;
        w[i].pending = malloc((n_todo > 0 ? n_todo : 1) * sizeof *w[i].pending);
        failed = w[i].acc == NULL || (def->scratch_size > 0 && w[i].scratch == NULL) ||
                 w[i].pending == NULL;
    }
    if (failed) {
        free_workers(w, team);
        free(todo);
        return HS_ERR_NOMEM;
    }
    run_state r = {0};
    r.job = job;
    r.opts = o;
    r.workers = w;
    r.team = team;
    r.completed = job->n_done;
    r.left = n_todo;
    r.last_save = now_seconds();
    omp_init_lock(&r.lock);
    /* Short jobs on one thread: the calling thread runs the first units alone, for up to
     * SHORT_JOB seconds, and only what is left then goes to the team. Starting a team costs
     * milliseconds on a busy machine (a new thread's first run waits for a core; the calling
     * thread waits for it at the team's start and end), more than a job of a few milliseconds
     * gains from it (measured: `omaha equity` of three hands, 2,457 units, 7 ms on one thread
     * and 15 ms on two). A long job lets its team start SHORT_JOB seconds (and at most a unit)
     * late. Jobs of fewer than SHORT_MIN_UNITS units go to the team at once, so that a job of
     * a few long units never runs one of them alone. */
    size_t start = 0;
    if (team > 1 && n_todo >= SHORT_MIN_UNITS) {
        /* a team of one meanwhile, so that checkpoints wait for no other worker */
        r.team = 1;
        const double t0 = now_seconds();
        while (start < n_todo && r.stop == HS_OK && now_seconds() - t0 < SHORT_JOB)
            run_unit(&r, &w[0], todo[start++]);
    }
    if (start == n_todo || r.stop != HS_OK) {
        r.team = 1;
        omp_set_lock(&r.lock);
        flush(&r, &w[0]);
        omp_unset_lock(&r.lock);
    } else {
#pragma omp parallel num_threads(team)
        {
            /* OpenMP may start fewer threads than asked (OMP_THREAD_LIMIT, OMP_DYNAMIC). */
#pragma omp single
            r.team = omp_get_num_threads();
            worker *me = &w[omp_get_thread_num()];
#pragma omp for schedule(dynamic, 1) nowait
            for (size_t i = start; i < n_todo; i++)
                run_unit(&r, me, todo[i]);
            omp_set_lock(&r.lock);
            flush(&r, me);
            me->exited = 1;
            maybe_save(&r);
            omp_unset_lock(&r.lock);
        }
    }
    omp_destroy_lock(&r.lock);
    job->threads_used = r.team;
    free_workers(w, team);
    free(todo);
    if (r.stop != HS_OK)
        return r.stop;
    if (job->n_done == job->units)
        return hs_job_check(job);
    return HS_OK;
}

int hs_job_run_whole(hs_job *job, int threads, hs_progress_fn progress, void *progress_ctx,
                     void *out) {
    hs_job_opts o = {threads, progress, progress_ctx, NULL, NULL, 0.0};
    int rc = hs_job_run(job, 0, job->units, &o);
    if (rc == HS_OK && out != NULL)
        memcpy(out, job->acc, job->def->acc_size);
    hs_job_free(job);
    return rc;
}

/* ---- checkpoints ----------------------------------------------------------------------------
 * magic (8) | format version u32 | byte order u32 | build u64 | units u64 | acc_size u64 |
 * name, params, library version: u32 length + bytes each | done: one bit per unit |
 * accumulator | FNV-1a of everything before, u64 */

/* The build's fingerprint for checkpoints: the tables the units read and the accumulator's layout
 * (computed only when a checkpoint is written or read: hashing the tables takes a millisecond). */
static uint64_t job_build(const hs_job *job) {
    uint64_t h = job->tables_hash != NULL ? job->tables_hash() : 0;
    h = hs_hash64(&job->def->layout, sizeof job->def->layout, h);
    return hs_hash64(&job->def->acc_size, sizeof job->def->acc_size, h);
}

static const char MAGIC[8] = {'H', 'S', 'J', 'O', 'B', 'C', 'K', '\n'};
#define FORMAT_VERSION 1u
#define BYTE_ORDER_MARK 0x01020304u

typedef struct ckpt_head {
    char magic[8];
    uint32_t format, order;
    uint64_t build, units, acc_size;
} ckpt_head;

static size_t text_size(const char *s) {
    return sizeof(uint32_t) + strlen(s);
}

size_t hs_job_checkpoint_size(const hs_job *job) {
    return sizeof(ckpt_head) + text_size(job->def->name) + text_size(job->params) +
           text_size(HS_VERSION_STRING) + (job->units + 7) / 8 + job->def->acc_size +
           sizeof(uint64_t);
}

static unsigned char *put(unsigned char *p, const void *data, size_t n) {
    memcpy(p, data, n);
    return p + n;
}

static unsigned char *put_text(unsigned char *p, const char *s) {
    uint32_t n = (uint32_t)strlen(s);
    p = put(p, &n, sizeof n);
    return put(p, s, n);
}

size_t hs_job_checkpoint_write(const hs_job *job, void *buf, size_t len) {
    const size_t size = hs_job_checkpoint_size(job);
    if (len < size)
        return 0;
    ckpt_head h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, MAGIC, sizeof MAGIC);
    h.format = FORMAT_VERSION;
    h.order = BYTE_ORDER_MARK;
    h.build = job_build(job);
    h.units = job->units;
    h.acc_size = job->def->acc_size;
    unsigned char *p = put(buf, &h, sizeof h);
    p = put_text(p, job->def->name);
    p = put_text(p, job->params);
    p = put_text(p, HS_VERSION_STRING);
    memset(p, 0, (job->units + 7) / 8);
    for (size_t u = 0; u < job->units; u++)
        p[u / 8] |= (unsigned char)(job->done[u] << (u % 8));
    p += (job->units + 7) / 8;
    p = put(p, job->acc, job->def->acc_size);
    uint64_t sum = hs_hash64(buf, (size_t)(p - (unsigned char *)buf), HS_HASH64_INIT);
    put(p, &sum, sizeof sum);
    return size;
}

/* Read a length-prefixed text at *p (bounded by end) and compare it with want. Returns 1 when it
 * reads and matches, 0 when it reads and differs, -1 when it does not fit. */
static int text_is(const unsigned char **p, const unsigned char *end, const char *want) {
    uint32_t n;
    if ((size_t)(end - *p) < sizeof n)
        return -1;
    memcpy(&n, *p, sizeof n);
    *p += sizeof n;
    if ((size_t)(end - *p) < n)
        return -1;
    int same = n == strlen(want) && memcmp(*p, want, n) == 0;
    *p += n;
    return same;
}

/* Check a checkpoint against the job as hs_job_checkpoint_read documents; on HS_OK, *bits points
 * at its done bitmap and *acc at its accumulator (both inside buf; acc is not aligned). */
static int checkpoint_parse(const hs_job *job, const void *buf, size_t len,
                            const unsigned char **bits, const unsigned char **acc) {
    const unsigned char *p = buf, *end = p + len;
    ckpt_head h;
    if (len < sizeof h + sizeof(uint64_t))
        return HS_ERR_FORMAT;
    memcpy(&h, p, sizeof h);
    if (memcmp(h.magic, MAGIC, sizeof MAGIC) != 0)
        return HS_ERR_FORMAT;
    if (h.format != FORMAT_VERSION || h.order != BYTE_ORDER_MARK)
        return HS_ERR_VERSION;
    uint64_t sum;
    memcpy(&sum, end - sizeof sum, sizeof sum);
    if (sum != hs_hash64(buf, len - sizeof sum, HS_HASH64_INIT))
        return HS_ERR_FORMAT;
    end -= sizeof sum;
    p += sizeof h;
    int name = text_is(&p, end, job->def->name);
    int params = name < 0 ? -1 : text_is(&p, end, job->params);
    int version = params < 0 ? -1 : text_is(&p, end, HS_VERSION_STRING);
    if (version < 0)
        return HS_ERR_FORMAT;
    if (!name || !params)
        return HS_ERR_MISMATCH;
    if (!version || h.build != job_build(job) || h.acc_size != job->def->acc_size)
        return HS_ERR_VERSION;
    if (h.units != job->units)
        return HS_ERR_MISMATCH;
    const size_t bitmap = (job->units + 7) / 8;
    if ((size_t)(end - p) != bitmap + job->def->acc_size)
        return HS_ERR_FORMAT;
    /* Bits past the last unit must be clear: a well-formed file has them so. */
    for (size_t u = job->units; u < bitmap * 8; u++)
        if (p[u / 8] >> (u % 8) & 1)
            return HS_ERR_FORMAT;
    *bits = p;
    *acc = p + bitmap;
    return HS_OK;
}

/* Unit u's bit in a checkpoint's done bitmap. */
static int bit_set(const unsigned char *bits, size_t u) {
    return bits[u / 8] >> (u % 8) & 1;
}

int hs_job_checkpoint_read(hs_job *job, const void *buf, size_t len) {
    const unsigned char *bits, *acc;
    int rc = checkpoint_parse(job, buf, len, &bits, &acc);
    if (rc != HS_OK)
        return rc;
    size_t n_done = 0;
    for (size_t u = 0; u < job->units; u++) {
        job->done[u] = (uint8_t)bit_set(bits, u);
        n_done += job->done[u];
    }
    job->n_done = n_done;
    memcpy(job->acc, acc, job->def->acc_size);
    return HS_OK;
}

int hs_job_checkpoint_merge(hs_job *job, const void *buf, size_t len) {
    const unsigned char *bits, *acc;
    int rc = checkpoint_parse(job, buf, len, &bits, &acc);
    if (rc != HS_OK)
        return rc;
    size_t added = 0;
    for (size_t u = 0; u < job->units; u++) {
        if (bit_set(bits, u) && job->done[u])
            return HS_ERR_MISMATCH; /* its counts would be added twice */
        added += (size_t)bit_set(bits, u);
    }
    /* The merge reads an accumulator of its own type: the bytes inside buf may be misaligned. */
    if (job->def->acc_size > 0) {
        void *src = malloc(job->def->acc_size);
        if (src == NULL)
            return HS_ERR_NOMEM;
        memcpy(src, acc, job->def->acc_size);
        merge_acc(job, job->acc, src);
        free(src);
    }
    for (size_t u = 0; u < job->units; u++)
        if (bit_set(bits, u))
            job->done[u] = 1;
    job->n_done += added;
    return HS_OK;
}
