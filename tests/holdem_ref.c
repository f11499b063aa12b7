/* Plain reference for hold'em equity (see holdem_ref.h). */
#include "holdem_ref.h"

#include <stdlib.h>
#include <string.h>

#include "poker_ref.h"

struct ref_holdem {
    uint32_t *key; /* by colex rank of the five sorted card indices */
};

static uint32_t binom(int n, int k) {
    if (k > n)
        return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (uint64_t)(n - k + i) / (uint64_t)i;
    return (uint32_t)r;
}

/* Colex rank of five increasing card indices. */
static uint32_t colex5(const int c[5]) {
    uint32_t idx = 0;
    for (int i = 0; i < 5; i++)
        idx += binom(c[i], i + 1);
    return idx;
}

ref_holdem *ref_holdem_new(void) {
    ref_holdem *r = malloc(sizeof *r);
    r->key = malloc(2598960 * sizeof *r->key);
    int c[5];
    for (c[4] = 4; c[4] < 52; c[4]++)
        for (c[3] = 3; c[3] < c[4]; c[3]++)
            for (c[2] = 2; c[2] < c[3]; c[2]++)
                for (c[1] = 1; c[1] < c[2]; c[1]++)
                    for (c[0] = 0; c[0] < c[1]; c[0]++)
                        r->key[colex5(c)] = ref_poker_key(c);
    return r;
}

void ref_holdem_free(ref_holdem *r) {
    free(r->key);
    free(r);
}

uint32_t ref_holdem_best_key(const ref_holdem *r, const int cards[7]) {
    int s[7];
    memcpy(s, cards, sizeof s);
    for (int i = 1; i < 7; i++) /* sort ascending */
        for (int j = i; j > 0 && s[j] < s[j - 1]; j--) {
            int t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
    uint32_t best = 0;
    for (int skip1 = 0; skip1 < 7; skip1++)
        for (int skip2 = skip1 + 1; skip2 < 7; skip2++) {
            int five[5], n = 0;
            for (int i = 0; i < 7; i++)
                if (i != skip1 && i != skip2)
                    five[n++] = s[i];
            uint32_t k = r->key[colex5(five)];
            if (k > best)
                best = k;
        }
    return best;
}

typedef struct walk {
    const ref_holdem *r;
    int players;
    int hole[9][2];
    int board[5];
    int used[52];
    ref_holdem_result *out;
} walk;

static void score(walk *w) {
    uint32_t key[9], best = 0;
    for (int p = 0; p < w->players; p++) {
        int seven[7] = {w->hole[p][0], w->hole[p][1], w->board[0], w->board[1],
                        w->board[2],   w->board[3],   w->board[4]};
        key[p] = ref_holdem_best_key(w->r, seven);
        if (key[p] > best)
            best = key[p];
    }
    int winners = 0;
    for (int p = 0; p < w->players; p++)
        winners += key[p] == best;
    for (int p = 0; p < w->players; p++) {
        if (key[p] != best)
            w->out->losses[p]++;
        else if (winners == 1)
            w->out->wins[p]++;
        else
            w->out->ties[p]++;
        if (key[p] == best)
            w->out->shares[p] += (uint64_t)(2520 / winners);
    }
    w->out->deals++;
}

/* Fill board slots from `filled` on with unused cards above `from`. */
static void boards(walk *w, int filled, int from) {
    if (filled == 5) {
        score(w);
        return;
    }
    for (int c = from; c < 52; c++) {
        if (w->used[c])
            continue;
        w->used[c] = 1;
        w->board[filled] = c;
        boards(w, filled + 1, c + 1);
        w->used[c] = 0;
    }
}

static void hands(walk *w, int p, const int *const lists[], const int counts[], int n_board) {
    if (p == w->players) {
        boards(w, n_board, 0);
        return;
    }
    for (int i = 0; i < counts[p]; i++) {
        int a = lists[p][2 * i], b = lists[p][2 * i + 1];
        if (w->used[a] || w->used[b])
            continue;
        w->used[a] = w->used[b] = 1;
        w->hole[p][0] = a;
        w->hole[p][1] = b;
        hands(w, p + 1, lists, counts, n_board);
        w->used[a] = w->used[b] = 0;
    }
}

void ref_holdem_equity(const ref_holdem *r, int players, const int *const lists[],
                       const int counts[], const int *board, int n_board, const int *dead,
                       int n_dead, ref_holdem_result *out) {
    walk w;
    memset(&w, 0, sizeof w);
    memset(out, 0, sizeof *out);
    w.r = r;
    w.players = players;
    w.out = out;
    for (int i = 0; i < n_board; i++) {
        w.board[i] = board[i];
        w.used[board[i]] = 1;
    }
    for (int i = 0; i < n_dead; i++)
        w.used[dead[i]] = 1;
    hands(&w, 0, lists, counts, n_board);
}
