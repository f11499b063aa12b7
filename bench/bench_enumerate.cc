// Whole-hand enumeration benchmarks: every poker hand ranked one by one (the ranker's throughput
// in enumeration order), beside the counted distributions in bench_poker.cc and bench_crib.cc.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "handstat/handstat.h"

namespace {

void BM_poker_hist_enumerate(benchmark::State &state) {
    const int k = static_cast<int>(state.range(0));
    static hs_poker_hist h;
    for (auto _ : state) {
        if (hs_poker_hist_enumerate(k, static_cast<int>(state.range(1)), nullptr, nullptr, &h) !=
            HS_OK)
            state.SkipWithError("hs_poker_hist_enumerate failed");
        benchmark::DoNotOptimize(h.count);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(h.hands));
}
BENCHMARK(BM_poker_hist_enumerate)
    ->Args({5, 1})
    ->Args({7, 1})
    ->Args({7, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
