/* handstat — Omaha: high hands (exactly two of the 4, 5 or 6 hole cards and exactly three of the
 * board), the 8-or-better low, and exact equity over every board completion, high or hi/lo.
 *
 * High hands use the classes of handstat/poker.h (1..7462, lower is better).
 *
 * The 8-or-better low (A-5 low): five cards of five different ranks, all eight or lower, the ace
 * low; straights and flushes do not count. Lows compare by their highest card, then the next, and
 * so on; lower is better. The 56 possible lows are classes 1..56: 1 is 5-4-3-2-A (the wheel),
 * 2 is 6-4-3-2-A, ..., 56 is 8-7-6-5-4. Class 0 means no qualifying low. In Omaha the low, like
 * the high, takes exactly two hole cards and three board cards.
 *
 * Hi/lo pots: the high half goes to the best high hands, split equally among them; the low half
 * to the best qualifying lows, split equally; when no player has a qualifying low, the high hands
 * take the whole pot (scoop). Pot shares are counted exactly in units of 1/HS_OMAHA_SHARE_UNIT of
 * a pot (5040 = 2 * lcm(1..9): every split of either half is a whole number of units).
 * Everything here is pure and thread-safe. */
#ifndef HANDSTAT_OMAHA_H
#define HANDSTAT_OMAHA_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/cards.h"
#include "handstat/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HS_OMAHA_MAX_PLAYERS 9
#define HS_OMAHA_SHARE_UNIT 5040
#define HS_LOW8_CLASSES 56

/* The class 1..7462 of the best high hand of exactly two cards of `hole` (4, 5 or 6 cards) and
 * exactly three of `board` (3, 4 or 5 cards, none in hole). Precondition as said (assert). */
HS_API int hs_omaha_rank(uint64_t hole, uint64_t board);

/* The five cards (two of hole, three of board) that make hs_omaha_rank(hole, board). */
HS_API uint64_t hs_omaha_best_five(uint64_t hole, uint64_t board);

/* The 8-or-better low class of five cards: 1..56, or 0 when they do not qualify. */
HS_API int hs_low8_rank(uint64_t five);

/* The best 8-or-better low of exactly two cards of hole and three of board (sizes as for
 * hs_omaha_rank): 1..56, or 0 when no such five cards qualify. */
HS_API int hs_omaha_low(uint64_t hole, uint64_t board);

/* The five ranks of low class 1..56, highest first ("8-6-4-2-A"), snprintf semantics. */
HS_API size_t hs_low8_describe(int low, char *buf, size_t cap);

/* One player's counts over all board completions. High: wins (the best high hand alone), ties
 * (sharing the best) and losses. Hi/lo only: scoops (the whole pot alone). The pot shares, in
 * units of 1/HS_OMAHA_SHARE_UNIT of a pot summed over the boards: high_share from the high half
 * (or the whole pot when nobody has a low, and in high-only games), low_share from the low half.
 * The equity is (high_share + low_share) / (boards * HS_OMAHA_SHARE_UNIT). */
typedef struct hs_omaha_player {
    uint64_t wins, ties, losses, scoops;
    uint64_t high_share, low_share;
} hs_omaha_player;

typedef struct hs_omaha_equity {
    int players, hilo;
    uint64_t boards;     /* board completions, all equally likely */
    uint64_t low_boards; /* hi/lo: completions where some player has a qualifying low */
    hs_omaha_player p[HS_OMAHA_MAX_PLAYERS];
} hs_omaha_equity;

/* Exact equity of `players` (2..9) Omaha hands holes[0..players-1] (all of 4, 5 or 6 cards) over
 * every completion of `board` (0..5 known cards) from the cards left after the holes, the board
 * and `dead`; hilo: 8-or-better hi/lo split pots. Runs on the job runtime (threads: 0 = one per
 * core; progress may be NULL and can stop the run). Returns HS_OK; HS_ERR_COUNT (a hole of
 * another size than the first, a board of more than 5, or more cards than the deck has);
 * HS_ERR_DUPLICATE (a card in two places); HS_ERR_ARG (players out of range, a bit above card
 * 51); HS_ERR_CANCELLED; HS_ERR_NOMEM. Results are identical at every thread count. */
HS_API int hs_omaha_equity_run(const uint64_t *holes, int players, uint64_t board, uint64_t dead,
                               int hilo, int threads, hs_progress_fn progress, void *progress_ctx,
                               hs_omaha_equity *out);

#ifdef __cplusplus
}
#endif

#endif
