// Hold'em benchmarks: one exact heads-up matchup over all 1,712,304 boards (fast path and the
// plain reference enumeration from tests/ in the same binary), and the whole preflop table.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "handstat/handstat.h"
#ifdef HS_BENCH_HAVE_REF
#include "holdem_ref.h"
#endif

namespace {

uint64_t hand_of(const char *text) {
    uint64_t combos[12];
    size_t n = 0;
    hs_holdem_hand_parse(text, std::strlen(text), combos, &n, nullptr);
    return combos[0];
}

// AhAd vs KsKc, every board; items are boards.
void BM_holdem_headsup(benchmark::State &state) {
    const uint64_t a = hand_of("AhAd"), k = hand_of("KsKc");
    const uint64_t *ranges[2] = {&a, &k};
    const size_t counts[2] = {1, 1};
    hs_holdem_equity e;
    for (auto _ : state) {
        if (hs_holdem_equity_run(2, ranges, counts, 0, 0, static_cast<int>(state.range(0)), nullptr,
                                 nullptr, &e) != HS_OK)
            state.SkipWithError("hs_holdem_equity_run failed");
        benchmark::DoNotOptimize(e);
    }
    state.SetItemsProcessed(state.iterations() * 1712304);
}
BENCHMARK(BM_holdem_headsup)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

#ifdef HS_BENCH_HAVE_REF
// The same matchup by the plain reference enumeration (best of 21 with the reference ranker).
void BM_holdem_headsup_reference(benchmark::State &state) {
    static ref_holdem *ref = ref_holdem_new();
    const int aces[2] = {26, 13}, kings[2] = {51, 12}; // Ah Ad, Ks Kc
    const int *hands[2] = {aces, kings};
    const int counts[2] = {1, 1};
    ref_holdem_result r;
    for (auto _ : state) {
        ref_holdem_equity(ref, 2, hands, counts, nullptr, 0, nullptr, 0, &r);
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations() * 1712304);
}
BENCHMARK(BM_holdem_headsup_reference)->Unit(benchmark::kMillisecond)->Iterations(1);
#endif

// The whole 169 x 169 preflop table; items are the deals it accounts for: every ordered pair of
// disjoint hole-card pairs (1326 * 1225) with each of the 1,712,304 boards that avoid both.
void BM_holdem_preflop_table(benchmark::State &state) {
    hs_holdem_preflop *table = nullptr;
    if (hs_holdem_preflop_new(&table) != HS_OK) {
        state.SkipWithError("hs_holdem_preflop_new failed");
        return;
    }
    auto *c =
        static_cast<hs_holdem_preflop_counts *>(std::calloc(1, sizeof(hs_holdem_preflop_counts)));
    for (auto _ : state) {
        std::memset(c, 0, sizeof *c);
        if (hs_holdem_preflop_run(table, 0, hs_holdem_preflop_units(table),
                                  static_cast<int>(state.range(0)), nullptr, nullptr, c) != HS_OK)
            state.SkipWithError("hs_holdem_preflop_run failed");
    }
    state.SetItemsProcessed(state.iterations() * INT64_C(1326) * 1225 * 1712304);
    std::free(c);
    hs_holdem_preflop_free(table);
}
BENCHMARK(BM_holdem_preflop_table)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

} // namespace
