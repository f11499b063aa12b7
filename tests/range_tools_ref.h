/* Test-only reference for the equity filter and the hand-against-range matrix
 * (handstat/holdem_matrix.h), written from the header's definitions apart from the library: every
 * equity an exact GMP rational, every selection by the plainest loop (the best-P% cut by an
 * insertion sort). It takes the per-combination counts of an equity distribution as given (they
 * are checked against the brute force in test_holdem_board). */
#ifndef HS_TEST_RANGE_TOOLS_REF_H
#define HS_TEST_RANGE_TOOLS_REF_H

#include <stddef.h>
#include <stdint.h>

#include <gmp.h>

#include "handstat/holdem_board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The entry's exact equity (2 wins + ties) / (2 deals) into out (initialized by the caller). */
void ref_combo_equity(const hs_holdem_dist_combo *c, mpq_t out);

/* keep[i] = 1 when lo <= equity(d[i]) <= hi. Returns the number kept. */
size_t ref_filter_bounds(const hs_holdem_dist_combo *d, size_t n, const mpq_t lo, const mpq_t hi,
                         unsigned char *keep);

/* keep[i] = 1 for the best entries, whole groups of equal equity at a time, until their weight is
 * at least share times the weight of all (share 0..1). Returns the number kept. */
size_t ref_filter_top(const hs_holdem_dist_combo *d, size_t n, const mpq_t share,
                      unsigned char *keep);

/* The equity of the kept entries of class cls (-1: any; keep NULL: all) as one range:
 * sum(weight (2 wins + ties)) / sum(weight 2 deals), into out. Returns the entries summed. */
size_t ref_part_equity(const hs_holdem_dist_combo *d, size_t n, const unsigned char *keep, int cls,
                       mpq_t out);

#ifdef __cplusplus
}
#endif

#endif
