/* The query's plan (handstat/query.h), shared by the compiler and the runner: the last street each
 * value depends on, the where's conjuncts (to prune by street), how the exact enumeration deals
 * the board, the accumulator's slots, and the query's size; whether the equity engine answers
 * it instead. */
#include "query_internal.h"

#include "handstat/handstat.h"

#include "combin.h"

#include <string.h>

/* The last street whose cards node i's value depends on. */
static int node_level(hs_query *q, int i) {
    qnode *n = &q->node[i];
    int l = ST_PREFLOP;
    switch (n->kind) {
    case N_CALL:
        switch (n->fn) {
        case F_RIVER_EQUITY:
        case F_WINS_HI:
        case F_TIES_HI:
        case F_WINS_LO:
        case F_TIES_LO:
        case F_SCOOPS:
        case F_WINNING_TYPE:
        case F_RIVER_SUIT:
        case F_RIVER_RANK:
            l = ST_RIVER;
            break;
        case F_TURN_SUIT:
        case F_TURN_RANK:
            l = ST_TURN;
            break;
        case F_IN_RANGE:
            l = ST_PREFLOP;
            break;
        default:
            l = n->street;
            break;
        }
        break;
    case N_NEG:
    case N_NOT:
        l = node_level(q, n->a);
        break;
    case N_AND:
    case N_OR:
    case N_CMP:
    case N_ADD:
    case N_SUB:
    case N_MUL:
    case N_DIV: {
        const int a = node_level(q, n->a), b = node_level(q, n->b);
        l = a > b ? a : b;
        break;
    }
    default:
        break;
    }
    n->level = l;
    return l;
}

static void conjuncts(hs_query *q, int i) {
    if (q->node[i].kind == N_AND) {
        conjuncts(q, q->node[i].a);
        conjuncts(q, q->node[i].b);
    } else
        q->conj[q->nconj++] = i;
}

void hs_q_plan_of(const hs_query *q, q_plan *p) {
    memset(p, 0, sizeof *p);
    const int k = q->nboard, f = k < 3 ? 3 - k : 0, t = k < 4, r = k < 5;
    const int left =
        HS_CARDS - q->hole_cards * (q->np + q->nfold) - __builtin_popcountll(q->dead) - k;
    int size[3], level[3], last[3], n = 0;
    if (q->uses_turn) {
        if (f) {
            size[n] = f;
            level[n] = last[n] = ST_FLOP;
            n++;
        }
        if (t) {
            size[n] = 1;
            level[n] = last[n] = ST_TURN;
            n++;
        }
        if (r) {
            size[n] = 1;
            level[n] = last[n] = ST_RIVER;
            n++;
        }
    } else if (q->uses_flop) {
        if (f) {
            size[n] = f;
            level[n] = last[n] = ST_FLOP;
            n++;
        }
        if (t + r) {
            size[n] = t + r;
            level[n] = t ? ST_TURN : ST_RIVER;
            last[n] = ST_RIVER;
            n++;
        }
    } else if (f + t + r) {
        size[n] = f + t + r;
        level[n] = f ? ST_FLOP : t ? ST_TURN : ST_RIVER;
        last[n] = ST_RIVER;
        n++;
    }
    /* only as deep as the query looks */
    while (n > 0 && last[n - 1] > q->depth)
        n--;
    double ordered = (double)hs_binom((unsigned)left, (unsigned)f);
    for (int i = 0; i < t + r; i++)
        ordered *= left - f - i;
    int used = 0;
    double dealt = 1;
    p->inst[ST_PREFLOP] = 1;
    for (int i = 0; i < n; i++) {
        p->size[i] = size[i];
        p->level[i] = level[i];
        p->last[i] = last[i];
        dealt *= (double)hs_binom((unsigned)(left - used), (unsigned)size[i]);
        used += size[i];
        for (int st = level[i]; st <= last[i]; st++)
            p->inst[st] = dealt;
    }
    for (int st = ST_FLOP; st < ST_N; st++)
        if (p->inst[st] == 0)
            p->inst[st] = p->inst[st - 1];
    p->segs = n;
    p->dealt = dealt;
    p->factor = (uint64_t)(ordered / dealt + 0.5);
    double below = 1;
    for (int i = n - 1; i >= 0; i--) {
        p->below[i] = below;
        int before = 0;
        for (int j = 0; j < i; j++)
            before += size[j];
        below *= (double)hs_binom((unsigned)(left - before), (unsigned)size[i]);
    }
}

/* The deals the exact enumeration evaluates (hands that collide counted too), inner enumerations
 * included. */
static double query_size(const hs_query *q) {
    double hands = 1;
    for (int i = 0; i < q->np + q->nfold; i++)
        hands *= (double)q->nhands[i];
    q_plan p;
    hs_q_plan_of(q, &p);
    double cost = p.dealt;
    for (int s = 0; s < ST_N; s++) {
        if (q->need_eq[s])
            cost += p.inst[s] * (double)hs_q_completions(q, s);
        if (q->need_nut[s])
            cost += p.inst[s] * 1081.0 * (q->game == GAME_OMAHA ? 10 : 1);
    }
    return hands * cost;
}

/* With folded players the engine is hs_holdem_equity_folded: the plain engine once per
 * suit-symmetric set of folded tuples. It answers while that stays within the bound of holdem
 * equity --folded (at most Q_FOLDED_SOLVES runs, and runs x choices of hands x boards at most
 * Q_FOLDED_DEALS); past it the query is enumerated (or refused past the enumeration's bound). */
#define Q_FOLDED_SOLVES 100000
#define Q_FOLDED_DEALS 1e11
static int folded_engine_fits(const hs_query *q) {
    const hs_holdem_range *ranges[Q_MAX_PLAYERS], *fold[Q_MAX_FOLDED];
    double choices = 1;
    for (int p = 0; p < q->np; p++) {
        ranges[p] = q->range[p];
        choices *= (double)q->nhands[p];
    }
    for (int j = 0; j < q->nfold; j++)
        fold[j] = q->range[q->np + j];
    hs_holdem_folded_plan plan;
    const int rc = hs_holdem_folded_plan_count(q->np, ranges, q->nfold, fold, q->board, q->dead,
                                               24 * Q_FOLDED_SOLVES, &plan);
    if (rc == HS_ERR_COUNT)
        return 1; /* no deal: the engine says so */
    const int left = HS_CARDS - 2 * (q->np + q->nfold) - __builtin_popcountll(q->dead) - q->nboard;
    const double boards = (double)hs_binom((unsigned)left, (unsigned)(5 - q->nboard));
    return rc == HS_OK && !plan.capped && plan.solves <= Q_FOLDED_SOLVES &&
           (double)plan.solves * choices * boards <= Q_FOLDED_DEALS;
}

/* Is every item an equity, a win or a tie count the engine gives, with no where? */
static int engine_answers(const hs_query *q) {
    if (q->where >= 0)
        return 0;
    if (q->nfold > 0 && !folded_engine_fits(q))
        return 0;
    if (q->game == GAME_OMAHA && (!q->concrete || q->hilo))
        return 0;
    if (q->np < 2)
        return 0;
    for (int i = 0; i < q->nitems; i++) {
        const qitem *it = &q->item[i];
        const qnode *n = &q->node[it->node];
        if (n->kind != N_CALL)
            return 0;
        if (n->fn == F_RIVER_EQUITY) {
            if (it->agg != AGG_AVG)
                return 0;
        } else if (n->fn == F_WINS_HI || n->fn == F_TIES_HI || n->fn == F_SCOOPS) {
            if (it->agg != AGG_AVG && it->agg != AGG_COUNT)
                return 0;
        } else
            return 0;
    }
    return 1;
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

static void layout(hs_query *q) {
    size_t s = SLOT_FIRST;
    for (int i = 0; i < q->nitems; i++) {
        q->item[i].slot = s;
        s += item_slots(&q->item[i]);
    }
    q->nslots = s;
}

void hs_q_plan(hs_query *q) {
    q->depth = ST_PREFLOP;
    for (int i = 0; i < q->nitems; i++) {
        const int l = node_level(q, q->item[i].node);
        q->depth = l > q->depth ? l : q->depth;
    }
    if (q->where >= 0) {
        const int l = node_level(q, q->where);
        q->depth = l > q->depth ? l : q->depth;
        conjuncts(q, q->where);
    }
    q->engine = engine_answers(q);
    layout(q);
    q->size = query_size(q);
}

double hs_query_size(const hs_query *q) {
    return q->size;
}

int hs_query_uses_engine(const hs_query *q, uint64_t samples) {
    return q->engine && (samples == 0 || q->game == GAME_HOLDEM);
}
