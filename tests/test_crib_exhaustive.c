/* Every hand and starter: the fast scorer against the reference, and the distribution's facts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "crib_ref.h"
#include "handstat/handstat.h"

/* All 270,725 hands x 48 starters under both rules, compared component by component, with the
 * reference's own distribution built along the way. */
static void test_every_hand_matches_reference(void **state) {
    (void)state;
    for (int crib = 0; crib <= 1; crib++) {
        uint64_t ref_count[30] = {0}, combos = 0;
        int cards[5];
        for (cards[0] = 0; cards[0] < 52; cards[0]++)
            for (cards[1] = cards[0] + 1; cards[1] < 52; cards[1]++)
                for (cards[2] = cards[1] + 1; cards[2] < 52; cards[2]++)
                    for (cards[3] = cards[2] + 1; cards[3] < 52; cards[3]++) {
                        uint64_t hand = hs_card_bit(cards[0]) | hs_card_bit(cards[1]) |
                                        hs_card_bit(cards[2]) | hs_card_bit(cards[3]);
                        for (cards[4] = 0; cards[4] < 52; cards[4]++) {
                            if (hand & hs_card_bit(cards[4]))
                                continue;
                            ref_crib_score r = ref_crib_score5(cards, crib);
                            hs_crib_score s =
                                hs_crib_score5(hand, cards[4], crib ? HS_CRIB_CRIB : HS_CRIB_HAND);
                            if (s.fifteens != r.fifteens || s.pairs != r.pairs ||
                                s.runs != r.runs || s.flush != r.flush || s.nobs != r.nobs ||
                                s.total != r.total) {
                                char text[32];
                                hs_hand_format(hand, text, sizeof text);
                                fail_msg("hand %s starter %d (%s rules): fast %d, reference %d",
                                         text, cards[4], crib ? "crib" : "hand", s.total, r.total);
                            }
                            ref_count[r.total]++;
                            combos++;
                        }
                    }
        assert_int_equal(combos, HS_CRIB_COMBOS);
        hs_crib_hist h;
        assert_int_equal(hs_crib_hist_run(crib ? HS_CRIB_CRIB : HS_CRIB_HAND, 0, NULL, NULL, &h),
                         HS_OK);
        for (int s = 0; s < 30; s++)
            assert_int_equal(h.count[s], ref_count[s]);
    }
}

/* Published facts about the hand-rules distribution. */
static void test_known_distribution_facts(void **state) {
    (void)state;
    hs_crib_hist h;
    assert_int_equal(hs_crib_hist_run(HS_CRIB_HAND, 2, NULL, NULL, &h), HS_OK);
    assert_int_equal(h.hands, HS_CRIB_COMBOS);
    uint64_t total = 0, points = 0;
    for (int s = 0; s <= HS_CRIB_MAX_SCORE; s++) {
        total += h.count[s];
        points += (uint64_t)s * h.count[s];
    }
    assert_int_equal(total, UINT64_C(12994800));
    assert_int_equal(h.count[0], UINT64_C(1009008));
    assert_int_equal(h.count[29], 4);
    assert_int_equal(h.count[19], 0);
    assert_int_equal(h.count[25], 0);
    assert_int_equal(h.count[26], 0);
    assert_int_equal(h.count[27], 0);
    /* mean 60759/12740 = 4.769152...: points * 12740 == 60759 * hands. */
    assert_int_equal(points * 12740, UINT64_C(60759) * h.hands);
    uint64_t by_component = 0;
    for (int c = 0; c < 5; c++)
        by_component += h.points[c];
    assert_int_equal(by_component, points);
    /* Nobs: each of the 4 jacks, one of the 12 other cards of its suit as starter, and any
     * three of the remaining 50 cards: 4 * 12 * C(50,3). */
    assert_int_equal(h.points[4], UINT64_C(4) * 12 * 19600);
}

/* Identical at every thread count, and equal to the units merged one by one in reverse. */
static void test_deterministic_at_any_thread_count(void **state) {
    (void)state;
    for (int crib = 0; crib <= 1; crib++) {
        hs_crib_rules rules = crib ? HS_CRIB_CRIB : HS_CRIB_HAND;
        hs_crib_hist one, two, eight, manual;
        assert_int_equal(hs_crib_hist_run(rules, 1, NULL, NULL, &one), HS_OK);
        assert_int_equal(hs_crib_hist_run(rules, 2, NULL, NULL, &two), HS_OK);
        assert_int_equal(hs_crib_hist_run(rules, 8, NULL, NULL, &eight), HS_OK);
        memset(&manual, 0, sizeof manual);
        for (size_t u = hs_crib_hist_units(); u-- > 0;) {
            hs_crib_hist part;
            memset(&part, 0, sizeof part);
            hs_crib_hist_unit(u, rules, &part);
            hs_crib_hist_merge(&manual, &part);
        }
        assert_memory_equal(&one, &two, sizeof one);
        assert_memory_equal(&one, &eight, sizeof one);
        assert_memory_equal(&one, &manual, sizeof one);
    }
}

static int stop_after_three(void *ctx, uint64_t done, uint64_t total) {
    int *calls = ctx;
    assert_true(done <= total);
    return ++*calls >= 3;
}

static void test_cancel(void **state) {
    (void)state;
    int calls = 0;
    hs_crib_hist h;
    assert_int_equal(hs_crib_hist_run(HS_CRIB_HAND, 2, stop_after_three, &calls, &h),
                     HS_ERR_CANCELLED);
    assert_int_equal(h.hands, 0);
    assert_int_equal(hs_crib_hist_run(HS_CRIB_HAND, -1, NULL, NULL, &h), HS_ERR_ARG);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_hand_matches_reference),
        cmocka_unit_test(test_known_distribution_facts),
        cmocka_unit_test(test_deterministic_at_any_thread_count),
        cmocka_unit_test(test_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
