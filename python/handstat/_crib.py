"""Cribbage: scoring, the hand distribution, the discard analysis and the play (pegging)."""

from __future__ import annotations

import ctypes
import math
from fractions import Fraction
from typing import Any, Dict

import numpy as np
import pandas as pd

from . import _lib
from ._core import (Cards, HandstatError, Progress, _by_rank, _call, _card_name, _cards, _check,
                    _given, _mask, _message, _shares)


def crib_score(cards: Cards, crib: bool = False) -> Dict[str, int]:
    """Score four hand cards and the starter (the last card): a dict of fifteens, pairs, runs,
    flush, nobs and total (the columns of `crib score --csv` after hand and starter).
    crib=True applies the crib's flush rule (all five of one suit)."""
    ids = _cards(cards, (5,), "crib_score")
    hand, starter = _mask(ids[:4]), ids[4]
    s = _lib.crib_score5(hand, starter, 1 if crib else 0)
    return {k: int(getattr(s, k)) for k in ("fifteens", "pairs", "runs", "flush", "nobs", "total")}


def crib_hist(rules: str = "hand", threads: int = 0, progress: Progress = None) -> pd.DataFrame:
    """The exact score distribution over all 12,994,800 hands and starters (`crib hist`): a
    DataFrame of score, count, probability (float) and probability_exact (Fraction). rules:
    "hand" or "crib" (the flush rule). threads: OpenMP workers (0: one per core); progress: None
    or a callable(done, total), see handstat.holdem_equity; Ctrl-C stops it (KeyboardInterrupt)."""
    if rules not in ("hand", "crib"):
        raise HandstatError(f"crib_hist: rules must be 'hand' or 'crib', not {rules!r}")
    h = _lib.CribHist()
    rc = _call(lambda fn, ctx: _lib.crib_hist_run(1 if rules == "crib" else 0, threads, fn, ctx,
                                                  ctypes.byref(h)), progress)
    _check(rc, "crib_hist")
    counts = [int(c) for c in h.count]
    floats, exact = _shares(counts, int(h.hands))
    return pd.DataFrame({"score": range(len(counts)), "count": np.array(counts, dtype=np.int64),
                         "probability": floats, "probability_exact": exact})


_ROLES = {"dealer": 0, "pone": 1}


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
    if role not in _ROLES:
        raise HandstatError(f"crib_discard: role must be 'dealer' or 'pone', not {role!r}")
    ids = _cards(cards, (5, 6), "crib_discard")
    if pegging and len(ids) != 6:
        raise HandstatError("crib_discard: pegging: the play is solved for two players: 6 cards "
                            f"needed, {len(ids)} given")
    dealt = _mask(ids)
    d = _lib.Discard()
    _check(_lib.discard_analyze(dealt, _ROLES[role], ctypes.byref(d)), "crib_discard")
    rows = []
    for k in d.keeps[:d.n_keeps]:
        n = k.hand_cases
        hand = Fraction(k.hand_sum, n)
        var = (n * k.hand_sum2 - k.hand_sum * k.hand_sum) / (n * n)
        crib = Fraction(k.crib_sum, k.crib_cases)
        combined = Fraction(_lib.discard_combined_num(ctypes.byref(k), _ROLES[role]),
                            k.crib_cases)
        row = {"keep": _by_rank(k.keep), "throw": _by_rank(k.thrown),
               "hand_ev": float(hand), "hand_ev_exact": hand,
               "hand_min": int(k.hand_min), "hand_max": int(k.hand_max),
               "hand_sd": math.sqrt(var) if var > 0 else 0.0,
               "crib_ev": float(crib), "crib_ev_exact": crib,
               "combined_ev": float(combined), "combined_ev_exact": combined}
        if pegging:
            s = ctypes.c_int64(0)
            _check(_lib.peg_keep_sum(dealt, k.keep, _ROLES[role], ctypes.byref(s)),
                   "crib_discard")
            peg = Fraction(s.value, _lib.HS_PEG_OPPONENT_HANDS)
            row.update({"peg_ev": float(peg), "peg_ev_exact": peg,
                        "total_ev": float(combined + peg), "total_ev_exact": combined + peg})
        row["role"] = role
        rows.append(row)
    if pegging:  # best total first; equal totals keep the analysis's order (a stable sort)
        rows.sort(key=lambda r: r["total_ev_exact"], reverse=True)
    return pd.DataFrame(rows)


_WHO = ("pone", "dealer")


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
    hands = [_cards(pone, (4,), "crib_peg pone"), _cards(dealer, (4,), "crib_peg dealer")]
    both = _mask(hands[0]) & _mask(hands[1])
    if both:
        card = _card_name((both & -both).bit_length() - 1)
        raise HandstatError(f"crib_peg dealer: '{card}': {_message(_lib.HS_ERR_DUPLICATE)}")
    ranks = [(ctypes.c_uint8 * 4)(*[c % 13 for c in h]) for h in hands]
    start = _lib.peg_start(ranks[0], ranks[1])
    ev = (_lib.PegEvent * _lib.HS_PEG_MAX_EVENTS)()
    pts = (ctypes.c_int(0), ctypes.c_int(0))
    n = _lib.peg_line(ctypes.byref(start), ev, ctypes.byref(pts[0]), ctypes.byref(pts[1]))
    left = [list(h) for h in hands]
    events, words = [], []
    for e in ev[:n]:
        card = None
        if e.rank >= 0:  # the player's first card of that rank not yet laid, in the order given
            card = next(c for c in left[e.player] if c % 13 == e.rank)
            left[e.player].remove(card)
            card = _card_name(card)
        words.append(card or "go")
        events.append({"player": _WHO[e.player], "card": card, "count": int(e.count),
                       "points": int(e.points)})
    p, d = pts[0].value, pts[1].value
    return {"pone": _given(hands[0]), "dealer": _given(hands[1]), "pone_points": p,
            "dealer_points": d, "differential": p - d, "line": " ".join(words),
            "events": events}
