"""Hold'em boards: what a hand or a range makes on a board or over every board, and the equity
distribution of a range against another."""

from __future__ import annotations

import builtins
import ctypes
from fractions import Fraction
from typing import List, Optional, Sequence, Tuple, Union

import pandas as pd

from . import _lib
from ._core import (Cards, HandstatError, Progress, _call, _cards, _holdem_card, _int_column,
                    _mask, _message, _overlap, _range)
from ._holdem import _class_name

_MADE = [_lib.holdem_hit_name(m).decode() for m in builtins.range(_lib.HS_HIT_MADE)]
_FLAGS = [_lib.holdem_hit_flag_name(f).decode() for f in builtins.range(_lib.HS_HIT_FLAGS)]


def _combo_text(mask):
    """Two hole cards as hold'em ranges write them ("AsKs", "Td9d"): the higher rank first (ace
    high), a pair's suits in the order spades, hearts, diamonds, clubs."""
    cards = [c for c in builtins.range(52) if mask >> c & 1]
    cards.sort(key=lambda c: ((c % 13 - 1) % 13, c // 13), reverse=True)
    return "".join(_holdem_card(c) for c in cards)


def holdem_hit(hole: Cards, board: Cards) -> Tuple[str, List[str]]:
    """What two hole cards make on a flop, turn or river (3-5 board cards): the made-hand
    category's identifier ("set", "top_pair", "ace_high", "nothing", ...: the first of the
    list in handstat/holdem_board.h that holds) and the list of its flags' identifiers
    ("flush_draw", "oesd", "backdoor_flush", "plays_board", ...), in the header's order.

        >>> handstat.holdem_hit("AhKh", "Kd 7h 2h")
        ('top_pair', ['flush_draw', 'nut_flush_draw'])
    """
    h = _mask(_cards(hole, (2,), "holdem_hit hole"))
    b = _mask(_cards(board, (3, 4, 5), "holdem_hit board"))
    _overlap(h, b, "holdem_hit board")
    flags = ctypes.c_uint(0)
    made = _lib.holdem_hit(h, b, ctypes.byref(flags))
    if made < 0:
        raise HandstatError(f"holdem_hit: {_message(made)}")
    return _MADE[made], [_FLAGS[f] for f in builtins.range(_lib.HS_HIT_FLAGS)
                         if flags.value >> f & 1]


def _hit_rows(h):
    """(kind, category, weighted count) of one hs_holdem_hits: the made categories, then the
    flags."""
    return ([("made", _MADE[m], int(h.made[m])) for m in builtins.range(_lib.HS_HIT_MADE)] +
            [("flag", _FLAGS[f], int(h.flag[f])) for f in builtins.range(_lib.HS_HIT_FLAGS)])


def holdem_hits(range: str, board: Optional[Cards] = None, dead: Cards = "",
                streets: Union[str, Sequence[str]] = ("flop",), threads: int = 0,
                by_combo: bool = False, progress: Progress = None) -> pd.DataFrame:
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
    and Ctrl-C as for holdem_equity (every river takes about a minute)."""
    r, _ = _range(range, "holdem_hits")
    d = _mask(_cards(dead, builtins.range(53), "holdem_hits dead")) if dead else 0
    if by_combo and not board:
        raise HandstatError("holdem_hits: by_combo lists the combinations on one board")
    if board:
        b = _mask(_cards(board, (3, 4, 5), "holdem_hits board"))
        _overlap(b, d, "holdem_hits dead")
        if by_combo:
            rows = []
            for i in builtins.range(r.n):
                combo = r.combo[i]
                if combo & (b | d):
                    continue
                flags = ctypes.c_uint(0)
                made = _lib.holdem_hit(combo, b, ctypes.byref(flags))
                rows.append({"combo": _combo_text(combo),
                             "class": _class_name(_lib.holdem_class(combo)),
                             "weight": int(r.weight[i]), "category": _MADE[made],
                             "flags": " ".join(_FLAGS[f] for f in builtins.range(_lib.HS_HIT_FLAGS)
                                               if flags.value >> f & 1)})
            if not rows:
                raise HandstatError("holdem_hits: every combination of the range meets the board "
                                    "or the dead cards")
            return pd.DataFrame(rows, columns=["combo", "class", "weight", "category", "flags"])
        h = _lib.HoldemHits()
        rc = _lib.holdem_hits_board(ctypes.byref(r), b, d, ctypes.byref(h))
        if rc == _lib.HS_ERR_COUNT:
            raise HandstatError("holdem_hits: every combination of the range meets the board or "
                                "the dead cards")
        if rc != _lib.HS_OK:
            raise HandstatError(f"holdem_hits: {_message(rc)}")
        rows = _hit_rows(h)
        exact = [Fraction(n, h.total) for _, _, n in rows]
        return pd.DataFrame({"kind": [k for k, _, _ in rows], "category": [c for _, c, _ in rows],
                             "combos": [Fraction(n, 100) for _, _, n in rows],
                             "share": [float(x) for x in exact], "share_exact": exact})
    if isinstance(streets, str):
        streets = (streets,)
    bits = 0
    for s in streets:
        if s not in _lib.HS_STREET:
            raise HandstatError(f"holdem_hits: street '{s}': 'flop', 'turn' or 'river'")
        bits |= _lib.HS_STREET[s]
    if not bits:
        raise HandstatError("holdem_hits: a board, or one street or more, is needed")
    out = (_lib.HoldemHitsClass * _lib.HS_HOLDEM_CLASSES)()
    n = ctypes.c_int(0)
    rc = _call(lambda fn, ctx: _lib.holdem_hits_run(ctypes.byref(r), d, bits, threads, fn, ctx, out,
                                                    ctypes.byref(n)), progress)
    if rc == _lib.HS_ERR_COUNT:
        raise HandstatError("holdem_hits: every combination of the range meets the dead cards")
    if rc != _lib.HS_OK:
        raise HandstatError(f"holdem_hits: {_message(rc)}")
    cols = {k: [] for k in ("class", "combos", "street", "kind", "category", "hits", "boards",
                            "share", "share_exact")}
    for e in out[:n.value]:
        name, combos = _class_name(e.cls), Fraction(e.weight, 100)
        for i, street in enumerate(("flop", "turn", "river")):
            if not bits & _lib.HS_STREET[street]:
                continue
            h = e.street[i]
            for kind, category, count in _hit_rows(h):
                exact = Fraction(count, h.total) if h.total else Fraction(0)
                for k, v in (("class", name), ("street", street), ("kind", kind),
                             ("category", category), ("combos", combos),
                             ("hits", Fraction(count, 100)), ("boards", Fraction(h.total, 100)),
                             ("share", float(exact)), ("share_exact", exact)):
                    cols[k].append(v)
    return pd.DataFrame(cols)


def holdem_equity_dist(hero: str, villain: str, board: Cards = "", dead: Cards = "",
                       threads: int = 0, progress: Progress = None) -> pd.DataFrame:
    """The exact equity of each combination of the hero's range against the villain's range,
    heads-up, over every villain combination and board completion (a deal counts the villain
    combination's weight, the villain range's weights divided by their greatest common divisor,
    as holdem_equity counts them). One row per hero combination that can be dealt, the best
    equity first (equal ones in the range's order): combo ("AsKs"), class ("AKs"), weight (the
    hero range's, percent), deals, wins, ties, losses (weighted deals), equity (float),
    equity_exact (Fraction (2 wins + ties) / (2 deals)) and cumulative (float: the share of the
    rows' weight up to this row): the columns of `holdem equity-dist --csv`. The range's equity
    is sum(weight * (2 wins + ties)) / sum(weight * 2 deals), exactly holdem_equity's. threads,
    progress and Ctrl-C as for holdem_equity."""
    h, _ = _range(hero, "holdem_equity_dist hero")
    v, _ = _range(villain, "holdem_equity_dist villain")
    b = _mask(_cards(board, builtins.range(6), "holdem_equity_dist board")) if board else 0
    d = _mask(_cards(dead, builtins.range(53), "holdem_equity_dist dead")) if dead else 0
    _overlap(b, d, "holdem_equity_dist dead")
    out = (_lib.HoldemDistCombo * max(h.n, 1))()
    n = ctypes.c_size_t(0)
    rc = _call(lambda fn, ctx: _lib.holdem_equity_dist(ctypes.byref(h), ctypes.byref(v), b, d,
                                                       threads, fn, ctx, out, ctypes.byref(n)),
               progress)
    if rc == _lib.HS_ERR_COUNT:
        raise HandstatError("holdem_equity_dist: no hero combination can be dealt against a "
                            "villain combination")
    if rc != _lib.HS_OK:
        raise HandstatError(f"holdem_equity_dist: {_message(rc)}")
    rows = out[:n.value]
    running, total = [], 0
    for e in rows:
        total += int(e.weight)
        running.append(total)
    exact = [Fraction(2 * int(e.wins) + int(e.ties), 2 * int(e.deals)) for e in rows]
    return pd.DataFrame({
        "combo": [_combo_text(e.combo) for e in rows],
        "class": [_class_name(e.cls) for e in rows],
        "weight": [int(e.weight) for e in rows],
        "deals": _int_column([int(e.deals) for e in rows]),
        "wins": _int_column([int(e.wins) for e in rows]),
        "ties": _int_column([int(e.ties) for e in rows]),
        "losses": _int_column([int(e.losses) for e in rows]),
        "equity": [float(x) for x in exact], "equity_exact": exact,
        "cumulative": [float(Fraction(w, total)) for w in running]})
