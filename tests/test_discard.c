/* Discard analysis: the worked example, argument checks, ordering, patterns, the throw table's
 * classes, and small checks against the plain-loop reference (the full ones are in
 * test_discard_exhaustive.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "crib_ref.h"
#include "discard_ref.h"
#include "handstat/handstat.h"

static uint64_t mask_of(const char *text) {
    int cards[8];
    size_t n = 0;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 8, &n, NULL), HS_OK);
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++)
        m |= hs_card_bit(cards[i]);
    return m;
}

static const hs_discard_keep *find_keep(const hs_discard *d, uint64_t keep) {
    for (int k = 0; k < d->n_keeps; k++)
        if (d->keeps[k].keep == keep)
            return &d->keeps[k];
    fail_msg("keep not found");
    return NULL;
}

/* Dealt 2C 3H 4D 5D 5S JS, keeping 3H 4D 5D 5S: hand expectation 574/46 = 287/23. */
static void test_worked_example(void **state) {
    (void)state;
    hs_discard d;
    assert_int_equal(hs_discard_analyze(mask_of("2C 3H 4D 5D 5S JS"), HS_CRIB_DEALER, &d), HS_OK);
    assert_int_equal(d.players, 2);
    assert_int_equal(d.n_keeps, 15);
    const hs_discard_keep *k = find_keep(&d, mask_of("3H 4D 5D 5S"));
    assert_int_equal(k->thrown, mask_of("2C JS"));
    assert_int_equal(k->hand_sum, 574);
    assert_int_equal(k->hand_cases, 46);
    assert_int_equal(k->crib_cases, HS_DISCARD_CRIB_CASES2);
    assert_int_equal(k->hand_min, 8);
    assert_int_equal(k->hand_max, 20);
    /* the hand part of every keep against the reference scorer */
    for (int i = 0; i < d.n_keeps; i++) {
        ref_discard_keep r = ref_discard_hand_sums(mask_of("2C 3H 4D 5D 5S JS"), d.keeps[i].thrown);
        assert_int_equal(d.keeps[i].hand_sum, r.hand_sum);
        assert_int_equal(d.keeps[i].hand_sum2, r.hand_sum2);
        assert_int_equal(d.keeps[i].hand_min, r.hand_min);
        assert_int_equal(d.keeps[i].hand_max, r.hand_max);
    }
    /* the crib of one throw against the reference: 45,540 reference scorings */
    ref_discard_keep r = ref_discard_keep_sums(mask_of("2C 3H 4D 5D 5S JS"), k->thrown);
    assert_int_equal(r.crib_cases, HS_DISCARD_CRIB_CASES2);
    assert_int_equal(k->crib_sum, r.crib_sum);
}

static void test_arguments(void **state) {
    (void)state;
    hs_discard d;
    assert_int_equal(hs_discard_analyze(mask_of("2C 3H 4D 5D"), HS_CRIB_DEALER, &d), HS_ERR_COUNT);
    assert_int_equal(hs_discard_analyze(mask_of("2C 3H 4D 5D 6D 7D 8D"), HS_CRIB_DEALER, &d),
                     HS_ERR_COUNT);
    assert_int_equal(
        hs_discard_analyze(mask_of("2C 3H 4D 5D 6D") | UINT64_C(1) << 60, HS_CRIB_DEALER, &d),
        HS_ERR_ARG);
    assert_int_equal(hs_discard_analyze(mask_of("2C 3H 4D 5D 6D 7D"), (hs_crib_role)7, &d),
                     HS_ERR_ARG);
    hs_discard_tables *t = (hs_discard_tables *)&d;
    assert_int_equal(hs_discard_tables_new(-1, &t), HS_ERR_ARG);
    assert_null(t);
}

/* Best first under each role; the sums do not depend on the role; three players. */
static void test_order_and_roles(void **state) {
    (void)state;
    const char *deals[] = {"AS 5C 5D TH JD KC", "2H 3H 4H 6H 8H QH", "5C 5D 5H 5S JC JD",
                           "AC 2D 3H 4S 5C", "5C 5D 5H JS KS"};
    for (size_t i = 0; i < sizeof deals / sizeof deals[0]; i++) {
        hs_discard dd, dp;
        uint64_t dealt = mask_of(deals[i]);
        assert_int_equal(hs_discard_analyze(dealt, HS_CRIB_DEALER, &dd), HS_OK);
        assert_int_equal(hs_discard_analyze(dealt, HS_CRIB_PONE, &dp), HS_OK);
        const int six = hs_hand_size(dealt) == 6;
        assert_int_equal(dd.n_keeps, six ? 15 : 5);
        assert_int_equal(dd.players, six ? 2 : 3);
        for (int k = 0; k < dd.n_keeps; k++) {
            const hs_discard_keep *a = &dd.keeps[k];
            const hs_discard_keep *b = find_keep(&dp, a->keep);
            assert_int_equal(a->keep | a->thrown, dealt);
            assert_int_equal(a->keep & a->thrown, 0);
            assert_int_equal(hs_hand_size(a->keep), 4);
            assert_int_equal(a->hand_sum, b->hand_sum);
            assert_int_equal(a->crib_sum, b->crib_sum);
            const int64_t h = (int64_t)(a->hand_sum * (a->crib_cases / a->hand_cases));
            assert_true(a->combined_num == h + (int64_t)a->crib_sum);
            assert_true(b->combined_num == h - (int64_t)b->crib_sum);
            assert_true(hs_discard_combined_num(a, HS_CRIB_PONE) == b->combined_num);
            assert_int_equal(a->hand_cases, six ? 46 : 47);
            assert_int_equal(a->crib_cases, six ? 45540 : 713460);
            if (k > 0) {
                assert_true(dd.keeps[k - 1].combined_num >= a->combined_num);
                assert_true(dp.keeps[k - 1].combined_num >= dp.keeps[k].combined_num);
            }
        }
    }
}

static void test_patterns(void **state) {
    (void)state;
    int seen[HS_DEALS_PATTERNS] = {0};
    int n = 0;
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++)
            for (int c = b; c < 13; c++)
                for (int d = c; d < 13; d++) {
                    const int r[4] = {a, b, c, d};
                    int p = hs_deals_pattern_index(r), back[4];
                    assert_in_range(p, 0, HS_DEALS_PATTERNS - 1);
                    assert_int_equal(seen[p], 0);
                    seen[p] = 1;
                    hs_deals_pattern_ranks(p, back);
                    assert_memory_equal(r, back, sizeof r);
                    n++;
                }
    assert_int_equal(n, HS_DEALS_PATTERNS);
}

/* 169 classes, 1326 throws; a few concrete throws of a class against the class; one throw
 * against the reference. */
static void test_throw_table(void **state) {
    (void)state;
    hs_crib_throw_class t[HS_THROW_CLASSES];
    hs_crib_throw_table(t);
    int combos = 0, pairs = 0, suited = 0;
    for (int i = 0; i < HS_THROW_CLASSES; i++) {
        combos += t[i].combos;
        pairs += t[i].rank_lo == t[i].rank_hi;
        suited += t[i].suited;
        assert_true(t[i].crib_sum > 0 && t[i].crib_sum < 29 * HS_THROW_CASES);
    }
    assert_int_equal(combos, 1326);
    assert_int_equal(pairs, 13);
    assert_int_equal(suited, 78);
    /* 5-5: every one of its six pairs */
    const hs_crib_throw_class *fives = NULL;
    for (int i = 0; i < HS_THROW_CLASSES; i++)
        if (t[i].rank_lo == 4 && t[i].rank_hi == 4)
            fives = &t[i];
    assert_non_null(fives);
    for (int s = 0; s < 4; s++)
        for (int u = s + 1; u < 4; u++)
            assert_int_equal(hs_crib_throw_sum(hs_card(4, s), hs_card(4, u)), fives->crib_sum);
    /* J-5 suited in spades, against the plain loops */
    const int a = hs_card(HS_JACK, HS_SPADES), b = hs_card(4, HS_SPADES);
    uint64_t ref = 0, cases = 0;
    for (int x = 0; x < 52; x++)
        for (int y = x + 1; y < 52; y++)
            for (int s = 0; s < 52; s++) {
                if (x == a || x == b || y == a || y == b || s == a || s == b || s == x || s == y)
                    continue;
                const int five[5] = {a, b, x, y, s};
                ref += (uint64_t)ref_crib_score5(five, 1).total;
                cases++;
            }
    assert_int_equal(cases, HS_THROW_CASES);
    assert_int_equal(hs_crib_throw_sum(a, b), ref);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_example),  cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_order_and_roles), cmocka_unit_test(test_patterns),
        cmocka_unit_test(test_throw_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
