#!/usr/bin/env bash
# The whole three-way preflop table (all 169 classes, 818,805 triples), compressed into
# results/holdem_preflop3.csv.xz. Not part of scripts/results.sh: it takes about 15 minutes on two
# AVX-512 cores (longer without AVX-512), and can run across machines with handstat-mpi
# (README). Usage: scripts/preflop3_full.sh [HANDSTAT [OUT.csv.xz]]. Extra handstat options (such
# as --threads N or --resume) may follow in HS_PREFLOP3_ARGS. The file is replaced only when the
# table and its compression are both complete.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
hs=${1:-$here/build/release/handstat}
out=${2:-$here/results/holdem_preflop3.csv.xz}
csv=${out%.xz}.tmp.csv
# shellcheck disable=SC2086
"$hs" holdem preflop3 ${HS_PREFLOP3_ARGS:-} -o "$csv"
# single-threaded xz: the same bytes on every machine
xz -9 -T1 -c "$csv" > "$out.tmp"
rm -f "$csv"
mv "$out.tmp" "$out"
