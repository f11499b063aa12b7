/* handstat bench: the built-in benchmark and self-test of the kernels and jobs.
 *
 * Why here, in the command line, and not a command of the registry (src/request/): its answer is
 * a timing, which differs from run to run, where every registry command answers exact counts
 * that the three front ends must give alike (test_registry_roundtrip compares them cell by
 * cell); its work is timed loops with no work units, so the web server's cost cap (an estimate
 * refused up front, then a running job stopped from its progress callback) could not hold it;
 * timing on a server measures the server's load; and each ISA path is a process of its own (the
 * dispatch reads HANDSTAT_ISA once per process), which only a program can start. So `bench`
 * lives beside `--version` in handstat: it forks one child per path (the default dispatch, then
 * each path the CPU has forced by HANDSTAT_ISA), each child runs every workload through the
 * library's public API and sends its figures and checksums back through a pipe, and the parent
 * compares the checksums and prints. The parent calls nothing that reads HANDSTAT_ISA before the
 * children are made, and no OpenMP: each child starts with the library's choices unmade. */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "handstat/handstat.h"

#ifndef HS_BUILD_COMPILER
#define HS_BUILD_COMPILER "unknown"
#endif
#ifndef HS_BUILD_TYPE
#define HS_BUILD_TYPE "unknown"
#endif
#ifndef HS_BUILD_FLAGS
#define HS_BUILD_FLAGS ""
#endif

static const char USAGE[] =
    "usage: handstat bench [--quick] [--json] [--threads N]\n"
    "\n"
    "Time the ranking and scoring kernels and a few exact jobs on every instruction-set path\n"
    "this CPU has, and check that every path gives the same results. Each path runs in a\n"
    "process of its own: first the dispatch as it is (the form each kernel takes here, as\n"
    "'handstat --version' shows), then scalar, avx2 and avx512 (those the CPU has, up to the\n"
    "cap HANDSTAT_ISA sets if it names one) forced as HANDSTAT_ISA forces them. A workload's\n"
    "checksum (its exact results hashed) must be the same on every path, and the same as\n"
    "that of the workloads ranking the same hands with another kernel (and, over the whole\n"
    "deck, as the counted distribution's): a difference is an error naming the workload and\n"
    "the path (exit 1).\n"
    "\n"
    "The workloads: seven-card ranking one hand per call and in batches, over every hand of a\n"
    "deck in nested loops (sequential) and over random hands (from masks and from card ids);\n"
    "cribbage scoring one hand per call, in batches and as the exact distribution; two exact\n"
    "hold'em equities; and a slice of the heads-up preflop table. Each prints millions of\n"
    "units (hands, deals or boards) a second and the nanoseconds a unit, the best of its runs.\n"
    "The kernels run on one thread and are timed by its CPU time (steadier on a shared\n"
    "machine); the distribution, the equities and the preflop slice run on --threads and are\n"
    "timed by the wall clock, which counts the machine's other load: compare those on an\n"
    "idle machine.\n"
    "\n"
    "options:\n"
    "  --quick        smaller workloads, one run each (a few seconds)\n"
    "  --json         one JSON object on standard output instead of the table\n"
    "  --threads N    workers for the jobs (default: one per core)\n" CLI_COMMON_HELP "\n"
    "exit status: 0 every checksum as it must be, 1 a checksum differs or a path failed,\n"
    "             2 bad command line\n";

/* ---- the workloads ------------------------------------------------------------------------- */

/* The inputs every path shares, made once by the parent before the children fork (so they are
 * the same bytes in every child and are not made again per path). */
typedef struct bench_input {
    size_t n_rand;          /* random seven-card hands */
    uint64_t *masks;        /* n_rand masks */
    uint8_t (*ids)[7];      /* the same hands as card ids, in random order within a hand */
    size_t n_crib;          /* random cribbage hands */
    uint64_t *crib_hands;   /* four-card masks */
    uint8_t *crib_starters; /* a starter not in the hand */
    uint16_t *classes;      /* room for n_rand classes */
    uint8_t *totals;        /* room for n_crib totals */
    int seq_cards;          /* the sequential workloads: every hand of cards 0..seq_cards-1 */
    int crib_cards;         /* crib one per call: every hand of cards 0..crib_cards-1 */
    size_t preflop_units;   /* the preflop slice: its first units */
    int threads;
} bench_input;

/* What one workload did on one path. */
typedef struct bench_figure {
    double seconds;    /* the best run */
    uint64_t units;    /* units of one run */
    uint64_t checksum; /* its exact results, hashed */
    int rc;            /* HS_OK, or the library's error code */
} bench_figure;

typedef int (*bench_fn)(const bench_input *in, uint64_t *units, uint64_t *checksum);

typedef struct bench_workload {
    const char *name; /* stable, for --json */
    const char *what; /* for the table */
    const char *unit;
    int job; /* runs on --threads */
    bench_fn run;
    int same_as; /* the workload (its index + 1) ranking the same hands otherwise, whose
                    checksum this one's must equal on every run; 0: none */
} bench_workload;

/* FNV-1a over 64-bit words: the checksum of a result array, taken after the timed run. */
static uint64_t hash_words(uint64_t h, const uint64_t *w, size_t n) {
    for (size_t i = 0; i < n; i++) {
        h ^= w[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

static uint64_t hash_u16(const uint16_t *v, size_t n) {
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < n; i++) {
        h ^= v[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

static uint64_t hash_u8(const uint8_t *v, size_t n) {
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < n; i++) {
        h ^= v[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

/* Every seven-card hand of cards 0..k-1 by nested loops, one hs_poker_rank7 call per hand on its
 * mask. The checksum is the sum of the classes with the count of hands above it (an addition per
 * hand keeps the loop's own cost to one cycle). */
static int w_rank7_mask_seq(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    const int k = in->seq_cards;
    uint64_t sum = 0, n = 0;
    for (int a = 6; a < k; a++)
        for (int b = 5; b < a; b++)
            for (int c = 4; c < b; c++)
                for (int d = 3; d < c; d++) {
                    const uint64_t m4 = (UINT64_C(1) << a) | (UINT64_C(1) << b) |
                                        (UINT64_C(1) << c) | (UINT64_C(1) << d);
                    for (int e = 2; e < d; e++)
                        for (int f = 1; f < e; f++) {
                            const uint64_t m6 = m4 | (UINT64_C(1) << e) | (UINT64_C(1) << f);
                            for (int g = 0; g < f; g++)
                                sum += (uint64_t)hs_poker_rank7(m6 | (UINT64_C(1) << g));
                            n += (uint64_t)f;
                        }
                }
    *units = n;
    *checksum = n << 40 ^ sum;
    return HS_OK;
}

/* The same hands through the incremental state (handstat/poker_state.h), one card added per
 * level and one hs_poker_state_rank call per hand: ranking from card ids, one hand at a time. */
static int w_rank7_state_seq(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    const int k = in->seq_cards;
    uint64_t sum = 0, n = 0;
    const hs_poker_state s0 = hs_poker_state_empty();
    for (int a = 6; a < k; a++) {
        const hs_poker_state s1 = hs_poker_state_add(s0, a);
        for (int b = 5; b < a; b++) {
            const hs_poker_state s2 = hs_poker_state_add(s1, b);
            for (int c = 4; c < b; c++) {
                const hs_poker_state s3 = hs_poker_state_add(s2, c);
                for (int d = 3; d < c; d++) {
                    const hs_poker_state s4 = hs_poker_state_add(s3, d);
                    for (int e = 2; e < d; e++) {
                        const hs_poker_state s5 = hs_poker_state_add(s4, e);
                        for (int f = 1; f < e; f++) {
                            const hs_poker_state s6 = hs_poker_state_add(s5, f);
                            for (int g = 0; g < f; g++)
                                sum += (uint64_t)hs_poker_state_rank(hs_poker_state_add(s6, g));
                            n += (uint64_t)f;
                        }
                    }
                }
            }
        }
    }
    *units = n;
    *checksum = n << 40 ^ sum;
    return HS_OK;
}

/* The same hands from their seven card ids, one hs_poker_rank7_ids call per hand (the ids
 * written level by level into one array, as a caller's nested loops would). */
static int w_rank7_ids_seq(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    const int k = in->seq_cards;
    uint64_t sum = 0, n = 0;
    uint8_t ids[7];
    for (int a = 6; a < k; a++) {
        ids[0] = (uint8_t)a;
        for (int b = 5; b < a; b++) {
            ids[1] = (uint8_t)b;
            for (int c = 4; c < b; c++) {
                ids[2] = (uint8_t)c;
                for (int d = 3; d < c; d++) {
                    ids[3] = (uint8_t)d;
                    for (int e = 2; e < d; e++) {
                        ids[4] = (uint8_t)e;
                        for (int f = 1; f < e; f++) {
                            ids[5] = (uint8_t)f;
                            for (int g = 0; g < f; g++) {
                                ids[6] = (uint8_t)g;
                                sum += (uint64_t)hs_poker_rank7_ids(ids);
                            }
                            n += (uint64_t)f;
                        }
                    }
                }
            }
        }
    }
    *units = n;
    *checksum = n << 40 ^ sum;
    return HS_OK;
}

/* The same hands in batches: for each three highest cards, the classes of every four cards
 * below them in one hs_poker_state_rank_quads call (the hand-state kernel's dispatch). */
static int w_rank_quads_seq(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    const int k = in->seq_cards;
    uint16_t *classes = malloc(270725 * sizeof *classes);
    if (classes == NULL)
        return HS_ERR_NOMEM;
    uint64_t sum = 0, n = 0;
    for (int a = 6; a < k; a++)
        for (int b = 5; b < a; b++)
            for (int c = 4; c < b; c++) {
                const hs_poker_state s = hs_poker_state_add(
                    hs_poker_state_add(hs_poker_state_add(hs_poker_state_empty(), a), b), c);
                const size_t m =
                    (size_t)c * (size_t)(c - 1) * (size_t)(c - 2) * (size_t)(c - 3) / 24;
                hs_poker_state_rank_quads(s, c, classes);
                for (size_t i = 0; i < m; i++)
                    sum += classes[i];
                n += m;
            }
    free(classes);
    *units = n;
    *checksum = n << 40 ^ sum;
    return HS_OK;
}

/* Random hands, one hs_poker_rank7 call per mask. */
static int w_rank7_mask_rand(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    uint64_t sum = 0;
    for (size_t i = 0; i < in->n_rand; i++)
        sum += (uint64_t)hs_poker_rank7(in->masks[i]);
    *units = in->n_rand;
    *checksum = (uint64_t)in->n_rand << 40 ^ sum;
    return HS_OK;
}

/* Random hands from their seven card ids, one hs_poker_rank7_ids call each. */
static int w_rank7_ids_call_rand(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    uint64_t sum = 0;
    for (size_t i = 0; i < in->n_rand; i++)
        sum += (uint64_t)hs_poker_rank7_ids(in->ids[i]);
    *units = in->n_rand;
    *checksum = (uint64_t)in->n_rand << 40 ^ sum;
    return HS_OK;
}

/* Random hands from their seven card ids, one hand at a time: seven hs_poker_state_add and one
 * hs_poker_state_rank. */
static int w_rank7_state_rand(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    uint64_t sum = 0;
    for (size_t i = 0; i < in->n_rand; i++) {
        const uint8_t *p = in->ids[i];
        hs_poker_state s = hs_poker_state_empty();
        for (int k = 0; k < 7; k++)
            s = hs_poker_state_add(s, p[k]);
        sum += (uint64_t)hs_poker_state_rank(s);
    }
    *units = in->n_rand;
    *checksum = (uint64_t)in->n_rand << 40 ^ sum;
    return HS_OK;
}

/* Random hands in one batch call on their masks (the mask kernel's dispatch). The checksum (of
 * the class array, in order) is taken by bench_time after the last run. */
static int w_rank_batch_masks(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    hs_poker_rank_batch(in->masks, in->n_rand, in->classes);
    *units = in->n_rand;
    *checksum = 0;
    return HS_OK;
}

/* Random hands in one batch call on their card ids (the card-id kernel's dispatch). */
static int w_rank_batch_ids(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    hs_poker_rank7_ids_batch((const uint8_t(*)[7])in->ids, in->n_rand, in->classes);
    *units = in->n_rand;
    *checksum = 0;
    return HS_OK;
}

/* Every four-card hand of cards 0..k-1 with every starter of the deck not in it, one
 * hs_crib_score5 call each (the hand's flush rule). */
static int w_crib_score_seq(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    const int k = in->crib_cards;
    uint64_t sum = 0, n = 0;
    for (int a = 3; a < k; a++)
        for (int b = 2; b < a; b++)
            for (int c = 1; c < b; c++)
                for (int d = 0; d < c; d++) {
                    const uint64_t h = (UINT64_C(1) << a) | (UINT64_C(1) << b) |
                                       (UINT64_C(1) << c) | (UINT64_C(1) << d);
                    for (int s = 0; s < HS_CARDS; s++)
                        if (!((h >> s) & 1))
                            sum += hs_crib_score5(h, s, HS_CRIB_HAND).total;
                    n += HS_CARDS - 4;
                }
    *units = n;
    *checksum = n << 40 ^ sum;
    return HS_OK;
}

/* Random cribbage hands and starters in one batch call (the cribbage totals' dispatch). */
static int w_crib_batch(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    hs_crib_total_batch(in->crib_hands, in->crib_starters, in->n_crib, HS_CRIB_HAND, in->totals);
    *units = in->n_crib;
    *checksum = 0;
    return HS_OK;
}

/* The exact distribution of all 12,994,800 hands and starters (counted, not visited). */
static int w_crib_hist(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    hs_crib_hist h;
    memset(&h, 0, sizeof h);
    const int rc = hs_crib_hist_run(HS_CRIB_HAND, in->threads, NULL, NULL, &h);
    *units = h.hands;
    *checksum = hash_words(hash_words(UINT64_C(0xcbf29ce484222325), h.count, HS_CRIB_MAX_SCORE + 1),
                           h.points, 5);
    return rc;
}

static uint64_t hand_of(const char *text) {
    int cards[7];
    size_t n = 0;
    if (hs_cards_parse(text, strlen(text), cards, 7, &n, NULL) != HS_OK)
        return 0;
    return hs_cards_mask(cards, n);
}

/* One exact equity: `players` hands given as text, every board. */
static int equity(const bench_input *in, const char *const *hands, int players, uint64_t *units,
                  uint64_t *checksum) {
    uint64_t masks[HS_HOLDEM_MAX_PLAYERS];
    const uint64_t *ranges[HS_HOLDEM_MAX_PLAYERS];
    size_t counts[HS_HOLDEM_MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        masks[p] = hand_of(hands[p]);
        ranges[p] = &masks[p];
        counts[p] = 1;
    }
    hs_holdem_equity e;
    const int rc = hs_holdem_equity_run(players, ranges, counts, 0, 0, in->threads, NULL, NULL, &e);
    *units = e.deals;
    uint64_t h = hash_words(UINT64_C(0xcbf29ce484222325), &e.deals, 1);
    for (int p = 0; p < players && rc == HS_OK; p++) {
        const uint64_t w[4] = {e.player[p].wins, e.player[p].ties, e.player[p].losses,
                               e.player[p].shares};
        h = hash_words(h, w, 4);
    }
    *checksum = h;
    return rc;
}

static int w_equity2(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    static const char *const hands[] = {"AhAd", "KsKc"};
    return equity(in, hands, 2, units, checksum);
}

static int w_equity3(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    static const char *const hands[] = {"AsKs", "QhQd", "7c6c"};
    return equity(in, hands, 3, units, checksum);
}

/* The first units of the heads-up preflop table (128 suit-distinct boards a unit, every hole
 * pair on each). The board list is built per run, outside the timing. */
static hs_holdem_preflop *preflop_table;

static int w_preflop(const bench_input *in, uint64_t *units, uint64_t *checksum) {
    hs_holdem_preflop_counts *acc = calloc(1, sizeof *acc);
    if (acc == NULL)
        return HS_ERR_NOMEM;
    const size_t last = in->preflop_units < hs_holdem_preflop_units(preflop_table)
                            ? in->preflop_units
                            : hs_holdem_preflop_units(preflop_table);
    const int rc = hs_holdem_preflop_run(preflop_table, 0, last, in->threads, NULL, NULL, acc);
    *units = (uint64_t)last * 128;
    *checksum = hash_words(hash_words(UINT64_C(0xcbf29ce484222325), &acc->wins[0][0],
                                      (size_t)HS_HOLDEM_CLASSES * HS_HOLDEM_CLASSES),
                           &acc->ties[0][0], (size_t)HS_HOLDEM_CLASSES * HS_HOLDEM_CLASSES);
    free(acc);
    return rc;
}

static const bench_workload WORKLOADS[] = {
    {"rank7_mask_seq", "rank7 mask, one per call, seq", "hand", 0, w_rank7_mask_seq, 0},
    {"rank7_ids_seq", "rank7 ids, one per call, seq", "hand", 0, w_rank7_ids_seq, 1},
    {"rank7_state_seq", "rank7 state add+rank, one per call, seq", "hand", 0, w_rank7_state_seq, 1},
    {"rank_quads_seq", "rank batch (state quads), seq", "hand", 0, w_rank_quads_seq, 1},
    {"rank7_mask_rand", "rank7 mask, one per call, random", "hand", 0, w_rank7_mask_rand, 0},
    {"rank7_ids_rand", "rank7 ids, one per call, random", "hand", 0, w_rank7_ids_call_rand, 5},
    {"rank7_state_rand", "rank7 state add+rank, one per call, random", "hand", 0,
     w_rank7_state_rand, 5},
    {"rank_batch_masks_rand", "rank batch of masks, random", "hand", 0, w_rank_batch_masks, 0},
    {"rank_batch_ids_rand", "rank batch of ids, random", "hand", 0, w_rank_batch_ids, 8},
    {"crib_score_seq", "crib score5, one per call, seq", "hand", 0, w_crib_score_seq, 0},
    {"crib_batch_rand", "crib total batch, random", "hand", 0, w_crib_batch, 0},
    {"crib_hist", "crib hist (all hands, counted)", "hand", 1, w_crib_hist, 0},
    {"holdem_equity_2", "holdem equity AhAd KsKc", "deal", 1, w_equity2, 0},
    {"holdem_equity_3", "holdem equity AsKs QhQd 7c6c", "deal", 1, w_equity3, 0},
    {"holdem_preflop_slice", "holdem preflop, first units", "board", 1, w_preflop, 0},
};
#define N_WORKLOADS (sizeof WORKLOADS / sizeof WORKLOADS[0])

/* The clock of a workload: the thread's CPU time for the kernels, which run on this thread (on a
 * shared machine the wall clock would also count the slices other processes take from it, which
 * doubled some figures on a loaded machine), and the wall clock for the jobs, whose workers are
 * other threads. */
static double now_s(int job) {
    struct timespec t;
    clock_gettime(job ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Run workload w `reps` times; its figure is the best run. A batch workload's checksum is the
 * hash of its output array. */
static void bench_time(const bench_input *in, const bench_workload *w, int reps, bench_figure *f) {
    f->seconds = 0;
    f->rc = HS_OK;
    for (int r = 0; r < reps && f->rc == HS_OK; r++) {
        uint64_t units = 0, sum = 0;
        const double t0 = now_s(w->job);
        f->rc = w->run(in, &units, &sum);
        const double t = now_s(w->job) - t0;
        if (r == 0 || t < f->seconds)
            f->seconds = t;
        f->units = units;
        f->checksum = sum;
    }
    if (w->run == w_rank_batch_masks || w->run == w_rank_batch_ids)
        f->checksum = hash_u16(in->classes, in->n_rand);
    else if (w->run == w_crib_batch)
        f->checksum = hash_u8(in->totals, in->n_crib);
}

/* ---- one path: a child process ------------------------------------------------------------- */

/* What a child sends back through its pipe: plain values only (no pointers), read by the parent
 * as the bytes written (the same program, so the same layout). */
typedef struct bench_run {
    int ok;
    /* Over the whole deck (the full run): the checksum the sequential ranking workloads must
     * have, from the counted distribution of hs_poker_hist_run (another algorithm: hands grouped
     * by their ranks, not ranked one by one); 0 when not computed. */
    uint64_t hist_checksum;
    int has_avx2, has_avx512;
    int threads;
    hs_isa path[HS_KERNEL_COUNT];
    hs_isa_rule rule[HS_KERNEL_COUNT];
    bench_figure fig[N_WORKLOADS];
} bench_run;

/* The runs: the dispatch as it is, then each path forced. */
enum { RUN_DEFAULT = 0, RUN_SCALAR, RUN_AVX2, RUN_AVX512, N_RUNS };
static const char *const RUN_NAME[N_RUNS] = {"default", "scalar", "avx2", "avx512"};

static void child_run(const bench_input *in, int which, int reps, int fd) {
    bench_run run;
    memset(&run, 0, sizeof run);
    if (which != RUN_DEFAULT)
        setenv("HANDSTAT_ISA", RUN_NAME[which], 1);
    run.has_avx2 = hs_cpu_has_avx2();
    run.has_avx512 = hs_cpu_has_avx512();
    run.path[HS_KERNEL_POKER_IDS] = hs_poker_rank7_ids_path();
    run.path[HS_KERNEL_POKER_STATE] = hs_poker_state_path();
    run.path[HS_KERNEL_POKER_MASKS] = hs_poker_rank_batch_path();
    run.path[HS_KERNEL_CRIB_TOTALS] = hs_crib_total_batch_path();
    for (int k = 0; k < HS_KERNEL_COUNT; k++)
        run.rule[k] = hs_kernel_rule((hs_kernel)k);
    run.threads = cli_threads_used(in->threads);
    run.ok = hs_holdem_preflop_new(&preflop_table) == HS_OK;
    for (size_t w = 0; w < N_WORKLOADS && run.ok; w++)
        bench_time(in, &WORKLOADS[w], WORKLOADS[w].run == w_crib_hist ? reps + 2 : reps,
                   &run.fig[w]);
    hs_holdem_preflop_free(preflop_table);
    if (run.ok && in->seq_cards == HS_CARDS) {
        hs_poker_hist *h = calloc(1, sizeof *h);
        if (h != NULL && hs_poker_hist_run(7, in->threads, NULL, NULL, h) == HS_OK) {
            uint64_t sum = 0;
            for (int c = 1; c <= HS_POKER_CLASSES; c++)
                sum += (uint64_t)c * h->count[c];
            run.hist_checksum = h->hands << 40 ^ sum;
        }
        free(h);
    }
    /* The test of the comparisons themselves (tests/test_cli_bench.c): HANDSTAT_BENCH_FLIP=RUN
     * or RUN:WORKLOAD changes one bit of that run's checksum of that workload (by default the
     * last), as a path with a fault would. */
    const char *flip = getenv("HANDSTAT_BENCH_FLIP");
    const size_t len = strlen(RUN_NAME[which]);
    if (flip != NULL && strncmp(flip, RUN_NAME[which], len) == 0 &&
        (flip[len] == '\0' || flip[len] == ':'))
        for (size_t w = 0; w < N_WORKLOADS; w++)
            if (flip[len] == '\0' ? w == N_WORKLOADS - 1
                                  : strcmp(flip + len + 1, WORKLOADS[w].name) == 0)
                run.fig[w].checksum ^= 1;
    const char *p = (const char *)&run;
    size_t left = sizeof run;
    while (left > 0) {
        const ssize_t got = write(fd, p, left);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            _exit(1);
        p += got;
        left -= (size_t)got;
    }
    _exit(0);
}

/* Fork a child for run `which` and read its figures into *out. Returns 0, or -1 (printed) when
 * the child could not run or died. */
static int run_path(const bench_input *in, int which, int reps, bench_run *out) {
    int fds[2];
    if (pipe(fds) != 0) {
        cli_error("cannot make a pipe: %s", strerror(errno));
        return -1;
    }
    fflush(NULL);
    const pid_t pid = fork();
    if (pid < 0) {
        cli_error("cannot start the %s run: %s", RUN_NAME[which], strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        child_run(in, which, reps, fds[1]);
    }
    close(fds[1]);
    char *p = (char *)out;
    size_t got = 0;
    while (got < sizeof *out) {
        const ssize_t r = read(fds[0], p + got, sizeof *out - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (got != sizeof *out || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        if (WIFSIGNALED(status))
            cli_error("the %s run died (signal %d): that path is broken on this machine",
                      RUN_NAME[which], WTERMSIG(status));
        else
            cli_error("the %s run failed", RUN_NAME[which]);
        return -1;
    }
    return 0;
}

/* ---- the inputs ---------------------------------------------------------------------------- */

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A random card not in `used` (by rejection; the seed is fixed, so every run draws the same). */
static int draw_card(uint64_t *s, uint64_t used) {
    for (;;) {
        const int c = (int)(splitmix(s) % HS_CARDS);
        if (!((used >> c) & 1))
            return c;
    }
}

static int make_inputs(bench_input *in, int quick, int threads) {
    memset(in, 0, sizeof *in);
    in->threads = threads;
    in->seq_cards = quick ? 34 : 52;
    in->crib_cards = quick ? 30 : 52;
    in->n_rand = quick ? (size_t)1 << 20 : (size_t)10000000;
    in->n_crib = quick ? (size_t)1 << 20 : (size_t)10000000;
    in->preflop_units = quick ? 4 : 24;
    in->masks = malloc(in->n_rand * sizeof *in->masks);
    in->ids = malloc(in->n_rand * sizeof *in->ids);
    in->classes = malloc(in->n_rand * sizeof *in->classes);
    in->crib_hands = malloc(in->n_crib * sizeof *in->crib_hands);
    in->crib_starters = malloc(in->n_crib);
    in->totals = malloc(in->n_crib);
    if (in->masks == NULL || in->ids == NULL || in->classes == NULL || in->crib_hands == NULL ||
        in->crib_starters == NULL || in->totals == NULL)
        return -1;
    uint64_t s = UINT64_C(20261207);
    for (size_t i = 0; i < in->n_rand; i++) {
        uint64_t m = 0;
        for (int k = 0; k < 7; k++) {
            const int c = draw_card(&s, m);
            in->ids[i][k] = (uint8_t)c;
            m |= UINT64_C(1) << c;
        }
        in->masks[i] = m;
    }
    for (size_t i = 0; i < in->n_crib; i++) {
        uint64_t m = 0;
        for (int k = 0; k < 4; k++)
            m |= UINT64_C(1) << draw_card(&s, m);
        in->crib_hands[i] = m;
        in->crib_starters[i] = (uint8_t)draw_card(&s, m);
    }
    return 0;
}

static void free_inputs(bench_input *in) {
    free(in->masks);
    free(in->ids);
    free(in->classes);
    free(in->crib_hands);
    free(in->crib_starters);
    free(in->totals);
}

/* ---- the report ---------------------------------------------------------------------------- */

/* The CPU's name as the kernel tells it (/proc/cpuinfo's model name; a virtual machine may show
 * less than the chip's full name), or "unknown". */
static void cpu_model(char *buf, size_t cap) {
    snprintf(buf, cap, "unknown");
    FILE *fp = fopen("/proc/cpuinfo", "r");
    if (fp == NULL)
        return;
    char line[512];
    while (fgets(line, sizeof line, fp) != NULL)
        if (strncmp(line, "model name", 10) == 0) {
            const char *v = strchr(line, ':');
            if (v != NULL) {
                v++;
                while (*v == ' ' || *v == '\t')
                    v++;
                snprintf(buf, cap, "%.*s", (int)strcspn(v, "\n"), v);
            }
            break;
        }
    fclose(fp);
}

static double load_average(void) {
    double load = -1;
    FILE *fp = fopen("/proc/loadavg", "r");
    if (fp != NULL) {
        if (fscanf(fp, "%lf", &load) != 1)
            load = -1;
        fclose(fp);
    }
    return load;
}

/* A string as JSON (the CPU's name and the build's flags are the only free text). */
static void json_string(const char *s) {
    putchar('"');
    for (; *s != '\0'; s++) {
        const unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static const char *const KERNEL_KEY[HS_KERNEL_COUNT] = {
    [HS_KERNEL_POKER_IDS] = "poker_ids",
    [HS_KERNEL_POKER_STATE] = "poker_state",
    [HS_KERNEL_POKER_MASKS] = "poker_masks",
    [HS_KERNEL_CRIB_TOTALS] = "crib_totals",
};

/* A figure with four significant digits (more above 1000) and never an exponent: 18350, 245.2,
 * 3.704, 0.007412. */
static const char *figure(double v, char *buf, size_t size) {
    int decimals = v >= 1000 ? 0 : v >= 100 ? 1 : v >= 10 ? 2 : 3;
    for (double x = v; x > 0 && x < 1 && decimals < 9; x *= 10)
        decimals++;
    snprintf(buf, size, "%.*f", decimals, v);
    return buf;
}

static double rate_m(const bench_figure *f) {
    return f->seconds > 0 ? (double)f->units / f->seconds / 1e6 : 0;
}

static double ns_per(const bench_figure *f) {
    return f->units > 0 ? f->seconds * 1e9 / (double)f->units : 0;
}

typedef struct bench_report {
    const bench_run *run[N_RUNS]; /* NULL: not run (the CPU lacks the path) */
    int quick, reps;
    const char *mismatch[N_WORKLOADS]; /* the first run whose checksum differs, or NULL */
    int failed[N_WORKLOADS];           /* a run whose library call failed: its index + 1 */
} bench_report;

static void print_json(const bench_report *rep, const char *model, double load) {
    const bench_run *d = rep->run[RUN_DEFAULT];
    unsigned family, modelno;
    const char *vendor = hs_cpu_id(&family, &modelno);
    const char *row = hs_cpu_table_name();
    printf("{\"handstat\": \"%s\", \"mode\": \"%s\", \"runs_per_workload\": %d,\n",
           HS_VERSION_STRING, rep->quick ? "quick" : "full", rep->reps);
    printf(" \"cpu\": {\"model\": ");
    json_string(model);
    printf(", \"vendor\": \"%s\", \"family\": %u, \"model_number\": %u, \"table_row\": ", vendor,
           family, modelno);
    if (row != NULL)
        json_string(row);
    else
        printf("null");
    printf(", \"paths\": [\"scalar\"%s%s]},\n", d->has_avx2 ? ", \"avx2\"" : "",
           d->has_avx512 ? ", \"avx512\"" : "");
    printf(" \"build\": {\"compiler\": ");
    json_string(HS_BUILD_COMPILER);
    printf(", \"type\": ");
    json_string(HS_BUILD_TYPE);
    printf(", \"flags\": ");
    json_string(HS_BUILD_FLAGS);
    printf("},\n \"threads\": %d, \"load_average\": %.2f,\n \"dispatch\": {", d->threads, load);
    for (int k = 0; k < HS_KERNEL_COUNT; k++)
        printf("%s\"%s\": {\"path\": \"%s\", \"rule\": \"%s\"}", k > 0 ? ", " : "", KERNEL_KEY[k],
               hs_isa_name(d->path[k]), hs_isa_rule_name(d->rule[k]));
    printf("},\n \"runs\": [");
    for (int r = 0, first = 1; r < N_RUNS; r++)
        if (rep->run[r] != NULL) {
            printf("%s\"%s\"", first ? "" : ", ", RUN_NAME[r]);
            first = 0;
        }
    printf("],\n \"workloads\": [");
    int ok = 1;
    for (size_t w = 0; w < N_WORKLOADS; w++) {
        const bench_figure *f0 = &d->fig[w];
        const int same = rep->mismatch[w] == NULL && rep->failed[w] == 0;
        ok &= same;
        printf("%s\n  {\"name\": \"%s\", \"description\": \"%s\", \"unit\": \"%s\", "
               "\"clock\": \"%s\", "
               "\"units\": %" PRIu64 ", \"checksum\": \"%016" PRIx64 "\", \"identical\": %s,"
               " \"results\": {",
               w > 0 ? "," : "", WORKLOADS[w].name, WORKLOADS[w].what, WORKLOADS[w].unit,
               WORKLOADS[w].job ? "wall" : "thread_cpu", f0->units, f0->checksum,
               same ? "true" : "false");
        for (int r = 0, first = 1; r < N_RUNS; r++) {
            const bench_run *x = rep->run[r];
            if (x == NULL)
                continue;
            printf("%s\"%s\": {\"seconds\": %.6f, \"m_per_s\": %.3f, \"ns_per_unit\": %.3f, "
                   "\"checksum\": \"%016" PRIx64 "\"}",
                   first ? "" : ", ", RUN_NAME[r], x->fig[w].seconds, rate_m(&x->fig[w]),
                   ns_per(&x->fig[w]), x->fig[w].checksum);
            first = 0;
        }
        printf("}}");
    }
    printf("\n ],\n \"ok\": %s}\n", ok ? "true" : "false");
}

static void print_text(const bench_report *rep, const char *model, double load) {
    const bench_run *d = rep->run[RUN_DEFAULT];
    static const char *const kernels[HS_KERNEL_COUNT] = {
        [HS_KERNEL_POKER_IDS] = "card ids",
        [HS_KERNEL_POKER_STATE] = "hand states",
        [HS_KERNEL_POKER_MASKS] = "masks",
        [HS_KERNEL_CRIB_TOTALS] = "cribbage totals",
    };
    unsigned family, modelno;
    const char *vendor = hs_cpu_id(&family, &modelno);
    const char *row = hs_cpu_table_name();
    int runs = 0;
    for (int r = 0; r < N_RUNS; r++)
        runs += rep->run[r] != NULL;
    printf("handstat %s bench%s: %zu workloads on %d runs (the dispatch, then each path), "
           "best of %d\n",
           HS_VERSION_STRING, rep->quick ? " --quick" : "", N_WORKLOADS, runs, rep->reps);
    printf("cpu: %s (%s family 0x%02x model 0x%02x, %s%s); paths: scalar%s%s\n", model, vendor,
           family, modelno, row != NULL ? "table row " : "not in the table of benchmarked CPUs",
           row != NULL ? row : "", d->has_avx2 ? ", avx2" : "", d->has_avx512 ? ", avx512" : "");
    printf("dispatch:");
    for (int k = 0; k < HS_KERNEL_COUNT; k++)
        printf("%s %s %s (%s)", k > 0 ? "," : "", kernels[k], hs_isa_name(d->path[k]),
               hs_isa_rule_name(d->rule[k]));
    printf("\nbuild: %s, %s, flags '%s'\n", HS_BUILD_COMPILER, HS_BUILD_TYPE, HS_BUILD_FLAGS);
    printf(
        "threads: %d for the jobs (crib hist, equities, preflop: wall time), one for the kernels "
        "(its CPU time); load average %.2f at start\n\n",
        d->threads, load);
    printf("%-42s %5s %12s", "workload", "unit", "units");
    for (int r = 0; r < N_RUNS; r++)
        if (rep->run[r] != NULL)
            printf(" %19s", RUN_NAME[r]);
    printf("  checksum\n%-42s %5s %12s", "", "", "");
    for (int r = 0; r < N_RUNS; r++)
        if (rep->run[r] != NULL)
            printf(" %10s %8s", "M/s", "ns/unit");
    printf("\n");
    char a[32], b[32];
    for (size_t w = 0; w < N_WORKLOADS; w++) {
        printf("%-42s %5s %12" PRIu64, WORKLOADS[w].what, WORKLOADS[w].unit, d->fig[w].units);
        for (int r = 0; r < N_RUNS; r++)
            if (rep->run[r] != NULL)
                printf(" %10s %8s", figure(rate_m(&rep->run[r]->fig[w]), a, sizeof a),
                       figure(ns_per(&rep->run[r]->fig[w]), b, sizeof b));
        printf("  %016" PRIx64 "%s\n", d->fig[w].checksum,
               rep->mismatch[w] != NULL || rep->failed[w] ? "  MISMATCH" : "");
    }
}

int cli_bench_main(int argc, char **argv) {
    int quick = 0, json = 0, threads = 0, n_pos = 0;
    const cli_opt opts[] = {{"--quick", NULL, CLI_OPT_FLAG, &quick},
                            {"--json", NULL, CLI_OPT_FLAG, &json},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    const int reps = quick ? 1 : 3;
    bench_input in;
    if (make_inputs(&in, quick, threads) != 0) {
        free_inputs(&in);
        cli_error("out of memory for the inputs");
        return CLI_EXIT_DATA;
    }
    char model[256];
    cpu_model(model, sizeof model);
    const double load = load_average();
    static bench_run runs[N_RUNS];
    bench_report rep;
    memset(&rep, 0, sizeof rep);
    rep.quick = quick;
    rep.reps = reps;
    int status = CLI_OK;
    for (int r = 0; r < N_RUNS; r++) {
        if (r == RUN_AVX2 && !runs[RUN_DEFAULT].has_avx2)
            continue;
        if (r == RUN_AVX512 && !runs[RUN_DEFAULT].has_avx512)
            continue;
        if (!cli_quiet)
            fprintf(stderr, "handstat bench: the %s run%s...\n", RUN_NAME[r],
                    r == RUN_DEFAULT ? " (the dispatch as it is)" : "");
        if (run_path(&in, r, reps, &runs[r]) != 0 || !runs[r].ok) {
            if (runs[r].ok == 0 && status == CLI_OK)
                cli_error("the %s run could not start its workloads", RUN_NAME[r]);
            status = CLI_EXIT_DATA;
            if (r == RUN_DEFAULT)
                break;
            continue;
        }
        rep.run[r] = &runs[r];
    }
    free_inputs(&in);
    if (rep.run[RUN_DEFAULT] == NULL)
        return CLI_EXIT_DATA;
    /* Every run's results against the default run's, and against the workload that ranks the
     * same hands by another kernel in the same run. */
    for (size_t w = 0; w < N_WORKLOADS; w++)
        for (int r = 0; r < N_RUNS; r++) {
            const bench_run *x = rep.run[r];
            if (x == NULL)
                continue;
            /* the sequential ranking over the whole deck against the counted distribution */
            if (w == 0 && x->hist_checksum != 0 && x->fig[w].rc == HS_OK &&
                x->fig[w].checksum != x->hist_checksum && rep.mismatch[w] == NULL) {
                rep.mismatch[w] = RUN_NAME[r];
                cli_error("%s: the %s run's checksum %016" PRIx64 " differs from the counted "
                          "distribution's %016" PRIx64 ": the ranker is wrong on the %s path",
                          WORKLOADS[w].name, RUN_NAME[r], x->fig[w].checksum, x->hist_checksum,
                          RUN_NAME[r]);
                status = CLI_EXIT_DATA;
            }
            const int other = WORKLOADS[w].same_as - 1;
            if (other >= 0 && x->fig[w].rc == HS_OK && x->fig[other].rc == HS_OK &&
                x->fig[w].checksum != x->fig[other].checksum && rep.mismatch[w] == NULL) {
                rep.mismatch[w] = RUN_NAME[r];
                cli_error("%s: the %s run's checksum %016" PRIx64 " differs from %s's %016" PRIx64
                          " over the same hands: the two kernels disagree on the %s path",
                          WORKLOADS[w].name, RUN_NAME[r], x->fig[w].checksum, WORKLOADS[other].name,
                          x->fig[other].checksum, RUN_NAME[r]);
                status = CLI_EXIT_DATA;
            }
            if (x->fig[w].rc != HS_OK && rep.failed[w] == 0) {
                rep.failed[w] = r + 1;
                cli_error("%s failed on the %s run: %s", WORKLOADS[w].name, RUN_NAME[r],
                          hs_strerror(x->fig[w].rc));
                status = CLI_EXIT_DATA;
            } else if ((x->fig[w].checksum != runs[RUN_DEFAULT].fig[w].checksum ||
                        x->fig[w].units != runs[RUN_DEFAULT].fig[w].units) &&
                       rep.mismatch[w] == NULL) {
                rep.mismatch[w] = RUN_NAME[r];
                cli_error("%s: the %s run's checksum %016" PRIx64 " differs from the default "
                          "run's %016" PRIx64 ": the %s path gives other results",
                          WORKLOADS[w].name, RUN_NAME[r], x->fig[w].checksum,
                          runs[RUN_DEFAULT].fig[w].checksum, RUN_NAME[r]);
                status = CLI_EXIT_DATA;
            }
        }
    if (json)
        print_json(&rep, model, load);
    else
        print_text(&rep, model, load);
    if (!json && !cli_quiet)
        fprintf(stderr, "handstat bench: %s\n",
                status == CLI_OK ? "every checksum is the same on every path and kernel"
                                 : "FAILED: a path gives other results (above)");
    return status;
}
