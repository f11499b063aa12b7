/* handstat — the cribbage entry points that take GMP numbers (include <gmp.h> users only). */
#ifndef HANDSTAT_CRIB_GMP_H
#define HANDSTAT_CRIB_GMP_H

#include "handstat/api.h"

#include <gmp.h>

#include "handstat/crib.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The exact "Cribbage On Steroids" score of n cards by rank (see hs_crib_nscore_u64), of any
 * size, into an initialized GMP integer. Pure; thread-safe. */
HS_API void hs_crib_nscore_mpz(const uint64_t counts[HS_RANKS], mpz_t score);

#ifdef __cplusplus
}
#endif

#endif
