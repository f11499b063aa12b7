/* Private: the inline cribbage scoring kernel shared by the public scorer and the enumerations. */
#ifndef HS_CRIB_INTERNAL_H
#define HS_CRIB_INTERNAL_H

#include "crib_tables.h"
#include "handstat/crib.h"

#include <stdint.h>

/* A hash of the generated tables (for job checkpoints: a build with other tables is another
 * build). */
uint64_t hs_crib_tables_hash(void);

/* The packed rank-only entry (see crib_tables.h) of the five cards of `all`: the four suit lanes'
 * weights add up to the key of the hand's rank multiset. */
static inline unsigned hs_crib_rank_entry(uint64_t all) {
    unsigned key = hs_crib_lane_key[all & 0x1FFF] + hs_crib_lane_key[(all >> 13) & 0x1FFF] +
                   hs_crib_lane_key[(all >> 26) & 0x1FFF] + hs_crib_lane_key[(all >> 39) & 0x1FFF];
    return hs_crib_key_part[key];
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
