/* The handstat shortdeck commands, run as a user would. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_assert.h"

static void test_rank(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "shortdeck", "rank", "AS", "KS", "QS", "JS", "TS");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "AS KS QS JS TS  class 1  Royal flush  (straight_flush)  best five: "
                               "AS TS JS QS KS\n");
    cli_result_free(&r);
    /* trips beat a straight by default, not with the variant */
    r = RUN(NULL, "shortdeck", "rank", "--csv", "9S 9D 9C 6S 7D 8C TH");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "cards,class,category,description,best_five\n");
    assert_contains(r.out, ",three_of_a_kind,\"Three of a kind, nines, kickers ten-eight\",");
    cli_result_free(&r);
    r = RUN(NULL, "shortdeck", "rank", "--straight-beats-trips", "9S 9D 9C 6S 7D 8C TH");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "Straight, ten high  (straight)");
    cli_result_free(&r);
    r = RUN(NULL, "shortdeck", "rank", "AS 6D 7C 8S 9D");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "Straight, nine high  (straight)");
    cli_result_free(&r);
}

static void test_rank_bad_input(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "shortdeck", "rank", "AS", "KS", "QS", "JS", "2S");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "'2S' is not a short-deck card");
    assert_string_equal(r.out, "");
    cli_result_free(&r);
    const char *input = "AS KS QS JS TS\n5H 6H 7H 8H 9H\nAS KS\nAD KD QD JD TD\n";
    r = RUN(input, "shortdeck", "rank", "--csv");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "line 2: '5H' is not a short-deck card");
    assert_contains(r.err, "line 3: expected 5 to 7 cards, got 2");
    assert_contains(r.out, "AD KD QD JD TD,1,");
    cli_result_free(&r);
    r = RUN(NULL, "shortdeck", "hist", "--cards", "4");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--cards: '4' is not a whole number from 5 to 7");
    cli_result_free(&r);
    r = RUN(NULL, "shortdeck", "deal");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "unknown shortdeck command 'deal'");
    cli_result_free(&r);
    r = RUN(NULL, "shortdeck", "hist", "--help");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "usage: handstat shortdeck hist");
    cli_result_free(&r);
}

static void test_hist(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "shortdeck", "hist", "--cards", "5");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "category,count,probability\n"
                               "straight_flush,24,6.36618283677e-05\n"
                               "four_of_a_kind,288,0.000763941940413\n"
                               "flush,480,0.00127323656735\n"
                               "full_house,1728,0.00458365164248\n"
                               "three_of_a_kind,16128,0.0427807486631\n"
                               "straight,6120,0.0162337662338\n"
                               "two_pair,36288,0.096256684492\n"
                               "pair,193536,0.513368983957\n"
                               "high_card,122400,0.324675324675\n");
    assert_contains(r.err, "shortdeck hist --cards 5: 376992 hands");
    cli_result_free(&r);
    r = RUN(NULL, "shortdeck", "hist", "--cards", "5", "--straight-beats-trips", "--quiet");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "full_house,1728,0.00458365164248\nstraight,6120,");
    assert_string_equal(r.err, "");
    cli_result_free(&r);
    r = RUN(NULL, "shortdeck", "hist", "--cards", "5", "--classes");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "class,category,description,count\n1,straight_flush,Royal flush,4\n");
    assert_contains(r.out, "\n1404,high_card,\"High card, jack-nine-eight-seven-six\",1020\n");
    cli_result_free(&r);
}

static void test_equity(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "shortdeck", "equity", "AhKh", "QsQd", "--csv");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "player,hand,wins,ties,losses,equity,equity_exact\n"
                               "1,AhKh,102726,1733,96917,0.514423267917,207185/402752\n"
                               "2,QsQd,96917,1733,102726,0.485576732083,195567/402752\n");
    cli_result_free(&r);
    r = RUN(NULL, "shortdeck", "equity", "22", "AA");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "hand 1: '22' holds cards outside the short deck");
    assert_string_equal(r.out, "");
    cli_result_free(&r);
    r = RUN(NULL, "shortdeck", "equity", "AhKh", "QsQd", "--board", "2c3c4c");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "board: 2C is not a short-deck card");
    cli_result_free(&r);
    r = RUN(NULL, "shortdeck", "equity", "AhKh", "QsQd", "--samples", "10");
    assert_int_equal(r.status, 2);
    cli_result_free(&r);
    r = RUN("AhKh | QsQd board=6c7c8c\nAA | 22\n", "shortdeck", "equity", "--batch", "--csv");
    assert_int_equal(r.status, 1);
    assert_contains(r.out, "line,player,hand,wins,ties,losses,equity,equity_exact\n1,1,AhKh,");
    assert_contains(r.err, "line 2: hand 2: '22' holds cards outside the short deck");
    cli_result_free(&r);
}

/* Four random hands: 1.6e11 choices of hands, each unit of the job far too big to finish; SIGINT
 * still stops the run at once (exit 130; before, a unit ran on until it finished). */
static void test_huge_query_stops_at_once(void **state) {
    (void)state;
    static const char *const ARGS[] = {"shortdeck", "equity",    "random", "random", "random",
                                       "random",    "--threads", "2",      NULL};
    double seconds;
    assert_int_equal(cli_run_interrupted(ARGS, &seconds), 130);
    assert_true(seconds <= 3.0);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_rank),
                                       cmocka_unit_test(test_rank_bad_input),
                                       cmocka_unit_test(test_hist), cmocka_unit_test(test_equity),
                                       cmocka_unit_test(test_huge_query_stops_at_once)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
