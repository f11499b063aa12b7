/* Private: the inline poker ranking kernel shared by the public ranker, the batch rankers and
 * the enumeration. */
#ifndef HS_POKER_INTERNAL_H
#define HS_POKER_INTERNAL_H

#include "handstat/poker.h"
#include "handstat/poker_state.h"
#include "poker_tables.h"

#include <assert.h>
#include <stdint.h>

/* A hash of the generated tables (for job checkpoints: a build with other tables is another
 * build). */
uint64_t hs_poker_tables_hash(void);

/* One of the two hashes as a value, for kernels that pick theirs once per call by the number of
 * cards they rank: its row bases and classes, its numbers of rows and slots. */
typedef struct hs_poker_hash {
    const uint16_t *base, *cls;
    uint32_t rows, slots;
} hs_poker_hash;

static inline hs_poker_hash hs_poker_hash_of(int cards) {
    assert(cards >= 5 && cards <= 7);
    hs_poker_hash h = {hs_poker_base, hs_poker_class, HS_POKER_ROWS7, HS_POKER_SLOTS7};
    if (cards != 7) {
        h.base = HS_POKER_BASE56;
        h.cls = HS_POKER_CLASS56;
        h.rows = HS_POKER_ROWS56;
        h.slots = HS_POKER_SLOTS56;
    }
    return h;
}

/* The class in hash h of a rank key that may be no hand's (a multiset with a rank five times or
 * more): its row and slot clamped into the hash, so any key reads inside the tables; for such a
 * key the entry is whatever is there. */
static inline uint32_t hs_poker_hash_class_clamped(const hs_poker_hash *h, uint32_t key) {
    uint32_t row = key >> HS_POKER_ROW_SHIFT;
    row = row < h->rows ? row : h->rows - 1;
    uint32_t slot = h->base[row] + (key & ((1u << HS_POKER_ROW_SHIFT) - 1));
    return h->cls[slot < h->slots ? slot : h->slots - 1];
}

/* The number of cards of a hand state (handstat/poker_state.h). */
static inline int hs_poker_state_cards_in(hs_poker_state s) {
    return (int)(s.key >> HS_POKER_STATE_COUNT_SHIFT) - 9; /* (its starting value) */
}

/* A rank key's parts (poker_tables.h). */
#define HS_POKER_LANE_KEY ((UINT32_C(1) << HS_POKER_LANE_COUNT_SHIFT) - 1)

/* The class of the best five cards of a hand of 5..7 cards. With seven cards or fewer a flush
 * cannot come with four of a kind or a full house (that takes eight cards), so a flush, when
 * there is one, is the answer; otherwise the rank key decides. (A bigger hand could overflow the
 * key and hold two flushes; this is only for 5..7 cards.) The flush test is a branch: about 3%
 * of random 7-card hands take it, and enumerations meet flushes in runs. */
static inline int hs_poker_rank_kernel(uint64_t hand) {
    return hs_poker_rank_inline(hand); /* (handstat/poker_state.h: public, for inline callers) */
}
/* Whether s holds no card below card `below` (0..52): the precondition of the pairs and triples
 * rankers (handstat/poker_state.h). */
static inline int hs_poker_state_above(hs_poker_state s, int below) {
    return below >= 0 && below <= HS_CARDS && (s.mask & (hs_card_bit(below) - 1)) == 0;
}

/* The index of the rank pair {r1, r2} (either order) in hs_poker_rp_key order:
 * hi (hi + 1) / 2 + lo, 0..90. */
static inline int hs_poker_rank_pair(int r1, int r2) {
    return r1 < r2 ? r2 * (r2 + 1) / 2 + r1 : r1 * (r1 + 1) / 2 + r2;
}

/* The mask of seven card ids (0..51, distinct; checked by assert). */
static inline uint64_t hs_poker_ids7_mask(const uint8_t ids[7]) {
    uint64_t m = 0;
    for (int j = 0; j < 7; j++) {
        assert(ids[j] < HS_CARDS);
        m |= UINT64_C(1) << ids[j];
    }
    assert(hs_hand_size(m) == 7);
    return m;
}

/* Ask for the ids `HS_IDS_AHEAD` bytes past p with a non-temporal hint, so that a long array of
 * ids streamed through the cache does not evict the class table (108 KB, read at random by every
 * hand) from L2. On AMD Zen 5 the AVX-512 kernel ranked 10 M random hands at 550-640 M/s without
 * it and 970-1010 M/s with it (bench/measurements.md); from a block already in cache it changes
 * nothing. A prefetch never faults, so p may run past the end. */
enum { HS_IDS_AHEAD = 2048 };
static inline void hs_ids_prefetch(const uint8_t *p) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(p + HS_IDS_AHEAD, 0, 0);
#else
    (void)p;
#endif
}

/* Five of the 5..7 cards of `hand` whose class, by rank(five, rules), is `best` (the hand's
 * own): the first such five, leaving out the lowest-index cards first. Shared by
 * hs_poker_best_five() and hs_shortdeck_best_five(). */
uint64_t hs_poker_five_of_class(uint64_t hand, int best, int (*rank)(uint64_t, int), int rules);

/* The description of a hand of category `cat` with defining ranks r[0..4] (as
 * hs_poker_class_ranks() gives them); `royal` for the ace-high straight flush. Shared by
 * hs_poker_describe() and hs_shortdeck_describe(); snprintf semantics. */
size_t hs_poker_describe_ranks(int cat, const int r[5], int royal, char *buf, size_t cap);

/* The AVX2 kernel (poker_avx2.c), for callers that checked hs_cpu_has_avx2(): the same results
 * as hs_poker_rank_batch_scalar(). */
void hs_poker_avx2_rank_masks(const uint64_t *hands, size_t n, uint16_t *classes);

#endif
