/* The query's evaluator (handstat/query.h): a checked program walked on one deal, with per-street
 * caches (ranks, pot shares, equities, nuts) that stay while the street's cards do. The hands are
 * ranked by the library's rankers (hs_poker_rank, hs_omaha_rank) and categorised by
 * hs_holdem_hit. */
#include "query_internal.h"

#include "handstat/handstat.h"

#include <string.h>

typedef __int128 i128;

void hs_q_set_masks(dstate *d) {
    const uint64_t given = d->q->board;
    uint64_t m = 0;
    d->street[ST_PREFLOP] = 0;
    d->known[ST_PREFLOP] = given;
    for (int i = 0; i < 5; i++) {
        m |= UINT64_C(1) << d->cards[i];
        if (i == 2)
            d->street[ST_FLOP] = m;
        if (i == 3)
            d->street[ST_TURN] = m;
    }
    d->street[ST_RIVER] = m;
    for (int s = ST_FLOP; s < ST_N; s++)
        d->known[s] = d->street[s] | given;
}

static int rank_on(const hs_query *q, uint64_t hole, uint64_t board) {
    return q->game == GAME_HOLDEM ? hs_poker_rank(hole | board) : hs_omaha_rank(hole, board);
}

static int rank_at(dstate *d, int p, int s) {
    if (d->rank_at_stamp[s][p] != d->stamp[s]) {
        d->rank[s][p] = rank_on(d->q, d->hole[p], d->street[s]);
        d->rank_at_stamp[s][p] = d->stamp[s];
    }
    return d->rank[s][p];
}

static int type_of(int cls) {
    return 8 - hs_poker_category(cls);
}

/* Every player's pot share (in 1/q->unit) on the full board `board`, and in hi/lo games its high
 * and low parts (hi, lo may be NULL): the high half to the best highs, the low half to the best
 * qualifying lows, the whole pot to the highs when nobody has a low. Returns the best rank;
 * *nbest and *nlow (may be NULL) the players sharing the best high and the best low. */
static int shares_on(const hs_query *q, const uint64_t *hole, uint64_t board, int *share, int *hi,
                     int *lo, int *nbest, int *nlow) {
    int r[Q_MAX_PLAYERS], l[Q_MAX_PLAYERS], best = HS_POKER_CLASSES + 1, k = 0, best_low = 0,
                                            kl = 0;
    for (int p = 0; p < q->np; p++) {
        r[p] = rank_on(q, hole[p], board);
        if (r[p] < best) {
            best = r[p];
            k = 1;
        } else if (r[p] == best)
            k++;
        l[p] = q->hilo ? hs_omaha_low(hole[p], board) : 0;
        if (l[p] != 0 && (best_low == 0 || l[p] < best_low)) {
            best_low = l[p];
            kl = 1;
        } else if (l[p] != 0 && l[p] == best_low)
            kl++;
    }
    for (int p = 0; p < q->np; p++) {
        const int h = r[p] == best ? (kl ? q->unit / 2 : q->unit) / k : 0;
        const int w = kl && l[p] == best_low ? q->unit / 2 / kl : 0;
        share[p] = h + w;
        if (hi)
            hi[p] = h;
        if (lo)
            lo[p] = w;
    }
    if (nbest)
        *nbest = k;
    if (nlow)
        *nlow = kl;
    return best;
}

static void river_shares(dstate *d) {
    if (d->share_stamp == d->stamp[ST_RIVER])
        return;
    uint64_t hole[Q_MAX_PLAYERS];
    for (int p = 0; p < d->q->np; p++) {
        rank_at(d, p, ST_RIVER);
        hole[p] = d->hole[p];
    }
    d->best = shares_on(d->q, hole, d->street[ST_RIVER], d->share, d->hshare, d->lshare, &d->nbest,
                        &d->nlow);
    d->share_stamp = d->stamp[ST_RIVER];
}

/* Sum every player's shares over the completions of `board` by `miss` cards of list[from..n). */
static void eq_walk(const hs_query *q, const uint64_t *hole, const int *list, int n, int from,
                    int miss, uint64_t board, uint64_t *sum, uint64_t *sum_hi, uint64_t *sum_lo) {
    if (miss == 0) {
        int share[Q_MAX_PLAYERS], hi[Q_MAX_PLAYERS], lo[Q_MAX_PLAYERS];
        shares_on(q, hole, board, share, hi, lo, NULL, NULL);
        for (int p = 0; p < q->np; p++) {
            sum[p] += (uint64_t)share[p];
            sum_hi[p] += (uint64_t)hi[p];
            sum_lo[p] += (uint64_t)lo[p];
        }
        return;
    }
    for (int i = from; i <= n - miss; i++)
        eq_walk(q, hole, list, n, i + 1, miss - 1, board | UINT64_C(1) << list[i], sum, sum_hi,
                sum_lo);
}

/* Player p's pot shares summed over the completions of street s's board (part 0: the pot, 1: its
 * high part, 2: its low part). */
static uint64_t equity_sum(dstate *d, int p, int s, int part) {
    if (d->eq_stamp[s] != d->stamp[s]) {
        const hs_query *q = d->q;
        const uint64_t known = d->known[s];
        int list[HS_CARDS];
        const int n = q_cards_of(HS_DECK_MASK & ~(d->holes | known | q->dead), list);
        memset(d->eq[s], 0, sizeof d->eq[s]);
        memset(d->eq_hi[s], 0, sizeof d->eq_hi[s]);
        memset(d->eq_lo[s], 0, sizeof d->eq_lo[s]);
        eq_walk(q, d->hole, list, n, 0, 5 - __builtin_popcountll(known), known, d->eq[s],
                d->eq_hi[s], d->eq_lo[s]);
        d->eq_stamp[s] = d->stamp[s];
    }
    return part == 0 ? d->eq[s][p] : part == 1 ? d->eq_hi[s][p] : d->eq_lo[s][p];
}

/* The best rank any hole cards make on the board of street s. */
static int nut_at(dstate *d, int s) {
    if (d->nut_stamp[s] == d->stamp[s])
        return d->nut[s];
    const hs_query *q = d->q;
    const uint64_t board = d->street[s];
    int list[HS_CARDS];
    const int n = q_cards_of(HS_DECK_MASK & ~board, list);
    int best = HS_POKER_CLASSES + 1;
    if (q->game == GAME_HOLDEM) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                const int r =
                    hs_poker_rank(board | UINT64_C(1) << list[i] | UINT64_C(1) << list[j]);
                best = r < best ? r : best;
            }
    } else {
        int bc[5];
        const int nb = q_cards_of(board, bc);
        for (int a = 0; a < nb; a++)
            for (int b = a + 1; b < nb; b++)
                for (int c = b + 1; c < nb; c++) {
                    const uint64_t three =
                        UINT64_C(1) << bc[a] | UINT64_C(1) << bc[b] | UINT64_C(1) << bc[c];
                    for (int i = 0; i < n; i++)
                        for (int j = i + 1; j < n; j++) {
                            const int r = hs_poker_rank5(three | UINT64_C(1) << list[i] |
                                                         UINT64_C(1) << list[j]);
                            best = r < best ? r : best;
                        }
                }
    }
    d->nut[s] = best;
    d->nut_stamp[s] = d->stamp[s];
    return best;
}

/* The best 8-or-better low (1..56, 0: none) any two cards off the board of street s make with
 * three of its cards (as nut_at: the other players' and the dead cards count as unseen). Only
 * cards ranked ace to eight can be in a low: at most 32 - 3 of them off the board. */
static int nutlo_at(dstate *d, int s) {
    if (d->nutlo_stamp[s] == d->stamp[s])
        return d->nutlo[s];
    const uint64_t board = d->street[s];
    uint64_t lowcards = 0;
    for (int suit = 0; suit < 4; suit++)
        lowcards |= (uint64_t)0xFFu << (suit * HS_RANKS); /* ranks 0 (ace) .. 7 (eight) */
    int list[HS_CARDS], bc[5];
    const int n = q_cards_of(lowcards & ~board, list);
    const int nb = q_cards_of(board, bc);
    int best = 0;
    for (int a = 0; a < nb; a++)
        for (int b = a + 1; b < nb; b++)
            for (int c = b + 1; c < nb; c++) {
                const uint64_t three =
                    UINT64_C(1) << bc[a] | UINT64_C(1) << bc[b] | UINT64_C(1) << bc[c];
                if ((three & lowcards) != three)
                    continue;
                for (int i = 0; i < n; i++)
                    for (int j = i + 1; j < n; j++) {
                        const int l =
                            hs_low8_rank(three | UINT64_C(1) << list[i] | UINT64_C(1) << list[j]);
                        if (l != 0 && (best == 0 || l < best))
                            best = l;
                    }
            }
    d->nutlo[s] = best;
    d->nutlo_stamp[s] = d->stamp[s];
    return best;
}

/* A low class 1..56 (0: none) as its type by its highest rank: the lows up to five-high are the
 * one class 1 (the wheel), up to six-high C(6,5) = 6, up to seven-high C(7,5) = 21 (colex). */
static int low_type(int l) {
    return l == 0    ? LOW_NONE
           : l == 1  ? LOW_FIVE
           : l <= 6  ? LOW_SIX
           : l <= 21 ? LOW_SEVEN
                     : LOW_EIGHT;
}

/* The next street's cards after which P holds the best hand (ties included), or reaches type t
 * (t >= 0), when it does not on s. */
static int64_t outs(dstate *d, int p, int s, int t) {
    const hs_query *q = d->q;
    if (t < 0) {
        const int mine = rank_at(d, p, s);
        int ahead = 1;
        for (int o = 0; o < q->np; o++)
            ahead &= mine <= rank_at(d, o, s);
        if (ahead)
            return 0;
    } else if (type_of(rank_at(d, p, s)) >= t)
        return 0;
    int list[HS_CARDS];
    const int n = q_cards_of(HS_DECK_MASK & ~(d->holes | d->street[s] | q->dead), list);
    int64_t count = 0;
    for (int i = 0; i < n; i++) {
        const uint64_t board = d->street[s] | UINT64_C(1) << list[i];
        const int mine = rank_on(q, d->hole[p], board);
        if (t >= 0) {
            count += type_of(mine) >= t;
            continue;
        }
        int ok = 1;
        for (int o = 0; o < q->np && ok; o++)
            ok = o == p || mine <= rank_on(q, d->hole[o], board);
        count += ok;
    }
    return count;
}

static int straight_board(uint64_t board) {
    unsigned ranks = 0;
    for (int s = 0; s < 4; s++)
        ranks |= hs_lane(board, s);
    unsigned hi = ranks | (ranks & 1u) << 13; /* the ace also above the king */
    for (int w = 0; w <= 9; w++)
        if (__builtin_popcount(hi >> w & 0x1Fu) >= 3)
            return 1;
    return 0;
}

static int64_t call(dstate *d, const qnode *n) {
    const hs_query *q = d->q;
    const int p = n->player, s = n->street;
    switch (n->fn) {
    case F_RIVER_EQUITY:
        river_shares(d);
        return d->share[p];
    case F_EQUITY:
        return (int64_t)equity_sum(d, p, s, 0);
    case F_HI_EQUITY:
    case F_LO_EQUITY:
        if (s == ST_RIVER) {
            river_shares(d);
            return n->fn == F_HI_EQUITY ? d->hshare[p] : d->lshare[p];
        }
        return (int64_t)equity_sum(d, p, s, n->fn == F_HI_EQUITY ? 1 : 2);
    case F_SCOOPS:
        river_shares(d);
        return d->share[p] == q->unit;
    case F_WINS_HI:
        river_shares(d);
        return q->hilo ? d->hshare[p] > 0 && d->nbest == 1 : d->share[p] == q->unit;
    case F_TIES_HI:
        river_shares(d);
        return q->hilo ? d->hshare[p] > 0 && d->nbest > 1
                       : d->share[p] > 0 && d->share[p] < q->unit;
    case F_WINS_LO:
        river_shares(d);
        return d->lshare[p] > 0 && d->nlow == 1;
    case F_TIES_LO:
        river_shares(d);
        return d->lshare[p] > 0 && d->nlow > 1;
    case F_HAS_LOW:
        return hs_omaha_low(d->hole[p], d->street[s]) != 0;
    case F_LOW_HAND:
        return low_type(hs_omaha_low(d->hole[p], d->street[s]));
    case F_LO_RATING: {
        const int l = hs_omaha_low(d->hole[p], d->street[s]);
        return l ? l : Q_NO_LOW_RATING;
    }
    case F_NUT_LO: {
        const int l = hs_omaha_low(d->hole[p], d->street[s]);
        return l != 0 && l == nutlo_at(d, s);
    }
    case F_BEST_HI: {
        const int mine = rank_at(d, p, s);
        for (int o = 0; o < q->np; o++)
            if (rank_at(d, o, s) < mine)
                return 0;
        return 1;
    }
    case F_HAND_TYPE:
        return type_of(rank_at(d, p, s));
    case F_HI_RATING:
        return HS_POKER_CLASSES + 1 - rank_at(d, p, s);
    case F_WINNING_TYPE:
        river_shares(d);
        return type_of(d->best);
    case F_CATEGORY: {
        unsigned flags = 0;
        const int made = hs_holdem_hit(d->hole[p], d->street[s], &flags);
        return made | (int64_t)flags << 8;
    }
    case F_OUTS:
        return outs(d, p, s, -1);
    case F_OUTS_TYPE:
        return outs(d, p, s, n->ht);
    case F_NUT_HI:
        return rank_at(d, p, s) == nut_at(d, s);
    case F_IN_RANGE: {
        const uint64_t h = d->hole[p];
        if (q->game == GAME_OMAHA) { /* binary search of the player's hands in the range */
            const uint64_t *set = q->oset[n->range];
            size_t lo = 0, hi = q->noset[n->range];
            while (lo < hi) {
                const size_t mid = lo + (hi - lo) / 2;
                if (set[mid] < h)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            return lo < q->noset[n->range] && set[lo] == h;
        }
        const int idx = (63 - __builtin_clzll(h)) * 52 + __builtin_ctzll(h);
        return q->sets[n->range][idx / 64] >> (idx % 64) & 1;
    }
    default:
        break;
    }
    const uint64_t b = d->street[s > 0 ? s : ST_RIVER];
    int per[4], suits = 0, most = 0;
    for (int k = 0; k < 4; k++) {
        per[k] = __builtin_popcount(hs_lane(b, k));
        suits += per[k] > 0;
        most = per[k] > most ? per[k] : most;
    }
    switch (n->fn) {
    case F_SUIT_COUNT:
        return suits;
    case F_PAIRED: {
        unsigned ranks = 0;
        for (int k = 0; k < 4; k++)
            ranks |= hs_lane(b, k);
        return __builtin_popcount(ranks) < __builtin_popcountll(b);
    }
    case F_MONOTONE:
        return suits == 1;
    case F_TWO_TONE:
        return suits == 2;
    case F_RAINBOW:
        return most <= 1;
    case F_FLUSHING:
        return most >= 3;
    case F_STRAIGHT_BOARD:
        return straight_board(b);
    case F_TURN_SUIT:
        return hs_card_suit(d->cards[3]);
    case F_RIVER_SUIT:
        return hs_card_suit(d->cards[4]);
    case F_TURN_RANK: {
        const int r = hs_card_rank(d->cards[3]);
        return r == 0 ? 14 : r + 1;
    }
    case F_RIVER_RANK: {
        const int r = hs_card_rank(d->cards[4]);
        return r == 0 ? 14 : r + 1;
    }
    default:
        return 0;
    }
}

static int64_t ev_node(dstate *d, int i);

static int64_t ev(dstate *d, int i) {
    const qnode *n = &d->q->node[i];
    if (n->level == ST_RIVER || n->kind == N_NUM || n->kind == N_CONST)
        return ev_node(d, i);
    if (d->node_stamp[i] != d->stamp[n->level]) {
        d->node_value[i] = ev_node(d, i);
        d->node_stamp[i] = d->stamp[n->level];
    }
    return d->node_value[i];
}

static int64_t ev_node(dstate *d, int i) {
    const qnode *n = &d->q->node[i];
    switch (n->kind) {
    case N_NUM:
    case N_CONST:
        return n->k;
    case N_CALL:
        return call(d, n);
    case N_NEG:
        return -ev(d, n->a);
    case N_NOT:
        return !ev(d, n->a);
    case N_AND:
        return ev(d, n->a) && ev(d, n->b);
    case N_OR:
        return ev(d, n->a) || ev(d, n->b);
    case N_ADD:
    case N_SUB: {
        const qnode *a = &d->q->node[n->a], *b = &d->q->node[n->b];
        const int64_t x = ev(d, n->a) * (n->sden / den_of(a));
        const int64_t y = ev(d, n->b) * (n->sden / den_of(b));
        return n->kind == N_ADD ? x + y : x - y;
    }
    case N_MUL:
        return ev(d, n->a) * ev(d, n->b);
    case N_DIV:
        return ev(d, n->a);
    case N_CMP: {
        const qnode *a = &d->q->node[n->a], *b = &d->q->node[n->b];
        const int64_t x = ev(d, n->a), y = ev(d, n->b);
        int c;
        if (a->type == T_CATEGORY) {
            const int64_t v = a->kind == N_CONST ? y : x;
            const int64_t k = a->kind == N_CONST ? x : y;
            const int eq = n->flag >= 0 ? (int)(v >> 8 >> n->flag & 1) : (v & 0xff) == k;
            return n->op == CMP_EQ ? eq : !eq;
        }
        if (a->type == T_NUM || b->type == T_NUM) {
            const i128 l = (i128)x * den_of(b), r = (i128)y * den_of(a);
            c = l < r ? -1 : l > r;
        } else
            c = x < y ? -1 : x > y;
        switch (n->op) {
        case CMP_EQ:
            return c == 0;
        case CMP_NE:
            return c != 0;
        case CMP_LT:
            return c < 0;
        case CMP_LE:
            return c <= 0;
        case CMP_GT:
            return c > 0;
        default:
            return c >= 0;
        }
    }
    default:
        return 0;
    }
}

int64_t hs_q_ev(dstate *d, int i) {
    return ev(d, i);
}

static int decided(dstate *d, int i, int upto, int64_t *v) {
    const qnode *n = &d->q->node[i];
    if (n->level <= upto) {
        *v = ev(d, i);
        return 1;
    }
    int64_t x;
    switch (n->kind) {
    case N_NOT:
        if (!decided(d, n->a, upto, &x))
            return 0;
        *v = !x;
        return 1;
    case N_AND:
    case N_OR: {
        const int64_t stop = n->kind == N_OR; /* the value that decides */
        if ((decided(d, n->a, upto, &x) && (x != 0) == stop) ||
            (decided(d, n->b, upto, &x) && (x != 0) == stop)) {
            *v = stop;
            return 1;
        }
        return 0;
    }
    default:
        return 0;
    }
}

int hs_q_decided(dstate *d, int i, int upto, int64_t *v) {
    return decided(d, i, upto, v);
}
