#!/usr/bin/env python3
"""Seven-card stud, razz and stud hi/lo exact equity: handstat against pokenum (pokersource's
poker-eval, fetched and built outside the repository), whole processes, one thread each.

    POKENUM=/path/to/pokenum python3 bench/peers/stud.py [ROUNDS]     (default 5)

Every round runs each case's handstat command and pokenum command once, one after the other
(interleaved, so both see the same load), and takes each process's CPU time (user + system, from
wait4). Before timing, the answers are compared: every player's wins, ties and losses (stud
high, razz) or the equity to pokenum's printed digits (hi/lo). Prints per case the median CPU
times over the rounds and the median of the per-round ratios (pokenum / handstat), with their
ranges. HS is the handstat binary (default: this repository's build/release/handstat).
"""
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HS = os.environ.get("HS", os.path.join(HERE, "..", "..", "build", "release", "handstat"))
POKENUM = os.environ.get("POKENUM", "/tmp/peers/pokereval/src/examples/.libs/pokenum")

# name, game flag of pokenum, handstat command words, hands
CASES = [
    ("stud high, heads-up, 4th street", "-7s", ["stud", "equity"], ["Ah Kh Qd Jc", "9s 9d 5c 2h"]),
    ("stud high, 3-way, 5th street", "-7s", ["stud", "equity"],
     ["Ah Ad 7c 4s 2d", "Ks Qs Js 9h 3c", "8h 8c 6d 6s Tc"]),
    ("stud hi/lo 8, heads-up, 4th street", "-7s8", ["stud", "equity", "--hilo"],
     ["Ah 2h 3d 9c", "Ks Kd 5c 8h"]),
    ("razz, heads-up, 4th street", "-r", ["razz", "equity"], ["Ah 2h 3d 9c", "4s 5d 6c Kh"]),
]


def cpu_run(argv):
    """Run argv with its output captured; (CPU seconds, stdout)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        os.dup2(w, 1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        os.execv(argv[0], argv)
    os.close(w)
    chunks = []
    while True:
        b = os.read(r, 65536)
        if not b:
            break
        chunks.append(b)
    os.close(r)
    _, status, ru = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: %s" % " ".join(argv))
    return ru.ru_utime + ru.ru_stime, b"".join(chunks).decode()


def hs_argv(words, hands):
    return [HS] + words + hands + ["--threads", "1", "--csv", "--quiet"]


def pk_argv(flag, hands):
    argv = [POKENUM, flag]
    for i, h in enumerate(hands):
        if i:
            argv.append("-")
        argv += h.split()
    return argv


def check(name, words, hs_out, pk_out, players):
    """handstat's CSV against pokenum's table: the counts, or the equity to pokenum's digits."""
    rows = [line.split(",") for line in hs_out.strip().splitlines()[1:]]
    pk = [line.split() for line in pk_out.splitlines() if re.match(r"^[2-9TJQKA][shdc] ", line)]
    assert len(rows) == players and len(pk) == players, (name, hs_out, pk_out)
    for row, p in zip(rows, pk):
        nums = [x for x in p if re.match(r"^-?[0-9.]+$", x)]
        if "--hilo" in words:
            # pokenum -7s8: scoop HIwin HIlos HItie LOwin LOlos LOtie EV (the pot share, 3 places)
            assert int(row[2]) == int(nums[0]), (name, row, p)
            assert abs(float(row[5]) - float(nums[-1])) < 0.0005 + 1e-9, (name, row, p)
        else:
            wins, ties, losses = int(row[2]), int(row[3]), int(row[4])
            # pokenum: win %win lose %lose tie %tie EV
            assert (int(nums[0]), int(nums[2]), int(nums[4])) == (wins, losses, ties), (name, row, p)


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for f in (HS, POKENUM):
        if not os.access(f, os.X_OK):
            sys.exit("missing %s (set HS / POKENUM)" % f)
    for name, flag, words, hands in CASES:
        _, hs_out = cpu_run(hs_argv(words, hands))
        _, pk_out = cpu_run(pk_argv(flag, hands))
        check(name, words, hs_out, pk_out, len(hands))
    print("answers agree (counts, scoops; hi/lo equity to pokenum's 3 places); %d interleaved rounds, process CPU time, one thread" % rounds)
    print("| case | handstat | pokenum | pokenum / handstat |")
    print("| --- | ---: | ---: | ---: |")
    for name, flag, words, hands in CASES:
        hs_t, pk_t, ratio = [], [], []
        for _ in range(rounds):
            a, _ = cpu_run(hs_argv(words, hands))
            b, _ = cpu_run(pk_argv(flag, hands))
            hs_t.append(a)
            pk_t.append(b)
            ratio.append(b / max(a, 1e-6))
        print("| %s (`handstat %s %s --threads 1`; `pokenum %s %s`) | %.1f ms (%.1f-%.1f) | "
              "%.3f s (%.3f-%.3f) | %.0f (%.0f-%.0f) |"
              % (name, " ".join(words), " ".join('"%s"' % h for h in hands), flag,
                 " - ".join(hands), 1e3 * statistics.median(hs_t), 1e3 * min(hs_t),
                 1e3 * max(hs_t), statistics.median(pk_t), min(pk_t), max(pk_t),
                 statistics.median(ratio), min(ratio), max(ratio)))


if __name__ == "__main__":
    main()
