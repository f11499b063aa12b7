/* The equity of 2 to 6 draw-game players with one draw to come (handstat/draw.h): every deal of
 * the replacements, the players drawing in turn from what the earlier draws leave. Each player's
 * final class is looked up from a table of its draws over the whole stub, made once; the deals
 * are the nested choices of disjoint draws. A job of the runtime: one unit per draw of the first
 * seat that draws (the seats before it stand pat: their one "draw" is the empty set). */
#include "handstat/draw.h"

#include "handstat/cards.h"
#include "handstat/error.h"

#include "job_internal.h"

#include <stdlib.h>
#include <string.h>

/* C(n, k) for n <= 52, k <= 5. */
static uint64_t choose(int n, int k) {
    if (k < 0 || k > n)
        return 0;
    uint64_t v = 1;
    for (int i = 1; i <= k; i++)
        v = v * (uint64_t)(n - k + i) / (uint64_t)i;
    return v;
}

/* One player's draws: every k-subset of the stub as a mask, with its final class. */
typedef struct seat_draws {
    uint64_t *mask;
    uint16_t *cls;
    size_t n;
} seat_draws;

static int seat_make(int game, uint64_t kept, const int *stub, int n, int k, seat_draws *d) {
    d->n = (size_t)choose(n, k);
    d->mask = malloc(d->n * sizeof *d->mask);
    d->cls = malloc(d->n * sizeof *d->cls);
    if (d->mask == NULL || d->cls == NULL)
        return HS_ERR_NOMEM;
    int idx[5];
    for (int i = 0; i < k; i++)
        idx[i] = i;
    for (size_t m = 0; m < d->n; m++) {
        uint64_t mask = 0;
        for (int i = 0; i < k; i++)
            mask |= hs_card_bit(stub[idx[i]]);
        d->mask[m] = mask;
        d->cls[m] = (uint16_t)hs_draw_class(game, kept | mask);
        /* the next k-subset in lexicographic order of indices */
        int i = k - 1;
        while (i >= 0 && idx[i] == n - k + i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (int j = i + 1; j < k; j++)
            idx[j] = idx[j - 1] + 1;
    }
    return HS_OK;
}

typedef struct walk {
    int n;
    const seat_draws *seat;
    int cls[HS_DRAW_MAX_PLAYERS];
    hs_draw_equity *out;
} walk;

/* Seat p chooses its draw among those disjoint from the earlier seats' (`used`); after the last
 * seat, the deal is settled. */
static void deal(walk *w, int p, uint64_t used) {
    if (p == w->n) {
        int best = w->cls[0], winners = 0;
        for (int i = 1; i < w->n; i++)
            best = w->cls[i] < best ? w->cls[i] : best;
        for (int i = 0; i < w->n; i++)
            winners += w->cls[i] == best;
        hs_draw_equity *o = w->out;
        o->deals++;
        for (int i = 0; i < w->n; i++)
            if (w->cls[i] == best) {
                if (winners == 1)
                    o->wins[i]++;
                else
                    o->ties[i]++;
                o->share[i] += (uint64_t)(60 / winners);
            }
        return;
    }
    const seat_draws *d = &w->seat[p];
    for (size_t m = 0; m < d->n; m++) {
        if (d->mask[m] & used)
            continue;
        w->cls[p] = d->cls[m];
        deal(w, p + 1, used | d->mask[m]);
    }
}

typedef struct eq_ctx {
    int n, lead; /* players; the first seat that draws (0 when none does) */
    seat_draws seat[HS_DRAW_MAX_PLAYERS];
} eq_ctx;

static void eq_ctx_free(void *p) {
    eq_ctx *c = p;
    for (int i = 0; i < HS_DRAW_MAX_PLAYERS; i++) {
        free(c->seat[i].mask);
        free(c->seat[i].cls);
    }
    free(c);
}

/* The accumulator is an hs_draw_equity whose `players` stays 0 (every field a count). */
static void eq_unit(void *ctxp, size_t u, void *accp, void *scratch) {
    (void)scratch;
    const eq_ctx *c = ctxp;
    walk w = {c->n, c->seat, {0}, accp};
    for (int p = 0; p < c->lead; p++)
        w.cls[p] = c->seat[p].cls[0];
    w.cls[c->lead] = c->seat[c->lead].cls[u];
    deal(&w, c->lead + 1, c->seat[c->lead].mask[u]);
}

static void eq_merge(void *dstp, const void *srcp) {
    hs_draw_equity *d = dstp;
    const hs_draw_equity *s = srcp;
    d->deals += s->deals;
    for (int i = 0; i < HS_DRAW_MAX_PLAYERS; i++) {
        d->wins[i] += s->wins[i];
        d->ties[i] += s->ties[i];
        d->share[i] += s->share[i];
    }
}

static const hs_job_def eq_job = {"draw equity", 1,   sizeof(hs_draw_equity), 0, eq_unit, eq_merge,
                                  NULL,          NULL};

int hs_draw_equity_one_run(int game, const hs_draw_opponent *hand, int n, uint64_t dead,
                           int threads, hs_progress_fn progress, void *progress_ctx,
                           hs_draw_equity *out) {
    const int size = hs_draw_hand_cards(game);
    if (size == 0 || n < 2 || n > HS_DRAW_MAX_PLAYERS || threads < 0)
        return HS_ERR_ARG;
    uint64_t all = dead;
    if (dead & ~HS_DECK_MASK)
        return HS_ERR_COUNT;
    for (int i = 0; i < n; i++) {
        if (__builtin_popcountll(hand[i].hand) != size || (hand[i].hand & ~HS_DECK_MASK))
            return HS_ERR_COUNT;
        if (hand[i].hand & all)
            return HS_ERR_DUPLICATE;
        if (hand[i].discard & ~hand[i].hand)
            return HS_ERR_ARG;
        all |= hand[i].hand;
    }
    int stub[HS_CARDS], ns = 0;
    for (int c = 0; c < HS_CARDS; c++)
        if (!(all >> c & 1))
            stub[ns++] = c;
    /* the deals: each seat from what the earlier seats leave */
    uint64_t deals = 1;
    int left = ns;
    for (int i = 0; i < n; i++) {
        const int k = __builtin_popcountll(hand[i].discard);
        if (k > left)
            return HS_ERR_ARG;
        const uint64_t c = choose(left, k);
        if (deals > HS_DRAW_MAX_EQUITY_DEALS / c)
            return HS_ERR_ARG;
        deals *= c;
        left -= k;
    }
    eq_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    c->n = n;
    int rc = HS_OK;
    for (int i = 0; i < n && rc == HS_OK; i++)
        rc = seat_make(game, hand[i].hand & ~hand[i].discard, stub, ns,
                       __builtin_popcountll(hand[i].discard), &c->seat[i]);
    if (rc != HS_OK) {
        eq_ctx_free(c);
        return rc;
    }
    while (c->lead < n - 1 && hand[c->lead].discard == 0)
        c->lead++;
    const size_t units = c->seat[c->lead].n;
    hs_job *job;
    if ((rc = hs_job_new(&eq_job, c, eq_ctx_free, units, "", NULL, &job)) != HS_OK)
        return rc;
    rc =
        hs_job_run(job, 0, units, &(hs_job_opts){threads, progress, progress_ctx, NULL, NULL, 0.0});
    if (rc == HS_OK) {
        memcpy(out, hs_job_acc_const(job), sizeof *out);
        out->players = n;
        for (int i = n; i < HS_DRAW_MAX_PLAYERS; i++)
            out->wins[i] = out->ties[i] = out->share[i] = 0;
        if (out->deals != deals)
            rc = HS_ERR_CORRUPT;
    }
    hs_job_free(job);
    return rc;
}

int hs_draw_equity_of(int game, const hs_draw_opponent *hand, int n, uint64_t dead,
                      hs_draw_equity *out) {
    return hs_draw_equity_one_run(game, hand, n, dead, 1, NULL, NULL, out);
}
