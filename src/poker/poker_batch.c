/* Batch poker ranking: the scalar path, the card-id entry point and the runtime dispatch. The
 * AVX2 path is in poker_avx2.c. */
#include "poker_internal.h"
#include "handstat/cpu.h"
#include "handstat/error.h"

#include <assert.h>

void hs_poker_rank_batch_scalar(const uint64_t *hands, size_t n, uint16_t *classes) {
    for (size_t i = 0; i < n; i++) {
        assert(hs_poker_valid(hands[i]));
        classes[i] = (uint16_t)hs_poker_rank_kernel(hands[i]);
    }
}

void hs_poker_rank_batch(const uint64_t *hands, size_t n, uint16_t *classes) {
    if (hs_cpu_has_avx2())
        hs_poker_avx2_rank_masks(hands, n, classes);
    else
        hs_poker_rank_batch_scalar(hands, n, classes);
}

void hs_poker_rank7_ids_batch(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    if (hs_cpu_has_avx2()) {
        hs_poker_avx2_rank7_ids(ids, n, out);
        return;
    }
    for (size_t i = 0; i < n; i++)
        out[i] = (uint16_t)hs_poker_rank_kernel(hs_poker_ids7_mask(ids[i]));
}
