/* Private: shared pieces of the hold'em modules. */
#ifndef HS_HOLDEM_INTERNAL_H
#define HS_HOLDEM_INTERNAL_H

#include "handstat/holdem.h"

/* Grid position of a card rank: 0 for the ace, then king 1 .. two 12. */
static inline int hs_holdem_grid_rank(int rank) {
    return rank == HS_ACE ? 0 : HS_KING - rank + 1;
}

/* The class of grid positions hi <= lo (hi the better rank): pairs on the diagonal, suited
 * classes above it (row = the better rank), offsuit below it (the grid of holdem.h). A pair is
 * on the diagonal whatever `suited` says. */
static inline int hs_holdem_class_at(int hi, int lo, int suited) {
    return suited ? hi * 13 + lo : lo * 13 + hi;
}

/* The class of two cards c1, c2 (any order). */
static inline int hs_holdem_class_of(int c1, int c2) {
    int g1 = hs_holdem_grid_rank(hs_card_rank(c1)), g2 = hs_holdem_grid_rank(hs_card_rank(c2));
    int hi = g1 < g2 ? g1 : g2, lo = g1 < g2 ? g2 : g1; /* hi: the better rank (smaller row) */
    return hs_holdem_class_at(hi, lo, hs_card_suit(c1) == hs_card_suit(c2));
}

/* True when combination i of a range is two cards of the deck with a weight of
 * 1..HS_HOLDEM_WEIGHT_FULL. */
static inline int hs_holdem_combo_ok(const hs_holdem_range *r, size_t i) {
    const uint64_t h = r->combo[i];
    return hs_hand_size(h) == 2 && (h & ~HS_DECK_MASK) == 0 && r->weight[i] >= 1 &&
           r->weight[i] <= HS_HOLDEM_WEIGHT_FULL;
}

/* True when every combination of the range is ok (above) and none is listed twice
 * (holdem_range.c). */
int hs_holdem_range_ok(const hs_holdem_range *r);

/* Sums over deals of the sampled vs-random table, class by class (the fields of
 * hs_holdem_vs_random_sums as arrays): for each deal, with n the class's free combinations
 * (those avoiding the board and the opponents' cards) and x their pot shares (in units of
 * 1/HS_HOLDEM_SHARE_UNIT of a pot), the sums of the wins alone, the ties, n, x, x^2, n^2, x n. */
typedef struct hs_holdem_vs_random_unit_sums {
    uint64_t wins[HS_HOLDEM_CLASSES], ties[HS_HOLDEM_CLASSES], hands[HS_HOLDEM_CLASSES],
        shares[HS_HOLDEM_CLASSES], shares_sq[HS_HOLDEM_CLASSES], hands_sq[HS_HOLDEM_CLASSES],
        shares_hands[HS_HOLDEM_CLASSES];
} hs_holdem_vs_random_unit_sums;

/* One deal added to `sums` (holdem_vs_random_sample.c): cards[0..4] the board, cards[5 + 2i] and
 * cards[6 + 2i] opponent i's hand (k opponents, 5 + 2k distinct cards). */
void hs_holdem_vs_random_deal(const uint8_t *cards, int k, hs_holdem_vs_random_unit_sums *sums);

/* A class pattern: two rank characters and an optional s or o ("AK", "AKs", "t9o", "QQ"). */
typedef struct hs_holdem_pattern {
    int hi, lo; /* grid positions, hi <= lo */
    int kinds;  /* 1 suited, 2 offsuit, 3 both (a pair: 3) */
} hs_holdem_pattern;

/* Parse s[0..n) as a class pattern. Returns 0, or -1 when it is not one. */
int hs_holdem_pattern_parse(const char *s, size_t n, hs_holdem_pattern *p);

/* The 169 classes from the best to the worst by exact heads-up equity against one random hand:
 * the order of the top-percent range items ("15%"). */
const uint8_t *hs_holdem_classes_by_equity(void);

/* The two ways of the exact equity engine (holdem_equity.c): by choices of hands (any board) or by
 * completions of the board (three or more board cards known); EQ_AUTO picks the cheaper. */
enum { EQ_AUTO = 0, EQ_TUPLES = 1, EQ_BOARDS = 2 };

/* hs_holdem_equity_ranges by the given way (for the tests, which check both against the
 * reference); HS_ERR_ARG for EQ_BOARDS with fewer than three board cards. */
int hs_holdem_equity_ranges_way(int way, int players, const hs_holdem_range *const ranges[],
                                uint64_t board, uint64_t dead, int threads, hs_progress_fn progress,
                                void *ctx, hs_holdem_equity_exact *out);

/* hs_holdem_equity_folded with the suit symmetry over the folded tuples used (1) or not (0: every
 * tuple solved; for the tests, which check both against the reference). */
int hs_holdem_equity_folded_sym(int use_symmetry, int players,
                                const hs_holdem_range *const ranges[], int folded,
                                const hs_holdem_range *const fold[], uint64_t board, uint64_t dead,
                                int threads, hs_progress_fn progress, void *ctx,
                                hs_holdem_equity_exact *out);

/* hs_holdem_hit without its checks (holdem_board.c): hole two cards, board n_board (3..5) cards,
 * disjoint; for the folded board counts of holdem_folded.c. */
int hs_holdem_hit_unchecked(uint64_t hole, uint64_t board, int n_board, unsigned *flags);

/* Test-only (holdem_dist.c): the equity distribution's job counted one way: HS_DIST_WIDE (every
 * hand of both ranges sorted on each board, one sweep), HS_DIST_NARROW (the villain's sorted, each
 * hero combination placed among them; a villain range of at most 48 combinations, else
 * HS_ERR_ARG), or HS_DIST_AUTO (what hs_holdem_equity_dist_job_new does: narrow up to 48 live
 * villain combinations). */
enum { HS_DIST_AUTO = 0, HS_DIST_WIDE = 1, HS_DIST_NARROW = 2 };
int hs_holdem_equity_dist_job_new_way(int way, const hs_holdem_range *hero,
                                      const hs_holdem_range *villain, uint64_t board, uint64_t dead,
                                      hs_job **out);

/* ---- the board list of the preflop and vs-random tables (holdem_preflop.c) ---------------- */

#define HS_HOLDEM_BOARDS_PER_UNIT 128 /* suit-distinct boards per work unit */
#define HS_HOLDEM_CARD_CLASSES 25 /* classes holding one card: its pair, 12 suited, 12 offsuit */

struct hs_holdem_preflop {
    uint64_t *boards; /* suit-distinct boards in increasing mask order */
    uint8_t *weight;  /* boards each stands for: 24 / (its suit permutations that fix it) */
    size_t n_boards;
    /* Every two-card hand (index h: a < b in lexicographic order): its cards, its class, and the
     * classes holding each card. */
    uint8_t hole_a[HS_HOLDEM_COMBOS], hole_b[HS_HOLDEM_COMBOS];
    uint8_t hole_class[HS_HOLDEM_COMBOS];
    uint8_t card_classes[HS_CARDS][HS_HOLDEM_CARD_CLASSES];
};

/* The boards [*first, *last) of work unit `unit` when each unit is `per_unit` boards, and the
 * number of such units. */
static inline void hs_holdem_unit_boards_of(const hs_holdem_preflop *t, size_t per_unit,
                                            size_t unit, size_t *first, size_t *last) {
    *first = unit * per_unit;
    *last = *first + per_unit < t->n_boards ? *first + per_unit : t->n_boards;
}
static inline size_t hs_holdem_units_of(const hs_holdem_preflop *t, size_t per_unit) {
    return (t->n_boards + per_unit - 1) / per_unit;
}

/* The boards [*first, *last) of work unit `unit` of the preflop and vs-random tables. */
static inline void hs_holdem_unit_boards(const hs_holdem_preflop *t, size_t unit, size_t *first,
                                         size_t *last) {
    hs_holdem_unit_boards_of(t, HS_HOLDEM_BOARDS_PER_UNIT, unit, first, last);
}

/* The two-card hands that avoid one board, ranked with it and sorted worst first. */
typedef struct hs_holdem_ranked {
    uint16_t rank[HS_HOLDEM_COMBOS];  /* by hand index: class of the best five of board + hand */
    uint16_t order[HS_HOLDEM_COMBOS]; /* the n hands avoiding the board, worst first (stable) */
    uint16_t tmp[HS_HOLDEM_COMBOS];   /* sort buffer */
    int n;                            /* 1081 */
} hs_holdem_ranked;

/* Stable sort of the n hand indices order[] by rank[] (classes of the best five), worst hand
 * first (the highest class): two counting passes over 7-bit digits; tmp has room for n. */
void hs_holdem_sort_worst_first(const uint16_t *rank, uint16_t *order, uint16_t *tmp, int n);

/* Rank every hand of t that avoids the five-card `board` and sort them into r. */
void hs_holdem_rank_board(const hs_holdem_preflop *t, uint64_t board, hs_holdem_ranked *r);

/* Test-only (holdem_preflop3.c): the three-way table's job with its counting compiled as `form`.
 * HS_ERR_ARG when the CPU cannot run it. */
enum { HS_P3_FORM_SCALAR, HS_P3_FORM_AVX2, HS_P3_FORM_AVX512, HS_P3_FORM_BITALG, HS_P3_FORMS };
int hs_holdem_preflop3_job_new_form(const hs_holdem_preflop3 *table, int form, hs_job **out);

/* The form hs_holdem_preflop3_job_new takes for the table: the measured fastest of those this CPU
 * runs (handstat/cpu.h; the AVX-512 path with BITALG where the CPU has it), each form's trial one
 * board of the table itself, 8 times in turn (1.2 s for all 169 classes, about 1/2000 of that
 * job), or under a HANDSTAT_ISA that names a path the widest under it. */
int hs_holdem_preflop3_form(const hs_holdem_preflop3 *table);

/* Test-only (holdem_sample.c): what the Monte Carlo sampler deals, to check its distribution. */
typedef struct hs_holdem_sample_tally {
    uint64_t combo[HS_HOLDEM_MAX_PLAYERS]
                  [HS_HOLDEM_COMBOS]; /* deals giving p ranges[p]->combo[i] */
    uint64_t board[HS_CARDS]; /* deals where card c came to the board (not the given board) */
} hs_holdem_sample_tally;

/* Draw the deals hs_holdem_equity_sample would draw for these arguments (the same streams, one
 * thread) and tally them into *out. Returns what hs_holdem_equity_sample would return (but
 * never HS_ERR_CANCELLED). */
int hs_holdem_sample_tally_run(int players, const hs_holdem_range *const ranges[], uint64_t board,
                               uint64_t dead, uint64_t samples, uint64_t seed,
                               hs_holdem_sample_tally *out);

#endif
