/* Stud equity (handstat/stud.h) against a plain reference written here: every joint completion of
 * every player's seven cards walked one by one, each player's seven cards ranked with the
 * reference high ranker (poker_ref.c) and an A-5 low reference written below from the rules
 * (sorted rank groups, the best of the 21 five-card sets), and the pot split as the rules say.
 * 33 cases: stud high, hi/lo and razz, heads-up to seven players, third to seventh street, with
 * and without dead cards, hi/lo with and without a possible low (with --slow: four players on
 * third street); every thread count and a run split by a checkpoint give the same counts; bad
 * deals are refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "poker_ref.h"

static ref_poker REF;

static uint64_t parse(const char *text) {
    int cards[52];
    size_t n;
    assert_int_equal(hs_cards_parse(text, strlen(text), cards, 52, &n, NULL), HS_OK);
    return hs_cards_mask(cards, n);
}

/* The A-5 low key of five cards, lower is better: the kind by the rank multiplicities (none
 * paired, a pair, two pair, trips, a full house, quads), then the ranks (ace 0 .. king 12) by
 * group, the larger group first and the higher rank first within equal groups. */
static long low_key5(const int *cards) {
    int count[13] = {0};
    for (int i = 0; i < 5; i++)
        count[hs_card_rank(cards[i])]++;
    int order[5], n = 0;
    for (int size = 4; size >= 1; size--)
        for (int r = 12; r >= 0; r--)
            if (count[r] == size)
                for (int k = 0; k < size; k++)
                    order[n++] = r;
    int top = 0, pairs = 0;
    for (int r = 0; r < 13; r++) {
        if (count[r] > top)
            top = count[r];
        pairs += count[r] == 2;
    }
    int kind = top == 1 ? 0 : top == 4 ? 5 : top == 3 ? (pairs ? 4 : 3) : (pairs == 2 ? 2 : 1);
    long key = kind;
    for (int i = 0; i < 5; i++)
        key = key * 13 + order[i];
    return key;
}

/* Step idx[0] < ... < idx[k-1] to the next k-subset of 0..n-1; 0 after the last. */
static int next_subset(int *idx, int k, int n) {
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i)
        i--;
    if (i < 0)
        return 0;
    idx[i]++;
    for (int j = i + 1; j < k; j++)
        idx[j] = idx[j - 1] + 1;
    return 1;
}

/* The best (lowest) key of the five-card sets of seven cards, and whether that low is an
 * unpaired eight or lower (the 8-or-better qualifier). */
static long low_key7(const int *cards, int *eight) {
    long best = -1;
    int idx[5] = {0, 1, 2, 3, 4};
    do {
        int five[5];
        for (int i = 0; i < 5; i++)
            five[i] = cards[idx[i]];
        long k = low_key5(five);
        if (best < 0 || k < best)
            best = k;
    } while (next_subset(idx, 5, 7));
    /* unpaired: kind 0, so the key is below 13^5; the top card is its first rank */
    *eight = best < 371293 && best / 28561 <= 7;
    return best;
}

/* One player's completions (every m-card set of the rest) with their reference high class, low
 * key and 8-or-better flag. */
typedef struct ref_player {
    int n;
    uint64_t *mask;
    int *high;
    long *low;
    int *eight;
} ref_player;

typedef struct ref_deal {
    int players, game, m;
    ref_player p[8];
    hs_stud_equity e;
    int chosen[8];
    uint64_t rest; /* the cards left to deal */
    int pos[52];   /* a card's position in the rest */
    int *
        by_colex; /* the completion of each m-set of the rest, by the colex rank of its positions */
} ref_deal;

/* The colex rank of the positions of the cards of `set` in the rest. */
static long colex_of(const ref_deal *d, uint64_t set) {
    long r = 0;
    int k = 0;
    for (int c = 0; c < 52; c++)
        if (set >> c & 1) {
            long b = 1; /* C(pos, k + 1) */
            for (int j = 0; j <= k; j++)
                b = b * (d->pos[c] - j) / (j + 1);
            r += d->pos[c] > k ? b : 0;
            k++;
        }
    return r;
}

static void leaf(ref_deal *d) {
    hs_stud_equity *e = &d->e;
    int np = d->players;
    e->deals++;
    int best_high = 1 << 30, any_eight = 0;
    long best_low = -1;
    for (int p = 0; p < np; p++) {
        int i = d->chosen[p];
        if (d->p[p].high[i] < best_high)
            best_high = d->p[p].high[i];
        long lo = d->p[p].low[i];
        if (d->game == HS_STUD_HILO && !d->p[p].eight[i])
            continue;
        if (d->game == HS_STUD_HILO)
            any_eight = 1;
        if (best_low < 0 || lo < best_low)
            best_low = lo;
    }
    unsigned hi_set = 0, lo_set = 0;
    for (int p = 0; p < np; p++) {
        int i = d->chosen[p];
        if (d->p[p].high[i] == best_high)
            hi_set |= 1u << p;
        if (best_low >= 0 && d->p[p].low[i] == best_low &&
            (d->game != HS_STUD_HILO || d->p[p].eight[i]))
            lo_set |= 1u << p;
    }
    int nh = __builtin_popcount(hi_set), nl = __builtin_popcount(lo_set);
    if (any_eight)
        e->low_deals++;
    for (int p = 0; p < np; p++) {
        hs_stud_player *q = &e->p[p];
        unsigned me = 1u << p;
        unsigned set = d->game == HS_STUD_RAZZ ? lo_set : hi_set;
        int ns = d->game == HS_STUD_RAZZ ? nl : nh;
        if ((set & me) && ns == 1)
            q->wins++;
        else if (set & me)
            q->ties++;
        else
            q->losses++;
        if (d->game == HS_STUD_HIGH && (hi_set & me))
            q->high_share += HS_STUD_SHARE_UNIT / (unsigned)nh;
        if (d->game == HS_STUD_RAZZ && (lo_set & me))
            q->low_share += HS_STUD_SHARE_UNIT / (unsigned)nl;
        if (d->game == HS_STUD_HILO) {
            if (!any_eight) {
                if (hi_set & me)
                    q->high_share += HS_STUD_SHARE_UNIT / (unsigned)nh;
                q->scoops += hi_set == me;
            } else {
                if (hi_set & me)
                    q->high_share += HS_STUD_SHARE_UNIT / 2 / (unsigned)nh;
                if (lo_set & me)
                    q->low_share += HS_STUD_SHARE_UNIT / 2 / (unsigned)nl;
                q->scoops += hi_set == me && lo_set == me;
            }
        }
    }
}

static void walk(ref_deal *d, int p, uint64_t used) {
    if (p == d->players) {
        leaf(d);
        return;
    }
    /* the last player with exactly m cards left has that one completion: no need to look */
    uint64_t left = d->rest & ~used;
    if (p == d->players - 1 && __builtin_popcountll(left) == d->m) {
        d->chosen[p] = d->by_colex[colex_of(d, left)];
        leaf(d);
        return;
    }
    for (int i = 0; i < d->p[p].n; i++)
        if ((d->p[p].mask[i] & used) == 0) {
            d->chosen[p] = i;
            walk(d, p + 1, used | d->p[p].mask[i]);
        }
}

static void reference(const uint64_t *hands, int players, uint64_t dead, int game,
                      hs_stud_equity *out) {
    ref_deal *d = calloc(1, sizeof *d);
    assert_non_null(d);
    d->players = players;
    d->game = game;
    uint64_t rest = HS_DECK_MASK & ~dead;
    for (int p = 0; p < players; p++)
        rest &= ~hands[p];
    int deck[52], n = 0;
    for (int c = 0; c < 52; c++)
        if (rest >> c & 1)
            deck[n++] = c;
    int m = 7 - hs_hand_size(hands[0]);
    long total = 1;
    for (int k = 0; k < m; k++)
        total = total * (n - k) / (k + 1);
    d->m = m;
    d->rest = rest;
    for (int i = 0; i < n; i++)
        d->pos[deck[i]] = i;
    d->by_colex = malloc((size_t)total * sizeof *d->by_colex);
    assert_non_null(d->by_colex);
    for (int p = 0; p < players; p++) {
        ref_player *q = &d->p[p];
        q->mask = malloc((size_t)total * sizeof *q->mask);
        q->high = malloc((size_t)total * sizeof *q->high);
        q->low = malloc((size_t)total * sizeof *q->low);
        q->eight = malloc((size_t)total * sizeof *q->eight);
        assert_true(q->mask && q->high && q->low && q->eight);
        /* every m-subset of the rest */
        int idx[7];
        for (int k = 0; k < m; k++)
            idx[k] = k;
        do {
            uint64_t comp = 0;
            for (int k = 0; k < m; k++)
                comp |= 1ull << deck[idx[k]];
            int seven[7], s = 0;
            for (int c = 0; c < 52; c++)
                if ((hands[p] | comp) >> c & 1)
                    seven[s++] = c;
            assert_int_equal(s, 7);
            assert_true(q->n < total);
            q->mask[q->n] = comp;
            q->high[q->n] = ref_poker_best(&REF, seven, 7);
            q->low[q->n] = low_key7(seven, &q->eight[q->n]);
            if (p == 0)
                d->by_colex[colex_of(d, comp)] = q->n;
            q->n++;
        } while (m > 0 && next_subset(idx, m, n));
        assert_int_equal(q->n, total);
    }
    d->e.players = players;
    d->e.game = game;
    d->e.known = 7 - m;
    walk(d, 0, 0);
    if (game != HS_STUD_HILO)
        d->e.low_deals = 0;
    *out = d->e;
    free(d->by_colex);
    for (int p = 0; p < players; p++) {
        free(d->p[p].mask);
        free(d->p[p].high);
        free(d->p[p].low);
        free(d->p[p].eight);
    }
    free(d);
}

typedef struct stud_case {
    int game;
    const char *hands[8];
    const char *dead;
} stud_case;

/* 3rd to 7th street; the rest of the deck kept small enough to walk every joint completion. */
static const stud_case CASES[] = {
    /* stud high */
    {HS_STUD_HIGH, {"Ah Kh Qh Jh 2c 3d", "As Ad 7c 7d 9s 4h"}, ""},
    {HS_STUD_HIGH, {"Ah Kh Qh 9c 2d", "8s 8d 8c 5h 4s"}, ""},
    {HS_STUD_HIGH, {"As Ks 9d 4c", "Qh Qd 7s 2h"}, ""},
    {HS_STUD_HIGH, {"Td 9d 8d 2s 3s", "Ac Ah Kc 5d 6h"}, "7d Jd 6d Qs Qc"},
    {HS_STUD_HIGH,
     {"Ah Ad 7c", "Ks Qs Js"},
     "2c 3c 4c 5c 6c 8c 9c Tc 2d 3d 4d 5d 6d 7d 8d 9d Td 2h 3h 4h 5h 6h 7h 8h 9h Th"},
    {HS_STUD_HIGH, {"Ah Ad Kc Kd 5s 2h", "Qs Js Ts 9s 3c 4d", "7h 7c 7d 8h 8c 2s"}, ""},
    {HS_STUD_HIGH, {"Ah Ad Kc 5s 2h", "Qs Js Ts 3c 4d", "7h 7c 8h 8c 2s"}, "9s 6h 6d Jd Td"},
    {HS_STUD_HIGH,
     {"Ah Ad Kc 5s", "Qs Js Ts 3c", "7h 7c 8h 8c"},
     "2c 3d 4c 5c 6c 9c Tc Jc 2d 4d 5d 6d 7d 8d 9d Td 2h 3h 4h 5h"},
    {HS_STUD_HIGH,
     {"Ah Ad Kc Kd 5s 2h", "Qs Js Ts 9s 3c 4d", "7h 7c 7d 8h 8c 2s", "6s 6d 5c 5d 3h 3s"},
     ""},
    {HS_STUD_HIGH, {"Ah Kd Qc Js Th 2c 3d", "Ac Kh Qd Jc Ts 2d 3c"}, ""},
    /* the same straight in three and four hands: ties of the swept and the walked players */
    {HS_STUD_HIGH, {"Ah Kd Qc Js Th 2c", "As Kh Qd Jc Ts 2d", "Ad Kc Qs Jh Tc 3c"}, ""},
    {HS_STUD_HIGH,
     {"Ah Kd Qc Js Th 2c", "As Kh Qd Jc Ts 2d", "Ad Kc Qs Jh Tc 3c", "Ac Ks Qh Jd Td 4c"},
     ""},
    {HS_STUD_HIGH,
     {"Ah Ad Kc Kd 5s 2h", "Qs Js Ts 9s 3c 4d", "7h 7c 7d 8h 8c 2s", "6s 6d 5c 5d 3h 3s",
      "Kh Ks Qh Qd Jh Jd"},
     ""},
    {HS_STUD_HIGH,
     {"Ah Ad Kc Kd 5s 2h", "Qs Js Ts 9s 3c 4d", "7h 7c 7d 8h 8c 2s", "6s 6d 5c 5d 3h 3s",
      "Kh Ks Qh Qd Jh Jd", "As Ac 9h 9d 9c 4h", "Tc Td Th 8d 8s 2c"},
     ""},
    /* hi/lo 8-or-better */
    {HS_STUD_HILO, {"Ah 2h 3d 9c 9s", "4s 5d 6c Kh Kd"}, ""},
    {HS_STUD_HILO, {"Kh Kd Qc Qs Jh Td", "9s 9d 9c Th Js Jd"}, ""},
    {HS_STUD_HILO, {"Ah 2h 3d 9c", "Ks Kd 5c 8h"}, ""},
    {HS_STUD_HILO, {"Ah 2h 3d 9c 9s", "4s 5d 6c Kh Kd", "7s 7d 8c 2c Qh"}, "Jc Js Jh Tc Ts"},
    {HS_STUD_HILO, {"Ah 2h 3d 9c 9s 4c", "4s 5d 6c Kh Kd 3s", "7s 7d 8c 2c Qh Ac"}, ""},
    {HS_STUD_HILO, {"Ah 2d 3c 4s 5h Kd", "Ac 2c 6d 7h 8s Qs"}, ""},
    {HS_STUD_HILO,
     {"Ah 2h 3d 9c 9s 4c", "4s 5d 6c Kh Kd 3s", "7s 7d 8c 2c Qh Ac", "Ad 2s 6h Th Td Jc"},
     ""},
    /* hi/lo, three and four players with the deck shrunk by dead cards: the first (walked)
     * player with and without a possible low, so the pairs without a low are counted both by
     * the high sweep's plain counters and by the low sweep */
    {HS_STUD_HILO,
     {"Ah 2h 3d 9c", "4s 5d 6c Kh", "7s 8d Tc 2c"},
     "Qc Qd Qh Qs Jc Jd Js Kc Kd Ks 9d 9h 9s 8c 8h 8s Th Td Ts 6d 6h 6s 5c 5h 5s 7c"},
    {HS_STUD_HILO,
     {"Kh Kd Qc Js", "Ah 2h 3d 9c", "4s 5d 6c 8h"},
     "Qd Qh Qs Jc Jd Jh Kc Ks 9d 9h 9s 8c 8d 8s Th Td Ts Tc 6d 6h 6s 5c 5h 7c 7d 7h"},
    {HS_STUD_HILO,
     {"Ah 2h 3d 9c 9s", "4s 5d 6c Kh Kd", "7s 8d Tc 2c Qh", "Ad 3s 4h Jc Jd"},
     "Qc Qd Qs Js Kc Ks 9d 9h 8c 8h 8s Th Td Ts 6d 6h"},
    {HS_STUD_HILO,
     {"Kh Kd Qc Js Jh", "Ah 2h 3d 9c 9s", "4s 5d 6c 8h 7c", "As 2s 3c Tc Td"},
     "Qd Qh Qs Jc Jd Kc Ks 9d 9h 8c 8d 8s Th Ts 6d 6h"},
    /* razz */
    {HS_STUD_RAZZ, {"Ah 2h 3d 9c Ks", "4s 5d 6c 7h Qd"}, ""},
    {HS_STUD_RAZZ, {"Ah 2h 3d 9c", "4s 5d 6c 7h"}, ""},
    {HS_STUD_RAZZ, {"Ah 2h 3d 9c Ks 5c", "4s 5d 6c 7h Qd 2c", "Ad 3s 8d 8h Jc Js"}, ""},
    {HS_STUD_RAZZ, {"Ah 2h 3d 9c Ks", "4s 5d 6c 7h Qd"}, "2s 2d 3c 3h 5h"},
    {HS_STUD_RAZZ,
     {"Ah 2h 7d", "4s 5d 6c"},
     "Tc Jc Qc Kc Ac Td Jd Qd Kd Ad Th Jh Qh Kh Ts Js Qs Ks As 9s 9h 9d 8s 8h 8d 8c"},
    /* four and more players count by the union of the last two walked players' cards, split
     * C(2m, m) ways: hi/lo where those two hold strong lows and highs (a walked player alone
     * with the best of both), five players (a walked player before the union); third street's
     * 70 splits in SLOW */
    {HS_STUD_HILO,
     {"As 2s 3s 4s", "Ah 2h 5d 6c", "Kc Kd Ks 9h", "Qc Qd Jh Th"},
     "2d 3d 3h 4d 4h 5c 5h 6d 6h 7c 7s 8c 8s 9c 9d Tc Td Jc Jd Js Qh Qs Kh Ac"},
    {HS_STUD_RAZZ,
     {"Ah 2h 3d 9c Ks", "4s 5d 6c 7h Qd", "As 3s 8d 8h Jc", "2c 2d 4h 6s Tc", "5h 7c 9d Th Kd"},
     "2s 3h 4d 5s 6h 7s 8s 9h Td Jd Jh Qc Qh Qs Kc Kh Ad"},
    {HS_STUD_HILO,
     {"Ah 2h 3d 9c Ks", "4s 5d 6c 7h Qd", "As 3s 8d 8h Jc", "2c 2d 4h 6s Tc", "5h 7c 9d Th Kd"},
     "2s 3h 4d 5s 6h 7s 8s 9h Td Jd Jh Qc Qh Qs Kc Kh Ad"},
};

/* Four players on third street, the deck shrunk to the 16 cards they need: 63 million deals, a
 * minute of the reference (`test_stud --slow`, label exhaustive). */
static const stud_case SLOW[] = {
    {HS_STUD_HIGH,
     {"Ah Ad 7c", "Ks Qs Js", "9h 9c 2d", "5s 6s 7s"},
     "2c 2h 3d 3h 3s 4d 4h 5d 5h 6c 7d 8c 8d 8h 9d Tc Td Th Jc Jd Qc Qd Kc Ac"},
};

static int case_hands(const stud_case *k, uint64_t *hands, uint64_t *dead) {
    int n = 0;
    while (n < 8 && k->hands[n] != NULL) {
        hands[n] = parse(k->hands[n]);
        n++;
    }
    *dead = parse(k->dead);
    return n;
}

static void assert_same(const hs_stud_equity *a, const hs_stud_equity *b) {
    assert_int_equal(a->players, b->players);
    assert_int_equal(a->known, b->known);
    assert_int_equal(a->deals, b->deals);
    assert_int_equal(a->low_deals, b->low_deals);
    for (int p = 0; p < a->players; p++) {
        assert_int_equal(a->p[p].wins, b->p[p].wins);
        assert_int_equal(a->p[p].ties, b->p[p].ties);
        assert_int_equal(a->p[p].losses, b->p[p].losses);
        assert_int_equal(a->p[p].scoops, b->p[p].scoops);
        assert_int_equal(a->p[p].high_share, b->p[p].high_share);
        assert_int_equal(a->p[p].low_share, b->p[p].low_share);
    }
}

/* One case against the reference: its counts. */
static hs_stud_equity check_case(const stud_case *k, size_t number) {
    uint64_t hands[8], dead;
    int n = case_hands(k, hands, &dead);
    hs_stud_equity got, want;
    assert_int_equal(hs_stud_equity_run(hands, n, dead, k->game, 2, NULL, NULL, &got), HS_OK);
    reference(hands, n, dead, k->game, &want);
    printf("case %zu: %d players, %d known, %llu deals\n", number, n, want.known,
           (unsigned long long)want.deals);
    assert_same(&got, &want);
    return want;
}

static void test_slow(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof SLOW / sizeof SLOW[0]; i++)
        check_case(&SLOW[i], i + 1);
}

static void test_against_reference(void **state) {
    (void)state;
    int lows = 0, nolows = 0, scoops = 0;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const stud_case *k = &CASES[i];
        hs_stud_equity want = check_case(k, i + 1);
        int n = want.players;
        if (k->game == HS_STUD_HILO) {
            lows += want.low_deals == want.deals;
            nolows += want.low_deals == 0;
            for (int p = 0; p < n; p++)
                scoops += want.p[p].scoops > 0 && want.p[p].scoops < want.deals;
        }
    }
    /* the hi/lo cases hold a deal with a low on every deal, one with none, and scoops */
    assert_true(lows >= 1 && nolows >= 1 && scoops >= 4);
}

/* The same counts at 1 and 2 threads and when the units are split by a checkpoint. */
static void test_threads_and_checkpoint(void **state) {
    (void)state;
    static const int which[] = {6, 17, 23, 30, 32};
    for (size_t w = 0; w < sizeof which / sizeof which[0]; w++) {
        const stud_case *k = &CASES[which[w]];
        uint64_t hands[8], dead;
        int n = case_hands(k, hands, &dead);
        hs_stud_equity one, two, split;
        assert_int_equal(hs_stud_equity_run(hands, n, dead, k->game, 1, NULL, NULL, &one), HS_OK);
        assert_int_equal(hs_stud_equity_run(hands, n, dead, k->game, 2, NULL, NULL, &two), HS_OK);
        assert_same(&one, &two);
        hs_job *a, *b;
        assert_int_equal(hs_stud_equity_job_new(hands, n, dead, k->game, &a), HS_OK);
        size_t units = hs_job_units(a);
        assert_true(units > 1);
        assert_int_equal(hs_job_run(a, 0, units / 3, NULL), HS_OK);
        assert_int_equal(hs_stud_equity_result(a, &split), HS_ERR_ARG);
        size_t len = hs_job_checkpoint_size(a);
        void *buf = malloc(len);
        assert_non_null(buf);
        assert_int_equal(hs_job_checkpoint_write(a, buf, len), len);
        assert_int_equal(hs_stud_equity_job_new(hands, n, dead, k->game, &b), HS_OK);
        assert_int_equal(hs_job_checkpoint_read(b, buf, len), HS_OK);
        assert_int_equal(hs_job_run(b, 0, units, NULL), HS_OK);
        assert_int_equal(hs_stud_equity_result(b, &split), HS_OK);
        assert_same(&one, &split);
        /* a checkpoint of another game is refused */
        hs_job *other;
        int game = k->game == HS_STUD_HIGH ? HS_STUD_RAZZ : HS_STUD_HIGH;
        assert_int_equal(hs_stud_equity_job_new(hands, n, dead, game, &other), HS_OK);
        assert_int_equal(hs_job_checkpoint_read(other, buf, len), HS_ERR_MISMATCH);
        hs_job_free(other);
        free(buf);
        hs_job_free(a);
        hs_job_free(b);
    }
}

/* Published facts: with every card known there is one deal; identical straights split. */
static void test_facts(void **state) {
    (void)state;
    uint64_t hands[2] = {parse("Ah Kd Qc Js Th 2c 3d"), parse("Ac Kh Qd Jc Ts 2d 3c")};
    hs_stud_equity e;
    assert_int_equal(hs_stud_equity_run(hands, 2, 0, HS_STUD_HIGH, 1, NULL, NULL, &e), HS_OK);
    assert_int_equal(e.deals, 1);
    assert_int_equal(e.p[0].ties, 1);
    assert_int_equal(e.p[0].high_share, HS_STUD_SHARE_UNIT / 2);
    /* heads-up on third street: C(46,4) * C(42,4) deals */
    uint64_t third[2] = {parse("Ah Ad 7c"), parse("Ks Qs Js")};
    double steps, deals;
    assert_int_equal(hs_stud_equity_size(third, 2, 0, &steps, &deals), HS_OK);
    assert_true(deals == 163185.0 * 111930.0);
}

static void test_bad_input(void **state) {
    (void)state;
    hs_stud_equity e;
    hs_job *job;
    uint64_t dup[2] = {parse("Ah Kh Qh"), parse("Ah 2c 3c")};
    assert_int_equal(hs_stud_equity_run(dup, 2, 0, HS_STUD_HIGH, 1, NULL, NULL, &e),
                     HS_ERR_DUPLICATE);
    uint64_t ok[2] = {parse("Ah Kh Qh"), parse("2c 3c 4c")};
    assert_int_equal(hs_stud_equity_run(ok, 2, parse("Qh"), HS_STUD_HIGH, 1, NULL, NULL, &e),
                     HS_ERR_DUPLICATE);
    uint64_t sizes[2] = {parse("Ah Kh Qh"), parse("2c 3c 4c 5c")};
    assert_int_equal(hs_stud_equity_run(sizes, 2, 0, HS_STUD_HIGH, 1, NULL, NULL, &e),
                     HS_ERR_COUNT);
    uint64_t two[2] = {parse("Ah Kh"), parse("2c 3c")};
    assert_int_equal(hs_stud_equity_run(two, 2, 0, HS_STUD_RAZZ, 1, NULL, NULL, &e), HS_ERR_COUNT);
    uint64_t eight[2] = {parse("Ah Kh Qh Jh Th 9h 8h 7h"), parse("2c 3c 4c 5c 6c 7c 8c 9c")};
    assert_int_equal(hs_stud_equity_run(eight, 2, 0, HS_STUD_HIGH, 1, NULL, NULL, &e),
                     HS_ERR_COUNT);
    /* eight players need 56 cards; seven with four dead cards 53 */
    uint64_t many[8];
    for (int p = 0; p < 8; p++)
        many[p] = hs_card_bit(p) | hs_card_bit(p + 8) | hs_card_bit(p + 16);
    assert_int_equal(hs_stud_equity_job_new(many, 8, 0, HS_STUD_HIGH, &job), HS_ERR_COUNT);
    assert_int_equal(hs_stud_equity_job_new(many, 7, 0xfull << 48, HS_STUD_HIGH, &job),
                     HS_ERR_COUNT);
    /* seven players on third street: far beyond exact enumeration */
    assert_int_equal(hs_stud_equity_job_new(many, 7, 0, HS_STUD_HIGH, &job), HS_ERR_OVERFLOW);
    assert_int_equal(hs_stud_equity_job_new(ok, 1, 0, HS_STUD_HIGH, &job), HS_ERR_ARG);
    assert_int_equal(hs_stud_equity_job_new(ok, 2, 0, (hs_stud_game)7, &job), HS_ERR_ARG);
    uint64_t high[2] = {parse("Ah Kh Qh") | (1ull << 60), parse("2c 3c 4c")};
    assert_int_equal(hs_stud_equity_job_new(high, 2, 0, HS_STUD_HIGH, &job), HS_ERR_ARG);
    assert_null(job);
}

int main(int argc, char **argv) {
    ref_poker_init(&REF);
    if (REF.n != REF_POKER_CLASSES)
        return 1;
    if (argc > 1 && strcmp(argv[1], "--slow") == 0) {
        const struct CMUnitTest slow[] = {cmocka_unit_test(test_slow)};
        return cmocka_run_group_tests(slow, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_reference), cmocka_unit_test(test_threads_and_checkpoint),
        cmocka_unit_test(test_facts), cmocka_unit_test(test_bad_input)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
