/* The query runner (handstat/query.h): every deal enumerated (or drawn at random) on the job
 * runtime, each evaluated by walking the checked program with per-street caches (ranks, equities,
 * nuts), its values added to exact 128-bit accumulators; then the answer as a result table. The
 * hands are ranked by the library's rankers (hs_poker_rank, hs_omaha_rank) and categorised by
 * hs_holdem_hit; plain equity queries go to the equity engines. */
#include "query_internal.h"

#include "job_internal.h"
#include "rng_internal.h"
#include "../request/request_internal.h"

#include "handstat/handstat.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

#define SAMPLE_UNIT 65536
#define MAX_TRIES 1000000

enum { SLOT_TOTAL, SLOT_DEALS, SLOT_FAILED, SLOT_OVERFLOW, SLOT_FIRST };
enum { MERGE_ADD, MERGE_MAX, MERGE_MIN };

/* ---- the job's inputs ------------------------------------------------------------------------ */

typedef struct qctx {
    const hs_query *q;
    hs_query *own; /* the job's own copy of the query */
    hs_job_def def;
    uint64_t samples, seed;
    size_t units;
    size_t split;   /* units per choice of hands' prefix (52: by the first board card; else 1) */
    uint8_t *merge; /* per slot: MERGE_* */
    uint64_t *cum[Q_MAX_PLAYERS]; /* sampling: cumulative weights */
    q_plan plan;                  /* how the board is dealt */
    uint64_t factor;              /* ordered deals each enumerated deal stands for */
} qctx;

/* ---- one deal and its caches ------------------------------------------------------------------
 */

typedef struct dstate {
    const hs_query *q;
    const qctx *c;
    uint64_t hole[Q_MAX_PLAYERS];
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
    uint32_t nut_stamp[ST_N];
    int nut[ST_N];
    uint32_t share_stamp;
    int share[Q_MAX_PLAYERS];
    int best;
    /* each value that depends on the cards up to a street before the river */
    uint32_t node_stamp[Q_MAX_NODES];
    int64_t node_value[Q_MAX_NODES];
} dstate;

/* Forget what depends on the cards of street `level` and later. */
static void invalidate(dstate *d, int level) {
    for (int s = level; s < ST_N; s++)
        d->stamp[s]++;
}

static void set_masks(dstate *d) {
    const uint64_t given = d->q->board;
    uint64_t m = 0;
    d->street[ST_PREFLOP] = 0;
    d->known[ST_PREFLOP] = given;
    for (int i = 0; i < 5; i++) {
        m |= UINT64_C(1) << d->cards[i];
        if (i == 2)
            d->street[ST_FLOP] = m;
        if (i == 3)
            d->street[ST_TURN] = m;
    }
    d->street[ST_RIVER] = m;
    for (int s = ST_FLOP; s < ST_N; s++)
        d->known[s] = d->street[s] | given;
}

static int rank_on(const hs_query *q, uint64_t hole, uint64_t board) {
    return q->game == GAME_HOLDEM ? hs_poker_rank(hole | board) : hs_omaha_rank(hole, board);
}

static int rank_at(dstate *d, int p, int s) {
    if (d->rank_at_stamp[s][p] != d->stamp[s]) {
        d->rank[s][p] = rank_on(d->q, d->hole[p], d->street[s]);
        d->rank_at_stamp[s][p] = d->stamp[s];
    }
    return d->rank[s][p];
}

static int type_of(int cls) {
    return 8 - hs_poker_category(cls);
}

/* Every player's pot share (in 1/2520) on the full board `board`; returns the best rank. */
static int shares_on(const hs_query *q, const uint64_t *hole, uint64_t board, int *share) {
    int r[Q_MAX_PLAYERS], best = HS_POKER_CLASSES + 1, k = 0;
    for (int p = 0; p < q->np; p++) {
        r[p] = rank_on(q, hole[p], board);
        if (r[p] < best) {
            best = r[p];
            k = 1;
        } else if (r[p] == best)
            k++;
    }
    for (int p = 0; p < q->np; p++)
        share[p] = r[p] == best ? HS_HOLDEM_SHARE_UNIT / k : 0;
    return best;
}

static void river_shares(dstate *d) {
    if (d->share_stamp == d->stamp[ST_RIVER])
        return;
    int best = HS_POKER_CLASSES + 1, k = 0;
    for (int p = 0; p < d->q->np; p++) {
        const int r = rank_at(d, p, ST_RIVER);
        if (r < best) {
            best = r;
            k = 1;
        } else if (r == best)
            k++;
    }
    for (int p = 0; p < d->q->np; p++)
        d->share[p] = d->rank[ST_RIVER][p] == best ? HS_HOLDEM_SHARE_UNIT / k : 0;
    d->best = best;
    d->share_stamp = d->stamp[ST_RIVER];
}

/* Sum every player's shares over the completions of `board` by `miss` cards of list[from..n). */
static void eq_walk(const hs_query *q, const uint64_t *hole, const int *list, int n, int from,
                    int miss, uint64_t board, uint64_t *sum) {
    if (miss == 0) {
        int share[Q_MAX_PLAYERS];
        shares_on(q, hole, board, share);
        for (int p = 0; p < q->np; p++)
            sum[p] += (uint64_t)share[p];
        return;
    }
    for (int i = from; i <= n - miss; i++)
        eq_walk(q, hole, list, n, i + 1, miss - 1, board | UINT64_C(1) << list[i], sum);
}

static int cards_of(uint64_t m, int *list) {
    int n = 0;
    while (m) {
        list[n++] = __builtin_ctzll(m);
        m &= m - 1;
    }
    return n;
}

static uint64_t equity_sum(dstate *d, int p, int s) {
    if (d->eq_stamp[s] != d->stamp[s]) {
        const hs_query *q = d->q;
        const uint64_t known = d->known[s];
        int list[HS_CARDS];
        const int n = cards_of(HS_DECK_MASK & ~(d->holes | known | q->dead), list);
        memset(d->eq[s], 0, sizeof d->eq[s]);
        eq_walk(q, d->hole, list, n, 0, 5 - __builtin_popcountll(known), known, d->eq[s]);
        d->eq_stamp[s] = d->stamp[s];
    }
    return d->eq[s][p];
}

/* The best rank any hole cards make on the board of street s. */
static int nut_at(dstate *d, int s) {
    if (d->nut_stamp[s] == d->stamp[s])
        return d->nut[s];
    const hs_query *q = d->q;
    const uint64_t board = d->street[s];
    int list[HS_CARDS];
    const int n = cards_of(HS_DECK_MASK & ~board, list);
    int best = HS_POKER_CLASSES + 1;
    if (q->game == GAME_HOLDEM) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                const int r =
                    hs_poker_rank(board | UINT64_C(1) << list[i] | UINT64_C(1) << list[j]);
                best = r < best ? r : best;
            }
    } else {
        int bc[5];
        const int nb = cards_of(board, bc);
        for (int a = 0; a < nb; a++)
            for (int b = a + 1; b < nb; b++)
                for (int c = b + 1; c < nb; c++) {
                    const uint64_t three =
                        UINT64_C(1) << bc[a] | UINT64_C(1) << bc[b] | UINT64_C(1) << bc[c];
                    for (int i = 0; i < n; i++)
                        for (int j = i + 1; j < n; j++) {
                            const int r = hs_poker_rank5(three | UINT64_C(1) << list[i] |
                                                         UINT64_C(1) << list[j]);
                            best = r < best ? r : best;
                        }
                }
    }
    d->nut[s] = best;
    d->nut_stamp[s] = d->stamp[s];
    return best;
}

/* The next street's cards after which P holds the best hand (ties included), or reaches type t
 * (t >= 0), when it does not on s. */
static int64_t outs(dstate *d, int p, int s, int t) {
    const hs_query *q = d->q;
    if (t < 0) {
        const int mine = rank_at(d, p, s);
        int ahead = 1;
        for (int o = 0; o < q->np; o++)
            ahead &= mine <= rank_at(d, o, s);
        if (ahead)
            return 0;
    } else if (type_of(rank_at(d, p, s)) >= t)
        return 0;
    int list[HS_CARDS];
    const int n = cards_of(HS_DECK_MASK & ~(d->holes | d->street[s] | q->dead), list);
    int64_t count = 0;
    for (int i = 0; i < n; i++) {
        const uint64_t board = d->street[s] | UINT64_C(1) << list[i];
        const int mine = rank_on(q, d->hole[p], board);
        if (t >= 0) {
            count += type_of(mine) >= t;
            continue;
        }
        int ok = 1;
        for (int o = 0; o < q->np && ok; o++)
            ok = o == p || mine <= rank_on(q, d->hole[o], board);
        count += ok;
    }
    return count;
}

static int straight_board(uint64_t board) {
    unsigned ranks = 0;
    for (int s = 0; s < 4; s++)
        ranks |= hs_lane(board, s);
    unsigned hi = ranks | (ranks & 1u) << 13; /* the ace also above the king */
    for (int w = 0; w <= 9; w++)
        if (__builtin_popcount(hi >> w & 0x1Fu) >= 3)
            return 1;
    return 0;
}

static int64_t call(dstate *d, const qnode *n) {
    const hs_query *q = d->q;
    const int p = n->player, s = n->street;
    switch (n->fn) {
    case F_RIVER_EQUITY:
        river_shares(d);
        return d->share[p];
    case F_EQUITY:
        return (int64_t)equity_sum(d, p, s);
    case F_WINS_HI:
    case F_SCOOPS:
        river_shares(d);
        return d->share[p] == HS_HOLDEM_SHARE_UNIT;
    case F_TIES_HI:
        river_shares(d);
        return d->share[p] > 0 && d->share[p] < HS_HOLDEM_SHARE_UNIT;
    case F_BEST_HI: {
        const int mine = rank_at(d, p, s);
        for (int o = 0; o < q->np; o++)
            if (rank_at(d, o, s) < mine)
                return 0;
        return 1;
    }
    case F_HAND_TYPE:
        return type_of(rank_at(d, p, s));
    case F_HI_RATING:
        return HS_POKER_CLASSES + 1 - rank_at(d, p, s);
    case F_WINNING_TYPE:
        river_shares(d);
        return type_of(d->best);
    case F_CATEGORY: {
        unsigned flags = 0;
        const int made = hs_holdem_hit(d->hole[p], d->street[s], &flags);
        return made | (int64_t)flags << 8;
    }
    case F_OUTS:
        return outs(d, p, s, -1);
    case F_OUTS_TYPE:
        return outs(d, p, s, n->ht);
    case F_NUT_HI:
        return rank_at(d, p, s) == nut_at(d, s);
    case F_IN_RANGE: {
        const uint64_t h = d->hole[p];
        const int idx = (63 - __builtin_clzll(h)) * 52 + __builtin_ctzll(h);
        return q->sets[n->range][idx / 64] >> (idx % 64) & 1;
    }
    default:
        break;
    }
    const uint64_t b = d->street[s > 0 ? s : ST_RIVER];
    int per[4], suits = 0, most = 0;
    for (int k = 0; k < 4; k++) {
        per[k] = __builtin_popcount(hs_lane(b, k));
        suits += per[k] > 0;
        most = per[k] > most ? per[k] : most;
    }
    switch (n->fn) {
    case F_SUIT_COUNT:
        return suits;
    case F_PAIRED: {
        unsigned ranks = 0;
        for (int k = 0; k < 4; k++)
            ranks |= hs_lane(b, k);
        return __builtin_popcount(ranks) < __builtin_popcountll(b);
    }
    case F_MONOTONE:
        return suits == 1;
    case F_TWO_TONE:
        return suits == 2;
    case F_RAINBOW:
        return most <= 1;
    case F_FLUSHING:
        return most >= 3;
    case F_STRAIGHT_BOARD:
        return straight_board(b);
    case F_TURN_SUIT:
        return hs_card_suit(d->cards[3]);
    case F_RIVER_SUIT:
        return hs_card_suit(d->cards[4]);
    case F_TURN_RANK: {
        const int r = hs_card_rank(d->cards[3]);
        return r == 0 ? 14 : r + 1;
    }
    case F_RIVER_RANK: {
        const int r = hs_card_rank(d->cards[4]);
        return r == 0 ? 14 : r + 1;
    }
    default:
        return 0;
    }
}

static int64_t ev_node(dstate *d, int i);

static int64_t ev(dstate *d, int i) {
    const qnode *n = &d->q->node[i];
    if (n->level == ST_RIVER || n->kind == N_NUM || n->kind == N_CONST)
        return ev_node(d, i);
    if (d->node_stamp[i] != d->stamp[n->level]) {
        d->node_value[i] = ev_node(d, i);
        d->node_stamp[i] = d->stamp[n->level];
    }
    return d->node_value[i];
}

static int64_t ev_node(dstate *d, int i) {
    const qnode *n = &d->q->node[i];
    switch (n->kind) {
    case N_NUM:
    case N_CONST:
        return n->k;
    case N_CALL:
        return call(d, n);
    case N_NEG:
        return -ev(d, n->a);
    case N_NOT:
        return !ev(d, n->a);
    case N_AND:
        return ev(d, n->a) && ev(d, n->b);
    case N_OR:
        return ev(d, n->a) || ev(d, n->b);
    case N_ADD:
    case N_SUB: {
        const qnode *a = &d->q->node[n->a], *b = &d->q->node[n->b];
        const int64_t x = ev(d, n->a) * (n->sden / den_of(a));
        const int64_t y = ev(d, n->b) * (n->sden / den_of(b));
        return n->kind == N_ADD ? x + y : x - y;
    }
    case N_MUL:
        return ev(d, n->a) * ev(d, n->b);
    case N_DIV:
        return ev(d, n->a);
    case N_CMP: {
        const qnode *a = &d->q->node[n->a], *b = &d->q->node[n->b];
        const int64_t x = ev(d, n->a), y = ev(d, n->b);
        int c;
        if (a->type == T_CATEGORY) {
            const int64_t v = a->kind == N_CONST ? y : x;
            const int64_t k = a->kind == N_CONST ? x : y;
            const int eq = n->flag >= 0 ? (int)(v >> 8 >> n->flag & 1) : (v & 0xff) == k;
            return n->op == CMP_EQ ? eq : !eq;
        }
        if (a->type == T_NUM || b->type == T_NUM) {
            const i128 l = (i128)x * den_of(b), r = (i128)y * den_of(a);
            c = l < r ? -1 : l > r;
        } else
            c = x < y ? -1 : x > y;
        switch (n->op) {
        case CMP_EQ:
            return c == 0;
        case CMP_NE:
            return c != 0;
        case CMP_LT:
            return c < 0;
        case CMP_LE:
            return c <= 0;
        case CMP_GT:
            return c > 0;
        default:
            return c >= 0;
        }
    }
    default:
        return 0;
    }
}

/* ---- accumulating ---------------------------------------------------------------------------- */

static void add(i128 *acc, size_t slot, i128 v) {
    if (__builtin_add_overflow(acc[slot], v, &acc[slot]))
        acc[SLOT_OVERFLOW] = 1;
}

/* Which bucket of a histogram v falls in. */
static int bucket(const qitem *it, const qnode *n, int64_t v) {
    if (n->type == T_CATEGORY)
        return (int)(v & 0xff);
    if (it->bins) {
        /* floor(10 v / den), the top bin closed */
        const int b = (int)(((i128)v * 10) / n->sden);
        return b > 9 ? 9 : b < 0 ? 0 : b;
    }
    if (n->type == T_NUM)
        return (int)(v - it->hist_lo);
    return (int)v;
}

/* Add the items' values v[] for deals of weight w (ordered deals) that satisfy where. */
static void accumulate(const dstate *d, i128 *acc, i128 w, const int64_t *v) {
    const hs_query *q = d->q;
    add(acc, SLOT_DEALS, w);
    for (int i = 0; i < q->nitems; i++) {
        const qitem *it = &q->item[i];
        switch (it->agg) {
        case AGG_AVG:
            add(acc, it->slot, w * v[i]);
            if (d->c->samples > 0) /* the estimate's variance (exact counts need none) */
                add(acc, it->slot + 1, (i128)v[i] * v[i]);
            break;
        case AGG_COUNT:
            if (v[i])
                add(acc, it->slot, w);
            break;
        case AGG_HIST:
            add(acc, it->slot + (size_t)bucket(it, &q->node[it->node], v[i]), w);
            break;
        default: {
            i128 *seen = &acc[it->slot], *val = &acc[it->slot + 1];
            if (*seen == 0 || (it->agg == AGG_MAX ? v[i] > *val : v[i] < *val))
                *val = v[i];
            *seen = 1;
            break;
        }
        }
    }
}

/* Add one deal of weight w (ordered deals). */
static void deal_done(dstate *d, i128 *acc, i128 w) {
    const hs_query *q = d->q;
    set_masks(d);
    add(acc, SLOT_TOTAL, w);
    if (q->where >= 0 && !ev(d, q->where))
        return;
    int64_t v[Q_MAX_ITEMS];
    for (int i = 0; i < q->nitems; i++)
        v[i] = ev(d, q->item[i].node);
    accumulate(d, acc, w, v);
}

/* Node i's value if the cards dealt through street `upto` decide it (1, and *v), else 0: a
 * value of those streets, or "a and b" with a false part, "a or b" with a true one, their
 * negations. */
static int decided(dstate *d, int i, int upto, int64_t *v) {
    const qnode *n = &d->q->node[i];
    if (n->level <= upto) {
        *v = ev(d, i);
        return 1;
    }
    int64_t x;
    switch (n->kind) {
    case N_NOT:
        if (!decided(d, n->a, upto, &x))
            return 0;
        *v = !x;
        return 1;
    case N_AND:
    case N_OR: {
        const int64_t stop = n->kind == N_OR; /* the value that decides */
        if ((decided(d, n->a, upto, &x) && (x != 0) == stop) ||
            (decided(d, n->b, upto, &x) && (x != 0) == stop)) {
            *v = stop;
            return 1;
        }
        return 0;
    }
    default:
        return 0;
    }
}

/* After a segment that completes street `upto`, with more to deal: when the cards so far decide
 * where and every item, add all the deals under them at once (weight w) and return 1. */
static int decided_all(dstate *d, i128 *acc, i128 w, int upto) {
    const hs_query *q = d->q;
    int64_t v[Q_MAX_ITEMS], x;
    set_masks(d);
    if (q->where >= 0 && (!decided(d, q->where, upto, &x) || !x))
        return 0; /* a failing where is pruned by where_holds */
    for (int i = 0; i < q->nitems; i++)
        if (!decided(d, q->item[i].node, upto, &v[i]))
            return 0;
    add(acc, SLOT_TOTAL, w);
    accumulate(d, acc, w, v);
    return 1;
}

static void merge(const void *ctx, void *dst, const void *src) {
    const qctx *c = ctx;
    i128 *d = dst;
    const i128 *s = src;
    /* maxima and minima first, while their seen flags (the slot before) are not yet added */
    for (size_t i = 0; i < c->q->nslots; i++)
        if (c->merge[i] != MERGE_ADD && s[i - 1] != 0 &&
            (d[i - 1] == 0 || (c->merge[i] == MERGE_MAX ? s[i] > d[i] : s[i] < d[i])))
            d[i] = s[i];
    for (size_t i = 0; i < c->q->nslots; i++)
        if (c->merge[i] == MERGE_ADD && __builtin_add_overflow(d[i], s[i], &d[i]))
            d[SLOT_OVERFLOW] = 1;
}

/* ---- the exact enumeration ----------------------------------------------------------------- */

typedef struct walker {
    dstate *d;
    i128 *acc;
    i128 w;
    int list[HS_CARDS];
    int n;
    uint64_t used;
    int first; /* the first segment's smallest card, or -1 */
} walker;

/* False when a conjunct of where that the streets after `after` up to `upto` decide fails on the
 * cards dealt so far: the `below` enumerated deals under them are then counted in the total and
 * not walked. */
static int where_holds(walker *k, int after, int upto, double below) {
    dstate *d = k->d;
    const hs_query *q = d->q;
    int checked = 0;
    for (int i = 0; i < q->nconj; i++) {
        const int l = q->node[q->conj[i]].level;
        if (l <= after || l > upto)
            continue;
        if (!checked) {
            set_masks(d);
            checked = 1;
        }
        if (!ev(d, q->conj[i])) {
            add(k->acc, SLOT_TOTAL, k->w * (i128)below);
            return 0;
        }
    }
    return 1;
}

static void walk(walker *k, int seg, int pos, int from, int left) {
    dstate *d = k->d;
    const q_plan *p = &d->c->plan;
    if (seg == p->segs) {
        deal_done(d, k->acc, k->w);
        return;
    }
    if (left == 0) {
        const int after = seg > 0 ? p->last[seg - 1] : ST_PREFLOP - 1;
        if (seg + 1 < p->segs && (!where_holds(k, after, p->last[seg], p->below[seg]) ||
                                  decided_all(d, k->acc, k->w * (i128)p->below[seg], p->last[seg])))
            return;
        walk(k, seg + 1, pos, 0, seg + 1 < p->segs ? p->size[seg + 1] : 0);
        return;
    }
    const int size = p->size[seg];
    for (int i = from; i < k->n; i++) {
        const uint64_t bit = UINT64_C(1) << k->list[i];
        if (k->used & bit)
            continue;
        if (seg == 0 && left == size && k->first >= 0 && k->list[i] != k->first)
            continue;
        invalidate(d, p->level[seg]);
        d->cards[pos] = k->list[i];
        k->used |= bit;
        walk(k, seg, pos + 1, i + 1, left - 1);
        k->used &= ~bit;
        if (seg == 0 && left == size && k->first >= 0)
            break;
    }
}

/* The choices of hands for players p.. given the others, each walked over every board. */
static void hands_walk(walker *k, int p, i128 w) {
    dstate *d = k->d;
    const hs_query *q = d->q;
    if (p == q->np) {
        k->w = w * (i128)d->c->factor;
        k->n = cards_of(HS_DECK_MASK & ~(d->holes | q->board | q->dead), k->list);
        k->used = 0;
        invalidate(d, ST_PREFLOP);
        for (int i = 0; i < q->nboard; i++)
            d->cards[i] = q->board_cards[i];
        /* conjuncts decided by the hands alone (a unit that deals only the boards of one first
         * card leaves them to the first segment's check, which sees them too) */
        if (d->c->plan.segs > 0 && k->first < 0 &&
            !where_holds(k, ST_PREFLOP - 1, ST_PREFLOP, d->c->plan.dealt))
            return;
        walk(k, 0, q->nboard, 0, d->c->plan.segs > 0 ? d->c->plan.size[0] : 0);
        return;
    }
    for (size_t i = 0; i < q->nhands[p]; i++) {
        const uint64_t h = q->hands[p][i];
        if (h & d->holes)
            continue;
        d->hole[p] = h;
        d->holes |= h;
        hands_walk(k, p + 1, w * q->weight[p][i]);
        d->holes &= ~h;
    }
}

/* A worker's deal state, fresh for a unit. */
static dstate *dstate_init(void *scratch, const qctx *c) {
    dstate *d = scratch;
    memset(d, 0, sizeof *d);
    d->q = c->q;
    d->c = c;
    return d;
}

static void exact_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    const qctx *c = ctx;
    const hs_query *q = c->q;
    dstate *d = dstate_init(scratch, c);
    walker k = {.d = d, .acc = acc, .first = -1};
    size_t hi = unit / c->split;
    if (c->split > 1)
        k.first = (int)(unit % c->split);
    const size_t n1 = q->np >= 2 ? q->nhands[1] : 1;
    const size_t i0 = hi / n1, i1 = hi % n1;
    d->hole[0] = q->hands[0][i0];
    d->holes = d->hole[0];
    i128 w = q->weight[0][i0];
    int p = 1;
    if (q->np >= 2) {
        const uint64_t h1 = q->hands[1][i1];
        if (h1 & d->holes)
            return;
        d->hole[1] = h1;
        d->holes |= h1;
        w *= q->weight[1][i1];
        p = 2;
    }
    if (k.first >= 0 && ((d->holes | q->board | q->dead) >> k.first & 1))
        return;
    hands_walk(&k, p, w);
}

/* ---- sampling -------------------------------------------------------------------------------- */

static void sample_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    const qctx *c = ctx;
    const hs_query *q = c->q;
    dstate *d = dstate_init(scratch, c);
    rng r;
    rng_seed(&r, c->seed, unit);
    const uint64_t first = (uint64_t)unit * SAMPLE_UNIT;
    const uint64_t n = c->samples - first < SAMPLE_UNIT ? c->samples - first : SAMPLE_UNIT;
    int list[HS_CARDS];
    for (uint64_t s = 0; s < n; s++) {
        long tries = 0;
        for (;;) {
            d->holes = 0;
            int p = 0;
            for (; p < q->np; p++) {
                const uint64_t *cum = c->cum[p];
                const uint64_t x = rng_below(&r, cum[q->nhands[p] - 1]);
                size_t lo = 0, hi = q->nhands[p] - 1;
                while (lo < hi) {
                    const size_t mid = (lo + hi) / 2;
                    if (cum[mid] > x)
                        hi = mid;
                    else
                        lo = mid + 1;
                }
                const uint64_t h = q->hands[p][lo];
                if (h & d->holes)
                    break;
                d->hole[p] = h;
                d->holes |= h;
            }
            if (p == q->np)
                break;
            if (++tries > MAX_TRIES) {
                ((i128 *)acc)[SLOT_FAILED] = 1;
                return;
            }
        }
        int m = cards_of(HS_DECK_MASK & ~(d->holes | q->board | q->dead), list);
        for (int i = 0; i < q->nboard; i++)
            d->cards[i] = q->board_cards[i];
        for (int i = q->nboard; i < 5; i++) {
            const int j = (int)rng_below(&r, (uint64_t)m);
            d->cards[i] = list[j];
            list[j] = list[--m];
        }
        invalidate(d, ST_PREFLOP);
        deal_done(d, acc, 1);
    }
}

/* ---- the job ------------------------------------------------------------------------------- */

static void ctx_free(void *p) {
    qctx *c = p;
    hs_query_free(c->own);
    for (int i = 0; i < Q_MAX_PLAYERS; i++)
        free(c->cum[i]);
    free(c->merge);
    free(c);
}

/* Lay out the accumulator: every item's slots (once, when the query is compiled). */
static size_t item_slots(const qitem *it) {
    switch (it->agg) {
    case AGG_COUNT:
        return 1;
    case AGG_HIST:
        return (size_t)it->nbuckets;
    default:
        return 2;
    }
}

void hs_q_layout(hs_query *q) {
    size_t s = SLOT_FIRST;
    for (int i = 0; i < q->nitems; i++) {
        q->item[i].slot = s;
        s += item_slots(&q->item[i]);
    }
    q->nslots = s;
}

/* How each slot merges: maxima and minima are the second slot of their item. */
static void merge_kinds(const hs_query *q, uint8_t *kind) {
    memset(kind, MERGE_ADD, q->nslots);
    for (int i = 0; i < q->nitems; i++) {
        const qitem *it = &q->item[i];
        if (it->agg == AGG_MAX || it->agg == AGG_MIN)
            kind[it->slot + 1] = it->agg == AGG_MAX ? MERGE_MAX : MERGE_MIN;
    }
}

static int size_error(const hs_query *q, hs_query_error *err);
static int qfail(hs_query_error *err, int rc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

int hs_query_job_new(const hs_query *cq, uint64_t samples, uint64_t seed, hs_job **out,
                     hs_query_error *err) {
    *out = NULL;
    if (err != NULL)
        memset(err, 0, sizeof *err);
    if (hs_query_uses_engine(cq, samples))
        return qfail(err, HS_ERR_ARG, "the equity engine answers this query: run it whole");
    if (samples == 0 && cq->size > (double)HS_QUERY_MAX_DEALS)
        return size_error(cq, err);
    qctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return qfail(err, HS_ERR_NOMEM, "out of memory");
    if (hs_query_compile(cq->text, strlen(cq->text), &c->own, NULL) != HS_OK) {
        free(c);
        return qfail(err, HS_ERR_NOMEM, "out of memory");
    }
    const hs_query *q = c->own;
    c->q = q;
    c->samples = samples;
    c->seed = seed;
    c->merge = calloc(q->nslots, 1);
    if (c->merge == NULL) {
        ctx_free(c);
        return qfail(err, HS_ERR_NOMEM, "out of memory");
    }
    merge_kinds(q, c->merge);
    c->def.name = "query";
    c->def.layout = 1;
    c->def.acc_size = q->nslots * sizeof(i128);
    c->def.scratch_size = sizeof(dstate);
    if (samples > 0) {
        for (int p = 0; p < q->np; p++) {
            c->cum[p] = malloc(q->nhands[p] * sizeof(uint64_t));
            if (c->cum[p] == NULL) {
                ctx_free(c);
                return qfail(err, HS_ERR_NOMEM, "out of memory");
            }
            uint64_t t = 0;
            for (size_t i = 0; i < q->nhands[p]; i++)
                c->cum[p][i] = t += q->weight[p][i];
        }
        c->units = (size_t)((samples + SAMPLE_UNIT - 1) / SAMPLE_UNIT);
        c->def.unit = sample_unit;
    } else {
        hs_q_plan_of(q, &c->plan);
        c->factor = c->plan.factor;
        const size_t prefix = q->nhands[0] * (q->np >= 2 ? q->nhands[1] : 1);
        c->split = prefix < 64 && c->plan.segs > 0 ? HS_CARDS : 1;
        c->units = prefix * c->split;
        c->def.unit = exact_unit;
    }
    char params[256];
    snprintf(params, sizeof params, "text=%016llx samples=%llu seed=%llu",
             (unsigned long long)hs_hash64(q->text, strlen(q->text), HS_HASH64_INIT),
             (unsigned long long)samples, (unsigned long long)seed);
    const int rc = hs_job_new(&c->def, c, ctx_free, c->units, params, NULL, out);
    if (rc != HS_OK)
        return qfail(err, rc, "out of memory");
    hs_job_set_merge(*out, merge);
    return HS_OK;
}

/* ---- the answer ------------------------------------------------------------------------------ */

static int qfail(hs_query_error *err, int rc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int qfail(hs_query_error *err, int rc, const char *fmt, ...) {
    if (err != NULL) {
        memset(err, 0, sizeof *err);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return rc;
}

static void cell_value(hs_table *t, i128 num, u128 den) {
    const u128 mag = num < 0 ? (u128)0 - (u128)num : (u128)num;
    const double v = hs_ratio_u128(mag, den);
    tbl_double(t, num < 0 ? -v : v);
}

static const char *const type_names[9] = {"high_card",  "pair",     "two_pair",
                                          "trips",      "straight", "flush",
                                          "full_house", "quads",    "straight_flush"};
static const char *const suit_names[4] = {"clubs", "diamonds", "hearts", "spades"};

static const char *const bin_names[10] = {"[0,0.1)",   "[0.1,0.2)", "[0.2,0.3)", "[0.3,0.4)",
                                          "[0.4,0.5)", "[0.5,0.6)", "[0.6,0.7)", "[0.7,0.8)",
                                          "[0.8,0.9)", "[0.9,1]"};

static void bucket_name(const hs_query *q, const qitem *it, int b, char *buf, size_t cap) {
    const qnode *n = &q->node[it->node];
    if (it->bins)
        snprintf(buf, cap, "%s", bin_names[b]);
    else if (n->type == T_BOOL)
        snprintf(buf, cap, "%s", b ? "true" : "false");
    else if (n->type == T_HANDTYPE)
        snprintf(buf, cap, "%s", type_names[b]);
    else if (n->type == T_CATEGORY)
        snprintf(buf, cap, "%s", hs_holdem_hit_name(b));
    else if (n->type == T_SUIT)
        snprintf(buf, cap, "%s", suit_names[b]);
    else
        snprintf(buf, cap, "%lld", (long long)(it->hist_lo + b));
}

static void notes(hs_table *t, const hs_query *q, int estimate, const char *method, u128 deals,
                  u128 total, uint64_t samples, uint64_t seed) {
    char buf[48];
    tbl_note(t, "kind", "%s", estimate ? "estimate" : "exact");
    tbl_note(t, "method", "%s", method);
    tbl_note(t, "game", "%s", q->game == GAME_HOLDEM ? "holdem" : "omahahi");
    char players[Q_MAX_PLAYERS * 49] = "";
    for (int p = 0; p < q->np; p++) {
        if (p > 0)
            strcat(players, ",");
        strcat(players, q->pname[p]);
    }
    tbl_note(t, "players", "%s", players);
    tbl_note(t, "board", "%s", q->board ? q->board_text : "");
    tbl_note(t, "dead", "%s", q->dead ? q->dead_text : "");
    tbl_note(t, "deals", "%s", hs_text_u128(buf, sizeof buf, deals));
    tbl_note(t, "total", "%s", hs_text_u128(buf, sizeof buf, total));
    if (estimate) {
        tbl_note(t, "samples", "%llu", (unsigned long long)samples);
        tbl_note(t, "seed", "%llu", (unsigned long long)seed);
    }
}

static hs_table *new_table(void) {
    static const char *const names[] = {"item", "bucket", "value", "exact", "count", "std_error"};
    static const int kinds[] = {HS_CELL_TEXT,     HS_CELL_TEXT, HS_CELL_DECIMAL,
                                HS_CELL_FRACTION, HS_CELL_INT,  HS_CELL_DECIMAL};
    return tbl_new(names, kinds, 6);
}

/* One row: value num/den (den 0: empty), count, a standard error (NaN: empty). */
static void row(hs_table *t, const char *item, const char *bucket, i128 num, u128 den, int estimate,
                u128 count, double se) {
    tbl_text(t, item);
    tbl_text(t, bucket);
    if (den == 0) {
        tbl_text(t, "");
        tbl_text(t, "");
    } else {
        cell_value(t, num, den);
        if (estimate)
            tbl_text(t, "");
        else
            tbl_fraction_i128(t, num, den);
    }
    tbl_u128(t, count);
    if (estimate && !isnan(se))
        tbl_double(t, se);
    else
        tbl_text(t, "");
}

/* The standard error of a proportion k/n from n samples (the sample variance, divisor n - 1). */
static double prop_se(u128 k, u128 n) {
    if (n < 2)
        return NAN;
    const double p = (double)k / (double)n;
    return sqrt(p * (1 - p) / (double)(n - 1));
}

static int answer_acc(const hs_query *q, const i128 *acc, int estimate, uint64_t samples,
                      uint64_t seed, hs_table **out, hs_query_error *err) {
    if (acc[SLOT_FAILED])
        return qfail(err, HS_ERR_COUNT,
                     "no deal could be drawn: a million choices of hands in a row collided");
    if (acc[SLOT_OVERFLOW])
        return qfail(err, HS_ERR_OVERFLOW, "a count passed 128 bits");
    if (acc[SLOT_TOTAL] == 0)
        return qfail(err, HS_ERR_COUNT, "no deal is possible: every choice of hands collides");
    hs_table *t = new_table();
    if (t == NULL)
        return qfail(err, HS_ERR_NOMEM, "out of memory");
    const u128 deals = (u128)acc[SLOT_DEALS];
    for (int i = 0; i < q->nitems; i++) {
        const qitem *it = &q->item[i];
        const qnode *n = &q->node[it->node];
        const u128 den = n->type == T_BOOL ? 1 : (u128)n->sden;
        const i128 *a = &acc[it->slot];
        switch (it->agg) {
        case AGG_AVG: {
            double se = NAN;
            if (estimate && deals > 1) {
                const double nn = (double)deals, mean = (double)a[0] / (double)den / nn;
                const double ss = (double)a[1] / ((double)den * (double)den);
                const double var = (ss - nn * mean * mean) / (nn - 1);
                se = sqrt(var > 0 ? var / nn : 0);
            }
            row(t, it->name, "", a[0], deals ? den * deals : 0, estimate, deals, se);
            break;
        }
        case AGG_COUNT:
            row(t, it->name, "", a[0], deals, estimate, (u128)a[0], prop_se((u128)a[0], deals));
            break;
        case AGG_HIST: {
            int lo = 0, hi = it->nbuckets - 1;
            if (n->type == T_NUM && !it->bins) {
                while (lo <= hi && a[lo] == 0)
                    lo++;
                while (hi >= lo && a[hi] == 0)
                    hi--;
            }
            for (int b = lo; b <= hi; b++) {
                char name[48];
                bucket_name(q, it, b, name, sizeof name);
                row(t, it->name, name, a[b], deals, estimate, (u128)a[b],
                    prop_se((u128)a[b], deals));
            }
            break;
        }
        default:
            row(t, it->name, "", a[1], a[0] ? den : 0, estimate, deals, NAN);
            break;
        }
    }
    notes(t, q, estimate, estimate ? "sampling" : "enumeration", deals, (u128)acc[SLOT_TOTAL],
          samples, seed);
    if (tbl_failed(t)) {
        hs_table_free(t);
        return qfail(err, HS_ERR_NOMEM, "out of memory");
    }
    *out = t;
    return HS_OK;
}

/* Plain equities, wins and ties from the equity engines. */
static int run_engine(const hs_query *q, uint64_t samples, uint64_t seed, int threads,
                      hs_progress_fn progress, void *ctx, hs_table **out, hs_query_error *err) {
    u128 wins[Q_MAX_PLAYERS], ties[Q_MAX_PLAYERS], shares[Q_MAX_PLAYERS];
    double eq[Q_MAX_PLAYERS], eq_se[Q_MAX_PLAYERS];
    u128 deals, unit;
    int rc;
    /* the engine counts boards as sets: each stands for the plan's ordered deals */
    q_plan plan;
    hs_q_plan_of(q, &plan);
    const uint64_t factor = samples ? 1 : plan.factor;
    if (q->game == GAME_HOLDEM) {
        const hs_holdem_range *ranges[Q_MAX_PLAYERS];
        for (int p = 0; p < q->np; p++)
            ranges[p] = q->range[p];
        if (samples) {
            hs_holdem_equity_sample_result *e = malloc(sizeof *e);
            if (e == NULL)
                return qfail(err, HS_ERR_NOMEM, "out of memory");
            rc = hs_holdem_equity_sample(q->np, ranges, q->board, q->dead, samples, seed, threads,
                                         progress, ctx, e);
            for (int p = 0; rc == HS_OK && p < q->np; p++) {
                wins[p] = e->player[p].wins;
                ties[p] = e->player[p].ties;
                shares[p] = e->player[p].shares;
                eq[p] = e->player[p].equity;
                eq_se[p] = e->player[p].std_error;
            }
            deals = samples;
            free(e);
        } else {
            hs_holdem_equity_exact *e = malloc(sizeof *e);
            if (e == NULL)
                return qfail(err, HS_ERR_NOMEM, "out of memory");
            rc = hs_holdem_equity_ranges(q->np, ranges, q->board, q->dead, threads, progress, ctx,
                                         e);
            for (int p = 0; rc == HS_OK && p < q->np; p++) {
                wins[p] = e->player[p].wins;
                ties[p] = e->player[p].ties;
                shares[p] = e->player[p].shares;
            }
            deals = e->deals;
            free(e);
        }
        unit = HS_HOLDEM_SHARE_UNIT;
    } else {
        uint64_t holes[Q_MAX_PLAYERS];
        for (int p = 0; p < q->np; p++)
            holes[p] = q->hands[p][0];
        hs_omaha_equity e;
        rc = hs_omaha_equity_run(holes, q->np, q->board, q->dead, 0, threads, progress, ctx, &e);
        for (int p = 0; rc == HS_OK && p < q->np; p++) {
            wins[p] = e.p[p].wins;
            ties[p] = e.p[p].ties;
            shares[p] = e.p[p].high_share;
        }
        deals = e.boards;
        unit = HS_OMAHA_SHARE_UNIT;
    }
    if (rc == HS_ERR_CANCELLED)
        return qfail(err, rc, "cancelled");
    if (rc == HS_ERR_COUNT)
        return qfail(err, rc, "no deal is possible: every choice of hands collides");
    if (rc != HS_OK)
        return qfail(err, rc, "%s", hs_strerror(rc));
    hs_table *t = new_table();
    if (t == NULL)
        return qfail(err, HS_ERR_NOMEM, "out of memory");
    const int est = samples > 0;
    for (int i = 0; i < q->nitems; i++) {
        const qitem *it = &q->item[i];
        const qnode *n = &q->node[it->node];
        const int p = n->player;
        if (n->fn == F_RIVER_EQUITY) {
            if (est) {
                tbl_text(t, it->name);
                tbl_text(t, "");
                tbl_double(t, eq[p]);
                tbl_text(t, "");
                tbl_u128(t, deals);
                if (isnan(eq_se[p]))
                    tbl_text(t, "");
                else
                    tbl_double(t, eq_se[p]);
            } else
                row(t, it->name, "", (i128)shares[p], deals * unit, 0, deals * factor, NAN);
            continue;
        }
        const u128 hits = n->fn == F_TIES_HI ? ties[p] : wins[p];
        row(t, it->name, "", (i128)hits, deals, est,
            it->agg == AGG_COUNT ? hits * factor : deals * factor, prop_se(hits, deals));
    }
    notes(t, q, est, "equity engine", deals * factor, deals * factor, samples, seed);
    if (tbl_failed(t)) {
        hs_table_free(t);
        return qfail(err, HS_ERR_NOMEM, "out of memory");
    }
    *out = t;
    return HS_OK;
}

static int size_error(const hs_query *q, hs_query_error *err) {
    int rc =
        qfail(err, HS_ERR_OVERFLOW,
              "line 1, column 1: the query has %.3g deals to enumerate (counting inner "
              "enumerations), over the "
              "exact bound of %.3g: give --samples N for an estimate, or fix more of the board "
              "or narrow the ranges",
              q->size, (double)HS_QUERY_MAX_DEALS);
    if (err != NULL)
        err->line = err->column = 1;
    return rc;
}

int hs_query_run(const hs_query *q, const hs_job *job, uint64_t samples, uint64_t seed, int threads,
                 hs_progress_fn progress, void *ctx, hs_table **out, hs_query_error *err) {
    *out = NULL;
    if (err != NULL)
        memset(err, 0, sizeof *err);
    if (threads < 0)
        return qfail(err, HS_ERR_ARG, "threads must be 0 or more");
    if (job == NULL && hs_query_uses_engine(q, samples))
        return run_engine(q, samples, seed, threads, progress, ctx, out, err);
    hs_job *own = NULL;
    if (job == NULL) {
        int rc = hs_query_job_new(q, samples, seed, &own, err);
        if (rc != HS_OK)
            return rc;
        hs_job_opts o = {.threads = threads, .progress = progress, .progress_ctx = ctx};
        rc = hs_job_run(own, 0, hs_job_units(own), &o);
        if (rc != HS_OK) {
            hs_job_free(own);
            return qfail(err, rc, rc == HS_ERR_CANCELLED ? "cancelled" : "%s", hs_strerror(rc));
        }
        job = own;
    }
    if (hs_job_units_done(job) != hs_job_units(job) || strcmp(hs_job_name(job), "query") != 0) {
        hs_job_free(own);
        return qfail(err, HS_ERR_ARG, "the job is not a finished query job");
    }
    const int rc = answer_acc(q, hs_job_acc_const(job), samples > 0, samples, seed, out, err);
    hs_job_free(own);
    return rc;
}
