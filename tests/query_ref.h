/* Test-only reference for the query language (handstat/query.h): a plain walk over every deal as
 * the header defines it, and the header's functions evaluated on one deal with the reference
 * rankers of tests/ (poker_ref.h: the class of every five-card set tabulated once by comparing
 * keys; hits_ref.h: the made-hand category and its flags). Nothing of the library is used: no
 * range parser (each player's hands are explicit masks with weights), no fast ranker, no
 * categorizer. Slow and obvious on purpose; the inner enumerations (equity at a street, outs,
 * the nuts) are cached per deal of hands and board, which changes their cost, not their answer.
 *
 * The deal model: one hand per player, in seat order, pairwise disjoint and disjoint from the
 * board and the dead cards; then the missing flop cards as a set (increasing card ids), then the
 * turn card, then the river card (each from the cards left: the turn and the river told apart).
 * A deal counts the product of its hands' weights, each player's weights first divided by their
 * greatest common divisor. Single-threaded (the caches are static). */
#ifndef HS_TEST_QUERY_REF_H
#define HS_TEST_QUERY_REF_H

#include <gmp.h>
#include <stdint.h>

#include "hits_ref.h"

#ifdef __cplusplus
extern "C" {
#endif

#define QR_MAX_PLAYERS 9
#define QR_MAX_HANDS 1326
#define QR_MAX_FOLDED 3

/* Streets; a street's board holds 0, 3, 4 or 5 cards. */
enum { QR_PREFLOP, QR_FLOP, QR_TURN, QR_RIVER };

/* Hand types as the header orders them: high card 0 .. straight flush 8. */
enum {
    QR_HIGH_CARD,
    QR_PAIR,
    QR_TWO_PAIR,
    QR_TRIPS,
    QR_STRAIGHT,
    QR_FLUSH,
    QR_FULL_HOUSE,
    QR_QUADS,
    QR_STRAIGHT_FLUSH
};

typedef struct qr_player {
    int n;                         /* hands listed */
    uint64_t mask[QR_MAX_HANDS];   /* each a 2-card (hold'em) or 4-card (Omaha) mask */
    unsigned weight[QR_MAX_HANDS]; /* as given (percent in hold'em ranges; 1 for Omaha) */
} qr_player;

typedef struct qr_setup {
    int omaha; /* 0 hold'em, 1 Omaha high */
    int players;
    qr_player p[QR_MAX_PLAYERS];
    /* folded players (hold'em): each dealt a hand of its list after the players (disjoint from
     * everything, weighted as a player's), out of play: in no function, but in no deck either */
    int folded;
    qr_player f[QR_MAX_FOLDED];
    int board[5]; /* the given board, in order: flop cards, turn, river */
    int n_board;
    uint64_t dead;
} qr_setup;

typedef struct qr_deal {
    const qr_setup *s;
    int hole[QR_MAX_PLAYERS][4]; /* card ids, increasing (2 or 4 of them) */
    uint64_t hand[QR_MAX_PLAYERS];
    uint64_t folded; /* the folded players' hands */
    int board[5];    /* the whole board of the deal */
    uint64_t weight; /* the product of the reduced weights */
    uint64_t choice; /* a number unique to this choice of hands (across walks) */
} qr_deal;

/* Build the reference tables (about a second). Aborts on failure. */
void qr_init(void);
void qr_done(void);
const ref_hits *qr_hits(void);

/* ---- setting up players (card ids: suit * 13 + rank, rank 0 the ace) ----
 * Cards from text: "AhKd", "Ah Kd", "10h" for the ten too; aborts on bad text. */
uint64_t qr_mask(const char *text);
int qr_ids(uint64_t mask, int *out);
/* Hold'em helpers: value 2..14 (ace 14). Each adds the combinations with the weight given. */
void qr_add_exact(qr_player *p, const char *cards, unsigned weight);
void qr_add_pair(qr_player *p, int value, unsigned weight);
void qr_add_suited(qr_player *p, int hi, int lo, unsigned weight);
void qr_add_offsuit(qr_player *p, int hi, int lo, unsigned weight);
void qr_add_random(qr_player *p, unsigned weight); /* all 1326 combinations */
/* Whether the player's hand in this deal is among these masks. */
int qr_hand_in(const qr_deal *d, int p, const uint64_t *masks, int n);
/* Whether the player's hand is a pair / suited / offsuit of these values. */
int qr_is_pair(const qr_deal *d, int p, int value);
int qr_is_suited(const qr_deal *d, int p, int hi, int lo);

/* Walk every deal; visit is called once per deal. Returns the deals visited (unweighted). */
typedef void (*qr_visit)(const qr_deal *d, void *ctx);
uint64_t qr_walk(const qr_setup *s, qr_visit visit, void *ctx);

/* ---- the functions of the header ---- */
int qr_card_value(int card); /* 2..14 */
int qr_street_cards(int street);
/* The reference class (1 the best .. 7462) of player p's hand with the board through street. */
int qr_class(const qr_deal *d, int p, int street);
int qr_hand_type(const qr_deal *d, int p, int street);
int qr_hi_rating(const qr_deal *d, int p, int street); /* 7463 - class */
/* No other player's hand is better on street (ties included). */
int qr_best_hi(const qr_deal *d, int p, int street);
int qr_wins_hi(const qr_deal *d, int p);
int qr_ties_hi(const qr_deal *d, int p);
int qr_winning_type(const qr_deal *d);
/* riverEquity as a fraction; equity(P, S) over the rest of the board, exact. */
void qr_river_equity(const qr_deal *d, int p, mpq_t out);
void qr_equity(const qr_deal *d, int p, int street, mpq_t out);
/* handCategory: the HS_HIT_* category and flags of hits_ref.c (hold'em). */
int qr_category(const qr_deal *d, int p, int street, unsigned *flags);
int qr_outs(const qr_deal *d, int p, int street);
int qr_outs_to_type(const qr_deal *d, int p, int street, int type);
int qr_nut_hi(const qr_deal *d, int p, int street);
/* Board predicates on the board through street. */
int qr_board_suit_count(const qr_deal *d, int street);
int qr_paired_board(const qr_deal *d, int street);
int qr_monotone_board(const qr_deal *d, int street);
int qr_two_tone_board(const qr_deal *d, int street);
int qr_rainbow_board(const qr_deal *d, int street);
int qr_flushing_board(const qr_deal *d, int street);
int qr_straight_board(const qr_deal *d, int street);
int qr_turn_suit(const qr_deal *d); /* 0 clubs, 1 diamonds, 2 hearts, 3 spades */
int qr_river_suit(const qr_deal *d);
int qr_turn_rank(const qr_deal *d); /* 2..14 */
int qr_river_rank(const qr_deal *d);

#ifdef __cplusplus
}
#endif

#endif
