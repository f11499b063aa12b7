/* Private: shared pieces of the hold'em modules. */
#ifndef HS_HOLDEM_INTERNAL_H
#define HS_HOLDEM_INTERNAL_H

#include "handstat/holdem.h"

/* Grid position of a card rank: 0 for the ace, then king 1 .. two 12. */
static inline int hs_holdem_grid_rank(int rank) {
    return rank == HS_ACE ? 0 : HS_KING - rank + 1;
}

/* The class of grid positions hi <= lo (hi the better rank): pairs on the diagonal, suited
 * classes above it (row = the better rank), offsuit below it (the grid of holdem.h). A pair is
 * on the diagonal whatever `suited` says. */
static inline int hs_holdem_class_at(int hi, int lo, int suited) {
    return suited ? hi * 13 + lo : lo * 13 + hi;
}

/* The class of two cards c1, c2 (any order). */
static inline int hs_holdem_class_of(int c1, int c2) {
    int g1 = hs_holdem_grid_rank(hs_card_rank(c1)), g2 = hs_holdem_grid_rank(hs_card_rank(c2));
    int hi = g1 < g2 ? g1 : g2, lo = g1 < g2 ? g2 : g1; /* hi: the better rank (smaller row) */
    return hs_holdem_class_at(hi, lo, hs_card_suit(c1) == hs_card_suit(c2));
}

/* A class pattern: two rank characters and an optional s or o ("AK", "AKs", "t9o", "QQ"). */
typedef struct hs_holdem_pattern {
    int hi, lo; /* grid positions, hi <= lo */
    int kinds;  /* 1 suited, 2 offsuit, 3 both (a pair: 3) */
} hs_holdem_pattern;

/* Parse s[0..n) as a class pattern. Returns 0, or -1 when it is not one. */
int hs_holdem_pattern_parse(const char *s, size_t n, hs_holdem_pattern *p);

/* Test-only (holdem_sample.c): what the Monte Carlo sampler deals, to check its distribution. */
typedef struct hs_holdem_sample_tally {
    uint64_t combo[HS_HOLDEM_MAX_PLAYERS]
                  [HS_HOLDEM_COMBOS]; /* deals giving p ranges[p]->combo[i] */
    uint64_t board[HS_CARDS]; /* deals where card c came to the board (not the given board) */
} hs_holdem_sample_tally;

/* Draw the deals hs_holdem_equity_sample would draw for these arguments (the same streams, one
 * thread) and tally them into *out. Returns what hs_holdem_equity_sample would return (but
 * never HS_ERR_CANCELLED). */
int hs_holdem_sample_tally_run(int players, const hs_holdem_range *const ranges[], uint64_t board,
                               uint64_t dead, uint64_t samples, uint64_t seed,
                               hs_holdem_sample_tally *out);

#endif
