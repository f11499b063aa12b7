// Poker ranker benchmarks: random-order ranking from card ids, sequential (enumeration-order)
// ranking, the plain reference ranker from tests/ as the baseline, and the whole histograms.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "handstat/handstat.h"
#ifdef HS_BENCH_HAVE_REF
#include "poker_ref.h"
#endif

namespace {

// Fixed pseudo-random hands of k distinct card ids, made once per k.
const std::vector<int> &random_ids(int k) {
    static std::vector<int> sets[8];
    std::vector<int> &v = sets[k];
    if (v.empty()) {
        const size_t hands = 1 << 16;
        v.resize(hands * static_cast<size_t>(k));
        uint64_t x = 0x9E3779B97F4A7C15u;
        for (size_t h = 0; h < hands; h++) {
            uint64_t used = 0;
            for (int n = 0; n < k;) {
                x += 0x9E3779B97F4A7C15u;
                uint64_t z = x;
                z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
                z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
                z ^= z >> 31;
                int c = static_cast<int>(z % 52);
                if (!(used & hs_card_bit(c))) {
                    used |= hs_card_bit(c);
                    v[h * static_cast<size_t>(k) + static_cast<size_t>(n++)] = c;
                }
            }
        }
    }
    return v;
}

// Random order from card ids: the mask is built inside the timed loop.
void BM_poker_rank_random(benchmark::State &state) {
    const int k = static_cast<int>(state.range(0));
    const std::vector<int> &ids = random_ids(k);
    const size_t hands = ids.size() / static_cast<size_t>(k);
    size_t i = 0;
    for (auto _ : state) {
        const int *c = &ids[(i++ & (hands - 1)) * static_cast<size_t>(k)];
        uint64_t m = 0;
        for (int j = 0; j < k; j++)
            m |= hs_card_bit(c[j]);
        benchmark::DoNotOptimize(hs_poker_rank(m));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_poker_rank_random)->Arg(5)->Arg(7);

// Sequential order: consecutive k-card masks in colex order (Gosper's hack), as an
// enumeration visits them.
void BM_poker_rank_sequential(benchmark::State &state) {
    const int k = static_cast<int>(state.range(0));
    const uint64_t first = (UINT64_C(1) << k) - 1;
    uint64_t m = first;
    for (auto _ : state) {
        benchmark::DoNotOptimize(hs_poker_rank(m));
        uint64_t low = m & -m, ripple = m + low;
        m = ripple | (((m ^ ripple) >> 2) / low);
        if (m >> 52)
            m = first;
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_poker_rank_sequential)->Arg(5)->Arg(7);

#ifdef HS_BENCH_HAVE_REF
// The plain reference (sort, group, compare tuples; best of 21 for seven cards).
void BM_poker_reference_random(benchmark::State &state) {
    static ref_poker ref;
    static bool ready = false;
    if (!ready) {
        ref_poker_init(&ref);
        ready = true;
    }
    const int k = static_cast<int>(state.range(0));
    const std::vector<int> &ids = random_ids(k);
    const size_t hands = ids.size() / static_cast<size_t>(k);
    size_t i = 0;
    for (auto _ : state) {
        const int *c = &ids[(i++ & (hands - 1)) * static_cast<size_t>(k)];
        benchmark::DoNotOptimize(ref_poker_best(&ref, c, k));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_poker_reference_random)->Arg(5)->Arg(7);
#endif

// The whole k-card distribution at 1 and 2 threads.
void BM_poker_hist(benchmark::State &state) {
    const int k = static_cast<int>(state.range(0));
    static hs_poker_hist h;
    uint64_t hands = 0;
    for (auto _ : state) {
        if (hs_poker_hist_run(k, static_cast<int>(state.range(1)), nullptr, nullptr, &h) != HS_OK)
            state.SkipWithError("hs_poker_hist_run failed");
        hands = h.hands;
        benchmark::DoNotOptimize(h.count);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(hands));
}
BENCHMARK(BM_poker_hist)
    ->Args({5, 1})
    ->Args({5, 2})
    ->Args({7, 1})
    ->Args({7, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
