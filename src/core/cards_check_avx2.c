/* The AVX2 forms of the array checks (handstat/cards.h). Compiled with per-function target
 * attributes, not a global -mavx2 (the dispatch in cards_check.c checks the CPU first). Each
 * ors its verdicts over a block of hands without a branch, and a block with a failing hand is
 * searched again by the scalar form, which names the first; so both forms give the same index. */
#include "cards_check_internal.h"
#include "handstat/cards.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define HS_AVX2 __attribute__((target("avx2")))

/* Hands per block (a multiple of 4). */
#define BLOCK 256

/* ---- masks: the card count by nibble lookups, four masks per step ---- */

/* The bits of each nibble value 0..15, in both halves. */
#define NIBBLE_BITS                                                                                \
    _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, \
                     2, 3, 2, 3, 3, 4)

/* Non-zero lanes where mask m fails: a bit above card 51, or its card count c outside
 * min..min + span (c - min > span, or c - min < 0, as signed 64-bit lanes: counts are small). */
HS_AVX2 static inline __m256i masks_bad4(__m256i m, __m256i min, __m256i span) {
    const __m256i low = _mm256_set1_epi8(0x0F), zero = _mm256_setzero_si256();
    const __m256i lo = _mm256_shuffle_epi8(NIBBLE_BITS, _mm256_and_si256(m, low));
    const __m256i hi =
        _mm256_shuffle_epi8(NIBBLE_BITS, _mm256_and_si256(_mm256_srli_epi64(m, 4), low));
    /* the eight byte counts of each 64-bit lane summed into the lane */
    const __m256i c = _mm256_sub_epi64(_mm256_sad_epu8(_mm256_add_epi8(lo, hi), zero), min);
    return _mm256_or_si256(
        _mm256_srli_epi64(m, HS_CARDS),
        _mm256_or_si256(_mm256_cmpgt_epi64(c, span), _mm256_cmpgt_epi64(zero, c)));
}

HS_AVX2 size_t hs_masks_check_avx2(const uint64_t *masks, size_t n, int min_cards, int max_cards) {
    const __m256i min = _mm256_set1_epi64x(min_cards);
    const __m256i span = _mm256_set1_epi64x(max_cards - min_cards);
    size_t i = 0;
    while (i + 4 <= n) {
        const size_t start = i;
        __m256i bad = _mm256_setzero_si256();
        for (; i - start < BLOCK && i + 4 <= n; i += 4)
            bad = _mm256_or_si256(
                bad, masks_bad4(_mm256_loadu_si256((const __m256i *)(masks + i)), min, span));
        if (!_mm256_testz_si256(bad, bad))
            return start + hs_masks_check_scalar(masks + start, i - start, min_cards, max_cards);
    }
    return i + hs_masks_check_scalar(masks + i, n - i, min_cards, max_cards);
}

/* ---- seven card ids: byte comparisons, four hands per step ---- */

HS_AVX2 size_t hs_ids7_check_avx2(const uint8_t (*ids)[7], size_t n) {
    const uint8_t *bytes = &ids[0][0];
    /* Each 128-bit half holds two hands, bytes 0-6 and 7-13 of a 16-byte load. Shifted right by
     * d bytes within the half, byte j meets byte j + d: the pairs of one hand are those with j
     * in 0..6-d or 7..13-d, which same[d] keeps. An id above 51 leaves a non-zero byte in
     * ids - 51 (saturating); bytes 14 and 15 belong to the next hands, which `own` leaves out. */
    __m256i same[7];
    for (int d = 1; d < 7; d++) {
        uint8_t keep[16] = {0};
        for (int j = 0; j < 16; j++)
            keep[j] = (uint8_t)(((j < 7 - d) || (j >= 7 && j < 14 - d)) ? 0xFF : 0);
        same[d] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)keep));
    }
    const __m256i own = _mm256_broadcastsi128_si256(
        _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0));
    const __m256i top = _mm256_set1_epi8(51);
    /* A step loads 16 bytes at hands i and i + 2: 2 bytes past hand i + 3, so it runs while
     * 7 i + 30 <= 7 n; the last hands go to the scalar form. */
    size_t i = 0;
    while (7 * i + 30 <= 7 * n) {
        const size_t start = i;
        __m256i eq[7], over = _mm256_setzero_si256();
        for (int d = 1; d < 7; d++)
            eq[d] = _mm256_setzero_si256();
        for (; i - start < BLOCK && 7 * i + 30 <= 7 * n; i += 4) {
            const __m256i v = _mm256_loadu2_m128i((const __m128i *)(bytes + 7 * i + 14),
                                                  (const __m128i *)(bytes + 7 * i));
            over = _mm256_or_si256(over, _mm256_subs_epu8(v, top));
            eq[1] = _mm256_or_si256(eq[1], _mm256_cmpeq_epi8(v, _mm256_srli_si256(v, 1)));
            eq[2] = _mm256_or_si256(eq[2], _mm256_cmpeq_epi8(v, _mm256_srli_si256(v, 2)));
            eq[3] = _mm256_or_si256(eq[3], _mm256_cmpeq_epi8(v, _mm256_srli_si256(v, 3)));
            eq[4] = _mm256_or_si256(eq[4], _mm256_cmpeq_epi8(v, _mm256_srli_si256(v, 4)));
            eq[5] = _mm256_or_si256(eq[5], _mm256_cmpeq_epi8(v, _mm256_srli_si256(v, 5)));
            eq[6] = _mm256_or_si256(eq[6], _mm256_cmpeq_epi8(v, _mm256_srli_si256(v, 6)));
        }
        __m256i bad = _mm256_and_si256(over, own);
        for (int d = 1; d < 7; d++)
            bad = _mm256_or_si256(bad, _mm256_and_si256(eq[d], same[d]));
        if (!_mm256_testz_si256(bad, bad))
            return start + hs_ids7_check_scalar(ids + start, i - start);
    }
    return i + hs_ids7_check_scalar(ids + i, n - i);
}

/* ---- masks and a card apart from each: the count as above, the card by variable shifts ---- */

HS_AVX2 size_t hs_masks_check_apart_avx2(const uint64_t *masks, const uint8_t *cards, size_t n,
                                         int min_cards, int max_cards) {
    const __m256i min = _mm256_set1_epi64x(min_cards);
    const __m256i span = _mm256_set1_epi64x(max_cards - min_cards);
    const __m256i one = _mm256_set1_epi64x(1), top = _mm256_set1_epi64x(HS_CARDS - 1);
    size_t i = 0;
    while (i + 4 <= n) {
        const size_t start = i;
        __m256i bad = _mm256_setzero_si256();
        for (; i - start < BLOCK && i + 4 <= n; i += 4) {
            int32_t four;
            __builtin_memcpy(&four, cards + i, sizeof four);
            const __m256i c = _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(four));
            const __m256i m = _mm256_loadu_si256((const __m256i *)(masks + i));
            bad = _mm256_or_si256(bad, masks_bad4(m, min, span));
            /* (mask >> card) & 1 (a shift of 64 or more gives 0), and card > 51 */
            bad = _mm256_or_si256(bad, _mm256_and_si256(_mm256_srlv_epi64(m, c), one));
            bad = _mm256_or_si256(bad, _mm256_cmpgt_epi64(c, top));
        }
        if (!_mm256_testz_si256(bad, bad))
            return start + hs_masks_check_apart_scalar(masks + start, cards + start, i - start,
                                                       min_cards, max_cards);
    }
    return i + hs_masks_check_apart_scalar(masks + i, cards + i, n - i, min_cards, max_cards);
}

#else

size_t hs_masks_check_avx2(const uint64_t *masks, size_t n, int min_cards, int max_cards) {
    return hs_masks_check_scalar(masks, n, min_cards, max_cards);
}

size_t hs_ids7_check_avx2(const uint8_t (*ids)[7], size_t n) {
    return hs_ids7_check_scalar(ids, n);
}

size_t hs_masks_check_apart_avx2(const uint64_t *masks, const uint8_t *cards, size_t n,
                                 int min_cards, int max_cards) {
    return hs_masks_check_apart_scalar(masks, cards, n, min_cards, max_cards);
}

#endif
