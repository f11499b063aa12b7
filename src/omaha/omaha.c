/* Omaha (handstat/omaha.h): the best high hand of two hole and three board cards by the
 * incremental states of handstat/poker_state.h (each hole pair's and each board triple's state
 * made once, every combination one join and one ranking), the 8-or-better low by rank masks,
 * and exact equity as a job. */
#include "handstat/omaha.h"

#include "combin.h"
#include "handstat/error.h"
#include "handstat/poker.h"
#include "handstat/poker_state.h"
#include "job_internal.h"
#include "poker_internal.h"
#include "rng_internal.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXP HS_OMAHA_MAX_PLAYERS
#define MAX_PAIRS 15   /* C(6, 2) */
#define MAX_TRIPLES 10 /* C(5, 3) */
#define NO_LOW 0xFFFFu

/* ---- ranking ------------------------------------------------------------------------------- */

/* The cards of a hand mask in index order; returns how many. */
static int cards_of(uint64_t mask, int *out) {
    int n = 0;
    for (; mask != 0; mask &= mask - 1)
        out[n++] = __builtin_ctzll(mask);
    return n;
}

/* The low rank bit of a card (ace = bit 0 .. eight = bit 7), 0 for nine and up. */
static unsigned low_bit(int card) {
    int r = hs_card_rank(card);
    return r <= 7 ? 1u << r : 0u;
}

/* The low ranks of n cards as a mask, or NO_LOW unless they are n different ranks of eight or
 * lower. */
static unsigned low_set(const int *c, int n) {
    unsigned mask = 0;
    for (int i = 0; i < n; i++) {
        unsigned l = low_bit(c[i]);
        if (l == 0 || (mask & l))
            return NO_LOW;
        mask |= l;
    }
    return mask;
}

/* The two-card sets of `hole`: their cards, states and low masks (low_set). */
typedef struct hole_sets {
    int pairs;
    int card[MAX_PAIRS][2];
    hs_poker_state pair[MAX_PAIRS];
    uint16_t low[MAX_PAIRS];
} hole_sets;

static void make_hole_sets(uint64_t hole, hole_sets *h) {
    int c[6], n = cards_of(hole, c);
    h->pairs = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            const int two[2] = {c[a], c[b]};
            memcpy(h->card[h->pairs], two, sizeof two);
            h->pair[h->pairs] =
                hs_poker_state_add(hs_poker_state_add(hs_poker_state_empty(), c[a]), c[b]);
            h->low[h->pairs++] = (uint16_t)low_set(two, 2);
        }
}

/* The same for all three-card sets of the board. */
typedef struct board_sets {
    int triples;
    hs_poker_state triple[MAX_TRIPLES];
    uint16_t low[MAX_TRIPLES];
} board_sets;

static void make_board_sets(const int *c, int n, board_sets *b) {
    b->triples = 0;
    for (int x = 0; x < n; x++)
        for (int y = x + 1; y < n; y++)
            for (int z = y + 1; z < n; z++) {
                const int three[3] = {c[x], c[y], c[z]};
                hs_poker_state s = hs_poker_state_add(hs_poker_state_empty(), c[x]);
                b->triple[b->triples] = hs_poker_state_add(hs_poker_state_add(s, c[y]), c[z]);
                b->low[b->triples++] = (uint16_t)low_set(three, 3);
            }
}

/* The best high class and, through *best_five (may be NULL), its cards. */
static int best_high(const hole_sets *h, const board_sets *b, uint64_t *best_five) {
    int best = HS_POKER_CLASSES + 1;
    for (int p = 0; p < h->pairs; p++)
        for (int t = 0; t < b->triples; t++) {
            hs_poker_state s = hs_poker_state_join(h->pair[p], b->triple[t]);
            int cls = hs_poker_state_rank(s);
            if (cls < best) {
                best = cls;
                if (best_five)
                    *best_five = hs_poker_state_mask(s);
            }
        }
    return best;
}

/* The low class of five different low ranks (a mask of 8 bits): 1 + its colex rank, since a
 * lower mask is a better low (compared from the highest rank down). */
static int low_class(unsigned mask) {
    return 1 + (int)hs_colex(mask);
}

/* The best low mask (NO_LOW when none). */
static unsigned best_low_mask(const hole_sets *h, const board_sets *b) {
    unsigned best = NO_LOW;
    for (int p = 0; p < h->pairs; p++) {
        unsigned pl = h->low[p];
        if (pl == NO_LOW)
            continue;
        for (int t = 0; t < b->triples; t++) {
            unsigned tl = b->low[t];
            if (tl != NO_LOW && (pl & tl) == 0 && (pl | tl) < best)
                best = pl | tl;
        }
    }
    return best;
}

#ifndef NDEBUG
static int valid_omaha(uint64_t hole, uint64_t board) {
    int nh = hs_hand_size(hole), nb = hs_hand_size(board);
    return (hole & board) == 0 && ((hole | board) & ~HS_DECK_MASK) == 0 && nh >= 4 && nh <= 6 &&
           nb >= 3 && nb <= 5;
}
#endif

/* The two-card sets of hole and the three-card sets of board. */
static void sets_of(uint64_t hole, uint64_t board, hole_sets *h, board_sets *b) {
    assert(valid_omaha(hole, board));
    int c[5], n = cards_of(board, c);
    make_hole_sets(hole, h);
    make_board_sets(c, n, b);
}

int hs_omaha_rank(uint64_t hole, uint64_t board) {
    hole_sets h;
    board_sets b;
    sets_of(hole, board, &h, &b);
    return best_high(&h, &b, NULL);
}

uint64_t hs_omaha_best_five(uint64_t hole, uint64_t board) {
    hole_sets h;
    board_sets b;
    sets_of(hole, board, &h, &b);
    uint64_t five = 0;
    best_high(&h, &b, &five);
    return five;
}

int hs_low8_rank(uint64_t five) {
    assert(hs_hand_size(five) == 5 && (five & ~HS_DECK_MASK) == 0);
    int c[5];
    cards_of(five, c);
    unsigned mask = low_set(c, 5);
    return mask == NO_LOW ? 0 : low_class(mask);
}

int hs_omaha_low(uint64_t hole, uint64_t board) {
    hole_sets h;
    board_sets b;
    sets_of(hole, board, &h, &b);
    unsigned m = best_low_mask(&h, &b);
    return m == NO_LOW ? 0 : low_class(m);
}

size_t hs_low8_describe(int low, char *buf, size_t cap) {
    assert(low >= 1 && low <= HS_LOW8_CLASSES);
    unsigned mask = (unsigned)hs_colex_unrank((uint32_t)(low - 1), 5);
    static const char name[8] = {'A', '2', '3', '4', '5', '6', '7', '8'};
    char text[16];
    size_t n = 0;
    for (int r = 7; r >= 0; r--)
        if (mask >> r & 1) {
            if (n > 0)
                text[n++] = '-';
            text[n++] = name[r];
        }
    text[n] = '\0';
    return (size_t)snprintf(buf, cap, "%s", text);
}

/* ---- equity ---------------------------------------------------------------------------------
 * Two ways to count, by how many boards there are:
 *  - few (up to 6,175, about what the tables below cost to make): board by board, every choice of
 *    two hole and three board cards ranked.
 *  - more (three or more board cards to come): by rank pattern. A high hand is a flush only with
 *    two hole cards and three board cards of one suit, and then no other suit has three cards on
 *    the board (it has five). So the boards with three or more cards of a suit that some player
 *    holds two of are counted by that suit, its new cards and the rank pattern of the other new
 *    cards (at most two), and every other board by the multiset of its new ranks alone. Each
 *    player's best non-flush class and best low of each pattern come from tables made once per
 *    query; a flush suit's new cards give each player's best flush once for all their patterns. */

#define MSETS 6188 /* multisets of five ranks (fewer for fewer cards): hs_mset_step */

/* The rank key of each card rank (poker_tables.h). */
static const uint32_t rank_key[HS_RANKS] = HS_POKER_RANK_KEYS;

/* C(n, k) for n <= 4, k <= 5: the sets of k cards of a rank with n cards left. */
static const uint8_t binom4[5][6] = {{1, 0, 0, 0, 0, 0},
                                     {1, 1, 0, 0, 0, 0},
                                     {1, 2, 1, 0, 0, 0},
                                     {1, 3, 3, 1, 0, 0},
                                     {1, 4, 6, 4, 1, 0}};

/* A multiset of 0..2 ranks of new cards off a flush suit, and the sets of cards that have them. */
typedef struct rank_rest {
    uint32_t ways;
    int n;
    int r[2]; /* ascending */
} rank_rest;

/* A flush configuration: the new cards of the flush suit, as a set of ranks. */
typedef struct flush_config {
    uint8_t suit;
    uint16_t ranks;
} flush_config;

typedef struct eq_ctx {
    int players, hilo, known, need; /* known board cards, cards to deal */
    int board[5];
    int rest[HS_CARDS], n_rest; /* the cards left to deal, in index order */
    int tables;                 /* 1: by rank pattern; 0: board by board */
    hole_sets sets[MAXP];
    /* by rank pattern (tables = 1) */
    int patterns;               /* multisets of `need` new ranks, by dense index */
    uint8_t (*pattern)[5];      /* ... each one's ranks, ascending */
    uint32_t *ways;             /* ... the sets of new cards with those ranks */
    uint8_t *lowset;            /* ... the low ranks (bit 0 ace .. bit 7 eight) of the board */
    uint16_t *high;             /* high[p * patterns + i]: p's best class but flushes */
    uint16_t low[MAXP][256];    /* low[p][set]: p's best low mask of board low ranks `set` */
    int suited[MAXP][HS_SUITS]; /* p's hole pairs of suit s ... */
    uint16_t lane[MAXP][HS_SUITS][MAX_PAIRS]; /* ... as two-rank lanes */
    unsigned known_lane[HS_SUITS];            /* the known board cards' ranks by suit */
    int n_rests[HS_SUITS][3];
    rank_rest rests[HS_SUITS][3][91]; /* rank_rest of n cards off suit s */
    size_t n_configs;
    flush_config *config;
    size_t units;
} eq_ctx;

static void eq_ctx_free(void *p) {
    eq_ctx *c = p;
    free(c->pattern);
    free(c->ways);
    free(c->lowset);
    free(c->high);
    free(c->config);
    free(c);
}

/* The accumulator: hs_omaha_equity's counts (players and hilo left out), and by rank pattern the
 * boards counted with a flush suit, which the count by pattern alone leaves out. */
typedef struct eq_acc {
    uint64_t boards, low_boards;
    hs_omaha_player p[MAXP];
    uint64_t flush_ways[MSETS];
} eq_acc;

/* Count `w` boards on which the players' best highs and lows are high[] and low[]. */
static void count_showdown(const eq_ctx *c, const int *high, const unsigned *low, uint64_t w,
                           eq_acc *acc) {
    int best = HS_POKER_CLASSES + 1;
    unsigned best_low = NO_LOW;
    for (int p = 0; p < c->players; p++) {
        best = high[p] < best ? high[p] : best;
        best_low = low[p] < best_low ? low[p] : best_low;
    }
    int nh = 0, nl = 0;
    for (int p = 0; p < c->players; p++) {
        nh += high[p] == best;
        nl += c->hilo && best_low != NO_LOW && low[p] == best_low;
    }
    /* a pot (or half of one) split n ways, in share units: no division per board */
    static const uint32_t pot_of[MAXP + 1] = {0, 5040, 2520, 1680, 1260, 1008, 840, 720, 630, 560};
    static const uint32_t half_of[MAXP + 1] = {0, 2520, 1260, 840, 630, 504, 420, 360, 315, 280};
    _Static_assert(HS_OMAHA_SHARE_UNIT == 5040 && MAXP == 9, "the split tables");
    const uint64_t high_cut = (nl > 0 ? half_of[nh] : pot_of[nh]) * w, low_cut = half_of[nl] * w;
    for (int p = 0; p < c->players; p++) {
        hs_omaha_player *q = &acc->p[p];
        int hw = high[p] == best, lw = nl > 0 && low[p] == best_low;
        if (!hw)
            q->losses += w;
        else if (nh == 1)
            q->wins += w;
        else
            q->ties += w;
        if (hw)
            q->high_share += high_cut;
        if (lw)
            q->low_share += low_cut;
        if (c->hilo && hw && nh == 1 && (nl == 0 || (lw && nl == 1)))
            q->scoops += w;
    }
    acc->boards += w;
    acc->low_boards += nl > 0 ? w : 0;
}

/* ---- board by board ---- */

/* Every board with new cards at positions known..pos taken from rest[0..below), one at a time. */
static void direct_boards(const eq_ctx *c, int board[5], int pos, int below, eq_acc *acc) {
    if (pos < c->known) {
        board_sets b;
        make_board_sets(board, 5, &b);
        int high[MAXP];
        unsigned low[MAXP];
        for (int p = 0; p < c->players; p++) {
            high[p] = best_high(&c->sets[p], &b, NULL);
            low[p] = c->hilo ? best_low_mask(&c->sets[p], &b) : NO_LOW;
        }
        count_showdown(c, high, low, 1, acc);
        return;
    }
    for (int a = pos - c->known; a < below; a++) {
        board[pos] = c->rest[a];
        direct_boards(c, board, pos - 1, a, acc);
    }
}

/* ---- by rank pattern ---- */

/* The dense index of the multiset of the ascending ranks a[0..na) and b[0..nb) together. */
static unsigned merged_pattern(const int *a, int na, const int *b, int nb) {
    unsigned idx = 0;
    int i = 0, j = 0, k = 0;
    while (i < na || j < nb) {
        int v = j >= nb || (i < na && a[i] <= b[j]) ? a[i++] : b[j++];
        idx += hs_mset_step(k++, v);
    }
    return idx;
}

/* The boards of flush configuration u: each player's best flush from the suit's board cards
 * once, then each rank pattern of the new cards off the suit. */
static void flush_unit(const eq_ctx *c, size_t u, eq_acc *acc) {
    const flush_config *f = &c->config[u];
    const int s = f->suit, players = c->players;
    const unsigned lane = c->known_lane[s] | f->ranks; /* the board's cards of suit s */
    int lr[5], nl = 0, sr[5], ns = 0;
    for (unsigned m = lane; m != 0; m &= m - 1)
        lr[nl++] = __builtin_ctz(m);
    for (unsigned m = f->ranks; m != 0; m &= m - 1)
        sr[ns++] = __builtin_ctz(m);
    int flush[MAXP];
    for (int p = 0; p < players; p++) {
        int best = HS_POKER_CLASSES + 1;
        for (int x = 0; x < nl; x++)
            for (int y = x + 1; y < nl; y++)
                for (int z = y + 1; z < nl; z++) {
                    const unsigned trip = 1u << lr[x] | 1u << lr[y] | 1u << lr[z];
                    for (int q = 0; q < c->suited[p][s]; q++) {
                        int cls = hs_poker_flush[c->lane[p][s][q] | trip];
                        best = cls < best ? cls : best;
                    }
                }
        flush[p] = best;
    }
    const int n = c->need - ns;
    for (int j = 0; j < c->n_rests[s][n]; j++) {
        const rank_rest *rr = &c->rests[s][n][j];
        const unsigned idx = merged_pattern(sr, ns, rr->r, rr->n);
        int high[MAXP];
        unsigned low[MAXP];
        for (int p = 0; p < players; p++) {
            int h = c->high[(size_t)p * (size_t)c->patterns + idx];
            high[p] = flush[p] < h ? flush[p] : h;
            low[p] = c->hilo ? c->low[p][c->lowset[idx]] : NO_LOW;
        }
        count_showdown(c, high, low, rr->ways, acc);
        acc->flush_ways[idx] += rr->ways;
    }
}

/* The boards of every rank pattern but those counted as flush configurations. */
static void pattern_boards(const eq_ctx *c, eq_acc *acc) {
    for (int i = 0; i < c->patterns; i++) {
        const uint64_t w = c->ways[i] - acc->flush_ways[i];
        if (w == 0)
            continue;
        int high[MAXP];
        unsigned low[MAXP];
        for (int p = 0; p < c->players; p++) {
            high[p] = c->high[(size_t)p * (size_t)c->patterns + (size_t)i];
            low[p] = c->hilo ? c->low[p][c->lowset[i]] : NO_LOW;
        }
        count_showdown(c, high, low, w, acc);
    }
}

/* The multisets of n (0..2) ranks of cards off a suit: avail_off[r] cards of rank r. */
static int rank_rests(rank_rest *out, const int avail_off[HS_RANKS], int n) {
    int count = 0;
    if (n == 0) {
        out[count++] = (rank_rest){1, 0, {0, 0}};
        return count;
    }
    for (int a = 0; a < HS_RANKS; a++) {
        if (n == 1) {
            if (avail_off[a] > 0)
                out[count++] = (rank_rest){(uint32_t)avail_off[a], 1, {a, 0}};
            continue;
        }
        for (int b = a; b < HS_RANKS; b++) {
            uint32_t ways =
                a == b ? binom4[avail_off[a]][2] : (uint32_t)avail_off[a] * (uint32_t)avail_off[b];
            if (ways > 0)
                out[count++] = (rank_rest){ways, 2, {a, b}};
        }
    }
    return count;
}

/* Step r[0..n) (ascending ranks) to the next multiset; 0 after the last. */
static int next_pattern(int *r, int n) {
    int i = n - 1;
    while (i >= 0 && r[i] == HS_RANKS - 1)
        i--;
    if (i < 0)
        return 0;
    r[i]++;
    for (int j = i + 1; j < n; j++)
        r[j] = r[i];
    return 1;
}

/* The rank patterns with their ways, low sets and every player's best class but flushes; each
 * player's lows and suited pairs; the flush configurations. */
static int build_patterns(eq_ctx *c) {
    const int need = c->need, players = c->players;
    int avail[HS_RANKS] = {0};
    uint64_t deck = 0;
    for (int i = 0; i < c->n_rest; i++) {
        avail[hs_card_rank(c->rest[i])]++;
        deck |= hs_card_bit(c->rest[i]);
    }
    c->patterns = (int)hs_binom(HS_RANKS - 1 + (unsigned)need, (unsigned)need);
    c->pattern = calloc((size_t)c->patterns, sizeof *c->pattern);
    c->ways = calloc((size_t)c->patterns, sizeof *c->ways);
    c->lowset = calloc((size_t)c->patterns, sizeof *c->lowset);
    c->high = calloc((size_t)c->patterns * (size_t)players, sizeof *c->high);
    if (!c->pattern || !c->ways || !c->lowset || !c->high)
        return HS_ERR_NOMEM;
    int kr[5];
    unsigned known_low = 0;
    for (int i = 0; i < c->known; i++) {
        kr[i] = hs_card_rank(c->board[i]);
        known_low |= low_bit(c->board[i]);
        c->known_lane[hs_card_suit(c->board[i])] |= 1u << kr[i];
    }
    uint32_t pair_key[MAXP][MAX_PAIRS];
    for (int p = 0; p < players; p++)
        for (int q = 0; q < c->sets[p].pairs; q++)
            pair_key[p][q] = rank_key[hs_card_rank(c->sets[p].card[q][0])] +
                             rank_key[hs_card_rank(c->sets[p].card[q][1])];
    int r[5] = {0, 0, 0, 0, 0};
    do {
        unsigned idx = 0, lows = known_low;
        uint32_t ways = 1;
        for (int j = 0; j < need; j++) {
            idx += hs_mset_step(j, r[j]);
            lows |= r[j] <= 7 ? 1u << r[j] : 0u;
        }
        for (int j = 0; j < need;) { /* runs of equal ranks */
            int m = 1;
            while (j + m < need && r[j + m] == r[j])
                m++;
            ways *= binom4[avail[r[j]]][m];
            j += m;
        }
        for (int j = 0; j < need; j++)
            c->pattern[idx][j] = (uint8_t)r[j];
        c->ways[idx] = ways;
        c->lowset[idx] = (uint8_t)lows;
        if (ways == 0)
            continue; /* no such board: no hand has more than four cards of a rank */
        int b[5];
        memcpy(b, kr, sizeof kr[0] * (size_t)c->known);
        memcpy(b + c->known, r, sizeof r[0] * (size_t)need);
        uint32_t tk[MAX_TRIPLES];
        int nt = 0;
        for (int x = 0; x < 5; x++)
            for (int y = x + 1; y < 5; y++)
                for (int z = y + 1; z < 5; z++)
                    tk[nt++] = rank_key[b[x]] + rank_key[b[y]] + rank_key[b[z]];
        for (int p = 0; p < players; p++) {
            unsigned best = HS_POKER_CLASSES + 1;
            for (int q = 0; q < c->sets[p].pairs; q++)
                for (int t = 0; t < nt; t++) {
                    unsigned cls = (unsigned)hs_poker_key_class56(pair_key[p][q] + tk[t]);
                    best = cls < best ? cls : best;
                }
            c->high[(size_t)p * (size_t)c->patterns + idx] = (uint16_t)best;
        }
    } while (next_pattern(r, need));

    int relevant[HS_SUITS] = {0};
    for (int p = 0; p < players; p++) {
        const hole_sets *hs = &c->sets[p];
        for (int q = 0; q < hs->pairs; q++) {
            const int a = hs->card[q][0], b = hs->card[q][1], s = hs_card_suit(a);
            if (s == hs_card_suit(b)) {
                c->lane[p][s][c->suited[p][s]++] =
                    (uint16_t)(1u << hs_card_rank(a) | 1u << hs_card_rank(b));
                relevant[s] = 1;
            }
        }
        for (unsigned mask = 0; mask < 256; mask++) {
            unsigned best = NO_LOW;
            for (unsigned tm = mask; tm != 0; tm = (tm - 1) & mask) /* the subsets of mask */
                if (__builtin_popcount(tm) == 3)
                    for (int q = 0; q < hs->pairs; q++) {
                        const unsigned pl = hs->low[q];
                        if (pl != NO_LOW && (pl & tm) == 0 && (pl | tm) < best)
                            best = pl | tm;
                    }
            c->low[p][mask] = (uint16_t)best;
        }
    }
    /* the flush configurations: for each suit some player holds two of, every set of k new cards
     * of it that makes three or more on the board */
    size_t configs = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int s = 0; s < HS_SUITS; s++) {
            if (!relevant[s])
                continue;
            const unsigned lane = hs_lane(deck, s);
            int cards[HS_RANKS], avail_s = 0;
            for (unsigned m = lane; m != 0; m &= m - 1)
                cards[avail_s++] = __builtin_ctz(m);
            const int on_board = __builtin_popcount(c->known_lane[s]);
            assert(on_board < 3); /* three or more cards to come: at most two known */
            int hi = avail_s < need ? avail_s : need;
            for (int k = 3 - on_board; k <= hi; k++) {
                if (pass == 1 && k == 3 - on_board) {
                    int avail_off[HS_RANKS];
                    for (int x = 0; x < HS_RANKS; x++)
                        avail_off[x] = avail[x] - (int)(lane >> x & 1);
                    for (int n = 0; n <= 2 && n <= need; n++)
                        c->n_rests[s][n] = rank_rests(c->rests[s][n], avail_off, n);
                }
                int idx[5];
                for (int i = 0; i < k; i++)
                    idx[i] = i;
                do {
                    if (pass == 1) {
                        unsigned ranks = 0;
                        for (int i = 0; i < k; i++)
                            ranks |= 1u << cards[idx[i]];
                        c->config[configs] = (flush_config){(uint8_t)s, (uint16_t)ranks};
                    }
                    configs++;
                } while (hs_next_subset(idx, k, avail_s));
            }
        }
        if (pass == 0) {
            c->n_configs = configs;
            c->config = calloc(configs > 0 ? configs : 1, sizeof *c->config);
            if (c->config == NULL)
                return HS_ERR_NOMEM;
            configs = 0;
        }
    }
    return HS_OK;
}

/* Unit u: by rank pattern, flush configuration u; board by board, the boards whose highest new
 * card is rest[u] (the one board when none is to come). */
static void eq_unit(void *ctxp, size_t u, void *accp, void *scratch) {
    (void)scratch;
    const eq_ctx *c = ctxp;
    eq_acc *acc = accp;
    if (c->tables) {
        flush_unit(c, u, acc);
        return;
    }
    int board[5];
    memcpy(board, c->board, sizeof board);
    if (c->need == 0) {
        direct_boards(c, board, -1, 0, acc);
        return;
    }
    board[4] = c->rest[u];
    direct_boards(c, board, 3, (int)u, acc);
}

static void eq_merge(void *dstp, const void *srcp) {
    uint64_t *d = dstp;
    const uint64_t *s = srcp;
    for (size_t i = 0; i < sizeof(eq_acc) / sizeof(uint64_t); i++)
        d[i] += s[i];
}

/* Every board's shares add up to one pot; high results partition the players. */
static int eq_check(const eq_ctx *c, const eq_acc *a) {
    uint64_t boards = hs_binom((unsigned)c->n_rest, (unsigned)c->need), share = 0;
    for (int p = 0; p < c->players; p++) {
        const hs_omaha_player *q = &a->p[p];
        if (q->wins + q->ties + q->losses != a->boards)
            return HS_ERR_CORRUPT;
        share += q->high_share + q->low_share;
    }
    return a->boards == boards && share == boards * HS_OMAHA_SHARE_UNIT ? HS_OK : HS_ERR_CORRUPT;
}

static const hs_job_def omaha_job = {"omaha equity", 2,        sizeof(eq_acc), 0,
                                     eq_unit,        eq_merge, NULL,           NULL};

int hs_omaha_equity_run(const uint64_t *holes, int players, uint64_t board, uint64_t dead, int hilo,
                        int threads, hs_progress_fn progress, void *progress_ctx,
                        hs_omaha_equity *out) {
    if (players < 2 || players > MAXP || threads < 0)
        return HS_ERR_ARG;
    uint64_t used = 0;
    int size = hs_hand_size(holes[0]);
    if (size < 4 || size > 6)
        return HS_ERR_COUNT;
    for (int p = 0; p < players; p++) {
        if (holes[p] & ~HS_DECK_MASK)
            return HS_ERR_ARG;
        if (hs_hand_size(holes[p]) != size)
            return HS_ERR_COUNT;
        if (used & holes[p])
            return HS_ERR_DUPLICATE;
        used |= holes[p];
    }
    if ((board | dead) & ~HS_DECK_MASK)
        return HS_ERR_ARG;
    if ((used & board) || (used & dead) || (board & dead))
        return HS_ERR_DUPLICATE;
    int known = hs_hand_size(board);
    if (known > 5)
        return HS_ERR_COUNT;
    eq_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    c->players = players;
    c->hilo = hilo != 0;
    c->known = known;
    c->need = 5 - known;
    cards_of(board, c->board);
    c->n_rest = cards_of(HS_DECK_MASK & ~(used | board | dead), c->rest);
    if (c->n_rest < c->need) {
        eq_ctx_free(c);
        return HS_ERR_COUNT;
    }
    for (int p = 0; p < players; p++)
        make_hole_sets(holes[p], &c->sets[p]);
    /* The tables cost about what 6,175 boards ranked choice by choice do. */
    c->tables = hs_binom((unsigned)c->n_rest, (unsigned)c->need) > 6175;
    int rc = c->tables ? build_patterns(c) : HS_OK;
    if (rc != HS_OK) {
        eq_ctx_free(c);
        return rc;
    }
    c->units = c->tables ? c->n_configs : c->need == 0 ? 1 : (size_t)c->n_rest;
    hs_job *job;
    rc = hs_job_new(&omaha_job, c, eq_ctx_free, c->units, "", NULL, &job);
    if (rc != HS_OK)
        return rc;
    eq_acc *acc = malloc(sizeof *acc);
    if (acc == NULL) {
        hs_job_free(job);
        return HS_ERR_NOMEM;
    }
    rc = hs_job_run(job, 0, c->units,
                    &(hs_job_opts){threads, progress, progress_ctx, NULL, NULL, 0.0});
    if (rc == HS_OK) {
        memcpy(acc, hs_job_acc_const(job), sizeof *acc);
        if (c->tables)
            pattern_boards(c, acc);
        rc = eq_check(c, acc);
    }
    if (rc == HS_OK) {
        memset(out, 0, sizeof *out);
        out->players = players;
        out->hilo = hilo != 0;
        out->boards = acc->boards;
        out->low_boards = acc->low_boards;
        memcpy(out->p, acc->p, sizeof acc->p);
    }
    free(acc);
    hs_job_free(job);
    return rc;
}

/* ---- range equity ------------------------------------------------------------------------------
 * Exact: one unit per set of board completions (those whose highest new card is rest[u]); for
 * each board (the least of its set under the query's suit symmetries, counted times the set's
 * size) every live hand of every range is ranked once, then every choice of pairwise
 * disjoint hands is counted from those rankings with the product of their weights. Estimate: the
 * sampler of handstat/holdem.h's model, units of 2^16 samples with their own streams. */

typedef unsigned __int128 u128;

typedef struct rq_ctx {
    int players, hilo, known, need, n_rest;
    int board[5];
    int rest[HS_CARDS];
    size_t n[MAXP]; /* live hands (off the board and the dead cards) */
    uint64_t *hand[MAXP];
    uint64_t *w[MAXP];   /* weights divided by their gcd */
    uint64_t *cum[MAXP]; /* sampling: cumulative weights */
    uint64_t samples, seed;
    hs_job_def def; /* the exact count's job: scratch for one board's rankings */
    /* the suit permutations mapping the board, the dead cards and every range (with its weights)
     * onto themselves: boards one maps to another have the same counts, so only the least of
     * each set is counted, times the set's size */
    int n_sym;
    uint8_t sym[24][HS_SUITS];
} rq_ctx;

static void rq_ctx_free(void *p) {
    rq_ctx *c = p;
    for (int i = 0; i < MAXP; i++) {
        free(c->hand[i]);
        free(c->w[i]);
        free(c->cum[i]);
    }
    free(c);
}

typedef struct rq_acc {
    u128 deals, low_deals;
    u128 v[MAXP][6]; /* wins, ties, losses, scoops, high_share, low_share */
} rq_acc;

static void rq_merge(void *dstp, const void *srcp) {
    rq_acc *d = dstp;
    const rq_acc *s = srcp;
    d->deals += s->deals;
    d->low_deals += s->low_deals;
    for (int p = 0; p < MAXP; p++)
        for (int k = 0; k < 6; k++)
            d->v[p][k] += s->v[p][k];
}

/* count_showdown's split, weighted in 128 bits; returns whether some player had a low. */
static int split_pot(int players, int hilo, const int *high, const unsigned *low, u128 w,
                     u128 (*v)[6]) {
    int best = HS_POKER_CLASSES + 1;
    unsigned best_low = NO_LOW;
    for (int p = 0; p < players; p++) {
        best = high[p] < best ? high[p] : best;
        best_low = low[p] < best_low ? low[p] : best_low;
    }
    int nh = 0, nl = 0;
    for (int p = 0; p < players; p++) {
        nh += high[p] == best;
        nl += hilo && best_low != NO_LOW && low[p] == best_low;
    }
    const u128 high_cut =
        (u128)(nl > 0 ? HS_OMAHA_SHARE_UNIT / 2 / nh : HS_OMAHA_SHARE_UNIT / nh) * w;
    const u128 low_cut = nl > 0 ? (u128)(HS_OMAHA_SHARE_UNIT / 2 / nl) * w : 0;
    for (int p = 0; p < players; p++) {
        const int hw = high[p] == best, lw = nl > 0 && low[p] == best_low;
        v[p][!hw ? 2 : nh == 1 ? 0 : 1] += w;
        if (hw)
            v[p][4] += high_cut;
        if (lw)
            v[p][5] += low_cut;
        if (hilo && hw && nh == 1 && (nl == 0 || (lw && nl == 1)))
            v[p][3] += w;
    }
    return nl > 0;
}

typedef struct rq_board {
    const rq_ctx *c;
    uint64_t bmask;
    uint16_t *high[MAXP];
    uint16_t *low[MAXP];
    rq_acc *acc;
} rq_board;

/* Every choice of hands for players p.. disjoint from `used`. */
static void rq_choices(const rq_board *b, int p, uint64_t used, u128 w, int *high, unsigned *low) {
    const rq_ctx *c = b->c;
    if (p == c->players) {
        int nl = split_pot(c->players, c->hilo, high, low, w, b->acc->v);
        b->acc->deals += w;
        b->acc->low_deals += nl ? w : 0;
        return;
    }
    for (size_t i = 0; i < c->n[p]; i++) {
        const uint64_t h = c->hand[p][i];
        if (h & used)
            continue;
        high[p] = b->high[p][i];
        low[p] = b->low[p][i];
        rq_choices(b, p + 1, used | h, w * c->w[p][i], high, low);
    }
}

/* Mask m with its suits permuted: suit s's cards to suit perm[s]. */
static uint64_t permute_suits(uint64_t m, const uint8_t *perm) {
    uint64_t out = 0;
    for (int s = 0; s < HS_SUITS; s++)
        out |= (uint64_t)hs_lane(m, s) << (HS_RANKS * perm[s]);
    return out;
}

/* How many boards the symmetries map the board `mask` to, when it is the least of them, else 0.
 */
static unsigned board_orbit(const rq_ctx *c, uint64_t mask) {
    uint64_t seen[24];
    unsigned n = 0;
    for (int g = 0; g < c->n_sym; g++) {
        const uint64_t img = permute_suits(mask, c->sym[g]);
        if (img < mask)
            return 0;
        unsigned k = 0;
        while (k < n && seen[k] != img)
            k++;
        if (k == n)
            seen[n++] = img;
    }
    return n;
}

static void rq_one_board(const rq_ctx *c, const int *cards, rq_acc *acc, uint16_t *buf) {
    board_sets bs;
    make_board_sets(cards, 5, &bs);
    rq_board b = {c, 0, {0}, {0}, acc};
    for (int i = 0; i < 5; i++)
        b.bmask |= hs_card_bit(cards[i]);
    const unsigned orbit = board_orbit(c, b.bmask);
    if (orbit == 0)
        return; /* counted as the least board of its set */
    size_t off = 0;
    for (int p = 0; p < c->players; p++) {
        b.high[p] = buf + off;
        off += c->n[p];
        b.low[p] = buf + off;
        off += c->n[p];
        for (size_t i = 0; i < c->n[p]; i++) {
            if (c->hand[p][i] & b.bmask) {
                b.high[p][i] = 0; /* never chosen: meets the board */
                continue;
            }
            hole_sets hs;
            make_hole_sets(c->hand[p][i], &hs);
            b.high[p][i] = (uint16_t)best_high(&hs, &bs, NULL);
            b.low[p][i] = (uint16_t)(c->hilo ? best_low_mask(&hs, &bs) : NO_LOW);
        }
    }
    int high[MAXP] = {0};
    unsigned low[MAXP] = {0};
    rq_choices(&b, 0, b.bmask, orbit, high, low);
}

/* Unit u: the boards whose highest new card is rest[u], the others from rest[0..u) (the one
 * board when none is to come). */
static void rq_unit(void *ctxp, size_t u, void *accp, void *scratch) {
    const rq_ctx *c = ctxp;
    uint16_t *buf = scratch;
    int board[5];
    memcpy(board, c->board, sizeof board);
    if (c->need == 0) {
        rq_one_board(c, board, accp, buf);
        return;
    }
    board[4] = c->rest[u];
    const int k = c->need - 1;
    if ((int)u < k)
        return;
    int idx[4] = {0, 1, 2, 3};
    for (;;) {
        for (int i = 0; i < k; i++)
            board[c->known + i] = c->rest[idx[i]];
        rq_one_board(c, board, accp, buf);
        int i = k - 1;
        while (i >= 0 && idx[i] == (int)u - k + i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (int j = i + 1; j < k; j++)
            idx[j] = idx[j - 1] + 1;
    }
}

/* Is hand h (weight w) in player p's live hands (ascending)? */
static int rq_has(const rq_ctx *c, int p, uint64_t h, uint64_t w) {
    size_t lo = 0, hi = c->n[p];
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (c->hand[p][mid] < h)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < c->n[p] && c->hand[p][lo] == h && c->w[p][lo] == w;
}

/* The suit permutations that map the board, the dead cards and every player's live hands with
 * their weights onto themselves (the identity always). Hands out of order (not ascending) keep
 * only the identity. */
static void rq_symmetries(rq_ctx *c, uint64_t board, uint64_t dead) {
    int sorted = 1;
    for (int p = 0; p < c->players; p++)
        for (size_t i = 1; i < c->n[p]; i++)
            sorted &= c->hand[p][i - 1] < c->hand[p][i];
    c->n_sym = 0;
    uint8_t perm[HS_SUITS] = {0, 1, 2, 3};
    for (int k = 0; k < 24; k++) {
        /* the k-th permutation of four suits (Lehmer code) */
        int pool[HS_SUITS] = {0, 1, 2, 3}, left = HS_SUITS, code = k;
        for (int i = 0; i < HS_SUITS; i++) {
            int f = 1;
            for (int j = 2; j < left; j++)
                f *= j;
            const int at = code / f;
            code %= f;
            perm[i] = (uint8_t)pool[at];
            for (int j = at; j < left - 1; j++)
                pool[j] = pool[j + 1];
            left--;
        }
        int ok = k == 0 || (sorted && permute_suits(board, perm) == board &&
                            permute_suits(dead, perm) == dead);
        for (int p = 0; p < c->players && ok && k != 0; p++)
            for (size_t i = 0; i < c->n[p] && ok; i++)
                ok = rq_has(c, p, permute_suits(c->hand[p][i], perm), c->w[p][i]);
        if (ok)
            memcpy(c->sym[c->n_sym++], perm, sizeof perm);
    }
}

/* Check the ranges and make the context: live hands, weights over their gcd. */
static int rq_make(const hs_omaha_range *const ranges[], int players, uint64_t board, uint64_t dead,
                   int hilo, rq_ctx **out) {
    *out = NULL;
    if (players < 2 || players > MAXP || ranges == NULL)
        return HS_ERR_ARG;
    if ((board | dead) & ~HS_DECK_MASK || (board & dead))
        return HS_ERR_ARG;
    const int known = hs_hand_size(board);
    if (known > 5)
        return HS_ERR_COUNT;
    const int cards = ranges[0] ? ranges[0]->cards : 0;
    if (cards < 4 || cards > 6)
        return HS_ERR_ARG;
    rq_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    c->players = players;
    c->hilo = hilo != 0;
    c->known = known;
    c->need = 5 - known;
    cards_of(board, c->board);
    c->n_rest = cards_of(HS_DECK_MASK & ~(board | dead), c->rest);
    for (int p = 0; p < players; p++) {
        const hs_omaha_range *r = ranges[p];
        if (r == NULL || r->cards != cards || r->n == 0) {
            rq_ctx_free(c);
            return HS_ERR_ARG;
        }
        c->hand[p] = malloc(r->n * sizeof(uint64_t));
        c->w[p] = malloc(r->n * sizeof(uint64_t));
        if (c->hand[p] == NULL || c->w[p] == NULL) {
            rq_ctx_free(c);
            return HS_ERR_NOMEM;
        }
        uint64_t g = 0;
        for (size_t i = 0; i < r->n; i++) {
            if (r->weight[i] < 1 || r->weight[i] > 100 || hs_hand_size(r->hand[i]) != cards ||
                (r->hand[i] & ~HS_DECK_MASK)) {
                rq_ctx_free(c);
                return HS_ERR_ARG;
            }
            if (r->hand[i] & (board | dead))
                continue;
            c->hand[p][c->n[p]] = r->hand[i];
            c->w[p][c->n[p]++] = r->weight[i];
            g = hs_gcd(g, r->weight[i]);
        }
        if (c->n[p] == 0) {
            rq_ctx_free(c);
            return HS_ERR_COUNT;
        }
        for (size_t i = 0; i < c->n[p]; i++)
            c->w[p][i] /= g;
    }
    if (c->n_rest - players * cards < c->need) {
        rq_ctx_free(c);
        return HS_ERR_COUNT;
    }
    rq_symmetries(c, board, dead);
    *out = c;
    return HS_OK;
}

double hs_omaha_range_work(const hs_omaha_range *const ranges[], int players, uint64_t board,
                           uint64_t dead) {
    if (players < 2 || players > MAXP)
        return 0;
    double sum = 0, product = 1;
    int single = 1, cards = 4;
    for (int p = 0; p < players; p++) {
        sum += (double)ranges[p]->n;
        product *= (double)ranges[p]->n;
        single &= ranges[p]->n == 1;
        cards = ranges[p]->cards;
    }
    if (single)
        return 0;
    const int known = hs_hand_size(board);
    const int left = HS_CARDS - known - hs_hand_size(dead) - players * cards;
    if (known > 5 || left < 5 - known)
        return 0;
    double boards = 1;
    for (int k = 0; k < 5 - known; k++)
        boards = boards * (double)(left - k) / (double)(k + 1);
    const double rankings = (double)(cards * (cards - 1) / 2) * 10.0;
    return boards * (sum * rankings + product);
}

static int rq_check(const rq_ctx *c, const rq_acc *a) {
    u128 share = 0;
    for (int p = 0; p < c->players; p++) {
        if (a->v[p][0] + a->v[p][1] + a->v[p][2] != a->deals)
            return HS_ERR_CORRUPT;
        share += a->v[p][4] + a->v[p][5];
    }
    return share == a->deals * HS_OMAHA_SHARE_UNIT ? HS_OK : HS_ERR_CORRUPT;
}

int hs_omaha_equity_ranges(const hs_omaha_range *const ranges[], int players, uint64_t board,
                           uint64_t dead, int hilo, int threads, hs_progress_fn progress,
                           void *progress_ctx, hs_omaha_equity_exact *out) {
    memset(out, 0, sizeof *out);
    if (threads < 0)
        return HS_ERR_ARG;
    rq_ctx *c;
    int rc = rq_make(ranges, players, board, dead, hilo, &c);
    if (rc != HS_OK)
        return rc;
    out->players = players;
    out->hilo = c->hilo;
    int single = 1;
    for (int p = 0; p < players; p++)
        single &= c->n[p] == 1;
    if (single) { /* the tables of hs_omaha_equity_run, any street */
        uint64_t holes[MAXP], seen = 0;
        int overlap = 0;
        for (int p = 0; p < players; p++) {
            holes[p] = c->hand[p][0];
            overlap |= (holes[p] & seen) != 0;
            seen |= holes[p];
        }
        rq_ctx_free(c);
        if (overlap) /* two players' only hands share a card: no deal, as for larger ranges */
            return HS_ERR_COUNT;
        hs_omaha_equity e;
        rc = hs_omaha_equity_run(holes, players, board, dead, hilo, threads, progress, progress_ctx,
                                 &e);
        if (rc != HS_OK)
            return rc;
        out->deals = e.boards;
        out->low_deals = e.low_boards;
        for (int p = 0; p < players; p++) {
            const hs_omaha_player *q = &e.p[p];
            out->p[p] = (hs_omaha_player_exact){q->wins,   q->ties,       q->losses,
                                                q->scoops, q->high_share, q->low_share};
        }
        return HS_OK;
    }
    if (hs_omaha_range_work(ranges, players, board, dead) > HS_OMAHA_EXACT_MAX_WORK) {
        rq_ctx_free(c);
        return HS_ERR_OVERFLOW;
    }
    size_t total = 0;
    for (int p = 0; p < players; p++)
        total += 2 * c->n[p];
    c->def = (hs_job_def){"omaha range equity",
                          1,
                          sizeof(rq_acc),
                          total * sizeof(uint16_t),
                          rq_unit,
                          rq_merge,
                          NULL,
                          NULL};
    const size_t units = c->need == 0 ? 1 : (size_t)c->n_rest;
    hs_job *job;
    rq_ctx *keep = c;
    rc = hs_job_new(&c->def, c, rq_ctx_free, units, "", NULL, &job);
    if (rc != HS_OK)
        return rc;
    rc =
        hs_job_run(job, 0, units, &(hs_job_opts){threads, progress, progress_ctx, NULL, NULL, 0.0});
    if (rc == HS_OK) {
        const rq_acc *a = hs_job_acc_const(job);
        rc = rq_check(keep, a);
        if (rc == HS_OK && a->deals == 0)
            rc = HS_ERR_COUNT; /* every choice of hands collides */
        if (rc == HS_OK) {
            out->deals = a->deals;
            out->low_deals = a->low_deals;
            for (int p = 0; p < players; p++)
                out->p[p] = (hs_omaha_player_exact){a->v[p][0], a->v[p][1], a->v[p][2],
                                                    a->v[p][3], a->v[p][4], a->v[p][5]};
        }
    }
    hs_job_free(job);
    return rc;
}

/* ---- the estimate ---- */

#define SAMPLE_UNIT (UINT64_C(1) << 16)
#define MAX_REDRAWS 1000000

typedef struct rs_acc {
    uint64_t samples, low_samples, failed;
    uint64_t v[MAXP][6];
    u128 share_sq[MAXP];
} rs_acc;

static void rs_merge(void *dstp, const void *srcp) {
    rs_acc *d = dstp;
    const rs_acc *s = srcp;
    d->samples += s->samples;
    d->low_samples += s->low_samples;
    d->failed |= s->failed;
    for (int p = 0; p < MAXP; p++) {
        for (int k = 0; k < 6; k++)
            d->v[p][k] += s->v[p][k];
        d->share_sq[p] += s->share_sq[p];
    }
}

static size_t draw_hand(const rq_ctx *c, int p, rng *r) {
    const uint64_t x = rng_below(r, c->cum[p][c->n[p] - 1]);
    size_t lo = 0, hi = c->n[p] - 1; /* the first i with cum[i] > x */
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (c->cum[p][mid] > x)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

static void rs_unit(void *ctxp, size_t u, void *accp, void *scratch) {
    (void)scratch;
    const rq_ctx *c = ctxp;
    rs_acc *acc = accp;
    const uint64_t first = (uint64_t)u * SAMPLE_UNIT;
    const uint64_t n = c->samples - first < SAMPLE_UNIT ? c->samples - first : SAMPLE_UNIT;
    rng r;
    rng_seed(&r, c->seed, u);
    for (uint64_t s = 0; s < n; s++) {
        uint64_t used = 0, holes[MAXP];
        int tries = 0;
        for (;;) {
            used = 0;
            int ok = 1;
            for (int p = 0; p < c->players && ok; p++) {
                holes[p] = c->hand[p][draw_hand(c, p, &r)];
                ok = (holes[p] & used) == 0;
                used |= holes[p];
            }
            if (ok)
                break;
            if (++tries == MAX_REDRAWS) {
                acc->failed = 1;
                return;
            }
        }
        int deck[HS_CARDS], nd = 0;
        for (int i = 0; i < c->n_rest; i++)
            if (!(used & hs_card_bit(c->rest[i])))
                deck[nd++] = c->rest[i];
        int board[5];
        memcpy(board, c->board, sizeof board);
        for (int k = 0; k < c->need; k++) {
            const int j = k + (int)rng_below(&r, (uint64_t)(nd - k));
            const int t = deck[k];
            deck[k] = deck[j];
            deck[j] = t;
            board[c->known + k] = deck[k];
        }
        board_sets bs;
        make_board_sets(board, 5, &bs);
        int high[MAXP];
        unsigned low[MAXP];
        for (int p = 0; p < c->players; p++) {
            hole_sets hs;
            make_hole_sets(holes[p], &hs);
            high[p] = best_high(&hs, &bs, NULL);
            low[p] = c->hilo ? best_low_mask(&hs, &bs) : NO_LOW;
        }
        u128 v[MAXP][6];
        memset(v, 0, sizeof v);
        const int nl = split_pot(c->players, c->hilo, high, low, 1, v);
        for (int p = 0; p < c->players; p++) {
            for (int k = 0; k < 6; k++)
                acc->v[p][k] += (uint64_t)v[p][k];
            const u128 x = v[p][4] + v[p][5];
            acc->share_sq[p] += x * x;
        }
        acc->samples++;
        acc->low_samples += (uint64_t)nl;
    }
}

int hs_omaha_equity_sample(const hs_omaha_range *const ranges[], int players, uint64_t board,
                           uint64_t dead, int hilo, uint64_t samples, uint64_t seed, int threads,
                           hs_progress_fn progress, void *progress_ctx,
                           hs_omaha_equity_sample_result *out) {
    memset(out, 0, sizeof *out);
    if (threads < 0 || samples == 0 || samples > (UINT64_C(1) << 50))
        return HS_ERR_ARG;
    rq_ctx *c;
    int rc = rq_make(ranges, players, board, dead, hilo, &c);
    if (rc != HS_OK)
        return rc;
    c->samples = samples;
    c->seed = seed;
    for (int p = 0; p < players; p++) {
        c->cum[p] = malloc(c->n[p] * sizeof(uint64_t));
        if (c->cum[p] == NULL) {
            rq_ctx_free(c);
            return HS_ERR_NOMEM;
        }
        uint64_t sum = 0;
        for (size_t i = 0; i < c->n[p]; i++)
            c->cum[p][i] = sum += c->w[p][i];
    }
    static const hs_job_def sample_job = {
        "omaha range estimate", 1, sizeof(rs_acc), 0, rs_unit, rs_merge, NULL, NULL};
    const size_t units = (size_t)((samples + SAMPLE_UNIT - 1) / SAMPLE_UNIT);
    hs_job *job;
    rc = hs_job_new(&sample_job, c, rq_ctx_free, units, "", NULL, &job);
    if (rc != HS_OK)
        return rc;
    rc =
        hs_job_run(job, 0, units, &(hs_job_opts){threads, progress, progress_ctx, NULL, NULL, 0.0});
    if (rc == HS_OK) {
        const rs_acc *a = hs_job_acc_const(job);
        if (a->failed || a->samples != samples)
            rc = HS_ERR_COUNT;
        else {
            out->players = players;
            out->hilo = hilo != 0;
            out->samples = a->samples;
            out->low_samples = a->low_samples;
            const double unit = HS_OMAHA_SHARE_UNIT, ns = (double)samples;
            for (int p = 0; p < players; p++) {
                hs_omaha_sample_player *q = &out->p[p];
                q->wins = a->v[p][0];
                q->ties = a->v[p][1];
                q->losses = a->v[p][2];
                q->scoops = a->v[p][3];
                q->high_share = a->v[p][4];
                q->low_share = a->v[p][5];
                q->share_sq = a->share_sq[p];
                const double sum = (double)(q->high_share + q->low_share) / unit;
                q->equity = sum / ns;
                if (samples < 2)
                    q->std_error = NAN;
                else {
                    /* variance from the exact sums: (sum_sq - sum^2 / n) / (n - 1), in units */
                    const u128 s1 = q->high_share + q->low_share;
                    const double num =
                        (double)(q->share_sq * samples - s1 * s1) / (unit * unit * ns);
                    const double var = num / (ns - 1);
                    q->std_error = sqrt(var > 0 ? var : 0) / sqrt(ns);
                }
            }
        }
    }
    hs_job_free(job);
    return rc;
}
