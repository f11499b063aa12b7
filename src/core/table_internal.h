/* Private: the result table's builder (table.c), used by the request layer's adapters and the
 * query runner. */
#ifndef HS_TABLE_INTERNAL_H
#define HS_TABLE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "handstat/table.h"

/* A table of n columns (names and HS_CELL_* kinds copied), or NULL when out of memory. */
hs_table *hs_tbl_new(const char *const *names, const int *kinds, size_t n);
/* True when the table could not be built whole (out of memory). */
int hs_tbl_failed(const hs_table *t);
/* The next cell, row by row: text; printf text; a 128-bit integer; a ratio "%.12g" (num/den
 * through GMP, rounded toward zero); a double "%.12g"; a fixed-point decimal; a reduced fraction.
 */
void hs_tbl_text(hs_table *t, const char *s);
/* A cell of given text that stands for the number v (a signed fraction, say). */
void hs_tbl_text_number(hs_table *t, const char *s, double v);
void hs_tbl_textf(hs_table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void hs_tbl_u128(hs_table *t, hs_uint128 v);
void hs_tbl_ratio(hs_table *t, hs_uint128 num, hs_uint128 den);
void hs_tbl_double(hs_table *t, double v);
void hs_tbl_fixed(hs_table *t, double v, int decimals);
void hs_tbl_fraction(hs_table *t, hs_uint128 num, hs_uint128 den);
/* A signed fraction, "-7/2", and a fixed-point decimal of a given value. */
void hs_tbl_fraction_signed(hs_table *t, int64_t num, uint64_t den);
/* The same for 128-bit counts. */
__extension__ typedef __int128 hs_int128;
void hs_tbl_fraction_i128(hs_table *t, hs_int128 num, hs_uint128 den);
/* A sum of combination weights as an exact decimal of combinations (hs_text_weight). */
void hs_tbl_weight(hs_table *t, hs_uint128 w);
/* A named note (printf). */
void hs_tbl_note(hs_table *t, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* num/den as a double (GMP, rounded toward zero), and v in decimal into buf (48 bytes hold any). */
double hs_tbl_ratio_value(hs_uint128 num, hs_uint128 den);
const char *hs_tbl_u128_text(char *buf, size_t cap, hs_uint128 v);

#endif
