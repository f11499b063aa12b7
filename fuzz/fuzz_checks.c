/* Fuzz target: the array checks of handstat/cards.h (hs_masks_check, hs_ids7_check,
 * hs_masks_check_apart) against plain references written here, on arrays cut from the input in
 * buffers of their exact size (so that the AVX2 and SSE2 forms' wide loads past the last hand
 * are caught by the sanitizers). The first byte chooses the card-count bounds. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int mask_ok(uint64_t m, int lo, int hi) {
    int count = 0;
    for (int b = 0; b < 64; b++)
        if ((m >> b) & 1) {
            if (b >= HS_CARDS)
                return 0;
            count++;
        }
    return count >= lo && count <= hi;
}

static int ids_ok(const uint8_t *p) {
    for (int a = 0; a < 7; a++) {
        if (p[a] >= HS_CARDS)
            return 0;
        for (int b = a + 1; b < 7; b++)
            if (p[a] == p[b])
                return 0;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1)
        return 0;
    const int lo = data[0] % 8, hi = lo + (data[0] >> 3) % 4;
    data++;
    size--;

    /* seven card ids per hand */
    const size_t n_ids = size / 7;
    uint8_t(*ids)[7] = malloc(n_ids ? n_ids * 7 : 1);
    if (ids == NULL)
        abort();
    if (n_ids)
        memcpy(ids, data, n_ids * 7);
    size_t want = n_ids;
    for (size_t i = 0; i < n_ids && want == n_ids; i++)
        if (!ids_ok(ids[i]))
            want = i;
    if (hs_ids7_check((const uint8_t(*)[7])ids, n_ids) != want)
        abort();
    free(ids);

    /* masks, and the same number of cards */
    const size_t n = size / 9;
    uint64_t *masks = malloc(n ? n * sizeof *masks : 1);
    uint8_t *cards = malloc(n ? n : 1);
    if (masks == NULL || cards == NULL)
        abort();
    if (n) {
        memcpy(masks, data, n * sizeof *masks);
        memcpy(cards, data + n * sizeof *masks, n);
    }
    size_t want_masks = n, want_apart = n;
    for (size_t i = 0; i < n; i++) {
        const int ok = mask_ok(masks[i], lo, hi);
        if (!ok && want_masks == n)
            want_masks = i;
        if ((!ok || cards[i] >= HS_CARDS || ((masks[i] >> cards[i]) & 1)) && want_apart == n)
            want_apart = i;
    }
    if (hs_masks_check(masks, n, lo, hi) != want_masks ||
        hs_masks_check_apart(masks, cards, n, lo, hi) != want_apart)
        abort();
    free(masks);
    free(cards);
    return 0;
}
