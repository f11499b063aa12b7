/* handstat poker matchups, run as a user would. */
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

static size_t count_lines(const char *text) {
    size_t n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

static void test_table(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_matchups.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/m.csv", dir);
    cli_result r = RUN(NULL, "poker", "matchups", "--threads", "2", "-o", path);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    assert_contains(r.err, "2598960 hands x 1533939 opponents = 3986646103440 matchups");
    assert_contains(r.err, "wins 1993149152280, ties 347798880, losses 1993149152280: wins = "
                           "losses");
    cli_result_free(&r);
    char *csv = read_file(path, NULL);
    assert_non_null(csv);
    const char *head = "class,category,hands,wins,ties,losses\n"
                       "1,straight_flush,4,6135744,12,0\n";
    assert_true(strncmp(csv, head, strlen(head)) == 0);
    assert_int_equal(count_lines(csv), 1 + 7462);
    assert_contains(csv, "\n11,four_of_a_kind,4,6135632,0,124\n");
    assert_contains(csv, "\n7462,high_card,1020,0,");
    free(csv);
    unlink(path);
    rmdir(dir);
}

static void test_hand(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "poker", "matchups", "--hand", "AS", "KS", "QS", "JS", "TS");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "AS KS QS JS TS  class 1  Royal flush  (straight_flush)\n");
    assert_contains(r.out, "wins    1533936");
    assert_contains(r.out, "ties          3");
    assert_contains(r.out, "losses        0");
    /* (2 * 1533936 + 3) / (2 * 1533939) */
    assert_contains(r.out, "equity 0.999999022 (exactly 1022625/1022626), a tie counting half");
    cli_result_free(&r);
    r = RUN(NULL, "poker", "matchups", "--csv", "--hand", "7c 5d 4h 3s 2c");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "hand,wins,ties,losses\n7C 5D 4H 3S 2C,0,243,1533696\n");
    cli_result_free(&r);
}

static void test_errors(void **state) {
    (void)state;
    struct {
        const char *args[8];
        int status;
        const char *message;
    } cases[] = {
        {{"--hand", "AS", "KS", "QS", "JS"}, 1, "--hand: expected 5 cards, got 4"},
        {{"--hand", "AS", "KS", "QS", "JS", "AS"}, 1, "--hand: 'AS' is a duplicate card"},
        {{"--hand", "AS", "KS", "QS", "JS", "1S"}, 1, "--hand: '1S' is not a card"},
        {{"--hand", "AS KS QS JS TS 9S"}, 1, "too many cards at '9S'"},
        {{"--hand", "--csv"}, 2, "--hand needs a value"},
        {{"--threads", "0"}, 2, "--threads takes a whole number from 1 to 1024, not '0'"},
        {{"--threads", "two"}, 2, "not 'two'"},
        {{"--threads"}, 2, "--threads needs a value"},
        {{"--csv"}, 2, "--csv goes with --hand"},
        {{"--hand", "AS KS QS JS TS", "-o", "x.csv"}, 2, "--hand prints one hand"},
        {{"--bogus"}, 2, "unknown option '--bogus'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *argv[11] = {"poker", "matchups"};
        for (int a = 0; a < 8 && cases[i].args[a] != NULL; a++)
            argv[2 + a] = cases[i].args[a];
        cli_result r = cli_run(argv, NULL);
        if (r.status != cases[i].status)
            fail_msg("case %zu: exit %d, expected %d; stderr: %s", i, r.status, cases[i].status,
                     r.err);
        assert_contains(r.err, "handstat poker matchups: ");
        assert_contains(r.err, cases[i].message);
        assert_int_equal(count_lines(r.err), 1);
        assert_string_equal(r.out, "");
        cli_result_free(&r);
    }
    cli_result r = RUN(NULL, "poker", "matchups", "-o", "/nonexistent/m.csv");
    assert_int_equal(r.status, 3);
    assert_contains(r.err, "cannot write '/nonexistent/m.csv'");
    cli_result_free(&r);
}

static void test_help(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "poker", "matchups", "--help");
    assert_int_equal(r.status, 0);
    assert_contains(r.out,
                    "usage: handstat poker matchups [--threads N] [-o FILE] [--checkpoint FILE] "
                    "[--resume]\n");
    assert_contains(r.out, "--hand CARD x5 [--csv]");
    cli_result_free(&r);
    r = RUN(NULL, "poker", "--help");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "  matchups  ");
    cli_result_free(&r);
    r = RUN(NULL, "--help");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "poker matchups [--threads N] [-o FILE]");
    cli_result_free(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_hand),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_help),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
