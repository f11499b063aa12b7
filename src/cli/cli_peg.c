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

/* Why a card scored: from the count and the sequence (the scores as the rules name them). */
static void describe_points(char *buf, size_t cap, const int *seq, int len, int count, int points) {
    int rest = points, same = 1;
    size_t n = 0;
    buf[0] = '\0';
    if (count == 15 || count == 31) {
        n += (size_t)snprintf(buf + n, cap - n, "%s 2", count == 15 ? "fifteen" : "thirty-one");
        rest -= 2;
    }
    while (same < len && seq[len - 1 - same] == seq[len - 1])
        same++;
    static const char *const PAIRS[5] = {"", "", "pair 2", "pair royal 6", "double pair royal 12"};
    static const int PAIR_POINTS[5] = {0, 0, 2, 6, 12};
    if (same >= 2) {
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? ", " : "", PAIRS[same]);
        rest -= PAIR_POINTS[same];
    }
    if (rest > 0)
        snprintf(buf + n, cap - n, "%srun of %d", n ? ", " : "", rest);
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
    int cards[2][4], n = 0;
    static const char *const WHO[2] = {"pone", "dealer"};
    for (int q = 0; q < 2 && n >= 0; q++)
        n = cli_parse_cards(text[q], len[q], 0, WHO[q], 4, 4, "4 cards", cards[q]);
    free(text[0]);
    free(text[1]);
    if (n < 0)
        return CLI_EXIT_DATA;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (cards[0][i] == cards[1][j]) {
                char name[3];
                hs_card_format(cards[1][j], name);
                cli_error("dealer: %s is already in the pone's hand", name);
                return CLI_EXIT_DATA;
            }
    uint8_t ranks[2][4];
    for (int q = 0; q < 2; q++)
        for (int i = 0; i < 4; i++)
            ranks[q][i] = (uint8_t)hs_card_rank(cards[q][i]);
    hs_peg_position start = hs_peg_start(ranks[0], ranks[1]);
    hs_peg_event ev[HS_PEG_MAX_EVENTS];
    int pts[2];
    n = hs_peg_line(&start, ev, &pts[0], &pts[1]);
    /* The line's cards: of each rank, the player's cards in the order given. */
    int laid[2][4] = {{0}}, line_cards[HS_PEG_MAX_EVENTS];
    for (int e = 0; e < n; e++) {
        line_cards[e] = -1;
        if (ev[e].rank < 0)
            continue;
        const int q = ev[e].player;
        for (int i = 0; i < 4 && line_cards[e] < 0; i++)
            if (!laid[q][i] && hs_card_rank(cards[q][i]) == ev[e].rank) {
                laid[q][i] = 1;
                line_cards[e] = cards[q][i];
            }
    }
    if (csv) {
        static const char *const HEADER[] = {"pone",          "dealer",       "pone_points",
                                             "dealer_points", "differential", "line"};
        cli_table t;
        cli_table_init(&t, stdout, 1, NULL);
        cli_header(&t, HEADER, 6);
        cli_cell_cards(&t, cards[0], 4);
        cli_cell_cards(&t, cards[1], 4);
        cli_cell_int(&t, pts[0]);
        cli_cell_int(&t, pts[1]);
        cli_cell_int(&t, pts[0] - pts[1]);
        char line[HS_PEG_MAX_EVENTS * 4 + 1];
        size_t k = 0;
        for (int e = 0; e < n; e++) {
            char name[3] = "go";
            if (line_cards[e] >= 0)
                hs_card_format(line_cards[e], name);
            k += (size_t)snprintf(line + k, sizeof line - k, "%s%s", e ? " " : "", name);
        }
        cli_cell(&t, line);
        cli_row_end(&t);
        return CLI_OK;
    }
    printf("pone   ");
    for (int i = 0; i < 4; i++) {
        char name[3];
        hs_card_format(cards[0][i], name);
        printf(" %s", name);
    }
    printf("   (leads)\ndealer ");
    for (int i = 0; i < 4; i++) {
        char name[3];
        hs_card_format(cards[1][i], name);
        printf(" %s", name);
    }
    printf("\nan optimal line, both playing perfectly:\n");
    int seq[8], seq_len = 0, remaining = 8;
    for (int e = 0; e < n; e++) {
        const hs_peg_event *x = &ev[e];
        char why[64] = "";
        if (x->rank < 0) {
            snprintf(why, sizeof why, "%s", remaining == 0 ? "last card 1" : "go 1");
            printf("  %-7s %-3s count %2d  %2d  %s\n", WHO[x->player], "", x->count, x->points,
                   why);
            seq_len = 0;
            continue;
        }
        if (seq_len > 0 && x->count == (x->rank < 9 ? x->rank + 1 : 10))
            seq_len = 0; /* after 31 the count started again */
        seq[seq_len++] = x->rank;
        remaining--;
        describe_points(why, sizeof why, seq, seq_len, x->count, x->points);
        char name[3];
        hs_card_format(line_cards[e], name);
        if (x->points > 0)
            printf("  %-7s %-3s count %2d  %2d  %s\n", WHO[x->player], name, x->count, x->points,
                   why);
        else
            printf("  %-7s %-3s count %2d\n", WHO[x->player], name, x->count);
    }
    printf("pone %d, dealer %d: differential (pone - dealer) %+d\n", pts[0], pts[1],
           pts[0] - pts[1]);
    return CLI_OK;
}

int cli_crib_peg_main(int argc, char **argv) {
    return crib_peg(argc, argv);
}
