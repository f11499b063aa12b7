/* The request layer's adapters for the rankings and distributions of poker hands: poker,
 * lowball (A-5 and 2-7) and short deck; two hands compared, one against every hand, and
 * Project Euler 54; each with its registry entry. */
#include "request_internal.h"

#include "handstat/handstat.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int run_poker_rank(const hs_request *r, hs_req_ctx *x) {
    const char *text = NULL;
    int cards[7];
    uint64_t mask;
    int rc = hs_req_one_hand(r, &text, x);
    if (rc != HS_OK)
        return rc;
    int n = hs_req_cards("hand", text, 5, 7, "5 to 7 cards", cards, &mask, x);
    if (n < 0)
        return n;
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const int cls = hs_poker_rank(mask);
    char desc[128], hand[32];
    hs_poker_describe(cls, desc, sizeof desc);
    hs_req_cards_text(hand, sizeof hand, cards, n);
    static const char *const COLS[] = {"cards", "class", "category", "description"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT, HS_CELL_TEXT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 4);
    if (t != NULL) {
        hs_tbl_text(t, hand);
        hs_tbl_u128(t, (hs_uint128)(cls));
        hs_tbl_text(t, hs_poker_category_name(hs_poker_category(cls)));
        hs_tbl_text(t, desc);
    }
    return hs_req_answer(x, t);
}

/* ---- the other rankings: lowball, short deck, Omaha; two poker hands compared ------------- */

/* The one hand of 5 to 7 cards of a ranking command: their number, or a negative code. */
static int rank_cards(const hs_request *r, int cards[7], uint64_t *mask, hs_req_ctx *x) {
    const char *text = NULL;
    const int rc = hs_req_one_hand(r, &text, x);
    if (rc != HS_OK)
        return rc;
    return hs_req_cards("hand", text, 5, 7, "5 to 7 cards", cards, mask, x);
}

/* The "kind" of a lowball command: *a5 1 for "a5" (ace-to-five), 0 for "27" (deuce-to-seven). */
static int low_kind(const hs_request *r, int *a5, hs_req_ctx *x) {
    const char *kind = hs_req_get(r, "kind");
    if (kind == NULL)
        return hs_req_fail(x, HS_ERR_ARG,
                           "kind: give one of a5 (ace-to-five) and 27 (deuce-to-seven)");
    if (strcmp(kind, "a5") != 0 && strcmp(kind, "27") != 0) {
        char tok[HS_TOKEN_TEXT];
        return hs_req_fail(x, HS_ERR_ARG,
                           "kind: '%s' is not a5 (ace-to-five) or 27 (deuce-to-seven)",
                           hs_text_token(tok, kind, strlen(kind)));
    }
    *a5 = kind[0] == 'a';
    return HS_OK;
}

/* lowball rank: cards,class,description,best_five under kind "a5" (ace-to-five) or "27". */
static int run_lowball_rank(const hs_request *r, hs_req_ctx *x) {
    int cards[7];
    uint64_t hand;
    int a5;
    const int krc = low_kind(r, &a5, x);
    if (krc != HS_OK)
        return krc;
    const int n = rank_cards(r, cards, &hand, x);
    if (n < 0 || x->phase == HS_REQ_START) {
        if (x->phase == HS_REQ_START)
            *x->job_out = NULL;
        return n < 0 ? n : HS_OK;
    }
    const int cls = a5 ? hs_low_a5_rank(hand) : hs_low_27_rank(hand);
    char desc[128], five[32], text[32];
    if (a5)
        hs_low_a5_describe(cls, desc, sizeof desc);
    else
        hs_low_27_describe(cls, desc, sizeof desc);
    hs_hand_format(a5 ? hs_low_a5_best_five(hand) : hs_low_27_best_five(hand), five, sizeof five);
    hs_req_cards_text(text, sizeof text, cards, n);
    static const char *const COLS[] = {"cards", "class", "description", "best_five"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT, HS_CELL_TEXT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 4);
    if (t != NULL) {
        hs_tbl_text(t, text);
        hs_tbl_u128(t, (hs_uint128)cls);
        hs_tbl_text(t, desc);
        hs_tbl_text(t, five);
        hs_tbl_note(t, "scale", "%s", a5 ? "A-5" : "2-7");
    }
    return hs_req_answer(x, t);
}

/* shortdeck rank: cards,class,category,description,best_five of short-deck cards. */
static int run_shortdeck_rank(const hs_request *r, hs_req_ctx *x) {
    int cards[7], variant;
    uint64_t hand;
    int n = rank_cards(r, cards, &hand, x);
    const int rc = n < 0 ? n : hs_req_flag(r, "straight-beats-trips", &variant, x);
    if (rc != HS_OK)
        return rc;
    for (int i = 0; i < n; i++)
        if (!(HS_SHORTDECK_DECK_MASK >> cards[i] & 1)) {
            char name[3];
            hs_card_format(cards[i], name);
            return hs_req_fail(x, HS_ERR_TOKEN,
                               "hand: '%s' is not a short-deck card (6 through A only)", name);
        }
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const int rules =
        variant ? HS_SHORTDECK_STRAIGHT_BEATS_TRIPS : HS_SHORTDECK_TRIPS_BEAT_STRAIGHT;
    const int cls = hs_shortdeck_rank(hand, rules);
    char desc[128], five[32], text[32];
    hs_shortdeck_describe(cls, rules, desc, sizeof desc);
    hs_hand_format(hs_shortdeck_best_five(hand, rules), five, sizeof five);
    hs_req_cards_text(text, sizeof text, cards, n);
    static const char *const COLS[] = {"cards", "class", "category", "description", "best_five"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT, HS_CELL_TEXT,
                                HS_CELL_TEXT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 5);
    if (t != NULL) {
        hs_tbl_text(t, text);
        hs_tbl_u128(t, (hs_uint128)cls);
        hs_tbl_text(t, hs_poker_category_name(hs_shortdeck_category(cls, rules)));
        hs_tbl_text(t, desc);
        hs_tbl_text(t, five);
    }
    return hs_req_answer(x, t);
}

static int run_poker_compare(const hs_request *r, hs_req_ctx *x) {
    const char *text[2];
    const int nh = hs_req_hands(r, text, 2);
    if (nh != 2)
        return hs_req_fail(x, HS_ERR_ARG, "expected two hands, got %d", nh);
    int cards[2][7], n[2], cls[2];
    uint64_t mask[2];
    for (int h = 0; h < 2; h++) {
        char what[8];
        snprintf(what, sizeof what, "hand %d", h + 1);
        if ((n[h] = hs_req_cards(what, text[h], 5, 7, "5 to 7 cards", cards[h], &mask[h], x)) < 0)
            return n[h];
    }
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    static const char *const COLS[] = {"hand", "cards", "class", "category", "description"};
    static const int KINDS[] = {HS_CELL_INT, HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT, HS_CELL_TEXT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 5);
    for (int h = 0; t != NULL && h < 2; h++) {
        char desc[128], hand[32];
        cls[h] = hs_poker_rank(mask[h]);
        hs_poker_describe(cls[h], desc, sizeof desc);
        hs_req_cards_text(hand, sizeof hand, cards[h], n[h]);
        hs_tbl_u128(t, (hs_uint128)(h + 1));
        hs_tbl_text(t, hand);
        hs_tbl_u128(t, (hs_uint128)cls[h]);
        hs_tbl_text(t, hs_poker_category_name(hs_poker_category(cls[h])));
        hs_tbl_text(t, desc);
    }
    if (t != NULL)
        hs_tbl_note(t, "winner", "%s", cls[0] == cls[1] ? "tie" : cls[0] < cls[1] ? "1" : "2");
    return hs_req_answer(x, t);
}

/* poker showdown: one five-card hand against every five-card hand of the other 47 cards:
 * hand,wins,ties,losses; the notes: its class, category, description, the opponents, the equity
 * (a tie counting half) as a decimal and an exact fraction. */
static int run_poker_showdown(const hs_request *r, hs_req_ctx *x) {
    const char *text = NULL;
    int cards[5];
    uint64_t hand;
    int rc = hs_req_one_hand(r, &text, x);
    if (rc != HS_OK)
        return rc;
    if ((rc = hs_req_cards("hand", text, 5, 5, "5 cards", cards, &hand, x)) < 0)
        return rc;
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const hs_showdown sd = hs_poker_showdown5(hand);
    const int cls = hs_poker_rank5(hand);
    static const char *const COLS[] = {"hand", "wins", "ties", "losses"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_INT, HS_CELL_INT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 4);
    if (t != NULL) {
        char cards_buf[16], desc[128], frac[96];
        hs_req_cards_text(cards_buf, sizeof cards_buf, cards, 5);
        hs_tbl_text(t, cards_buf);
        hs_tbl_u128(t, sd.wins);
        hs_tbl_u128(t, sd.ties);
        hs_tbl_u128(t, sd.losses);
        hs_poker_describe(cls, desc, sizeof desc);
        hs_tbl_note(t, "class", "%d", cls);
        hs_tbl_note(t, "category", "%s", hs_poker_category_name(hs_poker_category(cls)));
        hs_tbl_note(t, "description", "%s", desc);
        hs_tbl_note(t, "opponents", "%" PRIu64, (uint64_t)HS_SHOWDOWN_OPPONENTS);
        /* (wins + ties / 2) / opponents = (2 wins + ties) / (2 opponents) */
        const hs_uint128 num = 2 * (hs_uint128)sd.wins + sd.ties,
                         den = 2 * (hs_uint128)HS_SHOWDOWN_OPPONENTS;
        hs_tbl_note(t, "equity", "%.9f", (double)num / (double)den);
        hs_tbl_note(t, "equity_exact", "%s", hs_text_fraction(frac, sizeof frac, num, den));
    }
    return hs_req_answer(x, t);
}

/* ---- poker matchups ------------------------------------------------------------------------ */

/* Measured on one AMD EPYC Zen 3 thread (poker matchups --threads 1): the whole table, 0.1 s. */
#define MATCHUPS_SECONDS 0.1

static int make_matchups_job(const void *args, hs_job **out) {
    (void)args;
    return hs_poker_matchups_job_new(0, out);
}

/* poker matchups: every five-card hand against each of its disjoint five-card opponents,
 * exactly, by class: class,category,hands,wins,ties,losses; the totals in the notes. */
static int run_poker_matchups(const hs_request *r, hs_req_ctx *x) {
    (void)r;
    hs_job *own;
    const hs_job *job;
    int rc = hs_req_table_job(x, make_matchups_job, NULL, &own, &job);
    if (rc != HS_OK || x->phase == HS_REQ_START)
        return rc;
    hs_poker_matchups *m = malloc(sizeof *m);
    rc = m != NULL ? hs_poker_matchups_job_result(job, m, NULL) : HS_ERR_NOMEM;
    hs_job_free(own);
    if (rc == HS_ERR_CORRUPT) {
        free(m);
        return hs_req_fail(x, rc,
                           "the counts fail the matchups' invariant check (wins = losses, every "
                           "hand once)");
    }
    if (rc != HS_OK) {
        free(m);
        return hs_req_lib_error(x, rc);
    }
    static const char *const COLS[] = {"class", "category", "hands", "wins", "ties", "losses"};
    static const int KINDS[] = {HS_CELL_INT, HS_CELL_TEXT, HS_CELL_INT,
                                HS_CELL_INT, HS_CELL_INT,  HS_CELL_INT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 6);
    uint64_t hands = 0;
    for (int c = 1; t != NULL && c <= HS_POKER_CLASSES; c++) {
        hs_tbl_u128(t, (hs_uint128)c);
        hs_tbl_text(t, hs_poker_category_name(hs_poker_category(c)));
        hs_tbl_u128(t, m->hands[c]);
        hs_tbl_u128(t, m->wins[c]);
        hs_tbl_u128(t, m->ties[c]);
        hs_tbl_u128(t, m->losses[c]);
        hands += m->hands[c];
    }
    if (t != NULL) {
        hs_tbl_note(t, "hands", "%" PRIu64, hands);
        hs_tbl_note(t, "opponents", "%" PRIu64, (uint64_t)HS_SHOWDOWN_OPPONENTS);
        hs_tbl_note(t, "matchups", "%" PRIu64, hands * (uint64_t)HS_SHOWDOWN_OPPONENTS);
        hs_tbl_note(t, "wins", "%" PRIu64, (uint64_t)m->total.wins);
        hs_tbl_note(t, "ties", "%" PRIu64, (uint64_t)m->total.ties);
        hs_tbl_note(t, "losses", "%" PRIu64, (uint64_t)m->total.losses);
        hs_tbl_note(t, "kind", "exact");
    }
    free(m);
    return hs_req_answer(x, t);
}

/* poker pe54: a line of Project Euler problem 54, ten cards (player 1's five, then player 2's):
 * winner (1, 2 or tie),class_1,description_1,class_2,description_2. */
static int run_poker_pe54(const hs_request *r, hs_req_ctx *x) {
    const char *text = NULL;
    int cards[10];
    uint64_t all;
    int rc = hs_req_one_hand(r, &text, x);
    if (rc != HS_OK)
        return rc;
    if ((rc = hs_req_cards("hand", text, 10, 10, "10 cards (player 1's five, then player 2's)",
                           cards, &all, x)) < 0)
        return rc;
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const int c1 = hs_poker_rank5(hs_cards_mask(cards, 5)),
              c2 = hs_poker_rank5(hs_cards_mask(cards + 5, 5));
    static const char *const COLS[] = {"winner", "class_1", "description_1", "class_2",
                                       "description_2"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT, HS_CELL_INT, HS_CELL_TEXT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 5);
    if (t != NULL) {
        char d1[128], d2[128];
        hs_poker_describe(c1, d1, sizeof d1);
        hs_poker_describe(c2, d2, sizeof d2);
        hs_tbl_text(t, c1 < c2 ? "1" : c2 < c1 ? "2" : "tie");
        hs_tbl_u128(t, (hs_uint128)c1);
        hs_tbl_text(t, d1);
        hs_tbl_u128(t, (hs_uint128)c2);
        hs_tbl_text(t, d2);
    }
    return hs_req_answer(x, t);
}

/* ---- the distributions of every hand: poker, short deck, lowball ------------------------- */

/* The "cards" of a hist: 5, 6 or 7, required. */
static int hist_cards(const hs_request *r, int *k, hs_req_ctx *x) {
    uint64_t v;
    if (hs_req_get(r, "cards") == NULL)
        return hs_req_fail(x, HS_ERR_ARG, "cards: 5, 6 or 7 is required (the hand size)");
    const int rc = hs_req_number(r, "cards", 5, 7, 0, &v, x);
    *k = (int)v;
    return rc;
}

/* The rows of a hist: by category (category,count,probability: the categories in `order`) or
 * by class (class,category,description,count: classes 1..n, described by `describe`). */
static hs_table *hist_table(int classes, const uint64_t *count, int n, const uint64_t *category,
                            const int *order, uint64_t hands, int (*category_of)(int, int),
                            void (*describe)(int, int, char *, size_t), int rules) {
    hs_table *t;
    if (classes) {
        static const char *const COLS[] = {"class", "category", "description", "count"};
        static const int KINDS[] = {HS_CELL_INT, HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT};
        t = hs_tbl_new(COLS, KINDS, 4);
        for (int c = 1; t != NULL && c <= n; c++) {
            char desc[128];
            describe(c, rules, desc, sizeof desc);
            hs_tbl_u128(t, (hs_uint128)c);
            hs_tbl_text(t, hs_poker_category_name(category_of(c, rules)));
            hs_tbl_text(t, desc);
            hs_tbl_u128(t, count[c]);
        }
    } else {
        static const char *const COLS[] = {"category", "count", "probability"};
        static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_DECIMAL};
        t = hs_tbl_new(COLS, KINDS, 3);
        for (int i = 0; t != NULL && i < HS_POKER_CATEGORIES; i++) {
            hs_tbl_text(t, hs_poker_category_name(order[i]));
            hs_tbl_u128(t, category[order[i]]);
            hs_tbl_ratio(t, category[order[i]], hands);
        }
    }
    if (t != NULL)
        hs_tbl_note(t, "hands", "%" PRIu64, hands);
    return t;
}

static int poker_category_of(int cls, int rules) {
    (void)rules;
    return hs_poker_category(cls);
}

static void poker_describe_of(int cls, int rules, char *buf, size_t cap) {
    (void)rules;
    hs_poker_describe(cls, buf, cap);
}

static void shortdeck_describe_of(int cls, int rules, char *buf, size_t cap) {
    hs_shortdeck_describe(cls, rules, buf, cap);
}

/* poker hist: every K-card hand (K = cards) by category or by class. */
static int run_poker_hist(const hs_request *r, hs_req_ctx *x) {
    int k = 0, classes;
    int rc = hist_cards(r, &k, x);
    if (rc == HS_OK)
        rc = hs_req_flag(r, "classes", &classes, x);
    if (rc != HS_OK || x->phase == HS_REQ_START) {
        if (x->phase == HS_REQ_START)
            *x->job_out = NULL;
        return rc;
    }
    hs_poker_hist *h = malloc(sizeof *h);
    if (h == NULL)
        return hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
    rc = hs_poker_hist_run(k, x->threads, x->progress, x->progress_ctx, h);
    if (rc != HS_OK) {
        free(h);
        return hs_req_lib_error(x, rc);
    }
    int order[HS_POKER_CATEGORIES], occurring = 0;
    for (int i = 0; i < HS_POKER_CATEGORIES; i++)
        order[i] = i;
    for (int c = 1; c <= HS_POKER_CLASSES; c++)
        occurring += h->count[c] != 0;
    hs_table *t = hist_table(classes, h->count, HS_POKER_CLASSES, h->category, order, h->hands,
                             poker_category_of, poker_describe_of, 0);
    if (t != NULL)
        hs_tbl_note(t, "classes_occurring", "%d", occurring);
    free(h);
    return hs_req_answer(x, t);
}

/* shortdeck hist: every K-card hand of the 36 cards, the categories in the rules' order. */
static int run_shortdeck_hist(const hs_request *r, hs_req_ctx *x) {
    int k = 0, classes, variant;
    int rc = hist_cards(r, &k, x);
    if (rc == HS_OK)
        rc = hs_req_flag(r, "classes", &classes, x);
    if (rc == HS_OK)
        rc = hs_req_flag(r, "straight-beats-trips", &variant, x);
    if (rc != HS_OK || x->phase == HS_REQ_START) {
        if (x->phase == HS_REQ_START)
            *x->job_out = NULL;
        return rc;
    }
    const int rules =
        variant ? HS_SHORTDECK_STRAIGHT_BEATS_TRIPS : HS_SHORTDECK_TRIPS_BEAT_STRAIGHT;
    hs_shortdeck_hist *h = malloc(sizeof *h);
    if (h == NULL)
        return hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
    rc = hs_shortdeck_hist_run(k, rules, h);
    if (rc != HS_OK) {
        free(h);
        return hs_req_lib_error(x, rc);
    }
    int order[HS_POKER_CATEGORIES];
    hs_shortdeck_category_order(rules, order);
    hs_table *t = hist_table(classes, h->count, HS_SHORTDECK_CLASSES, h->category, order, h->hands,
                             hs_shortdeck_category, shortdeck_describe_of, rules);
    free(h);
    return hs_req_answer(x, t);
}

/* lowball hist: every five-card hand by its low, kind a5 or 27: category,count, one row for each
 * top card of an unpaired low, best first, then pair_or_worse. */
static int run_lowball_hist(const hs_request *r, hs_req_ctx *x) {
    int a5;
    const int rc = low_kind(r, &a5, x);
    if (rc != HS_OK)
        return rc;
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const int classes = a5 ? HS_LOW_A5_CLASSES : HS_LOW_27_CLASSES;
    uint64_t *count = malloc((size_t)(classes + 1) * sizeof *count);
    if (count == NULL)
        return hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
    if (a5)
        hs_low_a5_hist5(count);
    else
        hs_low_27_hist5(count);
    /* by the top card of the unpaired lows (card ranks, the ace 0), and the rest */
    uint64_t by_top[HS_RANKS] = {0}, rest = 0, hands = 0;
    for (int c = 1; c <= classes; c++) {
        const int top = a5 ? hs_low_a5_top(c) : hs_low_27_top(c);
        if (top >= 0)
            by_top[top] += count[c];
        else
            rest += count[c];
        hands += count[c];
    }
    free(count);
    static const char NAMES[HS_RANKS + 1] = "A23456789TJQK";
    /* best first: A-5 from the five up to the king; 2-7 from the seven up to the king, then the
     * ace */
    int order[HS_RANKS], n = 0;
    for (int rk = a5 ? 4 : 6; rk <= HS_KING; rk++)
        order[n++] = rk;
    if (!a5)
        order[n++] = HS_ACE;
    static const char *const COLS[] = {"category", "count"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 2);
    for (int i = 0; t != NULL && i < n; i++) {
        hs_tbl_textf(t, "%c-low", NAMES[order[i]]);
        hs_tbl_u128(t, by_top[order[i]]);
    }
    if (t != NULL) {
        hs_tbl_text(t, "pair_or_worse");
        hs_tbl_u128(t, rest);
        hs_tbl_note(t, "hands", "%" PRIu64, hands);
    }
    return hs_req_answer(x, t);
}

/* ---- the registry's entries ----------------------------------------------------------------- */

static const hs_command_arg RANK_ARGS[] = {
    {"hand", HS_ARG_CARDS, 1, 1, NULL, NULL, "5 to 7 cards"}};
static const char *const RANK_EXAMPLE[] = {"hand", "KH KD KC 4S 4H 2C 9D", NULL};
const hs_command_def hs_req_poker_rank = {
    {"poker rank", "Poker hand rank",
     "the best five of 5 to 7 cards: class 1..7462, category, description", RANK_ARGS,
     HS_REQ_N(RANK_ARGS), RANK_EXAMPLE, "poker rank KH KD KC 4S 4H 2C 9D", 0},
    run_poker_rank,
    NULL};

static const hs_command_arg COMPARE_ARGS[] = {
    {"hand", HS_ARG_CARDS, 2, 2, NULL, NULL, "5 to 7 cards each (they may share cards)"}};
static const char *const COMPARE_EXAMPLE[] = {"hand", "AS AD KC KD 2S", "hand", "QS QH QD 3C 3H",
                                              NULL};
const hs_command_def hs_req_poker_compare = {
    {"poker compare", "Poker hands compared",
     "two hands of 5 to 7 cards ranked by their best five, and which wins", COMPARE_ARGS,
     HS_REQ_N(COMPARE_ARGS), COMPARE_EXAMPLE, "poker compare 'AS AD KC KD 2S' -- 'QS QH QD 3C 3H'",
     0},
    run_poker_compare,
    NULL};

static const hs_command_arg FIVE_ARGS[] = {{"hand", HS_ARG_CARDS, 1, 1, NULL, NULL, "five cards"}};
static const char *const SHOWDOWN_EXAMPLE[] = {"hand", "AS KS QS JS TS", NULL};
const hs_command_def hs_req_poker_showdown = {
    {"poker showdown", "Poker hand against every hand",
     "a five-card hand against all 1,533,939 five-card hands of the other 47 cards: wins, ties, "
     "losses and the exact equity",
     FIVE_ARGS, HS_REQ_N(FIVE_ARGS), SHOWDOWN_EXAMPLE, "poker matchups --hand AS KS QS JS TS", 0},
    run_poker_showdown,
    NULL};

static double matchups_seconds(const hs_request *r, const hs_job *job) {
    (void)r;
    (void)job;
    return MATCHUPS_SECONDS;
}

static const char *const MATCHUPS_EXAMPLE[] = {NULL};
const hs_command_def hs_req_poker_matchups = {
    {"poker matchups", "Every poker hand against every hand",
     "every five-card hand against each of its 1,533,939 disjoint five-card opponents, exactly, "
     "summed by class (7462 rows)",
     NULL, 0, MATCHUPS_EXAMPLE, "poker matchups", HS_COMMAND_JOB},
    run_poker_matchups,
    matchups_seconds};

static const hs_command_arg PE54_ARGS[] = {{"hand", HS_ARG_CARDS, 1, 1, NULL, NULL, "ten cards"}};
static const char *const PE54_EXAMPLE[] = {"hand", "5H 5C 6S 7S KD 2C 3S 8S 8D TD", NULL};
/* The command line's pe54 reads a file of such lines and counts player 1's wins. */
const hs_command_def hs_req_poker_pe54 = {{"poker pe54", "Project Euler 54",
                                           "ten cards, player 1's five then player 2's: who wins",
                                           PE54_ARGS, HS_REQ_N(PE54_ARGS), PE54_EXAMPLE, NULL, 0},
                                          run_poker_pe54,
                                          NULL};

#define A_CARDS                                                                                    \
    { "cards", HS_ARG_CHOICE, 1, 1, "5|6|7", NULL, "the hand size: 5, 6 or 7" }
#define A_BEATS                                                                                    \
    { "straight-beats-trips", HS_ARG_FLAG, 0, 1, NULL, NULL, "a straight beats three of a kind" }

static const hs_command_arg HIST_ARGS[] = {
    A_CARDS,
    {"classes", HS_ARG_FLAG, 0, 1, NULL, NULL, "one row per class (7462) instead of per category"}};
static const char *const HIST_EXAMPLE[] = {"cards", "7", NULL};
const hs_command_def hs_req_poker_hist = {
    {"poker hist", "Poker hand distribution",
     "every 5-, 6- or 7-card hand ranked: the exact count of each category (or class)", HIST_ARGS,
     HS_REQ_N(HIST_ARGS), HIST_EXAMPLE, "poker hist --cards 7", 0},
    run_poker_hist,
    NULL};

#define LOW_KIND                                                                                   \
    { "kind", HS_ARG_CHOICE, 1, 1, "a5|27", NULL, "a5 (ace-to-five) or 27 (deuce-to-seven)" }
static const hs_command_arg LOWBALL_ARGS[] = {
    {"hand", HS_ARG_CARDS, 1, 1, NULL, NULL, "5 to 7 cards"}, LOW_KIND};
static const char *const LOWBALL_EXAMPLE[] = {"hand", "7H 5D 4C 3S 2H KD", "kind", "27", NULL};
const hs_command_def hs_req_lowball_rank = {
    {"lowball rank", "Lowball rank",
     "the best low of 5 to 7 cards: class, description, the five cards", LOWBALL_ARGS,
     HS_REQ_N(LOWBALL_ARGS), LOWBALL_EXAMPLE, "lowball rank --27 7H 5D 4C 3S 2H KD", 0},
    run_lowball_rank,
    NULL};

static const hs_command_arg LOWBALL_HIST_ARGS[] = {LOW_KIND};
static const char *const LOWBALL_HIST_EXAMPLE[] = {"kind", "a5", NULL};
const hs_command_def hs_req_lowball_hist = {
    {"lowball hist", "Lowball distribution",
     "every five-card hand by its low: the count of each top card, then pair or worse",
     LOWBALL_HIST_ARGS, HS_REQ_N(LOWBALL_HIST_ARGS), LOWBALL_HIST_EXAMPLE, "lowball hist --a5", 0},
    run_lowball_hist,
    NULL};

static const hs_command_arg SHORTDECK_RANK_ARGS[] = {
    {"hand", HS_ARG_CARDS, 1, 1, NULL, NULL, "5 to 7 cards, 6 through A"}, A_BEATS};
static const char *const SHORTDECK_RANK_EXAMPLE[] = {"hand", "9S 9D 9C 6S 7D 8C TH", NULL};
const hs_command_def hs_req_shortdeck_rank = {
    {"shortdeck rank", "Short-deck rank",
     "the best five of 5 to 7 short-deck cards (6 through A): class 1..1404, category",
     SHORTDECK_RANK_ARGS, HS_REQ_N(SHORTDECK_RANK_ARGS), SHORTDECK_RANK_EXAMPLE,
     "shortdeck rank 9S 9D 9C 6S 7D 8C TH", 0},
    run_shortdeck_rank,
    NULL};

static const hs_command_arg SHORTDECK_HIST_ARGS[] = {
    A_CARDS,
    {"classes", HS_ARG_FLAG, 0, 1, NULL, NULL, "one row per class (1404) instead of per category"},
    A_BEATS};
const hs_command_def hs_req_shortdeck_hist = {
    {"shortdeck hist", "Short-deck hand distribution",
     "every 5-, 6- or 7-card hand of the 36-card deck: the exact count of each category",
     SHORTDECK_HIST_ARGS, HS_REQ_N(SHORTDECK_HIST_ARGS), HIST_EXAMPLE, "shortdeck hist --cards 7",
     0},
    run_shortdeck_hist,
    NULL};
