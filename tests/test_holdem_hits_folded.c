/* Folded ranges in holdem hits over every flop, turn or river (hs_holdem_hits_folded_job_new) and
 * by combination on one board (hs_holdem_hits_board_folded_combos): against a brute force written
 * here that deals every folded tuple, every combination of the range and every board explicitly
 * (small ranges, so it runs in a second); against the plain job (hs_holdem_hits_run) with each
 * folded hand as dead cards, summed by the hand's weight; the same counts at every thread count;
 * the bound and the errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"

typedef unsigned __int128 u128;

#define MAXF HS_HOLDEM_MAX_FOLDED

static uint64_t mask_of(const char *text) {
    int cards[52];
    size_t n = 0;
    if (text != NULL)
        assert_int_equal(hs_cards_parse(text, strlen(text), cards, 52, &n, NULL), HS_OK);
    return hs_cards_mask(cards, n);
}

static hs_holdem_range *parse(const char *text) {
    hs_holdem_range *r = malloc(sizeof *r);
    assert_non_null(r);
    assert_int_equal(hs_holdem_range_parse(text, strlen(text), r, NULL, 0, NULL), HS_OK);
    return r;
}

static unsigned gcd_u(unsigned a, unsigned b) {
    while (b != 0) {
        const unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int card_count(uint64_t m) {
    return __builtin_popcountll(m);
}

/* ---- the brute force ------------------------------------------------------------------------
 * Per class and street: every folded tuple (one combination per folded range, pairwise disjoint,
 * off the dead cards; weight the product of each range's weights over its gcd), every combination
 * of the range off the tuple and the dead cards (its weight), every board of 3 + street cards off
 * all of them: the category and flags of hs_holdem_hit, counted with w_tuple x w_combination. */

typedef struct tally {
    u128 total, made[HS_HIT_MADE], flag[HS_HIT_FLAGS];
} tally;

typedef struct brute {
    const hs_holdem_range *range;
    int folded;
    const hs_holdem_range *fold[MAXF];
    unsigned gcd[MAXF];
    uint64_t dead;
    unsigned streets;
    tally cls[HS_HOLDEM_CLASSES][HS_STREETS];
} brute;

static void boards_of(brute *b, uint64_t hole, uint64_t used, u128 w) {
    const int cls = hs_holdem_class(hole);
    int cards[52], n = 0;
    for (int c = 0; c < 52; c++)
        if (!(used & (UINT64_C(1) << c)))
            cards[n++] = c;
    for (int s = 0; s < HS_STREETS; s++) {
        if (!(b->streets & (1u << s)))
            continue;
        const int k = 3 + s;
        int idx[5];
        for (int i = 0; i < k; i++)
            idx[i] = i;
        for (;;) {
            uint64_t board = 0;
            for (int i = 0; i < k; i++)
                board |= UINT64_C(1) << cards[idx[i]];
            unsigned f;
            const int made = hs_holdem_hit(hole, board, &f);
            assert_true(made >= 0);
            tally *t = &b->cls[cls][s];
            t->total += w;
            t->made[made] += w;
            for (int i = 0; i < HS_HIT_FLAGS; i++)
                if (f & HS_HIT_F(i))
                    t->flag[i] += w;
            /* the next k-subset of 0..n-1 */
            int i = k - 1;
            while (i >= 0 && idx[i] == n - k + i)
                i--;
            if (i < 0)
                break;
            idx[i]++;
            for (int j = i + 1; j < k; j++)
                idx[j] = idx[j - 1] + 1;
        }
    }
}

static void tuples(brute *b, int j, uint64_t used, u128 w) {
    if (j == b->folded) {
        for (size_t i = 0; i < b->range->n; i++)
            if (!(b->range->combo[i] & used))
                boards_of(b, b->range->combo[i], used | b->range->combo[i],
                          w * b->range->weight[i]);
        return;
    }
    const hs_holdem_range *r = b->fold[j];
    for (size_t i = 0; i < r->n; i++)
        if (!(r->combo[i] & used))
            tuples(b, j + 1, used | r->combo[i], w * (r->weight[i] / b->gcd[j]));
}

static void brute_run(brute *b) {
    memset(b->cls, 0, sizeof b->cls);
    for (int j = 0; j < b->folded; j++) {
        b->gcd[j] = 0;
        for (size_t i = 0; i < b->fold[j]->n; i++)
            b->gcd[j] = gcd_u(b->gcd[j], b->fold[j]->weight[i]);
    }
    tuples(b, 0, b->dead, 1);
}

/* The folded job run whole at `threads`: its classes into out (room for 169), their number. */
static int job_run(const hs_holdem_range *range, int folded, const hs_holdem_range *const *fold,
                   uint64_t dead, unsigned streets, int threads, hs_holdem_hits_class_folded *out) {
    hs_job *job;
    hs_holdem_hits_folded_info info;
    assert_int_equal(
        hs_holdem_hits_folded_job_new(range, folded, fold, dead, streets, 0, 0, &info, &job),
        HS_OK);
    assert_true(info.units == hs_job_units(job));
    assert_int_equal(
        hs_job_run(job, 0, hs_job_units(job), &(hs_job_opts){threads, NULL, NULL, NULL, NULL, 0.0}),
        HS_OK);
    int n = 0;
    assert_int_equal(hs_holdem_hits_folded_job_result(job, out, &n), HS_OK);
    hs_job_free(job);
    return n;
}

static void assert_same_tally(const hs_holdem_hits_folded *h, const tally *t) {
    assert_true(h->total == t->total);
    for (int i = 0; i < HS_HIT_MADE; i++)
        assert_true(h->made[i] == t->made[i]);
    for (int i = 0; i < HS_HIT_FLAGS; i++)
        assert_true(h->flag[i] == t->flag[i]);
}

static void check_case(const char *range_text, const char *const *fold_text, const char *dead_text,
                       unsigned streets) {
    brute *b = calloc(1, sizeof *b);
    assert_non_null(b);
    hs_holdem_range *range = parse(range_text), *fr[MAXF];
    b->range = range;
    while (fold_text[b->folded] != NULL) {
        fr[b->folded] = parse(fold_text[b->folded]);
        b->fold[b->folded] = fr[b->folded];
        b->folded++;
    }
    b->dead = mask_of(dead_text);
    b->streets = streets;
    brute_run(b);
    hs_holdem_hits_class_folded *got = malloc(HS_HOLDEM_CLASSES * sizeof *got);
    assert_non_null(got);
    const int n = job_run(range, b->folded, b->fold, b->dead, streets, 1, got);
    int seen[HS_HOLDEM_CLASSES] = {0};
    for (int i = 0; i < n; i++) {
        seen[got[i].cls] = 1;
        for (int s = 0; s < HS_STREETS; s++)
            assert_same_tally(&got[i].street[s], &b->cls[got[i].cls][s]);
    }
    for (int k = 0; k < HS_HOLDEM_CLASSES; k++) /* no class counted by the brute force is missing */
        if (!seen[k])
            for (int s = 0; s < HS_STREETS; s++)
                assert_true(b->cls[k][s].total == 0);
    free(got);
    for (int j = 0; j < b->folded; j++)
        free(fr[j]);
    free(range);
    free(b);
}

static void test_streets_brute_force(void **state) {
    (void)state;
    /* one folded range: flops, weighted, with and without dead cards */
    static const char *const F1[] = {"JJ+,AQs@50", NULL};
    check_case("AKs,QQ@25", F1, NULL, HS_STREET_FLOP);
    check_case("AKs,QQ@25", F1, "2c 7h", HS_STREET_FLOP);
    /* an asymmetric folded range (fewer suit permutations) */
    static const char *const F2[] = {"AhQh,KsKd@30", NULL};
    check_case("AK,99", F2, "Td", HS_STREET_FLOP);
    /* turns and rivers on small ranges */
    static const char *const F3[] = {"QQ", NULL};
    check_case("AhKh,7c6c@40", F3, NULL, HS_STREET_TURN);
    static const char *const F4[] = {"QhQd,Js9s@50", NULL};
    check_case("AhKh", F4, "2c", HS_STREET_RIVER);
    /* two and three folded players (the first walked, the last in closed form) */
    static const char *const F5[] = {"QQ", "JJ,AhQh@50", NULL};
    check_case("AKs", F5, NULL, HS_STREET_FLOP);
    static const char *const F6[] = {"QhQd,QcQs", "AQs@75", "KK", NULL};
    check_case("AKs,T9s@50", F6, "3d", HS_STREET_FLOP);
    /* the folded ranges overlapping the range, several streets at once */
    static const char *const F7[] = {"AK", NULL};
    check_case("AhKh,AsAd", F7, NULL, HS_STREET_FLOP | HS_STREET_TURN);
}

/* Against the plain job with each folded hand as dead cards, summed by the hand's weight over its
 * range's gcd: an independent path to the same counts. */
static void test_streets_dead_card_sum(void **state) {
    (void)state;
    hs_holdem_range *range = parse("AKs,QQ,T9s@50"), *fold = parse("AA,KK@50,87s");
    const uint64_t dead = mask_of("2d");
    unsigned g = 0;
    for (size_t i = 0; i < fold->n; i++)
        g = gcd_u(g, fold->weight[i]);
    tally sum[HS_HOLDEM_CLASSES];
    memset(sum, 0, sizeof sum);
    hs_holdem_hits_class plain[HS_HOLDEM_CLASSES];
    for (size_t i = 0; i < fold->n; i++) {
        if (fold->combo[i] & dead)
            continue;
        int n = 0;
        const int rc = hs_holdem_hits_run(range, dead | fold->combo[i], HS_STREET_FLOP, 1, NULL,
                                          NULL, plain, &n);
        if (rc == HS_ERR_COUNT)
            continue;
        assert_int_equal(rc, HS_OK);
        const u128 w = fold->weight[i] / g;
        for (int k = 0; k < n; k++) {
            const hs_holdem_hits *h = &plain[k].street[0];
            tally *t = &sum[plain[k].cls];
            t->total += w * h->total;
            for (int m = 0; m < HS_HIT_MADE; m++)
                t->made[m] += w * h->made[m];
            for (int f = 0; f < HS_HIT_FLAGS; f++)
                t->flag[f] += w * h->flag[f];
        }
    }
    const hs_holdem_range *folds[1] = {fold};
    hs_holdem_hits_class_folded got[HS_HOLDEM_CLASSES], got2[HS_HOLDEM_CLASSES];
    const int n = job_run(range, 1, folds, dead, HS_STREET_FLOP, 1, got);
    assert_int_equal(n, 3);
    for (int i = 0; i < n; i++)
        assert_same_tally(&got[i].street[0], &sum[got[i].cls]);
    /* the same counts at two threads */
    const int n2 = job_run(range, 1, folds, dead, HS_STREET_FLOP, 2, got2);
    assert_int_equal(n2, n);
    assert_memory_equal(got, got2, (size_t)n * sizeof got[0]);
    free(range);
    free(fold);
}

/* By combination on one board: each combination's weight x the folded tuples' weights off it,
 * against a brute force over the tuples; the sum is hs_holdem_hits_board_folded's total. */
static void test_board_combos(void **state) {
    (void)state;
    static const struct {
        const char *range, *fold[3], *board, *dead;
    } CASES[] = {{"AK,QQ@50,T9s", {"JJ+", NULL, NULL}, "Kh 7d 2c", NULL},
                 {"AK,QQ@50,T9s", {"QQ", "AhKh,JJ@25", NULL}, "Kh 7d 2c 9s", "3c"},
                 {"random", {"AA,KK", "QhQd,AsKs", "T9s@50"}, "Ah 7d 2c", NULL}};
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        hs_holdem_range *range = parse(CASES[c].range), *fr[3];
        const hs_holdem_range *fold[3];
        int folded = 0;
        unsigned g[3];
        while (folded < 3 && CASES[c].fold[folded] != NULL) {
            fr[folded] = parse(CASES[c].fold[folded]);
            fold[folded] = fr[folded];
            g[folded] = 0;
            for (size_t i = 0; i < fr[folded]->n; i++)
                g[folded] = gcd_u(g[folded], fr[folded]->weight[i]);
            folded++;
        }
        const uint64_t board = mask_of(CASES[c].board), dead = mask_of(CASES[c].dead);
        u128 *want = calloc(range->n, sizeof *want), *got = calloc(range->n, sizeof *got);
        assert_non_null(want);
        assert_non_null(got);
        /* every tuple, by nested loops over up to three folded ranges */
        const size_t n0 = fr[0]->n, n1 = folded > 1 ? fr[1]->n : 1, n2 = folded > 2 ? fr[2]->n : 1;
        for (size_t a = 0; a < n0; a++)
            for (size_t b = 0; b < n1; b++)
                for (size_t d = 0; d < n2; d++) {
                    uint64_t used = board | dead, cards = fr[0]->combo[a];
                    u128 w = fr[0]->weight[a] / g[0];
                    if (folded > 1) {
                        cards |= fr[1]->combo[b];
                        w *= fr[1]->weight[b] / g[1];
                    }
                    if (folded > 2) {
                        cards |= fr[2]->combo[d];
                        w *= fr[2]->weight[d] / g[2];
                    }
                    if (card_count(cards) != 2 * folded || (cards & used))
                        continue;
                    for (size_t i = 0; i < range->n; i++)
                        if (!(range->combo[i] & (used | cards)))
                            want[i] += w * range->weight[i];
                }
        assert_int_equal(hs_holdem_hits_board_folded_combos(range, folded, fold, board, dead, got),
                         HS_OK);
        u128 total = 0;
        for (size_t i = 0; i < range->n; i++) {
            assert_true(got[i] == want[i]);
            total += got[i];
        }
        hs_holdem_hits_folded h;
        assert_int_equal(hs_holdem_hits_board_folded(range, folded, fold, board, dead, &h), HS_OK);
        assert_true(h.total == total);
        free(want);
        free(got);
        for (int j = 0; j < folded; j++)
            free(fr[j]);
        free(range);
    }
}

static void test_bound_and_errors(void **state) {
    (void)state;
    hs_holdem_range *range = parse("random"), *fold = parse("QQ+"), *on = parse("QhQd");
    const hs_holdem_range *folds[2] = {fold, fold};
    hs_job *job = NULL;
    hs_holdem_hits_folded_info info;
    /* past the work bound: refused, capped, no job */
    assert_int_equal(
        hs_holdem_hits_folded_job_new(range, 1, folds, 0, HS_STREET_RIVER, 0, 1e6, &info, &job),
        HS_ERR_OVERFLOW);
    assert_true(info.capped && job == NULL && info.work > 1e6);
    /* past the tuples bound */
    assert_int_equal(
        hs_holdem_hits_folded_job_new(range, 2, folds, 0, HS_STREET_FLOP, 1, 0, &info, &job),
        HS_ERR_OVERFLOW);
    assert_true(info.capped && job == NULL);
    /* within it: one solved tuple (one folded player), 169 units (the whole suit symmetry) */
    assert_int_equal(
        hs_holdem_hits_folded_job_new(range, 1, folds, 0, HS_STREET_FLOP, 0, 0, &info, &job),
        HS_OK);
    assert_true(info.solves == 1 && info.units == 169 && !info.capped);
    hs_job_free(job);
    /* a folded range wholly on the dead cards; bad counts and streets */
    const hs_holdem_range *on_dead[1] = {on};
    assert_int_equal(hs_holdem_hits_folded_job_new(range, 1, on_dead, mask_of("Qh"), HS_STREET_FLOP,
                                                   0, 0, NULL, &job),
                     HS_ERR_COUNT);
    assert_int_equal(
        hs_holdem_hits_folded_job_new(range, 0, folds, 0, HS_STREET_FLOP, 0, 0, NULL, &job),
        HS_ERR_ARG);
    assert_int_equal(hs_holdem_hits_folded_job_new(range, 1, folds, 0, 0, 0, 0, NULL, &job),
                     HS_ERR_ARG);
    u128 w[HS_HOLDEM_COMBOS];
    assert_int_equal(hs_holdem_hits_board_folded_combos(range, 1, folds, mask_of("2c 3d"), 0, w),
                     HS_ERR_ARG);
    assert_int_equal(
        hs_holdem_hits_board_folded_combos(range, 1, on_dead, mask_of("Qh 2c 3d"), 0, w),
        HS_ERR_COUNT);
    free(range);
    free(fold);
    free(on);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_streets_brute_force),
        cmocka_unit_test(test_streets_dead_card_sum),
        cmocka_unit_test(test_board_combos),
        cmocka_unit_test(test_bound_and_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
