/* Private: the generated poker tables (made by src/gen/gen_poker_tables.c at build time).
 *
 * The ranker (poker_internal.h, poker_batch.c, poker_avx2.c, handstat/poker_state.h) reads four
 * tables, 254,762 bytes (249 KiB, under the 256 KiB budget; 255,012 with one hash):
 *   hs_poker_lane   8192 * 4 =  32,768   a suit lane -> its rank key and card count, bit 31: five
 *                                        or more cards
 *   hs_poker_flush  8193 * 2 =  16,386   a suit lane -> its flush class
 *   hs_poker_base  19271 * 2 =  38,542   a row of rank keys -> its base slot (both hashes)
 *   hs_poker_class 83533 * 2 = 167,066   a slot -> class (both hashes)
 * The class info table (29,852 bytes) is read only by the describing functions.
 *
 * The non-flush class of a hand depends only on its multiset of card ranks. Its rank key is the
 * sum over its cards of a constant per rank (HS_POKER_RANK_KEYS); the sums are distinct over the
 * 49,205 multisets of 7 ranks (none more than 4 times) and over the 24,570 of 5 or 6, and below
 * 2^27. Each of the two sets goes through a perfect hash of its own: slot = base[key >>
 * HS_POKER_ROW_SHIFT] + (key & (2^SHIFT - 1)), 16-bit row bases. Seven cards, the size every
 * hold'em and stud hand ranks, read 20.6 KB of bases (they stay in a 32 KiB L1 data cache) and
 * 107.9 KB of classes; five and six cards 17.9 and 59.2 KB. One hash of all 73,775 multisets,
 * with 32-bit row offsets (49.6 KB) and 156.3 KB of classes, ranked 10-17% slower from card ids
 * (bench/measurements.md). The generator placed the rows (row displacement) so that no two keys
 * of a hash share a slot, and fails the build if the constants below stop working. The keys add
 * card by card, so the incremental state (handstat/poker_state.h) carries the key itself, with
 * its number of cards to choose the hash. */
#ifndef HS_POKER_TABLES_H
#define HS_POKER_TABLES_H

#include <stdint.h>

/* The rank key of each card rank (0 = ace .. 12 = king), found by `gen_poker_tables --search`
 * (a greedy sequence with distinct sums, times an odd multiplier mod 2^24, the one of 100 that
 * gives the smallest tables); the rows of 2^SHIFT keys and the slots of each hash. */
#define HS_POKER_RANK_KEYS                                                                         \
    {                                                                                              \
        10822899u, 3782847u, 8091336u, 4205136u, 1585803u, 8868069u, 4339348u, 12830149u,          \
            6148142u, 1798878u, 10513127u, 10669205u, 11043312u                                    \
    }
#define HS_POKER_ROW_SHIFT 13
#define HS_POKER_ROWS7 10309
#define HS_POKER_SLOTS7 53929
#define HS_POKER_ROWS56 8961
#define HS_POKER_SLOTS56 29603

/* Per raw 13-bit suit lane of a hand mask (bit r = card rank r, 0 = ace): bits 0-26 the sum of
 * the rank keys of its ranks, bits 27-29 its number of cards, bit 31 set when it holds five or
 * more cards. The four entries of a hand of at most 7 cards add without carries: the key stays
 * below 2^27, the count at most 7, and at most one lane holds five cards. */
extern const uint32_t hs_poker_lane[8192];
#define HS_POKER_LANE_FIVE 0x80000000u
#define HS_POKER_LANE_COUNT_SHIFT 27

/* Per raw suit lane: its flush class (its best straight flush 1..10, else the flush 323..1599 of
 * its five highest ranks), 0 when the lane holds fewer than five cards; one entry of padding at
 * the end for 32-bit gathers. */
extern const uint16_t hs_poker_flush[8192 + 1];

/* The base slot of each row of rank keys: the seven-card hash's HS_POKER_ROWS7 rows, then the
 * five-and-six-card hash's HS_POKER_ROWS56 (its bases count from its own first slot,
 * hs_poker_class + HS_POKER_SLOTS7); one entry of padding at the end for 32-bit gathers. */
extern const uint16_t hs_poker_base[HS_POKER_ROWS7 + HS_POKER_ROWS56 + 1];

/* The non-flush class (1..7462) of the rank multiset in each slot (0 in the unused ones): the
 * seven-card hash's HS_POKER_SLOTS7 slots, then the five-and-six-card hash's; one entry of
 * padding at the end for 32-bit gathers. */
extern const uint16_t hs_poker_class[HS_POKER_SLOTS7 + HS_POKER_SLOTS56 + 1];

/* The five-and-six-card hash's own tables. */
#define HS_POKER_BASE56 (hs_poker_base + HS_POKER_ROWS7)
#define HS_POKER_CLASS56 (hs_poker_class + HS_POKER_SLOTS7)

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
