#!/usr/bin/env bash
# The `results` test: regenerate every committed results/*.csv and results/plots/*.svg into a
# scratch folder and compare byte for byte. Usage: scripts/check-results.sh HANDSTAT
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
bash "$here/scripts/results.sh" "$1" "$scratch" 2>/dev/null
status=0
cd "$here/results"
for name in *.csv plots/*.svg; do
  committed=$here/results/$name
  if [ ! -f "$scratch/$name" ]; then
    echo "results/$name: no command makes it"; status=1
  elif ! cmp -s "$committed" "$scratch/$name"; then
    echo "results/$name: differs from what the code makes now"; status=1
  fi
done
cd "$scratch"
for made in *.csv plots/*.svg; do
  [ -f "$here/results/$made" ] || { echo "results/$made is not committed"; status=1; }
done
[ "$status" -eq 0 ] && echo "$(ls "$scratch"/*.csv "$scratch"/plots/*.svg | wc -l) result files reproduced exactly"
exit "$status"
