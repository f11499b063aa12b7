/* Hold'em over every board: preflop matchups against the reference, the published anchor, and
 * the whole preflop table against the direct enumeration and its own identities. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "holdem_cases.h"

/* Preflop (no board) matchups: 1,712,304 boards heads-up, fewer with more players or dead. */
static const holdem_case PREFLOP[] = {
    {{"AhAd", "KsKc", NULL}, NULL, NULL},
    {{"7c2d", "AsKs", NULL}, NULL, NULL},
    {{"5h5d", "AcKd", NULL}, NULL, NULL},
    {{"AhKh", "QsQd", "JcTc", NULL}, NULL, "2s 3s 4s 5s 6s 7s 8s 9s"},
    {{"AsAh", "8d7d", "2c2h", "KcQc", NULL}, NULL, "3d 4d 5d 6d 9h Th Jh Qh Kh 9c"},
    {{"AA", "KhKd", NULL}, NULL, "Ac Ad 2c 3c 4c 5c 6c 7c 8c 9c"},
    {{"AhKh", "QQ", "76s", NULL}, NULL, "2h 7h Tc 3s 4s 5s 6s 8s 9s Ts Js 2d 3d 4d"},
    {{"JhTh", "9s9c", NULL}, NULL, "Ah"},
};

static void test_preflop_matchups_match_reference(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof PREFLOP / sizeof PREFLOP[0]; i++)
        check_holdem_case(&PREFLOP[i]);
}

/* Ah Ad vs Ks Kc over all 1,712,304 boards: 1,388,072 wins, 6,538 ties, 317,694 losses. */
static void test_published_anchor(void **state) {
    (void)state;
    uint64_t aces[12], kings[12];
    size_t n;
    assert_int_equal(hs_holdem_hand_parse("Ah Ad", 5, aces, &n, NULL), HS_OK);
    assert_int_equal(hs_holdem_hand_parse("Ks Kc", 5, kings, &n, NULL), HS_OK);
    const uint64_t *ranges[2] = {aces, kings};
    size_t counts[2] = {1, 1};
    hs_holdem_equity e;
    assert_int_equal(hs_holdem_equity_run(2, ranges, counts, 0, 0, 0, NULL, NULL, &e), HS_OK);
    assert_int_equal(e.deals, 1712304);
    assert_int_equal(e.player[0].wins, 1388072);
    assert_int_equal(e.player[0].ties, 6538);
    assert_int_equal(e.player[0].losses, 317694);
    assert_int_equal(e.player[1].wins, 317694);
}

static hs_holdem_preflop *table;
static hs_holdem_preflop_counts *full;

static int setup_table(void **state) {
    (void)state;
    if (hs_holdem_preflop_new(&table) != HS_OK)
        return -1;
    full = calloc(1, sizeof *full);
    return hs_holdem_preflop_run(table, 0, hs_holdem_preflop_units(table), 0, NULL, NULL, full);
}

static int teardown_table(void **state) {
    (void)state;
    hs_holdem_preflop_free(table);
    free(full);
    return 0;
}

/* Every ordered pair's deals add up to its disjoint combination pairs times every board, so
 * equity(A,B) + equity(B,A) = 1 exactly; ties are symmetric; the diagonal is one half. */
static void test_preflop_identities(void **state) {
    (void)state;
    assert_int_equal(hs_holdem_preflop_boards(table), 134459);
    assert_int_equal(full->units_done, hs_holdem_preflop_units(table));
    for (int a = 0; a < HS_HOLDEM_CLASSES; a++)
        for (int b = 0; b < HS_HOLDEM_CLASSES; b++) {
            uint64_t total = full->wins[a][b] + full->ties[a][b] + full->wins[b][a];
            assert_int_equal(total, hs_holdem_class_pairs(a, b) * UINT64_C(1712304));
            assert_int_equal(full->ties[a][b], full->ties[b][a]);
        }
}

/* Table entries against the direct enumeration of each class pair. */
static void test_preflop_matches_direct_enumeration(void **state) {
    (void)state;
    const char *pairs[][2] = {{"AA", "KK"},   {"AKs", "QQ"}, {"72o", "AA"}, {"T9s", "T9o"},
                              {"AKo", "AKo"}, {"22", "AKo"}, {"65s", "65s"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        uint64_t ca[12], cb[12];
        size_t na, nb;
        assert_int_equal(hs_holdem_hand_parse(pairs[i][0], strlen(pairs[i][0]), ca, &na, NULL),
                         HS_OK);
        assert_int_equal(hs_holdem_hand_parse(pairs[i][1], strlen(pairs[i][1]), cb, &nb, NULL),
                         HS_OK);
        const uint64_t *ranges[2] = {ca, cb};
        size_t counts[2] = {na, nb};
        hs_holdem_equity e;
        assert_int_equal(hs_holdem_equity_run(2, ranges, counts, 0, 0, 0, NULL, NULL, &e), HS_OK);
        int a = hs_holdem_class(ca[0]), b = hs_holdem_class(cb[0]);
        print_message("%s vs %s: %llu deals\n", pairs[i][0], pairs[i][1],
                      (unsigned long long)e.deals);
        assert_int_equal(full->wins[a][b], e.player[0].wins);
        assert_int_equal(full->ties[a][b], e.player[0].ties);
        assert_int_equal(full->wins[b][a], e.player[0].losses);
    }
}

/* Units split in two runs, at different thread counts, merge into the same table. */
static void test_preflop_units_merge(void **state) {
    (void)state;
    size_t units = hs_holdem_preflop_units(table), mid = units / 3;
    hs_holdem_preflop_counts *split = calloc(1, sizeof *split);
    assert_int_equal(hs_holdem_preflop_run(table, mid, units, 1, NULL, NULL, split), HS_OK);
    assert_int_equal(hs_holdem_preflop_run(table, 0, mid, 2, NULL, NULL, split), HS_OK);
    assert_memory_equal(split, full, sizeof *split);
    assert_int_equal(hs_holdem_preflop_run(table, 2, 1, 1, NULL, NULL, split), HS_ERR_ARG);
    free(split);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_preflop_matchups_match_reference),
        cmocka_unit_test(test_published_anchor),
        cmocka_unit_test(test_preflop_identities),
        cmocka_unit_test(test_preflop_matches_direct_enumeration),
        cmocka_unit_test(test_preflop_units_merge),
    };
    return cmocka_run_group_tests(tests, setup_table, teardown_table);
}
