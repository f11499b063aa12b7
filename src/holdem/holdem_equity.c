/* Exact multi-way hold'em equity of ranges.
 *
 * The query's symmetry first: the permutations of the suits that map the board, the dead cards
 * and every player's range onto themselves (all 24 for class ranges preflop) map deals to deals
 * with the same outcome for every player, so only one deal of each orbit is solved, counted with
 * the orbit's size.
 *
 * Then one of two ways to count, by how many board cards are to come:
 *  - three or more (preflop): one choice of hands at a time (up to the symmetry), and its boards
 *    counted by rank pattern. A player can make a flush only in a suit where the board will hold
 *    three or more cards, and then no other suit can (a board has five cards); with seven cards a
 *    flush never comes with a full house or four of a kind. So the boards where somebody could
 *    flush are counted by their flush suit, their cards of that suit and the rank pattern of the
 *    rest (the flush players' classes depend on the suit's cards alone), and every other board by
 *    the rank pattern of its new cards, each pattern ranked once per player from rank keys.
 *  - two or fewer (flop, turn, river): one completion of the board at a time (up to the
 *    symmetry); every combination of every range is ranked once on it, and the choices of hands
 *    are walked with those classes.
 * The counts are deals by the set of players who share the pot (one winner: a win), exact
 * integers, merged in any order. */
#include "holdem_internal.h"
#include "poker_internal.h"
#include "handstat/error.h"
#include "combin.h"
#include "job_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define MAXP HS_HOLDEM_MAX_PLAYERS
#define OUTCOMES (1u << MAXP) /* sets of players who share the pot */
#define MSETS 6188            /* multisets of five ranks (fewer for fewer cards): combin.h */

/* Deals by the set of players who won them (bit p: player p won or shared the pot). */
typedef struct eq_acc {
    hs_uint128 won[OUTCOMES];
} eq_acc;

/* The rank key of each card rank (poker_tables.h). */
static const uint32_t rank_key[HS_RANKS] = HS_POKER_RANK_KEYS;

/* A pot split among w players: HS_HOLDEM_SHARE_UNIT / w. */
static const uint64_t share_of[MAXP + 1] = {0, 2520, 1260, 840, 630, 504, 420, 360, 315, 280};

/* The rank key of a set of at most 7 cards. */
static inline uint32_t key_of(uint64_t cards) {
    return hs_poker_lanes(cards) & HS_POKER_LANE_KEY;
}

/* The flush class of a suit lane of five or more cards (0 for fewer). */
static inline uint32_t flush_class(unsigned lane) {
    return hs_poker_flush[lane];
}

/* The cards in a 13-bit suit lane (a few instructions, where a popcount builtin would be a
 * library call on the baseline x86-64 this builds for). */
static inline int lane_size(unsigned x) {
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (int)((x + (x >> 8)) & 0x1Fu);
}

/* The players who hold the best class among cls[0..players) (smaller is better). */
static inline unsigned winners_of(const uint32_t *cls, int players) {
    uint32_t best = cls[0];
    for (int p = 1; p < players; p++)
        best = cls[p] < best ? cls[p] : best;
    unsigned set = 0;
    for (int p = 0; p < players; p++)
        set |= (unsigned)(cls[p] == best) << p;
    return set;
}

/* The dense index 0..1325 of a two-card set. */
static inline int pair_index(uint64_t two) {
    int a = __builtin_ctzll(two), b = 63 - __builtin_clzll(two);
    return hs_colex2(a, b);
}

/* ---- the query ------------------------------------------------------------------------------ */

typedef struct eq_ctx {
    int players;
    int levels; /* players whose choices make the work units (by choices of hands) */
    int need;   /* board cards to come */
    uint64_t board, dead;
    const uint64_t *const *ranges;
    const size_t *counts;
    int weighted; /* some weight is not 1 */
    uint16_t (
        *weight)[HS_HOLDEM_COMBOS]; /* weight[p][i]: range p's i-th, divided by the range's gcd */
    int perms;                      /* the query's symmetry: suit permutations (identity first) */
    uint8_t perm[HS_SUIT_PERMS][HS_SUITS]; /* ... each as suit -> suit */
    int16_t (*pos)[HS_HOLDEM_COMBOS];      /* pos[p][pair_index(c)]: c's place in range p, or -1 */
    int patterns; /* by choices of hands: the multisets of `need` ranks, by dense index */
    struct rank_pattern {
        uint8_t n, r[5], m[5]; /* n distinct ranks r[], m[] cards of each */
        uint32_t key;          /* their rank key */
    } * pattern;
    /* class[pair * patterns + i]: the class (flushes aside) of a hole of the rank pair `pair`
     * (pair_of_ranks) with the board and pattern i; 0 where more than four cards of a rank */
    uint16_t *class;
    int16_t row_of[91];   /* the class table's row of each rank pair some range holds, else -1 */
    size_t completions;   /* by completions of the board: the ones solved */
    uint64_t *completion; /* ... their new cards */
    uint32_t *completion_mult; /* ... the size of their orbits */
} eq_ctx;

static void eq_ctx_free(eq_ctx *c) {
    free(c->pos);
    free(c->weight);
    free(c->pattern);
    free(c->class);
    free(c->completion);
    free(c->completion_mult);
}

/* The suit permutations that map the board, the dead cards and every range onto themselves. */
static void find_symmetry(eq_ctx *c) {
    uint8_t perm[HS_SUIT_PERMS][HS_SUITS];
    hs_suit_perms(perm);
    c->perms = 0;
    for (int g = 0; g < HS_SUIT_PERMS; g++) {
        const uint8_t *to = perm[g];
        int keeps =
            hs_suit_permute(c->board, to) == c->board && hs_suit_permute(c->dead, to) == c->dead;
        for (int p = 0; p < c->players && keeps; p++)
            for (size_t i = 0; i < c->counts[p] && keeps; i++) {
                const int j = c->pos[p][pair_index(hs_suit_permute(c->ranges[p][i], to))];
                keeps = j >= 0 && c->weight[p][j] == c->weight[p][i];
            }
        if (keeps)
            memcpy(c->perm[c->perms++], to, HS_SUITS);
    }
}

/* ---- by choices of hands: one choice's boards, by rank pattern and flush configuration ------- */

typedef struct rank_rest {
    uint32_t ways; /* sets of cards with these ranks */
    int n;         /* cards (0..2) */
    int r[2];      /* their ranks, ascending */
} rank_rest;

typedef struct tuple_walk {
    int players;
    uint64_t mult;          /* deals each board stands for: the choice's orbit times its weight */
    uint64_t won[OUTCOMES]; /* the unit's deals by winners (64 bits: checked per unit) */
    uint64_t hole[MAXP];
    uint64_t fixed[MAXP];       /* hole | board */
    int pair[MAXP];             /* the class table's row of each hole's rank pair */
    int avail[HS_RANKS];        /* cards of each rank left in the deck */
    uint32_t flush_ways[MSETS]; /* boards counted as flush configurations, by new-rank multiset */
    rank_rest rest[91];         /* the rank patterns of up to two cards off the flush suit */
} tuple_walk;

/* The multisets of n (0..2) ranks of cards off suit s: avail_off[r] cards of rank r. */
static int rank_rests(tuple_walk *w, const int avail_off[HS_RANKS], int n) {
    assert(n >= 0 && n <= 2);
    int count = 0;
    if (n == 0) {
        w->rest[count++] = (rank_rest){1, 0, {0, 0}};
        return count;
    }
    for (int a = 0; a < HS_RANKS; a++) {
        if (n == 1) {
            if (avail_off[a] > 0)
                w->rest[count++] = (rank_rest){(uint32_t)avail_off[a], 1, {a, 0}};
            continue;
        }
        for (int b = a; b < HS_RANKS; b++) {
            uint64_t ways = a == b ? hs_binom((unsigned)avail_off[a], 2)
                                   : (uint64_t)avail_off[a] * (uint64_t)avail_off[b];
            if (ways > 0)
                w->rest[count++] = (rank_rest){(uint32_t)ways, 2, {a, b}};
        }
    }
    return count;
}

/* Boards whose flush suit is s with k new cards of s (subsets of `lane`) and need - k off it. */
static void flush_configs(const eq_ctx *c, tuple_walk *w, int s, unsigned lane, int k, int nrest,
                          uint32_t factor) {
    const int players = w->players;
    int fl[MAXP], nfl = 0, other[MAXP], nother = 0;
    for (int p = 0; p < players; p++) {
        if (lane_size(hs_lane(w->fixed[p], s)) + k >= 5)
            fl[nfl++] = p;
        else
            other[nother++] = p;
    }
    int cards[HS_RANKS], avail = 0;
    for (unsigned m = lane; m != 0; m &= m - 1)
        cards[avail++] = __builtin_ctz(m);
    /* subsets of k of the lane's cards, by Gosper's hack over positions */
    for (unsigned pick = (1u << k) - 1; pick < (1u << avail);) {
        unsigned set = 0;
        int sr[5], ns = 0;
        for (unsigned x = pick; x != 0; x &= x - 1) {
            int r = cards[__builtin_ctz(x)];
            set |= 1u << r;
            sr[ns++] = r;
        }
        uint32_t cls[MAXP];
        for (int i = 0; i < nfl; i++)
            cls[fl[i]] = flush_class(hs_lane(w->fixed[fl[i]], s) | set);
        for (int j = 0; j < nrest; j++) {
            const rank_rest *rr = &w->rest[j];
            /* the multiset of the new ranks: the suit's (ascending) merged with the rest's */
            unsigned idx = 0;
            int a = 0, b = 0, i = 0;
            while (a < ns || b < rr->n) {
                int v = b >= rr->n || (a < ns && sr[a] <= rr->r[b]) ? sr[a++] : rr->r[b++];
                idx += hs_mset_step(i++, v);
            }
            for (i = 0; i < nother; i++)
                cls[other[i]] = c->class[(size_t)w->pair[other[i]] * (size_t)c->patterns + idx];
            w->won[winners_of(cls, players)] += (uint64_t)rr->ways * factor * w->mult;
            w->flush_ways[idx] += rr->ways * factor;
        }
        if (k == 0)
            break;
        unsigned low = pick & -pick, ripple = pick + low;
        pick = ripple | (((pick ^ ripple) >> 2) / low);
    }
}

/* C(n, k) for n <= 4, k <= 5. */
static const uint8_t binom4[5][6] = {{1, 0, 0, 0, 0, 0},
                                     {1, 1, 0, 0, 0, 0},
                                     {1, 2, 1, 0, 0, 0},
                                     {1, 3, 3, 1, 0, 0},
                                     {1, 4, 6, 4, 1, 0}};

/* Every multiset of ranks for the cards to come, less the boards counted as flush
 * configurations: each player's class from the query's table. */
static void rank_patterns(const eq_ctx *c, tuple_walk *w) {
    const int players = w->players, n = c->patterns;
    const uint16_t *row[MAXP];
    for (int p = 0; p < players; p++)
        row[p] = c->class + (size_t)w->pair[p] * (size_t)n;
    for (int i = 0; i < n; i++) {
        const struct rank_pattern *pt = &c->pattern[i];
        uint64_t ways = 1;
        for (int j = 0; j < pt->n; j++)
            ways *= binom4[w->avail[pt->r[j]]][pt->m[j]];
        ways -= w->flush_ways[i];
        if (ways == 0)
            continue;
        uint32_t cls[MAXP];
        for (int p = 0; p < players; p++)
            cls[p] = row[p][i];
        w->won[winners_of(cls, players)] += ways * w->mult;
    }
}

/* The dense index 0..90 of the multiset of two ranks a <= b (combin.h). */
static int pair_of_ranks(int a, int b) {
    return (int)(hs_mset_step(0, a) + hs_mset_step(1, b));
}

/* The rank pair (pair_of_ranks) of a two-card hole. */
static int hole_pair(uint64_t hole) {
    const int a = hs_card_rank(__builtin_ctzll(hole)), b = hs_card_rank(63 - __builtin_clzll(hole));
    return a < b ? pair_of_ranks(a, b) : pair_of_ranks(b, a);
}

/* Every multiset of `left` more ranks from `rank` on, into c->pattern by dense index (five of a
 * rank too: no board has them, binom4 counts them 0 ways). */
static void list_patterns(eq_ctx *c, int rank, int left, unsigned idx, int placed,
                          struct rank_pattern *pt) {
    if (left == 0) {
        c->pattern[idx] = *pt;
        c->pattern[idx].key = 0;
        for (int j = 0; j < pt->n; j++)
            c->pattern[idx].key += pt->m[j] * rank_key[pt->r[j]];
        return;
    }
    if (rank == HS_RANKS)
        return;
    unsigned step = 0;
    for (int m = 0; m <= left; m++) {
        if (m > 0) {
            step += hs_mset_step(placed + m - 1, rank);
            pt->r[pt->n] = (uint8_t)rank;
            pt->m[pt->n++] = (uint8_t)m;
        }
        list_patterns(c, rank + 1, left - m, idx + step, placed + m, pt);
        if (m > 0)
            pt->n--;
    }
}

/* The rank patterns of the cards to come and the class table of every rank pair some range
 * holds. */
static int build_patterns(eq_ctx *c) {
    c->patterns = (int)hs_binom(HS_RANKS - 1 + (unsigned)c->need, (unsigned)c->need);
    c->pattern = calloc((size_t)c->patterns, sizeof *c->pattern);
    if (c->pattern == NULL)
        return HS_ERR_NOMEM;
    struct rank_pattern pt = {0, {0}, {0}, 0};
    list_patterns(c, 0, c->need, 0, 0, &pt);
    for (int i = 0; i < 91; i++)
        c->row_of[i] = -1;
    int rows = 0;
    for (int p = 0; p < c->players; p++)
        for (size_t i = 0; i < c->counts[p]; i++) {
            const int pair = hole_pair(c->ranges[p][i]);
            if (c->row_of[pair] < 0)
                c->row_of[pair] = (int16_t)rows++;
        }
    c->class = calloc((size_t)rows * (size_t)c->patterns, sizeof *c->class);
    if (c->class == NULL)
        return HS_ERR_NOMEM;
    int board[HS_RANKS] = {0};
    for (uint64_t m = c->board; m != 0; m &= m - 1)
        board[hs_card_rank(__builtin_ctzll(m))]++;
    const uint32_t board_key = key_of(c->board);
    for (int a = 0; a < HS_RANKS; a++)
        for (int b = a; b < HS_RANKS; b++) {
            const int pair = c->row_of[pair_of_ranks(a, b)];
            if (pair < 0)
                continue;
            const uint32_t base = board_key + rank_key[a] + rank_key[b];
            uint16_t *row = c->class + (size_t)pair * (size_t)c->patterns;
            if (board[a] + 1 + (a == b) > 4 || board[b] + 1 + (a == b) > 4)
                continue; /* no such hole with this board: the row stays 0 */
            for (int i = 0; i < c->patterns; i++) {
                const struct rank_pattern *q = &c->pattern[i];
                int ok = 1;
                for (int j = 0; j < q->n; j++)
                    ok &= board[q->r[j]] + q->m[j] + (q->r[j] == a) + (q->r[j] == b) <= 4;
                row[i] = ok ? (uint16_t)hs_poker_key_class7(base + q->key) : 0;
            }
        }
    return HS_OK;
}

/* Every board of one choice of hands (hole[0..players)), each standing for `mult` deals. */
static void count_tuple(const eq_ctx *c, tuple_walk *w, uint64_t mult) {
    const int players = c->players, need = c->need;
    w->players = players;
    w->mult = mult;
    uint64_t deck = HS_DECK_MASK & ~(c->board | c->dead);
    for (int p = 0; p < players; p++) {
        deck &= ~w->hole[p];
        w->fixed[p] = w->hole[p] | c->board;
        w->pair[p] = c->row_of[hole_pair(w->hole[p])];
    }
    for (int r = 0; r < HS_RANKS; r++) {
        w->avail[r] = 0;
        for (int s = 0; s < HS_SUITS; s++)
            w->avail[r] += (int)(hs_lane(deck, s) >> r & 1);
    }
    memset(w->flush_ways, 0, sizeof w->flush_ways[0] * (size_t)c->patterns);
    /* Suits that every hole, the board and the deck hold alike have the same flush
     * configurations (swapping them fixes the deal): the first of them counts for all. */
    uint32_t factor[HS_SUITS] = {1, 1, 1, 1};
    for (int s = 1; s < HS_SUITS; s++)
        for (int t = 0; t < s; t++) {
            int alike = factor[t] > 0 && hs_lane(deck, t) == hs_lane(deck, s) &&
                        hs_lane(c->board, t) == hs_lane(c->board, s);
            for (int p = 0; p < players && alike; p++)
                alike = hs_lane(w->hole[p], t) == hs_lane(w->hole[p], s);
            if (alike) {
                factor[t]++;
                factor[s] = 0;
                break;
            }
        }
    for (int s = 0; s < HS_SUITS; s++) {
        if (factor[s] == 0)
            continue;
        const unsigned lane = hs_lane(deck, s);
        const int on_board = lane_size(hs_lane(c->board, s));
        int most = 0;
        for (int p = 0; p < players; p++) {
            int h = lane_size(hs_lane(w->hole[p], s));
            most = h > most ? h : most;
        }
        int lo = 5 - on_board - most, hi = lane_size(lane);
        lo = lo < 0 ? 0 : lo;
        hi = hi < need ? hi : need;
        if (lo > hi)
            continue;
        int avail_off[HS_RANKS];
        for (int r = 0; r < HS_RANKS; r++)
            avail_off[r] = w->avail[r] - (int)(lane >> r & 1);
        for (int k = lo; k <= hi; k++) {
            int nrest = rank_rests(w, avail_off, need - k);
            if (nrest > 0)
                flush_configs(c, w, s, lane, k, nrest, factor[s]);
        }
    }
    rank_patterns(c, w);
}

/* Player p's choice i (its cards into *hole and *used, its weight into *mult), or non-zero when it
 * meets `used`. */
static inline int take(const eq_ctx *c, int p, size_t i, uint64_t *used, uint64_t *hole,
                       uint64_t *mult) {
    const uint64_t h = c->ranges[p][i];
    if (h & *used)
        return 1;
    *hole = h;
    *used |= h;
    if (c->weighted)
        *mult *= c->weight[p][i];
    return 0;
}

/* The work units: every choice of combinations for the first `levels` players (mixed radix, the
 * last of them fastest), the other players' choices walked inside the unit. Returns 0 when w->hole
 * holds the unit's choices, non-zero when they collide. */
static int unit_choices(const eq_ctx *c, size_t unit, tuple_walk *w, uint64_t *used,
                        uint64_t *mult) {
    *used = c->board | c->dead;
    *mult = 1;
    for (int p = c->levels - 1; p >= 0; p--) {
        size_t i = unit % c->counts[p];
        unit /= c->counts[p];
        if (take(c, p, i, used, &w->hole[p], mult))
            return 1;
    }
    return 0;
}

/* How many units the orbit of `unit` holds under the query's symmetry, or 0 when `unit` is not
 * the smallest of its orbit (another unit solves it). */
static uint64_t unit_orbit(const eq_ctx *c, size_t unit, const uint64_t *hole) {
    int fixed = 0;
    for (int g = 0; g < c->perms; g++) {
        size_t image = 0;
        for (int p = 0; p < c->levels; p++)
            image = image * c->counts[p] +
                    (size_t)c->pos[p][pair_index(hs_suit_permute(hole[p], c->perm[g]))];
        if (image < unit)
            return 0;
        fixed += image == unit;
    }
    return (uint64_t)(c->perms / fixed);
}

/* Every choice for players p.. that avoids `used`; with `poll`, asks now and then whether the run
 * is stopping, and returns non-zero when it is. */
static int choose_from(const eq_ctx *c, int p, uint64_t used, tuple_walk *w, uint64_t mult,
                       hs_job_poll_t *poll) {
    if (p == c->players) {
        count_tuple(c, w, mult);
        return poll != NULL && hs_job_poll(poll);
    }
    for (size_t i = 0; i < c->counts[p]; i++) {
        uint64_t u = used;
        uint64_t m = mult;
        if (take(c, p, i, &u, &w->hole[p], &m) == 0 && choose_from(c, p + 1, u, w, m, poll))
            return 1;
    }
    return 0;
}

static void eq_merge(void *dst, const void *src) {
    eq_acc *d = dst;
    const eq_acc *s = src;
    for (unsigned i = 0; i < OUTCOMES; i++)
        d->won[i] += s->won[i];
}

/* A unit counts into its worker's 64-bit histogram, added to the 128-bit totals when the unit is
 * complete (a stopped unit adds nothing, so that Ctrl-C acts at once). */
static void local_clear(uint64_t *won, int players) {
    memset(won, 0, sizeof *won << players);
}
static void local_add(eq_acc *acc, const uint64_t *won, int players) {
    for (unsigned s = 1; s < 1u << players; s++)
        acc->won[s] += won[s];
}

static int tuple_count(void *ctx, size_t unit, void *acc, void *scratch, hs_job_poll_t *poll) {
    const eq_ctx *c = ctx;
    tuple_walk *w = scratch;
    uint64_t used, mult, orbit;
    if (unit_choices(c, unit, w, &used, &mult) != 0 || (orbit = unit_orbit(c, unit, w->hole)) == 0)
        return 0;
    local_clear(w->won, c->players);
    if (choose_from(c, c->levels, used, w, mult * orbit, poll) != 0)
        return 1;
    local_add(acc, w->won, c->players);
    return 0;
}

static void tuple_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    tuple_count(ctx, unit, acc, scratch, NULL);
}

/* ---- by completions of the board: every combination ranked once per board ------------------ */

typedef struct board_walk {
    int n[MAXP];                             /* each player's combinations that miss the board */
    uint64_t hole[MAXP][HS_HOLDEM_COMBOS];   /* ... their cards */
    uint32_t cls[MAXP][HS_HOLDEM_COMBOS];    /* ... their classes on it */
    uint16_t weight[MAXP][HS_HOLDEM_COMBOS]; /* ... their weights */
    uint64_t won[OUTCOMES];                  /* the unit's deals by winners */
} board_walk;

/* Every choice for players p.. avoiding `used`, best class so far `best`, held by `set`. */
static int walk_choices(const eq_ctx *c, board_walk *w, int p, uint64_t used, uint32_t best,
                        unsigned set, uint64_t mult, hs_job_poll_t *poll) {
    const int n = w->n[p];
    const uint64_t *hole = w->hole[p];
    const uint32_t *cls = w->cls[p];
    const uint16_t *weight = w->weight[p];
    if (p == c->players - 1) {
        const unsigned me = 1u << p;
        if (!c->weighted) {
            for (int i = 0; i < n; i++)
                if (!(hole[i] & used))
                    w->won[cls[i] < best ? me : cls[i] == best ? set | me : set] += mult;
            return 0;
        }
        for (int i = 0; i < n; i++)
            if (!(hole[i] & used))
                w->won[cls[i] < best ? me : cls[i] == best ? set | me : set] += mult * weight[i];
        return 0;
    }
    for (int i = 0; i < n; i++) {
        if (hole[i] & used)
            continue;
        unsigned s = cls[i] < best ? 1u << p : cls[i] == best ? set | 1u << p : set;
        uint32_t b = cls[i] < best ? cls[i] : best;
        if (walk_choices(c, w, p + 1, used | hole[i], b, s, c->weighted ? mult * weight[i] : mult,
                         poll))
            return 1;
        if (poll != NULL && p == 0 && hs_job_poll(poll))
            return 1;
    }
    return 0;
}

static int board_count(void *ctx, size_t unit, void *acc, void *scratch, hs_job_poll_t *poll) {
    const eq_ctx *c = ctx;
    board_walk *w = scratch;
    const uint64_t board = c->board | c->completion[unit];
    for (int p = 0; p < c->players; p++) {
        int n = 0;
        for (size_t i = 0; i < c->counts[p]; i++) {
            const uint64_t h = c->ranges[p][i];
            if (h & board)
                continue;
            w->hole[p][n] = h;
            w->weight[p][n] = c->weight[p][i];
            w->cls[p][n++] = (uint32_t)hs_poker_rank_kernel(h | board);
        }
        w->n[p] = n;
        if (n == 0)
            return 0;
    }
    local_clear(w->won, c->players);
    if (walk_choices(c, w, 0, board | c->dead, UINT32_MAX, 0, c->completion_mult[unit], poll))
        return 1;
    local_add(acc, w->won, c->players);
    return 0;
}

static void board_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    board_count(ctx, unit, acc, scratch, NULL);
}

/* The completions of the board that are the smallest of their orbits, with the orbits' sizes. */
static int find_completions(eq_ctx *c) {
    const uint64_t deck = HS_DECK_MASK & ~(c->board | c->dead);
    const int left = hs_hand_size(deck);
    const size_t all = (size_t)hs_binom((unsigned)left, (unsigned)c->need);
    c->completion = malloc(all * sizeof *c->completion);
    c->completion_mult = malloc(all * sizeof *c->completion_mult);
    if (c->completion == NULL || c->completion_mult == NULL)
        return HS_ERR_NOMEM;
    int cards[HS_CARDS], n = 0;
    for (uint64_t m = deck; m != 0; m &= m - 1)
        cards[n++] = __builtin_ctzll(m);
    c->completions = 0;
    /* the need (0..2) new cards: indices a < b */
    for (int a = 0; a < (c->need >= 1 ? n : 1); a++)
        for (int b = a + 1; b < (c->need == 2 ? n : a + 2); b++) {
            uint64_t x = 0;
            if (c->need >= 1)
                x |= hs_card_bit(cards[a]);
            if (c->need == 2)
                x |= hs_card_bit(cards[b]);
            int fixed = 0, least = 1;
            for (int g = 0; g < c->perms && least; g++) {
                uint64_t img = hs_suit_permute(x, c->perm[g]);
                least = img >= x;
                fixed += img == x;
            }
            if (!least)
                continue;
            c->completion[c->completions] = x;
            c->completion_mult[c->completions++] = (uint32_t)(c->perms / fixed);
        }
    return HS_OK;
}

/* ---- the run -------------------------------------------------------------------------------- */

/* Every deal has a set of winners among the players, and the deals of one choice of hands come in
 * whole sets of board completions. */
static int eq_check(const void *ctx, const void *acc) {
    const eq_ctx *c = ctx;
    const eq_acc *a = acc;
    hs_uint128 deals = 0;
    for (unsigned s = 0; s < OUTCOMES; s++) {
        if ((s == 0 || s >> c->players != 0) && a->won[s] != 0)
            return HS_ERR_CORRUPT;
        deals += a->won[s];
    }
    const uint64_t left = (uint64_t)(HS_CARDS - hs_hand_size(c->board | c->dead) - 2 * c->players);
    return deals % hs_binom((unsigned)left, (unsigned)c->need) == 0 ? HS_OK : HS_ERR_CORRUPT;
}

static const hs_job_def tuple_job = {"holdem equity", 2,        sizeof(eq_acc), sizeof(tuple_walk),
                                     tuple_unit,      eq_merge, eq_check,       NULL};
static const hs_job_def tuple_job_coarse = {"holdem equity coarse",
                                            2,
                                            sizeof(eq_acc),
                                            sizeof(tuple_walk),
                                            tuple_unit,
                                            eq_merge,
                                            eq_check,
                                            tuple_count};
static const hs_job_def board_job = {"holdem equity boards",
                                     2,
                                     sizeof(eq_acc),
                                     sizeof(board_walk),
                                     board_unit,
                                     eq_merge,
                                     eq_check,
                                     board_count};

/* Up to this many choices of hands, one unit per choice. */
#define UNITS_MAX ((size_t)1 << 21)

static void to_equity(const eq_acc *a, int players, hs_holdem_equity_exact *out) {
    memset(out, 0, sizeof *out);
    out->players = players;
    for (unsigned s = 1; s < (1u << players); s++) {
        const hs_uint128 n = a->won[s];
        if (n == 0)
            continue;
        const int w = __builtin_popcount(s);
        out->deals += n;
        for (int p = 0; p < players; p++) {
            if (!(s >> p & 1))
                continue;
            if (w == 1)
                out->player[p].wins += n;
            else
                out->player[p].ties += n;
            out->player[p].shares += n * share_of[w];
        }
    }
    for (int p = 0; p < players; p++)
        out->player[p].losses = out->deals - out->player[p].wins - out->player[p].ties;
}

/* The engine: weights[p] (NULL: every weight 1) in units of 0.01% (1..HS_HOLDEM_WEIGHT_FULL;
 * each range's are divided by their gcd first, so whole percents count as they always did, and
 * every bound below is taken with the divided weights, up to 10000 each: the counts are checked
 * against 128 bits and each unit's against 64, never assumed to fit). `limit` is the largest count
 * the caller can take (every deal's pot shares must fit). */
/* Which way costs less, by a model of their costs measured on this engine (nanoseconds, one
 * thread): by choices of hands, about 4.5 per player and rank pattern of the cards to come (the
 * flush configurations included) plus 200 per choice; by completions, about 5 per combination
 * ranked, 1.2 per choice walked and 100 per completion. Both are divided by the symmetry. */
static int cheaper_way(const eq_ctx *c) {
    if (c->need > 2)
        return EQ_TUPLES;
    double choices = 1, combos = 0;
    for (int p = 0; p < c->players; p++) {
        choices *= (double)c->counts[p];
        combos += (double)c->counts[p];
    }
    const double patterns = (double)hs_binom(HS_RANKS - 1 + (unsigned)c->need, (unsigned)c->need);
    const double left = HS_CARDS - hs_hand_size(c->board | c->dead);
    const double completions = c->need == 2 ? left * (left - 1) / 2 : c->need == 1 ? left : 1;
    const double by_tuples = choices * (4.5 * patterns * c->players + 200);
    const double by_boards = completions * (5 * combos + 1.2 * choices + 100);
    return by_tuples < by_boards ? EQ_TUPLES : EQ_BOARDS;
}

static int equity_exact(int way, int players, const uint64_t *const ranges[], const size_t counts[],
                        const uint16_t *const weights[], uint64_t board, uint64_t dead,
                        hs_uint128 limit, int threads, hs_progress_fn progress, void *ctx,
                        hs_holdem_equity_exact *out) {
    memset(out, 0, sizeof *out);
    if (players < 2 || players > MAXP || threads < 0 || (board & ~HS_DECK_MASK) ||
        (dead & ~HS_DECK_MASK) || (board & dead) || hs_hand_size(board) > 5 ||
        (way == EQ_BOARDS && hs_hand_size(board) < 3))
        return HS_ERR_ARG;
    eq_ctx c;
    memset(&c, 0, sizeof c);
    c.players = players;
    c.board = board;
    c.dead = dead;
    c.ranges = ranges;
    c.counts = counts;
    c.need = 5 - hs_hand_size(board);
    c.pos = malloc((size_t)players * sizeof *c.pos);
    c.weight = malloc((size_t)players * sizeof *c.weight);
    if (c.pos == NULL || c.weight == NULL) {
        eq_ctx_free(&c);
        return HS_ERR_NOMEM;
    }
    memset(c.pos, 0xFF, (size_t)players * sizeof *c.pos);
    int rc = HS_OK;
    unsigned top_of[MAXP]; /* each range's greatest weight, divided by the gcd */
    /* The most any count can reach: every choice of hands at its greatest weight, with every
     * board, in pot shares. */
    const int left = HS_CARDS - hs_hand_size(board | dead) - 2 * players;
    hs_uint128 most = left < c.need ? 0 : hs_binom((unsigned)left, (unsigned)c.need);
    most *= HS_HOLDEM_SHARE_UNIT;
    for (int p = 0; p < players && rc == HS_OK; p++) {
        if (counts[p] == 0 || counts[p] > HS_HOLDEM_COMBOS) {
            rc = HS_ERR_ARG;
            break;
        }
        unsigned g = 0, top = 0;
        for (size_t i = 0; i < counts[p] && rc == HS_OK; i++) {
            const uint64_t h = ranges[p][i];
            const unsigned w = weights != NULL && weights[p] != NULL ? weights[p][i] : 1;
            if (hs_hand_size(h) != 2 || (h & ~HS_DECK_MASK) || c.pos[p][pair_index(h)] >= 0 ||
                w == 0 || w > HS_HOLDEM_WEIGHT_FULL)
                rc = HS_ERR_ARG; /* not two cards, a combination listed twice, a bad weight */
            else
                c.pos[p][pair_index(h)] = (int16_t)i;
            g = (unsigned)hs_gcd(w, g);
            top = w > top ? w : top;
        }
        for (size_t i = 0; i < counts[p] && rc == HS_OK; i++) {
            c.weight[p][i] =
                (uint16_t)((weights != NULL && weights[p] != NULL ? weights[p][i] : 1) / g);
            c.weighted |= c.weight[p][i] != 1;
        }
        top_of[p] = rc == HS_OK ? top / g : 1;
        if (rc == HS_OK && __builtin_mul_overflow(most, (hs_uint128)counts[p] * (top / g), &most))
            rc = HS_ERR_OVERFLOW;
    }
    /* Every deal uses two cards per player: the boards need 5 - |board| of what is left. */
    if (rc == HS_OK && left < c.need)
        rc = HS_ERR_COUNT;
    if (rc == HS_OK && most > limit)
        rc = HS_ERR_OVERFLOW;
    if (rc != HS_OK) {
        eq_ctx_free(&c);
        return rc;
    }
    find_symmetry(&c);
    const hs_job_def *def;
    size_t units;
    if (way == EQ_AUTO)
        way = cheaper_way(&c);
    if (way == EQ_BOARDS) {
        rc = find_completions(&c);
        def = &board_job;
        units = c.completions;
    } else {
        c.levels = 1;
        units = counts[0];
        while (c.levels < players && units * counts[c.levels] <= UNITS_MAX)
            units *= counts[c.levels++];
        def = c.levels == players ? &tuple_job : &tuple_job_coarse;
        rc = build_patterns(&c);
    }
    /* A unit counts in 64 bits: the most it can reach is its orbit (up to 24) times every weight
     * at its greatest, the choices walked inside it and (by choices) every board. */
    hs_uint128 unit_most = HS_SUIT_PERMS;
    for (int p = 0; p < players && rc == HS_OK; p++) {
        const int inside = way == EQ_BOARDS || p >= c.levels;
        if (__builtin_mul_overflow(unit_most, (hs_uint128)top_of[p] * (inside ? counts[p] : 1),
                                   &unit_most))
            rc = HS_ERR_OVERFLOW;
    }
    if (rc == HS_OK && way == EQ_TUPLES)
        unit_most *= hs_binom((unsigned)left, (unsigned)c.need);
    if (rc == HS_OK && unit_most > UINT64_MAX)
        rc = HS_ERR_OVERFLOW;
    eq_acc *acc = rc == HS_OK ? malloc(sizeof *acc) : NULL;
    hs_job *job = NULL;
    if (rc == HS_OK && acc == NULL)
        rc = HS_ERR_NOMEM;
    if (rc == HS_OK)
        rc = hs_job_new(def, &c, NULL, units, "", hs_poker_tables_hash, &job);
    if (rc == HS_OK)
        rc = hs_job_run_whole(job, threads, progress, ctx, acc);
    if (rc == HS_OK)
        to_equity(acc, players, out);
    free(acc);
    eq_ctx_free(&c);
    if (rc != HS_OK) {
        memset(out, 0, sizeof *out);
        return rc;
    }
    return out->deals > 0 ? HS_OK : HS_ERR_COUNT;
}

int hs_holdem_equity_run(int players, const uint64_t *const ranges[], const size_t counts[],
                         uint64_t board, uint64_t dead, int threads, hs_progress_fn progress,
                         void *ctx, hs_holdem_equity *out) {
    hs_holdem_equity_exact e;
    int rc = equity_exact(EQ_AUTO, players, ranges, counts, NULL, board, dead, UINT64_MAX, threads,
                          progress, ctx, &e);
    memset(out, 0, sizeof *out);
    if (rc != HS_OK)
        return rc;
    /* every count is at most the deals' pot shares, which fit 64 bits (checked above) */
    out->players = e.players;
    out->deals = (uint64_t)e.deals;
    for (int p = 0; p < players; p++) {
        out->player[p].wins = (uint64_t)e.player[p].wins;
        out->player[p].ties = (uint64_t)e.player[p].ties;
        out->player[p].losses = (uint64_t)e.player[p].losses;
        out->player[p].shares = (uint64_t)e.player[p].shares;
    }
    return HS_OK;
}

int hs_holdem_equity_ranges(int players, const hs_holdem_range *const ranges[], uint64_t board,
                            uint64_t dead, int threads, hs_progress_fn progress, void *ctx,
                            hs_holdem_equity_exact *out) {
    return hs_holdem_equity_ranges_way(EQ_AUTO, players, ranges, board, dead, threads, progress,
                                       ctx, out);
}

int hs_holdem_equity_ranges_way(int way, int players, const hs_holdem_range *const ranges[],
                                uint64_t board, uint64_t dead, int threads, hs_progress_fn progress,
                                void *ctx, hs_holdem_equity_exact *out) {
    if (players < 2 || players > MAXP) {
        memset(out, 0, sizeof *out);
        return HS_ERR_ARG;
    }
    const uint64_t *masks[MAXP];
    const uint16_t *weights[MAXP];
    size_t counts[MAXP];
    for (int p = 0; p < players; p++) {
        masks[p] = ranges[p]->combo;
        weights[p] = ranges[p]->weight;
        counts[p] = ranges[p]->n;
    }
    return equity_exact(way, players, masks, counts, weights, board, dead, ~(hs_uint128)0, threads,
                        progress, ctx, out);
}
