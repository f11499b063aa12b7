/* AVX2 poker ranking, eight hands per step, one 32-bit lane per hand, gathers for the table
 * lookups. Four kernels:
 *   - hand masks (hs_poker_rank_batch_avx2): the kernel of poker_internal.h;
 *   - seven card ids per hand (hs_poker_rank7_ids_batch_avx2): rank keys and suit counters summed
 *     by byte shuffles in registers, then the two lookups of the hash;
 *   - one hand state with each two-card set below a card (hs_poker_state_rank_pairs_avx2) or
 *     each three-card set (_rank_triples_avx2): by gathers, or from a table of the state's
 *     classes by rank pair copied along the pairs;
 *   - each four-card set (_rank_quads_avx2): those tables of each five-card state built from the
 *     classes of s with each multiset of four ranks, looked up once per call.
 * Compiled without a global -mavx2: only the functions marked HS_AVX2 use AVX2, and they run
 * only after hs_cpu_has_avx2() said yes. Results are bit-identical to the scalar kernels (the
 * tests compare them on every hand). */
#include "poker_internal.h"
#include "handstat/cpu.h"
#include "handstat/error.h"
#include "handstat/poker_state.h"

#include <string.h>

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

/* The classes of eight rank keys (the low HS_POKER_LANE_COUNT_SHIFT bits of each lane) in one of
 * the two hashes: row bases and classes at `base` and `cls`, each lane's row and slot moved on by
 * row_off and slot_off (kernels that mix hashes lane by lane pass the five-and-six-card hash's
 * place in the shared tables; the others 0). Lanes outside `live` read nothing and give 0. */
HS_AVX2 static inline __m256i hash8(__m256i key, __m256i live, const uint16_t *base,
                                    const uint16_t *cls, __m256i row_off, __m256i slot_off) {
    const __m256i low16 = _mm256_set1_epi32(0xFFFF);
    const __m256i row = _mm256_add_epi32(_mm256_srli_epi32(key, HS_POKER_ROW_SHIFT), row_off);
    const __m256i b = _mm256_and_si256(
        _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)base, row, live, 2),
        low16);
    const __m256i slot = _mm256_add_epi32(
        _mm256_add_epi32(b,
                         _mm256_and_si256(key, _mm256_set1_epi32((1 << HS_POKER_ROW_SHIFT) - 1))),
        slot_off);
    return _mm256_and_si256(
        _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)cls, slot, live, 2),
        low16);
}

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
    /* = hs_poker_lanes(): the rank key, the card count at bit 27, bit 31 for a suit of five */
    __m256i v = _mm256_add_epi32(
        _mm256_add_epi32(GATHER32(hs_poker_lane, s0, ones), GATHER32(hs_poker_lane, s1, ones)),
        _mm256_add_epi32(GATHER32(hs_poker_lane, s2, ones), GATHER32(hs_poker_lane, s3, ones)));
    /* = the two lookups in the hash for the hand's number of cards: a lane of five or six cards
     * reads the five-and-six-card hash's rows and slots, after the seven-card hash's. A lane with
     * a flush (bit 31) is masked out of the gathers. */
    __m256i noflush = _mm256_cmpgt_epi32(v, _mm256_set1_epi32(-1));
    __m256i not7 = _mm256_xor_si256(
        _mm256_cmpeq_epi32(_mm256_srli_epi32(v, HS_POKER_LANE_COUNT_SHIFT), _mm256_set1_epi32(7)),
        ones);
    __m256i key = _mm256_and_si256(v, _mm256_set1_epi32((int)HS_POKER_LANE_KEY));
    __m256i cls = hash8(key, noflush, hs_poker_base, hs_poker_class,
                        _mm256_and_si256(not7, _mm256_set1_epi32(HS_POKER_ROWS7)),
                        _mm256_and_si256(not7, _mm256_set1_epi32(HS_POKER_SLOTS7)));
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

/* ---- seven card ids per hand ------------------------------------------------------------------
 * Eight hands per step, in two vectors of four: each hand's seven ids moved into the bytes of a
 * 64-bit lane (the eighth byte 0, a card id 0 whose part is taken out below), each id split into
 * rank and suit by byte compares, then the rank keys and suit counters summed without a single
 * memory read: the rank key is three bytes, each a 16-entry byte table read by a byte shuffle of
 * the ranks and summed over the lane's eight bytes by one psadbw; the suit counters likewise
 * (suits 0-1 and 2-3 as two bytes of two 4-bit counters). The only memory reads are the ids and
 * the two gathers of the hash. A hand with five of a suit is masked out of the gathers and left
 * with class 0 (no class is 0); such hands (about 3% of random ones) are found by a scan of the
 * block's classes and finished by the scalar flush lookup. */

/* The per-call constants: byte b of each rank's key (in both 128-bit lanes, for the byte
 * shuffles), the suit tables, the byte moves of the ids. */
typedef struct ids_consts {
    __m256i plane[3], suit_lo, suit_hi, suit13, arrange;
} ids_consts;

HS_AVX2 static ids_consts ids_consts_make(void) {
    ids_consts k;
    uint8_t b[3][32], lo[32], hi[32], s13[32], mv[32];
    for (int i = 0; i < 32; i++) {
        const int r = i & 15;
        for (int p = 0; p < 3; p++)
            b[p][i] = (uint8_t)(hs_poker_rank_key16[r] >> 8 * p);
        lo[i] = (uint8_t)(r == 0 ? 1 : r == 1 ? 16 : 0); /* suits 0 and 1: counters 0 and 1 */
        hi[i] = (uint8_t)(r == 2 ? 1 : r == 3 ? 16 : 0); /* suits 2 and 3: counters 2 and 3 */
        s13[i] = (uint8_t)(r < 4 ? 13 * r : 0);
        /* each 128-bit lane holds 16 bytes from hand 2k's first: two hands, 7 bytes each */
        mv[i] = (uint8_t)(r == 7 || r == 15 ? 0x80 : r < 7 ? r : r - 1);
    }
    for (int p = 0; p < 3; p++)
        k.plane[p] = _mm256_loadu_si256((const __m256i *)b[p]);
    k.suit_lo = _mm256_loadu_si256((const __m256i *)lo);
    k.suit_hi = _mm256_loadu_si256((const __m256i *)hi);
    k.suit13 = _mm256_loadu_si256((const __m256i *)s13);
    k.arrange = _mm256_loadu_si256((const __m256i *)mv);
    return k;
}

/* Four hands (bytes p[0..27], and two bytes after them are read) as the rank-key bytes' and the
 * suit counters' sums, each in the low 16 bits of the hand's 64-bit lane. */
typedef struct sums4 {
    __m256i key[3], suit_lo, suit_hi;
} sums4;

HS_AVX2 static inline sums4 ids_sums4(const uint8_t *p, const ids_consts *k) {
    const __m256i zero = _mm256_setzero_si256();
    /* hands 0-1 from p, hands 2-3 from p + 14: bytes 7 h + j to byte 8 h + j, byte 8 h + 7 = 0 */
    __m256i id =
        _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)p)),
                                _mm_loadu_si128((const __m128i *)(p + 14)), 1);
    id = _mm256_shuffle_epi8(id, k->arrange);
    /* suit = (id > 12) + (id > 25) + (id > 38); rank = id - 13 suit */
    __m256i neg = _mm256_add_epi8(_mm256_add_epi8(_mm256_cmpgt_epi8(id, _mm256_set1_epi8(12)),
                                                  _mm256_cmpgt_epi8(id, _mm256_set1_epi8(25))),
                                  _mm256_cmpgt_epi8(id, _mm256_set1_epi8(38)));
    __m256i suit = _mm256_sub_epi8(zero, neg);
    __m256i rank = _mm256_sub_epi8(id, _mm256_shuffle_epi8(k->suit13, suit));
    sums4 s;
    for (int b = 0; b < 3; b++)
        s.key[b] = _mm256_sad_epu8(_mm256_shuffle_epi8(k->plane[b], rank), zero);
    s.suit_lo = _mm256_sad_epu8(_mm256_shuffle_epi8(k->suit_lo, suit), zero);
    s.suit_hi = _mm256_sad_epu8(_mm256_shuffle_epi8(k->suit_hi, suit), zero);
    return s;
}

/* a's and b's 64-bit lanes' low halves, interleaved: 32-bit lanes a0 b0 a1 b1 a2 b2 a3 b3 */
HS_AVX2 static inline __m256i join4(__m256i a, __m256i b) {
    return _mm256_or_si256(a, _mm256_slli_epi64(b, 32));
}

/* The rank keys of the eight hands of 56 bytes at p (two bytes after them are read), in lanes
 * h0 h4 h1 h5 h2 h6 h3 h7, and the mask of those without five of a suit. */
typedef struct keys8 {
    __m256i key, nof;
} keys8;

HS_AVX2 static inline keys8 ids_keys8(const uint8_t *p, const ids_consts *k, __m256i ones) {
    /* The dummy eighth byte of each lane counts as card 0: the ace of suit 0. */
    const __m256i ace = _mm256_set1_epi32((int)hs_poker_rank_key16[0]);
    const __m256i bias = _mm256_set1_epi32(0x3333 - 1), five = _mm256_set1_epi32(0x8888);
    sums4 a = ids_sums4(p, k), b = ids_sums4(p + 28, k);
    keys8 r;
    /* = the sum of the three bytes' sums, each in its place */
    r.key =
        _mm256_add_epi32(_mm256_add_epi32(join4(a.key[0], b.key[0]),
                                          _mm256_slli_epi32(join4(a.key[1], b.key[1]), 8)),
                         _mm256_sub_epi32(_mm256_slli_epi32(join4(a.key[2], b.key[2]), 16), ace));
    __m256i suits =
        _mm256_add_epi32(_mm256_add_epi32(join4(a.suit_lo, b.suit_lo),
                                          _mm256_slli_epi32(join4(a.suit_hi, b.suit_hi), 8)),
                         bias);
    r.nof = _mm256_and_si256(
        _mm256_cmpeq_epi32(_mm256_and_si256(suits, five), _mm256_setzero_si256()), ones);
    return r;
}

/* The first lookup of the seven-card hash: the keys' row bases (0 in the flush lanes). */
HS_AVX2 static inline __m256i ids_rows8(keys8 x) {
    return _mm256_and_si256(
        _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)hs_poker_base,
                                    _mm256_srli_epi32(x.key, HS_POKER_ROW_SHIFT), x.nof, 2),
        _mm256_set1_epi32(0xFFFF));
}

/* The second: the eight classes in hand order, 0 for a flush. */
HS_AVX2 static inline __m128i ids_classes8(keys8 x, __m256i row) {
    const __m128i order = _mm_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15);
    const __m256i slot = _mm256_add_epi32(
        row, _mm256_and_si256(x.key, _mm256_set1_epi32((1 << HS_POKER_ROW_SHIFT) - 1)));
    __m256i cls = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)hs_poker_class,
                                              slot, x.nof, 2);
    cls = _mm256_and_si256(cls, _mm256_set1_epi32(0xFFFF));
    /* 16-bit classes h0 h4 h1 h5 h2 h6 h3 h7, then in hand order */
    __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(cls, cls), 0x08);
    return _mm_shuffle_epi8(_mm256_castsi256_si128(packed), order);
}

HS_AVX2 static inline void ids_step8(const uint8_t *p, const ids_consts *k, __m256i ones,
                                     uint16_t *out) {
    keys8 x = ids_keys8(p, k, ones);
    _mm_storeu_si128((__m128i *)out, ids_classes8(x, ids_rows8(x)));
}

/* The classes of n hands, flushes included. The main loop is software-pipelined: the keys of
 * step i + 2 and the row bases of step i + 1 are asked for before the classes of step i, so
 * that the gathers' latency (the class table is in L2) overlaps other steps' work: 1.15x the
 * plain loop. The last step (fewer than eight hands, or eight with no bytes after them) runs on
 * a copy padded with a valid hand. */
HS_AVX2 static void ids_avx2(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    const ids_consts k = ids_consts_make();
    __m256i ones = _mm256_set1_epi32(-1);
    __asm__("" : "+x"(ones)); /* see GATHER32 */
    for (size_t b = 0; b < n;) {
        /* blocks of 2048 hands: the flush scan reads the classes while they are in L1 */
        const size_t e = n - b < 2048 ? n : b + 2048;
        size_t i = b;
        /* steps i, i + 8, i + 16 all inside the block and not reading past the ids */
        if (i + 24 <= e && i + 25 <= n) {
            keys8 k0 = ids_keys8(ids[i], &k, ones), k1 = ids_keys8(ids[i + 8], &k, ones);
            __m256i r0 = ids_rows8(k0);
            for (; i + 24 <= e && i + 25 <= n; i += 8) {
                hs_ids_prefetch(ids[i + 16]); /* 56 bytes a step: every line asked for */
                keys8 k2 = ids_keys8(ids[i + 16], &k, ones);
                __m256i r1 = ids_rows8(k1);
                _mm_storeu_si128((__m128i *)(out + i), ids_classes8(k0, r0));
                k0 = k1;
                r0 = r1;
                k1 = k2;
            }
            _mm_storeu_si128((__m128i *)(out + i), ids_classes8(k0, r0));
            _mm_storeu_si128((__m128i *)(out + i + 8), ids_classes8(k1, ids_rows8(k1)));
            i += 16;
        }
        for (; i + 8 <= e && i + 9 <= n; i += 8)
            ids_step8(ids[i], &k, ones, out + i);
        if (i < e) { /* the last hands: e = n */
            uint8_t tail[64];
            uint16_t cls[8];
            for (int j = 0; j < 64; j++)
                tail[j] = (uint8_t)(j % 7);
            memcpy(tail, ids[i], 7 * (e - i));
            ids_step8(tail, &k, ones, cls);
            memcpy(out + i, cls, 2 * (e - i));
        }
        /* the flushes: class 0 so far */
        size_t j = b;
        for (; j + 16 <= e; j += 16) {
            unsigned m = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi16(
                _mm256_loadu_si256((const __m256i *)(out + j)), _mm256_setzero_si256()));
            for (; m; m &= m - 1, m &= m - 1) {
                const size_t h = j + (size_t)__builtin_ctz(m) / 2;
                out[h] = (uint16_t)hs_poker_flush_class(hs_poker_ids7_mask(ids[h]));
            }
        }
        for (; j < e; j++)
            if (out[j] == 0)
                out[j] = (uint16_t)hs_poker_flush_class(hs_poker_ids7_mask(ids[j]));
        b = e;
    }
}

int hs_poker_rank7_ids_batch_avx2(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    if (!hs_cpu_has_avx2())
        return HS_ERR_ARG;
#ifndef NDEBUG
    for (size_t i = 0; i < n; i++)
        assert(hs_poker_ids7_mask(ids[i]) != 0);
#endif
    ids_avx2(ids, n, out);
    return HS_OK;
}

/* ---- a hand state joined with each two-card set below a card -------------------------------
 * Three ways, by the number of pairs:
 *   - fewer than PAIRS_BY_GATHERS: the scalar loop;
 *   - up to PAIRS_BY_ROWS: eight per step, each pair's rank key and suit counters added to the
 *     state's, the hash's two lookups as gathers, and where the state holds three or more cards
 *     of a suit a masked gather from the flush table;
 *   - from PAIRS_BY_ROWS pairs up: without flushes the class depends only on the pair's two
 *     ranks, and the pairs with higher card a are a's rank with each lower card b, whose ranks
 *     run 0, 1, ..., 12, 0, 1, ... (card = 13 suit + rank). So the classes of the state with
 *     each rank pair are looked up once, as a 13 x 16 table (row: the higher card's rank), and
 *     the pairs of card a are that rank's row written over and over, 13 entries apart (each
 *     32-byte store's last three entries are overwritten by the next one): no per-pair lookup
 *     at all. The few flushes are then written over by the scalar flush lookup. */

/* What the pair kernels need for flushes. A flush needs five of a suit; a pair adds two cards, so
 * only a suit of which s holds three or more can make one, and with at most five cards in s
 * there is at most one such suit: `suit` (-1 if none), the number of s's cards in it, their lane
 * (13 bits), and s's suit counters less their starting values (the pairs' counters carry
 * them). */
typedef struct pairs_flush {
    int suit, held;
    uint32_t lane, counters;
} pairs_flush;

static inline pairs_flush pairs_flush_of(hs_poker_state s) {
    const uint32_t suits = (uint32_t)(s.key >> 32); /* counters, each starting at 3 */
    pairs_flush x = {-1, 0, 0, suits - 0x3333};
    for (int u = 0; u < 4; u++)
        if (((suits >> 4 * u) & 0xF) >= 3 + 3) {
            x.suit = u;
            x.held = (int)((suits >> 4 * u) & 0xF) - 3;
            x.lane = (uint32_t)(s.mask >> (HS_RANKS * u)) & 0x1FFF;
        }
    return x;
}

/* The pairs p < np by gathers, eight per step; the last step's loads masked, its classes
 * stored through a copy. */
HS_AVX2 static void pairs_by_gathers(hs_poker_state s, int np, const pairs_flush *fx,
                                     uint16_t *out) {
    __m256i ones = _mm256_set1_epi32(-1);
    __asm__("" : "+x"(ones)); /* see GATHER32 */
    const hs_poker_hash h = hs_poker_hash_of(hs_poker_state_cards_in(s) + 2);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i key = _mm256_set1_epi32((int)(uint32_t)s.key);
    const __m256i counters = _mm256_set1_epi32((int)fx->counters);
    const __m256i lane = _mm256_set1_epi32((int)fx->lane), five = _mm256_set1_epi32(0x8888);
    const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const uint16_t *pair_lane = hs_poker_pair_lane[fx->suit < 0 ? 0 : fx->suit];
    for (int p = 0; p < np; p += 8) {
        const int left = np - p;
        const __m256i live = left >= 8 ? ones : _mm256_cmpgt_epi32(_mm256_set1_epi32(left), iota);
        __m256i k = _mm256_add_epi32(
            key, _mm256_maskload_epi32((const int *)(hs_poker_pair_key + p), live));
        __m256i nof = live, fl = _mm256_setzero_si256();
        int f = 0;
        if (fx->suit >= 0) {
            __m256i c = _mm256_add_epi32(
                counters, _mm256_maskload_epi32((const int *)(hs_poker_pair_suits + p), live));
            fl = _mm256_andnot_si256(
                _mm256_cmpeq_epi32(_mm256_and_si256(c, five), _mm256_setzero_si256()), live);
            nof = _mm256_andnot_si256(fl, live);
            f = _mm256_movemask_ps(_mm256_castsi256_ps(fl));
        }
        __m256i cls = hash8(k, nof, h.base, h.cls, zero, zero);
        if (f) {
            uint16_t pl[8] = {0};
            memcpy(pl, pair_lane + p, 2 * (size_t)(left < 8 ? left : 8));
            __m256i l =
                _mm256_or_si256(lane, _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)pl)));
            cls = _mm256_mask_i32gather_epi32(cls, (const int *)hs_poker_flush, l, fl, 2);
        }
        cls = _mm256_and_si256(cls, _mm256_set1_epi32(0xFFFF));
        __m128i packed =
            _mm256_castsi256_si128(_mm256_permute4x64_epi64(_mm256_packus_epi32(cls, cls), 0x08));
        if (left >= 8)
            _mm_storeu_si128((__m128i *)(out + p), packed);
        else {
            uint16_t c8[8];
            _mm_storeu_si128((__m128i *)c8, packed);
            memcpy(out + p, c8, 2 * (size_t)left);
        }
    }
}

/* From how many pairs one state's table pays (128, as in the AVX-512 kernel). In the triples a
 * table row looked up costs four gathers, as many as 16 pairs by gathers: a table is built when
 * the pairs it will serve are at least 16 times the rows it still has to look up (rows 10, 16, 24
 * and 32 measured alike on Intel Xeon, within the noise of a loaded machine). */
enum { PAIRS_BY_ROWS = 128, TRIPLES_ROW_COST = 16 };

/* Below PAIRS_BY_GATHERS pairs (a third card below 9) the scalar loop: its lookups wait on
 * nothing else, while a step of gathers waits on its slowest lane; over all seven-card hands
 * this measured 1.06-1.09x sending those blocks to the gathers (24 and 36 alike, 8 less). */
enum { PAIRS_BY_GATHERS = 32 };

static void pairs_scalar(hs_poker_state s, int np, uint16_t *out) {
    for (int p = 0; p < np; p++)
        out[p] = (uint16_t)hs_poker_state_rank(hs_poker_state_join(s, hs_poker_state_pairs[p]));
}

/* The flushes among the pairs below `below` written over the classes by rank (pairs_by_rows):
 * s holds `held` >= 3 cards of the suit, so the pairs with higher card a make a flush when a and
 * b bring 5 - held of it: all b below a when a alone is enough, the b of the suit when both are
 * needed. */
static void pairs_flushes(const pairs_flush *fx, int below, uint16_t *out) {
    const int u = fx->suit, lo = HS_RANKS * u, hi = lo + HS_RANKS;
    for (int a = 1; a < below; a++) {
        const int a_in = a >= lo && a < hi;
        const int need = 5 - fx->held - a_in;
        if (need > 1)
            continue;
        const uint32_t lane = fx->lane | (a_in ? 1u << (a - lo) : 0);
        uint16_t *o = out + a * (a - 1) / 2;
        if (need <= 0)
            for (int b = 0; b < a; b++)
                o[b] = hs_poker_flush[lane | (b >= lo && b < hi ? 1u << (b - lo) : 0)];
        else
            for (int b = lo; b < hi && b < a; b++)
                o[b] = hs_poker_flush[lane | 1u << (b - lo)];
    }
}

/* m[ra][rb]: the class of the state of rank key `key` with ranks ra and rb, non-flush, in hash h
 * (the state's cards and two). A rank pair that cannot occur (the state holds four of a rank)
 * has a key outside the hash's multisets: its row and slot are clamped into the hash and its
 * entry, never read, is whatever is there. */
/* Row ra of that table: the classes with ra and each rank rb = 0..15 (entries 13-15 unused). */
HS_AVX2 static inline void rank_pair_row(uint32_t key, const hs_poker_hash *hh, int ra,
                                         uint16_t row16[16], __m256i ones) {
    const __m256i last_row = _mm256_set1_epi32((int)hh->rows - 1);
    const __m256i last_slot = _mm256_set1_epi32((int)hh->slots - 1);
    const __m256i cols = _mm256_set1_epi32((1 << HS_POKER_ROW_SHIFT) - 1);
    const __m256i base = _mm256_set1_epi32((int)(key + hs_poker_rank_key16[ra]));
    __m256i cls[2];
    for (int h = 0; h < 2; h++) {
        const __m256i k = _mm256_add_epi32(
            base, _mm256_loadu_si256((const __m256i *)(hs_poker_rank_key16 + 8 * h)));
        __m256i row = _mm256_and_si256(
            GATHER16(hh->base, _mm256_min_epu32(_mm256_srli_epi32(k, HS_POKER_ROW_SHIFT), last_row),
                     ones),
            _mm256_set1_epi32(0xFFFF));
        __m256i slot =
            _mm256_min_epu32(_mm256_add_epi32(_mm256_and_si256(k, cols), row), last_slot);
        cls[h] = _mm256_and_si256(GATHER16(hh->cls, slot, ones), _mm256_set1_epi32(0xFFFF));
    }
    _mm256_storeu_si256((__m256i *)row16,
                        _mm256_permute4x64_epi64(_mm256_packus_epi32(cls[0], cls[1]), 0xD8));
}

HS_AVX2 static void rank_pair_table(hs_poker_state s, uint16_t m[HS_RANKS][16]) {
    __m256i ones = _mm256_set1_epi32(-1);
    __asm__("" : "+x"(ones)); /* see GATHER32 */
    const hs_poker_hash h = hs_poker_hash_of(hs_poker_state_cards_in(s) + 2);
    for (int ra = 0; ra < HS_RANKS; ra++)
        rank_pair_row((uint32_t)s.key, &h, ra, m[ra], ones);
}

/* The pairs below `below` from the state's table m (see above). Each group of pairs (one higher
 * card a) takes one to four stores of its row, 13 entries apart; only the last group's last
 * store could reach past the pairs, so that group is written with a copy at its end. */
HS_AVX2 static void pairs_by_rows(const uint16_t m[HS_RANKS][16], int below, const pairs_flush *fx,
                                  uint16_t *out) {
    int a = 1, ra = 1;
    uint16_t *o = out;
    for (; a < below - 1; o += a, a++, ra = ra == HS_RANKS - 1 ? 0 : ra + 1) {
        const __m256i r = _mm256_loadu_si256((const __m256i *)m[ra]);
        _mm256_storeu_si256((__m256i *)o, r);
        if (a > 13)
            _mm256_storeu_si256((__m256i *)(o + 13), r);
        if (a > 26)
            _mm256_storeu_si256((__m256i *)(o + 26), r);
        if (a > 39)
            _mm256_storeu_si256((__m256i *)(o + 39), r);
    }
    if (a < below) /* the last group: a = below - 1 */
        for (int b = 0; b < a; b += HS_RANKS)
            memcpy(o + b, m[ra], 2 * (size_t)(a - b < HS_RANKS ? a - b : HS_RANKS));
    if (fx->suit >= 0)
        pairs_flushes(fx, below, out);
}

HS_AVX2 static void pairs_call(hs_poker_state s, int below, uint16_t *out) {
    const pairs_flush fx = pairs_flush_of(s);
    const int np = below * (below - 1) / 2;
    if (np >= PAIRS_BY_ROWS) {
        _Alignas(32) uint16_t m[HS_RANKS][16] = {{0}};
        rank_pair_table(s, m);
        pairs_by_rows((const uint16_t(*)[16])m, below, &fx, out);
    } else if (np >= PAIRS_BY_GATHERS)
        pairs_by_gathers(s, np, &fx, out);
    else
        pairs_scalar(s, np, out);
}

int hs_poker_state_rank_pairs_avx2(hs_poker_state s, int below, uint16_t *classes) {
    if (!hs_cpu_has_avx2())
        return HS_ERR_ARG;
    assert(hs_poker_state_above(s, below));
    pairs_call(s, below, classes);
    return HS_OK;
}

/* The triples: for each third card c the pairs below it, as above. The rank-pair table of s
 * with c depends only on c's rank r, so each of the 13 is built at most once per call, when the
 * cards of that rank still to come (c, c + 13, ...) have enough pairs below them
 * (TRIPLES_ROW_COST), and then serves every card of that rank. Its row ra is row r of the table of
 * rank ra (both: s with ranks r, ra and each third rank), copied when that one is built already:
 * about half the lookups. */
HS_AVX2 static void triples_avx2(hs_poker_state s, int below, uint16_t *out) {
    _Alignas(32) uint16_t m[HS_RANKS][HS_RANKS][16];
    unsigned built = 0;
    __m256i ones = _mm256_set1_epi32(-1);
    __asm__("" : "+x"(ones)); /* see GATHER32 */
    const hs_poker_hash h = hs_poker_hash_of(hs_poker_state_cards_in(s) + 3);
    for (int c = 2, r = 2; c < below; c++, r = r == HS_RANKS - 1 ? 0 : r + 1) {
        const hs_poker_state sc = hs_poker_state_add(s, c);
        const pairs_flush fx = pairs_flush_of(sc);
        const int np = c * (c - 1) / 2;
        if (!(built >> r & 1)) {
            int uses = 0;
            for (int d = c; d < below; d += HS_RANKS)
                uses += d * (d - 1) / 2;
            if (uses >= TRIPLES_ROW_COST * (HS_RANKS - __builtin_popcount(built))) {
                for (int ra = 0; ra < HS_RANKS; ra++)
                    if (built >> ra & 1)
                        memcpy(m[r][ra], m[ra][r], sizeof m[r][ra]);
                    else
                        rank_pair_row((uint32_t)sc.key, &h, ra, m[r][ra], ones);
                built |= 1u << r;
            }
        }
        if (built >> r & 1)
            pairs_by_rows((const uint16_t(*)[16])m[r], c, &fx, out);
        else if (np >= PAIRS_BY_GATHERS)
            pairs_by_gathers(sc, np, &fx, out);
        else
            pairs_scalar(sc, np, out);
        out += np;
    }
}

int hs_poker_state_rank_triples_avx2(hs_poker_state s, int below, uint16_t *classes) {
    if (!hs_cpu_has_avx2())
        return HS_ERR_ARG;
    assert(hs_poker_state_above(s, below));
    triples_avx2(s, below, classes);
    return HS_OK;
}

/* ---- a hand state joined with each four-card set below a card -------------------------------
 * The method of the AVX-512 kernel (poker_avx512.c, quads_avx512): without flushes the class of
 * a hand depends only on s and the multiset of its last four cards' ranks, so the classes of s
 * with the 1,820 multisets (the first hs_poker_quads_below[below], those four cards under
 * `below` can hold) are looked up once per call. From them, through hs_poker_quad_of, the row of
 * classes of each of the 455 multisets of three ranks with each fourth rank; the 13 x 16 table
 * of pairs_by_rows for a rank pair of the fourth and fifth cards is 13 of those rows, copied the
 * first time that rank pair comes and kept for the rest of the call. Each five-card state's pairs
 * are then pairs_by_rows from its table, flushes as in the pairs kernel. On AMD Zen 5
 * `bench/peers/ranking.sh 9` ran this 2,120-2,220 M/s over all seven-card hands, 1.40-1.42x
 * OMPEval's card loop (the triples kernel per fourth card: 0.93x). The lookups are scalar: with
 * the loop of ranking.cpp's hs_quads_avx2_7 the rows by AVX2 gathers (from the hash, or from the
 * multisets' table and hs_poker_quad_of) measured 1,840-2,005 M/s against 2,090-2,190 for this,
 * the multisets' table by gathers the same as by scalar lookups, and each state's table copied
 * afresh from the rows (no cache) 1,880. Under QUADS_FROM cards the call is too small for the
 * tables to pay: the triples kernel's loops (thresholds 16-28 measured, 20-22 best: 2,130-2,220
 * M/s, 16 2,070, 28 2,035). */
enum { QUADS_FROM = 20, QUADS = 1820, RANK_TRIPLES = 455 };

/* The index of the rank triple x <= y <= z: C(z + 2, 3) + C(y + 1, 2) + x. */
static inline int rank_triple(int x, int y, int z) {
    return z * (z + 1) * (z + 2) / 6 + y * (y + 1) / 2 + x;
}

HS_AVX2 static void quads_avx2(hs_poker_state s, int below, uint16_t *out) {
    if (below < QUADS_FROM) {
        for (int c4 = 3; c4 < below; c4++) {
            triples_avx2(hs_poker_state_add(s, c4), c4, out);
            out += c4 * (c4 - 1) * (c4 - 2) / 6;
        }
        return;
    }
    /* quad[q]: the class of s with multiset q (hs_poker_quad_key order), 0 for those past nq. A
     * multiset that s's cards leave no room for has a key outside the tables: clamped, its entry
     * is never read. */
    uint16_t quad[QUADS];
    const int nq = hs_poker_quads_below[below];
    const hs_poker_hash h = hs_poker_hash_of(hs_poker_state_cards_in(s) + 4);
    for (int q = 0; q < nq; q++)
        quad[q] = (uint16_t)hs_poker_hash_class_clamped(&h, (uint32_t)s.key + hs_poker_quad_key[q]);
    memset(quad + nq, 0, sizeof quad - (size_t)nq * sizeof quad[0]);
    /* rows[rank_triple(x, y, z)][r]: the class of s with ranks x, y, z, r (entries 13-15 0) */
    _Alignas(32) uint16_t rows[RANK_TRIPLES][16];
    for (int z = 0, t = 0; z < HS_RANKS; z++)
        for (int y = 0; y <= z; y++)
            for (int x = 0; x <= y; x++, t++) {
                const uint16_t *of = hs_poker_quad_of + 96 * hs_poker_rank_pair(x, y);
                for (int r = 0; r < HS_RANKS; r++)
                    rows[t][r] = quad[of[hs_poker_rank_pair(z, r)]];
                rows[t][13] = rows[t][14] = rows[t][15] = 0;
            }
    /* m[i]: the table of rank pair i (hs_poker_rp_key order), once built[i] says so */
    _Alignas(32) uint16_t m[91][HS_RANKS][16];
    uint64_t built[2] = {0, 0};
    for (int c4 = 3, r4 = 3; c4 < below; c4++, r4 = r4 == HS_RANKS - 1 ? 0 : r4 + 1) {
        const hs_poker_state s4 = hs_poker_state_add(s, c4);
        for (int c5 = 2, r5 = 2; c5 < c4; c5++, r5 = r5 == HS_RANKS - 1 ? 0 : r5 + 1) {
            const hs_poker_state s5 = hs_poker_state_add(s4, c5);
            const int i = hs_poker_rank_pair(r4, r5);
            if (!(built[i >> 6] >> (i & 63) & 1)) {
                const int lo = r4 < r5 ? r4 : r5, hi = r4 < r5 ? r5 : r4;
                for (int r = 0; r < HS_RANKS; r++) {
                    const int t = r <= lo   ? rank_triple(r, lo, hi)
                                  : r <= hi ? rank_triple(lo, r, hi)
                                            : rank_triple(lo, hi, r);
                    memcpy(m[i][r], rows[t], sizeof m[i][r]);
                }
                built[i >> 6] |= UINT64_C(1) << (i & 63);
            }
            const pairs_flush fx = pairs_flush_of(s5);
            pairs_by_rows((const uint16_t(*)[16])m[i], c5, &fx, out);
            out += c5 * (c5 - 1) / 2;
        }
    }
}

int hs_poker_state_rank_quads_avx2(hs_poker_state s, int below, uint16_t *classes) {
    if (!hs_cpu_has_avx2())
        return HS_ERR_ARG;
    assert(hs_poker_state_above(s, below));
    quads_avx2(s, below, classes);
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

int hs_poker_rank7_ids_batch_avx2(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    (void)ids;
    (void)n;
    (void)out;
    return HS_ERR_ARG;
}

int hs_poker_state_rank_pairs_avx2(hs_poker_state s, int below, uint16_t *classes) {
    (void)s;
    (void)below;
    (void)classes;
    return HS_ERR_ARG;
}

int hs_poker_state_rank_triples_avx2(hs_poker_state s, int below, uint16_t *classes) {
    (void)s;
    (void)below;
    (void)classes;
    return HS_ERR_ARG;
}

int hs_poker_state_rank_quads_avx2(hs_poker_state s, int below, uint16_t *classes) {
    (void)s;
    (void)below;
    (void)classes;
    return HS_ERR_ARG;
}

#endif
