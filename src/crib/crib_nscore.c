/* n-card rank-only cribbage scoring ("Cribbage On Steroids"): a checked 64-bit path and an exact
 * GMP path. Both count fifteens rank by rank: choosing k of the c cards of a rank of value v
 * adds k*v to the total in C(c,k) ways, so a 16-entry table of ways to reach each sum <= 15
 * needs 13 small convolutions instead of a pass over 2^n subsets. */
#include "handstat/crib_gmp.h"
#include "handstat/error.h"

#include <string.h>

static unsigned rank_value(int rank) {
    return rank + 1 < 10 ? (unsigned)rank + 1 : 10;
}

/* a + b and a * b into *out; return non-zero on overflow. */
static int add_u64(uint64_t a, uint64_t b, uint64_t *out) {
    return __builtin_add_overflow(a, b, out);
}
static int mul_u64(uint64_t a, uint64_t b, uint64_t *out) {
    return __builtin_mul_overflow(a, b, out);
}

/* C(n, k) for k <= 15 in 64 bits; non-zero on overflow. C(n,i+1) = C(n,i) * (n-i) / (i+1) is
 * exact at every step; the product is taken in 128 bits. */
static int binom_u64(uint64_t n, unsigned k, uint64_t *out) {
    if (k > n) {
        *out = 0;
        return 0;
    }
    unsigned __int128 c = 1;
    for (unsigned i = 0; i < k; i++) {
        c = c * (n - i) / (i + 1);
        if (c > UINT64_MAX)
            return 1;
    }
    *out = (uint64_t)c;
    return 0;
}

int hs_crib_nscore_u64(const uint64_t counts[HS_RANKS], uint64_t *score) {
    uint64_t ways[16] = {1};
    for (int r = 0; r < HS_RANKS; r++) {
        unsigned v = rank_value(r);
        uint64_t next[16] = {0};
        for (unsigned s = 0; s < 16; s++) {
            for (unsigned k = 0; k * v <= s && k <= counts[r]; k++) {
                uint64_t c, term;
                if (binom_u64(counts[r], k, &c) || mul_u64(c, ways[s - k * v], &term) ||
                    add_u64(next[s], term, &next[s]))
                    return HS_ERR_OVERFLOW;
            }
        }
        memcpy(ways, next, sizeof ways);
    }
    uint64_t total;
    if (mul_u64(ways[15], 2, &total))
        return HS_ERR_OVERFLOW;
    for (int r = 0; r < HS_RANKS; r++) {
        /* 2 points per pair: 2 * C(c,2) = c * (c - 1). */
        uint64_t pair_points;
        if (counts[r] > 1 && (mul_u64(counts[r], counts[r] - 1, &pair_points) ||
                              add_u64(total, pair_points, &total)))
            return HS_ERR_OVERFLOW;
    }
    for (int lo = 0; lo < HS_RANKS;) {
        int hi = lo;
        while (hi < HS_RANKS && counts[hi] > 0)
            hi++;
        if (hi - lo >= 3) {
            uint64_t run = (uint64_t)(hi - lo);
            for (int r = lo; r < hi; r++)
                if (mul_u64(run, counts[r], &run))
                    return HS_ERR_OVERFLOW;
            if (add_u64(total, run, &total))
                return HS_ERR_OVERFLOW;
        }
        lo = hi + 1;
    }
    *score = total;
    return HS_OK;
}

void hs_crib_nscore_mpz(const uint64_t counts[HS_RANKS], mpz_t score) {
    mpz_t ways[16], next[16], c, big;
    for (int s = 0; s < 16; s++) {
        mpz_init_set_ui(ways[s], s == 0);
        mpz_init(next[s]);
    }
    mpz_init(c);
    mpz_init(big);
    for (int r = 0; r < HS_RANKS; r++) {
        unsigned v = rank_value(r);
        mpz_import(big, 1, 1, sizeof counts[r], 0, 0, &counts[r]);
        for (unsigned s = 0; s < 16; s++) {
            mpz_set_ui(next[s], 0);
            for (unsigned k = 0; k * v <= s && k <= counts[r]; k++) {
                mpz_bin_ui(c, big, k);
                mpz_addmul(next[s], c, ways[s - k * v]);
            }
        }
        for (int s = 0; s < 16; s++)
            mpz_swap(ways[s], next[s]);
    }
    mpz_mul_ui(score, ways[15], 2);
    for (int r = 0; r < HS_RANKS; r++) {
        if (counts[r] > 1) {
            mpz_import(big, 1, 1, sizeof counts[r], 0, 0, &counts[r]);
            mpz_sub_ui(c, big, 1);
            mpz_addmul(score, big, c);
        }
    }
    for (int lo = 0; lo < HS_RANKS;) {
        int hi = lo;
        while (hi < HS_RANKS && counts[hi] > 0)
            hi++;
        if (hi - lo >= 3) {
            mpz_set_ui(c, (unsigned long)(hi - lo));
            for (int r = lo; r < hi; r++) {
                mpz_import(big, 1, 1, sizeof counts[r], 0, 0, &counts[r]);
                mpz_mul(c, c, big);
            }
            mpz_add(score, score, c);
        }
        lo = hi + 1;
    }
    for (int s = 0; s < 16; s++) {
        mpz_clear(ways[s]);
        mpz_clear(next[s]);
    }
    mpz_clear(c);
    mpz_clear(big);
}

static int is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* The next blank-separated token at or after *pos: its start and length; advances *pos and the
 * line count. A '#' where a token would start begins a comment to the end of its line. Returns 0
 * at the end of the text. */
static int next_token(const char *text, size_t len, size_t *pos, size_t *line, size_t *start,
                      size_t *tlen) {
    size_t i = *pos;
    for (;;) {
        while (i < len && is_blank(text[i])) {
            if (text[i] == '\n')
                (*line)++;
            i++;
        }
        if (i == len || text[i] != '#')
            break;
        while (i < len && text[i] != '\n')
            i++;
    }
    if (i == len) {
        *pos = i;
        return 0;
    }
    *start = i;
    while (i < len && !is_blank(text[i]))
        i++;
    *tlen = i - *start;
    *pos = i;
    return 1;
}

static int fail(hs_parse_error *err, int rc, size_t offset, size_t length, size_t line) {
    if (err != NULL)
        *err = (hs_parse_error){offset, length, line};
    return rc;
}

int hs_crib_nscore_parse(const char *text, size_t len, uint64_t counts[HS_RANKS], uint64_t *n,
                         hs_parse_error *err) {
    size_t pos = 0, line = 1, start = 0, tlen = 0;
    if (!next_token(text, len, &pos, &line, &start, &tlen))
        return fail(err, HS_ERR_FORMAT, len, 0, line);
    uint64_t want = 0;
    for (size_t i = 0; i < tlen; i++) {
        unsigned d = (unsigned)(unsigned char)text[start + i] - '0';
        if (d > 9 || mul_u64(want, 10, &want) || add_u64(want, d, &want))
            return fail(err, HS_ERR_FORMAT, start, tlen, line);
    }
    if (want == 0)
        return fail(err, HS_ERR_FORMAT, start, tlen, line);
    *n = want;
    uint64_t got = 0;
    while (next_token(text, len, &pos, &line, &start, &tlen)) {
        if (got == want)
            return fail(err, HS_ERR_COUNT, start, tlen, line);
        int rank;
        if (hs_rank_parse(text + start, tlen, &rank) != HS_OK)
            return fail(err, HS_ERR_TOKEN, start, tlen, line);
        counts[rank]++;
        got++;
    }
    if (got < want)
        return fail(err, HS_ERR_COUNT, len, 0, line);
    return HS_OK;
}
