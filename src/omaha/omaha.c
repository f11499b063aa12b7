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

#include <assert.h>
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

/* ---- equity -------------------------------------------------------------------------------- */

/* The rank key of each card rank (poker_tables.h), for the board's multiset of ranks. */
static const uint32_t rank_key[HS_RANKS] = HS_POKER_RANK_KEYS;

/* What a board's cards add up to: the rank key of their ranks, their set of low ranks, and four
 * 4-bit counters of their suits. Built up card by card as the board loops go. */
typedef struct board_sum {
    uint32_t key;
    unsigned low, suits;
} board_sum;

static inline board_sum board_plus(board_sum b, const board_sum *card) {
    b.key += card->key;
    b.low |= card->low;
    b.suits += card->suits;
    return b;
}

/* The 6,175 multisets of five ranks (none more than 4 times), numbered densely: index[slot] for
 * the perfect-hash slot of the multiset's rank key (poker_tables.h), and each one's ranks. */
typedef struct board_msets {
    uint16_t index[HS_POKER_SLOTS];
    uint8_t ranks[6175][5];
    int n;
} board_msets;

static void add_msets(board_msets *m, int r, int left, int *picked) {
    if (left == 0) {
        uint32_t key = 0;
        for (int i = 0; i < 5; i++) {
            key += rank_key[picked[i]];
            m->ranks[m->n][i] = (uint8_t)picked[i];
        }
        m->index[hs_poker_key_slot(key)] = (uint16_t)m->n++;
        return;
    }
    if (r == HS_RANKS)
        return;
    for (int c = left < 4 ? left : 4; c >= 0; c--) {
        for (int i = 0; i < c; i++)
            picked[5 - left + i] = r;
        add_msets(m, r + 1, left - c, picked);
    }
}

/* A player's hole cards made into tables once per query, so that a board costs a lookup or two
 * instead of one ranking per choice of two hole and three board cards:
 *   high[i]: the best non-flush class of any hole pair with three cards of board multiset i;
 *   low[mask]: the best low (a low-rank mask) of any hole pair with three board cards of three
 *     different low ranks out of the set `mask` (the board's low ranks), NO_LOW when none;
 *   lane[s][0..suited[s]): the two-rank lanes of the hole pairs of suit s, for flushes. */
typedef struct hole_tables {
    uint16_t high[6175];
    uint16_t low[256];
    int suited[HS_SUITS];
    uint16_t lane[HS_SUITS][MAX_PAIRS];
} hole_tables;

static void make_hole_tables(const hole_sets *hs, const board_msets *m, hole_tables *t) {
    const int pairs = hs->pairs;
    int pr[MAX_PAIRS][2];
    memset(t->suited, 0, sizeof t->suited);
    for (int p = 0; p < pairs; p++) {
        const int a = hs->card[p][0], b = hs->card[p][1];
        pr[p][0] = hs_card_rank(a);
        pr[p][1] = hs_card_rank(b);
        int s = hs_card_suit(a);
        if (s == hs_card_suit(b))
            t->lane[s][t->suited[s]++] = (uint16_t)(1u << pr[p][0] | 1u << pr[p][1]);
    }
    for (int i = 0; i < m->n; i++) {
        const uint8_t *r = m->ranks[i];
        unsigned best = 0xFFFF;
        /* every three of the five board ranks with every hole pair */
        for (int x = 0; x < 5; x++)
            for (int y = x + 1; y < 5; y++)
                for (int z = y + 1; z < 5; z++)
                    for (int p = 0; p < pairs; p++) {
                        int count[HS_RANKS] = {0}, ok = 1;
                        const int five[5] = {r[x], r[y], r[z], pr[p][0], pr[p][1]};
                        uint32_t key = 0;
                        for (int j = 0; j < 5; j++) {
                            ok &= ++count[five[j]] <= 4;
                            key += rank_key[five[j]];
                        }
                        if (ok) {
                            unsigned cls = hs_poker_key_class(key);
                            best = cls < best ? cls : best;
                        }
                    }
        t->high[i] = (uint16_t)best;
    }
    for (unsigned mask = 0; mask < 256; mask++) {
        unsigned best = NO_LOW;
        for (unsigned tm = mask; tm != 0; tm = (tm - 1) & mask) /* the subsets of mask */
            if (__builtin_popcount(tm) == 3)
                for (int p = 0; p < pairs; p++) {
                    const unsigned pl = hs->low[p];
                    if (pl != NO_LOW && (pl & tm) == 0 && (pl | tm) < best)
                        best = pl | tm;
                }
        t->low[mask] = (uint16_t)best;
    }
}

typedef struct eq_ctx {
    int players, hilo, known, need; /* known board cards, cards to deal */
    int board[5];
    int rest[HS_CARDS], n_rest; /* the cards left to deal, in index order */
    int tables;                 /* 1: rank by the tables below; 0: choice by choice (sets) */
    hole_sets sets[MAXP];
    hole_tables hole[MAXP];
    unsigned any_suited_bits; /* 8 << 4 s: some player holds a pair of suit s */
    board_sum card[HS_CARDS]; /* each card's part of a board_sum */
    board_sum known_sum;      /* the known board cards' */
    board_msets msets;
    size_t units;
} eq_ctx;

/* The accumulator: hs_omaha_equity's counts, with players and hilo left out of the sums. */
typedef struct eq_acc {
    uint64_t boards, low_boards;
    hs_omaha_player p[MAXP];
} eq_acc;

/* Each player's best high and low on a board (few boards: the tables are not made; each choice
 * of two hole and three board cards is ranked). */
static void rank_direct(const eq_ctx *c, const int board[5], int *high, unsigned *low) {
    board_sets b;
    make_board_sets(board, 5, &b);
    for (int p = 0; p < c->players; p++) {
        high[p] = best_high(&c->sets[p], &b, NULL);
        low[p] = c->hilo ? best_low_mask(&c->sets[p], &b) : NO_LOW;
    }
}

/* The same from the tables. */
static void rank_tables(const eq_ctx *c, const int board[5], board_sum sum, int *high,
                        unsigned *low) {
    const uint32_t key = sum.key;
    const unsigned lowset = sum.low, suits = sum.suits;
    const int mset = c->msets.index[hs_poker_key_slot(key)];
    /* a suit with three or more board cards: its three-card lanes, for the players' flushes */
    int flush_suit = -1, n_trip = 0;
    unsigned trip[MAX_TRIPLES];
    /* counter + 5 reaches 8 at three cards: bit 3 of each 4-bit counter */
    const unsigned three = (suits + 0x5555u) & 0x8888u & c->any_suited_bits;
    if (three)
        flush_suit = __builtin_ctz(three) >> 2;
    if (flush_suit >= 0) {
        int r[5], k = 0;
        for (int i = 0; i < 5; i++)
            if (hs_card_suit(board[i]) == flush_suit)
                r[k++] = hs_card_rank(board[i]);
        for (int x = 0; x < k; x++)
            for (int y = x + 1; y < k; y++)
                for (int z = y + 1; z < k; z++)
                    trip[n_trip++] = 1u << r[x] | 1u << r[y] | 1u << r[z];
    }
    for (int p = 0; p < c->players; p++) {
        const hole_tables *h = &c->hole[p];
        int hb = h->high[mset];
        if (flush_suit >= 0)
            for (int q = 0; q < h->suited[flush_suit]; q++)
                for (int t = 0; t < n_trip; t++) {
                    int f = hs_poker_flush[h->lane[flush_suit][q] | trip[t]];
                    hb = f < hb ? f : hb;
                }
        high[p] = hb;
        low[p] = c->hilo ? h->low[lowset] : NO_LOW;
    }
}

/* Count one full board: its cards and what they add up to. */
static void count_board(const eq_ctx *c, const int board[5], board_sum sum, eq_acc *acc) {
    int high[MAXP], best = HS_POKER_CLASSES + 1;
    unsigned low[MAXP], best_low = NO_LOW;
    if (c->tables)
        rank_tables(c, board, sum, high, low);
    else
        rank_direct(c, board, high, low);
    for (int p = 0; p < c->players; p++) {
        best = high[p] < best ? high[p] : best;
        best_low = low[p] < best_low ? low[p] : best_low;
    }
    int nh = 0, nl = 0;
    for (int p = 0; p < c->players; p++) {
        nh += high[p] == best;
        nl += c->hilo && best_low != NO_LOW && low[p] == best_low;
    }
    /* a pot (or half of one) split w ways, in share units: no division per board */
    static const uint32_t pot_of[MAXP + 1] = {0, 5040, 2520, 1680, 1260, 1008, 840, 720, 630, 560};
    static const uint32_t half_of[MAXP + 1] = {0, 2520, 1260, 840, 630, 504, 420, 360, 315, 280};
    _Static_assert(HS_OMAHA_SHARE_UNIT == 5040 && MAXP == 9, "the split tables");
    const uint64_t high_cut = nl > 0 ? half_of[nh] : pot_of[nh], low_cut = half_of[nl];
    for (int p = 0; p < c->players; p++) {
        hs_omaha_player *q = &acc->p[p];
        int hw = high[p] == best, lw = nl > 0 && low[p] == best_low;
        if (!hw)
            q->losses++;
        else if (nh == 1)
            q->wins++;
        else
            q->ties++;
        if (hw)
            q->high_share += high_cut;
        if (lw)
            q->low_share += low_cut;
        if (c->hilo && hw && nh == 1 && (nl == 0 || (lw && nl == 1)))
            q->scoops++;
    }
    acc->boards++;
    acc->low_boards += nl > 0;
}

/* Unit u: the completions whose top two new cards (one when one card is dealt; none when none)
 * are the u-th pair (or card) of the cards left. The rest below the lower one, all ways. */
static void eq_unit(void *ctxp, size_t u, void *accp, void *scratch) {
    (void)scratch;
    const eq_ctx *c = ctxp;
    eq_acc *acc = accp;
    int board[5];
    memcpy(board, c->board, sizeof board);
    const board_sum *card = c->card;
    board_sum s0 = c->known_sum;
    if (c->need == 0) {
        count_board(c, board, s0, acc);
        return;
    }
    if (c->need == 1) {
        board[4] = c->rest[u];
        count_board(c, board, board_plus(s0, &card[board[4]]), acc);
        return;
    }
    uint64_t top = hs_colex_unrank((uint32_t)u, 2);
    int hi = 63 - __builtin_clzll(top), lo = __builtin_ctzll(top);
    board[4] = c->rest[hi];
    board[3] = c->rest[lo];
    board_sum s2 = board_plus(board_plus(s0, &card[board[4]]), &card[board[3]]);
    /* the rest, 0..3 cards below lo, in nested loops (positions known .. 2) */
    switch (c->need - 2) {
    case 0:
        count_board(c, board, s2, acc);
        break;
    case 1:
        for (int a = 0; a < lo; a++) {
            board[2] = c->rest[a];
            count_board(c, board, board_plus(s2, &card[board[2]]), acc);
        }
        break;
    case 2:
        for (int a = 1; a < lo; a++) {
            board[2] = c->rest[a];
            board_sum s3 = board_plus(s2, &card[board[2]]);
            for (int b = 0; b < a; b++) {
                board[1] = c->rest[b];
                count_board(c, board, board_plus(s3, &card[board[1]]), acc);
            }
        }
        break;
    default:
        for (int a = 2; a < lo; a++) {
            board[2] = c->rest[a];
            board_sum s3 = board_plus(s2, &card[board[2]]);
            for (int b = 1; b < a; b++) {
                board[1] = c->rest[b];
                board_sum s4 = board_plus(s3, &card[board[1]]);
                for (int d = 0; d < b; d++) {
                    board[0] = c->rest[d];
                    count_board(c, board, board_plus(s4, &card[board[0]]), acc);
                }
            }
        }
        break;
    }
}

static void eq_merge(void *dstp, const void *srcp) {
    uint64_t *d = dstp;
    const uint64_t *s = srcp;
    for (size_t i = 0; i < sizeof(eq_acc) / sizeof(uint64_t); i++)
        d[i] += s[i];
}

/* Every board's shares add up to one pot; high results partition the players. */
static int eq_check(const void *ctxp, const void *accp) {
    const eq_ctx *c = ctxp;
    const eq_acc *a = accp;
    uint64_t boards = hs_binom((unsigned)c->n_rest, (unsigned)c->need), share = 0;
    for (int p = 0; p < c->players; p++) {
        const hs_omaha_player *q = &a->p[p];
        if (q->wins + q->ties + q->losses != a->boards)
            return HS_ERR_CORRUPT;
        share += q->high_share + q->low_share;
    }
    return a->boards == boards && share == boards * HS_OMAHA_SHARE_UNIT ? HS_OK : HS_ERR_CORRUPT;
}

static const hs_job_def omaha_job = {"omaha equity", 1,        sizeof(eq_acc), 0,
                                     eq_unit,        eq_merge, eq_check,       NULL};

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
        free(c);
        return HS_ERR_COUNT;
    }
    /* The tables cost about what 6,175 boards ranked choice by choice do. */
    c->tables = hs_binom((unsigned)c->n_rest, (unsigned)c->need) > 6175;
    int picked[5];
    if (c->tables)
        add_msets(&c->msets, 0, 5, picked);
    for (int p = 0; p < players; p++) {
        make_hole_sets(holes[p], &c->sets[p]);
        if (c->tables)
            make_hole_tables(&c->sets[p], &c->msets, &c->hole[p]);
        for (int s = 0; s < HS_SUITS; s++)
            if (c->tables && c->hole[p].suited[s] > 0)
                c->any_suited_bits |= 8u << (4 * s);
    }
    for (int k = 0; k < HS_CARDS; k++) {
        c->card[k].key = rank_key[hs_card_rank(k)];
        c->card[k].low = low_bit(k);
        c->card[k].suits = 1u << (4 * hs_card_suit(k));
    }
    for (int i = 0; i < known; i++)
        c->known_sum = board_plus(c->known_sum, &c->card[c->board[i]]);
    c->units = c->need == 0   ? 1
               : c->need == 1 ? (size_t)c->n_rest
                              : (size_t)hs_binom((unsigned)c->n_rest, 2);
    hs_job *job;
    int rc = hs_job_new(&omaha_job, c, free, c->units, "", NULL, &job);
    if (rc != HS_OK)
        return rc;
    eq_acc acc;
    rc = hs_job_run_whole(job, threads, progress, progress_ctx, &acc);
    if (rc != HS_OK)
        return rc;
    memset(out, 0, sizeof *out);
    out->players = players;
    out->hilo = hilo != 0;
    out->boards = acc.boards;
    out->low_boards = acc.low_boards;
    memcpy(out->p, acc.p, sizeof acc.p);
    return HS_OK;
}
