/* Every long job interrupted at pseudo-random moments (SIGINT or SIGTERM, several times in a row,
 * with different --threads) and resumed each time writes files byte-identical to the committed
 * results/ (which the `results` test holds to an uninterrupted run). And --resume refuses what is
 * not this job's checkpoint: another job's, another build's, a damaged one; one with a count
 * edited (its checksum recomputed) is caught by the job's invariant check and writes nothing. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_assert.h"
#include "cli_run.h"

static int exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

/* A fixed pseudo-random sequence (the runs are reproducible). */
static uint64_t rng = 0x9E3779B97F4A7C15u;
static long random_between(long lo, long hi) {
    rng = rng * 6364136223846793005u + 1442695040888963407u;
    return lo + (long)((rng >> 33) % (uint64_t)(hi - lo + 1));
}

/* Run handstat with argv (NULL-terminated, no program name), send `sig` after delay_us
 * microseconds (never when sig is 0) and return the wait status. */
static int run_signalled(const char *const *argv, long delay_us, int sig) {
    const char *args[32];
    int n = 0;
    args[n++] = HANDSTAT_BIN;
    for (; argv[n - 1] != NULL && n < 31; n++)
        args[n] = argv[n - 1];
    args[n] = NULL;
    pid_t pid = fork();
    if (pid == 0) {
        if (freopen("/dev/null", "w", stderr) == NULL)
            _exit(126);
        execv(HANDSTAT_BIN, (char *const *)(uintptr_t)args);
        _exit(127);
    }
    if (sig != 0) {
        struct timespec ts = {delay_us / 1000000, (delay_us % 1000000) * 1000};
        nanosleep(&ts, NULL);
        kill(pid, sig);
    }
    int status;
    waitpid(pid, &status, 0);
    return status;
}

/* The classes of results/holdem_preflop3_common.csv (scripts/results.sh): the 13 pairs and 20
 * common unpaired hands. */
/* The pairs AA..33: 12 of the 33 classes of results/holdem_preflop3_common.csv, whose triples
 * are the rows of that file with all three classes among them (a tenth of its time). */
#define HS_PREFLOP3_PAIRS "AA,KK,QQ,JJ,TT,99,88,77,66,55,44,33"

typedef struct job_case {
    const char *name;
    const char *args[12];     /* the command; "@/" stands for the scratch folder */
    const char *outputs[3];   /* files written in the folder ... */
    const char *committed[3]; /* ... and the results/ file each must equal */
    const char *ckpt;         /* the default checkpoint in the folder */
    long min_us, max_us;      /* interrupt after this long */
    const char *rows_of;      /* the committed rows whose first three fields are among these */
} job_case;

static const job_case CASES[] = {
    {"crib deals",
     {"crib", "deals", "-o", "@/hand.csv", "--combined", "@/combined.csv", "--patterns",
      "@/patterns.csv"},
     {"hand.csv", "combined.csv", "patterns.csv"},
     {"crib_deals_hand.csv", "crib_deals_combined.csv", "crib_deals_patterns.csv"},
     "hand.ckpt",
     150000,
     1200000,
     NULL},
    {"poker matchups",
     {"poker", "matchups", "-o", "@/m.csv"},
     {"m.csv", NULL, NULL},
     {"poker_matchups5.csv", NULL, NULL},
     "m.ckpt",
     1000,
     40000,
     NULL},
    {"holdem preflop",
     {"holdem", "preflop", "-o", "@/p.csv"},
     {"p.csv", "p_matrix.csv", NULL},
     {"holdem_preflop.csv", "holdem_preflop_matrix.csv", NULL},
     "p.ckpt",
     200000,
     2500000,
     NULL},
    {"holdem vs-random",
     {"holdem", "vs-random", "-o", "@/v.csv"},
     {"v.csv", NULL, NULL},
     {"holdem_vs_random.csv", NULL, NULL},
     "v.ckpt",
     200000,
     2500000,
     NULL},
    {"holdem preflop3",
     {"holdem", "preflop3", "--classes", HS_PREFLOP3_PAIRS, "-o", "@/p3.csv"},
     {"p3.csv", NULL, NULL},
     {"holdem_preflop3_common.csv", NULL, NULL},
     "p3.ckpt",
     100000,
     1500000,
     HS_PREFLOP3_PAIRS},
    {"crib peg-table",
     {"crib", "peg-table", "-o", "@/peg.csv", "--patterns", "@/peg_patterns.csv"},
     {"peg.csv", "peg_patterns.csv", NULL},
     {"crib_peg_total.csv", "crib_peg_patterns.csv", NULL},
     "peg.ckpt",
     150000,
     1000000,
     NULL},
};

/* argv for case c in folder dir (paths in bufs), plus extra arguments. */
static void case_argv(const job_case *c, const char *dir, char bufs[12][300], const char **argv,
                      const char *const *extra) {
    int n = 0;
    for (int i = 0; i < 12 && c->args[i] != NULL; i++, n++) {
        if (strncmp(c->args[i], "@/", 2) == 0) {
            snprintf(bufs[n], sizeof bufs[n], "%s/%s", dir, c->args[i] + 2);
            argv[n] = bufs[n];
        } else {
            argv[n] = c->args[i];
        }
    }
    for (int i = 0; extra[i] != NULL; i++)
        argv[n++] = extra[i];
    argv[n] = NULL;
}

/* The header and the rows of csv whose first three fields are all in the comma-separated list
 * (heap; the length into *len). */
static char *rows_among(const char *csv, size_t n, const char *list, size_t *len) {
    char *out = malloc(n + 1);
    assert_non_null(out);
    size_t at = 0;
    for (size_t line = 0, start = 0; start < n; line++) {
        const char *end = memchr(csv + start, '\n', n - start);
        const size_t stop = end != NULL ? (size_t)(end - csv) + 1 : n;
        int keep = line == 0, field = 0;
        for (size_t f = start; !keep && field < 3; field++) {
            const char *comma = memchr(csv + f, ',', stop - f);
            assert_non_null(comma);
            char name[8];
            snprintf(name, sizeof name, "%.*s", (int)(comma - (csv + f)), csv + f);
            char padded[64];
            snprintf(padded, sizeof padded, ",%s,", list);
            char item[12];
            snprintf(item, sizeof item, ",%s,", name);
            if (strstr(padded, item) == NULL)
                break;
            if (field == 2)
                keep = 1;
            f = (size_t)(comma - csv) + 1;
        }
        if (keep) {
            memcpy(out + at, csv + start, stop - start);
            at += stop - start;
        }
        start = stop;
    }
    *len = at;
    return out;
}

static void assert_same_as_committed(const job_case *c, const char *dir) {
    for (int k = 0; k < 3 && c->outputs[k] != NULL; k++) {
        char got[300], want[300];
        snprintf(got, sizeof got, "%s/%s", dir, c->outputs[k]);
        snprintf(want, sizeof want, "%s/%s", HS_RESULTS_DIR, c->committed[k]);
        size_t la, lb;
        char *a = read_file(got, &la), *b = read_file(want, &lb);
        if (b != NULL && c->rows_of != NULL) {
            char *rows = rows_among(b, lb, c->rows_of, &lb);
            free(b);
            b = rows;
        }
        if (a == NULL || b == NULL || la != lb || memcmp(a, b, la) != 0)
            fail_msg("%s: %s differs from results/%s", c->name, c->outputs[k], c->committed[k]);
        free(a);
        free(b);
    }
}

static char *make_dir(void) {
    static char dir[64];
    snprintf(dir, sizeof dir, "/tmp/hs_resume.XXXXXX");
    assert_non_null(mkdtemp(dir));
    return dir;
}

static void remove_dir(const char *dir) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void test_interrupted_runs_resume_exactly(void **state) {
    (void)state;
    static const char *const THREADS[] = {"1", "2", "3"};
    for (size_t ci = 0; ci < sizeof CASES / sizeof CASES[0]; ci++) {
        const job_case *c = &CASES[ci];
        const char *dir = make_dir();
        char ckpt[300];
        snprintf(ckpt, sizeof ckpt, "%s/%s", dir, c->ckpt);
        int resume = 0, interrupts = 0, finished = 0;
        for (int attempt = 0; attempt < 40 && !finished; attempt++) {
            /* four interrupts, then let it finish */
            const int sig = interrupts >= 4 ? 0 : (attempt % 2 ? SIGTERM : SIGINT);
            const char *extra[4] = {"--threads", THREADS[attempt % 3], resume ? "--resume" : NULL,
                                    NULL};
            char bufs[12][300];
            const char *argv[20];
            case_argv(c, dir, bufs, argv, extra);
            int status = run_signalled(argv, random_between(c->min_us, c->max_us), sig);
            if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
                finished = 1;
            } else if (WIFEXITED(status) &&
                       WEXITSTATUS(status) == (sig == SIGINT ? 130 : 128 + SIGTERM)) {
                /* stopped: the checkpoint is saved, and nothing else is there: no output, no
                 * temporary */
                assert_true(exists(ckpt));
                assert_int_equal(dir_entries(dir), 1);
                for (int k = 0; k < 3 && c->outputs[k] != NULL; k++) {
                    char out[300];
                    snprintf(out, sizeof out, "%s/%s", dir, c->outputs[k]);
                    assert_false(exists(out));
                }
                resume = 1;
                interrupts++;
            } else if (WIFSIGNALED(status) && WTERMSIG(status) == sig) {
                /* the signal came before the command had set up its handlers (process start-up):
                 * nothing of this run was saved, an earlier checkpoint stays */
                resume = exists(ckpt);
            } else {
                fail_msg("%s: attempt %d: unexpected status %d", c->name, attempt, status);
            }
        }
        assert_true(finished);
        print_message("%s: %d interrupts, resumed each time\n", c->name, interrupts);
        assert_true(interrupts >= 1);
        assert_false(exists(ckpt)); /* removed once every output was written */
        assert_same_as_committed(c, dir);
        remove_dir(dir);
    }
}

/* Interrupted in its first moments (while it builds its board list, before any periodic save),
 * holdem preflop still saves what it has and says so; or, when the signal came before its
 * handlers were set up, it is killed by the signal and leaves nothing. Never a claim of saved
 * progress without the file. */
static void test_interrupt_at_once(void **state) {
    (void)state;
    const long delays_us[] = {20000, 50000, 100000, 150000};
    int saved = 0;
    for (size_t i = 0; i < sizeof delays_us / sizeof delays_us[0]; i++) {
        const char *dir = make_dir();
        char out[300], ckpt[300];
        snprintf(out, sizeof out, "%s/p.csv", dir);
        snprintf(ckpt, sizeof ckpt, "%s/p.ckpt", dir);
        int status = run_signalled((const char *const[]){"holdem", "preflop", "-o", out, NULL},
                                   delays_us[i], SIGINT);
        if (WIFEXITED(status)) {
            assert_int_equal(WEXITSTATUS(status), 130);
            assert_true(exists(ckpt));
            assert_false(exists(out));
            saved++;
            /* and it resumes to the committed table */
            cli_result r = cli_run(
                (const char *const[]){"holdem", "preflop", "-o", out, "--resume", NULL}, NULL);
            assert_int_equal(r.status, 0);
            cli_result_free(&r);
            assert_same_as_committed(&CASES[2], dir);
        } else {
            assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT);
            assert_false(exists(ckpt));
            assert_false(exists(out));
        }
        remove_dir(dir);
        if (saved > 0)
            break;
    }
    assert_true(saved > 0);
}

/* A checkpoint of vs-random against three opponents is refused by a run against one and two
 * (other counts), and the other way round. */
static void test_vs_random_opponents_checkpoint(void **state) {
    (void)state;
    const char *dir = make_dir();
    char out[300], ckpt[300];
    snprintf(out, sizeof out, "%s/v.csv", dir);
    snprintf(ckpt, sizeof ckpt, "%s/v.ckpt", dir);
    const char *const first[2][8] = {
        {"holdem", "vs-random", "--opponents", "3", "-o", out, NULL},
        {"holdem", "vs-random", "-o", out, NULL},
    };
    const char *const second[2][8] = {
        {"holdem", "vs-random", "--opponents", "1,2", "-o", out, "--resume", NULL},
        {"holdem", "vs-random", "--opponents", "1-3", "-o", out, "--resume", NULL},
    };
    for (int i = 0; i < 2; i++) {
        int status = 0;
        /* Stopped after two seconds (the table takes longer); later if the signal came before
         * the handlers were set up. */
        for (long us = 2000000; us < 20000000; us *= 2) {
            status = run_signalled(first[i], us, SIGINT);
            if (!WIFSIGNALED(status))
                break;
        }
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 130);
        assert_true(exists(ckpt));
        cli_result r = cli_run(second[i], NULL);
        assert_int_equal(r.status, 1);
        assert_contains(r.err, "of another job or of other options");
        cli_result_free(&r);
        assert_false(exists(out));
        assert_int_equal(unlink(ckpt), 0);
    }
    remove_dir(dir);
}

/* A query run as a job with a checkpoint: interrupted several times (SIGINT or SIGTERM, with
 * different --threads) and resumed each time, it writes the same CSV as one uninterrupted run. */
static void test_query_resumes_exactly(void **state) {
    (void)state;
    static const char *const QUERY =
        "select count(flopHandCategory(hero) = flushDraw and winsHi(hero)), avg(riverEquity(hero)) "
        "from hero=AKs, villain=QQ+ where pairedBoard(turn) or pairedBoard(flop)";
    static const char *const THREADS[] = {"1", "2", "3"};
    const char *dir = make_dir();
    char whole[300], out[300], ckpt[300];
    snprintf(whole, sizeof whole, "%s/whole.csv", dir);
    snprintf(out, sizeof out, "%s/q.csv", dir);
    snprintf(ckpt, sizeof ckpt, "%s/q.ckpt", dir);
    cli_result r = cli_run((const char *const[]){"query", "-o", whole, QUERY, NULL}, NULL);
    assert_int_equal(r.status, 0);
    cli_result_free(&r);
    int resume = 0, interrupts = 0, finished = 0;
    for (int attempt = 0; attempt < 40 && !finished; attempt++) {
        const int sig = interrupts >= 3 ? 0 : (attempt % 2 ? SIGTERM : SIGINT);
        const char *argv[] = {"query",
                              "-o",
                              out,
                              "--checkpoint",
                              ckpt,
                              "--threads",
                              THREADS[attempt % 3],
                              QUERY,
                              resume ? "--resume" : NULL,
                              NULL};
        const int status = run_signalled(argv, random_between(300000, 1200000), sig);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
            finished = 1;
        } else if (WIFEXITED(status) &&
                   WEXITSTATUS(status) == (sig == SIGINT ? 130 : 128 + SIGTERM)) {
            assert_true(exists(ckpt));
            assert_false(exists(out));
            resume = 1;
            interrupts++;
        } else if (WIFSIGNALED(status) && WTERMSIG(status) == sig) {
            resume = exists(ckpt);
        } else {
            fail_msg("query: attempt %d: unexpected status %d", attempt, status);
        }
    }
    assert_true(finished);
    print_message("query: %d interrupts, resumed each time\n", interrupts);
    assert_true(interrupts >= 1);
    assert_false(exists(ckpt));
    size_t la, lb;
    char *a = read_file(whole, &la), *b = read_file(out, &lb);
    assert_true(la == lb && memcmp(a, b, la) == 0);
    free(a);
    free(b);
    remove_dir(dir);
}

/* ---- refusals -------------------------------------------------------------------------------- */

static uint64_t fnv1a(const unsigned char *p, size_t n) {
    uint64_t h = UINT64_C(14695981039346656037);
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * UINT64_C(1099511628211);
    return h;
}

static void write_file(const char *path, const void *data, size_t len) {
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(data, 1, len, fp), len);
    assert_int_equal(fclose(fp), 0);
}

/* Interrupt crib deals until it leaves a checkpoint at `ckpt`. */
static void make_checkpoint(const char *dir, const char *ckpt) {
    char bufs[12][300];
    const char *argv[20];
    const char *extra[] = {"--threads", "2", NULL};
    for (long delay = 400000; !exists(ckpt); delay += 100000) {
        assert_true(delay < 5000000);
        case_argv(&CASES[0], dir, bufs, argv, extra);
        run_signalled(argv, delay, SIGINT);
    }
}

static void test_resume_refuses_other_checkpoints(void **state) {
    (void)state;
    const char *dir = make_dir();
    char ckpt[300], out[300], other[300];
    snprintf(ckpt, sizeof ckpt, "%s/hand.ckpt", dir);
    snprintf(out, sizeof out, "%s/hand.csv", dir);
    snprintf(other, sizeof other, "%s/other.ckpt", dir);
    make_checkpoint(dir, ckpt);
    size_t len;
    unsigned char *good = (unsigned char *)read_file(ckpt, &len);
    assert_non_null(good);
    unsigned char *bad = malloc(len);

    /* another job's checkpoint */
    cli_result r = cli_run((const char *const[]){"poker", "matchups", "-o", out, "--checkpoint",
                                                 ckpt, "--resume", NULL},
                           NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "a checkpoint of another job or of other options"));
    assert_false(exists(out));
    cli_result_free(&r);

    struct {
        size_t offset; /* byte changed (counted from the end when past len) */
        int reseal;    /* checksum recomputed */
        int status;
        const char *message;
    } cases[] = {
        {100, 0, 1, "is damaged or not a handstat checkpoint"},
        {16, 1, 1, "was written by another handstat version or build"},
        /* a count of the accumulator's histogram of best hand sums, near the start of the
         * accumulator's tables (after the 16-byte deals and canonical counts) */
        {0, 1, 1, "fail this job's invariant check"},
    };
    /* the accumulator is the last part before the 8-byte checksum */
    const size_t acc = 8 * (2 + 1335 + 2 * 900 + 3 * 1820 + 1 + 2);
    cases[2].offset = len - 8 - acc + 16 + 8 * 600;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memcpy(bad, good, len);
        bad[cases[i].offset] ^= 1;
        if (cases[i].reseal) {
            uint64_t sum = fnv1a(bad, len - 8);
            memcpy(bad + len - 8, &sum, 8);
        }
        write_file(other, bad, len);
        char bufs[12][300];
        const char *argv[20];
        const char *extra[] = {"--checkpoint", other, "--resume", NULL};
        case_argv(&CASES[0], dir, bufs, argv, extra);
        r = cli_run(argv, NULL);
        if (r.status != cases[i].status || strstr(r.err, cases[i].message) == NULL)
            fail_msg("case %zu: exit %d: %s", i, r.status, r.err);
        assert_false(exists(out));
        cli_result_free(&r);
    }
    /* a truncated one */
    write_file(other, good, len / 2);
    char bufs[12][300];
    const char *argv[20];
    const char *extra[] = {"--checkpoint", other, "--resume", NULL};
    case_argv(&CASES[0], dir, bufs, argv, extra);
    r = cli_run(argv, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "damaged"));
    cli_result_free(&r);

    /* the real one still resumes */
    const char *resume[] = {"--resume", NULL};
    case_argv(&CASES[0], dir, bufs, argv, resume);
    r = cli_run(argv, NULL);
    assert_int_equal(r.status, 0);
    cli_result_free(&r);
    assert_same_as_committed(&CASES[0], dir);
    free(good);
    free(bad);
    remove_dir(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_interrupted_runs_resume_exactly),
        cmocka_unit_test(test_interrupt_at_once),
        cmocka_unit_test(test_vs_random_opponents_checkpoint),
        cmocka_unit_test(test_query_resumes_exactly),
        cmocka_unit_test(test_resume_refuses_other_checkpoints),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
