/* Omaha ranges (handstat/omaha.h) against references written here:
 *  - the grammar: every example of README's Omaha range table as a plain predicate over a hand's
 *    rank and suit counts, checked on all 270,725 four-card hands (and 40,000 sampled five- and
 *    six-card hands each), with the counts of classic ranges stated;
 *  - range equity: a brute force over every choice of hands and every board completion, each
 *    player's best high by the reference ranker over all two-of-hole and three-of-board choices,
 *    the low by sorting ranks, the pot split in exact units, against hs_omaha_equity_ranges on 20
 *    cases (flop and turn, weighted, high and hi/lo, 4 and 5 cards, 2 and 3 players, a
 *    suit-symmetric turn), and with the argument "long" (CTest entry test_omaha_range_long) on 7
 *    heavier ones (six-card hands, big turn ranges, suit-symmetric flops);
 *  - README's table: every row and count of it is a row of the table checked here;
 *  - estimates within 5 standard errors of the exact answer; bad text refused, its token named. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "poker_ref.h"
#include "test_skip.h"

typedef unsigned __int128 u128;

/* ---- a hand's counts ------------------------------------------------------------------------- */

typedef struct counts {
    int n;
    int rank[13]; /* by card rank: 0 ace, 1 deuce .. 12 king */
    int suit[4];  /* c d h s */
    uint64_t mask;
} counts;

static counts count_of(uint64_t mask) {
    counts c;
    memset(&c, 0, sizeof c);
    c.mask = mask;
    for (int i = 0; i < 52; i++)
        if (mask >> i & 1) {
            c.n++;
            c.rank[i % 13]++;
            c.suit[i / 13]++;
        }
    return c;
}

static int has(const counts *c, int rank, int suit) {
    return (int)(c->mask >> (suit * 13 + rank) & 1);
}

enum { ACE = 0, KING = 12, QUEEN = 11, JACK = 10, TEN = 9, C = 0, D = 1, H = 2, S = 3 };

/* The pips' rank (2..14, ace high) of card rank r. */
static int pip(int r) {
    return r == 0 ? 14 : r + 1;
}
static int rank_of_pip(int p) {
    return p == 14 ? 0 : p - 1;
}

static int suits_with(const counts *c, int at_least) {
    int k = 0;
    for (int s = 0; s < 4; s++)
        k += c->suit[s] >= at_least;
    return k;
}
static int max_suit(const counts *c) {
    int m = 0;
    for (int s = 0; s < 4; s++)
        m = c->suit[s] > m ? c->suit[s] : m;
    return m;
}
static int ranks_with(const counts *c, int at_least) {
    int k = 0;
    for (int r = 0; r < 13; r++)
        k += c->rank[r] >= at_least;
    return k;
}

/* ---- the README table's examples as predicates (at-least semantics, any hand size) ---------- */

static int p_exact(const counts *c) { /* AsKhJd2c */
    return c->mask == ((UINT64_C(1) << (S * 13 + ACE)) | (UINT64_C(1) << (H * 13 + KING)) |
                       (UINT64_C(1) << (D * 13 + JACK)) | (UINT64_C(1) << (C * 13 + 1)));
}
static int p_aa(const counts *c) { /* AA, AA** */
    return c->rank[ACE] >= 2;
}
static int p_aa_ds(const counts *c) { /* AxAyxy */
    for (int x = 0; x < 4; x++)
        for (int y = 0; y < 4; y++)
            if (x != y && has(c, ACE, x) && has(c, ACE, y) && c->suit[x] >= 2 && c->suit[y] >= 2)
                return 1;
    return 0;
}
static int p_aa_and_ds(const counts *c) { /* AA:$ds */
    return c->rank[ACE] >= 2 && suits_with(c, 2) >= 2;
}
static int p_ds(const counts *c) { /* $ds, xxyy */
    return suits_with(c, 2) >= 2;
}
static int p_ss(const counts *c) { /* $ss */
    return max_suit(c) == 2 && suits_with(c, 2) == 1;
}
static int p_rb(const counts *c) { /* $rb, wxyz */
    return suits_with(c, 1) == 4;
}
static int p_np(const counts *c) { /* $np */
    return ranks_with(c, 2) == 0;
}
static int p_rron(const counts *c) { /* RRON: a rank twice, two other ranks */
    for (int r = 0; r < 13; r++)
        if (c->rank[r] >= 2) {
            int others = 0;
            for (int o = 0; o < 13; o++)
                others += o != r && c->rank[o] >= 1;
            if (others >= 2)
                return 1;
        }
    return 0;
}
static int p_rroo(const counts *c) { /* RROO */
    return ranks_with(c, 2) >= 2;
}
static int p_rr(const counts *c) { /* RR */
    return ranks_with(c, 2) >= 1;
}
static int p_kk_tt(const counts *c) { /* KK-TT */
    return c->rank[KING] >= 2 || c->rank[QUEEN] >= 2 || c->rank[JACK] >= 2 || c->rank[TEN] >= 2;
}
static int p_tt_plus(const counts *c) { /* TT+ */
    return p_kk_tt(c) || c->rank[ACE] >= 2;
}
static int p_ace_suited(const counts *c) { /* Axx */
    for (int s = 0; s < 4; s++)
        if (has(c, ACE, s) && c->suit[s] >= 2)
            return 1;
    return 0;
}
static int p_exactly_aa(const counts *c) { /* AA!AAA */
    return c->rank[ACE] == 2;
}
static int p_ak_at(const counts *c) { /* AK-AT: an ace and a ten to king */
    return c->rank[ACE] >= 1 && (c->rank[KING] || c->rank[QUEEN] || c->rank[JACK] || c->rank[TEN]);
}
static int p_rundown(const counts *c) { /* QJT9-8765 */
    for (int top = 12; top >= 8; top--) {
        int ok = 1;
        for (int k = 0; k < 4; k++)
            ok &= c->rank[rank_of_pip(top - k)] >= 1;
        if (ok)
            return 1;
    }
    return 0;
}
static int p_aa_kk_ds(const counts *c) { /* (AA,KK):$ds */
    return (c->rank[ACE] >= 2 || c->rank[KING] >= 2) && p_ds(c);
}
static int p_sshh(const counts *c) { /* sshh */
    return c->suit[S] >= 2 && c->suit[H] >= 2;
}
static int p_wxy(const counts *c) { /* wxy */
    return suits_with(c, 1) >= 3;
}
static int p_all(const counts *c) { /* * */
    (void)c;
    return 1;
}
static int p_broadway_pair(const counts *c) { /* [A-T][A-T]: two cards ten or better */
    int k = 0;
    for (int r = 0; r < 13; r++)
        if (pip(r) >= 10)
            k += c->rank[r];
    return k >= 2;
}
static int p_ak_spade(const counts *c) { /* [AK]s: the ace or king of spades */
    return has(c, ACE, S) || has(c, KING, S);
}
static int p_as_king(const counts *c) { /* AsK: the ace of spades and a king */
    return has(c, ACE, S) && c->rank[KING] >= 1;
}
static int p_aa_not_ds_low(const counts *c) { /* AA:$ss!A[2-5] : single-suited aces, no A-5 */
    if (!(c->rank[ACE] >= 2 && p_ss(c)))
        return 0;
    int lows = 0;
    for (int p = 2; p <= 5; p++)
        lows += c->rank[rank_of_pip(p)];
    /* "A[2-5]": an ace and another card 2..5 (the ace may not be that card) */
    return !(lows >= 1);
}
static int p_double_suited_pairs(const counts *c) { /* RxRyOxOy */
    for (int r = 0; r < 13; r++)
        for (int o = 0; o < 13; o++)
            if (r != o)
                for (int x = 0; x < 4; x++)
                    for (int y = 0; y < 4; y++)
                        if (x != y && has(c, r, x) && has(c, r, y) && has(c, o, x) && has(c, o, y))
                            return 1;
    return 0;
}

typedef struct table_row {
    const char *text;
    int (*pred)(const counts *);
    long long count4; /* the four-card count stated in README */
} table_row;

/* The rows of README's Omaha range table, in its order. */
static const table_row TABLE[] = {
    {"AsKhJd2c", p_exact, 1},
    {"AA", p_aa, 6961},
    {"AA**", p_aa, 6961},
    {"AxAyxy", p_aa_ds, 864},
    {"AA:$ds", p_aa_and_ds, 864},
    {"AA!AAA", p_exactly_aa, 6768},
    {"RR", p_rr, 87685},
    {"RRON", p_rron, 82368},
    {"RROO", p_rroo, 2808},
    {"RxRyOxOy", p_double_suited_pairs, 468},
    {"KK-TT", p_kk_tt, 27628},
    {"TT+", p_tt_plus, 34445},
    {"AK-AT", p_ak_at, 53200},
    {"QJT9-8765", p_rundown, 1280},
    {"[A-T][A-T]", p_broadway_pair, 135565},
    {"[AK]s", p_ak_spade, 40425},
    {"AsK", p_as_king, 4610},
    {"Axx", p_ace_suited, 45880},
    {"sshh", p_sshh, 6084},
    {"wxy", p_wxy, 186745},
    {"$ds", p_ds, 36504},
    {"$ss", p_ss, 158184},
    {"$rb", p_rb, 28561},
    {"$np", p_np, 183040},
    {"(AA,KK):$ds", p_aa_kk_ds, 1722},
    {"AA:$ss!A[2-5]", p_aa_not_ds_low, 1968},
    {"*", p_all, 270725},
};

/* Every table row on every four-card hand: the matcher agrees with the predicate. */
static void test_table_all_four_card_hands(void **state) {
    (void)state;
    const size_t rows = sizeof TABLE / sizeof TABLE[0];
    hs_omaha_matcher *m[sizeof TABLE / sizeof TABLE[0]];
    for (size_t i = 0; i < rows; i++) {
        char why[128];
        int rc = hs_omaha_matcher_new(TABLE[i].text, strlen(TABLE[i].text), 4, &m[i], NULL, why,
                                      sizeof why);
        if (rc != HS_OK)
            fail_msg("'%s': %d %s", TABLE[i].text, rc, why);
    }
    long long n[sizeof TABLE / sizeof TABLE[0]] = {0}, hands = 0;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++) {
                    const uint64_t mask =
                        UINT64_C(1) << a | UINT64_C(1) << b | UINT64_C(1) << c | UINT64_C(1) << d;
                    const counts k = count_of(mask);
                    hands++;
                    for (size_t i = 0; i < rows; i++) {
                        const int want = TABLE[i].pred(&k) ? 100 : 0;
                        const int got = hs_omaha_matcher_weight(m[i], mask);
                        if (want != got) {
                            char text[32];
                            hs_hand_format(mask, text, sizeof text);
                            fail_msg("'%s' on %s: %d, the reference %d", TABLE[i].text, text, got,
                                     want);
                        }
                        n[i] += want != 0;
                    }
                }
    assert_int_equal(hands, 270725);
    for (size_t i = 0; i < rows; i++) {
        if (TABLE[i].count4 >= 0 && n[i] != TABLE[i].count4)
            fail_msg("'%s': %lld hands, README says %lld", TABLE[i].text, n[i], TABLE[i].count4);
        uint64_t count = 0, wsum = 0;
        assert_int_equal(hs_omaha_range_count(TABLE[i].text, strlen(TABLE[i].text), 4, &count,
                                              &wsum, NULL, NULL, 0),
                         HS_OK);
        assert_true(count == (uint64_t)n[i] && wsum == 100 * count);
        hs_omaha_matcher_free(m[i]);
    }
}

/* README's table is the one checked here: every text of its first column is a row of TABLE and
 * every row of TABLE is in it, and every count it states is the row's (which the test above
 * checks against the predicate on all 270,725 hands). */
static void test_readme_table_is_checked(void **state) {
    (void)state;
    FILE *f = fopen(HS_README, "r");
    if (f == NULL)
        fail_msg("cannot read %s", HS_README);
    const size_t rows = sizeof TABLE / sizeof TABLE[0];
    int seen[sizeof TABLE / sizeof TABLE[0]] = {0};
    char line[1024];
    int in_table = 0, readme_rows = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        if (!in_table) {
            in_table = strncmp(line, "| text | the hands (4 cards) | count |", 38) == 0;
            continue;
        }
        if (line[0] != '|')
            break;
        if (strncmp(line, "| ---", 5) == 0)
            continue;
        readme_rows++;
        int bars = 0;
        for (const char *c = line; *c; c++)
            bars += *c == '|';
        if (bars != 4)
            fail_msg("README row '%s' has %d cells, not 3", line, bars - 1);
        /* the last column: the count, digits and commas */
        char *end = line + strlen(line);
        while (end > line && (end[-1] == '\n' || end[-1] == ' ' || end[-1] == '|'))
            *--end = '\0';
        char *bar = strrchr(line, '|');
        long long stated = 0;
        int digits = 0;
        for (const char *c = bar + 1; *c; c++)
            if (*c >= '0' && *c <= '9') {
                stated = stated * 10 + (*c - '0');
                digits++;
            } else if (*c != ',' && *c != ' ') {
                fail_msg("README row '%s': the count '%s' is not a number", line, bar + 1);
            }
        if (digits == 0)
            fail_msg("README row '%s' states no count", line);
        /* the first column: one or more backticked texts */
        char *col_end = strchr(line + 1, '|');
        int texts = 0;
        for (char *t = strchr(line, '`'); t != NULL && t < col_end; t = strchr(t, '`')) {
            char *close = strchr(t + 1, '`');
            assert_non_null(close);
            *close = '\0';
            size_t i = 0;
            while (i < rows && strcmp(TABLE[i].text, t + 1) != 0)
                i++;
            if (i == rows)
                fail_msg("README's row '%s' is not checked by the test", t + 1);
            if (TABLE[i].count4 != stated)
                fail_msg("'%s': README states %lld, the test %lld", t + 1, stated, TABLE[i].count4);
            seen[i] = 1;
            texts++;
            t = close + 1;
        }
        if (texts == 0)
            fail_msg("a README row without a backticked range: '%s'", line);
    }
    fclose(f);
    if (readme_rows == 0)
        fail_msg("README has no Omaha range table");
    for (size_t i = 0; i < rows; i++)
        if (!seen[i])
            fail_msg("'%s' is checked by the test but not in README's table", TABLE[i].text);
}

/* A plain 64-bit LCG (Knuth's MMIX constants): the test's own sampler. */
static uint64_t lcg(uint64_t *s) {
    *s = *s * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    return *s >> 33;
}

static uint64_t random_hand(uint64_t *s, int n) {
    uint64_t mask = 0;
    while (__builtin_popcountll(mask) < n)
        mask |= UINT64_C(1) << (lcg(s) % 52);
    return mask;
}

/* The same rows on 40,000 sampled hands of five and of six cards each. */
static void test_table_sampled_five_six(void **state) {
    (void)state;
    uint64_t seed = 42;
    for (int cards = 5; cards <= 6; cards++) {
        for (size_t i = 0; i < sizeof TABLE / sizeof TABLE[0]; i++) {
            if (TABLE[i].pred == p_exact)
                continue;
            hs_omaha_matcher *m;
            assert_int_equal(hs_omaha_matcher_new(TABLE[i].text, strlen(TABLE[i].text), cards, &m,
                                                  NULL, NULL, 0),
                             HS_OK);
            for (int k = 0; k < 40000; k++) {
                const uint64_t mask = random_hand(&seed, cards);
                const counts c = count_of(mask);
                const int want = TABLE[i].pred(&c) ? 100 : 0;
                if (hs_omaha_matcher_weight(m, mask) != want) {
                    char text[32];
                    hs_hand_format(mask, text, sizeof text);
                    fail_msg("'%s' (%d cards) on %s: the reference %d", TABLE[i].text, cards, text,
                             want);
                }
            }
            hs_omaha_matcher_free(m);
        }
    }
    /* classic counts of five cards: AA** (two aces or more), exactly by the binomials */
    uint64_t count = 0;
    assert_int_equal(hs_omaha_range_count("AA***", 5, 5, &count, NULL, NULL, NULL, 0), HS_OK);
    assert_true(count == 6 * 17296 + 4 * 1128 + 48); /* 108,336 */
}

/* Weights: the first item that holds a hand gives its weight; listing is ascending. */
static void test_weights_and_listing(void **state) {
    (void)state;
    hs_omaha_range r;
    const char *text = "AA@50, KK, AsKs@7";
    assert_int_equal(hs_omaha_range_parse(text, strlen(text), 4, &r, NULL, NULL, 0), HS_OK);
    size_t n_aa = 0, n_kk = 0, n_ask = 0;
    for (size_t i = 0; i < r.n; i++) {
        const counts c = count_of(r.hand[i]);
        if (i > 0)
            assert_true(r.hand[i] > r.hand[i - 1]);
        const int want = c.rank[ACE] >= 2                      ? 50
                         : c.rank[KING] >= 2                   ? 100
                         : has(&c, ACE, S) && has(&c, KING, S) ? 7
                                                               : 0;
        assert_int_equal(r.weight[i], want);
        n_aa += want == 50;
        n_kk += want == 100;
        n_ask += want == 7;
    }
    assert_int_equal(n_aa, 6961);
    assert_int_equal(n_kk, 6961 - 36); /* two kings or more, less those with two aces as well */
    /* AsKs and no second ace or king: C(50,2) - the pairs that add an ace or king (three aces
     * and three kings left: 6 * 44 + C(6,2) = 279) */
    assert_int_equal(n_ask, 1225 - 279);
    hs_omaha_range_free(&r);
}

/* The listing of `text` for hands of `cards` cards against the matcher's verdict on every hand. */
static void check_listing(const char *text, int cards) {
    hs_omaha_matcher *m;
    char why[256];
    assert_int_equal(hs_omaha_matcher_new(text, strlen(text), cards, &m, NULL, why, sizeof why),
                     HS_OK);
    hs_omaha_range r;
    assert_int_equal(hs_omaha_range_parse(text, strlen(text), cards, &r, NULL, NULL, 0), HS_OK);
    size_t at = 0;
    uint64_t weights = 0;
    /* every hand of the size, ascending (Gosper's hack) */
    const uint64_t last = ((UINT64_C(1) << cards) - 1) << (HS_CARDS - cards);
    for (uint64_t x = (UINT64_C(1) << cards) - 1;;) {
        const int w = hs_omaha_matcher_weight(m, x);
        if (w > 0) {
            if (at >= r.n || r.hand[at] != x || r.weight[at] != w)
                fail_msg("%s, %d cards: listed hand %zu differs", text, cards, at);
            at++;
            weights += (uint64_t)w;
        }
        if (x == last)
            break;
        const uint64_t c = x & (0 - x), y = x + c;
        x = (((y ^ x) >> 2) / c) | y;
    }
    if (at != r.n)
        fail_msg("%s, %d cards: %zu hands listed, %zu in the range", text, cards, r.n, at);
    uint64_t n = 0, wsum = 0;
    assert_int_equal(hs_omaha_range_count(text, strlen(text), cards, &n, &wsum, NULL, NULL, 0),
                     HS_OK);
    assert_true(n == r.n && wsum == weights);
    hs_omaha_range_free(&r);
    hs_omaha_matcher_free(m);
}

/* Ranges whose every item names cards are listed from the hands that hold those cards, not from
 * all hands: the same hands, weights and order as the matcher's verdict on every hand (items
 * that need more cards than a hand holds, or that nothing matches, included). */
static void test_listing_by_named_cards(void **state) {
    (void)state;
    static const char *const TEXTS[] = {
        "AhAd**",
        "AhKhQhJh, 9s8s7d6d@50",
        "Ah***!Ks",
        "(AhKd**)!(**Qc*)",
        "AhKd**:$ds",
        "Ah**Kd@25, AhQs**",
        "AhKhQhJh",
        "AhAdAcAs@5",
        "AsKsQs*, AA*",
        "KcKd**!(A***)",
        "2c**, 3d**@10",
        "Ac[KQ]d**",
        "(AhKd**,AhQd**)!(**Jc*)",
        "AhKd-AhTd",
        "AhKdQc*:JsTs**",
        "AhAh**",
        "AhKd**!Ah***",
    };
    for (int cards = 4; cards <= 5; cards++)
        for (size_t i = 0; i < sizeof TEXTS / sizeof TEXTS[0]; i++)
            check_listing(TEXTS[i], cards);
    check_listing("AhAd****, KsKc****@50, 9s8s7s6s5s4s", 6);
}

/* Bad text: refused with the offending token located. */
static void test_bad_text(void **state) {
    (void)state;
    static const struct {
        const char *text;
        int rc;
        const char *token;
    } BAD[] = {
        {"", HS_ERR_TOKEN, ""},
        {"AA,", HS_ERR_TOKEN, ""},
        {"AA,,KK", HS_ERR_TOKEN, ","},
        {"AAKKQ", HS_ERR_COUNT, "AAKKQ"},
        {"AA@0", HS_ERR_TOKEN, "@0"},
        {"AA@101", HS_ERR_TOKEN, "@101"},
        {"AA@", HS_ERR_TOKEN, "@"},
        {"Ae", HS_ERR_TOKEN, "e"},
        {"(AA", HS_ERR_TOKEN, "(AA"},
        {"AA)", HS_ERR_TOKEN, ")"},
        {"$zz", HS_ERR_TOKEN, "$zz"},
        {"15%", HS_ERR_TOKEN, "15%"},
        {"KK-T", HS_ERR_TOKEN, "KK-T"},
        {"KK-QJ", HS_ERR_TOKEN, "KK-QJ"},
        {"AsK-AhT", HS_ERR_TOKEN, "AsK-AhT"},
        {"RR+", HS_ERR_TOKEN, "RR+"},
        {"[AK", HS_ERR_TOKEN, "[AK"},
        {"[]", HS_ERR_TOKEN, "[]"},
        {"!AA", HS_ERR_TOKEN, "!"},
        {"(AA@50)", HS_ERR_TOKEN, "@"},
        {"A\x01", HS_ERR_TOKEN, "\x01"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        hs_omaha_matcher *m = NULL;
        hs_parse_error err = {99, 99, 99};
        char why[128] = "";
        const int rc =
            hs_omaha_matcher_new(BAD[i].text, strlen(BAD[i].text), 4, &m, &err, why, sizeof why);
        if (rc != BAD[i].rc)
            fail_msg("'%s': %d, wanted %d", BAD[i].text, rc, BAD[i].rc);
        assert_null(m);
        assert_true(why[0] != '\0');
        if (strlen(BAD[i].token) != err.length ||
            strncmp(BAD[i].text + err.offset, BAD[i].token, err.length) != 0)
            fail_msg("'%s': located '%.*s', wanted '%s' (%s)", BAD[i].text, (int)err.length,
                     BAD[i].text + err.offset, BAD[i].token, why);
    }
    hs_omaha_matcher *m;
    assert_int_equal(hs_omaha_matcher_new("AA", 2, 3, &m, NULL, NULL, 0), HS_ERR_ARG);
    assert_int_equal(hs_omaha_matcher_new("AA", 2, 7, &m, NULL, NULL, 0), HS_ERR_ARG);
    /* deep nesting is refused, not a stack overflow */
    char deep[200];
    memset(deep, '(', 100);
    memcpy(deep + 100, "AA", 3);
    assert_int_equal(hs_omaha_matcher_new(deep, strlen(deep), 4, &m, NULL, NULL, 0), HS_ERR_TOKEN);
    /* six-card ranges too large to store are refused with HS_ERR_OVERFLOW, counted fine */
    hs_omaha_range r;
    assert_int_equal(hs_omaha_range_parse("*", 1, 6, &r, NULL, NULL, 0), HS_ERR_OVERFLOW);
    uint64_t count = 0;
    assert_int_equal(hs_omaha_range_count("*", 1, 6, &count, NULL, NULL, NULL, 0), HS_OK);
    assert_true(count == 20358520);
}

/* ---- equity: the brute force ------------------------------------------------------------------
 */

static ref_poker *REF;

static uint32_t ref_low5(const int c[5]) {
    int r[5];
    for (int i = 0; i < 5; i++) {
        r[i] = c[i] % 13 + 1;
        if (r[i] > 8)
            return 0;
    }
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            if (r[j] > r[i]) {
                int t = r[i];
                r[i] = r[j];
                r[j] = t;
            }
    uint32_t v = 0;
    for (int i = 0; i < 5; i++) {
        if (i > 0 && r[i] == r[i - 1])
            return 0;
        v = v << 4 | (uint32_t)r[i];
    }
    return v;
}

static int cards_of(uint64_t mask, int *out) {
    int n = 0;
    for (int c = 0; c < 52; c++)
        if (mask >> c & 1)
            out[n++] = c;
    return n;
}

/* The best high key (larger better) and low (smaller better, 0 none) of hole with board. */
static void ref_best(uint64_t hole, const int *board, uint32_t *high, uint32_t *low) {
    int h[6];
    const int nh = cards_of(hole, h);
    *high = 0;
    *low = 0;
    for (int a = 0; a < nh; a++)
        for (int b = a + 1; b < nh; b++)
            for (int x = 0; x < 5; x++)
                for (int y = x + 1; y < 5; y++)
                    for (int z = y + 1; z < 5; z++) {
                        const int five[5] = {h[a], h[b], board[x], board[y], board[z]};
                        const uint32_t k = ref_poker_key(five);
                        *high = k > *high ? k : *high;
                        const uint32_t l = ref_low5(five);
                        if (l != 0 && (*low == 0 || l < *low))
                            *low = l;
                    }
}

typedef struct ref_eq {
    u128 deals, v[9][6]; /* wins ties losses scoops high_share low_share */
} ref_eq;

typedef struct ref_case {
    int players, hilo;
    const hs_omaha_range *r[9];
    uint64_t board, dead;
    ref_eq *out;
} ref_case;

static void ref_deal(const ref_case *k, const uint64_t *hands, u128 w) {
    int known[5];
    const int nk = cards_of(k->board, known);
    const uint64_t used = k->board | k->dead | hands[0] | hands[1] | hands[2] | hands[3] |
                          hands[4] | hands[5] | hands[6] | hands[7] | hands[8];
    int rest[52], nr = 0;
    for (int c = 0; c < 52; c++)
        if (!(used >> c & 1))
            rest[nr++] = c;
    const int need = 5 - nk;
    int idx[5] = {0, 1, 2, 3, 4};
    for (;;) {
        int board[5];
        memcpy(board, known, sizeof known[0] * (size_t)nk);
        for (int i = 0; i < need; i++)
            board[nk + i] = rest[idx[i]];
        uint32_t high[9], low[9], best = 0, best_low = 0;
        for (int p = 0; p < k->players; p++) {
            ref_best(hands[p], board, &high[p], &low[p]);
            best = high[p] > best ? high[p] : best;
            if (k->hilo && low[p] && (best_low == 0 || low[p] < best_low))
                best_low = low[p];
        }
        int nh = 0, nl = 0;
        for (int p = 0; p < k->players; p++) {
            nh += high[p] == best;
            nl += best_low != 0 && low[p] == best_low;
        }
        ref_eq *o = k->out;
        o->deals += w;
        for (int p = 0; p < k->players; p++) {
            const int hw = high[p] == best, lw = best_low != 0 && low[p] == best_low;
            o->v[p][hw ? (nh == 1 ? 0 : 1) : 2] += w;
            if (hw)
                o->v[p][4] += w * (u128)(nl ? 2520 / nh : 5040 / nh);
            if (lw)
                o->v[p][5] += w * (u128)(2520 / nl);
            if (k->hilo && hw && nh == 1 && (nl == 0 || (lw && nl == 1)))
                o->v[p][3] += w;
        }
        /* next combination of need indices below nr */
        int i = need - 1;
        while (i >= 0 && idx[i] == nr - need + i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (int j = i + 1; j < need; j++)
            idx[j] = idx[j - 1] + 1;
    }
}

static uint64_t gcd64(uint64_t a, uint64_t b) {
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static void ref_choose(const ref_case *k, int p, uint64_t *hands, uint64_t used, u128 w,
                       const uint64_t *g) {
    if (p == k->players) {
        ref_deal(k, hands, w);
        return;
    }
    for (size_t i = 0; i < k->r[p]->n; i++) {
        const uint64_t h = k->r[p]->hand[i];
        if (h & (used | k->board | k->dead))
            continue;
        hands[p] = h;
        ref_choose(k, p + 1, hands, used | h, w * (k->r[p]->weight[i] / g[p]), g);
        hands[p] = 0;
    }
}

static uint64_t cards(const char *text) {
    int c[16];
    size_t n = 0;
    if (text == NULL)
        return 0;
    assert_int_equal(hs_cards_parse(text, strlen(text), c, 16, &n, NULL), HS_OK);
    return hs_cards_mask(c, n);
}

typedef struct eq_case {
    int cards, hilo;
    const char *board, *dead;
    const char *range[3];
} eq_case;

static const eq_case CASES[] = {
    /* flops, high */
    {4, 0, "Kh7d2c", NULL, {"AsAh[KQ]c[23]d", "JsTs9h8h, JcTc9d8d@50", NULL}},
    {4, 0, "Ts9s2d", NULL, {"AsAdKsQh", "8s7s[6-5]h*:$ds!*d", NULL}},
    {4, 0, "Qh8c3s", "2h", {"AcAd[KQ]h[KJ]s@30, KcKd[AK]sAh@70", "QcJcTd9d", NULL}},
    {5, 0, "Ah9c4d", NULL, {"AsAc8h7h6d", "KsQsJhTh9s, KhQhJsTs9h@25", NULL}},
    /* turns, high */
    {4, 0, "Jd9d4c3h", NULL, {"[AK]d[AK]h[QT]d*c!**s", "9h9s8s7s, 9c9s8s7s@20", NULL}},
    {4, 0, "QsJs2h2d", NULL, {"AsKsQcQh@60, AhKhQcQd", "2s2cJc*h!JcJh", "Th9hTc9c"}},
    {5, 0, "8d7d6c2s", NULL, {"9d9sTsTh*c", "AdKdQdJd5d", NULL}},
    {4, 0, "Tc9c8c2d", NULL, {"AcKcQhQs", "[JT]h[JT]s7h7s", "6c5c4h4s"}},
    {4, 0, "AhKdQs2c", NULL, {"JJ:JsJh[AK]c[AK]h!A*A*", "TsTh9s9h@10, TdTc9d9c@90", NULL}},
    /* flops, hi/lo */
    {4, 1, "7h4d2c", NULL, {"AsAh3s5h", "Ad2d[3-6]c*c:$ds!6*6*!5*5*", NULL}},
    {4, 1, "8c5d3h", "Kc", {"AhAc2h2c@50, AsAd2s2d", "6s7s4c4h", NULL}},
    {5, 1, "Ks6h2d", NULL, {"Ac3c4d5d7s", "AdKd[QJ]h[QJ]s9h", NULL}},
    /* turns, hi/lo */
    {4, 1, "7h4d2c9s", NULL, {"A2**:AdAh2s*h!***c", "3s3h5s5h@70, 3c3d5c5d", NULL}},
    {4, 1, "8c6d3h3s", NULL, {"AhAc2h2c", "As2s4c5c, Ad2d4h5h@25", "KhKdQsQc"}},
    {5, 1, "Ks6h2d5c", NULL, {"Ac3c4d7d7s, Ah3h4s7c7h@40", "AdKd[QJ]h[QJ]s9h", NULL}},
    {4, 1, "6s5s4h8d", NULL, {"Ah2h3d7c, As2s3c7d@60", "7s8s9cTc", "AcKc2d3h"}},
    {4, 1, "AdKs7c2h", NULL, {"AhAs3c4d", "[34]h[34]s5c6c!3h3s", NULL}},
    {5, 1, "9h8h3c2c", "Ah", {"AcAd4h5h6d", "KsKdJhTh7s", NULL}},
    {4, 1, "Jc8d5c4s", NULL, {"AhAd3h2c", "[23]s[23]d6h7h@50, AsKc6d7d", NULL}},
    /* ranges and boards that permutations of clubs, diamonds and spades map onto themselves:
     * the exact count solves one board of each symmetric set */
    {4, 0, "7h6h2hKh", NULL, {"AA[KQ][KQ]:$ds!*h", "QhJT9!*h*h", NULL}},
};

/* The heavier cases (six-card hands, the big turn ranges, the symmetric flops): the long entry
 * test_omaha_range_long. */
static const eq_case LONG_CASES[] = {
    {6, 0, "7s6s5d", NULL, {"AhAdKhKdQcJc", "8s8c4h3h2c[JQ]s", NULL}},
    {4, 0, "Kh7d2c5s", NULL, {"AA:$ds!Ac!Ad*d", "RROO:KsKc**", NULL}},
    {6, 0, "Ac8h5d3s", "Kd", {"AhAs4h4s6c6h", "7c7s2c2d9h9s@40, 7h7d2h2d9c9d", NULL}},
    {6, 1, "9s5s4c", NULL, {"AhAs2h3s6d8d", "KcKh7d7h2d3d", NULL}},
    {6, 1, "Qh8h4c2d", "Kh", {"AhAs2h3s6d7d", "KcKs7c7h3d5d", NULL}},
    {4, 1, "7h6h2h", NULL, {"A3[45][45]:$ds!*h!44!55", "Qh3[45][45]!*h*h!44!55", NULL}},
    {4, 0, "7h6h2h", NULL, {"AA[KQ][KQ]:$ds!*h", "QhJT9!*h*h", NULL}},
};

static void equity_cases(void **state, const eq_case *cases, size_t n) {
    REF = *state;
    for (size_t i = 0; i < n; i++) {
        const eq_case *e = &cases[i];
        hs_omaha_range r[3];
        const hs_omaha_range *rp[3];
        int players = 0;
        for (int p = 0; p < 3 && e->range[p]; p++) {
            char why[128];
            int rc = hs_omaha_range_parse(e->range[p], strlen(e->range[p]), e->cards, &r[p], NULL,
                                          why, sizeof why);
            if (rc != HS_OK)
                fail_msg("case %zu: '%s': %d %s", i, e->range[p], rc, why);
            rp[p] = &r[p];
            players++;
        }
        const uint64_t board = cards(e->board), dead = cards(e->dead);
        hs_omaha_equity_exact got;
        int rc = hs_omaha_equity_ranges(rp, players, board, dead, e->hilo, 2, NULL, NULL, &got);
        if (rc != HS_OK)
            fail_msg("case %zu: %d", i, rc);
        ref_eq want;
        memset(&want, 0, sizeof want);
        ref_case k = {players, e->hilo, {0}, board, dead, &want};
        uint64_t g[9] = {0};
        for (int p = 0; p < players; p++) {
            k.r[p] = rp[p];
            for (size_t j = 0; j < r[p].n; j++)
                if (!(r[p].hand[j] & (board | dead)))
                    g[p] = gcd64(g[p], r[p].weight[j]);
        }
        uint64_t hands[9] = {0};
        ref_choose(&k, 0, hands, 0, 1, g);
        if (want.deals != got.deals || want.deals == 0)
            fail_msg("case %zu: %llu deals, the reference %llu", i, (unsigned long long)got.deals,
                     (unsigned long long)want.deals);
        for (int p = 0; p < players; p++) {
            const hs_omaha_player_exact *q = &got.p[p];
            const u128 v[6] = {q->wins, q->ties, q->losses, q->scoops, q->high_share, q->low_share};
            for (int j = 0; j < 6; j++)
                if (v[j] != want.v[p][j])
                    fail_msg("case %zu player %d count %d: %llu, the reference %llu", i, p + 1, j,
                             (unsigned long long)v[j], (unsigned long long)want.v[p][j]);
        }
        /* the estimate: within 5 standard errors of the exact equity */
        hs_omaha_equity_sample_result s;
        assert_int_equal(
            hs_omaha_equity_sample(rp, players, board, dead, e->hilo, 20000, 7, 2, NULL, NULL, &s),
            HS_OK);
        for (int p = 0; p < players; p++) {
            const double exact =
                (double)(got.p[p].high_share + got.p[p].low_share) / ((double)got.deals * 5040.0);
            const double se = s.p[p].std_error;
            if (se > 0 ? !(exact > s.p[p].equity - 5 * se && exact < s.p[p].equity + 5 * se)
                       : exact != s.p[p].equity)
                fail_msg("case %zu player %d: estimate %.6f +- %.6f, exact %.6f", i, p + 1,
                         s.p[p].equity, se, exact);
        }
        for (int p = 0; p < players; p++)
            hs_omaha_range_free(&r[p]);
    }
}

static void test_equity_against_brute_force(void **state) {
    equity_cases(state, CASES, sizeof CASES / sizeof CASES[0]);
}

static void test_equity_against_brute_force_long(void **state) {
    equity_cases(state, LONG_CASES, sizeof LONG_CASES / sizeof LONG_CASES[0]);
}

/* Thread counts and seeds: the same answers; bad arguments refused. */
static void test_equity_determinism_and_errors(void **state) {
    (void)state;
    hs_omaha_range a, b;
    assert_int_equal(hs_omaha_range_parse("AA:$ds", 6, 4, &a, NULL, NULL, 0), HS_OK);
    assert_int_equal(hs_omaha_range_parse("KK-QQ:$ds", 9, 4, &b, NULL, NULL, 0), HS_OK);
    const hs_omaha_range *rp[2] = {&a, &b};
    const uint64_t board = cards("Jh7d2c");
    hs_omaha_equity_sample_result s1, s2;
    assert_int_equal(hs_omaha_equity_sample(rp, 2, board, 0, 0, 100000, 3, 1, NULL, NULL, &s1),
                     HS_OK);
    assert_int_equal(hs_omaha_equity_sample(rp, 2, board, 0, 0, 100000, 3, 2, NULL, NULL, &s2),
                     HS_OK);
    assert_memory_equal(&s1, &s2, sizeof s1);
    hs_omaha_equity_exact e1, e2;
    assert_int_equal(hs_omaha_equity_ranges(rp, 2, board | cards("5s"), 0, 1, 1, NULL, NULL, &e1),
                     HS_OK);
    assert_int_equal(hs_omaha_equity_ranges(rp, 2, board | cards("5s"), 0, 1, 2, NULL, NULL, &e2),
                     HS_OK);
    assert_memory_equal(&e1, &e2, sizeof e1);
    /* preflop range against range: too big to count exactly */
    assert_int_equal(hs_omaha_equity_ranges(rp, 2, 0, 0, 0, 0, NULL, NULL, &e1), HS_ERR_OVERFLOW);
    assert_int_equal(hs_omaha_equity_ranges(rp, 1, board, 0, 0, 0, NULL, NULL, &e1), HS_ERR_ARG);
    assert_int_equal(hs_omaha_equity_sample(rp, 2, board, 0, 0, 0, 1, 0, NULL, NULL, &s1),
                     HS_ERR_ARG);
    /* a range wholly on the board */
    hs_omaha_range c;
    assert_int_equal(hs_omaha_range_parse("JhJs**", 6, 4, &c, NULL, NULL, 0), HS_OK);
    const hs_omaha_range *rc[2] = {&a, &c};
    assert_int_equal(hs_omaha_equity_ranges(rc, 2, board, cards("Js"), 0, 0, NULL, NULL, &e1),
                     HS_ERR_COUNT);
    /* ranges of one hand each that share a card: no deal, HS_ERR_COUNT as for larger ranges
     * (their count goes to hs_omaha_equity_run's tables, which would call it a duplicate) */
    hs_omaha_range d, e;
    assert_int_equal(hs_omaha_range_parse("AsAh2s2h", 8, 4, &d, NULL, NULL, 0), HS_OK);
    assert_int_equal(hs_omaha_range_parse("TsTh2s6h", 8, 4, &e, NULL, NULL, 0), HS_OK);
    const hs_omaha_range *rd[2] = {&d, &e};
    assert_int_equal(hs_omaha_equity_ranges(rd, 2, cards("Kd7c8h4s"), 0, 0, 1, NULL, NULL, &e1),
                     HS_ERR_COUNT);
    hs_omaha_range_free(&d);
    hs_omaha_range_free(&e);
    hs_omaha_range_free(&a);
    hs_omaha_range_free(&b);
    hs_omaha_range_free(&c);
}

static int setup(void **state) {
    ref_poker *ref = malloc(sizeof *ref);
    if (ref == NULL)
        return -1;
    ref_poker_init(ref);
    *state = ref;
    return ref->n == REF_POKER_CLASSES ? 0 : -1;
}

static int teardown(void **state) {
    free(*state);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "long") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_equity_against_brute_force_long)};
        return hs_run_tests(tests, setup, teardown);
    }
    if (argc > 1) {
        fprintf(stderr, "usage: test_omaha_range [long]\n");
        return 2;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_all_four_card_hands),
        cmocka_unit_test(test_readme_table_is_checked),
        cmocka_unit_test(test_table_sampled_five_six),
        cmocka_unit_test(test_weights_and_listing),
        cmocka_unit_test(test_listing_by_named_cards),
        cmocka_unit_test(test_bad_text),
        cmocka_unit_test(test_equity_against_brute_force),
        cmocka_unit_test(test_equity_determinism_and_errors),
    };
    return hs_run_tests(tests, setup, teardown);
}
