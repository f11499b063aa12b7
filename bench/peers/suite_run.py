#!/usr/bin/env python3
"""The timing stage of suite.sh: every entry of both workloads once per round, each run a process
of its own, the order rotated round by round so that no entry always follows the same one; every
run's rate and checksum to OUT/suite.tsv. handstat's entries run under the default dispatch and
again with HANDSTAT_ISA forced to each path in --isas that this CPU runs; their checksums must
agree across paths and rounds (the run stops otherwise)."""
import argparse
import os
import subprocess
import sys

HS = ["hs_batch", "hs_state", "hs_mask", "hs_ids", "hs_mask_call", "hs_ids_call"]
HS_FORCED = ["hs_batch", "hs_state", "hs_mask", "hs_ids"]
PEERS = ["omp", "binary", "phe", "sk", "tpt"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", required=True)
    ap.add_argument("--binary", required=True)
    ap.add_argument("--hands", required=True)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--isas", default="scalar avx2 avx512")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    info = subprocess.run([a.suite, "info"], capture_output=True, text=True, check=True).stdout
    best = next(l.split()[2].rstrip(";") for l in info.splitlines() if l.startswith("isa:"))
    order = ["scalar", "avx2", "avx512"]
    isas = [i for i in a.isas.split() if i in order and order.index(i) <= order.index(best)]
    tpt = os.path.exists(os.environ.get("HANDRANKS", "/tmp/peers/build/2p2/HandRanks.dat"))

    entries = [(e, None) for e in HS] + [(e, i) for i in isas for e in HS_FORCED]
    entries += [(p, None) for p in PEERS if p != "tpt" or tpt]

    def name(e, isa):
        return e if isa is None else f"{e}@{isa}"

    def run(w, e, isa):
        env = dict(os.environ)
        env.pop("HANDSTAT_ISA", None)
        if isa:
            env["HANDSTAT_ISA"] = isa
        if e == "binary":
            cmd = [a.binary, w] + ([a.hands] if w == "rand" else [])
        else:
            cmd = [a.suite, "run", w, e] + ([a.hands] if w == "rand" else [])
        out = subprocess.run(cmd, capture_output=True, text=True, env=env)
        line = next((l for l in out.stdout.splitlines() if l.startswith("RATE ")), None)
        if out.returncode != 0 or line is None:
            sys.exit(f"suite_run: {' '.join(cmd)} failed: {out.stderr.strip()}")
        _, rate, secs, checksum = line.split()
        return float(rate), float(secs), checksum

    sums = {}
    with open(os.path.join(a.out, "suite.tsv"), "w") as tsv:
        tsv.write("round\tworkload\tentry\trate_mhs\tseconds\tchecksum\n")
        for r in range(a.rounds):
            load = open("/proc/loadavg").read().split()[0]
            for w in ("seq", "rand"):
                k = r % len(entries)
                for e, isa in entries[k:] + entries[:k]:
                    rate, secs, checksum = run(w, e, isa)
                    key = (w, e)  # one checksum per entry whatever the path
                    if sums.setdefault(key, checksum) != checksum:
                        sys.exit(f"suite_run: {w} {name(e, isa)} checksum {checksum}, before {sums[key]}")
                    tsv.write(f"{r}\t{w}\t{name(e, isa)}\t{rate}\t{secs}\t{checksum}\n")
                    tsv.flush()
            print(f"round {r + 1}/{a.rounds} done (load {load})", flush=True)


if __name__ == "__main__":
    main()
