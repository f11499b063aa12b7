/* The incremental hand state (handstat/poker_state.h): its per-card constants are generated with
 * the tables (gen_poker_tables.c writes hs_poker_state_cards from the rank keys). */
#include "handstat/poker_state.h"
#include "poker_internal.h"
#include "handstat/cpu.h"
#include "handstat/error.h"

#include "dispatch_internal.h"

#include <assert.h>

/* The inline ranking in the public header hard-codes these; fail the build if the tables move. */
_Static_assert(HS_POKER_STATE_ROW_SHIFT == HS_POKER_ROW_SHIFT &&
                   HS_POKER_STATE_ROWS7 == HS_POKER_ROWS7 &&
                   HS_POKER_STATE_SLOTS7 == HS_POKER_SLOTS7,
               "the hashes' shapes");
_Static_assert(HS_POKER_STATE_FLUSH == (UINT64_C(0x8888) << 32) &&
                   HS_POKER_STATE_BIAS == (UINT64_C(0x3333) << 32 | UINT64_C(9) << 48),
               "suit counters and card count");
_Static_assert(HS_POKER_STATE_LANE_FIVE == HS_POKER_LANE_FIVE &&
                   HS_POKER_STATE_LANE_COUNT_SHIFT == HS_POKER_LANE_COUNT_SHIFT,
               "lane fields");

void hs_poker_state_rank_pairs_scalar(hs_poker_state s, int below, uint16_t *classes) {
    assert(hs_poker_state_above(s, below));
    const int pairs = below * (below - 1) / 2;
    for (int p = 0; p < pairs; p++)
        classes[p] = (uint16_t)hs_poker_state_rank(hs_poker_state_join(s, hs_poker_state_pairs[p]));
}

/* The trial of the measured dispatch: the triples below card 48 of the state of cards 48-51
 * (17,296 classes), the largest call of an enumeration of seven-card hands, then the quads below
 * card 26 of the state of cards 49-51 (14,950 classes). A smaller triples call (below card 30)
 * measured the AVX2 and AVX-512 forms alike where the whole enumeration ran the AVX-512 one 1.3x
 * faster (Intel Xeon). On AMD Zen 5 the triples call alone measured the two alike (5.7 and
 * 5.9 us) and chose AVX2 in 19 of 20 processes, though the AVX-512 quads (the seven-card
 * enumeration's call) ran 1.8x the AVX2 ones; the quads call (5.3 against 12.3 us) settles it. */
enum {
    TRIAL_BELOW = 48,
    TRIAL_CLASSES = TRIAL_BELOW * (TRIAL_BELOW - 1) * (TRIAL_BELOW - 2) / 6,
    TRIAL_QUADS_BELOW = 26
};
_Static_assert(TRIAL_QUADS_BELOW *(TRIAL_QUADS_BELOW - 1) * (TRIAL_QUADS_BELOW - 2) *
                       (TRIAL_QUADS_BELOW - 3) / 24 <=
                   TRIAL_CLASSES,
               "the quads trial fits the trial buffer");

/* The triples and quads calls in the form `isa` (the scalar one where that form does not run
 * here): what the dispatching entry points below run on the measured path, and the trial on each
 * form. */
static void triples_on(hs_isa isa, hs_poker_state s, int below, uint16_t *classes) {
    if (isa == HS_ISA_AVX512 && hs_poker_state_rank_triples_avx512(s, below, classes) == HS_OK)
        return;
    if (isa == HS_ISA_AVX2 && hs_poker_state_rank_triples_avx2(s, below, classes) == HS_OK)
        return;
    hs_poker_state_rank_triples_scalar(s, below, classes);
}

static void quads_on(hs_isa isa, hs_poker_state s, int below, uint16_t *classes) {
    if (isa == HS_ISA_AVX512 && hs_poker_state_rank_quads_avx512(s, below, classes) == HS_OK)
        return;
    if (isa == HS_ISA_AVX2 && hs_poker_state_rank_quads_avx2(s, below, classes) == HS_OK)
        return;
    hs_poker_state_rank_quads_scalar(s, below, classes);
}

static void trial_state(hs_isa isa, void *ctx) {
    triples_on(
        isa,
        hs_poker_state_of(hs_card_bit(51) | hs_card_bit(50) | hs_card_bit(49) | hs_card_bit(48)),
        TRIAL_BELOW, ctx);
    quads_on(isa, hs_poker_state_of(hs_card_bit(51) | hs_card_bit(50) | hs_card_bit(49)),
             TRIAL_QUADS_BELOW, ctx);
}

static hs_isa choose_state(void) {
    return hs_dispatch_choose(HS_KERNEL_POKER_STATE, TRIAL_CLASSES * sizeof(uint16_t), NULL,
                              trial_state);
}

/* On Intel Xeon the AVX-512 kernel measured 1.45x OMPEval's card loop, the AVX2 one 1.3-1.4x, the
 * scalar one about parity (results/BENCHMARKS.md); gathers may not pay on every CPU. */
hs_isa hs_poker_state_path(void) {
    static atomic_int slot;
    return hs_dispatch_cached(&slot, choose_state);
}

void hs_poker_state_rank_pairs(hs_poker_state s, int below, uint16_t *classes) {
    const hs_isa path = hs_poker_state_path();
    if (path == HS_ISA_AVX512 && hs_poker_state_rank_pairs_avx512(s, below, classes) == HS_OK)
        return;
    if (path == HS_ISA_AVX2 && hs_poker_state_rank_pairs_avx2(s, below, classes) == HS_OK)
        return;
    hs_poker_state_rank_pairs_scalar(s, below, classes);
}

void hs_poker_state_rank_triples_scalar(hs_poker_state s, int below, uint16_t *classes) {
    assert(hs_poker_state_above(s, below));
    for (int c = 2; c < below; c++) {
        hs_poker_state_rank_pairs_scalar(hs_poker_state_add(s, c), c, classes);
        classes += c * (c - 1) / 2;
    }
}

void hs_poker_state_rank_triples(hs_poker_state s, int below, uint16_t *classes) {
    triples_on(hs_poker_state_path(), s, below, classes);
}

void hs_poker_state_rank_quads_scalar(hs_poker_state s, int below, uint16_t *classes) {
    assert(hs_poker_state_above(s, below));
    for (int c = 3; c < below; c++) {
        hs_poker_state_rank_triples_scalar(hs_poker_state_add(s, c), c, classes);
        classes += c * (c - 1) * (c - 2) / 6;
    }
}

void hs_poker_state_rank_quads(hs_poker_state s, int below, uint16_t *classes) {
    quads_on(hs_poker_state_path(), s, below, classes);
}
