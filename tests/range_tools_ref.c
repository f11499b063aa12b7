/* The plain reference of range_tools_ref.h: GMP rationals, loops, an insertion sort. */
#include "range_tools_ref.h"

#include <stdlib.h>

void ref_combo_equity(const hs_holdem_dist_combo *c, mpq_t out) {
    mpz_t num, den;
    mpz_init_set_ui(num, c->wins);
    mpz_mul_ui(num, num, 2);
    mpz_add_ui(num, num, c->ties);
    mpz_init_set_ui(den, c->deals);
    mpz_mul_ui(den, den, 2);
    mpq_set_num(out, num);
    mpq_set_den(out, den);
    mpq_canonicalize(out);
    mpz_clear(num);
    mpz_clear(den);
}

size_t ref_filter_bounds(const hs_holdem_dist_combo *d, size_t n, const mpq_t lo, const mpq_t hi,
                         unsigned char *keep) {
    size_t kept = 0;
    mpq_t e;
    mpq_init(e);
    for (size_t i = 0; i < n; i++) {
        ref_combo_equity(&d[i], e);
        keep[i] = mpq_cmp(e, lo) >= 0 && mpq_cmp(e, hi) <= 0;
        kept += keep[i];
    }
    mpq_clear(e);
    return kept;
}

size_t ref_filter_top(const hs_holdem_dist_combo *d, size_t n, const mpq_t share,
                      unsigned char *keep) {
    mpq_t *e = malloc((n + 1) * sizeof *e);
    size_t *order = malloc((n + 1) * sizeof *order);
    mpq_t total, want, taken;
    mpq_inits(total, want, taken, NULL);
    for (size_t i = 0; i < n; i++) {
        mpq_init(e[i]);
        ref_combo_equity(&d[i], e[i]);
        order[i] = i;
        keep[i] = 0;
        mpq_t w;
        mpq_init(w);
        mpq_set_ui(w, (unsigned long)d[i].weight, 1);
        mpq_add(total, total, w);
        mpq_clear(w);
    }
    /* the best first */
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && mpq_cmp(e[order[j - 1]], e[order[j]]) < 0; j--) {
            const size_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    mpq_mul(want, total, share);
    size_t kept = 0;
    for (size_t i = 0; i < n && mpq_sgn(share) > 0 && mpq_cmp(taken, want) < 0;) {
        size_t j = i;
        while (j < n && mpq_equal(e[order[j]], e[order[i]])) {
            mpq_t w;
            mpq_init(w);
            mpq_set_ui(w, (unsigned long)d[order[j]].weight, 1);
            mpq_add(taken, taken, w);
            mpq_clear(w);
            keep[order[j++]] = 1;
            kept++;
        }
        i = j;
    }
    for (size_t i = 0; i < n; i++)
        mpq_clear(e[i]);
    mpq_clears(total, want, taken, NULL);
    free(e);
    free(order);
    return kept;
}

size_t ref_part_equity(const hs_holdem_dist_combo *d, size_t n, const unsigned char *keep, int cls,
                       mpq_t out) {
    mpz_t num, den, t;
    mpz_inits(num, den, t, NULL);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if ((keep != NULL && !keep[i]) || (cls >= 0 && d[i].cls != cls))
            continue;
        k++;
        mpz_set_ui(t, d[i].wins);
        mpz_mul_ui(t, t, 2);
        mpz_add_ui(t, t, d[i].ties);
        mpz_mul_ui(t, t, (unsigned long)d[i].weight);
        mpz_add(num, num, t);
        mpz_set_ui(t, d[i].deals);
        mpz_mul_ui(t, t, 2 * (unsigned long)d[i].weight);
        mpz_add(den, den, t);
    }
    if (k > 0) {
        mpq_set_num(out, num);
        mpq_set_den(out, den);
        mpq_canonicalize(out);
    } else
        mpq_set_ui(out, 0, 1);
    mpz_clears(num, den, t, NULL);
    return k;
}
