/* A deliberately plain short-deck ranker for the tests, written from the rules alone: counts
 * per rank, the category by a chain of ifs, the tiebreak ranks sorted by (count, rank); 6 and 7
 * cards by trying every five. Slow and obvious. */
#ifndef HS_TEST_SHORTDECK_REF_H
#define HS_TEST_SHORTDECK_REF_H

#include <stdint.h>

/* A key that orders five short-deck cards (card ids of handstat/cards.h) as the rules do:
 * higher is better, equal ties. Bits 20-23 the category value (8 straight flush .. 0 high
 * card), then five 4-bit tiebreak ranks. */
uint32_t shortdeck_ref5(const int cards[5], int straight_beats_trips);

/* The best key of any five of n (5..7) cards. */
uint32_t shortdeck_ref(const int *cards, int n, int straight_beats_trips);

/* The category of a key as an enum hs_poker_category value. */
int shortdeck_ref_category(uint32_t key, int straight_beats_trips);

#endif
