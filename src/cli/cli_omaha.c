/* handstat omaha: equity (high or 8-or-better hi/lo) and rank (handstat/omaha.h). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

static const char EQUITY_USAGE[] =
    "usage: handstat omaha equity HAND HAND [HAND...] [--board CARDS] [--dead CARDS] [--hilo]\n"
    "                             [--csv] [--threads N]\n"
    "\n"
    "Exact Omaha equity of 2 to 9 players over every completion of the board: each HAND is one\n"
    "argument of 4, 5 or 6 cards (every player the same number), its best hand made of exactly\n"
    "two of them and exactly three board cards. High: wins, ties, losses and the equity (a split\n"
    "pot shared equally) with its exact fraction. --hilo: 8-or-better hi/lo, the low half to the\n"
    "best qualifying low (five different ranks 8 or lower, ace low), the whole pot to the high\n"
    "when nobody has one: scoops, the expected share of the pot won by the high and by the low,\n"
    "and the equity.\n"
    "\n"
    "  --board CARDS  0 to 5 known board cards (one argument: \"2c 3d 4h\" or 2c3d4h)\n"
    "  --dead CARDS   cards out of play\n"
    "  --hilo         8-or-better hi/lo split pots\n"
    "  --csv          CSV: player,hand,wins,ties,losses,equity,equity_exact; with --hilo\n"
    "                 player,hand,scoops,high_share,low_share,equity,equity_exact\n"
    "  --threads N    worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 computed, 1 a hand or card set was not valid, 2 bad command line,\n"
    "             3 cannot write standard output, 130 interrupted (SIGINT), 143 (SIGTERM)\n";

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

static int omaha_equity(int argc, char **argv) {
    int csv = 0, hilo = 0, threads = 0, n_pos;
    const char *board_text = NULL, *dead_text = NULL;
    const cli_opt opts[] = {
        {"--board", NULL, CLI_OPT_VALUE, &board_text},  {"--dead", NULL, CLI_OPT_VALUE, &dead_text},
        {"--hilo", NULL, CLI_OPT_FLAG, &hilo},          {"--csv", NULL, CLI_OPT_FLAG, &csv},
        {"--threads", NULL, CLI_OPT_THREADS, &threads}, {NULL, NULL, CLI_OPT_FLAG, NULL}};
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
    const char *const keys[] = {"board", "dead", "hilo"}, *const values[] = {board_text, dead_text,
                                                                             hilo ? "1" : NULL};
    if (cli_request_opts(r, keys, values, 3) != 0)
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
            const char *board = hs_table_note(t, "board"), *dead = hs_table_note(t, "dead");
            printf("omaha equity (%s): board: %s   dead: %s   boards: %s, all equally likely",
                   hilo ? "8-or-better hi/lo" : "high", *board ? board : "(none)",
                   *dead ? dead : "(none)", hs_table_note(t, "boards"));
            if (hilo)
                printf("; a low on %s", hs_table_note(t, "low_boards"));
            printf("\n");
            cli_pot_text(t);
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
        "  equity    exact equity of 2-9 Omaha hands (4, 5 or 6 cards), high or --hilo\n"
        "  rank      the best high and 8-or-better low of hole cards and a board\n"
        "\n"
        "'handstat omaha <command> --help' describes each.\n";
    static const cli_command_def COMMANDS[] = {{"equity", "handstat omaha equity", omaha_equity},
                                               {"rank", "handstat omaha rank", omaha_rank}};
    return cli_dispatch("omaha", GROUP_USAGE, COMMANDS, sizeof COMMANDS / sizeof COMMANDS[0], argc,
                        argv);
}
