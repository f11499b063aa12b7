/* The poker ranker against the reference over every 5- and 6-card hand and millions of random
 * 7-card hands, and the exhaustive distributions against the reference and published counts.
 * Usage: test_poker_exhaustive 5|6|7 (one group per hand size; each takes well under a minute). */
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

static hs_poker_hist *run_hist(int k, int threads) {
    hs_poker_hist *h = malloc(sizeof *h);
    assert_non_null(h);
    assert_int_equal(hs_poker_hist_run(k, threads, NULL, NULL, h), HS_OK);
    return h;
}

static int distinct_classes(const uint64_t *count) {
    int n = 0;
    for (int c = 1; c <= REF_POKER_CLASSES; c++)
        n += count[c] != 0;
    return n;
}

static void fail_hand(const int *cards, int n, int fast, int ref) {
    uint64_t mask = 0;
    for (int i = 0; i < n; i++)
        mask |= hs_card_bit(cards[i]);
    char text[40];
    hs_hand_format(mask, text, sizeof text);
    fail_msg("hand %s: fast class %d, reference %d", text, fast, ref);
}

/* The published category counts of the k-card distribution, best category first. */
static const uint64_t published[3][9] = {
    {40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540},
    {1844, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900},
    {41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460},
};

static void check_published(const hs_poker_hist *h, int k) {
    uint64_t total = 0;
    for (int c = 0; c < HS_POKER_CATEGORIES; c++) {
        if (h->category[c] != published[k - 5][c])
            fail_msg("%d cards, %s: %llu hands, published %llu", k, hs_poker_category_name(c),
                     (unsigned long long)h->category[c], (unsigned long long)published[k - 5][c]);
        uint64_t sum = 0;
        for (int cls = hs_poker_category_first(c); cls <= hs_poker_category_last(c); cls++)
            sum += h->count[cls];
        assert_int_equal(sum, h->category[c]);
        total += sum;
    }
    assert_int_equal(h->count[0], 0);
    assert_int_equal(total, h->hands);
}

/* Every five-card hand: fast == reference; the distribution from the reference's counts. */
static void test_every_five_card_hand(void **state) {
    const ref_poker *ref = *state;
    uint64_t *count = calloc(HS_POKER_CLASSES + 1, sizeof *count);
    assert_non_null(count);
    uint64_t hands = 0;
    int c[5];
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 52; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 52; c[2]++)
                for (c[3] = c[2] + 1; c[3] < 52; c[3]++)
                    for (c[4] = c[3] + 1; c[4] < 52; c[4]++) {
                        uint64_t mask = hs_card_bit(c[0]) | hs_card_bit(c[1]) | hs_card_bit(c[2]) |
                                        hs_card_bit(c[3]) | hs_card_bit(c[4]);
                        int fast = hs_poker_rank5(mask), slow = ref_poker_class5(ref, c);
                        if (fast != slow)
                            fail_hand(c, 5, fast, slow);
                        count[slow]++;
                        hands++;
                    }
    assert_int_equal(hands, 2598960);
    assert_int_equal(distinct_classes(count), 7462);
    hs_poker_hist *h = run_hist(5, 0);
    assert_int_equal(h->hands, 2598960);
    for (int cls = 0; cls <= HS_POKER_CLASSES; cls++)
        assert_int_equal(h->count[cls], count[cls]);
    check_published(h, 5);
    free(h);
    free(count);
}

/* Every six-card hand: fast == best of its six five-card subsets by the reference, and the
 * distribution equal to the reference's own counts, class by class. */
static void test_every_six_card_hand(void **state) {
    const ref_poker *ref = *state;
    uint64_t *count = calloc(HS_POKER_CLASSES + 1, sizeof *count);
    uint64_t ref_category[9] = {0};
    assert_non_null(count);
    int c[6];
    for (c[0] = 0; c[0] < 52; c[0]++)
        for (c[1] = c[0] + 1; c[1] < 52; c[1]++)
            for (c[2] = c[1] + 1; c[2] < 52; c[2]++)
                for (c[3] = c[2] + 1; c[3] < 52; c[3]++) {
                    uint64_t m4 = hs_card_bit(c[0]) | hs_card_bit(c[1]) | hs_card_bit(c[2]) |
                                  hs_card_bit(c[3]);
                    for (c[4] = c[3] + 1; c[4] < 52; c[4]++)
                        for (c[5] = c[4] + 1; c[5] < 52; c[5]++) {
                            uint64_t mask = m4 | hs_card_bit(c[4]) | hs_card_bit(c[5]);
                            int fast = hs_poker_rank6(mask), slow = ref_poker_best(ref, c, 6);
                            if (fast != slow)
                                fail_hand(c, 6, fast, slow);
                            count[slow]++;
                        }
                }
    for (int cls = 1; cls <= HS_POKER_CLASSES; cls++)
        ref_category[ref_poker_category(ref, cls)] += count[cls];
    hs_poker_hist *h = run_hist(6, 0);
    assert_int_equal(h->hands, 20358520);
    for (int cls = 0; cls <= HS_POKER_CLASSES; cls++)
        assert_int_equal(h->count[cls], count[cls]);
    for (int cat = 0; cat < 9; cat++)
        assert_int_equal(h->category[cat], ref_category[cat]);
    check_published(h, 6);
    assert_int_equal(distinct_classes(h->count), 6075); /* published: 6,075 classes occur */
    free(h);
    free(count);
}

static uint64_t splitmix64(uint64_t *s) {
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Ten million random seven-card hands: fast == best of 21 five-card subsets by the reference. */
static void test_random_seven_card_hands(void **state) {
    const ref_poker *ref = *state;
    uint64_t seed = UINT64_C(20240607);
    int c[7];
    for (long i = 0; i < 10000000; i++) {
        uint64_t mask = 0;
        for (int n = 0; n < 7;) {
            int card = (int)((splitmix64(&seed) >> 32) * 52 >> 32);
            if (mask & hs_card_bit(card))
                continue;
            mask |= hs_card_bit(card);
            c[n++] = card;
        }
        int fast = hs_poker_rank7(mask), slow = ref_poker_best(ref, c, 7);
        if (fast != slow)
            fail_hand(c, 7, fast, slow);
    }
}

/* The seven-card distribution: published counts, 4,824 classes, and identical at 1, 2 and 8
 * threads. */
static void test_seven_card_distribution(void **state) {
    (void)state;
    hs_poker_hist *one = run_hist(7, 1);
    hs_poker_hist *two = run_hist(7, 2);
    hs_poker_hist *eight = run_hist(7, 8);
    assert_int_equal(one->hands, 133784560);
    check_published(one, 7);
    assert_int_equal(distinct_classes(one->count), 4824);
    assert_memory_equal(one, two, sizeof *one);
    assert_memory_equal(one, eight, sizeof *one);
    free(one);
    free(two);
    free(eight);
}

/* The smaller distributions do not depend on the thread count either. */
static void test_small_distributions_thread_independent(void **state) {
    (void)state;
    for (int k = 5; k <= 6; k++) {
        hs_poker_hist *one = run_hist(k, 1);
        hs_poker_hist *eight = run_hist(k, 8);
        assert_memory_equal(one, eight, sizeof *one);
        free(one);
        free(eight);
    }
}

int main(int argc, char **argv) {
    const struct CMUnitTest five[] = {
        cmocka_unit_test(test_every_five_card_hand),
    };
    const struct CMUnitTest six[] = {
        cmocka_unit_test(test_every_six_card_hand),
        cmocka_unit_test(test_small_distributions_thread_independent),
    };
    const struct CMUnitTest seven[] = {
        cmocka_unit_test(test_random_seven_card_hands),
        cmocka_unit_test(test_seven_card_distribution),
    };
    const char *group = argc > 1 ? argv[1] : "";
    if (strcmp(group, "5") == 0)
        return cmocka_run_group_tests_name("poker 5 cards", five, ref_poker_group_setup,
                                           ref_poker_group_teardown);
    if (strcmp(group, "6") == 0)
        return cmocka_run_group_tests_name("poker 6 cards", six, ref_poker_group_setup,
                                           ref_poker_group_teardown);
    if (strcmp(group, "7") == 0)
        return cmocka_run_group_tests_name("poker 7 cards", seven, ref_poker_group_setup,
                                           ref_poker_group_teardown);
    fprintf(stderr, "usage: test_poker_exhaustive 5|6|7\n");
    return 2;
}
