/* The query language's Omaha games (handstat/query.h: game=omaha8, omaha85, omahahi5; Omaha
 * ranges as players) against a brute force written here: every choice of the players' hands
 * (explicit masks with weights, given in the test beside the query text) and every completion of
 * the board, each player's best high by the reference ranker (poker_ref: the largest key over two
 * hole and three board cards), the 8-or-better low by sorting ranks, the pot split in exact units
 * (the high half to the best highs, the low half to the best lows, the whole pot to the highs when
 * nobody has a low), and each item's mean as an exact fraction (GMP) against the table's `exact`
 * column. 26 queries (21 in the default entry, 19 of them omaha8; the five heaviest, the three-way
 * flop and the five-card river equities, with the argument "long": test_query_omaha8_long):
 * riverEquity, equity on the flop and turn, hiEquity and loEquity, scoops, winsHi, tiesHi, winsLo,
 * tiesLo and hasLow on each street, inRange with the Omaha range grammar (its reference a
 * predicate written here), with where clauses, weights, five-card hands, and the sampled form
 * within 5 standard errors (2,000 samples); bad uses refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"
#include "handstat/query.h"
#include "poker_ref.h"
#include "test_skip.h"

/* ---- the reference ----------------------------------------------------------------------------
 */

static uint64_t mask_of(const char *text) {
    int c[16];
    size_t n = 0;
    assert_int_equal(hs_cards_parse(text, strlen(text), c, 16, &n, NULL), HS_OK);
    return hs_cards_mask(c, n);
}

static int ids(uint64_t m, int *out) {
    int n = 0;
    for (int c = 0; c < 52; c++)
        if (m >> c & 1)
            out[n++] = c;
    return n;
}

/* The low value of five cards (ranks high to low as base-16 digits, ace 1), 0 if none. */
static uint32_t low5(const int c[5]) {
    int r[5];
    for (int i = 0; i < 5; i++) {
        r[i] = c[i] % 13 + 1;
        if (r[i] > 8)
            return 0;
    }
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            if (r[j] > r[i]) {
                const int t = r[i];
                r[i] = r[j];
                r[j] = t;
            }
    uint32_t v = 0;
    for (int i = 0; i < 5; i++) {
        if (i > 0 && r[i] == r[i - 1])
            return 0;
        v = v << 4 | (uint32_t)r[i];
    }
    return v;
}

/* Best high key (larger better) and low (smaller better, 0 none) of hole with nb board cards. */
static void best(uint64_t hole, const int *board, int nb, uint32_t *hi, uint32_t *lo) {
    int h[6];
    const int n = ids(hole, h);
    *hi = 0;
    *lo = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int x = 0; x < nb; x++)
                for (int y = x + 1; y < nb; y++)
                    for (int z = y + 1; z < nb; z++) {
                        const int five[5] = {h[a], h[b], board[x], board[y], board[z]};
                        const uint32_t k = ref_poker_key(five);
                        *hi = k > *hi ? k : *hi;
                        const uint32_t l = low5(five);
                        if (l && (*lo == 0 || l < *lo))
                            *lo = l;
                    }
}

enum { MAXP = 3 };

typedef struct setup {
    int players, hilo;
    int n[MAXP];
    uint64_t hand[MAXP][8];
    unsigned weight[MAXP][8];
    uint64_t board, dead;
} setup;

/* The split on a full board: shares in 1/5040 (total, high part, low part); counts of the best. */
typedef struct split {
    int share[MAXP], hi[MAXP], lo[MAXP], nbest, nlow;
} split;

static split split_on(const setup *s, const uint64_t *hands, const int *board) {
    uint32_t h[MAXP], l[MAXP], bh = 0, bl = 0;
    split r;
    memset(&r, 0, sizeof r);
    for (int p = 0; p < s->players; p++) {
        best(hands[p], board, 5, &h[p], &l[p]);
        bh = h[p] > bh ? h[p] : bh;
        if (s->hilo && l[p] && (bl == 0 || l[p] < bl))
            bl = l[p];
    }
    for (int p = 0; p < s->players; p++) {
        r.nbest += h[p] == bh;
        r.nlow += bl && l[p] == bl;
    }
    for (int p = 0; p < s->players; p++) {
        r.hi[p] = h[p] == bh ? (r.nlow ? 2520 : 5040) / r.nbest : 0;
        r.lo[p] = r.nlow && l[p] == bl ? 2520 / r.nlow : 0;
        r.share[p] = r.hi[p] + r.lo[p];
    }
    return r;
}

/* Player p's share (part 0 total, 1 high, 2 low) averaged over the completions of the first
 * `known` cards of board, as a fraction into out. */
static void equity_at(const setup *s, const uint64_t *hands, const int *board, int known, int p,
                      int part, mpq_t out) {
    /* the last answer, kept: the deals come in order, so a street's equity repeats */
    static uint64_t last_key[MAXP + 2];
    static int last_p = -1, last_part = -1;
    static const setup *last_s;
    static unsigned long long last_sum, last_count;
    uint64_t key[MAXP + 2] = {0};
    for (int q = 0; q < s->players; q++)
        key[q] = hands[q];
    for (int i = 0; i < known; i++)
        key[MAXP] |= UINT64_C(1) << board[i];
    key[MAXP + 1] = (uint64_t)known;
    if (last_s == s && last_p == p && last_part == part && memcmp(key, last_key, sizeof key) == 0) {
        mpz_set_ui(mpq_numref(out), last_sum);
        mpz_set_ui(mpq_denref(out), last_count * 5040);
        mpq_canonicalize(out);
        return;
    }
    uint64_t used = s->dead;
    for (int q = 0; q < s->players; q++)
        used |= hands[q];
    for (int i = 0; i < known; i++)
        used |= UINT64_C(1) << board[i];
    int rest[52];
    const int nr = ids(~used & ((UINT64_C(1) << 52) - 1), rest);
    const int need = 5 - known;
    unsigned long long sum = 0, count = 0;
    int idx[5] = {0, 1, 2, 3, 4};
    int b[5];
    memcpy(b, board, sizeof b);
    for (;;) {
        for (int i = 0; i < need; i++)
            b[known + i] = rest[idx[i]];
        const split sp = split_on(s, hands, b);
        sum += (unsigned long long)(part == 0 ? sp.share[p] : part == 1 ? sp.hi[p] : sp.lo[p]);
        count++;
        int i = need - 1;
        while (i >= 0 && idx[i] == nr - need + i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (int j = i + 1; j < need; j++)
            idx[j] = idx[j - 1] + 1;
    }
    memcpy(last_key, key, sizeof key);
    last_s = s;
    last_p = p;
    last_part = part;
    last_sum = sum;
    last_count = count;
    mpz_set_ui(mpq_numref(out), sum);
    mpz_set_ui(mpq_denref(out), count * 5040);
    mpq_canonicalize(out);
}

/* One item of a query: its value on a deal (a fraction) and whether the deal counts (where). */
typedef void (*item_fn)(const setup *s, const uint64_t *hands, const int *board, mpq_t v);
typedef int (*where_fn)(const setup *s, const uint64_t *hands, const int *board);

static int has_low_at(const setup *s, uint64_t hand, const int *board, int nb) {
    (void)s;
    uint32_t hi, lo;
    best(hand, board, nb, &hi, &lo);
    return lo != 0;
}

/* The board dealt as the header defines it: the missing flop cards as a set (increasing ids),
 * then the turn and the river told apart (any order). */
typedef struct deal_ctx {
    const setup *s;
    const uint64_t *hands;
    item_fn item;
    where_fn where;
    unsigned long long weight;
    mpq_ptr sum;
    mpz_ptr total;
    mpq_ptr v, w;
} deal_ctx;

static void deal_board(deal_ctx *c, int *b, int pos, uint64_t used, int min_flop) {
    if (pos == 5) {
        if (c->where == NULL || c->where(c->s, c->hands, b)) {
            c->item(c->s, c->hands, b, c->v);
            mpq_set_ui(c->w, c->weight, 1);
            mpq_mul(c->v, c->v, c->w);
            mpq_add(c->sum, c->sum, c->v);
            mpz_add_ui(c->total, c->total, c->weight);
        }
        return;
    }
    for (int card = pos < 3 ? min_flop : 0; card < 52; card++)
        if (!(used >> card & 1)) {
            b[pos] = card;
            deal_board(c, b, pos + 1, used | UINT64_C(1) << card, card + 1);
        }
}

/* The mean of item over every deal kept by where (NULL: all), weighted, into out. */
static void reference(const setup *s, item_fn item, where_fn where, mpq_t out) {
    mpq_t sum, v, w;
    mpq_inits(sum, v, w, NULL);
    mpz_t total;
    mpz_init(total);
    unsigned g[MAXP];
    for (int p = 0; p < s->players; p++) {
        g[p] = 0;
        for (int i = 0; i < s->n[p]; i++)
            if (!(s->hand[p][i] & (s->board | s->dead))) {
                unsigned a = g[p], b = s->weight[p][i];
                while (b) {
                    const unsigned t = a % b;
                    a = b;
                    b = t;
                }
                g[p] = a;
            }
    }
    int known[5];
    const int nk = ids(s->board, known);
    int choice[MAXP] = {0};
    for (;;) {
        uint64_t hands[MAXP], used = s->board | s->dead;
        unsigned long long weight = 1;
        int ok = 1;
        for (int p = 0; p < s->players && ok; p++) {
            hands[p] = s->hand[p][choice[p]];
            ok = (hands[p] & used) == 0;
            used |= hands[p];
            weight *= s->weight[p][choice[p]] / (g[p] ? g[p] : 1);
        }
        if (ok) {
            deal_ctx dc = {s, hands, item, where, weight, sum, total, v, w};
            int b[5];
            memcpy(b, known, sizeof known[0] * (size_t)nk);
            deal_board(&dc, b, nk, used, 0);
        }
        int p = s->players - 1;
        while (p >= 0 && choice[p] == s->n[p] - 1)
            choice[p--] = 0;
        if (p < 0)
            break;
        choice[p]++;
    }
    if (mpz_sgn(total) == 0)
        mpq_set_ui(out, 0, 1);
    else {
        mpq_set_z(w, total);
        mpq_div(out, sum, w);
    }
    mpq_clears(sum, v, w, NULL);
    mpz_clear(total);
}

/* ---- the items ---- */

static void river_equity(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    equity_at(s, h, b, 5, 0, 0, v);
}
static void flop_equity(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    equity_at(s, h, b, 3, 0, 0, v);
}
static void turn_equity_villain(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    equity_at(s, h, b, 4, 1, 0, v);
}
static void river_hi(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    equity_at(s, h, b, 5, 0, 1, v);
}
static void river_lo(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    equity_at(s, h, b, 5, 0, 2, v);
}
static void turn_hi(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    equity_at(s, h, b, 4, 0, 1, v);
}
static void flop_lo(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    equity_at(s, h, b, 3, 0, 2, v);
}
static void flag(mpq_t v, int x) {
    mpq_set_ui(v, x ? 1 : 0, 1);
}
static void scoops(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    flag(v, split_on(s, h, b).share[0] == 5040);
}
static void wins_hi(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    const split sp = split_on(s, h, b);
    flag(v, sp.hi[0] > 0 && sp.nbest == 1);
}
static void ties_hi(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    const split sp = split_on(s, h, b);
    flag(v, sp.hi[0] > 0 && sp.nbest > 1);
}
static void wins_lo(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    const split sp = split_on(s, h, b);
    flag(v, sp.lo[0] > 0 && sp.nlow == 1);
}
static void ties_lo_villain(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    const split sp = split_on(s, h, b);
    flag(v, sp.lo[1] > 0 && sp.nlow > 1);
}
static void has_low_turn(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    flag(v, has_low_at(s, h[0], b, 4));
}
static void has_low_flop_villain(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    flag(v, has_low_at(s, h[1], b, 3));
}
static void has_low_river(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    flag(v, has_low_at(s, h[0], b, 5));
}
static int where_hero_low_turn(const setup *s, const uint64_t *h, const int *b) {
    return has_low_at(s, h[0], b, 4);
}
static int where_no_villain_low_river(const setup *s, const uint64_t *h, const int *b) {
    return !has_low_at(s, h[1], b, 5);
}

/* inRange's reference: a hand's cards counted by rank (card % 13: 0 ace .. 12 king) and by suit
 * (card / 13), and the predicates of the ranges the queries below name. */
static int rank_count(uint64_t h, int r) {
    int k = 0;
    for (int s = 0; s < 4; s++)
        k += (int)(h >> (s * 13 + r) & 1);
    return k;
}
static int suits_with_two(uint64_t h) {
    int k = 0;
    for (int s = 0; s < 4; s++)
        k += __builtin_popcountll(h >> (s * 13) & 0x1FFF) >= 2;
    return k;
}
static int pairs_in(uint64_t h) {
    int k = 0;
    for (int r = 0; r < 13; r++)
        k += rank_count(h, r) >= 2;
    return k;
}
static void villain_kk(const setup *s, const uint64_t *h, const int *b, mpq_t v) { /* 'KK' */
    (void)s, (void)b;
    flag(v, rank_count(h[1], 12) >= 2);
}
static void villain_ds(const setup *s, const uint64_t *h, const int *b, mpq_t v) { /* '$ds' */
    (void)s, (void)b;
    flag(v, suits_with_two(h[1]) >= 2);
}
static void villain_two_pair(const setup *s, const uint64_t *h, const int *b, mpq_t v) {
    (void)s, (void)b; /* 'RROO' */
    flag(v, pairs_in(h[1]) >= 2);
}
static int where_villain_ace_low(const setup *s, const uint64_t *h, const int *b) {
    (void)s, (void)b; /* 'A[2-5]**': an ace and a card two to five */
    return rank_count(h[1], 0) >= 1 &&
           rank_count(h[1], 1) + rank_count(h[1], 2) + rank_count(h[1], 3) + rank_count(h[1], 4) >=
               1;
}
static int where_villain_unpaired(const setup *s, const uint64_t *h, const int *b) {
    (void)s, (void)b; /* not 'RR' */
    return pairs_in(h[1]) == 0;
}
static int where_hero_suited_ace(const setup *s, const uint64_t *h, const int *b) {
    (void)s, (void)b; /* 'Axx': an ace with another card of its suit */
    for (int su = 0; su < 4; su++)
        if ((h[0] >> (su * 13) & 1) && __builtin_popcountll(h[0] >> (su * 13) & 0x1FFF) >= 2)
            return 1;
    return 0;
}

typedef struct qcase {
    const char *query; /* one select item */
    const setup *s;
    item_fn item;
    where_fn where;
} qcase;

/* The scenarios: hands written both in the query and here. */
static setup A, B, C, D, E, F, G;

static void make_setups(void) {
    /* A: omaha8 heads-up, exact hands, a flop */
    A = (setup){2, 1, {1, 1}, {{0}}, {{0}}, 0, 0};
    A.hand[0][0] = mask_of("AhAd2s3s");
    A.hand[1][0] = mask_of("KsKd7c8c");
    A.weight[0][0] = A.weight[1][0] = 1;
    A.board = mask_of("4h5d9c");
    /* B: omaha8, villain a weighted range of three hands, a turn */
    B = (setup){2, 1, {1, 3}, {{0}}, {{0}}, 0, 0};
    B.hand[0][0] = mask_of("As2h4c7d");
    B.weight[0][0] = 1;
    B.hand[1][0] = mask_of("Ac3c5h6h");
    B.hand[1][1] = mask_of("Ad3d5s6s");
    B.hand[1][2] = mask_of("KhQhJcTc");
    B.weight[1][0] = 50;
    B.weight[1][1] = 50;
    B.weight[1][2] = 100;
    B.board = mask_of("8s3h2dKd");
    /* C: omaha8 three-way, a flop with a dead card */
    C = (setup){3, 1, {1, 1, 1}, {{0}}, {{0}}, 0, 0};
    C.hand[0][0] = mask_of("Ah2h5c9c");
    C.hand[1][0] = mask_of("Ac2c6d7d");
    C.hand[2][0] = mask_of("KdKsQcJh");
    C.weight[0][0] = C.weight[1][0] = C.weight[2][0] = 1;
    C.board = mask_of("3s4d8h");
    C.dead = mask_of("Kh");
    /* D: omaha85 (five cards), a turn */
    D = (setup){2, 1, {1, 1}, {{0}}, {{0}}, 0, 0};
    D.hand[0][0] = mask_of("Ah2d3c9s9h");
    D.hand[1][0] = mask_of("As4s5dQhQc");
    D.weight[0][0] = D.weight[1][0] = 1;
    D.board = mask_of("6c7h8dKs");
    /* E: omahahi5 (five cards, high only), a flop */
    E = (setup){2, 0, {1, 2}, {{0}}, {{0}}, 0, 0};
    E.hand[0][0] = mask_of("AhAdKsQsJc");
    E.hand[1][0] = mask_of("9h8h7c6c5d");
    E.hand[1][1] = mask_of("ThTd9s8s2c");
    E.weight[0][0] = 1;
    E.weight[1][0] = E.weight[1][1] = 1;
    E.board = mask_of("Jh7d2s");
    /* F: omaha8, both players ranges, a flop (inRange) */
    F = (setup){2, 1, {2, 4}, {{0}}, {{0}}, 0, 0};
    F.hand[0][0] = mask_of("AhAd2s3s");
    F.hand[0][1] = mask_of("As2h7s8c");
    F.weight[0][0] = F.weight[0][1] = 1;
    F.hand[1][0] = mask_of("KsKd7c8c");
    F.hand[1][1] = mask_of("Ac3c5h6h");
    F.hand[1][2] = mask_of("Ac3d5h6s");
    F.hand[1][3] = mask_of("QhQcJhTc");
    F.weight[1][0] = 100;
    F.weight[1][1] = 50;
    F.weight[1][2] = 100;
    F.weight[1][3] = 20;
    F.board = mask_of("4h5d9c");
    /* G: omaha85, the villain a range of two five-card hands, a turn (inRange) */
    G = (setup){2, 1, {1, 2}, {{0}}, {{0}}, 0, 0};
    G.hand[0][0] = mask_of("Ah2d3c9s9h");
    G.hand[1][0] = mask_of("As4s5dQhQc");
    G.hand[1][1] = mask_of("JsJh7d7c2c");
    G.weight[0][0] = 1;
    G.weight[1][0] = 1;
    G.weight[1][1] = 1;
    G.board = mask_of("6c7h8dKs");
}

#define QA "from game=omaha8, hero=AhAd2s3s, villain=KsKd7c8c, board=4h5d9c"
#define QB                                                                                         \
    "from game=omaha8, hero=As2h4c7d, villain='Ac3c5h6h@50, Ad3d5s6s@50, KhQhJcTc', "              \
    "board=8s3h2dKd"
#define QC                                                                                         \
    "from game=omaha8, hero=Ah2h5c9c, villain=Ac2c6d7d, third=KdKsQcJh, board=3s4d8h, dead=Kh"
#define QD "from game=omaha85, hero=Ah2d3c9s9h, villain=As4s5dQhQc, board=6c7h8dKs"
#define QF                                                                                         \
    "from game=omaha8, hero='AhAd2s3s, As2h7s8c', "                                                \
    "villain='KsKd7c8c, Ac3c5h6h@50, Ac3d5h6s, QhQcJhTc@20', board=4h5d9c"
#define QG "from game=omaha85, hero=Ah2d3c9s9h, villain='As4s5dQhQc, JsJh7d7c2c', board=6c7h8dKs"
#define QE "from game=omahahi5, hero=AhAdKsQsJc, villain='9h8h7c6c5d, ThTd9s8s2c', board=Jh7d2s"

static const qcase CASES[] = {
    {"select avg(riverEquity(hero)) " QA, &A, river_equity, NULL},
    {"select avg(hiEquity(hero, river)) " QA, &A, river_hi, NULL},
    {"select avg(loEquity(hero, river)) " QA, &A, river_lo, NULL},
    {"select count(scoops(hero)) " QA, &A, scoops, NULL},
    {"select count(hasLow(hero, turn)) " QA, &A, has_low_turn, NULL},
    {"select avg(riverEquity(hero)) " QA " where hasLow(hero, turn)", &A, river_equity,
     where_hero_low_turn},
    {"select avg(equity(villain, turn)) " QB, &B, turn_equity_villain, NULL},
    {"select count(winsLo(hero)) " QB, &B, wins_lo, NULL},
    {"select count(tiesLo(villain)) " QB, &B, ties_lo_villain, NULL},
    {"select avg(hiEquity(hero, turn)) " QB, &B, turn_hi, NULL},
    {"select count(winsHi(hero)) " QB, &B, wins_hi, NULL},
    {"select count(hasLow(villain, flop)) " QC, &C, has_low_flop_villain, NULL},
    {"select count(tiesHi(hero)) " QC, &C, ties_hi, NULL},
    {"select count(scoops(hero)) " QB " where not hasLow(villain, river)", &B, scoops,
     where_no_villain_low_river},
    {"select count(hasLow(hero, river)) " QD, &D, has_low_river, NULL},
    /* inRange with the Omaha range grammar */
    {"select count(inRange(villain, 'KK')) " QF, &F, villain_kk, NULL},
    {"select count(inRange(villain, '$ds')) " QF, &F, villain_ds, NULL},
    {"select avg(riverEquity(hero)) " QF " where inRange(villain, 'A[2-5]**')", &F, river_equity,
     where_villain_ace_low},
    {"select avg(loEquity(hero, river)) " QF " where not inRange(villain, 'RR')", &F, river_lo,
     where_villain_unpaired},
    {"select count(scoops(hero)) " QF " where inRange(hero, 'Axx')", &F, scoops,
     where_hero_suited_ace},
    {"select count(inRange(villain, 'RROO')) " QG, &G, villain_two_pair, NULL},
};

/* The heavier queries (the three-way flop, the five-card river equities): the long entry
 * test_query_omaha8_long. */
static const qcase LONG_CASES[] = {
    {"select avg(equity(hero, flop)) " QC, &C, flop_equity, NULL},
    {"select avg(loEquity(hero, flop)) " QC, &C, flop_lo, NULL},
    {"select avg(riverEquity(hero)) " QD, &D, river_equity, NULL},
    {"select avg(riverEquity(hero)) " QE, &E, river_equity, NULL},
    {"select avg(equity(hero, flop)) " QE, &E, flop_equity, NULL},
};

static void against_brute_force(const qcase *cases, size_t n) {
    make_setups();
    mpq_t want, got;
    mpq_inits(want, got, NULL);
    for (size_t i = 0; i < n; i++) {
        const qcase *c = &cases[i];
        hs_query *q;
        hs_query_error err;
        int rc = hs_query_compile(c->query, strlen(c->query), &q, &err);
        if (rc != HS_OK)
            fail_msg("case %zu: %s", i, err.message);
        hs_table *t;
        rc = hs_query_run(q, NULL, 0, 1, 2, NULL, NULL, &t, &err);
        if (rc != HS_OK)
            fail_msg("case %zu: run: %s", i, err.message);
        reference(c->s, c->item, c->where, want);
        if (mpq_set_str(got, hs_table_cell(t, 0, 3), 10) != 0)
            fail_msg("case %zu: exact '%s'", i, hs_table_cell(t, 0, 3));
        mpq_canonicalize(got);
        if (!mpq_equal(want, got)) {
            char *w = mpq_get_str(NULL, 10, want);
            fail_msg("case %zu (%s): %s, the reference %s", i, c->query, hs_table_cell(t, 0, 3), w);
        }
        /* the estimate: within 5 standard errors */
        hs_table *est;
        rc = hs_query_run(q, NULL, 2000, 3, 2, NULL, NULL, &est, &err);
        if (rc != HS_OK)
            fail_msg("case %zu: sampled: %s", i, err.message);
        const double e = strtod(hs_table_cell(est, 0, 2), NULL);
        const double se = strtod(hs_table_cell(est, 0, 5), NULL);
        const double x = mpq_get_d(want);
        if (fabs(e - x) > 5 * se + 1e-12)
            fail_msg("case %zu: estimate %.6f +- %.6f, exact %.6f", i, e, se, x);
        hs_table_free(est);
        hs_table_free(t);
        hs_query_free(q);
    }
    mpq_clears(want, got, NULL);
}

static void test_against_brute_force(void **state) {
    (void)state;
    against_brute_force(CASES, sizeof CASES / sizeof CASES[0]);
}

static void test_against_brute_force_long(void **state) {
    (void)state;
    against_brute_force(LONG_CASES, sizeof LONG_CASES / sizeof LONG_CASES[0]);
}

/* The low functions outside the hi/lo games, a preflop hasLow, a bad Omaha range: refused with
 * the token named. */
static void test_refused(void **state) {
    (void)state;
    static const struct {
        const char *query, *message;
    } BAD[] = {
        {"select count(winsLo(hero)) from game=omahahi, hero=AhAd2s3s, villain=KsKd7c8c",
         "winslo is for the hi/lo games only"},
        {"select count(hasLow(hero, preflop)) from game=omaha8, hero=AhAd2s3s, villain=*",
         "needs a flop, turn or river"},
        {"select avg(loEquity(hero, river)) from hero=AhKh, villain=QQ",
         "for the hi/lo games only"},
        {"select avg(riverEquity(hero)) from game=omaha8, hero='AA@0', villain=KK",
         "hero: '@0': a weight is a whole number 1..100"},
        {"select avg(riverEquity(hero)) from game=omaha85, hero=AhAd2s3s4s5s, villain=KK",
         "hero: 'AhAd2s3s4s5s': a pattern of more than 5 cards"},
        {"select avg(riverEquity(hero)) from game=omaha9, hero=AhAd2s3s, villain=KK",
         "game: 'omaha9' is not a game here"},
        {"select count(inRange(villain, 'AAKKQ')) from game=omaha8, hero=AhAd2s3s, villain=*",
         "inRange: 'AAKKQ': a pattern of more than 4 cards"},
        {"select count(inRange(villain, 'AA,,KK')) from game=omahahi, hero=AhAd2s3s, villain=*",
         "inRange: ',': an empty item"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        hs_query *q = NULL;
        hs_query_error err;
        const int rc = hs_query_compile(BAD[i].query, strlen(BAD[i].query), &q, &err);
        if (rc == HS_OK || strstr(err.message, BAD[i].message) == NULL)
            fail_msg("case %zu: %d '%s'", i, rc, rc == HS_OK ? "" : err.message);
        assert_null(q);
    }
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "long") == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(test_against_brute_force_long)};
        return hs_run_tests(tests, NULL, NULL);
    }
    if (argc > 1) {
        fprintf(stderr, "usage: test_query_omaha8 [long]\n");
        return 2;
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_against_brute_force),
                                       cmocka_unit_test(test_refused)};
    return hs_run_tests(tests, NULL, NULL);
}
