// Hold'em benchmarks: one exact heads-up matchup over all 1,712,304 boards (fast path and the
// plain reference enumeration from tests/ in the same binary), the whole preflop table, and the
// eight exact-equity cases of issue #11 (single thread, the cases timed against OMPEval), and the
// board analysis of issue #26 (what a range hits on every flop; the equity distribution, with the
// one-call-per-combination loop it replaces in the same binary).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <vector>

#include "handstat/handstat.h"
extern "C" {
#include "holdem_internal.h" // (a C header without its own extern "C")
}
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

// The three-way table over all 169 classes: its first 8 units (128 suit-distinct boards, every
// one of the 818,805 triples on each), one thread, in each form of its counting kernel the CPU
// runs (0 baseline, 1 AVX2, 2 AVX-512, 3 AVX-512 BITALG); items are boards. The whole table is
// 8,404 units.
void BM_holdem_preflop3_units(benchmark::State &state) {
    hs_holdem_preflop3 *table = nullptr;
    hs_job *job = nullptr;
    if (hs_holdem_preflop3_new(nullptr, 0, &table) != HS_OK) {
        state.SkipWithError("hs_holdem_preflop3_new failed");
        return;
    }
    if (hs_holdem_preflop3_job_new_form(table, static_cast<int>(state.range(0)), &job) != HS_OK) {
        state.SkipWithError("this CPU cannot run the form");
        hs_holdem_preflop3_free(table);
        return;
    }
    const hs_job_opts opts = {1, nullptr, nullptr, nullptr, nullptr, 0.0};
    for (auto _ : state) {
        hs_job_free(job);
        job = nullptr;
        if (hs_holdem_preflop3_job_new_form(table, static_cast<int>(state.range(0)), &job) !=
                HS_OK ||
            hs_job_run(job, 0, 8, &opts) != HS_OK)
            state.SkipWithError("the units failed");
    }
    state.SetItemsProcessed(state.iterations() * 128);
    hs_job_free(job);
    hs_holdem_preflop3_free(table);
}
BENCHMARK(BM_holdem_preflop3_units)
    ->DenseRange(0, HS_P3_FORMS - 1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

// ---- issue #11: exact equity, single thread, the cases compared with OMPEval -----------------
// Each player's text is a range (hs_holdem_range_parse), the board is parsed by hs_cards_parse;
// items are the deals enumerated (e.deals).

struct EquityCase {
    std::vector<std::vector<uint64_t>> combos; // one list of two-card masks per player
    uint64_t board = 0;
    bool ok = true;
};

EquityCase equity_case(std::initializer_list<const char *> players, const char *board) {
    EquityCase c;
    static hs_holdem_range r; // large; the cases are built one at a time
    for (const char *text : players) {
        if (hs_holdem_range_parse(text, std::strlen(text), &r, nullptr, 0, nullptr) != HS_OK) {
            c.ok = false;
            return c;
        }
        c.combos.emplace_back(r.combo, r.combo + r.n);
    }
    if (*board) {
        int cards[5];
        size_t n = 0;
        if (hs_cards_parse(board, std::strlen(board), cards, 5, &n, nullptr) != HS_OK) {
            c.ok = false;
            return c;
        }
        c.board = hs_cards_mask(cards, n);
    }
    return c;
}

void run_equity_case(benchmark::State &state, const EquityCase &c) {
    if (!c.ok) {
        state.SkipWithError("cannot parse the case");
        return;
    }
    std::vector<const uint64_t *> ranges;
    std::vector<size_t> counts;
    for (const auto &v : c.combos) {
        ranges.push_back(v.data());
        counts.push_back(v.size());
    }
    hs_holdem_equity e{};
    for (auto _ : state) {
        if (hs_holdem_equity_run(static_cast<int>(ranges.size()), ranges.data(), counts.data(),
                                 c.board, 0, 1, nullptr, nullptr, &e) != HS_OK) {
            state.SkipWithError("hs_holdem_equity_run failed");
            return;
        }
        benchmark::DoNotOptimize(e);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(e.deals));
}

// 1. AhAd vs KsKc, preflop.
void BM_equity_AhAd_KsKc(benchmark::State &state) {
    static const EquityCase c = equity_case({"AhAd", "KsKc"}, "");
    run_equity_case(state, c);
}
BENCHMARK(BM_equity_AhAd_KsKc)->Unit(benchmark::kMillisecond);

// 2. AKs vs QQ, preflop.
void BM_equity_AKs_QQ(benchmark::State &state) {
    static const EquityCase c = equity_case({"AKs", "QQ"}, "");
    run_equity_case(state, c);
}
BENCHMARK(BM_equity_AKs_QQ)->Unit(benchmark::kMillisecond);

// 3. AhKh vs QsQd vs 7c6c, preflop.
void BM_equity_3way(benchmark::State &state) {
    static const EquityCase c = equity_case({"AhKh", "QsQd", "7c6c"}, "");
    run_equity_case(state, c);
}
BENCHMARK(BM_equity_3way)->Unit(benchmark::kMillisecond);

// 4. Six concrete hands, preflop.
void BM_equity_6way_preflop(benchmark::State &state) {
    static const EquityCase c = equity_case({"AhKh", "QsQd", "7c6c", "JdTd", "9s9c", "5h5d"}, "");
    run_equity_case(state, c);
}
BENCHMARK(BM_equity_6way_preflop)->Unit(benchmark::kMillisecond);

// 5. Six classes on the flop 2h7hTc.
void BM_equity_6way_flop_ranges(benchmark::State &state) {
    static const EquityCase c = equity_case({"AKs", "QQ", "JTs", "99", "76s", "55"}, "2h7hTc");
    run_equity_case(state, c);
}
BENCHMARK(BM_equity_6way_flop_ranges)->Unit(benchmark::kMillisecond);

// 6. QQ+,AKs vs JJ-99,AQs+, preflop.
void BM_equity_QQp_AKs_vs_JJ99_AQsp(benchmark::State &state) {
    static const EquityCase c = equity_case({"QQ+,AKs", "JJ-99,AQs+"}, "");
    run_equity_case(state, c);
}
BENCHMARK(BM_equity_QQp_AKs_vs_JJ99_AQsp)->Unit(benchmark::kMillisecond);

// 7. random vs AA, preflop.
void BM_equity_random_AA(benchmark::State &state) {
    static const EquityCase c = equity_case({"random", "AA"}, "");
    run_equity_case(state, c);
}
BENCHMARK(BM_equity_random_AA)->Unit(benchmark::kMillisecond);

// 8. KK+,AK vs QQ-TT,KQs on the flop Kh7d2c.
void BM_equity_KKp_AK_vs_QQTT_KQs_flop(benchmark::State &state) {
    static const EquityCase c = equity_case({"KK+,AK", "QQ-TT,KQs"}, "Kh7d2c");
    run_equity_case(state, c);
}
BENCHMARK(BM_equity_KKp_AK_vs_QQTT_KQs_flop)->Unit(benchmark::kMillisecond);

// ---- issue #26: board analysis, single thread ----------------------------------------------

// A parsed range on the heap (hs_holdem_range is 12 KB), or nullptr.
const hs_holdem_range *parsed(const char *text) {
    auto *r = new hs_holdem_range;
    if (hs_holdem_range_parse(text, std::strlen(text), r, nullptr, 0, nullptr) != HS_OK) {
        delete r;
        return nullptr;
    }
    return r;
}

uint64_t board_of(const char *text) {
    int cards[5];
    size_t n = 0;
    if (hs_cards_parse(text, std::strlen(text), cards, 5, &n, nullptr) != HS_OK)
        return 0;
    return hs_cards_mask(cards, n);
}

// What "random" makes on every flop (hs_holdem_hits_run, one unit per class); items are the
// boards counted: 169 classes x 19,600 flops.
void BM_holdem_hits_random_flops(benchmark::State &state) {
    static const hs_holdem_range *random = parsed("random");
    std::vector<hs_holdem_hits_class> out(HS_HOLDEM_CLASSES);
    int n = 0;
    for (auto _ : state) {
        if (hs_holdem_hits_run(random, 0, HS_STREET_FLOP, 1, nullptr, nullptr, out.data(), &n) !=
            HS_OK) {
            state.SkipWithError("hs_holdem_hits_run failed");
            return;
        }
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations() * HS_HOLDEM_CLASSES * 19600);
}
BENCHMARK(BM_holdem_hits_random_flops)->Unit(benchmark::kMillisecond);

// The equity distribution of hero against villain (hs_holdem_equity_dist); items are the hero
// combinations it gives.
void run_equity_dist(benchmark::State &state, const char *hero, const char *villain,
                     const char *board) {
    const hs_holdem_range *h = parsed(hero), *v = parsed(villain);
    if (h == nullptr || v == nullptr) {
        state.SkipWithError("cannot parse the ranges");
        delete h;
        delete v;
        return;
    }
    const uint64_t b = *board ? board_of(board) : 0;
    std::vector<hs_holdem_dist_combo> out(h->n);
    size_t n = 0;
    for (auto _ : state) {
        if (hs_holdem_equity_dist(h, v, b, 0, 1, nullptr, nullptr, out.data(), &n) != HS_OK) {
            state.SkipWithError("hs_holdem_equity_dist failed");
            break;
        }
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(n));
    delete h;
    delete v;
}

// random against QQ+,AKs on Kh7d2c: 1,176 hero combinations.
void BM_holdem_equity_dist_flop(benchmark::State &state) {
    run_equity_dist(state, "random", "QQ+,AKs", "Kh7d2c");
}
BENCHMARK(BM_holdem_equity_dist_flop)->Unit(benchmark::kMillisecond);

// random against random, preflop: 1,326 hero combinations over every board.
void BM_holdem_equity_dist_preflop_random(benchmark::State &state) {
    run_equity_dist(state, "random", "random", "");
}
BENCHMARK(BM_holdem_equity_dist_preflop_random)->Unit(benchmark::kMillisecond)->Iterations(1);

// random against random on Kh7d2c: every villain combination live, 1,176 hero combinations.
void BM_holdem_equity_dist_flop_random(benchmark::State &state) {
    run_equity_dist(state, "random", "random", "Kh7d2c");
}
BENCHMARK(BM_holdem_equity_dist_flop_random)->Unit(benchmark::kMillisecond);

// What a user does without the distribution: one hs_holdem_equity_ranges call per hero
// combination of "random" live on Kh7d2c (1,176 calls) against the villain; items are the calls.
void run_per_combo(benchmark::State &state, const char *villain_text) {
    static const hs_holdem_range *random = parsed("random");
    const hs_holdem_range *villain = parsed(villain_text);
    static hs_holdem_range one; // the hero: one combination at a time
    const uint64_t board = board_of("Kh7d2c");
    std::vector<uint64_t> live;
    for (size_t i = 0; i < random->n; i++)
        if (!(random->combo[i] & board))
            live.push_back(random->combo[i]);
    one.n = 1;
    one.weight[0] = 100;
    const hs_holdem_range *ranges[2] = {&one, villain};
    hs_holdem_equity_exact e;
    for (auto _ : state) {
        for (const uint64_t h : live) {
            one.combo[0] = h;
            if (hs_holdem_equity_ranges(2, ranges, board, 0, 1, nullptr, nullptr, &e) != HS_OK) {
                state.SkipWithError("hs_holdem_equity_ranges failed");
                delete villain;
                return;
            }
            benchmark::DoNotOptimize(e);
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(live.size()));
    delete villain;
}
void BM_holdem_equity_per_combo_flop(benchmark::State &state) {
    run_per_combo(state, "QQ+,AKs");
}
BENCHMARK(BM_holdem_equity_per_combo_flop)->Unit(benchmark::kMillisecond);
void BM_holdem_equity_per_combo_flop_random(benchmark::State &state) {
    run_per_combo(state, "random");
}
BENCHMARK(BM_holdem_equity_per_combo_flop_random)->Unit(benchmark::kMillisecond)->Iterations(1);

} // namespace
