#!/usr/bin/env bash
# The MPI scale model (results/BENCHMARKS.md, "Across processes"): the three-way preflop table over
# the 33 classes of results/holdem_preflop3_common.csv (8,404 units), one OpenMP thread per rank,
# by plain handstat and by handstat-mpi with 1, 2 and 3 computing ranks (mpirun -n K+1: rank 0
# coordinates). This machine has 2 cores, so 3 computing ranks are oversubscribed: they show that
# the bytes agree, not speed. Each output is compared with handstat's byte for byte. Prints
# key=value lines for bench/report.py. Usage: bench/scale.sh HANDSTAT HANDSTAT_MPI
set -euo pipefail
hs=$1
mpi=$2
classes=AA,KK,QQ,JJ,TT,99,88,77,66,55,44,33,22,AKs,AQs,AJs,ATs,KQs,KJs,QJs,JTs,T9s,98s,87s,76s,AKo,AQo,AJo,KQo,KJo,QJo,A5s,65s
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }
t0=$(now)
"$hs" holdem preflop3 --classes "$classes" --threads 1 --quiet -o "$tmp/plain.csv"
t1=$(now)
echo "units=8404"
echo "plain_seconds=$(secs "$t0" "$t1")"
for k in 1 2 3; do
  t0=$(now)
  mpirun --oversubscribe -n $((k + 1)) "$mpi" holdem preflop3 --classes "$classes" --threads 1 \
    --quiet -o "$tmp/mpi$k.csv"
  t1=$(now)
  cmp -s "$tmp/plain.csv" "$tmp/mpi$k.csv" || { echo "bench/scale.sh: $k ranks: output differs" >&2; exit 1; }
  echo "ranks${k}_seconds=$(secs "$t0" "$t1")"
done
echo "identical=yes"
