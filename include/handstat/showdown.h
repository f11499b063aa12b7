/* handstat — showdowns: a five-card poker hand against every disjoint five-card hand, one hand
 * at a time or all C(52,5) hands at once, exactly. */
#ifndef HANDSTAT_SHOWDOWN_H
#define HANDSTAT_SHOWDOWN_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/poker.h"
#include "handstat/job.h"
#include "handstat/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The number of five-card hands, C(52,5), and of opponents disjoint from one of them, C(47,5). */
#define HS_HANDS5 UINT32_C(2598960)
#define HS_SHOWDOWN_OPPONENTS UINT32_C(1533939)

/* How one hand fares against a set of opponents: the opponents it beats (its class is lower),
 * ties (equal class) and loses to. */
typedef struct hs_showdown {
    uint64_t wins, ties, losses;
} hs_showdown;

/* The colex rank 0..C(52,5)-1 of a five-card hand: with its cards c0 < c1 < ... < c4 (card
 * indices), C(c0,1) + C(c1,2) + C(c2,3) + C(c3,4) + C(c4,5). Ranks follow the numeric order of
 * the hand masks, so the 5-card hands of the first n cards rank below C(n,5).
 * Precondition: exactly five cards, none above card 51 (checked by assert). Pure; thread-safe. */
HS_API uint32_t hs_hand5_colex(uint64_t hand);

/* The five-card hand of colex rank `rank`: the inverse of hs_hand5_colex().
 * Precondition: rank < HS_HANDS5 (checked by assert). Pure; thread-safe. */
HS_API uint64_t hs_hand5_unrank(uint32_t rank);

/* One five-card hand against each of the C(47,5) = 1,533,939 five-card hands made of the other
 * 47 cards: wins + ties + losses = HS_SHOWDOWN_OPPONENTS. The opponents are counted by their
 * multiset of ranks (6175 rankings, about 60 microseconds), not one by one.
 * Precondition: exactly five cards, none above card 51 (checked by assert). Pure; thread-safe. */
HS_API hs_showdown hs_poker_showdown5(uint64_t hand);

/* ---- every hand against every disjoint hand ----------------------------------------------
 * Each of the C(52,5) hands against each of its C(47,5) disjoint opponents: 3,986,646,103,440
 * ordered matchups, counted exactly by class without visiting the pairs. By inclusion-exclusion
 * over the cards S that an opponent shares with the hand H:
 *
 *   wins(H) = sum over S subset of H, |S| <= 4, of (-1)^|S| * #{five-card hands O containing S
 *             with class(O) worse than class(H)}, and ties(H) likewise with equal classes, less
 *             one (H itself, which the missing term S = H would take off).
 *
 * So each card set S of 0..4 cards is one group, the five-card hands containing S: the class
 * histogram of a group answers the inner count for all its members at once. The 294,204 groups
 * (ordered by |S|, then by the colex rank of S) are split into a fixed list of 304 work units of
 * about 250,000 member hands each; the group S = {} (all 2,598,960 hands) is unit 0. For the
 * class table alone, one group per orbit under the 24 permutations of the suits is run, weighted
 * by the orbit's size (the others have the same class histogram). Partial sums are exact
 * integers, so they merge in any order to the same result at every thread count. */

/* The matchup table by the hand's class; index 0 of every array stays 0. For class c, hands[c]
 * hands have class c, and wins[c], ties[c], losses[c] sum the showdowns of those hands against
 * all their disjoint opponents: wins[c] + ties[c] + losses[c] = hands[c] * HS_SHOWDOWN_OPPONENTS.
 * `total` sums all classes (total.wins == total.losses). About 240 KB: allocate it. */
typedef struct hs_poker_matchups {
    uint64_t hands[HS_POKER_CLASSES + 1];
    uint64_t wins[HS_POKER_CLASSES + 1];
    uint64_t ties[HS_POKER_CLASSES + 1];
    uint64_t losses[HS_POKER_CLASSES + 1];
    hs_showdown total;
} hs_poker_matchups;

/* The number of work units of hs_poker_matchups_run() (the progress callback's total). */
HS_API size_t hs_poker_matchups_units(void);

/* The whole matchup table into *out (zeroed first) with `threads` OpenMP workers (0: the OpenMP
 * default). `progress` (may be NULL) is called after each work unit. When per_hand is not NULL it
 * must hold HS_HANDS5 entries, and per_hand[hs_hand5_colex(H)] receives the showdown of every
 * hand H (each equal to hs_poker_showdown5(H)); this runs every group, visiting each member
 * twice, and takes 21 MB per worker: about 25 times the time of the class table alone. The
 * signed partial sums are exact, so the results are identical at every thread count. Returns
 * HS_OK, HS_ERR_ARG (threads < 0), HS_ERR_NOMEM, or HS_ERR_CANCELLED (the callback asked to stop;
 * *out and per_hand are then zeroed). */
HS_API int hs_poker_matchups_run(int threads, hs_progress_fn progress, void *ctx,
                                 hs_poker_matchups *out, hs_showdown *per_hand);

/* The same enumeration as a job (handstat/job.h: threads, progress, any subset of units,
 * checkpoints); per_hand non-zero also sums every hand's own showdown. Returns HS_OK or
 * HS_ERR_NOMEM. */
HS_API int hs_poker_matchups_job_new(int per_hand, hs_job **out);

/* The tables of a finished matchups job into *out (and per_hand, HS_HANDS5 entries, when not NULL:
 * only for a job made with per_hand). Returns HS_OK; HS_ERR_ARG (units remain, or per-hand
 * showdowns asked of a job without them); HS_ERR_CORRUPT (the sums fail the invariants: total
 * wins equal total losses, every hand once, every count within its bounds). */
HS_API int hs_poker_matchups_job_result(const hs_job *job, hs_poker_matchups *out,
                                        hs_showdown *per_hand);

#ifdef __cplusplus
}
#endif

#endif
