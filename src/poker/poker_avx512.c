/* AVX-512 poker ranking: sixteen hands per step, one 32-bit lane per hand, the two hash lookups
 * (row offset, then class) as gathers. Two kernels:
 *   - seven card ids per hand (hs_poker_rank7_ids_batch): the ids are coded (rank, suit) and
 *     moved four to a lane by byte permutes, then turned into rank keys and suit counters by
 *     dword permutes of one-vector tables, so the only memory reads are the ids and the two
 *     gathers; flushes (about 3% of random hands) are collected and finished after the loop;
 *   - one hand state joined with each two-card set below a card (hs_poker_state_rank_pairs), or
 *     with each three-card set (hs_poker_state_rank_triples: the third card added, then the
 *     pairs below it): the pairs' keys are read in order, and where the state holds three or
 *     more cards of a suit the flushes are a third, masked gather from the flush table.
 * Compiled without a global -mavx512*: only the functions marked HS_AVX512 use it, and they run
 * only after hs_cpu_has_avx512() said yes. Results are bit-identical to the scalar kernels (the
 * tests compare them on every hand). */
#include "poker_internal.h"
#include "handstat/cpu.h"
#include "handstat/error.h"
#include "handstat/poker_state.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <immintrin.h>

#define HS_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi")))

/* The flush class of seven card ids (a flush known to be there). */
static inline uint16_t flush7(const uint8_t ids[7]) {
    uint64_t m = 0;
    for (int j = 0; j < 7; j++)
        m |= hs_card_bit(ids[j]);
    return (uint16_t)hs_poker_flush_class(m);
}

/* The classes of `n` (at most 4096) hands of seven ids; the flush hands' indices are gathered in
 * `flushes` (room for n + 16) and finished after the loop. */
HS_AVX512 static void ids_block(const uint8_t (*ids)[7], size_t n, uint16_t *out,
                                uint32_t *flushes) {
    const __m512i code = _mm512_loadu_si512(hs_poker_id_code);
    const __m512i keys = _mm512_loadu_si512(hs_poker_rank_key16);
    const __m512i suit_one = _mm512_loadu_si512(hs_poker_suit_one16);
    const __m512i bias = _mm512_set1_epi32(0x3333), five = _mm512_set1_epi32(0x8888);
    const __m512i low16 = _mm512_set1_epi32(0xFFFF);
    const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    /* Byte moves of the 112 bytes of 16 hands (hand h's card j at byte 7 h + j): lo puts cards
     * 0-3 of hand h in the bytes of lane h, hi cards 4-6 (and a fourth byte that is not read). */
    uint8_t lo_pick[64], hi_pick[64];
    for (int h = 0; h < 16; h++)
        for (int j = 0; j < 4; j++) {
            lo_pick[4 * h + j] = (uint8_t)(7 * h + j);
            hi_pick[4 * h + j] = (uint8_t)(7 * h + 4 + (j < 3 ? j : 0));
        }
    const __m512i lo = _mm512_loadu_si512(lo_pick), hi = _mm512_loadu_si512(hi_pick);
    size_t nf = 0, i = 0;
    for (; i + 16 <= n; i += 16) {
        const uint8_t *p = ids[i];
        /* the 112 bytes, each id turned into its rank (bits 0-3) and suit (bits 4-5) */
        __m512i a = _mm512_permutexvar_epi8(_mm512_loadu_si512(p), code);
        __m512i b =
            _mm512_permutexvar_epi8(_mm512_maskz_loadu_epi8(0xFFFFFFFFFFFFull, p + 64), code);
        __m512i x = _mm512_permutex2var_epi8(a, lo, b);
        __m512i y = _mm512_permutex2var_epi8(a, hi, b);
        /* each card in turn in the low byte of x or y: a dword permute reads only its low 4 bits,
         * so the rank picks the rank key and, shifted by 4, the suit picks its counter's one */
        __m512i key =
            _mm512_add_epi32(_mm512_permutexvar_epi32(x, keys), _mm512_permutexvar_epi32(y, keys));
        __m512i suits = _mm512_add_epi32(
            _mm512_add_epi32(bias, _mm512_permutexvar_epi32(_mm512_srli_epi32(x, 4), suit_one)),
            _mm512_permutexvar_epi32(_mm512_srli_epi32(y, 4), suit_one));
        for (int j = 1; j < 4; j++) {
            x = _mm512_srli_epi32(x, 8);
            key = _mm512_add_epi32(key, _mm512_permutexvar_epi32(x, keys));
            suits = _mm512_add_epi32(suits,
                                     _mm512_permutexvar_epi32(_mm512_srli_epi32(x, 4), suit_one));
            if (j < 3) {
                y = _mm512_srli_epi32(y, 8);
                key = _mm512_add_epi32(key, _mm512_permutexvar_epi32(y, keys));
                suits = _mm512_add_epi32(
                    suits, _mm512_permutexvar_epi32(_mm512_srli_epi32(y, 4), suit_one));
            }
        }
        __mmask16 f = _mm512_test_epi32_mask(suits, five), nof = (__mmask16)~f;
        __m512i row = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), nof,
                                                  _mm512_srli_epi32(key, HS_POKER_ROW_SHIFT),
                                                  (const int *)hs_poker_row, 4);
        __m512i cls =
            _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), nof, _mm512_add_epi32(key, row),
                                        (const int *)hs_poker_class, 2);
        _mm256_storeu_si256((__m256i *)(out + i),
                            _mm512_cvtepi32_epi16(_mm512_and_si512(cls, low16)));
        _mm512_mask_compressstoreu_epi32(flushes + nf, f,
                                         _mm512_add_epi32(iota, _mm512_set1_epi32((int)i)));
        nf += (size_t)__builtin_popcount(f);
    }
    for (size_t q = 0; q < nf; q++)
        out[flushes[q]] = flush7(ids[flushes[q]]);
    for (; i < n; i++)
        out[i] = (uint16_t)hs_poker_rank_kernel(hs_poker_ids7_mask(ids[i]));
}

HS_AVX512 static void ids_avx512(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    enum { BLOCK = 4096 };
    uint32_t flushes[BLOCK + 16];
    for (size_t i = 0; i < n; i += BLOCK)
        ids_block(ids + i, n - i < BLOCK ? n - i : BLOCK, out + i, flushes);
}

int hs_poker_rank7_ids_batch_avx512(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    if (!hs_cpu_has_avx512())
        return HS_ERR_ARG;
#ifndef NDEBUG
    for (size_t i = 0; i < n; i++)
        assert(hs_poker_ids7_mask(ids[i]) != 0);
#endif
    ids_avx512(ids, n, out);
    return HS_OK;
}

/* s joined with each pair p < np (hs_poker_state_pairs order). Inlined into both entry points:
 * a call per state of five cards measured 11% slower over all seven-card hands than the same
 * loop inside the triples kernel. */
HS_AVX512 static inline __attribute__((always_inline)) void pairs_avx512(hs_poker_state s, int np,
                                                                         uint16_t *out) {
    const __m512i key = _mm512_set1_epi32((int)(uint32_t)s.key), low16 = _mm512_set1_epi32(0xFFFF);
    const uint32_t suits = (uint32_t)(s.key >> 32); /* counters, each starting at 3 */
    /* A flush needs five of a suit; a pair adds two cards, so only a suit of which s holds three
     * or more can make one, and with at most five cards in s there is at most one such suit. */
    int suit = -1;
    for (int u = 0; u < 4; u++)
        if (((suits >> 4 * u) & 0xF) >= 3 + 3)
            suit = u;
    if (suit < 0) {
        for (int p = 0; p < np; p += 16) {
            __mmask16 m = np - p >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (np - p)) - 1);
            __m512i k = _mm512_add_epi32(key, _mm512_maskz_loadu_epi32(m, hs_poker_pair_key + p));
            __m512i row = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m,
                                                      _mm512_srli_epi32(k, HS_POKER_ROW_SHIFT),
                                                      (const int *)hs_poker_row, 4);
            __m512i cls =
                _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, _mm512_add_epi32(k, row),
                                            (const int *)hs_poker_class, 2);
            _mm256_mask_storeu_epi16(out + p, m,
                                     _mm512_cvtepi32_epi16(_mm512_and_si512(cls, low16)));
        }
        return;
    }
    const __m512i lane = _mm512_set1_epi32((int)((s.mask >> (HS_RANKS * suit)) & 0x1FFF));
    const __m512i counters = _mm512_set1_epi32((int)(suits - 0x3333)); /* the pairs carry the 3s */
    const __m512i five = _mm512_set1_epi32(0x8888);
    const uint16_t *pair_lane = hs_poker_pair_lane[suit];
    for (int p = 0; p < np; p += 16) {
        __mmask16 m = np - p >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (np - p)) - 1);
        __m512i k = _mm512_add_epi32(key, _mm512_maskz_loadu_epi32(m, hs_poker_pair_key + p));
        __m512i sc =
            _mm512_add_epi32(counters, _mm512_maskz_loadu_epi32(m, hs_poker_pair_suits + p));
        __mmask16 f = _mm512_mask_test_epi32_mask(m, sc, five), nof = m & (__mmask16)~f;
        __m512i row = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), nof,
                                                  _mm512_srli_epi32(k, HS_POKER_ROW_SHIFT),
                                                  (const int *)hs_poker_row, 4);
        __m512i cls = _mm512_mask_i32gather_epi32(
            _mm512_setzero_si512(), nof, _mm512_add_epi32(k, row), (const int *)hs_poker_class, 2);
        if (f) {
            __m512i l = _mm512_or_si512(
                lane, _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, pair_lane + p)));
            cls = _mm512_mask_i32gather_epi32(cls, f, l, (const int *)hs_poker_flush, 2);
        }
        _mm256_mask_storeu_epi16(out + p, m, _mm512_cvtepi32_epi16(_mm512_and_si512(cls, low16)));
    }
}

HS_AVX512 static void pairs_call(hs_poker_state s, int np, uint16_t *out) {
    pairs_avx512(s, np, out);
}

int hs_poker_state_rank_pairs_avx512(hs_poker_state s, int below, uint16_t *classes) {
    if (!hs_cpu_has_avx512())
        return HS_ERR_ARG;
    assert(below >= 0 && below <= HS_CARDS);
    assert((s.mask & (hs_card_bit(below) - 1)) == 0); /* no card of s below `below` */
    pairs_call(s, below * (below - 1) / 2, classes);
    return HS_OK;
}

HS_AVX512 static void triples_avx512(hs_poker_state s, int below, uint16_t *out) {
    for (int c = 2; c < below; c++) {
        pairs_avx512(hs_poker_state_add(s, c), c * (c - 1) / 2, out);
        out += c * (c - 1) / 2;
    }
}

int hs_poker_state_rank_triples_avx512(hs_poker_state s, int below, uint16_t *classes) {
    if (!hs_cpu_has_avx512())
        return HS_ERR_ARG;
    assert(below >= 0 && below <= HS_CARDS);
    assert((s.mask & (hs_card_bit(below) - 1)) == 0); /* no card of s below `below` */
    triples_avx512(s, below, classes);
    return HS_OK;
}

#else /* not x86-64: no AVX-512 path; hs_cpu_has_avx512() is 0 */

int hs_poker_state_rank_triples_avx512(hs_poker_state s, int below, uint16_t *classes) {
    (void)s;
    (void)below;
    (void)classes;
    return HS_ERR_ARG;
}

int hs_poker_rank7_ids_batch_avx512(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    (void)ids;
    (void)n;
    (void)out;
    return HS_ERR_ARG;
}

int hs_poker_state_rank_pairs_avx512(hs_poker_state s, int below, uint16_t *classes) {
    (void)s;
    (void)below;
    (void)classes;
    return HS_ERR_ARG;
}

#endif
