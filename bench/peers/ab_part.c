/* Part of ab_probe (ab_probe.sh builds it): the one-call rankers of one build of the library,
 * compiled once per build with AB_NAME(x) naming its functions apart. Each loop is a function of
 * its own whose sum is returned (none optimized away). */
#include <stddef.h>
#include <stdint.h>

#include "handstat/poker.h"
#include "handstat/poker_state.h"

#define AB_CAT(a, b) a##b
#define AB_CAT2(a, b) AB_CAT(a, b)
#define AB_FN(x) AB_CAT2(AB_NAME, x)

/* 7 ids per hand, at random: hs_poker_rank7_ids (inline) */
__attribute__((noinline)) uint64_t AB_FN(_ids)(const uint8_t *p, size_t n) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++, p += 7)
        s += (unsigned)hs_poker_rank7_ids(p);
    return s;
}

/* 7 ids per hand, at random: the state added card by card, then ranked */
__attribute__((noinline)) uint64_t AB_FN(_state)(const uint8_t *p, size_t n) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++, p += 7) {
        hs_poker_state h = hs_poker_state_empty();
        for (int j = 0; j < 7; j++)
            h = hs_poker_state_add(h, p[j]);
        s += (unsigned)hs_poker_state_rank(h);
    }
    return s;
}

/* one mask per hand, at random: hs_poker_rank7 (inline) */
__attribute__((noinline)) uint64_t AB_FN(_mask)(const uint64_t *m, size_t n) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += (unsigned)hs_poker_rank7(m[i]);
    return s;
}

/* every seven-card hand in nested loops, one card added per level */
__attribute__((noinline)) uint64_t AB_FN(_nested)(void) {
    uint64_t sum = 0;
    const hs_poker_state e = hs_poker_state_empty();
    for (int a = 0; a < 46; a++) {
        const hs_poker_state s1 = hs_poker_state_add(e, a);
        for (int b = a + 1; b < 47; b++) {
            const hs_poker_state s2 = hs_poker_state_add(s1, b);
            for (int c = b + 1; c < 48; c++) {
                const hs_poker_state s3 = hs_poker_state_add(s2, c);
                for (int d = c + 1; d < 49; d++) {
                    const hs_poker_state s4 = hs_poker_state_add(s3, d);
                    for (int e5 = d + 1; e5 < 50; e5++) {
                        const hs_poker_state s5 = hs_poker_state_add(s4, e5);
                        for (int f = e5 + 1; f < 51; f++) {
                            const hs_poker_state s6 = hs_poker_state_add(s5, f);
                            for (int g = f + 1; g < 52; g++)
                                sum += (unsigned)hs_poker_state_rank(hs_poker_state_add(s6, g));
                        }
                    }
                }
            }
        }
    }
    return sum;
}
