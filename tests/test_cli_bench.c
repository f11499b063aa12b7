/* handstat bench, run as a user would: --quick on every path this CPU has (the smoke test of the
 * command, and the check that every path gives the same results here: no speed is asserted), its
 * JSON, and a path whose results differ (one bit of one checksum flipped by the test hook
 * HANDSTAT_BENCH_FLIP) named with exit status 1. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli_assert.h"
#include "test_skip.h"
#include "handstat/handstat.h"

static size_t occurrences(const char *haystack, const char *needle) {
    size_t n = 0;
    for (const char *p = strstr(haystack, needle); p != NULL; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The text table: every workload on the default run and every path, each checksum the same. */
static void test_quick(void **state) {
    (void)state;
#ifdef HS_TEST_SANITIZED
    HS_SKIP("built with sanitizers: the timed loops would take minutes\n");
#endif
    cli_result r = RUN(NULL, "bench", "--quick");
    if (r.status != 0)
        fail_msg("exit %d: %s", r.status, r.err);
    assert_contains(r.out, "handstat " HS_VERSION_STRING " bench --quick: 15 workloads");
    assert_contains(r.out, "dispatch: card ids ");
    assert_contains(r.out, "build: ");
    /* the units are exact: every 7-card hand of the first 34 cards, every deal of the equity,
     * every hand and starter of the distribution */
    assert_contains(r.out, "rank7 mask, one per call, seq               hand      5379616");
    assert_contains(r.out, "holdem equity AhAd KsKc                     deal      1712304");
    assert_contains(r.out, "crib hist (all hands, counted)              hand     12994800");
    assert_true(strstr(r.out, "MISMATCH") == NULL);
    assert_contains(r.err, "every checksum is the same on every path");
    /* a column for each path: the default run, scalar, and AVX2 / AVX-512 where they run */
    assert_contains(r.out, "default");
    assert_contains(r.out, "scalar");
    if (hs_cpu_has_avx2())
        assert_contains(r.out, "avx2");
    cli_result_free(&r);
}

/* --json, with the scalar run's last checksum flipped: exit 1, the workload and the path named,
 * and every other workload still identical on every run. */
static void test_mismatch_json(void **state) {
    (void)state;
#ifdef HS_TEST_SANITIZED
    HS_SKIP("built with sanitizers: the timed loops would take minutes\n");
#endif
    setenv("HANDSTAT_BENCH_FLIP", "scalar", 1);
    cli_result r = RUN(NULL, "bench", "--quick", "--json", "--threads", "2");
    unsetenv("HANDSTAT_BENCH_FLIP");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "handstat bench: holdem_preflop_slice: the scalar run's checksum");
    assert_contains(r.err, "the scalar path gives other results");
    assert_contains(r.out, "{\"handstat\": \"" HS_VERSION_STRING "\", \"mode\": \"quick\"");
    assert_contains(r.out, "\"threads\": 2,");
    assert_contains(r.out, "\"ok\": false}");
    assert_int_equal(occurrences(r.out, "\"identical\": false"), 1);
    assert_int_equal(occurrences(r.out, "\"identical\": true"), 14);
    assert_contains(r.out, "{\"name\": \"rank7_mask_seq\"");
    assert_contains(r.out, "\"runs\": [\"default\", \"scalar\"");
    cli_result_free(&r);
}

/* Two kernels ranking the same hands disagree (the hand states' checksum flipped on the default
 * run): the cross-kernel comparison names them. --quiet: no progress lines. */
static void test_kernels_disagree(void **state) {
    (void)state;
#ifdef HS_TEST_SANITIZED
    HS_SKIP("built with sanitizers: the timed loops would take minutes\n");
#endif
    setenv("HANDSTAT_BENCH_FLIP", "default:rank7_state_seq", 1);
    cli_result r = RUN(NULL, "bench", "--quick", "--quiet");
    unsetenv("HANDSTAT_BENCH_FLIP");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "handstat bench: rank7_state_seq: the default run's checksum");
    assert_contains(r.err, "differs from rank7_mask_seq's");
    assert_contains(r.err, "the two kernels disagree on the default path");
    assert_int_equal(occurrences(r.out, "MISMATCH"), 1);
    assert_true(strstr(r.err, "handstat bench: the default run") == NULL);
    cli_result_free(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quick),
        cmocka_unit_test(test_mismatch_json),
        cmocka_unit_test(test_kernels_disagree),
    };
    return hs_run_tests(tests, NULL, NULL);
}
