/* The result table (handstat/table.h): named, typed columns, cells as the
 * text the command line's --csv writes, and named notes. Built row by row by the request layer and
 * the query runner; the number formats are the command line's: integers in decimal, ratios "%.12g"
 * (a 128-bit ratio through GMP, rounded toward zero), fractions reduced "p/q". */
#include "table_internal.h"

#include "handstat/error.h"

#include <gmp.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hs_table {
    size_t ncols;
    int *kind;
    size_t *name;       /* offsets into text */
    size_t ncells, cap; /* cells written, row by row */
    size_t *cell;       /* offsets into text */
    double *number; /* each decimal's or fraction's value (an integer's is read from its text) */
    size_t nnotes, note_cap;
    size_t *note; /* name and value offsets, two per note */
    char *text;   /* every name, cell and note, NUL-terminated, one after the other */
    size_t used, room;
    int oom; /* an allocation failed: hs_request_run answers HS_ERR_NOMEM */
};

/* s[0..n) and a NUL appended to the table's text; its offset (0 after a failed allocation: the
 * table is then refused whole). */
static size_t put(hs_table *t, const char *s, size_t n) {
    if (t->oom)
        return 0;
    if (t->used + n + 1 > t->room) {
        size_t room = t->room ? 2 * t->room : 512;
        while (room < t->used + n + 1)
            room *= 2;
        char *text = realloc(t->text, room);
        if (text == NULL) {
            t->oom = 1;
            return 0;
        }
        t->text = text;
        t->room = room;
    }
    const size_t at = t->used;
    memcpy(t->text + at, s, n);
    t->text[at + n] = '\0';
    t->used += n + 1;
    return at;
}

hs_table *hs_tbl_new(const char *const *names, const int *kinds, size_t n) {
    hs_table *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    t->name = calloc(n, sizeof *t->name);
    t->kind = calloc(n, sizeof *t->kind);
    if (t->name == NULL || t->kind == NULL) {
        hs_table_free(t);
        return NULL;
    }
    t->ncols = n;
    for (size_t i = 0; i < n; i++) {
        t->name[i] = put(t, names[i], strlen(names[i]));
        t->kind[i] = kinds[i];
    }
    return t;
}

int hs_tbl_failed(const hs_table *t) {
    return t == NULL || t->oom;
}

/* The next cell with its text and value. */
static void cell(hs_table *t, const char *s, double value) {
    if (t->oom)
        return;
    if (t->ncells == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 64;
        size_t *c = realloc(t->cell, cap * sizeof *c);
        if (c != NULL)
            t->cell = c;
        double *v = realloc(t->number, cap * sizeof *v);
        if (v != NULL)
            t->number = v;
        if (c == NULL || v == NULL) {
            t->oom = 1;
            return;
        }
        t->cap = cap;
    }
    const size_t at = put(t, s, strlen(s));
    if (t->oom)
        return;
    t->number[t->ncells] = value;
    t->cell[t->ncells++] = at;
}

void hs_tbl_text(hs_table *t, const char *s) {
    cell(t, s, NAN);
}

void hs_tbl_text_number(hs_table *t, const char *s, double v) {
    cell(t, s, v);
}

void hs_tbl_textf(hs_table *t, const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    hs_tbl_text(t, buf);
}

void hs_tbl_u128(hs_table *t, hs_uint128 v) {
    char buf[48];
    cell(t, hs_tbl_u128_text(buf, sizeof buf, v), (double)v);
}

void hs_tbl_double(hs_table *t, double v) {
    char buf[32];
    snprintf(buf, sizeof buf, "%.12g", v);
    cell(t, buf, v);
}

void hs_tbl_fixed(hs_table *t, double v, int decimals) {
    char buf[64];
    snprintf(buf, sizeof buf, "%.*f", decimals, v);
    cell(t, buf, v);
}

/* v as a GMP integer (initialised here). */
static void u128_mpz(mpz_t z, hs_uint128 v) {
    const uint64_t limbs[2] = {(uint64_t)v, (uint64_t)(v >> 64)};
    mpz_init(z);
    mpz_import(z, 2, -1, sizeof limbs[0], 0, 0, limbs);
}

/* num/den in lowest terms (initialised here). */
static void u128_mpq(mpq_t q, hs_uint128 num, hs_uint128 den) {
    mpz_t a, b;
    u128_mpz(a, num);
    u128_mpz(b, den);
    mpq_init(q);
    mpq_set_num(q, a);
    mpq_set_den(q, b);
    mpq_canonicalize(q);
    mpz_clear(a);
    mpz_clear(b);
}

const char *hs_tbl_u128_text(char *buf, size_t cap, hs_uint128 v) {
    char digits[40];
    size_t n = 0;
    do {
        digits[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v != 0);
    size_t o = 0;
    while (n > 0 && o + 1 < cap)
        buf[o++] = digits[--n];
    if (cap > 0)
        buf[o] = '\0';
    return buf;
}

double hs_tbl_ratio_value(hs_uint128 num, hs_uint128 den) {
    mpq_t q;
    u128_mpq(q, num, den);
    double d = mpq_get_d(q);
    mpq_clear(q);
    return d;
}

void hs_tbl_ratio(hs_table *t, hs_uint128 num, hs_uint128 den) {
    hs_tbl_double(t, hs_tbl_ratio_value(num, den));
}

double hs_table_number(const hs_table *t, size_t row, size_t col) {
    if (col >= t->ncols || row >= hs_table_rows(t) || t->kind[col] == HS_CELL_TEXT)
        return NAN;
    /* an integer's text is its value (a 128-bit count correctly rounded, as (double) rounds it) */
    if (t->kind[col] == HS_CELL_INT)
        return strtod(hs_table_cell(t, row, col), NULL);
    return t->number[row * t->ncols + col];
}

const char *hs_text_fraction(char *buf, size_t cap, hs_uint128 num, hs_uint128 den) {
    mpq_t q;
    u128_mpq(q, num, den);
    gmp_snprintf(buf, cap, "%Zd/%Zd", mpq_numref(q), mpq_denref(q));
    mpq_clear(q);
    return buf;
}

void hs_tbl_fraction(hs_table *t, hs_uint128 num, hs_uint128 den) {
    char buf[96];
    cell(t, hs_text_fraction(buf, sizeof buf, num, den), hs_tbl_ratio_value(num, den));
}

void hs_tbl_fraction_i128(hs_table *t, hs_int128 num, hs_uint128 den) {
    const hs_uint128 mag = num < 0 ? (hs_uint128)0 - (hs_uint128)num : (hs_uint128)num;
    char buf[112];
    hs_text_fraction(buf + 1, sizeof buf - 1, mag, den);
    buf[0] = '-';
    const double v = hs_tbl_ratio_value(mag, den);
    cell(t, num < 0 ? buf : buf + 1, num < 0 ? -v : v);
}

void hs_tbl_fraction_signed(hs_table *t, int64_t num, uint64_t den) {
    hs_tbl_fraction_i128(t, num, den);
}

const char *hs_text_weight(char *buf, size_t cap, hs_uint128 w) {
    char whole[48];
    hs_tbl_u128_text(whole, sizeof whole, w / 10000);
    unsigned frac = (unsigned)(w % 10000), places = 4;
    if (frac == 0) {
        snprintf(buf, cap, "%s", whole);
        return buf;
    }
    while (frac % 10 == 0) { /* "7.5", not "7.5000" */
        frac /= 10;
        places--;
    }
    snprintf(buf, cap, "%s.%0*u", whole, (int)places, frac);
    return buf;
}

void hs_tbl_weight(hs_table *t, hs_uint128 w) {
    char buf[64];
    hs_text_weight(buf, sizeof buf, w);
    hs_tbl_text(t, buf);
}

const char *hs_text_u128(char *buf, size_t cap, hs_uint128 v) {
    return hs_tbl_u128_text(buf, cap, v);
}

double hs_ratio_u128(hs_uint128 num, hs_uint128 den) {
    return hs_tbl_ratio_value(num, den);
}

const char *hs_text_combo(char *out, uint64_t combo) {
    static const char RANK[] = "A23456789TJQK", SUIT[] = "cdhs";
    int a = __builtin_ctzll(combo), b = 63 - __builtin_clzll(combo);
    const int ra = a % HS_RANKS, rb = b % HS_RANKS;
    const int ha = ra == 0 ? 13 : ra, hb = rb == 0 ? 13 : rb; /* the ace high */
    if (ha < hb || (ha == hb && a < b)) {
        const int t = a;
        a = b;
        b = t;
    }
    snprintf(out, 8, "%c%c%c%c", RANK[a % HS_RANKS], SUIT[a / HS_RANKS], RANK[b % HS_RANKS],
             SUIT[b / HS_RANKS]);
    return out;
}

int hs_text_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out) {
    uint64_t n = 0;
    int ok = *text != '\0';
    for (const char *c = text; *c != '\0' && ok; c++) {
        ok = *c >= '0' && *c <= '9' && n <= (UINT64_MAX - (uint64_t)(*c - '0')) / 10;
        n = n * 10 + (uint64_t)(*c - '0');
    }
    if (!ok || n < min || n > max)
        return 0;
    *out = n;
    return 1;
}

int hs_text_parse_counts(const char *text, int max, unsigned *set, hs_parse_error *err) {
    unsigned which = 0;
    const char *item = text;
    for (;;) {
        const char *end = strchr(item, ',');
        const size_t len = end != NULL ? (size_t)(end - item) : strlen(item);
        /* N or N-M, one digit each: the counts go up to 9 */
        int lo = 0, hi;
        size_t i = 0;
        if (i < len && item[i] >= '1' && item[i] <= '9')
            lo = item[i++] - '0';
        hi = lo;
        if (lo > 0 && i < len && item[i] == '-') {
            i++;
            hi = i < len && item[i] >= '1' && item[i] <= '9' ? item[i++] - '0' : 0;
        }
        const int rc = lo == 0 || hi < lo || i != len ? HS_ERR_TOKEN
                       : hi > max                     ? HS_ERR_ARG
                                                      : HS_OK;
        if (rc != HS_OK) {
            if (err != NULL)
                *err = (hs_parse_error){(size_t)(item - text), len, 0};
            return rc;
        }
        for (int k = lo; k <= hi; k++)
            which |= 1u << k;
        if (end == NULL) {
            *set = which;
            return HS_OK;
        }
        item = end + 1;
    }
}

const char *hs_text_token(char *out, const char *s, size_t n) {
    size_t o = 0, shown = n < 40 ? n : 40;
    for (size_t i = 0; i < shown; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F)
            out[o++] = (char)c;
        else
            o += (size_t)snprintf(out + o, 5, "\\x%02X", c);
    }
    if (shown < n) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = '\0';
    return out;
}

void hs_tbl_note(hs_table *t, const char *name, const char *fmt, ...) {
    if (t->oom)
        return;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (t->nnotes == t->note_cap) {
        const size_t cap = t->note_cap ? 2 * t->note_cap : 8;
        size_t *n = realloc(t->note, 2 * cap * sizeof *n);
        if (n == NULL) {
            t->oom = 1;
            return;
        }
        t->note = n;
        t->note_cap = cap;
    }
    const size_t at_name = put(t, name, strlen(name)), at_value = put(t, buf, strlen(buf));
    if (t->oom)
        return;
    t->note[2 * t->nnotes] = at_name;
    t->note[2 * t->nnotes + 1] = at_value;
    t->nnotes++;
}

size_t hs_table_columns(const hs_table *t) {
    return t->ncols;
}

const char *hs_table_column(const hs_table *t, size_t col) {
    return col < t->ncols ? t->text + t->name[col] : NULL;
}

int hs_table_column_kind(const hs_table *t, size_t col) {
    return col < t->ncols ? t->kind[col] : HS_CELL_TEXT;
}

size_t hs_table_rows(const hs_table *t) {
    return t->ncols ? t->ncells / t->ncols : 0;
}

const char *hs_table_cell(const hs_table *t, size_t row, size_t col) {
    if (col >= t->ncols || row >= hs_table_rows(t))
        return NULL;
    return t->text + t->cell[row * t->ncols + col];
}

size_t hs_table_notes(const hs_table *t) {
    return t->nnotes;
}

const char *hs_table_note_name(const hs_table *t, size_t i) {
    return i < t->nnotes ? t->text + t->note[2 * i] : NULL;
}

const char *hs_table_note_value(const hs_table *t, size_t i) {
    return i < t->nnotes ? t->text + t->note[2 * i + 1] : NULL;
}

const char *hs_table_note(const hs_table *t, const char *name) {
    for (size_t i = 0; i < t->nnotes; i++)
        if (strcmp(t->text + t->note[2 * i], name) == 0)
            return t->text + t->note[2 * i + 1];
    return NULL;
}

void hs_table_free(hs_table *t) {
    if (t == NULL)
        return;
    free(t->name);
    free(t->kind);
    free(t->cell);
    free(t->number);
    free(t->note);
    free(t->text);
    free(t);
}
