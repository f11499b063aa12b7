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

/* ---- crib throw-table, crib deals, crib peg-table --------------------------------------------
 * The tables of every two-card throw and of every six-card deal. These are the files the command
 * line writes (results/crib_throw_table.csv, crib_deals_*.csv, crib_peg_*.csv): it renders them
 * through here, so the cells are its text, byte for byte. */

static const char RANK_CHARS[] = "A23456789TJQK";

/* crib throw-table: each of the 169 throw classes with its exact expected crib. */
static int run_crib_throw_table(const hs_request *r, hs_req_ctx *x) {
    (void)r;
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    static const char *const SUIT_KIND[3] = {"offsuit", "suited", "pair"};
    static const char *const COLS[] = {"ranks", "suits",   "combos",       "crib_sum",
                                       "cases", "crib_ev", "crib_ev_exact"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_TEXT,    HS_CELL_INT,     HS_CELL_INT,
                                HS_CELL_INT,  HS_CELL_DECIMAL, HS_CELL_FRACTION};
    hs_crib_throw_class tc[HS_THROW_CLASSES];
    hs_crib_throw_table(tc);
    hs_table *t = hs_tbl_new(COLS, KINDS, 7);
    for (int i = 0; t != NULL && i < HS_THROW_CLASSES; i++) {
        const char ranks[4] = {RANK_CHARS[tc[i].rank_lo], '-', RANK_CHARS[tc[i].rank_hi], '\0'};
        hs_tbl_text(t, ranks);
        hs_tbl_text(t, SUIT_KIND[tc[i].rank_lo == tc[i].rank_hi ? 2 : tc[i].suited]);
        hs_tbl_u128(t, (hs_uint128)tc[i].combos);
        hs_tbl_u128(t, tc[i].crib_sum);
        hs_tbl_u128(t, HS_THROW_CASES);
        hs_tbl_fixed(t, (double)tc[i].crib_sum / HS_THROW_CASES, 6);
        hs_tbl_fraction(t, tc[i].crib_sum, HS_THROW_CASES);
    }
    if (t != NULL)
        hs_tbl_note(t, "cases", "%u", HS_THROW_CASES);
    return hs_req_answer(x, t);
}

/* The notes of a mean num/den as the command line's summary gives it: `name` the decimal with
 * six places, `name`_exact the reduced fraction ("-7/2"). */
static void note_mean(hs_table *t, const char *name, int64_t num, uint64_t den) {
    char exact[112], key[48];
    const hs_uint128 mag = num < 0 ? (hs_uint128)0 - (hs_uint128)num : (hs_uint128)num;
    exact[0] = '-';
    hs_text_fraction(exact + 1, sizeof exact - 1, mag, den);
    hs_tbl_note(t, name, "%.6f", (double)num / (double)den);
    snprintf(key, sizeof key, "%s_exact", name);
    hs_tbl_note(t, key, "%s", num < 0 ? exact : exact + 1);
}

/* The pattern's ranks, ace low: "5-5-J-Q". */
static void pattern_text(int p, char buf[8]) {
    int rk[4];
    hs_deals_pattern_ranks(p, rk);
    snprintf(buf, 8, "%c-%c-%c-%c", RANK_CHARS[rk[0]], RANK_CHARS[rk[1]], RANK_CHARS[rk[2]],
             RANK_CHARS[rk[3]]);
}

/* The bins of one pair of role histograms (dealer, pone), lowest to highest used: ev_from,ev_to
 * (tenths of a point), then the counts and probabilities of the two. */
static hs_table *bins_table(const uint64_t (*bins)[HS_DEALS_BINS], uint64_t deals) {
    static const char *const COLS[] = {
        "ev_from", "ev_to", "dealer_deals", "pone_deals", "dealer_probability", "pone_probability"};
    static const int KINDS[] = {HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_INT,
                                HS_CELL_INT,     HS_CELL_DECIMAL, HS_CELL_DECIMAL};
    int lo = HS_DEALS_BINS, hi = -1;
    for (int b = 0; b < HS_DEALS_BINS; b++)
        if (bins[0][b] != 0 || bins[1][b] != 0) {
            lo = b < lo ? b : lo;
            hi = b;
        }
    hs_table *t = hs_tbl_new(COLS, KINDS, 6);
    for (int b = lo; t != NULL && b <= hi; b++) {
        const int from = b - HS_DEALS_BIN_OFFSET;
        hs_tbl_fixed(t, from / 10.0, 1);
        hs_tbl_fixed(t, (from + 1) / 10.0, 1);
        for (int role = 0; role < 2; role++)
            hs_tbl_u128(t, bins[role][b]);
        /* the quotient of the two doubles, "%.12g", as the files have always had it */
        for (int role = 0; role < 2; role++)
            hs_tbl_double(t, (double)bins[role][b] / (double)deals);
    }
    return t;
}

/* The patterns in rank order (the pattern index is colex, so by the ranks themselves), those
 * with any deals: pattern, then each of the n criteria's deals, then their probabilities. */
static hs_table *patterns_table(const char *const *cols,
                                const uint64_t (*pattern)[HS_DEALS_PATTERNS], int n,
                                uint64_t deals) {
    int kinds[7] = {HS_CELL_TEXT};
    for (int k = 0; k < n; k++) {
        kinds[1 + k] = HS_CELL_INT;
        kinds[1 + n + k] = HS_CELL_DECIMAL;
    }
    hs_table *t = hs_tbl_new(cols, kinds, (size_t)(1 + 2 * n));
    for (int r0 = 0; t != NULL && r0 < HS_RANKS; r0++)
        for (int r1 = r0; r1 < HS_RANKS; r1++)
            for (int r2 = r1; r2 < HS_RANKS; r2++)
                for (int r3 = r2; r3 < HS_RANKS; r3++) {
                    const int rk[4] = {r0, r1, r2, r3};
                    const int p = hs_deals_pattern_index(rk);
                    uint64_t any = 0;
                    for (int k = 0; k < n; k++)
                        any |= pattern[k][p];
                    if (any == 0)
                        continue;
                    char name[8];
                    pattern_text(p, name);
                    hs_tbl_text(t, name);
                    for (int k = 0; k < n; k++)
                        hs_tbl_u128(t, pattern[k][p]);
                    for (int k = 0; k < n; k++)
                        hs_tbl_double(t, (double)pattern[k][p] / (double)deals);
                }
    return t;
}

/* crib deals' tables: 0 the best hand expectation (hand_sum over 46), 1 the best combined
 * expectation for dealer and pone in tenth-of-a-point bins, 2 how often each pattern is best. */
static hs_table *deals_table(const hs_discard_deals *d, int which) {
    hs_table *t = NULL;
    if (which == 0) {
        static const char *const COLS[] = {"hand_sum", "hand_ev", "hand_ev_exact", "deals",
                                           "probability"};
        static const int KINDS[] = {HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION, HS_CELL_INT,
                                    HS_CELL_DECIMAL};
        t = hs_tbl_new(COLS, KINDS, 5);
        for (int k = 0; t != NULL && k < HS_DEALS_HAND_NUMS; k++) {
            if (d->best_hand[k] == 0)
                continue;
            hs_tbl_u128(t, (hs_uint128)k);
            hs_tbl_fixed(t, k / 46.0, 6);
            hs_tbl_fraction(t, (hs_uint128)k, HS_DISCARD_HAND_CASES2);
            hs_tbl_u128(t, d->best_hand[k]);
            hs_tbl_double(t, (double)d->best_hand[k] / (double)d->deals);
        }
    } else if (which == 1) {
        t = bins_table(d->best_combined, d->deals);
    } else {
        static const char *const COLS[] = {
            "pattern",          "hand_deals",         "dealer_deals",    "pone_deals",
            "hand_probability", "dealer_probability", "pone_probability"};
        t = patterns_table(COLS, d->pattern, 3, d->deals);
    }
    if (t != NULL) {
        hs_tbl_note(t, "deals", "%" PRIu64, d->deals);
        hs_tbl_note(t, "canonical_deals", "%" PRIu64, d->canonical);
    }
    if (t != NULL && d->deals > 0) {
        note_mean(t, "mean_best_hand", (int64_t)d->sum_best_hand,
                  HS_DISCARD_HAND_CASES2 * d->deals);
        note_mean(t, "mean_best_combined_dealer", d->sum_best_combined[HS_CRIB_DEALER],
                  HS_DISCARD_CRIB_CASES2 * d->deals);
        note_mean(t, "mean_best_combined_pone", d->sum_best_combined[HS_CRIB_PONE],
                  HS_DISCARD_CRIB_CASES2 * d->deals);
    }
    return t;
}

/* crib peg-table's tables: 0 the best total (combined + pegging) for dealer and pone in
 * tenth-of-a-point bins, 1 how often each pattern is best. */
static hs_table *peg_deals_table(const hs_peg_deals *d, int which) {
    static const char *const COLS[] = {"pattern", "dealer_deals", "pone_deals",
                                       "dealer_probability", "pone_probability"};
    hs_table *t = which == 0 ? bins_table(d->best_total, d->deals)
                             : patterns_table(COLS, d->pattern, 2, d->deals);
    if (t != NULL) {
        hs_tbl_note(t, "deals", "%" PRIu64, d->deals);
        hs_tbl_note(t, "canonical_deals", "%" PRIu64, d->canonical);
    }
    if (t != NULL && d->deals > 0) {
        note_mean(t, "mean_best_total_dealer", d->sum_best_total[HS_CRIB_DEALER],
                  HS_PEG_TOTAL_DEN * d->deals);
        note_mean(t, "mean_best_total_pone", d->sum_best_total[HS_CRIB_PONE],
                  HS_PEG_TOTAL_DEN * d->deals);
    }
    return t;
}

static void tables_free(void *p) {
    hs_discard_tables_free(p);
}

/* What the job of crib deals (peg 0) or crib peg-table (peg 1) is made of: its tables are built
 * with `threads` (0: the default). */
typedef struct deals_args {
    int peg, threads;
} deals_args;

/* The job over discard tables of its own: the command line's job, so that its checkpoints fit. */
static int make_deals_job(const void *args, hs_job **out) {
    const deals_args *a = args;
    hs_discard_tables *tables = NULL;
    const int rc = hs_discard_tables_new(a->threads, &tables);
    if (rc != HS_OK)
        return rc;
    return hs_req_job_keeping(a->peg ? hs_peg_deals_job_new_threads(tables, a->threads, out)
                                     : hs_discard_deals_job_new(tables, out),
                              out, tables, tables_free);
}

/* crib deals and crib peg-table: every deal as one job, answered with the table asked for. */
static int run_deals(const hs_request *r, hs_req_ctx *x, int peg) {
    static const char *const DEALS_TABLES[] = {"hand", "combined", "patterns"};
    static const char *const PEG_TABLES[] = {"total", "patterns"};
    int which;
    int rc = peg ? hs_req_table_choice(r, PEG_TABLES, 2, &which, x)
                 : hs_req_table_choice(r, DEALS_TABLES, 3, &which, x);
    const deals_args args = {peg, x->phase == HS_REQ_START ? 0 : x->threads};
    hs_job *own;
    const hs_job *job;
    if (rc == HS_OK)
        rc = hs_req_table_job(x, make_deals_job, &args, &own, &job);
    if (rc != HS_OK || x->phase == HS_REQ_START)
        return rc;
    hs_table *t = peg ? peg_deals_table(hs_peg_deals_job_counts(job), which)
                      : deals_table(hs_discard_deals_job_counts(job), which);
    hs_job_free(own);
    return hs_req_answer(x, t);
}

static int run_crib_deals(const hs_request *r, hs_req_ctx *x) {
    return run_deals(r, x, 0);
}

static int run_crib_peg_table(const hs_request *r, hs_req_ctx *x) {
    return run_deals(r, x, 1);
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

static const char *const NO_EXAMPLE[] = {NULL};

const hs_command_def hs_req_crib_throw_table = {
    {"crib throw-table", "Cribbage throws",
     "the exact expected crib of each two-card throw with nothing else known (58,800 cases), for "
     "the 169 rank-pair classes",
     NULL, 0, NO_EXAMPLE, "crib throw-table", 0},
    run_crib_throw_table,
    NULL};

/* Seconds of one thread: the median of three whole-process wall times (the tables, the job and
 * the files) of `handstat crib deals --threads 1 -o /dev/null` (2.26-2.53 s) and `crib peg-table
 * --threads 1 -o /dev/null` (2.42-2.74 s) on the idle 2-core AMD EPYC Zen 3 machine (2026-12-07).
 */
#define DEALS_SECONDS 2.35
#define PEG_DEALS_SECONDS 2.64

static double deals_seconds(const hs_request *r, const hs_job *job) {
    (void)r;
    (void)job;
    return DEALS_SECONDS;
}

static double peg_deals_seconds(const hs_request *r, const hs_job *job) {
    (void)r;
    (void)job;
    return PEG_DEALS_SECONDS;
}

static const hs_command_arg DEALS_ARGS[] = {
    {"table", HS_ARG_CHOICE, 0, 1, "hand|combined|patterns", "hand",
     "hand: the best hand expectation; combined: the best combined expectation in "
     "tenth-of-a-point bins; patterns: how often each kept rank pattern is best"}};
const hs_command_def hs_req_crib_deals = {
    {"crib deals", "Cribbage: every deal",
     "all 20,358,520 six-card deals with the best keep by hand and by the dealer's and the pone's "
     "combined expectation: the exact distributions and how often each kept rank pattern is best",
     DEALS_ARGS, HS_REQ_N(DEALS_ARGS), NO_EXAMPLE, "crib deals", HS_COMMAND_JOB},
    run_crib_deals,
    deals_seconds};

static const hs_command_arg PEG_TABLE_ARGS[] = {
    {"table", HS_ARG_CHOICE, 0, 1, "total|patterns", "total",
     "total: the best total (combined + pegging) in tenth-of-a-point bins; patterns: how often "
     "each kept rank pattern is best"}};
const hs_command_def hs_req_crib_peg_table = {
    {"crib peg-table", "Cribbage: every deal, with pegging",
     "every six-card deal with the best keep for the dealer and the pone by combined + expected "
     "pegging: the exact distribution of the best total and how often each kept rank pattern is "
     "best",
     PEG_TABLE_ARGS, HS_REQ_N(PEG_TABLE_ARGS), NO_EXAMPLE, "crib peg-table", HS_COMMAND_JOB},
    run_crib_peg_table,
    peg_deals_seconds};
