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

static const char *const STREET[] = {"third", "fourth", "fifth", "sixth", "seventh"};

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
    const char *label = razz ? "razz equity" : "stud equity";
    int status;
    hs_request *r = cli_request_new(label, argv + 1, n_pos, &status);
    if (r == NULL)
        return status;
    const char *const keys[] = {"dead", "hilo"}, *const values[] = {dead_text, hilo ? "1" : NULL};
    if (cli_request_opts(r, keys, values, 2) != 0)
        status = CLI_EXIT_DATA;
    /* a checkpoint when asked for or when the deal is long: the job layer then owns it */
    const cli_request_job o = {.label = label,
                               .fallback = razz ? "razz_equity.ckpt" : "stud_equity.ckpt",
                               .ckpt_arg = ckpt_arg,
                               .resume = resume,
                               .threads = threads};
    hs_table *t = NULL;
    cli_job j;
    int keep = 0;
    if (status == CLI_OK)
        status = cli_request_run(r, &o, &t, &j, &keep);
    if (status == CLI_OK) {
        if (csv) {
            cli_request_csv(stdout, t);
        } else {
            const char *dead = hs_table_note(t, "dead");
            const int known = (int)(strlen(hs_table_cell(t, 0, 1)) + 1) / 3;
            printf("%s equity: %s street   dead: %s   deals: %s, all equally likely",
                   razz   ? "razz"
                   : hilo ? "stud 8-or-better hi/lo"
                          : "stud high",
                   STREET[known - 3], *dead ? dead : "(none)", hs_table_note(t, "deals"));
            if (hilo)
                printf("; a low on %s", hs_table_note(t, "low_deals"));
            printf("\n");
            cli_pot_text(t);
        }
        /* the table lost: keep the finished counts in the checkpoint (main reports why) */
        if (fflush(stdout) != 0 || ferror(stdout))
            status = CLI_EXIT_IO;
    }
    cli_request_end(&j, keep, status);
    hs_table_free(t);
    hs_request_free(r);
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
