"""The draw games: badugi's ranking, and one draw's exact odds, best discard and classic tables
in deuce-to-seven (27), ace-to-five (a5), five-card draw (high) and badugi (handstat/draw.h)."""

from __future__ import annotations

from typing import Any, Dict, Optional

import pandas as pd

from ._core import Cards, _text
from ._request import _ask


def _cards(cards: Optional[Cards]) -> Optional[str]:
    return None if cards is None else _text(cards)


def badugi_rank(cards: Cards) -> Dict[str, Any]:
    """A badugi hand's class (`badugi rank --csv`): a dict of cards (as given), class (1..1092,
    the lower the better: the largest subset of distinct ranks and suits, then the lowest, aces
    low), size (1..4), description and best (the cards that make it).

        >>> handstat.badugi_rank("AC 2D 3H 4S")["description"]
        '4-card badugi, 4-3-2-A'
    """
    row = _ask("badugi_rank", "badugi rank", hand=_text(cards)).iloc[0]
    return {"cards": row["cards"], "class": int(row["class"]), "size": int(row["size"]),
            "description": row["description"], "best": row["best"]}


def badugi_hist() -> pd.DataFrame:
    """Every one of the 270,725 four-card hands by its badugi's size and top card
    (`badugi hist`): size, top, classes, count."""
    return _ask("badugi_hist", "badugi hist")


def draw_odds(game: str, kept: Optional[Cards] = None, draw: Optional[int] = None,
              discard: Optional[Cards] = None, dead: Optional[Cards] = None) -> pd.DataFrame:
    """One draw's exact odds (`draw odds`): game "27", "a5", "high" or "badugi"; the kept cards
    (None: drawing all), the cards drawn (default: the hand size less the kept), the player's own
    discards and other dead cards (out of the stub). One row per final band, best first: band,
    count, probability, fraction (exact), or_better."""
    return _ask("draw_odds", "draw odds", game=str(game), hand=_cards(kept),
                draw=None if draw is None else str(int(draw)), discard=_cards(discard),
                dead=_cards(dead))


def draw_discard(game: str, hand: Cards, opponent: Optional[Cards] = None,
                 opponent_discard: Optional[Cards] = None,
                 dead: Optional[Cards] = None) -> pd.DataFrame:
    """Every discard choice of a hand with one draw to come (`draw discard`), best first: discard,
    kept, draw, the count of each final band, draws, mean_class and, against a known opponent
    (drawing to the cards it throws, `opponent_discard`; pat without), wins, ties, losses, deals
    and the equity."""
    args = {"game": str(game), "hand": _text(hand), "opponent": _cards(opponent),
            "opponent-discard": _cards(opponent_discard), "dead": _cards(dead)}
    return _ask("draw_discard", "draw discard", **args)


def draw_table(game: str) -> pd.DataFrame:
    """The classic one-draw table of game "27", "a5" or "badugi" (`draw table`): for every keep of
    low distinct ranks in distinct suits, kept, discard, draw, draws and the count of each band."""
    return _ask("draw_table", "draw table", game=str(game))


def draw_equity(game: str, hands: Any, dead: Optional[Cards] = None, draws: int = 1,
                policy: Any = None, samples: Optional[int] = None, seed: Optional[int] = None,
                threads: int = 0) -> pd.DataFrame:
    """The equity of 2 to 6 players with one to three draws to come (`draw equity`): hands, one
    per player, "CARDS" or "CARDS:DISCARD" (the cards it throws on the first draw; nothing after
    ':': pat; no ':': its policy chooses). policy: one name for every player or a list, one each
    ("pat", "keep:K", "stand:R" for 27, a5 and badugi; "pairs" for high: README, Draw policies),
    how each draws after the first draw. One draw without samples: player, hand, discard, draw,
    wins, ties, equity, equity_exact over every deal (the "deals" note). Otherwise player, hand,
    discard, policy, equity, std_error, equity_exact, kind: exact when the final deals are at
    most 10^8, else (or with samples) an estimate with its standard error (kind "estimate")."""
    if isinstance(hands, str):
        hands = [hands]
    if policy is not None and not isinstance(policy, str):
        policy = ",".join(str(p) for p in policy)
    return _ask("draw_equity", "draw equity", threads=threads, game=str(game),
                hand=[str(h) for h in hands], dead=_cards(dead),
                draws=None if draws == 1 else str(int(draws)), policy=policy,
                samples=None if samples is None else str(int(samples)),
                seed=None if seed is None else str(int(seed)))
