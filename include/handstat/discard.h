/* handstat — cribbage discard analysis: exact expectations of every keep and throw.
 *
 * The model (what "expectation" means everywhere below). Two players: six cards are dealt to us,
 * we keep four and throw two into the crib. The 46 cards we have not seen are equally likely: the
 * hand's starter is any of the 46, and the crib is our two cards plus the opponent's throw, any of
 * the C(46,2) = 1035 pairs of unseen cards, with the starter any of the 44 cards left: 45,540
 * equally likely (throw, starter) cases for every keep. Three players: five cards are dealt, we
 * keep four and throw one; the crib's other three cards (two opponents' throws and the card from
 * the deck) are any 3 of the 47 unseen cards and the starter any of the other 44 (713,460 cases);
 * the hand's starter is any of the 47. The hand is scored with hand rules, the crib with crib
 * rules (only a five-card flush counts). The dealer owns the crib: the dealer's combined figure is
 * hand + crib, the pone's hand - crib.
 *
 * All sums are exact integers; an expectation is a sum divided by its number of cases. */
#ifndef HANDSTAT_DISCARD_H
#define HANDSTAT_DISCARD_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/cards.h"
#include "handstat/job.h"
#include "handstat/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Whose crib it is. */
typedef enum hs_crib_role { HS_CRIB_DEALER = 0, HS_CRIB_PONE = 1 } hs_crib_role;

/* Cases per keep: hand starters and crib (throw, starter) cases, two and three players. */
#define HS_DISCARD_HAND_CASES2 46u
#define HS_DISCARD_CRIB_CASES2 45540u /* C(46,2) * 44 = 46 * 990 */
#define HS_DISCARD_HAND_CASES3 47u
#define HS_DISCARD_CRIB_CASES3 713460u /* C(47,3) * 44 = 47 * 15180 */

/* The most keeps of one deal: C(6,4) = 15 for two players, C(5,4) = 5 for three. */
#define HS_DISCARD_MAX_KEEPS 15

/* One keep of a deal, with exact sums. */
typedef struct hs_discard_keep {
    uint64_t keep;       /* the four cards kept */
    uint64_t thrown;     /* the two (three players: one) cards thrown into the crib */
    uint64_t hand_sum;   /* hand points summed over the hand_cases starters */
    uint64_t hand_sum2;  /* squares of the hand points, summed */
    uint32_t hand_cases; /* 46 or 47 */
    uint8_t hand_min;    /* the lowest and highest hand points over the starters */
    uint8_t hand_max;
    uint64_t crib_sum;    /* crib points summed over the crib_cases */
    uint64_t crib_cases;  /* 45,540 or 713,460 */
    int64_t combined_num; /* combined expectation = combined_num / crib_cases: */
                          /* hand_sum * (crib_cases / hand_cases) +- crib_sum by role */
} hs_discard_keep;

/* The analysis of one deal. */
typedef struct hs_discard {
    int players; /* 2 (six cards dealt) or 3 (five cards dealt) */
    hs_crib_role role;
    int n_keeps; /* 15 or 5 */
    /* Best first: higher combined expectation, then higher hand expectation, then the kept ranks
     * (ascending, ace low) lexicographically smaller, then the smaller keep mask. */
    hs_discard_keep keeps[HS_DISCARD_MAX_KEEPS];
} hs_discard;

/* Analyse the deal `dealt` (six cards: two players; five cards: three players) for `role`:
 * every keep's exact hand and crib sums over every case of the model above, sorted best first.
 * Returns HS_OK, HS_ERR_COUNT (not 5 or 6 cards), HS_ERR_ARG (bits beyond the deck, or an
 * unknown role). About 2 ms for six cards (683,100 crib scorings through the batch scorer), 9 ms
 * for five. Pure; thread-safe; no allocation. */
HS_API int hs_discard_analyze(uint64_t dealt, hs_crib_role role, hs_discard *out);

/* The combined figure of a keep for a role, as a numerator over k->crib_cases. */
HS_API int64_t hs_discard_combined_num(const hs_discard_keep *k, hs_crib_role role);

/* ---- the throw table ------------------------------------------------------------------------
 * The crib's expectation for each two-card throw when nothing else is known: the crib's other
 * two cards are any pair of the 50 other cards, the starter any of the 48 left (58,800 equally
 * likely cases), crib rules. A suit permutation maps a throw onto one with the same sum, so the
 * 1326 throws fall into 169 classes: 13 pairs, 78 suited and 78 offsuit rank pairs. */

#define HS_THROW_CASES 58800u /* C(50,2) * 48 */
#define HS_THROW_CLASSES 169

/* The crib points of throw {a, b} (two different cards 0..51) summed over its 58,800 cases.
 * Pure; thread-safe. About 150 us. */
HS_API uint64_t hs_crib_throw_sum(int a, int b);

typedef struct hs_crib_throw_class {
    int rank_lo, rank_hi; /* 0 (ace) .. 12 (king), rank_lo <= rank_hi */
    int suited;           /* 1: both cards of one suit; 0: offsuit, and every pair */
    int combos;           /* concrete throws in the class: 6 (pair), 4 (suited), 12 (offsuit) */
    uint64_t crib_sum;    /* hs_crib_throw_sum of any one of them */
} hs_crib_throw_class;

/* All 169 classes, ordered by rank_lo, then rank_hi, then suited before offsuit. About 25 ms.
 * Pure; thread-safe. */
HS_API void hs_crib_throw_table(hs_crib_throw_class out[HS_THROW_CLASSES]);

/* ---- every deal -----------------------------------------------------------------------------
 * Every two-player deal of six cards (C(52,6) = 20,358,520): the best keep by hand expectation
 * and by the dealer's and the pone's combined expectation. Deals that differ by a permutation
 * of the suits have the same expectations, so one deal per suit orbit is analysed (its lanes
 * sorted, largest first) and counted with the orbit's size. Ties between keeps are broken in a
 * suit-blind way, so folding changes nothing: for "hand", higher hand expectation, then the
 * kept ranks lexicographically smaller; for the roles, higher combined, then higher hand, then
 * the kept ranks; the keep mask last (it never changes the pattern).
 *
 * The per-deal crib sums come from precomputed per-throw totals by inclusion-exclusion over the
 * four kept cards (see src/crib/crib_deals.c); the tables take about 1 MB. */

#define HS_DEALS6 UINT64_C(20358520)
/* Deals distinct up to a permutation of the suits. */
#define HS_DEALS6_CANONICAL UINT64_C(962988)
/* Best hand expectations are k / 46 with k = 0..46*29. */
#define HS_DEALS_HAND_NUMS (46 * 29 + 1)
/* Combined expectations are binned by tenths of a point: bin b holds [b/10 - 30, (b+1)/10 - 30). */
#define HS_DEALS_BINS 900
#define HS_DEALS_BIN_OFFSET 300
/* Kept rank patterns: sorted multisets of four ranks. */
#define HS_DEALS_PATTERNS 1820

/* The criteria a best keep is chosen by. */
enum { HS_BEST_HAND = 0, HS_BEST_DEALER = 1, HS_BEST_PONE = 2 };

typedef struct hs_discard_deals {
    uint64_t deals;                           /* deals counted (20,358,520 when complete) */
    uint64_t canonical;                       /* suit-orbit representatives analysed */
    uint64_t best_hand[HS_DEALS_HAND_NUMS];   /* deals whose best hand sum (over 46) is k */
    uint64_t best_combined[2][HS_DEALS_BINS]; /* by role: deals whose best combined is in bin */
    uint64_t pattern[3][HS_DEALS_PATTERNS];   /* by criterion: deals whose best keep has pattern */
    /* Sums over deals of the best numerators, for exact means: hand over 46 deals-weighted,
     * combined over 45,540. */
    uint64_t sum_best_hand;
    int64_t sum_best_combined[2];
} hs_discard_deals;

/* The precomputed per-throw totals. Opaque; immutable once made, so one may be shared by
 * threads. */
typedef struct hs_discard_tables hs_discard_tables;

/* Build the tables with `threads` OpenMP workers (0: the default). About 0.1 s on one core.
 * Returns HS_OK, HS_ERR_ARG (threads < 0) or HS_ERR_NOMEM. */
HS_API int hs_discard_tables_new(int threads, hs_discard_tables **out);
HS_API void hs_discard_tables_free(hs_discard_tables *t);

/* The exact hand and crib sums (two-player model) of the 15 keeps of the six-card deal `dealt`
 * from the tables: keeps in the order of the thrown pair (i, j), i < j, of the deal's cards in
 * increasing index order. Equal to hs_discard_analyze's sums for the same keep. Pure. */
HS_API void hs_discard_deal_sums(const hs_discard_tables *t, uint64_t dealt, uint64_t keep[15],
                                 uint64_t hand_sum[15], uint64_t crib_sum[15]);

/* The ranks (0..12, ascending) of pattern index p (0 <= p < HS_DEALS_PATTERNS), and the index of
 * a sorted rank quadruple. */
HS_API void hs_deals_pattern_ranks(int p, int ranks[4]);
HS_API int hs_deals_pattern_index(const int ranks[4]);

/* Work units and merging, as for hs_crib_hist: a fixed list of units (the deals by their first
 * suit lane), each adding exact counts. */
HS_API size_t hs_discard_deals_units(void);
HS_API void hs_discard_deals_unit(const hs_discard_tables *t, size_t unit, hs_discard_deals *acc);
HS_API void hs_discard_deals_merge(hs_discard_deals *dst, const hs_discard_deals *src);

/* The enumeration as a job (handstat/job.h: threads, progress, any subset of units, checkpoints)
 * over the tables t, which must outlive it. Returns HS_OK or HS_ERR_NOMEM. Its invariants: every
 * deal counted once in each table, the orbit representatives, and the sums of the best figures
 * consistent with their histograms. */
HS_API int hs_discard_deals_job_new(const hs_discard_tables *t, hs_job **out);
/* The counts of the job's units done so far. */
HS_API const hs_discard_deals *hs_discard_deals_job_counts(const hs_job *job);

/* Every deal with `threads` OpenMP workers (0: the default): the job run whole; *out is
 * identical at every thread count. `progress` (may be NULL) is called after each unit. Returns
 * HS_OK, HS_ERR_ARG (threads < 0), HS_ERR_NOMEM or HS_ERR_CANCELLED (then *out is zeroed). */
HS_API int hs_discard_deals_run(const hs_discard_tables *t, int threads, hs_progress_fn progress,
                                void *ctx, hs_discard_deals *out);

#ifdef __cplusplus
}
#endif

#endif
