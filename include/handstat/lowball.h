/* handstat — lowball rankings: the best low of 5 to 7 cards, where the lowest hand wins.
 *
 * Ace-to-five (A-5: razz, the low half of hi/lo games). The ace is the lowest card; straights
 * and flushes do not count. Hands without a pair beat hands with one, which beat two pair, then
 * three of a kind, a full house and four of a kind. Hands of one kind compare by the ranks that
 * make them, most significant first, the lower the better: unpaired hands by their highest card,
 * then the next (7-5-4-3-2 beats 7-6-3-2-A); paired hands by the pair, then the kickers from the
 * highest (two pair: the higher pair, the lower, the kicker; trips, then the kickers; a full house
 * by its three, then its two; quads, then the kicker). The 6175 classes go from 1 (5-4-3-2-A) to
 * 6175 (K-K-K-K-Q): 1..1287 unpaired, and 1..56 are the unpaired lows with an eight or lower on
 * top, the 8-or-better qualifier (the same order as hs_low8_rank of handstat/omaha.h).
 *
 * Deuce-to-seven (2-7: Kansas City lowball). The ace is only high; straights and flushes count
 * against the hand, so the best low is the worst high hand (handstat/poker.h), except that
 * A-5-4-3-2 is no straight: it is an ace high (all of one suit: an ace-high flush), just worse than
 * A-6-4-3-2 of its kind. Classes go from 1 (7-5-4-3-2, not all of one suit) to 7462 (a royal
 * flush); the 1277 + 1 high-card classes (no pair, straight or flush) come first.
 *
 * With 6 or 7 cards the low is the best of their five-card sets. Pure functions; thread-safe. */
#ifndef HANDSTAT_LOWBALL_H
#define HANDSTAT_LOWBALL_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HS_LOW_A5_CLASSES 6175
#define HS_LOW_A5_UNPAIRED 1287 /* classes 1..1287: five different ranks */
#define HS_LOW_A5_EIGHT 56      /* classes 1..56: unpaired, eight or lower (8-or-better) */
#define HS_LOW_27_CLASSES 7462

/* The A-5 class (1..6175) of the best five of the 5 to 7 cards of mask `hand`; 0 when it does not
 * hold 5 to 7 cards. */
HS_API int hs_low_a5_rank(uint64_t hand);

/* The 2-7 class (1..7462) of the best five of the 5 to 7 cards of `hand`; 0 when it does not hold
 * 5 to 7 cards. */
HS_API int hs_low_27_rank(uint64_t hand);

/* Five cards of `hand` (5 to 7 cards) that make its best A-5 or 2-7 low; 0 when it does not hold 5
 * to 7 cards. When several choices tie, the one of the smallest mask. */
HS_API uint64_t hs_low_a5_best_five(uint64_t hand);
HS_API uint64_t hs_low_27_best_five(uint64_t hand);

/* The five ranks of A-5 class `cls` into ranks[] (card ranks: 0 = ace .. 12 = king), most
 * significant first as the class compares them (unpaired: from the highest; a pair: p p then the
 * kickers from the highest; two pair: the higher pair, the lower, the kicker; trips t t t, then
 * the kickers; full house t t t p p; quads q q q q k). Returns the kind: 0 unpaired, 1 pair, 2 two
 * pair, 3 trips, 4 full house, 5 quads; -1 for a class out of range. */
HS_API int hs_low_a5_ranks(int cls, int ranks[5]);

/* A description naming the class: A-5 "7-5-4-3-2" (unpaired, from the top; "8-or-better" lows
 * too), "Pair of threes, 8-5-2", "Two pair, fives and twos, 7", "Three of a kind, fours, 6-2",
 * "Full house, sixes over aces", "Four of a kind, twos, ace"; 2-7 the high description of the
 * hand it is (hs_poker_describe), e.g. "High card, seven-five-four-three-two" (and "High card,
 * ace-five-four-three-two", "Flush, ace-five-four-three-two" for the wheels). Written as
 * snprintf does (at most cap bytes with the NUL; returns the full length); "" for a class out of
 * range. */
HS_API size_t hs_low_a5_describe(int cls, char *buf, size_t cap);
HS_API size_t hs_low_27_describe(int cls, char *buf, size_t cap);

/* The top card (card rank, 0 = ace .. 12 = king) of an unpaired low: A-5 classes 1..1287 (the ace
 * low: 4 for a 5-low .. 12 for a K-low); 2-7 classes of high-card hands (no pair, straight or
 * flush: 6 for a 7-low .. 12 for a K-low, 0 for an A-low); -1 for every other class ("pair or
 * worse"). */
HS_API int hs_low_a5_top(int cls);
HS_API int hs_low_27_top(int cls);

/* The class of every one of the C(52,5) = 2,598,960 five-card hands, counted into
 * count[1..6175] or count[1..7462] (2-7); count[0] is set to 0. Under a second. */
HS_API void hs_low_a5_hist5(uint64_t count[HS_LOW_A5_CLASSES + 1]);
HS_API void hs_low_27_hist5(uint64_t count[HS_LOW_27_CLASSES + 1]);

#ifdef __cplusplus
}
#endif

#endif
