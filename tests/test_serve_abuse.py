#!/usr/bin/env python3
"""handstat serve under abuse, from 127.0.0.1 (Python's standard library only): 200 idle
connections and 130 slow clients while a normal client is still answered, the slow clients cut
at the request deadline, a client that sends a byte after its request and closes (its job
cancelled within a second), malformed framing answered at once (501, 400), the request log
escaping every client byte, the security headers on the answers of the guard and of the size
limits, the Host check kept when bound to all addresses. About 20 s.

usage: test_serve_abuse.py PATH/TO/handstat
"""
import os
import re
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_serve_api as api  # noqa: E402  (its Server and check; argv[1] is the same)

check = api.check
REQUEST_SECONDS = 10  # SERVE_REQUEST_SECONDS (serve.h)


def raw(port, data, timeout=5.0):
    """(seconds, reply bytes) of `data` sent on a fresh connection, read until the server closes."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    t = time.time()
    s.sendall(data)
    out = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
    except (socket.timeout, ConnectionResetError):
        pass
    s.close()
    return time.time() - t, out


def status_of(reply):
    m = re.match(rb"HTTP/1\.1 (\d{3}) ", reply)
    return int(m.group(1)) if m else None


def headers_of(reply):
    head = reply.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")[1:]
    return {k.lower(): v.strip() for k, v in (line.split(":", 1) for line in head if ":" in line)}


def secure(reply):
    h = headers_of(reply)
    return ("default-src 'self'" in h.get("content-security-policy", "")
            and h.get("x-content-type-options") == "nosniff" and h.get("x-frame-options") == "DENY")


def normal_client(s, what):
    """A normal request, answered within 3 s: its time."""
    t = time.time()
    try:
        st, _, a = s.request("GET", "/api/commands", timeout=10)
    except OSError as e:
        st, a = None, e
    dt = time.time() - t
    check(st == 200 and dt < 3, f"{what}: a normal client answered {st} in {dt:.2f} s ({a if st != 200 else ''})")
    t = time.time()
    try:
        st, _, a = s.query("poker rank", {"hand": "AS KS QS JS TS"})
    except OSError as e:
        st, a = None, e
    check(st == 200, f"{what}: a normal query answered ({st} {a if st != 200 else ''})")
    return dt


def test_idle(s):
    socks = [socket.create_connection(("127.0.0.1", s.port)) for _ in range(200)]
    time.sleep(0.3)
    dt = normal_client(s, "200 idle connections")
    print(f"200 idle connections: a normal client answered in {dt * 1000:.0f} ms", flush=True)
    for x in socks:
        x.close()


def test_slow(s):
    """130 slowloris clients: the request line, then one header byte a second. A normal client
    is answered meanwhile; every slow client is closed by the deadline, answered 408 (or 503 when
    closed to make room)."""
    start = time.time()
    socks = []
    for _ in range(130):
        x = socket.create_connection(("127.0.0.1", s.port))
        x.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        x.setblocking(False)
        socks.append(x)
    replies = {x: b"" for x in socks}
    closed = {}
    served = []

    def drip():
        while socks and time.time() - start < REQUEST_SECONDS + 4:
            for x in list(socks):
                try:
                    while True:
                        chunk = x.recv(4096)
                        if not chunk:
                            raise ConnectionResetError
                        replies[x] += chunk
                except BlockingIOError:
                    try:
                        x.send(b"a")
                        continue
                    except OSError:
                        pass
                except OSError:
                    pass
                closed[x] = time.time() - start
                socks.remove(x)
            time.sleep(1)

    t = threading.Thread(target=drip)
    t.start()
    time.sleep(2.5)
    served.append(normal_client(s, "130 slow clients"))
    t.join()
    for x in socks:
        x.close()
    print(f"130 slow clients: a normal client answered in {served[0] * 1000:.0f} ms; "
          f"{len(closed)} closed by the server, the last after {max(closed.values(), default=0):.1f} s",
          flush=True)
    check(len(closed) == 130 and max(closed.values()) < REQUEST_SECONDS + 2.5,
          f"slow clients closed by the deadline: {len(closed)} of 130")
    statuses = {status_of(r) for r in replies.values()}
    check(statuses <= {408, 503} and 408 in statuses, f"slow clients answered 408/503: {statuses}")
    check(all(secure(r) for r in replies.values() if r), "the guard's answers carry the headers")


def test_byte_then_close(s):
    """A waiting query whose client sends one more byte and closes: its job cancelled < 1 s."""
    body = api.json.dumps(api.LONG).encode()
    x = socket.create_connection(("127.0.0.1", s.port))
    x.sendall(b"POST /api/query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
              b"\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
    job = None
    deadline = time.time() + 10
    while time.time() < deadline and job is None:
        _, _, lst = s.request("GET", "/api/jobs")
        job = next((j for j in lst["jobs"] if j["origin"] == "query" and j["status"] == "running"),
                   None)
        time.sleep(0.05)
    if not check(job is not None, "byte then close: the query's job runs"):
        return
    x.sendall(b"x")
    time.sleep(0.3)
    t0 = time.time()
    x.close()
    job = api.wait_status(s, job["id"], ["cancelled"], 5)
    dt = time.time() - t0
    check(job["status"] == "cancelled" and "went away" in job.get("error", "") and dt < 1,
          f"byte then close: job cancelled in {dt:.2f} s: {job}")
    print(f"byte then close: job cancelled in {dt:.2f} s", flush=True)


def test_framing(s):
    post = (b"POST /api/query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n")
    cases = [
        ("Transfer-Encoding: xyz", post + b"Transfer-Encoding: xyz\r\n\r\n{}", 501, 0.5),
        ("Transfer-Encoding: identity", post + b"Transfer-Encoding: identity\r\n\r\n{}", 501, 0.5),
        ("Transfer-Encoding twice",
         post + b"Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501,
         0.5),
        ("two Content-Lengths", post + b"Content-Length: 2\r\nContent-Length: 5\r\n\r\n{}", 400, 0.5),
        ("Content-Length and chunked",
         post + b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, 0.5),
        ("a request line starting with NUL", b"\x00GET / HTTP/1.1\r\n\r\n", 400, 2.5),
        ("a NUL line then a request", b"\x00\r\n\x00GET / HTTP/1.1\r\n", 400, 2.5),
    ]
    for what, data, code, limit in cases:
        dt, reply = raw(s.port, data)
        check(status_of(reply) == code and dt < limit,
              f"{what}: {status_of(reply)} (want {code}) in {dt:.2f} s: {reply[:120]!r}")
        check(secure(reply), f"{what}: the security headers")


def test_sizes(s):
    """Headers over 32 KiB and long paths: answered by the server (431, 414) with its headers."""
    for what, data, code in [
        ("40 KiB of headers",
         b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 40000 + b"\r\n\r\n", 431),
        ("a 20 KiB path", b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 414),
    ]:
        dt, reply = raw(s.port, data)
        check(status_of(reply) == code and secure(reply) and dt < 1,
              f"{what}: {status_of(reply)} (want {code}) with the security headers: {reply[:300]!r}")


def test_log(s):
    dt, reply = raw(s.port, b"G\x1b[31mET /\x1b]0;owned\x07 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    check(status_of(reply) in (400, 404, 405), f"escape bytes: answered {reply[:60]!r}")
    time.sleep(0.2)
    with open(s.log.name, "rb") as f:
        log = f.read()
    bad = sorted({b for b in log if (b < 0x20 and b != 0x0A) or b == 0x7F})
    check(not bad, f"the log has raw control bytes {bad}")
    check(b"G\\x1B[31mET" in log, "the log shows the method escaped")


def test_host_on_all():
    """--bind 0.0.0.0 keeps the Host check: the machine's name and addresses and --allow-host's
    names are answered, another site's name refused (421); the warning says so."""
    s = api.Server("--bind", "0.0.0.0", "--allow-host", "handstat.example,other.example")
    try:
        check("must name this machine's name or one of its addresses in Host" in s.stderr(),
              f"--bind 0.0.0.0 warns of the Host check: {s.stderr()}")
        for host, code in [(f"evil.example:{s.port}", 421), (f"127.0.0.1:{s.port}", 200),
                           (f"localhost:{s.port}", 200), (f"{socket.gethostname()}:{s.port}", 200),
                           (f"handstat.example:{s.port}", 200), ("other.example", 200),
                           (f"handstat.example:{s.port + 1}", 421)]:
            st, _, a = s.request("GET", "/api/commands", headers={"Host": host})
            check(st == code, f"--bind 0.0.0.0, Host {host}: {st} (want {code})")
    finally:
        s.stop()


def main():
    t0 = time.time()
    s = api.Server("--max-seconds", "60")
    try:
        test_framing(s)
        test_sizes(s)
        test_log(s)
        test_byte_then_close(s)
        test_idle(s)
        test_slow(s)
        normal_client(s, "after the abuse")
    finally:
        rc = s.stop()
    check(rc == 0, f"SIGINT: exit {rc}")
    test_host_on_all()
    print(f"{len(api.FAILURES)} failure(s), {time.time() - t0:.1f} s", flush=True)
    return 1 if api.FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
