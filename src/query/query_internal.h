/* Private: the compiled query (handstat/query.h) shared by the compiler (query_parse.c) and the
 * runner (query_run.c). */
#ifndef HS_QUERY_INTERNAL_H
#define HS_QUERY_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "handstat/holdem.h"
#include "handstat/query.h"

#define Q_MAX_PLAYERS 9
#define Q_MAX_ITEMS 32
#define Q_MAX_NODES 1024
#define Q_HIST_MAX 8192

enum { GAME_HOLDEM, GAME_OMAHA };
enum { ST_PREFLOP, ST_FLOP, ST_TURN, ST_RIVER, ST_N };

/* Value types. */
enum { T_NONE, T_NUM, T_BOOL, T_HANDTYPE, T_CATEGORY, T_SUIT, T_ENUM /* a bare name */ };

/* Syntax nodes, then the checked program (the same nodes, annotated). */
enum {
    N_NUM,
    N_STR,
    N_NAME,
    N_CALL,
    N_NEG,
    N_NOT,
    N_AND,
    N_OR,
    N_CMP,
    N_ADD,
    N_SUB,
    N_MUL,
    N_DIV,
    N_CONST /* checked: a constant of node type (k) */
};
enum { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE };

/* Functions of a deal. */
enum {
    F_RIVER_EQUITY,
    F_EQUITY,
    F_WINS_HI,
    F_TIES_HI,
    F_SCOOPS,
    F_BEST_HI,
    F_HAND_TYPE,
    F_HI_RATING,
    F_WINNING_TYPE,
    F_CATEGORY,
    F_OUTS,
    F_OUTS_TYPE,
    F_NUT_HI,
    F_IN_RANGE,
    F_SUIT_COUNT,
    F_PAIRED,
    F_MONOTONE,
    F_TWO_TONE,
    F_RAINBOW,
    F_FLUSHING,
    F_STRAIGHT_BOARD,
    F_TURN_SUIT,
    F_RIVER_SUIT,
    F_TURN_RANK,
    F_RIVER_RANK,
    F_N
};

enum { AGG_AVG, AGG_COUNT, AGG_HIST, AGG_MAX, AGG_MIN };

typedef struct qnode {
    int kind, op;
    int a, b;  /* children; a call's first argument in a, the next ones chained by next */
    int next;  /* the next argument of a call (-1: none) */
    int nargs; /* a call's arguments */
    size_t off, len;
    int64_t num, den; /* N_NUM: the literal num/den */
    /* checked */
    int type;
    int fn;                 /* N_CALL: F_* */
    int player, street, ht; /* a call's player, street, hand type argument */
    int range;              /* F_IN_RANGE: index into the query's range sets */
    int64_t sden;           /* T_NUM: the static denominator of the value */
    double lo, hi;          /* T_NUM: bounds of the value */
    int64_t k;              /* N_CONST: its value (a number's numerator over sden) */
    int flag;               /* N_CMP against a category flag: the flag (else -1) */
    int level;              /* the last street whose cards the value depends on (ST_*) */
} qnode;

typedef struct qitem {
    int agg;
    int node;
    char name[96];
    int nbuckets;    /* histogram */
    int64_t hist_lo; /* histogram of whole numbers: the value of bucket 0 */
    int bins;        /* histogram of an equity: 1 (ten bins) */
    size_t slot;     /* first accumulator slot */
} qitem;

struct hs_query {
    int game;
    int np;
    char pname[Q_MAX_PLAYERS][48];
    uint64_t board, dead;
    int board_cards[5];
    int nboard;
    char board_text[64], dead_text[64];
    /* players' hands: masks and weights (divided by their gcd), those meeting board/dead left out
     */
    uint64_t *hands[Q_MAX_PLAYERS];
    uint32_t *weight[Q_MAX_PLAYERS];
    size_t nhands[Q_MAX_PLAYERS];
    hs_holdem_range *range[Q_MAX_PLAYERS]; /* hold'em: the parsed ranges (for the engine) */
    int concrete;                          /* Omaha: every player one hand */
    /* inRange sets: 1326-combination bit sets by pair index */
    int nsets;
    uint64_t (*sets)[43]; /* bit hi * 52 + lo of each combination: 2704 bits */
    /* the program */
    qnode node[Q_MAX_NODES];
    int nnodes;
    qitem item[Q_MAX_ITEMS];
    int nitems;
    int where;             /* node, or -1 */
    int conj[Q_MAX_NODES]; /* the where's conjuncts (a and b and ...), to prune by street */
    int nconj;
    int depth; /* the last street any value depends on: the board is dealt up to it */
    /* derived */
    int hole_cards;     /* 2 or 4 */
    int uses_flop;      /* the flop's cards must be told from the turn's and river's */
    int uses_turn;      /* the turn's card must be told from the river's */
    int need_eq[ST_N];  /* equity(P, S) is used */
    int need_nut[ST_N]; /* nutHi(P, S) is used */
    int engine;         /* the equity engine answers it */
    size_t nslots;      /* accumulator slots (128-bit) */
    double size;        /* deals evaluated by the enumeration */
    char *text;         /* the query text */
};

/* A node's static denominator as a number (a boolean used as one counts 1 and 0). */
static inline int64_t den_of(const qnode *n) {
    return n->type == T_BOOL ? 1 : n->sden;
}

/* Known board cards through street s (ST_FLOP: 3, ...), counting the given board. */
int hs_q_known_count(const hs_query *q, int street);
/* The completions of the board known through s: C(cards left, 5 - known). */
uint64_t hs_q_completions(const hs_query *q, int street);

/* How the exact enumeration deals the board for one choice of hands: segments of cards chosen as
 * a set, in order (the missing flop; the turn; the river; merged where the query does not tell
 * them apart), only as far as the query's depth. */
typedef struct q_plan {
    int segs;
    int size[3], level[3], last[3]; /* cards; the first and the last street they complete */
    double below[3];   /* the enumerated deals under a completed segment (its followers') */
    double dealt;      /* the enumerated deals per choice of hands */
    uint64_t factor;   /* the ordered deals each enumerated one stands for */
    double inst[ST_N]; /* the distinct states of each street per choice of hands */
} q_plan;
void hs_q_plan_of(const hs_query *q, q_plan *p);

/* Lay out the accumulator's slots (query_run.c). */
void hs_q_layout(hs_query *q);

#endif
