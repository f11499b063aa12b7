/* The equity filter: the combinations of an equity distribution (holdem_dist.c) kept by their own
 * exact equity, or the best of them up to a share of the range, and the kept part written back in
 * the range grammar. Equities are compared as fractions with 128-bit cross products: a deal count
 * is below 2^45 (1326 combinations of weight at most 10000, times C(50, 5) boards), so
 * (2 wins + ties) x a 64-bit denominator stays far below 2^128. */
#include "handstat/holdem_matrix.h"
#include "handstat/holdem.h"
#include "handstat/error.h"
#include "handstat/table.h"
#include "combin.h"

#include <stdio.h>
#include <string.h>

/* The equity's numerator and denominator: (2 wins + ties) / (2 deals). */
static hs_uint128 eq_num(const hs_holdem_dist_combo *c) {
    return 2 * (hs_uint128)c->wins + c->ties;
}
static hs_uint128 eq_den(const hs_holdem_dist_combo *c) {
    return 2 * (hs_uint128)c->deals;
}

size_t hs_holdem_filter_equity(const hs_holdem_dist_combo *d, size_t n, uint64_t min_num,
                               uint64_t min_den, uint64_t max_num, uint64_t max_den,
                               unsigned char *keep) {
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        const hs_uint128 num = eq_num(&d[i]), den = eq_den(&d[i]);
        /* min/min_den <= num/den <= max/max_den, cross-multiplied */
        keep[i] = den > 0 && num * min_den >= (hs_uint128)min_num * den &&
                  num * max_den <= (hs_uint128)max_num * den;
        kept += keep[i];
    }
    return kept;
}

size_t hs_holdem_filter_top(const hs_holdem_dist_combo *d, size_t n, uint64_t part, uint64_t whole,
                            unsigned char *keep) {
    hs_uint128 total = 0, taken = 0;
    for (size_t i = 0; i < n; i++) {
        total += (hs_uint128)d[i].weight;
        keep[i] = 0;
    }
    size_t kept = 0;
    for (size_t i = 0; i < n && part > 0 && taken * whole < (hs_uint128)part * total;) {
        /* the group of entries with the equity of d[i], taken whole */
        size_t j = i;
        while (j < n && eq_num(&d[j]) * eq_den(&d[i]) == eq_num(&d[i]) * eq_den(&d[j])) {
            taken += (hs_uint128)d[j].weight;
            keep[j++] = 1;
        }
        kept += j - i;
        i = j;
    }
    return kept;
}

/* Append s to out (cap bytes) at *len, with a comma before every item but the first. */
static int append_item(char *out, size_t cap, size_t *len, const char *s) {
    const int k = snprintf(out + *len, cap - *len, "%s%s", *len > 0 ? "," : "", s);
    if (k < 0 || (size_t)k >= cap - *len)
        return HS_ERR_OVERFLOW;
    *len += (size_t)k;
    return HS_OK;
}

/* An item with its weight (units of 1/HS_HOLDEM_WEIGHT_FULL): "AKs", "AhKh@50", "AKo@12.5" (a
 * whole combination, the grammar's default, is not written). The one place that writes a weight. */
static void weighted(char *buf, size_t cap, const char *item, int weight) {
    char w[16];
    if (weight == HS_HOLDEM_WEIGHT_FULL)
        snprintf(buf, cap, "%s", item);
    else
        snprintf(buf, cap, "%s@%s", item, hs_holdem_weight_text((unsigned)weight, 0, w));
}

int hs_holdem_filter_text(const hs_holdem_dist_combo *d, size_t n, const unsigned char *keep,
                          uint64_t known, char *out, size_t cap) {
    if (cap == 0)
        return HS_ERR_OVERFLOW;
    out[0] = '\0';
    /* each two-card combination's entry, by its colex index */
    int entry[HS_HOLDEM_COMBOS];
    memset(entry, 0xFF, sizeof entry);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (!keep[i])
            continue;
        const int a = __builtin_ctzll(d[i].combo), b = 63 - __builtin_clzll(d[i].combo);
        entry[hs_colex2(a, b)] = (int)i;
        kept++;
    }
    if (kept == 0)
        return HS_ERR_ARG;
    size_t len = 0;
    for (int c = 0; c < HS_HOLDEM_CLASSES; c++) {
        uint64_t hands[12];
        const int m = hs_holdem_class_hands(c, hands);
        int at[12], in = 0, whole = 1, weight = -1;
        for (int k = 0; k < m; k++) {
            const int a = __builtin_ctzll(hands[k]), b = 63 - __builtin_clzll(hands[k]);
            at[k] = entry[hs_colex2(a, b)];
            if (at[k] >= 0) {
                in++;
                whole &= weight < 0 || d[at[k]].weight == weight;
                weight = d[at[k]].weight;
            } else if ((hands[k] & known) == 0)
                whole = 0; /* a live combination left out */
        }
        if (in == 0)
            continue;
        char item[32], name[8];
        int rc = HS_OK;
        if (whole) {
            hs_holdem_class_name(c, name);
            weighted(item, sizeof item, name, weight);
            rc = append_item(out, cap, &len, item);
        } else
            for (int k = 0; k < m && rc == HS_OK; k++)
                if (at[k] >= 0) {
                    hs_text_combo(name, hands[k]);
                    weighted(item, sizeof item, name, d[at[k]].weight);
                    rc = append_item(out, cap, &len, item);
                }
        if (rc != HS_OK) {
            out[0] = '\0';
            return rc;
        }
    }
    return HS_OK;
}
