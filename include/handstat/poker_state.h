/* handstat — the incremental poker hand state: a small value built up one card at a time and
 * ranked in two table lookups, for nested enumeration loops where only the innermost card
 * changes. Its classes are hs_poker_rank()'s (1..7462, smaller is better; see handstat/poker.h).
 *
 *   hs_poker_state s0 = hs_poker_state_empty();
 *   for (int a = 0; a < HS_CARDS; a++) {
 *       hs_poker_state s1 = hs_poker_state_add(s0, a);
 *       for (int b = a + 1; b < HS_CARDS; b++) {
 *           hs_poker_state s2 = hs_poker_state_add(s1, b);
 *           ...                                   (five to seven cards in all)
 *               int cls = hs_poker_state_rank(s7);
 *
 * or, for the two innermost levels, one loop over hs_poker_state_pairs (below):
 *
 *           for (int p = 0; p < c5 * (c5 - 1) / 2; p++)   (the pairs below card c5)
 *               int cls = hs_poker_state_rank(hs_poker_state_join(s5, hs_poker_state_pairs[p]));
 *
 * Adding a card adds its 8-byte key and sets its bit; the state does not depend on the order in
 * which cards are added. Ranking is two dependent lookups, in the perfect hash of the rank key
 * for the number of cards: for seven cards a 20 KiB table of row bases (it stays in a 32 KiB L1
 * cache) and a 105 KiB table of classes, for five or six cards tables of 18 and 58 KiB; or, for a
 * hand with five or more cards of one suit, one entry of a 16 KiB table instead. Everything here
 * is inline; pure; thread-safe. */
#ifndef HANDSTAT_POKER_STATE_H
#define HANDSTAT_POKER_STATE_H

#include "handstat/api.h"

#include <stdint.h>

#include "handstat/cards.h"
#include "handstat/cpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A set of at most 7 distinct cards (ranked only with 5..7). A value type: copy it freely. The
 * fields are for the inline functions below; read the cards with hs_poker_state_mask().
 *   key   bits 0-31: the rank key, the sum over the cards of a constant per card rank (distinct
 *         for every multiset of 7 ranks and for every multiset of 5 or 6, below 2^27); bits
 *         32-47: four 4-bit counters, the cards of each suit plus 3 (so a counter reaches 8 at
 *         five cards); bits 48-52: the number of cards plus 9 (so bits 48-51 are 0 at seven);
 *   mask  the cards as a hand mask (handstat/cards.h). */
typedef struct hs_poker_state {
    uint64_t key;
    uint64_t mask;
} hs_poker_state;

/* ---- what the inline functions read (defined in the library; not an API of their own) ------ */

/* Per card 0..51: the state of that card alone, less the starting values (HS_POKER_STATE_BIAS). */
HS_API extern const hs_poker_state hs_poker_state_cards[HS_CARDS];

/* The state of every two-card set {b, a} (b < a), at index a (a - 1) / 2 + b: ordered by the
 * higher card, so the sets of two cards below card n are the first n (n - 1) / 2. An innermost
 * pair of nested loops can be one loop over these, joined to the state of the other cards
 * (hs_poker_state_join): one loop exit per pair of levels instead of one per level, which
 * measured 15-25% faster over all seven-card hands. */
HS_API extern const hs_poker_state hs_poker_state_pairs[1326];

/* Per card 0..51: hs_poker_state_cards[c].key alone, 8 bytes apart. */
HS_API extern const uint64_t hs_poker_card_key[HS_CARDS];

/* The ranker's tables (src/poker/poker_tables.h documents them): the base slot of each row of
 * rank keys, the seven-card hash's rows first, then the five-and-six-card hash's; the class of
 * each slot, the seven-card hash's first; the flush class of each 13-bit suit lane. */
HS_API extern const uint16_t hs_poker_base[];
HS_API extern const uint16_t hs_poker_class[];
HS_API extern const uint16_t hs_poker_flush[];

/* A rank key's row is key >> HS_POKER_STATE_ROW_SHIFT, its column the bits below; the seven-card
 * hash has HS_POKER_STATE_ROWS7 rows and HS_POKER_STATE_SLOTS7 slots, the five-and-six-card
 * hash's follow them. (The library checks at build time that these match its tables.) */
#define HS_POKER_STATE_ROW_SHIFT 13
#define HS_POKER_STATE_ROWS7 10309
#define HS_POKER_STATE_SLOTS7 53929
/* The card count's place in the state's key, and its 4 bits there that are 0 at seven cards. */
#define HS_POKER_STATE_COUNT_SHIFT 48
#define HS_POKER_STATE_COUNT_LOW (UINT64_C(0xF) << HS_POKER_STATE_COUNT_SHIFT)
/* The suit counters' starting value (3 in each) with the card count's (9), and the counters'
 * "five or more" bits. */
#define HS_POKER_STATE_BIAS (UINT64_C(0x3333) << 32 | UINT64_C(9) << HS_POKER_STATE_COUNT_SHIFT)
#define HS_POKER_STATE_FLUSH (UINT64_C(0x8888) << 32)

/* ---- the state ----------------------------------------------------------------------------- */

/* The state of no cards. */
static inline hs_poker_state hs_poker_state_empty(void) {
    hs_poker_state s = {HS_POKER_STATE_BIAS, 0};
    return s;
}

/* The state of s's cards plus `card` (0..51). Precondition: s holds at most 6 cards, none of
 * them `card`. */
static inline hs_poker_state hs_poker_state_add(hs_poker_state s, int card) {
    /* = hs_poker_state_cards[card] added, read as its key alone (8-byte entries: one scaled
     * load and add, where 16-byte ones take an address computation more; at random 1.1x) and its
     * bit, which a loop that ranks without a flush never needs */
    s.key += hs_poker_card_key[(unsigned)card]; /* (unsigned: no sign extension) */
    s.mask |= UINT64_C(1) << (unsigned)card;
    return s;
}

/* The state of the cards of a and b together. Precondition: disjoint, at most 7 cards in all. */
static inline hs_poker_state hs_poker_state_join(hs_poker_state a, hs_poker_state b) {
    a.key += b.key - HS_POKER_STATE_BIAS; /* one bias, not two */
    a.mask += b.mask;
    return a;
}

/* The state of the cards of `hand` (at most 7, no bit above card 51). */
static inline hs_poker_state hs_poker_state_of(uint64_t hand) {
    hs_poker_state s = hs_poker_state_empty();
    for (int c = 0; hand != 0; c++, hand >>= 1)
        if (hand & 1)
            s = hs_poker_state_add(s, c);
    return s;
}

/* The non-flush class of the rank key of seven cards (bits 0-31 of a state's key). */
static inline int hs_poker_key_class7(uint32_t key) {
    return hs_poker_class[hs_poker_base[key >> HS_POKER_STATE_ROW_SHIFT] +
                          (key & ((1u << HS_POKER_STATE_ROW_SHIFT) - 1))];
}

/* The non-flush class of the rank key of five or six cards. */
static inline int hs_poker_key_class56(uint32_t key) {
    const uint16_t *base = hs_poker_base + HS_POKER_STATE_ROWS7;
    const uint16_t *cls = hs_poker_class + HS_POKER_STATE_SLOTS7;
    return cls[base[key >> HS_POKER_STATE_ROW_SHIFT] +
               (key & ((1u << HS_POKER_STATE_ROW_SHIFT) - 1))];
}

/* The cards of s as a hand mask. */
static inline uint64_t hs_poker_state_mask(hs_poker_state s) {
    return s.mask;
}

/* The class 1..7462 of the best five cards of s, as hs_poker_rank(hs_poker_state_mask(s)) gives
 * it. Precondition: s holds 5, 6 or 7 cards. A flush (a suit counter at 8 or more) takes a
 * branch that nested loops over card ids predict well (the cards of a suit are consecutive ids);
 * otherwise two dependent lookups. */
static inline int hs_poker_state_rank(hs_poker_state s) {
    /* Seven cards without a flush, the case of every hold'em and stud hand but about 3%, in one
     * test of the counters' "five" bits and the card count's low bits together (all 0 then);
     * then the others. (The hint keeps that path straight-line: measured 10-15% in nested
     * loops.) */
#if defined(__GNUC__)
    if (__builtin_expect((s.key & (HS_POKER_STATE_FLUSH | HS_POKER_STATE_COUNT_LOW)) == 0, 1))
#else
    if ((s.key & (HS_POKER_STATE_FLUSH | HS_POKER_STATE_COUNT_LOW)) == 0)
#endif
        return hs_poker_key_class7((uint32_t)s.key);
    if (s.key & HS_POKER_STATE_FLUSH) {
        /* The suit with five or more cards (only one can be, with 7 cards) decides alone: its
         * lane's flush class. Counter j's bit 3 is bit 35 + 4j. */
#if defined(__GNUC__)
        int suit = (__builtin_ctzll(s.key & HS_POKER_STATE_FLUSH) - 35) >> 2;
#else
        int suit = 0;
        while (!(s.key & (UINT64_C(0x8) << (32 + 4 * suit))))
            suit++;
#endif
        return hs_poker_flush[(s.mask >> (HS_RANKS * suit)) & 0x1FFF];
    }
    /* = five or six cards: the non-flush class through their own hash */
    return hs_poker_key_class56((uint32_t)s.key);
}

/* ---- one hand per call, inline ---------------------------------------------------------------
 * The one-call rankers of handstat/poker.h, hs_poker_rank7() and hs_poker_rank7_ids(), are these
 * inline functions in C and C++ (poker.h's macros; the library exports the same functions for
 * other languages): a loop that ranks hand after hand pays no call, no prologue and no reload of
 * the tables' addresses per hand. The exported functions run the same kernels: on AMD Zen 3 the
 * ids form measured 252 M/s inline and 249 through the call over 10 M random hands
 * (bench/peers/call_probe.c); the mask form measured alike either way (bench/peers/suite.sh). */

/* What they read: per raw 13-bit suit lane its rank key (bits 0-26), its number of cards (bits
 * 27-29) and bit 31 set when it holds five or more cards (src/poker/poker_tables.h); per card
 * hs_poker_card_key (above). */
HS_API extern const uint32_t hs_poker_lane[8192];
#define HS_POKER_STATE_LANE_FIVE 0x80000000u
#define HS_POKER_STATE_LANE_COUNT_SHIFT 27

/* The four lane entries of a hand of at most 7 cards added: its rank key, plus its number of
 * cards at HS_POKER_STATE_LANE_COUNT_SHIFT, plus HS_POKER_STATE_LANE_FIVE when one suit holds
 * five or more of its cards. */
static inline uint32_t hs_poker_lanes(uint64_t hand) {
    return hs_poker_lane[hand & 0x1FFF] + hs_poker_lane[(hand >> 13) & 0x1FFF] +
           hs_poker_lane[(hand >> 26) & 0x1FFF] + hs_poker_lane[(hand >> 39) & 0x1FFF];
}

/* The flush class of a hand of at most 7 cards: that of its suit of five or more, 0 if none
 * (at most one lane has a non-zero entry). */
static inline int hs_poker_flush_class(uint64_t hand) {
    return hs_poker_flush[hand & 0x1FFF] | hs_poker_flush[(hand >> 13) & 0x1FFF] |
           hs_poker_flush[(hand >> 26) & 0x1FFF] | hs_poker_flush[(hand >> 39) & 0x1FFF];
}

/* The class of a hand of 5, 6 or 7 cards (no bit above card 51), as hs_poker_rank() gives it:
 * the four suit lanes' rank keys and card counts added (one 32 KiB table), then a flush's class
 * or the two dependent lookups of hs_poker_state_rank() in the hash for that many cards. */
static inline int hs_poker_rank_inline(uint64_t hand) {
    const uint32_t v = hs_poker_lanes(hand);
    const uint32_t seven = UINT32_C(7) << HS_POKER_STATE_LANE_COUNT_SHIFT;
    /* (seven cards without a flush in one test, as hs_poker_state_rank()) */
    if ((v & (HS_POKER_STATE_LANE_FIVE | seven)) == seven)
        return hs_poker_key_class7(v - seven);
    if (v & HS_POKER_STATE_LANE_FIVE)
        return hs_poker_flush_class(hand);
    return hs_poker_key_class56(v & ((UINT32_C(1) << HS_POKER_STATE_LANE_COUNT_SHIFT) - 1));
}

/* hs_poker_rank_inline() for a hand of exactly 7 cards (hs_poker_rank7()): the seven-card hash
 * without asking the number of cards. */
static inline int hs_poker_rank7_inline(uint64_t hand) {
    const uint32_t v = hs_poker_lanes(hand);
#if defined(__GNUC__)
    if (__builtin_expect((v & HS_POKER_STATE_LANE_FIVE) != 0, 0))
#else
    if (v & HS_POKER_STATE_LANE_FIVE)
#endif
        return hs_poker_flush_class(hand);
    return hs_poker_key_class7(v - (UINT32_C(7) << HS_POKER_STATE_LANE_COUNT_SHIFT));
}

/* The flush class of seven card ids of which five or more share a suit: the library's side of
 * hs_poker_rank7_ids_inline(), out of line since about 3% of random hands take it. */
HS_API int hs_poker_rank7_ids_flush(const uint8_t ids[7]);

/* The class of seven distinct card ids (0..51, any order), as hs_poker_rank() gives it: the
 * cards' keys alone added (seven 8-byte entries of one 416-byte table, not the 16-byte states:
 * the mask is needed only for a flush, which goes out of line), then the suit counters decide
 * between the flush call and the two dependent lookups of hs_poker_state_rank(). */
static inline int hs_poker_rank7_ids_inline(const uint8_t ids[7]) {
    const uint64_t *k = hs_poker_card_key;
    uint64_t key = HS_POKER_STATE_BIAS + k[ids[0]] + k[ids[1]] + k[ids[2]] + k[ids[3]] + k[ids[4]] +
                   k[ids[5]] + k[ids[6]];
#if defined(__GNUC__)
    if (__builtin_expect((key & HS_POKER_STATE_FLUSH) != 0, 0))
#else
    if (key & HS_POKER_STATE_FLUSH)
#endif
        return hs_poker_rank7_ids_flush(ids);
    return hs_poker_key_class7((uint32_t)key);
}

/* ---- the two or three innermost levels in one call ----------------------------------------- */

/* classes[p] = hs_poker_state_rank(hs_poker_state_join(s, hs_poker_state_pairs[p])) for every
 * p < below * (below - 1) / 2: the classes of s with each two-card set below card `below`, in
 * the order of hs_poker_state_pairs. The innermost two levels of a nested enumeration as one
 * call, for loops that consume classes one by one:
 *
 *           hs_poker_state_rank_pairs(s5, c5, classes);        (c5: the lowest card of s5)
 *           for (int p = 0; p < c5 * (c5 - 1) / 2; p++) ... classes[p] ...
 *
 * Preconditions: s holds 3, 4 or 5 cards, none of them below `below` (0 <= below <= 52);
 * `classes` has room for below * (below - 1) / 2 <= 1326 entries. Thread-safe.
 *
 * hs_poker_state_rank_pairs() takes the path fastest on this CPU (handstat/cpu.h: by a table or
 * by measuring): the
 * AVX-512 kernel (sixteen hands per step), the AVX2 one (below) or the scalar loop above; they
 * give bit-identical results. */
HS_API void hs_poker_state_rank_pairs(hs_poker_state s, int below, uint16_t *classes);
HS_API void hs_poker_state_rank_pairs_scalar(hs_poker_state s, int below, uint16_t *classes);
/* HS_OK, or HS_ERR_ARG without touching `classes` when the CPU lacks AVX-512 F/BW/VL/VBMI. */
HS_API int hs_poker_state_rank_pairs_avx512(hs_poker_state s, int below, uint16_t *classes);
/* The AVX2 path: below 32 pairs the scalar loop, up to 128 eight pairs per step by gathers, from
 * 128 up the state's classes by rank pair looked up once (a 13 x 13 table) and each pair's
 * class copied from them. Same preconditions and results as the others. HS_OK, or HS_ERR_ARG
 * without touching `classes` when the CPU lacks AVX2 (or the library was built for another
 * architecture). */
HS_API int hs_poker_state_rank_pairs_avx2(hs_poker_state s, int below, uint16_t *classes);

/* The three innermost levels in one call: for each card c = 2, 3, ..., below - 1 in turn, the
 * classes of hs_poker_state_rank_pairs(hs_poker_state_add(s, c), c, ...), one after the other:
 * below * (below - 1) * (below - 2) / 6 <= 22100 classes in all. Fewer, longer calls than one per
 * state of the third card: over all seven-card hands (s of 4 cards) this measured 1.13x the
 * pairs call on Intel Xeon with AVX-512 (bench/measurements.md).
 * Preconditions: s holds 2, 3 or 4 cards, none of them below `below`; `classes` has room for the
 * classes. Same paths, same results, as hs_poker_state_rank_pairs. */
HS_API void hs_poker_state_rank_triples(hs_poker_state s, int below, uint16_t *classes);
HS_API void hs_poker_state_rank_triples_scalar(hs_poker_state s, int below, uint16_t *classes);
HS_API int hs_poker_state_rank_triples_avx512(hs_poker_state s, int below, uint16_t *classes);
/* The AVX2 path: the AVX2 pairs for each third card, the classes by rank pair of s with a third
 * card looked up once per call for each rank of that card (where its cards have enough pairs
 * below them). HS_OK, or HS_ERR_ARG without touching `classes` when the CPU lacks AVX2. */
HS_API int hs_poker_state_rank_triples_avx2(hs_poker_state s, int below, uint16_t *classes);

/* The four innermost levels in one call: for each card c = 3, 4, ..., below - 1 in turn, the
 * classes of hs_poker_state_rank_triples(hs_poker_state_add(s, c), c, ...), one after the other:
 * below * (below - 1) * (below - 2) * (below - 3) / 24 <= 270,725 classes in all (211,876 for
 * the 3-card states of a seven-card enumeration). The AVX-512 path looks the classes of s with
 * each multiset of four ranks up once per call and builds each five-card state's table of rank
 * pairs from them, so a call of many hands costs far fewer hash lookups than the triples calls it
 * stands for.
 * Preconditions: s holds 1, 2 or 3 cards, none of them below `below`; `classes` has room for the
 * classes. Same paths and results as hs_poker_state_rank_triples; the AVX2 path takes the same
 * multisets' classes (by scalar lookups) into the AVX2 pairs kernel's per-state tables of rank
 * pairs (HS_ERR_ARG when the CPU lacks AVX2). */
HS_API void hs_poker_state_rank_quads(hs_poker_state s, int below, uint16_t *classes);
HS_API void hs_poker_state_rank_quads_scalar(hs_poker_state s, int below, uint16_t *classes);
HS_API int hs_poker_state_rank_quads_avx512(hs_poker_state s, int below, uint16_t *classes);
HS_API int hs_poker_state_rank_quads_avx2(hs_poker_state s, int below, uint16_t *classes);

/* The path hs_poker_state_rank_pairs() and _triples() take in this process: chosen at the first
 * call of any of the three by the rules of handstat/cpu.h (HS_KERNEL_POKER_STATE). Thread-safe. */
HS_API hs_isa hs_poker_state_path(void);

#ifdef __cplusplus
}
#endif

#endif
