/* The handstat lowball commands, run as a user would: rank (arguments, lines, CSV, errors) and
 * hist (its rows against the counts that follow from the rules: C(t, 4) x 4^5 unpaired A-5 lows
 * with top card t, and so on; the committed results/ files are checked by the results test). */
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

static void test_rank(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "lowball", "rank", "--a5", "KD", "5S", "4H", "3C", "2D", "AS", "9C");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "KD 5S 4H 3C 2D AS 9C  A-5 low class 1  5-4-3-2-A  best five: "
                               "3C 2D 4H AS 5S\n");
    cli_result_free(&r);
    /* in 2-7 the ace is only high: 8-5-4-3-2 is the best low of these seven */
    r = RUN(NULL, "lowball", "rank", "--27", "--csv", "AS 2D 3C 4H 5S 8H 6C");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "cards,class,description,best_five\n");
    assert_contains(r.out, "AS 2D 3C 4H 5S 8H 6C,5,\"High card, eight-five-four-three-two\","
                           "3C 2D 4H 8H 5S\n");
    cli_result_free(&r);
    r = RUN("AS 2S 3S 4S 5S\n# a comment\n\n7C 5D 4H 3S 2C\n", "lowball", "rank", "--27");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "2-7 low class 1  High card, seven-five-four-three-two");
    assert_contains(r.out, "Flush, ace-five-four-three-two");
    cli_result_free(&r);
    /* a pair in razz */
    r = RUN(NULL, "lowball", "rank", "--a5", "AS AD 2C 3H 4S");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "A-5 low class 1288  Pair of aces, 4-3-2");
    cli_result_free(&r);
    const struct {
        const char *input, *args[4], *message;
        int status;
    } bad[] = {
        {NULL, {"--a5", "AS", "2S", "3S"}, "expected 5 to 7 cards", 1},
        {"AS 2S 3S 4S 5S\nAS AS 2S 3S 4S\n", {"--a5"}, "line 2: 'AS' is a duplicate", 1},
        {NULL, {"AS", "2S", "3S", "4S"}, "give one of --a5", 2},
        {NULL, {"--a5", "--27", "AS"}, "give one of --a5", 2},
        {NULL, {"--a5", "ZZ 2S 3S 4S 5S"}, "'ZZ'", 1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *argv[8] = {"lowball", "rank"};
        for (int k = 0; k < 4 && bad[i].args[k] != NULL; k++)
            argv[2 + k] = bad[i].args[k];
        r = cli_run(argv, bad[i].input);
        assert_int_equal(r.status, bad[i].status);
        assert_contains(r.err, bad[i].message);
        cli_result_free(&r);
    }
}

static unsigned long long binom(int n, int k) {
    unsigned long long c = 1;
    for (int i = 1; i <= k; i++)
        c = c * (unsigned long long)(n - k + i) / (unsigned long long)i;
    return c;
}

static void test_hist(void **state) {
    (void)state;
    /* an unpaired low with top card t (the five .. the king, ace low: t = 4 .. 12 below it)
     * takes four of the t lower ranks, any suits */
    cli_result r = RUN(NULL, "lowball", "hist", "--a5");
    assert_int_equal(r.status, 0);
    char want[1024];
    int n = snprintf(want, sizeof want, "category,count\n");
    static const char NAMES[] = "A23456789TJQK";
    unsigned long long sum = 0;
    for (int t = 4; t <= 12; t++) {
        unsigned long long c = binom(t, 4) * 1024;
        sum += c;
        n += snprintf(want + n, sizeof want - (size_t)n, "%c-low,%llu\n", NAMES[t], c);
    }
    snprintf(want + n, sizeof want - (size_t)n, "pair_or_worse,%llu\n", 2598960ULL - sum);
    assert_string_equal(r.out, want);
    assert_contains(r.err, "lowball hist --a5: 2598960 hands");
    cli_result_free(&r);
    /* 2-7: top card t (the seven .. the king, then the ace high): four lower ranks (the ace is
     * below only in no straight: for the ace, the other four from 2..K), less the straights
     * topped by t, times 4^5 - 4 suit choices that make no flush */
    r = RUN(NULL, "lowball", "hist", "--27");
    assert_int_equal(r.status, 0);
    n = snprintf(want, sizeof want, "category,count\n");
    sum = 0;
    for (int t = 6; t <= 13; t++) { /* 13: the ace */
        /* ranks below t among 2..K: t - 1 of them (two .. the rank below t) */
        unsigned long long sets = binom(t - 1, 4) - (t >= 5 ? 1 : 0);
        unsigned long long c = sets * 1020;
        sum += c;
        n += snprintf(want + n, sizeof want - (size_t)n, "%c-low,%llu\n", NAMES[t % 13], c);
    }
    snprintf(want + n, sizeof want - (size_t)n, "pair_or_worse,%llu\n", 2598960ULL - sum);
    assert_string_equal(r.out, want);
    cli_result_free(&r);
    r = RUN(NULL, "lowball", "hist", "--a5", "-o", "/nonexistent/dir/h.csv");
    assert_int_equal(r.status, 3);
    cli_result_free(&r);
    r = RUN(NULL, "lowball", "hist");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "give one of --a5");
    cli_result_free(&r);
}

static void test_help(void **state) {
    (void)state;
    const char *const commands[][4] = {
        {"lowball", "--help"}, {"lowball", "rank", "--help"}, {"lowball", "hist", "--help"}};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        cli_result r = cli_run(commands[i], NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.out, "usage: handstat lowball");
        cli_result_free(&r);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank),
        cmocka_unit_test(test_hist),
        cmocka_unit_test(test_help),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
