/* Lowball rankings (handstat/lowball.h).
 *
 * a five-card hand's low depends only on its ranks. Each kind of hand is numbered by
 * combinatorial (colex) ranks of the sets that make it, which order sets by their largest member
 * first, then the next, just as lows compare: unpaired hands by the colex rank of their five
 * ranks; a pair by its rank, then its three kickers' colex rank among the other twelve ranks; two
 * pair by the colex rank of the two pairs (the higher first), then the kicker; trips, full houses
 * and quads likewise. 2-7: the best low is the worst high hand, with the ace only high (below).
 * With 6 or 7 cards every five-card set is tried (at most 21). */
#include "handstat/lowball.h"

#include "handstat/cards.h"
#include "handstat/poker.h"
#include "combin.h"

#include <stdio.h>
#include <string.h>

enum { UNPAIRED, PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS, KINDS };

/* The first class of each kind, less one, and the number of classes of each. */
static const int KIND_BASE[KINDS + 1] = {0, 1287, 4147, 5005, 5863, 6019, 6175};

/* colex rank of the k ranks v[0] < ... < v[k-1] */
static int colex(const int *v, int k) {
    int r = 0;
    for (int i = 0; i < k; i++)
        r += (int)hs_binom((unsigned)v[i], (unsigned)(i + 1));
    return r;
}

/* the k-set of colex rank r into v[0] < ... < v[k-1] */
static void uncolex(int r, int k, int *v) {
    for (int i = k - 1; i >= 0; i--) {
        int x = i;
        while (hs_binom((unsigned)(x + 1), (unsigned)(i + 1)) <= (uint64_t)r)
            x++;
        v[i] = x;
        r -= (int)hs_binom((unsigned)x, (unsigned)(i + 1));
    }
}

/* Rank v among the ranks other than those of skip[0..n) (increasing, each below or above v). */
static int squeeze(int v, const int *skip, int n) {
    int s = v;
    for (int i = 0; i < n; i++)
        s -= skip[i] < v;
    return s;
}

/* The rank of index s among the ranks other than skip[0..n) (increasing). */
static int unsqueeze(int s, const int *skip, int n) {
    for (int v = 0; v < HS_RANKS; v++) {
        int taken = 0;
        for (int i = 0; i < n; i++)
            taken |= skip[i] == v;
        if (!taken && s-- == 0)
            return v;
    }
    return -1;
}

/* The A-5 class of five cards given by their rank counts. */
static int a5_class5(const int cnt[HS_RANKS]) {
    int singles[5], n1 = 0, pairs[2], n2 = 0, three = -1, four = -1;
    for (int r = 0; r < HS_RANKS; r++) {
        if (cnt[r] == 1)
            singles[n1++] = r;
        else if (cnt[r] == 2)
            pairs[n2++] = r;
        else if (cnt[r] == 3)
            three = r;
        else if (cnt[r] == 4)
            four = r;
    }
    int kicks[3];
    if (four >= 0) {
        const int skip[1] = {four};
        return KIND_BASE[QUADS] + 1 + four * 12 + squeeze(singles[0], skip, 1);
    }
    if (three >= 0 && n2 == 1) {
        const int skip[1] = {three};
        return KIND_BASE[FULL_HOUSE] + 1 + three * 12 + squeeze(pairs[0], skip, 1);
    }
    if (three >= 0) {
        const int skip[1] = {three};
        kicks[0] = squeeze(singles[0], skip, 1);
        kicks[1] = squeeze(singles[1], skip, 1);
        return KIND_BASE[TRIPS] + 1 + three * 66 + colex(kicks, 2);
    }
    if (n2 == 2)
        return KIND_BASE[TWO_PAIR] + 1 + colex(pairs, 2) * 11 + squeeze(singles[0], pairs, 2);
    if (n2 == 1) {
        for (int i = 0; i < 3; i++)
            kicks[i] = squeeze(singles[i], pairs, 1);
        return KIND_BASE[PAIR] + 1 + pairs[0] * 220 + colex(kicks, 3);
    }
    return KIND_BASE[UNPAIRED] + 1 + colex(singles, 5);
}

static int a5_of_five(uint64_t five) {
    int cnt[HS_RANKS] = {0};
    for (uint64_t m = five; m; m &= m - 1)
        cnt[hs_card_rank(__builtin_ctzll(m))]++;
    return a5_class5(cnt);
}

/* ---- 2-7 ---------------------------------------------------------------------------------------
 * The high classes, reordered for an ace that is only high: A-5-4-3-2 is no straight but an ace
 * high (or an ace-high flush) just below A-6-4-3-2, the lowest ace high of the high ranking. So the
 * steel wheel (high class 10) and the wheel (1609) leave their places, and each comes back just
 * below A-6-4-3-2 of its kind; P is the place in that order, and the low class 7463 - P. */
#define STEEL_WHEEL 10
#define WHEEL 1609

/* The high classes of A-6-4-3-2 as a flush and as a high card. */
static int flush_a6432(void) {
    return hs_poker_rank5(hs_card_bit(hs_card(HS_ACE, 0)) | hs_card_bit(hs_card(5, 0)) |
                          hs_card_bit(hs_card(3, 0)) | hs_card_bit(hs_card(2, 0)) |
                          hs_card_bit(hs_card(1, 0)));
}

static int high_a6432(void) {
    return hs_poker_rank5(hs_card_bit(hs_card(HS_ACE, 1)) | hs_card_bit(hs_card(5, 0)) |
                          hs_card_bit(hs_card(3, 0)) | hs_card_bit(hs_card(2, 0)) |
                          hs_card_bit(hs_card(1, 0)));
}

static int low27_of_five(uint64_t five) {
    const int h = hs_poker_rank5(five), f = flush_a6432(), hc = high_a6432();
    int place = h == STEEL_WHEEL ? f
                : h == WHEEL     ? hc
                                 : h - (h > STEEL_WHEEL && h <= f) - (h > WHEEL && h <= hc);
    return HS_LOW_27_CLASSES + 1 - place;
}

/* The high class a 2-7 class stands for, or 0 for the two wheels (*wheel: 1 for A-5-4-3-2 as a
 * high card, 2 as a flush). */
static int high_of_27(int cls, int *wheel) {
    const int place = HS_LOW_27_CLASSES + 1 - cls, f = flush_a6432(), hc = high_a6432();
    *wheel = place == hc ? 1 : place == f ? 2 : 0;
    if (*wheel)
        return 0;
    return place < STEEL_WHEEL ? place
           : place < f         ? place + 1
           : place < WHEEL     ? place
           : place < hc        ? place + 1
                               : place;
}

/* The best (lowest) class of the five-card sets of hand (5..7 cards), and that set (the first of
 * the smallest mask when several tie); 0 when the hand has another size. */
static int best_of(uint64_t hand, int (*of_five)(uint64_t), uint64_t *best_five) {
    const int n = __builtin_popcountll(hand);
    *best_five = 0;
    if (n < 5 || n > 7)
        return 0;
    int cards[7], k = 0;
    for (uint64_t m = hand; m; m &= m - 1)
        cards[k++] = __builtin_ctzll(m);
    int best = 0;
    /* every set of n - 5 cards to leave out, in an order where the kept mask only decreases when
     * a higher card is left out: keep the first best of the smallest mask */
    for (int x = 0; x < (n > 5 ? n : 1); x++)
        for (int y = x + 1; y < (n > 6 ? n : x + 2); y++) {
            uint64_t five = hand;
            if (n > 5)
                five &= ~hs_card_bit(cards[x]);
            if (n > 6)
                five &= ~hs_card_bit(cards[y]);
            int c = of_five(five);
            if (best == 0 || c < best || (c == best && five < *best_five)) {
                best = c;
                *best_five = five;
            }
        }
    return best;
}

int hs_low_a5_rank(uint64_t hand) {
    uint64_t five;
    return best_of(hand, a5_of_five, &five);
}

int hs_low_27_rank(uint64_t hand) {
    uint64_t five;
    return best_of(hand, low27_of_five, &five);
}

uint64_t hs_low_a5_best_five(uint64_t hand) {
    uint64_t five;
    best_of(hand, a5_of_five, &five);
    return five;
}

uint64_t hs_low_27_best_five(uint64_t hand) {
    uint64_t five;
    best_of(hand, low27_of_five, &five);
    return five;
}

int hs_low_a5_ranks(int cls, int ranks[5]) {
    if (cls < 1 || cls > HS_LOW_A5_CLASSES)
        return -1;
    int kind = 0;
    while (cls > KIND_BASE[kind + 1])
        kind++;
    int i = cls - KIND_BASE[kind] - 1, v[5], s[3];
    switch (kind) {
    case UNPAIRED:
        uncolex(i, 5, v);
        for (int j = 0; j < 5; j++)
            ranks[j] = v[4 - j];
        break;
    case PAIR: {
        const int p[1] = {i / 220};
        uncolex(i % 220, 3, s);
        ranks[0] = ranks[1] = p[0];
        for (int j = 0; j < 3; j++)
            ranks[2 + j] = unsqueeze(s[2 - j], p, 1);
        break;
    }
    case TWO_PAIR:
        uncolex(i / 11, 2, v);
        ranks[0] = ranks[1] = v[1];
        ranks[2] = ranks[3] = v[0];
        ranks[4] = unsqueeze(i % 11, v, 2);
        break;
    case TRIPS: {
        const int t[1] = {i / 66};
        uncolex(i % 66, 2, s);
        ranks[0] = ranks[1] = ranks[2] = t[0];
        ranks[3] = unsqueeze(s[1], t, 1);
        ranks[4] = unsqueeze(s[0], t, 1);
        break;
    }
    default: { /* full house, quads: the group, then the other rank */
        const int g[1] = {i / 12};
        const int other = unsqueeze(i % 12, g, 1), n = kind == QUADS ? 4 : 3;
        for (int j = 0; j < 5; j++)
            ranks[j] = j < n ? g[0] : other;
        break;
    }
    }
    return kind;
}

static const char RANK_CHAR[HS_RANKS + 1] = "A23456789TJQK";
static const char *const RANK_PLURAL[HS_RANKS] = {"aces",  "twos",   "threes", "fours", "fives",
                                                  "sixes", "sevens", "eights", "nines", "tens",
                                                  "jacks", "queens", "kings"};

/* "8-5-2": the ranks r[0..n) joined by dashes, into out (room for 10). */
static void dashed(const int *r, int n, char *out) {
    for (int i = 0; i < n; i++) {
        *out++ = RANK_CHAR[r[i]];
        if (i + 1 < n)
            *out++ = '-';
    }
    *out = '\0';
}

size_t hs_low_a5_describe(int cls, char *buf, size_t cap) {
    int r[5];
    char rest[16];
    int n;
    switch (hs_low_a5_ranks(cls, r)) {
    case UNPAIRED:
        dashed(r, 5, rest);
        n = snprintf(buf, cap, "%s", rest);
        break;
    case PAIR:
        dashed(r + 2, 3, rest);
        n = snprintf(buf, cap, "Pair of %s, %s", RANK_PLURAL[r[0]], rest);
        break;
    case TWO_PAIR:
        n = snprintf(buf, cap, "Two pair, %s and %s, %c", RANK_PLURAL[r[0]], RANK_PLURAL[r[2]],
                     RANK_CHAR[r[4]]);
        break;
    case TRIPS:
        dashed(r + 3, 2, rest);
        n = snprintf(buf, cap, "Three of a kind, %s, %s", RANK_PLURAL[r[0]], rest);
        break;
    case FULL_HOUSE:
        n = snprintf(buf, cap, "Full house, %s over %s", RANK_PLURAL[r[0]], RANK_PLURAL[r[3]]);
        break;
    case QUADS:
        n = snprintf(buf, cap, "Four of a kind, %s, %c", RANK_PLURAL[r[0]], RANK_CHAR[r[4]]);
        break;
    default:
        n = snprintf(buf, cap, "%s", "");
        break;
    }
    return n > 0 ? (size_t)n : 0;
}

size_t hs_low_27_describe(int cls, char *buf, size_t cap) {
    if (cls < 1 || cls > HS_LOW_27_CLASSES) {
        if (cap > 0)
            buf[0] = '\0';
        return 0;
    }
    int wheel;
    const int high = high_of_27(cls, &wheel);
    if (wheel) {
        int n =
            snprintf(buf, cap, "%s, ace-five-four-three-two", wheel == 2 ? "Flush" : "High card");
        return n > 0 ? (size_t)n : 0;
    }
    return hs_poker_describe(high, buf, cap);
}

int hs_low_a5_top(int cls) {
    int r[5];
    return hs_low_a5_ranks(cls, r) == UNPAIRED ? r[0] : -1;
}

int hs_low_27_top(int cls) {
    if (cls < 1 || cls > HS_LOW_27_CLASSES)
        return -1;
    int wheel, r[5];
    const int high = high_of_27(cls, &wheel);
    if (wheel)
        return wheel == 1 ? HS_ACE : -1;
    return hs_poker_class_ranks(high, r) == HS_POKER_HIGH_CARD ? r[0] : -1;
}

/* Every five-card mask in increasing order (Gosper's hack), its class counted. */
static void hist5(int (*of_five)(uint64_t), uint64_t *count, int classes) {
    memset(count, 0, (size_t)(classes + 1) * sizeof *count);
    for (uint64_t m = 0x1F; m < (UINT64_C(1) << HS_CARDS);) {
        count[of_five(m)]++;
        uint64_t low = m & -m, ripple = m + low;
        m = ripple | (((m ^ ripple) >> 2) / low);
    }
}

void hs_low_a5_hist5(uint64_t count[HS_LOW_A5_CLASSES + 1]) {
    hist5(a5_of_five, count, HS_LOW_A5_CLASSES);
}

void hs_low_27_hist5(uint64_t count[HS_LOW_27_CLASSES + 1]) {
    hist5(low27_of_five, count, HS_LOW_27_CLASSES);
}
