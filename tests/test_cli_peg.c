/* handstat crib peg and crib discard --pegging, run as a user would. */
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

/* The README's worked example: three fives and a jack against three tens and a queen. */
static void test_peg_worked_example(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "crib", "peg", "5H 5D 5S JC", "--", "TH TD JS QC");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "  pone    JC  count 10\n");
    assert_contains(r.out, "  dealer  JS  count 20   2  pair 2\n");
    assert_contains(r.out, "  pone    5S  count 15   2  fifteen 2\n");
    assert_contains(r.out, "last card 1\n");
    assert_contains(r.out, "pone 5, dealer 4: differential (pone - dealer) +1\n");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "peg", "--csv", "5H", "5D", "5S", "JC", "--", "TH", "TD", "JS", "QC");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "pone,dealer,pone_points,dealer_points,differential,line\n"
                               "5H 5D 5S JC,TH TD JS QC,5,4,1,JC JS 5H 5D go TH 5S TD go QC go\n");
    cli_result_free(&r);
    /* all fives against all tens: the dealer makes 15 twice, and both goes: -6 */
    r = RUN(NULL, "crib", "peg", "--csv", "5H 5D 5S 5C", "--", "TH TD TS TC");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, ",0,6,-6,");
    cli_result_free(&r);
}

static void test_peg_errors(void **state) {
    (void)state;
    static const struct {
        const char *args[12];
        int status;
        const char *message;
    } BAD[] = {
        {{"crib", "peg", "5H 5D 5S", "--", "TH TD JS QC"}, 1, "pone: expected 4 cards, got 3"},
        {{"crib", "peg", "5H 5D 5S JC", "--", "TH TD JS"}, 1, "dealer: expected 4 cards, got 3"},
        {{"crib", "peg", "5H 5D 5S JC", "--", "TH 5D JS QC"}, 1, "5D is already in the pone's"},
        {{"crib", "peg", "5H 5D 5S JC TH TD JS QC"}, 2, "separated by '--'"},
        {{"crib", "peg", "5H 5D 5X JC", "--", "TH TD JS QC"}, 1, "'5X'"},
        {{"crib", "discard", "--pegging", "2C 3H 4D 5D 5S"}, 1, "expected 6 cards, got 5"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        cli_result r = cli_run(BAD[i].args, NULL);
        if (r.status != BAD[i].status || strstr(r.err, BAD[i].message) == NULL)
            fail_msg("case %zu: exit %d, stderr: %s", i, r.status, r.err);
        assert_string_equal(r.out, "");
        cli_result_free(&r);
    }
}

static void test_discard_pegging(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "crib", "discard", "--pegging", "--csv", "2C 3H 4D 5D 5S JS");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "combined_ev_exact,peg_ev,peg_ev_exact,total_ev,total_ev_exact,role\n");
    /* the dealer's best keep is still 2-3-4-J: combined 391673/22770, pegging 92922/54395 */
    assert_contains(r.out, "\n2C 3H 4D JS,5D 5S,8.173913,188/23,5,13,1.992424,9.027361,"
                           "205553/22770,17.201274,391673/22770,1.708282,92922/54395,18.909556,"
                           "3702907/195822,dealer\n");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "discard", "--pegging", "--pone", "2C 3H 4D 5D 5S JS");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "(pone - dealer) over the 163,185");
    assert_contains(r.out, "peg, total");
    cli_result_free(&r);
}

/* Ctrl-C in the middle of crib peg-table: exit 130, no output file, the checkpoint beside it. The
 * whole job takes about two seconds of one thread here, so one thread and the signal well before
 * its end. */
static void test_peg_table_interrupted(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_pegtable.XXXXXX", out[64], ckpt[64];
    assert_non_null(mkdtemp(dir));
    snprintf(out, sizeof out, "%s/t.csv", dir);
    snprintf(ckpt, sizeof ckpt, "%s/t.ckpt", dir);
    const char *const args[] = {"crib", "peg-table", "--quiet", "--threads", "1", "-o", out, NULL};
    double seconds;
    assert_int_equal(cli_run_interrupted_after(args, 300, &seconds), 130);
    assert_true(seconds <= 3.0);
    assert_int_equal(access(out, F_OK), -1);
    assert_int_equal(access(ckpt, F_OK), 0);
    unlink(ckpt);
    assert_int_equal(rmdir(dir), 0);
}

static void test_help(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "crib", "peg", "--help");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "usage: handstat crib peg PONE_HAND -- DEALER_HAND [--csv]");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "--help");
    assert_contains(r.out, "  peg ");
    cli_result_free(&r);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "interrupt") == 0) {
        /* a run of its own (label exhaustive): the job's units are not stoppable mid-unit, so
         * in a sanitizer build the stop takes longer than the bound */
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_peg_table_interrupted)};
        return cmocka_run_group_tests(tests, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_peg_worked_example), cmocka_unit_test(test_peg_errors),
        cmocka_unit_test(test_discard_pegging), cmocka_unit_test(test_help)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
