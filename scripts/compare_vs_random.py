#!/usr/bin/env python3
"""Compare a sampled vs-random table (`holdem vs-random --samples N --opponents ...`) with the
exact tables (results/holdem_vs_random.csv and holdem_vs_random3.csv) where both exist, and with
a published table of equities when one is given. Prints a Markdown table per opponent count.

usage: scripts/compare_vs_random.py SAMPLED.csv [RESULTS_DIR] [PUBLISHED.csv]
  PUBLISHED.csv: class,opponents,value[,...], value the equity in percent (win plus split share)
"""
import csv
import os
import sys


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sampled = rows(sys.argv[1])
    results = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "results")
    exact = {}
    for name in ("holdem_vs_random.csv", "holdem_vs_random3.csv"):
        path = os.path.join(results, name)
        if os.path.exists(path):
            for r in rows(path):
                exact[(r["class"], int(r["opponents"]))] = float(r["equity"])
    published = {}
    if len(sys.argv) > 3:
        for r in rows(sys.argv[3]):
            published[(r["class"], int(r["opponents"]))] = float(r["value"]) / 100
    by_k = {}
    for r in sampled:
        by_k.setdefault(int(r["opponents"]), []).append(r)
    print("| opponents | samples | largest error | exact: largest |z| | mean z^2 | "
          "published: largest difference | (class) | mean difference |")
    print("|---|---|---|---|---|---|---|---|")
    for k in sorted(by_k):
        zs, diffs, worst = [], [], ("", 0.0)
        se_max = 0.0
        for r in by_k[k]:
            eq, se = float(r["equity"]), float(r["std_error"])
            se_max = max(se_max, se)
            key = (r["class"], k)
            if key in exact:
                zs.append((eq - exact[key]) / se)
            if key in published:
                d = eq - published[key]
                diffs.append(d)
                if abs(d) > abs(worst[1]):
                    worst = (r["class"], d)
        zcol = (f"{max(abs(z) for z in zs):.2f} | {sum(z * z for z in zs) / len(zs):.2f}"
                if zs else "– | –")
        pcol = (f"{worst[1]:+.5f} | {worst[0]} | {sum(diffs) / len(diffs):+.5f}"
                if diffs else "– | – | –")
        print(f"| {k} | {by_k[k][0]['samples']} | {se_max:.6f} | {zcol} | {pcol} |")
    if published and exact:  # the published table's own distance from the exact one
        print("\n| opponents | published against exact: largest difference | (class) |")
        print("|---|---|---|")
        for k in sorted({k for (_, k) in exact}):
            d = [(c, published[(c, kk)] - v) for (c, kk), v in exact.items()
                 if kk == k and (c, kk) in published]
            if d:
                c, worst = max(d, key=lambda t: abs(t[1]))
                print(f"| {k} | {worst:+.5f} | {c} |")


if __name__ == "__main__":
    main()
