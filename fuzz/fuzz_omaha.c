/* Fuzz target: Omaha range text (hs_omaha_matcher_new, hs_omaha_range_parse) and range equity.
 * The input's first byte picks the hand size (4, 5 or 6); the rest is split at '|' into range 1,
 * range 2 and a board. A compiled range answers a weight 0..100 for sampled hands; with a second
 * range and a board of three or four cards (four-card hands), small queries are counted exactly
 * and checked: every deal has one outcome per player, the pot is shared out whole (the library's
 * own check, HS_ERR_CORRUPT), and an estimate of the same query runs. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1)
        return 0;
    const int cards = 4 + data[0] % 3;
    const char *text = (const char *)data + 1;
    size--;
    const char *bar1 = memchr(text, '|', size);
    const size_t len1 = bar1 ? (size_t)(bar1 - text) : size;
    hs_omaha_matcher *m;
    hs_parse_error err;
    char why[128];
    int rc = hs_omaha_matcher_new(text, len1, cards, &m, &err, why, sizeof why);
    if (rc != HS_OK) {
        if (m != NULL || err.offset > len1 || err.offset + err.length > len1 || why[0] == '\0')
            abort();
        return 0;
    }
    uint64_t s = 0x9E3779B97F4A7C15u ^ size;
    for (int i = 0; i < 500; i++) {
        uint64_t hand = 0;
        while (hs_hand_size(hand) < cards) {
            s = s * 6364136223846793005u + 1442695040888963407u;
            hand |= UINT64_C(1) << ((s >> 33) % 52);
        }
        const int w = hs_omaha_matcher_weight(m, hand);
        if (w < 0 || w > 100)
            abort();
    }
    hs_omaha_matcher_free(m);
    if (bar1 == NULL || cards != 4)
        return 0;
    const char *bar2 = memchr(bar1 + 1, '|', size - len1 - 1);
    if (bar2 == NULL)
        return 0;
    hs_omaha_range r1, r2;
    if (hs_omaha_range_parse(text, len1, 4, &r1, NULL, NULL, 0) != HS_OK)
        return 0;
    if (hs_omaha_range_parse(bar1 + 1, (size_t)(bar2 - bar1 - 1), 4, &r2, NULL, NULL, 0) != HS_OK) {
        hs_omaha_range_free(&r1);
        return 0;
    }
    for (size_t i = 0; i < r1.n; i++)
        if (hs_hand_size(r1.hand[i]) != 4 || r1.weight[i] < 1 || r1.weight[i] > 100 ||
            (i > 0 && r1.hand[i] <= r1.hand[i - 1]))
            abort();
    int board_cards[5];
    size_t nb = 0;
    const char *b = bar2 + 1;
    const size_t blen = size - (size_t)(b - text);
    if (r1.n * r2.n <= 64 && hs_cards_parse(b, blen, board_cards, 5, &nb, NULL) == HS_OK &&
        nb >= 3 && nb <= 4) {
        const uint64_t board = hs_cards_mask(board_cards, nb);
        const hs_omaha_range *rs[2] = {&r1, &r2};
        hs_omaha_equity_exact e;
        for (int hilo = 0; hilo < 2; hilo++) {
            rc = hs_omaha_equity_ranges(rs, 2, board, 0, hilo, 1, NULL, NULL, &e);
            if (rc != HS_OK && rc != HS_ERR_COUNT)
                abort();
            hs_omaha_equity_sample_result est;
            rc = hs_omaha_equity_sample(rs, 2, board, 0, hilo, 100, 1, 1, NULL, NULL, &est);
            if (rc != HS_OK && rc != HS_ERR_COUNT)
                abort();
        }
    }
    hs_omaha_range_free(&r1);
    hs_omaha_range_free(&r2);
    return 0;
}
