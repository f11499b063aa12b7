/* AVX2 batch poker ranking: the kernel of poker_internal.h on eight hands per step, one 32-bit
 * lane per hand, with gathers for the table lookups. Compiled without a global -mavx2: only the
 * functions marked HS_AVX2 use AVX2, and they run only after hs_cpu_has_avx2() said yes. Results
 * are bit-identical to the scalar kernel. */
#include "poker_internal.h"
#include "handstat/cpu.h"
#include "handstat/error.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <immintrin.h>

#define HS_AVX2 __attribute__((target("avx2")))

/* Gathers with a zeroed destination. A gather merges into its destination register, so the
 * hardware waits for that register's old value even under an all-ones mask; given the plain
 * _mm256_i32gather_* forms GCC reuses whatever register is free and chains each gather to an
 * unrelated earlier result (measured: less than half the speed). Hiding the all-ones mask from
 * the optimizer (an empty asm) makes it keep the zero source, which it materializes with a
 * dependency-breaking vpxor. GATHER16 reads 32 bits at a 16-bit entry (the tables it reads are
 * padded by one entry); the caller keeps the low half. */
#define GATHER32(table, idx, ones)                                                                 \
    _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)(table), idx, ones, 4)
#define GATHER16(table, idx, ones)                                                                 \
    _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)(table), idx, ones, 2)

/* The low and the high 32 bits of eight 64-bit masks (four in a, four in b), as two vectors of
 * eight 32-bit lanes in hand order. */
HS_AVX2 static inline void split8(__m256i a, __m256i b, __m256i *lo, __m256i *hi) {
    const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    __m256i x = _mm256_permutevar8x32_epi32(a, even), y = _mm256_permutevar8x32_epi32(b, even);
    *lo = _mm256_permute2x128_si256(x, y, 0x20);
    *hi = _mm256_permute2x128_si256(x, y, 0x31);
}

/* The classes of the eight hands whose masks are lo | hi << 32 (lane by lane), written to out.
 * Step by step the arithmetic of hs_poker_rank_kernel(); the rare lanes with a flush are
 * finished by the scalar kernel from `masks`. */
HS_AVX2 static inline void rank8(__m256i lo, __m256i hi, const uint64_t *masks, uint16_t *out) {
    const __m256i lane = _mm256_set1_epi32(0x1FFF);
    __m256i ones = _mm256_set1_epi32(-1);
    __asm__("" : "+x"(ones)); /* see GATHER32 */
    /* = the four suit lanes: mask bits 0-12, 13-25, 26-38, 39-51 */
    __m256i s0 = _mm256_and_si256(lo, lane), s1 = _mm256_and_si256(_mm256_srli_epi32(lo, 13), lane);
    __m256i s2 = _mm256_and_si256(
        _mm256_or_si256(_mm256_srli_epi32(lo, 26), _mm256_slli_epi32(hi, 6)), lane);
    __m256i s3 = _mm256_srli_epi32(hi, 7);
    /* = hs_poker_lanes(): the rank key, bit 31 for a suit of five */
    __m256i v = _mm256_add_epi32(
        _mm256_add_epi32(GATHER32(hs_poker_lane, s0, ones), GATHER32(hs_poker_lane, s1, ones)),
        _mm256_add_epi32(GATHER32(hs_poker_lane, s2, ones), GATHER32(hs_poker_lane, s3, ones)));
    /* = hs_poker_key_class(): key + row[key >> SHIFT], then the class there. A lane with a flush
     * has bit 31 set: its row index is out of range, so it is masked out of the gathers. */
    __m256i noflush = _mm256_cmpgt_epi32(v, _mm256_set1_epi32(-1));
    __m256i row = _mm256_srli_epi32(_mm256_and_si256(v, noflush), HS_POKER_ROW_SHIFT);
    __m256i slot = _mm256_add_epi32(v, GATHER32(hs_poker_row, row, ones));
    slot = _mm256_and_si256(slot, noflush);
    __m256i cls = _mm256_and_si256(GATHER16(hs_poker_class, slot, ones), _mm256_set1_epi32(0xFFFF));
    /* eight 16-bit classes: pack within the 128-bit halves, then bring the halves together */
    __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(cls, cls), 0x08);
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(packed));
    int flushes = _mm256_movemask_ps(_mm256_castsi256_ps(v));
    while (flushes) {
        int j = __builtin_ctz((unsigned)flushes);
        out[j] = (uint16_t)hs_poker_flush_class(masks[j]);
        flushes &= flushes - 1;
    }
}

HS_AVX2 static inline __m256i load4(const uint64_t *p) {
    return _mm256_loadu_si256((const __m256i *)p);
}

HS_AVX2 void hs_poker_avx2_rank_masks(const uint64_t *hands, size_t n, uint16_t *classes) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i lo, hi;
        split8(load4(hands + i), load4(hands + i + 4), &lo, &hi);
        rank8(lo, hi, hands + i, classes + i);
    }
    for (; i < n; i++)
        classes[i] = (uint16_t)hs_poker_rank_kernel(hands[i]);
}

int hs_poker_rank_batch_avx2(const uint64_t *hands, size_t n, uint16_t *classes) {
    if (!hs_cpu_has_avx2())
        return HS_ERR_ARG;
    hs_poker_avx2_rank_masks(hands, n, classes);
    return HS_OK;
}

#else /* not x86-64: no AVX2 path; hs_cpu_has_avx2() is 0, so these are never reached */

void hs_poker_avx2_rank_masks(const uint64_t *hands, size_t n, uint16_t *classes) {
    hs_poker_rank_batch_scalar(hands, n, classes);
}

int hs_poker_rank_batch_avx2(const uint64_t *hands, size_t n, uint16_t *classes) {
    (void)hands;
    (void)n;
    (void)classes;
    return HS_ERR_ARG;
}

#endif
