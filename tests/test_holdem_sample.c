/* Hold'em Monte Carlo equity (hs_holdem_equity_sample): determinism across threads and runs,
 * agreement with the exact engine within a few standard errors, the counts' invariants, errors,
 * and the sampler's distribution (combinations in proportion to weight and card removal, a
 * uniform board) through the test-only tally of holdem_internal.h. Every run has a fixed seed,
 * so the statistical checks are deterministic: they pass or fail the same way every time. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "holdem_internal.h"

#define MAXP HS_HOLDEM_MAX_PLAYERS

/* The mask of some cards (NULL: none). */
static uint64_t mask_of(const char *text) {
    int cards[52];
    size_t n = 0;
    if (text != NULL)
        assert_int_equal(hs_cards_parse(text, strlen(text), cards, 52, &n, NULL), HS_OK);
    return hs_cards_mask(cards, n);
}

typedef struct query {
    const char *hands[MAXP + 1]; /* range texts, NULL-terminated */
    const char *board, *dead;
} query;

static hs_holdem_range range_store[MAXP];

/* Parse q's ranges into range_store and point ranges[] at them; returns the players. */
static int parse_query(const query *q, const hs_holdem_range *ranges[MAXP]) {
    int players = 0;
    for (; q->hands[players] != NULL; players++) {
        const char *h = q->hands[players];
        assert_int_equal(hs_holdem_range_parse(h, strlen(h), &range_store[players], NULL, 0, NULL),
                         HS_OK);
        ranges[players] = &range_store[players];
    }
    return players;
}

static int sample(const query *q, uint64_t samples, uint64_t seed, int threads,
                  hs_progress_fn progress, void *ctx, hs_holdem_equity_sample_result *out) {
    const hs_holdem_range *ranges[MAXP];
    const int players = parse_query(q, ranges);
    return hs_holdem_equity_sample(players, ranges, mask_of(q->board), mask_of(q->dead), samples,
                                   seed, threads, progress, ctx, out);
}

/* Every field equal (the doubles bit for bit). */
static int same_result(const hs_holdem_equity_sample_result *a,
                       const hs_holdem_equity_sample_result *b) {
    if (a->players != b->players || a->samples != b->samples)
        return 0;
    for (int p = 0; p < a->players; p++) {
        const hs_holdem_sample_player *x = &a->player[p], *y = &b->player[p];
        if (x->wins != y->wins || x->ties != y->ties || x->losses != y->losses ||
            x->shares != y->shares || x->shares_sq != y->shares_sq ||
            memcmp(&x->equity, &y->equity, sizeof x->equity) != 0 ||
            memcmp(&x->std_error, &y->std_error, sizeof x->std_error) != 0)
            return 0;
    }
    return 1;
}

static int keep_going(void *ctx, uint64_t done, uint64_t total) {
    (void)done;
    (void)total;
    (*(int *)ctx)++;
    return 0;
}

/* (1) One seed: the same counts at 1 and 2 threads, with or without a progress callback, run
 * after run; another seed: other counts. Several units, the last one short. */
static void test_deterministic(void **state) {
    (void)state;
    const query q = {{"AK,QQ", "JJ+,AQs@40", "random", NULL}, "Qh 7c", NULL};
    const uint64_t n = 3 * 65536 + 1234;
    static hs_holdem_equity_sample_result a, b, c, d, e;
    int calls = 0;
    assert_int_equal(sample(&q, n, 42, 1, NULL, NULL, &a), HS_OK);
    assert_int_equal(sample(&q, n, 42, 2, NULL, NULL, &b), HS_OK);
    assert_int_equal(sample(&q, n, 42, 2, keep_going, &calls, &c), HS_OK);
    assert_int_equal(sample(&q, n, 42, 1, NULL, NULL, &d), HS_OK);
    assert_int_equal(sample(&q, n, 43, 2, NULL, NULL, &e), HS_OK);
    assert_true(same_result(&a, &b));
    assert_true(same_result(&a, &c));
    assert_true(same_result(&a, &d));
    assert_false(same_result(&a, &e));
    assert_true(a.player[0].shares != e.player[0].shares);
    assert_true(calls >= 4); /* at least once per unit */
    assert_int_equal(a.players, 3);
    assert_int_equal(a.samples, n);
}

/* (2) The estimate within 5 standard errors of the exact equity; heads-up (a share is 0, 1/2 or
 * 1, so the exact variance follows from wins and ties) the standard error within 3% of the
 * exact sigma / sqrt(n). */
static void test_agrees_with_exact(void **state) {
    (void)state;
    const query cases[] = {
        {{"AhAd", "KsKc", NULL}, NULL, NULL},
        {{"AKs", "QQ", NULL}, NULL, NULL},
        {{"AK", "QQ,JJ", "T9s,87s", NULL}, "Qh 7c 2d", NULL},
        {{"AA,KK@50,AKs@25", "QQ+,AK@40", NULL}, NULL, NULL},
        {{"AK,KQ", "AK,QQ", NULL}, NULL, NULL},
        {{"AhKh", "random", NULL}, "2h 7h Td Jc", "Ac Kc"},
        {{"QQ+,AKs@60", "TT-88,AQ@30", "KQs,JTs@50", "76s,55", NULL}, "Ks 8d 3h", NULL},
    };
    const uint64_t n = 200000;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const query *q = &cases[i];
        const hs_holdem_range *ranges[MAXP];
        const int players = parse_query(q, ranges);
        static hs_holdem_equity_exact x;
        assert_int_equal(hs_holdem_equity_ranges(players, ranges, mask_of(q->board),
                                                 mask_of(q->dead), 0, NULL, NULL, &x),
                         HS_OK);
        static hs_holdem_equity_sample_result r;
        assert_int_equal(sample(q, n, 1000 + i, 2, NULL, NULL, &r), HS_OK);
        for (int p = 0; p < players; p++) {
            const double exact = (double)x.player[p].shares / ((double)x.deals * 2520);
            const double est = r.player[p].equity, se = r.player[p].std_error;
            if (!(se > 0) || fabs(est - exact) > 5 * se)
                fail_msg("case %zu player %d: estimate %.6f, exact %.6f, standard error %.6f", i, p,
                         est, exact, se);
            if (players == 2) {
                const double deals = (double)x.deals;
                const double mean_sq =
                    ((double)x.player[p].wins + (double)x.player[p].ties / 4) / deals;
                const double sigma = sqrt(mean_sq - exact * exact);
                if (fabs(se / (sigma / sqrt((double)n)) - 1) > 0.03)
                    fail_msg("case %zu player %d: standard error %.7f, exact %.7f", i, p, se,
                             sigma / sqrt((double)n));
            }
        }
    }
}

/* (3) Every deal is a win, a tie or a loss for each player; each deal's pot is shared out whole;
 * the squares add up from the splits; the estimates follow from the counts. */
static void test_invariants(void **state) {
    (void)state;
    const query cases[] = {
        {{"AhAd", "KsKc", NULL}, NULL, NULL},
        {{"22+", "random", "A2s+", "KQ@10", NULL}, "9c 9d 4s", "Jh"},
        {{"random", "random", "random", "random", "random", "random", "random", "random", "random",
          NULL},
         NULL,
         NULL},
        {{"KhJh", "QsQd", NULL}, "Ah Qh 2c 3d 4s", NULL}, /* river: the same deal every time */
    };
    const uint64_t n = 70001;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        static hs_holdem_equity_sample_result r;
        assert_int_equal(sample(&cases[i], n, 7, 2, NULL, NULL, &r), HS_OK);
        assert_int_equal(r.samples, n);
        uint64_t shares = 0;
        for (int p = 0; p < r.players; p++) {
            const hs_holdem_sample_player *q = &r.player[p];
            assert_int_equal(q->wins + q->ties + q->losses, n);
            assert_true(q->shares >= q->wins * 2520 && q->shares <= (q->wins + q->ties) * 2520);
            assert_true(q->shares_sq >= (hs_uint128)q->wins * 2520 * 2520);
            assert_true(q->equity == (double)q->shares / ((double)n * 2520));
            if (r.players == 2)
                assert_true(q->shares_sq ==
                            (hs_uint128)q->wins * 2520 * 2520 + (hs_uint128)q->ties * 1260 * 1260);
            shares += q->shares;
        }
        assert_int_equal(shares, n * 2520);
    }
    /* One deal: the river is out and the hands fixed, so every sample is the same. */
    static hs_holdem_equity_sample_result r;
    assert_int_equal(sample(&cases[3], 1000, 1, 1, NULL, NULL, &r), HS_OK);
    assert_int_equal(r.player[1].wins, 1000);
    assert_true(r.player[1].equity == 1.0 && r.player[1].std_error == 0.0);
    assert_int_equal(sample(&cases[3], 1, 1, 1, NULL, NULL, &r), HS_OK);
    assert_true(isnan(r.player[0].std_error));
}

static int stop_now(void *ctx, uint64_t done, uint64_t total) {
    (void)ctx;
    (void)done;
    (void)total;
    return 1;
}

/* (4) Errors, each with *out zeroed. */
static void test_errors(void **state) {
    (void)state;
    static hs_holdem_equity_sample_result r, zero;
    const query ok = {{"AA", "KK", NULL}, NULL, NULL};
    const hs_holdem_range *ranges[MAXP];
    parse_query(&ok, ranges);
    const uint64_t n = 1000;
    memset(&r, 0xAB, sizeof r);
    assert_int_equal(hs_holdem_equity_sample(2, ranges, 0, 0, 0, 1, 1, NULL, NULL, &r), HS_ERR_ARG);
    assert_memory_equal(&r, &zero, sizeof r);
    assert_int_equal(hs_holdem_equity_sample(1, ranges, 0, 0, n, 1, 1, NULL, NULL, &r), HS_ERR_ARG);
    assert_int_equal(hs_holdem_equity_sample(10, ranges, 0, 0, n, 1, 1, NULL, NULL, &r),
                     HS_ERR_ARG);
    assert_int_equal(hs_holdem_equity_sample(2, NULL, 0, 0, n, 1, 1, NULL, NULL, &r), HS_ERR_ARG);
    assert_int_equal(hs_holdem_equity_sample(2, ranges, 0, 0, n, 1, -1, NULL, NULL, &r),
                     HS_ERR_ARG);
    const uint64_t ah = mask_of("Ah");
    assert_int_equal(hs_holdem_equity_sample(2, ranges, ah, ah, n, 1, 1, NULL, NULL, &r),
                     HS_ERR_ARG);
    assert_int_equal(hs_holdem_equity_sample(2, ranges, mask_of("2c 3c 4c 5c 6c 7c"), 0, n, 1, 1,
                                             NULL, NULL, &r),
                     HS_ERR_ARG);
    assert_int_equal(
        hs_holdem_equity_sample(2, ranges, UINT64_C(1) << 52, 0, n, 1, 1, NULL, NULL, &r),
        HS_ERR_ARG);
    assert_int_equal(
        hs_holdem_equity_sample(2, ranges, 0, 0, UINT64_MAX / 2520 + 1, 1, 1, NULL, NULL, &r),
        HS_ERR_OVERFLOW);
    /* broken ranges: empty, a NULL, a weight out of 1..100, a repeat, not two cards */
    static hs_holdem_range bad;
    const hs_holdem_range *pair[2] = {ranges[0], &bad};
    bad = *ranges[1];
    bad.n = 0;
    assert_int_equal(hs_holdem_equity_sample(2, pair, 0, 0, n, 1, 1, NULL, NULL, &r), HS_ERR_ARG);
    pair[1] = NULL;
    assert_int_equal(hs_holdem_equity_sample(2, pair, 0, 0, n, 1, 1, NULL, NULL, &r), HS_ERR_ARG);
    pair[1] = &bad;
    for (int i = 0; i < 5; i++) {
        bad = *ranges[1];
        if (i == 0)
            bad.weight[3] = 0;
        else if (i == 1)
            bad.weight[3] = HS_HOLDEM_WEIGHT_FULL + 1;
        else if (i == 2)
            bad.combo[3] = bad.combo[2]; /* a repeat */
        else if (i == 3)
            bad.combo[3] |= mask_of("2c"); /* three cards */
        else
            bad.combo[3] = UINT64_C(3) << 51; /* off the deck */
        assert_int_equal(hs_holdem_equity_sample(2, pair, 0, 0, n, 1, 1, NULL, NULL, &r),
                         HS_ERR_ARG);
    }
    /* No deal possible (the exact engine's cases): by the ranges up front, or by a million
     * collided choices in a row. */
    const query none[] = {
        {{"KhKd", "AA", NULL}, "Kh 7c 2d", NULL},
        {{"KhKd,KhKs", "QQ", NULL}, "Kh 7c 2d", NULL},
        {{"KhKd,KsKc", "QQ", NULL}, NULL, "Kh Ks"},
        {{"AA", "KK", NULL}, "Ah Ad As", "Ac"},
        {{"AhAd", "AhAs", NULL}, NULL, NULL},
        {{"AhAd", "AhKd,KsKc", "KsKc", NULL}, NULL, NULL},
        {{"AhKh", "AhQh", "KhQh", NULL}, "2c 3c 4c", NULL},
        {{"AA", "AA", "AA", NULL}, NULL, NULL},
    };
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        memset(&r, 0xAB, sizeof r);
        if (sample(&none[i], n, 1, 2, NULL, NULL, &r) != HS_ERR_COUNT)
            fail_msg("no-deal case %zu is not HS_ERR_COUNT", i);
        assert_memory_equal(&r, &zero, sizeof r);
    }
    /* four cards left after the hands: no room for the board */
    const uint64_t dead = HS_DECK_MASK & ~mask_of("Ah Ad Kh Kd 2c 3c 4c 5c");
    parse_query(&ok, ranges);
    assert_int_equal(hs_holdem_equity_sample(2, ranges, 0, dead, n, 1, 1, NULL, NULL, &r),
                     HS_ERR_COUNT);
    /* Cancelled at the first progress report, also while no deal comes. */
    assert_int_equal(sample(&ok, 1000000, 1, 2, stop_now, NULL, &r), HS_ERR_CANCELLED);
    assert_memory_equal(&r, &zero, sizeof r);
    assert_int_equal(sample(&none[7], n, 1, 1, stop_now, NULL, &r), HS_ERR_CANCELLED);
}

/* The chi-square bound at about 5 sigma for `df` degrees of freedom (Wilson-Hilferty: the cube
 * root of chi2/df is nearly normal with mean 1 - 2/(9 df) and variance 2/(9 df)). */
static double chi2_bound(int df) {
    const double v = 2.0 / (9.0 * df);
    const double c = 1 - v + 5 * sqrt(v);
    return df * c * c * c;
}

static double chi2(const uint64_t *seen, const double *expect, int cells) {
    double x = 0;
    for (int i = 0; i < cells; i++)
        x += ((double)seen[i] - expect[i]) * ((double)seen[i] - expect[i]) / expect[i];
    return x;
}

/* (5) The sampler's deals: combinations in proportion to their weights; card removal between
 * ranges as the exact model has it (each pair of combinations in proportion to the product of
 * weights if disjoint, else never); a uniform board. */
static void test_distribution(void **state) {
    (void)state;
    static hs_holdem_sample_tally t;
    const uint64_t n = 400000;
    const hs_holdem_range *ranges[MAXP];
    double expect[HS_HOLDEM_COMBOS];

    /* "AA@25,KK" against a disjoint fixed hand: AA one deal in five (6*25 / (6*25 + 6*100)). */
    const query weighted = {{"AA@25,KK", "7c2d", NULL}, NULL, NULL};
    parse_query(&weighted, ranges);
    assert_int_equal(hs_holdem_sample_tally_run(2, ranges, 0, 0, n, 5, &t), HS_OK);
    uint64_t aa = 0;
    for (int i = 0; i < 6; i++)
        aa += t.combo[0][i];
    const double sd = sqrt(0.2 * 0.8 / (double)n);
    if (fabs((double)aa / (double)n - 0.2) > 5 * sd)
        fail_msg("AA in %.5f of deals, expected 0.2 (sigma %.5f)", (double)aa / (double)n, sd);
    for (int i = 0; i < 12; i++)
        expect[i] = (double)n * (i < 6 ? 25.0 : 100.0) / 750.0;
    assert_true(chi2(t.combo[0], expect, 12) < chi2_bound(11));
    assert_int_equal(t.combo[1][0], n);

    /* "AK,KQ" vs "AK,QQ": heavy card removal; each of player 0's combinations in proportion to
     * its disjoint partners, counted by brute force. */
    const query removal = {{"AK@70,KQ", "AK,QQ@30", NULL}, "2c", "Qh"};
    parse_query(&removal, ranges);
    const uint64_t off = mask_of("2c Qh");
    assert_int_equal(hs_holdem_sample_tally_run(2, ranges, mask_of("2c"), mask_of("Qh"), n, 6, &t),
                     HS_OK);
    double total = 0;
    for (int k = 0; k < 2; k++) {
        const hs_holdem_range *a = ranges[k], *b = ranges[1 - k];
        total = 0;
        for (size_t i = 0; i < a->n; i++) {
            expect[i] = 0;
            if (a->combo[i] & off)
                continue;
            for (size_t j = 0; j < b->n; j++)
                if (!(b->combo[j] & (off | a->combo[i])))
                    expect[i] += (double)a->weight[i] * b->weight[j];
            total += expect[i];
        }
        int cells = 0;
        uint64_t seen[HS_HOLDEM_COMBOS];
        double want[HS_HOLDEM_COMBOS];
        for (size_t i = 0; i < a->n; i++) {
            if (expect[i] == 0) {
                assert_int_equal(t.combo[k][i], 0); /* never a combination off the deck */
                continue;
            }
            seen[cells] = t.combo[k][i];
            want[cells++] = (double)n * expect[i] / total;
        }
        const double x = chi2(seen, want, cells);
        if (x >= chi2_bound(cells - 1))
            fail_msg("player %d: chi-square %.1f over %d cells (bound %.1f)", k, x, cells,
                     chi2_bound(cells - 1));
    }

    /* Fixed hands: each of the 48 other cards on the board in 5 deals of 48. */
    const query fixed = {{"AhAd", "KsKc", NULL}, NULL, NULL};
    parse_query(&fixed, ranges);
    assert_int_equal(hs_holdem_sample_tally_run(2, ranges, 0, 0, n, 7, &t), HS_OK);
    const uint64_t hands = mask_of("Ah Ad Ks Kc");
    uint64_t seen[HS_CARDS];
    int cells = 0;
    for (int c = 0; c < HS_CARDS; c++) {
        if (hands >> c & 1) {
            assert_int_equal(t.board[c], 0);
            continue;
        }
        seen[cells] = t.board[c];
        expect[cells++] = (double)n * 5 / 48;
    }
    /* (the cells are not independent: their sum is fixed; df 47 is slightly generous) */
    assert_true(chi2(seen, expect, cells) < chi2_bound(cells - 1));

    /* The tally draws what the estimate draws. */
    static hs_holdem_equity_sample_result r;
    assert_int_equal(hs_holdem_equity_sample(2, ranges, 0, 0, n, 7, 2, NULL, NULL, &r), HS_OK);
    assert_int_equal(r.samples, t.combo[0][0]);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deterministic), cmocka_unit_test(test_agrees_with_exact),
        cmocka_unit_test(test_invariants),    cmocka_unit_test(test_errors),
        cmocka_unit_test(test_distribution),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
