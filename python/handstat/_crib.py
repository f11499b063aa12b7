"""Cribbage: scoring, the hand distribution, the discard analysis and the play (pegging)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict

import pandas as pd

from ._core import Cards, HandstatError, Progress, _text
from ._request import _ask


def crib_score(cards: Cards, crib: bool = False) -> Dict[str, int]:
    """Score four hand cards and the starter (the last card): a dict of fifteens, pairs, runs,
    flush, nobs and total (the columns of `crib score --csv` after hand and starter).
    crib=True applies the crib's flush rule (all five of one suit)."""
    row = _ask("crib_score", "crib score", hand=_text(cards), crib=crib).iloc[0]
    return {k: int(row[k]) for k in ("fifteens", "pairs", "runs", "flush", "nobs", "total")}


def crib_hist(rules: str = "hand", threads: int = 0, progress: Progress = None) -> pd.DataFrame:
    """The exact score distribution over all 12,994,800 hands and starters (`crib hist`): a
    DataFrame of score, count, probability (float) and probability_exact (Fraction). rules:
    "hand" or "crib" (the flush rule). threads: OpenMP workers (0: one per core); progress: None
    or a callable(done, total), see handstat.holdem_equity; Ctrl-C stops it (KeyboardInterrupt)."""
    if rules not in ("hand", "crib"):
        raise HandstatError(f"crib_hist: rules must be 'hand' or 'crib', not {rules!r}")
    df = _ask("crib_hist", "crib hist", threads, progress, crib=rules == "crib")
    hands = int(df.attrs["notes"]["hands"])
    df["probability_exact"] = [Fraction(int(c), hands) for c in df["count"]]
    return df


def crib_discard(cards: Cards, role: str = "dealer", pegging: bool = False) -> pd.DataFrame:
    """Every keep of a deal (six cards: two players; five: three players) with its exact
    expectations, best first: the columns of `crib discard --csv`, keep, throw (the cards in
    rank order, ace low), hand_ev, hand_ev_exact, hand_min, hand_max, hand_sd, crib_ev,
    crib_ev_exact, combined_ev, combined_ev_exact (dealer: hand + crib; pone: hand - crib) and
    role. Exact columns are Fractions, the _ev and _sd columns floats.

    pegging=True (six cards; `--pegging`): also peg_ev, peg_ev_exact (the expected double-dummy
    pegging differential for the role, dealer - pone or pone - dealer, over the 163,185 hands the
    opponent could hold) and total_ev, total_ev_exact (combined + pegging) before role, the keeps
    ordered by the total."""
    return _ask("crib_discard", "crib discard", hand=_text(cards), role=role, pegging=pegging)


def crib_peg(pone: Cards, dealer: Cards) -> Dict[str, Any]:
    """The play (pegging) of two known four-card hands with both playing perfectly ("double
    dummy"; the rules of `crib peg` and handstat/peg.h: the pone leads, the pone plays for the
    most pone points minus dealer points, the dealer for the fewest).

    A dict with the columns of `crib peg --csv`: pone and dealer (the hands as given), pone_points,
    dealer_points, differential (pone - dealer: the value of the hands) and line (an optimal line,
    the cards laid in order and "go" for each go point; of equally good cards the lowest is laid,
    of one rank the cards in the order given); and events, the line as a list of dicts of player
    ("pone" or "dealer"), card (None for a go), count (after it) and points.

        >>> handstat.crib_peg("5H 5D JC 4S", "6C 9D TH KS")["line"]
        '4S 9D 5H TH go JC 6C 5D KS'
    """
    df = _ask("crib_peg", "crib peg-line", hand=[_text(pone), _text(dealer)])
    notes = df.attrs["notes"]
    events = [{"player": r.player, "card": r.card or None, "count": int(r.count),
               "points": int(r.points)} for r in df.itertuples()]
    p, d = int(notes["pone_points"]), int(notes["dealer_points"])
    return {"pone": notes["pone"], "dealer": notes["dealer"], "pone_points": p,
            "dealer_points": d, "differential": p - d, "line": notes["line"], "events": events}
