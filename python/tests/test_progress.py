"""Progress callbacks and cancellation of the long calls: progress rises to its total, an exception
raised by the callback stops the C work at once and comes back to the caller, Ctrl-C (SIGINT)
stops a long call with KeyboardInterrupt within a second or two, and the library is still usable
afterwards."""

import os
import signal
import subprocess
import sys
import time

import pytest

import handstat


class Stop(Exception):
    pass


def test_progress_reaches_the_total():
    calls = []
    df = handstat.holdem_preflop3("AA,KK,QQ,JJ", progress=lambda d, t: calls.append((d, t)))
    assert len(df) == 16  # 20 triples of four classes less four of one pair class thrice
    assert calls, "no progress call"
    totals = {t for _, t in calls}
    assert len(totals) == 1 and calls[-1][0] == calls[-1][1]
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


@pytest.mark.parametrize("call", [
    lambda p: handstat.holdem_vs_random(progress=p),
    lambda p: handstat.holdem_equity(["random", "QQ+,AKs", "random"], board="Kh7d2c",
                                     progress=p),
    lambda p: handstat.holdem_hits("random", streets="river", progress=p),
    lambda p: handstat.holdem_equity(["random"] * 3, samples=10**10, progress=p),
], ids=["vs_random", "equity", "hits_rivers", "samples"])
def test_progress_exception_stops_the_call(call):
    # each of these runs for many seconds (a minute or more); the callback's exception stops it
    seen = []

    def progress(done, total):
        seen.append(done)
        raise Stop(done)

    start = time.monotonic()
    with pytest.raises(Stop):
        call(progress)
    assert time.monotonic() - start < 5
    assert len(seen) == 1
    # the library is fine afterwards
    assert handstat.holdem_equity(["AhAd", "KsKc"]).loc[0, "wins"] == 1388072


def test_progress_none_and_threads():
    a = handstat.crib_hist("crib", threads=1)
    b = handstat.crib_hist("crib", threads=2, progress=lambda d, t: None)
    assert list(a["count"]) == list(b["count"])
    with pytest.raises(handstat.HandstatError):
        handstat.crib_hist(threads=-1)


CHILD = """
import sys, handstat
def progress(done, total):
    if not progress.said:
        progress.said = True
        print("running", flush=True)
progress.said = False
try:
    handstat.holdem_equity(["random", "QQ+,AKs", "random"], board="Kh7d2c", progress=progress)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
    print(handstat.holdem_equity(["AhAd", "KsKc"]).loc[0, "wins"], flush=True)
    sys.exit(130)
print("finished", flush=True)
"""


def test_sigint_stops_a_long_call():
    # a three-way equity of about a minute or more, interrupted by SIGINT once it runs
    env = dict(os.environ)
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout.readline().strip() == "running"
        time.sleep(0.3)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=20)
        elapsed = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 130, err
    assert out.split() == ["KeyboardInterrupt", "1388072"]
    assert elapsed < 3, f"{elapsed:.1f} s from SIGINT to the end"
