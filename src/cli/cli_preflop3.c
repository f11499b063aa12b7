/* handstat holdem preflop3: the exact three-way preflop table, whole or over some classes. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

static const char PREFLOP3_USAGE[] =
    "usage: handstat holdem preflop3 [--classes LIST] [--threads N] [-o FILE] [--resume]\n"
    "                                [--checkpoint FILE]\n"
    "\n"
    "The exact three-way preflop table: for every unordered triple of starting-hand classes\n"
    "A <= B <= C (in the grid order AA, AKs, ..., 22; a class may repeat), every deal of a\n"
    "combination of A to player a, of B to b and of C to c, pairwise disjoint, and five board\n"
    "cards from the other 46 (deals = disjoint combination triples x 1,370,754). Writes CSV\n"
    "class_a,class_b,class_c,deals,equity_a,equity_b,equity_c,equity_a_exact,equity_b_exact,\n"
    "equity_c_exact,wins_a,wins_b,wins_c,ties_ab,ties_ac,ties_bc,ties_abc: the wins alone, each\n"
    "two-way tie (the third player losing) and the three-way tie; a player's equity is its wins\n"
    "plus a half of its two-way ties and a third of the three-way ties, over the deals, also as\n"
    "an exact reduced fraction. Triples no deal can hold (AA AA AA, AA AA AKs) are left out.\n"
    "All 169 classes give 818,805 triples (about 15 minutes on two AVX-512 cores; see the\n"
    "README for running it on many machines). Progress (rate, time left) goes to standard error\n"
    "when it is a terminal; the work is saved to a checkpoint as it goes: after an interruption\n"
    "run the same command with --resume. The CSV file is written whole or not at all.\n"
    "\n"
    "  --classes LIST     only the triples among these classes: class names separated by\n"
    "                     commas (AA,KK,AKs,T9o; any case; default: all 169)\n"
    "  -o FILE            the table (default: standard output)\n" CLI_CHECKPOINT_HELP
    "  --threads N        worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 1 unusable checkpoint, 2 bad command line, 3 file error,\n"
    "             130 interrupted (SIGINT), 143 terminated (SIGTERM)\n";

/* A player's equity as the numerator over 6 x deals: 6 per win, 3 per two-way tie, 2 per
 * three-way tie. */
static uint64_t sixths(const uint64_t *c, int win, int tie1, int tie2) {
    return 6 * c[win] + 3 * c[tie1] + 3 * c[tie2] + 2 * c[HS_P3_TIE_ABC];
}

static void write_preflop3_csv(FILE *fp, const hs_holdem_preflop3 *table, const uint64_t *c) {
    static const char *const HEADER[] = {
        "class_a",  "class_b",        "class_c",        "deals",          "equity_a", "equity_b",
        "equity_c", "equity_a_exact", "equity_b_exact", "equity_c_exact", "wins_a",   "wins_b",
        "wins_c",   "ties_ab",        "ties_ac",        "ties_bc",        "ties_abc"};
    cli_table t;
    cli_table_init(&t, fp, 1, NULL);
    cli_header(&t, HEADER, 17);
    const size_t n = hs_holdem_preflop3_triples(table);
    for (size_t x = 0; x < n; x++, c += HS_P3_OUTCOMES) {
        int cls[3];
        hs_holdem_preflop3_triple(table, x, cls);
        const uint64_t deals = hs_holdem_preflop3_deals(cls[0], cls[1], cls[2]);
        if (deals == 0)
            continue;
        /* Below 1728 x 1,370,754 x 6 < 2^44: the fraction's terms fit their arguments. */
        const uint64_t num[3] = {sixths(c, HS_P3_WIN_A, HS_P3_TIE_AB, HS_P3_TIE_AC),
                                 sixths(c, HS_P3_WIN_B, HS_P3_TIE_AB, HS_P3_TIE_BC),
                                 sixths(c, HS_P3_WIN_C, HS_P3_TIE_AC, HS_P3_TIE_BC)};
        for (int p = 0; p < 3; p++) {
            char name[4];
            hs_holdem_class_name(cls[p], name);
            cli_cell(&t, name);
        }
        cli_cell_u64(&t, deals);
        for (int p = 0; p < 3; p++)
            cli_cell_ratio(&t, (double)num[p] / (double)(6 * deals));
        for (int p = 0; p < 3; p++)
            cli_cell_fraction(&t, (long long)num[p], 6 * deals);
        for (int o = 0; o < HS_P3_OUTCOMES; o++)
            cli_cell_u64(&t, c[o]);
        cli_row_end(&t);
    }
}

/* make for cli_job_open_run: the classes' triples, then the job over them. */
typedef struct p3_make {
    const int *classes;
    int n;
    hs_holdem_preflop3 **table;
} p3_make;

static int make_p3_job(void *ctx, hs_job **job) {
    const p3_make *m = ctx;
    const int rc = hs_holdem_preflop3_new(m->classes, m->n, m->table);
    return rc != HS_OK ? rc : hs_holdem_preflop3_job_new(*m->table, job);
}

int cli_holdem_preflop3(int argc, char **argv) {
    int threads = 0, resume = 0, n_pos;
    const char *path = NULL, *ckpt_arg = NULL, *classes_arg = NULL;
    const cli_opt opts[] = {{"-o", NULL, CLI_OPT_VALUE, &path},
                            {"--classes", NULL, CLI_OPT_VALUE, &classes_arg},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, PREFLOP3_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    int classes[HS_HOLDEM_CLASSES], n_classes = 0;
    if (classes_arg != NULL && (rc = cli_parse_classes(classes_arg, classes, &n_classes)) != CLI_OK)
        return rc;
    /* From here on SIGINT and SIGTERM stop the job at its next unit, after saving. */
    cli_catch_signals();
    hs_holdem_preflop3 *table = NULL;
    hs_job *job = NULL;
    cli_outs outs = {.n = 0};
    cli_job j;
    const char *const names[1] = {"-o"};
    const char *const files[1] = {path};
    cli_out *csv_out = cli_outs_add(&outs, "-o", path);
    memset(&j, 0, sizeof j);
    p3_make m = {classes_arg != NULL ? classes : NULL,
                 classes_arg != NULL ? n_classes : HS_HOLDEM_CLASSES, &table};
    int status =
        cli_job_open_run(&j, &outs, "holdem preflop3", ckpt_arg, path, "holdem_preflop3.ckpt",
                         resume, threads, names, files, 1, make_p3_job, &m, &job);
    if (status == CLI_OK) {
        write_preflop3_csv(csv_out->fp, table, hs_holdem_preflop3_job_counts(job));
        status = cli_outs_commit(&outs);
    }
    if (status == CLI_OK && !cli_quiet)
        fprintf(stderr,
                "holdem preflop3: %zu triples of %d classes over every deal (%zu units) in "
                "%.1f s with %d thread%s\n",
                hs_holdem_preflop3_triples(table), hs_holdem_preflop3_classes(table, NULL),
                hs_job_units(job), j.seconds, j.threads_used, j.threads_used == 1 ? "" : "s");
    cli_outs_abort(&outs);
    cli_job_finish(&j, status);
    hs_job_free(job);
    hs_holdem_preflop3_free(table);
    return status;
}
