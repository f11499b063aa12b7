/* Checks of arrays of hands before a batch kernel takes them (handstat/cards.h). Each scans in
 * blocks whose verdicts are or-ed without a branch per hand (so the compiler can vectorize the
 * scan), and looks for the first failing hand only inside a block that has one. */
#include "handstat/cards.h"
#include "handstat/cpu.h"
#include "cards_check_internal.h"

/* Hands per block: small enough to stay in L1 when a block is scanned twice. */
#define BLOCK 256

/* The cards of a mask: the plain bit count by halving sums (the popcnt instruction is not in
 * x86-64's baseline, and __builtin_popcountll would call the compiler runtime per hand). */
static inline unsigned count_cards(uint64_t m) {
    m = m - ((m >> 1) & UINT64_C(0x5555555555555555));
    m = (m & UINT64_C(0x3333333333333333)) + ((m >> 2) & UINT64_C(0x3333333333333333));
    m = (m + (m >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (unsigned)((m * UINT64_C(0x0101010101010101)) >> 56);
}

/* Non-zero when mask m fails: a bit above card 51, or a count outside min..min + span. The
 * count test is one unsigned comparison (a count below min wraps to a large value). */
static inline uint64_t mask_bad(uint64_t m, unsigned min, unsigned span) {
    return (m >> HS_CARDS) | (uint64_t)(count_cards(m) - min > span);
}

size_t hs_masks_check_scalar(const uint64_t *masks, size_t n, int min_cards, int max_cards) {
    const unsigned min = (unsigned)min_cards, span = (unsigned)(max_cards - min_cards);
    for (size_t b = 0; b < n; b += BLOCK) {
        const size_t end = n - b < BLOCK ? n : b + BLOCK;
        uint64_t bad = 0;
        for (size_t i = b; i < end; i++)
            bad |= mask_bad(masks[i], min, span);
        if (bad != 0)
            for (size_t i = b; i < end; i++)
                if (mask_bad(masks[i], min, span) != 0)
                    return i;
    }
    return n;
}

/* Non-zero when hand p fails. Each id's bit 1 << min(id, 63): the bits of distinct ids sum to
 * their union, a repeated id carries (sum != union), and an id above 51 sets a bit above 51. */
static inline uint64_t ids7_bad(const uint8_t p[7]) {
    uint64_t sum = 0, all = 0;
    for (int k = 0; k < 7; k++) {
        const uint64_t bit = UINT64_C(1) << (p[k] < 63 ? p[k] : 63);
        sum += bit;
        all |= bit;
    }
    return (sum ^ all) | (sum >> HS_CARDS);
}

size_t hs_ids7_check_scalar(const uint8_t (*ids)[7], size_t n) {
    for (size_t b = 0; b < n; b += BLOCK) {
        const size_t end = n - b < BLOCK ? n : b + BLOCK;
        uint64_t bad = 0;
        for (size_t i = b; i < end; i++)
            bad |= ids7_bad(ids[i]);
        if (bad != 0)
            for (size_t i = b; i < end; i++)
                if (ids7_bad(ids[i]) != 0)
                    return i;
    }
    return n;
}

/* Non-zero when card c is not 0..51 or is in mask m (c & 63 keeps the shift defined; a card
 * from 52 up fails by the first test whatever the shift finds). */
static inline uint64_t apart_bad(uint64_t m, unsigned c) {
    return (uint64_t)(c >= HS_CARDS) | ((m >> (c & 63)) & 1);
}

size_t hs_masks_check_apart_scalar(const uint64_t *masks, const uint8_t *cards, size_t n,
                                   int min_cards, int max_cards) {
    const unsigned min = (unsigned)min_cards, span = (unsigned)(max_cards - min_cards);
    for (size_t b = 0; b < n; b += BLOCK) {
        const size_t end = n - b < BLOCK ? n : b + BLOCK;
        uint64_t bad = 0;
        for (size_t i = b; i < end; i++)
            bad |= mask_bad(masks[i], min, span) | apart_bad(masks[i], cards[i]);
        if (bad != 0)
            for (size_t i = b; i < end; i++)
                if ((mask_bad(masks[i], min, span) | apart_bad(masks[i], cards[i])) != 0)
                    return i;
    }
    return n;
}

/* ---- the dispatch: AVX2 where the CPU has it (hs_cpu_has_avx2 reads a cached answer) ---- */

size_t hs_masks_check(const uint64_t *masks, size_t n, int min_cards, int max_cards) {
    return hs_cpu_has_avx2() ? hs_masks_check_avx2(masks, n, min_cards, max_cards)
                             : hs_masks_check_scalar(masks, n, min_cards, max_cards);
}

size_t hs_ids7_check(const uint8_t (*ids)[7], size_t n) {
    return hs_cpu_has_avx2() ? hs_ids7_check_avx2(ids, n) : hs_ids7_check_scalar(ids, n);
}

size_t hs_masks_check_apart(const uint64_t *masks, const uint8_t *cards, size_t n, int min_cards,
                            int max_cards) {
    return hs_cpu_has_avx2() ? hs_masks_check_apart_avx2(masks, cards, n, min_cards, max_cards)
                             : hs_masks_check_apart_scalar(masks, cards, n, min_cards, max_cards);
}
