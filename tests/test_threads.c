/* Every multi-threaded enumeration at 1, 2 and 8 threads gives identical results. Small enough
 * to run under ThreadSanitizer (label `threads`, the `tsan` preset), where a data race between
 * workers is reported. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"

static const int THREADS[] = {1, 2, 8};

static void test_crib_hist(void **state) {
    (void)state;
    hs_crib_hist first, h;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(hs_crib_hist_run(HS_CRIB_HAND, THREADS[i], NULL, NULL, &h), HS_OK);
        if (i == 0)
            first = h;
        assert_memory_equal(&h, &first, sizeof h);
    }
    assert_int_equal(first.hands, HS_CRIB_COMBOS);
}

static void test_poker_hists(void **state) {
    (void)state;
    hs_poker_hist *first = malloc(sizeof *first), *h = malloc(sizeof *h);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(hs_poker_hist_run(7, THREADS[i], NULL, NULL, h), HS_OK);
        if (i == 0)
            memcpy(first, h, sizeof *h);
        assert_memory_equal(h, first, sizeof *h);
        /* ranking every hand: five cards (2.6 M hands) keeps this quick under the sanitizer */
        assert_int_equal(hs_poker_hist_enumerate(5, THREADS[i], NULL, NULL, h), HS_OK);
        assert_int_equal(h->hands, 2598960);
    }
    free(first);
    free(h);
}

static void test_matchups(void **state) {
    (void)state;
    hs_poker_matchups *first = malloc(sizeof *first), *m = malloc(sizeof *m);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(hs_poker_matchups_run(THREADS[i], NULL, NULL, m, NULL), HS_OK);
        if (i == 0)
            memcpy(first, m, sizeof *m);
        assert_memory_equal(m, first, sizeof *m);
    }
    free(first);
    free(m);
}

static void test_holdem(void **state) {
    (void)state;
    uint64_t a[12], b[12], c[12];
    size_t na, nb, nc;
    assert_int_equal(hs_holdem_hand_parse("AKs", 3, a, &na, NULL), HS_OK);
    assert_int_equal(hs_holdem_hand_parse("QQ", 2, b, &nb, NULL), HS_OK);
    assert_int_equal(hs_holdem_hand_parse("T9s", 3, c, &nc, NULL), HS_OK);
    const uint64_t *ranges[3] = {a, b, c};
    size_t counts[3] = {na, nb, nc};
    uint64_t board = hs_card_bit(hs_card(2, HS_HEARTS)) | hs_card_bit(hs_card(6, HS_CLUBS)) |
                     hs_card_bit(hs_card(HS_KING, HS_SPADES));
    hs_holdem_equity first, e;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(
            hs_holdem_equity_run(3, ranges, counts, board, 0, THREADS[i], NULL, NULL, &e), HS_OK);
        if (i == 0)
            first = e;
        assert_memory_equal(&e, &first, sizeof e);
    }
    hs_holdem_preflop *table;
    assert_int_equal(hs_holdem_preflop_new(&table), HS_OK);
    hs_holdem_preflop_counts *p1 = calloc(1, sizeof *p1), *p2 = calloc(1, sizeof *p2);
    for (int i = 0; i < 3; i++) {
        memset(p2, 0, sizeof *p2);
        assert_int_equal(hs_holdem_preflop_run(table, 0, 24, THREADS[i], NULL, NULL, p2), HS_OK);
        if (i == 0)
            memcpy(p1, p2, sizeof *p1);
        assert_memory_equal(p2, p1, sizeof *p1);
    }
    free(p1);
    free(p2);
    hs_holdem_vs_random_counts *v1 = calloc(1, sizeof *v1), *v2 = calloc(1, sizeof *v2);
    for (int i = 0; i < 3; i++) {
        memset(v2, 0, sizeof *v2);
        assert_int_equal(hs_holdem_vs_random_run(table, 0, 24, THREADS[i], NULL, NULL, v2), HS_OK);
        if (i == 0)
            memcpy(v1, v2, sizeof *v1);
        assert_memory_equal(v2, v1, sizeof *v1);
    }
    /* Three opponents too, on units of large groups (the first: flush boards) and of small. */
    for (int i = 0; i < 3; i++) {
        memset(v2, 0, sizeof *v2);
        assert_int_equal(
            hs_holdem_vs_random_run_opponents(table, 3, 0, 2, THREADS[i], NULL, NULL, v2), HS_OK);
        assert_int_equal(
            hs_holdem_vs_random_run_opponents(table, 3, 600, 602, THREADS[i], NULL, NULL, v2),
            HS_OK);
        if (i == 0)
            memcpy(v1, v2, sizeof *v1);
        assert_memory_equal(v2, v1, sizeof *v1);
    }
    free(v1);
    free(v2);
    hs_holdem_preflop_free(table);
}

static void test_discard_deals(void **state) {
    (void)state;
    hs_discard_tables *t1, *t2;
    assert_int_equal(hs_discard_tables_new(1, &t1), HS_OK);
    assert_int_equal(hs_discard_tables_new(8, &t2), HS_OK);
    hs_discard_deals *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    assert_int_equal(hs_discard_deals_run(t1, 2, NULL, NULL, a), HS_OK);
    assert_int_equal(hs_discard_deals_run(t2, 8, NULL, NULL, b), HS_OK);
    assert_memory_equal(a, b, sizeof *a);
    free(a);
    free(b);
    hs_discard_tables_free(t1);
    hs_discard_tables_free(t2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_crib_hist),   cmocka_unit_test(test_discard_deals),
        cmocka_unit_test(test_poker_hists), cmocka_unit_test(test_matchups),
        cmocka_unit_test(test_holdem),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
