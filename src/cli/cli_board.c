/* handstat holdem hits and holdem equity-dist: what a range makes on a board (or over every
 * flop, turn or river) and each combination's exact equity against another range. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

static const char HITS_USAGE[] =
    "usage: handstat holdem hits RANGE --board CARDS [--dead CARDS] [--csv] [--by-combo]\n"
    "                            [-o FILE]\n"
    "       handstat holdem hits RANGE --flops [--turns] [--rivers] [--dead CARDS] [--csv]\n"
    "                            [-o FILE] [--threads N] [--checkpoint FILE] [--resume]\n"
    "\n"
    "What a hold'em range makes on a board. Each combination of RANGE (the grammar of 'holdem\n"
    "equity': AhKd, AA, AKs, QQ+, A2s+, 55-22, random, 15%, ITEM@W) that avoids the board and\n"
    "the dead cards gets one made-hand category, the best that holds:\n"
    "  straight_flush quads full_house flush straight set trips two_pair (both hole cards\n"
    "  paired) two_pair_board (one hole card + a board pair) overpair top_pair\n"
    "  pocket_below_top (a pocket pair between the board's top and second ranks) second_pair\n"
    "  weak_pair (third rank or lower, or a pocket pair below the second) ace_high nothing\n"
    "and any number of flags: plays_board (river: the board alone is as good), flush_draw,\n"
    "nut_flush_draw, oesd (two or more ranks complete a straight using a hole card), gutshot\n"
    "(one rank), combo_draw (a flush draw with a straight draw), backdoor_flush (flop: three to\n"
    "a flush with a hole card), overcards (two hole cards above the board, no pair). The draws\n"
    "are on the flop and turn only. The README defines each with examples.\n"
    "With --board: per category the combinations (weights: AKs@50 counts 2) and their share of\n"
    "the range, exact and decimal. With --flops (--turns, --rivers): the same counted over every\n"
    "flop (turn, river board) of the cards each combination leaves, exactly: per class and\n"
    "category the weighted (combination, board) pairs, the boards, and their share.\n"
    "\n"
    "  --board CARDS   the flop, turn or river: 3 to 5 cards (\"Kh 7d 2c\" or Kh7d2c)\n"
    "  --dead CARDS    cards out of play\n"
    "  --by-combo      with --board: each combination, its category and flags\n"
    "  --flops         every flop (19,600 per combination without dead cards)\n"
    "  --turns         every turn board (230,300 per combination)\n"
    "  --rivers        every river board (2,118,760 per combination; minutes for a wide range)\n"
    "  --csv           CSV: with --board kind,category,combos,share,share_exact (every category\n"
    "                  and flag); --by-combo combo,class,weight,category,flags; with --flops\n"
    "                  class,combos,street,kind,category,hits,boards,share,share_exact\n"
    "  -o FILE         write the table (CSV, as --csv) to FILE, whole or not at "
    "all\n" CLI_CHECKPOINT_HELP
    "  --threads N     worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 done, 1 bad cards or range, 2 bad command line, 3 file error,\n"
    "             130 interrupted\n";

static const char DIST_USAGE[] =
    "usage: handstat holdem equity-dist RANGE RANGE [--board CARDS] [--dead CARDS] [--csv]\n"
    "                                   [-o FILE] [--bins N] [--svg FILE] [--threads N]\n"
    "                                   [--checkpoint FILE] [--resume]\n"
    "\n"
    "The equity distribution: each combination of the first range (the hero's) with its exact\n"
    "heads-up equity against the second range over every completion of the board, sorted best\n"
    "first (the 'equity graph'). A combination's deals are the villain's combinations that avoid\n"
    "it, the board and the dead cards (weighted as in 'holdem equity'), times the boards; its\n"
    "counts are those of 'holdem equity COMBO RANGE'. The range's own equity, each combination\n"
    "weighed by its weight times its deals, is printed too: it is 'holdem equity RANGE RANGE's.\n"
    "\n"
    "  --board CARDS   0 to 5 known board cards\n"
    "  --dead CARDS    cards out of play\n"
    "  --csv           combo,class,weight,deals,wins,ties,losses,equity,equity_exact,cumulative\n"
    "                  (cumulative: the share of the range's combinations, by weight, up to this\n"
    "                  one: the graph's x axis)\n"
    "  --bins N        a histogram instead: N equal bins of equity (1..1000), the combinations\n"
    "                  (by weight) in each: bin,low,high,combos,share\n"
    "  -o FILE         write the table (CSV) to FILE, whole or not at all\n"
    "  --svg FILE      also draw the equity graph as SVG\n" CLI_CHECKPOINT_HELP
    "  --threads N     worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 done, 1 bad cards or range or no possible deal, 2 bad command line,\n"
    "             3 file error, 130 interrupted\n";

/* A count in weight units (100 per combination) as combinations: an exact decimal ("15",
 * "7.5", "0.25"). */
static const char *weight_text(char *buf, size_t cap, hs_uint128 w) {
    char whole[48];
    cli_u128_text(whole, sizeof whole, w / 100);
    const unsigned frac = (unsigned)(w % 100);
    if (frac == 0)
        snprintf(buf, cap, "%s", whole);
    else if (frac % 10 == 0)
        snprintf(buf, cap, "%s.%u", whole, frac / 10);
    else
        snprintf(buf, cap, "%s.%02u", whole, frac);
    return buf;
}

static void cell_weight(cli_table *t, hs_uint128 w) {
    char buf[64];
    cli_cell(t, weight_text(buf, sizeof buf, w));
}

/* The share num/den: a ratio in CSV, a percentage in text; then the exact fraction. */
static void cells_share(cli_table *t, hs_uint128 num, hs_uint128 den, int csv) {
    if (csv)
        cli_cell_ratio(t, cli_ratio_u128(num, den));
    else {
        char buf[32];
        snprintf(buf, sizeof buf, "%.2f%%", 100.0 * cli_ratio_u128(num, den));
        cli_cell(t, buf);
    }
    cli_cell_fraction_u128(t, num, den);
}

/* The known cards of a request: --board (bmin..bmax cards) and --dead, not overlapping. Prints
 * the error; returns CLI_OK or its exit status. */
static int known_cards(const char *board_arg, int bmin, int bmax, const char *dead_arg,
                       uint64_t *board, uint64_t *dead) {
    *board = *dead = 0;
    if (board_arg != NULL) {
        if (cli_parse_card_set("--board", board_arg, strlen(board_arg), 0, 7, board) != 0)
            return CLI_EXIT_DATA;
        const int n = hs_hand_size(*board);
        if (n < bmin || n > bmax) {
            cli_error("--board: '%s' is %d card%s; %s", cli_token(board_arg, strlen(board_arg)), n,
                      n == 1 ? "" : "s",
                      bmin == 3 ? "a flop, turn or river is 3 to 5 cards"
                                : "a board is 0 to 5 cards");
            return CLI_EXIT_DATA;
        }
    }
    if (dead_arg != NULL &&
        cli_parse_card_set("--dead", dead_arg, strlen(dead_arg), 0, HS_CARDS, dead) != 0)
        return CLI_EXIT_DATA;
    if (*board & *dead) {
        cli_clash_error("--dead", *board & *dead, "the board");
        return CLI_EXIT_DATA;
    }
    return CLI_OK;
}

/* Parse range `text` (what: "range", "hand 1") and check that some combination avoids the
 * known cards. Prints the error; returns 0 or -1. */
static int live_range(const char *what, const char *text, uint64_t known, hs_holdem_range *out,
                      char *canon, size_t cap) {
    cli_equity_request none;
    memset(&none, 0, sizeof none);
    if (cli_parse_range(&none, what, text, strlen(text), out, canon, cap) != 0)
        return -1;
    for (size_t i = 0; i < out->n; i++)
        if ((out->combo[i] & known) == 0)
            return 0;
    cli_error("%s: every combination of '%s' meets the board or the dead cards", what,
              cli_token(canon, strlen(canon)));
    return -1;
}

/* Two cards as the range grammar writes them, the higher rank first: "AhKd". */
static const char *combo_text(char out[8], uint64_t combo) {
    static const char RANK[] = "A23456789TJQK", SUIT[] = "cdhs";
    int a = __builtin_ctzll(combo), b = 63 - __builtin_clzll(combo);
    const int ra = hs_card_rank(a), rb = hs_card_rank(b);
    /* ace high, then the higher rank; equal ranks: the higher suit first */
    const int ha = ra == HS_ACE ? 13 : ra, hb = rb == HS_ACE ? 13 : rb;
    if (ha < hb || (ha == hb && a < b)) {
        const int t = a;
        a = b;
        b = t;
    }
    snprintf(out, 8, "%c%c%c%c", RANK[hs_card_rank(a)], SUIT[hs_card_suit(a)],
             RANK[hs_card_rank(b)], SUIT[hs_card_suit(b)]);
    return out;
}

/* "board: KH 7D 2C   dead: (none)" */
static void print_known(FILE *fp, uint64_t board, uint64_t dead, int with_board) {
    char text[3 * HS_CARDS + 1];
    if (with_board) {
        hs_hand_format(board, text, sizeof text);
        fprintf(fp, "   board: %s", board ? text : "(none)");
    }
    hs_hand_format(dead, text, sizeof text);
    fprintf(fp, "   dead: %s\n", dead ? text : "(none)");
}

/* The rows of one count table (made categories, then flags): in CSV every one, in text those
 * that occur. Each row: kind, category, [prefix cells], count, share of den. */
static void hits_rows(cli_table *t, int csv, const hs_uint128 *made, const hs_uint128 *flag,
                      hs_uint128 den, void (*prefix)(cli_table *, const void *), const void *arg,
                      int counts_as_weights) {
    for (int kind = 0; kind < 2; kind++) {
        const int n = kind == 0 ? HS_HIT_MADE : HS_HIT_FLAGS;
        const hs_uint128 *v = kind == 0 ? made : flag;
        for (int i = 0; i < n; i++) {
            if (!csv && v[i] == 0)
                continue;
            if (prefix != NULL)
                prefix(t, arg);
            if (csv) {
                cli_cell(t, kind == 0 ? "made" : "flag");
                cli_cell(t, kind == 0 ? hs_holdem_hit_name(i) : hs_holdem_hit_flag_name(i));
            } else
                cli_cell(t, kind == 0 ? hs_holdem_hit_title(i) : hs_holdem_hit_flag_title(i));
            if (counts_as_weights)
                cell_weight(t, v[i]);
            else
                cli_cell_u128(t, v[i]);
            cells_share(t, v[i], den, csv);
            cli_row_end(t);
        }
        if (!csv && kind == 0)
            fprintf(t->fp, "draws and flags:\n");
    }
}

/* ---- hits on one board ------------------------------------------------------------------ */

static int hits_board(FILE *fp, const hs_holdem_range *range, const char *name, uint64_t board,
                      uint64_t dead, int csv, int by_combo) {
    cli_table t;
    if (by_combo) {
        static const char *const HEADER[] = {"combo", "class", "weight", "category", "flags"};
        cli_col cols[] = {{"", -6}, {" ", -5}, {" ", 6}, {"  ", -34}, {" ", 0}};
        cli_table_init(&t, fp, csv, cols);
        if (!csv) {
            fprintf(fp, "range: %s", name);
            print_known(fp, board, dead, 1);
        }
        cli_header(&t, HEADER, 5);
        for (size_t i = 0; i < range->n; i++) {
            const uint64_t h = range->combo[i];
            if (h & (board | dead))
                continue;
            unsigned f;
            const int made = hs_holdem_hit(h, board, &f);
            char text[8], cls[4], flags[160] = "";
            combo_text(text, h);
            hs_holdem_class_name(hs_holdem_class(h), cls);
            for (int k = 0; k < HS_HIT_FLAGS; k++)
                if (f & HS_HIT_F(k)) {
                    if (flags[0])
                        strcat(flags, " ");
                    strcat(flags, hs_holdem_hit_flag_name(k));
                }
            cli_cell(&t, text);
            cli_cell(&t, cls);
            cli_cell_int(&t, range->weight[i]);
            cli_cell(&t, csv ? hs_holdem_hit_name(made) : hs_holdem_hit_title(made));
            cli_cell(&t, flags);
            cli_row_end(&t);
        }
        return CLI_OK;
    }
    hs_holdem_hits h;
    hs_holdem_hits_board(range, board, dead, &h);
    hs_uint128 made[HS_HIT_MADE], flag[HS_HIT_FLAGS];
    for (int i = 0; i < HS_HIT_MADE; i++)
        made[i] = h.made[i];
    for (int i = 0; i < HS_HIT_FLAGS; i++)
        flag[i] = h.flag[i];
    cli_col cols[] = {{"", -36}, {" ", 8}, {"  ", 8}, {"  ", 0}};
    cli_table_init(&t, fp, csv, cols);
    if (csv) {
        static const char *const HEADER[] = {"kind", "category", "combos", "share", "share_exact"};
        cli_header(&t, HEADER, 5);
    } else {
        char total[64];
        fprintf(fp, "range: %s", name);
        print_known(fp, board, dead, 1);
        fprintf(fp,
                "combinations on the board: %s (weighted; those meeting the board or the dead "
                "cards left out)\n",
                weight_text(total, sizeof total, h.total));
        static const char *const HEADER[] = {"made hand", "combos", "share", "(exact)"};
        cli_header(&t, HEADER, 4);
    }
    hits_rows(&t, csv, made, flag, h.total, NULL, NULL, 1);
    return CLI_OK;
}

/* ---- hits over every board ---------------------------------------------------------------- */

static const char *const STREET_NAME[HS_STREETS] = {"flop", "turn", "river"};

typedef struct class_prefix {
    const hs_holdem_hits_class *c;
    int street;
} class_prefix;

static void class_cells(cli_table *t, const void *arg) {
    const class_prefix *p = arg;
    char name[4];
    hs_holdem_class_name(p->c->cls, name);
    cli_cell(t, name);
    cell_weight(t, p->c->weight);
    cli_cell(t, STREET_NAME[p->street]);
}

static void hits_all_write(FILE *fp, const hs_holdem_hits_class *cls, int n, unsigned streets,
                           int csv, const char *name, uint64_t dead) {
    cli_table t;
    if (csv) {
        static const char *const HEADER[] = {"class", "combos", "street", "kind",       "category",
                                             "hits",  "boards", "share",  "share_exact"};
        cli_table_init(&t, fp, 1, NULL);
        cli_header(&t, HEADER, 9);
        for (int i = 0; i < n; i++)
            for (int s = 0; s < HS_STREETS; s++) {
                if (!(streets & (1u << s)))
                    continue;
                const hs_holdem_hits *h = &cls[i].street[s];
                hs_uint128 made[HS_HIT_MADE], flag[HS_HIT_FLAGS];
                for (int k = 0; k < HS_HIT_MADE; k++)
                    made[k] = h->made[k];
                for (int k = 0; k < HS_HIT_FLAGS; k++)
                    flag[k] = h->flag[k];
                class_prefix p = {&cls[i], s};
                /* hits and boards as weighted pairs: the boards column after the hits */
                for (int kind = 0; kind < 2; kind++) {
                    const int m = kind == 0 ? HS_HIT_MADE : HS_HIT_FLAGS;
                    for (int k = 0; k < m; k++) {
                        const hs_uint128 v = kind == 0 ? made[k] : flag[k];
                        class_cells(&t, &p);
                        cli_cell(&t, kind == 0 ? "made" : "flag");
                        cli_cell(&t,
                                 kind == 0 ? hs_holdem_hit_name(k) : hs_holdem_hit_flag_name(k));
                        cell_weight(&t, v);
                        cell_weight(&t, h->total);
                        cells_share(&t, v, h->total, 1);
                        cli_row_end(&t);
                    }
                }
            }
        return;
    }
    /* text: the whole range's shares per street */
    hs_uint128 weight = 0;
    int combos = 0;
    for (int i = 0; i < n; i++) {
        weight += cls[i].weight;
        combos += cls[i].combos;
    }
    char wtext[64];
    fprintf(fp, "range: %s (%d combinations, %s weighted)", name, combos,
            weight_text(wtext, sizeof wtext, weight));
    print_known(fp, 0, dead, 0);
    for (int s = 0; s < HS_STREETS; s++) {
        if (!(streets & (1u << s)))
            continue;
        hs_uint128 made[HS_HIT_MADE] = {0}, flag[HS_HIT_FLAGS] = {0}, total = 0;
        for (int i = 0; i < n; i++) {
            const hs_holdem_hits *h = &cls[i].street[s];
            total += h->total;
            for (int k = 0; k < HS_HIT_MADE; k++)
                made[k] += h->made[k];
            for (int k = 0; k < HS_HIT_FLAGS; k++)
                flag[k] += h->flag[k];
        }
        char ttext[64];
        fprintf(fp,
                "\n%s: every %s board of the cards each combination leaves: %s weighted "
                "(combination, board) pairs\n",
                STREET_NAME[s], STREET_NAME[s], weight_text(ttext, sizeof ttext, total));
        cli_col cols[] = {{"", -36}, {" ", 14}, {"  ", 8}, {"  ", 0}};
        cli_table_init(&t, fp, 0, cols);
        static const char *const HEADER[] = {"made hand", "pairs", "share", "(exact)"};
        cli_header(&t, HEADER, 4);
        hits_rows(&t, 0, made, flag, total, NULL, NULL, 1);
    }
}

/* A job estimated to take longer (seconds of one thread) keeps a checkpoint. */
#define LONG_SECONDS 10.0
/* Measured costs: one combination categorized on one board, one combination ranked and swept on
 * one board of the equity distribution (Intel Xeon, one thread). */
#define HIT_SECONDS 130e-9
#define DIST_SECONDS 20e-9

/* Run a job: with a checkpoint when asked for or long, else plainly. *keep tells which, for
 * cli_job_finish. */
static int run_job(cli_job *j, hs_job *job, const char *label, const char *ckpt_arg, int resume,
                   int threads, double seconds, const char *path, const char *fallback,
                   const char *const *names, const char *const *files, int n, int *keep) {
    *keep = ckpt_arg != NULL || resume || seconds > LONG_SECONDS;
    if (!*keep)
        return cli_job_run_plain(job, label, threads);
    int status =
        cli_job_prepare(j, label, ckpt_arg, path, fallback, resume, threads, names, files, n);
    if (status != CLI_OK) {
        *keep = 0;
        return status;
    }
    status = cli_job_attach(j, job);
    if (status == CLI_OK)
        status = cli_job_run(j);
    return status;
}

static int holdem_hits(int argc, char **argv) {
    int csv = 0, by_combo = 0, flops = 0, turns = 0, rivers = 0, threads = 0, resume = 0, n_pos;
    const char *board_arg = NULL, *dead_arg = NULL, *path = NULL, *ckpt_arg = NULL;
    const cli_opt opts[] = {{"--board", NULL, CLI_OPT_VALUE, &board_arg},
                            {"--dead", NULL, CLI_OPT_VALUE, &dead_arg},
                            {"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {"--by-combo", NULL, CLI_OPT_FLAG, &by_combo},
                            {"--flops", NULL, CLI_OPT_FLAG, &flops},
                            {"--turns", NULL, CLI_OPT_FLAG, &turns},
                            {"--rivers", NULL, CLI_OPT_FLAG, &rivers},
                            {"-o", NULL, CLI_OPT_VALUE, &path},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, HITS_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    const unsigned streets = (flops ? HS_STREET_FLOP : 0u) | (turns ? HS_STREET_TURN : 0u) |
                             (rivers ? HS_STREET_RIVER : 0u);
    if (n_pos != 1) {
        cli_error("expected one RANGE, got %d (see --help)", n_pos);
        return CLI_EXIT_USAGE;
    }
    if (streets != 0 && board_arg != NULL) {
        cli_error("--flops, --turns and --rivers count every board: they take no --board");
        return CLI_EXIT_USAGE;
    }
    if (streets == 0 && board_arg == NULL) {
        cli_error("give --board CARDS (a flop, turn or river), or --flops, --turns or --rivers "
                  "for every board (see --help)");
        return CLI_EXIT_USAGE;
    }
    if (by_combo && streets != 0) {
        cli_error("--by-combo lists the combinations on one --board");
        return CLI_EXIT_USAGE;
    }
    if (streets == 0 && (ckpt_arg != NULL || resume)) {
        cli_error("--checkpoint and --resume are for --flops, --turns and --rivers");
        return CLI_EXIT_USAGE;
    }
    uint64_t board, dead;
    int status = known_cards(board_arg, 3, 5, dead_arg, &board, &dead);
    if (status != CLI_OK)
        return status;
    hs_holdem_range *range = malloc(sizeof *range);
    char *name = malloc(HS_HOLDEM_RANGE_TEXT);
    hs_holdem_hits_class *cls = malloc(HS_HOLDEM_CLASSES * sizeof *cls);
    hs_job *job = NULL;
    cli_outs outs = {.n = 0};
    cli_job j;
    memset(&j, 0, sizeof j);
    int keep = 0;
    if (range == NULL || name == NULL || cls == NULL) {
        cli_error("out of memory");
        status = CLI_EXIT_IO;
        goto done;
    }
    if (live_range("range", argv[1], board | dead, range, name, HS_HOLDEM_RANGE_TEXT) != 0) {
        status = CLI_EXIT_DATA;
        goto done;
    }
    cli_out *out = cli_outs_add(&outs, "-o", path);
    if (path != NULL && strcmp(path, "-") != 0)
        csv = 1; /* a file gets the CSV table */
    status = cli_outs_open(&outs);
    if (status != CLI_OK)
        goto done;
    if (streets == 0) {
        status = hits_board(out->fp, range, name, board, dead, csv, by_combo);
    } else {
        rc = hs_holdem_hits_job_new(range, dead, streets, &job);
        if (rc != HS_OK) {
            cli_error("%s", rc == HS_ERR_NOMEM ? "out of memory" : hs_strerror(rc));
            status = rc == HS_ERR_NOMEM ? CLI_EXIT_IO : CLI_EXIT_DATA;
            goto done;
        }
        double per_unit = 0;
        const int left = HS_CARDS - 2 - hs_hand_size(dead);
        for (int s = 0; s < HS_STREETS; s++)
            if (streets & (1u << s))
                per_unit += (double)left * (left - 1) * (left - 2) / 6 *
                            (s >= 1 ? (left - 3) / 4.0 : 1) * (s >= 2 ? (left - 4) / 5.0 : 1);
        const char *const names[1] = {"-o"};
        const char *const files[1] = {path};
        status = run_job(&j, job, "holdem hits", ckpt_arg, resume, threads,
                         per_unit * (double)hs_job_units(job) * HIT_SECONDS, path,
                         "holdem_hits.ckpt", names, files, 1, &keep);
        if (status == CLI_OK) {
            int n = 0;
            hs_holdem_hits_job_result(job, cls, &n);
            hits_all_write(out->fp, cls, n, streets, csv, name, dead);
        }
    }
    if (status == CLI_OK)
        status = cli_outs_commit(&outs);
done:
    cli_outs_abort(&outs);
    if (keep)
        cli_job_finish(&j, status);
    hs_job_free(job);
    free(range);
    free(name);
    free(cls);
    return status;
}

/* ---- the equity distribution ----------------------------------------------------------- */

/* The equity of an entry as an exact fraction's parts: (2 wins + ties) / (2 deals). */
static hs_uint128 eq_num(const hs_holdem_dist_combo *d) {
    return (hs_uint128)2 * d->wins + d->ties;
}
static hs_uint128 eq_den(const hs_holdem_dist_combo *d) {
    return (hs_uint128)2 * d->deals;
}

/* The equity graph: the combinations best first along x (by weight), equity up. */
static void write_svg(FILE *fp, const hs_holdem_dist_combo *d, size_t n, const char *hero,
                      const char *villain, uint64_t board, double mean) {
    const double W = 720, H = 440, x0 = 64, y0 = 44, pw = 620, ph = 330;
    char btext[3 * HS_CARDS + 1];
    hs_hand_format(board, btext, sizeof btext);
    fprintf(fp,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            W, H, W, H);
    /* the ranges' canonical text holds no markup characters, but cut them short */
    fprintf(fp,
            "<text x=\"%.0f\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">Equity of "
            "%.60s against %.60s%s%s</text>\n",
            W / 2, hero, villain, board ? " on " : " preflop", board ? btext : "");
    for (int i = 0; i <= 4; i++) {
        const double gy = y0 + ph - ph * i / 4.0, gx = x0 + pw * i / 4.0;
        fprintf(fp,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n",
                x0, gy, x0 + pw, gy, x0 - 6, gy + 4, 25 * i);
        fprintf(fp,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%d%%</text>\n",
                gx, y0, gx, y0 + ph, gx, y0 + ph + 16, 25 * i);
    }
    fprintf(fp,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
            "stroke=\"#444\"/>\n",
            x0, y0, pw, ph);
    fprintf(fp,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">share of the range's "
            "combinations, the best first</text>\n"
            "<text x=\"16\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 16 %.1f)\">"
            "equity</text>\n",
            x0 + pw / 2, y0 + ph + 36, y0 + ph / 2, y0 + ph / 2);
    hs_uint128 total = 0, run = 0;
    for (size_t i = 0; i < n; i++)
        total += (hs_uint128)d[i].weight;
    fprintf(fp, "<polyline fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"1.6\" points=\"");
    for (size_t i = 0; i < n; i++) {
        const double e = cli_ratio_u128(eq_num(&d[i]), eq_den(&d[i]));
        const double xa = x0 + pw * cli_ratio_u128(run, total);
        run += (hs_uint128)d[i].weight;
        const double xb = x0 + pw * cli_ratio_u128(run, total), y = y0 + ph - ph * e;
        fprintf(fp, "%.2f,%.2f %.2f,%.2f ", xa, y, xb, y);
    }
    fprintf(fp, "\"/>\n");
    const double my = y0 + ph - ph * mean;
    fprintf(fp,
            "<line x1=\"%.1f\" y1=\"%.2f\" x2=\"%.1f\" y2=\"%.2f\" stroke=\"#c0392b\" "
            "stroke-dasharray=\"6 4\"/>\n"
            "<text x=\"%.1f\" y=\"%.2f\" text-anchor=\"end\" fill=\"#c0392b\">range equity "
            "%.2f%%</text>\n</svg>\n",
            x0, my, x0 + pw, my, x0 + pw - 4, my - 5, 100 * mean);
}

static int holdem_equity_dist(int argc, char **argv) {
    int csv = 0, threads = 0, resume = 0, n_pos;
    const char *board_arg = NULL, *dead_arg = NULL, *path = NULL, *svg = NULL, *bins_arg = NULL,
               *ckpt_arg = NULL;
    const cli_opt opts[] = {{"--board", NULL, CLI_OPT_VALUE, &board_arg},
                            {"--dead", NULL, CLI_OPT_VALUE, &dead_arg},
                            {"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {"-o", NULL, CLI_OPT_VALUE, &path},
                            {"--svg", NULL, CLI_OPT_VALUE, &svg},
                            {"--bins", NULL, CLI_OPT_VALUE, &bins_arg},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, DIST_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (n_pos != 2) {
        cli_error("expected two ranges (the hero's, then the villain's), got %d (see --help)",
                  n_pos);
        return CLI_EXIT_USAGE;
    }
    int bins = 0;
    if (bins_arg != NULL) {
        char *end;
        long v = strtol(bins_arg, &end, 10);
        if (*bins_arg < '0' || *bins_arg > '9' || *end != '\0' || v < 1 || v > 1000) {
            cli_error("--bins: '%s' is not a whole number from 1 to 1000",
                      cli_token(bins_arg, strlen(bins_arg)));
            return CLI_EXIT_USAGE;
        }
        bins = (int)v;
    }
    if (svg != NULL && strcmp(svg, "-") == 0) {
        cli_error("--svg takes a file name, not '-'");
        return CLI_EXIT_USAGE;
    }
    uint64_t board, dead;
    int status = known_cards(board_arg, 0, 5, dead_arg, &board, &dead);
    if (status != CLI_OK)
        return status;
    hs_holdem_range *range = malloc(2 * sizeof *range);
    char(*name)[HS_HOLDEM_RANGE_TEXT] = malloc(2 * sizeof *name);
    hs_holdem_dist_combo *d = malloc(HS_HOLDEM_COMBOS * sizeof *d);
    hs_job *job = NULL;
    cli_outs outs = {.n = 0};
    cli_job j;
    memset(&j, 0, sizeof j);
    int keep = 0;
    if (range == NULL || name == NULL || d == NULL) {
        cli_error("out of memory");
        status = CLI_EXIT_IO;
        goto done;
    }
    if (live_range("hand 1", argv[1], board | dead, &range[0], name[0], sizeof name[0]) != 0 ||
        live_range("hand 2", argv[2], board | dead, &range[1], name[1], sizeof name[1]) != 0) {
        status = CLI_EXIT_DATA;
        goto done;
    }
    cli_out *out = cli_outs_add(&outs, "-o", path);
    cli_out *svg_out = svg != NULL ? cli_outs_add(&outs, "--svg", svg) : NULL;
    if (path != NULL && strcmp(path, "-") != 0)
        csv = 1;
    status = cli_outs_open(&outs);
    if (status != CLI_OK)
        goto done;
    rc = hs_holdem_equity_dist_job_new(&range[0], &range[1], board, dead, &job);
    if (rc == HS_ERR_COUNT) {
        cli_error("no deal is possible: every combination of '%s' shares a card with every "
                  "combination of '%s'",
                  cli_token(name[0], strlen(name[0])), cli_token(name[1], strlen(name[1])));
        status = CLI_EXIT_DATA;
        goto done;
    }
    if (rc != HS_OK) {
        cli_error("%s", rc == HS_ERR_NOMEM ? "out of memory" : hs_strerror(rc));
        status = rc == HS_ERR_NOMEM ? CLI_EXIT_IO : CLI_EXIT_DATA;
        goto done;
    }
    {
        const char *const names[2] = {"-o", "--svg"};
        const char *const files[2] = {path, svg};
        const double seconds = (double)hs_holdem_equity_dist_boards(job) *
                               (double)(range[0].n + range[1].n) * DIST_SECONDS;
        status = run_job(&j, job, "holdem equity-dist", ckpt_arg, resume, threads, seconds, path,
                         "holdem_equity_dist.ckpt", names, files, svg ? 2 : 1, &keep);
    }
    if (status != CLI_OK)
        goto done;
    const size_t n = hs_holdem_equity_dist_result(job, d);
    hs_uint128 mnum = 0, mden = 0, wsum = 0;
    for (size_t i = 0; i < n; i++) {
        mnum += (hs_uint128)d[i].weight * eq_num(&d[i]);
        mden += (hs_uint128)d[i].weight * eq_den(&d[i]);
        wsum += (hs_uint128)d[i].weight;
    }
    FILE *fp = out->fp;
    cli_table t;
    if (!csv) {
        char wtext[64];
        fprintf(fp, "hero: %s   villain: %s", name[0], name[1]);
        print_known(fp, board, dead, 1);
        fprintf(fp,
                "%zu hero combinations (%s weighted); boards solved: %zu (suit symmetry: %d "
                "permutation%s)\n",
                n, weight_text(wtext, sizeof wtext, wsum), hs_holdem_equity_dist_boards(job),
                hs_holdem_equity_dist_symmetry(job),
                hs_holdem_equity_dist_symmetry(job) == 1 ? "" : "s");
        cli_table ft;
        fprintf(fp, "the range's equity: %.6f = ", cli_ratio_u128(mnum, mden));
        cli_table_init(&ft, fp, 1, NULL);
        cli_cell_fraction_u128(&ft, mnum, mden);
        fprintf(fp, "\n");
    }
    if (bins > 0) {
        static const char *const HEADER[] = {"bin", "low", "high", "combos", "share"};
        cli_col cols[] = {{"", 4}, {" ", 8}, {" ", 8}, {" ", 12}, {" ", 0}};
        cli_table_init(&t, fp, csv, cols);
        cli_header(&t, HEADER, 5);
        hs_uint128 *in = calloc((size_t)bins, sizeof *in);
        if (in == NULL) {
            cli_error("out of memory");
            status = CLI_EXIT_IO;
            goto done;
        }
        for (size_t i = 0; i < n; i++) {
            hs_uint128 b = eq_num(&d[i]) * (hs_uint128)bins / eq_den(&d[i]);
            in[b >= (hs_uint128)bins ? (size_t)bins - 1 : (size_t)b] += (hs_uint128)d[i].weight;
        }
        for (int b = 0; b < bins; b++) {
            cli_cell_int(&t, b + 1);
            cli_cell_fixed(&t, (double)b / bins, 6);
            cli_cell_fixed(&t, (double)(b + 1) / bins, 6);
            cell_weight(&t, in[b]);
            cli_cell_ratio(&t, cli_ratio_u128(in[b], wsum));
            cli_row_end(&t);
        }
        free(in);
    } else {
        static const char *const HEADER[] = {"combo",        "class",     "weight", "deals",
                                             "wins",         "ties",      "losses", "equity",
                                             "equity_exact", "cumulative"};
        cli_col cols[] = {{"", -6},  {" ", -4}, {" ", 6},   {" ", 12},  {" ", 12},
                          {" ", 10}, {" ", 12}, {"  ", -9}, {" ", -22}, {" ", 0}};
        cli_table_init(&t, fp, csv, cols);
        cli_header(&t, HEADER, 10);
        hs_uint128 run = 0;
        for (size_t i = 0; i < n; i++) {
            char text[8], cls[4];
            combo_text(text, d[i].combo);
            hs_holdem_class_name(d[i].cls, cls);
            run += (hs_uint128)d[i].weight;
            cli_cell(&t, text);
            cli_cell(&t, cls);
            cli_cell_int(&t, d[i].weight);
            cli_cell_u64(&t, d[i].deals);
            cli_cell_u64(&t, d[i].wins);
            cli_cell_u64(&t, d[i].ties);
            cli_cell_u64(&t, d[i].losses);
            const double e = cli_ratio_u128(eq_num(&d[i]), eq_den(&d[i]));
            if (csv)
                cli_cell_ratio(&t, e);
            else
                cli_cell_fixed(&t, e, 6);
            cli_cell_fraction_u128(&t, eq_num(&d[i]), eq_den(&d[i]));
            if (csv)
                cli_cell_ratio(&t, cli_ratio_u128(run, wsum));
            else
                cli_cell_fixed(&t, cli_ratio_u128(run, wsum), 4);
            cli_row_end(&t);
        }
    }
    if (svg_out != NULL)
        write_svg(svg_out->fp, d, n, name[0], name[1], board, cli_ratio_u128(mnum, mden));
    status = cli_outs_commit(&outs);
done:
    cli_outs_abort(&outs);
    if (keep)
        cli_job_finish(&j, status);
    hs_job_free(job);
    free(range);
    free(name);
    free(d);
    return status;
}

int cli_holdem_hits(int argc, char **argv) {
    return holdem_hits(argc, argv);
}

int cli_holdem_equity_dist(int argc, char **argv) {
    return holdem_equity_dist(argc, argv);
}
