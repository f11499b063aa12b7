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
 * Adding a card adds two per-card constants and sets one bit; the state does not depend on the
 * order in which cards are added. Ranking reads a 32 KiB and a 144 KiB table (the perfect hash of
 * the ranks) and, for a hand with five or more cards of one suit, one entry of a 64 KiB table:
 * the same 240 KiB hs_poker_rank() reads. Everything here is inline; pure; thread-safe. */
#ifndef HANDSTAT_POKER_STATE_H
#define HANDSTAT_POKER_STATE_H

#include <stdint.h>

#include "handstat/cards.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A set of at most 7 distinct cards (ranked only with 5..7). A value type: copy it freely. The
 * fields are for the inline functions below; read the cards with hs_poker_state_mask().
 *   hash  bits 32-63: (rank key * M1) mod 2^32, where the rank key is the sum of 5^rank over
 *         the cards and M1 the first multiplier of the perfect hash; bits 0-15: four 4-bit
 *         counters, the cards of each suit plus 3 (so a counter reaches 8 at five cards);
 *   hash2 (rank key * M2) mod 2^32, the second multiplier;
 *   mask  the cards as a hand mask (handstat/cards.h). */
typedef struct hs_poker_state {
    uint64_t hash;
    uint64_t mask;
    uint32_t hash2;
} hs_poker_state;

/* ---- what the inline functions read (defined in the library; not an API of their own) ------ */

/* Per card 0..51: what adding it adds to `hash` and `hash2`. */
typedef struct hs_poker_state_card {
    uint64_t hash;
    uint32_t hash2;
} hs_poker_state_card;
extern const hs_poker_state_card hs_poker_state_cards[HS_CARDS];

/* The ranker's tables (src/poker/poker_tables.h documents them): per 13-bit suit lane its flush
 * class in bits 32-47; the displacement of each hash bucket; the class of each hash slot. */
extern const uint64_t hs_poker_lane[];
extern const uint16_t hs_poker_disp[];
extern const uint16_t hs_poker_class[];

/* The perfect hash's bucket = top 14 bits of the 64-bit `hash`; its number of slots. (The
 * library checks at build time that these match its tables.) */
#define HS_POKER_STATE_BUCKET_SHIFT 50
#define HS_POKER_STATE_SLOTS 73775u
/* The suit counters' starting value (3 in each) and their "five or more" bits. */
#define HS_POKER_STATE_BIAS 0x3333u
#define HS_POKER_STATE_FLUSH 0x8888u

/* ---- the state ----------------------------------------------------------------------------- */

/* The state of no cards. */
static inline hs_poker_state hs_poker_state_empty(void) {
    hs_poker_state s = {HS_POKER_STATE_BIAS, 0, 0};
    return s;
}

/* The state of s's cards plus `card` (0..51). Precondition: s holds at most 6 cards, none of
 * them `card`. */
static inline hs_poker_state hs_poker_state_add(hs_poker_state s, int card) {
    const hs_poker_state_card *c = &hs_poker_state_cards[card];
    s.hash += c->hash; /* the high halves add mod 2^32; the counters never carry out of 16 bits */
    s.hash2 += c->hash2;
    s.mask |= UINT64_C(1) << card;
    return s;
}

/* The state of the cards of a and b together. Precondition: disjoint, at most 7 cards in all. */
static inline hs_poker_state hs_poker_state_join(hs_poker_state a, hs_poker_state b) {
    a.hash += b.hash - HS_POKER_STATE_BIAS; /* one bias, not two */
    a.hash2 += b.hash2;
    a.mask |= b.mask;
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

/* The cards of s as a hand mask. */
static inline uint64_t hs_poker_state_mask(hs_poker_state s) {
    return s.mask;
}

/* The class 1..7462 of the best five cards of s, as hs_poker_rank(hs_poker_state_mask(s)) gives
 * it. Precondition: s holds 5, 6 or 7 cards. Two dependent lookups; a flush (a suit counter at 8
 * or more) takes one more, behind a branch that nested loops over card ids predict well (the
 * cards of a suit are consecutive ids). */
static inline int hs_poker_state_rank(hs_poker_state s) {
    /* = the non-flush class of the rank multiset, through the perfect hash of its rank key */
    uint32_t d = hs_poker_disp[s.hash >> HS_POKER_STATE_BUCKET_SHIFT];
    uint32_t slot = (uint32_t)((uint64_t)(s.hash2 ^ (d << 16)) * HS_POKER_STATE_SLOTS >> 32);
    int cls = hs_poker_class[slot];
    uint32_t flush = (uint32_t)s.hash & HS_POKER_STATE_FLUSH;
    if (flush) {
        /* The suit with five or more cards (only one can be, with 7 cards) decides alone: its
         * lane's flush class. Counter j's bit 3 is bit 4j + 3, so j = index / 4. */
#if defined(__GNUC__)
        int suit = __builtin_ctz(flush) >> 2;
#else
        int suit = 0;
        while (!(flush & (0x8u << (4 * suit))))
            suit++;
#endif
        cls = (int)(hs_poker_lane[(s.mask >> (HS_RANKS * suit)) & 0x1FFF] >> 32);
    }
    return cls;
}

#ifdef __cplusplus
}
#endif

#endif
