/* The query runner (handstat/query.h): every deal enumerated (or drawn at random) on the job
 * runtime, each evaluated by query_eval.c, its values added to exact 128-bit accumulators; then
 * the answer as a result table. Plain equity queries go to the equity engines. */
#include "query_internal.h"

#include "job_internal.h"
#include "rng_internal.h"
#include "table_internal.h"

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
    uint64_t *cum[Q_MAX_HANDS]; /* sampling: cumulative weights */
    q_plan plan;                /* how the board is dealt */
    uint64_t factor;            /* ordered deals each enumerated deal stands for */
} qctx;

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
    hs_q_set_masks(d);
    add(acc, SLOT_TOTAL, w);
    if (q->where >= 0 && !hs_q_ev(d, q->where))
        return;
    int64_t v[Q_MAX_ITEMS];
    for (int i = 0; i < q->nitems; i++)
        v[i] = hs_q_ev(d, q->item[i].node);
    accumulate(d, acc, w, v);
}

/* After a segment that completes street `upto`, with more to deal: when the cards so far decide
 * where and every item, add all the deals under them at once (weight w) and return 1. */
static int decided_all(dstate *d, i128 *acc, i128 w, int upto) {
    const hs_query *q = d->q;
    int64_t v[Q_MAX_ITEMS], x;
    hs_q_set_masks(d);
    if (q->where >= 0 && (!hs_q_decided(d, q->where, upto, &x) || !x))
        return 0; /* a failing where is pruned by where_holds */
    for (int i = 0; i < q->nitems; i++)
        if (!hs_q_decided(d, q->item[i].node, upto, &v[i]))
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
            hs_q_set_masks(d);
            checked = 1;
        }
        if (!hs_q_ev(d, q->conj[i])) {
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
        q_invalidate(d, p->level[seg]);
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
    if (p == q->np + q->nfold) {
        k->w = w * (i128)d->c->factor;
        k->n = q_cards_of(HS_DECK_MASK & ~(d->holes | q->board | q->dead), k->list);
        k->used = 0;
        q_invalidate(d, ST_PREFLOP);
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
            for (; p < q->np + q->nfold; p++) {
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
            if (p == q->np + q->nfold)
                break;
            if (++tries > MAX_TRIES) {
                ((i128 *)acc)[SLOT_FAILED] = 1;
                return;
            }
        }
        int m = q_cards_of(HS_DECK_MASK & ~(d->holes | q->board | q->dead), list);
        for (int i = 0; i < q->nboard; i++)
            d->cards[i] = q->board_cards[i];
        for (int i = q->nboard; i < 5; i++) {
            const int j = (int)rng_below(&r, (uint64_t)m);
            d->cards[i] = list[j];
            list[j] = list[--m];
        }
        q_invalidate(d, ST_PREFLOP);
        deal_done(d, acc, 1);
    }
}

/* ---- the job ------------------------------------------------------------------------------- */

static void ctx_free(void *p) {
    qctx *c = p;
    hs_query_free(c->own);
    for (int i = 0; i < Q_MAX_HANDS; i++)
        free(c->cum[i]);
    free(c->merge);
    free(c);
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
        for (int p = 0; p < q->np + q->nfold; p++) {
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
    hs_tbl_double(t, num < 0 ? -v : v);
}

static const char *const type_names[9] = {"high_card",  "pair",     "two_pair",
                                          "trips",      "straight", "flush",
                                          "full_house", "quads",    "straight_flush"};
static const char *const suit_names[4] = {"clubs", "diamonds", "hearts", "spades"};
static const char *const low_names[LOW_TYPES] = {"no_low", "eight_low", "seven_low", "six_low",
                                                 "five_low"};

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
    else if (n->type == T_LOWHAND)
        snprintf(buf, cap, "%s", low_names[b]);
    else
        snprintf(buf, cap, "%lld", (long long)(it->hist_lo + b));
}

static void notes(hs_table *t, const hs_query *q, int estimate, const char *method, u128 deals,
                  u128 total, uint64_t samples, uint64_t seed) {
    char buf[48];
    hs_tbl_note(t, "kind", "%s", estimate ? "estimate" : "exact");
    hs_tbl_note(t, "method", "%s", method);
    hs_tbl_note(t, "game", "%s",
                q->game == GAME_HOLDEM ? "holdem"
                : q->hilo              ? (q->hole_cards == 5 ? "omaha85" : "omaha8")
                                       : (q->hole_cards == 5 ? "omahahi5" : "omahahi"));
    char players[Q_MAX_PLAYERS * 49] = "";
    for (int p = 0; p < q->np; p++) {
        if (p > 0)
            strcat(players, ",");
        strcat(players, q->pname[p]);
    }
    hs_tbl_note(t, "players", "%s", players);
    if (q->nfold > 0)
        hs_tbl_note(t, "folded", "%d", q->nfold);
    hs_tbl_note(t, "board", "%s", q->board ? q->board_text : "");
    hs_tbl_note(t, "dead", "%s", q->dead ? q->dead_text : "");
    hs_tbl_note(t, "deals", "%s", hs_text_u128(buf, sizeof buf, deals));
    hs_tbl_note(t, "total", "%s", hs_text_u128(buf, sizeof buf, total));
    if (estimate) {
        hs_tbl_note(t, "samples", "%llu", (unsigned long long)samples);
        hs_tbl_note(t, "seed", "%llu", (unsigned long long)seed);
    }
}

static hs_table *new_table(void) {
    static const char *const names[] = {"item", "bucket", "value", "exact", "count", "std_error"};
    static const int kinds[] = {HS_CELL_TEXT,     HS_CELL_TEXT, HS_CELL_DECIMAL,
                                HS_CELL_FRACTION, HS_CELL_INT,  HS_CELL_DECIMAL};
    return hs_tbl_new(names, kinds, 6);
}

/* One row: value num/den (den 0: empty), count, a standard error (NaN: empty). */
static void row(hs_table *t, const char *item, const char *bucket, i128 num, u128 den, int estimate,
                u128 count, double se) {
    hs_tbl_text(t, item);
    hs_tbl_text(t, bucket);
    if (den == 0) {
        hs_tbl_text(t, "");
        hs_tbl_text(t, "");
    } else {
        cell_value(t, num, den);
        if (estimate)
            hs_tbl_text(t, "");
        else
            hs_tbl_fraction_i128(t, num, den);
    }
    hs_tbl_u128(t, count);
    if (estimate && !isnan(se))
        hs_tbl_double(t, se);
    else
        hs_tbl_text(t, "");
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
    if (hs_tbl_failed(t)) {
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
        const hs_holdem_range *ranges[Q_MAX_PLAYERS], *fold[Q_MAX_FOLDED];
        for (int p = 0; p < q->np; p++)
            ranges[p] = q->range[p];
        for (int j = 0; j < q->nfold; j++)
            fold[j] = q->range[q->np + j];
        if (samples) {
            hs_holdem_equity_sample_result *e = malloc(sizeof *e);
            if (e == NULL)
                return qfail(err, HS_ERR_NOMEM, "out of memory");
            rc = hs_holdem_equity_sample_folded(q->np, ranges, q->nfold, fold, q->board, q->dead,
                                                samples, seed, threads, progress, ctx, e);
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
            rc = hs_holdem_equity_folded(q->np, ranges, q->nfold, fold, q->board, q->dead, threads,
                                         progress, ctx, e);
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
                hs_tbl_text(t, it->name);
                hs_tbl_text(t, "");
                hs_tbl_double(t, eq[p]);
                hs_tbl_text(t, "");
                hs_tbl_u128(t, deals);
                if (isnan(eq_se[p]))
                    hs_tbl_text(t, "");
                else
                    hs_tbl_double(t, eq_se[p]);
            } else
                row(t, it->name, "", (i128)shares[p], deals * unit, 0, deals * factor, NAN);
            continue;
        }
        const u128 hits = n->fn == F_TIES_HI ? ties[p] : wins[p];
        row(t, it->name, "", (i128)hits, deals, est,
            it->agg == AGG_COUNT ? hits * factor : deals * factor, prop_se(hits, deals));
    }
    notes(t, q, est, "equity engine", deals * factor, deals * factor, samples, seed);
    if (hs_tbl_failed(t)) {
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
