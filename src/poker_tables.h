/* Private: the generated poker tables (made by src/gen/gen_poker_tables.c at build time).
 *
 * A rank set here is 13 bits in ace-high order: bit 0 = two .. bit 11 = king, bit 12 = ace.
 * Hot tables (read by the ranker): 2 * 16384 + 8192 + 4096 = 45,056 bytes. The class info table
 * (29,852 bytes) is read only by the describing functions. */
#ifndef HS_POKER_TABLES_H
#define HS_POKER_TABLES_H

#include <stdint.h>

/* For a suited rank set of >= 5 ranks: its best straight-flush class (1..10), or else the flush
 * class (323..1599) of its five highest ranks. 0 for smaller sets. */
extern const uint16_t hs_poker_flush[8192];

/* For a rank set of >= 5 ranks: its best straight class (1600..1609), or else the high-card
 * class (6186..7462) of its five highest ranks. 0 for smaller sets. */
extern const uint16_t hs_poker_unique5[8192];

/* Colex index of the two highest ranks a > b of the set: C(a,2) + C(b,1) (0..77). */
extern const uint8_t hs_poker_colex2[8192];

/* Colex index of the three highest ranks a > b > c of a 12-bit set: C(a,3) + C(b,2) + C(c,1)
 * (0..219). */
extern const uint8_t hs_poker_colex3[4096];

/* Per class 1..7462 (index 0 unused): bits 0-19 the five defining card ranks (0 = ace ..
 * 12 = king), four bits each, most significant first; bits 20-23 the category 0..8. */
extern const uint32_t hs_poker_class_info[7463];

#endif
