/* handstat crib peg: the double-dummy play of two known hands, card by card. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

static const char PEG_USAGE[] =
    "usage: handstat crib peg PONE_HAND -- DEALER_HAND [--csv]\n"
    "\n"
    "The play (pegging) of two known four-card hands with both players playing perfectly\n"
    "(\"double dummy\"): the pone leads; each lays a card in turn, the count never passing 31;\n"
    "15 and 31 score 2, pairs 2 / 6 / 12, a run of k cards k; a player who cannot lay says go,\n"
    "the other lays on, and the last to lay scores 1 (not after 31); the count then starts again,\n"
    "the other player leading; the last card of all scores 1 unless it made 31. The pone plays\n"
    "for the most pone points minus dealer points, the dealer for the fewest. Prints an optimal\n"
    "line card by card with the count and each score as it happens (of equally good cards the\n"
    "lowest is laid), then both players' points and the differential pone - dealer, the value of\n"
    "the hands. Only ranks matter.\n"
    "\n"
    "  --csv    pone,dealer,pone_points,dealer_points,differential,line\n"
    "\n" CLI_COMMON_HELP "\n"
    "exit status: 0 solved, 1 a hand was not valid, 2 bad command line,\n"
    "             3 cannot write standard output\n";

/* The line event by event, as the "crib peg-line" table gives it. */
static void print_line(const hs_table *t) {
    printf("pone    %s   (leads)\ndealer  %s\nan optimal line, both playing perfectly:\n",
           hs_table_note(t, "pone"), hs_table_note(t, "dealer"));
    for (size_t e = 0; e < hs_table_rows(t); e++) {
        const char *points = hs_table_cell(t, e, 3), *why = hs_table_cell(t, e, 4);
        printf("  %-7s %-3s count %2s", hs_table_cell(t, e, 0), hs_table_cell(t, e, 1),
               hs_table_cell(t, e, 2));
        if (*why != '\0')
            printf("  %2s  %s", points, why);
        putchar('\n');
    }
    printf("pone %s, dealer %s: differential (pone - dealer) %s%s\n",
           hs_table_note(t, "pone_points"), hs_table_note(t, "dealer_points"),
           hs_table_note(t, "differential")[0] == '-' ? "" : "+", hs_table_note(t, "differential"));
}

static int crib_peg(int argc, char **argv) {
    int csv = 0, n_pos;
    const cli_opt opts[] = {{"--csv", NULL, CLI_OPT_FLAG, &csv}, {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, PEG_USAGE, CLI_OPTS_KEEP_DASHDASH, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    char *text[2];
    size_t len[2];
    rc = cli_split_sides(argv, n_pos, "the pone's and the dealer's hands", text, len);
    if (rc != CLI_OK)
        return rc;
    int status;
    hs_request *r = cli_request_new(csv ? "crib peg" : "crib peg-line", text, 2, &status);
    free(text[0]);
    free(text[1]);
    if (r == NULL)
        return status;
    hs_table *t = NULL;
    char msg[HS_REQUEST_MESSAGE];
    rc = hs_request_run(r, 1, NULL, NULL, &t, msg, sizeof msg);
    if (rc != HS_OK)
        status = cli_request_status(rc, msg);
    else if (csv)
        cli_request_csv(stdout, t);
    else
        print_line(t);
    hs_table_free(t);
    hs_request_free(r);
    return status;
}

int cli_crib_peg_main(int argc, char **argv) {
    return crib_peg(argc, argv);
}
