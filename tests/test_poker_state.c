/* The incremental hand state (handstat/poker_state.h) against hs_poker_rank() and the reference.
 * Usage: test_poker_state unit | 5 | 6 | 7 | ref.
 *   unit: random hands and states, edge cases (fast).
 *   5, 6, 7: every hand of that size built in nested loops, card by card, as enumerations use
 *     the state, against hs_poker_rank(); the same hands through every path of
 *     hs_poker_state_rank_pairs / _rank_triples / _rank_quads (and, for 7,
 *     hs_poker_rank7_ids_batch); the reference on every 5-card hand, every 4th 6-card and every
 *     61st-64th 7-card hand (it takes 6 and 21 five-card rankings per hand).
 *   ref: every 6- and 7-card hand through each path of _rank_triples against the reference's
 *     classes of five cards, the best of 6 or 21 read from a table of all 2,598,960. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "poker_ref.h"

static void fail_hand(uint64_t mask, int fast, int want, const char *what) {
    char text[40];
    hs_hand_format(mask, text, sizeof text);
    fail_msg("hand %s: state class %d, %s %d", text, fast, what, want);
}

/* s against hs_poker_rank() and (when ref != NULL) the reference on the hand's cards. */
static int check_state(const ref_poker *ref, hs_poker_state s) {
    uint64_t mask = hs_poker_state_mask(s);
    int got = hs_poker_state_rank(s), want = hs_poker_rank(mask);
    if (got != want)
        fail_hand(mask, got, want, "hs_poker_rank");
    if (ref != NULL) {
        int cards[7], n = 0;
        for (int c = 0; c < HS_CARDS; c++)
            if (mask & hs_card_bit(c))
                cards[n++] = c;
        int slow = ref_poker_best(ref, cards, n);
        if (got != slow)
            fail_hand(mask, got, slow, "reference");
    }
    return got;
}

static uint64_t rng_next(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int state_equal(hs_poker_state a, hs_poker_state b) {
    return a.key == b.key && a.mask == b.mask;
}

/* The state of the cards in `text`, added in the order written and in reverse (both the same). */
static hs_poker_state parse_state(const char *text) {
    int cards[7];
    size_t n;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 7, &n, NULL), HS_OK);
    hs_poker_state fwd = hs_poker_state_empty(), back = hs_poker_state_empty();
    for (size_t i = 0; i < n; i++) {
        fwd = hs_poker_state_add(fwd, cards[i]);
        back = hs_poker_state_add(back, cards[n - 1 - i]);
    }
    assert_true(state_equal(fwd, back));
    assert_true(state_equal(fwd, hs_poker_state_of(hs_cards_mask(cards, n))));
    return fwd;
}

/* Random 5-, 6- and 7-card hands, their cards added in a random order: same state as in card
 * order (and from hs_poker_state_of), same class as hs_poker_rank and the reference. */
static void test_random_hands(void **state) {
    const ref_poker *ref = *state;
    uint64_t x = 12;
    for (int i = 0; i < 30000; i++) {
        int k = 5 + i % 3, cards[7], n = 0;
        uint64_t mask = 0;
        while (n < k) {
            int c = (int)(rng_next(&x) % HS_CARDS);
            if (!(mask & hs_card_bit(c))) {
                mask |= hs_card_bit(c);
                cards[n++] = c;
            }
        }
        hs_poker_state s = hs_poker_state_empty();
        for (int j = 0; j < k; j++)
            s = hs_poker_state_add(s, cards[j]);
        assert_true(state_equal(s, hs_poker_state_of(mask)));
        assert_int_equal(hs_poker_state_mask(s), mask);
        /* any split into two parts joins to the same state */
        hs_poker_state a = hs_poker_state_empty(), b = hs_poker_state_empty();
        for (int j = 0; j < k; j++)
            if (j < i % k)
                a = hs_poker_state_add(a, cards[j]);
            else
                b = hs_poker_state_add(b, cards[j]);
        assert_true(state_equal(hs_poker_state_join(a, b), s));
        check_state(ref, s);
    }
}

/* A random set of n cards above a random card `below` (at least *below, at most 41, which
 * leaves 11 cards above it); with one_suit, its first three cards (all of them, if fewer) of
 * suit 2 or 3 (cards 26..51) and below at most 26, so that it holds three of a suit. */
static uint64_t random_state(uint64_t *x, int n, int one_suit, int *below) {
    *below += (int)(rng_next(x) % (unsigned)(one_suit ? 27 - *below : 42 - *below));
    const int suit = 2 + (int)(rng_next(x) % 2);
    uint64_t mask = 0;
    while (hs_hand_size(mask) < n) {
        int c = one_suit && hs_hand_size(mask) < 3
                    ? suit * HS_RANKS + (int)(rng_next(x) % HS_RANKS)
                    : *below + (int)(rng_next(x) % (unsigned)(HS_CARDS - *below));
        mask |= hs_card_bit(c);
    }
    return mask;
}

/* hs_poker_state_rank_pairs on random states of 3, 4 and 5 cards above a random card, each path
 * against the hand's hs_poker_rank() and the slots past the pairs untouched; states with three
 * or more cards of a suit (the vector path's flush gather) made often on purpose. */
static void test_rank_pairs(void **state) {
    (void)state;
    uint64_t x = 99;
    static uint16_t got[1326 + 4];
    for (int i = 0; i < 3000; i++) {
        int n = 3 + i % 3, below = 2;
        uint64_t mask = random_state(&x, n, i & 1, &below);
        hs_poker_state s = hs_poker_state_of(mask);
        const int np = below * (below - 1) / 2;
        for (int path = 0; path < 4; path++) {
            for (int p = 0; p < np + 4; p++)
                got[p] = 0xBEEF;
            if (path == 0)
                hs_poker_state_rank_pairs(s, below, got);
            else if (path == 1)
                hs_poker_state_rank_pairs_scalar(s, below, got);
            else if (path == 2 && hs_poker_state_rank_pairs_avx512(s, below, got) != HS_OK) {
                assert_false(hs_cpu_has_avx512());
                continue;
            } else if (path == 3 && hs_poker_state_rank_pairs_avx2(s, below, got) != HS_OK) {
                assert_false(hs_cpu_has_avx2());
                assert_int_equal(got[0], 0xBEEF);
                continue;
            }
            for (int p = 0, hi = 1, lo = 0; p < np; p++) {
                uint64_t hand = mask | hs_card_bit(hi) | hs_card_bit(lo);
                if (got[p] != hs_poker_rank(hand))
                    fail_hand(hand, got[p], hs_poker_rank(hand),
                              path == 2   ? "avx512"
                              : path == 3 ? "avx2"
                                          : "pairs");
                if (++lo == hi) {
                    hi++;
                    lo = 0;
                }
            }
            for (int p = np; p < np + 4; p++)
                assert_int_equal(got[p], 0xBEEF);
        }
    }
}

/* hs_poker_state_rank_triples likewise on random states of 2, 3 and 4 cards: the classes in
 * their documented order (third card c = 2, 3, ..., then the pairs below c). */
static void test_rank_triples(void **state) {
    (void)state;
    uint64_t x = 7;
    static uint16_t got[22100 + 4];
    for (int i = 0; i < 300; i++) {
        int n = 2 + i % 3, below = 3;
        uint64_t mask = random_state(&x, n, i & 1, &below);
        hs_poker_state s = hs_poker_state_of(mask);
        const int nt = below * (below - 1) * (below - 2) / 6;
        for (int path = 0; path < 4; path++) {
            for (int t = 0; t < nt + 4; t++)
                got[t] = 0xBEEF;
            if (path == 0)
                hs_poker_state_rank_triples(s, below, got);
            else if (path == 1)
                hs_poker_state_rank_triples_scalar(s, below, got);
            else if (path == 2 && hs_poker_state_rank_triples_avx512(s, below, got) != HS_OK) {
                assert_false(hs_cpu_has_avx512());
                continue;
            } else if (path == 3 && hs_poker_state_rank_triples_avx2(s, below, got) != HS_OK) {
                assert_false(hs_cpu_has_avx2());
                assert_int_equal(got[0], 0xBEEF);
                continue;
            }
            int t = 0;
            for (int c = 2; c < below; c++)
                for (int hi = 1; hi < c; hi++)
                    for (int lo = 0; lo < hi; lo++, t++) {
                        uint64_t hand = mask | hs_card_bit(c) | hs_card_bit(hi) | hs_card_bit(lo);
                        if (got[t] != hs_poker_rank(hand))
                            fail_hand(hand, got[t], hs_poker_rank(hand),
                                      path == 2   ? "avx512 triples"
                                      : path == 3 ? "avx2 triples"
                                                  : "triples");
                    }
            assert_int_equal(t, nt);
            for (; t < nt + 4; t++)
                assert_int_equal(got[t], 0xBEEF);
        }
    }
}

/* hs_poker_state_rank_quads likewise on random states of 1, 2 and 3 cards: the classes in their
 * documented order (fourth card c = 3, 4, ..., then the triples below c); the states of three
 * cards of one suit (flushes through the five-card states' flush gathers) made often, and the
 * vector paths' tables both skipped (below 24 for AVX-512, 20 for AVX2) and used. */
static void test_rank_quads(void **state) {
    (void)state;
    uint64_t x = 2029;
    enum { MAX = 111930 }; /* C(42, 4) */
    static uint16_t got[MAX + 4];
    for (int i = 0; i < 90; i++) {
        int n = 1 + i % 3, below = 4;
        uint64_t mask = random_state(&x, n, i & 1, &below);
        hs_poker_state s = hs_poker_state_of(mask);
        const int nq = below * (below - 1) * (below - 2) * (below - 3) / 24;
        assert_true(nq <= MAX);
        for (int path = 0; path < 4; path++) {
            for (int t = 0; t < nq + 4; t++)
                got[t] = 0xBEEF;
            if (path == 0)
                hs_poker_state_rank_quads(s, below, got);
            else if (path == 1)
                hs_poker_state_rank_quads_scalar(s, below, got);
            else if (path == 2 && hs_poker_state_rank_quads_avx512(s, below, got) != HS_OK) {
                assert_false(hs_cpu_has_avx512());
                assert_int_equal(got[0], 0xBEEF);
                continue;
            } else if (path == 3 && hs_poker_state_rank_quads_avx2(s, below, got) != HS_OK) {
                assert_false(hs_cpu_has_avx2());
                assert_int_equal(got[0], 0xBEEF);
                continue;
            }
            int t = 0;
            for (int d = 3; d < below; d++)
                for (int c = 2; c < d; c++)
                    for (int hi = 1; hi < c; hi++)
                        for (int lo = 0; lo < hi; lo++, t++) {
                            uint64_t hand = mask | hs_card_bit(d) | hs_card_bit(c) |
                                            hs_card_bit(hi) | hs_card_bit(lo);
                            if (got[t] != hs_poker_rank(hand))
                                fail_hand(hand, got[t], hs_poker_rank(hand),
                                          path == 2   ? "avx512 quads"
                                          : path == 3 ? "avx2 quads"
                                                      : "quads");
                        }
            assert_int_equal(t, nq);
            for (; t < nq + 4; t++)
                assert_int_equal(got[t], 0xBEEF);
        }
    }
}

/* Hands where the suit counters, the wheel and the flush lane matter. */
static void test_edge_cases(void **state) {
    const ref_poker *ref = *state;
    /* cls 0: no fixed class here, checked against hs_poker_rank and the reference only */
    static const struct {
        const char *hand;
        int cls;
    } cases[] = {
        {"AS KS QS JS TS", 1},          /* royal flush */
        {"AS KS QS JS TS 9S 8S", 1},    /* seven spades */
        {"5H 4H 3H 2H AH", 10},         /* steel wheel */
        {"5H 4H 3H 2H AH 6H", 9},       /* six-high straight flush beats the wheel */
        {"5H 4H 3H 2H AH AC AD", 10},   /* straight flush over trips */
        {"5H 4H 3H 2H AH 6C 7D", 10},   /* straight flush over a higher plain straight */
        {"5C 4D 3H 2S AC", 1609},       /* wheel */
        {"5C 4D 3H 2S AC 6D", 1608},    /* six-high straight */
        {"AC KD QH JS TC 2C 3C", 1600}, /* broadway */
        {"AC AD AH AS KC", 11},         /* four aces */
        {"AC AD AH AS KC KD KH", 11},   /* quads beat the full house inside */
        {"KC KD KH 2S 2C 2D 9H", 190},  /* two trips: kings full of twos */
        {"2C 3D 4H 5S 7C", 7462},       /* the worst hand */
        {"AD KD 9D 5D 3D AC AH", 0},    /* flush with trips (the flush wins) */
        {"2D 3D 4D 6D 8D 2C 2H", 0},    /* flush with trips of its lowest rank */
        {"2D 3D 4D 6D 8D TD 2C", 0},    /* six-card flush with a pair */
        {"2D 3D 4D 6D 8D TD JD", 0},    /* seven-card flush, no straight */
        {"2D 3D 4D 6D 8D 8C 8H", 0},    /* flush with trips */
        {"9S TS JS QS KS AS AD", 1},    /* royal flush with a pair of aces */
        {"2C 3C 4C 5C 6C 7C 8C", 7},    /* seven-card straight flush: eight high */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int got = check_state(ref, parse_state(cases[i].hand));
        if (cases[i].cls > 0)
            assert_int_equal(got, cases[i].cls);
    }
    /* every hand of 5..7 cards all of one suit */
    for (int suit = 0; suit < HS_SUITS; suit++)
        for (unsigned set = 0; set < (1u << HS_RANKS); set++) {
            if (__builtin_popcount(set) < 5 || __builtin_popcount(set) > 7)
                continue;
            check_state(ref, hs_poker_state_of((uint64_t)set << (HS_RANKS * suit)));
        }
}

/* Every entry of the table of pairs: the state of its two cards, at its documented index. */
static void test_pairs(void **state) {
    (void)state;
    int i = 0;
    for (int hi = 1; hi < HS_CARDS; hi++)
        for (int lo = 0; lo < hi; lo++, i++) {
            hs_poker_state want =
                hs_poker_state_add(hs_poker_state_add(hs_poker_state_empty(), lo), hi);
            assert_int_equal(i, hi * (hi - 1) / 2 + lo);
            assert_true(state_equal(hs_poker_state_pairs[i], want));
        }
    assert_int_equal(i, 1326);
}

/* Every k-card hand, card by card in nested loops (k = 5, 6, 7), against hs_poker_rank(); the
 * reference on every `stride`-th hand; the category counts against the published ones. */
static void every_hand(const ref_poker *ref, int k, uint64_t stride, uint64_t want_hands,
                       const uint64_t want_cat[9]) {
    uint64_t cat[9] = {0}, hands = 0;
    hs_poker_state s[8];
    int c[8];
    s[0] = hs_poker_state_empty();
    int depth = 0;
    c[0] = -1;
    /* an iterative nest: level `depth` tries its next card; the state of levels < depth is kept */
    while (depth >= 0) {
        c[depth]++;
        if (c[depth] > HS_CARDS - (k - depth)) {
            depth--;
            continue;
        }
        s[depth + 1] = hs_poker_state_add(s[depth], c[depth]);
        if (depth + 1 < k) {
            depth++;
            c[depth] = c[depth - 1];
            continue;
        }
        /* the last two cards joined from the table of pairs give the same state */
        int hi = c[k - 1], lo = c[k - 2];
        if (!state_equal(
                hs_poker_state_join(s[k - 2], hs_poker_state_pairs[hi * (hi - 1) / 2 + lo]), s[k]))
            fail_msg("the pair {%d, %d} joined differs from the cards added", lo, hi);
        int cls = check_state(hands % stride == 0 ? ref : NULL, s[k]);
        cat[hs_poker_category(cls)]++;
        hands++;
    }
    assert_int_equal(hands, want_hands);
    for (int i = 0; i < 9; i++)
        assert_int_equal(cat[i], want_cat[i]);
}

/* ---- the two innermost levels in one call (hs_poker_state_rank_pairs) and the card-id batch ----
 */

typedef struct pairs_walk {
    const ref_poker *ref;
    int k;
    uint64_t stride, hands, cat[9];
    uint16_t scalar[1326], vec[1326], best[1326], vec2[1326];
    /* k = 7: the ids of each hand, ranked in blocks by each hs_poker_rank7_ids_batch path */
    uint8_t ids[1326][7];
    uint16_t ids_scalar[1326], ids_vec[1326], ids_best[1326], ids_vec2[1326];
    /* hs_poker_state_rank_triples of the state one level up, by path (dispatching, scalar,
     * avx512, avx2), whether the vector paths ran, and how far the pairs below have got through
     * it */
    uint16_t tri[4][22100];
    int tri_vec, tri_vec2, tri_off;
    /* hs_poker_state_rank_quads of the state two levels up likewise, and how far the triples
     * below have got through it */
    uint16_t quad[4][270725];
    int quad_vec, quad_vec2, quad_off;
} pairs_walk;

/* Every hand whose k - 2 highest cards are in s (the lowest being `below`): the pairs below it
 * through every path of hs_poker_state_rank_pairs, each class against hs_poker_rank() and, on
 * every stride-th hand, the reference; the same classes in their place in every path of
 * hs_poker_state_rank_triples of the state one card up (and the scalar triples in their place in
 * every path of hs_poker_state_rank_quads of the state two cards up, in pairs_walk_level); for
 * k = 7 the same hands as card ids through every path of hs_poker_rank7_ids_batch. */
static void pairs_check(pairs_walk *w, hs_poker_state s, int below, const int *cards) {
    const int np = below * (below - 1) / 2;
    hs_poker_state_rank_pairs_scalar(s, below, w->scalar);
    hs_poker_state_rank_pairs(s, below, w->best);
    int have_vec = hs_poker_state_rank_pairs_avx512(s, below, w->vec) == HS_OK;
    assert_int_equal(have_vec, hs_cpu_has_avx512() != 0);
    int have_vec2 = hs_poker_state_rank_pairs_avx2(s, below, w->vec2) == HS_OK;
    assert_int_equal(have_vec2, hs_cpu_has_avx2() != 0);
    for (int p = 0, hi = 1, lo = 0; p < np; p++) {
        uint64_t mask = hs_poker_state_mask(s) | hs_card_bit(hi) | hs_card_bit(lo);
        int want = hs_poker_rank(mask);
        if (w->scalar[p] != want)
            fail_hand(mask, w->scalar[p], want, "hs_poker_rank (pairs, scalar)");
        if (w->best[p] != want)
            fail_hand(mask, w->best[p], want, "hs_poker_rank (pairs, dispatching)");
        if (have_vec && w->vec[p] != want)
            fail_hand(mask, w->vec[p], want, "hs_poker_rank (pairs, avx512)");
        if (have_vec2 && w->vec2[p] != want)
            fail_hand(mask, w->vec2[p], want, "hs_poker_rank (pairs, avx2)");
        if (w->hands++ % w->stride == 0) {
            int c[7];
            for (int j = 0; j < w->k - 2; j++)
                c[j] = cards[j];
            c[w->k - 2] = hi;
            c[w->k - 1] = lo;
            int slow = ref_poker_best(w->ref, c, w->k);
            if (want != slow)
                fail_hand(mask, want, slow, "reference");
        }
        w->cat[hs_poker_category(want)]++;
        if (w->k == 7) {
            for (int j = 0; j < 5; j++)
                w->ids[p][j] = (uint8_t)cards[j];
            /* an order other than ascending: the pair first */
            w->ids[p][5] = w->ids[p][0];
            w->ids[p][0] = (uint8_t)lo;
            w->ids[p][6] = (uint8_t)hi;
        }
        if (++lo == hi) {
            hi++;
            lo = 0;
        }
    }
    for (int path = 0; path < 4; path++)
        if ((path < 2 || (path == 2 ? w->tri_vec : w->tri_vec2)) &&
            memcmp(w->tri[path] + w->tri_off, w->scalar, (size_t)np * 2) != 0)
            fail_msg("hs_poker_state_rank_triples (path %d) differs from the pairs below card %d",
                     path, below);
    w->tri_off += np;
    if (w->k == 7) {
        hs_poker_rank7_ids_batch_scalar((const uint8_t(*)[7])w->ids, (size_t)np, w->ids_scalar);
        hs_poker_rank7_ids_batch((const uint8_t(*)[7])w->ids, (size_t)np, w->ids_best);
        int ok = hs_poker_rank7_ids_batch_avx512((const uint8_t(*)[7])w->ids, (size_t)np,
                                                 w->ids_vec) == HS_OK;
        assert_int_equal(ok, hs_cpu_has_avx512() != 0);
        int ok2 = hs_poker_rank7_ids_batch_avx2((const uint8_t(*)[7])w->ids, (size_t)np,
                                                w->ids_vec2) == HS_OK;
        assert_int_equal(ok2, hs_cpu_has_avx2() != 0);
        if (memcmp(w->ids_scalar, w->scalar, (size_t)np * 2) != 0 ||
            memcmp(w->ids_best, w->scalar, (size_t)np * 2) != 0 ||
            (ok && memcmp(w->ids_vec, w->scalar, (size_t)np * 2) != 0) ||
            (ok2 && memcmp(w->ids_vec2, w->scalar, (size_t)np * 2) != 0))
            fail_msg("the card-id batch paths differ from the state below card %d", below);
    }
}

/* Cards going down: level `level` of k - 2 picks a card below `lim`. */
static void pairs_walk_level(pairs_walk *w, hs_poker_state s, int level, int lim, int *cards) {
    if (level == w->k - 2) {
        pairs_check(w, s, lim, cards);
        return;
    }
    if (level == w->k - 4) {
        hs_poker_state_rank_quads(s, lim, w->quad[0]);
        hs_poker_state_rank_quads_scalar(s, lim, w->quad[1]);
        w->quad_vec = hs_poker_state_rank_quads_avx512(s, lim, w->quad[2]) == HS_OK;
        assert_int_equal(w->quad_vec, hs_cpu_has_avx512() != 0);
        w->quad_vec2 = hs_poker_state_rank_quads_avx2(s, lim, w->quad[3]) == HS_OK;
        assert_int_equal(w->quad_vec2, hs_cpu_has_avx2() != 0);
        w->quad_off = 0;
    }
    if (level == w->k - 3) {
        hs_poker_state_rank_triples(s, lim, w->tri[0]);
        hs_poker_state_rank_triples_scalar(s, lim, w->tri[1]);
        w->tri_vec = hs_poker_state_rank_triples_avx512(s, lim, w->tri[2]) == HS_OK;
        assert_int_equal(w->tri_vec, hs_cpu_has_avx512() != 0);
        w->tri_vec2 = hs_poker_state_rank_triples_avx2(s, lim, w->tri[3]) == HS_OK;
        assert_int_equal(w->tri_vec2, hs_cpu_has_avx2() != 0);
        w->tri_off = 0;
        const int nt = lim * (lim - 1) * (lim - 2) / 6;
        for (int path = 0; path < 4; path++)
            if ((path < 2 || (path == 2 ? w->quad_vec : w->quad_vec2)) &&
                memcmp(w->quad[path] + w->quad_off, w->tri[1], (size_t)nt * 2) != 0)
                fail_msg("hs_poker_state_rank_quads (path %d) differs from the triples below %d",
                         path, lim);
        w->quad_off += nt;
    }
    for (int c = w->k - 1 - level; c < lim; c++) {
        cards[level] = c;
        pairs_walk_level(w, hs_poker_state_add(s, c), level + 1, c, cards);
    }
}

static void every_hand_pairs(const ref_poker *ref, int k, uint64_t stride, uint64_t want_hands,
                             const uint64_t want_cat[9]) {
    pairs_walk *w = calloc(1, sizeof *w);
    assert_non_null(w);
    w->ref = ref;
    w->k = k;
    w->stride = stride;
    int cards[7];
    print_message("rank_pairs, rank_triples, rank_quads and card-id paths: scalar%s%s\n",
                  hs_cpu_has_avx512() ? ", avx512" : " (no AVX-512 on this CPU)",
                  hs_cpu_has_avx2() ? ", avx2" : " (no AVX2 on this CPU)");
    pairs_walk_level(w, hs_poker_state_empty(), 0, HS_CARDS, cards);
    assert_int_equal(w->hands, want_hands);
    for (int i = 0; i < 9; i++)
        assert_int_equal(w->cat[i], want_cat[i]);
    free(w);
}

/* ---- every 6- and 7-card hand against the reference -----------------------------------------
 * The reference's class of every 5-card set (ref_poker_class5, by colex index), then each hand's
 * class as the best of its five-card sets (6 or 21) read from that table: the reference's own
 * rule (ref_poker_best) without its class5 calls per hand, so that every hand can be checked.
 * Each path of hs_poker_state_rank_triples (which tests 6 and 7 hold equal to every path of
 * _rank_pairs, and test 7 to the card-id batch, on every hand) against it. */

static uint32_t binom[53][6]; /* C(n, k) */

static uint32_t colex5(const int x[5]) { /* x ascending */
    return binom[x[0]][1] + binom[x[1]][2] + binom[x[2]][3] + binom[x[3]][4] + binom[x[4]][5];
}

typedef struct ref_walk {
    const uint16_t *five; /* the reference's class of each five-card set, by colex index */
    int k, vec, vec2, subsets, subset[21][5];
    uint16_t *got[4]; /* the triples paths: dispatching, scalar, avx512, avx2 */
    uint64_t hands;
    int c[7]; /* ascending: c[0..2] the triple, c[3..k-1] the state's cards */
} ref_walk;

/* The triples below card c[3] joined with the state s of c[3..k-1]: each path against the best
 * of the hand's five-card sets. */
static void ref_check(ref_walk *w, hs_poker_state s) {
    int *c = w->c;
    hs_poker_state_rank_triples(s, c[3], w->got[0]);
    hs_poker_state_rank_triples_scalar(s, c[3], w->got[1]);
    if (w->vec)
        assert_int_equal(hs_poker_state_rank_triples_avx512(s, c[3], w->got[2]), HS_OK);
    if (w->vec2)
        assert_int_equal(hs_poker_state_rank_triples_avx2(s, c[3], w->got[3]), HS_OK);
    int t = 0;
    for (c[2] = 2; c[2] < c[3]; c[2]++)
        for (c[1] = 1; c[1] < c[2]; c[1]++)
            for (c[0] = 0; c[0] < c[1]; c[0]++, t++) {
                int best = 7463;
                for (int i = 0; i < w->subsets; i++) {
                    int y[5];
                    for (int q = 0; q < 5; q++)
                        y[q] = c[w->subset[i][q]];
                    int v = w->five[colex5(y)];
                    best = v < best ? v : best;
                }
                for (int p = 0; p < 4; p++)
                    if ((p < 2 || (p == 2 ? w->vec : w->vec2)) && w->got[p][t] != best) {
                        uint64_t mask = 0;
                        for (int q = 0; q < w->k; q++)
                            mask |= hs_card_bit(c[q]);
                        fail_hand(mask, w->got[p][t], best,
                                  p == 0   ? "reference (triples, dispatching)"
                                  : p == 1 ? "reference (triples, scalar)"
                                  : p == 2 ? "reference (triples, avx512)"
                                           : "reference (triples, avx2)");
                    }
                w->hands++;
            }
}

/* The state's cards from the highest down: c[idx] below `lim`, then the lower ones. */
static void ref_level(ref_walk *w, hs_poker_state s, int idx, int lim) {
    if (idx == 2) {
        ref_check(w, s);
        return;
    }
    for (int c = idx; c < lim; c++) {
        w->c[idx] = c;
        ref_level(w, hs_poker_state_add(s, c), idx - 1, c);
    }
}

static void every_hand_reference(const ref_poker *ref, int k, uint64_t want_hands) {
    for (int n = 0; n <= 52; n++)
        for (int j = 0; j <= 5; j++)
            binom[n][j] = j == 0 ? 1 : n == 0 ? 0 : binom[n - 1][j - 1] + binom[n - 1][j];
    ref_walk *w = calloc(1, sizeof *w);
    uint16_t *five = malloc(sizeof *five * 2598960);
    assert_true(w != NULL && five != NULL);
    for (int p = 0; p < 4; p++) {
        w->got[p] = malloc(sizeof *w->got[p] * 22100);
        assert_non_null(w->got[p]);
    }
    int x[5];
    for (x[4] = 4; x[4] < 52; x[4]++)
        for (x[3] = 3; x[3] < x[4]; x[3]++)
            for (x[2] = 2; x[2] < x[3]; x[2]++)
                for (x[1] = 1; x[1] < x[2]; x[1]++)
                    for (x[0] = 0; x[0] < x[1]; x[0]++)
                        five[colex5(x)] = (uint16_t)ref_poker_class5(ref, x);
    w->five = five;
    w->k = k;
    w->vec = hs_cpu_has_avx512() != 0;
    w->vec2 = hs_cpu_has_avx2() != 0;
    for (unsigned m = 0; m < 1u << k; m++) /* the five-card sets of k positions, ascending */
        if (__builtin_popcount(m) == 5) {
            for (int q = 0, n = 0; q < k; q++)
                if (m >> q & 1)
                    w->subset[w->subsets][n++] = q;
            w->subsets++;
        }
    ref_level(w, hs_poker_state_empty(), k - 1, HS_CARDS);
    assert_int_equal(w->hands, want_hands);
    print_message("every %d-card hand against the reference: triples paths scalar%s%s\n", k,
                  w->vec ? ", dispatching, avx512" : ", dispatching (no AVX-512 on this CPU)",
                  w->vec2 ? ", avx2" : " (no AVX2 on this CPU)");
    for (int p = 0; p < 4; p++)
        free(w->got[p]);
    free(five);
    free(w);
}

static void test_every_six_card_hand_reference(void **state) {
    every_hand_reference(*state, 6, 20358520);
}
static void test_every_seven_card_hand_reference(void **state) {
    every_hand_reference(*state, 7, 133784560);
}

static const uint64_t published[3][9] = {
    {40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540},
    {1844, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900},
    {41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460},
};

static void test_every_five_card_hand(void **state) {
    every_hand(*state, 5, 1, 2598960, published[0]);
    every_hand_pairs(*state, 5, 1, 2598960, published[0]);
}
static void test_every_six_card_hand(void **state) {
    every_hand(*state, 6, 4, 20358520, published[1]);
    every_hand_pairs(*state, 6, 4, 20358520, published[1]);
}
static void test_every_seven_card_hand(void **state) {
    every_hand(*state, 7, 64, 133784560, published[2]);
    every_hand_pairs(*state, 7, 61, 133784560, published[2]);
}

int main(int argc, char **argv) {
    const char *group = argc > 1 ? argv[1] : "unit";
    if (strcmp(group, "unit") == 0) {
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_random_hands), cmocka_unit_test(test_edge_cases),
            cmocka_unit_test(test_pairs),        cmocka_unit_test(test_rank_pairs),
            cmocka_unit_test(test_rank_triples), cmocka_unit_test(test_rank_quads),
        };
        return cmocka_run_group_tests_name("poker_state_unit", tests, ref_poker_group_setup,
                                           ref_poker_group_teardown);
    }
    if (strcmp(group, "5") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_five_card_hand)};
        return cmocka_run_group_tests_name("poker_state_5", tests, ref_poker_group_setup,
                                           ref_poker_group_teardown);
    }
    if (strcmp(group, "6") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_six_card_hand)};
        return cmocka_run_group_tests_name("poker_state_6", tests, ref_poker_group_setup,
                                           ref_poker_group_teardown);
    }
    if (strcmp(group, "7") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_seven_card_hand)};
        return cmocka_run_group_tests_name("poker_state_7", tests, ref_poker_group_setup,
                                           ref_poker_group_teardown);
    }
    if (strcmp(group, "ref") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_six_card_hand_reference),
                                           cmocka_unit_test(test_every_seven_card_hand_reference)};
        return cmocka_run_group_tests_name("poker_state_ref", tests, ref_poker_group_setup,
                                           ref_poker_group_teardown);
    }
    fprintf(stderr, "usage: test_poker_state unit|5|6|7|ref\n");
    return 2;
}
