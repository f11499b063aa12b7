/* Private: progress reporting and cancellation shared by the enumerations' worker loops. Every
 * enumeration runs a fixed list of work units; after each unit a worker reports it, and once the
 * caller's progress callback asks to stop, the remaining units are skipped. */
#ifndef HS_RUN_INTERNAL_H
#define HS_RUN_INTERNAL_H

#include <stdint.h>

#include "handstat/progress.h"

typedef struct hs_run {
    hs_progress_fn progress; /* may be NULL */
    void *ctx;
    uint64_t total; /* units of this run */
    uint64_t done;  /* units finished (under the lock of hs_run_unit_done) */
    int cancelled;  /* set once the callback asked to stop (read atomically) */
} hs_run;

static inline hs_run hs_run_start(hs_progress_fn progress, void *ctx, uint64_t total) {
    hs_run r = {progress, ctx, total, 0, 0};
    return r;
}

/* True once the callback has asked to stop; workers then skip their remaining units. */
static inline int hs_run_stopped(hs_run *r) {
    int stop;
#pragma omp atomic read
    stop = r->cancelled;
    return stop;
}

/* Count one finished unit and call the callback (one call at a time, from any worker). */
void hs_run_unit_done(hs_run *r);

#endif
