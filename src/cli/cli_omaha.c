/* handstat omaha: equity (high or 8-or-better hi/lo) and rank (handstat/omaha.h). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

static const char EQUITY_USAGE[] =
    "usage: handstat omaha equity HAND HAND [HAND...] [--board CARDS] [--dead CARDS] [--hilo]\n"
    "                             [--cards N] [--samples N [--seed S]] [--csv] [--threads N]\n"
    "\n"
    "Omaha equity of 2 to 9 players over every completion of the board: each HAND is one\n"
    "argument, 4, 5 or 6 cards (every player the same number) or a RANGE of such hands (see\n"
    "'handstat omaha range --help': AA**, AxAyxy, KK-TT:$ds, RRON, ITEM@50), its best hand made "
    "of\n"
    "exactly two hole cards and exactly three board cards. High: wins, ties, losses and the\n"
    "equity (a split pot shared equally) with its exact fraction. --hilo: 8-or-better hi/lo, the\n"
    "low half to the best qualifying low (five different ranks 8 or lower, ace low), the whole\n"
    "pot to the high when nobody has one: scoops, the expected share of the pot won by the high\n"
    "and by the low, and the equity.\n"
    "\n"
    "With ranges a deal is one hand per player, no card twice, weighing the product of the\n"
    "hands' weights, and every completion of the board. The count is exact when it takes at most\n"
    "1e9 steps (boards x (hands ranked + choices of hands)); past that, or with --samples, it is\n"
    "an ESTIMATE from sampled deals (1,000,000 by default) with each equity's standard error,\n"
    "labelled as such.\n"
    "\n"
    "  --board CARDS  0 to 5 known board cards (one argument: \"2c 3d 4h\" or 2c3d4h)\n"
    "  --dead CARDS   cards out of play\n"
    "  --hilo         8-or-better hi/lo split pots\n"
    "  --cards N      cards per hand for ranges, 4 to 6 (default: the plain hands', else 4)\n"
    "  --samples N    an ESTIMATE from N sampled deals instead of the exact count\n"
    "  --seed S       the random streams of --samples (default 1): the same N and S give the\n"
    "                 same answer at any thread count\n"
    "  --csv          CSV: player,hand,wins,ties,losses,equity,equity_exact; with --hilo\n"
    "                 player,hand,scoops,high_share,low_share,equity,equity_exact; estimates:\n"
    "                 player,hand,samples,wins,ties,losses (or scoops,high_share,low_share),\n"
    "                 equity,std_error,kind\n"
    "  --threads N    worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 computed, 1 a hand, range or card set was not valid, 2 bad command line,\n"
    "             3 cannot write standard output, 130 interrupted (SIGINT), 143 (SIGTERM)\n";

static const char RANGE_USAGE[] =
    "usage: handstat omaha range RANGE [--cards 4|5|6] [--count | --list] [--csv]\n"
    "\n"
    "Count (default) or list the Omaha hands of RANGE, ProPokerTools' generic syntax (README:\n"
    "the subset and its differences). A pattern matches a hand when some of its cards match\n"
    "the pattern's cards one to one (\"AA\": at least two aces):\n"
    "  AsKhJd2c      exact cards            *  any rank   [AKQ] [A-J]  a rank of a list\n"
    "  AA  AA**      at least two aces      AxAyxy   double-suited aces (x y w z: suits)\n"
    "  RRON          a pair and two other ranks (upper-case letters but AKQJT: rank variables)\n"
    "  KK-TT  TT+    spans: KK, QQ, JJ, TT; TT up to AA      Axx  an ace suited\n"
    "  $ds $ss $rb $np   double-suited, single-suited, all four suits, no pair\n"
    "  A:B  A!B  (A,B)   both; A but not B; grouping     A, B  either     ITEM@50  weight 50%\n"
    "Suits are lower case (s h d c; w x y z variables): 'AAxx' is aces with two cards of one\n"
    "suit, not 'any AA' (that is AA or AA**).\n"
    "\n"
    "  --cards N  cards per hand (default 4)\n"
    "  --count    the number of hands, of all C(52, N), and their weights' sum (default)\n"
    "  --list     every hand, one a line, with its weight (at most 2,598,960)\n"
    "  --csv      CSV: hands,of,share,weight_sum; with --list hand,weight\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 done, 1 the range is not valid, 2 bad command line,\n"
    "             3 cannot write standard output\n";

static const char RANK_USAGE[] =
    "usage: handstat omaha rank HOLE -- BOARD\n"
    "\n"
    "The best Omaha hands of 4, 5 or 6 hole cards with 3, 4 or 5 board cards: the high (class\n"
    "1..7462 as in 'poker rank', category, description, the five cards: exactly two of the hole\n"
    "and three of the board) and the 8-or-better low (class 1..56, 1 = 5-4-3-2-A, or none).\n"
    "Example: handstat omaha rank AH 2H KS QS -- 3H 4D 8H JC 9H\n"
    "\n"
    "  --csv    a header and one row: class,category,description,best_five,low_class,\n"
    "           low_description (low_class 0: no low)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 ranked, 1 a card set was not valid, 2 bad command line,\n"
    "             3 cannot write standard output\n";

/* An estimate's table in text: player, hand, wins, ties, losses (hi/lo: scoops, high_share,
 * low_share), equity, std_err, (estimate). */
static void cli_pot_estimate_text(const hs_table *table) {
    const int hilo = strcmp(hs_table_column(table, 3), "scoops") == 0;
    int width = 4;
    for (size_t r = 0; r < hs_table_rows(table); r++) {
        const int w = (int)strlen(hs_table_cell(table, r, 1));
        width = w > width ? w : width;
    }
    cli_col cols[] = {{"", -7},  {" ", -width}, {" ", 12},  {" ", 12},
                      {" ", 12}, {"  ", -9},    {" ", -10}, {" ", 0}};
    cli_table t;
    cli_table_init(&t, stdout, 0, cols);
    static const char *const HIGH_TEXT[] = {"player", "hand",   "wins",    "ties",
                                            "losses", "equity", "std_err", "(estimate)"};
    static const char *const HILO_TEXT[] = {"player",    "hand",   "scoops",  "high_share",
                                            "low_share", "equity", "std_err", "(estimate)"};
    cli_header(&t, hilo ? HILO_TEXT : HIGH_TEXT, 8);
    static const int FROM[] = {0, 1, 3, 4, 5, 6, 7, 8};
    for (size_t r = 0; r < hs_table_rows(table); r++) {
        for (int k = 0; k < 8; k++) {
            const size_t c = (size_t)FROM[k];
            if (c >= 6 && c <= 7)
                cli_cell_fixed(&t, hs_table_number(table, r, c), 6);
            else
                cli_cell(&t, hs_table_cell(table, r, c));
        }
        cli_row_end(&t);
    }
}

/* A note of the table, "" when absent. */
static const char *note(const hs_table *t, const char *key) {
    const char *v = hs_table_note(t, key);
    return v ? v : "";
}

static int omaha_equity(int argc, char **argv) {
    int csv = 0, hilo = 0, threads = 0, n_pos;
    const char *board_text = NULL, *dead_text = NULL, *cards = NULL, *samples = NULL, *seed = NULL;
    const cli_opt opts[] = {{"--board", NULL, CLI_OPT_VALUE, &board_text},
                            {"--dead", NULL, CLI_OPT_VALUE, &dead_text},
                            {"--hilo", NULL, CLI_OPT_FLAG, &hilo},
                            {"--cards", NULL, CLI_OPT_VALUE, &cards},
                            {"--samples", NULL, CLI_OPT_VALUE, &samples},
                            {"--seed", NULL, CLI_OPT_VALUE, &seed},
                            {"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, EQUITY_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (n_pos < 2 || n_pos > HS_OMAHA_MAX_PLAYERS) {
        cli_error("expected 2 to %d hands, got %d (see --help)", HS_OMAHA_MAX_PLAYERS, n_pos);
        return CLI_EXIT_USAGE;
    }
    int status;
    hs_request *r = cli_request_new("omaha equity", argv + 1, n_pos, &status);
    if (r == NULL)
        return status;
    const char *const keys[] = {"board", "dead", "hilo", "cards", "samples", "seed"},
                      *const values[] = {board_text, dead_text, hilo ? "1" : NULL,
                                         cards,      samples,   seed};
    if (cli_request_opts(r, keys, values, 6) != 0)
        status = CLI_EXIT_DATA;
    hs_table *t = NULL;
    cli_job j;
    int keep = 0;
    const cli_request_job o = {.label = "omaha equity", .threads = threads};
    if (status == CLI_OK)
        status = cli_request_run(r, &o, &t, &j, &keep);
    if (status == CLI_OK) {
        if (csv) {
            cli_request_csv(stdout, t);
        } else {
            const char *board = note(t, "board"), *dead = note(t, "dead");
            const char *kind = note(t, "kind");
            printf("omaha equity (%s): board: %s   dead: %s   ",
                   hilo ? "8-or-better hi/lo" : "high", *board ? board : "(none)",
                   *dead ? dead : "(none)");
            if (strcmp(kind, "estimate") == 0) {
                printf("ESTIMATE from %s sampled deals (seed %s), not exact", note(t, "samples"),
                       note(t, "seed"));
                if (*note(t, "why"))
                    printf("\n  (%s)", note(t, "why"));
                printf("\n");
                cli_pot_estimate_text(t);
            } else {
                if (*note(t, "boards"))
                    printf("boards: %s, all equally likely", note(t, "boards"));
                else if (strcmp(note(t, "weighted"), "1") == 0)
                    printf("weighted deals: %s (each weighs the product of its hands' weights)",
                           note(t, "deals"));
                else
                    printf("deals: %s, all equally likely", note(t, "deals"));
                if (hilo)
                    printf("; a low on %s",
                           *note(t, "boards") ? note(t, "low_boards") : note(t, "low_deals"));
                printf("\n");
                cli_pot_text(t);
            }
        }
    }
    cli_request_end(&j, keep, status);
    hs_table_free(t);
    hs_request_free(r);
    return status;
}

static int omaha_range(int argc, char **argv) {
    int n_pos, csv = 0, count = 0, list = 0;
    const char *cards = NULL;
    const cli_opt opts[] = {{"--cards", NULL, CLI_OPT_VALUE, &cards},
                            {"--count", NULL, CLI_OPT_FLAG, &count},
                            {"--list", NULL, CLI_OPT_FLAG, &list},
                            {"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, RANGE_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (n_pos != 1) {
        cli_error("expected one RANGE argument, got %d (quote it: 'AA**, KK**')", n_pos);
        return CLI_EXIT_USAGE;
    }
    if (count && list) {
        cli_error("--count and --list: choose one");
        return CLI_EXIT_USAGE;
    }
    int status;
    hs_request *r = cli_request_new("omaha range", argv + 1, 1, &status);
    if (r == NULL)
        return status;
    const char *const keys[] = {"cards", "list"}, *const values[] = {cards, list ? "1" : NULL};
    if (cli_request_opts(r, keys, values, 2) != 0)
        status = CLI_EXIT_DATA;
    hs_table *t = NULL;
    cli_job j;
    int keep = 0;
    const cli_request_job o = {.label = "omaha range", .threads = 1};
    if (status == CLI_OK)
        status = cli_request_run(r, &o, &t, &j, &keep);
    if (status == CLI_OK) {
        if (csv)
            cli_request_csv(stdout, t);
        else if (list) {
            for (size_t row = 0; row < hs_table_rows(t); row++) {
                const char *w = hs_table_cell(t, row, 1);
                printf("%s%s%s\n", hs_table_cell(t, row, 0), strcmp(w, "100") ? "  @" : "",
                       strcmp(w, "100") ? w : "");
            }
        } else {
            printf("%s hands of %s (%s cards), %.4f%%; weights sum to %s\n", hs_table_cell(t, 0, 0),
                   hs_table_cell(t, 0, 1), hs_table_note(t, "cards"),
                   100.0 * hs_table_number(t, 0, 2), hs_table_cell(t, 0, 3));
        }
    }
    cli_request_end(&j, keep, status);
    hs_table_free(t);
    hs_request_free(r);
    return status;
}

static int omaha_rank(int argc, char **argv) {
    int n_pos, csv = 0;
    const cli_opt opts[] = {{"--csv", NULL, CLI_OPT_FLAG, &csv}, {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, RANK_USAGE, CLI_OPTS_KEEP_DASHDASH, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    hs_table *t;
    const int status = cli_request_two_sides(argv, n_pos, "the hole cards and the board",
                                             "omaha rank", "board", &t);
    if (status == CLI_OK && csv)
        cli_request_csv(stdout, t);
    else if (status == CLI_OK) {
        printf("high: class %s  %s  (%s)  five: %s\n", hs_table_cell(t, 0, 0),
               hs_table_cell(t, 0, 2), hs_table_cell(t, 0, 1), hs_table_cell(t, 0, 3));
        if (strcmp(hs_table_cell(t, 0, 4), "0") != 0)
            printf("low:  class %s  %s\n", hs_table_cell(t, 0, 4), hs_table_cell(t, 0, 5));
        else
            printf("low:  none (no five different ranks 8 or lower from two hole and three board "
                   "cards)\n");
    }
    hs_table_free(t);
    return status;
}

int cli_omaha_main(int argc, char **argv) {
    static const char GROUP_USAGE[] =
        "usage: handstat omaha <command> [options]\n"
        "\n"
        "  equity    equity of 2-9 Omaha hands or ranges (4, 5 or 6 cards), high or --hilo\n"
        "  rank      the best high and 8-or-better low of hole cards and a board\n"
        "  range     count or list the hands of an Omaha range (AA**:$ds, KK-TT, RRON)\n"
        "\n"
        "'handstat omaha <command> --help' describes each.\n";
    static const cli_command_def COMMANDS[] = {{"equity", "handstat omaha equity", omaha_equity},
                                               {"rank", "handstat omaha rank", omaha_rank},
                                               {"range", "handstat omaha range", omaha_range}};
    return cli_dispatch("omaha", GROUP_USAGE, COMMANDS, sizeof COMMANDS / sizeof COMMANDS[0], argc,
                        argv);
}
