"""Hold'em boards: what a hand or a range makes on a board or over every board, the equity
distribution of a range against another, and what is cut from it: the equity filter and the
hand-against-range matrix."""

from __future__ import annotations

from fractions import Fraction
from typing import List, Optional, Sequence, Tuple, Union

import pandas as pd

from ._core import Cards, HandstatError, Progress, _given_text, _text
from ._request import _ask


def holdem_hit(hole: Cards, board: Cards) -> Tuple[str, List[str]]:
    """What two hole cards make on a flop, turn or river (3-5 board cards): the made-hand
    category's identifier ("set", "top_pair", "ace_high", "nothing", ...: the first of the
    list in handstat/holdem_board.h that holds) and the list of its flags' identifiers
    ("flush_draw", "oesd", "backdoor_flush", "plays_board", ...), in the header's order.

        >>> handstat.holdem_hit("AhKh", "Kd 7h 2h")
        ('top_pair', ['flush_draw', 'nut_flush_draw'])
    """
    df = _ask("holdem_hit", "holdem hits", hand=_text(hole), board=_text(board), by_combo=True)
    if len(df) != 1:
        raise HandstatError(f"holdem_hit: hole: two cards are needed, not {_text(hole)!r}")
    return df["category"][0], df["flags"][0].split()


def holdem_hits(range: str, board: Optional[Cards] = None, dead: Cards = "",
                streets: Union[str, Sequence[str]] = ("flop",), threads: int = 0,
                by_combo: bool = False, progress: Progress = None,
                folded: Union[str, Sequence[str]] = ()) -> pd.DataFrame:
    """What a hold'em range makes: on one board, or over every flop, turn or river (`holdem
    hits`, the columns of its CSV).

    With a board (3-5 cards), one row per made-hand category and per flag (the categories add
    up to the range; a combination can have several flags or none): kind ("made" or "flag"),
    category (its identifier, as holdem_hit gives it), combos (the weighted combinations, a
    Fraction: a combination of weight w percent counts w/100), share (float) and share_exact
    (Fraction of the range's weight). Combinations meeting the board or the dead cards are left
    out; streets, threads and progress are not used. by_combo=True (`--by-combo`): instead each
    live combination in the range's order: combo ("AhKh"), class, weight (percent), category and
    flags (its flags' identifiers separated by spaces, "" for none).

    Without a board, every board of each street in `streets` ("flop", "turn", "river"; a
    string or a sequence) dealt from the cards that are neither the combination's nor dead
    (`--flops --turns --rivers`): one row per class of the range, street (in that order) and
    category or flag, with class ("AKs"), combos (the class's weighted combinations, a
    Fraction), street, kind, category, hits and boards (weighted (combination, board) pairs /
    100, Fractions), share (float) and share_exact (Fraction hits / boards). threads, progress
    and Ctrl-C as for holdem_equity (every river takes about a minute).

    folded: up to 8 ranges of players who folded (`--folded RANGE`, card removal, as in
    holdem_equity), on one board or over every street: the counts are summed over the folded
    hands with their cards dead, times their weights; the shares are the folded model's; with
    by_combo each combination gets share and share_exact (its weight times the folded hands off
    it, over their sum). Exact within the bound the README states, else a HandstatError."""
    if isinstance(folded, str):
        folded = [folded]
    extra = {"folded": list(folded)} if folded else {}
    if board:
        streets = None  # every board of the streets: without a board only
    elif not isinstance(streets, str):
        streets = ",".join(streets)
    return _ask("holdem_hits", "holdem hits", threads, progress,
                exact=("combos", "hits", "boards"), hand=range,
                board=_given_text(board), dead=_given_text(dead),
                streets=streets, by_combo=by_combo, **extra)


def holdem_equity_dist(hero: str, villain: str, board: Cards = "", dead: Cards = "",
                       threads: int = 0, progress: Progress = None,
                       folded: Union[str, Sequence[str]] = ()) -> pd.DataFrame:
    """The exact equity of each combination of the hero's range against the villain's range,
    heads-up, over every villain combination and board completion (a deal counts the villain
    combination's weight, the villain range's weights divided by their greatest common divisor,
    as holdem_equity counts them). One row per hero combination that can be dealt, the best
    equity first (equal ones in the range's order): combo ("AsKs"), class ("AKs"), weight (the
    hero range's, percent), deals, wins, ties, losses (weighted deals), equity (float),
    equity_exact (Fraction (2 wins + ties) / (2 deals)) and cumulative (float: the share of the
    rows' weight up to this row): the columns of `holdem equity-dist --csv`. The range's equity
    is sum(weight * (2 wins + ties)) / sum(weight * 2 deals), exactly holdem_equity's. threads,
    progress and Ctrl-C as for holdem_equity.

    folded: up to 8 ranges of players who folded (`--folded RANGE`, card removal, as in
    holdem_equity): each combination's counts are summed over the folded hands off it and the
    known cards, with their cards dead, times their weights. Exact within a stated bound, else a
    HandstatError (never an estimate)."""
    if isinstance(folded, str):
        folded = [folded]
    extra = {"folded": list(folded)} if folded else {}
    return _ask("holdem_equity_dist", "holdem equity-dist", threads, progress,
                hand=[hero, villain], board=_given_text(board),
                dead=_given_text(dead), **extra)


#: An equity bound: a Fraction (exact), a decimal string ("0.5"), a percent ("50%"), a fraction
#: string ("1/2") or a number (its shortest decimal: 0.1 is 1/10).
Equity = Union[str, Fraction, float, int]


def _equity_text(value: Optional[Equity]) -> Optional[str]:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("an equity is a Fraction, a number or a string such as '0.5' or '50%'")
    return repr(value)


def holdem_filter(hero: str, vs: str, board: Cards = "", dead: Cards = "",
                  min_equity: Optional[Equity] = None, max_equity: Optional[Equity] = None,
                  top: Optional[Union[str, float, int]] = None, by_combo: bool = False,
                  threads: int = 0, progress: Progress = None) -> pd.DataFrame:
    """The equity filter (`holdem filter`): the part of the hero's range whose combinations each
    have, by their own exact heads-up equity against `vs` over every completion of the board,
    at least min_equity and at most max_equity (both ends included, compared exactly), or with
    top (a percent, "25%" or 25) the best combinations until they hold that share of the
    range's weighted combinations (combinations of equal equity taken together: every tie at
    the boundary is taken, so the part may hold a little more, never less).

    One row: range (the part in the range grammar, classes written whole where every one of
    their combinations off the board passes), combos (its weighted combinations, a Fraction),
    share (of the range's weight, float), equity (float), equity_exact (Fraction: exactly
    holdem_equity([range, vs])'s), deals, wins, ties, losses. by_combo=True: every combination
    of the hero's range instead, best first, with combo, class, weight, equity, equity_exact,
    deals, wins, ties, losses and kept (1 or 0). The notes (df.attrs["notes"]) hold the bound,
    the part's text and equity. threads, progress and Ctrl-C as for holdem_equity."""
    if isinstance(top, (int, float)) and not isinstance(top, bool):
        top = repr(top)
    return _ask("holdem_filter", "holdem filter", threads, progress, exact=("combos",),
                hand=hero, vs=vs, board=_given_text(board), dead=_given_text(dead),
                min_equity=_equity_text(min_equity), max_equity=_equity_text(max_equity),
                top=top, by_combo=by_combo or None)


def holdem_matrix(hero: str, vs: str, board: Cards = "", dead: Cards = "",
                  by_combo: bool = False, threads: int = 0,
                  progress: Progress = None) -> pd.DataFrame:
    """Hand against range (`holdem matrix`): each starting-hand class of the hero's range
    ("random" for all 169) with its exact heads-up equity against `vs` over every completion of
    the board, in the grid's class order: class ("AKs"), combos (the class's weighted
    combinations that can be dealt, a Fraction), equity (float), equity_exact (Fraction),
    deals, wins, ties, losses: the class's combinations' exact counts summed, so equity_exact is
    holdem_equity([CLASS, vs])'s exactly. by_combo=True: each combination instead (class order,
    then by cards): combo, class, weight, equity, equity_exact, deals, wins, ties, losses.
    threads, progress and Ctrl-C as for holdem_equity; holdem_matrix_svg draws the heat map."""
    return _ask("holdem_matrix", "holdem matrix", threads, progress, exact=("combos",),
                hand=hero, vs=vs, board=_given_text(board), dead=_given_text(dead),
                by_combo=by_combo or None)


def holdem_matrix_svg(hero: str, vs: str, board: Cards = "", dead: Cards = "",
                      threads: int = 0, progress: Progress = None) -> str:
    """The 13 x 13 heat map of holdem_matrix as an SVG document (`holdem matrix --svg FILE`'s
    bytes): each class coloured by its exact equity, its name and equity in percent, classes
    outside the hero's range grey, and a legend; no font is loaded."""
    df = _ask("holdem_matrix_svg", "holdem matrix", threads, progress, hand=hero, vs=vs,
              board=_given_text(board), dead=_given_text(dead), svg=True)
    return df["svg"][0]
