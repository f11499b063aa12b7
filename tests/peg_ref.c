/* A plain reference for double-dummy pegging, written from the rules in handstat/peg.h and
 * nothing else: every legal play tried, no memo, no pruning, scores recomputed from the whole
 * sequence each time. */
#include "peg_ref.h"

#include <string.h>

static int ref_pips(int rank) {
    return rank >= 9 ? 10 : rank + 1;
}

int ref_peg_points(const int *seq, int len) {
    int count = 0;
    for (int i = 0; i < len; i++)
        count += ref_pips(seq[i]);
    int pts = 0;
    if (count == 15)
        pts += 2;
    if (count == 31)
        pts += 2;
    /* pairs: how many cards at the end share the last card's rank */
    int same = 0;
    for (int i = len - 1; i >= 0 && seq[i] == seq[len - 1]; i--)
        same++;
    if (same == 2)
        pts += 2;
    else if (same == 3)
        pts += 6;
    else if (same == 4)
        pts += 12;
    /* runs: the longest k >= 3 whose last k cards are k different consecutive ranks */
    for (int k = len; k >= 3; k--) {
        int seen[13] = {0}, lo = 99, hi = -1, ok = 1;
        for (int i = len - k; i < len; i++) {
            if (seen[seq[i]]++)
                ok = 0;
            if (seq[i] < lo)
                lo = seq[i];
            if (seq[i] > hi)
                hi = seq[i];
        }
        if (ok && hi - lo == k - 1) {
            pts += k;
            break;
        }
    }
    return pts;
}

typedef struct ref_state {
    int hand[2][4], n[2];
    int seq[8], len;
    int last, turn;
} ref_state;

static int seq_count(const ref_state *s) {
    int c = 0;
    for (int i = 0; i < s->len; i++)
        c += ref_pips(s->seq[i]);
    return c;
}

static int playable(const ref_state *s, int p) {
    for (int i = 0; i < s->n[p]; i++)
        if (seq_count(s) + ref_pips(s->hand[p][i]) <= 31)
            return 1;
    return 0;
}

static int ref_value(const ref_state *s) {
    const int p = s->turn;
    if (playable(s, p)) {
        int best = 0, have = 0;
        for (int i = 0; i < s->n[p]; i++) {
            if (seq_count(s) + ref_pips(s->hand[p][i]) > 31)
                continue;
            ref_state t = *s;
            t.seq[t.len++] = s->hand[p][i];
            for (int j = i; j + 1 < t.n[p]; j++)
                t.hand[p][j] = t.hand[p][j + 1];
            t.n[p]--;
            t.last = p;
            t.turn = 1 - p;
            int pts = ref_peg_points(t.seq, t.len);
            int v = (p == 0 ? pts : -pts) + ref_value(&t);
            if (!have || (p == 0 && v > best) || (p == 1 && v < best))
                best = v;
            have = 1;
        }
        return best;
    }
    if (playable(s, 1 - p)) {
        ref_state t = *s;
        t.turn = 1 - p;
        return ref_value(&t);
    }
    if (s->len == 0)
        return 0;
    int go = seq_count(s) == 31 ? 0 : 1;
    int v = s->last == 0 ? go : -go;
    if (s->n[0] + s->n[1] == 0)
        return v;
    ref_state t = *s;
    t.len = 0;
    t.turn = t.n[1 - s->last] > 0 ? 1 - s->last : s->last;
    t.last = -1;
    return v + ref_value(&t);
}

int ref_peg_value(const int *pone, int np, const int *dealer, int nd, const int *seq, int len,
                  int last, int turn) {
    ref_state s;
    memset(&s, 0, sizeof s);
    for (int i = 0; i < np; i++)
        s.hand[0][i] = pone[i];
    for (int i = 0; i < nd; i++)
        s.hand[1][i] = dealer[i];
    s.n[0] = np;
    s.n[1] = nd;
    for (int i = 0; i < len; i++) /* seq may be NULL when len is 0 */
        s.seq[i] = seq[i];
    s.len = len;
    s.last = last;
    s.turn = turn;
    return ref_value(&s);
}
