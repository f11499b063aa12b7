/* The request layer's hold'em adapters: equity (and short-deck equity, the same request on the
 * 36-card deck), board analysis (hits) and the equity distribution, each with its registry entry
 * (the long tables: request_holdem_tables.c). */
#include "request_internal.h"

#include "handstat/handstat.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- holdem equity -------------------------------------------------------------------------- */

/* The deals an equity query can have at most: every choice of hands (into *choices), each with
 * every board (into *boards). */
static long double equity_deals(const hs_holdem_range *range, int players, uint64_t board,
                                uint64_t dead, int shortdeck, long double *choices,
                                long double *boards) {
    *choices = 1;
    for (int p = 0; p < players; p++)
        *choices *= (long double)range[p].n;
    const int left =
        (shortdeck ? HS_SHORTDECK_CARDS : HS_CARDS) - hs_hand_size(board | dead) - 2 * players;
    const int need = 5 - hs_hand_size(board);
    *boards = 1;
    for (int i = 0; i < need; i++)
        *boards = *boards * (left - i) / (i + 1);
    return *choices * *boards;
}

/* The deals an equity query can have at most as a note, when there are enough of them to take a
 * while (else nothing). */
static void equity_work(const hs_holdem_range *range, int players, uint64_t board, uint64_t dead,
                        int shortdeck, char *buf, size_t cap) {
    long double choices, boards;
    equity_deals(range, players, board, dead, shortdeck, &choices, &boards);
    /* the short-deck engine walks every deal: 1e9 of them take minutes */
    if (choices * boards < (shortdeck ? 1e9L : 1e11L))
        return;
    snprintf(buf, cap,
             shortdeck ? "up to %.3Lg deals (%.3Lg choices of hands x %.0Lf boards), each walked"
                       : "up to %.3Lg deals (%.3Lg choices of hands x %.0Lf boards), solved once "
                         "per suit-symmetric set",
             choices * boards, choices, boards);
}

/* ---- holdem equity --folded: players who folded a hand of a range (card removal) ----------
 * Exact (hs_holdem_equity_folded: the plain engine once per folded tuple, up to suit symmetry)
 * while the work stays within the bound below, else an estimate from the sampler; beside each
 * player's equity the equity without the folded ranges, computed the same way, since how far
 * the folds move it is what a player asks. */

/* The exact answer is refused (and estimated) past FOLDED_MAX_SOLVES engine runs or past
 * FOLDED_MAX_DEALS = the runs x the plain query's deals (every choice of hands x every board).
 * The slowest plain queries per deal (wide ranges on a flop: random vs random on 2c7dKh, 1.7e9
 * deals in 0.9 s on one core of the AMD EPYC of results/BENCHMARKS.md) make the bound about a
 * minute on one core; preflop queries run far faster per deal (suit symmetry, rank patterns).
 * A model of the deals, not a clock, so one query gets the same kind of answer on any machine. */
#define FOLDED_MAX_SOLVES UINT64_C(100000)
#define FOLDED_MAX_DEALS 1e11L
/* The tuples counted at most before the answer is known to be an estimate. */
#define FOLDED_MAX_TUPLES (24 * FOLDED_MAX_SOLVES)
/* The estimate's samples when none are given. */
#define FOLDED_SAMPLES UINT64_C(1000000)

/* The values of the repeatable key `key` into out[] (room for max); their number, up to max + 1. */
static int req_values(const hs_request *r, const char *key, const char **out, int max) {
    int n = 0;
    for (int i = 0; i < r->n; i++)
        if (strcmp(r->key[i], key) == 0) {
            if (n < max)
                out[n] = r->value[i];
            n++;
        }
    return n;
}

/* The status of an exact count worded for the user: `no_deal` when no deal is possible
 * (HS_ERR_COUNT), the 128-bit bound, any other failure as the library words it. */
static int count_status(hs_req_ctx *x, int rc, const char *no_deal) {
    if (rc == HS_ERR_COUNT)
        return hs_req_fail(x, rc, "%s", no_deal);
    if (rc == HS_ERR_OVERFLOW)
        return hs_req_fail(x, rc, "the exact counts of this query could pass 128 bits");
    return rc != HS_OK ? hs_req_lib_error(x, rc) : HS_OK;
}

/* Player p's row of an estimate: player, hand, samples, wins, ties, losses, equity, std_error,
 * kind (the columns of every sampled equity table). */
static void sample_row(hs_table *t, const hs_holdem_equity_sample_result *e, int p,
                       const char *name) {
    const hs_holdem_sample_player *pl = &e->player[p];
    hs_tbl_u128(t, (hs_uint128)(p + 1));
    hs_tbl_text(t, name);
    hs_tbl_u128(t, e->samples);
    hs_tbl_u128(t, pl->wins);
    hs_tbl_u128(t, pl->ties);
    hs_tbl_u128(t, pl->losses);
    hs_tbl_double(t, pl->equity);
    hs_tbl_double(t, pl->std_error);
    hs_tbl_text(t, "estimate");
}

static void folded_note(hs_table *t, char (*fnames)[HS_HOLDEM_RANGE_TEXT], int folded) {
    size_t cap = 1;
    for (int j = 0; j < folded; j++)
        cap += strlen(fnames[j]) + 3;
    char *all = malloc(cap);
    if (all == NULL) {
        hs_tbl_note(t, "folded", "%d ranges", folded);
        return;
    }
    all[0] = '\0';
    for (int j = 0; j < folded; j++) {
        if (j > 0)
            strcat(all, " | ");
        strcat(all, fnames[j]);
    }
    hs_tbl_note(t, "folded", "%s", all);
    free(all);
}

/* The folded ranges fold_text[0..folded) parsed into *fr (their canonical texts into *fnames,
 * fold[] pointing at them, both freed by the caller) and the plan of the folded query over the
 * active ranges[0..players), counted up to FOLDED_MAX_TUPLES tuples. */
static int folded_ranges(hs_req_ctx *x, int players, const hs_holdem_range *const ranges[],
                         int folded, const char *const *fold_text, uint64_t board, uint64_t dead,
                         hs_holdem_range **fr_out, char (**fnames_out)[HS_HOLDEM_RANGE_TEXT],
                         const hs_holdem_range **fold, hs_holdem_folded_plan *plan) {
    hs_holdem_range *fr = malloc((size_t)folded * sizeof *fr);
    char(*fnames)[HS_HOLDEM_RANGE_TEXT] = malloc((size_t)folded * sizeof *fnames);
    *fr_out = fr;
    *fnames_out = fnames;
    int rc = fr == NULL || fnames == NULL ? hs_req_fail(x, HS_ERR_NOMEM, "out of memory") : HS_OK;
    for (int j = 0; j < folded && rc == HS_OK; j++) {
        char what[24];
        snprintf(what, sizeof what, "folded %d", j + 1);
        rc = hs_req_range(what, fold_text[j], &fr[j], fnames[j], sizeof fnames[j], x);
        fold[j] = &fr[j];
        size_t live = 0;
        for (size_t i = 0; rc == HS_OK && i < fr[j].n; i++)
            live += (fr[j].combo[i] & (board | dead)) == 0;
        if (rc == HS_OK && live == 0)
            rc = hs_req_fail(x, HS_ERR_COUNT,
                             "folded %d: every combination of '%s' meets the board or the dead "
                             "cards",
                             j + 1, fnames[j]);
    }
    if (rc == HS_OK) {
        rc = hs_holdem_folded_plan_count(players, ranges, folded, fold, board, dead,
                                         FOLDED_MAX_TUPLES, plan);
        if (rc == HS_ERR_COUNT)
            rc = hs_req_fail(x, rc,
                             "no deal is possible: the folded ranges cannot all be dealt disjoint "
                             "from each other and the known cards");
        else if (rc != HS_OK)
            rc = hs_req_lib_error(x, rc);
    }
    return rc;
}

static int folded_equity(hs_req_ctx *x, int players, const hs_holdem_range *const ranges[],
                         char (*names)[HS_HOLDEM_RANGE_TEXT], int folded,
                         const char *const *fold_text, uint64_t board, uint64_t dead,
                         uint64_t samples, uint64_t seed) {
    hs_holdem_range *fr = NULL;
    char(*fnames)[HS_HOLDEM_RANGE_TEXT] = NULL;
    hs_table *t = NULL;
    const hs_holdem_range *fold[HS_HOLDEM_MAX_FOLDED];
    hs_holdem_folded_plan plan;
    int rc = folded_ranges(x, players, ranges, folded, fold_text, board, dead, &fr, &fnames, fold,
                           &plan);
    long double choices = 0, boards = 0, deals = 0;
    int exact = 0;
    if (rc == HS_OK) {
        deals = 1;
        for (int p = 0; p < players; p++)
            deals *= (long double)ranges[p]->n;
        choices = deals;
        const int left = HS_CARDS - hs_hand_size(board | dead) - 2 * players;
        boards = 1;
        for (int i = 0; i < 5 - hs_hand_size(board); i++)
            boards = boards * (left - i) / (i + 1);
        deals = choices * boards * (long double)plan.solves;
        exact = samples == 0 && !plan.capped && plan.solves <= FOLDED_MAX_SOLVES &&
                deals <= FOLDED_MAX_DEALS;
    }
    if (rc == HS_OK && x->phase == HS_REQ_WORK && exact && deals >= 1e10L)
        snprintf(x->work, x->work_cap,
                 "%" PRIu64 " folded tuples, %" PRIu64 " solved (suit symmetry), each up to "
                 "%.3Lg deals: up to %.3Lg in all",
                 plan.tuples, plan.solves, choices * boards, deals);
    else if (rc == HS_OK && x->phase == HS_REQ_WORK && samples == 0 && !exact)
        snprintf(x->work, x->work_cap,
                 "over the exact bound (%" PRIu64 " engine runs, %.3Lg deals): an estimate from "
                 "%" PRIu64 " samples",
                 FOLDED_MAX_SOLVES, FOLDED_MAX_DEALS, FOLDED_SAMPLES);
    if (rc != HS_OK || x->phase != HS_REQ_FINISH) {
        free(fr);
        free(fnames);
        return rc;
    }
    if (exact) {
        hs_holdem_equity_exact e, u;
        rc = hs_holdem_equity_ranges(players, ranges, board, dead, x->threads, x->progress,
                                     x->progress_ctx, &u);
        if (rc == HS_OK)
            rc = hs_holdem_equity_folded(players, ranges, folded, fold, board, dead, x->threads,
                                         x->progress, x->progress_ctx, &e);
        static const char *const COLS[] = {"player",
                                           "hand",
                                           "wins",
                                           "ties",
                                           "losses",
                                           "equity",
                                           "equity_exact",
                                           "equity_unfolded",
                                           "equity_unfolded_exact"};
        static const int KINDS[] = {HS_CELL_INT,      HS_CELL_TEXT,    HS_CELL_INT,
                                    HS_CELL_INT,      HS_CELL_INT,     HS_CELL_DECIMAL,
                                    HS_CELL_FRACTION, HS_CELL_DECIMAL, HS_CELL_FRACTION};
        if (rc == HS_OK && (t = hs_tbl_new(COLS, KINDS, 9)) != NULL) {
            char buf[48];
            hs_req_known_notes(t, board, dead);
            folded_note(t, fnames, folded);
            hs_tbl_note(t, "deals", "%s", hs_tbl_u128_text(buf, sizeof buf, e.deals));
            hs_tbl_note(t, "weighted", "1");
            hs_tbl_note(t, "folded_tuples", "%" PRIu64, plan.tuples); /* off the known cards */
            hs_tbl_note(t, "folded_solves", "%" PRIu64, plan.solves);
            hs_tbl_note(t, "kind", "exact");
            const hs_uint128 den = e.deals * HS_HOLDEM_SHARE_UNIT,
                             uden = u.deals * HS_HOLDEM_SHARE_UNIT;
            for (int p = 0; p < players; p++) {
                const hs_holdem_player_exact *pl = &e.player[p];
                hs_tbl_u128(t, (hs_uint128)(p + 1));
                hs_tbl_text(t, names[p]);
                hs_tbl_u128(t, pl->wins);
                hs_tbl_u128(t, pl->ties);
                hs_tbl_u128(t, pl->losses);
                hs_tbl_ratio(t, pl->shares, den);
                hs_tbl_fraction(t, pl->shares, den);
                hs_tbl_ratio(t, u.player[p].shares, uden);
                hs_tbl_fraction(t, u.player[p].shares, uden);
            }
        }
    } else {
        const uint64_t n = samples > 0 ? samples : FOLDED_SAMPLES;
        hs_holdem_equity_sample_result e, u;
        rc = hs_holdem_equity_sample(players, ranges, board, dead, n, seed, x->threads, x->progress,
                                     x->progress_ctx, &u);
        if (rc == HS_OK)
            rc = hs_holdem_equity_sample_folded(players, ranges, folded, fold, board, dead, n, seed,
                                                x->threads, x->progress, x->progress_ctx, &e);
        static const char *const COLS[] = {"player",
                                           "hand",
                                           "samples",
                                           "wins",
                                           "ties",
                                           "losses",
                                           "equity",
                                           "std_error",
                                           "kind",
                                           "equity_unfolded",
                                           "std_error_unfolded"};
        static const int KINDS[] = {HS_CELL_INT,  HS_CELL_TEXT,    HS_CELL_INT,     HS_CELL_INT,
                                    HS_CELL_INT,  HS_CELL_INT,     HS_CELL_DECIMAL, HS_CELL_DECIMAL,
                                    HS_CELL_TEXT, HS_CELL_DECIMAL, HS_CELL_DECIMAL};
        if (rc == HS_OK && (t = hs_tbl_new(COLS, KINDS, 11)) != NULL) {
            hs_req_known_notes(t, board, dead);
            folded_note(t, fnames, folded);
            hs_tbl_note(t, "samples", "%" PRIu64, e.samples);
            hs_tbl_note(t, "seed", "%" PRIu64, seed);
            hs_tbl_note(t, "kind", "estimate");
            if (samples == 0)
                hs_tbl_note(t, "exact_refused",
                            "%s%" PRIu64 " engine runs x %.3Lg deals each; the bound is %" PRIu64
                            " runs and %.3Lg deals",
                            plan.capped ? "over " : "", plan.solves, choices * boards,
                            FOLDED_MAX_SOLVES, FOLDED_MAX_DEALS);
            for (int p = 0; p < players; p++) {
                sample_row(t, &e, p, names[p]);
                hs_tbl_double(t, u.player[p].equity);
                hs_tbl_double(t, u.player[p].std_error);
            }
        }
    }
    free(fr);
    free(fnames);
    rc = count_status(x, rc,
                      "no deal is possible: the hands and the folded hands cannot all be dealt "
                      "disjoint from each other and the known cards");
    return rc != HS_OK ? rc : hs_req_answer(x, t);
}

/* holdem equity, and shortdeck equity (the same requests and table, the short-deck engine). */
static int run_equity(const hs_request *r, hs_req_ctx *x, int shortdeck) {
    const char *text[HS_HOLDEM_MAX_PLAYERS];
    const int players = hs_req_hands(r, text, HS_HOLDEM_MAX_PLAYERS);
    if (players < 2 || players > HS_HOLDEM_MAX_PLAYERS)
        return hs_req_fail(x, HS_ERR_ARG, "expected 2 to %d hands, got %d", HS_HOLDEM_MAX_PLAYERS,
                           players);
    uint64_t board, dead, samples, seed;
    int rc = hs_req_known(r, 0, 5, &board, &dead, x);
    if (rc == HS_OK)
        rc = hs_req_samples(r, &samples, &seed, x);
    if (rc != HS_OK)
        return rc;
    int variant = 0;
    if (shortdeck && (rc = hs_req_flag(r, "straight-beats-trips", &variant, x)) != HS_OK)
        return rc;
    const uint64_t off_deck = (board | dead) & ~HS_SHORTDECK_DECK_MASK;
    if (shortdeck && off_deck) {
        char name[3];
        hs_card_format(__builtin_ctzll(off_deck), name);
        return hs_req_fail(x, HS_ERR_TOKEN, "%s: %s is not a short-deck card (6 through A only)",
                           (board & off_deck) ? "board" : "dead", name);
    }
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
    }
    hs_holdem_range *range = malloc((size_t)players * sizeof *range);
    char(*names)[HS_HOLDEM_RANGE_TEXT] = malloc((size_t)players * sizeof *names);
    if (range == NULL || names == NULL) {
        free(range);
        free(names);
        return hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
    }
    const hs_holdem_range *ranges[HS_HOLDEM_MAX_PLAYERS];
    for (int p = 0; p < players && rc == HS_OK; p++) {
        char what[16];
        snprintf(what, sizeof what, "hand %d", p + 1);
        rc = hs_req_range(what, text[p], &range[p], names[p], sizeof names[p], x);
        if (rc != HS_OK)
            break;
        if (shortdeck) {
            /* cards outside the 36 are refused, but "random" keeps its short-deck combinations */
            size_t kept = 0;
            int outside = 0;
            for (size_t i = 0; i < range[p].n; i++) {
                if (range[p].combo[i] & ~HS_SHORTDECK_DECK_MASK) {
                    outside = 1;
                    continue;
                }
                range[p].combo[kept] = range[p].combo[i];
                range[p].weight[kept++] = range[p].weight[i];
            }
            if (outside && strcmp(names[p], "random") != 0) {
                rc = hs_req_fail(x, HS_ERR_TOKEN,
                                 "hand %d: '%s' holds cards outside the short deck (6 through A)",
                                 p + 1, names[p]);
                break;
            }
            range[p].n = kept;
        }
        ranges[p] = &range[p];
        size_t live = 0;
        for (size_t i = 0; i < range[p].n; i++)
            live += (range[p].combo[i] & (board | dead)) == 0;
        if (live == 0 && range[p].n > 1) {
            rc = hs_req_fail(x, HS_ERR_COUNT,
                             "hand %d: every combination of '%s' meets the board or the dead cards",
                             p + 1, names[p]);
            break;
        }
        if (range[p].n == 1) {
            uint64_t clash = range[p].combo[0] & (board | dead);
            for (int q = 0; q < p; q++)
                if (range[q].n == 1)
                    clash |= range[p].combo[0] & range[q].combo[0];
            if (clash) {
                char name[3];
                hs_card_format(__builtin_ctzll(clash), name);
                rc = hs_req_fail(x, HS_ERR_DUPLICATE, "hand %d: %s is already in %s", p + 1, name,
                                 (clash & board)  ? "the board"
                                 : (clash & dead) ? "the dead cards"
                                                  : "another hand");
            }
        }
    }
    const char *fold_text[HS_HOLDEM_MAX_FOLDED];
    const int folded = shortdeck ? 0 : req_values(r, "folded", fold_text, HS_HOLDEM_MAX_FOLDED);
    if (rc == HS_OK && folded > HS_HOLDEM_MAX_FOLDED)
        rc = hs_req_fail(x, HS_ERR_ARG, "expected at most %d folded ranges, got %d",
                         HS_HOLDEM_MAX_FOLDED, folded);
    if (rc == HS_OK && folded > 0) {
        rc =
            folded_equity(x, players, ranges, names, folded, fold_text, board, dead, samples, seed);
        free(range);
        free(names);
        return rc;
    }
    if (rc == HS_OK && x->phase == HS_REQ_WORK && samples == 0)
        equity_work(range, players, board, dead, shortdeck, x->work, x->work_cap);
    if (rc != HS_OK || x->phase != HS_REQ_FINISH) {
        free(range);
        free(names);
        return rc;
    }
    hs_table *t = NULL;
    if (samples > 0) {
        hs_holdem_equity_sample_result e;
        rc = hs_holdem_equity_sample(players, ranges, board, dead, samples, seed, x->threads,
                                     x->progress, x->progress_ctx, &e);
        if (rc == HS_OK) {
            static const char *const COLS[] = {"player", "hand",   "samples",   "wins", "ties",
                                               "losses", "equity", "std_error", "kind"};
            static const int KINDS[] = {HS_CELL_INT,     HS_CELL_TEXT,    HS_CELL_INT,
                                        HS_CELL_INT,     HS_CELL_INT,     HS_CELL_INT,
                                        HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_TEXT};
            t = hs_tbl_new(COLS, KINDS, 9);
            if (t != NULL) {
                hs_req_known_notes(t, board, dead);
                hs_tbl_note(t, "samples", "%" PRIu64, e.samples);
                hs_tbl_note(t, "seed", "%" PRIu64, seed);
                hs_tbl_note(t, "kind", "estimate");
                for (int p = 0; p < players; p++)
                    sample_row(t, &e, p, names[p]);
            }
        }
    } else {
        hs_holdem_equity_exact e;
        rc = shortdeck ? hs_shortdeck_equity_ranges(players, ranges, board, dead,
                                                    variant ? HS_SHORTDECK_STRAIGHT_BEATS_TRIPS
                                                            : HS_SHORTDECK_TRIPS_BEAT_STRAIGHT,
                                                    x->threads, x->progress, x->progress_ctx, &e)
                       : hs_holdem_equity_ranges(players, ranges, board, dead, x->threads,
                                                 x->progress, x->progress_ctx, &e);
        if (rc == HS_OK) {
            static const char *const COLS[] = {"player", "hand",   "wins",        "ties",
                                               "losses", "equity", "equity_exact"};
            static const int KINDS[] = {HS_CELL_INT, HS_CELL_TEXT,    HS_CELL_INT,     HS_CELL_INT,
                                        HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION};
            t = hs_tbl_new(COLS, KINDS, 7);
            if (t != NULL) {
                int weighted = 0;
                for (int p = 0; p < players; p++)
                    for (size_t i = 0; i < ranges[p]->n; i++)
                        weighted |= ranges[p]->weight[i] != ranges[p]->weight[0];
                char deals[48];
                hs_req_known_notes(t, board, dead);
                hs_tbl_note(t, "deals", "%s", hs_tbl_u128_text(deals, sizeof deals, e.deals));
                hs_tbl_note(t, "weighted", "%d", weighted);
                const hs_uint128 den = e.deals * HS_HOLDEM_SHARE_UNIT;
                for (int p = 0; p < players; p++) {
                    const hs_holdem_player_exact *pl = &e.player[p];
                    hs_tbl_u128(t, (hs_uint128)(p + 1));
                    hs_tbl_text(t, names[p]);
                    hs_tbl_u128(t, pl->wins);
                    hs_tbl_u128(t, pl->ties);
                    hs_tbl_u128(t, pl->losses);
                    hs_tbl_ratio(t, pl->shares, den);
                    hs_tbl_fraction(t, pl->shares, den);
                }
            }
        }
    }
    free(range);
    free(names);
    rc = count_status(x, rc,
                      "no deal is possible: the hands cannot all be dealt disjoint from each "
                      "other and the known cards");
    return rc != HS_OK ? rc : hs_req_answer(x, t);
}

static int run_holdem_equity(const hs_request *r, hs_req_ctx *x) {
    return run_equity(r, x, 0);
}

static int run_shortdeck_equity(const hs_request *r, hs_req_ctx *x) {
    return run_equity(r, x, 1);
}

/* ---- holdem hits ---------------------------------------------------------------------------- */

/* A range of one "hand" that keeps a combination off the known cards. */
static int one_range(const hs_request *r, const char *what, int index, uint64_t known,
                     hs_holdem_range *out, char *canon, hs_req_ctx *x) {
    const char *text[2];
    (void)hs_req_hands(r, text, 2);
    int rc = hs_req_range(what, text[index], out, canon, HS_HOLDEM_RANGE_TEXT, x);
    if (rc != HS_OK)
        return rc;
    for (size_t i = 0; i < out->n; i++)
        if ((out->combo[i] & known) == 0)
            return HS_OK;
    char tok[200];
    return hs_req_fail(x, HS_ERR_COUNT,
                       "%s: every combination of '%s' meets the board or the dead cards", what,
                       hs_text_token(tok, canon, strlen(canon)));
}

static const char *const STREET_NAME[HS_STREETS] = {"flop", "turn", "river"};

/* "flop,turn" into HS_STREET_* bits. */
static int streets_of(const char *text, unsigned *streets, hs_req_ctx *x) {
    *streets = 0;
    const char *s = text;
    while (*s != '\0') {
        size_t n = strcspn(s, ", ");
        int k = -1;
        for (int i = 0; i < HS_STREETS; i++)
            if (n == strlen(STREET_NAME[i]) && strncmp(s, STREET_NAME[i], n) == 0)
                k = i;
        if (k < 0 && n > 0) {
            char tok[200];
            return hs_req_fail(x, HS_ERR_ARG, "streets: '%s' is not flop, turn or river",
                               hs_text_token(tok, s, n));
        }
        if (k >= 0)
            *streets |= 1u << k;
        s += n;
        while (*s == ',' || *s == ' ')
            s++;
    }
    if (*streets == 0)
        return hs_req_fail(x, HS_ERR_ARG, "streets: name one or more of flop, turn, river");
    return HS_OK;
}

/* A combination's weight as a table cell in percent: an integer column (as always) when every
 * weight is a whole percent, else a decimal one ("12.5"). */
static int weight_kind(const uint16_t *w, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (w[i] % 100 != 0)
            return HS_CELL_DECIMAL;
    return HS_CELL_INT;
}

static void hits_board_table(hs_table *t, const hs_holdem_hits_folded *h) {
    for (int kind = 0; kind < 2; kind++) {
        const int n = kind == 0 ? HS_HIT_MADE : HS_HIT_FLAGS;
        for (int i = 0; i < n; i++) {
            const hs_uint128 v = kind == 0 ? h->made[i] : h->flag[i];
            hs_tbl_text(t, kind == 0 ? "made" : "flag");
            hs_tbl_text(t, kind == 0 ? hs_holdem_hit_name(i) : hs_holdem_hit_flag_name(i));
            hs_tbl_weight(t, v);
            hs_tbl_ratio(t, v, h->total);
            hs_tbl_fraction(t, v, h->total);
        }
    }
}

/* The exact bound of hits --folded over every board (an error past it, never an estimate): at
 * most FOLDED_MAX_SOLVES solved tuples of the folded players but the last, and units x boards
 * (each a combination ranked on one board: HIT_SECONDS) at most FOLDED_MAX_HITS_WORK, about ten
 * minutes on one core: a job, with progress, checkpoints and the server's time cap. */
#define FOLDED_MAX_HITS_WORK 5e9
#define HIT_SECONDS 130e-9

/* The folded hits job over every board, or the error past its bound (info may be NULL). */
static int hits_folded_job(hs_req_ctx *x, const hs_holdem_range *range, int folded,
                           const hs_holdem_range *const *fold, uint64_t dead, unsigned streets,
                           hs_job **out, hs_holdem_hits_folded_info *info) {
    hs_holdem_hits_folded_info own;
    if (info == NULL)
        info = &own;
    int rc = hs_holdem_hits_folded_job_new(range, folded, fold, dead, streets, FOLDED_MAX_SOLVES,
                                           FOLDED_MAX_HITS_WORK, info, out);
    if (rc == HS_ERR_OVERFLOW && info->solves >= FOLDED_MAX_SOLVES)
        return hs_req_fail(x, rc,
                           "folded: too much work for an exact answer: over %" PRIu64
                           " solved tuples of the folded players but the last; the bound is "
                           "%" PRIu64,
                           FOLDED_MAX_SOLVES, FOLDED_MAX_SOLVES);
    if (rc == HS_ERR_OVERFLOW)
        return hs_req_fail(x, rc,
                           "folded: too much work for an exact answer: over %.3g combinations x "
                           "boards (after %" PRIu64 " solved folded tuples); the bound is %.3g "
                           "(fewer or narrower ranges, or fewer streets)",
                           info->work, info->solves, (double)FOLDED_MAX_HITS_WORK);
    if (rc == HS_ERR_COUNT)
        return hs_req_fail(x, rc,
                           "no deal is possible: every combination of the range meets the folded "
                           "hands or the dead cards");
    return rc != HS_OK ? hs_req_lib_error(x, rc) : HS_OK;
}

/* The classes of a finished hits job, plain or folded, as the folded entries (128-bit). */
static int hits_classes(const hs_job *job, int folded, hs_holdem_hits_class_folded *out, int *n) {
    if (folded)
        return hs_holdem_hits_folded_job_result(job, out, n);
    hs_holdem_hits_class *plain = malloc(HS_HOLDEM_CLASSES * sizeof *plain);
    if (plain == NULL)
        return HS_ERR_NOMEM;
    int rc = hs_holdem_hits_job_result(job, plain, n);
    for (int i = 0; rc == HS_OK && i < *n; i++) {
        hs_holdem_hits_class_folded *e = &out[i];
        memset(e, 0, sizeof *e);
        e->cls = plain[i].cls;
        e->combos = plain[i].combos;
        e->weight = plain[i].weight;
        for (int s = 0; s < HS_STREETS; s++) {
            const hs_holdem_hits *h = &plain[i].street[s];
            e->street[s].total = h->total;
            for (int k = 0; k < HS_HIT_MADE; k++)
                e->street[s].made[k] = h->made[k];
            for (int k = 0; k < HS_HIT_FLAGS; k++)
                e->street[s].flag[k] = h->flag[k];
        }
    }
    free(plain);
    return rc;
}

/* The status of a folded count on one board, its failures worded for the user. */
static int board_folded_status(hs_req_ctx *x, int rc) {
    return count_status(x, rc,
                        "no deal is possible: every combination of the range meets the folded "
                        "hands or the known cards");
}

static int run_holdem_hits(const hs_request *r, hs_req_ctx *x) {
    const char *text[2];
    const int n = hs_req_hands(r, text, 2);
    if (n != 1)
        return hs_req_fail(x, HS_ERR_ARG, "expected one RANGE, got %d", n);
    const char *streets_text = hs_req_get(r, "streets");
    unsigned streets = 0;
    int by_combo, rc = hs_req_flag(r, "by-combo", &by_combo, x);
    if (rc != HS_OK)
        return rc;
    if (streets_text != NULL && hs_req_get(r, "board") != NULL)
        return hs_req_fail(x, HS_ERR_ARG, "streets count every board: they take no board");
    if (streets_text == NULL && hs_req_get(r, "board") == NULL)
        return hs_req_fail(x, HS_ERR_ARG,
                           "give a board (a flop, turn or river), or streets (flop, turn, "
                           "river) for every board");
    if (by_combo && streets_text != NULL)
        return hs_req_fail(x, HS_ERR_ARG, "by-combo lists the combinations on one board");
    if (streets_text != NULL && (rc = streets_of(streets_text, &streets, x)) != HS_OK)
        return rc;
    const char *fold_text[HS_HOLDEM_MAX_FOLDED];
    const int folded = req_values(r, "folded", fold_text, HS_HOLDEM_MAX_FOLDED);
    if (folded > HS_HOLDEM_MAX_FOLDED)
        return hs_req_fail(x, HS_ERR_ARG, "expected at most %d folded ranges, got %d",
                           HS_HOLDEM_MAX_FOLDED, folded);
    uint64_t board, dead;
    if ((rc = hs_req_known(r, 3, 5, &board, &dead, x)) != HS_OK)
        return rc;
    hs_holdem_range *range = malloc(sizeof *range);
    char *name = malloc(HS_HOLDEM_RANGE_TEXT);
    if (range == NULL || name == NULL) {
        free(range);
        free(name);
        return hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
    }
    rc = one_range(r, "range", 0, board | dead, range, name, x);
    /* the folded ranges, checked against the known cards and each other (every form) */
    hs_holdem_range *fr = NULL;
    char(*fnames)[HS_HOLDEM_RANGE_TEXT] = NULL;
    const hs_holdem_range *fold[HS_HOLDEM_MAX_FOLDED], *ranges[1] = {range};
    hs_holdem_folded_plan plan;
    memset(&plan, 0, sizeof plan);
    if (rc == HS_OK && folded > 0)
        rc = folded_ranges(x, 1, ranges, folded, fold_text, board, dead, &fr, &fnames, fold, &plan);
    if (rc == HS_OK && folded > 0 && streets == 0 &&
        (plan.capped || plan.solves > FOLDED_MAX_SOLVES))
        rc = hs_req_fail(x, HS_ERR_OVERFLOW,
                         "folded: too much work for an exact answer: %s%" PRIu64
                         " engine runs; the bound is %" PRIu64 " runs",
                         plan.capped ? "over " : "", plan.solves, FOLDED_MAX_SOLVES);
    /* by-combo with folded ranges: each combination's weight times the folded tuples' off it */
    hs_uint128 *fw = NULL, fw_total = 0;
    if (rc == HS_OK && folded > 0 && by_combo && x->phase == HS_REQ_FINISH) {
        fw = malloc(range->n * sizeof *fw);
        rc = fw == NULL ? hs_req_fail(x, HS_ERR_NOMEM, "out of memory")
                        : board_folded_status(x, hs_holdem_hits_board_folded_combos(
                                                     range, folded, fold, board, dead, fw));
        for (size_t i = 0; rc == HS_OK && i < range->n; i++)
            fw_total += fw[i];
    }
    hs_table *t = NULL;
    if (rc == HS_OK && x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        if (streets != 0 && folded > 0)
            rc = hits_folded_job(x, range, folded, fold, dead, streets, x->job_out, NULL);
        else if (streets != 0 &&
                 (rc = hs_holdem_hits_job_new(range, dead, streets, x->job_out)) != HS_OK)
            rc = hs_req_lib_error(x, rc);
    } else if (rc == HS_OK && streets == 0 && by_combo) {
        static const char *const COLS[] = {"combo", "class", "weight",     "category",
                                           "flags", "share", "share_exact"};
        int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT,    HS_CELL_INT,     HS_CELL_TEXT,
                       HS_CELL_TEXT, HS_CELL_DECIMAL, HS_CELL_FRACTION};
        KINDS[2] = weight_kind(range->weight, range->n);
        t = hs_tbl_new(COLS, KINDS, folded > 0 ? 7 : 5);
        if (t != NULL) {
            hs_tbl_note(t, "range", "%s", name);
            hs_req_known_notes(t, board, dead);
            if (folded > 0) {
                char total[64];
                hs_text_weight(total, sizeof total, fw_total);
                folded_note(t, fnames, folded);
                hs_tbl_note(t, "combos", "%s", total);
            }
            for (size_t i = 0; i < range->n; i++) {
                const uint64_t h = range->combo[i];
                if (h & (board | dead))
                    continue;
                unsigned f;
                const int made = hs_holdem_hit(h, board, &f);
                char combo[8], cls[4], flags[160] = "";
                hs_text_combo(combo, h);
                hs_holdem_class_name(hs_holdem_class(h), cls);
                for (int k = 0; k < HS_HIT_FLAGS; k++)
                    if (f & HS_HIT_F(k)) {
                        if (flags[0])
                            strcat(flags, " ");
                        strcat(flags, hs_holdem_hit_flag_name(k));
                    }
                hs_tbl_text(t, combo);
                hs_tbl_text(t, cls);
                hs_req_weight_cell(t, (unsigned)range->weight[i]);
                hs_tbl_text(t, hs_holdem_hit_name(made));
                hs_tbl_text(t, flags);
                if (folded > 0) {
                    hs_tbl_ratio(t, fw[i], fw_total);
                    hs_tbl_fraction(t, fw[i], fw_total);
                }
            }
        }
    } else if (rc == HS_OK && streets == 0) {
        hs_holdem_hits_folded h;
        memset(&h, 0, sizeof h);
        if (folded > 0) {
            rc = board_folded_status(
                x, hs_holdem_hits_board_folded(range, folded, fold, board, dead, &h));
        } else {
            hs_holdem_hits p;
            hs_holdem_hits_board(range, board, dead, &p);
            h.total = p.total;
            for (int i = 0; i < HS_HIT_MADE; i++)
                h.made[i] = p.made[i];
            for (int i = 0; i < HS_HIT_FLAGS; i++)
                h.flag[i] = p.flag[i];
        }
        static const char *const COLS[] = {"kind", "category", "combos", "share", "share_exact"};
        static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_DECIMAL, HS_CELL_DECIMAL,
                                    HS_CELL_FRACTION};
        if (rc == HS_OK && (t = hs_tbl_new(COLS, KINDS, 5)) != NULL) {
            char total[64];
            hs_text_weight(total, sizeof total, h.total);
            hs_tbl_note(t, "range", "%s", name);
            hs_req_known_notes(t, board, dead);
            hs_tbl_note(t, "combos", "%s", total);
            if (folded > 0) {
                folded_note(t, fnames, folded);
                hs_tbl_note(t, "folded_tuples", "%" PRIu64, plan.tuples);
                hs_tbl_note(t, "folded_solves", "%" PRIu64, plan.solves);
            }
            hits_board_table(t, &h);
        }
    } else if (rc == HS_OK) {
        /* every board: from the finished job, or run here */
        hs_job *own = NULL;
        const hs_job *job = x->job;
        hs_holdem_hits_folded_info info;
        memset(&info, 0, sizeof info);
        if (job == NULL) {
            rc = folded > 0 ? hits_folded_job(x, range, folded, fold, dead, streets, &own, &info)
                            : hs_holdem_hits_job_new(range, dead, streets, &own);
            if (rc == HS_OK)
                rc = hs_job_run(
                    own, 0, hs_job_units(own),
                    &(hs_job_opts){x->threads, x->progress, x->progress_ctx, NULL, NULL, 0.0});
            job = own;
        }
        hs_holdem_hits_class_folded *cls = malloc(HS_HOLDEM_CLASSES * sizeof *cls);
        int nc = 0;
        if (rc == HS_OK && cls == NULL)
            rc = HS_ERR_NOMEM;
        if (rc == HS_OK)
            rc = hits_classes(job, folded > 0, cls, &nc);
        if (rc == HS_ERR_OVERFLOW)
            rc = hs_req_fail(x, rc, "the exact counts of this query could pass 128 bits");
        else if (rc == HS_OK) {
            static const char *const COLS[] = {"class",  "combos",   "street",
                                               "kind",   "category", "hits",
                                               "boards", "share",    "share_exact"};
            static const int KINDS[] = {HS_CELL_TEXT,    HS_CELL_DECIMAL, HS_CELL_TEXT,
                                        HS_CELL_TEXT,    HS_CELL_TEXT,    HS_CELL_DECIMAL,
                                        HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_FRACTION};
            t = hs_tbl_new(COLS, KINDS, 9);
            if (t != NULL) {
                hs_tbl_note(t, "range", "%s", name);
                hs_req_known_notes(t, 0, dead);
                if (folded > 0) {
                    folded_note(t, fnames, folded);
                    if (!plan.capped)
                        hs_tbl_note(t, "folded_tuples", "%" PRIu64, plan.tuples);
                    hs_tbl_note(t, "folded_units", "%zu", hs_job_units(job));
                }
                for (int i = 0; i < nc; i++)
                    for (int s = 0; s < HS_STREETS; s++) {
                        if (!(streets & (1u << s)))
                            continue;
                        const hs_holdem_hits_folded *h = &cls[i].street[s];
                        char cname[4];
                        hs_holdem_class_name(cls[i].cls, cname);
                        for (int kind = 0; kind < 2; kind++) {
                            const int m = kind == 0 ? HS_HIT_MADE : HS_HIT_FLAGS;
                            for (int k = 0; k < m; k++) {
                                const hs_uint128 v = kind == 0 ? h->made[k] : h->flag[k];
                                hs_tbl_text(t, cname);
                                hs_tbl_weight(t, cls[i].weight);
                                hs_tbl_text(t, STREET_NAME[s]);
                                hs_tbl_text(t, kind == 0 ? "made" : "flag");
                                hs_tbl_text(t, kind == 0 ? hs_holdem_hit_name(k)
                                                         : hs_holdem_hit_flag_name(k));
                                hs_tbl_weight(t, v);
                                hs_tbl_weight(t, h->total);
                                hs_tbl_ratio(t, v, h->total);
                                hs_tbl_fraction(t, v, h->total);
                            }
                        }
                    }
            }
        } else
            rc = hs_req_lib_error(x, rc);
        free(cls);
        hs_job_free(own);
    }
    free(fr);
    free(fnames);
    free(fw);
    free(range);
    free(name);
    if (rc != HS_OK || x->phase == HS_REQ_START)
        return rc;
    return hs_req_answer(x, t);
}

/* ---- holdem equity-dist --------------------------------------------------------------------- */

/* The exact bound of equity-dist --folded (an error past it, never an estimate): at most
 * FOLDED_MAX_SOLVES engine runs, and the runs x the boards of one run (every completion, before
 * suit symmetry) x the 1,326 combinations ranked on each at most FOLDED_MAX_DIST_WORK: about a
 * minute on one core at equity-dist's measured 20 ns a combination and board (DIST_SECONDS). */
#define FOLDED_MAX_DIST_WORK 3e12L

/* The table of the distribution d[0..nd) (sorted, the best first): by combination, or in `bins`
 * equity bins; the notes common to both. NULL when out of memory. */
static hs_table *dist_table(const hs_holdem_dist_folded_combo *d, size_t nd, uint64_t bins) {
    hs_table *t = NULL;
    hs_uint128 wsum = 0;
    for (size_t i = 0; i < nd; i++)
        wsum += (hs_uint128)d[i].weight;
    if (bins > 0) {
        static const char *const COLS[] = {"bin", "low", "high", "combos", "share"};
        static const int KINDS[] = {HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_DECIMAL,
                                    HS_CELL_DECIMAL};
        t = hs_tbl_new(COLS, KINDS, 5);
        hs_uint128 *in = calloc((size_t)bins, sizeof *in);
        if (t != NULL && in != NULL) {
            for (size_t i = 0; i < nd; i++) {
                /* the bin floor(equity x bins): (2 wins + ties) < 2^128 / 1000 (the deals are
                 * checked against 2^128 / (2 x HS_HOLDEM_SHARE_UNIT)) */
                const hs_uint128 b =
                    (2 * d[i].wins + d[i].ties) * (hs_uint128)bins / (2 * d[i].deals);
                in[b >= bins ? bins - 1 : (size_t)b] += (hs_uint128)d[i].weight;
            }
            for (uint64_t b = 0; b < bins; b++) {
                hs_tbl_textf(t, "%" PRIu64, b + 1);
                hs_tbl_fixed(t, (double)b / (double)bins, 6);
                hs_tbl_fixed(t, (double)(b + 1) / (double)bins, 6);
                hs_tbl_weight(t, in[b]);
                hs_tbl_ratio(t, in[b], wsum);
            }
        } else if (t != NULL) {
            hs_table_free(t);
            t = NULL;
        }
        free(in);
    } else {
        static const char *const COLS[] = {"combo",        "class",     "weight", "deals",
                                           "wins",         "ties",      "losses", "equity",
                                           "equity_exact", "cumulative"};
        int KINDS[] = {HS_CELL_TEXT,     HS_CELL_TEXT,   HS_CELL_INT, HS_CELL_INT,
                       HS_CELL_INT,      HS_CELL_INT,    HS_CELL_INT, HS_CELL_DECIMAL,
                       HS_CELL_FRACTION, HS_CELL_DECIMAL};
        for (size_t i = 0; i < nd; i++)
            if (d[i].weight % 100 != 0)
                KINDS[2] = HS_CELL_DECIMAL;
        t = hs_tbl_new(COLS, KINDS, 10);
        hs_uint128 run = 0;
        for (size_t i = 0; t != NULL && i < nd; i++) {
            char combo[8], cls[4];
            hs_text_combo(combo, d[i].combo);
            hs_holdem_class_name(d[i].cls, cls);
            run += (hs_uint128)d[i].weight;
            const hs_uint128 num = 2 * d[i].wins + d[i].ties, den = 2 * d[i].deals;
            hs_tbl_text(t, combo);
            hs_tbl_text(t, cls);
            hs_req_weight_cell(t, (unsigned)d[i].weight);
            hs_tbl_u128(t, d[i].deals);
            hs_tbl_u128(t, d[i].wins);
            hs_tbl_u128(t, d[i].ties);
            hs_tbl_u128(t, d[i].losses);
            hs_tbl_ratio(t, num, den);
            hs_tbl_fraction(t, num, den);
            hs_tbl_ratio(t, run, wsum);
        }
    }
    return t;
}

/* The notes after the known cards': the combinations, their weight, the job's boards and symmetry
 * (job not NULL), the range's equity sum(weight x (2 wins + ties)) / sum(weight x 2 deals);
 * HS_ERR_OVERFLOW when a sum would pass 128 bits. */
static int dist_notes(hs_table *t, const hs_holdem_dist_folded_combo *d, size_t nd,
                      const hs_job *job) {
    hs_uint128 mnum = 0, mden = 0, wsum = 0;
    for (size_t i = 0; i < nd; i++)
        wsum += (hs_uint128)d[i].weight;
    char wtext[64];
    hs_text_weight(wtext, sizeof wtext, wsum);
    hs_tbl_note(t, "combinations", "%zu", nd);
    hs_tbl_note(t, "weight", "%s", wtext);
    if (job != NULL) {
        hs_tbl_note(t, "boards", "%zu", hs_holdem_equity_dist_boards(job));
        hs_tbl_note(t, "symmetry", "%d", hs_holdem_equity_dist_symmetry(job));
    }
    for (size_t i = 0; i < nd; i++) {
        hs_uint128 a, b;
        if (__builtin_mul_overflow((hs_uint128)d[i].weight, 2 * d[i].wins + d[i].ties, &a) ||
            __builtin_mul_overflow((hs_uint128)d[i].weight, 2 * d[i].deals, &b) ||
            __builtin_add_overflow(mnum, a, &mnum) || __builtin_add_overflow(mden, b, &mden))
            return HS_ERR_OVERFLOW;
    }
    char frac[128];
    hs_text_fraction(frac, sizeof frac, mnum, mden);
    hs_tbl_note(t, "equity", "%.12g", hs_tbl_ratio_value(mnum, mden));
    hs_tbl_note(t, "equity_exact", "%s", frac);
    return HS_OK;
}

/* equity-dist --folded: run here (no job), exact within FOLDED_MAX_SOLVES runs and
 * FOLDED_MAX_DIST_WORK, else an error saying how far past. */
static int folded_dist(hs_req_ctx *x, const hs_holdem_range *range,
                       char (*name)[HS_HOLDEM_RANGE_TEXT], int folded, const char *const *fold_text,
                       uint64_t board, uint64_t dead, uint64_t bins) {
    const hs_holdem_range *ranges[2] = {&range[0], &range[1]};
    hs_holdem_range *fr = NULL;
    char(*fnames)[HS_HOLDEM_RANGE_TEXT] = NULL;
    const hs_holdem_range *fold[HS_HOLDEM_MAX_FOLDED];
    hs_holdem_folded_plan plan;
    int rc = folded_ranges(x, 2, ranges, folded, fold_text, board, dead, &fr, &fnames, fold, &plan);
    if (rc == HS_OK) {
        const int left = HS_CARDS - hs_hand_size(board | dead) - 4;
        long double boards = 1;
        for (int i = 0; i < 5 - hs_hand_size(board); i++)
            boards = boards * (left - i) / (i + 1);
        const long double work = boards * HS_HOLDEM_COMBOS * (long double)plan.solves;
        if (plan.capped || plan.solves > FOLDED_MAX_SOLVES || work > FOLDED_MAX_DIST_WORK)
            rc = hs_req_fail(x, HS_ERR_OVERFLOW, /* too large for the exact count: exit 1 */
                             "folded: too much work for an exact answer: %s%" PRIu64
                             " engine runs x %.3Lg boards x %d combinations; the bound is %" PRIu64
                             " runs and %.3Lg (fewer or narrower folded ranges, or a board)",
                             plan.capped ? "over " : "", plan.solves, boards, HS_HOLDEM_COMBOS,
                             FOLDED_MAX_SOLVES, FOLDED_MAX_DIST_WORK);
    }
    if (rc == HS_OK && x->phase == HS_REQ_START)
        *x->job_out = NULL;
    hs_table *t = NULL;
    if (rc == HS_OK && x->phase == HS_REQ_FINISH) {
        hs_holdem_dist_folded_combo *d = malloc((range[0].n + 1) * sizeof *d);
        size_t nd = 0;
        rc = d == NULL
                 ? HS_ERR_NOMEM
                 : hs_holdem_equity_dist_folded(&range[0], &range[1], folded, fold, board, dead,
                                                x->threads, x->progress, x->progress_ctx, d, &nd);
        if (rc == HS_OK && (t = dist_table(d, nd, bins)) != NULL) {
            hs_tbl_note(t, "hero", "%s", name[0]);
            hs_tbl_note(t, "villain", "%s", name[1]);
            hs_req_known_notes(t, board, dead);
            folded_note(t, fnames, folded);
            hs_tbl_note(t, "folded_tuples", "%" PRIu64, plan.tuples);
            hs_tbl_note(t, "folded_solves", "%" PRIu64, plan.solves);
            rc = dist_notes(t, d, nd, NULL);
        }
        free(d);
        rc = count_status(x, rc,
                          "no deal is possible: no hero combination can be dealt beside the "
                          "villain's and the folded hands");
    }
    free(fr);
    free(fnames);
    if (rc != HS_OK) {
        hs_table_free(t);
        return rc;
    }
    return x->phase == HS_REQ_FINISH ? hs_req_answer(x, t) : HS_OK;
}

static int run_holdem_equity_dist(const hs_request *r, hs_req_ctx *x) {
    const char *text[3];
    const int n = hs_req_hands(r, text, 3);
    if (n != 2)
        return hs_req_fail(x, HS_ERR_ARG,
                           "expected two ranges (the hero's, then the villain's), got %d", n);
    uint64_t board, dead, bins;
    int rc = hs_req_number(r, "bins", 1, 1000, 0, &bins, x);
    if (rc == HS_OK)
        rc = hs_req_known(r, 0, 5, &board, &dead, x);
    if (rc != HS_OK)
        return rc;
    const char *fold_text[HS_HOLDEM_MAX_FOLDED];
    const int folded = req_values(r, "folded", fold_text, HS_HOLDEM_MAX_FOLDED);
    if (folded > HS_HOLDEM_MAX_FOLDED)
        return hs_req_fail(x, HS_ERR_ARG, "expected at most %d folded ranges, got %d",
                           HS_HOLDEM_MAX_FOLDED, folded);
    hs_holdem_range *range = malloc(2 * sizeof *range);
    char(*name)[HS_HOLDEM_RANGE_TEXT] = malloc(2 * sizeof *name);
    hs_holdem_dist_combo *d = malloc(HS_HOLDEM_COMBOS * sizeof *d);
    hs_holdem_dist_folded_combo *wide = malloc(HS_HOLDEM_COMBOS * sizeof *wide);
    hs_job *own = NULL;
    hs_table *t = NULL;
    if (range == NULL || name == NULL || d == NULL || wide == NULL)
        rc = hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
    if (rc == HS_OK)
        rc = one_range(r, "hand 1", 0, board | dead, &range[0], name[0], x);
    if (rc == HS_OK)
        rc = one_range(r, "hand 2", 1, board | dead, &range[1], name[1], x);
    if (rc == HS_OK && folded > 0) {
        rc = folded_dist(x, range, name, folded, fold_text, board, dead, bins);
        free(range);
        free(name);
        free(d);
        free(wide);
        return rc;
    }
    const hs_job *job = x->job;
    if (rc == HS_OK && (x->phase == HS_REQ_START || job == NULL)) {
        hs_job **slot = x->phase == HS_REQ_START ? x->job_out : &own;
        rc = hs_holdem_equity_dist_job_new(&range[0], &range[1], board, dead, slot);
        if (rc == HS_ERR_COUNT) {
            char t0[200], t1[200];
            rc = hs_req_fail(
                x, rc,
                "no deal is possible: every combination of '%s' shares a card with every "
                "combination of '%s'",
                hs_text_token(t0, name[0], strlen(name[0])),
                hs_text_token(t1, name[1], strlen(name[1])));
        } else if (rc != HS_OK)
            rc = hs_req_lib_error(x, rc);
        else if (x->phase == HS_REQ_FINISH) {
            rc = hs_job_run(
                own, 0, hs_job_units(own),
                &(hs_job_opts){x->threads, x->progress, x->progress_ctx, NULL, NULL, 0.0});
            if (rc != HS_OK)
                rc = hs_req_lib_error(x, rc);
            job = own;
        }
    }
    if (rc == HS_OK && x->phase == HS_REQ_FINISH) {
        const size_t nd = hs_holdem_equity_dist_result(job, d);
        for (size_t i = 0; i < nd; i++)
            wide[i] = (hs_holdem_dist_folded_combo){d[i].combo, d[i].cls,  d[i].weight, d[i].deals,
                                                    d[i].wins,  d[i].ties, d[i].losses};
        t = dist_table(wide, nd, bins);
        if (t != NULL) {
            hs_tbl_note(t, "hero", "%s", name[0]);
            hs_tbl_note(t, "villain", "%s", name[1]);
            hs_req_known_notes(t, board, dead);
            (void)dist_notes(t, wide, nd, job); /* 64-bit counts times a weight: within 128 */
        }
    }
    hs_job_free(own);
    free(range);
    free(name);
    free(d);
    free(wide);
    if (rc != HS_OK || x->phase == HS_REQ_START)
        return rc;
    return hs_req_answer(x, t);
}

/* ---- the registry's entries ----------------------------------------------------------------- */

#define A_BOARD                                                                                    \
    { "board", HS_ARG_BOARD, 0, 1, NULL, NULL, "0 to 5 known board cards" }
#define A_DEAD                                                                                     \
    { "dead", HS_ARG_CARDS, 0, 1, NULL, NULL, "cards out of play" }
#define A_SAMPLES                                                                                  \
    {                                                                                              \
        "samples", HS_ARG_COUNT, 0, 1, NULL, NULL,                                                 \
            "a Monte Carlo estimate from this many deals instead"                                  \
    }
#define A_SEED                                                                                     \
    { "seed", HS_ARG_COUNT, 0, 1, NULL, "1", "the estimate's random seed" }

static const hs_command_arg EQUITY_ARGS[] = {
    {"hand", HS_ARG_RANGE, 2, 9, NULL, NULL,
     "a range: AhKd, AA, AKs, QQ+, A2s+, 55-22, random, 15%, ITEM@50"},
    A_BOARD,
    A_DEAD,
    A_SAMPLES,
    A_SEED,
    {"folded", HS_ARG_RANGE, 0, HS_HOLDEM_MAX_FOLDED, NULL, NULL,
     "a folded player's range: its hand is out of play (card removal); up to 8"}};
static const char *const EQUITY_EXAMPLE[] = {"hand", "AhAd", "hand", "KsKc", NULL};
const hs_command_def hs_req_holdem_equity = {
    {"holdem equity", "Hold'em equity",
     "exact equity of 2 to 9 ranges over every completion of the board (an estimate with samples)",
     EQUITY_ARGS, HS_REQ_N(EQUITY_ARGS), EQUITY_EXAMPLE, "holdem equity AhAd KsKc",
     HS_COMMAND_WORK_NOTE | HS_COMMAND_SAMPLES},
    run_holdem_equity,
    NULL};

static const hs_command_arg SHORTDECK_ARGS[] = {
    {"hand", HS_ARG_RANGE, 2, 9, NULL, NULL,
     "a range of short-deck cards (6 through A): AhKd, AA, AKs, QQ+, random, ITEM@50"},
    A_BOARD,
    A_DEAD,
    {"straight-beats-trips", HS_ARG_FLAG, 0, 1, NULL, NULL, "a straight beats three of a kind"}};
static const char *const SHORTDECK_EXAMPLE[] = {"hand",  "AhKh",     "hand", "QsQd",
                                                "board", "Jh Th 6c", NULL};
const hs_command_def hs_req_shortdeck_equity = {
    {"shortdeck equity", "Short-deck equity",
     "exact short-deck hold'em equity (36 cards, 6 through A) of 2 to 9 ranges over every "
     "completion of the board",
     SHORTDECK_ARGS, HS_REQ_N(SHORTDECK_ARGS), SHORTDECK_EXAMPLE,
     "shortdeck equity AhKh QsQd --board 'Jh Th 6c'", HS_COMMAND_WORK_NOTE},
    run_shortdeck_equity,
    NULL};

/* Measured costs on one Intel Xeon thread: a combination categorized on one board (hits,
 * HIT_SECONDS above), a combination ranked and swept on one board (equity-dist). */
#define DIST_SECONDS 20e-9

static double hits_seconds(const hs_request *r, const hs_job *job) {
    (void)r;
    const char *p = strstr(hs_job_params(job), "streets=");
    const unsigned streets = p != NULL ? (unsigned)atoi(p + 8) : 1;
    const double per_unit = ((streets & 1) ? 19600.0 : 0) + ((streets & 2) ? 230300.0 : 0) +
                            ((streets & 4) ? 2118760.0 : 0);
    return per_unit * (double)hs_job_units(job) * HIT_SECONDS;
}

static const hs_command_arg HITS_ARGS[] = {
    {"hand", HS_ARG_RANGE, 1, 1, NULL, NULL, "one range"},
    {"board", HS_ARG_BOARD, 0, 1, NULL, NULL, "the flop, turn or river: 3 to 5 cards"},
    {"streets", HS_ARG_CHOICE, 0, 1, "flop|turn|river", NULL,
     "instead of board: flop, turn, river (several separated by commas: \"flop,turn\")"},
    A_DEAD,
    {"by-combo", HS_ARG_FLAG, 0, 1, NULL, NULL,
     "each combination with its category and flags (with board)"},
    {"folded", HS_ARG_RANGE, 0, HS_HOLDEM_MAX_FOLDED, NULL, NULL,
     "a folded player's range: its hand is out of play (card removal); up to 8"}};
static const char *const HITS_EXAMPLE[] = {"hand", "QQ+,AKs", "board", "Kh7d2c", NULL};
const hs_command_def hs_req_holdem_hits = {
    {"holdem hits", "Hold'em board analysis",
     "what a range makes on a board (made-hand categories and draws), or over every flop, turn "
     "or river",
     HITS_ARGS, HS_REQ_N(HITS_ARGS), HITS_EXAMPLE, "holdem hits QQ+,AKs --board Kh7d2c",
     HS_COMMAND_JOB},
    run_holdem_hits,
    hits_seconds};

static double dist_seconds(const hs_request *r, const hs_job *job) {
    (void)r;
    return (double)hs_holdem_equity_dist_boards(job) * HS_HOLDEM_COMBOS * DIST_SECONDS;
}

static const hs_command_arg DIST_ARGS[] = {
    {"hand", HS_ARG_RANGE, 2, 2, NULL, NULL, "the hero's range, then the villain's"},
    A_BOARD,
    A_DEAD,
    {"bins", HS_ARG_COUNT, 0, 1, NULL, NULL,
     "a histogram of this many equity bins (1..1000) instead"},
    {"folded", HS_ARG_RANGE, 0, HS_HOLDEM_MAX_FOLDED, NULL, NULL,
     "a folded player's range: its hand is out of play (card removal); up to 8"}};
static const char *const DIST_EXAMPLE[] = {"hand",  "random", "hand", "QQ+,AKs",
                                           "board", "Kh7d2c", NULL};
const hs_command_def hs_req_holdem_equity_dist = {
    {"holdem equity-dist", "Hold'em equity distribution",
     "each combination of the hero's range with its exact equity against the villain's", DIST_ARGS,
     HS_REQ_N(DIST_ARGS), DIST_EXAMPLE, "holdem equity-dist random QQ+,AKs --board Kh7d2c",
     HS_COMMAND_JOB},
    run_holdem_equity_dist,
    dist_seconds};
