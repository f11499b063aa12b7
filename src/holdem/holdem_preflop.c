/* The exact heads-up preflop table of the 169 starting-hand classes.
 *
 * Instead of replaying every matchup (1326 x 1225 hole-card pairs x 1.7 M boards), the table is
 * built board by board: for one board, the 1081 hole-card pairs that avoid it are ranked once and
 * swept from the worst to the best, so that each pair adds, for every class, how many strictly
 * worse pairs of that class there are (one 169-entry vector add). Pairs of hands that share a
 * card are not a real matchup; two different hole-card pairs share at most one card, so they are
 * taken out with per-card counts (inclusion-exclusion). Boards that differ only by a permutation
 * of the suits give the same counts (a suit permutation maps every class onto itself), so only
 * one board of each such set is swept, weighted by the size of the set. The board list and the
 * ranking of one board's hands (hs_holdem_rank_board) serve the vs-random table too. */
#include "holdem_internal.h"
#include "poker_internal.h"
#include "handstat/error.h"
#include "combin.h"
#include "job_internal.h"
#include "handstat/poker.h"

#include <stdlib.h>
#include <string.h>

int hs_holdem_preflop_new(hs_holdem_preflop **out) {
    hs_holdem_preflop *t = calloc(1, sizeof *t);
    if (t == NULL)
        return HS_ERR_NOMEM;
    uint8_t perms[HS_SUIT_PERMS][HS_SUITS];
    hs_suit_perms(perms);
    size_t cap = 140000;
    t->boards = malloc(cap * sizeof *t->boards);
    t->weight = malloc(cap);
    if (t->boards == NULL || t->weight == NULL) {
        hs_holdem_preflop_free(t);
        return HS_ERR_NOMEM;
    }
    /* Every board in increasing mask order (Gosper's hack); keep it when no suit permutation
     * maps it to a smaller mask. */
    for (uint64_t m = 0x1F; m < (UINT64_C(1) << HS_CARDS);) {
        uint64_t images[24];
        int canonical = 1, distinct = 0;
        for (int p = 0; p < 24 && canonical; p++) {
            images[p] = hs_suit_permute(m, perms[p]);
            canonical = images[p] >= m;
            int seen = 0;
            for (int q = 0; q < p; q++)
                seen |= images[q] == images[p];
            distinct += !seen;
        }
        if (canonical) {
            if (t->n_boards == cap) {
                hs_holdem_preflop_free(t);
                return HS_ERR_NOMEM; /* cannot happen: there are 134,459 */
            }
            t->boards[t->n_boards] = m;
            t->weight[t->n_boards] = (uint8_t)distinct;
            t->n_boards++;
        }
        uint64_t low = m & -m, ripple = m + low;
        m = ripple | (((m ^ ripple) >> 2) / low);
    }
    int h = 0;
    int per_card[HS_CARDS] = {0};
    uint8_t seen_class[HS_CARDS][HS_HOLDEM_CLASSES] = {{0}};
    for (int a = 0; a < HS_CARDS; a++)
        for (int b = a + 1; b < HS_CARDS; b++, h++) {
            int cls = hs_holdem_class_of(a, b);
            t->hole_a[h] = (uint8_t)a;
            t->hole_b[h] = (uint8_t)b;
            t->hole_class[h] = (uint8_t)cls;
            const int cards[2] = {a, b};
            for (int k = 0; k < 2; k++)
                if (!seen_class[cards[k]][cls]) {
                    seen_class[cards[k]][cls] = 1;
                    t->card_classes[cards[k]][per_card[cards[k]]++] = (uint8_t)cls;
                }
        }
    *out = t;
    return HS_OK;
}

void hs_holdem_preflop_free(hs_holdem_preflop *t) {
    if (t == NULL)
        return;
    free(t->boards);
    free(t->weight);
    free(t);
}

size_t hs_holdem_preflop_units(const hs_holdem_preflop *t) {
    return hs_holdem_units_of(t, HS_HOLDEM_BOARDS_PER_UNIT);
}

size_t hs_holdem_preflop_boards(const hs_holdem_preflop *t) {
    return t->n_boards;
}

uint64_t hs_holdem_class_pairs(int a, int b) {
    uint64_t ha[12], hb[12];
    int na = hs_holdem_class_hands(a, ha), nb = hs_holdem_class_hands(b, hb);
    uint64_t n = 0;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            n += (ha[i] & hb[j]) == 0;
    return n;
}

/* Per-thread working memory for one board. */
typedef struct sweep {
    hs_holdem_ranked r;                               /* the board's hands, worst first */
    uint64_t worse[HS_HOLDEM_CLASSES];                /* weighted count of worse hands by class */
    uint64_t worse_card[HS_CARDS][HS_HOLDEM_CLASSES]; /* ... of worse hands holding a card */
    uint32_t group_card[HS_CARDS][HS_HOLDEM_CLASSES]; /* hands of the current group by card */
    uint32_t group_class[HS_HOLDEM_CLASSES];          /* hands of the current group by class */
    uint8_t group_labels[HS_HOLDEM_CLASSES];          /* distinct classes of the group */
} sweep;

void hs_holdem_sort_worst_first(const uint16_t *rank, uint16_t *order, uint16_t *tmp, int n) {
    uint16_t *src = order, *dst = tmp;
    for (int pass = 0; pass < 2; pass++) {
        int count[129] = {0};
        int shift = 7 * pass;
        for (int i = 0; i < n; i++)
            count[(((8191 - rank[src[i]]) >> shift) & 127) + 1]++;
        for (int d = 0; d < 128; d++)
            count[d + 1] += count[d];
        for (int i = 0; i < n; i++)
            dst[count[((8191 - rank[src[i]]) >> shift) & 127]++] = src[i];
        uint16_t *t = src;
        src = dst;
        dst = t;
    }
    /* after two passes the sorted list is back in order[] */
}

void hs_holdem_rank_board(const hs_holdem_preflop *t, uint64_t board, hs_holdem_ranked *r) {
    int n = 0;
    for (int h = 0; h < HS_HOLDEM_COMBOS; h++) {
        uint64_t hole = hs_card_bit(t->hole_a[h]) | hs_card_bit(t->hole_b[h]);
        if (hole & board)
            continue;
        r->rank[h] = (uint16_t)hs_poker_rank_kernel(board | hole);
        r->order[n++] = (uint16_t)h;
    }
    hs_holdem_sort_worst_first(r->rank, r->order, r->tmp, n);
    r->n = n;
}

static void sweep_board(const hs_holdem_preflop *t, uint64_t board, uint64_t w, sweep *s,
                        hs_holdem_preflop_counts *acc) {
    hs_holdem_rank_board(t, board, &s->r);
    const int n = s->r.n;
    const uint16_t *rank = s->r.rank, *order = s->r.order;
    memset(s->worse, 0, sizeof s->worse);
    memset(s->worse_card, 0, sizeof s->worse_card);

    for (int gs = 0; gs < n;) {
        int ge = gs + 1;
        while (ge < n && rank[order[ge]] == rank[order[gs]])
            ge++;
        /* The group's hands by class and by card. */
        int labels = 0;
        for (int i = gs; i < ge; i++) {
            int h = order[i], L = t->hole_class[h];
            if (s->group_class[L]++ == 0)
                s->group_labels[labels++] = (uint8_t)L;
            s->group_card[t->hole_a[h]][L]++;
            s->group_card[t->hole_b[h]][L]++;
        }
        /* Wins over strictly worse hands: every hand of class L in the group beats all of
         * worse[], less the worse hands that share one of its cards. */
        for (int k = 0; k < labels; k++) {
            int L = s->group_labels[k];
            uint64_t m = s->group_class[L];
            uint64_t *row = acc->wins[L];
            for (int y = 0; y < HS_HOLDEM_CLASSES; y++)
                row[y] += m * s->worse[y];
        }
        /* Ties within the group: all ordered pairs, less those sharing a card. A pair shares
         * card a or card b of the first hand; only the hand itself holds both. */
        for (int k = 0; k < labels; k++) {
            int L = s->group_labels[k];
            uint64_t m = w * s->group_class[L];
            for (int j = 0; j < labels; j++) {
                int Y = s->group_labels[j];
                acc->ties[L][Y] += m * s->group_class[Y];
            }
            acc->ties[L][L] += m; /* the hand with itself, taken out twice below */
        }
        for (int i = gs; i < ge; i++) {
            int h = order[i], L = t->hole_class[h];
            const int cards[2] = {t->hole_a[h], t->hole_b[h]};
            for (int k = 0; k < 2; k++) {
                const uint8_t *ys = t->card_classes[cards[k]];
                for (int j = 0; j < HS_HOLDEM_CARD_CLASSES; j++) {
                    int y = ys[j];
                    acc->wins[L][y] -= s->worse_card[cards[k]][y];
                    acc->ties[L][y] -= w * s->group_card[cards[k]][y];
                }
            }
        }
        /* The group's hands become worse hands for the better groups. */
        for (int i = gs; i < ge; i++) {
            int h = order[i], L = t->hole_class[h];
            s->worse[L] += w;
            s->worse_card[t->hole_a[h]][L] += w;
            s->worse_card[t->hole_b[h]][L] += w;
            s->group_card[t->hole_a[h]][L] = 0;
            s->group_card[t->hole_b[h]][L] = 0;
            s->group_class[L] = 0;
        }
        gs = ge;
    }
}

/* ---- the job ----------------------------------------------------------------------------------
 */

static void preflop_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    const hs_holdem_preflop *t = ctx;
    hs_holdem_preflop_counts *c = acc;
    size_t b0, b1;
    hs_holdem_unit_boards(t, unit, &b0, &b1);
    for (size_t b = b0; b < b1; b++)
        sweep_board(t, t->boards[b], t->weight[b], scratch, c);
    c->units_done++;
}

static void preflop_merge(void *dst, const void *src) {
    hs_holdem_preflop_counts *d = dst;
    const hs_holdem_preflop_counts *s = src;
    for (int a = 0; a < HS_HOLDEM_CLASSES; a++)
        for (int b = 0; b < HS_HOLDEM_CLASSES; b++) {
            d->wins[a][b] += s->wins[a][b];
            d->ties[a][b] += s->ties[a][b];
        }
    d->units_done += s->units_done;
}

/* Every ordered pair of classes: A's wins, the ties and B's wins add up to every disjoint pair of
 * combinations with every one of the C(48, 5) boards, and a tie is a tie for both. */
static int preflop_check(const void *ctx, const void *acc) {
    const hs_holdem_preflop *t = ctx;
    const hs_holdem_preflop_counts *c = acc;
    if (c->units_done != hs_holdem_preflop_units(t))
        return HS_ERR_CORRUPT;
    const uint64_t boards = hs_binom(HS_CARDS - 4, 5);
    for (int a = 0; a < HS_HOLDEM_CLASSES; a++)
        for (int b = 0; b < HS_HOLDEM_CLASSES; b++)
            if (c->wins[a][b] + c->ties[a][b] + c->wins[b][a] !=
                    hs_holdem_class_pairs(a, b) * boards ||
                c->ties[a][b] != c->ties[b][a])
                return HS_ERR_CORRUPT;
    return HS_OK;
}

static const hs_job_def preflop_job = {"holdem preflop",
                                       1,
                                       sizeof(hs_holdem_preflop_counts),
                                       sizeof(sweep),
                                       preflop_unit,
                                       preflop_merge,
                                       preflop_check,
                                       NULL};

int hs_holdem_preflop_job_new(const hs_holdem_preflop *t, hs_job **out) {
    /* The job reads the board list, which the caller keeps until hs_job_free. */
    return hs_job_new(&preflop_job, (void *)(uintptr_t)t, NULL, hs_holdem_preflop_units(t), "",
                      hs_poker_tables_hash, out);
}

const hs_holdem_preflop_counts *hs_holdem_preflop_job_counts(const hs_job *job) {
    return hs_job_acc_const(job);
}

int hs_holdem_preflop_run(const hs_holdem_preflop *t, size_t first, size_t last, int threads,
                          hs_progress_fn progress, void *ctx, hs_holdem_preflop_counts *acc) {
    if (first > last || last > hs_holdem_preflop_units(t) || threads < 0)
        return HS_ERR_ARG;
    hs_job *job;
    int rc = hs_holdem_preflop_job_new(t, &job);
    if (rc != HS_OK)
        return rc;
    hs_job_opts o = {threads, progress, ctx, NULL, NULL, 0.0};
    rc = hs_job_run(job, first, last, &o);
    if (rc == HS_OK)
        preflop_merge(acc, hs_job_acc(job));
    hs_job_free(job);
    return rc;
}
