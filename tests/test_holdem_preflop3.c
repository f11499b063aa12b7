/* The three-way preflop table against a brute-force reference: for each case, every one of the
 * C(52,5) boards (no suit symmetry), and on each every triple of disjoint combinations of the
 * three classes avoiding it, each hand ranked by its seven cards and the outcome read off the
 * three ranks. The 7-card ranker (tested on every hand against the reference ranker elsewhere) is
 * the only piece shared with the library; the board list, weights, sorting, masks and the
 * counting by ranks that the table uses are not. Also: thread counts and unit splits give the
 * same counts, a selection's triples do not depend on the other classes selected, the counts of
 * disjoint combination triples, and bad selections. */
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
#include "test_skip.h"

static int class_of(const char *name) {
    uint64_t combos[12];
    size_t n;
    assert_int_equal(hs_holdem_hand_parse(name, strlen(name), combos, &n, NULL), HS_OK);
    return hs_holdem_class(combos[0]);
}

/* The cases: pairs against pairs, a repeated class, suited triples sharing ranks, pairs against
 * connectors, dominated hands, and a triple no deal can hold. */
static const char *const CASES[][3] = {
    {"AA", "KK", "QQ"},   {"AA", "AA", "KK"},   {"AKs", "AQs", "KQs"}, {"AKs", "AKs", "AKs"},
    {"AA", "AKs", "AKo"}, {"QQ", "JTs", "98s"}, {"22", "T9s", "65s"},  {"AKo", "22", "72o"},
    {"KK", "KQs", "QJs"}, {"88", "87s", "76o"}, {"A5s", "55", "54s"},  {"JJ", "JJ", "JTo"},
};
#define N_CASES (sizeof CASES / sizeof CASES[0])

typedef struct ref_case {
    int cls[3]; /* in class order, as the table keeps them */
    uint64_t hands[3][12];
    int n[3];
    uint64_t out[HS_P3_OUTCOMES];
    uint64_t deals;
} ref_case;

static ref_case cases[N_CASES];

static void sort3(int c[3]) {
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (c[j] < c[i]) {
                int t = c[i];
                c[i] = c[j];
                c[j] = t;
            }
}

/* Every board, every triple of disjoint combinations, for every case at once. */
static void reference(void) {
    for (size_t x = 0; x < N_CASES; x++) {
        ref_case *rc = &cases[x];
        for (int p = 0; p < 3; p++)
            rc->cls[p] = class_of(CASES[x][p]);
        sort3(rc->cls);
        for (int p = 0; p < 3; p++)
            rc->n[p] = hs_holdem_class_hands(rc->cls[p], rc->hands[p]);
    }
    int c[5];
    for (c[0] = 0; c[0] < HS_CARDS; c[0]++)
        for (c[1] = c[0] + 1; c[1] < HS_CARDS; c[1]++)
            for (c[2] = c[1] + 1; c[2] < HS_CARDS; c[2]++)
                for (c[3] = c[2] + 1; c[3] < HS_CARDS; c[3]++)
                    for (c[4] = c[3] + 1; c[4] < HS_CARDS; c[4]++) {
                        uint64_t board = 0;
                        for (int i = 0; i < 5; i++)
                            board |= hs_card_bit(c[i]);
                        for (size_t x = 0; x < N_CASES; x++) {
                            ref_case *rc = &cases[x];
                            int rank[3][12];
                            for (int p = 0; p < 3; p++)
                                for (int h = 0; h < rc->n[p]; h++)
                                    rank[p][h] = (rc->hands[p][h] & board)
                                                     ? -1
                                                     : hs_poker_rank7(board | rc->hands[p][h]);
                            for (int a = 0; a < rc->n[0]; a++)
                                for (int b = 0; b < rc->n[1]; b++)
                                    for (int d = 0; d < rc->n[2]; d++) {
                                        uint64_t ha = rc->hands[0][a], hb = rc->hands[1][b],
                                                 hd = rc->hands[2][d];
                                        if ((ha & hb) || (ha & hd) || (hb & hd) ||
                                            ((ha | hb | hd) & board))
                                            continue;
                                        /* lower class = better hand */
                                        int ra = rank[0][a], rb = rank[1][b], rd = rank[2][d];
                                        int best = ra < rb ? ra : rb;
                                        best = rd < best ? rd : best;
                                        int wa = ra == best, wb = rb == best, wd = rd == best;
                                        int o = wa && wb && wd ? HS_P3_TIE_ABC
                                                : wa && wb     ? HS_P3_TIE_AB
                                                : wa && wd     ? HS_P3_TIE_AC
                                                : wb && wd     ? HS_P3_TIE_BC
                                                : wa           ? HS_P3_WIN_A
                                                : wb           ? HS_P3_WIN_B
                                                               : HS_P3_WIN_C;
                                        rc->out[o]++;
                                        rc->deals++;
                                    }
                        }
                    }
}

/* The table's counts of triple (cls) under a selection of those classes alone. */
static void table_counts(const int cls[3], int threads, uint64_t out[HS_P3_OUTCOMES]) {
    int sel[3], n = 0;
    for (int p = 0; p < 3; p++) {
        int seen = 0;
        for (int q = 0; q < n; q++)
            seen |= sel[q] == cls[p];
        if (!seen)
            sel[n++] = cls[p];
    }
    hs_holdem_preflop3 *t;
    assert_int_equal(hs_holdem_preflop3_new(sel, n, &t), HS_OK);
    hs_job *job;
    assert_int_equal(hs_holdem_preflop3_job_new(t, &job), HS_OK);
    hs_job_opts o = {threads, NULL, NULL, NULL, NULL, 0.0};
    assert_int_equal(hs_job_run(job, 0, hs_job_units(job), &o), HS_OK);
    const uint64_t *c = hs_holdem_preflop3_job_counts(job);
    size_t found = 0;
    for (size_t x = 0; x < hs_holdem_preflop3_triples(t); x++) {
        int k[3];
        hs_holdem_preflop3_triple(t, x, k);
        if (k[0] == cls[0] && k[1] == cls[1] && k[2] == cls[2]) {
            memcpy(out, c + x * HS_P3_OUTCOMES, HS_P3_OUTCOMES * sizeof *out);
            found++;
        }
    }
    assert_int_equal(found, 1);
    hs_job_free(job);
    hs_holdem_preflop3_free(t);
}

static void test_against_reference(void **state) {
    (void)state;
    reference();
    for (size_t x = 0; x < N_CASES; x++) {
        const ref_case *rc = &cases[x];
        uint64_t mine[HS_P3_OUTCOMES];
        table_counts(rc->cls, 2, mine);
        int same = memcmp(mine, rc->out, sizeof mine) == 0;
        if (!same || rc->deals != hs_holdem_preflop3_deals(rc->cls[0], rc->cls[1], rc->cls[2])) {
            print_error("%s %s %s:", CASES[x][0], CASES[x][1], CASES[x][2]);
            for (int o = 0; o < HS_P3_OUTCOMES; o++)
                print_error(" %llu/%llu", (unsigned long long)mine[o],
                            (unsigned long long)rc->out[o]);
            print_error("\n");
            fail();
        }
    }
    /* The cases are not degenerate: AA wins most three-way pots against KK and QQ, and the
     * impossible triple has no deals. */
    assert_true(cases[0].out[HS_P3_WIN_A] > cases[0].deals / 2);
    assert_int_equal(cases[N_CASES - 1].deals, 0);
}

/* Thread counts, unit splits across jobs joined by checkpoints, and the other classes of a
 * selection change nothing. */
static void test_splits_and_selections(void **state) {
    (void)state;
    const int sel[4] = {class_of("AA"), class_of("T9s"), class_of("KK"), class_of("72o")};
    hs_holdem_preflop3 *t, *small;
    assert_int_equal(hs_holdem_preflop3_new(sel, 4, &t), HS_OK);
    assert_int_equal(hs_holdem_preflop3_new(sel, 3, &small), HS_OK);
    assert_int_equal(hs_holdem_preflop3_triples(t), 20);
    hs_job *one, *two, *parts;
    assert_int_equal(hs_holdem_preflop3_job_new(t, &one), HS_OK);
    assert_int_equal(hs_holdem_preflop3_job_new(t, &two), HS_OK);
    assert_int_equal(hs_holdem_preflop3_job_new(t, &parts), HS_OK);
    const size_t units = hs_job_units(one);
    hs_job_opts o1 = {1, NULL, NULL, NULL, NULL, 0.0}, o2 = {2, NULL, NULL, NULL, NULL, 0.0};
    assert_int_equal(hs_job_run(one, 0, units, &o1), HS_OK);
    assert_int_equal(hs_job_run(two, 0, units, &o2), HS_OK);
    /* a third of the units, a checkpoint into a new job, the rest */
    assert_int_equal(hs_job_run(parts, 0, units / 3, &o2), HS_OK);
    size_t len = hs_job_checkpoint_size(parts);
    void *buf = malloc(len);
    assert_non_null(buf);
    assert_int_equal(hs_job_checkpoint_write(parts, buf, len), len);
    hs_job_free(parts);
    assert_int_equal(hs_holdem_preflop3_job_new(t, &parts), HS_OK);
    assert_int_equal(hs_job_checkpoint_read(parts, buf, len), HS_OK);
    assert_int_equal(hs_job_run(parts, 0, units, &o1), HS_OK);
    const size_t words = hs_holdem_preflop3_triples(t) * HS_P3_OUTCOMES;
    assert_memory_equal(hs_holdem_preflop3_job_counts(one), hs_holdem_preflop3_job_counts(two),
                        words * sizeof(uint64_t));
    assert_memory_equal(hs_holdem_preflop3_job_counts(one), hs_holdem_preflop3_job_counts(parts),
                        words * sizeof(uint64_t));
    /* A checkpoint of another selection is refused. */
    hs_job *other;
    assert_int_equal(hs_holdem_preflop3_job_new(small, &other), HS_OK);
    assert_int_equal(hs_job_checkpoint_read(other, buf, len), HS_ERR_MISMATCH);
    /* The three-class selection's triples are the same rows of the four-class table. */
    assert_int_equal(hs_job_run(other, 0, units, &o2), HS_OK);
    const uint64_t *big = hs_holdem_preflop3_job_counts(one);
    const uint64_t *sub = hs_holdem_preflop3_job_counts(other);
    int matched = 0;
    for (size_t x = 0; x < hs_holdem_preflop3_triples(small); x++) {
        int k[3];
        hs_holdem_preflop3_triple(small, x, k);
        for (size_t y = 0; y < hs_holdem_preflop3_triples(t); y++) {
            int m[3];
            hs_holdem_preflop3_triple(t, y, m);
            if (memcmp(k, m, sizeof k) == 0) {
                assert_memory_equal(sub + x * HS_P3_OUTCOMES, big + y * HS_P3_OUTCOMES,
                                    HS_P3_OUTCOMES * sizeof(uint64_t));
                matched++;
            }
        }
    }
    assert_int_equal(matched, 10);
    free(buf);
    hs_job_free(one);
    hs_job_free(two);
    hs_job_free(parts);
    hs_job_free(other);
    hs_holdem_preflop3_free(t);
    hs_holdem_preflop3_free(small);
}

/* The AVX-512 (with and without BITALG) or AVX2 form of the counting gives the baseline form's
 * counts; the test skips (HS_SKIP) when this CPU cannot run that form, and CTest runs each form
 * as its own entry, so that such a skip shows. Twelve classes, so that the vectors of 32 classes
 * are partly filled; the first 40 units. */
static void check_form(int form) {
    static const char *const SEL[] = {"AA", "KK",  "AKs", "AKo", "QJs", "T9s",
                                      "99", "72o", "32s", "65o", "A2s", "22"};
    int sel[12];
    for (int i = 0; i < 12; i++)
        sel[i] = class_of(SEL[i]);
    hs_holdem_preflop3 *t;
    assert_int_equal(hs_holdem_preflop3_new(sel, 12, &t), HS_OK);
    const size_t words = hs_holdem_preflop3_triples(t) * HS_P3_OUTCOMES;
    uint64_t *scalar = NULL;
    static const char *const FORMS[HS_P3_FORMS] = {"baseline", "AVX2", "AVX-512", "AVX-512 BITALG"};
    hs_job *probe;
    if (hs_holdem_preflop3_job_new_form(t, form, &probe) != HS_OK) {
        hs_holdem_preflop3_free(t);
        HS_SKIP("this CPU cannot run the %s form\n", FORMS[form]);
    }
    hs_job_free(probe);
    const int forms[2] = {HS_P3_FORM_SCALAR, form};
    for (int k = 0; k < 2; k++) {
        const int i = forms[k];
        hs_job *job;
        assert_int_equal(hs_holdem_preflop3_job_new_form(t, i, &job), HS_OK);
        print_message("the %s form\n", FORMS[i]);
        hs_job_opts o = {2, NULL, NULL, NULL, NULL, 0.0};
        assert_int_equal(hs_job_run(job, 0, 40, &o), HS_OK);
        const uint64_t *c = hs_holdem_preflop3_job_counts(job);
        if (scalar == NULL) {
            scalar = malloc(words * sizeof *scalar);
            assert_non_null(scalar);
            memcpy(scalar, c, words * sizeof *scalar);
            uint64_t sum = 0;
            for (size_t w = 0; w < words; w++)
                sum += scalar[w];
            assert_true(sum > 0);
        } else {
            assert_memory_equal(c, scalar, words * sizeof *scalar);
        }
        hs_job_free(job);
    }
    free(scalar);
    hs_holdem_preflop3_free(t);
}

static void test_form_avx2(void **state) {
    (void)state;
    check_form(HS_P3_FORM_AVX2);
}

static void test_form_avx512(void **state) {
    (void)state;
    check_form(HS_P3_FORM_AVX512);
}

static void test_form_avx512_bitalg(void **state) {
    (void)state;
    check_form(HS_P3_FORM_BITALG);
}

static void test_counts_and_arguments(void **state) {
    (void)state;
    const int aa = class_of("AA"), kk = class_of("KK"), qq = class_of("QQ"), aks = class_of("AKs"),
              ako = class_of("AKo");
    assert_int_equal(hs_holdem_class_triples(aa, kk, qq), 216);
    assert_int_equal(hs_holdem_class_triples(aa, aa, kk), 36);
    assert_int_equal(hs_holdem_class_triples(aa, aa, aa), 0);
    assert_int_equal(hs_holdem_class_triples(aks, aks, aks), 24);
    /* AA takes two aces; AKs one of the other two with its king; AKo the last ace with one of the
     * two kings left of another suit */
    assert_int_equal(hs_holdem_class_triples(aa, aks, ako), 6 * 2 * 2);
    assert_int_equal(hs_holdem_class_triples(-1, kk, qq), 0);
    assert_int_equal(hs_holdem_preflop3_deals(aa, kk, qq), 216 * UINT64_C(1370754));
    hs_holdem_preflop3 *t = NULL;
    const int dup[2] = {aa, aa}, bad[2] = {aa, 169};
    assert_int_equal(hs_holdem_preflop3_new(dup, 2, &t), HS_ERR_ARG);
    assert_int_equal(hs_holdem_preflop3_new(bad, 2, &t), HS_ERR_ARG);
    assert_int_equal(hs_holdem_preflop3_new(dup, 0, &t), HS_ERR_ARG);
    assert_null(t);
    assert_int_equal(hs_holdem_preflop3_new(NULL, 0, &t), HS_OK);
    assert_int_equal(hs_holdem_preflop3_classes(t, NULL), 169);
    assert_int_equal(hs_holdem_preflop3_triples(t), 818805);
    int last[3];
    hs_holdem_preflop3_triple(t, 818804, last);
    assert_int_equal(last[0], 168);
    assert_int_equal(last[2], 168);
    hs_holdem_preflop3_free(t);
    /* the selection is kept in class order */
    const int rev[3] = {qq, kk, aa};
    int got[169];
    assert_int_equal(hs_holdem_preflop3_new(rev, 3, &t), HS_OK);
    assert_int_equal(hs_holdem_preflop3_classes(t, got), 3);
    assert_true(got[0] < got[1] && got[1] < got[2]);
    hs_holdem_preflop3_free(t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_and_arguments),
        cmocka_unit_test(test_splits_and_selections),
        cmocka_unit_test(test_form_avx2),
        cmocka_unit_test(test_form_avx512),
        cmocka_unit_test(test_form_avx512_bitalg),
        cmocka_unit_test(test_against_reference),
    };
    return hs_run_tests(tests, NULL, NULL);
}
