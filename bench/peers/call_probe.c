/* A probe, not part of the build: the one-call rankers from card ids, through the library's
 * exported function, inline, and the route a caller without hs_poker_rank7_ids takes (the mask
 * built from the ids, then the exported hs_poker_rank7), on the same 10 M random hands, rounds
 * alternating in one process; thread CPU time, medians of 9 rounds (bench/measurements.md has
 * what it measured). Build against the release library:
 *
 *   gcc -O3 -Iinclude -Ibuild/release/include bench/peers/call_probe.c \
 *     build/release/libhandstat.a -fopenmp -lgmp -lm -lpthread -o /tmp/call_probe
 *   /tmp/call_probe
 */
#define HS_POKER_NO_INLINE /* the names are the library's functions; the inline form by name */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "handstat/poker.h"
#include "handstat/poker_state.h"

enum { N = 10000000, ROUNDS = 9 };

static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Each loop its own function, its sum returned and printed (none optimized away). */
static __attribute__((noinline)) uint64_t run_exported(const uint8_t *ids, size_t n) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += (unsigned)hs_poker_rank7_ids(ids + 7 * i);
    return s;
}
static __attribute__((noinline)) uint64_t run_inline(const uint8_t *ids, size_t n) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += (unsigned)hs_poker_rank7_ids_inline(ids + 7 * i);
    return s;
}
static __attribute__((noinline)) uint64_t run_mask(const uint8_t *ids, size_t n) {
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = ids + 7 * i;
        uint64_t m = 0;
        for (int j = 0; j < 7; j++)
            m |= UINT64_C(1) << p[j];
        s += (unsigned)hs_poker_rank7(m);
    }
    return s;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(void) {
    uint8_t *ids = malloc(7 * (size_t)N);
    if (ids == NULL)
        return 1;
    uint64_t r = 88172645463325252u; /* xorshift64 */
    for (size_t i = 0; i < N; i++) {
        uint64_t hand = 0;
        for (int k = 0; k < 7;) {
            r ^= r << 13, r ^= r >> 7, r ^= r << 17;
            int c = (int)(r % 52);
            if (hand >> c & 1)
                continue;
            hand |= UINT64_C(1) << c;
            ids[7 * i + (size_t)k++] = (uint8_t)c;
        }
    }
    double t[3][ROUNDS];
    uint64_t sum[3] = {0};
    for (int k = 0; k < ROUNDS; k++)
        for (int j = 0; j < 3; j++) {
            int w = (j + k) % 3; /* the order rotated by round */
            double t0 = cpu();
            sum[w] = w == 0 ? run_exported(ids, N) : w == 1 ? run_inline(ids, N) : run_mask(ids, N);
            t[w][k] = N / (cpu() - t0) / 1e6;
        }
    for (int w = 0; w < 3; w++)
        qsort(t[w], ROUNDS, sizeof t[w][0], cmp_double);
    printf("M hands/s, medians of %d rounds: exported hs_poker_rank7_ids %.0f, inline %.0f, mask "
           "from the ids and the exported hs_poker_rank7 %.0f (sums %llu %llu %llu)\n",
           ROUNDS, t[0][ROUNDS / 2], t[1][ROUNDS / 2], t[2][ROUNDS / 2], (unsigned long long)sum[0],
           (unsigned long long)sum[1], (unsigned long long)sum[2]);
    free(ids);
    return sum[0] == sum[1] && sum[1] == sum[2] ? 0 : 1;
}
