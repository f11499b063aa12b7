/* Draw policies and the equity of draw-game players with one to three draws to come
 * (handstat/draw.h).
 *
 * The exact count walks the tree of deals: draw by draw, seat by seat, every set of replacements
 * the seat's discard calls for, from the cards the earlier draws left. Under a policy the number
 * a seat throws depends on the cards it drew before, so the final deals are not all equally
 * likely: a deal's probability is the product of 1 / C(m_j, k_j) over its levels (m_j cards in
 * the stub, k_j drawn). That product depends only on the sequence of draw sizes k_j (m_j follows
 * from them), its "signature". The walk counts, per signature, the deals and each player's share
 * of their pots in integers; the exact equity is then the sum over the few signatures of
 * share / (60 * product), taken in GMP rationals. The signatures and the number of final deals
 * are found first by a walk of the same tree that stops one seat short of the final deals (and
 * gives up past the bound), so that the job's accumulator has a fixed layout.
 *
 * Past the bound, or when asked, the estimate plays the same policies on random deals: each
 * sample draws the replacements from a shuffled stub, with the random stream of its work unit
 * (rng_internal.h), so that it is the same at every thread count. */
#include "handstat/draw.h"

#include "handstat/cards.h"
#include "handstat/error.h"
#include "handstat/poker.h"

#include "combin.h"
#include "job_internal.h"
#include "rng_internal.h"

#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- policies ----------------------------------------------------------------------------- */

static const char RANK_CHARS[] = "A23456789TJQK";

static int rank_of_char(char ch) {
    for (int r = 0; r < HS_RANKS; r++)
        if (RANK_CHARS[r] == ch)
            return r;
    return -1;
}

/* The card rank R a stand:R may name in `game`. */
static int stand_rank_ok(int game, int r) {
    switch (game) {
    case HS_DRAW_27:
        return r == HS_ACE || (r >= 6 && r <= HS_KING);
    case HS_DRAW_A5:
        return r >= 4 && r <= HS_KING;
    case HS_DRAW_BADUGI:
        return r >= 3 && r <= HS_KING;
    default:
        return 0;
    }
}

int hs_draw_policy_parse(int game, const char *text, hs_draw_policy *out) {
    const int size = hs_draw_hand_cards(game);
    if (size == 0 || text == NULL)
        return HS_ERR_ARG;
    if (strcmp(text, "pat") == 0) {
        *out = (hs_draw_policy){HS_DRAW_POLICY_PAT, 0};
        return HS_OK;
    }
    if (game == HS_DRAW_HIGH) {
        if (strcmp(text, "pairs") != 0)
            return HS_ERR_ARG;
        *out = (hs_draw_policy){HS_DRAW_POLICY_PAIRS, 0};
        return HS_OK;
    }
    if (strncmp(text, "keep:", 5) == 0 && text[5] >= '1' && text[5] < '0' + size &&
        text[6] == '\0') {
        *out = (hs_draw_policy){HS_DRAW_POLICY_KEEP, text[5] - '0'};
        return HS_OK;
    }
    if (strncmp(text, "stand:", 6) == 0 && text[6] != '\0' && text[7] == '\0') {
        const int r = rank_of_char(text[6]);
        if (r >= 0 && stand_rank_ok(game, r)) {
            *out = (hs_draw_policy){HS_DRAW_POLICY_STAND, r};
            return HS_OK;
        }
    }
    return HS_ERR_ARG;
}

size_t hs_draw_policy_format(const hs_draw_policy *p, char *buf, size_t cap) {
    int n;
    switch (p->kind) {
    case HS_DRAW_POLICY_KEEP:
        n = snprintf(buf, cap, "keep:%d", p->arg);
        break;
    case HS_DRAW_POLICY_STAND:
        n = snprintf(buf, cap, "stand:%c",
                     p->arg >= 0 && p->arg < HS_RANKS ? RANK_CHARS[p->arg] : '?');
        break;
    case HS_DRAW_POLICY_PAIRS:
        n = snprintf(buf, cap, "pairs");
        break;
    default:
        n = snprintf(buf, cap, "pat");
        break;
    }
    return n < 0 ? 0 : (size_t)n;
}

/* Lowball keep:K: the K lowest distinct ranks (27: the ace above the king), each by its card of
 * the lowest index. Returns the discard. */
static uint64_t keep_low(int game, uint64_t hand, int k) {
    uint64_t kept = 0;
    int n = 0;
    for (int v = 0; v <= HS_RANKS && n < k; v++) {
        /* v: the position in the game's order, low first */
        const int r = game == HS_DRAW_27 ? (v == HS_RANKS ? HS_ACE : v == 0 ? -1 : v) : v;
        if (r < 0 || (game != HS_DRAW_27 && v == HS_RANKS))
            continue;
        for (int s = 0; s < HS_SUITS; s++)
            if (hand >> hs_card(r, s) & 1) {
                kept |= hs_card_bit(hs_card(r, s));
                n++;
                break;
            }
    }
    return hand & ~kept;
}

/* Badugi keep:K: the best sub-badugi of at most K cards. Returns the discard. */
static uint64_t keep_badugi(uint64_t hand, int k) {
    int c[4], n = 0;
    for (uint64_t m = hand; m != 0 && n < 4; m &= m - 1)
        c[n++] = __builtin_ctzll(m);
    int best_size = 0;
    unsigned best_ranks = 0;
    uint64_t best = 0;
    for (unsigned sub = 1; sub < (1u << n); sub++) {
        unsigned ranks = 0, suits = 0;
        int s = 0, ok = 1;
        uint64_t mask = 0;
        for (int i = 0; i < n && ok; i++)
            if (sub >> i & 1) {
                const unsigned rb = 1u << hs_card_rank(c[i]), sb = 1u << hs_card_suit(c[i]);
                ok = !(ranks & rb) && !(suits & sb);
                ranks |= rb;
                suits |= sb;
                mask |= hs_card_bit(c[i]);
                s++;
            }
        if (!ok || s > k)
            continue;
        /* larger first; then the lower rank set (as numbers, ace bit 0); then the smaller mask */
        if (s > best_size ||
            (s == best_size && (ranks < best_ranks || (ranks == best_ranks && mask < best)))) {
            best_size = s;
            best_ranks = ranks;
            best = mask;
        }
    }
    return hand & ~best;
}

uint64_t hs_draw_policy_discard(int game, const hs_draw_policy *p, uint64_t hand) {
    const int size = hs_draw_hand_cards(game);
    switch (p->kind) {
    case HS_DRAW_POLICY_KEEP:
        return game == HS_DRAW_BADUGI ? keep_badugi(hand, p->arg) : keep_low(game, hand, p->arg);
    case HS_DRAW_POLICY_STAND: {
        const int band = hs_draw_band(game, hs_draw_class(game, hand));
        const int r = p->arg;
        const int limit = game == HS_DRAW_27   ? (r == HS_ACE ? 7 : r - 6)
                          : game == HS_DRAW_A5 ? r - 4
                                               : r - 3;
        if (band >= 0 && band <= limit)
            return 0;
        return game == HS_DRAW_BADUGI ? keep_badugi(hand, size - 1)
                                      : keep_low(game, hand, size - 1);
    }
    case HS_DRAW_POLICY_PAIRS: {
        const int cls = hs_draw_class(HS_DRAW_HIGH, hand);
        if (cls > 0 && hs_poker_category(cls) <= HS_POKER_STRAIGHT)
            return 0;
        int count[HS_RANKS] = {0};
        for (uint64_t m = hand; m != 0; m &= m - 1)
            count[hs_card_rank(__builtin_ctzll(m))]++;
        uint64_t kept = 0;
        for (uint64_t m = hand; m != 0; m &= m - 1)
            if (count[hs_card_rank(__builtin_ctzll(m))] >= 2)
                kept |= m & -m;
        if (kept == 0) {
            /* the highest card, aces high (no pair: one card of each rank) */
            int best = -1, bv = -1;
            for (uint64_t m = hand; m != 0; m &= m - 1) {
                const int c = __builtin_ctzll(m), r = hs_card_rank(c);
                const int v = r == HS_ACE ? HS_RANKS : r;
                if (v > bv) {
                    bv = v;
                    best = c;
                }
            }
            kept = hs_card_bit(best);
        }
        return hand & ~kept;
    }
    default:
        return 0;
    }
}

/* ---- the tree of deals -------------------------------------------------------------------- */

#define MAX_SIGS 16384
#define SAMPLE_UNIT 16384

typedef struct pol_ctx {
    int game, n, draws;
    hs_draw_policy policy[HS_DRAW_MAX_PLAYERS];
    uint64_t hand0[HS_DRAW_MAX_PLAYERS], first[HS_DRAW_MAX_PLAYERS];
    uint64_t out0; /* the cards out of the stub at the start: hands and dead */
    int ns0, stub0[HS_CARDS];
    /* exact: the lead seat's first draws (the units), the signatures (sorted) */
    int lead;
    uint64_t *lead_draws;
    size_t n_lead;
    uint64_t *sig;
    size_t n_sig;
    /* estimate */
    uint64_t samples, seed;
    hs_job_def def;
} pol_ctx;

static void pol_ctx_free(void *p) {
    pol_ctx *c = p;
    free(c->lead_draws);
    free(c->sig);
    free(c);
}

/* The walk's state at one level: every hand as now held, the cards out of the stub, the draw
 * sizes so far as base-6 digits. */
typedef struct pstate {
    uint64_t hand[HS_DRAW_MAX_PLAYERS];
    uint64_t out;
    uint64_t sig;
} pstate;

/* What the walk does: count (the counting walk) or the exact share per signature. */
typedef struct pwalk {
    const pol_ctx *c;
    int counting;
    /* counting */
    uint64_t deals, bound, nodes;
    int over, short_stub;
    uint64_t *sig;
    size_t n_sig, cap_sig;
    /* exact */
    uint64_t *acc; /* per signature: the deals, then each player's share in sixtieths */
} pwalk;

static uint64_t seat_discard(const pol_ctx *c, int r, int p, uint64_t hand) {
    return r == 0 ? c->first[p] : hs_draw_policy_discard(c->game, &c->policy[p], hand);
}

static int add_sig(pwalk *w, uint64_t sig) {
    for (size_t i = 0; i < w->n_sig; i++)
        if (w->sig[i] == sig)
            return 0;
    if (w->n_sig == w->cap_sig) {
        if (w->cap_sig >= MAX_SIGS)
            return -1;
        const size_t cap = w->cap_sig ? 2 * w->cap_sig : 64;
        uint64_t *s = realloc(w->sig, cap * sizeof *s);
        if (s == NULL)
            return -1;
        w->sig = s;
        w->cap_sig = cap;
    }
    w->sig[w->n_sig++] = sig;
    return 0;
}

static size_t sig_index(const pol_ctx *c, uint64_t sig) {
    size_t lo = 0, hi = c->n_sig;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (c->sig[mid] < sig)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The final deals under this level's node: seat p at draw r. */
static void walk_level(pwalk *w, pstate *st, int r, int p) {
    const pol_ctx *c = w->c;
    if (w->over || w->short_stub)
        return;
    if (w->counting && ++w->nodes > HS_DRAW_MAX_POLICY_NODES) {
        w->over = 1;
        return;
    }
    const uint64_t d = seat_discard(c, r, p, st->hand[p]);
    const int k = __builtin_popcountll(d);
    const uint64_t kept = st->hand[p] & ~d;
    int avail[HS_CARDS], m = 0;
    for (int i = 0; i < c->ns0; i++)
        if (!(st->out >> c->stub0[i] & 1))
            avail[m++] = c->stub0[i];
    if (k > m) {
        w->short_stub = 1;
        return;
    }
    const uint64_t sig = st->sig * 6 + (uint64_t)k;
    const int last = r == c->draws - 1 && p == c->n - 1;
    if (last && w->counting) {
        w->deals += hs_binom((unsigned)m, (unsigned)k);
        if (w->deals > w->bound || add_sig(w, sig) != 0)
            w->over = 1;
        return;
    }
    int cls[HS_DRAW_MAX_PLAYERS] = {0}, best = 0, at_best = 0;
    uint64_t *row = NULL;
    if (last) {
        /* the others' final classes once; then the last seat's every draw */
        for (int i = 0; i < c->n - 1; i++) {
            cls[i] = hs_draw_class(c->game, st->hand[i]);
            if (i == 0 || cls[i] < best) {
                best = cls[i];
                at_best = 1;
            } else if (cls[i] == best) {
                at_best++;
            }
        }
        row = w->acc + sig_index(c, sig) * (size_t)(c->n + 1);
    }
    int idx[5];
    for (int i = 0; i < k; i++)
        idx[i] = i;
    const uint64_t hand_before = st->hand[p], out_before = st->out, sig_before = st->sig;
    for (;;) {
        uint64_t drawn = 0;
        for (int i = 0; i < k; i++)
            drawn |= hs_card_bit(avail[idx[i]]);
        if (last) {
            const int mine = hs_draw_class(c->game, kept | drawn);
            row[0]++;
            if (mine < best) {
                row[1 + p] += 60;
            } else {
                const int winners = at_best + (mine == best);
                const uint64_t s = (uint64_t)(60 / winners);
                for (int i = 0; i < c->n - 1; i++)
                    if (cls[i] == best)
                        row[1 + i] += s;
                if (mine == best)
                    row[1 + p] += s;
            }
        } else {
            st->hand[p] = kept | drawn;
            st->out = out_before | drawn;
            st->sig = sig;
            if (p + 1 < c->n)
                walk_level(w, st, r, p + 1);
            else
                walk_level(w, st, r + 1, 0);
            if (w->over || w->short_stub)
                break;
        }
        if (k == 0 || !hs_next_subset(idx, k, m))
            break;
    }
    st->hand[p] = hand_before;
    st->out = out_before;
    st->sig = sig_before;
}

/* Unit u: the lead seat's u-th first draw (or, when no seat draws first, the whole tree). */
static void exact_unit(void *ctxp, size_t u, void *accp, void *scratch) {
    (void)scratch;
    const pol_ctx *c = ctxp;
    pwalk w = {.c = c, .acc = accp};
    pstate st;
    memcpy(st.hand, c->hand0, sizeof st.hand);
    st.out = c->out0;
    st.sig = 0;
    if (c->lead < 0) {
        walk_level(&w, &st, 0, 0);
        return;
    }
    /* the seats before the lead stand pat on the first draw: digits 0 */
    const uint64_t drawn = c->lead_draws[u];
    st.hand[c->lead] = (c->hand0[c->lead] & ~c->first[c->lead]) | drawn;
    st.out |= drawn;
    for (int p = 0; p <= c->lead; p++)
        st.sig = st.sig * 6 + (uint64_t)__builtin_popcountll(c->first[p]);
    if (c->lead + 1 < c->n)
        walk_level(&w, &st, 0, c->lead + 1);
    else if (c->draws > 1)
        walk_level(&w, &st, 1, 0);
}

/* The estimate's accumulator. */
typedef struct est_acc {
    uint64_t samples, short_stub;
    uint64_t share[HS_DRAW_MAX_PLAYERS], share_sq[HS_DRAW_MAX_PLAYERS];
} est_acc;

static void est_unit(void *ctxp, size_t u, void *accp, void *scratch) {
    (void)scratch;
    const pol_ctx *c = ctxp;
    est_acc *acc = accp;
    const uint64_t first = (uint64_t)u * SAMPLE_UNIT;
    const uint64_t todo = c->samples - first < SAMPLE_UNIT ? c->samples - first : SAMPLE_UNIT;
    rng rs;
    rng_seed(&rs, c->seed, u);
    int deck[HS_CARDS];
    for (uint64_t s = 0; s < todo; s++) {
        memcpy(deck, c->stub0, (size_t)c->ns0 * sizeof *deck);
        uint64_t hand[HS_DRAW_MAX_PLAYERS];
        memcpy(hand, c->hand0, sizeof hand);
        int pos = 0, ok = 1;
        for (int r = 0; r < c->draws && ok; r++)
            for (int p = 0; p < c->n && ok; p++) {
                const uint64_t d = seat_discard(c, r, p, hand[p]);
                const int k = __builtin_popcountll(d);
                if (k > c->ns0 - pos) {
                    ok = 0;
                    break;
                }
                uint64_t drawn = 0;
                for (int i = 0; i < k; i++, pos++) {
                    const int j = pos + (int)rng_below(&rs, (uint64_t)(c->ns0 - pos));
                    const int t = deck[pos];
                    deck[pos] = deck[j];
                    deck[j] = t;
                    drawn |= hs_card_bit(deck[pos]);
                }
                hand[p] = (hand[p] & ~d) | drawn;
            }
        acc->samples++;
        if (!ok) {
            acc->short_stub++;
            continue;
        }
        int cls[HS_DRAW_MAX_PLAYERS], best = 0, winners = 0;
        for (int p = 0; p < c->n; p++) {
            cls[p] = hs_draw_class(c->game, hand[p]);
            if (p == 0 || cls[p] < best) {
                best = cls[p];
                winners = 1;
            } else if (cls[p] == best) {
                winners++;
            }
        }
        const uint64_t share = (uint64_t)(60 / winners);
        for (int p = 0; p < c->n; p++)
            if (cls[p] == best) {
                acc->share[p] += share;
                acc->share_sq[p] += share * share;
            }
    }
}

/* The probability's denominator of a signature: the product of C(m_j, k_j) over its levels. */
static void sig_product(const pol_ctx *c, uint64_t sig, mpz_t prod) {
    const int levels = c->draws * c->n;
    int k[HS_DRAW_MAX_DRAWS * HS_DRAW_MAX_PLAYERS];
    for (int j = levels - 1; j >= 0; j--) {
        k[j] = (int)(sig % 6);
        sig /= 6;
    }
    mpz_set_ui(prod, 1);
    int m = c->ns0;
    for (int j = 0; j < levels; j++) {
        mpz_mul_ui(prod, prod, (unsigned long)hs_binom((unsigned)m, (unsigned)k[j]));
        m -= k[j];
    }
}

/* The exact equities from the per-signature counts; HS_ERR_CORRUPT when the deals' probabilities
 * do not add up to one or the shares to the whole pot. */
static int exact_answer(const pol_ctx *c, const uint64_t *acc, hs_draw_run_result *out) {
    mpz_t prod, den;
    mpq_t term, total, eq[HS_DRAW_MAX_PLAYERS], sum;
    mpz_inits(prod, den, NULL);
    mpq_inits(term, total, sum, NULL);
    for (int p = 0; p < c->n; p++)
        mpq_init(eq[p]);
    for (size_t s = 0; s < c->n_sig; s++) {
        const uint64_t *row = acc + s * (size_t)(c->n + 1);
        sig_product(c, c->sig[s], prod);
        mpz_set_ui(mpq_numref(term), (unsigned long)row[0]);
        mpz_set(mpq_denref(term), prod);
        mpq_canonicalize(term);
        mpq_add(total, total, term);
        mpz_mul_ui(den, prod, 60);
        for (int p = 0; p < c->n; p++) {
            mpz_set_ui(mpq_numref(term), (unsigned long)row[1 + p]);
            mpz_set(mpq_denref(term), den);
            mpq_canonicalize(term);
            mpq_add(eq[p], eq[p], term);
        }
    }
    int rc = mpq_cmp_ui(total, 1, 1) == 0 ? HS_OK : HS_ERR_CORRUPT;
    for (int p = 0; p < c->n && rc == HS_OK; p++) {
        mpq_add(sum, sum, eq[p]);
        out->equity[p] = mpq_get_d(eq[p]);
        const size_t need =
            mpz_sizeinbase(mpq_numref(eq[p]), 10) + mpz_sizeinbase(mpq_denref(eq[p]), 10) + 3;
        if (need > HS_DRAW_FRACTION_MAX)
            rc = HS_ERR_OVERFLOW;
        else {
            char *at = out->equity_exact[p];
            mpz_get_str(at, 10, mpq_numref(eq[p]));
            at += strlen(at);
            *at++ = '/';
            mpz_get_str(at, 10, mpq_denref(eq[p]));
        }
    }
    if (rc == HS_OK && mpq_cmp_ui(sum, 1, 1) != 0)
        rc = HS_ERR_CORRUPT;
    for (int p = 0; p < c->n; p++)
        mpq_clear(eq[p]);
    mpq_clears(term, total, sum, NULL);
    mpz_clears(prod, den, NULL);
    return rc;
}

static int cmp_u64(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The lead seat's first draws: every k-subset of the stub, as masks. */
static int make_lead(pol_ctx *c) {
    const int k = __builtin_popcountll(c->first[c->lead]);
    c->n_lead = (size_t)hs_binom((unsigned)c->ns0, (unsigned)k);
    c->lead_draws = malloc(c->n_lead * sizeof *c->lead_draws);
    if (c->lead_draws == NULL)
        return HS_ERR_NOMEM;
    int idx[5];
    for (int i = 0; i < k; i++)
        idx[i] = i;
    size_t u = 0;
    do {
        uint64_t m = 0;
        for (int i = 0; i < k; i++)
            m |= hs_card_bit(c->stub0[idx[i]]);
        c->lead_draws[u++] = m;
    } while (hs_next_subset(idx, k, c->ns0));
    return u == c->n_lead ? HS_OK : HS_ERR_CORRUPT;
}

int hs_draw_equity_run(int game, const hs_draw_player *pl, int n, uint64_t dead, int draws,
                       uint64_t samples, uint64_t seed, int threads, hs_progress_fn progress,
                       void *progress_ctx, hs_draw_run_result *out) {
    memset(out, 0, sizeof *out);
    const int size = hs_draw_hand_cards(game);
    if (size == 0 || n < 2 || n > HS_DRAW_MAX_PLAYERS || draws < 1 || draws > HS_DRAW_MAX_DRAWS ||
        threads < 0 || samples > HS_DRAW_MAX_SAMPLES)
        return HS_ERR_ARG;
    if (dead & ~HS_DECK_MASK)
        return HS_ERR_COUNT;
    pol_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return HS_ERR_NOMEM;
    c->game = game;
    c->n = n;
    c->draws = draws;
    c->out0 = dead;
    int rc = HS_OK;
    for (int i = 0; i < n && rc == HS_OK; i++) {
        if (__builtin_popcountll(pl[i].hand) != size || (pl[i].hand & ~HS_DECK_MASK))
            rc = HS_ERR_COUNT;
        else if (pl[i].hand & c->out0)
            rc = HS_ERR_DUPLICATE;
        else if (pl[i].first_given && (pl[i].first & ~pl[i].hand))
            rc = HS_ERR_ARG;
        else if (pl[i].policy.kind < HS_DRAW_POLICY_PAT || pl[i].policy.kind > HS_DRAW_POLICY_PAIRS)
            rc = HS_ERR_ARG;
        else {
            c->hand0[i] = pl[i].hand;
            c->policy[i] = pl[i].policy;
            c->first[i] = pl[i].first_given
                              ? pl[i].first
                              : hs_draw_policy_discard(game, &pl[i].policy, pl[i].hand);
            c->out0 |= pl[i].hand;
        }
    }
    if (rc != HS_OK) {
        pol_ctx_free(c);
        return rc;
    }
    for (int card = 0; card < HS_CARDS; card++)
        if (!(c->out0 >> card & 1))
            c->stub0[c->ns0++] = card;
    out->players = n;
    out->draws = draws;
    memcpy(out->first, c->first, sizeof out->first);
    int exact = samples == 0;
    if (exact) {
        /* the counting walk: the final deals and their signatures, or past the bound */
        pwalk w = {.c = c, .counting = 1, .bound = HS_DRAW_MAX_POLICY_DEALS};
        pstate st;
        memcpy(st.hand, c->hand0, sizeof st.hand);
        st.out = c->out0;
        st.sig = 0;
        walk_level(&w, &st, 0, 0);
        if (w.short_stub && !w.over) {
            free(w.sig);
            pol_ctx_free(c);
            return HS_ERR_COUNT;
        }
        if (w.over) {
            free(w.sig);
            exact = 0;
            samples = HS_DRAW_AUTO_SAMPLES;
            out->over_bound = 1;
        } else {
            qsort(w.sig, w.n_sig, sizeof *w.sig, cmp_u64);
            c->sig = w.sig;
            c->n_sig = w.n_sig;
            out->deals = w.deals;
        }
    }
    hs_job *job;
    size_t units;
    if (exact) {
        c->lead = -1;
        for (int p = 0; p < n && c->lead < 0; p++)
            if (c->first[p] != 0)
                c->lead = p;
        if (c->lead == n - 1 && draws == 1)
            c->lead = -1; /* the lead's draws are the final deals: one unit walks them */
        if (c->lead >= 0 && (rc = make_lead(c)) != HS_OK) {
            pol_ctx_free(c);
            return rc;
        }
        units = c->lead >= 0 ? c->n_lead : 1;
        c->def = (hs_job_def){"draw policy equity",
                              1,
                              c->n_sig * (size_t)(n + 1) * sizeof(uint64_t),
                              0,
                              exact_unit,
                              NULL,
                              NULL,
                              NULL};
    } else {
        c->samples = samples;
        c->seed = seed;
        units = (size_t)((samples + SAMPLE_UNIT - 1) / SAMPLE_UNIT);
        c->def =
            (hs_job_def){"draw policy estimate", 1, sizeof(est_acc), 0, est_unit, NULL, NULL, NULL};
    }
    if ((rc = hs_job_new(&c->def, c, pol_ctx_free, units, "", NULL, &job)) != HS_OK)
        return rc;
    rc =
        hs_job_run(job, 0, units, &(hs_job_opts){threads, progress, progress_ctx, NULL, NULL, 0.0});
    if (rc == HS_OK && exact) {
        const uint64_t *acc = hs_job_acc_const(job);
        uint64_t deals = 0;
        for (size_t s = 0; s < c->n_sig; s++)
            deals += acc[s * (size_t)(n + 1)];
        rc = deals == out->deals ? exact_answer(c, acc, out) : HS_ERR_CORRUPT;
        out->exact = 1;
    } else if (rc == HS_OK) {
        const est_acc *a = hs_job_acc_const(job);
        if (a->short_stub)
            rc = HS_ERR_COUNT;
        else if (a->samples != samples)
            rc = HS_ERR_CORRUPT;
        else {
            out->samples = samples;
            const double ns = (double)samples;
            for (int p = 0; p < n; p++) {
                const double s1 = (double)a->share[p] / 60, s2 = (double)a->share_sq[p] / 3600;
                out->equity[p] = s1 / ns;
                const double var = samples > 1 ? (s2 - s1 * s1 / ns) / (ns - 1) : NAN;
                out->std_error[p] = samples > 1 ? sqrt(var > 0 ? var : 0) / sqrt(ns) : NAN;
            }
        }
    }
    hs_job_free(job);
    return rc;
}
