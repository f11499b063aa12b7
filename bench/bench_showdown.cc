// Showdown benchmarks: the whole matchup table (class sums, and with every hand's row) at 1 and 2
// threads, and one hand against all its disjoint opponents by hs_poker_showdown5 and by the plain
// reference double loop from tests/ (the reference class of every hand looked up by colex rank).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "handstat/handstat.h"
#ifdef HS_BENCH_HAVE_REF
#include "poker_ref.h"
#endif

namespace {

constexpr int64_t kMatchups = INT64_C(3986646103440);

// The full table; items are (hand, opponent) matchups. Arg 1: with per-hand rows.
void BM_poker_matchups(benchmark::State &state) {
    static hs_poker_matchups m;
    const int threads = static_cast<int>(state.range(0));
    std::vector<hs_showdown> rows(state.range(1) ? HS_HANDS5 : 0);
    for (auto _ : state) {
        if (hs_poker_matchups_run(threads, nullptr, nullptr, &m,
                                  rows.empty() ? nullptr : rows.data()) != HS_OK)
            state.SkipWithError("hs_poker_matchups_run failed");
        benchmark::DoNotOptimize(m.wins);
    }
    state.SetItemsProcessed(state.iterations() * kMatchups);
}
BENCHMARK(BM_poker_matchups)
    ->ArgNames({"threads", "rows"})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({1, 1})
    ->Args({2, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// A few fixed hands, cycled: a royal flush, a pair, a high card, two pair.
const uint64_t kHands[] = {
    (UINT64_C(1) << 39) | (UINT64_C(0xF) << 48), // AS TS JS QS KS
    (UINT64_C(1) << 5) | (UINT64_C(1) << 18) | (UINT64_C(1) << 33) | (UINT64_C(1) << 47) |
        (UINT64_C(1) << 2), // 6C 6D 8H 9S 3C
    (UINT64_C(1) << 6) | (UINT64_C(1) << 17) | (UINT64_C(1) << 29) | (UINT64_C(1) << 41) |
        (UINT64_C(1) << 1), // 7C 5D 4H 3S 2C
    (UINT64_C(1) << 12) | (UINT64_C(1) << 25) | (UINT64_C(1) << 3) | (UINT64_C(1) << 16) |
        (UINT64_C(1) << 48), // KC KD 4C 4D TS
};

// One hand against its C(47,5) opponents; items are opponents.
void BM_poker_showdown5(benchmark::State &state) {
    size_t i = 0;
    for (auto _ : state)
        benchmark::DoNotOptimize(hs_poker_showdown5(kHands[i++ % 4]));
    state.SetItemsProcessed(state.iterations() * HS_SHOWDOWN_OPPONENTS);
}
BENCHMARK(BM_poker_showdown5)->Unit(benchmark::kMillisecond);

#ifdef HS_BENCH_HAVE_REF
// The plain double loop: every five-card hand (by colex rank, with its reference class made once
// outside the timing), skipping those that share a card. Items are opponents, as above.
void BM_poker_showdown5_reference(benchmark::State &state) {
    static std::vector<uint64_t> mask;
    static std::vector<uint16_t> cls;
    if (mask.empty()) {
        static ref_poker ref;
        ref_poker_init(&ref);
        mask.resize(HS_HANDS5);
        cls.resize(HS_HANDS5);
        for (uint32_t r = 0; r < HS_HANDS5; r++) {
            uint64_t m = hs_hand5_unrank(r);
            int cards[5];
            for (int j = 0; j < 5; j++, m &= m - 1)
                cards[j] = __builtin_ctzll(m);
            mask[r] = hs_hand5_unrank(r);
            cls[r] = static_cast<uint16_t>(ref_poker_class5(&ref, cards));
        }
    }
    size_t i = 0;
    for (auto _ : state) {
        const uint64_t hand = kHands[i++ % 4];
        const int mine = cls[hs_hand5_colex(hand)];
        hs_showdown s = {0, 0, 0};
        for (uint32_t o = 0; o < HS_HANDS5; o++) {
            if (mask[o] & hand)
                continue;
            s.wins += cls[o] > mine;
            s.ties += cls[o] == mine;
            s.losses += cls[o] < mine;
        }
        benchmark::DoNotOptimize(s);
    }
    state.SetItemsProcessed(state.iterations() * HS_SHOWDOWN_OPPONENTS);
}
BENCHMARK(BM_poker_showdown5_reference)->Unit(benchmark::kMillisecond);
#endif

} // namespace
