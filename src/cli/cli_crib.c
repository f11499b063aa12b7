/* handstat crib: score, nscore and hist. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

static const char SCORE_USAGE[] =
    "usage: handstat crib score [--crib] [--csv] [CARD x5]\n"
    "\n"
    "Score a cribbage hand: four hand cards, then the starter. With cards on the command line,\n"
    "print the hand with every fifteen, pair, run, flush and nobs named by its cards. Without\n"
    "cards, score one hand per line of standard input ('#' starts a comment, blank lines are\n"
    "skipped, CRLF and a byte-order mark are fine); a bad line is reported with its number and\n"
    "the others are still scored. Input is limited to 256 MiB.\n"
    "\n"
    "  --crib   crib rules: only a five-card flush scores (hand rules: 4, or 5 with the starter)\n"
    "  --csv    a header, then one row per hand:\n"
    "           hand,starter,fifteens,pairs,runs,flush,nobs,total\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 all hands scored, 1 a hand was not valid, 2 bad command line,\n"
    "             3 cannot write standard output\n";

static const char NSCORE_USAGE[] =
    "usage: handstat crib nscore [FILE]\n"
    "\n"
    "Score any number of cards by rank only, as in the ICPC problem \"Cribbage On Steroids\":\n"
    "2 per subset adding up to 15 (A=1, T/J/Q/K=10), 2 per pair, and for every maximal block of\n"
    "three or more consecutive ranks its length times the product of its ranks' counts.\n"
    "Input (FILE, or standard input): n, then n ranks (A 2-9 T J Q K) separated by blanks;\n"
    "'#' comments out the rest of a line. Prints the exact score as one integer, of any size\n"
    "(no 64-bit limit; exact GMP arithmetic). Any n is exact: the input is limited to 256 MiB\n"
    "(about 130 million cards), and memory use does not grow with n beyond the input itself.\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 scored, 1 bad input, 2 bad command line, 3 file error\n";

static const char HIST_USAGE[] =
    "usage: handstat crib hist [--crib] [--threads N] [-o FILE] [--components FILE] [--csv]\n"
    "\n"
    "Score all 270,725 four-card hands with each of their 48 starters (12,994,800 hands) and\n"
    "write the exact distribution as CSV: score,count,probability, one row for each score 0..29.\n"
    "A summary (mean and standard deviation, exact fractions too, and the points of each\n"
    "component) goes to standard error. Results are identical at every thread count.\n"
    "\n"
    "  --crib               crib rules for the flush (hand rules otherwise)\n"
    "  --threads N          worker threads, 1..1024 (default: OpenMP's default, one per core)\n"
    "  -o FILE              write the histogram to FILE (default: standard output)\n"
    "  --components FILE    also write component,points,mean,mean_exact rows to FILE\n"
    "  --csv                accepted: the histogram is CSV already\n"
    "\n"
    "Files are written whole or not at all (a temporary file renamed into place).\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 2 bad command line, 3 file error\n";

static const char *const COMPONENT_NAMES[5] = {"fifteens", "pairs", "runs", "flush", "nobs"};

/* The text breakdown of a "crib explain" table: the hand, every scoring item with its cards in
 * the order given, the totals. */
static void print_breakdown(const hs_table *t) {
    printf("hand %s  starter %s  (%s rules)\n", hs_table_note(t, "hand"),
           hs_table_note(t, "starter"), hs_table_note(t, "rules"));
    const size_t n = hs_table_rows(t);
    for (size_t i = 0; i < n; i++) {
        const char *cards = hs_table_cell(t, i, 1);
        const int k = (int)(strlen(cards) + 1) / 3;
        printf("  %-8s %s%*s%2s\n", hs_table_cell(t, i, 0), cards, 3 * (5 - k) + 2, "",
               hs_table_cell(t, i, 2));
    }
    if (n == 0)
        printf("  (nothing scores)\n");
    printf("fifteens %s, pairs %s, runs %s, flush %s, nobs %s: total %s\n",
           hs_table_note(t, "fifteens"), hs_table_note(t, "pairs"), hs_table_note(t, "runs"),
           hs_table_note(t, "flush"), hs_table_note(t, "nobs"), hs_table_note(t, "total"));
}

/* One hand's answer as text: the breakdown (the command line's hand), or one line (an input
 * line's). */
static void print_score(const hs_table *t, size_t line, void *ctx) {
    (void)ctx;
    if (line == 0) {
        print_breakdown(t);
    } else {
        printf("%s | %s  %s  (fifteens %s, pairs %s, runs %s, flush %s, nobs %s)\n",
               hs_table_cell(t, 0, 0), hs_table_cell(t, 0, 1), hs_table_cell(t, 0, 7),
               hs_table_cell(t, 0, 2), hs_table_cell(t, 0, 3), hs_table_cell(t, 0, 4),
               hs_table_cell(t, 0, 5), hs_table_cell(t, 0, 6));
    }
}

static int crib_score(int argc, char **argv) {
    int crib = 0, csv = 0, n_pos;
    const cli_opt opts[] = {{"--crib", NULL, CLI_OPT_FLAG, &crib},
                            {"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, SCORE_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (csv) {
        static const char *const HEADER[] = {"hand", "starter", "fifteens", "pairs",
                                             "runs", "flush",   "nobs",     "total"};
        cli_table t;
        cli_table_init(&t, stdout, 1, NULL);
        cli_header(&t, HEADER, 8);
    }
    /* the command line's hand is explained item by item, unless as CSV */
    const char *const keys[] = {"crib"}, *const values[] = {crib ? "1" : NULL};
    cli_line_request o = {
        n_pos > 0 && !csv ? "crib explain" : "crib score", keys, values, 1, csv, print_score, NULL};
    return cli_for_args_or_input_lines(argv, n_pos, cli_request_line, &o);
}

static int crib_nscore(int argc, char **argv) {
    const char *path;
    int n_pos;
    const cli_opt opts[] = {{NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, NSCORE_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (cli_input_path(n_pos, argv, &path) != 0)
        return CLI_EXIT_USAGE;
    size_t len;
    int read_status;
    char *text = cli_read_input(path, &len, &read_status);
    if (text == NULL)
        return read_status;
    if (cli_check_lines(text, len) != CLI_OK) {
        free(text);
        return CLI_EXIT_DATA;
    }
    /* Commas act as blanks, as in every other input (same length: offsets stay right). */
    for (char *c = memchr(text, ',', len); c != NULL; c = memchr(c, ',', len - (size_t)(c - text)))
        *c = ' ';
    uint64_t counts[HS_RANKS] = {0}, n;
    hs_parse_error err;
    rc = hs_crib_nscore_parse(text, len, counts, &n, &err);
    if (rc != HS_OK) {
        const char *tok = cli_token(text + err.offset, err.length);
        int tl = (int)err.length;
        if (rc == HS_ERR_TOKEN)
            cli_error("line %zu: '%s' is not a rank (A 2-9 T J Q K)", err.line, tok);
        else if (rc == HS_ERR_COUNT && tl == 0)
            cli_error("line %zu: the input ends before the %llu cards it announced", err.line,
                      (unsigned long long)n);
        else if (rc == HS_ERR_COUNT)
            cli_error("line %zu: '%s': more cards than the %llu the input announced", err.line, tok,
                      (unsigned long long)n);
        else if (tl == 0)
            cli_error("empty input: expected the number of cards, then the cards");
        else
            cli_error("line %zu: '%s': expected the number of cards, a whole number from 1",
                      err.line, tok);
        free(text);
        return CLI_EXIT_DATA;
    }
    free(text);
    uint64_t score;
    if (hs_crib_nscore_u64(counts, &score) == HS_OK) {
        printf("%llu\n", (unsigned long long)score);
    } else {
        mpz_t big;
        mpz_init(big);
        hs_crib_nscore_mpz(counts, big);
        mpz_out_str(stdout, 10, big);
        putchar('\n');
        mpz_clear(big);
    }
    return CLI_OK;
}

/* component,points,mean,mean_exact from the notes of a "crib hist" table. */
static void write_components(FILE *fp, const hs_table *h) {
    static const char *const HEADER[] = {"component", "points", "mean", "mean_exact"};
    cli_table t;
    cli_table_init(&t, fp, 1, NULL);
    cli_header(&t, HEADER, 4);
    const uint64_t hands = strtoull(hs_table_note(h, "hands"), NULL, 10);
    uint64_t total = 0;
    for (int c = 0; c <= 5; c++) {
        const uint64_t pts =
            c < 5 ? strtoull(hs_table_note(h, COMPONENT_NAMES[c]), NULL, 10) : total;
        total += c < 5 ? pts : 0;
        cli_cell(&t, c < 5 ? COMPONENT_NAMES[c] : "total");
        cli_cell_u64(&t, pts);
        cli_cell_ratio(&t, (double)pts / (double)hands);
        cli_cell_fraction(&t, (long long)pts, hands);
        cli_row_end(&t);
    }
}

/* The summary of a "crib hist" table on stderr: the hands, the moments, each component's points. */
static void print_summary(const hs_table *h, int threads, double seconds) {
    fprintf(stderr, "crib hist (%s rules): %s hands in %.3f s with %d thread%s\n",
            hs_table_note(h, "rules"), hs_table_note(h, "hands"), seconds, threads,
            threads == 1 ? "" : "s");
    fprintf(stderr, "mean %s (exactly %s), variance %s (exactly %s), std dev %s\n",
            hs_table_note(h, "mean"), hs_table_note(h, "mean_exact"), hs_table_note(h, "variance"),
            hs_table_note(h, "variance_exact"), hs_table_note(h, "sd"));
    fprintf(stderr, "points:");
    for (int c = 0; c < 5; c++)
        fprintf(stderr, " %s %s%s", COMPONENT_NAMES[c], hs_table_note(h, COMPONENT_NAMES[c]),
                c < 4 ? "," : "\n");
}

static int crib_hist(int argc, char **argv) {
    int crib = 0, threads = 0, n_pos, csv = 0;
    const char *path = NULL, *components = NULL;
    const cli_opt opts[] = {{"--crib", NULL, CLI_OPT_FLAG, &crib},
                            {"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"-o", NULL, CLI_OPT_VALUE, &path},
                            {"--components", NULL, CLI_OPT_VALUE, &components},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, HIST_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    int status;
    hs_request *r = cli_request_new("crib hist", NULL, 0, &status);
    if (r == NULL)
        return status;
    if (cli_request_add(r, "crib", crib ? "1" : NULL) != 0) {
        hs_request_free(r);
        return CLI_EXIT_DATA;
    }
    cli_outs outs = {.n = 0};
    cli_out *hist_out = cli_outs_add(&outs, "-o", path);
    cli_out *comp_out = components != NULL ? cli_outs_add(&outs, "--components", components) : NULL;
    const cli_request_job o = {
        .label = "crib hist", .threads = threads, .outs = &outs, .path = path};
    hs_table *h = NULL;
    cli_job j;
    int keep;
    const double start = cli_now();
    status = cli_request_run(r, &o, &h, &j, &keep);
    const double seconds = cli_now() - start;
    if (status == CLI_OK) {
        cli_request_csv(hist_out->fp, h);
        if (comp_out != NULL)
            write_components(comp_out->fp, h);
        status = cli_outs_commit(&outs);
        if (status == CLI_OK && !cli_quiet)
            print_summary(h, cli_threads_used(threads), seconds);
    }
    cli_outs_abort(&outs);
    cli_request_end(&j, keep, status);
    hs_table_free(h);
    hs_request_free(r);
    return status;
}

int cli_crib_main(int argc, char **argv) {
    static const char GROUP_USAGE[] =
        "usage: handstat crib <command> [options]\n"
        "\n"
        "  score    score a hand and starter, with a breakdown (or one hand per input line)\n"
        "  nscore   score n cards by rank only (\"Cribbage On Steroids\")\n"
        "  hist     the exact score distribution over all 12,994,800 hands\n"
        "  discard  every keep of a deal: exact hand, crib and combined expectations\n"
        "  throw-table  the exact expected crib of every two-card throw\n"
        "  deals    the best keep of every two-player deal: distributions and patterns\n"
        "  peg      the play of two known hands, both playing perfectly (double dummy)\n"
        "  peg-table  every deal's best keep by hand + crib + pegging\n"
        "\n"
        "'handstat crib <command> --help' describes each.\n";
    if (argc < 2 || cli_is_help(argv[1])) {
        fputs(GROUP_USAGE, argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_EXIT_USAGE : CLI_OK;
    }
    if (strcmp(argv[1], "score") == 0) {
        cli_command = "handstat crib score";
        return crib_score(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "nscore") == 0) {
        cli_command = "handstat crib nscore";
        return crib_nscore(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "hist") == 0) {
        cli_command = "handstat crib hist";
        return crib_hist(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "discard") == 0 || strcmp(argv[1], "throw-table") == 0 ||
        strcmp(argv[1], "deals") == 0 || strcmp(argv[1], "peg-table") == 0) {
        static char command[32];
        snprintf(command, sizeof command, "handstat crib %s", argv[1]);
        cli_command = command;
        return cli_crib_discard_main(argv[1], argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "peg") == 0) {
        cli_command = "handstat crib peg";
        return cli_crib_peg_main(argc - 1, argv + 1);
    }
    cli_error("unknown crib command '%s' (try 'handstat crib --help')", argv[1]);
    return CLI_EXIT_USAGE;
}
