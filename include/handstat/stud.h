/* handstat — seven-card stud: exact equity of stud high, stud hi/lo 8-or-better and razz.
 *
 * Every player holds the same number of known cards, 3 to 7 (third street to the river); dead
 * cards (folded up-cards, burnt cards seen) are out of play. Each player's hand is completed to
 * seven cards from the cards left, every completion of every player equally likely, so a deal
 * is one choice of the missing cards for every player from the one remaining deck, none shared.
 *
 * Stud high: the best five of seven by handstat/poker.h; the pot is split equally among the
 * best. Razz: the lowest A-5 low of seven (handstat/lowball.h: aces low, straights and flushes
 * ignored, no qualifier). Hi/lo 8-or-better: half the pot to the best high, half to the best
 * qualifying A-5 low (five different ranks eight or lower), each half split equally among ties;
 * when nobody has a qualifying low the high takes the whole pot.
 *
 * Counting: each player's completions are ranked once and sorted by strength; the last two
 * players are counted against each other by a sweep in strength order where the completions of
 * the other that share no card with a completion are counted by inclusion-exclusion over the
 * subsets of its cards (counters per card subset), so no pair of completions is visited. With
 * three or more players, the first players' completions are walked one joint choice at a time
 * and the last two counted by the sweep for each. Hi/lo scoops (high and low both alone) count
 * the other completions that are worse in both by running counts over that player's own lows
 * (and a plain counter of the completions without a low) per card subset. Every count is an exact
 * integer; pot shares are counted in units of 1/HS_STUD_SHARE_UNIT of a pot (1680 = 2 * lcm(1..8):
 * every split of either half is whole). */
#ifndef HANDSTAT_STUD_H
#define HANDSTAT_STUD_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/job.h"
#include "handstat/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HS_STUD_MAX_PLAYERS 8
#define HS_STUD_SHARE_UNIT 1680
/* Deals whose counting needs more than this many steps (completions of the walked players, with
 * four or more players the unions of the last two walked players' cards, times the sweep's
 * completions and card subsets) are refused as too large to enumerate exactly: measured at about
 * 5 * 10^8 steps a second per core for stud high and 2 to 3 * 10^8 for hi/lo (three and four
 * players on fourth street: 7.8 * 10^8 and 1.1 * 10^11 steps), the limit is 5 to 14 hours of
 * one core. */
#define HS_STUD_MAX_STEPS 1e13

typedef enum hs_stud_game { HS_STUD_HIGH = 0, HS_STUD_HILO = 1, HS_STUD_RAZZ = 2 } hs_stud_game;

/* One player's counts over every deal. wins: the best hand alone (stud high; razz: the best low;
 * hi/lo: the best high alone), ties: sharing the best, losses: the rest. Hi/lo only: scoops, the
 * whole pot alone (the best high and the best low both alone, or the best high alone when nobody
 * has a low). Pot shares summed over the deals in units of 1/HS_STUD_SHARE_UNIT of a pot:
 * high_share (stud high: the pot; hi/lo: the high half, or the whole pot when nobody has a low),
 * low_share (razz: the pot; hi/lo: the low half). The equity is (high_share + low_share) /
 * (deals * HS_STUD_SHARE_UNIT). */
typedef struct hs_stud_player {
    uint64_t wins, ties, losses, scoops;
    uint64_t high_share, low_share;
} hs_stud_player;

typedef struct hs_stud_equity {
    int players, game, known; /* known: the cards each player holds, 3..7 */
    uint64_t deals;           /* all equally likely */
    uint64_t low_deals;       /* hi/lo: deals where some player has a qualifying low */
    hs_stud_player p[HS_STUD_MAX_PLAYERS];
} hs_stud_equity;

/* The job of the exact equity of `players` (2..8) stud hands hands[0..players-1] (each 3 to 7
 * cards, all the same number), `dead` out of play, game as above: units are the first player's
 * completions when three play, ranges of the unions of the cards of the two players before the
 * last two when four or more play, one unit heads-up. Returns HS_OK; HS_ERR_ARG (players out
 * of range, a bit above card 51, an unknown game); HS_ERR_COUNT (a hand of fewer than 3 or more
 * than 7 cards, hands of different sizes, or too few cards left to complete every hand: at most
 * 52 cards for seven each plus the dead); HS_ERR_DUPLICATE (a card in two places);
 * HS_ERR_OVERFLOW (more than HS_STUD_MAX_STEPS counting steps, or counts that could pass 64
 * bits); HS_ERR_NOMEM. */
HS_API int hs_stud_equity_job_new(const uint64_t *hands, int players, uint64_t dead,
                                  hs_stud_game game, hs_job **out);

/* The counting steps the deal needs (the figure HS_STUD_MAX_STEPS bounds) and its deals; the
 * same codes as hs_stud_equity_job_new except HS_ERR_OVERFLOW and HS_ERR_NOMEM. */
HS_API int hs_stud_equity_size(const uint64_t *hands, int players, uint64_t dead, double *steps,
                               double *deals);

/* The result of a finished job (every unit done): HS_OK; HS_ERR_ARG when units remain or the job
 * is not a stud equity job. */
HS_API int hs_stud_equity_result(const hs_job *job, hs_stud_equity *out);

/* Make, run and free the job at once (threads: 0 = one per core; progress may be NULL and can
 * stop the run: HS_ERR_CANCELLED). Results are identical at every thread count. */
HS_API int hs_stud_equity_run(const uint64_t *hands, int players, uint64_t dead, hs_stud_game game,
                              int threads, hs_progress_fn progress, void *progress_ctx,
                              hs_stud_equity *out);

#ifdef __cplusplus
}
#endif

#endif
