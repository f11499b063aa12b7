/* The exhaustive poker class distribution over all 5-, 6- and 7-card hands, two ways: by
 * counting (hs_poker_hist_run) and by ranking every hand (hs_poker_hist_enumerate), which the
 * tests hold against each other. Both run as jobs of the runtime in core/.
 *
 * Counting: a hand without five cards of one suit ranks by its ranks alone, so each multiset of
 * k ranks is ranked once and weighted by its suit assignments, less those that put five or more
 * cards in one suit (at most one suit can, with k <= 7). A hand with five or more cards of one
 * suit is a flush or straight flush decided by those cards alone: its other one or two cards
 * cannot make four of a kind or a full house (that takes three cards outside the suit). So each
 * set of 5..k ranks in a suit is ranked once and weighted by the ways to pick the other cards
 * from the 39 of the other suits, times the four suits. */
#include "poker_internal.h"
#include "handstat/poker_state.h"
#include "handstat/error.h"
#include "combin.h"
#include "job_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A unit is a pair of top cards hi > nx, with nx >= k - 2 so that k - 2 cards fit below it. The
 * hands of a unit number C(nx, k - 2), so the units are listed by nx descending (largest first,
 * which balances a static round-robin split): nx = 50 has one unit (hi = 51), nx = 49 two, and
 * so on; C(51 - nx, 2) units come before those of nx. */
static size_t enum_units(int k) {
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
 * that add one card at a time to the incremental state (the compiler inlines the fixed depth);
 * the last three cards are one hs_poker_state_rank_triples() call (handstat/poker_state.h: the
 * AVX-512 kernel where the CPU has it, else the state joined with the table of pairs), whose
 * classes are then counted. `classes` has room for C(52, 3) = 22,100. */
static inline void rest3(hs_poker_state base, int lim, uint32_t *local, uint16_t *classes) {
    hs_poker_state_rank_triples(base, lim, classes);
    const int n = lim * (lim - 1) * (lim - 2) / 6;
    for (int t = 0; t < n; t++)
        local[classes[t]]++;
}
static inline void rest4(hs_poker_state base, int lim, uint32_t *local, uint16_t *classes) {
    for (int a = 3; a < lim; a++)
        rest3(hs_poker_state_add(base, a), a, local, classes);
}
static inline void rest5(hs_poker_state base, int lim, uint32_t *local, uint16_t *classes) {
    for (int a = 4; a < lim; a++)
        rest4(hs_poker_state_add(base, a), a, local, classes);
}

static void enum_unit(int k, size_t unit, hs_poker_hist *acc) {
    assert(k >= 5 && k <= 7 && unit < enum_units(k));
    int hi, nx;
    unit_cards(k, unit, &hi, &nx);
    hs_poker_state base = hs_poker_state_add(hs_poker_state_add(hs_poker_state_empty(), hi), nx);
    /* A unit holds at most C(50,5) = 2,118,760 hands: 32-bit counts suffice. */
    uint32_t local[HS_POKER_CLASSES + 1];
    uint16_t classes[22100];
    memset(local, 0, sizeof local);
    if (k == 5)
        rest3(base, nx, local, classes);
    else if (k == 6)
        rest4(base, nx, local, classes);
    else
        rest5(base, nx, local, classes);
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

/* ---- counting ------------------------------------------------------------------------------ */

#define FLUSH_UNIT HS_RANKS /* units 0..12: rank multisets by lowest rank; 13: the flushes */

size_t hs_poker_hist_units(int k) {
    return (k >= 5 && k <= 7) ? FLUSH_UNIT + 1 : 0;
}

static void add_class(hs_poker_hist *acc, int cls, uint64_t n) {
    acc->count[cls] += n;
    acc->category[hs_poker_category(cls)] += n;
    acc->hands += n;
}

typedef struct rank_walk {
    int k;
    hs_poker_hist *acc;
} rank_walk;

/* Multisets of the remaining `left` ranks from rank `rank` up. `ways` counts the suit assignments
 * so far; poly[j] those with exactly j cards in suit 0 (the ranks placed so far); `mask` holds the
 * cards placed with suits spread (the i-th card in rank order in suit i mod 4: no suit gets five
 * of seven, and equal ranks get different suits). */
static void rank_multisets(const rank_walk *w, int rank, int left, int placed, uint64_t ways,
                           const uint64_t poly[8], uint64_t mask) {
    if (left == 0) {
        uint64_t flush = 0; /* assignments with five or more in suit 0, for each of 4 suits */
        for (int j = 5; j <= w->k; j++)
            flush += poly[j];
        add_class(w->acc, hs_poker_rank_kernel(mask), ways - 4 * flush);
        return;
    }
    if (rank == HS_RANKS)
        return;
    for (int m = 0; m <= left && m <= 4; m++) {
        /* m cards of this rank: C(4,m) suit choices, C(3,m-1) of them use suit 0 and C(3,m)
         * do not. */
        uint64_t next[8] = {0};
        for (int j = 0; j <= 7; j++) {
            next[j] = poly[j] * hs_binom(3, (unsigned)m);
            if (j > 0 && m > 0)
                next[j] += poly[j - 1] * hs_binom(3, (unsigned)(m - 1));
        }
        uint64_t cards = mask;
        for (int c = 0; c < m; c++)
            cards |= hs_card_bit(hs_card(rank, (placed + c) & 3));
        rank_multisets(w, rank + 1, left - m, placed + m, ways * hs_binom(4, (unsigned)m), next,
                       cards);
    }
}

/* Flush hands: j = 5..k cards of suit 0 (any j ranks), the other k - j cards from the 39 cards of
 * the other suits; times 4 suits. */
static void flush_sets(int k, hs_poker_hist *acc) {
    for (int j = 5; j <= k; j++) {
        uint64_t others = 4 * hs_binom(39, (unsigned)(k - j));
        for (unsigned set = (1u << j) - 1; set < (1u << HS_RANKS);) {
            add_class(acc, hs_poker_rank_kernel(set), others);
            unsigned low = set & -set, ripple = set + low;
            set = ripple | (((set ^ ripple) >> 2) / low);
        }
    }
}

void hs_poker_hist_unit(int k, size_t unit, hs_poker_hist *acc) {
    assert(unit < hs_poker_hist_units(k));
    if (unit == FLUSH_UNIT) {
        flush_sets(k, acc);
        return;
    }
    /* The multisets whose lowest rank is `unit`: m >= 1 cards of it, the rest above. */
    rank_walk w = {k, acc};
    const int r = (int)unit;
    for (int m = 1; m <= 4 && m <= k; m++) {
        uint64_t poly[8] = {0}, mask = 0;
        poly[0] = hs_binom(3, (unsigned)m);
        poly[1] = hs_binom(3, (unsigned)(m - 1));
        for (int c = 0; c < m; c++)
            mask |= hs_card_bit(hs_card(r, c));
        rank_multisets(&w, r + 1, k - m, m, hs_binom(4, (unsigned)m), poly, mask);
    }
}

void hs_poker_hist_merge(hs_poker_hist *dst, const hs_poker_hist *src) {
    for (int i = 0; i <= HS_POKER_CLASSES; i++)
        dst->count[i] += src->count[i];
    for (int i = 0; i < HS_POKER_CATEGORIES; i++)
        dst->category[i] += src->category[i];
    dst->hands += src->hands;
}

/* ---- the jobs -------------------------------------------------------------------------------- */

typedef struct hist_ctx {
    int k;
    void (*unit)(int k, size_t unit, hs_poker_hist *acc);
} hist_ctx;

static void job_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    (void)scratch;
    const hist_ctx *c = ctx;
    c->unit(c->k, unit, acc);
}

static void job_merge(void *dst, const void *src) {
    hs_poker_hist_merge(dst, src);
}

/* Every k-card hand once: C(52, k) hands, in the classes and in the categories. */
static int job_check(const void *ctx, const void *acc) {
    const hist_ctx *c = ctx;
    const hs_poker_hist *h = acc;
    uint64_t classes = 0, categories = 0;
    for (int i = 0; i <= HS_POKER_CLASSES; i++)
        classes += h->count[i];
    for (int i = 0; i < HS_POKER_CATEGORIES; i++)
        categories += h->category[i];
    const uint64_t all = hs_binom(HS_CARDS, (unsigned)c->k);
    return classes == all && categories == all && h->hands == all ? HS_OK : HS_ERR_CORRUPT;
}

static const hs_job_def hist_job = {
    "poker hist", 1, sizeof(hs_poker_hist), 0, job_unit, job_merge, job_check, NULL};
static const hs_job_def enumerate_job = {
    "poker hist enumerate", 1, sizeof(hs_poker_hist), 0, job_unit, job_merge, job_check, NULL};

static int run_job(const hs_job_def *def, int k, int threads, hs_progress_fn progress, void *ctx,
                   hs_poker_hist *out, size_t units,
                   void (*unit_fn)(int, size_t, hs_poker_hist *)) {
    memset(out, 0, sizeof *out);
    if (k < 5 || k > 7 || threads < 0)
        return HS_ERR_ARG;
    hist_ctx c = {k, unit_fn};
    char params[16];
    snprintf(params, sizeof params, "cards=%d", k);
    hs_job *job;
    int rc = hs_job_new(def, &c, NULL, units, params, hs_poker_tables_hash, &job);
    return rc != HS_OK ? rc : hs_job_run_whole(job, threads, progress, ctx, out);
}

int hs_poker_hist_run(int k, int threads, hs_progress_fn progress, void *ctx, hs_poker_hist *out) {
    return run_job(&hist_job, k, threads, progress, ctx, out, hs_poker_hist_units(k),
                   hs_poker_hist_unit);
}

int hs_poker_hist_enumerate(int k, int threads, hs_progress_fn progress, void *ctx,
                            hs_poker_hist *out) {
    return run_job(&enumerate_job, k, threads, progress, ctx, out, enum_units(k), enum_unit);
}
