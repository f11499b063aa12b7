#!/usr/bin/env bash
# The Python package as pip users get it, with Debian's packages only (no package index): the
# wheel built by `python3 -m build --no-isolation --wheel` from a copy of the source tree (its
# CMake build of libhandstat.so kept in BUILD_DIR/wheel-cmake, so a second run rebuilds only what
# changed), its contents checked, installed into a fresh venv (--system-site-packages: Debian's
# numpy, pandas and pytest) and python/tests run against the installed package, not PYTHONPATH;
# then the README's `pip install --no-build-isolation .` into another fresh venv.
# Usage: scripts/check_wheel.sh BUILD_DIR HANDSTAT_CLI   (run by ctest as test_wheel)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" && pwd)
cli=$2
py=/usr/bin/python3
for m in build setuptools wheel venv pip numpy pandas pytest; do
  $py -c "import $m" 2>/dev/null || {
    echo "python3 module $m missing: apt-get install python3-build python3-setuptools" \
         "python3-wheel python3-venv python3-pip python3-numpy python3-pandas python3-pytest"
    exit 1
  }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2}
export HANDSTAT_CMAKE_BUILD_DIR=$build/wheel-cmake
unset PYTHONPATH HANDSTAT_LIBRARY

# A copy of the tree (without builds, datasets and history), at a fixed place so that the CMake
# build folder stays valid; tar keeps the files' times, so make rebuilds only what changed.
copy=$build/wheel-src
rm -rf "$copy"
mkdir -p "$copy"
tar -C "$src" --exclude=./build --exclude=./.git --exclude=./results --exclude=./dist \
  --exclude='*.egg-info' --exclude=__pycache__ -cf - . | tar -C "$copy" -xf -

start=$(date +%s)
$py -m build --no-isolation --wheel --outdir "$work/dist" "$copy" >"$work/build.log" 2>&1 ||
  { tail -40 "$work/build.log"; exit 1; }
wheels=("$work"/dist/handstat-*.whl)
wheel=${wheels[0]}
echo "ok: built $(basename "$wheel") in $(($(date +%s) - start)) s"
case $(basename "$wheel") in
  handstat-*-py3-none-linux_*.whl) echo "ok: a platform wheel for any Python 3" ;;
  *) echo "not a py3-none-linux wheel: $wheel"; exit 1 ;;
esac
listing=$($py -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))' \
  "$wheel")
for f in handstat/__init__.py handstat/_lib.py handstat/py.typed handstat/libhandstat.so; do
  grep -qx "$f" <<<"$listing" || { echo "the wheel lacks $f"; exit 1; }
done
if grep -q '_paths.py' <<<"$listing"; then echo "the wheel holds _paths.py"; exit 1; fi
echo "ok: the wheel holds the modules, py.typed and libhandstat.so"

# Installed into a fresh venv: the package and its bundled library, nothing from the tree.
$py -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install --no-index --no-build-isolation -q "$wheel"
cd "$work"
"$work/venv/bin/python" - "$work/venv" <<'EOF'
import os, sys
import handstat
venv = os.path.realpath(sys.argv[1])
here = os.path.realpath(os.path.dirname(handstat.__file__))
assert here.startswith(venv), f"handstat imported from {here}, not the venv"
lib = os.path.realpath(handstat._lib.lib._name)
assert lib == os.path.join(here, "libhandstat.so"), f"loaded {lib}, not the bundled library"
print("ok: handstat", handstat.version(), "from", here, "with its own libhandstat.so")
EOF
HANDSTAT_CLI=$cli "$work/venv/bin/python" -m pytest -q -p no:cacheprovider -m "not slow" \
  "$src/python/tests"

# The README's command, from the (copied) source tree into another fresh venv.
$py -m venv --system-site-packages "$work/venv2"
(cd "$copy" && "$work/venv2/bin/pip" install --no-index --no-build-isolation -q .)
"$work/venv2/bin/python" -c 'import handstat; df = handstat.holdem_equity(["QQ+,AKs", "JJ-99,AQs+"]); assert str(df.loc[0, "equity_exact"]) == "53834531/73629072"; print("ok: pip install --no-build-isolation . works, handstat", handstat.version())'
echo "wheel check passed"
