/* Private: the inline poker ranking kernel shared by the public ranker, the batch rankers and
 * the enumeration. */
#ifndef HS_POKER_INTERNAL_H
#define HS_POKER_INTERNAL_H

#include "handstat/poker.h"
#include "poker_tables.h"

#include <assert.h>
#include <stdint.h>

/* A hash of the generated tables (for job checkpoints: a build with other tables is another
 * build). */
uint64_t hs_poker_tables_hash(void);

/* The class of the best five cards of a hand of 5..7 cards, branch-free: the four lane entries
 * of hs_poker_lane added give the base-5 rank key (low half) and the flush class (high half,
 * 0 without a flush); the key goes through the perfect hash to its non-flush class.
 * With seven cards or fewer a flush cannot come with four of a kind or a full house (that takes
 * eight cards), so a flush, when there is one, is the answer. (Any bigger hand could overflow
 * the key digits and hold two flushes; this is only for 5..7 cards.) */
/* The class of the best five of a multiset of 5..7 ranks, flushes aside, given its base-5 rank
 * key (the sum of 5^rank over its cards). */
static inline uint32_t hs_poker_key_class(uint32_t key) {
    uint32_t d = hs_poker_disp[hs_poker_hash_bucket(key, HS_POKER_HASH_M1)];
    return hs_poker_class[hs_poker_hash_slot(key, HS_POKER_HASH_M2, d)];
}

static inline int hs_poker_rank_kernel(uint64_t hand) {
    /* = sum over the hand's cards of 5^rank, plus the flush lane's class << 32 */
    uint64_t v = hs_poker_lane[hand & 0x1FFF] + hs_poker_lane[(hand >> 13) & 0x1FFF] +
                 hs_poker_lane[(hand >> 26) & 0x1FFF] + hs_poker_lane[(hand >> 39) & 0x1FFF];
    uint32_t key = (uint32_t)v, flush = (uint32_t)(v >> 32);
    /* = the class of the best five of the rank multiset `key` (flushes aside) */
    uint32_t cls = hs_poker_key_class(key);
    /* = flush != 0 ? flush : cls, without a branch */
    uint32_t none = (uint32_t)(flush == 0) - 1u; /* all ones when there is a flush */
    return (int)((flush & none) | (cls & ~none));
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

/* The AVX2 kernels (poker_avx2.c), for callers that checked hs_cpu_has_avx2(): the same results
 * as hs_poker_rank_batch_scalar() and the scalar card-id loop. */
void hs_poker_avx2_rank_masks(const uint64_t *hands, size_t n, uint16_t *classes);
void hs_poker_avx2_rank7_ids(const uint8_t (*ids)[7], size_t n, uint16_t *out);

#endif
