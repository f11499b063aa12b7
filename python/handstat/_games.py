"""Omaha (high and 8-or-better hi/lo) and seven-card stud (high, hi/lo, razz)."""

from __future__ import annotations

import ctypes
from fractions import Fraction
from typing import Any, Dict, Sequence

import pandas as pd

from . import _lib
from ._core import (Cards, HandstatError, Progress, _call, _card_set, _cards, _check, _describe,
                    _given, _hand_text, _int_column, _mask, _overlap)


def _hands(hands, sizes, what, most):
    """The card ids of each hand (all of one size in `sizes`), pairwise disjoint."""
    if isinstance(hands, str) or not 2 <= len(hands) <= most:
        raise HandstatError(f"{what}: a list of 2 to {most} hands is needed")
    ids, used = [], 0
    for p, h in enumerate(hands):
        x = _cards(h, sizes, f"{what} hand {p + 1}")
        if ids and len(x) != len(ids[0]):
            raise HandstatError(f"{what}: hand {p + 1} has {len(x)} cards, hand 1 has "
                                f"{len(ids[0])}: every hand holds the same number")
        _overlap(used, _mask(x), f"{what} hand {p + 1}")
        used |= _mask(x)
        ids.append(x)
    return ids, used


def _pot_table(players, hilo, unit_total):
    """The CLI's pot table (cli_pot_table): high columns, or hi/lo's scoops and shares (each
    player (written cards, counts with wins, ties, losses, scoops, high_share, low_share))."""
    n = len(players)
    exact = [Fraction(q.high_share + q.low_share, unit_total) for _, q in players]
    cols = {"player": range(1, n + 1), "hand": [_given(ids) for ids, _ in players]}
    if hilo:
        cols.update({"scoops": _int_column([int(q.scoops) for _, q in players]),
                     "high_share": [q.high_share / unit_total for _, q in players],
                     "low_share": [q.low_share / unit_total for _, q in players]})
    else:
        cols.update({"wins": _int_column([int(q.wins) for _, q in players]),
                     "ties": _int_column([int(q.ties) for _, q in players]),
                     "losses": _int_column([int(q.losses) for _, q in players])})
    cols.update({"equity": [float(x) for x in exact], "equity_exact": exact})
    if hilo:
        cols.update({"high_share_exact": [Fraction(q.high_share, unit_total) for _, q in players],
                     "low_share_exact": [Fraction(q.low_share, unit_total) for _, q in players]})
    return pd.DataFrame(cols)


# ---- Omaha -------------------------------------------------------------------------------------

def omaha_equity(hands: Sequence[Cards], board: Cards = "", dead: Cards = "", hilo: bool = False,
                 threads: int = 0, progress: Progress = None) -> pd.DataFrame:
    """Exact Omaha equity of 2-9 hands over every completion of the board (`omaha equity
    --csv`): hands is a list of hands of 4, 5 or 6 cards each (all the same number; PLO4, PLO5,
    PLO6), each making its best hand of exactly two of them and exactly three board cards; board
    0-5 known cards, dead cards out of play.

    High: player, hand (the cards as given), wins, ties, losses (boards: exact ints), equity
    (float; a split pot shared equally) and equity_exact (Fraction). hilo=True (8-or-better
    hi/lo, `--hilo`: the low half to the best qualifying low, the whole pot to the high when
    nobody has one): player, hand, scoops, high_share and low_share (the expected share of the
    pot won by the high and by the low, floats), equity, equity_exact, then high_share_exact and
    low_share_exact (Fractions). threads, progress and Ctrl-C as for holdem_equity.

        >>> handstat.omaha_equity(["AhAdKsQs", "9h8h7c6c"], hilo=True)["equity_exact"].tolist()
        [Fraction(914729, 2172016), Fraction(1257287, 2172016)]
    """
    ids, used = _hands(hands, (4, 5, 6), "omaha_equity", _lib.HS_OMAHA_MAX_PLAYERS)
    b = _card_set(board, "omaha_equity board", 5)
    d = _card_set(dead, "omaha_equity dead")
    _overlap(used, b, "omaha_equity board")
    _overlap(used | b, d, "omaha_equity dead")
    holes = (ctypes.c_uint64 * len(ids))(*[_mask(x) for x in ids])
    e = _lib.OmahaEquity()
    rc = _call(lambda fn, ctx: _lib.omaha_equity_run(holes, len(ids), b, d, 1 if hilo else 0,
                                                     threads, fn, ctx, ctypes.byref(e)), progress)
    if rc == _lib.HS_ERR_COUNT:
        raise HandstatError("omaha_equity: too few cards are left to complete the board")
    _check(rc, "omaha_equity")
    return _pot_table([(x, e.p[p]) for p, x in enumerate(ids)], hilo,
                      int(e.boards) * _lib.HS_OMAHA_SHARE_UNIT)


def omaha_rank(hole: Cards, board: Cards) -> Dict[str, Any]:
    """The best Omaha hands of 4, 5 or 6 hole cards with 3, 4 or 5 board cards (`omaha rank`):
    exactly two hole cards and three board cards. A dict of class (the high: 1..7462 as
    poker_rank), category, description, best_five (the five cards, in card order), low_class
    (the 8-or-better low, 1..56 with 1 = 5-4-3-2-A; 0 for none) and low (its ranks, "8-4-3-2-A",
    or None).

        >>> handstat.omaha_rank("AH 2H KS QS", "3H 4D 8H JC 9H")["low"]
        '8-4-3-2-A'
    """
    h = _mask(_cards(hole, (4, 5, 6), "omaha_rank hole"))
    b = _mask(_cards(board, (3, 4, 5), "omaha_rank board"))
    _overlap(h, b, "omaha_rank board")
    cls = int(_lib.omaha_rank(h, b))
    low = int(_lib.omaha_low(h, b))
    return {"class": cls,
            "category": _lib.poker_category_name(_lib.poker_category(cls)).decode(),
            "description": _describe(_lib.poker_describe, cls),
            "best_five": _hand_text(_lib.omaha_best_five(h, b)),
            "low_class": low, "low": _describe(_lib.low8_describe, low) if low else None}


# ---- stud ----------------------------------------------------------------------------------

def stud_equity(hands: Sequence[Cards], dead: Cards = "", game: str = "high", threads: int = 0,
                progress: Progress = None) -> pd.DataFrame:
    """Exact seven-card stud equity over every completion of every hand (`stud equity --csv`,
    `razz equity --csv`): hands is a list of 2-8 hands of 3 to 7 known cards each ("Ah Ad 7c"),
    all the same number; game "high", "hilo" (8-or-better) or "razz". A DataFrame of player
    (1..), hand (the cards as given, as the CLI echoes them), wins, ties, losses (hi/lo: of the
    high half), scoops (hi/lo), high_share and low_share (expected fractions of the pot), equity
    (float) and equity_exact (Fraction): the CLI's columns (high: player, hand, wins, ties,
    losses, equity, equity_exact; hi/lo: player, hand, scoops, high_share, low_share, equity,
    equity_exact) in the same order. threads, progress and Ctrl-C as for holdem_equity."""
    if game not in _lib.HS_STUD_GAMES:
        raise HandstatError("stud_equity: game is 'high', 'hilo' or 'razz'")
    ids, used = _hands(hands, range(3, 8), "stud_equity", _lib.HS_STUD_MAX_PLAYERS)
    d = _card_set(dead, "stud_equity dead")
    _overlap(used, d, "stud_equity dead")
    arr = (ctypes.c_uint64 * len(ids))(*[_mask(x) for x in ids])
    e = _lib.StudEquity()
    rc = _call(lambda fn, ctx: _lib.stud_equity_run(arr, len(ids), d, _lib.HS_STUD_GAMES[game],
                                                    threads, fn, ctx, ctypes.byref(e)), progress)
    _check(rc, "stud_equity")
    den = e.deals * _lib.HS_STUD_SHARE_UNIT
    players = [e.p[p] for p in range(len(ids))]
    return pd.DataFrame({
        "player": range(1, len(ids) + 1), "hand": [_given(x) for x in ids],
        "wins": _int_column([q.wins for q in players]),
        "ties": _int_column([q.ties for q in players]),
        "losses": _int_column([q.losses for q in players]),
        "scoops": _int_column([q.scoops for q in players]),
        "high_share": [q.high_share / den for q in players],
        "low_share": [q.low_share / den for q in players],
        "equity": [(q.high_share + q.low_share) / den for q in players],
        "equity_exact": [Fraction(q.high_share + q.low_share, den) for q in players]})
