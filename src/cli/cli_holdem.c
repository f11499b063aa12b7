/* handstat holdem: equity and preflop. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

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
    "one argument: two cards (AhKd, \"Ah Kd\", 10h9h) or a starting-hand class (AA, AKs, AKo,\n"
    "T9s), which stands for every combination of it that avoids the other hands, the board and\n"
    "the dead cards. Every deal (a choice of one combination per player, then the rest of the\n"
    "board) counts once: all combinations and boards are taken as equally likely.\n"
    "Per player: wins (alone), ties (pot split), losses, and equity = the share of the pots won,\n"
    "ties shared among the players who split; the exact fraction is printed too.\n"
    "\n"
    "  --board CARDS   0 to 5 known board cards (one argument: \"Ah Kd 2c\" or AhKd2c)\n"
    "  --dead CARDS    cards out of play\n"
    "  --csv           player,hand,wins,ties,losses,equity,equity_exact\n"
    "  --threads N     worker threads, 1..1024 (default: one per core)\n"
    "\n"
    "exit status: 0 done, 1 bad cards or no possible deal, 2 bad command line\n";

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
    "  --matrix FILE      the matrix (default: FILE_matrix.csv beside -o; none for stdout)\n"
    "  --checkpoint FILE  where progress is saved (default: FILE.ckpt beside -o, else\n"
    "                     holdem_preflop.ckpt)\n"
    "  --resume           continue from the checkpoint\n"
    "  --threads N        worker threads, 1..1024 (default: one per core)\n"
    "\n"
    "exit status: 0 written, 2 bad command line, 3 file error, 130 interrupted (SIGINT),\n"
    "             143 terminated (SIGTERM)\n";

/* Parse the value of --board or --dead. */
static int parse_card_set(const char *opt, const char *text, int max, uint64_t *mask) {
    int cards[HS_CARDS];
    int n = cli_parse_cards(text, strlen(text), 0, opt, 0, max, "fewer cards", cards);
    if (n < 0)
        return -1;
    *mask = hs_cards_mask(cards, (size_t)n);
    return 0;
}

static void print_fraction(FILE *out, uint64_t num, uint64_t den) {
    mpq_t q;
    mpq_init(q);
    mpz_set_ui(mpq_numref(q), num);
    mpz_set_ui(mpq_denref(q), den);
    mpq_canonicalize(q);
    mpq_out_str(out, 10, q);
    mpq_clear(q);
}

static int holdem_equity(int argc, char **argv) {
    const char *hands[HS_HOLDEM_MAX_PLAYERS + 1];
    int players = 0, csv = 0, threads = 0;
    uint64_t board = 0, dead = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(EQUITY_USAGE, stdout);
            return CLI_OK;
        } else if (strcmp(a, "--csv") == 0) {
            csv = 1;
        } else if ((strcmp(a, "--board") == 0 || strcmp(a, "--dead") == 0 ||
                    strcmp(a, "--threads") == 0) &&
                   i + 1 >= argc) {
            cli_error("%s needs a value (see --help)", a);
            return CLI_EXIT_USAGE;
        } else if (strcmp(a, "--board") == 0) {
            if (parse_card_set("--board", argv[++i], 5, &board) != 0)
                return CLI_EXIT_DATA;
        } else if (strcmp(a, "--dead") == 0) {
            if (parse_card_set("--dead", argv[++i], HS_CARDS, &dead) != 0)
                return CLI_EXIT_DATA;
        } else if (strcmp(a, "--threads") == 0) {
            if ((threads = cli_parse_threads(argv[++i])) < 0)
                return CLI_EXIT_USAGE;
        } else if (a[0] == '-' && a[1] != '\0') {
            cli_error("unknown option '%s' (see --help)", a);
            return CLI_EXIT_USAGE;
        } else if (players == HS_HOLDEM_MAX_PLAYERS) {
            cli_error("at most %d players: '%s' is one too many", HS_HOLDEM_MAX_PLAYERS, a);
            return CLI_EXIT_USAGE;
        } else {
            hands[players++] = a;
        }
    }
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
    uint64_t combos[HS_HOLDEM_MAX_PLAYERS][12];
    size_t counts[HS_HOLDEM_MAX_PLAYERS];
    const uint64_t *ranges[HS_HOLDEM_MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        hs_parse_error err;
        int rc = hs_holdem_hand_parse(hands[p], strlen(hands[p]), combos[p], &counts[p], &err);
        if (rc != HS_OK) {
            if (rc == HS_ERR_COUNT)
                cli_error("hand %d: '%s' is not two cards or a class such as AA, AKs, AKo", p + 1,
                          cli_token(hands[p], strlen(hands[p])));
            else
                cli_error("hand %d: '%s' is %s", p + 1,
                          cli_token(hands[p] + err.offset, err.length),
                          rc == HS_ERR_DUPLICATE ? "a duplicate card"
                                                 : "not a card or a class (AA, AKs, AKo, ...)");
            return CLI_EXIT_DATA;
        }
        ranges[p] = combos[p];
        /* A concrete hand must not use a known card or another concrete hand's card. */
        if (counts[p] == 1) {
            uint64_t clash = combos[p][0] & (board | dead);
            for (int q = 0; q < p; q++)
                if (counts[q] == 1)
                    clash |= combos[p][0] & combos[q][0];
            if (clash) {
                char name[3];
                hs_card_format(__builtin_ctzll(clash), name);
                cli_error("hand %d: %s is already in %s", p + 1, name,
                          (clash & board)  ? "the board"
                          : (clash & dead) ? "the dead cards"
                                           : "another hand");
                return CLI_EXIT_DATA;
            }
        }
    }
    cli_catch_signals();
    cli_progress progress;
    cli_progress_init(&progress, "holdem equity");
    hs_holdem_equity e;
    int rc = hs_holdem_equity_run(players, ranges, counts, board, dead, threads,
                                  cli_progress_update, &progress, &e);
    cli_progress_done(&progress);
    if (rc == HS_ERR_COUNT) {
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
    if (csv)
        printf("player,hand,wins,ties,losses,equity,equity_exact\n");
    else {
        char text[64];
        hs_hand_format(board, text, sizeof text);
        printf("board: %s", board ? text : "(none)");
        hs_hand_format(dead, text, sizeof text);
        printf("   dead: %s   deals: %llu, all equally likely\n", dead ? text : "(none)",
               (unsigned long long)e.deals);
        printf("%-7s %-6s %14s %14s %14s  %-10s %s\n", "player", "hand", "wins", "ties", "losses",
               "equity", "(exact)");
    }
    for (int p = 0; p < players; p++) {
        const hs_holdem_player *r = &e.player[p];
        double eq = (double)r->shares / (double)den;
        if (csv) {
            printf("%d,%s,%llu,%llu,%llu,%.12g,", p + 1, hands[p], (unsigned long long)r->wins,
                   (unsigned long long)r->ties, (unsigned long long)r->losses, eq);
        } else {
            printf("%-7d %-6s %14llu %14llu %14llu  %-10.6f ", p + 1, hands[p],
                   (unsigned long long)r->wins, (unsigned long long)r->ties,
                   (unsigned long long)r->losses, eq);
        }
        print_fraction(stdout, r->shares, den);
        putchar('\n');
    }
    return CLI_OK;
}

/* ---- preflop ------------------------------------------------------------------------------ */

static const char CKPT_MAGIC[16] = "HSPREFLOP-CKPT1";

/* FNV-1a over a buffer: a checksum that catches a torn or foreign checkpoint. */
static uint64_t fnv1a(const void *data, size_t len, uint64_t h) {
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * UINT64_C(1099511628211);
    return h;
}

typedef struct ckpt_header {
    char magic[16];
    uint64_t units;     /* work units of the whole job */
    uint64_t next_unit; /* units [0, next_unit) are in the counts */
} ckpt_header;

static int save_checkpoint(const char *path, const hs_holdem_preflop_counts *c, uint64_t units) {
    cli_out out;
    if (cli_out_open(&out, path) != 0)
        return -1;
    ckpt_header h;
    memcpy(h.magic, CKPT_MAGIC, sizeof h.magic);
    h.units = units;
    h.next_unit = c->units_done;
    uint64_t sum = fnv1a(&h, sizeof h, UINT64_C(14695981039346656037));
    sum = fnv1a(c, sizeof *c, sum);
    fwrite(&h, sizeof h, 1, out.fp);
    fwrite(c, sizeof *c, 1, out.fp);
    fwrite(&sum, sizeof sum, 1, out.fp);
    return cli_out_commit(&out);
}

/* Load a checkpoint. Returns 0, or prints why it cannot be used and returns -1. */
static int load_checkpoint(const char *path, hs_holdem_preflop_counts *c, uint64_t units) {
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        cli_error("cannot resume: cannot open checkpoint '%s': %s", path, strerror(errno));
        return -1;
    }
    ckpt_header h;
    uint64_t sum = 0;
    int ok = fread(&h, sizeof h, 1, fp) == 1 && fread(c, sizeof *c, 1, fp) == 1 &&
             fread(&sum, sizeof sum, 1, fp) == 1 && fgetc(fp) == EOF;
    fclose(fp);
    ok = ok && memcmp(h.magic, CKPT_MAGIC, sizeof h.magic) == 0 && h.units == units &&
         h.next_unit == c->units_done && h.next_unit <= units &&
         sum == fnv1a(c, sizeof *c, fnv1a(&h, sizeof h, UINT64_C(14695981039346656037)));
    if (!ok) {
        cli_error("cannot resume: '%s' is not a checkpoint of this job (or it is damaged)", path);
        return -1;
    }
    return 0;
}

static int write_preflop_csv(const char *path, const hs_holdem_preflop_counts *c) {
    cli_out out;
    if (cli_out_open(&out, path) != 0)
        return -1;
    fprintf(out.fp, "class_a,class_b,combos,wins_a,ties,wins_b,equity_a\n");
    for (int a = 0; a < HS_HOLDEM_CLASSES; a++)
        for (int b = 0; b < HS_HOLDEM_CLASSES; b++) {
            char na[4], nb[4];
            hs_holdem_class_name(a, na);
            hs_holdem_class_name(b, nb);
            uint64_t wa = c->wins[a][b], t = c->ties[a][b], wb = c->wins[b][a];
            uint64_t total = wa + t + wb;
            fprintf(out.fp, "%s,%s,%llu,%llu,%llu,%llu,%.9f\n", na, nb,
                    (unsigned long long)hs_holdem_class_pairs(a, b), (unsigned long long)wa,
                    (unsigned long long)t, (unsigned long long)wb,
                    ((double)wa + 0.5 * (double)t) / (double)total);
        }
    return cli_out_commit(&out);
}

static int write_preflop_matrix(const char *path, const hs_holdem_preflop_counts *c) {
    cli_out out;
    if (cli_out_open(&out, path) != 0)
        return -1;
    fprintf(out.fp, "class");
    for (int b = 0; b < HS_HOLDEM_CLASSES; b++) {
        char nb[4];
        hs_holdem_class_name(b, nb);
        fprintf(out.fp, ",%s", nb);
    }
    fputc('\n', out.fp);
    for (int a = 0; a < HS_HOLDEM_CLASSES; a++) {
        char na[4];
        hs_holdem_class_name(a, na);
        fprintf(out.fp, "%s", na);
        for (int b = 0; b < HS_HOLDEM_CLASSES; b++) {
            uint64_t wa = c->wins[a][b], t = c->ties[a][b], wb = c->wins[b][a];
            fprintf(out.fp, ",%.6f", ((double)wa + 0.5 * (double)t) / (double)(wa + t + wb));
        }
        fputc('\n', out.fp);
    }
    return cli_out_commit(&out);
}

/* path with its ".csv" ending (if any) replaced by `suffix`, in a heap string. */
static char *derived_path(const char *path, const char *suffix) {
    size_t n = strlen(path);
    if (n >= 4 && strcmp(path + n - 4, ".csv") == 0)
        n -= 4;
    char *out = malloc(n + strlen(suffix) + 1);
    if (out != NULL) {
        memcpy(out, path, n);
        strcpy(out + n, suffix);
    }
    return out;
}

static int holdem_preflop(int argc, char **argv) {
    int threads = 0, resume = 0;
    const char *path = NULL, *matrix_arg = NULL, *ckpt_arg = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(PREFLOP_USAGE, stdout);
            return CLI_OK;
        } else if (strcmp(a, "--resume") == 0) {
            resume = 1;
        } else if ((strcmp(a, "-o") == 0 || strcmp(a, "--matrix") == 0 ||
                    strcmp(a, "--checkpoint") == 0 || strcmp(a, "--threads") == 0) &&
                   i + 1 >= argc) {
            cli_error("%s needs a value (see --help)", a);
            return CLI_EXIT_USAGE;
        } else if (strcmp(a, "-o") == 0) {
            path = argv[++i];
        } else if (strcmp(a, "--matrix") == 0) {
            matrix_arg = argv[++i];
        } else if (strcmp(a, "--checkpoint") == 0) {
            ckpt_arg = argv[++i];
        } else if (strcmp(a, "--threads") == 0) {
            if ((threads = cli_parse_threads(argv[++i])) < 0)
                return CLI_EXIT_USAGE;
        } else {
            cli_error("unexpected argument '%s' (see --help)", a);
            return CLI_EXIT_USAGE;
        }
    }
    /* Standard output or a device (/dev/null): no files are made beside it by default. */
    struct stat st;
    int to_stdout =
        path == NULL || strcmp(path, "-") == 0 || (stat(path, &st) == 0 && !S_ISREG(st.st_mode));
    char *matrix = matrix_arg  ? strdup(matrix_arg)
                   : to_stdout ? NULL
                               : derived_path(path, "_matrix.csv");
    char *ckpt = ckpt_arg    ? strdup(ckpt_arg)
                 : to_stdout ? strdup("holdem_preflop.ckpt")
                             : derived_path(path, ".ckpt");
    hs_holdem_preflop *table = NULL;
    hs_holdem_preflop_counts *counts = calloc(1, sizeof *counts);
    int status = CLI_OK;
    if (ckpt == NULL || counts == NULL || (!to_stdout && matrix == NULL) ||
        hs_holdem_preflop_new(&table) != HS_OK) {
        cli_error("out of memory");
        status = CLI_EXIT_IO;
        goto done;
    }
    const uint64_t units = hs_holdem_preflop_units(table);
    if (resume) {
        if (load_checkpoint(ckpt, counts, units) != 0) {
            status = CLI_EXIT_DATA;
            goto done;
        }
        fprintf(stderr, "holdem preflop: resuming from '%s' at unit %llu of %llu\n", ckpt,
                (unsigned long long)counts->units_done, (unsigned long long)units);
    } else if (access(ckpt, F_OK) == 0) {
        cli_error("a checkpoint '%s' of an interrupted run exists: add --resume to continue it, "
                  "or remove it to start over",
                  ckpt);
        status = CLI_EXIT_USAGE;
        goto done;
    }
    /* Fail on unwritable destinations before the long work: open (and discard) them now. */
    const char *dests[3] = {to_stdout ? NULL : path, matrix, ckpt};
    for (int d = 0; d < 3; d++) {
        cli_out probe;
        if (dests[d] == NULL)
            continue;
        if (cli_out_open(&probe, dests[d]) != 0) {
            status = CLI_EXIT_IO;
            goto done;
        }
        cli_out_abort(&probe);
    }
    cli_catch_signals();
    cli_progress progress;
    cli_progress_init(&progress, "holdem preflop");
    progress.total = units;
    double start = cli_now();
    /* Batches of units, each saved to the checkpoint when it is done. */
    const uint64_t batch = (units + 63) / 64;
    while (counts->units_done < units) {
        uint64_t first = counts->units_done;
        uint64_t last = first + batch < units ? first + batch : units;
        progress.base = first;
        int rc = hs_holdem_preflop_run(table, first, last, threads, cli_progress_update, &progress,
                                       counts);
        if (rc == HS_ERR_CANCELLED) {
            cli_progress_done(&progress);
            cli_error("interrupted at unit %llu of %llu; progress is saved in '%s': run again "
                      "with --resume to continue",
                      (unsigned long long)first, (unsigned long long)units, ckpt);
            status = cli_interrupted_status();
            goto done;
        }
        if (rc != HS_OK) {
            cli_error("%s", hs_strerror(rc));
            status = CLI_EXIT_IO;
            goto done;
        }
        if (counts->units_done < units && save_checkpoint(ckpt, counts, units) != 0) {
            status = CLI_EXIT_IO;
            goto done;
        }
    }
    cli_progress_done(&progress);
    if (write_preflop_csv(path, counts) != 0 ||
        (matrix != NULL && write_preflop_matrix(matrix, counts) != 0)) {
        status = CLI_EXIT_IO;
        goto done;
    }
    unlink(ckpt);
    fprintf(stderr, "holdem preflop: %llu boards up to suit permutation (%llu units) in %.1f s\n",
            (unsigned long long)hs_holdem_preflop_boards(table), (unsigned long long)units,
            cli_now() - start);
done:
    hs_holdem_preflop_free(table);
    free(counts);
    free(matrix);
    free(ckpt);
    return status;
}

int cli_holdem_main(int argc, char **argv) {
    static const char GROUP_USAGE[] =
        "usage: handstat holdem <command> [options]\n"
        "\n"
        "  equity    exact equity of 2-9 hands or classes over every board\n"
        "  preflop   the exact 169 x 169 heads-up preflop table\n"
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
    cli_error("unknown holdem command '%s' (try 'handstat holdem --help')", argv[1]);
    return CLI_EXIT_USAGE;
}
