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
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 ranked, 1 a card set was not valid, 2 bad command line,\n"
    "             3 cannot write standard output\n";

/* Parse one card set: min..max cards of text (named `what` in errors) into *mask and, in the
 * order written, cards[]. Returns the number of cards, or -1 on failure. */
static int parse_cards(const char *text, size_t len, const char *what, int min, int max,
                       const char *expect, uint64_t *mask, int *cards) {
    int n = cli_parse_cards(text, len, 0, what, min, max, expect, cards);
    if (n < 0)
        return -1;
    *mask = hs_cards_mask(cards, (size_t)n);
    return n;
}

/* The same without the cards. */
static int parse_set(const char *text, size_t len, const char *what, int min, int max,
                     const char *expect, uint64_t *mask) {
    int cards[HS_CARDS];
    return parse_cards(text, len, what, min, max, expect, mask, cards);
}

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
    uint64_t hole[HS_OMAHA_MAX_PLAYERS], board = 0, dead = 0, used = 0;
    int written[HS_OMAHA_MAX_PLAYERS][HS_CARDS];
    int size = cli_parse_hands(argv, n_pos, 4, 6, "4, 5 or 6 cards", "Omaha", hole, written);
    if (size < 0)
        return CLI_EXIT_DATA;
    for (int p = 0; p < n_pos; p++)
        used |= hole[p];
    if (board_text != NULL &&
        parse_set(board_text, strlen(board_text), "board", 0, 5, "at most 5 cards", &board) < 0)
        return CLI_EXIT_DATA;
    if (dead_text != NULL &&
        parse_set(dead_text, strlen(dead_text), "dead", 0, HS_CARDS, "fewer cards", &dead) < 0)
        return CLI_EXIT_DATA;
    if (board & used) {
        cli_clash_error("board", board & used, "a hand");
        return CLI_EXIT_DATA;
    }
    if (dead & (used | board)) {
        cli_clash_error("dead", dead & (used | board), (dead & used) ? "a hand" : "the board");
        return CLI_EXIT_DATA;
    }
    cli_catch_signals();
    cli_progress progress;
    cli_progress_init(&progress, "omaha equity");
    hs_omaha_equity e;
    rc = hs_omaha_equity_run(hole, n_pos, board, dead, hilo, threads, cli_progress_update,
                             &progress, &e);
    cli_progress_done(&progress);
    if (rc == HS_ERR_CANCELLED) {
        cli_error("interrupted");
        return cli_interrupted_status();
    }
    if (rc == HS_ERR_COUNT) {
        cli_error("too few cards are left to complete the board");
        return CLI_EXIT_DATA;
    }
    if (rc != HS_OK) {
        cli_error("%s", hs_strerror(rc));
        return CLI_EXIT_DATA;
    }
    if (!csv) {
        char text[3 * HS_CARDS + 1];
        hs_hand_format(board, text, sizeof text);
        printf("omaha equity (%s): board: %s", hilo ? "8-or-better hi/lo" : "high",
               board ? text : "(none)");
        hs_hand_format(dead, text, sizeof text);
        printf("   dead: %s   boards: %llu, all equally likely", dead ? text : "(none)",
               (unsigned long long)e.boards);
        if (hilo)
            printf("; a low on %llu", (unsigned long long)e.low_boards);
        printf("\n");
    }
    cli_pot_row rows[HS_OMAHA_MAX_PLAYERS];
    for (int p = 0; p < n_pos; p++) {
        const hs_omaha_player *q = &e.p[p];
        rows[p] =
            (cli_pot_row){q->wins, q->ties, q->losses, q->scoops, q->high_share, q->low_share};
    }
    cli_pot_table(csv, hilo, n_pos, size, written, rows, e.boards * HS_OMAHA_SHARE_UNIT);
    return CLI_OK;
}

static int omaha_rank(int argc, char **argv) {
    int n_pos;
    const cli_opt opts[] = {{NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, RANK_USAGE, CLI_OPTS_KEEP_DASHDASH, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    char *text[2];
    size_t len[2];
    rc = cli_split_sides(argv, n_pos, "the hole cards and the board", text, len);
    if (rc != CLI_OK)
        return rc;
    uint64_t hole, board;
    int n = parse_set(text[0], len[0], "hole", 4, 6, "4, 5 or 6 cards", &hole);
    if (n >= 0)
        n = parse_set(text[1], len[1], "board", 3, 5, "3, 4 or 5 cards", &board);
    free(text[0]);
    free(text[1]);
    if (n < 0)
        return CLI_EXIT_DATA;
    if (hole & board) {
        cli_clash_error("board", hole & board, "the hole cards");
        return CLI_EXIT_DATA;
    }
    int cls = hs_omaha_rank(hole, board), low = hs_omaha_low(hole, board);
    char desc[128], five[32], low_text[32];
    hs_poker_describe(cls, desc, sizeof desc);
    hs_hand_format(hs_omaha_best_five(hole, board), five, sizeof five);
    printf("high: class %d  %s  (%s)  five: %s\n", cls, desc,
           hs_poker_category_name(hs_poker_category(cls)), five);
    if (low) {
        hs_low8_describe(low, low_text, sizeof low_text);
        printf("low:  class %d  %s\n", low, low_text);
    } else {
        printf("low:  none (no five different ranks 8 or lower from two hole and three board "
               "cards)\n");
    }
    return CLI_OK;
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
