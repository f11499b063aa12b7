#!/usr/bin/env python3
"""The Python package's NumPy batch calls against the C batch kernels they run, in one process:
for each workload, the C kernel called through ctypes on the array (no check, the output array
made beforehand: the C batch rate as Python sees it) and the package's function on the same
array (checking every hand in C, making the output array, then the same kernel), alternating
pair by pair; the medians of each and of the pairs' ratios, and the ratio of the best runs (the
steadier figure on a loaded machine). Times are the calling thread's CPU time
(time.thread_time), not the wall clock, which on a shared machine also counts the time other
processes hold the core. Prints a Markdown table.

usage: bench/python_batch.py [N] [PAIRS]   (default: 4000000 hands, 15 pairs)

Run it with the library of a build, as the tests do:
    HANDSTAT_LIBRARY=build/release/libhandstat.so PYTHONPATH=python bench/python_batch.py
"""
import ctypes
import os
import platform
import statistics
import sys
import time

import numpy as np

import handstat
from handstat import _lib

P64, P16, P8 = (ctypes.POINTER(t) for t in (ctypes.c_uint64, ctypes.c_uint16, ctypes.c_uint8))


def random_hands(rng, n, k):
    """n hands of k distinct cards each, as an n x k uint8 array of card ids (a random permutation
    of the deck per hand, its first k cards)."""
    keys = rng.random((n, 52), dtype=np.float32)
    return np.argpartition(keys, k, axis=1)[:, :k].astype(np.uint8)


def masks_of(ids):
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), ids.astype(np.uint64)), axis=1)


def timed(fn):
    """The CPU time of this thread in fn: the calls run on one thread, and on a shared machine
    the wall clock would also count the slices other processes take from it."""
    t = time.thread_time()
    fn()
    return time.thread_time() - t


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4_000_000
    pairs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    rng = np.random.default_rng(44)
    ids = random_hands(rng, n, 7)
    masks = masks_of(ids)
    crib = random_hands(rng, n, 5)
    hands, starters = masks_of(crib[:, :4]), np.ascontiguousarray(crib[:, 4])
    out16, out8 = np.empty(n, dtype=np.uint16), np.empty(n, dtype=np.uint8)

    cases = [
        ("rank masks (uint64)", "hs_poker_rank_batch", "handstat.poker_rank_batch(masks)",
         lambda: _lib.poker_rank_batch(masks.ctypes.data_as(P64), n, out16.ctypes.data_as(P16)),
         lambda: handstat.poker_rank_batch(masks), out16),
        ("rank card ids (n x 7 uint8)", "hs_poker_rank7_ids_batch",
         "handstat.poker_rank7_ids_batch(ids)",
         lambda: _lib.poker_rank7_ids_batch(ids.ctypes.data_as(P8), n, out16.ctypes.data_as(P16)),
         lambda: handstat.poker_rank7_ids_batch(ids), out16),
        ("crib totals (uint64 + uint8)", "hs_crib_total_batch",
         "handstat.crib_total_batch(hands, starters)",
         lambda: _lib.crib_total_batch(hands.ctypes.data_as(P64), starters.ctypes.data_as(P8), n,
                                       0, out8.ctypes.data_as(P8)),
         lambda: handstat.crib_total_batch(hands, starters), out8),
    ]
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    fam, mod = ctypes.c_uint(), ctypes.c_uint()
    _lib.lib.hs_cpu_id.restype = ctypes.c_char_p
    vendor = _lib.lib.hs_cpu_id(ctypes.byref(fam), ctypes.byref(mod)).decode()
    print(f"handstat {handstat.version()}, Python {platform.python_version()}, NumPy "
          f"{np.__version__}; {n:,} random hands a call, {pairs} alternating pairs a workload, "
          f"thread CPU time; "
          f"CPU {cpu} ({vendor} family {fam.value:#x} model {mod.value:#x}), "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start; "
          f"HANDSTAT_ISA={os.environ.get('HANDSTAT_ISA', '(unset)')}\n")
    print("| workload | C batch (ctypes, no checks): median | Python call (checks + kernel): "
          "median | Python / C: median of pairs | best C / best Python |")
    print("| --- | --- | --- | --- | --- |")
    for what, cname, pyname, c_call, py_call, out in cases:
        c_call()
        want = out.copy()
        assert np.array_equal(py_call(), want), what  # the same answers
        tc, tp, ratio = [], [], []
        for _ in range(pairs):
            a, b = timed(c_call), timed(py_call)
            tc.append(a)
            tp.append(b)
            ratio.append(a / b)
        mc, mp = statistics.median(tc), statistics.median(tp)
        print(f"| {what} | `{cname}` {n / mc / 1e6:.1f} M/s ({mc / n * 1e9:.2f} ns a hand) | "
              f"`{pyname}` {n / mp / 1e6:.1f} M/s ({mp / n * 1e9:.2f} ns) | "
              f"{statistics.median(ratio):.2f} | {min(tc) / min(tp):.2f} |")


if __name__ == "__main__":
    main()
