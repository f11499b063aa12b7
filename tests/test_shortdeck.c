/* Short-deck ranking (handstat/shortdeck.h) against the plain reference of shortdeck_ref.c.
 * Usage: test_shortdeck unit | 7. `unit`: every 5-card hand under both rules (the classes must
 * order exactly as the reference keys: one class per key, 1..1404 best first), the published
 * 5-card frequencies, descriptions, best five, bad input, and 7-card hands sampled. `7`: every
 * 7-card hand of the 36 under both rules against the best five by the reference, and the 7-card
 * distribution. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "shortdeck_ref.h"

/* Per rule: the reference key of each class, filled by the 5-card walk. */
typedef struct fixture {
    uint32_t key_of[2][HS_SHORTDECK_CLASSES + 1];
    int deck[HS_SHORTDECK_CARDS];
} fixture;

static int setup(void **state) {
    fixture *f = calloc(1, sizeof *f);
    if (f == NULL)
        return -1;
    int n = 0;
    for (int c = 0; c < HS_CARDS; c++) {
        int r = hs_card_rank(c);
        if (r == 0 || r >= 5)
            f->deck[n++] = c;
    }
    *state = f;
    return n == HS_SHORTDECK_CARDS ? 0 : -1;
}

static int teardown(void **state) {
    free(*state);
    return 0;
}

/* Every k-subset of the deck, in order, calling fn on its cards. */
static void each_hand(const fixture *f, int k, void (*fn)(void *, const int *, int), void *ctx) {
    int idx[7], cards[7];
    for (int i = 0; i < k; i++)
        idx[i] = i;
    for (;;) {
        for (int i = 0; i < k; i++)
            cards[i] = f->deck[idx[i]];
        fn(ctx, cards, k);
        int i = k - 1;
        while (i >= 0 && idx[i] == HS_SHORTDECK_CARDS - k + i)
            i--;
        if (i < 0)
            return;
        idx[i]++;
        for (int j = i + 1; j < k; j++)
            idx[j] = idx[j - 1] + 1;
    }
}

typedef struct walk5 {
    fixture *f;
    int rules;
    uint64_t hands, category[9];
} walk5;

static void check5(void *ctx, const int *cards, int k) {
    walk5 *w = ctx;
    uint64_t hand = hs_cards_mask(cards, (size_t)k);
    int cls = hs_shortdeck_rank(hand, w->rules);
    uint32_t key = shortdeck_ref5(cards, w->rules);
    if (cls < 1 || cls > HS_SHORTDECK_CLASSES)
        fail_msg("class %d out of range", cls);
    uint32_t *slot = &w->f->key_of[w->rules][cls];
    if (*slot == 0)
        *slot = key;
    else if (*slot != key)
        fail_msg("class %d holds reference keys %06x and %06x (rules %d)", cls, *slot, key,
                 w->rules);
    int cat = shortdeck_ref_category(key, w->rules);
    assert_int_equal(hs_shortdeck_category(cls, w->rules), cat);
    w->category[cat]++;
    w->hands++;
}

/* The published 5-card frequencies of the 36-card deck (the same under both rules), by
 * enum hs_poker_category: straight flush 24, four of a kind 288, full house 1,728, flush 480,
 * straight 6,120, three of a kind 16,128, two pair 36,288, pair 193,536, high card 122,400. */
static const uint64_t published5[9] = {24, 288, 1728, 480, 6120, 16128, 36288, 193536, 122400};

static void test_every_five_card_hand(void **state) {
    fixture *f = *state;
    for (int rules = 0; rules < 2; rules++) {
        walk5 w = {f, rules, 0, {0}};
        each_hand(f, 5, check5, &w);
        assert_int_equal(w.hands, 376992);
        for (int c = 0; c < 9; c++)
            assert_int_equal(w.category[c], published5[c]);
        /* one key per class and every class used: the classes order as the keys do */
        for (int cls = 1; cls <= HS_SHORTDECK_CLASSES; cls++) {
            if (f->key_of[rules][cls] == 0)
                fail_msg("class %d holds no hand (rules %d)", cls, rules);
            if (cls > 1 && f->key_of[rules][cls] >= f->key_of[rules][cls - 1])
                fail_msg("class %d is not below class %d (rules %d)", cls, cls - 1, rules);
        }
        hs_shortdeck_hist h;
        assert_int_equal(hs_shortdeck_hist_run(5, rules, &h), HS_OK);
        assert_int_equal(h.hands, 376992);
        for (int c = 0; c < 9; c++)
            assert_int_equal(h.category[c], published5[c]);
    }
}

typedef struct walk7 {
    const fixture *f;
    int rules;
    uint64_t stride, n, category[9];
} walk7;

static void check7(void *ctx, const int *cards, int k) {
    walk7 *w = ctx;
    if (w->n++ % w->stride != 0)
        return;
    uint64_t hand = hs_cards_mask(cards, (size_t)k);
    int cls = hs_shortdeck_rank(hand, w->rules);
    uint32_t want = shortdeck_ref(cards, k, w->rules);
    if (w->f->key_of[w->rules][cls] != want) {
        char text[32];
        hs_hand_format(hand, text, sizeof text);
        fail_msg("%s: class %d (key %06x), the reference's best five %06x (rules %d)", text, cls,
                 w->f->key_of[w->rules][cls], want, w->rules);
    }
    uint64_t five = hs_shortdeck_best_five(hand, w->rules);
    assert_int_equal(hs_hand_size(five), 5);
    assert_true((five & ~hand) == 0);
    assert_int_equal(hs_shortdeck_rank(five, w->rules), cls);
    w->category[hs_shortdeck_category(cls, w->rules)]++;
}

static void seven(fixture *f, uint64_t stride) {
    for (int rules = 0; rules < 2; rules++) {
        walk5 w5 = {f, rules, 0, {0}};
        each_hand(f, 5, check5, &w5);
        walk7 w = {f, rules, stride, 0, {0}};
        each_hand(f, 7, check7, &w);
        assert_int_equal(w.n, 8347680);
        if (stride == 1) {
            hs_shortdeck_hist h;
            assert_int_equal(hs_shortdeck_hist_run(7, rules, &h), HS_OK);
            assert_int_equal(h.hands, 8347680);
            for (int c = 0; c < 9; c++)
                assert_int_equal(h.category[c], w.category[c]);
        }
    }
}

static void test_sampled_seven_card_hands(void **state) {
    seven(*state, 97);
}

static void test_every_seven_card_hand(void **state) {
    seven(*state, 1);
}

static void test_six_card_hands(void **state) {
    fixture *f = *state;
    for (int rules = 0; rules < 2; rules++) {
        walk5 w5 = {f, rules, 0, {0}};
        each_hand(f, 5, check5, &w5);
        walk7 w = {f, rules, 7, 0, {0}};
        each_hand(f, 6, check7, &w);
        assert_int_equal(w.n, 1947792);
        hs_shortdeck_hist h;
        assert_int_equal(hs_shortdeck_hist_run(6, rules, &h), HS_OK);
        assert_int_equal(h.hands, 1947792);
    }
}

static uint64_t parse(const char *text) {
    int cards[8];
    size_t n;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 8, &n, NULL), HS_OK);
    return hs_cards_mask(cards, n);
}

static int rank_text(const char *text, int rules) {
    uint64_t hand = parse(text);
    assert_true(hs_shortdeck_valid(hand));
    return hs_shortdeck_rank(hand, rules);
}

static void test_rules_and_descriptions(void **state) {
    (void)state;
    char d[128];
    /* the royal flush and the lowest straight flush */
    assert_int_equal(rank_text("AS KS QS JS TS", 0), 1);
    assert_int_equal(rank_text("9H 8H 7H 6H AH", 0), 6);
    hs_shortdeck_describe(1, 0, d, sizeof d);
    assert_string_equal(d, "Royal flush");
    hs_shortdeck_describe(6, 0, d, sizeof d);
    assert_string_equal(d, "Straight flush, nine high");
    /* a flush beats a full house, in both rules */
    for (int rules = 0; rules < 2; rules++)
        assert_true(rank_text("AH JH 9H 7H 6H", rules) < rank_text("AS AD AC KS KD", rules));
    /* trips against a straight: the rules decide */
    int trips = rank_text("6S 6D 6C 7S 8D", 0), straight = rank_text("AS 6D 7C 8S 9D", 0);
    assert_true(trips < straight);
    trips = rank_text("6S 6D 6C 7S 8D", 1), straight = rank_text("AS 6D 7C 8S 9D", 1);
    assert_true(straight < trips);
    /* A-6-7-8-9 is the lowest straight, below 6-7-8-9-T */
    assert_true(rank_text("6S 7D 8C 9S TD", 0) < rank_text("AS 6D 7C 8S 9D", 0));
    int r[5];
    assert_int_equal(hs_shortdeck_class_ranks(rank_text("AS 6D 7C 8S 9D", 0), 0, r),
                     HS_POKER_STRAIGHT);
    assert_int_equal(r[0], 8); /* nine */
    assert_int_equal(r[4], 0); /* the ace last */
    hs_shortdeck_describe(rank_text("AS 6D 7C 8S 9D", 0), 0, d, sizeof d);
    assert_string_equal(d, "Straight, nine high");
    hs_shortdeck_describe(HS_SHORTDECK_CLASSES, 0, d, sizeof d);
    assert_string_equal(d, "High card, jack-nine-eight-seven-six");
    /* seven cards: trips and a straight; the better under each rule */
    assert_int_equal(hs_shortdeck_category(rank_text("9S 9D 9C 6S 7D 8C TH", 0), 0),
                     HS_POKER_THREE_OF_A_KIND);
    assert_int_equal(hs_shortdeck_category(rank_text("9S 9D 9C 6S 7D 8C TH", 1), 1),
                     HS_POKER_STRAIGHT);
    /* category order and every class describable */
    int order[9];
    hs_shortdeck_category_order(0, order);
    assert_int_equal(order[2], HS_POKER_FLUSH);
    assert_int_equal(order[3], HS_POKER_FULL_HOUSE);
    assert_int_equal(order[4], HS_POKER_THREE_OF_A_KIND);
    hs_shortdeck_category_order(1, order);
    assert_int_equal(order[4], HS_POKER_STRAIGHT);
    for (int rules = 0; rules < 2; rules++)
        for (int cls = 1; cls <= HS_SHORTDECK_CLASSES; cls++) {
            assert_true(hs_shortdeck_describe(cls, rules, d, sizeof d) > 0);
            assert_int_equal(hs_shortdeck_class_ranks(cls, rules, r),
                             hs_shortdeck_category(cls, rules));
        }
}

/* Equity by the reference: every choice of disjoint combinations (weights multiplied), every
 * board completion, the best five of seven by shortdeck_ref(); shares in 1/2520 of a pot. */
static void ref_equity(int players, const hs_holdem_range *r, uint64_t board, uint64_t dead,
                       int rules, hs_holdem_equity_exact *out) {
    memset(out, 0, sizeof *out);
    out->players = players;
    size_t pick[HS_HOLDEM_MAX_PLAYERS] = {0};
    for (;;) {
        uint64_t used = board | dead;
        hs_uint128 w = 1;
        int ok = 1;
        for (int p = 0; p < players && ok; p++) {
            uint64_t h = r[p].combo[pick[p]];
            ok = (used & h) == 0;
            used |= h;
            w *= r[p].weight[pick[p]];
        }
        if (ok) {
            int rest[36], n = 0, need = 5 - hs_hand_size(board);
            for (int c = 0; c < HS_CARDS; c++)
                if ((HS_SHORTDECK_DECK_MASK & ~used) >> c & 1)
                    rest[n++] = c;
            int idx[5] = {0, 1, 2, 3, 4};
            while (n >= need) {
                uint64_t full = board;
                for (int i = 0; i < need; i++)
                    full |= hs_card_bit(rest[idx[i]]);
                uint32_t key[HS_HOLDEM_MAX_PLAYERS], best = 0;
                int winners = 0;
                for (int p = 0; p < players; p++) {
                    int c7[7], k = 0;
                    for (int c = 0; c < HS_CARDS; c++)
                        if ((r[p].combo[pick[p]] | full) >> c & 1)
                            c7[k++] = c;
                    key[p] = shortdeck_ref(c7, k, rules);
                    best = key[p] > best ? key[p] : best;
                }
                for (int p = 0; p < players; p++)
                    winners += key[p] == best;
                for (int p = 0; p < players; p++) {
                    hs_holdem_player_exact *q = &out->player[p];
                    if (key[p] != best) {
                        q->losses += w;
                        continue;
                    }
                    if (winners == 1)
                        q->wins += w;
                    else
                        q->ties += w;
                    q->shares += w * (HS_HOLDEM_SHARE_UNIT / (unsigned)winners);
                }
                out->deals += w;
                int i = need - 1;
                while (i >= 0 && idx[i] == n - need + i)
                    i--;
                if (i < 0)
                    break;
                idx[i]++;
                for (int j = i + 1; j < need; j++)
                    idx[j] = idx[j - 1] + 1;
            }
        }
        int p = players - 1;
        while (p >= 0 && ++pick[p] == r[p].n)
            pick[p--] = 0;
        if (p < 0)
            break;
    }
}

static void test_equity(void **state) {
    (void)state;
    static const struct {
        const char *hands[4], *board, *dead;
        int rules;
    } CASES[] = {
        {{"AhKh", "QsQd"}, "", "", 0},
        {{"AhKh", "QsQd"}, "", "", 1},
        {{"As6s", "KdKc"}, "7s8s9d", "", 0},
        {{"As6s", "KdKc"}, "7s8s9d", "", 1},
        {{"AhKh", "QsQd", "9c8c"}, "Th7d", "", 0},
        {{"AA", "KQs"}, "6c7d8h", "", 0},
        {{"JJ+,AKs@50", "T9s,99"}, "6c7dTh", "As", 1},
        {{"AhAd", "KhKd", "QhQd", "JhJd"}, "9c8c7c", "6c", 0},
        {{"random", "AA"}, "6c7d8hJs", "", 0},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        hs_holdem_range r[4];
        const hs_holdem_range *rp[4];
        int players = 0;
        for (; players < 4 && CASES[i].hands[players]; players++) {
            const char *t = CASES[i].hands[players];
            assert_int_equal(hs_holdem_range_parse(t, strlen(t), &r[players], NULL, 0, NULL),
                             HS_OK);
            /* "random": its short-deck combinations */
            size_t kept = 0;
            for (size_t j = 0; j < r[players].n; j++)
                if (!(r[players].combo[j] & ~HS_SHORTDECK_DECK_MASK)) {
                    r[players].combo[kept] = r[players].combo[j];
                    r[players].weight[kept++] = r[players].weight[j];
                }
            r[players].n = kept;
            rp[players] = &r[players];
        }
        uint64_t board = CASES[i].board[0] ? parse(CASES[i].board) : 0;
        uint64_t dead = CASES[i].dead[0] ? parse(CASES[i].dead) : 0;
        hs_holdem_equity_exact want, got;
        /* weights divided by their gcd per range, as the engine does: here all are 100 or 50 */
        for (int p = 0; p < players; p++) {
            int all100 = 1;
            for (size_t j = 0; j < r[p].n; j++)
                all100 &= r[p].weight[j] == HS_HOLDEM_WEIGHT_FULL;
            for (size_t j = 0; j < r[p].n; j++)
                r[p].weight[j] = (uint16_t)(all100 ? 1 : r[p].weight[j] / 5000);
        }
        ref_equity(players, r, board, dead, CASES[i].rules, &want);
        for (int threads = 1; threads <= 2; threads++) {
            assert_int_equal(hs_shortdeck_equity_ranges(players, rp, board, dead, CASES[i].rules,
                                                        threads, NULL, NULL, &got),
                             HS_OK);
            if (memcmp(&got, &want, sizeof want) != 0)
                fail_msg("equity case %zu differs from the reference (%d threads)", i, threads);
        }
    }
    /* cards outside the short deck are refused */
    hs_holdem_range a, b;
    const hs_holdem_range *ab[2] = {&a, &b};
    assert_int_equal(hs_holdem_range_parse("22", 2, &a, NULL, 0, NULL), HS_OK);
    assert_int_equal(hs_holdem_range_parse("AA", 2, &b, NULL, 0, NULL), HS_OK);
    hs_holdem_equity_exact e;
    assert_int_equal(hs_shortdeck_equity_ranges(2, ab, 0, 0, 0, 1, NULL, NULL, &e), HS_ERR_ARG);
    assert_int_equal(hs_holdem_range_parse("KK", 2, &a, NULL, 0, NULL), HS_OK);
    assert_int_equal(hs_shortdeck_equity_ranges(2, ab, parse("2c 3d 4h"), 0, 0, 1, NULL, NULL, &e),
                     HS_ERR_ARG);
    assert_int_equal(hs_shortdeck_equity_ranges(2, ab, 0, 0, 0, 1, NULL, NULL, &e), HS_OK);
    /* nine ranges of all 630 short-deck hands, weights 1 and 100: the weighted counts could pass
     * 128 bits, refused before any work */
    static hs_holdem_range all;
    assert_int_equal(hs_holdem_range_parse("random", 6, &all, NULL, 0, NULL), HS_OK);
    size_t kept = 0;
    for (size_t j = 0; j < all.n; j++)
        if (!(all.combo[j] & ~HS_SHORTDECK_DECK_MASK))
            all.combo[kept++] = all.combo[j];
    all.n = kept;
    assert_int_equal(all.n, 630);
    for (size_t j = 0; j < all.n; j++)
        all.weight[j] = (uint16_t)(j == 0 ? 1 : 100);
    const hs_holdem_range *nine[9];
    for (int p = 0; p < 9; p++)
        nine[p] = &all;
    assert_int_equal(hs_shortdeck_equity_ranges(9, nine, 0, 0, 0, 1, NULL, NULL, &e),
                     HS_ERR_OVERFLOW);
}

static void test_bad_input(void **state) {
    (void)state;
    assert_false(hs_shortdeck_valid(parse("AS KS QS JS 2S"))); /* a deuce is not in the deck */
    assert_false(hs_shortdeck_valid(parse("AS KS QS JS")));    /* four cards */
    hs_shortdeck_hist h;
    assert_int_equal(hs_shortdeck_hist_run(4, 0, &h), HS_ERR_ARG);
    assert_int_equal(hs_shortdeck_hist_run(8, 0, &h), HS_ERR_ARG);
    assert_int_equal(hs_shortdeck_hist_run(5, 2, &h), HS_ERR_ARG);
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "unit";
    if (strcmp(mode, "unit") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_five_card_hand),
                                           cmocka_unit_test(test_six_card_hands),
                                           cmocka_unit_test(test_sampled_seven_card_hands),
                                           cmocka_unit_test(test_rules_and_descriptions),
                                           cmocka_unit_test(test_equity),
                                           cmocka_unit_test(test_bad_input)};
        return cmocka_run_group_tests(tests, setup, teardown);
    }
    if (strcmp(mode, "7") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_seven_card_hand)};
        return cmocka_run_group_tests(tests, setup, teardown);
    }
    fprintf(stderr, "usage: test_shortdeck unit | 7\n");
    return 2;
}
