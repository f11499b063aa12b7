/* Every two-player deal with pegging (handstat/peg.h, hs_peg_deals): the deals of crib deals
 * (crib_deals.c walks them), each keep's hand and crib sums from the discard tables and its
 * pegging from the table of every pair of hands, summed over the opponent's hands by rank
 * multiset once per kept and thrown ranks when the job is made, then looked up per deal. */
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

/* The pegging table (peg_table.S): pone - dealer for [pone][dealer]. */
extern const int8_t hs_peg_start_table[HS_PEG_MSETS * HS_PEG_MSETS];

/* The multisets of two ranks (the thrown cards' ranks), lo <= hi at index hi (hi + 1) / 2 + lo. */
#define PEG_THROWS 91

static int throw_index(int a, int b) {
    const int lo = a < b ? a : b, hi = a < b ? b : a;
    return hi * (hi + 1) / 2 + lo;
}

/* A keep's pegging sum over the opponent's hands depends on the deal only through the ranks kept
 * and the ranks thrown (the cards of a rank left to the opponent are what the six dealt leave,
 * whatever their suits), so it is summed once for each of the 1820 x 91 pairs at the job's start
 * and looked up per deal, instead of summing up to 1820 multisets for each of the deal's 15 keeps
 * and both roles (the 963k deals up to suits hold only about 18.5k multisets of six ranks). */
typedef struct peg_deals_ctx {
    const hs_discard_tables *t;
    /* sums[(mine * PEG_THROWS + thrown) * 2 + r]: summed over the opponent's hands, the
     * differential for role r (0 dealer: dealer - pone, 1 pone: pone - dealer) of keeping the
     * rank multiset mine and throwing the two ranks thrown; 0 when no deal has those six ranks.
     * |sum| <= 163,185 hands x 127, well inside int32_t. */
    int32_t sums[HS_PEG_MSETS * PEG_THROWS * 2];
} peg_deals_ctx;

/* sum of ways[i] * value[i] over every opponent multiset i */
static int32_t peg_dot(const int16_t *ways, const int8_t *value) {
    int32_t s = 0;
    for (int i = 0; i < HS_PEG_MSETS; i++)
        s += (int32_t)ways[i] * value[i];
    return s;
}

/* Where one multiset's weight factors are in a table of C(cards of a rank left, times in the
 * multiset): at rank * 5 + times, with FACTOR_ONE (1) for the runs it does not have. */
#define FACTOR_ONE (HS_RANKS * 5)

/* The inputs of filling the sums: the dealer's values by rows (dealer_rows[mine][theirs] =
 * -table[theirs][mine], so that both roles read a row) and each multiset's four factor
 * positions; the job's sums to fill. */
typedef struct peg_fill {
    peg_deals_ctx *c;
    int8_t dealer_rows[HS_PEG_MSETS * HS_PEG_MSETS];
    uint8_t factors[HS_PEG_MSETS][4];
} peg_fill;

/* The sums of every way to throw two of the six sorted ranks r (no rank more than four times):
 * the opponent's multisets weighted by their hands once (into ways, densely), then a dot product
 * with the kept multiset's row per role. Writes only the entries of r's kept and thrown ranks,
 * which no other multiset of six ranks has. */
static void six_rank_sums(const peg_fill *f, int16_t ways[HS_PEG_MSETS], const uint8_t r[6]) {
    /* C(n, k) for the n <= 4 cards of a rank left */
    static const int16_t choose[5][5] = {
        {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};
    int avail[HS_RANKS];
    for (int k = 0; k < HS_RANKS; k++)
        avail[k] = 4;
    for (int i = 0; i < 6; i++)
        avail[r[i]]--;
    int16_t factor[FACTOR_ONE + 1];
    for (int k = 0; k < HS_RANKS; k++)
        for (int t = 0; t < 5; t++)
            factor[k * 5 + t] = choose[avail[k]][t];
    factor[FACTOR_ONE] = 1;
    int32_t hands = 0;
    for (int m = 0; m < HS_PEG_MSETS; m++) {
        const uint8_t *x = f->factors[m];
        /* at most 4^4 */
        ways[m] = (int16_t)(factor[x[0]] * factor[x[1]] * factor[x[2]] * factor[x[3]]);
        hands += ways[m];
    }
    assert(hands == (int32_t)HS_PEG_OPPONENT_HANDS);
    (void)hands;
    uint8_t seen[PEG_THROWS] = {0};
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++) {
            /* equal ranks give the same pair more than once */
            const int thrown = throw_index(r[i], r[j]);
            if (seen[thrown]++)
                continue;
            uint8_t mine[4];
            for (int k = 0, n = 0; k < 6; k++)
                if (k != i && k != j)
                    mine[n++] = r[k];
            const size_t row = (size_t)hs_peg_mset_index_n(mine, 4);
            int32_t *s = f->c->sums + (row * PEG_THROWS + (size_t)thrown) * 2;
            s[0] = peg_dot(ways, f->dealer_rows + row * HS_PEG_MSETS);
            s[1] = peg_dot(ways, hs_peg_start_table + row * HS_PEG_MSETS);
        }
}

/* Filling the sums is two jobs without counts, run with the peg-table job's thread count: the
 * dealer's rows, ROW_BLOCK rows a unit (blocked by 64 x 64, so that the column reads stay in
 * cache), then the sums, one unit per lowest three ranks of the six (455 units, the largest
 * first: units differ in size). Each unit writes only its own entries. */
#define ROW_BLOCK 64
#define ROW_UNITS ((HS_PEG_MSETS + ROW_BLOCK - 1) / ROW_BLOCK)
#define SUM_UNITS 455 /* multisets of three of the 13 ranks */

static void rows_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    (void)acc, (void)scratch;
    peg_fill *f = ctx;
    const size_t mine0 = unit * ROW_BLOCK;
    for (size_t theirs0 = 0; theirs0 < HS_PEG_MSETS; theirs0 += 64)
        for (size_t mine = mine0; mine < mine0 + ROW_BLOCK && mine < HS_PEG_MSETS; mine++)
            for (size_t theirs = theirs0; theirs < theirs0 + 64 && theirs < HS_PEG_MSETS; theirs++)
                f->dealer_rows[mine * HS_PEG_MSETS + theirs] =
                    (int8_t)-hs_peg_start_table[theirs * HS_PEG_MSETS + mine];
}

/* Every multiset of six ranks whose lowest three are the unit's (in the order of unit numbers:
 * r[0] <= r[1] <= r[2] ascending, so unit 0 is 0, 0, 0). */
static void sums_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    (void)acc;
    const peg_fill *f = ctx;
    int16_t *ways = scratch;
    uint8_t r[6];
    size_t u = 0;
    for (r[0] = 0; r[0] < HS_RANKS; r[0]++)
        for (r[1] = r[0]; r[1] < HS_RANKS; r[1]++)
            for (r[2] = r[1]; r[2] < HS_RANKS; r[2]++, u++) {
                if (u != unit)
                    continue;
                for (r[3] = r[2]; r[3] < HS_RANKS; r[3]++)
                    for (r[4] = r[3]; r[4] < HS_RANKS; r[4]++)
                        for (r[5] = r[4]; r[5] < HS_RANKS; r[5]++)
                            /* sorted: five of a rank would show as r[i] == r[i - 4] */
                            if (r[4] != r[0] && r[5] != r[1])
                                six_rank_sums(f, ways, r);
                return;
            }
}

static const hs_job_def rows_job = {"crib peg-table rows", 1, 0, 0, rows_unit, NULL, NULL, NULL};
static const hs_job_def sums_job = {
    "crib peg-table sums", 1, 0, sizeof(int16_t) * HS_PEG_MSETS, sums_unit, NULL, NULL, NULL};

/* Fill c->sums from every multiset of six ranks with `threads` workers. Returns HS_OK or
 * HS_ERR_NOMEM. */
static int peg_fill_sums(peg_deals_ctx *c, int threads) {
    peg_fill *f = malloc(sizeof *f);
    peg_mset *msets = malloc(sizeof(peg_mset) * HS_PEG_MSETS);
    if (f == NULL || msets == NULL) {
        free(f), free(msets);
        return HS_ERR_NOMEM;
    }
    f->c = c;
    hs_peg_msets(msets);
    for (int m = 0; m < HS_PEG_MSETS; m++)
        for (int i = 0; i < 4; i++)
            f->factors[m][i] =
                (uint8_t)(i < msets[m].runs ? msets[m].run_rank[i] * 5 + msets[m].run_count[i]
                                            : FACTOR_ONE);
    free(msets);
    /* entries of kept and thrown ranks that no deal has stay 0 */
    memset(c->sums, 0, sizeof c->sums);
    hs_job *job;
    int rc = hs_job_new(&rows_job, f, NULL, ROW_UNITS, "", NULL, &job);
    if (rc == HS_OK)
        rc = hs_job_run_whole(job, threads, NULL, NULL, NULL);
    if (rc == HS_OK)
        rc = hs_job_new(&sums_job, f, NULL, SUM_UNITS, "", NULL, &job);
    if (rc == HS_OK)
        rc = hs_job_run_whole(job, threads, NULL, NULL, NULL);
    free(f);
    return rc;
}

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
    int64_t total[2][15];
    for (int k = 0; k < 15; k++) {
        uint8_t mine[4];
        int j = 0;
        for (uint64_t x = keep[k]; x != 0; x &= x - 1)
            mine[j++] = (uint8_t)hs_card_rank(__builtin_ctzll(x));
        const uint64_t thrown = dealt & ~keep[k];
        const int a = hs_card_rank(__builtin_ctzll(thrown));
        const int b = hs_card_rank(63 - __builtin_clzll(thrown));
        const int32_t *s =
            c->sums +
            ((size_t)hs_peg_mset_index_n(mine, 4) * PEG_THROWS + (size_t)throw_index(a, b)) * 2;
        for (int r = 0; r < 2; r++) {
            const int64_t peg = s[r];
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

int hs_peg_deals_job_new_threads(const hs_discard_tables *t, int threads, hs_job **out) {
    *out = NULL;
    if (threads < 0)
        return HS_ERR_ARG;
    peg_deals_ctx *c = malloc(sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    c->t = t;
    const int rc = peg_fill_sums(c, threads);
    if (rc != HS_OK) {
        free(c);
        return rc;
    }
    return hs_job_new(&peg_deals_job, c, free, hs_discard_deals_units(), "", peg_tables_hash, out);
}

int hs_peg_deals_job_new(const hs_discard_tables *t, hs_job **out) {
    return hs_peg_deals_job_new_threads(t, 1, out);
}

const hs_peg_deals *hs_peg_deals_job_counts(const hs_job *job) {
    return hs_job_acc_const(job);
}
