/* Private: how a game defines a job for the runtime in job.c (the only place in the library that
 * starts OpenMP workers). A job is a fixed list of units, an accumulator of exact integer counts
 * with a merge (dst += src), and optionally per-worker scratch memory and an invariant check. */
#ifndef HS_JOB_INTERNAL_H
#define HS_JOB_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "handstat/job.h"

/* Handed to a stoppable unit by the driver. */
typedef struct hs_job_poll_t hs_job_poll_t;

/* From inside a unit: report progress (the progress callback runs, so a signal noticed there
 * stops the run) and return non-zero when the run is stopping. Cheap enough to call every few
 * microseconds of work. */
int hs_job_poll(hs_job_poll_t *poll);

typedef struct hs_job_def {
    const char *name; /* names the job in checkpoints and messages: "crib deals" */
    uint32_t layout;  /* version of the accumulator's layout: change it when the layout changes */
    size_t acc_size;  /* bytes of one accumulator; all bytes zero = no counts (may be 0: none) */
    size_t scratch_size; /* bytes of each worker's scratch memory (0: none); zeroed once per run */
    /* Add the counts of unit `unit` to acc. ctx is the job's inputs; scratch is this worker's. */
    void (*unit)(void *ctx, size_t unit, void *acc, void *scratch);
    /* dst += src, exactly. NULL: the accumulator is acc_size / 8 uint64_t counts (acc_size a
     * multiple of 8), added one by one (so also when acc_size is 0). */
    void (*merge)(void *dst, const void *src);
    /* HS_OK when the accumulator of a finished job satisfies the job's invariants, else
     * HS_ERR_CORRUPT; NULL: none. */
    int (*check)(const void *ctx, const void *acc);
    /* Optional, used instead of unit when set, for units that can run long: the same, but it calls
     * hs_job_poll(poll) now and then and, when that returns non-zero (the run is stopping),
     * returns non-zero at once without having changed acc; the unit is then not done. */
    int (*unit_stoppable)(void *ctx, size_t unit, void *acc, void *scratch, hs_job_poll_t *poll);
} hs_job_def;

/* A new job of `units` units over the inputs ctx (owned by the caller; ctx_free, if not NULL, is
 * called on it by hs_job_free). params: every parameter that changes the counts, as text (at most
 * 255 bytes). tables_hash (may be NULL): a hash of the tables the job's units read (hs_hash64 of
 * them), so that a checkpoint from a build with other tables is refused; called only when a
 * checkpoint is written or read. Returns HS_OK or HS_ERR_NOMEM (then
 * ctx_free has been called on ctx). */
int hs_job_new(const hs_job_def *def, void *ctx, void (*ctx_free)(void *), size_t units,
               const char *params, uint64_t (*tables_hash)(void), hs_job **out);

/* Merge this job's accumulators with merge(ctx, dst, src) instead of the definition's merge: for
 * accumulators whose layout depends on the job's inputs (a query's items). Call it right after
 * hs_job_new. */
void hs_job_set_merge(hs_job *job, void (*merge)(const void *ctx, void *dst, const void *src));

/* Hand p to the job: hs_job_free calls free_fn(p) after freeing the context, the kept inputs in
 * the reverse order of keeping. For inputs the context reads that the job's maker would otherwise
 * have to keep alive (a board list, the discard tables), so that the job can be passed on alone,
 * as the request layer's jobs are. At most two; HS_ERR_ARG (p not taken) beyond. */
int hs_job_keep(hs_job *job, void *p, void (*free_fn)(void *));
/* The i-th input kept (0: the first), or NULL. */
void *hs_job_kept(const hs_job *job, int i);

/* The job's accumulator (acc_size bytes) and inputs. */
void *hs_job_acc(hs_job *job);
const void *hs_job_acc_const(const hs_job *job);
void *hs_job_ctx(const hs_job *job);

/* Run every unit of a job that needs no checkpoint (hs_job_run over all units with these
 * settings), copy its accumulator to out on success (when out is not NULL), and free the job.
 * Returns what hs_job_run returned. */
int hs_job_run_whole(hs_job *job, int threads, hs_progress_fn progress, void *progress_ctx,
                     void *out);

/* FNV-1a, 64 bits, over len bytes, continuing from h (start with HS_HASH64_INIT). */
#define HS_HASH64_INIT UINT64_C(14695981039346656037)
uint64_t hs_hash64(const void *data, size_t len, uint64_t h);

#endif
