/* Private: helpers shared by the discard analysis (crib_discard.c) and the all-deals enumeration
 * (crib_deals.c), so that both order keeps the same way. */
#ifndef HS_DISCARD_INTERNAL_H
#define HS_DISCARD_INTERNAL_H

#include "handstat/discard.h"

/* The kept ranks as a base-13 number of the ranks in ascending order (ace low): comparing these
 * numbers compares the sorted rank lists lexicographically. Suit-blind. */
static inline uint32_t hs_keep_rank_key(uint64_t keep) {
    int r[4], n = 0;
    for (uint64_t m = keep; m != 0; m &= m - 1)
        r[n++] = hs_card_rank(__builtin_ctzll(m));
    /* insertion sort of four */
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && r[j - 1] > r[j]; j--) {
            int t = r[j];
            r[j] = r[j - 1];
            r[j - 1] = t;
        }
    return (uint32_t)(((r[0] * 13 + r[1]) * 13 + r[2]) * 13 + r[3]);
}

/* True when keep a (figure fa, hand sum ha) ranks before keep b: higher figure, then higher hand
 * sum, then smaller rank key, then smaller mask. */
static inline int hs_keep_better(int64_t fa, uint64_t ha, uint64_t ka, int64_t fb, uint64_t hb,
                                 uint64_t kb) {
    if (fa != fb)
        return fa > fb;
    if (ha != hb)
        return ha > hb;
    uint32_t ra = hs_keep_rank_key(ka), rb = hs_keep_rank_key(kb);
    if (ra != rb)
        return ra < rb;
    return ka < kb;
}

/* The pattern index (hs_deals_pattern_index) of the kept ranks of a four-card keep. */
int hs_keep_pattern(uint64_t keep);

/* Every sorted six-card deal of work unit `unit` of the all-deals enumeration (the deals whose
 * first suit lane is unit + 1; hs_discard_deals_units() units), each with the number of deals its
 * suit orbit stands for: fn(dealt, weight, ctx). Shared by crib deals and the pegging deals. */
void hs_deals_walk(size_t unit, void (*fn)(uint64_t dealt, uint64_t weight, void *ctx), void *ctx);

/* Binned by tenths of a point: the bin of the figure num / den (den > 0). */
static inline int hs_deals_bin(int64_t num, int64_t den) {
    const int64_t a = num * 10, q = a / den;
    return (int)((a % den != 0 && a < 0) ? q - 1 : q) + HS_DEALS_BIN_OFFSET;
}

/* The deals counted in the tenth-of-a-point histogram `bins` of figures num / den, or UINT64_MAX
 * when `sum` (of their numerators) could not be theirs: outside the bounds the bins give. */
uint64_t hs_deals_bins_hold(const uint64_t bins[HS_DEALS_BINS], int64_t den, int64_t sum);

#endif
