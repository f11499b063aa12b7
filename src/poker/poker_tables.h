/* Private: the generated poker tables (made by src/gen/gen_poker_tables.c at build time).
 *
 * The ranker (poker_internal.h, poker_batch.c, poker_avx2.c, handstat/poker_state.h) reads four
 * tables, 255,012 bytes (249 KiB, under the 256 KiB budget):
 *   hs_poker_lane   8192 * 4 =  32,768   a suit lane -> its rank key, bit 31: five or more cards
 *   hs_poker_flush  8192 * 2 =  16,384   a suit lane -> its flush class
 *   hs_poker_row   12394 * 4 =  49,576   a row of rank keys -> its offset
 *   hs_poker_class 78142 * 2 = 156,284   a perfect-hash slot -> class
 * The class info table (29,852 bytes) is read only by the describing functions.
 *
 * The non-flush class of a hand depends only on its multiset of card ranks. Its rank key is the
 * sum over its cards of a constant per rank (HS_POKER_RANK_KEYS); the sums of the 73,775
 * multisets of 5, 6 or 7 ranks (none more than 4 times) are distinct and below 2^27. They go
 * through a perfect hash of one addition: slot = key + hs_poker_row[key >> HS_POKER_ROW_SHIFT]
 * (mod 2^32). The generator placed the rows (row displacement) so that no two keys share a slot,
 * and fails the build if the constants below stop working. The keys add card by card, so the
 * incremental state (handstat/poker_state.h) carries the key itself. */
#ifndef HS_POKER_TABLES_H
#define HS_POKER_TABLES_H

#include <stdint.h>

/* The rank key of each card rank (0 = ace .. 12 = king), found by `gen_poker_tables --search`
 * (a greedy sequence with distinct sums, times an odd multiplier mod 2^24); the number of rows
 * of 2^SHIFT keys; the number of slots. */
#define HS_POKER_RANK_KEYS                                                                         \
    {                                                                                              \
        6016295u, 13304259u, 10173352u, 2736400u, 13927519u, 12955985u, 14937156u, 1692337u,       \
            6334326u, 98150u, 1051467u, 65089u, 4274736u                                           \
    }
#define HS_POKER_ROW_SHIFT 13
#define HS_POKER_ROWS 12394
#define HS_POKER_SLOTS 78141

/* Per raw 13-bit suit lane of a hand mask (bit r = card rank r, 0 = ace): bits 0-30 the sum of
 * the rank keys of its ranks, bit 31 set when it holds five or more cards. The four entries of a
 * hand of at most 7 cards add without carries: the key stays below 2^27 and at most one lane
 * holds five cards. */
extern const uint32_t hs_poker_lane[8192];
#define HS_POKER_LANE_FIVE 0x80000000u

/* Per raw suit lane: its flush class (its best straight flush 1..10, else the flush 323..1599 of
 * its five highest ranks), 0 when the lane holds fewer than five cards; one entry of padding at
 * the end for 32-bit gathers. */
extern const uint16_t hs_poker_flush[8192 + 1];

/* The offset of each row of rank keys. */
extern const uint32_t hs_poker_row[HS_POKER_ROWS];

/* The non-flush class (1..7462) of the rank multiset in each slot (0 in the unused ones); one
 * entry of padding at the end for 32-bit gathers. */
extern const uint16_t hs_poker_class[HS_POKER_SLOTS + 1];

/* Per class 1..7462 (index 0 unused): bits 0-19 the five defining card ranks (0 = ace ..
 * 12 = king), four bits each, most significant first; bits 20-23 the category 0..8. */
extern const uint32_t hs_poker_class_info[7463];

/* Per card 0..51: the key of its incremental state alone (hs_poker_state_cards[c].key: its rank's
 * key plus one in its suit's counter), 8 bytes apart for kernels that need no masks. */
extern const uint64_t hs_poker_card_key[52];

/* hs_poker_state_pairs[p] split by field for the vector kernels: the rank key (the low 32 bits of
 * its key), the suit counters (bits 32-47, with their starting value 3 each), and for each suit
 * the pair's cards of that suit as a 13-bit lane. */
extern const uint32_t hs_poker_pair_key[1326];
extern const uint32_t hs_poker_pair_suits[1326];
extern const uint16_t hs_poker_pair_lane[4][1326];
/* The same pairs' two cards, the lower in bits 0-7 and the higher in bits 8-15 (then 64 entries
 * of padding, for whole-vector loads): the AVX-512 kernels find a pair's cards of a suit from
 * these (2.8 KB) rather than from the 15.9 KB of hs_poker_pair_suits and hs_poker_pair_lane. */
extern const uint16_t hs_poker_pair_cards[1326 + 64];

/* For the pairs kernel's per-state table of rank pairs (poker_avx512.c): the rank key of each
 * rank pair r1 <= r2 at index r2 (r2 + 1) / 2 + r1 (0..90; entries 91..95 are 0), and for each
 * two-card set p its rank pair's index (then 64 entries of padding, for whole-vector loads). */
extern const uint32_t hs_poker_rp_key[96];
extern const uint8_t hs_poker_pair_rp[1326 + 64];

/* For the quads kernels (poker_avx512.c, poker_avx2.c): the 1,820 multisets of four card ranks,
 * ordered so that those four distinct cards under card `below` can hold are the first
 * hs_poker_quads_below[below]; the rank key of each (the sum of its ranks' keys); and per rank pair
 * i of the fourth and fifth cards (hs_poker_rp_key order) the multiset it makes with each rank pair
 * j of the last two at hs_poker_quad_of[96 i + j] (0 for j = 91..95). */
extern const uint32_t hs_poker_quad_key[1820];
extern const uint16_t hs_poker_quads_below[53];
extern const uint16_t hs_poker_quad_of[91 * 96];

/* For kernels on card ids: the rank key of ranks 0..12 (0 beyond); per card id 0..63 its rank in
 * bits 0-3 and its suit in bits 4-5 (0 for ids 52..63); per suit 0..3 the one added to its 4-bit
 * counter, 1 << 4 * suit (0 beyond). */
extern const uint32_t hs_poker_rank_key16[16];
extern const uint8_t hs_poker_id_code[64];
extern const uint32_t hs_poker_suit_one16[16];

#endif
