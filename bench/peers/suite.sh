#!/usr/bin/env bash
# The peers suite: handstat against the public seven-card evaluators, one command.
#   bash bench/peers/suite.sh [ROUNDS]          (default 11; QUICK=1: 3 rounds)
# Fetches each peer's source outside the repository (from a local mirror under $MIRROR when there,
# else `git clone` from GitHub), builds it under $PEERS/build, builds the harness (suite.cpp,
# suite_peers.cpp, ranking_omp.cpp, binary/main.rs), checks every peer's answers against
# handstat's (stops on a difference), times the workloads in alternating rounds, and writes the
# report: $OUT/suite.md (table: medians and ratios of pairs), $OUT/suite.svg (bar chart),
# $OUT/suite.tsv (every run). See bench/peers/README.md.
# Environment: HS (this tree, its release build made), PEERS (/tmp/peers), MIRROR (/work/.mirror),
# OUT ($HS/build/peers/suite), ROUNDS, ISAS (the forced dispatch paths to run handstat's entries
# under besides the default, "scalar avx2 avx512"), CARGO (cargo).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
HS=${HS:-$(cd "$HERE/../.." && pwd)}
PEERS=${PEERS:-/tmp/peers}
MIRROR=${MIRROR:-/work/.mirror}
OUT=${OUT:-$HS/build/peers/suite}
ROUNDS=${1:-${ROUNDS:-11}}
[ "${QUICK:-0}" = 1 ] && ROUNDS=3
CARGO=${CARGO:-cargo}
B=$PEERS/build
CXXF="-O3 -march=native"
mkdir -p "$PEERS" "$B" "$OUT"
say() { printf '\n== %s\n' "$*"; }

# ---- sources -----------------------------------------------------------------------------------
# owner/name -> $PEERS/src_name, file by file (a mirror may lack its largest blobs, e.g.
# PokerHandEvaluator's Omaha tables, which nothing here needs); the commit goes to sources.txt.
extract_one() {
    local repo=$1 name=${1#*/} git=$MIRROR/${1/\//+}/repo dest=$PEERS/src_${1#*/}
    if [ ! -d "$dest" ]; then
        if [ ! -d "$git" ]; then
            git clone --quiet "https://github.com/$repo" "$PEERS/clone_$name"
            git="$PEERS/clone_$name/.git"
        fi
        mkdir -p "$dest"
        git --git-dir="$git" ls-tree -r HEAD | while read -r _ type obj path; do
            [ "$type" = blob ] || continue
            mkdir -p "$dest/$(dirname "$path")"
            git --git-dir="$git" cat-file blob "$obj" >"$dest/$path" 2>/dev/null || rm -f "$dest/$path"
        done
        git --git-dir="$git" log -1 --format="%H %cs" >"$dest/.commit"
    fi
    echo "$repo $(cat "$dest/.commit" 2>/dev/null || echo '(commit unknown)') $dest"
}
say "sources (outside the repository, in $PEERS)"
for r in zekyll/OMPEval HenryRLee/PokerHandEvaluator kennethshackleton/SKPokerEval \
    christophschmalhofer/poker b-inary/holdem-hand-evaluator; do
    extract_one "$r"
done | tee "$OUT/sources.txt"

# ---- peers -------------------------------------------------------------------------------------
say "build the peers ($CXXF; Rust: cargo --release as the crate's profile says)"
[ -f "$HS/build/release/libhandstat.a" ] || { echo "suite.sh: build handstat first (cmake --preset release && cmake --build build/release)" >&2; exit 3; }
if [ ! -f "$B/omp/libompeval.a" ]; then
    # OMPEval (2016) needs <functional> and constexpr min()/max() on its generator for GCC 12+.
    sed -i 's/^    static uint64_t min()/    static constexpr uint64_t min()/; s/^    static uint64_t max()/    static constexpr uint64_t max()/' \
        "$PEERS/src_OMPEval/omp/Random.h"
    mkdir -p "$B/omp" && (cd "$B/omp" && for f in "$PEERS"/src_OMPEval/omp/*.cpp; do
        g++ $CXXF -std=c++11 -pthread -include functional -c "$f" -o "$(basename "$f" .cpp).o"; done &&
        ar rcs libompeval.a ./*.o)
fi
if [ ! -f "$B/phe/libpheval.a" ]; then
    S=$PEERS/src_PokerHandEvaluator/cpp
    mkdir -p "$B/phe" && (cd "$B/phe" && for f in evaluator7.c hashtable7.c hash.c hashtable.c dptables.c \
        evaluator5.c hashtable5.c evaluator6.c hashtable6.c rank.c 7462.c tables_bitwise.c; do
        gcc $CXXF -std=c99 -I"$S/include" -c "$S/src/$f" -o "$f.o"; done && ar rcs libpheval.a ./*.o)
fi
if [ ! -s "$B/2p2/HandRanks.dat" ]; then # the Two Plus Two table: its generator, about 10 s, 130 MB
    X=$PEERS/src_poker/XPokerEval
    mkdir -p "$B/2p2"
    g++ -O2 -std=c++11 -w -o "$B/2p2/generate_table" "$X/XPokerEval.TwoPlusTwo/generate_table.cpp" \
        "$X/XPokerEval.CactusKev.PerfectHash/pokerlib.cpp" "$X/XPokerEval.RNG/mtrand.cpp" "$X/util/Timer.cpp" &&
        (cd "$B/2p2" && ./generate_table >/dev/null) || echo "Two Plus Two: the generator failed; its entries are left out"
fi
# b-inary's evaluator: our bench program (binary/main.rs) as a crate of its own beside the
# fetched source; the crate needs no crates.io package (criterion is only a dev-dependency).
mkdir -p "$B/binary_bench"
cat >"$B/binary_bench/Cargo.toml" <<TOML
[package]
name = "binary_bench"
version = "0.0.0"
edition = "2018"
[[bin]]
name = "binary_bench"
path = "$HERE/binary/main.rs"
[dependencies]
holdem-hand-evaluator = { path = "$PEERS/src_holdem-hand-evaluator" }
[profile.release]
lto = "thin"
[workspace]
TOML
(cd "$B/binary_bench" && "$CARGO" build --release --offline --quiet)
BIN=$B/binary_bench/target/release/binary_bench

# ---- the harness -------------------------------------------------------------------------------
say "build the harness (handstat's side: -O3, no -march, as a user of the release library)"
H=$OUT/bin
mkdir -p "$H"
g++ $CXXF -std=c++17 -include functional -I"$PEERS/src_OMPEval" -c "$HERE/ranking_omp.cpp" -o "$H/ranking_omp.o"
g++ $CXXF -std=c++20 -I"$PEERS/src_SKPokerEval/src" -c "$HERE/suite_peers.cpp" -o "$H/suite_peers.o"
g++ -O3 -std=c++17 -I"$HS/include" -I"$HS/build/release/generated/include" -o "$H/suite" "$HERE/suite.cpp" \
    "$H/ranking_omp.o" "$H/suite_peers.o" "$B/omp/libompeval.a" "$B/phe/libpheval.a" \
    "$HS/build/release/libhandstat.a" -lgmp -fopenmp -pthread
export HANDRANKS=$B/2p2/HandRanks.dat
HANDS=$OUT/hands7.bin
[ -s "$HANDS" ] || "$H/suite" gen "$HANDS"

# ---- answers -----------------------------------------------------------------------------------
say "answers: every peer against handstat"
"$BIN" values "$HANDS" "$OUT/binary_values.bin"
CATS=$("$BIN" cats | sed -n 's/^CATS //p')
"$H/suite" verify "$HANDS" "$OUT/binary_values.bin" "$CATS" | tee "$OUT/verify.txt"

# ---- timing and report -------------------------------------------------------------------------
say "timing: $ROUNDS rounds, entries in turn (order rotated each round); load: $(cut -d' ' -f1-3 /proc/loadavg)"
{
    "$H/suite" info
    echo "rustc: $(rustc --version 2>/dev/null || echo unknown); b-inary built by cargo --release (lto thin, no target-cpu)"
    echo "peers (C/C++): $CXXF"
    echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$OUT/machine.txt"
python3 "$HERE/suite_run.py" --suite "$H/suite" --binary "$BIN" --hands "$HANDS" --rounds "$ROUNDS" \
    --isas "${ISAS-scalar avx2 avx512}" --out "$OUT"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/machine.txt"
python3 "$HERE/suite_report.py" "$OUT"
echo "report: $OUT/suite.md, $OUT/suite.svg"
