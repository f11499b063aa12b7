/* What a hold'em hand makes on a board: one made-hand category and draw flags
 * (handstat/holdem_board.h defines them), for one combination, a range on one board, and a range
 * over every flop, turn or river (a job: one unit per combination, or per class when no card is
 * dead). */
#include "holdem_internal.h"
#include "handstat/holdem_board.h"
#include "handstat/error.h"
#include "handstat/poker.h"
#include "combin.h"
#include "job_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const MADE_NAME[HS_HIT_MADE] = {
    "straight_flush", "quads",     "full_house",     "flush",    "straight", "set",
    "trips",          "two_pair",  "two_pair_board", "overpair", "top_pair", "pocket_below_top",
    "second_pair",    "weak_pair", "ace_high",       "nothing"};
static const char *const MADE_TITLE[HS_HIT_MADE] = {"straight flush",
                                                    "quads",
                                                    "full house",
                                                    "flush",
                                                    "straight",
                                                    "set",
                                                    "trips",
                                                    "two pair (both hole cards)",
                                                    "two pair (hole card + board pair)",
                                                    "overpair",
                                                    "top pair",
                                                    "pocket pair below top pair",
                                                    "second pair",
                                                    "weak pair",
                                                    "ace high",
                                                    "no made hand"};
static const char *const FLAG_NAME[HS_HIT_FLAGS] = {
    "plays_board", "flush_draw", "nut_flush_draw", "oesd",
    "gutshot",     "combo_draw", "backdoor_flush", "overcards"};
static const char *const FLAG_TITLE[HS_HIT_FLAGS] = {
    "plays the board", "flush draw", "nut flush draw",      "open-ended / double gutter",
    "gutshot",         "combo draw", "backdoor flush draw", "two overcards"};

const char *hs_holdem_hit_name(int made) {
    return made >= 0 && made < HS_HIT_MADE ? MADE_NAME[made] : "unknown";
}
const char *hs_holdem_hit_title(int made) {
    return made >= 0 && made < HS_HIT_MADE ? MADE_TITLE[made] : "unknown";
}
const char *hs_holdem_hit_flag_name(int flag) {
    return flag >= 0 && flag < HS_HIT_FLAGS ? FLAG_NAME[flag] : "unknown";
}
const char *hs_holdem_hit_flag_title(int flag) {
    return flag >= 0 && flag < HS_HIT_FLAGS ? FLAG_TITLE[flag] : "unknown";
}

/* A card rank in ace-high order: two 0 .. king 11, ace 12. */
static inline int high(int rank) {
    return rank == HS_ACE ? 12 : rank - 1;
}

/* The ranks of a set of cards as a 13-bit set in ace-high order. */
static inline unsigned rank_set(uint64_t cards) {
    unsigned by_rank = 0; /* card ranks: ace bit 0 */
    for (int s = 0; s < HS_SUITS; s++)
        by_rank |= hs_lane(cards, s);
    return ((by_rank >> 1) & 0xFFFu) | ((by_rank & 1u) << 12);
}

/* The straight set of an ace-high rank set: bit 0 the ace as one, bits 1..13 two .. ace. */
static inline unsigned straight_set(unsigned ranks) {
    return (ranks << 1) | (ranks >> 12);
}

/* The number of the board's distinct ranks (ace-high set `board`) above ace-high rank r. */
static inline int ranks_above(unsigned board, int r) {
    return __builtin_popcount(board >> (r + 1));
}

/* The number of cards of rank `rank` (card rank, ace 0) in `cards`. */
static inline int count_rank(uint64_t cards, int rank) {
    int n = 0;
    for (int s = 0; s < HS_SUITS; s++)
        n += (int)((cards >> (s * HS_RANKS + rank)) & 1u);
    return n;
}

/* The category of a pair of rank `rank` (card rank) with `in_hole` of its cards among the hole
 * cards: a pocket pair, a hole card pairing the board, or none (-1: the board's pair). */
static int pair_category(int rank, int in_hole, unsigned board_ranks) {
    const int above = ranks_above(board_ranks, high(rank));
    if (in_hole == 2)
        return above == 0   ? HS_HIT_OVERPAIR
               : above == 1 ? HS_HIT_POCKET_BELOW_TOP
                            : HS_HIT_WEAK_PAIR;
    if (in_hole == 1)
        return above == 0 ? HS_HIT_TOP_PAIR : above == 1 ? HS_HIT_SECOND_PAIR : HS_HIT_WEAK_PAIR;
    return -1;
}

/* The made category from the class of the best five. */
static int made_of(uint64_t hole, uint64_t board, int cls) {
    int r[5];
    const int cat = hs_poker_class_ranks(cls, r);
    const unsigned board_ranks = rank_set(board);
    int made = -1;
    switch (cat) {
    case HS_POKER_STRAIGHT_FLUSH:
        return HS_HIT_STRAIGHT_FLUSH;
    case HS_POKER_FOUR_OF_A_KIND:
        return HS_HIT_QUADS;
    case HS_POKER_FULL_HOUSE:
        return HS_HIT_FULL_HOUSE;
    case HS_POKER_FLUSH:
        return HS_HIT_FLUSH;
    case HS_POKER_STRAIGHT:
        return HS_HIT_STRAIGHT;
    case HS_POKER_THREE_OF_A_KIND: {
        const int n = count_rank(hole, r[0]);
        made = n == 2 ? HS_HIT_SET : n == 1 ? HS_HIT_TRIPS : -1;
        break;
    }
    case HS_POKER_TWO_PAIR: {
        const int n1 = count_rank(hole, r[0]), n2 = count_rank(hole, r[2]);
        if (n1 == 1 && n2 == 1)
            made = HS_HIT_TWO_PAIR;
        else if (n1 == 2 || n2 == 2)
            made = pair_category(n1 == 2 ? r[0] : r[2], 2, board_ranks);
        else if (n1 + n2 == 1)
            made = HS_HIT_TWO_PAIR_BOARD;
        break;
    }
    case HS_POKER_PAIR:
        made = pair_category(r[0], count_rank(hole, r[0]), board_ranks);
        break;
    default:
        break;
    }
    if (made >= 0)
        return made;
    return count_rank(hole, HS_ACE) > 0 ? HS_HIT_ACE_HIGH : HS_HIT_NOTHING;
}

/* The draw flags of a flop or turn board (made: the made category). */
static unsigned draws_of(uint64_t hole, uint64_t board, int n_board, int made) {
    unsigned f = 0;
    const uint64_t all = hole | board;
    if (made > HS_HIT_FLUSH)
        for (int s = 0; s < HS_SUITS; s++) {
            const unsigned lane = hs_lane(all, s), hl = hs_lane(hole, s);
            const int n = __builtin_popcount(lane);
            if (hl == 0)
                continue;
            if (n == 4) {
                f |= HS_HIT_F(HS_HIT_FLUSH_DRAW);
                /* the suit's highest card not on the board, ace first */
                const unsigned missing = rank_set((uint64_t)(~hs_lane(board, s) & 0x1FFFu));
                const int top = 31 - __builtin_clz(missing);
                if (rank_set(hl) & (1u << top))
                    f |= HS_HIT_F(HS_HIT_NUT_FLUSH_DRAW);
            } else if (n == 3 && n_board == 3)
                f |= HS_HIT_F(HS_HIT_BACKDOOR_FLUSH);
        }
    if (made > HS_HIT_STRAIGHT) {
        const unsigned have = straight_set(rank_set(all)), on_board = straight_set(rank_set(board));
        int outs = 0;
        for (int r = 0; r < 13; r++) {
            const unsigned add = straight_set(1u << r);
            if (have & add)
                continue;
            const unsigned with = have | add, board_with = on_board | add;
            for (int low = 0; low <= 9; low++) {
                const unsigned w = 0x1Fu << low;
                if ((w & add) && (with & w) == w && (board_with & w) != w) {
                    outs++;
                    break;
                }
            }
        }
        if (outs >= 2)
            f |= HS_HIT_F(HS_HIT_OESD);
        else if (outs == 1)
            f |= HS_HIT_F(HS_HIT_GUTSHOT);
    }
    if ((f & HS_HIT_F(HS_HIT_FLUSH_DRAW)) &&
        (f & (HS_HIT_F(HS_HIT_OESD) | HS_HIT_F(HS_HIT_GUTSHOT))))
        f |= HS_HIT_F(HS_HIT_COMBO_DRAW);
    if (made >= HS_HIT_ACE_HIGH) {
        const unsigned hr = rank_set(hole);
        const unsigned br = rank_set(board);
        const int top = 31 - __builtin_clz(br);
        if (__builtin_popcount(hr) == 2 && (hr & ((2u << top) - 1)) == 0)
            f |= HS_HIT_F(HS_HIT_OVERCARDS);
    }
    return f;
}

/* hs_holdem_hit without the checks: hole two cards, board n_board (3..5) cards, disjoint. */
static int hit(uint64_t hole, uint64_t board, int n_board, unsigned *flags) {
    const int cls = hs_poker_rank(hole | board);
    const int made = made_of(hole, board, cls);
    unsigned f = 0;
    if (n_board == 5)
        f = cls == hs_poker_rank5(board) ? HS_HIT_F(HS_HIT_PLAYS_BOARD) : 0;
    else
        f = draws_of(hole, board, n_board, made);
    *flags = f;
    return made;
}

int hs_holdem_hit_unchecked(uint64_t hole, uint64_t board, int n_board, unsigned *flags) {
    return hit(hole, board, n_board, flags);
}

int hs_holdem_hit(uint64_t hole, uint64_t board, unsigned *flags) {
    unsigned f = 0;
    const int nb = hs_hand_size(board);
    if (hs_hand_size(hole) != 2 || nb < 3 || nb > 5 || (hole & board) ||
        ((hole | board) & ~HS_DECK_MASK)) {
        if (flags != NULL)
            *flags = 0;
        return HS_ERR_ARG;
    }
    const int made = hit(hole, board, nb, &f);
    if (flags != NULL)
        *flags = f;
    return made;
}

/* Add w to the counts of one category and flag set. Counts are in weight units (10000 a whole
 * combination): on one board at most 1326 x 10000; over every board a class's weight (at most 12
 * x 10000) times a unit's boards (at most C(50, 5) = 2,118,760), 2.5e11, and a street's sum over
 * the 169 classes 2.8e13: 64 bits hold them all. */
static void tally(hs_holdem_hits *h, int made, unsigned flags, uint64_t w) {
    h->total += w;
    h->made[made] += w;
    for (; flags != 0; flags &= flags - 1)
        h->flag[__builtin_ctz(flags)] += w;
}

int hs_holdem_hits_board(const hs_holdem_range *range, uint64_t board, uint64_t dead,
                         hs_holdem_hits *out) {
    memset(out, 0, sizeof *out);
    const int nb = hs_hand_size(board);
    if (nb < 3 || nb > 5 || (board & dead) || ((board | dead) & ~HS_DECK_MASK))
        return HS_ERR_ARG;
    for (size_t i = 0; i < range->n; i++) {
        const uint64_t h = range->combo[i];
        if (!hs_holdem_combo_ok(range, i))
            return HS_ERR_ARG;
        if (h & (board | dead))
            continue;
        unsigned f;
        const int made = hit(h, board, nb, &f);
        tally(out, made, f, range->weight[i]);
    }
    return out->total > 0 ? HS_OK : HS_ERR_COUNT;
}

/* ---- every flop, turn or river ------------------------------------------------------------- */

/* Counts of one unit and street: boards, then the made categories, then the flags. */
#define ROW (1 + HS_HIT_MADE + HS_HIT_FLAGS)

typedef struct hits_ctx {
    hs_job_def def;
    uint64_t dead;
    unsigned streets;
    size_t units;
    uint64_t hole[HS_HOLDEM_COMBOS];   /* each unit's combination */
    int cls[HS_HOLDEM_COMBOS];         /* its class */
    uint64_t weight[HS_HOLDEM_COMBOS]; /* the weight it counts with (its class's, by symmetry) */
    int combos[HS_HOLDEM_CLASSES];     /* the range's combinations of each class (live) */
    uint64_t class_weight[HS_HOLDEM_CLASSES];
} hits_ctx;

static void hits_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    (void)scratch;
    const hits_ctx *c = ctx;
    const uint64_t hole = c->hole[unit];
    int cards[HS_CARDS], n = 0;
    for (uint64_t m = HS_DECK_MASK & ~(hole | c->dead); m != 0; m &= m - 1)
        cards[n++] = __builtin_ctzll(m);
    for (int s = 0; s < HS_STREETS; s++) {
        if (!(c->streets & (1u << s)))
            continue;
        uint64_t *row = (uint64_t *)acc + (unit * HS_STREETS + (size_t)s) * ROW;
        const int k = 3 + s;
        if (n < k)
            continue;
        int idx[5];
        for (int i = 0; i < k; i++)
            idx[i] = i;
        for (;;) {
            uint64_t board = 0;
            for (int i = 0; i < k; i++)
                board |= hs_card_bit(cards[idx[i]]);
            unsigned f;
            const int made = hit(hole, board, k, &f);
            row[0]++;
            row[1 + made]++;
            for (; f != 0; f &= f - 1)
                row[1 + HS_HIT_MADE + __builtin_ctz(f)]++;
            if (!hs_next_subset(idx, k, n))
                break;
        }
    }
}

static int hits_check(const void *ctx, const void *acc) {
    const hits_ctx *c = ctx;
    const uint64_t *a = acc;
    for (size_t u = 0; u < c->units; u++) {
        const int left = HS_CARDS - hs_hand_size(c->dead) - 2;
        for (int s = 0; s < HS_STREETS; s++) {
            const uint64_t *row = a + (u * HS_STREETS + (size_t)s) * ROW;
            const uint64_t boards = (c->streets & (1u << s)) && left >= 3 + s
                                        ? hs_binom((unsigned)left, 3u + (unsigned)s)
                                        : 0;
            uint64_t sum = 0;
            for (int m = 0; m < HS_HIT_MADE; m++)
                sum += row[1 + m];
            if (row[0] != boards || sum != boards ||
                row[1 + HS_HIT_MADE + HS_HIT_COMBO_DRAW] >
                    row[1 + HS_HIT_MADE + HS_HIT_FLUSH_DRAW] ||
                row[1 + HS_HIT_MADE + HS_HIT_NUT_FLUSH_DRAW] >
                    row[1 + HS_HIT_MADE + HS_HIT_FLUSH_DRAW])
                return HS_ERR_CORRUPT;
        }
    }
    return HS_OK;
}

/* A hash of a range's combinations and weights, for the job's parameters. */
static uint64_t range_hash(const hs_holdem_range *r) {
    uint64_t h = hs_hash64(r->combo, r->n * sizeof r->combo[0], HS_HASH64_INIT);
    return hs_hash64(r->weight, r->n * sizeof r->weight[0], h);
}

int hs_holdem_hits_job_new(const hs_holdem_range *range, uint64_t dead, unsigned streets,
                           hs_job **out) {
    *out = NULL;
    if (streets == 0 || (streets & ~7u) || (dead & ~HS_DECK_MASK) || range->n > HS_HOLDEM_COMBOS)
        return HS_ERR_ARG;
    hits_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    c->dead = dead;
    c->streets = streets;
    int rep[HS_HOLDEM_CLASSES]; /* the unit counting each class, without dead cards */
    for (int k = 0; k < HS_HOLDEM_CLASSES; k++)
        rep[k] = -1;
    for (size_t i = 0; i < range->n; i++) {
        const uint64_t h = range->combo[i];
        if (!hs_holdem_combo_ok(range, i)) {
            free(c);
            return HS_ERR_ARG;
        }
        if (h & dead)
            continue;
        const int k = hs_holdem_class(h);
        c->combos[k]++;
        c->class_weight[k] += range->weight[i];
        if (dead == 0 && rep[k] >= 0) {
            c->weight[rep[k]] += range->weight[i];
            continue;
        }
        rep[k] = (int)c->units;
        c->hole[c->units] = h;
        c->cls[c->units] = k;
        c->weight[c->units++] = range->weight[i];
    }
    if (c->units == 0) {
        free(c);
        return HS_ERR_COUNT;
    }
    c->def.name = "holdem hits";
    c->def.layout = 1;
    c->def.acc_size = c->units * HS_STREETS * ROW * sizeof(uint64_t);
    c->def.unit = hits_unit;
    c->def.check = hits_check;
    char params[256];
    snprintf(params, sizeof params, "range=%016llx n=%zu dead=%llx streets=%u",
             (unsigned long long)range_hash(range), range->n, (unsigned long long)dead, streets);
    return hs_job_new(&c->def, c, free, c->units, params, NULL, out);
}

int hs_holdem_hits_job_result(const hs_job *job, hs_holdem_hits_class *out, int *n) {
    *n = 0;
    if (strcmp(hs_job_name(job), "holdem hits") != 0 || hs_job_units_done(job) != hs_job_units(job))
        return HS_ERR_ARG;
    const hits_ctx *c = hs_job_ctx(job);
    const uint64_t *a = hs_job_acc_const(job);
    int slot[HS_HOLDEM_CLASSES];
    for (int k = 0; k < HS_HOLDEM_CLASSES; k++) {
        slot[k] = -1;
        if (c->combos[k] == 0)
            continue;
        slot[k] = *n;
        hs_holdem_hits_class *e = &out[(*n)++];
        memset(e, 0, sizeof *e);
        e->cls = k;
        e->combos = c->combos[k];
        e->weight = c->class_weight[k];
    }
    for (size_t u = 0; u < c->units; u++) {
        hs_holdem_hits_class *e = &out[slot[c->cls[u]]];
        for (int s = 0; s < HS_STREETS; s++) {
            const uint64_t *row = a + (u * HS_STREETS + (size_t)s) * ROW;
            hs_holdem_hits *h = &e->street[s];
            const uint64_t w = c->weight[u];
            h->total += w * row[0];
            for (int m = 0; m < HS_HIT_MADE; m++)
                h->made[m] += w * row[1 + m];
            for (int f = 0; f < HS_HIT_FLAGS; f++)
                h->flag[f] += w * row[1 + HS_HIT_MADE + f];
        }
    }
    return HS_OK;
}

int hs_holdem_hits_run(const hs_holdem_range *range, uint64_t dead, unsigned streets, int threads,
                       hs_progress_fn progress, void *ctx, hs_holdem_hits_class *out, int *n) {
    *n = 0;
    if (threads < 0)
        return HS_ERR_ARG;
    hs_job *job;
    int rc = hs_holdem_hits_job_new(range, dead, streets, &job);
    if (rc != HS_OK)
        return rc;
    rc = hs_job_run(job, 0, hs_job_units(job),
                    &(hs_job_opts){threads, progress, ctx, NULL, NULL, 0.0});
    if (rc == HS_OK)
        rc = hs_holdem_hits_job_result(job, out, n);
    hs_job_free(job);
    return rc;
}
