/* The handstat crib commands, run as a user would. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_assert.h"
#include "crib_ref.h"
#include "test_skip.h"

static void test_score_breakdown(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "crib", "score", "5H", "5C", "5S", "JD", "5D");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "fifteens 16, pairs 12, runs 0, flush 0, nobs 1: total 29");
    assert_contains(r.out, "nobs     JD");
    assert_contains(r.out, "fifteen  5H 5C 5S");
    assert_contains(r.out, "pair     5H 5C");
    cli_result_free(&r);
    /* One argument may hold several cards, in any accepted spelling. */
    r = RUN(NULL, "crib", "score", "--crib", "3c 4c", "5C", "6c", "10\xE2\x99\xA3");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "run      3C 4C 5C 6C");
    assert_contains(r.out, "flush    3C 4C 5C 6C TC");
    assert_contains(r.out, "(crib rules)");
    cli_result_free(&r);
}

static void test_score_csv(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "crib", "score", "--csv", "5H", "5C", "5S", "JD", "5D");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "hand,starter,fifteens,pairs,runs,flush,nobs,total\n"
                               "5H 5C 5S JD,5D,16,12,0,0,1,29\n");
    cli_result_free(&r);
}

static void test_score_stdin_batch(void **state) {
    (void)state;
    const char *input = "# hand then starter\r\n"
                        "AH 2H 3H 4H 5S\r\n"
                        "\n"
                        "XX 2C 3C 4C 5C\n"
                        "3c 3d 4h 4s 5c\n"
                        "AS AS 2C 3C 4C\n"
                        "2C 3C 4C\n";
    cli_result r = RUN(input, "crib", "score", "--csv");
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "hand,starter,fifteens,pairs,runs,flush,nobs,total\n"
                               "AH 2H 3H 4H,5S,2,0,5,4,0,11\n"
                               "3C 3D 4H 4S,5C,4,4,12,0,0,20\n");
    assert_contains(r.err, "line 4: 'XX' is not a card");
    assert_contains(r.err, "line 6: 'AS' is a duplicate card");
    assert_contains(r.err, "line 7: expected 5 cards");
    cli_result_free(&r);
}

static void test_score_errors(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "crib", "score", "AS", "AS", "3D", "4C", "5H");
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "handstat crib score: 'AS' is a duplicate card\n");
    assert_string_equal(r.out, "");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "score", "XX");
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "handstat crib score: 'XX' is not a card\n");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "score", "2C", "3C", "4C", "5C");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "expected 5 cards (four in hand, then the starter), got 4");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "score", "2C", "3C", "4C", "5C", "6C", "7C");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "too many cards at '7C'");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "score", "--bogus");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "unknown option '--bogus'");
    cli_result_free(&r);
    r = RUN(NULL, "crib", "shuffle");
    assert_int_equal(r.status, 2);
    cli_result_free(&r);
}

static void test_help_everywhere(void **state) {
    (void)state;
    const char *const commands[][4] = {{"--help"},
                                       {"crib", "--help"},
                                       {"crib", "score", "--help"},
                                       {"crib", "nscore", "--help"},
                                       {"crib", "hist", "--help"}};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        cli_result r = cli_run(commands[i], NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.out, "usage: handstat");
        cli_result_free(&r);
    }
}

static char *trimmed(char *s) {
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
        s[--n] = '\0';
    return s;
}

/* Every sample and judge case of "Cribbage On Steroids" through the CLI. */
static void test_nscore_judge_cases(void **state) {
    (void)state;
    const char *data = shared_data_dir();
    if (data == NULL)
        HS_SKIP("no shared data (configure with -DHS_SHARED_DATA=FOLDER)\n");
    const char *sets[] = {"sample", "secret"};
    int cases = 0;
    for (size_t s = 0; s < 2; s++) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s/cribbageonsteroids/%s", data, sets[s]);
        DIR *d = opendir(dir);
        assert_non_null(d);
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            size_t n = strlen(e->d_name);
            if (n < 4 || strcmp(e->d_name + n - 3, ".in") != 0)
                continue;
            char in_path[1024], ans_path[1024];
            snprintf(in_path, sizeof in_path, "%s/%s", dir, e->d_name);
            snprintf(ans_path, sizeof ans_path, "%s/%.*s.ans", dir, (int)(n - 3), e->d_name);
            char *input = read_file(in_path, NULL), *answer = read_file(ans_path, NULL);
            assert_non_null(input);
            assert_non_null(answer);
            cli_result r = RUN(input, "crib", "nscore");
            assert_int_equal(r.status, 0);
            if (strcmp(trimmed(r.out), trimmed(answer)) != 0)
                fail_msg("%s: got %s, expected %s", in_path, r.out, answer);
            /* The same file named on the command line. */
            cli_result f = RUN(NULL, "crib", "nscore", in_path);
            assert_string_equal(trimmed(f.out), answer);
            cli_result_free(&f);
            cli_result_free(&r);
            free(input);
            free(answer);
            cases++;
        }
        closedir(d);
    }
    print_message("%d judge cases passed\n", cases);
    assert_true(cases >= 21);
}

/* Answers past 64 and 128 bits printed in full, checked against the card-by-card reference. */
static void test_nscore_wide_through_cli(void **state) {
    (void)state;
    const uint64_t per_rank[] = {40, 2000, 12000};
    const char *ranks = "A23456789TJQK";
    for (size_t i = 0; i < sizeof per_rank / sizeof per_rank[0]; i++) {
        uint64_t counts[13];
        size_t n = 0;
        for (int r = 0; r < 13; r++)
            n += counts[r] = per_rank[i] + (uint64_t)r;
        char *input = malloc(32 + 2 * n);
        int len = sprintf(input, "%zu\n", n);
        for (int r = 0; r < 13; r++)
            for (uint64_t k = 0; k < counts[r]; k++) {
                input[len++] = ranks[r];
                input[len++] = (k % 20 == 19) ? '\n' : ' ';
            }
        input[len] = '\0';
        mpz_t ref;
        mpz_init(ref);
        ref_nscore_exact(counts, ref);
        char *expected = mpz_get_str(NULL, 10, ref);
        print_message("n = %zu: %zu digits\n", n, strlen(expected));
        cli_result r = RUN(input, "crib", "nscore");
        assert_int_equal(r.status, 0);
        assert_string_equal(trimmed(r.out), expected);
        cli_result_free(&r);
        free(expected);
        mpz_clear(ref);
        free(input);
    }
}

static void test_nscore_errors(void **state) {
    (void)state;
    struct {
        const char *input, *message;
    } cases[] = {
        {"", "empty input"},
        {"5\nA 2 3 X 5\n", "line 2: 'X' is not a rank"},
        {"5\nA 2 3\n", "ends before the 5 cards"},
        {"2 A 2 3", "'3': more cards than the 2"},
        {"zero A", "'zero': expected the number of cards"},
        {"0", "'0': expected the number of cards"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cli_result r = RUN(cases[i].input, "crib", "nscore");
        assert_int_equal(r.status, 1);
        assert_contains(r.err, cases[i].message);
        assert_string_equal(r.out, "");
        cli_result_free(&r);
    }
    cli_result r = RUN(NULL, "crib", "nscore", "/nonexistent/input.txt");
    assert_int_equal(r.status, 3);
    assert_contains(r.err, "cannot open '/nonexistent/input.txt'");
    cli_result_free(&r);
}

/* The histogram files are byte-identical at 1, 2 and 8 threads, under both rules. */
static void test_hist_thread_counts(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_hist.XXXXXX";
    assert_non_null(mkdtemp(dir));
    for (int crib = 0; crib <= 1; crib++) {
        char *first = NULL, *first_comp = NULL;
        const char *threads[] = {"1", "2", "8"};
        for (int t = 0; t < 3; t++) {
            char out[256], comp[256];
            snprintf(out, sizeof out, "%s/h%s.csv", dir, threads[t]);
            snprintf(comp, sizeof comp, "%s/c%s.csv", dir, threads[t]);
            cli_result r = crib ? RUN(NULL, "crib", "hist", "--crib", "--threads", threads[t], "-o",
                                      out, "--components", comp)
                                : RUN(NULL, "crib", "hist", "--threads", threads[t], "-o", out,
                                      "--components", comp);
            assert_int_equal(r.status, 0);
            assert_contains(r.err, "12994800 hands");
            char *csv = read_file(out, NULL), *cc = read_file(comp, NULL);
            assert_non_null(csv);
            assert_non_null(cc);
            if (first == NULL) {
                first = csv;
                first_comp = cc;
                assert_true(strncmp(csv, "score,count,probability\n0,", 26) == 0);
                int rows = 0;
                for (const char *p = csv; *p; p++)
                    rows += *p == '\n';
                assert_int_equal(rows, 31);
                if (!crib) {
                    assert_contains(csv, "\n0,1009008,");
                    assert_contains(csv, "\n29,4,");
                    assert_contains(cc, "\ntotal,61974180,4.7691522763,60759/12740\n");
                    assert_contains(r.err, "exactly 60759/12740");
                }
            } else {
                assert_string_equal(csv, first);
                assert_string_equal(cc, first_comp);
                free(csv);
                free(cc);
            }
            unlink(out);
            unlink(comp);
            cli_result_free(&r);
        }
        free(first);
        free(first_comp);
    }
    rmdir(dir);
}

/* Errors leave no partial output and never touch an existing file. */
static void test_hist_output_errors(void **state) {
    (void)state;
    /* "-o -" is standard output. */
    cli_result out = RUN(NULL, "crib", "hist", "-o", "-");
    assert_int_equal(out.status, 0);
    const char *head = "score,count,probability\n0,1009008,";
    assert_true(strncmp(out.out, head, strlen(head)) == 0);
    cli_result_free(&out);
    cli_result r = RUN(NULL, "crib", "hist", "-o", "/nonexistent/dir/hist.csv");
    assert_int_equal(r.status, 3);
    assert_contains(r.err, "cannot write '/nonexistent/dir/hist.csv'");
    assert_string_equal(r.out, "");
    cli_result_free(&r);

    char dir[] = "/tmp/hs_out.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/keep.csv", dir);
    FILE *fp = fopen(path, "w");
    fputs("previous contents\n", fp);
    fclose(fp);
    const char *bad_threads[] = {"0", "-1", "abc", "100000"};
    for (size_t i = 0; i < 4; i++) {
        r = RUN(NULL, "crib", "hist", "--threads", bad_threads[i], "-o", path);
        assert_int_equal(r.status, 2);
        assert_contains(r.err, "--threads takes a whole number from 1 to 1024");
        cli_result_free(&r);
    }
    /* The components file cannot be written: nothing is written, the old histogram stays. */
    r = RUN(NULL, "crib", "hist", "-o", path, "--components", "/nonexistent/c.csv");
    assert_int_equal(r.status, 3);
    cli_result_free(&r);
    char *now = read_file(path, NULL);
    assert_string_equal(now, "previous contents\n");
    free(now);
    /* Nothing but the result is left in the folder: no temporary files. */
    DIR *d = opendir(dir);
    struct dirent *e;
    int entries = 0;
    while ((e = readdir(d)) != NULL)
        entries += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    assert_int_equal(entries, 1);
    unlink(path);
    rmdir(dir);
}

/* HANDSTAT_ISA: every forced path gives the measured path's output (crib discard sums scores
 * through the dispatching batch kernel), --version names each kernel's path, and a value that
 * names no path is a command-line error, not a silent fallback. */
static void test_isa_override(void **state) {
    (void)state;
    unsetenv("HANDSTAT_ISA");
    cli_result base = RUN(NULL, "crib", "discard", "2C", "3H", "4D", "5D", "5S", "JS");
    assert_int_equal(base.status, 0);
    const char *isas[] = {"scalar", "avx2", "avx512", "measure", "auto"};
    for (int i = 0; i < 5; i++) {
        setenv("HANDSTAT_ISA", isas[i], 1);
        cli_result r = RUN(NULL, "crib", "discard", "2C", "3H", "4D", "5D", "5S", "JS");
        assert_int_equal(r.status, 0);
        assert_string_equal(r.out, base.out);
        cli_result_free(&r);
        r = RUN(NULL, "--version");
        assert_int_equal(r.status, 0);
        assert_contains(r.out, "cribbage totals ");
        if (i == 0)
            assert_contains(r.out, "cribbage totals scalar (forced)");
        if (i == 3 && strstr(r.out, "(only)") == NULL)
            assert_contains(r.out, "(measured)");
        cli_result_free(&r);
    }
    setenv("HANDSTAT_ISA", "avx1024", 1);
    cli_result r = RUN(NULL, "crib", "discard", "2C", "3H", "4D", "5D", "5S", "JS");
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_contains(r.err, "HANDSTAT_ISA='avx1024' is not scalar, avx2, avx512, measure or auto");
    cli_result_free(&r);
    unsetenv("HANDSTAT_ISA");
    cli_result_free(&base);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_score_breakdown),
        cmocka_unit_test(test_score_csv),
        cmocka_unit_test(test_score_stdin_batch),
        cmocka_unit_test(test_score_errors),
        cmocka_unit_test(test_help_everywhere),
        cmocka_unit_test(test_nscore_judge_cases),
        cmocka_unit_test(test_nscore_wide_through_cli),
        cmocka_unit_test(test_nscore_errors),
        cmocka_unit_test(test_hist_thread_counts),
        cmocka_unit_test(test_hist_output_errors),
        cmocka_unit_test(test_isa_override),
    };
    return hs_run_tests(tests, NULL, NULL);
}
