/* Folded ranges (card removal): exact hold'em equity when some players folded a hand of a known
 * range, by the existing exact engine run once per folded tuple with its cards dead.
 *
 * Why this way: a deal with folded players is a folded tuple f (one combination per folded
 * player) and then a deal of the plain model with f's cards out of play; its weight is w_f times
 * the plain deal's. So the weighted counts are exactly the sum over f of w_f times the plain
 * engine's counts with f dead, and every fast path of that engine (suit symmetry, rank patterns,
 * completions) is reused as it is, already tested against its reference. The plain engine divides
 * each active range's weights by their gcd over the whole range (whatever is dead), so every run
 * counts in the same units and the sum is one consistent weighted count.
 *
 * Suit symmetry over the tuples: a permutation of the suits mapping the board, the dead cards and
 * every range (active and folded, with its weights) onto itself maps a tuple f to a tuple with the
 * same weight and the same counts, so only the smallest tuple of each orbit is solved, counted
 * |orbit| times (|orbit| = the group's size over f's stabilizer). Every sum is checked against
 * 128 bits (HS_ERR_OVERFLOW), never assumed to fit. The equity distribution with folded ranges
 * (hs_holdem_equity_dist_folded, below) walks the same tuples with the same symmetry. */
#include "holdem_internal.h"
#include "handstat/error.h"
#include "handstat/holdem_board.h"
#include "combin.h"
#include "job_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXP HS_HOLDEM_MAX_PLAYERS
#define MAXF HS_HOLDEM_MAX_FOLDED

/* The index 0..1325 of a two-card mask: C(hi, 2) + lo for its cards lo < hi. */
static int pair_at(uint64_t two) {
    const int lo = __builtin_ctzll(two), hi = 63 - __builtin_clzll(two);
    return hi * (hi - 1) / 2 + lo;
}

typedef struct fold_ctx {
    int players, folded;
    const hs_holdem_range *const *ranges, *const *fold;
    uint64_t board, dead;
    int perms; /* the symmetry: suit permutations (the identity first) */
    uint8_t perm[HS_SUIT_PERMS][HS_SUITS];
    /* folded player j's combinations off the known cards, their weights over the range's gcd */
    size_t n[MAXF];
    uint64_t combo[MAXF][HS_HOLDEM_COMBOS];
    uint16_t weight[MAXF][HS_HOLDEM_COMBOS];
    int use_symmetry;
} fold_ctx;

/* The distinct images g(t) of a folded tuple under the symmetry, each once, into img; first[k]
 * the first permutation g giving img[k]. Returns their number. */
static int tuple_images(const fold_ctx *c, const uint64_t *t, uint64_t img[][MAXF], int *first) {
    int nimg = 0;
    for (int g = 0; g < c->perms; g++) {
        for (int j = 0; j < c->folded; j++)
            img[nimg][j] = hs_suit_permute(t[j], c->perm[g]);
        int seen = 0;
        for (int k = 0; k < nimg && !seen; k++)
            seen = memcmp(img[k], img[nimg], (size_t)c->folded * sizeof img[k][0]) == 0;
        if (!seen)
            first[nimg++] = g;
    }
    return nimg;
}

/* weight_of[pair_at(c)] for range r: its weight, 0 when r does not hold c. */
static void weight_table(const hs_holdem_range *r, uint16_t *weight_of) {
    memset(weight_of, 0, HS_HOLDEM_COMBOS * sizeof *weight_of);
    for (size_t i = 0; i < r->n; i++)
        weight_of[pair_at(r->combo[i])] = r->weight[i];
}

static int range_keeps(const hs_holdem_range *r, const uint16_t *weight_of, const uint8_t *to) {
    for (size_t i = 0; i < r->n; i++)
        if (weight_of[pair_at(hs_suit_permute(r->combo[i], to))] != r->weight[i])
            return 0;
    return 1;
}

/* Check the query (1..9 active ranges: the caller asks for more when it needs them) and build *c:
 * HS_OK, HS_ERR_ARG, HS_ERR_NOMEM, or HS_ERR_COUNT (a folded range wholly on the known cards). */
static int fold_setup(fold_ctx *c, int players, const hs_holdem_range *const ranges[], int folded,
                      const hs_holdem_range *const fold[], uint64_t board, uint64_t dead,
                      int use_symmetry) {
    if (players < 1 || players > MAXP || folded < 0 || folded > MAXF || ranges == NULL ||
        (folded > 0 && fold == NULL) || (board & ~HS_DECK_MASK) || (dead & ~HS_DECK_MASK) ||
        (board & dead) || hs_hand_size(board) > 5)
        return HS_ERR_ARG;
    for (int p = 0; p < players; p++)
        if (ranges[p] == NULL || ranges[p]->n == 0 || !hs_holdem_range_ok(ranges[p]))
            return HS_ERR_ARG;
    for (int j = 0; j < folded; j++)
        if (fold[j] == NULL || fold[j]->n == 0 || !hs_holdem_range_ok(fold[j]))
            return HS_ERR_ARG;
    c->players = players;
    c->folded = folded;
    c->ranges = ranges;
    c->fold = fold;
    c->board = board;
    c->dead = dead;
    c->use_symmetry = use_symmetry;
    for (int j = 0; j < folded; j++) {
        const hs_holdem_range *r = fold[j];
        unsigned g = 0;
        for (size_t i = 0; i < r->n; i++)
            g = (unsigned)hs_gcd(g, r->weight[i]);
        c->n[j] = 0;
        for (size_t i = 0; i < r->n; i++)
            if ((r->combo[i] & (board | dead)) == 0) {
                c->combo[j][c->n[j]] = r->combo[i];
                c->weight[j][c->n[j]++] = (uint16_t)(r->weight[i] / g);
            }
        if (c->n[j] == 0)
            return HS_ERR_COUNT;
    }
    /* the suit permutations keeping the board, the dead cards and every range with its weights */
    uint8_t perm[HS_SUIT_PERMS][HS_SUITS];
    hs_suit_perms(perm);
    uint16_t *weight_of = malloc(HS_HOLDEM_COMBOS * sizeof *weight_of);
    if (weight_of == NULL)
        return HS_ERR_NOMEM;
    int keeps[HS_SUIT_PERMS];
    for (int g = 0; g < HS_SUIT_PERMS; g++)
        keeps[g] = g == 0 || (use_symmetry && hs_suit_permute(board, perm[g]) == board &&
                              hs_suit_permute(dead, perm[g]) == dead);
    for (int k = 0; k < players + folded; k++) {
        const hs_holdem_range *r = k < players ? ranges[k] : fold[k - players];
        weight_table(r, weight_of);
        for (int g = 1; g < HS_SUIT_PERMS; g++)
            keeps[g] = keeps[g] && range_keeps(r, weight_of, perm[g]);
    }
    free(weight_of);
    c->perms = 0;
    for (int g = 0; g < HS_SUIT_PERMS; g++)
        if (keeps[g])
            memcpy(c->perm[c->perms++], perm[g], HS_SUITS);
    return HS_OK;
}

/* The tuple t's orbit size when t is the smallest of its orbit (the images compared as the
 * sequence of their masks), else 0. */
static unsigned orbit_if_first(const fold_ctx *c, const uint64_t *t) {
    unsigned same = 0;
    for (int g = 0; g < c->perms; g++) {
        int cmp = 0;
        for (int j = 0; j < c->folded && cmp == 0; j++) {
            const uint64_t m = hs_suit_permute(t[j], c->perm[g]);
            cmp = m < t[j] ? -1 : m > t[j] ? 1 : 0;
        }
        if (cmp < 0)
            return 0;
        same += cmp == 0;
    }
    return (unsigned)c->perms / same; /* orbit-stabilizer: same divides the group's order */
}

/* The walk over the folded tuples: each pairwise disjoint tuple that is the first of its orbit is
 * handed to visit with its weight w and its orbit's size; a non-zero return stops the walk. Every
 * folded query (equity, equity-dist, hits) walks the tuples by this one walk. */
typedef int (*visit_fn)(void *ctx, const uint64_t *tuple, hs_uint128 w, unsigned orbit);

static int walk(const fold_ctx *c, int j, uint64_t used, uint64_t *t, hs_uint128 w, visit_fn visit,
                void *ctx) {
    if (j == c->folded) {
        const unsigned orbit = orbit_if_first(c, t);
        return orbit == 0 ? 0 : visit(ctx, t, w, orbit);
    }
    for (size_t i = 0; i < c->n[j]; i++) {
        if (c->combo[j][i] & used)
            continue;
        t[j] = c->combo[j][i];
        /* 128 bits: up to 8 weights of up to 10^4 each (times an orbit of up to 24): < 2^112 */
        const int rc = walk(c, j + 1, used | t[j], t, w * c->weight[j][i], visit, ctx);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* ---- the plan ------------------------------------------------------------------------------- */

typedef struct plan_ctx {
    hs_holdem_folded_plan *plan;
    uint64_t cap;
    const fold_ctx *c;
} plan_ctx;

enum { PLAN_CAPPED = 1 };

static int plan_visit(void *ctx, const uint64_t *t, hs_uint128 w, unsigned orbit) {
    plan_ctx *p = ctx;
    (void)t;
    (void)w;
    p->plan->tuples += orbit;
    p->plan->solves++;
    return p->plan->tuples >= p->cap ? PLAN_CAPPED : 0;
}

int hs_holdem_folded_plan_count(int players, const hs_holdem_range *const ranges[], int folded,
                                const hs_holdem_range *const fold[], uint64_t board, uint64_t dead,
                                uint64_t cap, hs_holdem_folded_plan *out) {
    memset(out, 0, sizeof *out);
    fold_ctx *c = malloc(sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    int rc = fold_setup(c, players, ranges, folded, fold, board, dead, 1);
    if (rc == HS_OK) {
        out->symmetries = c->perms;
        plan_ctx p = {out, cap == 0 ? UINT64_MAX : cap, c};
        uint64_t t[MAXF];
        rc = walk(c, 0, board | dead, t, 1, plan_visit, &p);
        out->capped = rc == PLAN_CAPPED;
        rc = rc == PLAN_CAPPED ? HS_OK : rc;
        if (rc == HS_OK && out->tuples == 0 && !out->capped)
            rc = HS_ERR_COUNT;
    }
    free(c);
    return rc;
}

/* ---- the exact counts ----------------------------------------------------------------------- */

typedef struct solve_ctx {
    const fold_ctx *c;
    int threads;
    hs_progress_fn progress;
    void *progress_ctx;
    uint64_t solves, done; /* engine runs in all and done */
    hs_holdem_equity_exact *sum;
} solve_ctx;

/* The inner engine's progress as a part of the whole: each run a 2^16th-unit slice. */
static int inner_progress(void *ctx, uint64_t done, uint64_t total) {
    const solve_ctx *s = ctx;
    const uint64_t part = total == 0 ? 0 : (done << 16) / total;
    return s->progress(s->progress_ctx, (s->done << 16) + part, s->solves << 16);
}

/* *acc += mult * v, or HS_ERR_OVERFLOW. */
static int add_times(hs_uint128 *acc, hs_uint128 v, hs_uint128 mult) {
    hs_uint128 p;
    if (__builtin_mul_overflow(v, mult, &p) || __builtin_add_overflow(*acc, p, acc))
        return HS_ERR_OVERFLOW;
    return HS_OK;
}

static int solve_visit(void *ctx, const uint64_t *t, hs_uint128 w, unsigned orbit) {
    solve_ctx *s = ctx;
    const fold_ctx *c = s->c;
    const hs_uint128 mult = w * orbit;
    uint64_t out = 0;
    for (int j = 0; j < c->folded; j++)
        out |= t[j];
    hs_holdem_equity_exact e;
    int rc = hs_holdem_equity_ranges(c->players, c->ranges, c->board, c->dead | out, s->threads,
                                     s->progress != NULL ? inner_progress : NULL, s, &e);
    s->done++;
    if (rc == HS_ERR_COUNT) /* no deal of the active players beside this tuple: weighs nothing */
        return 0;
    if (rc != HS_OK)
        return rc;
    hs_holdem_equity_exact *a = s->sum;
    rc = add_times(&a->deals, e.deals, mult);
    for (int p = 0; p < c->players && rc == HS_OK; p++) {
        hs_holdem_player_exact *q = &a->player[p];
        const hs_holdem_player_exact *v = &e.player[p];
        if (add_times(&q->wins, v->wins, mult) != HS_OK ||
            add_times(&q->ties, v->ties, mult) != HS_OK ||
            add_times(&q->losses, v->losses, mult) != HS_OK ||
            add_times(&q->shares, v->shares, mult) != HS_OK)
            rc = HS_ERR_OVERFLOW;
    }
    /* every deal's pot must stay countable: deals x HS_HOLDEM_SHARE_UNIT within 128 bits */
    hs_uint128 pots;
    if (rc == HS_OK && __builtin_mul_overflow(a->deals, (hs_uint128)HS_HOLDEM_SHARE_UNIT, &pots))
        rc = HS_ERR_OVERFLOW;
    return rc;
}

int hs_holdem_equity_folded_sym(int use_symmetry, int players,
                                const hs_holdem_range *const ranges[], int folded,
                                const hs_holdem_range *const fold[], uint64_t board, uint64_t dead,
                                int threads, hs_progress_fn progress, void *ctx,
                                hs_holdem_equity_exact *out) {
    memset(out, 0, sizeof *out);
    if (threads < 0 || players < 2)
        return HS_ERR_ARG;
    fold_ctx *c = malloc(sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    int rc = fold_setup(c, players, ranges, folded, fold, board, dead, use_symmetry);
    hs_holdem_folded_plan plan;
    memset(&plan, 0, sizeof plan);
    if (rc == HS_OK) {
        plan_ctx p = {&plan, UINT64_MAX, c};
        uint64_t t[MAXF];
        rc = walk(c, 0, board | dead, t, 1, plan_visit, &p);
    }
    if (rc == HS_OK && plan.solves == 0)
        rc = HS_ERR_COUNT; /* the folded ranges cannot be dealt disjoint */
    if (rc == HS_OK) {
        out->players = players;
        solve_ctx s = {c, threads, progress, ctx, plan.solves, 0, out};
        uint64_t t[MAXF];
        rc = walk(c, 0, board | dead, t, 1, solve_visit, &s);
    }
    if (rc == HS_OK && out->deals == 0)
        rc = HS_ERR_COUNT;
    free(c);
    if (rc != HS_OK)
        memset(out, 0, sizeof *out);
    return rc;
}

int hs_holdem_equity_folded(int players, const hs_holdem_range *const ranges[], int folded,
                            const hs_holdem_range *const fold[], uint64_t board, uint64_t dead,
                            int threads, hs_progress_fn progress, void *ctx,
                            hs_holdem_equity_exact *out) {
    return hs_holdem_equity_folded_sym(1, players, ranges, folded, fold, board, dead, threads,
                                       progress, ctx, out);
}

/* ---- the equity distribution ----------------------------------------------------------------
 * hs_holdem_equity_dist once per solved tuple f with f's cards dead. A suit permutation g of the
 * symmetry maps f to g(f) and the hero combination h to g(h) with the same counts, so each of
 * f's distinct images g(f) adds f's counts of h to g(h): the orbit is summed whole without being
 * solved again. */

typedef struct dist_ctx {
    const fold_ctx *c;
    int threads;
    hs_progress_fn progress;
    void *progress_ctx;
    uint64_t solves, done;
    int16_t at[HS_HOLDEM_COMBOS];     /* pair index -> the hero range's index, -1 off the range */
    hs_holdem_dist_combo *run;        /* one engine run's result (room for the hero range) */
    hs_holdem_dist_folded_combo *sum; /* by the hero range's index */
    int *dealt;                       /* by the hero range's index */
} dist_ctx;

static int dist_progress(void *ctx, uint64_t done, uint64_t total) {
    const dist_ctx *s = ctx;
    const uint64_t part = total == 0 ? 0 : (done << 16) / total;
    return s->progress(s->progress_ctx, (s->done << 16) + part, s->solves << 16);
}

static int dist_visit(void *ctx, const uint64_t *t, hs_uint128 w, unsigned orbit) {
    dist_ctx *s = ctx;
    const fold_ctx *c = s->c;
    (void)orbit;
    uint64_t out = 0;
    for (int j = 0; j < c->folded; j++)
        out |= t[j];
    size_t n = 0;
    int rc = hs_holdem_equity_dist(c->ranges[0], c->ranges[1], c->board, c->dead | out, s->threads,
                                   s->progress != NULL ? dist_progress : NULL, s, s->run, &n);
    s->done++;
    if (rc == HS_ERR_COUNT) /* no hero combination can be dealt beside this tuple */
        return 0;
    if (rc != HS_OK)
        return rc;
    /* the distinct images of the tuple: g(f) for g in the symmetry, each once */
    uint64_t img[HS_SUIT_PERMS][MAXF];
    int first[HS_SUIT_PERMS];
    const int nimg = tuple_images(c, t, img, first);
    for (size_t i = 0; i < n && rc == HS_OK; i++) {
        const hs_holdem_dist_combo *d = &s->run[i];
        for (int k = 0; k < nimg && rc == HS_OK; k++) {
            const int at = s->at[pair_at(hs_suit_permute(d->combo, c->perm[first[k]]))];
            if (at < 0)
                return HS_ERR_ARG; /* cannot happen: the symmetry keeps the hero range */
            hs_holdem_dist_folded_combo *a = &s->sum[at];
            s->dealt[at] = 1;
            if (add_times(&a->deals, d->deals, w) != HS_OK ||
                add_times(&a->wins, d->wins, w) != HS_OK ||
                add_times(&a->ties, d->ties, w) != HS_OK ||
                add_times(&a->losses, d->losses, w) != HS_OK)
                rc = HS_ERR_OVERFLOW;
        }
    }
    return rc;
}

/* a x b against c x d, 128-bit factors compared exactly (256-bit products): -1, 0, 1. */
static void mul256(hs_uint128 a, hs_uint128 b, hs_uint128 *hi, hs_uint128 *lo) {
    const hs_uint128 M = UINT64_MAX;
    const hs_uint128 a0 = a & M, a1 = a >> 64, b0 = b & M, b1 = b >> 64;
    const hs_uint128 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const hs_uint128 mid = (p00 >> 64) + (p01 & M) + (p10 & M);
    *lo = (p00 & M) | (mid << 64);
    *hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
}

static int cmp_products(hs_uint128 a, hs_uint128 b, hs_uint128 c, hs_uint128 d) {
    hs_uint128 h1, l1, h2, l2;
    mul256(a, b, &h1, &l1);
    mul256(c, d, &h2, &l2);
    return h1 != h2 ? (h1 < h2 ? -1 : 1) : l1 != l2 ? (l1 < l2 ? -1 : 1) : 0;
}

/* The exact equity (2 wins + ties) / (2 deals) first, the best first; then the range's order. */
static int by_equity(const hs_holdem_dist_folded_combo *x, size_t ix,
                     const hs_holdem_dist_folded_combo *y, size_t iy) {
    /* (2wx + tx) / (2dx) > (2wy + ty) / (2dy)  <=>  (2wx + tx) dy > (2wy + ty) dx; each numerator
     * is below 2^128 since wins + ties <= deals and 2 deals x HS_HOLDEM_SHARE_UNIT is checked */
    const int c = cmp_products(2 * x->wins + x->ties, y->deals, 2 * y->wins + y->ties, x->deals);
    return c != 0 ? -c : ix < iy ? -1 : ix > iy;
}

int hs_holdem_equity_dist_folded(const hs_holdem_range *hero, const hs_holdem_range *villain,
                                 int folded, const hs_holdem_range *const fold[], uint64_t board,
                                 uint64_t dead, int threads, hs_progress_fn progress, void *ctx,
                                 hs_holdem_dist_folded_combo *out, size_t *n) {
    *n = 0;
    if (threads < 0 || hero == NULL || villain == NULL)
        return HS_ERR_ARG;
    const hs_holdem_range *ranges[2] = {hero, villain};
    fold_ctx *c = malloc(sizeof *c);
    dist_ctx *s = calloc(1, sizeof *s);
    hs_holdem_dist_combo *run = malloc((hero->n + 1) * sizeof *run);
    hs_holdem_dist_folded_combo *sum = calloc(hero->n + 1, sizeof *sum);
    int *dealt = calloc(hero->n + 1, sizeof *dealt);
    int rc = c == NULL || s == NULL || run == NULL || sum == NULL || dealt == NULL
                 ? HS_ERR_NOMEM
                 : fold_setup(c, 2, ranges, folded, fold, board, dead, 1);
    hs_holdem_folded_plan plan;
    memset(&plan, 0, sizeof plan);
    if (rc == HS_OK) {
        plan_ctx p = {&plan, UINT64_MAX, c};
        uint64_t t[MAXF];
        rc = walk(c, 0, board | dead, t, 1, plan_visit, &p);
    }
    if (rc == HS_OK && plan.solves == 0)
        rc = HS_ERR_COUNT;
    if (rc == HS_OK) {
        memset(s->at, 0xFF, sizeof s->at);
        for (size_t i = 0; i < hero->n; i++) {
            s->at[pair_at(hero->combo[i])] = (int16_t)i;
            sum[i].combo = hero->combo[i];
            sum[i].cls = hs_holdem_class(hero->combo[i]);
            sum[i].weight = hero->weight[i];
        }
        s->c = c;
        s->threads = threads;
        s->progress = progress;
        s->progress_ctx = ctx;
        s->solves = plan.solves;
        s->run = run;
        s->sum = sum;
        s->dealt = dealt;
        uint64_t t[MAXF];
        rc = walk(c, 0, board | dead, t, 1, dist_visit, s);
    }
    /* every combination's pot must stay countable: 2 deals x HS_HOLDEM_SHARE_UNIT in 128 bits */
    for (size_t i = 0; rc == HS_OK && i < hero->n; i++) {
        hs_uint128 pots;
        if (__builtin_mul_overflow(sum[i].deals, (hs_uint128)2 * HS_HOLDEM_SHARE_UNIT, &pots))
            rc = HS_ERR_OVERFLOW;
    }
    if (rc == HS_OK) {
        /* the dealt combinations, by insertion (stable: the range's order among equals) */
        size_t *idx = malloc((hero->n + 1) * sizeof *idx), m = 0;
        if (idx == NULL)
            rc = HS_ERR_NOMEM;
        for (size_t i = 0; rc == HS_OK && i < hero->n; i++) {
            if (!dealt[i] || sum[i].deals == 0)
                continue;
            size_t k = m++;
            while (k > 0 && by_equity(&sum[i], i, &sum[idx[k - 1]], idx[k - 1]) < 0) {
                idx[k] = idx[k - 1];
                k--;
            }
            idx[k] = i;
        }
        for (size_t k = 0; rc == HS_OK && k < m; k++)
            out[k] = sum[idx[k]];
        if (rc == HS_OK)
            *n = m;
        if (rc == HS_OK && m == 0)
            rc = HS_ERR_COUNT;
        free(idx);
    }
    if (rc != HS_OK)
        *n = 0;
    free(c);
    free(s);
    free(run);
    free(sum);
    free(dealt);
    return rc;
}

/* ---- what a range makes on one board --------------------------------------------------------
 * hs_holdem_hits_board once per solved tuple with its cards dead, times the tuple's weight and
 * its set's size: the range's counts on the board are the same for every tuple of a set (a
 * permutation keeping the board, the dead cards and the ranges maps one's combinations onto the
 * other's, category for category). */

typedef struct hits_ctx {
    const fold_ctx *c;
    hs_holdem_hits_folded *sum;
} hits_ctx;

static int hits_visit(void *ctx, const uint64_t *t, hs_uint128 w, unsigned orbit) {
    hits_ctx *s = ctx;
    const fold_ctx *c = s->c;
    uint64_t out = 0;
    for (int j = 0; j < c->folded; j++)
        out |= t[j];
    hs_holdem_hits h;
    int rc = hs_holdem_hits_board(c->ranges[0], c->board, c->dead | out, &h);
    if (rc == HS_ERR_COUNT) /* every combination meets this tuple */
        return 0;
    if (rc != HS_OK)
        return rc;
    const hs_uint128 mult = w * orbit;
    hs_holdem_hits_folded *a = s->sum;
    rc = add_times(&a->total, h.total, mult);
    for (int i = 0; i < HS_HIT_MADE && rc == HS_OK; i++)
        rc = add_times(&a->made[i], h.made[i], mult);
    for (int i = 0; i < HS_HIT_FLAGS && rc == HS_OK; i++)
        rc = add_times(&a->flag[i], h.flag[i], mult);
    return rc;
}

int hs_holdem_hits_board_folded(const hs_holdem_range *range, int folded,
                                const hs_holdem_range *const fold[], uint64_t board, uint64_t dead,
                                hs_holdem_hits_folded *out) {
    memset(out, 0, sizeof *out);
    if (range == NULL || hs_hand_size(board) < 3)
        return HS_ERR_ARG;
    const hs_holdem_range *ranges[1] = {range};
    fold_ctx *c = malloc(sizeof *c);
    int rc = c == NULL ? HS_ERR_NOMEM : fold_setup(c, 1, ranges, folded, fold, board, dead, 1);
    if (rc == HS_OK) {
        hits_ctx s = {c, out};
        uint64_t t[MAXF];
        rc = walk(c, 0, board | dead, t, 1, hits_visit, &s);
    }
    if (rc == HS_OK && out->total == 0)
        rc = HS_ERR_COUNT;
    if (rc != HS_OK)
        memset(out, 0, sizeof *out);
    free(c);
    return rc;
}

/* ---- what a range makes over every board, and by combination on one board ------------------
 * The last folded range in closed form: its combinations off a card set Y weigh
 *   W(Y) = T - sum_{y in Y} A[y] + sum_{y < y' in Y} P[y][y']
 * (a two-card combination meets Y in one card, counted once by A, or in both, counted twice by A
 * and once by P), so a board is ranked once per combination whatever the folded range, and only
 * the first folded - 1 players' tuples are walked. */

#define ROW (1 + HS_HIT_MADE + HS_HIT_FLAGS)

typedef struct last_fold {
    int64_t total;                 /* T */
    int64_t a[HS_CARDS];           /* A[y] */
    int32_t p[HS_CARDS][HS_CARDS]; /* P[y][y'], both orders */
} last_fold;

/* The last folded range's tables over its combinations off `known`, weights over the range's
 * gcd (as fold_setup divides them). */
static void last_fold_of(const hs_holdem_range *r, uint64_t known, last_fold *lf) {
    memset(lf, 0, sizeof *lf);
    unsigned g = 0;
    for (size_t i = 0; i < r->n; i++)
        g = (unsigned)hs_gcd(g, r->weight[i]);
    for (size_t i = 0; i < r->n; i++) {
        const uint64_t c = r->combo[i];
        if (c & known)
            continue;
        const int32_t w = (int32_t)(r->weight[i] / g);
        const int lo = __builtin_ctzll(c), hi = 63 - __builtin_clzll(c);
        lf->total += w;
        lf->a[lo] += w;
        lf->a[hi] += w;
        lf->p[lo][hi] = lf->p[hi][lo] = w;
    }
}

/* W(y) for a card set y (the known cards already left out of the tables). */
static int64_t last_weight(const last_fold *lf, uint64_t y) {
    int cards[HS_CARDS], n = 0;
    for (; y != 0; y &= y - 1)
        cards[n++] = __builtin_ctzll(y);
    int64_t w = lf->total;
    for (int i = 0; i < n; i++) {
        w -= lf->a[cards[i]];
        for (int j = 0; j < i; j++)
            w += lf->p[cards[i]][cards[j]];
    }
    return w;
}

/* One unit: a solved tuple f' (its cards `out`, its weight times its set's size `mult`) and one
 * combination of each suit-symmetric set for it (`hole`; `weight`: the range's weights of the
 * set's combinations). */
typedef struct hitsf_unit {
    uint64_t hole, out, weight;
    hs_uint128 mult;
    int cls;
} hitsf_unit;

typedef struct hitsf_ctx {
    hs_job_def def;
    uint64_t dead;
    unsigned streets;
    size_t units;
    hitsf_unit *unit;
    int combos[HS_HOLDEM_CLASSES];
    uint64_t class_weight[HS_HOLDEM_CLASSES];
    last_fold lf;
} hitsf_ctx;

static void hitsf_free(void *p) {
    hitsf_ctx *c = p;
    if (c != NULL)
        free(c->unit);
    free(c);
}

static void hitsf_run(void *ctx, size_t u, void *acc, void *scratch) {
    (void)scratch;
    const hitsf_ctx *c = ctx;
    const hitsf_unit *e = &c->unit[u];
    const last_fold *lf = &c->lf;
    const uint64_t y = e->hole | e->out;
    int cards[HS_CARDS], n = 0;
    for (uint64_t m = HS_DECK_MASK & ~(y | c->dead); m != 0; m &= m - 1)
        cards[n++] = __builtin_ctzll(m);
    /* W(y + board) = W(y) - sum over the board of (A[b] - sum_{y} P[y][b]) + the board's pairs */
    const int64_t base = last_weight(lf, y);
    int64_t ab[HS_CARDS];
    int ycards[16], ny = 0;
    for (uint64_t m = y; m != 0; m &= m - 1)
        ycards[ny++] = __builtin_ctzll(m);
    for (int i = 0; i < n; i++) {
        ab[i] = lf->a[cards[i]];
        for (int j = 0; j < ny; j++)
            ab[i] -= lf->p[ycards[j]][cards[i]];
    }
    for (int s = 0; s < HS_STREETS; s++) {
        if (!(c->streets & (1u << s)))
            continue;
        uint64_t *row = (uint64_t *)acc + (u * HS_STREETS + (size_t)s) * ROW;
        const int k = 3 + s;
        if (n < k)
            continue;
        int idx[5];
        for (int i = 0; i < k; i++)
            idx[i] = i;
        for (;;) {
            int64_t w = base;
            uint64_t board = 0;
            for (int i = 0; i < k; i++) {
                w -= ab[idx[i]];
                for (int j = 0; j < i; j++)
                    w += lf->p[cards[idx[i]]][cards[idx[j]]];
                board |= hs_card_bit(cards[idx[i]]);
            }
            if (w > 0) {
                unsigned f;
                const int made = hs_holdem_hit_unchecked(e->hole, board, k, &f);
                const uint64_t uw = (uint64_t)w;
                row[0] += uw;
                row[1 + made] += uw;
                for (; f != 0; f &= f - 1)
                    row[1 + HS_HIT_MADE + __builtin_ctz(f)] += uw;
            }
            if (!hs_next_subset(idx, k, n))
                break;
        }
    }
}

static int hitsf_check(const void *ctx, const void *acc) {
    const hitsf_ctx *c = ctx;
    const uint64_t *a = acc;
    for (size_t u = 0; u < c->units * HS_STREETS; u++) {
        const uint64_t *row = a + u * ROW;
        uint64_t sum = 0;
        for (int m = 0; m < HS_HIT_MADE; m++)
            sum += row[1 + m];
        if (sum != row[0] ||
            row[1 + HS_HIT_MADE + HS_HIT_COMBO_DRAW] > row[1 + HS_HIT_MADE + HS_HIT_FLUSH_DRAW] ||
            row[1 + HS_HIT_MADE + HS_HIT_NUT_FLUSH_DRAW] > row[1 + HS_HIT_MADE + HS_HIT_FLUSH_DRAW])
            return HS_ERR_CORRUPT;
    }
    return HS_OK;
}

/* The walk's solved tuples, gathered. */
typedef struct tuple_list {
    size_t n, cap;
    uint64_t *out;
    hs_uint128 *mult;
    uint64_t max;
    int capped;
} tuple_list;

static int gather_room(tuple_list *l) {
    if (l->max != 0 && l->n >= l->max) {
        l->capped = 1;
        return PLAN_CAPPED;
    }
    if (l->n == l->cap) {
        const size_t cap = l->cap == 0 ? 64 : 2 * l->cap;
        uint64_t *o = realloc(l->out, cap * sizeof *o);
        if (o != NULL)
            l->out = o;
        hs_uint128 *m = realloc(l->mult, cap * sizeof *m);
        if (m != NULL)
            l->mult = m;
        if (o == NULL || m == NULL)
            return HS_ERR_NOMEM;
        l->cap = cap;
    }
    return HS_OK;
}

/* The visit storing a tuple (after gather_room made room). */
typedef struct gather_ctx {
    tuple_list *l;
    int folded; /* the walked players */
} gather_ctx;

static int store_visit(void *ctx, const uint64_t *t, hs_uint128 w, unsigned orbit) {
    gather_ctx *g = ctx;
    int rc = gather_room(g->l);
    if (rc != HS_OK)
        return rc;
    uint64_t out = 0;
    for (int j = 0; j < g->folded; j++)
        out |= t[j];
    g->l->out[g->l->n] = out;
    g->l->mult[g->l->n++] = w * orbit;
    return HS_OK;
}

/* The suit permutations keeping a range with its weights (into keep[], the identity always). */
static int perms_keeping(const hs_holdem_range *r, const uint8_t perm[][HS_SUITS], int *keep) {
    uint16_t *weight_of = malloc(HS_HOLDEM_COMBOS * sizeof *weight_of);
    if (weight_of == NULL)
        return HS_ERR_NOMEM;
    weight_table(r, weight_of);
    for (int g = 0; g < HS_SUIT_PERMS; g++)
        keep[g] = g == 0 || range_keeps(r, weight_of, perm[g]);
    free(weight_of);
    return HS_OK;
}

static uint64_t hash_range(const hs_holdem_range *r, uint64_t h) {
    h = hs_hash64(r->combo, r->n * sizeof r->combo[0], h);
    return hs_hash64(r->weight, r->n * sizeof r->weight[0], h);
}

int hs_holdem_hits_folded_job_new(const hs_holdem_range *range, int folded,
                                  const hs_holdem_range *const fold[], uint64_t dead,
                                  unsigned streets, uint64_t max_solves, double max_work,
                                  hs_holdem_hits_folded_info *info, hs_job **out) {
    hs_holdem_hits_folded_info scratch;
    if (info == NULL)
        info = &scratch;
    memset(info, 0, sizeof *info);
    *out = NULL;
    if (range == NULL || folded < 1 || folded > MAXF || fold == NULL || streets == 0 ||
        (streets & ~7u) || (dead & ~HS_DECK_MASK) || range->n > HS_HOLDEM_COMBOS)
        return HS_ERR_ARG;
    for (size_t i = 0; i < range->n; i++)
        if (!hs_holdem_combo_ok(range, i))
            return HS_ERR_ARG;
    const hs_holdem_range *last = fold[folded - 1];
    const hs_holdem_range *ranges[2] = {range, last};
    fold_ctx *fc = malloc(sizeof *fc);
    hitsf_ctx *c = calloc(1, sizeof *c);
    tuple_list l = {0, 0, NULL, NULL, max_solves, 0};
    int rc = fc == NULL || c == NULL ? HS_ERR_NOMEM
                                     : fold_setup(fc, 2, ranges, folded - 1, fold, 0, dead, 1);
    if (rc == HS_OK) {
        gather_ctx g = {&l, folded - 1};
        uint64_t t[MAXF];
        rc = walk(fc, 0, dead, t, 1, store_visit, &g);
        info->solves = l.n;
        if (rc == PLAN_CAPPED) {
            info->capped = 1;
            rc = HS_ERR_OVERFLOW;
        }
    }
    if (rc == HS_OK && l.n == 0)
        rc = HS_ERR_COUNT;
    if (rc == HS_OK) {
        last_fold_of(last, dead, &c->lf);
        if (c->lf.total == 0)
            rc = HS_ERR_COUNT;
    }
    uint8_t perm[HS_SUIT_PERMS][HS_SUITS];
    int keep_last[HS_SUIT_PERMS];
    hs_suit_perms(perm);
    if (rc == HS_OK)
        rc = perms_keeping(last, (const uint8_t(*)[HS_SUITS])perm, keep_last);
    int *slot = malloc(HS_HOLDEM_COMBOS * sizeof *slot);
    if (rc == HS_OK && slot == NULL)
        rc = HS_ERR_NOMEM;
    size_t cap = 0;
    for (size_t i = 0; rc == HS_OK && i < range->n; i++)
        if ((range->combo[i] & dead) == 0) {
            const int k = hs_holdem_class(range->combo[i]);
            c->combos[k]++;
            c->class_weight[k] += range->weight[i];
        }
    /* each solved tuple's units: the range's live combinations, one per set */
    for (size_t t = 0; rc == HS_OK && t < l.n; t++) {
        const uint64_t known = dead | l.out[t];
        int keep[HS_SUIT_PERMS], nk = 0;
        for (int g = 0; g < HS_SUIT_PERMS; g++)
            if (keep_last[g] && hs_suit_permute(known, perm[g]) == known)
                keep[nk++] = g;
        for (int i = 0; i < HS_HOLDEM_COMBOS; i++)
            slot[i] = -1;
        const size_t first = c->units;
        for (size_t i = 0; rc == HS_OK && i < range->n; i++) {
            const uint64_t h = range->combo[i];
            if (h & known)
                continue;
            uint64_t m = h;
            for (int g = 1; g < nk; g++) {
                const uint64_t img = hs_suit_permute(h, perm[keep[g]]);
                m = img < m ? img : m;
            }
            const int at = pair_at(m);
            if (slot[at] < 0) {
                if (c->units == cap) {
                    cap = cap == 0 ? 256 : 2 * cap;
                    hitsf_unit *nu = realloc(c->unit, cap * sizeof *nu);
                    if (nu == NULL) {
                        rc = HS_ERR_NOMEM;
                        break;
                    }
                    c->unit = nu;
                }
                slot[at] = (int)(c->units - first);
                c->unit[c->units++] = (hitsf_unit){m, l.out[t], 0, l.mult[t], hs_holdem_class(m)};
            }
            c->unit[first + (size_t)slot[at]].weight += range->weight[i];
        }
        const int left = HS_CARDS - hs_hand_size(known) - 2;
        double boards = 0;
        for (int s = 0; s < HS_STREETS; s++)
            if ((streets & (1u << s)) && left >= 3 + s)
                boards += (double)hs_binom((unsigned)left, 3u + (unsigned)s);
        info->work += boards * (double)(c->units - first);
        info->units = c->units;
        if (rc == HS_OK && max_work > 0 && info->work > max_work) {
            info->capped = 1;
            rc = HS_ERR_OVERFLOW;
        }
    }
    free(slot);
    if (rc == HS_OK && c->units == 0)
        rc = HS_ERR_COUNT;
    free(fc);
    free(l.out);
    free(l.mult);
    if (rc != HS_OK) {
        hitsf_free(c);
        return rc;
    }
    c->dead = dead;
    c->streets = streets;
    c->def.name = "holdem hits folded";
    c->def.layout = 1;
    c->def.acc_size = c->units * HS_STREETS * ROW * sizeof(uint64_t);
    c->def.unit = hitsf_run;
    c->def.check = hitsf_check;
    uint64_t h = hash_range(range, HS_HASH64_INIT);
    for (int j = 0; j < folded; j++)
        h = hash_range(fold[j], h);
    char params[256];
    snprintf(params, sizeof params, "ranges=%016llx n=%zu folded=%d dead=%llx streets=%u",
             (unsigned long long)h, range->n, folded, (unsigned long long)dead, streets);
    return hs_job_new(&c->def, c, hitsf_free, c->units, params, NULL, out);
}

int hs_holdem_hits_folded_job_result(const hs_job *job, hs_holdem_hits_class_folded *out, int *n) {
    *n = 0;
    if (strcmp(hs_job_name(job), "holdem hits folded") != 0 ||
        hs_job_units_done(job) != hs_job_units(job))
        return HS_ERR_ARG;
    const hitsf_ctx *c = hs_job_ctx(job);
    const uint64_t *a = hs_job_acc_const(job);
    int slot[HS_HOLDEM_CLASSES], m = 0;
    for (int k = 0; k < HS_HOLDEM_CLASSES; k++) {
        slot[k] = -1;
        if (c->combos[k] == 0)
            continue;
        slot[k] = m;
        hs_holdem_hits_class_folded *e = &out[m++];
        memset(e, 0, sizeof *e);
        e->cls = k;
        e->combos = c->combos[k];
        e->weight = c->class_weight[k];
    }
    int rc = HS_OK;
    for (size_t u = 0; u < c->units && rc == HS_OK; u++) {
        const hitsf_unit *e = &c->unit[u];
        hs_uint128 mult;
        if (__builtin_mul_overflow(e->mult, (hs_uint128)e->weight, &mult))
            rc = HS_ERR_OVERFLOW;
        for (int s = 0; s < HS_STREETS && rc == HS_OK; s++) {
            const uint64_t *row = a + (u * HS_STREETS + (size_t)s) * ROW;
            hs_holdem_hits_folded *h = &out[slot[e->cls]].street[s];
            rc = add_times(&h->total, row[0], mult);
            for (int i = 0; i < HS_HIT_MADE && rc == HS_OK; i++)
                rc = add_times(&h->made[i], row[1 + i], mult);
            for (int i = 0; i < HS_HIT_FLAGS && rc == HS_OK; i++)
                rc = add_times(&h->flag[i], row[1 + HS_HIT_MADE + i], mult);
        }
    }
    if (rc != HS_OK)
        return rc;
    *n = m;
    return HS_OK;
}

/* ---- each combination's folded weight on one board ------------------------------------------ */

typedef struct combos_ctx {
    const fold_ctx *c;
    const last_fold *lf;
    const hs_holdem_range *range;
    uint64_t known;               /* the board and the dead cards */
    int16_t at[HS_HOLDEM_COMBOS]; /* pair index -> the range's index, -1 off the range */
    hs_uint128 *sum;              /* by the range's index: the tuples' weights off it */
} combos_ctx;

static int combos_visit(void *ctx, const uint64_t *t, hs_uint128 w, unsigned orbit) {
    combos_ctx *s = ctx;
    const fold_ctx *c = s->c;
    (void)orbit;
    uint64_t out = 0;
    for (int j = 0; j < c->folded; j++)
        out |= t[j];
    /* the distinct images g(f') of the tuple: each adds f's weights of h to g(h) */
    uint64_t img[HS_SUIT_PERMS][MAXF];
    int first[HS_SUIT_PERMS];
    const int nimg = tuple_images(c, t, img, first);
    for (size_t i = 0; i < s->range->n; i++) {
        const uint64_t h = s->range->combo[i];
        if (h & (s->known | out))
            continue;
        const int64_t lw = last_weight(s->lf, h | out);
        if (lw <= 0)
            continue;
        hs_uint128 v;
        if (__builtin_mul_overflow(w, (hs_uint128)lw, &v))
            return HS_ERR_OVERFLOW;
        for (int k = 0; k < nimg; k++) {
            const int at = s->at[pair_at(hs_suit_permute(h, c->perm[first[k]]))];
            if (at < 0)
                return HS_ERR_ARG; /* cannot happen: the symmetry keeps the range */
            if (__builtin_add_overflow(s->sum[at], v, &s->sum[at]))
                return HS_ERR_OVERFLOW;
        }
    }
    return HS_OK;
}

int hs_holdem_hits_board_folded_combos(const hs_holdem_range *range, int folded,
                                       const hs_holdem_range *const fold[], uint64_t board,
                                       uint64_t dead, hs_uint128 *out) {
    if (range == NULL || out == NULL || folded < 1 || folded > MAXF || fold == NULL)
        return HS_ERR_ARG;
    memset(out, 0, range->n * sizeof *out);
    const int nb = hs_hand_size(board);
    if (nb < 3 || nb > 5)
        return HS_ERR_ARG;
    const hs_holdem_range *ranges[2] = {range, fold[folded - 1]};
    fold_ctx *c = malloc(sizeof *c);
    combos_ctx *s = calloc(1, sizeof *s);
    last_fold *lf = malloc(sizeof *lf);
    int rc = c == NULL || s == NULL || lf == NULL
                 ? HS_ERR_NOMEM
                 : fold_setup(c, 2, ranges, folded - 1, fold, board, dead, 1);
    if (rc == HS_OK) {
        last_fold_of(fold[folded - 1], board | dead, lf);
        if (lf->total == 0)
            rc = HS_ERR_COUNT;
    }
    if (rc == HS_OK) {
        memset(s->at, 0xFF, sizeof s->at);
        for (size_t i = 0; i < range->n; i++)
            s->at[pair_at(range->combo[i])] = (int16_t)i;
        s->c = c;
        s->lf = lf;
        s->range = range;
        s->known = board | dead;
        s->sum = out;
        uint64_t t[MAXF];
        rc = walk(c, 0, board | dead, t, 1, combos_visit, s);
    }
    hs_uint128 total = 0;
    for (size_t i = 0; rc == HS_OK && i < range->n; i++) {
        if (__builtin_mul_overflow(out[i], (hs_uint128)range->weight[i], &out[i]) ||
            __builtin_add_overflow(total, out[i], &total))
            rc = HS_ERR_OVERFLOW;
    }
    if (rc == HS_OK && total == 0)
        rc = HS_ERR_COUNT;
    if (rc != HS_OK)
        memset(out, 0, range->n * sizeof *out);
    free(c);
    free(s);
    free(lf);
    return rc;
}
