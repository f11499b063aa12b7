/* Test-only: compare the library's equity with the reference on one matchup. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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

static int cards_of(const char *text, int *cards) {
    size_t n = 0;
    if (text == NULL)
        return 0;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 52, &n, NULL), HS_OK);
    return (int)n;
}

void check_holdem_case(const holdem_case *c) {
    /* Each hand is a range (a class or two cards being the smallest ones). */
    static hs_holdem_range range[5];
    static int ref_lists[5][2 * HS_HOLDEM_COMBOS];
    size_t counts[5];
    const uint64_t *ranges[5];
    int ref_counts[5];
    const int *ref_ptrs[5];
    int players = 0;
    for (; c->hands[players] != NULL; players++) {
        const char *h = c->hands[players];
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
    }
    int board[5], dead[52];
    int nb = cards_of(c->board, board), nd = cards_of(c->dead, dead);
    uint64_t board_mask = 0, dead_mask = 0;
    for (int i = 0; i < nb; i++)
        board_mask |= hs_card_bit(board[i]);
    for (int i = 0; i < nd; i++)
        dead_mask |= hs_card_bit(dead[i]);

    ref_holdem_result ref;
    ref_holdem_equity(shared_ref(), players, ref_ptrs, ref_counts, board, nb, dead, nd, &ref);
    for (int threads = 1; threads <= 2; threads++) {
        hs_holdem_equity e;
        assert_int_equal(hs_holdem_equity_run(players, ranges, counts, board_mask, dead_mask,
                                              threads, NULL, NULL, &e),
                         HS_OK);
        print_message("%s vs %s%s: %llu deals\n", c->hands[0], c->hands[1],
                      players > 2 ? " vs ..." : "", (unsigned long long)e.deals);
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
