/* The handstat omaha commands, run as a user would. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_assert.h"

static void test_equity(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "omaha", "equity", "AhAdKsQs", "9h8h7c6c", "--board", "2c3d4h");
    assert_int_equal(r.status, 0);
    assert_string_equal(
        r.out, "omaha equity (high): board: 2C 3D 4H   dead: (none)   boards: 820, all equally "
               "likely\n"
               "player  hand                wins         ties       losses  equity     (exact)\n"
               "1       AH AD KS QS          540            0          280  0.658537   27/41\n"
               "2       9H 8H 7C 6C          280            0          540  0.341463   14/41\n");
    cli_result_free(&r);
    r = RUN(NULL, "omaha", "equity", "--csv", "--hilo", "AhAdKsQs", "9h8h7c6c", "--board",
            "2c 3d 4h");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "player,hand,scoops,high_share,low_share,equity,equity_exact\n"
                               "1,AH AD KS QS,0,0.329268,0.000000,0.329268292683,27/82\n"
                               "2,9H 8H 7C 6C,280,0.170732,0.500000,0.670731707317,55/82\n");
    cli_result_free(&r);
    /* the same at one and two threads; PLO5 with a dead card */
    cli_result a = RUN(NULL, "omaha", "equity", "--csv", "AhAdKsQsJh", "9h8h7c6c5d", "--board",
                       "2c3d4h", "--dead", "Tc", "--threads", "1");
    cli_result b = RUN(NULL, "omaha", "equity", "--csv", "AhAdKsQsJh", "9h8h7c6c5d", "--board",
                       "2c3d4h", "--dead", "Tc", "--threads", "2");
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, b.out);
    cli_result_free(&a);
    cli_result_free(&b);
}

static void test_equity_bad(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "omaha", "equity", "AhAdKs", "9h8h7c6c");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "hand 1: expected 4, 5 or 6 cards, got 3");
    assert_string_equal(r.out, "");
    cli_result_free(&r);
    r = RUN(NULL, "omaha", "equity", "AhAdKsQs", "9h8h7c6c5c");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "hand 2 has 5 cards, hand 1 has 4");
    cli_result_free(&r);
    r = RUN(NULL, "omaha", "equity", "AhAdKsQs", "9h8h7cAh");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "hand 2: AH is already in another hand");
    cli_result_free(&r);
    r = RUN(NULL, "omaha", "equity", "AhAdKsQs", "9h8h7c6c", "--board", "2c3d6c");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "board: 6C is already in a hand");
    cli_result_free(&r);
    r = RUN(NULL, "omaha", "equity", "AhAdKsQs", "9h8h7c6c", "--board", "2c3d4dZz");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "board: '2c3d4dZz' is not a card");
    cli_result_free(&r);
    r = RUN(NULL, "omaha", "equity", "AhAdKsQs");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "expected 2 to 9 hands, got 1");
    cli_result_free(&r);
}

static void test_rank(void **state) {
    (void)state;
    cli_result r =
        RUN(NULL, "omaha", "rank", "AH", "2H", "KS", "QS", "--", "3H", "4D", "8H", "JC", "9H");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "high: class 761  Flush, ace-nine-eight-three-two  (flush)  five: "
                               "AH 2H 3H 8H 9H\n"
                               "low:  class 22  8-4-3-2-A\n");
    cli_result_free(&r);
    r = RUN(NULL, "omaha", "rank", "AH", "2H", "KS", "QS", "3H", "4D", "8H");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "separated by '--'");
    cli_result_free(&r);
    r = RUN(NULL, "omaha", "rank", "AH", "2H", "KS", "QS", "--", "AH", "4D", "8H");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "board: AH is already in the hole cards");
    cli_result_free(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_equity),
                                       cmocka_unit_test(test_equity_bad),
                                       cmocka_unit_test(test_rank)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
