#!/usr/bin/env bash
# Whole-process timing of the eight equity cases of handstat issue #11, one thread each:
#   $HS/build/release/handstat holdem equity ... --threads 1   against
#   $OMPH/ompequity --threads 1 ...                           (ranges written without "X-Y")
# with hyperfine -N -w 3 -r 15 (override: WARMUP, RUNS), JSON under $OUTDIR, and a table of
# median times and ratios (OMPEval / handstat; < 1: OMPEval faster).
#   HS=/path/to/handstat bash whole.sh [CASES...]   e.g. whole.sh 1-6 8   or   whole.sh 1-6,8
# CASES default: 1-8. HS default: this repository (its release preset must be built).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
HS=${HS:-$(cd "$HERE/../.." && pwd)}
PEERS=${PEERS:-/tmp/peers}
OMPH=${OMPH:-$PEERS/build/harness} # the OMPEval wrapper object and ompequity (run_all.sh build)
WARMUP=${WARMUP:-3}
RUNS=${RUNS:-15}
OUTDIR=${OUTDIR:-$HS/build/peers/whole_json}
HSCLI=$HS/build/release/handstat
OMP=$OMPH/ompequity
for f in "$HSCLI" "$OMP"; do [ -x "$f" ] || { echo "whole.sh: missing $f" >&2; exit 1; }; done
command -v hyperfine >/dev/null || { echo "whole.sh: hyperfine not found" >&2; exit 1; }

# case number -> name | handstat arguments | ompequity arguments
declare -A NAME HSARGS OMPARGS
NAME[1]=AhAd_KsKc;               HSARGS[1]="AhAd KsKc";                            OMPARGS[1]="AhAd KsKc"
NAME[2]=AKs_QQ;                  HSARGS[2]="AKs QQ";                               OMPARGS[2]="AKs QQ"
NAME[3]=3way;                    HSARGS[3]="AhKh QsQd 7c6c";                       OMPARGS[3]="AhKh QsQd 7c6c"
NAME[4]=6way_preflop;            HSARGS[4]="AhKh QsQd 7c6c JdTd 9s9c 5h5d";        OMPARGS[4]="AhKh QsQd 7c6c JdTd 9s9c 5h5d"
NAME[5]=6way_flop_ranges;        HSARGS[5]="AKs QQ JTs 99 76s 55 --board 2h7hTc";  OMPARGS[5]="--board 2h7hTc AKs QQ JTs 99 76s 55"
NAME[6]=QQp_AKs_vs_JJ99_AQsp;    HSARGS[6]="QQ+,AKs JJ-99,AQs+";                   OMPARGS[6]="QQ,KK,AA,AKs JJ,TT,99,AQs,AKs"
NAME[7]=random_AA;               HSARGS[7]="random AA";                            OMPARGS[7]="random AA"
NAME[8]=KKp_AK_vs_QQTT_KQs_flop; HSARGS[8]="KK+,AK QQ-TT,KQs --board Kh7d2c";      OMPARGS[8]="--board Kh7d2c AA,KK,AKs,AKo QQ,JJ,TT,KQs"

# the case list: arguments like 3, 1-6, 1-6,8
cases=()
for arg in "${@:-1-8}"; do
    IFS=, read -ra parts <<<"$arg"
    for p in "${parts[@]}"; do
        if [[ $p =~ ^([1-8])-([1-8])$ ]]; then
            for ((i = BASH_REMATCH[1]; i <= BASH_REMATCH[2]; i++)); do cases+=("$i"); done
        elif [[ $p =~ ^[1-8]$ ]]; then
            cases+=("$p")
        else
            echo "whole.sh: bad case '$p' (1..8, ranges like 1-6)" >&2; exit 2
        fi
    done
done

mkdir -p "$OUTDIR"
stamp0=$(stat -c '%y' "$HSCLI")
echo "whole.sh: handstat binary $HSCLI built $stamp0"
echo "whole.sh: handstat $HS ($(git -C "$HS" rev-parse --short HEAD 2>/dev/null || echo '?')), hyperfine -N -w $WARMUP -r $RUNS, cases ${cases[*]}"
for c in "${cases[@]}"; do
    hs_cmd="$HSCLI holdem equity ${HSARGS[$c]} --threads 1"
    omp_cmd="$OMP --threads 1 ${OMPARGS[$c]}"
    echo; echo "[$c ${NAME[$c]}]"
    hyperfine -N -w "$WARMUP" -r "$RUNS" --style basic --export-json "$OUTDIR/case$c.json" \
        -n handstat "$hs_cmd" -n ompeval "$omp_cmd"
done

stamp1=$(stat -c '%y' "$HSCLI")
if [ "$stamp1" != "$stamp0" ]; then
    echo "whole.sh: WARNING: $HSCLI was rebuilt during the run ($stamp0 -> $stamp1): discard these times" >&2
fi
echo
echo "whole process, 1 thread, wall ms, medians of $RUNS runs; ratio = OMPEval / handstat"
python3 - "$OUTDIR" "${cases[@]}" <<'PY'
import json, statistics, sys
outdir, cases = sys.argv[1], sys.argv[2:]
names = {"1": "AhAd_KsKc", "2": "AKs_QQ", "3": "3way", "4": "6way_preflop",
         "5": "6way_flop_ranges", "6": "QQp_AKs_vs_JJ99_AQsp", "7": "random_AA",
         "8": "KKp_AK_vs_QQTT_KQs_flop"}
print(f"{'case':<4} {'name':<26} {'handstat ms':>12} {'OMPEval ms':>12} {'ratio':>8}")
for c in cases:
    res = {r["command"]: r for r in json.load(open(f"{outdir}/case{c}.json"))["results"]}
    h = 1e3 * statistics.median(res["handstat"]["times"])
    o = 1e3 * statistics.median(res["ompeval"]["times"])
    print(f"{c:<4} {names[c]:<26} {h:12.3f} {o:12.3f} {o / h:8.3f}")
PY
