/* Facts about the enumeration layer's thread pool. */
#include "handstat/progress.h"
#include "run_internal.h"

#include <stddef.h>

#include <omp.h>

int hs_default_threads(void) {
    return omp_get_max_threads();
}

void hs_run_unit_done(hs_run *r) {
    if (r->progress == NULL)
        return;
#pragma omp critical(hs_run_progress)
    {
        r->done++;
        if (!r->cancelled && r->progress(r->ctx, r->done, r->total) != 0) {
#pragma omp atomic write
            r->cancelled = 1;
        }
    }
}
