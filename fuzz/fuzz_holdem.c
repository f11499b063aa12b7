/* Fuzz target: hold'em hand, class, board and dead-card arguments (hs_holdem_hand_parse,
 * hs_cards_parse for --board/--dead). The input is split at '|' into hand 1, hand 2, a board and
 * optionally dead cards; when all parse and the board is complete (or the dead cards leave too
 * few for any board), the equity is computed and checked for consistency: every deal has one
 * outcome per player and the pot is shared out whole, or no deal is possible (HS_ERR_COUNT). */
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
    uint64_t c1[12], c2[12];
    size_t n1 = 0, n2 = 0;
    if (hs_holdem_hand_parse(text, len1, c1, &n1, NULL) != HS_OK || bar1 == NULL)
        return 0;
    if (n1 < 1 || n1 > 12)
        abort();
    for (size_t i = 0; i < n1; i++)
        if (hs_hand_size(c1[i]) != 2 || (c1[i] & ~HS_DECK_MASK))
            abort();
    size_t len2 = bar2 ? (size_t)(bar2 - bar1 - 1) : size - len1 - 1;
    if (hs_holdem_hand_parse(bar1 + 1, len2, c2, &n2, NULL) != HS_OK || bar2 == NULL)
        return 0;
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
