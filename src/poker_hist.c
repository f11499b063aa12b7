/* The exhaustive poker class distribution over all 5-, 6- and 7-card hands. This is the
 * enumeration layer, the only poker code that uses OpenMP. */
#include "poker_internal.h"
#include "handstat/error.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

/* A unit is a pair of top cards hi > nx, with nx >= k - 2 so that k - 2 cards fit below it. The
 * hands of a unit number C(nx, k - 2), so the units are listed by nx descending (largest first,
 * which balances a static round-robin split): nx = 50 has one unit (hi = 51), nx = 49 two, and
 * so on; C(51 - nx, 2) units come before those of nx. */
size_t hs_poker_hist_units(int k) {
    if (k < 5 || k > 7)
        return 0;
    size_t n = (size_t)(HS_CARDS - (k - 2)); /* choices of nx and hi: C(54 - k, 2) pairs */
    return n * (n - 1) / 2;
}

static void unit_cards(int k, size_t unit, int *hi, int *nx) {
    size_t before = 0;
    int next = HS_CARDS - 2;
    while (unit >= before + (size_t)(HS_CARDS - 1 - next)) {
        before += (size_t)(HS_CARDS - 1 - next);
        next--;
    }
    assert(next >= k - 2);
    (void)k;
    *nx = next;
    *hi = next + 1 + (int)(unit - before);
}

/* Count the classes of all hands `base` plus `need` more cards below card `lim`, in nested loops
 * that add one card at a time to the mask (the compiler inlines the fixed depth). */
static inline void rest1(uint64_t base, int lim, uint32_t *local) {
    for (int a = 0; a < lim; a++)
        local[hs_poker_rank_kernel(base | hs_card_bit(a))]++;
}
static inline void rest2(uint64_t base, int lim, uint32_t *local) {
    for (int a = 1; a < lim; a++)
        rest1(base | hs_card_bit(a), a, local);
}
static inline void rest3(uint64_t base, int lim, uint32_t *local) {
    for (int a = 2; a < lim; a++)
        rest2(base | hs_card_bit(a), a, local);
}
static inline void rest4(uint64_t base, int lim, uint32_t *local) {
    for (int a = 3; a < lim; a++)
        rest3(base | hs_card_bit(a), a, local);
}
static inline void rest5(uint64_t base, int lim, uint32_t *local) {
    for (int a = 4; a < lim; a++)
        rest4(base | hs_card_bit(a), a, local);
}

void hs_poker_hist_unit(int k, size_t unit, hs_poker_hist *acc) {
    assert(k >= 5 && k <= 7 && unit < hs_poker_hist_units(k));
    int hi, nx;
    unit_cards(k, unit, &hi, &nx);
    uint64_t base = hs_card_bit(hi) | hs_card_bit(nx);
    /* A unit holds at most C(50,5) = 2,118,760 hands: 32-bit counts suffice. */
    uint32_t local[HS_POKER_CLASSES + 1];
    memset(local, 0, sizeof local);
    if (k == 5)
        rest3(base, nx, local);
    else if (k == 6)
        rest4(base, nx, local);
    else
        rest5(base, nx, local);
    int cat = 0;
    uint64_t cat_sum = 0, total = 0;
    for (int cls = 1; cls <= HS_POKER_CLASSES; cls++) {
        acc->count[cls] += local[cls];
        cat_sum += local[cls];
        if (cls == hs_poker_category_last(cat)) {
            acc->category[cat++] += cat_sum;
            total += cat_sum;
            cat_sum = 0;
        }
    }
    acc->hands += total;
}

void hs_poker_hist_merge(hs_poker_hist *dst, const hs_poker_hist *src) {
    for (int i = 0; i <= HS_POKER_CLASSES; i++)
        dst->count[i] += src->count[i];
    for (int i = 0; i < HS_POKER_CATEGORIES; i++)
        dst->category[i] += src->category[i];
    dst->hands += src->hands;
}

int hs_poker_hist_run(int k, int threads, hs_progress_fn progress, void *ctx, hs_poker_hist *out) {
    memset(out, 0, sizeof *out);
    if (k < 5 || k > 7 || threads < 0)
        return HS_ERR_ARG;
    const size_t units = hs_poker_hist_units(k);
    /* More workers than units would only idle (and each costs a 60 KB histogram). */
    int team = threads > 0 ? threads : omp_get_max_threads();
    if ((size_t)team > units)
        team = (int)units;
    /* One private histogram per worker, merged after the parallel region. */
    hs_poker_hist *mine = calloc((size_t)team, sizeof *mine);
    if (mine == NULL)
        return HS_ERR_NOMEM;
    size_t done = 0;
    int cancelled = 0;
#pragma omp parallel num_threads(team)
    {
        hs_poker_hist *acc = &mine[omp_get_thread_num()];
        /* A static schedule over a fixed unit list: which thread runs a unit never changes the
         * sums, only who adds them. */
#pragma omp for schedule(static, 1)
        for (size_t u = 0; u < units; u++) {
            int stop;
#pragma omp atomic read
            stop = cancelled;
            if (stop)
                continue;
            hs_poker_hist_unit(k, u, acc);
            if (progress != NULL) {
#pragma omp critical(hs_poker_progress)
                {
                    done++;
                    if (!cancelled && progress(ctx, done, units) != 0) {
#pragma omp atomic write
                        cancelled = 1;
                    }
                }
            }
        }
    }
    for (int i = 0; i < team; i++)
        hs_poker_hist_merge(out, &mine[i]);
    free(mine);
    if (cancelled) {
        memset(out, 0, sizeof *out);
        return HS_ERR_CANCELLED;
    }
    return HS_OK;
}
