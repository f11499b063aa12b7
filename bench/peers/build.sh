#!/usr/bin/env bash
# Build equitybench (bench/peers/equitybench.cpp) and distbench (distbench.cpp) against a handstat
# tree whose release preset is built.
#   HS=/path/to/handstat bash build.sh      (HS default: this repository; output: $HS/build/peers/)
# Needs OMPEval built by ../shared/peers/run_all.sh (stages extract build, PEERS=/tmp/peers):
# $PEERS/build/omp/libompeval.a and $OMPH/wrap_omp.o (OMPH default $PEERS/build/harness).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
HS=${HS:-$(cd "$HERE/../.." && pwd)}
PEERS=${PEERS:-/tmp/peers}
OMPH=${OMPH:-$PEERS/build/harness} # the OMPEval wrapper object and ompequity (run_all.sh build)
OUT=${OUT:-$HS/build/peers/equitybench}
mkdir -p "$(dirname "$OUT")"
for f in "$HS/build/release/libhandstat.a" "$PEERS/build/omp/libompeval.a" "$OMPH/wrap_omp.o"; do
    [ -f "$f" ] || { echo "build.sh: missing $f" >&2; exit 1; }
done
g++ -O3 -march=native -std=c++17 -pthread \
    -I"$HS/include" -I"$HS/build/release/generated/include" \
    -o "$OUT" "$HERE/equitybench.cpp" "$OMPH/wrap_omp.o" "$PEERS/build/omp/libompeval.a" \
    "$HS/build/release/libhandstat.a" -lgmp -fopenmp
DIST=$(dirname "$OUT")/distbench
g++ -O3 -march=native -std=c++17 -pthread \
    -I"$HS/include" -I"$HS/build/release/generated/include" \
    -o "$DIST" "$HERE/distbench.cpp" "$OMPH/wrap_omp.o" "$PEERS/build/omp/libompeval.a" \
    "$HS/build/release/libhandstat.a" -lgmp -fopenmp
echo "built $OUT and $DIST against $HS/build/release/libhandstat.a of $(stat -c '%y' "$HS/build/release/libhandstat.a") (HEAD $(git -C "$HS" rev-parse --short HEAD 2>/dev/null || echo '?'), $(git -C "$HS" status --porcelain --untracked-files=no 2>/dev/null | wc -l) files modified)"
