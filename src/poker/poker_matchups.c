/* Poker showdowns: one five-card hand against every disjoint five-card hand by counting the
 * opponents of each rank multiset, and every hand against every disjoint hand by
 * inclusion-exclusion over shared cards, as a job of the runtime in core/. */
#include "handstat/showdown.h"
#include "handstat/error.h"
#include "combin.h"
#include "job_internal.h"
#include "poker_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* The colex rank without the precondition check: C(c0,1) + ... + C(c4,5) written out (every
 * product stays below 51*50*49*48*47 < 2^32). */
static inline uint32_t colex5(uint64_t hand) {
    uint32_t c[5];
    for (int i = 0; i < 5; i++) {
        c[i] = (uint32_t)__builtin_ctzll(hand);
        hand &= hand - 1; /* drop the lowest card */
    }
    return c[0] + c[1] * (c[1] - 1) / 2 + c[2] * (c[2] - 1) * (c[2] - 2) / 6 +
           c[3] * (c[3] - 1) * (c[3] - 2) * (c[3] - 3) / 24 +
           c[4] * (c[4] - 1) * (c[4] - 2) * (c[4] - 3) * (c[4] - 4) / 120;
}

uint32_t hs_hand5_colex(uint64_t hand) {
    assert((hand & ~HS_DECK_MASK) == 0 && hs_hand_size(hand) == 5);
    return colex5(hand);
}

uint64_t hs_hand5_unrank(uint32_t rank) {
    assert(rank < HS_HANDS5);
    return hs_colex_unrank(rank, 5);
}

/* ---- one hand --------------------------------------------------------------------------- */

/* The opponents are counted by their multiset of five ranks (6175 of them) instead of one by
 * one: with avail[r] cards of rank r left, a multiset with m_r cards of each rank r is held by
 * the product of C(avail[r], m_r) opponents, all of one class, except that five distinct ranks
 * also make a flush in each suit that still holds all five. So one ranking per multiset (and per
 * flush) replaces 1,533,939 rankings. */
hs_showdown hs_poker_showdown5(uint64_t hand) {
    assert((hand & ~HS_DECK_MASK) == 0 && hs_hand_size(hand) == 5);
    const int mine = hs_poker_rank_kernel(hand);
    const uint64_t left = HS_DECK_MASK & ~hand;
    unsigned lane[HS_SUITS], avail[HS_RANKS];
    for (int s = 0; s < HS_SUITS; s++)
        lane[s] = hs_lane(left, s);
    for (int r = 0; r < HS_RANKS; r++)
        avail[r] = ((lane[0] >> r) & 1) + ((lane[1] >> r) & 1) + ((lane[2] >> r) & 1) +
                   ((lane[3] >> r) & 1);
    uint64_t wins = 0, ties = 0, total = 0;
    int r[5];
    for (r[0] = 0; r[0] < HS_RANKS; r[0]++)
        for (r[1] = r[0]; r[1] < HS_RANKS; r[1]++)
            for (r[2] = r[1]; r[2] < HS_RANKS; r[2]++)
                for (r[3] = r[2]; r[3] < HS_RANKS; r[3]++)
                    for (r[4] = r[3] + (r[0] == r[3]); r[4] < HS_RANKS; r[4]++) {
                        /* The opponents holding these ranks, and one of them: equal ranks are
                         * adjacent, so suits 0, 1, 2, 3, 0 by position never repeat a card and
                         * never make a flush. */
                        uint64_t ways = 1, some = 0;
                        unsigned set = 0;
                        for (int i = 0, run = 0; i < 5; i++) {
                            run = i > 0 && r[i] == r[i - 1] ? run + 1 : 1;
                            /* C(a, run) = C(a, run - 1) * (a - run + 1) / run, 0 past a */
                            const unsigned a = avail[r[i]], m = (unsigned)run;
                            ways = m > a ? 0 : ways * (a - m + 1) / m;
                            some |= hs_card_bit(hs_card(r[i], i % 4));
                            set |= 1u << r[i];
                        }
                        if (ways == 0)
                            continue;
                        if (hs_hand_size(set) == 5) {
                            /* distinct ranks: take out the flushes still possible */
                            unsigned flushes = 0;
                            for (int s = 0; s < HS_SUITS; s++)
                                flushes += (lane[s] & set) == set;
                            if (flushes > 0) {
                                int theirs = hs_poker_rank_kernel(set); /* a club flush */
                                wins += flushes * (uint64_t)(theirs > mine);
                                ties += flushes * (uint64_t)(theirs == mine);
                                total += flushes;
                                ways -= flushes;
                            }
                        }
                        int theirs = hs_poker_rank_kernel(some);
                        wins += ways * (uint64_t)(theirs > mine);
                        ties += ways * (uint64_t)(theirs == mine);
                        total += ways;
                    }
    assert(total == HS_SHOWDOWN_OPPONENTS);
    (void)total;
    hs_showdown out = {wins, ties, HS_SHOWDOWN_OPPONENTS - wins - ties};
    return out;
}

/* ---- every hand against every disjoint hand ---------------------------------------------- */

/* The groups of each size |S| = k and how many consecutive groups (in colex order of S) make one
 * work unit: about 250,000 member hands per unit, C(52 - k, 5 - k) members per group. Every
 * count divides evenly: 1326 = 13 * 102, 22100 = 221 * 100, 270725 = 5525 * 49. */
static const struct {
    uint32_t groups, per_unit;
} group_sizes[5] = {{1, 1}, {52, 1}, {1326, 13}, {22100, 221}, {270725, 5525}};

size_t hs_poker_matchups_units(void) {
    size_t units = 0;
    for (int k = 0; k < 5; k++)
        units += group_sizes[k].groups / group_sizes[k].per_unit;
    return units; /* 1 + 52 + 102 + 100 + 49 = 304 */
}

#define OCC_WORDS ((HS_POKER_CLASSES + 1 + 63) / 64)

/* The job's accumulator: signed partial sums. */
typedef struct matchups_acc {
    int64_t wins[HS_POKER_CLASSES + 1]; /* sum over groups of sign * count * worse */
    int64_t ties[HS_POKER_CLASSES + 1]; /* sum over groups of sign * count * count */
    uint64_t hands[HS_POKER_CLASSES + 1];
    /* in the per-hand job only: per hand (by colex rank) [wins, ties] partial sums: every term of
     * a hand's sum is below C(52,5) in size and there are 31 of them, far inside int32 */
    int32_t per_hand[][2];
} matchups_acc;

/* A worker's scratch space for one group at a time: members of each class, members worse than
 * each class, and the bit set of classes present (hist is all zero and occ empty between
 * groups). */
typedef struct group_scratch {
    uint32_t hist[HS_POKER_CLASSES + 1];
    uint32_t worse[HS_POKER_CLASSES + 1];
    uint64_t occ[OCC_WORDS];
} group_scratch;

/* The next m-combination of indices 0..lim-1 in lexicographic order; 0 after the last. */
static int combo_next(int *idx, int m, int lim) {
    int i = m - 1;
    while (i >= 0 && idx[i] == lim - m + i)
        i--;
    if (i < 0)
        return 0;
    idx[i]++;
    for (int j = i + 1; j < m; j++)
        idx[j] = idx[j - 1] + 1;
    return 1;
}

/* The members of group S: S plus each (5-k)-subset of the n = 52-k other cards rest[]. The first
 * 4-k of the added cards come from combo_next over rest[0..n-2]; the innermost loop adds the
 * last one above them. Both passes below share this shape. */
#define FOR_EACH_MEMBER(set, rest, n, k, hand, BODY)                                               \
    do {                                                                                           \
        int m_ = 4 - (k), idx_[4];                                                                 \
        for (int i_ = 0; i_ < m_; i_++)                                                            \
            idx_[i_] = i_;                                                                         \
        do {                                                                                       \
            uint64_t base_ = (set);                                                                \
            for (int i_ = 0; i_ < m_; i_++)                                                        \
                base_ |= hs_card_bit((rest)[idx_[i_]]);                                            \
            for (int j_ = m_ > 0 ? idx_[m_ - 1] + 1 : 0; j_ < (n); j_++) {                         \
                const uint64_t hand = base_ | hs_card_bit((rest)[j_]);                             \
                BODY                                                                               \
            }                                                                                      \
        } while (combo_next(idx_, m_, (n)-1));                                                     \
    } while (0)

/* Add group S (k cards)'s terms, with sign (-1)^k, `weight` times to the class sums (and once to
 * the per-hand sums when per_hand is set). */
static void run_group(matchups_acc *a, group_scratch *w, int per_hand_sums, uint64_t set, int k,
                      int64_t weight) {
    int rest[HS_CARDS], n = 0;
    for (int c = 0; c < HS_CARDS; c++)
        if (!(set & hs_card_bit(c)))
            rest[n++] = c;
    const int64_t term = k % 2 == 0 ? weight : -weight; /* (-1)^k * weight */

    /* Pass 1: the group's class histogram. */
    FOR_EACH_MEMBER(set, rest, n, k, hand, {
        int cls = hs_poker_rank_kernel(hand);
        w->hist[cls]++;
        w->occ[cls / 64] |= UINT64_C(1) << (cls % 64);
    });

    /* The classes present, worst first: worse[c] = members of a class above c. A member of class
     * c then beats worse[c] members and ties hist[c], itself included (taken off at the end). */
    uint64_t above = 0;
    for (int word = OCC_WORDS - 1; word >= 0; word--) {
        for (uint64_t bits = w->occ[word]; bits != 0;) {
            int top = 63 - __builtin_clzll(bits);
            bits &= ~(UINT64_C(1) << top);
            int cls = word * 64 + top;
            uint64_t count = w->hist[cls];
            a->wins[cls] += term * (int64_t)(count * above);
            a->ties[cls] += term * (int64_t)(count * count);
            if (k == 0)
                a->hands[cls] += count;
            w->worse[cls] = (uint32_t)above;
            above += count;
        }
    }

    /* Pass 2 (per-hand output only): the same terms for each member by its colex rank. */
    if (per_hand_sums) {
        int32_t(*per_hand)[2] = a->per_hand;
        const int32_t sign = k % 2 == 0 ? 1 : -1;
        FOR_EACH_MEMBER(set, rest, n, k, hand, {
            int cls = hs_poker_rank_kernel(hand);
            int32_t *acc = per_hand[colex5(hand)];
            acc[0] += sign * (int32_t)w->worse[cls];
            acc[1] += sign * (int32_t)w->hist[cls];
        });
    }

    /* Leave hist and occ empty for the next group. */
    for (int word = 0; word < OCC_WORDS; word++) {
        for (uint64_t bits = w->occ[word]; bits != 0; bits &= bits - 1)
            w->hist[word * 64 + __builtin_ctzll(bits)] = 0;
        w->occ[word] = 0;
    }
}

/* The class sums of group S equal those of every group sigma(S), sigma a permutation of the
 * suits (it maps the members of one onto the other and keeps their classes). So for the class
 * table alone only one S of each orbit is run, the smallest mask: the one whose suit lanes do not
 * increase (clubs >= diamonds >= hearts >= spades as 13-bit numbers; the top lane weighs most).
 * Returns the orbit's size, 24 / (m1! m2! ...) for runs of m equal lanes, or 0 when S is not the
 * smallest of its orbit. */
static int64_t suit_orbit(uint64_t set) {
    unsigned lane[HS_SUITS];
    for (int s = 0; s < HS_SUITS; s++) {
        lane[s] = hs_lane(set, s);
        if (s > 0 && lane[s] > lane[s - 1])
            return 0;
    }
    return hs_suit_orbit_sorted(lane);
}

/* Run work unit `unit`: per_unit consecutive groups of one size, the first found by unranking
 * and the next ones by stepping to the next k-subset in colex order (the next larger mask with
 * as many bits: Gosper's hack). Without per-hand sums, only the smallest group of each suit orbit
 * runs, weighted by the orbit's size (about 7 times less work); with them every group runs. */
static void run_unit(matchups_acc *a, group_scratch *w, int per_hand_sums, size_t unit) {
    int k = 0;
    while (unit >= group_sizes[k].groups / group_sizes[k].per_unit) {
        unit -= group_sizes[k].groups / group_sizes[k].per_unit;
        k++;
    }
    uint64_t set = hs_colex_unrank((uint32_t)unit * group_sizes[k].per_unit, (unsigned)k);
    for (uint32_t g = 0; g < group_sizes[k].per_unit; g++) {
        int64_t weight = per_hand_sums ? 1 : suit_orbit(set);
        if (weight != 0)
            run_group(a, w, per_hand_sums, set, k, weight);
        if (k > 0) {
            uint64_t low = set & -set, ripple = set + low;
            set = ripple | (((set ^ ripple) >> 2) / low);
        }
    }
}

/* ---- the job -------------------------------------------------------------------------------- */

typedef struct matchups_ctx {
    int per_hand;
} matchups_ctx;

static const matchups_ctx class_ctx = {0}, per_hand_ctx = {1};

static void job_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    run_unit(acc, scratch, ((const matchups_ctx *)ctx)->per_hand, unit);
}

static void merge_classes(matchups_acc *d, const matchups_acc *s) {
    for (int c = 0; c <= HS_POKER_CLASSES; c++) {
        d->wins[c] += s->wins[c];
        d->ties[c] += s->ties[c];
        d->hands[c] += s->hands[c];
    }
}

static void job_merge(void *dst, const void *src) {
    merge_classes(dst, src);
}

static void job_merge_per_hand(void *dst, const void *src) {
    matchups_acc *d = dst;
    const matchups_acc *s = src;
    merge_classes(d, s);
    for (uint32_t r = 0; r < HS_HANDS5; r++) {
        d->per_hand[r][0] += s->per_hand[r][0];
        d->per_hand[r][1] += s->per_hand[r][1];
    }
}

/* The tables from the finished sums (out and per_hand may be NULL: only checked). Every matchup
 * has a winner and a loser or is a tie, so the wins and losses add up to the same total, and
 * every hand appears once; a sum outside its bounds or a total that differs means the counts
 * were damaged. Returns HS_OK or HS_ERR_CORRUPT. */
static int finish(const matchups_acc *a, int per_hand_sums, hs_poker_matchups *out,
                  hs_showdown *per_hand) {
    hs_showdown total = {0, 0, 0};
    uint64_t all_hands = 0;
    int ok = a->hands[0] == 0 && a->wins[0] == 0 && a->ties[0] == 0;
    for (int cls = 1; cls <= HS_POKER_CLASSES && ok; cls++) {
        /* The sums over S of 0..4 cards count each hand's tie with itself once: the signs over
         * all subsets S of H add to 0, and the missing S = H would subtract it. */
        const int64_t wins = a->wins[cls], ties = a->ties[cls] - (int64_t)a->hands[cls];
        const uint64_t hands = a->hands[cls];
        const uint64_t pairs = hands * HS_SHOWDOWN_OPPONENTS;
        ok = hands <= HS_HANDS5 && wins >= 0 && ties >= 0 &&
             (uint64_t)wins + (uint64_t)ties <= pairs;
        if (!ok)
            break;
        all_hands += hands;
        total.wins += (uint64_t)wins;
        total.ties += (uint64_t)ties;
        total.losses += pairs - (uint64_t)wins - (uint64_t)ties;
        if (out != NULL) {
            out->hands[cls] = hands;
            out->wins[cls] = (uint64_t)wins;
            out->ties[cls] = (uint64_t)ties;
            out->losses[cls] = pairs - out->wins[cls] - out->ties[cls];
        }
    }
    ok = ok && all_hands == HS_HANDS5 && total.wins == total.losses;
    if (out != NULL)
        out->total = total;
    if (ok && per_hand_sums) {
        uint64_t wins_sum = 0, ties_sum = 0;
        for (uint32_t r = 0; r < HS_HANDS5 && ok; r++) {
            const int64_t wins = a->per_hand[r][0];
            const int64_t ties = a->per_hand[r][1] - 1; /* less the tie with itself, as above */
            ok = wins >= 0 && ties >= 0 && wins + ties <= (int64_t)HS_SHOWDOWN_OPPONENTS;
            wins_sum += (uint64_t)wins;
            ties_sum += (uint64_t)ties;
            if (per_hand != NULL && ok) {
                per_hand[r].wins = (uint64_t)wins;
                per_hand[r].ties = (uint64_t)ties;
                per_hand[r].losses = HS_SHOWDOWN_OPPONENTS - per_hand[r].wins - per_hand[r].ties;
            }
        }
        /* each hand's own showdowns add up to the class table's */
        ok = ok && wins_sum == total.wins && ties_sum == total.ties;
    }
    return ok ? HS_OK : HS_ERR_CORRUPT;
}

static int job_check(const void *ctx, const void *acc) {
    return finish(acc, ((const matchups_ctx *)ctx)->per_hand, NULL, NULL);
}

static const hs_job_def class_job = {
    "poker matchups", 1,   sizeof(matchups_acc), sizeof(group_scratch), job_unit, job_merge,
    job_check,        NULL};
static const hs_job_def per_hand_job = {"poker matchups per hand",
                                        1,
                                        sizeof(matchups_acc) + HS_HANDS5 * sizeof(int32_t[2]),
                                        sizeof(group_scratch),
                                        job_unit,
                                        job_merge_per_hand,
                                        job_check,
                                        NULL};

int hs_poker_matchups_job_new(int per_hand, hs_job **out) {
    return hs_job_new(per_hand ? &per_hand_job : &class_job,
                      (void *)(uintptr_t)(per_hand ? &per_hand_ctx : &class_ctx), NULL,
                      hs_poker_matchups_units(), per_hand ? "per_hand=1" : "per_hand=0",
                      hs_poker_tables_hash, out);
}

int hs_poker_matchups_job_result(const hs_job *job, hs_poker_matchups *out, hs_showdown *per_hand) {
    if (hs_job_units_done(job) != hs_job_units(job))
        return HS_ERR_ARG;
    const matchups_ctx *c = hs_job_ctx(job);
    if (per_hand != NULL && !c->per_hand)
        return HS_ERR_ARG;
    memset(out, 0, sizeof *out);
    int rc = finish(hs_job_acc_const(job), c->per_hand, out, per_hand);
    if (rc != HS_OK) {
        memset(out, 0, sizeof *out);
        if (per_hand != NULL)
            memset(per_hand, 0, HS_HANDS5 * sizeof *per_hand);
    }
    return rc;
}

int hs_poker_matchups_run(int threads, hs_progress_fn progress, void *ctx, hs_poker_matchups *out,
                          hs_showdown *per_hand) {
    memset(out, 0, sizeof *out);
    if (threads < 0)
        return HS_ERR_ARG;
    hs_job *job;
    int rc = hs_poker_matchups_job_new(per_hand != NULL, &job);
    if (rc != HS_OK)
        return rc;
    hs_job_opts o = {threads, progress, ctx, NULL, NULL, 0.0};
    rc = hs_job_run(job, 0, hs_job_units(job), &o);
    if (rc == HS_OK)
        rc = hs_poker_matchups_job_result(job, out, per_hand);
    hs_job_free(job);
    if (rc != HS_OK && per_hand != NULL)
        memset(per_hand, 0, HS_HANDS5 * sizeof *per_hand);
    return rc;
}
