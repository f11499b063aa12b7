/* The job runtime (src/core/job.c): a toy job whose every unit's contribution is known in closed
 * form checks the driver (any thread count, any subset of units, cancel, checkpoints taken while
 * workers run); the real matchups job checks checkpoints end to end: interrupted and resumed
 * equals uninterrupted, and a checkpoint of another job, of other parameters, damaged, or with one
 * count edited (checksum recomputed) is refused or caught by the invariant check; checkpoints of
 * ranges run one after another on a reset job merge, in any order, into the uninterrupted counts,
 * and a merge that would count a unit twice, or of another job, build or damaged, is refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "job_internal.h"

/* ---- a toy job: unit u adds u + 1 to sum, (u + 1)^2 to squares, and 1 to units ----------------
 */

#define TOY_UNITS 2000

typedef struct toy_acc {
    uint64_t sum, squares, units;
} toy_acc;

typedef struct toy_ctx {
    unsigned spin; /* busy work per unit, so that runs take long enough to be interrupted */
} toy_ctx;

static void toy_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    const toy_ctx *c = ctx;
    toy_acc *a = acc;
    uint64_t x = 0;
    for (unsigned i = 0; i < c->spin; i++)
        x = x * 31 + i;       /* busy work the compiler cannot drop: it lands in scratch */
    uint64_t *mine = scratch; /* per worker: no race */
    mine[0] += 1;
    mine[1] = x;
    a->sum += unit + 1;
    a->squares += (uint64_t)(unit + 1) * (unit + 1);
    a->units += 1;
}

static void toy_merge(void *dst, const void *src) {
    toy_acc *d = dst;
    const toy_acc *s = src;
    d->sum += s->sum;
    d->squares += s->squares;
    d->units += s->units;
}

static int toy_check(const void *ctx, const void *acc) {
    (void)ctx;
    const toy_acc *a = acc;
    const uint64_t n = TOY_UNITS;
    return a->units == n && a->sum == n * (n + 1) / 2 && a->squares == n * (n + 1) * (2 * n + 1) / 6
               ? HS_OK
               : HS_ERR_CORRUPT;
}

static const hs_job_def toy_def = {"toy",    1,         sizeof(toy_acc), 2 * sizeof(uint64_t),
                                   toy_unit, toy_merge, toy_check,       NULL};

/* The accumulator must hold exactly the contributions of the units marked done. */
static void assert_consistent(const hs_job *job) {
    toy_acc want = {0, 0, 0};
    for (size_t u = 0; u < hs_job_units(job); u++)
        if (hs_job_unit_done(job, u)) {
            want.sum += u + 1;
            want.squares += (uint64_t)(u + 1) * (u + 1);
            want.units++;
        }
    const toy_acc *a = hs_job_acc_const(job);
    assert_int_equal(a->sum, want.sum);
    assert_int_equal(a->squares, want.squares);
    assert_int_equal(a->units, want.units);
    assert_int_equal(hs_job_units_done(job), want.units);
}

static uint64_t toy_tables(void) {
    return 42;
}

static hs_job *toy_new(toy_ctx *ctx) {
    hs_job *job;
    assert_int_equal(hs_job_new(&toy_def, ctx, NULL, TOY_UNITS, "spin", toy_tables, &job), HS_OK);
    return job;
}

static void test_threads_and_subsets(void **state) {
    (void)state;
    toy_ctx ctx = {0};
    const int threads[] = {1, 2, 3, 8};
    for (int i = 0; i < 4; i++) {
        hs_job *job = toy_new(&ctx);
        hs_job_opts o = {threads[i], NULL, NULL, NULL, NULL, 0};
        /* three overlapping ranges in a scrambled order: each unit is counted once */
        assert_int_equal(hs_job_run(job, 700, 1500, &o), HS_OK);
        assert_consistent(job);
        assert_int_equal(hs_job_check(job), HS_ERR_ARG); /* units remain */
        assert_int_equal(hs_job_run(job, 0, 900, &o), HS_OK);
        assert_int_equal(hs_job_run(job, 1200, TOY_UNITS, &o), HS_OK);
        assert_consistent(job);
        assert_int_equal(hs_job_units_done(job), TOY_UNITS);
        assert_int_equal(hs_job_check(job), HS_OK);
        assert_true(hs_job_threads_used(job) >= 1 && hs_job_threads_used(job) <= threads[i]);
        /* nothing left to do: a no-op */
        assert_int_equal(hs_job_run(job, 0, TOY_UNITS, &o), HS_OK);
        assert_consistent(job);
        hs_job_free(job);
    }
    hs_job *job = toy_new(&ctx);
    hs_job_opts bad = {-1, NULL, NULL, NULL, NULL, 0};
    assert_int_equal(hs_job_run(job, 0, 1, &bad), HS_ERR_ARG);
    assert_int_equal(hs_job_run(job, 2, 1, NULL), HS_ERR_ARG);
    assert_int_equal(hs_job_run(job, 0, TOY_UNITS + 1, NULL), HS_ERR_ARG);
    hs_job_free(job);
}

typedef struct stopper {
    uint64_t after; /* stop once this many units of the job are done */
    uint64_t calls;
} stopper;

static int stop_after(void *ctx, uint64_t done, uint64_t total) {
    stopper *s = ctx;
    assert_true(done <= total);
    s->calls++;
    return done >= s->after;
}

static void test_cancel_keeps_a_consistent_state(void **state) {
    (void)state;
    toy_ctx ctx = {2000};
    for (int threads = 1; threads <= 4; threads++) {
        hs_job *job = toy_new(&ctx);
        stopper s = {300, 0};
        hs_job_opts o = {threads, stop_after, &s, NULL, NULL, 0};
        assert_int_equal(hs_job_run(job, 0, TOY_UNITS, &o), HS_ERR_CANCELLED);
        /* the units under way finish and are kept: at least 300, at most a unit per worker more */
        assert_true(hs_job_units_done(job) >= 300);
        assert_true(hs_job_units_done(job) <= 300 + (size_t)threads);
        assert_consistent(job);
        /* run again: it finishes, every unit once */
        s.after = UINT64_MAX;
        assert_int_equal(hs_job_run(job, 0, TOY_UNITS, &o), HS_OK);
        assert_consistent(job);
        assert_int_equal(hs_job_check(job), HS_OK);
        hs_job_free(job);
    }
}

/* hs_progress_poll: the state holds the last call's counts, and a stop set from outside (here
 * before the run) cancels it at its first unit. */
static void test_progress_poll(void **state) {
    (void)state;
    toy_ctx ctx = {0};
    hs_job *job = toy_new(&ctx);
    hs_progress_state s = {0, 0, 0};
    hs_job_opts o = {2, hs_progress_poll, &s, NULL, NULL, 0};
    assert_int_equal(hs_job_run(job, 0, TOY_UNITS / 2, &o), HS_OK);
    assert_int_equal(s.done, TOY_UNITS / 2);
    assert_int_equal(s.total, TOY_UNITS);
    s.stop = 1;
    assert_int_equal(hs_job_run(job, 0, TOY_UNITS, &o), HS_ERR_CANCELLED);
    assert_true(hs_job_units_done(job) <= TOY_UNITS / 2 + 2);
    assert_consistent(job);
    s.stop = 0;
    assert_int_equal(hs_job_run(job, 0, TOY_UNITS, &o), HS_OK);
    assert_int_equal(s.done, TOY_UNITS);
    assert_int_equal(hs_job_check(job), HS_OK);
    hs_job_free(job);
}

typedef struct saver {
    unsigned saves;
    unsigned char *last; /* the newest checkpoint */
    size_t last_len;
    int fail;
} saver;

static int save_checkpoint(void *ctx, const hs_job *job) {
    saver *s = ctx;
    assert_consistent(job);
    free(s->last);
    s->last_len = hs_job_checkpoint_size(job);
    s->last = malloc(s->last_len);
    assert_int_equal(hs_job_checkpoint_write(job, s->last, s->last_len), s->last_len);
    s->saves++;
    return s->fail;
}

static void test_saves_while_running(void **state) {
    (void)state;
    toy_ctx ctx = {20000};
    hs_job *job = toy_new(&ctx);
    saver s = {0, NULL, 0, 0};
    /* save as often as possible: after every unit the interval has passed. One worker saves
     * after every unit but the last (the run's caller has the final state); with two, a save
     * waits for both to fold in their counts, so how many there are depends on the scheduling. */
    hs_job_opts one = {1, NULL, NULL, save_checkpoint, &s, 0.0};
    assert_int_equal(hs_job_run(job, 0, TOY_UNITS, &one), HS_OK);
    assert_int_equal(s.saves, TOY_UNITS - 1);
    hs_job_free(job);
    job = toy_new(&ctx);
    s.saves = 0;
    hs_job_opts o = {2, NULL, NULL, save_checkpoint, &s, 0.0};
    assert_int_equal(hs_job_run(job, 0, TOY_UNITS, &o), HS_OK);
    assert_true(s.saves >= 1);
    /* the last checkpoint restores into a fresh job, which finishes to the same counts */
    hs_job *again = toy_new(&ctx);
    assert_int_equal(hs_job_checkpoint_read(again, s.last, s.last_len), HS_OK);
    assert_consistent(again);
    assert_true(hs_job_units_done(again) <= TOY_UNITS);
    assert_int_equal(hs_job_run(again, 0, TOY_UNITS, NULL), HS_OK);
    assert_memory_equal(hs_job_acc_const(again), hs_job_acc_const(job), sizeof(toy_acc));
    hs_job_free(again);
    hs_job_free(job);

    /* a failing save stops the run with HS_ERR_IO, the state still consistent */
    job = toy_new(&ctx);
    s.fail = 1;
    assert_int_equal(hs_job_run(job, 0, TOY_UNITS, &o), HS_ERR_IO);
    assert_consistent(job);
    hs_job_free(job);
    free(s.last);
}

/* A stoppable unit: it polls as it goes and, when the run is stopping, gives up without
 * touching its accumulator; the unit is then not done. */
static int toy_unit_stoppable(void *ctx, size_t unit, void *acc, void *scratch,
                              hs_job_poll_t *poll) {
    for (int i = 0; i < 20; i++)
        if (hs_job_poll(poll))
            return 1;
    toy_unit(ctx, unit, acc, scratch);
    return 0;
}

static const hs_job_def toy_stoppable_def = {
    "toy",    1,         sizeof(toy_acc), 2 * sizeof(uint64_t),
    toy_unit, toy_merge, toy_check,       toy_unit_stoppable};

typedef struct poll_stopper {
    uint64_t calls, stop_at;
} poll_stopper;

static int stop_at_call(void *ctx, uint64_t done, uint64_t total) {
    poll_stopper *s = ctx;
    assert_true(done <= total);
    return ++s->calls >= s->stop_at;
}

static void test_stoppable_units(void **state) {
    (void)state;
    toy_ctx ctx = {100};
    for (int threads = 1; threads <= 3; threads++) {
        hs_job *job;
        assert_int_equal(
            hs_job_new(&toy_stoppable_def, &ctx, NULL, TOY_UNITS, "spin", toy_tables, &job), HS_OK);
        /* stop in the middle of a unit (the 20 polls of a unit are calls too) */
        poll_stopper s = {0, 20 * 300 + 7};
        hs_job_opts o = {threads, stop_at_call, &s, NULL, NULL, 0};
        assert_int_equal(hs_job_run(job, 0, TOY_UNITS, &o), HS_ERR_CANCELLED);
        assert_true(hs_job_units_done(job) < TOY_UNITS);
        assert_consistent(job); /* the abandoned units left nothing behind */
        s.stop_at = UINT64_MAX;
        assert_int_equal(hs_job_run(job, 0, TOY_UNITS, &o), HS_OK);
        assert_consistent(job);
        assert_int_equal(hs_job_check(job), HS_OK);
        hs_job_free(job);
    }
}

/* ---- checkpoints of a real job ------------------------------------------------------------------
 */

/* The test's own FNV-1a, to recompute the checksum of an edited checkpoint. */
static uint64_t fnv1a(const unsigned char *p, size_t n) {
    uint64_t h = UINT64_C(14695981039346656037);
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * UINT64_C(1099511628211);
    return h;
}

static void reseal(unsigned char *buf, size_t len) {
    uint64_t sum = fnv1a(buf, len - 8);
    memcpy(buf + len - 8, &sum, 8);
}

static void test_matchups_checkpoint(void **state) {
    (void)state;
    hs_poker_matchups *whole = malloc(sizeof *whole), *resumed = malloc(sizeof *resumed);
    assert_int_equal(hs_poker_matchups_run(2, NULL, NULL, whole, NULL), HS_OK);

    /* interrupted after 100 units, written out, read into a new job, finished */
    hs_job *job;
    assert_int_equal(hs_poker_matchups_job_new(0, &job), HS_OK);
    stopper s = {100, 0};
    hs_job_opts o = {2, stop_after, &s, NULL, NULL, 0};
    assert_int_equal(hs_job_run(job, 0, hs_job_units(job), &o), HS_ERR_CANCELLED);
    assert_int_equal(hs_poker_matchups_job_result(job, resumed, NULL), HS_ERR_ARG);
    size_t len = hs_job_checkpoint_size(job);
    unsigned char *buf = malloc(len);
    assert_int_equal(hs_job_checkpoint_write(job, buf, len), len);
    assert_int_equal(hs_job_checkpoint_write(job, buf, len - 1), 0);
    hs_job_free(job);

    assert_int_equal(hs_poker_matchups_job_new(0, &job), HS_OK);
    assert_int_equal(hs_job_checkpoint_read(job, buf, len), HS_OK);
    assert_true(hs_job_units_done(job) >= 100);
    assert_int_equal(hs_job_run(job, 0, hs_job_units(job), NULL), HS_OK);
    assert_int_equal(hs_poker_matchups_job_result(job, resumed, NULL), HS_OK);
    assert_memory_equal(resumed, whole, sizeof *whole);
    hs_job_free(job);

    /* another job's parameters (per-hand sums): refused */
    assert_int_equal(hs_poker_matchups_job_new(1, &job), HS_OK);
    assert_int_equal(hs_job_checkpoint_read(job, buf, len), HS_ERR_MISMATCH);
    hs_job_free(job);

    assert_int_equal(hs_poker_matchups_job_new(0, &job), HS_OK);
    /* damaged: one byte flipped, or cut short */
    buf[len / 2] ^= 1;
    assert_int_equal(hs_job_checkpoint_read(job, buf, len), HS_ERR_FORMAT);
    buf[len / 2] ^= 1;
    assert_int_equal(hs_job_checkpoint_read(job, buf, len - 1), HS_ERR_FORMAT);
    assert_int_equal(hs_job_checkpoint_read(job, buf, 10), HS_ERR_FORMAT);
    /* another build: the table hash differs (checksum recomputed) */
    buf[16] ^= 1;
    reseal(buf, len);
    assert_int_equal(hs_job_checkpoint_read(job, buf, len), HS_ERR_VERSION);
    buf[16] ^= 1;
    /* one count edited, checksum recomputed: it reads, but the finished job fails its check.
     * The accumulator is the last part before the checksum; its first array is the wins by
     * class, and a class near the end (a common high-card class) has counts in every unit. */
    const size_t acc = sizeof(int64_t) * 3 * (HS_POKER_CLASSES + 1);
    int64_t v;
    unsigned char *win = buf + len - 8 - acc + 8 * 7000;
    memcpy(&v, win, 8);
    v += 1;
    memcpy(win, &v, 8);
    reseal(buf, len);
    assert_int_equal(hs_job_checkpoint_read(job, buf, len), HS_OK);
    assert_int_equal(hs_job_run(job, 0, hs_job_units(job), NULL), HS_ERR_CORRUPT);
    assert_int_equal(hs_poker_matchups_job_result(job, resumed, NULL), HS_ERR_CORRUPT);
    hs_job_free(job);

    /* another job altogether */
    hs_holdem_preflop *table;
    assert_int_equal(hs_holdem_preflop_new(&table), HS_OK);
    assert_int_equal(hs_holdem_preflop_job_new(table, &job), HS_OK);
    assert_int_equal(hs_job_checkpoint_read(job, buf, len), HS_ERR_MISMATCH);
    hs_job_free(job);
    hs_holdem_preflop_free(table);
    free(buf);
    free(whole);
    free(resumed);
}

/* ---- merging checkpoints: how handstat-mpi puts the ranks' work together ------------------ */

/* A checkpoint of job in a heap buffer (*len its length). */
static unsigned char *checkpoint_of(const hs_job *job, size_t *len) {
    *len = hs_job_checkpoint_size(job);
    unsigned char *buf = malloc(*len);
    assert_non_null(buf);
    assert_int_equal(hs_job_checkpoint_write(job, buf, *len), *len);
    return buf;
}

/* hs_job_keep: the kept inputs are freed with the job, after its context, the last kept first;
 * a third is refused and stays the caller's. */
static int free_log[4], n_freed;
static void log_free_1(void *p) {
    free_log[n_freed++] = 1;
    free(p);
}
static void log_free_2(void *p) {
    free_log[n_freed++] = 2;
    free(p);
}
static void log_free_ctx(void *p) {
    free_log[n_freed++] = 9;
    (void)p;
}

static void test_keep(void **state) {
    (void)state;
    static toy_ctx ctx = {0};
    hs_job *job = NULL;
    assert_int_equal(hs_job_new(&toy_def, &ctx, log_free_ctx, TOY_UNITS, "", NULL, &job), HS_OK);
    void *a = malloc(8), *b = malloc(8), *c = malloc(8);
    assert_null(hs_job_kept(job, 0));
    assert_int_equal(hs_job_keep(job, a, log_free_1), HS_OK);
    assert_int_equal(hs_job_keep(job, b, log_free_2), HS_OK);
    assert_int_equal(hs_job_keep(job, c, free), HS_ERR_ARG);
    assert_ptr_equal(hs_job_kept(job, 0), a);
    assert_ptr_equal(hs_job_kept(job, 1), b);
    assert_null(hs_job_kept(job, 2));
    n_freed = 0;
    hs_job_free(job);
    assert_int_equal(n_freed, 3);
    assert_int_equal(free_log[0], 9);
    assert_int_equal(free_log[1], 2);
    assert_int_equal(free_log[2], 1);
    free(c);
}

static void test_reset(void **state) {
    (void)state;
    toy_ctx ctx = {0};
    hs_job *job = toy_new(&ctx);
    assert_int_equal(hs_job_run(job, 100, 300, NULL), HS_OK);
    assert_int_equal(hs_job_units_done(job), 200);
    hs_job_reset(job);
    assert_int_equal(hs_job_units_done(job), 0);
    for (size_t u = 0; u < TOY_UNITS; u++)
        assert_false(hs_job_unit_done(job, u));
    assert_consistent(job); /* the accumulator is zero too */
    /* and the job runs again from scratch, to the whole job's counts */
    assert_int_equal(hs_job_run(job, 0, TOY_UNITS, NULL), HS_OK);
    assert_consistent(job);
    assert_int_equal(hs_job_check(job), HS_OK);
    hs_job_free(job);
}

static void test_merge_ranges(void **state) {
    (void)state;
    toy_ctx ctx = {0};
    hs_job *whole = toy_new(&ctx);
    assert_int_equal(hs_job_run(whole, 0, TOY_UNITS, NULL), HS_OK);
    /* one worker job runs range after range, each sent as a checkpoint and reset; the
     * coordinator merges them in an order other than the one they were run in */
    static const size_t cut[] = {0, 1, 333, 334, 1000, 1999, TOY_UNITS};
    enum { RANGES = sizeof cut / sizeof cut[0] - 1 };
    unsigned char *piece[RANGES];
    size_t len[RANGES];
    hs_job *worker = toy_new(&ctx);
    for (int r = 0; r < RANGES; r++) {
        hs_job_opts o = {1 + r % 3, NULL, NULL, NULL, NULL, 0};
        assert_int_equal(hs_job_run(worker, cut[r], cut[r + 1], &o), HS_OK);
        assert_int_equal(hs_job_units_done(worker), cut[r + 1] - cut[r]);
        piece[r] = checkpoint_of(worker, &len[r]);
        hs_job_reset(worker);
    }
    hs_job *coord = toy_new(&ctx);
    static const int order[RANGES] = {4, 0, 5, 2, 1, 3};
    for (int i = 0; i < RANGES; i++) {
        int r = order[i];
        assert_int_equal(hs_job_checkpoint_merge(coord, piece[r], len[r]), HS_OK);
        assert_consistent(coord);
        for (size_t u = cut[r]; u < cut[r + 1]; u++)
            assert_true(hs_job_unit_done(coord, u));
        if (i + 1 < RANGES)
            assert_int_equal(hs_job_check(coord), HS_ERR_ARG);
    }
    assert_int_equal(hs_job_units_done(coord), TOY_UNITS);
    assert_int_equal(hs_job_check(coord), HS_OK);
    assert_memory_equal(hs_job_acc_const(coord), hs_job_acc_const(whole), sizeof(toy_acc));
    /* its own checkpoint is the uninterrupted job's, byte for byte */
    size_t a_len, b_len;
    unsigned char *a = checkpoint_of(coord, &a_len), *b = checkpoint_of(whole, &b_len);
    assert_int_equal(a_len, b_len);
    assert_memory_equal(a, b, a_len);
    free(a);
    free(b);

    /* a range merged twice, or one that overlaps what is done, is refused and changes nothing */
    size_t before_len;
    unsigned char *before = checkpoint_of(coord, &before_len);
    assert_int_equal(hs_job_checkpoint_merge(coord, piece[2], len[2]), HS_ERR_MISMATCH);
    hs_job *part = toy_new(&ctx);
    assert_int_equal(hs_job_checkpoint_merge(part, piece[0], len[0]), HS_OK);
    assert_int_equal(hs_job_checkpoint_merge(part, piece[3], len[3]), HS_OK);
    hs_job *over = toy_new(&ctx);
    assert_int_equal(hs_job_run(over, 300, 340, NULL), HS_OK); /* overlaps piece[3] by 6 units */
    size_t over_len;
    unsigned char *over_buf = checkpoint_of(over, &over_len);
    size_t part_len;
    unsigned char *part_before = checkpoint_of(part, &part_len);
    assert_int_equal(hs_job_checkpoint_merge(part, over_buf, over_len), HS_ERR_MISMATCH);
    size_t after_len;
    unsigned char *after = checkpoint_of(part, &after_len);
    assert_int_equal(after_len, part_len);
    assert_memory_equal(after, part_before, part_len);
    assert_consistent(part);
    free(after);
    free(part_before);
    free(over_buf);
    hs_job_free(over);
    hs_job_free(part);

    /* an empty checkpoint (no unit done) merges as nothing */
    hs_job *empty = toy_new(&ctx);
    size_t empty_len;
    unsigned char *empty_buf = checkpoint_of(empty, &empty_len);
    assert_int_equal(hs_job_checkpoint_merge(coord, empty_buf, empty_len), HS_OK);
    after = checkpoint_of(coord, &after_len);
    assert_memory_equal(after, before, before_len);
    free(after);
    free(before);
    free(empty_buf);
    hs_job_free(empty);
    for (int r = 0; r < RANGES; r++)
        free(piece[r]);
    hs_job_free(coord);
    hs_job_free(worker);
    hs_job_free(whole);
}

/* The checks of hs_job_checkpoint_read, with its codes, and a refused merge changes nothing. */
static void test_merge_refuses(void **state) {
    (void)state;
    toy_ctx ctx = {0};
    hs_job *worker = toy_new(&ctx);
    assert_int_equal(hs_job_run(worker, 10, 20, NULL), HS_OK);
    size_t len;
    unsigned char *buf = checkpoint_of(worker, &len);
    hs_job *job = toy_new(&ctx);
    assert_int_equal(hs_job_run(job, 500, 600, NULL), HS_OK);
    size_t ref_len;
    unsigned char *ref = checkpoint_of(job, &ref_len);

    buf[len / 2] ^= 1; /* damaged */
    assert_int_equal(hs_job_checkpoint_merge(job, buf, len), HS_ERR_FORMAT);
    buf[len / 2] ^= 1;
    assert_int_equal(hs_job_checkpoint_merge(job, buf, len - 1), HS_ERR_FORMAT);
    assert_int_equal(hs_job_checkpoint_merge(job, buf, 3), HS_ERR_FORMAT);
    buf[16] ^= 1; /* another build (the table hash), resealed */
    reseal(buf, len);
    assert_int_equal(hs_job_checkpoint_merge(job, buf, len), HS_ERR_VERSION);
    buf[16] ^= 1;
    reseal(buf, len);
    /* other parameters */
    hs_job *other;
    assert_int_equal(hs_job_new(&toy_def, &ctx, NULL, TOY_UNITS, "other", toy_tables, &other),
                     HS_OK);
    assert_int_equal(hs_job_checkpoint_merge(other, buf, len), HS_ERR_MISMATCH);
    assert_int_equal(hs_job_units_done(other), 0);
    hs_job_free(other);
    /* another number of units */
    assert_int_equal(hs_job_new(&toy_def, &ctx, NULL, TOY_UNITS - 1, "spin", toy_tables, &other),
                     HS_OK);
    assert_int_equal(hs_job_checkpoint_merge(other, buf, len), HS_ERR_MISMATCH);
    hs_job_free(other);
    /* another job (the matchups) */
    assert_int_equal(hs_poker_matchups_job_new(0, &other), HS_OK);
    assert_int_equal(hs_job_checkpoint_merge(other, buf, len), HS_ERR_MISMATCH);
    assert_int_equal(hs_job_units_done(other), 0);
    hs_job_free(other);

    size_t now_len;
    unsigned char *now = checkpoint_of(job, &now_len);
    assert_int_equal(now_len, ref_len);
    assert_memory_equal(now, ref, ref_len);
    free(now);
    /* the sound one merges */
    assert_int_equal(hs_job_checkpoint_merge(job, buf, len), HS_OK);
    assert_int_equal(hs_job_units_done(job), 110);
    assert_consistent(job);
    free(ref);
    free(buf);
    hs_job_free(job);
    hs_job_free(worker);
}

/* Three "ranks": the worker job runs the ranges [cut[r], cut[r + 1]) last first, and each range's
 * checkpoint is merged into coord (checked for consistency after each when `consistent`). */
static void run_as_ranks(hs_job *worker, hs_job *coord, const size_t cut[4], int consistent) {
    for (int r = 2; r >= 0; r--) {
        assert_int_equal(hs_job_run(worker, cut[r], cut[r + 1], NULL), HS_OK);
        size_t len;
        unsigned char *buf = checkpoint_of(worker, &len);
        hs_job_reset(worker);
        assert_int_equal(hs_job_checkpoint_merge(coord, buf, len), HS_OK);
        if (consistent)
            assert_consistent(coord);
        free(buf);
    }
}

/* A job without a merge function (its counts added word by word) merges checkpoints the same. */
static void test_merge_wordwise(void **state) {
    (void)state;
    static const hs_job_def words_def = {"toy",    1,    sizeof(toy_acc), 2 * sizeof(uint64_t),
                                         toy_unit, NULL, toy_check,       NULL};
    toy_ctx ctx = {0};
    hs_job *worker, *coord;
    assert_int_equal(hs_job_new(&words_def, &ctx, NULL, TOY_UNITS, "spin", toy_tables, &worker),
                     HS_OK);
    assert_int_equal(hs_job_new(&words_def, &ctx, NULL, TOY_UNITS, "spin", toy_tables, &coord),
                     HS_OK);
    const size_t cut[4] = {0, 777, 1500, TOY_UNITS};
    run_as_ranks(worker, coord, cut, 1);
    assert_int_equal(hs_job_check(coord), HS_OK);
    hs_job_free(worker);
    hs_job_free(coord);
}

/* The real matchups job split over three "ranks" and merged equals the uninterrupted run. */
static void test_merge_matchups(void **state) {
    (void)state;
    hs_poker_matchups *whole = malloc(sizeof *whole), *merged = malloc(sizeof *merged);
    assert_int_equal(hs_poker_matchups_run(2, NULL, NULL, whole, NULL), HS_OK);
    hs_job *coord, *worker;
    assert_int_equal(hs_poker_matchups_job_new(0, &coord), HS_OK);
    assert_int_equal(hs_poker_matchups_job_new(0, &worker), HS_OK);
    const size_t units = hs_job_units(coord);
    const size_t cut[4] = {0, units / 3, units / 2, units};
    run_as_ranks(worker, coord, cut, 0);
    assert_int_equal(hs_job_check(coord), HS_OK);
    assert_int_equal(hs_poker_matchups_job_result(coord, merged, NULL), HS_OK);
    assert_memory_equal(merged, whole, sizeof *whole);
    hs_job_free(worker);
    hs_job_free(coord);
    free(whole);
    free(merged);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_and_subsets),
        cmocka_unit_test(test_cancel_keeps_a_consistent_state),
        cmocka_unit_test(test_progress_poll),
        cmocka_unit_test(test_saves_while_running),
        cmocka_unit_test(test_stoppable_units),
        cmocka_unit_test(test_matchups_checkpoint),
        cmocka_unit_test(test_reset),
        cmocka_unit_test(test_keep),
        cmocka_unit_test(test_merge_ranges),
        cmocka_unit_test(test_merge_refuses),
        cmocka_unit_test(test_merge_wordwise),
        cmocka_unit_test(test_merge_matchups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
