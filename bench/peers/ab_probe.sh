#!/bin/bash
# A probe, not part of the build: the one-call rankers of two builds of the library (OLD and NEW
# source trees, each with build/release/libhandstat.a built) and OMPEval in one process
# (ab_probe.c): from card ids, the state added card by card, masks, all at random (10 M hands),
# and every seven-card hand in nested loops. The old build's global symbols are renamed old_hs_*
# (objcopy on a copy of its library, and the same names defined for its part's compilation), so
# both link into one program. Needs OMPEval built by suite.sh.
#
#   bash bench/peers/ab_probe.sh OLD_TREE NEW_TREE [ROUNDS [NESTED 0|1]]
set -euo pipefail
OLD=$1 NEW=$2 ROUNDS=${3:-9} NESTED=${4:-1}
HERE=$(cd "$(dirname "$0")" && pwd)
P=${PEERS:-/tmp/peers}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
nm -g --defined-only "$OLD/build/release/libhandstat.a" 2>/dev/null | awk 'NF == 3 && $3 ~ /^hs_/ {print $3}' |
    sort -u >"$T/syms"
awk '{print $1, "old_" $1}' "$T/syms" >"$T/redefine"
# (hs_poker_rank7 and hs_poker_rank7_ids are macros of poker.h for their inline forms)
grep -vx 'hs_poker_rank7\|hs_poker_rank7_ids' "$T/syms" | awk '{print "#define", $1, "old_" $1}' >"$T/rename.h"
objcopy --redefine-syms="$T/redefine" "$OLD/build/release/libhandstat.a" "$T/libold.a"
CF="-O3 -std=gnu17 -fopenmp ${AB_CFLAGS:-}"
gcc $CF -include "$T/rename.h" -I"$OLD/include" -I"$OLD/build/release/include" -DAB_NAME=old \
    -c "$HERE/ab_part.c" -o "$T/old.o"
gcc $CF -I"$NEW/include" -I"$NEW/build/release/include" -DAB_NAME=new -c "$HERE/ab_part.c" -o "$T/new.o"
g++ -O3 -march=native -std=c++17 -include functional -I"$P/src_OMPEval" \
    -c "$HERE/ranking_omp.cpp" -o "$T/omp.o"
gcc $CF -c "$HERE/ab_probe.c" -o "$T/main.o"
g++ -fopenmp "$T/main.o" "$T/old.o" "$T/new.o" "$T/omp.o" "$P/build/omp/libompeval.a" \
    "$T/libold.a" "$NEW/build/release/libhandstat.a" -lgmp -lm -lpthread -o "$T/ab_probe"
echo "old: $(git -C "$OLD" log -1 --format='%h %s' | cut -c1-72)"
echo "new: $(git -C "$NEW" log -1 --format='%h %s' | cut -c1-72)$(git -C "$NEW" diff --quiet HEAD || echo ' (and changes)')"
uptime
"$T/ab_probe" "$ROUNDS" "$NESTED"
uptime
