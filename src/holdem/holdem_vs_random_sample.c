/* Each of the 169 starting-hand classes against 1..9 random hands, estimated by sampling deals.
 *
 * The exact table (holdem_vs_random.c) stops at three opponents. Beyond, this draws deals: a
 * sample is five board cards and k opponents' hands, 5 + 2k distinct cards drawn uniformly from
 * the 52 (a partial Fisher-Yates shuffle). Every hero combination h avoiding those cards is then
 * scored on that deal. Given that h avoids them, the deal is uniform over the deals avoiding h:
 * exactly the table's model (the hero holds h, the opponents and the board are uniform over the
 * cards left). So one deal serves all the C(47 - 2k, 2) combinations it leaves free, and the
 * board's ranks of those hands cost one state addition and two lookups each.
 *
 * Per class and deal s, x_s = the pot shares its free combinations won on s (a win HS_HOLDEM_
 * SHARE_UNIT, a split with j opponents 1/(j + 1) of it) and n_s = their number. The estimate is
 * the ratio R = sum x / (sum n x SHARE_UNIT): E[x_s] = e E[n_s] for the class's equity e (every
 * combination of a class has the same equity), so R is consistent (its bias is O(1/samples), far
 * below its error). Its standard error is the ratio estimator's (the delta method):
 *     SE^2 = samples / (samples - 1) x sum_s (x_s - R' n_s)^2 / (sum n)^2 / SHARE_UNIT^2,
 * R' = sum x / sum n, from the exact integer sums of x^2, n^2 and x n. The deals of one sample
 * are shared by every class and so correlate the rows; each row's error is its own.
 *
 * Deterministic: each opponent count k draws its samples in fixed units of its own streams,
 * seeded from (seed, k, unit), so a row does not depend on the other counts asked for, and the
 * integer sums are the same at every thread count. */
#include "holdem_internal.h"
#include "poker_internal.h"
#include "handstat/error.h"
#include "job_internal.h"
#include "rng_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHARE HS_HOLDEM_SHARE_UNIT
#define MAXK HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS
#define UNIT_SAMPLES ((uint64_t)1 << 12)  /* samples per unit: about 10 ms */
#define UNITS_PER_ROW ((uint64_t)1 << 17) /* at most, so the runtime's unit lists stay small */

typedef struct vsr_ctx {
    int count[MAXK];       /* the opponent counts asked for, increasing */
    int rows;              /* their number */
    uint64_t samples;      /* per count */
    uint64_t seed;         /* the streams' seed */
    uint64_t unit_samples; /* samples per unit (the last unit of a row may have fewer) */
    size_t units_per_row;
    uint8_t cls[HS_HOLDEM_COMBOS]; /* the class of the two cards of hs_poker_state_pairs[p] */
} vsr_ctx;

/* One deal: 5 + 2k cards drawn from deck[] (a permutation of the 52 cards, kept shuffled). */
static void one_sample(const vsr_ctx *c, int k, uint8_t deck[HS_CARDS], rng *r,
                       hs_holdem_vs_random_sums *out) {
    const int drawn = 5 + 2 * k;
    for (int i = 0; i < drawn; i++) { /* the first `drawn` places of a uniform shuffle */
        const int j = i + (int)rng_below(r, (uint64_t)(HS_CARDS - i));
        const uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    uint64_t board = 0, used;
    for (int i = 0; i < 5; i++)
        board |= hs_card_bit(deck[i]);
    used = board;
    const hs_poker_state sb = hs_poker_state_of(board);
    int best = 1 << 30, at_best = 0; /* the opponents' best class, and how many hold it */
    for (int i = 0; i < k; i++) {
        const int a = deck[5 + 2 * i], b = deck[6 + 2 * i];
        used |= hs_card_bit(a) | hs_card_bit(b);
        const int cl = hs_poker_state_rank(hs_poker_state_add(hs_poker_state_add(sb, a), b));
        if (cl < best) {
            best = cl;
            at_best = 1;
        } else if (cl == best) {
            at_best++;
        }
    }
    const uint32_t split = SHARE / (uint32_t)(at_best + 1);
    /* Every free combination {lo, hi}: its pair index hi (hi - 1) / 2 + lo. */
    uint32_t x[HS_HOLDEM_CLASSES], n[HS_HOLDEM_CLASSES], win[HS_HOLDEM_CLASSES],
        tie[HS_HOLDEM_CLASSES];
    memset(x, 0, sizeof x);
    memset(n, 0, sizeof n);
    memset(win, 0, sizeof win);
    memset(tie, 0, sizeof tie);
    int free_cards[HS_CARDS], f = 0;
    for (uint64_t m = HS_DECK_MASK & ~used; m != 0; m &= m - 1)
        free_cards[f++] = __builtin_ctzll(m);
    for (int j = 1; j < f; j++) {
        const int hi = free_cards[j];
        const hs_poker_state s1 = hs_poker_state_add(sb, hi);
        const int base = hi * (hi - 1) / 2;
        for (int i = 0; i < j; i++) {
            const int lo = free_cards[i];
            const int cl = hs_poker_state_rank(hs_poker_state_add(s1, lo));
            const int h = c->cls[base + lo];
            const uint32_t w = cl < best, t = cl == best;
            win[h] += w;
            tie[h] += t;
            x[h] += w * SHARE + t * split;
            n[h]++;
        }
    }
    for (int h = 0; h < HS_HOLDEM_CLASSES; h++) {
        if (n[h] == 0)
            continue;
        hs_holdem_vs_random_sums *o = &out[h];
        o->wins += win[h];
        o->ties += tie[h];
        o->hands += n[h];
        o->shares += x[h];
        o->shares_sq += (uint64_t)x[h] * x[h];
        o->hands_sq += (uint64_t)n[h] * n[h];
        o->shares_hands += (uint64_t)x[h] * n[h];
    }
}

static int vsr_unit_stoppable(void *ctx, size_t unit, void *acc, void *scratch,
                              hs_job_poll_t *poll) {
    (void)scratch;
    const vsr_ctx *c = ctx;
    hs_holdem_vs_random_sample_counts *a = acc;
    const size_t row = unit / c->units_per_row, chunk = unit % c->units_per_row;
    const int k = c->count[row];
    const uint64_t first = (uint64_t)chunk * c->unit_samples;
    const uint64_t todo =
        c->samples - first < c->unit_samples ? c->samples - first : c->unit_samples;
    /* The unit's counts are made aside (9.5 KiB) and added only when it finishes. */
    hs_holdem_vs_random_sums sums[HS_HOLDEM_CLASSES];
    memset(sums, 0, sizeof sums);
    uint8_t deck[HS_CARDS];
    for (int i = 0; i < HS_CARDS; i++)
        deck[i] = (uint8_t)i;
    rng r;
    rng_seed(&r, c->seed, (uint64_t)k << 40 | chunk);
    for (uint64_t s = 0; s < todo; s++) {
        if (poll != NULL && (s & 255) == 255 && hs_job_poll(poll))
            return 1;
        one_sample(c, k, deck, &r, sums);
    }
    hs_holdem_vs_random_sums *dst = a->row[k - 1];
    for (int h = 0; h < HS_HOLDEM_CLASSES; h++) {
        dst[h].wins += sums[h].wins;
        dst[h].ties += sums[h].ties;
        dst[h].hands += sums[h].hands;
        dst[h].shares += sums[h].shares;
        dst[h].shares_sq += sums[h].shares_sq;
        dst[h].hands_sq += sums[h].hands_sq;
        dst[h].shares_hands += sums[h].shares_hands;
    }
    a->samples[k - 1] += todo;
    return 0;
}

static void vsr_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    vsr_unit_stoppable(ctx, unit, acc, scratch, NULL);
}

/* Every row's samples drawn once; every deal scores C(47 - 2k, 2) combinations; a combination's
 * share is between its wins' and the most its ties can take. */
static int vsr_check(const void *ctx, const void *acc) {
    const vsr_ctx *c = ctx;
    const hs_holdem_vs_random_sample_counts *a = acc;
    unsigned asked = 0;
    for (int i = 0; i < c->rows; i++)
        asked |= 1u << c->count[i];
    for (int k = 1; k <= MAXK; k++) {
        const int on = asked >> k & 1;
        if (a->samples[k - 1] != (on ? c->samples : 0))
            return HS_ERR_CORRUPT;
        uint64_t hands = 0;
        for (int h = 0; h < HS_HOLDEM_CLASSES; h++) {
            const hs_holdem_vs_random_sums *s = &a->row[k - 1][h];
            if (s->wins + s->ties > s->hands || s->shares < (uint64_t)SHARE * s->wins ||
                s->shares > (uint64_t)SHARE * s->wins + SHARE / 2 * s->ties)
                return HS_ERR_CORRUPT;
            hands += s->hands;
        }
        const uint64_t free_cards = (uint64_t)(HS_CARDS - 5 - 2 * k);
        if (hands != a->samples[k - 1] * (free_cards * (free_cards - 1) / 2))
            return HS_ERR_CORRUPT;
    }
    return HS_OK;
}

static const hs_job_def vsr_job = {
    "holdem vs-random sample",                 /* name */
    1,                                         /* layout */
    sizeof(hs_holdem_vs_random_sample_counts), /* acc_size: uint64_t counts, added */
    0,                                         /* scratch_size */
    vsr_unit,                                  /* unit */
    NULL,                                      /* merge: count by count */
    vsr_check,                                 /* check */
    vsr_unit_stoppable,                        /* unit_stoppable */
};

int hs_holdem_vs_random_sample_job_new(unsigned opponents, uint64_t samples, uint64_t seed,
                                       hs_job **out) {
    if (out == NULL || samples == 0 || opponents == 0 || (opponents & ~(((2u << MAXK) - 1) & ~1u)))
        return HS_ERR_ARG;
    if (samples > HS_HOLDEM_VS_RANDOM_MAX_SAMPLES)
        return HS_ERR_OVERFLOW;
    vsr_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    for (int k = 1; k <= MAXK; k++)
        if (opponents >> k & 1)
            c->count[c->rows++] = k;
    c->samples = samples;
    c->seed = seed;
    c->unit_samples = UNIT_SAMPLES;
    while ((samples - 1) / c->unit_samples + 1 > UNITS_PER_ROW)
        c->unit_samples *= 2;
    c->units_per_row = (size_t)((samples - 1) / c->unit_samples + 1);
    for (int cls = 0; cls < HS_HOLDEM_CLASSES; cls++) {
        uint64_t combos[12];
        const int m = hs_holdem_class_hands(cls, combos);
        for (int i = 0; i < m; i++) {
            const int lo = __builtin_ctzll(combos[i]), hi = 63 - __builtin_clzll(combos[i]);
            c->cls[hi * (hi - 1) / 2 + lo] = (uint8_t)cls;
        }
    }
    /* Everything that changes the sums; a checkpoint of other settings is refused. */
    char params[96];
    snprintf(params, sizeof params, "opponents=%#x samples=%llu seed=%llu unit=%llu", opponents,
             (unsigned long long)samples, (unsigned long long)seed,
             (unsigned long long)c->unit_samples);
    return hs_job_new(&vsr_job, c, free, (size_t)c->rows * c->units_per_row, params,
                      hs_poker_tables_hash, out);
}

const hs_holdem_vs_random_sample_counts *hs_holdem_vs_random_sample_job_counts(const hs_job *job) {
    return hs_job_acc_const(job);
}

int hs_holdem_vs_random_sample(unsigned opponents, uint64_t samples, uint64_t seed, int threads,
                               hs_progress_fn progress, void *ctx,
                               hs_holdem_vs_random_sample_counts *out) {
    if (out == NULL || threads < 0)
        return HS_ERR_ARG;
    hs_job *job;
    const int rc = hs_holdem_vs_random_sample_job_new(opponents, samples, seed, &job);
    if (rc != HS_OK)
        return rc;
    return hs_job_run_whole(job, threads, progress, ctx, out);
}

void hs_holdem_vs_random_estimate(const hs_holdem_vs_random_sums *s, uint64_t samples,
                                  double *equity, double *std_error) {
    if (s->hands == 0) {
        *equity = *std_error = NAN;
        return;
    }
    const long double sx = (long double)s->shares, sn = (long double)s->hands;
    const long double r = sx / sn; /* shares per hand */
    *equity = (double)(r / SHARE);
    if (samples < 2) {
        *std_error = NAN;
        return;
    }
    /* sum (x - r n)^2 = sum x^2 - 2 r sum x n + r^2 sum n^2 (not below 0 but for rounding) */
    long double q = (long double)s->shares_sq - 2 * r * (long double)s->shares_hands +
                    r * r * (long double)s->hands_sq;
    if (q < 0)
        q = 0;
    const long double var = q * (long double)samples / (long double)(samples - 1) / (sn * sn);
    *std_error = (double)(sqrtl(var) / SHARE);
}
