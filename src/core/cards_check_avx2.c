/* The AVX2 form of hs_ids7_check: four hands per step. Compiled with a per-function target
 * attribute, not a global -mavx2 (the dispatcher in cards_check.c checks the CPU first). The
 * same test as the scalar form, lane for lane: each id's bit 1 << min(id, 63), summed and or-ed
 * per hand; the two differ exactly when an id repeats, and an id above 51 sets a bit above 51. */
#include "cards_check_internal.h"
#include "handstat/cards.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define HS_AVX2 __attribute__((target("avx2")))

/* Hands per block (a multiple of 4): the block's verdicts are or-ed, and the scalar form finds
 * the failing hand only in a block that has one. */
#define BLOCK 256

HS_AVX2 size_t hs_ids7_check_avx2(const uint8_t (*ids)[7], size_t n) {
    const uint8_t *bytes = &ids[0][0];
    const __m256i one = _mm256_set1_epi64x(1), cap = _mm256_set1_epi8(63);
    /* Each 128-bit half holds two hands (bytes 0-6 and 7-13 of a 16-byte load); pick[k] moves
     * card k of the first to byte 0 of the half's low 64-bit lane and card k of the second to
     * byte 8, the high lane, and zeroes every other byte (index bit 7 set). */
    __m256i pick[7];
    for (int k = 0; k < 7; k++) {
        const __m128i half = _mm_setr_epi8((char)k, -1, -1, -1, -1, -1, -1, -1, (char)(7 + k), -1,
                                           -1, -1, -1, -1, -1, -1);
        pick[k] = _mm256_broadcastsi128_si256(half);
    }
    /* A step loads 16 bytes at hands i and i + 2: 2 bytes past hand i + 3, so it runs while
     * 7 i + 30 <= 7 n; the last hands go to the scalar form. */
    size_t i = 0;
    while (7 * i + 30 <= 7 * n) {
        const size_t start = i;
        __m256i bad = _mm256_setzero_si256();
        for (; i - start < BLOCK && 7 * i + 30 <= 7 * n; i += 4) {
            __m256i v = _mm256_loadu2_m128i((const __m128i *)(bytes + 7 * i + 14),
                                            (const __m128i *)(bytes + 7 * i));
            v = _mm256_min_epu8(v, cap);
            __m256i sum = _mm256_setzero_si256(), all = sum;
            for (int k = 0; k < 7; k++) {
                const __m256i bit = _mm256_sllv_epi64(one, _mm256_shuffle_epi8(v, pick[k]));
                sum = _mm256_add_epi64(sum, bit);
                all = _mm256_or_si256(all, bit);
            }
            bad = _mm256_or_si256(
                bad, _mm256_or_si256(_mm256_xor_si256(sum, all), _mm256_srli_epi64(sum, HS_CARDS)));
        }
        if (!_mm256_testz_si256(bad, bad))
            return start + hs_ids7_check_scalar(ids + start, i - start);
    }
    return i + hs_ids7_check_scalar(ids + i, n - i);
}

#else

size_t hs_ids7_check_avx2(const uint8_t (*ids)[7], size_t n) {
    return hs_ids7_check_scalar(ids, n);
}

#endif
