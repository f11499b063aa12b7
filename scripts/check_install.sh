#!/usr/bin/env bash
# Install a build into a temporary prefix and use it as a user would: the examples built against
# it by find_package and by pkg-config, the shared library's exported symbols (hs_* only), the man
# page rendered by man -l, the bash completion, and the Python package's tests with Debian's
# python3. Usage: scripts/check_install.sh BUILD_DIR   (run by ctest as test_install)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(dirname "$(find "$prefix" -name 'libhandstat.so' | head -1)")
[ -n "$libdir" ] || { echo "no libhandstat.so installed"; exit 1; }

expect() { # expect "what" "wanted substring" command...
  local what=$1 want=$2; shift 2
  local got; got=$("$@" 2>&1) || { echo "$what: failed: $got"; exit 1; }
  case $got in *"$want"*) echo "ok: $what";; *) echo "$what: got '$got', want '$want'"; exit 1;; esac
}

# find_package(handstat CONFIG): handstat::handstat, the static library of the default build or
# the shared one of a BUILD_SHARED_LIBS=ON build
cmake -S "$src/examples" -B "$work/ex" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  >/dev/null
cmake --build "$work/ex" >/dev/null
kind=static
if ldd "$work/ex/score_hand" | grep -q libhandstat; then kind=shared; fi
echo "find_package: handstat::handstat is the $kind library"
expect "find_package: score_hand" "total 29" "$work/ex/score_hand" 5H 5D 5S JC 5C
expect "find_package: equity" "AhAd 0.812555 (1388072 wins" "$work/ex/equity" AhAd KsKc

# pkg-config, linking libhandstat.so
export PKG_CONFIG_PATH=$libdir/pkgconfig
cc -o "$work/score_hand_pc" "$src/examples/score_hand.c" $(pkg-config --cflags --libs handstat)
expect "pkg-config: version" "0." pkg-config --modversion handstat
expect "pkg-config: score_hand" "total 29" env LD_LIBRARY_PATH="$libdir" "$work/score_hand_pc" \
  5H 5D 5S JC 5C
expect "SONAME" "SONAME               libhandstat.so.0" objdump -p "$libdir/libhandstat.so"

# only hs_* symbols exported
others=$(nm -D --defined-only "$libdir/libhandstat.so" | awk '{print $3}' | grep -v '^hs_' || true)
[ -z "$others" ] || { echo "libhandstat.so exports symbols outside hs_*: $others"; exit 1; }
echo "ok: nm -D shows only hs_* symbols ($(nm -D --defined-only "$libdir/libhandstat.so" | wc -l))"

# the web app, its own executable beside handstat; handstat itself loads none of its libraries
expect "handstat serve --help (runs handstat-serve)" "usage: handstat serve" "$prefix/bin/handstat" serve --help
if ldd "$prefix/bin/handstat" | grep -E "microhttpd|jansson|gnutls"; then
  echo "handstat links the web server's libraries"; exit 1
fi
echo "ok: handstat loads no libmicrohttpd, jansson or GnuTLS"

# the man page
page=$prefix/share/man/man1/handstat.1
if [ -f "$page" ]; then
  if command -v man >/dev/null; then
    expect "man -l handstat.1" "crib score" env MANWIDTH=100 MANPAGER=cat man -l "$page"
  else
    echo "skip: man is not installed (apt-get install man-db)"
  fi
else
  echo "skip: no man page (help2man was not found at configure time)"
fi

# bash completion: games, commands, options
comp=$prefix/share/bash-completion/completions/handstat
[ -f "$comp" ] || { echo "no bash completion installed"; exit 1; }
complete_words() { # the completions of the words given (the last one being completed)
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _handstat; echo "${COMPREPLY[*]}"' \
    _ "$comp" "$@"
}
expect "completion: games" "omaha" complete_words "$prefix/bin/handstat" om
expect "completion: commands" "equity" complete_words "$prefix/bin/handstat" omaha eq
expect "completion: options" "--hilo" complete_words "$prefix/bin/handstat" omaha equity --hi
expect "completion: serve" "serve" complete_words "$prefix/bin/handstat" ser
expect "completion: serve's options" "--max-seconds" complete_words "$prefix/bin/handstat" serve --max-s
expect "completion: bench" "bench" complete_words "$prefix/bin/handstat" ben
expect "completion: bench's options" "--quick" complete_words "$prefix/bin/handstat" bench --qu

# the Python package, as installed
pydir=$prefix/lib/python3/dist-packages
if [ -d "$pydir/handstat" ]; then
  py=/usr/bin/python3
  if $py -c 'import numpy, pandas, pytest' 2>/dev/null; then
    # against the installed CLI too; the slow tests ran in test_python against the same code
    (cd "$work" && PYTHONPATH="$pydir" HANDSTAT_CLI="$prefix/bin/handstat" \
      $py -m pytest -q -p no:cacheprovider -m "not slow" "$src/python/tests")
  else
    echo "skip: Debian's python3-numpy, python3-pandas and python3-pytest are needed"
  fi
fi
echo "install check passed"
