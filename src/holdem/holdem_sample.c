/* Monte Carlo estimate of hold'em range equity: random deals of the exact engine's model.
 *
 * Exact in distribution: each player's combination comes from an integer alias table of its
 * range (probability weight / sum of weights, with no rounding), a choice where two combinations
 * share a card is thrown away whole (so a choice is kept with probability proportional to the
 * product of its weights over the valid choices, as the exact engine counts it), and the board is
 * completed by a partial Fisher-Yates shuffle of the cards left. Combinations that meet the board
 * or the dead cards are left out of the tables up front: conditioning on missing them is the
 * same as rejecting them.
 *
 * Deterministic: a unit is a fixed run of samples drawn from its own stream, seeded from (seed,
 * unit); its counts are integers, summed exactly by the job runtime in any order. */
#include "holdem_internal.h"
#include "poker_internal.h"
#include "handstat/error.h"
#include "combin.h"
#include "job_internal.h"
#include "rng_internal.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXP HS_HOLDEM_MAX_PLAYERS
#define MAXD (HS_HOLDEM_MAX_PLAYERS + HS_HOLDEM_MAX_FOLDED) /* hands drawn, folded ones too */
#define SHARE HS_HOLDEM_SHARE_UNIT
#define UNIT_SAMPLES ((uint64_t)1 << 16) /* samples per unit, unless that makes too many units */
#define UNITS_MAX ((uint64_t)1 << 20)    /* ... so the runtime's per-unit lists stay small */
#define STUCK_AFTER 1000000u             /* collided choices in a row that mean "no deal" */
#define POLL_EVERY 4096u                 /* attempts between polls: well under a millisecond */

/* ---- the ranges as alias tables ---------------------------------------------------------------
 * Walker's alias method (Vose's construction) in integers: the n columns each hold W = the sum
 * of the weights; column i keeps its combination for u < keep[i] (u uniform below W) and gives its
 * alias otherwise, so combination j comes with probability exactly w_j / W. */

typedef struct smp_column {
    uint64_t self, other;       /* the column's combination and its alias */
    uint32_t keep;              /* u < keep: self */
    uint16_t self_at, other_at; /* their positions in the range as given (for the tally) */
} smp_column;

typedef struct smp_range {
    uint32_t n;     /* combinations that miss the board and the dead cards */
    uint32_t total; /* W: their weights' sum */
    int even;       /* every weight the same: every column keeps itself */
    smp_column col[HS_HOLDEM_COMBOS];
} smp_range;

/* Build r from n combinations with weights w (1..HS_HOLDEM_WEIGHT_FULL: W at most 13,260,000)
 * at positions at[] of the range. */
static void alias_build(smp_range *r, const uint64_t *combo, const uint16_t *w, const uint16_t *at,
                        uint32_t n) {
    uint64_t p[HS_HOLDEM_COMBOS]; /* w_i * n: what is left of column capacity W to place */
    uint16_t small[HS_HOLDEM_COMBOS], large[HS_HOLDEM_COMBOS];
    uint32_t total = 0, ns = 0, nl = 0;
    for (uint32_t i = 0; i < n; i++)
        total += w[i];
    r->n = n;
    r->total = total;
    r->even = 1;
    for (uint32_t i = 0; i < n; i++) {
        r->even &= w[i] == w[0];
        r->col[i] = (smp_column){combo[i], combo[i], total, at[i], at[i]};
        p[i] = (uint64_t)w[i] * n;
        if (p[i] < total)
            small[ns++] = (uint16_t)i;
        else
            large[nl++] = (uint16_t)i;
    }
    /* A small column is topped up from a large one, which shrinks by what it gave. */
    while (ns > 0 && nl > 0) {
        const uint16_t s = small[--ns], l = large[nl - 1];
        r->col[s].keep = (uint32_t)p[s];
        r->col[s].other = combo[l];
        r->col[s].other_at = at[l];
        p[l] -= total - p[s];
        if (p[l] < total) {
            nl--;
            small[ns++] = l;
        }
    }
    /* The sums are exact, so no small column is left over; the large ones keep themselves. */
    assert(ns == 0);
}

/* One combination of r; its position in the range into *at. */
static inline uint64_t alias_draw(const smp_range *r, rng *g, uint16_t *at) {
    if (r->n == 1) {
        *at = r->col[0].self_at;
        return r->col[0].self;
    }
    const smp_column *c = &r->col[rng_below(g, r->n)];
    if (r->even || rng_below(g, r->total) < c->keep) {
        *at = c->self_at;
        return c->self;
    }
    *at = c->other_at;
    return c->other;
}

/* ---- the query ------------------------------------------------------------------------------ */

typedef struct smp_ctx {
    int players, need; /* need: board cards to come */
    int drawn;         /* hands drawn: the players' and then the folded players' (never scored) */
    uint64_t board, dead;
    uint64_t samples, unit_samples, seed;
    size_t units;
    int cards;              /* cards off the board and the dead cards */
    uint8_t deck[HS_CARDS]; /* ... in order */
    atomic_int stuck;       /* a unit found no deal in STUCK_AFTER tries: the others give up */
    smp_range range[MAXD];  /* each hand's combinations: the players', then the folded ones' */
} smp_ctx;

/* The accumulator: deals, and for each player the deals it won with k - 1 others (k = 1: alone);
 * every other count follows from these. */
typedef struct smp_acc {
    uint64_t deals;
    uint64_t stuck; /* units that gave up (then the counts are not used) */
    uint64_t split[MAXP][MAXP + 1];
} smp_acc;

static void smp_merge(void *dst, const void *src) {
    smp_acc *d = dst;
    const smp_acc *s = src;
    d->deals += s->deals;
    d->stuck += s->stuck;
    for (int p = 0; p < MAXP; p++)
        for (int k = 0; k <= MAXP; k++)
            d->split[p][k] += s->split[p][k];
}

enum { UNIT_DONE, UNIT_STOPPED, UNIT_STUCK };

/* Draw unit `unit`'s samples into *acc (and *tally when not NULL). Returns UNIT_DONE;
 * UNIT_STOPPED when `poll` says the run is stopping (acc then partial); UNIT_STUCK when no choice
 * of hands came in STUCK_AFTER tries, here or in another unit. */
static inline int run_unit(smp_ctx *c, size_t unit, smp_acc *acc, hs_job_poll_t *poll,
                           hs_holdem_sample_tally *tally) {
    if (atomic_load_explicit(&c->stuck, memory_order_relaxed))
        return UNIT_STUCK;
    const int players = c->players, drawn = c->drawn, need = c->need;
    const uint64_t first = (uint64_t)unit * c->unit_samples;
    const uint64_t n = c->samples - first < c->unit_samples ? c->samples - first : c->unit_samples;
    rng g;
    rng_seed(&g, c->seed, unit);
    uint8_t deck[HS_CARDS], at[HS_CARDS]; /* the cards left, and where each card is in deck[] */
    memcpy(deck, c->deck, sizeof deck);
    for (int i = 0; i < c->cards; i++)
        at[deck[i]] = (uint8_t)i;
    uint32_t tries = 0, since_poll = 0;
    for (uint64_t done = 0; done < n; done++) {
        uint64_t hole[MAXD], used;
        uint16_t pick[MAXD];
        for (;;) {
            int p = 0;
            used = 0;
            for (; p < drawn; p++) {
                hole[p] = alias_draw(&c->range[p], &g, &pick[p]);
                if (hole[p] & used)
                    break;
                used |= hole[p];
            }
            if (p == drawn)
                break;
            if (++tries == STUCK_AFTER) {
                atomic_store_explicit(&c->stuck, 1, memory_order_relaxed);
                return UNIT_STUCK;
            }
            if (++since_poll == POLL_EVERY) {
                since_poll = 0;
                if (poll != NULL && hs_job_poll(poll))
                    return UNIT_STOPPED;
                if (atomic_load_explicit(&c->stuck, memory_order_relaxed))
                    return UNIT_STUCK;
            }
        }
        tries = 0;
        /* The hole cards to the end of deck[], then the board from the first `top` cards. */
        int top = c->cards;
        for (uint64_t m = used; m != 0; m &= m - 1) {
            const int x = __builtin_ctzll(m), i = at[x], y = deck[--top];
            deck[i] = (uint8_t)y;
            at[y] = (uint8_t)i;
            deck[top] = (uint8_t)x;
            at[x] = (uint8_t)top;
        }
        uint64_t board = c->board;
        for (int j = 0; j < need; j++) {
            const int i = j + (int)rng_below(&g, (uint64_t)(top - j));
            const int x = deck[i], y = deck[j];
            deck[j] = (uint8_t)x;
            at[x] = (uint8_t)j;
            deck[i] = (uint8_t)y;
            at[y] = (uint8_t)i;
            board |= hs_card_bit(x);
        }
        uint32_t cls[MAXP], best = UINT32_MAX;
        for (int p = 0; p < players; p++) {
            cls[p] = (uint32_t)hs_poker_rank_kernel(hole[p] | board);
            best = cls[p] < best ? cls[p] : best;
        }
        int k = 0;
        for (int p = 0; p < players; p++)
            k += cls[p] == best;
        for (int p = 0; p < players; p++)
            acc->split[p][k] += cls[p] == best;
        acc->deals++;
        if (tally != NULL) {
            for (int p = 0; p < players; p++)
                tally->combo[p][pick[p]]++;
            for (uint64_t m = board & ~c->board; m != 0; m &= m - 1)
                tally->board[__builtin_ctzll(m)]++;
        }
        if (++since_poll == POLL_EVERY) {
            since_poll = 0;
            if (poll != NULL && hs_job_poll(poll))
                return UNIT_STOPPED;
        }
    }
    return UNIT_DONE;
}

/* A unit counts into a local accumulator, added whole when the unit is done (a stopped unit adds
 * nothing, so Ctrl-C acts at once and the job's counts stay those of whole units). */
static int smp_unit_stoppable(void *ctx, size_t unit, void *acc, void *scratch,
                              hs_job_poll_t *poll) {
    (void)scratch;
    smp_acc local;
    memset(&local, 0, sizeof local);
    const int rc = run_unit(ctx, unit, &local, poll, NULL);
    if (rc == UNIT_STOPPED)
        return 1;
    local.stuck = rc == UNIT_STUCK;
    smp_merge(acc, &local);
    return 0;
}

static void smp_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    smp_unit_stoppable(ctx, unit, acc, scratch, NULL);
}

/* Every sample drawn once; a pot of HS_HOLDEM_SHARE_UNIT per deal, each k-way split counted by
 * all k of its winners. (A run that gave up is reported by the caller as HS_ERR_COUNT.) */
static int smp_check(const void *ctx, const void *acc) {
    const smp_ctx *c = ctx;
    const smp_acc *a = acc;
    if (a->stuck != 0)
        return HS_OK;
    if (a->deals != c->samples)
        return HS_ERR_CORRUPT;
    hs_uint128 pots = 0;
    for (int k = 1; k <= MAXP; k++) {
        uint64_t n = 0;
        for (int p = 0; p < MAXP; p++)
            n += a->split[p][k];
        if (n % (uint64_t)k != 0 || (k > c->players && n != 0))
            return HS_ERR_CORRUPT;
        pots += (hs_uint128)n * (SHARE / k);
    }
    return pots == (hs_uint128)a->deals * SHARE ? HS_OK : HS_ERR_CORRUPT;
}

static const hs_job_def sample_job = {
    "holdem equity sample", /* name */
    1,                      /* layout */
    sizeof(smp_acc),        /* acc_size */
    0,                      /* scratch_size: a unit's state is on its stack */
    smp_unit,               /* unit */
    smp_merge,              /* merge */
    smp_check,              /* check */
    smp_unit_stoppable,     /* unit_stoppable */
};

/* Check the query and build *c (zeroed by the caller) for `samples` samples from `seed`. */
static int smp_setup(smp_ctx *c, int players, const hs_holdem_range *const ranges[], int folded,
                     const hs_holdem_range *const fold[], uint64_t board, uint64_t dead,
                     uint64_t samples, uint64_t seed) {
    if (players < 2 || players > MAXP || ranges == NULL || samples == 0 || folded < 0 ||
        folded > HS_HOLDEM_MAX_FOLDED || (folded > 0 && fold == NULL) || (board & ~HS_DECK_MASK) ||
        (dead & ~HS_DECK_MASK) || (board & dead) || hs_hand_size(board) > 5)
        return HS_ERR_ARG;
    for (int p = 0; p < players + folded; p++) {
        const hs_holdem_range *r = p < players ? ranges[p] : fold[p - players];
        if (r == NULL || r->n == 0 || !hs_holdem_range_ok(r))
            return HS_ERR_ARG;
    }
    if (samples > UINT64_MAX / SHARE)
        return HS_ERR_OVERFLOW;
    c->players = players;
    c->drawn = players + folded;
    c->need = 5 - hs_hand_size(board);
    c->board = board;
    c->dead = dead;
    c->samples = samples;
    c->seed = seed;
    c->unit_samples = UNIT_SAMPLES;
    while ((samples - 1) / c->unit_samples + 1 > UNITS_MAX)
        c->unit_samples *= 2;
    c->units = (size_t)((samples - 1) / c->unit_samples + 1);
    atomic_init(&c->stuck, 0);
    const uint64_t off = board | dead;
    c->cards = 0;
    for (int x = 0; x < HS_CARDS; x++)
        if (!(off >> x & 1))
            c->deck[c->cards++] = (uint8_t)x;
    if (c->cards - 2 * c->drawn < c->need)
        return HS_ERR_COUNT;
    for (int p = 0; p < c->drawn; p++) {
        const hs_holdem_range *r = p < players ? ranges[p] : fold[p - players];
        uint64_t combo[HS_HOLDEM_COMBOS];
        uint16_t w[HS_HOLDEM_COMBOS];
        uint16_t at[HS_HOLDEM_COMBOS];
        uint32_t n = 0;
        /* Weights divided by their gcd with 100 (a percent in units of 0.01%): a range of whole
         * percents draws with its percents as before finer weights, so its samples, seed for
         * seed, are those it always gave. */
        unsigned g = 100;
        for (size_t i = 0; i < r->n; i++)
            g = (unsigned)hs_gcd(g, r->weight[i]);
        for (size_t i = 0; i < r->n; i++) {
            if (r->combo[i] & off)
                continue;
            combo[n] = r->combo[i];
            w[n] = (uint16_t)(r->weight[i] / g);
            at[n++] = (uint16_t)i;
        }
        if (n == 0)
            return HS_ERR_COUNT;
        alias_build(&c->range[p], combo, w, at, n);
    }
    return HS_OK;
}

static void to_result(const smp_acc *a, int players, hs_holdem_equity_sample_result *out) {
    const uint64_t n = a->deals;
    out->players = players;
    out->samples = n;
    for (int p = 0; p < players; p++) {
        hs_holdem_sample_player *q = &out->player[p];
        q->wins = a->split[p][1];
        for (int k = 2; k <= MAXP; k++)
            q->ties += a->split[p][k];
        q->losses = n - q->wins - q->ties;
        for (int k = 1; k <= MAXP; k++) {
            const uint64_t s = SHARE / (uint64_t)k;
            q->shares += a->split[p][k] * s; /* <= n * SHARE: fits (checked) */
            q->shares_sq += (hs_uint128)a->split[p][k] * (s * s);
        }
        q->equity = (double)q->shares / ((double)n * SHARE);
        /* s^2 = (n Q - S^2) / (n (n - 1)) in shares squared, S the sum of shares and Q of their
         * squares; n Q <= (n * SHARE)^2 < 2^128, so the difference is exact. */
        const hs_uint128 spread = n * q->shares_sq - (hs_uint128)q->shares * q->shares;
        q->std_error =
            n > 1 ? sqrt((double)spread / ((double)n * (double)n * (double)(n - 1))) / SHARE : NAN;
    }
}

int hs_holdem_equity_sample(int players, const hs_holdem_range *const ranges[], uint64_t board,
                            uint64_t dead, uint64_t samples, uint64_t seed, int threads,
                            hs_progress_fn progress, void *ctx,
                            hs_holdem_equity_sample_result *out) {
    return hs_holdem_equity_sample_folded(players, ranges, 0, NULL, board, dead, samples, seed,
                                          threads, progress, ctx, out);
}

int hs_holdem_equity_sample_folded(int players, const hs_holdem_range *const ranges[], int folded,
                                   const hs_holdem_range *const fold[], uint64_t board,
                                   uint64_t dead, uint64_t samples, uint64_t seed, int threads,
                                   hs_progress_fn progress, void *ctx,
                                   hs_holdem_equity_sample_result *out) {
    memset(out, 0, sizeof *out);
    if (threads < 0)
        return HS_ERR_ARG;
    smp_ctx *c = calloc(1, sizeof *c);
    smp_acc *acc = malloc(sizeof *acc);
    int rc = c == NULL || acc == NULL ? HS_ERR_NOMEM : HS_OK;
    if (rc == HS_OK)
        rc = smp_setup(c, players, ranges, folded, fold, board, dead, samples, seed);
    hs_job *job = NULL;
    if (rc == HS_OK) {
        char params[96];
        snprintf(params, sizeof params, "samples=%" PRIu64 " seed=%" PRIu64, samples, seed);
        rc = hs_job_new(&sample_job, c, NULL, c->units, params, hs_poker_tables_hash, &job);
    }
    if (rc == HS_OK)
        rc = hs_job_run_whole(job, threads, progress, ctx, acc);
    if (rc == HS_OK && acc->stuck != 0)
        rc = HS_ERR_COUNT;
    if (rc == HS_OK)
        to_result(acc, players, out);
    free(acc);
    free(c);
    return rc;
}

int hs_holdem_sample_tally_run(int players, const hs_holdem_range *const ranges[], uint64_t board,
                               uint64_t dead, uint64_t samples, uint64_t seed,
                               hs_holdem_sample_tally *out) {
    memset(out, 0, sizeof *out);
    smp_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    int rc = smp_setup(c, players, ranges, 0, NULL, board, dead, samples, seed);
    smp_acc acc;
    memset(&acc, 0, sizeof acc);
    for (size_t u = 0; rc == HS_OK && u < c->units; u++)
        if (run_unit(c, u, &acc, NULL, out) == UNIT_STUCK)
            rc = HS_ERR_COUNT;
    free(c);
    return rc;
}
