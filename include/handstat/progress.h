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

/* The number of worker threads an enumeration uses when asked for 0 (OpenMP's default: one per
 * available core unless OMP_NUM_THREADS says otherwise). */
HS_API int hs_default_threads(void);

#ifdef __cplusplus
}
#endif

#endif
