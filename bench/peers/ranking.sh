#!/usr/bin/env bash
# Ranking hand by hand against OMPEval and the Two Plus Two table (ranking.cpp, ranking_omp.cpp),
# built against this tree's release build and run; the RESULT lines go to stdout.
#   bash bench/peers/ranking.sh [ROUNDS]      (default 9)
# Needs the peers built outside the repository by ../shared/peers/run_all.sh (stages extract
# build, PEERS=/tmp/peers): $PEERS/src_OMPEval and $PEERS/build/omp/libompeval.a (exit 3 and a
# message when they are not there), and for the Two Plus Two entries
# $PEERS/build/2p2/HandRanks.dat (those entries are left out without it).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
HS=${HS:-$(cd "$HERE/../.." && pwd)}
PEERS=${PEERS:-/tmp/peers}
OUT=${OUT:-$HS/build/peers}
for f in "$HS/build/release/libhandstat.a" "$PEERS/build/omp/libompeval.a" "$PEERS/src_OMPEval/omp/HandEvaluator.h"; do
    [ -f "$f" ] || { echo "ranking.sh: missing $f (build the peers first: see bench/peers/README.md)" >&2; exit 3; }
done
mkdir -p "$OUT"
# OMPEval as it builds itself (-O3 -march=native, its own file); handstat's side as a user of the
# release library would compile it (-O3, no -march: the library picks its kernels at run time).
g++ -O3 -march=native -std=c++17 -include functional -I"$PEERS/src_OMPEval" -c "$HERE/ranking_omp.cpp" -o "$OUT/ranking_omp.o"
g++ -O3 -std=c++17 -I"$HS/include" -I"$HS/build/release/generated/include" -o "$OUT/ranking" \
    "$HERE/ranking.cpp" "$OUT/ranking_omp.o" "$PEERS/build/omp/libompeval.a" \
    "$HS/build/release/libhandstat.a" -lgmp -fopenmp
HANDRANKS=$PEERS/build/2p2/HandRanks.dat "$OUT/ranking" "${1:-9}"
