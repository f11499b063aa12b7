/* The handstat holdem commands, run as a user would. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_assert.h"
#include "handstat/handstat.h"

static void test_equity_output(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "holdem", "equity", "AhAd", "KsKc", "--csv");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "player,hand,wins,ties,losses,equity,equity_exact\n"
                               "1,AhAd,1388072,6538,317694,0.812554896794,29603/36432\n"
                               "2,KsKc,317694,6538,1388072,0.187445103206,6829/36432\n");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "equity", "AhKh", "QQ", "76s", "--board", "2h 7h Tc");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "deals: 16254, all equally likely");
    assert_contains(r.out, "1390/2709");
    cli_result_free(&r);
    /* Three players splitting: shares in thirds are exact. */
    r = RUN(NULL, "holdem", "equity", "2c2d", "3c3d", "4c4d", "--board", "AsKsQsJsTs", "--csv");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "1,2c2d,0,1,0,0.333333333333,1/3\n");
    cli_result_free(&r);
    /* Hands echo in canonical form, never as typed: a comma inside a hand argument used to be
     * copied into the CSV, giving rows of 8 fields under a header of 7. */
    r = RUN(NULL, "holdem", "equity", "Ah,Kh", "qq", "--csv");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "player,hand,wins,ties,losses,equity,equity_exact\n"
                               "1,AhKh,4708680,44529,5520615,0.460485258459,1051321/2283072\n"
                               "2,QQ,5520615,44529,4708680,0.539514741541,1231751/2283072\n");
    cli_result_free(&r);
}

/* Weights: a deal counts the product of its hands' weights (each range's divided by their gcd). */
static void test_equity_weights(void **state) {
    (void)state;
    /* One weight throughout is no weight at all: the same counts as without. */
    cli_result r = RUN(NULL, "holdem", "equity", "AhAd@40", "KsKc", "--csv");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "1,AhAd@40,1388072,6538,317694,0.812554896794,29603/36432\n");
    cli_result_free(&r);
    /* AA@50,KK against QQ on 2c7d9h: AA's 6 x 1 pairs count 1 each (50/50), KK's 6 count 2. */
    r = RUN(NULL, "holdem", "equity", "AA@50,KK", "QQ", "--board", "2c7d9h");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "weighted deals: 106920 (each deal weighs the product");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "equity", "KhKd,KhKs", "QQ", "--board", "Kh 7c 2d");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "hand 1: every combination of 'KhKd,KhKs' meets the board or the dead");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "equity", "AA@0", "KK");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "'AA@0'");
    cli_result_free(&r);
}

/* --batch: one request per line, bad lines reported by number, the others answered. */
static void test_equity_batch(void **state) {
    (void)state;
    const char *input = "AhAd | KsKc\n"
                        "# a comment line\n"
                        "AA | ZZ\n"
                        "Ah,Kh | qq board=2c 7d 9h dead=Js\n"
                        "AhKh | AhQh\n"
                        "AA\n";
    cli_result r = RUN(input, "holdem", "equity", "--batch", "--csv");
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "line,player,hand,wins,ties,losses,equity,equity_exact\n"
                               "1,1,AhAd,1388072,6538,317694,0.812554896794,29603/36432\n"
                               "1,2,KsKc,317694,6538,1388072,0.187445103206,6829/36432\n"
                               "4,1,AhKh,1623,0,4053,0.285940803383,541/1892\n"
                               "4,2,QQ,4053,0,1623,0.714059196617,1351/1892\n");
    assert_contains(r.err, "line 3: hand 2: 'ZZ'");
    assert_contains(r.err, "line 5: hand 2: AH is already in another hand");
    assert_contains(r.err, "line 6: expected 2 to 9 hands");
    cli_result_free(&r);
    /* text blocks, from a file argument that does not exist */
    r = RUN(NULL, "holdem", "equity", "--batch", "/nonexistent/requests.txt");
    assert_int_equal(r.status, 3);
    cli_result_free(&r);
    r = RUN("AA | KK board=2c\n", "holdem", "equity", "--batch");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "line 1\nboard: 2C");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "equity", "--batch", "AA", "KK");
    assert_int_equal(r.status, 2);
    cli_result_free(&r);
}

/* --folded: the exact counts with the folded hands out of play and the equity without them;
 * past the exact bound an estimate that says so; more than 8 refused. */
static void test_equity_folded(void **state) {
    (void)state;
    cli_result a = RUN(NULL, "holdem", "equity", "AhAd", "KsKc", "--folded", "QQ+", "--csv");
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, "player,hand,wins,ties,losses,equity,equity_exact,equity_unfolded,"
                               "equity_unfolded_exact\n"
                               "1,AhAd,9016876,50542,1898614,0.824559603693,1004683/1218448,"
                               "0.812554896794,29603/36432\n"
                               "2,KsKc,1898614,50542,9016876,0.175440396307,213765/1218448,"
                               "0.187445103206,6829/36432\n");
    cli_result_free(&a);
    a = RUN(NULL, "holdem", "equity", "AhAd", "KsKc", "--folded", "QQ+");
    assert_int_equal(a.status, 0);
    assert_contains(a.out, "folded: QQ+ (18 folded hands or tuples off the known cards, 9 solved)");
    assert_contains(a.out, "unfolded");
    cli_result_free(&a);
    a = RUN(NULL, "holdem", "equity", "random", "random", "random", "--folded", "random",
            "--folded", "random", "--threads", "2");
    assert_int_equal(a.status, 0);
    assert_contains(a.out, "exact refused: ");
    assert_contains(a.out, "ESTIMATE from 1000000 sampled deals (seed 1), not exact");
    cli_result_free(&a);
    a = RUN(NULL, "holdem", "equity", "AA", "KK", "--folded", "QQ", "--samples", "5000", "--csv");
    assert_int_equal(a.status, 0);
    assert_contains(a.out, "player,hand,samples,wins,ties,losses,equity,std_error,kind,"
                           "equity_unfolded,std_error_unfolded\n1,AA,5000,");
    cli_result_free(&a);
    a = RUN(NULL, "holdem", "equity", "AA", "KK", "--folded", "22", "--folded", "33", "--folded",
            "44", "--folded", "55", "--folded", "66", "--folded", "77", "--folded", "88",
            "--folded", "99", "--folded", "TT");
    assert_int_equal(a.status, 2);
    assert_contains(a.err, "--folded is given more than 8 times");
    assert_string_equal(a.out, "");
    cli_result_free(&a);
}

/* --samples: an estimate, labelled so, the same at any thread count for one seed, within a few
 * standard errors of the exact equity (AhAd vs KsKc: 29603/36432 = 0.81255...). */
static void test_equity_samples(void **state) {
    (void)state;
    cli_result a = RUN(NULL, "holdem", "equity", "AhAd", "KsKc", "--samples", "200000", "--seed",
                       "5", "--csv", "--threads", "1");
    cli_result b = RUN(NULL, "holdem", "equity", "AhAd", "KsKc", "--samples", "200000", "--seed",
                       "5", "--csv", "--threads", "2");
    assert_int_equal(a.status, 0);
    assert_int_equal(b.status, 0);
    assert_string_equal(a.out, b.out);
    assert_contains(a.out, "player,hand,samples,wins,ties,losses,equity,std_error,kind\n1,AhAd,"
                           "200000,");
    assert_contains(a.out, ",estimate\n2,KsKc,200000,");
    double eq = 0, se = 0;
    const char *row = strstr(a.out, "\n1,AhAd,");
    assert_non_null(row);
    /* 1,AhAd,200000,wins,ties,losses,equity,std_error,estimate */
    const char *f = row + 1;
    for (int comma = 0; comma < 6; comma++)
        f = strchr(f, ',') + 1;
    assert_int_equal(sscanf(f, "%lf,%lf", &eq, &se), 2);
    assert_true(se > 0 && se < 0.002);
    assert_true(eq > 29603.0 / 36432 - 5 * se && eq < 29603.0 / 36432 + 5 * se);
    cli_result_free(&a);
    cli_result_free(&b);
    a = RUN(NULL, "holdem", "equity", "AA", "KK", "--samples", "1000");
    assert_int_equal(a.status, 0);
    assert_contains(a.out, "ESTIMATE from 1000 sampled deals (seed 1), not exact");
    cli_result_free(&a);
    const char *bad[][6] = {{"--samples", "0"},
                            {"--samples", "x"},
                            {"--samples", "-5"},
                            {"--seed", "3"},
                            {"--samples", "10", "--seed", "1e3"},
                            {"--samples", "8000000000000000000"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cli_result r = cli_run((const char *const[]){"holdem", "equity", "AA", "KK", bad[i][0],
                                                     bad[i][1], bad[i][2], bad[i][3], NULL},
                               NULL);
        assert_int_equal(r.status, 2);
        cli_result_free(&r);
    }
    a = RUN(NULL, "holdem", "equity", "AhKh", "AhQh", "AsKs", "--samples", "10");
    assert_int_equal(a.status, 1);
    cli_result_free(&a);
}

static void test_equity_errors(void **state) {
    (void)state;
    struct {
        const char *args[6];
        int status;
        const char *message;
    } cases[] = {
        {{"AhAd"}, 2, "expected 2 to 9 hands, got 1"},
        {{"AX", "QQ"}, 1, "hand 1: 'AX' is not two cards, a class or a range item"},
        {{"AhAd", "AhKd"}, 1, "hand 2: AH is already in another hand"},
        {{"AhAd", "KK", "--board", "Ah 2c 3c"}, 1, "hand 1: AH is already in the board"},
        {{"AhAd", "KK", "--board", "2c 3c 4c 5c 6c 7c"},
         1,
         "--board: '2c 3c 4c 5c 6c 7c' is 6 cards"},
        {{"AhAd", "KK", "--board", "2c", "--dead", "2c"}, 1, "2C is both a board card and a dead"},
        {{"AA", "AA", "AA"}, 1, "no deal is possible"},
        {{"AhAd", "Kx"}, 1, "hand 2: 'Kx' is not two cards, a class or a range item"},
        {{"AhAd", "KK", "--bogus"}, 2, "unknown option '--bogus'"},
        {{"AhAd", "KK", "--threads", "0"}, 2, "--threads takes a whole number"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *argv[9] = {"holdem", "equity"};
        for (int k = 0; k < 6 && cases[i].args[k] != NULL; k++)
            argv[2 + k] = cases[i].args[k];
        cli_result r = cli_run(argv, NULL);
        assert_int_equal(r.status, cases[i].status);
        assert_contains(r.err, cases[i].message);
        assert_string_equal(r.out, "");
        cli_result_free(&r);
    }
    cli_result r =
        RUN(NULL, "holdem", "equity", "AA", "KK", "QQ", "JJ", "TT", "99", "88", "77", "66", "55");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "expected 2 to 9 hands, got 10");
    cli_result_free(&r);
}

/* Nine class hands: about 5e9 choices of hands, far too many to finish; the work units are
 * coarse, and still SIGINT stops the run at once (exit 130) with bounded memory. */
static void test_huge_query_stops_at_once(void **state) {
    (void)state;
    static const char *const ARGS[] = {"holdem", "equity", "AKo", "QJo", "T9o",       "87o", "65o",
                                       "43o",    "A2o",    "KQo", "JTo", "--threads", "2",   NULL};
    double seconds;
    assert_int_equal(cli_run_interrupted(ARGS, &seconds), 130);
    assert_true(seconds <= 3.0);
}

static void test_preflop_arguments(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "holdem", "preflop", "--resume", "--checkpoint", "/nonexistent/x");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "cannot resume: cannot open checkpoint '/nonexistent/x'");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "preflop", "-o", "/nonexistent/dir/p.csv");
    assert_int_equal(r.status, 3);
    assert_contains(r.err, "cannot write '/nonexistent/dir/p.csv'");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "preflop", "-o", "/dev/null", "--checkpoint", "-");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--checkpoint takes a file name, not '-'");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "preflop", "--threads", "x");
    assert_int_equal(r.status, 2);
    cli_result_free(&r);
}

/* A bad command line, output or checkpoint of a long job: each case's exit status and message,
 * nothing on standard output. */
typedef struct arg_case {
    const char *args[5];
    int status;
    const char *message;
} arg_case;

static void check_arg_cases(const char *command, const arg_case *cases, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const char *argv[8] = {"holdem", command};
        for (int k = 0; k < 5 && cases[i].args[k] != NULL; k++)
            argv[2 + k] = cases[i].args[k];
        cli_result r = cli_run(argv, NULL);
        assert_int_equal(r.status, cases[i].status);
        assert_contains(r.err, cases[i].message);
        assert_string_equal(r.out, "");
        cli_result_free(&r);
    }
}

/* vs-random: its documented exit codes for bad command lines, outputs and checkpoints. */
static void test_vs_random_arguments(void **state) {
    (void)state;
    const arg_case cases[] = {
        {{"--bogus"}, 2, "unknown option '--bogus'"},
        {{"AA"}, 2, "unexpected argument 'AA'"},
        {{"--threads", "0"}, 2, "--threads takes a whole number"},
        {{"-o"}, 2, "needs a value"},
        {{"-o", "/dev/null", "--checkpoint", "-"}, 2, "--checkpoint takes a file name, not '-'"},
        {{"-o", "/nonexistent/dir/v.csv"}, 3, "cannot write '/nonexistent/dir/v.csv'"},
        {{"--resume", "--checkpoint", "/nonexistent/x"},
         1,
         "cannot resume: cannot open checkpoint"},
        {{"--opponents", "4"}, 2, "--opponents: '4': exact only up to 3 opponents"},
        {{"--opponents", "1-9"}, 2, "--opponents: '1-9': exact only up to 3 opponents"},
        {{"--opponents", "0"}, 2, "--opponents: '0' is not a count 1..3"},
        {{"--opponents", "2-1"}, 2, "'2-1' is not a count 1..3"},
        {{"--opponents", "1,,3"}, 2, "'' is not a count 1..3"},
        {{"--opponents", "1-"}, 2, "'1-' is not a count 1..3"},
        {{"--opponents", "x"}, 2, "'x' is not a count 1..3"},
        {{"--opponents"}, 2, "needs a value"},
        {{"--samples", "0"}, 2, "--samples: '0' is not a whole number 1..10000000000"},
        {{"--samples", "1e6"}, 2, "--samples: '1e6' is not a whole number"},
        {{"--samples", "10000000001"}, 2, "--samples: '10000000001' is not a whole number"},
        {{"--samples", ""}, 2, "--samples: '' is not a whole number"},
        {{"--seed", "5"}, 2, "--seed: only with --samples"},
        {{"--samples", "10", "--seed", "-1"}, 2, "--seed: '-1' is not a whole number"},
        {{"--samples", "10", "--seed", "18446744073709551616"}, 2, "is not a whole number"},
        {{"--samples", "10", "--opponents", "10"}, 2, "'10' is not a count 1..9"},
        {{"--samples", "10", "--opponents", "0"}, 2, "'0' is not a count 1..9"},
        {{"--samples", "10", "--opponents", "3-10"}, 2, "'3-10' is not a count 1..9"},
        {{"--classes", "AA,XX"}, 2, "--classes: 'XX' is not a starting-hand class"},
        {{"--classes", "AA,,KK"}, 2, "--classes: an empty item in 'AA,,KK'"},
    };
    check_arg_cases("vs-random", cases, sizeof cases / sizeof cases[0]);
}

/* vs-random --samples: the documented columns, one row per class and count, marked estimates;
 * the same bytes at one and two threads, and a count's rows the same whatever else is asked. */
static void test_vs_random_sampled(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_vs_sampled.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char one[300], two[300], four[300];
    snprintf(one, sizeof one, "%s/one.csv", dir);
    snprintf(two, sizeof two, "%s/two.csv", dir);
    snprintf(four, sizeof four, "%s/four.csv", dir);
    cli_result r = RUN(NULL, "holdem", "vs-random", "--samples", "3000", "--opponents", "1,4,9",
                       "--threads", "1", "-o", one);
    assert_int_equal(r.status, 0);
    assert_contains(r.err, "holdem vs-random --samples: ESTIMATE from 3000 sampled deals per "
                           "opponent count (seed 1)");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "vs-random", "--samples", "3000", "--opponents", "9,1,4", "--threads",
            "2", "-o", two, "--quiet");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, "");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "vs-random", "--samples=3000", "--opponents", "4", "--seed", "1", "-o",
            four, "--quiet");
    assert_int_equal(r.status, 0);
    cli_result_free(&r);
    size_t len1, len2, len4;
    char *a = read_file(one, &len1), *b = read_file(two, &len2), *c = read_file(four, &len4);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    assert_int_equal(len1, len2);
    assert_memory_equal(a, b, len1);
    const char *head = "class,opponents,samples,wins,ties,losses,equity,std_error,kind\n";
    assert_memory_equal(a, head, strlen(head));
    size_t lines = 0, estimates = 0;
    for (size_t i = 0; i < len1; i++)
        lines += a[i] == '\n';
    for (const char *p = a; (p = strstr(p, ",estimate\n")) != NULL; p++)
        estimates++;
    assert_int_equal(lines, 1 + 3 * 169);
    assert_int_equal(estimates, 3 * 169);
    /* Every "X,4," row of the 1,4,9 table is the 4-only table's row. */
    for (const char *p = strstr(c, "\n"); p != NULL && p[1] != '\0'; p = strchr(p + 1, '\n')) {
        const char *end = strchr(p + 1, '\n');
        assert_non_null(end);
        char row[200];
        snprintf(row, sizeof row, "%.*s", (int)(end - p + 1), p);
        assert_non_null(strstr(a, row));
    }
    free(a);
    free(b);
    free(c);
    assert_int_equal(unlink(one), 0);
    assert_int_equal(unlink(two), 0);
    assert_int_equal(unlink(four), 0);
    /* -o into a missing folder: exit 3 before any work. */
    r = RUN(NULL, "holdem", "vs-random", "--samples", "10", "-o", "/nonexistent/dir/v.csv");
    assert_int_equal(r.status, 3);
    assert_contains(r.err, "cannot write '/nonexistent/dir/v.csv'");
    cli_result_free(&r);
    /* Ctrl-C mid-job: exit 130, no CSV, the work saved; resuming with another seed is refused. */
    char ckpt[300];
    snprintf(ckpt, sizeof ckpt, "%s/one.ckpt", dir);
    const char *const long_run[] = {"holdem",      "vs-random", "--samples", "10000000000",
                                    "--opponents", "9",         "--threads", "2",
                                    "-o",          one,         "--quiet",   NULL};
    double seconds;
    assert_int_equal(cli_run_interrupted(long_run, &seconds), 130);
    assert_int_equal(access(one, F_OK), -1);
    assert_int_equal(access(ckpt, F_OK), 0);
    r = RUN(NULL, "holdem", "vs-random", "--samples", "10000000000", "--opponents", "9", "--seed",
            "2", "-o", one, "--resume");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "cannot resume");
    cli_result_free(&r);
    assert_int_equal(access(one, F_OK), -1);
    assert_int_equal(unlink(ckpt), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* The whole vs-random table (seconds; its own ctest entry, --vs-random-table): header, the AA
 * rows (the exact 893604787/1048786200 of AA against one random hand), 338 rows, no checkpoint
 * left behind. */
static void test_vs_random_table(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_vs_random.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char out[300], ckpt[300];
    snprintf(out, sizeof out, "%s/v.csv", dir);
    snprintf(ckpt, sizeof ckpt, "%s/v.ckpt", dir);
    cli_result r = RUN(NULL, "holdem", "vs-random", "--threads", "2", "-o", out);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    assert_contains(r.err, "holdem vs-random: 134459 boards up to suit permutation");
    cli_result_free(&r);
    size_t len;
    char *csv = read_file(out, &len);
    assert_non_null(csv);
    const char *want = "class,opponents,deals,wins,ties,losses,equity,equity_exact\n"
                       "AA,1,12585434400,10689050508,68413872,1827970020,0.852037133021,"
                       "893604787/1048786200\n"
                       "AA,2,11364647263200,8319507343296,64329597864,2980810322040,"
                       "0.734352473476,347735701163/473526969300\n"
                       "AKs,1,";
    assert_memory_equal(csv, want, strlen(want));
    size_t lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += csv[i] == '\n';
    assert_int_equal(lines, 1 + 2 * 169);
    assert_int_equal(csv[len - 1], '\n');
    free(csv);
    assert_int_equal(access(ckpt, F_OK), -1);
    assert_int_equal(unlink(out), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* preflop3: its documented exit codes for bad command lines, outputs and checkpoints; a small
 * table's rows, exact fractions and counts (AA, KK, QQ: the brute-force reference of
 * test_holdem_preflop3 gives the same counts); no checkpoint left behind. */
static void test_preflop3(void **state) {
    (void)state;
    const arg_case cases[] = {
        {{"--classes", "AA,XX"}, 2, "'XX' is not a starting-hand class"},
        {{"--classes", "AA,aa"}, 2, "'aa' is given twice"},
        {{"--classes", "AhKd"}, 2, "'AhKd' is not a starting-hand class"},
        {{"--classes", "AA,,KK"}, 2, "an empty item in 'AA,,KK'"},
        {{"--classes", "AK"}, 2, "'AK' is not a starting-hand class"},
        {{"--classes"}, 2, "needs a value"},
        {{"KK"}, 2, "unexpected argument 'KK'"},
        {{"--threads", "0"}, 2, "--threads takes a whole number"},
        {{"--classes", "AA", "-o", "/nonexistent/dir/p.csv"},
         3,
         "cannot write '/nonexistent/dir/p.csv'"},
        {{"--resume", "--checkpoint", "/nonexistent/x"},
         1,
         "cannot resume: cannot open checkpoint"},
    };
    check_arg_cases("preflop3", cases, sizeof cases / sizeof cases[0]);
    char dir[] = "/tmp/hs_preflop3.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char out[300], ckpt[300];
    snprintf(out, sizeof out, "%s/p.csv", dir);
    snprintf(ckpt, sizeof ckpt, "%s/p.ckpt", dir);
    cli_result r = RUN(NULL, "holdem", "preflop3", "--classes", " qq, KK ,AA", "-o", out);
    assert_int_equal(r.status, 0);
    assert_contains(r.err, "holdem preflop3: 10 triples of 3 classes");
    cli_result_free(&r);
    size_t len;
    char *csv = read_file(out, &len);
    assert_non_null(csv);
    /* AA AA AA, KK KK KK and QQ QQ QQ have no deals: seven rows */
    const char *want =
        "class_a,class_b,class_c,deals,equity_a,equity_b,equity_c,equity_a_exact,equity_b_exact,"
        "equity_c_exact,wins_a,wins_b,wins_c,ties_ab,ties_ac,ties_bc,ties_abc\n"
        "AA,AA,KK,49347144,0.397850136981,0.397850136981,0.204299726039,19024/47817,19024/47817,"
        "9769/47817,1005804,1005804,10012176,37115064,0,0,208296\n";
    assert_memory_equal(csv, want, strlen(want));
    assert_non_null(strstr(csv, "\nAA,KK,QQ,296082864,0.669793291381,0.177457321542,"
                                "0.152749387077,5508731/8224524,66341/373842,1256291/8224524,"
                                "197872740,52100496,44784900,0,0,0,1324728\n"));
    size_t lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += csv[i] == '\n';
    assert_int_equal(lines, 1 + 7);
    free(csv);
    assert_int_equal(access(ckpt, F_OK), -1);
    assert_int_equal(unlink(out), 0);
    assert_int_equal(rmdir(dir), 0);
}

static void test_help_everywhere(void **state) {
    (void)state;
    const char *const commands[][4] = {{"holdem", "--help"},
                                       {"holdem", "equity", "--help"},
                                       {"holdem", "preflop", "--help"},
                                       {"holdem", "preflop3", "--help"},
                                       {"holdem", "vs-random", "--help"}};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        cli_result r = cli_run(commands[i], NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.out, "usage: handstat holdem");
        cli_result_free(&r);
    }
}

/* Three opponents against `holdem equity AA random random random` on a 16-card deck (the other
 * cards dead; half a minute of CPU, its own ctest entry, --vs-random-equity): the CLI's exact
 * equity of AA is the fraction of the library's vs-random counts on that deck. */
static void test_vs_random_equity(void **state) {
    (void)state;
    static const char DECK[] = "Ac Ad Ah As Kc Kd Qh Qs Jh Th 9h 8h 2c 3c 4d 5s";
    uint64_t live = 0;
    char dead[200] = "";
    for (int card = 0; card < HS_CARDS; card++) {
        char name[3] = {"A23456789TJQK"[hs_card_rank(card)], "cdhs"[hs_card_suit(card)], 0};
        if (strstr(DECK, name) != NULL) {
            live |= hs_card_bit(card);
        } else {
            strcat(dead, name);
            strcat(dead, " ");
        }
    }
    hs_holdem_preflop *table;
    assert_int_equal(hs_holdem_preflop_new(&table), HS_OK);
    hs_holdem_vs_random_counts *c = calloc(1, sizeof *c);
    assert_int_equal(hs_holdem_vs_random_deck(table, live, 3, c), HS_OK);
    /* AA is class 0: shares / (deals x 2520), reduced. */
    hs_uint128 num = c->vs3[0].shares,
               den = (hs_uint128)hs_holdem_vs_random_deck_deals(0, 3, live) * HS_HOLDEM_SHARE_UNIT;
    hs_uint128 a = num, b = den;
    while (b != 0) {
        const hs_uint128 r = a % b;
        a = b;
        b = r;
    }
    char want[100];
    snprintf(want, sizeof want, "\n1,AA,%llu,%llu,%llu,", (unsigned long long)c->vs3[0].wins,
             (unsigned long long)c->vs3[0].ties, (unsigned long long)c->vs3[0].losses);
    char frac[60];
    snprintf(frac, sizeof frac, ",%llu/%llu\n", (unsigned long long)(num / a),
             (unsigned long long)(den / a));
    free(c);
    hs_holdem_preflop_free(table);
    cli_result r = RUN(NULL, "holdem", "equity", "AA", "random", "random", "random", "--dead", dead,
                       "--csv", "--threads", "2");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, want);
    assert_contains(r.out, frac);
    const char *row = strstr(r.out, want) + 1;
    print_message("holdem equity AA random random random on 16 cards: %.*s\n",
                  (int)(strchr(row, '\n') - row), row);
    cli_result_free(&r);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--vs-random-equity") == 0) {
        const struct CMUnitTest equity[] = {cmocka_unit_test(test_vs_random_equity)};
        return cmocka_run_group_tests(equity, NULL, NULL);
    }
    if (argc > 1 && strcmp(argv[1], "--vs-random-table") == 0) {
        const struct CMUnitTest table[] = {cmocka_unit_test(test_vs_random_table)};
        return cmocka_run_group_tests(table, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_equity_output),     cmocka_unit_test(test_equity_errors),
        cmocka_unit_test(test_equity_weights),    cmocka_unit_test(test_equity_batch),
        cmocka_unit_test(test_equity_samples),    cmocka_unit_test(test_huge_query_stops_at_once),
        cmocka_unit_test(test_preflop_arguments), cmocka_unit_test(test_vs_random_arguments),
        cmocka_unit_test(test_preflop3),          cmocka_unit_test(test_help_everywhere),
        cmocka_unit_test(test_vs_random_sampled), cmocka_unit_test(test_equity_folded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
