/* The request layer's adapters for the draw games (handstat/draw.h): badugi rank and hist, one
 * draw's exact odds, and every discard choice of a hand; each with its registry entry. */
#include "request_internal.h"

#include "handstat/handstat.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* badugi rank: cards,class,size,description,best of four cards. */
static int run_badugi_rank(const hs_request *r, hs_req_ctx *x) {
    const char *text;
    int cards[4];
    uint64_t mask;
    int rc = hs_req_one_hand(r, &text, x);
    if (rc != HS_OK)
        return rc;
    if ((rc = hs_req_cards("hand", text, 4, 4, "4 cards", cards, &mask, x)) < 0)
        return rc;
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const int cls = hs_badugi_rank(mask);
    int ranks[4];
    char desc[64], best[32], hand[32];
    hs_badugi_describe(cls, desc, sizeof desc);
    hs_hand_format(hs_badugi_best(mask), best, sizeof best);
    hs_req_cards_text(hand, sizeof hand, cards, 4);
    static const char *const COLS[] = {"cards", "class", "size", "description", "best"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_INT, HS_CELL_TEXT, HS_CELL_TEXT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 5);
    if (t != NULL) {
        hs_tbl_text(t, hand);
        hs_tbl_u128(t, (hs_uint128)cls);
        hs_tbl_u128(t, (hs_uint128)hs_badugi_ranks(cls, ranks));
        hs_tbl_text(t, desc);
        hs_tbl_text(t, best);
    }
    return hs_req_answer(x, t);
}

/* badugi hist: every four-card hand by its badugi's size and top card: size,top,classes,count,
 * best first (4-card 4-high .. 1-card K). */
static int run_badugi_hist(const hs_request *r, hs_req_ctx *x) {
    (void)r;
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    uint64_t *count = malloc((HS_BADUGI_CLASSES + 1) * sizeof *count);
    if (count == NULL)
        return hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
    hs_badugi_hist(count);
    /* [size][top]: classes are in order of size (4 first) then of top card */
    uint64_t by[5][HS_RANKS] = {{0}}, hands = 0;
    int classes[5][HS_RANKS] = {{0}};
    for (int c = 1; c <= HS_BADUGI_CLASSES; c++) {
        int ranks[4];
        const int s = hs_badugi_ranks(c, ranks);
        by[s][ranks[0]] += count[c];
        classes[s][ranks[0]]++;
        hands += count[c];
    }
    free(count);
    static const char NAMES[HS_RANKS + 1] = "A23456789TJQK";
    static const char *const COLS[] = {"size", "top", "classes", "count"};
    static const int KINDS[] = {HS_CELL_INT, HS_CELL_TEXT, HS_CELL_INT, HS_CELL_INT};
    hs_table *t = hs_tbl_new(COLS, KINDS, 4);
    for (int s = 4; t != NULL && s >= 1; s--)
        for (int top = s - 1; top < HS_RANKS; top++) {
            hs_tbl_u128(t, (hs_uint128)s);
            hs_tbl_textf(t, "%c", NAMES[top]);
            hs_tbl_u128(t, (hs_uint128)classes[s][top]);
            hs_tbl_u128(t, by[s][top]);
        }
    if (t != NULL) {
        hs_tbl_note(t, "hands", "%" PRIu64, hands);
        hs_tbl_note(t, "classes", "%d", HS_BADUGI_CLASSES);
        for (int s = 4; s >= 1; s--) {
            uint64_t n = 0;
            for (int top = 0; top < HS_RANKS; top++)
                n += by[s][top];
            char name[16];
            snprintf(name, sizeof name, "size_%d", s);
            hs_tbl_note(t, name, "%" PRIu64, n);
        }
    }
    return hs_req_answer(x, t);
}

/* ---- the draw games ----------------------------------------------------------------------- */

/* The "game" argument: its HS_DRAW_* value into *game. */
static int draw_game(const hs_request *r, int *game, hs_req_ctx *x) {
    const char *g = hs_req_get(r, "game");
    if (g == NULL)
        return hs_req_fail(x, HS_ERR_ARG, "game: give one of 27, a5, high and badugi");
    if ((*game = hs_draw_game_parse(g)) < 0) {
        char tok[HS_TOKEN_TEXT];
        return hs_req_fail(x, HS_ERR_ARG, "game: '%s' is not 27, a5, high or badugi",
                           hs_text_token(tok, g, strlen(g)));
    }
    return HS_OK;
}

/* Optional cards of argument `key` (at most max) into *mask (0 when absent). */
static int opt_cards(const hs_request *r, const char *key, int max, uint64_t *mask, hs_req_ctx *x) {
    int cards[HS_CARDS];
    char expected[32];
    const char *v = hs_req_get(r, key);
    *mask = 0;
    if (v == NULL)
        return HS_OK;
    snprintf(expected, sizeof expected, "at most %d cards", max);
    const int n = hs_req_cards(key, v, 0, max, expected, cards, mask, x);
    return n < 0 ? n : HS_OK;
}

/* The first card of both masks, for "'%s' is ..." messages. */
static const char *first_card(uint64_t both, char name[3]) {
    hs_card_format(__builtin_ctzll(both), name);
    return name;
}

/* The band columns' names of a game: band names with their counts. */
static void odds_row(hs_table *t, const hs_draw_odds *o) {
    for (int b = 0; b < o->bands; b++)
        hs_tbl_u128(t, o->count[b]);
    hs_tbl_u128(t, o->total);
    hs_tbl_ratio(t, o->class_sum, o->total);
}

/* draw odds: band,count,probability,fraction,or_better, one row per band of the game. */
static int run_draw_odds(const hs_request *r, hs_req_ctx *x) {
    int game = 0, rc;
    if ((rc = draw_game(r, &game, x)) != HS_OK)
        return rc;
    const int size = hs_draw_hand_cards(game);
    const char *text[2];
    const int nh = hs_req_hands(r, text, 1);
    int cards[5], nk = 0;
    uint64_t kept = 0, dead, thrown;
    if (nh > 1)
        return hs_req_fail(x, HS_ERR_ARG, "expected at most one hand (the kept cards)");
    if (nh == 1) {
        char expected[32];
        snprintf(expected, sizeof expected, "0 to %d kept cards", size);
        if ((nk = hs_req_cards("hand", text[0], 0, size, expected, cards, &kept, x)) < 0)
            return nk;
    }
    if ((rc = opt_cards(r, "dead", HS_CARDS, &dead, x)) != HS_OK ||
        (rc = opt_cards(r, "discard", size, &thrown, x)) != HS_OK)
        return rc;
    char name[3];
    if (kept & dead)
        return hs_req_fail(x, HS_ERR_DUPLICATE, "dead: '%s' is also a kept card",
                           first_card(kept & dead, name));
    if (kept & thrown)
        return hs_req_fail(x, HS_ERR_DUPLICATE, "discard: '%s' is also a kept card",
                           first_card(kept & thrown, name));
    if (dead & thrown)
        return hs_req_fail(x, HS_ERR_DUPLICATE, "discard: '%s' is also a dead card",
                           first_card(dead & thrown, name));
    uint64_t draw = (uint64_t)(size - nk);
    if ((rc = hs_req_number(r, "draw", 0, 52, draw, &draw, x)) != HS_OK)
        return rc;
    if ((int)draw + nk != size)
        return hs_req_fail(x, HS_ERR_COUNT,
                           "draw: %d kept and %d drawn make %d cards, not a %d-card %s hand", nk,
                           (int)draw, nk + (int)draw, size, hs_draw_game_name(game));
    if (thrown != 0 && __builtin_popcountll(thrown) != (int)draw)
        return hs_req_fail(x, HS_ERR_COUNT, "discard: %d cards thrown, but %d drawn",
                           __builtin_popcountll(thrown), (int)draw);
    const int stub = HS_CARDS - __builtin_popcountll(kept | dead | thrown);
    if ((int)draw > stub)
        return hs_req_fail(x, HS_ERR_COUNT, "draw: %d card%s from a stub of %d", (int)draw,
                           draw == 1 ? "" : "s", stub);
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    hs_draw_odds o;
    rc = hs_draw_odds_of(game, kept, (int)draw, dead | thrown, &o);
    if (rc != HS_OK)
        return hs_req_lib_error(x, rc);
    static const char *const COLS[] = {"band", "count", "probability", "fraction", "or_better"};
    static const int KINDS[] = {HS_CELL_TEXT, HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION,
                                HS_CELL_DECIMAL};
    hs_table *t = hs_tbl_new(COLS, KINDS, 5);
    uint64_t cum = 0;
    for (int b = 0; t != NULL && b < o.bands; b++) {
        cum += o.count[b];
        hs_tbl_text(t, hs_draw_band_name(game, b));
        hs_tbl_u128(t, o.count[b]);
        hs_tbl_ratio(t, o.count[b], o.total);
        hs_tbl_fraction(t, o.count[b], o.total);
        hs_tbl_ratio(t, cum, o.total);
    }
    if (t != NULL) {
        char k[32];
        hs_hand_format(kept, k, sizeof k);
        hs_tbl_note(t, "game", "%s", hs_draw_game_name(game));
        hs_tbl_note(t, "kept", "%s", k);
        hs_tbl_note(t, "draw", "%d", (int)draw);
        hs_tbl_note(t, "stub", "%d", stub);
        hs_tbl_note(t, "draws", "%" PRIu64, o.total);
        hs_tbl_note(t, "mean_class", "%.6f", (double)o.class_sum / (double)o.total);
        hs_req_known_notes(t, 0, dead | thrown);
    }
    return hs_req_answer(x, t);
}

/* draw discard: every discard choice of a hand, best first: discard,kept,draw, the count of
 * each band, draws,mean_class and, against an opponent, wins,ties,losses,deals,equity. */
static int run_draw_discard(const hs_request *r, hs_req_ctx *x) {
    int game = 0, rc;
    if ((rc = draw_game(r, &game, x)) != HS_OK)
        return rc;
    const int size = hs_draw_hand_cards(game);
    const char *text;
    int cards[5];
    uint64_t hand, dead, opp_hand, opp_throw;
    char expected[16], name[3];
    snprintf(expected, sizeof expected, "%d cards", size);
    if ((rc = hs_req_one_hand(r, &text, x)) != HS_OK)
        return rc;
    if ((rc = hs_req_cards("hand", text, size, size, expected, cards, &hand, x)) < 0)
        return rc;
    if ((rc = opt_cards(r, "dead", HS_CARDS, &dead, x)) != HS_OK ||
        (rc = opt_cards(r, "opponent", size, &opp_hand, x)) != HS_OK ||
        (rc = opt_cards(r, "opponent-discard", size, &opp_throw, x)) != HS_OK)
        return rc;
    const int has_opp = hs_req_get(r, "opponent") != NULL;
    if (has_opp && __builtin_popcountll(opp_hand) != size)
        return hs_req_fail(x, HS_ERR_COUNT, "opponent: expected %s, got %d", expected,
                           __builtin_popcountll(opp_hand));
    if (!has_opp && opp_throw != 0)
        return hs_req_fail(x, HS_ERR_ARG, "opponent-discard: no opponent given");
    if (opp_throw & ~opp_hand)
        return hs_req_fail(x, HS_ERR_TOKEN, "opponent-discard: '%s' is not in the opponent's hand",
                           first_card(opp_throw & ~opp_hand, name));
    if (hand & dead)
        return hs_req_fail(x, HS_ERR_DUPLICATE, "dead: '%s' is also in the hand",
                           first_card(hand & dead, name));
    if (hand & opp_hand)
        return hs_req_fail(x, HS_ERR_DUPLICATE, "opponent: '%s' is also in the hand",
                           first_card(hand & opp_hand, name));
    if (opp_hand & dead)
        return hs_req_fail(x, HS_ERR_DUPLICATE, "dead: '%s' is also in the opponent's hand",
                           first_card(opp_hand & dead, name));
    const int stub = HS_CARDS - __builtin_popcountll(hand | dead | opp_hand);
    if (size + __builtin_popcountll(opp_throw) > stub)
        return hs_req_fail(x, HS_ERR_COUNT, "dead: a stub of %d cards is too small for the draws",
                           stub);
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    hs_draw_choice *ch = malloc(HS_DRAW_MAX_CHOICES * sizeof *ch);
    if (ch == NULL)
        return hs_req_fail(x, HS_ERR_NOMEM, "out of memory");
    const hs_draw_opponent opp = {opp_hand, opp_throw};
    int n = 0;
    rc = hs_draw_discards_run(game, hand, dead, has_opp ? &opp : NULL, x->threads, x->progress,
                              x->progress_ctx, ch, &n);
    if (rc == HS_ERR_ARG) {
        free(ch);
        return hs_req_fail(x, rc, "the deals to compare exceed %" PRIu64 " (exact or nothing)",
                           HS_DRAW_MAX_DEALS);
    }
    if (rc != HS_OK) {
        free(ch);
        return hs_req_lib_error(x, rc);
    }
    const char *cols[3 + HS_DRAW_MAX_BANDS + 2 + 5];
    int kinds[3 + HS_DRAW_MAX_BANDS + 2 + 5], nc = 0;
    static const char *const HEAD[] = {"discard", "kept", "draw"};
    for (int i = 0; i < 3; i++) {
        cols[nc] = HEAD[i];
        kinds[nc++] = i < 2 ? HS_CELL_TEXT : HS_CELL_INT;
    }
    const int bands = hs_draw_bands(game);
    for (int b = 0; b < bands; b++) {
        cols[nc] = hs_draw_band_name(game, b);
        kinds[nc++] = HS_CELL_INT;
    }
    cols[nc] = "draws";
    kinds[nc++] = HS_CELL_INT;
    cols[nc] = "mean_class";
    kinds[nc++] = HS_CELL_DECIMAL;
    static const char *const VS[] = {"wins", "ties", "losses", "deals", "equity"};
    for (int i = 0; has_opp && i < 5; i++) {
        cols[nc] = VS[i];
        kinds[nc++] = i < 4 ? HS_CELL_INT : HS_CELL_DECIMAL;
    }
    hs_table *t = hs_tbl_new(cols, kinds, (size_t)nc);
    for (int i = 0; t != NULL && i < n; i++) {
        char d[32], k[32];
        hs_hand_format(ch[i].discard, d, sizeof d);
        hs_hand_format(ch[i].kept, k, sizeof k);
        hs_tbl_text(t, ch[i].discard ? d : "-");
        hs_tbl_text(t, ch[i].kept ? k : "-");
        hs_tbl_u128(t, (hs_uint128)ch[i].draw);
        odds_row(t, &ch[i].odds);
        if (has_opp) {
            hs_tbl_u128(t, ch[i].wins);
            hs_tbl_u128(t, ch[i].ties);
            hs_tbl_u128(t, ch[i].losses);
            hs_tbl_u128(t, ch[i].deals);
            hs_tbl_ratio(t, 2 * (hs_uint128)ch[i].wins + ch[i].ties, 2 * (hs_uint128)ch[i].deals);
        }
    }
    if (t != NULL) {
        char h[32];
        hs_hand_format(hand, h, sizeof h);
        hs_tbl_note(t, "game", "%s", hs_draw_game_name(game));
        hs_tbl_note(t, "hand", "%s", h);
        hs_tbl_note(t, "stub", "%d", stub);
        if (has_opp) {
            char o[32], od[32];
            hs_hand_format(opp_hand, o, sizeof o);
            hs_hand_format(opp_throw, od, sizeof od);
            hs_tbl_note(t, "opponent", "%s", o);
            hs_tbl_note(t, "opponent_discard", "%s", opp_throw ? od : "-");
            hs_tbl_note(t, "order", "by equity (wins + ties/2) / deals, then the mean class");
        } else
            hs_tbl_note(t, "order", "by the mean class, the lower first");
        hs_req_known_notes(t, 0, dead);
    }
    free(ch);
    return hs_req_answer(x, t);
}

/* The kept cards of a table row: the ranks of rank set `ranks` (bit r: card rank r) from the
 * lowest, in suits 0, 1, 2, 3 in that order, so that they hold no two of a suit (no flush, and a
 * badugi); into *kept, with the discards into *thrown: for lowball kings then a queen of the
 * suits in order (ranks the table never keeps: the classic 47 unseen cards), for badugi kings,
 * queens, jacks, tens of the first kept card's suit (cards that spoil the badugi: the classic 48
 * unseen cards with 10 outs to a three-card hand). */
static void table_row(int game, unsigned ranks, uint64_t *kept, uint64_t *thrown) {
    int n = 0;
    *kept = *thrown = 0;
    for (int r = 0; r < HS_RANKS; r++)
        if (ranks >> r & 1)
            *kept |= hs_card_bit(hs_card(r, n++));
    const int size = hs_draw_hand_cards(game);
    for (int i = 0; i < size - n; i++) {
        if (game == HS_DRAW_BADUGI)
            *thrown |= hs_card_bit(hs_card(HS_KING - i, HS_CLUBS));
        else
            *thrown |= hs_card_bit(hs_card(i < 4 ? HS_KING : HS_QUEEN, i % 4));
    }
}

/* draw table: one draw's odds for every keep of low distinct ranks in distinct suits (2-7: up to
 * the nine for four kept, the eight for fewer; A-5 and badugi: up to the eight), the most kept
 * first: kept,discard,draw,draws and the count of each band. */
static int run_draw_table(const hs_request *r, hs_req_ctx *x) {
    int game = 0, rc;
    if ((rc = draw_game(r, &game, x)) != HS_OK)
        return rc;
    if (game == HS_DRAW_HIGH)
        return hs_req_fail(x, HS_ERR_ARG, "game: the table is for 27, a5 and badugi");
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    const int size = hs_draw_hand_cards(game), bands = hs_draw_bands(game);
    const char *cols[4 + HS_DRAW_MAX_BANDS];
    int kinds[4 + HS_DRAW_MAX_BANDS];
    static const char *const HEAD[] = {"kept", "discard", "draw", "draws"};
    for (int i = 0; i < 4; i++) {
        cols[i] = HEAD[i];
        kinds[i] = i < 2 ? HS_CELL_TEXT : HS_CELL_INT;
    }
    for (int b = 0; b < bands; b++) {
        cols[4 + b] = hs_draw_band_name(game, b);
        kinds[4 + b] = HS_CELL_INT;
    }
    hs_table *t = hs_tbl_new(cols, kinds, (size_t)(4 + bands));
    /* the lowest ranks a keep may use: card ranks 1..8 (2..9) or 1..7 in 2-7, 0..7 (A..8) else */
    for (int k = size - 1; t != NULL && k >= 0; k--) {
        const int lo = game == HS_DRAW_27 ? 1 : 0,
                  hi = game == HS_DRAW_27 ? (k == size - 1 ? 8 : 7) : 7;
        for (unsigned ranks = 0; ranks < (1u << (hi + 1)); ranks++) {
            if (__builtin_popcount(ranks) != k || (ranks & ((1u << lo) - 1)))
                continue;
            uint64_t kept, thrown;
            table_row(game, ranks, &kept, &thrown);
            hs_draw_odds o;
            if ((rc = hs_draw_odds_of(game, kept, size - k, thrown, &o)) != HS_OK) {
                hs_table_free(t);
                return hs_req_lib_error(x, rc);
            }
            char kt[32], dt[32];
            hs_hand_format(kept, kt, sizeof kt);
            hs_hand_format(thrown, dt, sizeof dt);
            hs_tbl_text(t, kept ? kt : "-");
            hs_tbl_text(t, thrown ? dt : "-");
            hs_tbl_u128(t, (hs_uint128)(size - k));
            hs_tbl_u128(t, o.total);
            for (int b = 0; b < bands; b++)
                hs_tbl_u128(t, o.count[b]);
        }
    }
    if (t != NULL)
        hs_tbl_note(t, "game", "%s", hs_draw_game_name(game));
    return hs_req_answer(x, t);
}

/* One "hand" of draw equity, "CARDS" or "CARDS:DISCARD", for seat `seat` (1-based): its cards
 * and discard into *p, the cards in order into cards[]/ *nc for the table. */
static int equity_hand(const char *text, int seat, int size, hs_draw_opponent *p, int *cards,
                       int *nc, int *thrown, int *nt, hs_req_ctx *x) {
    char what[32], expected[16], part[HS_REQUEST_VALUE_MAX + 1];
    snprintf(what, sizeof what, "hand %d", seat);
    snprintf(expected, sizeof expected, "%d cards", size);
    const char *colon = strchr(text, ':');
    const size_t len = colon != NULL ? (size_t)(colon - text) : strlen(text);
    if (len > HS_REQUEST_VALUE_MAX)
        return hs_req_fail(x, HS_ERR_ARG, "%s: too long", what);
    memcpy(part, text, len);
    part[len] = '\0';
    int rc = hs_req_cards(what, part, size, size, expected, cards, &p->hand, x);
    if (rc < 0)
        return rc;
    *nc = rc;
    p->discard = 0;
    *nt = 0;
    if (colon != NULL) {
        char dwhat[48];
        snprintf(dwhat, sizeof dwhat, "hand %d discard", seat);
        if ((rc = hs_req_cards(dwhat, colon + 1, 0, size, "at most the hand's cards", thrown,
                               &p->discard, x)) < 0)
            return rc;
        *nt = rc;
        for (int i = 0; i < *nt; i++)
            if (!(p->hand >> thrown[i] & 1)) {
                char name[3];
                hs_card_format(thrown[i], name);
                return hs_req_fail(x, HS_ERR_TOKEN, "%s: '%s' is not in the hand", dwhat, name);
            }
    }
    return HS_OK;
}

/* The "policy" argument: one name for every player, or one per player separated by commas. */
static int equity_policies(const hs_request *r, int game, int n, hs_draw_policy *pol,
                           char names[][16], hs_req_ctx *x) {
    const char *text = hs_req_get(r, "policy");
    for (int i = 0; i < n; i++) {
        pol[i] = (hs_draw_policy){HS_DRAW_POLICY_PAT, 0};
        snprintf(names[i], 16, "pat");
    }
    if (text == NULL)
        return HS_OK;
    char item[HS_DRAW_MAX_PLAYERS + 1][16];
    int items = 0;
    const char *at = text;
    for (;;) {
        const char *end = strchr(at, ',');
        const size_t len = end != NULL ? (size_t)(end - at) : strlen(at);
        if (items == n)
            return hs_req_fail(x, HS_ERR_ARG, "policy: %d names for %d players", items + 1, n);
        if (len >= sizeof item[0])
            return hs_req_fail(x, HS_ERR_ARG, "policy: '%.*s' is not a policy of %s", 20, at,
                               hs_draw_game_name(game));
        memcpy(item[items], at, len);
        item[items++][len] = '\0';
        if (end == NULL)
            break;
        at = end + 1;
    }
    if (items != 1 && items != n)
        return hs_req_fail(x, HS_ERR_ARG, "policy: %d names for %d players (one, or one each)",
                           items, n);
    for (int i = 0; i < n; i++) {
        const char *name = item[items == 1 ? 0 : i];
        if (hs_draw_policy_parse(game, name, &pol[i]) != HS_OK)
            return hs_req_fail(x, HS_ERR_ARG, "policy: '%s' is not a policy of %s (%s)", name,
                               hs_draw_game_name(game),
                               game == HS_DRAW_HIGH ? "pat or pairs" : "pat, keep:K or stand:R");
        hs_draw_policy_format(&pol[i], names[i], 16);
    }
    return HS_OK;
}

/* The first cells of a seat's row in draw equity's tables: player, hand, discard ("-" if none). */
static void seat_cells(hs_table *t, int seat, const int *cards, int nc, const int *thrown, int nt) {
    char h[32], d[32];
    hs_req_cards_text(h, sizeof h, cards, nc);
    hs_req_cards_text(d, sizeof d, thrown, nt);
    hs_tbl_u128(t, (hs_uint128)(seat + 1));
    hs_tbl_text(t, h);
    hs_tbl_text(t, nt ? d : "-");
}

/* draw equity: 2 to 6 players with one to three draws to come. One draw without samples:
 * player,hand,discard,draw,wins,ties,equity,equity_exact over every deal of the replacements.
 * Otherwise player,hand,discard,policy,equity,std_error,equity_exact,kind under the policies. */
static int run_draw_equity(const hs_request *r, hs_req_ctx *x) {
    int game = 0, rc;
    if ((rc = draw_game(r, &game, x)) != HS_OK)
        return rc;
    const int size = hs_draw_hand_cards(game);
    const char *text[HS_DRAW_MAX_PLAYERS + 1];
    const int n = hs_req_hands(r, text, HS_DRAW_MAX_PLAYERS);
    if (n < 2 || n > HS_DRAW_MAX_PLAYERS)
        return hs_req_fail(x, HS_ERR_ARG, "expected 2 to %d hands, got %d", HS_DRAW_MAX_PLAYERS, n);
    hs_draw_opponent p[HS_DRAW_MAX_PLAYERS];
    int cards[HS_DRAW_MAX_PLAYERS][5], nc[HS_DRAW_MAX_PLAYERS], thrown[HS_DRAW_MAX_PLAYERS][5],
        nt[HS_DRAW_MAX_PLAYERS], given[HS_DRAW_MAX_PLAYERS];
    uint64_t dead, seen = 0, draws = 1, samples = 0, seed = 1;
    if ((rc = opt_cards(r, "dead", HS_CARDS, &dead, x)) != HS_OK ||
        (rc = hs_req_number(r, "draws", 1, HS_DRAW_MAX_DRAWS, 1, &draws, x)) != HS_OK ||
        (rc = hs_req_samples(r, &samples, &seed, x)) != HS_OK)
        return rc;
    if (samples > HS_DRAW_MAX_SAMPLES)
        return hs_req_fail(x, HS_ERR_ARG, "samples: at most %" PRIu64, HS_DRAW_MAX_SAMPLES);
    seen = dead;
    for (int i = 0; i < n; i++) {
        if ((rc = equity_hand(text[i], i + 1, size, &p[i], cards[i], &nc[i], thrown[i], &nt[i],
                              x)) != HS_OK)
            return rc;
        given[i] = strchr(text[i], ':') != NULL;
        if (p[i].hand & seen) {
            char name[3];
            return hs_req_fail(x, HS_ERR_DUPLICATE, "hand %d: '%s' is already %s", i + 1,
                               first_card(p[i].hand & seen, name),
                               p[i].hand & dead ? "a dead card" : "in another hand");
        }
        seen |= p[i].hand;
    }
    hs_draw_policy pol[HS_DRAW_MAX_PLAYERS];
    char pnames[HS_DRAW_MAX_PLAYERS][16];
    if ((rc = equity_policies(r, game, n, pol, pnames, x)) != HS_OK)
        return rc;
    /* the first draw: the given discards, else the policy's */
    for (int i = 0; i < n; i++)
        if (!given[i]) {
            p[i].discard = hs_draw_policy_discard(game, &pol[i], p[i].hand);
            nt[i] = 0;
            for (int j = 0; j < nc[i]; j++)
                if (p[i].discard >> cards[i][j] & 1)
                    thrown[i][nt[i]++] = cards[i][j];
        }
    int left = HS_CARDS - __builtin_popcountll(seen), first_draws = 0;
    for (int i = 0; i < n; i++)
        first_draws += nt[i];
    if (first_draws > left)
        return hs_req_fail(x, HS_ERR_COUNT, "the draws take %d cards from a stub of %d",
                           first_draws, left);
    if (x->phase == HS_REQ_START) {
        *x->job_out = NULL;
        return HS_OK;
    }
    hs_table *t = NULL;
    if (draws == 1 && samples == 0) {
        hs_draw_equity e;
        rc = hs_draw_equity_one_run(game, p, n, dead, x->threads, x->progress, x->progress_ctx, &e);
        if (rc == HS_ERR_ARG)
            return hs_req_fail(x, rc, "the deals exceed %" PRIu64 " (exact or nothing)",
                               HS_DRAW_MAX_EQUITY_DEALS);
        if (rc != HS_OK)
            return hs_req_lib_error(x, rc);
        static const char *const COLS[] = {"player", "hand", "discard", "draw",
                                           "wins",   "ties", "equity",  "equity_exact"};
        static const int KINDS[] = {HS_CELL_INT, HS_CELL_TEXT, HS_CELL_TEXT,    HS_CELL_INT,
                                    HS_CELL_INT, HS_CELL_INT,  HS_CELL_DECIMAL, HS_CELL_FRACTION};
        t = hs_tbl_new(COLS, KINDS, 8);
        for (int i = 0; t != NULL && i < n; i++) {
            seat_cells(t, i, cards[i], nc[i], thrown[i], nt[i]);
            hs_tbl_u128(t, (hs_uint128)nt[i]);
            hs_tbl_u128(t, e.wins[i]);
            hs_tbl_u128(t, e.ties[i]);
            hs_tbl_ratio(t, e.share[i], 60 * (hs_uint128)e.deals);
            hs_tbl_fraction(t, e.share[i], 60 * (hs_uint128)e.deals);
        }
        if (t != NULL) {
            hs_tbl_note(t, "game", "%s", hs_draw_game_name(game));
            hs_tbl_note(t, "deals", "%" PRIu64, e.deals);
            hs_tbl_note(t, "kind", "exact");
            hs_req_known_notes(t, 0, dead);
        }
        return hs_req_answer(x, t);
    }
    hs_draw_player pl[HS_DRAW_MAX_PLAYERS];
    for (int i = 0; i < n; i++)
        pl[i] = (hs_draw_player){p[i].hand, p[i].discard, 1, pol[i]};
    hs_draw_run_result e;
    rc = hs_draw_equity_run(game, pl, n, dead, (int)draws, samples, seed, x->threads, x->progress,
                            x->progress_ctx, &e);
    if (rc == HS_ERR_COUNT)
        return hs_req_fail(x, rc,
                           "the draws run out of cards: a deal needs more than the stub of "
                           "%d holds (discards are not reshuffled)",
                           left);
    if (rc != HS_OK)
        return hs_req_lib_error(x, rc);
    static const char *const COLS[] = {"player", "hand",      "discard",      "policy",
                                       "equity", "std_error", "equity_exact", "kind"};
    static const int KINDS[] = {HS_CELL_INT,     HS_CELL_TEXT,    HS_CELL_TEXT, HS_CELL_TEXT,
                                HS_CELL_DECIMAL, HS_CELL_DECIMAL, HS_CELL_TEXT, HS_CELL_TEXT};
    t = hs_tbl_new(COLS, KINDS, 8);
    for (int i = 0; t != NULL && i < n; i++) {
        seat_cells(t, i, cards[i], nc[i], thrown[i], nt[i]);
        hs_tbl_text(t, pnames[i]);
        hs_tbl_double(t, e.equity[i]);
        hs_tbl_double(t, e.exact ? 0.0 : e.std_error[i]);
        hs_tbl_text(t, e.exact ? e.equity_exact[i] : "-");
        hs_tbl_text(t, e.exact ? "exact" : "estimate");
    }
    if (t != NULL) {
        hs_tbl_note(t, "game", "%s", hs_draw_game_name(game));
        hs_tbl_note(t, "draws", "%d", (int)draws);
        hs_tbl_note(t, "kind", "%s", e.exact ? "exact" : "estimate");
        if (e.exact)
            hs_tbl_note(t, "deals", "%" PRIu64, e.deals);
        else {
            hs_tbl_note(t, "samples", "%" PRIu64, e.samples);
            hs_tbl_note(t, "seed", "%" PRIu64, seed);
        }
        if (e.over_bound)
            hs_tbl_note(t, "why", "the exact count passes %" PRIu64 " final deals",
                        HS_DRAW_MAX_POLICY_DEALS);
        hs_req_known_notes(t, 0, dead);
    }
    return hs_req_answer(x, t);
}

/* ---- the registry's entries --------------------------------------------------------------- */

static const hs_command_arg BADUGI_ARGS[] = {{"hand", HS_ARG_CARDS, 1, 1, NULL, NULL, "4 cards"}};
static const char *const BADUGI_EXAMPLE[] = {"hand", "AC 2D 3H 4S", NULL};
const hs_command_def hs_req_badugi_rank = {
    {"badugi rank", "Badugi rank",
     "a badugi hand's class (1..1092: size, then the lowest top), description and best sub-hand",
     BADUGI_ARGS, HS_REQ_N(BADUGI_ARGS), BADUGI_EXAMPLE, "badugi rank AC 2D 3H 4S", 0},
    run_badugi_rank,
    NULL};

static const char *const BADUGI_HIST_EXAMPLE[] = {NULL};
const hs_command_def hs_req_badugi_hist = {
    {"badugi hist", "Badugi distribution",
     "every one of the 270,725 four-card hands by its badugi's size and top card", NULL, 0,
     BADUGI_HIST_EXAMPLE, "badugi hist", 0},
    run_badugi_hist,
    NULL};

#define A_GAME                                                                                     \
    {                                                                                              \
        "game", HS_ARG_CHOICE, 1, 1, "27|a5|high|badugi", NULL,                                    \
            "27 (deuce-to-seven), a5 (ace-to-five), high (five-card draw) or badugi"               \
    }
#define A_DRAW_DEAD                                                                                \
    {                                                                                              \
        "dead", HS_ARG_CARDS, 0, 1, NULL, NULL,                                                    \
            "cards out of the stub: other players' cards and discards"                             \
    }

static const hs_command_arg ODDS_ARGS[] = {
    A_GAME,
    {"hand", HS_ARG_CARDS, 0, 1, NULL, NULL, "the kept cards (none: drawing all)"},
    {"draw", HS_ARG_COUNT, 0, 1, NULL, NULL, "cards drawn (default: the hand size less the kept)"},
    {"discard", HS_ARG_CARDS, 0, 1, NULL, NULL,
     "the player's own discards (out of the stub; the classic tables count them out)"},
    A_DRAW_DEAD};
static const char *const ODDS_EXAMPLE[] = {"game", "27",      "hand", "7S 5D 3C 2H", "draw",
                                           "1",    "discard", "KD",   NULL};
const hs_command_def hs_req_draw_odds = {
    {"draw odds", "Drawing odds",
     "the exact chance of each final band after one draw from the stub, for the kept cards",
     ODDS_ARGS, HS_REQ_N(ODDS_ARGS), ODDS_EXAMPLE,
     "draw odds --game 27 7S 5D 3C 2H --draw 1 --discard KD", 0},
    run_draw_odds,
    NULL};

static const hs_command_arg DISCARD_ARGS[] = {
    A_GAME,
    {"hand", HS_ARG_CARDS, 1, 1, NULL, NULL, "the hand: 5 cards (4 for badugi)"},
    {"opponent", HS_ARG_CARDS, 0, 1, NULL, NULL, "a known opponent's hand"},
    {"opponent-discard", HS_ARG_CARDS, 0, 1, NULL, NULL,
     "the opponent's cards it throws and draws to (none: pat)"},
    A_DRAW_DEAD};
static const char *const DISCARD_EXAMPLE[] = {
    "game", "27", "hand", "7S 5D 3C 2H KD", "opponent", "8C 6D 4H 3S QS", "opponent-discard",
    "QS",   NULL};
const hs_command_def hs_req_draw_discard = {
    {"draw discard", "Best discard",
     "every discard choice of a hand with one draw: the exact chance of each final band and, "
     "against a known opponent with its own draw, wins, ties and losses, best first",
     DISCARD_ARGS, HS_REQ_N(DISCARD_ARGS), DISCARD_EXAMPLE,
     "draw discard --game 27 7S 5D 3C 2H KD --vs '8C 6D 4H 3S QS' --vs-discard QS", 0},
    run_draw_discard,
    NULL};

static const hs_command_arg TABLE_ARGS[] = {{"game", HS_ARG_CHOICE, 1, 1, "27|a5|badugi", NULL,
                                             "27 (deuce-to-seven), a5 (ace-to-five) or badugi"}};
static const char *const TABLE_EXAMPLE[] = {"game", "badugi", NULL};
const hs_command_def hs_req_draw_table = {
    {"draw table", "Drawing-odds table",
     "one draw's exact odds for every keep of low distinct ranks and suits, the classic table",
     TABLE_ARGS, HS_REQ_N(TABLE_ARGS), TABLE_EXAMPLE, "draw table --game badugi", 0},
    run_draw_table,
    NULL};

static const hs_command_arg EQUITY_ARGS[] = {
    A_GAME,
    {"hand", HS_ARG_CARDS, 2, HS_DRAW_MAX_PLAYERS, NULL, NULL,
     "each player's cards, then ':' and the cards it throws on the first draw (none after ':': "
     "pat; no ':': its policy chooses), \"7S 5D 3C 2H KD:KD\""},
    A_DRAW_DEAD,
    {"draws", HS_ARG_COUNT, 0, 1, NULL, "1", "draws to come: 1, 2 or 3"},
    {"policy", HS_ARG_TEXT, 0, 1, NULL, "pat",
     "how each player draws after the first (one name, or one per player separated by commas): "
     "pat, keep:K, stand:R (27, a5, badugi), pairs (high)"},
    {"samples", HS_ARG_COUNT, 0, 1, NULL, NULL, "a Monte Carlo estimate from this many deals"},
    {"seed", HS_ARG_COUNT, 0, 1, NULL, "1", "the estimate's random seed"}};
static const char *const EQUITY_EXAMPLE[] = {
    "game",           "27", "hand", "7S 5D 3C 2H KD:KD", "hand", "8C 6D 4H 3S QS:QS", "hand",
    "9C 8D 6H 4S 2C", NULL};
const hs_command_def hs_req_draw_equity = {
    {"draw equity", "Draw equity",
     "the equity of 2 to 6 players with one to three draws to come: exact over every deal of the "
     "replacements (later draws by each player's policy), or an estimate past the bound",
     EQUITY_ARGS, HS_REQ_N(EQUITY_ARGS), EQUITY_EXAMPLE,
     "draw equity --game 27 '7S 5D 3C 2H KD:KD' '8C 6D 4H 3S QS:QS' '9C 8D 6H 4S 2C'", 0},
    run_draw_equity,
    NULL};
