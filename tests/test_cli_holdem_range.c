/* handstat holdem range, and the range notations in other commands, run as a user would. */
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

static void test_convert(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "holdem", "range", "QQ+,AKs:0.5,[25]AQs,AJs[/25]", "--to", "pio");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "AA,AKs:0.5,AQs:0.25,AJs:0.25,KK,QQ\n"
                               "combinations: 30 (22 weighted)\n");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "range", "AhKh:0.125,AA", "--to", "equilab");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "AA,[12.5]AhKh[/12.5]\n");
    cli_result_free(&r);
    /* the default notation is handstat's; several arguments are one range joined by blanks */
    r = RUN(NULL, "holdem", "range", "QQ+,AK", "minus", "AKo", "--board", "AhKc2d");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "AA,AKs,KK,QQ\n"
                               "combinations: 22 (22 weighted)\n"
                               "left by the board and dead cards: 14 (14 weighted)\n");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "range", "22+{!s}@12.5", "--dead", "2c", "--csv");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "notation,range,combos,weighted,live_combos,live_weighted\n");
    assert_contains(r.out, ",39,4.875,37,4.625\n");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "range", "--help");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "usage: handstat holdem range RANGE");
    cli_result_free(&r);
}

/* Pio's AKs:0.5 against QQ is handstat's AKs@50 against QQ, to the digit. */
static void test_pio_equity(void **state) {
    (void)state;
    cli_result a = RUN(NULL, "holdem", "equity", "AKs:0.5,AQs", "QQ", "--csv");
    cli_result b = RUN(NULL, "holdem", "equity", "AKs@50,AQs", "QQ", "--csv");
    cli_result c = RUN(NULL, "holdem", "equity", "[50]AKs[/50],AQs", "QQ", "--csv");
    assert_int_equal(a.status, 0);
    assert_int_equal(b.status, 0);
    assert_int_equal(c.status, 0);
    /* the first column's range text is each one's canonical form: the same */
    assert_string_equal(a.out, b.out);
    assert_string_equal(c.out, b.out);
    cli_result_free(&a);
    cli_result_free(&b);
    cli_result_free(&c);
    /* a weight finer than a percent: exact, and named in equity-dist's weight column */
    cli_result d = RUN(NULL, "holdem", "equity-dist", "AKs@12.5,QQ", "JJ", "--csv");
    assert_int_equal(d.status, 0);
    assert_contains(d.out, ",12.5,");
    cli_result_free(&d);
}

static void test_errors(void **state) {
    (void)state;
    static const char *const BAD[][2] = {
        {"AKs:1.5", "a weight over 1"},
        {"[50]AKs,AQs[/40]", "a bracket closed with another weight"},
        {"AA and KK", "no combination is in both"},
        {"AKs{hz}", "an unknown suit letter"},
        {"AKs@0.001", "a weight finer than 0.01%"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        cli_result r = RUN(NULL, "holdem", "range", BAD[i][0]);
        assert_int_equal(r.status, 1);
        assert_string_equal(r.out, "");
        assert_contains(r.err, BAD[i][1]);
        cli_result_free(&r);
    }
}

/* The query language reads every notation; weights too fine for many players together are
 * refused, not risked (the runner's products stay within 100^9). */
static void test_query(void **state) {
    (void)state;
    cli_result a = RUN(NULL, "query",
                       "select avg(riverEquity(h)) from h='AKs:0.5,QQ', v='[25]JJ[/25],TT', "
                       "board=Kh7d2c");
    cli_result b = RUN(NULL, "query",
                       "select avg(riverEquity(h)) from h='AKs@50,QQ', v='JJ@25,TT', board=Kh7d2c");
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, b.out);
    assert_contains(a.out, "13601/14850");
    cli_result_free(&a);
    cli_result_free(&b);
    cli_result c = RUN(NULL, "query",
                       "select avg(riverEquity(a)) from a='AA@0.01,KK', b='QQ@0.01,JJ', "
                       "c='TT@0.01,99', d='88@0.01,77', e='66@0.01,55', board=2c3d4h5s6c");
    assert_int_equal(c.status, 1);
    assert_contains(c.err, "too fine together");
    cli_result_free(&c);
    cli_result d = RUN(NULL, "query", "select avg(riverEquity(h)) from h='AKs:2', v=QQ");
    assert_int_equal(d.status, 1);
    assert_contains(d.err, "'AKs:2': a weight over 1");
    cli_result_free(&d);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_convert),
        cmocka_unit_test(test_pio_equity),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_query),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
