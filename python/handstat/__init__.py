"""handstat for Python: exact card-hand statistics from libhandstat.so.

Every count is an exact Python int (or an int64 column where it fits), every exact probability
or expectation a fractions.Fraction; floats are only the convenience columns next to them.
Errors raise HandstatError (a ValueError) with the library's message and the offending token.

    >>> import handstat
    >>> handstat.crib_score("5H 5D 5S JC 5C")["total"]
    29
    >>> handstat.holdem_equity(["AhAd", "KsKc"])[["hand", "equity_exact"]]
"""

import builtins
import ctypes
from fractions import Fraction

import numpy as np
import pandas as pd

from . import _lib

__all__ = ["HandstatError", "version", "crib_score", "crib_hist", "crib_discard", "poker_rank",
           "poker_rank_batch", "poker_hist", "holdem_equity", "holdem_hit", "holdem_hits",
           "holdem_equity_dist", "stud_equity"]


class HandstatError(ValueError):
    """A bad hand, card set or argument, with the library's message."""


def version():
    """The version of the library loaded ("0.1.0")."""
    return _lib.version().decode()


def _message(rc):
    return _lib.strerror(rc).decode()


def _text(cards):
    if isinstance(cards, (list, tuple)):
        cards = " ".join(str(c) for c in cards)
    if not isinstance(cards, str):
        raise TypeError("cards must be a string such as 'AH 5D' or a list of card strings")
    return cards


def _token(raw, err):
    return raw[err.offset:err.offset + err.length].decode(errors="replace")


def _cards(cards, counts, what):
    """Card ids (0..51) of `cards`, whose number must be in `counts`."""
    raw = _text(cards).encode()
    out = (ctypes.c_int * 52)()
    n = ctypes.c_size_t(0)
    err = _lib.ParseError()
    rc = _lib.cards_parse(raw, len(raw), out, 52, ctypes.byref(n), ctypes.byref(err))
    if rc != _lib.HS_OK:
        raise HandstatError(f"{what}: '{_token(raw, err)}': {_message(rc)}")
    if n.value not in counts:
        want = " or ".join(str(c) for c in counts)
        raise HandstatError(f"{what}: {want} cards needed, {n.value} given")
    return list(out[:n.value])


def _mask(ids):
    m = 0
    for c in ids:
        m |= 1 << c
    return m


def _format(mask, order):
    """The cards of mask in the order of the card ids `order` (as they were given)."""
    buf = ctypes.create_string_buffer(3)
    names = []
    for c in order:
        if mask >> c & 1:
            _lib.card_format(c, buf)
            names.append(buf.value.decode())
    return " ".join(names)


# ---- cribbage ------------------------------------------------------------------------------

def crib_score(cards, crib=False):
    """Score four hand cards and the starter (the last card): a dict of fifteens, pairs, runs,
    flush, nobs and total. crib=True applies the crib's flush rule (all five of one suit)."""
    ids = _cards(cards, (5,), "crib_score")
    hand, starter = _mask(ids[:4]), ids[4]
    s = _lib.crib_score5(hand, starter, 1 if crib else 0)
    return {k: int(getattr(s, k)) for k in ("fifteens", "pairs", "runs", "flush", "nobs", "total")}


def crib_hist(rules="hand", threads=0):
    """The exact score distribution over all 12,994,800 hands and starters: a DataFrame of
    score, count, probability (float) and probability_exact (Fraction). rules: "hand" or
    "crib" (the flush rule)."""
    if rules not in ("hand", "crib"):
        raise HandstatError(f"crib_hist: rules must be 'hand' or 'crib', not {rules!r}")
    h = _lib.CribHist()
    rc = _lib.crib_hist_run(1 if rules == "crib" else 0, threads, None, None, ctypes.byref(h))
    if rc != _lib.HS_OK:
        raise HandstatError(f"crib_hist: {_message(rc)}")
    counts = [int(c) for c in h.count]
    exact = [Fraction(c, h.hands) for c in counts]
    return pd.DataFrame({"score": range(len(counts)), "count": np.array(counts, dtype=np.int64),
                         "probability": [float(p) for p in exact], "probability_exact": exact})


def crib_discard(cards, role="dealer"):
    """Every keep of a deal (six cards: two players; five: three players) with its exact
    expectations, best first: keep, throw, hand_ev, hand_ev_exact, hand_min, hand_max, crib_ev,
    crib_ev_exact, combined_ev, combined_ev_exact (dealer: hand + crib; pone: hand - crib)."""
    roles = {"dealer": 0, "pone": 1}
    if role not in roles:
        raise HandstatError(f"crib_discard: role must be 'dealer' or 'pone', not {role!r}")
    ids = _cards(cards, (5, 6), "crib_discard")
    d = _lib.Discard()
    rc = _lib.discard_analyze(_mask(ids), roles[role], ctypes.byref(d))
    if rc != _lib.HS_OK:
        raise HandstatError(f"crib_discard: {_message(rc)}")
    rows = []
    for k in d.keeps[:d.n_keeps]:
        hand = Fraction(k.hand_sum, k.hand_cases)
        crib = Fraction(k.crib_sum, k.crib_cases)
        combined = Fraction(_lib.discard_combined_num(ctypes.byref(k), roles[role]),
                            k.crib_cases)
        rows.append({"keep": _format(k.keep, ids), "throw": _format(k.thrown, ids),
                     "hand_ev": float(hand), "hand_ev_exact": hand,
                     "hand_min": k.hand_min, "hand_max": k.hand_max,
                     "crib_ev": float(crib), "crib_ev_exact": crib,
                     "combined_ev": float(combined), "combined_ev_exact": combined})
    return pd.DataFrame(rows)


# ---- poker ---------------------------------------------------------------------------------

def poker_rank(cards):
    """The class 1..7462 (1 = royal flush; smaller is better) of the best five of 5-7 cards."""
    return int(_lib.poker_rank(_mask(_cards(cards, (5, 6, 7), "poker_rank"))))


def poker_rank_batch(masks):
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


def poker_hist(cards=7, classes=False, threads=0):
    """The exact distribution of all 5-, 6- or 7-card hands: by category (category, count,
    probability, probability_exact) or, with classes=True, by class (class, category, count,
    ...). Categories as in results/: straight_flush .. high_card."""
    if cards not in (5, 6, 7):
        raise HandstatError(f"poker_hist: cards must be 5, 6 or 7, not {cards!r}")
    h = _lib.PokerHist()
    rc = _lib.poker_hist_run(cards, threads, None, None, ctypes.byref(h))
    if rc != _lib.HS_OK:
        raise HandstatError(f"poker_hist: {_message(rc)}")
    total = int(h.hands)
    if classes:
        cls = range(1, _lib.HS_POKER_CLASSES + 1)
        cats = [_lib.poker_category_name(_lib.poker_category(c)).decode() for c in cls]
        counts = [int(h.count[c]) for c in cls]
        key = {"class": list(cls), "category": cats}
    else:
        counts = [int(c) for c in h.category]
        key = {"category": [_lib.poker_category_name(c).decode()
                            for c in range(_lib.HS_POKER_CATEGORIES)]}
    exact = [Fraction(c, total) for c in counts]
    return pd.DataFrame({**key, "count": np.array(counts, dtype=np.int64),
                         "probability": [float(p) for p in exact], "probability_exact": exact})


# ---- hold'em -------------------------------------------------------------------------------

def _range(text, what):
    r = _lib.HoldemRange()
    raw = text.encode()
    err = _lib.ParseError()
    rc = _lib.holdem_range_parse(raw, len(raw), ctypes.byref(r), None, 0, ctypes.byref(err))
    if rc != _lib.HS_OK:
        raise HandstatError(f"{what}: '{_token(raw, err) or text}': {_message(rc)}")
    return r


def _int_column(values):
    return np.array(values, dtype=np.int64) if max(values) < 2**63 else values


def holdem_equity(hands, board="", dead="", threads=0):
    """Exact hold'em equity over every deal and board: hands is a list of 2-9 hands or ranges
    ("AhAd", "KK", "QQ+,AKs", "random", "15%", "AKs@50"). A DataFrame of player (1..), hand,
    wins, ties, losses (weighted deals), equity (float) and equity_exact (Fraction)."""
    if isinstance(hands, str) or not 2 <= len(hands) <= _lib.HS_HOLDEM_MAX_PLAYERS:
        raise HandstatError("holdem_equity: a list of 2 to 9 hands or ranges is needed")
    ranges = [_range(h, "holdem_equity") for h in hands]
    b = _mask(_cards(board, range(6), "holdem_equity board")) if board else 0
    d = _mask(_cards(dead, range(53), "holdem_equity dead")) if dead else 0
    ptrs = (ctypes.POINTER(_lib.HoldemRange) * len(ranges))(
        *[ctypes.pointer(r) for r in ranges])
    e = _lib.HoldemEquityExact()
    rc = _lib.holdem_equity_ranges(len(ranges), ptrs, b, d, threads, None, None, ctypes.byref(e))
    if rc != _lib.HS_OK:
        raise HandstatError(f"holdem_equity: {_message(rc)}")
    deals = e.deals.value()
    players = [e.player[p] for p in range(len(ranges))]
    exact = [Fraction(q.shares.value(), deals * _lib.HS_HOLDEM_SHARE_UNIT) for q in players]
    return pd.DataFrame({
        "player": range(1, len(ranges) + 1), "hand": list(hands),
        "wins": _int_column([q.wins.value() for q in players]),
        "ties": _int_column([q.ties.value() for q in players]),
        "losses": _int_column([q.losses.value() for q in players]),
        "equity": [float(x) for x in exact], "equity_exact": exact})


# ---- hold'em boards: what a hand or a range makes, and the equity distribution -------------

_MADE = [_lib.holdem_hit_name(m).decode() for m in builtins.range(_lib.HS_HIT_MADE)]
_FLAGS = [_lib.holdem_hit_flag_name(f).decode() for f in builtins.range(_lib.HS_HIT_FLAGS)]


def _class_name(cls):
    buf = ctypes.create_string_buffer(4)
    _lib.holdem_class_name(cls, buf)
    return buf.value.decode()


def _holdem_card(card):
    """A card as hold'em ranges write it: "Ah", "Td"."""
    buf = ctypes.create_string_buffer(3)
    _lib.card_format(card, buf)
    return buf.value[:1].decode() + buf.value[1:].decode().lower()


def _combo_text(mask):
    """Two hole cards as hold'em ranges write them ("AsKs", "Td9d"): the higher rank first (ace
    high), a pair's suits in the order spades, hearts, diamonds, clubs."""
    cards = [c for c in builtins.range(52) if mask >> c & 1]
    cards.sort(key=lambda c: ((c % 13 - 1) % 13, c // 13), reverse=True)
    return "".join(_holdem_card(c) for c in cards)


def _overlap(a, b, what):
    """Raise naming the first card that masks a and b both hold."""
    both = a & b
    if both:
        card = _holdem_card((both & -both).bit_length() - 1)
        raise HandstatError(f"{what}: '{card}': {_message(_lib.HS_ERR_DUPLICATE)}")


def holdem_hit(hole, board):
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


def holdem_hits(range, board=None, dead="", streets=("flop",), threads=0):
    """What a hold'em range makes: on one board, or over every flop, turn or river.

    With a board (3-5 cards), one row per made-hand category and per flag (the categories add
    up to the range; a combination can have several flags or none): kind ("made" or "flag"),
    category (its identifier, as holdem_hit gives it), combos (the weighted combinations, a
    Fraction: a combination of weight w percent counts w/100), share (float) and share_exact
    (Fraction of the range's weight). Combinations meeting the board or the dead cards are left
    out; streets and threads are not used.

    Without a board, every board of each street in `streets` ("flop", "turn", "river"; a
    string or a sequence) dealt from the cards that are neither the combination's nor dead:
    one row per class of the range, street (in that order) and category or flag, with class
    ("AKs"), street, kind, category, combos (the class's weighted combinations, a Fraction),
    hits and boards (weighted (combination, board) pairs / 100, Fractions), share (float) and
    share_exact (Fraction hits / boards). threads: OpenMP workers (0: the default)."""
    r = _range(range, "holdem_hits")
    d = _mask(_cards(dead, builtins.range(53), "holdem_hits dead")) if dead else 0
    if board:
        b = _mask(_cards(board, (3, 4, 5), "holdem_hits board"))
        _overlap(b, d, "holdem_hits dead")
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
    rc = _lib.holdem_hits_run(ctypes.byref(r), d, bits, threads, None, None, out, ctypes.byref(n))
    if rc == _lib.HS_ERR_COUNT:
        raise HandstatError("holdem_hits: every combination of the range meets the dead cards")
    if rc != _lib.HS_OK:
        raise HandstatError(f"holdem_hits: {_message(rc)}")
    cols = {k: [] for k in ("class", "street", "kind", "category", "combos", "hits", "boards",
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


def holdem_equity_dist(hero, villain, board="", dead="", threads=0):
    """The exact equity of each combination of the hero's range against the villain's range,
    heads-up, over every villain combination and board completion (a deal counts the villain
    combination's weight, the villain range's weights divided by their greatest common divisor,
    as holdem_equity counts them). One row per hero combination that can be dealt, the best
    equity first (equal ones in the range's order): combo ("AsKs"), class ("AKs"), weight (the
    hero range's, percent), deals, wins, ties, losses (weighted deals), equity (float) and
    equity_exact (Fraction (2 wins + ties) / (2 deals)). The range's equity is
    sum(weight * (2 wins + ties)) / sum(weight * 2 deals), exactly holdem_equity's."""
    h = _range(hero, "holdem_equity_dist hero")
    v = _range(villain, "holdem_equity_dist villain")
    b = _mask(_cards(board, builtins.range(6), "holdem_equity_dist board")) if board else 0
    d = _mask(_cards(dead, builtins.range(53), "holdem_equity_dist dead")) if dead else 0
    _overlap(b, d, "holdem_equity_dist dead")
    out = (_lib.HoldemDistCombo * max(h.n, 1))()
    n = ctypes.c_size_t(0)
    rc = _lib.holdem_equity_dist(ctypes.byref(h), ctypes.byref(v), b, d, threads, None, None,
                                 out, ctypes.byref(n))
    if rc == _lib.HS_ERR_COUNT:
        raise HandstatError("holdem_equity_dist: no hero combination can be dealt against a "
                            "villain combination")
    if rc != _lib.HS_OK:
        raise HandstatError(f"holdem_equity_dist: {_message(rc)}")
    rows = out[:n.value]
    exact = [Fraction(2 * int(e.wins) + int(e.ties), 2 * int(e.deals)) for e in rows]
    return pd.DataFrame({
        "combo": [_combo_text(e.combo) for e in rows],
        "class": [_class_name(e.cls) for e in rows],
        "weight": [int(e.weight) for e in rows],
        "deals": _int_column([int(e.deals) for e in rows]),
        "wins": _int_column([int(e.wins) for e in rows]),
        "ties": _int_column([int(e.ties) for e in rows]),
        "losses": _int_column([int(e.losses) for e in rows]),
        "equity": [float(x) for x in exact], "equity_exact": exact})


# ---- stud ----------------------------------------------------------------------------------

def stud_equity(hands, dead="", game="high", threads=0):
    """Exact seven-card stud equity over every completion of every hand: hands is a list of 2-8
    hands of 3 to 7 known cards each ("Ah Ad 7c"), all the same number; game "high", "hilo"
    (8-or-better) or "razz". A DataFrame of player (1..), hand, wins, ties, losses (hi/lo: of
    the high half), scoops (hi/lo), high_share and low_share (expected fractions of the pot),
    equity (float) and equity_exact (Fraction)."""
    if game not in _lib.HS_STUD_GAMES:
        raise HandstatError("stud_equity: game is 'high', 'hilo' or 'razz'")
    if isinstance(hands, str) or not 2 <= len(hands) <= _lib.HS_STUD_MAX_PLAYERS:
        raise HandstatError("stud_equity: a list of 2 to 8 hands is needed")
    masks = [_mask(_cards(h, range(3, 8), f"stud_equity hand {i + 1}"))
             for i, h in enumerate(hands)]
    d = _mask(_cards(dead, range(53), "stud_equity dead")) if dead else 0
    arr = (ctypes.c_uint64 * len(masks))(*masks)
    e = _lib.StudEquity()
    rc = _lib.stud_equity_run(arr, len(masks), d, _lib.HS_STUD_GAMES[game], threads, None, None,
                              ctypes.byref(e))
    if rc != _lib.HS_OK:
        raise HandstatError(f"stud_equity: {_message(rc)}")
    den = e.deals * _lib.HS_STUD_SHARE_UNIT
    players = [e.p[p] for p in range(len(masks))]
    return pd.DataFrame({
        "player": range(1, len(masks) + 1), "hand": list(hands),
        "wins": _int_column([q.wins for q in players]),
        "ties": _int_column([q.ties for q in players]),
        "losses": _int_column([q.losses for q in players]),
        "scoops": _int_column([q.scoops for q in players]),
        "high_share": [q.high_share / den for q in players],
        "low_share": [q.low_share / den for q in players],
        "equity": [(q.high_share + q.low_share) / den for q in players],
        "equity_exact": [Fraction(q.high_share + q.low_share, den) for q in players]})
