/* Seven-card stud exact equity: stud high, hi/lo 8-or-better and razz (handstat/stud.h).
 *
 * The deck left after every known and dead card is the same for every player, so one list of
 * completions (the m-card sets of the rest, m = 7 - known) serves all: each is numbered by its
 * colex rank, has its card mask and the ids of its 2^m card subsets (every subset of the rest of
 * at most m cards has one id). Each player's completions get a strength (higher is better) and
 * an order by it.
 *
 * The sweep counts two players b and c against each other without visiting pairs: it walks both
 * orders together by strength, one strength at a time. Before a strength's completions are
 * added, the counters hold, for every card subset T, how many of the other player's weaker
 * completions contain T; the weaker completions sharing no card with completion x are then
 * sum over T in x of (-1)^|T| count[T] (inclusion-exclusion), 2^m lookups. Every disjoint pair is
 * so counted once, from its stronger side (ties from b's side, after c's equals are added).
 *
 * Three or more players: the first players' completions are walked (one joint choice of them is
 * a prefix, with its best strength t and the set W holding it), the last two swept against each
 * other over the completions avoiding the prefix's cards; where the stronger of b and c stands
 * against t decides who wins.
 *
 * Four or more players: the sweep depends on the prefix's cards and on t alone, so the last two
 * walked players are walked as the union U of their 2m cards, and the sweep runs once for U
 * without a t: it tallies the pairs by the strength of the stronger of b and c (and who holds
 * it), in running totals. Each of the C(2m, m) splits of U into the two players' completions is
 * a prefix, answered from the totals at its t (a binary search); hi/lo keeps each completion's
 * scoop count by its strengths and counts the boxes (the pairs below a walked player holding the
 * best high and low alone) once per (t, t_lo) asked. A union's sweep serves 20 prefixes on
 * fourth street and 70 on third.
 *
 * Below the prefix's best strength t every pair of the swept two goes to the prefix: those
 * completions are only added to the counters, and their pairs counted once, from b's side, when
 * the walk reaches t.
 *
 * Hi/lo is three passes, by linearity of the shares: the high over every deal (A), the high over
 * the deals where nobody has a low (B: the pairs of completions without a low) and the low (C).
 * A deal's high share is half the pot with a low and all of it without: summed, A/2 + B/2; the
 * low share is C/2. Scoops need both halves alone: sweep A also keeps, per card subset, a row
 * of running counts over the swept player's own lows (entry k: the completions holding the
 * subset whose low is among the player's k weakest; on fourth street a player has at most 20
 * lows, so a row is three vectors of eight 16-bit counts, one read a query and whole vectors
 * an update) and a plain counter of the completions without a low, so the completions both
 * weaker high and weaker low are counted the same way. A whole completion (its one m-card
 * subset: most of the subsets) is held by one completion alone, so its row is one byte, the
 * rank of that completion's low; the rows proper then stay in cache. Each player's
 * completions are copied in the orders the sweeps walk, read in order. Pass B needs no walk of its
 * own: when the prefix has no low, the plain counters of sweep A count the pairs without a low.
 * Pass C walks only the completions with a low, by low strength; the weaker ones without a low are
 * read from the plain counters sweep A left filled, and the pairs where neither has a low are
 * pass B's deals (or one query per completion without a low of b). The loops over a
 * completion's 2^m subsets are compiled once per m, so their trip count is a constant.
 *
 * Cost: each prefix (each union, four or more players) costs one walk of the two swept players'
 * completions that avoid it, about 2^m counter reads and writes each (more for the completions
 * with a low in hi/lo), so the work is the prefixes (unions) times the completions times 2^m,
 * the figure hs_stud_equity_size reports. */
#include "handstat/stud.h"

#include "combin.h"
#include "handstat/cards.h"
#include "handstat/error.h"
#include "handstat/lowball.h"
#include "handstat/poker.h"
#include "job_internal.h"
#include "poker_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXP HS_STUD_MAX_PLAYERS
#define SPLIT 840    /* lcm(1..8): a pot (or half) split among any number of winners is whole */
#define LOWS 57      /* low strengths: 0 no qualifying low, 1 (8-7-6-5-4) .. 56 (5-4-3-2-A) */
#define MSETS7 50388 /* multisets of seven ranks: C(13 + 7 - 1, 7) */

enum { PASS_MAIN, PASS_NOLOW, PASS_LOW, PASSES };

typedef struct pass_acc {
    uint64_t deals, nolow; /* deals counted; of them, the deals nobody wins (the low: no low) */
    uint64_t wins[MAXP], ties[MAXP], share[MAXP]; /* share: in units of 1/SPLIT */
} pass_acc;

typedef struct stud_acc {
    pass_acc pass[PASSES];
    uint64_t scoop[MAXP]; /* hi/lo: high and low both alone */
} stud_acc;

/* A player's completions in one order (by strength, or the ones with a low by low strength):
 * their card masks, subset ids (S a completion), strengths, lows and low ranks, so a sweep reads
 * them in the order it walks. */
typedef struct view {
    uint64_t *mask;
    uint32_t *ids;
    uint16_t *key, *lo;
    uint8_t *rank;
} view;

typedef struct stud_ctx {
    hs_job_def def;
    int players, game, known, m;
    uint32_t comps, subs, half, nids; /* completions, 2^m, even-sized subsets, subset ids */
    uint32_t full0;                   /* the first id of a whole completion (m cards) */
    size_t lowbytes;                  /* hi/lo: the low rows and bytes of both swept players */
    uint64_t deals;
    uint64_t *mask;        /* comps */
    uint32_t *ids;         /* comps * subs: the even-sized subsets first */
    uint16_t *key[MAXP];   /* main strength: high (stud, hi/lo) or low (razz) */
    uint16_t *lo[MAXP];    /* hi/lo: low strength 0..56 */
    uint32_t *ord[MAXP];   /* completions by key, ascending */
    uint32_t *lord[MAXP];  /* hi/lo: by low strength */
    uint32_t nolows[MAXP]; /* hi/lo: the completions without a low, the first ones of lord */
    view vmain[MAXP];      /* by key */
    view vlow[MAXP];       /* hi/lo: the completions with a low by low strength (key: the low) */
    uint8_t *lrank[MAXP];  /* hi/lo: the rank of the low among the player's lows, 1.., 0 none */
    uint8_t below[MAXP][LOWS];  /* hi/lo: how many of the player's lows are below a strength */
    uint32_t rw[MAXP];          /* hi/lo: the width of the player's low rows (more than its lows) */
    int rows16;                 /* low rows of 16-bit counts: fewer than 2^16 completions */
    int n_rest, card[HS_CARDS]; /* the rest of the deck: its cards by position */
    uint32_t *comp_of;          /* four or more players: each m-card set's completion, by the
                                   colex rank of its positions */
    uint64_t unions, per_unit;  /* four or more players: the unions, and of them in a unit */
    size_t off_prof;            /* four or more players: the profile in the scratch */
    size_t off_cnt, off_rows, off_full, off_zero, off_list, off_less; /* scratch layout */
} stud_ctx;

typedef struct scratch_t {
    void *rows_b, *rows_c;    /* low rows, of uint16_t when stud_ctx.rows16, else uint32_t */
    uint8_t *full_b, *full_c; /* the whole completions' rows (row_query) */
    uint32_t *cnt_b, *cnt_c, *zero_b, *zero_c, *list_b, *list_c, *less, *less0;
} scratch_t;

static scratch_t scratch_of(const stud_ctx *c, void *mem) {
    char *base = mem;
    scratch_t s;
    s.cnt_b = (uint32_t *)(base + c->off_cnt);
    s.cnt_c = s.cnt_b + c->nids;
    size_t row = (c->rows16 ? sizeof(uint16_t) : sizeof(uint32_t)) * c->rw[c->players - 2];
    s.rows_b = c->game == HS_STUD_HILO ? base + c->off_rows : NULL;
    s.rows_c = s.rows_b != NULL ? base + c->off_rows + (size_t)c->full0 * row : NULL;
    s.full_b = s.rows_b != NULL ? (uint8_t *)(base + c->off_full) : NULL;
    s.full_c = s.full_b != NULL ? s.full_b + c->comps : NULL;
    s.zero_b = s.rows_b != NULL ? (uint32_t *)(base + c->off_zero) : NULL;
    s.zero_c = s.zero_b != NULL ? s.zero_b + c->nids : NULL;
    s.list_b = (uint32_t *)(base + c->off_list);
    s.list_c = s.list_b + c->comps;
    s.less = (uint32_t *)(base + c->off_less);
    s.less0 = s.less + c->comps;
    return s;
}

/* The counting loops below take the number of card subsets S = 2^m as an argument and are
 * inlined into one copy per m (sweep_main, sweep_low), so the loops over a completion's subsets
 * have a constant trip count. */
#define INLINE static inline __attribute__((always_inline))

/* The even-sized subsets of a completion come first in its ids: H of its S. */
INLINE uint32_t half_of(uint32_t S) {
    return S == 1 ? 1 : S / 2;
}

/* sum over the subsets T of completion i of (-1)^|T| cnt[T] */
INLINE int64_t query(const uint32_t *ids, const uint32_t *cnt, uint32_t i, uint32_t S) {
    const uint32_t *id = ids + (size_t)i * S;
    const uint32_t H = half_of(S);
    int64_t s = 0;
    for (uint32_t j = 0; j < H; j++)
        s += cnt[id[j]];
    for (uint32_t j = H; j < S; j++)
        s -= cnt[id[j]];
    return s;
}

INLINE void add(const uint32_t *ids, uint32_t *cnt, uint32_t i, uint32_t S) {
    const uint32_t *id = ids + (size_t)i * S;
    for (uint32_t j = 0; j < S; j++)
        cnt[id[j]]++;
}

INLINE void clear(const uint32_t *ids, uint32_t *cnt, uint32_t i, uint32_t S) {
    const uint32_t *id = ids + (size_t)i * S;
    for (uint32_t j = 0; j < S; j++)
        cnt[id[j]] = 0;
}

/* Where a completion's own card set (its one m-card subset) is among its ids. */
INLINE uint32_t full_at(uint32_t S) {
    return S == 2 || S == 8 ? S - 1 : half_of(S) - 1;
}

/* The same over the completions counted with a low strength below v (v >= 1): those without a
 * low in the plain counters `zero`, the others in the low rows of their player. Entry k of a
 * card subset's row (R entries) counts the completions holding the subset whose low is among
 * their player's k weakest lows, so the count below v is one entry, k = below[v]. A whole
 * completion (ids from full0 on: one per completion, the most of the ids) is held by one
 * completion alone, so its row is a byte instead: the rank of that completion's low when it is
 * counted, else 0. The rows proper are then few enough to stay in cache. */
INLINE int64_t row_query(const uint32_t *ids, const void *rows, const uint8_t *full, uint32_t full0,
                         const uint32_t *zero, uint32_t R, uint32_t k, uint32_t i, uint32_t S,
                         int W16) {
    const uint32_t *id = ids + (size_t)i * S;
    const uint32_t H = half_of(S), F = full_at(S);
    int64_t s = 0;
    for (uint32_t j = 0; j < S; j++) {
        int64_t r = zero[id[j]];
        if (j == F)
            r += (uint32_t)full[id[j] - full0] - 1 < k;
        else {
            size_t e = (size_t)id[j] * R + k;
            r += W16 ? ((const uint16_t *)rows)[e] : ((const uint32_t *)rows)[e];
        }
        s += j < H ? r : -r;
    }
    return s;
}

/* Count completion i whose low has rank r among its player's: entries r.. of each row up by
 * one, its byte set to r; the completions without a low (r = 0) only in `zero`. R is a multiple
 * of 8: a row is whole vectors of eight entries. */
typedef uint16_t v8u16 __attribute__((vector_size(16)));
typedef uint32_t v8u32 __attribute__((vector_size(32)));

INLINE void row_add(const uint32_t *ids, void *rows, uint8_t *full, uint32_t full0, uint32_t *zero,
                    uint32_t R, uint32_t i, uint32_t r, uint32_t S, int W16) {
    const uint32_t *id = ids + (size_t)i * S;
    const uint32_t F = full_at(S);
    if (r == 0) {
        for (uint32_t j = 0; j < S; j++)
            zero[id[j]]++;
        return;
    }
    full[id[F] - full0] = (uint8_t)r;
    for (uint32_t j = 0; j < S; j++) {
        if (j == F)
            continue;
        size_t row = (size_t)id[j] * R;
        for (uint32_t k0 = 0; k0 < R; k0 += 8) {
            if (W16) {
                v8u16 e, ix = {0, 1, 2, 3, 4, 5, 6, 7};
                memcpy(&e, (uint16_t *)rows + row + k0, sizeof e);
                e -= (v8u16)(ix + (uint16_t)k0 >= (uint16_t)r);
                memcpy((uint16_t *)rows + row + k0, &e, sizeof e);
            } else {
                v8u32 e, ix = {0, 1, 2, 3, 4, 5, 6, 7};
                memcpy(&e, (uint32_t *)rows + row + k0, sizeof e);
                e -= (v8u32)(ix + k0 >= r);
                memcpy((uint32_t *)rows + row + k0, &e, sizeof e);
            }
        }
    }
}

/* The players before the swept two: the best strength among them (-1: none) and who has it. */
typedef struct prefix {
    int t, t_lo;          /* best main (or low) strength; hi/lo: best low strength */
    unsigned win, win_lo; /* the players holding them */
} prefix;

/* A sweep without a prefix (four or more players: once for every split of a union, below),
 * tallied by strength instead: at each strength the sweep reaches (key[i], ascending), the running
 * totals of the pairs counted so far where b alone, c alone or both hold the best (cum[i]: before
 * that strength, cum[n]: all). Pass B's the same over the pairs without a low (cum0), the low pass
 * over low strengths (lkey, lcum), n0 the pairs where neither has a low. Scoops: each completion
 * of b (and of c) with a low and its pairs beating the other in both high and low, in order of
 * strength (sk, sl, sq). */
typedef struct level {
    uint64_t b, c, bc;
} level;

typedef struct profile {
    uint32_t n, nl, ns[2];
    uint16_t *key;
    level *cum, *cum0;
    uint16_t lkey[LOWS + 1];
    level lcum[LOWS + 1];
    uint64_t n0;
    uint16_t *sk[2], *sl[2];
    uint64_t *sq[2];
} profile;

/* The box of hi/lo: the pairs of the swept two both below a prefix player's high t and low t_lo,
 * for the scoops of that player (alone with the best high and the best low). */
typedef struct box_q {
    int t, t_lo;
    uint64_t pairs;
} box_q;

/* Whether one prefix player holds the best high and the best low alone: its scoops are then the
 * box below both. */
static int box_owner(const prefix *pf) {
    return __builtin_popcount(pf->win) == 1 && pf->win_lo == pf->win && pf->t_lo > 0;
}

/* One sweep: which players, keys and completions, and what to count. */
typedef struct sweep_in {
    int pb, pc;
    const view *vb, *vc; /* their completions by strength */
    uint64_t used;       /* the prefix's cards */
    int scoop;           /* hi/lo: count scoops and the deals without a low */
    profile *pr;         /* tally by strength instead of crediting a prefix (then t = -1) */
    box_q *box;          /* with pr: the boxes to count (nbox of them) */
    int nbox;
} sweep_in;

/* The disjoint pairs of the swept two by who wins against the prefix (its best t held by W):
 * b or c alone, both, W, W with b, with c, with all three; none: nobody wins (the low: no
 * low anywhere). */
typedef struct outcome {
    uint64_t b, c, bc, w, wb, wc, wbc, none;
} outcome;

/* c's of strength x, `less` pairs with weaker b's */
INLINE void class_c(outcome *o, int x, int t, uint64_t less) {
    if (x > t)
        o->c += less;
    else if (x == t)
        o->wc += less;
    else
        o->w += less;
}

/* b's of strength x, `less` pairs with weaker c's and `eq` with equal ones */
INLINE void class_b(outcome *o, int x, int t, uint64_t less, uint64_t eq) {
    if (x > t) {
        o->b += less;
        o->bc += eq;
    } else if (x == t) {
        o->wb += less;
        o->wbc += eq;
    } else
        o->w += less + eq;
}

/* Credit x deals won by the players of `set`. */
static void credit(pass_acc *pa, unsigned set, uint64_t x) {
    if (x == 0)
        return;
    unsigned s = (unsigned)__builtin_popcount(set);
    for (unsigned w = set; w != 0; w &= w - 1) {
        int p = __builtin_ctz(w);
        if (s == 1)
            pa->wins[p] += x;
        else
            pa->ties[p] += x;
        pa->share[p] += x * (SPLIT / s);
    }
}

static void credit_all(pass_acc *pa, const outcome *o, unsigned b, unsigned cc, unsigned w) {
    credit(pa, b, o->b);
    credit(pa, cc, o->c);
    credit(pa, b | cc, o->bc);
    credit(pa, w, o->w);
    credit(pa, w | b, o->wb);
    credit(pa, w | cc, o->wc);
    credit(pa, w | b | cc, o->wbc);
    pa->deals += o->b + o->c + o->bc + o->w + o->wb + o->wc + o->wbc + o->none;
    pa->nolow += o->none;
}

/* The positions in view v (n completions) of those that avoid `used`, in order. */
static uint32_t filter(const view *v, uint32_t n, uint64_t used, uint32_t *out) {
    uint32_t k = 0;
    for (uint32_t q = 0; q < n; q++) {
        out[k] = q;
        k += (v->mask[q] & used) == 0;
    }
    return k;
}

/* The pairs of b and c both below high t and low t_lo (the completions lb_[0..nb), lc_[0..nc) in
 * order of high strength); tmp: room for nc positions, and the counters cnt_c are left clear. */
INLINE uint64_t box_s(const scratch_t *s, const view *vb, const view *vc, const uint32_t *lb_,
                      uint32_t nb, const uint32_t *lc_, uint32_t nc, int t, int t_lo, uint32_t *tmp,
                      const uint32_t S) {
    uint32_t n = 0;
    for (uint32_t q = 0; q < nc && vc->key[lc_[q]] < t; q++)
        if (vc->lo[lc_[q]] < t_lo)
            add(vc->ids, s->cnt_c, tmp[n++] = lc_[q], S);
    uint64_t box = 0;
    for (uint32_t q = 0; q < nb && vb->key[lb_[q]] < t; q++)
        if (vb->lo[lb_[q]] < t_lo)
            box += (uint64_t)query(vb->ids, s->cnt_c, lb_[q], S);
    for (uint32_t q = 0; q < n; q++)
        clear(vc->ids, s->cnt_c, tmp[q], S);
    return box;
}

/* Keep completion i's scoop count q (strength x, low lo) for side `side` of the profile. */
static inline void keep_scoop(profile *pr, int side, int x, int lo, uint64_t q) {
    if (q == 0)
        return;
    uint32_t k = pr->ns[side]++;
    pr->sk[side][k] = (uint16_t)x;
    pr->sl[side][k] = (uint16_t)lo;
    pr->sq[side][k] = q;
}

/* Completion i (strength x, low lo) of side `side` against the other's rows: its pairs beating
 * the other in both high and low, kept in the profile (pr) or added to *sum. */
INLINE void scoop_of(const stud_ctx *c, const uint32_t *ids, const void *rows, const uint8_t *full,
                     const uint32_t *zero, uint32_t R, const uint8_t *below, int lo, uint32_t i,
                     int x, profile *pr, int side, uint64_t *sum, const uint32_t S, const int W16) {
    uint64_t w = (uint64_t)row_query(ids, rows, full, c->full0, zero, R, below[lo], i, S, W16);
    if (pr != NULL)
        keep_scoop(pr, side, x, lo, w);
    else
        *sum += w;
}

/* The main sweep: stud high and razz by their key; hi/lo (in->scoop) by the high over every deal
 * (pass A) and, when the prefix has no low, over the deals without a low (pass B: the pairs of
 * completions without a low, counted by the plain counters `zero` of the same walk), with the
 * scoops. The counters `zero` are left filled for sweep_low. */
INLINE void sweep_main_s(const stud_ctx *c, const scratch_t *s, const sweep_in *in,
                         const prefix *pf, stud_acc *acc, const uint32_t S, const int W16) {
    uint32_t *lb_ = s->list_b, *lc_ = s->list_c;
    const view *vb = in->vb, *vc = in->vc;
    uint32_t nb = filter(vb, c->comps, in->used, lb_);
    uint32_t nc = filter(vc, c->comps, in->used, lc_);
    const int t = pf->t, scoop = in->scoop, nl = scoop && pf->t_lo <= 0;
    const uint16_t *kb = vb->key, *kc = vc->key, *lob = vb->lo, *loc = vc->lo;
    const uint32_t *idb = vb->ids, *idc = vc->ids;
    const uint64_t *mb = vb->mask, *mc = vc->mask;
    const uint8_t *rkb = vb->rank, *rkc = vc->rank;
    const uint8_t *belb = c->below[in->pb], *belc = c->below[in->pc];
    const uint32_t Rb = c->rw[in->pb], Rc = c->rw[in->pc];
    outcome o = {0}, o0 = {0}; /* pass A (or the only pass); pass B */
    uint64_t sb = 0, sc = 0;   /* scoops of b and of c */
    uint32_t ib = 0, ic = 0;
    profile *pr = in->pr;
    if (pr != NULL)
        pr->n = pr->ns[0] = pr->ns[1] = 0;
    /* Below the prefix's best every pair goes to W: those completions are only counted in, and
     * their pairs counted once, from b's side, when all are in. */
    for (; ic < nc && kc[lc_[ic]] < t; ic++) {
        add(idc, s->cnt_c, lc_[ic], S);
        if (scoop)
            row_add(idc, s->rows_c, s->full_c, c->full0, s->zero_c, Rc, lc_[ic], rkc[lc_[ic]], S,
                    W16);
    }
    for (; ib < nb && kb[lb_[ib]] < t; ib++) {
        uint32_t i = lb_[ib];
        o.w += (uint64_t)query(idb, s->cnt_c, i, S);
        if (nl && lob[i] == 0)
            o0.w += (uint64_t)query(idb, s->zero_c, i, S);
        add(idb, s->cnt_b, i, S);
        if (scoop)
            row_add(idb, s->rows_b, s->full_b, c->full0, s->zero_b, Rb, i, rkb[i], S, W16);
    }
    while (ib < nb || ic < nc) {
        int x = ib < nb ? kb[lb_[ib]] : 0x10000;
        if (ic < nc && kc[lc_[ic]] < x)
            x = kc[lc_[ic]];
        uint32_t jb = ib, jc = ic;
        while (jb < nb && kb[lb_[jb]] == x)
            jb++;
        while (jc < nc && kc[lc_[jc]] == x)
            jc++;
        if (pr != NULL) {
            pr->key[pr->n] = (uint16_t)x;
            pr->cum[pr->n] = (level){o.b, o.c, o.bc};
            pr->cum0[pr->n++] = (level){o0.b, o0.c, o0.bc};
        }
        /* c's of strength x against the weaker b's */
        for (uint32_t q = ic; q < jc; q++) {
            uint32_t i = lc_[q];
            class_c(&o, x, t, (uint64_t)query(idc, s->cnt_b, i, S));
            if (!scoop)
                continue;
            if (x > t && loc[i] > 0 && loc[i] > pf->t_lo)
                scoop_of(c, idc, s->rows_b, s->full_b, s->zero_b, Rb, belb, loc[i], i, x, pr, 1,
                         &sc, S, W16);
            if (nl && loc[i] == 0)
                class_c(&o0, x, t, (uint64_t)query(idc, s->zero_b, i, S));
        }
        for (uint32_t q = ib; q < jb; q++) {
            uint32_t i = lb_[q];
            s->less[q] = (uint32_t)query(idb, s->cnt_c, i, S);
            if (!scoop)
                continue;
            if (x > t && lob[i] > 0 && lob[i] > pf->t_lo)
                scoop_of(c, idb, s->rows_c, s->full_c, s->zero_c, Rc, belc, lob[i], i, x, pr, 0,
                         &sb, S, W16);
            if (nl && lob[i] == 0)
                s->less0[q] = (uint32_t)query(idb, s->zero_c, i, S);
        }
        for (uint32_t q = ic; q < jc; q++) {
            add(idc, s->cnt_c, lc_[q], S);
            if (scoop)
                row_add(idc, s->rows_c, s->full_c, c->full0, s->zero_c, Rc, lc_[q], rkc[lc_[q]], S,
                        W16);
        }
        /* b's of strength x against the weaker and the equal c's (a few equal c's are
         * checked directly rather than by the counters) */
        const int direct = jc - ic <= S;
        for (uint32_t q = ib; q < jb; q++) {
            uint32_t i = lb_[q];
            uint64_t less = s->less[q], eq = 0;
            if (direct)
                for (uint32_t r = ic; r < jc; r++)
                    eq += (mb[i] & mc[lc_[r]]) == 0;
            else
                eq = (uint64_t)query(idb, s->cnt_c, i, S) - less;
            class_b(&o, x, t, less, eq);
            add(idb, s->cnt_b, i, S);
            if (!scoop)
                continue;
            if (nl && lob[i] == 0) {
                uint64_t less0 = s->less0[q], eq0 = 0;
                if (direct)
                    for (uint32_t r = ic; r < jc; r++)
                        eq0 += (mb[i] & mc[lc_[r]]) == 0 && loc[lc_[r]] == 0;
                else
                    eq0 = (uint64_t)query(idb, s->zero_c, i, S) - less0;
                class_b(&o0, x, t, less0, eq0);
            }
            row_add(idb, s->rows_b, s->full_b, c->full0, s->zero_b, Rb, i, rkb[i], S, W16);
        }
        ib = jb;
        ic = jc;
    }
    /* the counters back to zero: at once when they are fewer than the completions' entries */
    const int wipe = c->nids < (nb + nc) * S;
    if (wipe)
        memset(s->cnt_b, 0, 2 * (size_t)c->nids * sizeof *s->cnt_b);
    for (uint32_t q = 0; q < nb && !wipe; q++)
        clear(idb, s->cnt_b, lb_[q], S);
    for (uint32_t q = 0; q < nc && !wipe; q++)
        clear(idc, s->cnt_c, lc_[q], S);
    /* the low rows and bytes at once: fewer bytes than the completions' rows */
    if (scoop)
        memset(s->rows_b, 0, c->lowbytes);
    if (pr != NULL) {
        pr->key[pr->n] = 0xffff;
        pr->cum[pr->n] = (level){o.b, o.c, o.bc};
        pr->cum0[pr->n] = (level){o0.b, o0.c, o0.bc};
        pr->n0 = o0.b + o0.c + o0.bc;
        for (int q = 0; q < in->nbox; q++)
            in->box[q].pairs =
                box_s(s, vb, vc, lb_, nb, lc_, nc, in->box[q].t, in->box[q].t_lo, s->less, S);
        return;
    }
    unsigned b = 1u << in->pb, cc = 1u << in->pc;
    credit_all(&acc->pass[PASS_MAIN], &o, b, cc, pf->win);
    if (!scoop)
        return;
    if (nl)
        credit_all(&acc->pass[PASS_NOLOW], &o0, b, cc, pf->win);
    acc->scoop[in->pb] += sb;
    acc->scoop[in->pc] += sc;
    /* a prefix player alone with the best high and the best low: the pairs below it in both */
    if (box_owner(pf))
        acc->scoop[__builtin_ctz(pf->win)] +=
            box_s(s, vb, vc, lb_, nb, lc_, nc, t, pf->t_lo, lc_, S);
}

/* The low of hi/lo (pass C) after sweep_main: only the completions with a low are walked, by low
 * strength; the weaker ones without a low are counted by the counters `zero` that sweep_main
 * left filled (every completion without a low that avoids the prefix), which are then cleared.
 * The pairs where neither has a low: n0 when known (pass B counted them), else counted here. */
INLINE void sweep_low_s(const stud_ctx *c, const scratch_t *s, int pb, int pc, uint64_t used,
                        const prefix *pl, int64_t n0, stud_acc *acc, profile *pr,
                        const uint32_t S) {
    uint32_t *lb_ = s->list_b, *lc_ = s->list_c;
    const view *vb = &c->vlow[pb], *vc = &c->vlow[pc];
    const uint16_t *kb = vb->key, *kc = vc->key;
    const uint32_t *idb = vb->ids, *idc = vc->ids;
    const uint64_t *mb = vb->mask, *mc = vc->mask;
    uint32_t nb = filter(vb, c->comps - c->nolows[pb], used, lb_);
    uint32_t nc = filter(vc, c->comps - c->nolows[pc], used, lc_);
    const int t = pl->t;
    outcome o = {0};
    uint32_t ib = 0, ic = 0;
    if (pr != NULL)
        pr->nl = 0;
    while (ib < nb || ic < nc) {
        int x = ib < nb ? kb[lb_[ib]] : 0x10000;
        if (ic < nc && kc[lc_[ic]] < x)
            x = kc[lc_[ic]];
        uint32_t jb = ib, jc = ic;
        while (jb < nb && kb[lb_[jb]] == x)
            jb++;
        while (jc < nc && kc[lc_[jc]] == x)
            jc++;
        if (pr != NULL) {
            pr->lkey[pr->nl] = (uint16_t)x;
            pr->lcum[pr->nl++] = (level){o.b, o.c, o.bc};
        }
        for (uint32_t q = ic; q < jc; q++) {
            uint32_t i = lc_[q];
            class_c(&o, x, t, (uint64_t)(query(idc, s->zero_b, i, S) + query(idc, s->cnt_b, i, S)));
        }
        for (uint32_t q = ib; q < jb; q++)
            s->less[q] = (uint32_t)query(idb, s->cnt_c, lb_[q], S);
        for (uint32_t q = ic; q < jc; q++)
            add(idc, s->cnt_c, lc_[q], S);
        const int direct = jc - ic <= S;
        for (uint32_t q = ib; q < jb; q++) {
            uint32_t i = lb_[q];
            uint64_t less = s->less[q], eq = 0;
            if (direct)
                for (uint32_t r = ic; r < jc; r++)
                    eq += (mb[i] & mc[lc_[r]]) == 0;
            else
                eq = (uint64_t)query(idb, s->cnt_c, i, S) - less;
            class_b(&o, x, t, less + (uint64_t)query(idb, s->zero_c, i, S), eq);
            add(idb, s->cnt_b, i, S);
        }
        ib = jb;
        ic = jc;
    }
    /* both without a low: nobody wins the low unless the prefix has one */
    if (n0 < 0) {
        n0 = 0;
        for (uint32_t q = 0; q < c->nolows[pb]; q++) {
            uint32_t i = c->lord[pb][q];
            if ((c->mask[i] & used) == 0)
                n0 += query(c->ids, s->zero_c, i, S);
        }
    }
    if (t > 0)
        o.w += (uint64_t)n0;
    else
        o.none += (uint64_t)n0;
    const int wipe = c->nids < (nb + nc) * S;
    if (wipe)
        memset(s->cnt_b, 0, 2 * (size_t)c->nids * sizeof *s->cnt_b);
    for (uint32_t q = 0; q < nb && !wipe; q++)
        clear(idb, s->cnt_b, lb_[q], S);
    for (uint32_t q = 0; q < nc && !wipe; q++)
        clear(idc, s->cnt_c, lc_[q], S);
    const int wipe0 = c->nids < (c->nolows[pb] + c->nolows[pc]) * S;
    if (wipe0)
        memset(s->zero_b, 0, 2 * (size_t)c->nids * sizeof *s->zero_b);
    for (int side = 0; side < 2 && !wipe0; side++) {
        int p = side ? pc : pb;
        uint32_t *zero = side ? s->zero_c : s->zero_b;
        for (uint32_t q = 0; q < c->nolows[p]; q++)
            if ((c->mask[c->lord[p][q]] & used) == 0)
                clear(c->ids, zero, c->lord[p][q], S);
    }
    if (pr != NULL) {
        pr->lkey[pr->nl] = 0xffff;
        pr->lcum[pr->nl] = (level){o.b, o.c, o.bc};
        return;
    }
    credit_all(&acc->pass[PASS_LOW], &o, 1u << pb, 1u << pc, pl->win);
}

static void sweep_main(const stud_ctx *c, const scratch_t *s, const sweep_in *in, const prefix *pf,
                       stud_acc *acc) {
    switch (c->m) {
    case 0:
        if (c->rows16)
            sweep_main_s(c, s, in, pf, acc, 1, 1);
        else
            sweep_main_s(c, s, in, pf, acc, 1, 0);
        break;
    case 1:
        if (c->rows16)
            sweep_main_s(c, s, in, pf, acc, 2, 1);
        else
            sweep_main_s(c, s, in, pf, acc, 2, 0);
        break;
    case 2:
        if (c->rows16)
            sweep_main_s(c, s, in, pf, acc, 4, 1);
        else
            sweep_main_s(c, s, in, pf, acc, 4, 0);
        break;
    case 3:
        if (c->rows16)
            sweep_main_s(c, s, in, pf, acc, 8, 1);
        else
            sweep_main_s(c, s, in, pf, acc, 8, 0);
        break;
    default:
        if (c->rows16)
            sweep_main_s(c, s, in, pf, acc, 16, 1);
        else
            sweep_main_s(c, s, in, pf, acc, 16, 0);
        break;
    }
}

static void sweep_low(const stud_ctx *c, const scratch_t *s, int pb, int pc, uint64_t used,
                      const prefix *pl, int64_t n0, stud_acc *acc, profile *pr) {
    switch (c->m) {
    case 0:
        sweep_low_s(c, s, pb, pc, used, pl, n0, acc, pr, 1);
        break;
    case 1:
        sweep_low_s(c, s, pb, pc, used, pl, n0, acc, pr, 2);
        break;
    case 2:
        sweep_low_s(c, s, pb, pc, used, pl, n0, acc, pr, 4);
        break;
    case 3:
        sweep_low_s(c, s, pb, pc, used, pl, n0, acc, pr, 8);
        break;
    default:
        sweep_low_s(c, s, pb, pc, used, pl, n0, acc, pr, 16);
        break;
    }
}

/* The best strength among the prefix's completions chosen[0..n) and who holds it. */
static void best_of(uint16_t *const *key, const uint32_t *chosen, int n, int *t, unsigned *win) {
    *t = -1;
    *win = 0;
    for (int p = 0; p < n; p++) {
        int k = key[p][chosen[p]];
        if (k > *t) {
            *t = k;
            *win = 0;
        }
        if (k == *t)
            *win |= 1u << p;
    }
}

/* Every sweep of the game for one prefix (chosen[0..players-2), its cards `used`). */
static void sweeps(const stud_ctx *c, const scratch_t *s, stud_acc *acc, const uint32_t *chosen,
                   uint64_t used) {
    int np = c->players - 2, pb = np, pc = np + 1;
    prefix pf = {-1, -1, 0, 0};
    best_of(c->key, chosen, np, &pf.t, &pf.win);
    int hilo = c->game == HS_STUD_HILO;
    if (hilo)
        best_of(c->lo, chosen, np, &pf.t_lo, &pf.win_lo);
    sweep_in in = {pb, pc, &c->vmain[pb], &c->vmain[pc], used, hilo, NULL, NULL, 0};
    uint64_t nolow_before = acc->pass[PASS_NOLOW].deals;
    sweep_main(c, s, &in, &pf, acc);
    if (!hilo)
        return;
    /* the pairs without a low: pass B's deals when it ran */
    int64_t n0 = pf.t_lo <= 0 ? (int64_t)(acc->pass[PASS_NOLOW].deals - nolow_before) : -1;
    prefix pl = {pf.t_lo, -1, pf.win_lo, 0};
    sweep_low(c, s, pb, pc, used, &pl, n0, acc, NULL);
}

static void walk(const stud_ctx *c, const scratch_t *s, stud_acc *acc, uint32_t *chosen, int p,
                 uint64_t used) {
    if (p == c->players - 2) {
        sweeps(c, s, acc, chosen, used);
        return;
    }
    for (uint32_t i = 0; i < c->comps; i++)
        if ((c->mask[i] & used) == 0) {
            chosen[p] = i;
            walk(c, s, acc, chosen, p + 1, used | c->mask[i]);
        }
}

/* The outcome of a profile's tally (key, cum over n strengths) against a prefix best t. */
static void tally(const uint16_t *key, const level *cum, uint32_t n, int t, outcome *o) {
    uint32_t a = 0, z = n;
    while (a < z) {
        uint32_t mid = (a + z) / 2;
        if ((int)key[mid] < t)
            a = mid + 1;
        else
            z = mid;
    }
    uint32_t e = a < n && key[a] == t ? a + 1 : a;
    o->w = cum[a].b + cum[a].c + cum[a].bc;
    o->wb = cum[e].b - cum[a].b;
    o->wc = cum[e].c - cum[a].c;
    o->wbc = cum[e].bc - cum[a].bc;
    o->b = cum[n].b - cum[e].b;
    o->c = cum[n].c - cum[e].c;
    o->bc = cum[n].bc - cum[e].bc;
    o->none = 0;
}

/* The scoops of one side of the profile against a prefix with best high t and best low t_lo. */
static uint64_t scoops(const profile *pr, int side, int t, int t_lo) {
    uint64_t sum = 0;
    for (uint32_t k = pr->ns[side]; k-- > 0 && (int)pr->sk[side][k] > t;)
        if ((int)pr->sl[side][k] > t_lo)
            sum += pr->sq[side][k];
    return sum;
}

static profile profile_of(const stud_ctx *c, void *mem) {
    char *base = (char *)mem + c->off_prof;
    size_t levels = 2 * (size_t)c->comps + 2;
    profile pr;
    memset(&pr, 0, sizeof pr);
    pr.cum = (level *)base;
    pr.cum0 = pr.cum + levels;
    pr.sq[0] = (uint64_t *)(pr.cum0 + levels);
    pr.sq[1] = pr.sq[0] + c->comps;
    pr.key = (uint16_t *)(pr.sq[1] + c->comps);
    pr.sk[0] = pr.key + levels;
    pr.sk[1] = pr.sk[0] + c->comps;
    pr.sl[0] = pr.sk[1] + c->comps;
    pr.sl[1] = pr.sl[0] + c->comps;
    return pr;
}

static size_t profile_size(const stud_ctx *c) {
    size_t levels = 2 * (size_t)c->comps + 2;
    return 2 * levels * sizeof(level) + 2 * (size_t)c->comps * sizeof(uint64_t) +
           (levels + 4 * (size_t)c->comps) * sizeof(uint16_t);
}

#define MAX_SPLITS 70 /* C(8, 4): the splits of a union of two third-street completions */

/* Four or more players: the last two of the walked players (pa, pa + 1) hold a union U of 2m
 * cards between them, split[k] one of its C(2m, m) splits. The swept two are counted once for U
 * (and the walked players before, chosen[0..pa)), by strength, and every split's prefix answered
 * from the tallies: its best strength t cuts them into the pairs below it (W wins), at it and
 * above. */
static void union_leaf(const stud_ctx *c, void *mem, const scratch_t *s, stud_acc *acc,
                       uint32_t *chosen, uint64_t used, const uint32_t (*split)[2], int ns) {
    const int np = c->players - 2, pa = np - 2, pb = np, pc = np + 1;
    const int hilo = c->game == HS_STUD_HILO;
    prefix pf[MAX_SPLITS];
    box_q box[MAX_SPLITS];
    int boxi[MAX_SPLITS], nbox = 0;
    for (int k = 0; k < ns; k++) {
        chosen[pa] = split[k][0];
        chosen[pa + 1] = split[k][1];
        pf[k] = (prefix){-1, -1, 0, 0};
        best_of(c->key, chosen, np, &pf[k].t, &pf[k].win);
        boxi[k] = -1;
        if (!hilo)
            continue;
        best_of(c->lo, chosen, np, &pf[k].t_lo, &pf[k].win_lo);
        if (!box_owner(&pf[k]))
            continue;
        for (int q = 0; q < nbox && boxi[k] < 0; q++)
            if (box[q].t == pf[k].t && box[q].t_lo == pf[k].t_lo)
                boxi[k] = q;
        if (boxi[k] < 0) {
            box[nbox] = (box_q){pf[k].t, pf[k].t_lo, 0};
            boxi[k] = nbox++;
        }
    }
    profile pr = profile_of(c, mem);
    sweep_in in = {pb, pc, &c->vmain[pb], &c->vmain[pc], used, hilo, &pr, box, nbox};
    const prefix none = {-1, -1, 0, 0};
    sweep_main(c, s, &in, &none, acc);
    if (hilo)
        sweep_low(c, s, pb, pc, used, &none, (int64_t)pr.n0, acc, &pr);
    const unsigned b = 1u << pb, cc = 1u << pc;
    for (int k = 0; k < ns; k++) {
        const int t = pf[k].t, t_lo = pf[k].t_lo;
        outcome o;
        tally(pr.key, pr.cum, pr.n, t, &o);
        credit_all(&acc->pass[PASS_MAIN], &o, b, cc, pf[k].win);
        if (!hilo)
            continue;
        if (t_lo <= 0) {
            tally(pr.key, pr.cum0, pr.n, t, &o);
            credit_all(&acc->pass[PASS_NOLOW], &o, b, cc, pf[k].win);
        }
        acc->scoop[pb] += scoops(&pr, 0, t, t_lo);
        acc->scoop[pc] += scoops(&pr, 1, t, t_lo);
        if (boxi[k] >= 0)
            acc->scoop[__builtin_ctz(pf[k].win)] += box[boxi[k]].pairs;
        tally(pr.lkey, pr.lcum, pr.nl, t_lo, &o);
        if (t_lo > 0)
            o.w += pr.n0;
        else
            o.none += pr.n0;
        credit_all(&acc->pass[PASS_LOW], &o, b, cc, pf[k].win_lo);
    }
}

/* The walked players before the union's two (chosen[p..pa)), then the union's leaf. */
static void union_walk(const stud_ctx *c, void *mem, const scratch_t *s, stud_acc *acc,
                       uint32_t *chosen, int p, uint64_t used, const uint32_t (*split)[2], int ns) {
    if (p == c->players - 4) {
        union_leaf(c, mem, s, acc, chosen, used, split, ns);
        return;
    }
    for (uint32_t i = 0; i < c->comps; i++)
        if ((c->mask[i] & used) == 0) {
            chosen[p] = i;
            union_walk(c, mem, s, acc, chosen, p + 1, used | c->mask[i], split, ns);
        }
}

/* Unit u of four or more players: the unions of colex ranks [u * per_unit, ...) of the rest's
 * positions (a set of positions held as a mask of bits 0..n_rest-1), each with its splits into
 * the two completions: a split's m positions and the others, each found by its colex rank. */
static void union_unit(const stud_ctx *c, const scratch_t *s, stud_acc *acc, void *mem, size_t u) {
    const int m = c->m, k2 = 2 * m;
    const uint64_t first = (uint64_t)u * c->per_unit;
    const uint64_t end = first + c->per_unit < c->unions ? first + c->per_unit : c->unions;
    uint32_t split[MAX_SPLITS][2], chosen[MAXP] = {0};
    for (uint64_t r = first; r < end; r++) {
        const uint64_t pos = hs_colex_unrank((uint32_t)r, (unsigned)k2);
        int idx[8], k = 0;
        uint64_t used = 0;
        for (uint64_t p = pos; p != 0; p &= p - 1) {
            idx[k] = __builtin_ctzll(p);
            used |= hs_card_bit(c->card[idx[k++]]);
        }
        int ns = 0;
        for (unsigned j = 0; j < 1u << k2; j++) {
            if (__builtin_popcount(j) != m)
                continue;
            uint64_t a = 0;
            for (int q = 0; q < k2; q++)
                a |= (uint64_t)(j >> q & 1) << idx[q];
            split[ns][0] = c->comp_of[hs_colex(a)];
            split[ns++][1] = c->comp_of[hs_colex(pos & ~a)];
        }
        union_walk(c, mem, s, acc, chosen, 0, used, (const uint32_t(*)[2])split, ns);
    }
}

static void stud_unit(void *ctxp, size_t u, void *accp, void *mem) {
    const stud_ctx *c = ctxp;
    scratch_t s = scratch_of(c, mem);
    uint32_t chosen[MAXP] = {0};
    if (c->players == 2) {
        sweeps(c, &s, accp, chosen, 0);
        return;
    }
    if (c->players >= 4) {
        union_unit(c, &s, accp, mem, u);
        return;
    }
    chosen[0] = (uint32_t)u;
    walk(c, &s, accp, chosen, 1, c->mask[u]);
}

/* Every deal is counted once; the shares of every deal add up to one pot (or its half). */
static int stud_check(const void *ctxp, const void *accp) {
    const stud_ctx *c = ctxp;
    const stud_acc *a = accp;
    const pass_acc *m = &a->pass[PASS_MAIN];
    for (int k = 0; k < PASSES; k++) {
        const pass_acc *pa = &a->pass[k];
        uint64_t share = 0, wins = 0;
        for (int p = 0; p < c->players; p++) {
            if (pa->wins[p] + pa->ties[p] > pa->deals)
                return HS_ERR_CORRUPT;
            share += pa->share[p];
            wins += pa->wins[p];
        }
        if (share != (pa->deals - pa->nolow) * SPLIT || wins > pa->deals)
            return HS_ERR_CORRUPT;
    }
    if (m->deals != c->deals || m->nolow != 0)
        return HS_ERR_CORRUPT;
    if (c->game != HS_STUD_HILO)
        return a->pass[PASS_NOLOW].deals == 0 && a->pass[PASS_LOW].deals == 0 ? HS_OK
                                                                              : HS_ERR_CORRUPT;
    if (a->pass[PASS_LOW].deals != c->deals || a->pass[PASS_NOLOW].deals != a->pass[PASS_LOW].nolow)
        return HS_ERR_CORRUPT;
    for (int p = 0; p < c->players; p++)
        if (a->scoop[p] + a->pass[PASS_NOLOW].wins[p] > m->wins[p])
            return HS_ERR_CORRUPT;
    return HS_OK;
}

static void ctx_free(void *p) {
    stud_ctx *c = p;
    if (c == NULL)
        return;
    free(c->mask);
    free(c->ids);
    free(c->comp_of);
    for (int q = 0; q < MAXP; q++) {
        free(c->key[q]);
        free(c->lo[q]);
        free(c->ord[q]);
        free(c->lord[q]);
        free(c->lrank[q]);
        for (int v = 0; v < 2; v++) {
            view *w = v ? &c->vlow[q] : &c->vmain[q];
            free(w->mask);
            free(w->ids);
            free(w->key);
            free(w->lo);
            free(w->rank);
        }
    }
    free(c);
}

/* Validate the deal: HS_OK with the known size, the rest of the deck and its size. */
static int deal_of(const uint64_t *hands, int players, uint64_t dead, int *known, uint64_t *rest,
                   int *n_rest) {
    if (players < 2 || players > MAXP)
        return HS_ERR_ARG;
    uint64_t used = 0;
    *known = hs_hand_size(hands[0]);
    for (int p = 0; p < players; p++) {
        if (hands[p] & ~HS_DECK_MASK)
            return HS_ERR_ARG;
        if (hs_hand_size(hands[p]) != *known)
            return HS_ERR_COUNT;
        if (used & hands[p])
            return HS_ERR_DUPLICATE;
        used |= hands[p];
    }
    if (*known < 3 || *known > 7)
        return HS_ERR_COUNT;
    if (dead & ~HS_DECK_MASK)
        return HS_ERR_ARG;
    if (dead & used)
        return HS_ERR_DUPLICATE;
    *rest = HS_DECK_MASK & ~(used | dead);
    *n_rest = hs_hand_size(*rest);
    return *n_rest >= players * (7 - *known) ? HS_OK : HS_ERR_COUNT;
}

/* The counting steps and the deals of `players` hands of `known` cards with n_rest cards left. */
static void size_of(int players, int known, int n_rest, double *steps, double *deals) {
    int m = 7 - known;
    double d = 1, prefixes = 1;
    for (int p = 0; p < players; p++) {
        double k = (double)hs_binom((unsigned)(n_rest - p * m), (unsigned)m);
        d *= k;
        if (p < players - 4 || (players == 3 && p == 0))
            prefixes *= k;
    }
    /* four or more players: one sweep for each union of the last two walked players' cards */
    if (players >= 4)
        prefixes *= (double)hs_binom((unsigned)(n_rest - (players - 4) * m), 2u * (unsigned)m);
    *deals = d;
    *steps = prefixes * (double)hs_binom((unsigned)n_rest, (unsigned)m) * (double)(1u << m);
}

int hs_stud_equity_size(const uint64_t *hands, int players, uint64_t dead, double *steps,
                        double *deals) {
    int known, n_rest;
    uint64_t rest;
    int rc = deal_of(hands, players, dead, &known, &rest, &n_rest);
    if (rc == HS_OK)
        size_of(players, known, n_rest, steps, deals);
    return rc;
}

static int build(stud_ctx *c, uint64_t rest, const uint64_t *hands) {
    int *cards = c->card, n = 0;
    for (uint64_t r = rest; r != 0; r &= r - 1)
        cards[n++] = __builtin_ctzll(r);
    c->n_rest = n;
    int m = c->m;
    c->comps = (uint32_t)hs_binom((unsigned)n, (unsigned)m);
    c->subs = 1u << m;
    c->half = m == 0 ? 1 : c->subs / 2;
    uint32_t offset[8];
    c->nids = 0;
    for (int k = 0; k <= m; k++) {
        offset[k] = c->nids;
        c->full0 = c->nids;
        c->nids += (uint32_t)hs_binom((unsigned)n, (unsigned)k);
    }
    c->mask = malloc(c->comps * sizeof *c->mask);
    c->ids = malloc((size_t)c->comps * c->subs * sizeof *c->ids);
    int hilo = c->game == HS_STUD_HILO;
    for (int p = 0; p < c->players; p++) {
        c->key[p] = malloc(c->comps * sizeof *c->key[p]);
        c->ord[p] = malloc(c->comps * sizeof *c->ord[p]);
        if (hilo) {
            c->lo[p] = malloc(c->comps * sizeof *c->lo[p]);
            c->lord[p] = malloc(c->comps * sizeof *c->lord[p]);
            if (c->lo[p] == NULL || c->lord[p] == NULL)
                return HS_ERR_NOMEM;
        }
        if (c->key[p] == NULL || c->ord[p] == NULL)
            return HS_ERR_NOMEM;
    }
    if (c->mask == NULL || c->ids == NULL)
        return HS_ERR_NOMEM;
    if (c->players >= 4 && (c->comp_of = malloc(c->comps * sizeof *c->comp_of)) == NULL)
        return HS_ERR_NOMEM;
    /* completions in lexicographic order of their positions in the rest (any order serves: a
     * subset's id depends on its cards alone) */
    int idx[8];
    for (int k = 0; k < m; k++)
        idx[k] = k;
    for (uint32_t i = 0; i < c->comps; i++) {
        uint64_t mask = 0;
        for (int k = 0; k < m; k++)
            mask |= hs_card_bit(cards[idx[k]]);
        c->mask[i] = mask;
        uint32_t *id = c->ids + (size_t)i * c->subs, even = 0, odd = c->half;
        for (uint32_t j = 0; j < c->subs; j++) {
            uint32_t r = 0;
            unsigned size = 0;
            for (int k = 0; k < m; k++)
                if (j >> k & 1)
                    r += (uint32_t)hs_binom((unsigned)idx[k], ++size);
            if (__builtin_popcount(j) % 2 == 0)
                id[even++] = offset[size] + r;
            else
                id[odd++] = offset[size] + r;
            if (j == c->subs - 1 && c->comp_of != NULL)
                c->comp_of[r] = i;
        }
        if (m > 0 && !hs_next_subset(idx, m, n))
            break;
    }
    /* A low depends on the seven ranks alone: each multiset's is found once (C(19, 7) of them,
     * numbered as hs_mset_step numbers sorted ranks). */
    int16_t *lows = NULL;
    if (c->game != HS_STUD_HIGH) {
        lows = malloc(MSETS7 * sizeof *lows);
        if (lows == NULL)
            return HS_ERR_NOMEM;
        memset(lows, 0xff, MSETS7 * sizeof *lows);
    }
    for (int p = 0; p < c->players; p++)
        for (uint32_t i = 0; i < c->comps; i++) {
            uint64_t hand = hands[p] | c->mask[i];
            int low = 0;
            if (lows != NULL) {
                int rank_count[HS_RANKS] = {0};
                for (uint64_t h = hand; h != 0; h &= h - 1)
                    rank_count[hs_card_rank(__builtin_ctzll(h))]++;
                unsigned ms = 0;
                for (int r = 0, k = 0; r < HS_RANKS; r++)
                    for (int x = 0; x < rank_count[r]; x++, k++)
                        ms += hs_mset_step(k, r);
                if (lows[ms] < 0)
                    lows[ms] = (int16_t)hs_low_a5_rank(hand);
                low = lows[ms];
            }
            if (c->game == HS_STUD_RAZZ)
                c->key[p][i] = (uint16_t)(HS_LOW_A5_CLASSES + 1 - low);
            else
                c->key[p][i] = (uint16_t)(HS_POKER_CLASSES + 1 - hs_poker_rank7(hand));
            if (hilo)
                c->lo[p][i] = (uint16_t)(low <= HS_LOW_A5_EIGHT ? HS_LOW_A5_EIGHT + 1 - low : 0);
        }
    free(lows);
    /* each player's lows ranked among its own: a low row has an entry per rank and one more */
    for (int p = 0; p < c->players && hilo; p++) {
        uint8_t present[LOWS] = {0}, rank[LOWS] = {0};
        for (uint32_t i = 0; i < c->comps; i++)
            present[c->lo[p][i]] = 1;
        uint32_t k = 0;
        for (int v = 1; v < LOWS; v++) {
            c->below[p][v] = (uint8_t)k;
            if (present[v])
                rank[v] = (uint8_t)++k;
        }
        c->rw[p] = (k + 1 + 7) / 8 * 8;
        c->lrank[p] = malloc(c->comps);
        if (c->lrank[p] == NULL)
            return HS_ERR_NOMEM;
        for (uint32_t i = 0; i < c->comps; i++)
            c->lrank[p][i] = rank[c->lo[p][i]];
    }
    /* counting sorts by strength */
    uint32_t *count = calloc(0x10000, sizeof *count);
    if (count == NULL)
        return HS_ERR_NOMEM;
    for (int p = 0; p < c->players; p++)
        for (int l = 0; l < 1 + hilo; l++) {
            const uint16_t *k = l ? c->lo[p] : c->key[p];
            uint32_t *o = l ? c->lord[p] : c->ord[p];
            memset(count, 0, 0x10000 * sizeof *count);
            for (uint32_t i = 0; i < c->comps; i++)
                count[k[i]]++;
            uint32_t sum = 0;
            for (uint32_t v = 0; v < 0x10000; v++) {
                uint32_t here = count[v];
                count[v] = sum;
                sum += here;
            }
            for (uint32_t i = 0; i < c->comps; i++)
                o[count[k[i]]++] = i;
            if (l)
                c->nolows[p] = count[0];
        }
    free(count);
    /* each player's completions in the orders the sweeps walk */
    for (int p = 0; p < c->players; p++)
        for (int l = 0; l < 1 + hilo; l++) {
            view *w = l ? &c->vlow[p] : &c->vmain[p];
            const uint32_t *o = l ? c->lord[p] + c->nolows[p] : c->ord[p];
            uint32_t len = l ? c->comps - c->nolows[p] : c->comps;
            w->mask = malloc((len + 1) * sizeof *w->mask);
            w->ids = malloc(((size_t)len + 1) * c->subs * sizeof *w->ids);
            w->key = malloc((len + 1) * sizeof *w->key);
            if (!l && hilo) {
                w->lo = malloc((len + 1) * sizeof *w->lo);
                w->rank = malloc(len + 1);
                if (w->lo == NULL || w->rank == NULL)
                    return HS_ERR_NOMEM;
            }
            if (w->mask == NULL || w->ids == NULL || w->key == NULL)
                return HS_ERR_NOMEM;
            for (uint32_t q = 0; q < len; q++) {
                uint32_t i = o[q];
                w->mask[q] = c->mask[i];
                memcpy(w->ids + (size_t)q * c->subs, c->ids + (size_t)i * c->subs,
                       c->subs * sizeof *w->ids);
                w->key[q] = l ? c->lo[p][i] : c->key[p][i];
                if (w->lo != NULL) {
                    w->lo[q] = c->lo[p][i];
                    w->rank[q] = c->lrank[p][i];
                }
            }
        }
    return HS_OK;
}

int hs_stud_equity_job_new(const uint64_t *hands, int players, uint64_t dead, hs_stud_game game,
                           hs_job **out) {
    *out = NULL;
    if (game != HS_STUD_HIGH && game != HS_STUD_HILO && game != HS_STUD_RAZZ)
        return HS_ERR_ARG;
    int known, n_rest;
    uint64_t rest;
    int rc = deal_of(hands, players, dead, &known, &rest, &n_rest);
    if (rc != HS_OK)
        return rc;
    double steps, deals;
    size_of(players, known, n_rest, &steps, &deals);
    /* the shares of every deal in units of 1/SPLIT must fit 64 bits */
    if (steps > HS_STUD_MAX_STEPS || deals * HS_STUD_SHARE_UNIT >= 1.8e19)
        return HS_ERR_OVERFLOW;
    stud_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    c->players = players;
    c->game = game;
    c->known = known;
    c->m = 7 - known;
    c->deals = 1;
    for (int p = 0; p < players; p++)
        c->deals *= hs_binom((unsigned)(n_rest - p * c->m), (unsigned)c->m);
    rc = build(c, rest, hands);
    c->rows16 = c->comps <= UINT16_MAX;
    if (rc != HS_OK) {
        ctx_free(c);
        return rc;
    }
    c->off_cnt = 0;
    c->off_rows = (c->off_cnt + 2 * (size_t)c->nids * sizeof(uint32_t) + 63) / 64 * 64;
    size_t rows = (size_t)c->rw[players - 2] + c->rw[players - 1];
    c->off_full =
        c->off_rows + (game == HS_STUD_HILO ? rows * c->full0 * (c->rows16 ? 2u : 4u) : 0);
    c->off_zero = c->off_full + (game == HS_STUD_HILO ? 2 * (size_t)c->comps : 0);
    c->lowbytes = c->off_zero - c->off_rows;
    c->off_zero = (c->off_zero + 63) / 64 * 64;
    c->off_list = c->off_zero + (game == HS_STUD_HILO ? 2 * (size_t)c->nids * sizeof(uint32_t) : 0);
    c->off_less = c->off_list + 2 * (size_t)c->comps * sizeof(uint32_t);
    c->def.name = "stud equity";
    c->def.layout = 1;
    c->def.acc_size = sizeof(stud_acc);
    c->off_prof = (c->off_less + 2 * (size_t)c->comps * sizeof(uint32_t) + 63) / 64 * 64;
    c->def.scratch_size = c->off_prof + (players >= 4 ? profile_size(c) : 0);
    size_t units = players == 2 ? 1 : c->comps;
    if (players >= 4) {
        /* unions in units of about a 16384th of them */
        c->unions = hs_binom((unsigned)c->n_rest, 2u * (unsigned)c->m); /* below 2^32 */
        c->per_unit = (c->unions + 16383) / 16384;
        units = (size_t)((c->unions + c->per_unit - 1) / c->per_unit);
    }
    c->def.unit = stud_unit;
    c->def.merge = NULL;
    c->def.check = stud_check;
    /* the game, the hands and the dead cards, each as its card mask */
    char params[256];
    int len = snprintf(params, sizeof params, "game=%d dead=%llx hands=", (int)game,
                       (unsigned long long)dead);
    for (int p = 0; p < players && len > 0 && (size_t)len < sizeof params; p++)
        len += snprintf(params + len, sizeof params - (size_t)len, "%s%llx", p ? "," : "",
                        (unsigned long long)hands[p]);
    /* four or more players count by unions: their units are not the first player's completions */
    if (players >= 4 && len > 0 && (size_t)len < sizeof params)
        snprintf(params + len, sizeof params - (size_t)len, " walk=unions");
    return hs_job_new(&c->def, c, ctx_free, units, params, hs_poker_tables_hash, out);
}

int hs_stud_equity_result(const hs_job *job, hs_stud_equity *out) {
    if (strcmp(hs_job_name(job), "stud equity") != 0 || hs_job_units_done(job) != hs_job_units(job))
        return HS_ERR_ARG;
    const stud_ctx *c = hs_job_ctx(job);
    const stud_acc *a = hs_job_acc_const(job);
    memset(out, 0, sizeof *out);
    out->players = c->players;
    out->game = c->game;
    out->known = c->known;
    out->deals = c->deals;
    const pass_acc *m = &a->pass[PASS_MAIN];
    int hilo = c->game == HS_STUD_HILO;
    out->low_deals = hilo ? c->deals - a->pass[PASS_LOW].nolow : 0;
    for (int p = 0; p < c->players; p++) {
        hs_stud_player *q = &out->p[p];
        q->wins = m->wins[p];
        q->ties = m->ties[p];
        q->losses = c->deals - q->wins - q->ties;
        if (hilo) {
            q->scoops = a->scoop[p] + a->pass[PASS_NOLOW].wins[p];
            q->high_share = m->share[p] + a->pass[PASS_NOLOW].share[p];
            q->low_share = a->pass[PASS_LOW].share[p];
        } else if (c->game == HS_STUD_RAZZ)
            q->low_share = 2 * m->share[p];
        else
            q->high_share = 2 * m->share[p];
    }
    return HS_OK;
}

int hs_stud_equity_run(const uint64_t *hands, int players, uint64_t dead, hs_stud_game game,
                       int threads, hs_progress_fn progress, void *progress_ctx,
                       hs_stud_equity *out) {
    if (threads < 0)
        return HS_ERR_ARG;
    hs_job *job;
    int rc = hs_stud_equity_job_new(hands, players, dead, game, &job);
    if (rc != HS_OK)
        return rc;
    rc = hs_job_run(job, 0, hs_job_units(job),
                    &(hs_job_opts){threads, progress, progress_ctx, NULL, NULL, 0.0});
    if (rc == HS_OK)
        rc = hs_stud_equity_result(job, out);
    hs_job_free(job);
    return rc;
}
