"""Poker rankings: high hands (52 and 36 cards), lowball, and their exhaustive distributions."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict

import pandas as pd

from . import _lib
from ._core import Cards, HandstatError, Progress, _text
from ._request import _ask



def poker_rank(cards: Cards) -> int:
    """The class 1..7462 (1 = royal flush; smaller is better) of the best five of 5-7 cards (the
    class column of `poker rank --csv`)."""
    return int(_ask("poker_rank", "poker rank", hand=_text(cards))["class"].iloc[0])


def poker_hist(cards: int = 7, classes: bool = False, threads: int = 0,
               progress: Progress = None) -> pd.DataFrame:
    """The exact distribution of all 5-, 6- or 7-card hands (`poker hist --cards K`): by
    category (category, count, probability, probability_exact) or, with classes=True, by class
    (class, category, description, count, probability, probability_exact; `--classes`).
    Categories as in results/: straight_flush .. high_card. threads, progress: as for
    handstat.holdem_equity."""
    return _hist(_ask("poker_hist", "poker hist", threads, progress, cards=_hand_size(cards),
                      classes=classes))


def _hand_size(cards):
    """The hand size of a hist, passed as the request layer's text (it checks 5..7)."""
    if isinstance(cards, bool) or not isinstance(cards, int):
        raise HandstatError(f"cards must be 5, 6 or 7, not {cards!r}")
    return cards


def _hist(df):
    """A hist table with the shares of the hands beside each count: probability (the table's own
    where it has one) and probability_exact (a Fraction of the "hands" note)."""
    hands = int(df.attrs["notes"]["hands"])
    exact = [Fraction(int(c), hands) for c in df["count"]]
    if "probability" not in df.columns:
        df["probability"] = [float(x) for x in exact]
    df["probability_exact"] = exact
    return df


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
    r = _rules(rules, "shortdeck_hist")
    return _hist(_ask("shortdeck_hist", "shortdeck hist", cards=_hand_size(cards),
                      classes=classes,
                      straight_beats_trips=r == _lib.HS_SHORTDECK_RULES["straight"]))


# ---- lowball ---------------------------------------------------------------------------------

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
    return _hist(_ask("lowball_hist", "lowball hist", kind=str(kind)))
