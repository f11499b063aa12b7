// equitybench: handstat's exact hold'em equity (hs_holdem_equity_run) against OMPEval's
// EquityCalculator in exact-enumeration mode, in one process, scenario by scenario: the eight cases
// of handstat issue #11.
//   equitybench [REPS] [THREADS] [CASES]
// CASES picks cases by number, e.g. "1-6,8" (default: all, 1-8). handstat parses each player's
// range with hs_holdem_range_parse; OMPEval gets the same range written out without "X-Y" items
// (its parser silently drops whatever follows such an item: "QQ-TT,KQs" reads as "QQ-TT").
// For each scenario the two solvers run in turn, REPS rounds (order rotated): handstat and OMPEval.
// (OMPEval's source has a hook for precalculated heads-up results, but at the fetched commit the
// table PRECALCULATED_2PLAYER_RESULTS is empty, "Not used atm.", so OMPEval enumerates every case.)
// Times are process CPU seconds (all threads: OMPEval works in a thread of its own even with one
// thread, so the calling thread's CPU clock would miss it; nothing else runs in the process) and
// wall seconds; ratios are per round, median over rounds: peer time / handstat time (> 1: handstat
// faster). Before timing, the equities, win counts and deal counts of both are compared.
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

static double wall() {
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}
static double pcpu() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}
static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct Scenario {
    int number; // the case number of issue #11
    const char *name;
    std::vector<const char *> hands; // handstat's range text per player
    std::vector<const char *> omp;   // the same ranges for OMPEval (no "X-Y" items)
    const char *board;               // OMPEval form, e.g. "2h7hTc" (handstat parses it too)
};

struct Out {
    int players = 0;
    double equity[9] = {};
    uint64_t wins[9] = {};
    uint64_t deals = 0;
    uint64_t evals = 0;
};

static Out run_hs(const Scenario &s, int threads) {
    static hs_holdem_range range; // large; parsed one at a time
    std::vector<std::vector<uint64_t>> combos;
    std::vector<const uint64_t *> ranges;
    std::vector<size_t> counts;
    for (size_t i = 0; i < s.hands.size(); i++) {
        if (hs_holdem_range_parse(s.hands[i], strlen(s.hands[i]), &range, nullptr, 0, nullptr) !=
            HS_OK) {
            fprintf(stderr, "handstat cannot parse %s\n", s.hands[i]);
            exit(2);
        }
        combos.emplace_back(range.combo, range.combo + range.n);
    }
    for (auto &v : combos) {
        ranges.push_back(v.data());
        counts.push_back(v.size());
    }
    uint64_t board = 0;
    if (*s.board) {
        int cards[5];
        size_t n = 0;
        if (hs_cards_parse(s.board, strlen(s.board), cards, 5, &n, nullptr) != HS_OK) {
            fprintf(stderr, "handstat cannot parse board %s\n", s.board);
            exit(2);
        }
        board = hs_cards_mask(cards, n);
    }
    hs_holdem_equity e;
    int rc = hs_holdem_equity_run((int)s.hands.size(), ranges.data(), counts.data(), board, 0,
                                  threads, nullptr, nullptr, &e);
    if (rc != HS_OK) {
        fprintf(stderr, "hs_holdem_equity_run failed: %d\n", rc);
        exit(1);
    }
    Out o;
    o.players = e.players;
    o.deals = e.deals;
    for (int p = 0; p < e.players; p++) {
        o.wins[p] = e.player[p].wins;
        o.equity[p] = (double)e.player[p].shares / ((double)e.deals * HS_HOLDEM_SHARE_UNIT);
    }
    return o;
}

static Out run_omp(const Scenario &s, int threads) {
    Out o;
    o.players = (int)s.hands.size();
    double ties[6];
    if (omp_equity_exact(o.players, s.omp.data(), s.board, "", (unsigned)threads, o.equity, o.wins,
                         ties, &o.deals, &o.evals)) {
        fprintf(stderr, "OMPEval refused %s\n", s.name);
        exit(1);
    }
    return o;
}

static bool agree(const char *what, const Out &a, const Out &b) {
    bool ok = a.players == b.players && a.deals == b.deals;
    double maxd = 0;
    for (int p = 0; p < a.players; p++) {
        ok &= a.wins[p] == b.wins[p];
        maxd = std::max(maxd, std::fabs(a.equity[p] - b.equity[p]));
    }
    ok &= maxd < 1e-9;
    printf("  check %-28s deals %llu vs %llu, wins %s, max |equity diff| %.2e  %s\n", what,
           (unsigned long long)a.deals, (unsigned long long)b.deals, ok ? "equal" : "DIFFER", maxd,
           ok ? "ok" : "MISMATCH");
    return ok;
}

// Case numbers from text like "1-6,8" into want[1..8]; false on bad text.
static bool parse_cases(const char *text, bool want[9]) {
    std::fill(want, want + 9, false);
    const char *p = text;
    while (*p) {
        char *e;
        long a = strtol(p, &e, 10), b = a;
        if (e == p)
            return false;
        p = e;
        if (*p == '-') {
            b = strtol(p + 1, &e, 10);
            if (e == p + 1)
                return false;
            p = e;
        }
        if (a < 1 || b > 8 || a > b)
            return false;
        for (long i = a; i <= b; i++)
            want[i] = true;
        if (*p == ',')
            p++;
        else if (*p)
            return false;
    }
    return true;
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 7;
    int threads = argc > 2 ? atoi(argv[2]) : 1;
    bool want[9];
    if (reps < 1 || threads < 1 || !parse_cases(argc > 3 ? argv[3] : "1-8", want)) {
        fprintf(stderr, "usage: equitybench [REPS>=1] [THREADS>=1] [CASES, e.g. 1-6,8]\n");
        return 2;
    }
    const std::vector<const char *> six = {"AhKh", "QsQd", "7c6c", "JdTd", "9s9c", "5h5d"};
    const std::vector<const char *> six_r = {"AKs", "QQ", "JTs", "99", "76s", "55"};
    std::vector<Scenario> S = {
        {1, "AhAd_KsKc", {"AhAd", "KsKc"}, {"AhAd", "KsKc"}, ""},
        {2, "AKs_QQ", {"AKs", "QQ"}, {"AKs", "QQ"}, ""},
        {3, "3way", {"AhKh", "QsQd", "7c6c"}, {"AhKh", "QsQd", "7c6c"}, ""},
        {4, "6way_preflop", six, six, ""},
        {5, "6way_flop_ranges", six_r, six_r, "2h7hTc"},
        {6,
         "QQp_AKs_vs_JJ99_AQsp",
         {"QQ+,AKs", "JJ-99,AQs+"},
         {"QQ,KK,AA,AKs", "JJ,TT,99,AQs,AKs"},
         ""},
        {7, "random_AA", {"random", "AA"}, {"random", "AA"}, ""},
        {8,
         "KKp_AK_vs_QQTT_KQs_flop",
         {"KK+,AK", "QQ-TT,KQs"},
         {"AA,KK,AKs,AKo", "QQ,JJ,TT,KQs"},
         "Kh7d2c"},
    };
    struct Row {
        int number;
        const char *name;
        double hs_ms, omp_ms, ratio;
    };
    std::vector<Row> table;
    int fails = 0;
    printf("equitybench: %d rounds, %d thread(s) for every solver, cases %s\n", reps, threads,
           argc > 3 ? argv[3] : "1-8");
    for (auto &s : S) {
        if (!want[s.number])
            continue;
        printf("\n[%d %s] hands:", s.number, s.name);
        for (auto h : s.hands)
            printf(" %s", h);
        printf("  (OMPEval:");
        for (auto h : s.omp)
            printf(" %s", h);
        printf(")  board: %s\n", *s.board ? s.board : "(none)");
        Out h = run_hs(s, threads), o = run_omp(s, threads);
        fails += !agree("OMPEval vs handstat", o, h);
        printf("  equity handstat:");
        for (int p = 0; p < h.players; p++)
            printf(" %.6f", h.equity[p]);
        printf("\n  equity OMPEval: ");
        for (int p = 0; p < o.players; p++)
            printf(" %.6f", o.equity[p]);
        printf("   OMPEval hand evaluations: %llu\n", (unsigned long long)o.evals);
        const char *names[2] = {"handstat", "ompeval"};
        std::vector<double> c[2], w[2];
        for (int r = 0; r < reps; r++)
            for (int j = 0; j < 2; j++) {
                int i = (j + r) % 2;
                double w0 = wall(), c0 = pcpu();
                if (i == 0)
                    run_hs(s, threads);
                else
                    run_omp(s, threads);
                c[i].push_back(pcpu() - c0);
                w[i].push_back(wall() - w0);
            }
        for (int i = 0; i < 2; i++) {
            std::vector<double> rc, rw;
            for (int r = 0; r < reps; r++) {
                rc.push_back(c[i][r] / c[0][r]);
                rw.push_back(w[i][r] / w[0][r]);
            }
            printf("  %-14s cpu %10.6f s (min %.6f max %.6f)  wall %10.6f s   time/handstat: cpu "
                   "%8.3f  wall %8.3f\n",
                   names[i], median(c[i]), *std::min_element(c[i].begin(), c[i].end()),
                   *std::max_element(c[i].begin(), c[i].end()), median(w[i]), median(rc),
                   median(rw));
            printf("RESULT equity t%d %d %s %s cpu_s=%.6f wall_s=%.6f ratio_cpu=%.4f "
                   "ratio_wall=%.4f\n",
                   threads, s.number, s.name, names[i], median(c[i]), median(w[i]), median(rc),
                   median(rw));
        }
        {
            std::vector<double> r;
            for (int k = 0; k < reps; k++)
                r.push_back(c[1][k] / c[0][k]);
            table.push_back({s.number, s.name, 1e3 * median(c[0]), 1e3 * median(c[1]), median(r)});
        }
        fflush(stdout);
    }
    printf("\nin-process, %d thread(s), CPU ms, medians of %d rounds; ratio = OMPEval / handstat, "
           "median of the rounds' ratios\n",
           threads, reps);
    printf("%-4s %-26s %12s %12s %8s\n", "case", "name", "handstat ms", "OMPEval ms", "ratio");
    for (auto &t : table)
        printf("%-4d %-26s %12.3f %12.3f %8.3f\n", t.number, t.name, t.hs_ms, t.omp_ms, t.ratio);
    printf("\nequity checks: %s\n", fails ? "MISMATCHES" : "all agree");
    return fails != 0;
}
