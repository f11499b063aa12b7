/* The handstat badugi and draw commands, run as a user would: badugi rank (arguments, lines,
 * CSV), badugi hist (its four-card rows against 4! x C(t, 3) badugis topped by t), draw odds and
 * draw discard (their CSV, a published figure), and the bad input of the issue, each named with
 * exit 1. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli_assert.h"

static void test_badugi_rank(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "badugi", "rank", "AC", "2D", "3H", "4S");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "AC 2D 3H 4S  badugi class 1  4-card badugi, 4-3-2-A  best: "
                               "AC 2D 3H 4S\n");
    cli_result_free(&r);
    r = RUN("KC KD 2H 3H\n# a comment\n\nAS 2S 3S 4S\n", "badugi", "rank", "--csv");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "cards,class,size,description,best\n");
    assert_contains(r.out, "KC KD 2H 3H,1069,2,\"2-card, K-2\"");
    assert_contains(r.out, "AS 2S 3S 4S,1080,1,\"1-card, A\",AS\n");
    cli_result_free(&r);
}

static unsigned long long binom(int n, int k) {
    unsigned long long c = 1;
    for (int i = 1; i <= k; i++)
        c = c * (unsigned long long)(n - k + i) / (unsigned long long)i;
    return c;
}

static void test_badugi_hist(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "badugi", "hist");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "size,top,classes,count\n");
    /* a four-card badugi topped by rank t (0 = ace): three lower ranks of t, four suits in any
     * order: C(t, 3) x 4! */
    static const char NAMES[] = "A23456789TJQK";
    for (int t = 3; t <= 12; t++) {
        char row[64];
        snprintf(row, sizeof row, "\n4,%c,%llu,%llu\n", NAMES[t], binom(t, 3), binom(t, 3) * 24);
        assert_contains(r.out, row);
    }
    assert_contains(r.out, "\n1,A,1,");
    assert_contains(r.err, "badugi hist: 270725 hands");
    cli_result_free(&r);
}

static void test_draw_odds(void **state) {
    (void)state;
    /* five-card draw, three to a pair: 2,592 two pair, 1,854 trips of 16,215 */
    cli_result r = RUN(NULL, "draw", "odds", "--game", "high", "9S", "9H", "--discard", "AC KD 2S");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "band,count,probability,fraction,or_better\n");
    assert_contains(r.out, "\ntwo_pair,2592,");
    assert_contains(r.out, "\nthree_of_a_kind,1854,");
    assert_contains(r.out, "\nfull_house,165,");
    cli_result_free(&r);
    r = RUN(NULL, "draw", "odds", "--game", "27", "7S 6D 3C 2H", "--draw", "1", "--dead", "KD");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\n7-low,8,0.170212765957,8/47,0.170212765957\n");
    cli_result_free(&r);
    r = RUN(NULL, "draw", "discard", "--game", "badugi", "AS 2D 3H 4H", "--vs", "AC 5D 6H 7S");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "discard,kept,draw,4-card 4-high");
    assert_contains(r.out, ",wins,ties,losses,deals,equity\n");
    /* best first: throw one of the hearts */
    assert_true(strncmp(strchr(r.out, '\n') + 1, "3H,", 3) == 0 ||
                strncmp(strchr(r.out, '\n') + 1, "4H,", 3) == 0);
    cli_result_free(&r);
}

static void test_draw_table(void **state) {
    (void)state;
    /* badugi: a three-card A-2-3 (the king of the paired suit thrown) has the classic 10 outs of
     * 48, one for each four-card top from the four to the king */
    cli_result r = RUN(NULL, "draw", "table", "--game", "badugi");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\nAC 2D 3H,KC,1,48,1,1,1,1,1,1,1,1,1,1,38,0,0\n");
    cli_result_free(&r);
    /* 2-7: 7-6-3-2 drawing one: the fours and fives make a seven low, 8 of 47 */
    r = RUN(NULL, "draw", "table", "--game", "27");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "\n2C 3D 6H 7S,KC,1,47,8,4,");
    cli_result_free(&r);
    r = RUN(NULL, "draw", "table", "--game", "high");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "the table is for 27, a5 and badugi");
    cli_result_free(&r);
}

static void test_draw_equity(void **state) {
    (void)state;
    /* three players, two drawing one: 37 x 36 deals; the exact shares add up to one */
    cli_result r = RUN(NULL, "draw", "equity", "--game", "27", "7S 5D 3C 2H KD:KD",
                       "8C 6D 4H 3S QS:QS", "9C 8D 6H 4S 2C");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "player,hand,discard,draw,wins,ties,equity,equity_exact\n"
                               "1,7S 5D 3C 2H KD,KD,1,290,0,0.217717717718,145/666\n"
                               "2,8C 6D 4H 3S QS,QS,1,250,0,0.187687687688,125/666\n"
                               "3,9C 8D 6H 4S 2C,-,0,792,0,0.594594594595,22/37\n");
    cli_result_free(&r);
    r = RUN(NULL, "draw", "equity", "--game", "27", "7S 5D 3C 2H KD");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "expected 2 to 6 hands, got 1");
    cli_result_free(&r);
}

/* Two draws under a policy, exact (the fractions checked against the brute force of
 * test_draw_policy on cut stubs; here the full stub); the policy chooses a first discard when
 * none is given; an estimate is labelled and the same at 1 and 2 threads. */
static void test_draw_equity_policies(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "draw", "equity", "--game", "27", "7S 5D 3C 2H KD:KD",
                       "8C 6D 4H 3S QS:QS", "--draws", "2", "--policy", "stand:8");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "player,hand,discard,policy,equity,std_error,equity_exact,kind\n"
                               "1,7S 5D 3C 2H KD,KD,stand:8,0.560373671044,0,71683/127920,exact\n"
                               "2,8C 6D 4H 3S QS,QS,stand:8,0.439626328956,0,56237/127920,exact\n");
    cli_result_free(&r);
    /* no ':': the policy throws (keep:3 keeps 2-3-5 of 7S 5D 3C 2H KD) */
    r = RUN(NULL, "draw", "equity", "--game", "27", "7S 5D 3C 2H KD", "8C 6D 4H 3S 2C", "--policy",
            "keep:3,pat");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "1,7S 5D 3C 2H KD,7S KD,2,");
    assert_contains(r.out, "2,8C 6D 4H 3S 2C,-,0,");
    cli_result_free(&r);
    const char *est[] = {"draw",
                         "equity",
                         "--game",
                         "27",
                         "7S 5D 3C 2H KD",
                         "8C 6D 4H 3S QS",
                         "--draws",
                         "3",
                         "--policy",
                         "keep:4",
                         "--samples",
                         "20000",
                         "--seed",
                         "5",
                         "--threads",
                         "1",
                         NULL};
    cli_result a = cli_run(est, NULL);
    est[15] = "2";
    cli_result b = cli_run(est, NULL);
    assert_int_equal(a.status, 0);
    assert_int_equal(b.status, 0);
    assert_contains(a.out, ",-,estimate\n");
    assert_string_equal(a.out, b.out);
    cli_result_free(&a);
    cli_result_free(&b);
}

static void test_bad_input(void **state) {
    (void)state;
    const struct {
        const char *args[10], *message;
        int status;
    } bad[] = {
        {{"badugi", "rank", "AC 2D 3H 4S 5C"}, "'5C'", 1},
        {{"badugi", "rank", "AC 2D 3H AC"}, "'AC' is a duplicate", 1},
        {{"draw", "odds", "--game", "27", "7S 5D 3C 2H", "--draw", "2"}, "draw: 4 kept and 2", 1},
        {{"draw", "odds", "--game", "27", "7S 5D 3C 2H", "--discard", "7S"},
         "discard: '7S' is also a kept card",
         1},
        {{"draw", "odds", "--game", "27", "7S 7S"}, "'7S' is a duplicate", 1},
        {{"draw", "odds", "--game", "razz", "7S"}, "game: 'razz'", 2},
        {{"draw", "odds", "--game", "badugi", "AC 2D 3H 4S 5C"}, "'5C'", 1},
        {{"draw", "discard", "--game", "27", "7S 5D 3C 2H KD", "--vs", "8C 6D 4H 3S QS",
          "--vs-discard", "QD"},
         "opponent-discard: 'QD' is not in the opponent's hand",
         1},
        {{"draw", "discard", "--game", "badugi", "AS 2D 3H 4H 5C"}, "'5C'", 1},
        {{"draw", "odds", "--game", "a5", "AS 2D 3C 4H", "--dead",
          "5S 6S 7S 8S 9S TS JS QS KS 5D 6D 7D 8D 9D TD JD QD KD 5C 6C 7C 8C 9C TC JC QC KC 5H "
          "6H 7H 8H 9H TH JH QH KH AD 2S 2H 2C 3S 3H 3D 4C 4D 4S AH AC"},
         "draw: 1 card from a stub of 0",
         1},
        {{"draw", "odds", "AS"}, "give --game", 2},
        {{"draw", "equity", "--game", "27", "7S 5D 3C 2H KD:QD", "8C 6D 4H 3S QS:QS"},
         "hand 1 discard: 'QD' is not in the hand",
         1},
        {{"draw", "equity", "--game", "27", "7S 5D 3C 2H KD", "8C 6D 4H 3S KD"},
         "hand 2: 'KD' is already in another hand",
         1},
        {{"draw", "equity", "--game", "badugi", "7S 5D 3C 2H KD", "AS 2D 3H 4C"}, "'KD'", 1},
        {{"draw", "equity", "--game", "27", "7S 5D 3C 2H KD", "8C 6D 4H 3S QS", "--policy",
          "keep:9"},
         "policy: 'keep:9' is not a policy of 27",
         2},
        {{"draw", "equity", "--game", "high", "7S 5D 3C 2H KD", "8C 6D 4H 3S QS", "--policy",
          "stand:9"},
         "policy: 'stand:9' is not a policy of high",
         2},
        {{"draw", "equity", "--game", "27", "7S 5D 3C 2H KD", "8C 6D 4H 3S QS", "--policy",
          "pat,pat,pat"},
         "policy: 3 names for 2 players",
         2},
        {{"draw", "equity", "--game", "27", "7S 5D 3C 2H KD", "8C 6D 4H 3S QS", "--draws", "4"},
         "draws: '4'",
         2},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cli_result r = cli_run(bad[i].args, NULL);
        if (r.status != bad[i].status || strstr(r.err, bad[i].message) == NULL)
            fail_msg("case %zu: status %d, stderr '%s', want %d and '%s'", i, r.status, r.err,
                     bad[i].status, bad[i].message);
        assert_string_equal(r.out, "");
        cli_result_free(&r);
    }
}

static void test_help(void **state) {
    (void)state;
    const char *const commands[][4] = {{"badugi", "--help"},         {"badugi", "rank", "--help"},
                                       {"badugi", "hist", "--help"}, {"draw", "--help"},
                                       {"draw", "odds", "--help"},   {"draw", "table", "--help"},
                                       {"draw", "equity", "--help"}, {"draw", "discard", "--help"}};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        cli_result r = cli_run(commands[i], NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.out, "usage: handstat");
        cli_result_free(&r);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_badugi_rank), cmocka_unit_test(test_badugi_hist),
        cmocka_unit_test(test_draw_odds),   cmocka_unit_test(test_draw_table),
        cmocka_unit_test(test_draw_equity), cmocka_unit_test(test_draw_equity_policies),
        cmocka_unit_test(test_bad_input),   cmocka_unit_test(test_help),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
