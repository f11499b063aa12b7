/* Five-card cribbage scoring: the fast table-driven scorer and the itemized breakdown. */
#include "crib_internal.h"
#include "job_internal.h"

#include <assert.h>

#include "handstat/cpu.h"
#include "handstat/error.h"
#include "dispatch_internal.h"

int hs_crib_valid(uint64_t hand, int starter) {
    return (hand & ~HS_DECK_MASK) == 0 && hs_hand_size(hand) == 4 && starter >= 0 &&
           starter < HS_CARDS && (hand & hs_card_bit(starter)) == 0;
}

hs_crib_score hs_crib_score5(uint64_t hand, int starter, hs_crib_rules rules) {
    assert(hs_crib_valid(hand, starter));
    unsigned e = hs_crib_rank_entry(hand | hs_card_bit(starter));
    hs_crib_score s;
    s.fifteens = (uint8_t)(2 * (e & 15));
    s.pairs = (uint8_t)(2 * (e >> 4 & 7));
    s.runs = (uint8_t)(e >> 7 & 15);
    s.flush = (uint8_t)hs_crib_flush_points(hand, starter, rules);
    s.nobs = (uint8_t)hs_crib_nobs_points(hand, starter);
    s.total = (uint8_t)((e >> 11) + s.flush + s.nobs);
    return s;
}

void hs_crib_total_batch_scalar(const uint64_t *hands, const uint8_t *starters, size_t n,
                                hs_crib_rules rules, uint8_t *totals) {
    for (size_t i = 0; i < n; i++) {
        uint64_t hand = hands[i];
        int starter = starters[i];
        unsigned e = hs_crib_rank_entry(hand | hs_card_bit(starter));
        totals[i] = (uint8_t)((e >> 11) + hs_crib_flush_points(hand, starter, rules) +
                              hs_crib_nobs_points(hand, starter));
    }
}

/* The trial of the measured dispatch: 4,096 hands of four cards and a starter. */
enum { TRIAL = 4096 };

typedef struct crib_trial {
    uint64_t hands[TRIAL];
    uint8_t starters[TRIAL], totals[TRIAL];
} crib_trial;

static void trial_totals(hs_isa isa, void *ctx) {
    crib_trial *c = ctx;
    if (isa == HS_ISA_AVX2 &&
        hs_crib_total_batch_avx2(c->hands, c->starters, TRIAL, HS_CRIB_HAND, c->totals) == HS_OK)
        return;
    hs_crib_total_batch_scalar(c->hands, c->starters, TRIAL, HS_CRIB_HAND, c->totals);
}

/* Four cards and a starter per hand: five consecutive entries of a stride-7 walk of the deck (7
 * is prime to 52, so the five are distinct). */
static void trial_init(void *in) {
    crib_trial *c = in;
    for (int i = 0; i < TRIAL; i++) {
        int card[5];
        for (int j = 0; j < 5; j++)
            card[j] = (i * 5 + j) * 7 % HS_CARDS;
        c->hands[i] = hs_card_bit(card[0]) | hs_card_bit(card[1]) | hs_card_bit(card[2]) |
                      hs_card_bit(card[3]);
        c->starters[i] = (uint8_t)card[4];
    }
}

static hs_isa choose_totals(void) {
    return hs_dispatch_choose(HS_KERNEL_CRIB_TOTALS, sizeof(crib_trial), trial_init, trial_totals);
}

hs_isa hs_crib_total_batch_path(void) {
    static atomic_int slot;
    return hs_dispatch_cached(&slot, choose_totals);
}

void hs_crib_total_batch(const uint64_t *hands, const uint8_t *starters, size_t n,
                         hs_crib_rules rules, uint8_t *totals) {
    /* The one dispatch pattern (as hs_poker_rank_batch): the path chosen once, then it. */
    if (hs_crib_total_batch_path() != HS_ISA_AVX2 ||
        hs_crib_total_batch_avx2(hands, starters, n, rules, totals) != HS_OK)
        hs_crib_total_batch_scalar(hands, starters, n, rules, totals);
}

static int card_value(int card) {
    int r = hs_card_rank(card) + 1;
    return r < 10 ? r : 10;
}

/* True when the cards of `sub` have distinct, consecutive ranks. */
static int is_run(uint64_t sub) {
    unsigned ranks = 0;
    for (uint64_t m = sub; m != 0; m &= m - 1)
        ranks |= 1u << hs_card_rank(__builtin_ctzll(m));
    if (__builtin_popcount(ranks) != hs_hand_size(sub))
        return 0;
    unsigned low = ranks >> __builtin_ctz(ranks);
    return (low & (low + 1)) == 0; /* a block of ones starting at bit 0 */
}

int hs_crib_explain(uint64_t hand, int starter, hs_crib_rules rules,
                    hs_crib_item items[HS_CRIB_MAX_ITEMS]) {
    assert(hs_crib_valid(hand, starter));
    int cards[5], n = 0;
    for (uint64_t m = hand | hs_card_bit(starter); m != 0; m &= m - 1)
        cards[n++] = __builtin_ctzll(m);
    /* Every subset of the five cards, as a mask over cards[]; subsets are listed in ascending
     * order of their card masks by sorting on insertion (at most 32 items). */
    uint64_t subset_mask[32];
    for (unsigned sub = 0; sub < 32; sub++) {
        subset_mask[sub] = 0;
        for (int i = 0; i < 5; i++)
            if (sub >> i & 1)
                subset_mask[sub] |= hs_card_bit(cards[i]);
    }
    int count = 0;
    for (unsigned sub = 1; sub < 32; sub++) {
        int sum = 0;
        for (int i = 0; i < 5; i++)
            if (sub >> i & 1)
                sum += card_value(cards[i]);
        if (sum == 15)
            items[count++] = (hs_crib_item){HS_CRIB_ITEM_FIFTEEN, subset_mask[sub], 2};
    }
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++)
            if (hs_card_rank(cards[i]) == hs_card_rank(cards[j]))
                items[count++] = (hs_crib_item){HS_CRIB_ITEM_PAIR,
                                                hs_card_bit(cards[i]) | hs_card_bit(cards[j]), 2};
    for (int len = 5; len >= 3; len--) {
        int found = 0;
        for (unsigned sub = 1; sub < 32; sub++) {
            if (__builtin_popcount(sub) == len && is_run(subset_mask[sub])) {
                items[count++] = (hs_crib_item){HS_CRIB_ITEM_RUN, subset_mask[sub], len};
                found = 1;
            }
        }
        if (found)
            break;
    }
    unsigned flush = hs_crib_flush_points(hand, starter, rules);
    if (flush != 0)
        items[count++] = (hs_crib_item){
            HS_CRIB_ITEM_FLUSH, flush == 4 ? hand : hand | hs_card_bit(starter), (int)flush};
    if (hs_crib_nobs_points(hand, starter))
        items[count++] = (hs_crib_item){HS_CRIB_ITEM_NOBS,
                                        hs_card_bit(hs_card(HS_JACK, hs_card_suit(starter))), 1};
    /* Sort each kind's items by card mask (insertion sort: few items, stable). */
    for (int i = 1; i < count; i++) {
        hs_crib_item it = items[i];
        int j = i;
        while (j > 0 && items[j - 1].kind == it.kind && items[j - 1].cards > it.cards) {
            items[j] = items[j - 1];
            j--;
        }
        items[j] = it;
    }
    return count;
}

uint64_t hs_crib_tables_hash(void) {
    uint64_t h = hs_hash64(hs_crib_lane_key, sizeof hs_crib_lane_key, HS_HASH64_INIT);
    return hs_hash64(hs_crib_key_part, sizeof hs_crib_key_part, h);
}
