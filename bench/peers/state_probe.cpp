// A probe, not part of the build: the incremental state's add and rank (handstat/poker_state.h)
// against OMPEval in one process, at random (10 M hands from card ids) and in nested loops over
// all 133,784,560 seven-card hands, rounds rotated, thread CPU time, medians; also the state held
// in one 16-byte vector (GCC vector extension), which measured no different (bench/measurements.md).
// Build after bench/peers/suite.sh has built OMPEval:
//
//   P=/tmp/peers; g++ -O3 -march=native -std=c++17 -include functional -I$P/src_OMPEval \
//     -c bench/peers/ranking_omp.cpp -o /tmp/omp.o
//   g++ -O3 -std=c++17 -Iinclude -Ibuild/release/include bench/peers/state_probe.cpp /tmp/omp.o \
//     $P/build/omp/libompeval.a build/release/libhandstat.a -fopenmp -lgmp -lm -lpthread \
//     -o /tmp/state_probe
//   /tmp/state_probe [ROUNDS]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <algorithm>
#include <vector>
#include "handstat/poker.h"
#include "handstat/poker_state.h"
typedef uint64_t u64;
extern "C" void omp_init();
extern "C" u64 omp_ids(const uint8_t *p, size_t n);
extern "C" u64 omp_cards7();
static double cpu() { timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
typedef u64 v2 __attribute__((vector_size(16)));
alignas(16) static v2 CARDS[52];
static inline v2 vadd(v2 s, int c) { return s + CARDS[c]; }
static inline int vrank(v2 s) {
    u64 key = s[0];
    if (__builtin_expect((key & HS_POKER_STATE_FLUSH) != 0, 0)) {
        int suit = (__builtin_ctzll(key & HS_POKER_STATE_FLUSH) - 35) >> 2;
        return hs_poker_flush[(s[1] >> (13 * suit)) & 0x1FFF];
    }
    uint32_t k = (uint32_t)key;
    return hs_poker_key_class7(k); /* seven cards: the probe ranks only those */
}
__attribute__((noinline)) static u64 rand_state(const uint8_t *p, size_t n) {
    u64 s = 0;
    for (size_t i = 0; i < n; i++, p += 7) {
        hs_poker_state h = hs_poker_state_empty();
        for (int j = 0; j < 7; j++) h = hs_poker_state_add(h, p[j]);
        s += (unsigned)hs_poker_state_rank(h);
    }
    return s;
}
__attribute__((noinline)) static u64 rand_vec(const uint8_t *p, size_t n) {
    u64 s = 0;
    const v2 e = {HS_POKER_STATE_BIAS, 0};
    for (size_t i = 0; i < n; i++, p += 7) {
        v2 h = e;
        for (int j = 0; j < 7; j++) h = vadd(h, p[j]);
        s += (unsigned)vrank(h);
    }
    return s;
}
__attribute__((noinline)) static u64 seq_vec() {
    u64 sum = 0;
    const v2 e = {HS_POKER_STATE_BIAS, 0};
    for (int a = 0; a < 46; a++) { const v2 s1 = vadd(e, a);
    for (int b = a + 1; b < 47; b++) { const v2 s2 = vadd(s1, b);
    for (int c = b + 1; c < 48; c++) { const v2 s3 = vadd(s2, c);
    for (int d = c + 1; d < 49; d++) { const v2 s4 = vadd(s3, d);
    for (int e5 = d + 1; e5 < 50; e5++) { const v2 s5 = vadd(s4, e5);
    for (int f = e5 + 1; f < 51; f++) { const v2 s6 = vadd(s5, f);
    for (int g = f + 1; g < 52; g++) sum += (unsigned)vrank(vadd(s6, g)); } } } } } }
    return sum;
}
__attribute__((noinline)) static u64 seq_state() {
    u64 sum = 0;
    const hs_poker_state e = hs_poker_state_empty();
    for (int a = 0; a < 46; a++) { const hs_poker_state s1 = hs_poker_state_add(e, a);
    for (int b = a + 1; b < 47; b++) { const hs_poker_state s2 = hs_poker_state_add(s1, b);
    for (int c = b + 1; c < 48; c++) { const hs_poker_state s3 = hs_poker_state_add(s2, c);
    for (int d = c + 1; d < 49; d++) { const hs_poker_state s4 = hs_poker_state_add(s3, d);
    for (int e5 = d + 1; e5 < 50; e5++) { const hs_poker_state s5 = hs_poker_state_add(s4, e5);
    for (int f = e5 + 1; f < 51; f++) { const hs_poker_state s6 = hs_poker_state_add(s5, f);
    for (int g = f + 1; g < 52; g++) sum += (unsigned)hs_poker_state_rank(hs_poker_state_add(s6, g)); } } } } } }
    return sum;
}
static int omp_id(int h) { return 4 * ((h % 13 + 12) % 13) + h / 13; }
int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 7;
    for (int c = 0; c < 52; c++) { CARDS[c][0] = hs_poker_state_cards[c].key; CARDS[c][1] = hs_poker_state_cards[c].mask; }
    size_t n = 10000000; std::vector<uint8_t> ids(7 * n), o(7 * n);
    u64 r = 88172645463325252ull;
    for (size_t i = 0; i < n; i++) { u64 h = 0; int k = 0; while (k < 7) { r ^= r << 13; r ^= r >> 7; r ^= r << 17; int c = (int)(r % 52); if (h >> c & 1) continue; h |= 1ull << c; ids[7 * i + k++] = (uint8_t)c; } }
    for (size_t i = 0; i < 7 * n; i++) o[i] = (uint8_t)omp_id(ids[i]);
    omp_init();
    const char *names[6] = {"rand state", "rand vec", "rand OMPEval", "seq state", "seq vec", "seq OMPEval"};
    std::vector<double> t[6]; u64 cs[6] = {0};
    for (int k = 0; k < rounds; k++)
        for (int j = 0; j < 6; j++) {
            int w = (j + k) % 6; double t0 = cpu(); u64 s;
            switch (w) { case 0: s = rand_state(ids.data(), n); break; case 1: s = rand_vec(ids.data(), n); break; case 2: s = omp_ids(o.data(), n); break;
                case 3: s = seq_state(); break; case 4: s = seq_vec(); break; default: s = omp_cards7(); }
            t[w].push_back((w < 3 ? n : 133784560) / (cpu() - t0) / 1e6); cs[w] = s;
        }
    for (int w = 0; w < 6; w++) { std::sort(t[w].begin(), t[w].end()); printf("%s %.0f M/s (sum %llu)\n", names[w], t[w][rounds / 2], (unsigned long long)cs[w]); }
}
