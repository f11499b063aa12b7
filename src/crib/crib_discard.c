/* The discard analysis of one deal and the throw table (model: handstat/discard.h).
 *
 * Every case is scored, through the batch scorer: the crib cases are the same for every throw
 * of a deal (only our thrown cards change), so they are laid out once per chunk as (other crib
 * cards, starter) and each throw ORs its cards in before the batch call. Sums stay integers;
 * fractions are the caller's business. */
#include "discard_internal.h"

#include "crib_internal.h"
#include "handstat/error.h"

#include <string.h>

/* Cases per batch call: a multiple of 3 and 4, so that a chunk ends at a subset boundary. */
#define CHUNK 1020

/* Score n cases (other crib cards part[], starter starters[]) with each throw ORed in, adding
 * the totals to sums[t]. */
static void score_chunk(const uint64_t *part, const uint8_t *starters, int n,
                        const uint64_t *throws, int n_throws, uint64_t *sums) {
    uint64_t hands[CHUNK];
    uint8_t totals[CHUNK];
    for (int t = 0; t < n_throws; t++) {
        for (int i = 0; i < n; i++)
            hands[i] = part[i] | throws[t];
        hs_crib_total_batch(hands, starters, (size_t)n, HS_CRIB_CRIB, totals);
        uint64_t s = 0;
        for (int i = 0; i < n; i++)
            s += totals[i];
        sums[t] += s;
    }
}

/* The crib sums of `n_throws` throws whose other cards are drawn from unseen[0..nu): every
 * `others`-subset of the unseen cards (others = 3 or 4) with each of its cards in turn as the
 * starter and the rest in the crib. */
static void crib_sums(const int *unseen, int nu, int others, const uint64_t *throws, int n_throws,
                      uint64_t *sums) {
    uint64_t part[CHUNK];
    uint8_t starters[CHUNK];
    int n = 0;
    int idx[4];
    for (int k = 0; k < others; k++)
        idx[k] = k;
    for (;;) {
        uint64_t all = 0;
        for (int k = 0; k < others; k++)
            all |= hs_card_bit(unseen[idx[k]]);
        for (int k = 0; k < others; k++) {
            part[n] = all & ~hs_card_bit(unseen[idx[k]]);
            starters[n] = (uint8_t)unseen[idx[k]];
            n++;
        }
        if (n == CHUNK) {
            score_chunk(part, starters, n, throws, n_throws, sums);
            n = 0;
        }
        /* The next subset in lexicographic order of the index lists. */
        int k = others - 1;
        while (k >= 0 && idx[k] == nu - others + k)
            k--;
        if (k < 0)
            break;
        idx[k]++;
        for (int j = k + 1; j < others; j++)
            idx[j] = idx[j - 1] + 1;
    }
    score_chunk(part, starters, n, throws, n_throws, sums);
}

int64_t hs_discard_combined_num(const hs_discard_keep *k, hs_crib_role role) {
    int64_t hand = (int64_t)(k->hand_sum * (k->crib_cases / k->hand_cases));
    return role == HS_CRIB_DEALER ? hand + (int64_t)k->crib_sum : hand - (int64_t)k->crib_sum;
}

int hs_discard_analyze(uint64_t dealt, hs_crib_role role, hs_discard *out) {
    if ((dealt & ~HS_DECK_MASK) != 0 || (role != HS_CRIB_DEALER && role != HS_CRIB_PONE))
        return HS_ERR_ARG;
    const int dealt_n = hs_hand_size(dealt);
    if (dealt_n != 5 && dealt_n != 6)
        return HS_ERR_COUNT;
    memset(out, 0, sizeof *out);
    out->players = dealt_n == 6 ? 2 : 3;
    out->role = role;

    int cards[6], unseen[47], nu = 0;
    for (int c = 0, n = 0; c < HS_CARDS; c++) {
        if (dealt & hs_card_bit(c))
            cards[n++] = c;
        else
            unseen[nu++] = c;
    }
    /* The keeps, by the cards thrown: pairs (i, j) of the six, or single cards of the five. */
    uint64_t throws[HS_DISCARD_MAX_KEEPS];
    int n_keeps = 0;
    for (int i = 0; i < dealt_n; i++) {
        if (dealt_n == 5) {
            throws[n_keeps++] = hs_card_bit(cards[i]);
            continue;
        }
        for (int j = i + 1; j < dealt_n; j++)
            throws[n_keeps++] = hs_card_bit(cards[i]) | hs_card_bit(cards[j]);
    }
    out->n_keeps = n_keeps;

    /* Hands: every keep with every unseen card as the starter. */
    uint64_t hands[47];
    uint8_t starters[47], totals[47];
    for (int s = 0; s < nu; s++)
        starters[s] = (uint8_t)unseen[s];
    uint64_t crib[HS_DISCARD_MAX_KEEPS] = {0};
    crib_sums(unseen, nu, dealt_n == 6 ? 3 : 4, throws, n_keeps, crib);
    const uint64_t crib_cases = dealt_n == 6 ? HS_DISCARD_CRIB_CASES2 : HS_DISCARD_CRIB_CASES3;
    for (int k = 0; k < n_keeps; k++) {
        hs_discard_keep *kp = &out->keeps[k];
        kp->thrown = throws[k];
        kp->keep = dealt & ~throws[k];
        for (int s = 0; s < nu; s++)
            hands[s] = kp->keep;
        hs_crib_total_batch(hands, starters, (size_t)nu, HS_CRIB_HAND, totals);
        kp->hand_min = 255;
        for (int s = 0; s < nu; s++) {
            kp->hand_sum += totals[s];
            kp->hand_sum2 += (uint64_t)totals[s] * totals[s];
            kp->hand_min = totals[s] < kp->hand_min ? totals[s] : kp->hand_min;
            kp->hand_max = totals[s] > kp->hand_max ? totals[s] : kp->hand_max;
        }
        kp->hand_cases = (uint32_t)nu;
        kp->crib_sum = crib[k];
        kp->crib_cases = crib_cases;
        kp->combined_num = hs_discard_combined_num(kp, role);
    }
    /* Best first (insertion sort: at most 15). */
    for (int i = 1; i < n_keeps; i++) {
        hs_discard_keep x = out->keeps[i];
        int j = i;
        while (j > 0 &&
               hs_keep_better(x.combined_num, x.hand_sum, x.keep, out->keeps[j - 1].combined_num,
                              out->keeps[j - 1].hand_sum, out->keeps[j - 1].keep)) {
            out->keeps[j] = out->keeps[j - 1];
            j--;
        }
        out->keeps[j] = x;
    }
    return HS_OK;
}

uint64_t hs_crib_throw_sum(int a, int b) {
    int unseen[50], nu = 0;
    for (int c = 0; c < HS_CARDS; c++)
        if (c != a && c != b)
            unseen[nu++] = c;
    uint64_t thrown = hs_card_bit(a) | hs_card_bit(b), sum = 0;
    crib_sums(unseen, nu, 3, &thrown, 1, &sum);
    return sum;
}

void hs_crib_throw_table(hs_crib_throw_class out[HS_THROW_CLASSES]) {
    int n = 0;
    for (int lo = 0; lo < HS_RANKS; lo++)
        for (int hi = lo; hi < HS_RANKS; hi++)
            for (int suited = 1; suited >= 0; suited--) {
                if (lo == hi && suited)
                    continue;
                hs_crib_throw_class *c = &out[n++];
                c->rank_lo = lo;
                c->rank_hi = hi;
                c->suited = suited;
                c->combos = lo == hi ? 6 : suited ? 4 : 12;
                /* A representative: clubs, and diamonds for the second card unless suited. */
                c->crib_sum = hs_crib_throw_sum(hs_card(lo, HS_CLUBS),
                                                hs_card(hi, suited ? HS_CLUBS : HS_DIAMONDS));
            }
}
