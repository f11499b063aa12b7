/* Batch poker ranking: the scalar path, the card-id entry point and the runtime dispatch. The
 * AVX2 path is in poker_avx2.c. */
#include "poker_internal.h"
#include "handstat/error.h"
#include "handstat/poker_state.h"

#include <assert.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/* The class of seven card ids: their incremental states added (SSE2, part of every x86-64:
 * the 16-byte card states in one add each) and ranked. From random ids this measured faster than
 * the AVX2 kernel on card masks, whose gathers cost more than the card loads they replace. */
static inline int rank7_ids(const uint8_t ids[7]) {
    assert(hs_poker_ids7_mask(ids) != 0); /* ids in range and distinct */
    hs_poker_state s;
#if defined(__SSE2__)
    const __m128i *c = (const __m128i *)(const void *)hs_poker_state_cards;
    __m128i a = _mm_add_epi64(_mm_loadu_si128(c + ids[0]), _mm_loadu_si128(c + ids[1]));
    __m128i b = _mm_add_epi64(_mm_loadu_si128(c + ids[2]), _mm_loadu_si128(c + ids[3]));
    __m128i d = _mm_add_epi64(_mm_loadu_si128(c + ids[4]), _mm_loadu_si128(c + ids[5]));
    __m128i e = _mm_add_epi64(_mm_loadu_si128(c + ids[6]),
                              _mm_set_epi64x(0, (long long)HS_POKER_STATE_BIAS));
    _mm_storeu_si128((__m128i *)(void *)&s,
                     _mm_add_epi64(_mm_add_epi64(a, b), _mm_add_epi64(d, e)));
#else
    s = hs_poker_state_empty();
    for (int j = 0; j < 7; j++)
        s = hs_poker_state_add(s, ids[j]);
#endif
    return hs_poker_state_rank(s);
}

void hs_poker_rank7_ids_batch(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)rank7_ids(ids[i]);
}
