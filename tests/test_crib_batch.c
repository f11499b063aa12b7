/* The batch scorers: scalar and AVX2 give the single-hand scorer's totals, on every hand and
 * starter (exhaustive) or on a sample (unit, also run under the sanitizers). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"

static int exhaustive;

/* Compare the batch forms on n deals. */
static void check(const uint64_t *hands, const uint8_t *starters, size_t n, hs_crib_rules rules) {
    uint8_t *scalar = malloc(n), *avx2 = malloc(n), *dispatch = malloc(n);
    hs_crib_total_batch_scalar(hands, starters, n, rules, scalar);
    hs_crib_total_batch(hands, starters, n, rules, dispatch);
    for (size_t i = 0; i < n; i++) {
        unsigned want = hs_crib_score5(hands[i], starters[i], rules).total;
        if (scalar[i] != want)
            fail_msg("scalar batch: hand %llx starter %d: %d, expected %u",
                     (unsigned long long)hands[i], starters[i], scalar[i], want);
    }
    assert_memory_equal(dispatch, scalar, n);
    if (hs_crib_total_batch_avx2(hands, starters, n, rules, avx2) == HS_OK)
        assert_memory_equal(avx2, scalar, n);
    free(scalar);
    free(avx2);
    free(dispatch);
}

static void test_paths_agree(void **state) {
    (void)state;
    print_message("batch path on this CPU: %s\n", hs_isa_name(hs_isa_best()));
    if (!hs_cpu_has_avx2())
        print_message("no AVX2 here: only the scalar path is checked\n");
    /* All hands in colex order, 48 starters each (exhaustive), or every 97th hand (unit). */
    size_t cap = exhaustive ? (size_t)HS_CRIB_COMBOS : 200000;
    uint64_t *hands = malloc(cap * sizeof *hands);
    uint8_t *starters = malloc(cap);
    size_t n = 0, k = 0;
    for (uint64_t m = 0xF; m < (UINT64_C(1) << 52); k++) {
        if (exhaustive || k % 97 == 0)
            for (int s = 0; s < 52 && n < cap; s++)
                if (!(m & hs_card_bit(s))) {
                    hands[n] = m;
                    starters[n++] = (uint8_t)s;
                }
        uint64_t low = m & -m, ripple = m + low;
        m = ripple | (((m ^ ripple) >> 2) / low);
    }
    print_message("%zu deals\n", n);
    if (exhaustive)
        assert_int_equal(n, HS_CRIB_COMBOS);
    for (int rules = 0; rules <= 1; rules++) {
        check(hands, starters, n, (hs_crib_rules)rules);
        /* Odd lengths and offsets exercise the tails. */
        check(hands + 1, starters + 1, 7, (hs_crib_rules)rules);
        check(hands + 3, starters + 3, 2, (hs_crib_rules)rules);
    }
    free(hands);
    free(starters);
}

int main(int argc, char **argv) {
    exhaustive = argc > 1 && strcmp(argv[1], "--all") == 0;
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_paths_agree)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
