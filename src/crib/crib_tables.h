/* Private: the generated cribbage tables (made by src/gen/gen_crib_tables.c at build time). */
#ifndef HS_CRIB_TABLES_H
#define HS_CRIB_TABLES_H

#include <stdint.h>

/* The rank-only part of a five-card score by an additive key. hs_crib_lane_key[lane] sums the
 * weights of the ranks in a 13-bit lane; the weights make the sum over the four lanes of a
 * five-card hand unique for its multiset of ranks (keys 0..360918). */
#define HS_CRIB_KEYS 360919
extern const uint32_t hs_crib_lane_key[8192];

/* By key: fifteens/2 in bits 0-3, pairs/2 in bits 4-6, runs points in bits 7-10 and the three
 * components' points in bits 11-15 (at most 28). One spare zero entry at the end. Keys that no
 * hand makes hold 0. 722 KB: it sits in L2. */
extern const uint16_t hs_crib_key_part[HS_CRIB_KEYS + 1];

#endif
