/* handstat — the result table: named, typed columns whose cells are exactly the text the command
 * line's --csv prints, plus named notes; what every request of the request layer answers
 * (handstat/request.h) and what the query language's runner builds (handstat/query.h). Also the
 * number formats every front end shares. */
#ifndef HANDSTAT_TABLE_H
#define HANDSTAT_TABLE_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/cards.h"
#include "handstat/count.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the result table ----------------------------------------------------------------------- */

typedef struct hs_table hs_table;

/* How a column's cells read: text; an exact integer (any width: decimal digits); a decimal
 * (a ratio of counts, "%.12g"); an exact reduced fraction "p/q". */
enum hs_cell_kind { HS_CELL_TEXT, HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION };

HS_API size_t hs_table_columns(const hs_table *t);
HS_API const char *hs_table_column(const hs_table *t, size_t col);
HS_API int hs_table_column_kind(const hs_table *t, size_t col);
HS_API size_t hs_table_rows(const hs_table *t);
/* The cell's text exactly as --csv writes it (before CSV quoting); NULL out of range. */
HS_API const char *hs_table_cell(const hs_table *t, size_t row, size_t col);
/* The cell as a number, for columns of integers, decimals and fractions: the ratio of counts it
 * stands for, exactly as computed before it was written (a decimal's double, a fraction's value
 * rounded toward zero), so a front end can print it to any precision without reading the text
 * back; NaN for text cells and out of range. */
HS_API double hs_table_number(const hs_table *t, size_t row, size_t col);
/* Named notes: ("board", "2C 7D KH"), ("deals", "1712304"), ("kind", "estimate"), ... */
HS_API size_t hs_table_notes(const hs_table *t);
HS_API const char *hs_table_note_name(const hs_table *t, size_t i);
HS_API const char *hs_table_note_value(const hs_table *t, size_t i);
/* The note called `name`, or NULL. */
HS_API const char *hs_table_note(const hs_table *t, const char *name);
HS_API void hs_table_free(hs_table *t);

/* ---- the number formats of every front end ------------------------------------------------
 * An exact 128-bit count in decimal; an exact fraction num/den (den > 0) reduced to lowest terms,
 * "p/q" with the denominator always written ("0/1", "3/1"); and num/den as a double rounded toward
 * zero. buf holds cap bytes; 48 hold any count, 96 any fraction. Return buf. Thread-safe. */
HS_API const char *hs_text_u128(char *buf, size_t cap, hs_uint128 v);
HS_API const char *hs_text_fraction(char *buf, size_t cap, hs_uint128 num, hs_uint128 den);
HS_API double hs_ratio_u128(hs_uint128 num, hs_uint128 den);
/* A sum of combination weights (units of 1/10000: HS_HOLDEM_WEIGHT_FULL, 10000, a whole
 * combination) as an exact decimal of combinations: "15", "7.5", "0.25", "0.0001". */
HS_API const char *hs_text_weight(char *buf, size_t cap, hs_uint128 w);
/* Two cards (a two-card mask) as the range grammar writes them, the higher rank first (ace high;
 * a pair: the higher suit first): "AhKd", "KdKc". out holds 8 bytes. */
HS_API const char *hs_text_combo(char *out, uint64_t combo);
/* A whole number written in decimal digits only (no sign, no spaces, no exponent) within
 * min..max: 1 with it in *out, else 0 (*out untouched), also when it passes 2^64 - 1. */
HS_API int hs_text_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out);
/* A list of counts 1..max (max at most 9): comma-separated items, each N or N-M (one digit each,
 * N <= M), as "1-3", "4", "1,3" or "2,5-7", into the bit set *set (bit k for the count k; *set
 * untouched on failure). No blanks, no empty item. Returns HS_OK; HS_ERR_TOKEN (an item that is
 * not N or N-M) or HS_ERR_ARG (an item past max), with *err (may be NULL) locating the item.
 * The opponents of holdem vs-random in every front end. */
HS_API int hs_text_parse_counts(const char *text, int max, unsigned *set, hs_parse_error *err);
/* A token of input made safe to quote in a message: at most 40 bytes of it (then "..."), bytes
 * outside printable ASCII as \xNN. out holds HS_TOKEN_TEXT bytes. */
#define HS_TOKEN_TEXT 200
HS_API const char *hs_text_token(char *out, const char *s, size_t n);

#ifdef __cplusplus
}
#endif

#endif
