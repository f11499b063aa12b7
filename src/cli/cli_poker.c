/* handstat poker: rank, compare, pe54, hist and matchups. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

static const char RANK_USAGE[] =
    "usage: handstat poker rank [--csv] [CARD x5..7]\n"
    "\n"
    "Rank a poker hand of 5, 6 or 7 cards by its best five: the equivalence class (1 = royal\n"
    "flush .. 7462 = 7-5-4-3-2 offsuit; lower is better), its category and a description.\n"
    "Without cards, rank one hand per line of standard input ('#' starts a comment, blank lines\n"
    "are skipped); a bad line is reported with its number and the others are still ranked.\n"
    "\n"
    "  --csv    a header, then one row per hand: cards,class,category,description\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 all hands ranked, 1 a hand was not valid, 2 bad command line,\n"
    "             3 cannot write standard output\n";

static const char COMPARE_USAGE[] =
    "usage: handstat poker compare HAND1 -- HAND2\n"
    "\n"
    "Rank two hands of 5, 6 or 7 cards each (best five of each) and say which wins, or a tie.\n"
    "The hands are ranked independently, so they may share cards (as two hold'em hands share\n"
    "the board). Example: handstat poker compare AS AD KC KD 2S -- QS QH QD 3C 3H\n"
    "\n"
    "  --csv    a header, then one row per hand: hand,cards,class,category,description\n"
    "           (the winner is the row whose class is lower; equal classes tie)\n"
    "  --quiet, --no-progress  accepted (nothing to suppress)\n"
    "\n"
    "exit status: 0 compared, 1 a hand was not valid, 2 bad command line,\n"
    "             3 cannot write standard output\n";

static const char PE54_USAGE[] =
    "usage: handstat poker pe54 [--verbose] [FILE]\n"
    "\n"
    "Read Project Euler problem 54's format (FILE, or standard input): ten cards a line,\n"
    "player 1's five, then player 2's, all ten different. Print the number of lines that\n"
    "player 1 wins, as one integer. '#' starts a comment; blank lines are skipped. When a\n"
    "line is not valid every bad line is reported with its number and no count is printed.\n"
    "\n"
    "  --verbose   also print each line's winner and both hands' descriptions\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 counted, 1 a line was not valid, 2 bad command line, 3 file error\n";

static const char HIST_USAGE[] =
    "usage: handstat poker hist --cards K [--classes] [--threads N] [-o FILE]\n"
    "\n"
    "Rank every K-card hand (K = 5, 6 or 7: C(52,K) hands, best five of K) and write the exact\n"
    "distribution as CSV. By default category,count,probability, nine rows best first; with\n"
    "--classes, class,category,description,count for all 7462 classes (classes that cannot\n"
    "occur keep their row with count 0). A summary goes to standard error. Results are\n"
    "identical at every thread count.\n"
    "\n"
    "  --cards K      5, 6 or 7 (required)\n"
    "  --classes      one row per equivalence class instead of per category\n"
    "  --threads N    worker threads, 1..1024 (default: OpenMP's default, one per core)\n"
    "  -o FILE        write to FILE (default: standard output), whole or not at all\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 2 bad command line, 3 file error\n";

static const char MATCHUPS_USAGE[] =
    "usage: handstat poker matchups [--threads N] [-o FILE] [--checkpoint FILE] [--resume]\n"
    "       handstat poker matchups --hand CARD x5 [--csv]\n"
    "\n"
    "Every five-card hand against every five-card hand it shares no card with: each of the\n"
    "C(52,5) = 2,598,960 hands against its C(47,5) = 1,533,939 opponents, 3,986,646,103,440\n"
    "matchups counted exactly (by inclusion-exclusion over shared cards, not pair by pair).\n"
    "Writes CSV class,category,hands,wins,ties,losses for all 7462 classes, best first: the\n"
    "hands of that class and the matchups they win, tie and lose in all. A summary goes to\n"
    "standard error. Results are identical at every thread count.\n"
    "\n"
    "With --hand, one hand against its 1,533,939 opponents: wins, ties, losses and its equity\n"
    "(wins plus half the ties, over all opponents), as a decimal and an exact fraction.\n"
    "\n"
    "  --threads N    worker threads, 1..1024 (default: OpenMP's default, one per core)\n"
    "  -o FILE        write to FILE (default: standard output), whole or not at "
    "all\n" CLI_CHECKPOINT_HELP
    "  --hand CARDS   five cards, as separate arguments or one quoted argument\n"
    "  --csv          with --hand: a header, then one row hand,wins,ties,losses\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 1 the hand was not valid or an unusable checkpoint, 2 bad command\n"
    "             line, 3 file error, 130 interrupted (SIGINT), 143 terminated (SIGTERM)\n";

/* One hand's answer as text: its cards then "class N  description  (category)". */
static void print_rank(const hs_table *t, size_t line, void *ctx) {
    (void)line;
    (void)ctx;
    printf("%s  class %s  %s  (%s)\n", hs_table_cell(t, 0, 0), hs_table_cell(t, 0, 1),
           hs_table_cell(t, 0, 3), hs_table_cell(t, 0, 2));
}

static int poker_rank(int argc, char **argv) {
    int csv = 0, n_pos;
    const cli_opt opts[] = {{"--csv", NULL, CLI_OPT_FLAG, &csv}, {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, RANK_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (csv) {
        static const char *const HEADER[] = {"cards", "class", "category", "description"};
        cli_table t;
        cli_table_init(&t, stdout, 1, NULL);
        cli_header(&t, HEADER, 4);
    }
    cli_line_request o = {"poker rank", NULL, NULL, 0, csv, print_rank, NULL};
    return cli_for_args_or_input_lines(argv, n_pos, cli_request_line, &o);
}

static int poker_compare(int argc, char **argv) {
    int n_pos, csv = 0;
    const cli_opt opts[] = {{"--csv", NULL, CLI_OPT_FLAG, &csv}, {NULL, NULL, CLI_OPT_FLAG, NULL}};
    /* "--" separates the two hands here: it stays among the positional arguments. */
    int rc = cli_parse_options(argc, argv, opts, COMPARE_USAGE, CLI_OPTS_KEEP_DASHDASH, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    hs_table *t;
    const int status = cli_request_two_sides(argv, n_pos, "two hands", "poker compare", "hand", &t);
    if (status == CLI_OK && csv)
        cli_request_csv(stdout, t);
    else if (status == CLI_OK) {
        for (size_t h = 0; h < 2; h++)
            printf("hand %s: %s  class %s  %s  (%s)\n", hs_table_cell(t, h, 0),
                   hs_table_cell(t, h, 1), hs_table_cell(t, h, 2), hs_table_cell(t, h, 4),
                   hs_table_cell(t, h, 3));
        const char *winner = hs_table_note(t, "winner");
        if (strcmp(winner, "tie") == 0)
            printf("tie\n");
        else
            printf("hand %s wins\n", winner);
    }
    hs_table_free(t);
    return status;
}

typedef struct pe54_state {
    int verbose;
    uint64_t wins[3]; /* player 1, player 2, ties */
} pe54_state;

/* One line's answer, counted (and printed with --verbose). */
static void pe54_print(const hs_table *t, size_t line, void *ctx) {
    pe54_state *st = ctx;
    const char *winner = hs_table_cell(t, 0, 0);
    const int outcome = winner[0] == '1' ? 0 : winner[0] == '2' ? 1 : 2;
    st->wins[outcome]++;
    if (st->verbose) {
        static const char *const WHO[3] = {"player 1 wins", "player 2 wins", "tie"};
        printf("line %zu: %s: %s (class %s) vs %s (class %s)\n", line, WHO[outcome],
               hs_table_cell(t, 0, 2), hs_table_cell(t, 0, 1), hs_table_cell(t, 0, 4),
               hs_table_cell(t, 0, 3));
    }
}

static int poker_pe54(int argc, char **argv) {
    pe54_state st = {0, {0, 0, 0}};
    const char *path;
    int n_pos;
    const cli_opt opts[] = {{"--verbose", "-v", CLI_OPT_FLAG, &st.verbose},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, PE54_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (cli_input_path(n_pos, argv, &path) != 0)
        return CLI_EXIT_USAGE;
    cli_line_request o = {"poker pe54", NULL, NULL, 0, 0, pe54_print, &st};
    int status = cli_for_each_input_line(path, cli_request_line, &o);
    if (status != CLI_OK)
        return status;
    if (st.verbose)
        printf("player 1 wins %llu, player 2 wins %llu, ties %llu\n",
               (unsigned long long)st.wins[0], (unsigned long long)st.wins[1],
               (unsigned long long)st.wins[2]);
    printf("%llu\n", (unsigned long long)st.wins[0]);
    return CLI_OK;
}

static int poker_hist(int argc, char **argv) {
    int classes = 0, threads = 0, n_pos;
    const char *path = NULL, *cards = NULL;
    const cli_opt opts[] = {{"--cards", NULL, CLI_OPT_VALUE, &cards},
                            {"--classes", NULL, CLI_OPT_FLAG, &classes},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"-o", NULL, CLI_OPT_VALUE, &path},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, HIST_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    const char *const keys[] = {"cards", "classes"}, *const values[] = {cards,
                                                                        classes ? "1" : NULL};
    char label[32];
    snprintf(label, sizeof label, "poker hist --cards %s", cards != NULL ? cards : "");
    const cli_request_job o = {.label = label, .threads = threads, .path = path};
    hs_table *t;
    double seconds;
    const int status = cli_request_to_csv("poker hist", keys, values, 2, &o, &t, &seconds);
    if (status == CLI_OK && !cli_quiet) {
        const int used = cli_threads_used(threads);
        fprintf(stderr, "%s: %s hands in %.3f s with %d thread%s, %s of %d classes occur\n", label,
                hs_table_note(t, "hands"), seconds, used, used == 1 ? "" : "s",
                hs_table_note(t, "classes_occurring"), HS_POKER_CLASSES);
    }
    hs_table_free(t);
    return status;
}

/* handstat poker matchups --hand: one hand's showdown against every disjoint hand. */
static int matchups_hand(const char *hand_arg, char **argv, int n_pos, int csv) {
    /* The cards: the value of --hand and any further card arguments. */
    size_t rest_len;
    char *rest = cli_join_args(argv, 1, 1 + n_pos, 0, &rest_len);
    char *text = rest != NULL ? malloc(strlen(hand_arg) + 1 + rest_len + 1) : NULL;
    if (text == NULL) {
        free(rest);
        cli_error("out of memory");
        return CLI_EXIT_IO;
    }
    sprintf(text, "%s %s", hand_arg, rest);
    free(rest);
    int status;
    hs_request *r = cli_request_new("poker showdown", &text, 1, &status);
    free(text);
    hs_table *t = NULL;
    char msg[HS_REQUEST_MESSAGE];
    int rc;
    if (status == CLI_OK && (rc = hs_request_run(r, 1, NULL, NULL, &t, msg, sizeof msg)) != HS_OK) {
        cli_error("--hand: %s", strncmp(msg, "hand: ", 6) == 0 ? msg + 6 : msg);
        status = rc == HS_ERR_NOMEM ? CLI_EXIT_IO : CLI_EXIT_DATA;
    }
    if (status == CLI_OK && csv) {
        cli_request_csv(stdout, t);
    } else if (status == CLI_OK) {
        printf("%s  class %s  %s  (%s)\n", hs_table_cell(t, 0, 0), hs_table_note(t, "class"),
               hs_table_note(t, "description"), hs_table_note(t, "category"));
        printf("against all %s hands of five of the other 47 cards:\n",
               hs_table_note(t, "opponents"));
        const double all = strtod(hs_table_note(t, "opponents"), NULL);
        static const char *const WHAT[3] = {"wins  ", "ties  ", "losses"};
        for (size_t c = 1; c <= 3; c++)
            printf("  %s %8s  %10.6f%%\n", WHAT[c - 1], hs_table_cell(t, 0, c),
                   100.0 * hs_table_number(t, 0, c) / all);
        printf("equity %s (exactly %s), a tie counting half\n", hs_table_note(t, "equity"),
               hs_table_note(t, "equity_exact"));
    }
    hs_table_free(t);
    hs_request_free(r);
    return status;
}

static void matchups_summary(const hs_table *t, const hs_job *job, const cli_job *run,
                             const void *ctx) {
    (void)job;
    (void)ctx;
    fprintf(stderr,
            "poker matchups: %s hands x %s opponents = %s matchups in %.3f s with %d thread%s\n"
            "wins %s, ties %s, losses %s: wins = losses, as they must\n",
            hs_table_note(t, "hands"), hs_table_note(t, "opponents"), hs_table_note(t, "matchups"),
            run->seconds, run->threads_used, run->threads_used == 1 ? "" : "s",
            hs_table_note(t, "wins"), hs_table_note(t, "ties"), hs_table_note(t, "losses"));
}

static int poker_matchups(int argc, char **argv) {
    int threads = 0, csv = 0, resume = 0, n_pos;
    const char *path = NULL, *hand = NULL, *ckpt = NULL;
    const cli_opt opts[] = {{"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"-o", NULL, CLI_OPT_VALUE, &path},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {"--hand", NULL, CLI_OPT_VALUE, &hand},
                            {"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, MATCHUPS_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (hand != NULL) {
        if (threads != 0 || path != NULL || ckpt != NULL || resume) {
            cli_error("--threads, -o, --checkpoint and --resume make the whole table; --hand "
                      "prints one hand (see --help)");
            return CLI_EXIT_USAGE;
        }
        return matchups_hand(hand, argv, n_pos, csv);
    }
    if (n_pos > 0) {
        cli_error("unexpected argument '%s' (see --help)", cli_token(argv[1], strlen(argv[1])));
        return CLI_EXIT_USAGE;
    }
    if (csv) {
        cli_error("--csv goes with --hand; the whole table is always CSV (see --help)");
        return CLI_EXIT_USAGE;
    }
    /* From here on SIGINT and SIGTERM stop the job at its next unit, after saving. */
    cli_catch_signals();
    int status;
    hs_request *q = cli_request_new("poker matchups", NULL, 0, &status);
    if (q == NULL)
        return status;
    const char *const names[1] = {"-o"};
    const char *const paths[1] = {path};
    hs_request *const qs[1] = {q};
    const cli_table_files o = {.label = "poker matchups",
                               .fallback = "poker_matchups.ckpt",
                               .ckpt_arg = ckpt,
                               .resume = resume,
                               .threads = threads,
                               .n = 1,
                               .names = names,
                               .paths = paths,
                               .q = qs,
                               .summary = matchups_summary};
    status = cli_request_tables(&o);
    hs_request_free(q);
    return status;
}

int cli_poker_main(int argc, char **argv) {
    static const char GROUP_USAGE[] =
        "usage: handstat poker <command> [options]\n"
        "\n"
        "  rank      the class, category and description of 5-7 card hands\n"
        "  compare   which of two hands wins\n"
        "  pe54      count player 1's wins in Project Euler 54's format\n"
        "  hist      the exact distribution over all 5-, 6- or 7-card hands\n"
        "  matchups  every five-card hand against every disjoint one, or one hand\n"
        "\n"
        "'handstat poker <command> --help' describes each.\n";
    static const cli_command_def COMMANDS[] = {
        {"rank", "handstat poker rank", poker_rank},
        {"compare", "handstat poker compare", poker_compare},
        {"pe54", "handstat poker pe54", poker_pe54},
        {"hist", "handstat poker hist", poker_hist},
        {"matchups", "handstat poker matchups", poker_matchups}};
    return cli_dispatch("poker", GROUP_USAGE, COMMANDS, sizeof COMMANDS / sizeof COMMANDS[0], argc,
                        argv);
}
