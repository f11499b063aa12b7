/* Private: the double-dummy pegging search (handstat/peg.h), shared by the library and the
 * generator of the table of every pair of hands (src/gen/gen_peg_table.c), so it depends on no
 * other part of the library. */
#ifndef HS_PEG_SOLVE_H
#define HS_PEG_SOLVE_H

#include "handstat/peg.h"

#include <stdint.h>

/* Multisets of 0..4 ranks, densely numbered: those of k ranks from peg_msets_below(k) on. */
#define PEG_SMALL_MSETS 2380 /* 1 + 13 + 91 + 455 + 1820 */

/* The dense index among the multisets of exactly n ranks (n <= 4, any order): 0..C(12+n, n)-1. */
int peg_mset_index(const uint8_t *ranks, int n);

/* A memo of the value of every fresh sequence (count 0, nothing laid) by leader and both hands,
 * PEG_MEMO_NONE where not yet known; 2 x 2380 x 2380 bytes. */
#define PEG_MEMO_SIZE ((size_t)2 * PEG_SMALL_MSETS * PEG_SMALL_MSETS)
#define PEG_MEMO_NONE INT8_MIN

/* The value of p (hs_peg_value); memo (NULL: none) as above, filled as the search goes; when
 * line is not NULL, an optimal line's events are written there and their number to *nev. */
int peg_solve(const hs_peg_position *p, int8_t *memo, hs_peg_event *line, int *nev);

#endif
