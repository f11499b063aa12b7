#!/usr/bin/env bash
# The sampled vs-random table against 4 to 9 opponents with standard errors of about 1e-5:
# 4 x 10^9 deals per opponent count (seed 2, independent of the 10^8-deal table's seed 1), about
# 4 hours of one core with the rank-pair tally (made 2026-12-03/04 in about 3 hours of two cores,
# a session at a time; results/holdem_vs_random_sampled_4e9.csv.xz is the result). Each call
# resumes the run from its checkpoint (results/partial/holdem_vs_random_4e9.ckpt, committed
# between sessions), works for at most SECONDS (default 3000), and on SIGINT leaves the
# checkpoint with every finished unit in it. The run that finishes the last unit writes
# results/holdem_vs_random_sampled_4e9.csv.xz and removes the checkpoint. The checkpoint holds exact integer sums; it is bound to the build
# (the poker tables' hash and the version), so a change to either makes it unusable (exit 1).
# Usage: scripts/vs_random_long.sh [SECONDS [HANDSTAT]]; HS_LONG_SAMPLES overrides the deal
# count (for trying the script on a short run; it then writes beside, not in results/).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
budget=${1:-3000}
hs=${2:-$here/build/release/handstat}
samples=${HS_LONG_SAMPLES:-4000000000}
if [ -n "${HS_LONG_SAMPLES:-}" ]; then
  dir=${HS_LONG_DIR:-$(mktemp -d)}
  ckpt=$dir/try.ckpt out=$dir/try.csv.xz
else
  ckpt=$here/results/partial/holdem_vs_random_4e9.ckpt
  out=$here/results/holdem_vs_random_sampled_4e9.csv.xz
fi
csv=${out%.xz}.tmp.csv
mkdir -p "$(dirname "$ckpt")"
resume=()
[ -f "$ckpt" ] && resume=(--resume)
set +e
# SIGINT at the budget: handstat saves the checkpoint and exits 130
timeout -s INT "$budget" "$hs" holdem vs-random --samples "$samples" --seed 2 --opponents 4-9 \
  --checkpoint "$ckpt" "${resume[@]}" --no-progress -o "$csv"
rc=$?
set -e
if [ "$rc" -eq 130 ] || [ "$rc" -eq 124 ]; then
  echo "vs_random_long: stopped (at the ${budget} s budget or by an interrupt); the checkpoint $ckpt holds the finished units" >&2
  exit 0
fi
[ "$rc" -eq 0 ] || exit "$rc"
# single-threaded xz: the same bytes on every machine
xz -9 -T1 -c "$csv" > "$out.tmp"
rm -f "$csv"
mv "$out.tmp" "$out"
echo "vs_random_long: complete, $out" >&2
