/* Each class against one and two random hands: single boards against the exact equity engine
 * (itself tested against the brute-force reference) and the invariants of one board; with
 * --full, the whole table (label exhaustive): its invariants, the published AA figure, and
 * rows against the engine's preflop counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "holdem_internal.h"

static uint64_t cards_mask(const char *text) {
    int cards[8];
    size_t n;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 8, &n, NULL), HS_OK);
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++)
        m |= hs_card_bit(cards[i]);
    return m;
}

static hs_holdem_preflop *table;
static uint64_t all_hands[HS_HOLDEM_COMBOS];

static int setup(void **state) {
    (void)state;
    size_t k = 0;
    for (int a = 0; a < HS_CARDS; a++)
        for (int b = a + 1; b < HS_CARDS; b++)
            all_hands[k++] = hs_card_bit(a) | hs_card_bit(b);
    return hs_holdem_preflop_new(&table) == HS_OK ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    hs_holdem_preflop_free(table);
    return 0;
}

/* The engine's counts for the hero's class against `opponents` random hands. */
static void engine_row(int cls, int opponents, uint64_t board, hs_holdem_equity *e) {
    uint64_t hero[12];
    size_t n = (size_t)hs_holdem_class_hands(cls, hero);
    const uint64_t *ranges[3] = {hero, all_hands, all_hands};
    const size_t counts[3] = {n, HS_HOLDEM_COMBOS, HS_HOLDEM_COMBOS};
    assert_int_equal(
        hs_holdem_equity_run(opponents + 1, ranges, counts, board, 0, 0, NULL, NULL, e), HS_OK);
}

static void assert_row_equal(const hs_holdem_player *mine, const hs_holdem_equity *e, int cls,
                             int opponents) {
    char name[4];
    hs_holdem_class_name(cls, name);
    const hs_holdem_player *p = &e->player[0];
    if (mine->wins != p->wins || mine->ties != p->ties || mine->losses != p->losses ||
        mine->shares != p->shares)
        fail_msg("%s vs %d: table %llu %llu %llu %llu, engine %llu %llu %llu %llu", name, opponents,
                 (unsigned long long)mine->wins, (unsigned long long)mine->ties,
                 (unsigned long long)mine->losses, (unsigned long long)mine->shares,
                 (unsigned long long)p->wins, (unsigned long long)p->ties,
                 (unsigned long long)p->losses, (unsigned long long)p->shares);
}

static void test_deals(void **state) {
    (void)state;
    assert_int_equal(hs_holdem_vs_random_deals(0, 1), UINT64_C(6) * 1225 * 1712304);
    assert_int_equal(hs_holdem_vs_random_deals(1, 2), UINT64_C(4) * 1225 * 1128 * 1370754);
    assert_int_equal(hs_holdem_vs_random_deals(13, 2), UINT64_C(12) * 1894107877200);
    assert_int_equal(hs_holdem_vs_random_deals(-1, 1), 0);
    assert_int_equal(hs_holdem_vs_random_deals(169, 1), 0);
    assert_int_equal(hs_holdem_vs_random_deals(0, 3), UINT64_C(6) * 1553168459304000);
    assert_int_equal(hs_holdem_vs_random_deals(0, 4), 0);
    assert_int_equal(hs_holdem_vs_random_deals(0, 0), 0);
    hs_holdem_vs_random_counts *c = calloc(1, sizeof *c);
    assert_int_equal(hs_holdem_vs_random_board(table, cards_mask("2c 3c 4c 5c"), c), HS_ERR_ARG);
    assert_int_equal(hs_holdem_vs_random_board(table, cards_mask("2c 3c 4c 5c 6c 7c"), c),
                     HS_ERR_ARG);
    assert_int_equal(hs_holdem_vs_random_run(table, 2, 1, 1, NULL, NULL, c), HS_ERR_ARG);
    free(c);
}

/* Boards that play, quads, full houses, straights, flushes, paired and dry ones. */
static const char *const BOARDS[] = {
    "Ac Kc Qc Jc Tc", "2c 7d 9h Js Kc", "5h 6h 7h 8d 9s", "2c 2d 2h 3s 3c", "As Ad Kh Kd 7c",
    "4s 5s 6s 7s 9d", "Ah Ad Ac As 2d", "Td Jd 2s 3h 4c", "Ac 2d 3h 4s 9c",
};
#define N_BOARDS (sizeof BOARDS / sizeof BOARDS[0])

/* One opponent: every class on every board; two: ten classes per board (three players through
 * the engine cost about 10 ms a class). Also per board: every hero combination avoiding it, and
 * a suit permutation of the board gives the same table. */
static void test_boards_match_engine(void **state) {
    (void)state;
    hs_holdem_vs_random_counts *c = calloc(1, sizeof *c), *perm = calloc(1, sizeof *perm);
    for (size_t i = 0; i < N_BOARDS; i++) {
        const uint64_t board = cards_mask(BOARDS[i]);
        memset(c, 0, sizeof *c);
        assert_int_equal(hs_holdem_vs_random_board(table, board, c), HS_OK);
        assert_int_equal(c->units_done, 0);
        for (int x = 0; x < HS_HOLDEM_CLASSES; x++) {
            uint64_t hero[12];
            int n = hs_holdem_class_hands(x, hero);
            uint64_t free_combos = 0;
            for (int k = 0; k < n; k++)
                free_combos += (hero[k] & board) == 0;
            const hs_holdem_player *one = &c->vs[x][0], *two = &c->vs[x][1];
            assert_int_equal(one->wins + one->ties + one->losses, free_combos * 990);
            assert_int_equal(two->wins + two->ties + two->losses, free_combos * 990 * 903);
            if (free_combos == 0)
                continue;
            hs_holdem_equity e;
            engine_row(x, 1, board, &e);
            assert_row_equal(one, &e, x, 1);
            if ((x + 7 * (int)i) % 17 == 0 || x == 0 || x == 167) { /* AA, 32o and 8-9 more */
                engine_row(x, 2, board, &e);
                assert_row_equal(two, &e, x, 2);
            }
        }
        /* Clubs <-> spades, diamonds -> hearts -> diamonds: the same counts by class. */
        uint64_t image = 0;
        for (int card = 0; card < HS_CARDS; card++)
            if (board & hs_card_bit(card)) {
                static const int to[4] = {3, 2, 1, 0};
                image |= hs_card_bit(hs_card(hs_card_rank(card), to[hs_card_suit(card)]));
            }
        memset(perm, 0, sizeof *perm);
        assert_int_equal(hs_holdem_vs_random_board(table, image, perm), HS_OK);
        assert_memory_equal(perm, c, sizeof *c);
    }
    free(c);
    free(perm);
}

/* On any one board the hero's seat is like every other: over all classes the hero wins as often
 * as he loses heads-up, and takes 1/2, 1/3 and 1/4 of the pots. */
static void test_board_totals(void **state) {
    (void)state;
    hs_holdem_vs_random_counts *c = calloc(1, sizeof *c);
    for (size_t i = 0; i < N_BOARDS; i++) {
        memset(c, 0, sizeof *c);
        assert_int_equal(hs_holdem_vs_random_board(table, cards_mask(BOARDS[i]), c), HS_OK);
        uint64_t wins = 0, losses = 0, deals[2] = {0, 0}, shares[2] = {0, 0}, deals3 = 0;
        hs_uint128 shares3 = 0;
        for (int x = 0; x < HS_HOLDEM_CLASSES; x++)
            for (int k = 0; k < 2; k++) {
                const hs_holdem_player *p = &c->vs[x][k];
                deals[k] += p->wins + p->ties + p->losses;
                shares[k] += p->shares;
                wins += k == 0 ? p->wins : 0;
                losses += k == 0 ? p->losses : 0;
            }
        for (int x = 0; x < HS_HOLDEM_CLASSES; x++) {
            const hs_holdem_vs_random_row *r = &c->vs3[x];
            deals3 += r->wins + r->ties + r->losses;
            shares3 += r->shares;
            assert_true(r->shares <= (hs_uint128)HS_HOLDEM_SHARE_UNIT * r->wins +
                                         (hs_uint128)HS_HOLDEM_SHARE_UNIT / 2 * r->ties);
            assert_true(r->shares >= (hs_uint128)HS_HOLDEM_SHARE_UNIT * r->wins +
                                         (hs_uint128)HS_HOLDEM_SHARE_UNIT / 4 * r->ties);
        }
        assert_int_equal(deals[0], UINT64_C(1081) * 990);
        assert_int_equal(deals[1], UINT64_C(1081) * 990 * 903);
        assert_int_equal(wins, losses);
        assert_int_equal(shares[0], deals[0] * HS_HOLDEM_SHARE_UNIT / 2);
        assert_int_equal(shares[1], deals[1] * HS_HOLDEM_SHARE_UNIT / 3);
        assert_int_equal(deals3, UINT64_C(1081) * 990 * 903 * 820);
        assert_true(shares3 == (hs_uint128)deals3 * (HS_HOLDEM_SHARE_UNIT / 4));
    }
    free(c);
}

/* ---- --full: the whole table ------------------------------------------------------------- */

static uint64_t gcd(uint64_t a, uint64_t b) {
    while (b != 0) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

static void test_full_table(void **state) {
    (void)state;
    hs_holdem_vs_random_counts *full = calloc(1, sizeof *full);
    const size_t units = hs_holdem_preflop_units(table);
    /* The job checks its invariants once every unit is in (else HS_ERR_CORRUPT). */
    assert_int_equal(hs_holdem_vs_random_run(table, 0, units, 0, NULL, NULL, full), HS_OK);
    assert_int_equal(full->units_done, units);
    uint64_t deals[2] = {0, 0};
    for (int x = 0; x < HS_HOLDEM_CLASSES; x++)
        for (int k = 0; k < 2; k++) {
            const hs_holdem_player *p = &full->vs[x][k];
            assert_int_equal(p->wins + p->ties + p->losses, hs_holdem_vs_random_deals(x, k + 1));
            deals[k] += p->wins + p->ties + p->losses;
        }
    assert_int_equal(deals[0], UINT64_C(1326) * 1225 * 1712304);
    assert_int_equal(deals[1], UINT64_C(1326) * 1225 * 1128 * 1370754);

    /* AA against one random hand: 0.8520371, exactly 893604787/1048786200. */
    const hs_holdem_player *aa = &full->vs[0][0];
    const uint64_t den = hs_holdem_vs_random_deals(0, 1) * HS_HOLDEM_SHARE_UNIT;
    const uint64_t g = gcd(aa->shares, den);
    assert_int_equal(aa->shares / g, 893604787);
    assert_int_equal(den / g, 1048786200);
    print_message("AA vs 2 random: %.10f\n",
                  (double)full->vs[0][1].shares /
                      ((double)hs_holdem_vs_random_deals(0, 2) * HS_HOLDEM_SHARE_UNIT));

    /* Whole rows against one opponent from the engine's preflop enumeration. */
    const char *const classes[] = {"AA", "72o", "AKs", "22", "T9s"};
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++) {
        uint64_t combos[12];
        size_t n;
        assert_int_equal(hs_holdem_hand_parse(classes[i], strlen(classes[i]), combos, &n, NULL),
                         HS_OK);
        const int x = hs_holdem_class(combos[0]);
        hs_holdem_equity e;
        engine_row(x, 1, 0, &e);
        assert_int_equal(e.deals, hs_holdem_vs_random_deals(x, 1));
        assert_row_equal(&full->vs[x][0], &e, x, 1);
    }

    /* The order of the top-percent range items ("15%") is this table's, best first: each class's
     * equity against one random hand is above the next one's (compared exactly). */
    const uint8_t *order = hs_holdem_classes_by_equity();
    uint8_t seen[HS_HOLDEM_CLASSES] = {0};
    for (int i = 0; i < HS_HOLDEM_CLASSES; i++) {
        assert_false(seen[order[i]]);
        seen[order[i]] = 1;
        if (i == 0)
            continue;
        const int a = order[i - 1], b = order[i];
        const unsigned __int128 lhs = (unsigned __int128)full->vs[a][0].shares *
                                      hs_holdem_vs_random_deals(b, 1),
                                rhs = (unsigned __int128)full->vs[b][0].shares *
                                      hs_holdem_vs_random_deals(a, 1);
        if (!(lhs > rhs))
            fail_msg("class %d is listed before class %d but its equity is not higher", a, b);
    }

    /* Units split in two runs at different thread counts merge into the same table. */
    hs_holdem_vs_random_counts *split = calloc(1, sizeof *split);
    assert_int_equal(hs_holdem_vs_random_run(table, units / 3, units, 1, NULL, NULL, split), HS_OK);
    assert_int_equal(hs_holdem_vs_random_run(table, 0, units / 3, 2, NULL, NULL, split), HS_OK);
    assert_memory_equal(split, full, sizeof *split);
    free(split);
    free(full);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--full") == 0) {
        const struct CMUnitTest full[] = {cmocka_unit_test(test_full_table)};
        return cmocka_run_group_tests(full, setup, teardown);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deals),
        cmocka_unit_test(test_boards_match_engine),
        cmocka_unit_test(test_board_totals),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
