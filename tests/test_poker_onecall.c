/* The one-hand-per-call rankers (handstat/poker.h: hs_poker_rank7, hs_poker_rank7_ids; inline in
 * C through handstat/poker_state.h, exported for other languages) against the reference.
 * Usage: test_poker_onecall unit | 7 | ref.
 *   unit: random seven-card hands, their ids in random orders, and every hand of six or seven
 *     cards of one suit, through the inline forms and the library's functions, against the
 *     reference's best of the 21 five-card sets (under a second).
 *   7: every seven-card hand, its ids in a rotating order, the same paths against the incremental
 *     state's class (which test_poker_state's `ref` group checks against the reference on every
 *     hand), and against the reference itself on every 9973rd hand (a few seconds).
 *   ref: every seven-card hand, the same paths against the reference's classes of five cards (a
 *     table of all 2,598,960, then the best of each hand's 21; about 25 s, outside the default
 *     run). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "poker_ref.h"

static uint64_t rng_next(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* The four one-call paths on seven ids (any order) against `want`. */
static void check_ids(const uint8_t ids[7], int want) {
    uint64_t mask = 0;
    for (int j = 0; j < 7; j++)
        mask |= hs_card_bit(ids[j]);
    const int got[4] = {hs_poker_rank7(mask), (hs_poker_rank7)(mask), hs_poker_rank7_ids(ids),
                        (hs_poker_rank7_ids)(ids)};
    static const char *const what[4] = {"hs_poker_rank7 (inline)", "hs_poker_rank7 (library)",
                                        "hs_poker_rank7_ids (inline)",
                                        "hs_poker_rank7_ids (library)"};
    for (int p = 0; p < 4; p++)
        if (got[p] != want) {
            char text[40];
            hs_hand_format(mask, text, sizeof text);
            fail_msg("hand %s (ids %d %d %d %d %d %d %d): %s gave %d, the reference %d", text,
                     ids[0], ids[1], ids[2], ids[3], ids[4], ids[5], ids[6], what[p], got[p], want);
        }
}

static int ref_best7(const ref_poker *ref, const uint8_t ids[7]) {
    int cards[7];
    for (int j = 0; j < 7; j++)
        cards[j] = ids[j];
    return ref_poker_best(ref, cards, 7);
}

/* Random hands, ids in random order; every third one made to hold five to seven cards of one
 * suit, so that the out-of-line flush path runs often. */
static void test_random_hands(void **state) {
    const ref_poker *ref = *state;
    uint64_t x = 44;
    for (int i = 0; i < 60000; i++) {
        uint8_t ids[7];
        uint64_t mask = 0;
        const int suited = i % 3 == 0 ? 5 + i / 3 % 3 : 0, suit = (int)(rng_next(&x) % 4);
        for (int n = 0; n < 7;) {
            int c = n < suited ? suit * HS_RANKS + (int)(rng_next(&x) % HS_RANKS)
                               : (int)(rng_next(&x) % HS_CARDS);
            if (!(mask & hs_card_bit(c))) {
                mask |= hs_card_bit(c);
                ids[n++] = (uint8_t)c;
            }
        }
        for (int j = 6; j > 0; j--) { /* shuffle */
            int r = (int)(rng_next(&x) % (unsigned)(j + 1));
            uint8_t t = ids[j];
            ids[j] = ids[r];
            ids[r] = t;
        }
        check_ids(ids, ref_best7(ref, ids));
    }
}

/* Every hand of seven cards of one suit, and of six of one suit with each card of another (the
 * suit counter at its highest, and at six with a neighbour lane busy), for each suit: 4 * 1,716
 * + 4 * 1,716 * 39 hands. */
static void test_suited_hands(void **state) {
    const ref_poker *ref = *state;
    long n = 0;
    for (int s = 0; s < 4; s++)
        for (unsigned lane = 0; lane < 1u << HS_RANKS; lane++) {
            int k = __builtin_popcount(lane);
            if (k != 6 && k != 7)
                continue;
            uint8_t ids[7];
            int m = 0;
            for (int r = HS_RANKS - 1; r >= 0; r--) /* ranks from the top: not in card order */
                if (lane >> r & 1)
                    ids[m++] = (uint8_t)(s * HS_RANKS + r);
            if (k == 7) {
                check_ids(ids, ref_best7(ref, ids));
                n++;
                continue;
            }
            for (int c = 0; c < HS_CARDS; c++)
                if (c / HS_RANKS != s) {
                    ids[6] = (uint8_t)c;
                    check_ids(ids, ref_best7(ref, ids));
                    n++;
                }
        }
    assert_int_equal(n, 4 * 1716 + 4 * 1716 * 39);
}

/* ---- every seven-card hand ---------------------------------------------------------------- */

static uint32_t binom[53][6]; /* C(n, k) */

static uint32_t colex5(const int x[5]) { /* x ascending */
    return binom[x[0]][1] + binom[x[1]][2] + binom[x[2]][3] + binom[x[3]][4] + binom[x[4]][5];
}

/* Every seven-card hand against the state's class, and every 9973rd against the reference. */
static void test_every_seven_card_hand(void **state) {
    const ref_poker *ref = *state;
    uint64_t hands = 0, checked = 0;
    uint8_t c[7];
    hs_poker_state s[8];
    s[0] = hs_poker_state_empty();
    for (c[0] = 0; c[0] < 46; c[0]++) {
        s[1] = hs_poker_state_add(s[0], c[0]);
        for (c[1] = c[0] + 1; c[1] < 47; c[1]++) {
            s[2] = hs_poker_state_add(s[1], c[1]);
            for (c[2] = c[1] + 1; c[2] < 48; c[2]++) {
                s[3] = hs_poker_state_add(s[2], c[2]);
                for (c[3] = c[2] + 1; c[3] < 49; c[3]++) {
                    s[4] = hs_poker_state_add(s[3], c[3]);
                    for (c[4] = c[3] + 1; c[4] < 50; c[4]++) {
                        s[5] = hs_poker_state_add(s[4], c[4]);
                        for (c[5] = c[4] + 1; c[5] < 51; c[5]++) {
                            s[6] = hs_poker_state_add(s[5], c[5]);
                            for (c[6] = c[5] + 1; c[6] < 52; c[6]++, hands++) {
                                s[7] = hs_poker_state_add(s[6], c[6]);
                                uint8_t ids[7]; /* the ids rotated by hands % 7 */
                                for (int j = 0; j < 7; j++)
                                    ids[j] = c[(j + hands % 7) % 7];
                                if (hands % 9973 == 0) {
                                    check_ids(ids, ref_best7(ref, ids));
                                    checked++;
                                }
                                check_ids(ids, hs_poker_state_rank(s[7]));
                            }
                        }
                    }
                }
            }
        }
    }
    assert_int_equal(hands, 133784560);
    assert_int_equal(checked, (133784560 + 9972) / 9973);
}

/* Every seven-card hand against the reference's best of its 21 five-card sets. */
static void test_every_seven_card_hand_reference(void **state) {
    const ref_poker *ref = *state;
    for (int n = 0; n <= 52; n++)
        for (int j = 0; j <= 5; j++)
            binom[n][j] = j == 0 ? 1 : n == 0 ? 0 : binom[n - 1][j - 1] + binom[n - 1][j];
    uint16_t *five = malloc(sizeof *five * 2598960);
    assert_non_null(five);
    int x[5];
    for (x[4] = 4; x[4] < 52; x[4]++)
        for (x[3] = 3; x[3] < x[4]; x[3]++)
            for (x[2] = 2; x[2] < x[3]; x[2]++)
                for (x[1] = 1; x[1] < x[2]; x[1]++)
                    for (x[0] = 0; x[0] < x[1]; x[0]++)
                        five[colex5(x)] = (uint16_t)ref_poker_class5(ref, x);
    int subset[21][5], subsets = 0;
    for (unsigned m = 0; m < 1u << 7; m++)
        if (__builtin_popcount(m) == 5) {
            for (int q = 0, n = 0; q < 7; q++)
                if (m >> q & 1)
                    subset[subsets][n++] = q;
            subsets++;
        }
    uint64_t hands = 0;
    int c[7];
    for (c[0] = 0; c[0] < 46; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 47; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 48; c[2]++)
                for (c[3] = c[2] + 1; c[3] < 49; c[3]++)
                    for (c[4] = c[3] + 1; c[4] < 50; c[4]++)
                        for (c[5] = c[4] + 1; c[5] < 51; c[5]++)
                            for (c[6] = c[5] + 1; c[6] < 52; c[6]++, hands++) {
                                int best = REF_POKER_CLASSES + 1;
                                for (int i = 0; i < subsets; i++) {
                                    int y[5];
                                    for (int q = 0; q < 5; q++)
                                        y[q] = c[subset[i][q]];
                                    int v = five[colex5(y)];
                                    best = v < best ? v : best;
                                }
                                uint8_t ids[7]; /* the ids rotated by hands % 7 */
                                for (int j = 0; j < 7; j++)
                                    ids[j] = (uint8_t)c[(j + hands % 7) % 7];
                                check_ids(ids, best);
                            }
    assert_int_equal(hands, 133784560);
    free(five);
}

int main(int argc, char **argv) {
    const char *group = argc > 1 ? argv[1] : "unit";
    if (strcmp(group, "unit") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_random_hands),
                                           cmocka_unit_test(test_suited_hands)};
        return cmocka_run_group_tests_name("poker_onecall_unit", tests, ref_poker_group_setup,
                                           ref_poker_group_teardown);
    }
    if (strcmp(group, "7") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_seven_card_hand)};
        return cmocka_run_group_tests_name("poker_onecall_7", tests, ref_poker_group_setup,
                                           ref_poker_group_teardown);
    }
    if (strcmp(group, "ref") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_seven_card_hand_reference)};
        return cmocka_run_group_tests_name("poker_onecall_ref", tests, ref_poker_group_setup,
                                           ref_poker_group_teardown);
    }
    fprintf(stderr, "usage: test_poker_onecall unit|7|ref\n");
    return 2;
}
