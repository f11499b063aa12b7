// Cribbage discard analysis: one deal's whole analysis (items = deals), the plain-loop reference
// for the same deal, the whole all-deals enumeration, and crib peg-table's start and units.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "handstat/handstat.h"
#ifdef HS_BENCH_HAVE_REF
#include "discard_ref.h"
#endif

namespace {

// A fixed pseudo-random set of six-card (or five-card) deals, made once.
std::vector<uint64_t> random_deals(int cards) {
    std::vector<uint64_t> v(256);
    uint64_t x = 0x13198A2E03707344u + static_cast<uint64_t>(cards);
    for (uint64_t &m : v) {
        m = 0;
        while (hs_hand_size(m) < cards) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            m |= hs_card_bit(static_cast<int>(x % 52));
        }
    }
    return v;
}

// Arg: cards dealt (6: two players, 5: three players).
void BM_discard_analyze(benchmark::State &state) {
    const std::vector<uint64_t> deals = random_deals(static_cast<int>(state.range(0)));
    size_t i = 0;
    hs_discard d;
    for (auto _ : state) {
        int rc = hs_discard_analyze(deals[i++ % deals.size()], HS_CRIB_DEALER, &d);
        if (rc != HS_OK)
            state.SkipWithError("hs_discard_analyze failed");
        benchmark::DoNotOptimize(d);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(hs_isa_name(hs_isa_best()));
}
BENCHMARK(BM_discard_analyze)->Arg(6)->Arg(5)->Unit(benchmark::kMillisecond);

// crib discard --pegging: the analysis of a six-card deal and every keep's expected double-dummy
// pegging over the 163,185 hands the opponent could hold (from the table).
void BM_discard_pegging(benchmark::State &state) {
    const std::vector<uint64_t> deals = random_deals(6);
    size_t i = 0;
    hs_discard d;
    int64_t total = 0;
    for (auto _ : state) {
        const uint64_t dealt = deals[i++ % deals.size()];
        if (hs_discard_analyze(dealt, HS_CRIB_DEALER, &d) != HS_OK)
            state.SkipWithError("hs_discard_analyze failed");
        for (int k = 0; k < d.n_keeps; k++) {
            int64_t sum;
            if (hs_peg_keep_sum(dealt, d.keeps[k].keep, HS_CRIB_DEALER, &sum) != HS_OK)
                state.SkipWithError("hs_peg_keep_sum failed");
            total += sum;
        }
        benchmark::DoNotOptimize(total);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_discard_pegging)->Unit(benchmark::kMillisecond);

#ifdef HS_BENCH_HAVE_REF
// The same analysis by plain loops with the reference scorer (tests/discard_ref.c): one deal.
void BM_discard_reference(benchmark::State &state) {
    const std::vector<uint64_t> deals = random_deals(6);
    for (auto _ : state) {
        const uint64_t dealt = deals[0];
        uint64_t sum = 0;
        int c[6], n = 0;
        for (int k = 0; k < 52; k++)
            if (dealt >> k & 1)
                c[n++] = k;
        for (int a = 0; a < 6; a++)
            for (int b = a + 1; b < 6; b++) {
                ref_discard_keep r =
                    ref_discard_keep_sums(dealt, hs_card_bit(c[a]) | hs_card_bit(c[b]));
                sum += r.crib_sum + r.hand_sum;
            }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_discard_reference)->Iterations(1)->Unit(benchmark::kMillisecond);
#endif

// The throw table (169 classes x 58,800 cases).
void BM_crib_throw_table(benchmark::State &state) {
    hs_crib_throw_class t[HS_THROW_CLASSES];
    for (auto _ : state) {
        hs_crib_throw_table(t);
        benchmark::DoNotOptimize(t);
    }
    state.SetItemsProcessed(state.iterations() * HS_THROW_CLASSES);
}
BENCHMARK(BM_crib_throw_table)->Unit(benchmark::kMillisecond);

// The per-deal kernel of crib deals (tables made once): items = deals.
void BM_discard_deal_sums(benchmark::State &state) {
    static hs_discard_tables *tables = [] {
        hs_discard_tables *t = nullptr;
        hs_discard_tables_new(0, &t);
        return t;
    }();
    if (tables == nullptr) {
        state.SkipWithError("hs_discard_tables_new failed");
        return;
    }
    const std::vector<uint64_t> deals = random_deals(6);
    size_t i = 0;
    uint64_t keep[15], hand[15], crib[15];
    for (auto _ : state) {
        hs_discard_deal_sums(tables, deals[i++ % deals.size()], keep, hand, crib);
        benchmark::DoNotOptimize(crib);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_discard_deal_sums);

// Tables and every deal, at 1 and 2 threads: items = deals.
void BM_crib_deals(benchmark::State &state) {
    const int threads = static_cast<int>(state.range(0));
    std::unique_ptr<hs_discard_deals> out(new hs_discard_deals);
    for (auto _ : state) {
        hs_discard_tables *t = nullptr;
        int rc = hs_discard_tables_new(threads, &t);
        if (rc == HS_OK)
            rc = hs_discard_deals_run(t, threads, nullptr, nullptr, out.get());
        hs_discard_tables_free(t);
        if (rc != HS_OK)
            state.SkipWithError("crib deals failed");
        benchmark::DoNotOptimize(out.get());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(HS_DEALS6));
}
BENCHMARK(BM_crib_deals)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// crib peg-table's start: the job made from the discard tables, which sums every keep's pegging
// once per kept and thrown ranks (1820 x 91 pairs, both roles) on Arg threads. Items = job
// creations.
void BM_peg_deals_job_new(benchmark::State &state) {
    hs_discard_tables *tables = nullptr;
    if (hs_discard_tables_new(0, &tables) != HS_OK) {
        state.SkipWithError("hs_discard_tables_new failed");
        return;
    }
    const int threads = static_cast<int>(state.range(0));
    for (auto _ : state) {
        hs_job *job = nullptr;
        if (hs_peg_deals_job_new_threads(tables, threads, &job) != HS_OK)
            state.SkipWithError("hs_peg_deals_job_new_threads failed");
        benchmark::DoNotOptimize(job);
        hs_job_free(job);
    }
    hs_discard_tables_free(tables);
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_peg_deals_job_new)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// crib peg-table's per-deal work on one thread: the units of first lanes 0x1100 to 0x11FF
// (tables and job made once). Items = deals up to suit permutation.
void BM_peg_deals_units(benchmark::State &state) {
    hs_discard_tables *tables = nullptr;
    hs_job *job = nullptr;
    if (hs_discard_tables_new(0, &tables) != HS_OK || hs_peg_deals_job_new(tables, &job) != HS_OK) {
        state.SkipWithError("crib peg-table tables failed");
        hs_discard_tables_free(tables);
        return;
    }
    hs_job_free(job);
    const hs_job_opts opts = {1, nullptr, nullptr, nullptr, nullptr, 0.0};
    uint64_t deals = 0;
    for (auto _ : state) {
        state.PauseTiming();
        job = nullptr;
        hs_peg_deals_job_new(tables, &job);
        state.ResumeTiming();
        if (job == nullptr || hs_job_run(job, 0x10FF, 0x11FF, &opts) != HS_OK)
            state.SkipWithError("crib peg-table units failed");
        else
            deals += hs_peg_deals_job_counts(job)->canonical;
        hs_job_free(job);
    }
    hs_discard_tables_free(tables);
    state.SetItemsProcessed(static_cast<int64_t>(deals));
}
BENCHMARK(BM_peg_deals_units)->Unit(benchmark::kMillisecond);

} // namespace
