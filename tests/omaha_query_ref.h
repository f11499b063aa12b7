/* The reference the query-language tests of the Omaha games share (test_query_lowhand,
 * test_query_omaha8): hands as masks, the 8-or-better low of five cards by sorting ranks, the best
 * high (poker_ref) and low of two hole and three board cards, the players' hands with weights, and
 * the exact weighted mean of one item over every choice of hands and every completion of the board
 * (GMP). Included by each test after <cmocka.h> (mask_of asserts); every function is used by both.
 */
#ifndef HS_TEST_OMAHA_QUERY_REF_H
#define HS_TEST_OMAHA_QUERY_REF_H

#include <gmp.h>
#include <stdint.h>
#include <string.h>

#include "handstat/handstat.h"
#include "poker_ref.h"

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

/* One item of a query: its value on a deal (a fraction) and whether the deal counts (where). */
typedef void (*item_fn)(const setup *s, const uint64_t *hands, const int *board, mpq_t v);
typedef int (*where_fn)(const setup *s, const uint64_t *hands, const int *board);

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

#endif
