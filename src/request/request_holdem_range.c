/* The request adapter of `holdem range`: one range read in any notation (handstat's @W, the
 * fractions of PioSOLVER and GTO+, Equilab's brackets, suit filters, "and" and "minus"), written
 * back normalised in the notation asked for, with its combinations counted (weighted, and what
 * the board and the dead cards leave). */
#include "request_internal.h"

#include "handstat/handstat.h"

#include <stdlib.h>
#include <string.h>

static const char *const STYLE_NAME[] = {"handstat", "pio", "equilab"};

static int run_holdem_range(const hs_request *r, hs_req_ctx *x) {
    const char *text[2];
    const int n = hs_req_hands(r, text, 2);
    if (n != 1)
        return hs_req_fail(x, HS_ERR_ARG, "expected one RANGE, got %d", n);
    const char *to = hs_req_get(r, "to");
    int style = HS_RANGE_HANDSTAT;
    if (to != NULL) {
        style = -1;
        for (int s = 0; s < 3; s++)
            if (strcmp(to, STYLE_NAME[s]) == 0)
                style = s;
        if (style < 0) {
            char tok[200];
            return hs_req_fail(x, HS_ERR_ARG, "to: '%s' is not handstat, pio or equilab",
                               hs_text_token(tok, to, strlen(to)));
        }
    }
    uint64_t board, dead;
    int rc = hs_req_known(r, 0, 5, &board, &dead, x);
    if (rc != HS_OK)
        return rc;
    hs_holdem_range *range = malloc(sizeof *range);
    char *canon = malloc(HS_HOLDEM_RANGE_TEXT), *out = malloc(HS_HOLDEM_RANGE_TEXT);
    if (range == NULL || canon == NULL || out == NULL) {
        free(range);
        free(canon);
        free(out);
        return hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
    }
    rc = hs_req_range("hand", text[0], range, canon, HS_HOLDEM_RANGE_TEXT, x);
    hs_table *t = NULL;
    if (rc == HS_OK && x->phase == HS_REQ_START) {
        *x->job_out = NULL; /* answered at once */
    } else if (rc == HS_OK) {
        rc = hs_holdem_range_format(range, (hs_holdem_range_style)style, out, HS_HOLDEM_RANGE_TEXT);
        if (rc != HS_OK)
            rc = hs_req_lib_error(x, rc);
    }
    if (rc == HS_OK && x->phase != HS_REQ_START) {
        /* every count fits easily: at most 1326 combinations of weight 10000 */
        uint64_t weighted = 0, live = 0, live_weighted = 0;
        for (size_t i = 0; i < range->n; i++) {
            weighted += range->weight[i];
            if (!(range->combo[i] & (board | dead))) {
                live++;
                live_weighted += range->weight[i];
            }
        }
        static const char *const COLS[] = {"notation", "range",       "combos",
                                           "weighted", "live_combos", "live_weighted"};
        static const int KINDS[] = {HS_CELL_TEXT,    HS_CELL_TEXT, HS_CELL_INT,
                                    HS_CELL_DECIMAL, HS_CELL_INT,  HS_CELL_DECIMAL};
        t = hs_tbl_new(COLS, KINDS, 6);
        if (t != NULL) {
            hs_tbl_note(t, "input", "%s", canon);
            hs_req_known_notes(t, board, dead);
            hs_tbl_text(t, STYLE_NAME[style]);
            hs_tbl_text(t, out);
            hs_tbl_u128(t, (hs_uint128)range->n);
            hs_tbl_weight(t, weighted);
            hs_tbl_u128(t, (hs_uint128)live);
            hs_tbl_weight(t, live_weighted);
        }
    }
    free(range);
    free(canon);
    free(out);
    if (rc != HS_OK || x->phase == HS_REQ_START)
        return rc;
    return hs_req_answer(x, t);
}

static const hs_command_arg RANGE_ARGS[] = {
    {"hand", HS_ARG_RANGE, 1, 1, NULL, NULL,
     "one range in any notation: AKs@50, AKs:0.5, [50]AKs,AQs[/50], AKs{hs}, QQ+ minus KK"},
    {"to", HS_ARG_CHOICE, 0, 1, "handstat|pio|equilab", "handstat",
     "the notation to write: handstat (AKs@50), pio (AKs:0.5) or equilab ([50]AKs[/50])"},
    {"board", HS_ARG_BOARD, 0, 1, NULL, NULL, "0 to 5 board cards (counted out of the range)"},
    {"dead", HS_ARG_CARDS, 0, 1, NULL, NULL, "cards out of play (counted out of the range)"}};
static const char *const RANGE_EXAMPLE[] = {"hand", "QQ+,AKs:0.5,AQs@25", "to", "pio", NULL};
const hs_command_def hs_req_holdem_range = {
    {"holdem range", "Hold'em range text",
     "a range normalised and converted between notations (handstat, PioSOLVER/GTO+, Equilab), "
     "with its combinations counted, weighted and live",
     RANGE_ARGS, HS_REQ_N(RANGE_ARGS), RANGE_EXAMPLE, "holdem range QQ+,AKs:0.5,AQs@25 --to pio",
     0},
    run_holdem_range,
    NULL};
