/* The request layer's Omaha and stud adapters: Omaha equity and rank, stud and razz equity
 * (their hands' pots in one table shape), each with its registry entry. */
#include "request_internal.h"

#include "handstat/handstat.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- omaha, stud and razz equity ----------------------------------------------------------- */

/* The hands of a split-pot game: min..max cards each, all the same number, no card twice. */
static int pot_hands(const hs_request *r, int max_players, int min, int max, const char *expected,
                     const char *game, uint64_t *masks, int (*written)[HS_CARDS], int *players,
                     hs_req_ctx *x) {
    const char *text[HS_HOLDEM_MAX_PLAYERS];
    const int n = hs_req_hands(r, text, max_players);
    *players = n;
    if (n < 2 || n > max_players)
        return hs_req_fail(x, HS_ERR_ARG, "expected 2 to %d hands, got %d", max_players, n);
    uint64_t used = 0;
    int size = 0;
    for (int p = 0; p < n; p++) {
        char what[16];
        snprintf(what, sizeof what, "hand %d", p + 1);
        int k = hs_req_cards(what, text[p], min, max, expected, written[p], &masks[p], x);
        if (k < 0)
            return k;
        if (p == 0)
            size = k;
        else if (k != size)
            return hs_req_fail(
                x, HS_ERR_COUNT,
                "hand %d has %d cards, hand 1 has %d: every %s hand holds the same number", p + 1,
                k, size, game);
        if (used & masks[p]) {
            char name[3];
            hs_card_format(__builtin_ctzll(used & masks[p]), name);
            return hs_req_fail(x, HS_ERR_DUPLICATE, "%s: %s is already in another hand", what,
                               name);
        }
        used |= masks[p];
    }
    return size;
}

/* The players' table of a split-pot game. */
static hs_table *pot_table(int hilo, int players, int size, int (*written)[HS_CARDS],
                           const uint64_t (*row)[6], uint64_t den) {
    static const char *const HIGH[] = {"player", "hand",   "wins",        "ties",
                                       "losses", "equity", "equity_exact"};
    static const char *const HILO[] = {"player",    "hand",   "scoops",      "high_share",
                                       "low_share", "equity", "equity_exact"};
    static const int K_HIGH[] = {HS_CELL_INT, HS_CELL_TEXT,    HS_CELL_INT,     HS_CELL_INT,
                                 HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION};
    static const int K_HILO[] = {HS_CELL_INT,     HS_CELL_TEXT,    HS_CELL_INT,     HS_CELL_DECIMAL,
                                 HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_FRACTION};
    hs_table *t = hs_tbl_new(hilo ? HILO : HIGH, hilo ? K_HILO : K_HIGH, 7);
    for (int p = 0; t != NULL && p < players; p++) {
        /* row: wins, ties, losses, scoops, high_share, low_share */
        char hand[3 * HS_CARDS + 1];
        hs_req_cards_text(hand, sizeof hand, written[p], size);
        hs_tbl_u128(t, (hs_uint128)(p + 1));
        hs_tbl_text(t, hand);
        if (hilo) {
            hs_tbl_u128(t, row[p][3]);
            hs_tbl_fixed(t, (double)row[p][4] / (double)den, 6);
            hs_tbl_fixed(t, (double)row[p][5] / (double)den, 6);
        } else {
            hs_tbl_u128(t, row[p][0]);
            hs_tbl_u128(t, row[p][1]);
            hs_tbl_u128(t, row[p][2]);
        }
        hs_tbl_double(t, (double)(row[p][4] + row[p][5]) / (double)den);
        hs_tbl_fraction(t, row[p][4] + row[p][5], den);
    }
    return t;
}

static int run_omaha_hands(const hs_request *r, hs_req_ctx *x) {
    uint64_t hole[HS_OMAHA_MAX_PLAYERS], board, dead;
    int written[HS_OMAHA_MAX_PLAYERS][HS_CARDS], players, hilo;
    int rc = hs_req_flag(r, "hilo", &hilo, x);
    if (rc != HS_OK)
        return rc;
    int size = pot_hands(r, HS_OMAHA_MAX_PLAYERS, 4, 6, "4, 5 or 6 cards", "Omaha", hole, written,
                         &players, x);
    if (size < 0)
        return size;
    if ((rc = hs_req_known(r, 0, 5, &board, &dead, x)) != HS_OK)
        return rc;
    uint64_t used = 0;
    for (int p = 0; p < players; p++)
        used |= hole[p];
    if ((board | dead) & used) {
        char name[3];
        hs_card_format(__builtin_ctzll((board | dead) & used), name);
        return hs_req_fail(x, HS_ERR_DUPLICATE, "%s: %s is already in a hand",
                           (board & used) ? "board" : "dead", name);
    }
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    hs_omaha_equity e;
    rc = hs_omaha_equity_run(hole, players, board, dead, hilo, x->threads, x->progress,
                             x->progress_ctx, &e);
    if (rc == HS_ERR_COUNT)
        return hs_req_fail(x, rc, "too few cards are left to complete the board");
    if (rc != HS_OK)
        return hs_req_lib_error(x, rc);
    uint64_t row[HS_OMAHA_MAX_PLAYERS][6];
    for (int p = 0; p < players; p++) {
        const hs_omaha_player *q = &e.p[p];
        const uint64_t v[6] = {q->wins, q->ties, q->losses, q->scoops, q->high_share, q->low_share};
        memcpy(row[p], v, sizeof v);
    }
    hs_table *t = pot_table(hilo, players, size, written, (const uint64_t(*)[6])row,
                            e.boards * HS_OMAHA_SHARE_UNIT);
    if (t != NULL) {
        hs_req_known_notes(t, board, dead);
        hs_tbl_note(t, "boards", "%" PRIu64, e.boards);
        if (hilo)
            hs_tbl_note(t, "low_boards", "%" PRIu64, e.low_boards);
    }
    return hs_req_answer(x, t);
}

/* ---- omaha equity with ranges ---------------------------------------------------------------- */

/* Whether text is plain cards, 4 to 6 of them (a hand, not a range); their number in *n. */
static int plain_hand(const char *text, int *n) {
    int cards[HS_CARDS];
    size_t count = 0;
    hs_parse_error err;
    if (hs_cards_parse(text, strlen(text), cards, HS_CARDS, &count, &err) != HS_OK)
        return 0;
    *n = (int)count;
    return count >= 4 && count <= 6;
}

/* The text of a range without blanks at its ends, into buf. */
static void trimmed(char *buf, size_t cap, const char *text) {
    size_t a = 0, b = strlen(text);
    while (a < b && (text[a] == ' ' || text[a] == '\t' || text[a] == '\n' || text[a] == '\r'))
        a++;
    while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\n' ||
                     text[b - 1] == '\r'))
        b--;
    snprintf(buf, cap, "%.*s", (int)(b - a), text + a);
}

/* Parse an Omaha range for `what`, with a message naming the offending token. */
static int omaha_range_of(const char *what, const char *text, int cards, hs_omaha_range *out,
                          hs_req_ctx *x) {
    hs_parse_error err = {0, 0, 0};
    char why[128], tok[200];
    int rc = hs_omaha_range_parse(text, strlen(text), cards, out, &err, why, sizeof why);
    if (rc == HS_ERR_TOKEN || rc == HS_ERR_COUNT)
        return hs_req_fail(x, rc, "%s: '%s': %s", what,
                           hs_text_token(tok, text + err.offset, err.length), why);
    if (rc == HS_ERR_OVERFLOW)
        return hs_req_fail(x, rc, "%s: %s (for its size: handstat omaha range --count)", what, why);
    if (rc != HS_OK)
        return hs_req_lib_error(x, rc);
    if (out->n == 0)
        return hs_req_fail(x, HS_ERR_COUNT, "%s: '%s' holds no hand of %d cards", what, text,
                           cards);
    return HS_OK;
}

/* C(52, k) for k = 4..6. */
static uint64_t binom52(int k) {
    return k == 4 ? 270725u : k == 5 ? 2598960u : 20358520u;
}

/* The default number of samples when a range query is too big to count exactly. */
#define OMAHA_AUTO_SAMPLES 1000000

static int run_omaha_equity(const hs_request *r, hs_req_ctx *x) {
    const char *text[HS_OMAHA_MAX_PLAYERS + 1];
    const int players = hs_req_hands(r, text, HS_OMAHA_MAX_PLAYERS);
    uint64_t samples = 0, seed = 1, cards_opt = 0;
    int rc = hs_req_samples(r, &samples, &seed, x);
    if (rc == HS_OK)
        rc = hs_req_number(r, "cards", 4, 6, 0, &cards_opt, x);
    if (rc != HS_OK)
        return rc;
    int all_plain = 1, size = 0;
    for (int p = 0; p < players && p < HS_OMAHA_MAX_PLAYERS; p++) {
        int n = 0;
        if (plain_hand(text[p], &n)) {
            if (size == 0)
                size = n;
        } else {
            all_plain = 0;
        }
    }
    if (players < 2 || players > HS_OMAHA_MAX_PLAYERS ||
        (all_plain && samples == 0 && (cards_opt == 0 || (int)cards_opt == size)))
        return run_omaha_hands(r, x);
    const int cards = cards_opt ? (int)cards_opt : size ? size : 4;
    int hilo;
    uint64_t board, dead;
    if ((rc = hs_req_flag(r, "hilo", &hilo, x)) != HS_OK ||
        (rc = hs_req_known(r, 0, 5, &board, &dead, x)) != HS_OK)
        return rc;
    hs_omaha_range range[HS_OMAHA_MAX_PLAYERS];
    memset(range, 0, sizeof range);
    char names[HS_OMAHA_MAX_PLAYERS][96];
    const hs_omaha_range *ranges[HS_OMAHA_MAX_PLAYERS];
    for (int p = 0; p < players && rc == HS_OK; p++) {
        char what[16];
        snprintf(what, sizeof what, "hand %d", p + 1);
        ranges[p] = &range[p];
        int n = 0;
        if (plain_hand(text[p], &n)) {
            int c[HS_CARDS];
            uint64_t mask;
            if ((rc = hs_req_cards(what, text[p], 4, 6, "4, 5 or 6 cards", c, &mask, x)) < 0)
                break;
            rc = HS_OK;
            if (n != cards) {
                rc = hs_req_fail(x, HS_ERR_COUNT,
                                 "%s has %d cards, the others %d: every Omaha hand holds the same "
                                 "number",
                                 what, n, cards);
                break;
            }
            range[p].cards = cards;
            range[p].n = 1;
            range[p].hand = malloc(sizeof(uint64_t));
            range[p].weight = malloc(1);
            if (range[p].hand == NULL || range[p].weight == NULL) {
                rc = hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
                break;
            }
            range[p].hand[0] = mask;
            range[p].weight[0] = 100;
            hs_req_cards_text(names[p], sizeof names[p], c, n);
        } else {
            rc = omaha_range_of(what, text[p], cards, &range[p], x);
            trimmed(names[p], sizeof names[p], text[p]);
            if (strlen(text[p]) > 90)
                snprintf(names[p] + 86, 10, "...");
        }
        if (rc != HS_OK)
            break;
        size_t live = 0;
        for (size_t i = 0; i < range[p].n; i++)
            live += (range[p].hand[i] & (board | dead)) == 0;
        if (live == 0) {
            uint64_t clash = range[p].hand[0] & (board | dead);
            char name[3];
            hs_card_format(__builtin_ctzll(clash), name);
            rc = range[p].n == 1
                     ? hs_req_fail(x, HS_ERR_DUPLICATE, "%s: %s is already in %s", what, name,
                                   (clash & board) ? "the board" : "the dead cards")
                     : hs_req_fail(x, HS_ERR_COUNT,
                                   "%s: every hand of '%s' meets the board or the dead cards", what,
                                   names[p]);
            break;
        }
        for (int q = 0; q < p && range[p].n == 1; q++)
            if (range[q].n == 1 && (range[q].hand[0] & range[p].hand[0])) {
                char name[3];
                hs_card_format(__builtin_ctzll(range[q].hand[0] & range[p].hand[0]), name);
                rc = hs_req_fail(x, HS_ERR_DUPLICATE, "%s: %s is already in another hand", what,
                                 name);
                break;
            }
    }
    const double work = rc == HS_OK ? hs_omaha_range_work(ranges, players, board, dead) : 0;
    const int estimate = samples > 0 || work > HS_OMAHA_EXACT_MAX_WORK;
    if (rc != HS_OK || x->phase == HS_REQ_START) {
        if (rc == HS_OK)
            *x->job_out = NULL;
        for (int p = 0; p < players; p++)
            hs_omaha_range_free(&range[p]);
        return rc;
    }
    hs_table *t = NULL;
    if (estimate) {
        const int automatic = samples == 0;
        if (automatic)
            samples = OMAHA_AUTO_SAMPLES;
        hs_omaha_equity_sample_result e;
        rc = hs_omaha_equity_sample(ranges, players, board, dead, hilo, samples, seed, x->threads,
                                    x->progress, x->progress_ctx, &e);
        if (rc == HS_OK) {
            static const char *const HIGH[] = {"player", "hand",   "samples",   "wins", "ties",
                                               "losses", "equity", "std_error", "kind"};
            static const char *const HILO[] = {"player", "hand",       "samples",
                                               "scoops", "high_share", "low_share",
                                               "equity", "std_error",  "kind"};
            static const int K_HIGH[] = {HS_CELL_INT,     HS_CELL_TEXT,    HS_CELL_INT,
                                         HS_CELL_INT,     HS_CELL_INT,     HS_CELL_INT,
                                         HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_TEXT};
            static const int K_HILO[] = {HS_CELL_INT,     HS_CELL_TEXT,    HS_CELL_INT,
                                         HS_CELL_INT,     HS_CELL_DECIMAL, HS_CELL_DECIMAL,
                                         HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_TEXT};
            t = hs_tbl_new(hilo ? HILO : HIGH, hilo ? K_HILO : K_HIGH, 9);
            if (t != NULL) {
                hs_req_known_notes(t, board, dead);
                hs_tbl_note(t, "samples", "%" PRIu64, e.samples);
                hs_tbl_note(t, "seed", "%" PRIu64, seed);
                hs_tbl_note(t, "kind", "estimate");
                hs_tbl_note(t, "cards", "%d", cards);
                if (automatic)
                    hs_tbl_note(t, "why", "an exact count takes %.3g steps, over the bound of %.0e",
                                work, HS_OMAHA_EXACT_MAX_WORK);
                if (hilo)
                    hs_tbl_note(t, "low_samples", "%" PRIu64, e.low_samples);
                const double den = (double)e.samples * HS_OMAHA_SHARE_UNIT;
                for (int p = 0; p < players; p++) {
                    const hs_omaha_sample_player *q = &e.p[p];
                    hs_tbl_u128(t, (hs_uint128)(p + 1));
                    hs_tbl_text(t, names[p]);
                    hs_tbl_u128(t, e.samples);
                    if (hilo) {
                        hs_tbl_u128(t, q->scoops);
                        hs_tbl_fixed(t, (double)q->high_share / den, 6);
                        hs_tbl_fixed(t, (double)q->low_share / den, 6);
                    } else {
                        hs_tbl_u128(t, q->wins);
                        hs_tbl_u128(t, q->ties);
                        hs_tbl_u128(t, q->losses);
                    }
                    hs_tbl_double(t, q->equity);
                    hs_tbl_double(t, q->std_error);
                    hs_tbl_text(t, "estimate");
                }
            }
        }
    } else {
        hs_omaha_equity_exact e;
        rc = hs_omaha_equity_ranges(ranges, players, board, dead, hilo, x->threads, x->progress,
                                    x->progress_ctx, &e);
        if (rc == HS_OK) {
            static const char *const HIGH[] = {"player", "hand",   "wins",        "ties",
                                               "losses", "equity", "equity_exact"};
            static const char *const HILO[] = {"player",    "hand",   "scoops",      "high_share",
                                               "low_share", "equity", "equity_exact"};
            static const int K_HIGH[] = {HS_CELL_INT, HS_CELL_TEXT,    HS_CELL_INT,     HS_CELL_INT,
                                         HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION};
            static const int K_HILO[] = {HS_CELL_INT,     HS_CELL_TEXT,    HS_CELL_INT,
                                         HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_DECIMAL,
                                         HS_CELL_FRACTION};
            t = hs_tbl_new(hilo ? HILO : HIGH, hilo ? K_HILO : K_HIGH, 7);
            if (t != NULL) {
                int weighted = 0;
                for (int p = 0; p < players; p++)
                    for (size_t i = 0; i < range[p].n; i++)
                        weighted |= range[p].weight[i] != range[p].weight[0];
                char num[48];
                hs_req_known_notes(t, board, dead);
                hs_tbl_note(t, "deals", "%s", hs_tbl_u128_text(num, sizeof num, e.deals));
                if (hilo)
                    hs_tbl_note(t, "low_deals", "%s",
                                hs_tbl_u128_text(num, sizeof num, e.low_deals));
                hs_tbl_note(t, "weighted", "%d", weighted);
                hs_tbl_note(t, "kind", "exact");
                hs_tbl_note(t, "cards", "%d", cards);
                const hs_uint128 den = e.deals * HS_OMAHA_SHARE_UNIT;
                for (int p = 0; p < players; p++) {
                    const hs_omaha_player_exact *q = &e.p[p];
                    hs_tbl_u128(t, (hs_uint128)(p + 1));
                    hs_tbl_text(t, names[p]);
                    if (hilo) {
                        hs_tbl_u128(t, q->scoops);
                        hs_tbl_fixed(t, hs_tbl_ratio_value(q->high_share, den), 6);
                        hs_tbl_fixed(t, hs_tbl_ratio_value(q->low_share, den), 6);
                    } else {
                        hs_tbl_u128(t, q->wins);
                        hs_tbl_u128(t, q->ties);
                        hs_tbl_u128(t, q->losses);
                    }
                    hs_tbl_ratio(t, q->high_share + q->low_share, den);
                    hs_tbl_fraction(t, q->high_share + q->low_share, den);
                }
            }
        }
    }
    for (int p = 0; p < players; p++)
        hs_omaha_range_free(&range[p]);
    if (rc == HS_ERR_COUNT)
        return hs_req_fail(x, rc,
                           estimate ? "no deal is possible: the ranges' hands (nearly) always "
                                      "collide, or too few cards are left"
                                    : "no deal is possible: every choice of hands collides, or "
                                      "too few cards are left");
    if (rc != HS_OK)
        return hs_req_lib_error(x, rc);
    return hs_req_answer(x, t);
}

static int run_stud(const hs_request *r, hs_req_ctx *x, int razz) {
    uint64_t hands[HS_STUD_MAX_PLAYERS], dead = 0;
    int written[HS_STUD_MAX_PLAYERS][HS_CARDS], players, hilo = 0, rc = HS_OK;
    if (!razz && (rc = hs_req_flag(r, "hilo", &hilo, x)) != HS_OK)
        return rc;
    int size = pot_hands(r, HS_STUD_MAX_PLAYERS, 3, 7, "3 to 7 cards", "stud", hands, written,
                         &players, x);
    if (size < 0)
        return size;
    const char *d = hs_req_get(r, "dead");
    int cards[HS_CARDS];
    if (d != NULL &&
        (rc = hs_req_cards("dead", d, 0, HS_CARDS, "fewer cards", cards, &dead, x)) < 0)
        return rc;
    rc = HS_OK;
    uint64_t used = 0;
    for (int p = 0; p < players; p++)
        used |= hands[p];
    if (dead & used) {
        char name[3];
        hs_card_format(__builtin_ctzll(dead & used), name);
        return hs_req_fail(x, HS_ERR_DUPLICATE, "dead: %s is already in a hand", name);
    }
    const int game = razz ? HS_STUD_RAZZ : hilo ? HS_STUD_HILO : HS_STUD_HIGH;
    hs_job *own = NULL;
    const hs_job *job = x->job;
    if (x->phase == HS_REQ_START || job == NULL) {
        hs_job **slot = x->phase == HS_REQ_START ? x->job_out : &own;
        rc = hs_stud_equity_job_new(hands, players, dead, game, slot);
        if (rc == HS_ERR_COUNT)
            return hs_req_fail(
                x, rc, "too few cards: %d players of seven cards%s need %d, the deck has 52",
                players, dead ? " and the dead cards" : "", players * 7 + hs_hand_size(dead));
        if (rc == HS_ERR_OVERFLOW) {
            double steps = 0, deals = 0;
            hs_stud_equity_size(hands, players, dead, &steps, &deals);
            static const char *const STREET[] = {"third", "fourth", "fifth", "sixth", "seventh"};
            return hs_req_fail(
                x, rc,
                "too large to count exactly: %.3g deals, %.3g counting steps (at most "
                "%.0e, hours of work); deal fewer players or a later street (%d players "
                "on %s street)",
                deals, steps, (double)HS_STUD_MAX_STEPS, players, STREET[size - 3]);
        }
        if (rc != HS_OK)
            return hs_req_lib_error(x, rc);
        if (x->phase == HS_REQ_START)
            return HS_OK;
        rc = hs_job_run(own, 0, hs_job_units(own),
                        &(hs_job_opts){x->threads, x->progress, x->progress_ctx, NULL, NULL, 0.0});
        job = own;
    }
    hs_stud_equity e;
    if (rc == HS_OK)
        rc = hs_stud_equity_result(job, &e);
    hs_job_free(own);
    if (rc != HS_OK)
        return hs_req_lib_error(x, rc);
    uint64_t row[HS_STUD_MAX_PLAYERS][6];
    for (int p = 0; p < players; p++) {
        const hs_stud_player *q = &e.p[p];
        const uint64_t v[6] = {q->wins, q->ties, q->losses, q->scoops, q->high_share, q->low_share};
        memcpy(row[p], v, sizeof v);
    }
    hs_table *t = pot_table(hilo, players, size, written, (const uint64_t(*)[6])row,
                            e.deals * HS_STUD_SHARE_UNIT);
    if (t != NULL) {
        char text[3 * HS_CARDS + 1];
        hs_hand_format(dead, text, sizeof text);
        hs_tbl_note(t, "dead", "%s", dead ? text : "");
        hs_tbl_note(t, "deals", "%" PRIu64, e.deals);
        if (hilo)
            hs_tbl_note(t, "low_deals", "%" PRIu64, e.low_deals);
    }
    return hs_req_answer(x, t);
}

static int run_stud_equity(const hs_request *r, hs_req_ctx *x) {
    return run_stud(r, x, 0);
}

static int run_razz_equity(const hs_request *r, hs_req_ctx *x) {
    return run_stud(r, x, 1);
}

/* omaha rank: the best high (exactly two hole and three board cards) and 8-or-better low of
 * 4..6 hole cards ("hand") and a board of 3..5. One row: class,category,description,best_five,
 * low_class (0: none),low_description. */
static int run_omaha_rank(const hs_request *r, hs_req_ctx *x) {
    const char *text = NULL, *board_text = hs_req_get(r, "board");
    int cards[HS_CARDS];
    uint64_t hole, board;
    int rc = hs_req_one_hand(r, &text, x);
    if (rc != HS_OK)
        return rc;
    if (board_text == NULL)
        return hs_req_fail(x, HS_ERR_ARG, "board: 3, 4 or 5 board cards are needed");
    if ((rc = hs_req_cards("hole", text, 4, 6, "4, 5 or 6 cards", cards, &hole, x)) < 0 ||
        (rc = hs_req_cards("board", board_text, 3, 5, "3, 4 or 5 cards", cards, &board, x)) < 0)
        return rc;
    if (hole & board) {
        char name[3];
        hs_card_format(__builtin_ctzll(hole & board), name);
        return hs_req_fail(x, HS_ERR_DUPLICATE, "board: %s is already in the hole cards", name);
    }
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const int cls = hs_omaha_rank(hole, board), low = hs_omaha_low(hole, board);
    char desc[128], five[32], low_text[32] = "";
    hs_poker_describe(cls, desc, sizeof desc);
    hs_hand_format(hs_omaha_best_five(hole, board), five, sizeof five);
    if (low)
        hs_low8_describe(low, low_text, sizeof low_text);
    static const char *const COLS[] = {"class",     "category",  "description",
                                       "best_five", "low_class", "low_description"};
    static const int KINDS[] = {HS_CELL_INT,  HS_CELL_TEXT, HS_CELL_TEXT,
                                HS_CELL_TEXT, HS_CELL_INT,  HS_CELL_TEXT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 6);
    if (t != NULL) {
        hs_tbl_u128(t, (hs_uint128)cls);
        hs_tbl_text(t, hs_poker_category_name(hs_poker_category(cls)));
        hs_tbl_text(t, desc);
        hs_tbl_text(t, five);
        hs_tbl_u128(t, (hs_uint128)low);
        hs_tbl_text(t, low_text);
    }
    return hs_req_answer(x, t);
}

/* poker compare: two hands of 5..7 cards, each ranked by its best five (they may share cards,
 * as two hold'em hands share the board): hand,cards,class,category,description; the note
 * "winner" is 1, 2 or tie. */

/* ---- the registry's entries ----------------------------------------------------------------- */

#define A_DEAD                                                                                     \
    { "dead", HS_ARG_CARDS, 0, 1, NULL, NULL, "cards out of play" }
#define A_HILO                                                                                     \
    { "hilo", HS_ARG_FLAG, 0, 1, NULL, NULL, "8-or-better hi/lo" }

static const hs_command_arg OMAHA_ARGS[] = {
    {"hand", HS_ARG_TEXT, 2, 9, NULL, NULL,
     "4 to 6 cards (every hand as many), or a range: AA**, AxAyxy, KK-TT, RRON, $ds, A:B, A!B, "
     "ITEM@50"},
    {"board", HS_ARG_BOARD, 0, 1, NULL, NULL, "0 to 5 known board cards"},
    A_DEAD,
    A_HILO,
    {"cards", HS_ARG_COUNT, 0, 1, NULL, NULL,
     "cards per hand, 4 to 6 (default: the plain hands', else 4)"},
    {"samples", HS_ARG_COUNT, 0, 1, NULL, NULL, "a Monte Carlo estimate from this many deals"},
    {"seed", HS_ARG_COUNT, 0, 1, NULL, "1", "the estimate's random seed"}};
static const char *const OMAHA_EXAMPLE[] = {"hand", "AhAdKsQs", "hand", "9h8h7c6c", NULL};
const hs_command_def hs_req_omaha_equity = {
    {"omaha equity", "Omaha equity",
     "exact Omaha equity of 2 to 9 hands or ranges of 4, 5 or 6 cards, high or 8-or-better hi/lo "
     "(an estimate past the exact bound, or with samples)",
     OMAHA_ARGS, HS_REQ_N(OMAHA_ARGS), OMAHA_EXAMPLE, "omaha equity AhAdKsQs 9h8h7c6c",
     HS_COMMAND_SAMPLES},
    run_omaha_equity,
    NULL};

/* Measured on one Intel Xeon thread: one counting step of stud. */
#define STUD_STEP_SECONDS 1e-9

static double stud_seconds(const hs_request *r, const hs_job *job) {
    (void)job;
    /* the hands and dead cards from the request again (checked when the job was made) */
    uint64_t hands[HS_STUD_MAX_PLAYERS], dead = 0;
    int cards[HS_CARDS], n = 0;
    hs_req_ctx x = {.phase = HS_REQ_FINISH};
    for (int i = 0; i < r->n && n < HS_STUD_MAX_PLAYERS; i++)
        if (strcmp(r->key[i], "hand") == 0 &&
            hs_req_cards("hand", r->value[i], 0, 7, "", cards, &hands[n], &x) >= 0)
            n++;
    const char *d = hs_req_get(r, "dead");
    if (d != NULL && hs_req_cards("dead", d, 0, HS_CARDS, "", cards, &dead, &x) < 0)
        dead = 0;
    double steps = 0, deals = 0;
    hs_stud_equity_size(hands, n, dead, &steps, &deals);
    return steps * STUD_STEP_SECONDS;
}

static const hs_command_arg STUD_ARGS[] = {
    {"hand", HS_ARG_CARDS, 2, 7, NULL, NULL, "3 to 7 cards, every hand as many"},
    {"dead", HS_ARG_CARDS, 0, 1, NULL, NULL, "cards out of play (folded up-cards)"},
    A_HILO};
static const char *const STUD_EXAMPLE[] = {"hand", "Ah Ad 7c 7d 2s", "hand", "Ks Qs Js Ts 3h",
                                           NULL};
const hs_command_def hs_req_stud_equity = {
    {"stud equity", "Seven-card stud equity",
     "exact stud equity of 2 to 7 hands of 3 to 7 cards, high or 8-or-better hi/lo", STUD_ARGS,
     HS_REQ_N(STUD_ARGS), STUD_EXAMPLE, "stud equity 'Ah Ad 7c 7d 2s' 'Ks Qs Js Ts 3h'",
     HS_COMMAND_JOB},
    run_stud_equity,
    stud_seconds};

static const hs_command_arg RAZZ_ARGS[] = {
    {"hand", HS_ARG_CARDS, 2, 7, NULL, NULL, "3 to 7 cards, every hand as many"}, A_DEAD};
static const char *const RAZZ_EXAMPLE[] = {"hand", "Ah 2h 3d 9c 5s", "hand", "4s 5d 6c Kh 8d",
                                           "dead", "7h 2d",          NULL};
const hs_command_def hs_req_razz_equity = {
    {"razz equity", "Razz equity",
     "exact razz equity (stud, the lowest A-5 low wins) of 2 to 7 hands", RAZZ_ARGS,
     HS_REQ_N(RAZZ_ARGS), RAZZ_EXAMPLE,
     "razz equity 'Ah 2h 3d 9c 5s' '4s 5d 6c Kh 8d' --dead '7h 2d'", HS_COMMAND_JOB},
    run_razz_equity,
    stud_seconds};

static const hs_command_arg OMAHA_RANK_ARGS[] = {
    {"hand", HS_ARG_CARDS, 1, 1, NULL, NULL, "4 to 6 hole cards"},
    {"board", HS_ARG_BOARD, 1, 1, NULL, NULL, "3 to 5 board cards"}};
static const char *const OMAHA_RANK_EXAMPLE[] = {"hand", "AH 2H KS QS", "board", "3H 4D 8H JC 9H",
                                                 NULL};
const hs_command_def hs_req_omaha_rank = {
    {"omaha rank", "Omaha rank",
     "the best high (two hole cards and three of the board) and 8-or-better low", OMAHA_RANK_ARGS,
     HS_REQ_N(OMAHA_RANK_ARGS), OMAHA_RANK_EXAMPLE, "omaha rank 'AH 2H KS QS' -- '3H 4D 8H JC 9H'",
     0},
    run_omaha_rank,
    NULL};

/* omaha range: the hands of an Omaha range ("hand": its text; "cards" 4..6, default 4): counted
 * (hands,of,weight_sum) or, with "list", listed (hand,weight; at most HS_OMAHA_RANGE_MAX). */
static int run_omaha_range(const hs_request *r, hs_req_ctx *x) {
    const char *text = NULL;
    uint64_t cards = 4;
    int list = 0;
    int rc = hs_req_one_hand(r, &text, x);
    if (rc == HS_OK)
        rc = hs_req_number(r, "cards", 4, 6, 4, &cards, x);
    if (rc == HS_OK)
        rc = hs_req_flag(r, "list", &list, x);
    if (rc != HS_OK)
        return rc;
    hs_parse_error err = {0, 0, 0};
    char why[128], tok[200];
    hs_omaha_matcher *m;
    rc = hs_omaha_matcher_new(text, strlen(text), (int)cards, &m, &err, why, sizeof why);
    if (rc == HS_ERR_TOKEN || rc == HS_ERR_COUNT)
        return hs_req_fail(x, rc, "range: '%s': %s",
                           hs_text_token(tok, text + err.offset, err.length), why);
    if (rc != HS_OK)
        return hs_req_lib_error(x, rc);
    hs_omaha_matcher_free(m);
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const uint64_t all = binom52((int)cards);
    hs_table *t = NULL;
    if (list) {
        hs_omaha_range range;
        rc = hs_omaha_range_parse(text, strlen(text), (int)cards, &range, &err, why, sizeof why);
        if (rc == HS_ERR_OVERFLOW)
            return hs_req_fail(x, rc, "range: %s: too many to list (count them without list)", why);
        if (rc != HS_OK)
            return hs_req_lib_error(x, rc);
        static const char *const COLS[] = {"hand", "weight"};
        static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT};
        t = hs_tbl_new(COLS, KINDS, 2);
        for (size_t i = 0; t != NULL && i < range.n; i++) {
            char hand[3 * 6 + 1];
            hs_hand_format(range.hand[i], hand, sizeof hand);
            hs_tbl_text(t, hand);
            hs_tbl_u128(t, range.weight[i]);
        }
        if (t != NULL) {
            hs_tbl_note(t, "hands", "%zu", range.n);
            hs_tbl_note(t, "of", "%" PRIu64, all);
        }
        hs_omaha_range_free(&range);
    } else {
        uint64_t count = 0, weights = 0;
        rc = hs_omaha_range_count(text, strlen(text), (int)cards, &count, &weights, &err, why,
                                  sizeof why);
        if (rc != HS_OK)
            return hs_req_lib_error(x, rc);
        static const char *const COLS[] = {"hands", "of", "share", "weight_sum"};
        static const int KINDS[] = {HS_CELL_INT, HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_INT};
        t = hs_tbl_new(COLS, KINDS, 4);
        if (t != NULL) {
            hs_tbl_u128(t, count);
            hs_tbl_u128(t, all);
            hs_tbl_ratio(t, count, all);
            hs_tbl_u128(t, weights);
        }
    }
    if (t != NULL)
        hs_tbl_note(t, "cards", "%d", (int)cards);
    return hs_req_answer(x, t);
}

static const hs_command_arg OMAHA_RANGE_ARGS[] = {
    {"hand", HS_ARG_TEXT, 1, 1, NULL, NULL,
     "an Omaha range: AA**, AxAyxy, KK-TT, [A-J]*, RRON, $ds, A:B, A!B, (A,B), ITEM@50"},
    {"cards", HS_ARG_COUNT, 0, 1, NULL, "4", "cards per hand, 4 to 6"},
    {"list", HS_ARG_FLAG, 0, 1, NULL, NULL, "list the hands instead of counting them"}};
static const char *const OMAHA_RANGE_EXAMPLE[] = {"hand", "AA**:$ds", NULL};
const hs_command_def hs_req_omaha_range = {
    {"omaha range", "Omaha range",
     "count or list the hands of an Omaha range (ProPokerTools-style syntax), 4 to 6 cards",
     OMAHA_RANGE_ARGS, HS_REQ_N(OMAHA_RANGE_ARGS), OMAHA_RANGE_EXAMPLE,
     "omaha range 'AA**:$ds' --count", 0},
    run_omaha_range,
    NULL};
