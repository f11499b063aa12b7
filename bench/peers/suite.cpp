// handstat's side of the peers suite (suite.sh): one entry of one workload per process run, so
// that a driver can alternate them pair by pair; plus the checks of every peer's answers.
//   suite gen FILE                  10 M random seven-card hands as n x 7 handstat card ids
//   suite info                      the machine and build: CPU, dispatch paths, compiler
//   suite verify FILE [BINVALUES] [BINCATS]
//                                   every handstat path and every peer against handstat's
//                                   classes (exit 1 on any difference)
//   suite run seq|rand ENTRY [FILE] one timed run: `RATE <M hands/s> <seconds> <checksum>`
// Workloads: seq = all 133,784,560 seven-card hands in nested loops (each tool's own card order);
// rand = the hands of FILE, each tool given them in its own card ids. Timing: thread CPU seconds
// of the ranking loop alone (the machine is shared). handstat's entries:
//   hs_batch      seq: the last four cards as one hs_poker_state_rank_quads call; rand:
//                 hs_poker_rank7_ids_batch over all hands (then summed)
//   hs_state      the incremental state: hs_poker_state_add per card, hs_poker_state_rank
//   hs_mask       hs_poker_rank7(mask) (inline in C/C++), the mask made by the caller
//   hs_ids        hs_poker_rank7_ids(ids) (inline), seven card ids per call
//   hs_mask_call, hs_ids_call   the same through the library's exported functions
// This file is compiled as a user of the release library would compile it: -O3, no -march.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "handstat/handstat.h"

using u64 = uint64_t;
extern "C" {
void omp_init();
unsigned omp_rank7(const uint8_t *ids);
u64 omp_cards7();
u64 omp_ids(const uint8_t *p, size_t n);
u64 phe_seq(void (*visit)(void *, int), void *ctx);
u64 phe_rand(const uint8_t *p, size_t n, uint16_t *out);
u64 sk_seq(void (*visit)(void *, int), void *ctx);
u64 sk_rand(const uint8_t *p, size_t n, uint16_t *out);
int tpt_load(const char *path);
u64 tpt_seq(void (*visit)(void *, int), void *ctx);
u64 tpt_rand(const uint8_t *p, size_t n, uint16_t *out);
}

static double cpu() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

// ---- card ids: handstat's are 13 * suit + rank, the ace rank 0 -------------------------------
static int from_deuce(int h) { return (h % 13 + 12) % 13; }
static int omp_id(int h) { return 4 * from_deuce(h) + h / 13; }      // OMPEval, PHE: 2c = 0
static int sk_id(int h) { return 4 * (12 - from_deuce(h)) + h / 13; } // SKPokerEval: As = 0
static int tpt_id(int h) { return 4 * from_deuce(h) + h / 13 + 1; }   // Two Plus Two: 1..52

static std::vector<uint8_t> read_all(const char *path) {
    std::vector<uint8_t> v;
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "suite: cannot read %s\n", path);
        exit(3);
    }
    fseek(f, 0, SEEK_END);
    v.resize((size_t)ftell(f));
    fseek(f, 0, SEEK_SET);
    if (fread(v.data(), 1, v.size(), f) != v.size())
        exit(3);
    fclose(f);
    return v;
}
static std::vector<uint8_t> load(const char *path) {
    std::vector<uint8_t> v = read_all(path);
    for (uint8_t c : v)
        if (c >= 52 || v.size() % 7) {
            fprintf(stderr, "suite: %s is not a file of n x 7 card ids\n", path);
            exit(3);
        }
    return v;
}
static std::vector<uint8_t> mapped(const std::vector<uint8_t> &ids, int (*id)(int)) {
    std::vector<uint8_t> v(ids.size());
    for (size_t i = 0; i < ids.size(); i++)
        v[i] = (uint8_t)id(ids[i]);
    return v;
}

// ---- handstat: all seven-card hands in nested loops -----------------------------------------
static uint16_t QCLASSES[270725];
template <int K> static void hs_quads(hs_poker_state s, int lim, u64 &sum) {
    if constexpr (K == 4) {
        hs_poker_state_rank_quads(s, lim, QCLASSES);
        const int n = lim * (lim - 1) * (lim - 2) * (lim - 3) / 24;
        unsigned t = 0;
        for (int i = 0; i < n; i++)
            t += QCLASSES[i];
        sum += t;
    } else {
        for (int c = K - 1; c < lim; c++)
            hs_quads<K - 1>(hs_poker_state_add(s, c), c, sum);
    }
}
static u64 seq_batch() {
    u64 s = 0;
    hs_quads<7>(hs_poker_state_empty(), 52, s);
    return s;
}
template <class F> static u64 seq_state(F visit) {
    u64 sum = 0;
    const hs_poker_state e = hs_poker_state_empty();
    for (int a = 0; a < 46; a++) {
        const hs_poker_state s1 = hs_poker_state_add(e, a);
        for (int b = a + 1; b < 47; b++) {
            const hs_poker_state s2 = hs_poker_state_add(s1, b);
            for (int c = b + 1; c < 48; c++) {
                const hs_poker_state s3 = hs_poker_state_add(s2, c);
                for (int d = c + 1; d < 49; d++) {
                    const hs_poker_state s4 = hs_poker_state_add(s3, d);
                    for (int e5 = d + 1; e5 < 50; e5++) {
                        const hs_poker_state s5 = hs_poker_state_add(s4, e5);
                        for (int f = e5 + 1; f < 51; f++) {
                            const hs_poker_state s6 = hs_poker_state_add(s5, f);
                            for (int g = f + 1; g < 52; g++)
                                sum += (unsigned)visit(hs_poker_state_rank(hs_poker_state_add(s6, g)));
                        }
                    }
                }
            }
        }
    }
    return sum;
}
template <class R, class F> static u64 seq_mask(R rank, F visit) {
    u64 sum = 0;
    for (int a = 0; a < 46; a++) {
        const u64 m1 = hs_card_bit(a);
        for (int b = a + 1; b < 47; b++) {
            const u64 m2 = m1 | hs_card_bit(b);
            for (int c = b + 1; c < 48; c++) {
                const u64 m3 = m2 | hs_card_bit(c);
                for (int d = c + 1; d < 49; d++) {
                    const u64 m4 = m3 | hs_card_bit(d);
                    for (int e = d + 1; e < 50; e++) {
                        const u64 m5 = m4 | hs_card_bit(e);
                        for (int f = e + 1; f < 51; f++) {
                            const u64 m6 = m5 | hs_card_bit(f);
                            for (int g = f + 1; g < 52; g++)
                                sum += (unsigned)visit(rank(m6 | hs_card_bit(g)));
                        }
                    }
                }
            }
        }
    }
    return sum;
}
template <class R, class F> static u64 seq_ids(R rank, F visit) {
    u64 sum = 0;
    uint8_t id[7];
    for (id[0] = 0; id[0] < 46; id[0]++)
        for (id[1] = id[0] + 1; id[1] < 47; id[1]++)
            for (id[2] = id[1] + 1; id[2] < 48; id[2]++)
                for (id[3] = id[2] + 1; id[3] < 49; id[3]++)
                    for (id[4] = id[3] + 1; id[4] < 50; id[4]++)
                        for (id[5] = id[4] + 1; id[5] < 51; id[5]++)
                            for (id[6] = id[5] + 1; id[6] < 52; id[6]++)
                                sum += (unsigned)visit(rank(id));
    return sum;
}
static int none(int v) { return v; }
static int mask_inline(u64 m) { return hs_poker_rank7(m); }
static int mask_call(u64 m) { return (hs_poker_rank7)(m); }
static int ids_inline(const uint8_t *p) { return hs_poker_rank7_ids(p); }
static int ids_call(const uint8_t *p) { return (hs_poker_rank7_ids)(p); }

// ---- handstat: the hands of the file -----------------------------------------------------------
template <class F> static u64 rand_state(const uint8_t *p, size_t n, F visit) {
    u64 s = 0;
    for (size_t i = 0; i < n; i++, p += 7) {
        hs_poker_state h = hs_poker_state_empty();
        for (int j = 0; j < 7; j++)
            h = hs_poker_state_add(h, p[j]);
        s += (unsigned)visit(i, hs_poker_state_rank(h));
    }
    return s;
}
template <class R, class F> static u64 rand_mask(const uint8_t *p, size_t n, R rank, F visit) {
    u64 s = 0;
    for (size_t i = 0; i < n; i++, p += 7) {
        u64 m = 0;
        for (int j = 0; j < 7; j++)
            m |= hs_card_bit(p[j]);
        s += (unsigned)visit(i, rank(m));
    }
    return s;
}
template <class R, class F> static u64 rand_ids(const uint8_t *p, size_t n, R rank, F visit) {
    u64 s = 0;
    for (size_t i = 0; i < n; i++, p += 7)
        s += (unsigned)visit(i, rank(p));
    return s;
}
static int none2(size_t, int v) { return v; }

static const char *const HANDRANKS_DEFAULT = "/tmp/peers/build/2p2/HandRanks.dat";
static const char *handranks() {
    const char *p = getenv("HANDRANKS");
    return p ? p : HANDRANKS_DEFAULT;
}

// ---- checks -------------------------------------------------------------------------------
static int failures;
static void report(const char *what, bool ok, const std::string &detail = "") {
    printf("check %-58s %s%s\n", what, ok ? "ok" : "FAILED", detail.c_str());
    failures += !ok;
}

// A peer's values against handstat's classes of the same hands: one value per class and one
// class per value, in the same order (better_high: a higher value is a better hand).
static void check_map(const char *what, const std::vector<uint16_t> &cls, const std::vector<uint16_t> &val,
                      bool better_high) {
    std::vector<int> of_class(7463, -1);
    std::map<int, int> of_value;
    size_t bad = 0;
    for (size_t i = 0; i < cls.size(); i++) {
        int &v = of_class[cls[i]];
        if (v < 0)
            v = val[i];
        bad += v != val[i];
        auto it = of_value.emplace(val[i], cls[i]).first;
        bad += it->second != cls[i];
    }
    int prev = -1, order = 0;
    for (int c = 1; c <= 7462; c++) // classes best first: values must go down (or up)
        if (of_class[c] >= 0) {
            if (prev >= 0 && (better_high ? of_class[c] >= prev : of_class[c] <= prev))
                order++;
            prev = of_class[c];
        }
    report(what, bad == 0 && order == 0,
           bad || order ? " (" + std::to_string(bad) + " conflicts, " + std::to_string(order) + " order breaks)"
                        : " (" + std::to_string(of_value.size()) + " classes met)");
}

static const u64 PUBLISHED7[9] = {41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460};
static std::string cats_text(const u64 *c) {
    std::string t;
    for (int i = 0; i < 9; i++)
        t += (i ? " " : "") + std::to_string(c[i]);
    return t;
}
static void check_cats(const char *what, const u64 *c) {
    report(what, std::equal(c, c + 9, PUBLISHED7), std::equal(c, c + 9, PUBLISHED7) ? "" : " (" + cats_text(c) + ")");
}
// Category (handstat's 0 = straight flush .. 8 = high card) from each peer's value.
static int cat_catrank(int v) { return 9 - (v >> 12); } // OMPEval, Two Plus Two: category << 12
static u64 CATS[9];
static void visit_class(void *, int v) { CATS[hs_poker_category(v)]++; }
static void visit_sk(void *, int v) { CATS[hs_poker_category(7463 - v)]++; }
static void visit_catrank(void *, int v) { CATS[cat_catrank(v)]++; }

static int verify(const char *file, const char *binvalues, const char *bincats) {
    std::vector<uint8_t> ids = load(file);
    const size_t n = ids.size() / 7;
    std::vector<uint16_t> want(n), got(n);
    hs_poker_rank7_ids_batch((const uint8_t(*)[7])ids.data(), n, want.data());
    printf("verify: %zu random hands of %s; all seven-card hands for the categories\n", n, file);
    // handstat's one-call paths against its batch (which the test suite checks against the
    // reference on every hand)
    auto same = [&](const char *what) {
        size_t bad = 0;
        for (size_t i = 0; i < n; i++)
            bad += got[i] != want[i];
        report(what, bad == 0, bad ? " (" + std::to_string(bad) + " differ)" : "");
    };
    auto put = [&](size_t i, int v) { return got[i] = (uint16_t)v; };
    rand_state(ids.data(), n, put), same("handstat hs_poker_state_rank == batch (random)");
    rand_mask(ids.data(), n, mask_inline, put), same("handstat hs_poker_rank7 inline == batch (random)");
    rand_mask(ids.data(), n, mask_call, put), same("handstat hs_poker_rank7 library == batch (random)");
    rand_ids(ids.data(), n, ids_inline, put), same("handstat hs_poker_rank7_ids inline == batch (random)");
    rand_ids(ids.data(), n, ids_call, put), same("handstat hs_poker_rank7_ids library == batch (random)");
    {
        std::vector<u64> h[5];
        for (auto &x : h)
            x.assign(7463, 0);
        u64 *hb = h[0].data(), *h1 = h[1].data(), *h2 = h[2].data(), *h3 = h[3].data(), *h4 = h[4].data();
        seq_state([&](int v) { return (int)++h1[v]; });
        seq_mask(mask_inline, [&](int v) { return (int)++h2[v]; });
        seq_ids(ids_inline, [&](int v) { return (int)++h3[v]; });
        seq_ids(ids_call, [&](int v) { return (int)++h4[v]; });
        hs_poker_hist hist;
        report("handstat hs_poker_hist_enumerate", hs_poker_hist_enumerate(7, 1, nullptr, nullptr, &hist) == HS_OK);
        for (int c = 1; c <= 7462; c++)
            hb[c] = hist.count[c];
        bool eq = h[1] == h[0] && h[2] == h[0] && h[3] == h[0] && h[4] == h[0];
        report("handstat state/mask/ids paths: class counts == enumeration (all)", eq);
        std::fill(CATS, CATS + 9, 0);
        for (int c = 1; c <= 7462; c++)
            CATS[hs_poker_category(c)] += hb[c];
        check_cats("handstat categories == published (all)", CATS);
    }
    // OMPEval
    omp_init();
    std::vector<uint8_t> o = mapped(ids, omp_id);
    for (size_t i = 0; i < n; i++)
        got[i] = (uint16_t)omp_rank7(&o[7 * i]);
    check_map("OMPEval values <-> handstat classes (random)", want, got, true);
    {
        std::fill(CATS, CATS + 9, 0);
        uint8_t p[7];
        for (p[0] = 0; p[0] < 46; p[0]++)
            for (p[1] = p[0] + 1; p[1] < 47; p[1]++)
                for (p[2] = p[1] + 1; p[2] < 48; p[2]++)
                    for (p[3] = p[2] + 1; p[3] < 49; p[3]++)
                        for (p[4] = p[3] + 1; p[4] < 50; p[4]++)
                            for (p[5] = p[4] + 1; p[5] < 51; p[5]++)
                                for (p[6] = p[5] + 1; p[6] < 52; p[6]++)
                                    CATS[cat_catrank((int)omp_rank7(p))]++;
        check_cats("OMPEval categories == published (all)", CATS);
    }
    // PokerHandEvaluator, SKPokerEval
    phe_rand(o.data(), n, got.data());
    check_map("PokerHandEvaluator values <-> handstat classes (random)", want, got, false);
    std::fill(CATS, CATS + 9, 0), phe_seq(visit_class, nullptr), check_cats("PokerHandEvaluator categories == published (all)", CATS);
    std::vector<uint8_t> k = mapped(ids, sk_id);
    sk_rand(k.data(), n, got.data());
    check_map("SKPokerEval values <-> handstat classes (random)", want, got, true);
    std::fill(CATS, CATS + 9, 0), sk_seq(visit_sk, nullptr), check_cats("SKPokerEval categories == published (all)", CATS);
    // Two Plus Two
    if (tpt_load(handranks())) {
        std::vector<uint8_t> t = mapped(ids, tpt_id);
        tpt_rand(t.data(), n, got.data());
        check_map("Two Plus Two values <-> handstat classes (random)", want, got, true);
        std::fill(CATS, CATS + 9, 0), tpt_seq(visit_catrank, nullptr), check_cats("Two Plus Two categories == published (all)", CATS);
    } else
        printf("check Two Plus Two: no table at %s (left out)\n", handranks());
    // b-inary's evaluator (values written by its bench program: u16 per hand, same hands)
    if (binvalues && *binvalues) {
        std::vector<uint8_t> raw = read_all(binvalues);
        report("b-inary: one value per hand", raw.size() == 2 * n);
        if (raw.size() == 2 * n) {
            memcpy(got.data(), raw.data(), raw.size());
            check_map("b-inary values <-> handstat classes (random)", want, got, true);
        }
    }
    if (bincats && *bincats) { // its categories over all hands, best first, as its program printed them
        u64 c[9] = {0};
        int k = sscanf(bincats, "%lu %lu %lu %lu %lu %lu %lu %lu %lu", &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6],
                       &c[7], &c[8]);
        report("b-inary: nine category counts", k == 9);
        check_cats("b-inary categories == published (all)", c);
    }
    printf("verify: %d failed\n", failures);
    return failures ? 1 : 0;
}

// ---- one timed run -------------------------------------------------------------------------
static int run(const std::string &w, const std::string &e, const char *file) {
    std::vector<uint8_t> ids, own;
    std::vector<uint16_t> out;
    size_t n = 133784560;
    if (w == "rand") {
        ids = load(file);
        n = ids.size() / 7;
        if (e == "omp" || e == "phe")
            own = mapped(ids, omp_id);
        else if (e == "sk")
            own = mapped(ids, sk_id);
        else if (e == "tpt")
            own = mapped(ids, tpt_id);
        else if (e == "hs_batch")
            out.resize(n);
    } else if (w != "seq") {
        fprintf(stderr, "suite: workload is seq or rand\n");
        return 2;
    }
    if (e == "omp")
        omp_init();
    if (e == "tpt" && !tpt_load(handranks())) {
        fprintf(stderr, "suite: no Two Plus Two table at %s\n", handranks());
        return 3;
    }
    const uint8_t *p = ids.data(), *q = own.data();
    u64 s = 0;
    bool known = true;
    const double t = cpu();
    if (w == "seq") {
        if (e == "hs_batch")
            s = seq_batch();
        else if (e == "hs_state")
            s = seq_state(none);
        else if (e == "hs_mask")
            s = seq_mask(mask_inline, none);
        else if (e == "hs_mask_call")
            s = seq_mask(mask_call, none);
        else if (e == "hs_ids")
            s = seq_ids(ids_inline, none);
        else if (e == "hs_ids_call")
            s = seq_ids(ids_call, none);
        else if (e == "omp")
            s = omp_cards7();
        else if (e == "phe")
            s = phe_seq(nullptr, nullptr);
        else if (e == "sk")
            s = sk_seq(nullptr, nullptr);
        else if (e == "tpt")
            s = tpt_seq(nullptr, nullptr);
        else
            known = false;
    } else {
        if (e == "hs_batch") {
            hs_poker_rank7_ids_batch((const uint8_t(*)[7])p, n, out.data());
            for (uint16_t c : out)
                s += c;
        } else if (e == "hs_state")
            s = rand_state(p, n, none2);
        else if (e == "hs_mask")
            s = rand_mask(p, n, mask_inline, none2);
        else if (e == "hs_mask_call")
            s = rand_mask(p, n, mask_call, none2);
        else if (e == "hs_ids")
            s = rand_ids(p, n, ids_inline, none2);
        else if (e == "hs_ids_call")
            s = rand_ids(p, n, ids_call, none2);
        else if (e == "omp")
            s = omp_ids(q, n);
        else if (e == "phe")
            s = phe_rand(q, n, nullptr);
        else if (e == "sk")
            s = sk_rand(q, n, nullptr);
        else if (e == "tpt")
            s = tpt_rand(q, n, nullptr);
        else
            known = false;
    }
    const double dt = cpu() - t;
    if (!known) {
        fprintf(stderr, "suite: no entry %s\n", e.c_str());
        return 2;
    }
    printf("RATE %.1f %.4f %llu\n", (double)n / dt / 1e6, dt, (unsigned long long)s);
    return 0;
}

// ---- the machine ---------------------------------------------------------------------------
static int info() {
    char line[512];
    std::string model = "unknown";
    if (FILE *f = fopen("/proc/cpuinfo", "r")) {
        while (fgets(line, sizeof line, f))
            if (strncmp(line, "model name", 10) == 0) {
                model = strchr(line, ':') + 2;
                model.erase(model.find_last_not_of(" \n") + 1);
                break;
            }
        fclose(f);
    }
    unsigned fam = 0, mod = 0;
    const char *vendor = hs_cpu_id(&fam, &mod);
    const char *table = hs_cpu_table_name();
    printf("cpu: %s (%s family %u model %u%s%s)\n", model.c_str(), vendor, fam, mod, table ? ", " : "", table ? table : "");
    printf("isa: best %s; HANDSTAT_ISA=%s\n", hs_isa_name(hs_isa_best()), getenv("HANDSTAT_ISA") ? getenv("HANDSTAT_ISA") : "(unset)");
    printf("dispatch: rank7_ids_batch %s, state (pairs/triples/quads) %s, rank_batch (masks) %s\n",
           hs_isa_name(hs_poker_rank7_ids_path()), hs_isa_name(hs_poker_state_path()), hs_isa_name(hs_poker_rank_batch_path()));
    printf("compiler: %s (this harness: -O3, no -march; the one-call paths inline)\n", __VERSION__);
    return 0;
}

static int gen(const char *file, size_t n) {
    // splitmix64, a partial Fisher-Yates shuffle of a fresh deck per hand
    u64 x = 20261207;
    auto next = [&x]() {
        u64 z = (x += 0x9E3779B97F4A7C15u);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
        return z ^ (z >> 31);
    };
    std::vector<uint8_t> v(7 * n);
    for (size_t i = 0; i < n; i++) {
        uint8_t deck[52];
        for (int c = 0; c < 52; c++)
            deck[c] = (uint8_t)c;
        for (int j = 0; j < 7; j++) {
            int r = j + (int)(next() % (u64)(52 - j));
            std::swap(deck[j], deck[r]);
            v[7 * i + j] = deck[j];
        }
    }
    FILE *f = fopen(file, "wb");
    if (!f || fwrite(v.data(), 1, v.size(), f) != v.size() || fclose(f) != 0) {
        fprintf(stderr, "suite: cannot write %s\n", file);
        return 3;
    }
    return 0;
}

int main(int argc, char **argv) {
    const std::string cmd = argc > 1 ? argv[1] : "";
    if (cmd == "gen" && argc > 2)
        return gen(argv[2], argc > 3 ? (size_t)atol(argv[3]) : 10000000);
    if (cmd == "info")
        return info();
    if (cmd == "verify" && argc > 2)
        return verify(argv[2], argc > 3 ? argv[3] : nullptr, argc > 4 ? argv[4] : nullptr);
    if (cmd == "run" && argc > 3)
        return run(argv[2], argv[3], argc > 4 ? argv[4] : nullptr);
    fprintf(stderr, "usage: suite gen FILE [N] | info | verify FILE [BINVALUES] [BINCATS] | run seq|rand ENTRY [FILE]\n");
    return 2;
}
