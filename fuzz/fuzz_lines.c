/* Fuzz target: the CLI's line readers, as `crib score`, `poker rank`, `poker pe54` and
 * `holdem equity --batch` use them (cli_for_each_line + cli_parse_cards, the request splitter and
 * the request layer's checks), then the scorers on whatever they accept. */
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

/* A --batch request: split into a request, then checked by the request layer (and, when it is
 * accepted, its work note made); nothing is run. */
static int batch_line(const char *text, size_t len, size_t line, void *ctx) {
    (void)ctx;
    hs_request *q;
    if (hs_request_new("holdem equity", &q) != HS_OK)
        abort();
    int status = cli_equity_line(text, len, line, q);
    hs_job *job = NULL;
    char msg[HS_REQUEST_MESSAGE], note[256];
    if (status == CLI_OK && hs_request_start(q, &job, msg, sizeof msg) == HS_OK) {
        if (job != NULL)
            abort(); /* an equity request has no job */
        hs_request_work(q, note, sizeof note);
    }
    hs_request_free(q);
    return status != CLI_OK;
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
