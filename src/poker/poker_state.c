/* The incremental hand state (handstat/poker_state.h): its per-card constants are generated with
 * the tables (gen_poker_tables.c writes hs_poker_state_cards from the rank keys). */
#include "handstat/poker_state.h"
#include "poker_internal.h"
#include "handstat/error.h"

#include <assert.h>

/* The inline ranking in the public header hard-codes these; fail the build if the tables move. */
_Static_assert(HS_POKER_STATE_ROW_SHIFT == HS_POKER_ROW_SHIFT, "row shift");
_Static_assert(HS_POKER_STATE_FLUSH == (UINT64_C(0x8888) << 32) &&
                   HS_POKER_STATE_BIAS == (UINT64_C(0x3333) << 32),
               "suit counters");

void hs_poker_state_rank_pairs_scalar(hs_poker_state s, int below, uint16_t *classes) {
    assert(hs_poker_state_above(s, below));
    const int pairs = below * (below - 1) / 2;
    for (int p = 0; p < pairs; p++)
        classes[p] = (uint16_t)hs_poker_state_rank(hs_poker_state_join(s, hs_poker_state_pairs[p]));
}

/* The AVX-512 kernel where the CPU has it (poker_avx512.c), else the scalar loop. */
void hs_poker_state_rank_pairs(hs_poker_state s, int below, uint16_t *classes) {
    if (hs_poker_state_rank_pairs_avx512(s, below, classes) != HS_OK)
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
    if (hs_poker_state_rank_triples_avx512(s, below, classes) != HS_OK)
        hs_poker_state_rank_triples_scalar(s, below, classes);
}
