/* Private: the query language's stages (handstat/query.h) and what they share, in stage order.
 * Each file uses only the sections above its own, never one below:
 *
 *   the compiled query   the program every stage fills in or reads (hs_query, its nodes, items)
 *   query_lex.c          the text as tokens; every compile error located and worded
 *   query_parse.c        tokens to syntax nodes: the select items, the from clause's bindings,
 *                        the where
 *   query_bind.c         the bindings' meaning (game, board, dead cards, players and their hands)
 *                        and names resolved to functions, players, streets and constants
 *   query_check.c        types, argument counts, each number's exact denominator and bounds
 *   query_plan.c         what the runner needs: the streets a value depends on, how the board
 *                        is dealt, the accumulator's slots, the query's size
 *   query_compile.c      hs_query_compile: the stages above in order
 *   query_eval.c         the checked program evaluated on one deal
 *   query_run.c          every deal enumerated or sampled on the job runtime; the answer table
 */
#ifndef HS_QUERY_INTERNAL_H
#define HS_QUERY_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "handstat/holdem.h"
#include "handstat/query.h"

/* ==== the compiled query =================================================================== */

#define Q_MAX_PLAYERS 9
#define Q_MAX_FOLDED HS_HOLDEM_MAX_FOLDED
/* hands dealt: the players' (0..np-1), then the folded players' (np..np+nfold-1) */
#define Q_MAX_HANDS (Q_MAX_PLAYERS + Q_MAX_FOLDED)
#define Q_MAX_ITEMS 32
#define Q_MAX_NODES 1024
#define Q_HIST_MAX 8192

enum { GAME_HOLDEM, GAME_OMAHA };
enum { ST_PREFLOP, ST_FLOP, ST_TURN, ST_RIVER, ST_N };

/* Value types. */
enum {
    T_NONE,
    T_NUM,
    T_BOOL,
    T_HANDTYPE,
    T_CATEGORY,
    T_SUIT,
    T_LOWHAND, /* hi/lo: LOW_NONE, LOW_EIGHT .. LOW_FIVE */
    T_ENUM     /* a bare name */
};
/* A low hand's type (lowHand) by its highest rank: none, 8-low, 7-low, 6-low, 5-low (the wheel). */
enum { LOW_NONE, LOW_EIGHT, LOW_SEVEN, LOW_SIX, LOW_FIVE, LOW_TYPES };
/* loRating of a player without a qualifying low: after the 56 lows (1, the wheel, is the best). */
#define Q_NO_LOW_RATING 57

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
    F_WINS_LO,
    F_TIES_LO,
    F_HAS_LOW,
    F_HI_EQUITY,
    F_LO_EQUITY,
    F_LOW_HAND,
    F_LO_RATING,
    F_NUT_LO,
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
    int hilo; /* omaha8, omaha85: 8-or-better hi/lo pots */
    int unit; /* pot shares in 1/unit of a pot: HS_HOLDEM_SHARE_UNIT, or 5040 for hi/lo */
    int np;
    int nfold; /* folded players (hold'em): dealt a hand of their range, out of play, never
                  scored or named by a function */
    char pname[Q_MAX_HANDS][48];
    uint64_t board, dead;
    int board_cards[5];
    int nboard;
    char board_text[64], dead_text[64];
    /* players' hands: masks and weights (divided by their gcd), those meeting board/dead left out
     */
    uint64_t *hands[Q_MAX_HANDS];
    uint32_t *weight[Q_MAX_HANDS];
    size_t nhands[Q_MAX_HANDS];
    hs_holdem_range *range[Q_MAX_HANDS]; /* hold'em: the parsed ranges (for the engine) */
    int concrete;                        /* Omaha: every player one hand */
    /* inRange sets: 1326-combination bit sets by pair index */
    int nsets;
    uint64_t (*sets)[43]; /* bit hi * 52 + lo of each combination: 2704 bits */
    /* Omaha inRange sets: the player's hands (of q->hands) in the range, ascending */
    int nosets;
    uint64_t **oset;
    size_t *noset;
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
    int hole_cards;     /* 2, 4 or 5 */
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

/* ==== lex (query_lex.c) ===================================================================== */

/* The compiler's state while it reads one query text into q. */
typedef struct pctx {
    const char *text;
    size_t len;
    size_t pos;
    hs_query *q;
    hs_query_error *err;
    int rc;    /* the first error's code (HS_OK while none) */
    int depth; /* nesting of the expression being parsed */
    /* the current token */
    int tk;
    size_t toff, tlen;
} pctx;

enum {
    TK_END,
    TK_NAME,
    TK_NUM,
    TK_STR,
    TK_LP,
    TK_RP,
    TK_COMMA,
    TK_SEMI,
    TK_EQ,
    TK_NE,
    TK_LT,
    TK_LE,
    TK_GT,
    TK_GE,
    TK_PLUS,
    TK_MINUS,
    TK_STAR,
    TK_SLASH,
    TK_BAD
};

/* Record the first error (code rc at the text's off, len) in p and its hs_query_error: the
 * message is "line L, column C: " and fmt's text. Later errors are dropped. Returns p->rc. */
int hs_q_perr(pctx *p, int rc, size_t off, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* The token at off, len made safe to quote ("end of query" past the text); returns out. */
const char *hs_q_tok(pctx *p, char out[HS_TOKEN_TEXT], size_t off, size_t len);
/* Refuse a text that is too long or holds a character outside the language, then read the
 * first token. Returns p->rc. */
int hs_q_lex_start(pctx *p);
/* Skip blanks and "--" comments. */
void hs_q_skip_blank(pctx *p);
/* The lexer's classes of characters: a blank between tokens, a character of a name. */
int hs_q_is_blank(char c);
int hs_q_is_name_char(char c);
/* Read the next token into p->tk, p->toff, p->tlen (an unclosed quote is an error). */
void hs_q_next(pctx *p);
/* Does the name s (n bytes) spell word (lower case)? Any case, '_' ignored. */
int hs_q_name_is(const char *s, size_t n, const char *word);
/* Is the current token the name word? */
int hs_q_tk_is(pctx *p, const char *word);
/* Read past a token of kind k (1), else record "expected WHAT, found ..." (0). */
int hs_q_expect(pctx *p, int k, const char *what);

/* ==== parse (query_parse.c) ================================================================= */

/* One binding of the from clause, as text offsets. */
typedef struct binding {
    size_t noff, nlen; /* the name */
    size_t voff, vlen; /* the value (inside its quotes) */
} binding;

#define MAX_BINDINGS 16

/* Parse the whole query after hs_q_lex_start: the select items (their aggregates, syntax trees
 * and names) and the where into p->q, the from clause's bindings into b[0..*nb). Returns
 * p->rc. */
int hs_q_parse(pctx *p, binding *b, int *nb);

/* ==== bind (query_bind.c) =================================================================== */

/* Give the from clause its meaning: the game, the board, the dead cards, each player's name and
 * hands (those meeting the board or the dead cards left out). Returns p->rc. */
int hs_q_bind(pctx *p, const binding *b, int nb);

/* Known board cards through street s (ST_FLOP: 3, ...), counting the given board. */
int hs_q_known_count(const hs_query *q, int street);
/* The completions of the board known through s: C(cards left, 5 - known). */
uint64_t hs_q_completions(const hs_query *q, int street);

/* The streets' names by ST_*. */
extern const char *const hs_q_streets[ST_N];

/* A function of a deal: its name (lower case, no '_'), its arguments (P player, S street,
 * T hand type, R range text), its value's type and its F_*. */
typedef struct q_fdef {
    const char *name;
    const char *args;
    int type;
    int fn;
} q_fdef;

/* The function named by call node n, or NULL. */
const q_fdef *hs_q_function(pctx *p, const qnode *n);
/* A bare name as a player's index, a street (ST_*) or a hand type (0..8); else -1. */
int hs_q_player_of(pctx *p, const qnode *n);
int hs_q_street_of(pctx *p, const qnode *n);
int hs_q_handtype_of(pctx *p, const qnode *n);
/* Resolve a bare name against a type: its constant value, or -1 (category flags: -2 - flag). */
int64_t hs_q_const_of(pctx *p, const qnode *n, int type);
/* inRange's range text x, argument of call n: parsed into a new set of q->sets (hold'em: the
 * hold'em range grammar) or q->oset (Omaha: the Omaha range grammar, the player's hands that are
 * in it), n->range its index. Returns p->rc. */
int hs_q_bind_range(pctx *p, qnode *n, const qnode *x);

/* ==== check (query_check.c) ================================================================= */

/* Check the where and every select item: names resolved, types and argument counts, each
 * number's static denominator and bounds, the streets the deal must tell apart, the inner
 * enumerations; no bare name left outside a call. Returns p->rc. */
int hs_q_check(pctx *p);

/* ==== plan (query_plan.c) =================================================================== */

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

/* The accumulator's first slots (128-bit each); the items' slots follow from SLOT_FIRST. */
enum { SLOT_TOTAL, SLOT_DEALS, SLOT_FAILED, SLOT_OVERFLOW, SLOT_FIRST };

/* Plan a checked query: each node's level, the where's conjuncts, the depth, whether the equity
 * engine answers it, the accumulator's slots and the deals to evaluate (q->size). */
void hs_q_plan(hs_query *q);

/* ==== eval (query_eval.c) =================================================================== */

struct qctx; /* the runner's job context (query_run.c) */

/* One deal and its caches: the runner sets the hands and the board's cards, the evaluator keeps
 * what it worked out while the streets it depends on stay. */
typedef struct dstate {
    const hs_query *q;
    const struct qctx *c;
    uint64_t hole[Q_MAX_HANDS]; /* the players', then the folded players' */
    uint64_t holes;
    int cards[5];
    uint64_t street[ST_N]; /* board cards through each street (preflop: none) */
    uint64_t known[ST_N];  /* the same with the given board */
    /* caches, each valid while its stamp is its street's (the street's cards stay) */
    uint32_t stamp[ST_N];
    uint32_t rank_at_stamp[ST_N][Q_MAX_PLAYERS];
    int rank[ST_N][Q_MAX_PLAYERS];
    uint32_t eq_stamp[ST_N];
    uint64_t eq[ST_N][Q_MAX_PLAYERS];
    uint64_t eq_hi[ST_N][Q_MAX_PLAYERS], eq_lo[ST_N][Q_MAX_PLAYERS]; /* hi/lo: the halves */
    uint32_t nut_stamp[ST_N];
    int nut[ST_N];
    uint32_t nutlo_stamp[ST_N];
    int nutlo[ST_N]; /* the best low any hole cards make on street s (0: none) */
    uint32_t share_stamp;
    int share[Q_MAX_PLAYERS];
    int hshare[Q_MAX_PLAYERS], lshare[Q_MAX_PLAYERS]; /* hi/lo: the high and low parts */
    int nbest, nlow;                                  /* players sharing the best high, low */
    int best;
    /* each value that depends on the cards up to a street before the river */
    uint32_t node_stamp[Q_MAX_NODES];
    int64_t node_value[Q_MAX_NODES];
} dstate;

/* Forget what depends on the cards of street `level` and later. */
static inline void q_invalidate(dstate *d, int level) {
    for (int s = level; s < ST_N; s++)
        d->stamp[s]++;
}

/* The cards of mask m in list, ascending; returns their number. */
static inline int q_cards_of(uint64_t m, int *list) {
    int n = 0;
    while (m) {
        list[n++] = __builtin_ctzll(m);
        m &= m - 1;
    }
    return n;
}

/* The board's masks by street from d->cards (call once the cards are dealt). */
void hs_q_set_masks(dstate *d);
/* Node i's value on the deal (a number's numerator over its static denominator). */
int64_t hs_q_ev(dstate *d, int i);
/* Node i's value if the cards dealt through street `upto` decide it (1, and *v), else 0: a
 * value of those streets, or "a and b" with a false part, "a or b" with a true one, their
 * negations. */
int hs_q_decided(dstate *d, int i, int upto, int64_t *v);

#endif
