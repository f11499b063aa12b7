// Seven-card stud: exact equity, one thread (the cases measured against pokenum, see
// bench/measurements.md), and a plain walk over every joint completion with each player's
// completions ranked once (the obvious exact method, the baseline in the same run).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "bench_cards.h"
#include "handstat/handstat.h"

namespace {

void run_case(benchmark::State &state, std::vector<const char *> hands, const char *dead,
              hs_stud_game game) {
    std::vector<uint64_t> h;
    for (const char *t : hands)
        h.push_back(bench_cards(t));
    hs_stud_equity e;
    for (auto _ : state) {
        if (hs_stud_equity_run(h.data(), static_cast<int>(h.size()), bench_cards(dead), game, 1,
                               nullptr, nullptr, &e) != HS_OK) {
            state.SkipWithError("equity failed");
            return;
        }
        benchmark::DoNotOptimize(e);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(e.deals));
}

// Heads-up, fourth street (141,181,040 deals), high, hi/lo and razz.
void BM_stud_headsup_4th(benchmark::State &state) {
    run_case(state, {"Ah Kh Qd Jc", "9s 9d 5c 2h"}, "", HS_STUD_HIGH);
}
void BM_stud_headsup_4th_hilo(benchmark::State &state) {
    run_case(state, {"Ah 2h 3d 9c", "Ks Kd 5c 8h"}, "", HS_STUD_HILO);
}
void BM_razz_headsup_4th(benchmark::State &state) {
    run_case(state, {"Ah 2h 3d 9c", "4s 5d 6c Kh"}, "", HS_STUD_RAZZ);
}
// Three-way, fifth street (209,230,560 deals).
void BM_stud_3way_5th(benchmark::State &state) {
    run_case(state, {"Ah Ad 7c 4s 2d", "Ks Qs Js 9h 3c", "8h 8c 6d 6s Tc"}, "", HS_STUD_HIGH);
}
// Heads-up, third street (18,265,297,050 deals), with dead cards.
void BM_stud_headsup_3rd_dead(benchmark::State &state) {
    run_case(state, {"Ah Ad 7c", "Ks Qs Js"}, "Qh Tc 2s", HS_STUD_HIGH);
}
// Three-way, fourth street (459,377,318,400 deals).
void BM_stud_3way_4th(benchmark::State &state) {
    run_case(state, {"Ah Ad 7c 4s", "Ks Qs Js 9h", "8h 8c 6d 6s"}, "", HS_STUD_HIGH);
}
// Four hands, fifth street (26,506,116,000 deals): the union walk (four or more players).
void BM_stud_4way_5th(benchmark::State &state) {
    run_case(state, {"Ah 2h 3d 9c Kc", "4s 5d 6c Kh Qh", "7s 7d Tc Jh 8d", "Ad 3s 4h Jc Jd"}, "",
             HS_STUD_HIGH);
}
void BM_stud_4way_5th_hilo(benchmark::State &state) {
    run_case(state, {"Ah 2h 3d 9c Kc", "4s 5d 6c Kh Qh", "7s 7d Tc Jh 8d", "Ad 3s 4h Jc Jd"}, "",
             HS_STUD_HILO);
}
BENCHMARK(BM_stud_headsup_4th)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_stud_headsup_4th_hilo)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_razz_headsup_4th)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_stud_3way_5th)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_stud_headsup_3rd_dead)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_stud_3way_4th)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_stud_4way_5th)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_stud_4way_5th_hilo)->Unit(benchmark::kMillisecond);

// The baseline: heads-up high, every completion ranked once (hs_poker_rank7), then every pair of
// disjoint completions compared.
void BM_stud_walk_headsup_4th(benchmark::State &state) {
    uint64_t a = bench_cards("Ah Kh Qd Jc"), b = bench_cards("9s 9d 5c 2h");
    uint64_t rest = HS_DECK_MASK & ~(a | b);
    std::vector<int> deck;
    for (int c = 0; c < HS_CARDS; c++)
        if (rest >> c & 1)
            deck.push_back(c);
    std::vector<uint64_t> comp;
    const int n = static_cast<int>(deck.size());
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            for (int k = j + 1; k < n; k++)
                comp.push_back(hs_card_bit(deck[i]) | hs_card_bit(deck[j]) | hs_card_bit(deck[k]));
    uint64_t wins = 0, ties = 0, deals = 0;
    for (auto _ : state) {
        std::vector<uint16_t> ra(comp.size()), rb(comp.size());
        for (size_t i = 0; i < comp.size(); i++) {
            ra[i] = static_cast<uint16_t>(hs_poker_rank7(a | comp[i]));
            rb[i] = static_cast<uint16_t>(hs_poker_rank7(b | comp[i]));
        }
        wins = ties = deals = 0;
        for (size_t i = 0; i < comp.size(); i++)
            for (size_t j = 0; j < comp.size(); j++) {
                if (comp[i] & comp[j])
                    continue;
                deals++;
                wins += ra[i] < rb[j];
                ties += ra[i] == rb[j];
            }
        benchmark::DoNotOptimize(wins);
        benchmark::DoNotOptimize(ties);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(deals));
}
BENCHMARK(BM_stud_walk_headsup_4th)->Unit(benchmark::kMillisecond);

} // namespace
