/* Batch poker ranking: the scalar path, the card-id entry point and the runtime dispatch. The
 * AVX2 path is in poker_avx2.c, the AVX-512 one in poker_avx512.c. */
#include "poker_internal.h"
#include "handstat/error.h"
#include "handstat/poker_state.h"

#include "dispatch_internal.h"

#include <assert.h>

void hs_poker_rank_batch_scalar(const uint64_t *hands, size_t n, uint16_t *classes) {
    for (size_t i = 0; i < n; i++) {
        assert(hs_poker_valid(hands[i]));
        classes[i] = (uint16_t)hs_poker_rank_kernel(hands[i]);
    }
}

enum { CALIB = 4096 }; /* hands per trial: about 5-15 microseconds per form */

typedef struct calib {
    uint8_t ids[CALIB][7];
    uint64_t masks[CALIB];
    uint16_t out[CALIB];
} calib;

/* The trial input of the kernels' measured dispatch (dispatch_internal.h): seven-card hands
 * drawn by a fixed splitmix64 sequence, so every process times the same work. */
static void calib_init(void *in) {
    calib *t = in;
    uint8_t(*ids)[7] = t->ids;
    uint64_t *masks = t->masks;
    uint64_t x = UINT64_C(0x2545F4914F6CDD1D);
    for (size_t i = 0; i < CALIB; i++) {
        uint64_t m = 0;
        for (int j = 0; j < 7;) {
            x += UINT64_C(0x9E3779B97F4A7C15);
            uint64_t z = x;
            z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
            z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
            int c = (int)(((z ^ (z >> 31)) >> 32) % HS_CARDS);
            if (m & hs_card_bit(c))
                continue;
            m |= hs_card_bit(c);
            ids[i][j++] = (uint8_t)c;
        }
        masks[i] = m;
    }
}

static void trial_masks(hs_isa isa, void *ctx) {
    calib *c = ctx;
    if (isa == HS_ISA_AVX2 && hs_poker_rank_batch_avx2(c->masks, CALIB, c->out) == HS_OK)
        return;
    hs_poker_rank_batch_scalar(c->masks, CALIB, c->out);
}

static hs_isa choose_masks(void) {
    return hs_dispatch_choose(HS_KERNEL_POKER_MASKS, sizeof(calib), calib_init, trial_masks);
}

/* Measured on AMD Zen 3 (results/BENCHMARKS.md), the AVX2 kernel's gathers made it slower than
 * the scalar loop, 122 against 177 M hands/s on random masks and 168 against 417 in sequence; the
 * table of benchmarked CPUs (src/core/cpu_table.c) or the measured choice finds this out on each
 * CPU. */
hs_isa hs_poker_rank_batch_path(void) {
    static atomic_int slot;
    return hs_dispatch_cached(&slot, choose_masks);
}

void hs_poker_rank_batch(const uint64_t *hands, size_t n, uint16_t *classes) {
    if (hs_poker_rank_batch_path() != HS_ISA_AVX2 ||
        hs_poker_rank_batch_avx2(hands, n, classes) != HS_OK)
        hs_poker_rank_batch_scalar(hands, n, classes);
}

/* The class of seven card ids: the keys of their incremental states added (one 8-byte load and
 * one addition per card), the cards' mask made only when a suit has five of them (about 3% of
 * random hands). Against adding whole 16-byte states with SSE2 this measured 1.15-1.2x from
 * random ids on AMD Zen 3 (bench/measurements.md): the masks' loads and additions were a third of
 * the work. */
static inline int rank7_ids(const uint8_t ids[7]) {
    assert(hs_poker_ids7_mask(ids) != 0); /* ids in range and distinct */
    const uint64_t *k = hs_poker_card_key;
    hs_poker_state s = {HS_POKER_STATE_BIAS + k[ids[0]] + k[ids[1]] + k[ids[2]] + k[ids[3]] +
                            k[ids[4]] + k[ids[5]] + k[ids[6]],
                        0};
#if defined(__GNUC__)
    if (__builtin_expect((s.key & HS_POKER_STATE_FLUSH) != 0, 0))
#else
    if (s.key & HS_POKER_STATE_FLUSH)
#endif
        for (int j = 0; j < 7; j++)
            s.mask |= hs_card_bit(ids[j]);
    return hs_poker_state_rank(s);
}

void hs_poker_rank7_ids_batch_scalar(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++) {
        if ((i & 7) == 0) /* 56 bytes: every line asked for */
            hs_ids_prefetch(ids[i]);
        out[i] = (uint16_t)rank7_ids(ids[i]);
    }
}

static void trial_ids(hs_isa isa, void *ctx) {
    calib *c = ctx;
    if (isa == HS_ISA_AVX512 && hs_poker_rank7_ids_batch_avx512(c->ids, CALIB, c->out) == HS_OK)
        return;
    if (isa == HS_ISA_AVX2 && hs_poker_rank7_ids_batch_avx2(c->ids, CALIB, c->out) == HS_OK)
        return;
    hs_poker_rank7_ids_batch_scalar(c->ids, CALIB, c->out);
}

static hs_isa choose_ids(void) {
    return hs_dispatch_choose(HS_KERNEL_POKER_IDS, sizeof(calib), calib_init, trial_ids);
}

/* On Intel Xeon the AVX-512 kernel measured 1.5-1.6x the scalar loop from random ids and the
 * AVX2 one 1.2-1.3x (bench/measurements.md); where gathers and permutes are slow the scalar loop
 * may win. */
hs_isa hs_poker_rank7_ids_path(void) {
    static atomic_int slot;
    return hs_dispatch_cached(&slot, choose_ids);
}

void hs_poker_rank7_ids_batch(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    const hs_isa path = hs_poker_rank7_ids_path();
    if (path == HS_ISA_AVX512 && hs_poker_rank7_ids_batch_avx512(ids, n, out) == HS_OK)
        return;
    if (path == HS_ISA_AVX2 && hs_poker_rank7_ids_batch_avx2(ids, n, out) == HS_OK)
        return;
    hs_poker_rank7_ids_batch_scalar(ids, n, out);
}
