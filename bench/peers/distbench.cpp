// distbench: the equity of every combination of a range against another (issue #26), three ways
// in one process, one thread: handstat's equity distribution (hs_holdem_equity_dist, one call for
// the whole hero range), handstat called once per hero combination (hs_holdem_equity_ranges, what
// a user had before the distribution) and OMPEval's EquityCalculator called once per hero
// combination (exact enumeration, through the C wrapper omp_equity_exact that
// ../shared/peers/run_all.sh builds).
//   distbench [REPS]        (default 7 rounds)
// The query: hero "random" (the 1,176 combinations live on the board) against "QQ+,AKs" on
// Kh7d2c; OMPEval gets the villain written out ("QQ,KK,AA,AKs": its parser drops what follows an
// "X-Y" item, and "QQ+" is safe but kept explicit) and each hero combination as its two cards.
// First the answers are compared: for every hero combination the distribution's deals, wins and
// ties against handstat's single call, and for a spread of combinations against OMPEval (its
// ties are equity-adjusted: half a tie per heads-up split pot). Then REPS rounds, the three in
// turn (order rotated); times are process CPU seconds (OMPEval's calculator works in a thread of
// its own even with one thread) and wall seconds; ratios are taken round by round and their
// median printed: each way's time / the distribution's time.
#include <handstat/handstat.h>

#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern "C" int omp_equity_exact(int, const char *const *, const char *, const char *, unsigned,
                                double *, uint64_t *, double *, uint64_t *, uint64_t *);

namespace {

const char *const HERO = "random", *const VILLAIN = "QQ+,AKs", *const BOARD = "Kh7d2c";
const char *const VILLAIN_OMP = "QQ,KK,AA,AKs";

double clock_s(clockid_t id) {
    timespec t;
    clock_gettime(id, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

void parse_range(const char *text, hs_holdem_range *r) {
    if (hs_holdem_range_parse(text, std::strlen(text), r, nullptr, 0, nullptr) != HS_OK) {
        std::fprintf(stderr, "distbench: cannot parse %s\n", text);
        std::exit(2);
    }
}

// Two cards as OMPEval reads a specific combination: "AhKd" (ranks upper case, suits lower), the
// higher rank first (ace high).
std::string omp_text(uint64_t combo) {
    int a = __builtin_ctzll(combo), b = 63 - __builtin_clzll(combo);
    const auto high = [](int c) { return (c % 13 + 12) % 13; }; // two 0 .. ace 12
    if (high(a) < high(b))
        std::swap(a, b);
    std::string s;
    for (const int card : {a, b}) {
        char c[3];
        hs_card_format(card, c);
        s += c[0];
        s += static_cast<char>(c[1] | 0x20);
    }
    return s;
}

struct Counts {
    uint64_t deals = 0, wins = 0, ties = 0;
};

struct Query {
    hs_holdem_range hero, villain;
    uint64_t board = 0;
    std::vector<uint64_t> live; // the hero's combinations that miss the board
};

// The distribution: one call; out holds hero.n entries.
size_t run_dist(const Query &q, std::vector<hs_holdem_dist_combo> &out) {
    size_t n = 0;
    if (hs_holdem_equity_dist(&q.hero, &q.villain, q.board, 0, 1, nullptr, nullptr, out.data(),
                              &n) != HS_OK) {
        std::fprintf(stderr, "distbench: hs_holdem_equity_dist failed\n");
        std::exit(1);
    }
    return n;
}

// handstat once per combination; the counts of each into out (the order of q.live).
void run_per_combo(const Query &q, std::vector<Counts> &out) {
    static hs_holdem_range one;
    one.n = 1;
    one.weight[0] = HS_HOLDEM_WEIGHT_FULL;
    const hs_holdem_range *ranges[2] = {&one, &q.villain};
    hs_holdem_equity_exact e;
    out.resize(q.live.size());
    for (size_t i = 0; i < q.live.size(); i++) {
        one.combo[0] = q.live[i];
        if (hs_holdem_equity_ranges(2, ranges, q.board, 0, 1, nullptr, nullptr, &e) != HS_OK) {
            std::fprintf(stderr, "distbench: hs_holdem_equity_ranges failed\n");
            std::exit(1);
        }
        out[i] = {static_cast<uint64_t>(e.deals), static_cast<uint64_t>(e.player[0].wins),
                  static_cast<uint64_t>(e.player[0].ties)};
    }
}

struct OmpOut {
    double equity = 0, ties = 0;
    uint64_t wins = 0, deals = 0;
};

OmpOut omp_one(const std::string &hero) {
    const char *ranges[2] = {hero.c_str(), VILLAIN_OMP};
    double equity[2], ties[2];
    uint64_t wins[2], deals = 0, evals = 0;
    if (omp_equity_exact(2, ranges, BOARD, "", 1, equity, wins, ties, &deals, &evals)) {
        std::fprintf(stderr, "distbench: OMPEval refused %s\n", hero.c_str());
        std::exit(1);
    }
    return {equity[0], ties[0], wins[0], deals};
}

// OMPEval once per combination (texts made before timing).
double run_omp(const std::vector<std::string> &texts) {
    double sum = 0;
    for (const auto &t : texts)
        sum += omp_one(t).equity;
    return sum;
}

} // namespace

int main(int argc, char **argv) {
    const int reps = argc > 1 ? std::atoi(argv[1]) : 7;
    if (reps < 1) {
        std::fprintf(stderr, "usage: distbench [REPS>=1]\n");
        return 2;
    }
    static Query q;
    parse_range(HERO, &q.hero);
    parse_range(VILLAIN, &q.villain);
    int cards[5];
    size_t nc = 0;
    if (hs_cards_parse(BOARD, std::strlen(BOARD), cards, 5, &nc, nullptr) != HS_OK)
        return 2;
    q.board = hs_cards_mask(cards, nc);
    for (size_t i = 0; i < q.hero.n; i++)
        if (!(q.hero.combo[i] & q.board))
            q.live.push_back(q.hero.combo[i]);
    std::vector<std::string> texts;
    for (uint64_t c : q.live)
        texts.push_back(omp_text(c));
    std::printf("distbench: hero %s (%zu combinations live) vs %s (OMPEval: %s) on %s, one "
                "thread, %d rounds\n",
                HERO, q.live.size(), VILLAIN, VILLAIN_OMP, BOARD, reps);

    // ---- the answers ----
    std::vector<hs_holdem_dist_combo> dist(q.hero.n);
    const size_t n = run_dist(q, dist);
    std::vector<Counts> per;
    run_per_combo(q, per);
    int bad = 0;
    if (n != q.live.size()) {
        std::printf("  distribution: %zu combinations, %zu live\n", n, q.live.size());
        bad++;
    }
    for (size_t i = 0; i < n; i++) {
        const auto it = std::find(q.live.begin(), q.live.end(), dist[i].combo);
        const Counts &c = per[static_cast<size_t>(it - q.live.begin())];
        bad += it == q.live.end() || c.deals != dist[i].deals || c.wins != dist[i].wins ||
               c.ties != dist[i].ties;
    }
    std::printf("  check distribution vs one call per combination: %zu combinations, %s\n", n,
                bad ? "MISMATCH" : "deals, wins and ties equal");
    int omp_bad = 0, omp_checked = 0;
    // 12 combinations spread from the best to the worst
    for (size_t i = 0; i < n; i += std::max<size_t>(n / 12, 1)) {
        const OmpOut o = omp_one(omp_text(dist[i].combo));
        const double eq =
            (2.0 * static_cast<double>(dist[i].wins) + static_cast<double>(dist[i].ties)) /
            (2.0 * static_cast<double>(dist[i].deals));
        const bool ok = o.deals == dist[i].deals && o.wins == dist[i].wins &&
                        o.ties * 2 == static_cast<double>(dist[i].ties) &&
                        std::fabs(o.equity - eq) < 1e-9;
        std::printf("  check %s: handstat deals %llu wins %llu ties %llu equity %.9f; OMPEval "
                    "deals %llu wins %llu ties %.1f equity %.9f  %s\n",
                    omp_text(dist[i].combo).c_str(), static_cast<unsigned long long>(dist[i].deals),
                    static_cast<unsigned long long>(dist[i].wins),
                    static_cast<unsigned long long>(dist[i].ties), eq,
                    static_cast<unsigned long long>(o.deals),
                    static_cast<unsigned long long>(o.wins), 2 * o.ties, o.equity,
                    ok ? "ok" : "MISMATCH");
        omp_bad += !ok;
        omp_checked++;
    }
    std::printf("  OMPEval: %d of %d combinations agree\n", omp_checked - omp_bad, omp_checked);

    // ---- the timings ----
    const char *names[3] = {"handstat distribution", "handstat per combination",
                            "OMPEval per combination"};
    std::vector<double> cpu[3], wall[3];
    double sink = 0;
    for (int r = 0; r < reps; r++)
        for (int j = 0; j < 3; j++) {
            const int k = (j + r) % 3;
            const double w0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
            if (k == 0)
                sink += static_cast<double>(run_dist(q, dist));
            else if (k == 1)
                run_per_combo(q, per);
            else
                sink += run_omp(texts);
            cpu[k].push_back(clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0);
            wall[k].push_back(clock_s(CLOCK_MONOTONIC) - w0);
        }
    std::printf("\n%-26s %12s %12s %14s %14s\n", "way", "cpu ms", "wall ms", "cpu / dist",
                "cpu / per-combo");
    for (int k = 0; k < 3; k++) {
        std::vector<double> to_dist, to_per;
        for (int r = 0; r < reps; r++) {
            to_dist.push_back(cpu[k][r] / cpu[0][r]);
            to_per.push_back(cpu[k][r] / cpu[1][r]);
        }
        std::printf("%-26s %12.3f %12.3f %14.3f %14.3f\n", names[k], 1e3 * median(cpu[k]),
                    1e3 * median(wall[k]), median(to_dist), median(to_per));
        std::printf("RESULT dist %d cpu_s=%.6f wall_s=%.6f ratio_to_dist=%.4f "
                    "ratio_to_per_combo=%.4f\n",
                    k, median(cpu[k]), median(wall[k]), median(to_dist), median(to_per));
    }
    std::printf("\n(cpu: process CPU, medians of %d rounds; ratios: median of the rounds' "
                "ratios; checksum %.3f)\nchecks: %s\n",
                reps, sink, bad || omp_bad ? "MISMATCHES" : "all agree");
    return bad || omp_bad;
}
