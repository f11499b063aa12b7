/* The reference categorizer (see hits_ref.h). Every rule below quotes the header's definition it
 * implements; values are 2..14 (ace 14) and the ace also counts as 1 in straights. The only
 * concession to speed: the reference class of every five-card set is tabulated once. */
#include "hits_ref.h"

#include "handstat/holdem_board.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int value(int card) {
    int r = card % 13;
    return r == 0 ? 14 : r + 1;
}

static int suit(int card) {
    return card / 13;
}

/* C(n, k) for n < 52, k <= 5, by Pascal's rule. */
static uint32_t choose[HS_REF_CARDS + 1][6];

/* The colex index of five increasing card ids: sum of C(c[i], i + 1). */
static uint32_t colex5(const int c[5]) {
    uint32_t idx = 0;
    for (int i = 0; i < 5; i++)
        idx += choose[c[i]][i + 1];
    return idx;
}

ref_hits *ref_hits_new(void) {
    ref_hits *r = malloc(sizeof *r);
    if (r == NULL)
        abort();
    ref_poker_init(&r->poker);
    if (r->poker.n != REF_POKER_CLASSES)
        abort();
    for (int n = 0; n <= HS_REF_CARDS; n++)
        for (int k = 0; k <= 5; k++)
            choose[n][k] = k == 0 ? 1 : n == 0 ? 0 : choose[n - 1][k - 1] + choose[n - 1][k];
    r->cls = malloc(2598960 * sizeof *r->cls);
    if (r->cls == NULL)
        abort();
    int c[5];
    for (c[4] = 4; c[4] < HS_REF_CARDS; c[4]++)
        for (c[3] = 3; c[3] < c[4]; c[3]++)
            for (c[2] = 2; c[2] < c[3]; c[2]++)
                for (c[1] = 1; c[1] < c[2]; c[1]++)
                    for (c[0] = 0; c[0] < c[1]; c[0]++)
                        r->cls[colex5(c)] = (uint16_t)ref_poker_class5(&r->poker, c);
    return r;
}

void ref_hits_free(ref_hits *r) {
    if (r != NULL)
        free(r->cls);
    free(r);
}

/* Sort n card ids into increasing order (insertion sort). */
static void sort_ids(int *c, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[j] < c[j - 1]; j--) {
            int t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
}

/* The reference class of five increasing card ids. */
static int class5(const ref_hits *r, const int *five) {
    return r->cls[colex5(five)];
}

/* The best five of n increasing card ids: the lowest reference class (the best hand) over every
 * five-card subset (each increasing too). The chosen five into five[]; returns its class. */
static int best_five(const ref_hits *r, const int *cards, int n, int five[5]) {
    int best = REF_POKER_CLASSES + 1;
    int f[5];
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int c = b + 1; c < n; c++)
                for (int d = c + 1; d < n; d++)
                    for (int e = d + 1; e < n; e++) {
                        f[0] = cards[a];
                        f[1] = cards[b];
                        f[2] = cards[c];
                        f[3] = cards[d];
                        f[4] = cards[e];
                        int cls = class5(r, f);
                        if (cls < best) {
                            best = cls;
                            for (int i = 0; i < 5; i++)
                                five[i] = f[i];
                        }
                    }
    return best;
}

/* Mark value v in has[] (the ace as 14 and as 1). */
static void mark(int has[15], int v) {
    has[v] = 1;
    if (v == 14)
        has[1] = 1;
}

/* Whether the values marked in has[1..14] hold five in a row. */
static int has_straight(const int has[15]) {
    for (int low = 1; low <= 10; low++) {
        int all = 1;
        for (int v = low; v < low + 5; v++)
            all = all && has[v];
        if (all)
            return 1;
    }
    return 0;
}

/* Whether adding value v completes a straight that "needs a hole card": five ranks in a row among
 * all the cards' ranks and v (has_all), not all among the board's ranks and v (has_board). */
static int completes(const int has_all[15], const int has_board[15], int v) {
    int all[15], board[15];
    for (int i = 0; i < 15; i++) {
        all[i] = has_all[i];
        board[i] = has_board[i];
    }
    mark(all, v);
    mark(board, v);
    for (int low = 1; low <= 10; low++) {
        int in_all = 1, in_board = 1;
        for (int w = low; w < low + 5; w++) {
            in_all &= all[w];
            in_board &= board[w];
        }
        if (in_all && !in_board)
            return 1;
    }
    return 0;
}

int ref_hit(const ref_hits *ref, const int hole[2], const int *board, int n_board,
            unsigned *flags) {
    int cards[7], n = 0;
    cards[n++] = hole[0];
    cards[n++] = hole[1];
    for (int i = 0; i < n_board; i++)
        cards[n++] = board[i];
    sort_ids(cards, n);
    int five[5];
    const int best = best_five(ref, cards, n, five);
    const int kind = ref_poker_category(&ref->poker, best); /* 0 straight flush .. 8 high card */

    /* The board's distinct values, highest first: top = bv[0], second = bv[1], ... */
    int bv[5], nbv = 0;
    for (int v = 14; v >= 2; v--)
        for (int i = 0; i < n_board; i++)
            if (value(board[i]) == v) {
                bv[nbv++] = v;
                break;
            }
    /* How many of the best five and of the hole cards hold each value. */
    int in_five[15] = {0}, in_hole[15] = {0};
    for (int i = 0; i < 5; i++)
        in_five[value(five[i])]++;
    for (int i = 0; i < 2; i++)
        in_hole[value(hole[i])]++;
    /* The pairs of the best five (one pair or two pair), highest first. */
    int pair[2], n_pairs = 0;
    for (int v = 14; v >= 2; v--)
        if (in_five[v] == 2)
            pair[n_pairs++] = v;

    int made = -1;
    /* straight_flush, quads, full_house, flush, straight: the best five is of that kind */
    if (kind == 0)
        made = HS_HIT_STRAIGHT_FLUSH;
    else if (kind == 1)
        made = HS_HIT_QUADS;
    else if (kind == 2)
        made = HS_HIT_FULL_HOUSE;
    else if (kind == 3)
        made = HS_HIT_FLUSH;
    else if (kind == 4)
        made = HS_HIT_STRAIGHT;
    if (made < 0 && kind == 5) {
        int t = 0;
        for (int v = 2; v <= 14; v++)
            if (in_five[v] == 3)
                t = v;
        /* set: three of a kind, two of them a pocket pair */
        if (in_hole[t] == 2)
            made = HS_HIT_SET;
        /* trips: three of a kind, one of them a hole card */
        else if (in_hole[t] == 1)
            made = HS_HIT_TRIPS;
    }
    if (made < 0 && kind == 6) {
        /* two_pair: each pair holding one hole card */
        if (in_hole[pair[0]] == 1 && in_hole[pair[1]] == 1)
            made = HS_HIT_TWO_PAIR;
        /* two_pair_board: one pair holding one hole card, the other on the board */
        else if ((in_hole[pair[0]] == 1 && in_hole[pair[1]] == 0) ||
                 (in_hole[pair[0]] == 0 && in_hole[pair[1]] == 1))
            made = HS_HIT_TWO_PAIR_BOARD;
    }
    /* The pair categories, in list order; the pair must be one of the best five's (a pair made
     * by the board alone, or a pocket pair left out of the best five, does not count). */
    if (made < 0) /* overpair: a pocket pair above the board's top rank */
        for (int i = 0; i < n_pairs; i++)
            if (in_hole[pair[i]] == 2 && pair[i] > bv[0])
                made = HS_HIT_OVERPAIR;
    if (made < 0) /* top_pair: one hole card pairs the board's top rank */
        for (int i = 0; i < n_pairs; i++)
            if (in_hole[pair[i]] == 1 && pair[i] == bv[0])
                made = HS_HIT_TOP_PAIR;
    if (made < 0) /* pocket_below_top: a pocket pair below the top rank, above the second */
        for (int i = 0; i < n_pairs; i++)
            if (in_hole[pair[i]] == 2 && pair[i] < bv[0] && nbv >= 2 && pair[i] > bv[1])
                made = HS_HIT_POCKET_BELOW_TOP;
    if (made < 0) /* second_pair: one hole card pairs the board's second rank */
        for (int i = 0; i < n_pairs; i++)
            if (in_hole[pair[i]] == 1 && nbv >= 2 && pair[i] == bv[1])
                made = HS_HIT_SECOND_PAIR;
    if (made < 0) /* weak_pair: pairs the third rank or lower, or a pocket pair below the second */
        for (int i = 0; i < n_pairs; i++) {
            int third_or_lower = 0;
            for (int j = 2; j < nbv; j++)
                third_or_lower = third_or_lower || pair[i] == bv[j];
            if ((in_hole[pair[i]] == 1 && third_or_lower) ||
                (in_hole[pair[i]] == 2 && nbv >= 2 && pair[i] < bv[1]))
                made = HS_HIT_WEAK_PAIR;
        }
    if (made < 0) /* ace_high: a hole card is an ace */
        made = in_hole[14] > 0 ? HS_HIT_ACE_HIGH : HS_HIT_NOTHING;

    unsigned f = 0;
    if (n_board == 5) {
        /* plays_board: the best five no better than the board's own five */
        int own[5];
        for (int i = 0; i < 5; i++)
            own[i] = board[i];
        sort_ids(own, 5);
        if (best >= class5(ref, own))
            f |= HS_HIT_F(HS_HIT_PLAYS_BOARD);
        *flags = f;
        return made;
    }
    /* flop and turn */
    const int flush_or_better = made == HS_HIT_STRAIGHT_FLUSH || made == HS_HIT_QUADS ||
                                made == HS_HIT_FULL_HOUSE || made == HS_HIT_FLUSH;
    for (int s = 0; s < 4; s++) {
        int total = 0, holed = 0;
        for (int i = 0; i < n; i++)
            total += suit(cards[i]) == s;
        for (int i = 0; i < 2; i++)
            holed += suit(hole[i]) == s;
        /* flush_draw: four cards of one suit, at least one a hole card, no flush or better */
        if (total == 4 && holed >= 1 && !flush_or_better) {
            f |= HS_HIT_F(HS_HIT_FLUSH_DRAW);
            /* nut_flush_draw: the hole cards hold the suit's highest card not on the board */
            int top = -1;
            for (int v = 14; v >= 2 && top < 0; v--) {
                int card = s * 13 + (v == 14 ? 0 : v - 1), on_board = 0;
                for (int i = 0; i < n_board; i++)
                    on_board = on_board || board[i] == card;
                if (!on_board)
                    top = card;
            }
            if (top == hole[0] || top == hole[1])
                f |= HS_HIT_F(HS_HIT_NUT_FLUSH_DRAW);
        }
        /* backdoor_flush: flop only, three cards of one suit, at least one a hole card */
        if (n_board == 3 && total == 3 && holed >= 1)
            f |= HS_HIT_F(HS_HIT_BACKDOOR_FLUSH);
    }
    /* oesd / gutshot: how many of the 13 ranks each complete a straight that needs a hole card,
     * when no straight or better is made. Rank-wise: a rank not held has a card left to come, and
     * a rank already held changes nothing (there is no straight among the ranks held). */
    const int straight_or_better = flush_or_better || made == HS_HIT_STRAIGHT;
    if (!straight_or_better) {
        int has_all[15] = {0}, has_board[15] = {0};
        for (int i = 0; i < n; i++)
            mark(has_all, value(cards[i]));
        for (int i = 0; i < n_board; i++)
            mark(has_board, value(board[i]));
        if (has_straight(has_all)) { /* cannot be: the best five would be a straight or better */
            fprintf(stderr, "hits_ref: a straight among the cards but none made\n");
            abort();
        }
        int outs = 0;
        for (int v = 2; v <= 14; v++)
            outs += completes(has_all, has_board, v);
        if (outs >= 2)
            f |= HS_HIT_F(HS_HIT_OESD);
        else if (outs == 1)
            f |= HS_HIT_F(HS_HIT_GUTSHOT);
    }
    /* combo_draw: a flush draw with an oesd or a gutshot */
    if ((f & HS_HIT_F(HS_HIT_FLUSH_DRAW)) &&
        (f & (HS_HIT_F(HS_HIT_OESD) | HS_HIT_F(HS_HIT_GUTSHOT))))
        f |= HS_HIT_F(HS_HIT_COMBO_DRAW);
    /* overcards: two unpaired hole cards both above the board's top rank, made ace high or
     * nothing */
    if (value(hole[0]) != value(hole[1]) && value(hole[0]) > bv[0] && value(hole[1]) > bv[0] &&
        (made == HS_HIT_ACE_HIGH || made == HS_HIT_NOTHING))
        f |= HS_HIT_F(HS_HIT_OVERCARDS);
    *flags = f;
    return made;
}
