/* handstat crib: discard, throw-table, deals and peg-table, shells over the request layer's
 * commands of those names (their tables rendered there), with the checkpoints of the long ones. */
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

#define MODEL_TEXT                                                                                 \
    "Model: the cards you have not seen are equally likely. Two players (6 cards dealt, keep 4,\n" \
    "throw 2): the hand's starter is any of the 46 unseen cards; the crib is your two cards "      \
    "plus\n"                                                                                       \
    "any two of the 46 the opponent could throw (1035 pairs, all equally likely) with the "        \
    "starter\n"                                                                                    \
    "any of the 44 left: 45,540 equally likely cases per keep. Three players (5 cards dealt, "     \
    "keep\n"                                                                                       \
    "4, throw 1): the starter is any of the 47 unseen; the crib's other three cards (two\n"        \
    "opponents' throws and the card from the deck) are any 3 of the 47 and the starter any of "    \
    "the\n"                                                                                        \
    "other 44 (713,460 cases). The hand is scored with hand rules, the crib with crib rules "      \
    "(only\n"                                                                                      \
    "a five-card flush). The dealer owns the crib: combined = hand + crib for the dealer, hand "   \
    "-\n"                                                                                          \
    "crib for the pone.\n"

static const char DISCARD_USAGE[] =
    "usage: handstat crib discard [--dealer | --pone] [--pegging] [--csv] CARD x6 (or x5)\n"
    "\n"
    "Every way to keep four of the dealt cards, with the exact expectation of the hand (and its\n"
    "minimum, maximum and standard deviation over the starters), of the crib, and combined,\n"
    "best combined first (ties: higher hand expectation, then lower kept ranks).\n"
    "\n" MODEL_TEXT "\n"
    "  --dealer   the crib is yours (the default)\n"
    "  --pone     the crib is the opponent's\n"
    "  --pegging  two players: also the expected double-dummy pegging differential of each keep\n"
    "             for your role (dealer: dealer - pone; pone: pone - dealer; both players\n"
    "             playing perfectly with both hands known, 'handstat crib peg'), over every\n"
    "             four-card hand the opponent could hold from the 46 unseen cards (163,185,\n"
    "             equally likely), and total = combined + pegging; keeps best total first\n"
    "  --csv      a header, then one row per keep, best first:\n"
    "             keep,throw,hand_ev,hand_ev_exact,hand_min,hand_max,hand_sd,crib_ev,\n"
    "             crib_ev_exact,combined_ev,combined_ev_exact,role; with --pegging\n"
    "             peg_ev,peg_ev_exact,total_ev,total_ev_exact before role\n"
    "             (cards space-separated in rank order, exact values as reduced fractions p/q)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 analysed, 1 bad cards, 2 bad command line,\n"
    "             3 cannot write standard output\n";

static const char THROW_USAGE[] =
    "usage: handstat crib throw-table [-o FILE]\n"
    "\n"
    "The exact expected crib of every two-card throw when nothing else is known: the crib's other\n"
    "two cards are any two of the 50 other cards, the starter any of the 48 left, all 58,800\n"
    "cases equally likely; crib rules (only a five-card flush). The 1326 throws fall into 169\n"
    "classes with equal expectations (a suit permutation maps one onto another): 13 pairs, 78\n"
    "suited and 78 offsuit rank pairs; one row per class, the rank pairs ace low.\n"
    "CSV: ranks,suits,combos,crib_sum,cases,crib_ev,crib_ev_exact (crib_sum is one throw's sum).\n"
    "\n"
    "  -o FILE   write to FILE (default: standard output)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 2 bad command line, 3 file error\n";

static const char DEALS_USAGE[] =
    "usage: handstat crib deals [--threads N] [-o FILE] [--combined FILE] [--patterns FILE]\n"
    "                        [--checkpoint FILE] [--resume]\n"
    "\n"
    "Every two-player deal of six cards (20,358,520; folded by suit permutation, each analysed\n"
    "deal weighted by how many it stands for), with the best keep by hand expectation and by the\n"
    "dealer's and the pone's combined expectation (model below). Ties: higher hand expectation,\n"
    "then the kept ranks in ascending order lexicographically smaller (suit-blind, so folding is\n"
    "exact). A pattern is the sorted ranks of the best keep, ace low: 5-5-J-Q.\n"
    "\n" MODEL_TEXT "\n"
    "  --threads N       worker threads, 1..1024 (default: one per core)\n" CLI_CHECKPOINT_HELP
    "  -o FILE           the best hand expectation, exactly: "
    "hand_sum,hand_ev,hand_ev_exact,deals,\n"
    "                    probability (hand_ev = hand_sum / 46; rows with deals > 0)\n"
    "  --combined FILE   the best combined expectation in tenths of a point: ev_from,ev_to,\n"
    "                    dealer_deals,pone_deals,dealer_probability,pone_probability\n"
    "                    (the bin [ev_from, ev_to); every bin from the lowest to the highest "
    "used)\n"
    "  --patterns FILE   how often each pattern is the best keep: "
    "pattern,hand_deals,dealer_deals,\n"
    "                    pone_deals,hand_probability,dealer_probability,pone_probability\n"
    "                    (patterns in rank order; rows with any deals)\n"
    "A summary with exact means goes to standard error; progress too when it is a terminal.\n"
    "Results are identical at every thread count. Files are written whole or not at all. After\n"
    "an interruption (Ctrl-C, SIGTERM) run the same command with --resume to continue.\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 1 unusable checkpoint, 2 bad command line, 3 file error,\n"
    "             130 interrupted (SIGINT), 143 terminated (SIGTERM)\n";

static const char PEG_TABLE_USAGE[] =
    "usage: handstat crib peg-table [--threads N] [-o FILE] [--patterns FILE]\n"
    "                            [--checkpoint FILE] [--resume]\n"
    "\n"
    "Every two-player deal of six cards, as crib deals (folded by suit permutation), with the\n"
    "best keep for the dealer and for the pone by total = combined + pegging: the combined\n"
    "expectation of crib deals plus the role's expected double-dummy pegging differential over\n"
    "the 163,185 hands the opponent could hold ('handstat crib discard --pegging'). Ties: higher\n"
    "hand expectation, then the kept ranks. About 2 us of CPU per deal (about 1 s on two\n"
    "cores).\n"
    "\n"
    "  --threads N       worker threads, 1..1024 (default: one per core)\n" CLI_CHECKPOINT_HELP
    "  -o FILE           the best total in tenths of a point: ev_from,ev_to,dealer_deals,\n"
    "                    pone_deals,dealer_probability,pone_probability (the bin [ev_from, "
    "ev_to);\n"
    "                    every bin from the lowest to the highest used)\n"
    "  --patterns FILE   how often each kept rank pattern is best: pattern,dealer_deals,\n"
    "                    pone_deals,dealer_probability,pone_probability (rows with any deals)\n"
    "A summary with exact means goes to standard error; progress too when it is a terminal.\n"
    "Results are identical at every thread count. Files are written whole or not at all. After\n"
    "an interruption (Ctrl-C, SIGTERM) run the same command with --resume to continue.\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 1 unusable checkpoint, 2 bad command line, 3 file error,\n"
    "             130 interrupted (SIGINT), 143 terminated (SIGTERM)\n";

static const char RANK_CHARS[] = "A23456789TJQK";

/* The text table of crib discard: "%2d  %-12s  %-6s %6.3f  %3u %3u %6.3f  %6.3f  %8.3f   %s, %s,
 * %s" (rank, keep, throw, hand, min, max, sd, crib, combined, then the three exact values). */
static const cli_col DISCARD_TEXT[] = {{"", 2},   {"  ", -12}, {"  ", -6}, {" ", 6},
                                       {"  ", 3}, {" ", 3},    {" ", 6},   {"  ", 6},
                                       {"  ", 8}, {"   ", 0},  {", ", 0},  {", ", 0}};

/* With --pegging: "... %8.3f %7.3f %8.3f   %s, %s, %s, %s, %s" (then pegging and total). */
static const cli_col DISCARD_PEG_TEXT[] = {
    {"", 2},   {"  ", -12}, {"  ", -6}, {" ", 6},   {"  ", 3}, {" ", 3},  {" ", 6},  {"  ", 6},
    {"  ", 8}, {" ", 7},    {" ", 8},   {"   ", 0}, {", ", 0}, {", ", 0}, {", ", 0}, {", ", 0}};

/* The column of the request's table called `name`. */
static size_t column(const hs_table *t, const char *name) {
    size_t c = 0;
    while (c < hs_table_columns(t) && strcmp(hs_table_column(t, c), name) != 0)
        c++;
    return c;
}

/* The text rendering of the request's table: decimals with 3 places, then the exact values. */
static void discard_text(const hs_table *t, int pegging) {
    static const char *const TEXT[] = {"keep",    "throw",   "hand_ev",     "hand_min", "hand_max",
                                       "hand_sd", "crib_ev", "combined_ev", "peg_ev",   "total_ev"};
    static const char *const EXACT[] = {"hand_ev_exact", "crib_ev_exact", "combined_ev_exact",
                                        "peg_ev_exact", "total_ev_exact"};
    cli_table out;
    cli_table_init(&out, stdout, 0, pegging ? DISCARD_PEG_TEXT : DISCARD_TEXT);
    for (size_t r = 0; r < hs_table_rows(t); r++) {
        cli_cell_int(&out, (long long)r + 1);
        for (int i = 0; i < (pegging ? 10 : 8); i++) {
            const size_t c = column(t, TEXT[i]);
            if (hs_table_column_kind(t, c) == HS_CELL_DECIMAL)
                cli_cell_fixed(&out, hs_table_number(t, r, c), CLI_DIGITS_TEXT);
            else
                cli_cell(&out, hs_table_cell(t, r, c));
        }
        for (int i = 0; i < (pegging ? 5 : 3); i++)
            cli_cell(&out, hs_table_cell(t, r, column(t, EXACT[i])));
        cli_row_end(&out);
    }
}

static int crib_discard(int argc, char **argv) {
    int csv = 0, dealer = 0, pone = 0, pegging = 0, n_pos;
    const cli_opt opts[] = {{"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {"--dealer", NULL, CLI_OPT_FLAG, &dealer},
                            {"--pone", NULL, CLI_OPT_FLAG, &pone},
                            {"--pegging", NULL, CLI_OPT_FLAG, &pegging},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, DISCARD_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (dealer && pone) {
        cli_error("--dealer and --pone exclude each other: give one");
        return CLI_EXIT_USAGE;
    }
    size_t used;
    char *text = cli_join_args(argv, 1, 1 + n_pos, 0, &used);
    if (text == NULL)
        return CLI_EXIT_IO;
    if (used == 0) {
        cli_error("no cards given: expected 6 cards (two players) or 5 (three players)");
        free(text);
        return CLI_EXIT_USAGE;
    }
    int status;
    hs_request *r = cli_request_new("crib discard", &text, 1, &status);
    free(text);
    if (r == NULL)
        return status;
    const char *const keys[] = {"role", "pegging"}, *const values[] = {pone ? "pone" : "dealer",
                                                                       pegging ? "1" : NULL};
    if (cli_request_opts(r, keys, values, 2) != 0)
        status = CLI_EXIT_DATA;
    hs_table *t = NULL;
    cli_job j;
    int keep = 0;
    const cli_request_job o = {.label = "crib discard"};
    if (status == CLI_OK)
        status = cli_request_run(r, &o, &t, &j, &keep);
    if (status == CLI_OK && csv) {
        cli_request_csv(stdout, t);
    } else if (status == CLI_OK) {
        const int players = atoi(hs_table_note(t, "players"));
        const hs_crib_role role = pone ? HS_CRIB_PONE : HS_CRIB_DEALER;
        printf("dealt %s: %s players, you are the %s%s\n", hs_table_note(t, "dealt"),
               players == 2 ? "two" : "three", hs_table_note(t, "role"),
               dealer || pone ? "" : " (the default; --pone for the other side)");
        if (players == 2)
            printf("every keep over all 46 unseen starters (hand) and all 45,540 equally likely\n"
                   "(opponent's throw, starter) cases from the 46 unseen cards (crib)\n");
        else
            printf("every keep over all 47 unseen starters (hand) and all 713,460 equally likely\n"
                   "(three other crib cards, starter) cases from the 47 unseen cards (crib)\n");
        printf("combined = hand %s crib; see --help for the model\n",
               role == HS_CRIB_DEALER ? "+" : "-");
        if (pegging)
            printf("peg = the expected double-dummy pegging differential (%s) over the 163,185\n"
                   "hands the opponent could hold; total = combined + peg\n",
                   role == HS_CRIB_DEALER ? "dealer - pone" : "pone - dealer");
        printf("\n #  keep          throw    hand  min max     sd    crib  combined%s   exact: "
               "hand, crib, combined%s\n",
               pegging ? "     peg    total" : "", pegging ? ", peg, total" : "");
        discard_text(t, pegging);
    }
    cli_request_end(&j, keep, status);
    hs_table_free(t);
    hs_request_free(r);
    return status;
}

/* The table of crib throw-table (the request layer's), written whole to -o or standard output. */
static int crib_throw_table(int argc, char **argv) {
    const char *path = NULL;
    int n_pos;
    const cli_opt opts[] = {{"-o", NULL, CLI_OPT_VALUE, &path}, {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, THROW_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    const cli_request_job o = {.label = "crib throw-table", .threads = 1, .path = path};
    hs_table *t;
    double seconds;
    const int status = cli_request_to_csv("crib throw-table", NULL, NULL, 0, &o, &t, &seconds);
    hs_table_free(t);
    return status;
}

static void pattern_text(int p, char buf[8]) {
    int r[4];
    hs_deals_pattern_ranks(p, r);
    snprintf(buf, 8, "%c-%c-%c-%c", RANK_CHARS[r[0]], RANK_CHARS[r[1]], RANK_CHARS[r[2]],
             RANK_CHARS[r[3]]);
}

/* The most frequent pattern of a criterion (ties: the first in index order). */
static int top_pattern(const hs_discard_deals *d, int criterion) {
    int best = 0;
    for (int p = 1; p < HS_DEALS_PATTERNS; p++)
        if (d->pattern[criterion][p] > d->pattern[criterion][best])
            best = p;
    return best;
}

static void print_deals_summary(const hs_discard_deals *d, int threads, double seconds,
                                double table_seconds) {
    fprintf(stderr,
            "crib deals: %" PRIu64 " deals (%" PRIu64 " up to suit permutation) in %.2f s "
            "(tables %.2f s) with %d thread%s\n",
            d->deals, d->canonical, seconds, table_seconds, threads, threads == 1 ? "" : "s");
    char exact[48];
    /* mean best hand = sum_best_hand / (46 deals) */
    cli_fraction(exact, sizeof exact, (long long)d->sum_best_hand, 46 * d->deals);
    fprintf(stderr, "mean best hand expectation %.6f (exactly %s)\n",
            (double)d->sum_best_hand / (46.0 * (double)d->deals), exact);
    const char *names[2] = {"dealer", "pone"};
    for (int r = 0; r < 2; r++) {
        cli_fraction(exact, sizeof exact, d->sum_best_combined[r],
                     HS_DISCARD_CRIB_CASES2 * d->deals);
        fprintf(stderr, "mean best combined, %s: %.6f (exactly %s)\n", names[r],
                (double)d->sum_best_combined[r] / (HS_DISCARD_CRIB_CASES2 * (double)d->deals),
                exact);
    }
    const char *crit[3] = {"hand", "dealer", "pone"};
    for (int c = 0; c < 3; c++) {
        char name[8];
        int p = top_pattern(d, c);
        pattern_text(p, name);
        fprintf(stderr, "most frequent best keep (%s): %s in %.3f%% of deals\n", crit[c], name,
                100.0 * (double)d->pattern[c][p] / (double)d->deals);
    }
}

/* The command line's summary of crib peg-table, on standard error. */
static void print_peg_summary(const hs_peg_deals *d, int threads, double seconds) {
    fprintf(stderr,
            "crib peg-table: %" PRIu64 " deals (%" PRIu64 " up to suit permutation) in %.2f s "
            "with %d thread%s\n",
            d->deals, d->canonical, seconds, threads, threads == 1 ? "" : "s");
    const char *names[2] = {"dealer", "pone"};
    for (int r = 0; r < 2; r++) {
        char exact[48];
        cli_fraction(exact, sizeof exact, d->sum_best_total[r], HS_PEG_TOTAL_DEN * d->deals);
        fprintf(stderr, "mean best total (combined + pegging), %s: %.6f (exactly %s)\n", names[r],
                (double)d->sum_best_total[r] / (HS_PEG_TOTAL_DEN * (double)d->deals), exact);
        int best = 0;
        for (int p = 1; p < HS_DEALS_PATTERNS; p++)
            if (d->pattern[r][p] > d->pattern[r][best])
                best = p;
        char name[8];
        pattern_text(best, name);
        fprintf(stderr, "most frequent best keep (%s): %s in %.3f%% of deals\n", names[r], name,
                100.0 * (double)d->pattern[r][best] / (double)d->deals);
    }
}

/* A job over every deal (crib deals, crib peg-table): its output files (the first one -o, which
 * alone defaults to standard output), each the request's table of that name ("table"), and the
 * summary (timing: when the command began, and how long the discard tables took). */
typedef struct deals_timing {
    double start, table_seconds;
} deals_timing;

typedef struct deals_command {
    const char *label, *ckpt_name;
    int files;
    const char *const *names;  /* the options: "-o", "--combined", ... */
    const char *const *paths;  /* NULL: not asked for (-o: standard output) */
    const char *const *tables; /* the request's "table" of each file */
    void (*summary)(const hs_table *first, const hs_job *job, const cli_job *run, const void *ctx);
} deals_command;

static int run_deals_command(const deals_command *c, int threads, const char *ckpt, int resume) {
    cli_catch_signals();
    deals_timing timing = {cli_now(), 0};
    int status = CLI_OK;
    hs_request *q[3] = {NULL, NULL, NULL};
    for (int k = 0; status == CLI_OK && k < c->files; k++)
        q[k] = cli_request_with(c->label, "table", c->tables[k], &status);
    if (status == CLI_OK) {
        const cli_table_files o = {.label = c->label,
                                   .fallback = c->ckpt_name,
                                   .ckpt_arg = ckpt,
                                   .resume = resume,
                                   .threads = threads,
                                   .n = c->files,
                                   .names = c->names,
                                   .paths = c->paths,
                                   .q = q,
                                   .summary = c->summary,
                                   .ctx = &timing,
                                   .make_seconds = &timing.table_seconds};
        status = cli_request_tables(&o);
    }
    for (int k = 0; k < 3; k++)
        hs_request_free(q[k]);
    return status;
}

static void deals_summary(const hs_table *t, const hs_job *job, const cli_job *run,
                          const void *ctx) {
    (void)t;
    const deals_timing *w = ctx;
    print_deals_summary(hs_discard_deals_job_counts(job), run->threads_used, cli_now() - w->start,
                        w->table_seconds);
}

static void peg_summary(const hs_table *t, const hs_job *job, const cli_job *run, const void *ctx) {
    (void)t;
    const deals_timing *w = ctx;
    print_peg_summary(hs_peg_deals_job_counts(job), run->threads_used, cli_now() - w->start);
}

static int crib_deals(int argc, char **argv) {
    const char *paths[3] = {NULL, NULL, NULL}, *ckpt = NULL;
    int threads = 0, resume = 0, n_pos;
    const cli_opt opts[] = {{"-o", NULL, CLI_OPT_VALUE, &paths[0]},
                            {"--combined", NULL, CLI_OPT_VALUE, &paths[1]},
                            {"--patterns", NULL, CLI_OPT_VALUE, &paths[2]},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, DEALS_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    const char *const names[3] = {opts[0].name, opts[1].name, opts[2].name};
    static const char *const TABLES[3] = {"hand", "combined", "patterns"};
    const deals_command c = {"crib deals", "crib_deals.ckpt", 3, names, paths,
                             TABLES,       deals_summary};
    return run_deals_command(&c, threads, ckpt, resume);
}

static int crib_peg_table(int argc, char **argv) {
    const char *paths[2] = {NULL, NULL}, *ckpt = NULL;
    int threads = 0, resume = 0, n_pos;
    const cli_opt opts[] = {{"-o", NULL, CLI_OPT_VALUE, &paths[0]},
                            {"--patterns", NULL, CLI_OPT_VALUE, &paths[1]},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, PEG_TABLE_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    const char *const names[2] = {opts[0].name, opts[1].name};
    static const char *const TABLES[2] = {"total", "patterns"};
    const deals_command c = {"crib peg-table", "crib_peg_table.ckpt", 2, names, paths, TABLES,
                             peg_summary};
    return run_deals_command(&c, threads, ckpt, resume);
}

int cli_crib_discard_main(const char *command, int argc, char **argv) {
    if (strcmp(command, "peg-table") == 0)
        return crib_peg_table(argc, argv);
    if (strcmp(command, "discard") == 0)
        return crib_discard(argc, argv);
    if (strcmp(command, "throw-table") == 0)
        return crib_throw_table(argc, argv);
    return crib_deals(argc, argv);
}
