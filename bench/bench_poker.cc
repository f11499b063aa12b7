// Poker ranker benchmarks: random-order ranking from card ids, sequential (enumeration-order)
// ranking, the incremental state in nested loops and from card ids, the batch rankers (scalar,
// AVX2, dispatching, card ids), the plain reference ranker from tests/ as the baseline, and the
// whole histograms.
#include <benchmark/benchmark.h>

#include <algorithm>
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

// All C(52,k) hands in nested loops, hand by hand, one thread, the cards going down: the
// incremental state gets one card per level and the innermost loop runs over the pairs of cards
// below the last one (hs_poker_state_pairs), joined to the state and ranked inline. K is the number
// of cards still to add; the sum of the classes keeps every ranking.
template <int K> inline void enumerate_state(hs_poker_state s, int lim, uint64_t &sum) {
    if constexpr (K == 2) {
        const int pairs = lim * (lim - 1) / 2;
        for (int p = 0; p < pairs; p++)
            sum += static_cast<unsigned>(
                hs_poker_state_rank(hs_poker_state_join(s, hs_poker_state_pairs[p])));
    } else {
        for (int c = K - 1; c < lim; c++)
            enumerate_state<K - 1>(hs_poker_state_add(s, c), c, sum);
    }
}
// The same loops with the three innermost levels as one hs_poker_state_rank_triples() call (the
// AVX-512 kernel where the CPU has it; or the path given), its classes then summed one by one.
using TriplesFn = void (*)(hs_poker_state, int, uint16_t *);
void triples_avx2(hs_poker_state s, int below, uint16_t *classes) {
    (void)hs_poker_state_rank_triples_avx2(s, below, classes); // AVX2 checked by the caller
}
template <int K, TriplesFn Triples = hs_poker_state_rank_triples>
inline void enumerate_rows(hs_poker_state s, int lim, uint64_t &sum, uint16_t *classes) {
    if constexpr (K == 3) {
        Triples(s, lim, classes);
        const int pairs = lim * (lim - 1) * (lim - 2) / 6;
        unsigned t = 0;
        for (int p = 0; p < pairs; p++)
            t += classes[p];
        sum += t;
    } else {
        for (int c = K - 1; c < lim; c++)
            enumerate_rows<K - 1, Triples>(hs_poker_state_add(s, c), c, sum, classes);
    }
}
// The last four cards as one hs_poker_state_rank_quads call (C(52, 4) classes at most).
inline void enumerate_quads(hs_poker_state s, int k, int lim, uint64_t &sum, uint16_t *classes) {
    if (k == 4) {
        hs_poker_state_rank_quads(s, lim, classes);
        const int n = lim * (lim - 1) * (lim - 2) * (lim - 3) / 24;
        unsigned t = 0;
        for (int p = 0; p < n; p++)
            t += classes[p];
        sum += t;
    } else {
        for (int c = k - 1; c < lim; c++)
            enumerate_quads(hs_poker_state_add(s, c), k - 1, c, sum, classes);
    }
}
// The same with one card per level down to the last (the loop shape of OMPEval's benchmark).
template <int K> inline void enumerate_cards(hs_poker_state s, int from, uint64_t &sum) {
    for (int c = from; c <= HS_CARDS - K; c++) {
        hs_poker_state t = hs_poker_state_add(s, c);
        if constexpr (K == 1)
            sum += static_cast<unsigned>(hs_poker_state_rank(t));
        else
            enumerate_cards<K - 1>(t, c + 1, sum);
    }
}
// The card-by-card loops on hand masks ranked by hs_poker_rank() (the baseline).
template <int K> inline void enumerate_mask(uint64_t m, int from, uint64_t &sum) {
    for (int c = from; c <= HS_CARDS - K; c++) {
        uint64_t t = m | hs_card_bit(c);
        if constexpr (K == 1)
            sum += static_cast<unsigned>(hs_poker_rank(t));
        else
            enumerate_mask<K - 1>(t, c + 1, sum);
    }
}

const int64_t kHands[8] = {0, 0, 0, 0, 0, 2598960, 20358520, 133784560};

enum class Loop { rows, rows_scalar, rows_avx2, pairs, cards, mask };
template <int K, Loop L> void enumerate_bench(benchmark::State &state) {
    uint64_t sum = 0;
    static uint16_t classes[22100];
    if (L == Loop::rows_avx2 && !hs_cpu_has_avx2()) {
        state.SkipWithError("this CPU lacks AVX2");
        return;
    }
    for (auto _ : state) {
        if constexpr (L == Loop::rows)
            enumerate_rows<K>(hs_poker_state_empty(), HS_CARDS, sum, classes);
        else if constexpr (L == Loop::rows_scalar)
            enumerate_rows<K, hs_poker_state_rank_triples_scalar>(hs_poker_state_empty(), HS_CARDS,
                                                                  sum, classes);
        else if constexpr (L == Loop::rows_avx2)
            enumerate_rows<K, triples_avx2>(hs_poker_state_empty(), HS_CARDS, sum, classes);
        else if constexpr (L == Loop::pairs)
            enumerate_state<K>(hs_poker_state_empty(), HS_CARDS, sum);
        else if constexpr (L == Loop::cards)
            enumerate_cards<K>(hs_poker_state_empty(), 0, sum);
        else
            enumerate_mask<K>(0, 0, sum);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * kHands[K]);
}
void BM_poker_enumerate5_incremental(benchmark::State &state) {
    enumerate_bench<5, Loop::rows>(state);
}
void BM_poker_enumerate6_incremental(benchmark::State &state) {
    enumerate_bench<6, Loop::rows>(state);
}
void BM_poker_enumerate7_incremental(benchmark::State &state) {
    enumerate_bench<7, Loop::rows>(state);
}
// The same through the scalar and the AVX2 paths of hs_poker_state_rank_triples.
void BM_poker_enumerate7_incremental_scalar(benchmark::State &state) {
    enumerate_bench<7, Loop::rows_scalar>(state);
}
void BM_poker_enumerate5_incremental_avx2(benchmark::State &state) {
    enumerate_bench<5, Loop::rows_avx2>(state);
}
void BM_poker_enumerate6_incremental_avx2(benchmark::State &state) {
    enumerate_bench<6, Loop::rows_avx2>(state);
}
void BM_poker_enumerate7_incremental_avx2(benchmark::State &state) {
    enumerate_bench<7, Loop::rows_avx2>(state);
}
void BM_poker_enumerate7_incremental_inline(benchmark::State &state) {
    enumerate_bench<7, Loop::pairs>(state);
}
void BM_poker_enumerate7_incremental_cards(benchmark::State &state) {
    enumerate_bench<7, Loop::cards>(state);
}
// All 7-card hands with the last four cards as one hs_poker_state_rank_quads call.
void BM_poker_enumerate7_quads(benchmark::State &state) {
    static std::vector<uint16_t> classes(270725);
    uint64_t sum = 0;
    for (auto _ : state) {
        enumerate_quads(hs_poker_state_empty(), 7, HS_CARDS, sum, classes.data());
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * kHands[7]);
}
void BM_poker_enumerate7_rank_mask(benchmark::State &state) {
    enumerate_bench<7, Loop::mask>(state);
}
BENCHMARK(BM_poker_enumerate5_incremental)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_enumerate6_incremental)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_enumerate7_incremental)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_enumerate7_incremental_scalar)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_enumerate5_incremental_avx2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_enumerate6_incremental_avx2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_enumerate7_incremental_avx2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_enumerate7_incremental_inline)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_enumerate7_incremental_cards)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_enumerate7_quads)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_enumerate7_rank_mask)->Unit(benchmark::kMillisecond);

// 10 M fixed pseudo-random hands of k distinct card ids, made once per k (the same generator as
// random_ids(), more hands, bytes).
const std::vector<uint8_t> &random_ids_10m(int k) {
    static std::vector<uint8_t> sets[8];
    std::vector<uint8_t> &v = sets[k];
    if (v.empty()) {
        const size_t hands = 10000000;
        v.resize(hands * static_cast<size_t>(k));
        uint64_t x = 0x2545F4914F6CDD1Du;
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
                    v[h * static_cast<size_t>(k) + static_cast<size_t>(n++)] =
                        static_cast<uint8_t>(c);
                }
            }
        }
    }
    return v;
}

// Random order from card ids, hand by hand: each hand's state built from its k ids and ranked.
template <int K> void rank_ids_random(benchmark::State &state) {
    const std::vector<uint8_t> &ids = random_ids_10m(K);
    const size_t hands = ids.size() / K;
    uint64_t sum = 0;
    for (auto _ : state) {
        const uint8_t *c = ids.data();
        for (size_t h = 0; h < hands; h++, c += K) {
            hs_poker_state s = hs_poker_state_empty();
            for (int j = 0; j < K; j++)
                s = hs_poker_state_add(s, c[j]);
            sum += static_cast<unsigned>(hs_poker_state_rank(s));
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(hands));
}
void BM_poker_rank5_ids_random(benchmark::State &state) {
    rank_ids_random<5>(state);
}
void BM_poker_rank6_ids_random(benchmark::State &state) {
    rank_ids_random<6>(state);
}
void BM_poker_rank7_ids_random_state(benchmark::State &state) {
    rank_ids_random<7>(state);
}
// The same hands through hs_poker_rank7_ids_batch(), the fastest path from ids (AVX-512 where
// the CPU has it), in batches of 4096 (the classes summed as above); and through its scalar path.
template <void (*Rank)(const uint8_t (*)[7], size_t, uint16_t *)>
void rank7_ids_batch_bench(benchmark::State &state) {
    const std::vector<uint8_t> &ids = random_ids_10m(7);
    const size_t hands = ids.size() / 7;
    const uint8_t(*all)[7] = reinterpret_cast<const uint8_t(*)[7]>(ids.data());
    std::vector<uint16_t> out(4096);
    uint64_t sum = 0;
    for (auto _ : state) {
        for (size_t h = 0; h < hands; h += out.size()) {
            size_t n = std::min(out.size(), hands - h);
            Rank(all + h, n, out.data());
            for (size_t i = 0; i < n; i++)
                sum += out[i];
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(hands));
}
void BM_poker_rank7_ids_random(benchmark::State &state) {
    rank7_ids_batch_bench<hs_poker_rank7_ids_batch>(state);
}
void BM_poker_rank7_ids_random_scalar(benchmark::State &state) {
    rank7_ids_batch_bench<hs_poker_rank7_ids_batch_scalar>(state);
}
// And through its AVX2 path (skipped where the CPU lacks AVX2).
void rank7_ids_avx2(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    (void)hs_poker_rank7_ids_batch_avx2(ids, n, out); // AVX2 checked by the caller
}
void BM_poker_rank7_ids_random_avx2(benchmark::State &state) {
    if (!hs_cpu_has_avx2()) {
        state.SkipWithError("this CPU lacks AVX2");
        return;
    }
    rank7_ids_batch_bench<rank7_ids_avx2>(state);
}
BENCHMARK(BM_poker_rank5_ids_random)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_rank6_ids_random)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_rank7_ids_random)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_rank7_ids_random_scalar)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_rank7_ids_random_avx2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_poker_rank7_ids_random_state)->Unit(benchmark::kMillisecond);

// The batch rankers: path 0 = scalar batch, 1 = AVX2 batch (skipped without AVX2), 2 = the
// dispatching hs_poker_rank_batch().
enum { kBatch = 256 };

bool batch_path(benchmark::State &state, int path, const uint64_t *hands, size_t n, uint16_t *out) {
    if (path == 0) {
        hs_poker_rank_batch_scalar(hands, n, out);
    } else if (path == 1) {
        if (hs_poker_rank_batch_avx2(hands, n, out) != HS_OK) {
            state.SkipWithError("this CPU lacks AVX2");
            return false;
        }
    } else {
        hs_poker_rank_batch(hands, n, out);
    }
    return true;
}

// Random order from card ids, in batches of 256: the masks are built inside the timed loop.
void BM_poker_rank_batch_random(benchmark::State &state) {
    const int path = static_cast<int>(state.range(0));
    const std::vector<int> &ids = random_ids(7);
    const size_t hands = ids.size() / 7;
    uint64_t masks[kBatch];
    uint16_t out[kBatch];
    size_t i = 0;
    for (auto _ : state) {
        const int *c = &ids[(i & (hands - 1)) * 7];
        i += kBatch;
        for (size_t h = 0; h < kBatch; h++, c += 7)
            masks[h] = hs_card_bit(c[0]) | hs_card_bit(c[1]) | hs_card_bit(c[2]) |
                       hs_card_bit(c[3]) | hs_card_bit(c[4]) | hs_card_bit(c[5]) |
                       hs_card_bit(c[6]);
        if (!batch_path(state, path, masks, kBatch, out))
            break;
        benchmark::DoNotOptimize(out);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * kBatch);
}
BENCHMARK(BM_poker_rank_batch_random)->Arg(0)->Arg(1)->Arg(2);

// Random order through the card-id entry point hs_poker_rank7_ids_batch() (dispatching).
void BM_poker_rank7_ids_batch(benchmark::State &state) {
    static std::vector<uint8_t> bytes;
    const std::vector<int> &ids = random_ids(7);
    if (bytes.empty())
        bytes.assign(ids.begin(), ids.end());
    const size_t hands = ids.size() / 7;
    const uint8_t(*all)[7] = reinterpret_cast<const uint8_t(*)[7]>(bytes.data());
    uint16_t out[kBatch];
    size_t i = 0;
    for (auto _ : state) {
        hs_poker_rank7_ids_batch(all + (i & (hands - 1)), kBatch, out);
        i += kBatch;
        benchmark::DoNotOptimize(out);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * kBatch);
}
BENCHMARK(BM_poker_rank7_ids_batch);

// Sequential order in batches of 256: 2^16 consecutive seven-card masks in colex order, made
// once outside the timed loop (making them takes a 64-bit division each, which would dominate).
void BM_poker_rank_batch_sequential(benchmark::State &state) {
    static std::vector<uint64_t> seq;
    if (seq.empty()) {
        uint64_t m = (UINT64_C(1) << 7) - 1;
        for (size_t h = 0; h < (1u << 16); h++) {
            seq.push_back(m);
            uint64_t low = m & -m, ripple = m + low;
            m = ripple | (((m ^ ripple) >> 2) / low);
        }
    }
    const int path = static_cast<int>(state.range(0));
    uint16_t out[kBatch];
    size_t i = 0;
    for (auto _ : state) {
        if (!batch_path(state, path, &seq[i & (seq.size() - 1)], kBatch, out))
            break;
        i += kBatch;
        benchmark::DoNotOptimize(out);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * kBatch);
}
BENCHMARK(BM_poker_rank_batch_sequential)->Arg(0)->Arg(1)->Arg(2);

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
