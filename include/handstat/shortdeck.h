/* handstat — short-deck (six-plus) poker: the 36-card deck of sixes through aces, its hand
 * ranking and its exhaustive hand distributions.
 *
 * Cards are the ordinary card ids and hand masks of handstat/cards.h; a short-deck hand holds
 * only cards of rank 6, 7, 8, 9, T, J, Q, K or A. The rules as implemented:
 *   - a flush beats a full house (there are fewer flushes than full houses in this deck);
 *   - A-6-7-8-9 is the lowest straight (and straight flush): the ace plays below the six;
 *     A-K-Q-J-T is the highest;
 *   - HS_SHORTDECK_TRIPS_BEAT_STRAIGHT (the default, as played at Triton): three of a kind
 *     beats a straight; HS_SHORTDECK_STRAIGHT_BEATS_TRIPS: the other common variant, a
 *     straight beats three of a kind.
 * The best five cards of 5, 6 or 7 decide, as in hold'em. Every five-card hand falls into one of
 * 1404 classes, numbered from the best (1, the royal flush) to the worst (1404, J-9-8-7-6 not
 * all of one suit); a lower class beats a higher one and equal classes tie. The categories, best
 * first (Triton rules; the other variant swaps three of a kind and straight):
 *
 *   category          classes   count      category          classes   count
 *   straight flush       1 ..    6     6     straight         523 ..  528     6
 *   four of a kind       7 ..   78    72     two pair         529 ..  780   252
 *   flush               79 ..  198   120     one pair         781 .. 1284   504
 *   full house         199 ..  270    72     high card       1285 .. 1404   120
 *   three of a kind    271 ..  522   252
 *
 * Inside a category classes go by the defining ranks in descending order, as in handstat/poker.h.
 * Category values are those of enum hs_poker_category (handstat/poker.h), so that
 * hs_poker_category_name() names them. Everything here is pure and thread-safe. */
#ifndef HANDSTAT_SHORTDECK_H
#define HANDSTAT_SHORTDECK_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/cards.h"
#include "handstat/holdem.h"
#include "handstat/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HS_SHORTDECK_CARDS 36
#define HS_SHORTDECK_CLASSES 1404
/* The 36 cards: ranks A and 6..K of every suit (13-bit lane 0x1FE1). */
#define HS_SHORTDECK_DECK_MASK UINT64_C(0x000FF0FF87FC3FE1)

/* The two rule variants (see above). */
enum hs_shortdeck_rules {
    HS_SHORTDECK_TRIPS_BEAT_STRAIGHT = 0,
    HS_SHORTDECK_STRAIGHT_BEATS_TRIPS = 1
};

/* True when `hand` holds 5, 6 or 7 cards, all of the short deck. */
HS_API int hs_shortdeck_valid(uint64_t hand);

/* The class 1..1404 of the best five cards of `hand` under `rules`. Precondition:
 * hs_shortdeck_valid(hand), rules one of enum hs_shortdeck_rules (checked by assert). */
HS_API int hs_shortdeck_rank(uint64_t hand, int rules);

/* The category (an enum hs_poker_category value) of class cls under `rules`. */
HS_API int hs_shortdeck_category(int cls, int rules);

/* The categories best first under `rules`: order[0] is straight flush, ... order[8] high card. */
HS_API void hs_shortdeck_category_order(int rules, int order[9]);

/* The five defining card ranks of class cls (0 = ace .. 12 = king, most significant first: the
 * rank of the quads, trips or higher pair first, then the rest; a straight from its top card,
 * so A-6-7-8-9 is 9, 8, 7, 6, A) into ranks[]; returns its category. */
HS_API int hs_shortdeck_class_ranks(int cls, int rules, int ranks[5]);

/* A description of class cls, as hs_poker_describe() writes one ("Straight, nine high" for
 * A-6-7-8-9); snprintf semantics: returns the full length. */
HS_API size_t hs_shortdeck_describe(int cls, int rules, char *buf, size_t cap);

/* Five of the cards of `hand` that make its class under `rules`. */
HS_API uint64_t hs_shortdeck_best_five(uint64_t hand, int rules);

/* The exhaustive distribution over all k-card hands of the short deck (k = 5, 6 or 7:
 * 376,992, 1,947,792 or 8,347,680 hands), every hand ranked under `rules`. */
typedef struct hs_shortdeck_hist {
    uint64_t hands;
    uint64_t count[HS_SHORTDECK_CLASSES + 1]; /* by class; index 0 unused */
    uint64_t category[9];                     /* by enum hs_poker_category value */
} hs_shortdeck_hist;

/* Fills *out. Returns HS_OK, or HS_ERR_ARG for k outside 5..7 or unknown rules. One thread;
 * under a second for k = 7. */
HS_API int hs_shortdeck_hist_run(int k, int rules, hs_shortdeck_hist *out);

/* Exact short-deck hold'em equity: as hs_holdem_equity_ranges() (handstat/holdem.h: 2-9
 * ranges with weights, 0-5 board cards, dead cards, every choice of one combination per range
 * that is disjoint, each against every board completion, pots split equally), over the 36-card
 * deck under `rules`. Every combination, board and dead card must be of the short deck. Returns
 * HS_OK; HS_ERR_ARG (a card outside the short deck, a weight outside 1..HS_HOLDEM_WEIGHT_FULL, an
 * empty range, bad players, rules or threads); HS_ERR_DUPLICATE (a board card dead); HS_ERR_COUNT
 * (no choice of hands can be dealt, or more than 5 board cards); HS_ERR_OVERFLOW (the weighted
 * counts could pass 128 bits; no such query finishes); HS_ERR_CANCELLED; HS_ERR_NOMEM. */
HS_API int hs_shortdeck_equity_ranges(int players, const hs_holdem_range *const ranges[],
                                      uint64_t board, uint64_t dead, int rules, int threads,
                                      hs_progress_fn progress, void *progress_ctx,
                                      hs_holdem_equity_exact *out);

#ifdef __cplusplus
}
#endif

#endif
