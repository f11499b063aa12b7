/* Private: the inline poker ranking kernel shared by the public ranker and the enumeration. */
#ifndef HS_POKER_INTERNAL_H
#define HS_POKER_INTERNAL_H

#include "handstat/poker.h"
#include "poker_tables.h"

/* The aces of the four lanes (card-encoding bit 0 of each lane) and the top bit of each lane. */
#define HS_POKER_LANE_LOW UINT64_C(0x0008004002001)
#define HS_POKER_LANE_TOP (HS_POKER_LANE_LOW << 12)

/* Rotate every 13-bit suit lane so the ace becomes the top bit: ace-high order, bit 0 = two ..
 * bit 11 = king, bit 12 = ace. Per lane: (lane >> 1) | (lane & 1) << 12. */
static inline uint64_t hs_poker_ace_high(uint64_t hand) {
    return ((hand >> 1) & ~HS_POKER_LANE_TOP) | ((hand & HS_POKER_LANE_LOW) << 12);
}

/* Index of the highest set bit of a non-zero rank set. */
static inline int hs_poker_top(unsigned set) {
    return 31 - __builtin_clz(set);
}

/* Remove bit `r` (which is clear) from a rank set, moving the bits above it down by one: the set
 * re-indexed over the 12 other ranks. */
static inline unsigned hs_poker_squeeze(unsigned set, int r) {
    unsigned below = (1u << r) - 1;
    return (set & below) | ((set >> 1) & ~below);
}

/* The class of the best five cards of a hand of 5..7 cards (any bigger hand could hold a flush
 * together with four of a kind or a full house, which this does not look for). */
static inline int hs_poker_rank_kernel(uint64_t hand) {
    uint64_t m = hs_poker_ace_high(hand);
    unsigned c = (unsigned)m & 0x1FFF, d = (unsigned)(m >> 13) & 0x1FFF;
    unsigned h = (unsigned)(m >> 26) & 0x1FFF, s = (unsigned)(m >> 39) & 0x1FFF;

    /* At most one lane of seven cards holds five; with a flush the hand cannot also make four of
     * a kind or a full house (that would take 8 cards), so the flush table decides. Its entry is
     * 0 for lanes of fewer than five cards, so OR-ing the four lookups finds the flush without
     * counting bits (popcount is a library call unless the target has POPCNT). */
    unsigned flush =
        (unsigned)(hs_poker_flush[c] | hs_poker_flush[d] | hs_poker_flush[h] | hs_poker_flush[s]);
    if (flush != 0)
        return (int)flush;

    /* Bit-sliced rank counts across the four lanes: a rank is in ge2 when two lanes hold it, in
     * ge3 for three, in four for all four. */
    unsigned ranks = c | d | h | s;
    unsigned cd_and = c & d, cd_or = c | d, hs_and = h & s, hs_or = h | s;
    unsigned ge2 = cd_and | hs_and | (cd_or & hs_or);
    if (ge2 == 0) /* five or more distinct ranks: straight or high card */
        return hs_poker_unique5[ranks];

    unsigned four = cd_and & hs_and;
    if (four != 0) {
        /* class = 11 + 12 * (ranks above q) + (ranks above k other than q) */
        int q = hs_poker_top(four), k = hs_poker_top(ranks ^ four);
        return 11 + (12 - q) * 12 + (12 - k) - (q > k);
    }
    unsigned ge3 = (cd_and & hs_or) | (hs_and & cd_or);
    int t = ge3 != 0 ? hs_poker_top(ge3) : 0;
    /* the ranks held two or more times, other than the best trips */
    unsigned pairs = ge2 & ~(ge3 != 0 ? 1u << t : 0u);
    if (ge3 != 0 && pairs != 0) {
        /* full house: the best trips over the best other rank held twice (maybe a second trips) */
        int p = hs_poker_top(pairs);
        return 167 + (12 - t) * 12 + (12 - p) - (t > p);
    }

    /* With six or seven cards a straight can hide among trips or pairs. The entry is 0 for sets
     * of fewer than five ranks, which the unsigned test rejects. */
    unsigned straight = hs_poker_unique5[ranks];
    if (straight - 1600u < 10u)
        return (int)straight;

    if (ge3 != 0) {
        /* three of a kind: the two best kickers indexed among the 12 other ranks;
         * descending index = C(12,2) - 1 - colex */
        unsigned kick = hs_poker_squeeze(ranks ^ (1u << t), t);
        return 1610 + (12 - t) * 66 + 65 - hs_poker_colex2[kick];
    }
    unsigned below_lowest = pairs & (pairs - 1); /* without the lowest pair */
    if (below_lowest != 0) {
        /* two pair: the best two pairs (drop the lowest of three pairs), then the best other rank
         * (which may be the dropped pair's) */
        unsigned two = (below_lowest & (below_lowest - 1)) != 0 ? below_lowest : pairs;
        int hi = hs_poker_top(two), lo = __builtin_ctz(two);
        int k = hs_poker_top(ranks & ~two);
        /* kicker index = ranks above k, less the paired ranks above k */
        return 2468 + (77 - hs_poker_colex2[two]) * 11 + (12 - k) - (hi > k) - (lo > k);
    }
    /* one pair: the three best kickers indexed among the 12 other ranks (C(12,3) = 220) */
    int p = hs_poker_top(pairs);
    unsigned kick = hs_poker_squeeze(ranks ^ pairs, p);
    return 3326 + (12 - p) * 220 + 219 - hs_poker_colex3[kick];
}

#endif
