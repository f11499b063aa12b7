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
    }
}
