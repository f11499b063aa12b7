/* Fuzz target: card text parsing (hs_cards_parse, hs_card_parse, hs_rank_parse). Checks that
 * every accepted card is valid and distinct, and that errors point inside the input. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "handstat/handstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    int cards[64];
    size_t n = 0;
    hs_parse_error err;
    int rc = hs_cards_parse(text, size, cards, 64, &n, &err);
    if (n > 64)
        abort();
    uint64_t seen = 0;
    for (size_t i = 0; i < n; i++) {
        if (cards[i] < 0 || cards[i] >= HS_CARDS || (seen & hs_card_bit(cards[i])))
            abort();
        seen |= hs_card_bit(cards[i]);
        char name[3];
        hs_card_format(cards[i], name);
        int back;
        if (hs_card_parse(name, 2, &back) != HS_OK || back != cards[i])
            abort();
    }
    if (rc != HS_OK && (err.offset > size || err.length > size - err.offset))
        abort();
    int card, rank;
    if (hs_card_parse(text, size, &card) == HS_OK && (card < 0 || card >= HS_CARDS))
        abort();
    if (hs_rank_parse(text, size, &rank) == HS_OK && (rank < 0 || rank >= HS_RANKS))
        abort();
    char buf[200];
    hs_hand_format(seen, buf, sizeof buf);
    return 0;
}
