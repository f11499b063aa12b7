#!/usr/bin/env python3
"""Each long job of the command line at 1 and 2 threads (or the threads given): wall and CPU
time (user + system of the process), median of N runs, and the speed-up of the wall time. Prints
a Markdown table. The outputs of the runs at every thread count must be identical (checked).

usage: bench/scaling.py BUILD_DIR [N] [THREADS...]    (e.g. bench/scaling.py build/release 3 1 2)
"""
import filecmp
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

# (the job, its arguments; "@OUT" is the output file)
JOBS = [
    ("crib deals", ["crib", "deals", "-o", "@OUT"]),
    ("crib peg-table", ["crib", "peg-table", "-o", "@OUT"]),
    ("poker matchups", ["poker", "matchups", "-o", "@OUT"]),
    ("holdem preflop", ["holdem", "preflop", "-o", "@OUT"]),
    ("holdem vs-random", ["holdem", "vs-random", "-o", "@OUT"]),
    ("holdem preflop3 (12 classes)",
     ["holdem", "preflop3", "--classes", "AA,KK,QQ,JJ,TT,AKs,AQs,AKo,KQs,JTs,76s,22", "-o", "@OUT"]),
    ("holdem equity AKs vs QQ+ vs random", ["holdem", "equity", "AKs", "QQ+", "random", "--csv"]),
    ("omaha equity, three hands", ["omaha", "equity", "AhAdKsQs", "9h8h7c6c", "JdTd5s4s", "--csv"]),
    ("stud equity hi/lo, three hands on 5th street",
     ["stud", "equity", "Ah 2h 3d 9c Kc", "4s 5d 6c Kh Qh", "7s 7d Tc Jh 8d", "--hilo", "--csv"]),
    ("stud equity hi/lo, three hands on 4th street",
     ["stud", "equity", "Ah 2h 3d 9c", "4s 5d 6c Kh", "7s 7d Tc Jh", "--hilo", "--csv"]),
    ("stud equity hi/lo, four hands on 4th street, 12 cards dead",
     ["stud", "equity", "Ah 2h 3d 9c", "4s 5d 6c Kh", "7s 7d Tc Jh", "Ad 3s 4h Jc",
      "--dead", "Qc Qd Qh Qs Jd Js 9h 9s 8c 8s 6h 6d", "--hilo", "--csv"]),
    ("holdem vs-random --samples 1000000, 4-9 opponents",
     ["holdem", "vs-random", "--samples", "1000000", "--opponents", "4-9", "-o", "@OUT"]),
    ("query: AKs vs QQ+ flops a flush draw and wins",
     ["query", "--csv", "select count(flopHandCategory(hero) = flushDraw and winsHi(hero)) "
      "from hero=AKs, villain=QQ+"]),
]


def run(cli, argv, threads, out):
    args = [out if a == "@OUT" else a for a in argv]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(out + ".stdout", "w") as so:
        subprocess.run([cli] + args + ["--threads", str(threads), "--quiet"], check=True,
                       stdout=so)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def fmt(s):
    return f"{s * 1000:.0f} ms" if s < 1 else f"{s:.2f} s"


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build/release"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    counts = [int(t) for t in sys.argv[3:]] or [1, 2]
    cli = os.path.abspath(f"{build}/handstat")
    head = " | ".join(f"{t} thread{'s' if t > 1 else ''}: wall, CPU" for t in counts)
    print(f"| job | {head} | speed-up at {counts[-1]} |")
    print("|---|" + "---|" * (len(counts) + 1))
    with tempfile.TemporaryDirectory() as tmp:
        for what, argv in JOBS:
            cells, walls = [], []
            outs = []
            for t in counts:
                out = os.path.join(tmp, f"out{t}")
                ws, cs = zip(*(run(cli, argv, t, out) for _ in range(n)))
                walls.append(statistics.median(ws))
                cells.append(f"{fmt(statistics.median(ws))}, {fmt(statistics.median(cs))}")
                outs.append(out if "@OUT" in argv else out + ".stdout")
            same = all(filecmp.cmp(outs[0], o, shallow=False) for o in outs[1:])
            if not same:
                print(f"| {what} | outputs differ between thread counts | |")
                sys.exit(1)
            print(f"| {what} | {' | '.join(cells)} | {walls[0] / walls[-1]:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
