/* Batch poker ranking: the scalar path, the card-id entry point and the runtime dispatch. The
 * AVX2 path is in poker_avx2.c, the AVX-512 one in poker_avx512.c. */
#include "poker_internal.h"
#include "handstat/error.h"
#include "handstat/poker_state.h"

#include <assert.h>

void hs_poker_rank_batch_scalar(const uint64_t *hands, size_t n, uint16_t *classes) {
    for (size_t i = 0; i < n; i++) {
        assert(hs_poker_valid(hands[i]));
        classes[i] = (uint16_t)hs_poker_rank_kernel(hands[i]);
    }
}

/* The scalar kernel, whatever the CPU: on AMD Zen 3 (the machine of results/BENCHMARKS.md) the
 * AVX2 kernel's gathers made it slower than the scalar loop, 122 against 177 M hands/s on random
 * masks and 168 against 417 in sequence (bench/hs_bench BM_poker_rank_batch_*), since the
 * scalar kernel's lookups became one addition apart. hs_poker_rank_batch_avx2() stays for the
 * CPUs where gathers pay; the tests keep the two identical. */
void hs_poker_rank_batch(const uint64_t *hands, size_t n, uint16_t *classes) {
    hs_poker_rank_batch_scalar(hands, n, classes);
}

/* The class of seven card ids: the keys of their incremental states added (one 8-byte load and
 * one addition per card), the cards' mask made only when a suit has five of them (about 3% of
 * random hands). Against adding whole 16-byte states with SSE2 this measured 1.15-1.2x from
 * random ids on AMD Zen 3 (bench/measurements.md): the masks' loads and additions were a third of
 * the work. */
static inline int rank7_ids(const uint8_t ids[7]) {
    assert(hs_poker_ids7_mask(ids) != 0); /* ids in range and distinct */
    const uint64_t *k = hs_poker_card_key;
    hs_poker_state s = {HS_POKER_STATE_BIAS + k[ids[0]] + k[ids[1]] + k[ids[2]] + k[ids[3]] +
                            k[ids[4]] + k[ids[5]] + k[ids[6]],
                        0};
#if defined(__GNUC__)
    if (__builtin_expect((s.key & HS_POKER_STATE_FLUSH) != 0, 0))
#else
    if (s.key & HS_POKER_STATE_FLUSH)
#endif
        for (int j = 0; j < 7; j++)
            s.mask |= hs_card_bit(ids[j]);
    return hs_poker_state_rank(s);
}

void hs_poker_rank7_ids_batch_scalar(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)rank7_ids(ids[i]);
}

/* The AVX-512 kernel where the CPU has it (poker_avx512.c): 1.5-1.6x the scalar loop from random
 * ids on Intel Xeon (bench/measurements.md); else the scalar one. */
void hs_poker_rank7_ids_batch(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    if (hs_poker_rank7_ids_batch_avx512(ids, n, out) != HS_OK)
        hs_poker_rank7_ids_batch_scalar(ids, n, out);
}
