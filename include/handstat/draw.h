/* handstat — draw games: badugi's ranking, and one draw's exact odds in five-card draw (high),
 * deuce-to-seven and ace-to-five lowball and badugi.
 *
 * Badugi (four cards). A hand's value is its best badugi: the largest subset of its cards with
 * no two of one rank and no two of one suit (its "size", 1 to 4), and among the subsets of that
 * size the lowest, compared by the highest rank, then the next, and so on, aces low (the ace is
 * the lowest card; straights do not count). A larger badugi beats any smaller one: every
 * four-card badugi beats every three-card hand. So a class is a size s and a set of s distinct
 * ranks, and there are C(13,4) + C(13,3) + C(13,2) + C(13,1) = 715 + 286 + 78 + 13 = 1092
 * classes: 1 (4-3-2-A, the best) .. 715 (K-Q-J-T), then the three-card hands 716 (3-2-A) .. 1001
 * (K-Q-J), the two-card hands 1002 (2-A) .. 1079 (K-Q), and the one-card hands 1080 (A) .. 1092
 * (K). Within a size, a set of ranks R comes before R' when the highest rank where they differ
 * is lower in R (the order of the 13-bit rank sets as numbers, the ace bit 0).
 *
 * The draw games. The class of a final hand (the lower the better) is hs_poker_rank5 for high
 * (five-card draw, 1..7462), hs_low_27_rank for deuce-to-seven, hs_low_a5_rank for ace-to-five
 * (handstat/lowball.h) and hs_badugi_rank for badugi. Each game groups its classes into "bands",
 * best first, the rows of the drawing-odds tables:
 *   27      7-low, 8-low, 9-low, T-low, J-low, Q-low, K-low, A-low, pair_or_worse (9; "pair or
 *           worse": any pair, straight or flush)
 *   a5      5-low, 6-low, ..., K-low, pair_or_worse (10)
 *   high    straight_flush, four_of_a_kind, ..., pair, high_card (9, hs_poker_category_name)
 *   badugi  4-card badugis by their top card, 4-high .. K-high, then 3-card, 2-card, 1-card (13)
 *
 * A draw: the player keeps some cards and draws the others from the stub, the cards neither held
 * by him nor known to be elsewhere: his own discards and every known dead card (another
 * player's cards or discards) are out of it. Every set of replacements is equally likely, so the
 * odds are counts over the C(stub, draw) replacement sets. Pure functions; thread-safe. */
#ifndef HANDSTAT_DRAW_H
#define HANDSTAT_DRAW_H

#include "handstat/api.h"
#include "handstat/progress.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- badugi ------------------------------------------------------------------------------- */

#define HS_BADUGI_CLASSES 1092
#define HS_BADUGI_HANDS 270725 /* C(52,4) */

/* The badugi class (1..1092, lower is better) of the four cards of mask `hand`; 0 when it does
 * not hold exactly four cards. */
HS_API int hs_badugi_rank(uint64_t hand);

/* The cards of `hand` (four cards) that make its badugi: the subset of distinct ranks and suits
 * that the class counts. When several subsets make the same class, the one of the smallest mask.
 * 0 when `hand` does not hold four cards. */
HS_API uint64_t hs_badugi_best(uint64_t hand);

/* The size (1..4) of class `cls`, and its ranks (card ranks, 0 = ace .. 12 = king) from the
 * highest into ranks[0..size); -1 for a class out of range. */
HS_API int hs_badugi_ranks(int cls, int ranks[4]);

/* The top card (card rank, 0 = ace .. 12 = king) of class `cls`; -1 out of range. */
HS_API int hs_badugi_top(int cls);

/* "4-card badugi, 4-3-2-A", "3-card, K-5-2", "1-card, A": written as snprintf does (at most cap
 * bytes with the NUL; returns the full length); "" for a class out of range. */
HS_API size_t hs_badugi_describe(int cls, char *buf, size_t cap);

/* The class of every one of the C(52,4) = 270,725 four-card hands, counted into
 * count[1..1092]; count[0] is set to 0. Milliseconds. */
HS_API void hs_badugi_hist(uint64_t count[HS_BADUGI_CLASSES + 1]);

/* ---- the draw games ----------------------------------------------------------------------- */

enum { HS_DRAW_27 = 0, HS_DRAW_A5 = 1, HS_DRAW_HIGH = 2, HS_DRAW_BADUGI = 3 };
#define HS_DRAW_GAMES 4
#define HS_DRAW_MAX_BANDS 13

/* The game named `name` ("27", "a5", "high", "badugi"): its HS_DRAW_* value, or -1. */
HS_API int hs_draw_game_parse(const char *name);
/* The name of game `game` ("27" ...), NULL out of range. */
HS_API const char *hs_draw_game_name(int game);
/* The cards of a hand: 5, or 4 for badugi; 0 out of range. */
HS_API int hs_draw_hand_cards(int game);
/* The class of a final hand of `game` (the game's hand size exactly, lower is better); 0 when
 * `hand` holds another number of cards or the game is out of range. */
HS_API int hs_draw_class(int game, uint64_t hand);
/* The game's number of classes (7462, 6175, 7462, 1092); 0 out of range. */
HS_API int hs_draw_classes(int game);
/* The game's number of bands, the band (0 = best) of class `cls`, and a band's name ("7-low",
 * "pair_or_worse", "flush", "4-card 5-high", "3-card"); -1 / NULL out of range. */
HS_API int hs_draw_bands(int game);
HS_API int hs_draw_band(int game, int cls);
HS_API const char *hs_draw_band_name(int game, int band);

/* The final hands of one draw: how many replacement sets give each band, out of total =
 * C(stub, draw), and the sum of their classes (the mean class is class_sum / total). */
typedef struct hs_draw_odds {
    int bands;
    uint64_t total;
    uint64_t count[HS_DRAW_MAX_BANDS];
    uint64_t class_sum;
} hs_draw_odds;

/* The exact odds of keeping `kept` and drawing `draw` cards from the stub, the cards in neither
 * `kept` nor `dead` (the player's own discards belong in `dead`). Returns HS_OK; HS_ERR_ARG for a
 * game out of range or a draw larger than the stub; HS_ERR_COUNT when kept's cards and draw do
 * not make the game's hand size; HS_ERR_DUPLICATE when kept and dead share a card. */
HS_API int hs_draw_odds_of(int game, uint64_t kept, int draw, uint64_t dead, hs_draw_odds *out);

/* An opponent of a best-discard question: the cards it holds (the game's hand size) and those
 * of them it throws (0: it stands pat); it draws as many as it throws. */
typedef struct hs_draw_opponent {
    uint64_t hand;
    uint64_t discard;
} hs_draw_opponent;

/* One discard choice: what is thrown and kept, the odds of the draw, and against an opponent the
 * replacement deals (every set of the player's, then every set of the opponent's from what is
 * left: deals = C(stub, draw) * C(stub - draw, opponent's draw)) the player wins, ties and
 * loses. */
typedef struct hs_draw_choice {
    uint64_t discard, kept;
    int draw;
    hs_draw_odds odds;
    uint64_t wins, ties, losses, deals;
} hs_draw_choice;

#define HS_DRAW_MAX_CHOICES 32
/* The most (player's, opponent's) replacement pairs hs_draw_discards compares over all its
 * choices: about a few seconds of one thread. Beyond it: HS_ERR_ARG (exact or nothing). */
#define HS_DRAW_MAX_DEALS UINT64_C(4000000000)

/* Every discard choice of `hand` (2^cards: 32 for five cards, 16 for four) with one draw to
 * come, the stub being the cards in neither hand, `dead` nor the opponent's hand (opp may be
 * NULL: no opponent, wins/ties/losses/deals 0). Into out[0..*n), best first: against an opponent
 * by the equity (wins + ties / 2) / deals, the larger first; without one (and on equal equity) by
 * the mean class, the lower first; then by the discard's mask. Returns HS_OK; HS_ERR_ARG (a game
 * out of range, an opponent's discard not in its hand, a draw larger than the stub, over
 * HS_DRAW_MAX_DEALS); HS_ERR_COUNT (a hand not of the game's size); HS_ERR_DUPLICATE (hands or
 * dead sharing a card). */
HS_API int hs_draw_discards(int game, uint64_t hand, uint64_t dead, const hs_draw_opponent *opp,
                            hs_draw_choice out[HS_DRAW_MAX_CHOICES], int *n);

/* ---- equity with one draw ---------------------------------------------------------------- */

#define HS_DRAW_MAX_PLAYERS 6
/* The most deals hs_draw_equity enumerates (the product of each player's draw count, as the seats
 * draw in turn from what the earlier draws leave): a few seconds of one thread. Beyond it:
 * HS_ERR_ARG (exact or nothing). */
#define HS_DRAW_MAX_EQUITY_DEALS UINT64_C(1000000000)

/* The players' shares of the pot after the last draw, over every deal of the replacements:
 * deals = C(stub, k1) * C(stub - k1, k2) * ... (player i draws k_i of the cards the earlier draws
 * leave; since every order of the stub is equally likely, the seats' order does not change the
 * counts). wins[i]: deals player i wins alone; ties[i]: deals it shares with others; share[i]:
 * its share of the pots in sixtieths (a pot split w ways gives each 60 / w), so that its equity
 * is share[i] / (60 deals) exactly. */
typedef struct hs_draw_equity {
    int players;
    uint64_t deals;
    uint64_t wins[HS_DRAW_MAX_PLAYERS], ties[HS_DRAW_MAX_PLAYERS], share[HS_DRAW_MAX_PLAYERS];
} hs_draw_equity;

/* The exact equity of n (2..6) players of `game`, each holding hand[i].hand (the game's hand size)
 * and throwing hand[i].discard (0: pat), with one draw to come; `dead` cards (other discards,
 * folded hands) are out of the stub, as are every player's cards and discards. Returns HS_OK;
 * HS_ERR_ARG (a game or n out of range, a discard not in its hand, draws larger than the stub,
 * over HS_DRAW_MAX_EQUITY_DEALS); HS_ERR_COUNT (a hand not of the game's size); HS_ERR_DUPLICATE
 * (hands or dead sharing a card). */
HS_API int hs_draw_equity_of(int game, const hs_draw_opponent *hand, int n, uint64_t dead,
                             hs_draw_equity *out);

/* ---- runs on the job runtime ------------------------------------------------------------- */

/* hs_draw_discards and hs_draw_equity_of as jobs of the runtime (handstat/job.h): the same
 * answers, identical at every thread count, on `threads` workers (0: one per core) with progress
 * (may be NULL; a non-zero return stops the run: HS_ERR_CANCELLED). The discards' units are the
 * 2^cards choices; the equity's the draws of the first seat that draws. */
HS_API int hs_draw_discards_run(int game, uint64_t hand, uint64_t dead, const hs_draw_opponent *opp,
                                int threads, hs_progress_fn progress, void *progress_ctx,
                                hs_draw_choice out[HS_DRAW_MAX_CHOICES], int *n);
HS_API int hs_draw_equity_one_run(int game, const hs_draw_opponent *hand, int n, uint64_t dead,
                                  int threads, hs_progress_fn progress, void *progress_ctx,
                                  hs_draw_equity *out);

/* ---- draw policies ------------------------------------------------------------------------
 * With two or three draws to come, how a player draws after the first is a deterministic rule
 * of the cards it holds at that draw (and nothing else: not the other players' draws), chosen
 * by name:
 *   pat        (every game) stand pat: throw nothing.
 *   keep:K     (27, a5, badugi; K = 1 .. hand size - 1) keep the best K-card low and throw the
 *              rest. Lowball: the K lowest distinct ranks of the hand (27: the ace is the highest
 *              rank; a5: the lowest), one card of each, the card of the lowest index (clubs,
 *              then diamonds, hearts, spades) when a rank is paired; with fewer than K distinct
 *              ranks, one card of each rank. Straights and flushes are not looked at. Badugi:
 *              the best sub-badugi of at most K cards (distinct ranks and suits: the largest,
 *              then the lowest from its top card, aces low, then the smallest card mask).
 *   stand:R    (27, a5, badugi) stand pat on an R-low or better (27: R = 7..9, T, J, Q, K, A, the
 *              hand's band at most R-low: no pair, straight or flush; a5: R = 5..9, T, J, Q, K;
 *              badugi: R = 4..9, T, J, Q, K, a four-card badugi R-high or better); otherwise
 *              keep:4 (badugi: keep:3).
 *   pairs      (high) stand pat on a straight or better; otherwise keep every card whose rank is
 *              held twice or more (a pair, two pair, trips, quads) and throw the others; with no
 *              pair keep the highest card (aces high) and throw four.
 * The first draw's discard may instead be given (HAND:DISCARD); every later draw follows the
 * policy. */
enum { HS_DRAW_POLICY_PAT = 0, HS_DRAW_POLICY_KEEP, HS_DRAW_POLICY_STAND, HS_DRAW_POLICY_PAIRS };

typedef struct hs_draw_policy {
    int kind; /* HS_DRAW_POLICY_* */
    int arg;  /* keep: K; stand: the card rank R (0 = ace .. 12 = king) */
} hs_draw_policy;

/* The policy named `text` for `game` into *out. Returns HS_OK; HS_ERR_ARG when the name is not
 * one of the above, or not one for this game (pairs outside high, keep/stand in high, K or R out
 * of range). */
HS_API int hs_draw_policy_parse(int game, const char *text, hs_draw_policy *out);
/* The policy's name as parse reads it ("keep:4", "stand:9", "stand:A"), as snprintf does. */
HS_API size_t hs_draw_policy_format(const hs_draw_policy *p, char *buf, size_t cap);
/* The cards policy p throws from `hand` (the game's hand size, valid cards); 0: pat. */
HS_API uint64_t hs_draw_policy_discard(int game, const hs_draw_policy *p, uint64_t hand);

/* ---- equity with one, two or three draws ------------------------------------------------- */

#define HS_DRAW_MAX_DRAWS 3
/* The most final deals the exact count of hs_draw_equity_run walks: about five seconds of one
 * thread. They are counted before the walk, by a walk of the same tree that stops one seat short
 * of the final deals (at the last seat's last draw) and gives up past this bound or past
 * HS_DRAW_MAX_POLICY_NODES nodes of its own (so that a question past the bound costs at most a
 * second or so before its estimate starts). */
#define HS_DRAW_MAX_POLICY_DEALS UINT64_C(100000000)
#define HS_DRAW_MAX_POLICY_NODES UINT64_C(10000000)
/* Samples of an estimate when none are asked for and the exact count is past the bound. */
#define HS_DRAW_AUTO_SAMPLES UINT64_C(1000000)
#define HS_DRAW_MAX_SAMPLES (UINT64_C(1) << 40)
/* Room for an exact equity "p/q" in lowest terms. */
#define HS_DRAW_FRACTION_MAX 160

/* One player: its cards, its policy, and optionally its first draw's discard. */
typedef struct hs_draw_player {
    uint64_t hand;
    uint64_t first;  /* the first draw's discard, when first_given */
    int first_given; /* 0: the policy chooses the first draw too */
    hs_draw_policy policy;
} hs_draw_player;

typedef struct hs_draw_run_result {
    int players, draws;
    int exact;        /* 1: exact over every deal; 0: an estimate */
    int over_bound;   /* an estimate made because the exact count passed the bound */
    uint64_t deals;   /* exact: the final deals walked (not all equally likely); else 0 */
    uint64_t samples; /* estimate: the deals sampled; else 0 */
    uint64_t first[HS_DRAW_MAX_PLAYERS];   /* the first draw's discard of each player */
    double equity[HS_DRAW_MAX_PLAYERS];    /* share of the pot (ties split) */
    double std_error[HS_DRAW_MAX_PLAYERS]; /* estimate: the standard error; exact: 0 */
    char equity_exact[HS_DRAW_MAX_PLAYERS][HS_DRAW_FRACTION_MAX]; /* exact: "p/q"; else "" */
} hs_draw_run_result;

/* The equity of n (2..6) players of `game` with `draws` (1..3) draws to come. Each draw, the
 * players throw in seat order (the first draw: the given discard or the policy's; later draws:
 * the policy's, from the cards then held) and take as many replacements from the stub, each
 * seat from what the earlier seats and draws left; discards never come back. The stub is every
 * card not held, not dead and not yet dealt. A deal whose draws take more cards than the stub
 * has is refused (HS_ERR_COUNT). samples = 0: exact, over every deal (deals of different draw
 * counts weighted by their exact probability: the sum is taken exactly in rationals), when the
 * final deals number at most HS_DRAW_MAX_POLICY_DEALS (and their count takes at most
 * HS_DRAW_MAX_POLICY_NODES steps), else an estimate from
 * HS_DRAW_AUTO_SAMPLES samples (over_bound set); samples > 0 (at most HS_DRAW_MAX_SAMPLES): an
 * estimate from that many deals, random streams from `seed` (the same answer at every thread
 * count). Job runtime: threads (0: one per core), progress (may be NULL, can stop the run).
 * Returns HS_OK; HS_ERR_ARG (game, n or draws out of range, a given discard not in its hand,
 * too many samples); HS_ERR_COUNT (a hand not of the game's size; the stub runs out);
 * HS_ERR_DUPLICATE (hands or dead sharing a card); HS_ERR_CANCELLED; HS_ERR_NOMEM. */
HS_API int hs_draw_equity_run(int game, const hs_draw_player *p, int n, uint64_t dead, int draws,
                              uint64_t samples, uint64_t seed, int threads, hs_progress_fn progress,
                              void *progress_ctx, hs_draw_run_result *out);

#ifdef __cplusplus
}
#endif

#endif
