/* The incremental hand state (handstat/poker_state.h) against hs_poker_rank() and the reference.
 * Usage: test_poker_state unit | 5 | 6 | 7. `unit`: random hands and edge cases (fast). 5, 6, 7:
 * every hand of that size built in nested loops, card by card, as enumerations use the state,
 * against hs_poker_rank(); also against the reference on every 5-card hand, every 4th 6-card and
 * every 64th 7-card hand (the reference takes 6 and 21 five-card rankings per hand; the ranker
 * itself is held to it on every 5- and 6-card hand in test_poker_exhaustive). */
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

static int setup_ref(void **state) {
    ref_poker *ref = malloc(sizeof *ref);
    if (ref == NULL)
        return -1;
    ref_poker_init(ref);
    *state = ref;
    return ref->n == REF_POKER_CLASSES ? 0 : -1;
}

static int teardown_ref(void **state) {
    free(*state);
    return 0;
}

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

static const uint64_t published[3][9] = {
    {40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540},
    {1844, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900},
    {41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460},
};

static void test_every_five_card_hand(void **state) {
    every_hand(*state, 5, 1, 2598960, published[0]);
}
static void test_every_six_card_hand(void **state) {
    every_hand(*state, 6, 4, 20358520, published[1]);
}
static void test_every_seven_card_hand(void **state) {
    every_hand(*state, 7, 64, 133784560, published[2]);
}

int main(int argc, char **argv) {
    const char *group = argc > 1 ? argv[1] : "unit";
    if (strcmp(group, "unit") == 0) {
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_random_hands),
            cmocka_unit_test(test_edge_cases),
            cmocka_unit_test(test_pairs),
        };
        return cmocka_run_group_tests_name("poker_state_unit", tests, setup_ref, teardown_ref);
    }
    if (strcmp(group, "5") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_five_card_hand)};
        return cmocka_run_group_tests_name("poker_state_5", tests, setup_ref, teardown_ref);
    }
    if (strcmp(group, "6") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_six_card_hand)};
        return cmocka_run_group_tests_name("poker_state_6", tests, setup_ref, teardown_ref);
    }
    if (strcmp(group, "7") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_seven_card_hand)};
        return cmocka_run_group_tests_name("poker_state_7", tests, setup_ref, teardown_ref);
    }
    fprintf(stderr, "usage: test_poker_state unit|5|6|7\n");
    return 2;
}
