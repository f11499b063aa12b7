/* Hold'em ranges: hs_holdem_range_parse against a deliberately plain reference written here (each
 * item a predicate over the 1326 combinations, ranks as values 2..14), published combination
 * counts, canonical text, errors, and range equity against the brute-force reference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "holdem_cases.h"
#include "holdem_internal.h"

/* ---- the reference: one item as a predicate -------------------------------------------------- */

static int value_of(char c) {
    const char *order = "23456789TJQKA";
    const char *p = strchr(order, c >= 'a' ? c - 32 : c);
    return p != NULL && c != '\0' ? (int)(p - order) + 2 : 0;
}

/* rank value 2..14 and suit 0..3 of card index i (suit * 13 + rank, ace = rank 0) */
static int card_value(int i) {
    int r = i % 13;
    return r == 0 ? 14 : r + 1;
}

typedef struct ref_pattern {
    int a, b;  /* values, a >= b */
    char kind; /* 's', 'o' or 0 (both / pair) */
} ref_pattern;

static int ref_parse(const char *s, size_t n, ref_pattern *p) {
    if (n < 2 || n > 3)
        return 0;
    int x = value_of(s[0]), y = value_of(s[1]);
    if (!x || !y)
        return 0;
    p->a = x > y ? x : y;
    p->b = x > y ? y : x;
    p->kind = n == 3 ? (char)(s[2] | 0x20) : 0;
    return 1;
}

static int kind_ok(char kind, int suited) {
    return kind == 0 || (kind == 's') == suited;
}

/* True when combination (c1, c2) belongs to the item text[0..n). */
static int ref_member(const char *text, size_t n, int c1, int c2) {
    if (n == 6 && memcmp(text, "random", 6) == 0)
        return 1;
    int hi = card_value(c1) > card_value(c2) ? card_value(c1) : card_value(c2);
    int lo = card_value(c1) > card_value(c2) ? card_value(c2) : card_value(c1);
    int suited = c1 / 13 == c2 / 13;
    if (n == 4 && value_of(text[0]) && strchr("cdhs", text[1]) && value_of(text[2]) &&
        strchr("cdhs", text[3])) {
        int e1 = (int)(strchr("cdhs", text[1]) - "cdhs") * 13 +
                 (value_of(text[0]) % 14 == 0 ? 0 : value_of(text[0]) - 1);
        int e2 = (int)(strchr("cdhs", text[3]) - "cdhs") * 13 +
                 (value_of(text[2]) % 14 == 0 ? 0 : value_of(text[2]) - 1);
        return (c1 == e1 && c2 == e2) || (c1 == e2 && c2 == e1);
    }
    const char *dash = memchr(text, '-', n);
    ref_pattern p = {0, 0, 0}, q = {0, 0, 0};
    if (dash != NULL) {
        ref_parse(text, (size_t)(dash - text), &p);
        ref_parse(dash + 1, n - (size_t)(dash - text) - 1, &q);
        if (p.a == p.b) { /* pairs between */
            int top = p.a > q.a ? p.a : q.a, bottom = p.a > q.a ? q.a : p.a;
            return hi == lo && hi <= top && hi >= bottom;
        }
        int top = p.b > q.b ? p.b : q.b, bottom = p.b > q.b ? q.b : p.b;
        return hi == p.a && lo <= top && lo >= bottom && hi != lo && kind_ok(p.kind, suited);
    }
    int plus = text[n - 1] == '+';
    ref_parse(text, n - (size_t)plus, &p);
    if (p.a == p.b)
        return hi == lo && (plus ? hi >= p.a : hi == p.a);
    if (hi == lo || !kind_ok(p.kind, suited))
        return 0;
    return plus ? hi == p.a && lo >= p.b : hi == p.a && lo == p.b;
}

/* True when (c1, c2) belongs to some item of a comma-separated list (no weights). */
static int ref_in_list(const char *list, int c1, int c2) {
    int in = 0;
    for (const char *s = list; *s != '\0';) {
        const char *comma = strchr(s, ',');
        size_t len = comma ? (size_t)(comma - s) : strlen(s);
        in |= ref_member(s, len, c1, c2);
        s += len + (comma != NULL);
    }
    return in;
}

/* The reference count of a list. */
static size_t ref_count(const char *list) {
    size_t n = 0;
    for (int c1 = 0; c1 < 52; c1++)
        for (int c2 = c1 + 1; c2 < 52; c2++)
            n += (size_t)ref_in_list(list, c1, c2);
    return n;
}

/* Every combination the parser gives is in the reference, once, and the counts agree. */
static void check_against_reference(const char *text) {
    hs_holdem_range r;
    assert_int_equal(hs_holdem_range_parse(text, strlen(text), &r, NULL, 0, NULL), HS_OK);
    uint8_t seen[52][52] = {{0}};
    for (size_t i = 0; i < r.n; i++) {
        int c1 = __builtin_ctzll(r.combo[i]), c2 = 63 - __builtin_clzll(r.combo[i]);
        assert_int_equal(__builtin_popcountll(r.combo[i]), 2);
        assert_false(seen[c1][c2]);
        seen[c1][c2] = 1;
        if (!ref_in_list(text, c1, c2))
            fail_msg("%s: combination %d %d is not in the reference", text, c1, c2);
        assert_int_equal(r.weight[i], HS_HOLDEM_WEIGHT_FULL);
    }
    if (r.n != ref_count(text))
        fail_msg("%s: %zu combinations, the reference %zu", text, r.n, ref_count(text));
}

static void test_items_against_reference(void **state) {
    (void)state;
    const struct {
        const char *text;
        size_t combos; /* published counts */
    } cases[] = {
        {"AA", 6},         {"AKs", 4},    {"AKo", 12},     {"AK", 16},         {"QQ+", 18},
        {"22+", 78},       {"A2s+", 48},  {"KTo+", 36},    {"K9+", 64},        {"T9s+", 4},
        {"55-22", 24},     {"22-55", 24}, {"A5s-A2s", 16}, {"KTo-K7o", 48},    {"K7-KT", 64},
        {"random", 1326},  {"AhKd", 1},   {"QQ+,AKs", 22}, {"JJ-99,AQs+", 26}, {"KK+,AK", 28},
        {"QQ-TT,KQs", 22}, {"A2+", 192},  {"32s", 4},      {"AKs,AQo", 16},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hs_holdem_range r;
        const char *t = cases[i].text;
        assert_int_equal(hs_holdem_range_parse(t, strlen(t), &r, NULL, 0, NULL), HS_OK);
        if (r.n != cases[i].combos)
            fail_msg("%s: %zu combinations, not %zu", t, r.n, cases[i].combos);
        check_against_reference(t);
    }
    /* every pattern of every shape over all rank pairs */
    const char *ranks = "AKQJT98765432";
    char text[16];
    for (int i = 0; i < 13; i++)
        for (int j = 0; j < 13; j++)
            for (int k = 0; k < 3; k++)
                for (int plus = 0; plus < 2; plus++) {
                    if (i == j && k > 0)
                        continue;
                    snprintf(text, sizeof text, "%c%c%s%s", ranks[i], ranks[j],
                             k == 1   ? "s"
                             : k == 2 ? "o"
                                      : "",
                             plus ? "+" : "");
                    check_against_reference(text);
                }
}

static void test_canonical_text_and_weights(void **state) {
    (void)state;
    const char *const cases[][2] = {
        {"qq+, aks", "QQ+,AKs"},
        {"AhKd", "AhKd"},
        {"Ah,Kh", "AhKh"},
        {"KdAh", "KdAh"},
        {" 22-55 ", "55-22"},
        {"a2s-a5s", "A5s-A2s"},
        {"ka", "AK"},
        {"RANDOM", "random"},
        {"AKs@50,QQ", "AKs@50,QQ"},
        {"10h 9h", "Th9h"},
        {"AKs @ 7", "AKs@7"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hs_holdem_range r;
        char canon[HS_HOLDEM_RANGE_TEXT];
        int rc =
            hs_holdem_range_parse(cases[i][0], strlen(cases[i][0]), &r, canon, sizeof canon, NULL);
        if (rc != HS_OK)
            fail_msg("'%s': %s", cases[i][0], hs_strerror(rc));
        assert_string_equal(canon, cases[i][1]);
    }
    hs_holdem_range r;
    assert_int_equal(hs_holdem_range_parse("AKs@50,QQ", 9, &r, NULL, 0, NULL), HS_OK);
    assert_int_equal(r.n, 10);
    assert_int_equal(r.weight[0], 5000);
    assert_int_equal(r.weight[9], HS_HOLDEM_WEIGHT_FULL);
}

static void test_errors(void **state) {
    (void)state;
    const struct {
        const char *text;
        int rc;
        const char *item; /* what err locates */
    } cases[] = {
        {"", HS_ERR_TOKEN, ""},
        {"AA,,KK", HS_ERR_TOKEN, ""},
        {"AA,", HS_ERR_TOKEN, ""},
        {"AX", HS_ERR_TOKEN, "AX"},
        {"AAs", HS_ERR_TOKEN, "AAs"},
        {"AKx", HS_ERR_TOKEN, "AKx"},
        {"QQ+,AA", HS_ERR_DUPLICATE, "AA"},
        {"AA, AhAd", HS_ERR_DUPLICATE, "AhAd"},
        {"AK,AKs", HS_ERR_DUPLICATE, "AKs"},
        {"A5s-K2s", HS_ERR_TOKEN, "A5s-K2s"},
        {"A5s-A2o", HS_ERR_TOKEN, "A5s-A2o"},
        {"55-A2s", HS_ERR_TOKEN, "55-A2s"},
        {"AKs@0", HS_ERR_TOKEN, "AKs@0"},
        {"AKs@101", HS_ERR_TOKEN, "AKs@101"},
        {"AKs@", HS_ERR_TOKEN, "AKs@"},
        {"AKs@5x", HS_ERR_TOKEN, "AKs@5x"},
        {"15.%", HS_ERR_TOKEN, "15.%"},
        {"AhAh", HS_ERR_TOKEN, "AhAh"},
        {"KK,random", HS_ERR_DUPLICATE, "random"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hs_holdem_range r;
        hs_parse_error err = {99, 99, 0};
        const char *t = cases[i].text;
        int rc = hs_holdem_range_parse(t, strlen(t), &r, NULL, 0, &err);
        if (rc != cases[i].rc)
            fail_msg("'%s': %d, not %d", t, rc, cases[i].rc);
        assert_int_equal(r.n, 0);
        assert_true(err.offset + err.length <= strlen(t));
        if (strlen(cases[i].item) != err.length ||
            memcmp(t + err.offset, cases[i].item, err.length) != 0)
            fail_msg("'%s': located '%.*s', not '%s'", t, (int)err.length, t + err.offset,
                     cases[i].item);
    }
}

/* ---- equity of ranges against the brute-force reference -------------------------------------- */

/* The class-list parser: every class by its grid name written in a plain loop here (ranks from
 * the ace down, suited above the diagonal), in random case and blanks, in the order given; and
 * each refusal located. */
static void test_class_lists(void **state) {
    (void)state;
    static const char RANKS[] = "AKQJT98765432";
    char text[169 * 8 + 1];
    size_t o = 0;
    int want[169], k = 0;
    for (int i = 0; i < 13; i++)
        for (int j = 0; j < 13; j++) {
            char name[4] = {RANKS[i < j ? i : j], RANKS[i < j ? j : i], 0, 0};
            if (i != j)
                name[2] = i < j ? 's' : 'o';
            char lib[4]; /* the library's classes are numbered in grid order */
            hs_holdem_class_name(k, lib);
            assert_string_equal(lib, name);
            want[k] = k;
            k++;
            o += (size_t)sprintf(text + o, "%s%s%s", k > 1 ? (k % 2 ? " ," : ", ") : " ",
                                 k % 3 ? name
                                       : (char[]){(char)(name[0] | 0x20), name[1], name[2], 0},
                                 k % 5 ? "" : " ");
        }
    int got[169], n = -1;
    hs_parse_error err;
    assert_int_equal(hs_holdem_classes_parse(text, o, got, &n, &err), HS_OK);
    assert_int_equal(n, 169);
    for (int i = 0; i < 169; i++)
        assert_int_equal(got[i], want[i]);
    static const struct {
        const char *text;
        int rc;
        size_t offset, length;
    } BAD[] = {{"AA,XX", HS_ERR_TOKEN, 3, 2},   {"AA, aa", HS_ERR_DUPLICATE, 4, 2},
               {"AhKd", HS_ERR_TOKEN, 0, 4},    {"AA,,KK", HS_ERR_TOKEN, 3, 0},
               {"AK", HS_ERR_TOKEN, 0, 2},      {"", HS_ERR_TOKEN, 0, 0},
               {"KK,AKs,", HS_ERR_TOKEN, 7, 0}, {"AKs,KAs", HS_ERR_DUPLICATE, 4, 3}};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        assert_int_equal(hs_holdem_classes_parse(BAD[i].text, strlen(BAD[i].text), got, &n, &err),
                         BAD[i].rc);
        assert_int_equal(err.offset, BAD[i].offset);
        assert_int_equal(err.length, BAD[i].length);
    }
}

static void test_range_equity_against_reference(void **state) {
    (void)state;
    const holdem_case cases[] = {
        {{"QQ+,AKs", "JJ-99,AQs+", NULL}, "2h 7h Tc 3s", NULL},
        {{"KK+,AK", "QQ-TT,KQs", NULL}, "Kh 7d 2c", NULL},
        {{"A5s-A2s", "KTo-K7o", "77", NULL}, "2c 7d 9h Jd", NULL},
        {{"AhKh", "QQ,JJ", "T9s", NULL}, "Qh Jh 2c", "9s"},
        {{"AK", "22-55", NULL}, "Ad Kc 5h 2s", "3c 3d"},
        {{"A2s+", "random", NULL}, "As 8s 4s 3d Kh", NULL},
        {{"AA", "KK", "QQ", "JJ", NULL}, "2c 3d 4h 9s", NULL},
        {{"T9s+,98s", "Th9h", NULL}, "8h 7h 2c", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_holdem_case(&cases[i]);
}

/* More cases against the reference, each a fraction of a second under it (Release). They aim
 * at what a faster engine gets wrong: suit symmetry (two suits swapped must count the same, and
 * a dead card or a board card of one suit breaks the symmetry), flush and straight-flush
 * configurations (board cards of one suit, players holding none, one or two of them), wheels,
 * boards that play, counterfeits, paired boards, and ranges that overlap each other, the board
 * and the dead cards. */
static const holdem_case MORE[] = {
    /* heads-up, flop, turn and river: symmetric and asymmetric in suits */
    {{"AKs", "QQ", NULL}, "7c 8d 2h", NULL},          /* rainbow flop: suit-symmetric */
    {{"AKs", "QQ", NULL}, "7c 8d 3s", "2h"},          /* one dead card breaks the symmetry */
    {{"AhKh", "QsQd", NULL}, "Qh 5h 2s", NULL},       /* set vs flush draw */
    {{"AhKh", "QsQd", NULL}, "Qc 5h 2d 9h", NULL},    /* turn, mixed suits */
    {{"AhKh", "QsQd", NULL}, "2h 7h Tc", "3h 4h 5s"}, /* dead cards of the flush suit */
    {{"AK", "JJ", NULL}, "Jc 8d 3h 2s", "Ac Jd"},     /* dead cards inside both ranges */
    /* flushes: two suited hands of one suit, 2/3/4 board cards of a suit, 0/1/2 held */
    {{"AhQh", "KhJh", NULL}, "2h 7h 9c", NULL},
    {{"AQs", "KJs", NULL}, "2h 7h 9c", NULL},
    {{"AhQh", "JJ", "T9s", NULL}, "Kh 7h 2c", NULL},
    {{"AhKh", "QhJs", "AsAc", NULL}, "2h 7h 9h Tc", NULL},
    {{"AKs", "QJ", "AA", NULL}, "2h 7h 9h Tc", NULL},
    {{"AK", "Th9d", "88", NULL}, "2h 7h 6h Jh", NULL},
    {{"A2s+", "KK,QQ", NULL}, "2h 7h 6h Jh 3c", NULL},
    {{"AhTc", "TT", NULL}, "Td 7d 2d", NULL}, /* set vs made flush, one held */
    {{"A5s-A2s", "KQs,KJs", "TT", NULL}, "9d 6d 3d Kc", NULL},
    /* straight flushes, wheels */
    {{"9h8h", "AhAs", NULL}, "7h 6h 2c", NULL},
    {{"JTs", "AK,QQ", NULL}, "Qh 9h 3s 8c", NULL},
    {{"54s,T9s", "AK,KK", NULL}, "6h 7h 8h 2c 3h", NULL},
    {{"A2", "62s", NULL}, "3c 4d 5h", NULL}, /* wheel vs six-high straight */
    {{"A2", "62s", "AK", NULL}, "3c 4d 5h Kd", NULL},
    {{"Ah2h", "6h6d", "AA", NULL}, "3h 4h 5h", NULL}, /* wheel straight flush */
    /* the board plays, ties */
    {{"22", "33", "random", NULL}, "Ts Js Qs Ks As", NULL}, /* royal on board: all split */
    {{"TT", "AdKd", "random", NULL},
     "5d 6d 7d 8d 9d",
     NULL},                                             /* Td tops the board's straight flush */
    {{"T9", "JT", "22", NULL}, "5c 6d 7h 8s 9c", NULL}, /* straight on board */
    {{"AK", "AQ", NULL}, "Kd Qc Jh Th 2s", NULL},       /* both hold the broadway */
    {{"7h2d", "7c2h", NULL}, "As Kd 9c", "Qs"},         /* same ranks, suits differ */
    /* counterfeits, paired boards */
    {{"5c4c", "AhKh", "QQ", NULL}, "5h 4d 9c 9s", NULL},
    {{"76", "A7", NULL}, "7c 6d 2h", NULL},
    {{"A8", "33", "KQs", NULL}, "8c 8d 3h", NULL},
    {{"QQ+,AK", "JJ,TT", NULL}, "Qc Qd 7h 7s", NULL},
    /* heavy overlap: the same range twice, shared cards, board cards inside the ranges */
    {{"AK", "AK", NULL}, "Ah 7c 2d", NULL},
    {{"TT+,AK", "TT+,AK", NULL}, "Kh Td 4c 2s", NULL},
    {{"AK", "KQ", NULL}, "As Kd Qh", NULL},
    {{"A2s+", "AKo,KQs,KJs", NULL}, "Ah Kd 7c 4s 2h", NULL},
    {{"QQ+,AKs", "QQ+,AKs", "JJ,AQs", NULL}, "Ah Qd 7s 2c", NULL},
    /* random for one player */
    {{"QQ", "random", NULL}, "Qc 7d Jh 3s", NULL},
    {{"AhKh,AsKs", "random", NULL}, "Qh Jh 2h 9s", NULL},
    /* 3 to 6 players */
    {{"AA", "KK", "QQ", NULL}, "2c 7d Jh 4s", NULL}, /* symmetric three-way */
    {{"AA", "KhKd", "QQ", "JsTs", NULL}, "Th 9s 2d", NULL},
    {{"AA", "KK", "QhQs", "JJ", "Tc9c", NULL}, "2c 7d 4h 9s", NULL},
    {{"AA", "KhKd", "QQ", "JsTs", "9h8h", "7c7d", NULL}, "Jc 9d 2h", NULL},
    {{"AKs", "KQs", "QJs", "JTs", "T9s", "98s", NULL}, "2h 3h 7h 8c Kd", NULL},
    {{"AhKh", "QQ", "JTs", "99", "A5s", "KQo", NULL}, "Th 9h 5h 2c", NULL},
};

static void test_more_equity_against_reference(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof MORE / sizeof MORE[0]; i++)
        check_holdem_case(&MORE[i]);
}

/* Slow cases (seconds each under the reference): preflop (every board of the 48 or fewer cards
 * left), six players on a turn with whole pair classes and on a flop with wider ranges. */
static const holdem_case SLOW[] = {
    {{"AhKh", "QsQd", NULL}, NULL, NULL},
    {{"AsKs", "AhKh", NULL}, NULL, NULL}, /* suits swapped: many splits */
    {{"AKs", "7h7d", NULL}, NULL, "2h"},  /* class vs hand, asymmetric dead */
    {{"AcKc", "QhQd", "8s7s", NULL}, NULL, NULL},
    {{"Ah2h", "6c6d", NULL}, NULL, "Kc Kd Ks"},
    {{"AA", "KK", NULL}, NULL, "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s"},
    {{"QQ", "AhKh", NULL}, NULL, "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Kc Ac"},
    {{"AA", "KK", "QQ", "JJ", "TT", "99", NULL}, "2c 7d 4h 3s", NULL},
    {{"AhKh", "QQ", "JTs", "99", "A5s", "KQo", NULL}, "Th 9h 5h", NULL},
};

static void test_slow_equity_against_reference(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof SLOW / sizeof SLOW[0]; i++)
        check_holdem_case(&SLOW[i]);
}

/* Top-percent items: the best classes by equity against one random hand, whole, until they hold
 * at least that share of the 1326 combinations. */
static void test_top_percent(void **state) {
    (void)state;
    static const struct {
        const char *text;
        size_t combos;
        const char *last; /* the last class taken */
    } cases[] = {
        {"0.1%", 6, "AA"},    /* 1.326 combinations: AA's 6 */
        {"0.5%", 12, "KK"},   /* 6.63: AA, KK */
        {"1%", 18, "QQ"},     /* 13.26 */
        {"15%", 200, NULL},   /* 198.9: the smallest whole-class prefix of at least 199 */
        {"100%", 1326, NULL}, /* everything */
        {"2.25%", 30, NULL},
    };
    const uint8_t *order = hs_holdem_classes_by_equity();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        static hs_holdem_range r;
        char canon[64];
        const char *t = cases[i].text;
        assert_int_equal(hs_holdem_range_parse(t, strlen(t), &r, canon, sizeof canon, NULL), HS_OK);
        assert_string_equal(canon, t);
        /* the reference: whole classes in order until the share is reached (exact integers) */
        size_t want = 0;
        double pct = strtod(t, NULL);
        int k = 0;
        while (want * 100 < pct * 1326 - 1e-9)
            want += (size_t)hs_holdem_class_combos(order[k++]);
        assert_int_equal(r.n, want);
        if (cases[i].combos != 0 && cases[i].combos != want)
            fail_msg("%s: %zu combinations, not %zu", t, want, cases[i].combos);
        if (cases[i].last != NULL) {
            char name[4];
            hs_holdem_class_name(order[k - 1], name);
            assert_string_equal(name, cases[i].last);
        }
        for (size_t j = 0; j < r.n; j++) {
            const int cls = hs_holdem_class(r.combo[j]);
            int pos = 0;
            while (order[pos] != cls)
                pos++;
            assert_true(pos < k);
        }
    }
    static hs_holdem_range r;
    const char *bad[] = {"0%", "101%", "15.%", ".5%", "%", "1.23456%", "15 %", "-5%"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (hs_holdem_range_parse(bad[i], strlen(bad[i]), &r, NULL, 0, NULL) != HS_ERR_TOKEN)
            fail_msg("'%s' was accepted", bad[i]);
    assert_int_equal(hs_holdem_range_parse("15%,AA", 6, &r, NULL, 0, NULL), HS_ERR_DUPLICATE);
    assert_int_equal(hs_holdem_range_parse("1%,72o@50", 9, &r, NULL, 0, NULL), HS_OK);
    assert_int_equal(r.n, 18 + 12);
}

/* The longest canonical text there can be, every combination an exact item with a two-digit
 * weight (100 is the default, not written), fits
 * HS_HOLDEM_RANGE_TEXT (it once did not, and the CLI called a good range malformed). */
static void test_longest_canonical_text(void **state) {
    (void)state;
    static char text[16384], canon[HS_HOLDEM_RANGE_TEXT];
    size_t n = 0;
    for (int a = 0; a < HS_CARDS; a++)
        for (int b = a + 1; b < HS_CARDS; b++) {
            char ca[3], cb[3];
            hs_card_format(a, ca);
            hs_card_format(b, cb);
            n += (size_t)snprintf(text + n, sizeof text - n, "%s%c%c%c%c@99", n ? "," : "", ca[0],
                                  ca[1] | 0x20, cb[0], cb[1] | 0x20);
        }
    static hs_holdem_range r;
    assert_int_equal(hs_holdem_range_parse(text, n, &r, canon, sizeof canon, NULL), HS_OK);
    assert_int_equal(r.n, HS_HOLDEM_COMBOS);
    assert_int_equal(strlen(canon), n);
}

/* Weighted ranges: a deal counts the product of its combinations' weights (each range's divided
 * by their gcd), against the reference run on every choice of combinations alone. */
static const holdem_case WEIGHTED[] = {
    {{"AA@50,KK", "QQ+,AKs@25", NULL}, "2c 7d 9h", NULL},
    {{"AhKh@30,QQ@60", "JTs@10,99", NULL}, "Jh Th 2c 5s", NULL},
    {{"AK@75", "TT-88@50,A5s", "KQs", NULL}, "8h 5h 2d", NULL},
    {{"AsKs@50,AhKh,AdKd,AcKc", "QQ", NULL}, "7c 8d 2h 3s", NULL}, /* a weight breaks symmetry */
    {{"AA@50,KK@50", "QQ@20", NULL}, "Kc 7d 2h", NULL}, /* one weight throughout: unweighted */
    {{"AK@60,AQs@30", "JJ+@90", NULL}, "Ad 7c 4h", "Kd"},
    {{"AA@1,KK@100", "QQ@7,JJ@3", "T9s@50", NULL}, "2c 3d 4h 5s", NULL},
    {{"AhAd@40,KhKd", "QsQc", NULL}, NULL, "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Kc Ac 2d 3d 4d 5d"},
};

static void test_weighted_equity_against_reference(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof WEIGHTED / sizeof WEIGHTED[0]; i++)
        check_weighted_case(&WEIGHTED[i]);
}

/* The mask of some cards (NULL: none). */
static uint64_t mask_of(const char *text) {
    int cards[52];
    size_t n = 0;
    if (text != NULL)
        assert_int_equal(hs_cards_parse(text, strlen(text), cards, 52, &n, NULL), HS_OK);
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++)
        m |= hs_card_bit(cards[i]);
    return m;
}

/* hs_holdem_equity_run on range texts at threads 0, 1 and 2; the return code (the same at each
 * count) and, when HS_OK, the deals in *deals. */
static int run_texts(const char *const *hands, const char *board, const char *dead,
                     uint64_t *deals) {
    static hs_holdem_range range[HOLDEM_CASE_PLAYERS];
    const uint64_t *ranges[HOLDEM_CASE_PLAYERS];
    size_t counts[HOLDEM_CASE_PLAYERS];
    int players = 0;
    for (; hands[players] != NULL; players++) {
        assert_true(players < HOLDEM_CASE_PLAYERS);
        const char *h = hands[players];
        assert_int_equal(hs_holdem_range_parse(h, strlen(h), &range[players], NULL, 0, NULL),
                         HS_OK);
        ranges[players] = range[players].combo;
        counts[players] = range[players].n;
    }
    int rc = 0;
    for (int threads = 0; threads <= 2; threads++) {
        hs_holdem_equity e;
        int r = hs_holdem_equity_run(players, ranges, counts, mask_of(board), mask_of(dead),
                                     threads, NULL, NULL, &e);
        if (threads > 0 && r != rc)
            fail_msg("%s vs %s: %d at %d threads, %d at %d", hands[0], hands[1], r, threads, rc,
                     threads - 1);
        rc = r;
        *deals = r == HS_OK ? e.deals : 0;
    }
    return rc;
}

/* No deal possible: every choice of hands collides with the board, the dead cards or another
 * player's hand, or too few cards are left for the board: HS_ERR_COUNT (header contract). A
 * range that loses only some of its combinations to card removal still runs. */
static void test_equity_no_deal_is_count_error(void **state) {
    (void)state;
    const holdem_case none[] = {
        {{"KhKd", "AA", NULL}, "Kh 7c 2d", NULL},          /* the only combo meets the board */
        {{"KhKd,KhKs", "QQ", NULL}, "Kh 7c 2d", NULL},     /* every combo meets the board */
        {{"KhKd,KsKc", "QQ", NULL}, NULL, "Kh Ks"},        /* every combo meets a dead card */
        {{"AA", "KK", NULL}, "Ah Ad As", "Ac"},            /* a class emptied by board and dead */
        {{"AhAd", "AhAs", NULL}, NULL, NULL},              /* the players collide */
        {{"AhAd", "AhKd,KsKc", "KsKc", NULL}, NULL, NULL}, /* pairwise possible, not all three */
        {{"AhKh", "AhQh", "KhQh", NULL}, "2c 3c 4c", NULL},
        /* one card left after the hands (As): no room for a turn and a river */
        {{"AhAd", "KhKd", NULL},
         "2c 3c 4c",
         "5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd 2h 3h 4h 5h 6h 7h 8h "
         "9h Th Jh Qh 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"},
    };
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        uint64_t deals = 0;
        int rc = run_texts(none[i].hands, none[i].board, none[i].dead, &deals);
        if (rc != HS_ERR_COUNT)
            fail_msg("case %zu (%s vs %s): %s, not HS_ERR_COUNT", i, none[i].hands[0],
                     none[i].hands[1], hs_strerror(rc));
    }
    /* the same shapes with one choice left */
    const struct {
        holdem_case c;
        uint64_t deals;
    } some[] = {
        {{{"KhKd,KsKc", "AA", NULL}, "Kh 7c 2d", NULL}, 6 * 990},          /* KsKc: 6 x C(45,2) */
        {{{"KhKd,KsKc", "QQ", NULL}, NULL, "Kh"}, 6 * 1533939},            /* C(47,5) boards */
        {{{"AhAd", "AhKd,KsKc", "KsKc,QsQc", NULL}, NULL, NULL}, 1370754}, /* C(46,5) */
        /* two cards left for the turn and river: one board per choice */
        {{{"AhAd", "KhKd", NULL},
          "2c 3c 4c",
          "5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd 2h 3h 4h 5h 6h 7h "
          "8h 9h Th Jh Qh 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs"},
         1},
    };
    for (size_t i = 0; i < sizeof some / sizeof some[0]; i++) {
        uint64_t deals = 0;
        assert_int_equal(run_texts(some[i].c.hands, some[i].c.board, some[i].c.dead, &deals),
                         HS_OK);
        assert_int_equal(deals, some[i].deals);
    }
    check_holdem_case(&some[0].c);
    check_holdem_case(&some[3].c);
}

/* More than 2^21 choices of hands: the work units are choices for the first players, the last
 * player's walked inside each unit (a full board keeps the reference quick). */
static void test_coarse_units_against_reference(void **state) {
    (void)state;
    const holdem_case c = {{"A2s+", "K2s+", "Q2s+", "J2s+", NULL}, "2c 3d 4h 5s 9c", NULL};
    check_holdem_case(&c);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--slow") == 0) {
        const struct CMUnitTest slow[] = {cmocka_unit_test(test_slow_equity_against_reference)};
        return cmocka_run_group_tests(slow, NULL, NULL);
    }
    if (argc > 1 && strcmp(argv[1], "--coarse") == 0) {
        const struct CMUnitTest coarse[] = {cmocka_unit_test(test_coarse_units_against_reference)};
        return cmocka_run_group_tests(coarse, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_items_against_reference),
        cmocka_unit_test(test_canonical_text_and_weights),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_class_lists),
        cmocka_unit_test(test_range_equity_against_reference),
        cmocka_unit_test(test_more_equity_against_reference),
        cmocka_unit_test(test_equity_no_deal_is_count_error),
        cmocka_unit_test(test_weighted_equity_against_reference),
        cmocka_unit_test(test_top_percent),
        cmocka_unit_test(test_longest_canonical_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
