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
#include "handstat/count.h"
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

/* ---- ranges ----------------------------------------------------------------------------------
 * An Omaha range is a set of hands of 4, 5 or 6 cards, each with a weight (percent, 1..100). Its
 * text follows ProPokerTools' "generic syntax" (a subset, with the differences in README.md):
 *   pattern     up to `cards` card specs; a hand matches when some of its cards (all different)
 *               match the specs one to one, so a shorter pattern means "at least" ("AA": two or
 *               more aces). A card spec is a rank part and an optional suit part, or a suit part
 *               alone (a card of any rank):
 *                 rank part  A K Q J T 9..2 (also 10; a k q j t), * (any rank), [AKQ] or [A,K,Q]
 *                            or [K-T] (any rank of a list or span), or a rank variable: any
 *                            upper-case letter but A K Q J T. Different variables are different
 *                            ranks, none of them a rank written explicitly in the pattern.
 *                 suit part  s h d c, or a suit variable w x y z (different variables are
 *                            different suits, none of them a suit written in the pattern).
 *               "AxAyxy": double-suited aces; "RRON": one pair and two other ranks; "Axx": an ace
 *               suited with another card.
 *   P-Q         a rank span: P and Q alike but for explicit ranks, which all differ by the same
 *               step: "KK-TT" is KK, QQ, JJ, TT; "AK**-AT**" is AK**, AQ**, AJ**, AT**;
 *               "QJT9-8765" the five rundowns from QJT9 down to 8765
 *   P+, P-      every explicit rank raised (lowered) together, one step at a time, while all stay
 *               ranks: "TT+" = TT, JJ, QQ, KK, AA
 *   $ds $ss $rb $np   macros: xxyy (double-suited), single-suited (a suit of exactly two cards and
 *               no other suit of two or more), wxyz (all four suits: rainbow for four cards), no
 *               two cards of a rank
 *   A:B  A!B    both (intersection); A but not B (exclusion); left to right, tighter than ","
 *   (A, B)      grouping
 *   A, B        union of items; ITEM@W gives the item's hands weight W (1..100; default 100); a
 *               hand in several items takes the weight of the first. */

#define HS_OMAHA_RANGE_MAX 2598960 /* hands a stored range may hold: every five-card hand */

typedef struct hs_omaha_range {
    int cards;       /* 4, 5 or 6 */
    size_t n;        /* hands */
    uint64_t *hand;  /* card masks, ascending */
    uint8_t *weight; /* percent, 1..100 */
} hs_omaha_range;

/* A compiled range text: hs_omaha_matcher_weight tells a hand's weight without listing the
 * range. */
typedef struct hs_omaha_matcher hs_omaha_matcher;

/* Compile len bytes of range text for hands of `cards` (4, 5 or 6) cards. Returns HS_OK;
 * HS_ERR_TOKEN (text not of the grammar: an unknown character, an empty item, a bad span, a weight
 * not 1..100, too deep or too long); HS_ERR_COUNT (a pattern of more cards than a hand holds);
 * HS_ERR_ARG (cards not 4..6); HS_ERR_NOMEM. On an error *err (may be NULL) locates the offending
 * token and why (may be NULL; cap bytes) says what is wrong in a few words. Thread-safe. */
HS_API int hs_omaha_matcher_new(const char *text, size_t len, int cards, hs_omaha_matcher **out,
                                hs_parse_error *err, char *why, size_t cap);
/* The weight (1..100) of a hand of the matcher's size in the range, 0 when it is not in it. */
HS_API int hs_omaha_matcher_weight(const hs_omaha_matcher *m, uint64_t hand);
HS_API void hs_omaha_matcher_free(hs_omaha_matcher *m);

/* Every hand of the range, ascending by mask (colex order), into *out (free it with
 * hs_omaha_range_free). Returns what hs_omaha_matcher_new returns, and HS_ERR_OVERFLOW when the
 * range holds more than HS_OMAHA_RANGE_MAX hands (count it with hs_omaha_range_count). */
HS_API int hs_omaha_range_parse(const char *text, size_t len, int cards, hs_omaha_range *out,
                                hs_parse_error *err, char *why, size_t cap);
/* The hands of the range (*count) and the sum of their weights (*weight_sum), without storing
 * them (up to C(52, 6) = 20,358,520 hands; a range whose every item names cards is counted from
 * a list of at most 2^20 candidate hands, 8 MiB). Returns what hs_omaha_matcher_new returns. */
HS_API int hs_omaha_range_count(const char *text, size_t len, int cards, uint64_t *count,
                                uint64_t *weight_sum, hs_parse_error *err, char *why, size_t cap);
HS_API void hs_omaha_range_free(hs_omaha_range *r);

/* ---- range equity ----------------------------------------------------------------------------
 * A deal picks one hand per player from its range, pairwise disjoint and disjoint from the board
 * and the dead cards, with weight the product of the hands' weights (each range's weights first
 * divided by their greatest common divisor), then completes the board from the cards left: every
 * completion counts that weight. The counts of hs_omaha_equity, weighted, in 128 bits. Boards
 * that a permutation of suits mapping the board, the dead cards and every range (with its
 * weights) onto themselves turns into one another have the same counts: only the least of each
 * such set is solved, counted times the set's size. */

typedef struct hs_omaha_player_exact {
    hs_uint128 wins, ties, losses, scoops, high_share, low_share;
} hs_omaha_player_exact;

typedef struct hs_omaha_equity_exact {
    int players, hilo;
    hs_uint128 deals;     /* weighted deals (a choice of hands and a board completion) */
    hs_uint128 low_deals; /* hi/lo: those where some player has a low */
    hs_omaha_player_exact p[HS_OMAHA_MAX_PLAYERS];
} hs_omaha_equity_exact;

/* The exact count is made when the work it takes, hs_omaha_range_work, is at most this: about
 * 12 seconds on one core at the measured 12 ns a step (results/BENCHMARKS.md). */
#define HS_OMAHA_EXACT_MAX_WORK 1e9

/* The work of an exact count: board completions x (hand rankings + choices of hands), where a
 * hand ranking is one per hand of every range (dealt with the board: pairs x triples rankings)
 * and the choices of hands are the product of the ranges' sizes (before card removal). 0 when
 * every range holds one hand (then hs_omaha_equity_run's tables count any street quickly). */
HS_API double hs_omaha_range_work(const hs_omaha_range *const ranges[], int players, uint64_t board,
                                  uint64_t dead);

/* Exact weighted equity of `players` (2..9) ranges, all of one hand size, over every deal as
 * above. Returns HS_OK; HS_ERR_ARG (players out of range, ranges of different sizes or empty, a
 * weight not 1..100, board or dead cards off the deck or overlapping, threads < 0); HS_ERR_COUNT
 * (no deal is possible, a board of more than 5); HS_ERR_OVERFLOW (hs_omaha_range_work over
 * HS_OMAHA_EXACT_MAX_WORK: estimate it instead); HS_ERR_CANCELLED; HS_ERR_NOMEM. The same at
 * every thread count. */
HS_API int hs_omaha_equity_ranges(const hs_omaha_range *const ranges[], int players, uint64_t board,
                                  uint64_t dead, int hilo, int threads, hs_progress_fn progress,
                                  void *progress_ctx, hs_omaha_equity_exact *out);

/* A Monte Carlo estimate of hs_omaha_equity_ranges: each sample draws every player's hand from
 * its range in proportion to its weight, throws the whole choice away and draws again when two
 * hands share a card, then completes the board uniformly. Counts are of samples; x is a player's
 * pot share of a sample (hi/lo: high part plus low part), equity the mean of x and std_error
 * its standard error (sample variance of x, divisor samples - 1, over samples). Deterministic per
 * (query, samples, seed): units of 2^16 samples, each from its own stream, at every thread
 * count. */
typedef struct hs_omaha_sample_player {
    uint64_t wins, ties, losses, scoops;
    uint64_t high_share, low_share; /* in units of 1/HS_OMAHA_SHARE_UNIT of a pot */
    hs_uint128 share_sq;            /* the sum of (high + low share)^2, in units squared */
    double equity, std_error;
} hs_omaha_sample_player;

typedef struct hs_omaha_equity_sample_result {
    int players, hilo;
    uint64_t samples, low_samples;
    hs_omaha_sample_player p[HS_OMAHA_MAX_PLAYERS];
} hs_omaha_equity_sample_result;

/* Returns HS_OK; HS_ERR_ARG (as hs_omaha_equity_ranges, or samples 0 or over 2^50); HS_ERR_COUNT
 * (no deal possible, or a million choices of hands in a row collided); HS_ERR_CANCELLED;
 * HS_ERR_NOMEM. */
HS_API int hs_omaha_equity_sample(const hs_omaha_range *const ranges[], int players, uint64_t board,
                                  uint64_t dead, int hilo, uint64_t samples, uint64_t seed,
                                  int threads, hs_progress_fn progress, void *progress_ctx,
                                  hs_omaha_equity_sample_result *out);

#ifdef __cplusplus
}
#endif

#endif
