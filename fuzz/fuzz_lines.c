/* Fuzz target: the CLI's line readers, as `crib score`, `poker rank`, `poker pe54` and
 * `holdem equity --batch` use them (cli_for_each_line + cli_parse_cards, the request splitter and
 * the range parser), then the scorers on whatever they accept. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "../src/cli/cli.h"
#include "handstat/handstat.h"

/* The readers report bad lines on stderr: run with -close_fd_mask=2 to keep the fuzzer quiet. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int crib_line(const char *text, size_t len, size_t line, void *ctx) {
    (void)ctx;
    int cards[5];
    if (cli_parse_cards(text, len, line, NULL, 5, 5, "5 cards", cards) < 0)
        return 1;
    uint64_t hand = 0;
    for (int i = 0; i < 4; i++)
        hand |= hs_card_bit(cards[i]);
    hs_crib_score s = hs_crib_score5(hand, cards[4], HS_CRIB_HAND);
    if (s.total > HS_CRIB_MAX_SCORE)
        abort();
    return 0;
}

static int poker_line(const char *text, size_t len, size_t line, void *ctx) {
    (void)ctx;
    int cards[10];
    int n = cli_parse_cards(text, len, line, NULL, 5, 7, "5 to 7 cards", cards);
    if (n < 0)
        return 1;
    uint64_t hand = 0;
    for (int i = 0; i < n; i++)
        hand |= hs_card_bit(cards[i]);
    int cls = hs_poker_rank(hand);
    if (cls < 1 || cls > HS_POKER_CLASSES)
        abort();
    return 0;
}

static int pe54_line(const char *text, size_t len, size_t line, void *ctx) {
    (void)ctx;
    int cards[10];
    return cli_parse_cards(text, len, line, NULL, 10, 10, "10 cards", cards) < 0;
}

/* A --batch request: split, then every hand through the range parser; what is accepted must be
 * consistent (hands within the line, ranges of distinct two-card combinations, known cards that
 * hold no more than they should). */
static int batch_line(const char *text, size_t len, size_t line, void *ctx) {
    (void)ctx;
    cli_equity_request r;
    if (cli_equity_request_parse(text, len, line, &r) != 0)
        return 1;
    if (r.players < 2 || r.players > HS_HOLDEM_MAX_PLAYERS || hs_hand_size(r.board) > 5 ||
        (r.board | r.dead) & ~HS_DECK_MASK)
        abort();
    static hs_holdem_range range;
    static char canon[HS_HOLDEM_RANGE_TEXT];
    for (int p = 0; p < r.players; p++) {
        if (r.hand[p] < text || r.hand[p] + r.hand_len[p] > text + len || r.hand_len[p] == 0)
            abort();
        if (hs_holdem_range_parse(r.hand[p], r.hand_len[p], &range, canon, sizeof canon, NULL) !=
            HS_OK)
            continue;
        if (range.n == 0 || range.n > HS_HOLDEM_COMBOS)
            abort();
        for (size_t i = 0; i < range.n; i++)
            if (hs_hand_size(range.combo[i]) != 2 || range.weight[i] < 1 || range.weight[i] > 100)
                abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    cli_for_each_line(text, size, crib_line, NULL);
    cli_for_each_line(text, size, poker_line, NULL);
    cli_for_each_line(text, size, pe54_line, NULL);
    cli_for_each_line(text, size, batch_line, NULL);
    cli_token(text, size);
    return 0;
}
