/* Test-only reference cribbage scorers: deliberately plain loops over subsets, written apart
 * from the library so that the library's tables and tricks are checked against the rules. */
#ifndef HS_TEST_CRIB_REF_H
#define HS_TEST_CRIB_REF_H

#include <gmp.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ref_crib_score {
    int fifteens, pairs, runs, flush, nobs, total;
} ref_crib_score;

/* cards[0..3] the hand, cards[4] the starter, as card indices (suit*13 + rank); crib != 0 for
 * crib flush rules. */
ref_crib_score ref_crib_score5(const int cards[5], int crib);

/* The rank-only score of n cards (ranks 0..12) by brute force over all 2^n subsets; n <= 24. */
uint64_t ref_nscore_brute(const int *ranks, int n);

/* The exact rank-only score of counts[] built card by card: each new card doubles the ways to
 * reach every sum (take it or not); pairs by counting each card against the cards before it;
 * runs by multiplying out each block. */
void ref_nscore_exact(const uint64_t counts[13], mpz_t out);

#ifdef __cplusplus
}
#endif

#endif
