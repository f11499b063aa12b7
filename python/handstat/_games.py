"""Omaha (high and 8-or-better hi/lo) and seven-card stud (high, hi/lo, razz)."""

from __future__ import annotations

import ctypes
from fractions import Fraction
from typing import Any, Dict, Optional, Sequence

import pandas as pd

from . import _lib
from ._core import Cards, HandstatError, Progress, _check, _given_text, _int_column, _text
from ._request import _ask


def _hands_text(hands):
    """Each hand's cards as text (one text alone: a single hand, which the layer refuses)."""
    return hands if isinstance(hands, str) else [_text(h) for h in hands]


# ---- Omaha -------------------------------------------------------------------------------------

def omaha_equity(hands: Sequence[Cards], board: Cards = "", dead: Cards = "", hilo: bool = False,
                 threads: int = 0, progress: Progress = None, cards: Optional[int] = None,
                 samples: Optional[int] = None, seed: Optional[int] = None) -> pd.DataFrame:
    """Omaha equity of 2-9 hands or ranges over every completion of the board (`omaha equity
    --csv`): hands is a list of hands of 4, 5 or 6 cards each (all the same number; PLO4, PLO5,
    PLO6), or of Omaha ranges ("AA:$ds", "KK-TT, RRON@50": `omaha_range`), each making its best
    hand of exactly two of them and exactly three board cards; board 0-5 known cards, dead cards
    out of play; cards the hand size for ranges (default: the plain hands', else 4).

    High: player, hand (the cards or range as given), wins, ties, losses (boards, or weighted
    deals with ranges: exact ints), equity (float; a split pot shared equally) and equity_exact
    (Fraction). hilo=True (8-or-better hi/lo, `--hilo`: the low half to the best qualifying low,
    the whole pot to the high when nobody has one): player, hand, scoops, high_share and
    low_share (the expected share of the pot won by the high and by the low, floats), equity,
    equity_exact, and for plain hands high_share_exact and low_share_exact (Fractions). Ranges
    too big to count exactly (df.attrs["notes"]["why"]) or samples=N give an estimate: player,
    hand, samples, wins, ties, losses (or scoops, high_share, low_share), equity, std_error,
    kind ("estimate"), from the random streams of seed. threads, progress and Ctrl-C as for
    holdem_equity.

        >>> handstat.omaha_equity(["AhAdKsQs", "9h8h7c6c"], hilo=True)["equity_exact"].tolist()
        [Fraction(914729, 2172016), Fraction(1257287, 2172016)]
    """
    df = _ask("omaha_equity", "omaha equity", threads, progress,
              hand=hands if isinstance(hands, str) else [h if isinstance(h, str) else _text(h)
                                                         for h in hands],
              board=_given_text(board), dead=_given_text(dead), hilo=hilo,
              cards=None if cards is None else str(cards),
              samples=None if samples is None else str(samples),
              seed=None if seed is None else str(seed))
    boards = df.attrs["notes"].get("boards")
    if hilo and boards:
        # the exact halves: the table's high_share and low_share are the doubles of counts over
        # boards * HS_OMAHA_SHARE_UNIT, both below 2^53, so the double times that gives the count
        den = int(boards) * _lib.HS_OMAHA_SHARE_UNIT
        for half in ("high_share", "low_share"):
            df[f"{half}_exact"] = [Fraction(round(Fraction(x) * den), den) for x in df[half]]
    return df


def omaha_range(text: str, cards: int = 4, list: bool = False) -> pd.DataFrame:
    """The hands of an Omaha range (`omaha range --csv`), ProPokerTools-style text: "AA**",
    "AxAyxy" (double-suited aces), "KK-TT", "RRON", "$ds", "AA:$ds", "AA!AAA", "(AA,KK):$ds",
    "ITEM@50" (README: the grammar). Counted: one row of hands, of (all C(52, cards)), share and
    weight_sum; list=True: every hand (hand, weight), at most 2,598,960.

        >>> handstat.omaha_range("AA:$ds")["hands"][0]
        864
    """
    return _ask("omaha_range", "omaha range", 0, None, hand=text, cards=str(cards),
                list=True if list else None)


def omaha_rank(hole: Cards, board: Cards) -> Dict[str, Any]:
    """The best Omaha hands of 4, 5 or 6 hole cards with 3, 4 or 5 board cards (`omaha rank`):
    exactly two hole cards and three board cards. A dict of class (the high: 1..7462 as
    poker_rank), category, description, best_five (the five cards, in card order), low_class
    (the 8-or-better low, 1..56 with 1 = 5-4-3-2-A; 0 for none) and low (its ranks, "8-4-3-2-A",
    or None).

        >>> handstat.omaha_rank("AH 2H KS QS", "3H 4D 8H JC 9H")["low"]
        '8-4-3-2-A'
    """
    row = _ask("omaha_rank", "omaha rank", hand=_text(hole), board=_text(board)).iloc[0]
    low = int(row["low_class"])
    return {"class": int(row["class"]), "category": row["category"],
            "description": row["description"], "best_five": row["best_five"], "low_class": low,
            "low": row["low_description"] if low else None}


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
    if game not in ("high", "hilo", "razz"):
        raise HandstatError("stud_equity: game is 'high', 'hilo' or 'razz'")
    df, e = _ask("stud_equity", "razz equity" if game == "razz" else "stud equity", threads,
                 progress, job_result=_stud_counts, hand=_hands_text(hands),
                 dead=_given_text(dead), hilo=True if game == "hilo" else None)
    # the layer's table has the game's CLI columns only (high and razz: wins, ties, losses; hi/lo:
    # scoops and the shares); this function's has all of them, from the finished job's counts
    players = e.p[:len(df)]
    den = e.deals * _lib.HS_STUD_SHARE_UNIT
    out = pd.DataFrame({"player": df["player"], "hand": df["hand"],
                        **{k: _int_column([int(getattr(q, k)) for q in players])
                           for k in ("wins", "ties", "losses", "scoops")},
                        "high_share": [q.high_share / den for q in players],
                        "low_share": [q.low_share / den for q in players],
                        "equity": df["equity"], "equity_exact": df["equity_exact"]})
    out.attrs["notes"] = df.attrs["notes"]
    return out


def _stud_counts(job):
    """Every count of a finished stud equity job."""
    e = _lib.StudEquity()
    _check(_lib.stud_equity_result(job, ctypes.byref(e)), "stud_equity")
    return e
