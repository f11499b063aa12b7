/* handstat stud equity and handstat razz equity (handstat/stud.h). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

#define STUD_USAGE_OPTIONS                                                                         \
    "  --dead CARDS       cards out of play (folded up-cards; one argument: \"2c 3d\" or 2c3d)\n"  \
    "  --csv              CSV: " STUD_CSV_COLUMNS "\n"                                             \
    "  --threads N        worker threads, 1..1024 (default: one per core)\n"                       \
    "  --checkpoint FILE  save the progress there (a deal counted in more than about ten\n"        \
    "                     seconds saves to " STUD_CKPT " in the current folder without it);\n"     \
    "                     removed once the table is written\n"                                     \
    "  --resume           continue an interrupted run from its checkpoint (same hands)\n"

#define STUD_CSV_COLUMNS                                                                           \
    "player,hand,wins,ties,losses,equity,equity_exact; with --hilo\n"                              \
    "                     player,hand,scoops,high_share,low_share,equity,equity_exact"
#define STUD_CKPT "stud_equity.ckpt"

static const char STUD_USAGE[] =
    "usage: handstat stud equity HAND HAND [HAND...] [--dead CARDS] [--hilo] [--csv]\n"
    "                            [--threads N] [--checkpoint FILE] [--resume]\n"
    "\n"
    "Exact seven-card stud equity of 2 to 7 players: each HAND is one argument of the cards a\n"
    "player holds, 3 to 7 (third street to the river, every player the same number, up and down\n"
    "cards alike). Every completion of every hand to seven cards from the cards left is dealt,\n"
    "all equally likely, no card twice; the best five of seven plays. High: wins, ties, losses\n"
    "and the equity (a split pot shared equally) with its exact fraction. --hilo: 8-or-better\n"
    "hi/lo, the low half to the best qualifying low (five different ranks 8 or lower, ace low,\n"
    "straights and flushes ignored), the whole pot to the high when nobody has one: scoops (the\n"
    "whole pot alone), the expected share of the pot won by the high and by the low, and the\n"
    "equity. Example: handstat stud equity \"Ah Ad 7c 4s\" \"Ks Qs Js 9h\" --dead \"7h 2d\"\n"
    "\n" STUD_USAGE_OPTIONS "  --hilo             8-or-better hi/lo split pots\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 computed, 1 a hand or card set was not valid (or the deal is too large to\n"
    "             count exactly), 2 bad command line, 3 cannot write standard output or the\n"
    "             checkpoint, 130 interrupted (SIGINT), 143 (SIGTERM)\n";

#undef STUD_CKPT
#define STUD_CKPT "razz_equity.ckpt"
#undef STUD_CSV_COLUMNS
#define STUD_CSV_COLUMNS "player,hand,wins,ties,losses,equity,equity_exact"

static const char RAZZ_USAGE[] =
    "usage: handstat razz equity HAND HAND [HAND...] [--dead CARDS] [--csv] [--threads N]\n"
    "                            [--checkpoint FILE] [--resume]\n"
    "\n"
    "Exact razz equity of 2 to 7 players: seven-card stud where the lowest hand wins, A-5 low\n"
    "(aces low, straights and flushes ignored, pairs count against; no qualifier). Each HAND is\n"
    "one argument of the 3 to 7 cards a player holds (every player the same number); every\n"
    "completion of every hand to seven cards from the cards left is dealt, all equally likely;\n"
    "the best five of seven plays. Wins, ties, losses and the equity (a split pot shared\n"
    "equally) with its exact fraction.\n"
    "Example: handstat razz equity \"Ah 2h 3d 9c\" \"4s 5d 6c Kh\"\n"
    "\n" STUD_USAGE_OPTIONS "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 computed, 1 a hand or card set was not valid (or the deal is too large to\n"
    "             count exactly), 2 bad command line, 3 cannot write standard output or the\n"
    "             checkpoint, 130 interrupted (SIGINT), 143 (SIGTERM)\n";

/* A deal counted in more steps than this (about ten seconds here) keeps a checkpoint. */
#define LONG_STEPS 1e10

static const char *const STREET[] = {"third", "fourth", "fifth", "sixth", "seventh"};

/* Why the deal is refused (hs_stud_equity_size's or the job's code; steps and deals its size
 * when it has one). */
static int deal_error(int rc, int players, int known, uint64_t dead, double steps, double deals) {
    switch (rc) {
    case HS_ERR_COUNT:
        cli_error("too few cards: %d players of seven cards%s need %d, the deck has 52", players,
                  dead ? " and the dead cards" : "", players * 7 + hs_hand_size(dead));
        break;
    case HS_ERR_OVERFLOW:
        cli_error("too large to count exactly: %.3g deals, %.3g counting steps (at most %.0e, "
                  "hours of work); deal fewer players or a later street (%d players on %s "
                  "street)",
                  deals, steps, HS_STUD_MAX_STEPS, players, STREET[known - 3]);
        break;
    case HS_ERR_NOMEM:
        cli_error("out of memory");
        return CLI_EXIT_IO;
    default:
        cli_error("%s", hs_strerror(rc));
        break;
    }
    return CLI_EXIT_DATA;
}

static void print_table(const hs_stud_equity *e, int game, int csv, uint64_t dead,
                        int (*written)[HS_CARDS]) {
    const int hilo = game == HS_STUD_HILO;
    if (!csv) {
        char text[3 * HS_CARDS + 1];
        hs_hand_format(dead, text, sizeof text);
        printf("%s equity: %s street   dead: %s   deals: %llu, all equally likely",
               game == HS_STUD_RAZZ ? "razz"
               : hilo               ? "stud 8-or-better hi/lo"
                                    : "stud high",
               STREET[e->known - 3], dead ? text : "(none)", (unsigned long long)e->deals);
        if (hilo)
            printf("; a low on %llu", (unsigned long long)e->low_deals);
        printf("\n");
    }
    cli_pot_row rows[HS_STUD_MAX_PLAYERS];
    for (int p = 0; p < e->players; p++) {
        const hs_stud_player *q = &e->p[p];
        rows[p] =
            (cli_pot_row){q->wins, q->ties, q->losses, q->scoops, q->high_share, q->low_share};
    }
    cli_pot_table(csv, hilo, e->players, e->known, written, rows, e->deals * HS_STUD_SHARE_UNIT);
}

static int equity(int argc, char **argv, int razz) {
    int csv = 0, hilo = 0, threads = 0, resume = 0, n_pos;
    const char *dead_text = NULL, *ckpt_arg = NULL;
    /* razz has no --hilo: the last option of the list, left out */
    const cli_opt opts[] = {{"--dead", NULL, CLI_OPT_VALUE, &dead_text},
                            {"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {"--hilo", NULL, CLI_OPT_FLAG, &hilo},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    const cli_opt razz_opts[] = {opts[0], opts[1], opts[2], opts[3], opts[4], opts[6]};
    int rc = cli_parse_options(argc, argv, razz ? razz_opts : opts, razz ? RAZZ_USAGE : STUD_USAGE,
                               0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (n_pos < 2 || n_pos > HS_STUD_MAX_PLAYERS) {
        cli_error("expected 2 to %d hands, got %d (see --help)", HS_STUD_MAX_PLAYERS, n_pos);
        return CLI_EXIT_USAGE;
    }
    uint64_t hands[HS_STUD_MAX_PLAYERS], dead = 0, used = 0;
    int written[HS_STUD_MAX_PLAYERS][HS_CARDS];
    int size = cli_parse_hands(argv, n_pos, 3, 7, "3 to 7 cards", "stud", hands, written);
    if (size < 0)
        return CLI_EXIT_DATA;
    for (int p = 0; p < n_pos; p++)
        used |= hands[p];
    if (dead_text != NULL &&
        cli_parse_card_set("--dead", dead_text, strlen(dead_text), 0, HS_CARDS, &dead) < 0)
        return CLI_EXIT_DATA;
    if (dead & used) {
        cli_clash_error("--dead", dead & used, "a hand");
        return CLI_EXIT_DATA;
    }
    const int game = razz ? HS_STUD_RAZZ : hilo ? HS_STUD_HILO : HS_STUD_HIGH;
    double steps = 0, deals = 0;
    rc = hs_stud_equity_size(hands, n_pos, dead, &steps, &deals);
    hs_job *job = NULL;
    if (rc == HS_OK)
        rc = hs_stud_equity_job_new(hands, n_pos, dead, game, &job);
    if (rc != HS_OK)
        return deal_error(rc, n_pos, size, dead, steps, deals);
    const char *label = razz ? "razz equity" : "stud equity";
    /* A checkpoint when asked for or when the deal is long; the job layer then owns it. */
    const int keep = ckpt_arg != NULL || resume || steps > LONG_STEPS;
    cli_job j;
    int status;
    if (keep) {
        status = cli_job_prepare(&j, label, ckpt_arg, NULL,
                                 razz ? "razz_equity.ckpt" : "stud_equity.ckpt", resume, threads,
                                 NULL, NULL, 0);
        if (status == CLI_OK)
            status = cli_job_attach(&j, job);
        if (status == CLI_OK)
            status = cli_job_run(&j);
    } else
        status = cli_job_run_plain(job, label, threads);
    if (status == CLI_OK) {
        hs_stud_equity e;
        hs_stud_equity_result(job, &e);
        print_table(&e, game, csv, dead, written);
        /* the table lost: keep the finished counts in the checkpoint (main reports why) */
        if (fflush(stdout) != 0 || ferror(stdout))
            status = CLI_EXIT_IO;
    }
    if (keep)
        cli_job_finish(&j, status);
    hs_job_free(job);
    return status;
}

static int stud_equity(int argc, char **argv) {
    return equity(argc, argv, 0);
}

static int razz_equity(int argc, char **argv) {
    return equity(argc, argv, 1);
}

int cli_stud_main(int argc, char **argv) {
    static const char GROUP_USAGE[] =
        "usage: handstat stud <command> [options]\n"
        "\n"
        "  equity    exact seven-card stud equity of 2-7 hands (3 to 7 cards), high or --hilo\n"
        "\n"
        "'handstat stud <command> --help' describes each; razz: 'handstat razz equity'.\n";
    static const cli_command_def COMMANDS[] = {{"equity", "handstat stud equity", stud_equity}};
    return cli_dispatch("stud", GROUP_USAGE, COMMANDS, 1, argc, argv);
}

int cli_razz_main(int argc, char **argv) {
    static const char GROUP_USAGE[] =
        "usage: handstat razz <command> [options]\n"
        "\n"
        "  equity    exact razz (seven-card stud, A-5 low) equity of 2-7 hands\n"
        "\n"
        "'handstat razz <command> --help' describes each.\n";
    static const cli_command_def COMMANDS[] = {{"equity", "handstat razz equity", razz_equity}};
    return cli_dispatch("razz", GROUP_USAGE, COMMANDS, 1, argc, argv);
}
