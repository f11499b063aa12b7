/* Hold'em classes, hand parsing, and equity on matchups with known cards against the reference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "holdem_cases.h"

static uint64_t cards_mask(const char *text) {
    int cards[8];
    size_t n;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 8, &n, NULL), HS_OK);
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++)
        m |= hs_card_bit(cards[i]);
    return m;
}

static void test_classes(void **state) {
    (void)state;
    char name[4];
    const struct {
        int cls;
        const char *name;
        int combos;
    } known[] = {{0, "AA", 6},    {1, "AKs", 4},  {13, "AKo", 12},  {14, "KK", 6},
                 {168, "22", 6},  {12, "A2s", 4}, {156, "A2o", 12}, {167, "32o", 12},
                 {155, "32s", 4}, {57, "T9s", 4}, {69, "T9o", 12}};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        hs_holdem_class_name(known[i].cls, name);
        assert_string_equal(name, known[i].name);
        assert_int_equal(hs_holdem_class_combos(known[i].cls), known[i].combos);
    }
    /* Every two-card hand falls in exactly one class, and the class lists agree. */
    int per_class[HS_HOLDEM_CLASSES] = {0}, total = 0;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            per_class[hs_holdem_class(hs_card_bit(a) | hs_card_bit(b))]++;
    for (int c = 0; c < HS_HOLDEM_CLASSES; c++) {
        uint64_t hands[12];
        int n = hs_holdem_class_hands(c, hands);
        assert_int_equal(n, per_class[c]);
        assert_int_equal(n, hs_holdem_class_combos(c));
        for (int i = 0; i < n; i++) {
            assert_int_equal(hs_holdem_class(hands[i]), c);
            if (i > 0)
                assert_true(hands[i - 1] < hands[i]);
        }
        total += n;
        hs_holdem_class_name(c, name);
        uint64_t parsed[12];
        size_t m;
        assert_int_equal(hs_holdem_hand_parse(name, strlen(name), parsed, &m, NULL), HS_OK);
        assert_int_equal(m, (size_t)n);
        assert_memory_equal(parsed, hands, (size_t)n * sizeof *hands);
    }
    assert_int_equal(total, 1326);
    assert_int_equal(hs_holdem_class(cards_mask("Ah Kh")), 1);
    assert_int_equal(hs_holdem_class(cards_mask("2c 3d")), 167);
    /* Disjoint combination pairs. */
    assert_int_equal(hs_holdem_class_pairs(0, 14), 36);
    assert_int_equal(hs_holdem_class_pairs(0, 0), 6);
    assert_int_equal(hs_holdem_class_pairs(1, 13), 24);
    assert_int_equal(hs_holdem_class_pairs(0, 1), 12); /* AA vs AKs: two aces left */
}

static void test_hand_parse(void **state) {
    (void)state;
    uint64_t combos[12];
    size_t n;
    hs_parse_error err;
    const char *ok_cards[] = {"AhKd", "Ah Kd", " kdah ", "10h9h", "Th 9h"};
    const char *ok_as[] = {"AH KD", "AH KD", "AH KD", "TH 9H", "TH 9H"};
    for (size_t i = 0; i < 5; i++) {
        assert_int_equal(hs_holdem_hand_parse(ok_cards[i], strlen(ok_cards[i]), combos, &n, &err),
                         HS_OK);
        assert_int_equal(n, 1);
        assert_int_equal(combos[0], cards_mask(ok_as[i]));
    }
    assert_int_equal(hs_holdem_hand_parse("kao", 3, combos, &n, NULL), HS_OK);
    assert_int_equal(n, 12);
    assert_int_equal(hs_holdem_class(combos[0]), 13);
    assert_int_equal(hs_holdem_hand_parse("t9S", 3, combos, &n, NULL), HS_OK);
    assert_int_equal(hs_holdem_class(combos[0]), 57);
    struct {
        const char *text;
        int rc;
    } bad[] = {{"AK", HS_ERR_TOKEN},       {"AAs", HS_ERR_TOKEN}, {"AKx", HS_ERR_TOKEN},
               {"AhAh", HS_ERR_DUPLICATE}, {"Ah", HS_ERR_COUNT},  {"AhKdQs", HS_ERR_COUNT},
               {"", HS_ERR_COUNT},         {"XX", HS_ERR_TOKEN}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(hs_holdem_hand_parse(bad[i].text, strlen(bad[i].text), combos, &n, &err),
                         bad[i].rc);
}

static void test_equity_arguments(void **state) {
    (void)state;
    uint64_t a = cards_mask("Ah Ad"), k = cards_mask("Kh Kd"), bad = cards_mask("Ah Kd Qs");
    const uint64_t *ranges[3] = {&a, &k, &bad};
    size_t counts[3] = {1, 1, 1};
    hs_holdem_equity e;
    assert_int_equal(hs_holdem_equity_run(1, ranges, counts, 0, 0, 1, NULL, NULL, &e), HS_ERR_ARG);
    assert_int_equal(hs_holdem_equity_run(3, ranges, counts, 0, 0, 1, NULL, NULL, &e), HS_ERR_ARG);
    assert_int_equal(hs_holdem_equity_run(2, ranges, counts, cards_mask("2c 3c 4c 5c 6c 7c"), 0, 1,
                                          NULL, NULL, &e),
                     HS_ERR_ARG);
    const uint64_t *clash[2] = {&a, &a};
    assert_int_equal(hs_holdem_equity_run(2, clash, counts, 0, 0, 1, NULL, NULL, &e), HS_ERR_COUNT);
}

/* Matchups with some board known (each a few thousand deals at most), several players, dead
 * cards and class ranges. The preflop ones are in the exhaustive test. */
static const holdem_case QUICK[] = {
    {{"AhKh", "QsQd", NULL}, "2h 7h Tc", NULL},
    {{"AhKh", "QQ", "76s", NULL}, "2h 7h Tc", NULL},
    {{"AhKh", "QsQd", NULL}, "2h 7h Tc 9s", NULL},
    {{"AhKh", "QsQd", NULL}, "2h 7h Tc 9s 3h", NULL},
    {{"AsAd", "KsKd", "QsQd", "JsJd", NULL}, "2c 3c 4c", NULL},
    {{"5c4c", "AsAd", "KhQh", NULL}, "3c 2c Ah", "Kd"},
    {{"AKs", "AKo", NULL}, "Ah Kh 2d", NULL},
    {{"T9s", "88", "AQo", NULL}, "8c 9c Td", "2s 3s"},
    {{"2c2d", "3c3d", NULL}, "As Ks Qs Js Ts", NULL}, /* the board plays: always a split */
    {{"7h2d", "7s2c", NULL}, "Ac Kc Qd", NULL},       /* identical ranks: ties */
    {{"AhAd", "KsKc", NULL}, "Kh 2c 3c", "4c 5c 6c"},
    {{"JJ", "AKs", "22", "T9o", NULL}, "Jc 9d 2h", NULL},
};

static void test_equity_known_boards_match_reference(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof QUICK / sizeof QUICK[0]; i++)
        check_holdem_case(&QUICK[i]);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classes),
        cmocka_unit_test(test_hand_parse),
        cmocka_unit_test(test_equity_arguments),
        cmocka_unit_test(test_equity_known_boards_match_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
