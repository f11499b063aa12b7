#!/usr/bin/env bash
# The `results` test: regenerate every committed results/*.csv into a scratch folder and compare
# byte for byte. Usage: scripts/check-results.sh HANDSTAT
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
bash "$here/scripts/results.sh" "$1" "$scratch" 2>/dev/null
status=0
for committed in "$here"/results/*.csv; do
  name=$(basename "$committed")
  if [ ! -f "$scratch/$name" ]; then
    echo "results/$name: no command makes it"; status=1
  elif ! cmp -s "$committed" "$scratch/$name"; then
    echo "results/$name: differs from what the code makes now"; status=1
  fi
done
for made in "$scratch"/*.csv; do
  [ -f "$here/results/$(basename "$made")" ] || { echo "results/$(basename "$made") is not committed"; status=1; }
done
[ "$status" -eq 0 ] && echo "$(ls "$scratch"/*.csv | wc -l) result files reproduced exactly"
exit "$status"
