/* handstat lowball: rank and hist under the A-5 and 2-7 low rankings (handstat/lowball.h). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

#define SCALE_HELP                                                                                 \
    "  --a5     ace-to-five: the ace low, straights and flushes ignored (razz; the low of\n"       \
    "           hi/lo games), 1 = 5-4-3-2-A .. 6175 = K-K-K-K-Q\n"                                 \
    "  --27     deuce-to-seven: the ace only high, straights and flushes count against the\n"      \
    "           hand (A-5-4-3-2 is an ace high), 1 = 7-5-4-3-2 .. 7462 = a royal flush\n"

static const char RANK_USAGE[] =
    "usage: handstat lowball rank --a5|--27 [--csv] [CARD x5..7]\n"
    "\n"
    "The best low of 5, 6 or 7 cards (the best of their five-card sets; the lower the class the\n"
    "better the low): its class, a description and the five cards. Without cards, one hand per\n"
    "line of standard input ('#' starts a comment, blank lines are skipped); a bad line is\n"
    "reported with its number and the others are still ranked.\n"
    "\n" SCALE_HELP
    "  --csv    a header, then one row per hand: cards,class,description,best_five\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 all hands ranked, 1 a hand was not valid, 2 bad command line,\n"
    "             3 cannot write standard output\n";

static const char HIST_USAGE[] =
    "usage: handstat lowball hist --a5|--27 [-o FILE]\n"
    "\n"
    "Every one of the 2,598,960 five-card hands by its low: CSV category,count, one row for each\n"
    "top card of an unpaired low (A-5: 5-low .. K-low; 2-7, where an unpaired low also has no\n"
    "straight and no flush: 7-low .. K-low, A-low), best first, then pair_or_worse (A-5: any\n"
    "pair; 2-7: any pair, straight or flush).\n"
    "\n" SCALE_HELP "  -o FILE  write to FILE (default: standard output), whole or not at all\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 2 bad command line, 3 file error\n";

/* --a5 or --27, exactly one: 5 or 27, else prints why and returns -1. */
static int scale_of(int a5, int d27) {
    if (a5 == d27) {
        cli_error("give one of --a5 (ace-to-five) and --27 (deuce-to-seven)");
        return -1;
    }
    return a5 ? 5 : 27;
}

/* One hand's answer as text: its cards then the low's class, description, best five. */
static void print_low(const hs_table *t, size_t line, void *ctx) {
    (void)line;
    (void)ctx;
    printf("%s  %s low class %s  %s  best five: %s\n", hs_table_cell(t, 0, 0),
           hs_table_note(t, "scale"), hs_table_cell(t, 0, 1), hs_table_cell(t, 0, 2),
           hs_table_cell(t, 0, 3));
}

static int lowball_rank(int argc, char **argv) {
    int csv = 0, a5 = 0, d27 = 0, n_pos;
    const cli_opt opts[] = {{"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {"--a5", NULL, CLI_OPT_FLAG, &a5},
                            {"--27", NULL, CLI_OPT_FLAG, &d27},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, RANK_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    const int scale = scale_of(a5, d27);
    if (scale < 0)
        return CLI_EXIT_USAGE;
    if (csv) {
        static const char *const HEADER[] = {"cards", "class", "description", "best_five"};
        cli_table t;
        cli_table_init(&t, stdout, 1, NULL);
        cli_header(&t, HEADER, 4);
    }
    const char *const keys[] = {"kind"}, *const values[] = {scale == 5 ? "a5" : "27"};
    cli_line_request o = {"lowball rank", keys, values, 1, csv, print_low, NULL};
    return cli_for_args_or_input_lines(argv, n_pos, cli_request_line, &o);
}

static int lowball_hist(int argc, char **argv) {
    int a5 = 0, d27 = 0, n_pos;
    const char *path = NULL;
    const cli_opt opts[] = {{"--a5", NULL, CLI_OPT_FLAG, &a5},
                            {"--27", NULL, CLI_OPT_FLAG, &d27},
                            {"-o", NULL, CLI_OPT_VALUE, &path},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, HIST_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    const int scale = scale_of(a5, d27);
    if (scale < 0)
        return CLI_EXIT_USAGE;
    const char *const keys[] = {"kind"}, *const values[] = {scale == 5 ? "a5" : "27"};
    const cli_request_job o = {.label = "lowball hist", .threads = 1, .path = path};
    hs_table *t;
    double seconds;
    const int status = cli_request_to_csv("lowball hist", keys, values, 1, &o, &t, &seconds);
    if (status == CLI_OK && !cli_quiet)
        fprintf(stderr, "lowball hist --%s: %s hands in %.3f s\n", scale == 5 ? "a5" : "27",
                hs_table_note(t, "hands"), seconds);
    hs_table_free(t);
    return status;
}

int cli_lowball_main(int argc, char **argv) {
    static const char GROUP_USAGE[] =
        "usage: handstat lowball <command> [options]\n"
        "\n"
        "  rank      the best A-5 or 2-7 low of 5-7 cards: class, description, best five\n"
        "  hist      every five-card hand by its A-5 or 2-7 low\n"
        "\n"
        "'handstat lowball <command> --help' describes each.\n";
    static const cli_command_def COMMANDS[] = {{"rank", "handstat lowball rank", lowball_rank},
                                               {"hist", "handstat lowball hist", lowball_hist}};
    return cli_dispatch("lowball", GROUP_USAGE, COMMANDS, sizeof COMMANDS / sizeof COMMANDS[0],
                        argc, argv);
}
