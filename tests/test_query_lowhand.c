/* The query language's low-hand functions (handstat/query.h: lowHand, loRating, nutLo in the
 * hi/lo games omaha8 and omaha85) against a brute force written here: every choice of the
 * players' hands (explicit masks with weights, given beside the query text) and every completion
 * of the board; each player's best 8-or-better low by sorting ranks over two hole and three board
 * cards; its rating as 1 + the number of the 56 lows (five different ranks A..8, compared from the
 * highest down) that are lower, 57 for none; its type by its highest rank; the nut low as the best
 * low of any two cards off the board (every other card of the deck) with three board cards. Each
 * item's mean as an exact fraction (GMP) against the table's `exact` column, 12 queries, one
 * histogram bucket by bucket; misuse refused with a clear error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"
#include "handstat/query.h"
#include "poker_ref.h"

/* ---- the reference ----------------------------------------------------------------------------
 */

#include "omaha_query_ref.h"

/* ---- the low functions, by brute force ---- */

/* P's best low (low5's value, 0 none) with the first nb cards of board. */
static uint32_t low_of(uint64_t hand, const int *board, int nb) {
    uint32_t hi, lo;
    best(hand, board, nb, &hi, &lo);
    return lo;
}

/* 1 + the number of the 56 lows below lo; 57 for none. */
static int rating_of(uint32_t lo) {
    if (lo == 0)
        return 57;
    int below = 0;
    for (int a = 1; a <= 8; a++)
        for (int b = a + 1; b <= 8; b++)
            for (int c = b + 1; c <= 8; c++)
                for (int d = c + 1; d <= 8; d++)
                    for (int e = d + 1; e <= 8; e++) {
                        const uint32_t v = (uint32_t)(e << 16 | d << 12 | c << 8 | b << 4 | a);
                        below += v < lo;
                    }
    return 1 + below;
}

/* 0 none, 1 eight-low, 2 seven-low, 3 six-low, 4 five-low (the top digit 8, 7, 6, 5). */
static int type_of_low(uint32_t lo) {
    return lo == 0 ? 0 : 9 - (int)(lo >> 16);
}

/* Does hand hold the best low any two cards off the first nb board cards make with three? */
static int nut_low(uint64_t hand, const int *board, int nb) {
    const uint32_t mine = low_of(hand, board, nb);
    if (mine == 0)
        return 0;
    uint64_t on = 0;
    for (int i = 0; i < nb; i++)
        on |= UINT64_C(1) << board[i];
    uint32_t nut = 0;
    for (int h1 = 0; h1 < 52; h1++)
        for (int h2 = h1 + 1; h2 < 52; h2++) {
            if ((on >> h1 & 1) || (on >> h2 & 1))
                continue;
            for (int x = 0; x < nb; x++)
                for (int y = x + 1; y < nb; y++)
                    for (int z = y + 1; z < nb; z++) {
                        const int five[5] = {h1, h2, board[x], board[y], board[z]};
                        const uint32_t l = low5(five);
                        if (l && (nut == 0 || l < nut))
                            nut = l;
                    }
        }
    return mine == nut;
}

static void flag(mpq_t v, int x) {
    mpq_set_ui(v, x ? 1 : 0, 1);
}
static void num(mpq_t v, int x) {
    mpq_set_ui(v, (unsigned long)x, 1);
}

/* The items: lowHand(P, S) = type, loRating, nutLo; P 0 hero, 1 villain; S by board cards. */
#define ITEM_TYPE(NAME, P, NB, T)                                                                  \
    static void NAME(const setup *s, const uint64_t *h, const int *b, mpq_t v) {                   \
        (void)s;                                                                                   \
        flag(v, type_of_low(low_of(h[P], b, NB)) == (T));                                          \
    }
#define ITEM_RATING(NAME, P, NB)                                                                   \
    static void NAME(const setup *s, const uint64_t *h, const int *b, mpq_t v) {                   \
        (void)s;                                                                                   \
        num(v, rating_of(low_of(h[P], b, NB)));                                                    \
    }
#define ITEM_NUT(NAME, P, NB)                                                                      \
    static void NAME(const setup *s, const uint64_t *h, const int *b, mpq_t v) {                   \
        (void)s;                                                                                   \
        flag(v, nut_low(h[P], b, NB));                                                             \
    }
ITEM_TYPE(hero_seven_river, 0, 5, 2)
ITEM_TYPE(hero_eight_turn, 0, 4, 1)
ITEM_TYPE(villain_none_river, 1, 5, 0)
ITEM_TYPE(hero_wheel_river, 0, 5, 4)
ITEM_TYPE(hero_six_river, 0, 5, 3)
ITEM_RATING(hero_rating_river, 0, 5)
ITEM_RATING(villain_rating_turn, 1, 4)
ITEM_RATING(hero_rating_flop, 0, 3)
ITEM_NUT(hero_nut_river, 0, 5)
ITEM_NUT(hero_nut_turn, 0, 4)
ITEM_NUT(villain_nut_river, 1, 5)

static int where_hero_nut_turn(const setup *s, const uint64_t *h, const int *b) {
    (void)s;
    return nut_low(h[0], b, 4);
}
static void hero_better_low(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    (void)s;
    flag(v, rating_of(low_of(h[0], b, 5)) < rating_of(low_of(h[1], b, 5)));
}

typedef struct qcase {
    const char *query; /* one select item */
    const setup *s;
    item_fn item;
    where_fn where;
} qcase;

static setup A, B, C, D;

static void make_setups(void) {
    /* A: omaha8 heads-up, exact hands, a flop */
    A = (setup){2, 1, {1, 1}, {{0}}, {{0}}, 0, 0};
    A.hand[0][0] = mask_of("AhAd2s3s");
    A.hand[1][0] = mask_of("KsKd7c8c");
    A.weight[0][0] = A.weight[1][0] = 1;
    A.board = mask_of("4h5d9c");
    /* B: omaha8, villain a weighted range of three hands, a turn */
    B = (setup){2, 1, {1, 3}, {{0}}, {{0}}, 0, 0};
    B.hand[0][0] = mask_of("As2h4c7d");
    B.weight[0][0] = 1;
    B.hand[1][0] = mask_of("Ac3c5h6h");
    B.hand[1][1] = mask_of("Ad3d5s6s");
    B.hand[1][2] = mask_of("KhQhJcTc");
    B.weight[1][0] = 50;
    B.weight[1][1] = 50;
    B.weight[1][2] = 100;
    B.board = mask_of("8s3h2dKd");
    /* C: omaha8 three-way, a flop with a dead card */
    C = (setup){3, 1, {1, 1, 1}, {{0}}, {{0}}, 0, 0};
    C.hand[0][0] = mask_of("Ah2h5c9c");
    C.hand[1][0] = mask_of("Ac2c6d7d");
    C.hand[2][0] = mask_of("KdKsQcJh");
    C.weight[0][0] = C.weight[1][0] = C.weight[2][0] = 1;
    C.board = mask_of("3s4d8h");
    C.dead = mask_of("Kh");
    /* D: omaha85 (five cards), a turn */
    D = (setup){2, 1, {1, 1}, {{0}}, {{0}}, 0, 0};
    D.hand[0][0] = mask_of("Ah2d3c9s9h");
    D.hand[1][0] = mask_of("As4s5dQhQc");
    D.weight[0][0] = D.weight[1][0] = 1;
    D.board = mask_of("6c7h8dKs");
}

#define QA "from game=omaha8, hero=AhAd2s3s, villain=KsKd7c8c, board=4h5d9c"
#define QB                                                                                         \
    "from game=omaha8, hero=As2h4c7d, villain='Ac3c5h6h@50, Ad3d5s6s@50, KhQhJcTc', "              \
    "board=8s3h2dKd"
#define QC                                                                                         \
    "from game=omaha8, hero=Ah2h5c9c, villain=Ac2c6d7d, third=KdKsQcJh, board=3s4d8h, dead=Kh"
#define QD "from game=omaha85, hero=Ah2d3c9s9h, villain=As4s5dQhQc, board=6c7h8dKs"

static const qcase CASES[] = {
    {"select count(lowHand(hero, river) = sevenLow) " QA, &A, hero_seven_river, NULL},
    {"select count(lowHand(hero, turn) = eightLow) " QA, &A, hero_eight_turn, NULL},
    {"select count(lowHand(villain, river) = noLow) " QA, &A, villain_none_river, NULL},
    {"select count(lowHand(hero, river) = wheel) " QA, &A, hero_wheel_river, NULL},
    {"select avg(loRating(hero, river)) " QA, &A, hero_rating_river, NULL},
    {"select count(nutLo(hero, river)) " QA, &A, hero_nut_river, NULL},
    {"select avg(loRating(villain, turn)) " QB, &B, villain_rating_turn, NULL},
    {"select count(nutLo(villain, river)) " QB, &B, villain_nut_river, NULL},
    {"select count(loRating(hero, river) < loRating(villain, river)) " QB, &B, hero_better_low,
     NULL},
    {"select count(lowHand(hero, river) = sixLow) " QC, &C, hero_six_river, NULL},
    {"select avg(loRating(hero, flop)) " QC, &C, hero_rating_flop, NULL},
    {"select count(nutLo(hero, turn)) " QC, &C, hero_nut_turn, NULL},
    {"select count(lowHand(hero, river) = sevenLow) " QD " where nutLo(hero, turn)", &D,
     hero_seven_river, where_hero_nut_turn},
    {"select avg(loRating(hero, river)) " QD, &D, hero_rating_river, NULL},
};

static void run_exact(const char *query, hs_table **t) {
    hs_query *q;
    hs_query_error err;
    int rc = hs_query_compile(query, strlen(query), &q, &err);
    if (rc != HS_OK)
        fail_msg("%s: %s", query, err.message);
    rc = hs_query_run(q, NULL, 0, 1, 2, NULL, NULL, t, &err);
    if (rc != HS_OK)
        fail_msg("%s: run: %s", query, err.message);
    hs_query_free(q);
}

static void test_against_brute_force(void **state) {
    (void)state;
    make_setups();
    mpq_t want, got;
    mpq_inits(want, got, NULL);
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const qcase *c = &CASES[i];
        hs_table *t;
        run_exact(c->query, &t);
        reference(c->s, c->item, c->where, want);
        if (mpq_set_str(got, hs_table_cell(t, 0, 3), 10) != 0)
            fail_msg("case %zu: exact '%s'", i, hs_table_cell(t, 0, 3));
        mpq_canonicalize(got);
        if (!mpq_equal(want, got)) {
            char *w = mpq_get_str(NULL, 10, want);
            fail_msg("case %zu (%s): %s, the reference %s", i, c->query, hs_table_cell(t, 0, 3), w);
        }
        hs_table_free(t);
    }
    mpq_clears(want, got, NULL);
}

/* histogram(lowHand(hero, river)): every bucket, named, against the reference's counts. */
static int hist_type;
static void hero_type_is(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    (void)s;
    flag(v, type_of_low(low_of(h[0], b, 5)) == hist_type);
}

static void test_histogram(void **state) {
    (void)state;
    make_setups();
    static const char *const names[5] = {"no_low", "eight_low", "seven_low", "six_low", "five_low"};
    hs_table *t;
    run_exact("select histogram(lowHand(hero, river)) " QA, &t);
    assert_int_equal(hs_table_rows(t), 5);
    mpq_t want, got;
    mpq_inits(want, got, NULL);
    for (int k = 0; k < 5; k++) {
        hist_type = k;
        reference(&A, hero_type_is, NULL, want);
        if (strstr(hs_table_cell(t, (size_t)k, 1), names[k]) == NULL)
            fail_msg("bucket %d named '%s'", k, hs_table_cell(t, (size_t)k, 1));
        assert_int_equal(mpq_set_str(got, hs_table_cell(t, (size_t)k, 3), 10), 0);
        mpq_canonicalize(got);
        if (!mpq_equal(want, got))
            fail_msg("bucket %s: %s", names[k], hs_table_cell(t, (size_t)k, 3));
    }
    mpq_clears(want, got, NULL);
    hs_table_free(t);
}

/* Misuse: the low functions outside the hi/lo games, preflop, wrong arguments, a low type
 * compared with < or against a number, max of a low type: refused with a clear message. */
static void test_refused(void **state) {
    (void)state;
    static const struct {
        const char *query, *message;
    } BAD[] = {
        {"select histogram(lowHand(hero, river)) from game=omahahi, hero=AhAd2s3s, villain=*",
         "lowhand is for the hi/lo games only (game=omaha8 or omaha85)"},
        {"select avg(loRating(hero, river)) from hero=AhKh, villain=QQ",
         "lorating is for the hi/lo games only"},
        {"select count(nutLo(hero, river)) from game=omahahi5, hero=AhAd2s3s4c, villain=*",
         "nutlo is for the hi/lo games only"},
        {"select count(nutLo(hero, preflop)) from game=omaha8, hero=AhAd2s3s, villain=*",
         "needs a flop, turn or river"},
        {"select avg(loRating(hero)) from game=omaha8, hero=AhAd2s3s, villain=*",
         "takes 2 arguments"},
        {"select count(lowHand(hero, river) = eightlo) from game=omaha8, hero=AhAd2s3s, villain=*",
         "'eightlo' is not a low hand type"},
        {"select count(lowHand(hero, river) < sevenLow) from game=omaha8, hero=AhAd2s3s, "
         "villain=*",
         "a low hand type is compared with = or != only"},
        {"select count(lowHand(hero, river) = 3) from game=omaha8, hero=AhAd2s3s, villain=*",
         "cannot compare a low hand type with a number"},
        {"select max(lowHand(hero, river)) from game=omaha8, hero=AhAd2s3s, villain=*",
         "max needs a number"},
        {"select count(nutLo(river, hero)) from game=omaha8, hero=AhAd2s3s, villain=*",
         "'river' is not a player"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        hs_query *q = NULL;
        hs_query_error err;
        const int rc = hs_query_compile(BAD[i].query, strlen(BAD[i].query), &q, &err);
        if (rc == HS_OK || strstr(err.message, BAD[i].message) == NULL)
            fail_msg("case %zu: %d '%s'", i, rc, rc == HS_OK ? "" : err.message);
        assert_null(q);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_against_brute_force),
                                       cmocka_unit_test(test_histogram),
                                       cmocka_unit_test(test_refused)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
