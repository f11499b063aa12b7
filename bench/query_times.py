#!/usr/bin/env python3
"""Whole-run times of `handstat query` (the query language) and, for each query that is a plain
equity, of the fixed command it generalises (`holdem equity`, `omaha equity`) in the same run,
alternating, median of N runs each. Prints a Markdown table.

usage: bench/query_times.py BUILD_DIR [N]     (e.g. bench/query_times.py build/release 5)
"""
import statistics
import subprocess
import sys
import time

# (what, query argv, the fixed command's argv or None)
CASES = [
    ("AKs vs QQ+ preflop: equity",
     ["query", "select avg(riverEquity(hero)) from hero=AKs, villain=QQ+"],
     ["holdem", "equity", "AKs", "QQ+"]),
    ("QQ+,AKs vs JJ-99,AQs+ on Kh7d2c: equity and wins",
     ["query", "select avg(riverEquity(a)), count(winsHi(a)) from a='QQ+,AKs', "
      "b='JJ-99,AQs+', board=Kh7d2c"],
     ["holdem", "equity", "QQ+,AKs", "JJ-99,AQs+", "--board", "Kh7d2c"]),
    ("AhAd vs KsKc vs 8h9h preflop: three equities",
     ["query", "select avg(riverEquity(p1)), avg(riverEquity(p2)), avg(riverEquity(p3)) "
      "from p1=AhAd, p2=KsKc, p3=8h9h"],
     ["holdem", "equity", "AhAd", "KsKc", "8h9h"]),
    ("AKs vs QQ+ preflop: equity, 10^6 samples",
     ["query", "--samples", "1000000", "select avg(riverEquity(hero)) from hero=AKs, villain=QQ+"],
     ["holdem", "equity", "AKs", "QQ+", "--samples", "1000000"]),
    ("Omaha AsKsQhJh vs 7c7d2h2s preflop: equity",
     ["query", "select avg(riverEquity(hero)) from game=omahahi, hero=AsKsQhJh, villain=7c7d2h2s"],
     ["omaha", "equity", "AsKsQhJh", "7c7d2h2s"]),
    ("AKs vs QQ+ preflop: equity where the flop pairs (enumeration)",
     ["query", "select avg(riverEquity(hero)) from hero=AKs, villain=QQ+ where pairedBoard(flop)"],
     None),
    ("AKs vs QQ+ preflop: flops a flush draw, and then wins",
     ["query", "select count(flopHandCategory(hero) = flushDraw), count(flopHandCategory(hero) = "
      "flushDraw and winsHi(hero)) from hero=AKs, villain=QQ+"], None),
    ("77 alone: flops a set, trips or better by the river",
     ["query", "select count(handType(hero, flop) = trips), count(handType(hero, river) >= trips) "
      "from hero=77"], None),
    ("AKs vs QQ: histogram of the flop equity",
     ["query", "select histogram(equity(hero, flop)) from hero=AKs, villain=QQ"], None),
    ("random vs random on Kh7d2c5s: winning hand type",
     ["query", "select histogram(winningHandType()) from p1=*, p2=*, board=Kh7d2c5s"], None),
    ("Omaha AsKsQhJh vs any four on Kh7h2c9s: equity",
     ["query", "select avg(riverEquity(hero)) from game=omahahi, hero=AsKsQhJh, villain=*, "
      "board=Kh7h2c9s"], None),
    ("AhKh vs QsQd on Qh7h2c: outs, equity change, where the turn is a heart",
     ["query", "select avg(outs(hero, flop)), avg(equity(hero, turn) - equity(hero, flop)) "
      "from hero=AhKh, villain=QsQd, board=Qh7h2c where turnSuit() = hearts"], None),
]


def run(cli, argv):
    start = time.perf_counter()
    subprocess.run([cli] + argv + ["--quiet"], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def fmt(s):
    return f"{s * 1000:.1f} ms" if s < 1 else f"{s:.2f} s"


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build/release"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    cli = f"{build}/handstat"
    print("| query | handstat query | the fixed command | ratio |")
    print("| --- | --- | --- | --- |")
    for what, q, fixed in CASES:
        tq, tf = [], []
        for _ in range(n if fixed is not None or n < 3 else 3):
            tq.append(run(cli, q))
            if fixed is not None:
                tf.append(run(cli, fixed))
        mq = statistics.median(tq)
        if fixed is None:
            print(f"| {what} | {fmt(mq)} | | |")
        else:
            mf = statistics.median(tf)
            print(f"| {what} | {fmt(mq)} | {fmt(mf)} (`{' '.join(fixed[:2])}`) | {mq / mf:.2f}x |")


if __name__ == "__main__":
    main()
