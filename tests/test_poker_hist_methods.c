/* The counted poker distributions equal the ones made by ranking every hand, for 5, 6 and 7
 * cards, at different thread counts; and the counting units merge to the whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"

static void test_counting_equals_enumeration(void **state) {
    (void)state;
    hs_poker_hist *counted = malloc(sizeof *counted), *ranked = malloc(sizeof *ranked),
                  *merged = calloc(1, sizeof *merged);
    static const uint64_t hands[3] = {2598960, 20358520, 133784560};
    for (int k = 5; k <= 7; k++) {
        assert_int_equal(hs_poker_hist_run(k, 1, NULL, NULL, counted), HS_OK);
        assert_int_equal(hs_poker_hist_enumerate(k, 2, NULL, NULL, ranked), HS_OK);
        assert_int_equal(counted->hands, hands[k - 5]);
        assert_memory_equal(counted, ranked, sizeof *counted);
        memset(merged, 0, sizeof *merged);
        for (size_t u = hs_poker_hist_units(k); u-- > 0;) {
            hs_poker_hist *part = calloc(1, sizeof *part);
            hs_poker_hist_unit(k, u, part);
            hs_poker_hist_merge(merged, part);
            free(part);
        }
        assert_memory_equal(merged, counted, sizeof *counted);
        assert_int_equal(hs_poker_hist_run(k, 8, NULL, NULL, ranked), HS_OK);
        assert_memory_equal(counted, ranked, sizeof *counted);
    }
    assert_int_equal(hs_poker_hist_enumerate(8, 1, NULL, NULL, ranked), HS_ERR_ARG);
    free(counted);
    free(ranked);
    free(merged);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_counting_equals_enumeration)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
