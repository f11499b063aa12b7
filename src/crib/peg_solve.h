/* Private: the double-dummy pegging search (handstat/peg.h), shared by the library and the
 * generator of the table of every pair of hands (src/gen/gen_peg_table.c), so it depends on no
 * other part of the library. */
#ifndef HS_PEG_SOLVE_H
#define HS_PEG_SOLVE_H

#include "handstat/peg.h"

#include <stdint.h>

/* The pips of a rank for the count: A = 1 .. 9, T J Q K = 10. */
static inline int peg_pips(int rank) {
    return rank < 9 ? rank + 1 : 10;
}

/* A multiset of four ranks: its ranks ascending, and as `runs` runs of equal ranks. */
typedef struct peg_mset {
    uint8_t rank[4];
    uint8_t runs, run_rank[4], run_count[4];
} peg_mset;

/* Every multiset of four ranks, at its dense index (hs_peg_mset_index_n). */
void hs_peg_msets(peg_mset out[HS_PEG_MSETS]);

/* The rank multisets the opponent's four cards can have when the cards `dealt` are out of the
 * deck, each with the number of four-card hands that have it: theirs[0..n) (indices into msets)
 * and ways[0..n); returns n. */
int hs_peg_opponents(const peg_mset msets[HS_PEG_MSETS], uint64_t dealt,
                     uint16_t theirs[HS_PEG_MSETS], int32_t ways[HS_PEG_MSETS]);

/* Multisets of 0..4 ranks, densely numbered: those of k ranks from peg_msets_below(k) on. */
#define PEG_SMALL_MSETS 2380 /* 1 + 13 + 91 + 455 + 1820 */

/* The dense index among the multisets of exactly n ranks (n <= 4, any order): 0..C(12+n, n)-1. */
int hs_peg_mset_index_n(const uint8_t *ranks, int n);

/* A memo of the value of every fresh sequence (count 0, nothing laid) by leader and both hands,
 * PEG_MEMO_NONE where not yet known; 2 x 2380 x 2380 bytes. */
#define PEG_MEMO_SIZE ((size_t)2 * PEG_SMALL_MSETS * PEG_SMALL_MSETS)
#define PEG_MEMO_NONE INT8_MIN

/* The value of p (hs_peg_value); memo (NULL: none) as above, filled as the search goes; when
 * line is not NULL, an optimal line's events are written there and their number to *nev. */
int hs_peg_solve(const hs_peg_position *p, int8_t *memo, hs_peg_event *line, int *nev);

#endif
