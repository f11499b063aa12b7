/* Folded ranges (hs_holdem_equity_folded, hs_holdem_equity_sample_folded): the exact counts
 * against a brute force written here that deals every hand (active and folded) and every board
 * completion explicitly on a reduced deck (most cards dead), with and without the suit symmetry
 * over the folded tuples; against holdem equity with each folded hand as dead cards, averaged by
 * the hand's weight; the estimate within a few standard errors of the exact answer; errors. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "holdem_internal.h"
#include "holdem_ref.h"

#define MAXP HS_HOLDEM_MAX_PLAYERS
#define MAXH (HS_HOLDEM_MAX_PLAYERS + HS_HOLDEM_MAX_FOLDED)

typedef unsigned __int128 u128;

static uint64_t mask_of(const char *text) {
    int cards[52];
    size_t n = 0;
    if (text != NULL)
        assert_int_equal(hs_cards_parse(text, strlen(text), cards, 52, &n, NULL), HS_OK);
    return hs_cards_mask(cards, n);
}

/* ---- the brute force ------------------------------------------------------------------------
 * Every hand of every player, active then folded, pairwise disjoint and off the known cards; then
 * every completion of the board from the cards left; each deal weighs the product of its hands'
 * weights, each range's divided by the gcd of all its weights. Winners by the reference ranker. */

typedef struct brute {
    const ref_holdem *ref;
    int players, hands; /* active players, all hands dealt */
    const hs_holdem_range *r[MAXH];
    unsigned gcd[MAXH];
    uint64_t board, dead;
    u128 deals, wins[MAXP], ties[MAXP], losses[MAXP], shares[MAXP];
} brute;

static unsigned gcd_u(unsigned a, unsigned b) {
    while (b != 0) {
        const unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static void score(brute *b, const uint64_t *hole, uint64_t board, u128 w) {
    uint32_t key[MAXP], best = 0;
    for (int p = 0; p < b->players; p++) {
        int cards[7], n = 0;
        for (uint64_t m = hole[p] | board; m != 0; m &= m - 1)
            cards[n++] = __builtin_ctzll(m);
        assert_int_equal(n, 7);
        key[p] = ref_holdem_best_key(b->ref, cards);
        best = key[p] > best ? key[p] : best;
    }
    int k = 0;
    for (int p = 0; p < b->players; p++)
        k += key[p] == best;
    b->deals += w;
    for (int p = 0; p < b->players; p++) {
        if (key[p] != best)
            b->losses[p] += w;
        else {
            if (k == 1)
                b->wins[p] += w;
            else
                b->ties[p] += w;
            b->shares[p] += w * (u128)(HS_HOLDEM_SHARE_UNIT / k);
        }
    }
}

/* Every completion of the board: `need` more cards from those not in `used`, in increasing
 * order (from card `from` on). */
static void complete(brute *b, const uint64_t *hole, uint64_t board, uint64_t used, int need,
                     int from, u128 w) {
    if (need == 0) {
        score(b, hole, board, w);
        return;
    }
    for (int c = from; c < 52; c++)
        if (!(used >> c & 1))
            complete(b, hole, board | (uint64_t)1 << c, used | (uint64_t)1 << c, need - 1, c + 1,
                     w);
}

static void deal(brute *b, int h, uint64_t *hole, uint64_t used, u128 w) {
    if (h == b->hands) {
        complete(b, hole, b->board, used, 5 - __builtin_popcountll(b->board), 0, w);
        return;
    }
    const hs_holdem_range *r = b->r[h];
    for (size_t i = 0; i < r->n; i++) {
        if (r->combo[i] & used)
            continue;
        hole[h] = r->combo[i];
        deal(b, h + 1, hole, used | r->combo[i], w * (r->weight[i] / b->gcd[h]));
    }
}

static void brute_force(const ref_holdem *ref, int players, const hs_holdem_range *const act[],
                        int folded, const hs_holdem_range *const fold[], uint64_t board,
                        uint64_t dead, brute *b) {
    memset(b, 0, sizeof *b);
    b->ref = ref;
    b->players = players;
    b->hands = players + folded;
    b->board = board;
    b->dead = dead;
    for (int h = 0; h < b->hands; h++) {
        b->r[h] = h < players ? act[h] : fold[h - players];
        for (size_t i = 0; i < b->r[h]->n; i++)
            b->gcd[h] = gcd_u(b->gcd[h], b->r[h]->weight[i]);
    }
    uint64_t hole[MAXH];
    deal(b, 0, hole, board | dead, 1);
}

/* ---- queries -------------------------------------------------------------------------------- */

typedef struct query {
    const char *act[4];  /* active ranges, NULL-terminated */
    const char *fold[4]; /* folded ranges, NULL-terminated */
    const char *board, *dead;
} query;

static hs_holdem_range store[MAXH];

static int parse_list(const char *const *texts, int at, const hs_holdem_range **out) {
    int n = 0;
    for (; texts[n] != NULL; n++) {
        assert_int_equal(
            hs_holdem_range_parse(texts[n], strlen(texts[n]), &store[at + n], NULL, 0, NULL),
            HS_OK);
        out[n] = &store[at + n];
    }
    return n;
}

static void assert_same(const brute *b, const hs_holdem_equity_exact *e) {
    assert_true(b->deals == e->deals);
    for (int p = 0; p < b->players; p++) {
        assert_true(b->wins[p] == e->player[p].wins);
        assert_true(b->ties[p] == e->player[p].ties);
        assert_true(b->losses[p] == e->player[p].losses);
        assert_true(b->shares[p] == e->player[p].shares);
    }
}

/* Reduced decks: most cards dead, so that every deal can be walked. */
#define DEAD_HALF "2s 3s 4s 5s 6s 7s 8s 2h 3h 4h 5h 6h 7h 8h 2d 3d 4d 5d 2c 3c 4c 5c"

static const query CASES[] = {
    /* flop, two to come, one folded range with weights */
    {{"AsKs,QQ", "JhTh,99@50,AdQd", NULL}, {"AK@25,QJs,TT", NULL}, "9c 6d 6c", DEAD_HALF},
    /* two folded ranges that collide with each other and the active ones */
    {{"AA,KK", "QQ,JJ@30", NULL}, {"AK,AQs", "KQ@12.5,JJ", NULL}, "Tc 9d 8c", DEAD_HALF},
    /* three active players, turn */
    {{"AhKh,AQ@40", "QQ+", "T9s,99", NULL}, {"JJ,AJs", NULL}, "Jd 9c 7d 6c", DEAD_HALF},
    /* a board and dead cards kept by swapping c<->d and s<->h: the symmetry over the tuples */
    {{"AA,KK", "QQ,AK", NULL}, {"JJ+,AKs", "TT,AJ", NULL}, "9c 9d 9s", DEAD_HALF " 9h 6c 6d"},
    /* no folded range: the plain engine */
    {{"AA,KQs", "QQ,JJ@50", NULL}, {NULL}, "Tc 9d 8c", DEAD_HALF},
};

static void test_against_brute_force(void **state) {
    (void)state;
    ref_holdem *ref = ref_holdem_new();
    assert_non_null(ref);
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0]; k++) {
        const query *q = &CASES[k];
        const hs_holdem_range *act[MAXP], *fold[HS_HOLDEM_MAX_FOLDED];
        const int players = parse_list(q->act, 0, act);
        const int folded = parse_list(q->fold, MAXP, fold);
        const uint64_t board = mask_of(q->board), dead = mask_of(q->dead);
        brute *b = malloc(sizeof *b);
        assert_non_null(b);
        brute_force(ref, players, act, folded, fold, board, dead, b);
        assert_true(b->deals > 0);
        for (int sym = 0; sym < 2; sym++) {
            hs_holdem_equity_exact e;
            assert_int_equal(hs_holdem_equity_folded_sym(sym, players, act, folded, fold, board,
                                                         dead, 1, NULL, NULL, &e),
                             HS_OK);
            assert_same(b, &e);
        }
        hs_holdem_folded_plan plan;
        assert_int_equal(
            hs_holdem_folded_plan_count(players, act, folded, fold, board, dead, 0, &plan), HS_OK);
        assert_true(plan.solves <= plan.tuples);
        if (k == 3) { /* the symmetric case solves fewer tuples than it counts */
            assert_int_equal(plan.symmetries, 2); /* the identity and c<->d */
            assert_true(plan.solves < plan.tuples);
        }
        free(b);
    }
    ref_holdem_free(ref);
}

/* Preflop, a suit-symmetric query: holdem equity with each folded hand as dead cards, added up
 * by the hand's weight, is the folded answer. */
static void test_dead_card_average(void **state) {
    (void)state;
    static const char *const ACT[] = {"AA", "KQs", NULL}, *const FOLD[] = {"22+,AKo@50", NULL};
    const hs_holdem_range *act[MAXP], *fold[1];
    const int players = parse_list(ACT, 0, act);
    parse_list(FOLD, MAXP, fold);
    hs_holdem_equity_exact sum, e, one;
    memset(&sum, 0, sizeof sum);
    unsigned g = 0;
    for (size_t i = 0; i < fold[0]->n; i++)
        g = gcd_u(g, fold[0]->weight[i]);
    for (size_t i = 0; i < fold[0]->n; i++) {
        const int rc =
            hs_holdem_equity_ranges(players, act, 0, fold[0]->combo[i], 1, NULL, NULL, &one);
        if (rc == HS_ERR_COUNT)
            continue;
        assert_int_equal(rc, HS_OK);
        const unsigned w = fold[0]->weight[i] / g;
        sum.deals += one.deals * w;
        for (int p = 0; p < players; p++) {
            sum.player[p].wins += one.player[p].wins * w;
            sum.player[p].ties += one.player[p].ties * w;
            sum.player[p].losses += one.player[p].losses * w;
            sum.player[p].shares += one.player[p].shares * w;
        }
    }
    assert_int_equal(hs_holdem_equity_folded(players, act, 1, fold, 0, 0, 0, NULL, NULL, &e),
                     HS_OK);
    assert_true(sum.deals == e.deals);
    for (int p = 0; p < players; p++) {
        assert_true(sum.player[p].wins == e.player[p].wins);
        assert_true(sum.player[p].ties == e.player[p].ties);
        assert_true(sum.player[p].losses == e.player[p].losses);
        assert_true(sum.player[p].shares == e.player[p].shares);
    }
    hs_holdem_folded_plan plan;
    assert_int_equal(hs_holdem_folded_plan_count(players, act, 1, fold, 0, 0, 0, &plan), HS_OK);
    assert_int_equal(plan.tuples, 78 + 12);
    assert_true(plan.solves < 40); /* 13 pairs and AKo, up to the symmetry AA and KQs keep */
}

/* The estimate lands within five standard errors of the exact answer; with no folded range it is
 * hs_holdem_equity_sample, sample for sample. */
static void test_estimate(void **state) {
    (void)state;
    const query *q = &CASES[1];
    const hs_holdem_range *act[MAXP], *fold[HS_HOLDEM_MAX_FOLDED];
    const int players = parse_list(q->act, 0, act);
    const int folded = parse_list(q->fold, MAXP, fold);
    const uint64_t board = mask_of(q->board), dead = mask_of(q->dead);
    hs_holdem_equity_exact e;
    assert_int_equal(
        hs_holdem_equity_folded(players, act, folded, fold, board, dead, 0, NULL, NULL, &e), HS_OK);
    hs_holdem_equity_sample_result s, s0, plain;
    assert_int_equal(hs_holdem_equity_sample_folded(players, act, folded, fold, board, dead, 200000,
                                                    7, 0, NULL, NULL, &s),
                     HS_OK);
    for (int p = 0; p < players; p++) {
        const double exact = (double)e.player[p].shares / ((double)e.deals * HS_HOLDEM_SHARE_UNIT);
        assert_true(fabs(s.player[p].equity - exact) < 5 * s.player[p].std_error);
    }
    assert_int_equal(hs_holdem_equity_sample_folded(players, act, 0, NULL, board, dead, 50000, 3, 2,
                                                    NULL, NULL, &s0),
                     HS_OK);
    assert_int_equal(
        hs_holdem_equity_sample(players, act, board, dead, 50000, 3, 1, NULL, NULL, &plain), HS_OK);
    for (int p = 0; p < players; p++) {
        assert_int_equal(s0.player[p].wins, plain.player[p].wins);
        assert_int_equal(s0.player[p].shares, plain.player[p].shares);
    }
}

/* ---- equity-dist --folded -------------------------------------------------------------------
 * The reference: hs_holdem_equity_dist once per folded tuple (every one, no symmetry) with its
 * cards dead, each hero combination's counts added up by the tuple's weight. */

typedef struct dist_ref {
    const hs_holdem_range *hero, *villain, *const *fold;
    int folded;
    unsigned gcd[HS_HOLDEM_MAX_FOLDED];
    uint64_t board, dead;
    u128 deals[HS_HOLDEM_COMBOS], wins[HS_HOLDEM_COMBOS], ties[HS_HOLDEM_COMBOS],
        losses[HS_HOLDEM_COMBOS];
    hs_holdem_dist_combo run[HS_HOLDEM_COMBOS];
} dist_ref;

static void dist_tuples(dist_ref *r, int j, uint64_t used, u128 w) {
    if (j == r->folded) {
        size_t n = 0;
        const int rc = hs_holdem_equity_dist(r->hero, r->villain, r->board, used & ~r->board, 1,
                                             NULL, NULL, r->run, &n);
        if (rc == HS_ERR_COUNT)
            return;
        assert_int_equal(rc, HS_OK);
        for (size_t i = 0; i < n; i++) {
            size_t at = 0;
            while (r->hero->combo[at] != r->run[i].combo)
                at++;
            r->deals[at] += w * r->run[i].deals;
            r->wins[at] += w * r->run[i].wins;
            r->ties[at] += w * r->run[i].ties;
            r->losses[at] += w * r->run[i].losses;
        }
        return;
    }
    const hs_holdem_range *f = r->fold[j];
    for (size_t i = 0; i < f->n; i++)
        if (!(f->combo[i] & used))
            dist_tuples(r, j + 1, used | f->combo[i], w * (f->weight[i] / r->gcd[j]));
}

static void test_dist_dead_card_average(void **state) {
    (void)state;
    static const size_t WHICH[] = {0, 1, 3, 4};
    dist_ref *r = calloc(1, sizeof *r);
    hs_holdem_dist_folded_combo *d = malloc(HS_HOLDEM_COMBOS * sizeof *d);
    assert_non_null(r);
    assert_non_null(d);
    for (size_t k = 0; k < sizeof WHICH / sizeof WHICH[0]; k++) {
        const query *q = &CASES[WHICH[k]];
        const hs_holdem_range *act[MAXP], *fold[HS_HOLDEM_MAX_FOLDED];
        assert_int_equal(parse_list(q->act, 0, act), 2);
        const int folded = parse_list(q->fold, MAXP, fold);
        memset(r, 0, sizeof *r);
        r->hero = act[0];
        r->villain = act[1];
        r->fold = fold;
        r->folded = folded;
        r->board = mask_of(q->board);
        r->dead = mask_of(q->dead);
        for (int j = 0; j < folded; j++)
            for (size_t i = 0; i < fold[j]->n; i++)
                r->gcd[j] = gcd_u(r->gcd[j], fold[j]->weight[i]);
        dist_tuples(r, 0, r->board | r->dead, 1);
        size_t n = 0;
        assert_int_equal(hs_holdem_equity_dist_folded(act[0], act[1], folded, fold, r->board,
                                                      r->dead, 1, NULL, NULL, d, &n),
                         HS_OK);
        size_t dealt = 0;
        for (size_t i = 0; i < act[0]->n; i++)
            dealt += r->deals[i] > 0;
        assert_int_equal(n, dealt);
        for (size_t i = 0; i < n; i++) {
            size_t at = 0;
            while (act[0]->combo[at] != d[i].combo)
                at++;
            assert_true(d[i].deals == r->deals[at]);
            assert_true(d[i].wins == r->wins[at]);
            assert_true(d[i].ties == r->ties[at]);
            assert_true(d[i].losses == r->losses[at]);
            assert_int_equal(d[i].weight, act[0]->weight[at]);
            if (i > 0) /* the best first */
                assert_true((long double)(2 * d[i - 1].wins + d[i - 1].ties) / d[i - 1].deals >=
                            (long double)(2 * d[i].wins + d[i].ties) / d[i].deals - 1e-15L);
        }
    }
    /* a folded range wholly on the board; a bad count */
    static const char *const ON_BOARD[] = {"QhQd", NULL}, *const ACT[] = {"AhAd", "KK", NULL};
    const hs_holdem_range *act[MAXP], *fe[HS_HOLDEM_MAX_FOLDED + 1] = {NULL};
    parse_list(ACT, 0, act);
    parse_list(ON_BOARD, MAXP, fe);
    size_t n = 0;
    assert_int_equal(hs_holdem_equity_dist_folded(act[0], act[1], 1, fe, mask_of("Qh 7c 2d"), 0, 1,
                                                  NULL, NULL, d, &n),
                     HS_ERR_COUNT);
    assert_int_equal(hs_holdem_equity_dist_folded(act[0], act[1], HS_HOLDEM_MAX_FOLDED + 1, fe, 0,
                                                  0, 1, NULL, NULL, d, &n),
                     HS_ERR_ARG);
    free(d);
    free(r);
}

/* ---- hits --folded on one board -------------------------------------------------------------
 * The reference: hs_holdem_hits_board once per folded tuple (every one, no symmetry) with its
 * cards dead, the counts added up by the tuple's weight. */

typedef struct hits_ref {
    const hs_holdem_range *range, *const *fold;
    int folded;
    unsigned gcd[HS_HOLDEM_MAX_FOLDED];
    uint64_t board, dead;
    u128 total, made[HS_HIT_MADE], flag[HS_HIT_FLAGS];
} hits_ref;

static void hits_tuples(hits_ref *r, int j, uint64_t used, u128 w) {
    if (j == r->folded) {
        hs_holdem_hits h;
        const int rc = hs_holdem_hits_board(r->range, r->board, used & ~r->board, &h);
        if (rc == HS_ERR_COUNT)
            return;
        assert_int_equal(rc, HS_OK);
        r->total += w * h.total;
        for (int i = 0; i < HS_HIT_MADE; i++)
            r->made[i] += w * h.made[i];
        for (int i = 0; i < HS_HIT_FLAGS; i++)
            r->flag[i] += w * h.flag[i];
        return;
    }
    const hs_holdem_range *f = r->fold[j];
    for (size_t i = 0; i < f->n; i++)
        if (!(f->combo[i] & used))
            hits_tuples(r, j + 1, used | f->combo[i], w * (f->weight[i] / r->gcd[j]));
}

static void test_hits_dead_card_average(void **state) {
    (void)state;
    /* the cases' boards, every active range as the range; and two without dead cards, one
     * keeping every permutation of d, h, s (a clubs board) */
    static const query MORE[] = {
        {{"QQ+,AKs,T9s@50", NULL}, {"AK,QJs", "22+@25", NULL}, "2c 5c 9c", NULL},
        {{"random", NULL}, {"AA,KK", NULL}, "Kh 7d 2c 3s", NULL},
    };
    hits_ref r;
    for (size_t k = 0; k < sizeof CASES / sizeof CASES[0] + 2; k++) {
        const query *q = k < 2 ? &MORE[k] : &CASES[k - 2];
        const hs_holdem_range *act[MAXP], *fold[HS_HOLDEM_MAX_FOLDED];
        const int players = parse_list(q->act, 0, act);
        const int folded = parse_list(q->fold, MAXP, fold);
        for (int p = 0; p < players; p++) {
            memset(&r, 0, sizeof r);
            r.range = act[p];
            r.fold = fold;
            r.folded = folded;
            r.board = mask_of(q->board);
            r.dead = mask_of(q->dead);
            for (int j = 0; j < folded; j++)
                for (size_t i = 0; i < fold[j]->n; i++)
                    r.gcd[j] = gcd_u(r.gcd[j], fold[j]->weight[i]);
            hits_tuples(&r, 0, r.board | r.dead, 1);
            hs_holdem_hits_folded h;
            const int rc = hs_holdem_hits_board_folded(act[p], folded, fold, r.board, r.dead, &h);
            if (r.total == 0) {
                assert_int_equal(rc, HS_ERR_COUNT);
                continue;
            }
            assert_int_equal(rc, HS_OK);
            assert_true(h.total == r.total);
            for (int i = 0; i < HS_HIT_MADE; i++)
                assert_true(h.made[i] == r.made[i]);
            for (int i = 0; i < HS_HIT_FLAGS; i++)
                assert_true(h.flag[i] == r.flag[i]);
        }
        if (k == 0) { /* the clubs board: fewer runs than tuples */
            hs_holdem_folded_plan plan;
            assert_int_equal(
                hs_holdem_folded_plan_count(1, act, folded, fold, r.board, 0, 0, &plan), HS_OK);
            assert_true(plan.solves < plan.tuples);
        }
    }
    /* errors: a folded range wholly on the board; a board of two cards */
    static const char *const ON_BOARD[] = {"QhQd", NULL}, *const ACT[] = {"AA", NULL};
    const hs_holdem_range *act[MAXP], *fe[HS_HOLDEM_MAX_FOLDED] = {NULL};
    parse_list(ACT, 0, act);
    parse_list(ON_BOARD, MAXP, fe);
    hs_holdem_hits_folded h;
    assert_int_equal(hs_holdem_hits_board_folded(act[0], 1, fe, mask_of("Qh 7c 2d"), 0, &h),
                     HS_ERR_COUNT);
    assert_int_equal(hs_holdem_hits_board_folded(act[0], 1, fe, mask_of("7c 2d"), 0, &h),
                     HS_ERR_ARG);
}

static void test_errors(void **state) {
    (void)state;
    static const char *const ACT[] = {"AhAd", "KK", NULL};
    const hs_holdem_range *act[MAXP], *fold[HS_HOLDEM_MAX_FOLDED + 1];
    const int players = parse_list(ACT, 0, act);
    hs_holdem_equity_exact e;
    hs_holdem_equity_sample_result s;
    hs_holdem_folded_plan plan;
    /* a folded range wholly on the board */
    static const char *const ON_BOARD[] = {"QhQd", NULL};
    parse_list(ON_BOARD, MAXP, fold);
    const uint64_t board = mask_of("Qh 7c 2d");
    assert_int_equal(hs_holdem_equity_folded(players, act, 1, fold, board, 0, 1, NULL, NULL, &e),
                     HS_ERR_COUNT);
    assert_int_equal(
        hs_holdem_equity_sample_folded(players, act, 1, fold, board, 0, 100, 1, 1, NULL, NULL, &s),
        HS_ERR_COUNT);
    assert_int_equal(hs_holdem_folded_plan_count(players, act, 1, fold, board, 0, 0, &plan),
                     HS_ERR_COUNT);
    /* two folded players who must hold the same hand */
    static const char *const SAME[] = {"QhQd", "QhQd", NULL};
    parse_list(SAME, MAXP, fold);
    assert_int_equal(hs_holdem_equity_folded(players, act, 2, fold, 0, 0, 1, NULL, NULL, &e),
                     HS_ERR_COUNT);
    /* a folded hand that leaves the active players no deal */
    static const char *const TAKES[] = {"AhKs", NULL};
    parse_list(TAKES, MAXP, fold);
    assert_int_equal(hs_holdem_equity_folded(players, act, 1, fold, 0, 0, 1, NULL, NULL, &e),
                     HS_ERR_COUNT);
    /* bad counts */
    assert_int_equal(hs_holdem_equity_folded(players, act, HS_HOLDEM_MAX_FOLDED + 1, fold, 0, 0, 1,
                                             NULL, NULL, &e),
                     HS_ERR_ARG);
    assert_int_equal(hs_holdem_equity_folded(players, act, 1, NULL, 0, 0, 1, NULL, NULL, &e),
                     HS_ERR_ARG);
    assert_int_equal(hs_holdem_equity_folded(1, act, 1, fold, 0, 0, 1, NULL, NULL, &e), HS_ERR_ARG);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_brute_force),
        cmocka_unit_test(test_dead_card_average),
        cmocka_unit_test(test_estimate),
        cmocka_unit_test(test_dist_dead_card_average),
        cmocka_unit_test(test_hits_dead_card_average),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
