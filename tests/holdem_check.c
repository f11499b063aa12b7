/* Test-only: compare the library's equity with the reference on one matchup. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "holdem_cases.h"
#include "holdem_internal.h"
#include "holdem_ref.h"

static const ref_holdem *shared_ref(void) {
    static ref_holdem *ref = NULL;
    if (ref == NULL)
        ref = ref_holdem_new();
    return ref;
}

static double seconds(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cards_of(const char *text, int *cards) {
    size_t n = 0;
    if (text == NULL)
        return 0;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 52, &n, NULL), HS_OK);
    return (int)n;
}

void check_holdem_case(const holdem_case *c) {
    /* Each hand is a range (a class or two cards being the smallest ones). */
    enum { MAXP = HOLDEM_CASE_PLAYERS };
    static hs_holdem_range range[MAXP];
    static int ref_lists[MAXP][2 * HS_HOLDEM_COMBOS];
    size_t counts[MAXP];
    const uint64_t *ranges[MAXP];
    int ref_counts[MAXP];
    const int *ref_ptrs[MAXP];
    char name[512] = "";
    int players = 0;
    for (; players < MAXP + 1 && c->hands[players] != NULL; players++) {
        const char *h = c->hands[players];
        assert_true(players < MAXP);
        assert_int_equal(hs_holdem_range_parse(h, strlen(h), &range[players], NULL, 0, NULL),
                         HS_OK);
        counts[players] = range[players].n;
        ranges[players] = range[players].combo;
        ref_counts[players] = (int)counts[players];
        for (size_t i = 0; i < counts[players]; i++) {
            uint64_t m = range[players].combo[i];
            ref_lists[players][2 * i] = __builtin_ctzll(m);
            ref_lists[players][2 * i + 1] = 63 - __builtin_clzll(m);
        }
        ref_ptrs[players] = ref_lists[players];
        size_t used = strlen(name);
        snprintf(name + used, sizeof name - used, "%s%s", players > 0 ? " vs " : "", h);
    }
    assert_true(players >= 2);
    int board[5], dead[52];
    int nb = cards_of(c->board, board), nd = cards_of(c->dead, dead);
    uint64_t board_mask = 0, dead_mask = 0;
    for (int i = 0; i < nb; i++)
        board_mask |= hs_card_bit(board[i]);
    for (int i = 0; i < nd; i++)
        dead_mask |= hs_card_bit(dead[i]);

    ref_holdem_result ref;
    double t0 = seconds();
    ref_holdem_equity(shared_ref(), players, ref_ptrs, ref_counts, board, nb, dead, nd, &ref);
    double t_ref = seconds() - t0;
    if (ref.deals == 0)
        fail_msg("%s: no deal is possible (a case for the HS_ERR_COUNT tests)", name);
    /* the reference's own books balance: every deal is a win, tie or loss, one pot shared */
    uint64_t pot = 0;
    for (int p = 0; p < players; p++) {
        assert_int_equal(ref.wins[p] + ref.ties[p] + ref.losses[p], ref.deals);
        pot += ref.shares[p];
    }
    assert_int_equal(pot, ref.deals * HS_HOLDEM_SHARE_UNIT);
    for (int threads = 1; threads <= 2; threads++) {
        hs_holdem_equity e;
        t0 = seconds();
        assert_int_equal(hs_holdem_equity_run(players, ranges, counts, board_mask, dead_mask,
                                              threads, NULL, NULL, &e),
                         HS_OK);
        double t_lib = seconds() - t0;
        print_message("%s | board %s | dead %s | %d thread%s: %llu deals (reference %.3f s, "
                      "library %.3f s)\n",
                      name, c->board ? c->board : "-", c->dead ? c->dead : "-", threads,
                      threads > 1 ? "s" : "", (unsigned long long)e.deals, t_ref, t_lib);
        assert_int_equal(e.players, players);
        assert_int_equal(e.deals, ref.deals);
        for (int p = 0; p < players; p++) {
            assert_int_equal(e.player[p].wins, ref.wins[p]);
            assert_int_equal(e.player[p].ties, ref.ties[p]);
            assert_int_equal(e.player[p].losses, ref.losses[p]);
            assert_int_equal(e.player[p].shares, ref.shares[p]);
        }
        /* the same counts through the ranges interface, in 128 bits, each way of the engine */
        const hs_holdem_range *rp[MAXP];
        for (int p = 0; p < players; p++)
            rp[p] = &range[p];
        for (int way = EQ_TUPLES; way <= (nb >= 3 ? EQ_BOARDS : EQ_TUPLES); way++) {
            hs_holdem_equity_exact x;
            assert_int_equal(hs_holdem_equity_ranges_way(way, players, rp, board_mask, dead_mask,
                                                         threads, NULL, NULL, &x),
                             HS_OK);
            assert_true(x.deals == ref.deals);
            for (int p = 0; p < players; p++)
                assert_true(x.player[p].wins == ref.wins[p] && x.player[p].ties == ref.ties[p] &&
                            x.player[p].losses == ref.losses[p] &&
                            x.player[p].shares == ref.shares[p]);
        }
    }
}

static unsigned gcd_of(unsigned a, unsigned b) {
    return b == 0 ? a : gcd_of(b, a % b);
}

/* The weighted reference: every choice of one combination per player, each run through the plain
 * reference alone and counted with the product of its weights (each range's divided by their
 * gcd). */
typedef struct weighted_ref {
    int players;
    const hs_holdem_range *range;
    const unsigned *g;
    const int *board, *dead;
    int nb, nd;
    hs_uint128 deals, wins[HOLDEM_CASE_PLAYERS], ties[HOLDEM_CASE_PLAYERS],
        losses[HOLDEM_CASE_PLAYERS], shares[HOLDEM_CASE_PLAYERS];
    int pair[HOLDEM_CASE_PLAYERS][2];
} weighted_ref;

static void weighted_walk(weighted_ref *w, int p, uint64_t weight) {
    if (p == w->players) {
        const int *ptrs[HOLDEM_CASE_PLAYERS];
        int ones[HOLDEM_CASE_PLAYERS];
        for (int q = 0; q < w->players; q++) {
            ptrs[q] = w->pair[q];
            ones[q] = 1;
        }
        ref_holdem_result r;
        ref_holdem_equity(shared_ref(), w->players, ptrs, ones, w->board, w->nb, w->dead, w->nd,
                          &r);
        w->deals += (hs_uint128)r.deals * weight;
        for (int q = 0; q < w->players; q++) {
            w->wins[q] += (hs_uint128)r.wins[q] * weight;
            w->ties[q] += (hs_uint128)r.ties[q] * weight;
            w->losses[q] += (hs_uint128)r.losses[q] * weight;
            w->shares[q] += (hs_uint128)r.shares[q] * weight;
        }
        return;
    }
    for (size_t i = 0; i < w->range[p].n; i++) {
        uint64_t m = w->range[p].combo[i];
        w->pair[p][0] = __builtin_ctzll(m);
        w->pair[p][1] = 63 - __builtin_clzll(m);
        weighted_walk(w, p + 1, weight * (w->range[p].weight[i] / w->g[p]));
    }
}

void check_weighted_case(const holdem_case *c) {
    enum { MAXP = HOLDEM_CASE_PLAYERS };
    static hs_holdem_range range[MAXP];
    unsigned g[MAXP];
    int players = 0;
    for (; players < MAXP && c->hands[players] != NULL; players++) {
        const char *h = c->hands[players];
        assert_int_equal(hs_holdem_range_parse(h, strlen(h), &range[players], NULL, 0, NULL),
                         HS_OK);
        g[players] = 0;
        for (size_t i = 0; i < range[players].n; i++)
            g[players] = gcd_of(range[players].weight[i], g[players]);
    }
    int board[5], dead[52];
    weighted_ref w = {0};
    w.players = players;
    w.range = range;
    w.g = g;
    w.board = board;
    w.dead = dead;
    w.nb = cards_of(c->board, board);
    w.nd = cards_of(c->dead, dead);
    weighted_walk(&w, 0, 1);
    assert_true(w.deals > 0);
    const hs_holdem_range *rp[MAXP];
    for (int p = 0; p < players; p++)
        rp[p] = &range[p];
    for (int run = 0; run < 4; run++) {
        const int threads = 1 + run % 2, way = run < 2 ? EQ_TUPLES : EQ_BOARDS;
        if (way == EQ_BOARDS && w.nb < 3)
            break;
        hs_holdem_equity_exact x;
        assert_int_equal(
            hs_holdem_equity_ranges_way(way, players, rp, hs_cards_mask(board, (size_t)w.nb),
                                        hs_cards_mask(dead, (size_t)w.nd), threads, NULL, NULL, &x),
            HS_OK);
        print_message("%s vs %s%s (weighted) | board %s: %llu weighted deals\n", c->hands[0],
                      c->hands[1], players > 2 ? " vs ..." : "", c->board ? c->board : "-",
                      (unsigned long long)x.deals);
        assert_int_equal(x.players, players);
        assert_true(x.deals == w.deals);
        for (int p = 0; p < players; p++) {
            assert_true(x.player[p].wins == w.wins[p]);
            assert_true(x.player[p].ties == w.ties[p]);
            assert_true(x.player[p].losses == w.losses[p]);
            assert_true(x.player[p].shares == w.shares[p]);
        }
    }
}
