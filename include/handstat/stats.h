/* handstat — exact statistics of distributions, as GMP rationals, so that C users and the
 * handstat tool print the same numbers. */
#ifndef HANDSTAT_STATS_H
#define HANDSTAT_STATS_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include <gmp.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The reduced fraction num / den (den > 0) into an initialized mpq_t. */
HS_API void hs_fraction(mpq_t out, uint64_t num, uint64_t den);

/* The exact mean and (population) variance of a histogram: count[i] items of value first + i,
 * for i < n, into initialized mpq_t values. Returns HS_OK, or HS_ERR_ARG when the histogram holds
 * no items. Pure; thread-safe. */
HS_API int hs_hist_moments(const uint64_t *count, size_t n, int64_t first, mpq_t mean,
                           mpq_t variance);

/* The standard deviation of a variance, sqrt(variance), to double precision. */
HS_API double hs_stddev(const mpq_t variance);

#ifdef __cplusplus
}
#endif

#endif
