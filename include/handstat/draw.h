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

#ifdef __cplusplus
}
#endif

#endif
