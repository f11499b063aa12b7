/* The request layer's long hold'em tables, each a job over the preflop board list (or over
 * sampled deals): every class against random hands (holdem vs-random), the heads-up preflop table
 * (holdem preflop) and the three-way one (holdem preflop3), each with its registry entry. The
 * command line runs the same jobs with a checkpoint (cli_holdem.c, cli_preflop3.c) and writes
 * these tables. */
#include "request_internal.h"

#include "handstat/handstat.h"
#include "job_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- holdem vs-random ------------------------------------------------------------------------ */

/* Measured on one Intel Xeon thread (README): the whole exact table against one and two
 * opponents, the same with three, and a sampled deal of one opponent count. */
#define VS_RANDOM_SECONDS 8.0
#define VS_RANDOM3_SECONDS 90.0
#define VS_RANDOM_SAMPLE_SECONDS 2.5e-6

/* The classes of the rows ("AA,AKs", as holdem preflop3's): keep[c] set for each (all when not
 * given). */
static int classes_of(const hs_request *r, unsigned char keep[HS_HOLDEM_CLASSES], hs_req_ctx *x) {
    const char *text = hs_req_get(r, "classes");
    memset(keep, text == NULL, HS_HOLDEM_CLASSES);
    if (text == NULL)
        return HS_OK;
    int cls[HS_HOLDEM_CLASSES], n = 0;
    hs_parse_error err;
    const int rc = hs_holdem_classes_parse(text, strlen(text), cls, &n, &err);
    if (rc == HS_OK) {
        for (int i = 0; i < n; i++)
            keep[cls[i]] = 1;
        return HS_OK;
    }
    char tok[HS_TOKEN_TEXT];
    hs_text_token(tok, text + err.offset, err.length);
    if (rc == HS_ERR_TOKEN && err.length == 0)
        return hs_req_fail(x, HS_ERR_ARG,
                           "classes: an empty item in '%s' (class names separated by "
                           "commas)",
                           hs_text_token(tok, text, strlen(text)));
    if (rc == HS_ERR_TOKEN)
        return hs_req_fail(x, HS_ERR_ARG,
                           "classes: '%s' is not a starting-hand class (AA, AKs, T9o, ...)", tok);
    return hs_req_fail(x, HS_ERR_ARG, "classes: '%s' is given twice", tok);
}

/* The arguments of holdem vs-random, in the command line's order: samples (0: the exact table),
 * seed (only with samples), the opponent counts (default 1-2: up to three exactly, nine with
 * samples) as a bit set, and the classes of the rows. */
static int vs_random_args(const hs_request *r, unsigned *which, uint64_t *samples, uint64_t *seed,
                          unsigned char keep[HS_HOLDEM_CLASSES], hs_req_ctx *x) {
    int rc = hs_req_number(r, "samples", 1, HS_HOLDEM_VS_RANDOM_MAX_SAMPLES, 0, samples, x);
    if (rc == HS_OK && hs_req_get(r, "seed") != NULL && *samples == 0)
        rc = hs_req_fail(x, HS_ERR_ARG,
                         "seed: only with samples (the exact table draws nothing at random)");
    if (rc == HS_OK)
        rc = hs_req_number(r, "seed", 0, UINT64_MAX, 1, seed, x);
    if (rc != HS_OK)
        return rc;
    const char *given = hs_req_get(r, "opponents"), *text = given != NULL ? given : "1-2";
    const int max =
        *samples > 0 ? HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS : HS_HOLDEM_VS_RANDOM_MAX_OPPONENTS;
    hs_parse_error err;
    rc = hs_text_parse_counts(text, max, which, &err);
    if (rc == HS_OK)
        return classes_of(r, keep, x);
    char tok[HS_TOKEN_TEXT];
    hs_text_token(tok, text + err.offset, err.length);
    if (rc == HS_ERR_TOKEN)
        return hs_req_fail(x, HS_ERR_ARG,
                           "opponents: '%s' is not a count 1..%d or a range N-M of them (as 1-3)",
                           tok, max);
    if (*samples == 0)
        return hs_req_fail(
            x, HS_ERR_ARG,
            "opponents: '%s': exact only up to %d opponents (with samples, estimates up "
            "to %d)",
            tok, max, HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS);
    return hs_req_fail(x, HS_ERR_ARG, "opponents: '%s': at most %d opponents", tok, max);
}

/* The exact table's rows: per class kept (grid order), the counts of `which` in increasing
 * order. */
static void vs_random_exact_rows(hs_table *t, const hs_holdem_vs_random_counts *c, unsigned which,
                                 const unsigned char *keep) {
    for (int cls = 0; cls < HS_HOLDEM_CLASSES; cls++)
        for (int k = 1; k <= HS_HOLDEM_VS_RANDOM_MAX_OPPONENTS; k++) {
            if (!(which >> k & 1) || !keep[cls])
                continue;
            const uint64_t deals = hs_holdem_vs_random_deals(cls, k);
            /* below 2^63 against one or two (holdem.h); 128-bit shares against three */
            const hs_uint128 den = (hs_uint128)deals * HS_HOLDEM_SHARE_UNIT;
            const hs_holdem_player *p = k <= 2 ? &c->vs[cls][k - 1] : NULL;
            const hs_holdem_vs_random_row *r3 = &c->vs3[cls];
            char name[4];
            hs_holdem_class_name(cls, name);
            hs_tbl_text(t, name);
            hs_tbl_u128(t, (hs_uint128)k);
            hs_tbl_u128(t, deals);
            hs_tbl_u128(t, p != NULL ? p->wins : r3->wins);
            hs_tbl_u128(t, p != NULL ? p->ties : r3->ties);
            hs_tbl_u128(t, p != NULL ? p->losses : r3->losses);
            /* against one or two the equity has always been the quotient of the two doubles
             * (results/holdem_vs_random.csv), against three the exact ratio rounded */
            if (p != NULL)
                hs_tbl_double(t, (double)p->shares / (double)den);
            else
                hs_tbl_ratio(t, r3->shares, den);
            hs_tbl_fraction(t, p != NULL ? p->shares : r3->shares, den);
        }
}

/* The sampled table's rows, in the same order. */
static void vs_random_sample_rows(hs_table *t, const hs_holdem_vs_random_sample_counts *c,
                                  unsigned which, const unsigned char *keep) {
    for (int cls = 0; cls < HS_HOLDEM_CLASSES; cls++)
        for (int k = 1; k <= HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS; k++) {
            if (!(which >> k & 1) || !keep[cls])
                continue;
            const hs_holdem_vs_random_sums *r = &c->row[k - 1][cls];
            double equity, se;
            hs_holdem_vs_random_estimate(r, c->samples[k - 1], &equity, &se);
            char name[4];
            hs_holdem_class_name(cls, name);
            hs_tbl_text(t, name);
            hs_tbl_u128(t, (hs_uint128)k);
            hs_tbl_u128(t, c->samples[k - 1]);
            hs_tbl_u128(t, r->wins);
            hs_tbl_u128(t, r->ties);
            hs_tbl_u128(t, r->hands - r->wins - r->ties);
            hs_tbl_double(t, equity);
            hs_tbl_double(t, se);
            hs_tbl_text(t, "estimate");
        }
}

/* The job of holdem vs-random: the sampled table's, or the exact table's up to max_opponents
 * over a board list of its own. */
typedef struct vs_random_make {
    unsigned which;
    uint64_t samples, seed;
    int max_opponents;
} vs_random_make;

static int make_vs_random_job(const void *args, hs_job **out) {
    const vs_random_make *m = args;
    return m->samples > 0 ? hs_holdem_vs_random_sample_job_new(m->which, m->samples, m->seed, out)
                          : hs_holdem_vs_random_job_new_own(m->max_opponents, out);
}

/* holdem vs-random: each class against 1..3 random hands exactly (a job over the preflop boards),
 * or against 1..9 estimated from samples (a job of sampled deals). */
static int run_holdem_vs_random(const hs_request *r, hs_req_ctx *x) {
    unsigned which;
    uint64_t samples, seed;
    unsigned char keep[HS_HOLDEM_CLASSES];
    int rc = vs_random_args(r, &which, &samples, &seed, keep, x);
    if (rc != HS_OK)
        return rc;
    const int top = 31 - __builtin_clz(which);
    if (x->phase == HS_REQ_WORK) {
        if (samples == 0 && top == 3)
            snprintf(x->work, x->work_cap,
                     "the exact table against three opponents: every board with every hero hand "
                     "and ordered triple of opponents' hands, about %.0f s of one core",
                     VS_RANDOM3_SECONDS);
        return HS_OK;
    }
    const vs_random_make m = {which, samples, seed, top > 2 ? top : 2};
    hs_job *own;
    const hs_job *job;
    rc = hs_req_table_job(x, make_vs_random_job, &m, &own, &job);
    if (rc != HS_OK || x->phase == HS_REQ_START)
        return rc;
    hs_table *t = NULL;
    if (samples > 0) {
        static const char *const COLS[] = {"class",  "opponents", "samples",   "wins", "ties",
                                           "losses", "equity",    "std_error", "kind"};
        static const int KINDS[] = {HS_CELL_TEXT,    HS_CELL_INT,     HS_CELL_INT,
                                    HS_CELL_INT,     HS_CELL_INT,     HS_CELL_INT,
                                    HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_TEXT};
        t = hs_tbl_new(COLS, KINDS, 9);
        if (t != NULL) {
            vs_random_sample_rows(t, hs_holdem_vs_random_sample_job_counts(job), which, keep);
            hs_tbl_note(t, "samples", "%" PRIu64, samples);
            hs_tbl_note(t, "seed", "%" PRIu64, seed);
            hs_tbl_note(t, "kind", "estimate");
        }
    } else {
        static const char *const COLS[] = {"class", "opponents", "deals",  "wins",
                                           "ties",  "losses",    "equity", "equity_exact"};
        static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_INT,     HS_CELL_INT,
                                    HS_CELL_INT,  HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION};
        t = hs_tbl_new(COLS, KINDS, 8);
        if (t != NULL) {
            vs_random_exact_rows(t, hs_holdem_vs_random_job_counts(job), which, keep);
            hs_tbl_note(t, "boards", "%zu", hs_holdem_vs_random_job_boards(job));
            hs_tbl_note(t, "kind", "exact");
        }
    }
    hs_job_free(own);
    return hs_req_answer(x, t);
}

/* ---- holdem preflop ------------------------------------------------------------------------- */

/* Measured on one AMD EPYC Zen 3 thread (holdem preflop --threads 1): the whole table, 20 s. */
#define PREFLOP_SECONDS 20.0

static void board_list_free(void *p) {
    hs_holdem_preflop_free(p);
}

/* The heads-up table's job over a board list of its own. */
static int make_preflop_job(const void *args, hs_job **out) {
    (void)args;
    hs_holdem_preflop *t;
    const int rc = hs_holdem_preflop_new(&t);
    return rc != HS_OK
               ? rc
               : hs_req_job_keeping(hs_holdem_preflop_job_new(t, out), out, t, board_list_free);
}

/* Heads-up equity of a against b: wins plus half the ties, over all deals. */
static double preflop_equity(const hs_holdem_preflop_counts *c, int a, int b) {
    const uint64_t wa = c->wins[a][b], t = c->ties[a][b], wb = c->wins[b][a];
    return ((double)wa + 0.5 * (double)t) / (double)(wa + t + wb);
}

/* Every ordered pair of classes with its counts; the equity to 9 decimals (as results/ holds). */
static hs_table *preflop_pairs(const hs_holdem_preflop_counts *c) {
    static const char *const COLS[] = {"class_a", "class_b", "combos",  "wins_a",
                                       "ties",    "wins_b",  "equity_a"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT,    HS_CELL_INT,
                                HS_CELL_INT,  HS_CELL_INT,  HS_CELL_DECIMAL};
    hs_table *t = hs_tbl_new(COLS, KINDS, 7);
    for (int a = 0; t != NULL && a < HS_HOLDEM_CLASSES; a++)
        for (int b = 0; b < HS_HOLDEM_CLASSES; b++) {
            char na[4], nb[4];
            hs_holdem_class_name(a, na);
            hs_holdem_class_name(b, nb);
            hs_tbl_text(t, na);
            hs_tbl_text(t, nb);
            hs_tbl_u128(t, hs_holdem_class_pairs(a, b));
            hs_tbl_u128(t, c->wins[a][b]);
            hs_tbl_u128(t, c->ties[a][b]);
            hs_tbl_u128(t, c->wins[b][a]);
            hs_tbl_fixed(t, preflop_equity(c, a, b), 9);
        }
    return t;
}

/* The 169 x 169 matrix: row class against column class, the equity to 6 decimals. */
static hs_table *preflop_matrix(const hs_holdem_preflop_counts *c) {
    char names[HS_HOLDEM_CLASSES][4];
    const char *cols[HS_HOLDEM_CLASSES + 1] = {"class"};
    int kinds[HS_HOLDEM_CLASSES + 1] = {HS_CELL_TEXT};
    for (int b = 0; b < HS_HOLDEM_CLASSES; b++) {
        hs_holdem_class_name(b, names[b]);
        cols[b + 1] = names[b];
        kinds[b + 1] = HS_CELL_DECIMAL;
    }
    hs_table *t = hs_tbl_new(cols, kinds, HS_HOLDEM_CLASSES + 1);
    for (int a = 0; t != NULL && a < HS_HOLDEM_CLASSES; a++) {
        hs_tbl_text(t, names[a]);
        for (int b = 0; b < HS_HOLDEM_CLASSES; b++)
            hs_tbl_fixed(t, preflop_equity(c, a, b), 6);
    }
    return t;
}

static const char *const PREFLOP_TABLES[] = {"pairs", "matrix"};

/* holdem preflop: every class against every other heads-up, exactly (a job over the preflop
 * boards), as the pairs' table or the matrix. */
static int run_holdem_preflop(const hs_request *r, hs_req_ctx *x) {
    int which;
    int rc = hs_req_table_choice(r, PREFLOP_TABLES, 2, &which, x);
    hs_job *own;
    const hs_job *job;
    if (rc == HS_OK)
        rc = hs_req_table_job(x, make_preflop_job, NULL, &own, &job);
    if (rc != HS_OK || x->phase == HS_REQ_START)
        return rc;
    const hs_holdem_preflop_counts *c = hs_holdem_preflop_job_counts(job);
    hs_table *t = which == 0 ? preflop_pairs(c) : preflop_matrix(c);
    const hs_holdem_preflop *boards = hs_job_kept(job, 0);
    if (t != NULL && boards != NULL)
        hs_tbl_note(t, "boards", "%zu", hs_holdem_preflop_boards(boards));
    if (t != NULL)
        hs_tbl_note(t, "kind", "exact");
    hs_job_free(own);
    return hs_req_answer(x, t);
}

/* ---- holdem preflop3 ---------------------------------------------------------------------- */

/* Measured on one AMD EPYC Zen 3 thread (holdem preflop3 --threads 1 --classes of 3, 12 and 33
 * classes: 0.7 s, 7.4 s, 98 s; all 169 about 30 minutes): the time grows as the square of the
 * number of classes (every pair of hands, the third player's classes split at one rank each),
 * about this many seconds per ordered pair of classes. */
#define PREFLOP3_PAIR_SECONDS 0.065

static void preflop3_free(void *p) {
    hs_holdem_preflop3_free(p);
}

/* The selection of classes: keep[] as given (all when none), as a list in class order. */
typedef struct p3_args {
    int classes[HS_HOLDEM_CLASSES];
    int n;
} p3_args;

static int make_preflop3_job(const void *args, hs_job **out) {
    const p3_args *a = args;
    hs_holdem_preflop3 *t;
    const int rc = hs_holdem_preflop3_new(a->classes, a->n, &t);
    return rc != HS_OK
               ? rc
               : hs_req_job_keeping(hs_holdem_preflop3_job_new(t, out), out, t, preflop3_free);
}

static int preflop3_args(const hs_request *r, p3_args *a, hs_req_ctx *x) {
    unsigned char keep[HS_HOLDEM_CLASSES];
    const int rc = classes_of(r, keep, x);
    a->n = 0;
    for (int c = 0; rc == HS_OK && c < HS_HOLDEM_CLASSES; c++)
        if (keep[c])
            a->classes[a->n++] = c;
    return rc;
}

/* A player's equity as the numerator over 6 x deals: 6 per win, 3 per two-way tie, 2 per
 * three-way tie. */
static uint64_t sixths(const uint64_t *c, int win, int tie1, int tie2) {
    return 6 * c[win] + 3 * c[tie1] + 3 * c[tie2] + 2 * c[HS_P3_TIE_ABC];
}

static hs_table *preflop3_table(const hs_holdem_preflop3 *table, const uint64_t *c) {
    static const char *const COLS[] = {
        "class_a",  "class_b",        "class_c",        "deals",          "equity_a", "equity_b",
        "equity_c", "equity_a_exact", "equity_b_exact", "equity_c_exact", "wins_a",   "wins_b",
        "wins_c",   "ties_ab",        "ties_ac",        "ties_bc",        "ties_abc"};
    static const int KINDS[] = {
        HS_CELL_TEXT,    HS_CELL_TEXT,    HS_CELL_TEXT,     HS_CELL_INT,      HS_CELL_DECIMAL,
        HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_FRACTION, HS_CELL_FRACTION, HS_CELL_FRACTION,
        HS_CELL_INT,     HS_CELL_INT,     HS_CELL_INT,      HS_CELL_INT,      HS_CELL_INT,
        HS_CELL_INT,     HS_CELL_INT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 17);
    const size_t n = hs_holdem_preflop3_triples(table);
    for (size_t i = 0; t != NULL && i < n; i++, c += HS_P3_OUTCOMES) {
        int cls[3];
        hs_holdem_preflop3_triple(table, i, cls);
        const uint64_t deals = hs_holdem_preflop3_deals(cls[0], cls[1], cls[2]);
        if (deals == 0)
            continue; /* no deal holds it (AA AA AA) */
        /* below 1728 x 1,370,754 x 6 < 2^44 */
        const uint64_t num[3] = {sixths(c, HS_P3_WIN_A, HS_P3_TIE_AB, HS_P3_TIE_AC),
                                 sixths(c, HS_P3_WIN_B, HS_P3_TIE_AB, HS_P3_TIE_BC),
                                 sixths(c, HS_P3_WIN_C, HS_P3_TIE_AC, HS_P3_TIE_BC)};
        for (int p = 0; p < 3; p++) {
            char name[4];
            hs_holdem_class_name(cls[p], name);
            hs_tbl_text(t, name);
        }
        hs_tbl_u128(t, deals);
        for (int p = 0; p < 3; p++)
            hs_tbl_double(t, (double)num[p] / (double)(6 * deals));
        for (int p = 0; p < 3; p++)
            hs_tbl_fraction(t, num[p], (hs_uint128)6 * deals);
        for (int o = 0; o < HS_P3_OUTCOMES; o++)
            hs_tbl_u128(t, c[o]);
    }
    return t;
}

/* holdem preflop3: every triple of the classes given (all 169 when none) over every deal. */
static int run_holdem_preflop3(const hs_request *r, hs_req_ctx *x) {
    p3_args a;
    int rc = preflop3_args(r, &a, x);
    hs_job *own;
    const hs_job *job;
    if (rc == HS_OK)
        rc = hs_req_table_job(x, make_preflop3_job, &a, &own, &job);
    if (rc != HS_OK || x->phase == HS_REQ_START)
        return rc;
    const hs_holdem_preflop3 *table = hs_job_kept(job, 0);
    hs_table *t = preflop3_table(table, hs_holdem_preflop3_job_counts(job));
    if (t != NULL) {
        hs_tbl_note(t, "triples", "%zu", hs_holdem_preflop3_triples(table));
        hs_tbl_note(t, "classes", "%d", hs_holdem_preflop3_classes(table, NULL));
        hs_tbl_note(t, "kind", "exact");
    }
    hs_job_free(own);
    return hs_req_answer(x, t);
}

/* ---- the registry's entries ----------------------------------------------------------------- */

#define A_SEED                                                                                     \
    { "seed", HS_ARG_COUNT, 0, 1, NULL, "1", "the estimate's random seed" }

static double vs_random_seconds(const hs_request *r, const hs_job *job) {
    (void)job;
    /* the arguments again (checked when the job was made) */
    unsigned which = 0;
    uint64_t samples = 0, seed;
    unsigned char keep[HS_HOLDEM_CLASSES];
    hs_req_ctx x = {.phase = HS_REQ_FINISH};
    if (vs_random_args(r, &which, &samples, &seed, keep, &x) != HS_OK)
        return 0;
    if (samples > 0)
        return (double)samples * (double)__builtin_popcount(which) * VS_RANDOM_SAMPLE_SECONDS;
    return which >> 3 & 1 ? VS_RANDOM3_SECONDS : VS_RANDOM_SECONDS;
}

static const hs_command_arg VS_RANDOM_ARGS[] = {
    {"opponents", HS_ARG_TEXT, 0, 1, NULL, "1-2",
     "opponent counts: 1-3, 2 or 1,3 (default 1-2); up to 9 with samples"},
    {"samples", HS_ARG_COUNT, 0, 1, NULL, NULL,
     "an estimate from this many deals per opponent count instead"},
    A_SEED,
    {"classes", HS_ARG_TEXT, 0, 1, NULL, NULL,
     "only these classes' rows, e.g. AA,AKs,72o (default: all 169)"}};
static const char *const VS_RANDOM_EXAMPLE[] = {"opponents", "4", "samples", "20000", NULL};
const hs_command_def hs_req_holdem_vs_random = {
    {"holdem vs-random", "Hold'em against random hands",
     "each of the 169 starting classes against 1 to 3 random hands exactly (1-2: seconds, 3: "
     "minutes, beyond the server's cap), or against 1 to 9 estimated with samples",
     VS_RANDOM_ARGS, HS_REQ_N(VS_RANDOM_ARGS), VS_RANDOM_EXAMPLE,
     "holdem vs-random --opponents 4 --samples 20000",
     HS_COMMAND_JOB | HS_COMMAND_WORK_NOTE | HS_COMMAND_SAMPLES},
    run_holdem_vs_random,
    vs_random_seconds};

static double preflop_seconds(const hs_request *r, const hs_job *job) {
    (void)r;
    (void)job;
    return PREFLOP_SECONDS;
}

static const hs_command_arg PREFLOP_ARGS[] = {
    {"table", HS_ARG_CHOICE, 0, 1, "pairs|matrix", "pairs",
     "pairs: every ordered pair of classes with its counts; matrix: the 169 x 169 equities"}};
static const char *const PREFLOP_EXAMPLE[] = {NULL};
const hs_command_def hs_req_holdem_preflop = {
    {"holdem preflop", "Hold'em preflop table",
     "the exact heads-up equity of every starting class against every other over all deals",
     PREFLOP_ARGS, HS_REQ_N(PREFLOP_ARGS), PREFLOP_EXAMPLE, "holdem preflop", HS_COMMAND_JOB},
    run_holdem_preflop,
    preflop_seconds};

static double preflop3_seconds(const hs_request *r, const hs_job *job) {
    (void)r;
    const hs_holdem_preflop3 *table = hs_job_kept(job, 0);
    const double k = table != NULL ? hs_holdem_preflop3_classes(table, NULL) : 0;
    return k * k * PREFLOP3_PAIR_SECONDS;
}

static const hs_command_arg PREFLOP3_ARGS[] = {
    {"classes", HS_ARG_TEXT, 0, 1, NULL, NULL,
     "only the triples among these classes, e.g. AA,KK,AKs (default: all 169, hours)"}};
static const char *const PREFLOP3_EXAMPLE[] = {"classes", "AA,KK,AKs", NULL};
const hs_command_def hs_req_holdem_preflop3 = {
    {"holdem preflop3", "Hold'em three-way preflop table",
     "the exact three-way equity of every triple of starting classes over all deals", PREFLOP3_ARGS,
     HS_REQ_N(PREFLOP3_ARGS), PREFLOP3_EXAMPLE, "holdem preflop3 --classes AA,KK,AKs",
     HS_COMMAND_JOB},
    run_holdem_preflop3,
    preflop3_seconds};
