/* Fuzz target: Omaha range text (hs_omaha_matcher_new, hs_omaha_range_parse) and range equity.
 * The input's first byte picks the hand size (4, 5 or 6) and a sub-deck (below); the rest is split
 * at '|' into range 1, range 2 and a board. A compiled range answers a weight 0..100 for sampled
 * hands. With a second range, both are taken on a 16-card sub-deck (four ranks of the input's
 * choosing, every suit) and, with a board of three or four cards, small queries are counted exactly
 * and checked (every deal has one outcome per player, the pot is shared out whole: the library's
 * own check, HS_ERR_CORRUPT), and an estimate of the same query runs.
 *
 * The work per input is bounded so that a 30 s run covers many inputs. Listing a range tests
 * every hand of its size (270,725 four-card hands: 0.1-0.5 s under the sanitizers and the
 * fuzzer's instrumentation, where the earlier form of this target listed two ranges per input
 * and ran 24 inputs a second), so it runs for one input in 64 (by a hash of the input, so that
 * mutations of one that lists mostly do not), four-card hands and short texts only. The hands
 * sampled for weights shrink as the text (and so the compiled range) grows; the sub-deck holds at
 * most 8,008 hands; the exact count runs only when its work (hs_omaha_range_work) is small, and
 * the estimate only when a deal is possible (its redraws then end quickly). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

#define LIST_MAX_TEXT 32      /* bytes of range text listed over the whole deck */
#define WEIGHT_BUDGET 50000   /* sampled hands x range-text bytes */
#define SUBDECK_BUDGET 400000 /* sub-deck hands x range-text bytes */
#define EXACT_MAX_WORK 2.0e5  /* hs_omaha_range_work of a checked exact count */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t next_hand(uint64_t *s, int cards) {
    uint64_t hand = 0;
    while (hs_hand_size(hand) < cards) {
        *s = *s * 6364136223846793005u + 1442695040888963407u;
        hand |= UINT64_C(1) << ((*s >> 33) % 52);
    }
    return hand;
}

/* The hands of `cards` cards of `deck` (16 cards) that matcher m holds, with their weights, into
 * r (ascending masks). Returns 0, or -1 when out of memory. */
static int subdeck_range(const hs_omaha_matcher *m, uint64_t deck, int cards, hs_omaha_range *r) {
    int ids[16], n = 0;
    for (int c = 0; c < 52; c++)
        if (deck >> c & 1)
            ids[n++] = c;
    r->cards = cards;
    r->n = 0;
    r->hand = malloc(8008 * sizeof *r->hand); /* C(16, 6): the most hands the sub-deck holds */
    r->weight = malloc(8008);
    if (r->hand == NULL || r->weight == NULL) {
        hs_omaha_range_free(r);
        return -1;
    }
    /* every subset of `cards` of the n ids in colex order (Gosper's hack on n bits) */
    for (uint32_t x = (1u << cards) - 1; x < (1u << n);) {
        uint64_t hand = 0;
        for (int i = 0; i < n; i++)
            if (x >> i & 1)
                hand |= UINT64_C(1) << ids[i];
        const int w = hs_omaha_matcher_weight(m, hand);
        if (w < 0 || w > 100)
            abort();
        if (w > 0) {
            r->hand[r->n] = hand;
            r->weight[r->n++] = (uint8_t)w;
        }
        const uint32_t c = x & (0 - x), y = x + c;
        x = (((y ^ x) >> 2) / c) | y;
    }
    /* ascending masks: the ids ascend, so colex order of the subsets is ascending order of masks */
    for (size_t i = 1; i < r->n; i++)
        if (r->hand[i] <= r->hand[i - 1])
            abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1)
        return 0;
    const int cards = 4 + data[0] % 3;
    uint32_t hash = 2166136261u; /* FNV-1a of the input: one input in 64 lists its range */
    for (size_t i = 0; i < size; i++)
        hash = (hash ^ data[i]) * 16777619u;
    const int list = hash % 64 == 0;
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
    const size_t samples = WEIGHT_BUDGET / (len1 + 1) < 500 ? WEIGHT_BUDGET / (len1 + 1) : 500;
    for (size_t i = 0; i < samples; i++) {
        const int w = hs_omaha_matcher_weight(m, next_hand(&s, cards));
        if (w < 0 || w > 100)
            abort();
    }
    /* the whole listing, now and then: ascending, weights 1..100, each the matcher's */
    if (list && cards == 4 && len1 <= LIST_MAX_TEXT) {
        hs_omaha_range all;
        if (hs_omaha_range_parse(text, len1, 4, &all, NULL, NULL, 0) == HS_OK) {
            for (size_t i = 0; i < all.n; i++)
                if (hs_hand_size(all.hand[i]) != 4 || all.weight[i] < 1 || all.weight[i] > 100 ||
                    (i > 0 && all.hand[i] <= all.hand[i - 1]) ||
                    (i % 97 == 0 && hs_omaha_matcher_weight(m, all.hand[i]) != all.weight[i]))
                    abort();
            hs_omaha_range_free(&all);
        }
    }
    if (bar1 == NULL) {
        hs_omaha_matcher_free(m);
        return 0;
    }
    const char *bar2 = memchr(bar1 + 1, '|', size - len1 - 1);
    const size_t len2 = bar2 ? (size_t)(bar2 - bar1 - 1) : size - len1 - 1;
    hs_omaha_matcher *m2;
    if (hs_omaha_matcher_new(bar1 + 1, len2, cards, &m2, NULL, NULL, 0) != HS_OK) {
        hs_omaha_matcher_free(m);
        return 0;
    }
    /* the sub-deck: the aces and three other ranks (card ranks 1..12, four apart: all different),
     * picked by the first byte, in every suit */
    const int first = 1 + (int)(data[0] / 24) % 12;
    uint64_t deck = 0;
    for (int suit = 0; suit < 4; suit++) {
        deck |= UINT64_C(1) << (suit * 13);
        for (int k = 0; k < 3; k++)
            deck |= UINT64_C(1) << (suit * 13 + 1 + (first - 1 + 4 * k) % 12);
    }
    static const int SUBSETS[] = {1820, 4368, 8008};
    const double work = (double)SUBSETS[cards - 4] * (double)(len1 + len2 + 2);
    hs_omaha_range r1 = {0}, r2 = {0};
    if (work <= SUBDECK_BUDGET && subdeck_range(m, deck, cards, &r1) == 0 &&
        subdeck_range(m2, deck, cards, &r2) == 0 && bar2 != NULL) {
        int board_cards[5];
        size_t nb = 0;
        const char *b = bar2 + 1;
        const size_t blen = size - (size_t)(b - text);
        if (r1.n > 0 && r2.n > 0 && r1.n * r2.n <= 64 &&
            hs_cards_parse(b, blen, board_cards, 5, &nb, NULL) == HS_OK && nb >= 3 && nb <= 4) {
            const uint64_t board = hs_cards_mask(board_cards, nb);
            const hs_omaha_range *rs[2] = {&r1, &r2};
            if (hs_omaha_range_work(rs, 2, board, 0) <= EXACT_MAX_WORK)
                for (int hilo = 0; hilo < 2; hilo++) {
                    hs_omaha_equity_exact e;
                    rc = hs_omaha_equity_ranges(rs, 2, board, 0, hilo, 1, NULL, NULL, &e);
                    if (rc != HS_OK && rc != HS_ERR_COUNT)
                        abort();
                    if (rc != HS_OK)
                        break; /* no deal possible: the estimate would redraw a million times */
                    hs_omaha_equity_sample_result est;
                    rc = hs_omaha_equity_sample(rs, 2, board, 0, hilo, 100, 1, 1, NULL, NULL, &est);
                    if (rc != HS_OK)
                        abort();
                }
        }
    }
    hs_omaha_range_free(&r1);
    hs_omaha_range_free(&r2);
    hs_omaha_matcher_free(m);
    hs_omaha_matcher_free(m2);
    return 0;
}
