/* Cribbage scorer: crafted hands, the breakdown, and the n-card scorer against references. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "crib_ref.h"
#include "handstat/handstat.h"

/* Five cards from text: four hand cards, then the starter. */
static void cards_of(const char *text, int cards[5], uint64_t *hand) {
    size_t n = 0;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 5, &n, NULL), HS_OK);
    assert_int_equal(n, 5);
    *hand = 0;
    for (int i = 0; i < 4; i++)
        *hand |= hs_card_bit(cards[i]);
}

typedef struct known_hand {
    const char *cards;
    int crib;
    int fifteens, pairs, runs, flush, nobs, total;
} known_hand;

static const known_hand KNOWN[] = {
    {"5H 5C 5S JD 5D", 0, 16, 12, 0, 0, 1, 29}, /* the 29 hand */
    {"5H 5C 5S JD 5D", 1, 16, 12, 0, 0, 1, 29},
    {"5H 5C 5S 5D JD", 0, 16, 12, 0, 0, 0, 28}, /* jack as starter: no nobs */
    {"2C 4D 6H 8S KC", 0, 0, 0, 0, 0, 0, 0},    /* a zero hand */
    {"AH 2H 3H 4H 5H", 0, 2, 0, 5, 5, 0, 12},   /* five-card flush run */
    {"AH 2H 3H 4H 5S", 0, 2, 0, 5, 4, 0, 11},   /* four-card flush: hand rules only */
    {"AH 2H 3H 4H 5S", 1, 2, 0, 5, 0, 0, 7},
    {"AH 2H 3H 4H 5H", 1, 2, 0, 5, 5, 0, 12},
    {"3C 3D 4H 5S 6C", 0, 4, 2, 8, 0, 0, 14},  /* double run of four */
    {"3C 3D 4H 4S 5C", 0, 4, 4, 12, 0, 0, 20}, /* double-double run */
    {"3C 3D 3H 4S 5C", 0, 6, 6, 9, 0, 0, 21},  /* triple run */
    {"7C 8D 9H TS JC", 0, 2, 0, 5, 0, 0, 7},   /* run of five */
    {"JH 5C KD QS 4H", 0, 6, 0, 3, 0, 1, 10},  /* nobs: jack of hearts, starter 4H */
    {"JH 2C 4D 6S 8H", 0, 0, 0, 0, 0, 1, 1},   /* all values even: only nobs */
    {"TH JH QH KH 5S", 0, 8, 0, 4, 4, 0, 16},  /* four tens-worth and a five */
};

static void test_known_hands(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++) {
        const known_hand *k = &KNOWN[i];
        int cards[5];
        uint64_t hand;
        cards_of(k->cards, cards, &hand);
        hs_crib_score s = hs_crib_score5(hand, cards[4], k->crib ? HS_CRIB_CRIB : HS_CRIB_HAND);
        ref_crib_score r = ref_crib_score5(cards, k->crib);
        print_message("%s%s\n", k->cards, k->crib ? " (crib)" : "");
        assert_int_equal(s.fifteens, k->fifteens);
        assert_int_equal(s.pairs, k->pairs);
        assert_int_equal(s.runs, k->runs);
        assert_int_equal(s.flush, k->flush);
        assert_int_equal(s.nobs, k->nobs);
        assert_int_equal(s.total, k->total);
        assert_int_equal(r.total, k->total); /* the reference agrees with the rulebook too */
    }
}

static void test_validity(void **state) {
    (void)state;
    uint64_t four = 0xF;
    assert_true(hs_crib_valid(four, 4));
    assert_false(hs_crib_valid(four, 3));                /* starter in hand */
    assert_false(hs_crib_valid(0x7, 4));                 /* three cards */
    assert_false(hs_crib_valid(four, 52));               /* no such card */
    assert_false(hs_crib_valid(four | (1ull << 60), 4)); /* a bit past the deck */
}

/* The breakdown's items add up to the score for many hands, and each item is what it says. */
static void test_explain_matches_score(void **state) {
    (void)state;
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (int trial = 0; trial < 200000; trial++) {
        uint64_t all = 0;
        int cards[5], n = 0;
        while (n < 5) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            int c = (int)(x % 52);
            if (!(all & hs_card_bit(c))) {
                all |= hs_card_bit(c);
                cards[n++] = c;
            }
        }
        uint64_t hand = all & ~hs_card_bit(cards[4]);
        hs_crib_rules rules = (trial & 1) ? HS_CRIB_CRIB : HS_CRIB_HAND;
        hs_crib_score s = hs_crib_score5(hand, cards[4], rules);
        hs_crib_item items[HS_CRIB_MAX_ITEMS];
        int count = hs_crib_explain(hand, cards[4], rules, items);
        int by_kind[5] = {0};
        for (int i = 0; i < count; i++) {
            assert_int_equal(items[i].cards & ~all, 0);
            if (items[i].kind == HS_CRIB_ITEM_PAIR)
                assert_int_equal(hs_hand_size(items[i].cards), 2);
            if (items[i].kind == HS_CRIB_ITEM_RUN)
                assert_int_equal(hs_hand_size(items[i].cards), items[i].points);
            by_kind[items[i].kind] += items[i].points;
        }
        assert_int_equal(by_kind[0], s.fifteens);
        assert_int_equal(by_kind[1], s.pairs);
        assert_int_equal(by_kind[2], s.runs);
        assert_int_equal(by_kind[3], s.flush);
        assert_int_equal(by_kind[4], s.nobs);
    }
}

/* n-card scoring agrees with brute force over all subsets for random small hands. */
static void test_nscore_small_vs_brute_force(void **state) {
    (void)state;
    uint64_t x = 12345;
    for (int trial = 0; trial < 3000; trial++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        int n = 1 + (int)((x >> 33) % 14);
        int ranks[24];
        uint64_t counts[13] = {0};
        for (int i = 0; i < n; i++) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            /* Favour a narrow band of ranks now and then, for long runs and many pairs. */
            int span = (trial % 3 == 0) ? 5 : 13;
            ranks[i] = (int)((x >> 33) % (uint64_t)span) + (trial % 3 == 0 ? (int)(trial % 8) : 0);
            counts[ranks[i]]++;
        }
        uint64_t fast;
        assert_int_equal(hs_crib_nscore_u64(counts, &fast), HS_OK);
        assert_int_equal(fast, ref_nscore_brute(ranks, n));
        mpz_t wide;
        mpz_init(wide);
        hs_crib_nscore_mpz(counts, wide);
        assert_true(mpz_cmp_ui(wide, (unsigned long)fast) == 0);
        mpz_clear(wide);
    }
}

/* Wide answers: the GMP path against the card-by-card reference, the 64-bit path refusing what
 * does not fit and accepting what does. Sizes cross 2^64 and 2^128. */
static void test_nscore_wide(void **state) {
    (void)state;
    const uint64_t sizes[] = {5, 100, 1000, 3000, 12000};
    mpz_t fast, ref, limit64, limit128;
    mpz_inits(fast, ref, limit64, limit128, NULL);
    mpz_ui_pow_ui(limit64, 2, 64);
    mpz_ui_pow_ui(limit128, 2, 128);
    int saw_past_64 = 0, saw_past_128 = 0, saw_fits = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        for (int shape = 0; shape < 3; shape++) {
            uint64_t counts[13] = {0};
            for (int r = 0; r < 13; r++)
                counts[r] = shape == 0   ? sizes[i]                        /* every rank */
                            : shape == 1 ? (r % 4 == 3 ? 0 : sizes[i] + r) /* short blocks */
                                         : (r < 5 ? sizes[i] : 0);         /* low ranks only */
            hs_crib_nscore_mpz(counts, fast);
            ref_nscore_exact(counts, ref);
            assert_true(mpz_cmp(fast, ref) == 0);
            uint64_t narrow;
            int rc = hs_crib_nscore_u64(counts, &narrow);
            if (mpz_cmp(ref, limit64) >= 0) {
                assert_int_equal(rc, HS_ERR_OVERFLOW);
                saw_past_64 = 1;
            } else {
                assert_int_equal(rc, HS_OK);
                assert_true(mpz_cmp_ui(ref, (unsigned long)narrow) == 0);
                saw_fits = 1;
            }
            saw_past_128 |= mpz_cmp(ref, limit128) >= 0;
        }
    }
    assert_true(saw_fits && saw_past_64 && saw_past_128);
    mpz_clears(fast, ref, limit64, limit128, NULL);
}

/* The largest count the 64-bit path can take with one rank: pairs c(c-1) <= 2^64-1. */
static void test_nscore_u64_edge(void **state) {
    (void)state;
    uint64_t counts[13] = {0};
    counts[12] = UINT64_C(4294967296); /* 2^32 kings: c(c-1) < 2^64 */
    uint64_t s;
    assert_int_equal(hs_crib_nscore_u64(counts, &s), HS_OK);
    assert_int_equal(s, UINT64_C(4294967296) * UINT64_C(4294967295));
    counts[12] = UINT64_C(4294967297); /* c(c-1) = 2^64 + 2^32 */
    assert_int_equal(hs_crib_nscore_u64(counts, &s), HS_ERR_OVERFLOW);
    mpz_t big, ref;
    mpz_inits(big, ref, NULL);
    hs_crib_nscore_mpz(counts, big);
    mpz_set_ui(ref, 4294967297ul);
    mpz_mul_ui(ref, ref, 4294967296ul);
    assert_true(mpz_cmp(big, ref) == 0);
    mpz_clears(big, ref, NULL);
}

static void test_nscore_parse(void **state) {
    (void)state;
    uint64_t counts[13] = {0}, n = 0;
    hs_parse_error err;
    const char *ok = "6\nA 2 3\n10 t K\n";
    assert_int_equal(hs_crib_nscore_parse(ok, strlen(ok), counts, &n, &err), HS_OK);
    assert_int_equal(n, 6);
    assert_int_equal(counts[0], 1);
    assert_int_equal(counts[9], 2);
    assert_int_equal(counts[12], 1);
    const char *bad_rank = "3\nA 2\nX\n";
    memset(counts, 0, sizeof counts);
    assert_int_equal(hs_crib_nscore_parse(bad_rank, strlen(bad_rank), counts, &n, &err),
                     HS_ERR_TOKEN);
    assert_int_equal(err.line, 3);
    assert_int_equal(err.offset, 6);
    const char *short_input = "4 A 2 3";
    assert_int_equal(hs_crib_nscore_parse(short_input, strlen(short_input), counts, &n, &err),
                     HS_ERR_COUNT);
    assert_int_equal(err.length, 0);
    const char *long_input = "2 A 2 3";
    assert_int_equal(hs_crib_nscore_parse(long_input, strlen(long_input), counts, &n, &err),
                     HS_ERR_COUNT);
    assert_int_equal(err.offset, 6);
    const char *bad_n[] = {"", "0 A", "-1 A", "x A", "99999999999999999999 A"};
    for (size_t i = 0; i < sizeof bad_n / sizeof bad_n[0]; i++)
        assert_int_equal(hs_crib_nscore_parse(bad_n[i], strlen(bad_n[i]), counts, &n, &err),
                         HS_ERR_FORMAT);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_hands),
        cmocka_unit_test(test_validity),
        cmocka_unit_test(test_explain_matches_score),
        cmocka_unit_test(test_nscore_small_vs_brute_force),
        cmocka_unit_test(test_nscore_wide),
        cmocka_unit_test(test_nscore_u64_edge),
        cmocka_unit_test(test_nscore_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
