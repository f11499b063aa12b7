#!/usr/bin/env bash
# handstat-mpi against handstat, on this machine (ctest label mpi; Open MPI's mpirun):
#  1. the long jobs (crib deals, poker matchups, holdem preflop3 on a few classes; crib peg-table
#     on 3 ranks of one thread) on 2 and 3 ranks at 1 and 2 threads write what handstat writes,
#     byte for byte: every output file (and nothing else), and standard output; the summary comes
#     once;
#  2. the checkpoint checks and the errors only rank 0 sees give handstat's exit status on every
#     rank (and nobody waits for ever);
#  3. a worker rank killed (-9) in the middle of holdem preflop3 on 33 classes: mpirun fails, the
#     checkpoint is kept and nothing is written; --resume on 2 ranks, and with plain handstat on a
#     copy, both write what an uninterrupted run writes; SIGINT to rank 0 alone stops every rank
#     with 130; handstat's own checkpoint resumes on 2 ranks.
# usage: mpi_check.sh HANDSTAT HANDSTAT_MPI [MPIRUN]
set -euo pipefail
hs=$(realpath "$1")
hsmpi=$(realpath "$2")
mpirun=${3:-mpirun}
# Open MPI refuses to run as root without these (CI runs as root).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# In every rank's environment, so that the kill test finds this run's ranks and no one else's.
export HS_MPI_CHECK_TAG="mpi_check_$$"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$SECONDS

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# mpi N ARGS...: handstat-mpi ARGS on N ranks of this machine, rank 0 in the current folder and
# the others in a folder of their own ($elsewhere), which must stay empty: the workers write no
# file (a relative output path would land there). --bind-to none: Open MPI binds each of two ranks
# to one core, which would leave a rank's second thread no core of its own.
elsewhere=$work/elsewhere
mkdir "$elsewhere"
mpi() {
    local n=$1 rc=0
    shift
    timeout 300 "$mpirun" --oversubscribe --bind-to none -x HS_MPI_CHECK_TAG \
        -n 1 -wdir "$PWD" "$hsmpi" "$@" : -n $((n - 1)) -wdir "$elsewhere" "$hsmpi" "$@" || rc=$?
    [ -z "$(ls -A "$elsewhere")" ] || fail "the workers wrote $(ls -A "$elsewhere" | tr '\n' ' ')"
    return "$rc"
}

# The files of a folder, one per line (hidden ones too: a temporary left behind is an error).
listing() {
    (cd "$1" && ls -A)
}

# same_files A B WHAT: folders A and B hold the same files with the same bytes.
same_files() {
    [ "$(listing "$1")" = "$(listing "$2")" ] ||
        fail "$3: files $(listing "$2" | tr '\n' ' ')instead of $(listing "$1" | tr '\n' ' ')"
    local f
    for f in $(listing "$1"); do
        cmp "$1/$f" "$2/$f" || fail "$3: $f differs from handstat's"
    done
}

# compare N THREADS ARGS...: handstat ARGS --threads THREADS and handstat-mpi on N ranks, each in
# a folder of its own, write the same files and the same standard output, exit 0, and the MPI
# run's summary (its line "GAME COMMAND: ...") is printed once, by rank 0.
runs=0
compare() {
    local n=$1 t=$2
    shift 2
    runs=$((runs + 1))
    local key ref got=$work/mpi$runs
    key=$(printf '%s_' "$@" "$t" | tr -c 'A-Za-z0-9_' '_')
    ref=$work/ref_$key
    if [ ! -d "$ref" ]; then
        mkdir "$ref"
        (cd "$ref" && "$hs" "$@" --threads "$t" >"$ref.out" 2>"$ref.err") ||
            fail "handstat $* --threads $t: exit $?"
    fi
    mkdir "$got"
    local rc=0
    (cd "$got" && mpi "$n" "$@" --threads "$t" >"$got.out" 2>"$got.err") || rc=$?
    [ "$rc" = 0 ] || { cat "$got.err" >&2; fail "handstat-mpi $* --threads $t on $n ranks: exit $rc"; }
    same_files "$ref" "$got" "$* --threads $t on $n ranks"
    cmp "$ref.out" "$got.out" || fail "$* --threads $t on $n ranks: standard output differs"
    [ "$(grep -c "^$1 $2: " "$got.err")" = 1 ] ||
        { cat "$got.err" >&2; fail "$* on $n ranks: the summary not exactly once"; }
    echo "ok: $* --threads $t on $n ranks ($((SECONDS - start)) s)"
}

# expect_status WANT WHAT CMD...: CMD exits WANT.
expect_status() {
    local want=$1 what=$2 rc=0
    shift 2
    "$@" >"$work/last.out" 2>"$work/last.err" || rc=$?
    [ "$rc" = "$want" ] || { cat "$work/last.err" >&2; fail "$what: exit $rc, not $want"; }
    echo "ok: $what: exit $rc"
}

# ---- 1. byte for byte ----------------------------------------------------------------------------
for t in 1 2; do
    for n in 3 2; do
        compare "$n" "$t" crib deals -o hand.csv --combined combined.csv --patterns patterns.csv
        compare "$n" "$t" poker matchups -o matchups.csv
    done
done
# crib peg-table (about 2 s of one thread)
compare 3 1 crib peg-table -o peg.csv --patterns patterns.csv
# standard output as the destination
compare 3 2 crib deals --patterns patterns.csv
compare 3 1 poker matchups

# holdem preflop3 on a few classes (its units are the whole table's 8,404 board groups; under a
# second here), like the others.
preflop3_args=(holdem preflop3 --classes AA,KK,QQ,AKs,72o,T9s -o preflop3.csv)
check_preflop3() {
    if ! "$hs" holdem preflop3 --help >/dev/null 2>&1; then
        echo "skip: holdem preflop3 is not in this handstat"
        return 0
    fi
    local t n
    for t in 1 2; do
        for n in 3 2; do
            compare "$n" "$t" "${preflop3_args[@]}"
        done
    done
}
check_preflop3

# ---- 2. statuses -----------------------------------------------------------------------------------
d=$work/status
mkdir "$d"
cd "$d"
echo "not a checkpoint" >m.ckpt
expect_status 2 "handstat: an existing checkpoint without --resume" \
    "$hs" poker matchups -o m.csv
expect_status 2 "handstat-mpi: an existing checkpoint without --resume" \
    mpi 3 poker matchups -o m.csv
[ "$(cat m.ckpt)" = "not a checkpoint" ] || fail "the existing checkpoint was changed"
grep -q "add --resume" "$work/last.err" || fail "no message about the existing checkpoint"
[ "$(grep -c "add --resume" "$work/last.err")" = 1 ] || fail "the message came more than once"
expect_status 1 "handstat-mpi: --resume from a damaged checkpoint" \
    mpi 3 poker matchups -o m.csv --resume
rm m.ckpt
expect_status 1 "handstat-mpi: --resume without a checkpoint" mpi 2 poker matchups -o m.csv --resume
# an error only rank 0 sees (its output folder is missing; the workers write to /dev/null)
expect_status 3 "handstat-mpi: -o into a missing folder" mpi 3 crib deals -o missing/x.csv
expect_status 2 "handstat-mpi: an unknown option" mpi 3 crib deals --bogus
# the work done but the output lost: the finished counts are kept, and --resume only writes
expect_status 3 "handstat-mpi: the output device full" \
    mpi 3 poker matchups --checkpoint c.ckpt -o /dev/full
[ -e c.ckpt ] || fail "the finished counts were not kept"
expect_status 0 "handstat-mpi: --resume of a finished job" \
    mpi 3 poker matchups --checkpoint c.ckpt -o m.csv --resume
grep -q "with 304 of 304 units done" "$work/last.err" || fail "the finished job was not resumed"
"$hs" poker matchups -o "$work/matchups_ref.csv" 2>/dev/null || fail "handstat poker matchups"
cmp m.csv "$work/matchups_ref.csv" || fail "the finished job resumed: m.csv differs from handstat's"
rm m.csv
[ -z "$(listing "$d")" ] || fail "files left behind: $(listing "$d" | tr '\n' ' ')"
cd "$work"

# ---- 3. a worker killed, an interrupt, and --resume ---------------------------------------------
# holdem preflop3 on the 33 classes of results/holdem_preflop3_common.csv: about 26 s of work for
# one thread here (bench/scale.sh), so that two computing ranks of one thread are well into it
# when its first checkpoint is saved (5 s after the start). (crib peg-table served until it came
# down to about 2 s.)
job_args=(holdem preflop3 --classes
    AA,KK,QQ,JJ,TT,99,88,77,66,55,44,33,22,AKs,AQs,AJs,ATs,KQs,KJs,QJs,JTs,T9s,98s,87s,76s,AKo,AQo,AJo,KQo,KJo,QJo,A5s,65s
    -o p3.csv)
ref=$work/job_ref
mkdir "$ref"
(cd "$ref" && "$hs" "${job_args[@]}" --threads 2 2>/dev/null) || fail "handstat ${job_args[*]}"
echo "ok: handstat ${job_args[*]} ($((SECONDS - start)) s)"

# The pid of rank R of this script's handstat-mpi run (empty when none).
rank_pid() {
    local p
    for p in $(pgrep -x handstat-mpi); do
        if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$1" &&
            tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "HS_MPI_CHECK_TAG=$HS_MPI_CHECK_TAG"; then
            echo "$p"
            return 0
        fi
    done
}

# A worker killed with SIGKILL once the checkpoint exists.
k=$work/killed
mkdir "$k"
cd "$k"
mpi 3 "${job_args[@]}" --threads 1 >/dev/null 2>"$work/killed.err" &
job=$!
for _ in $(seq 600); do
    [ -e p3.ckpt ] && break
    kill -0 "$job" 2>/dev/null || fail "the job ended before its first checkpoint: too short here"
    sleep 0.1
done
[ -e p3.ckpt ] || fail "no checkpoint after 60 s"
victim=$(rank_pid 1)
[ -n "$victim" ] || fail "rank 1 not found"
kill -9 "$victim"
rc=0
wait "$job" || rc=$?
[ "$rc" != 0 ] || fail "mpirun succeeded although rank 1 was killed"
[ "$(listing "$k")" = "p3.ckpt" ] ||
    fail "after the kill: $(listing "$k" | tr '\n' ' ')(want p3.ckpt alone)"
[ -z "$(listing "$elsewhere")" ] || fail "the workers wrote $(listing "$elsewhere" | tr '\n' ' ')"
echo "ok: rank 1 killed: mpirun exit $rc, the checkpoint kept, nothing written ($((SECONDS - start)) s)"
cp -r "$k" "$work/killed_copy"
mpi 2 "${job_args[@]}" --threads 2 --resume 2>"$work/resume.err" ||
    { cat "$work/resume.err" >&2; fail "--resume on 2 ranks"; }
grep -q "resuming from 'p3.ckpt'" "$work/resume.err" || fail "--resume on 2 ranks did not resume"
same_files "$ref" "$k" "${job_args[*]} resumed on 2 ranks"
echo "ok: --resume on 2 ranks writes what handstat writes ($((SECONDS - start)) s)"
cd "$work/killed_copy"
"$hs" "${job_args[@]}" --threads 2 --resume 2>/dev/null || fail "--resume with handstat"
same_files "$ref" "$work/killed_copy" "${job_args[*]} resumed by handstat"
echo "ok: --resume with handstat writes the same ($((SECONDS - start)) s)"

# SIGINT to rank 0 alone: it stops the workers, saves, and every rank exits 130.
i=$work/interrupted
mkdir "$i"
cd "$i"
mpi 3 "${job_args[@]}" --threads 1 >/dev/null 2>"$work/interrupted.err" &
job=$!
root=""
for _ in $(seq 100); do
    root=$(rank_pid 0)
    [ -n "$root" ] && break
    sleep 0.1
done
[ -n "$root" ] || fail "rank 0 not found"
sleep 2 # into the work (SIGINT is caught from the command's start)
kill -INT "$root"
rc=0
wait "$job" || rc=$?
[ "$rc" = 130 ] || { cat "$work/interrupted.err" >&2; fail "SIGINT to rank 0: exit $rc, not 130"; }
[ "$(listing "$i")" = "p3.ckpt" ] || fail "after SIGINT: $(listing "$i" | tr '\n' ' ')"
[ -z "$(listing "$elsewhere")" ] || fail "the workers wrote $(listing "$elsewhere" | tr '\n' ' ')"
grep -q "interrupted with" "$work/interrupted.err" || fail "no message after SIGINT"
mpi 3 "${job_args[@]}" --threads 1 --resume 2>/dev/null || fail "--resume on 3 ranks after SIGINT"
same_files "$ref" "$i" "${job_args[*]} interrupted and resumed on 3 ranks"
echo "ok: SIGINT to rank 0: exit 130, resumed on 3 ranks to the same files ($((SECONDS - start)) s)"

# handstat's own checkpoint, resumed on 2 ranks.
h=$work/handstat_interrupted
mkdir "$h"
cd "$h"
"$hs" "${job_args[@]}" --threads 1 2>/dev/null &
job=$!
sleep 2
kill -INT "$job"
rc=0
wait "$job" || rc=$?
[ "$rc" = 130 ] || fail "handstat after SIGINT: exit $rc, not 130"
mpi 2 "${job_args[@]}" --threads 2 --resume 2>/dev/null ||
    fail "--resume on 2 ranks of handstat's checkpoint"
same_files "$ref" "$h" "${job_args[*]} interrupted in handstat and resumed on 2 ranks"
echo "ok: handstat's checkpoint resumed on 2 ranks to the same files ($((SECONDS - start)) s)"
echo "mpi_check: all passed in $((SECONDS - start)) s"
