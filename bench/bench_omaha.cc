// Omaha: exact equity over every board completion, one thread (the peers' cases of issue #13),
// and one Omaha ranking of hole cards with a full board.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "bench_cards.h"
#include "handstat/handstat.h"

namespace {

void run_case(benchmark::State &state, std::vector<const char *> hands, const char *board,
              int hilo) {
    std::vector<uint64_t> holes;
    for (const char *h : hands)
        holes.push_back(bench_cards(h));
    hs_omaha_equity e;
    for (auto _ : state) {
        if (hs_omaha_equity_run(holes.data(), static_cast<int>(holes.size()), bench_cards(board), 0,
                                hilo, 1, nullptr, nullptr, &e) != HS_OK) {
            state.SkipWithError("equity failed");
            return;
        }
        benchmark::DoNotOptimize(e);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(e.boards));
}

// PLO4 AhAdKsQs vs 9h8h7c6c over all 1,086,008 boards, high and hi/lo.
void BM_omaha_plo4_headsup(benchmark::State &state) {
    run_case(state, {"AhAdKsQs", "9h8h7c6c"}, "", 0);
}
void BM_omaha_plo4_headsup_hilo(benchmark::State &state) {
    run_case(state, {"AhAdKsQs", "9h8h7c6c"}, "", 1);
}
// PLO5 heads-up with a flop.
void BM_omaha_plo5_flop(benchmark::State &state) {
    run_case(state, {"AhAdKsQsJh", "9h8h7c6c5d"}, "2c3d4h", 0);
}
// PLO6 three-way with a flop, hi/lo.
void BM_omaha_plo6_3way_flop_hilo(benchmark::State &state) {
    run_case(state, {"AhAdKsQsJhTc", "9h8h7c6c5d4s", "3c3sTdTh4c4h"}, "8d7sAc", 1);
}
BENCHMARK(BM_omaha_plo4_headsup)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_omaha_plo4_headsup_hilo)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_omaha_plo5_flop)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_omaha_plo6_3way_flop_hilo)->Unit(benchmark::kMillisecond);

// One PLO4 hand's best high with a five-card board (60 combinations), random hands.
void BM_omaha_rank_plo4(benchmark::State &state) {
    std::vector<uint64_t> holes, boards;
    uint64_t x = 0x9E3779B97F4A7C15u;
    auto next = [&x]() {
        x += 0x9E3779B97F4A7C15u;
        uint64_t z = x;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
        return z ^ (z >> 31);
    };
    for (int i = 0; i < 4096; i++) {
        uint64_t used = 0, hole = 0, board = 0;
        for (int n = 0; n < 9;) {
            int c = static_cast<int>(next() % 52);
            if (used & hs_card_bit(c))
                continue;
            used |= hs_card_bit(c);
            (n < 4 ? hole : board) |= hs_card_bit(c);
            n++;
        }
        holes.push_back(hole);
        boards.push_back(board);
    }
    size_t i = 0;
    uint64_t sum = 0;
    for (auto _ : state) {
        sum += static_cast<unsigned>(hs_omaha_rank(holes[i & 4095], boards[i & 4095]));
        i++;
    }
    benchmark::DoNotOptimize(sum);
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_omaha_rank_plo4);

} // namespace
