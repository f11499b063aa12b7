// The benchmarks' card text to mask (0 when the text is not cards).
#ifndef HS_BENCH_CARDS_H
#define HS_BENCH_CARDS_H

#include <cstdint>
#include <cstring>

#include "handstat/handstat.h"

inline uint64_t bench_cards(const char *text) {
    int c[HS_CARDS];
    size_t n = 0;
    if (hs_cards_parse(text, std::strlen(text), c, HS_CARDS, &n, nullptr) != HS_OK)
        return 0;
    return hs_cards_mask(c, n);
}

#endif
