/* handstat holdem range: one range read in any notation and written back normalised in the one
 * asked for, with its combinations counted (a shell over the registry's "holdem range"). */
#include "cli.h"

#include "handstat/handstat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char RANGE_USAGE[] =
    "usage: handstat holdem range RANGE [--to handstat|pio|equilab] [--board CARDS]\n"
    "                             [--dead CARDS] [--csv]\n"
    "\n"
    "Read a hold'em range in any notation and write it back normalised: the classes in grid\n"
    "order (AA, AKs, .. AKo, KK, ..), a class whole when the range holds all its combinations at\n"
    "one weight, else combination by combination, weights exact (to 0.01%). Then the number of\n"
    "combinations, weighted, and what the board and dead cards leave of them. Every RANGE\n"
    "argument of every command reads the same notations:\n"
    "  AKs@50 AKs@12.5        weight in percent (handstat; 0.01 at the finest)\n"
    "  AKs:0.5 AhKh:0.125     weight as a fraction (PioSOLVER, GTO+, GTO Wizard; 0.0001)\n"
    "  [50]AKs,AQs[/50]       a bracket weighting every item inside (Equilab, GTO+; [50.0] too)\n"
    "  AKs{hs} 22+{!s} AhK    suits: only hearts and spades; no spade; the Ah with any king\n"
    "  suited offsuit pairs   every suited, offsuit, paired combination\n"
    "  A and B, A minus B     combinations in both (the smaller weight); A's not in B\n"
    "Several arguments are joined with blanks: holdem range QQ+,AK minus AKo.\n"
    "\n"
    "  --to NOTATION   handstat (AKs@50, the default), pio (AKs:0.5) or equilab ([50]AKs[/50])\n"
    "  --board CARDS   0 to 5 board cards: counted out of the live combinations\n"
    "  --dead CARDS    cards out of play: counted out of the live combinations\n"
    "  --csv           CSV: notation,range,combos,weighted,live_combos,live_weighted\n"
    "  -h, --help      this help\n"
    "\n"
    "Example: handstat holdem range 'QQ+,AKs:0.5,[25]AQs,AJs[/25]' --to pio\n";

int cli_holdem_range(int argc, char **argv) {
    int csv = 0, n_pos;
    const char *to = NULL, *board_arg = NULL, *dead_arg = NULL;
    const cli_opt opts[] = {{"--to", NULL, CLI_OPT_VALUE, &to},
                            {"--board", NULL, CLI_OPT_VALUE, &board_arg},
                            {"--dead", NULL, CLI_OPT_VALUE, &dead_arg},
                            {"--csv", NULL, CLI_OPT_FLAG, &csv},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    int rc = cli_parse_options(argc, argv, opts, RANGE_USAGE, 0, &n_pos);
    if (rc != CLI_OK)
        return cli_options_status(rc);
    if (n_pos < 1) {
        cli_error("expected one RANGE (see --help)");
        return CLI_EXIT_USAGE;
    }
    size_t len;
    char *text = cli_join_args(argv, 1, 1 + n_pos, 0, &len);
    if (text == NULL)
        return CLI_EXIT_IO;
    int status;
    hs_request *r = cli_request_new("holdem range", &text, 1, &status);
    free(text);
    if (r == NULL)
        return status;
    const char *const keys[] = {"to", "board", "dead"};
    const char *const values[] = {to, board_arg, dead_arg};
    if (cli_request_opts(r, keys, values, 3) != 0)
        status = CLI_EXIT_DATA;
    hs_table *t = NULL;
    char msg[HS_REQUEST_MESSAGE];
    if (status == CLI_OK && (rc = hs_request_run(r, 1, NULL, NULL, &t, msg, sizeof msg)) != HS_OK)
        status = cli_request_status(rc, msg);
    if (status == CLI_OK && csv) {
        cli_request_csv(stdout, t);
    } else if (status == CLI_OK) {
        printf("%s\n", hs_table_cell(t, 0, 1));
        printf("combinations: %s (%s weighted)\n", hs_table_cell(t, 0, 2), hs_table_cell(t, 0, 3));
        if (board_arg != NULL || dead_arg != NULL)
            printf("left by the board and dead cards: %s (%s weighted)\n", hs_table_cell(t, 0, 4),
                   hs_table_cell(t, 0, 5));
    }
    hs_table_free(t);
    hs_request_free(r);
    return status;
}
