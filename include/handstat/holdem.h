/* handstat — Texas hold'em: starting-hand classes, exact multi-way equity over every board, the
 * exact heads-up preflop table of the 169 starting-hand classes, and each class against one, two
 * and three random hands. */
#ifndef HANDSTAT_HOLDEM_H
#define HANDSTAT_HOLDEM_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/cards.h"
#include "handstat/count.h"
#include "handstat/job.h"
#include "handstat/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- starting-hand classes ------------------------------------------------------------------
 * The 169 classes of two hole cards, numbered as the usual 13 x 13 grid read row by row with the
 * ace first: index = 13 * row + column, where row and column run A K Q J T 9 .. 2. The diagonal
 * holds the pairs (AA = 0, KK = 14, .. 22 = 168); above it the suited hands (row = higher rank:
 * AKs = 1), below it the offsuit hands (column = higher rank: AKo = 13). A pair has 6
 * combinations, a suited hand 4, an offsuit hand 12: 1326 in all. */

#define HS_HOLDEM_CLASSES 169
#define HS_HOLDEM_MAX_PLAYERS 9
/* Every pot share is counted in units of 1/2520 of a pot: 2520 = lcm(1..9) divides evenly among
 * any number of players who split it. */
#define HS_HOLDEM_SHARE_UNIT 2520

/* The class 0..168 of two distinct cards given as a two-card mask. Precondition: two cards. */
HS_API int hs_holdem_class(uint64_t hole);

/* The name of class `cls` (0..168), e.g. "AA", "AKs", "T9o", into out[4] (NUL-terminated). */
HS_API void hs_holdem_class_name(int cls, char out[4]);

/* The number of combinations of class `cls`: 6, 4 or 12. */
HS_API int hs_holdem_class_combos(int cls);

/* Store the two-card masks of class `cls` in combos[] (room for 12), in increasing mask order.
 * Returns their number. */
HS_API int hs_holdem_class_hands(int cls, uint64_t combos[12]);

/* Parse one hold'em hand: either two cards ("AhKd", "Ah Kd", "10h 9h") or a class name ("AA",
 * "AKs", "t9o", ranks in either order, any case). Stores every concrete two-card mask it stands
 * for in combos[] (room for 12) and their number in *n. Returns HS_OK, HS_ERR_TOKEN (neither
 * cards nor a class; "AK" without s or o is not a class), HS_ERR_DUPLICATE or HS_ERR_COUNT (not
 * two cards); *err (may be NULL) locates the offending token. */
HS_API int hs_holdem_hand_parse(const char *text, size_t len, uint64_t combos[12], size_t *n,
                                hs_parse_error *err);

/* Parse a comma-separated list of starting-hand classes ("qq, KK ,AA", "AKs,T9o": blanks around
 * items, any case), each item exactly one class (AA, AKs, T9o; not AK, not two cards), into
 * classes[] (room for HS_HOLDEM_CLASSES) in the order given and their number into *n. Returns
 * HS_OK; HS_ERR_TOKEN (an item that is not one class, or an empty one: its length is 0);
 * HS_ERR_DUPLICATE (a class given twice: the second). *err (may be NULL) locates the item. */
HS_API int hs_holdem_classes_parse(const char *text, size_t len, int *classes, int *n,
                                   hs_parse_error *err);

/* ---- ranges ------------------------------------------------------------------------------------
 * A range is a set of two-card combinations, each with a weight: an exact decimal in units of
 * 1/HS_HOLDEM_WEIGHT_FULL of a whole combination (0.01 percent), 1..HS_HOLDEM_WEIGHT_FULL.
 * Its text is one or more comma-separated lists joined by the words "and" and "minus" (below);
 * a list's items (blanks around items are allowed) follow the PokerStove / OMPEval grammar:
 *   AhKd          two exact cards (also "Ah Kd", "10h9h")
 *   AA AKs AKo    a class; AK: both AKs and AKo (16 combinations)
 *   QQ+           QQ, KK, AA;  A2s+: A2s..AKs;  KTo+: KTo, KJo, KQo;  K9+: K9..KQ, both kinds
 *   55-22         55, 44, 33, 22;  A5s-A2s, KTo-K7o: the same top card, kickers between
 *   random        all 1326 combinations;  suited, offsuit, pairs: all 312, 936 and 78 of them
 *   15%           the best classes by exact heads-up equity against one random hand, taken
 *                 whole, until they hold at least 15% of the 1326 combinations (any decimal in
 *                 (0, 100], up to four places: "2.5%")
 *   AxKx AxKy     ProPokerTools' suit variables (w x y z): the same letter one suit (AKs), two
 *                 letters two suits (AKo, and "QxQy" is QQ); written back as the class
 *   AhK           one exact card and a rank: the ace of hearts with any king (4 combinations;
 *                 "KsA": the king of spades with any ace; "AhA": the three aces with the Ah)
 *   ITEM{hs}      only the item's combinations whose two cards are both of the suits listed
 *                 (any of s h d c): "AKs{hs}" is AhKh and AsKs, "QQ{hs}" is QhQs
 *   ITEM{!s}      only those with no card of the suits listed: "22+{!s}", pairs without a spade
 * and a weight, in any of three notations (default: the whole combination):
 *   ITEM@W        W percent, a decimal in (0, 100] with up to two places: "AKs@50", "AKs@12.5"
 *   ITEM:F        F a fraction in (0, 1] with up to four places (PioSOLVER, GTO+, GTO Wizard):
 *                 "AKs:0.5" is "AKs@50", "AhKh:0.125" is "AhKh@12.5", "AKs:0.0001" is "AKs@0.01"
 *   [W]A,B,..[/W] every item from the one opening "[W]" to the item closing "[/W]" with the same
 *                 W (percent as in @W; "[50]" and "[50.0]" alike) at W percent (Equilab, GTO+);
 *                 the items inside carry no weight of their own, brackets do not nest.
 * Ranks are any case (suits too), "T" for ten in class patterns. Within one list an item that
 * covers a combination another item already holds is an error (HS_ERR_DUPLICATE), as is an empty
 * item or one whose suit filter leaves nothing. Lists combine left to right:
 *   A and B       the combinations in both, each at the smaller of its two weights; an empty
 *                 result is an error ("AA and KK")
 *   A minus B     A's combinations not in B, at A's weights (B's weights play no part)
 * so "QQ+,AK minus AKo" is QQ+ and AKs, "20% and suited" the suited hands of the top 20%. The
 * notations never clash: ':' and '@' only ever introduce a weight, '[' and '{' never appear in
 * a card or a class, and "and" and "minus" are words set off by blanks, which no item holds. */

#define HS_HOLDEM_COMBOS 1326
/* A whole combination's weight (100 percent): weights are exact in units of 1/10000. */
#define HS_HOLDEM_WEIGHT_FULL 10000
/* Room for the canonical text of a range: enough for any text of one list (at most 1326 items,
 * the longest per combination "AhK{!dc}@12.34," in 16 bytes) and for any text of up to 10,000
 * bytes (no item's canonical form is over three times its text's length). */
#define HS_HOLDEM_RANGE_TEXT 32768

typedef struct hs_holdem_range {
    size_t n;                          /* combinations */
    uint64_t combo[HS_HOLDEM_COMBOS];  /* two-card masks, in the order the items give them */
    uint16_t weight[HS_HOLDEM_COMBOS]; /* 1..HS_HOLDEM_WEIGHT_FULL: units of 0.01 percent */
} hs_holdem_range;

/* Parse len bytes of range text into *out; when canon is not NULL, write the canonical text there
 * (cap bytes; see HS_HOLDEM_RANGE_TEXT): items in the order given, ranks upper case, suits lower
 * case, weights as "@W" ("AhKd", "QQ+", "A5s-A2s", "AKs@50", "AKs{hs}@12.5", "random"), lists
 * joined by " and " and " minus ". The combinations of a text with "and" or "minus" come in the
 * order of the first list's items. Returns HS_OK; HS_ERR_TOKEN (an item that is not of the
 * grammar, an empty item, a weight of 0, over 100% or finer than 0.01%, a bracket unopened,
 * unclosed, closed with another weight or nested, an unknown suit letter, an "and" that leaves
 * nothing); HS_ERR_DUPLICATE (an item repeats a combination of its list); HS_ERR_OVERFLOW (canon
 * too small). *err (may be NULL) locates the offending item. Pure; thread-safe. */
HS_API int hs_holdem_range_parse(const char *text, size_t len, hs_holdem_range *out, char *canon,
                                 size_t cap, hs_parse_error *err);

/* hs_holdem_range_parse, and on an error a static sentence into *why (may be NULL) saying what is
 * wrong with the item *err locates ("a weight over 1", "an unknown suit letter in a suit
 * filter (the suits are s h d c)", "no combination is in both sides of 'and' ..."). */
HS_API int hs_holdem_range_parse_why(const char *text, size_t len, hs_holdem_range *out,
                                     char *canon, size_t cap, hs_parse_error *err,
                                     const char **why);

/* The message of a failed hs_holdem_range_parse_why of `text` (rc, *err, why as it answered) for a
 * person, naming the item and saying why: "'AKs:1.5': a weight over 1", "'XX' is not two cards, a
 * class or a range item (AhKd, AA, ...)", "'QQ' repeats a combination of an earlier item". Written
 * into buf (cap bytes; 320 hold any message with a token of up to 200 bytes); returns buf. */
HS_API const char *hs_holdem_range_message(const char *text, int rc, const hs_parse_error *err,
                                           const char *why, char *buf, size_t cap);

/* The notations hs_holdem_range_format writes. */
typedef enum hs_holdem_range_style {
    HS_RANGE_HANDSTAT = 0, /* "AA,AKs@50,AhKh@12.5" */
    HS_RANGE_PIO = 1,      /* "AA,AKs:0.5,AhKh:0.125" (PioSOLVER, GTO+, GTO Wizard) */
    HS_RANGE_EQUILAB = 2   /* "AA,[50]AKs,AQs[/50],[12.5]AhKh[/12.5]" (Equilab, GTO+) */
} hs_holdem_range_style;

/* Write range r as text in `style` into out (cap bytes; HS_HOLDEM_RANGE_TEXT always suffice),
 * normalised: the classes in the order of the grid (AA, AKs, .. AKo, .. 22), each written whole
 * ("AKs") when the range holds all its combinations at one weight, else combination by
 * combination ("AhKh"); weights exact. Equal weights next to each other share one bracket in
 * HS_RANGE_EQUILAB. Reading the text back (hs_holdem_range_parse) gives the same combinations
 * with the same weights (in grid order). Returns HS_OK; HS_ERR_ARG (r not a valid range: a
 * combination not of two cards, repeated, or a weight not 1..HS_HOLDEM_WEIGHT_FULL; an empty
 * range; an unknown style); HS_ERR_OVERFLOW (cap too small). Pure; thread-safe. */
HS_API int hs_holdem_range_format(const hs_holdem_range *r, hs_holdem_range_style style, char *out,
                                  size_t cap);

/* A weight (1..HS_HOLDEM_WEIGHT_FULL) as exact decimal text: percent ("12.5", "100", "0.01")
 * when fraction is 0, a fraction of a combination ("0.125", "1", "0.0001") when it is 1. out
 * holds 16 bytes. Returns out. */
HS_API const char *hs_holdem_weight_text(unsigned weight, int fraction, char out[16]);

/* ---- exact equity ---------------------------------------------------------------------------
 * Each player holds one of a list of two-card combinations (one list per player; a concrete hand
 * is a list of one). A deal picks one combination per player, pairwise disjoint and disjoint
 * from the board and the dead cards, and then completes the board to five cards from the
 * remaining deck; every such deal counts once (all equally likely). For each deal the players
 * with the best seven-card hand win: one alone is a win, several split the pot (a tie for each
 * of them). */

typedef struct hs_holdem_player {
    uint64_t wins;   /* deals won alone */
    uint64_t ties;   /* deals where the player split the pot with others */
    uint64_t losses; /* deals lost */
    uint64_t shares; /* pot shares won, in units of 1/HS_HOLDEM_SHARE_UNIT of a pot */
} hs_holdem_player;

typedef struct hs_holdem_equity {
    int players;
    uint64_t deals; /* deals enumerated; each player's equity = shares / (deals * SHARE_UNIT) */
    hs_holdem_player player[HS_HOLDEM_MAX_PLAYERS];
} hs_holdem_equity;

/* Enumerate every deal for `players` (2..9) players; ranges[i] holds counts[i] distinct two-card
 * masks (combinations that meet the board or the dead cards are never dealt). `board` holds 0..5
 * known board cards, `dead` cards out of play. Uses `threads` OpenMP workers (0: the default);
 * results are identical at every thread count. Returns HS_OK; HS_ERR_ARG (bad player count, a
 * range empty, repeating a combination or holding something other than two cards, board or dead
 * cards overlapping each other or over five board cards, threads < 0); HS_ERR_COUNT when no deal
 * is possible (every choice of hands collides, or too few cards are left for the board);
 * HS_ERR_OVERFLOW when the counts could pass 64 bits (use hs_holdem_equity_ranges);
 * HS_ERR_CANCELLED if `progress` asked to stop. Memory stays bounded for any ranges (the choices
 * of hands are never stored). Deals that differ by a permutation of the suits mapping the board,
 * the dead cards and every range onto themselves have the same outcome, and only one of each
 * such set is solved. With three or more board cards to come, a work unit is one choice of hands
 * (up to 2^21 choices; beyond that, a choice for the first players with the others' walked
 * inside it, with coarser progress); with two or fewer, a unit is one completion of the board. */
HS_API int hs_holdem_equity_run(int players, const uint64_t *const ranges[], const size_t counts[],
                                uint64_t board, uint64_t dead, int threads, hs_progress_fn progress,
                                void *ctx, hs_holdem_equity *out);

/* ---- weighted ranges, counts past 64 bits ----------------------------------------------------
 * The same enumeration over parsed ranges with their weights: a deal counts the product of its
 * combinations' weights, each range's weights first divided by their greatest common divisor (so
 * a range without weights, or with one weight throughout, counts each deal once, and the counts
 * are those of hs_holdem_equity_run). Every count is an exact unsigned 128-bit integer. */

typedef struct hs_holdem_player_exact {
    hs_uint128 wins, ties, losses; /* weighted deals won alone, split, lost */
    hs_uint128 shares;             /* weighted pot shares, in units of 1/HS_HOLDEM_SHARE_UNIT */
} hs_holdem_player_exact;

typedef struct hs_holdem_equity_exact {
    int players;
    hs_uint128 deals; /* weighted deals; equity = shares / (deals * HS_HOLDEM_SHARE_UNIT) */
    hs_holdem_player_exact player[HS_HOLDEM_MAX_PLAYERS];
} hs_holdem_equity_exact;

/* Returns what hs_holdem_equity_run returns, with HS_ERR_OVERFLOW only when the counts could pass
 * 128 bits (no query that finishes in a lifetime). ranges[p]->weight must
 * be 1..HS_HOLDEM_WEIGHT_FULL. */
HS_API int hs_holdem_equity_ranges(int players, const hs_holdem_range *const ranges[],
                                   uint64_t board, uint64_t dead, int threads,
                                   hs_progress_fn progress, void *ctx, hs_holdem_equity_exact *out);

/* ---- Monte Carlo estimate ----------------------------------------------------------------------
 * For queries too big to enumerate: an estimate of the equity of hs_holdem_equity_ranges from
 * random deals of the same model. A deal is one combination per player, pairwise disjoint and
 * disjoint from the board and the dead cards, drawn with probability proportional to the product
 * of the combinations' weights, and then a uniformly random completion of the board from the
 * cards left. The sampler draws exactly from that distribution: each player's combination is
 * drawn from its range in proportion to its weight, a choice where two combinations share a card
 * is thrown away whole and drawn again (so collisions between ranges, "card removal", weigh as
 * they do in the exact count), and the board is completed by a partial Fisher-Yates shuffle.
 *
 * Every count is of sampled deals, exact integers. Player p's estimate of equity is
 * shares / (samples * HS_HOLDEM_SHARE_UNIT), the mean of its pot share x over the deals (x is 1
 * for a win, 1/k for a k-way split, 0 for a loss). Its standard error is s / sqrt(samples), s^2
 * the sample variance of x (divisor samples - 1), derived exactly from the integer sums of x and
 * x^2: it is the standard deviation of the estimate, so the exact equity lies within two
 * standard errors of it in about 95% of runs (the normal approximation; asymptotic in samples).
 *
 * Deterministic: the samples are split into fixed work units (2^16 samples each, the last
 * shorter; more per unit when there would be over 2^20 units), each drawn from its own random
 * stream (xoshiro256** seeded by SplitMix64 from the seed and the unit's index), and the counts
 * are summed exactly, so one (query, samples, seed) gives bit-identical results at every thread
 * count and on every run. Another seed gives an independent estimate; runs with distinct seeds
 * may be merged by adding their counts and sums. */

typedef struct hs_holdem_sample_player {
    uint64_t wins;        /* sampled deals won alone */
    uint64_t ties;        /* sampled deals where the player split the pot */
    uint64_t losses;      /* sampled deals lost */
    uint64_t shares;      /* pot shares won, in units of 1/HS_HOLDEM_SHARE_UNIT: the sum of x */
    hs_uint128 shares_sq; /* the sum over the deals of the share squared (in units squared) */
    double equity;        /* shares / (samples * HS_HOLDEM_SHARE_UNIT) */
    double std_error;     /* the standard error of equity (NaN when samples is 1) */
} hs_holdem_sample_player;

typedef struct hs_holdem_equity_sample_result {
    int players;
    uint64_t samples; /* deals drawn (the samples asked for) */
    hs_holdem_sample_player player[HS_HOLDEM_MAX_PLAYERS];
} hs_holdem_equity_sample_result;

/* Draw `samples` deals (as above) for `players` (2..9) players with ranges[p]
 * (weights 1..HS_HOLDEM_WEIGHT_FULL; combinations that meet the board or the dead cards are never
 * dealt), `board` holding 0..5 known cards and `dead` cards out of play, from the random streams of
 * `seed`, on `threads` OpenMP workers (0: the default). `progress` is called with the work units
 * done and their number, and now and then inside a unit (it can stop the run within milliseconds).
 * Returns HS_OK; HS_ERR_ARG (samples 0, a bad player count, a NULL or empty range, a range
 * repeating a combination or holding something other than two cards or a weight
 * not 1..HS_HOLDEM_WEIGHT_FULL, board or dead cards overlapping each other or over five board
 * cards, threads < 0); HS_ERR_OVERFLOW when samples * HS_HOLDEM_SHARE_UNIT passes 64 bits (the sum
 * of shares must fit: at most 7,320,136,537,186,330 samples); HS_ERR_COUNT when no deal is possible
 * (a range lies wholly on the board or dead cards, too few cards are left for the board, or a
 * million choices in a row collided: every choice may collide, or so nearly every one that sampling
 * is hopeless); HS_ERR_CANCELLED if `progress` asked to stop; HS_ERR_NOMEM. On an error *out is
 * zeroed. Thread-safe; keeps no state between calls. */
HS_API int hs_holdem_equity_sample(int players, const hs_holdem_range *const ranges[],
                                   uint64_t board, uint64_t dead, uint64_t samples, uint64_t seed,
                                   int threads, hs_progress_fn progress, void *ctx,
                                   hs_holdem_equity_sample_result *out);

/* ---- the heads-up preflop table -------------------------------------------------------------
 * For every ordered pair of classes (A, B): every pair of disjoint combinations a in A, b in B
 * with every board of five of the other 48 cards. wins[A][B] counts deals where A's hand wins,
 * ties[A][B] split pots; B's wins are wins[B][A]. The work is a fixed list of units over the
 * boards that are distinct up to a permutation of suits (each weighted by the number of boards
 * it stands for: a suit permutation maps every class to itself), so partial counts from units
 * merge exactly in any order, across threads, runs or machines. */

typedef struct hs_holdem_preflop_counts {
    uint64_t wins[HS_HOLDEM_CLASSES][HS_HOLDEM_CLASSES];
    uint64_t ties[HS_HOLDEM_CLASSES][HS_HOLDEM_CLASSES];
    uint64_t units_done;
} hs_holdem_preflop_counts;

/* The boards of the preflop table (and of the vs-random table below), built once (about 1 MB;
 * takes a fraction of a second). */
typedef struct hs_holdem_preflop hs_holdem_preflop;

/* Build the board list into *out. Returns HS_OK or HS_ERR_NOMEM. */
HS_API int hs_holdem_preflop_new(hs_holdem_preflop **out);
HS_API void hs_holdem_preflop_free(hs_holdem_preflop *table);

/* The number of work units, and the number of suit-distinct boards (134,459). */
HS_API size_t hs_holdem_preflop_units(const hs_holdem_preflop *table);
HS_API size_t hs_holdem_preflop_boards(const hs_holdem_preflop *table);

/* Add units [first, last) to *acc (and their number to acc->units_done) with `threads` OpenMP
 * workers (0: the default). `progress` is called after each unit with the units of the table
 * done and the units of the table. Returns HS_OK, HS_ERR_ARG (bad range or threads), HS_ERR_NOMEM
 * or HS_ERR_CANCELLED (then *acc is unchanged). */
HS_API int hs_holdem_preflop_run(const hs_holdem_preflop *table, size_t first, size_t last,
                                 int threads, hs_progress_fn progress, void *ctx,
                                 hs_holdem_preflop_counts *acc);

/* The number of disjoint combination pairs of classes a and b (e.g. AA vs KK: 36, AA vs AA: 6,
 * AKs vs AKo: 24). */
HS_API uint64_t hs_holdem_class_pairs(int a, int b);

/* The table as a job (handstat/job.h: threads, progress, any subset of units, checkpoints) over
 * the board list t, which must outlive it. Returns HS_OK or HS_ERR_NOMEM. Its invariants: for
 * every ordered pair of classes, A's wins + ties + B's wins = hs_holdem_class_pairs(A, B) x
 * 1,712,304 boards, and the ties are the same both ways. */
HS_API int hs_holdem_preflop_job_new(const hs_holdem_preflop *table, hs_job **out);
/* The counts of the job's units done so far. */
HS_API const hs_holdem_preflop_counts *hs_holdem_preflop_job_counts(const hs_job *job);

/* ---- each class against random hands --------------------------------------------------------
 * For each class X and k = 1, 2 or 3 opponents: the hero holds a combination of X, each opponent
 * two of the other 50 cards (disjoint from each other), the board five of the cards left; every
 * deal (the hero's combination, the opponents' hands seat by seat, the board) is equally likely.
 * So there are combos(X) x C(50,2) x C(48,5) = combos(X) x 2,097,572,400 deals against one
 * opponent, combos(X) x C(50,2) x C(48,2) x C(46,5) = combos(X) x 1,894,107,877,200 against two
 * and combos(X) x C(50,2) x C(48,2) x C(46,2) x C(44,5) = combos(X) x 1,553,168,459,304,000
 * against three (the opponents' hands ordered: seat 1, seat 2, seat 3). wins: the hero's hand
 * beats every opponent's; ties: the hero shares the best hand with one or more; losses: the rest.
 * shares: the hero's pot share in units of 1/HS_HOLDEM_SHARE_UNIT of a pot (a split pot divided
 * equally among its winners); the equity is shares / (deals x HS_HOLDEM_SHARE_UNIT). Against one
 * opponent these are the counts of hs_holdem_equity_run with X against "random", against k the
 * counts of X against k "random" ranges.
 *
 * Every count fits 64 bits with room to spare against one or two opponents: the largest class (12
 * combos) has 12 x 1,894,107,877,200 < 2.3e13 deals, so shares < 2520 x 2.3e13 < 5.8e16, and over
 * all 1326 combinations deals < 2.6e15 and shares < 6.4e18 < 2^63 (so also deals x SHARE_UNIT).
 * Against three, deals < 12 x 1.56e15 < 1.9e16 < 2^63 per class (and < 2.1e18 over all classes),
 * but shares reach 2520 x 1.9e16 > 2^64: they are 128-bit (hs_holdem_vs_random_row). */

#define HS_HOLDEM_VS_RANDOM_MAX_OPPONENTS 3

/* One class against three opponents: as hs_holdem_player, the shares 128-bit. */
typedef struct hs_holdem_vs_random_row {
    uint64_t wins, ties, losses;
    hs_uint128 shares; /* pot shares won, in units of 1/HS_HOLDEM_SHARE_UNIT of a pot */
} hs_holdem_vs_random_row;

typedef struct hs_holdem_vs_random_counts {
    hs_holdem_player vs[HS_HOLDEM_CLASSES][2]; /* [class][opponents - 1] for 1 and 2 opponents */
    hs_holdem_vs_random_row vs3[HS_HOLDEM_CLASSES]; /* [class]: 3 opponents (0 unless counted) */
    uint64_t units_done;
} hs_holdem_vs_random_counts;

/* The deals of class `cls` against `opponents` (1..3) random hands, as above; 0 for arguments
 * out of range. */
HS_API uint64_t hs_holdem_vs_random_deals(int cls, int opponents);

/* Add units [first, last) of the vs-random table over the board list `table` (the units of
 * hs_holdem_preflop_units) to *acc, as hs_holdem_preflop_run does (same arguments, same
 * returns), against 1 and 2 opponents (vs3 untouched). Each suit-distinct board is swept once:
 * its 1081 hands ranked and sorted, and for each hero hand the opponents' hands (pairs of them)
 * that are worse or equal counted from per-card counts, by inclusion-exclusion over the cards
 * they share. */
HS_API int hs_holdem_vs_random_run(const hs_holdem_preflop *table, size_t first, size_t last,
                                   int threads, hs_progress_fn progress, void *ctx,
                                   hs_holdem_vs_random_counts *acc);

/* The same against 1, 2 and, when max_opponents is 3, three opponents (vs3): the ordered triples
 * of pairwise disjoint hands worse or equal, by inclusion-exclusion over their shared cards and
 * the triangles ({x,y}, {y,z}, {x,z}) they can form. HS_ERR_ARG also for max_opponents outside
 * 2..HS_HOLDEM_VS_RANDOM_MAX_OPPONENTS. Three opponents cost several times two (README). */
HS_API int hs_holdem_vs_random_run_opponents(const hs_holdem_preflop *table, int max_opponents,
                                             size_t first, size_t last, int threads,
                                             hs_progress_fn progress, void *ctx,
                                             hs_holdem_vs_random_counts *acc);

/* Add to *acc (not to units_done) the deals whose board is exactly the five cards `board`: each
 * hero combination and ordered opponents' hands disjoint from it, one board; against 1, 2 and 3
 * opponents. Returns HS_OK, HS_ERR_ARG (not five cards) or HS_ERR_NOMEM. Thread-safe. */
HS_API int hs_holdem_vs_random_board(const hs_holdem_preflop *table, uint64_t board,
                                     hs_holdem_vs_random_counts *acc);

/* The table on a smaller deck: the cards of `live` only (the others dead), every board of five of
 * them once (no suit symmetry used: C(n, 5) boards of n live cards, so meant for small decks and
 * tests), against 1 .. max_opponents (1..3) random hands drawn from the live cards. Adds to
 * *acc (not to units_done): per class, the deals of hs_holdem_vs_random_deck_deals. Returns
 * HS_OK, HS_ERR_ARG (cards off the deck, max_opponents out of range) or HS_ERR_NOMEM.
 * Thread-safe. */
HS_API int hs_holdem_vs_random_deck(const hs_holdem_preflop *table, uint64_t live,
                                    int max_opponents, hs_holdem_vs_random_counts *acc);

/* The deals of class `cls` against `opponents` (1..3) on the deck `live`: its combinations of
 * the class x C(n-2, 2) x .. x C(n-2k, 2) x C(n-2-2k, 5) for n live cards (0 when the deck is too
 * small); hs_holdem_vs_random_deals is the full deck's. 0 for arguments out of range. */
HS_API uint64_t hs_holdem_vs_random_deck_deals(int cls, int opponents, uint64_t live);

/* The table as a job over the board list `table`, which must outlive it (as
 * hs_holdem_preflop_job_new), against 1 and 2 opponents. Returns HS_OK or HS_ERR_NOMEM. Its
 * invariants: for every class and opponent count, wins + ties + losses = hs_holdem_vs_random_deals;
 * against one opponent shares = 2520 wins + 1260 ties, against k >= 2 2520 wins + 2520/(k+1) ties
 * <= shares <= 2520 wins + 1260 ties; over all classes the hero's shares are 1/(k+1) of the deals'
 * pots, and against one opponent total wins = total losses. */
HS_API int hs_holdem_vs_random_job_new(const hs_holdem_preflop *table, hs_job **out);
/* The same job against 1 .. max_opponents (2 or 3) opponents; its checkpoints name the count.
 * HS_ERR_ARG for other counts. */
HS_API int hs_holdem_vs_random_job_new_opponents(const hs_holdem_preflop *table, int max_opponents,
                                                 hs_job **out);
/* The same job with a board list of its own, built here and freed with the job (the request
 * layer's "holdem vs-random"): HS_OK, HS_ERR_ARG (max_opponents not 2 or 3) or HS_ERR_NOMEM.
 * Its checkpoints are those of hs_holdem_vs_random_job_new_opponents. */
HS_API int hs_holdem_vs_random_job_new_own(int max_opponents, hs_job **out);
/* The suit-distinct boards a vs-random job sweeps (134,459). */
HS_API size_t hs_holdem_vs_random_job_boards(const hs_job *job);
/* The counts of the job's units done so far. */
HS_API const hs_holdem_vs_random_counts *hs_holdem_vs_random_job_counts(const hs_job *job);

/* ---- vs-random, sampled: 1 to 9 opponents -----------------------------------------------------
 * No exact method is known here beyond three opponents, so the table against up to nine is an
 * ESTIMATE from sampled deals (the model above). A sample is the board and k opponents' hands,
 * 5 + 2k cards drawn uniformly from the 52; every hero combination that avoids them is scored on
 * it (given that it avoids them, the deal is uniform over the deals avoiding it: the model), so
 * one sample serves the C(47 - 2k, 2) combinations it leaves free, of every class. The estimate
 * of a class's equity is the ratio of its combinations' pot shares to their number over the
 * samples; its standard error is the ratio estimator's (delta method) from the per-sample sums
 * below (hs_holdem_vs_random_estimate). The samples of one opponent count come from streams
 * seeded by (seed, count, unit): the same seed gives the same integers for a count at every
 * thread count, whichever other counts are asked for. */

#define HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS 9
/* At most this many samples per opponent count: the sums of squares stay below 2^64 (a class's
 * per-sample share is at most 12 x 2520). */
#define HS_HOLDEM_VS_RANDOM_MAX_SAMPLES UINT64_C(10000000000)

/* One class against k opponents, summed over the samples: over the (combination, sample) pairs
 * scored, those won alone (wins), split (ties), and in all (hands; the losses are the rest); and
 * with x = the pot shares of the class's combinations on one sample (units of 1/2520 of a pot)
 * and n = their number, the sums of x, x^2, n^2 and x n. */
typedef struct hs_holdem_vs_random_sums {
    uint64_t wins, ties, hands;
    uint64_t shares, shares_sq, hands_sq, shares_hands;
} hs_holdem_vs_random_sums;

typedef struct hs_holdem_vs_random_sample_counts {
    hs_holdem_vs_random_sums row[HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS][HS_HOLDEM_CLASSES];
    uint64_t samples[HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS]; /* [k - 1]: samples drawn */
} hs_holdem_vs_random_sample_counts;

/* The sampled table as a job: `samples` samples (1..HS_HOLDEM_VS_RANDOM_MAX_SAMPLES) for each
 * opponent count k whose bit (1u << k) is set in `opponents` (k = 1..9), from `seed`. Returns
 * HS_OK, HS_ERR_ARG (no count, a count out of range, 0 samples), HS_ERR_OVERFLOW (too many
 * samples) or HS_ERR_NOMEM. Its invariants: every asked count drew its samples, scoring
 * C(47 - 2k, 2) combinations each; 2520 wins <= shares <= 2520 wins + 1260 ties per class. */
HS_API int hs_holdem_vs_random_sample_job_new(unsigned opponents, uint64_t samples, uint64_t seed,
                                              hs_job **out);
/* The sums of the job's units done so far. */
HS_API const hs_holdem_vs_random_sample_counts *
hs_holdem_vs_random_sample_job_counts(const hs_job *job);
/* The whole sampled table into *out (overwritten) on `threads` workers (0: one per core); the
 * job's returns. */
HS_API int hs_holdem_vs_random_sample(unsigned opponents, uint64_t samples, uint64_t seed,
                                      int threads, hs_progress_fn progress, void *ctx,
                                      hs_holdem_vs_random_sample_counts *out);
/* A row's estimate of the equity (shares / (hands x 2520)) and its standard error from `samples`
 * samples (NaN when hands is 0, the error NaN also when samples < 2). */
HS_API void hs_holdem_vs_random_estimate(const hs_holdem_vs_random_sums *s, uint64_t samples,
                                         double *equity, double *std_error);

/* ---- the three-way preflop table ------------------------------------------------------------
 * For every unordered triple of classes A <= B <= C (in class order, repetition allowed) of a
 * selection of classes: player a holds a combination of A, b one of B, c one of C, the three
 * pairwise disjoint, and the board is five of the other 46 cards; every such deal counts once
 * (hs_holdem_preflop3_deals of them). The counts are the deals each player wins alone, each pair
 * of players ties for the best hand (the third losing), and all three tie. Triples that no deal
 * can hold (a pair class three times; AA, AA, AK) have no deals and all counts zero.
 *
 * The work is a list of units over the suit-distinct boards of the heads-up table (each board
 * weighted by the boards it stands for). On one board every selected class's hands are ranked
 * and sorted once; then for each pair of hands (a, b) the third player's hands of every class C
 * are split at a single rank into worse, equal and better, and those that share no card with a
 * or b are counted from per-card bit masks. Every count is an exact integer: at most
 * 12^3 x C(46,5) < 2^32 per triple and outcome, kept in 64 bits. */

enum {
    HS_P3_WIN_A,   /* a wins alone */
    HS_P3_WIN_B,   /* b wins alone */
    HS_P3_WIN_C,   /* c wins alone */
    HS_P3_TIE_AB,  /* a and b split the pot, c loses */
    HS_P3_TIE_AC,  /* a and c split, b loses */
    HS_P3_TIE_BC,  /* b and c split, a loses */
    HS_P3_TIE_ABC, /* all three split */
    HS_P3_OUTCOMES
};

/* A selection of classes and the board list, built once (a fraction of a second). */
typedef struct hs_holdem_preflop3 hs_holdem_preflop3;

/* The table over the n classes classes[] (distinct, 0..168, any order; the table keeps them in
 * increasing class order), or over all 169 when classes is NULL. Returns HS_OK; HS_ERR_ARG (n
 * out of 1..169, a class out of range or repeated); HS_ERR_NOMEM. */
HS_API int hs_holdem_preflop3_new(const int *classes, int n, hs_holdem_preflop3 **out);
HS_API void hs_holdem_preflop3_free(hs_holdem_preflop3 *table);

/* The number of selected classes, and the classes themselves into classes[] (room for 169; may
 * be NULL), in increasing class order. */
HS_API int hs_holdem_preflop3_classes(const hs_holdem_preflop3 *table, int *classes);

/* The number of triples k (k + 1) (k + 2) / 6 of a selection of k classes (818,805 for all 169),
 * impossible ones included, and the classes of triple `index` into cls[3] (A <= B <= C). Triples
 * are numbered in lexicographic order of (A, B, C). */
HS_API size_t hs_holdem_preflop3_triples(const hs_holdem_preflop3 *table);
HS_API void hs_holdem_preflop3_triple(const hs_holdem_preflop3 *table, size_t index, int cls[3]);

/* The number of pairwise disjoint combination triples of classes a, b, c (AA, KK, QQ: 216; AA,
 * AA, KK: 36; AA, AA, AA: 0), and the deals of the triple: that times C(46, 5) = 1,370,754. */
HS_API uint64_t hs_holdem_class_triples(int a, int b, int c);
HS_API uint64_t hs_holdem_preflop3_deals(int a, int b, int c);

/* The table as a job (handstat/job.h) over `table`, which must outlive it. Its invariants: for
 * every triple the seven outcomes add up to its deals, and a repeated class gets the same counts
 * for both of its players. Its counting takes the form measured fastest on this table (a trial
 * of each form on one of its boards: handstat/cpu.h, HANDSTAT_ISA). Returns HS_OK or
 * HS_ERR_NOMEM. */
HS_API int hs_holdem_preflop3_job_new(const hs_holdem_preflop3 *table, hs_job **out);
/* The counts of the job's units done so far: HS_P3_OUTCOMES per triple, in triple order. */
HS_API const uint64_t *hs_holdem_preflop3_job_counts(const hs_job *job);

/* ---- folded ranges (card removal) ---------------------------------------------------------
 * Players who folded hold a hand out of play: folded player j holds one combination of its range
 * fold[j], unknown. A deal is the active players' combinations, each folded player's combination
 * and the completion of the board, all pairwise disjoint and disjoint from the board and the dead
 * cards; it weighs the product of all its combinations' weights (each range's divided by their
 * greatest common divisor, as hs_holdem_equity_ranges). Folded hands never play: the counts are
 * the active players' outcomes, exact 128-bit integers:
 *   counts = sum over the folded tuples f (one combination per folded player, pairwise disjoint,
 *            off the board and the dead cards) of w_f x (hs_holdem_equity_ranges's counts with
 *            f's cards dead),
 * w_f the product of f's weights. Tuples that a permutation of the suits maps onto each other
 * while keeping the board, the dead cards and every range (active and folded, with its weights)
 * have the same counts: one per such set is solved, times the set's size. The work is thus the
 * plain query's, once per solved tuple (hs_holdem_folded_plan_count counts them). */

#define HS_HOLDEM_MAX_FOLDED 8

typedef struct hs_holdem_folded_plan {
    uint64_t tuples; /* folded tuples: pairwise disjoint, off the board and the dead cards */
    uint64_t solves; /* runs of the exact engine: one per suit-symmetric set of tuples */
    int symmetries;  /* suit permutations keeping the query (1: the identity only) */
    int capped;      /* the count stopped on reaching `cap` tuples: the true counts are larger */
} hs_holdem_folded_plan;

/* Count the tuples and the engine runs of the query below (or of any folded query over
 * `players` 1..9 active ranges: hs_holdem_equity_dist_folded's are hero and villain), stopping
 * once `cap` tuples (0: no cap) are reached. Returns HS_OK; HS_ERR_ARG (as
 * hs_holdem_equity_folded, but for one range); HS_ERR_COUNT (a
 * folded range wholly on the board or the dead cards, or no tuple of disjoint folded hands);
 * HS_ERR_NOMEM. Pure; thread-safe. */
HS_API int hs_holdem_folded_plan_count(int players, const hs_holdem_range *const ranges[],
                                       int folded, const hs_holdem_range *const fold[],
                                       uint64_t board, uint64_t dead, uint64_t cap,
                                       hs_holdem_folded_plan *out);

/* The exact equity of `players` (2..9) active ranges with `folded` (0..HS_HOLDEM_MAX_FOLDED)
 * folded ranges fold[] (weights 1..HS_HOLDEM_WEIGHT_FULL), as above; folded = 0 is
 * hs_holdem_equity_ranges. `progress` sees the whole run (each engine run a slice); `threads` as
 * there. Returns HS_OK; HS_ERR_ARG (a bad count, a NULL, empty or invalid range, board or dead
 * cards overlapping or over five board cards, threads < 0); HS_ERR_COUNT (no deal: a folded range
 * wholly on the known cards, or no folded tuple leaves the active players a deal); HS_ERR_OVERFLOW
 * (a count, or the deals' pot shares, would pass 128 bits: each sum is checked);
 * HS_ERR_CANCELLED; HS_ERR_NOMEM. On an error *out is zeroed. Thread-safe. */
HS_API int hs_holdem_equity_folded(int players, const hs_holdem_range *const ranges[], int folded,
                                   const hs_holdem_range *const fold[], uint64_t board,
                                   uint64_t dead, int threads, hs_progress_fn progress, void *ctx,
                                   hs_holdem_equity_exact *out);

/* The estimate of hs_holdem_equity_folded: hs_holdem_equity_sample's model and draws, with the
 * folded players' combinations drawn as extra hands after the active players' (from their ranges
 * by weight, a choice where any two hands share a card drawn again whole) that are never scored.
 * Returns what hs_holdem_equity_sample returns (HS_ERR_ARG also for folded out of
 * 0..HS_HOLDEM_MAX_FOLDED or a bad folded range); folded = 0 is hs_holdem_equity_sample, sample
 * for sample. */
HS_API int hs_holdem_equity_sample_folded(int players, const hs_holdem_range *const ranges[],
                                          int folded, const hs_holdem_range *const fold[],
                                          uint64_t board, uint64_t dead, uint64_t samples,
                                          uint64_t seed, int threads, hs_progress_fn progress,
                                          void *ctx, hs_holdem_equity_sample_result *out);

#ifdef __cplusplus
}
#endif

#endif
