"""Poker rankings: high hands (52 and 36 cards), lowball, and their exhaustive distributions."""

from __future__ import annotations

import ctypes
from typing import Any, Dict

import numpy as np
import pandas as pd

from . import _lib
from ._core import Cards, HandstatError, Progress, _call, _check, _describe, _shares, _text
from ._request import _ask


def _category_name(cat):
    return _lib.poker_category_name(cat).decode()


def poker_rank(cards: Cards) -> int:
    """The class 1..7462 (1 = royal flush; smaller is better) of the best five of 5-7 cards (the
    class column of `poker rank --csv`)."""
    return int(_ask("poker_rank", "poker rank", hand=_text(cards))["class"].iloc[0])


def poker_rank_batch(masks: Any) -> np.ndarray:
    """Classes of many hands at once: masks is an array of uint64 hand masks (bit c for card
    c = suit * 13 + rank, ace = rank 0; 5 to 7 cards each); returns a uint16 array."""
    a = np.ascontiguousarray(masks, dtype=np.uint64)
    if a.ndim != 1:
        raise HandstatError("poker_rank_batch: a one-dimensional array of masks is needed")
    if a.size:
        if np.any(a >> np.uint64(52)):
            i = int(np.argmax((a >> np.uint64(52)) != 0))
            raise HandstatError(f"poker_rank_batch: mask {i} has a bit above card 51")
        bits = np.unpackbits(a.view(np.uint8).reshape(-1, 8), axis=1).sum(axis=1)
        bad = (bits < 5) | (bits > 7)
        if np.any(bad):
            i = int(np.argmax(bad))
            raise HandstatError(f"poker_rank_batch: mask {i} holds {int(bits[i])} cards, "
                                "5 to 7 needed")
    out = np.empty(a.size, dtype=np.uint16)
    _lib.poker_rank_batch(a.ctypes.data_as(ctypes.POINTER(ctypes.c_uint64)), a.size,
                          out.ctypes.data_as(ctypes.POINTER(ctypes.c_uint16)))
    return out


def poker_hist(cards: int = 7, classes: bool = False, threads: int = 0,
               progress: Progress = None) -> pd.DataFrame:
    """The exact distribution of all 5-, 6- or 7-card hands (`poker hist --cards K`): by
    category (category, count, probability, probability_exact) or, with classes=True, by class
    (class, category, description, count, probability, probability_exact; `--classes`).
    Categories as in results/: straight_flush .. high_card. threads, progress: as for
    handstat.holdem_equity."""
    if cards not in (5, 6, 7):
        raise HandstatError(f"poker_hist: cards must be 5, 6 or 7, not {cards!r}")
    h = _lib.PokerHist()
    rc = _call(lambda fn, ctx: _lib.poker_hist_run(cards, threads, fn, ctx, ctypes.byref(h)),
               progress)
    _check(rc, "poker_hist")
    total = int(h.hands)
    if classes:
        cls = range(1, _lib.HS_POKER_CLASSES + 1)
        key = {"class": list(cls),
               "category": [_category_name(_lib.poker_category(c)) for c in cls],
               "description": [_describe(_lib.poker_describe, c) for c in cls]}
        counts = [int(h.count[c]) for c in cls]
    else:
        counts = [int(c) for c in h.category]
        key = {"category": [_category_name(c) for c in range(_lib.HS_POKER_CATEGORIES)]}
    floats, exact = _shares(counts, total)
    return pd.DataFrame({**key, "count": np.array(counts, dtype=np.int64),
                         "probability": floats, "probability_exact": exact})


# ---- short deck ------------------------------------------------------------------------------

def _rules(rules, what):
    if rules not in _lib.HS_SHORTDECK_RULES:
        raise HandstatError(f"{what}: rules must be 'trips' (three of a kind beats a straight, "
                            f"the default) or 'straight' (a straight beats three of a kind), "
                            f"not {rules!r}")
    return _lib.HS_SHORTDECK_RULES[rules]


def shortdeck_rank(cards: Cards, rules: str = "trips") -> Dict[str, Any]:
    """A short-deck (36 cards, 6 through A) hand of 5-7 cards: a dict with the columns of
    `shortdeck rank --csv`: cards (as given), class (1..1404, 1 = royal flush), category,
    description and best_five (in card order). rules: "trips" (three of a kind beats a straight,
    Triton rules, the default) or "straight" (`--straight-beats-trips`). A flush beats a full
    house in both; A-6-7-8-9 is the lowest straight.

        >>> handstat.shortdeck_rank("9S 9D 9C 6S 7D 8C TH")["category"]
        'three_of_a_kind'
    """
    r = _rules(rules, "shortdeck_rank")
    row = _ask("shortdeck_rank", "shortdeck rank", hand=_text(cards),
               straight_beats_trips=r == _lib.HS_SHORTDECK_RULES["straight"]).iloc[0]
    return {"cards": row["cards"], "class": int(row["class"]), "category": row["category"],
            "description": row["description"], "best_five": row["best_five"]}


def shortdeck_hist(cards: int = 7, classes: bool = False, rules: str = "trips") -> pd.DataFrame:
    """The exact distribution of all 5-, 6- or 7-card hands of the 36-card deck (376,992,
    1,947,792, 8,347,680 hands; `shortdeck hist --cards K`): by category in the rules' order,
    best first (category, count, probability, probability_exact) or, with classes=True, by class
    (class, category, description, count, probability, probability_exact). rules as for
    shortdeck_rank. Under a second, one thread."""
    if cards not in (5, 6, 7):
        raise HandstatError(f"shortdeck_hist: cards must be 5, 6 or 7, not {cards!r}")
    r = _rules(rules, "shortdeck_hist")
    h = _lib.ShortdeckHist()
    _check(_lib.shortdeck_hist_run(cards, r, ctypes.byref(h)), "shortdeck_hist")
    if classes:
        cls = range(1, _lib.HS_SHORTDECK_CLASSES + 1)
        key = {"class": list(cls),
               "category": [_category_name(_lib.shortdeck_category(c, r)) for c in cls],
               "description": [_describe(_lib.shortdeck_describe, c, r) for c in cls]}
        counts = [int(h.count[c]) for c in cls]
    else:
        order = (ctypes.c_int * 9)()
        _lib.shortdeck_category_order(r, order)
        key = {"category": [_category_name(c) for c in order]}
        counts = [int(h.category[c]) for c in order]
    floats, exact = _shares(counts, int(h.hands))
    return pd.DataFrame({**key, "count": np.array(counts, dtype=np.int64),
                         "probability": floats, "probability_exact": exact})


# ---- lowball ---------------------------------------------------------------------------------

_LOW = {"a5": (_lib.low_a5_rank, _lib.low_a5_describe, _lib.low_a5_best_five, _lib.low_a5_top,
               _lib.low_a5_hist5, _lib.HS_LOW_A5_CLASSES),
        "27": (_lib.low_27_rank, _lib.low_27_describe, _lib.low_27_best_five, _lib.low_27_top,
               _lib.low_27_hist5, _lib.HS_LOW_27_CLASSES)}


def _kind(kind, what):
    kind = str(kind)
    if kind not in _LOW:
        raise HandstatError(f"{what}: kind must be 'a5' (ace-to-five) or '27' (deuce-to-seven), "
                            f"not {kind!r}")
    return _LOW[kind]


def lowball_rank(cards: Cards, kind: str = "a5") -> Dict[str, Any]:
    """The best low of 5-7 cards (`lowball rank --a5|--27 --csv`): a dict of cards (as given),
    class, description and best_five (in card order). kind "a5" (ace-to-five: the ace low,
    straights and flushes ignored; 1 = 5-4-3-2-A .. 6175 = K-K-K-K-Q) or "27" (deuce-to-seven:
    the ace high only, straights and flushes count against the hand; 1 = 7-5-4-3-2 .. 7462 = a
    royal flush). The lower the class, the better the low.

        >>> handstat.lowball_rank("7H 5D 4C 3S 2H KD")["description"]
        '7-5-4-3-2'
    """
    row = _ask("lowball_rank", "lowball rank", hand=_text(cards), kind=str(kind)).iloc[0]
    return {"cards": row["cards"], "class": int(row["class"]), "description": row["description"],
            "best_five": row["best_five"]}


def lowball_hist(kind: str = "a5") -> pd.DataFrame:
    """Every one of the 2,598,960 five-card hands by its low (`lowball hist --a5|--27`): one row
    per top card of an unpaired low, best first (a5: "5-low" .. "K-low"; 27, where an unpaired
    low also has no straight and no flush: "7-low" .. "K-low", "A-low"), then "pair_or_worse":
    category, count, probability, probability_exact."""
    _, _, _, top, hist5, classes = _kind(kind, "lowball_hist")
    count = (ctypes.c_uint64 * (classes + 1))()
    hist5(count)
    by_top, rest = [0] * 13, 0
    for c in range(1, classes + 1):
        t = top(c)
        if t >= 0:
            by_top[t] += count[c]
        else:
            rest += count[c]
    order = list(range(4, 13)) if str(kind) == "a5" else list(range(6, 13)) + [0]
    names = [f"{'A23456789TJQK'[r]}-low" for r in order] + ["pair_or_worse"]
    counts = [by_top[r] for r in order] + [rest]
    floats, exact = _shares(counts, sum(counts))
    return pd.DataFrame({"category": names, "count": np.array(counts, dtype=np.int64),
                         "probability": floats, "probability_exact": exact})
