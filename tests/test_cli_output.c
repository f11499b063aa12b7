/* The output layer, run as a user would: every file a command writes appears whole or not at
 * all, together; links, long names, modes and devices are handled; two outputs naming one file
 * are refused; a full or closed standard output is an error; the input cap is exact. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_assert.h"

/* A fresh folder, and a path inside it. */
static void fresh_dir(char dir[64]) {
    strcpy(dir, "/tmp/hs_output.XXXXXX");
    assert_non_null(mkdtemp(dir));
}

static char *in_dir(const char *dir, const char *name) {
    static char paths[4][PATH_MAX];
    static int which = 0;
    char *p = paths[which++ % 4];
    snprintf(p, PATH_MAX, "%s/%s", dir, name);
    return p;
}

static void write_text(const char *path, const char *text) {
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
}

static void remove_dir(const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlink(in_dir(dir, e->d_name));
    closedir(d);
    rmdir(dir);
}

/* One unwritable destination: nothing is written, the existing file keeps its contents. */
static void test_all_or_nothing(void **state) {
    (void)state;
    char dir[64];
    fresh_dir(dir);
    char *old = in_dir(dir, "old.csv");
    write_text(old, "OLD\n");
    cli_result r = RUN(NULL, "crib", "hist", "-o", old, "--components", "/nonexistent/c.csv");
    assert_int_equal(r.status, 3);
    assert_contains(r.err, "cannot write '/nonexistent/c.csv'");
    cli_result_free(&r);
    char *now = read_file(old, NULL);
    assert_string_equal(now, "OLD\n");
    free(now);
    assert_int_equal(dir_entries(dir), 1);
    remove_dir(dir);
}

/* -o through a link writes the link's target and leaves the link; the mode is kept. */
static void test_links_modes_and_long_names(void **state) {
    (void)state;
    char dir[64];
    fresh_dir(dir);
    /* a link to the standard output descriptor */
    char *fd_link = in_dir(dir, "L");
    assert_int_equal(symlink("/proc/self/fd/1", fd_link), 0);
    cli_result r = RUN(NULL, "crib", "throw-table", "-o", fd_link);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "ranks,suits,combos,crib_sum,cases,crib_ev,crib_ev_exact\nA-A,pair,");
    cli_result_free(&r);
    struct stat st;
    assert_int_equal(lstat(fd_link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    /* a relative link to a regular file with its own mode */
    char *target = in_dir(dir, "target.csv"), *link = in_dir(dir, "link.csv");
    write_text(target, "OLD\n");
    chmod(target, 0640);
    assert_int_equal(symlink("target.csv", link), 0);
    r = RUN(NULL, "crib", "throw-table", "-o", link);
    assert_int_equal(r.status, 0);
    cli_result_free(&r);
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(stat(target, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    char *text = read_file(target, NULL);
    assert_true(strncmp(text, "ranks,suits,", 12) == 0);
    free(text);
    /* a name of NAME_MAX bytes */
    char name[NAME_MAX + 1];
    memset(name, 'n', NAME_MAX);
    name[NAME_MAX] = '\0';
    r = RUN(NULL, "crib", "throw-table", "-o", in_dir(dir, name));
    if (r.status != 0)
        fail_msg("a %d-byte name: exit %d: %s", NAME_MAX, r.status, r.err);
    cli_result_free(&r);
    assert_int_equal(dir_entries(dir), 4); /* L, target, link, the long name: no temporaries */
    remove_dir(dir);
}

/* Two outputs naming one file, in any spelling, are refused before any work. */
static void test_same_file_refused(void **state) {
    (void)state;
    char dir[64];
    fresh_dir(dir);
    char same[PATH_MAX], dotted[PATH_MAX], alias[PATH_MAX], matrix[PATH_MAX];
    snprintf(same, sizeof same, "%s/same.csv", dir);
    snprintf(dotted, sizeof dotted, "%s/./same.csv", dir);
    snprintf(alias, sizeof alias, "%s/alias.csv", dir);
    snprintf(matrix, sizeof matrix, "%s/m.csv", dir);
    const char *const cases[][9] = {
        {"holdem", "preflop", "-o", same, "--checkpoint", same},
        {"holdem", "preflop", "-o", same, "--matrix", dotted},
        {"holdem", "preflop", "-o", matrix, "--matrix", alias, "--checkpoint", same},
        {"crib", "deals", "-o", same, "--combined", dotted},
        {"crib", "deals", "-o", alias, "--patterns", same},
        {"crib", "hist", "-o", same, "--components", same},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        /* a link to a file that does not exist yet, then to one that exists */
        for (int exists = 0; exists < 2; exists++) {
            unlink(alias);
            assert_int_equal(symlink("same.csv", alias), 0);
            if (exists)
                write_text(same, "OLD\n");
            double start = (double)time(NULL);
            cli_result r = cli_run(cases[i], NULL);
            if (r.status != 2 || strstr(r.err, "are the same file") == NULL)
                fail_msg("case %zu (exists %d): exit %d: %s", i, exists, r.status, r.err);
            assert_true((double)time(NULL) - start < 3);
            cli_result_free(&r);
            assert_int_equal(dir_entries(dir), 1 + exists);
            if (exists) {
                char *now = read_file(same, NULL);
                assert_string_equal(now, "OLD\n");
                free(now);
                unlink(same);
            }
        }
    }
    remove_dir(dir);
}

/* A folder as -o fails at once: no long run, no checkpoint left. */
static void test_directory_output(void **state) {
    (void)state;
    char dir[64];
    fresh_dir(dir);
    char *ckpt = in_dir(dir, "p.ckpt");
    cli_result r = RUN(NULL, "holdem", "preflop", "-o", dir, "--checkpoint", ckpt);
    assert_int_equal(r.status, 3);
    assert_contains(r.err, "Is a directory");
    cli_result_free(&r);
    assert_int_equal(dir_entries(dir), 0);
    r = RUN(NULL, "crib", "hist", "-o", dir);
    assert_int_equal(r.status, 3);
    cli_result_free(&r);
    assert_int_equal(dir_entries(dir), 0);
    remove_dir(dir);
}

/* Every command, with standard output full or closed, exits 3 with a message. */
static void test_stdout_errors(void **state) {
    (void)state;
    const char *const commands[][14] = {
        {"crib", "score", "5H", "5C", "5S", "JD", "5D"},
        {"crib", "score", "--csv", "5H", "5C", "5S", "JD", "5D"},
        {"crib", "nscore"},
        {"crib", "hist"},
        {"crib", "discard", "2C", "3H", "4D", "5D", "5S", "JS"},
        {"crib", "throw-table"},
        {"crib", "deals", "--threads", "2"},
        {"poker", "rank", "AS", "KS", "QS", "JS", "TS"},
        {"poker", "compare", "AS", "AD", "KC", "KD", "2S", "--", "QS", "QH", "QD", "3C", "3H"},
        {"poker", "pe54"},
        {"poker", "hist", "--cards", "5"},
        {"poker", "matchups"},
        {"poker", "matchups", "--hand", "AS KS QS JS TS"},
        {"holdem", "equity", "AhAd", "KsKc", "--board", "2c3d4h"},
        {"holdem", "equity", "--batch", "--csv"},
        {"holdem", "equity", "AhAd", "KsKc", "--samples", "1000"},
        {"shortdeck", "rank", "AS", "KS", "QS", "JS", "TS"},
        {"omaha", "equity", "AhAdKsQs", "9h8h7c6c", "--board", "2c3d4h"},
        {"omaha", "rank", "AH", "2H", "KS", "QS", "--", "3H", "4D", "8H"},
        {"shortdeck", "hist", "--cards", "5"},
        {"shortdeck", "equity", "AhKh", "QsQd", "--board", "6c7c8c"},
        {"crib", "peg", "5H", "5D", "5S", "JC", "--", "TH", "TD", "JS", "QC"},
        {"crib", "discard", "--pegging", "2C", "3H", "4D", "5D", "5S", "JS"},
        {"holdem", "preflop3", "--classes", "AA,KK", "-o", "-"},
        {"lowball", "rank", "--a5", "AS", "2D", "3C", "4H", "5S"},
        {"lowball", "hist", "--27"},
        {"stud", "equity", "Ah Kd Qc Js Th 2c", "Ac Kh Qd Jc Ts 2d"},
        {"stud", "equity", "--hilo", "--csv", "Ah 2d 3c 4s 5h", "Kh Kd Qc Qs Jh"},
        {"razz", "equity", "Ah 2d 3c 4s 5h Kd", "6s 7c 8s 9c Th Jd"},
        {"holdem", "hits", "QQ+,AKs", "--board", "Kh7d2c"},
        {"holdem", "hits", "AKs", "--flops", "--csv"},
        {"holdem", "equity-dist", "QQ+,AKs", "JJ-99,AQs+", "--board", "Kh7d2c"},
        {"query", "select histogram(handType(h, river)) from h=AhKh, v=QsQd, board=Qh7h2c"},
        {"query", "--csv", "select avg(riverEquity(h)) from h=AhKh, v=QsQd, board=Qh7h2c"},
        {"badugi", "rank", "AC 2D 3H 4S"},
        {"badugi", "hist"},
        {"draw", "odds", "--game", "27", "7S 5D 3C 2H"},
        {"draw", "discard", "--game", "27", "7S 5D 3C 2H KD"},
        {"draw", "table", "--game", "27"},
        {"draw", "equity", "--game", "27", "7S 5D 3C 2H KD:KD", "8C 6D 4H 3S QS:QS"},
        {"draw", "equity", "--game", "27", "7S 5D 3C 2H KD", "8C 6D 4H 3S QS", "--draws", "2",
         "--policy", "stand:9"},
        {"omaha", "range", "AA:$ds"},
        {"holdem", "range", "AKs:0.5,QQ+", "--to", "pio"},
        {"holdem", "filter", "random", "--vs", "20%", "--board", "Kh7d2c", "--min-equity", "0.5"},
        {"holdem", "matrix", "AA,KK", "--vs", "QQ", "--board", "Kh7d2c"},
        {"holdem", "hits", "AKs", "--flops", "--folded", "QQ+", "--csv"},
        {"bench", "--quick"},
        {"bench", "--quick", "--json"},
        {"query", "--csv"}, /* one query per line of standard input */
        /* only closed here: full, they run the whole job */
        {"holdem", "vs-random", "-o", "-"},
        {"holdem", "vs-random", "--samples", "2000", "--opponents", "4", "-o", "-"},
        {"holdem", "preflop", "-o", "-"},
        {"crib", "peg-table", "-o", "-"},
    };
    const size_t n = sizeof commands / sizeof commands[0];
    /* In a folder of their own: a long job whose output is lost keeps its finished counts in a
     * checkpoint in the current folder (crib_deals.ckpt, ...), which --resume would write out. */
    char cwd[PATH_MAX], work[64];
    assert_non_null(getcwd(cwd, sizeof cwd));
    fresh_dir(work);
    assert_int_equal(chdir(work), 0);
    for (size_t i = 0; i < n; i++) {
        for (int closed = 0; closed < 2; closed++) {
            if (i >= n - 4 && !closed)
                continue;
            const char *input = strcmp(commands[i][1], "nscore") == 0 ? "5\nA 2 3 4 5\n"
                                : strcmp(commands[i][1], "pe54") == 0
                                    ? "5H 5C 6S 7S KD 2C 3S 8S 8D TD\n"
                                : strcmp(commands[i][1], "equity") == 0 ? "AA | KK board=2c3d4h\n"
                                : strcmp(commands[i][0], "query") == 0
                                    ? "select count(winsHi(h)) from h=AA, v=KK, board=2c3d4h\n"
                                    : NULL;
            cli_result r =
                cli_run_stdout(commands[i], input, closed ? CLI_STDOUT_CLOSED : CLI_STDOUT_FULL);
            if (r.status != 3 || strstr(r.err, "cannot write standard output") == NULL)
                fail_msg("%s %s (stdout %s): exit %d: %s", commands[i][0], commands[i][1],
                         closed ? "closed" : "full", r.status, r.err);
            cli_result_free(&r);
        }
    }
    /* the work is kept only for the long jobs, and only when it was done */
    /* crib_deals.ckpt, poker_matchups.ckpt, holdem_preflop3.ckpt */
    assert_int_equal(dir_entries(work), 3);
    cli_result resumed = cli_run_stdout(
        (const char *const[]){"poker", "matchups", "--resume", NULL}, NULL, CLI_STDOUT_CAPTURE);
    assert_int_equal(resumed.status, 0);
    assert_contains(resumed.out, "class,category,hands,wins,ties,losses\n");
    assert_contains(resumed.err, "resuming from 'poker_matchups.ckpt' with 304 of 304 units done");
    cli_result_free(&resumed);
    assert_int_equal(dir_entries(work), 2);
    assert_int_equal(chdir(cwd), 0);
    remove_dir(work);
    /* With standard output closed, no later file takes its place. */
    char dir[64];
    fresh_dir(dir);
    char *combined = in_dir(dir, "c.csv");
    cli_result r =
        cli_run_stdout((const char *const[]){"crib", "deals", "--combined", combined, NULL}, NULL,
                       CLI_STDOUT_CLOSED);
    assert_int_equal(r.status, 3);
    cli_result_free(&r);
    assert_int_equal(dir_entries(dir), 0);
    remove_dir(dir);
}

/* The whole preflop table to a full standard output (a long run: label exhaustive). */
static void test_preflop_full_stdout(void **state) {
    (void)state;
    char dir[64];
    fresh_dir(dir);
    char *ckpt = in_dir(dir, "p.ckpt");
    cli_result r = cli_run_stdout(
        (const char *const[]){"holdem", "preflop", "-o", "-", "--checkpoint", ckpt, NULL}, NULL,
        CLI_STDOUT_FULL);
    assert_int_equal(r.status, 3);
    assert_contains(r.err, "cannot write standard output");
    cli_result_free(&r);
    unlink(ckpt);
    remove_dir(dir);
}

/* At most 256 MiB of input: one byte more is refused, without reading further. */
static void test_input_cap(void **state) {
    (void)state;
    char dir[64];
    fresh_dir(dir);
    char *big = in_dir(dir, "big.txt");
    const off_t cap = (off_t)256 << 20;
    int fd = open(big, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, cap + 1), 0); /* sparse: no disk, no memory */
    close(fd);
    cli_result r = RUN(NULL, "crib", "nscore", big);
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "larger than the 256 MiB limit");
    cli_result_free(&r);
    /* exactly the limit is read (and then refused for its content, not its size) */
    assert_int_equal(truncate(big, cap), 0);
    r = RUN(NULL, "crib", "nscore", big);
    assert_int_equal(r.status, 1);
    if (strstr(r.err, "limit") != NULL)
        fail_msg("256 MiB exactly was refused for its size: %s", r.err);
    cli_result_free(&r);
    unlink(big);
    /* an endless stream stops at the limit */
    time_t start = time(NULL);
    r = RUN(NULL, "crib", "nscore", "/dev/zero");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "larger than the 256 MiB limit");
    assert_true(time(NULL) - start < 20);
    cli_result_free(&r);
    remove_dir(dir);
}

int main(int argc, char **argv) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_or_nothing),    cmocka_unit_test(test_links_modes_and_long_names),
        cmocka_unit_test(test_same_file_refused), cmocka_unit_test(test_directory_output),
        cmocka_unit_test(test_stdout_errors),     cmocka_unit_test(test_input_cap),
    };
    const struct CMUnitTest slow[] = {cmocka_unit_test(test_preflop_full_stdout)};
    if (argc > 1 && strcmp(argv[1], "--slow") == 0)
        return cmocka_run_group_tests(slow, NULL, NULL);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
