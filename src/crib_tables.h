/* Private: the generated cribbage tables (made by src/gen/gen_crib_tables.c at build time). */
#ifndef HS_CRIB_TABLES_H
#define HS_CRIB_TABLES_H

#include <stdint.h>

/* hs_crib_mset_step[i][r] = C(r + i, i + 1): the term of the i-th smallest rank r in the dense
 * index of a sorted five-rank multiset (see the generator). */
extern const uint16_t hs_crib_mset_step[5][13];

/* Rank-only points by multiset index, packed: bits 0-7 fifteens, 8-15 pairs, 16-23 runs,
 * 24-31 their sum. */
extern const uint32_t hs_crib_rank_part[6188];

#endif
