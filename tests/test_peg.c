/* Double-dummy pegging: the library's search and its table against the plain reference of
 * peg_ref.c on random and crafted positions, hand-worked values, and optimal lines replayed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "peg_ref.h"

static uint64_t seed = 0x9E3779B97F4A7C15u;
static unsigned next_random(void) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return (unsigned)(seed >> 11);
}

/* n distinct random cards' ranks into r[] (cards drawn without replacement). */
static void deal_ranks(int *r, int n) {
    uint64_t used = 0;
    for (int i = 0; i < n;) {
        int c = (int)(next_random() % 52);
        if (used >> c & 1)
            continue;
        used |= UINT64_C(1) << c;
        r[i++] = c % 13;
    }
}

static hs_peg_position position(const int *pone, int np, const int *dealer, int nd, const int *seq,
                                int len, int last, int turn) {
    hs_peg_position p;
    memset(&p, 0, sizeof p);
    for (int i = 0; i < np; i++)
        p.hand[0][i] = (uint8_t)pone[i];
    for (int i = 0; i < nd; i++)
        p.hand[1][i] = (uint8_t)dealer[i];
    for (int i = 0; i < len; i++)
        p.seq[i] = (uint8_t)seq[i];
    p.n[0] = np;
    p.n[1] = nd;
    p.seq_len = len;
    p.last = last;
    p.to_move = turn;
    return p;
}

/* Replay a line from p: each card from its player's hand and playable, each score what the
 * reference scores, the go points where neither can lay; the totals' difference is the value. */
static void check_line(const hs_peg_position *p, int value) {
    hs_peg_event ev[HS_PEG_MAX_EVENTS];
    int pp = -1, dp = -1;
    int n = hs_peg_line(p, ev, &pp, &dp);
    assert_int_equal(pp - dp, value);
    int hand[2][4], cnt[2] = {p->n[0], p->n[1]}, seq[8], len = p->seq_len, count = 0;
    for (int q = 0; q < 2; q++)
        for (int i = 0; i < p->n[q]; i++)
            hand[q][i] = p->hand[q][i];
    for (int i = 0; i < len; i++) {
        seq[i] = p->seq[i];
        count += seq[i] >= 9 ? 10 : seq[i] + 1;
    }
    int sum[2] = {0, 0};
    for (int e = 0; e < n; e++) {
        const hs_peg_event *x = &ev[e];
        sum[x->player] += x->points;
        if (x->rank < 0) { /* a go: the count starts again */
            assert_true(x->points == 1 && count < 31);
            len = 0;
            count = 0;
            continue;
        }
        int k = 0;
        while (k < cnt[x->player] && hand[x->player][k] != x->rank)
            k++;
        assert_true(k < cnt[x->player]); /* the card was in that hand */
        hand[x->player][k] = hand[x->player][--cnt[x->player]];
        if (count == 31) { /* 31: a new sequence without a go point */
            len = 0;
            count = 0;
        }
        count += x->rank >= 9 ? 10 : x->rank + 1;
        assert_true(count <= 31);
        assert_int_equal(x->count, count);
        seq[len++] = x->rank;
        assert_int_equal(x->points, ref_peg_points(seq, len));
    }
    assert_int_equal(cnt[0] + cnt[1], 0); /* every card laid */
    assert_int_equal(sum[0], pp);
    assert_int_equal(sum[1], dp);
}

static void test_random_starts(void **state) {
    (void)state;
    for (int t = 0; t < 2500; t++) {
        int r[8];
        deal_ranks(r, 8);
        const int ref = ref_peg_value(r, 4, r + 4, 4, NULL, 0, -1, 0);
        hs_peg_position p = position(r, 4, r + 4, 4, NULL, 0, -1, 0);
        assert_int_equal(hs_peg_check(&p), HS_OK);
        if (hs_peg_value(&p) != ref)
            fail_msg("pone %d %d %d %d dealer %d %d %d %d: %d, reference %d", r[0], r[1], r[2],
                     r[3], r[4], r[5], r[6], r[7], hs_peg_value(&p), ref);
        uint8_t a[4], b[4];
        for (int i = 0; i < 4; i++) {
            a[i] = (uint8_t)r[i];
            b[i] = (uint8_t)r[4 + i];
        }
        assert_int_equal(hs_peg_start_value(hs_peg_mset_index(a), hs_peg_mset_index(b)), ref);
        if (t < 300)
            check_line(&p, ref);
    }
}

/* Random positions in the middle of the play: some cards laid (a legal sequence), a count, the
 * player to move, fewer cards in hand. */
static void test_random_positions(void **state) {
    (void)state;
    for (int t = 0; t < 2000; t++) {
        int r[8];
        deal_ranks(r, 8);
        int np = (int)(next_random() % 5), nd = (int)(next_random() % 5);
        int seq[8], len = 0, count = 0;
        for (int i = np + nd; i < 8 && len < 4; i++) { /* up to four of the rest as a sequence */
            int pips = r[i] >= 9 ? 10 : r[i] + 1;
            if (count + pips > 31)
                break;
            seq[len++] = r[i];
            count += pips;
        }
        int last = len > 0 ? (int)(next_random() % 2) : -1, turn = (int)(next_random() % 2);
        const int ref = ref_peg_value(r, np, r + np, nd, seq, len, last, turn);
        hs_peg_position p = position(r, np, r + np, nd, seq, len, last, turn);
        assert_int_equal(hs_peg_check(&p), HS_OK);
        assert_int_equal(hs_peg_value(&p), ref);
    }
}

typedef struct crafted {
    const char *what;
    int pone[4], np, dealer[4], nd, seq[8], len, last, turn;
    int value; /* worked by hand */
} crafted;

/* Ranks: 0 ace .. 4 five .. 9 ten .. 12 king. */
static const crafted CRAFTED[] = {
    /* pone 5 (5), dealer T 15 for 2, 5 (20), T (30), go 1 to the dealer; pone leads again: the
     * same: -6 */
    {"all fives against all tens", {4, 4, 4, 4}, 4, {9, 9, 9, 9}, 4, {0}, 0, -1, 0, -6},
    /* 7 (7), 7 pair 2, 7 pair royal 6, 7 double pair royal 12 (28), last card 1 */
    {"four of a kind in a row", {6, 6}, 2, {6, 6}, 2, {0}, 0, -1, 0, 6 - 15},
    /* count 30 (T T T); the pone's ace makes 31 for 2 and no go; the dealer's 4 then leads a new
     * sequence and is the last card: 1 */
    {"a count of exactly 31", {0}, 1, {3}, 1, {9, 10, 11}, 3, 1, 0, 2 - 1},
    /* the pone has no cards: the dealer lays 9 (24, a run 7-8-9? no: 7 8 then 9 is a run of
     * three: 3), then 5 cannot (29 ok: 5 -> 29), then the last card 1 */
    {"a player out of cards", {0}, 0, {8, 4}, 2, {6, 7}, 2, 0, 1, -(3 + 0 + 1)},
    /* count 27 (9 9 9: 27 with nines); the pone's 4 (31? 27 + 4 = 31) ... see the reference */
    {"runs broken by a go", {2, 3}, 2, {1, 4}, 2, {9, 9, 5}, 3, 1, 0, 0},
};

static void test_crafted(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof CRAFTED / sizeof CRAFTED[0]; i++) {
        const crafted *c = &CRAFTED[i];
        hs_peg_position p =
            position(c->pone, c->np, c->dealer, c->nd, c->seq, c->len, c->last, c->turn);
        assert_int_equal(hs_peg_check(&p), HS_OK);
        const int ref =
            ref_peg_value(c->pone, c->np, c->dealer, c->nd, c->seq, c->len, c->last, c->turn);
        const int got = hs_peg_value(&p);
        if (got != ref)
            fail_msg("%s: %d, reference %d", c->what, got, ref);
        if (i < 4 && got != c->value) /* the last one's value is the reference's alone */
            fail_msg("%s: %d, worked by hand %d", c->what, got, c->value);
        check_line(&p, got);
    }
}

static void test_bad_positions(void **state) {
    (void)state;
    const int five[4] = {4, 4, 4, 4};
    hs_peg_position p = position(five, 4, five, 1, NULL, 0, -1, 0); /* five fives */
    assert_int_equal(hs_peg_check(&p), HS_ERR_ARG);
    const int tens[4] = {9, 10, 11, 12};
    p = position(tens, 4, tens, 0, tens, 4, 0, 1); /* a count of 40 */
    assert_int_equal(hs_peg_check(&p), HS_ERR_ARG);
    p = position(tens, 1, tens + 1, 1, NULL, 0, 0, 0); /* a last player with nothing laid */
    assert_int_equal(hs_peg_check(&p), HS_ERR_ARG);
    p = position(tens, 1, tens + 1, 1, NULL, 0, -1, 2);
    assert_int_equal(hs_peg_check(&p), HS_ERR_ARG);
}

/* hs_peg_keep_sum against a direct sum over every four of the 46 unseen cards, each hand solved
 * by the search (remembered by its sorted ranks within one keep), for `deals` random deals, every
 * keep, both roles. */
static void check_keep_sums(int deals) {
    for (int t = 0; t < deals; t++) {
        int dealt[6];
        uint64_t mask = 0;
        for (int i = 0; i < 6;) {
            int c = (int)(next_random() % 52);
            if (mask >> c & 1)
                continue;
            mask |= UINT64_C(1) << c;
            dealt[i++] = c;
        }
        int unseen[46], nu = 0;
        for (int c = 0; c < 52; c++)
            if (!(mask >> c & 1))
                unseen[nu++] = c;
        for (int role = 0; role < 2; role++)
            for (int drop = 0; drop < 15; drop++) { /* the keep without the drop-th pair */
                int a = 0, b = 1;
                for (int k = 0; k < drop; k++)
                    if (++b == 6) {
                        a++;
                        b = a + 1;
                    }
                uint8_t mine[4];
                uint64_t keep = 0;
                for (int i = 0, n = 0; i < 6; i++)
                    if (i != a && i != b) {
                        mine[n++] = (uint8_t)(dealt[i] % 13);
                        keep |= UINT64_C(1) << dealt[i];
                    }
                static int memo[13 * 13 * 13 * 13];
                memset(memo, 0x7f, sizeof memo);
                int64_t direct = 0, hands = 0;
                for (int w = 0; w < nu; w++)
                    for (int x = w + 1; x < nu; x++)
                        for (int y = x + 1; y < nu; y++)
                            for (int z = y + 1; z < nu; z++) {
                                int r[4] = {unseen[w] % 13, unseen[x] % 13, unseen[y] % 13,
                                            unseen[z] % 13};
                                for (int i = 1; i < 4; i++) /* sorted, for the memo */
                                    for (int j = i; j > 0 && r[j - 1] > r[j]; j--) {
                                        int tmp = r[j];
                                        r[j] = r[j - 1];
                                        r[j - 1] = tmp;
                                    }
                                int key = ((r[0] * 13 + r[1]) * 13 + r[2]) * 13 + r[3];
                                if (memo[key] == 0x7f7f7f7f) {
                                    const int theirs[4] = {r[0], r[1], r[2], r[3]};
                                    const int me[4] = {mine[0], mine[1], mine[2], mine[3]};
                                    hs_peg_position p =
                                        role == HS_CRIB_PONE
                                            ? position(me, 4, theirs, 4, NULL, 0, -1, 0)
                                            : position(theirs, 4, me, 4, NULL, 0, -1, 0);
                                    const int v = hs_peg_value(&p);
                                    memo[key] = role == HS_CRIB_PONE ? v : -v;
                                }
                                direct += memo[key];
                                hands++;
                            }
                assert_int_equal(hands, HS_PEG_OPPONENT_HANDS);
                int64_t sum = 0;
                assert_int_equal(hs_peg_keep_sum(mask, keep, (hs_crib_role)role, &sum), HS_OK);
                if (sum != direct)
                    fail_msg("deal %d keep %d role %d: %lld, direct %lld", t, drop, role,
                             (long long)sum, (long long)direct);
            }
    }
}

static void test_keep_sums(void **state) {
    (void)state;
    check_keep_sums(2);
    int64_t sum;
    assert_int_equal(hs_peg_keep_sum(0x3F, 0x3, HS_CRIB_DEALER, &sum), HS_ERR_COUNT);
    assert_int_equal(hs_peg_keep_sum(0x3F, 0xF0, HS_CRIB_DEALER, &sum), HS_ERR_COUNT);
    assert_int_equal(hs_peg_keep_sum(0x1F, 0xF, HS_CRIB_DEALER, &sum), HS_ERR_COUNT);
    assert_int_equal(hs_peg_keep_sum(0x3F, 0xF, (hs_crib_role)2, &sum), HS_ERR_ARG);
}

/* The pegging deals job on a few of its units against the same deals analysed directly: every
 * keep's combined figure by hs_discard_analyze, its pegging summed here over the opponent's hands
 * by rank (ref_keep_peg, also held to hs_peg_keep_sum), the best total chosen here (higher total,
 * then hand, then the sorted kept ranks, then the mask). */
static uint32_t rank_key(uint64_t keep) {
    int r[4], n = 0;
    for (uint64_t m = keep; m; m &= m - 1)
        r[n++] = __builtin_ctzll(m) % 13;
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && r[j - 1] > r[j]; j--) {
            int x = r[j];
            r[j] = r[j - 1];
            r[j - 1] = x;
        }
    return (uint32_t)(((r[0] * 13 + r[1]) * 13 + r[2]) * 13 + r[3]);
}

/* The pegging sum of keeping `keep` of the six cards `dealt` for role, written apart from the
 * library's: for every multiset a <= b <= c <= d of four ranks, the opponent hands holding it
 * (the product over ranks of C(cards of the rank not dealt, times the rank is in it)) times its
 * value in the table (hs_peg_start_value holds pone - dealer). */
static int64_t ref_keep_peg(uint64_t dealt, uint64_t keep, int role) {
    static const int64_t C[5][5] = {
        {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};
    int left[13];
    for (int r = 0; r < 13; r++)
        left[r] = 4;
    for (int c = 0; c < 52; c++)
        if (dealt >> c & 1)
            left[c % 13]--;
    uint8_t mine[4];
    int n = 0;
    for (int c = 0; c < 52; c++)
        if (keep >> c & 1)
            mine[n++] = (uint8_t)(c % 13);
    const int me = hs_peg_mset_index(mine);
    int64_t total = 0, hands = 0;
    for (int a = 0; a < 13; a++)
        for (int b = a; b < 13; b++)
            for (int c = b; c < 13; c++)
                for (int d = c; d < 13; d++) {
                    int need[13] = {0};
                    need[a]++, need[b]++, need[c]++, need[d]++;
                    int64_t ways = 1;
                    for (int r = 0; r < 13; r++)
                        ways *= C[left[r]][need[r]];
                    if (ways == 0)
                        continue;
                    const uint8_t theirs[4] = {(uint8_t)a, (uint8_t)b, (uint8_t)c, (uint8_t)d};
                    const int them = hs_peg_mset_index(theirs);
                    const int v = role == HS_CRIB_PONE ? hs_peg_start_value(me, them)
                                                       : -hs_peg_start_value(them, me);
                    total += ways * v;
                    hands += ways;
                }
    assert_int_equal(hands, HS_PEG_OPPONENT_HANDS);
    return total;
}

/* The job's counts on the units of these first lanes against the direct analysis. */
static void check_deals_units(const unsigned *first, size_t n_first) {
    hs_discard_tables *tables;
    assert_int_equal(hs_discard_tables_new(1, &tables), HS_OK);
    for (size_t f = 0; f < n_first; f++) {
        const unsigned l0 = first[f];
        hs_job *job;
        assert_int_equal(hs_peg_deals_job_new(tables, &job), HS_OK);
        const hs_job_opts opts = {1, NULL, NULL, NULL, NULL, 0.0};
        assert_int_equal(hs_job_run(job, l0 - 1, l0, &opts), HS_OK);
        const hs_peg_deals *got = hs_peg_deals_job_counts(job);
        static hs_peg_deals want;
        memset(&want, 0, sizeof want);
        const int rest = 6 - __builtin_popcount(l0);
        /* the other three lanes, sorted: l0 >= l1 >= l2 >= l3 as numbers, 6 cards in all */
        static unsigned cand[8192];
        int nc = 0;
        for (unsigned l = 0; l <= l0; l++)
            if (__builtin_popcount(l) <= rest)
                cand[nc++] = l;
        for (int i1 = 0; i1 < nc; i1++)
            for (int i2 = 0; i2 <= i1; i2++)
                for (int i3 = 0; i3 <= i2; i3++) {
                    const unsigned l1 = cand[i1], l2 = cand[i2], l3 = cand[i3];
                    if (__builtin_popcount(l1) + __builtin_popcount(l2) + __builtin_popcount(l3) !=
                        rest)
                        continue;
                    const unsigned lanes[4] = {l0, l1, l2, l3};
                    int orbit = 24, run = 1;
                    for (int i = 1; i < 4; i++) {
                        run = lanes[i] == lanes[i - 1] ? run + 1 : 1;
                        orbit /= run;
                    }
                    const uint64_t dealt =
                        (uint64_t)l0 | (uint64_t)l1 << 13 | (uint64_t)l2 << 26 | (uint64_t)l3 << 39;
                    for (int role = 0; role < 2; role++) {
                        hs_discard d;
                        assert_int_equal(hs_discard_analyze(dealt, (hs_crib_role)role, &d), HS_OK);
                        int best = -1;
                        int64_t best_total = 0;
                        for (int k = 0; k < d.n_keeps; k++) {
                            const hs_discard_keep *kp = &d.keeps[k];
                            const int64_t peg = ref_keep_peg(dealt, kp->keep, role);
                            int64_t lib;
                            assert_int_equal(
                                hs_peg_keep_sum(dealt, kp->keep, (hs_crib_role)role, &lib), HS_OK);
                            assert_int_equal(lib, peg);
                            const int64_t total = kp->combined_num * 43 + peg * 12;
                            const hs_discard_keep *bp = best < 0 ? NULL : &d.keeps[best];
                            int better = bp == NULL || total > best_total ||
                                         (total == best_total &&
                                          (kp->hand_sum > bp->hand_sum ||
                                           (kp->hand_sum == bp->hand_sum &&
                                            (rank_key(kp->keep) < rank_key(bp->keep) ||
                                             (rank_key(kp->keep) == rank_key(bp->keep) &&
                                              kp->keep < bp->keep)))));
                            if (better) {
                                best = k;
                                best_total = total;
                            }
                        }
                        /* bin: floor(10 total / den) */
                        int64_t a = best_total * 10, q = a / HS_PEG_TOTAL_DEN;
                        if (a % HS_PEG_TOTAL_DEN != 0 && a < 0)
                            q--;
                        want.best_total[role][q + HS_DEALS_BIN_OFFSET] += (uint64_t)orbit;
                        want.sum_best_total[role] += orbit * best_total;
                        const uint32_t key = rank_key(d.keeps[best].keep);
                        const int r4[4] = {(int)(key / 2197), (int)(key / 169 % 13),
                                           (int)(key / 13 % 13), (int)(key % 13)};
                        want.pattern[role][hs_deals_pattern_index(r4)] += (uint64_t)orbit;
                    }
                    want.deals += (uint64_t)orbit;
                    want.canonical++;
                }
        assert_true(want.canonical > 0);
        if (memcmp(got, &want, sizeof want) != 0)
            fail_msg("first lane 0x%x: the job's counts differ from the direct analysis", l0);
        hs_job_free(job);
    }
    hs_discard_tables_free(tables);
}

static void test_peg_deals_units(void **state) {
    (void)state;
    /* first lanes of 6, 5 and 4 cards (the deals whose first suit holds them, lanes sorted), and
     * low lanes of 2 and 3 cards, whose deals hold pairs to quads of low ranks (84 deals) */
    static const unsigned FIRST[] = {0x3F, 0x1F00, 0x1E01, 0x3, 0x7, 0x9};
    check_deals_units(FIRST, sizeof FIRST / sizeof FIRST[0]);
}

static void test_peg_deals_more_units(void **state) {
    (void)state;
    /* 661 deals more, low and high ranks, from singletons to quads */
    static const unsigned FIRST[] = {0x11, 0x1E00, 0x1803, 0x1A01};
    check_deals_units(FIRST, sizeof FIRST / sizeof FIRST[0]);
}

/* The pegging summed on several workers (hs_peg_deals_job_new_threads) makes the same job as on
 * one: the same counts on every 64th unit, and checkpoints each can read. */
static void test_peg_deals_threads(void **state) {
    (void)state;
    hs_discard_tables *tables;
    assert_int_equal(hs_discard_tables_new(0, &tables), HS_OK);
    hs_job *bad = (hs_job *)(uintptr_t)1; /* not NULL: the failure must clear it */
    assert_int_equal(hs_peg_deals_job_new_threads(tables, -1, &bad), HS_ERR_ARG);
    assert_null(bad);
    hs_job *one, *many;
    assert_int_equal(hs_peg_deals_job_new(tables, &one), HS_OK);
    const hs_job_opts opts = {1, NULL, NULL, NULL, NULL, 0.0};
    for (size_t u = 0; u < hs_job_units(one); u += 64)
        assert_int_equal(hs_job_run(one, u, u + 1, &opts), HS_OK);
    const size_t size = hs_job_checkpoint_size(one);
    unsigned char *ckpt = malloc(size);
    assert_non_null(ckpt);
    assert_int_equal(hs_job_checkpoint_write(one, ckpt, size), size);
    for (int threads = 0; threads <= 3; threads++) {
        assert_int_equal(hs_peg_deals_job_new_threads(tables, threads, &many), HS_OK);
        for (size_t u = 0; u < hs_job_units(many); u += 64)
            assert_int_equal(hs_job_run(many, u, u + 1, &opts), HS_OK);
        assert_memory_equal(hs_peg_deals_job_counts(many), hs_peg_deals_job_counts(one),
                            sizeof(hs_peg_deals));
        hs_job_reset(many);
        assert_int_equal(hs_job_checkpoint_read(many, ckpt, size), HS_OK);
        assert_memory_equal(hs_peg_deals_job_counts(many), hs_peg_deals_job_counts(one),
                            sizeof(hs_peg_deals));
        hs_job_free(many);
    }
    free(ckpt);
    hs_job_free(one);
    hs_discard_tables_free(tables);
}

static void test_keep_sums_20_deals(void **state) {
    (void)state;
    check_keep_sums(20);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "exhaustive") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_keep_sums_20_deals),
                                           cmocka_unit_test(test_peg_deals_more_units)};
        return cmocka_run_group_tests(tests, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_starts),    cmocka_unit_test(test_random_positions),
        cmocka_unit_test(test_crafted),          cmocka_unit_test(test_bad_positions),
        cmocka_unit_test(test_keep_sums),        cmocka_unit_test(test_peg_deals_units),
        cmocka_unit_test(test_peg_deals_threads)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
