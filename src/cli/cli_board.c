/* handstat holdem hits and holdem equity-dist: what a range makes on a board (or over every
 * flop, turn or river) and each combination's exact equity against another range. A shell over
 * the request layer (handstat/request.h): the options become a request, its job (for the long
 * forms) runs through the CLI's job layer (progress, Ctrl-C, checkpoints), and the answer's table
 * is written as CSV or rendered as text here. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

static const char HITS_USAGE[] =
    "usage: handstat holdem hits RANGE --board CARDS [--dead CARDS] [--csv] [--by-combo]\n"
    "                            [-o FILE] [--folded RANGE ...]\n"
    "       handstat holdem hits RANGE --flops [--turns] [--rivers] [--dead CARDS] [--csv]\n"
    "                            [-o FILE] [--threads N] [--checkpoint FILE] [--resume]\n"
    "                            [--folded RANGE ...]\n"
    "\n"
    "What a hold'em range makes on a board. Each combination of RANGE (the grammar of 'holdem\n"
    "equity': AhKd, AA, AKs, QQ+, A2s+, 55-22, random, 15%, ITEM@W) that avoids the board and\n"
    "the dead cards gets one made-hand category, the best that holds:\n"
    "  straight_flush quads full_house flush straight set trips two_pair (both hole cards\n"
    "  paired) two_pair_board (one hole card + a board pair) overpair top_pair\n"
    "  pocket_below_top (a pocket pair between the board's top and second ranks) second_pair\n"
    "  weak_pair (third rank or lower, or a pocket pair below the second) ace_high nothing\n"
    "and any number of flags: plays_board (river: the board alone is as good), flush_draw,\n"
    "nut_flush_draw, oesd (two or more ranks complete a straight using a hole card), gutshot\n"
    "(one rank), combo_draw (a flush draw with a straight draw), backdoor_flush (flop: three to\n"
    "a flush with a hole card), overcards (two hole cards above the board, no pair). The draws\n"
    "are on the flop and turn only. The README defines each with examples.\n"
    "With --board: per category the combinations (weights: AKs@50 counts 2) and their share of\n"
    "the range, exact and decimal. With --flops (--turns, --rivers): the same counted over every\n"
    "flop (turn, river board) of the cards each combination leaves, exactly: per class and\n"
    "category the weighted (combination, board) pairs, the boards, and their share.\n"
    "\n"
    "  --board CARDS   the flop, turn or river: 3 to 5 cards (\"Kh 7d 2c\" or Kh7d2c)\n"
    "  --dead CARDS    cards out of play\n"
    "  --by-combo      with --board: each combination, its category and flags\n"
    "  --folded RANGE  a player who folded a hand of RANGE (repeatable, up to 8): card\n"
    "                  removal, as in 'holdem equity --folded'. The counts are summed over the\n"
    "                  folded hands (or tuples) with their cards dead, times their weights; the\n"
    "                  shares are the folded model's; --by-combo adds each combination's share\n"
    "                  (share,share_exact). Exact within a bound, else an error: with --board\n"
    "                  100,000 engine runs; with --flops.. 100,000 solved tuples of all but\n"
    "                  the last folded player and 5e9 combinations x boards (minutes)\n"
    "  --flops         every flop (19,600 per combination without dead cards)\n"
    "  --turns         every turn board (230,300 per combination)\n"
    "  --rivers        every river board (2,118,760 per combination; minutes for a wide range)\n"
    "  --csv           CSV: with --board kind,category,combos,share,share_exact (every category\n"
    "                  and flag); --by-combo combo,class,weight,category,flags; with --flops\n"
    "                  class,combos,street,kind,category,hits,boards,share,share_exact\n"
    "  -o FILE         write the table (CSV, as --csv) to FILE, whole or not at "
    "all\n" CLI_CHECKPOINT_HELP
    "  --threads N     worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 done, 1 bad cards or range, 2 bad command line, 3 file error,\n"
    "             130 interrupted\n";

static const char DIST_USAGE[] =
    "usage: handstat holdem equity-dist RANGE RANGE [--board CARDS] [--dead CARDS] [--csv]\n"
    "                                   [-o FILE] [--bins N] [--svg FILE] [--threads N]\n"
    "                                   [--folded RANGE ...]\n"
    "                                   [--checkpoint FILE] [--resume]\n"
    "\n"
    "The equity distribution: each combination of the first range (the hero's) with its exact\n"
    "heads-up equity against the second range over every completion of the board, sorted best\n"
    "first (the 'equity graph'). A combination's deals are the villain's combinations that avoid\n"
    "it, the board and the dead cards (weighted as in 'holdem equity'), times the boards; its\n"
    "counts are those of 'holdem equity COMBO RANGE'. The range's own equity, each combination\n"
    "weighed by its weight times its deals, is printed too: it is 'holdem equity RANGE RANGE's.\n"
    "\n"
    "  --board CARDS   0 to 5 known board cards\n"
    "  --dead CARDS    cards out of play\n"
    "  --folded RANGE  a player who folded a hand of RANGE (repeatable, up to 8): card removal,\n"
    "                  as in 'holdem equity --folded'. Each combination's counts are summed over\n"
    "                  the folded hands (or tuples) off it and the known cards, with their cards\n"
    "                  dead, times their weights. Exact within a stated bound (100,000 engine\n"
    "                  runs; runs x boards x 1,326 up to 3e12), else an error, never an estimate\n"
    "  --csv           combo,class,weight,deals,wins,ties,losses,equity,equity_exact,cumulative\n"
    "                  (cumulative: the share of the range's combinations, by weight, up to this\n"
    "                  one: the graph's x axis)\n"
    "  --bins N        a histogram instead: N equal bins of equity (1..1000), the combinations\n"
    "                  (by weight) in each: bin,low,high,combos,share\n"
    "  -o FILE         write the table (CSV) to FILE, whole or not at all\n"
    "  --svg FILE      also draw the equity graph as SVG\n" CLI_CHECKPOINT_HELP
    "  --threads N     worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 done, 1 bad cards or range or no possible deal, 2 bad command line,\n"
    "             3 file error, 130 interrupted\n";

/* An exact decimal of the request's tables ("15", "7.5", "0.25") as weight units (x 10000). */
static hs_uint128 weight_units(const char *text) {
    hs_uint128 v = 0;
    int decimals = -1;
    for (const char *c = text; *c; c++) {
        if (*c == '.') {
            decimals = 0;
            continue;
        }
        v = v * 10 + (hs_uint128)(*c - '0');
        if (decimals >= 0)
            decimals++;
    }
    for (int d = decimals < 0 ? 0 : decimals; d < 4; d++)
        v *= 10;
    return v;
}

/* An exact fraction "p/q" of the request's tables as a double (rounded toward zero, as the
 * tables' decimals are). */
static double fraction_value(const char *text) {
    hs_uint128 num = 0, den = 0, *v = &num;
    for (const char *c = text; *c; c++) {
        if (*c == '/')
            v = &den;
        else
            *v = *v * 10 + (hs_uint128)(*c - '0');
    }
    return den != 0 ? cli_ratio_u128(num, den) : 0;
}

/* "board: KH 7D 2C   dead: (none)" from the table's notes. */
static void print_known(FILE *fp, const hs_table *t, int with_board) {
    const char *board = hs_table_note(t, "board"), *dead = hs_table_note(t, "dead");
    if (with_board)
        fprintf(fp, "   board: %s", board != NULL && *board ? board : "(none)");
    fprintf(fp, "   dead: %s\n", dead != NULL && *dead ? dead : "(none)");
}

/* The words of a category or flag identifier ("top_pair" -> "top pair"). */
static const char *title_of(const char *kind, const char *name) {
    const int made = strcmp(kind, "made") == 0;
    for (int i = 0; i < (made ? HS_HIT_MADE : HS_HIT_FLAGS); i++)
        if (strcmp(name, made ? hs_holdem_hit_name(i) : hs_holdem_hit_flag_name(i)) == 0)
            return made ? hs_holdem_hit_title(i) : hs_holdem_hit_flag_title(i);
    return name;
}

/* One text row of a count table: the category's words, the count, the share in percent and
 * exact. */
static void share_row(cli_table *t, const char *title, hs_uint128 count, hs_uint128 total) {
    char num[64], pct[32];
    cli_cell(t, title);
    cli_cell(t, hs_text_weight(num, sizeof num, count));
    snprintf(pct, sizeof pct, "%.2f%%", 100.0 * cli_ratio_u128(count, total));
    cli_cell(t, pct);
    cli_cell_fraction_u128(t, count, total);
    cli_row_end(t);
}

/* The made categories (those that occur), then the flags, of per-category counts. */
static void share_rows(cli_table *t, const hs_uint128 *made, const hs_uint128 *flag,
                       hs_uint128 total) {
    for (int i = 0; i < HS_HIT_MADE; i++)
        if (made[i] != 0)
            share_row(t, hs_holdem_hit_title(i), made[i], total);
    fprintf(t->fp, "draws and flags:\n");
    for (int i = 0; i < HS_HIT_FLAGS; i++)
        if (flag[i] != 0)
            share_row(t, hs_holdem_hit_flag_title(i), flag[i], total);
}

/* The index of a category or flag identifier of the table. */
static int index_of(const char *kind, const char *name) {
    const int made = strcmp(kind, "made") == 0;
    for (int i = 0; i < (made ? HS_HIT_MADE : HS_HIT_FLAGS); i++)
        if (strcmp(name, made ? hs_holdem_hit_name(i) : hs_holdem_hit_flag_name(i)) == 0)
            return i;
    return -1;
}

/* ---- hits: text renderings of the request's tables ---------------------------------------- */

static void hits_board_text(FILE *fp, const hs_table *t) {
    fprintf(fp, "range: %s", hs_table_note(t, "range"));
    print_known(fp, t, 1);
    fprintf(fp,
            "combinations on the board: %s (weighted; those meeting the board or the dead "
            "cards left out)\n",
            hs_table_note(t, "combos"));
    if (hs_table_note(t, "folded") != NULL)
        fprintf(fp,
                "folded: %s (%s folded hands or tuples off the known cards, %s solved; the counts "
                "are summed over them, times their weights)\n",
                hs_table_note(t, "folded"), hs_table_note(t, "folded_tuples"),
                hs_table_note(t, "folded_solves"));
    hs_uint128 made[HS_HIT_MADE] = {0}, flag[HS_HIT_FLAGS] = {0};
    const hs_uint128 total = weight_units(hs_table_note(t, "combos"));
    for (size_t r = 0; r < hs_table_rows(t); r++) {
        const char *kind = hs_table_cell(t, r, 0);
        const int k = index_of(kind, hs_table_cell(t, r, 1));
        if (k >= 0)
            (strcmp(kind, "made") == 0 ? made : flag)[k] = weight_units(hs_table_cell(t, r, 2));
    }
    cli_col cols[] = {{"", -36}, {" ", 8}, {"  ", 8}, {"  ", 0}};
    cli_table out;
    cli_table_init(&out, fp, 0, cols);
    static const char *const HEADER[] = {"made hand", "combos", "share", "(exact)"};
    cli_header(&out, HEADER, 4);
    share_rows(&out, made, flag, total);
}

static void hits_combo_text(FILE *fp, const hs_table *t) {
    fprintf(fp, "range: %s", hs_table_note(t, "range"));
    print_known(fp, t, 1);
    const int folded = hs_table_note(t, "folded") != NULL;
    if (folded)
        fprintf(fp,
                "folded: %s (each combination's share: its weight times the folded hands or "
                "tuples off it, of all %s)\n",
                hs_table_note(t, "folded"), hs_table_note(t, "combos"));
    /* with folded ranges the share (its exact fraction last, as the flags run long) */
    cli_col cols[] = {{"", -6}, {" ", -5}, {" ", 6}, {"  ", -34}, {" ", folded ? -40 : 0},
                      {" ", 7}, {"  ", 0}};
    cli_table out;
    cli_table_init(&out, fp, 0, cols);
    static const char *const HEADER[] = {"combo", "class", "weight", "category",
                                         "flags", "share", "(exact)"};
    const size_t ncols = folded ? 7 : 5;
    cli_header(&out, HEADER, ncols);
    for (size_t r = 0; r < hs_table_rows(t); r++) {
        for (size_t c = 0; c < ncols; c++) {
            char pct[32];
            const char *cell = hs_table_cell(t, r, c);
            if (c == 5) {
                snprintf(pct, sizeof pct, "%.2f%%", 100.0 * fraction_value(hs_table_cell(t, r, 6)));
                cell = pct;
            }
            cli_cell(&out, c == 3 ? title_of("made", cell) : cell);
        }
        cli_row_end(&out);
    }
}

/* Every board: the whole range's shares per street, from the classes' rows. */
static void hits_all_text(FILE *fp, const hs_table *t) {
    static const char *const STREET[HS_STREETS] = {"flop", "turn", "river"};
    hs_uint128 made[HS_STREETS][HS_HIT_MADE] = {{0}}, flag[HS_STREETS][HS_HIT_FLAGS] = {{0}};
    hs_uint128 total[HS_STREETS] = {0}, weight = 0;
    int seen[HS_STREETS] = {0};
    char last_class[8] = "";
    for (size_t r = 0; r < hs_table_rows(t); r++) {
        const char *cls = hs_table_cell(t, r, 0), *street = hs_table_cell(t, r, 2);
        const char *kind = hs_table_cell(t, r, 3);
        int s = 0;
        while (s < HS_STREETS && strcmp(street, STREET[s]) != 0)
            s++;
        if (s == HS_STREETS)
            continue;
        if (strcmp(cls, last_class) != 0) {
            snprintf(last_class, sizeof last_class, "%s", cls);
            weight += weight_units(hs_table_cell(t, r, 1));
        }
        const int k = index_of(kind, hs_table_cell(t, r, 4));
        if (k < 0)
            continue;
        const hs_uint128 v = weight_units(hs_table_cell(t, r, 5));
        if (strcmp(kind, "made") == 0) {
            made[s][k] = made[s][k] + v;
            if (k == 0)
                total[s] += weight_units(hs_table_cell(t, r, 6));
        } else
            flag[s][k] += v;
        seen[s] = 1;
    }
    char wtext[64];
    fprintf(fp, "range: %s (%s weighted combinations)", hs_table_note(t, "range"),
            hs_text_weight(wtext, sizeof wtext, weight));
    print_known(fp, t, 0);
    const int folded = hs_table_note(t, "folded") != NULL;
    if (folded)
        fprintf(fp,
                "folded: %s (card removal: each (combination, board) pair counted with the "
                "weights of the folded hands or tuples off both; %s units)\n",
                hs_table_note(t, "folded"), hs_table_note(t, "folded_units"));
    for (int s = 0; s < HS_STREETS; s++) {
        if (!seen[s])
            continue;
        char ttext[64];
        fprintf(fp,
                "\n%s: every %s board of the cards each combination leaves: %s weighted "
                "(%scombination, board) %s\n",
                STREET[s], STREET[s], hs_text_weight(ttext, sizeof ttext, total[s]),
                folded ? "folded hands, " : "", folded ? "triples" : "pairs");
        cli_col cols[] = {{"", -36}, {" ", 14}, {"  ", 8}, {"  ", 0}};
        cli_table out;
        cli_table_init(&out, fp, 0, cols);
        static const char *const HEADER[] = {"made hand", "pairs", "share", "(exact)"};
        cli_header(&out, HEADER, 4);
        share_rows(&out, made[s], flag[s], total[s]);
    }
}

/* ---- holdem hits ----------------------------------------------------------------------- */

/* The --folded ranges into request q; non-zero (printed) on failure. */
static int add_folded(hs_request *q, const cli_opt_list *folded) {
    for (int j = 0; j < folded->n; j++)
        if (cli_request_add(q, "folded", folded->value[j]) != 0)
            return 1;
    return 0;
}

static int holdem_hits(int argc, char **argv) {
    int csv = 0, by_combo = 0, flops = 0, turns = 0, rivers = 0, threads = 0, resume = 0, n_pos;
    const char *board_arg = NULL, *dead_arg = NULL, *path = NULL, *ckpt_arg = NULL;
    cli_opt_list folded = {0};
    const cli_opt opts[] = {{"--board", NULL, CLI_OPT_VALUE, &board_arg},
                            {"--dead", NULL, CLI_OPT_VALUE, &dead_arg},
                            {"--folded", NULL, CLI_OPT_LIST, &folded},
                            {"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {"--by-combo", NULL, CLI_OPT_FLAG, &by_combo},
                            {"--flops", NULL, CLI_OPT_FLAG, &flops},
                            {"--turns", NULL, CLI_OPT_FLAG, &turns},
                            {"--rivers", NULL, CLI_OPT_FLAG, &rivers},
                            {"-o", NULL, CLI_OPT_VALUE, &path},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, HITS_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (n_pos != 1) {
        cli_error("expected one RANGE, got %d (see --help)", n_pos);
        return CLI_EXIT_USAGE;
    }
    const int every = flops || turns || rivers;
    if (every && board_arg != NULL) {
        cli_error("--flops, --turns and --rivers count every board: they take no --board");
        return CLI_EXIT_USAGE;
    }
    if (!every && board_arg == NULL) {
        cli_error("give --board CARDS (a flop, turn or river), or --flops, --turns or --rivers "
                  "for every board (see --help)");
        return CLI_EXIT_USAGE;
    }
    if (by_combo && every) {
        cli_error("--by-combo lists the combinations on one --board");
        return CLI_EXIT_USAGE;
    }
    char streets[32] = "";
    snprintf(streets, sizeof streets, "%s%s%s", flops ? "flop," : "", turns ? "turn," : "",
             rivers ? "river" : "");
    if (!every && (ckpt_arg != NULL || resume)) {
        cli_error("--checkpoint and --resume are for --flops, --turns and --rivers");
        return CLI_EXIT_USAGE;
    }
    int status;
    hs_request *r = cli_request_new("holdem hits", argv + 1, 1, &status);
    if (r == NULL)
        return status;
    const char *const keys[] = {"board", "dead", "streets", "by-combo"};
    const char *const values[] = {board_arg, dead_arg, every ? streets : NULL,
                                  by_combo ? "1" : NULL};
    if (cli_request_opts(r, keys, values, 4) != 0 || add_folded(r, &folded) != 0)
        status = CLI_EXIT_DATA;
    cli_outs outs = {.n = 0};
    cli_out *out = cli_outs_add(&outs, "-o", path);
    if (path != NULL && strcmp(path, "-") != 0)
        csv = 1; /* a file gets the CSV table */
    const char *const names[1] = {"-o"};
    const char *const files[1] = {path};
    const cli_request_job o = {.label = "holdem hits",
                               .fallback = "holdem_hits.ckpt",
                               .ckpt_arg = ckpt_arg,
                               .resume = resume,
                               .threads = threads,
                               .outs = &outs,
                               .path = path,
                               .names = names,
                               .files = files,
                               .n_files = 1};
    hs_table *t = NULL;
    cli_job j;
    int keep = 0;
    if (status == CLI_OK)
        status = cli_request_run(r, &o, &t, &j, &keep);
    if (status == CLI_OK) {
        if (csv) {
            cli_request_csv(out->fp, t);
        } else if (every)
            hits_all_text(out->fp, t);
        else if (by_combo)
            hits_combo_text(out->fp, t);
        else
            hits_board_text(out->fp, t);
        status = cli_outs_commit(&outs);
    }
    cli_outs_abort(&outs);
    cli_request_end(&j, keep, status);
    hs_table_free(t);
    hs_request_free(r);
    return status;
}

/* ---- holdem equity-dist ------------------------------------------------------------------ */

/* The equity graph: the combinations best first along x (by weight), equity up. */
static void write_svg(FILE *fp, const hs_table *t) {
    const double W = 720, H = 440, x0 = 64, y0 = 44, pw = 620, ph = 330;
    const char *board = hs_table_note(t, "board");
    fprintf(fp,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            W, H, W, H);
    /* the ranges' canonical text holds no markup characters, but cut them short */
    fprintf(fp,
            "<text x=\"%.0f\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">Equity of "
            "%.60s against %.60s%s%s</text>\n",
            W / 2, hs_table_note(t, "hero"), hs_table_note(t, "villain"),
            *board ? " on " : " preflop", board);
    for (int i = 0; i <= 4; i++) {
        const double gy = y0 + ph - ph * i / 4.0, gx = x0 + pw * i / 4.0;
        fprintf(fp,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n",
                x0, gy, x0 + pw, gy, x0 - 6, gy + 4, 25 * i);
        fprintf(fp,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%d%%</text>\n",
                gx, y0, gx, y0 + ph, gx, y0 + ph + 16, 25 * i);
    }
    fprintf(fp,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
            "stroke=\"#444\"/>\n",
            x0, y0, pw, ph);
    fprintf(fp,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">share of the range's "
            "combinations, the best first</text>\n"
            "<text x=\"16\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 16 %.1f)\">"
            "equity</text>\n",
            x0 + pw / 2, y0 + ph + 36, y0 + ph / 2, y0 + ph / 2);
    hs_uint128 total = 0, run = 0;
    const size_t n = hs_table_rows(t);
    for (size_t i = 0; i < n; i++)
        total += (hs_uint128)atoi(hs_table_cell(t, i, 2));
    fprintf(fp, "<polyline fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"1.6\" points=\"");
    for (size_t i = 0; i < n; i++) {
        const double e = hs_table_number(t, i, 7);
        const double xa = x0 + pw * cli_ratio_u128(run, total);
        run += (hs_uint128)atoi(hs_table_cell(t, i, 2));
        const double xb = x0 + pw * cli_ratio_u128(run, total), y = y0 + ph - ph * e;
        fprintf(fp, "%.2f,%.2f %.2f,%.2f ", xa, y, xb, y);
    }
    fprintf(fp, "\"/>\n");
    const double mean = fraction_value(hs_table_note(t, "equity_exact"));
    const double my = y0 + ph - ph * mean;
    fprintf(fp,
            "<line x1=\"%.1f\" y1=\"%.2f\" x2=\"%.1f\" y2=\"%.2f\" stroke=\"#c0392b\" "
            "stroke-dasharray=\"6 4\"/>\n"
            "<text x=\"%.1f\" y=\"%.2f\" text-anchor=\"end\" fill=\"#c0392b\">range equity "
            "%.2f%%</text>\n</svg>\n",
            x0, my, x0 + pw, my, x0 + pw - 4, my - 5, 100 * mean);
}

static void dist_text(FILE *fp, const hs_table *t, int bins) {
    fprintf(fp, "hero: %s   villain: %s", hs_table_note(t, "hero"), hs_table_note(t, "villain"));
    print_known(fp, t, 1);
    const char *sym = hs_table_note(t, "symmetry");
    const int symmetry = sym != NULL ? atoi(sym) : 1;
    if (hs_table_note(t, "folded") != NULL)
        fprintf(fp,
                "folded: %s (%s folded hands or tuples off the known cards, %s solved)\n"
                "%s hero combinations (%s weighted)\n",
                hs_table_note(t, "folded"), hs_table_note(t, "folded_tuples"),
                hs_table_note(t, "folded_solves"), hs_table_note(t, "combinations"),
                hs_table_note(t, "weight"));
    else
        fprintf(fp,
                "%s hero combinations (%s weighted); boards solved: %s (suit symmetry: %d "
                "permutation%s)\n",
                hs_table_note(t, "combinations"), hs_table_note(t, "weight"),
                hs_table_note(t, "boards"), symmetry, symmetry == 1 ? "" : "s");
    fprintf(fp, "the range's equity: %.6f = %s\n", fraction_value(hs_table_note(t, "equity_exact")),
            hs_table_note(t, "equity_exact"));
    cli_table out;
    if (bins) {
        cli_col cols[] = {{"", 4}, {" ", 8}, {" ", 8}, {" ", 12}, {" ", 0}};
        cli_table_init(&out, fp, 0, cols);
        cli_request_table(&out, t, 1);
        return;
    }
    cli_col cols[] = {{"", -6},  {" ", -4}, {" ", 6},   {" ", 12},  {" ", 12},
                      {" ", 10}, {" ", 12}, {"  ", -9}, {" ", -22}, {" ", 0}};
    cli_table_init(&out, fp, 0, cols);
    static const char *const HEADER[] = {"combo", "class",  "weight", "deals",        "wins",
                                         "ties",  "losses", "equity", "equity_exact", "cumulative"};
    cli_header(&out, HEADER, 10);
    for (size_t r = 0; r < hs_table_rows(t); r++) {
        for (size_t c = 0; c < 10; c++) {
            if (c == 7)
                cli_cell_fixed(&out, hs_table_number(t, r, c), 6);
            else if (c == 9)
                cli_cell_fixed(&out, hs_table_number(t, r, c), 4);
            else
                cli_cell(&out, hs_table_cell(t, r, c));
        }
        cli_row_end(&out);
    }
}

static int holdem_equity_dist(int argc, char **argv) {
    int csv = 0, threads = 0, resume = 0, n_pos;
    const char *board_arg = NULL, *dead_arg = NULL, *path = NULL, *svg = NULL, *bins_arg = NULL,
               *ckpt_arg = NULL;
    cli_opt_list folded = {0};
    const cli_opt opts[] = {{"--board", NULL, CLI_OPT_VALUE, &board_arg},
                            {"--dead", NULL, CLI_OPT_VALUE, &dead_arg},
                            {"--folded", NULL, CLI_OPT_LIST, &folded},
                            {"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {"-o", NULL, CLI_OPT_VALUE, &path},
                            {"--svg", NULL, CLI_OPT_VALUE, &svg},
                            {"--bins", NULL, CLI_OPT_VALUE, &bins_arg},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, DIST_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (n_pos != 2) {
        cli_error("expected two ranges (the hero's, then the villain's), got %d (see --help)",
                  n_pos);
        return CLI_EXIT_USAGE;
    }
    if (svg != NULL && strcmp(svg, "-") == 0) {
        cli_error("--svg takes a file name, not '-'");
        return CLI_EXIT_USAGE;
    }
    int status;
    hs_request *r = cli_request_new("holdem equity-dist", argv + 1, 2, &status);
    if (r == NULL)
        return status;
    if (cli_request_add(r, "board", board_arg) != 0 || cli_request_add(r, "dead", dead_arg) != 0 ||
        cli_request_add(r, "bins", bins_arg) != 0 || add_folded(r, &folded) != 0)
        status = CLI_EXIT_DATA;
    /* the graph needs the combinations' rows: with --bins, the same request without them,
     * answered from the same count */
    hs_request *graph = NULL;
    if (status == CLI_OK && svg != NULL && bins_arg != NULL &&
        ((graph = cli_request_new("holdem equity-dist", argv + 1, 2, &status)) == NULL ||
         cli_request_add(graph, "board", board_arg) != 0 ||
         cli_request_add(graph, "dead", dead_arg) != 0 || add_folded(graph, &folded) != 0))
        status = status == CLI_OK ? CLI_EXIT_DATA : status;
    cli_outs outs = {.n = 0};
    cli_out *out = cli_outs_add(&outs, "-o", path);
    cli_out *svg_out = svg != NULL ? cli_outs_add(&outs, "--svg", svg) : NULL;
    if (path != NULL && strcmp(path, "-") != 0)
        csv = 1;
    const char *const names[2] = {"-o", "--svg"};
    const char *const files[2] = {path, svg};
    hs_table *t = NULL, *g = NULL;
    const cli_request_job o = {.label = "holdem equity-dist",
                               .fallback = "holdem_equity_dist.ckpt",
                               .ckpt_arg = ckpt_arg,
                               .resume = resume,
                               .threads = threads,
                               .outs = &outs,
                               .path = path,
                               .names = names,
                               .files = files,
                               .n_files = svg ? 2 : 1,
                               .also = graph,
                               .also_table = &g};
    cli_job j;
    int keep = 0;
    if (status == CLI_OK)
        status = cli_request_run(r, &o, &t, &j, &keep);
    if (status == CLI_OK) {
        if (csv) {
            cli_request_csv(out->fp, t);
        } else
            dist_text(out->fp, t, bins_arg != NULL);
        if (svg_out != NULL)
            write_svg(svg_out->fp, g != NULL ? g : t);
        status = cli_outs_commit(&outs);
    }
    cli_outs_abort(&outs);
    cli_request_end(&j, keep, status);
    hs_table_free(t);
    hs_table_free(g);
    hs_request_free(graph);
    hs_request_free(r);
    return status;
}

int cli_holdem_hits(int argc, char **argv) {
    return holdem_hits(argc, argv);
}

int cli_holdem_equity_dist(int argc, char **argv) {
    return holdem_equity_dist(argc, argv);
}
