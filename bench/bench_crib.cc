// Cribbage scorer and histogram benchmarks. Items per second are scored hands per second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "handstat/handstat.h"
#ifdef HS_BENCH_HAVE_REF
#include "crib_ref.h"
#endif

namespace {

struct Deal {
    uint64_t hand;
    int cards[5]; // hand cards, then the starter
};

// A fixed pseudo-random set of valid hands, made once.
const std::vector<Deal> &random_deals() {
    static const std::vector<Deal> deals = [] {
        std::vector<Deal> v(1 << 16);
        uint64_t x = 0x243F6A8885A308D3u;
        for (Deal &d : v) {
            uint64_t all = 0;
            for (int n = 0; n < 5;) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                int c = static_cast<int>(x % 52);
                if (!(all & hs_card_bit(c))) {
                    all |= hs_card_bit(c);
                    d.cards[n++] = c;
                }
            }
            d.hand = all & ~hs_card_bit(d.cards[4]);
        }
        return v;
    }();
    return deals;
}

// The same deals as separate arrays of hand masks and starters, for the batch kernels.
struct DealArrays {
    std::vector<uint64_t> hands;
    std::vector<uint8_t> starters;
};
const DealArrays &deal_arrays() {
    static const DealArrays arrays = [] {
        DealArrays a;
        for (const Deal &d : random_deals()) {
            a.hands.push_back(d.hand);
            a.starters.push_back(static_cast<uint8_t>(d.cards[4]));
        }
        return a;
    }();
    return arrays;
}

// Batches of 1024 random deals; arg 0 = scalar batch, 1 = AVX2 batch.
void BM_crib_total_batch(benchmark::State &state) {
    const DealArrays &a = deal_arrays();
    const size_t batch = 1024, n = a.hands.size();
    std::vector<uint8_t> totals(batch);
    const bool avx2 = state.range(0) == 1;
    if (avx2 && !hs_cpu_has_avx2()) {
        state.SkipWithError("this CPU has no AVX2");
        return;
    }
    size_t at = 0;
    for (auto _ : state) {
        if (avx2)
            hs_crib_total_batch_avx2(&a.hands[at], &a.starters[at], batch, HS_CRIB_HAND,
                                     totals.data());
        else
            hs_crib_total_batch_scalar(&a.hands[at], &a.starters[at], batch, HS_CRIB_HAND,
                                       totals.data());
        benchmark::DoNotOptimize(totals.data());
        at = (at + batch) % n;
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(batch));
    state.SetLabel(avx2 ? "avx2" : "scalar");
}
BENCHMARK(BM_crib_total_batch)->Arg(0)->Arg(1);

void BM_crib_score_random(benchmark::State &state) {
    const auto &deals = random_deals();
    size_t i = 0;
    for (auto _ : state) {
        const Deal &d = deals[i++ & (deals.size() - 1)];
        hs_crib_score s = hs_crib_score5(d.hand, d.cards[4], HS_CRIB_HAND);
        benchmark::DoNotOptimize(s);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_crib_score_random);

#ifdef HS_BENCH_HAVE_REF
// The plain reference scorer from tests/: the baseline for the ratio.
void BM_crib_score_reference(benchmark::State &state) {
    const auto &deals = random_deals();
    size_t i = 0;
    for (auto _ : state) {
        const Deal &d = deals[i++ & (deals.size() - 1)];
        ref_crib_score s = ref_crib_score5(d.cards, 0);
        benchmark::DoNotOptimize(s);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_crib_score_reference);
#endif

// The whole exhaustive distribution (12,994,800 scored hands) at 1 and 2 threads.
void BM_crib_hist(benchmark::State &state) {
    for (auto _ : state) {
        hs_crib_hist h;
        int rc =
            hs_crib_hist_run(HS_CRIB_HAND, static_cast<int>(state.range(0)), nullptr, nullptr, &h);
        if (rc != HS_OK)
            state.SkipWithError("hs_crib_hist_run failed");
        benchmark::DoNotOptimize(h);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(HS_CRIB_COMBOS));
}
BENCHMARK(BM_crib_hist)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
