/* AVX2 batch poker ranking: the kernel of poker_internal.h on four hands per 256-bit vector (one
 * 64-bit lane per hand), eight hands per step, with gathers for the table lookups. Compiled
 * without a global -mavx2: only the functions marked HS_AVX2 use AVX2, and they run only after
 * hs_cpu_has_avx2() said yes. Results are bit-identical to the scalar kernel. */
#include "poker_internal.h"
#include "handstat/cpu.h"
#include "handstat/error.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <immintrin.h>

#define HS_AVX2 __attribute__((target("avx2")))

/* Gathers with a zeroed destination. A gather merges into its destination register, so the
 * hardware waits for that register's old value even under an all-ones mask; given the plain
 * _mm256_i64gather_* forms GCC reuses whatever register is free and chains each gather to an
 * unrelated earlier result (measured: 170 instead of 400 M hands/s). Hiding the all-ones mask
 * from the optimizer (an empty asm) makes it keep the zero source, which it materializes with a
 * dependency-breaking vpxor. */
#define GATHER64(table, idx, ones)                                                                 \
    _mm256_mask_i64gather_epi64(_mm256_setzero_si256(), (const long long *)(table), idx, ones, 8)
#define GATHER16(table, idx, ones)                                                                 \
    _mm256_mask_i64gather_epi32(_mm_setzero_si128(), (const int *)(table), idx,                    \
                                _mm256_castsi256_si128(ones), 2)

/* The classes of the four hands in the 64-bit lanes of m, as four 32-bit values. Step by step
 * the arithmetic of hs_poker_rank_kernel(). */
HS_AVX2 static inline __m128i rank4(__m256i m) {
    const __m256i lane = _mm256_set1_epi64x(0x1FFF);
    __m256i ones = _mm256_set1_epi64x(-1);
    __asm__("" : "+x"(ones)); /* see GATHER64 */
    /* = hs_poker_lane[lane 0] + ... + hs_poker_lane[lane 3]: key (bits 0-31) and flush class */
    __m256i v0 = GATHER64(hs_poker_lane, _mm256_and_si256(m, lane), ones);
    __m256i v1 = GATHER64(hs_poker_lane, _mm256_and_si256(_mm256_srli_epi64(m, 13), lane), ones);
    __m256i v2 = GATHER64(hs_poker_lane, _mm256_and_si256(_mm256_srli_epi64(m, 26), lane), ones);
    __m256i v3 = GATHER64(hs_poker_lane, _mm256_and_si256(_mm256_srli_epi64(m, 39), lane), ones);
    __m256i v = _mm256_add_epi64(_mm256_add_epi64(v0, v1), _mm256_add_epi64(v2, v3));

    /* = hs_poker_hash_bucket(key, M1): the low half of key * M1, top BUCKET_BITS of it */
    __m256i p1 = _mm256_mul_epu32(v, _mm256_set1_epi64x(HS_POKER_HASH_M1));
    __m256i bucket = _mm256_srli_epi64(_mm256_slli_epi64(p1, 32), 64 - HS_POKER_HASH_BUCKET_BITS);
    /* = hs_poker_disp[bucket] << 16: a 32-bit gather at byte 2 * bucket (the table is padded by
     * one entry), whose upper 16 bits (the next entry) the shift drops */
    __m128i d = _mm_slli_epi32(GATHER16(hs_poker_disp, bucket, ones), 16);
    /* = hs_poker_hash_slot(key, M2, d): (key * M2 ^ d << 16) * SLOTS >> 32; mul_epu32 reads only
     * the low 32 bits of each lane, so the high half of key * M2 does not matter */
    __m256i x = _mm256_xor_si256(_mm256_mul_epu32(v, _mm256_set1_epi64x(HS_POKER_HASH_M2)),
                                 _mm256_cvtepu32_epi64(d));
    __m256i slot =
        _mm256_srli_epi64(_mm256_mul_epu32(x, _mm256_set1_epi64x(HS_POKER_HASH_SLOTS)), 32);
    /* = hs_poker_class[slot] (32-bit gather, low 16 bits) */
    __m128i cls = _mm_and_si128(GATHER16(hs_poker_class, slot, ones), _mm_set1_epi32(0xFFFF));
    /* the flush classes: the high halves of v */
    __m128i flush = _mm256_castsi256_si128(
        _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(1, 3, 5, 7, 1, 3, 5, 7)));
    /* = flush != 0 ? flush : cls */
    return _mm_blendv_epi8(flush, cls, _mm_cmpeq_epi32(flush, _mm_setzero_si128()));
}

HS_AVX2 static inline __m256i load4(const uint64_t *p) {
    return _mm256_loadu_si256((const __m256i *)p);
}

HS_AVX2 void hs_poker_avx2_rank_masks(const uint64_t *hands, size_t n, uint16_t *classes) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m128i lo = rank4(load4(hands + i)), hi = rank4(load4(hands + i + 4));
        /* classes are <= 7462: the unsigned saturation never bites */
        _mm_storeu_si128((__m128i *)(classes + i), _mm_packus_epi32(lo, hi));
    }
    for (; i < n; i++)
        classes[i] = (uint16_t)hs_poker_rank_kernel(hands[i]);
}

/* The masks of the four hands ids[0..3], one per 64-bit lane. Reads 30 bytes from ids[0]: two
 * bytes past the fourth hand, which the caller guarantees exist. Each 128-bit half holds two
 * hands (14 bytes); for card j, a byte shuffle moves byte j and byte 7 + j of the half to the
 * bottom of its two 64-bit lanes, and a variable shift turns the id into its bit. */
HS_AVX2 static inline __m256i masks4(const uint8_t (*ids)[7]) {
    const uint8_t *b = ids[0];
    __m256i bytes =
        _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)b)),
                                _mm_loadu_si128((const __m128i *)(b + 14)), 1);
    const __m256i one = _mm256_set1_epi64x(1);
    __m256i m = _mm256_setzero_si256();
    for (int j = 0; j < 7; j++) {
        const char z = (char)0x80; /* a shuffle index with the top bit set writes zero */
        __m256i pick =
            _mm256_setr_epi8((char)j, z, z, z, z, z, z, z, (char)(7 + j), z, z, z, z, z, z, z,
                             (char)j, z, z, z, z, z, z, z, (char)(7 + j), z, z, z, z, z, z, z);
        /* = 1 << ids[h][j] in lane h */
        m = _mm256_or_si256(m, _mm256_sllv_epi64(one, _mm256_shuffle_epi8(bytes, pick)));
    }
    return m;
}

HS_AVX2 void hs_poker_avx2_rank7_ids(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    size_t i = 0;
    /* i + 8 < n: masks4() of the second four reads two bytes of hand i + 8 */
    for (; i + 8 < n; i += 8) {
        __m128i lo = rank4(masks4(ids + i)), hi = rank4(masks4(ids + i + 4));
        _mm_storeu_si128((__m128i *)(out + i), _mm_packus_epi32(lo, hi));
    }
    for (; i < n; i++)
        out[i] = (uint16_t)hs_poker_rank_kernel(hs_poker_ids7_mask(ids[i]));
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

void hs_poker_avx2_rank7_ids(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)hs_poker_rank_kernel(hs_poker_ids7_mask(ids[i]));
}

int hs_poker_rank_batch_avx2(const uint64_t *hands, size_t n, uint16_t *classes) {
    (void)hands;
    (void)n;
    (void)classes;
    return HS_ERR_ARG;
}

#endif
