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
    cli_result r = RUN(NULL, "omaha", "equity", "AhAdKsQsJsTs9s", "9h8h7c6c");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "hand 1: 'AhAdKsQsJsTs9s': a pattern of more than 4 cards");
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

/* Ranges: counted and listed; range equity exact (same columns) and estimated (labelled). */
static void test_ranges(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "omaha", "range", "AA:$ds");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "864 hands of 270725 (4 cards), 0.3191%; weights sum to 86400\n");
    cli_result_free(&r);
    r = RUN(NULL, "omaha", "range", "AsAh**:KK, AsAh**:QcQd@25", "--list");
    assert_int_equal(r.status, 0);
    /* ascending by card mask (clubs, diamonds, hearts, spades; ace low in each suit) */
    assert_string_equal(r.out, "QC QD AH AS  @25\n"
                               "KC KD AH AS\n"
                               "KC AH KH AS\n"
                               "KD AH KH AS\n"
                               "KC AH AS KS\n"
                               "KD AH AS KS\n"
                               "AH KH AS KS\n");
    cli_result_free(&r);
    r = RUN(NULL, "omaha", "range", "AA***", "--cards", "5", "--csv");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out,
                        "hands,of,share,weight_sum\n108336,2598960,0.0416843660541,10833600\n");
    cli_result_free(&r);
    /* exact: the same columns as hands; a single hand among ranges counts as a range of one */
    r = RUN(NULL, "omaha", "equity", "AA:$ds", "KK:[QT]s[QT]d!KsKd", "--board", "Jh7d2c", "--csv");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "player,hand,wins,ties,losses,equity,equity_exact\n"
                               "1,AA:$ds,8511582,4266,1809592,0.82453774367,1702743/2065088\n"
                               "2,KK:[QT]s[QT]d!KsKd,1809592,4266,8511582,0.17546225633,"
                               "362345/2065088\n");
    cli_result_free(&r);
    r = RUN(NULL, "omaha", "equity", "AhAdKsQs", "9h8h7c6c, 9s8s7c6c@50", "--board", "Jh7d2c3s",
            "--hilo");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "weighted deals: ");
    assert_contains(r.out, "9h8h7c6c, 9s8s7c6c@50");
    cli_result_free(&r);
    /* estimates: asked for, or past the bound; labelled; the same at any thread count */
    cli_result a = RUN(NULL, "omaha", "equity", "AA:$ds", "KK-QQ", "--samples", "5000", "--seed",
                       "9", "--csv", "--threads", "1");
    cli_result b = RUN(NULL, "omaha", "equity", "AA:$ds", "KK-QQ", "--samples", "5000", "--seed",
                       "9", "--csv", "--threads", "2");
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, b.out);
    assert_contains(a.out,
                    "player,hand,samples,wins,ties,losses,equity,std_error,kind\n1,AA:$ds,5000,");
    assert_contains(a.out, ",estimate\n2,KK-QQ,5000,");
    cli_result_free(&a);
    cli_result_free(&b);
    r = RUN(NULL, "omaha", "equity", "AA:$ds", "KK-QQ", "--hilo", "--board", "Jh7d2c");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "ESTIMATE from 1000000 sampled deals (seed 1), not exact");
    assert_contains(r.out, "over the bound of 1e+09");
    assert_contains(r.out, "scoops   high_share    low_share  equity    std_err    (estimate)");
    cli_result_free(&r);
}

static void test_ranges_bad(void **state) {
    (void)state;
    static const struct {
        const char *args[10];
        int status;
        const char *message;
    } BAD[] = {
        {{"omaha", "range", "AA@0"}, 1, "range: '@0': a weight is a whole number 1..100"},
        {{"omaha", "range", "AAKKQ"}, 1, "'AAKKQ': a pattern of more than 4 cards"},
        {{"omaha", "range", "AA**-KK"}, 1, "'AA**-KK': the two ends of a span have different"},
        {{"omaha", "range", "$xx"}, 1, "'$xx': not a macro"},
        {{"omaha", "range", "15%"}, 1, "'15%': percent ranges"},
        {{"omaha", "range", "*", "--cards", "6", "--list"}, 1, "too many to list"},
        {{"omaha", "range", "AA", "--cards", "7"}, 2, "'7' is not a whole number from 4 to 6"},
        {{"omaha", "equity", "AA:$ds", "(KK"}, 1, "hand 2: '(KK': '(' is never closed"},
        {{"omaha", "equity", "AA", "KK", "--board", "2c3c4c", "--dead", "AcAdAhAs"},
         1,
         "hand 1: every hand of 'AA' meets the board or the dead cards"},
        {{"omaha", "equity", "AA", "KK", "--seed", "3"}, 2, "only with samples"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        cli_result r = cli_run(BAD[i].args, NULL);
        if (r.status != BAD[i].status)
            fail_msg("case %zu: exit %d: %s", i, r.status, r.err);
        assert_contains(r.err, BAD[i].message);
        assert_string_equal(r.out, "");
        cli_result_free(&r);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ranges), cmocka_unit_test(test_ranges_bad),
        cmocka_unit_test(test_equity), cmocka_unit_test(test_equity_bad),
        cmocka_unit_test(test_rank)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
