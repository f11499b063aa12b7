/* Omaha ranges (handstat/omaha.h): a recursive-descent parser of ProPokerTools-style range text
 * into a small expression tree (patterns, and, but-not, or), a backtracking matcher of one
 * pattern against a hand, and the listing of a range by testing every hand of its size (or, when
 * every item names cards its hands must hold, only the hands that hold them). */
#include "handstat/omaha.h"

#include "handstat/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CARDS 6
#define MAX_TEXT 65536 /* bytes of range text */
#define MAX_DEPTH 32   /* nested parentheses */
#define MAX_NODES 200000
#define MAX_CANDIDATES (1 << 20) /* hands listed from the cards the items name */
#define ALL_RANKS 0x1FFFu
#define ALL_SUITS 0xFu

/* ---- the compiled form ------------------------------------------------------------------------
 */

/* One card of a pattern: the ranks and suits it may have (bit r = card rank r, bit s = suit s),
 * and the rank and suit variables it binds (-1: none). */
typedef struct pcard {
    uint16_t ranks;
    uint8_t suits;
    int8_t rvar, svar;
} pcard;

typedef struct pat {
    int n;
    pcard c[MAX_CARDS];
} pat;

enum { N_PAT, N_OR, N_AND, N_NOT, N_DS, N_SS, N_RB, N_NP };

typedef struct node {
    int kind, a, b; /* N_PAT: a = pattern; N_OR, N_AND, N_NOT: children a and b */
} node;

struct hs_omaha_matcher {
    int cards;
    node *nodes;
    int nn, ncap;
    pat *pats;
    int np, pcap;
    int items, icap;
    int *root;
    uint8_t *weight;
};

void hs_omaha_matcher_free(hs_omaha_matcher *m) {
    if (m == NULL)
        return;
    free(m->nodes);
    free(m->pats);
    free(m->root);
    free(m->weight);
    free(m);
}

/* ---- matching ---------------------------------------------------------------------------------
 */

typedef struct hand_view {
    int n;
    uint8_t rank[MAX_CARDS], suit[MAX_CARDS];
} hand_view;

/* Can pattern cards i.. be matched one to one to the hand's cards not in `used`, with the
 * variables bound so far (rb, sb: -1 unbound; rused, sused: the values bound)? */
static int match_from(const pat *p, int i, const hand_view *h, unsigned used, int8_t *rb,
                      int8_t *sb, unsigned rused, unsigned sused) {
    if (i == p->n)
        return 1;
    const pcard *c = &p->c[i];
    for (int j = 0; j < h->n; j++) {
        if (used >> j & 1)
            continue;
        const int r = h->rank[j], s = h->suit[j];
        if (!(c->ranks >> r & 1) || !(c->suits >> s & 1))
            continue;
        int bind_r = 0, bind_s = 0;
        if (c->rvar >= 0) {
            if (rb[c->rvar] >= 0) {
                if (rb[c->rvar] != r)
                    continue;
            } else if (rused >> r & 1) {
                continue; /* another variable holds this rank */
            } else {
                bind_r = 1;
            }
        }
        if (c->svar >= 0) {
            if (sb[c->svar] >= 0) {
                if (sb[c->svar] != s)
                    continue;
            } else if (sused >> s & 1) {
                continue;
            } else {
                bind_s = 1;
            }
        }
        if (bind_r)
            rb[c->rvar] = (int8_t)r;
        if (bind_s)
            sb[c->svar] = (int8_t)s;
        const int ok =
            match_from(p, i + 1, h, used | 1u << j, rb, sb, bind_r ? rused | 1u << r : rused,
                       bind_s ? sused | 1u << s : sused);
        if (bind_r)
            rb[c->rvar] = -1;
        if (bind_s)
            sb[c->svar] = -1;
        if (ok)
            return 1;
    }
    return 0;
}

static int match_pat(const pat *p, const hand_view *h) {
    int8_t rb[MAX_CARDS], sb[MAX_CARDS];
    memset(rb, -1, sizeof rb);
    memset(sb, -1, sizeof sb);
    return match_from(p, 0, h, 0, rb, sb, 0, 0);
}

static int eval_node(const hs_omaha_matcher *m, int i, const hand_view *h) {
    const node *n = &m->nodes[i];
    switch (n->kind) {
    case N_PAT:
        return match_pat(&m->pats[n->a], h);
    case N_OR:
        return eval_node(m, n->a, h) || eval_node(m, n->b, h);
    case N_AND:
        return eval_node(m, n->a, h) && eval_node(m, n->b, h);
    case N_NOT:
        return eval_node(m, n->a, h) && !eval_node(m, n->b, h);
    default:
        break;
    }
    int count[4] = {0, 0, 0, 0}, twos = 0, most = 0, suits = 0;
    unsigned ranks = 0;
    int paired = 0;
    for (int j = 0; j < h->n; j++) {
        count[h->suit[j]]++;
        paired |= (ranks >> h->rank[j]) & 1;
        ranks |= 1u << h->rank[j];
    }
    for (int s = 0; s < 4; s++) {
        twos += count[s] >= 2;
        most = count[s] > most ? count[s] : most;
        suits += count[s] > 0;
    }
    switch (n->kind) {
    case N_DS:
        return twos >= 2;
    case N_SS:
        return most == 2 && twos == 1;
    case N_RB:
        return suits == 4;
    default: /* N_NP */
        return !paired;
    }
}

int hs_omaha_matcher_weight(const hs_omaha_matcher *m, uint64_t hand) {
    hand_view h;
    h.n = 0;
    for (uint64_t x = hand; x != 0 && h.n < MAX_CARDS; x &= x - 1) {
        const int c = __builtin_ctzll(x);
        h.rank[h.n] = (uint8_t)hs_card_rank(c);
        h.suit[h.n++] = (uint8_t)hs_card_suit(c);
    }
    if (h.n != m->cards || __builtin_popcountll(hand) != m->cards)
        return 0;
    for (int i = 0; i < m->items; i++)
        if (eval_node(m, m->root[i], &h))
            return m->weight[i];
    return 0;
}

/* ---- parsing ----------------------------------------------------------------------------------
 */

/* A card as written: its rank part (an explicit rank in poker order 0 = deuce .. 12 = ace, a set
 * of card ranks, or a variable letter) and its suit part (none, a suit, or a variable letter). */
enum { RK_ONE, RK_SET, RK_VAR };
enum { SK_NONE, SK_ONE, SK_VAR };
typedef struct raw_card {
    int rkind, skind;
    int rank;       /* RK_ONE: poker order */
    uint16_t ranks; /* RK_SET: card ranks */
    char rvar, svar;
    int suit; /* SK_ONE */
} raw_card;

typedef struct raw_pat {
    int n;
    raw_card c[MAX_CARDS];
} raw_pat;

typedef struct parser {
    const char *s;
    size_t len, pos;
    int depth;
    hs_omaha_matcher *m;
    hs_parse_error *err;
    char *why;
    size_t cap;
    int rc;
} parser;

static int fail(parser *p, int rc, size_t at, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int fail(parser *p, int rc, size_t at, size_t n, const char *fmt, ...) {
    if (p->rc != HS_OK)
        return -1;
    p->rc = rc;
    if (at > p->len)
        at = p->len;
    if (at + n > p->len)
        n = p->len - at;
    if (n == 0 && at < p->len)
        n = 1;
    if (p->err) {
        p->err->offset = at;
        p->err->length = n;
        p->err->line = 0;
    }
    if (p->why && p->cap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->why, p->cap, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int is_blank(int c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int peek(parser *p) {
    while (p->pos < p->len && is_blank((unsigned char)p->s[p->pos]))
        p->pos++;
    return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

static int new_node(parser *p, int kind, int a, int b) {
    hs_omaha_matcher *m = p->m;
    if (m->nn >= MAX_NODES)
        return fail(p, HS_ERR_TOKEN, p->pos, 1, "too many patterns (at most %d)", MAX_NODES);
    if (m->nn == m->ncap) {
        int cap = m->ncap ? 2 * m->ncap : 64;
        node *n = realloc(m->nodes, (size_t)cap * sizeof *n);
        if (n == NULL)
            return fail(p, HS_ERR_NOMEM, 0, 0, "out of memory");
        m->nodes = n;
        m->ncap = cap;
    }
    m->nodes[m->nn] = (node){kind, a, b};
    return m->nn++;
}

/* Poker order (0 = deuce .. 12 = ace) of a rank character, -1 if none. */
static int rank_of(int c) {
    static const char order[] = "23456789TJQKA";
    if (c >= 'a' && c <= 'z' && strchr("akqjt", c))
        c -= 'a' - 'A';
    const char *at = c > 0 ? strchr(order, c) : NULL;
    return at ? (int)(at - order) : -1;
}

static int card_rank(int poker) {
    return poker == 12 ? 0 : poker + 1;
}

static int suit_of(int c) {
    switch (c) {
    case 'c':
        return 0;
    case 'd':
        return 1;
    case 'h':
        return 2;
    case 's':
        return 3;
    default:
        return -1;
    }
}

static int is_svar(int c) {
    return c == 'w' || c == 'x' || c == 'y' || c == 'z';
}

static int is_rvar(int c) {
    return c >= 'A' && c <= 'Z' && rank_of(c) < 0;
}

/* A rank (poker order) at p->pos, "10" included; advances. -1 when none. */
static int take_rank(parser *p) {
    if (p->pos + 1 < p->len && p->s[p->pos] == '1' && p->s[p->pos + 1] == '0') {
        p->pos += 2;
        return 8;
    }
    int r = p->pos < p->len ? rank_of((unsigned char)p->s[p->pos]) : -1;
    if (r >= 0)
        p->pos++;
    return r;
}

static int card_start(parser *p) {
    int c = peek(p);
    if (c < 0)
        return 0;
    return rank_of(c) >= 0 || c == '1' || c == '*' || c == '[' || is_rvar(c) || suit_of(c) >= 0 ||
           is_svar(c);
}

/* A rank list: [AKQ], [A,K,Q], [K-T], [A-J, 5]. */
static int take_list(parser *p, uint16_t *mask) {
    const size_t at = p->pos++;
    *mask = 0;
    for (;;) {
        int c = peek(p);
        if (c == ']') {
            p->pos++;
            break;
        }
        if (c == ',') {
            p->pos++;
            continue;
        }
        const size_t r_at = p->pos;
        int a = take_rank(p);
        if (a < 0)
            return fail(p, HS_ERR_TOKEN, c < 0 ? at : r_at, c < 0 ? p->pos - at : 1,
                        c < 0 ? "'[' is never closed" : "not a rank in a rank list");
        int b = a;
        if (peek(p) == '-') {
            p->pos++;
            peek(p);
            if ((b = take_rank(p)) < 0)
                return fail(p, HS_ERR_TOKEN, r_at, p->pos - r_at + 1,
                            "a span in a list is two ranks, as K-T");
        }
        for (int r = a < b ? a : b; r <= (a < b ? b : a); r++)
            *mask |= (uint16_t)(1u << card_rank(r));
    }
    if (*mask == 0)
        return fail(p, HS_ERR_TOKEN, at, p->pos - at, "an empty rank list");
    return 0;
}

/* One card spec at p->pos. */
static int take_card(parser *p, raw_card *c) {
    memset(c, 0, sizeof *c);
    const size_t at = p->pos;
    const int ch = (unsigned char)p->s[p->pos];
    if (ch == '[') {
        c->rkind = RK_SET;
        if (take_list(p, &c->ranks) < 0)
            return -1;
    } else if (ch == '*') {
        c->rkind = RK_SET;
        c->ranks = ALL_RANKS;
        p->pos++;
    } else if ((c->rank = take_rank(p)) >= 0) {
        c->rkind = RK_ONE;
    } else if (is_rvar(ch)) {
        c->rkind = RK_VAR;
        c->rvar = (char)ch;
        p->pos++;
    } else if (suit_of(ch) >= 0 || is_svar(ch)) {
        c->rkind = RK_SET; /* a suit alone: a card of any rank */
        c->ranks = ALL_RANKS;
    } else {
        return fail(p, HS_ERR_TOKEN, at, 1, "not a rank, suit or variable");
    }
    const int sc = p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
    if (suit_of(sc) >= 0) {
        c->skind = SK_ONE;
        c->suit = suit_of(sc);
        p->pos++;
    } else if (is_svar(sc)) {
        c->skind = SK_VAR;
        c->svar = (char)sc;
        p->pos++;
    }
    return 0;
}

static int take_cards(parser *p, raw_pat *rp) {
    rp->n = 0;
    const size_t at = p->pos;
    while (card_start(p)) {
        if (rp->n == p->m->cards) {
            while (card_start(p)) { /* the whole pattern, for the message */
                raw_card skip;
                if (take_card(p, &skip) < 0)
                    return -1;
            }
            return fail(p, HS_ERR_COUNT, at, p->pos - at,
                        "a pattern of more than %d cards (hands hold %d)", p->m->cards,
                        p->m->cards);
        }
        if (take_card(p, &rp->c[rp->n++]) < 0)
            return -1;
    }
    if (rp->n == 0) {
        int c = peek(p);
        return fail(p, HS_ERR_TOKEN, p->pos, 1,
                    c < 0 || c == ',' || c == ')' || c == '@' ? "an empty item"
                    : c == '%'                                ? "percent ranges are not supported"
                    : c == '!' || c == ':' ? "nothing on the left of this operator (write *!RR)"
                                           : "not a rank, suit or variable");
    }
    return 0;
}

/* The pattern of a written one: variables numbered, kept off the explicit ranks and suits. */
static int add_pattern(parser *p, const raw_pat *rp) {
    hs_omaha_matcher *m = p->m;
    unsigned explicit_r = 0, explicit_s = 0;
    for (int i = 0; i < rp->n; i++) {
        if (rp->c[i].rkind == RK_ONE)
            explicit_r |= 1u << card_rank(rp->c[i].rank);
        if (rp->c[i].skind == SK_ONE)
            explicit_s |= 1u << rp->c[i].suit;
    }
    char rv[MAX_CARDS], sv[MAX_CARDS];
    int nrv = 0, nsv = 0;
    pat q;
    q.n = rp->n;
    for (int i = 0; i < rp->n; i++) {
        const raw_card *c = &rp->c[i];
        pcard *o = &q.c[i];
        o->rvar = o->svar = -1;
        if (c->rkind == RK_ONE) {
            o->ranks = (uint16_t)(1u << card_rank(c->rank));
        } else if (c->rkind == RK_SET) {
            o->ranks = c->ranks;
        } else {
            int v = 0;
            while (v < nrv && rv[v] != c->rvar)
                v++;
            if (v == nrv)
                rv[nrv++] = c->rvar;
            o->rvar = (int8_t)v;
            o->ranks = (uint16_t)(~explicit_r & ALL_RANKS);
        }
        if (c->skind == SK_NONE) {
            o->suits = ALL_SUITS;
        } else if (c->skind == SK_ONE) {
            o->suits = (uint8_t)(1u << c->suit);
        } else {
            int v = 0;
            while (v < nsv && sv[v] != c->svar)
                v++;
            if (v == nsv)
                sv[nsv++] = c->svar;
            o->svar = (int8_t)v;
            o->suits = (uint8_t)(~explicit_s & ALL_SUITS);
        }
    }
    /* the tightest cards first: fewer choices to try */
    for (int i = 1; i < q.n; i++)
        for (int j = i; j > 0; j--) {
            const int a =
                __builtin_popcount(q.c[j - 1].ranks) * __builtin_popcount(q.c[j - 1].suits);
            const int b = __builtin_popcount(q.c[j].ranks) * __builtin_popcount(q.c[j].suits);
            if (a <= b)
                break;
            const pcard t = q.c[j];
            q.c[j] = q.c[j - 1];
            q.c[j - 1] = t;
        }
    if (m->np == m->pcap) {
        int cap = m->pcap ? 2 * m->pcap : 32;
        pat *n = realloc(m->pats, (size_t)cap * sizeof *n);
        if (n == NULL)
            return fail(p, HS_ERR_NOMEM, 0, 0, "out of memory");
        m->pats = n;
        m->pcap = cap;
    }
    m->pats[m->np] = q;
    return new_node(p, N_PAT, m->np++, 0);
}

/* Or the node of pattern rp into acc (-1: none yet). */
static int or_pattern(parser *p, int acc, const raw_pat *rp) {
    int n = add_pattern(p, rp);
    if (n < 0)
        return -1;
    return acc < 0 ? n : new_node(p, N_OR, acc, n);
}

/* P+ (dir 1) or P- (dir -1): the explicit ranks moved together while they stay ranks. */
static int run_pattern(parser *p, const raw_pat *a, int dir, size_t at) {
    int lo = 13, hi = -1;
    for (int i = 0; i < a->n; i++)
        if (a->c[i].rkind == RK_ONE) {
            lo = a->c[i].rank < lo ? a->c[i].rank : lo;
            hi = a->c[i].rank > hi ? a->c[i].rank : hi;
        }
    if (hi < 0)
        return fail(p, HS_ERR_TOKEN, at, p->pos - at, "'%c' needs an explicit rank to move",
                    dir > 0 ? '+' : '-');
    const int steps = dir > 0 ? 12 - hi : lo;
    int acc = -1;
    for (int k = 0; k <= steps; k++) {
        raw_pat q = *a;
        for (int i = 0; i < q.n; i++)
            if (q.c[i].rkind == RK_ONE)
                q.c[i].rank += dir * k;
        if ((acc = or_pattern(p, acc, &q)) < 0)
            return -1;
    }
    return acc;
}

/* P-Q: P and Q alike but for explicit ranks, which move by one common step. */
static int span_pattern(parser *p, const raw_pat *a, const raw_pat *b, size_t at) {
    if (a->n != b->n)
        return fail(p, HS_ERR_TOKEN, at, p->pos - at,
                    "the two ends of a span have different numbers of cards");
    int d = 0;
    for (int i = 0; i < a->n; i++) {
        const raw_card *x = &a->c[i], *y = &b->c[i];
        const int same_suit = x->skind == y->skind && (x->skind != SK_ONE || x->suit == y->suit) &&
                              (x->skind != SK_VAR || x->svar == y->svar);
        if (!same_suit)
            return fail(p, HS_ERR_TOKEN, at, p->pos - at,
                        "the two ends of a span must have the same suits");
        if (x->rkind == RK_ONE && y->rkind == RK_ONE) {
            const int di = y->rank - x->rank;
            if (di != 0 && d != 0 && di != d)
                return fail(p, HS_ERR_TOKEN, at, p->pos - at,
                            "the ranks of a span must all move by the same step");
            if (di != 0)
                d = di;
        } else if (x->rkind != y->rkind || (x->rkind == RK_SET && x->ranks != y->ranks) ||
                   (x->rkind == RK_VAR && x->rvar != y->rvar)) {
            return fail(p, HS_ERR_TOKEN, at, p->pos - at,
                        "the two ends of a span differ in more than explicit ranks");
        }
    }
    const int dir = d > 0 ? 1 : -1, steps = d > 0 ? d : -d;
    int acc = -1;
    for (int k = 0; k <= steps; k++) {
        raw_pat q = *a;
        for (int i = 0; i < q.n; i++)
            if (q.c[i].rkind == RK_ONE && b->c[i].rank != a->c[i].rank)
                q.c[i].rank += dir * k;
        if ((acc = or_pattern(p, acc, &q)) < 0)
            return -1;
    }
    return acc;
}

static int parse_union(parser *p);

static int parse_prim(parser *p) {
    const int c = peek(p);
    const size_t at = p->pos;
    if (c == '(') {
        if (++p->depth > MAX_DEPTH)
            return fail(p, HS_ERR_TOKEN, at, 1, "parentheses nested deeper than %d", MAX_DEPTH);
        p->pos++;
        int e = parse_union(p);
        if (e < 0)
            return -1;
        if (peek(p) == '@')
            return fail(p, HS_ERR_TOKEN, p->pos, 1,
                        "a weight belongs to a whole item, outside parentheses");
        if (peek(p) != ')')
            return fail(p, HS_ERR_TOKEN, at, p->pos - at, "'(' is never closed");
        p->pos++;
        p->depth--;
        return e;
    }
    if (c == '$') {
        size_t end = at + 1;
        while (end < p->len &&
               ((p->s[end] >= 'a' && p->s[end] <= 'z') || (p->s[end] >= 'A' && p->s[end] <= 'Z')))
            end++;
        static const struct {
            const char *name;
            int kind;
        } MACROS[] = {{"ds", N_DS}, {"ss", N_SS}, {"rb", N_RB}, {"np", N_NP}};
        for (size_t i = 0; i < sizeof MACROS / sizeof MACROS[0]; i++)
            if (end - at - 1 == 2 && (p->s[at + 1] | 0x20) == MACROS[i].name[0] &&
                (p->s[at + 2] | 0x20) == MACROS[i].name[1]) {
                p->pos = end;
                return new_node(p, MACROS[i].kind, 0, 0);
            }
        return fail(p, HS_ERR_TOKEN, at, end - at, "not a macro (these are $ds, $ss, $rb and $np)");
    }
    size_t end = at;
    while (end < p->len && ((p->s[end] >= '0' && p->s[end] <= '9') || p->s[end] == '.'))
        end++;
    if (end < p->len && p->s[end] == '%')
        return fail(p, HS_ERR_TOKEN, at, end + 1 - at,
                    "percent ranges (ProPokerTools' own hand order) are not supported");
    raw_pat a;
    if (take_cards(p, &a) < 0)
        return -1;
    const int t = peek(p);
    if (t == '+') {
        p->pos++;
        return run_pattern(p, &a, 1, at);
    }
    if (t == '-') {
        p->pos++;
        if (!card_start(p))
            return run_pattern(p, &a, -1, at);
        raw_pat b;
        if (take_cards(p, &b) < 0)
            return -1;
        return span_pattern(p, &a, &b, at);
    }
    return add_pattern(p, &a);
}

static int parse_expr(parser *p) {
    int a = parse_prim(p);
    while (a >= 0) {
        const int c = peek(p);
        if (c != ':' && c != '!')
            break;
        p->pos++;
        int b = parse_prim(p);
        if (b < 0)
            return -1;
        a = new_node(p, c == ':' ? N_AND : N_NOT, a, b);
    }
    return a;
}

static int parse_union(parser *p) {
    int a = parse_expr(p);
    while (a >= 0 && peek(p) == ',') {
        p->pos++;
        int b = parse_expr(p);
        if (b < 0)
            return -1;
        a = new_node(p, N_OR, a, b);
    }
    return a;
}

static int add_item(parser *p, int root, int weight) {
    hs_omaha_matcher *m = p->m;
    if (m->items == m->icap) {
        int cap = m->icap ? 2 * m->icap : 8;
        int *r = realloc(m->root, (size_t)cap * sizeof *r);
        if (r == NULL)
            return fail(p, HS_ERR_NOMEM, 0, 0, "out of memory");
        m->root = r;
        uint8_t *w = realloc(m->weight, (size_t)cap * sizeof *w);
        if (w == NULL)
            return fail(p, HS_ERR_NOMEM, 0, 0, "out of memory");
        m->weight = w;
        m->icap = cap;
    }
    m->root[m->items] = root;
    m->weight[m->items++] = (uint8_t)weight;
    return 0;
}

static int parse_range(parser *p) {
    for (;;) {
        const int e = parse_expr(p);
        if (e < 0)
            return -1;
        int weight = 100;
        if (peek(p) == '@') {
            const size_t at = p->pos++;
            peek(p);
            long w = 0;
            size_t digits = 0;
            while (p->pos < p->len && p->s[p->pos] >= '0' && p->s[p->pos] <= '9' && digits < 4) {
                w = w * 10 + (p->s[p->pos++] - '0');
                digits++;
            }
            if (digits == 0 || w < 1 || w > 100 ||
                (p->pos < p->len && p->s[p->pos] >= '0' && p->s[p->pos] <= '9'))
                return fail(p, HS_ERR_TOKEN, at, p->pos - at + 1,
                            "a weight is a whole number 1..100 after '@'");
            weight = (int)w;
        }
        if (add_item(p, e, weight) < 0)
            return -1;
        const int c = peek(p);
        if (c < 0)
            return 0;
        if (c != ',')
            return fail(p, HS_ERR_TOKEN, p->pos, 1,
                        c == ')' ? "')' without '('" : "not a rank, suit or variable");
        p->pos++;
    }
}

int hs_omaha_matcher_new(const char *text, size_t len, int cards, hs_omaha_matcher **out,
                         hs_parse_error *err, char *why, size_t cap) {
    *out = NULL;
    if (why && cap)
        why[0] = '\0';
    if (cards < 4 || cards > MAX_CARDS)
        return HS_ERR_ARG;
    hs_omaha_matcher *m = calloc(1, sizeof *m);
    if (m == NULL)
        return HS_ERR_NOMEM;
    m->cards = cards;
    parser p = {text, len, 0, 0, m, err, why, cap, HS_OK};
    if (len > MAX_TEXT)
        fail(&p, HS_ERR_TOKEN, MAX_TEXT, len - MAX_TEXT, "range text longer than %d bytes",
             MAX_TEXT);
    else if (memchr(text, '\0', len) != NULL)
        fail(&p, HS_ERR_TOKEN, (size_t)((const char *)memchr(text, '\0', len) - text), 1,
             "a NUL byte");
    else
        parse_range(&p);
    if (p.rc != HS_OK) {
        hs_omaha_matcher_free(m);
        return p.rc;
    }
    *out = m;
    return HS_OK;
}

/* ---- listing ----------------------------------------------------------------------------------
 */

/* The cards every hand that node i matches must hold (a necessary condition only): a pattern's
 * cards of one rank and one suit; the common ones of either side of an or; those of both sides of
 * an and; those of the left of a but-not; none for the suit and pair tests. */
static uint64_t needed(const hs_omaha_matcher *m, int i) {
    const node *n = &m->nodes[i];
    switch (n->kind) {
    case N_PAT: {
        const pat *p = &m->pats[n->a];
        uint64_t need = 0;
        for (int j = 0; j < p->n; j++)
            if (__builtin_popcount(p->c[j].ranks) == 1 && __builtin_popcount(p->c[j].suits) == 1)
                need |= hs_card_bit(
                    hs_card(__builtin_ctz(p->c[j].ranks), __builtin_ctz(p->c[j].suits)));
        return need;
    }
    case N_OR:
        return needed(m, n->a) & needed(m, n->b);
    case N_AND:
        return needed(m, n->a) | needed(m, n->b);
    case N_NOT:
        return needed(m, n->a);
    default:
        return 0;
    }
}

static int cmp_u64(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The hands of m's size that hold the cards `need`, added to *out (room checked by the caller). */
static void add_holding(int cards, uint64_t need, uint64_t *out, size_t *n) {
    const int k = cards - __builtin_popcountll(need);
    if (k < 0)
        return;
    if (k == 0) {
        out[(*n)++] = need;
        return;
    }
    /* every k-subset of the free cards (Gosper's hack over their positions), spread onto them */
    int pos[HS_CARDS];
    int nf = 0;
    for (int c = 0; c < HS_CARDS; c++)
        if (!(need >> c & 1))
            pos[nf++] = c;
    const uint64_t last = ((UINT64_C(1) << k) - 1) << (nf - k);
    for (uint64_t x = (UINT64_C(1) << k) - 1;;) {
        uint64_t hand = need;
        for (uint64_t y = x; y != 0; y &= y - 1)
            hand |= hs_card_bit(pos[__builtin_ctzll(y)]);
        out[(*n)++] = hand;
        if (x == last)
            return;
        const uint64_t c = x & (0 - x), r = x + c;
        x = (((r ^ x) >> 2) / c) | r;
    }
}

static double choose(int n, int k) {
    double v = 1;
    for (int i = 0; i < k; i++)
        v = v * (n - i) / (i + 1);
    return v;
}

/* When every item of the range names cards its hands must hold (explicit hands, 'AhAd**'): the
 * hands that hold them, in increasing order without repeats, else NULL (then every hand is
 * tested). At most a quarter of all hands and at most MAX_CANDIDATES (8 MiB of masks): past
 * that, testing every hand costs about as much. */
static uint64_t *candidates(const hs_omaha_matcher *m, size_t *count) {
    double sum = 0;
    for (int i = 0; i < m->items; i++) {
        const int k = __builtin_popcountll(needed(m, m->root[i]));
        if (k == 0)
            return NULL;
        if (k <= m->cards)
            sum += choose(HS_CARDS - k, m->cards - k);
        if (sum > choose(HS_CARDS, m->cards) / 4 || sum > MAX_CANDIDATES)
            return NULL;
    }
    uint64_t *list = malloc(((size_t)sum + 1) * sizeof *list);
    if (list == NULL)
        return NULL;
    size_t n = 0;
    for (int i = 0; i < m->items; i++)
        add_holding(m->cards, needed(m, m->root[i]), list, &n);
    if (m->items > 1) /* (one item's hands come in increasing order) */
        qsort(list, n, sizeof *list, cmp_u64);
    size_t u = 0;
    for (size_t j = 0; j < n; j++)
        if (u == 0 || list[j] != list[u - 1])
            list[u++] = list[j];
    *count = u;
    return list;
}

/* Every hand of m's size in colex order (Gosper's hack), f called on those in the range; only the
 * candidates when every item names cards. */
static int each_hand(const hs_omaha_matcher *m, int (*f)(void *, uint64_t, int), void *ctx) {
    size_t nc = 0;
    uint64_t *cand = candidates(m, &nc);
    if (cand != NULL) {
        int rc = HS_OK;
        for (size_t j = 0; j < nc && rc == HS_OK; j++) {
            const int w = hs_omaha_matcher_weight(m, cand[j]);
            if (w > 0)
                rc = f(ctx, cand[j], w);
        }
        free(cand);
        return rc;
    }
    const uint64_t last = ((UINT64_C(1) << m->cards) - 1) << (HS_CARDS - m->cards);
    uint64_t x = (UINT64_C(1) << m->cards) - 1;
    for (;;) {
        const int w = hs_omaha_matcher_weight(m, x);
        if (w > 0) {
            int rc = f(ctx, x, w);
            if (rc != HS_OK)
                return rc;
        }
        if (x == last)
            return HS_OK;
        const uint64_t c = x & (0 - x), r = x + c;
        x = (((r ^ x) >> 2) / c) | r;
    }
}

typedef struct count_ctx {
    uint64_t n, w;
} count_ctx;

static int count_one(void *ctx, uint64_t hand, int w) {
    (void)hand;
    count_ctx *c = ctx;
    c->n++;
    c->w += (uint64_t)w;
    return HS_OK;
}

int hs_omaha_range_count(const char *text, size_t len, int cards, uint64_t *count,
                         uint64_t *weight_sum, hs_parse_error *err, char *why, size_t cap) {
    hs_omaha_matcher *m;
    int rc = hs_omaha_matcher_new(text, len, cards, &m, err, why, cap);
    if (rc != HS_OK)
        return rc;
    count_ctx c = {0, 0};
    each_hand(m, count_one, &c);
    hs_omaha_matcher_free(m);
    *count = c.n;
    if (weight_sum)
        *weight_sum = c.w;
    return HS_OK;
}

typedef struct list_ctx {
    hs_omaha_range *r;
    size_t cap;
} list_ctx;

static int list_one(void *ctx, uint64_t hand, int w) {
    list_ctx *c = ctx;
    hs_omaha_range *r = c->r;
    if (r->n == HS_OMAHA_RANGE_MAX)
        return HS_ERR_OVERFLOW;
    if (r->n == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 1024;
        if (cap > HS_OMAHA_RANGE_MAX)
            cap = HS_OMAHA_RANGE_MAX;
        uint64_t *h = realloc(r->hand, cap * sizeof *h);
        if (h == NULL)
            return HS_ERR_NOMEM;
        r->hand = h;
        uint8_t *wt = realloc(r->weight, cap * sizeof *wt);
        if (wt == NULL)
            return HS_ERR_NOMEM;
        r->weight = wt;
        c->cap = cap;
    }
    r->hand[r->n] = hand;
    r->weight[r->n++] = (uint8_t)w;
    return HS_OK;
}

int hs_omaha_range_parse(const char *text, size_t len, int cards, hs_omaha_range *out,
                         hs_parse_error *err, char *why, size_t cap) {
    memset(out, 0, sizeof *out);
    hs_omaha_matcher *m;
    int rc = hs_omaha_matcher_new(text, len, cards, &m, err, why, cap);
    if (rc != HS_OK)
        return rc;
    out->cards = cards;
    list_ctx c = {out, 0};
    rc = each_hand(m, list_one, &c);
    hs_omaha_matcher_free(m);
    if (rc != HS_OK) {
        hs_omaha_range_free(out);
        if (rc == HS_ERR_OVERFLOW && why && cap)
            snprintf(why, cap, "the range holds more than %d hands", HS_OMAHA_RANGE_MAX);
    }
    return rc;
}

void hs_omaha_range_free(hs_omaha_range *r) {
    if (r == NULL)
        return;
    free(r->hand);
    free(r->weight);
    r->hand = NULL;
    r->weight = NULL;
    r->n = 0;
}
