/* handstat — the cribbage engine: five-card hand and crib scoring, itemized breakdowns, n-card
 * rank-only scoring ("Cribbage On Steroids") and the exhaustive score distribution. */
#ifndef HANDSTAT_CRIB_H
#define HANDSTAT_CRIB_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/cards.h"
#include "handstat/cpu.h"
#include "handstat/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which flush rule applies. Hand: four hand cards of one suit score 4, five with the starter 5.
 * Crib: only all five cards of one suit score (5). All other scoring is the same. */
typedef enum hs_crib_rules { HS_CRIB_HAND = 0, HS_CRIB_CRIB = 1 } hs_crib_rules;

/* The highest possible score of a hand plus starter. */
#define HS_CRIB_MAX_SCORE 29

/* Points by component. fifteens = 2 per card combination totalling 15 (A=1, T/J/Q/K=10);
 * pairs = 2 per pair of equal rank; runs = for the longest runs of three or more consecutive
 * ranks, their length times the number of distinct runs (double, triple, double-double runs);
 * flush per the rules; nobs = 1 for the jack in hand of the starter's suit. */
typedef struct hs_crib_score {
    uint8_t fifteens;
    uint8_t pairs;
    uint8_t runs;
    uint8_t flush;
    uint8_t nobs;
    uint8_t total;
} hs_crib_score;

/* True when `hand` holds exactly four cards, `starter` is a card 0..51 and not in the hand. */
HS_API int hs_crib_valid(uint64_t hand, int starter);

/* Score the four cards of `hand` with `starter`. Precondition: hs_crib_valid(hand, starter).
 * Table-driven and branch-light; pure and thread-safe. */
HS_API hs_crib_score hs_crib_score5(uint64_t hand, int starter, hs_crib_rules rules);

/* Totals of many hands at once: totals[i] = hs_crib_score5(hands[i], starters[i], rules).total
 * for i < n. Preconditions as for hs_crib_score5 on every hand (not checked). The dispatching
 * form runs the AVX2 kernel or the scalar one, whichever is faster on this CPU (handstat/cpu.h:
 * by a table or by measuring; hs_crib_total_batch_path() says which); both give identical
 * results.
 * hs_crib_total_batch_avx2 returns HS_ERR_ARG without writing when the CPU lacks AVX2, else HS_OK.
 * Pure; thread-safe. */
HS_API void hs_crib_total_batch(const uint64_t *hands, const uint8_t *starters, size_t n,
                                hs_crib_rules rules, uint8_t *totals);
HS_API void hs_crib_total_batch_scalar(const uint64_t *hands, const uint8_t *starters, size_t n,
                                       hs_crib_rules rules, uint8_t *totals);
HS_API int hs_crib_total_batch_avx2(const uint64_t *hands, const uint8_t *starters, size_t n,
                                    hs_crib_rules rules, uint8_t *totals);
HS_API hs_isa hs_crib_total_batch_path(void);

/* One scoring combination of an itemized breakdown. */
typedef enum hs_crib_item_kind {
    HS_CRIB_ITEM_FIFTEEN = 0,
    HS_CRIB_ITEM_PAIR = 1,
    HS_CRIB_ITEM_RUN = 2,
    HS_CRIB_ITEM_FLUSH = 3,
    HS_CRIB_ITEM_NOBS = 4
} hs_crib_item_kind;

typedef struct hs_crib_item {
    hs_crib_item_kind kind;
    uint64_t cards; /* the cards that make this item (for nobs: the jack) */
    int points;
} hs_crib_item;

/* The most items a hand can have (the 29 hand has 8 fifteens, 6 pairs and nobs). */
#define HS_CRIB_MAX_ITEMS 32

/* List every scoring combination of the hand in the order fifteens, pairs, runs, flush, nobs,
 * each group by ascending card mask. Returns the number of items written to items[] (at most
 * HS_CRIB_MAX_ITEMS). Their points add up to hs_crib_score5().total. Precondition as above. */
HS_API int hs_crib_explain(uint64_t hand, int starter, hs_crib_rules rules,
                           hs_crib_item items[HS_CRIB_MAX_ITEMS]);

/* ---- n-card rank-only scoring -------------------------------------------------------------
 * The score of an arbitrary multiset of ranks with suits ignored: 2 per subset of cards adding
 * up to 15, 2 per pair of equal rank, and for every maximal block of three or more consecutive
 * ranks present (ace low, king high, no wrap) its length times the product of its ranks' counts.
 * counts[r] is the number of cards of rank r (0 = ace .. 12 = king). */

/* The score in 64 bits. Returns HS_OK, or HS_ERR_OVERFLOW (leaving *score unspecified) when the
 * exact value exceeds UINT64_MAX: then use hs_crib_nscore_mpz(). Pure; thread-safe. */
HS_API int hs_crib_nscore_u64(const uint64_t counts[HS_RANKS], uint64_t *score);

/* The exact score of any size: hs_crib_nscore_mpz() in handstat/crib_gmp.h (GMP). */

/* Read the "Cribbage On Steroids" format from `len` bytes of text: a card count n >= 1, then n
 * rank tokens (A 2-9 T J Q K, also 10, any case), separated by blanks; a '#' where a token would
 * start comments out the rest of its line. Adds the ranks to
 * counts[] (which the caller zeroes) and stores n in *n. Returns HS_OK, HS_ERR_FORMAT (n missing
 * or not a positive integer below 2^64), HS_ERR_TOKEN (not a rank) or HS_ERR_COUNT (fewer than
 * n ranks: *err is an empty range at the end of the text; or more: *err names the first extra
 * token). *err (may be NULL) locates the token and its 1-based line. */
HS_API int hs_crib_nscore_parse(const char *text, size_t len, uint64_t counts[HS_RANKS],
                                uint64_t *n, hs_parse_error *err);

/* ---- exhaustive distribution --------------------------------------------------------------
 * Every four-card hand (270,725) with every one of the 48 other cards as starter: 12,994,800
 * scored hands. They are counted, not visited one by one: grouped by the ranks of the hand and
 * the starter, each group's deals and its flush and nobs cases have closed forms (see
 * src/crib/crib_hist.c). The work is a fixed list of units (the hands by their lowest rank); each
 * unit's counts are exact integers, so merging them in any order gives identical totals. */

#define HS_CRIB_HANDS UINT64_C(270725)
#define HS_CRIB_COMBOS UINT64_C(12994800)

typedef struct hs_crib_hist {
    uint64_t count[HS_CRIB_MAX_SCORE + 1]; /* scored hands with each total 0..29 */
    uint64_t points[5];                    /* points summed: fifteens, pairs, runs, flush, nobs */
    uint64_t hands;                        /* scored hands counted */
} hs_crib_hist;

/* The number of work units of the distribution. */
HS_API size_t hs_crib_hist_units(void);

/* Add the counts of work unit `unit` (0 <= unit < hs_crib_hist_units()) to *acc. Single-threaded,
 * pure apart from *acc; thread-safe for distinct accumulators. */
HS_API void hs_crib_hist_unit(size_t unit, hs_crib_rules rules, hs_crib_hist *acc);

/* Add src's counts to dst. */
HS_API void hs_crib_hist_merge(hs_crib_hist *dst, const hs_crib_hist *src);

/* The whole distribution into *out with `threads` OpenMP workers (0: the OpenMP default). Each
 * worker keeps its own counts; they are merged after the parallel region, so *out is identical
 * at every thread count. `progress` (may be NULL) is called after each unit. Returns HS_OK,
 * HS_ERR_ARG (threads < 0) or HS_ERR_CANCELLED (the callback asked to stop; *out is then
 * zeroed). */
HS_API int hs_crib_hist_run(hs_crib_rules rules, int threads, hs_progress_fn progress, void *ctx,
                            hs_crib_hist *out);

#ifdef __cplusplus
}
#endif

#endif
