/* The kernels' dispatch (handstat/cpu.h): HANDSTAT_ISA read as documented, each dispatching kernel
 * on the path its rule gives (the widest form up to a named ISA that this CPU runs; on a CPU in
 * the table of benchmarked CPUs the first form of its row that runs here; else one of the forms
 * it runs), the table itself (rows disjoint, forms the kernels have, known CPUs found), the first
 * choices made by two threads at once agreeing, and every dispatching entry point giving the
 * scalar form's results. CTest runs this once per value of HANDSTAT_ISA (unset, scalar, avx2,
 * avx512, measure). The CPU's features are read here with the compiler's own test, not through
 * the library. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <pthread.h>

#include "dispatch_internal.h" /* the table of benchmarked CPUs */
#include "handstat/handstat.h"
#include "holdem_internal.h" /* hs_holdem_preflop3_form */

static int cpu_avx2(void) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

static int cpu_avx512(void) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi");
#else
    return 0;
#endif
}

static int env_measure(void) {
    const char *e = getenv("HANDSTAT_ISA");
    return e != NULL && strcmp(e, "measure") == 0;
}

/* The cap HANDSTAT_ISA names (2 = avx512 when it names none) and whether it names one. */
static int env_cap(int *forced) {
    const char *e = getenv("HANDSTAT_ISA");
    *forced = 1;
    if (e != NULL && strcmp(e, "scalar") == 0)
        return 0;
    if (e != NULL && strcmp(e, "avx2") == 0)
        return 1;
    if (e != NULL && strcmp(e, "avx512") == 0)
        return 2;
    *forced = 0;
    return 2;
}

static int runs(int isa) {
    int forced, cap = env_cap(&forced);
    return isa <= cap && (isa == 0 || (isa == 1 && cpu_avx2()) || (isa == 2 && cpu_avx512()));
}

/* A kernel's path against its rule, given its forms (bit i: has the form of ISA i). */
/* timed: the kernel is timed in auto mode (the three-way preflop counting), not chosen by the
 * table or its default order. */
static void check_path(const char *kernel, hs_isa path, unsigned forms, hs_isa_rule rule,
                       int timed) {
    int forced;
    (void)env_cap(&forced);
    int widest = 0, runnable = 0;
    for (int isa = 0; isa < 3; isa++)
        if ((forms >> isa & 1) && runs(isa)) {
            widest = isa;
            runnable++;
        }
    print_message("%s: %s (%s)\n", kernel, hs_isa_name(path), hs_isa_rule_name(rule));
    assert_true(forms >> path & 1);
    assert_true(runs((int)path));
    if (forced)
        assert_int_equal(rule, HS_ISA_RULE_FORCED);
    else if (runnable == 1)
        assert_int_equal(rule, HS_ISA_RULE_ONLY);
    else if (env_measure() || timed)
        assert_int_equal(rule, HS_ISA_RULE_MEASURED);
    else
        assert_true(rule == HS_ISA_RULE_TABLE || rule == HS_ISA_RULE_DEFAULT);
    if (rule == HS_ISA_RULE_FORCED || rule == HS_ISA_RULE_ONLY)
        assert_int_equal((int)path, widest);
}

/* This CPU's row, found by the test's own reading of CPUID's vendor (through hs_cpu_id's name). */
static const hs_cpu_row *this_row(void) {
    unsigned family, model;
    const char *v = hs_cpu_id(&family, &model);
    int vendor = strcmp(v, "Intel") == 0 ? HS_VENDOR_INTEL
                 : strcmp(v, "AMD") == 0 ? HS_VENDOR_AMD
                                         : HS_VENDOR_OTHER;
    return hs_cpu_table_find(vendor, family, model);
}

enum {
    FORMS_IDS = 1u | 2u | 4u,
    FORMS_STATE = 1u | 2u | 4u,
    FORMS_MASKS = 1u | 2u,
    FORMS_CRIB = 1u | 2u
};

static void *first_choices(void *out) {
    hs_isa *p = out;
    p[0] = hs_poker_rank7_ids_path();
    p[1] = hs_poker_state_path();
    p[2] = hs_poker_rank_batch_path();
    p[3] = hs_crib_total_batch_path();
    return NULL;
}

/* Must run first: the choices are made by two threads at once, and agree. */
static void test_first_choices_agree(void **state) {
    (void)state;
    hs_isa a[4], b[4];
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, first_choices, a), 0);
    first_choices(b);
    assert_int_equal(pthread_join(t, NULL), 0);
    for (int k = 0; k < 4; k++)
        assert_int_equal(a[k], b[k]);
    /* and stay made */
    first_choices(a);
    for (int k = 0; k < 4; k++)
        assert_int_equal(a[k], b[k]);
}

static void test_paths(void **state) {
    (void)state;
    check_path("poker ranking from card ids", hs_poker_rank7_ids_path(), FORMS_IDS,
               hs_kernel_rule(HS_KERNEL_POKER_IDS), 0);
    check_path("poker hand states", hs_poker_state_path(), FORMS_STATE,
               hs_kernel_rule(HS_KERNEL_POKER_STATE), 0);
    check_path("poker ranking of masks", hs_poker_rank_batch_path(), FORMS_MASKS,
               hs_kernel_rule(HS_KERNEL_POKER_MASKS), 0);
    check_path("cribbage totals", hs_crib_total_batch_path(), FORMS_CRIB,
               hs_kernel_rule(HS_KERNEL_CRIB_TOTALS), 0);
    /* the three-way preflop table's counting: measured on the table itself, so per table */
    int sel[3] = {0, 1, 2};
    hs_holdem_preflop3 *t;
    assert_int_equal(hs_holdem_preflop3_new(sel, 3, &t), HS_OK);
    int form = hs_holdem_preflop3_form(t);
    hs_isa p3 = form >= HS_P3_FORM_AVX512 ? HS_ISA_AVX512 : (hs_isa)form;
    check_path("three-way preflop counting", p3, 1u | 2u | 4u,
               hs_isa_forced() ? HS_ISA_RULE_FORCED : HS_ISA_RULE_MEASURED, 1);
    hs_job *job;
    assert_int_equal(hs_holdem_preflop3_job_new_form(t, form, &job), HS_OK);
    hs_job_free(job);
    hs_holdem_preflop3_free(t);
    int forced, cap = env_cap(&forced);
    assert_int_equal(hs_isa_forced(), forced);
    assert_int_equal(hs_cpu_has_avx2() != 0, runs(1));
    assert_int_equal(hs_cpu_has_avx512() != 0, runs(2));
    assert_int_equal((int)hs_isa_best(), runs(2) ? 2 : runs(1) ? 1 : 0);
    assert_true((int)hs_isa_best() <= cap);
}

static void test_parse(void **state) {
    (void)state;
    hs_isa isa = HS_ISA_AVX2;
    assert_int_equal(hs_isa_parse(NULL, &isa), 0);
    assert_int_equal(hs_isa_parse("", &isa), 0);
    assert_int_equal(hs_isa_parse("auto", &isa), 0);
    assert_int_equal(hs_isa_parse("measure", &isa), 2);
    assert_int_equal(isa, HS_ISA_AVX2);
    assert_int_equal(hs_isa_parse("scalar", &isa), 1);
    assert_int_equal(isa, HS_ISA_SCALAR);
    assert_int_equal(hs_isa_parse("avx512", &isa), 1);
    assert_int_equal(isa, HS_ISA_AVX512);
    assert_int_equal(hs_isa_parse("avx2", &isa), 1);
    assert_int_equal(isa, HS_ISA_AVX2);
    const char *bad[] = {"AVX2", "avx", "sse2", "avx512 ", "scalar,avx2", "autoo", "measured"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(hs_isa_parse(bad[i], &isa), -1);
}

/* The table: rows disjoint, each kernel's order made of distinct forms the kernel has, and the
 * CPUs it was measured on found in their rows (a row moved or mistyped fails here). */
static void test_table(void **state) {
    (void)state;
    assert_true(hs_cpu_rows > 0);
    for (int i = 0; i < hs_cpu_rows; i++) {
        const hs_cpu_row *r = &hs_cpu_table[i];
        assert_true(r->vendor == HS_VENDOR_INTEL || r->vendor == HS_VENDOR_AMD);
        assert_true(r->model_lo <= r->model_hi);
        assert_non_null(r->name);
        for (int k = 0; k < HS_KERNEL_COUNT; k++) {
            unsigned seen = 0;
            for (int j = 0; j < 3 && r->order[k][j] >= 0; j++) {
                const int isa = r->order[k][j];
                assert_true(isa <= HS_ISA_AVX512);
                assert_true(hs_kernel_forms[k] >> isa & 1);
                assert_false(seen >> isa & 1);
                seen |= 1u << isa;
            }
        }
        for (int j = 0; j < i; j++) {
            const hs_cpu_row *o = &hs_cpu_table[j];
            if (o->vendor == r->vendor && o->family == r->family)
                assert_true(o->model_hi < r->model_lo || r->model_hi < o->model_lo);
        }
    }
    assert_int_equal(hs_kernel_forms[HS_KERNEL_POKER_IDS], FORMS_IDS);
    assert_int_equal(hs_kernel_forms[HS_KERNEL_POKER_STATE], FORMS_STATE);
    assert_int_equal(hs_kernel_forms[HS_KERNEL_POKER_MASKS], FORMS_MASKS);
    assert_int_equal(hs_kernel_forms[HS_KERNEL_CRIB_TOTALS], FORMS_CRIB);
    /* AMD EPYC Zen 5 (family 0x1a model 0x02), where the forms were measured */
    const hs_cpu_row *z5 = hs_cpu_table_find(HS_VENDOR_AMD, 0x1a, 0x02);
    assert_non_null(z5);
    assert_string_equal(z5->name, "AMD Zen 5");
    assert_int_equal(z5->order[HS_KERNEL_POKER_IDS][0], HS_ISA_AVX512);
    assert_int_equal(z5->order[HS_KERNEL_POKER_IDS][1], HS_ISA_AVX2);
    assert_int_equal(z5->order[HS_KERNEL_POKER_STATE][0], HS_ISA_AVX512);
    assert_int_equal(z5->order[HS_KERNEL_POKER_MASKS][0], HS_ISA_SCALAR);
    assert_int_equal(z5->order[HS_KERNEL_CRIB_TOTALS][0], HS_ISA_AVX2);
    /* AMD EPYC Zen 3 (family 0x19 model 0x01) */
    const hs_cpu_row *z3 = hs_cpu_table_find(HS_VENDOR_AMD, 0x19, 0x01);
    assert_non_null(z3);
    assert_string_equal(z3->name, "AMD Zen 3");
    assert_int_equal(z3->order[HS_KERNEL_POKER_IDS][0], HS_ISA_AVX2);
    assert_int_equal(z3->order[HS_KERNEL_POKER_MASKS][0], HS_ISA_SCALAR);
    /* not in the table: Zen 4 (family 0x19 model 0x11), Zen 5 mobile (0x1a, 0x24), another
     * vendor with Zen 5's numbers, Haswell (as valgrind presents any CPU) */
    assert_null(hs_cpu_table_find(HS_VENDOR_AMD, 0x19, 0x11));
    assert_null(hs_cpu_table_find(HS_VENDOR_AMD, 0x1a, 0x24));
    assert_null(hs_cpu_table_find(HS_VENDOR_OTHER, 0x1a, 0x02));
    assert_null(hs_cpu_table_find(HS_VENDOR_INTEL, 0x06, 0x3c));
    /* a row that leaves kernels open: timed there */
    const hs_cpu_row *spr = hs_cpu_table_find(HS_VENDOR_INTEL, 0x06, 0x8f);
    assert_non_null(spr);
    assert_int_equal(spr->order[HS_KERNEL_POKER_MASKS][0], -1);
}

/* On this CPU: the table's name is its row's, and a kernel chosen by the table takes the first
 * form of its row that runs here (the test's own reading of the CPU's features). */
static void test_table_rule(void **state) {
    (void)state;
    const hs_cpu_row *r = this_row();
    const char *name = hs_cpu_table_name();
    unsigned family, model;
    const char *vendor = hs_cpu_id(&family, &model);
    print_message("cpu: %s family 0x%02x model 0x%02x, row %s\n", vendor, family, model,
                  name != NULL ? name : "(none)");
    if (r == NULL)
        assert_null(name);
    else
        assert_string_equal(name, r->name);
    const hs_isa paths[HS_KERNEL_COUNT] = {hs_poker_rank7_ids_path(), hs_poker_state_path(),
                                           hs_poker_rank_batch_path(), hs_crib_total_batch_path()};
    for (int k = 0; k < HS_KERNEL_COUNT; k++) {
        const hs_isa_rule rule = hs_kernel_rule((hs_kernel)k);
        int first = -1;
        for (int j = 0; r != NULL && j < 3 && r->order[k][j] >= 0 && first < 0; j++)
            if (runs(r->order[k][j]))
                first = r->order[k][j];
        int forced;
        (void)env_cap(&forced);
        const int runnable = runs(0) + ((hs_kernel_forms[k] & 2u) && runs(1)) +
                             ((hs_kernel_forms[k] & 4u) && runs(2));
        /* the default order's first form that runs, for a CPU or kernel the table leaves open */
        int fallback = -1;
        for (int j = 0; j < 3 && hs_cpu_default_order[k][j] >= 0 && fallback < 0; j++)
            if (runs(hs_cpu_default_order[k][j]))
                fallback = hs_cpu_default_order[k][j];
        if (!forced && !env_measure() && runnable > 1 && first >= 0) {
            assert_int_equal(rule, HS_ISA_RULE_TABLE);
            assert_int_equal((int)paths[k], first);
        } else if (!forced && !env_measure() && runnable > 1) {
            assert_int_equal(rule, HS_ISA_RULE_DEFAULT);
            assert_int_equal((int)paths[k], fallback);
        } else {
            assert_int_not_equal(rule, HS_ISA_RULE_TABLE);
            assert_int_not_equal(rule, HS_ISA_RULE_DEFAULT);
        }
    }
    assert_string_equal(hs_isa_rule_name(HS_ISA_RULE_FORCED), "forced");
    assert_string_equal(hs_isa_rule_name(HS_ISA_RULE_ONLY), "only");
    assert_string_equal(hs_isa_rule_name(HS_ISA_RULE_TABLE), "table");
    assert_string_equal(hs_isa_rule_name(HS_ISA_RULE_MEASURED), "measured");
    assert_string_equal(hs_isa_rule_name(HS_ISA_RULE_DEFAULT), "default");
}

static uint64_t next(uint64_t *s) {
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* k distinct random cards: their mask, and their ids in ids[0..k-1] */
static uint64_t random_cards(uint64_t *s, int k, uint8_t *ids) {
    uint64_t m = 0;
    for (int n = 0; n < k;) {
        int c = (int)(next(s) % HS_CARDS);
        if (m >> c & 1)
            continue;
        m |= UINT64_C(1) << c;
        ids[n++] = (uint8_t)c;
    }
    return m;
}

enum { N = 100000 };

static void test_poker_results(void **state) {
    (void)state;
    uint8_t(*ids)[7] = malloc(sizeof *ids * N);
    uint64_t *masks = malloc(sizeof *masks * N);
    uint16_t *got = malloc(sizeof *got * N), *want = malloc(sizeof *want * N);
    assert_non_null(ids);
    assert_non_null(masks);
    assert_non_null(got);
    assert_non_null(want);
    uint64_t s = 29;
    for (int i = 0; i < N; i++)
        masks[i] = random_cards(&s, 7, ids[i]);
    hs_poker_rank7_ids_batch((const uint8_t(*)[7])ids, N, got);
    hs_poker_rank7_ids_batch_scalar((const uint8_t(*)[7])ids, N, want);
    assert_memory_equal(got, want, sizeof *got * N);
    hs_poker_rank_batch(masks, N, got);
    hs_poker_rank_batch_scalar(masks, N, want);
    assert_memory_equal(got, want, sizeof *got * N);
    for (int i = 0; i < 1000; i++) /* and the public single-hand ranker */
        assert_int_equal(want[i], hs_poker_rank(masks[i]));
    /* the triples and pairs below the states of 2, 3 and 4 high cards */
    for (int k = 2; k <= 4; k++) /* cards 51, 49, ..: none below 53 - 2k */
        for (int below = 3; below <= 53 - 2 * k; below += 7) {
            uint64_t m = 0;
            for (int j = 0; j < k; j++)
                m |= UINT64_C(1) << (51 - 2 * j);
            hs_poker_state st = hs_poker_state_of(m);
            hs_poker_state_rank_triples(st, below, got);
            hs_poker_state_rank_triples_scalar(st, below, want);
            assert_memory_equal(got, want,
                                sizeof *got * (size_t)(below * (below - 1) * (below - 2) / 6));
            if (k >= 3) {
                hs_poker_state_rank_pairs(st, below, got);
                hs_poker_state_rank_pairs_scalar(st, below, want);
                assert_memory_equal(got, want, sizeof *got * (size_t)(below * (below - 1) / 2));
            }
        }
    /* the quads below the states of 1, 2 and 3 high cards (N holds C(46, 4) = 163,185) */
    for (int k = 1; k <= 3; k++)
        for (int below = 4; below <= 53 - 2 * k; below += 6) {
            uint64_t m = 0;
            for (int j = 0; j < k; j++)
                m |= UINT64_C(1) << (51 - 2 * j);
            hs_poker_state st = hs_poker_state_of(m);
            const size_t n = (size_t)below * (below - 1) * (below - 2) * (below - 3) / 24;
            uint16_t *g = malloc(sizeof *g * n), *w = malloc(sizeof *w * n);
            hs_poker_state_rank_quads(st, below, g);
            hs_poker_state_rank_quads_scalar(st, below, w);
            assert_memory_equal(g, w, sizeof *g * n);
            free(g);
            free(w);
        }
    free(ids);
    free(masks);
    free(got);
    free(want);
}

static void test_crib_results(void **state) {
    (void)state;
    uint64_t *hands = malloc(sizeof *hands * N);
    uint8_t *starters = malloc(N), *got = malloc(N), *want = malloc(N);
    assert_non_null(hands);
    assert_non_null(starters);
    assert_non_null(got);
    assert_non_null(want);
    uint64_t s = 31;
    for (int i = 0; i < N; i++) {
        uint8_t c[5];
        random_cards(&s, 5, c);
        hands[i] = (UINT64_C(1) << c[0]) | (UINT64_C(1) << c[1]) | (UINT64_C(1) << c[2]) |
                   (UINT64_C(1) << c[3]);
        starters[i] = c[4];
    }
    for (int rules = 0; rules < 2; rules++) {
        hs_crib_total_batch(hands, starters, N, (hs_crib_rules)rules, got);
        hs_crib_total_batch_scalar(hands, starters, N, (hs_crib_rules)rules, want);
        assert_memory_equal(got, want, N);
    }
    free(hands);
    free(starters);
    free(got);
    free(want);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_first_choices_agree),
                                       cmocka_unit_test(test_paths),
                                       cmocka_unit_test(test_parse),
                                       cmocka_unit_test(test_table),
                                       cmocka_unit_test(test_table_rule),
                                       cmocka_unit_test(test_poker_results),
                                       cmocka_unit_test(test_crib_results)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
