/* handstat — hold'em board analysis: what a hand makes on a board (one made-hand category and
 * draw flags), what a range makes on one board or over every flop, turn or river, and the exact
 * equity of each combination of a range against another (the equity distribution). */
#ifndef HANDSTAT_HOLDEM_BOARD_H
#define HANDSTAT_HOLDEM_BOARD_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/holdem.h"
#include "handstat/job.h"
#include "handstat/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- what one combination makes -------------------------------------------------------------
 * Two hole cards on a board of 3, 4 or 5 cards get exactly one made-hand category, the first of
 * this list that holds, and any number of flags. "Best five" is the best five-card hand of the
 * hole cards and the board; ranks are compared ace high; the board's "top", "second", ... rank
 * is the highest, second highest, ... distinct rank among the board's cards.
 *
 *   straight_flush, quads, full_house, flush, straight: the best five is of that kind (whether
 *                    or not a hole card takes part: see plays_board)
 *   set             the best five is three of a kind, two of them a pocket pair
 *   trips           the best five is three of a kind, one of them a hole card (the board pairs)
 *   two_pair        the best five is two pair, each pair holding one hole card
 *   two_pair_board  the best five is two pair, one pair holding one hole card, the other on the
 *                    board
 *   overpair        a pocket pair above the board's top rank (its pair in the best five)
 *   top_pair        one hole card pairs the board's top rank
 *   pocket_below_top  a pocket pair below the board's top rank and above its second rank
 *   second_pair     one hole card pairs the board's second rank
 *   weak_pair       one hole card pairs the board's third rank or lower, or a pocket pair below
 *                    the board's second rank
 *   ace_high        none of the above and a hole card is an ace
 *   nothing         none of the above
 * Pairs and three of a kind made by the board alone do not count: a pocket pair or a hole card
 * must be in the pair (of two pair: in either pair) of the best five; so 3c2d on KsKh7d is
 * "nothing", and 9c9d on KsKh7d (best five KK99 7) a pocket pair below top pair.
 *
 * Flags (HS_HIT_F_* bits):
 *   plays_board     river only: the best five is no better than the board's own five cards
 *   flush_draw      flop and turn: four cards of one suit, at least one a hole card, and no
 *                    flush or better made
 *   nut_flush_draw  a flush draw whose hole cards hold the highest card of its suit that is not
 *                    on the board (the flush it draws to is the best flush possible)
 *   oesd            flop and turn: at least two ranks would each complete a straight that needs
 *                    a hole card (open-ended or double gutter), and no straight or better made
 *   gutshot         flop and turn: exactly one such rank
 *   combo_draw      a flush draw with an oesd or a gutshot
 *   backdoor_flush  flop only: three cards of one suit, at least one a hole card
 *   overcards       flop and turn: two unpaired hole cards both above the board's top rank, the
 *                    made hand ace_high or nothing
 * A straight "needs a hole card" when its five ranks are not all among the board's ranks and
 * the new one. */

enum hs_hit_made {
    HS_HIT_STRAIGHT_FLUSH,
    HS_HIT_QUADS,
    HS_HIT_FULL_HOUSE,
    HS_HIT_FLUSH,
    HS_HIT_STRAIGHT,
    HS_HIT_SET,
    HS_HIT_TRIPS,
    HS_HIT_TWO_PAIR,
    HS_HIT_TWO_PAIR_BOARD,
    HS_HIT_OVERPAIR,
    HS_HIT_TOP_PAIR,
    HS_HIT_POCKET_BELOW_TOP,
    HS_HIT_SECOND_PAIR,
    HS_HIT_WEAK_PAIR,
    HS_HIT_ACE_HIGH,
    HS_HIT_NOTHING,
    HS_HIT_MADE /* the number of made-hand categories */
};

enum hs_hit_flag {
    HS_HIT_PLAYS_BOARD,
    HS_HIT_FLUSH_DRAW,
    HS_HIT_NUT_FLUSH_DRAW,
    HS_HIT_OESD,
    HS_HIT_GUTSHOT,
    HS_HIT_COMBO_DRAW,
    HS_HIT_BACKDOOR_FLUSH,
    HS_HIT_OVERCARDS,
    HS_HIT_FLAGS /* the number of flags */
};
#define HS_HIT_F(flag) (1u << (flag))

/* The made-hand category (0..HS_HIT_MADE-1) of hole cards `hole` (two cards) on `board` (3..5
 * cards, disjoint from hole), and its flags (bits HS_HIT_F(flag)) in *flags (may be NULL).
 * Returns HS_ERR_ARG for other card counts, overlapping cards or bits above card 51. Pure;
 * thread-safe; a few tens of nanoseconds. */
HS_API int hs_holdem_hit(uint64_t hole, uint64_t board, unsigned *flags);

/* The identifier ("top_pair", "flush_draw") and the words ("top pair", "flush draw") of a
 * category or a flag; "unknown" out of range. Static storage. */
HS_API const char *hs_holdem_hit_name(int made);
HS_API const char *hs_holdem_hit_title(int made);
HS_API const char *hs_holdem_hit_flag_name(int flag);
HS_API const char *hs_holdem_hit_flag_title(int flag);

/* ---- what a range makes on one board ---------------------------------------------------------
 * Counts in weight units: a combination counts its weight (so a whole combination counts
 * HS_HOLDEM_WEIGHT_FULL, 10000; hs_text_weight writes such counts as combinations). Combinations
 * that meet the board or the dead cards are left out. */
typedef struct hs_holdem_hits {
    uint64_t total;              /* the weights of the combinations counted */
    uint64_t made[HS_HIT_MADE];  /* by made-hand category: they add up to total */
    uint64_t flag[HS_HIT_FLAGS]; /* by flag */
} hs_holdem_hits;

/* The range `range` on `board` (3..5 cards) with `dead` cards out. Returns HS_OK; HS_ERR_ARG
 * (board not 3..5 cards, board and dead overlapping); HS_ERR_COUNT (every combination meets the
 * board or the dead cards). */
HS_API int hs_holdem_hits_board(const hs_holdem_range *range, uint64_t board, uint64_t dead,
                                hs_holdem_hits *out);

/* The same with `folded` (0..HS_HOLDEM_MAX_FOLDED) players who folded a hand of fold[j]
 * (handstat/holdem.h's folded model): the counts are the sum over the folded tuples f (pairwise
 * disjoint, off the board and the dead cards) of w_f x (hs_holdem_hits_board's counts with f's
 * cards dead), w_f the product of f's weights (each folded range's divided by their gcd), the
 * tuples solved once per suit-symmetric set; 128-bit, every sum checked. A share (a count over
 * total) is the folded model's. Returns HS_OK; HS_ERR_ARG (as hs_holdem_hits_board, or a bad
 * folded count or range); HS_ERR_COUNT (a folded range wholly on the known cards, no disjoint
 * tuple, or no combination counted); HS_ERR_OVERFLOW; HS_ERR_NOMEM. */
typedef struct hs_holdem_hits_folded {
    hs_uint128 total, made[HS_HIT_MADE], flag[HS_HIT_FLAGS];
} hs_holdem_hits_folded;

HS_API int hs_holdem_hits_board_folded(const hs_holdem_range *range, int folded,
                                       const hs_holdem_range *const fold[], uint64_t board,
                                       uint64_t dead, hs_holdem_hits_folded *out);

/* ---- what a range makes over every board ---------------------------------------------------
 * For each combination, every flop (3 cards), turn (4) or river (5) board of the cards that are
 * not its own nor dead: C(50, 3) = 19,600 flops, C(50, 4) = 230,300 turns, C(50, 5) = 2,118,760
 * rivers without dead cards. A board is a set of cards: the flop and turn 2c3c4c + 5d is the
 * turn board 2c3c4c5d, as is 2c3c5d + 4c. Counts are weighted (combination, board) pairs: a
 * combination adds its weight (HS_HOLDEM_WEIGHT_FULL when whole) per board. */

enum { HS_STREET_FLOP = 1, HS_STREET_TURN = 2, HS_STREET_RIVER = 4 };
#define HS_STREETS 3

typedef struct hs_holdem_hits_class {
    int cls;                           /* the class (0..168) */
    int combos;                        /* its combinations in the range (not meeting the dead) */
    uint64_t weight;                   /* their weights added up (10000 a whole one) */
    hs_holdem_hits street[HS_STREETS]; /* flop, turn, river (zero for streets not asked for) */
} hs_holdem_hits_class;

/* The job (handstat/job.h) counting `range` with `dead` cards out over the boards of `streets`
 * (HS_STREET_* bits, at least one). A unit is one combination; without dead cards the
 * combinations of a class are alike up to a permutation of suits, so one per class is counted
 * and weighed by the class's weights. Returns HS_OK; HS_ERR_ARG (no street or another bit, a
 * weight not 1..HS_HOLDEM_WEIGHT_FULL, dead cards above card 51); HS_ERR_COUNT (every combination
 * meets the dead cards); HS_ERR_NOMEM. Invariants: for each unit and street the categories add up
 * to the boards, and combo draws are flush draws. */
HS_API int hs_holdem_hits_job_new(const hs_holdem_range *range, uint64_t dead, unsigned streets,
                                  hs_job **out);

/* The finished job's counts, one entry per class of the range in class order (AA, AKs, ..):
 * into out[] (room for HS_HOLDEM_CLASSES), their number in *n. Returns HS_OK, or HS_ERR_ARG
 * when the job is not a finished hits job. */
HS_API int hs_holdem_hits_job_result(const hs_job *job, hs_holdem_hits_class *out, int *n);

/* Run the job whole (threads 0: the default; progress may be NULL): hs_holdem_hits_job_new's
 * and hs_job_run's returns. */
HS_API int hs_holdem_hits_run(const hs_holdem_range *range, uint64_t dead, unsigned streets,
                              int threads, hs_progress_fn progress, void *ctx,
                              hs_holdem_hits_class *out, int *n);

/* ---- folded ranges over every board, and by combination on one board ----------------------
 * handstat/holdem.h's folded model: `folded` (1..HS_HOLDEM_MAX_FOLDED) players folded a hand of
 * fold[j] (weights 1..HS_HOLDEM_WEIGHT_FULL, each range's divided by their gcd), out of play. Over
 * every board a deal is a folded tuple f (pairwise disjoint, off the dead cards), a combination h
 * of the range off f and the dead cards, and a board off all of them; it counts w_f x h's weight.
 * So a class's counts are the sum over f of w_f x hs_holdem_hits_run's counts with f's cards dead,
 * 128-bit, every product and sum checked. Computed so: the tuples f' of the first folded - 1
 * players are walked once per suit-symmetric set (as hs_holdem_equity_folded walks them); the
 * last folded range is summed on each board in closed form (the weight of its combinations off a
 * card set Y is T - sum over y in Y of A[y] + sum over pairs of Y of P[pair]: T its weights' sum,
 * A[y] the weights of its combinations holding y, P the weight of a combination); each f' counts
 * its combinations once per set of the suit permutations keeping the dead cards, f' and the last
 * folded range. */
typedef struct hs_holdem_hits_class_folded {
    int cls;                                  /* the class (0..168) */
    int combos;                               /* its combinations in the range off the dead */
    uint64_t weight;                          /* their weights added up (10000 a whole one) */
    hs_holdem_hits_folded street[HS_STREETS]; /* weighted (tuple, combination, board) triples */
} hs_holdem_hits_class_folded;

/* What the job below walks: the solved tuples of the first folded - 1 players (1 when one player
 * folded), the units (a solved tuple and one combination of each suit-symmetric set), and the
 * work (units x boards); capped: the count stopped past the bound given, the true counts larger. */
typedef struct hs_holdem_hits_folded_info {
    uint64_t solves, units;
    double work;
    int capped;
} hs_holdem_hits_folded_info;

/* The job counting `range` with the folded ranges and `dead` cards out over the boards of
 * `streets`, as above; *info (may be NULL) filled whatever the return. max_solves and max_work
 * (0: none) bound the solved tuples and units x boards. Returns HS_OK; HS_ERR_ARG (as
 * hs_holdem_hits_job_new, or folded out of 1..HS_HOLDEM_MAX_FOLDED, a NULL, empty or invalid
 * folded range); HS_ERR_OVERFLOW (past a bound: info->capped); HS_ERR_COUNT (a folded range wholly
 * on the dead cards, or no deal at all); HS_ERR_NOMEM. */
HS_API int hs_holdem_hits_folded_job_new(const hs_holdem_range *range, int folded,
                                         const hs_holdem_range *const fold[], uint64_t dead,
                                         unsigned streets, uint64_t max_solves, double max_work,
                                         hs_holdem_hits_folded_info *info, hs_job **out);

/* The finished job's counts, one entry per class of the range off the dead cards in class order,
 * into out[] (room for HS_HOLDEM_CLASSES), their number in *n. Returns HS_OK; HS_ERR_ARG (not a
 * finished folded hits job); HS_ERR_OVERFLOW (a count past 128 bits). */
HS_API int hs_holdem_hits_folded_job_result(const hs_job *job, hs_holdem_hits_class_folded *out,
                                            int *n);

/* Each combination's weight in the folded model on one board (3..5 cards): into out[i], for the
 * range's combination i, its weight x the weights of the folded tuples off it and the known cards
 * (0 for a combination meeting the board or the dead cards); their sum is
 * hs_holdem_hits_board_folded's total. The same walk (the last folded range in closed form).
 * Returns HS_OK; HS_ERR_ARG; HS_ERR_COUNT (no combination dealt); HS_ERR_OVERFLOW;
 * HS_ERR_NOMEM. */
HS_API int hs_holdem_hits_board_folded_combos(const hs_holdem_range *range, int folded,
                                              const hs_holdem_range *const fold[], uint64_t board,
                                              uint64_t dead, hs_uint128 *out);

/* ---- the equity distribution ---------------------------------------------------------------
 * Each combination h of a hero range against a villain range, heads-up: a deal is a villain
 * combination v disjoint from h, the board and the dead cards, then a completion of the board
 * from the other cards; it counts v's weight (the villain range's weights divided by their
 * greatest common divisor, as hs_holdem_equity_ranges counts them). So h's counts are those of
 * hs_holdem_equity_ranges with h alone against the villain range, and its equity is
 * (2 wins + ties) / (2 deals). Over the hero range a combination is dealt in proportion to its
 * weight times its deals; so the range's equity (hs_holdem_equity_ranges of the two ranges) is
 * sum(weight x (2 wins + ties)) / sum(weight x 2 deals) over the distribution, exactly.
 *
 * The boards are solved once per orbit of the suit permutations that map the board, the dead
 * cards and both ranges (with their weights) onto themselves: every combination is ranked on a
 * board once, and all hero combinations are counted in one sweep over the hands sorted by
 * strength, the villain's weights kept per card to take out those sharing a card. */

typedef struct hs_holdem_dist_combo {
    uint64_t combo; /* the hero's two cards */
    int cls;        /* their class */
    int weight;     /* the hero range's weight, 1..HS_HOLDEM_WEIGHT_FULL */
    uint64_t deals; /* weighted deals (villain weight x boards) */
    uint64_t wins, ties, losses;
} hs_holdem_dist_combo;

/* The job for `hero` against `villain` on `board` (0..5 cards) with `dead` cards out. Returns
 * HS_OK; HS_ERR_ARG (board over five cards, board and dead overlapping, a weight
 * not 1..HS_HOLDEM_WEIGHT_FULL); HS_ERR_COUNT (no hero combination can be dealt against any villain
 * combination); HS_ERR_NOMEM. Invariant: every combination's wins + ties + losses are its deals. */
HS_API int hs_holdem_equity_dist_job_new(const hs_holdem_range *hero,
                                         const hs_holdem_range *villain, uint64_t board,
                                         uint64_t dead, hs_job **out);

/* The finished job's distribution: the hero combinations that can be dealt (those meeting the
 * board or the dead cards, or colliding with every villain combination, are left out), sorted by
 * exact equity, the best first (equal equities in the range's order), into out[] (room for
 * hero->n). Returns their number, or 0 when the job is not a finished equity-dist job. */
HS_API size_t hs_holdem_equity_dist_result(const hs_job *job, hs_holdem_dist_combo *out);

/* The suit permutations of the query's symmetry (1..24) and the boards solved. */
HS_API int hs_holdem_equity_dist_symmetry(const hs_job *job);
HS_API size_t hs_holdem_equity_dist_boards(const hs_job *job);

/* Run the job whole: hs_holdem_equity_dist_job_new's and hs_job_run's returns; *n the entries. */
HS_API int hs_holdem_equity_dist(const hs_holdem_range *hero, const hs_holdem_range *villain,
                                 uint64_t board, uint64_t dead, int threads,
                                 hs_progress_fn progress, void *ctx, hs_holdem_dist_combo *out,
                                 size_t *n);

/* ---- the equity distribution with folded ranges (card removal) -----------------------------
 * As hs_holdem_equity_dist with `folded` (0..HS_HOLDEM_MAX_FOLDED) players who folded a hand of
 * fold[j] (handstat/holdem.h's folded model): each hero combination's counts are the sum over the
 * folded tuples f (pairwise disjoint, off the board and the dead cards, and off the combination)
 * of w_f x (hs_holdem_equity_dist's counts of that combination with f's cards dead), w_f the
 * product of f's weights (each folded range's divided by their gcd); the tuples solved once per
 * suit-symmetric set (hs_holdem_folded_plan_count with the two ranges counts the runs). 128-bit
 * counts, every sum checked. */
typedef struct hs_holdem_dist_folded_combo {
    uint64_t combo;                       /* the hero's two cards */
    int cls;                              /* their class */
    int weight;                           /* the hero range's weight, 1..HS_HOLDEM_WEIGHT_FULL */
    hs_uint128 deals, wins, ties, losses; /* weighted deals, as above */
} hs_holdem_dist_folded_combo;

/* The distribution into out[] (room for hero->n), sorted as hs_holdem_equity_dist_result's; *n
 * the entries. Returns HS_OK; HS_ERR_ARG (as hs_holdem_equity_dist, or a bad folded count or
 * range); HS_ERR_COUNT (a folded range wholly on the known cards, no disjoint tuple, or no hero
 * combination dealt); HS_ERR_OVERFLOW (a count would pass 128 bits); HS_ERR_CANCELLED;
 * HS_ERR_NOMEM. Thread-safe. */
HS_API int hs_holdem_equity_dist_folded(const hs_holdem_range *hero, const hs_holdem_range *villain,
                                        int folded, const hs_holdem_range *const fold[],
                                        uint64_t board, uint64_t dead, int threads,
                                        hs_progress_fn progress, void *ctx,
                                        hs_holdem_dist_folded_combo *out, size_t *n);

#ifdef __cplusplus
}
#endif

#endif
