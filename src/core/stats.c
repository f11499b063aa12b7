/* Exact moments of histograms. */
#include "handstat/stats.h"

#include "handstat/error.h"

#include <math.h>

void hs_fraction(mpq_t out, uint64_t num, uint64_t den) {
    mpz_t n, d;
    mpz_init(n);
    mpz_init(d);
    mpz_import(n, 1, -1, sizeof num, 0, 0, &num);
    mpz_import(d, 1, -1, sizeof den, 0, 0, &den);
    mpq_set_num(out, n);
    mpq_set_den(out, d);
    mpq_canonicalize(out);
    mpz_clear(n);
    mpz_clear(d);
}

int hs_hist_moments(const uint64_t *count, size_t n, int64_t first, mpq_t mean, mpq_t variance) {
    mpz_t items, sum, sum2, term, c;
    mpz_inits(items, sum, sum2, term, c, NULL);
    for (size_t i = 0; i < n; i++) {
        if (count[i] == 0)
            continue;
        mpz_import(c, 1, -1, sizeof count[i], 0, 0, &count[i]);
        mpz_add(items, items, c);
        mpz_set_si(term, (long)(first + (int64_t)i));
        mpz_mul(term, term, c); /* count * value */
        mpz_add(sum, sum, term);
        mpz_mul_si(term, term, (long)(first + (int64_t)i)); /* count * value^2 */
        mpz_add(sum2, sum2, term);
    }
    int rc = HS_ERR_ARG;
    if (mpz_sgn(items) > 0) {
        mpq_set_num(mean, sum);
        mpq_set_den(mean, items);
        mpq_canonicalize(mean);
        /* variance = (items * sum2 - sum^2) / items^2 */
        mpz_mul(sum2, sum2, items);
        mpz_submul(sum2, sum, sum);
        mpz_mul(items, items, items);
        mpq_set_num(variance, sum2);
        mpq_set_den(variance, items);
        mpq_canonicalize(variance);
        rc = HS_OK;
    }
    mpz_clears(items, sum, sum2, term, c, NULL);
    return rc;
}

double hs_stddev(const mpq_t variance) {
    return sqrt(mpq_get_d(variance));
}
