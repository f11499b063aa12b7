/* handstat holdem: equity, preflop and vs-random. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gmp.h>

#include "handstat/handstat.h"

static const char EQUITY_USAGE[] =
    "usage: handstat holdem equity HAND HAND [HAND...] [--board CARDS] [--dead CARDS] [--csv]\n"
    "                              [--threads N]\n"
    "\n"
    "Exact Texas hold'em equity of 2 to 9 players over every completion of the board. A HAND is\n"
    "one argument, a range: comma-separated items, each two cards (AhKd, \"Ah Kd\", 10h9h), a\n"
    "class (AA, AKs, AKo; AK = both), QQ+ (QQ KK AA), A2s+ (A2s..AKs), KTo+, K9+, 55-22,\n"
    "A5s-A2s, KTo-K7o, or random (all 1326); e.g. \"QQ+,AKs\". A range stands for every\n"
    "combination of it that avoids the other hands, the board and the dead cards. Every deal (a\n"
    "choice of one combination per player, then the rest of the board) counts once: all\n"
    "combinations and boards are taken as equally likely. The hand column echoes each range in\n"
    "canonical form. Time grows with the product of the ranges.\n"
    "Per player: wins (alone), ties (pot split), losses, and equity = the share of the pots won,\n"
    "ties shared among the players who split; the exact fraction is printed too.\n"
    "\n"
    "  --board CARDS   0 to 5 known board cards (one argument: \"Ah Kd 2c\" or AhKd2c)\n"
    "  --dead CARDS    cards out of play\n"
    "  --csv           player,hand,wins,ties,losses,equity,equity_exact\n"
    "  --threads N     worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 done, 1 bad cards or no possible deal, 2 bad command line,\n"
    "             3 cannot write standard output\n";

static const char PREFLOP_USAGE[] =
    "usage: handstat holdem preflop [--threads N] [-o FILE] [--matrix FILE] [--resume]\n"
    "                               [--checkpoint FILE]\n"
    "\n"
    "The exact heads-up equity of each of the 169 starting-hand classes against each other:\n"
    "all disjoint combinations of the two classes, all 1,712,304 boards each. Writes CSV\n"
    "class_a,class_b,combos,wins_a,ties,wins_b,equity_a (169 x 169 rows, combos = disjoint\n"
    "combination pairs) and a 169 x 169 matrix of equity_a (row class against column class).\n"
    "Progress (rate, time left) goes to standard error when it is a terminal. The work is saved\n"
    "to a checkpoint as it goes; after an interruption (Ctrl-C) run the same command with\n"
    "--resume to continue. The CSV files are written whole or not at all.\n"
    "\n"
    "  -o FILE            the table (default: standard output)\n"
    "  --matrix FILE      the matrix (default: FILE_matrix.csv beside -o; none for "
    "stdout)\n" CLI_CHECKPOINT_HELP
    "  --threads N        worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 1 unusable checkpoint, 2 bad command line, 3 file error,\n"
    "             130 interrupted (SIGINT), 143 terminated (SIGTERM)\n";

static const char VS_RANDOM_USAGE[] =
    "usage: handstat holdem vs-random [--threads N] [-o FILE] [--resume] [--checkpoint FILE]\n"
    "\n"
    "The exact equity of each of the 169 starting-hand classes against one and against two\n"
    "random hands. The hero holds a combination of the class, each opponent two of the other\n"
    "cards, the board five of the cards left; every deal (the hero's combination, the opponents'\n"
    "hands seat by seat, the board) is equally likely: combos x C(50,2) x C(48,5) deals against\n"
    "one opponent, combos x C(50,2) x C(48,2) x C(46,5) against two. Writes CSV\n"
    "class,opponents,deals,wins,ties,losses,equity,equity_exact: 338 rows, the classes in grid\n"
    "order (AA, AKs, .. 22), each against 1 then 2 opponents. wins: the hero's hand beats every\n"
    "opponent's; ties: the hero shares the best hand with one or both; losses: the rest. equity:\n"
    "the hero's share of the pots (a split pot divided equally among its winners) over the\n"
    "deals, and as an exact fraction.\n"
    "Progress (rate, time left) goes to standard error when it is a terminal. The work is saved\n"
    "to a checkpoint as it goes; after an interruption (Ctrl-C) run the same command with\n"
    "--resume to continue. The CSV file is written whole or not at all.\n"
    "\n"
    "  -o FILE            the table (default: standard output)\n" CLI_CHECKPOINT_HELP
    "  --threads N        worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 written, 1 unusable checkpoint, 2 bad command line, 3 file error,\n"
    "             130 interrupted (SIGINT), 143 terminated (SIGTERM)\n";

/* Parse the value of --board or --dead. */
static int parse_card_set(const char *opt, const char *text, int max, uint64_t *mask) {
    int cards[HS_CARDS];
    int n = cli_parse_cards(text, strlen(text), 0, opt, 0, max, "fewer cards", cards);
    if (n < 0)
        return -1;
    *mask = hs_cards_mask(cards, (size_t)n);
    return 0;
}

static int run_equity(int players, const uint64_t *const *ranges, const size_t *counts,
                      const char (*names)[HS_HOLDEM_RANGE_TEXT], uint64_t board, uint64_t dead,
                      int threads, int csv);

static int holdem_equity(int argc, char **argv) {
    int csv = 0, threads = 0, players;
    const char *board_arg = NULL, *dead_arg = NULL;
    const cli_opt opts[] = {{"--board", NULL, CLI_OPT_VALUE, &board_arg},
                            {"--dead", NULL, CLI_OPT_VALUE, &dead_arg},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, EQUITY_USAGE, 0, &players);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    char **hands = argv + 1;
    if (players > HS_HOLDEM_MAX_PLAYERS) {
        const char *extra = hands[HS_HOLDEM_MAX_PLAYERS];
        cli_error("at most %d players: '%s' is one too many", HS_HOLDEM_MAX_PLAYERS,
                  cli_token(extra, strlen(extra)));
        return CLI_EXIT_USAGE;
    }
    uint64_t board = 0, dead = 0;
    if ((board_arg != NULL && parse_card_set("--board", board_arg, 5, &board) != 0) ||
        (dead_arg != NULL && parse_card_set("--dead", dead_arg, HS_CARDS, &dead) != 0))
        return CLI_EXIT_DATA;
    if (players < 2) {
        cli_error("expected 2 to %d hands, got %d (see --help)", HS_HOLDEM_MAX_PLAYERS, players);
        return CLI_EXIT_USAGE;
    }
    if (board & dead) {
        char name[3];
        hs_card_format(__builtin_ctzll(board & dead), name);
        cli_error("%s is both a board card and a dead card", name);
        return CLI_EXIT_DATA;
    }
    /* Each HAND is a range (two cards or a class being the smallest ones). */
    hs_holdem_range *range = malloc((size_t)players * sizeof *range);
    char(*names)[HS_HOLDEM_RANGE_TEXT] = malloc((size_t)players * sizeof *names);
    size_t counts[HS_HOLDEM_MAX_PLAYERS];
    const uint64_t *ranges[HS_HOLDEM_MAX_PLAYERS];
    int status = CLI_OK;
    if (range == NULL || names == NULL) {
        cli_error("out of memory");
        status = CLI_EXIT_IO;
    }
    for (int p = 0; p < players && status == CLI_OK; p++) {
        hs_parse_error err;
        int prc = hs_holdem_range_parse(hands[p], strlen(hands[p]), &range[p], names[p],
                                        sizeof names[p], &err);
        if (prc != HS_OK) {
            const char *item = cli_token(hands[p] + err.offset, err.length);
            if (prc == HS_ERR_DUPLICATE)
                cli_error("hand %d: '%s' repeats a combination of an earlier item", p + 1, item);
            else
                cli_error("hand %d: '%s' is not two cards, a class or a range item (AhKd, AA, "
                          "AKs, AK, QQ+, A2s+, 55-22, A5s-A2s, random, ITEM@50)",
                          p + 1, item);
            status = CLI_EXIT_DATA;
            break;
        }
        for (size_t i = 0; i < range[p].n && status == CLI_OK; i++)
            if (range[p].weight[i] != 100) {
                cli_error("hand %d: weights (@) are not supported by the exact equity yet", p + 1);
                status = CLI_EXIT_DATA;
            }
        counts[p] = range[p].n;
        ranges[p] = range[p].combo;
        /* A concrete hand must not use a known card or another concrete hand's card. */
        if (status == CLI_OK && counts[p] == 1) {
            uint64_t clash = ranges[p][0] & (board | dead);
            for (int q = 0; q < p; q++)
                if (counts[q] == 1)
                    clash |= ranges[p][0] & ranges[q][0];
            if (clash) {
                char name[3];
                hs_card_format(__builtin_ctzll(clash), name);
                cli_error("hand %d: %s is already in %s", p + 1, name,
                          (clash & board)  ? "the board"
                          : (clash & dead) ? "the dead cards"
                                           : "another hand");
                status = CLI_EXIT_DATA;
            }
        }
    }
    if (status == CLI_OK)
        status = run_equity(players, ranges, counts, (const char(*)[HS_HOLDEM_RANGE_TEXT])names,
                            board, dead, threads, csv);
    free(range);
    free(names);
    return status;
}

/* The equity of the parsed hands, printed as a table. */
static int run_equity(int players, const uint64_t *const *ranges, const size_t *counts,
                      const char (*names)[HS_HOLDEM_RANGE_TEXT], uint64_t board, uint64_t dead,
                      int threads, int csv) {
    cli_catch_signals();
    cli_progress progress;
    cli_progress_init(&progress, "holdem equity");
    hs_holdem_equity e;
    int rc = hs_holdem_equity_run(players, ranges, counts, board, dead, threads,
                                  cli_progress_update, &progress, &e);
    cli_progress_done(&progress);
    /* No board left to deal (every other card dead) is no deal at all, like hands that
     * cannot be dealt disjoint. */
    if (rc == HS_ERR_COUNT || (rc == HS_OK && e.deals == 0)) {
        cli_error("no deal is possible: the hands cannot all be dealt disjoint from each other "
                  "and the known cards");
        return CLI_EXIT_DATA;
    }
    if (rc == HS_ERR_CANCELLED) {
        cli_error("interrupted");
        return cli_interrupted_status();
    }
    if (rc != HS_OK) {
        cli_error("%s", hs_strerror(rc));
        return CLI_EXIT_DATA;
    }
    uint64_t den = e.deals * HS_HOLDEM_SHARE_UNIT;
    /* text: "%-7d %-6s %14llu %14llu %14llu  %-10.6f %s" */
    static const cli_col EQUITY_TEXT[] = {{"", -7},  {" ", -6},   {" ", 14}, {" ", 14},
                                          {" ", 14}, {"  ", -10}, {" ", 0}};
    cli_table t;
    cli_table_init(&t, stdout, csv, EQUITY_TEXT);
    if (csv) {
        static const char *const HEADER[] = {"player", "hand",   "wins",        "ties",
                                             "losses", "equity", "equity_exact"};
        cli_header(&t, HEADER, 7);
    } else {
        char text[3 * HS_CARDS + 1];
        hs_hand_format(board, text, sizeof text);
        printf("board: %s", board ? text : "(none)");
        hs_hand_format(dead, text, sizeof text);
        printf("   dead: %s   deals: %llu, all equally likely\n", dead ? text : "(none)",
               (unsigned long long)e.deals);
        static const char *const HEADER[] = {"player", "hand",   "wins",   "ties",
                                             "losses", "equity", "(exact)"};
        cli_header(&t, HEADER, 7);
    }
    for (int p = 0; p < players; p++) {
        const hs_holdem_player *r = &e.player[p];
        double eq = (double)r->shares / (double)den;
        cli_cell_int(&t, p + 1);
        cli_cell(&t, names[p]);
        cli_cell_u64(&t, r->wins);
        cli_cell_u64(&t, r->ties);
        cli_cell_u64(&t, r->losses);
        if (csv)
            cli_cell_ratio(&t, eq);
        else
            cli_cell_fixed(&t, eq, 6);
        cli_cell_fraction(&t, (long long)r->shares, den);
        cli_row_end(&t);
    }
    return CLI_OK;
}

/* ---- preflop ------------------------------------------------------------------------------ */

/* Heads-up equity of a against b: wins plus half the ties, over all deals. */
static double preflop_equity(const hs_holdem_preflop_counts *c, int a, int b) {
    uint64_t wa = c->wins[a][b], t = c->ties[a][b], wb = c->wins[b][a];
    return ((double)wa + 0.5 * (double)t) / (double)(wa + t + wb);
}

static void write_preflop_csv(FILE *fp, const hs_holdem_preflop_counts *c) {
    static const char *const HEADER[] = {"class_a", "class_b", "combos",  "wins_a",
                                         "ties",    "wins_b",  "equity_a"};
    cli_table t;
    cli_table_init(&t, fp, 1, NULL);
    cli_header(&t, HEADER, 7);
    for (int a = 0; a < HS_HOLDEM_CLASSES; a++)
        for (int b = 0; b < HS_HOLDEM_CLASSES; b++) {
            char na[4], nb[4];
            hs_holdem_class_name(a, na);
            hs_holdem_class_name(b, nb);
            cli_cell(&t, na);
            cli_cell(&t, nb);
            cli_cell_u64(&t, hs_holdem_class_pairs(a, b));
            cli_cell_u64(&t, c->wins[a][b]);
            cli_cell_u64(&t, c->ties[a][b]);
            cli_cell_u64(&t, c->wins[b][a]);
            cli_cell_fixed(&t, preflop_equity(c, a, b), 9); /* as committed in results/ */
            cli_row_end(&t);
        }
}

static void write_preflop_matrix(FILE *fp, const hs_holdem_preflop_counts *c) {
    cli_table t;
    cli_table_init(&t, fp, 1, NULL);
    cli_cell(&t, "class");
    for (int b = 0; b < HS_HOLDEM_CLASSES; b++) {
        char nb[4];
        hs_holdem_class_name(b, nb);
        cli_cell(&t, nb);
    }
    cli_row_end(&t);
    for (int a = 0; a < HS_HOLDEM_CLASSES; a++) {
        char na[4];
        hs_holdem_class_name(a, na);
        cli_cell(&t, na);
        for (int b = 0; b < HS_HOLDEM_CLASSES; b++)
            cli_cell_fixed(&t, preflop_equity(c, a, b), 6);
        cli_row_end(&t);
    }
}

static int holdem_preflop(int argc, char **argv) {
    int threads = 0, resume = 0, n_pos;
    const char *path = NULL, *matrix_arg = NULL, *ckpt_arg = NULL;
    const cli_opt opts[] = {{"-o", NULL, CLI_OPT_VALUE, &path},
                            {"--matrix", NULL, CLI_OPT_VALUE, &matrix_arg},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, PREFLOP_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    /* From here on SIGINT and SIGTERM stop the job at its next unit, after saving. */
    cli_catch_signals();
    /* Standard output or a device (/dev/null): no files are made beside it by default. */
    const int to_stdout = cli_is_stdout_path(path);
    char *matrix = matrix_arg  ? strdup(matrix_arg)
                   : to_stdout ? NULL
                               : cli_derived_path(path, "_matrix.csv");
    hs_holdem_preflop *table = NULL;
    hs_job *job = NULL;
    cli_outs outs = {.n = 0};
    cli_job j;
    memset(&j, 0, sizeof j);
    int status = CLI_OK;
    if (!to_stdout && matrix == NULL) {
        cli_error("out of memory");
        status = CLI_EXIT_IO;
        goto done;
    }
    const char *const names[2] = {"-o", "--matrix"};
    const char *const files[2] = {path, matrix};
    cli_out *csv_out = cli_outs_add(&outs, "-o", path);
    cli_out *matrix_out = matrix != NULL ? cli_outs_add(&outs, "--matrix", matrix) : NULL;
    /* Every destination is checked before the work (the board list takes a fraction of a
     * second). */
    status = cli_outs_open(&outs);
    if (status == CLI_OK)
        status = cli_job_prepare(&j, "holdem preflop", ckpt_arg, path, "holdem_preflop.ckpt",
                                 resume, threads, names, files, 2);
    if (status == CLI_OK && (hs_holdem_preflop_new(&table) != HS_OK ||
                             hs_holdem_preflop_job_new(table, &job) != HS_OK)) {
        cli_error("out of memory");
        status = CLI_EXIT_IO;
    }
    if (status == CLI_OK)
        status = cli_job_attach(&j, job);
    if (status == CLI_OK)
        status = cli_job_run(&j);
    if (status != CLI_OK)
        goto done;
    const hs_holdem_preflop_counts *counts = hs_holdem_preflop_job_counts(job);
    write_preflop_csv(csv_out->fp, counts);
    if (matrix_out != NULL)
        write_preflop_matrix(matrix_out->fp, counts);
    status = cli_outs_commit(&outs);
    if (status == CLI_OK && !cli_quiet)
        fprintf(stderr,
                "holdem preflop: %zu boards up to suit permutation (%zu units) in %.1f s with %d "
                "thread%s\n",
                hs_holdem_preflop_boards(table), hs_job_units(job), j.seconds, j.threads_used,
                j.threads_used == 1 ? "" : "s");
done:
    cli_outs_abort(&outs);
    cli_job_finish(&j, status);
    hs_job_free(job);
    hs_holdem_preflop_free(table);
    free(matrix);
    return status;
}

/* ---- vs-random ---------------------------------------------------------------------------- */

static void write_vs_random_csv(FILE *fp, const hs_holdem_vs_random_counts *c) {
    static const char *const HEADER[] = {"class", "opponents", "deals",  "wins",
                                         "ties",  "losses",    "equity", "equity_exact"};
    cli_table t;
    cli_table_init(&t, fp, 1, NULL);
    cli_header(&t, HEADER, 8);
    for (int x = 0; x < HS_HOLDEM_CLASSES; x++)
        for (int k = 0; k < 2; k++) {
            const hs_holdem_player *p = &c->vs[x][k];
            /* Below 2^63 (holdem.h), so the fraction's terms fit its 64-bit arguments. */
            const uint64_t den = hs_holdem_vs_random_deals(x, k + 1) * HS_HOLDEM_SHARE_UNIT;
            char name[4];
            hs_holdem_class_name(x, name);
            cli_cell(&t, name);
            cli_cell_int(&t, k + 1);
            cli_cell_u64(&t, hs_holdem_vs_random_deals(x, k + 1));
            cli_cell_u64(&t, p->wins);
            cli_cell_u64(&t, p->ties);
            cli_cell_u64(&t, p->losses);
            cli_cell_ratio(&t, (double)p->shares / (double)den);
            cli_cell_fraction(&t, (long long)p->shares, den);
            cli_row_end(&t);
        }
}

static int holdem_vs_random(int argc, char **argv) {
    int threads = 0, resume = 0, n_pos;
    const char *path = NULL, *ckpt_arg = NULL;
    const cli_opt opts[] = {{"-o", NULL, CLI_OPT_VALUE, &path},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, VS_RANDOM_USAGE, CLI_OPTS_NO_POSITIONAL, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    /* From here on SIGINT and SIGTERM stop the job at its next unit, after saving. */
    cli_catch_signals();
    hs_holdem_preflop *table = NULL;
    hs_job *job = NULL;
    cli_outs outs = {.n = 0};
    cli_job j;
    memset(&j, 0, sizeof j);
    const char *const names[1] = {"-o"};
    const char *const files[1] = {path};
    cli_out *csv_out = cli_outs_add(&outs, "-o", path);
    int status = cli_outs_open(&outs);
    if (status == CLI_OK)
        status = cli_job_prepare(&j, "holdem vs-random", ckpt_arg, path, "holdem_vs_random.ckpt",
                                 resume, threads, names, files, 1);
    if (status == CLI_OK && (hs_holdem_preflop_new(&table) != HS_OK ||
                             hs_holdem_vs_random_job_new(table, &job) != HS_OK)) {
        cli_error("out of memory");
        status = CLI_EXIT_IO;
    }
    if (status == CLI_OK)
        status = cli_job_attach(&j, job);
    if (status == CLI_OK)
        status = cli_job_run(&j);
    if (status != CLI_OK)
        goto done;
    write_vs_random_csv(csv_out->fp, hs_holdem_vs_random_job_counts(job));
    status = cli_outs_commit(&outs);
    if (status == CLI_OK && !cli_quiet)
        fprintf(stderr,
                "holdem vs-random: %zu boards up to suit permutation (%zu units) in %.1f s with "
                "%d thread%s\n",
                hs_holdem_preflop_boards(table), hs_job_units(job), j.seconds, j.threads_used,
                j.threads_used == 1 ? "" : "s");
done:
    cli_outs_abort(&outs);
    cli_job_finish(&j, status);
    hs_job_free(job);
    hs_holdem_preflop_free(table);
    return status;
}

int cli_holdem_main(int argc, char **argv) {
    static const char GROUP_USAGE[] =
        "usage: handstat holdem <command> [options]\n"
        "\n"
        "  equity     exact equity of 2-9 hands or classes over every board\n"
        "  preflop    the exact 169 x 169 heads-up preflop table\n"
        "  vs-random  each class against 1 and 2 random hands, exactly\n"
        "\n"
        "'handstat holdem <command> --help' describes each.\n";
    if (argc < 2 || cli_is_help(argv[1])) {
        fputs(GROUP_USAGE, argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_EXIT_USAGE : CLI_OK;
    }
    if (strcmp(argv[1], "equity") == 0) {
        cli_command = "handstat holdem equity";
        return holdem_equity(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "preflop") == 0) {
        cli_command = "handstat holdem preflop";
        return holdem_preflop(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "vs-random") == 0) {
        cli_command = "handstat holdem vs-random";
        return holdem_vs_random(argc - 1, argv + 1);
    }
    cli_error("unknown holdem command '%s' (try 'handstat holdem --help')", argv[1]);
    return CLI_EXIT_USAGE;
}
