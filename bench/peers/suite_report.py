#!/usr/bin/env python3
"""The report of suite.sh from OUT/suite.tsv, OUT/machine.txt and OUT/verify.txt: OUT/suite.md (a
markdown table: per workload and entry the median rate over rounds, and the medians of the
round-by-round ratios to OMPEval and to b-inary's evaluator, with the one-per-call goals checked)
and OUT/suite.svg (a bar chart of the medians, the lowest and highest round as whiskers).
    python3 suite_report.py OUT"""
import collections
import os
import statistics
import sys

LABEL = {
    "hs_batch": "handstat batch",
    "hs_state": "handstat state add + rank, one per call",
    "hs_mask": "handstat hs_poker_rank7(mask), one per call",
    "hs_ids": "handstat hs_poker_rank7_ids(ids), one per call",
    "hs_mask_call": "handstat hs_poker_rank7, exported function",
    "hs_ids_call": "handstat hs_poker_rank7_ids, exported function",
    "omp": "OMPEval",
    "binary": "b-inary holdem-hand-evaluator (Rust)",
    "phe": "PokerHandEvaluator",
    "sk": "SKPokerEval",
    "tpt": "Two Plus Two table",
}
ONE_CALL = ("hs_state", "hs_mask", "hs_ids")
WORKLOADS = {"seq": "all 133,784,560 seven-card hands, nested loops",
             "rand": "10 M random seven-card hands from card ids"}


def label(entry):
    e, _, isa = entry.partition("@")
    return LABEL.get(e, e) + (f" [HANDSTAT_ISA={isa}]" if isa else "")


def main():
    out = sys.argv[1]
    rate = collections.defaultdict(dict)  # (workload, entry) -> round -> rate
    for i, line in enumerate(open(os.path.join(out, "suite.tsv"))):
        if i == 0:
            continue
        r, w, e, mhs, _, _ = line.rstrip("\n").split("\t")
        rate[(w, e)][int(r)] = float(mhs)
    entries = []
    for (w, e) in rate:
        if e not in entries:
            entries.append(e)
    rounds = max(max(v) for v in rate.values()) + 1

    def med(w, e):
        v = list(rate[(w, e)].values())
        return statistics.median(v), min(v), max(v)

    def ratio(w, e, peer):
        if (w, peer) not in rate:
            return None
        rs = [rate[(w, e)][r] / rate[(w, peer)][r] for r in rate[(w, e)] if r in rate[(w, peer)]]
        return statistics.median(rs) if rs else None

    fmt = lambda x: "–" if x is None else f"{x:.2f}×"
    md = ["# handstat against the public evaluators (bench/peers/suite.sh)", ""]
    md += ["```"] + open(os.path.join(out, "machine.txt")).read().strip().splitlines() + ["```", ""]
    md.append(f"Medians over {rounds} rounds; each round runs every entry once, each run a process "
              "of its own timing its ranking loop in thread CPU seconds, the order rotated round by "
              "round; a ratio is the median of the rounds' ratios (the entry and the peer in the "
              "same round). M/s = million hands ranked per second, one thread.")
    md.append("")
    md.append("| entry | " + " | ".join(f"{w}: M/s | ×OMPEval | ×b-inary" for w in WORKLOADS) + " |")
    md.append("| --- |" + " --- | --- | --- |" * len(WORKLOADS))
    for e in entries:
        cells = []
        for w in WORKLOADS:
            if (w, e) not in rate:
                cells += ["–"] * 3
                continue
            m, lo, hi = med(w, e)
            cells += [f"{m:,.0f} ({lo:,.0f}–{hi:,.0f})", fmt(ratio(w, e, "omp")), fmt(ratio(w, e, "binary"))]
        md.append(f"| {label(e)} | " + " | ".join(cells) + " |")
    md += ["", "(M/s: median, lowest–highest round in parentheses.)", "",
           "## The one-per-call goals (≥ 1.2× OMPEval and > 1× b-inary, both workloads)", ""]
    md.append("| entry | workload | ×OMPEval | ×b-inary | met |")
    md.append("| --- | --- | --- | --- | --- |")
    met_all = True
    for e in entries:
        if e.partition("@")[0] not in ONE_CALL:
            continue
        for w in WORKLOADS:
            ro, rb = ratio(w, e, "omp"), ratio(w, e, "binary")
            ok = ro is not None and rb is not None and ro >= 1.2 and rb > 1.0
            met_all &= ok
            md.append(f"| {label(e)} | {w} | {fmt(ro)} | {fmt(rb)} | {'yes' if ok else 'no'} |")
    md += ["", f"All one-per-call goals met: {'yes' if met_all else 'no'}.", "", "## Answers checked", "", "```"]
    md += [l for l in open(os.path.join(out, "verify.txt")).read().splitlines() if l.startswith(("check", "verify"))]
    md += ["```", ""]
    open(os.path.join(out, "suite.md"), "w").write("\n".join(md))

    # the chart: one panel per workload, the default-dispatch entries and the peers
    shown = [e for e in entries if "@" not in e]
    bar_h, gap, left, width = 16, 6, 330, 420
    panels = []
    y = 40
    svg = []
    for w, title in WORKLOADS.items():
        es = [e for e in shown if (w, e) in rate]
        top = max(med(w, e)[2] for e in es)
        svg.append(f'<text x="10" y="{y}" font-weight="bold">{title} (M hands/s, median; whiskers: lowest–highest round)</text>')
        y += 12
        for e in es:
            m, lo, hi = med(w, e)
            colour = "#2b6cb0" if e.startswith("hs_") else "#a0a0a0"
            svg.append(f'<text x="{left - 6}" y="{y + 12}" text-anchor="end">{label(e)}</text>')
            svg.append(f'<rect x="{left}" y="{y}" width="{m / top * width:.1f}" height="{bar_h}" fill="{colour}"/>')
            svg.append(f'<line x1="{left + lo / top * width:.1f}" x2="{left + hi / top * width:.1f}" '
                       f'y1="{y + bar_h / 2}" y2="{y + bar_h / 2}" stroke="black"/>')
            svg.append(f'<text x="{left + hi / top * width + 6:.1f}" y="{y + 12}">{m:,.0f}</text>')
            y += bar_h + gap
        y += 30
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 80}" height="{y}" '
            'font-family="sans-serif" font-size="12">')
    open(os.path.join(out, "suite.svg"), "w").write("\n".join([head, '<rect width="100%" height="100%" fill="white"/>'] + svg + ["</svg>", ""]))


if __name__ == "__main__":
    main()
