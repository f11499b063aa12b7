/* AVX-512 poker ranking: sixteen hands per step, one 32-bit lane per hand, the two hash lookups
 * (row base, then class) as gathers. Two kernels:
 *   - seven card ids per hand (hs_poker_rank7_ids_batch): the ids are coded (rank, suit) and
 *     moved four to a lane by byte permutes, then turned into rank keys and suit counters by
 *     dword permutes of one-vector tables, so the only memory reads are the ids and the two
 *     gathers; flushes (about 3% of random hands) are collected and finished after the loop;
 *   - one hand state joined with each two-card set below a card (hs_poker_state_rank_pairs), or
 *     with each three-card set (hs_poker_state_rank_triples: the third card added, then the
 *     pairs below it): below 128 pairs the pairs' keys are read in order and gathered through
 *     the hash, from 128 up the state's 91 rank pairs are ranked once and each pair's class is
 *     a permute of that table; where the state holds three or more cards of a suit the
 *     flushes are a masked gather from the flush table.
 * Compiled without a global -mavx512*: only the functions marked HS_AVX512 use it, and they run
 * only after hs_cpu_has_avx512() said yes. Results are bit-identical to the scalar kernels (the
 * tests compare them on every hand). */
#include "poker_internal.h"
#include "handstat/cpu.h"
#include "handstat/error.h"
#include "handstat/poker_state.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <immintrin.h>
#include <string.h>

#define HS_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi")))

/* The classes of sixteen rank keys in one of the two hashes (row bases at `base`, classes at
 * `cls`): the row's base (a 16-bit entry read by a 32-bit gather, the table padded by one
 * entry), plus the key's column, then the class there. Lanes outside m read nothing and give 0. */
HS_AVX512 static inline __attribute__((always_inline)) __m512i
hash16(__m512i k, __mmask16 m, const uint16_t *base, const uint16_t *cls) {
    const __m512i low16 = _mm512_set1_epi32(0xFFFF);
    const __m512i b = _mm512_and_si512(
        _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m,
                                    _mm512_srli_epi32(k, HS_POKER_ROW_SHIFT), (const int *)base, 2),
        low16);
    const __m512i slot =
        _mm512_add_epi32(b, _mm512_and_si512(k, _mm512_set1_epi32((1 << HS_POKER_ROW_SHIFT) - 1)));
    return _mm512_and_si512(
        _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, slot, (const int *)cls, 2), low16);
}

/* The same for keys that may be no hand's (hs_poker_hash_class_clamped()): row and slot clamped
 * into hash h, every lane read. */
HS_AVX512 static inline __attribute__((always_inline)) __m512i
hash16_clamped(__m512i k, const hs_poker_hash *h) {
    const __m512i low16 = _mm512_set1_epi32(0xFFFF);
    const __m512i row = _mm512_min_epu32(_mm512_srli_epi32(k, HS_POKER_ROW_SHIFT),
                                         _mm512_set1_epi32((int)h->rows - 1));
    const __m512i b = _mm512_and_si512(_mm512_i32gather_epi32(row, (const int *)h->base, 2), low16);
    const __m512i slot = _mm512_min_epu32(
        _mm512_add_epi32(b, _mm512_and_si512(k, _mm512_set1_epi32((1 << HS_POKER_ROW_SHIFT) - 1))),
        _mm512_set1_epi32((int)h->slots - 1));
    return _mm512_and_si512(_mm512_i32gather_epi32(slot, (const int *)h->cls, 2), low16);
}

/* The classes of `n` (at most 4096) hands of seven ids; the flush hands' indices are gathered in
 * `flushes` (room for n + 16) and finished after the loop. */
HS_AVX512 static void ids_block(const uint8_t (*ids)[7], size_t n, uint16_t *out,
                                uint32_t *flushes) {
    const __m512i code = _mm512_loadu_si512(hs_poker_id_code);
    const __m512i keys = _mm512_loadu_si512(hs_poker_rank_key16);
    const __m512i suit_one = _mm512_loadu_si512(hs_poker_suit_one16);
    const __m512i bias = _mm512_set1_epi32(0x3333), five = _mm512_set1_epi32(0x8888);
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
        hs_ids_prefetch(p);
        hs_ids_prefetch(p + 64);
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
        __m512i cls = hash16(key, nof, hs_poker_base, hs_poker_class); /* the seven-card hash */
        _mm256_storeu_si256((__m256i *)(out + i), _mm512_cvtepi32_epi16(cls));
        /* (compressed in a register and stored whole: a compress to memory cost 4% more on AMD
         * Zen 5; `flushes` has room for the 16) */
        const __m512i at = _mm512_add_epi32(iota, _mm512_set1_epi32((int)i));
        _mm512_storeu_si512(flushes + nf, _mm512_maskz_compress_epi32(f, at));
        nf += (size_t)__builtin_popcount(f);
    }
    for (size_t q = 0; q < nf; q++)
        out[flushes[q]] = (uint16_t)hs_poker_flush_class(hs_poker_ids7_mask(ids[flushes[q]]));
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

/* What the pair kernels need for flushes. A flush needs five of a suit; a pair adds two cards, so
 * only a suit of which s holds three or more can make one, and with at most five cards in s
 * there is at most one such suit: `suit` (-1 if none), how many of its cards s holds, its lane
 * of s, and its first card (13 suit) for finding the pairs' cards of that suit. */
typedef struct flush_ctx {
    int suit, held;
    __m512i lane, first;
} flush_ctx;

HS_AVX512 static inline __attribute__((always_inline)) flush_ctx flush_ctx_of(hs_poker_state s) {
    /* counters start at 3, at most 8: counter + 2 has bit 3 set when the suit holds 3 or more */
    const uint32_t suits = (uint32_t)(s.key >> 32), three = (suits + 0x2222u) & 0x8888u;
    flush_ctx x;
    x.suit = three ? __builtin_ctz(three) >> 2 : -1;
    const int u = x.suit < 0 ? 0 : x.suit;
    x.held = (int)((suits >> 4 * u) & 0xF) - 3;
    x.lane = _mm512_set1_epi32((int)((s.mask >> (HS_RANKS * u)) & 0x1FFF));
    x.first = _mm512_set1_epi32(HS_RANKS * u);
    return x;
}

/* Of the pairs q..q+15 in `in` (x->suit >= 0), those that make a flush with s; their lanes of
 * that suit with s's in *lane. A pair's card c is of the suit when c - first < 13 (unsigned), and
 * then its lane bit is 1 << (c - first); s holding 3, 4 or 5 of the suit needs both cards, one,
 * or none of them. */
HS_AVX512 static inline __attribute__((always_inline)) __mmask16
pair_flushes(const flush_ctx *x, __mmask16 in, int q, __m512i *lane) {
    const __m512i cards =
        _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(hs_poker_pair_cards + q)));
    const __m512i thirteen = _mm512_set1_epi32(HS_RANKS), one = _mm512_set1_epi32(1);
    const __m512i lo = _mm512_sub_epi32(_mm512_and_si512(cards, _mm512_set1_epi32(0xFF)), x->first);
    const __m512i hi = _mm512_sub_epi32(_mm512_srli_epi32(cards, 8), x->first);
    const __mmask16 in_lo = _mm512_mask_cmplt_epu32_mask(in, lo, thirteen);
    const __mmask16 in_hi = _mm512_mask_cmplt_epu32_mask(in, hi, thirteen);
    const __mmask16 f = x->held >= 5   ? in
                        : x->held == 4 ? (__mmask16)(in_lo | in_hi)
                                       : (__mmask16)(in_lo & in_hi);
    if (f)
        *lane = _mm512_or_si512(x->lane, _mm512_or_si512(_mm512_maskz_sllv_epi32(in_lo, one, lo),
                                                         _mm512_maskz_sllv_epi32(in_hi, one, hi)));
    return f;
}

/* Without flushes, the class of s with a pair depends only on the pair's two ranks: 91 rank pairs
 * r1 <= r2. From RANK_PAIRS_FROM pairs up, the classes of s with each rank pair are looked up
 * first (six 16-lane steps of the two gathers), kept in three vectors of 32 16-bit entries, and
 * each pair's class is a permute of those by its rank pair's index, 32 pairs per step: one load
 * and three permutes in place of four gathers. A rank pair that cannot occur (s already holds
 * four cards of a rank, say) has a key outside the tables' rank multisets: its row and slot are
 * clamped into the tables and its entry, never read, is whatever is there. Flushes, where s has
 * three of a suit, are a masked gather from the flush table over the permuted classes. */
enum { RANK_PAIRS_FROM = 128 };

/* Each pair's class from the 96 classes by rank pair in t0:t1:t2 (32 16-bit entries each), 32
 * pairs per step, and the flushes where s has three of a suit. */
HS_AVX512 static inline __attribute__((always_inline)) void
pairs_from_rank_pairs(__m512i t0, __m512i t1, __m512i t2, int np, const flush_ctx *fx,
                      uint16_t *out) {
    const __m512i low16 = _mm512_set1_epi32(0xFFFF);
    const __m512i high = _mm512_set1_epi16(64);
    for (int p = 0; p < np; p += 32) {
        const __mmask32 live = np - p >= 32 ? 0xFFFFFFFFu : (1u << (np - p)) - 1;
        __m512i idx =
            _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(hs_poker_pair_rp + p)));
        /* entries 0..63 from t0:t1 (6 index bits), 64..95 from t2 (5 bits) */
        __m512i cls = _mm512_mask_blend_epi16(_mm512_test_epi16_mask(idx, high),
                                              _mm512_permutex2var_epi16(t0, idx, t1),
                                              _mm512_permutexvar_epi16(idx, t2));
        if (fx->suit >= 0) {
            /* the flushes: 32 pairs' cards of the suit in 16-bit lanes (pair_flushes, wider) */
            const __m512i cards = _mm512_loadu_si512(hs_poker_pair_cards + p);
            const __m512i thirteen = _mm512_set1_epi16(HS_RANKS), one = _mm512_set1_epi16(1);
            const __m512i first = _mm512_set1_epi16((short)(HS_RANKS * fx->suit));
            const __m512i lo =
                _mm512_sub_epi16(_mm512_and_si512(cards, _mm512_set1_epi16(0xFF)), first);
            const __m512i hi = _mm512_sub_epi16(_mm512_srli_epi16(cards, 8), first);
            const __mmask32 in_lo = _mm512_mask_cmplt_epu16_mask(live, lo, thirteen);
            const __mmask32 in_hi = _mm512_mask_cmplt_epu16_mask(live, hi, thirteen);
            const __mmask32 f = fx->held >= 5   ? live
                                : fx->held == 4 ? (__mmask32)(in_lo | in_hi)
                                                : (__mmask32)(in_lo & in_hi);
            if (f) {
                const __m512i lanes =
                    _mm512_or_si512(_mm512_or_si512(_mm512_maskz_sllv_epi16(in_lo, one, lo),
                                                    _mm512_maskz_sllv_epi16(in_hi, one, hi)),
                                    _mm512_or_si512(fx->lane, _mm512_slli_epi32(fx->lane, 16)));
                for (int h = 0; h < 2; h++) {
                    const __mmask16 fh = (__mmask16)(f >> 16 * h);
                    if (!fh)
                        continue;
                    __m512i l = _mm512_cvtepu16_epi32(h ? _mm512_extracti64x4_epi64(lanes, 1)
                                                        : _mm512_castsi512_si256(lanes));
                    __m512i half = _mm512_cvtepu16_epi32(h ? _mm512_extracti64x4_epi64(cls, 1)
                                                           : _mm512_castsi512_si256(cls));
                    half = _mm512_mask_i32gather_epi32(half, fh, l, (const int *)hs_poker_flush, 2);
                    __m256i packed = _mm512_cvtepi32_epi16(_mm512_and_si512(half, low16));
                    cls =
                        h ? _mm512_inserti64x4(cls, packed, 1) : _mm512_inserti64x4(cls, packed, 0);
                }
            }
        }
        _mm512_mask_storeu_epi16(out + p, live, cls);
    }
}

HS_AVX512 static inline __attribute__((always_inline)) void
pairs_by_rank_pair(hs_poker_state s, int np, const flush_ctx *fx, uint16_t *out) {
    const __m512i key = _mm512_set1_epi32((int)(uint32_t)s.key);
    const hs_poker_hash h = hs_poker_hash_of(hs_poker_state_cards_in(s) + 2);
    __m256i part[6];
    for (int i = 0; i < 6; i++) {
        __m512i k = _mm512_add_epi32(key, _mm512_loadu_si512(hs_poker_rp_key + 16 * i));
        part[i] = _mm512_cvtepi32_epi16(hash16_clamped(k, &h));
    }
    /* the 96 entries in three vectors, kept in registers */
    pairs_from_rank_pairs(_mm512_inserti64x4(_mm512_castsi256_si512(part[0]), part[1], 1),
                          _mm512_inserti64x4(_mm512_castsi256_si512(part[2]), part[3], 1),
                          _mm512_inserti64x4(_mm512_castsi256_si512(part[4]), part[5], 1), np, fx,
                          out);
}

/* s joined with each pair p < np (hs_poker_state_pairs order). Inlined into both entry points:
 * a call per state of five cards measured 11% slower over all seven-card hands than the same
 * loop inside the triples kernel. */
HS_AVX512 static inline __attribute__((always_inline)) void pairs_avx512(hs_poker_state s, int np,
                                                                         uint16_t *out) {
    const flush_ctx fx = flush_ctx_of(s);
    if (np >= RANK_PAIRS_FROM) {
        pairs_by_rank_pair(s, np, &fx, out);
        return;
    }
    const __m512i key = _mm512_set1_epi32((int)(uint32_t)s.key), low16 = _mm512_set1_epi32(0xFFFF);
    const hs_poker_hash h = hs_poker_hash_of(hs_poker_state_cards_in(s) + 2);
    for (int p = 0; p < np; p += 16) {
        __mmask16 m = np - p >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (np - p)) - 1);
        __m512i k = _mm512_add_epi32(key, _mm512_maskz_loadu_epi32(m, hs_poker_pair_key + p));
        __mmask16 f = 0;
        __m512i l = fx.lane;
        if (fx.suit >= 0)
            f = pair_flushes(&fx, m, p, &l);
        const __mmask16 nof = m & (__mmask16)~f;
        __m512i cls = hash16(k, nof, h.base, h.cls);
        if (f) {
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
    assert(hs_poker_state_above(s, below));
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
    assert(hs_poker_state_above(s, below));
    triples_avx512(s, below, classes);
    return HS_OK;
}

/* The four innermost levels in one call (s of 1 to 3 cards). Without flushes the class of a hand
 * depends only on s and the multiset of its last four cards' ranks: the 1,820 multisets' classes
 * (fewer under a small `below`: those four cards under it can hold come first) are looked up
 * once per call, 16 per step of the two gathers. Each state of five cards then needs the classes
 * of its 91 rank pairs (the table of pairs_by_rank_pair), which depend only on the ranks of its
 * fourth and fifth cards: they are gathered from the call's multiset table (six gathers, in L1)
 * the first time that rank pair comes and kept for the rest of the call. Were every call of an
 * enumeration of all seven-card hands to take this path, that would be 12.5 M hash lookups in
 * place of 96 per five-card state (204 M). Under QUADS_FROM cards the call is too small for the
 * tables to pay (thresholds 13-28 measured, results/BENCHMARKS.md): the triples kernel's loops. */
enum { QUADS_FROM = 24, QUADS = 1820 };

HS_AVX512 static void quads_avx512(hs_poker_state s, int below, uint16_t *out) {
    if (below < QUADS_FROM) {
        for (int c4 = 3; c4 < below; c4++) {
            triples_avx512(hs_poker_state_add(s, c4), c4, out);
            out += c4 * (c4 - 1) * (c4 - 2) / 6;
        }
        return;
    }
    /* quad[q]: the class of s with multiset q (hs_poker_quad_key order); 32 entries of padding
     * for 32-bit gathers. rows[i]: the classes by rank pair of s with a fourth and fifth card of
     * rank pair i, once built[i] says so. */
    _Alignas(64) uint16_t quad[QUADS + 32];
    _Alignas(64) uint16_t rows[91][96];
    uint64_t built[2] = {0, 0};
    const int nq = hs_poker_quads_below[below];
    const __m512i key = _mm512_set1_epi32((int)(uint32_t)s.key), low16 = _mm512_set1_epi32(0xFFFF);
    const hs_poker_hash hash = hs_poker_hash_of(hs_poker_state_cards_in(s) + 4);
    for (int q = 0; q < nq; q += 16) {
        /* a multiset that s's cards leave no room for has a key outside the tables: clamped, its
         * entry is never read */
        const __mmask16 m = nq - q >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (nq - q)) - 1);
        __m512i k = _mm512_add_epi32(key, _mm512_maskz_loadu_epi32(m, hs_poker_quad_key + q));
        _mm256_storeu_si256((__m256i *)(quad + q), _mm512_cvtepi32_epi16(hash16_clamped(k, &hash)));
    }
    /* the multisets no four cards under `below` make: read by the rows' gathers, never used */
    memset(quad + nq, 0, sizeof quad - (size_t)nq * sizeof quad[0]);
    for (int c4 = 3; c4 < below; c4++) {
        const hs_poker_state s4 = hs_poker_state_add(s, c4);
        const int r4 = c4 % HS_RANKS;
        for (int c5 = 2; c5 < c4; c5++) {
            const int r5 = c5 % HS_RANKS, np = c5 * (c5 - 1) / 2;
            const int i = hs_poker_rank_pair(r4, r5);
            __m512i t0, t1, t2;
            if (built[i >> 6] >> (i & 63) & 1) {
                t0 = _mm512_load_si512(rows[i]);
                t1 = _mm512_load_si512(rows[i] + 32);
                t2 = _mm512_load_si512(rows[i] + 64);
            } else {
                __m256i part[6];
                for (int h = 0; h < 6; h++) {
                    __m512i q = _mm512_cvtepu16_epi32(
                        _mm256_loadu_si256((const __m256i *)(hs_poker_quad_of + 96 * i + 16 * h)));
                    __m512i cls = _mm512_i32gather_epi32(q, (const int *)quad, 2);
                    part[h] = _mm512_cvtepi32_epi16(_mm512_and_si512(cls, low16));
                }
                t0 = _mm512_inserti64x4(_mm512_castsi256_si512(part[0]), part[1], 1);
                t1 = _mm512_inserti64x4(_mm512_castsi256_si512(part[2]), part[3], 1);
                t2 = _mm512_inserti64x4(_mm512_castsi256_si512(part[4]), part[5], 1);
                _mm512_store_si512(rows[i], t0);
                _mm512_store_si512(rows[i] + 32, t1);
                _mm512_store_si512(rows[i] + 64, t2);
                built[i >> 6] |= UINT64_C(1) << (i & 63);
            }
            const flush_ctx fx = flush_ctx_of(hs_poker_state_add(s4, c5));
            pairs_from_rank_pairs(t0, t1, t2, np, &fx, out);
            out += np;
        }
    }
}

int hs_poker_state_rank_quads_avx512(hs_poker_state s, int below, uint16_t *classes) {
    if (!hs_cpu_has_avx512())
        return HS_ERR_ARG;
    assert(hs_poker_state_above(s, below));
    quads_avx512(s, below, classes);
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

int hs_poker_state_rank_quads_avx512(hs_poker_state s, int below, uint16_t *classes) {
    (void)s;
    (void)below;
    (void)classes;
    return HS_ERR_ARG;
}

int hs_poker_state_rank_pairs_avx512(hs_poker_state s, int below, uint16_t *classes) {
    (void)s;
    (void)below;
    (void)classes;
    return HS_ERR_ARG;
}

#endif
