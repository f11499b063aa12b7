/* The query language (handstat/query.h) against an independent brute force:
 *   - every query of the table below is answered by query_ref.c, which walks every deal the
 *     header defines (explicit hands with weights, the missing flop cards as a set, the turn and
 *     the river told apart) and evaluates the header's functions with the reference rankers of
 *     tests/ (poker_ref: keys compared; hits_ref: the made-hand category and flags); the exact
 *     fractions and counts of hs_query_run's table must be those, to the character;
 *   - queries the equity engine answers against hs_holdem_equity_ranges / hs_omaha_equity_run,
 *     their counts scaled to ordered deals (preflop too);
 *   - the sampled form within 5 standard errors of the exact answer, bit-identical at one and two
 *     threads, as is the exact form; a finished job answers as the whole run does;
 *   - the errors: where (line, column) and what (the message names the token).
 * Each walk is small (a flop or a turn given, or two flop cards), so the whole test takes
 * seconds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <ctype.h>
#include <gmp.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"
#include "handstat/holdem_board.h"
#include "handstat/query.h"
#include "query_ref.h"

enum { HERO, VILLAIN, THIRD };
enum { PREFLOP = QR_PREFLOP, FLOP = QR_FLOP, TURN = QR_TURN, RIVER = QR_RIVER };

/* ---- scenarios: the bindings of a query and the same deal written out for the reference ---- */

typedef struct scenario {
    const char *bindings;
    void (*setup)(qr_setup *s);
} scenario;

/* The board in order, two characters a card. */
static void set_board(qr_setup *s, const char *text) {
    s->n_board = 0;
    for (size_t i = 0; text[i] != '\0'; i += 2) {
        char card[3] = {text[i], text[i + 1], '\0'};
        int id;
        qr_ids(qr_mask(card), &id);
        s->board[s->n_board++] = id;
    }
}

static void pairs_from(qr_player *p, int lowest, unsigned weight) {
    for (int v = lowest; v <= 14; v++)
        qr_add_pair(p, v, weight);
}

static void setup_a(qr_setup *s) { /* hero=AKs, villain='QQ+', board=Kh7d2c */
    s->players = 2;
    qr_add_suited(&s->p[HERO], 14, 13, 100);
    pairs_from(&s->p[VILLAIN], 12, 100);
    set_board(s, "Kh7d2c");
}
static const scenario SA = {"hero=AKs, villain='QQ+', board=Kh7d2c", setup_a};

static void setup_b(qr_setup *s) {
    s->players = 2;
    qr_add_exact(&s->p[HERO], "QhJh", 100);
    pairs_from(&s->p[VILLAIN], 10, 100);
    qr_add_suited(&s->p[VILLAIN], 10, 9, 100);
    set_board(s, "Th9h2c");
}
static const scenario SB = {"game=holdem, hero=QhJh, villain='TT+,T9s', board=Th9h2c", setup_b};

static void setup_c(qr_setup *s) {
    s->players = 2;
    pairs_from(&s->p[HERO], 12, 100);
    qr_add_suited(&s->p[HERO], 14, 13, 50);
    qr_add_pair(&s->p[VILLAIN], 11, 100);
    qr_add_suited(&s->p[VILLAIN], 14, 12, 100);
    set_board(s, "As8d3c");
}
static const scenario SC = {"hero='QQ+,AKs@50', villain='JJ,AQs', board=As8d3c", setup_c};

static void setup_d(qr_setup *s) {
    s->players = 3;
    qr_add_exact(&s->p[HERO], "AhKh", 100);
    qr_add_pair(&s->p[VILLAIN], 12, 100);
    qr_add_suited(&s->p[THIRD], 11, 10, 100);
    set_board(s, "Qh9h2d");
}
static const scenario SD = {"hero=AhKh, villain=QQ, third=JTs, board=Qh9h2d", setup_d};

static void setup_e(qr_setup *s) {
    s->players = 2;
    qr_add_exact(&s->p[HERO], "AhAd", 100);
    qr_add_pair(&s->p[VILLAIN], 13, 100);
    qr_add_pair(&s->p[VILLAIN], 12, 100);
    set_board(s, "Ks7h2c");
    s->dead = qr_mask("Kc3d");
}
static const scenario SE = {"hero=AhAd, villain='KK,QQ', board=Ks7h2c, dead=Kc3d", setup_e};

static void setup_f(qr_setup *s) {
    s->players = 2;
    qr_add_random(&s->p[HERO], 100);
    qr_add_pair(&s->p[VILLAIN], 14, 100);
    set_board(s, "Kh7d2c5s");
}
static const scenario SF = {"hero=random, villain=AA, board=Kh7d2c5s", setup_f};

static void setup_g(qr_setup *s) {
    s->players = 2;
    qr_add_exact(&s->p[HERO], "AcAd", 100);
    qr_add_exact(&s->p[VILLAIN], "KcKd", 100);
    set_board(s, "Kh7d");
}
static const scenario SG = {"hero=AcAd, villain=KcKd, board=Kh7d", setup_g};

static void setup_h(qr_setup *s) {
    s->omaha = 1;
    s->players = 2;
    qr_add_exact(&s->p[HERO], "AhKhQdJd", 1);
    qr_add_exact(&s->p[VILLAIN], "AsAd8s8d", 1);
    qr_add_exact(&s->p[VILLAIN], "9c9d7c6c", 1);
    set_board(s, "Th9h2c");
}
static const scenario SH = {
    "game=omahahi, hero=AhKhQdJd, villain='AsAd8s8d,9c9d7c6c', board=Th9h2c", setup_h};

static void setup_i(qr_setup *s) {
    s->omaha = 1;
    s->players = 3;
    qr_add_exact(&s->p[HERO], "AhKhQdJd", 1);
    qr_add_exact(&s->p[VILLAIN], "AsAd8s8d", 1);
    qr_add_exact(&s->p[THIRD], "7c6c5d4d", 1);
    set_board(s, "Th9h2c3s");
}
static const scenario SI = {
    "game=omaha, hero=AhKhQdJd, villain=AsAd8s8d, third=7c6c5d4d, board=Th9h2c3s", setup_i};

static void setup_l(qr_setup *s) {
    s->players = 3;
    qr_add_suited(&s->p[HERO], 14, 13, 100);
    qr_add_suited(&s->p[HERO], 14, 12, 50);
    pairs_from(&s->p[VILLAIN], 13, 100);
    qr_add_suited(&s->p[THIRD], 11, 10, 100);
    set_board(s, "Jh8h3c");
}
static const scenario SL = {"hero='AKs,AQs@50', villain='KK+', third=JTs, board=Jh8h3c", setup_l};

static void setup_m(qr_setup *s) {
    s->players = 2;
    qr_add_random(&s->p[HERO], 100);
    qr_add_exact(&s->p[VILLAIN], "AhAs", 100);
    set_board(s, "Kd7c2h5s");
}
static const scenario SM = {"hero=*, villain=AhAs, board=Kd7c2h5s", setup_m};

static void setup_n(qr_setup *s) {
    s->players = 2;
    qr_add_exact(&s->p[HERO], "AsQs", 100);
    qr_add_exact(&s->p[VILLAIN], "JcJd", 100);
    set_board(s, "Kh7h");
}
static const scenario SN = {"hero=AsQs, villain=JcJd, board=Kh7h", setup_n};

/* Folded players: dealt a hand of their range after the players, out of play (card removal). */
static void setup_o(qr_setup *s) {
    s->players = 2;
    qr_add_suited(&s->p[HERO], 14, 13, 100);
    qr_add_pair(&s->p[VILLAIN], 12, 100);
    s->folded = 1;
    qr_add_pair(&s->f[0], 11, 100);
    qr_add_suited(&s->f[0], 14, 12, 50);
    set_board(s, "Kh7d2c");
}
static const scenario SO = {"hero=AKs, villain=QQ, board=Kh7d2c, folded='JJ,AQs@50'", setup_o};

static void setup_p(qr_setup *s) {
    s->players = 2;
    qr_add_exact(&s->p[HERO], "AsKs", 100);
    qr_add_pair(&s->p[VILLAIN], 12, 100);
    s->folded = 2;
    qr_add_pair(&s->f[0], 11, 100);
    qr_add_suited(&s->f[1], 14, 12, 50);
    qr_add_pair(&s->f[1], 10, 100);
    set_board(s, "Kh7d2c5s");
}
/* the folded ranges in Pio's and Equilab's notations, unquoted where they can be */
static const scenario SP = {"hero=AsKs, villain=QQ, board=Kh7d2c5s, folded=JJ, folded='AQs:0.5,TT'",
                            setup_p};

/* ---- query cases ------------------------------------------------------------------------------
 */

enum agg { AVG, COUNT, HIST, MAX, MIN };
/* What a histogram lists. */
enum hkind { H_NONE, H_BOOL, H_TYPE, H_CAT, H_SUIT, H_WHOLE, H_BINS };

typedef struct item {
    enum agg agg;
    enum hkind hk;
    const char *label;
} item;

#define MAX_ITEMS 8

/* Fills v[i] for each item and returns 1 when the deal satisfies `where`; returns 0 (v untouched)
 * when it does not. */
typedef int (*eval_fn)(const qr_deal *d, mpq_t *v);

typedef struct qcase {
    const char *name;
    const scenario *sc;
    const char *select; /* the items, aliases included */
    const char *where;  /* NULL: none */
    const char *text;   /* when not NULL, the whole query text (sc gives the deals only) */
    int n;
    item items[MAX_ITEMS];
    eval_fn eval;
} qcase;

#define B(i, x) mpq_set_ui(v[i], (x) ? 1u : 0u, 1)
#define I(i, x) mpq_set_si(v[i], (x), 1)

/* -- scenario A: hero AKs, villain QQ+, flop Kh7d2c -- */
static int ev_a1(const qr_deal *d, mpq_t *v) {
    qr_river_equity(d, HERO, v[0]);
    B(1, qr_wins_hi(d, HERO));
    B(2, qr_ties_hi(d, HERO));
    return 1;
}
static int ev_a2(const qr_deal *d, mpq_t *v) {
    if (qr_paired_board(d, RIVER))
        return 0;
    return ev_a1(d, v);
}
static int ev_a3(const qr_deal *d, mpq_t *v) {
    if (!(qr_turn_rank(d) >= 10))
        return 0;
    qr_equity(d, HERO, TURN, v[0]);
    qr_equity(d, HERO, TURN, v[1]);
    qr_equity(d, VILLAIN, TURN, v[2]);
    return 1;
}
static int ev_a4(const qr_deal *d, mpq_t *v) {
    qr_equity(d, HERO, TURN, v[0]);
    return 1;
}
static int ev_a5(const qr_deal *d, mpq_t *v) {
    I(0, qr_hand_type(d, HERO, RIVER));
    I(1, qr_winning_type(d));
    return 1;
}
static int ev_a6(const qr_deal *d, mpq_t *v) {
    I(0, qr_hi_rating(d, HERO, RIVER));
    I(1, qr_hi_rating(d, VILLAIN, TURN));
    I(2, qr_hi_rating(d, HERO, RIVER));
    return 1;
}
static int ev_a7(const qr_deal *d, mpq_t *v) {
    B(0, qr_best_hi(d, HERO, TURN));
    B(1, qr_best_hi(d, VILLAIN, FLOP));
    B(2, qr_wins_hi(d, VILLAIN));
    return 1;
}
static int ev_a8(const qr_deal *d, mpq_t *v) {
    unsigned f;
    I(0, qr_category(d, VILLAIN, TURN, &f));
    qr_category(d, HERO, TURN, &f);
    B(1, f & HS_HIT_F(HS_HIT_FLUSH_DRAW));
    return 1;
}
static int ev_a9(const qr_deal *d, mpq_t *v) {
    I(0, qr_outs(d, HERO, FLOP));
    I(1, qr_outs(d, HERO, TURN));
    return 1;
}
static int ev_a10(const qr_deal *d, mpq_t *v) {
    I(0, qr_outs_to_type(d, HERO, FLOP, QR_TWO_PAIR));
    I(1, qr_outs_to_type(d, VILLAIN, TURN, QR_TRIPS));
    return 1;
}
static int ev_a11(const qr_deal *d, mpq_t *v) {
    B(0, qr_nut_hi(d, HERO, RIVER));
    B(1, qr_nut_hi(d, VILLAIN, TURN));
    return 1;
}
static int ev_a12(const qr_deal *d, mpq_t *v) {
    B(0, qr_is_pair(d, VILLAIN, 13) || qr_is_pair(d, VILLAIN, 14));
    const uint64_t akc = qr_mask("AcKc");
    B(1, qr_hand_in(d, HERO, &akc, 1));
    return 1;
}
static int ev_a13(const qr_deal *d, mpq_t *v) {
    if (!qr_is_pair(d, VILLAIN, 14))
        return 0;
    qr_river_equity(d, HERO, v[0]);
    return 1;
}
static int ev_a14(const qr_deal *d, mpq_t *v) {
    I(0, qr_board_suit_count(d, RIVER));
    B(1, qr_paired_board(d, TURN));
    B(2, qr_monotone_board(d, RIVER));
    return 1;
}
static int ev_a15(const qr_deal *d, mpq_t *v) {
    B(0, qr_two_tone_board(d, TURN));
    B(1, qr_rainbow_board(d, TURN));
    B(2, qr_flushing_board(d, RIVER));
    B(3, qr_straight_board(d, RIVER));
    return 1;
}
static int ev_a16(const qr_deal *d, mpq_t *v) {
    I(0, qr_turn_suit(d));
    B(1, qr_river_suit(d) == 2);
    I(2, qr_turn_rank(d));
    I(3, qr_river_rank(d));
    return 1;
}
static int ev_a17(const qr_deal *d, mpq_t *v) {
    mpq_t t;
    mpq_init(t);
    /* riverEquity(hero) * 2 - 1 */
    qr_river_equity(d, HERO, t);
    mpq_add(v[0], t, t);
    mpq_set_si(t, 1, 1);
    mpq_sub(v[0], v[0], t);
    /* -riverEquity(villain) + 1 */
    qr_river_equity(d, VILLAIN, t);
    mpq_neg(v[1], t);
    mpq_set_si(t, 1, 1);
    mpq_add(v[1], v[1], t);
    /* (hiRating(hero, river) - hiRating(villain, river)) / 2 */
    mpq_set_si(v[2], qr_hi_rating(d, HERO, RIVER) - qr_hi_rating(d, VILLAIN, RIVER), 2);
    mpq_canonicalize(v[2]);
    /* 1 + 2 * turnRank() - riverRank() / 4 */
    mpq_set_si(v[3], 4 + 8 * qr_turn_rank(d) - qr_river_rank(d), 4);
    mpq_canonicalize(v[3]);
    mpq_clear(t);
    return 1;
}
static int ev_a18(const qr_deal *d, mpq_t *v) {
    B(0, qr_hi_rating(d, HERO, RIVER) > qr_hi_rating(d, VILLAIN, RIVER));
    B(1, qr_turn_rank(d) != qr_river_rank(d));
    B(2, qr_turn_rank(d) == qr_river_rank(d));
    B(3, qr_river_rank(d) <= 5);
    B(4, qr_river_rank(d) < 5);
    B(5, qr_turn_rank(d) == 14);
    return 1;
}
static int ev_a19(const qr_deal *d, mpq_t *v) {
    B(0, (qr_turn_rank(d) != 14 && qr_river_rank(d) <= 5) || qr_paired_board(d, RIVER));
    B(1, !(qr_wins_hi(d, HERO) || qr_ties_hi(d, HERO)));
    B(2, qr_wins_hi(d, VILLAIN));
    return 1;
}
static int ev_a20(const qr_deal *d, mpq_t *v) {
    if (!(qr_turn_rank(d) > 14))
        return 0;
    qr_river_equity(d, HERO, v[0]);
    B(1, qr_wins_hi(d, HERO));
    I(2, qr_river_rank(d));
    return 1;
}
static int ev_a21(const qr_deal *d, mpq_t *v) {
    if (qr_river_suit(d) != 0)
        return 0;
    qr_equity(d, HERO, FLOP, v[0]);
    qr_equity(d, VILLAIN, RIVER, v[1]);
    return 1;
}
static int ev_a22(const qr_deal *d, mpq_t *v) {
    if (qr_turn_suit(d) != 3)
        return 0;
    B(0, qr_wins_hi(d, HERO));
    qr_river_equity(d, VILLAIN, v[1]);
    return 1;
}
static int ev_a23(const qr_deal *d, mpq_t *v) {
    if (!(qr_river_rank(d) < qr_turn_rank(d)))
        return 0;
    qr_river_equity(d, HERO, v[0]);
    B(1, qr_wins_hi(d, VILLAIN));
    return 1;
}

/* -- scenario B: hero QhJh, villain TT+,T9s, flop Th9h2c -- */
static int ev_b1(const qr_deal *d, mpq_t *v) {
    unsigned f;
    qr_river_equity(d, HERO, v[0]);
    qr_category(d, HERO, FLOP, &f);
    B(1, f & HS_HIT_F(HS_HIT_COMBO_DRAW));
    B(2, f & HS_HIT_F(HS_HIT_OESD));
    return 1;
}
static int ev_b2(const qr_deal *d, mpq_t *v) {
    unsigned f;
    int c = qr_category(d, VILLAIN, FLOP, &f);
    I(0, c);
    B(1, c == HS_HIT_SET);
    return 1;
}
static int ev_b3(const qr_deal *d, mpq_t *v) {
    I(0, qr_outs(d, HERO, FLOP));
    I(1, qr_outs(d, HERO, TURN));
    I(2, qr_outs(d, HERO, TURN));
    return 1;
}
static int ev_b4(const qr_deal *d, mpq_t *v) {
    I(0, qr_outs_to_type(d, HERO, TURN, QR_FLUSH));
    B(1, qr_hand_type(d, HERO, RIVER) >= QR_STRAIGHT);
    return 1;
}
static int ev_b5(const qr_deal *d, mpq_t *v) {
    if (qr_paired_board(d, TURN))
        return 0;
    B(0, qr_nut_hi(d, HERO, TURN));
    return 1;
}
static int ev_b6(const qr_deal *d, mpq_t *v) {
    unsigned f;
    qr_category(d, HERO, TURN, &f);
    B(0, f & HS_HIT_F(HS_HIT_NUT_FLUSH_DRAW));
    int c = qr_category(d, VILLAIN, TURN, &f);
    B(1, c == HS_HIT_TOP_PAIR);
    B(2, f & HS_HIT_F(HS_HIT_GUTSHOT));
    return 1;
}
static int ev_b7(const qr_deal *d, mpq_t *v) {
    unsigned f;
    I(0, qr_category(d, HERO, RIVER, &f));
    B(1, f & HS_HIT_F(HS_HIT_PLAYS_BOARD));
    return 1;
}

/* -- scenario C: hero QQ+,AKs@50, villain JJ,AQs, flop As8d3c -- */
static int ev_c1(const qr_deal *d, mpq_t *v) {
    qr_river_equity(d, HERO, v[0]);
    B(1, qr_wins_hi(d, HERO));
    return 1;
}
static int ev_c2(const qr_deal *d, mpq_t *v) {
    if (qr_flushing_board(d, RIVER))
        return 0;
    qr_river_equity(d, HERO, v[0]);
    B(1, qr_is_suited(d, HERO, 14, 13));
    return 1;
}
static int ev_c3(const qr_deal *d, mpq_t *v) {
    if (!(qr_is_pair(d, HERO, 12) || qr_is_pair(d, HERO, 13) || qr_is_pair(d, HERO, 14)))
        return 0;
    I(0, qr_hand_type(d, VILLAIN, TURN));
    I(1, qr_hi_rating(d, HERO, TURN));
    return 1;
}

/* -- scenario D: three players, hero AhKh, villain QQ, third JTs, flop Qh9h2d -- */
static int ev_d1(const qr_deal *d, mpq_t *v) {
    qr_river_equity(d, HERO, v[0]);
    qr_river_equity(d, VILLAIN, v[1]);
    qr_river_equity(d, THIRD, v[2]);
    B(3, qr_ties_hi(d, THIRD));
    return 1;
}
static int ev_d2(const qr_deal *d, mpq_t *v) {
    if (!(qr_turn_suit(d) == 2 || qr_river_suit(d) == 2))
        return 0;
    B(0, qr_wins_hi(d, THIRD));
    return 1;
}
static int ev_d3(const qr_deal *d, mpq_t *v) {
    if (qr_wins_hi(d, HERO))
        return 0;
    I(0, qr_winning_type(d));
    qr_equity(d, THIRD, TURN, v[1]);
    return 1;
}
static int ev_d4(const qr_deal *d, mpq_t *v) {
    I(0, qr_outs(d, THIRD, FLOP));
    B(1, qr_best_hi(d, HERO, TURN));
    B(2, qr_nut_hi(d, THIRD, RIVER));
    return 1;
}

/* -- scenario E: dead cards -- */
static int ev_e1(const qr_deal *d, mpq_t *v) {
    qr_river_equity(d, HERO, v[0]);
    B(1, qr_ties_hi(d, VILLAIN));
    return 1;
}
static int ev_e2(const qr_deal *d, mpq_t *v) {
    if (!qr_paired_board(d, RIVER))
        return 0;
    I(0, qr_river_rank(d));
    B(1, qr_is_pair(d, VILLAIN, 12));
    return 1;
}
static int ev_e3(const qr_deal *d, mpq_t *v) {
    B(0, qr_hand_type(d, VILLAIN, FLOP) == QR_TRIPS);
    I(1, qr_hi_rating(d, VILLAIN, RIVER));
    B(2, qr_outs(d, VILLAIN, TURN) > 0);
    return 1;
}

/* -- scenario F: hero random, villain AA, turn Kh7d2c5s -- */
static int ev_f1(const qr_deal *d, mpq_t *v) {
    qr_river_equity(d, HERO, v[0]);
    B(1, qr_wins_hi(d, VILLAIN));
    return 1;
}
static int ev_f2(const qr_deal *d, mpq_t *v) {
    if (!(qr_river_rank(d) > 10))
        return 0;
    I(0, qr_hand_type(d, HERO, RIVER));
    return 1;
}
static int ev_f3(const qr_deal *d, mpq_t *v) {
    int a = qr_card_value(d->hole[HERO][0]), b = qr_card_value(d->hole[HERO][1]);
    if (a != b) /* where inRange(hero, '22+') */
        return 0;
    B(0, (a == 14 && b == 13) || (a == 13 && b == 14) || (a == 13 && b == 13));
    qr_river_equity(d, HERO, v[1]);
    return 1;
}
static int ev_f4(const qr_deal *d, mpq_t *v) {
    I(0, qr_outs(d, HERO, TURN));
    B(1, qr_nut_hi(d, HERO, RIVER));
    return 1;
}
static int ev_f5(const qr_deal *d, mpq_t *v) {
    unsigned f;
    I(0, qr_category(d, HERO, TURN, &f));
    B(1, f & HS_HIT_F(HS_HIT_OESD));
    return 1;
}

/* -- scenario G: two flop cards given -- */
static int ev_g1(const qr_deal *d, mpq_t *v) {
    qr_river_equity(d, HERO, v[0]);
    B(1, qr_paired_board(d, FLOP));
    return 1;
}
static int ev_g2(const qr_deal *d, mpq_t *v) {
    if (!qr_two_tone_board(d, FLOP))
        return 0;
    qr_equity(d, HERO, FLOP, v[0]);
    return 1;
}
static int ev_g3(const qr_deal *d, mpq_t *v) {
    unsigned f;
    I(0, qr_category(d, VILLAIN, FLOP, &f));
    qr_category(d, HERO, FLOP, &f);
    B(1, f & HS_HIT_F(HS_HIT_BACKDOOR_FLUSH));
    return 1;
}

/* -- scenario H: Omaha on a flop, the villain one of two hands -- */
static int ev_h1(const qr_deal *d, mpq_t *v) {
    qr_river_equity(d, HERO, v[0]);
    B(1, qr_wins_hi(d, VILLAIN));
    return 1;
}
static int ev_h2(const qr_deal *d, mpq_t *v) {
    I(0, qr_hand_type(d, HERO, RIVER));
    B(1, qr_nut_hi(d, HERO, TURN));
    I(2, qr_hi_rating(d, VILLAIN, FLOP));
    return 1;
}
static int ev_h3(const qr_deal *d, mpq_t *v) {
    if (qr_paired_board(d, RIVER))
        return 0;
    I(0, qr_outs(d, HERO, FLOP));
    B(1, qr_best_hi(d, HERO, TURN));
    I(2, qr_winning_type(d));
    return 1;
}
static int ev_h4(const qr_deal *d, mpq_t *v) {
    qr_equity(d, HERO, TURN, v[0]);
    I(1, qr_outs_to_type(d, VILLAIN, FLOP, QR_FULL_HOUSE));
    B(2, qr_wins_hi(d, HERO));
    return 1;
}

/* -- scenario I: Omaha, three players, a turn given -- */
static int ev_i1(const qr_deal *d, mpq_t *v) {
    qr_river_equity(d, HERO, v[0]);
    qr_river_equity(d, VILLAIN, v[1]);
    qr_river_equity(d, THIRD, v[2]);
    B(3, qr_wins_hi(d, THIRD));
    return 1;
}
static int ev_i2(const qr_deal *d, mpq_t *v) {
    if (qr_river_rank(d) == 14)
        return 0;
    B(0, qr_nut_hi(d, THIRD, RIVER));
    I(1, qr_winning_type(d));
    B(2, qr_ties_hi(d, HERO));
    return 1;
}

/* -- scenario L: three players with weights -- */
static int ev_l1(const qr_deal *d, mpq_t *v) {
    qr_river_equity(d, HERO, v[0]);
    B(1, qr_wins_hi(d, VILLAIN));
    B(2, qr_ties_hi(d, THIRD));
    return 1;
}
static int ev_l2(const qr_deal *d, mpq_t *v) {
    if (!qr_wins_hi(d, HERO))
        return 0;
    B(0, qr_is_suited(d, HERO, 14, 12));
    qr_river_equity(d, THIRD, v[1]);
    return 1;
}

/* -- scenario M: hero any two cards on a turn -- */
static int ev_m1(const qr_deal *d, mpq_t *v) {
    if (qr_hand_type(d, HERO, TURN) != QR_HIGH_CARD)
        return 0;
    B(0, qr_wins_hi(d, HERO));
    qr_river_equity(d, HERO, v[1]);
    return 1;
}

/* -- scenario A: a boolean histogram -- */
static int ev_a24(const qr_deal *d, mpq_t *v) {
    B(0, qr_paired_board(d, RIVER));
    B(1, qr_wins_hi(d, HERO) && qr_flushing_board(d, RIVER));
    return 1;
}

/* equity(P, preflop) with a flop given: the board known is the given one. */
static int ev_a25(const qr_deal *d, mpq_t *v) {
    if (qr_turn_suit(d) != 2)
        return 0;
    qr_equity(d, HERO, PREFLOP, v[0]);
    qr_equity(d, VILLAIN, PREFLOP, v[1]);
    return 1;
}

/* Dead cards among the nuts' hole cards; booleans in avg and arithmetic; hand types compared. */
static int ev_e4(const qr_deal *d, mpq_t *v) {
    B(0, qr_nut_hi(d, HERO, RIVER));
    B(1, qr_wins_hi(d, HERO));
    I(2, qr_wins_hi(d, HERO) + 2 * qr_ties_hi(d, HERO));
    B(3, qr_hand_type(d, HERO, RIVER) > qr_hand_type(d, VILLAIN, RIVER));
    return 1;
}

/* A where that fails on the first player's hand alone. */
static int ev_a26(const qr_deal *d, mpq_t *v) {
    const uint64_t akc = qr_mask("AcKc");
    if (!qr_hand_in(d, HERO, &akc, 1))
        return 0;
    B(0, qr_wins_hi(d, HERO));
    return 1;
}

/* -- scenario N: two hearts of the flop given -- */
static int ev_n1(const qr_deal *d, mpq_t *v) {
    B(0, qr_monotone_board(d, FLOP));
    B(1, qr_monotone_board(d, TURN));
    I(2, qr_board_suit_count(d, FLOP));
    B(3, qr_flushing_board(d, RIVER));
    return 1;
}
static int ev_n2(const qr_deal *d, mpq_t *v) {
    if (!qr_monotone_board(d, FLOP))
        return 0;
    qr_equity(d, HERO, FLOP, v[0]);
    B(1, qr_rainbow_board(d, FLOP));
    return 1;
}
static int ev_n3(const qr_deal *d, mpq_t *v) {
    B(0, qr_straight_board(d, FLOP));
    B(1, qr_paired_board(d, TURN));
    I(2, qr_hand_type(d, VILLAIN, FLOP));
    return 1;
}

#define IT(a, h, l)                                                                                \
    { a, h, l }

static qcase CASES[] = {
    {"A1 equity, wins, ties (engine)",
     &SA,
     "avg(riverEquity(hero)) as eq, count(winsHi(hero)) as w, count(tiesHi(hero)) as t",
     NULL,
     NULL,
     3,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "w"), IT(COUNT, H_NONE, "t")},
     ev_a1},
    {"A2 where not pairedBoard",
     &SA,
     "avg(riverEquity(hero)) as eq, count(winsHi(hero)) as w, count(tiesHi(hero)) as t",
     "not pairedBoard(river)",
     NULL,
     3,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "w"), IT(COUNT, H_NONE, "t")},
     ev_a2},
    {"A3 equity at the turn: avg max min",
     &SA,
     "avg(equity(hero, turn)) as eq, max(equity(hero, turn)) as hi, min(equity(villain, turn)) "
     "as lo",
     "turnRank() >= 10",
     NULL,
     3,
     {IT(AVG, H_NONE, "eq"), IT(MAX, H_NONE, "hi"), IT(MIN, H_NONE, "lo")},
     ev_a3},
    {"A4 histogram of equity bins",
     &SA,
     "histogram(equity(hero, turn)) as h",
     NULL,
     NULL,
     1,
     {IT(HIST, H_BINS, "h")},
     ev_a4},
    {"A5 histogram of hand types",
     &SA,
     "histogram(handType(hero, river)) as ht, histogram(winningHandType()) as wt",
     NULL,
     NULL,
     2,
     {IT(HIST, H_TYPE, "ht"), IT(HIST, H_TYPE, "wt")},
     ev_a5},
    {"A6 hiRating",
     &SA,
     "avg(hiRating(hero, river)) as r, max(hiRating(villain, turn)) as mx, min(hiRating(hero, "
     "river)) as mn",
     NULL,
     NULL,
     3,
     {IT(AVG, H_NONE, "r"), IT(MAX, H_NONE, "mx"), IT(MIN, H_NONE, "mn")},
     ev_a6},
    {"A7 bestHiRating, scoops",
     &SA,
     "count(bestHiRating(hero, turn)) as bt, count(bestHiRating(villain, flop)) as bf, "
     "count(scoops(villain)) as sv",
     NULL,
     NULL,
     3,
     {IT(COUNT, H_NONE, "bt"), IT(COUNT, H_NONE, "bf"), IT(COUNT, H_NONE, "sv")},
     ev_a7},
    {"A8 handCategory histogram, = flushDraw",
     &SA,
     "histogram(handCategory(villain, turn)) as cat, count(handCategory(hero, turn) = flushDraw) "
     "as fd",
     NULL,
     NULL,
     2,
     {IT(HIST, H_CAT, "cat"), IT(COUNT, H_NONE, "fd")},
     ev_a8},
    {"A9 outs",
     &SA,
     "avg(outs(hero, flop)) as o, histogram(outs(hero, turn)) as ot",
     NULL,
     NULL,
     2,
     {IT(AVG, H_NONE, "o"), IT(HIST, H_WHOLE, "ot")},
     ev_a9},
    {"A10 outsToHandType",
     &SA,
     "avg(outsToHandType(hero, flop, twoPair)) as o2, max(outsToHandType(villain, turn, trips)) "
     "as o3",
     NULL,
     NULL,
     2,
     {IT(AVG, H_NONE, "o2"), IT(MAX, H_NONE, "o3")},
     ev_a10},
    {"A11 nutHi",
     &SA,
     "count(nutHi(hero, river)) as n, count(nutHi(villain, turn)) as nt",
     NULL,
     NULL,
     2,
     {IT(COUNT, H_NONE, "n"), IT(COUNT, H_NONE, "nt")},
     ev_a11},
    {"A12 inRange",
     &SA,
     "count(inRange(villain, 'KK+')) as k, count(inRange(hero, 'AcKc')) as c",
     NULL,
     NULL,
     2,
     {IT(COUNT, H_NONE, "k"), IT(COUNT, H_NONE, "c")},
     ev_a12},
    {"A13 where inRange",
     &SA,
     "avg(riverEquity(hero)) as eq",
     "inRange(villain, 'AA')",
     NULL,
     1,
     {IT(AVG, H_NONE, "eq")},
     ev_a13},
    {"A14 boardSuitCount, pairedBoard, monotoneBoard",
     &SA,
     "histogram(boardSuitCount(river)) as sc, count(pairedBoard(turn)) as pt, "
     "count(monotoneBoard(river)) as m",
     NULL,
     NULL,
     3,
     {IT(HIST, H_WHOLE, "sc"), IT(COUNT, H_NONE, "pt"), IT(COUNT, H_NONE, "m")},
     ev_a14},
    {"A15 twoTone, rainbow, flushing, straight boards",
     &SA,
     "count(twoToneBoard(turn)) as tt, count(rainbowBoard(turn)) as rb, "
     "count(flushingBoard(river)) as fl, count(straightBoard(river)) as st",
     NULL,
     NULL,
     4,
     {IT(COUNT, H_NONE, "tt"), IT(COUNT, H_NONE, "rb"), IT(COUNT, H_NONE, "fl"),
      IT(COUNT, H_NONE, "st")},
     ev_a15},
    {"A16 turn and river suits and ranks",
     &SA,
     "histogram(turnSuit()) as ts, count(riverSuit() = hearts) as rh, histogram(turnRank()) as "
     "tr, avg(riverRank()) as rr",
     NULL,
     NULL,
     4,
     {IT(HIST, H_SUIT, "ts"), IT(COUNT, H_NONE, "rh"), IT(HIST, H_WHOLE, "tr"),
      IT(AVG, H_NONE, "rr")},
     ev_a16},
    {"A17 arithmetic",
     &SA,
     "avg(riverEquity(hero) * 2 - 1) as a, avg(-riverEquity(villain) + 1) as b, "
     "avg((hiRating(hero, river) - hiRating(villain, river)) / 2) as c, "
     "avg(1 + 2 * turnRank() - riverRank() / 4) as d",
     NULL,
     NULL,
     4,
     {IT(AVG, H_NONE, "a"), IT(AVG, H_NONE, "b"), IT(AVG, H_NONE, "c"), IT(AVG, H_NONE, "d")},
     ev_a17},
    {"A18 comparisons",
     &SA,
     "count(hiRating(hero, river) > hiRating(villain, river)) as gt, count(turnRank() <> "
     "riverRank()) as ne, count(turnRank() == riverRank()) as eq, count(riverRank() <= 5) as le, "
     "count(riverRank() < 5) as lt, count(turnRank() = 14) as ace",
     NULL,
     NULL,
     6,
     {IT(COUNT, H_NONE, "gt"), IT(COUNT, H_NONE, "ne"), IT(COUNT, H_NONE, "eq"),
      IT(COUNT, H_NONE, "le"), IT(COUNT, H_NONE, "lt"), IT(COUNT, H_NONE, "ace")},
     ev_a18},
    {"A19 and, or, not",
     &SA,
     "count(turnRank() != 14 and riverRank() <= 5 or pairedBoard(river)) as x, "
     "count(not (winsHi(hero) or tiesHi(hero))) as lose, count(not not winsHi(villain)) as nn",
     NULL,
     NULL,
     3,
     {IT(COUNT, H_NONE, "x"), IT(COUNT, H_NONE, "lose"), IT(COUNT, H_NONE, "nn")},
     ev_a19},
    {"A20 where holds on no deal",
     &SA,
     "avg(riverEquity(hero)) as eq, count(winsHi(hero)) as w, max(riverRank()) as mx",
     "turnRank() > 14",
     NULL,
     3,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "w"), IT(MAX, H_NONE, "mx")},
     ev_a20},
    {"A21 hvhEquity at the flop, equity at the river",
     &SA,
     "avg(hvhEquity(hero, flop)) as ef, avg(equity(villain, river)) as er",
     "riverSuit() = clubs",
     NULL,
     2,
     {IT(AVG, H_NONE, "ef"), IT(AVG, H_NONE, "er")},
     ev_a21},
    {"A22 no alias, any case, underscores",
     &SA,
     NULL,
     NULL,
     "SELECT count(winsHi(hero)), AVG(river_equity(villain)) FROM hero=AKs, villain='QQ+', "
     "board=Kh7d2c WHERE turnSuit() = SPADES",
     2,
     {IT(COUNT, H_NONE, "count(winsHi(hero))"), IT(AVG, H_NONE, "AVG(river_equity(villain))")},
     ev_a22},
    {"A23 several lines, comments, double quotes, semicolon",
     &SA,
     NULL,
     NULL,
     "select avg(riverEquity(hero)) as eq -- the hero's share\n"
     "     , count(winsHi(villain)) as vw\n"
     "from hero=AKs, villain=\"QQ+\", board=Kh7d2c\n"
     "where riverRank() < turnRank(); -- done\n",
     2,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "vw")},
     ev_a23},

    {"A24 histogram of a boolean",
     &SA,
     "histogram(pairedBoard(river)) as pb, histogram(winsHi(hero) and flushingBoard(river)) as wf",
     NULL,
     NULL,
     2,
     {IT(HIST, H_BOOL, "pb"), IT(HIST, H_BOOL, "wf")},
     ev_a24},

    {"A25 equity preflop with a flop given",
     &SA,
     "avg(equity(hero, preflop)) as ep, min(equity(villain, preflop)) as mn",
     "turnSuit() = hearts",
     NULL,
     2,
     {IT(AVG, H_NONE, "ep"), IT(MIN, H_NONE, "mn")},
     ev_a25},

    {"A26 where on the hero's hand",
     &SA,
     "count(winsHi(hero)) as w",
     "inRange(hero, 'AcKc')",
     NULL,
     1,
     {IT(COUNT, H_NONE, "w")},
     ev_a26},

    {"B1 flopHandCategory = comboDraw, oesd",
     &SB,
     "avg(riverEquity(hero)) as eq, count(flopHandCategory(hero) = comboDraw) as cd, "
     "count(handCategory(hero, flop) = oesd) as oe",
     NULL,
     NULL,
     3,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "cd"), IT(COUNT, H_NONE, "oe")},
     ev_b1},
    {"B2 flop categories of a range",
     &SB,
     "histogram(flopHandCategory(villain)) as c, count(flopHandCategory(villain) = set) as s",
     NULL,
     NULL,
     2,
     {IT(HIST, H_CAT, "c"), IT(COUNT, H_NONE, "s")},
     ev_b2},
    {"B3 outs on the flop and the turn",
     &SB,
     "avg(outs(hero, flop)) as o, avg(outs(hero, turn)) as ot, max(outs(hero, turn)) as mx",
     NULL,
     NULL,
     3,
     {IT(AVG, H_NONE, "o"), IT(AVG, H_NONE, "ot"), IT(MAX, H_NONE, "mx")},
     ev_b3},
    {"B4 outsToHandType flush, handType >= straight",
     &SB,
     "histogram(outsToHandType(hero, turn, flush)) as h, count(handType(hero, river) >= "
     "straight) as s",
     NULL,
     NULL,
     2,
     {IT(HIST, H_WHOLE, "h"), IT(COUNT, H_NONE, "s")},
     ev_b4},
    {"B5 nutHi on the turn where",
     &SB,
     "count(nutHi(hero, turn)) as n",
     "not pairedBoard(turn)",
     NULL,
     1,
     {IT(COUNT, H_NONE, "n")},
     ev_b5},
    {"B6 nutFlushDraw, topPair, gutshot",
     &SB,
     "count(handCategory(hero, turn) = nutFlushDraw) as nfd, count(handCategory(villain, turn) = "
     "topPair) as tp, count(handCategory(villain, turn) = gutshot) as gs",
     NULL,
     NULL,
     3,
     {IT(COUNT, H_NONE, "nfd"), IT(COUNT, H_NONE, "tp"), IT(COUNT, H_NONE, "gs")},
     ev_b6},
    {"B7 river categories, playsBoard",
     &SB,
     "histogram(handCategory(hero, river)) as c, count(handCategory(hero, river) = playsBoard) "
     "as pb",
     NULL,
     NULL,
     2,
     {IT(HIST, H_CAT, "c"), IT(COUNT, H_NONE, "pb")},
     ev_b7},

    {"C1 weighted ranges (engine)",
     &SC,
     "avg(riverEquity(hero)) as eq, count(winsHi(hero)) as w",
     NULL,
     NULL,
     2,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "w")},
     ev_c1},
    {"C2 weighted, where",
     &SC,
     "avg(riverEquity(hero)) as eq, count(inRange(hero, 'AKs')) as ak",
     "not flushingBoard(river)",
     NULL,
     2,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "ak")},
     ev_c2},
    {"C3 weighted, where inRange",
     &SC,
     "histogram(handType(villain, turn)) as t, min(hiRating(hero, turn)) as mn",
     "inRange(hero, 'QQ+')",
     NULL,
     2,
     {IT(HIST, H_TYPE, "t"), IT(MIN, H_NONE, "mn")},
     ev_c3},

    {"D1 three players (engine)",
     &SD,
     "avg(riverEquity(hero)) as h, avg(riverEquity(villain)) as v, avg(riverEquity(third)) as t, "
     "count(tiesHi(third)) as tt",
     NULL,
     NULL,
     4,
     {IT(AVG, H_NONE, "h"), IT(AVG, H_NONE, "v"), IT(AVG, H_NONE, "t"), IT(COUNT, H_NONE, "tt")},
     ev_d1},
    {"D2 three players, where or",
     &SD,
     "count(winsHi(third)) as w",
     "turnSuit() = hearts or riverSuit() = hearts",
     NULL,
     1,
     {IT(COUNT, H_NONE, "w")},
     ev_d2},
    {"D3 three players, winning hand type, equity at the turn",
     &SD,
     "histogram(winningHandType()) as wt, avg(equity(third, turn)) as e",
     "not winsHi(hero)",
     NULL,
     2,
     {IT(HIST, H_TYPE, "wt"), IT(AVG, H_NONE, "e")},
     ev_d3},
    {"D4 three players, outs, best, nuts",
     &SD,
     "avg(outs(third, flop)) as o, count(bestHiRating(hero, turn)) as b, count(nutHi(third, "
     "river)) as n",
     NULL,
     NULL,
     3,
     {IT(AVG, H_NONE, "o"), IT(COUNT, H_NONE, "b"), IT(COUNT, H_NONE, "n")},
     ev_d4},

    {"E1 dead cards (engine)",
     &SE,
     "avg(riverEquity(hero)) as eq, count(tiesHi(villain)) as t",
     NULL,
     NULL,
     2,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "t")},
     ev_e1},
    {"E2 dead cards, river ranks on paired boards",
     &SE,
     "histogram(riverRank()) as r, count(inRange(villain, 'QQ')) as q",
     "pairedBoard(river)",
     NULL,
     2,
     {IT(HIST, H_WHOLE, "r"), IT(COUNT, H_NONE, "q")},
     ev_e2},
    {"E3 dead cards, threeOfAKind, outs > 0",
     &SE,
     "count(handType(villain, flop) = threeOfAKind) as set, avg(hiRating(villain, river)) as r, "
     "count(outs(villain, turn) > 0) as o",
     NULL,
     NULL,
     3,
     {IT(COUNT, H_NONE, "set"), IT(AVG, H_NONE, "r"), IT(COUNT, H_NONE, "o")},
     ev_e3},

    {"E4 dead cards, nuts, booleans in arithmetic, hand types compared",
     &SE,
     "count(nutHi(hero, river)) as n, avg(winsHi(hero)) as aw, avg(winsHi(hero) + tiesHi(hero) * "
     "2) as b, count(handType(hero, river) > handType(villain, river)) as ht",
     NULL,
     NULL,
     4,
     {IT(COUNT, H_NONE, "n"), IT(AVG, H_NONE, "aw"), IT(AVG, H_NONE, "b"), IT(COUNT, H_NONE, "ht")},
     ev_e4},

    {"F1 random range on a turn (engine)",
     &SF,
     "avg(riverEquity(hero)) as eq, count(winsHi(villain)) as w",
     NULL,
     NULL,
     2,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "w")},
     ev_f1},
    {"F2 random range, hand types where",
     &SF,
     "histogram(handType(hero, river)) as t",
     "riverRank() > 10",
     NULL,
     1,
     {IT(HIST, H_TYPE, "t")},
     ev_f2},
    {"F3 random range, inRange with commas",
     &SF,
     "count(inRange(hero, 'AK,KK')) as ak, avg(riverEquity(hero)) as eq",
     "inRange(hero, '22+')",
     NULL,
     2,
     {IT(COUNT, H_NONE, "ak"), IT(AVG, H_NONE, "eq")},
     ev_f3},
    {"F4 random range, outs at the turn, river nuts",
     &SF,
     "avg(outs(hero, turn)) as o, count(nutHi(hero, river)) as n",
     NULL,
     NULL,
     2,
     {IT(AVG, H_NONE, "o"), IT(COUNT, H_NONE, "n")},
     ev_f4},
    {"F5 random range, turn categories",
     &SF,
     "histogram(handCategory(hero, turn)) as c, count(handCategory(hero, turn) = oesd) as oe",
     NULL,
     NULL,
     2,
     {IT(HIST, H_CAT, "c"), IT(COUNT, H_NONE, "oe")},
     ev_f5},

    {"G1 two flop cards given",
     &SG,
     "avg(riverEquity(hero)) as eq, count(pairedBoard(flop)) as p",
     NULL,
     NULL,
     2,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "p")},
     ev_g1},
    {"G2 two flop cards, equity at the flop",
     &SG,
     "avg(equity(hero, flop)) as e",
     "twoToneBoard(flop)",
     NULL,
     1,
     {IT(AVG, H_NONE, "e")},
     ev_g2},
    {"G3 two flop cards, flop categories, backdoorFlush",
     &SG,
     "histogram(flopHandCategory(villain)) as c, count(flopHandCategory(hero) = backdoorFlush) "
     "as bd",
     NULL,
     NULL,
     2,
     {IT(HIST, H_CAT, "c"), IT(COUNT, H_NONE, "bd")},
     ev_g3},

    {"H1 Omaha flop, two villain hands",
     &SH,
     "avg(riverEquity(hero)) as eq, count(winsHi(villain)) as w",
     NULL,
     NULL,
     2,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "w")},
     ev_h1},
    {"H2 Omaha hand types, nuts, ratings",
     &SH,
     "histogram(handType(hero, river)) as t, count(nutHi(hero, turn)) as n, "
     "avg(hiRating(villain, flop)) as r",
     NULL,
     NULL,
     3,
     {IT(HIST, H_TYPE, "t"), IT(COUNT, H_NONE, "n"), IT(AVG, H_NONE, "r")},
     ev_h2},
    {"H3 Omaha outs, best, winning type where",
     &SH,
     "avg(outs(hero, flop)) as o, count(bestHiRating(hero, turn)) as b, "
     "histogram(winningHandType()) as w",
     "not pairedBoard(river)",
     NULL,
     3,
     {IT(AVG, H_NONE, "o"), IT(COUNT, H_NONE, "b"), IT(HIST, H_TYPE, "w")},
     ev_h3},
    {"H4 Omaha equity at the turn, outsToHandType, scoops",
     &SH,
     "avg(equity(hero, turn)) as e, avg(outsToHandType(villain, flop, fullHouse)) as f, "
     "count(scoops(hero)) as s",
     NULL,
     NULL,
     3,
     {IT(AVG, H_NONE, "e"), IT(AVG, H_NONE, "f"), IT(COUNT, H_NONE, "s")},
     ev_h4},

    {"I1 Omaha three players on a turn (engine)",
     &SI,
     "avg(riverEquity(hero)) as h, avg(riverEquity(villain)) as v, avg(riverEquity(third)) as t, "
     "count(winsHi(third)) as w",
     NULL,
     NULL,
     4,
     {IT(AVG, H_NONE, "h"), IT(AVG, H_NONE, "v"), IT(AVG, H_NONE, "t"), IT(COUNT, H_NONE, "w")},
     ev_i1},
    {"I2 Omaha three players, river nuts where",
     &SI,
     "count(nutHi(third, river)) as n, histogram(winningHandType()) as w, count(tiesHi(hero)) as "
     "t",
     "riverRank() <> 14",
     NULL,
     3,
     {IT(COUNT, H_NONE, "n"), IT(HIST, H_TYPE, "w"), IT(COUNT, H_NONE, "t")},
     ev_i2},

    {"L1 three players, weights (engine)",
     &SL,
     "avg(riverEquity(hero)) as h, count(winsHi(villain)) as v, count(tiesHi(third)) as t",
     NULL,
     NULL,
     3,
     {IT(AVG, H_NONE, "h"), IT(COUNT, H_NONE, "v"), IT(COUNT, H_NONE, "t")},
     ev_l1},
    {"L2 three players, weights, where winsHi",
     &SL,
     "count(inRange(hero, 'AQs')) as q, avg(riverEquity(third)) as t",
     "winsHi(hero)",
     NULL,
     2,
     {IT(COUNT, H_NONE, "q"), IT(AVG, H_NONE, "t")},
     ev_l2},

    {"M1 any two cards, where handType = highCard",
     &SM,
     "count(winsHi(hero)) as w, avg(riverEquity(hero)) as eq",
     "handType(hero, turn) = highCard",
     NULL,
     2,
     {IT(COUNT, H_NONE, "w"), IT(AVG, H_NONE, "eq")},
     ev_m1},

    {"N1 monotone flops and turns",
     &SN,
     "count(monotoneBoard(flop)) as m, count(monotoneBoard(turn)) as mt, "
     "histogram(boardSuitCount(flop)) as s, histogram(flushingBoard(river)) as f",
     NULL,
     NULL,
     4,
     {IT(COUNT, H_NONE, "m"), IT(COUNT, H_NONE, "mt"), IT(HIST, H_WHOLE, "s"),
      IT(HIST, H_BOOL, "f")},
     ev_n1},
    {"N2 equity at the flop on monotone flops",
     &SN,
     "avg(equity(hero, flop)) as e, count(rainbowBoard(flop)) as r",
     "monotoneBoard(flop)",
     NULL,
     2,
     {IT(AVG, H_NONE, "e"), IT(COUNT, H_NONE, "r")},
     ev_n2},
    {"N3 straight and paired boards, flop hand types",
     &SN,
     "count(straightBoard(flop)) as st, count(pairedBoard(turn)) as p, "
     "histogram(handType(villain, flop)) as t",
     NULL,
     NULL,
     3,
     {IT(COUNT, H_NONE, "st"), IT(COUNT, H_NONE, "p"), IT(HIST, H_TYPE, "t")},
     ev_n3},
    {"O1 folded: equity, wins, ties (engine)",
     &SO,
     "avg(riverEquity(hero)) as eq, count(winsHi(hero)) as w, count(tiesHi(hero)) as t",
     NULL,
     NULL,
     3,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "w"), IT(COUNT, H_NONE, "t")},
     ev_a1},
    {"O2 folded: where not pairedBoard",
     &SO,
     "avg(riverEquity(hero)) as eq, count(winsHi(hero)) as w, count(tiesHi(hero)) as t",
     "not pairedBoard(river)",
     NULL,
     3,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "w"), IT(COUNT, H_NONE, "t")},
     ev_a2},
    {"O3 folded: outs (the folded cards are no outs)",
     &SO,
     "avg(outs(hero, flop)) as o, histogram(outs(hero, turn)) as ot",
     NULL,
     NULL,
     2,
     {IT(AVG, H_NONE, "o"), IT(HIST, H_WHOLE, "ot")},
     ev_a9},
    {"O4 folded: histogram of equity bins",
     &SO,
     "histogram(equity(hero, turn)) as h",
     NULL,
     NULL,
     1,
     {IT(HIST, H_BINS, "h")},
     ev_a4},
    {"P1 two folded: equity, wins, ties (engine)",
     &SP,
     "avg(riverEquity(hero)) as eq, count(winsHi(hero)) as w, count(tiesHi(hero)) as t",
     NULL,
     NULL,
     3,
     {IT(AVG, H_NONE, "eq"), IT(COUNT, H_NONE, "w"), IT(COUNT, H_NONE, "t")},
     ev_a1},
    {"P2 two folded: hand types, outs to trips",
     &SP,
     "histogram(handType(hero, river)) as ht, histogram(winningHandType()) as wt",
     NULL,
     NULL,
     2,
     {IT(HIST, H_TYPE, "ht"), IT(HIST, H_TYPE, "wt")},
     ev_a5},
};
#define N_CASES (sizeof CASES / sizeof CASES[0])

/* ---- the expected table -----------------------------------------------------------------------
 */

typedef struct hist_bin {
    long key;
    mpz_t w;
} hist_bin;

typedef struct acc {
    mpq_t sum;      /* avg: the weighted sum */
    mpz_t yes;      /* count: the weight where true */
    mpq_t best;     /* max or min */
    int have_best;  /* max, min: a value seen */
    hist_bin *bins; /* histogram */
    size_t n_bins;
} acc;

typedef struct walk_ctx {
    const qcase *c;
    mpz_t total, deals; /* all deals; the deals satisfying where */
    acc a[MAX_ITEMS];
    mpq_t v[MAX_ITEMS];
    mpq_t tmp;
} walk_ctx;

/* The bin of an equity in [0, 1]: floor(10 x), 9 for 1. */
static long equity_bin(const mpq_t x) {
    mpz_t t;
    mpz_init(t);
    mpz_mul_ui(t, mpq_numref(x), 10);
    mpz_fdiv_q(t, t, mpq_denref(x));
    long b = mpz_get_si(t);
    mpz_clear(t);
    if (mpq_sgn(x) < 0 || b > 10)
        fail_msg("an equity out of [0, 1]");
    return b == 10 ? 9 : b;
}

static void hist_add(acc *a, long key, uint64_t w) {
    for (size_t i = 0; i < a->n_bins; i++)
        if (a->bins[i].key == key) {
            mpz_add_ui(a->bins[i].w, a->bins[i].w, w);
            return;
        }
    a->bins = realloc(a->bins, (a->n_bins + 1) * sizeof *a->bins);
    assert_non_null(a->bins);
    a->bins[a->n_bins].key = key;
    mpz_init_set_ui(a->bins[a->n_bins].w, w);
    a->n_bins++;
}

static mpz_srcptr hist_get(const acc *a, long key) {
    for (size_t i = 0; i < a->n_bins; i++)
        if (a->bins[i].key == key)
            return a->bins[i].w;
    return NULL;
}

static void visit(const qr_deal *d, void *vctx) {
    walk_ctx *x = vctx;
    mpz_add_ui(x->total, x->total, d->weight);
    if (!x->c->eval(d, x->v))
        return;
    mpz_add_ui(x->deals, x->deals, d->weight);
    for (int i = 0; i < x->c->n; i++) {
        acc *a = &x->a[i];
        const item *it = &x->c->items[i];
        switch (it->agg) {
        case AVG:
            mpq_set_ui(x->tmp, (unsigned long)d->weight, 1);
            mpq_mul(x->tmp, x->tmp, x->v[i]);
            mpq_add(a->sum, a->sum, x->tmp);
            break;
        case COUNT:
            if (mpq_sgn(x->v[i]) != 0)
                mpz_add_ui(a->yes, a->yes, d->weight);
            break;
        case MAX:
        case MIN:
            if (!a->have_best ||
                (it->agg == MAX ? mpq_cmp(x->v[i], a->best) > 0 : mpq_cmp(x->v[i], a->best) < 0))
                mpq_set(a->best, x->v[i]);
            a->have_best = 1;
            break;
        case HIST:
            if (it->hk == H_BINS) {
                hist_add(a, equity_bin(x->v[i]), d->weight);
            } else {
                if (mpz_cmp_ui(mpq_denref(x->v[i]), 1) != 0)
                    fail_msg("a histogram value that is not whole");
                hist_add(a, mpz_get_si(mpq_numref(x->v[i])), d->weight);
            }
            break;
        }
    }
}

typedef struct row {
    char item[96], bucket[32];
    char exact[160], count[64];
    int empty; /* no deal: the value and the fraction are empty */
    double value;
} row;

typedef struct expect {
    row *rows;
    size_t n;
    char deals[64], total[64];
} expect;

static void fraction_text(char *out, size_t cap, const mpq_t q) {
    char *num = mpz_get_str(NULL, 10, mpq_numref(q)), *den = mpz_get_str(NULL, 10, mpq_denref(q));
    snprintf(out, cap, "%s/%s", num, den);
    free(num);
    free(den);
}

static void mpz_text(char *out, size_t cap, const mpz_t z) {
    char *s = mpz_get_str(NULL, 10, z);
    snprintf(out, cap, "%s", s);
    free(s);
}

static row *add_row(expect *e, const char *item_name, const char *bucket) {
    e->rows = realloc(e->rows, (e->n + 1) * sizeof *e->rows);
    assert_non_null(e->rows);
    row *r = &e->rows[e->n++];
    memset(r, 0, sizeof *r);
    snprintf(r->item, sizeof r->item, "%s", item_name);
    snprintf(r->bucket, sizeof r->bucket, "%s", bucket);
    return r;
}

/* A row whose fraction is num / den (den the deals: empty when 0) and count `count`. */
static void set_ratio(row *r, mpz_srcptr num, mpz_srcptr den, mpz_srcptr count) {
    mpz_text(r->count, sizeof r->count, count);
    if (mpz_sgn(den) == 0) {
        r->empty = 1;
        return;
    }
    mpq_t q;
    mpq_init(q);
    mpz_set(mpq_numref(q), num);
    mpz_set(mpq_denref(q), den);
    mpq_canonicalize(q);
    fraction_text(r->exact, sizeof r->exact, q);
    r->value = mpq_get_d(q);
    mpq_clear(q);
}

static const char *const TYPE_NAMES[9] = {"high_card",  "pair",     "two_pair",
                                          "trips",      "straight", "flush",
                                          "full_house", "quads",    "straight_flush"};
static const char *const CAT_NAMES[HS_HIT_MADE] = {
    "straight_flush", "quads",     "full_house",     "flush",    "straight", "set",
    "trips",          "two_pair",  "two_pair_board", "overpair", "top_pair", "pocket_below_top",
    "second_pair",    "weak_pair", "ace_high",       "nothing"};
static const char *const SUIT_NAMES[4] = {"clubs", "diamonds", "hearts", "spades"};
static const char *const BIN_NAMES[10] = {"[0,0.1)",   "[0.1,0.2)", "[0.2,0.3)", "[0.3,0.4)",
                                          "[0.4,0.5)", "[0.5,0.6)", "[0.6,0.7)", "[0.7,0.8)",
                                          "[0.8,0.9)", "[0.9,1]"};

static void expect_from_walk(const walk_ctx *x, expect *e) {
    memset(e, 0, sizeof *e);
    mpz_text(e->deals, sizeof e->deals, x->deals);
    mpz_text(e->total, sizeof e->total, x->total);
    mpz_t zero;
    mpz_init(zero);
    for (int i = 0; i < x->c->n; i++) {
        const item *it = &x->c->items[i];
        const acc *a = &x->a[i];
        if (it->agg == AVG || it->agg == MAX || it->agg == MIN) {
            row *r = add_row(e, it->label, "");
            mpz_text(r->count, sizeof r->count, x->deals);
            if (mpz_sgn(x->deals) == 0) {
                r->empty = 1;
                continue;
            }
            mpq_t q;
            mpq_init(q);
            if (it->agg == AVG) {
                mpq_set_z(q, x->deals);
                mpq_div(q, a->sum, q);
            } else {
                mpq_set(q, a->best);
            }
            fraction_text(r->exact, sizeof r->exact, q);
            r->value = mpq_get_d(q);
            mpq_clear(q);
        } else if (it->agg == COUNT) {
            set_ratio(add_row(e, it->label, ""), a->yes, x->deals, a->yes);
        } else {
            long lo = 0, hi = -1;
            const char *const *names = NULL;
            switch (it->hk) {
            case H_BOOL:
                lo = 0, hi = 1;
                break;
            case H_TYPE:
                lo = 0, hi = 8, names = TYPE_NAMES;
                break;
            case H_CAT:
                lo = 0, hi = HS_HIT_MADE - 1, names = CAT_NAMES;
                break;
            case H_SUIT:
                lo = 0, hi = 3, names = SUIT_NAMES;
                break;
            case H_BINS:
                lo = 0, hi = 9, names = BIN_NAMES;
                break;
            case H_WHOLE:
            case H_NONE:
                lo = LONG_MAX, hi = LONG_MIN;
                for (size_t b = 0; b < a->n_bins; b++) {
                    lo = a->bins[b].key < lo ? a->bins[b].key : lo;
                    hi = a->bins[b].key > hi ? a->bins[b].key : hi;
                }
                break;
            }
            for (long k = lo; k <= hi; k++) {
                char bucket[32];
                if (it->hk == H_BOOL)
                    snprintf(bucket, sizeof bucket, "%s", k ? "true" : "false");
                else if (names != NULL)
                    snprintf(bucket, sizeof bucket, "%s", names[k]);
                else
                    snprintf(bucket, sizeof bucket, "%ld", k);
                mpz_srcptr w = hist_get(a, k);
                set_ratio(add_row(e, it->label, bucket), w ? w : zero, x->deals, w ? w : zero);
            }
        }
    }
    mpz_clear(zero);
}

static void expect_free(expect *e) {
    free(e->rows);
    e->rows = NULL;
    e->n = 0;
}

/* The reference answer of a case. */
static void reference(const qcase *c, expect *e) {
    qr_setup *s = calloc(1, sizeof *s);
    assert_non_null(s);
    c->sc->setup(s);
    walk_ctx *x = calloc(1, sizeof *x);
    assert_non_null(x);
    x->c = c;
    mpz_init(x->total);
    mpz_init(x->deals);
    mpq_init(x->tmp);
    for (int i = 0; i < MAX_ITEMS; i++) {
        mpq_init(x->v[i]);
        mpq_init(x->a[i].sum);
        mpz_init(x->a[i].yes);
        mpq_init(x->a[i].best);
    }
    qr_walk(s, visit, x);
    expect_from_walk(x, e);
    for (int i = 0; i < MAX_ITEMS; i++) {
        mpq_clear(x->v[i]);
        mpq_clear(x->a[i].sum);
        mpz_clear(x->a[i].yes);
        mpq_clear(x->a[i].best);
        for (size_t b = 0; b < x->a[i].n_bins; b++)
            mpz_clear(x->a[i].bins[b].w);
        free(x->a[i].bins);
    }
    mpq_clear(x->tmp);
    mpz_clear(x->total);
    mpz_clear(x->deals);
    free(x);
    free(s);
}

/* ---- the library's answer ------------------------------------------------------------------- */

static char *case_text(const qcase *c) {
    char *t = malloc(HS_QUERY_TEXT_MAX);
    assert_non_null(t);
    if (c->text != NULL)
        snprintf(t, HS_QUERY_TEXT_MAX, "%s", c->text);
    else
        snprintf(t, HS_QUERY_TEXT_MAX, "select %s from %s%s%s", c->select, c->sc->bindings,
                 c->where ? " where " : "", c->where ? c->where : "");
    return t;
}

enum { C_ITEM, C_BUCKET, C_VALUE, C_EXACT, C_COUNT, C_SE, N_COLS };
static const char *const COLS[N_COLS] = {"item", "bucket", "value", "exact", "count", "std_error"};

/* The columns of the table in the header's order. */
static void check_columns(const hs_table *t) {
    assert_int_equal(hs_table_columns(t), N_COLS);
    for (int i = 0; i < N_COLS; i++)
        assert_string_equal(hs_table_column(t, (size_t)i), COLS[i]);
}

static const char *cell(const hs_table *t, size_t r, int col) {
    const char *s = hs_table_cell(t, r, (size_t)col);
    return s ? s : "(null)";
}

/* A bucket name compared without case and '_' or blanks; the hand types' other names too. */
static void normalize(const char *in, char *out, size_t cap) {
    size_t n = 0;
    for (; *in && n + 1 < cap; in++)
        if (*in != '_' && *in != ' ')
            out[n++] = (char)tolower((unsigned char)*in);
    out[n] = '\0';
    if (strcmp(out, "threeofakind") == 0)
        snprintf(out, cap, "trips");
    if (strcmp(out, "fourofakind") == 0)
        snprintf(out, cap, "quads");
}

static int same_bucket(const char *want, const char *got) {
    char a[64], b[64];
    normalize(want, a, sizeof a);
    normalize(got, b, sizeof b);
    return strcmp(a, b) == 0;
}

static int FAILURES_TOTAL;

/* Compare a table with the expected rows; print every difference; returns the differences. */
static int compare(const char *name, const char *text, const hs_table *t, const expect *e,
                   int exact) {
    int bad = 0;
#define BAD(...)                                                                                   \
    do {                                                                                           \
        if (bad++ == 0)                                                                            \
            fprintf(stderr, "MISMATCH [%s]\n  query: %s\n", name, text);                           \
        fprintf(stderr, "  " __VA_ARGS__);                                                         \
    } while (0)
    if (hs_table_rows(t) != e->n)
        BAD("rows: expected %zu, got %zu\n", e->n, hs_table_rows(t));
    for (size_t i = 0; i < e->n && i < hs_table_rows(t); i++) {
        const row *r = &e->rows[i];
        if (strcmp(cell(t, i, C_ITEM), r->item) != 0)
            BAD("row %zu item: expected '%s', got '%s'\n", i, r->item, cell(t, i, C_ITEM));
        if (!same_bucket(r->bucket, cell(t, i, C_BUCKET)))
            BAD("row %zu (%s) bucket: expected '%s', got '%s'\n", i, r->item, r->bucket,
                cell(t, i, C_BUCKET));
        if (exact) {
            const char *want = r->empty ? "" : r->exact;
            if (strcmp(cell(t, i, C_EXACT), want) != 0)
                BAD("row %zu (%s %s) exact: expected '%s', got '%s'\n", i, r->item, r->bucket, want,
                    cell(t, i, C_EXACT));
            if (strcmp(cell(t, i, C_COUNT), r->count) != 0)
                BAD("row %zu (%s %s) count: expected '%s', got '%s'\n", i, r->item, r->bucket,
                    r->count, cell(t, i, C_COUNT));
            if (strcmp(cell(t, i, C_SE), "") != 0)
                BAD("row %zu std_error: expected empty, got '%s'\n", i, cell(t, i, C_SE));
            const char *value = cell(t, i, C_VALUE);
            if (r->empty) {
                if (strcmp(value, "") != 0)
                    BAD("row %zu (%s) value: expected empty, got '%s'\n", i, r->item, value);
            } else {
                char *end;
                double got = strtod(value, &end);
                if (*value == '\0' || *end != '\0' ||
                    fabs(got - r->value) > 1e-9 * fmax(1.0, fabs(r->value)))
                    BAD("row %zu (%s %s) value: expected %.12g, got '%s'\n", i, r->item, r->bucket,
                        r->value, value);
            }
        }
    }
    if (exact) {
        const char *kind = hs_table_note(t, "kind"), *deals = hs_table_note(t, "deals"),
                   *total = hs_table_note(t, "total");
        if (kind == NULL || strcmp(kind, "exact") != 0)
            BAD("note kind: expected 'exact', got '%s'\n", kind ? kind : "(none)");
        if (deals == NULL || strcmp(deals, e->deals) != 0)
            BAD("note deals: expected '%s', got '%s'\n", e->deals, deals ? deals : "(none)");
        if (total == NULL || strcmp(total, e->total) != 0)
            BAD("note total: expected '%s', got '%s'\n", e->total, total ? total : "(none)");
    }
#undef BAD
    FAILURES_TOTAL += bad;
    return bad;
}

static hs_query *compile_ok(const char *text) {
    hs_query *q = NULL;
    hs_query_error err;
    memset(&err, 0, sizeof err);
    int rc = hs_query_compile(text, strlen(text), &q, &err);
    if (rc != HS_OK)
        fail_msg("compile failed (%d): %s\n  query: %s", rc, err.message, text);
    return q;
}

static hs_table *run_ok(const hs_query *q, const char *text, uint64_t samples, uint64_t seed,
                        int threads) {
    hs_table *t = NULL;
    hs_query_error err;
    memset(&err, 0, sizeof err);
    int rc = hs_query_run(q, NULL, samples, seed, threads, NULL, NULL, &t, &err);
    if (rc != HS_OK)
        fail_msg("run failed (%d): %s\n  query: %s", rc, err.message, text);
    check_columns(t);
    return t;
}

/* Whether a case is one the equity engine answers: no where, every item an equity, a win or a
 * tie of a player. */
static int engine_case(const qcase *c) {
    return c->where == NULL && strstr(c->name, "(engine)") != NULL;
}

static void test_case(void **state) {
    const qcase *c = *state;
    expect e;
    reference(c, &e);
    char *text = case_text(c);
    hs_query *q = compile_ok(text);
    if (engine_case(c) && !hs_query_uses_engine(q, 0)) {
        fprintf(stderr, "MISMATCH [%s]: hs_query_uses_engine is 0\n", c->name);
        FAILURES_TOTAL++;
    }
    if (!engine_case(c) && c->where != NULL && hs_query_uses_engine(q, 0)) {
        fprintf(stderr, "MISMATCH [%s]: hs_query_uses_engine is 1 with where\n", c->name);
        FAILURES_TOTAL++;
    }
    hs_table *t = run_ok(q, text, 0, 0, 2);
    int bad = compare(c->name, text, t, &e, 1);
    const char *method = hs_table_note(t, "method");
    if (c->where != NULL && (method == NULL || strcmp(method, "enumeration") != 0)) {
        fprintf(stderr, "MISMATCH [%s]: method '%s', expected enumeration\n", c->name,
                method ? method : "(none)");
        bad++;
    }
    hs_table_free(t);
    hs_query_free(q);
    free(text);
    expect_free(&e);
    if (bad)
        fail_msg("%d differences (above)", bad);
}

static const qcase *find_case(const char *prefix);

/* Ranges in every notation read unquoted where they can be (commas inside a range, " and " and
 * " minus " between items) exactly as quoted. */
static void test_unquoted_ranges(void **state) {
    (void)state;
    static const char *const PAIRS[][2] = {
        {"hero=AKs:0.5,QQ, villain=22", "hero='AKs:0.5,QQ', villain=22"},
        {"hero=AKs:0.5, QQ,villain=22", "hero='AKs@50,QQ', villain='22'"},
        {"hero=QQ+,AK minus AKo, villain=[50]JJ[/50],TT", "hero='QQ+,AKs', villain='JJ:0.5,TT'"},
        {"hero=AK and suited, villain=QQ+ minus KK", "hero=AKs, villain='QQ,AA'"},
        {"hero=AKs{hs}, villain=22, folded=JJ,TT, folded=99",
         "hero='AhKh,AsKs', villain=22, folded='JJ,TT', folded='99'"},
    };
    int bad = 0;
    for (size_t i = 0; i < sizeof PAIRS / sizeof PAIRS[0]; i++) {
        hs_table *t[2];
        char *text[2];
        hs_query *q[2];
        for (int k = 0; k < 2; k++) {
            text[k] = malloc(200 + strlen(PAIRS[i][k]));
            assert_non_null(text[k]);
            sprintf(text[k],
                    "select avg(riverEquity(hero)), count(winsHi(villain)) from %s, "
                    "board=2c3d4h5s where riverSuit() != clubs",
                    PAIRS[i][k]);
            q[k] = compile_ok(text[k]);
            t[k] = run_ok(q[k], text[k], 0, 0, 1);
        }
        assert_int_equal(hs_table_rows(t[0]), hs_table_rows(t[1]));
        for (size_t r = 0; r < hs_table_rows(t[0]); r++)
            for (int col = 0; col < N_COLS; col++)
                if (strcmp(cell(t[0], r, col), cell(t[1], r, col)) != 0) {
                    fprintf(stderr, "UNQUOTED [%s]: %s, quoted %s\n", PAIRS[i][0],
                            cell(t[0], r, col), cell(t[1], r, col));
                    bad++;
                }
        for (int k = 0; k < 2; k++) {
            hs_table_free(t[k]);
            hs_query_free(q[k]);
            free(text[k]);
        }
    }
    if (bad)
        fail_msg("%d differences (above)", bad);
}

/* ---- the equity engine: the same queries against hs_holdem_equity_ranges / hs_omaha_... ---- */

enum { E_EQ, E_WINS, E_TIES };

typedef struct engine_item {
    int what, p;
    const char *label;
} engine_item;

typedef struct ecase {
    const char *name, *query;
    int omaha, players;
    const char *hand[3]; /* hold'em ranges or Omaha hands */
    const char *board, *dead;
    int n;
    engine_item items[4];
} ecase;

static ecase ECASES[] = {
    {"J1 hold'em preflop ranges",
     "select avg(riverEquity(hero)) as eq, count(winsHi(hero)) as w, "
     "count(tiesHi(villain)) as t from hero=AKs, villain='QQ+'",
     0,
     2,
     {"AKs", "QQ+"},
     "",
     "",
     3,
     {{E_EQ, 0, "eq"}, {E_WINS, 0, "w"}, {E_TIES, 1, "t"}}},
    {"K1 Omaha preflop",
     "select avg(riverEquity(hero)) as eq, count(winsHi(villain)) as w from "
     "game=omahahi, hero=AhKhQdJd, villain=AsAd8s8d",
     1,
     2,
     {"AhKhQdJd", "AsAd8s8d"},
     "",
     "",
     2,
     {{E_EQ, 0, "eq"}, {E_WINS, 1, "w"}}},
    {"A1e hold'em flop",
     "select avg(riverEquity(hero)) as eq, count(winsHi(hero)) as w, "
     "count(tiesHi(hero)) as t from hero=AKs, villain='QQ+', board=Kh7d2c",
     0,
     2,
     {"AKs", "QQ+"},
     "Kh7d2c",
     "",
     3,
     {{E_EQ, 0, "eq"}, {E_WINS, 0, "w"}, {E_TIES, 0, "t"}}},
    {"C1e weighted",
     "select avg(riverEquity(hero)) as eq, count(winsHi(hero)) as w from "
     "hero='QQ+,AKs@50', villain='JJ,AQs', board=As8d3c",
     0,
     2,
     {"QQ+,AKs@50", "JJ,AQs"},
     "As8d3c",
     "",
     2,
     {{E_EQ, 0, "eq"}, {E_WINS, 0, "w"}}},
    {"D1e three players",
     "select avg(riverEquity(third)) as t, count(tiesHi(third)) as tt from "
     "hero=AhKh, villain=QQ, third=JTs, board=Qh9h2d",
     0,
     3,
     {"AhKh", "QQ", "JTs"},
     "Qh9h2d",
     "",
     2,
     {{E_EQ, 2, "t"}, {E_TIES, 2, "tt"}}},
    {"E1e dead",
     "select avg(riverEquity(hero)) as eq, count(tiesHi(villain)) as t from "
     "hero=AhAd, villain='KK,QQ', board=Ks7h2c, dead=Kc3d",
     0,
     2,
     {"AhAd", "KK,QQ"},
     "Ks7h2c",
     "Kc3d",
     2,
     {{E_EQ, 0, "eq"}, {E_TIES, 1, "t"}}},
    {"F1e random on a turn",
     "select avg(riverEquity(hero)) as eq, count(winsHi(villain)) as w "
     "from hero=random, villain=AA, board=Kh7d2c5s",
     0,
     2,
     {"random", "AA"},
     "Kh7d2c5s",
     "",
     2,
     {{E_EQ, 0, "eq"}, {E_WINS, 1, "w"}}},
    {"L1e three weighted",
     "select avg(riverEquity(hero)) as h, count(winsHi(villain)) as v, "
     "count(tiesHi(third)) as t from hero='AKs,AQs@50', villain='KK+', "
     "third=JTs, board=Jh8h3c",
     0,
     3,
     {"AKs,AQs@50", "KK+", "JTs"},
     "Jh8h3c",
     "",
     3,
     {{E_EQ, 0, "h"}, {E_WINS, 1, "v"}, {E_TIES, 2, "t"}}},
    {"I1e Omaha three on a turn",
     "select avg(riverEquity(hero)) as h, avg(riverEquity(villain)) as v, count(winsHi(third)) "
     "as w from game=omaha, hero=AhKhQdJd, villain=AsAd8s8d, third=7c6c5d4d, board=Th9h2c3s",
     1,
     3,
     {"AhKhQdJd", "AsAd8s8d", "7c6c5d4d"},
     "Th9h2c3s",
     "",
     3,
     {{E_EQ, 0, "h"}, {E_EQ, 1, "v"}, {E_WINS, 2, "w"}}},
    {"K2 Omaha flop, three players",
     "select avg(riverEquity(villain)) as v, count(tiesHi(hero)) "
     "as t from game=omahahi, hero=AhKhQdJd, villain=AsAd8s8d, "
     "third=7c6c5d4d, board=Th9h2c",
     1,
     3,
     {"AhKhQdJd", "AsAd8s8d", "7c6c5d4d"},
     "Th9h2c",
     "",
     2,
     {{E_EQ, 1, "v"}, {E_TIES, 0, "t"}}},
};
#define N_ECASES (sizeof ECASES / sizeof ECASES[0])

static void u128_to_mpz(mpz_t z, hs_uint128 v) {
    mpz_set_ui(z, (unsigned long)(uint64_t)(v >> 64));
    mpz_mul_2exp(z, z, 64);
    mpz_add_ui(z, z, (unsigned long)(uint64_t)v);
}

static uint64_t lib_mask(const char *text) {
    int c[52];
    size_t n = 0;
    if (*text == '\0')
        return 0;
    assert_int_equal(hs_cards_parse(text, strlen(text), c, 52, &n, NULL), HS_OK);
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++)
        m |= hs_card_bit(c[i]);
    return m;
}

/* The ordered deals per unordered completion of a board of k given cards: the flop's missing
 * cards are a set, the turn and the river told apart: (5 - k)! / (3 - k)! for k <= 3. */
static unsigned long order_factor(int k) {
    return k <= 3 ? (unsigned long)((5 - k) * (4 - k)) : 1;
}

static void engine_expect(const ecase *c, expect *e) {
    memset(e, 0, sizeof *e);
    uint64_t board = lib_mask(c->board), dead = lib_mask(c->dead);
    int k = __builtin_popcountll(board);
    mpz_t deals, num, cnt;
    mpz_inits(deals, num, cnt, NULL);
    hs_uint128 wins[3], ties[3], shares[3];
    unsigned long unit;
    if (!c->omaha) {
        hs_holdem_range *r[3];
        for (int p = 0; p < c->players; p++) {
            r[p] = malloc(sizeof *r[p]);
            assert_non_null(r[p]);
            assert_int_equal(
                hs_holdem_range_parse(c->hand[p], strlen(c->hand[p]), r[p], NULL, 0, NULL), HS_OK);
        }
        hs_holdem_equity_exact out;
        assert_int_equal(hs_holdem_equity_ranges(c->players, (const hs_holdem_range *const *)r,
                                                 board, dead, 2, NULL, NULL, &out),
                         HS_OK);
        u128_to_mpz(deals, out.deals);
        for (int p = 0; p < c->players; p++) {
            wins[p] = out.player[p].wins;
            ties[p] = out.player[p].ties;
            shares[p] = out.player[p].shares;
            free(r[p]);
        }
        unit = HS_HOLDEM_SHARE_UNIT;
    } else {
        uint64_t holes[3];
        for (int p = 0; p < c->players; p++)
            holes[p] = lib_mask(c->hand[p]);
        hs_omaha_equity out;
        assert_int_equal(
            hs_omaha_equity_run(holes, c->players, board, dead, 0, 2, NULL, NULL, &out), HS_OK);
        mpz_set_ui(deals, out.boards);
        for (int p = 0; p < c->players; p++) {
            wins[p] = out.p[p].wins;
            ties[p] = out.p[p].ties;
            shares[p] = out.p[p].high_share + out.p[p].low_share;
        }
        unit = HS_OMAHA_SHARE_UNIT;
    }
    mpz_mul_ui(deals, deals, order_factor(k));
    mpz_text(e->deals, sizeof e->deals, deals);
    mpz_text(e->total, sizeof e->total, deals);
    for (int i = 0; i < c->n; i++) {
        const engine_item *it = &c->items[i];
        row *r = add_row(e, it->label, "");
        if (it->what == E_EQ) {
            /* shares / (unordered deals * unit), the ordering factor cancels */
            mpq_t q;
            mpq_init(q);
            u128_to_mpz(mpq_numref(q), shares[it->p]);
            mpz_set(mpq_denref(q), deals);
            mpz_mul_ui(mpq_denref(q), mpq_denref(q), unit);
            mpz_mul_ui(mpq_numref(q), mpq_numref(q), order_factor(k));
            mpq_canonicalize(q);
            fraction_text(r->exact, sizeof r->exact, q);
            r->value = mpq_get_d(q);
            mpz_text(r->count, sizeof r->count, deals);
            mpq_clear(q);
        } else {
            u128_to_mpz(cnt, it->what == E_WINS ? wins[it->p] : ties[it->p]);
            mpz_mul_ui(cnt, cnt, order_factor(k));
            set_ratio(r, cnt, deals, cnt);
        }
    }
    mpz_clears(deals, num, cnt, NULL);
}

static void test_engine(void **state) {
    const ecase *c = *state;
    expect e;
    engine_expect(c, &e);
    hs_query *q = compile_ok(c->query);
    int bad = 0;
    if (!hs_query_uses_engine(q, 0)) {
        fprintf(stderr, "MISMATCH [%s]: hs_query_uses_engine is 0\n", c->name);
        bad++;
    }
    hs_table *t = run_ok(q, c->query, 0, 0, 2);
    bad += compare(c->name, c->query, t, &e, 1);
    const char *method = hs_table_note(t, "method");
    if (method == NULL || strcmp(method, "equity engine") != 0) {
        fprintf(stderr, "MISMATCH [%s]: method '%s', expected 'equity engine'\n", c->name,
                method ? method : "(none)");
        bad++;
    }
    /* The engine answers the same at one thread. */
    hs_table *t1 = run_ok(q, c->query, 0, 0, 1);
    for (size_t r = 0; r < hs_table_rows(t); r++)
        for (int col = 0; col < N_COLS; col++)
            if (strcmp(cell(t, r, col), cell(t1, r, col)) != 0) {
                fprintf(stderr, "MISMATCH [%s]: threads 1 and 2 differ at row %zu column %s\n",
                        c->name, r, COLS[col]);
                bad++;
            }
    hs_table_free(t1);
    hs_table_free(t);
    hs_query_free(q);
    expect_free(&e);
    if (bad)
        fail_msg("%d differences (above)", bad);
}

/* The reference itself against the engine, where both apply: the rows of the same labels. */
static void test_reference_vs_engine(void **state) {
    (void)state;
    static const char *const pairs[][2] = {{"A1 ", "A1e"}, {"C1 ", "C1e"}, {"D1 ", "D1e"},
                                           {"E1 ", "E1e"}, {"F1 ", "F1e"}, {"I1 ", "I1e"},
                                           {"L1 ", "L1e"}};
    int bad = 0;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        const qcase *c = find_case(pairs[i][0]);
        const ecase *ec = NULL;
        for (size_t j = 0; j < N_ECASES; j++)
            if (strncmp(ECASES[j].name, pairs[i][1], strlen(pairs[i][1])) == 0)
                ec = &ECASES[j];
        assert_non_null(ec);
        expect r, e;
        reference(c, &r);
        engine_expect(ec, &e);
        if (strcmp(r.deals, e.deals) != 0) {
            fprintf(stderr, "REFERENCE [%s]: deals %s, the engine's %s\n", c->name, r.deals,
                    e.deals);
            bad++;
        }
        for (size_t a = 0; a < e.n; a++)
            for (size_t b = 0; b < r.n; b++)
                if (strcmp(e.rows[a].item, r.rows[b].item) == 0 &&
                    (strcmp(e.rows[a].exact, r.rows[b].exact) != 0 ||
                     strcmp(e.rows[a].count, r.rows[b].count) != 0)) {
                    fprintf(stderr, "REFERENCE [%s] %s: %s (%s), the engine's %s (%s)\n", c->name,
                            r.rows[b].item, r.rows[b].exact, r.rows[b].count, e.rows[a].exact,
                            e.rows[a].count);
                    bad++;
                }
        expect_free(&r);
        expect_free(&e);
    }
    if (bad)
        fail_msg("the reference disagrees with the engine (above)");
}

/* A preflop query of board textures, two concrete hands: 34 million ordered deals, too many for
 * the deal walk, but its functions read the flop and the turn only, so every flop set and turn
 * card is walked once and counts the 44 rivers after it. */
static void test_preflop_board(void **state) {
    (void)state;
    const char *text = "select count(pairedBoard(flop)) as p, count(monotoneBoard(flop)) as m, "
                       "count(flushingBoard(turn)) as ft, count(turnRank() = 14) as ta from "
                       "hero=AhKh, villain=QsQd";
    const uint64_t used = qr_mask("AhKh QsQd");
    uint64_t total = 0, paired = 0, mono = 0, flushing = 0, turn_ace = 0;
    int cards[48], n = 0;
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1))
            cards[n++] = c;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int c = b + 1; c < n; c++) {
                const int f[3] = {cards[a], cards[b], cards[c]};
                const int va = qr_card_value(f[0]), vb = qr_card_value(f[1]),
                          vc = qr_card_value(f[2]);
                const int is_paired = va == vb || va == vc || vb == vc;
                const int is_mono = f[0] / 13 == f[1] / 13 && f[0] / 13 == f[2] / 13;
                for (int t = 0; t < n; t++) {
                    if (t == a || t == b || t == c)
                        continue;
                    int per_suit[4] = {0};
                    for (int i = 0; i < 3; i++)
                        per_suit[f[i] / 13]++;
                    per_suit[cards[t] / 13]++;
                    const int fl = per_suit[0] >= 3 || per_suit[1] >= 3 || per_suit[2] >= 3 ||
                                   per_suit[3] >= 3;
                    total += 44;
                    paired += is_paired ? 44 : 0;
                    mono += is_mono ? 44 : 0;
                    flushing += fl ? 44 : 0;
                    turn_ace += qr_card_value(cards[t]) == 14 ? 44 : 0;
                }
            }
    expect e;
    memset(&e, 0, sizeof e);
    snprintf(e.deals, sizeof e.deals, "%llu", (unsigned long long)total);
    snprintf(e.total, sizeof e.total, "%llu", (unsigned long long)total);
    const char *labels[4] = {"p", "m", "ft", "ta"};
    const uint64_t yes[4] = {paired, mono, flushing, turn_ace};
    mpz_t num, den;
    mpz_inits(num, den, NULL);
    mpz_set_ui(den, (unsigned long)total);
    for (int i = 0; i < 4; i++) {
        mpz_set_ui(num, (unsigned long)yes[i]);
        set_ratio(add_row(&e, labels[i], ""), num, den, num);
    }
    mpz_clears(num, den, NULL);
    hs_query *q = compile_ok(text);
    hs_table *t = run_ok(q, text, 0, 0, 2);
    int bad = compare("preflop board textures", text, t, &e, 1);
    hs_table_free(t);
    hs_query_free(q);
    expect_free(&e);
    if (bad)
        fail_msg("%d differences (above)", bad);
}

/* ---- threads, jobs, sampling ---------------------------------------------------------------- */

/* Every cell and note of two tables alike. */
static int same_tables(const hs_table *a, const hs_table *b) {
    if (hs_table_rows(a) != hs_table_rows(b) || hs_table_columns(a) != hs_table_columns(b) ||
        hs_table_notes(a) != hs_table_notes(b))
        return 0;
    for (size_t r = 0; r < hs_table_rows(a); r++)
        for (size_t c = 0; c < hs_table_columns(a); c++)
            if (strcmp(hs_table_cell(a, r, c), hs_table_cell(b, r, c)) != 0)
                return 0;
    for (size_t i = 0; i < hs_table_notes(a); i++)
        if (strcmp(hs_table_note_name(a, i), hs_table_note_name(b, i)) != 0 ||
            strcmp(hs_table_note_value(a, i), hs_table_note_value(b, i)) != 0)
            return 0;
    return 1;
}

static const qcase *find_case(const char *prefix) {
    for (size_t i = 0; i < N_CASES; i++)
        if (strncmp(CASES[i].name, prefix, strlen(prefix)) == 0)
            return &CASES[i];
    fail_msg("no case %s", prefix);
    return NULL;
}

/* Exact: threads 1 and 2 and a job run in pieces give the same table. */
static void test_exact_threads_and_job(void **state) {
    (void)state;
    const char *names[] = {"A9 ", "D3 ", "H4 ", "A13 "};
    for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
        const qcase *c = find_case(names[n]);
        char *text = case_text(c);
        hs_query *q = compile_ok(text);
        hs_table *t1 = run_ok(q, text, 0, 0, 1), *t2 = run_ok(q, text, 0, 0, 2);
        if (!same_tables(t1, t2))
            fail_msg("[%s] threads 1 and 2 differ", c->name);
        hs_job *job = NULL;
        assert_int_equal(hs_query_job_new(q, 0, 0, &job, NULL), HS_OK);
        size_t units = hs_job_units(job);
        hs_job_opts opts;
        memset(&opts, 0, sizeof opts);
        opts.threads = 2;
        assert_int_equal(hs_job_run(job, 0, units / 2, &opts), HS_OK);
        assert_int_equal(hs_job_run(job, units / 2, units, &opts), HS_OK);
        hs_table *tj = NULL;
        hs_query_error err;
        assert_int_equal(hs_query_run(q, job, 0, 0, 0, NULL, NULL, &tj, &err), HS_OK);
        if (!same_tables(t1, tj))
            fail_msg("[%s] the job's table differs from the whole run's", c->name);
        hs_table_free(tj);
        hs_job_free(job);
        hs_table_free(t1);
        hs_table_free(t2);
        hs_query_free(q);
        free(text);
    }
}

/* A sampled table: bit-identical at threads 1 and 2; every value within 5 standard errors of
 * the exact answer in e (the same rows). */
static void check_sampled(const char *name, const char *text, const expect *e) {
    hs_query *q = compile_ok(text);
    hs_table *t1 = run_ok(q, text, 200000, 1, 1), *t2 = run_ok(q, text, 200000, 1, 2);
    if (!same_tables(t1, t2)) {
        for (size_t r = 0; r < hs_table_rows(t1) && r < hs_table_rows(t2); r++)
            for (int col = 0; col < N_COLS; col++)
                if (strcmp(cell(t1, r, col), cell(t2, r, col)) != 0)
                    fprintf(stderr,
                            "MISMATCH [%s] sampled row %zu %s: '%s' at 1 thread, '%s' at 2\n", name,
                            r, COLS[col], cell(t1, r, col), cell(t2, r, col));
        FAILURES_TOTAL++;
        fail_msg("[%s] sampled: threads 1 and 2 differ", name);
    }
    const char *kind = hs_table_note(t1, "kind"), *method = hs_table_note(t1, "method");
    assert_non_null(kind);
    assert_string_equal(kind, "estimate");
    assert_non_null(method);
    assert_string_equal(method, hs_query_uses_engine(q, 200000) ? "equity engine" : "sampling");
    assert_non_null(hs_table_note(t1, "samples"));
    assert_string_equal(hs_table_note(t1, "samples"), "200000");
    assert_non_null(hs_table_note(t1, "seed"));
    assert_string_equal(hs_table_note(t1, "seed"), "1");
    assert_int_equal(hs_table_rows(t1), e->n);
    int bad = 0;
    for (size_t r = 0; r < e->n; r++) {
        assert_string_equal(cell(t1, r, C_ITEM), e->rows[r].item);
        assert_string_equal(cell(t1, r, C_EXACT), "");
        double v = strtod(cell(t1, r, C_VALUE), NULL), se = strtod(cell(t1, r, C_SE), NULL);
        /* A standard error of 0 only for a value every sampled deal had: the exact one here. */
        if (se < 0 || fabs(v - e->rows[r].value) > 5 * se) {
            fprintf(stderr,
                    "MISMATCH [%s] sampled row %zu (%s): value %s, std_error %s, exact %.12g\n",
                    name, r, e->rows[r].item, cell(t1, r, C_VALUE), cell(t1, r, C_SE),
                    e->rows[r].value);
            bad++;
        }
    }
    hs_table_free(t1);
    hs_table_free(t2);
    hs_query_free(q);
    FAILURES_TOTAL += bad;
    if (bad)
        fail_msg("%d sampled values off (above)", bad);
}

static void test_sampled(void **state) {
    (void)state;
    /* Enumeration-type queries against the reference. */
    const char *names[] = {"A2 ", "L2 ", "H1 "};
    for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
        const qcase *c = find_case(names[n]);
        expect e;
        reference(c, &e);
        char *text = case_text(c);
        check_sampled(c->name, text, &e);
        free(text);
        expect_free(&e);
    }
    /* Equity-engine-type queries (preflop too) against the engine. */
    for (size_t n = 0; n < 2; n++) {
        expect e;
        engine_expect(&ECASES[n], &e);
        check_sampled(ECASES[n].name, ECASES[n].query, &e);
        expect_free(&e);
    }
}

/* ---- errors -----------------------------------------------------------------------------------
 */

/* Line and column (from 1) of the occurrence-th (from 1) needle in text. */
static void locate(const char *text, const char *needle, int occurrence, int *line, int *col) {
    const char *p = text;
    for (int i = 0; i < occurrence; i++) {
        p = strstr(i == 0 ? p : p + 1, needle);
        assert_non_null(p);
    }
    *line = 1;
    *col = 1;
    for (const char *s = text; s < p; s++) {
        if (*s == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
}

static int contains_nocase(const char *hay, const char *needle) {
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] &&
               tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == n)
            return 1;
    }
    return 0;
}

typedef struct error_case {
    const char *name, *text;
    int code;
    const char *token; /* the offending token: its place and the message's word */
    int occurrence;
} error_case;

static error_case ERRORS[] = {
    {"unknown function", "select avg(riverEq(hero)) from hero=AhKh, villain=QsQd, board=2c7d9h",
     HS_ERR_TOKEN, "riverEq", 1},
    {"unknown function on line 2",
     "select avg(riverEquity(hero)) as eq,\n       count(winHi(hero))\nfrom hero=AhKh, "
     "villain=QsQd, board=2c7d9h",
     HS_ERR_TOKEN, "winHi", 1},
    {"too many arguments",
     "select avg(riverEquity(hero, flop)) from hero=AhKh, villain=QsQd, board=2c7d9h", HS_ERR_ARG,
     "riverEquity", 1},
    {"too few arguments on line 3",
     "select\n  avg(riverEquity(hero)),\n  max(equity(hero))\nfrom hero=AhKh, villain=QsQd",
     HS_ERR_ARG, "equity", 1},
    {"a player where a street is wanted",
     "select avg(equity(hero, villain)) from hero=AhKh, villain=QsQd, board=2c7d9h", HS_ERR_ARG,
     "villain", 1},
    {"a suit where a street is wanted, line 2",
     "select avg(riverEquity(hero)),\n  avg(hiRating(hero, hearts))\nfrom hero=AhKh, villain=QsQd",
     HS_ERR_ARG, "hearts", 1},
    {"bad range item", "select avg(riverEquity(hero)) from hero=AKs,\n villain='QQ+, QX+'",
     HS_ERR_TOKEN, "QX+", 1},
    {"bad range in inRange",
     "select count(inRange(villain, 'QX+')) from hero=AKs, villain='QQ+', board=Kh7d2c",
     HS_ERR_TOKEN, "QX+", 1},
    {"syntax: missing parenthesis",
     "select avg(riverEquity(hero) from hero=AhKh, villain=QsQd, board=2c7d9h", HS_ERR_TOKEN,
     "from", 1},
    {"syntax: two operators on line 3",
     "select avg(riverEquity(hero))\nfrom hero=AhKh, villain=QsQd, board=2c7d9h\nwhere "
     "turnRank() > > 3",
     HS_ERR_TOKEN, ">", 2},
    {"repeated card in the board",
     "select avg(riverEquity(hero)) from hero=AsKs, villain=QsQd,\n  board=Kh7dKh",
     HS_ERR_DUPLICATE, "Kh", 2},
    {"a dead card on the board",
     "select avg(riverEquity(hero)) from hero=AsKs, villain=QsQd, board=2c7d9h, dead=9h",
     HS_ERR_DUPLICATE, "9h", 2},
    {"a binding given twice",
     "select avg(riverEquity(hero))\nfrom hero=AsKs, villain=QsQd, board=2c7d9h, board=3c",
     HS_ERR_DUPLICATE, "board", 2},
    {"folded players in Omaha",
     "select avg(riverEquity(hero)) from game=omahahi, hero=AsAd8s8d, villain=*, folded=*",
     HS_ERR_ARG, "folded", 1},
    {"a bad folded range",
     "select avg(riverEquity(hero)) from hero=AKs, villain=QQ, board=2c7d9h, folded=QX",
     HS_ERR_TOKEN, "QX", 1},
    {"a folded player is not a player",
     "select avg(riverEquity(folded)) from hero=AKs, villain=QQ, folded=JJ", HS_ERR_ARG, "folded",
     1},
    {"a folded range wholly on the board",
     "select avg(riverEquity(hero)) from hero=AKs, villain=QQ, board=Jh7d2c, folded=JhJd",
     HS_ERR_COUNT, "JhJd", 1},
    {"a folded weight over 1",
     "select avg(riverEquity(hero)) from hero=AKs, villain=QQ, board=2c7d9h, folded=JJ:1.5",
     HS_ERR_TOKEN, "JJ:1.5", 1},
};
#define N_ERRORS (sizeof ERRORS / sizeof ERRORS[0])

static void test_error(void **state) {
    const error_case *c = *state;
    hs_query *q = NULL;
    hs_query_error err;
    memset(&err, 0, sizeof err);
    int rc = hs_query_compile(c->text, strlen(c->text), &q, &err);
    int line, col;
    locate(c->text, c->token, c->occurrence, &line, &col);
    /* The message names the token (a card list may be named by its first card). */
    char word[16];
    snprintf(word, sizeof word, "%s", c->token);
    int ok = rc == c->code && err.line == line && err.column == col &&
             contains_nocase(err.message, word);
    if (!ok) {
        fprintf(stderr,
                "MISMATCH [error: %s]\n  query: %s\n  expected code %d at line %d column %d "
                "naming '%s'\n  got code %d at line %d column %d: %s\n",
                c->name, c->text, c->code, line, col, word, rc, err.line, err.column, err.message);
        FAILURES_TOTAL++;
    }
    hs_query_free(q);
    if (!ok)
        fail_msg("error case differs (above)");
}

/* Concrete hands that meet each other or the board: no deal can be made. The header leaves the
 * way open: hs_query_compile's HS_ERR_DUPLICATE ("a card in two places") or HS_ERR_COUNT, located
 * on one of the two values; or hs_query_run's HS_ERR_COUNT, or its table over no deal (total 0,
 * every fraction empty). */
static void test_no_deal(void **state) {
    (void)state;
    static const char *const texts[][3] = {
        {"select avg(riverEquity(hero)) from hero=AhKh,\nvillain=QsQd, board=Ah7d2c", "AhKh",
         "Ah7d2c"},
        {"select avg(riverEquity(hero)) from hero=AhKh, villain=KhQd, board=2c7d9h", "AhKh",
         "KhQd"},
        {"select count(winsHi(hero)) as w from hero=AhKh, villain=KhQd, board=2c7d9h where "
         "turnRank() > 2",
         "AhKh", "KhQd"},
    };
    int bad = 0;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        const char *text = texts[i][0];
        hs_query *q = NULL;
        hs_query_error err;
        memset(&err, 0, sizeof err);
        int rc = hs_query_compile(text, strlen(text), &q, &err);
        if (rc == HS_OK) {
            /* Refused, or answered over no deal: every total 0, every fraction empty. */
            hs_table *t = NULL;
            rc = hs_query_run(q, NULL, 0, 0, 2, NULL, NULL, &t, &err);
            int fine = rc == HS_ERR_COUNT;
            if (rc == HS_OK) {
                const char *total = hs_table_note(t, "total");
                fine = total != NULL && strcmp(total, "0") == 0;
                for (size_t r = 0; r < hs_table_rows(t); r++)
                    fine = fine && strcmp(cell(t, r, C_EXACT), "") == 0 &&
                           strcmp(cell(t, r, C_VALUE), "") == 0 &&
                           strcmp(cell(t, r, C_COUNT), "0") == 0;
            }
            hs_table_free(t);
            if (!fine) {
                fprintf(stderr, "MISMATCH [no deal]\n  query: %s\n  run: %d\n", text, rc);
                bad++;
            }
        } else {
            int l1, c1, l2, c2;
            locate(text, texts[i][1], 1, &l1, &c1);
            locate(text, texts[i][2], 1, &l2, &c2);
            if ((rc != HS_ERR_DUPLICATE && rc != HS_ERR_COUNT) ||
                !((err.line == l1 && err.column == c1) || (err.line == l2 && err.column == c2))) {
                fprintf(stderr, "MISMATCH [no deal]\n  query: %s\n  compile: %d at %d:%d: %s\n",
                        text, rc, err.line, err.column, err.message);
                bad++;
            }
        }
        hs_query_free(q);
    }
    FAILURES_TOTAL += bad;
    if (bad)
        fail_msg("%d differences (above)", bad);
}

/* Whether the message holds a number within 1% of x (digits may be grouped by commas). */
static int message_holds(const char *msg, double x) {
    for (const char *p = msg; *p; p++) {
        if (!isdigit((unsigned char)*p) || (p > msg && isdigit((unsigned char)p[-1])))
            continue;
        char buf[64];
        size_t n = 0;
        for (const char *s = p; *s && n + 1 < sizeof buf; s++) {
            if (isdigit((unsigned char)*s) || *s == '.' || *s == 'e' || *s == 'E' ||
                ((*s == '+' || *s == '-') && s > p && (s[-1] == 'e' || s[-1] == 'E')))
                buf[n++] = *s;
            else if (*s == ',' && isdigit((unsigned char)s[1]))
                continue;
            else
                break;
        }
        buf[n] = '\0';
        double v = strtod(buf, NULL);
        if (fabs(v - x) <= 0.01 * x)
            return 1;
    }
    return 0;
}

static void test_too_large(void **state) {
    (void)state;
    const char *text = "select count(pairedBoard(river)) as p\nfrom hero=random, villain=random, "
                       "third=random";
    hs_query *q = compile_ok(text);
    double size = hs_query_size(q);
    assert_true(size > (double)HS_QUERY_MAX_DEALS);
    assert_false(hs_query_uses_engine(q, 0));
    hs_job *job = NULL;
    hs_query_error jerr;
    memset(&jerr, 0, sizeof jerr);
    int jrc = hs_query_job_new(q, 0, 0, &job, &jerr);
    if (jrc != HS_ERR_OVERFLOW || job != NULL || !message_holds(jerr.message, size)) {
        fprintf(stderr,
                "MISMATCH [too large: job]\n  query: %s\n  expected HS_ERR_OVERFLOW with the "
                "size %.0f in the message\n  got %d: %s\n",
                text, size, jrc, jerr.message);
        FAILURES_TOTAL++;
    }
    hs_job_free(job);
    hs_table *t = NULL;
    hs_query_error err;
    memset(&err, 0, sizeof err);
    int rc = hs_query_run(q, NULL, 0, 0, 2, NULL, NULL, &t, &err);
    int ok = jrc == HS_ERR_OVERFLOW && rc == HS_ERR_OVERFLOW && t == NULL &&
             message_holds(err.message, size) && err.line >= 1 && err.column >= 1;
    if (!ok) {
        fprintf(stderr,
                "MISMATCH [too large]\n  query: %s\n  expected HS_ERR_OVERFLOW with the size "
                "%.0f in the message\n  got %d at line %d column %d: %s\n",
                text, size, rc, err.line, err.column, err.message);
        FAILURES_TOTAL++;
        fail_msg("too large: differs (above)");
    }
    /* Sampled, the same query runs. */
    t = run_ok(q, text, 2000, 7, 2);
    assert_string_equal(hs_table_note(t, "kind"), "estimate");
    hs_table_free(t);
    hs_query_free(q);
}

/* ---- main -------------------------------------------------------------------------------------
 */

static int group_setup(void **state) {
    (void)state;
    qr_init();
    return 0;
}

static int group_teardown(void **state) {
    (void)state;
    qr_done();
    fprintf(stderr,
            "test_query: %zu reference queries, %zu engine queries, %zu error queries; "
            "%d differences\n",
            N_CASES, N_ECASES, N_ERRORS, FAILURES_TOTAL);
    return 0;
}

/* Whether a case is asked for: no argument (every case), or an argument its name starts with. */
static int wanted(int argc, char **argv, const char *name) {
    if (argc <= 1)
        return 1;
    for (int i = 1; i < argc; i++)
        if (strncmp(name, argv[i], strlen(argv[i])) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv) {
    /* Arguments: run only the cases whose names start with one of them. */
    size_t cap = N_CASES + N_ECASES + N_ERRORS + 7, n = 0;
    struct CMUnitTest *tests = calloc(cap, sizeof *tests);
    if (tests == NULL)
        return 1;
    for (size_t i = 0; i < N_CASES; i++)
        if (wanted(argc, argv, CASES[i].name))
            tests[n++] = (struct CMUnitTest){CASES[i].name, test_case, NULL, NULL, &CASES[i]};
    for (size_t i = 0; i < N_ECASES; i++)
        if (wanted(argc, argv, ECASES[i].name))
            tests[n++] = (struct CMUnitTest){ECASES[i].name, test_engine, NULL, NULL, &ECASES[i]};
    for (size_t i = 0; i < N_ERRORS; i++)
        if (wanted(argc, argv, ERRORS[i].name))
            tests[n++] = (struct CMUnitTest){ERRORS[i].name, test_error, NULL, NULL, &ERRORS[i]};
    static const struct CMUnitTest others[] = {
        {"reference against the engine", test_reference_vs_engine, NULL, NULL, NULL},
        {"exact: threads and jobs", test_exact_threads_and_job, NULL, NULL, NULL},
        {"sampled", test_sampled, NULL, NULL, NULL},
        {"too large", test_too_large, NULL, NULL, NULL},
        {"no deal", test_no_deal, NULL, NULL, NULL},
        {"preflop board textures", test_preflop_board, NULL, NULL, NULL},
        {"unquoted ranges", test_unquoted_ranges, NULL, NULL, NULL},
    };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        if (wanted(argc, argv, others[i].name))
            tests[n++] = others[i];
    int rc = _cmocka_run_group_tests("query", tests, n, group_setup, group_teardown);
    free(tests);
    return rc;
}
