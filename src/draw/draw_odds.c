/* The draw games (handstat/draw.h): the class and band of a final hand in each game, one draw's
 * exact odds, and every discard choice of a hand with its odds and, against a known opponent with
 * its own draw, its exact wins, ties and losses. Plain enumeration over the replacement sets. */
#include "handstat/draw.h"

#include "handstat/cards.h"
#include "handstat/count.h"
#include "handstat/error.h"
#include "handstat/lowball.h"
#include "handstat/poker.h"

#include "job_internal.h"

#include <stdlib.h>
#include <string.h>

int hs_draw_game_parse(const char *name) {
    static const char *const NAMES[HS_DRAW_GAMES] = {"27", "a5", "high", "badugi"};
    for (int g = 0; name != NULL && g < HS_DRAW_GAMES; g++)
        if (strcmp(name, NAMES[g]) == 0)
            return g;
    return -1;
}

const char *hs_draw_game_name(int game) {
    static const char *const NAMES[HS_DRAW_GAMES] = {"27", "a5", "high", "badugi"};
    return game >= 0 && game < HS_DRAW_GAMES ? NAMES[game] : NULL;
}

int hs_draw_hand_cards(int game) {
    return game == HS_DRAW_BADUGI ? 4 : game >= 0 && game < HS_DRAW_GAMES ? 5 : 0;
}

int hs_draw_class(int game, uint64_t hand) {
    const int n = hs_draw_hand_cards(game);
    if (n == 0 || __builtin_popcountll(hand) != n || (hand & ~HS_DECK_MASK) != 0)
        return 0;
    switch (game) {
    case HS_DRAW_27:
        return hs_low_27_rank(hand);
    case HS_DRAW_A5:
        return hs_low_a5_rank(hand);
    case HS_DRAW_HIGH:
        return hs_poker_rank5(hand);
    default:
        return hs_badugi_rank(hand);
    }
}

int hs_draw_classes(int game) {
    static const int CLASSES[HS_DRAW_GAMES] = {HS_LOW_27_CLASSES, HS_LOW_A5_CLASSES,
                                               HS_POKER_CLASSES, HS_BADUGI_CLASSES};
    return game >= 0 && game < HS_DRAW_GAMES ? CLASSES[game] : 0;
}

int hs_draw_bands(int game) {
    static const int BANDS[HS_DRAW_GAMES] = {9, 10, HS_POKER_CATEGORIES, 13};
    return game >= 0 && game < HS_DRAW_GAMES ? BANDS[game] : -1;
}

int hs_draw_band(int game, int cls) {
    if (cls < 1 || cls > hs_draw_classes(game))
        return -1;
    switch (game) {
    case HS_DRAW_27: {
        /* tops 6 (7-low) .. 12 (K-low) are bands 0..6, the ace-high low (top 0) band 7 */
        const int top = hs_low_27_top(cls);
        return top < 0 ? 8 : top == HS_ACE ? 7 : top - 6;
    }
    case HS_DRAW_A5: {
        const int top = hs_low_a5_top(cls);
        return top < 0 ? 9 : top - 4; /* 5-low (top 4) is band 0 */
    }
    case HS_DRAW_HIGH:
        return hs_poker_category(cls); /* 0 = straight flush, the best */
    default: {
        int ranks[4];
        const int s = hs_badugi_ranks(cls, ranks);
        return s == 4 ? ranks[0] - 3 : 10 + (3 - s); /* 4-high (top 3) is band 0 */
    }
    }
}

const char *hs_draw_band_name(int game, int band) {
    static const char *const LOW27[] = {"7-low", "8-low", "9-low", "T-low",        "J-low",
                                        "Q-low", "K-low", "A-low", "pair_or_worse"};
    static const char *const LOWA5[] = {"5-low", "6-low", "7-low", "8-low", "9-low",
                                        "T-low", "J-low", "Q-low", "K-low", "pair_or_worse"};
    static const char *const BADUGI[] = {
        "4-card 4-high", "4-card 5-high", "4-card 6-high", "4-card 7-high", "4-card 8-high",
        "4-card 9-high", "4-card T-high", "4-card J-high", "4-card Q-high", "4-card K-high",
        "3-card",        "2-card",        "1-card"};
    if (band < 0 || band >= hs_draw_bands(game))
        return NULL;
    switch (game) {
    case HS_DRAW_27:
        return LOW27[band];
    case HS_DRAW_A5:
        return LOWA5[band];
    case HS_DRAW_HIGH:
        return hs_poker_category_name(band);
    default:
        return BADUGI[band];
    }
}

/* ---- enumeration -------------------------------------------------------------------------- */

/* The cards of mask m into out[] in increasing order; their number. */
static int cards_of(uint64_t m, int *out) {
    int n = 0;
    for (; m != 0; m &= m - 1)
        out[n++] = __builtin_ctzll(m);
    return n;
}

/* C(n, k) for the small sizes here (n <= 52, k <= 5): fits 64 bits easily. */
static uint64_t binom(int n, int k) {
    if (k < 0 || k > n)
        return 0;
    uint64_t v = 1;
    for (int i = 1; i <= k; i++)
        v = v * (uint64_t)(n - k + i) / (uint64_t)i;
    return v;
}

/* Every k-subset of the n cards stub[] as a mask, in lexicographic order of indices, into
 * masks[] (room for C(n, k)); their number. */
static size_t all_draws(const int *stub, int n, int k, uint64_t *masks) {
    int idx[5];
    size_t m = 0;
    if (k == 0) {
        masks[0] = 0;
        return 1;
    }
    for (int i = 0; i < k; i++)
        idx[i] = i;
    for (;;) {
        uint64_t mask = 0;
        for (int i = 0; i < k; i++)
            mask |= hs_card_bit(stub[idx[i]]);
        masks[m++] = mask;
        int i = k - 1;
        while (i >= 0 && idx[i] == n - k + i)
            i--;
        if (i < 0)
            return m;
        idx[i]++;
        for (int j = i + 1; j < k; j++)
            idx[j] = idx[j - 1] + 1;
    }
}

/* The classes of kept | each draw of draws[0..n) into cls[], and the odds into *o. */
static void rank_draws(int game, uint64_t kept, const uint64_t *draws, size_t n, uint16_t *cls,
                       hs_draw_odds *o) {
    memset(o, 0, sizeof *o);
    o->bands = hs_draw_bands(game);
    o->total = n;
    for (size_t i = 0; i < n; i++) {
        const int c = hs_draw_class(game, kept | draws[i]);
        cls[i] = (uint16_t)c;
        o->count[hs_draw_band(game, c)]++;
        o->class_sum += (uint64_t)c;
    }
}

int hs_draw_odds_of(int game, uint64_t kept, int draw, uint64_t dead, hs_draw_odds *out) {
    const int size = hs_draw_hand_cards(game);
    if (size == 0)
        return HS_ERR_ARG;
    if (draw < 0 || __builtin_popcountll(kept) + draw != size || ((kept | dead) & ~HS_DECK_MASK))
        return HS_ERR_COUNT;
    if (kept & dead)
        return HS_ERR_DUPLICATE;
    int stub[HS_CARDS];
    const int n = cards_of(HS_DECK_MASK & ~kept & ~dead, stub);
    if (draw > n)
        return HS_ERR_ARG;
    const size_t m = (size_t)binom(n, draw);
    uint64_t *draws = malloc(m * sizeof *draws);
    uint16_t *cls = malloc(m * sizeof *cls);
    if (draws == NULL || cls == NULL) {
        free(draws);
        free(cls);
        return HS_ERR_NOMEM;
    }
    all_draws(stub, n, draw, draws);
    rank_draws(game, kept, draws, m, cls, out);
    free(draws);
    free(cls);
    return HS_OK;
}

/* The opponent's final hands: every draw from the stub with its class. */
typedef struct opp_draws {
    uint64_t *mask;
    uint16_t *cls;
    size_t n;
} opp_draws;

/* Choice a before b: the larger equity (2 wins + ties over 2 deals, cross-multiplied), then the
 * lower mean class (class_sum / total), then the smaller discard mask. */
static int choice_cmp(const void *pa, const void *pb) {
    const hs_draw_choice *a = pa, *b = pb;
    if (a->deals != 0 && b->deals != 0) {
        const hs_uint128 ea = (2 * (hs_uint128)a->wins + a->ties) * b->deals,
                         eb = (2 * (hs_uint128)b->wins + b->ties) * a->deals;
        if (ea != eb)
            return ea > eb ? -1 : 1;
    }
    const hs_uint128 ma = (hs_uint128)a->odds.class_sum * b->odds.total,
                     mb = (hs_uint128)b->odds.class_sum * a->odds.total;
    if (ma != mb)
        return ma < mb ? -1 : 1;
    return a->discard < b->discard ? -1 : a->discard > b->discard ? 1 : 0;
}

/* The discards' job: the inputs, and per choice the additive counts of an hs_draw_choice. A unit
 * is one choice's slice of at most DISC_SLICE draws, so that the choice of drawing five (most of
 * the work) is shared between the workers too. */
#define DISC_SLICE 4096

typedef struct disc_unit_range {
    unsigned sub;       /* the choice: the held cards in its bits are thrown */
    size_t first, last; /* its draws [first, last) */
} disc_unit_range;

typedef struct disc_ctx {
    int game, size, n, k2;
    uint64_t hand, opp_hand, opp_throw;
    int stub[HS_CARDS], held[5];
    uint64_t *draws[6]; /* every k-subset of the stub, for k = 0 .. size */
    size_t n_draws[6];
    disc_unit_range *units;
    size_t n_units;
    opp_draws od; /* the opponent's draws (od.n = 0: no opponent) */
} disc_ctx;

typedef struct disc_counts {
    uint64_t count[HS_DRAW_MAX_BANDS], class_sum, total, wins, ties, losses;
} disc_counts;

typedef struct disc_acc {
    disc_counts c[HS_DRAW_MAX_CHOICES];
} disc_acc;

static void disc_ctx_free(void *p) {
    disc_ctx *c = p;
    for (int k = 0; k < 6; k++)
        free(c->draws[k]);
    free(c->units);
    free(c->od.mask);
    free(c->od.cls);
    free(c);
}

static uint64_t discard_of(const disc_ctx *c, unsigned sub) {
    uint64_t d = 0;
    for (int i = 0; i < c->size; i++)
        if (sub >> i & 1)
            d |= hs_card_bit(c->held[i]);
    return d;
}

/* Unit u: its choice's slice of draws, each ranked, and against every opponent draw it leaves. */
static void disc_unit(void *ctxp, size_t u, void *accp, void *scratch) {
    (void)scratch;
    const disc_ctx *c = ctxp;
    disc_acc *acc = accp;
    const disc_unit_range *ur = &c->units[u];
    const uint64_t kept = c->hand & ~discard_of(c, ur->sub);
    const int draw = c->size - __builtin_popcountll(kept);
    const uint64_t *draws = c->draws[draw] + ur->first;
    const size_t m = ur->last - ur->first;
    uint16_t cls[DISC_SLICE];
    hs_draw_odds o;
    rank_draws(c->game, kept, draws, m, cls, &o);
    disc_counts *dc = &acc->c[ur->sub];
    for (int b = 0; b < HS_DRAW_MAX_BANDS; b++)
        dc->count[b] += o.count[b];
    dc->class_sum += o.class_sum;
    dc->total += o.total;
    /* every (player's draw, opponent's draw) pair of disjoint sets: the opponent's are dealt from
     * what the player's leave, every order of the stub equally likely */
    for (size_t i = 0; i < m; i++)
        for (size_t j = 0; j < c->od.n; j++) {
            if (c->od.mask[j] & draws[i])
                continue;
            dc->wins += cls[i] < c->od.cls[j];
            dc->ties += cls[i] == c->od.cls[j];
            dc->losses += cls[i] > c->od.cls[j];
        }
}

static const hs_job_def disc_job = {"draw discard", 1,   sizeof(disc_acc), 0, disc_unit, NULL,
                                    NULL,           NULL};

int hs_draw_discards_run(int game, uint64_t hand, uint64_t dead, const hs_draw_opponent *opp,
                         int threads, hs_progress_fn progress, void *progress_ctx,
                         hs_draw_choice out[HS_DRAW_MAX_CHOICES], int *n_out) {
    const int size = hs_draw_hand_cards(game);
    if (size == 0 || threads < 0)
        return HS_ERR_ARG;
    const uint64_t opp_hand = opp != NULL ? opp->hand : 0,
                   opp_throw = opp != NULL ? opp->discard : 0;
    if (__builtin_popcountll(hand) != size ||
        (opp != NULL && __builtin_popcountll(opp_hand) != size) ||
        ((hand | dead | opp_hand) & ~HS_DECK_MASK))
        return HS_ERR_COUNT;
    if ((hand & dead) || (hand & opp_hand) || (opp_hand & dead))
        return HS_ERR_DUPLICATE;
    if (opp_throw & ~opp_hand)
        return HS_ERR_ARG;
    disc_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    c->game = game;
    c->size = size;
    c->hand = hand;
    c->opp_hand = opp_hand;
    c->opp_throw = opp_throw;
    c->n = cards_of(HS_DECK_MASK & ~hand & ~dead & ~opp_hand, c->stub);
    c->k2 = __builtin_popcountll(opp_throw);
    cards_of(hand, c->held);
    /* the work: every choice's draws against every opponent draw left (bounded) */
    uint64_t pairs = 0;
    for (int k = 0; k <= size; k++) {
        if (k + c->k2 > c->n) {
            disc_ctx_free(c);
            return HS_ERR_ARG;
        }
        pairs += binom(size, k) * binom(c->n, k) * (opp != NULL ? binom(c->n - k, c->k2) : 1);
    }
    if (pairs > HS_DRAW_MAX_DEALS) {
        disc_ctx_free(c);
        return HS_ERR_ARG;
    }
    /* every draw of every size once, shared by the units; the units: each choice in slices */
    for (int k = 0; k <= size; k++) {
        c->n_draws[k] = (size_t)binom(c->n, k);
        if ((c->draws[k] = malloc(c->n_draws[k] * sizeof *c->draws[k])) == NULL) {
            disc_ctx_free(c);
            return HS_ERR_NOMEM;
        }
        all_draws(c->stub, c->n, k, c->draws[k]);
        c->n_units += (size_t)binom(size, k) * ((c->n_draws[k] + DISC_SLICE - 1) / DISC_SLICE);
    }
    if ((c->units = malloc(c->n_units * sizeof *c->units)) == NULL) {
        disc_ctx_free(c);
        return HS_ERR_NOMEM;
    }
    size_t nu = 0;
    for (unsigned sub = 0; sub < (1u << size); sub++) {
        const size_t m = c->n_draws[__builtin_popcount(sub)];
        for (size_t first = 0; first < m; first += DISC_SLICE)
            c->units[nu++] =
                (disc_unit_range){sub, first, first + DISC_SLICE < m ? first + DISC_SLICE : m};
    }
    if (opp != NULL) {
        c->od.n = (size_t)binom(c->n, c->k2);
        c->od.mask = malloc(c->od.n * sizeof *c->od.mask);
        c->od.cls = malloc(c->od.n * sizeof *c->od.cls);
        if (c->od.mask == NULL || c->od.cls == NULL) {
            disc_ctx_free(c);
            return HS_ERR_NOMEM;
        }
        hs_draw_odds unused;
        all_draws(c->stub, c->n, c->k2, c->od.mask);
        rank_draws(game, opp_hand & ~opp_throw, c->od.mask, c->od.n, c->od.cls, &unused);
    }
    const size_t units = c->n_units, choices = (size_t)1 << size;
    hs_job *job;
    int rc = hs_job_new(&disc_job, c, disc_ctx_free, units, "", NULL, &job);
    if (rc != HS_OK)
        return rc;
    rc =
        hs_job_run(job, 0, units, &(hs_job_opts){threads, progress, progress_ctx, NULL, NULL, 0.0});
    const disc_acc *acc = hs_job_acc_const(job);
    for (size_t sub = 0; rc == HS_OK && sub < choices; sub++) {
        hs_draw_choice *ch = &out[sub];
        const disc_counts *dc = &acc->c[sub];
        memset(ch, 0, sizeof *ch);
        ch->discard = discard_of(c, (unsigned)sub);
        ch->kept = hand & ~ch->discard;
        ch->draw = __builtin_popcountll(ch->discard);
        ch->odds.bands = hs_draw_bands(game);
        ch->odds.total = dc->total;
        memcpy(ch->odds.count, dc->count, sizeof dc->count);
        ch->odds.class_sum = dc->class_sum;
        if (opp != NULL) {
            ch->wins = dc->wins;
            ch->ties = dc->ties;
            ch->losses = dc->losses;
            ch->deals = dc->wins + dc->ties + dc->losses;
        }
    }
    hs_job_free(job);
    if (rc != HS_OK)
        return rc;
    *n_out = (int)choices;
    qsort(out, choices, sizeof *out, choice_cmp);
    return HS_OK;
}

int hs_draw_discards(int game, uint64_t hand, uint64_t dead, const hs_draw_opponent *opp,
                     hs_draw_choice out[HS_DRAW_MAX_CHOICES], int *n_out) {
    return hs_draw_discards_run(game, hand, dead, opp, 1, NULL, NULL, out, n_out);
}
