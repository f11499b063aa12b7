#!/usr/bin/env bash
# The web server in its own executable: handstat links none of its libraries (libmicrohttpd,
# jansson, GnuTLS), `handstat serve` runs handstat-serve from handstat's directory, and a handstat
# without it beside says so (exit 3) instead of failing obscurely.
#   tests/check_serve_room.sh BUILD/handstat
set -euo pipefail
cli=$1
dir=$(dirname "$cli")
fail() { echo "FAIL: $*"; exit 1; }

libs=$(ldd "$cli")
if grep -E "microhttpd|jansson|gnutls" <<<"$libs"; then
  fail "handstat links the web server's libraries"
fi
echo "ok: handstat loads $(grep -c "=>" <<<"$libs") shared libraries, none of the server's"
# the process itself, once started: what the dynamic linker actually mapped
maps=$(LD_DEBUG=libs "$cli" --version 2>&1 >/dev/null | grep "calling init" || true)
[ -n "$maps" ] || fail "LD_DEBUG=libs printed no 'calling init' line"
if grep -E "microhttpd|jansson|gnutls" <<<"$maps"; then fail "handstat --version loaded them"; fi
echo "ok: handstat --version initialises $(wc -l <<<"$maps") libraries, none of the server's"

serve_libs=$(ldd "$dir/handstat-serve")
grep -q microhttpd <<<"$serve_libs" || fail "handstat-serve does not link libmicrohttpd"
out=$("$cli" serve --help)
grep -q "usage: handstat serve" <<<"$out" || fail "handstat serve --help: $out"
echo "ok: handstat serve --help runs handstat-serve"
set +e
out=$("$cli" serve --port 70000 2>&1)
rc=$?
set -e
[ "$rc" = 2 ] || fail "handstat serve --port 70000: exit $rc, want 2 ($out)"
grep -q "^handstat serve: --port takes a whole number" <<<"$out" || fail "message: $out"
echo "ok: handstat serve's errors pass through (exit 2, named as handstat serve)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$cli" "$tmp/handstat"
set +e
out=$("$tmp/handstat" serve --help 2>&1)
rc=$?
set -e
[ "$rc" = 3 ] || fail "without handstat-serve: exit $rc, want 3 ($out)"
grep -q "handstat-serve is missing" <<<"$out" || fail "without handstat-serve: '$out'"
echo "ok: without handstat-serve beside it: exit 3, '$out'"
