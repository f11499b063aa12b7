"""What every binding shares: the error type, cards as the request layer's text, and running a
long C call in a worker thread with progress and cancellation."""

from __future__ import annotations

import ctypes
import threading
import time
from typing import Callable, Optional, Sequence, Union

import numpy as np

from . import _lib

#: Cards as one string ("AH 5D", "Ah5d") or a sequence of card strings.
Cards = Union[str, Sequence[str]]
#: A progress callback: called with (work units done, work units in all).
Progress = Optional[Callable[[int, int], object]]


class HandstatError(ValueError):
    """A bad hand, card set or argument, with the library's message."""


def _message(rc):
    return _lib.strerror(rc).decode()


def _text(cards):
    if isinstance(cards, (list, tuple)):
        cards = " ".join(str(c) for c in cards)
    if not isinstance(cards, str):
        raise TypeError("cards must be a string such as 'AH 5D' or a list of card strings")
    return cards


def _given_text(cards):
    """The text of optional cards (a board, dead cards) as the request layer takes them, None for
    none ("" or None)."""
    return _text(cards) if cards else None


def _int_column(values):
    return np.array(values, dtype=np.int64) if not values or max(values) < 2**63 else values


# ---- long calls: a worker thread, progress, Ctrl-C ---------------------------------------------

#: The shortest time between two calls of a progress callback (the last call always comes).
PROGRESS_INTERVAL = 0.1
_JOIN_SECONDS = 0.05


def _call(run, progress):
    """Run `run(fn, ctx)`, one C call taking an hs_progress_fn and its context, in a worker thread
    and return its code.

    ctypes releases the GIL for the call, so the calling thread waits in short joins and sees
    KeyboardInterrupt at once. The library's workers report to hs_progress_poll (handstat/
    progress.h), which stores the units done in a small C struct and returns its stop field: the
    waiting thread reads the progress from there and calls `progress` (None, or a
    callable(done, total)) itself, at most every PROGRESS_INTERVAL seconds and once more at the
    end, and sets stop on KeyboardInterrupt or when `progress` raises, so the library stops at
    its next work unit and returns HS_ERR_CANCELLED. The thread waits for that (through a second
    Ctrl-C too: the C code writes into buffers that must outlive it) and re-raises the
    KeyboardInterrupt or the callback's exception. (A Python callback called by the workers
    themselves would take the GIL after every unit, from every worker: a hold'em equity of a
    million units ran 3 to 12 times slower that way.)"""
    state = _lib.ProgressState()
    outcome = {}

    def work():
        try:
            outcome["rc"] = run(_lib.progress_poll, ctypes.addressof(state))
        except BaseException as e:  # a ctypes argument error: raised in the caller's thread
            outcome["error"] = e

    worker = threading.Thread(target=work, name="handstat", daemon=True)
    reported, last = None, None
    stopped = None  # the KeyboardInterrupt or the progress callback's exception

    def report(final):
        nonlocal reported, last
        now = time.monotonic()
        seen = (int(state.done), int(state.total))
        if seen[1] == 0 or seen == reported:
            return
        if final or last is None or now - last >= PROGRESS_INTERVAL or seen[0] >= seen[1]:
            reported, last = seen, now
            progress(*seen)

    worker.start()
    while worker.is_alive():
        try:
            worker.join(_JOIN_SECONDS)
            if progress is not None and stopped is None:
                report(False)
        except BaseException as e:  # Ctrl-C, or an exception raised by progress
            state.stop = 1
            if stopped is None:
                stopped = e
    if stopped is not None:
        raise stopped
    if "error" in outcome:
        raise outcome["error"]
    rc = outcome["rc"]
    if rc == _lib.HS_ERR_CANCELLED:  # not asked for here: a library that stopped on its own
        raise HandstatError(_message(rc))
    if progress is not None and rc == _lib.HS_OK:
        report(True)
    return rc


def _run_job(job, threads, progress):
    """Run every unit of a job (handstat/job.h) through _call; returns the library's code."""
    units = _lib.job_units(job)

    def run(fn, ctx):
        opts = _lib.JobOpts(threads=threads, progress=fn, progress_ctx=ctx)
        return _lib.job_run(job, 0, units, ctypes.byref(opts))

    return _call(run, progress)


def _check(rc, what):
    if rc != _lib.HS_OK:
        raise HandstatError(f"{what}: {_message(rc)}")
