/* Short-deck poker (handstat/shortdeck.h): ranking by rank counts and suit lanes, the class
 * numbering by closed forms (colex ranks of the defining rank sets), the descriptions and the
 * exhaustive distributions.
 *
 * Inside this file a rank is a strength 0..8: 6, 7, 8, 9, T, J, Q, K, A. A set of strengths is a
 * 9-bit mask, and of two sets of k strengths the one with the larger mask has the higher top
 * card where they first differ: descending mask order is the order of classes. */
#include "handstat/shortdeck.h"

#include "combin.h"
#include "handstat/error.h"
#include "handstat/poker.h"
#include "poker_internal.h"

#include <assert.h>
#include <string.h>

_Static_assert(HS_SHORTDECK_DECK_MASK == (UINT64_C(0x1FE1) | UINT64_C(0x1FE1) << 13 |
                                          UINT64_C(0x1FE1) << 26 | UINT64_C(0x1FE1) << 39),
               "the 36 cards");

enum { STRENGTHS = 9 };

/* The card rank (0 = ace .. 12 = king) of each strength. */
static const int card_rank_of[STRENGTHS] = {5, 6, 7, 8, 9, 10, 11, 12, 0};

/* The strengths present in a 13-bit suit lane (card-rank order, bit 0 = ace). */
static unsigned lane_strengths(unsigned lane) {
    return ((lane >> 5) & 0xFFu) | (lane & 1u) << 8;
}

/* The six straights as strength sets, best first: A-K-Q-J-T down to 9-8-7-6-A. */
static const unsigned straight_set[6] = {0x1F0, 0x0F8, 0x07C, 0x03E, 0x01F, 0x10F};

static int best_straight(unsigned set) {
    for (int i = 0; i < 6; i++)
        if ((set & straight_set[i]) == straight_set[i])
            return i;
    return -1;
}

/* The highest n strengths of set. */
static unsigned top(unsigned set, int n) {
    while (hs_hand_size(set) > n)
        set &= set - 1;
    return set;
}

/* set with the strengths of `gone` taken out and the others closed up (a set over fewer). */
static unsigned squeeze(unsigned set, unsigned gone) {
    unsigned out = 0;
    for (int i = 0, j = 0; i < STRENGTHS; i++) {
        if (gone >> i & 1)
            continue;
        out |= (set >> i & 1u) << j;
        j++;
    }
    return out;
}

/* The place of a k-set of n strengths among all of them in descending mask order (0 = best). */
static int place(unsigned set, int n, int k) {
    return (int)hs_binom((unsigned)n, (unsigned)k) - 1 - (int)hs_colex(set);
}

/* The place of a five-set that is no straight among those (flush and high-card classes). */
static int place_no_straight(unsigned set) {
    int above = 0;
    for (int i = 0; i < 6; i++)
        above += straight_set[i] > set;
    return place(set, STRENGTHS, 5) - above;
}

/* The categories best first, and the number of classes of each category. */
static const int order_trips[9] = {
    HS_POKER_STRAIGHT_FLUSH,  HS_POKER_FOUR_OF_A_KIND, HS_POKER_FLUSH,    HS_POKER_FULL_HOUSE,
    HS_POKER_THREE_OF_A_KIND, HS_POKER_STRAIGHT,       HS_POKER_TWO_PAIR, HS_POKER_PAIR,
    HS_POKER_HIGH_CARD};
static const int order_straight[9] = {
    HS_POKER_STRAIGHT_FLUSH, HS_POKER_FOUR_OF_A_KIND, HS_POKER_FLUSH,
    HS_POKER_FULL_HOUSE,     HS_POKER_STRAIGHT,       HS_POKER_THREE_OF_A_KIND,
    HS_POKER_TWO_PAIR,       HS_POKER_PAIR,           HS_POKER_HIGH_CARD};
/* by enum hs_poker_category value */
static const int classes_of[9] = {6, 72, 72, 120, 6, 252, 252, 504, 120};

static const int *order_of(int rules) {
    return rules == HS_SHORTDECK_STRAIGHT_BEATS_TRIPS ? order_straight : order_trips;
}

void hs_shortdeck_category_order(int rules, int order[9]) {
    memcpy(order, order_of(rules), sizeof order_trips);
}

/* The first class of category cat under rules. */
static int first_class(int cat, int rules) {
    const int *order = order_of(rules);
    int first = 1;
    for (int i = 0; order[i] != cat; i++)
        first += classes_of[order[i]];
    return first;
}

int hs_shortdeck_valid(uint64_t hand) {
    int n = hs_hand_size(hand);
    return (hand & ~HS_SHORTDECK_DECK_MASK) == 0 && n >= 5 && n <= 7;
}

/* The category and the place inside it of the best five of `hand` (5..7 short-deck cards). */
static int classify(uint64_t hand, int rules, int *idx) {
    unsigned lane[HS_SUITS], any = 0;
    int count[STRENGTHS] = {0};
    for (int s = 0; s < HS_SUITS; s++) {
        lane[s] = lane_strengths(hs_lane(hand, s));
        any |= lane[s];
        for (int i = 0; i < STRENGTHS; i++)
            count[i] += (int)(lane[s] >> i & 1);
    }
    /* With at most 7 cards a flush leaves no room for four of a kind or a full house, and it
     * beats everything else but a straight flush. */
    for (int s = 0; s < HS_SUITS; s++)
        if (hs_hand_size(lane[s]) >= 5) {
            int st = best_straight(lane[s]);
            if (st >= 0) {
                *idx = st;
                return HS_POKER_STRAIGHT_FLUSH;
            }
            *idx = place_no_straight(top(lane[s], 5));
            return HS_POKER_FLUSH;
        }
    unsigned quads = 0, trips = 0, pairs = 0;
    for (int i = 0; i < STRENGTHS; i++) {
        quads |= (unsigned)(count[i] == 4) << i;
        trips |= (unsigned)(count[i] == 3) << i;
        pairs |= (unsigned)(count[i] == 2) << i;
    }
    if (quads) {
        unsigned q = top(quads, 1), k = top(any & ~q, 1);
        *idx = (8 - __builtin_ctz(q)) * 8 + place(squeeze(k, q), 8, 1);
        return HS_POKER_FOUR_OF_A_KIND;
    }
    if (trips && (hs_hand_size(trips) >= 2 || pairs)) {
        unsigned t = top(trips, 1), p = top((trips & ~t) | pairs, 1);
        *idx = (8 - __builtin_ctz(t)) * 8 + place(squeeze(p, t), 8, 1);
        return HS_POKER_FULL_HOUSE;
    }
    int st = best_straight(any);
    if (st >= 0 && (rules == HS_SHORTDECK_STRAIGHT_BEATS_TRIPS || !trips)) {
        *idx = st;
        return HS_POKER_STRAIGHT;
    }
    if (trips) {
        unsigned t = top(trips, 1), k = top(any & ~t, 2);
        *idx = (8 - __builtin_ctz(t)) * 28 + place(squeeze(k, t), 8, 2);
        return HS_POKER_THREE_OF_A_KIND;
    }
    if (hs_hand_size(pairs) >= 2) {
        unsigned two = top(pairs, 2), k = top(any & ~two, 1);
        *idx = place(two, STRENGTHS, 2) * 7 + place(squeeze(k, two), 7, 1);
        return HS_POKER_TWO_PAIR;
    }
    if (pairs) {
        unsigned k = top(any & ~pairs, 3);
        *idx = (8 - __builtin_ctz(pairs)) * 56 + place(squeeze(k, pairs), 8, 3);
        return HS_POKER_PAIR;
    }
    *idx = place_no_straight(top(any, 5));
    return HS_POKER_HIGH_CARD;
}

int hs_shortdeck_rank(uint64_t hand, int rules) {
    assert(hs_shortdeck_valid(hand));
    assert(rules == HS_SHORTDECK_TRIPS_BEAT_STRAIGHT || rules == HS_SHORTDECK_STRAIGHT_BEATS_TRIPS);
    int idx, cat = classify(hand, rules, &idx);
    assert(idx >= 0 && idx < classes_of[cat]);
    return first_class(cat, rules) + idx;
}

int hs_shortdeck_category(int cls, int rules) {
    assert(cls >= 1 && cls <= HS_SHORTDECK_CLASSES);
    const int *order = order_of(rules);
    int i = 0;
    for (int last = classes_of[order[0]]; cls > last; last += classes_of[order[++i]])
        ;
    return order[i];
}

/* Find, among the five-card hands that put count[j] cards of strength j for j >= from (left
 * more to place), one of class cls in mixed suits; the suits go round, so no suit gets five. */
static uint64_t find_mixed(int cls, int rules, int count[STRENGTHS], int from, int left) {
    if (left == 0) {
        uint64_t hand = 0;
        int suit = 0;
        for (int j = 0; j < STRENGTHS; j++)
            for (int m = 0; m < count[j]; m++, suit++)
                hand |= hs_card_bit(hs_card(card_rank_of[j], suit % HS_SUITS));
        return hs_shortdeck_rank(hand, rules) == cls ? hand : 0;
    }
    if (from == STRENGTHS)
        return 0;
    for (int c = left < 4 ? left : 4; c >= 0; c--) {
        count[from] = c;
        uint64_t hand = find_mixed(cls, rules, count, from + 1, left - c);
        count[from] = 0;
        if (hand)
            return hand;
    }
    return 0;
}

/* A five-card hand of class cls: one per five-rank set in one suit, or per rank multiset in
 * mixed suits, ranked until one has the class. Describing is rare; this keeps the numbering in
 * one place, classify(). */
static uint64_t representative(int cls, int rules) {
    int cat = hs_shortdeck_category(cls, rules);
    if (cat == HS_POKER_STRAIGHT_FLUSH || cat == HS_POKER_FLUSH) {
        for (unsigned set = 0; set < (1u << STRENGTHS); set++) {
            if (hs_hand_size(set) != 5)
                continue;
            uint64_t hand = 0;
            for (int i = 0; i < STRENGTHS; i++)
                if (set >> i & 1)
                    hand |= hs_card_bit(hs_card(card_rank_of[i], 0));
            if (hs_shortdeck_rank(hand, rules) == cls)
                return hand;
        }
        assert(0 && "every flush class has a hand");
        return 0;
    }
    int count[STRENGTHS] = {0};
    uint64_t hand = find_mixed(cls, rules, count, 0, 5);
    assert(hand != 0 && "every class has a hand");
    return hand;
}

int hs_shortdeck_class_ranks(int cls, int rules, int ranks[5]) {
    uint64_t hand = representative(cls, rules);
    int cat = hs_shortdeck_category(cls, rules);
    int count[STRENGTHS] = {0};
    for (int s = 0; s < HS_SUITS; s++)
        for (int i = 0; i < STRENGTHS; i++)
            count[i] += (int)(lane_strengths(hs_lane(hand, s)) >> i & 1);
    int n = 0;
    if (cat == HS_POKER_STRAIGHT_FLUSH || cat == HS_POKER_STRAIGHT) {
        unsigned any = 0;
        for (int i = 0; i < STRENGTHS; i++)
            any |= (unsigned)(count[i] > 0) << i;
        int st = best_straight(any), high = 8 - st; /* the wheel 9-8-7-6-A: high = 3 (nine) */
        for (int i = 0; i < 5; i++)
            ranks[i] = card_rank_of[(high - i + STRENGTHS) % STRENGTHS];
        return cat;
    }
    for (int want = 4; want >= 1; want--)
        for (int i = STRENGTHS - 1; i >= 0; i--)
            if (count[i] == want)
                for (int m = 0; m < want; m++)
                    ranks[n++] = card_rank_of[i];
    assert(n == 5);
    return cat;
}

size_t hs_shortdeck_describe(int cls, int rules, char *buf, size_t cap) {
    int r[5];
    int cat = hs_shortdeck_class_ranks(cls, rules, r);
    return hs_poker_describe_ranks(cat, r, cls == 1, buf, cap);
}

uint64_t hs_shortdeck_best_five(uint64_t hand, int rules) {
    return hs_poker_five_of_class(hand, hs_shortdeck_rank(hand, rules), hs_shortdeck_rank, rules);
}

int hs_shortdeck_hist_run(int k, int rules, hs_shortdeck_hist *out) {
    if (k < 5 || k > 7 ||
        (rules != HS_SHORTDECK_TRIPS_BEAT_STRAIGHT && rules != HS_SHORTDECK_STRAIGHT_BEATS_TRIPS))
        return HS_ERR_ARG;
    memset(out, 0, sizeof *out);
    int card[HS_SHORTDECK_CARDS], n = 0;
    for (int c = 0; c < HS_CARDS; c++)
        if (HS_SHORTDECK_DECK_MASK >> c & 1)
            card[n++] = c;
    /* every k-subset of the 36 cards */
    int idx[7];
    for (int i = 0; i < k; i++)
        idx[i] = i;
    do {
        uint64_t hand = 0;
        for (int i = 0; i < k; i++)
            hand |= hs_card_bit(card[idx[i]]);
        out->count[hs_shortdeck_rank(hand, rules)]++;
        out->hands++;
    } while (hs_next_subset(idx, k, HS_SHORTDECK_CARDS));
    for (int c = 1; c <= HS_SHORTDECK_CLASSES; c++)
        out->category[hs_shortdeck_category(c, rules)] += out->count[c];
    return HS_OK;
}
