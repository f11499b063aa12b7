"""Hold'em (and short-deck hold'em) equity: exact, estimated, in batches; each class against random
hands; the three-way preflop table, computed or read from its CSV."""

from __future__ import annotations

import ctypes
import lzma
import os
from contextlib import ExitStack
from fractions import Fraction
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

import numpy as np
import pandas as pd

from . import _lib
from ._core import Cards, HandstatError, Progress, _check, _given_text, _run_job
from ._poker import _rules
from ._request import _ask, _Request

#: One batch request: {"hands": [...], "board": "...", "dead": "..."} or (hands, board, dead)
#: with board and dead optional.
Request = Union[Mapping[str, Any], Sequence[Any]]


def _equity(what, hands, board, dead, samples=None, seed=1, rules=None):
    """The command and arguments of one hold'em equity request, or with rules ("trips",
    "straight") a short-deck one."""
    args = dict(hand=hands, board=_given_text(board),
                dead=_given_text(dead))
    if samples is not None:  # the short-deck equity refuses them: it is exact only
        args.update(samples=samples, seed=seed)
    if rules is not None:
        return "shortdeck equity", dict(args, straight_beats_trips=bool(_rules(rules, what)))
    return "holdem equity", args


def holdem_equity(hands: Sequence[str], board: Cards = "", dead: Cards = "", threads: int = 0,
                  samples: Optional[int] = None, seed: int = 1,
                  progress: Progress = None,
                  folded: Union[str, Sequence[str]] = ()) -> pd.DataFrame:
    """Exact hold'em equity over every deal and board (`holdem equity --csv`): hands is a list of
    2-9 hands or ranges ("AhAd", "KK", "QQ+,AKs", "random", "15%", "AKs@50"), board 0-5 known
    cards, dead cards out of play. A DataFrame of player (1..), hand (the range's canonical text,
    as the CLI echoes it), wins, ties, losses (weighted deals: exact ints), equity (float) and
    equity_exact (Fraction).

        >>> handstat.holdem_equity(["QQ+,AKs", "JJ-99,AQs+"])[["hand", "equity_exact"]]
                 hand       equity_exact
        0     QQ+,AKs  53834531/73629072
        1  JJ-99,AQs+  19794541/73629072

    samples=N: instead an ESTIMATE from N deals drawn at random (`--samples N --seed S`; the same
    N and seed give the same numbers at any thread count): player, hand, samples, wins, ties,
    losses (of the sampled deals), equity (the mean pot share), std_error (its standard error:
    the exact equity is within two of them about 95% of the time) and kind ("estimate").

    folded: up to 8 ranges of players who folded (`--folded RANGE`, card removal): each holds a
    hand of its range out of play, dealt disjoint from every other hand and the board, weighing
    its weight. Exact while the work stays within the bound of `holdem equity --help` (else an
    estimate, kind "estimate", 1,000,000 samples unless samples=N); two more columns give the
    equity without the folded ranges: equity_unfolded (float) and equity_unfolded_exact
    (Fraction), or equity_unfolded and std_error_unfolded for an estimate.

    threads: OpenMP workers (0: one per core). progress: None or a callable(done, total) called
    with the work units done from the library's worker threads, at most every 0.1 s and once
    at the end; an exception it raises stops the computation and is re-raised. Ctrl-C stops
    the computation within a work unit and raises KeyboardInterrupt (the C code runs in a worker
    thread; the same holds for every function that takes progress)."""
    command, args = _equity("holdem_equity", hands, board, dead, samples, seed)
    if isinstance(folded, str):
        folded = [folded]
    if folded:
        args["folded"] = list(folded)
    return _ask("holdem_equity", command, threads, progress, **args)


def shortdeck_equity(hands: Sequence[str], board: Cards = "", dead: Cards = "",
                     rules: str = "trips", threads: int = 0,
                     progress: Progress = None) -> pd.DataFrame:
    """Exact short-deck hold'em equity over every completion of the board from the 36 cards, 6
    through A (`shortdeck equity --csv`): hands are ranges as in holdem_equity, of short-deck
    cards only ("random" is the 630 short-deck combinations); rules "trips" (three of a kind
    beats a straight, the default) or "straight" (`--straight-beats-trips`). The columns of
    holdem_equity: player, hand, wins, ties, losses, equity, equity_exact. threads, progress and
    Ctrl-C as for holdem_equity."""
    command, args = _equity("shortdeck_equity", hands, board, dead, rules=rules)
    return _ask("shortdeck_equity", command, threads, progress, **args)


def holdem_range(range: str, to: str = "handstat", board: Cards = "",
                 dead: Cards = "") -> pd.DataFrame:
    """A hold'em range read in any notation and written back normalised in the notation `to`
    (`holdem range --csv`): "handstat" (AKs@50, percent), "pio" (AKs:0.5, the fractions of
    PioSOLVER, GTO+ and GTO Wizard) or "equilab" ([50]AKs,AQs[/50]). Every range argument of the
    package reads all three, and suit filters (AKs{hs}, 22+{!s}, AhK) and "and"/"minus"
    ("QQ+,AK minus AKo"). One row: notation, range (the text), combos (int), weighted (the
    weighted combinations, a Fraction), live_combos and live_weighted (what the board and the
    dead cards leave).

        >>> handstat.holdem_range("QQ+,AKs@50", to="pio").loc[0, "range"]
        'AA,AKs:0.5,KK,QQ'
    """
    return _ask("holdem_range", "holdem range", 0, None, exact=("weighted", "live_weighted"),
                hand=range, to=to, board=_given_text(board), dead=_given_text(dead))


def holdem_equity_batch(requests: Iterable[Request], samples: Optional[int] = None,
                        seed: int = 1, threads: int = 0, shortdeck: Optional[str] = None,
                        progress: Progress = None) -> pd.DataFrame:
    """Many equity requests at once, as `holdem equity --batch --csv` answers them: one table
    with a line column first (the request's number, 1..) and then holdem_equity's columns (or
    the estimate's, with samples and seed; shortdeck="trips" or "straight": short-deck equity,
    as `shortdeck equity --batch`).

    The CLI reads one request per line of text ("RANGE | RANGE [| ...] [board=CARDS]
    [dead=CARDS]"); that line parser is part of the CLI, not of the library, so here each request
    is already split: a dict {"hands": [...], "board": "...", "dead": "..."} (board and dead
    optional) or a tuple (hands, board, dead) (board and dead optional). A bad request raises
    HandstatError naming its number before anything is computed. progress is called for each
    request in turn with its own units; Ctrl-C as for holdem_equity."""
    requests = list(requests)
    if not requests:
        raise HandstatError("holdem_equity_batch: no requests")
    with ExitStack() as stack:
        checked = []
        for i, r in enumerate(requests, 1):
            what = f"holdem_equity_batch: request {i}"
            if isinstance(r, Mapping):
                if "hands" not in r or set(r) - {"hands", "board", "dead"}:
                    raise HandstatError(f"{what}: a dict of hands, board and dead is needed")
                hands, board, dead = r["hands"], r.get("board", ""), r.get("dead", "")
            elif isinstance(r, (list, tuple)) and 1 <= len(r) <= 3 and not isinstance(r[0], str):
                hands, board, dead = (list(r) + ["", ""])[:3]
            else:
                raise HandstatError(f"{what}: (hands, board, dead) or a dict is needed")
            command, args = _equity("holdem_equity_batch", hands, board, dead, samples, seed,
                                    shortdeck)
            request = stack.enter_context(_Request(command, args, what))
            request.check()  # every request checked before any is run
            checked.append(request)
        tables = []
        for i, request in enumerate(checked, 1):
            df = request.run(threads, progress)
            df.insert(0, "line", i)
            tables.append(df)
    return pd.concat(tables, ignore_index=True)


# ---- tables over the 169 classes -------------------------------------------------------------

def _class_name(cls):
    buf = ctypes.create_string_buffer(4)
    _lib.holdem_class_name(cls, buf)
    return buf.value.decode()


def _classes(classes, what):
    """The class indexes of "AA,KK,QQ" or a list of names, read by the library's class-list
    parser (the command line's --classes): each item one class, none twice."""
    text = classes if isinstance(classes, str) else ",".join(str(c) for c in classes)
    raw = text.encode()
    out = (ctypes.c_int * _lib.HS_HOLDEM_CLASSES)()
    n = ctypes.c_int(0)
    err = _lib.ParseError()
    rc = _lib.holdem_classes_parse(raw, len(raw), out, ctypes.byref(n), ctypes.byref(err))
    item = raw[err.offset:err.offset + err.length].decode(errors="replace")
    if rc == _lib.HS_ERR_TOKEN and not item:
        raise HandstatError(f"{what}: an empty item in {text!r} (class names separated by commas)")
    if rc == _lib.HS_ERR_TOKEN:
        raise HandstatError(f"{what}: '{item}' is not a class (AA, AKs, T9o)")
    if rc != _lib.HS_OK:
        raise HandstatError(f"{what}: '{item}' is given twice")
    return list(out[:n.value])


def holdem_vs_random(threads: int = 0, progress: Progress = None,
                     opponents: Iterable[int] = (1, 2), samples: Optional[int] = None,
                     seed: int = 1, classes: Optional[Union[str, Sequence[str]]] = None
                     ) -> pd.DataFrame:
    """The exact equity of every one of the 169 classes against 1, 2 or 3 random hands
    (`holdem vs-random --opponents`, results/holdem_vs_random.csv and holdem_vs_random3.csv):
    for each class, a row per opponent count of `opponents` (any of 1, 2, 3; default 1 and 2:
    338 rows) of class, opponents, deals, wins, ties, losses (exact ints), equity (float) and
    equity_exact (Fraction). A few seconds (with 3: minutes); threads, progress and Ctrl-C as for
    holdem_equity.

    samples=N: instead an ESTIMATE against 1 to 9 opponents (`--samples N --seed S`): N sampled
    deals per opponent count, each scoring every hero combination it leaves free; rows of class,
    opponents, samples, wins, ties, losses (ints: the (combination, deal) pairs scored), equity,
    std_error (floats) and kind ("estimate"). The same N and seed give the same numbers at any
    thread count.

    classes: only the rows of these classes ("AA,AKs" or ["AA", "AKs"]; grid order; every class
    is counted all the same).

    Answered by the request layer's "holdem vs-random" (query("holdem vs-random", opponents="1-3",
    samples=..., seed=...) gives the same table), its notes in df.attrs["notes"]."""
    top = 3 if samples is None else _lib.HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS
    counts = sorted(set(int(k) for k in opponents))
    if not counts or counts[0] < 1 or counts[-1] > top:
        raise HandstatError(f"holdem_vs_random: opponents {opponents!r}: counts 1..{top} "
                            + ("(exact)" if samples is None else "(with samples)"))
    if samples is not None and not 1 <= int(samples) <= _lib.HS_HOLDEM_VS_RANDOM_MAX_SAMPLES:
        raise HandstatError(f"holdem_vs_random: samples {samples!r}: "
                            f"1..{_lib.HS_HOLDEM_VS_RANDOM_MAX_SAMPLES}")
    if samples is not None and not 0 <= int(seed) < 1 << 64:
        raise HandstatError(f"holdem_vs_random: seed {seed!r}: 0..2^64-1")
    return _ask("holdem_vs_random", "holdem vs-random", threads, progress,
                opponents=",".join(str(k) for k in counts),
                samples=None if samples is None else int(samples),
                seed=None if samples is None else int(seed),
                classes=classes if classes is None or isinstance(classes, str)
                else ",".join(classes))


PREFLOP3_COLUMNS = ["class_a", "class_b", "class_c", "deals", "equity_a", "equity_b", "equity_c",
                    "equity_a_exact", "equity_b_exact", "equity_c_exact", "wins_a", "wins_b",
                    "wins_c", "ties_ab", "ties_ac", "ties_bc", "ties_abc"]


def holdem_preflop3(classes: Union[str, Sequence[str]], threads: int = 0,
                    progress: Progress = None) -> pd.DataFrame:
    """The exact three-way preflop table over some classes (`holdem preflop3 --classes`): every
    unordered triple A <= B <= C of the classes (grid order AA, AKs, ..., 22; a class may repeat),
    every deal of a combination of each to players a, b, c, pairwise disjoint, with every board
    of five of the other 46 cards. One row per triple a deal can hold, with the CLI's columns:
    class_a, class_b, class_c, deals, equity_a/b/c (floats), equity_a/b/c_exact (Fractions: wins
    alone, half of the two-way ties and a third of the three-way ties, over the deals), wins_a/b/c,
    ties_ab, ties_ac, ties_bc, ties_abc. classes: "AA,KK,QQ" or a list of names; AA, KK, QQ
    takes under a second, all 169 (818,805 triples) about 15 minutes on two cores (the table
    is in results/: read it with holdem_preflop3_read). threads, progress, Ctrl-C as for
    holdem_equity."""
    idx = _classes(classes, "holdem_preflop3")
    arr = (ctypes.c_int * len(idx))(*idx)
    table = ctypes.c_void_p()
    job = ctypes.c_void_p()
    rows = []
    try:
        _check(_lib.holdem_preflop3_new(arr, len(idx), ctypes.byref(table)), "holdem_preflop3")
        _check(_lib.holdem_preflop3_job_new(table, ctypes.byref(job)), "holdem_preflop3")
        _check(_run_job(job, threads, progress), "holdem_preflop3")
        counts = _lib.holdem_preflop3_job_counts(job)
        cls = (ctypes.c_int * 3)()
        for t in range(_lib.holdem_preflop3_triples(table)):
            _lib.holdem_preflop3_triple(table, t, cls)
            deals = int(_lib.holdem_preflop3_deals(cls[0], cls[1], cls[2]))
            if deals == 0:
                continue
            c = [int(counts[t * _lib.HS_P3_OUTCOMES + o]) for o in range(_lib.HS_P3_OUTCOMES)]
            win_a, win_b, win_c, ab, ac, bc, abc = c
            exact = [Fraction(6 * win_a + 3 * ab + 3 * ac + 2 * abc, 6 * deals),
                     Fraction(6 * win_b + 3 * ab + 3 * bc + 2 * abc, 6 * deals),
                     Fraction(6 * win_c + 3 * ac + 3 * bc + 2 * abc, 6 * deals)]
            rows.append([_class_name(x) for x in cls] + [deals] + [float(x) for x in exact] +
                        exact + c)
    finally:
        if job:
            _lib.job_free(job)
        if table:
            _lib.holdem_preflop3_free(table)
    df = pd.DataFrame(rows, columns=PREFLOP3_COLUMNS)
    for key in ("deals", "wins_a", "wins_b", "wins_c", "ties_ab", "ties_ac", "ties_bc",
                "ties_abc"):
        df[key] = df[key].astype(np.int64)
    return df


def holdem_preflop3_read(path: Union[str, os.PathLike],
                         classes: Optional[Union[str, Sequence[str]]] = None,
                         exact: bool = True) -> pd.DataFrame:
    """Read a three-way preflop table written by `holdem preflop3` (results/
    holdem_preflop3_common.csv, or the whole table results/holdem_preflop3.csv.xz: a path ending
    in .xz is decompressed with lzma) into the DataFrame holdem_preflop3 returns: counts as int64,
    equity_a/b/c floats and equity_a/b/c_exact Fractions. classes ("AA,KK,QQ" or a list): keep
    only the triples among those classes (read first, so filtering the whole table is cheap);
    exact=False leaves the exact columns as their text ("5508731/8224524"), which is much faster
    for the 818,480 rows of the whole table. Raises HandstatError when the file does not have the
    table's columns."""
    text_cols = ["class_a", "class_b", "class_c", "equity_a_exact", "equity_b_exact",
                 "equity_c_exact"]
    opener = lzma.open if os.fspath(path).endswith(".xz") else open
    with opener(path, "rt", newline="") as f:
        df = pd.read_csv(f, dtype={c: str for c in text_cols}, keep_default_na=False)
    if list(df.columns) != PREFLOP3_COLUMNS:
        raise HandstatError(f"holdem_preflop3_read: {path}: not a holdem preflop3 table (columns "
                            f"{','.join(map(str, df.columns))})")
    if classes is not None:
        keep = {_class_name(c) for c in _classes(classes, "holdem_preflop3_read")}
        df = df[df["class_a"].isin(keep) & df["class_b"].isin(keep) & df["class_c"].isin(keep)]
        df = df.reset_index(drop=True)
    if exact:
        for c in ("equity_a_exact", "equity_b_exact", "equity_c_exact"):
            df[c] = [Fraction(x) for x in df[c]]
    return df

