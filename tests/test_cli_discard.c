/* handstat crib discard, throw-table and deals, run as a user would. */
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

static int count_lines(const char *s) {
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* The worked example through --csv: 3H 4D 5D 5S has hand expectation 574/46 = 287/23. */
static void test_worked_example_csv(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "crib", "discard", "--csv", "2C", "3H", "4D", "5D", "5S", "JS");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    assert_contains(r.out, "keep,throw,hand_ev,hand_ev_exact,hand_min,hand_max,hand_sd,crib_ev,"
                           "crib_ev_exact,combined_ev,combined_ev_exact,role\n");
    assert_contains(r.out, "\n3H 4D 5D 5S,2C JS,12.478261,287/23,8,20,");
    assert_contains(r.out, ",177511/45540,");
    assert_int_equal(count_lines(r.out), 16);
    /* the dealer's best: throw 5-5 into the own crib */
    assert_contains(r.out, "\n2C 3H 4D JS,5D 5S,");
    cli_result_free(&r);
    /* the pone keeps the fives: best first */
    r = RUN(NULL, "crib", "discard", "--csv", "--pone", "2C 3H 4D 5D 5S JS");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "role\n3H 4D 5D 5S,2C JS,12.478261,287/23,");
    assert_contains(r.out, ",390749/45540,pone\n");
    cli_result_free(&r);
}

static void test_text_output(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "crib", "discard", "2c 3h 4d 5d 5s js");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "you are the dealer (the default");
    assert_contains(r.out, "45,540 equally likely");
    assert_contains(r.out, "combined = hand + crib");
    assert_contains(r.out, "287/23");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "discard", "--pone", "2C 3H 4D 5D 5S JS");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "you are the pone\n");
    assert_contains(r.out, "combined = hand - crib");
    cli_result_free(&r);
    /* five cards: three players, throw one */
    r = RUN(NULL, "crib", "discard", "--csv", "2C 3H 4D 5D 5S");
    assert_int_equal(r.status, 0);
    assert_int_equal(count_lines(r.out), 6);
    assert_contains(r.out, "\n3H 4D 5D 5S,2C,12.468085,586/47,");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "discard", "2C 3H 4D 5D 5S");
    assert_contains(r.out, "three players");
    assert_contains(r.out, "713,460 equally likely");
    cli_result_free(&r);
}

static void test_discard_errors(void **state) {
    (void)state;
    struct {
        int status;
        const char *message;
        const char *args[9];
    } cases[] = {
        {1, "too many cards at '8C'", {"2C", "3C", "4C", "5C", "6C", "7C", "8C"}},
        {1, "expected 6 cards (two players) or 5 (three players), got 4", {"2C", "3C", "4C", "5C"}},
        {1, "'5C' is a duplicate card", {"2C", "3C", "4C", "5C", "6C", "5C"}},
        {1, "'ZZ' is not a card", {"2C", "3C", "ZZ", "5C", "6C", "7C"}},
        {2, "--dealer and --pone exclude each other", {"--dealer", "--pone", "2C 3C 4C 5C 6C 7C"}},
        {2, "unknown option '--bogus'", {"--bogus", "2C 3C 4C 5C 6C 7C"}},
        {2, "no cards given", {"--csv"}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *argv[12] = {"crib", "discard"};
        for (int k = 0; cases[i].args[k] != NULL; k++)
            argv[2 + k] = cases[i].args[k];
        cli_result r = cli_run(argv, NULL);
        assert_int_equal(r.status, cases[i].status);
        assert_contains(r.err, "handstat crib discard: ");
        assert_contains(r.err, cases[i].message);
        assert_string_equal(r.out, "");
        cli_result_free(&r);
    }
}

static void test_help(void **state) {
    (void)state;
    const char *const commands[][4] = {{"crib", "discard", "--help"},
                                       {"crib", "throw-table", "--help"},
                                       {"crib", "deals", "-h"},
                                       {"crib", "--help"}};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        cli_result r = cli_run(commands[i], NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.out, "usage: handstat crib");
        if (i < 3)
            assert_contains(r.out, "equally likely");
        cli_result_free(&r);
    }
    cli_result r = RUN(NULL, "crib", "--help");
    assert_contains(r.out, "throw-table");
    assert_contains(r.out, "deals");
    cli_result_free(&r);
}

static void test_throw_table(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_throw.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/throw.csv", dir);
    cli_result r = RUN(NULL, "crib", "throw-table", "-o", path);
    assert_int_equal(r.status, 0);
    char *text = read_file(path, NULL);
    assert_non_null(text);
    assert_int_equal(count_lines(text), 170);
    assert_contains(text, "ranks,suits,combos,crib_sum,cases,crib_ev,crib_ev_exact\n"
                          "A-A,pair,6,");
    assert_contains(text, "\n5-5,pair,6,528768,58800,8.992653,11016/1225\n");
    assert_contains(text, "\n5-J,suited,4,");
    assert_contains(text, "\n5-J,offsuit,12,");
    cli_result_free(&r);
    /* the same on standard output */
    r = RUN(NULL, "crib", "throw-table");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, text);
    cli_result_free(&r);
    free(text);
    unlink(path);
    rmdir(dir);
    r = RUN(NULL, "crib", "throw-table", "--threads", "2");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "unknown option '--threads'");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "throw-table", "-o", "/nonexistent/dir/t.csv");
    assert_int_equal(r.status, 3);
    assert_contains(r.err, "cannot write '/nonexistent/dir/t.csv'");
    cli_result_free(&r);
}

/* Argument errors of deals stop before any work. */
static void test_deals_arguments(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "crib", "deals", "--threads", "0");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "'0'");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "deals", "--fast");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "unknown option '--fast'");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "deals", "-o");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "-o needs a value");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "deals", "--patterns", "/nonexistent/dir/p.csv");
    assert_int_equal(r.status, 3);
    cli_result_free(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_example_csv), cmocka_unit_test(test_text_output),
        cmocka_unit_test(test_discard_errors),     cmocka_unit_test(test_help),
        cmocka_unit_test(test_throw_table),        cmocka_unit_test(test_deals_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
