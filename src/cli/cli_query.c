/* handstat query: the query language (handstat/query.h) through the request layer: one query
 * from the command line or a file, run as a job (threads, progress, Ctrl-C, checkpoints), or one
 * query per line of standard input. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

static const char USAGE[] =
    "usage: handstat query 'QUERY' [--samples N [--seed S]] [--csv] [-o FILE] [--threads N]\n"
    "                      [--checkpoint FILE] [--resume]\n"
    "       handstat query --file FILE [options]      (the file holds one query)\n"
    "       handstat query [options] < QUERIES        (one query per line)\n"
    "\n"
    "Any conditional question about hold'em or Omaha deals, in a language after PQL (the Poker\n"
    "Query Language), answered exactly by enumerating every deal:\n"
    "  select avg(riverEquity(hero)), count(flopHandCategory(hero) = flushDraw)\n"
    "  from game=holdem, hero=AKs, villain=QQ+, board=Kh7d2c where not pairedBoard(river)\n"
    "The from clause names the game (holdem, omahahi), the board, dead cards and the players\n"
    "(1 to 9, any names) with their ranges in any notation (villain=QQ+,AKs:0.5 bare: a comma\n"
    "ends a value only before the next name=; quote a value with other blanks), and folded\n"
    "players (hold'em: folded=RANGE, repeatable, up to 8: out of play, card removal).\n"
    "The aggregates are avg, count, histogram, max and min over functions of a deal:\n"
    "riverEquity, equity(P, street), winsHi, tiesHi, scoops, bestHiRating, handType, hiRating,\n"
    "winningHandType, handCategory, flopHandCategory, outs, outsToHandType, nutHi, inRange,\n"
    "boardSuitCount, pairedBoard, monotoneBoard, twoToneBoard, rainbowBoard, flushingBoard,\n"
    "straightBoard, turnSuit, riverSuit, turnRank, riverRank. The README's query section defines\n"
    "each, with twenty-two examples and their exact answers, and every difference from PQL.\n"
    "A query over more than 4e9 deals (its size is said) needs --samples for an estimate; one\n"
    "that is only equities, wins and ties with no where goes to the equity engine, unbounded.\n"
    "\n"
    "  --file FILE     read the query from FILE ('-': standard input)\n"
    "  --samples N     an ESTIMATE from N random deals, each figure with its standard error\n"
    "  --seed S        the random streams of --samples (default 1); the same N and S give the\n"
    "                  same numbers at any --threads\n"
    "  --csv           CSV: item,bucket,value,exact,count,std_error (one query per line of\n"
    "                  input: a line column first)\n"
    "  -o FILE         write the CSV table to FILE, whole or not at all\n" CLI_CHECKPOINT_HELP
    "  --threads N     worker threads, 1..1024 (default: one per core)\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 done, 1 a bad query (its line, column and token are named) or one too large\n"
    "             to count exactly, 2 bad command line, 3 file error, 130 interrupted\n";

typedef struct qopts {
    const char *samples, *seed;
    int csv, threads;
    int header_done;
} qopts;

/* The table as text: a head line, then each item's rows. */
static void print_text(FILE *fp, const hs_table *t) {
    const char *kind = hs_table_note(t, "kind");
    const int est = kind != NULL && strcmp(kind, "estimate") == 0;
    if (est)
        fprintf(fp, "estimate from %s random deals (seed %s), %s of them kept by where\n",
                hs_table_note(t, "samples"), hs_table_note(t, "seed"), hs_table_note(t, "deals"));
    else
        fprintf(fp, "exact over %s deals (%s), %s of them kept by where\n",
                hs_table_note(t, "total"), hs_table_note(t, "method"), hs_table_note(t, "deals"));
    const char *last = "";
    for (size_t r = 0; r < hs_table_rows(t); r++) {
        const char *item = hs_table_cell(t, r, 0), *bucket = hs_table_cell(t, r, 1);
        const char *value = hs_table_cell(t, r, 2), *exact = hs_table_cell(t, r, 3);
        const char *count = hs_table_cell(t, r, 4), *se = hs_table_cell(t, r, 5);
        if (*bucket != '\0' && strcmp(item, last) != 0)
            fprintf(fp, "%s\n", item);
        last = item;
        if (*bucket != '\0')
            fprintf(fp, "  %-18s", bucket);
        else
            fprintf(fp, "%-40s", item);
        if (*value == '\0')
            fprintf(fp, " (no deal)\n");
        else if (est)
            fprintf(fp, " %-14s +- %-12s (%s deals)\n", value, *se ? se : "-", count);
        else
            fprintf(fp, " %-14s = %-24s (%s deals)\n", value, exact, count);
    }
}

static hs_request *query_request(const char *text, const qopts *o, size_t line, int *status) {
    hs_request *r = cli_request_new("query", NULL, 0, status);
    if (r == NULL)
        return NULL;
    const char *const keys[] = {"query", "samples", "seed"};
    const char *const values[] = {text, o->samples, o->seed};
    for (int k = 0; k < 3; k++)
        if (values[k] != NULL && cli_request_add_at(r, keys[k], values[k], line) != 0) {
            hs_request_free(r);
            *status = CLI_EXIT_DATA;
            return NULL;
        }
    return r;
}

/* One query per line of input: each answered at once, a bad one named by its line. */
static int query_line(const char *text, size_t len, size_t line, void *ctx) {
    qopts *o = ctx;
    char *q = malloc(len + 1);
    if (q == NULL) {
        cli_error("out of memory");
        return CLI_EXIT_IO;
    }
    memcpy(q, text, len);
    q[len] = '\0';
    int status;
    hs_request *r = query_request(q, o, line, &status);
    free(q);
    if (r == NULL)
        return status;
    hs_table *t = NULL;
    char msg[HS_REQUEST_MESSAGE];
    int rc = hs_request_run(r, o->threads, NULL, NULL, &t, msg, sizeof msg);
    hs_request_free(r);
    if (rc != HS_OK)
        return cli_request_fail(rc, msg, line, 0);
    if (o->csv) {
        cli_table ct;
        cli_table_init(&ct, stdout, 1, NULL);
        cli_request_table_at(&ct, t, !o->header_done, line);
        o->header_done = 1;
    } else {
        printf("line %zu\n", line);
        print_text(stdout, t);
        printf("\n");
    }
    hs_table_free(t);
    return CLI_OK;
}

int cli_query_main(int argc, char **argv) {
    qopts o = {0};
    int resume = 0, n_pos;
    const char *file = NULL, *path = NULL, *ckpt_arg = NULL;
    const cli_opt opts[] = {{"--file", NULL, CLI_OPT_VALUE, &file},
                            {"--samples", NULL, CLI_OPT_VALUE, &o.samples},
                            {"--seed", NULL, CLI_OPT_VALUE, &o.seed},
                            {"--csv", NULL, CLI_OPT_FLAG, &o.csv},
                            {"-o", NULL, CLI_OPT_VALUE, &path},
                            {"--threads", NULL, CLI_OPT_THREADS, &o.threads},
                            {"--checkpoint", NULL, CLI_OPT_VALUE, &ckpt_arg},
                            {"--resume", NULL, CLI_OPT_FLAG, &resume},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (n_pos > 1) {
        cli_error("expected one QUERY argument (quote it), got %d", n_pos);
        return CLI_EXIT_USAGE;
    }
    if (n_pos == 1 && file != NULL) {
        cli_error("give the query as an argument or with --file, not both");
        return CLI_EXIT_USAGE;
    }
    if (n_pos == 0 && file == NULL) {
        if (path != NULL || ckpt_arg != NULL || resume) {
            cli_error("-o, --checkpoint and --resume are for one query (an argument or --file)");
            return CLI_EXIT_USAGE;
        }
        return cli_for_each_input_line(NULL, query_line, &o);
    }
    size_t len = 0;
    int status = CLI_OK;
    char *text = NULL;
    if (file != NULL) {
        text = cli_read_input(file, &len, &status);
        if (text == NULL)
            return status;
        if (cli_check_lines(text, len) != CLI_OK) { /* a NUL would end the query unseen */
            free(text);
            return CLI_EXIT_DATA;
        }
    }
    hs_request *r = query_request(file != NULL ? text : argv[1], &o, 0, &status);
    free(text);
    if (r == NULL)
        return status;
    cli_outs outs = {.n = 0};
    cli_out *out = cli_outs_add(&outs, "-o", path);
    if (path != NULL && strcmp(path, "-") != 0)
        o.csv = 1;
    const char *const names[1] = {"-o"};
    const char *const files[1] = {path};
    const cli_request_job jo = {.label = "query",
                                .fallback = "query.ckpt",
                                .ckpt_arg = ckpt_arg,
                                .resume = resume,
                                .threads = o.threads,
                                .outs = &outs,
                                .path = path,
                                .names = names,
                                .files = files,
                                .n_files = 1};
    hs_table *t = NULL;
    cli_job j;
    int keep = 0;
    status = cli_request_run(r, &jo, &t, &j, &keep);
    if (status == CLI_OK) {
        if (o.csv)
            cli_request_csv(out->fp, t);
        else
            print_text(out->fp, t);
        status = cli_outs_commit(&outs);
    }
    cli_outs_abort(&outs);
    cli_request_end(&j, keep, status);
    hs_table_free(t);
    hs_request_free(r);
    return status;
}
