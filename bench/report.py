#!/usr/bin/env python3
"""Write results/BENCHMARKS.md (to stdout) from the measurements bench/run collected in a folder:
gbench.json (Google Benchmark), hfN.json + hfN.name (hyperfine), tables.txt (nm -S sizes)."""
import json
import os
import platform
import subprocess
import sys

tmp, reps = sys.argv[1], sys.argv[2]
g = json.load(open(os.path.join(tmp, "gbench.json")))

rows = {}
for b in g["benchmarks"]:
    if b.get("run_type") == "aggregate":
        rows.setdefault(b["run_name"], {})[b["aggregate_name"]] = b


def ips(name):
    """Median and stddev of items/s of a benchmark (or None)."""
    r = rows.get(name, {})
    med = r.get("median", {}).get("items_per_second")
    sd = r.get("stddev", {}).get("items_per_second")
    return med, sd


def seconds(name):
    """Median and stddev of the real time of a benchmark, in seconds."""
    r = rows.get(name, {})
    if "median" not in r:
        return None, None
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[r["median"]["time_unit"]]
    return r["median"]["real_time"] * scale, r.get("stddev", {}).get("real_time", 0) * scale


def cpu_seconds(name):
    """Median CPU time of a benchmark, in seconds (or None)."""
    r = rows.get(name, {})
    if "median" not in r:
        return None
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[r["median"]["time_unit"]]
    return r["median"]["cpu_time"] * scale


whole = []
i = 0
while os.path.exists(os.path.join(tmp, "hf%d.json" % i)):
    h = json.load(open(os.path.join(tmp, "hf%d.json" % i)))["results"][0]
    name = open(os.path.join(tmp, "hf%d.name" % i)).read().strip()
    cmd = h["command"].replace("build/release/handstat", "handstat")
    cmd = cmd.replace(tmp, "$TMP")
    whole.append((name, cmd, h["median"], h["min"], h["max"]))
    i += 1
by_job = {w[0]: w for w in whole}

tables = {}
for line in open(os.path.join(tmp, "tables.txt")):
    parts = line.split()
    if len(parts) == 4:
        tables[parts[3]] = int(parts[1], 16)
# The tables each poker ranking path reads for every hand (the describe tables are not hot):
# from masks (hs_poker_rank), from states (the inline state and the scalar pairs loop, or the
# AVX-512 pairs and triples kernels) and from card ids (hs_poker_rank7_ids_batch).
SHARED = ["hs_poker_base", "hs_poker_class", "hs_poker_flush"]
HOT_PATHS = {
    "masks": SHARED + ["hs_poker_lane"],
    "states (inline, scalar pairs)": SHARED + ["hs_poker_state_cards", "hs_poker_state_pairs"],
    "states (AVX-512 pairs and triples)": SHARED + ["hs_poker_state_cards", "hs_poker_pair_key",
                                                    "hs_poker_pair_suits", "hs_poker_pair_lane",
                                                    "hs_poker_rp_key", "hs_poker_pair_rp"],
    "states (AVX-512 quads)": SHARED + ["hs_poker_state_cards", "hs_poker_quad_key",
                                        "hs_poker_quad_of", "hs_poker_quads_below",
                                        "hs_poker_pair_rp", "hs_poker_pair_cards",
                                        "hs_poker_pair_key", "hs_poker_rp_key"],
    "card ids": SHARED + ["hs_poker_card_key", "hs_poker_rank_key16", "hs_poker_id_code",
                          "hs_poker_suit_one16"],
}
hot_bytes = {path: sum(tables.get(t, 0) for t in names) for path, names in HOT_PATHS.items()}

# The peers' ranking figures, measured in this run by bench/peers/ranking.sh when the peers are
# built (bench/peers/README.md): name -> (M/s, cycles per hand).
peer = {}
ratio = {}  # name -> its rate over its base's, median of the rounds ("1.44x")
paths = None
clock = None
ranking_txt = os.path.join(tmp, "ranking.txt")
if os.path.exists(ranking_txt):
    for line in open(ranking_txt):
        f = line.split()
        if f[:1] == ["RESULT"]:
            peer[f[1]] = (float(f[2]) * 1e6, float(f[4]))
            ratio[f[1]] = f[6]
            if len(f) >= 12 and f[9] == "tpt_7":  # "... 0.99x tpt_7 (rounds 0.93-1.05)"
                ratio[f[1] + "/tpt_7"] = f[8]
                ratio[f[1] + "/tpt_7 range"] = f[11].rstrip(")")
        if line.startswith("handstat paths:"):
            paths = line.split(":", 1)[1].split(";")[0].strip()
        if "clock" in line:
            clock = line.split("clock", 1)[1].split("GHz")[0].strip()

cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
            if l.startswith("model name")), "?")
cc = subprocess.run(["cc", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
flags = ""
for line in open("build/release/CMakeCache.txt"):
    if line.startswith("CMAKE_C_FLAGS_RELEASE:"):
        flags = line.split("=", 1)[1].strip()


def ms(x):
    return "%.3g ms" % (x * 1e3)


def fmt_rate(x):
    return "%.0f M/s" % (x / 1e6) if x is not None else "not measured"


def job_ms(name):
    w = by_job.get(name)
    return w[2] if w else None


print("# Benchmarks\n")
print("Made by `bench/run %s`, which rewrites this file from what it measures on the machine below."
      % reps)
print("Machines here are shared and noisy: read medians and spreads, and compare ratios measured")
print("in the same run rather than figures from different runs.\n")
print("- CPU: %s, %d cores (%s)" % (cpu, os.cpu_count(), platform.machine()))
print("- compiler: %s; release preset (`%s`, no `-march`: AVX2 and AVX-512 only in kernels with"
      " a target attribute, chosen at run time)" % (cc, flags))
print("- Google Benchmark: %s repetitions, medians; hyperfine: %s runs after one warm-up\n"
      % (reps, reps))

# ---- targets ----
print("## Targets\n")
print("The goals set for handstat against the fastest public tools measured on this kind of"
      " machine. Single thread unless said.\n")
print("| work | best public tool | goal | handstat (this run) | met |")
print("| --- | --- | --- | --- | --- |")


def target_row(work, public, goal, text, met):
    print("| %s | %s | %s | %s | %s |" % (work, public, goal, text,
                                           "yes" if met else ("no" if met is not None else "?")))


t1, _ = seconds("BM_poker_hist/7/1/real_time")
t2, _ = seconds("BM_poker_hist/7/2/real_time")
e1, _ = seconds("BM_poker_hist_enumerate/7/1/real_time")
e2, _ = seconds("BM_poker_hist_enumerate/7/2/real_time")
if t1 and t2:
    target_row("all 7-card hands, category + class histogram", "0.29 s",
               "≤ 0.15 s; ≤ 0.08 s at 2 threads",
               "counted: %s, %s at 2 threads; ranking every hand: %s, %s at 2 threads"
               % (ms(t1), ms(t2), ms(e1 or 0), ms(e2 or 0)), t1 <= 0.15 and t2 <= 0.08)
# Issue #12: ranking hand by hand against OMPEval and the Two Plus Two table, the peers measured
# in this run (bench/peers/ranking.sh); without them the rows say so.
def peer_rate(name):
    return peer[name][0] if name in peer else None


def cycles(rate):
    return " (%.2f cycles/hand at %s GHz)" % (float(clock) * 1e9 / rate, clock) if clock and rate else ""


for k, hands_name in ((7, "all 7-card hands"), (6, "all 6-card hands"), (5, "all 5-card hands")):
    w, _ = ips("BM_poker_enumerate%d_incremental" % k)
    omp, tpt = peer_rate("omp_cards_%d" % k), peer_rate("tpt_%d" % k)
    if not w:
        continue
    public = ("OMPEval %s (its card-by-card loop)%s" % (fmt_rate(omp), cycles(omp))
              if omp else "OMPEval not measured in this run")
    if tpt:
        public += "; Two Plus Two table %s" % fmt_rate(tpt)
    text = "%s (`BM_poker_enumerate%d_incremental`)%s" % (fmt_rate(w), k, cycles(w))
    met = (w >= 1.2 * omp) if omp else None
    if k == 7:
        # the four innermost levels in one call (hs_poker_state_rank_quads), the fastest nested
        # loop, against OMPEval and, as the moonshot, the Two Plus Two walk
        wq, _ = ips("BM_poker_enumerate7_quads")
        wi, _ = ips("BM_poker_enumerate7_incremental_inline")
        text = ("%s (`BM_poker_enumerate7_quads`)%s; the triples call %s; inline state %s"
                % (fmt_rate(wq or 0), cycles(wq), fmt_rate(w), fmt_rate(wi)))
        hq = peer_rate("hs_quads_7")
        if hq and omp:
            text += "; harness %s = %.2fx OMPEval" % (fmt_rate(hq), hq / omp)
            if tpt:
                text += ", %s the Two Plus Two walk (rounds %s)" % (
                    ratio.get("hs_quads_7/tpt_7", "%.2fx" % (hq / tpt)),
                    ratio.get("hs_quads_7/tpt_7 range", "?"))
        met = (wq >= 1.2 * omp) if omp and wq else None
    target_row("%s ranked one by one in nested loops" % hands_name, public,
               "≥ 1.2× OMPEval" + ("; moonshot: ahead of the Two Plus Two walk with ≤ 256 KB"
                                   if k == 7 else ""),
               text, met)
# The goal reads BM_poker_rank7_ids_random (10 M random hands, the same as the harness's); the
# other card-id benchmarks run on 65,536 hands that stay in cache.
best7 = None
v7, _ = ips("BM_poker_rank7_ids_random")
if v7:
    best7 = ("BM_poker_rank7_ids_random", v7)
if best7:
    omp = peer_rate("omp_ids_7")
    target_row("random-order 7-card rank from card ids (10 M hands)",
               "OMPEval %s%s" % (fmt_rate(omp), cycles(omp)) if omp
               else "OMPEval not measured in this run",
               "≥ 1.5× OMPEval", "%s (`%s`)%s" % (fmt_rate(best7[1]), best7[0], cycles(best7[1])),
               (best7[1] >= 1.5 * omp) if omp else None)
# Omaha (issue #13), against pokenum (poker-eval) and a plain loop over PokerHandEvaluator's PLO4
# ranker, measured side by side here (bench/measurements.md, "Omaha against pokenum and PHE").
PK_PLO4, PK_PLO4_HILO, PHE_PLO4 = 1.336, 1.560, 0.1053
o4, _ = seconds("BM_omaha_plo4_headsup")
o4h, _ = seconds("BM_omaha_plo4_headsup_hilo")
if o4 and o4h:
    target_row("PLO4 AhAdKsQs vs 9h8h7c6c, exact equity over all 1,086,008 boards",
               "pokenum %.2f s (hi/lo %.2f s); PHE PLO4 loop %s" % (PK_PLO4, PK_PLO4_HILO,
                                                                   ms(PHE_PLO4)),
               "≥ 10× pokenum; ≥ 2× PHE",
               "%s, hi/lo %s (`BM_omaha_plo4_headsup`, `_hilo`)" % (ms(o4), ms(o4h)),
               o4 <= PK_PLO4 / 10 and o4h <= PK_PLO4_HILO / 10 and o4 <= PHE_PLO4 / 2)
# Stud, hi/lo and razz (issue #17) against pokenum, whole processes on an Intel Xeon
# (bench/measurements.md, "Stud and razz against pokenum"; bench/peers/stud.py).
PK_STUD = [("stud high heads-up 4th street", "BM_stud_headsup_4th", 3.811),
           ("stud high 3-way 5th street", "BM_stud_3way_5th", 6.791),
           ("stud hi/lo 8 heads-up 4th street", "BM_stud_headsup_4th_hilo", 4.353),
           ("razz heads-up 4th street", "BM_razz_headsup_4th", 3.025)]
for work, bm, pk in PK_STUD:
    t, _ = seconds(bm)
    if t and pk:
        target_row(work + ", exact equity", "pokenum %.2f s" % pk, "≥ 10× pokenum",
                   "%s (`%s`)" % (ms(t), bm), t <= pk / 10)
c5, _ = seconds("BM_poker_hist/5/1/real_time")
en5, _ = seconds("BM_poker_hist_enumerate/5/1/real_time")
if c5:
    target_row("all 5-card hands", "5.6 ms", "≤ 3 ms",
               "counted: %s; ranking every hand: %s" % (ms(c5), ms(en5 or 0)), c5 <= 0.003)
cs, _ = ips("BM_crib_total_batch/0")
ca, _ = ips("BM_crib_total_batch/1")
if cs:
    target_row("cribbage hand+starter scoring, random order", "20 M/s", "≥ 200 M/s",
               "scalar batch %s, AVX2 batch %s" % (fmt_rate(cs), fmt_rate(ca)),
               max(cs, ca or 0) >= 200e6)
h1, _ = seconds("BM_crib_hist/1/real_time")
h2, _ = seconds("BM_crib_hist/2/real_time")
if h2:
    target_row("cribbage full histogram (12,994,800)", "~0.65 s", "≤ 15 ms at 2 threads",
               "counted: %s at 2 threads, %s at 1" % (ms(h2), ms(h1 or 0)), h2 <= 0.015)
da, _ = seconds("BM_discard_analyze/6")
if da:
    dr, _ = seconds("BM_discard_reference/iterations:1")
    target_row("cribbage discard analysis of one six-card deal (15 keeps, hand and crib exact)",
               "(none)", "< 5 ms", "%s (plain reference loops: %s)" % (ms(da), ms(dr or 0)),
               da < 0.005)
cd2 = job_ms("crib deals, 2 threads")
if cd2:
    target_row("best keep of all 20,358,520 six-card deals", "(none)",
               "a few minutes at 2 threads", "%.2f s at 2 threads" % cd2, cd2 <= 180)
hu, _ = seconds("BM_holdem_headsup/1/real_time")
if hu:
    target_row("one heads-up hold'em matchup, all boards", "5.1 ms", "≤ 2.5 ms", ms(hu),
               hu <= 0.0025)
# Board analysis (issue #26), one thread, CPU time: what a range hits on every flop, the equity
# distribution, and the loop a user had before it (one exact equity per hero combination). The
# OMPEval figure was measured beside handstat by bench/peers/distbench (bench/measurements.md).
hits = cpu_seconds("BM_holdem_hits_random_flops")
if hits:
    target_row("hold'em hits of random on every flop (169 classes x 19,600 flops)", "(none)",
               "< 1 s CPU", "%s (`BM_holdem_hits_random_flops`)" % ms(hits), hits < 1)
dist = cpu_seconds("BM_holdem_equity_dist_flop")
per_combo = cpu_seconds("BM_holdem_equity_per_combo_flop")
if dist:
    target_row("hold'em equity distribution, random vs QQ+,AKs on Kh7d2c (1,176 combinations)",
               "OMPEval once per combination 51-93 ms (`bench/peers/distbench`, 2026-12-03)", "< 0.5 s CPU", "%s (`BM_holdem_equity_dist_flop`)" % ms(dist),
               dist < 0.5)
dist_pf = cpu_seconds("BM_holdem_equity_dist_preflop_random/iterations:1")
if dist_pf:
    target_row("hold'em equity distribution, random vs random preflop (1,326 combinations)",
               "(none)", "< 10 s CPU",
               "%.2f s (`BM_holdem_equity_dist_preflop_random`)" % dist_pf, dist_pf < 10)
if dist and per_combo:
    print("| the same distribution by one exact equity per combination (1,176"
          " `hs_holdem_equity_ranges` calls) | (none) | the ratio, recorded | %s"
          " (`BM_holdem_equity_per_combo_flop`): per-combination / distribution = %.2fx | - |"
          % (ms(per_combo), per_combo / dist))
dist_r = cpu_seconds("BM_holdem_equity_dist_flop_random")
per_combo_r = cpu_seconds("BM_holdem_equity_per_combo_flop_random/iterations:1")
if dist_r and per_combo_r:
    print("| hold'em equity distribution, random vs random on Kh7d2c, against one exact equity per"
          " combination | (none) | the ratio, recorded | %s (`BM_holdem_equity_dist_flop_random`);"
          " per combination %s (`BM_holdem_equity_per_combo_flop_random`) = %.0fx | - |"
          % (ms(dist_r), ms(per_combo_r), per_combo_r / dist_r))
target_row("hot table bytes per poker ranking path", "130 MB (Two Plus Two) / 223 KB (OMPEval)",
           "≤ 256 KB", "; ".join("%s %d bytes" % (path, b) for path, b in hot_bytes.items()),
           max(hot_bytes.values()) <= 256 * 1024)
print()
if peer:
    print("The ranking rows' peer figures were measured in this run, side by side with handstat in")
    print("one process (`bench/peers/ranking.sh`: OMPEval and the Two Plus Two table built outside the")
    print("repository with `-O3 -march=native`). The other rows' public figures were measured earlier")
    print("(the Omaha ones on an AMD EPYC (Zen 3); the stud ones on an"
          " Intel Xeon on 2026-12-02 by `bench/peers/stud.py`, not in this run; see"
          " bench/measurements.md).\n")
else:
    print("The peers were not built on this machine, so the ranking rows have no peer figures; see")
    print("bench/peers/README.md. The other rows' public figures were measured earlier (the Omaha")
    print("ones on an AMD EPYC (Zen 3), see bench/measurements.md).\n")
print("The histograms are counted, not visited hand by hand: hands are grouped by their ranks and")
print("each group's suit patterns have closed forms (see `src/crib/crib_hist.c`, `src/poker/poker_hist.c`).")
print("The rows above also give the time of ranking every hand one by one, and the tests check that")
print("both ways give identical counts.\n")

# ---- kernels ----
print("## Kernels and jobs (Google Benchmark)\n")
print("| benchmark | median items/s | spread (stddev) | median time |")
print("| --- | ---: | ---: | ---: |")
for name, r in rows.items():
    m = r.get("median")
    if not m:
        continue
    sd = r.get("stddev", {}).get("items_per_second", 0)
    label = (" (" + m["label"] + ")") if m.get("label") else ""
    print("| `%s`%s | %.4g M/s | %.2g M/s | %.3g %s |" % (
        name, label, m.get("items_per_second", 0) / 1e6, sd / 1e6, m["real_time"],
        m["time_unit"]))

print("\n## Ratios to the plain references in tests/ (same run)\n")
print("| fast path | reference | ratio of items/s |")
print("| --- | --- | ---: |")
pairs = [("BM_crib_total_batch/0", "BM_crib_score_reference"),
         ("BM_crib_total_batch/1", "BM_crib_score_reference"),
         ("BM_poker_rank_random/5", "BM_poker_reference_random/5"),
         ("BM_poker_rank_random/7", "BM_poker_reference_random/7"),
         ("BM_poker_showdown5", "BM_poker_showdown5_reference"),
         ("BM_holdem_headsup/1/real_time", "BM_holdem_headsup_reference/iterations:1"),
         ("BM_discard_analyze/6", "BM_discard_reference/iterations:1"),
         ("BM_holdem_preflop_table/2/iterations:1/real_time",
          "BM_holdem_headsup_reference/iterations:1")]
if best7 and best7[0] != "BM_poker_rank_random/7":
    pairs.append((best7[0], "BM_poker_reference_random/7"))
for fast, ref in pairs:
    a, _ = ips(fast)
    b, _ = ips(ref)
    if a and b:
        print("| `%s` | `%s` | %.1fx |" % (fast, ref, a / b))
print("\nThe preflop table's items are the deals it accounts for (every ordered pair of disjoint")
print("hole-card pairs with each board avoiding both): its ratio is to the rate at which the plain")
print("enumeration plays deals, i.e. how much longer replaying every deal would take.\n")

print("## Whole runs (hyperfine)\n")
print("| job | command | median | min | max |")
print("| --- | --- | ---: | ---: | ---: |")
for name, cmd, med, lo, hi in whole:
    print("| %s | `%s` | %.1f ms | %.1f ms | %.1f ms |" % (name, cmd, med * 1e3, lo * 1e3, hi * 1e3))

print("\n## jemalloc\n")
print("Each job run with and without jemalloc linked into the CLI, in one hyperfine call.\n")
print("| job | with jemalloc | without | with / without |")
print("| --- | ---: | ---: | ---: |")
ratios = []
j = 0
while os.path.exists(os.path.join(tmp, "jm%d.json" % j)):
    res = json.load(open(os.path.join(tmp, "jm%d.json" % j)))["results"]
    name = open(os.path.join(tmp, "jm%d.name" % j)).read().strip()
    a, b = res[0]["median"], res[1]["median"]
    ratios.append(a / b)
    print("| %s | %.1f ms | %.1f ms | %.3f |" % (name, a * 1e3, b * 1e3, a / b))
    j += 1
print()
if ratios and all(r < 0.95 for r in ratios):
    print("jemalloc is faster on every job here: build with `-DHS_WITH_JEMALLOC=ON` (off by default).")
else:
    print("jemalloc does not win here: these jobs allocate a few large blocks (per-thread counters)")
    print("once and then only compute, and the C library's allocator does that as well or better.")
    print("So the CLI is built without it by default; `-DHS_WITH_JEMALLOC=ON` links it (pkg-config).")

# One-off comparisons measured by hand (before/after a change), kept in bench/measurements.md.
# ---- every instruction-set path of the ranking kernels against OMPEval ----
if "omp_ids_7" in peer:
    print("\n## The ranking kernels by instruction-set path, against OMPEval\n")
    print("`bench/peers/ranking.sh` (one thread, thread CPU time, medians of %s rounds in turn; the "
          "ratios round by round against OMPEval's loop in the same process, built outside the "
          "repository with `-O3 -march=native`). Each form is called directly (`_scalar`, `_avx2`, "
          "`_avx512`); the dispatching entry points take the form measured fastest at start-up "
          "(here: %s), and `HANDSTAT_ISA=scalar|avx2|avx512` forces one (`handstat --version` "
          "says which).\n" % (reps, paths or "?"))
    print("| work | path | handstat | OMPEval | handstat / OMPEval |")
    print("| --- | --- | ---: | ---: | ---: |")
    isa_rows = (("all 7-card hands, nested loops (`hs_poker_state_rank_quads`)", "omp_cards_7",
             (("scalar", "hs_quads_scalar_7"), ("AVX2", "hs_quads_avx2_7"),
              ("AVX-512", "hs_quads_avx512_7"), ("dispatched (%s)" % (paths.split("states")[1].strip() if paths else "?"),
               "hs_quads_7"))),
            ("all 7-card hands, nested loops (`hs_poker_state_rank_triples`)", "omp_cards_7",
             (("scalar", "hs_triples_scalar_7"), ("AVX2", "hs_triples_avx2_7"),
              ("AVX-512", "hs_triples_avx512_7"), ("dispatched (%s)" % (paths.split("states")[1].strip() if paths else "?"),
               "hs_triples_7"))),
            ("10 M random 7-card hands from card ids (`hs_poker_rank7_ids_batch`)", "omp_ids_7",
             (("scalar", "hs_ids_scalar_7"), ("AVX2", "hs_ids_avx2_7"),
              ("AVX-512", "hs_ids_avx512_7"), ("dispatched (%s)" % (paths.split(",")[0].replace("ids", "").strip() if paths
                                    else "?"), "hs_ids_7"))))
    for work, base, forms in isa_rows:
        for form, name in forms:
            if name in peer:
                print("| %s | %s | %s | %s | %s |" % (work, form, fmt_rate(peer[name][0]),
                                                     fmt_rate(peer[base][0]), ratio[name]))
    print()

# ---- threads: each long job at 1 and 2 threads (bench/scaling.py) ----
scaling_md = os.path.join(tmp, "scaling.md")
if os.path.exists(scaling_md):
    print("\n## Scaling of the long jobs on two threads\n")
    print("Each long job of the command line at 1 and 2 threads (`--threads`), whole process, "
          "median of %s runs, wall and CPU (user + system) time, by `bench/scaling.py "
          "build/release %s 1 2`, which also checks that the outputs are identical at both "
          "thread counts (they were, or the run stops). The speed-up is the ratio of the wall "
          "times. A job runs its first 10 ms of units on one thread before starting the team "
          "(`src/core/job.c`), so a job of a few milliseconds stays at about 1x.\n" % (reps, reps))
    print(open(scaling_md).read(), end="")
    print()

notes = os.path.join(os.path.dirname(os.path.abspath(__file__)), "measurements.md")
if os.path.exists(notes):
    print(open(notes).read(), end="")

# ---- across processes: the MPI scale model (bench/scale.sh) ----
print("\n## Across processes (MPI scale model)\n")
FORMS = ["baseline", "AVX2", "AVX-512", "AVX-512 BITALG"]
form_rates = []
for f in range(4):
    rate, _ = ips("BM_holdem_preflop3_units/%d/iterations:1/real_time" % f)
    if rate:
        form_rates.append((FORMS[f], rate))
scale_path = os.path.join(tmp, "scale.txt")
if form_rates:
    print("The three-way preflop table over all 169 classes, one thread, by kernel form "
          "(`BM_holdem_preflop3_units`: suit-distinct boards per second; the whole table is "
          "134,459 boards in 8,404 units):\n")
    print("| kernel form | boards/s per thread | whole table, one thread |")
    print("| --- | ---: | ---: |")
    for name, rate in form_rates:
        print("| %s | %.1f | %.0f s |" % (name, rate, 134459 / rate))
    print()
if os.path.exists(scale_path):
    kv = dict(line.strip().split("=", 1) for line in open(scale_path) if "=" in line)
    units = int(kv["units"])
    print("`bench/scale.sh`: the table over the 33 classes of `results/holdem_preflop3_common.csv` "
          "(%d units), `--threads 1` per rank, by `handstat` and by `mpirun --oversubscribe -n K+1 "
          "handstat-mpi` (rank 0 coordinates, K ranks compute). This machine has 2 cores: 3 "
          "computing ranks share them, which shows that the bytes agree (every output was compared "
          "with handstat's: %s), not speed.\n" % (units, "identical" if kv.get("identical") == "yes"
                                                   else "NOT identical"))
    print("| run | wall time | units/s | units/s per computing rank |")
    print("| --- | ---: | ---: | ---: |")
    plain = float(kv["plain_seconds"])
    print("| handstat, 1 thread | %.1f s | %.0f | %.0f |" % (plain, units / plain, units / plain))
    for k in (1, 2, 3):
        t = float(kv["ranks%d_seconds" % k])
        print("| handstat-mpi, %d computing rank%s | %.1f s | %.0f | %.0f |" % (
            k, "" if k == 1 else "s", t, units / t, units / t / k))
    print()
if form_rates:
    best_name, best = form_rates[-1]
    core_seconds = 134459 / best
    print("Projection for the whole table (818,805 triples; the %s form at %.1f boards/s per core "
          "is %.0f core-seconds of counting): one 2-core machine about %.0f minutes (the committed "
          "`results/holdem_preflop3.csv.xz` took 25 minutes when it was made, sharing its machine with other "
          "work); 64 nodes x 32 cores (`mpirun -n 65`, 64 computing ranks of 32 threads; 8,404 "
          "units, about 4 per thread) about %.1f s of counting. There the rest bounds the run: "
          "each rank builds the board list (0.3 s), and each range a rank finishes sends rank 0 "
          "the whole accumulator, 818,805 x 7 counts = 46 MB. Ranges are sized to take about 2 s "
          "(the first one an eighth of a rank's share), so each rank sends one or two: 3 to 6 GB "
          "to rank 0 in all, a few seconds on a 10 Gb/s network, and about 50 ms for rank 0 to check (its checksum) and merge each. "
          "Expect well under a minute end to end, against %.0f minutes on one 2-core machine.\n" % (
              best_name, best, core_seconds, core_seconds / 2 / 60, core_seconds / 2048,
              core_seconds / 2 / 60))
