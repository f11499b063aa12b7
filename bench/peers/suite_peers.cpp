// The C++ peers' side of suite.cpp, compiled apart with the peers' own flags (-O3 -march=native):
// PokerHandEvaluator's evaluate_7cards, SKPokerEval's SevenEval::GetRank and the Two Plus Two
// state table (HandRanks.dat from its generator), on the suite's two workloads. OMPEval's side is
// ranking_omp.cpp. Each peer gets the hands in its own card ids (suite.cpp maps them):
//   PokerHandEvaluator 4 * rank + suit, the deuce 0; SKPokerEval 4 * (12 - rank) + suit (the ace
//   of spades 0); Two Plus Two 4 * rank + suit + 1.
// Nothing here is the peers' code: only calls of their public functions and the table walk their
// documentation describes.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "SevenEval.h"

extern "C" int evaluate_7cards(int a, int b, int c, int d, int e, int f, int g);

// ---- PokerHandEvaluator: 1 = best .. 7462, as handstat's classes ---------------------------
extern "C" uint64_t phe_seq(void (*visit)(void *, int), void *ctx) {
    uint64_t s = 0;
    for (int a = 0; a < 46; a++)
        for (int b = a + 1; b < 47; b++)
            for (int c = b + 1; c < 48; c++)
                for (int d = c + 1; d < 49; d++)
                    for (int e = d + 1; e < 50; e++)
                        for (int f = e + 1; f < 51; f++)
                            for (int g = f + 1; g < 52; g++) {
                                int v = evaluate_7cards(a, b, c, d, e, f, g);
                                if (visit)
                                    visit(ctx, v);
                                s += (unsigned)v;
                            }
    return s;
}
extern "C" uint64_t phe_rand(const uint8_t *p, size_t n, uint16_t *out) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++, p += 7) {
        int v = evaluate_7cards(p[0], p[1], p[2], p[3], p[4], p[5], p[6]);
        if (out)
            out[i] = (uint16_t)v;
        s += (unsigned)v;
    }
    return s;
}

// ---- SKPokerEval: 1 .. 7462, higher is better ----------------------------------------------
extern "C" uint64_t sk_seq(void (*visit)(void *, int), void *ctx) {
    uint64_t s = 0;
    for (int a = 0; a < 46; a++)
        for (int b = a + 1; b < 47; b++)
            for (int c = b + 1; c < 48; c++)
                for (int d = c + 1; d < 49; d++)
                    for (int e = d + 1; e < 50; e++)
                        for (int f = e + 1; f < 51; f++)
                            for (int g = f + 1; g < 52; g++) {
                                int v = SevenEval::GetRank(a, b, c, d, e, f, g);
                                if (visit)
                                    visit(ctx, v);
                                s += (unsigned)v;
                            }
    return s;
}
extern "C" uint64_t sk_rand(const uint8_t *p, size_t n, uint16_t *out) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++, p += 7) {
        int v = SevenEval::GetRank(p[0], p[1], p[2], p[3], p[4], p[5], p[6]);
        if (out)
            out[i] = (uint16_t)v;
        s += (unsigned)v;
    }
    return s;
}

// ---- Two Plus Two: the state table walked card by card; category << 12 | rank inside it ----
static std::vector<int> HR;
extern "C" int tpt_load(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    HR.resize(32487834);
    size_t got = fread(HR.data(), sizeof(int), HR.size(), f);
    fclose(f);
    return got == HR.size();
}
extern "C" uint64_t tpt_seq(void (*visit)(void *, int), void *ctx) {
    const int *T = HR.data();
    uint64_t s = 0;
    for (int a = 1; a < 47; a++) {
        int u1 = T[53 + a];
        for (int b = a + 1; b < 48; b++) {
            int u2 = T[u1 + b];
            for (int c = b + 1; c < 49; c++) {
                int u3 = T[u2 + c];
                for (int d = c + 1; d < 50; d++) {
                    int u4 = T[u3 + d];
                    for (int e = d + 1; e < 51; e++) {
                        int u5 = T[u4 + e];
                        for (int f = e + 1; f < 52; f++) {
                            int u6 = T[u5 + f];
                            for (int g = f + 1; g < 53; g++) {
                                int v = T[u6 + g];
                                if (visit)
                                    visit(ctx, v);
                                s += (unsigned)v;
                            }
                        }
                    }
                }
            }
        }
    }
    return s;
}
extern "C" uint64_t tpt_rand(const uint8_t *p, size_t n, uint16_t *out) {
    const int *T = HR.data();
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++, p += 7) {
        int u = T[53 + p[0]];
        u = T[u + p[1]];
        u = T[u + p[2]];
        u = T[u + p[3]];
        u = T[u + p[4]];
        u = T[u + p[5]];
        int v = T[u + p[6]];
        if (out)
            out[i] = (uint16_t)v;
        s += (unsigned)v;
    }
    return s;
}
