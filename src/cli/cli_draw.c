/* handstat badugi (rank, hist) and handstat draw (odds, discard): the draw games
 * (handstat/draw.h), shells over the request layer's "badugi *" and "draw *" commands. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

static const char RANK_USAGE[] =
    "usage: handstat badugi rank [--csv] [CARD x4]\n"
    "\n"
    "A badugi hand's class: the largest subset of its four cards with no two of one rank and no\n"
    "two of one suit, then the lowest such subset (compared from its top card, aces low). A\n"
    "larger badugi beats any smaller one; 1092 classes: 1 = 4-3-2-A .. 715 = K-Q-J-T (four\n"
    "cards), 716..1001 three cards, 1002..1079 two, 1080 (A) .. 1092 (K) one. Without cards, one\n"
    "hand per line of standard input ('#' starts a comment, blank lines are skipped).\n"
    "\n"
    "  --csv    a header, then one row per hand: cards,class,size,description,best\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 all hands ranked, 1 a hand was not valid, 2 bad command line,\n"
    "             3 cannot write standard output\n";

static const char HIST_USAGE[] =
    "usage: handstat badugi hist [-o FILE]\n"
    "\n"
    "Every one of the 270,725 four-card hands by its badugi: CSV size,top,classes,count, one row\n"
    "for each size (4 down to 1) and top card (best first), exact.\n"
    "\n"
    "  -o FILE  write to FILE (default: standard output), whole or not at all\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 2 bad command line, 3 file error\n";

#define GAME_HELP                                                                                  \
    "  --game G          27 (deuce-to-seven), a5 (ace-to-five), high (five-card draw) or\n"        \
    "                    badugi (four cards)\n"                                                    \
    "  --dead CARDS      cards out of the stub: other players' cards and discards\n"

static const char ODDS_USAGE[] =
    "usage: handstat draw odds --game 27|a5|high|badugi [KEPT] [--draw K] [--discard CARDS]\n"
    "                          [--dead CARDS] [-o FILE]\n"
    "\n"
    "The exact chance of each final band after one draw: the kept cards and K cards drawn from\n"
    "the stub (every card not kept, not discarded and not dead), every set of replacements\n"
    "equally likely. CSV band,count,probability,fraction,or_better, one row per band, best first\n"
    "(lowball: 7-low .. pair_or_worse; high: straight_flush .. high_card; badugi: 4-card 4-high\n"
    ".. 1-card). The classic tables count the player's own discards out of the deck: give them\n"
    "with --discard (or --dead).\n"
    "\n" GAME_HELP
    "  --draw K          cards drawn (default: the hand size, 5 or 4, less the kept cards)\n"
    "  --discard CARDS   the player's own discards (out of the stub)\n"
    "  -o FILE           write to FILE (default: standard output), whole or not at all\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 1 bad cards or draw, 2 bad command line, 3 file error\n";

static const char DISCARD_USAGE[] =
    "usage: handstat draw discard --game 27|a5|high|badugi HAND [--vs CARDS [--vs-discard CARDS]]\n"
    "                             [--dead CARDS] [--threads N] [-o FILE]\n"
    "\n"
    "Every discard choice of HAND (32 for five cards, 16 for four) with one draw to come, best\n"
    "first: CSV discard,kept,draw, the count of each final band, draws, mean_class and, against\n"
    "a known opponent (--vs, drawing to the cards --vs-discard throws, pat without), its exact\n"
    "wins,ties,losses over every deal of both draws, and the equity. Without an opponent the\n"
    "choices are ordered by the mean final class (the lower the better).\n"
    "\n" GAME_HELP "  --vs CARDS        a known opponent's hand\n"
    "  --vs-discard CARDS  the opponent's cards it throws (none: it stands pat)\n"
    "  --threads N       worker threads, 1..1024 (default: one per core; the same answer at any)\n"
    "  -o FILE           write to FILE (default: standard output), whole or not at all\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 1 bad cards, 2 bad command line, 3 file error\n";

/* One badugi hand's answer as text. */
static void print_badugi(const hs_table *t, size_t line, void *ctx) {
    (void)line;
    (void)ctx;
    printf("%s  badugi class %s  %s  best: %s\n", hs_table_cell(t, 0, 0), hs_table_cell(t, 0, 1),
           hs_table_cell(t, 0, 3), hs_table_cell(t, 0, 4));
}

static int badugi_rank(int argc, char **argv) {
    int csv = 0, n_pos;
    const cli_opt opts[] = {{"--csv", NULL, CLI_OPT_FLAG, &csv}, {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, RANK_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (csv) {
        static const char *const HEADER[] = {"cards", "class", "size", "description", "best"};
        cli_table t;
        cli_table_init(&t, stdout, 1, NULL);
        cli_header(&t, HEADER, 5);
    }
    cli_line_request o = {"badugi rank", NULL, NULL, 0, csv, print_badugi, NULL};
    return cli_for_args_or_input_lines(argv, n_pos, cli_request_line, &o);
}

static int badugi_hist(int argc, char **argv) {
    int n_pos;
    const char *path = NULL;
    const cli_opt opts[] = {{"-o", NULL, CLI_OPT_VALUE, &path}, {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, HIST_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    const cli_request_job o = {.label = "badugi hist", .threads = 1, .path = path};
    hs_table *t;
    double seconds;
    const int status = cli_request_to_csv("badugi hist", NULL, NULL, 0, &o, &t, &seconds);
    if (status == CLI_OK && !cli_quiet)
        fprintf(stderr, "badugi hist: %s hands in %.3f s\n", hs_table_note(t, "hands"), seconds);
    hs_table_free(t);
    return status;
}

/* A draw command answered as one CSV: the positionals joined as its "hand" (none: absent) and
 * keys[0..n) = values. */
static int draw_csv(const char *command, char **argv, int n_pos, const char **keys,
                    const char **values, int n, const char *path, int threads) {
    char *hand = NULL;
    if (n_pos > 0) {
        size_t len;
        if ((hand = cli_join_args(argv, 1, 1 + n_pos, 0, &len)) == NULL)
            return CLI_EXIT_IO;
        keys[n] = "hand";
        values[n++] = hand;
    }
    const cli_request_job o = {.label = command, .threads = threads, .path = path};
    hs_table *t = NULL;
    double seconds;
    const int status = cli_request_to_csv(command, keys, values, n, &o, &t, &seconds);
    if (status == CLI_OK && !cli_quiet)
        fprintf(stderr, "%s: %.3f s\n", command, seconds);
    hs_table_free(t);
    free(hand);
    return status;
}

static int draw_odds(int argc, char **argv) {
    int n_pos;
    const char *game = NULL, *draw = NULL, *discard = NULL, *dead = NULL, *path = NULL;
    const cli_opt opts[] = {
        {"--game", NULL, CLI_OPT_VALUE, &game},       {"--draw", NULL, CLI_OPT_VALUE, &draw},
        {"--discard", NULL, CLI_OPT_VALUE, &discard}, {"--dead", NULL, CLI_OPT_VALUE, &dead},
        {"-o", NULL, CLI_OPT_VALUE, &path},           {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, ODDS_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (game == NULL) {
        cli_error("give --game 27, a5, high or badugi");
        return CLI_EXIT_USAGE;
    }
    const char *keys[5] = {"game", "draw", "discard", "dead"},
               *values[5] = {game, draw, discard, dead};
    return draw_csv("draw odds", argv, n_pos, keys, values, 4, path, 1);
}

static int draw_discard(int argc, char **argv) {
    int n_pos;
    const char *game = NULL, *vs = NULL, *vs_discard = NULL, *dead = NULL, *path = NULL;
    int threads = 0;
    const cli_opt opts[] = {
        {"--game", NULL, CLI_OPT_VALUE, &game}, {"--threads", NULL, CLI_OPT_THREADS, &threads},
        {"--vs", NULL, CLI_OPT_VALUE, &vs},     {"--vs-discard", NULL, CLI_OPT_VALUE, &vs_discard},
        {"--dead", NULL, CLI_OPT_VALUE, &dead}, {"-o", NULL, CLI_OPT_VALUE, &path},
        {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, DISCARD_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (game == NULL) {
        cli_error("give --game 27, a5, high or badugi");
        return CLI_EXIT_USAGE;
    }
    if (n_pos == 0) {
        cli_error("give the hand's cards");
        return CLI_EXIT_USAGE;
    }
    const char *keys[5] = {"game", "opponent", "opponent-discard", "dead"},
               *values[5] = {game, vs, vs_discard, dead};
    return draw_csv("draw discard", argv, n_pos, keys, values, 4, path, threads);
}

static const char TABLE_USAGE[] =
    "usage: handstat draw table --game 27|a5|badugi [-o FILE]\n"
    "\n"
    "The classic one-draw table: for every keep of low distinct ranks in distinct suits (2-7: up\n"
    "to the nine for four kept, up to the eight for fewer; A-5 and badugi: up to the eight), the\n"
    "most kept first, the exact count of each final band. The discards are out of the stub:\n"
    "kings, then a queen, in lowball (47 unseen cards); in badugi the K, Q, J, T of the first\n"
    "kept card's suit (48 unseen). CSV kept,discard,draw,draws, then one column per band.\n"
    "\n"
    "  -o FILE  write to FILE (default: standard output), whole or not at all\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 2 bad command line, 3 file error\n";

static int draw_table(int argc, char **argv) {
    int n_pos;
    const char *game = NULL, *path = NULL;
    const cli_opt opts[] = {{"--game", NULL, CLI_OPT_VALUE, &game},
                            {"-o", NULL, CLI_OPT_VALUE, &path},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, TABLE_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (game == NULL) {
        cli_error("give --game 27, a5 or badugi");
        return CLI_EXIT_USAGE;
    }
    const char *keys[2] = {"game"}, *values[2] = {game};
    return draw_csv("draw table", argv, 0, keys, values, 1, path, 1);
}

static const char EQUITY_USAGE[] =
    "usage: handstat draw equity --game 27|a5|high|badugi HAND[:DISCARD] HAND[:DISCARD]..\n"
    "                            [--draws 1|2|3] [--policy NAME[,NAME..]] [--samples N [--seed "
    "S]]\n"
    "                            [--dead CARDS] [--threads N] [-o FILE]\n"
    "\n"
    "The equity of 2 to 6 players with one to three draws to come: each HAND (one argument, e.g.\n"
    "'7S 5D 3C 2H KD:KD') holds the player's cards, then after ':' those it throws on the first\n"
    "draw (nothing after ':': it stands pat; no ':': its policy chooses). Later draws follow each\n"
    "player's policy (README: Draw policies):\n"
    "  pat        stand pat (every game)\n"
    "  keep:K     keep the best K-card low (27, a5) or badugi, throw the rest\n"
    "  stand:R    stand pat on an R-low or better (badugi: a 4-card R-high), else keep:4 (keep:3)\n"
    "  pairs      high: stand on a straight or better, else keep the paired cards (or the top)\n"
    "Each draw the players throw and draw in seat order from what the earlier draws leave (card\n"
    "removal included; discards are not reshuffled). One draw: CSV\n"
    "player,hand,discard,draw,wins,ties,equity,equity_exact, exact over every deal (at most 10^9,\n"
    "else refused). Two or three draws (or --samples): CSV\n"
    "player,hand,discard,policy,equity,std_error,equity_exact,kind: exact (deals weighted by "
    "their\n"
    "probability, summed in rationals) when the final deals, counted first, are at most 10^8;\n"
    "else an ESTIMATE from 10^6 random deals (kind=estimate, note why) with its standard error.\n"
    "\n" GAME_HELP "  --draws D         draws to come: 1 (default), 2 or 3\n"
    "  --policy LIST     one policy for every player or one per player, comma-separated\n"
    "                    (default pat)\n"
    "  --samples N       an ESTIMATE from N random deals instead of the exact count\n"
    "  --seed S          the random streams of --samples (default 1; the same answer at any\n"
    "                    --threads)\n"
    "  --threads N       worker threads, 1..1024 (default: one per core)\n"
    "  -o FILE           write to FILE (default: standard output), whole or not at all\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 1 bad cards or policy, 2 bad command line, 3 file error\n";

static int draw_equity(int argc, char **argv) {
    int n_pos, threads = 0;
    const char *game = NULL, *dead = NULL, *path = NULL, *draws = NULL, *policy = NULL,
               *samples = NULL, *seed = NULL;
    const cli_opt opts[] = {{"--game", NULL, CLI_OPT_VALUE, &game},
                            {"--dead", NULL, CLI_OPT_VALUE, &dead},
                            {"--draws", NULL, CLI_OPT_VALUE, &draws},
                            {"--policy", NULL, CLI_OPT_VALUE, &policy},
                            {"--samples", NULL, CLI_OPT_VALUE, &samples},
                            {"--seed", NULL, CLI_OPT_VALUE, &seed},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"-o", NULL, CLI_OPT_VALUE, &path},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, EQUITY_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (game == NULL) {
        cli_error("give --game 27, a5, high or badugi");
        return CLI_EXIT_USAGE;
    }
    if (n_pos < 2 || n_pos > 6) {
        cli_error("expected 2 to 6 hands, got %d", n_pos);
        return CLI_EXIT_USAGE;
    }
    /* each positional argument is one player's HAND[:DISCARD] */
    const char *keys[12] = {"game", "dead", "draws", "policy", "samples", "seed"},
               *values[12] = {game, dead, draws, policy, samples, seed};
    for (int i = 0; i < n_pos; i++) {
        keys[6 + i] = "hand";
        values[6 + i] = argv[1 + i];
    }
    return draw_csv("draw equity", argv, 0, keys, values, 6 + n_pos, path, threads);
}

int cli_badugi_main(int argc, char **argv) {
    static const char GROUP_USAGE[] =
        "usage: handstat badugi <command> [options]\n"
        "\n"
        "  rank      a badugi hand's class, description and best sub-hand\n"
        "  hist      every four-card hand by its badugi's size and top card\n"
        "\n"
        "'handstat badugi <command> --help' describes each; 'handstat draw' has the drawing "
        "odds.\n";
    static const cli_command_def COMMANDS[] = {{"rank", "handstat badugi rank", badugi_rank},
                                               {"hist", "handstat badugi hist", badugi_hist}};
    return cli_dispatch("badugi", GROUP_USAGE, COMMANDS, sizeof COMMANDS / sizeof COMMANDS[0], argc,
                        argv);
}

int cli_draw_main(int argc, char **argv) {
    static const char GROUP_USAGE[] =
        "usage: handstat draw <command> [options]\n"
        "\n"
        "  odds      the exact chance of each final band after one draw (27, a5, high, badugi)\n"
        "  discard   every discard choice of a hand, best first, alone or against an opponent\n"
        "  table     the classic one-draw table of a game (27, a5, badugi)\n"
        "  equity    the equity of 2 to 6 players with one to three draws to come\n"
        "\n"
        "'handstat draw <command> --help' describes each.\n";
    static const cli_command_def COMMANDS[] = {{"odds", "handstat draw odds", draw_odds},
                                               {"discard", "handstat draw discard", draw_discard},
                                               {"table", "handstat draw table", draw_table},
                                               {"equity", "handstat draw equity", draw_equity}};
    return cli_dispatch("draw", GROUP_USAGE, COMMANDS, sizeof COMMANDS / sizeof COMMANDS[0], argc,
                        argv);
}
