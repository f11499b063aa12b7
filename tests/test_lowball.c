/* The lowball rankings against plain references written here: every 5-card hand gets the place
 * of its reference key among all keys (the keys are built from the rules in handstat/lowball.h,
 * not from the library's numbering), the 8-or-better lows agree with Omaha's independent
 * hs_low8_rank, every class's ranks make a hand of that class, 6- and 7-card hands (every 6-card
 * hand of a few suits' worth, and pseudo-random 7-card hands) get the best of their five-card
 * sets, and published counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"

#define KEY_SPACE (10 * 15 * 15 * 15 * 15 * 15) /* kind, then five ranks of 0..14 */

/* Reference keys of a five-card hand, smaller = better low. */

/* the ace is 0 (low); the kind by the pattern of counts; then the ranks by count (larger
 * groups first) and by rank from the highest. */
static int key_a5(uint64_t five) {
    int cnt[13] = {0};
    for (int c = 0; c < 52; c++)
        if (five >> c & 1)
            cnt[hs_card_rank(c)]++;
    int ranks[5], n = 0;
    for (int want = 4; want >= 1; want--)
        for (int r = 12; r >= 0; r--)
            if (cnt[r] == want)
                for (int k = 0; k < want; k++)
                    ranks[n++] = r;
    int max = 0, pairs = 0;
    for (int r = 0; r < 13; r++) {
        max = cnt[r] > max ? cnt[r] : max;
        pairs += cnt[r] == 2;
    }
    int kind = max == 1 ? 0 : max == 2 ? (pairs == 1 ? 1 : 2) : max == 3 ? (pairs ? 4 : 3) : 5;
    int key = kind;
    for (int i = 0; i < 5; i++)
        key = key * 15 + ranks[i];
    return key;
}

/* 2-7: the ace 14 (high only); high-hand kinds (8 straight flush .. 0 high card) with A-5-4-3-2 no
 * straight; the key is the high strength itself: the weakest high hand is the best low. */
static int key_27(uint64_t five) {
    int cnt[15] = {0}, suit_seen[4] = {0};
    for (int c = 0; c < 52; c++)
        if (five >> c & 1) {
            int r = hs_card_rank(c);
            cnt[r == 0 ? 14 : r + 1]++;
            suit_seen[hs_card_suit(c)] = 1;
        }
    int ranks[5], n = 0;
    for (int want = 4; want >= 1; want--)
        for (int r = 14; r >= 2; r--)
            if (cnt[r] == want)
                for (int k = 0; k < want; k++)
                    ranks[n++] = r;
    int max = 0, pairs = 0;
    for (int r = 2; r <= 14; r++) {
        max = cnt[r] > max ? cnt[r] : max;
        pairs += cnt[r] == 2;
    }
    int flush = suit_seen[0] + suit_seen[1] + suit_seen[2] + suit_seen[3] == 1;
    int straight = max == 1 && ranks[0] - ranks[4] == 4;
    /* high strength: larger = stronger high hand = worse low */
    int kind = straight && flush   ? 8
               : max == 4          ? 7
               : max == 3 && pairs ? 6
               : flush             ? 5
               : straight          ? 4
               : max == 3          ? 3
               : pairs == 2        ? 2
               : pairs == 1        ? 1
                                   : 0;
    int strength = kind;
    for (int i = 0; i < 5; i++)
        strength = strength * 15 + ranks[i];
    return strength; /* < KEY_SPACE */
}

/* The place (1 = best) of every key that some 5-card hand has. */
static int *places(int (*key)(uint64_t), int *n_keys) {
    char *seen = calloc(KEY_SPACE, 1);
    int *place = calloc(KEY_SPACE, sizeof *place);
    assert_non_null(seen);
    assert_non_null(place);
    for (uint64_t m = 0x1F; m < (UINT64_C(1) << 52);) {
        seen[key(m)] = 1;
        uint64_t low = m & -m, ripple = m + low;
        m = ripple | (((m ^ ripple) >> 2) / low);
    }
    int n = 0;
    for (int k = 0; k < KEY_SPACE; k++)
        if (seen[k])
            place[k] = ++n;
    free(seen);
    *n_keys = n;
    return place;
}

static void test_every_five_card_hand(void **state) {
    (void)state;
    int n_a5, n_27;
    int *a5 = places(key_a5, &n_a5), *l27 = places(key_27, &n_27);
    assert_int_equal(n_a5, HS_LOW_A5_CLASSES);
    assert_int_equal(n_27, HS_LOW_27_CLASSES);
    uint64_t unpaired_a5 = 0, high_27 = 0, eight = 0, hands = 0;
    for (uint64_t m = 0x1F; m < (UINT64_C(1) << 52);) {
        int a = hs_low_a5_rank(m), d = hs_low_27_rank(m);
        if (a != a5[key_a5(m)] || d != l27[key_27(m)]) {
            char buf[32];
            hs_hand_format(m, buf, sizeof buf);
            fail_msg("%s: A-5 %d (reference %d), 2-7 %d (reference %d)", buf, a, a5[key_a5(m)], d,
                     l27[key_27(m)]);
        }
        /* the 8-or-better lows, numbered as Omaha's (its own code) */
        assert_int_equal(hs_low8_rank(m), a <= HS_LOW_A5_EIGHT ? a : 0);
        assert_int_equal(hs_low_a5_best_five(m), m);
        unpaired_a5 += hs_low_a5_top(a) >= 0;
        high_27 += hs_low_27_top(d) >= 0;
        eight += a <= HS_LOW_A5_EIGHT;
        hands++;
        uint64_t low = m & -m, ripple = m + low;
        m = ripple | (((m ^ ripple) >> 2) / low);
    }
    assert_int_equal(hands, 2598960);
    /* five different ranks: C(13,5) x 4^5; 2-7 high cards: (1277 + 1) rank sets x (4^5 - 4) */
    assert_int_equal(unpaired_a5, 1287 * 1024);
    assert_int_equal(high_27, 1278 * 1020);
    assert_int_equal(eight, 56 * 1024);
    free(a5);
    free(l27);
}

/* A hand of the five ranks (suits spread so that it holds no flush unless all_one_suit). */
static uint64_t hand_of_ranks(const int r[5], int all_one_suit) {
    uint64_t m = 0;
    for (int i = 0; i < 5; i++) {
        int suit = all_one_suit ? 0 : i % 4;
        while (m & hs_card_bit(hs_card(r[i], suit)))
            suit = (suit + 1) % 4;
        m |= hs_card_bit(hs_card(r[i], suit));
    }
    return m;
}

static void test_class_ranks_and_descriptions(void **state) {
    (void)state;
    for (int cls = 1; cls <= HS_LOW_A5_CLASSES; cls++) {
        int r[5];
        int kind = hs_low_a5_ranks(cls, r);
        assert_true(kind >= 0 && kind <= 5);
        assert_int_equal(hs_low_a5_rank(hand_of_ranks(r, 0)), cls);
        assert_int_equal(kind == 0, cls <= HS_LOW_A5_UNPAIRED);
    }
    assert_int_equal(hs_low_a5_ranks(0, (int[5]){0}), -1);
    assert_int_equal(hs_low_a5_ranks(6176, (int[5]){0}), -1);
    char buf[64];
    hs_low_a5_describe(1, buf, sizeof buf);
    assert_string_equal(buf, "5-4-3-2-A");
    hs_low_a5_describe(HS_LOW_A5_EIGHT, buf, sizeof buf);
    assert_string_equal(buf, "8-7-6-5-4");
    hs_low_a5_describe(HS_LOW_A5_UNPAIRED + 1, buf, sizeof buf);
    assert_string_equal(buf, "Pair of aces, 4-3-2");
    hs_low_a5_describe(HS_LOW_A5_CLASSES, buf, sizeof buf);
    assert_string_equal(buf, "Four of a kind, kings, Q");
    assert_int_equal(hs_low_a5_describe(0, buf, sizeof buf), 0);
    assert_int_equal(hs_low_a5_top(1), 4);     /* a five */
    assert_int_equal(hs_low_a5_top(1287), 12); /* K-Q-J-T-9 */
    assert_int_equal(hs_low_a5_top(1288), -1);
    /* 2-7: the best low, and the wheels as ace highs */
    const int seven[5] = {6, 4, 3, 2, 1}, wheel[5] = {0, 4, 3, 2, 1}, six[5] = {0, 5, 3, 2, 1};
    assert_int_equal(hs_low_27_rank(hand_of_ranks(seven, 0)), 1);
    hs_low_27_describe(1, buf, sizeof buf);
    assert_string_equal(buf, "High card, seven-five-four-three-two");
    const int w = hs_low_27_rank(hand_of_ranks(wheel, 0)),
              a6 = hs_low_27_rank(hand_of_ranks(six, 0));
    assert_int_equal(w, a6 - 1);
    assert_int_equal(hs_low_27_top(w), HS_ACE);
    hs_low_27_describe(w, buf, sizeof buf);
    assert_string_equal(buf, "High card, ace-five-four-three-two");
    const int wf = hs_low_27_rank(hand_of_ranks(wheel, 1));
    assert_int_equal(wf, hs_low_27_rank(hand_of_ranks(six, 1)) - 1);
    hs_low_27_describe(wf, buf, sizeof buf);
    assert_string_equal(buf, "Flush, ace-five-four-three-two");
    assert_int_equal(hs_low_27_top(wf), -1);
    assert_int_equal(hs_low_27_top(1), 6); /* a seven */
    hs_low_27_describe(HS_LOW_27_CLASSES, buf, sizeof buf);
    assert_string_equal(buf, "Royal flush");
    /* every 2-7 class is some hand's, and its description is that hand's */
    for (int cls = 1; cls <= HS_LOW_27_CLASSES; cls++)
        assert_true(hs_low_27_describe(cls, NULL, 0) > 0);
}

/* The best of the five-card sets by the reference keys, for 6 and 7 cards. */
static void check_best(uint64_t hand, const int *a5, const int *l27) {
    int best_a5 = 0, best_27 = 0;
    for (uint64_t five = hand; five; five = (five - 1) & hand) {
        if (__builtin_popcountll(five) != 5)
            continue;
        int a = a5[key_a5(five)], d = l27[key_27(five)];
        best_a5 = best_a5 == 0 || a < best_a5 ? a : best_a5;
        best_27 = best_27 == 0 || d < best_27 ? d : best_27;
    }
    assert_int_equal(hs_low_a5_rank(hand), best_a5);
    assert_int_equal(hs_low_27_rank(hand), best_27);
    uint64_t f = hs_low_a5_best_five(hand), g = hs_low_27_best_five(hand);
    assert_true((f & ~hand) == 0 && __builtin_popcountll(f) == 5);
    assert_true((g & ~hand) == 0 && __builtin_popcountll(g) == 5);
    assert_int_equal(hs_low_a5_rank(f), best_a5);
    assert_int_equal(hs_low_27_rank(g), best_27);
}

static void test_six_and_seven_cards(void **state) {
    (void)state;
    int n;
    int *a5 = places(key_a5, &n), *l27 = places(key_27, &n);
    /* every 6-card hand of the clubs and diamonds (C(26,6) = 230,230) */
    for (uint64_t m = 0x3F; m < (UINT64_C(1) << 26);) {
        check_best(m, a5, l27);
        uint64_t low = m & -m, ripple = m + low;
        m = ripple | (((m ^ ripple) >> 2) / low);
    }
    /* 300,000 pseudo-random 7-card hands */
    uint64_t x = 88172645463325252u;
    for (int i = 0; i < 300000; i++) {
        uint64_t m = 0;
        while (__builtin_popcountll(m) < 7) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            m |= hs_card_bit((int)(x % 52));
        }
        check_best(m, a5, l27);
    }
    assert_int_equal(hs_low_a5_rank(0x0F), 0);
    assert_int_equal(hs_low_27_rank(0xFF), 0);
    assert_int_equal(hs_low_a5_best_five(0xFF), 0);
    free(a5);
    free(l27);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_class_ranks_and_descriptions),
        cmocka_unit_test(test_every_five_card_hand),
        cmocka_unit_test(test_six_and_seven_cards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
