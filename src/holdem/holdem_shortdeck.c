/* Short-deck hold'em equity (handstat/shortdeck.h): every choice of one combination per range,
 * disjoint, weighted by the product of the combinations' weights, against every completion of
 * the board from the 36-card deck, each player's best five of seven ranked by
 * hs_shortdeck_rank(). A job: unit u is the u-th combination of the first range, so the counts do
 * not depend on the threads. Plain walks: the deck is small (C(32,5) = 201,376 boards heads-up
 * preflop). */
#include "handstat/shortdeck.h"

#include "combin.h"
#include "handstat/error.h"
#include "holdem_internal.h"
#include "job_internal.h"

#include <stdlib.h>
#include <string.h>

#define MAXP HS_HOLDEM_MAX_PLAYERS

typedef struct sd_ctx {
    int players, rules, need;
    uint64_t board, dead;
    const hs_holdem_range *range[MAXP];
    unsigned weight[MAXP][HS_HOLDEM_COMBOS]; /* divided by each range's gcd */
} sd_ctx;

typedef struct sd_acc {
    hs_uint128 deals;
    hs_holdem_player_exact p[MAXP];
} sd_acc;

/* Every completion of the board from `left`, for the hands hole[0..players). */
static void count_boards(const sd_ctx *c, const uint64_t *hole, hs_uint128 weight, sd_acc *acc) {
    int rest[HS_SHORTDECK_CARDS], n = 0;
    uint64_t left = HS_SHORTDECK_DECK_MASK & ~(c->board | c->dead);
    for (int p = 0; p < c->players; p++)
        left &= ~hole[p];
    for (; left != 0; left &= left - 1)
        rest[n++] = __builtin_ctzll(left);
    if (n < c->need)
        return;
    int idx[5] = {0, 1, 2, 3, 4};
    for (;;) {
        uint64_t board = c->board;
        for (int i = 0; i < c->need; i++)
            board |= hs_card_bit(rest[idx[i]]);
        int cls[MAXP], best = HS_SHORTDECK_CLASSES + 1, winners = 0;
        for (int p = 0; p < c->players; p++) {
            cls[p] = hs_shortdeck_rank(hole[p] | board, c->rules);
            best = cls[p] < best ? cls[p] : best;
        }
        for (int p = 0; p < c->players; p++)
            winners += cls[p] == best;
        for (int p = 0; p < c->players; p++) {
            hs_holdem_player_exact *q = &acc->p[p];
            if (cls[p] != best)
                q->losses += weight;
            else {
                if (winners == 1)
                    q->wins += weight;
                else
                    q->ties += weight;
                q->shares += weight * (HS_HOLDEM_SHARE_UNIT / (unsigned)winners);
            }
        }
        acc->deals += weight;
        if (!hs_next_subset(idx, c->need, n))
            break;
    }
}

/* The other players' combinations, one at a time, disjoint from what is chosen. Returns
 * non-zero when the run is stopping (polled before each choice's boards). */
static int choose(const sd_ctx *c, int p, uint64_t *hole, uint64_t used, hs_uint128 weight,
                  sd_acc *acc, hs_job_poll_t *poll) {
    if (p == c->players) {
        if (poll != NULL && hs_job_poll(poll))
            return 1;
        count_boards(c, hole, weight, acc);
        return 0;
    }
    const hs_holdem_range *r = c->range[p];
    for (size_t i = 0; i < r->n; i++) {
        if (r->combo[i] & used)
            continue;
        hole[p] = r->combo[i];
        if (choose(c, p + 1, hole, used | r->combo[i], weight * c->weight[p][i], acc, poll))
            return 1;
    }
    return 0;
}

static void sd_merge(void *dstp, const void *srcp);

/* A unit can hold many choices of hands (wide ranges, many players): it counts into its own
 * accumulator and adds it at the end, so that a stop leaves the worker's counts untouched. */
static int sd_unit(void *ctxp, size_t u, void *accp, void *scratch, hs_job_poll_t *poll) {
    (void)scratch;
    const sd_ctx *c = ctxp;
    uint64_t hole[MAXP], first = c->range[0]->combo[u];
    if (first & (c->board | c->dead))
        return 0;
    hole[0] = first;
    sd_acc local;
    memset(&local, 0, sizeof local);
    if (choose(c, 1, hole, first | c->board | c->dead, c->weight[0][u], &local, poll))
        return 1;
    sd_merge(accp, &local);
    return 0;
}

static void sd_merge(void *dstp, const void *srcp) {
    hs_uint128 *d = dstp;
    const hs_uint128 *s = srcp;
    for (size_t i = 0; i < sizeof(sd_acc) / sizeof(hs_uint128); i++)
        d[i] += s[i];
}

static int sd_check(const void *ctxp, const void *accp) {
    const sd_ctx *c = ctxp;
    const sd_acc *a = accp;
    hs_uint128 shares = 0;
    for (int p = 0; p < c->players; p++) {
        const hs_holdem_player_exact *q = &a->p[p];
        if (q->wins + q->ties + q->losses != a->deals)
            return HS_ERR_CORRUPT;
        shares += q->shares;
    }
    return shares == a->deals * HS_HOLDEM_SHARE_UNIT ? HS_OK : HS_ERR_CORRUPT;
}

static const hs_job_def sd_job = {"shortdeck equity", 1,        sizeof(sd_acc), 0, NULL,
                                  sd_merge,           sd_check, sd_unit};

int hs_shortdeck_equity_ranges(int players, const hs_holdem_range *const ranges[], uint64_t board,
                               uint64_t dead, int rules, int threads, hs_progress_fn progress,
                               void *progress_ctx, hs_holdem_equity_exact *out) {
    if (players < 2 || players > MAXP || threads < 0 ||
        (rules != HS_SHORTDECK_TRIPS_BEAT_STRAIGHT && rules != HS_SHORTDECK_STRAIGHT_BEATS_TRIPS))
        return HS_ERR_ARG;
    if ((board | dead) & ~HS_SHORTDECK_DECK_MASK)
        return HS_ERR_ARG;
    if (board & dead)
        return HS_ERR_DUPLICATE;
    if (hs_hand_size(board) > 5)
        return HS_ERR_COUNT;
    sd_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    c->players = players;
    c->rules = rules;
    c->need = 5 - hs_hand_size(board);
    c->board = board;
    c->dead = dead;
    /* The most any count can reach: every choice of hands at its greatest weight, with every
     * board, in pot shares; past 128 bits the counts could wrap. */
    const int left = HS_SHORTDECK_CARDS - hs_hand_size(board | dead) - 2 * players;
    hs_uint128 most = left < c->need ? 0 : hs_binom((unsigned)left, (unsigned)c->need);
    most *= HS_HOLDEM_SHARE_UNIT;
    int rc = HS_OK;
    for (int p = 0; p < players && rc == HS_OK; p++) {
        const hs_holdem_range *r = ranges[p];
        unsigned g = 0, top = 0;
        if (r->n == 0)
            rc = HS_ERR_ARG;
        for (size_t i = 0; i < r->n && rc == HS_OK; i++) {
            if ((r->combo[i] & ~HS_SHORTDECK_DECK_MASK) || r->weight[i] < 1 ||
                r->weight[i] > HS_HOLDEM_WEIGHT_FULL)
                rc = HS_ERR_ARG;
            g = (unsigned)hs_gcd(r->weight[i], g);
            top = r->weight[i] > top ? r->weight[i] : top;
        }
        c->range[p] = r;
        for (size_t i = 0; i < r->n && rc == HS_OK; i++)
            c->weight[p][i] = r->weight[i] / g;
        if (rc == HS_OK && __builtin_mul_overflow(most, (hs_uint128)r->n * (top / g), &most))
            rc = HS_ERR_OVERFLOW;
    }
    if (rc != HS_OK) {
        free(c);
        return rc;
    }
    hs_job *job;
    rc = hs_job_new(&sd_job, c, free, ranges[0]->n, "", NULL, &job);
    if (rc != HS_OK)
        return rc;
    sd_acc acc;
    rc = hs_job_run_whole(job, threads, progress, progress_ctx, &acc);
    if (rc != HS_OK)
        return rc;
    if (acc.deals == 0)
        return HS_ERR_COUNT; /* no choice of hands is disjoint, or no board is left */
    memset(out, 0, sizeof *out);
    out->players = players;
    out->deals = acc.deals;
    memcpy(out->player, acc.p, (size_t)players * sizeof acc.p[0]);
    return HS_OK;
}
