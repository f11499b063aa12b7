/* The request layer's adapters of a hold'em range against another, cut by equity: holdem filter
 * (the part of a range whose combinations each reach an exact equity against the other range, or
 * its best P%) and holdem matrix (each class, or combination, of a range with its exact equity
 * against the other, as a table or a 13 x 13 SVG heat map), with their registry entries. Both
 * are answers of one equity-distribution job (handstat/holdem_board.h), summed and cut by the
 * library's functions of handstat/holdem_matrix.h. */
#include "request_internal.h"

#include "handstat/handstat.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the two ranges and their equity distribution ------------------------------------------ */

typedef struct vs_query {
    hs_holdem_range range[2]; /* the hero's ("hand"), the villain's ("vs") */
    char name[2][HS_HOLDEM_RANGE_TEXT];
    uint64_t board, dead;
    hs_holdem_dist_combo d[HS_HOLDEM_COMBOS];
    size_t nd;
} vs_query;

static const char *const SIDE[2] = {"hand", "vs"};

/* A range that keeps a combination off the known cards, into q->range[side]. */
static int side_range(const char *text, int side, vs_query *q, hs_req_ctx *x) {
    int rc =
        hs_req_range(SIDE[side], text, &q->range[side], q->name[side], HS_HOLDEM_RANGE_TEXT, x);
    if (rc != HS_OK)
        return rc;
    for (size_t i = 0; i < q->range[side].n; i++)
        if ((q->range[side].combo[i] & (q->board | q->dead)) == 0)
            return HS_OK;
    char tok[HS_TOKEN_TEXT];
    return hs_req_fail(x, HS_ERR_COUNT,
                       "%s: every combination of '%s' meets the board or the dead cards",
                       SIDE[side], hs_text_token(tok, q->name[side], strlen(q->name[side])));
}

/* Check the ranges and the known cards; in START make the equity-distribution job into
 * *x->job_out; in FINISH take the finished job (or make and run one here) and leave its
 * distribution in q->d[0..q->nd). */
static int vs_run(const hs_request *r, hs_req_ctx *x, vs_query *q) {
    const char *text[2];
    const int n = hs_req_hands(r, text, 1);
    if (n != 1)
        return hs_req_fail(x, HS_ERR_ARG, "expected one range (the hero's), got %d", n);
    const char *vs = hs_req_get(r, "vs");
    if (vs == NULL)
        return hs_req_fail(x, HS_ERR_ARG, "vs: the range to play against is missing");
    int rc = hs_req_known(r, 0, 5, &q->board, &q->dead, x);
    if (rc == HS_OK)
        rc = side_range(text[0], 0, q, x);
    if (rc == HS_OK)
        rc = side_range(vs, 1, q, x);
    if (rc != HS_OK || x->phase == HS_REQ_WORK)
        return rc;
    hs_job *own = NULL;
    const hs_job *job = x->job;
    if (x->phase == HS_REQ_START || job == NULL) {
        hs_job **slot = x->phase == HS_REQ_START ? x->job_out : &own;
        rc = hs_holdem_equity_dist_job_new(&q->range[0], &q->range[1], q->board, q->dead, slot);
        if (rc == HS_ERR_COUNT) {
            char t0[HS_TOKEN_TEXT], t1[HS_TOKEN_TEXT];
            return hs_req_fail(
                x, rc,
                "no deal is possible: every combination of '%s' shares a card with every "
                "combination of '%s'",
                hs_text_token(t0, q->name[0], strlen(q->name[0])),
                hs_text_token(t1, q->name[1], strlen(q->name[1])));
        }
        if (rc != HS_OK)
            return hs_req_lib_error(x, rc);
        if (x->phase == HS_REQ_START)
            return HS_OK;
        rc = hs_job_run(own, 0, hs_job_units(own),
                        &(hs_job_opts){x->threads, x->progress, x->progress_ctx, NULL, NULL, 0.0});
        if (rc != HS_OK) {
            hs_job_free(own);
            return hs_req_lib_error(x, rc);
        }
        job = own;
    }
    q->nd = hs_holdem_equity_dist_result(job, q->d);
    hs_job_free(own);
    return HS_OK;
}

/* The notes both commands answer: the ranges, the known cards. */
static void vs_notes(hs_table *t, const vs_query *q) {
    hs_tbl_note(t, "hero", "%s", q->name[0]);
    hs_tbl_note(t, "vs", "%s", q->name[1]);
    hs_req_known_notes(t, q->board, q->dead);
}

/* The counts and exact equity of a sum (deals, wins, ties, losses, equity, equity_exact). */
static void total_cells(hs_table *t, const hs_holdem_dist_total *s) {
    const hs_uint128 num = 2 * s->wins + s->ties, den = 2 * s->deals;
    hs_tbl_ratio(t, num, den);
    hs_tbl_fraction(t, num, den);
    hs_tbl_u128(t, s->deals);
    hs_tbl_u128(t, s->wins);
    hs_tbl_u128(t, s->ties);
    hs_tbl_u128(t, s->losses);
}

/* The rows of the by-combo tables: combo, class, weight, equity, equity_exact, deals, wins, ties,
 * losses (and what the caller adds). */
static void combo_cells(hs_table *t, const hs_holdem_dist_combo *c) {
    char combo[8], cls[4];
    hs_text_combo(combo, c->combo);
    hs_holdem_class_name(c->cls, cls);
    hs_tbl_text(t, combo);
    hs_tbl_text(t, cls);
    hs_req_weight_cell(t, (unsigned)c->weight);
    const hs_uint128 num = 2 * (hs_uint128)c->wins + c->ties, den = 2 * (hs_uint128)c->deals;
    hs_tbl_ratio(t, num, den);
    hs_tbl_fraction(t, num, den);
    hs_tbl_u128(t, c->deals);
    hs_tbl_u128(t, c->wins);
    hs_tbl_u128(t, c->ties);
    hs_tbl_u128(t, c->losses);
}

#define COMBO_COLS                                                                                 \
    "combo", "class", "weight", "equity", "equity_exact", "deals", "wins", "ties", "losses"
#define COMBO_KINDS                                                                                \
    HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION, HS_CELL_INT,       \
        HS_CELL_INT, HS_CELL_INT, HS_CELL_INT

/* The whole hero range's equity against the villain's as the notes "equity", "equity_exact". */
static void equity_notes(hs_table *t, const hs_holdem_dist_total *s) {
    char frac[128];
    const hs_uint128 num = 2 * s->wins + s->ties, den = 2 * s->deals;
    hs_text_fraction(frac, sizeof frac, num, den);
    hs_tbl_note(t, "equity", "%.12g", hs_tbl_ratio_value(num, den));
    hs_tbl_note(t, "equity_exact", "%s", frac);
}

/* Measured as equity-dist's: a combination ranked and swept on one board. */
#define DIST_SECONDS 20e-9

static double vs_seconds(const hs_request *r, const hs_job *job) {
    (void)r;
    return (double)hs_holdem_equity_dist_boards(job) * HS_HOLDEM_COMBOS * DIST_SECONDS;
}

/* ---- holdem filter -------------------------------------------------------------------------- */

/* An exact decimal of digits with at most max_places after the point (no sign, no exponent):
 * its value num / 10^places. Returns 1, or 0 when it is not one. */
static int parse_decimal(const char *s, size_t len, int max_places, uint64_t *num, uint64_t *den) {
    uint64_t v = 0, d = 1;
    int digits = 0, places = -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '.' && places < 0) {
            places = 0;
            continue;
        }
        if (s[i] < '0' || s[i] > '9' || digits >= 15)
            return 0;
        v = v * 10 + (uint64_t)(s[i] - '0');
        digits++;
        if (places >= 0) {
            if (++places > max_places)
                return 0;
            d *= 10;
        }
    }
    if (digits == 0 || places == 0) /* "", ".", "5." */
        return 0;
    *num = v;
    *den = d;
    return 1;
}

/* An equity bound: "0.5" (0 to 1, up to 12 places), "50%" (0 to 100, up to 10 places) or an
 * exact fraction "1/2" (numbers up to 10^15), as num/den with den > 0 and num <= den. */
static int parse_equity(const hs_request *r, const char *key, uint64_t def, uint64_t *num,
                        uint64_t *den, hs_req_ctx *x) {
    const char *s = hs_req_get(r, key);
    *num = def;
    *den = 1;
    if (s == NULL)
        return HS_OK;
    const size_t len = strlen(s);
    const char *slash = strchr(s, '/');
    int ok;
    if (slash != NULL) {
        uint64_t one;
        ok = parse_decimal(s, (size_t)(slash - s), 0, num, &one) &&
             parse_decimal(slash + 1, len - (size_t)(slash - s) - 1, 0, den, &one) && *den > 0;
    } else if (len > 0 && s[len - 1] == '%') {
        ok = parse_decimal(s, len - 1, 10, num, den) && *den <= UINT64_MAX / 100;
        if (ok)
            *den *= 100;
    } else
        ok = parse_decimal(s, len, 12, num, den);
    if (!ok || *num > *den) {
        char tok[HS_TOKEN_TEXT];
        return hs_req_fail(x, HS_ERR_TOKEN,
                           "%s: '%s' is not an equity from 0 to 1 (0.5, 50%%, 1/2)", key,
                           hs_text_token(tok, s, len));
    }
    return HS_OK;
}

/* The bound, as the note "bound" and the messages read it. */
static void bound_text(char *buf, size_t cap, const hs_request *r) {
    const char *top = hs_req_get(r, "top"), *lo = hs_req_get(r, "min-equity"),
               *hi = hs_req_get(r, "max-equity");
    if (top != NULL)
        snprintf(buf, cap, "the best %.40s%s by exact equity", top,
                 top[0] != '\0' && top[strlen(top) - 1] == '%' ? "" : "%");
    else if (lo != NULL && hi != NULL)
        snprintf(buf, cap, "exact equity from %.40s to %.40s", lo, hi);
    else if (lo != NULL)
        snprintf(buf, cap, "exact equity at least %.40s", lo);
    else
        snprintf(buf, cap, "exact equity at most %.40s", hi != NULL ? hi : "1");
}

static int run_holdem_filter(const hs_request *r, hs_req_ctx *x) {
    uint64_t min_num, min_den, max_num, max_den, part = 0;
    const char *top = hs_req_get(r, "top");
    int by_combo = 0;
    int rc = hs_req_flag(r, "by-combo", &by_combo, x);
    if (rc == HS_OK)
        rc = parse_equity(r, "min-equity", 0, &min_num, &min_den, x);
    if (rc == HS_OK)
        rc = parse_equity(r, "max-equity", 1, &max_num, &max_den, x);
    if (rc != HS_OK)
        return rc;
    const int bounds = hs_req_get(r, "min-equity") != NULL || hs_req_get(r, "max-equity") != NULL;
    if (top != NULL && bounds)
        return hs_req_fail(x, HS_ERR_ARG,
                           "top: give either top or min-equity/max-equity, not both");
    if (top == NULL && !bounds)
        return hs_req_fail(x, HS_ERR_ARG, "min-equity: give min-equity (and/or max-equity) or top");
    if (top != NULL) {
        /* P or P%: 0 < P <= 100 with up to four places, as the range grammar's "15%" */
        const size_t len = strlen(top);
        uint64_t num, den;
        const int ok =
            parse_decimal(top, len > 0 && top[len - 1] == '%' ? len - 1 : len, 4, &num, &den);
        part = ok ? num * (10000 / den) : 0; /* in units of 0.0001% */
        if (!ok || part == 0 || part > 1000000) {
            char tok[HS_TOKEN_TEXT];
            return hs_req_fail(x, HS_ERR_TOKEN,
                               "top: '%s' is not a percentage above 0 and at most 100 (25%%, 2.5)",
                               hs_text_token(tok, top, len));
        }
    } else if ((hs_uint128)min_num * max_den > (hs_uint128)max_num * min_den) {
        char t0[HS_TOKEN_TEXT], t1[HS_TOKEN_TEXT];
        const char *lo = hs_req_get(r, "min-equity"), *hi = hs_req_get(r, "max-equity");
        return hs_req_fail(x, HS_ERR_ARG, "max-equity: '%s' is below min-equity '%s'",
                           hs_text_token(t0, hi, strlen(hi)), hs_text_token(t1, lo, strlen(lo)));
    }
    vs_query *q = malloc(sizeof *q);
    unsigned char *keep = malloc(HS_HOLDEM_COMBOS);
    char *text = malloc(HS_HOLDEM_RANGE_TEXT);
    if (q == NULL || keep == NULL || text == NULL) {
        free(q);
        free(keep);
        free(text);
        return hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
    }
    rc = vs_run(r, x, q);
    hs_table *t = NULL;
    if (rc == HS_OK && x->phase == HS_REQ_FINISH) {
        const size_t kept = top != NULL ? hs_holdem_filter_top(q->d, q->nd, part, 1000000, keep)
                                        : hs_holdem_filter_equity(q->d, q->nd, min_num, min_den,
                                                                  max_num, max_den, keep);
        hs_holdem_dist_total all, in;
        hs_holdem_dist_sum(q->d, q->nd, NULL, -1, &all);
        hs_holdem_dist_sum(q->d, q->nd, keep, -1, &in);
        char bound[160];
        bound_text(bound, sizeof bound, r);
        text[0] = '\0';
        if (kept > 0)
            rc = hs_holdem_filter_text(q->d, q->nd, keep, q->board | q->dead, text,
                                       HS_HOLDEM_RANGE_TEXT);
        if (rc != HS_OK)
            rc = hs_req_lib_error(x, rc);
        else if (kept == 0 && !by_combo) {
            char t0[HS_TOKEN_TEXT], t1[HS_TOKEN_TEXT];
            rc = hs_req_fail(
                x, HS_ERR_COUNT, "no combination of '%s' has %s against '%s' (the best: %.6f)",
                hs_text_token(t0, q->name[0], strlen(q->name[0])), bound,
                hs_text_token(t1, q->name[1], strlen(q->name[1])),
                q->nd > 0 ? hs_tbl_ratio_value(2 * (hs_uint128)q->d[0].wins + q->d[0].ties,
                                               2 * (hs_uint128)q->d[0].deals)
                          : 0.0);
        } else if (by_combo) {
            static const char *const COLS[] = {COMBO_COLS, "kept"};
            static const int KINDS[] = {COMBO_KINDS, HS_CELL_INT};
            t = hs_tbl_new(COLS, KINDS, 10);
            for (size_t i = 0; t != NULL && i < q->nd; i++) {
                combo_cells(t, &q->d[i]);
                hs_tbl_u128(t, keep[i] ? 1 : 0);
            }
        } else {
            static const char *const COLS[] = {"range", "combos", "share", "equity", "equity_exact",
                                               "deals", "wins",   "ties",  "losses"};
            static const int KINDS[] = {HS_CELL_TEXT,    HS_CELL_DECIMAL,  HS_CELL_DECIMAL,
                                        HS_CELL_DECIMAL, HS_CELL_FRACTION, HS_CELL_INT,
                                        HS_CELL_INT,     HS_CELL_INT,      HS_CELL_INT};
            t = hs_tbl_new(COLS, KINDS, 9);
            if (t != NULL) {
                hs_tbl_text(t, text);
                hs_tbl_weight(t, in.weight);
                hs_tbl_ratio(t, in.weight, all.weight);
                total_cells(t, &in);
            }
        }
        if (t != NULL) {
            char w[64], wall[64];
            vs_notes(t, q);
            hs_tbl_note(t, "bound", "%s", bound);
            hs_tbl_note(t, "range", "%s", text);
            hs_tbl_note(t, "combinations", "%zu", kept);
            hs_tbl_note(t, "of", "%zu", q->nd);
            hs_tbl_note(t, "weight", "%s", hs_text_weight(w, sizeof w, in.weight));
            hs_tbl_note(t, "range_weight", "%s", hs_text_weight(wall, sizeof wall, all.weight));
            if (kept > 0)
                equity_notes(t, &in);
        }
    }
    free(q);
    free(keep);
    free(text);
    if (rc != HS_OK || x->phase != HS_REQ_FINISH)
        return rc;
    return hs_req_answer(x, t);
}

/* ---- holdem matrix -------------------------------------------------------------------------- */

/* Class order, then the combination's mask. */
static int by_class(const void *pa, const void *pb) {
    const hs_holdem_dist_combo *a = pa, *b = pb;
    if (a->cls != b->cls)
        return a->cls < b->cls ? -1 : 1;
    return a->combo < b->combo ? -1 : a->combo > b->combo;
}

static int run_holdem_matrix(const hs_request *r, hs_req_ctx *x) {
    int by_combo = 0, svg = 0;
    int rc = hs_req_flag(r, "by-combo", &by_combo, x);
    if (rc == HS_OK)
        rc = hs_req_flag(r, "svg", &svg, x);
    if (rc != HS_OK)
        return rc;
    if (by_combo && svg)
        return hs_req_fail(x, HS_ERR_ARG, "svg: the heat map is of classes, not with by-combo");
    vs_query *q = malloc(sizeof *q);
    hs_holdem_matrix_cell *cells = malloc(HS_HOLDEM_CLASSES * sizeof *cells);
    if (q == NULL || cells == NULL) {
        free(q);
        free(cells);
        return hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
    }
    rc = vs_run(r, x, q);
    hs_table *t = NULL;
    if (rc == HS_OK && x->phase == HS_REQ_FINISH) {
        const int n = hs_holdem_matrix_cells(q->d, q->nd, cells);
        if (svg) {
            char title[600], board[40] = "";
            size_t at = 0;
            for (uint64_t m = q->board; m != 0; m &= m - 1) {
                char c[3];
                hs_card_format(__builtin_ctzll(m), c);
                at += (size_t)snprintf(board + at, sizeof board - at, "%s%s", at ? " " : "", c);
            }
            snprintf(title, sizeof title, "%.200s against %.200s%s%s", q->name[0], q->name[1],
                     q->board ? " on " : " preflop", board);
            const size_t len = hs_holdem_matrix_svg(cells, n, title, NULL, 0);
            char *doc = malloc(len + 1);
            static const char *const COLS[] = {"svg"};
            static const int KINDS[] = {HS_CELL_TEXT};
            t = doc != NULL ? hs_tbl_new(COLS, KINDS, 1) : NULL;
            if (t != NULL) {
                hs_holdem_matrix_svg(cells, n, title, doc, len + 1);
                hs_tbl_text(t, doc);
            }
            free(doc);
        } else if (by_combo) {
            static const char *const COLS[] = {COMBO_COLS};
            static const int KINDS[] = {COMBO_KINDS};
            qsort(q->d, q->nd, sizeof q->d[0], by_class);
            t = hs_tbl_new(COLS, KINDS, 9);
            for (size_t i = 0; t != NULL && i < q->nd; i++)
                combo_cells(t, &q->d[i]);
        } else {
            static const char *const COLS[] = {"class", "combos", "equity", "equity_exact",
                                               "deals", "wins",   "ties",   "losses"};
            static const int KINDS[] = {HS_CELL_TEXT,     HS_CELL_DECIMAL, HS_CELL_DECIMAL,
                                        HS_CELL_FRACTION, HS_CELL_INT,     HS_CELL_INT,
                                        HS_CELL_INT,      HS_CELL_INT};
            t = hs_tbl_new(COLS, KINDS, 8);
            for (int i = 0; t != NULL && i < n; i++) {
                char cls[4];
                hs_holdem_class_name(cells[i].cls, cls);
                hs_tbl_text(t, cls);
                hs_tbl_weight(t, cells[i].total.weight);
                total_cells(t, &cells[i].total);
            }
        }
        if (t != NULL) {
            hs_holdem_dist_total all;
            hs_holdem_dist_sum(q->d, q->nd, NULL, -1, &all);
            vs_notes(t, q);
            hs_tbl_note(t, "classes", "%d", n);
            hs_tbl_note(t, "combinations", "%zu", q->nd);
            equity_notes(t, &all);
        }
    }
    free(q);
    free(cells);
    if (rc != HS_OK || x->phase != HS_REQ_FINISH)
        return rc;
    return hs_req_answer(x, t);
}

/* ---- the registry's entries ----------------------------------------------------------------- */

#define A_HERO                                                                                     \
    {                                                                                              \
        "hand", HS_ARG_RANGE, 1, 1, NULL, NULL,                                                    \
            "the hero's range: AhKd, AA, AKs, QQ+, A2s+, 55-22, random, 15%, ITEM@50"              \
    }
#define A_VS                                                                                       \
    { "vs", HS_ARG_RANGE, 1, 1, NULL, NULL, "the range played against" }
#define A_BOARD                                                                                    \
    { "board", HS_ARG_BOARD, 0, 1, NULL, NULL, "0 to 5 known board cards" }
#define A_DEAD                                                                                     \
    { "dead", HS_ARG_CARDS, 0, 1, NULL, NULL, "cards out of play" }

static const hs_command_arg FILTER_ARGS[] = {
    A_HERO,
    A_VS,
    A_BOARD,
    A_DEAD,
    {"min-equity", HS_ARG_NUMBER, 0, 1, NULL, NULL,
     "keep the combinations whose own exact equity is at least this (0.5, 50%, 1/2)"},
    {"max-equity", HS_ARG_NUMBER, 0, 1, NULL, NULL,
     "keep the combinations whose own exact equity is at most this"},
    {"top", HS_ARG_NUMBER, 0, 1, NULL, NULL,
     "instead: the best combinations by exact equity until they hold this percent of the "
     "range's weight (25%; ties at the boundary all taken)"},
    {"by-combo", HS_ARG_FLAG, 0, 1, NULL, NULL, "each combination, its equity and whether kept"}};
static const char *const FILTER_EXAMPLE[] = {"hand",   "random",     "vs",  "QQ+,AKs", "board",
                                             "Kh7d2c", "min-equity", "0.5", NULL};
const hs_command_def hs_req_holdem_filter = {
    {"holdem filter", "Hold'em equity filter",
     "the part of a range whose combinations each have at least (at most) an exact equity "
     "against another range, or its best P%, and that part's exact equity",
     FILTER_ARGS, HS_REQ_N(FILTER_ARGS), FILTER_EXAMPLE,
     "holdem filter random --vs QQ+,AKs --board Kh7d2c --min-equity 0.5", HS_COMMAND_JOB},
    run_holdem_filter,
    vs_seconds};

static const hs_command_arg MATRIX_ARGS[] = {
    A_HERO,
    A_VS,
    A_BOARD,
    A_DEAD,
    {"by-combo", HS_ARG_FLAG, 0, 1, NULL, NULL,
     "each combination of the range instead of each class"},
    {"svg", HS_ARG_FLAG, 0, 1, NULL, NULL, "the 13 x 13 heat map as an SVG document instead"}};
static const char *const MATRIX_EXAMPLE[] = {"hand",  "random", "vs", "QQ+,AKs",
                                             "board", "Kh7d2c", NULL};
const hs_command_def hs_req_holdem_matrix = {
    {"holdem matrix", "Hold'em hand against range",
     "each class (or combination) of a range with its exact equity against another range, as "
     "a table or a 13 x 13 heat map",
     MATRIX_ARGS, HS_REQ_N(MATRIX_ARGS), MATRIX_EXAMPLE,
     "holdem matrix random --vs QQ+,AKs --board Kh7d2c", HS_COMMAND_JOB},
    run_holdem_matrix,
    vs_seconds};
