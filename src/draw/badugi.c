/* Badugi's ranking (handstat/draw.h): the best subset of distinct ranks and suits of four cards,
 * its class from its size and its rank set. */
#include "handstat/draw.h"

#include "handstat/cards.h"

#include <stdio.h>

/* C(n, k) for n < 14, k <= 4: the colex rank of a rank set is a sum of these. */
static const int BINOM[14][5] = {
    {1, 0, 0, 0, 0},       {1, 1, 0, 0, 0},      {1, 2, 1, 0, 0},       {1, 3, 3, 1, 0},
    {1, 4, 6, 4, 1},       {1, 5, 10, 10, 5},    {1, 6, 15, 20, 15},    {1, 7, 21, 35, 35},
    {1, 8, 28, 56, 70},    {1, 9, 36, 84, 126},  {1, 10, 45, 120, 210}, {1, 11, 55, 165, 330},
    {1, 12, 66, 220, 495}, {1, 13, 78, 286, 715}};

/* The classes before those of size s: the larger sizes' counts, C(13,4) + ... */
static int size_base(int s) {
    int base = 0;
    for (int t = 4; t > s; t--)
        base += BINOM[13][t];
    return base;
}

/* The class of a badugi of size s with 13-bit rank set `ranks`: within a size, rank sets ordered
 * as numbers (the highest differing rank decides), which is their colex order:
 * index = sum over the set's ranks r_0 < r_1 < ... of C(r_i, i + 1). */
static int class_of(int s, unsigned ranks) {
    int idx = 0, i = 0;
    for (int r = 0; r < HS_RANKS; r++)
        if (ranks >> r & 1)
            idx += BINOM[r][++i];
    return size_base(s) + idx + 1;
}

/* The best subset of the four cards c[]: its class into *cls, its mask returned. Subsets by
 * their 4-bit pattern; one is a badugi when its ranks and its suits are all different. */
static uint64_t best_of(const int c[4], int *cls) {
    int best = 0;
    uint64_t best_mask = 0;
    for (unsigned sub = 1; sub < 16; sub++) {
        unsigned ranks = 0, suits = 0;
        int s = 0, ok = 1;
        uint64_t mask = 0;
        for (int i = 0; i < 4 && ok; i++)
            if (sub >> i & 1) {
                const unsigned rb = 1u << hs_card_rank(c[i]), sb = 1u << hs_card_suit(c[i]);
                ok = !(ranks & rb) && !(suits & sb);
                ranks |= rb;
                suits |= sb;
                mask |= hs_card_bit(c[i]);
                s++;
            }
        if (!ok)
            continue;
        const int k = class_of(s, ranks);
        if (best == 0 || k < best || (k == best && mask < best_mask)) {
            best = k;
            best_mask = mask;
        }
    }
    *cls = best;
    return best_mask;
}

/* The four cards of `hand` into c[]; 0 when it holds another number. */
static int four_cards(uint64_t hand, int c[4]) {
    if (__builtin_popcountll(hand) != 4 || (hand & ~HS_DECK_MASK) != 0)
        return 0;
    for (int i = 0; i < 4; i++) {
        c[i] = __builtin_ctzll(hand);
        hand &= hand - 1;
    }
    return 1;
}

int hs_badugi_rank(uint64_t hand) {
    int c[4], cls;
    if (!four_cards(hand, c))
        return 0;
    best_of(c, &cls);
    return cls;
}

uint64_t hs_badugi_best(uint64_t hand) {
    int c[4], cls;
    if (!four_cards(hand, c))
        return 0;
    return best_of(c, &cls);
}

int hs_badugi_ranks(int cls, int ranks[4]) {
    if (cls < 1 || cls > HS_BADUGI_CLASSES)
        return -1;
    int s = 4;
    while (cls > size_base(s) + BINOM[13][s])
        s--;
    /* the colex index back to its set, from the highest rank: the largest r with C(r, i) <= idx */
    int idx = cls - size_base(s) - 1;
    for (int i = s, r = HS_RANKS - 1; i >= 1; i--) {
        while (BINOM[r][i] > idx)
            r--;
        ranks[s - i] = r;
        idx -= BINOM[r][i];
        r--;
    }
    return s;
}

int hs_badugi_top(int cls) {
    int ranks[4];
    return hs_badugi_ranks(cls, ranks) < 0 ? -1 : ranks[0];
}

size_t hs_badugi_describe(int cls, char *buf, size_t cap) {
    static const char NAMES[] = "A23456789TJQK";
    int ranks[4];
    const int s = hs_badugi_ranks(cls, ranks);
    if (s < 0) {
        if (cap > 0)
            buf[0] = '\0';
        return 0;
    }
    char text[16];
    int n = 0;
    for (int i = 0; i < s; i++) {
        if (i > 0)
            text[n++] = '-';
        text[n++] = NAMES[ranks[i]];
    }
    text[n] = '\0';
    const int len = snprintf(buf, cap, "%d-card%s, %s", s, s == 4 ? " badugi" : "", text);
    return len < 0 ? 0 : (size_t)len;
}

void hs_badugi_hist(uint64_t count[HS_BADUGI_CLASSES + 1]) {
    for (int k = 0; k <= HS_BADUGI_CLASSES; k++)
        count[k] = 0;
    int c[4], cls;
    for (c[0] = 0; c[0] < HS_CARDS; c[0]++)
        for (c[1] = c[0] + 1; c[1] < HS_CARDS; c[1]++)
            for (c[2] = c[1] + 1; c[2] < HS_CARDS; c[2]++)
                for (c[3] = c[2] + 1; c[3] < HS_CARDS; c[3]++) {
                    best_of(c, &cls);
                    count[cls]++;
                }
}
