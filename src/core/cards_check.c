/* Checks of arrays of hands before a batch kernel takes them (handstat/cards.h). Each scans in
 * blocks whose verdicts are or-ed without a branch per hand (so the compiler can vectorize the
 * scan), and looks for the first failing hand only inside a block that has one. */
#include "handstat/cards.h"
#include "handstat/cpu.h"
#include "cards_check_internal.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Hands per block: small enough to stay in L1 when a block is scanned twice. */
#define BLOCK 256

/* The cards of a mask: the plain bit count by halving sums (the popcnt instruction is not in
 * x86-64's baseline, and __builtin_popcountll would call the compiler runtime per hand). */
static inline unsigned count_cards(uint64_t m) {
    m = m - ((m >> 1) & UINT64_C(0x5555555555555555));
    m = (m & UINT64_C(0x3333333333333333)) + ((m >> 2) & UINT64_C(0x3333333333333333));
    m = (m + (m >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (unsigned)((m * UINT64_C(0x0101010101010101)) >> 56);
}

/* Non-zero when mask m fails: a bit above card 51, or a count outside min..min + span. The
 * count test is one unsigned comparison (a count below min wraps to a large value). */
static inline uint64_t mask_bad(uint64_t m, unsigned min, unsigned span) {
    return (m >> HS_CARDS) | (uint64_t)(count_cards(m) - min > span);
}

size_t hs_masks_check_scalar(const uint64_t *masks, size_t n, int min_cards, int max_cards) {
    const unsigned min = (unsigned)min_cards, span = (unsigned)(max_cards - min_cards);
    for (size_t b = 0; b < n; b += BLOCK) {
        const size_t end = n - b < BLOCK ? n : b + BLOCK;
        uint64_t bad = 0;
        for (size_t i = b; i < end; i++)
            bad |= mask_bad(masks[i], min, span);
        if (bad != 0)
            for (size_t i = b; i < end; i++)
                if (mask_bad(masks[i], min, span) != 0)
                    return i;
    }
    return n;
}

/* Non-zero when hand p fails. Each id's bit 1 << min(id, 63): the bits of distinct ids sum to
 * their union, a repeated id carries (sum != union), and an id above 51 sets a bit above 51. */
static inline uint64_t ids7_bad(const uint8_t p[7]) {
    uint64_t sum = 0, all = 0;
    for (int k = 0; k < 7; k++) {
        const uint64_t bit = UINT64_C(1) << (p[k] < 63 ? p[k] : 63);
        sum += bit;
        all |= bit;
    }
    return (sum ^ all) | (sum >> HS_CARDS);
}

/* One hand at a time (the block's verdicts or-ed without a branch). */
static size_t ids7_plain(const uint8_t (*ids)[7], size_t n) {
    for (size_t b = 0; b < n; b += BLOCK) {
        const size_t end = n - b < BLOCK ? n : b + BLOCK;
        uint64_t bad = 0;
        for (size_t i = b; i < end; i++)
            bad |= ids7_bad(ids[i]);
        if (bad != 0)
            for (size_t i = b; i < end; i++)
                if (ids7_bad(ids[i]) != 0)
                    return i;
    }
    return n;
}

#if defined(__SSE2__)
/* The scalar form where the compiler has SSE2, x86-64's baseline (every x86-64 CPU runs it; the
 * plain loop above took as long as ranking the hands): two hands per 16-byte load, bytes 0-6
 * and 7-13. Shifted right by d bytes, byte j meets byte j + d; the pairs of one hand are those
 * with j in 0..6-d or 7..13-d (same[d]). An id above 51 leaves a non-zero byte in ids - 51
 * (saturating); bytes 14 and 15 belong to the next hand and are left out (own). A block with a
 * failing hand is searched again hand by hand. */
size_t hs_ids7_check_scalar(const uint8_t (*ids)[7], size_t n) {
    const uint8_t *bytes = &ids[0][0];
    __m128i same[7];
    for (int d = 1; d < 7; d++) {
        uint8_t keep[16];
        for (int j = 0; j < 16; j++)
            keep[j] = (uint8_t)(((j < 7 - d) || (j >= 7 && j < 14 - d)) ? 0xFF : 0);
        same[d] = _mm_loadu_si128((const __m128i *)keep);
    }
    const __m128i own = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0);
    const __m128i top = _mm_set1_epi8(51);
    size_t i = 0;
    /* a load at hand i reads 2 bytes past hand i + 1: while 7 i + 16 <= 7 n */
    while (7 * i + 16 <= 7 * n) {
        const size_t start = i;
        __m128i over = _mm_setzero_si128(), eq[7];
        for (int d = 1; d < 7; d++)
            eq[d] = _mm_setzero_si128();
        for (; i - start < BLOCK && 7 * i + 16 <= 7 * n; i += 2) {
            const __m128i v = _mm_loadu_si128((const __m128i *)(bytes + 7 * i));
            over = _mm_or_si128(over, _mm_subs_epu8(v, top));
            eq[1] = _mm_or_si128(eq[1], _mm_cmpeq_epi8(v, _mm_srli_si128(v, 1)));
            eq[2] = _mm_or_si128(eq[2], _mm_cmpeq_epi8(v, _mm_srli_si128(v, 2)));
            eq[3] = _mm_or_si128(eq[3], _mm_cmpeq_epi8(v, _mm_srli_si128(v, 3)));
            eq[4] = _mm_or_si128(eq[4], _mm_cmpeq_epi8(v, _mm_srli_si128(v, 4)));
            eq[5] = _mm_or_si128(eq[5], _mm_cmpeq_epi8(v, _mm_srli_si128(v, 5)));
            eq[6] = _mm_or_si128(eq[6], _mm_cmpeq_epi8(v, _mm_srli_si128(v, 6)));
        }
        __m128i bad = _mm_and_si128(over, own);
        for (int d = 1; d < 7; d++)
            bad = _mm_or_si128(bad, _mm_and_si128(eq[d], same[d]));
        /* (a byte of ids - 51 may be small: test every byte for zero, not its top bit) */
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(bad, _mm_setzero_si128())) != 0xFFFF)
            return start + ids7_plain(ids + start, i - start);
    }
    return i + ids7_plain(ids + i, n - i);
}
#else
size_t hs_ids7_check_scalar(const uint8_t (*ids)[7], size_t n) {
    return ids7_plain(ids, n);
}
#endif

/* Non-zero when card c is not 0..51 or is in mask m (c & 63 keeps the shift defined; a card
 * from 52 up fails by the first test whatever the shift finds). */
static inline uint64_t apart_bad(uint64_t m, unsigned c) {
    return (uint64_t)(c >= HS_CARDS) | ((m >> (c & 63)) & 1);
}

size_t hs_masks_check_apart_scalar(const uint64_t *masks, const uint8_t *cards, size_t n,
                                   int min_cards, int max_cards) {
    const unsigned min = (unsigned)min_cards, span = (unsigned)(max_cards - min_cards);
    for (size_t b = 0; b < n; b += BLOCK) {
        const size_t end = n - b < BLOCK ? n : b + BLOCK;
        /* two loops over the block (in L1 for the second): the first vectorizes, and fused with
         * the variable shifts of the second it did not: 3.1 ns a hand fused, 1.9 in two loops */
        uint64_t bad = 0;
        for (size_t i = b; i < end; i++)
            bad |= mask_bad(masks[i], min, span);
        for (size_t i = b; i < end; i++)
            bad |= apart_bad(masks[i], cards[i]);
        if (bad != 0)
            for (size_t i = b; i < end; i++)
                if ((mask_bad(masks[i], min, span) | apart_bad(masks[i], cards[i])) != 0)
                    return i;
    }
    return n;
}

/* ---- the dispatch: AVX2 where the CPU has it (hs_cpu_has_avx2 reads a cached answer) ---- */

size_t hs_masks_check(const uint64_t *masks, size_t n, int min_cards, int max_cards) {
    return hs_cpu_has_avx2() ? hs_masks_check_avx2(masks, n, min_cards, max_cards)
                             : hs_masks_check_scalar(masks, n, min_cards, max_cards);
}

size_t hs_ids7_check(const uint8_t (*ids)[7], size_t n) {
    return hs_cpu_has_avx2() ? hs_ids7_check_avx2(ids, n) : hs_ids7_check_scalar(ids, n);
}

size_t hs_masks_check_apart(const uint64_t *masks, const uint8_t *cards, size_t n, int min_cards,
                            int max_cards) {
    return hs_cpu_has_avx2() ? hs_masks_check_apart_avx2(masks, cards, n, min_cards, max_cards)
                             : hs_masks_check_apart_scalar(masks, cards, n, min_cards, max_cards);
}
