/* Each of the 169 starting-hand classes against 1..9 random hands, estimated by sampling deals.
 *
 * The exact table (holdem_vs_random.c) stops at three opponents. Beyond, this draws deals: a
 * sample is five board cards and k opponents' hands, 5 + 2k distinct cards drawn uniformly from
 * the 52 (a partial Fisher-Yates shuffle). Every hero combination h avoiding those cards is then
 * scored on that deal. Given that h avoids them, the deal is uniform over the deals avoiding h:
 * exactly the table's model (the hero holds h, the opponents and the board are uniform over the
 * cards left). So one deal serves all the C(47 - 2k, 2) combinations it leaves free, counted by
 * rank pair (hs_holdem_vs_random_deal, below): 91 rankings a deal instead of one per combination.
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
} vsr_ctx;

/* The number of suits in a set of four (the library is built for the baseline ISA, where
 * __builtin_popcount is a call). */
static inline uint32_t suits_in(unsigned set) {
    return (uint32_t)(UINT64_C(0x4332322132212110) >> (4 * set) & 0xF);
}

/* The number of ranks in a 13-bit lane. */
static inline int ranks_in(unsigned lane) {
    int n = 0;
    for (; lane != 0; lane &= lane - 1)
        n++;
    return n;
}

/* A part of a class's free combinations on one deal: their number and the hero's class. */
typedef struct deal_part {
    uint32_t n;
    int cl;
} deal_part;

/* Class h's combinations on one deal, in parts, against the opponents' best class. */
static inline void tally(const deal_part *part, int parts, int h, int best, uint32_t split,
                         hs_holdem_vs_random_unit_sums *out) {
    uint32_t n = 0, w = 0, t = 0, x = 0;
    for (int i = 0; i < parts; i++) { /* without branches: the outcomes are a coin toss */
        const uint32_t won = part[i].cl < best, tied = part[i].cl == best;
        n += part[i].n;
        w += won * part[i].n;
        t += tied * part[i].n;
        x += (won * SHARE + tied * split) * part[i].n;
    }
    out->wins[h] += w;
    out->ties[h] += t;
    out->hands[h] += n;
    out->shares[h] += x;
    out->shares_sq[h] += (uint64_t)x * x;
    out->hands_sq[h] += (uint64_t)n * n;
    out->shares_hands[h] += (uint64_t)x * n;
}

/* Every rank pair of the free cards (fs: each rank's free suits) tallied into out, with fcount
 * cards of suit fbit on the board (their ranks flane), or fcount 0 when no suit has three. A
 * constant fcount at each call lets the compiler drop the parts that cannot make a flush. */
static inline __attribute__((always_inline)) void
rank_pairs(const int fcount, const unsigned fs[HS_RANKS], const unsigned fbit, const unsigned flane,
           const uint32_t board_key, const int best, const uint32_t split,
           hs_holdem_vs_random_unit_sums *out) {
    /* The classes without a flush first, in a loop of independent lookups: the board's rank key
     * plus the two ranks' (a rank pair without two free cards is not looked up: its key could be no
     * hand's). */
    uint16_t plain_of[HS_RANKS][HS_RANKS];
    if (fcount < 5) {
        uint32_t rank_key[HS_RANKS];
        for (int r = 0; r < HS_RANKS; r++)
            rank_key[r] = (uint32_t)hs_poker_state_cards[r].key;
        for (int r1 = 0; r1 < HS_RANKS; r1++) {
            for (int r2 = 0; r2 <= r1; r2++) {
                const int ok = r1 != r2 ? fs[r1] != 0 && fs[r2] != 0 : (fs[r1] & (fs[r1] - 1)) != 0;
                const uint32_t key = ok ? board_key + rank_key[r1] + rank_key[r2] : board_key;
                plain_of[r1][r2] = ok ? hs_poker_key_class7(key) : 0;
            }
        }
    }
    for (int r1 = 0; r1 < HS_RANKS; r1++) {
        const unsigned a = fs[r1];
        if (a == 0)
            continue;
        const int g1 = hs_holdem_grid_rank(r1);
        for (int r2 = 0; r2 <= r1; r2++) {
            const unsigned b = fs[r2];
            if (b == 0 || (r1 == r2 && (a & (a - 1)) == 0))
                continue;
            const int plain = fcount < 5 ? plain_of[r1][r2] : 0;
            /* parts[i]: {combinations, class} for the combinations with these F cards */
            deal_part part[3];
            int parts = 0;
#define PART(count, fcards, lane)                                                                  \
    do {                                                                                           \
        part[parts].n = (count);                                                                   \
        part[parts].cl = fcount + (fcards) >= 5 ? hs_poker_flush[flane | (lane)] : plain;          \
        parts++;                                                                                   \
    } while (0)
            const int g2 = hs_holdem_grid_rank(r2);
            const int hi = g1 < g2 ? g1 : g2, lo = g1 < g2 ? g2 : g1;
            if (r1 == r2) { /* a pair: at most one card of F */
                const uint32_t m = suits_in(a), with = (a & fbit) ? m - 1 : 0;
                PART(with, 1, 1u << r1);
                PART(m * (m - 1) / 2 - with, 0, 0);
                tally(part, parts, hs_holdem_class_at(hi, lo, 0), best, split, out);
                continue;
            }
            /* suited: the one in F (both cards of F) and the others (none) */
            const unsigned both = a & b;
            const uint32_t sf = (both & fbit) ? 1 : 0;
            parts = 0;
            PART(sf, 2, 1u << r1 | 1u << r2);
            PART(suits_in(both) - sf, 0, 0);
            tally(part, parts, hs_holdem_class_at(hi, lo, 1), best, split, out);
            /* offsuit: F on the first card only, on the second only, on neither */
            const uint32_t a_f = (a & fbit) ? 1 : 0, b_f = (b & fbit) ? 1 : 0;
            const uint32_t a_o = suits_in(a) - a_f, b_o = suits_in(b) - b_f;
            parts = 0;
            PART(a_f * b_o, 1, 1u << r1);
            PART(a_o * b_f, 1, 1u << r2);
            PART(a_o * b_o - suits_in(both & ~fbit), 0, 0);
            tally(part, parts, hs_holdem_class_at(hi, lo, 0), best, split, out);
#undef PART
        }
    }
}

/* One deal's tally for every class (holdem_internal.h): for every two free cards, the hero's
 * class of the board with them against the opponents' best.
 *
 * By rank pair rather than by combination: without a flush, the hero's class depends on the
 * two ranks alone, so each of the 91 rank pairs is ranked once (the rank key of the board plus
 * the two ranks, two lookups) and its combinations counted from the free suits of each rank.
 * A flush is possible only in the one suit F with three or more board cards; a combination with
 * j cards of F makes one when the board's count of F plus j reaches 5, and then its class is the
 * flush class of F's lane with its F cards (as hs_poker_state_rank decides: with five cards of
 * one suit among seven, that suit alone decides). The combinations of a rank pair are split by
 * which of their cards are of suit F, and each part is counted at its class. */
void hs_holdem_vs_random_deal(const uint8_t *cards, int k, hs_holdem_vs_random_unit_sums *out) {
    hs_poker_state sb = hs_poker_state_empty();
    for (int i = 0; i < 5; i++)
        sb = hs_poker_state_add(sb, cards[i]);
    const uint64_t board = hs_poker_state_mask(sb);
    uint64_t used = board;
    int best = 1 << 30, at_best = 0; /* the opponents' best class, and how many hold it */
    for (int i = 0; i < k; i++) {
        const int a = cards[5 + 2 * i], b = cards[6 + 2 * i];
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
    const uint64_t free_cards = HS_DECK_MASK & ~used;
    unsigned fs[HS_RANKS];             /* the free suits of each rank, as 4-bit sets */
    int fsuit = 0, fcount = 0;         /* the suit with the most board cards, and their number */
    unsigned flane = 0;                /* its board cards' ranks */
    for (int r = 0; r < HS_RANKS; r++) /* card 13 s + r free: bit s */
        fs[r] = (unsigned)((free_cards >> r & 1) | (free_cards >> (12 + r) & 2) |
                           (free_cards >> (24 + r) & 4) | (free_cards >> (36 + r) & 8));
    for (int s = 0; s < 4; s++) {
        const unsigned bl = hs_lane(board, s);
        if (ranks_in(bl) > fcount) {
            fcount = ranks_in(bl);
            fsuit = s;
            flane = bl;
        }
    }
    const uint32_t board_key = (uint32_t)sb.key;
    /* the loops specialised for each flush count (the compiler drops the parts that cannot be) */
    switch (fcount) {
    case 3:
        rank_pairs(3, fs, 1u << fsuit, flane, board_key, best, split, out);
        break;
    case 4:
        rank_pairs(4, fs, 1u << fsuit, flane, board_key, best, split, out);
        break;
    case 5:
        rank_pairs(5, fs, 1u << fsuit, flane, board_key, best, split, out);
        break;
    default:
        rank_pairs(0, fs, 0, 0, board_key, best, split, out);
        break;
    }
}

/* One deal: 5 + 2k cards drawn from deck[] (a permutation of the 52 cards, kept shuffled). */
static void one_sample(int k, uint8_t deck[HS_CARDS], rng *r, hs_holdem_vs_random_unit_sums *s) {
    const int drawn = 5 + 2 * k;
    for (int i = 0; i < drawn; i++) { /* the first `drawn` places of a uniform shuffle */
        const int j = i + (int)rng_below(r, (uint64_t)(HS_CARDS - i));
        const uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    hs_holdem_vs_random_deal(deck, k, s);
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
    hs_holdem_vs_random_unit_sums sums;
    memset(&sums, 0, sizeof sums);
    uint8_t deck[HS_CARDS];
    for (int i = 0; i < HS_CARDS; i++)
        deck[i] = (uint8_t)i;
    rng r;
    rng_seed(&r, c->seed, (uint64_t)k << 40 | chunk);
    for (uint64_t s = 0; s < todo; s++) {
        if (poll != NULL && (s & 255) == 255 && hs_job_poll(poll))
            return 1;
        one_sample(k, deck, &r, &sums);
    }
    hs_holdem_vs_random_sums *dst = a->row[k - 1];
    for (int h = 0; h < HS_HOLDEM_CLASSES; h++) {
        dst[h].wins += sums.wins[h];
        dst[h].ties += sums.ties[h];
        dst[h].hands += sums.hands[h];
        dst[h].shares += sums.shares[h];
        dst[h].shares_sq += sums.shares_sq[h];
        dst[h].hands_sq += sums.hands_sq[h];
        dst[h].shares_hands += sums.shares_hands[h];
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
