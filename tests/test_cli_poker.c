/* The handstat poker commands, run as a user would. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_assert.h"
#include "poker_ref.h"
#include "test_skip.h"

static void test_rank_arguments(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "poker", "rank", "AS", "KS", "QS", "JS", "TS");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "AS KS QS JS TS  class 1  Royal flush  (straight_flush)\n");
    cli_result_free(&r);
    r = RUN(NULL, "poker", "rank", "--csv", "7c 5d 4h 3s 2c");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "cards,class,category,description\n"
                               "7C 5D 4H 3S 2C,7462,high_card,\"High card, "
                               "seven-five-four-three-two\"\n");
    cli_result_free(&r);
    /* Seven cards: the best five. */
    r = RUN(NULL, "poker", "rank", "KH", "KD", "KC", "4S", "4H", "2C", "9D");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "Full house, kings over fours  (full_house)");
    cli_result_free(&r);
}

static void test_rank_stdin_batch(void **state) {
    (void)state;
    const char *input = "# hands\r\n"
                        "AH 2H 3H 4H 5H\r\n"
                        "AH 2H 3H 4H\n"
                        "\n"
                        "AH 2H 3H 4H 5H 6H 7H 8H\n"
                        "5S 4D 3C 2H AS 9C\n"
                        "ZZ 2H 3H 4H 5H\n"
                        "2H 2H 3H 4H 5H\n";
    cli_result r = RUN(input, "poker", "rank", "--csv");
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "cards,class,category,description\n"
                               "AH 2H 3H 4H 5H,10,straight_flush,\"Straight flush, five high\"\n"
                               "5S 4D 3C 2H AS 9C,1609,straight,\"Straight, five high\"\n");
    assert_contains(r.err, "line 3: expected 5 to 7 cards, got 4");
    assert_contains(r.err, "line 5: too many cards at '8H'");
    assert_contains(r.err, "line 7: 'ZZ' is not a card");
    assert_contains(r.err, "line 8: '2H' is a duplicate card");
    cli_result_free(&r);
}

static void test_compare(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "poker", "compare", "AS", "AD", "KC", "KD", "2S", "--", "QS", "QH",
                       "QD", "3C", "3H");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "hand 1: AS AD KC KD 2S  class ");
    assert_contains(r.out, "Full house, queens over threes");
    assert_contains(r.out, "hand 2 wins\n");
    cli_result_free(&r);
    r = RUN(NULL, "poker", "compare", "AS KS QS JS 9S", "--", "AH KH QH JH 9H");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "tie\n");
    cli_result_free(&r);
    r = RUN(NULL, "poker", "compare", "AS", "KS", "QS", "JS", "9S");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "separated by '--'");
    cli_result_free(&r);
    r = RUN(NULL, "poker", "compare", "AS KS QS JS", "--", "AH KH QH JH 9H");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "hand 1: expected 5 to 7 cards, got 4");
    cli_result_free(&r);
}

/* The reference's verdict on one Project Euler 54 line: 1 when player 1 wins. Parses the
 * two-character tokens on its own (rank then suit letter). */
static int ref_pe54_line(const ref_poker *ref, const char *line) {
    static const char RANKS[] = "A23456789TJQK", SUITS[] = "CDHS";
    int cards[10];
    for (int i = 0; i < 10; i++) {
        const char *tok = line + 3 * i;
        cards[i] = (int)(strchr(SUITS, tok[1]) - SUITS) * 13 + (int)(strchr(RANKS, tok[0]) - RANKS);
    }
    return ref_poker_class5(ref, cards) < ref_poker_class5(ref, cards + 5);
}

static void test_pe54_real_file(void **state) {
    (void)state;
    const char *data = shared_data_dir();
    if (data == NULL)
        HS_SKIP("no shared data (configure with -DHS_SHARED_DATA=FOLDER)\n");
    char path[512];
    snprintf(path, sizeof path, "%s/pe54_poker.txt", data);
    char *text = read_file(path, NULL);
    assert_non_null(text);
    static ref_poker ref;
    ref_poker_init(&ref);
    int expected = 0, lines = 0;
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        expected += ref_pe54_line(&ref, line);
        lines++;
    }
    free(text);
    assert_int_equal(lines, 1000);
    char want[32];
    snprintf(want, sizeof want, "%d\n", expected);
    print_message("reference: player 1 wins %d of %d\n", expected, lines);
    cli_result r = RUN(NULL, "poker", "pe54", path);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, want);
    cli_result_free(&r);
    r = RUN(NULL, "poker", "pe54", "--verbose", path);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "line 1000: ");
    assert_contains(r.out, want);
    cli_result_free(&r);
}

static void test_pe54_errors(void **state) {
    (void)state;
    cli_result r = RUN("5H 5C 6S 7S KD 2C 3S 8S 8D TD\n"
                       "5D 8C 9S JS AC 2C 5C 7D 8S\n"
                       "2H 2D 4C 4D 4S 3C 3D 3S 9S 9D\n"
                       "2H 2D 4C 4D 4S 3C 3D 3S 9S 2H\n",
                       "poker", "pe54");
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    assert_contains(r.err, "line 2: expected 10 cards (player 1's five, then player 2's), got 9");
    assert_contains(r.err, "line 4: '2H' is a duplicate card");
    cli_result_free(&r);
    r = RUN("5H 5C 6S 7S KD 2C 3S 8S 8D TD\n2H 2D 4C 4D 4S 3C 3D 3S 9S 9D\n", "poker", "pe54");
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "1\n");
    cli_result_free(&r);
}

static void test_hist_five_cards(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_poker.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *first = NULL;
    const char *threads[] = {"1", "2", "8"};
    for (int t = 0; t < 3; t++) {
        char path[256];
        snprintf(path, sizeof path, "%s/h.csv", dir);
        cli_result r =
            RUN(NULL, "poker", "hist", "--cards", "5", "--threads", threads[t], "-o", path);
        assert_int_equal(r.status, 0);
        assert_contains(r.err, "2598960 hands");
        assert_contains(r.err, "7462 of 7462 classes occur");
        char *csv = read_file(path, NULL);
        if (first == NULL) {
            first = csv;
            const char *head = "category,count,probability\nstraight_flush,40,";
            assert_true(strncmp(csv, head, strlen(head)) == 0);
            const char *rows[] = {
                "\nfour_of_a_kind,624,", "\nfull_house,3744,",       "\nflush,5108,",
                "\nstraight,10200,",     "\nthree_of_a_kind,54912,", "\ntwo_pair,123552,",
                "\npair,1098240,",       "\nhigh_card,1302540,"};
            for (size_t i = 0; i < 8; i++)
                assert_contains(csv, rows[i]);
        } else {
            assert_string_equal(csv, first);
            free(csv);
        }
        unlink(path);
        cli_result_free(&r);
    }
    free(first);
    rmdir(dir);
    cli_result r = RUN(NULL, "poker", "hist", "--cards", "5", "--classes");
    assert_int_equal(r.status, 0);
    const char *head = "class,category,description,count\n1,straight_flush,Royal flush,4\n";
    assert_true(strncmp(r.out, head, strlen(head)) == 0);
    assert_contains(r.out, "\n7462,high_card,\"High card, seven-five-four-three-two\",1020\n");
    cli_result_free(&r);
}

static void test_hist_errors(void **state) {
    (void)state;
    struct {
        const char *a, *b;
        const char *message;
    } cases[] = {
        {"--cards", "8", "--cards: '8' is not a whole number from 5 to 7"},
        {"--cards", "", "--cards: '' is not a whole number from 5 to 7"},
        {"--threads", "2", "--cards: 5, 6 or 7 is required"},
        {"--cards", NULL, "--cards needs a value"},
        {"--bogus", NULL, "unknown option '--bogus'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cli_result r = cases[i].b ? RUN(NULL, "poker", "hist", cases[i].a, cases[i].b)
                                  : RUN(NULL, "poker", "hist", cases[i].a);
        assert_int_equal(r.status, 2);
        assert_contains(r.err, cases[i].message);
        assert_string_equal(r.out, "");
        cli_result_free(&r);
    }
    cli_result r = RUN(NULL, "poker", "hist", "--cards", "5", "-o", "/nonexistent/p.csv");
    assert_int_equal(r.status, 3);
    assert_contains(r.err, "cannot write '/nonexistent/p.csv'");
    cli_result_free(&r);
}

static void test_help_everywhere(void **state) {
    (void)state;
    const char *const commands[][4] = {{"poker", "--help"},
                                       {"poker", "rank", "--help"},
                                       {"poker", "compare", "--help"},
                                       {"poker", "pe54", "--help"},
                                       {"poker", "hist", "--help"}};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        cli_result r = cli_run(commands[i], NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.out, "usage: handstat poker");
        cli_result_free(&r);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank_arguments), cmocka_unit_test(test_rank_stdin_batch),
        cmocka_unit_test(test_compare),        cmocka_unit_test(test_pe54_real_file),
        cmocka_unit_test(test_pe54_errors),    cmocka_unit_test(test_hist_five_cards),
        cmocka_unit_test(test_hist_errors),    cmocka_unit_test(test_help_everywhere),
    };
    return hs_run_tests(tests, NULL, NULL);
}
