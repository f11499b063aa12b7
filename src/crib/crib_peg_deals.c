/* Every two-player deal with pegging (handstat/peg.h, hs_peg_deals): the deals of crib deals
 * (crib_deals.c walks them), each keep's hand and crib sums from the discard tables and its
 * pegging from the table of every pair of hands, summed over the opponent's hands by rank
 * multiset. */
#include "handstat/peg.h"

#include "combin.h"
#include "crib_internal.h"
#include "discard_internal.h"
#include "handstat/error.h"
#include "job_internal.h"
#include "peg_solve.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* The pegging table (peg_table.S) and its transpose: value[mine][theirs] for either role. */
extern const int8_t hs_peg_start_table[HS_PEG_MSETS * HS_PEG_MSETS];

typedef struct peg_deals_ctx {
    const hs_discard_tables *t;
    /* by_role[r][mine * HS_PEG_MSETS + theirs]: the differential for role r (pone - dealer for
     * the pone, dealer - pone for the dealer) when r keeps multiset mine against theirs */
    int8_t by_role[2][HS_PEG_MSETS * HS_PEG_MSETS];
    peg_mset msets[HS_PEG_MSETS];
} peg_deals_ctx;

typedef struct peg_deal_walk {
    const peg_deals_ctx *c;
    hs_peg_deals *acc;
} peg_deal_walk;

static void add_peg_deal(uint64_t dealt, uint64_t weight, void *ctx) {
    const peg_deal_walk *w = ctx;
    const peg_deals_ctx *c = w->c;
    hs_peg_deals *acc = w->acc;
    uint64_t keep[15], hand[15], crib[15];
    hs_discard_deal_sums(c->t, dealt, keep, hand, crib);
    /* the opponent's hands by rank multiset: the multisets the 46 unseen cards allow */
    uint16_t theirs[HS_PEG_MSETS];
    int32_t ways[HS_PEG_MSETS];
    const int n = peg_opponents(c->msets, dealt, theirs, ways);
    int64_t total[2][15];
    for (int k = 0; k < 15; k++) {
        uint8_t mine[4];
        int j = 0;
        for (uint64_t x = keep[k]; x != 0; x &= x - 1)
            mine[j++] = (uint8_t)hs_card_rank(__builtin_ctzll(x));
        const size_t row = (size_t)peg_mset_index(mine, 4) * HS_PEG_MSETS;
        for (int r = 0; r < 2; r++) {
            const int8_t *v = c->by_role[r] + row;
            int64_t peg = 0;
            for (int i = 0; i < n; i++)
                peg += (int64_t)ways[i] * v[theirs[i]];
            /* combined over 45,540 = hand * 990 +- crib; both over 1,958,220 */
            const int64_t combined = r == 0 ? (int64_t)(hand[k] * 990) + (int64_t)crib[k]
                                            : (int64_t)(hand[k] * 990) - (int64_t)crib[k];
            total[r][k] = combined * (HS_PEG_TOTAL_DEN / HS_DISCARD_CRIB_CASES2) +
                          peg * (HS_PEG_TOTAL_DEN / HS_PEG_OPPONENT_HANDS);
        }
    }
    for (int r = 0; r < 2; r++) { /* r: 0 dealer, 1 pone (HS_BEST_DEALER - 1, ...) */
        int best = 0;
        for (int k = 1; k < 15; k++)
            if (hs_keep_better(total[r][k], hand[k], keep[k], total[r][best], hand[best],
                               keep[best]))
                best = k;
        const int bin = hs_deals_bin(total[r][best], HS_PEG_TOTAL_DEN);
        assert(bin >= 0 && bin < HS_DEALS_BINS);
        acc->best_total[r][bin] += weight;
        acc->sum_best_total[r] += (int64_t)weight * total[r][best];
        acc->pattern[r][hs_keep_pattern(keep[best])] += weight;
    }
    acc->deals += weight;
    acc->canonical++;
}

static void peg_deals_unit(void *ctxp, size_t unit, void *accp, void *scratch) {
    (void)scratch;
    peg_deal_walk w = {ctxp, accp};
    hs_deals_walk(unit, add_peg_deal, &w);
}

static void peg_deals_merge(void *dstp, const void *srcp) {
    hs_peg_deals *d = dstp;
    const hs_peg_deals *s = srcp;
    d->deals += s->deals;
    d->canonical += s->canonical;
    for (int r = 0; r < 2; r++) {
        for (int b = 0; b < HS_DEALS_BINS; b++)
            d->best_total[r][b] += s->best_total[r][b];
        for (int p = 0; p < HS_DEALS_PATTERNS; p++)
            d->pattern[r][p] += s->pattern[r][p];
        d->sum_best_total[r] += s->sum_best_total[r];
    }
}

static int peg_deals_check(const void *ctxp, const void *accp) {
    (void)ctxp;
    const hs_peg_deals *d = accp;
    int ok = d->deals == HS_DEALS6 && d->canonical == HS_DEALS6_CANONICAL;
    for (int r = 0; r < 2 && ok; r++) {
        uint64_t np = 0;
        for (int p = 0; p < HS_DEALS_PATTERNS; p++)
            np += d->pattern[r][p];
        ok = np == d->deals && hs_deals_bins_hold(d->best_total[r], HS_PEG_TOTAL_DEN,
                                                  d->sum_best_total[r]) == d->deals;
    }
    return ok ? HS_OK : HS_ERR_CORRUPT;
}

static const hs_job_def peg_deals_job = {
    "crib peg-table", 1,   sizeof(hs_peg_deals), 0, peg_deals_unit, peg_deals_merge,
    peg_deals_check,  NULL};

/* The checkpoints' fingerprint: the discard tables' and the pegging table's. */
static uint64_t peg_tables_hash(void) {
    return hs_hash64(hs_peg_start_table, sizeof hs_peg_start_table, hs_crib_tables_hash());
}

int hs_peg_deals_job_new(const hs_discard_tables *t, hs_job **out) {
    peg_deals_ctx *c = malloc(sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    c->t = t;
    for (size_t mine = 0; mine < HS_PEG_MSETS; mine++)
        for (size_t theirs = 0; theirs < HS_PEG_MSETS; theirs++) {
            /* the table holds pone - dealer for [pone][dealer] */
            c->by_role[1][mine * HS_PEG_MSETS + theirs] =
                hs_peg_start_table[mine * HS_PEG_MSETS + theirs];
            c->by_role[0][mine * HS_PEG_MSETS + theirs] =
                (int8_t)-hs_peg_start_table[theirs * HS_PEG_MSETS + mine];
        }
    peg_msets(c->msets);
    return hs_job_new(&peg_deals_job, c, free, hs_discard_deals_units(), "", peg_tables_hash, out);
}

const hs_peg_deals *hs_peg_deals_job_counts(const hs_job *job) {
    return hs_job_acc_const(job);
}
