/* The exact cribbage distribution over every four-card hand with every starter, by counting.
 *
 * The rank-only points of a hand and starter depend only on their ranks, so the 12,994,800
 * combinations are grouped by the multiset of the four hand ranks and the starter's rank (1820
 * hand multisets x 13 starter ranks). For each group the number of deals is a product of binomial
 * coefficients, and the suits decide only the flush and nobs, whose counts have closed forms
 * (derived below). The whole distribution takes microseconds; the tests check it against scoring
 * every one of the combinations with the plain reference scorer. The work units run as a job of
 * the runtime in core/. */
#include "crib_internal.h"
#include "handstat/error.h"
#include "combin.h"
#include "job_internal.h"

#include <assert.h>
#include <string.h>

/* A unit is every hand multiset whose lowest rank is the unit's number. */
#define UNITS HS_RANKS

size_t hs_crib_hist_units(void) {
    return UNITS;
}

static uint64_t binom4(int n, int k) {
    return k < 0 ? 0 : hs_binom((unsigned)n, (unsigned)k);
}

/* The rank-only entry (crib_tables.h) of ranks h[] (counts, four cards) plus the starter rank s:
 * any five cards with those ranks make the same key. */
static unsigned rank_entry(const int h[HS_RANKS], int s) {
    uint64_t all = 0;
    for (int r = 0; r < HS_RANKS; r++)
        for (int c = 0; c < h[r] + (r == s); c++)
            all |= hs_card_bit(hs_card(r, c));
    return hs_crib_rank_entry(all);
}

/* Add the deals of hand ranks h[] with a starter of rank s. */
static void add_group(const int h[HS_RANKS], int s, hs_crib_rules rules, hs_crib_hist *acc) {
    /* Deals: each rank's hand cards pick their suits, the starter one of the other suits. */
    uint64_t deals = (uint64_t)(4 - h[s]);
    int distinct = 1;
    for (int r = 0; r < HS_RANKS; r++) {
        deals *= binom4(4, h[r]);
        distinct &= h[r] <= 1;
    }
    /* Hand flush: four hand cards of one suit (4 suits; ranks all different), the starter any
     * card of its rank not in the hand. Five-card flush: the starter in that suit too, which
     * needs its rank not in the hand. */
    uint64_t flush_any = distinct ? 4 * (uint64_t)(4 - h[s]) : 0;
    uint64_t flush5 = distinct && h[s] == 0 ? 4 : 0;
    /* Nobs: a hand jack of the starter's suit (starter not a jack). The starter's suit t is one of
     * 4, the jacks' suits must include t (C(3, h_J - 1) ways), the hand cards of the starter's rank
     * must avoid t (C(3, h_s) ways), every other rank as before. */
    uint64_t nobs = 0;
    if (s != HS_JACK && h[HS_JACK] > 0) {
        nobs = 4 * binom4(3, h[HS_JACK] - 1) * binom4(3, h[s]);
        for (int r = 0; r < HS_RANKS; r++)
            if (r != HS_JACK && r != s)
                nobs *= binom4(4, h[r]);
    }
    /* Both a five-card flush and nobs: the hand's one jack is in the flush suit, the starter
     * too. A four-card flush never has nobs (nobs puts the starter in the flush suit). */
    uint64_t flush5_nobs = (flush5 && h[HS_JACK] == 1 && s != HS_JACK) ? 4 : 0;

    unsigned e = rank_entry(h, s);
    unsigned base = e >> 11;
    uint64_t n51 = flush5_nobs, n50 = flush5 - flush5_nobs;
    uint64_t n40 = rules == HS_CRIB_HAND ? flush_any - flush5 : 0;
    uint64_t n01 = nobs - flush5_nobs;
    uint64_t n00 = deals - n51 - n50 - n40 - n01;
    /* Flush and nobs cases exist only where they fit under 29 (the rank part of a flush hand is
     * small); a case with no deals adds nothing and must not index past the histogram. */
    const uint64_t cases[7] = {n00, n01, 0, 0, n40, n50, n51};
    for (unsigned extra = 0; extra < 7; extra++) {
        if (cases[extra] != 0) {
            assert(base + extra <= HS_CRIB_MAX_SCORE);
            acc->count[base + extra] += cases[extra];
        }
    }
    acc->points[0] += deals * 2 * (e & 15);
    acc->points[1] += deals * 2 * (e >> 4 & 7);
    acc->points[2] += deals * (e >> 7 & 15);
    acc->points[3] += 5 * (n51 + n50) + 4 * n40;
    acc->points[4] += n51 + n01;
    acc->hands += deals;
}

void hs_crib_hist_unit(size_t unit, hs_crib_rules rules, hs_crib_hist *acc) {
    int h[HS_RANKS] = {0};
    const int r0 = (int)unit;
    h[r0]++;
    for (int r1 = r0; r1 < HS_RANKS; r1++) {
        h[r1]++;
        for (int r2 = r1; r2 < HS_RANKS; r2++) {
            h[r2]++;
            for (int r3 = r2; r3 < HS_RANKS; r3++) {
                h[r3]++;
                for (int s = 0; s < HS_RANKS; s++)
                    if (h[s] < 4)
                        add_group(h, s, rules, acc);
                h[r3]--;
            }
            h[r2]--;
        }
        h[r1]--;
    }
}

void hs_crib_hist_merge(hs_crib_hist *dst, const hs_crib_hist *src) {
    for (int i = 0; i <= HS_CRIB_MAX_SCORE; i++)
        dst->count[i] += src->count[i];
    for (int i = 0; i < 5; i++)
        dst->points[i] += src->points[i];
    dst->hands += src->hands;
}

static void job_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    (void)scratch;
    hs_crib_hist_unit(unit, *(const hs_crib_rules *)ctx, acc);
}

static void job_merge(void *dst, const void *src) {
    hs_crib_hist_merge(dst, src);
}

/* Every hand with every starter: C(52, 4) x 48 scored hands. */
static int job_check(const void *ctx, const void *acc) {
    (void)ctx;
    const hs_crib_hist *h = acc;
    uint64_t n = 0;
    for (int i = 0; i <= HS_CRIB_MAX_SCORE; i++)
        n += h->count[i];
    return n == h->hands && n == hs_binom(HS_CARDS, 4) * 48 ? HS_OK : HS_ERR_CORRUPT;
}

static const hs_job_def crib_hist_job = {
    "crib hist", 1, sizeof(hs_crib_hist), 0, job_unit, job_merge, job_check, NULL};

int hs_crib_hist_run(hs_crib_rules rules, int threads, hs_progress_fn progress, void *ctx,
                     hs_crib_hist *out) {
    memset(out, 0, sizeof *out);
    if (threads < 0)
        return HS_ERR_ARG;
    hs_job *job;
    int rc =
        hs_job_new(&crib_hist_job, &rules, NULL, hs_crib_hist_units(),
                   rules == HS_CRIB_CRIB ? "rules=crib" : "rules=hand", hs_crib_tables_hash, &job);
    return rc != HS_OK ? rc : hs_job_run_whole(job, threads, progress, ctx, out);
}
