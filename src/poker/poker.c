/* Poker hand ranking: the public ranker, categories and class descriptions. */
#include "poker_internal.h"
#include "job_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

int hs_poker_valid(uint64_t hand) {
    int n = hs_hand_size(hand);
    return (hand & ~HS_DECK_MASK) == 0 && n >= 5 && n <= 7;
}

int hs_poker_rank(uint64_t hand) {
    assert(hs_poker_valid(hand));
    return hs_poker_rank_kernel(hand);
}

int hs_poker_rank5(uint64_t hand) {
    assert((hand & ~HS_DECK_MASK) == 0 && hs_hand_size(hand) == 5);
    return hs_poker_rank_kernel(hand);
}

int hs_poker_rank6(uint64_t hand) {
    assert((hand & ~HS_DECK_MASK) == 0 && hs_hand_size(hand) == 6);
    return hs_poker_rank_kernel(hand);
}

/* (The names in parentheses: poker.h's macros make calls elsewhere inline.) */
int(hs_poker_rank7)(uint64_t hand) {
    assert((hand & ~HS_DECK_MASK) == 0 && hs_hand_size(hand) == 7);
    return hs_poker_rank7_inline(hand);
}

/* The inline kernel's work (the cards' keys added; a flush out of line), not the mask and the
 * four lane lookups: 249 against 154 M/s for the mask route over 10 M random hands on AMD Zen 3
 * (bench/peers/call_probe.c). */
int(hs_poker_rank7_ids)(const uint8_t ids[7]) {
#ifndef NDEBUG
    (void)hs_poker_ids7_mask(ids); /* its asserts: seven distinct ids below 52 */
#endif
    return hs_poker_rank7_ids_inline(ids);
}

int hs_poker_rank7_ids_flush(const uint8_t ids[7]) {
    return (int)hs_poker_flush_class(hs_poker_ids7_mask(ids));
}

uint64_t hs_poker_five_of_class(uint64_t hand, int best, int (*rank)(uint64_t, int), int rules) {
    int n = hs_hand_size(hand);
    if (n == 5)
        return hand;
    /* Leave out one card (six cards) or two (seven), lowest indices first. */
    for (uint64_t a = hand; a != 0; a &= a - 1) {
        uint64_t rest = hand & ~(a & -a);
        if (n == 6) {
            if (rank(rest, rules) == best)
                return rest;
            continue;
        }
        for (uint64_t b = a & (a - 1); b != 0; b &= b - 1) {
            uint64_t five = rest & ~(b & -b);
            if (rank(five, rules) == best)
                return five;
        }
    }
    assert(0 && "some five cards make the hand's class");
    return hand;
}

static int rank_of(uint64_t hand, int unused) {
    (void)unused;
    return hs_poker_rank_kernel(hand);
}

uint64_t hs_poker_best_five(uint64_t hand) {
    assert(hs_poker_valid(hand));
    return hs_poker_five_of_class(hand, hs_poker_rank_kernel(hand), rank_of, 0);
}

/* The last class of each category. */
static const int category_last[HS_POKER_CATEGORIES] = {10,   166,  322,  1599, 1609,
                                                       2467, 3325, 6185, 7462};

int hs_poker_category(int cls) {
    assert(cls >= 1 && cls <= HS_POKER_CLASSES);
    int cat = 0;
    for (int i = 0; i < HS_POKER_CATEGORIES - 1; i++)
        cat += cls > category_last[i];
    return cat;
}

const char *hs_poker_category_name(int cat) {
    static const char *const names[HS_POKER_CATEGORIES] = {
        "straight_flush",  "four_of_a_kind", "full_house", "flush",    "straight",
        "three_of_a_kind", "two_pair",       "pair",       "high_card"};
    return cat >= 0 && cat < HS_POKER_CATEGORIES ? names[cat] : "unknown";
}

int hs_poker_category_first(int cat) {
    assert(cat >= 0 && cat < HS_POKER_CATEGORIES);
    return cat == 0 ? 1 : category_last[cat - 1] + 1;
}

int hs_poker_category_last(int cat) {
    assert(cat >= 0 && cat < HS_POKER_CATEGORIES);
    return category_last[cat];
}

int hs_poker_class_ranks(int cls, int ranks[5]) {
    assert(cls >= 1 && cls <= HS_POKER_CLASSES);
    uint32_t info = hs_poker_class_info[cls];
    for (int i = 0; i < 5; i++)
        ranks[i] = (int)(info >> (4 * i) & 0xF);
    return (int)(info >> 20);
}

static const char *const rank_name[HS_RANKS] = {"ace",  "two",   "three", "four", "five",
                                                "six",  "seven", "eight", "nine", "ten",
                                                "jack", "queen", "king"};
static const char *const rank_plural[HS_RANKS] = {"aces",  "twos",   "threes", "fours", "fives",
                                                  "sixes", "sevens", "eights", "nines", "tens",
                                                  "jacks", "queens", "kings"};

/* Append text to a bounded buffer, keeping the full length in *len (snprintf semantics). */
static void put(char *buf, size_t cap, size_t *len, const char *text) {
    size_t n = strlen(text);
    if (*len < cap) {
        size_t room = cap - 1 - *len;
        memcpy(buf + *len, text, n < room ? n : room);
        buf[*len + (n < room ? n : room)] = '\0';
    }
    *len += n;
}

/* Append "r0-r1-...": `n` rank names joined by hyphens. */
static void put_ranks(char *buf, size_t cap, size_t *len, const int *r, int n) {
    for (int i = 0; i < n; i++) {
        if (i > 0)
            put(buf, cap, len, "-");
        put(buf, cap, len, rank_name[r[i]]);
    }
}

size_t hs_poker_describe(int cls, char *buf, size_t cap) {
    int r[5];
    int cat = hs_poker_class_ranks(cls, r);
    return hs_poker_describe_ranks(cat, r, cls == 1, buf, cap);
}

size_t hs_poker_describe_ranks(int cat, const int r[5], int royal, char *buf, size_t cap) {
    size_t len = 0;
    if (cap > 0)
        buf[0] = '\0';
    switch ((enum hs_poker_category)cat) {
    case HS_POKER_STRAIGHT_FLUSH:
    case HS_POKER_STRAIGHT:
        if (royal) {
            put(buf, cap, &len, "Royal flush");
            break;
        }
        put(buf, cap, &len, cat == HS_POKER_STRAIGHT ? "Straight, " : "Straight flush, ");
        put(buf, cap, &len, rank_name[r[0]]);
        put(buf, cap, &len, " high");
        break;
    case HS_POKER_FOUR_OF_A_KIND:
        put(buf, cap, &len, "Four of a kind, ");
        put(buf, cap, &len, rank_plural[r[0]]);
        put(buf, cap, &len, ", ");
        put(buf, cap, &len, rank_name[r[4]]);
        put(buf, cap, &len, " kicker");
        break;
    case HS_POKER_FULL_HOUSE:
        put(buf, cap, &len, "Full house, ");
        put(buf, cap, &len, rank_plural[r[0]]);
        put(buf, cap, &len, " over ");
        put(buf, cap, &len, rank_plural[r[3]]);
        break;
    case HS_POKER_FLUSH:
    case HS_POKER_HIGH_CARD:
        put(buf, cap, &len, cat == HS_POKER_FLUSH ? "Flush, " : "High card, ");
        put_ranks(buf, cap, &len, r, 5);
        break;
    case HS_POKER_THREE_OF_A_KIND:
        put(buf, cap, &len, "Three of a kind, ");
        put(buf, cap, &len, rank_plural[r[0]]);
        put(buf, cap, &len, ", kickers ");
        put_ranks(buf, cap, &len, r + 3, 2);
        break;
    case HS_POKER_TWO_PAIR:
        put(buf, cap, &len, "Two pair, ");
        put(buf, cap, &len, rank_plural[r[0]]);
        put(buf, cap, &len, " and ");
        put(buf, cap, &len, rank_plural[r[2]]);
        put(buf, cap, &len, ", ");
        put(buf, cap, &len, rank_name[r[4]]);
        put(buf, cap, &len, " kicker");
        break;
    case HS_POKER_PAIR:
        put(buf, cap, &len, "Pair of ");
        put(buf, cap, &len, rank_plural[r[0]]);
        put(buf, cap, &len, ", kickers ");
        put_ranks(buf, cap, &len, r + 2, 3);
        break;
    }
    return len;
}

/* The perfect hashes' tables stay within the size of the one hash they replaced (issue #44:
 * 49,576 bytes of 32-bit row offsets and 156,284 of classes). */
_Static_assert(sizeof hs_poker_base + sizeof hs_poker_class <= 49576 + 156284,
               "the rank hashes outgrew their budget");

uint64_t hs_poker_tables_hash(void) {
    uint64_t h = hs_hash64(hs_poker_lane, sizeof hs_poker_lane, HS_HASH64_INIT);
    h = hs_hash64(hs_poker_flush, sizeof hs_poker_flush, h);
    h = hs_hash64(hs_poker_base, sizeof hs_poker_base, h);
    h = hs_hash64(hs_poker_class, sizeof hs_poker_class, h);
    return hs_hash64(hs_poker_class_info, sizeof hs_poker_class_info, h);
}
