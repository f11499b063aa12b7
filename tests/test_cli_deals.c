/* handstat crib deals: the whole run, byte-identical files at 1 and 2 threads. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_assert.h"

static void test_deals_thread_counts(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_deals.XXXXXX";
    assert_non_null(mkdtemp(dir));
    const char *names[3] = {"hand", "combined", "patterns"};
    char *first[3] = {NULL, NULL, NULL};
    for (int threads = 1; threads <= 2; threads++) {
        char paths[3][96], nt[8];
        for (int k = 0; k < 3; k++)
            snprintf(paths[k], sizeof paths[k], "%s/%s%d.csv", dir, names[k], threads);
        snprintf(nt, sizeof nt, "%d", threads);
        const char *argv[] = {"crib",       "deals",  "--threads",  nt,       "-o", paths[0],
                              "--combined", paths[1], "--patterns", paths[2], NULL};
        cli_result r = cli_run(argv, NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.err, "20358520 deals (962988 up to suit permutation)");
        assert_contains(r.err, "mean best hand expectation");
        cli_result_free(&r);
        for (int k = 0; k < 3; k++) {
            char *text = read_file(paths[k], NULL);
            assert_non_null(text);
            if (first[k] == NULL)
                first[k] = text;
            else {
                assert_string_equal(text, first[k]);
                free(text);
            }
            unlink(paths[k]);
        }
    }
    assert_contains(first[0], "hand_sum,hand_ev,hand_ev_exact,deals,probability\n");
    assert_contains(first[1], "ev_from,ev_to,dealer_deals,pone_deals,");
    assert_contains(first[2], "\n5-5-T-J,");
    for (int k = 0; k < 3; k++)
        free(first[k]);
    rmdir(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_deals_thread_counts)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
