/* Private: the combinatorics every game shares: binomial coefficients, colex ranks of card sets,
 * the dense index of sorted rank multisets, the sizes of suit-permutation orbits, and the gcd. */
#ifndef HS_COMBIN_H
#define HS_COMBIN_H

#include <assert.h>
#include <stdint.h>

#include "handstat/cards.h"

/* hs_binom_table[n][k] = C(n, k) for n = 0..52, k = 0..8 (combin.c; built from the product
 * formula at compile time). */
#define HS_BINOM_N 53
#define HS_BINOM_K 9
extern const uint64_t hs_binom_table[HS_BINOM_N][HS_BINOM_K];

/* The greatest common divisor (gcd(0, b) = b): the one gcd of the library (weights divided by
 * theirs, exact fractions reduced). */
static inline uint64_t hs_gcd(uint64_t a, uint64_t b) {
    while (b != 0) {
        const uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* C(n, k), 0 when k > n (n <= 52, k <= 8). */
static inline uint64_t hs_binom(unsigned n, unsigned k) {
    assert(n < HS_BINOM_N && k < HS_BINOM_K);
    return hs_binom_table[n][k];
}

/* The colex rank of the set of cards in `mask` (at most eight): C(c0, 1) + C(c1, 2) + ... for its
 * cards c0 < c1 < ...; dense over the sets of one size (0..C(52, k) - 1). */
static inline uint32_t hs_colex(uint64_t mask) {
    uint32_t r = 0;
    for (unsigned i = 1; mask != 0; i++, mask &= mask - 1)
        r += (uint32_t)hs_binom((unsigned)__builtin_ctzll(mask), i);
    return r;
}

/* The colex rank of two cards a < b (C(b, 2) + a) and of four cards a < b < c < d. */
static inline int hs_colex2(int a, int b) {
    return b * (b - 1) / 2 + a;
}
static inline uint32_t hs_colex4(int a, int b, int c, int d) {
    return (uint32_t)(a + b * (b - 1) / 2 + c * (c - 1) * (c - 2) / 6 +
                      d * (d - 1) * (d - 2) * (d - 3) / 24);
}

/* The k-card set (k <= 8) of colex rank `rank`: the largest card c with C(c, k) <= rank first,
 * then the rest of the rank among the cards below it. */
static inline uint64_t hs_colex_unrank(uint32_t rank, unsigned k) {
    uint64_t set = 0;
    unsigned c = HS_CARDS;
    for (unsigned i = k; i >= 1; i--) {
        do
            c--;
        while (hs_binom(c, i) > rank);
        set |= hs_card_bit((int)c);
        rank -= (uint32_t)hs_binom(c, i);
    }
    return set;
}

/* The dense index of a sorted multiset of up to five ranks r0 <= r1 <= ...: it maps to the
 * strictly increasing s_i = r_i + i in 0..16, whose colex rank sum_i C(s_i, i + 1) is dense
 * (0..6187 for five ranks). hs_mset_step(i, r) is the term of the i-th smallest rank r. */
static inline unsigned hs_mset_step(int i, int r) {
    return (unsigned)hs_binom((unsigned)(r + i), (unsigned)(i + 1));
}

/* The number of distinct images of a set of cards under the 24 permutations of the suits, given
 * its four 13-bit suit lanes sorted so that lane[0] >= lane[1] >= lane[2] >= lane[3]:
 * 24 / (m1! m2! ...) for the runs of m equal lanes. */
static inline int hs_suit_orbit_sorted(const unsigned lane[HS_SUITS]) {
    int orbit = 24, run = 1;
    for (int s = 1; s < HS_SUITS; s++) {
        assert(lane[s] <= lane[s - 1]);
        run = lane[s] == lane[s - 1] ? run + 1 : 1;
        orbit /= run; /* dividing by 2, 3, 4 in turn along a run divides by its factorial */
    }
    return orbit;
}

/* The 24 permutations of the four suits, each as suit -> suit (perm[0] is the identity). */
#define HS_SUIT_PERMS 24
static inline void hs_suit_perms(uint8_t perm[HS_SUIT_PERMS][HS_SUITS]) {
    int n = 0;
    for (uint8_t a = 0; a < 4; a++)
        for (uint8_t b = 0; b < 4; b++)
            for (uint8_t c = 0; c < 4; c++)
                for (uint8_t d = 0; d < 4; d++)
                    if (a != b && a != c && a != d && b != c && b != d && c != d) {
                        perm[n][0] = a, perm[n][1] = b, perm[n][2] = c, perm[n][3] = d;
                        n++;
                    }
}

/* A permutation of the suits applied to a set of cards: suit s goes to to[s]. */
static inline uint64_t hs_suit_permute(uint64_t cards, const uint8_t to[HS_SUITS]) {
    uint64_t out = 0;
    for (int s = 0; s < HS_SUITS; s++)
        out |= (uint64_t)hs_lane(cards, s) << (HS_RANKS * to[s]);
    return out;
}

/* Step idx[0] < ... < idx[k-1] (a k-subset of 0..n-1) to the next one in lexicographic order;
 * returns 0, leaving idx unspecified, after the last. Start from 0, 1, ..., k-1. */
static inline int hs_next_subset(int *idx, int k, int n) {
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i)
        i--;
    if (i < 0)
        return 0;
    idx[i]++;
    for (int j = i + 1; j < k; j++)
        idx[j] = idx[j - 1] + 1;
    return 1;
}

#endif
