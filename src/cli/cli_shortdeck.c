/* handstat shortdeck: rank and hist over the 36-card deck (handstat/shortdeck.h). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

#define RULES_HELP                                                                                 \
    "  --straight-beats-trips  the variant where a straight beats three of a kind (default:\n"     \
    "                 three of a kind beats a straight, as at Triton)\n"

static const char RANK_USAGE[] =
    "usage: handstat shortdeck rank [--straight-beats-trips] [--csv] [CARD x5..7]\n"
    "\n"
    "Rank a short-deck hand (cards 6 through A only) of 5, 6 or 7 cards by its best five: the\n"
    "class (1 = royal flush .. 1404 = J-9-8-7-6 offsuit; lower is better), its category, a\n"
    "description and the best five cards. A flush beats a full house; A-6-7-8-9 is the lowest\n"
    "straight. Without cards, rank one hand per line of standard input ('#' starts a comment,\n"
    "blank lines are skipped); a bad line is reported with its number and the others are still\n"
    "ranked.\n"
    "\n" RULES_HELP
    "  --csv    a header, then one row per hand: cards,class,category,description,best_five\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 all hands ranked, 1 a hand was not valid, 2 bad command line,\n"
    "             3 cannot write standard output\n";

static const char HIST_USAGE[] =
    "usage: handstat shortdeck hist --cards K [--classes] [--straight-beats-trips] [-o FILE]\n"
    "\n"
    "Rank every K-card hand of the 36-card deck (K = 5, 6 or 7: 376,992, 1,947,792 or\n"
    "8,347,680 hands, best five of K) and write the exact distribution as CSV. By default\n"
    "category,count,probability, nine rows best first (in the order of the rules); with\n"
    "--classes, class,category,description,count for all 1404 classes. A summary goes to\n"
    "standard error. One thread, under a second.\n"
    "\n"
    "  --cards K      5, 6 or 7 (required)\n"
    "  --classes      one row per class instead of per category\n" RULES_HELP
    "  -o FILE        write to FILE (default: standard output), whole or not at all\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 2 bad command line, 3 file error\n";

/* One hand's answer as text: its cards then class, description, category, best five. */
static void print_rank(const hs_table *t, size_t line, void *ctx) {
    (void)line;
    (void)ctx;
    printf("%s  class %s  %s  (%s)  best five: %s\n", hs_table_cell(t, 0, 0),
           hs_table_cell(t, 0, 1), hs_table_cell(t, 0, 3), hs_table_cell(t, 0, 2),
           hs_table_cell(t, 0, 4));
}

static int shortdeck_rank(int argc, char **argv) {
    int csv = 0, variant = 0, n_pos;
    const cli_opt opts[] = {{"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {"--straight-beats-trips", NULL, CLI_OPT_FLAG, &variant},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, RANK_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (csv) {
        static const char *const HEADER[] = {"cards", "class", "category", "description",
                                             "best_five"};
        cli_table t;
        cli_table_init(&t, stdout, 1, NULL);
        cli_header(&t, HEADER, 5);
    }
    const char *const keys[] = {"straight-beats-trips"}, *const values[] = {variant ? "1" : NULL};
    cli_line_request o = {"shortdeck rank", keys, values, 1, csv, print_rank, NULL};
    return cli_for_args_or_input_lines(argv, n_pos, cli_request_line, &o);
}

static int shortdeck_hist(int argc, char **argv) {
    int classes = 0, variant = 0, n_pos;
    const char *path = NULL, *cards = NULL;
    const cli_opt opts[] = {{"--cards", NULL, CLI_OPT_VALUE, &cards},
                            {"--classes", NULL, CLI_OPT_FLAG, &classes},
                            {"--straight-beats-trips", NULL, CLI_OPT_FLAG, &variant},
                            {"-o", NULL, CLI_OPT_VALUE, &path},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, HIST_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    const char *const keys[] = {"cards", "classes", "straight-beats-trips"},
                      *const values[] = {cards, classes ? "1" : NULL, variant ? "1" : NULL};
    char label[32];
    snprintf(label, sizeof label, "shortdeck hist --cards %s", cards != NULL ? cards : "");
    const cli_request_job o = {.label = label, .threads = 1, .path = path};
    hs_table *t;
    double seconds;
    const int status = cli_request_to_csv("shortdeck hist", keys, values, 3, &o, &t, &seconds);
    if (status == CLI_OK && !cli_quiet)
        fprintf(stderr, "%s: %s hands in %.3f s\n", label, hs_table_note(t, "hands"), seconds);
    hs_table_free(t);
    return status;
}

int cli_shortdeck_main(int argc, char **argv) {
    static const char GROUP_USAGE[] =
        "usage: handstat shortdeck <command> [options]\n"
        "\n"
        "  equity    exact short-deck hold'em equity of 2-9 hands or ranges\n"
        "  rank      the class, category, description and best five of 5-7 short-deck cards\n"
        "  hist      the exact distribution over all 5-, 6- or 7-card hands of the 36 cards\n"
        "\n"
        "'handstat shortdeck <command> --help' describes each.\n";
    static const cli_command_def COMMANDS[] = {
        {"equity", "handstat shortdeck equity", cli_shortdeck_equity},
        {"rank", "handstat shortdeck rank", shortdeck_rank},
        {"hist", "handstat shortdeck hist", shortdeck_hist}};
    return cli_dispatch("shortdeck", GROUP_USAGE, COMMANDS, sizeof COMMANDS / sizeof COMMANDS[0],
                        argc, argv);
}
