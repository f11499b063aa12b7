/* handstat holdem: equity, preflop and vs-random. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gmp.h>

#include "handstat/handstat.h"

static const char EQUITY_USAGE[] =
    "usage: handstat holdem equity HAND HAND [HAND...] [--board CARDS] [--dead CARDS] [--csv]\n"
    "                              [--threads N]\n"
    "       handstat holdem equity --batch [FILE] [--csv] [--threads N]\n"
    "       handstat holdem equity ... --samples N [--seed S]\n"
    "       handstat holdem equity ... --folded RANGE [--folded RANGE ...]\n"
    "\n"
    "Exact Texas hold'em equity of 2 to 9 players over every completion of the board. A HAND is\n"
    "one argument, a range: comma-separated items, each two cards (AhKd, \"Ah Kd\", 10h9h), a\n"
    "class (AA, AKs, AKo; AK = both), QQ+ (QQ KK AA), A2s+ (A2s..AKs), KTo+, K9+, 55-22,\n"
    "A5s-A2s, KTo-K7o, random (all 1326), or 15% (the best classes by equity against one\n"
    "random hand, whole, until they hold 15% of the 1326); e.g. \"QQ+,AKs\". ITEM@W gives the "
    "item's\n"
    "combinations weight W percent (1..100; default 100), e.g. \"QQ+,AKs@50\". A range stands\n"
    "for every combination of it that avoids the other hands, the board and the dead cards. A\n"
    "deal is a choice of one combination per player, then the rest of the board; without\n"
    "weights every deal counts once (all equally likely), with weights a deal counts the\n"
    "product of its combinations' weights (each range's divided by their common divisor). The\n"
    "hand column echoes each range in canonical form.\n"
    "Per player: wins (alone), ties (pot split), losses, and equity = the share of the pots won,\n"
    "ties shared among the players who split; the exact fraction is printed too.\n"
    "\n"
    "  --board CARDS   0 to 5 known board cards (one argument: \"Ah Kd 2c\" or AhKd2c)\n"
    "  --dead CARDS    cards out of play\n"
    "  --csv           player,hand,wins,ties,losses,equity,equity_exact\n"
    "  --batch [FILE]  one request per line of FILE (default: standard input):\n"
    "                    RANGE | RANGE [| ...] [board=CARDS] [dead=CARDS]\n"
    "                  ('#' starts a comment); each answered in turn (text: a block headed\n"
    "                  \"line N\"; CSV: a line column first); a bad line is reported by its\n"
    "                  number and the rest are still answered (exit status 1)\n"
    "  --samples N     instead of the exact count, an ESTIMATE from N deals drawn at random\n"
    "                  (the same model; rejection keeps it exact in distribution), with each\n"
    "                  equity's standard error; CSV: player,hand,samples,wins,ties,losses,equity,\n"
    "                  std_error,kind (kind = estimate). The same N and seed give the same\n"
    "                  numbers at any --threads\n"
    "  --seed S        the random streams of --samples (0..2^64-1; default 1)\n"
    "  --folded RANGE  a player who folded a hand of RANGE (repeatable, up to 8; with --batch,\n"
    "                  for every line): that hand is out of play (card removal). A deal is\n"
    "                  then the players' hands, each folded player's hand (from its range, by\n"
    "                  weight) and the board, all disjoint; it weighs the product of all the\n"
    "                  hands' weights. Exact (the plain count once per folded hand, or tuple\n"
    "                  of them, up to suit symmetry) while that is at most 100,000 runs and\n"
    "                  1e11 deals in all; past it an ESTIMATE (1,000,000 samples unless\n"
    "                  --samples; kind=estimate) with the bound stated. Adds the equity\n"
    "                  without the folded ranges: CSV equity_unfolded, equity_unfolded_exact\n"
    "                  (estimates: equity_unfolded, std_error_unfolded)\n"
    "  --threads N     worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 done, 1 bad cards or no possible deal, 2 bad command line,\n"
    "             3 cannot write standard output, 130 interrupted\n";

static const char SHORTDECK_EQUITY_USAGE[] =
    "usage: handstat shortdeck equity HAND HAND [HAND...] [--board CARDS] [--dead CARDS]\n"
    "                                 [--straight-beats-trips] [--csv] [--threads N]\n"
    "       handstat shortdeck equity --batch [FILE] [--csv] [--threads N]\n"
    "\n"
    "Exact short-deck hold'em equity of 2 to 9 players over every completion of the board from\n"
    "the 36 cards 6 through A (a flush beats a full house; A-6-7-8-9 is the lowest straight;\n"
    "three of a kind beats a straight unless --straight-beats-trips). A HAND is a range as in\n"
    "'holdem equity' (AhKd, AA, AKs, QQ+, A6s+, ITEM@W, random = all 630 short-deck hands), of\n"
    "short-deck cards only; the counts, CSV columns and --batch lines are those of\n"
    "'holdem equity' (player,hand,wins,ties,losses,equity,equity_exact).\n"
    "\n"
    "  --board CARDS   0 to 5 known board cards\n"
    "  --dead CARDS    cards out of play\n"
    "  --straight-beats-trips  the variant where a straight beats three of a kind\n"
    "  --csv           CSV output\n"
    "  --batch [FILE]  one request per line, as in 'holdem equity --batch'\n"
    "  --threads N     worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 done, 1 bad cards or no possible deal, 2 bad command line,\n"
    "             3 cannot write standard output, 130 interrupted\n";

static const char PREFLOP_USAGE[] =
    "usage: handstat holdem preflop [--threads N] [-o FILE] [--matrix FILE] [--resume]\n"
    "                               [--checkpoint FILE]\n"
    "\n"
    "The exact heads-up equity of each of the 169 starting-hand classes against each other:\n"
    "all disjoint combinations of the two classes, all 1,712,304 boards each. Writes CSV\n"
    "class_a,class_b,combos,wins_a,ties,wins_b,equity_a (169 x 169 rows, combos = disjoint\n"
    "combination pairs) and a 169 x 169 matrix of equity_a (row class against column class).\n"
    "Progress (rate, time left) goes to standard error when it is a terminal. The work is saved\n"
    "to a checkpoint as it goes; after an interruption (Ctrl-C) run the same command with\n"
    "--resume to continue. The CSV files are written whole or not at all.\n"
    "\n"
    "  -o FILE            the table (default: standard output)\n"
    "  --matrix FILE      the matrix (default: FILE_matrix.csv beside -o; none for "
    "stdout)\n" CLI_CHECKPOINT_HELP
    "  --threads N        worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 1 unusable checkpoint, 2 bad command line, 3 file error,\n"
    "             130 interrupted (SIGINT), 143 terminated (SIGTERM)\n";

static const char VS_RANDOM_USAGE[] =
    "usage: handstat holdem vs-random [--opponents LIST] [--classes LIST] [--threads N] [-o FILE]\n"
    "                                 [--resume] [--checkpoint FILE]\n"
    "       handstat holdem vs-random --samples N [--seed S] [--opponents LIST] ...\n"
    "\n"
    "The exact equity of each of the 169 starting-hand classes against one, two or three\n"
    "random hands. The hero holds a combination of the class, each opponent two of the other\n"
    "cards, the board five of the cards left; every deal (the hero's combination, the opponents'\n"
    "hands seat by seat, the board) is equally likely: combos x C(50,2) x C(48,5) deals against\n"
    "one opponent, combos x C(50,2) x C(48,2) x C(46,5) against two, combos x C(50,2) x C(48,2)\n"
    "x C(46,2) x C(44,5) against three. Writes CSV\n"
    "class,opponents,deals,wins,ties,losses,equity,equity_exact: one row per class and opponent\n"
    "count, the classes in grid order (AA, AKs, .. 22), each against the counts of LIST in\n"
    "increasing order (default 1-2: 338 rows). wins: the hero's hand beats every opponent's;\n"
    "ties: the hero shares the best hand with one or more; losses: the rest. equity: the hero's\n"
    "share of the pots (a split pot divided equally among its winners) over the deals, and as\n"
    "an exact fraction. Three opponents take a few minutes (two: seconds).\n"
    "\n"
    "With --samples N, an ESTIMATE against 1 to 9 opponents instead (no exact method is known\n"
    "here beyond three): for each count of LIST, N deals of the board and the opponents' hands\n"
    "are drawn at random, and every hero combination they leave free is scored on each (the same\n"
    "model). CSV class,opponents,samples,wins,ties,losses,equity,std_error,kind: wins, ties and\n"
    "losses count the (combination, deal) pairs scored, equity is the class's mean pot share,\n"
    "std_error its standard error (the true equity lies within 2 of them in about 95% of runs),\n"
    "kind is 'estimate'. About 0.7 us per deal on one core: N = 10,000,000 gives errors up to\n"
    "2e-4 in about 7 s a count; errors of 1e-5 need about 3.6e9 deals (360 times that).\n"
    "Progress (rate, time left) goes to standard error when it is a terminal. The work is saved\n"
    "to a checkpoint as it goes; after an interruption (Ctrl-C) run the same command with\n"
    "--resume to continue. The CSV file is written whole or not at all.\n"
    "\n"
    "  --opponents LIST   opponent counts, comma-separated, N or N-M (e.g. 1-3, 3, 1,3;\n"
    "                     default 1-2): 1..3 exactly, 1..9 with --samples\n"
    "  --classes LIST     only the rows of these classes (AA,AKs,T9o; grid order; the work is\n"
    "                     the same: every class is counted)\n"
    "  --samples N        estimate from N sampled deals per opponent count (1..10^10)\n"
    "  --seed S           the random streams of --samples (0..2^64-1; default 1); the same N\n"
    "                     and S give the same table at any thread count\n"
    "  -o FILE            the table (default: standard output)\n" CLI_CHECKPOINT_HELP
    "  --threads N        worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 1 unusable checkpoint, 2 bad command line, 3 file error,\n"
    "             130 interrupted (SIGINT), 143 terminated (SIGTERM)\n";

typedef struct equity_opts {
    int csv, threads;
    int estimate;        /* --samples: an estimate */
    int batch_header;    /* --batch --csv: the header is written */
    int shortdeck;       /* short-deck hold'em (shortdeck equity) */
    cli_opt_list folded; /* --folded RANGE, repeatable */
} equity_opts;

/* The --folded ranges into request q; non-zero (printed) on failure. */
static int add_folded(hs_request *q, const equity_opts *o) {
    for (int j = 0; j < o->folded.n; j++)
        if (cli_request_add(q, "folded", o->folded.value[j]) != 0)
            return -1;
    return 0;
}

static void print_result(size_t line, equity_opts *o, const hs_table *t);

/* Run request q (from --batch line `line`, or 0: the command line) and print its table. */
static int equity_run_request(const hs_request *q, size_t line, equity_opts *o) {
    const char *label = o->estimate    ? "holdem equity --samples"
                        : o->shortdeck ? "shortdeck equity"
                                       : "holdem equity";
    hs_job *job = NULL;
    char msg[HS_REQUEST_MESSAGE];
    int rc = hs_request_start(q, &job, msg, sizeof msg);
    hs_job_free(job); /* none: the equity runs in hs_request_finish */
    if (rc != HS_OK)
        return cli_request_fail(rc, msg, line, line == 0);
    char note[256];
    if (!cli_quiet && *hs_request_work(q, note, sizeof note) != '\0')
        fprintf(stderr, "%s: %s; Ctrl-C stops%s\n", label, note,
                o->shortdeck ? "" : " (--samples N estimates instead)");
    hs_table *t = NULL;
    cli_progress progress;
    cli_progress_init(&progress, label);
    rc =
        hs_request_finish(q, NULL, o->threads, cli_progress_update, &progress, &t, msg, sizeof msg);
    cli_progress_done(&progress);
    if (rc != HS_OK)
        return cli_request_fail(rc, msg, line, line == 0);
    print_result(line, o, t);
    hs_table_free(t);
    return CLI_OK;
}

/* The equity table (exact or estimated) of one request: in CSV the table's own rows (a "line"
 * column first under --batch, its header once); in text "line N" under --batch, the board, the
 * dead cards and the deals or samples, then the rows. */
/* The note `name` of t, or "" when it has none. */
static const char *note_of(const hs_table *t, const char *name) {
    const char *v = hs_table_note(t, name);
    return v != NULL ? v : "";
}

static void print_result(size_t line, equity_opts *o, const hs_table *t) {
    /* an estimate when asked for, or when a folded query is past the exact bound */
    const int batch = line > 0, estimate = strcmp(note_of(t, "kind"), "estimate") == 0;
    /* with --folded: the equity without the folded ranges as one more column */
    const int folded = *note_of(t, "folded") != '\0';
    const size_t rows = hs_table_rows(t);
    cli_table out;
    if (o->csv) {
        cli_table_init(&out, stdout, 1, NULL);
        cli_request_table_at(&out, t, !batch || !o->batch_header, line);
        o->batch_header = 1;
        return;
    }
    /* text: "%-7d %-Ws %14s %14s %14s  %-10.6f %s" (estimates: 12-wide counts, the standard
     * error), W the longest hand (at least 6) */
    int w = 6;
    for (size_t row = 0; row < rows; row++) {
        const int n = (int)strlen(hs_table_cell(t, row, 1));
        w = n > w ? n : w;
    }
    const int cw = estimate ? 12 : 14;
    cli_col cols_exact[] = {{"", -7},  {" ", -w},   {" ", cw},  {" ", cw},
                            {" ", cw}, {"  ", -10}, {" ", -10}, {" ", 0}};
    cli_col cols_estimate[] = {{"", -7},   {" ", -w},  {" ", cw},  {" ", cw}, {" ", cw},
                               {"  ", -9}, {" ", -10}, {" ", -10}, {" ", 0}};
    if (!folded) { /* the unfolded column only with --folded */
        cols_exact[6] = cols_exact[7];
        cols_estimate[7] = cols_estimate[8];
    }
    cli_table_init(&out, stdout, 0, estimate ? cols_estimate : cols_exact);
    if (batch)
        printf("%sline %zu\n", o->batch_header++ ? "\n" : "", line);
    const char *board = hs_table_note(t, "board"), *dead = hs_table_note(t, "dead");
    if (folded)
        printf("folded: %s%s%s%s%s%s\n", note_of(t, "folded"),
               *note_of(t, "folded_tuples") ? " (" : "", note_of(t, "folded_tuples"),
               *note_of(t, "folded_tuples") ? " folded hands or tuples off the known cards, " : "",
               note_of(t, "folded_solves"), *note_of(t, "folded_tuples") ? " solved)" : "");
    if (*note_of(t, "exact_refused") != '\0')
        printf("exact refused: %s\n", note_of(t, "exact_refused"));
    printf("board: %s   dead: %s", *board ? board : "(none)", *dead ? dead : "(none)");
    if (estimate) {
        printf("   ESTIMATE from %s sampled deals (seed %s), not exact\n",
               hs_table_note(t, "samples"), hs_table_note(t, "seed"));
        static const char *const HEADER[] = {"player", "hand",    "wins",     "ties",      "losses",
                                             "equity", "std_err", "unfolded", "(estimate)"};
        static const char *const HEADER_PLAIN[] = {"player", "hand",   "wins",    "ties",
                                                   "losses", "equity", "std_err", "(estimate)"};
        cli_header(&out, folded ? HEADER : HEADER_PLAIN, folded ? 9 : 8);
        for (size_t row = 0; row < rows; row++) {
            /* player, hand, [samples], wins, ties, losses, equity, std_error, kind,
             * [equity_unfolded, std_error_unfolded] */
            static const int FROM[] = {0, 1, 3, 4, 5, 6, 7, 9, 8};
            static const int FROM_PLAIN[] = {0, 1, 3, 4, 5, 6, 7, 8};
            for (int k = 0; k < (folded ? 9 : 8); k++) {
                const size_t c = (size_t)(folded ? FROM[k] : FROM_PLAIN[k]);
                if (c == 6 || c == 7 || c == 9)
                    cli_cell_fixed(&out, hs_table_number(t, row, c), 6);
                else
                    cli_cell(&out, hs_table_cell(t, row, c));
            }
            cli_row_end(&out);
        }
        return;
    }
    if (strcmp(hs_table_note(t, "weighted"), "1") == 0)
        printf("   weighted deals: %s (each deal weighs the product of its hands' weights)\n",
               hs_table_note(t, "deals"));
    else
        printf("   deals: %s, all equally likely\n", hs_table_note(t, "deals"));
    static const char *const HEADER[] = {"player", "hand",   "wins",   "ties",
                                         "losses", "equity", "(exact)"};
    static const char *const HEADER_FOLDED[] = {"player", "hand",   "wins",     "ties",
                                                "losses", "equity", "unfolded", "(exact)"};
    cli_header(&out, folded ? HEADER_FOLDED : HEADER, folded ? 8 : 7);
    for (size_t row = 0; row < rows; row++) {
        /* player, hand, wins, ties, losses, equity, equity_exact, [equity_unfolded] */
        static const int FROM[] = {0, 1, 2, 3, 4, 5, 7, 6};
        for (int k = 0; k < (folded ? 8 : 7); k++) {
            const size_t c = (size_t)(folded ? FROM[k] : k);
            if (c == 5 || c == 7)
                cli_cell_fixed(&out, hs_table_number(t, row, c), 6);
            else
                cli_cell(&out, hs_table_cell(t, row, c));
        }
        cli_row_end(&out);
    }
}

/* ---- --batch: one request per line ----------------------------------------------------------- */

typedef struct batch_ctx {
    equity_opts *opts;
    const char *command;
    const char *const *keys, *const *values; /* the options every line's request takes */
    int n_keys;
    int interrupted; /* the status of an interrupted request, else 0 */
} batch_ctx;

/* One --batch line, made into a request and answered. */
static int batch_line(const char *text, size_t len, size_t line, void *ctx) {
    batch_ctx *b = ctx;
    if (b->interrupted)
        return 1;
    int status;
    hs_request *q = cli_request_new(b->command, NULL, 0, &status);
    if (q == NULL)
        return status;
    if (cli_request_opts(q, b->keys, b->values, b->n_keys) != 0 || add_folded(q, b->opts) != 0)
        status = CLI_EXIT_DATA;
    if (status == CLI_OK)
        status = cli_equity_line(text, len, line, q);
    if (status == CLI_OK)
        status = equity_run_request(q, line, b->opts);
    hs_request_free(q);
    if (status >= 128)
        b->interrupted = status;
    fflush(stdout);
    return status != CLI_OK;
}

/* holdem equity, and shortdeck equity (the same requests and tables, the short-deck engine). */
static int equity_command(int argc, char **argv, int shortdeck) {
    int n_pos;
    equity_opts o = {0, 0, 0, 0, shortdeck, {0, {NULL}}};
    int batch = 0, variant = 0;
    const char *board_arg = NULL, *dead_arg = NULL, *samples_arg = NULL, *seed_arg = NULL;
    const cli_opt holdem_opts[] = {{"--board", NULL, CLI_OPT_VALUE, &board_arg},
                                   {"--dead", NULL, CLI_OPT_VALUE, &dead_arg},
                                   {"--threads", NULL, CLI_OPT_THREADS, &o.threads},
                                   {"--csv", NULL, CLI_OPT_FLAG, &o.csv},
                                   {"--batch", NULL, CLI_OPT_FLAG, &batch},
                                   {"--samples", NULL, CLI_OPT_VALUE, &samples_arg},
                                   {"--seed", NULL, CLI_OPT_VALUE, &seed_arg},
                                   {"--folded", NULL, CLI_OPT_LIST, &o.folded},
                                   {NULL, NULL, CLI_OPT_FLAG, NULL}};
    const cli_opt shortdeck_opts[] = {{"--board", NULL, CLI_OPT_VALUE, &board_arg},
                                      {"--dead", NULL, CLI_OPT_VALUE, &dead_arg},
                                      {"--threads", NULL, CLI_OPT_THREADS, &o.threads},
                                      {"--csv", NULL, CLI_OPT_FLAG, &o.csv},
                                      {"--batch", NULL, CLI_OPT_FLAG, &batch},
                                      {"--straight-beats-trips", NULL, CLI_OPT_FLAG, &variant},
                                      {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, shortdeck ? shortdeck_opts : holdem_opts,
                               shortdeck ? SHORTDECK_EQUITY_USAGE : EQUITY_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    o.estimate = samples_arg != NULL;
    const char *command = shortdeck ? "shortdeck equity" : "holdem equity";
    /* the options of the command's requests (a NULL value: not given; --batch takes no board
     * and no dead cards: they are on its lines) */
    const char *const keys[] = {"samples", "seed", "straight-beats-trips", "board", "dead"};
    const char *const values[] = {samples_arg, seed_arg, variant ? "1" : NULL, board_arg, dead_arg};
    if (batch) {
        if (n_pos > 1 || board_arg != NULL || dead_arg != NULL) {
            cli_error("--batch takes one FILE (or none: standard input); the hands, board and "
                      "dead cards are on its lines");
            return CLI_EXIT_USAGE;
        }
        cli_catch_signals();
        batch_ctx b = {&o, command, keys, values, 5, 0};
        int status = cli_for_each_input_line(n_pos == 1 ? argv[1] : NULL, batch_line, &b);
        return b.interrupted ? b.interrupted : status;
    }
    int status;
    hs_request *q = cli_request_new(command, argv + 1, n_pos, &status);
    if (q == NULL)
        return status;
    if (cli_request_opts(q, keys, values, 5) != 0 || add_folded(q, &o) != 0)
        status = CLI_EXIT_DATA;
    if (status == CLI_OK) {
        cli_catch_signals();
        status = equity_run_request(q, 0, &o);
    }
    hs_request_free(q);
    return status;
}

int cli_shortdeck_equity(int argc, char **argv) {
    return equity_command(argc, argv, 1);
}

/* ---- preflop ------------------------------------------------------------------------------ */

/* The summary line of a table over the preflop boards. */
static void boards_summary(const hs_table *t, const hs_job *job, const cli_job *run,
                           const void *ctx) {
    (void)ctx;
    fprintf(stderr, "%s: %s boards up to suit permutation (%zu units) in %.1f s with %d thread%s\n",
            run->label, hs_table_note(t, "boards"), hs_job_units(job), run->seconds,
            run->threads_used, run->threads_used == 1 ? "" : "s");
}

/* The summary line of a sampled vs-random table. */
static void samples_summary(const hs_table *t, const hs_job *job, const cli_job *run,
                            const void *ctx) {
    (void)job;
    (void)ctx;
    fprintf(stderr,
            "%s: ESTIMATE from %s sampled deals per opponent count (seed %s) in %.1f s with %d "
            "thread%s\n",
            run->label, hs_table_note(t, "samples"), hs_table_note(t, "seed"), run->seconds,
            run->threads_used, run->threads_used == 1 ? "" : "s");
}

static int holdem_preflop(int argc, char **argv) {
    int threads = 0, resume = 0, n_pos;
    const char *path = NULL, *matrix_arg = NULL, *ckpt_arg = NULL;
    const cli_opt opts[] = {{"-o", NULL, CLI_OPT_VALUE, &path},
                            {"--matrix", NULL, CLI_OPT_VALUE, &matrix_arg},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, PREFLOP_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    /* From here on SIGINT and SIGTERM stop the job at its next unit, after saving. */
    cli_catch_signals();
    /* Standard output or a device (/dev/null): no files are made beside it by default. */
    const int to_stdout = cli_is_stdout_path(path);
    char *matrix = matrix_arg  ? strdup(matrix_arg)
                   : to_stdout ? NULL
                               : cli_derived_path(path, "_matrix.csv");
    if (!to_stdout && matrix == NULL) {
        cli_error("out of memory");
        return CLI_EXIT_IO;
    }
    int status;
    hs_request *q[2] = {cli_request_with("holdem preflop", "table", NULL, &status), NULL};
    if (q[0] != NULL)
        q[1] = cli_request_with("holdem preflop", "table", "matrix", &status);
    if (q[1] != NULL) {
        const char *const names[2] = {"-o", "--matrix"};
        const char *const files[2] = {path, matrix};
        const cli_table_files o = {.label = "holdem preflop",
                                   .fallback = "holdem_preflop.ckpt",
                                   .ckpt_arg = ckpt_arg,
                                   .resume = resume,
                                   .threads = threads,
                                   .n = 2,
                                   .names = names,
                                   .paths = files,
                                   .q = q,
                                   .summary = boards_summary};
        status = cli_request_tables(&o);
    }
    hs_request_free(q[0]);
    hs_request_free(q[1]);
    free(matrix);
    return status;
}

/* ---- vs-random ---------------------------------------------------------------------------- */

/* --opponents checked by the request layer's parser (hs_text_parse_counts), in the command
 * line's words: the item and the limit, max being 3 (exact) or 9 (--samples). */
static int check_opponents(const char *text, int max) {
    unsigned which;
    hs_parse_error err;
    const int rc = hs_text_parse_counts(text, max, &which, &err);
    if (rc == HS_OK)
        return CLI_OK;
    const char *item = cli_token(text + err.offset, err.length);
    if (rc == HS_ERR_TOKEN)
        cli_error("--opponents: '%s' is not a count 1..%d or a range N-M of them (as 1-3)", item,
                  max);
    else if (max == HS_HOLDEM_VS_RANDOM_MAX_OPPONENTS)
        cli_error("--opponents: '%s': exact only up to %d opponents (--samples N estimates up to "
                  "%d)",
                  item, max, HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS);
    else
        cli_error("--opponents: '%s': at most %d opponents", item, max);
    return CLI_EXIT_USAGE;
}

/* A whole decimal number in lo..hi for option `opt`, else the error naming it (quoted safely). */
static int parse_u64_option(const char *opt, const char *text, uint64_t lo, uint64_t hi,
                            uint64_t *out) {
    if (hs_text_parse_u64(text, lo, hi, out))
        return CLI_OK;
    cli_error("%s: '%s' is not a whole number %llu..%llu", opt, cli_token(text, strlen(text)),
              (unsigned long long)lo, (unsigned long long)hi);
    return CLI_EXIT_USAGE;
}

/* The request "holdem vs-random" (its arguments checked above, in the command line's words) run
 * as a job with a checkpoint, and its table written whole to -o. */
static int vs_random_run(hs_request *q, const char *path, const char *ckpt_arg, int resume,
                         int threads, int sampled) {
    const char *const names[1] = {"-o"};
    const char *const files[1] = {path};
    hs_request *const qs[1] = {q};
    const cli_table_files o = {.label = sampled ? "holdem vs-random --samples" : "holdem vs-random",
                               .fallback = sampled ? "holdem_vs_random_sample.ckpt"
                                                   : "holdem_vs_random.ckpt",
                               .ckpt_arg = ckpt_arg,
                               .resume = resume,
                               .threads = threads,
                               .n = 1,
                               .names = names,
                               .paths = files,
                               .q = qs,
                               .summary = sampled ? samples_summary : boards_summary};
    return cli_request_tables(&o);
}

static int holdem_vs_random(int argc, char **argv) {
    int threads = 0, resume = 0, n_pos;
    const char *path = NULL, *ckpt_arg = NULL, *opponents = "1-2", *samples_arg = NULL,
               *seed_arg = NULL, *classes = NULL;
    const cli_opt opts[] = {{"-o", NULL, CLI_OPT_VALUE, &path},
                            {"--opponents", NULL, CLI_OPT_VALUE, &opponents},
                            {"--classes", NULL, CLI_OPT_VALUE, &classes},
                            {"--samples", NULL, CLI_OPT_VALUE, &samples_arg},
                            {"--seed", NULL, CLI_OPT_VALUE, &seed_arg},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, VS_RANDOM_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    /* The request layer checks these too, in its words; the command line keeps its own. */
    uint64_t samples = 0, seed = 1;
    if (samples_arg != NULL)
        rc = parse_u64_option("--samples", samples_arg, 1, HS_HOLDEM_VS_RANDOM_MAX_SAMPLES,
                              &samples);
    if (rc == CLI_OK && seed_arg != NULL) {
        if (samples_arg == NULL) {
            cli_error("--seed: only with --samples (the exact table draws nothing at random)");
            return CLI_EXIT_USAGE;
        }
        rc = parse_u64_option("--seed", seed_arg, 0, UINT64_MAX, &seed);
    }
    if (rc == CLI_OK)
        rc = check_opponents(opponents, samples_arg != NULL
                                            ? HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS
                                            : HS_HOLDEM_VS_RANDOM_MAX_OPPONENTS);
    int cls[HS_HOLDEM_CLASSES], n_cls;
    if (rc == CLI_OK && classes != NULL)
        rc = cli_parse_classes(classes, cls, &n_cls);
    if (rc != CLI_OK)
        return rc;
    int status;
    hs_request *q = cli_request_new("holdem vs-random", NULL, 0, &status);
    if (q == NULL)
        return status;
    const char *const keys[] = {"opponents", "samples", "seed", "classes"};
    const char *const values[] = {opponents, samples_arg, seed_arg, classes};
    if (cli_request_opts(q, keys, values, 4) != 0)
        status = CLI_EXIT_DATA;
    /* From here on SIGINT and SIGTERM stop the job at its next unit, after saving. */
    if (status == CLI_OK) {
        cli_catch_signals();
        status = vs_random_run(q, path, ckpt_arg, resume, threads, samples_arg != NULL);
    }
    hs_request_free(q);
    return status;
}

int cli_holdem_main(int argc, char **argv) {
    static const char GROUP_USAGE[] =
        "usage: handstat holdem <command> [options]\n"
        "\n"
        "  equity     exact equity of 2-9 hands or classes over every board\n"
        "  preflop    the exact 169 x 169 heads-up preflop table\n"
        "  preflop3   the exact three-way preflop table (all or some classes)\n"
        "  vs-random  each class against 1-3 random hands exactly, or 1-9 estimated\n"
        "  hits       what a range makes on a board, or over every flop, turn or river\n"
        "  equity-dist  each combination's exact equity against a range (the equity graph)\n"
        "  filter     the part of a range with at least (at most) an equity against another\n"
        "  matrix     each class of a range with its exact equity against another (heat map)\n"
        "  range      a range normalised and converted: handstat, pio, equilab notation\n"
        "\n"
        "'handstat holdem <command> --help' describes each.\n";
    if (argc < 2 || cli_is_help(argv[1])) {
        fputs(GROUP_USAGE, argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_EXIT_USAGE : CLI_OK;
    }
    if (strcmp(argv[1], "equity") == 0) {
        cli_command = "handstat holdem equity";
        return equity_command(argc - 1, argv + 1, 0);
    }
    if (strcmp(argv[1], "preflop") == 0) {
        cli_command = "handstat holdem preflop";
        return holdem_preflop(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "preflop3") == 0) {
        cli_command = "handstat holdem preflop3";
        return cli_holdem_preflop3(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "vs-random") == 0) {
        cli_command = "handstat holdem vs-random";
        return holdem_vs_random(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "hits") == 0) {
        cli_command = "handstat holdem hits";
        return cli_holdem_hits(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "range") == 0) {
        cli_command = "handstat holdem range";
        return cli_holdem_range(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "equity-dist") == 0) {
        cli_command = "handstat holdem equity-dist";
        return cli_holdem_equity_dist(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "filter") == 0) {
        cli_command = "handstat holdem filter";
        return cli_holdem_filter(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "matrix") == 0) {
        cli_command = "handstat holdem matrix";
        return cli_holdem_matrix(argc - 1, argv + 1);
    }
    cli_error("unknown holdem command '%s' (try 'handstat holdem --help')", argv[1]);
    return CLI_EXIT_USAGE;
}
