/* Fuzz target: hold'em hand, class and board arguments (hs_holdem_hand_parse, hs_cards_parse for
 * --board/--dead). The input is split at the first two '|' into hand 1, hand 2 and a board; when
 * all parse and the board is complete, the equity is computed and checked for consistency. */
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
    int board_cards[5];
    size_t nb = 0;
    if (hs_cards_parse(bar2 + 1, size - (size_t)(bar2 + 1 - text), board_cards, 5, &nb, NULL) !=
            HS_OK ||
        nb != 5)
        return 0;
    uint64_t board = 0;
    for (size_t i = 0; i < nb; i++)
        board |= hs_card_bit(board_cards[i]);
    const uint64_t *ranges[2] = {c1, c2};
    size_t counts[2] = {n1, n2};
    hs_holdem_equity e;
    if (hs_holdem_equity_run(2, ranges, counts, board, 0, 1, NULL, NULL, &e) != HS_OK)
        return 0;
    for (int p = 0; p < 2; p++)
        if (e.player[p].wins + e.player[p].ties + e.player[p].losses != e.deals)
            abort();
    if (e.player[0].shares + e.player[1].shares != e.deals * HS_HOLDEM_SHARE_UNIT)
        abort();
    return 0;
}
