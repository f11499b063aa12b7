#!/usr/bin/env bash
# Install what handstat needs (Debian, as root), build the release preset and run the main job:
# regenerate the datasets in results/. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

# python3-setuptools .. python3-pip: pip install --no-build-isolation . and the wheel (test_wheel);
# libmicrohttpd and jansson: handstat serve (HTTP, JSON); chromium, its driver and selenium: the
# web app's browser test (test_serve_browser, which skips without them).
packages=(build-essential cmake pkg-config libgmp-dev libcmocka-dev libjemalloc-dev
          libbenchmark-dev help2man man-db python3 python3-numpy python3-pandas python3-pytest
          python3-matplotlib python3-setuptools python3-build python3-wheel python3-venv
          python3-pip libmicrohttpd-dev libjansson-dev chromium chromium-driver python3-selenium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

cmake --preset release ${HS_CMAKE_ARGS:-}
cmake --build --preset release
cmake --build --preset release --target results
