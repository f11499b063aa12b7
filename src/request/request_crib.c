/* The request layer's cribbage adapters: a hand scored (and itemized), the discard, the play of
 * two known hands, and the distribution of every hand, each with its registry entry. */
#include "request_internal.h"

#include "handstat/handstat.h"

#include "combin.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- crib score, crib explain --------------------------------------------------------------- */
static const char FIVE_CARDS[] = "5 cards (four in hand, then the starter)";

static int crib_cards(const hs_request *r, int cards[5], uint64_t *hand, int *crib, hs_req_ctx *x) {
    const char *text = NULL;
    uint64_t mask;
    int rc = hs_req_one_hand(r, &text, x);
    if (rc == HS_OK)
        rc = hs_req_flag(r, "crib", crib, x);
    if (rc != HS_OK)
        return rc;
    rc = hs_req_cards("hand", text, 5, 5, FIVE_CARDS, cards, &mask, x);
    if (rc < 0)
        return rc;
    *hand = hs_cards_mask(cards, 4);
    return HS_OK;
}

static int run_crib_score(const hs_request *r, hs_req_ctx *x) {
    int cards[5], crib;
    uint64_t hand;
    int rc = crib_cards(r, cards, &hand, &crib, x);
    if (rc != HS_OK || x->phase == HS_REQ_START) {
        if (x->phase == HS_REQ_START)
            *x->job_out = NULL;
        return rc;
    }
    const hs_crib_score s = hs_crib_score5(hand, cards[4], crib ? HS_CRIB_CRIB : HS_CRIB_HAND);
    static const char *const COLS[] = {"hand", "starter", "fifteens", "pairs",
                                       "runs", "flush",   "nobs",     "total"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT, HS_CELL_INT,
                                HS_CELL_INT,  HS_CELL_INT,  HS_CELL_INT, HS_CELL_INT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 8);
    if (t != NULL) {
        char text[16];
        hs_req_cards_text(text, sizeof text, cards, 4);
        hs_tbl_text(t, text);
        hs_req_cards_text(text, sizeof text, cards + 4, 1);
        hs_tbl_text(t, text);
        const unsigned parts[6] = {s.fifteens, s.pairs, s.runs, s.flush, s.nobs, s.total};
        for (int i = 0; i < 6; i++)
            hs_tbl_u128(t, (hs_uint128)(parts[i]));
        hs_tbl_note(t, "rules", "%s", crib ? "crib" : "hand");
    }
    return hs_req_answer(x, t);
}

static int run_crib_explain(const hs_request *r, hs_req_ctx *x) {
    static const char *const ITEM[5] = {"fifteen", "pair", "run", "flush", "nobs"};
    int cards[5], crib;
    uint64_t hand;
    int rc = crib_cards(r, cards, &hand, &crib, x);
    if (rc != HS_OK || x->phase == HS_REQ_START) {
        if (x->phase == HS_REQ_START)
            *x->job_out = NULL;
        return rc;
    }
    const hs_crib_rules rules = crib ? HS_CRIB_CRIB : HS_CRIB_HAND;
    hs_crib_item items[HS_CRIB_MAX_ITEMS];
    const int n = hs_crib_explain(hand, cards[4], rules, items);
    const hs_crib_score s = hs_crib_score5(hand, cards[4], rules);
    static const char *const COLS[] = {"item", "cards", "points"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 3);
    for (int i = 0; t != NULL && i < n; i++) {
        /* the item's cards in the order given */
        int in_item[5], k = 0;
        for (int c = 0; c < 5; c++)
            if (items[i].cards & hs_card_bit(cards[c]))
                in_item[k++] = cards[c];
        char text[16];
        hs_req_cards_text(text, sizeof text, in_item, k);
        hs_tbl_text(t, ITEM[items[i].kind]);
        hs_tbl_text(t, text);
        hs_tbl_u128(t, (hs_uint128)(items[i].points));
    }
    if (t != NULL) {
        char text[16];
        hs_req_cards_text(text, sizeof text, cards, 4);
        hs_tbl_note(t, "hand", "%s", text);
        hs_req_cards_text(text, sizeof text, cards + 4, 1);
        hs_tbl_note(t, "starter", "%s", text);
        hs_tbl_note(t, "rules", "%s", crib ? "crib" : "hand");
        hs_tbl_note(t, "fifteens", "%u", s.fifteens);
        hs_tbl_note(t, "pairs", "%u", s.pairs);
        hs_tbl_note(t, "runs", "%u", s.runs);
        hs_tbl_note(t, "flush", "%u", s.flush);
        hs_tbl_note(t, "nobs", "%u", s.nobs);
        hs_tbl_note(t, "total", "%u", s.total);
    }
    return hs_req_answer(x, t);
}

/* ---- crib discard ---------------------------------------------------------------------------- */

/* The cards of a mask in rank order (ace low), then suit: "3H 4D 5D 5S". */
static void by_rank(uint64_t mask, char *buf) {
    size_t n = 0;
    for (int r = 0; r < HS_RANKS; r++)
        for (int s = 0; s < HS_SUITS; s++)
            if (mask & hs_card_bit(hs_card(r, s))) {
                if (n > 0)
                    buf[n++] = ' ';
                hs_card_format(hs_card(r, s), buf + n);
                n += 2;
            }
    buf[n] = '\0';
}

static int run_crib_discard(const hs_request *r, hs_req_ctx *x) {
    const char *text = NULL;
    int cards[6], pegging;
    uint64_t dealt;
    int rc = hs_req_one_hand(r, &text, x);
    if (rc == HS_OK)
        rc = hs_req_flag(r, "pegging", &pegging, x);
    if (rc != HS_OK)
        return rc;
    const char *role_text = hs_req_get(r, "role");
    if (role_text != NULL && strcmp(role_text, "dealer") != 0 && strcmp(role_text, "pone") != 0) {
        char tok[HS_TOKEN_TEXT];
        return hs_req_fail(x, HS_ERR_ARG, "role: '%s' is not dealer or pone",
                           hs_text_token(tok, role_text, strlen(role_text)));
    }
    const int n = hs_req_cards("hand", text, 5, 6, "6 cards (two players) or 5 (three players)",
                               cards, &dealt, x);
    if (n < 0)
        return n;
    if (pegging && n != 6)
        return hs_req_fail(x, HS_ERR_COUNT,
                           "pegging: the play is solved for two players: expected 6 cards, got %d",
                           n);
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const hs_crib_role role =
        role_text != NULL && strcmp(role_text, "pone") == 0 ? HS_CRIB_PONE : HS_CRIB_DEALER;
    hs_discard d;
    rc = hs_discard_analyze(dealt, role, &d);
    if (rc != HS_OK)
        return hs_req_lib_error(x, rc);
    /* each keep's pegging sum and total (combined + pegging) as a fraction */
    int64_t peg[HS_DISCARD_MAX_KEEPS] = {0}, total_num[HS_DISCARD_MAX_KEEPS] = {0};
    uint64_t total_den[HS_DISCARD_MAX_KEEPS] = {0};
    int order[HS_DISCARD_MAX_KEEPS];
    for (int k = 0; k < d.n_keeps; k++) {
        order[k] = k;
        if (!pegging)
            continue;
        const hs_discard_keep *kp = &d.keeps[k];
        (void)hs_peg_keep_sum(dealt, kp->keep, role, &peg[k]); /* six valid cards: HS_OK */
        const uint64_t g = hs_gcd(kp->crib_cases, HS_PEG_OPPONENT_HANDS);
        total_den[k] = kp->crib_cases / g * HS_PEG_OPPONENT_HANDS;
        total_num[k] = kp->combined_num * (int64_t)(HS_PEG_OPPONENT_HANDS / g) +
                       peg[k] * (int64_t)(kp->crib_cases / g);
    }
    /* with pegging: the best total first (a stable insertion; the denominators are equal),
     * else the analysis's order */
    for (int i = 1; pegging && i < d.n_keeps; i++)
        for (int j = i; j > 0 && total_num[order[j]] > total_num[order[j - 1]]; j--) {
            const int o = order[j];
            order[j] = order[j - 1];
            order[j - 1] = o;
        }
    static const char *const COLS[] = {
        "keep",          "throw",       "hand_ev",           "hand_ev_exact",
        "hand_min",      "hand_max",    "hand_sd",           "crib_ev",
        "crib_ev_exact", "combined_ev", "combined_ev_exact", "peg_ev",
        "peg_ev_exact",  "total_ev",    "total_ev_exact",    "role"};
    static const int KINDS[] = {
        HS_CELL_TEXT,     HS_CELL_TEXT,    HS_CELL_DECIMAL,  HS_CELL_FRACTION,
        HS_CELL_INT,      HS_CELL_INT,     HS_CELL_DECIMAL,  HS_CELL_DECIMAL,
        HS_CELL_FRACTION, HS_CELL_DECIMAL, HS_CELL_FRACTION, HS_CELL_DECIMAL,
        HS_CELL_FRACTION, HS_CELL_DECIMAL, HS_CELL_FRACTION, HS_CELL_TEXT};
    const char *names[16];
    int kinds[16], nc = 0;
    for (int c = 0; c < 16; c++)
        if (pegging || c < 11 || c == 15) {
            names[nc] = COLS[c];
            kinds[nc++] = KINDS[c];
        }
    hs_table *t = hs_tbl_new(names, kinds, (size_t)nc);
    const char *role_name = role == HS_CRIB_DEALER ? "dealer" : "pone";
    for (int i = 0; t != NULL && i < d.n_keeps; i++) {
        const int k = order[i];
        const hs_discard_keep *kp = &d.keeps[k];
        char keep[16], thrown[8];
        by_rank(kp->keep, keep);
        by_rank(kp->thrown, thrown);
        const double nh = kp->hand_cases;
        double var =
            (nh * (double)kp->hand_sum2 - (double)kp->hand_sum * (double)kp->hand_sum) / (nh * nh);
        hs_tbl_text(t, keep);
        hs_tbl_text(t, thrown);
        hs_tbl_fixed(t, (double)kp->hand_sum / kp->hand_cases, 6);
        hs_tbl_fraction(t, kp->hand_sum, kp->hand_cases);
        hs_tbl_u128(t, (hs_uint128)(kp->hand_min));
        hs_tbl_u128(t, (hs_uint128)(kp->hand_max));
        hs_tbl_fixed(t, var > 0 ? sqrt(var) : 0.0, 6);
        hs_tbl_fixed(t, (double)kp->crib_sum / (double)kp->crib_cases, 6);
        hs_tbl_fraction(t, kp->crib_sum, kp->crib_cases);
        hs_tbl_fixed(t, (double)kp->combined_num / (double)kp->crib_cases, 6);
        hs_tbl_fraction_signed(t, kp->combined_num, kp->crib_cases);
        if (pegging) {
            hs_tbl_fixed(t, (double)peg[k] / HS_PEG_OPPONENT_HANDS, 6);
            hs_tbl_fraction_signed(t, peg[k], HS_PEG_OPPONENT_HANDS);
            hs_tbl_fixed(t, (double)total_num[k] / (double)total_den[k], 6);
            hs_tbl_fraction_signed(t, total_num[k], total_den[k]);
        }
        hs_tbl_text(t, role_name);
    }
    if (t != NULL) {
        char all[32];
        by_rank(dealt, all);
        hs_tbl_note(t, "dealt", "%s", all);
        hs_tbl_note(t, "players", "%d", d.players);
        hs_tbl_note(t, "role", "%s", role_name);
    }
    return hs_req_answer(x, t);
}

/* ---- crib peg ------------------------------------------------------------------------------- */

/* Why a card scored: from the count and the run of ranks laid since the count began (the scores
 * as the rules name them). */
static void peg_why(char *buf, size_t cap, const int *seq, int len, int count, int points) {
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

/* crib peg (one row: pone,dealer,pone_points,dealer_points,differential,line) and crib peg-line
 * (the line event by event: player,card,count,points,why; the totals as notes). */
static int run_peg(const hs_request *r, hs_req_ctx *x, int events) {
    const char *text[2];
    const int nh = hs_req_hands(r, text, 2);
    if (nh != 2)
        return hs_req_fail(x, HS_ERR_ARG,
                           "expected two hands (the pone's, then the dealer's), got %d", nh);
    static const char *const WHO[2] = {"pone", "dealer"};
    int cards[2][4];
    uint64_t mask[2];
    for (int q = 0; q < 2; q++) {
        const int n = hs_req_cards(WHO[q], text[q], 4, 4, "4 cards", cards[q], &mask[q], x);
        if (n < 0)
            return n;
    }
    if (mask[0] & mask[1]) {
        char name[3];
        hs_card_format(__builtin_ctzll(mask[0] & mask[1]), name);
        return hs_req_fail(x, HS_ERR_DUPLICATE, "dealer: %s is already in the pone's hand", name);
    }
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    uint8_t ranks[2][4];
    for (int q = 0; q < 2; q++)
        for (int i = 0; i < 4; i++)
            ranks[q][i] = (uint8_t)hs_card_rank(cards[q][i]);
    const hs_peg_position start = hs_peg_start(ranks[0], ranks[1]);
    hs_peg_event ev[HS_PEG_MAX_EVENTS];
    int pts[2];
    const int n = hs_peg_line(&start, ev, &pts[0], &pts[1]);
    /* the line's cards: of each rank, the player's cards in the order given */
    int laid[2][4] = {{0}}, card[HS_PEG_MAX_EVENTS];
    char line[HS_PEG_MAX_EVENTS * 4 + 1];
    size_t k = 0;
    for (int e = 0; e < n; e++) {
        card[e] = -1;
        const int q = ev[e].player;
        for (int i = 0; ev[e].rank >= 0 && i < 4 && card[e] < 0; i++)
            if (!laid[q][i] && hs_card_rank(cards[q][i]) == ev[e].rank) {
                laid[q][i] = 1;
                card[e] = cards[q][i];
            }
        char name[3] = "go";
        if (card[e] >= 0)
            hs_card_format(card[e], name);
        k += (size_t)snprintf(line + k, sizeof line - k, "%s%s", e ? " " : "", name);
    }
    char hand[2][16];
    hs_req_cards_text(hand[0], sizeof hand[0], cards[0], 4);
    hs_req_cards_text(hand[1], sizeof hand[1], cards[1], 4);
    hs_table *t;
    if (!events) {
        static const char *const COLS[] = {"pone",          "dealer",       "pone_points",
                                           "dealer_points", "differential", "line"};
        static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT,
                                    HS_CELL_INT,  HS_CELL_INT,  HS_CELL_TEXT};
        t = hs_tbl_new(COLS, KINDS, 6);
        if (t != NULL) {
            hs_tbl_text(t, hand[0]);
            hs_tbl_text(t, hand[1]);
            hs_tbl_u128(t, (hs_uint128)pts[0]);
            hs_tbl_u128(t, (hs_uint128)pts[1]);
            hs_tbl_textf(t, "%d", pts[0] - pts[1]);
            hs_tbl_text(t, line);
        }
        return hs_req_answer(x, t);
    }
    static const char *const COLS[] = {"player", "card", "count", "points", "why"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT, HS_CELL_INT, HS_CELL_INT, HS_CELL_TEXT};
    t = hs_tbl_new(COLS, KINDS, 5);
    int seq[8], seq_len = 0, remaining = 8;
    for (int e = 0; t != NULL && e < n; e++) {
        const hs_peg_event *v = &ev[e];
        char why[64] = "", name[3] = "";
        if (v->rank < 0) {
            snprintf(why, sizeof why, "%s", remaining == 0 ? "last card 1" : "go 1");
            seq_len = 0;
        } else {
            if (seq_len > 0 && v->count == (v->rank < 9 ? v->rank + 1 : 10))
                seq_len = 0; /* after 31 the count started again */
            seq[seq_len++] = v->rank;
            remaining--;
            peg_why(why, sizeof why, seq, seq_len, v->count, v->points);
            hs_card_format(card[e], name);
        }
        hs_tbl_text(t, WHO[v->player]);
        hs_tbl_text(t, name);
        hs_tbl_u128(t, (hs_uint128)v->count);
        hs_tbl_u128(t, (hs_uint128)v->points);
        hs_tbl_text(t, v->points > 0 ? why : "");
    }
    if (t != NULL) {
        hs_tbl_note(t, "pone", "%s", hand[0]);
        hs_tbl_note(t, "dealer", "%s", hand[1]);
        hs_tbl_note(t, "pone_points", "%d", pts[0]);
        hs_tbl_note(t, "dealer_points", "%d", pts[1]);
        hs_tbl_note(t, "differential", "%d", pts[0] - pts[1]);
        hs_tbl_note(t, "line", "%s", line);
    }
    return hs_req_answer(x, t);
}

static int run_crib_peg(const hs_request *r, hs_req_ctx *x) {
    return run_peg(r, x, 0);
}

static int run_crib_peg_line(const hs_request *r, hs_req_ctx *x) {
    return run_peg(r, x, 1);
}

/* ---- crib hist ------------------------------------------------------------------------------ */

/* Every hand with every starter scored: score,count,probability (0..29); notes: the hands, the
 * exact mean and variance (and their decimals), the standard deviation, each component's points. */
static int run_crib_hist(const hs_request *r, hs_req_ctx *x) {
    int crib;
    int rc = hs_req_flag(r, "crib", &crib, x);
    if (rc != HS_OK || x->phase == HS_REQ_START) {
        if (x->phase == HS_REQ_START)
            *x->job_out = NULL;
        return rc;
    }
    hs_crib_hist h;
    rc = hs_crib_hist_run(crib ? HS_CRIB_CRIB : HS_CRIB_HAND, x->threads, x->progress,
                          x->progress_ctx, &h);
    if (rc != HS_OK)
        return hs_req_lib_error(x, rc);
    static const char *const COLS[] = {"score", "count", "probability"};
    static const int KINDS[] = {HS_CELL_INT, HS_CELL_INT, HS_CELL_DECIMAL};
    hs_table *t = hs_tbl_new(COLS, KINDS, 3);
    for (int sc = 0; t != NULL && sc <= HS_CRIB_MAX_SCORE; sc++) {
        hs_tbl_u128(t, (hs_uint128)sc);
        hs_tbl_u128(t, h.count[sc]);
        hs_tbl_ratio(t, h.count[sc], h.hands);
    }
    if (t != NULL) {
        mpq_t mean, var;
        mpq_inits(mean, var, NULL);
        hs_hist_moments(h.count, HS_CRIB_MAX_SCORE + 1, 0, mean, var); /* h.hands > 0 */
        static const char *const PART[5] = {"fifteens", "pairs", "runs", "flush", "nobs"};
        hs_tbl_note(t, "rules", "%s", crib ? "crib" : "hand");
        hs_tbl_note(t, "hands", "%" PRIu64, h.hands);
        char num[48], den[48];
        hs_tbl_note(t, "mean", "%.6f", mpq_get_d(mean));
        hs_tbl_note(t, "mean_exact", "%s/%s", mpz_get_str(num, 10, mpq_numref(mean)),
                    mpz_get_str(den, 10, mpq_denref(mean)));
        hs_tbl_note(t, "variance", "%.6f", mpq_get_d(var));
        hs_tbl_note(t, "variance_exact", "%s/%s", mpz_get_str(num, 10, mpq_numref(var)),
                    mpz_get_str(den, 10, mpq_denref(var)));
        hs_tbl_note(t, "sd", "%.6f", hs_stddev(var));
        for (int c = 0; c < 5; c++)
            hs_tbl_note(t, PART[c], "%" PRIu64, h.points[c]);
        mpq_clears(mean, var, NULL);
    }
    return hs_req_answer(x, t);
}

/* ---- the registry's entries ----------------------------------------------------------------- */

static const hs_command_arg SCORE_ARGS[] = {
    {"hand", HS_ARG_CARDS, 1, 1, NULL, NULL, "five cards: the four of the hand, then the starter"},
    {"crib", HS_ARG_FLAG, 0, 1, NULL, NULL, "score as the crib (a flush needs all five)"}};
static const char *const SCORE_EXAMPLE[] = {"hand", "5H 5C 5S JD 5D", NULL};
const hs_command_def hs_req_crib_score = {
    {"crib score", "Cribbage hand score",
     "a cribbage hand and starter scored, with each fifteen, pair, run, flush and nobs", SCORE_ARGS,
     HS_REQ_N(SCORE_ARGS), SCORE_EXAMPLE, "crib score 5H 5C 5S JD 5D", 0},
    run_crib_score,
    NULL};

/* The text breakdown of `crib score` is this table, printed (no --csv form of its own). */
const hs_command_def hs_req_crib_explain = {
    {"crib explain", "Cribbage score, itemized",
     "the same, every scoring combination (item, cards, points), the totals as notes", SCORE_ARGS,
     HS_REQ_N(SCORE_ARGS), SCORE_EXAMPLE, NULL, 0},
    run_crib_explain,
    NULL};

static const hs_command_arg DISCARD_ARGS[] = {
    {"hand", HS_ARG_CARDS, 1, 1, NULL, NULL, "six cards (or five: three players)"},
    {"role", HS_ARG_CHOICE, 0, 1, "dealer|pone", "dealer", "whose crib it is: dealer or pone"},
    {"pegging", HS_ARG_FLAG, 0, 1, NULL, NULL, "add the expected pegging differential"}};
static const char *const DISCARD_EXAMPLE[] = {"hand", "2C 3H 4D 5D 5S JS", NULL};
const hs_command_def hs_req_crib_discard = {
    {"crib discard", "Cribbage discard",
     "every keep of a six-card (or five-card) deal with its exact expectations, best first",
     DISCARD_ARGS, HS_REQ_N(DISCARD_ARGS), DISCARD_EXAMPLE, "crib discard 2C 3H 4D 5D 5S JS", 0},
    run_crib_discard,
    NULL};

static const hs_command_arg PEG_ARGS[] = {
    {"hand", HS_ARG_CARDS, 2, 2, NULL, NULL, "the pone's four cards, then the dealer's"}};
static const char *const PEG_EXAMPLE[] = {"hand", "5H 5D JC 4S", "hand", "6C 9D TH KS", NULL};
const hs_command_def hs_req_crib_peg = {
    {"crib peg", "Cribbage pegging",
     "the play of two known hands, both playing perfectly: each side's points and an optimal "
     "line",
     PEG_ARGS, HS_REQ_N(PEG_ARGS), PEG_EXAMPLE, "crib peg '5H 5D JC 4S' -- '6C 9D TH KS'", 0},
    run_crib_peg,
    NULL};

/* The text form of `crib peg` prints this table (no --csv form of its own). */
const hs_command_def hs_req_crib_peg_line = {
    {"crib peg-line", "Cribbage pegging, card by card",
     "the same optimal line event by event (player, card, count, points, why)", PEG_ARGS,
     HS_REQ_N(PEG_ARGS), PEG_EXAMPLE, NULL, 0},
    run_crib_peg_line,
    NULL};

static const hs_command_arg HIST_ARGS[] = {
    {"crib", HS_ARG_FLAG, 0, 1, NULL, NULL, "crib rules for the flush"}};
static const char *const HIST_EXAMPLE[] = {NULL};
const hs_command_def hs_req_crib_hist = {
    {"crib hist", "Cribbage score distribution",
     "every hand with every starter (12,994,800) scored: the exact distribution 0..29", HIST_ARGS,
     HS_REQ_N(HIST_ARGS), HIST_EXAMPLE, "crib hist", 0},
    run_crib_hist,
    NULL};
