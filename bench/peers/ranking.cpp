// Ranking hand by hand, side by side in one process: handstat against OMPEval (ranking_omp.cpp)
// and the Two Plus Two state table (HandRanks.dat made by its generator), one thread.
//   ranking [ROUNDS]        default 9; prints one line per entry and the paired ratios
// Every entry sums its classes (each peer in its own class order), so nothing is optimized away;
// the answers are compared first (handstat's class of each of 1 M random hands against OMPEval's
// value, through a one-to-one map built on the way). Thread CPU time; the entries of a group run
// in turn, the order rotated each round; medians, and ratios taken round by round.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "handstat/handstat.h"

using u64 = uint64_t;
extern "C" void omp_init();
extern "C" unsigned omp_rank7(const uint8_t *ids);
extern "C" u64 omp_cards5(), omp_cards6(), omp_cards7();
extern "C" u64 omp_pairs7();
extern "C" u64 omp_ids(const uint8_t *p, size_t n);

static double cpu() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

// handstat: cards going down, the last three as one hs_poker_state_rank_triples call (the path of
// BM_poker_enumerate7_incremental; or the path given), or the last two joined inline from the
// table of pairs.
static uint16_t CLASSES[22100];
using TriplesFn = void (*)(hs_poker_state, int, uint16_t *);
static void triples_scalar(hs_poker_state s, int lim, uint16_t *classes) {
    hs_poker_state_rank_triples_scalar(s, lim, classes);
}
static void triples_avx2(hs_poker_state s, int lim, uint16_t *classes) {
    (void)hs_poker_state_rank_triples_avx2(s, lim, classes); // AVX2 checked in main
}
static void triples_avx512(hs_poker_state s, int lim, uint16_t *classes) {
    (void)hs_poker_state_rank_triples_avx512(s, lim, classes); // AVX-512 checked in main
}
template <int K, TriplesFn Triples = hs_poker_state_rank_triples>
static void hs_triples(hs_poker_state s, int lim, u64 &sum) {
    if constexpr (K == 3) {
        Triples(s, lim, CLASSES);
        const int n = lim * (lim - 1) * (lim - 2) / 6;
        unsigned t = 0;
        for (int i = 0; i < n; i++)
            t += CLASSES[i];
        sum += t;
    } else {
        for (int c = K - 1; c < lim; c++)
            hs_triples<K - 1, Triples>(hs_poker_state_add(s, c), c, sum);
    }
}
template <int K> static void hs_inline(hs_poker_state s, int lim, u64 &sum) {
    if constexpr (K == 2) {
        const int n = lim * (lim - 1) / 2;
        for (int p = 0; p < n; p++)
            sum += (unsigned)hs_poker_state_rank(hs_poker_state_join(s, hs_poker_state_pairs[p]));
    } else {
        for (int c = K - 1; c < lim; c++)
            hs_inline<K - 1>(hs_poker_state_add(s, c), c, sum);
    }
}

// handstat: cards going down, the last four as one hs_poker_state_rank_quads call (or the path
// given); 270,725 classes at most (C(52, 4)).
static uint16_t QCLASSES[270725];
static void quads_scalar(hs_poker_state s, int lim, uint16_t *classes) {
    hs_poker_state_rank_quads_scalar(s, lim, classes);
}
static void quads_avx2(hs_poker_state s, int lim, uint16_t *classes) {
    (void)hs_poker_state_rank_quads_avx2(s, lim, classes); // AVX2 checked in main
}
static void quads_avx512(hs_poker_state s, int lim, uint16_t *classes) {
    (void)hs_poker_state_rank_quads_avx512(s, lim, classes); // AVX-512 checked in main
}
template <int K, TriplesFn Quads = hs_poker_state_rank_quads>
static void hs_quads(hs_poker_state s, int lim, u64 &sum) {
    if constexpr (K == 4) {
        Quads(s, lim, QCLASSES);
        const int n = lim * (lim - 1) * (lim - 2) * (lim - 3) / 24;
        unsigned t = 0;
        for (int i = 0; i < n; i++)
            t += QCLASSES[i];
        sum += t;
    } else {
        for (int c = K - 1; c < lim; c++)
            hs_quads<K - 1, Quads>(hs_poker_state_add(s, c), c, sum);
    }
}
template <int K, TriplesFn Quads = hs_poker_state_rank_quads> static u64 all_quads() {
    u64 s = 0;
    hs_quads<K, Quads>(hs_poker_state_empty(), 52, s);
    return s;
}

// All k-card hands through one of the two, from the empty state.
template <int K, TriplesFn Triples = hs_poker_state_rank_triples> static u64 all_triples() {
    u64 s = 0;
    hs_triples<K, Triples>(hs_poker_state_empty(), 52, s);
    return s;
}
template <int K> static u64 all_inline() {
    u64 s = 0;
    hs_inline<K>(hs_poker_state_empty(), 52, s);
    return s;
}

// Two Plus Two: the classic walk through the state table (its ids 1..52: 4 * rank + suit + 1),
// when the table is there (its entries are left out otherwise).
static const int *HR;
static bool load_2p2(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    fseek(f, 0, SEEK_END);
    size_t n = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    int *t = (int *)malloc(n);
    bool ok = t && fread(t, 1, n, f) == n;
    fclose(f);
    HR = t;
    return ok;
}
static u64 tpt7() {
    const int *T = HR;
    u64 s = 0;
    for (int c0 = 1; c0 < 53; c0++) {
        int u0 = T[53 + c0];
        for (int c1 = c0 + 1; c1 < 53; c1++) {
            int u1 = T[u0 + c1];
            for (int c2 = c1 + 1; c2 < 53; c2++) {
                int u2 = T[u1 + c2];
                for (int c3 = c2 + 1; c3 < 53; c3++) {
                    int u3 = T[u2 + c3];
                    for (int c4 = c3 + 1; c4 < 53; c4++) {
                        int u4 = T[u3 + c4];
                        for (int c5 = c4 + 1; c5 < 53; c5++) {
                            int u5 = T[u4 + c5];
                            for (int c6 = c5 + 1; c6 < 53; c6++)
                                s += (unsigned)T[u5 + c6];
                        }
                    }
                }
            }
        }
    }
    return s;
}

// 10 M random 7-card hands (the generator of bench/bench_poker.cc), in each tool's card ids.
static const size_t N = 10000000;
static std::vector<uint8_t> HS_IDS, OMP_IDS, TPT_IDS;
static void make_ids() {
    HS_IDS.resize(N * 7);
    OMP_IDS.resize(N * 7);
    TPT_IDS.resize(N * 7);
    u64 x = 0x2545F4914F6CDD1Du;
    for (size_t h = 0; h < N; h++) {
        u64 used = 0;
        for (int n = 0; n < 7;) {
            x += 0x9E3779B97F4A7C15u;
            u64 z = x;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
            z ^= z >> 31;
            int c = (int)(z % 52);
            if (used >> c & 1)
                continue;
            used |= 1ull << c;
            int omp = 4 * ((c % 13 + 12) % 13) + c / 13; // handstat: 13 * suit + rank, ace = 0
            HS_IDS[h * 7 + n] = (uint8_t)c;
            OMP_IDS[h * 7 + n] = (uint8_t)omp;
            TPT_IDS[h * 7 + n] = (uint8_t)(omp + 1);
            n++;
        }
    }
}
static uint16_t OUT[4096];
template <void (*Rank)(const uint8_t (*)[7], size_t, uint16_t *)> static u64 hs_ids() {
    u64 s = 0;
    const uint8_t(*all)[7] = (const uint8_t(*)[7])HS_IDS.data();
    for (size_t h = 0; h < N; h += 4096) {
        size_t n = std::min<size_t>(4096, N - h);
        Rank(all + h, n, OUT);
        for (size_t i = 0; i < n; i++)
            s += OUT[i];
    }
    return s;
}
static void ids_avx2(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    (void)hs_poker_rank7_ids_batch_avx2(ids, n, out); // AVX2 checked in main
}
static void ids_avx512(const uint8_t (*ids)[7], size_t n, uint16_t *out) {
    (void)hs_poker_rank7_ids_batch_avx512(ids, n, out); // AVX-512 checked in main
}
static u64 tpt_ids() {
    u64 s = 0;
    const int *T = HR;
    const uint8_t *p = TPT_IDS.data();
    for (size_t i = 0; i < N; i++, p += 7) {
        int u = T[53 + p[0]];
        for (int j = 1; j < 7; j++)
            u = T[u + p[j]];
        s += (unsigned)u;
    }
    return s;
}

struct Entry {
    const char *name;
    u64 (*run)();
    double hands;
    const char *base; // the entry this one's ratio is taken against
    std::vector<double> t;
    const char *base2 = nullptr; // and a second one, when not null
};
// The core's clock: a chain of dependent additions runs at one per cycle.
static double ghz() {
    u64 x = 0;
    const long n = 400000000;
    double t0 = cpu();
    for (long i = 0; i < n; i++)
        __asm__ volatile("add $1, %0" : "+r"(x));
    return (double)n / (cpu() - t0) / 1e9;
}
static double GHZ;
static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
// The entries in turn, `rounds` times after one warm-up; then medians, cycles per hand, and the
// ratio of rates against each entry's base, taken round by round.
static void group(const char *title, std::vector<Entry> es, int rounds) {
    for (auto &e : es)
        e.run();
    for (int r = 0; r < rounds; r++)
        for (size_t k = 0; k < es.size(); k++) {
            Entry &e = es[(k + (size_t)r) % es.size()];
            double t0 = cpu();
            volatile u64 s = e.run();
            (void)s;
            e.t.push_back(cpu() - t0);
        }
    printf("%s\n", title);
    for (auto &e : es) {
        const Entry *b = nullptr;
        for (auto &o : es)
            if (strcmp(o.name, e.base) == 0)
                b = &o;
        std::vector<double> q;
        for (int r = 0; r < rounds; r++)
            q.push_back((b->t[(size_t)r] / b->hands) / (e.t[(size_t)r] / e.hands));
        double rate = e.hands / median(e.t);
        printf("RESULT %-18s %8.1f M/s  %5.2f cycles/hand  %5.2fx %s", e.name, rate / 1e6,
               GHZ * 1e9 / rate, median(q), e.base);
        const Entry *b2 = nullptr;
        for (auto &o : es)
            if (e.base2 && strcmp(o.name, e.base2) == 0)
                b2 = &o;
        if (b2) {
            std::vector<double> q2;
            for (int r = 0; r < rounds; r++)
                q2.push_back((b2->t[(size_t)r] / b2->hands) / (e.t[(size_t)r] / e.hands));
            std::sort(q2.begin(), q2.end());
            printf("  %5.2fx %s (rounds %.2f-%.2f)", median(q2), b2->name, q2.front(), q2.back());
        }
        printf("\n");
    }
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 9;
    const char *hr =
        getenv("HANDRANKS") ? getenv("HANDRANKS") : "/tmp/peers/build/2p2/HandRanks.dat";
    const bool tpt = load_2p2(hr);
    if (!tpt)
        printf("no Two Plus Two table at %s (set HANDRANKS): its entries are left out\n", hr);
    omp_init();
    make_ids();
    {
        static int map[65536];
        static uint16_t cls[1000000];
        hs_poker_rank7_ids_batch((const uint8_t(*)[7])HS_IDS.data(), 1000000, cls);
        size_t bad = 0;
        for (size_t i = 0; i < 1000000; i++) {
            unsigned v = omp_rank7(&OMP_IDS[7 * i]);
            if (map[v] == 0)
                map[v] = cls[i];
            else if (map[v] != cls[i])
                bad++;
        }
        printf("answers: handstat against OMPEval on 1 M random hands: %zu differ\n", bad);
        if (bad)
            return 1;
    }
    GHZ = ghz();
    printf("handstat paths: ids %s, states %s; clock %.2f GHz (dependent additions)\n",
           hs_isa_name(hs_poker_rank7_ids_path()), hs_isa_name(hs_poker_state_path()), GHZ);
    if (!hs_cpu_has_avx2()) {
        fprintf(stderr, "ranking: this CPU lacks AVX2 (the *_avx2 entries need it)\n");
        return 2;
    }
    const double H5 = 2598960, H6 = 20358520, H7 = 133784560;
    std::vector<Entry> loops7 = {
        {"hs_triples_7", all_triples<7>, H7, "omp_cards_7", {}},
        {"hs_triples_scalar_7", all_triples<7, triples_scalar>, H7, "omp_cards_7", {}},
        {"hs_triples_avx2_7", all_triples<7, triples_avx2>, H7, "omp_cards_7", {}},
        {"hs_inline_pairs_7", all_inline<7>, H7, "omp_cards_7", {}},
        {"omp_cards_7", omp_cards7, H7, "omp_cards_7", {}},
        {"omp_pairs_7", omp_pairs7, H7, "omp_cards_7", {}}};
    if (hs_cpu_has_avx512())
        loops7.push_back(
            {"hs_triples_avx512_7", all_triples<7, triples_avx512>, H7, "omp_cards_7", {}});
    loops7.push_back({"hs_quads_7", all_quads<7>, H7, "omp_cards_7", {}, "tpt_7"});
    loops7.push_back({"hs_quads_scalar_7", all_quads<7, quads_scalar>, H7, "omp_cards_7", {}});
    loops7.push_back({"hs_quads_avx2_7", all_quads<7, quads_avx2>, H7, "omp_cards_7", {}});
    if (hs_cpu_has_avx512())
        loops7.push_back(
            {"hs_quads_avx512_7", all_quads<7, quads_avx512>, H7, "omp_cards_7", {}, "tpt_7"});
    if (tpt)
        loops7.push_back({"tpt_7", tpt7, H7, "omp_cards_7", {}});
    loops7[0].base2 = "tpt_7"; // hs_triples_7
    group("all 7-card hands, nested loops", loops7, rounds);
    std::vector<Entry> ids7 = {
        {"hs_ids_7", hs_ids<hs_poker_rank7_ids_batch>, (double)N, "omp_ids_7", {}},
        {"hs_ids_scalar_7", hs_ids<hs_poker_rank7_ids_batch_scalar>, (double)N, "omp_ids_7", {}},
        {"hs_ids_avx2_7", hs_ids<ids_avx2>, (double)N, "omp_ids_7", {}},
        {"omp_ids_7", [] { return omp_ids(OMP_IDS.data(), N); }, (double)N, "omp_ids_7", {}}};
    if (hs_cpu_has_avx512())
        ids7.push_back({"hs_ids_avx512_7", hs_ids<ids_avx512>, (double)N, "omp_ids_7", {}});
    if (tpt)
        ids7.push_back({"tpt_ids_7", tpt_ids, (double)N, "omp_ids_7", {}});
    group("10 M random 7-card hands from card ids", ids7, rounds);
    group("all 5- and 6-card hands, nested loops",
          {{"hs_triples_5", all_triples<5>, H5, "omp_cards_5", {}},
           {"hs_triples_avx2_5", all_triples<5, triples_avx2>, H5, "omp_cards_5", {}},
           {"hs_quads_5", all_quads<5>, H5, "omp_cards_5", {}},
           {"omp_cards_5", omp_cards5, H5, "omp_cards_5", {}},
           {"hs_triples_6", all_triples<6>, H6, "omp_cards_6", {}},
           {"hs_triples_avx2_6", all_triples<6, triples_avx2>, H6, "omp_cards_6", {}},
           {"hs_quads_6", all_quads<6>, H6, "omp_cards_6", {}},
           {"omp_cards_6", omp_cards6, H6, "omp_cards_6", {}}},
          rounds);
    return 0;
}
