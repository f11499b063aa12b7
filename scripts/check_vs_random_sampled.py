#!/usr/bin/env python3
"""The committed sampled vs-random table (results/holdem_vs_random_sampled.csv.xz, too long to
regenerate in the tests) against what can be checked without recomputing it: its header; one row
per class and opponent count 1..9, classes in grid order; every row's samples the same per count;
over a count's rows, wins + ties + losses = samples x C(47 - 2k, 2) (every deal scores the
combinations it leaves free) and each class's pairs at most its combinations' share of those;
every row an estimate with a positive error; against one to three opponents every row within 5
standard errors of the exact tables (results/holdem_vs_random.csv, holdem_vs_random3.csv, which
the `results` test regenerates), with the mean squared z-score near 1.
Then, once scripts/vs_random_long.sh has finished it, the long table against 4-9 opponents
(results/holdem_vs_random_sampled_4e9.csv.xz, 4 x 10^9 deals per count, seed 2) the same way, with
every standard error at most 1e-5 and every row within 5 combined errors of the 10^8-deal table's
(independent seeds), the mean squared z-score near 1. Until that file exists, it says so.
Usage: check_vs_random_sampled.py RESULTS_DIR [LONG_FILE MAX_ERROR] (the last two for trying the
long check on a shorter run)"""
import csv
import io
import lzma
import os
import sys

from check_preflop3_full import class_names  # the 169 classes in the library's grid order

HEADER = "class,opponents,samples,wins,ties,losses,equity,std_error,kind"


def fail(msg):
    print(f"check_vs_random_sampled: {msg}")
    sys.exit(1)


def read_rows(path, counts):
    """The rows of a sampled table for these opponent counts, checked for their order, header,
    kind and per-row consistency; returns ({(class, k): (equity, error)}, samples per count)."""
    with lzma.open(path, "rt") as f:
        text = f.read()
    name = os.path.basename(path)
    if not text.startswith(HEADER + "\n"):
        fail(f"{name}: header")
    rows = list(csv.DictReader(io.StringIO(text)))
    names = class_names()
    per = len(counts)
    if len(rows) != per * 169:
        fail(f"{name}: {len(rows)} rows, not {per} x 169")
    pairs = {k: 0 for k in counts}
    samples = {}
    est = {}
    for i, r in enumerate(rows):
        cls, k = names[i // per], counts[i % per]
        if r["class"] != cls or int(r["opponents"]) != k or r["kind"] != "estimate":
            fail(f"{name} row {i + 2}: {r['class']},{r['opponents']} where {cls},{k} belongs")
        n = int(r["samples"])
        if samples.setdefault(k, n) != n:
            fail(f"{name} row {i + 2}: samples {n}, not {samples[k]} as the count's other rows")
        w, t, lo = int(r["wins"]), int(r["ties"]), int(r["losses"])
        combos = 6 if len(cls) == 2 else 4 if cls[2] == "s" else 12
        if w + t + lo > n * combos:
            fail(f"{name} row {i + 2}: more pairs than {combos} combinations x {n} deals")
        pairs[k] += w + t + lo
        eq, se = float(r["equity"]), float(r["std_error"])
        share_lo, share_hi = w / (w + t + lo), (w + t / 2) / (w + t + lo)
        if not (share_lo - 1e-9 <= eq <= share_hi + 1e-9) or not se > 0:
            fail(f"{name} row {i + 2}: equity {eq} outside [{share_lo}, {share_hi}] or error {se}")
        est[(cls, k)] = (eq, se)
    for k, total in pairs.items():
        free = 47 - 2 * k
        if total != samples[k] * (free * (free - 1) // 2):
            fail(f"{name}, {k} opponents: {total} pairs, not samples x C({free}, 2)")
    return est, samples


def z_summary(zs, what):
    z2 = sum(z * z for z in zs) / len(zs)
    if not 0.4 < z2 < 2.0:
        fail(f"mean z^2 {z2:.3f} over the {len(zs)} rows {what}")
    return max(abs(z) for z in zs), z2


def main(results, long_file=None, max_error=1e-5):
    est, _ = read_rows(os.path.join(results, "holdem_vs_random_sampled.csv.xz"), range(1, 10))
    exact = {}
    for name in ("holdem_vs_random.csv", "holdem_vs_random3.csv"):
        with open(os.path.join(results, name), newline="") as f:
            for r in csv.DictReader(f):
                exact[(r["class"], int(r["opponents"]))] = float(r["equity"])
    zs = []
    for key, (eq, se) in est.items():
        if key in exact:
            z = (eq - exact[key]) / se
            if abs(z) >= 5:
                fail(f"{key[0]} against {key[1]}: {eq}, exact {exact[key]}, error {se}: z = {z:.2f}")
            zs.append(z)
    zmax, z2 = z_summary(zs, "with exact values")
    print(f"holdem_vs_random_sampled.csv.xz: 1521 rows consistent; against the exact rows "
          f"largest |z| {zmax:.2f}, mean z^2 {z2:.3f}")

    long_path = long_file or os.path.join(results, "holdem_vs_random_sampled_4e9.csv.xz")
    if not os.path.exists(long_path):
        print(f"{os.path.basename(long_path)}: not there yet (scripts/vs_random_long.sh makes it "
              "a session at a time); only the table above was checked")
        return
    counts = range(4, 10)
    long_est, samples = read_rows(long_path, counts)
    if long_file is None and any(n != 4_000_000_000 for n in samples.values()):
        fail(f"{os.path.basename(long_path)}: samples {samples}, not 4 x 10^9 per count")
    zs = []
    largest = 0.0
    for key, (eq, se) in long_est.items():
        if not se <= max_error:
            fail(f"{key[0]} against {key[1]}: error {se}, above {max_error}")
        largest = max(largest, se)
        eq1, se1 = est[key]
        z = (eq - eq1) / (se * se + se1 * se1) ** 0.5
        if abs(z) >= 5:
            fail(f"{key[0]} against {key[1]}: {eq} +- {se}, the 10^8-deal table {eq1} +- {se1}: "
                 f"z = {z:.2f}")
        zs.append(z)
    zmax, z2 = z_summary(zs, "against the 10^8-deal table")
    print(f"{os.path.basename(long_path)}: 1014 rows consistent, largest error {largest:.2e}; "
          f"against the 10^8-deal table largest |z| {zmax:.2f}, mean z^2 {z2:.3f}")


if __name__ == "__main__":
    if len(sys.argv) == 4:
        main(sys.argv[1], sys.argv[2], float(sys.argv[3]))
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else "results")
