/* Fuzz target: hold'em range, board and dead-card arguments (hs_holdem_range_parse with every
 * notation: @W, Pio's :F, Equilab's brackets, suit filters, "and" and "minus";
 * hs_holdem_range_format; hs_cards_parse for --board/--dead). The input is split at '|' into hand
 * 1, hand 2, a board and optionally dead cards; when all parse and the board is complete (or the
 * dead cards leave too few for any board), the equity is computed and checked for consistency:
 * every deal has one outcome per player and the pot is shared out whole, or no deal is possible
 * (HS_ERR_COUNT). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    const char *bar1 = memchr(text, '|', size);
    const char *bar2 = bar1 ? memchr(bar1 + 1, '|', size - (size_t)(bar1 + 1 - text)) : NULL;
    size_t len1 = bar1 ? (size_t)(bar1 - text) : size;
    /* Each hand is a range; a parsed range holds distinct two-card combinations, its
     * canonical text parses back to the same combinations, and so does its text in each
     * notation (hs_holdem_range_format), with the same weights. */
    static hs_holdem_range r1, r2, again;
    static char canon[HS_HOLDEM_RANGE_TEXT], written[HS_HOLDEM_RANGE_TEXT];
    if (hs_holdem_range_parse(text, len1, &r1, canon, sizeof canon, NULL) != HS_OK)
        return 0;
    if (r1.n < 1 || r1.n > HS_HOLDEM_COMBOS)
        abort();
    uint64_t seen[HS_CARDS] = {0};
    for (size_t i = 0; i < r1.n; i++) {
        const uint64_t m = r1.combo[i];
        if (hs_hand_size(m) != 2 || (m & ~HS_DECK_MASK) || r1.weight[i] < 1 ||
            r1.weight[i] > HS_HOLDEM_WEIGHT_FULL)
            abort();
        const int a = __builtin_ctzll(m), b = 63 - __builtin_clzll(m);
        if (seen[a] >> b & 1)
            abort();
        seen[a] |= UINT64_C(1) << b;
    }
    if (hs_holdem_range_parse(canon, strlen(canon), &again, NULL, 0, NULL) != HS_OK ||
        again.n != r1.n || memcmp(again.combo, r1.combo, r1.n * sizeof r1.combo[0]) != 0 ||
        memcmp(again.weight, r1.weight, r1.n * sizeof r1.weight[0]) != 0)
        abort();
    static uint16_t weight_of[HS_CARDS][HS_CARDS];
    memset(weight_of, 0, sizeof weight_of);
    for (size_t i = 0; i < r1.n; i++)
        weight_of[__builtin_ctzll(r1.combo[i])][63 - __builtin_clzll(r1.combo[i])] = r1.weight[i];
    for (int style = HS_RANGE_HANDSTAT; style <= HS_RANGE_EQUILAB; style++) {
        if (hs_holdem_range_format(&r1, (hs_holdem_range_style)style, written, sizeof written) !=
                HS_OK ||
            hs_holdem_range_parse(written, strlen(written), &again, NULL, 0, NULL) != HS_OK ||
            again.n != r1.n)
            abort();
        for (size_t i = 0; i < again.n; i++)
            if (weight_of[__builtin_ctzll(again.combo[i])][63 - __builtin_clzll(again.combo[i])] !=
                again.weight[i])
                abort();
    }
    if (bar1 == NULL)
        return 0;
    size_t len2 = bar2 ? (size_t)(bar2 - bar1 - 1) : size - len1 - 1;
    if (hs_holdem_range_parse(bar1 + 1, len2, &r2, NULL, 0, NULL) != HS_OK || bar2 == NULL)
        return 0;
    /* equity only for small queries: the fuzzer is after the parsers and the edge cases */
    if (r1.n * r2.n > 64)
        return 0;
    const uint64_t *c1 = r1.combo, *c2 = r2.combo;
    const size_t n1 = r1.n, n2 = r2.n;
    /* the board, then (after a third '|') dead cards */
    const char *rest = bar2 + 1;
    size_t rest_len = size - (size_t)(rest - text);
    const char *bar3 = memchr(rest, '|', rest_len);
    size_t board_len = bar3 ? (size_t)(bar3 - rest) : rest_len;
    int board_cards[5], dead_cards[HS_CARDS];
    size_t nb = 0, nd = 0;
    if (hs_cards_parse(rest, board_len, board_cards, 5, &nb, NULL) != HS_OK)
        return 0;
    if (bar3 != NULL && hs_cards_parse(bar3 + 1, rest_len - board_len - 1, dead_cards, HS_CARDS,
                                       &nd, NULL) != HS_OK)
        return 0;
    uint64_t board = hs_cards_mask(board_cards, nb), dead = hs_cards_mask(dead_cards, nd);
    /* A board of fewer than five cards is enumerated only when few boards remain (the dead cards
     * leave at most a few dozen cards, or too few for any board: the no-deal path); otherwise up
     * to 1.7 M boards per input would slow the fuzzer down. */
    const int left = HS_CARDS - hs_hand_size(board | dead) - 4, need = 5 - (int)nb;
    uint64_t boards = 1;
    for (int i = 0; i < need; i++)
        boards = left - i > 0 ? boards * (uint64_t)(left - i) / (uint64_t)(i + 1) : 0;
    if (boards > 5000)
        return 0;
    const uint64_t *ranges[2] = {c1, c2};
    size_t counts[2] = {n1, n2};
    hs_holdem_equity e;
    int rc = hs_holdem_equity_run(2, ranges, counts, board, dead, 1, NULL, NULL, &e);
    if (rc == HS_ERR_COUNT && left < need)
        return 0; /* as documented: no board can be dealt */
    if (rc != HS_OK)
        return 0;
    if (e.deals == 0)
        abort(); /* a success always counts deals */
    for (int p = 0; p < 2; p++)
        if (e.player[p].wins + e.player[p].ties + e.player[p].losses != e.deals)
            abort();
    if (e.player[0].shares + e.player[1].shares != e.deals * HS_HOLDEM_SHARE_UNIT)
        abort();
    return 0;
}
