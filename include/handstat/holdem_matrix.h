/* handstat — a hold'em range against another, cut by equity: the equity filter (the part of a
 * range whose combinations each have at least, or at most, a given exact equity against the other
 * range, or its best P%) and the hand-against-range matrix (each starting-hand class of a range,
 * or each combination, with its exact equity against the other range, and the 13 x 13 heat map).
 *
 * Everything here works on the equity distribution of handstat/holdem_board.h
 * (hs_holdem_equity_dist: each hero combination's exact wins, ties, losses and deals against the
 * villain's range), so every figure is an exact integer count and every equity an exact fraction
 * (2 wins + ties) / (2 deals); nothing is aggregated through decimals. The functions below are
 * pure and thread-safe. */
#ifndef HANDSTAT_HOLDEM_MATRIX_H
#define HANDSTAT_HOLDEM_MATRIX_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/count.h"
#include "handstat/holdem.h"
#include "handstat/holdem_board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Some combinations of an equity distribution summed as one range: as hs_holdem_equity_ranges
 * counts that part of the hero's range against the villain's. Each combination's counts are
 * multiplied by its weight divided by g, the greatest common divisor of the weights summed (so a
 * part without weights, or with one weight throughout, sums the counts as they are, and the
 * counts are those of 'holdem equity PART VILLAIN'). Its equity is (2 wins + ties) / (2 deals),
 * whatever g is. */
typedef struct hs_holdem_dist_total {
    size_t combos;     /* combinations summed */
    hs_uint128 weight; /* their weights summed (percent: 100 is one whole combination) */
    hs_uint128 deals, wins, ties, losses;
} hs_holdem_dist_total;

/* Sum the entries d[0..n) (an hs_holdem_equity_dist result) that are selected: keep[i] non-zero
 * (keep NULL: every entry) and, when cls is 0..168, of that class (cls -1: any class). Returns
 * the number summed (out->combos); 0 leaves *out all zero. */
HS_API size_t hs_holdem_dist_sum(const hs_holdem_dist_combo *d, size_t n, const unsigned char *keep,
                                 int cls, hs_holdem_dist_total *out);

/* ---- the equity filter -----------------------------------------------------------------------
 * The bounds are judged per combination by its own exact equity, compared as exact fractions
 * (no rounding anywhere): min_num/min_den <= (2 wins + ties) / (2 deals) <= max_num/max_den, both
 * ends included. */

/* keep[i] = 1 for every entry of d[0..n) whose exact equity lies within the bounds, else 0.
 * min_den and max_den must be positive (min 0/1 and max 1/1 bound nothing). Returns the number
 * kept. */
HS_API size_t hs_holdem_filter_equity(const hs_holdem_dist_combo *d, size_t n, uint64_t min_num,
                                      uint64_t min_den, uint64_t max_num, uint64_t max_den,
                                      unsigned char *keep);

/* The best part of a range: d[0..n) sorted best first (as hs_holdem_equity_dist_result sorts
 * it); keep[i] = 1 for the shortest run of the best entries whose weight reaches part/whole of
 * the weight of all n (kept weight x whole >= part x total weight, exactly), where entries of
 * equal exact equity are taken or left together: the boundary's ties are all taken, so the kept
 * share may pass part/whole by the ties' weight, never fall short of it. whole must be positive
 * and part <= whole; part 0 keeps nothing. Returns the number kept. */
HS_API size_t hs_holdem_filter_top(const hs_holdem_dist_combo *d, size_t n, uint64_t part,
                                   uint64_t whole, unsigned char *keep);

/* The text, in the range grammar (handstat/holdem.h), of the kept entries of d[0..n) (keep[i]
 * non-zero), into out (cap bytes; HS_HOLDEM_RANGE_TEXT always suffice): items in class order
 * (hs_holdem_class), a class written whole ("AKs", "QQ@50") when every one of its combinations
 * that avoids the known cards (`known`: the board and the dead cards) is kept with one weight,
 * else its kept combinations one by one ("AhKh", "AsKs@50"), in increasing mask order. A weight
 * of 100 is not written. Parsing the text gives exactly the kept combinations with their weights,
 * and at most combinations that meet the known cards besides (never dealt: they change no
 * count). Returns HS_OK; HS_ERR_ARG when nothing is kept; HS_ERR_OVERFLOW when cap is too
 * small. */
HS_API int hs_holdem_filter_text(const hs_holdem_dist_combo *d, size_t n, const unsigned char *keep,
                                 uint64_t known, char *out, size_t cap);

/* ---- the hand-against-range matrix ----------------------------------------------------------- */

typedef struct hs_holdem_matrix_cell {
    int cls; /* 0..168 (the grid's order, handstat/holdem.h) */
    hs_holdem_dist_total total;
} hs_holdem_matrix_cell;

/* The classes of the entries d[0..n) (an hs_holdem_equity_dist result), each summed as
 * hs_holdem_dist_sum sums it, into out[] (room for HS_HOLDEM_CLASSES) in class order; a class
 * none of whose combinations is among the entries has no cell. Returns the number of cells. A
 * cell's equity is the equity of 'holdem equity X VILLAIN' where X is the class's part of the
 * hero's range (the class itself when the hero's range holds it whole). */
HS_API int hs_holdem_matrix_cells(const hs_holdem_dist_combo *d, size_t n,
                                  hs_holdem_matrix_cell *out);

/* The 13 x 13 heat map of cells[0..n) as an SVG document into buf (cap bytes, NUL-terminated
 * when it fits): each class's cell coloured by its exact equity (red 0%, pale yellow 50%, green
 * 100%, interpolated in integers from the exact fraction), its name and its equity in percent
 * with one decimal (rounded half up from the exact fraction), classes without a cell grey; a
 * legend of the colour scale; the caption `title` (markup characters escaped; NULL: none). Only
 * the generic font family "sans-serif" is named: no font is loaded. The bytes depend on the
 * arguments only. Returns the length of the whole document (as snprintf does: the buffer holds
 * it when the return is below cap). */
HS_API size_t hs_holdem_matrix_svg(const hs_holdem_matrix_cell *cells, int n, const char *title,
                                   char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif
