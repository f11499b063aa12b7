#!/usr/bin/env bash
# crib peg-table before and after a change, in the same run: BEFORE and AFTER are two handstat
# binaries (for example one built from the main branch into another folder). Each runs the whole
# table with -o and --patterns at 1 and 2 threads, REPS times (default 3), alternating so that a
# change in the machine's load falls on both; every output is compared byte for byte with the
# first run of BEFORE at 1 thread. Prints the load, then key=value lines: each run's wall and CPU
# (user + system) seconds, the medians and the speed-ups (of wall time; on a loaded machine the
# CPU time is the steadier figure). Usage: bench/peg_before_after.sh BEFORE AFTER [REPS]
set -euo pipefail
before=$1
after=$2
reps=${3:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "load=$(cut -d' ' -f1-3 /proc/loadavg)"
declare -A times cpus
for t in 1 2; do
  for ((i = 1; i <= reps; i++)); do
    for which in before after; do
      bin=$before
      [ "$which" = after ] && bin=$after
      /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$bin" crib peg-table --threads "$t" --quiet \
        -o "$tmp/$which.csv" --patterns "$tmp/${which}_p.csv"
      read -r wall user sys <"$tmp/time"
      cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
      echo "${which}_t${t}_run${i}_wall=$wall ${which}_t${t}_run${i}_cpu=$cpu"
      times[$which,$t]="${times[$which,$t]:-} $wall"
      cpus[$which,$t]="${cpus[$which,$t]:-} $cpu"
      if [ ! -e "$tmp/ref.csv" ]; then
        cp "$tmp/$which.csv" "$tmp/ref.csv"
        cp "$tmp/${which}_p.csv" "$tmp/ref_p.csv"
      fi
      cmp -s "$tmp/ref.csv" "$tmp/$which.csv" && cmp -s "$tmp/ref_p.csv" "$tmp/${which}_p.csv" ||
        { echo "bench/peg_before_after.sh: $which at $t threads: output differs" >&2; exit 1; }
    done
  done
  # shellcheck disable=SC2086
  b=$(median ${times[before,$t]})
  # shellcheck disable=SC2086
  a=$(median ${times[after,$t]})
  # shellcheck disable=SC2086
  bc=$(median ${cpus[before,$t]})
  # shellcheck disable=SC2086
  ac=$(median ${cpus[after,$t]})
  echo "before_t${t}_median_wall=$b before_t${t}_median_cpu=$bc"
  echo "after_t${t}_median_wall=$a after_t${t}_median_cpu=$ac"
  echo "speedup_t${t}=$(awk -v b="$b" -v a="$a" 'BEGIN { printf "%.2f", b / a }')"
done
echo "identical=yes"
echo "load=$(cut -d' ' -f1-3 /proc/loadavg)"
