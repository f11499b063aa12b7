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

static int run_omaha_equity(const hs_request *r, hs_req_ctx *x) {
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
    {"hand", HS_ARG_CARDS, 2, 9, NULL, NULL, "4 to 6 cards, every hand as many"},
    {"board", HS_ARG_BOARD, 0, 1, NULL, NULL, "0 to 5 known board cards"},
    A_DEAD,
    A_HILO};
static const char *const OMAHA_EXAMPLE[] = {"hand", "AhAdKsQs", "hand", "9h8h7c6c", NULL};
const hs_command_def hs_req_omaha_equity = {
    {"omaha equity", "Omaha equity",
     "exact Omaha equity of 2 to 9 hands of 4, 5 or 6 cards, high or 8-or-better hi/lo", OMAHA_ARGS,
     HS_REQ_N(OMAHA_ARGS), OMAHA_EXAMPLE, "omaha equity AhAdKsQs 9h8h7c6c", 0},
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
