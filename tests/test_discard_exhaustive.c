/* Discard analysis against plain loops over every opponent throw and starter with the reference
 * scorer; the all-deals kernel against the discard analysis; the whole enumeration's totals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "discard_ref.h"
#include "handstat/handstat.h"

static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint64_t next_random(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static uint64_t random_deal(int n) {
    uint64_t m = 0;
    while (hs_hand_size(m) < n)
        m |= hs_card_bit((int)(next_random() % 52));
    return m;
}

/* Every keep of the analysis equals the reference's sums, and the order and combined figures
 * follow from them for both roles. */
static void check_deal(uint64_t dealt) {
    hs_discard d[2];
    assert_int_equal(hs_discard_analyze(dealt, HS_CRIB_DEALER, &d[0]), HS_OK);
    assert_int_equal(hs_discard_analyze(dealt, HS_CRIB_PONE, &d[1]), HS_OK);
    for (int k = 0; k < d[0].n_keeps; k++) {
        const hs_discard_keep *a = &d[0].keeps[k];
        ref_discard_keep r = ref_discard_keep_sums(dealt, a->thrown);
        if (a->hand_sum != r.hand_sum || a->hand_sum2 != r.hand_sum2 || a->hand_min != r.hand_min ||
            a->hand_max != r.hand_max || a->hand_cases != r.hand_cases ||
            a->crib_sum != r.crib_sum || a->crib_cases != r.crib_cases) {
            char text[40];
            hs_hand_format(dealt, text, sizeof text);
            fail_msg("deal %s keep %d: hand %llu/%u crib %llu/%llu, reference %llu/%llu %llu/%llu",
                     text, k, (unsigned long long)a->hand_sum, a->hand_cases,
                     (unsigned long long)a->crib_sum, (unsigned long long)a->crib_cases,
                     (unsigned long long)r.hand_sum, (unsigned long long)r.hand_cases,
                     (unsigned long long)r.crib_sum, (unsigned long long)r.crib_cases);
        }
        const int64_t ratio = (int64_t)(r.crib_cases / r.hand_cases);
        for (int role = 0; role < 2; role++) {
            const int64_t want = (int64_t)r.hand_sum * ratio +
                                 (role == 0 ? (int64_t)r.crib_sum : -(int64_t)r.crib_sum);
            const hs_discard_keep *b = NULL;
            for (int j = 0; j < d[role].n_keeps; j++)
                if (d[role].keeps[j].keep == a->keep)
                    b = &d[role].keeps[j];
            assert_non_null(b);
            assert_true(b->combined_num == want);
        }
    }
    for (int role = 0; role < 2; role++)
        for (int k = 1; k < d[role].n_keeps; k++)
            assert_true(d[role].keeps[k - 1].combined_num >= d[role].keeps[k].combined_num);
}

/* 100 random two-player deals (15 x 45,540 reference scorings each). */
static void test_two_players_vs_reference(void **state) {
    (void)state;
    for (int i = 0; i < 100; i++)
        check_deal(random_deal(6));
}

/* A few three-player deals (5 x 713,460 reference scorings each). */
static void test_three_players_vs_reference(void **state) {
    (void)state;
    for (int i = 0; i < 3; i++)
        check_deal(random_deal(5));
}

static hs_discard_tables *tables;

static int make_tables(void **state) {
    (void)state;
    return hs_discard_tables_new(0, &tables) == HS_OK ? 0 : -1;
}

static int free_tables(void **state) {
    (void)state;
    hs_discard_tables_free(tables);
    return 0;
}

/* The all-deals kernel's inclusion-exclusion sums equal the discard analysis's, exactly. */
static void test_deal_kernel_vs_analysis(void **state) {
    (void)state;
    for (int i = 0; i < 1000; i++) {
        uint64_t dealt = random_deal(6);
        uint64_t keep[15], hand[15], crib[15];
        hs_discard_deal_sums(tables, dealt, keep, hand, crib);
        hs_discard d;
        assert_int_equal(hs_discard_analyze(dealt, HS_CRIB_DEALER, &d), HS_OK);
        for (int k = 0; k < 15; k++) {
            int found = 0;
            for (int j = 0; j < 15; j++)
                if (d.keeps[j].keep == keep[k]) {
                    found = 1;
                    assert_int_equal(hand[k], d.keeps[j].hand_sum);
                    assert_int_equal(crib[k], d.keeps[j].crib_sum);
                }
            assert_true(found);
        }
    }
}

/* Every one of the 1,326 throws, in one deal each (with four random kept cards): the kernel's
 * sums for that keep equal the analysis's. The kernel reads a throw's tables through its class
 * up to suit permutation with the kept cards' suits relabelled, so this covers every
 * relabelling it makes. */
static void test_deal_kernel_every_throw(void **state) {
    (void)state;
    int checked = 0;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++) {
            const uint64_t thrown = hs_card_bit(a) | hs_card_bit(b);
            uint64_t dealt = thrown;
            while (hs_hand_size(dealt) < 6)
                dealt |= hs_card_bit((int)(next_random() % 52));
            uint64_t keep[15], hand[15], crib[15];
            hs_discard_deal_sums(tables, dealt, keep, hand, crib);
            int k = 0;
            while (k < 15 && keep[k] != (dealt & ~thrown))
                k++;
            assert_true(k < 15);
            hs_discard d;
            assert_int_equal(hs_discard_analyze(dealt, HS_CRIB_DEALER, &d), HS_OK);
            int found = 0;
            for (int j = 0; j < d.n_keeps; j++)
                if (d.keeps[j].keep == keep[k]) {
                    found = 1;
                    assert_int_equal(hand[k], d.keeps[j].hand_sum);
                    assert_int_equal(crib[k], d.keeps[j].crib_sum);
                }
            assert_true(found);
            checked++;
        }
    assert_int_equal(checked, 1326);
}

/* Each throw class: every concrete pair of the class has the class's sum. */
static void test_throw_classes_exact(void **state) {
    (void)state;
    hs_crib_throw_class t[HS_THROW_CLASSES];
    hs_crib_throw_table(t);
    int checked = 0;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++) {
            int lo = hs_card_rank(a), hi = hs_card_rank(b);
            if (lo > hi) {
                int x = lo;
                lo = hi;
                hi = x;
            }
            const int suited = lo != hi && hs_card_suit(a) == hs_card_suit(b);
            int found = 0;
            for (int i = 0; i < HS_THROW_CLASSES; i++)
                if (t[i].rank_lo == lo && t[i].rank_hi == hi && t[i].suited == suited) {
                    assert_int_equal(hs_crib_throw_sum(a, b), t[i].crib_sum);
                    found++;
                }
            assert_int_equal(found, 1);
            checked++;
        }
    assert_int_equal(checked, 1326);
}

/* The whole enumeration: every deal counted once, the same at 1 and 2 threads. */
static void test_all_deals(void **state) {
    (void)state;
    hs_discard_deals *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(hs_discard_deals_run(tables, 1, NULL, NULL, a), HS_OK);
    assert_int_equal(hs_discard_deals_run(tables, 2, NULL, NULL, b), HS_OK);
    assert_memory_equal(a, b, sizeof *a);
    assert_int_equal(a->deals, HS_DEALS6);
    uint64_t n = 0;
    for (int k = 0; k < HS_DEALS_HAND_NUMS; k++)
        n += a->best_hand[k];
    assert_int_equal(n, HS_DEALS6);
    for (int r = 0; r < 2; r++) {
        n = 0;
        for (int k = 0; k < HS_DEALS_BINS; k++)
            n += a->best_combined[r][k];
        assert_int_equal(n, HS_DEALS6);
    }
    for (int c = 0; c < 3; c++) {
        n = 0;
        for (int k = 0; k < HS_DEALS_PATTERNS; k++)
            n += a->pattern[c][k];
        assert_int_equal(n, HS_DEALS6);
    }
    free(a);
    free(b);
}

/* Folding by suits: a deal and its suit-permuted images give the same analysis. */
static void test_suit_invariance(void **state) {
    (void)state;
    for (int i = 0; i < 50; i++) {
        uint64_t dealt = random_deal(6);
        /* rotate the suits: clubs -> diamonds -> hearts -> spades -> clubs */
        uint64_t rotated = 0;
        for (int s = 0; s < 4; s++)
            rotated |= (uint64_t)hs_lane(dealt, s) << (13 * ((s + 1) % 4));
        hs_discard x, y;
        assert_int_equal(hs_discard_analyze(dealt, HS_CRIB_DEALER, &x), HS_OK);
        assert_int_equal(hs_discard_analyze(rotated, HS_CRIB_DEALER, &y), HS_OK);
        for (int k = 0; k < 15; k++) {
            assert_true(x.keeps[k].combined_num == y.keeps[k].combined_num);
            assert_int_equal(x.keeps[k].hand_sum, y.keeps[k].hand_sum);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_players_vs_reference),
        cmocka_unit_test(test_three_players_vs_reference),
        cmocka_unit_test(test_throw_classes_exact),
        cmocka_unit_test(test_suit_invariance),
        cmocka_unit_test(test_deal_kernel_vs_analysis),
        cmocka_unit_test(test_deal_kernel_every_throw),
        cmocka_unit_test(test_all_deals),
    };
    return cmocka_run_group_tests(tests, make_tables, free_tables);
}
