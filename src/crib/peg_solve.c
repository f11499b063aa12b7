/* The double-dummy pegging search (peg_solve.h): minimax over the plays of the current
 * sequence, the value of each fresh sequence (count 0) remembered by leader and hands when a memo
 * is given (the rest of the play after a go depends on nothing else). */
#include "peg_solve.h"

#include <string.h>

int hs_peg_mset_index_n(const uint8_t *ranks, int n) {
    int r[HS_PEG_MAX_CARDS];
    for (int i = 0; i < n; i++) { /* sorted */
        int j = i;
        for (; j > 0 && r[j - 1] > ranks[i]; j--)
            r[j] = r[j - 1];
        r[j] = ranks[i];
    }
    /* C(s, k) for s <= 12 + 3 and k <= 4: a lookup, since the all-deals job calls this for every
     * keep of every deal */
    static const int16_t colex[HS_RANKS + HS_PEG_MAX_CARDS - 1][HS_PEG_MAX_CARDS + 1] = {
        {1, 0, 0, 0, 0},        {1, 1, 0, 0, 0},       {1, 2, 1, 0, 0},
        {1, 3, 3, 1, 0},        {1, 4, 6, 4, 1},       {1, 5, 10, 10, 5},
        {1, 6, 15, 20, 15},     {1, 7, 21, 35, 35},    {1, 8, 28, 56, 70},
        {1, 9, 36, 84, 126},    {1, 10, 45, 120, 210}, {1, 11, 55, 165, 330},
        {1, 12, 66, 220, 495},  {1, 13, 78, 286, 715}, {1, 14, 91, 364, 1001},
        {1, 15, 105, 455, 1365}};
    int idx = 0; /* the colex rank of the strictly increasing r_i + i */
    for (int i = 0; i < n; i++)
        idx += colex[r[i] + i][i + 1];
    return idx;
}

void hs_peg_msets(peg_mset out[HS_PEG_MSETS]) {
    uint8_t r[4];
    for (r[0] = 0; r[0] < HS_RANKS; r[0]++)
        for (r[1] = r[0]; r[1] < HS_RANKS; r[1]++)
            for (r[2] = r[1]; r[2] < HS_RANKS; r[2]++)
                for (r[3] = r[2]; r[3] < HS_RANKS; r[3]++) {
                    peg_mset *m = &out[hs_peg_mset_index_n(r, 4)];
                    memcpy(m->rank, r, 4);
                    m->runs = 0;
                    for (int i = 0; i < 4;) {
                        int k = 1;
                        while (i + k < 4 && r[i + k] == r[i])
                            k++;
                        m->run_rank[m->runs] = r[i];
                        m->run_count[m->runs++] = (uint8_t)k;
                        i += k;
                    }
                }
}

int hs_peg_opponents(const peg_mset msets[HS_PEG_MSETS], uint64_t dealt,
                     uint16_t theirs[HS_PEG_MSETS], int32_t ways[HS_PEG_MSETS]) {
    /* C(n, k) for the n <= 4 cards of a rank left */
    static const int32_t choose[5][5] = {
        {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};
    int avail[HS_RANKS];
    for (int r = 0; r < HS_RANKS; r++) {
        avail[r] = 4;
        for (int st = 0; st < HS_SUITS; st++)
            avail[r] -= (int)(dealt >> hs_card(r, st) & 1);
    }
    int n = 0;
    for (int m = 0; m < HS_PEG_MSETS; m++) {
        const peg_mset *u = &msets[m];
        int32_t x = 1;
        for (int i = 0; i < u->runs; i++)
            x *= choose[avail[u->run_rank[i]]][u->run_count[i]];
        if (x != 0) {
            theirs[n] = (uint16_t)m;
            ways[n++] = x;
        }
    }
    return n;
}

/* The first index of the multisets of n ranks among those of 0..4 ranks. */
static const int small_base[HS_PEG_MAX_CARDS + 1] = {0, 1, 14, 105, 560};

/* The points for laying the last card of seq[0..len), bringing the count to `count`: 15 and 31,
 * the pairs of its rank at the end, the longest run at the end. */
static int play_points(const uint8_t *seq, int len, int count) {
    int pts = (count == 15 || count == 31) ? 2 : 0;
    const int r = seq[len - 1];
    int same = 1;
    while (same < len && seq[len - 1 - same] == r)
        same++;
    static const int pair_points[5] = {0, 0, 2, 6, 12};
    pts += pair_points[same];
    if (same == 1) { /* a pair at the end is no run */
        unsigned mask = 0;
        int lo = HS_RANKS, hi = -1, run = 0;
        for (int k = 1; k <= len; k++) {
            const int x = seq[len - k];
            if (mask >> x & 1)
                break; /* a repeated rank: no longer run ends here */
            mask |= 1u << x;
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
            if (k >= 3 && hi - lo == k - 1)
                run = k;
        }
        pts += run;
    }
    return pts;
}

typedef struct peg_state {
    uint8_t hand[2][HS_PEG_MAX_CARDS];
    int n[2];
    uint8_t seq[2 * HS_PEG_MAX_CARDS];
    int len, count, last, to_move;
} peg_state;

typedef struct search_ctx {
    int8_t *memo;
    hs_peg_event *line; /* NULL: the value only */
    int nev;
} search_ctx;

static int can_play(const peg_state *s, int q) {
    for (int i = 0; i < s->n[q]; i++)
        if (s->count + peg_pips(s->hand[q][i]) <= 31)
            return 1;
    return 0;
}

static int search(const peg_state *s, search_ctx *c, int alpha, int beta);

/* A window wider than any value. */
#define PEG_INF 1000

/* Lay card i of the player to move: the state after it and the points it scores. */
static int lay_card(const peg_state *s, int i, peg_state *t) {
    const int q = s->to_move, r = s->hand[q][i];
    *t = *s;
    t->hand[q][i] = t->hand[q][--t->n[q]];
    t->seq[t->len++] = (uint8_t)r;
    t->count += peg_pips(r);
    t->last = q;
    t->to_move = 1 - q;
    return play_points(t->seq, t->len, t->count);
}

/* The best card for the player to move (who can lay one) within the window (alpha, beta): its
 * index, and in *value the value (exact when inside the window, else a bound beyond it). Cards
 * are tried by their own points first, so that the window closes early. `all`: every card's
 * value exact (the line's choices, where of equal values the lowest rank is laid). */
static int best_card(const peg_state *s, search_ctx *c, int alpha, int beta, int all, int *value) {
    const int q = s->to_move, sign = q == HS_PEG_PONE ? 1 : -1;
    hs_peg_event *line = c->line;
    c->line = NULL;
    peg_state child[HS_PEG_MAX_CARDS];
    int pts[HS_PEG_MAX_CARDS], idx[HS_PEG_MAX_CARDS], m = 0;
    unsigned tried = 0;
    for (int i = 0; i < s->n[q]; i++) {
        const int r = s->hand[q][i];
        if ((tried >> r & 1) || s->count + peg_pips(r) > 31)
            continue; /* the same rank again gives the same value */
        tried |= 1u << r;
        const int p = lay_card(s, i, &child[m]);
        int j = m++; /* insertion by points, most first; equal points: lower rank first */
        for (; j > 0 && (pts[j - 1] < p || (pts[j - 1] == p && s->hand[q][idx[j - 1]] > r)); j--) {
            pts[j] = pts[j - 1];
            idx[j] = idx[j - 1];
            child[j] = child[j - 1];
        }
        if (j != m - 1)
            lay_card(s, i, &child[j]);
        pts[j] = p;
        idx[j] = i;
    }
    int best = -sign * PEG_INF, best_i = -1;
    for (int k = 0; k < m; k++) {
        const int gain = sign * pts[k];
        const int v = all ? gain + search(&child[k], c, -PEG_INF, PEG_INF)
                          : gain + search(&child[k], c, alpha - gain, beta - gain);
        const int r = s->hand[q][idx[k]];
        if (best_i < 0 || sign * v > sign * best || (v == best && r < s->hand[q][best_i])) {
            best = v;
            best_i = idx[k];
        }
        if (q == HS_PEG_PONE)
            alpha = best > alpha ? best : alpha;
        else
            beta = best < beta ? best : beta;
        if (alpha >= beta && !all)
            break;
    }
    c->line = line;
    *value = best;
    return best_i;
}

/* A fresh sequence's memo entry (count 0: only the leader and the hands matter). */
static int8_t *memo_entry(const peg_state *s, int8_t *memo) {
    const size_t a = (size_t)(small_base[s->n[0]] + hs_peg_mset_index_n(s->hand[0], s->n[0]));
    const size_t b = (size_t)(small_base[s->n[1]] + hs_peg_mset_index_n(s->hand[1], s->n[1]));
    return memo + ((size_t)s->to_move * PEG_SMALL_MSETS + a) * PEG_SMALL_MSETS + b;
}

static int search(const peg_state *s, search_ctx *c, int alpha, int beta) {
    const int q = s->to_move;
    if (can_play(s, q)) {
        int value, i;
        if (s->len == 0 && (c->memo != NULL || c->line != NULL)) {
            /* a fresh sequence: solved exactly (the full window), once with a memo */
            int8_t *m = c->memo != NULL ? memo_entry(s, c->memo) : NULL;
            if (m != NULL && *m != PEG_MEMO_NONE && c->line == NULL)
                return *m;
            i = best_card(s, c, -PEG_INF, PEG_INF, c->line != NULL, &value);
            if (m != NULL)
                *m = (int8_t)value;
        } else {
            i = best_card(s, c, alpha, beta, c->line != NULL, &value);
        }
        if (c->line != NULL) {
            peg_state t;
            const int pts = lay_card(s, i, &t);
            c->line[c->nev++] = (hs_peg_event){q, s->hand[q][i], t.count, pts};
            search(&t, c, -PEG_INF, PEG_INF);
        }
        return value;
    }
    if (can_play(s, 1 - q)) { /* go: the other lays on */
        peg_state t = *s;
        t.to_move = 1 - q;
        return search(&t, c, alpha, beta);
    }
    if (s->last < 0)
        return 0; /* nothing laid and nothing to lay: the hand is over */
    /* Neither can lay: the last to lay scores the go (not after 31), the count starts again, and
     * the other player leads (the same one when the other has no cards). */
    const int go = s->count == 31 ? 0 : 1, who = s->last, gain = who == HS_PEG_PONE ? go : -go;
    if (c->line != NULL && go)
        c->line[c->nev++] = (hs_peg_event){who, -1, s->count, go};
    peg_state t = *s;
    t.len = 0;
    t.count = 0;
    t.last = -1;
    t.to_move = t.n[1 - who] > 0 ? 1 - who : who;
    const int rest = t.n[0] + t.n[1] > 0 ? search(&t, c, alpha - gain, beta - gain) : 0;
    return gain + rest;
}

int hs_peg_solve(const hs_peg_position *p, int8_t *memo, hs_peg_event *line, int *nev) {
    peg_state s;
    memcpy(s.hand, p->hand, sizeof s.hand);
    s.n[0] = p->n[0];
    s.n[1] = p->n[1];
    memcpy(s.seq, p->seq, sizeof s.seq);
    s.len = p->seq_len;
    s.count = 0;
    for (int i = 0; i < s.len; i++)
        s.count += peg_pips(s.seq[i]);
    s.last = p->last;
    s.to_move = p->to_move;
    search_ctx c = {memo, line, 0};
    const int v = search(&s, &c, -PEG_INF, PEG_INF);
    if (nev != NULL)
        *nev = c.nev;
    return v;
}
