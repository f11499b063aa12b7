/* Private: the inline cribbage scoring kernel shared by the public scorer and the enumerations. */
#ifndef HS_CRIB_INTERNAL_H
#define HS_CRIB_INTERNAL_H

#include "crib_tables.h"
#include "handstat/crib.h"

/* Order two ranks without a branch: a <= b afterwards (compiles to min/max or cmov). */
#define HS_SORT2(a, b)                                                                             \
    do {                                                                                           \
        int lo_ = (a) < (b) ? (a) : (b);                                                           \
        int hi_ = (a) < (b) ? (b) : (a);                                                           \
        (a) = lo_;                                                                                 \
        (b) = hi_;                                                                                 \
    } while (0)

/* The packed rank-only entry (see crib_tables.h) for the five cards of `all`. */
static inline uint32_t hs_crib_rank_entry(uint64_t all) {
    int r[5];
    for (int k = 0; k < 5; k++) { /* exactly five cards: the loop unrolls, no data branch */
        r[k] = __builtin_ctzll(all) % HS_RANKS;
        all &= all - 1;
    }
    /* An optimal 9-comparator sorting network for five values. */
    HS_SORT2(r[0], r[1]);
    HS_SORT2(r[3], r[4]);
    HS_SORT2(r[2], r[4]);
    HS_SORT2(r[2], r[3]);
    HS_SORT2(r[0], r[3]);
    HS_SORT2(r[0], r[2]);
    HS_SORT2(r[1], r[4]);
    HS_SORT2(r[1], r[3]);
    HS_SORT2(r[1], r[2]);
    unsigned idx = hs_crib_mset_step[0][r[0]] + hs_crib_mset_step[1][r[1]] +
                   hs_crib_mset_step[2][r[2]] + hs_crib_mset_step[3][r[3]] +
                   hs_crib_mset_step[4][r[4]];
    return hs_crib_rank_part[idx];
}

/* Flush points: hand rules give 4 for a one-suit hand plus 1 when the starter matches; crib
 * rules give 5 only when all five match. */
static inline unsigned hs_crib_flush_points(uint64_t hand, int starter, hs_crib_rules rules) {
    int hand_suit = __builtin_ctzll(hand) / HS_RANKS;
    uint64_t lane = UINT64_C(0x1FFF) << (hand_suit * HS_RANKS);
    unsigned four = (hand & ~lane) == 0;                      /* all four hand cards in one suit */
    unsigned five = four & (starter / HS_RANKS == hand_suit); /* ...and the starter too */
    return rules == HS_CRIB_CRIB ? 5 * five : 4 * four + five;
}

/* Nobs: the jack of the starter's suit is in the hand (it can never be the starter itself). */
static inline unsigned hs_crib_nobs_points(uint64_t hand, int starter) {
    return (unsigned)(hand >> ((starter / HS_RANKS) * HS_RANKS + HS_JACK)) & 1u;
}

#endif
