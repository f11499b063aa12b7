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

static void preflop3_summary(const hs_table *t, const hs_job *job, const cli_job *run,
                             const void *ctx) {
    (void)ctx;
    fprintf(stderr,
            "holdem preflop3: %s triples of %s classes over every deal (%zu units) in %.1f s with "
            "%d thread%s\n",
            hs_table_note(t, "triples"), hs_table_note(t, "classes"), hs_job_units(job),
            run->seconds, run->threads_used, run->threads_used == 1 ? "" : "s");
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
    int status;
    hs_request *q = cli_request_with("holdem preflop3", "classes", classes_arg, &status);
    if (q != NULL) {
        const char *const names[1] = {"-o"};
        const char *const files[1] = {path};
        hs_request *const qs[1] = {q};
        const cli_table_files o = {.label = "holdem preflop3",
                                   .fallback = "holdem_preflop3.ckpt",
                                   .ckpt_arg = ckpt_arg,
                                   .resume = resume,
                                   .threads = threads,
                                   .n = 1,
                                   .names = names,
                                   .paths = files,
                                   .q = qs,
                                   .summary = preflop3_summary};
        status = cli_request_tables(&o);
    }
    hs_request_free(q);
    return status;
}
