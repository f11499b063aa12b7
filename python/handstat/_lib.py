"""The shared library libhandstat.so through ctypes (ABI level: no compiler at import).

The structures below mirror the C headers in include/handstat/; the tests check them against
figures the library is known to produce."""

import ctypes
import ctypes.util
import os

c_u8, c_u16, c_u32, c_u64, c_i64 = (ctypes.c_uint8, ctypes.c_uint16, ctypes.c_uint32,
                                    ctypes.c_uint64, ctypes.c_int64)
c_int, c_size, c_char_p, c_void_p = ctypes.c_int, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_void_p

HS_OK = 0
HS_ERR_DUPLICATE = -2
HS_ERR_COUNT = -3
HS_RANKS = 13
HS_POKER_CLASSES = 7462
HS_POKER_CATEGORIES = 9
HS_CRIB_MAX_SCORE = 29
HS_CRIB_COMBOS = 12994800
HS_HOLDEM_MAX_PLAYERS = 9
HS_HOLDEM_SHARE_UNIT = 2520
HS_HOLDEM_COMBOS = 1326
HS_DISCARD_MAX_KEEPS = 15
HS_STUD_MAX_PLAYERS = 8
HS_STUD_SHARE_UNIT = 1680
HS_STUD_GAMES = {"high": 0, "hilo": 1, "razz": 2}
HS_HOLDEM_CLASSES = 169
HS_HIT_MADE = 16
HS_HIT_FLAGS = 8
HS_STREETS = 3
HS_STREET = {"flop": 1, "turn": 2, "river": 4}


def _find_library():
    env = os.environ.get("HANDSTAT_LIBRARY")
    if env:
        return env
    try:
        from . import _paths  # written by cmake --install
        if os.path.exists(_paths.LIBRARY):
            return _paths.LIBRARY
    except ImportError:
        pass
    found = ctypes.util.find_library("handstat")
    if found:
        return found
    raise ImportError("libhandstat.so not found: install handstat (cmake --install) or set "
                      "HANDSTAT_LIBRARY to the library's path")


lib = ctypes.CDLL(_find_library())


class ParseError(ctypes.Structure):
    _fields_ = [("offset", c_size), ("length", c_size), ("line", c_size)]


class CribScore(ctypes.Structure):
    _fields_ = [(name, c_u8) for name in ("fifteens", "pairs", "runs", "flush", "nobs", "total")]


class CribHist(ctypes.Structure):
    _fields_ = [("count", c_u64 * (HS_CRIB_MAX_SCORE + 1)), ("points", c_u64 * 5),
                ("hands", c_u64)]


class PokerHist(ctypes.Structure):
    _fields_ = [("count", c_u64 * (HS_POKER_CLASSES + 1)),
                ("category", c_u64 * HS_POKER_CATEGORIES), ("hands", c_u64)]


class HoldemRange(ctypes.Structure):
    _fields_ = [("n", c_size), ("combo", c_u64 * HS_HOLDEM_COMBOS),
                ("weight", c_u8 * HS_HOLDEM_COMBOS)]


# unsigned __int128, little-endian, 16-byte aligned in C: the padding below keeps the offsets
class U128(ctypes.Structure):
    _fields_ = [("lo", c_u64), ("hi", c_u64)]

    def value(self):
        return self.lo | self.hi << 64


class HoldemPlayerExact(ctypes.Structure):
    _fields_ = [("wins", U128), ("ties", U128), ("losses", U128), ("shares", U128)]


class HoldemEquityExact(ctypes.Structure):
    _fields_ = [("players", c_int), ("_pad", c_u8 * 12), ("deals", U128),
                ("player", HoldemPlayerExact * HS_HOLDEM_MAX_PLAYERS)]


class DiscardKeep(ctypes.Structure):
    _fields_ = [("keep", c_u64), ("thrown", c_u64), ("hand_sum", c_u64), ("hand_sum2", c_u64),
                ("hand_cases", c_u32), ("hand_min", c_u8), ("hand_max", c_u8),
                ("crib_sum", c_u64), ("crib_cases", c_u64), ("combined_num", c_i64)]


class Discard(ctypes.Structure):
    _fields_ = [("players", c_int), ("role", c_int), ("n_keeps", c_int),
                ("keeps", DiscardKeep * HS_DISCARD_MAX_KEEPS)]


class StudPlayer(ctypes.Structure):
    _fields_ = [(name, c_u64) for name in ("wins", "ties", "losses", "scoops", "high_share",
                                           "low_share")]


class StudEquity(ctypes.Structure):
    _fields_ = [("players", c_int), ("game", c_int), ("known", c_int), ("deals", c_u64),
                ("low_deals", c_u64), ("p", StudPlayer * HS_STUD_MAX_PLAYERS)]


class HoldemHits(ctypes.Structure):
    _fields_ = [("total", c_u64), ("made", c_u64 * HS_HIT_MADE), ("flag", c_u64 * HS_HIT_FLAGS)]


class HoldemHitsClass(ctypes.Structure):
    _fields_ = [("cls", c_int), ("combos", c_int), ("weight", c_u64),
                ("street", HoldemHits * HS_STREETS)]


class HoldemDistCombo(ctypes.Structure):
    _fields_ = [("combo", c_u64), ("cls", c_int), ("weight", c_int), ("deals", c_u64),
                ("wins", c_u64), ("ties", c_u64), ("losses", c_u64)]


def _fn(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


P = ctypes.POINTER
strerror = _fn("hs_strerror", c_char_p, c_int)
version = _fn("hs_version", c_char_p)
cards_parse = _fn("hs_cards_parse", c_int, c_char_p, c_size, P(c_int), c_size, P(c_size),
                  P(ParseError))
card_format = _fn("hs_card_format", None, c_int, c_char_p)
crib_valid = _fn("hs_crib_valid", c_int, c_u64, c_int)
crib_score5 = _fn("hs_crib_score5", CribScore, c_u64, c_int, c_int)
crib_hist_run = _fn("hs_crib_hist_run", c_int, c_int, c_int, c_void_p, c_void_p, P(CribHist))
poker_valid = _fn("hs_poker_valid", c_int, c_u64)
poker_rank = _fn("hs_poker_rank", c_int, c_u64)
poker_rank_batch = _fn("hs_poker_rank_batch", None, P(c_u64), c_size, P(c_u16))
poker_category = _fn("hs_poker_category", c_int, c_int)
poker_category_name = _fn("hs_poker_category_name", c_char_p, c_int)
poker_hist_run = _fn("hs_poker_hist_run", c_int, c_int, c_int, c_void_p, c_void_p, P(PokerHist))
holdem_range_parse = _fn("hs_holdem_range_parse", c_int, c_char_p, c_size, P(HoldemRange),
                         c_char_p, c_size, P(ParseError))
holdem_equity_ranges = _fn("hs_holdem_equity_ranges", c_int, c_int, P(P(HoldemRange)), c_u64,
                           c_u64, c_int, c_void_p, c_void_p, P(HoldemEquityExact))
holdem_class_name = _fn("hs_holdem_class_name", None, c_int, c_char_p)
holdem_hit = _fn("hs_holdem_hit", c_int, c_u64, c_u64, P(ctypes.c_uint))
holdem_hit_name = _fn("hs_holdem_hit_name", c_char_p, c_int)
holdem_hit_flag_name = _fn("hs_holdem_hit_flag_name", c_char_p, c_int)
holdem_hits_board = _fn("hs_holdem_hits_board", c_int, P(HoldemRange), c_u64, c_u64,
                        P(HoldemHits))
holdem_hits_run = _fn("hs_holdem_hits_run", c_int, P(HoldemRange), c_u64, ctypes.c_uint, c_int,
                      c_void_p, c_void_p, P(HoldemHitsClass), P(c_int))
holdem_equity_dist = _fn("hs_holdem_equity_dist", c_int, P(HoldemRange), P(HoldemRange), c_u64,
                         c_u64, c_int, c_void_p, c_void_p, P(HoldemDistCombo), P(c_size))
discard_analyze = _fn("hs_discard_analyze", c_int, c_u64, c_int, P(Discard))
discard_combined_num = _fn("hs_discard_combined_num", c_i64, P(DiscardKeep), c_int)
stud_equity_run = _fn("hs_stud_equity_run", c_int, P(c_u64), c_int, c_u64, c_int, c_int, c_void_p,
                      c_void_p, P(StudEquity))
