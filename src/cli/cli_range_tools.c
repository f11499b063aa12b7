/* handstat holdem filter and holdem matrix: a range against another cut by exact equity (the
 * equity filter) and each class of a range with its exact equity against another (the hand
 * against range matrix, with its 13 x 13 SVG heat map). Shells over the request layer
 * (handstat/request.h): the options become a request, its equity-distribution job runs through
 * the CLI's job layer (progress, Ctrl-C, checkpoints), and the answer's table is written as CSV
 * or rendered as text here. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

static const char FILTER_USAGE[] =
    "usage: handstat holdem filter RANGE --vs RANGE [--board CARDS] [--dead CARDS]\n"
    "                              (--min-equity E [--max-equity F] | --top P%)\n"
    "                              [--by-combo] [--csv] [-o FILE] [--threads N]\n"
    "                              [--checkpoint FILE] [--resume]\n"
    "\n"
    "The equity filter: the part of RANGE (the hero's) whose combinations each have, by their\n"
    "own exact heads-up equity against the --vs range over every completion of the board (the\n"
    "equity of 'holdem equity COMBO VS', as 'holdem equity-dist' gives it), at least E (and at\n"
    "most F; both ends included, compared as exact fractions), or the best P% of RANGE: its\n"
    "combinations best first until they hold P% of RANGE's weighted combinations (those that\n"
    "can be dealt); combinations of equal exact equity are taken or left together, so at the\n"
    "boundary every tie is taken and the part may hold a little more than P%, never less.\n"
    "The answer is the part in the range grammar (a class written whole when every one of its\n"
    "combinations off the board passes with one weight, else its combinations one by one) and\n"
    "its exact equity against --vs: that of 'holdem equity PART VS'.\n"
    "\n"
    "  --vs RANGE        the range played against (the grammar of 'holdem equity')\n"
    "  --board CARDS     0 to 5 known board cards\n"
    "  --dead CARDS      cards out of play\n"
    "  --min-equity E    keep a combination whose equity is at least E: 0.5, 50% or 1/2\n"
    "  --max-equity F    keep a combination whose equity is at most F\n"
    "  --top P%          instead: the best P% (0 < P <= 100, up to four places; the % is\n"
    "                    optional)\n"
    "  --by-combo        every combination of RANGE, best first, and whether it is kept\n"
    "  --csv             range,combos,share,equity,equity_exact,deals,wins,ties,losses;\n"
    "                    --by-combo: combo,class,weight,equity,equity_exact,deals,wins,ties,\n"
    "                    losses,kept\n"
    "  -o FILE           write the table (CSV) to FILE, whole or not at all\n" CLI_CHECKPOINT_HELP
    "  --threads N       worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 done, 1 bad cards, range or bound, no possible deal or no combination\n"
    "             kept, 2 bad command line, 3 file error, 130 interrupted\n";

static const char MATRIX_USAGE[] =
    "usage: handstat holdem matrix RANGE --vs RANGE [--board CARDS] [--dead CARDS]\n"
    "                              [--by-combo] [--csv] [-o FILE] [--svg FILE] [--threads N]\n"
    "                              [--checkpoint FILE] [--resume]\n"
    "\n"
    "Hand against range: each of the 169 starting-hand classes of RANGE (the hero's; 'random'\n"
    "for all of them) with its exact heads-up equity against the --vs range over every\n"
    "completion of the board. A class's counts are its combinations' exact counts summed (those\n"
    "of RANGE that can be dealt, each weighed by its weight), so its equity is exactly the\n"
    "equity_exact of 'holdem equity CLASS VS' (with a class RANGE holds whole). Printed as the\n"
    "13 x 13 grid (pairs on the diagonal, suited above it, offsuit below), and with --svg as a\n"
    "heat map.\n"
    "\n"
    "  --vs RANGE      the range played against (the grammar of 'holdem equity')\n"
    "  --board CARDS   0 to 5 known board cards\n"
    "  --dead CARDS    cards out of play\n"
    "  --by-combo      each combination of RANGE instead (in class order), as a table\n"
    "  --csv           class,combos,equity,equity_exact,deals,wins,ties,losses (combos: the\n"
    "                  class's weighted combinations); --by-combo: combo,class,weight,equity,\n"
    "                  equity_exact,deals,wins,ties,losses\n"
    "  -o FILE         write the table (CSV) to FILE, whole or not at all\n"
    "  --svg FILE      also draw the 13 x 13 heat map as SVG (the same bytes for the same\n"
    "                  question; no fonts loaded)\n" CLI_CHECKPOINT_HELP
    "  --threads N     worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 done, 1 bad cards or range or no possible deal, 2 bad command line,\n"
    "             3 file error, 130 interrupted\n";

/* "hero: ..   vs: ..   board: ..   dead: .." from the table's notes. */
static void print_query(FILE *fp, const hs_table *t) {
    const char *board = hs_table_note(t, "board"), *dead = hs_table_note(t, "dead");
    fprintf(fp, "hero: %s   vs: %s   board: %s   dead: %s\n", hs_table_note(t, "hero"),
            hs_table_note(t, "vs"), board != NULL && *board ? board : "(none)",
            dead != NULL && *dead ? dead : "(none)");
}

/* The rows of a by-combo table (combo .. losses, and kept when there is one), aligned. */
static void combo_text(FILE *fp, const hs_table *t) {
    const size_t cols = hs_table_columns(t);
    cli_col layout[] = {{"", -6},  {" ", -4}, {" ", 6},  {"  ", -9}, {" ", -24},
                        {" ", 12}, {" ", 12}, {" ", 10}, {" ", 12},  {" ", 4}};
    cli_table out;
    cli_table_init(&out, fp, 0, layout);
    for (size_t c = 0; c < cols; c++)
        cli_cell(&out, hs_table_column(t, c));
    cli_row_end(&out);
    for (size_t r = 0; r < hs_table_rows(t); r++) {
        for (size_t c = 0; c < cols; c++) {
            if (c == 3)
                cli_cell_fixed(&out, hs_table_number(t, r, c), 6);
            else
                cli_cell(&out, hs_table_cell(t, r, c));
        }
        cli_row_end(&out);
    }
}

static void filter_text(FILE *fp, const hs_table *t, int by_combo) {
    print_query(fp, t);
    fprintf(fp, "kept: %s: %s of %s combinations (weighted: %s of %s)\n", hs_table_note(t, "bound"),
            hs_table_note(t, "combinations"), hs_table_note(t, "of"), hs_table_note(t, "weight"),
            hs_table_note(t, "range_weight"));
    if (by_combo) {
        combo_text(fp, t);
        return;
    }
    fprintf(fp, "range: %s\n", hs_table_cell(t, 0, 0));
    fprintf(fp, "share of the range: %.6f\n", hs_table_number(t, 0, 2));
    fprintf(fp, "equity against vs: %.6f = %s   (deals %s, wins %s, ties %s, losses %s)\n",
            hs_table_number(t, 0, 3), hs_table_cell(t, 0, 4), hs_table_cell(t, 0, 5),
            hs_table_cell(t, 0, 6), hs_table_cell(t, 0, 7), hs_table_cell(t, 0, 8));
}

static void matrix_text(FILE *fp, const hs_table *t, int by_combo) {
    print_query(fp, t);
    fprintf(fp, "the range's equity: %s = %s (%s classes, %s combinations)\n",
            hs_table_note(t, "equity"), hs_table_note(t, "equity_exact"),
            hs_table_note(t, "classes"), hs_table_note(t, "combinations"));
    if (by_combo) {
        combo_text(fp, t);
        return;
    }
    /* the grid: each class's equity in percent, "." for a class not in the range */
    double pct[HS_HOLDEM_CLASSES];
    int has[HS_HOLDEM_CLASSES] = {0};
    for (size_t r = 0; r < hs_table_rows(t); r++) {
        const char *name = hs_table_cell(t, r, 0);
        for (int c = 0; c < HS_HOLDEM_CLASSES; c++) {
            char cn[4];
            hs_holdem_class_name(c, cn);
            if (strcmp(cn, name) == 0) {
                has[c] = 1;
                pct[c] = 100 * hs_table_number(t, r, 2);
                break;
            }
        }
    }
    static const char RANKS[] = "AKQJT98765432";
    fprintf(fp, "equity in percent (suited above the diagonal, offsuit below)\n   ");
    for (int col = 0; col < 13; col++)
        fprintf(fp, "%6c", RANKS[col]);
    fputc('\n', fp);
    for (int row = 0; row < 13; row++) {
        fprintf(fp, "  %c", RANKS[row]);
        for (int col = 0; col < 13; col++) {
            const int c = 13 * row + col;
            if (has[c])
                fprintf(fp, "%6.1f", pct[c]);
            else
                fprintf(fp, "%6s", ".");
        }
        fputc('\n', fp);
    }
}

/* One command: the request (hero, vs, the options), its job run, the table written. */
typedef struct tool_def {
    const char *command, *label, *fallback, *usage;
    int matrix;
} tool_def;

static int run_tool(const tool_def *d, int argc, char **argv) {
    int csv = 0, threads = 0, resume = 0, by_combo = 0, n_pos;
    const char *vs = NULL, *board_arg = NULL, *dead_arg = NULL, *path = NULL, *svg = NULL,
               *ckpt_arg = NULL, *min_arg = NULL, *max_arg = NULL, *top_arg = NULL;
    const cli_opt matrix_opts[] = {{"--vs", NULL, CLI_OPT_VALUE, &vs},
                                   {"--board", NULL, CLI_OPT_VALUE, &board_arg},
                                   {"--dead", NULL, CLI_OPT_VALUE, &dead_arg},
                                   {"--by-combo", NULL, CLI_OPT_FLAG, &by_combo},
                                   {"--csv", NULL, CLI_OPT_FLAG, &csv},
                                   {"-o", NULL, CLI_OPT_VALUE, &path},
                                   {"--svg", NULL, CLI_OPT_VALUE, &svg},
                                   {"--threads", NULL, CLI_OPT_THREADS, &threads},
                                   {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                                   {"--resume", NULL, CLI_OPT_FLAG, &resume},
                                   {NULL, NULL, CLI_OPT_FLAG, NULL}};
    const cli_opt filter_opts[] = {{"--vs", NULL, CLI_OPT_VALUE, &vs},
                                   {"--board", NULL, CLI_OPT_VALUE, &board_arg},
                                   {"--dead", NULL, CLI_OPT_VALUE, &dead_arg},
                                   {"--min-equity", NULL, CLI_OPT_VALUE, &min_arg},
                                   {"--max-equity", NULL, CLI_OPT_VALUE, &max_arg},
                                   {"--top", NULL, CLI_OPT_VALUE, &top_arg},
                                   {"--by-combo", NULL, CLI_OPT_FLAG, &by_combo},
                                   {"--csv", NULL, CLI_OPT_FLAG, &csv},
                                   {"-o", NULL, CLI_OPT_VALUE, &path},
                                   {"--threads", NULL, CLI_OPT_THREADS, &threads},
                                   {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                                   {"--resume", NULL, CLI_OPT_FLAG, &resume},
                                   {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc =
        cli_parse_options(argc, argv, d->matrix ? matrix_opts : filter_opts, d->usage, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (n_pos != 1) {
        cli_error("expected one range (the hero's), got %d (see --help)", n_pos);
        return CLI_EXIT_USAGE;
    }
    if (vs == NULL) {
        cli_error("--vs RANGE is needed: the range to play against (see --help)");
        return CLI_EXIT_USAGE;
    }
    if (!d->matrix && top_arg != NULL && (min_arg != NULL || max_arg != NULL)) {
        cli_error("--top and --min-equity/--max-equity: give one or the other");
        return CLI_EXIT_USAGE;
    }
    if (!d->matrix && top_arg == NULL && min_arg == NULL && max_arg == NULL) {
        cli_error("give --min-equity E (and/or --max-equity F) or --top P%% (see --help)");
        return CLI_EXIT_USAGE;
    }
    if (svg != NULL && strcmp(svg, "-") == 0) {
        cli_error("--svg takes a file name, not '-'");
        return CLI_EXIT_USAGE;
    }
    if (svg != NULL && by_combo) {
        cli_error("--svg draws the classes: it does not go with --by-combo");
        return CLI_EXIT_USAGE;
    }
    int status;
    hs_request *r = cli_request_new(d->command, argv + 1, 1, &status);
    if (r == NULL)
        return status;
    const char *const keys[] = {"vs",         "board", "dead",    "min-equity",
                                "max-equity", "top",   "by-combo"};
    const char *const values[] = {
        vs, board_arg, dead_arg, min_arg, max_arg, top_arg, by_combo ? "1" : NULL};
    if (cli_request_opts(r, keys, values, 7) != 0)
        status = CLI_EXIT_DATA;
    /* the heat map: the same request answered as SVG from the same count */
    hs_request *map = NULL;
    if (status == CLI_OK && svg != NULL &&
        ((map = cli_request_new(d->command, argv + 1, 1, &status)) == NULL ||
         cli_request_opts(map, keys, values, 6) != 0 || cli_request_add(map, "svg", "1") != 0))
        status = status == CLI_OK ? CLI_EXIT_DATA : status;
    cli_outs outs = {.n = 0};
    cli_out *out = cli_outs_add(&outs, "-o", path);
    cli_out *svg_out = svg != NULL ? cli_outs_add(&outs, "--svg", svg) : NULL;
    if (path != NULL && strcmp(path, "-") != 0)
        csv = 1;
    const char *const names[2] = {"-o", "--svg"};
    const char *const files[2] = {path, svg};
    hs_table *t = NULL, *g = NULL;
    const cli_request_job o = {.label = d->label,
                               .fallback = d->fallback,
                               .ckpt_arg = ckpt_arg,
                               .resume = resume,
                               .threads = threads,
                               .outs = &outs,
                               .path = path,
                               .names = names,
                               .files = files,
                               .n_files = svg ? 2 : 1,
                               .also = map,
                               .also_table = &g};
    cli_job j;
    int keep = 0;
    if (status == CLI_OK)
        status = cli_request_run(r, &o, &t, &j, &keep);
    if (status == CLI_OK) {
        if (csv)
            cli_request_csv(out->fp, t);
        else if (d->matrix)
            matrix_text(out->fp, t, by_combo);
        else
            filter_text(out->fp, t, by_combo);
        if (svg_out != NULL && g != NULL)
            fputs(hs_table_cell(g, 0, 0), svg_out->fp);
        status = cli_outs_commit(&outs);
    }
    cli_outs_abort(&outs);
    cli_request_end(&j, keep, status);
    hs_table_free(t);
    hs_table_free(g);
    hs_request_free(map);
    hs_request_free(r);
    return status;
}

int cli_holdem_filter(int argc, char **argv) {
    static const tool_def D = {"holdem filter", "holdem filter", "holdem_filter.ckpt", FILTER_USAGE,
                               0};
    return run_tool(&D, argc, argv);
}

int cli_holdem_matrix(int argc, char **argv) {
    static const tool_def D = {"holdem matrix", "holdem matrix", "holdem_matrix.ckpt", MATRIX_USAGE,
                               1};
    return run_tool(&D, argc, argv);
}
