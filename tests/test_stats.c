/* Exact statistics (handstat/stats.h) against plain 128-bit arithmetic written out here, and the
 * published cribbage figures. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"

static unsigned __int128 gcd128(unsigned __int128 a, unsigned __int128 b) {
    while (b != 0) {
        unsigned __int128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* mpq q equals num/den (reduced here) exactly. */
static void assert_fraction(const mpq_t q, __int128 num, unsigned __int128 den) {
    unsigned __int128 mag = num < 0 ? (unsigned __int128)-num : (unsigned __int128)num;
    unsigned __int128 g = gcd128(mag, den);
    mag /= g, den /= g;
    char want[96], got[96];
    int neg = num < 0;
    /* print the 128-bit values in decimal */
    char a[48], b[48];
    int na = 0, nb = 0;
    do
        a[na++] = (char)('0' + (int)(mag % 10));
    while ((mag /= 10) != 0);
    do
        b[nb++] = (char)('0' + (int)(den % 10));
    while ((den /= 10) != 0);
    int o = 0;
    if (neg)
        want[o++] = '-';
    while (na > 0)
        want[o++] = a[--na];
    want[o++] = '/';
    while (nb > 0)
        want[o++] = b[--nb];
    want[o] = '\0';
    mpq_get_str(got, 10, q);
    if (strchr(got, '/') == NULL)
        strcat(got, "/1");
    assert_string_equal(got, want);
}

static void test_moments_against_plain_sums(void **state) {
    (void)state;
    uint64_t seed = 12345;
    for (int trial = 0; trial < 200; trial++) {
        uint64_t count[40];
        const size_t n = 1 + (size_t)(trial % 40);
        const int64_t first = trial % 7 - 3;
        __int128 items = 0, sum = 0, sum2 = 0;
        for (size_t i = 0; i < n; i++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            count[i] = trial % 3 == 0 ? seed >> 20 : (seed >> 33) % 5; /* some huge, some tiny */
            const __int128 v = first + (int64_t)i;
            items += count[i];
            sum += (__int128)count[i] * v;
            sum2 += (__int128)count[i] * v * v;
        }
        mpq_t mean, var;
        mpq_inits(mean, var, NULL);
        if (items == 0) {
            assert_int_equal(hs_hist_moments(count, n, first, mean, var), HS_ERR_ARG);
        } else if (trial % 3 != 0) { /* small counts: the variance fits 128 bits */
            assert_int_equal(hs_hist_moments(count, n, first, mean, var), HS_OK);
            assert_fraction(mean, sum, (unsigned __int128)items);
            assert_fraction(var, items * sum2 - sum * sum,
                            (unsigned __int128)items * (unsigned __int128)items);
        } else {
            assert_int_equal(hs_hist_moments(count, n, first, mean, var), HS_OK);
            assert_fraction(mean, sum, (unsigned __int128)items);
        }
        mpq_clears(mean, var, NULL);
    }
}

static void test_crib_published(void **state) {
    (void)state;
    hs_crib_hist h;
    assert_int_equal(hs_crib_hist_run(HS_CRIB_HAND, 1, NULL, NULL, &h), HS_OK);
    mpq_t mean, var;
    mpq_inits(mean, var, NULL);
    assert_int_equal(hs_hist_moments(h.count, HS_CRIB_MAX_SCORE + 1, 0, mean, var), HS_OK);
    assert_fraction(mean, 60759, 12740);
    assert_fraction(var, 16171881629, 1655537520);
    assert_true(hs_stddev(var) > 3.1254 && hs_stddev(var) < 3.1255);
    hs_fraction(mean, 6, 4);
    assert_fraction(mean, 3, 2);
    hs_fraction(mean, UINT64_MAX, UINT64_MAX);
    assert_fraction(mean, 1, 1);
    mpq_clears(mean, var, NULL);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moments_against_plain_sums),
        cmocka_unit_test(test_crib_published),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
