/* Private: shared pieces of the hold'em modules. */
#ifndef HS_HOLDEM_INTERNAL_H
#define HS_HOLDEM_INTERNAL_H

#include "handstat/holdem.h"

/* Grid position of a card rank: 0 for the ace, then king 1 .. two 12. */
static inline int hs_holdem_grid_rank(int rank) {
    return rank == HS_ACE ? 0 : HS_KING - rank + 1;
}

/* The class of two cards c1, c2 (any order). */
static inline int hs_holdem_class_of(int c1, int c2) {
    int g1 = hs_holdem_grid_rank(hs_card_rank(c1)), g2 = hs_holdem_grid_rank(hs_card_rank(c2));
    int hi = g1 < g2 ? g1 : g2, lo = g1 < g2 ? g2 : g1; /* hi: the better rank (smaller row) */
    int suited = hs_card_suit(c1) == hs_card_suit(c2);
    /* pairs on the diagonal, suited above it (row = better rank), offsuit below it */
    return suited ? hi * 13 + lo : lo * 13 + hi;
}

#endif
