/* Card parsing and formatting. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"

static int parse(const char *text, int *cards, size_t cap, size_t *n, hs_parse_error *err) {
    return hs_cards_parse(text, strlen(text), cards, cap, n, err);
}

static void test_canonical_table(void **state) {
    (void)state;
    /* The documented corners of the table. */
    assert_int_equal(hs_card(HS_ACE, HS_CLUBS), 0);
    assert_int_equal(hs_card(HS_KING, HS_CLUBS), 12);
    assert_int_equal(hs_card(HS_ACE, HS_DIAMONDS), 13);
    assert_int_equal(hs_card(HS_TEN, HS_HEARTS), 35);
    assert_int_equal(hs_card(HS_KING, HS_SPADES), 51);
    for (int c = 0; c < HS_CARDS; c++) {
        assert_int_equal(hs_card(hs_card_rank(c), hs_card_suit(c)), c);
        char name[3];
        hs_card_format(c, name);
        int back = -1;
        assert_int_equal(hs_card_parse(name, 2, &back), HS_OK);
        assert_int_equal(back, c);
    }
}

static void test_parse_forms(void **state) {
    (void)state;
    int cards[8];
    size_t n;
    /* U+2663 black club suit in UTF-8. */
    assert_int_equal(parse("AS 10h Td 5\xE2\x99\xA3 qd", cards, 8, &n, NULL), HS_OK);
    assert_int_equal(n, 5);
    assert_int_equal(cards[0], hs_card(HS_ACE, HS_SPADES));
    assert_int_equal(cards[1], hs_card(HS_TEN, HS_HEARTS));
    assert_int_equal(cards[2], hs_card(HS_TEN, HS_DIAMONDS));
    assert_int_equal(cards[3], hs_card(4, HS_CLUBS));
    assert_int_equal(cards[4], hs_card(HS_QUEEN, HS_DIAMONDS));
    /* White suit symbols, commas and tabs. */
    assert_int_equal(parse("k\xE2\x99\xA1,\t2\xE2\x99\xA2 J\xE2\x99\xA4", cards, 8, &n, NULL),
                     HS_OK);
    assert_int_equal(n, 3);
    assert_int_equal(cards[0], hs_card(HS_KING, HS_HEARTS));
    assert_int_equal(cards[1], hs_card(1, HS_DIAMONDS));
    assert_int_equal(cards[2], hs_card(HS_JACK, HS_SPADES));
    /* Cards written together. */
    assert_int_equal(parse("AhKd 10s9\xE2\x99\xA0", cards, 8, &n, NULL), HS_OK);
    assert_int_equal(n, 4);
    assert_int_equal(cards[0], hs_card(HS_ACE, HS_HEARTS));
    assert_int_equal(cards[1], hs_card(HS_KING, HS_DIAMONDS));
    assert_int_equal(cards[2], hs_card(HS_TEN, HS_SPADES));
    assert_int_equal(cards[3], hs_card(8, HS_SPADES));
    assert_int_equal(parse("  ", cards, 8, &n, NULL), HS_OK);
    assert_int_equal(n, 0);
}

static void test_parse_errors_name_the_token(void **state) {
    (void)state;
    int cards[8];
    size_t n;
    hs_parse_error err;
    const char *text = "AS 2S XX 4S";
    assert_int_equal(parse(text, cards, 8, &n, &err), HS_ERR_TOKEN);
    assert_int_equal(err.offset, 6);
    assert_int_equal(err.length, 2);
    text = "AS 2S as";
    assert_int_equal(parse(text, cards, 8, &n, &err), HS_ERR_DUPLICATE);
    assert_int_equal(err.offset, 6);
    text = "AS 2S 3S";
    assert_int_equal(parse(text, cards, 2, &n, &err), HS_ERR_COUNT);
    assert_int_equal(err.offset, 6);
    text = "AS AhKx 3S"; /* a run of cards with a bad one: the whole token is named */
    assert_int_equal(parse(text, cards, 8, &n, &err), HS_ERR_TOKEN);
    assert_int_equal(err.offset, 3);
    assert_int_equal(err.length, 4);
    text = "AhKdAh";
    assert_int_equal(parse(text, cards, 8, &n, &err), HS_ERR_DUPLICATE);
    assert_int_equal(err.offset, 4);
    assert_int_equal(err.length, 2);
    const char *bad[] = {"1S", "11S", "AX", "A", "S", "ASS", "0S", "\xE2\x99\xA8", "A\xE2\x99"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int c;
        assert_int_equal(hs_card_parse(bad[i], strlen(bad[i]), &c), HS_ERR_TOKEN);
    }
}

static void test_hand_format(void **state) {
    (void)state;
    char buf[64];
    uint64_t hand = hs_card_bit(hs_card(HS_TEN, HS_DIAMONDS)) | hs_card_bit(0);
    assert_int_equal(hs_hand_format(hand, buf, sizeof buf), 5);
    assert_string_equal(buf, "AC TD");
    char small[3];
    assert_int_equal(hs_hand_format(hand, small, sizeof small), 5);
    assert_string_equal(small, "AC");
    assert_string_equal(hs_strerror(HS_ERR_DUPLICATE), "duplicate card");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_canonical_table),
        cmocka_unit_test(test_parse_forms),
        cmocka_unit_test(test_parse_errors_name_the_token),
        cmocka_unit_test(test_hand_format),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
