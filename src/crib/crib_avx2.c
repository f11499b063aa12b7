/* The AVX2 batch kernel of the cribbage scorer: four hands per step, table lookups by gathers.
 * Compiled with a per-function target attribute, not a global -mavx2, so that the library still
 * runs on CPUs without AVX2 (the dispatcher checks first). Same arithmetic as the scalar kernel in
 * crib_internal.h, lane for lane. */
#include "crib_internal.h"
#include "handstat/cpu.h"
#include "handstat/error.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#include <string.h>

#define HS_AVX2 __attribute__((target("avx2")))

HS_AVX2 static void batch4(const uint64_t *hands, const uint8_t *starters, hs_crib_rules rules,
                           uint8_t *totals) {
    const __m256i lane_mask = _mm256_set1_epi64x(0x1FFF);
    const __m256i one = _mm256_set1_epi64x(1);
    const __m256i zero = _mm256_setzero_si256();
    __m256i hand = _mm256_loadu_si256((const __m256i *)hands);
    uint32_t s4;
    memcpy(&s4, starters, sizeof s4);
    __m256i starter = _mm256_cvtepu8_epi64(_mm_cvtsi32_si128((int)s4));
    __m256i all = _mm256_or_si256(hand, _mm256_sllv_epi64(one, starter));

    /* key = lane_key[lane 0] + .. + lane_key[lane 3] (crib_tables.h) */
    __m128i key =
        _mm256_i64gather_epi32((const int *)hs_crib_lane_key, _mm256_and_si256(all, lane_mask), 4);
    for (int s = 1; s < HS_SUITS; s++) {
        __m256i lane = _mm256_and_si256(_mm256_srli_epi64(all, 13 * s), lane_mask);
        key = _mm_add_epi32(key, _mm256_i64gather_epi32((const int *)hs_crib_lane_key, lane, 4));
    }
    /* the 16-bit entry: a 32-bit gather at byte offset 2 * key (the table has a spare entry) */
    __m128i part = _mm_i32gather_epi32((const int *)hs_crib_key_part, key, 2);
    __m128i base = _mm_srli_epi32(_mm_and_si128(part, _mm_set1_epi32(0xFFFF)), 11);

    /* Flush: the hand (four) or hand and starter (five) lie in one suit's lane. */
    __m256i four = zero, five = zero;
    for (int s = 0; s < HS_SUITS; s++) {
        __m256i outside =
            _mm256_set1_epi64x((long long)(HS_DECK_MASK & ~(UINT64_C(0x1FFF) << (13 * s))));
        four = _mm256_or_si256(four, _mm256_cmpeq_epi64(_mm256_and_si256(hand, outside), zero));
        five = _mm256_or_si256(five, _mm256_cmpeq_epi64(_mm256_and_si256(all, outside), zero));
    }
    __m256i flush = rules == HS_CRIB_CRIB
                        ? _mm256_and_si256(five, _mm256_set1_epi64x(5))
                        : _mm256_add_epi64(_mm256_and_si256(four, _mm256_set1_epi64x(4)),
                                           _mm256_and_si256(five, one));
    /* Nobs: bit (13 * starter suit + jack) of the hand; the suit is how many of 12, 25, 38 the
     * starter exceeds (each compare gives -1). */
    __m256i suit = _mm256_sub_epi64(
        zero,
        _mm256_add_epi64(_mm256_add_epi64(_mm256_cmpgt_epi64(starter, _mm256_set1_epi64x(12)),
                                          _mm256_cmpgt_epi64(starter, _mm256_set1_epi64x(25))),
                         _mm256_cmpgt_epi64(starter, _mm256_set1_epi64x(38))));
    __m256i shift = _mm256_add_epi64(_mm256_mul_epu32(suit, _mm256_set1_epi64x(13)),
                                     _mm256_set1_epi64x(HS_JACK));
    __m256i nobs = _mm256_and_si256(_mm256_srlv_epi64(hand, shift), one);

    /* Low halves of the four 64-bit sums, next to the four 32-bit bases. */
    __m256i extra = _mm256_add_epi64(flush, nobs);
    __m128i extra32 = _mm256_castsi256_si128(
        _mm256_permutevar8x32_epi32(extra, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
    __m128i total = _mm_add_epi32(base, extra32);
    __m128i bytes = _mm_packus_epi16(_mm_packus_epi32(total, total), _mm_setzero_si128());
    uint32_t out = (uint32_t)_mm_cvtsi128_si32(bytes);
    memcpy(totals, &out, sizeof out);
}

int hs_crib_total_batch_avx2(const uint64_t *hands, const uint8_t *starters, size_t n,
                             hs_crib_rules rules, uint8_t *totals) {
    if (!hs_cpu_has_avx2())
        return HS_ERR_ARG;
    size_t i = 0;
    for (; i + 4 <= n; i += 4)
        batch4(hands + i, starters + i, rules, totals + i);
    hs_crib_total_batch_scalar(hands + i, starters + i, n - i, rules, totals + i);
    return HS_OK;
}

#else

int hs_crib_total_batch_avx2(const uint64_t *hands, const uint8_t *starters, size_t n,
                             hs_crib_rules rules, uint8_t *totals) {
    (void)hands, (void)starters, (void)n, (void)rules, (void)totals;
    return HS_ERR_ARG;
}

#endif
