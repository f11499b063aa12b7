/* The query's checker (handstat/query.h): one pass over the syntax nodes that resolves names (by
 * query_bind.c), checks argument counts and types, gives every number its exact static
 * denominator and bounds, and notes what the runner must deal (the streets to tell apart, the
 * inner enumerations of equity and nutHi). */
#include "query_internal.h"

#include "handstat/handstat.h"

#include "combin.h"

#include <math.h>
#include <string.h>

static const char *type_name(int t) {
    switch (t) {
    case T_NUM:
        return "a number";
    case T_BOOL:
        return "a boolean";
    case T_HANDTYPE:
        return "a hand type";
    case T_CATEGORY:
        return "a hand category";
    case T_SUIT:
        return "a suit";
    case T_LOWHAND:
        return "a low hand type";
    default:
        return "a name";
    }
}

/* The greatest common divisor of two values below NUM_LIMIT in magnitude, by the shared hs_gcd. */
static int64_t gcd64(int64_t a, int64_t b) {
    return (int64_t)hs_gcd(a < 0 ? (uint64_t)-a : (uint64_t)a, b < 0 ? (uint64_t)-b : (uint64_t)b);
}

#define NUM_LIMIT 4.0e18

/* Give a number node its static denominator and bounds; refuse what 64 bits cannot hold. */
static int set_num(pctx *p, qnode *n, int64_t den, double lo, double hi) {
    n->type = T_NUM;
    n->sden = den;
    n->lo = lo;
    n->hi = hi;
    const double m = fmax(fabs(lo), fabs(hi)) * (double)den;
    if (den <= 0 || (double)den > NUM_LIMIT || m > NUM_LIMIT)
        return hs_q_perr(p, HS_ERR_ARG, n->off, n->len,
                         "this arithmetic is too large to keep exact in 64 bits");
    return HS_OK;
}

static int check_call(pctx *p, int i) {
    hs_query *q = p->q;
    qnode *n = &q->node[i];
    char t[HS_TOKEN_TEXT];
    const q_fdef *f = hs_q_function(p, n);
    if (f == NULL)
        return hs_q_perr(p, HS_ERR_TOKEN, n->off, n->len,
                         "unknown function '%s' (the functions are listed in the README's query "
                         "section)",
                         hs_q_tok(p, t, n->off, n->len));
    const int want = (int)strlen(f->args);
    if (n->nargs != want)
        return hs_q_perr(p, HS_ERR_ARG, n->off, n->len, "%s takes %d argument%s (%s), not %d",
                         hs_q_tok(p, t, n->off, n->len), want, want == 1 ? "" : "s",
                         want == 0   ? "none"
                         : want == 1 ? (f->args[0] == 'P' ? "a player" : "a street")
                         : f->args[1] == 'S' && want == 2 ? "a player and a street"
                         : f->args[1] == 'R'              ? "a player and a range in quotes"
                                                          : "a player, a street and a hand type",
                         n->nargs);
    n->fn = f->fn;
    n->street = f->fn == F_CATEGORY && want == 1 ? ST_FLOP : -1;
    n->player = -1;
    int a = n->a;
    for (int k = 0; k < want; k++, a = q->node[a].next) {
        qnode *x = &q->node[a];
        switch (f->args[k]) {
        case 'P':
            n->player = hs_q_player_of(p, x);
            if (n->player < 0)
                return hs_q_perr(p, HS_ERR_ARG, x->off, x->len,
                                 "'%s' is not a player of the from clause (argument %d of %.*s)",
                                 hs_q_tok(p, t, x->off, x->len), k + 1,
                                 (int)(n->len > 40 ? 40 : n->len), p->text + n->off);
            break;
        case 'S':
            n->street = hs_q_street_of(p, x);
            if (n->street < 0)
                return hs_q_perr(
                    p, HS_ERR_ARG, x->off, x->len,
                    "'%s' is not a street (preflop, flop, turn, river; argument %d of %.*s)",
                    hs_q_tok(p, t, x->off, x->len), k + 1, (int)(n->len > 40 ? 40 : n->len),
                    p->text + n->off);
            break;
        case 'T':
            n->ht = x->kind == N_NAME ? hs_q_handtype_of(p, x) : -1;
            if (n->ht < 0)
                return hs_q_perr(
                    p, HS_ERR_ARG, x->off, x->len,
                    "'%s' is not a hand type (highCard, pair, twoPair, trips, straight, "
                    "flush, fullHouse, quads, straightFlush)",
                    hs_q_tok(p, t, x->off, x->len));
            break;
        case 'R':
            if (hs_q_bind_range(p, n, x) != HS_OK)
                return p->rc;
            break;
        default:
            break;
        }
    }
    const int s = n->street;
    const int post = s == ST_FLOP || s == ST_TURN || s == ST_RIVER;
    const char *fname = f->name;
    switch (n->fn) {
    case F_BEST_HI:
    case F_HAND_TYPE:
    case F_HI_RATING:
    case F_NUT_HI:
    case F_SUIT_COUNT:
    case F_PAIRED:
    case F_MONOTONE:
    case F_TWO_TONE:
    case F_RAINBOW:
    case F_FLUSHING:
    case F_STRAIGHT_BOARD:
    case F_CATEGORY:
    case F_LOW_HAND:
    case F_LO_RATING:
    case F_NUT_LO:
        if (!post)
            return hs_q_perr(p, HS_ERR_ARG, n->off, n->len,
                             "%s needs a flop, turn or river street (preflop has no board)", fname);
        break;
    case F_OUTS:
    case F_OUTS_TYPE:
        if (s != ST_FLOP && s != ST_TURN)
            return hs_q_perr(p, HS_ERR_ARG, n->off, n->len,
                             "%s counts the cards of the next street: "
                             "its street is flop or turn",
                             fname);
        if (hs_q_known_count(q, s + 1) <= q->nboard)
            return hs_q_perr(p, HS_ERR_ARG, n->off, n->len,
                             "%s(.., %s): the %s is given on the board, so it has no outs to count",
                             fname, hs_q_streets[s], hs_q_streets[s + 1]);
        break;
    default:
        break;
    }
    if (n->fn == F_CATEGORY && q->game != GAME_HOLDEM)
        return hs_q_perr(p, HS_ERR_ARG, n->off, n->len, "%s is for holdem only", fname);
    if ((n->fn == F_WINS_LO || n->fn == F_TIES_LO || n->fn == F_HAS_LOW || n->fn == F_HI_EQUITY ||
         n->fn == F_LO_EQUITY || n->fn == F_LOW_HAND || n->fn == F_LO_RATING ||
         n->fn == F_NUT_LO) &&
        !q->hilo)
        return hs_q_perr(p, HS_ERR_ARG, n->off, n->len,
                         "%s is for the hi/lo games only (game=omaha8 or omaha85)", fname);
    if (n->fn == F_HAS_LOW && !post)
        return hs_q_perr(p, HS_ERR_ARG, n->off, n->len,
                         "%s needs a flop, turn or river street (preflop has no board)", fname);
    /* which streets the deal must tell apart (a street given on the board is fixed anyway) */
    if (post && s != ST_RIVER && hs_q_known_count(q, ST_PREFLOP) < (s == ST_FLOP ? 3 : 4)) {
        if (s == ST_FLOP)
            q->uses_flop = 1;
        else
            q->uses_flop = q->uses_turn = 1;
    }
    if ((n->fn == F_EQUITY || n->fn == F_HI_EQUITY || n->fn == F_LO_EQUITY) && s != ST_RIVER) {
        q->need_eq[s] = 1;
        if (s == ST_FLOP && q->nboard < 3)
            q->uses_flop = 1;
        if (s == ST_TURN && q->nboard < 4)
            q->uses_flop = q->uses_turn = 1;
    }
    if (n->fn == F_NUT_HI || n->fn == F_NUT_LO)
        q->need_nut[s] = 1;
    if ((n->fn == F_TURN_SUIT || n->fn == F_TURN_RANK || n->fn == F_RIVER_SUIT ||
         n->fn == F_RIVER_RANK) &&
        q->nboard < 5) {
        q->uses_flop = 1;
        q->uses_turn = 1;
    }
    switch (n->fn) {
    case F_RIVER_EQUITY:
        return set_num(p, n, q->unit, 0, 1);
    case F_EQUITY:
        if (s == ST_RIVER)
            n->fn = F_RIVER_EQUITY;
        return set_num(
            p, n, (int64_t)q->unit * (s == ST_RIVER ? 1 : (int64_t)hs_q_completions(q, s)), 0, 1);
    case F_HI_EQUITY:
    case F_LO_EQUITY:
        return set_num(
            p, n, (int64_t)q->unit * (s == ST_RIVER ? 1 : (int64_t)hs_q_completions(q, s)), 0, 1);
    case F_HI_RATING:
        return set_num(p, n, 1, 1, HS_POKER_CLASSES);
    case F_LO_RATING:
        return set_num(p, n, 1, 1, Q_NO_LOW_RATING);
    case F_OUTS:
    case F_OUTS_TYPE:
        return set_num(p, n, 1, 0, 47);
    case F_SUIT_COUNT:
        return set_num(p, n, 1, 1, 4);
    case F_TURN_RANK:
    case F_RIVER_RANK:
        return set_num(p, n, 1, 2, 14);
    default:
        n->type = f->type;
        return HS_OK;
    }
}

/* As a number (booleans count 1 and 0). */
static int want_num(pctx *p, int i, const char *what) {
    qnode *n = &p->q->node[i];
    if (n->type == T_BOOL)
        return set_num(p, n, 1, 0, 1) == HS_OK ? (n->type = T_BOOL, HS_OK) : p->rc;
    if (n->type != T_NUM) {
        char t[HS_TOKEN_TEXT];
        return hs_q_perr(p, HS_ERR_ARG, n->off, n->len, "%s needs a number, and '%s' is %s", what,
                         hs_q_tok(p, t, n->off, n->len), type_name(n->type));
    }
    return HS_OK;
}

static int want_bool(pctx *p, int i, const char *what) {
    qnode *n = &p->q->node[i];
    if (n->type != T_BOOL) {
        char t[HS_TOKEN_TEXT];
        return hs_q_perr(p, HS_ERR_ARG, n->off, n->len, "%s needs a condition, and '%s' is %s",
                         what, hs_q_tok(p, t, n->off, n->len), type_name(n->type));
    }
    return HS_OK;
}

static int check_cmp(pctx *p, int i) {
    hs_query *q = p->q;
    qnode *n = &q->node[i];
    qnode *a = &q->node[n->a], *b = &q->node[n->b];
    char t[HS_TOKEN_TEXT];
    /* a bare name takes the type of the other side */
    if (a->type == T_ENUM && b->type == T_ENUM)
        return hs_q_perr(p, HS_ERR_ARG, a->off, a->len, "'%s' is not a value here",
                         hs_q_tok(p, t, a->off, a->len));
    qnode *e = a->type == T_ENUM ? a : b->type == T_ENUM ? b : NULL;
    qnode *o = e == a ? b : a;
    if (e != NULL) {
        if (o->type == T_NUM) {
            return hs_q_perr(p, HS_ERR_ARG, e->off, e->len, "'%s' is not a number",
                             hs_q_tok(p, t, e->off, e->len));
        }
        const int64_t k = hs_q_const_of(p, e, o->type);
        if (k == -1)
            return hs_q_perr(p, HS_ERR_ARG, e->off, e->len, "'%s' is not %s",
                             hs_q_tok(p, t, e->off, e->len), type_name(o->type));
        e->kind = N_CONST;
        e->type = o->type;
        if (k <= -2) {
            if (n->op != CMP_EQ && n->op != CMP_NE)
                return hs_q_perr(p, HS_ERR_ARG, n->off, n->len,
                                 "a draw flag is tested with = or != only");
            n->flag = (int)(-2 - k);
            e->k = 0;
        } else
            e->k = k;
    }
    if (a->type == T_BOOL && b->type == T_NUM)
        set_num(p, a, 1, 0, 1), a->type = T_BOOL;
    if (b->type == T_BOOL && a->type == T_NUM)
        set_num(p, b, 1, 0, 1), b->type = T_BOOL;
    const int ta = a->type == T_BOOL && b->type != T_BOOL ? T_NUM : a->type;
    const int tb = b->type == T_BOOL && a->type != T_BOOL ? T_NUM : b->type;
    if (ta != tb)
        return hs_q_perr(p, HS_ERR_ARG, n->off, n->len, "cannot compare %s with %s",
                         type_name(a->type), type_name(b->type));
    if ((ta == T_BOOL || ta == T_SUIT || ta == T_CATEGORY || ta == T_LOWHAND) && n->op != CMP_EQ &&
        n->op != CMP_NE)
        return hs_q_perr(p, HS_ERR_ARG, n->off, n->len, "%s is compared with = or != only",
                         type_name(ta));
    if (ta == T_CATEGORY && e == NULL)
        return hs_q_perr(p, HS_ERR_ARG, n->off, n->len,
                         "a hand category is compared with a category's or a flag's name");
    n->type = T_BOOL;
    return HS_OK;
}

static int check(pctx *p, int i) {
    hs_query *q = p->q;
    qnode *n = &q->node[i];
    char t[HS_TOKEN_TEXT];
    switch (n->kind) {
    case N_NUM: {
        const int64_t g = gcd64(n->num, n->den);
        n->k = g ? n->num / g : 0;
        return set_num(p, n, g ? n->den / g : 1, (double)n->num / (double)n->den,
                       (double)n->num / (double)n->den);
    }
    case N_STR:
        return hs_q_perr(p, HS_ERR_ARG, n->off, n->len, "text '%s' is only an argument of inRange",
                         hs_q_tok(p, t, n->off, n->len));
    case N_NAME: {
        const int64_t k = hs_q_const_of(p, n, T_BOOL);
        if (k >= 0) {
            n->kind = N_CONST;
            n->type = T_BOOL;
            n->k = k;
            return HS_OK;
        }
        n->type = T_ENUM;
        return HS_OK;
    }
    case N_CALL:
        return check_call(p, i);
    case N_NEG:
        if (check(p, n->a) != HS_OK || want_num(p, n->a, "'-'") != HS_OK)
            return p->rc;
        return set_num(p, n, den_of(&q->node[n->a]), -q->node[n->a].hi, -q->node[n->a].lo);
    case N_NOT:
        if (check(p, n->a) != HS_OK || want_bool(p, n->a, "not") != HS_OK)
            return p->rc;
        n->type = T_BOOL;
        return HS_OK;
    case N_AND:
    case N_OR:
        if (check(p, n->a) != HS_OK || check(p, n->b) != HS_OK ||
            want_bool(p, n->a, n->kind == N_AND ? "and" : "or") != HS_OK ||
            want_bool(p, n->b, n->kind == N_AND ? "and" : "or") != HS_OK)
            return p->rc;
        n->type = T_BOOL;
        return HS_OK;
    case N_CMP:
        if (check(p, n->a) != HS_OK || check(p, n->b) != HS_OK)
            return p->rc;
        return check_cmp(p, i);
    case N_ADD:
    case N_SUB:
    case N_MUL:
    case N_DIV: {
        static const char *const opname[] = {"'+'", "'-'", "'*'", "'/'"};
        const char *what = opname[n->kind - N_ADD];
        if (check(p, n->a) != HS_OK || check(p, n->b) != HS_OK ||
            want_num(p, n->a, what) != HS_OK || want_num(p, n->b, what) != HS_OK)
            return p->rc;
        const qnode *a = &q->node[n->a], *b = &q->node[n->b];
        const int64_t da = den_of(a), db = den_of(b);
        if (n->kind == N_DIV) {
            if (b->kind != N_CONST && b->kind != N_NUM)
                return hs_q_perr(p, HS_ERR_ARG, n->off, n->len,
                                 "'/' divides by a positive whole number only (exact arithmetic)");
            if (b->sden != 1 || b->k <= 0)
                return hs_q_perr(p, HS_ERR_ARG, b->off, b->len,
                                 "'/' divides by a positive whole number only, not '%s'",
                                 hs_q_tok(p, t, b->off, b->len));
            if ((double)da * (double)b->k > NUM_LIMIT)
                return set_num(p, n, -1, 0, 0);
            return set_num(p, n, da * b->k, a->lo / (double)b->k, a->hi / (double)b->k);
        }
        if (n->kind == N_MUL) {
            const double c[4] = {a->lo * b->lo, a->lo * b->hi, a->hi * b->lo, a->hi * b->hi};
            if ((double)da * (double)db > NUM_LIMIT)
                return set_num(p, n, -1, 0, 0);
            return set_num(p, n, da * db, fmin(fmin(c[0], c[1]), fmin(c[2], c[3])),
                           fmax(fmax(c[0], c[1]), fmax(c[2], c[3])));
        }
        const int64_t g = gcd64(da, db);
        if ((double)(da / g) * (double)db > NUM_LIMIT)
            return set_num(p, n, -1, 0, 0);
        if (n->kind == N_ADD)
            return set_num(p, n, da / g * db, a->lo + b->lo, a->hi + b->hi);
        return set_num(p, n, da / g * db, a->lo - b->hi, a->hi - b->lo);
    }
    default:
        return HS_OK;
    }
}

static int check_item(pctx *p, qitem *it) {
    hs_query *q = p->q;
    if (check(p, it->node) != HS_OK)
        return p->rc;
    qnode *n = &q->node[it->node];
    char t[HS_TOKEN_TEXT];
    switch (it->agg) {
    case AGG_AVG:
        return want_num(p, it->node, "avg");
    case AGG_MAX:
    case AGG_MIN:
        if (n->type == T_HANDTYPE)
            return HS_OK;
        return want_num(p, it->node, it->agg == AGG_MAX ? "max" : "min");
    case AGG_COUNT:
        return want_bool(p, it->node, "count");
    case AGG_HIST:
        switch (n->type) {
        case T_BOOL:
            it->nbuckets = 2;
            return HS_OK;
        case T_HANDTYPE:
            it->nbuckets = 9;
            return HS_OK;
        case T_CATEGORY:
            it->nbuckets = HS_HIT_MADE;
            return HS_OK;
        case T_SUIT:
            it->nbuckets = 4;
            return HS_OK;
        case T_LOWHAND:
            it->nbuckets = LOW_TYPES;
            return HS_OK;
        case T_NUM:
            if (n->sden == 1 && n->hi - n->lo + 1 <= Q_HIST_MAX) {
                it->hist_lo = (int64_t)n->lo;
                it->nbuckets = (int)(n->hi - n->lo) + 1;
                return HS_OK;
            }
            if (n->lo >= 0 && n->hi <= 1) {
                it->bins = 1;
                it->nbuckets = 10;
                return HS_OK;
            }
            return hs_q_perr(
                p, HS_ERR_ARG, n->off, n->len,
                "histogram of '%s': a whole number with at most %d values, or a number "
                "from 0 to 1, is needed",
                hs_q_tok(p, t, n->off, n->len), Q_HIST_MAX);
        default:
            return hs_q_perr(p, HS_ERR_ARG, n->off, n->len, "'%s' is not a value",
                             hs_q_tok(p, t, n->off, n->len));
        }
    default:
        return HS_OK;
    }
}

int hs_q_check(pctx *p) {
    hs_query *q = p->q;
    if (q->where >= 0 && (check(p, q->where) != HS_OK || want_bool(p, q->where, "where") != HS_OK))
        return p->rc;
    for (int i = 0; i < q->nitems; i++)
        if (check_item(p, &q->item[i]) != HS_OK)
            return p->rc;
    /* an unresolved bare name left anywhere */
    for (int i = 0; i < q->nnodes; i++)
        if (q->node[i].type == T_ENUM) {
            int used_as_arg = 0;
            for (int j = 0; j < q->nnodes; j++)
                if (q->node[j].kind == N_CALL)
                    for (int a = q->node[j].a; a >= 0; a = q->node[a].next)
                        used_as_arg |= a == i;
            if (!used_as_arg) {
                char t[HS_TOKEN_TEXT];
                hs_q_perr(
                    p, HS_ERR_ARG, q->node[i].off, q->node[i].len,
                    "'%s' is not a value here (a player or a street is a function's argument)",
                    hs_q_tok(p, t, q->node[i].off, q->node[i].len));
                return p->rc;
            }
        }
    return p->rc;
}
