/* The AVX2 form of hs_ids7_check (cards_check_avx2.c), for the dispatch in cards_check.c. */
#ifndef HS_CARDS_CHECK_INTERNAL_H
#define HS_CARDS_CHECK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/* As hs_ids7_check; the caller has made sure the CPU has AVX2. */
size_t hs_ids7_check_avx2(const uint8_t (*ids)[7], size_t n);

#endif
