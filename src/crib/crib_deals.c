/* Every two-player deal: the best keep by hand and by combined expectation.
 *
 * Scoring each deal's 15 x 45,540 crib cases would take 20 million times 2 ms. Instead the crib
 * cases of a throw T are counted against tables over all 50 cards other than T, and the cases
 * that use one of the deal's four kept cards K are taken out by inclusion-exclusion. A case is a
 * set W of three cards (two from the opponent, one starter: three cases per set, one for each
 * card as the starter) with f(W) its three crib totals summed:
 *
 *   sum over W avoiding K = S(T) - sum_x G1(T, x) + sum_{x<y} G2(T, xy) - sum_{x<y<z} f(xyz)
 *
 * where S(T) = sum of f over all W, G1(T, x) over the W holding x, G2(T, xy) over those holding
 * both (the W holding three given cards is that set itself, scored directly; no W holds four).
 * The hand's 46 starters likewise: the sum over the 48 cards other than K, minus the two thrown.
 * So one deal costs 210 scorings and a few dozen lookups. Deals are folded by suit permutation:
 * with lanes sorted (largest 13-bit lane first), each sorted deal stands for 24 / (product of
 * the factorials of its repeated lanes' multiplicities) deals.
 *
 * The throw tables are kept for one throw per class up to suit permutation (169 classes: 13
 * pairs, 78 suited, 78 offsuit), since relabelling the suits of T, x and y together leaves every
 * sum unchanged: G2(T, xy) = G2(s(T), s(x)s(y)) for a permutation s of the suits. A throw is
 * looked up through its class's row with its kept cards relabelled. The tables take 1 MB
 * instead of 4.3 MB for one row per throw, and making them takes 169 throw units, not 1,326. */
#include "discard_internal.h"

#include "crib_internal.h"
#include "handstat/error.h"
#include "combin.h"
#include "job_internal.h"

#include <stdlib.h>
#include <string.h>

#define PAIRS 1326    /* two-card sets */
#define HANDS4 270725 /* four-card sets */
#define LANE_VALUES 8192
#define THROW_CLASSES 169 /* two-card sets up to suit permutation */

/* How a throw is looked up: the row of its class, and the suit relabelling that takes it to the
 * class's representative as an offset by suit (card c goes to c + shift[suit of c]). */
typedef struct throw_map {
    uint8_t row;
    int8_t shift[HS_SUITS];
} throw_map;

struct hs_discard_tables {
    uint32_t s[THROW_CLASSES];            /* S(T): the crib sum over all 58,800 cases */
    uint32_t g1[THROW_CLASSES][HS_CARDS]; /* G1(T, x) */
    uint16_t g2[THROW_CLASSES][PAIRS];    /* G2(T, xy): at most 48 sets x 3 cases x 29 points */
    uint16_t h48[HANDS4];          /* hand-rules sum of a four-card hand over its 48 starters */
    throw_map map[PAIRS];          /* by colex rank of the throw */
    uint8_t rep[THROW_CLASSES][2]; /* the representative of each class, cards a < b */
};

/* The relabelling of throw {a, b}, rank(a) <= rank(b): a's suit becomes clubs and b's (when
 * another) diamonds, the other suits hearts and spades in their order. Writes the suit map and
 * returns the representative's colex rank. */
static int throw_canonical(int a, int b, int to[HS_SUITS]) {
    if (hs_card_rank(a) > hs_card_rank(b)) {
        const int c = a;
        a = b, b = c;
    }
    const int sa = hs_card_suit(a), sb = hs_card_suit(b);
    int next = sa == sb ? 1 : 2;
    for (int s = 0; s < HS_SUITS; s++)
        to[s] = s == sa ? 0 : s == sb ? 1 : next++;
    const int ca = hs_card(hs_card_rank(a), 0), cb = hs_card(hs_card_rank(b), to[sb]);
    return ca < cb ? hs_colex2(ca, cb) : hs_colex2(cb, ca);
}

/* The classes' rows in increasing colex order of their representatives, and every throw's map. */
static void throw_maps(hs_discard_tables *t) {
    int row_of[PAIRS], to[HS_SUITS];
    for (int p = 0; p < PAIRS; p++)
        row_of[p] = -1;
    for (int b = 1; b < HS_CARDS; b++)
        for (int a = 0; a < b; a++)
            row_of[throw_canonical(a, b, to)] = 0;
    int rows = 0;
    for (int b = 1; b < HS_CARDS; b++) /* colex order: b, then a, ascending */
        for (int a = 0; a < b; a++)
            if (row_of[hs_colex2(a, b)] == 0) {
                t->rep[rows][0] = (uint8_t)a, t->rep[rows][1] = (uint8_t)b;
                row_of[hs_colex2(a, b)] = ++rows; /* rows + 1: 0 marks a representative */
            }
    assert(rows == THROW_CLASSES);
    for (int b = 1; b < HS_CARDS; b++)
        for (int a = 0; a < b; a++) {
            throw_map *m = &t->map[hs_colex2(a, b)];
            m->row = (uint8_t)(row_of[throw_canonical(a, b, to)] - 1);
            for (int s = 0; s < HS_SUITS; s++)
                m->shift[s] = (int8_t)((to[s] - s) * HS_RANKS);
        }
}

/* Triples per batch call (three cases each). */
#define TRIPLES 340

/* The tables of class `row`, whose representative is the throw T = {a, b}: every set of three of
 * the 50 other cards. The sums grow in the unit's own arrays and are copied to the row at the
 * end: rows of neighbouring classes share cache lines, and two workers adding into them at once
 * would pass those lines back and forth. */
static void throw_tables(hs_discard_tables *t, int row, int a, int b) {
    const uint64_t thrown = hs_card_bit(a) | hs_card_bit(b);
    int other[50], n_other = 0;
    for (int c = 0; c < HS_CARDS; c++)
        if (c != a && c != b)
            other[n_other++] = c;
    uint64_t hands[3 * TRIPLES];
    uint8_t starters[3 * TRIPLES], totals[3 * TRIPLES];
    uint8_t sets[TRIPLES][3];
    uint32_t s = 0;
    uint32_t g1[HS_CARDS] = {0};
    uint16_t g2[PAIRS] = {0};
    int n = 0;
    for (int i = 0; i < n_other; i++)
        for (int j = i + 1; j < n_other; j++)
            for (int k = j + 1; k < n_other; k++) {
                const int x = other[i], y = other[j], z = other[k];
                sets[n][0] = (uint8_t)x, sets[n][1] = (uint8_t)y, sets[n][2] = (uint8_t)z;
                hands[3 * n] = thrown | hs_card_bit(x) | hs_card_bit(y), starters[3 * n] = z;
                hands[3 * n + 1] = thrown | hs_card_bit(x) | hs_card_bit(z),
                              starters[3 * n + 1] = y;
                hands[3 * n + 2] = thrown | hs_card_bit(y) | hs_card_bit(z),
                              starters[3 * n + 2] = x;
                n++;
                const int last = i == n_other - 3 && j == n_other - 2 && k == n_other - 1;
                if (n < TRIPLES && !last)
                    continue;
                hs_crib_total_batch(hands, starters, (size_t)(3 * n), HS_CRIB_CRIB, totals);
                for (int m = 0; m < n; m++) {
                    const unsigned f = totals[3 * m] + totals[3 * m + 1] + totals[3 * m + 2];
                    const int p = sets[m][0], q = sets[m][1], r = sets[m][2];
                    s += f;
                    g1[p] += f, g1[q] += f, g1[r] += f;
                    g2[hs_colex2(p, q)] += (uint16_t)f;
                    g2[hs_colex2(p, r)] += (uint16_t)f;
                    g2[hs_colex2(q, r)] += (uint16_t)f;
                }
                n = 0;
            }
    t->s[row] = s;
    memcpy(t->g1[row], g1, sizeof g1);
    memcpy(t->g2[row], g2, sizeof g2);
}

/* The hand sums over 48 starters of every four-card hand whose highest card is d. */
static void hand_tables(hs_discard_tables *t, int d) {
    uint64_t hands[48];
    uint8_t starters[48], totals[48];
    for (int a = 0; a < d; a++)
        for (int b = a + 1; b < d; b++)
            for (int c = b + 1; c < d; c++) {
                const uint64_t hand =
                    hs_card_bit(a) | hs_card_bit(b) | hs_card_bit(c) | hs_card_bit(d);
                int n = 0;
                for (int s = 0; s < HS_CARDS; s++)
                    if (!(hand & hs_card_bit(s))) {
                        hands[n] = hand;
                        starters[n++] = (uint8_t)s;
                    }
                hs_crib_total_batch(hands, starters, 48, HS_CRIB_HAND, totals);
                unsigned sum = 0;
                for (int i = 0; i < 48; i++)
                    sum += totals[i];
                t->h48[hs_colex4(a, b, c, d)] = (uint16_t)sum;
            }
}

/* The tables are a job without counts: units 0..168 fill one throw class's row each, the next
 * 49 the hand sums of the four-card hands with highest card 51 down to 3. Each unit writes only
 * its own rows. */
#define TABLE_UNITS (THROW_CLASSES + HS_CARDS - 3)

static void tables_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    (void)acc, (void)scratch;
    hs_discard_tables *t = ctx;
    if (unit < THROW_CLASSES)
        throw_tables(t, (int)unit, t->rep[unit][0], t->rep[unit][1]);
    else
        hand_tables(t, HS_CARDS - 1 - (int)(unit - THROW_CLASSES));
}

static const hs_job_def tables_job = {"crib deals tables", 1, 0, 0, tables_unit, NULL, NULL, NULL};

int hs_discard_tables_new(int threads, hs_discard_tables **out) {
    *out = NULL;
    if (threads < 0)
        return HS_ERR_ARG;
    hs_discard_tables *t = calloc(1, sizeof *t);
    if (t == NULL)
        return HS_ERR_NOMEM;
    throw_maps(t);
    hs_job *job;
    int rc = hs_job_new(&tables_job, t, NULL, TABLE_UNITS, "", hs_crib_tables_hash, &job);
    if (rc == HS_OK)
        rc = hs_job_run_whole(job, threads, NULL, NULL, NULL);
    if (rc != HS_OK) {
        free(t);
        return rc;
    }
    *out = t;
    return HS_OK;
}

void hs_discard_tables_free(hs_discard_tables *t) {
    free(t);
}

void hs_discard_deal_sums(const hs_discard_tables *t, uint64_t dealt, uint64_t keep[15],
                          uint64_t hand_sum[15], uint64_t crib_sum[15]) {
    int d[6], n = 0;
    for (uint64_t m = dealt; m != 0; m &= m - 1)
        d[n++] = __builtin_ctzll(m);
    /* 15 throws x (2 hand scorings + 4 triples x 3 crib scorings), in two batches. */
    uint64_t hh[30], ch[180];
    uint8_t hs[30], cs[180], ht[30], ct[180];
    int k4[15][4];
    int nh = 0, nc = 0;
    for (int i = 0, ti = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++, ti++) {
            int *k = k4[ti], nk = 0;
            for (int c = 0; c < 6; c++)
                if (c != i && c != j)
                    k[nk++] = d[c];
            const uint64_t thrown = hs_card_bit(d[i]) | hs_card_bit(d[j]);
            keep[ti] = dealt & ~thrown;
            hh[nh] = keep[ti], hs[nh++] = (uint8_t)d[i];
            hh[nh] = keep[ti], hs[nh++] = (uint8_t)d[j];
            /* the four triples of K: leave out one card each */
            for (int out = 0; out < 4; out++) {
                uint64_t tri = keep[ti] & ~hs_card_bit(k[out]);
                for (uint64_t m = tri; m != 0; m &= m - 1) {
                    const int st = __builtin_ctzll(m);
                    ch[nc] = thrown | (tri & ~hs_card_bit(st));
                    cs[nc++] = (uint8_t)st;
                }
            }
        }
    hs_crib_total_batch(hh, hs, 30, HS_CRIB_HAND, ht);
    hs_crib_total_batch(ch, cs, 180, HS_CRIB_CRIB, ct);
    for (int i = 0, ti = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++, ti++) {
            const int *k = k4[ti];
            hand_sum[ti] = t->h48[hs_colex4(k[0], k[1], k[2], k[3])] - ht[2 * ti] - ht[2 * ti + 1];
            /* the throw's class row, read with the kept cards relabelled as the throw was */
            const throw_map *m = &t->map[hs_colex2(d[i], d[j])];
            const uint32_t *g1 = t->g1[m->row];
            const uint16_t *g2 = t->g2[m->row];
            int km[4];
            for (int x = 0; x < 4; x++)
                km[x] = k[x] + m->shift[hs_card_suit(k[x])];
            int64_t c = t->s[m->row];
            for (int x = 0; x < 4; x++) {
                c -= g1[km[x]];
                for (int y = x + 1; y < 4; y++)
                    c += g2[km[x] < km[y] ? hs_colex2(km[x], km[y]) : hs_colex2(km[y], km[x])];
            }
            for (int u = 0; u < 12; u++)
                c -= ct[12 * ti + u];
            crib_sum[ti] = (uint64_t)c;
        }
}

void hs_deals_pattern_ranks(int p, int ranks[4]) {
    /* colex unranking of the strictly increasing s_i = ranks[i] + i in 0..15 */
    static const int binom[17][5] = {
        {1, 0, 0, 0, 0},         {1, 1, 0, 0, 0},        {1, 2, 1, 0, 0},
        {1, 3, 3, 1, 0},         {1, 4, 6, 4, 1},        {1, 5, 10, 10, 5},
        {1, 6, 15, 20, 15},      {1, 7, 21, 35, 35},     {1, 8, 28, 56, 70},
        {1, 9, 36, 84, 126},     {1, 10, 45, 120, 210},  {1, 11, 55, 165, 330},
        {1, 12, 66, 220, 495},   {1, 13, 78, 286, 715},  {1, 14, 91, 364, 1001},
        {1, 15, 105, 455, 1365}, {1, 16, 120, 560, 1820}};
    for (int i = 3; i >= 0; i--) {
        int s = i;
        while (binom[s + 1][i + 1] <= p)
            s++;
        p -= binom[s][i + 1];
        ranks[i] = s - i;
    }
}

int hs_deals_pattern_index(const int ranks[4]) {
    int p = 0;
    for (int i = 0; i < 4; i++) {
        /* C(ranks[i] + i, i + 1) */
        int s = ranks[i] + i, c = 1;
        for (int k = 0; k <= i; k++)
            c = c * (s - k) / (k + 1);
        p += c;
    }
    return p;
}

int hs_keep_pattern(uint64_t keep) {
    uint32_t key = hs_keep_rank_key(keep);
    int r[4] = {(int)(key / 2197), (int)(key / 169 % 13), (int)(key / 13 % 13), (int)(key % 13)};
    return hs_deals_pattern_index(r);
}

/* floor(a / b) for b > 0 */
static int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* Count one deal standing for `weight` deals. */
static void add_deal(const hs_discard_tables *t, uint64_t dealt, uint64_t weight,
                     hs_discard_deals *acc) {
    uint64_t keep[15], hand[15], crib[15];
    hs_discard_deal_sums(t, dealt, keep, hand, crib);
    int best[3] = {0, 0, 0};
    int64_t fig[3][15];
    for (int k = 0; k < 15; k++) {
        fig[HS_BEST_HAND][k] = (int64_t)hand[k];
        fig[HS_BEST_DEALER][k] = (int64_t)(hand[k] * 990) + (int64_t)crib[k];
        fig[HS_BEST_PONE][k] = (int64_t)(hand[k] * 990) - (int64_t)crib[k];
    }
    for (int c = 0; c < 3; c++)
        for (int k = 1; k < 15; k++) {
            const int b = best[c];
            /* the hand criterion's second key is the hand itself, so it falls to the ranks */
            if (hs_keep_better(fig[c][k], hand[k], keep[k], fig[c][b], hand[b], keep[b]))
                best[c] = k;
        }
    const uint64_t h = hand[best[HS_BEST_HAND]];
    acc->best_hand[h] += weight;
    acc->sum_best_hand += weight * h;
    for (int r = 0; r < 2; r++) {
        const int64_t num = fig[1 + r][best[1 + r]];
        const int bin = hs_deals_bin(num, HS_DISCARD_CRIB_CASES2);
        acc->best_combined[r][bin] += weight;
        acc->sum_best_combined[r] += (int64_t)weight * num;
    }
    for (int c = 0; c < 3; c++)
        acc->pattern[c][hs_keep_pattern(keep[best[c]])] += weight;
    acc->deals += weight;
    acc->canonical++;
}

/* The lanes of the given popcount below or equal to `bound`, by Gosper's hack; calls with 0. */
#define FOR_LANES(var, bits, bound)                                                                \
    for (unsigned var = (bits) == 0 ? 0u : (1u << (bits)) - 1; var <= (bound);                     \
         var = (bits) == 0 ? (bound) + 1 : next_lane(var))

/* The next larger 13-bit value with the same popcount, or LANE_VALUES when none (Gosper). */
static unsigned next_lane(unsigned v) {
    unsigned low = v & -v, ripple = v + low;
    unsigned next = ripple | (((v ^ ripple) >> 2) / low);
    return next < LANE_VALUES ? next : LANE_VALUES;
}

size_t hs_discard_deals_units(void) {
    return LANE_VALUES - 1;
}

void hs_deals_walk(size_t unit, void (*fn)(uint64_t dealt, uint64_t weight, void *ctx), void *ctx) {
    const unsigned l0 = (unsigned)unit + 1;
    const int rem = 6 - __builtin_popcount(l0);
    if (rem < 0)
        return;
    for (int k1 = 0; k1 <= rem; k1++)
        FOR_LANES(l1, k1, l0) {
            for (int k2 = 0; k2 <= rem - k1; k2++)
                FOR_LANES(l2, k2, l1) {
                    const int k3 = rem - k1 - k2;
                    FOR_LANES(l3, k3, l2) {
                        const unsigned l[4] = {l0, l1, l2, l3};
                        const uint64_t dealt = (uint64_t)l0 | (uint64_t)l1 << 13 |
                                               (uint64_t)l2 << 26 | (uint64_t)l3 << 39;
                        fn(dealt, (uint64_t)hs_suit_orbit_sorted(l), ctx);
                    }
                }
        }
}

typedef struct deal_ctx {
    const hs_discard_tables *t;
    hs_discard_deals *acc;
} deal_ctx;

static void add_deal_to(uint64_t dealt, uint64_t weight, void *ctx) {
    const deal_ctx *c = ctx;
    add_deal(c->t, dealt, weight, c->acc);
}

void hs_discard_deals_unit(const hs_discard_tables *t, size_t unit, hs_discard_deals *acc) {
    deal_ctx c = {t, acc};
    hs_deals_walk(unit, add_deal_to, &c);
}

void hs_discard_deals_merge(hs_discard_deals *dst, const hs_discard_deals *src) {
    dst->deals += src->deals;
    dst->canonical += src->canonical;
    for (int i = 0; i < HS_DEALS_HAND_NUMS; i++)
        dst->best_hand[i] += src->best_hand[i];
    for (int r = 0; r < 2; r++) {
        for (int i = 0; i < HS_DEALS_BINS; i++)
            dst->best_combined[r][i] += src->best_combined[r][i];
        dst->sum_best_combined[r] += src->sum_best_combined[r];
    }
    for (int c = 0; c < 3; c++)
        for (int i = 0; i < HS_DEALS_PATTERNS; i++)
            dst->pattern[c][i] += src->pattern[c][i];
    dst->sum_best_hand += src->sum_best_hand;
}

static void deals_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    (void)scratch;
    hs_discard_deals_unit(ctx, unit, acc);
}

static void deals_merge(void *dst, const void *src) {
    hs_discard_deals_merge(dst, src);
}

/* The invariants of the finished counts: every deal once in each table, the orbit
 * representatives counted, the sums of the best figures consistent with their histograms (the
 * hand sums exactly; a combined figure lies within its bin's bounds). */
static int deals_check(const void *ctx, const void *acc) {
    (void)ctx;
    const hs_discard_deals *d = acc;
    uint64_t hand = 0, sum_hand = 0;
    for (int k = 0; k < HS_DEALS_HAND_NUMS; k++) {
        hand += d->best_hand[k];
        sum_hand += d->best_hand[k] * (uint64_t)k;
    }
    int ok = d->deals == HS_DEALS6 && d->canonical == HS_DEALS6_CANONICAL && hand == d->deals &&
             sum_hand == d->sum_best_hand;
    for (int r = 0; r < 2 && ok; r++)
        ok = hs_deals_bins_hold(d->best_combined[r], HS_DISCARD_CRIB_CASES2,
                                d->sum_best_combined[r]) == d->deals;
    for (int c = 0; c < 3 && ok; c++) {
        uint64_t n = 0;
        for (int i = 0; i < HS_DEALS_PATTERNS; i++)
            n += d->pattern[c][i];
        ok = n == d->deals;
    }
    return ok ? HS_OK : HS_ERR_CORRUPT;
}

uint64_t hs_deals_bins_hold(const uint64_t bins[HS_DEALS_BINS], int64_t den, int64_t sum) {
    uint64_t n = 0;
    int64_t lo = 0, hi = 0;
    for (int b = 0; b < HS_DEALS_BINS; b++) {
        /* bin b: floor(10 num / den) = b - OFFSET, so 10 num lies in
         * [(b - OFFSET) den, (b - OFFSET + 1) den - 1] */
        const int64_t c = (int64_t)bins[b];
        const int64_t low10 = (int64_t)(b - HS_DEALS_BIN_OFFSET) * den;
        n += bins[b];
        lo += c * -floor_div(-low10, 10);
        hi += c * floor_div(low10 + den - 1, 10);
    }
    return lo <= sum && sum <= hi ? n : UINT64_MAX;
}

static const hs_job_def deals_job = {
    "crib deals", 1, sizeof(hs_discard_deals), 0, deals_unit, deals_merge, deals_check, NULL};

int hs_discard_deals_job_new(const hs_discard_tables *t, hs_job **out) {
    /* The job reads the tables, which the caller keeps until hs_job_free. */
    return hs_job_new(&deals_job, (void *)(uintptr_t)t, NULL, hs_discard_deals_units(), "",
                      hs_crib_tables_hash, out);
}

const hs_discard_deals *hs_discard_deals_job_counts(const hs_job *job) {
    return hs_job_acc_const(job);
}

int hs_discard_deals_run(const hs_discard_tables *t, int threads, hs_progress_fn progress,
                         void *ctx, hs_discard_deals *out) {
    memset(out, 0, sizeof *out);
    if (threads < 0)
        return HS_ERR_ARG;
    hs_job *job;
    int rc = hs_discard_deals_job_new(t, &job);
    return rc != HS_OK ? rc : hs_job_run_whole(job, threads, progress, ctx, out);
}
