/* Hold'em starting-hand classes, hand parsing and exact multi-way equity. */
#include "holdem_internal.h"
#include "poker_internal.h"
#include "handstat/error.h"
#include "combin.h"
#include "job_internal.h"
#include "handstat/poker.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static const char GRID_RANKS[14] = "AKQJT98765432";

int hs_holdem_class(uint64_t hole) {
    assert(hs_hand_size(hole) == 2);
    int c1 = __builtin_ctzll(hole);
    int c2 = __builtin_ctzll(hole & (hole - 1));
    return hs_holdem_class_of(c1, c2);
}

void hs_holdem_class_name(int cls, char out[4]) {
    int row = cls / 13, col = cls % 13;
    if (row == col) {
        out[0] = out[1] = GRID_RANKS[row];
        out[2] = '\0';
        return;
    }
    out[0] = GRID_RANKS[row < col ? row : col];
    out[1] = GRID_RANKS[row < col ? col : row];
    out[2] = row < col ? 's' : 'o';
    out[3] = '\0';
}

int hs_holdem_class_combos(int cls) {
    int row = cls / 13, col = cls % 13;
    return row == col ? 6 : row < col ? 4 : 12;
}

/* Card rank (0 = ace .. 12 = king) of grid position g (0 = ace, 1 = king .. 12 = two). */
static int rank_of_grid(int g) {
    return g == 0 ? HS_ACE : HS_KING - g + 1;
}

int hs_holdem_class_hands(int cls, uint64_t combos[12]) {
    int row = cls / 13, col = cls % 13;
    int r1 = rank_of_grid(row), r2 = rank_of_grid(col);
    int n = 0;
    for (int s1 = 0; s1 < HS_SUITS; s1++)
        for (int s2 = 0; s2 < HS_SUITS; s2++) {
            uint64_t a = hs_card_bit(hs_card(r1, s1)), b = hs_card_bit(hs_card(r2, s2));
            int ok = row == col ? s1 < s2 : row < col ? s1 == s2 : s1 != s2;
            if (ok)
                combos[n++] = a | b;
        }
    /* increasing mask order */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && combos[j - 1] > combos[j]; j--) {
            uint64_t t = combos[j];
            combos[j] = combos[j - 1];
            combos[j - 1] = t;
        }
    return n;
}

int hs_holdem_pattern_parse(const char *s, size_t n, hs_holdem_pattern *p) {
    if (n != 2 && n != 3)
        return -1;
    int r1, r2;
    if (hs_rank_parse(s, 1, &r1) != HS_OK || hs_rank_parse(s + 1, 1, &r2) != HS_OK)
        return -1;
    const int a = hs_holdem_grid_rank(r1), b = hs_holdem_grid_rank(r2);
    p->hi = a < b ? a : b;
    p->lo = a < b ? b : a;
    if (n == 2) {
        p->kinds = 3;
        return 0;
    }
    const char kind = (char)(s[2] | 0x20); /* lower case */
    if (a == b || (kind != 's' && kind != 'o'))
        return -1;
    p->kinds = kind == 's' ? 1 : 2;
    return 0;
}

/* A class name: two ranks, then s or o unless they are a pair ("AK" alone is two classes).
 * Returns the class or -1. */
static int parse_class_name(const char *s, size_t len) {
    hs_holdem_pattern p;
    if (hs_holdem_pattern_parse(s, len, &p) != 0 || (p.kinds == 3 && p.hi != p.lo))
        return -1;
    return hs_holdem_class_at(p.hi, p.lo, p.kinds == 1);
}

int hs_holdem_hand_parse(const char *text, size_t len, uint64_t combos[12], size_t *n,
                         hs_parse_error *err) {
    size_t b = 0, e = len;
    while (b < e && (text[b] == ' ' || text[b] == '\t'))
        b++;
    while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t'))
        e--;
    int cls = parse_class_name(text + b, e - b);
    if (cls >= 0) {
        *n = (size_t)hs_holdem_class_hands(cls, combos);
        return HS_OK;
    }
    int cards[2];
    size_t count;
    hs_parse_error local;
    int rc = hs_cards_parse(text, len, cards, 2, &count, &local);
    if (rc == HS_OK && count != 2) {
        rc = HS_ERR_COUNT;
        local = (hs_parse_error){b, e - b, 0};
    }
    if (rc != HS_OK) {
        if (err != NULL)
            *err = local;
        return rc;
    }
    combos[0] = hs_card_bit(cards[0]) | hs_card_bit(cards[1]);
    *n = 1;
    return HS_OK;
}

/* ---- equity ------------------------------------------------------------------------------- */

/* One choice of hands: a combination per player, all disjoint. */
typedef struct deal_hands {
    uint64_t hole[HS_HOLDEM_MAX_PLAYERS];
    uint64_t used;
} deal_hands;

/* A pot split among w players: HS_HOLDEM_SHARE_UNIT / w (a table, not a division per board). */
static const uint64_t share_of[HS_HOLDEM_MAX_PLAYERS + 1] = {0,   2520, 1260, 840, 630,
                                                             504, 420,  360,  315, 280};

/* Add `weight` deals whose players' classes are cls[] to acc: the best class wins alone, or
 * ties with the players of equal class. */
static inline void add_outcome(const int *cls, int players, uint64_t weight,
                               hs_holdem_equity *acc) {
    int best = HS_POKER_CLASSES + 1, winners = 0;
    for (int p = 0; p < players; p++)
        best = cls[p] < best ? cls[p] : best;
    for (int p = 0; p < players; p++)
        winners += cls[p] == best;
    uint64_t share = share_of[winners];
    for (int p = 0; p < players; p++) {
        hs_holdem_player *pl = &acc->player[p];
        uint64_t won = cls[p] == best;
        pl->wins += weight * (won & (winners == 1));
        pl->ties += weight * (won & (winners > 1));
        pl->losses += weight * !won;
        pl->shares += weight * (won ? share : 0);
    }
    acc->deals += weight;
}

/* ---- counting the boards of one choice of hands ----------------------------------------------
 * A player can make a flush only in a suit where the board will hold at least 5 minus the
 * player's hole cards of that suit. Boards where some player could (the "flush boards") are
 * enumerated and ranked card by card (in batches, by the batch ranker). On every other board no one
 * has a flush, so the outcome depends only on the ranks of the cards to come: each multiset of
 * ranks is ranked once and counted with the number of boards that have those ranks, less the flush
 * boards among them. For two concrete hands that is about 6,200 rank patterns and 75,000-230,000
 * flush boards instead of 1.7 million boards. */

#define MSETS 6188       /* multisets of up to five ranks: dense index of combin.h */
#define FLUSH_BATCH 2048 /* flush boards ranked together by the batch ranker */

typedef struct board_walk {
    const deal_hands *d;
    int players;
    uint64_t board; /* known board cards */
    int need;       /* cards to come */
    uint64_t lanes[HS_SUITS];
    hs_holdem_equity *acc;
    uint32_t flush_boards[MSETS]; /* flush boards counted, by the multiset of their new ranks */
    size_t pending;               /* flush boards waiting in chosen[] to be ranked as a batch */
    uint64_t chosen[FLUSH_BATCH]; /* their new cards */
    uint64_t hands[FLUSH_BATCH];  /* one player's seven cards on each */
    uint16_t classes[HS_HOLDEM_MAX_PLAYERS][FLUSH_BATCH];
    int counts[HS_RANKS]; /* ranks of the cards to come, for the rank-pattern walk */
    int base[HS_HOLDEM_MAX_PLAYERS][HS_RANKS]; /* ranks of each player's hole + known board */
    int avail[HS_RANKS];                       /* cards of each rank left in the deck */
} board_walk;

/* Dense index of the multiset of ranks of `cards` (up to five cards): sort the ranks, then add
 * the index terms of combin.h. */
static unsigned mset_index_of_cards(uint64_t cards) {
    int r[5], n = 0;
    for (; cards != 0; cards &= cards - 1) {
        int v = __builtin_ctzll(cards) % HS_RANKS;
        int i = n++;
        for (; i > 0 && r[i - 1] > v; i--) /* insertion: at most five */
            r[i] = r[i - 1];
        r[i] = v;
    }
    unsigned idx = 0;
    for (int i = 0; i < n; i++)
        idx += hs_mset_step(i, r[i]);
    return idx;
}

/* Choose n[s] cards from each suit's lane (suits from `suit` on) and score the board. */
/* Rank the queued flush boards for every player with the batch ranker (AVX2 where the CPU has
 * it), then count their outcomes and their rank multisets. */
static void flush_pending(board_walk *w) {
    const size_t n = w->pending;
    for (int p = 0; p < w->players; p++) {
        uint64_t fixed = w->board | w->d->hole[p];
        for (size_t i = 0; i < n; i++)
            w->hands[i] = fixed | w->chosen[i];
        hs_poker_rank_batch(w->hands, n, w->classes[p]);
    }
    for (size_t i = 0; i < n; i++) {
        int cls[HS_HOLDEM_MAX_PLAYERS];
        for (int p = 0; p < w->players; p++)
            cls[p] = w->classes[p][i];
        add_outcome(cls, w->players, 1, w->acc);
        w->flush_boards[mset_index_of_cards(w->chosen[i])]++;
    }
    w->pending = 0;
}

static void flush_boards(board_walk *w, const int n[HS_SUITS], int suit, uint64_t chosen) {
    if (suit == HS_SUITS) {
        w->chosen[w->pending++] = chosen;
        if (w->pending == FLUSH_BATCH)
            flush_pending(w);
        return;
    }
    if (n[suit] == 0) {
        flush_boards(w, n, suit + 1, chosen);
        return;
    }
    /* The lane's cards, then its subsets of n[suit] cards by Gosper's hack over positions. */
    uint64_t cards[HS_RANKS];
    int avail = 0;
    for (uint64_t m = w->lanes[suit]; m != 0; m &= m - 1)
        cards[avail++] = m & -m;
    for (unsigned pick = (1u << n[suit]) - 1; pick < (1u << avail);) {
        uint64_t set = chosen;
        for (unsigned x = pick; x != 0; x &= x - 1)
            set |= cards[__builtin_ctz(x)];
        flush_boards(w, n, suit + 1, set);
        unsigned low = pick & -pick, ripple = pick + low;
        pick = ripple | (((pick ^ ripple) >> 2) / low);
    }
}

/* The class of a seven-card hand given by rank counts, with suits spread so that no flush
 * forms: the i-th card in rank order gets suit i mod 4 (equal ranks are consecutive, so they
 * get different suits, and no suit gets more than two of the seven). */
static int rank_only_class(const int counts[HS_RANKS]) {
    uint64_t mask = 0;
    int i = 0;
    for (int r = 0; r < HS_RANKS; r++)
        for (int c = 0; c < counts[r]; c++, i++)
            mask |= hs_card_bit(hs_card(r, i & 3));
    return hs_poker_rank_kernel(mask);
}

/* Every multiset of ranks for the cards to come (ranks from `rank` on, `left` cards). */
static void rank_patterns(board_walk *w, int rank, int left, uint64_t boards, unsigned idx,
                          int placed) {
    if (left == 0) {
        uint64_t weight = boards - w->flush_boards[idx];
        if (weight == 0)
            return;
        int cls[HS_HOLDEM_MAX_PLAYERS];
        for (int p = 0; p < w->players; p++) {
            int counts[HS_RANKS];
            for (int r = 0; r < HS_RANKS; r++)
                counts[r] = w->base[p][r] + w->counts[r];
            cls[p] = rank_only_class(counts);
        }
        add_outcome(cls, w->players, weight, w->acc);
        return;
    }
    if (rank == HS_RANKS)
        return;
    for (int m = 0; m <= left && m <= w->avail[rank]; m++) {
        unsigned step = 0;
        for (int j = 0; j < m; j++)
            step += hs_mset_step(placed + j, rank);
        w->counts[rank] = m;
        rank_patterns(w, rank + 1, left - m,
                      boards * hs_binom((unsigned)w->avail[rank], (unsigned)m), idx + step,
                      placed + m);
    }
    w->counts[rank] = 0;
}

/* All boards for one choice of hands. */
static void count_boards(board_walk *w, const deal_hands *d, int players, uint64_t board,
                         uint64_t dead, hs_holdem_equity *acc) {
    w->d = d;
    w->players = players;
    w->board = board;
    w->acc = acc;
    w->need = 5 - hs_hand_size(board);
    uint64_t deck = HS_DECK_MASK & ~(d->used | dead);
    int need_suit[HS_SUITS];
    for (int s = 0; s < HS_SUITS; s++) {
        w->lanes[s] = deck & ((uint64_t)0x1FFF << (s * HS_RANKS));
        int most = 0;
        for (int p = 0; p < players; p++) {
            int h = __builtin_popcount(hs_lane(d->hole[p], s));
            most = h > most ? h : most;
        }
        need_suit[s] = 5 - __builtin_popcount(hs_lane(board, s)) - most;
    }
    memset(w->flush_boards, 0, sizeof w->flush_boards);
    w->pending = 0;
    /* Flush boards, by how many of the new cards fall in each suit. */
    int n[HS_SUITS];
    for (n[0] = 0; n[0] <= w->need; n[0]++)
        for (n[1] = 0; n[0] + n[1] <= w->need; n[1]++)
            for (n[2] = 0; n[0] + n[1] + n[2] <= w->need; n[2]++) {
                n[3] = w->need - n[0] - n[1] - n[2];
                int possible = 1, flush = 0;
                for (int s = 0; s < HS_SUITS; s++) {
                    possible &= n[s] <= hs_hand_size(w->lanes[s]);
                    flush |= n[s] >= need_suit[s];
                }
                if (possible && flush)
                    flush_boards(w, n, 0, 0);
            }
    flush_pending(w);
    /* Every other board, by the ranks of the new cards. */
    for (int r = 0; r < HS_RANKS; r++) {
        w->avail[r] = 0;
        for (int s = 0; s < HS_SUITS; s++)
            w->avail[r] += (int)(hs_lane(deck, s) >> r & 1);
        w->counts[r] = 0;
        for (int p = 0; p < players; p++) {
            w->base[p][r] = 0;
            for (int s = 0; s < HS_SUITS; s++)
                w->base[p][r] += (int)(hs_lane(board | d->hole[p], s) >> r & 1);
        }
    }
    rank_patterns(w, 0, w->need, 1, 0, 0);
}

/* ---- the job: one unit per choice of hands ------------------------------------------------ */

typedef struct equity_ctx {
    int players;
    int levels; /* players whose choices make the work units */
    uint64_t board, dead;
    const uint64_t *const *ranges;
    const size_t *counts;
} equity_ctx;

static void equity_merge(void *dst, const void *src);

/* Every choice of combinations for players p.. that avoids d->used, with the earlier players'
 * combinations in d: each complete choice's boards are counted. With `poll`, the walk asks
 * after every choice whether the run is stopping, and returns non-zero when it is. */
static int choose_from(const equity_ctx *c, int p, deal_hands *d, board_walk *w,
                       hs_holdem_equity *acc, hs_job_poll_t *poll) {
    if (p == c->players) {
        count_boards(w, d, c->players, c->board, c->dead, acc);
        return poll != NULL && hs_job_poll(poll);
    }
    const uint64_t used = d->used;
    int stop = 0;
    for (size_t i = 0; i < c->counts[p] && !stop; i++) {
        const uint64_t hole = c->ranges[p][i];
        if (hole & used)
            continue;
        d->hole[p] = hole;
        d->used = used | hole;
        stop = choose_from(c, p + 1, d, w, acc, poll);
    }
    d->used = used;
    return stop;
}

/* The work units: every choice of combinations for the first `levels` players (mixed radix, the
 * last of them fastest), with every choice for the other players walked inside the unit. levels
 * is the most players whose choices number at most UNITS_MAX, so a query of up to that many
 * choices has one unit per choice, and the choices are never stored: memory stays bounded for
 * any ranges. Returns 0 when d holds the unit's choices, non-zero when they collide. */
#define UNITS_MAX ((size_t)1 << 21)

static int unit_choices(const equity_ctx *c, size_t unit, deal_hands *d) {
    d->used = c->board | c->dead;
    for (int p = c->levels - 1; p >= 0; p--) {
        const uint64_t hole = c->ranges[p][unit % c->counts[p]];
        unit /= c->counts[p];
        if (hole & d->used)
            return 1; /* not a deal: two players, or a player and the known cards, share a card */
        d->hole[p] = hole;
        d->used |= hole;
    }
    return 0;
}

static void equity_unit(void *ctx, size_t unit, void *acc, void *scratch) {
    const equity_ctx *c = ctx;
    deal_hands d;
    if (unit_choices(c, unit, &d) == 0)
        choose_from(c, c->levels, &d, scratch, acc, NULL);
}

/* A coarse unit (more than UNITS_MAX choices in all) can take minutes: it counts into its own
 * totals, asks after every choice whether the run is stopping, and adds its totals only when it
 * is complete, so that Ctrl-C acts at once. */
static int equity_unit_stoppable(void *ctx, size_t unit, void *acc, void *scratch,
                                 hs_job_poll_t *poll) {
    const equity_ctx *c = ctx;
    deal_hands d;
    if (unit_choices(c, unit, &d) != 0)
        return 0;
    hs_holdem_equity mine;
    memset(&mine, 0, sizeof mine);
    if (choose_from(c, c->levels, &d, scratch, &mine, poll) != 0)
        return 1;
    equity_merge(acc, &mine);
    return 0;
}

static void equity_merge(void *dst, const void *src) {
    hs_holdem_equity *d = dst;
    const hs_holdem_equity *s = src;
    d->deals += s->deals;
    for (int p = 0; p < HS_HOLDEM_MAX_PLAYERS; p++) {
        d->player[p].wins += s->player[p].wins;
        d->player[p].ties += s->player[p].ties;
        d->player[p].losses += s->player[p].losses;
        d->player[p].shares += s->player[p].shares;
    }
}

/* Every deal has one outcome for each player, and the pot is shared out whole. */
static int equity_check(const void *ctx, const void *acc) {
    const equity_ctx *c = ctx;
    const hs_holdem_equity *e = acc;
    uint64_t shares = 0;
    for (int p = 0; p < c->players; p++) {
        const hs_holdem_player *pl = &e->player[p];
        if (pl->wins + pl->ties + pl->losses != e->deals)
            return HS_ERR_CORRUPT;
        shares += pl->shares;
    }
    return shares == e->deals * HS_HOLDEM_SHARE_UNIT ? HS_OK : HS_ERR_CORRUPT;
}

static const hs_job_def equity_job = {"holdem equity",    1,           sizeof(hs_holdem_equity),
                                      sizeof(board_walk), equity_unit, equity_merge,
                                      equity_check,       NULL};
static const hs_job_def equity_job_coarse = {"holdem equity coarse",
                                             1,
                                             sizeof(hs_holdem_equity),
                                             sizeof(board_walk),
                                             equity_unit,
                                             equity_merge,
                                             equity_check,
                                             equity_unit_stoppable};

int hs_holdem_equity_run(int players, const uint64_t *const ranges[], const size_t counts[],
                         uint64_t board, uint64_t dead, int threads, hs_progress_fn progress,
                         void *ctx, hs_holdem_equity *out) {
    memset(out, 0, sizeof *out);
    if (players < 2 || players > HS_HOLDEM_MAX_PLAYERS || threads < 0 || (board & ~HS_DECK_MASK) ||
        (dead & ~HS_DECK_MASK) || (board & dead) || hs_hand_size(board) > 5)
        return HS_ERR_ARG;
    for (int p = 0; p < players; p++) {
        if (counts[p] == 0)
            return HS_ERR_ARG;
        for (size_t i = 0; i < counts[p]; i++)
            if (hs_hand_size(ranges[p][i]) != 2 || (ranges[p][i] & ~HS_DECK_MASK))
                return HS_ERR_ARG;
    }
    /* Every deal uses two cards per player: the boards need 5 - |board| of what is left. */
    if (HS_CARDS - hs_hand_size(board | dead) - 2 * players < 5 - hs_hand_size(board))
        return HS_ERR_COUNT;
    equity_ctx c = {players, 1, board, dead, ranges, counts};
    size_t units = counts[0];
    while (c.levels < players && units * counts[c.levels] <= UNITS_MAX)
        units *= counts[c.levels++];
    hs_job *job;
    int rc = hs_job_new(c.levels == players ? &equity_job : &equity_job_coarse, &c, NULL, units, "",
                        hs_poker_tables_hash, &job);
    if (rc == HS_OK)
        rc = hs_job_run_whole(job, threads, progress, ctx, out);
    if (rc != HS_OK) {
        memset(out, 0, sizeof *out);
        return rc;
    }
    out->players = players;
    return out->deals > 0 ? HS_OK : HS_ERR_COUNT;
}
