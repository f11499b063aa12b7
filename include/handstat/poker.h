/* handstat — the poker hand ranker: the best five-card hand out of 5, 6 or 7 cards as one of the
 * 7462 equivalence classes, its category and description, and the exhaustive distribution of
 * classes over all 5-, 6- and 7-card hands. */
#ifndef HANDSTAT_POKER_H
#define HANDSTAT_POKER_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/cards.h"
#include "handstat/cpu.h"
#include "handstat/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- classes ------------------------------------------------------------------------------
 * Every five-card poker hand falls into one of 7462 equivalence classes, numbered from the best
 * (1, the royal flush) to the worst (7462, 7-5-4-3-2 not all of one suit); a lower class beats a
 * higher one and equal classes tie. The conventional numbering:
 *
 *   category           classes        count      category          classes      count
 *   straight flush     1 ..   10        10       three of a kind   1610 .. 2467   858
 *   four of a kind    11 ..  166       156       two pair          2468 .. 3325   858
 *   full house       167 ..  322       156       one pair          3326 .. 6185  2860
 *   flush            323 .. 1599      1277       high card         6186 .. 7462  1277
 *   straight        1600 .. 1609        10
 *
 * Inside a category classes go by the defining ranks (see hs_poker_class_ranks()) in descending
 * order. The ace plays high and low: A-2-3-4-5 (the wheel) is the lowest straight (1609) and
 * straight flush (10). */

#define HS_POKER_CLASSES 7462
#define HS_POKER_CATEGORIES 9

/* Hand categories, best first; the values are what hs_poker_category() returns. (No typedef: the
 * name hs_poker_category is the function; write `enum hs_poker_category` for the type.) */
enum hs_poker_category {
    HS_POKER_STRAIGHT_FLUSH = 0,
    HS_POKER_FOUR_OF_A_KIND = 1,
    HS_POKER_FULL_HOUSE = 2,
    HS_POKER_FLUSH = 3,
    HS_POKER_STRAIGHT = 4,
    HS_POKER_THREE_OF_A_KIND = 5,
    HS_POKER_TWO_PAIR = 6,
    HS_POKER_PAIR = 7,
    HS_POKER_HIGH_CARD = 8
};

/* True when `hand` holds 5, 6 or 7 cards and no bit above card 51. */
HS_API int hs_poker_valid(uint64_t hand);

/* The class 1..7462 of the best five-card hand among the cards of `hand`.
 * Precondition: hs_poker_valid(hand) (checked by assert). Table-driven: one lookup per suit
 * lane gives the hand's rank key and whether a suit holds five; a flush takes its lane's flush
 * class, else the key goes through a perfect hash of one addition to its class (six lookups in
 * 249 KiB of tables); no sorting, no loop over cards. Pure; thread-safe. */
HS_API int hs_poker_rank(uint64_t hand);

/* The same as hs_poker_rank() for a hand known to hold exactly 5, 6 or 7 cards respectively
 * (precondition, checked by assert). */
HS_API int hs_poker_rank5(uint64_t hand);
HS_API int hs_poker_rank6(uint64_t hand);
HS_API int hs_poker_rank7(uint64_t hand);

/* The class of seven card ids (0..51, distinct, in any order; see handstat/cards.h), as
 * hs_poker_rank() gives the hand they make. Precondition: ids valid as said (checked by assert).
 * Pure; thread-safe. */
HS_API int hs_poker_rank7_ids(const uint8_t ids[7]);

/* In C and C++ the two calls above compile inline (handstat/poker_state.h: the macros at the end
 * of this header): hs_poker_rank7(h) is hs_poker_rank7_inline(h) and hs_poker_rank7_ids(ids) is
 * hs_poker_rank7_ids_inline(ids), the same classes without a call per hand. `&hs_poker_rank7` and
 * `(hs_poker_rank7)(h)` still name the library's function; define HS_POKER_NO_INLINE before
 * including handstat headers to call it everywhere. The inline forms check no precondition. */

/* ---- batches -------------------------------------------------------------------------------
 * The class of each of n hands, as hs_poker_rank() gives it, stored as 16-bit values:
 * classes[i] = hs_poker_rank(hands[i]) for 0 <= i < n. Precondition: every hand is
 * hs_poker_valid() (checked by assert in the scalar path); `classes` holds n entries and does not
 * overlap `hands`. n may be 0. Pure apart from the output; thread-safe.
 *
 * hs_poker_rank_batch() takes the path fastest on this CPU (handstat/cpu.h: by a table or by
 * measuring; the
 * scalar kernel beat the AVX2 one, eight hands per step with lookups by gathers, 2.5x on AMD Zen
 * 3: results/BENCHMARKS.md). All paths give bit-identical results. */
HS_API void hs_poker_rank_batch(const uint64_t *hands, size_t n, uint16_t *classes);

/* The path hs_poker_rank_batch() takes in this process (HS_ISA_SCALAR or HS_ISA_AVX2): chosen at
 * the first call of either by the rules of handstat/cpu.h (hs_kernel_rule(HS_KERNEL_POKER_MASKS)
 * says which). Thread-safe. */
HS_API hs_isa hs_poker_rank_batch_path(void);

/* The portable path: the scalar ranker in a loop. Always available. */
HS_API void hs_poker_rank_batch_scalar(const uint64_t *hands, size_t n, uint16_t *classes);

/* The AVX2 path. Returns HS_OK, or HS_ERR_ARG without touching `classes` when the CPU lacks AVX2
 * (or the library was built for another architecture). */
HS_API int hs_poker_rank_batch_avx2(const uint64_t *hands, size_t n, uint16_t *classes);

/* The class of each of n seven-card hands given as card ids (0..51, see handstat/cards.h; the
 * seven ids of a hand distinct, in any order): out[i] is the class of ids[i][0..6], as
 * hs_poker_rank() gives it. Precondition: ids valid as said (checked by assert); `out` holds n
 * entries. Thread-safe.
 *
 * hs_poker_rank7_ids_batch() takes the path fastest on this CPU among those it can run
 * (handstat/cpu.h: by a table or by measuring); all give bit-identical results. */
HS_API void hs_poker_rank7_ids_batch(const uint8_t (*ids)[7], size_t n, uint16_t *out);

/* The path hs_poker_rank7_ids_batch() takes in this process: chosen at the first call of either
 * by the rules of handstat/cpu.h (HS_KERNEL_POKER_IDS). Thread-safe. */
HS_API hs_isa hs_poker_rank7_ids_path(void);

/* The portable path: the cards' incremental states (handstat/poker_state.h) added and ranked,
 * hand by hand. Always available. */
HS_API void hs_poker_rank7_ids_batch_scalar(const uint8_t (*ids)[7], size_t n, uint16_t *out);

/* The AVX-512 path: sixteen hands per step. Returns HS_OK, or HS_ERR_ARG without touching `out`
 * when the CPU lacks AVX-512 F/BW/VL/VBMI (or the library was built for another architecture). */
HS_API int hs_poker_rank7_ids_batch_avx512(const uint8_t (*ids)[7], size_t n, uint16_t *out);

/* The AVX2 path: eight hands per step, the cards' rank keys and suit counters summed by byte
 * shuffles in registers, the two hash lookups as gathers. Returns HS_OK, or HS_ERR_ARG without
 * touching `out` when the CPU lacks AVX2 (or the library was built for another architecture).
 * Same preconditions and results as the scalar path. */
HS_API int hs_poker_rank7_ids_batch_avx2(const uint8_t (*ids)[7], size_t n, uint16_t *out);

/* Five of the cards of `hand` that make its class: hs_poker_rank5(result) == hs_poker_rank(hand).
 * When several choices tie (e.g. equal kickers of different suits) the first one found is
 * returned, searching by leaving out the lowest card indices first; deterministic.
 * Precondition: hs_poker_valid(hand). Not on any hot path (up to 22 rankings). Pure; thread-safe.
 */
HS_API uint64_t hs_poker_best_five(uint64_t hand);

/* The category (an enum hs_poker_category value, 0..8) of class `cls`.
 * Precondition: 1 <= cls <= 7462. Pure; thread-safe. */
HS_API int hs_poker_category(int cls);

/* The lower-case identifier of category `cat` (0..8): "straight_flush", "four_of_a_kind",
 * "full_house", "flush", "straight", "three_of_a_kind", "two_pair", "pair", "high_card"; for any
 * other value "unknown". Static storage; thread-safe. */
HS_API const char *hs_poker_category_name(int cat);

/* The first and last class of category `cat` (0..8): classes first..last make the category. */
HS_API int hs_poker_category_first(int cat);
HS_API int hs_poker_category_last(int cat);

/* Store the five ranks that define class `cls` in ranks[] (card ranks: 0 = ace, 1 = two, ...,
 * 12 = king), most significant first: quads q q q q k; full house t t t p p; trips t t t a b;
 * two pair p p q q k; pair p p a b c; straights from the high card down (the wheel as 5 4 3 2 A);
 * flush and high card in descending order (the ace first). Returns the category.
 * Precondition: 1 <= cls <= 7462. Pure; thread-safe. */
HS_API int hs_poker_class_ranks(int cls, int ranks[5]);

/* Write a description of class `cls` that names it uniquely, e.g. "Royal flush", "Straight flush,
 * five high", "Four of a kind, aces, king kicker", "Full house, kings over fours", "Flush,
 * ace-king-nine-five-three", "Straight, ace high", "Three of a kind, sevens, kickers ace-king",
 * "Two pair, jacks and fours, ace kicker", "Pair of nines, kickers ace-king-two", "High card,
 * ace-king-nine-five-three". Writes at most cap bytes including a terminating NUL (nothing when
 * cap is 0) and returns the length of the full description, like snprintf.
 * Precondition: 1 <= cls <= 7462. Pure; thread-safe. */
HS_API size_t hs_poker_describe(int cls, char *buf, size_t cap);

/* ---- exhaustive distribution --------------------------------------------------------------
 * The class of every k-card hand, k = 5, 6 or 7: C(52,5) = 2,598,960, C(52,6) = 20,358,520 and
 * C(52,7) = 133,784,560 hands. hs_poker_hist_run counts them: hands without five cards of a suit
 * by their multiset of ranks (ranked once, weighted by the suit assignments that make no flush),
 * flushes by the suited cards alone (see src/poker/poker_hist.c); it takes milliseconds. Its work
 * units are the rank multisets by lowest rank (13 units) and the flushes (one unit).
 * hs_poker_hist_enumerate ranks every hand one by one, in units of the hands whose two highest
 * cards are a fixed pair; the two always agree (the tests check it). Counts are exact integers, so
 * merging units in any order gives identical totals. */

typedef struct hs_poker_hist {
    uint64_t count[HS_POKER_CLASSES + 1];   /* hands of each class; count[0] stays 0 */
    uint64_t category[HS_POKER_CATEGORIES]; /* hands of each category */
    uint64_t hands;                         /* hands counted */
} hs_poker_hist;

/* The number of work units of hs_poker_hist_run for k-card hands, or 0 when k is not 5..7. */
HS_API size_t hs_poker_hist_units(int k);

/* Add the counts of work unit `unit` (0 <= unit < hs_poker_hist_units(k)) of the k-card
 * distribution to *acc. Single-threaded, pure apart from *acc; thread-safe for distinct
 * accumulators. */
HS_API void hs_poker_hist_unit(int k, size_t unit, hs_poker_hist *acc);

/* Add src's counts to dst. */
HS_API void hs_poker_hist_merge(hs_poker_hist *dst, const hs_poker_hist *src);

/* The whole k-card distribution into *out (zeroed first) with `threads` OpenMP workers (0: the
 * OpenMP default). Each worker keeps its own counts; they are merged after the parallel region,
 * so *out is identical at every thread count. `progress` (may be NULL) is called after each unit.
 * Returns HS_OK, HS_ERR_ARG (k not 5..7 or threads < 0), HS_ERR_NOMEM, or HS_ERR_CANCELLED (the
 * callback asked to stop; *out is then zeroed). The histogram is about 60 KB: allocate it. */
HS_API int hs_poker_hist_run(int k, int threads, hs_progress_fn progress, void *ctx,
                             hs_poker_hist *out);

/* The same distribution by ranking each of the C(52,k) hands (the ranker's throughput over every
 * hand through the incremental state; about 0.5 s for k = 7 on one core). Same contract as
 * hs_poker_hist_run. */
HS_API int hs_poker_hist_enumerate(int k, int threads, hs_progress_fn progress, void *ctx,
                                   hs_poker_hist *out);

#ifdef __cplusplus
}
#endif

#include "handstat/poker_state.h"
#if !defined(HS_POKER_NO_INLINE)
#define hs_poker_rank7(hand) hs_poker_rank7_inline(hand)
#define hs_poker_rank7_ids(ids) hs_poker_rank7_ids_inline(ids)
#endif

#endif
