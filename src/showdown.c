/* Poker showdowns: one five-card hand against every disjoint five-card hand by counting the
 * opponents of each rank multiset, and every hand against every disjoint hand by
 * inclusion-exclusion over shared cards. Only hs_poker_matchups_run() uses OpenMP. */
#include "handstat/showdown.h"
#include "handstat/error.h"
#include "run_internal.h"
#include "poker_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

/* C(n, k) for small arguments; 0 when k > n. Each step is exact: r * (n - k + i) is divisible
 * by i because r * (n - k + i) / i = C(n - k + i, i). */
static uint32_t binom(unsigned n, unsigned k) {
    if (k > n)
        return 0;
    uint64_t r = 1;
    for (unsigned i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return (uint32_t)r;
}

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

/* The k-subset of the 52 cards with colex rank `rank`: the largest card c with C(c,k) <= rank
 * first, then the rest of the rank among the cards below it. */
static uint64_t unrank_subset(uint32_t rank, int k) {
    uint64_t set = 0;
    unsigned c = HS_CARDS;
    for (int i = k; i >= 1; i--) {
        do
            c--;
        while (binom(c, (unsigned)i) > rank);
        set |= hs_card_bit((int)c);
        rank -= binom(c, (unsigned)i);
    }
    return set;
}

uint64_t hs_hand5_unrank(uint32_t rank) {
    assert(rank < HS_HANDS5);
    return unrank_subset(rank, 5);
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

/* One worker's signed partial sums and scratch space for one group at a time. */
typedef struct worker {
    int64_t wins[HS_POKER_CLASSES + 1]; /* sum over groups of sign * count * worse */
    int64_t ties[HS_POKER_CLASSES + 1]; /* sum over groups of sign * count * count */
    uint64_t hands[HS_POKER_CLASSES + 1];
    /* the current group: members of each class, members worse than each class, and the bit set
     * of classes present (hist is all zero and occ empty between groups) */
    uint32_t hist[HS_POKER_CLASSES + 1];
    uint32_t worse[HS_POKER_CLASSES + 1];
    uint64_t occ[OCC_WORDS];
    /* per hand (by colex rank) [wins, ties] partial sums, or NULL: every term of a hand's sum is
     * below C(52,5) in size and there are 31 of them, far inside int32 */
    int32_t (*per_hand)[2];
} worker;

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

/* Add group S (k cards)'s terms, with sign (-1)^k, `weight` times to the worker's class sums
 * (and once to its per-hand sums when it has them). */
static void run_group(worker *w, uint64_t set, int k, int64_t weight) {
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
            w->wins[cls] += term * (int64_t)(count * above);
            w->ties[cls] += term * (int64_t)(count * count);
            if (k == 0)
                w->hands[cls] += count;
            w->worse[cls] = (uint32_t)above;
            above += count;
        }
    }

    /* Pass 2 (per-hand output only): the same terms for each member by its colex rank. */
    if (w->per_hand != NULL) {
        int32_t(*per_hand)[2] = w->per_hand;
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
    for (int s = 0; s < HS_SUITS; s++)
        lane[s] = hs_lane(set, s);
    int64_t orbit = 24, run = 1;
    for (int s = 1; s < HS_SUITS; s++) {
        if (lane[s] > lane[s - 1])
            return 0;
        run = lane[s] == lane[s - 1] ? run + 1 : 1;
        orbit /= run; /* dividing by 2, 3, 4 in turn along a run divides by its factorial */
    }
    return orbit;
}

/* Run work unit `unit`: per_unit consecutive groups of one size, the first found by unranking
 * and the next ones by stepping to the next k-subset in colex order (the next larger mask with
 * as many bits: Gosper's hack). Without per-hand sums, only the smallest group of each suit orbit
 * runs, weighted by the orbit's size (about 7 times less work); with them every group runs. */
static void run_unit(worker *w, size_t unit) {
    int k = 0;
    while (unit >= group_sizes[k].groups / group_sizes[k].per_unit) {
        unit -= group_sizes[k].groups / group_sizes[k].per_unit;
        k++;
    }
    uint64_t set = unrank_subset((uint32_t)unit * group_sizes[k].per_unit, k);
    for (uint32_t g = 0; g < group_sizes[k].per_unit; g++) {
        int64_t weight = w->per_hand != NULL ? 1 : suit_orbit(set);
        if (weight != 0)
            run_group(w, set, k, weight);
        if (k > 0) {
            uint64_t low = set & -set, ripple = set + low;
            set = ripple | (((set ^ ripple) >> 2) / low);
        }
    }
}

int hs_poker_matchups_run(int threads, hs_progress_fn progress, void *ctx, hs_poker_matchups *out,
                          hs_showdown *per_hand) {
    memset(out, 0, sizeof *out);
    if (threads < 0)
        return HS_ERR_ARG;
    const size_t units = hs_poker_matchups_units();
    int team = threads > 0 ? threads : omp_get_max_threads();
    if ((size_t)team > units)
        team = (int)units;
    worker *workers = calloc((size_t)team, sizeof *workers);
    if (workers == NULL)
        return HS_ERR_NOMEM;
    int rc = HS_OK;
    for (int i = 0; i < team && per_hand != NULL; i++) {
        workers[i].per_hand = calloc(HS_HANDS5, sizeof *workers[i].per_hand);
        if (workers[i].per_hand == NULL)
            rc = HS_ERR_NOMEM;
    }
    hs_run run = hs_run_start(progress, ctx, units);
    if (rc == HS_OK) {
#pragma omp parallel num_threads(team)
        {
            worker *w = &workers[omp_get_thread_num()];
            /* Units differ in size (unit 0 is ten times the others), so they are handed out as
             * workers come free; the sums are exact, so who runs a unit never changes them. */
#pragma omp for schedule(dynamic, 1)
            for (size_t u = 0; u < units; u++) {
                if (hs_run_stopped(&run))
                    continue;
                run_unit(w, u);
                hs_run_unit_done(&run);
            }
        }
        if (run.cancelled)
            rc = HS_ERR_CANCELLED;
    }

    if (rc == HS_OK) {
        for (int cls = 1; cls <= HS_POKER_CLASSES; cls++) {
            int64_t wins = 0, ties = 0;
            uint64_t hands = 0;
            for (int i = 0; i < team; i++) {
                wins += workers[i].wins[cls];
                ties += workers[i].ties[cls];
                hands += workers[i].hands[cls];
            }
            /* The sums over S of 0..4 cards count each hand's tie with itself once: the signs
             * over all subsets S of H add to 0, and the missing S = H would subtract it. */
            ties -= (int64_t)hands;
            const uint64_t pairs = hands * HS_SHOWDOWN_OPPONENTS;
            assert(wins >= 0 && ties >= 0 && (uint64_t)wins + (uint64_t)ties <= pairs);
            out->hands[cls] = hands;
            out->wins[cls] = (uint64_t)wins;
            out->ties[cls] = (uint64_t)ties;
            out->losses[cls] = pairs - out->wins[cls] - out->ties[cls];
            out->total.wins += out->wins[cls];
            out->total.ties += out->ties[cls];
            out->total.losses += out->losses[cls];
        }
        for (uint32_t r = 0; per_hand != NULL && r < HS_HANDS5; r++) {
            int64_t wins = 0, ties = -1; /* less the tie with itself, as above */
            for (int i = 0; i < team; i++) {
                wins += workers[i].per_hand[r][0];
                ties += workers[i].per_hand[r][1];
            }
            assert(wins >= 0 && ties >= 0 && wins + ties <= (int64_t)HS_SHOWDOWN_OPPONENTS);
            per_hand[r].wins = (uint64_t)wins;
            per_hand[r].ties = (uint64_t)ties;
            per_hand[r].losses = HS_SHOWDOWN_OPPONENTS - per_hand[r].wins - per_hand[r].ties;
        }
    }
    for (int i = 0; i < team; i++)
        free(workers[i].per_hand);
    free(workers);
    if (rc == HS_ERR_CANCELLED) {
        memset(out, 0, sizeof *out);
        if (per_hand != NULL)
            memset(per_hand, 0, HS_HANDS5 * sizeof *per_hand);
    }
    return rc;
}
