/* handstat — progress reporting and cancellation for long enumerations. */
#ifndef HANDSTAT_PROGRESS_H
#define HANDSTAT_PROGRESS_H

#include "handstat/api.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Called by an enumeration after each finished work unit with the number of units done so far
 * and the total. Calls are serialized (never two at once) but may come from any worker thread.
 * Return 0 to go on; non-zero asks the enumeration to stop early and return HS_ERR_CANCELLED. */
typedef int (*hs_progress_fn)(void *ctx, uint64_t done, uint64_t total);

/* For a caller that watches a run from another thread (a language binding's main thread, a user
 * interface): hs_progress_poll is an hs_progress_fn whose ctx points to an hs_progress_state. Each
 * call stores its done and total there and returns the state's stop field, so the watcher reads
 * the progress when it likes and stops the run by setting stop, and the workers never call back
 * into the caller's code (a Python callback per unit would take the interpreter's lock each time,
 * from every worker). The fields are stored and loaded with relaxed atomic operations: plain
 * aligned loads and stores, which the watcher may use, on the usual targets. */
typedef struct hs_progress_state {
    int stop;      /* the watcher sets it non-zero to stop the run (HS_ERR_CANCELLED) */
    uint64_t done; /* the last call's arguments: units done, and units in all (0 before) */
    uint64_t total;
} hs_progress_state;

HS_API int hs_progress_poll(void *ctx, uint64_t done, uint64_t total);

/* The number of worker threads an enumeration uses when asked for 0 (OpenMP's default: one per
 * available core unless OMP_NUM_THREADS says otherwise). */
HS_API int hs_default_threads(void);

#ifdef __cplusplus
}
#endif

#endif
