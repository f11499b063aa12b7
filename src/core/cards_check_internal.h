/* The forms of the array checks of handstat/cards.h: the scalar ones (cards_check.c), which
 * always run, and the AVX2 ones (cards_check_avx2.c), which cards_check.c takes where the CPU has
 * AVX2 (and HANDSTAT_ISA allows it). Same answers, hand for hand. */
#ifndef HS_CARDS_CHECK_INTERNAL_H
#define HS_CARDS_CHECK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

size_t hs_masks_check_scalar(const uint64_t *masks, size_t n, int min_cards, int max_cards);
size_t hs_ids7_check_scalar(const uint8_t (*ids)[7], size_t n);
size_t hs_masks_check_apart_scalar(const uint64_t *masks, const uint8_t *cards, size_t n,
                                   int min_cards, int max_cards);

/* The AVX2 forms; the caller has made sure the CPU has AVX2. */
size_t hs_masks_check_avx2(const uint64_t *masks, size_t n, int min_cards, int max_cards);
size_t hs_ids7_check_avx2(const uint8_t (*ids)[7], size_t n);
size_t hs_masks_check_apart_avx2(const uint64_t *masks, const uint8_t *cards, size_t n,
                                 int min_cards, int max_cards);

#endif
