/* Each of the 169 starting-hand classes against one, two and three random hands, exactly.
 *
 * Definition (the same as holdem.h): the hero holds a combination of the class, each opponent
 * two of the other cards (disjoint from each other), the board five of the cards left; every
 * deal (hero's combination, the opponents' hands seat by seat, the board) is equally likely:
 * combos x C(50,2) x C(48,5) deals against one opponent, combos x C(50,2) x C(48,2) x C(46,5)
 * against two, combos x C(50,2) x C(48,2) x C(46,2) x C(44,5) against three. The hero wins
 * alone, ties (shares the pot with j opponents: 1/(j + 1) of it) or loses. The same sweep runs
 * on a smaller deck (hs_holdem_vs_random_deck: only the hands of its cards, every board of them
 * once), which is how the tests check it against plain loops over every deal.
 *
 * As for the preflop table, the count runs board by board over the boards distinct up to a
 * permutation of the suits (each weighted by the boards it stands for: a suit permutation maps
 * every class onto itself), and one board's 1081 hands are ranked once and sorted worst first
 * (hs_holdem_rank_board). Sweeping the groups of equal rank from the worst, a hero hand h = {a, b}
 * sees W, the hands of the earlier groups (strictly worse), and E, its own group (equal). The
 * opponents must avoid h: W' = the hands of W holding neither a nor b, E' likewise (so not h).
 *
 * One opponent: wins |W'|, ties |E'|. With n_W(c) the hands of W holding card c, and no hand but
 * h holding both a and b: |W'| = |W| - n_W(a) - n_W(b), |E'| = |E| - n_E(a) - n_E(b) + 1.
 *
 * Two opponents: ordered pairs (u, v) of disjoint hands of W' (a win), of E' x W', W' x E' (a
 * split in two) and of E' (a split in three). For sets S, T of hands, the ordered pairs sharing
 * a card are counted by sum_c n_S(c) n_T(c), where u = v (two shared cards) counts twice; so the
 * disjoint pairs are
 *     |S|^2 + |S| - sum_c n_S(c)^2        (u, v both in S)
 *     |S| |T| - sum_c n_S(c) n_T(c)       (S and T disjoint)
 * The per-card counts of W' are those of W less the hands {a, c} and {b, c}:
 * n_W'(c) = n_W(c) - [ac in W] - [bc in W] for c not a or b, and 0 for a and b. Expanding the
 * square, with w_a the set of cards c with {a, c} in W (a bit mask, |w_a| = n_W(a)):
 *     sum_c n_W'(c)^2 = Q_W - n_W(a)^2 - n_W(b)^2 - 2 sum_{c in w_a or w_b} n_W(c)
 *                       + |w_a| + |w_b| + 2 |w_a & w_b|         (Q_W = sum_c n_W(c)^2)
 * and alike for E' (e_a = the partners of a in E, without b) and for the cross sum
 *     sum_c n_W'(c) n_E'(c) = P - n_W(a) n_E(a) - n_W(b) n_E(b) - sum_{c in e_a, e_b} n_W(c)
 *                             - sum_{c in w_a, w_b} n_E(c) + |w_a & e_b| + |w_b & e_a|
 * (P = sum_c n_W(c) n_E(c); w_a & e_a is empty, a hand being in W or in E). Nothing walks the
 * opponents: sum_{c in w_x} n_W(c) is kept for every card as hands join W (a 64-lane add per
 * hand), the sums over e_x and of n_E over w_x are made once per group and card, so each hero
 * costs a few popcounts, and a board about 1081 x 2 vector adds of 64 lanes beside its ranking.
 *
 * Three opponents: ordered triples of pairwise disjoint hands, j of them from E' and 3 - j from
 * W' (j = 0: a win; else a split with j: 1/(j + 1) of the pot, HS_HOLDEM_SHARE_UNIT = 2520
 * being divisible by 4). For sets A, B, C of hands (each W' or E'; a hand is an edge {x, y} of
 * the graph on the cards other than a and b), the triples (u, v, t) of A x B x C with no two
 * sharing a card are, by inclusion-exclusion over the events "u, v meet", "u, t meet", "v, t
 * meet",
 *     N(A,B,C) = |A||B||C| - X(A,B)|C| - X(A,C)|B| - X(B,C)|A|
 *                + P(A;B,C) + P(B;A,C) + P(C;A,B) - S(A,B,C) - T(A,B,C)
 * with the terms
 *   X(A,B)   ordered pairs of A x B that meet: sum_c n_A(c) n_B(c) - |A & B| (two distinct hands
 *            share at most one card; a hand with itself shares two and is counted twice);
 *   P(A;B,C) triples where u meets both v and t: sum over u = {x,y} of A of deg_B(u) deg_C(u),
 *            deg_B(u) = n_B(x) + n_B(y) - [u in B] the hands of B meeting u; expanded,
 *            P(A;B,C) = sum_c n_A n_B n_C + n_B.M_A n_C - [A = C] sum_c n_A n_B
 *                       - [A = B] sum_c n_A n_C + [A = B = C] |A|
 *            (M_A the 0/1 matrix of A: sum over u of n_B(x) n_C(y) + n_B(y) n_C(x));
 *   S + T    triples where all three pairs meet: either the three hands hold a common card, or
 *            they are three distinct hands {x,y}, {y,z}, {x,z} (a triangle; if u = v, or if the
 *            three are distinct and u, v meet at p, t either holds p or meets u and v at their
 *            other cards). S(A,B,C) = sum_c n_A n_B n_C - |A & B & C| (a triple has two common
 *            cards only when u = v = t). T(A,B,C) counts the ordered triangles; it is symmetric
 *            in A, B, C, and T(A,B,C) = sum over x and y in A_x of |B_y & C_x| (A_x the partners
 *            of x in A: u = {x,y}, v = {y,z}, t = {x,z}).
 * W' and E' are disjoint, so the intersections are the set itself or empty; with p = n_W',
 * q = n_E' (vectors over the cards, 0 at a and b) the four counts needed are
 *   N(W,W,W) = w^3 - 3 X_ww w + 3 (sum p^3 + p.M_W p - 2 sum p^2 + w) - (sum p^3 - w) - 6 T_W'
 *   N(W,W,E) = w^2 e - X_ww e - 2 X_we w + 2 (sum p^2 q + p.M_W q - sum pq)
 *              + (sum p^2 q + p.M_E p) - sum p^2 q - T(W,W,E)
 *   N(W,E,E) = w e^2 - 2 X_we e - X_ee w + (sum p q^2 + q.M_W q)
 *              + 2 (sum p q^2 + p.M_E q - sum pq) - sum p q^2 - T(W,E,E)
 *   N(E,E,E) = e^3 - 3 X_ee e + 3 (sum q^3 + q.M_E q - 2 sum q^2 + e) - (sum q^3 - e) - T(E,E,E)
 * (w = |W'|, e = |E'|, X_ww = sum p^2 - w, X_we = sum pq, X_ee = sum q^2 - e), and the hero wins
 * N(W,W,W), splits with one 3 N(W,W,E), with two 3 N(W,E,E), with three N(E,E,E). The matrices
 * M_W, M_E may be those of W and E: p and q vanish at a and b. The terms:
 *   - the sums over cards and the forms p.M_W p, p.M_W q, q.M_W q: a 64-lane product per card
 *     row of W (16-bit lanes: every partial sum is at most 44 x 44), a few thousand
 *     multiply-adds a hero;
 *   - T_W' = the triangles of W through neither a nor b = T_W - t_W(a) - t_W(b) (no triangle of
 *     W holds both: {a, b} is in E); T_W and t_W(c) grow as hands join W (a new hand {x, y}
 *     closes one triangle per common partner of x and y), so T(W,W,W) = 6 T_W' costs nothing;
 *   - the forms of M_E and T(W,W,E) = 2 sum over {x,y} in E' of |W'_x & W'_y|, T(W,E,E) = sum
 *     over {x,y} in E' of |E'_y & W'_x| + |E'_x & W'_y|, T(E,E,E) = 2 sum of |E'_x & E'_y|: for
 *     a group of at most BIG_GROUP hands, a walk over its hands per hero; for a larger one
 *     (boards that play, where hundreds of hands tie) from per-card sums made once per group,
 *     less what a and b take away: with g1(c) = sum over y in E_c of |W_c & W_y|,
 *         sum over E' of |W'_x & W'_y| = G - g1(a) - g1(b) + |W_a & W_b| - i(w_a) - i(w_b)
 *     (G = sum over E of |W_x & W_y|; i(w_a) the hands of E inside w_a, which lose a common
 *     partner a); the ordered E-E-W triangles (x, y, z) (xy, yz in E, xz in W) through a are
 *     hx(a) + hy(a) + hz(a) by a's place (x, y or z), those through a and b 2 (|E_b & W_a| +
 *     |E_a & W_b|) (their common side is {a, b}, in E), so T(W,E,E) = H - sum over a, b of
 *     (hx + hy + hz) + 2 (|E_b & W_a| + |E_a & W_b|); and the triangles of E' are E's less those
 *     through a or b, plus those through both (|E_a & E_b|). The forms of M_E come from the
 *     rows of E of the group's cards.
 * The whole table against three opponents costs several times the one- and two-opponent table
 * (README); the tests check both ways of the E' terms against a brute force.
 *
 * The table sums these 64-bit counts over boards; holdem.h shows that no sum can pass 2^63
 * against one or two opponents. Against three, a board's counts for one hero are at most
 * C(45,2) C(43,2) C(41,2) < 7.4e8 triples, x 2520 x weight 24 < 4.5e13 per board; a class's
 * deals stay below 1.9e16 < 2^63 over the table, and its shares (below 4.8e19) are 128-bit. */
#include "holdem_internal.h"
#include "poker_internal.h"
#include "handstat/error.h"
#include "combin.h"
#include "job_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Per-thread working memory for one board. */
typedef struct vs_sweep {
    hs_holdem_ranked r;       /* the board's hands, worst first */
    uint64_t wmask[HS_CARDS]; /* w_x: the cards c with {x, c} worse than the current group */
    uint64_t emask[HS_CARDS]; /* e_x: the cards c with {x, c} in the current group */
    uint16_t nw[64];          /* n_W(x) = |w_x| (lanes 52..63 stay 0) */
    uint16_t ne[64];          /* n_E(x) = |e_x| */
    int32_t e_ne[HS_CARDS];   /* for the group's cards: the sum of n_E over e_x */
    int32_t e_nw[HS_CARDS];   /* ... of n_W over e_x */
    int32_t w_ne[HS_CARDS];   /* ... of n_E over w_x */
    /* w_x again as a row of 0/1 (lanes 52..63 stay 0), and m_W(x) = sum of n_W over w_x (at most
     * 45 x 45), kept as hands join W: a new worse hand {x, y} adds one to m_W(z) for z in w_x and
     * in w_y, a 64-lane add that the compiler turns into a few vector adds. */
    uint16_t wrow[HS_CARDS][64];
    uint16_t mw[64];
    /* Three opponents: e_x as a row of 0/1 for the group's cards; tri[x] the triangles of W
     * through card x and tri_w all of them (a triangle: three hands {x,y}, {y,z}, {x,z}). */
    uint16_t erow[HS_CARDS][64];
    int32_t tri[64];
    int64_t tri_w;
    /* A large group's triangle sums per card c (BIG_GROUP): g1[c] = sum over y in e_c of
     * |w_c & w_y|, hx[c] of |e_y & w_c|, hy[c] of |e_c & w_y|, te[c] of |e_c & e_y|, and
     * hz[c] = sum over x in w_c of |e_x & e_c|; g_sum, h_sum, te_sum their totals as below. */
    int32_t g1[64], hx[64], hy[64], hz[64], te[64];
    int64_t g_sum, h_sum, te_sum;
    uint16_t live[HS_HOLDEM_COMBOS]; /* the board's hands within the deck, worst first */
} vs_sweep;

#define SHARE HS_HOLDEM_SHARE_UNIT

/* The number of set bits, by adding neighbouring fields of 1, 2, 4 bits, then every byte at once
 * (the top byte of x * 0x0101..01 is the sum of x's bytes). Inline: the baseline x86-64 has no
 * popcount instruction, and __builtin_popcountll would be a library call. */
static inline int pop64(uint64_t x) {
    x -= (x >> 1) & UINT64_C(0x5555555555555555);
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* Groups of more hands than this take the three-opponent sums over E' from per-card sums made
 * once per group; smaller ones walk their hands for each hero. */
#define BIG_GROUP 32

/* C(n, k), 0 when n < k (also for n < 0: a deck too small for the deal). */
static inline int64_t binom0(int n, unsigned k) {
    return n < (int)k ? 0 : (int64_t)hs_binom((unsigned)n, k);
}

/* The ordered triples of pairwise disjoint hands of W' and E' for hero h = {a, b} (the header's
 * formula), their outcomes added w times to out: wp = |W'|, ep = |E'|, deals3 the ordered
 * triples of disjoint hands of the cards left; live[gs..ge) the group, gcards its cards. */
static void three_opponents(const hs_holdem_preflop *t, const vs_sweep *s, int gs, int ge,
                            uint64_t gcards, int a, int b, int64_t wp, int64_t ep, int64_t deals3,
                            uint64_t w, hs_holdem_vs_random_row *out) {
    const uint64_t keep = ~(hs_card_bit(a) | hs_card_bit(b));
    /* n_W'(c), n_E'(c) (at most 44), 16-bit lanes for the vector unit. */
    uint16_t p[64], q[64];
    for (int z = 0; z < 64; z++) {
        p[z] = (uint16_t)(s->nw[z] - s->wrow[a][z] - s->wrow[b][z]);
        q[z] = (uint16_t)(s->ne[z] - s->erow[a][z] - s->erow[b][z]);
    }
    p[a] = p[b] = q[a] = q[b] = 0;
    /* The sums over cards of products of n_W' and n_E' (at most 45 x 44^3 < 2^22). */
    int32_t spp = 0, spq = 0, sqq = 0, sppp = 0, sppq = 0, spqq = 0, sqqq = 0;
    for (int z = 0; z < 64; z++) {
        const int32_t pz = p[z], qz = q[z];
        spp += pz * pz;
        spq += pz * qz;
        sqq += qz * qz;
        sppp += pz * pz * pz;
        sppq += pz * pz * qz;
        spqq += pz * qz * qz;
        sqqq += qz * qz * qz;
    }
    /* p.M_W p, p.M_W q, q.M_W q with M_W the 0/1 matrix of W (p and q vanish at a and b, so
     * W's matrix stands for W''s): row x of M_W times p and q, in 16 bits (at most 44 x 44). */
    int64_t pwp = 0, pwq = 0, qwq = 0;
    for (int x = 0; x < HS_CARDS; x++) {
        if (p[x] == 0 && q[x] == 0)
            continue;
        const uint16_t *row = s->wrow[x];
        uint16_t rp = 0, rq = 0;
        for (int z = 0; z < 64; z++) {
            rp = (uint16_t)(rp + row[z] * p[z]);
            rq = (uint16_t)(rq + row[z] * q[z]);
        }
        pwp += (int64_t)p[x] * rp;
        pwq += (int64_t)p[x] * rq;
        qwq += (int64_t)q[x] * rq;
    }
    /* The same forms for M_E (halved: each hand once) and the triangles with one, two or three
     * sides in E' (tww, twe, tee as in the header). */
    int64_t pep = 0, peq = 0, qeq = 0, tww = 0, twe = 0, tee = 0;
    if (ge - gs <= BIG_GROUP) { /* over the hands {x, y} of E' */
        for (int i = gs; i < ge; i++) {
            const int h = s->live[i], x = t->hole_a[h], y = t->hole_b[h];
            if (((hs_card_bit(x) | hs_card_bit(y)) & ~keep) != 0)
                continue;
            const uint64_t wx = s->wmask[x] & keep, wy = s->wmask[y] & keep;
            const uint64_t ex = s->emask[x] & keep, ey = s->emask[y] & keep;
            pep += (int64_t)p[x] * p[y];
            peq += (int64_t)p[x] * q[y] + (int64_t)p[y] * q[x];
            qeq += (int64_t)q[x] * q[y];
            tww += pop64(wx & wy);
            twe += pop64(ey & wx) + pop64(ex & wy);
            tee += pop64(ex & ey);
        }
    } else { /* from the group's sums, less what a and b take away (the header) */
        for (uint64_t m = gcards; m != 0; m &= m - 1) {
            const int x = __builtin_ctzll(m);
            const uint16_t *row = s->erow[x];
            uint16_t rp = 0, rq = 0;
            for (int z = 0; z < 64; z++) {
                rp = (uint16_t)(rp + row[z] * p[z]);
                rq = (uint16_t)(rq + row[z] * q[z]);
            }
            pep += (int64_t)p[x] * rp;
            peq += (int64_t)p[x] * rq;
            qeq += (int64_t)q[x] * rq;
        }
        pep /= 2; /* each hand was seen from both its cards */
        qeq /= 2;
        const uint64_t wa = s->wmask[a], wb = s->wmask[b], ea = s->emask[a], eb = s->emask[b];
        int64_t in_wa = 0, in_wb = 0; /* twice the hands of E inside w_a, inside w_b */
        for (uint64_t m = wa & gcards; m != 0; m &= m - 1)
            in_wa += pop64(s->emask[__builtin_ctzll(m)] & wa);
        for (uint64_t m = wb & gcards; m != 0; m &= m - 1)
            in_wb += pop64(s->emask[__builtin_ctzll(m)] & wb);
        tww = s->g_sum - s->g1[a] - s->g1[b] + pop64(wa & wb) - in_wa / 2 - in_wb / 2;
        twe = s->h_sum - (s->hx[a] + s->hy[a] + s->hz[a]) - (s->hx[b] + s->hy[b] + s->hz[b]) +
              2 * (pop64(eb & wa) + pop64(ea & wb));
        tee = (s->te_sum - 3 * (s->te[a] + s->te[b])) / 2 + 3 * pop64(ea & eb);
    }
    /* The triangles of W' (W's less those through a or b; none holds both, {a, b} being in E). */
    const int64_t tw = s->tri_w - s->tri[a] - s->tri[b];
    const int64_t xww = spp - wp, xwe = spq, xee = sqq - ep; /* X(S, T) */
    /* N(W,W,W), N(W,W,E), N(W,E,E), N(E,E,E) as in the header. */
    const int64_t n_www =
        wp * wp * wp - 3 * xww * wp + 3 * (sppp + pwp - 2 * spp + wp) - (sppp - wp) - 6 * tw;
    const int64_t n_wwe = wp * wp * ep - xww * ep - 2 * xwe * wp + 2 * (sppq + pwq - spq) +
                          (sppq + 2 * pep) - sppq - 2 * tww;
    const int64_t n_wee =
        wp * ep * ep - 2 * xwe * ep - xee * wp + (spqq + qwq) + 2 * (spqq + peq - spq) - spqq - twe;
    const int64_t n_eee =
        ep * ep * ep - 3 * xee * ep + 3 * (sqqq + 2 * qeq - 2 * sqq + ep) - (sqqq - ep) - 2 * tee;
    const int64_t ties = 3 * n_wwe + 3 * n_wee + n_eee;
    out->wins += w * (uint64_t)n_www;
    out->ties += w * (uint64_t)ties;
    out->losses += w * (uint64_t)(deals3 - n_www - ties);
    out->shares += w * (uint64_t)(SHARE * n_www + SHARE / 2 * 3 * n_wwe + SHARE / 3 * 3 * n_wee +
                                  SHARE / 4 * n_eee);
}

/* Add w x the deals with board `board` (five cards) within the deck `live` (the board's cards
 * among them) to acc; against three opponents too when `three`. */
static void sweep_board(const hs_holdem_preflop *t, uint64_t board, uint64_t w, uint64_t live,
                        int three, vs_sweep *s, hs_holdem_vs_random_counts *acc) {
    hs_holdem_rank_board(t, board, &s->r);
    const uint16_t *rank = s->r.rank;
    int n = 0;
    for (int i = 0; i < s->r.n; i++) {
        const int h = s->r.order[i];
        if ((live >> t->hole_a[h] & 1) && (live >> t->hole_b[h] & 1))
            s->live[n++] = (uint16_t)h;
    }
    const uint16_t *order = s->live;
    /* The opponents' choices once the board and the hero's hand are out of the deck's n_live
     * cards (C(45, 2) hands, C(45, 2) x C(43, 2) ordered disjoint pairs and x C(41, 2) triples on
     * the full deck). */
    const int n_live = pop64(live);
    const int64_t deals1 = binom0(n_live - 7, 2);
    const int64_t deals2 = deals1 * binom0(n_live - 9, 2);
    const int64_t deals3 = deals2 * binom0(n_live - 11, 2);
    memset(s->wmask, 0, sizeof s->wmask);
    memset(s->nw, 0, sizeof s->nw);
    memset(s->wrow, 0, sizeof s->wrow);
    memset(s->mw, 0, sizeof s->mw);
    memset(s->tri, 0, sizeof s->tri);
    s->tri_w = 0;
    int64_t worse = 0, qw = 0; /* |W| and Q_W */

    for (int gs = 0; gs < n;) {
        int ge = gs + 1;
        while (ge < n && rank[order[ge]] == rank[order[gs]])
            ge++;
        /* The group E by card. */
        uint64_t gcards = 0;
        for (int i = gs; i < ge; i++) {
            int h = order[i], x = t->hole_a[h], y = t->hole_b[h];
            s->emask[x] |= hs_card_bit(y);
            s->emask[y] |= hs_card_bit(x);
            s->ne[x] = (uint16_t)(s->ne[x] + 1);
            s->ne[y] = (uint16_t)(s->ne[y] + 1);
            s->erow[x][y] = s->erow[y][x] = 1;
            gcards |= hs_card_bit(x) | hs_card_bit(y);
        }
        /* Per card x of the group: Q_E and P, and the sums of n_E and n_W over e_x (one pass
         * over the group's hands, each adding its card's counts to its partner) and of n_E over
         * w_x (only the group's cards count). */
        int64_t qe = 0, pwe = 0;
        for (uint64_t m = gcards; m != 0; m &= m - 1) {
            int c = __builtin_ctzll(m);
            qe += (int64_t)s->ne[c] * s->ne[c];
            pwe += (int64_t)s->nw[c] * s->ne[c];
            s->e_ne[c] = s->e_nw[c] = s->w_ne[c] = 0;
            const uint16_t *row = s->wrow[c];
            int32_t sum = 0;
            for (int z = 0; z < 64; z++) /* n_E is 0 off the group's cards */
                sum += row[z] * s->ne[z];
            s->w_ne[c] = sum;
        }
        for (int i = gs; i < ge; i++) {
            int h = order[i], x = t->hole_a[h], y = t->hole_b[h];
            s->e_ne[x] += s->ne[y];
            s->e_ne[y] += s->ne[x];
            s->e_nw[x] += s->nw[y];
            s->e_nw[y] += s->nw[x];
        }
        const int64_t group = ge - gs;
        if (three && group > BIG_GROUP) {
            s->g_sum = s->h_sum = s->te_sum = 0;
            for (uint64_t m = gcards; m != 0; m &= m - 1) {
                const int c = __builtin_ctzll(m);
                const uint64_t wc = s->wmask[c], ec = s->emask[c];
                int32_t g1 = 0, hx = 0, hy = 0, hz = 0, te = 0;
                for (uint64_t k = ec; k != 0; k &= k - 1) {
                    const int y = __builtin_ctzll(k);
                    g1 += pop64(wc & s->wmask[y]);
                    hx += pop64(s->emask[y] & wc);
                    hy += pop64(ec & s->wmask[y]);
                    te += pop64(ec & s->emask[y]);
                }
                for (uint64_t k = wc & gcards; k != 0; k &= k - 1)
                    hz += pop64(s->emask[__builtin_ctzll(k)] & ec);
                s->g1[c] = g1;
                s->hx[c] = hx;
                s->hy[c] = hy;
                s->hz[c] = hz;
                s->te[c] = te;
                s->g_sum += g1;
                s->h_sum += hx;
                s->te_sum += te;
            }
            s->g_sum /= 2; /* each hand of E from both its cards */
        }
        for (int i = gs; i < ge; i++) {
            int h = order[i], a = t->hole_a[h], b = t->hole_b[h];
            const int64_t nwa = s->nw[a], nwb = s->nw[b], nea = s->ne[a], neb = s->ne[b];
            const uint64_t wa = s->wmask[a], wb = s->wmask[b];
            const int64_t wp = worse - nwa - nwb, ep = group - nea - neb + 1; /* |W'|, |E'| */
            /* Over e_a = e_x less b and e_b less a: n_E, n_W; their intersections with each
             * other and with w_b, w_a (e_a holds neither a nor b once b is out, nor does w_a). */
            const int64_t ne_e = s->e_ne[a] + s->e_ne[b] - nea - neb;
            const int64_t nw_e = s->e_nw[a] + s->e_nw[b] - nwa - nwb;
            const int64_t ne_w = s->w_ne[a] + s->w_ne[b];
            int64_t both_e = 0, cross = 0;
            if (nea > 1 || neb > 1) {
                both_e = pop64(s->emask[a] & s->emask[b]);
                cross = pop64(wa & s->emask[b]) + pop64(wb & s->emask[a]);
            }
            /* sum_c n_W'(c)^2, sum_c n_E'(c)^2 and sum_c n_W'(c) n_E'(c) as in the header
             * (|w_a| = n_W(a), |e_a| = n_E(a) - 1). */
            const int64_t sw = qw - nwa * nwa - nwb * nwb - 2 * ((int64_t)s->mw[a] + s->mw[b]) +
                               nwa + nwb + 2 * pop64(wa & wb);
            const int64_t se =
                qe - nea * nea - neb * neb - 2 * ne_e + (nea - 1) + (neb - 1) + 2 * both_e;
            const int64_t swe = pwe - nwa * nea - nwb * neb - nw_e - ne_w + cross;
            const int64_t ww = wp * wp + wp - sw; /* both opponents worse: a win */
            const int64_t ee = ep * ep + ep - se; /* both equal: a third of the pot */
            const int64_t we = wp * ep - swe;     /* one worse, one equal (either seat): a half */
            hs_holdem_player *one = &acc->vs[t->hole_class[h]][0];
            hs_holdem_player *two = &acc->vs[t->hole_class[h]][1];
            one->wins += w * (uint64_t)wp;
            one->ties += w * (uint64_t)ep;
            one->losses += w * (uint64_t)(deals1 - wp - ep);
            one->shares += w * (uint64_t)(SHARE * wp + SHARE / 2 * ep);
            two->wins += w * (uint64_t)ww;
            two->ties += w * (uint64_t)(ee + 2 * we);
            two->losses += w * (uint64_t)(deals2 - ww - ee - 2 * we);
            two->shares += w * (uint64_t)(SHARE * ww + SHARE / 2 * 2 * we + SHARE / 3 * ee);
            if (three)
                three_opponents(t, s, gs, ge, gcards, a, b, wp, ep, deals3, w,
                                &acc->vs3[t->hole_class[h]]);
        }
        /* The group's hands become worse hands for the better groups. */
        for (int i = gs; i < ge; i++) {
            int h = order[i], x = t->hole_a[h], y = t->hole_b[h];
            const uint16_t *rx = s->wrow[x], *ry = s->wrow[y];
            if (three) { /* the triangles the new hand closes: one per common partner z */
                s->tri_w += pop64(s->wmask[x] & s->wmask[y]);
                for (int z = 0; z < 64; z++)
                    s->tri[z] += rx[z] & ry[z];
                s->tri[x] += pop64(s->wmask[x] & s->wmask[y]);
                s->tri[y] += pop64(s->wmask[x] & s->wmask[y]);
            }
            for (int z = 0; z < 64; z++)
                s->mw[z] = (uint16_t)(s->mw[z] + rx[z] + ry[z]); /* n_W(x), n_W(y) grow by one */
            qw += 2 * (int64_t)(s->nw[x] + s->nw[y]) + 2;        /* (n + 1)^2 - n^2 for each card */
            s->nw[x] = (uint16_t)(s->nw[x] + 1);
            s->nw[y] = (uint16_t)(s->nw[y] + 1);
            s->mw[x] = (uint16_t)(s->mw[x] + s->nw[y]); /* the new partner y of x, and x of y */
            s->mw[y] = (uint16_t)(s->mw[y] + s->nw[x]);
            s->wrow[x][y] = s->wrow[y][x] = 1;
            s->wmask[x] |= hs_card_bit(y);
            s->wmask[y] |= hs_card_bit(x);
        }
        worse += group;
        for (uint64_t m = gcards; m != 0; m &= m - 1) {
            int c = __builtin_ctzll(m);
            s->emask[c] = 0;
            s->ne[c] = 0;
            memset(s->erow[c], 0, sizeof s->erow[c]);
        }
        gs = ge;
    }
}

int hs_holdem_vs_random_board(const hs_holdem_preflop *t, uint64_t board,
                              hs_holdem_vs_random_counts *acc) {
    if (t == NULL || acc == NULL || __builtin_popcountll(board) != 5 || (board >> HS_CARDS) != 0)
        return HS_ERR_ARG;
    vs_sweep *s = calloc(1, sizeof *s);
    if (s == NULL)
        return HS_ERR_NOMEM;
    sweep_board(t, board, 1, HS_DECK_MASK, 1, s, acc);
    free(s);
    return HS_OK;
}

int hs_holdem_vs_random_deck(const hs_holdem_preflop *t, uint64_t live, int max_opponents,
                             hs_holdem_vs_random_counts *acc) {
    if (t == NULL || acc == NULL || (live & ~HS_DECK_MASK) != 0 || max_opponents < 1 ||
        max_opponents > HS_HOLDEM_VS_RANDOM_MAX_OPPONENTS)
        return HS_ERR_ARG;
    vs_sweep *s = calloc(1, sizeof *s);
    if (s == NULL)
        return HS_ERR_NOMEM;
    /* Every five of the deck's cards, in colex order of their places in the deck. */
    int cards[HS_CARDS], n = 0;
    for (int c = 0; c < HS_CARDS; c++)
        if (live >> c & 1)
            cards[n++] = c;
    int ix[5] = {0, 1, 2, 3, 4};
    while (n >= 5 && ix[4] < n) {
        uint64_t board = 0;
        for (int i = 0; i < 5; i++)
            board |= hs_card_bit(cards[ix[i]]);
        sweep_board(t, board, 1, live, max_opponents >= 3, s, acc);
        int i = 0; /* the next set: raise the lowest place that can rise, reset those below */
        while (i < 4 && ix[i] + 1 == ix[i + 1])
            i++;
        ix[i]++;
        for (int j = 0; j < i; j++)
            ix[j] = j;
    }
    free(s);
    return HS_OK;
}

uint64_t hs_holdem_vs_random_deck_deals(int cls, int opponents, uint64_t live) {
    if (cls < 0 || cls >= HS_HOLDEM_CLASSES || opponents < 1 ||
        opponents > HS_HOLDEM_VS_RANDOM_MAX_OPPONENTS || (live & ~HS_DECK_MASK) != 0)
        return 0;
    uint64_t combos[12];
    const int k = hs_holdem_class_hands(cls, combos);
    uint64_t d = 0;
    for (int i = 0; i < k; i++)
        d += (combos[i] & ~live) == 0;
    int left = pop64(live) - 2;
    for (int i = 0; i < opponents; i++, left -= 2)
        d *= (uint64_t)binom0(left, 2);
    return d * (uint64_t)binom0(left, 5);
}

uint64_t hs_holdem_vs_random_deals(int cls, int opponents) {
    return hs_holdem_vs_random_deck_deals(cls, opponents, HS_DECK_MASK);
}

/* ---- the job ---------------------------------------------------------------------------------
 */

typedef struct vs_ctx {
    const hs_holdem_preflop *t;
    int max_opponents;
    hs_holdem_preflop *own; /* the board list, when the job owns it (else NULL) */
} vs_ctx;

static void vs_ctx_free(void *ctx) {
    vs_ctx *v = ctx;
    hs_holdem_preflop_free(v->own);
    free(v);
}

static void vs_random_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    const vs_ctx *v = ctx;
    hs_holdem_vs_random_counts *c = acc;
    size_t b0, b1;
    hs_holdem_unit_boards(v->t, unit, &b0, &b1);
    for (size_t b = b0; b < b1; b++)
        sweep_board(v->t, v->t->boards[b], v->t->weight[b], HS_DECK_MASK, v->max_opponents >= 3,
                    scratch, c);
    c->units_done++;
}

static void vs_random_merge(void *dst, const void *src) {
    hs_holdem_vs_random_counts *d = dst;
    const hs_holdem_vs_random_counts *s = src;
    for (int x = 0; x < HS_HOLDEM_CLASSES; x++) {
        for (int k = 0; k < 2; k++) {
            d->vs[x][k].wins += s->vs[x][k].wins;
            d->vs[x][k].ties += s->vs[x][k].ties;
            d->vs[x][k].losses += s->vs[x][k].losses;
            d->vs[x][k].shares += s->vs[x][k].shares;
        }
        d->vs3[x].wins += s->vs3[x].wins;
        d->vs3[x].ties += s->vs3[x].ties;
        d->vs3[x].losses += s->vs3[x].losses;
        d->vs3[x].shares += s->vs3[x].shares;
    }
    d->units_done += s->units_done;
}

/* The invariants of holdem.h. The totals over classes hold because every deal seen from an
 * opponent's seat is another deal seen from the hero's (the roles exchanged): the hero's mean
 * share is one pot over the players. */
static int vs_random_check(const void *ctx, const void *acc) {
    const vs_ctx *v = ctx;
    const hs_holdem_vs_random_counts *c = acc;
    if (c->units_done != hs_holdem_preflop_units(v->t))
        return HS_ERR_CORRUPT;
    uint64_t deals[3] = {0, 0, 0}, shares[2] = {0, 0}, wins1 = 0, losses1 = 0;
    hs_uint128 shares3 = 0;
    for (int x = 0; x < HS_HOLDEM_CLASSES; x++) {
        for (int k = 0; k < 2; k++) {
            const hs_holdem_player *p = &c->vs[x][k];
            const uint64_t d = hs_holdem_vs_random_deals(x, k + 1);
            const uint64_t hi = SHARE * p->wins + SHARE / 2 * p->ties;
            const uint64_t lo = k == 0 ? hi : SHARE * p->wins + SHARE / 3 * p->ties;
            if (p->wins + p->ties + p->losses != d || p->shares < lo || p->shares > hi)
                return HS_ERR_CORRUPT;
            deals[k] += d;
            shares[k] += p->shares;
        }
        const hs_holdem_vs_random_row *r = &c->vs3[x];
        if (v->max_opponents >= 3) {
            const uint64_t d = hs_holdem_vs_random_deals(x, 3);
            const hs_uint128 hi = (hs_uint128)SHARE * r->wins + (hs_uint128)(SHARE / 2) * r->ties;
            const hs_uint128 lo = (hs_uint128)SHARE * r->wins + (hs_uint128)(SHARE / 4) * r->ties;
            if (r->wins + r->ties + r->losses != d || r->shares < lo || r->shares > hi)
                return HS_ERR_CORRUPT;
            deals[2] += d;
            shares3 += r->shares;
        } else if (r->wins != 0 || r->ties != 0 || r->losses != 0 || r->shares != 0) {
            return HS_ERR_CORRUPT;
        }
    }
    for (int x = 0; x < HS_HOLDEM_CLASSES; x++) {
        wins1 += c->vs[x][0].wins;
        losses1 += c->vs[x][0].losses;
    }
    if (shares[0] != SHARE / 2 * deals[0] || shares[1] != SHARE / 3 * deals[1] || wins1 != losses1)
        return HS_ERR_CORRUPT;
    if (shares3 != (hs_uint128)(SHARE / 4) * deals[2])
        return HS_ERR_CORRUPT;
    return HS_OK;
}

static const hs_job_def vs_random_job = {"holdem vs-random",
                                         2,
                                         sizeof(hs_holdem_vs_random_counts),
                                         sizeof(vs_sweep),
                                         vs_random_unit,
                                         vs_random_merge,
                                         vs_random_check,
                                         NULL};

int hs_holdem_vs_random_job_new_opponents(const hs_holdem_preflop *t, int max_opponents,
                                          hs_job **out) {
    if (t == NULL || out == NULL || max_opponents < 2 ||
        max_opponents > HS_HOLDEM_VS_RANDOM_MAX_OPPONENTS)
        return HS_ERR_ARG;
    vs_ctx *v = malloc(sizeof *v);
    if (v == NULL)
        return HS_ERR_NOMEM;
    v->t = t;
    v->max_opponents = max_opponents;
    v->own = NULL;
    /* The job reads the board list, which the caller keeps until hs_job_free. The parameter
     * text keeps a checkpoint of one opponent count from resuming as another. */
    char params[32];
    snprintf(params, sizeof params, "max_opponents=%d", max_opponents);
    return hs_job_new(&vs_random_job, v, vs_ctx_free, hs_holdem_preflop_units(t), params,
                      hs_poker_tables_hash, out);
}

int hs_holdem_vs_random_job_new_own(int max_opponents, hs_job **out) {
    if (out == NULL || max_opponents < 2 || max_opponents > HS_HOLDEM_VS_RANDOM_MAX_OPPONENTS)
        return HS_ERR_ARG;
    hs_holdem_preflop *t;
    int rc = hs_holdem_preflop_new(&t);
    if (rc != HS_OK)
        return rc;
    /* the same job (name, parameters, units) as over a board list of the caller's, so that
     * their checkpoints are interchangeable; the list is freed with the context */
    rc = hs_holdem_vs_random_job_new_opponents(t, max_opponents, out);
    if (rc != HS_OK) {
        hs_holdem_preflop_free(t);
        return rc;
    }
    ((vs_ctx *)hs_job_ctx(*out))->own = t;
    return HS_OK;
}

size_t hs_holdem_vs_random_job_boards(const hs_job *job) {
    return hs_holdem_preflop_boards(((const vs_ctx *)hs_job_ctx(job))->t);
}

int hs_holdem_vs_random_job_new(const hs_holdem_preflop *t, hs_job **out) {
    return hs_holdem_vs_random_job_new_opponents(t, 2, out);
}

const hs_holdem_vs_random_counts *hs_holdem_vs_random_job_counts(const hs_job *job) {
    return hs_job_acc_const(job);
}

int hs_holdem_vs_random_run_opponents(const hs_holdem_preflop *t, int max_opponents, size_t first,
                                      size_t last, int threads, hs_progress_fn progress, void *ctx,
                                      hs_holdem_vs_random_counts *acc) {
    if (first > last || last > hs_holdem_preflop_units(t) || threads < 0)
        return HS_ERR_ARG;
    hs_job *job;
    int rc = hs_holdem_vs_random_job_new_opponents(t, max_opponents, &job);
    if (rc != HS_OK)
        return rc;
    hs_job_opts o = {threads, progress, ctx, NULL, NULL, 0.0};
    rc = hs_job_run(job, first, last, &o);
    if (rc == HS_OK)
        vs_random_merge(acc, hs_job_acc(job));
    hs_job_free(job);
    return rc;
}

int hs_holdem_vs_random_run(const hs_holdem_preflop *t, size_t first, size_t last, int threads,
                            hs_progress_fn progress, void *ctx, hs_holdem_vs_random_counts *acc) {
    return hs_holdem_vs_random_run_opponents(t, 2, first, last, threads, progress, ctx, acc);
}
