/* The poker ranker on crafted hands: class numbers at the category boundaries, 6- and 7-card
 * edge cases, categories, descriptions, the class table, argument errors, and Project Euler 54. */
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
#include "test_skip.h"

/* The mask of a hand written as text; fails the test on a parse error. */
static uint64_t hand_of(const char *text) {
    int cards[8];
    size_t n = 0;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 8, &n, NULL), HS_OK);
    uint64_t mask = 0;
    for (size_t i = 0; i < n; i++)
        mask |= hs_card_bit(cards[i]);
    return mask;
}

static int rank_of(const char *text) {
    return hs_poker_rank(hand_of(text));
}

static void test_five_card_boundaries(void **state) {
    (void)state;
    assert_int_equal(rank_of("AS KS QS JS TS"), 1); /* royal flush */
    assert_int_equal(rank_of("KD QD JD TD 9D"), 2);
    assert_int_equal(rank_of("2D 3D 4D 5D 6D"), 9);
    assert_int_equal(rank_of("AH 2H 3H 4H 5H"), 10);   /* steel wheel */
    assert_int_equal(rank_of("AC AD AH AS KC"), 11);   /* best quads */
    assert_int_equal(rank_of("2C 2D 2H 2S 3C"), 166);  /* worst quads */
    assert_int_equal(rank_of("AC AD AH KS KC"), 167);  /* best full house */
    assert_int_equal(rank_of("2C 2D 2H 3S 3C"), 322);  /* worst full house */
    assert_int_equal(rank_of("AC KC QC JC 9C"), 323);  /* best flush */
    assert_int_equal(rank_of("7D 5D 4D 3D 2D"), 1599); /* worst flush */
    assert_int_equal(rank_of("AC KD QH JS TC"), 1600); /* best straight */
    assert_int_equal(rank_of("AC 2D 3H 4S 5C"), 1609); /* wheel */
    assert_int_equal(rank_of("AC AD AH KS QC"), 1610); /* best trips */
    assert_int_equal(rank_of("2C 2D 2H 4S 3C"), 2467); /* worst trips */
    assert_int_equal(rank_of("AC AD KH KS QC"), 2468); /* best two pair */
    assert_int_equal(rank_of("3C 3D 2H 2S 4C"), 3325); /* worst two pair */
    assert_int_equal(rank_of("AC AD KH QS JC"), 3326); /* best pair */
    assert_int_equal(rank_of("2C 2D 5H 4S 3C"), 6185); /* worst pair */
    assert_int_equal(rank_of("AC KD QH JS 9C"), 6186); /* best high card */
    assert_int_equal(rank_of("7C 5D 4H 3S 2C"), 7462); /* worst hand */
    /* A few in the middle, counted by hand from the ordering. */
    assert_int_equal(rank_of("KC KD KH 9C 9D"), 183); /* kings over A,Q,J,T then nines */
    assert_int_equal(rank_of("9C TD JH QS KC"), 1601);
    assert_int_equal(rank_of("5C 6D 7H 8S 9C"), 1605);
    assert_int_equal(rank_of("AC AD AH AS 2C"), 22);         /* aces, the 12th kicker */
    assert_int_equal(rank_of("KC KD KH KS AC"), 23);         /* kings, ace kicker */
    assert_int_equal(rank_of("AC AD 2H 3S 4C"), 3326 + 219); /* aces, worst kickers */
}

static void test_sized_variants_agree(void **state) {
    (void)state;
    uint64_t five = hand_of("AC KD QH JS 9C"), six = hand_of("AC KD QH JS 9C 2D"),
             seven = hand_of("AC KD QH JS 9C 2D 3H");
    assert_int_equal(hs_poker_rank5(five), hs_poker_rank(five));
    assert_int_equal(hs_poker_rank6(six), hs_poker_rank(six));
    assert_int_equal(hs_poker_rank7(seven), hs_poker_rank(seven));
    assert_int_equal(hs_poker_rank7(seven), 6186);
    assert_true(hs_poker_valid(five) && hs_poker_valid(six) && hs_poker_valid(seven));
    assert_false(hs_poker_valid(hand_of("AC KD QH JS")));
    assert_false(hs_poker_valid(hand_of("AC KD QH JS 9C 2D 3H 4S")));
    assert_false(hs_poker_valid(five | (UINT64_C(1) << 60)));
}

static void test_seven_card_edges(void **state) {
    (void)state;
    /* wheels */
    assert_int_equal(rank_of("AC 2D 3H 4S 5C 9D KH"), 1609);
    assert_int_equal(rank_of("AC 2D 3H 4S 5C 6D KH"), 1608); /* six high beats the wheel */
    assert_int_equal(rank_of("AC 2D 3H 4S 5C 5D 5H"), 1609); /* wheel over trips */
    assert_int_equal(rank_of("AC 2D 3H 4S 5C AD 2H"), 1609); /* wheel over two pair */
    /* steel wheels: the straight flush beats the bigger flush and the bigger straight */
    assert_int_equal(rank_of("AH 2H 3H 4H 5H KH QC"), 10);
    assert_int_equal(rank_of("AH 2H 3H 4H 5H 6C 7D"), 10);
    assert_int_equal(rank_of("AH 2H 3H 4H 5H 6H 7D"), 9); /* six-high straight flush */
    /* two trips: the higher trips over a pair of the lower */
    assert_int_equal(rank_of("KC KD KH 9C 9D 9H 2S"), 183);
    assert_int_equal(rank_of("AC AD AH KC KD KH"), 167);
    /* three pairs: the best two, the kicker may come from the third pair */
    assert_int_equal(rank_of("AC AD 8H 8S 4C 4D KH"), rank_of("AC AD 8H 8S KH"));
    assert_int_equal(rank_of("AC AD 8H 8S 4C 4D 2H"), rank_of("AC AD 8H 8S 4C"));
    /* trips plus a pair plus a pair: the higher pair fills the house */
    assert_int_equal(rank_of("5C 5D 5H 9C 9D 2C 2D"), rank_of("5C 5D 5H 9C 9D"));
    /* quads with trips: the kicker is the trips' rank */
    assert_int_equal(rank_of("7C 7D 7H 7S 9C 9D 9H"), rank_of("7C 7D 7H 7S 9C"));
    assert_int_equal(rank_of("2C 2D 2H 2S AC AD KH"), rank_of("2C 2D 2H 2S AC"));
    /* flush and a straight in different suits: the flush wins */
    assert_int_equal(rank_of("2H 4H 5H 9H KH 3C 6D"), rank_of("2H 4H 5H 9H KH"));
    /* a flush and a straight flush in the same seven cards */
    assert_int_equal(rank_of("5S 6S 7S 8S 9S AS KS"), 6);
    /* six of one suit: the best five of them */
    assert_int_equal(rank_of("AD KD 9D 5D 3D 2D 4C"), rank_of("AD KD 9D 5D 3D"));
    /* a straight hidden among trips and pairs */
    assert_int_equal(rank_of("5C 6D 7H 8S 9C 9D 9H"), 1605);
    assert_int_equal(rank_of("9C TD JH QS KC KD 2S"), 1601);
    /* trips with four kickers: the best two count */
    assert_int_equal(rank_of("7C 7D 7H AC KD 2S 3H"), rank_of("7C 7D 7H AC KD"));
    /* one pair with five kickers: the best three count */
    assert_int_equal(rank_of("9C 9D AH KS 2C 4D 6H"), rank_of("9C 9D AH KS 6H"));
    /* seven distinct ranks without a straight */
    assert_int_equal(rank_of("AC QD TH 8S 6C 4D 2H"), rank_of("AC QD TH 8S 6C"));
}

static uint64_t splitmix64(uint64_t *s) {
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static void test_best_five(void **state) {
    (void)state;
    assert_int_equal(hs_poker_best_five(hand_of("AH 2H 3H 4H 5H KH QC")),
                     hand_of("AH 2H 3H 4H 5H"));
    assert_int_equal(hs_poker_best_five(hand_of("2H 4H 5H 9H KH 3C 6D")),
                     hand_of("2H 4H 5H 9H KH"));
    assert_int_equal(hs_poker_best_five(hand_of("7C 7D 7H 7S 9C 9D 9H")),
                     hand_of("7C 7D 7H 7S 9H")); /* the lowest indices (9C, 9D) left out */
    assert_int_equal(hs_poker_best_five(hand_of("AC KD QH JS 9C 2D")), hand_of("AC KD QH JS 9C"));
    assert_int_equal(hs_poker_best_five(hand_of("AC KD QH JS 9C")), hand_of("AC KD QH JS 9C"));
    uint64_t seed = 7;
    for (int i = 0; i < 100000; i++) {
        uint64_t hand = 0;
        int n = 5 + i % 3;
        while (hs_hand_size(hand) < n)
            hand |= hs_card_bit((int)(splitmix64(&seed) % 52));
        uint64_t five = hs_poker_best_five(hand);
        assert_int_equal(hs_hand_size(five), 5);
        assert_int_equal(five & ~hand, 0);
        assert_int_equal(hs_poker_rank5(five), hs_poker_rank(hand));
    }
}

static void test_categories(void **state) {
    (void)state;
    static const char *const names[9] = {"straight_flush", "four_of_a_kind", "full_house",
                                         "flush",          "straight",       "three_of_a_kind",
                                         "two_pair",       "pair",           "high_card"};
    static const int first[9] = {1, 11, 167, 323, 1600, 1610, 2468, 3326, 6186};
    static const int last[9] = {10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462};
    for (int c = 0; c < 9; c++) {
        assert_string_equal(hs_poker_category_name(c), names[c]);
        assert_int_equal(hs_poker_category_first(c), first[c]);
        assert_int_equal(hs_poker_category_last(c), last[c]);
        assert_int_equal(hs_poker_category(first[c]), c);
        assert_int_equal(hs_poker_category(last[c]), c);
        if (c > 0)
            assert_int_equal(hs_poker_category(first[c] - 1), c - 1);
    }
    assert_string_equal(hs_poker_category_name(9), "unknown");
    assert_string_equal(hs_poker_category_name(-1), "unknown");
    assert_int_equal(HS_POKER_STRAIGHT_FLUSH, 0);
    assert_int_equal(HS_POKER_HIGH_CARD, 8);
}

static void expect_description(const char *hand, const char *text) {
    char buf[96];
    int cls = rank_of(hand);
    size_t len = hs_poker_describe(cls, buf, sizeof buf);
    assert_string_equal(buf, text);
    assert_int_equal(len, strlen(text));
}

static void test_descriptions(void **state) {
    (void)state;
    expect_description("AS KS QS JS TS", "Royal flush");
    expect_description("AH 2H 3H 4H 5H", "Straight flush, five high");
    expect_description("KD QD JD TD 9D", "Straight flush, king high");
    expect_description("AC AD AH AS KC", "Four of a kind, aces, king kicker");
    expect_description("KC KD KH 4S 4C", "Full house, kings over fours");
    expect_description("AC KC 9C 5C 3C", "Flush, ace-king-nine-five-three");
    expect_description("AC KD QH JS TC", "Straight, ace high");
    expect_description("AC 2D 3H 4S 5C", "Straight, five high");
    expect_description("7C 7D 7H AS KC", "Three of a kind, sevens, kickers ace-king");
    expect_description("JC JD 4H 4S AC", "Two pair, jacks and fours, ace kicker");
    expect_description("9C 9D AH KS 2C", "Pair of nines, kickers ace-king-two");
    expect_description("AC KD 9H 5S 3C", "High card, ace-king-nine-five-three");
    expect_description("7C 5D 4H 3S 2C", "High card, seven-five-four-three-two");
    expect_description("6C 6D 6H TS TC", "Full house, sixes over tens");

    /* snprintf semantics: truncation keeps the full length and a terminating NUL */
    char small[6];
    assert_int_equal(hs_poker_describe(1, small, sizeof small), strlen("Royal flush"));
    assert_string_equal(small, "Royal");
    assert_int_equal(hs_poker_describe(7462, NULL, 0),
                     strlen("High card, seven-five-four-three-two"));
}

static int compare_strings(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every class has its own description. */
static void test_descriptions_unique(void **state) {
    (void)state;
    char **text = malloc(HS_POKER_CLASSES * sizeof *text);
    assert_non_null(text);
    for (int cls = 1; cls <= HS_POKER_CLASSES; cls++) {
        size_t len = hs_poker_describe(cls, NULL, 0);
        text[cls - 1] = malloc(len + 1);
        assert_non_null(text[cls - 1]);
        assert_int_equal(hs_poker_describe(cls, text[cls - 1], len + 1), len);
    }
    qsort(text, HS_POKER_CLASSES, sizeof *text, compare_strings);
    for (int i = 1; i < HS_POKER_CLASSES; i++)
        if (strcmp(text[i], text[i - 1]) == 0)
            fail_msg("two classes share the description \"%s\"", text[i]);
    for (int i = 0; i < HS_POKER_CLASSES; i++)
        free(text[i]);
    free(text);
}

/* The ranks hs_poker_class_ranks() gives for a class make a hand of that class, and the
 * reference agrees on it. */
static void test_class_ranks_round_trip(void **state) {
    (void)state;
    ref_poker *ref = malloc(sizeof *ref);
    assert_non_null(ref);
    ref_poker_init(ref);
    assert_int_equal(ref->n, REF_POKER_CLASSES);
    for (int cls = 1; cls <= HS_POKER_CLASSES; cls++) {
        int r[5], cards[5];
        int cat = hs_poker_class_ranks(cls, r);
        assert_int_equal(cat, hs_poker_category(cls));
        int suited = cat == HS_POKER_STRAIGHT_FLUSH || cat == HS_POKER_FLUSH;
        uint64_t mask = 0;
        for (int i = 0; i < 5; i++) {
            assert_in_range(r[i], 0, 12);
            /* the n-th card of a rank gets suit n, so no card repeats */
            int seen = 0;
            for (int j = 0; j < i; j++)
                seen += r[j] == r[i];
            cards[i] = hs_card(r[i], suited ? HS_SPADES : seen);
        }
        if (!suited && r[0] != r[1] && r[1] != r[2] && r[2] != r[3] && r[3] != r[4])
            cards[0] = hs_card(r[0], HS_DIAMONDS); /* five distinct ranks: break the flush */
        for (int i = 0; i < 5; i++)
            mask |= hs_card_bit(cards[i]);
        assert_int_equal(hs_hand_size(mask), 5);
        assert_int_equal(hs_poker_rank5(mask), cls);
        assert_int_equal(ref_poker_class5(ref, cards), cls);
    }
    free(ref);
}

static void test_hist_arguments(void **state) {
    (void)state;
    assert_int_equal(hs_poker_hist_units(4), 0);
    assert_int_equal(hs_poker_hist_units(8), 0);
    assert_int_equal(hs_poker_hist_units(5), 14);
    assert_int_equal(hs_poker_hist_units(7), 14);
    hs_poker_hist *h = malloc(sizeof *h);
    assert_non_null(h);
    assert_int_equal(hs_poker_hist_run(4, 1, NULL, NULL, h), HS_ERR_ARG);
    assert_int_equal(hs_poker_hist_run(8, 1, NULL, NULL, h), HS_ERR_ARG);
    assert_int_equal(hs_poker_hist_run(5, -1, NULL, NULL, h), HS_ERR_ARG);
    free(h);
}

/* The units of a distribution add up to every hand exactly once. */
static void test_units_cover_every_hand(void **state) {
    (void)state;
    static const uint64_t hands[3] = {2598960, 20358520, 133784560};
    hs_poker_hist *h = calloc(1, sizeof *h);
    assert_non_null(h);
    for (int k = 5; k <= 7; k++) {
        uint64_t sum = 0;
        for (size_t u = 0; u < hs_poker_hist_units(k); u++) {
            memset(h, 0, sizeof *h);
            hs_poker_hist_unit(k, u, h);
            sum += h->hands;
        }
        assert_int_equal(sum, hands[k - 5]);
    }
    /* The last unit holds the flushes: 4 suits x C(13,5) for five cards, all of them flushes or
     * straight flushes. Unit 12 (every card a king) holds no five-card hand. */
    memset(h, 0, sizeof *h);
    hs_poker_hist_unit(5, hs_poker_hist_units(5) - 1, h);
    assert_int_equal(h->hands, 4 * 1287);
    assert_int_equal(h->category[HS_POKER_FLUSH] + h->category[HS_POKER_STRAIGHT_FLUSH], 4 * 1287);
    memset(h, 0, sizeof *h);
    hs_poker_hist_unit(5, 12, h);
    assert_int_equal(h->hands, 0);
    /* Unit 11 (queens and kings only, at least one queen): four queens and a king or four kings
     * and a queen, 4 + 4 hands; queens full or kings full, 6 * 4 + 4 * 6 hands. */
    hs_poker_hist_unit(5, 11, h);
    assert_int_equal(h->hands, 56);
    assert_int_equal(h->category[HS_POKER_FOUR_OF_A_KIND], 8);
    assert_int_equal(h->category[HS_POKER_FULL_HOUSE], 48);
    free(h);
}

static int cancel_at_three(void *ctx, uint64_t done, uint64_t total) {
    int *calls = ctx;
    (*calls)++;
    assert_true(total == hs_poker_hist_units(5));
    return done >= 3;
}

static int cancel_at_three_enum(void *ctx, uint64_t done, uint64_t total) {
    int *calls = ctx;
    (*calls)++;
    assert_true(total == 49 * 48 / 2); /* pairs of top cards */
    return done >= 3;
}

static void test_hist_cancel(void **state) {
    (void)state;
    hs_poker_hist *h = malloc(sizeof *h);
    assert_non_null(h);
    int calls = 0;
    assert_int_equal(hs_poker_hist_run(5, 2, cancel_at_three, &calls, h), HS_ERR_CANCELLED);
    assert_true(calls >= 3);
    assert_int_equal(h->hands, 0);
    assert_int_equal(h->count[1], 0);
    calls = 0;
    assert_int_equal(hs_poker_hist_enumerate(5, 2, cancel_at_three_enum, &calls, h),
                     HS_ERR_CANCELLED);
    assert_true(calls >= 3);
    assert_int_equal(h->hands, 0);
    free(h);
}

/* Project Euler 54: in 1000 deals of five cards each, player one wins 376. */
static void test_project_euler_54(void **state) {
    (void)state;
    const char *path = HS_SHARED_DATA "/pe54_poker.txt";
    FILE *in = fopen(path, "r");
    if (in == NULL)
        HS_SKIP("%s is absent (configure with -DHS_SHARED_DATA=FOLDER)\n", path);
    ref_poker *ref = malloc(sizeof *ref);
    assert_non_null(ref);
    ref_poker_init(ref);
    char line[128];
    int deals = 0, wins = 0;
    while (fgets(line, sizeof line, in) != NULL) {
        int cards[10];
        size_t n = 0;
        assert_int_equal(hs_cards_parse(line, strlen(line), cards, 10, &n, NULL), HS_OK);
        assert_int_equal(n, 10);
        uint64_t one = 0, two = 0;
        for (int i = 0; i < 5; i++) {
            one |= hs_card_bit(cards[i]);
            two |= hs_card_bit(cards[5 + i]);
        }
        int a = hs_poker_rank5(one), b = hs_poker_rank5(two);
        assert_int_equal(a, ref_poker_class5(ref, cards));
        assert_int_equal(b, ref_poker_class5(ref, cards + 5));
        assert_int_not_equal(a, b); /* the problem promises a winner every time */
        wins += a < b;
        deals++;
    }
    fclose(in);
    free(ref);
    assert_int_equal(deals, 1000);
    assert_int_equal(wins, 376);
}

int main(void) {
    /* clang-format off */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_five_card_boundaries),
        cmocka_unit_test(test_sized_variants_agree),
        cmocka_unit_test(test_seven_card_edges),
        cmocka_unit_test(test_best_five),
        cmocka_unit_test(test_categories),
        cmocka_unit_test(test_descriptions),
        cmocka_unit_test(test_descriptions_unique),
        cmocka_unit_test(test_class_ranks_round_trip),
        cmocka_unit_test(test_hist_arguments),
        cmocka_unit_test(test_units_cover_every_hand),
        cmocka_unit_test(test_hist_cancel),
        cmocka_unit_test(test_project_euler_54),
    };
    /* clang-format on */
    return hs_run_tests(tests, NULL, NULL);
}
