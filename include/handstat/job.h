/* handstat — the job runtime: every enumeration is a job, a fixed and deterministic list of work
 * units whose exact counts add up in a mergeable accumulator.
 *
 * A job is made by a game's constructor (hs_discard_deals_job_new, hs_poker_matchups_job_new,
 * hs_holdem_preflop_job_new, ...). It holds the accumulator of the units done so far and which
 * units those are. hs_job_run() runs any range of the units not yet done on OpenMP workers; units
 * can so be shared between runs, processes or machines, and the result is bit-identical however
 * the units were split: every count is an exact integer, so the merged sums do not depend on the
 * order. A job's state can be written to a checkpoint and read back into a new job of the same
 * kind (same parameters, same library build) to continue where it stopped. */
#ifndef HANDSTAT_JOB_H
#define HANDSTAT_JOB_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hs_job hs_job;

/* Called from a worker thread with the job in a consistent state (every unit counted in the
 * accumulator is marked done, and only those), while the other workers go on with their units:
 * the moment to write a checkpoint (hs_job_checkpoint_write). Return 0 to go on; non-zero stops
 * the run, which then returns HS_ERR_IO. */
typedef int (*hs_job_save_fn)(void *ctx, const hs_job *job);

typedef struct hs_job_opts {
    int threads;             /* OpenMP workers; 0: hs_default_threads() */
    hs_progress_fn progress; /* after each unit: (units of the job done, units of the job); NULL */
    void *progress_ctx;
    hs_job_save_fn save; /* called about every save_seconds of running; NULL: never */
    void *save_ctx;
    double save_seconds;
} hs_job_opts;

/* The job's name ("crib deals") and its parameters as text (part of every checkpoint). */
HS_API const char *hs_job_name(const hs_job *job);
HS_API const char *hs_job_params(const hs_job *job);

/* Units of the whole job, and how many of them are counted in its accumulator. */
HS_API size_t hs_job_units(const hs_job *job);
HS_API size_t hs_job_units_done(const hs_job *job);
/* True when unit u is counted. */
HS_API int hs_job_unit_done(const hs_job *job, size_t u);

/* Forget every count: no unit done, the accumulator zero (the job as its constructor made it), so
 * that one job object can run one range of units after another, each written to a checkpoint of
 * its own (how handstat-mpi's computing ranks send their work back). Not thread-safe on one job. */
HS_API void hs_job_reset(hs_job *job);

/* Run the units in [first, last) that are not done yet (opts may be NULL: defaults). A progress
 * callback that returns non-zero stops the run after the units under way; their counts are kept,
 * so the state stays consistent and can be checkpointed or run again. When the run leaves every
 * unit done, the job's invariants are checked (hs_job_check). Returns HS_OK; HS_ERR_ARG (bad
 * range, threads < 0); HS_ERR_NOMEM (nothing was run); HS_ERR_CANCELLED (stopped by progress);
 * HS_ERR_IO (stopped by save); HS_ERR_CORRUPT (the finished counts fail the invariants: the job
 * was resumed from a damaged or edited checkpoint). Not thread-safe on one job. */
HS_API int hs_job_run(hs_job *job, size_t first, size_t last, const hs_job_opts *opts);

/* The worker threads the last hs_job_run() used (OpenMP may give fewer than asked, for example
 * under OMP_THREAD_LIMIT); 0 before any run. */
HS_API int hs_job_threads_used(const hs_job *job);

/* HS_OK when the job is finished and its counts satisfy the job's invariants (for example: every
 * matchup has a winner and a loser or is a tie, so total wins equal total losses); HS_ERR_CORRUPT
 * when they fail; HS_ERR_ARG when units remain. */
HS_API int hs_job_check(const hs_job *job);

/* The checkpoint: a versioned byte string holding the job's name and parameters, the library
 * version, a hash of the library's generated tables and the accumulator's layout, the units done,
 * the accumulator and a checksum of it all. hs_job_checkpoint_size() is its length;
 * hs_job_checkpoint_write() fills buf (len at least that size) and returns the bytes written, or
 * 0 when len is too small. Native byte order (a file from a machine of the other order is refused
 * as another build). */
HS_API size_t hs_job_checkpoint_size(const hs_job *job);
HS_API size_t hs_job_checkpoint_write(const hs_job *job, void *buf, size_t len);

/* Replace the job's state by a checkpoint's. Returns HS_OK; HS_ERR_FORMAT (not a checkpoint,
 * truncated, or its checksum does not match: damaged); HS_ERR_MISMATCH (a checkpoint of another
 * job or other parameters); HS_ERR_VERSION (written by another library version or build). On
 * failure the job is unchanged. */
HS_API int hs_job_checkpoint_read(hs_job *job, const void *buf, size_t len);

/* Add a checkpoint's counts to the job's, and mark its units done: the checkpoint of another job
 * object of the same kind that ran other units (another thread, process or machine). The merge is
 * exact (the job's own integer merge), so merging any set of disjoint checkpoints in any order
 * gives the same state as one job that ran all their units. The checkpoint is checked exactly as
 * by hs_job_checkpoint_read, with the same codes (HS_ERR_FORMAT, HS_ERR_MISMATCH, HS_ERR_VERSION);
 * also HS_ERR_MISMATCH when a unit is done both in the job and in the checkpoint (its counts would
 * be added twice), and HS_ERR_NOMEM. On failure the job is unchanged. Merging does not check the
 * invariants: hs_job_check() does, once every unit is done. Not thread-safe on one job. */
HS_API int hs_job_checkpoint_merge(hs_job *job, const void *buf, size_t len);

HS_API void hs_job_free(hs_job *job);

#ifdef __cplusplus
}
#endif

#endif
