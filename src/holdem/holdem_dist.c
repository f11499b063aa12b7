/* The equity distribution: each combination of a hero range against a villain range, exactly.
 *
 * The boards (completions of the known board) are taken once per orbit of the query's symmetry,
 * the suit permutations G that map the board, the dead cards and both weighted ranges onto
 * themselves; a board B stands for its orbit's |G B| boards. On each, every combination of either
 * range is ranked once, and all are sorted by strength; one sweep from the worst up keeps the
 * villain weight below the current strength in total and per card, so a hero combination's
 * villain weight beaten, tied and beating it, without the combinations that share one of its
 * cards, is a few lookups (inclusion-exclusion over its two cards).
 *
 * What one board of an orbit counts for h is what the orbit's other boards count for h's images:
 * summing acc(h') = sum over solved boards B of |G B| f(h', B) over the orbit O(h) of h gives
 * |O(h)| times h's own total, exactly. So the accumulator holds acc per combination, and the
 * result averages it over each combination's orbit. */
#include "holdem_internal.h"
#include "handstat/holdem_board.h"
#include "handstat/error.h"
#include "handstat/poker.h"
#include "handstat/poker_state.h"
#include "poker_internal.h"
#include "combin.h"
#include "job_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One combination of either range. */
typedef struct dist_hand {
    hs_poker_state state; /* its two cards' incremental state */
    uint64_t mask;
    uint8_t a, b; /* its cards */
    int16_t hero; /* its index among the hero's combinations, or -1 */
    uint32_t vw;  /* its villain weight (0: not in the villain's range) */
} dist_hand;

typedef struct dist_ctx {
    hs_job_def def;
    uint64_t known; /* board | dead */
    uint64_t board;
    int need; /* board cards to come */
    int perms;
    uint8_t perm[HS_SUIT_PERMS][HS_SUITS];
    int n_hands;
    dist_hand hand[HS_HOLDEM_COMBOS];
    int n_hero;
    int hero_hand[HS_HOLDEM_COMBOS]; /* the hand of each hero combination */
    uint16_t hero_weight[HS_HOLDEM_COMBOS];
    /* its weighted deals: at most 1326 villain combinations of weight 10000 (after the gcd) times
     * C(48, 5) = 1,712,304 boards, 2.3e13, and times an orbit's 24 when summed, 5.5e14: 64 bits */
    uint64_t deals[HS_HOLDEM_COMBOS];
    /* the orbit of each hero combination: its members orbit[orbit_start[h] ..][0 .. orbit_len[h])
     */
    int orbit_start[HS_HOLDEM_COMBOS], orbit_len[HS_HOLDEM_COMBOS];
    int orbit[HS_HOLDEM_COMBOS * HS_SUIT_PERMS];
    /* a narrow villain range (at most NARROW combinations): its hands, the slots of its cards */
    int n_villain;
    int villain_hand[HS_HOLDEM_COMBOS];
    int8_t slot[HS_CARDS]; /* the card's slot among the villain's cards, or -1 */
    int n_slots;
    size_t n_boards, per_unit, units;
    uint64_t *boards; /* completions, the smallest of their orbits */
    uint32_t *mult;   /* their orbits' sizes */
} dist_ctx;

/* Villain ranges of at most this many combinations are counted without sorting the hero's. */
#define NARROW 48

typedef struct dist_scratch {
    /* the narrow way: the live villain combinations worst first, their classes, and the prefix
     * sums of their weights in all and per card slot */
    uint16_t vrank[NARROW];
    int16_t vhand[NARROW];
    uint64_t prefix[NARROW + 1];
    uint64_t slot_prefix[(NARROW + 1) * 2 * NARROW];
    uint16_t rank[HS_HOLDEM_COMBOS];
    uint16_t order[HS_HOLDEM_COMBOS];
    uint16_t tmp[HS_HOLDEM_COMBOS];
    uint64_t vc[HS_CARDS], wc[HS_CARDS], gc[HS_CARDS];
} dist_scratch;

/* Per hero combination: weighted deals won, tied, lost (times the orbit sizes). */
#define DIST_FIELDS 3

static void dist_board(const dist_ctx *c, uint64_t runout, uint64_t mult, uint64_t *acc,
                       dist_scratch *s) {
    const hs_poker_state board = hs_poker_state_of(c->board | runout);
    int n = 0;
    for (int i = 0; i < c->n_hands; i++) {
        const dist_hand *h = &c->hand[i];
        if (h->mask & runout)
            continue;
        s->rank[i] = (uint16_t)hs_poker_state_rank(hs_poker_state_join(board, h->state));
        s->order[n++] = (uint16_t)i;
    }
    hs_holdem_sort_worst_first(s->rank, s->order, s->tmp, n);
    uint64_t vtot = 0, wtot = 0, gtot = 0;
    memset(s->vc, 0, sizeof s->vc);
    memset(s->wc, 0, sizeof s->wc);
    memset(s->gc, 0, sizeof s->gc);
    for (int i = 0; i < n; i++) {
        const dist_hand *h = &c->hand[s->order[i]];
        vtot += h->vw;
        s->vc[h->a] += h->vw;
        s->vc[h->b] += h->vw;
    }
    for (int gs = 0; gs < n;) {
        int ge = gs + 1;
        while (ge < n && s->rank[s->order[ge]] == s->rank[s->order[gs]])
            ge++;
        for (int i = gs; i < ge; i++) {
            const dist_hand *h = &c->hand[s->order[i]];
            gtot += h->vw;
            s->gc[h->a] += h->vw;
            s->gc[h->b] += h->vw;
        }
        for (int i = gs; i < ge; i++) {
            const dist_hand *h = &c->hand[s->order[i]];
            if (h->hero < 0)
                continue;
            const uint64_t worse = wtot - s->wc[h->a] - s->wc[h->b];
            const uint64_t equal = gtot - s->gc[h->a] - s->gc[h->b] + h->vw;
            const uint64_t disjoint = vtot - s->vc[h->a] - s->vc[h->b] + h->vw;
            uint64_t *row = acc + (size_t)h->hero * DIST_FIELDS;
            row[0] += mult * worse;
            row[1] += mult * equal;
            row[2] += mult * (disjoint - worse - equal);
        }
        for (int i = gs; i < ge; i++) {
            const dist_hand *h = &c->hand[s->order[i]];
            wtot += h->vw;
            s->wc[h->a] += h->vw;
            s->wc[h->b] += h->vw;
            s->gc[h->a] = s->gc[h->b] = 0;
        }
        gtot = 0;
        gs = ge;
    }
}

/* One board against a narrow villain range: its live combinations sorted worst first, the
 * prefix sums of their weights in all and per card, and each hero combination placed among them
 * by its class (no sort of the hero's combinations). */
static void dist_board_narrow(const dist_ctx *c, uint64_t runout, uint64_t mult, uint64_t *acc,
                              dist_scratch *s) {
    const hs_poker_state board = hs_poker_state_of(c->board | runout);
    const int ns = c->n_slots;
    int nv = 0;
    for (int k = 0; k < c->n_villain; k++) {
        const dist_hand *h = &c->hand[c->villain_hand[k]];
        if (h->mask & runout)
            continue;
        const uint16_t r = (uint16_t)hs_poker_state_rank(hs_poker_state_join(board, h->state));
        int j = nv++;
        for (; j > 0 && s->vrank[j - 1] < r; j--) { /* worst (largest class) first */
            s->vrank[j] = s->vrank[j - 1];
            s->vhand[j] = s->vhand[j - 1];
        }
        s->vrank[j] = r;
        s->vhand[j] = (int16_t)c->villain_hand[k];
    }
    s->prefix[0] = 0;
    memset(s->slot_prefix, 0, (size_t)ns * sizeof s->slot_prefix[0]);
    for (int j = 0; j < nv; j++) {
        const dist_hand *h = &c->hand[s->vhand[j]];
        uint64_t *row = s->slot_prefix + (size_t)(j + 1) * (size_t)ns;
        memcpy(row, row - ns, (size_t)ns * sizeof *row);
        row[c->slot[h->a]] += h->vw;
        row[c->slot[h->b]] += h->vw;
        s->prefix[j + 1] = s->prefix[j] + h->vw;
    }
    const uint64_t *last = s->slot_prefix + (size_t)nv * (size_t)ns;
    for (int k = 0; k < c->n_hero; k++) {
        const dist_hand *h = &c->hand[c->hero_hand[k]];
        if (h->mask & runout)
            continue;
        const uint16_t r = (uint16_t)hs_poker_state_rank(hs_poker_state_join(board, h->state));
        int p = 0; /* villains worse than h: classes above r */
        while (p < nv && s->vrank[p] > r)
            p++;
        int q = p; /* and tied with it */
        while (q < nv && s->vrank[q] == r)
            q++;
        const int sa = c->slot[h->a], sb = c->slot[h->b];
        const uint64_t *rp = s->slot_prefix + (size_t)p * (size_t)ns;
        const uint64_t *rq = s->slot_prefix + (size_t)q * (size_t)ns;
        const uint64_t worse = s->prefix[p] - (sa >= 0 ? rp[sa] : 0) - (sb >= 0 ? rp[sb] : 0);
        const uint64_t not_better =
            s->prefix[q] - (sa >= 0 ? rq[sa] : 0) - (sb >= 0 ? rq[sb] : 0) + h->vw;
        const uint64_t disjoint =
            s->prefix[nv] - (sa >= 0 ? last[sa] : 0) - (sb >= 0 ? last[sb] : 0) + h->vw;
        uint64_t *row = acc + (size_t)k * DIST_FIELDS;
        row[0] += mult * worse;
        row[1] += mult * (not_better - worse);
        row[2] += mult * (disjoint - not_better);
    }
}

static void dist_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    const dist_ctx *c = ctx;
    const size_t first = unit * c->per_unit;
    const size_t last = first + c->per_unit < c->n_boards ? first + c->per_unit : c->n_boards;
    for (size_t b = first; b < last; b++) {
        if (c->n_villain > 0)
            dist_board_narrow(c, c->boards[b], c->mult[b], acc, scratch);
        else
            dist_board(c, c->boards[b], c->mult[b], acc, scratch);
    }
}

/* The counts of hero combination h, averaged over its orbit. Returns non-zero when the orbit's
 * sums do not divide evenly (damaged counts). */
static int dist_average(const dist_ctx *c, const uint64_t *acc, int h, uint64_t out[DIST_FIELDS]) {
    const int len = c->orbit_len[h];
    for (int f = 0; f < DIST_FIELDS; f++) {
        uint64_t sum = 0;
        for (int j = 0; j < len; j++)
            sum += acc[(size_t)c->orbit[c->orbit_start[h] + j] * DIST_FIELDS + (size_t)f];
        if (sum % (uint64_t)len != 0)
            return 1;
        out[f] = sum / (uint64_t)len;
    }
    return 0;
}

static int dist_check(const void *ctx, const void *acc) {
    const dist_ctx *c = ctx;
    for (int h = 0; h < c->n_hero; h++) {
        uint64_t v[DIST_FIELDS];
        if (dist_average(c, acc, h, v) != 0 || v[0] + v[1] + v[2] != c->deals[h])
            return HS_ERR_CORRUPT;
    }
    return HS_OK;
}

static void dist_free(void *p) {
    dist_ctx *c = p;
    if (c != NULL) {
        free(c->boards);
        free(c->mult);
        free(c);
    }
}

/* The suit permutations mapping the known cards and both weighted ranges onto themselves. */
static void find_symmetry(dist_ctx *c, const int16_t *pos) {
    const uint16_t *hw = c->hero_weight;
    uint8_t perm[HS_SUIT_PERMS][HS_SUITS];
    hs_suit_perms(perm);
    c->perms = 0;
    for (int g = 0; g < HS_SUIT_PERMS; g++) {
        const uint8_t *to = perm[g];
        int ok = hs_suit_permute(c->board, to) == c->board &&
                 hs_suit_permute(c->known & ~c->board, to) == (c->known & ~c->board);
        for (int i = 0; i < c->n_hands && ok; i++) {
            const dist_hand *h = &c->hand[i];
            const uint64_t img = hs_suit_permute(h->mask, to);
            const int a = __builtin_ctzll(img), b = 63 - __builtin_clzll(img);
            const int j = pos[hs_colex2(a, b)];
            ok = j >= 0 && c->hand[j].vw == h->vw &&
                 (h->hero < 0 ? c->hand[j].hero < 0
                              : c->hand[j].hero >= 0 && hw[c->hand[j].hero] == hw[h->hero]);
        }
        if (ok)
            memcpy(c->perm[c->perms++], to, HS_SUITS);
    }
}

/* The completions of the board that are the smallest of their orbits, with the orbits' sizes. */
static int find_boards(dist_ctx *c) {
    int cards[HS_CARDS], n = 0;
    for (uint64_t m = HS_DECK_MASK & ~c->known; m != 0; m &= m - 1)
        cards[n++] = __builtin_ctzll(m);
    const int k = c->need;
    const size_t all = k <= n ? (size_t)hs_binom((unsigned)n, (unsigned)k) : 0;
    c->boards = malloc((all ? all : 1) * sizeof *c->boards);
    c->mult = malloc((all ? all : 1) * sizeof *c->mult);
    if (c->boards == NULL || c->mult == NULL)
        return HS_ERR_NOMEM;
    c->n_boards = 0;
    if (all == 0)
        return HS_OK;
    int idx[5] = {0, 1, 2, 3, 4};
    for (;;) {
        uint64_t x = 0;
        for (int i = 0; i < k; i++)
            x |= hs_card_bit(cards[idx[i]]);
        int fixed = 1, least = 1;
        for (int g = 1; g < c->perms && least; g++) {
            const uint64_t img = hs_suit_permute(x, c->perm[g]);
            least = img >= x;
            fixed += img == x;
        }
        if (least) {
            c->boards[c->n_boards] = x;
            c->mult[c->n_boards++] = (uint32_t)(c->perms / fixed);
        }
        if (!hs_next_subset(idx, k, n))
            break;
    }
    return HS_OK;
}

static uint64_t range_hash(const hs_holdem_range *r, uint64_t h) {
    h = hs_hash64(r->combo, r->n * sizeof r->combo[0], h);
    return hs_hash64(r->weight, r->n * sizeof r->weight[0], h);
}

int hs_holdem_equity_dist_job_new(const hs_holdem_range *hero, const hs_holdem_range *villain,
                                  uint64_t board, uint64_t dead, hs_job **out) {
    return hs_holdem_equity_dist_job_new_way(HS_DIST_AUTO, hero, villain, board, dead, out);
}

int hs_holdem_equity_dist_job_new_way(int way, const hs_holdem_range *hero,
                                      const hs_holdem_range *villain, uint64_t board, uint64_t dead,
                                      hs_job **out) {
    *out = NULL;
    if ((way == HS_DIST_NARROW && villain->n > NARROW) || way < HS_DIST_AUTO ||
        way > HS_DIST_NARROW || hs_hand_size(board) > 5 || (board & dead) ||
        ((board | dead) & ~HS_DECK_MASK) || !hs_holdem_range_ok(hero) ||
        !hs_holdem_range_ok(villain))
        return HS_ERR_ARG;
    dist_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    c->board = board;
    c->known = board | dead;
    c->need = 5 - hs_hand_size(board);
    int16_t pos[HS_HOLDEM_COMBOS]; /* colex pair index -> hand */
    memset(pos, 0xFF, sizeof pos);
    unsigned g = 0;
    for (size_t i = 0; i < villain->n; i++)
        g = (unsigned)hs_gcd(villain->weight[i], g);
    /* the hands: the live villain combinations, then the hero's */
    for (int side = 0; side < 2; side++) {
        const hs_holdem_range *r = side == 0 ? villain : hero;
        for (size_t i = 0; i < r->n; i++) {
            const uint64_t m = r->combo[i];
            if (m & c->known)
                continue;
            const int a = __builtin_ctzll(m), b = 63 - __builtin_clzll(m);
            const int x = hs_colex2(a, b);
            if (pos[x] < 0) {
                pos[x] = (int16_t)c->n_hands;
                c->hand[c->n_hands++] =
                    (dist_hand){hs_poker_state_of(m), m, (uint8_t)a, (uint8_t)b, -1, 0};
            }
            dist_hand *h = &c->hand[pos[x]];
            if (side == 0)
                h->vw = villain->weight[i] / g;
            else {
                h->hero = (int16_t)c->n_hero;
                c->hero_hand[c->n_hero] = pos[x];
                c->hero_weight[c->n_hero] = hero->weight[i];
                c->n_hero++;
            }
        }
    }
    /* a narrow villain range: its hands and a slot per card it holds */
    memset(c->slot, -1, sizeof c->slot);
    int nv = 0;
    for (int i = 0; i < c->n_hands; i++)
        nv += c->hand[i].vw > 0;
    if (way == HS_DIST_NARROW || (way == HS_DIST_AUTO && nv <= NARROW)) {
        for (int i = 0; i < c->n_hands; i++) {
            const dist_hand *h = &c->hand[i];
            if (h->vw == 0)
                continue;
            c->villain_hand[c->n_villain++] = i;
            if (c->slot[h->a] < 0)
                c->slot[h->a] = (int8_t)c->n_slots++;
            if (c->slot[h->b] < 0)
                c->slot[h->b] = (int8_t)c->n_slots++;
        }
    }
    /* each hero combination's deals: the villain weight disjoint from it, times the boards */
    const int left = HS_CARDS - hs_hand_size(c->known) - 4;
    const uint64_t boards = left >= c->need ? hs_binom((unsigned)left, (unsigned)c->need) : 0;
    uint64_t vtot = 0, vc[HS_CARDS] = {0};
    for (int i = 0; i < c->n_hands; i++) {
        vtot += c->hand[i].vw;
        vc[c->hand[i].a] += c->hand[i].vw;
        vc[c->hand[i].b] += c->hand[i].vw;
    }
    int dealt = 0;
    for (int h = 0; h < c->n_hero; h++) {
        const dist_hand *x = &c->hand[c->hero_hand[h]];
        c->deals[h] = (vtot - vc[x->a] - vc[x->b] + x->vw) * boards;
        dealt |= c->deals[h] > 0;
    }
    if (!dealt) {
        dist_free(c);
        return HS_ERR_COUNT;
    }
    find_symmetry(c, pos);
    /* the hero combinations' orbits */
    int filled = 0;
    for (int h = 0; h < c->n_hero; h++) {
        c->orbit_start[h] = filled;
        c->orbit_len[h] = 0;
        for (int p = 0; p < c->perms; p++) {
            const uint64_t img = hs_suit_permute(c->hand[c->hero_hand[h]].mask, c->perm[p]);
            const int j =
                c->hand[pos[hs_colex2(__builtin_ctzll(img), 63 - __builtin_clzll(img))]].hero;
            int seen = 0;
            for (int q = 0; q < c->orbit_len[h] && !seen; q++)
                seen = c->orbit[filled + q] == j;
            if (!seen)
                c->orbit[filled + c->orbit_len[h]++] = j;
        }
        filled += c->orbit_len[h];
    }
    int rc = find_boards(c);
    if (rc != HS_OK) {
        dist_free(c);
        return rc;
    }
    c->per_unit = c->n_boards / 512 + 1;
    c->units = (c->n_boards + c->per_unit - 1) / c->per_unit;
    c->def.name = "holdem equity-dist";
    c->def.layout = 1;
    c->def.acc_size = (size_t)c->n_hero * DIST_FIELDS * sizeof(uint64_t);
    c->def.scratch_size = sizeof(dist_scratch);
    c->def.unit = dist_unit;
    c->def.check = dist_check;
    char params[256];
    snprintf(params, sizeof params, "hero=%016llx villain=%016llx board=%llx dead=%llx",
             (unsigned long long)range_hash(hero, HS_HASH64_INIT),
             (unsigned long long)range_hash(villain, HS_HASH64_INIT), (unsigned long long)board,
             (unsigned long long)dead);
    return hs_job_new(&c->def, c, dist_free, c->units, params, hs_poker_tables_hash, out);
}

int hs_holdem_equity_dist_symmetry(const hs_job *job) {
    return ((const dist_ctx *)hs_job_ctx(job))->perms;
}

size_t hs_holdem_equity_dist_boards(const hs_job *job) {
    return ((const dist_ctx *)hs_job_ctx(job))->n_boards;
}

/* Best equity first: (2 wins + ties) / deals compared exactly; equal ones in range order. */
static int by_equity(const void *pa, const void *pb) {
    const hs_holdem_dist_combo *a = pa, *b = pb;
    const hs_uint128 l = (hs_uint128)(2 * a->wins + a->ties) * b->deals;
    const hs_uint128 r = (hs_uint128)(2 * b->wins + b->ties) * a->deals;
    if (l != r)
        return l > r ? -1 : 1;
    return 0;
}

size_t hs_holdem_equity_dist_result(const hs_job *job, hs_holdem_dist_combo *out) {
    if (strcmp(hs_job_name(job), "holdem equity-dist") != 0 ||
        hs_job_units_done(job) != hs_job_units(job))
        return 0;
    const dist_ctx *c = hs_job_ctx(job);
    const uint64_t *acc = hs_job_acc_const(job);
    size_t n = 0;
    for (int h = 0; h < c->n_hero; h++) {
        if (c->deals[h] == 0)
            continue;
        uint64_t v[DIST_FIELDS];
        dist_average(c, acc, h, v);
        const dist_hand *x = &c->hand[c->hero_hand[h]];
        out[n++] = (hs_holdem_dist_combo){
            x->mask, hs_holdem_class(x->mask), c->hero_weight[h], c->deals[h], v[0], v[1], v[2]};
    }
    /* a stable sort: the hero's combinations are in range order already */
    hs_holdem_dist_combo *tmp = malloc(n * sizeof *tmp + 1);
    if (tmp == NULL) { /* insertion sort, stable, when no memory */
        for (size_t i = 1; i < n; i++)
            for (size_t j = i; j > 0 && by_equity(&out[j - 1], &out[j]) > 0; j--) {
                hs_holdem_dist_combo t = out[j];
                out[j] = out[j - 1];
                out[j - 1] = t;
            }
        return n;
    }
    /* merge sort */
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n,
                   hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = by_equity(&out[j], &out[i]) < 0 ? out[j++] : out[i++];
            while (i < mid)
                tmp[k++] = out[i++];
            while (j < hi)
                tmp[k++] = out[j++];
        }
        memcpy(out, tmp, n * sizeof *out);
    }
    free(tmp);
    return n;
}

int hs_holdem_equity_dist(const hs_holdem_range *hero, const hs_holdem_range *villain,
                          uint64_t board, uint64_t dead, int threads, hs_progress_fn progress,
                          void *ctx, hs_holdem_dist_combo *out, size_t *n) {
    *n = 0;
    if (threads < 0)
        return HS_ERR_ARG;
    hs_job *job;
    int rc = hs_holdem_equity_dist_job_new(hero, villain, board, dead, &job);
    if (rc != HS_OK)
        return rc;
    rc = hs_job_run(job, 0, hs_job_units(job),
                    &(hs_job_opts){threads, progress, ctx, NULL, NULL, 0.0});
    if (rc == HS_OK)
        *n = hs_holdem_equity_dist_result(job, out);
    hs_job_free(job);
    return rc;
}
