/* Omaha (handstat/omaha.h) against plain references written here: the high hand as the best
 * reference class over every choice of two hole and three board cards, the 8-or-better low by
 * sorting ranks, and equity by walking every board completion with both.
 * Usage: test_omaha unit | exhaustive. `unit`: the low of every 5-card hand, Omaha high and low
 * on sampled holes and boards, 30 equity cases on flops, turns and rivers, bad input.
 * `exhaustive`: every 4-card Omaha hand against three boards each, and preflop equity cases. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "poker_ref.h"

static int setup(void **state) {
    ref_poker *ref = malloc(sizeof *ref);
    if (ref == NULL)
        return -1;
    ref_poker_init(ref);
    *state = ref;
    return ref->n == REF_POKER_CLASSES ? 0 : -1;
}

static int teardown(void **state) {
    free(*state);
    return 0;
}

static uint64_t parse(const char *text) {
    int cards[16];
    size_t n;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 16, &n, NULL), HS_OK);
    return hs_cards_mask(cards, n);
}

static int cards_of(uint64_t mask, int *out) {
    int n = 0;
    for (int c = 0; c < HS_CARDS; c++)
        if (mask >> c & 1)
            out[n++] = c;
    return n;
}

/* ---- the references ------------------------------------------------------------------------ */

/* The low value of five cards: their ranks (ace 1 .. eight 8) sorted high to low, as base-16
 * digits; smaller is better. 0 when they are not five different ranks of eight or lower. */
static uint32_t ref_low5(const int c[5]) {
    int r[5];
    for (int i = 0; i < 5; i++) {
        r[i] = c[i] % 13 + 1; /* ace 1, two 2, ... */
        if (r[i] > 8)
            return 0;
    }
    for (int i = 0; i < 5; i++) /* sort descending */
        for (int j = i + 1; j < 5; j++)
            if (r[j] > r[i]) {
                int t = r[i];
                r[i] = r[j];
                r[j] = t;
            }
    uint32_t v = 0;
    for (int i = 0; i < 5; i++) {
        if (i > 0 && r[i] == r[i - 1])
            return 0;
        v = v << 4 | (uint32_t)r[i];
    }
    return v;
}

/* The class 1..56 of a low value: one plus the number of lows with a smaller value. */
static int ref_low_class(uint32_t v) {
    int better = 0;
    for (int a = 1; a <= 8; a++)
        for (int b = a + 1; b <= 8; b++)
            for (int c = b + 1; c <= 8; c++)
                for (int d = c + 1; d <= 8; d++)
                    for (int e = d + 1; e <= 8; e++) {
                        uint32_t w = (uint32_t)(e << 16 | d << 12 | c << 8 | b << 4 | a);
                        better += w < v;
                    }
    return 1 + better;
}

/* Best high class and best low value (0: none) over two of hole and three of board. */
static void ref_omaha(const ref_poker *ref, uint64_t hole, uint64_t board, int *high,
                      uint32_t *low) {
    int h[6], b[5], nh = cards_of(hole, h), nb = cards_of(board, b);
    *high = REF_POKER_CLASSES + 1;
    *low = 0;
    for (int i = 0; i < nh; i++)
        for (int j = i + 1; j < nh; j++)
            for (int x = 0; x < nb; x++)
                for (int y = x + 1; y < nb; y++)
                    for (int z = y + 1; z < nb; z++) {
                        int five[5] = {h[i], h[j], b[x], b[y], b[z]};
                        int cls = ref_poker_class5(ref, five);
                        *high = cls < *high ? cls : *high;
                        uint32_t l = ref_low5(five);
                        if (l != 0 && (*low == 0 || l < *low))
                            *low = l;
                    }
}

/* Equity by walking every completion of the board, shares in 1/5040 of a pot. */
static void ref_equity(const ref_poker *ref, const uint64_t *holes, int players, uint64_t board,
                       uint64_t dead, int hilo, hs_omaha_equity *out) {
    memset(out, 0, sizeof *out);
    uint64_t used = board | dead;
    for (int p = 0; p < players; p++)
        used |= holes[p];
    int rest[HS_CARDS], n = cards_of(HS_DECK_MASK & ~used, rest), need = 5 - hs_hand_size(board);
    int idx[5] = {0, 1, 2, 3, 4};
    for (;;) {
        uint64_t full = board;
        for (int i = 0; i < need; i++)
            full |= hs_card_bit(rest[idx[i]]);
        int high[HS_OMAHA_MAX_PLAYERS], best = REF_POKER_CLASSES + 1;
        uint32_t low[HS_OMAHA_MAX_PLAYERS], best_low = 0;
        for (int p = 0; p < players; p++) {
            ref_omaha(ref, holes[p], full, &high[p], &low[p]);
            if (!hilo)
                low[p] = 0;
            best = high[p] < best ? high[p] : best;
            if (low[p] != 0 && (best_low == 0 || low[p] < best_low))
                best_low = low[p];
        }
        int nh = 0, nl = 0;
        for (int p = 0; p < players; p++) {
            nh += high[p] == best;
            nl += best_low != 0 && low[p] == best_low;
        }
        for (int p = 0; p < players; p++) {
            hs_omaha_player *q = &out->p[p];
            int hw = high[p] == best, lw = best_low != 0 && low[p] == best_low;
            q->wins += hw && nh == 1;
            q->ties += hw && nh > 1;
            q->losses += !hw;
            if (hw)
                q->high_share += (uint64_t)(best_low != 0 ? 2520 : 5040) / (uint64_t)nh;
            if (lw)
                q->low_share += 2520 / (uint64_t)nl;
            q->scoops += hilo && hw && nh == 1 && (best_low == 0 || (lw && nl == 1));
        }
        out->boards++;
        out->low_boards += best_low != 0;
        /* next combination of need indices out of n */
        int i = need - 1;
        while (i >= 0 && idx[i] == n - need + i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (int j = i + 1; j < need; j++)
            idx[j] = idx[j - 1] + 1;
    }
    out->players = players;
    out->hilo = hilo;
}

/* ---- the tests ----------------------------------------------------------------------------- */

static uint64_t rng_state = 0x243F6A8885A308D3u;
static uint64_t next_rand(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* n random cards not in `used`. */
static uint64_t random_cards(int n, uint64_t used) {
    uint64_t m = 0;
    while (n > 0) {
        int c = (int)(next_rand() % HS_CARDS);
        if (!((used | m) >> c & 1)) {
            m |= hs_card_bit(c);
            n--;
        }
    }
    return m;
}

/* The low of every 5-card hand against the reference. */
static void test_low_every_five(void **state) {
    (void)state;
    int c[5], seen[HS_LOW8_CLASSES + 1] = {0};
    uint64_t qualifying = 0;
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 52; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 52; c[2]++)
                for (c[3] = c[2] + 1; c[3] < 52; c[3]++)
                    for (c[4] = c[3] + 1; c[4] < 52; c[4]++) {
                        uint32_t v = ref_low5(c);
                        int want = v ? ref_low_class(v) : 0;
                        int got = hs_low8_rank(hs_cards_mask(c, 5));
                        if (got != want)
                            fail_msg("cards %d %d %d %d %d: low %d, reference %d", c[0], c[1], c[2],
                                     c[3], c[4], got, want);
                        seen[got]++;
                        qualifying += got != 0;
                    }
    /* 56 sets of five low ranks, 4^5 suitings each */
    assert_int_equal(qualifying, 56 * 1024);
    for (int l = 1; l <= HS_LOW8_CLASSES; l++)
        assert_int_equal(seen[l], 1024);
    char d[32];
    hs_low8_describe(1, d, sizeof d);
    assert_string_equal(d, "5-4-3-2-A");
    hs_low8_describe(2, d, sizeof d);
    assert_string_equal(d, "6-4-3-2-A");
    hs_low8_describe(56, d, sizeof d);
    assert_string_equal(d, "8-7-6-5-4");
}

static void check_hands(const ref_poker *ref, int holes, int boards_each, int size) {
    for (int i = 0; i < holes; i++) {
        uint64_t hole = random_cards(size, 0);
        for (int j = 0; j < boards_each; j++) {
            int nb = 3 + (int)(next_rand() % 3);
            uint64_t board = random_cards(nb, hole);
            int high;
            uint32_t low;
            ref_omaha(ref, hole, board, &high, &low);
            assert_int_equal(hs_omaha_rank(hole, board), high);
            assert_int_equal(hs_omaha_low(hole, board), low ? ref_low_class(low) : 0);
            uint64_t five = hs_omaha_best_five(hole, board);
            assert_int_equal(hs_hand_size(five & hole), 2);
            assert_int_equal(hs_hand_size(five & board), 3);
            assert_int_equal(hs_poker_rank5(five), high);
        }
    }
}

static void test_omaha_sampled(void **state) {
    for (int size = 4; size <= 6; size++)
        check_hands(*state, 3000, 3, size);
    /* exactly two from the hand: four spades in hand and one on board is no flush */
    assert_int_equal(hs_poker_category(hs_omaha_rank(parse("AS KS QS JS"), parse("2S 7D 9C"))),
                     HS_POKER_HIGH_CARD);
    /* and three from the board: a four-flush board and one suited hole card is none either */
    assert_true(hs_poker_category(hs_omaha_rank(parse("AH KD 2C 3C"), parse("4H 7H 9H JH"))) !=
                HS_POKER_FLUSH);
    assert_int_equal(hs_poker_category(hs_omaha_rank(parse("AH KH 2C 3C"), parse("4H 7H 9H JH"))),
                     HS_POKER_FLUSH);
    /* a counterfeited low: A2 in hand, an ace and a deuce on board leave 8-7-5-2-A, worse than
     * A3's 7-5-3-2-A; with no three other low ranks on board, A2 has no low at all */
    assert_int_equal(hs_omaha_low(parse("AH 2D KC KS"), parse("AC 2S 5H 7D 8C")),
                     ref_low_class(0x87521));
    assert_int_equal(hs_omaha_low(parse("AH 3D KC KS"), parse("AC 2S 5H 7D 8C")),
                     ref_low_class(0x75321));
    assert_int_equal(hs_omaha_low(parse("AH 2D KC KS"), parse("AC 2S 5H KD QC")), 0);
}

static void test_omaha_every_four_card_hand(void **state) {
    const ref_poker *ref = *state;
    int h[4];
    for (h[0] = 0; h[0] < 52; h[0]++)
        for (h[1] = h[0] + 1; h[1] < 52; h[1]++)
            for (h[2] = h[1] + 1; h[2] < 52; h[2]++)
                for (h[3] = h[2] + 1; h[3] < 52; h[3]++) {
                    uint64_t hole = hs_cards_mask(h, 4);
                    for (int j = 0; j < 3; j++) {
                        uint64_t board = random_cards(5, hole);
                        int high;
                        uint32_t low;
                        ref_omaha(ref, hole, board, &high, &low);
                        if (hs_omaha_rank(hole, board) != high ||
                            hs_omaha_low(hole, board) != (low ? ref_low_class(low) : 0))
                            fail_msg("hole %d %d %d %d: differs from the reference", h[0], h[1],
                                     h[2], h[3]);
                    }
                }
}

typedef struct eq_case {
    const char *holes[HS_OMAHA_MAX_PLAYERS];
    const char *board, *dead;
    int hilo;
} eq_case;

static const eq_case CASES[] = {
    /* PLO4 heads-up, flop, turn and river */
    {{"AH AD KS QS", "9H 8H 7C 6C"}, "2C 3D 4H", "", 0},
    {{"AH AD KS QS", "9H 8H 7C 6C"}, "2C 3D 4H", "", 1},
    {{"AH AD KS QS", "9H 8H 7C 6C"}, "TH JC 2D 5S", "", 0},
    {{"AH AD KS QS", "9H 8H 7C 6C"}, "TH JC 2D 5S 5H", "", 0},
    {{"AS KS QD JD", "TC 9C 8H 7H"}, "KH 8D 2S", "", 0},
    /* multiway PLO4 */
    {{"AH AD KS QS", "9H 8H 7C 6C", "2S 3S 4D 5D"}, "TD JS 6H", "", 0},
    {{"AH AD KS QS", "9H 8H 7C 6C", "2S 3S 4D 5D"}, "TD JS 6H", "", 1},
    {{"AC 2C 3H KH", "AD 4D 5S QS", "7C 7D 8S 8H", "JC TC 9D 9S"}, "6C 2D KD", "", 1},
    {{"AC KC QC JC", "AD KD QD JD", "AH KH QH JH", "AS KS QS JS", "2C 3C 4C 5C", "2D 3D 4D 5D"},
     "TC TD 9S",
     "",
     0},
    {{"2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H", "2S 3S 4S 5S", "6C 7C 8C 9C", "6D 7D 8D 9D",
      "6H 7H 8H 9H", "6S 7S 8S 9S", "TC JC QC KC"},
     "AC AD AH",
     "",
     1},
    /* PLO5 and PLO6 */
    {{"AH AD KS QS JH", "9H 8H 7C 6C 5D"}, "2C 3D 4H", "", 0},
    {{"AH AD KS QS JH", "9H 8H 7C 6C 5D"}, "2C 3D 4H", "", 1},
    {{"AH AD KS QS JH TC", "9H 8H 7C 6C 5D 4S"}, "2C 3D KH", "", 0},
    {{"AH AD KS QS JH TC", "9H 8H 7C 6C 5D 4S"}, "2C 3D KH", "", 1},
    {{"AH 2D KS QS JH", "9H 8H 7C 6C 5D", "3C 3S TD TH 4C"}, "8D 7S AC", "", 1},
    {{"AH 2D KS QS JH TC", "9H 8H 7C 6C 5D 4S", "3C 3S TD TH 4C 4H"}, "8D 7S AC 2S", "", 1},
    /* hi/lo: no low possible on this board */
    {{"AH 2D 3S 4C", "KS KD QH JC"}, "KH QS 9D", "", 1},
    {{"AH 2D 3S 4C", "KS KD QH JC"}, "KH QS 9D TC", "", 1},
    /* counterfeited lows: A2 in hand, an ace on board */
    {{"AH 2D KC KS", "AS 3D QC QS"}, "AC 5H 7D", "", 1},
    {{"AH 2D KC KS", "3S 4D QC QS"}, "AC 2S 7D", "", 1},
    {{"AH 2D KC KS", "3S 4D QC QS"}, "AC 2S 7D 8H", "", 1},
    /* quartered lows: the same low for both */
    {{"AH 2D KC KS", "AS 2C QC QD"}, "3H 4S 8D", "", 1},
    /* dead cards */
    {{"AH AD KS QS", "9H 8H 7C 6C"}, "2C 3D 4H", "KH QH JH TH", 0},
    {{"AH AD KS QS", "9H 8H 7C 6C"}, "2C 3D 4H", "5S 5C AC", 1},
    {{"AH 2D KS QS JH", "9H 8H 7C 6C 5D", "3C 4C 5C 6D 7D"}, "8D 7S", "AS 2S", 1},
    /* a river board, many players */
    {{"AH AD KS QS", "9H 8H 7C 6C", "2S 3S 4D 5D", "JD JH TS TC", "KC KH 2H 3H"},
     "TD JS 6H 9S 4C",
     "",
     1},
    {{"AC KC QC JC", "AD KD QD JD"}, "TC TD 9S 2H 2S", "", 0},
    {{"AC KC QC JC", "AD KD QD JD"}, "TC TD 9S 2H", "", 1},
    {{"AC KC 2C 3D", "AD KD 2D 3C"}, "4C 5D 8S", "", 1},
    {{"AC KC 2C 3D", "AD KD 2D 3C"}, "4C 5D", "", 1},
    /* three board cards to come: counted by rank pattern and flush configuration */
    {{"AH AD KS QS", "9H 8H 7C 6C"}, "2C 3D", "5S 5C AC", 1},
    {{"AH KH QS JD", "9H 8H 7C 6C"}, "2H 3H", "", 0},
    {{"AH KD QS JC", "TH 9D 8S 7C"}, "2C 3D", "", 1},               /* nobody holds two of a suit */
    {{"AH AD KS KH", "QC QD JH TS"}, "2C 3C", "KC KD 2D 2H 2S", 1}, /* no king left */
    {{"AH 2D KS QS JH", "9H 8H 7C 6C 5D", "3C 3S TD TH 4C"}, "8D 7S", "", 0},
    {{"AH 2H KS QS JH TC", "9H 8H 7C 6C 5D 4S"}, "2C KH", "", 1},
};

static void run_case(const ref_poker *ref, const eq_case *e) {
    uint64_t holes[HS_OMAHA_MAX_PLAYERS];
    int players = 0;
    while (players < HS_OMAHA_MAX_PLAYERS && e->holes[players]) {
        holes[players] = parse(e->holes[players]);
        players++;
    }
    uint64_t board = parse(e->board), dead = parse(e->dead);
    hs_omaha_equity want, got[2];
    ref_equity(ref, holes, players, board, dead, e->hilo, &want);
    for (int t = 0; t < 2; t++) {
        assert_int_equal(
            hs_omaha_equity_run(holes, players, board, dead, e->hilo, t + 1, NULL, NULL, &got[t]),
            HS_OK);
        if (memcmp(&got[t], &want, sizeof want) != 0) {
            for (int p = 0; p < players; p++)
                print_message(
                    "player %d: got w%llu t%llu l%llu s%llu hi%llu lo%llu, want w%llu "
                    "t%llu l%llu s%llu hi%llu lo%llu\n",
                    p, (unsigned long long)got[t].p[p].wins, (unsigned long long)got[t].p[p].ties,
                    (unsigned long long)got[t].p[p].losses, (unsigned long long)got[t].p[p].scoops,
                    (unsigned long long)got[t].p[p].high_share,
                    (unsigned long long)got[t].p[p].low_share, (unsigned long long)want.p[p].wins,
                    (unsigned long long)want.p[p].ties, (unsigned long long)want.p[p].losses,
                    (unsigned long long)want.p[p].scoops, (unsigned long long)want.p[p].high_share,
                    (unsigned long long)want.p[p].low_share);
            fail_msg("case %s vs %s on '%s' (hilo %d, %d threads): differs from the reference",
                     e->holes[0], e->holes[1], e->board, e->hilo, t + 1);
        }
    }
}

static void test_equity_cases(void **state) {
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        run_case(*state, &CASES[i]);
}

static void test_equity_preflop(void **state) {
    static const eq_case PRE[] = {
        {{"AH AD KS QS", "9H 8H 7C 6C"}, "", "", 0},
        {{"AH 2H 3S KS", "9H 8H 7C 6C"}, "", "", 1},
        {{"AH 2H 3S KS", "9H 8H 7C 6C", "TD JD QC QH"}, "4H", "", 1},
        {{"AS 2S 3C 4C 5D", "KH KD QH JD 9S"}, "7H", "AC 2C", 1},
    };
    for (size_t i = 0; i < sizeof PRE / sizeof PRE[0]; i++)
        run_case(*state, &PRE[i]);
}

static void test_bad_input(void **state) {
    (void)state;
    hs_omaha_equity e;
    uint64_t h[3] = {parse("AH AD KS"), parse("9H 8H 7C 6C"), 0};
    assert_int_equal(hs_omaha_equity_run(h, 2, 0, 0, 0, 1, NULL, NULL, &e), HS_ERR_COUNT);
    h[0] = parse("AH AD KS QS");
    h[1] = parse("9H 8H 7C 6C 5C");
    assert_int_equal(hs_omaha_equity_run(h, 2, 0, 0, 0, 1, NULL, NULL, &e), HS_ERR_COUNT);
    h[1] = parse("9H 8H 7C AH");
    assert_int_equal(hs_omaha_equity_run(h, 2, 0, 0, 0, 1, NULL, NULL, &e), HS_ERR_DUPLICATE);
    h[1] = parse("9H 8H 7C 6C");
    assert_int_equal(hs_omaha_equity_run(h, 2, parse("AH 2C 3C"), 0, 0, 1, NULL, NULL, &e),
                     HS_ERR_DUPLICATE);
    assert_int_equal(hs_omaha_equity_run(h, 1, 0, 0, 0, 1, NULL, NULL, &e), HS_ERR_ARG);
    assert_int_equal(hs_omaha_equity_run(h, 2, parse("2C 3C 4C 5C 6D 7D"), 0, 0, 1, NULL, NULL, &e),
                     HS_ERR_COUNT);
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "unit";
    if (strcmp(mode, "unit") == 0) {
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_low_every_five), cmocka_unit_test(test_omaha_sampled),
            cmocka_unit_test(test_equity_cases), cmocka_unit_test(test_bad_input)};
        return cmocka_run_group_tests(tests, setup, teardown);
    }
    if (strcmp(mode, "exhaustive") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_omaha_every_four_card_hand),
                                           cmocka_unit_test(test_equity_preflop)};
        return cmocka_run_group_tests(tests, setup, teardown);
    }
    fprintf(stderr, "usage: test_omaha unit | exhaustive\n");
    return 2;
}
