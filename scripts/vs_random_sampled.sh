#!/usr/bin/env bash
# The sampled vs-random table against 1 to 9 opponents (10^8 deals per opponent count, seed 1),
# compressed into results/holdem_vs_random_sampled.csv.xz. Not part of scripts/results.sh: it
# takes about 10 minutes of one core per 10^8 deals of all nine counts (some 5 minutes on two
# idle cores); the `results` test checks the committed file (scripts/check_vs_random_sampled.py).
# Usage: scripts/vs_random_sampled.sh [HANDSTAT [OUT.csv.xz]]; extra handstat options (such as
# --threads N or --resume) may follow in HS_VS_RANDOM_ARGS. The file is replaced only when the
# table and its compression are both complete.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
hs=${1:-$here/build/release/handstat}
out=${2:-$here/results/holdem_vs_random_sampled.csv.xz}
csv=${out%.xz}.tmp.csv
# shellcheck disable=SC2086
"$hs" holdem vs-random --samples 100000000 --seed 1 --opponents 1-9 ${HS_VS_RANDOM_ARGS:-} -o "$csv"
# single-threaded xz: the same bytes on every machine
xz -9 -T1 -c "$csv" > "$out.tmp"
rm -f "$csv"
mv "$out.tmp" "$out"
