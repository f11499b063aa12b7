/* The exhaustive cribbage distribution: every four-card hand with every starter. This is the
 * enumeration layer, the only cribbage code that uses OpenMP. */
#include "crib_internal.h"
#include "handstat/error.h"

#include <string.h>

#include <omp.h>

/* Hands are taken in colexicographic order, which is the increasing order of their masks; a
 * unit is a block of this many consecutive hands. */
#define HANDS_PER_UNIT 1024

size_t hs_crib_hist_units(void) {
    return (size_t)((HS_CRIB_HANDS + HANDS_PER_UNIT - 1) / HANDS_PER_UNIT);
}

static uint64_t binom(unsigned n, unsigned k) {
    if (k > n)
        return 0;
    uint64_t r = 1;
    for (unsigned i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

/* The mask of the four-card hand with colex rank `index`: the largest card c with C(c,4) <= index
 * comes first, then the rest of the index among three-card hands below c, and so on. */
static uint64_t unrank4(uint64_t index) {
    uint64_t mask = 0;
    unsigned c = HS_CARDS;
    for (unsigned k = 4; k > 0; k--) {
        do
            c--;
        while (binom(c, k) > index);
        index -= binom(c, k);
        mask |= hs_card_bit((int)c);
    }
    return mask;
}

/* The next mask with the same number of bits (Gosper's hack): the next hand in colex order. */
static uint64_t next_combination(uint64_t m) {
    uint64_t low = m & -m;
    uint64_t ripple = m + low;
    return ripple | (((m ^ ripple) >> 2) / low);
}

void hs_crib_hist_unit(size_t unit, hs_crib_rules rules, hs_crib_hist *acc) {
    uint64_t first = (uint64_t)unit * HANDS_PER_UNIT;
    uint64_t last = first + HANDS_PER_UNIT < HS_CRIB_HANDS ? first + HANDS_PER_UNIT : HS_CRIB_HANDS;
    uint64_t hand = unrank4(first);
    for (uint64_t h = first; h < last; h++, hand = next_combination(hand)) {
        for (uint64_t rest = HS_DECK_MASK & ~hand; rest != 0; rest &= rest - 1) {
            int starter = __builtin_ctzll(rest);
            hs_crib_score s = hs_crib_score5(hand, starter, rules);
            acc->count[s.total]++;
            acc->points[0] += s.fifteens;
            acc->points[1] += s.pairs;
            acc->points[2] += s.runs;
            acc->points[3] += s.flush;
            acc->points[4] += s.nobs;
        }
        acc->hands += HS_CARDS - 4;
    }
}

void hs_crib_hist_merge(hs_crib_hist *dst, const hs_crib_hist *src) {
    for (int i = 0; i <= HS_CRIB_MAX_SCORE; i++)
        dst->count[i] += src->count[i];
    for (int i = 0; i < 5; i++)
        dst->points[i] += src->points[i];
    dst->hands += src->hands;
}

int hs_crib_hist_run(hs_crib_rules rules, int threads, hs_progress_fn progress, void *ctx,
                     hs_crib_hist *out) {
    memset(out, 0, sizeof *out);
    if (threads < 0)
        return HS_ERR_ARG;
    const size_t units = hs_crib_hist_units();
    size_t done = 0;
    int cancelled = 0;
#pragma omp parallel num_threads(threads > 0 ? threads : omp_get_max_threads())
    {
        hs_crib_hist mine;
        memset(&mine, 0, sizeof mine);
        /* A static schedule over a fixed unit list: which thread runs a unit never changes the
         * sums, only who adds them. */
#pragma omp for schedule(static, 1)
        for (size_t u = 0; u < units; u++) {
            int stop;
#pragma omp atomic read
            stop = cancelled;
            if (stop)
                continue;
            hs_crib_hist_unit(u, rules, &mine);
            if (progress != NULL) {
#pragma omp critical(hs_crib_progress)
                {
                    done++;
                    if (!cancelled && progress(ctx, done, units) != 0) {
#pragma omp atomic write
                        cancelled = 1;
                    }
                }
            }
        }
#pragma omp critical(hs_crib_merge)
        hs_crib_hist_merge(out, &mine);
    }
    if (cancelled) {
        memset(out, 0, sizeof *out);
        return HS_ERR_CANCELLED;
    }
    return HS_OK;
}
