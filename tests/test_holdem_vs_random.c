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
#include "poker_ref.h"

static uint64_t cards_mask(const char *text) {
    int cards[HS_CARDS];
    size_t n;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, HS_CARDS, &n, NULL), HS_OK);
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

/* ---- small decks: every deal by brute force ------------------------------------------------
 * Plain loops over every deal of a 16-card deck (the hero's combination, the opponents' hands
 * seat by seat, the board), each hand ranked by the reference ranker of poker_ref.c; nothing of
 * the library but the card numbering (suit * 13 + rank, ace 0) and, to find the table's row, the
 * class's number. */

static ref_poker ref;

typedef struct brute_row {
    uint64_t wins, ties, losses;
    hs_uint128 shares; /* units of 1/HS_HOLDEM_SHARE_UNIT */
} brute_row;

/* The best (lowest) reference class of two hole cards and five board cards. */
static int ref_seven(int c1, int c2, const int board[5]) {
    int seven[7] = {c1, c2, board[0], board[1], board[2], board[3], board[4]};
    return ref_poker_best(&ref, seven, 7);
}

/* One deal: `better` opponents beat the hero (a loss), else `equal` share the pot with him. */
static void tally(brute_row *r, int better, int equal) {
    if (better > 0)
        r->losses++;
    else if (equal > 0)
        r->ties++, r->shares += HS_HOLDEM_SHARE_UNIT / (equal + 1);
    else
        r->wins++, r->shares += HS_HOLDEM_SHARE_UNIT;
}

/* Every deal for hero hands of ranks r1, r2 (0 = ace .. 12 = king; suited or offsuit when they
 * differ) from the deck's n cards, against 1, 2 and 3 opponents: out[k - 1]. */
static void brute_force(const int *deck, int n, int r1, int r2, int suited, brute_row out[3]) {
    memset(out, 0, 3 * sizeof *out);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            const int h1 = deck[i], h2 = deck[j];
            const int ra = h1 % 13, rb = h2 % 13, same_suit = h1 / 13 == h2 / 13;
            if (!((ra == r1 && rb == r2) || (ra == r2 && rb == r1)))
                continue;
            if (r1 != r2 && same_suit != suited)
                continue;
            int rest[HS_CARDS], m = 0; /* the cards left after the hero's */
            for (int k = 0; k < n; k++)
                if (k != i && k != j)
                    rest[m++] = deck[k];
            /* Every board of five of them, then the opponents' hands from the cards left. */
            int b[5];
            for (b[0] = 0; b[0] < m; b[0]++)
                for (b[1] = b[0] + 1; b[1] < m; b[1]++)
                    for (b[2] = b[1] + 1; b[2] < m; b[2]++)
                        for (b[3] = b[2] + 1; b[3] < m; b[3]++)
                            for (b[4] = b[3] + 1; b[4] < m; b[4]++) {
                                int board[5], left[HS_CARDS], nl = 0;
                                for (int k = 0; k < 5; k++)
                                    board[k] = rest[b[k]];
                                for (int k = 0; k < m; k++)
                                    if (k != b[0] && k != b[1] && k != b[2] && k != b[3] &&
                                        k != b[4])
                                        left[nl++] = rest[k];
                                const int hero = ref_seven(h1, h2, board);
                                /* Each two of the cards left, ranked with the board. */
                                int hr[64], nh = 0;
                                uint64_t hm[64]; /* the hand's two cards as a mask */
                                for (int u = 0; u < nl; u++)
                                    for (int v = u + 1; v < nl; v++) {
                                        hm[nh] =
                                            (UINT64_C(1) << left[u]) | (UINT64_C(1) << left[v]);
                                        hr[nh++] = ref_seven(left[u], left[v], board);
                                    }
                                /* Seat by seat: the opponents' hands pairwise disjoint. The hero
                                 * loses to any better hand, else splits with the equal ones. */
                                for (int o1 = 0; o1 < nh; o1++) {
                                    tally(&out[0], hr[o1] < hero, hr[o1] == hero);
                                    for (int o2 = 0; o2 < nh; o2++) {
                                        if (hm[o2] & hm[o1])
                                            continue;
                                        const int better2 = (hr[o1] < hero) + (hr[o2] < hero);
                                        const int equal2 = (hr[o1] == hero) + (hr[o2] == hero);
                                        tally(&out[1], better2, equal2);
                                        for (int o3 = 0; o3 < nh; o3++)
                                            if ((hm[o3] & (hm[o1] | hm[o2])) == 0)
                                                tally(&out[2], better2 + (hr[o3] < hero),
                                                      equal2 + (hr[o3] == hero));
                                    }
                                }
                            }
        }
}

/* Two 16-card decks: ranks 5-7 of every suit and the hearts 3, 4, 8, 9 (flushes, straight
 * flushes, quads, straights); the four aces, two kings and spades down to the wheel. */
static const char *const DECKS[] = {
    "5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s 3h 4h 8h 9h",
    "Ac Ad Ah As Kh Ks Qs Js Ts 2s 3s 4s 5s 2h 3h 9d",
};
/* Classes of each deck: the ranks (ace 0 .. king 12) and suitedness, and the class's name. */
typedef struct deck_class {
    int deck, r1, r2, suited;
    const char *name;
} deck_class;
static const deck_class DECK_CLASSES[] = {
    {0, 4, 4, 0, "55"},  {0, 6, 5, 1, "76s"}, {0, 6, 4, 0, "75o"},  {0, 7, 6, 0, "87o"},
    {0, 8, 7, 1, "98s"}, {1, 0, 0, 0, "AA"},  {1, 0, 12, 1, "AKs"}, {1, 0, 12, 0, "AKo"},
    {1, 2, 1, 1, "32s"}, {1, 0, 1, 0, "A2o"},
};

static int class_number(const char *name) {
    int cls, n;
    assert_int_equal(hs_holdem_classes_parse(name, strlen(name), &cls, &n, NULL), HS_OK);
    return cls;
}

/* Against the brute force, 1 to 3 opponents: ten classes on two decks; every row's deals are
 * wins + ties + losses = hs_holdem_vs_random_deck_deals. Its own ctest entry (--brute): some
 * seconds. */
static void test_small_decks_brute_force(void **state) {
    (void)state;
    ref_poker_init(&ref);
    hs_holdem_vs_random_counts *c[2];
    int cards[2][HS_CARDS], n[2];
    for (int d = 0; d < 2; d++) {
        const uint64_t live = cards_mask(DECKS[d]);
        n[d] = 0;
        for (int k = 0; k < HS_CARDS; k++)
            if (live >> k & 1)
                cards[d][n[d]++] = k;
        c[d] = calloc(1, sizeof *c[d]);
        assert_int_equal(hs_holdem_vs_random_deck(table, live, 3, c[d]), HS_OK);
        for (int x = 0; x < HS_HOLDEM_CLASSES; x++) {
            for (int k = 0; k < 2; k++) {
                const hs_holdem_player *p = &c[d]->vs[x][k];
                assert_int_equal(p->wins + p->ties + p->losses,
                                 hs_holdem_vs_random_deck_deals(x, k + 1, live));
            }
            const hs_holdem_vs_random_row *r = &c[d]->vs3[x];
            assert_int_equal(r->wins + r->ties + r->losses,
                             hs_holdem_vs_random_deck_deals(x, 3, live));
        }
    }
    for (size_t i = 0; i < sizeof DECK_CLASSES / sizeof DECK_CLASSES[0]; i++) {
        const deck_class *dc = &DECK_CLASSES[i];
        brute_row b[3];
        brute_force(cards[dc->deck], n[dc->deck], dc->r1, dc->r2, dc->suited, b);
        const int x = class_number(dc->name);
        const hs_holdem_vs_random_counts *t = c[dc->deck];
        assert_true(b[2].wins + b[2].ties + b[2].losses > 0);
        for (int k = 0; k < 2; k++) {
            assert_int_equal(t->vs[x][k].wins, b[k].wins);
            assert_int_equal(t->vs[x][k].ties, b[k].ties);
            assert_int_equal(t->vs[x][k].losses, b[k].losses);
            assert_true(t->vs[x][k].shares == b[k].shares);
        }
        const hs_holdem_vs_random_row *r = &t->vs3[x];
        if (r->wins != b[2].wins || r->ties != b[2].ties || r->losses != b[2].losses ||
            r->shares != b[2].shares)
            fail_msg("%s vs 3 on deck %d: table %llu %llu %llu, brute force %llu %llu %llu",
                     dc->name, dc->deck, (unsigned long long)r->wins, (unsigned long long)r->ties,
                     (unsigned long long)r->losses, (unsigned long long)b[2].wins,
                     (unsigned long long)b[2].ties, (unsigned long long)b[2].losses);
        print_message("%s on deck %d vs 3: %llu wins %llu ties %llu losses\n", dc->name, dc->deck,
                      (unsigned long long)r->wins, (unsigned long long)r->ties,
                      (unsigned long long)r->losses);
    }
    free(c[0]);
    free(c[1]);
}

/* Against the exact equity engine (itself checked against a brute force elsewhere; its own ctest
 * entry, --engine, label exhaustive: half a minute of CPU): the class
 * against one, two and three ranges of every hand of a 16-card deck (what "random" is with the
 * other cards dead; test_cli_holdem runs `holdem equity AA random random random --dead`). */
static void test_small_deck_engine(void **state) {
    (void)state;
    const uint64_t live = cards_mask("Ac Ad Ah As Kc Kd Qh Qs Jh Th 9h 8h 2c 3c 4d 5s");
    hs_holdem_vs_random_counts *c = calloc(1, sizeof *c);
    assert_int_equal(hs_holdem_vs_random_deck(table, live, 3, c), HS_OK);
    uint64_t deck_hands[HS_HOLDEM_COMBOS];
    size_t n_deck = 0;
    for (size_t i = 0; i < HS_HOLDEM_COMBOS; i++)
        if ((all_hands[i] & ~live) == 0)
            deck_hands[n_deck++] = all_hands[i];
    const char *const classes[] = {"KQo"}; /* (AA: test_cli_holdem --vs-random-equity) */
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++) {
        const int x = class_number(classes[i]);
        uint64_t hero[12];
        const size_t n = (size_t)hs_holdem_class_hands(x, hero);
        const uint64_t *ranges[4] = {hero, deck_hands, deck_hands, deck_hands};
        const size_t counts[4] = {n, n_deck, n_deck, n_deck};
        for (int k = 1; k <= 3; k++) {
            hs_holdem_equity e;
            assert_int_equal(hs_holdem_equity_run(k + 1, ranges, counts, 0, HS_DECK_MASK & ~live, 0,
                                                  NULL, NULL, &e),
                             HS_OK);
            const hs_holdem_player *p = &e.player[0];
            assert_int_equal(e.deals, hs_holdem_vs_random_deck_deals(x, k, live));
            if (k <= 2) {
                assert_row_equal(&c->vs[x][k - 1], &e, x, k);
                continue;
            }
            const hs_holdem_vs_random_row *r = &c->vs3[x];
            assert_int_equal(r->wins, p->wins);
            assert_int_equal(r->ties, p->ties);
            assert_int_equal(r->losses, p->losses);
            assert_true(r->shares == p->shares);
            print_message("%s vs 3 random on 16 cards: %llu/%llu of the pots (engine the same)\n",
                          classes[i], (unsigned long long)p->shares,
                          (unsigned long long)(e.deals * HS_HOLDEM_SHARE_UNIT));
        }
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
    if (argc > 1 && strcmp(argv[1], "--brute") == 0) {
        const struct CMUnitTest brute[] = {cmocka_unit_test(test_small_decks_brute_force)};
        return cmocka_run_group_tests(brute, setup, teardown);
    }
    if (argc > 1 && strcmp(argv[1], "--engine") == 0) {
        const struct CMUnitTest engine[] = {cmocka_unit_test(test_small_deck_engine)};
        return cmocka_run_group_tests(engine, setup, teardown);
    }
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
