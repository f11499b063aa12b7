/* Hold'em range notations: the weights of PioSOLVER / GTO+ (AKs:0.5) and Equilab ([50]..[/50])
 * beside handstat's @W, weights finer than a percent kept exactly, suit filters, "and" and
 * "minus", and hs_holdem_range_format. Checked against plain references written here over the
 * 1,326 combinations: a weight per combination (0: absent), each construct as a predicate. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"

/* ---- the reference: a range as a weight per combination ---------------------------------------
 */

typedef struct weights {
    unsigned w[52][52]; /* w[a][b], a < b: the weight (units of 0.01%), 0 when absent */
} weights;

static void to_weights(const hs_holdem_range *r, weights *out) {
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < r->n; i++) {
        const uint64_t m = r->combo[i];
        const int a = __builtin_ctzll(m), b = 63 - __builtin_clzll(m);
        assert_int_equal(__builtin_popcountll(m), 2);
        assert_int_equal(out->w[a][b], 0); /* never listed twice */
        out->w[a][b] = r->weight[i];
    }
}

static void parse_ok(const char *text, hs_holdem_range *r) {
    hs_parse_error err;
    const char *why = NULL;
    const int rc = hs_holdem_range_parse_why(text, strlen(text), r, NULL, 0, &err, &why);
    if (rc != HS_OK)
        fail_msg("'%s': %d at %zu+%zu: %s", text, rc, err.offset, err.length,
                 why != NULL ? why : "?");
}

static void weights_of(const char *text, weights *out) {
    hs_holdem_range *r = malloc(sizeof *r);
    parse_ok(text, r);
    to_weights(r, out);
    free(r);
}

static void assert_same(const weights *a, const weights *b, const char *what) {
    for (int x = 0; x < 52; x++)
        for (int y = x + 1; y < 52; y++)
            if (a->w[x][y] != b->w[x][y])
                fail_msg("%s: cards %d %d weigh %u, expected %u", what, x, y, a->w[x][y],
                         b->w[x][y]);
}

/* rank 0..12 (ace 0, then 2..K as 1..12) and suit 0..3 (c d h s) of a card index */
static int rank_of(int c) {
    return c % 13;
}
static int suit_of(int c) {
    return c / 13;
}

/* ---- finer weights ----------------------------------------------------------------------------
 */

static void test_weights_exact(void **state) {
    (void)state;
    static const struct {
        const char *text;
        unsigned weight; /* of every combination */
        const char *canon;
    } cases[] = {
        {"AKs@50", 5000, "AKs@50"},
        {"AKs:0.5", 5000, "AKs@50"},
        {"AKs@12.5", 1250, "AKs@12.5"},
        {"AKs:0.125", 1250, "AKs@12.5"},
        {"AKs:0.0001", 1, "AKs@0.01"},
        {"AKs@0.01", 1, "AKs@0.01"},
        {"AKs:1", 10000, "AKs"},
        {"AKs:1.0", 10000, "AKs"},
        {"AKs@100", 10000, "AKs"},
        {"AKs:0.25000", 2500, "AKs@25"},
        {"AKs : 0.75", 7500, "AKs@75"},
        {"AKs:.5", 5000, "AKs@50"},
        {"[50]AKs[/50]", 5000, "AKs@50"},
        {"[50.0]AKs[/50.0]", 5000, "AKs@50"},
        {"[12.5]AKs[/12.50]", 1250, "AKs@12.5"},
        {"AKs@99.99", 9999, "AKs@99.99"},
        {"AhKh:0.3333", 3333, "AhKh@33.33"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hs_holdem_range r;
        char canon[HS_HOLDEM_RANGE_TEXT];
        const char *t = cases[i].text;
        assert_int_equal(hs_holdem_range_parse(t, strlen(t), &r, canon, sizeof canon, NULL), HS_OK);
        for (size_t k = 0; k < r.n; k++)
            assert_int_equal(r.weight[k], cases[i].weight);
        assert_string_equal(canon, cases[i].canon);
    }
    char out[16];
    assert_string_equal(hs_holdem_weight_text(1250, 0, out), "12.5");
    assert_string_equal(hs_holdem_weight_text(1250, 1, out), "0.125");
    assert_string_equal(hs_holdem_weight_text(1, 0, out), "0.01");
    assert_string_equal(hs_holdem_weight_text(1, 1, out), "0.0001");
    assert_string_equal(hs_holdem_weight_text(10000, 0, out), "100");
    assert_string_equal(hs_holdem_weight_text(10000, 1, out), "1");
    char buf[64];
    assert_string_equal(hs_text_weight(buf, sizeof buf, 1), "0.0001");
    assert_string_equal(hs_text_weight(buf, sizeof buf, 75000), "7.5");
    assert_string_equal(hs_text_weight(buf, sizeof buf, 2500), "0.25");
    assert_string_equal(hs_text_weight(buf, sizeof buf, 150000), "15");
    assert_string_equal(hs_text_weight(buf, sizeof buf, 12345), "1.2345");
}

/* ---- bad input: the code, the item located and the reason -------------------------------------
 */

static void test_errors(void **state) {
    (void)state;
    static const struct {
        const char *text;
        int rc;
        const char *token; /* what *err locates */
        const char *why;   /* a word of the reason */
    } cases[] = {
        {"AKs:1.5", HS_ERR_TOKEN, "AKs:1.5", "over 1"},
        {"QQ,AKs@101", HS_ERR_TOKEN, "AKs@101", "over 100%"},
        {"AKs:0", HS_ERR_TOKEN, "AKs:0", "of 0"},
        {"AKs@12.345", HS_ERR_TOKEN, "AKs@12.345", "finer"},
        {"AKs:0.00005", HS_ERR_TOKEN, "AKs:0.00005", "finer"},
        {"AKs:x", HS_ERR_TOKEN, "AKs:x", "fraction"},
        {"AKs@50:0.5", HS_ERR_TOKEN, "AKs@50:0.5", "two weights"},
        {"[50]AKs,AQs", HS_ERR_TOKEN, "[50]AKs", "never closed"},
        {"[50]AKs,AQs[/40]", HS_ERR_TOKEN, "AQs[/40]", "another weight"},
        {"AKs[/50]", HS_ERR_TOKEN, "AKs[/50]", "none open"},
        {"[50]AKs,[40]AQs[/40]", HS_ERR_TOKEN, "[40]AQs[/40]", "nest"},
        {"[50]AKs@20[/50]", HS_ERR_TOKEN, "[50]AKs@20[/50]", "inside a bracket"},
        {"[50AKs[/50]", HS_ERR_TOKEN, "[50AKs[/50]", "bracket"},
        {"[]AKs[/]", HS_ERR_TOKEN, "[]AKs[/]", "without its weight"},
        {"[150]AKs[/150]", HS_ERR_TOKEN, "[150]AKs[/150]", "over 100%"},
        {"AKs]", HS_ERR_TOKEN, "AKs]", "closes no bracket"},
        {"AKs{hx}", HS_ERR_TOKEN, "AKs{hx}", "unknown suit"},
        {"AKs{}", HS_ERR_TOKEN, "AKs{}", "names no suit"},
        {"QxQx", HS_ERR_TOKEN, "QxQx", "not two cards"},
        {"AKs{hh}", HS_ERR_TOKEN, "AKs{hh}", "twice"},
        {"AKo{h}", HS_ERR_TOKEN, "AKo{h}", "leaves no combination"},
        {"{h}", HS_ERR_TOKEN, "{h}", "no item"},
        {"AA and KK", HS_ERR_TOKEN, "KK", "empty intersection"},
        {"QQ+ minus 22+", HS_ERR_TOKEN, "22+", "removes every"},
        {"QQ+ and", HS_ERR_TOKEN, "QQ+ and", "not two cards"},
        {"QQ+ minus  ", HS_ERR_TOKEN, "", "empty item"},
        {"QQ+ and AX", HS_ERR_TOKEN, "AX", "not two cards"},
        {"AK,AKs:0.5", HS_ERR_DUPLICATE, "AKs:0.5", "repeats"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hs_holdem_range r;
        hs_parse_error err = {0, 0, 0};
        const char *why = NULL, *t = cases[i].text;
        char canon[64];
        const int rc = hs_holdem_range_parse_why(t, strlen(t), &r, canon, sizeof canon, &err, &why);
        if (rc != cases[i].rc)
            fail_msg("'%s': %d, expected %d", t, rc, cases[i].rc);
        assert_int_equal(r.n, 0);
        char tok[64];
        snprintf(tok, sizeof tok, "%.*s", (int)err.length, t + err.offset);
        if (strcmp(tok, cases[i].token) != 0)
            fail_msg("'%s': locates '%s', expected '%s'", t, tok, cases[i].token);
        assert_non_null(why);
        if (strstr(why, cases[i].why) == NULL)
            fail_msg("'%s': '%s' does not say '%s'", t, why, cases[i].why);
    }
}

/* ---- suits against predicates --------------------------------------------------------------- */

/* The classes by the plain rule: ranks hi >= lo (values 2..14), suited or not. */
static int value(int c) {
    return rank_of(c) == 0 ? 14 : rank_of(c) + 1;
}

static void test_suits(void **state) {
    (void)state;
    weights got, want;
    /* AKs{hs}: suited ace-king of hearts or spades */
    weights_of("AKs{hs}", &got);
    memset(&want, 0, sizeof want);
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++) {
            const int ak = (value(a) == 14 && value(b) == 13) || (value(a) == 13 && value(b) == 14);
            if (ak && suit_of(a) == suit_of(b) && (suit_of(a) == 2 || suit_of(a) == 3))
                want.w[a][b] = 10000;
        }
    assert_same(&got, &want, "AKs{hs}");
    /* 22+{!s}@50: pairs without a spade, at 50% */
    weights_of("22+{!s}@50", &got);
    memset(&want, 0, sizeof want);
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            if (value(a) == value(b) && suit_of(a) != 3 && suit_of(b) != 3)
                want.w[a][b] = 5000;
    assert_same(&got, &want, "22+{!s}@50");
    /* AhK: the ace of hearts with any king; KsA the king of spades with any ace; AhA */
    static const char *const CARD_RANK[] = {"AhK", "KsA", "AhA", "ahk", "Th9"};
    static const int CARD[][2] = {{14, 2}, {13, 3}, {14, 2}, {14, 2}, {10, 2}};
    static const int OTHER[] = {13, 14, 14, 13, 9};
    for (int k = 0; k < 5; k++) {
        weights_of(CARD_RANK[k], &got);
        memset(&want, 0, sizeof want);
        for (int a = 0; a < 52; a++)
            for (int b = a + 1; b < 52; b++)
                for (int side = 0; side < 2; side++) {
                    const int x = side ? b : a, y = side ? a : b;
                    if (value(x) == CARD[k][0] && suit_of(x) == CARD[k][1] && value(y) == OTHER[k])
                        want.w[a][b] = 10000;
                }
        assert_same(&got, &want, CARD_RANK[k]);
    }
    /* suited, offsuit, pairs: 312, 936, 78 */
    weights_of("suited", &got);
    memset(&want, 0, sizeof want);
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            if (suit_of(a) == suit_of(b))
                want.w[a][b] = 10000;
    assert_same(&got, &want, "suited");
    weights_of("offsuit,pairs", &got);
    memset(&want, 0, sizeof want);
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            if (suit_of(a) != suit_of(b))
                want.w[a][b] = 10000;
    assert_same(&got, &want, "offsuit,pairs");
    /* ProPokerTools' suit variables are the classes */
    static const char *const VARS[][2] = {
        {"AxKx", "AKs"}, {"AxKy", "AKo"}, {"QwQz", "QQ"}, {"kYaY", "AKs"}, {"Tx9y:0.5", "T9o:0.5"}};
    for (int k = 0; k < 5; k++) {
        weights v, c;
        weights_of(VARS[k][0], &v);
        weights_of(VARS[k][1], &c);
        assert_same(&v, &c, VARS[k][0]);
    }
    /* QQ{hs}: the one queen pair of hearts and spades; AK{cd}: two suited, two offsuit */
    hs_holdem_range r;
    parse_ok("QQ{hs}", &r);
    assert_int_equal(r.n, 1);
    parse_ok("AK{cd}", &r);
    assert_int_equal(r.n, 4);
}

/* ---- and, minus against the combination-wise rule -------------------------------------------- */

static void test_algebra(void **state) {
    (void)state;
    static const struct {
        const char *a, *b;
    } cases[] = {
        {"QQ+,AK", "AKo"},        {"20%", "suited"},      {"random", "pairs"},
        {"AKs:0.5,QQ", "AKs@25"}, {"AK@30,KK", "AKs@80"}, {"22+,A2s+", "[50]A5s-A2s,55-22[/50]"},
        {"15%", "AhK,KsQ"},       {"K9+", "KTo+"},        {"random@12.5", "22+{!hs}@0.01"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        weights a, b, got, want;
        weights_of(cases[i].a, &a);
        weights_of(cases[i].b, &b);
        for (int op = 0; op < 2; op++) {
            char text[256];
            snprintf(text, sizeof text, "%s %s %s", cases[i].a, op == 0 ? "and" : "minus",
                     cases[i].b);
            memset(&want, 0, sizeof want);
            for (int x = 0; x < 52; x++)
                for (int y = x + 1; y < 52; y++) {
                    const unsigned wa = a.w[x][y], wb = b.w[x][y];
                    if (op == 0)
                        want.w[x][y] = wa && wb ? (wa < wb ? wa : wb) : 0;
                    else
                        want.w[x][y] = wb ? 0 : wa;
                }
            weights_of(text, &got);
            assert_same(&got, &want, text);
        }
    }
    /* left to right, any case, canonical text */
    hs_holdem_range r;
    char canon[256];
    const char *t = "QQ+,AK MINUS AKo And KK+";
    assert_int_equal(hs_holdem_range_parse(t, strlen(t), &r, canon, sizeof canon, NULL), HS_OK);
    assert_string_equal(canon, "QQ+,AK minus AKo and KK+");
    assert_int_equal(r.n, 12);
    /* the words only as words: "random" holds "and" but is an item */
    parse_ok("random and pairs", &r);
    assert_int_equal(r.n, 78);
}

/* ---- round trips through each notation ------------------------------------------------------ */

static const char *const ROUND[] = {
    "AA",
    "random",
    "QQ+,AKs:0.5,AQo:0.25",
    "AA,KK@50,QQ:0.125,JJ@0.01",
    "[50]AsKh,KK[/50],55,Jh3s",
    "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+",
    "15%",
    "2.5%@33.33",
    "AKs{hs},AKo{!c}@75",
    "22+{!s}",
    "AhK,KhQ@12.5",
    "suited:0.5",
    "offsuit@1",
    "pairs:0.9999",
    "QQ+,AK minus AKo",
    "20% and suited",
    "random@50 minus 22+",
    "AhKh:0.5,AhKd:0.25,AhKc:0.125,AhKs",
    "AKs@50,AKo@50",
    "76s,65s,54s@37.5,T9s-T6s:0.6",
    "[12.5]AA,KK,QQ[/12.5],[25]JJ[/25],TT",
    "A5s-A2s@40,KTo-K7o:0.3",
    "AsAh,AsAd@20,AsAc:0.1,AhAd@30",
    "random:0.0001",
    "random minus AA and KK+",
    "K9+:0.7",
    "AdKd,AcKc@50,QsJs:0.5,Ts9s@99.99",
    "55-22:0.5,AJo@5",
    "AhA,KdK@0.5",
    "72o,72s@60,32o:0.35",
    "AxKx,QxJy@50",
};

static void test_round_trips(void **state) {
    (void)state;
    hs_holdem_range *r = malloc(sizeof *r), *back = malloc(sizeof *back);
    char *text = malloc(HS_HOLDEM_RANGE_TEXT);
    for (size_t i = 0; i < sizeof ROUND / sizeof ROUND[0]; i++) {
        weights want, got;
        parse_ok(ROUND[i], r);
        to_weights(r, &want);
        for (int style = HS_RANGE_HANDSTAT; style <= HS_RANGE_EQUILAB; style++) {
            assert_int_equal(
                hs_holdem_range_format(r, (hs_holdem_range_style)style, text, HS_HOLDEM_RANGE_TEXT),
                HS_OK);
            if (style == HS_RANGE_HANDSTAT)
                assert_null(strchr(text, ':'));
            if (style == HS_RANGE_PIO)
                assert_null(strchr(text, '@'));
            if (style == HS_RANGE_EQUILAB)
                assert_null(strpbrk(text, "@:"));
            parse_ok(text, back);
            to_weights(back, &got);
            char what[512];
            snprintf(what, sizeof what, "%s as %d: %.300s", ROUND[i], style, text);
            assert_same(&got, &want, what);
            /* normalised: writing it again gives the same text */
            char *again = malloc(HS_HOLDEM_RANGE_TEXT);
            assert_int_equal(hs_holdem_range_format(back, (hs_holdem_range_style)style, again,
                                                    HS_HOLDEM_RANGE_TEXT),
                             HS_OK);
            assert_string_equal(again, text);
            free(again);
        }
    }
    free(r);
    free(back);
    free(text);
}

static void test_format_text(void **state) {
    (void)state;
    hs_holdem_range r;
    char out[256];
    parse_ok("AhKd@12.5,AA,AKs:0.5,KK", &r);
    assert_int_equal(hs_holdem_range_format(&r, HS_RANGE_HANDSTAT, out, sizeof out), HS_OK);
    assert_string_equal(out, "AA,AKs@50,AhKd@12.5,KK");
    assert_int_equal(hs_holdem_range_format(&r, HS_RANGE_PIO, out, sizeof out), HS_OK);
    assert_string_equal(out, "AA,AKs:0.5,AhKd:0.125,KK");
    assert_int_equal(hs_holdem_range_format(&r, HS_RANGE_EQUILAB, out, sizeof out), HS_OK);
    assert_string_equal(out, "AA,[50]AKs[/50],[12.5]AhKd[/12.5],KK");
    parse_ok("[50]AKs,AQs[/50],AJs@50", &r);
    assert_int_equal(hs_holdem_range_format(&r, HS_RANGE_EQUILAB, out, sizeof out), HS_OK);
    assert_string_equal(out, "[50]AKs,AQs,AJs[/50]");
    assert_int_equal(hs_holdem_range_format(&r, HS_RANGE_PIO, out, 8), HS_ERR_OVERFLOW);
    assert_int_equal(hs_holdem_range_format(&r, (hs_holdem_range_style)3, out, sizeof out),
                     HS_ERR_ARG);
    r.weight[0] = HS_HOLDEM_WEIGHT_FULL + 1;
    assert_int_equal(hs_holdem_range_format(&r, HS_RANGE_PIO, out, sizeof out), HS_ERR_ARG);
}

/* ---- Pio's weights count as handstat's
 * ----------------------------------------------------------- */

static void test_pio_equity(void **state) {
    (void)state;
    static const char *const SAME[][2] = {
        {"AKs:0.5", "AKs@50"},
        {"[50]AKs[/50]", "AKs@50"},
        {"AKs:0.125,AQs", "AKs@12.5,AQs"},
    };
    for (size_t i = 0; i < sizeof SAME / sizeof SAME[0]; i++) {
        hs_holdem_equity_exact e[2];
        for (int k = 0; k < 2; k++) {
            hs_holdem_range a, q;
            parse_ok(SAME[i][k], &a);
            parse_ok("QQ", &q);
            const hs_holdem_range *const rs[2] = {&a, &q};
            assert_int_equal(hs_holdem_equity_ranges(2, rs, 0, 0, 0, NULL, NULL, &e[k]), HS_OK);
        }
        assert_memory_equal(&e[0], &e[1], sizeof e[0]);
    }
    /* one weight throughout counts as no weight: AKs:0.5 vs QQ is AKs vs QQ */
    hs_holdem_equity_exact w, plain;
    hs_holdem_range a, q;
    parse_ok("AKs:0.5", &a);
    parse_ok("QQ", &q);
    const hs_holdem_range *const rs[2] = {&a, &q};
    assert_int_equal(hs_holdem_equity_ranges(2, rs, 0, 0, 0, NULL, NULL, &w), HS_OK);
    parse_ok("AKs", &a);
    assert_int_equal(hs_holdem_equity_ranges(2, rs, 0, 0, 0, NULL, NULL, &plain), HS_OK);
    assert_memory_equal(&w, &plain, sizeof w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_weights_exact), cmocka_unit_test(test_errors),
        cmocka_unit_test(test_suits),         cmocka_unit_test(test_algebra),
        cmocka_unit_test(test_round_trips),   cmocka_unit_test(test_format_text),
        cmocka_unit_test(test_pio_equity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
