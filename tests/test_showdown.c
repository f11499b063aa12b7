/* Showdowns on crafted hands: colex ranks, one hand's counts worked out by hand, the class table's
 * totals and argument errors, cancellation. (Brute force against the reference ranker is in
 * test_showdown_exhaustive.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"

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

static void test_colex(void **state) {
    (void)state;
    assert_int_equal(hs_hand5_colex(0x1F), 0);
    assert_int_equal(hs_hand5_colex(0x2F), 1); /* the next mask with five bits */
    assert_int_equal(hs_hand5_unrank(0), 0x1F);
    assert_int_equal(hs_hand5_unrank(HS_HANDS5 - 1), UINT64_C(0x1F) << 47);
    /* C(51,5) hands lie below card 51: the first hand holding it ranks C(51,5). */
    assert_int_equal(hs_hand5_colex(hs_card_bit(51) | 0xF), 2349060);
    /* Round trips on a spread of ranks, and rank order = mask order. */
    uint64_t previous = 0;
    for (uint32_t r = 0; r < HS_HANDS5; r += 997) {
        uint64_t hand = hs_hand5_unrank(r);
        assert_int_equal(hs_hand_size(hand), 5);
        assert_true(hand > previous);
        assert_int_equal(hs_hand5_colex(hand), r);
        previous = hand;
    }
}

static void check_showdown(const char *text, uint64_t wins, uint64_t ties, uint64_t losses) {
    hs_showdown s = hs_poker_showdown5(hand_of(text));
    if (s.wins != wins || s.ties != ties || s.losses != losses)
        fail_msg("%s: %llu wins, %llu ties, %llu losses; expected %llu, %llu, %llu", text,
                 (unsigned long long)s.wins, (unsigned long long)s.ties,
                 (unsigned long long)s.losses, (unsigned long long)wins, (unsigned long long)ties,
                 (unsigned long long)losses);
    assert_int_equal(wins + ties + losses, HS_SHOWDOWN_OPPONENTS);
}

/* Counts worked out by hand. */
static void test_showdown_by_hand(void **state) {
    (void)state;
    /* The royal flush ties the three other royal flushes and beats everything else. */
    check_showdown("AS KS QS JS TS", HS_SHOWDOWN_OPPONENTS - 3, 3, 0);
    /* The steel wheel in clubs ties the three others and loses to the better straight flushes
     * that avoid its cards: 3 suits x 9 (six high .. royal) plus, in clubs, ten to king high. */
    check_showdown("AC 2C 3C 4C 5C", HS_SHOWDOWN_OPPONENTS - 3 - 31, 3, 31);
    /* 7-5-4-3-2 in four suits: the opponents with the same ranks from the other three suits of
     * each rank, 3^5 = 243, none of them a flush (every suit is missing a card); wins nothing. */
    check_showdown("7C 5D 4H 3S 2C", 0, 243, HS_SHOWDOWN_OPPONENTS - 243);
    /* Four aces with a king: loses only to the 4 * 10 straight flushes that avoid the four aces
     * and the king of clubs (a royal or a steel wheel needs an ace; 3 king-high ones remain in
     * the other suits, the clubs one needs KC): 4 * 8 - 1 = 31 of six .. king high. */
    check_showdown("AC AD AH AS KC", HS_SHOWDOWN_OPPONENTS - 31, 0, 31);
}

/* A progress callback that stops at once. */
static int stop_now(void *ctx, uint64_t done, uint64_t total) {
    (void)done;
    (void)total;
    ++*(int *)ctx;
    return 1;
}

static void test_matchups_arguments(void **state) {
    (void)state;
    assert_int_equal(hs_poker_matchups_units(), 304);
    hs_poker_matchups *m = malloc(sizeof *m);
    assert_non_null(m);
    memset(m, 0xAB, sizeof *m);
    assert_int_equal(hs_poker_matchups_run(-1, NULL, NULL, m, NULL), HS_ERR_ARG);
    assert_int_equal(m->total.wins, 0);
    assert_int_equal(m->hands[1], 0);
    int calls = 0;
    assert_int_equal(hs_poker_matchups_run(1, stop_now, &calls, m, NULL), HS_ERR_CANCELLED);
    assert_int_equal(calls, 1);
    assert_int_equal(m->wins[7462], 0);
    assert_int_equal(m->total.ties, 0);
    free(m);
}

/* The class table's totals and a few rows worked out by hand. */
static void test_matchups_table(void **state) {
    (void)state;
    hs_poker_matchups *m = malloc(sizeof *m);
    assert_non_null(m);
    assert_int_equal(hs_poker_matchups_run(2, NULL, NULL, m, NULL), HS_OK);
    assert_int_equal(m->total.wins, m->total.losses);
    assert_int_equal(m->total.wins + m->total.ties + m->total.losses, UINT64_C(3986646103440));
    uint64_t hands = 0;
    for (int c = 1; c <= HS_POKER_CLASSES; c++) {
        hands += m->hands[c];
        assert_int_equal(m->wins[c] + m->ties[c] + m->losses[c],
                         m->hands[c] * HS_SHOWDOWN_OPPONENTS);
    }
    assert_int_equal(hands, HS_HANDS5);
    assert_int_equal(m->hands[0] + m->wins[0] + m->ties[0] + m->losses[0], 0);
    /* Four royal flushes, each tying the other three. */
    assert_int_equal(m->hands[1], 4);
    assert_int_equal(m->ties[1], 12);
    assert_int_equal(m->losses[1], 0);
    /* The worst class wins nothing; the best four of a kind loses to 31 each (see above). */
    assert_int_equal(m->wins[7462], 0);
    assert_int_equal(m->losses[11], 4 * 31);
    free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_colex),
        cmocka_unit_test(test_showdown_by_hand),
        cmocka_unit_test(test_matchups_arguments),
        cmocka_unit_test(test_matchups_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
