"""Rank and score NumPy arrays of hands in one call each, at the C batch kernels' speed.

Each function checks its whole array in C (handstat/cards.h: hs_masks_check, hs_ids7_check,
hs_masks_check_apart; a fraction of the kernel's time) and then runs the C batch kernel on the
array's own memory: no Python loop and no copy for an array of the expected dtype that is
C-contiguous. An array of another integer dtype, or not contiguous, is converted first (a copy;
values out of the expected dtype's range are refused, never wrapped). A hand that is not valid
raises HandstatError (a ValueError) naming its index and what is wrong with it, and nothing is
ranked: the kernels take their preconditions on trust, so an unchecked bad hand would be a wrong
answer or a read out of bounds."""

from __future__ import annotations

import ctypes
from typing import Any

import numpy as np

from . import _lib
from ._core import HandstatError

_P64 = ctypes.POINTER(ctypes.c_uint64)
_P16 = ctypes.POINTER(ctypes.c_uint16)
_P8 = ctypes.POINTER(ctypes.c_uint8)


def _array(what: str, name: str, a: Any, dtype, ndim: int, width: int = 0) -> np.ndarray:
    """`a` as a C-contiguous array of `dtype` with `ndim` dimensions (the second of `width`
    columns when ndim is 2), without a copy when it already is one. Other integer dtypes are
    converted when every value fits; anything else is refused with a message naming the
    argument and, for a value that does not fit, its index."""
    arr = np.asarray(a)
    if arr.size == 0 and arr.dtype.kind == "f":  # [] and np.array([]) are float64
        arr = arr.astype(dtype)
    if arr.dtype.kind not in "iu":
        raise HandstatError(f"{what}: {name} must be an array of integers ({np.dtype(dtype).name}),"
                            f" not of {arr.dtype}")
    shape = "a one-dimensional array" if ndim == 1 else f"an n x {width} array"
    if arr.ndim != ndim or (ndim == 2 and arr.shape[1] != width):
        raise HandstatError(f"{what}: {name} must be {shape}, not of shape {arr.shape}")
    if arr.dtype != dtype:
        info = np.iinfo(dtype)
        if arr.size:
            bad = (arr < 0) | (arr > info.max) if arr.dtype.kind == "i" else arr > info.max
            if np.any(bad):
                where = np.argwhere(bad)[0]
                at = ", ".join(str(int(x)) for x in where)
                raise HandstatError(f"{what}: {name}[{at}] = {int(arr[tuple(where)])} does not fit"
                                    f" in {np.dtype(dtype).name}")
        arr = arr.astype(dtype)
    return np.ascontiguousarray(arr)


def _mask_problem(what: str, m: int, i: int, lo: int, hi: int) -> HandstatError:
    if m >> 52:
        return HandstatError(f"{what}: mask {i} has a bit above card 51 ({m:#x})")
    k = bin(m).count("1")
    need = f"{lo}" if lo == hi else f"{lo} to {hi}"
    return HandstatError(f"{what}: mask {i} holds {k} cards, {need} needed")


def poker_rank_batch(masks: Any) -> np.ndarray:
    """Classes (1..7462, as poker_rank) of many hands at once: masks is a one-dimensional array
    of uint64 hand masks (bit c for card c = suit * 13 + rank, ace = rank 0; 5 to 7 cards each);
    returns a uint16 array. Runs hs_poker_rank_batch (handstat/poker.h) on the array itself when
    it is C-contiguous uint64. A mask with a bit above card 51, or fewer than 5 or more than 7
    cards, raises HandstatError naming its index."""
    what = "poker_rank_batch"
    a = _array(what, "masks", masks, np.uint64, 1)
    n = a.size
    bad = _lib.masks_check(a.ctypes.data_as(_P64), n, 5, 7)
    if bad < n:
        raise _mask_problem(what, int(a[bad]), bad, 5, 7)
    out = np.empty(n, dtype=np.uint16)
    _lib.poker_rank_batch(a.ctypes.data_as(_P64), n, out.ctypes.data_as(_P16))
    return out


def poker_rank7_ids_batch(ids: Any) -> np.ndarray:
    """Classes (1..7462) of many seven-card hands given as card ids: ids is an n x 7 array of
    uint8 card ids (0..51, card = suit * 13 + rank, ace = rank 0; the seven of a row distinct,
    in any order); returns a uint16 array of n classes. Runs hs_poker_rank7_ids_batch on the
    array itself when it is C-contiguous uint8. An id above 51 or an id twice in a row raises
    HandstatError naming the row (the hand's index) and the column."""
    what = "poker_rank7_ids_batch"
    a = _array(what, "ids", ids, np.uint8, 2, 7)
    n = a.shape[0]
    bad = _lib.ids7_check(a.ctypes.data_as(_P8), n)
    if bad < n:
        row = [int(x) for x in a[bad]]
        for k, c in enumerate(row):
            if c > 51:
                raise HandstatError(f"{what}: hand {bad}: card id {c} (column {k}) is not 0..51")
        k = next(k for k in range(1, 7) if row[k] in row[:k])
        raise HandstatError(f"{what}: hand {bad}: card id {row[k]} appears twice (columns "
                            f"{row.index(row[k])} and {k})")
    out = np.empty(n, dtype=np.uint16)
    _lib.poker_rank7_ids_batch(a.ctypes.data_as(_P8), n, out.ctypes.data_as(_P16))
    return out


def crib_total_batch(hands: Any, starters: Any, crib: bool = False) -> np.ndarray:
    """Cribbage totals (0..29, as crib_score's total) of many hands at once: hands is a
    one-dimensional array of uint64 masks of four cards each, starters a uint8 array of as many
    starter cards (0..51, not in their hand); crib=True takes the crib's flush rule. Returns a
    uint8 array. Runs hs_crib_total_batch (handstat/crib.h) on the arrays themselves when they
    are C-contiguous of those dtypes. A hand of other than four cards, a starter above 51 or in
    its hand raises HandstatError naming its index."""
    what = "crib_total_batch"
    h = _array(what, "hands", hands, np.uint64, 1)
    s = _array(what, "starters", starters, np.uint8, 1)
    n = h.size
    if s.size != n:
        raise HandstatError(f"{what}: {n} hands but {s.size} starters")
    bad = _lib.masks_check_apart(h.ctypes.data_as(_P64), s.ctypes.data_as(_P8), n, 4, 4)
    if bad < n:
        m, c = int(h[bad]), int(s[bad])
        if m >> 52 or bin(m).count("1") != 4:
            raise _mask_problem(what, m, bad, 4, 4)
        why = "is not 0..51" if c > 51 else "is one of the hand's cards"
        raise HandstatError(f"{what}: starter {bad}: card id {c} {why}")
    out = np.empty(n, dtype=np.uint8)
    _lib.crib_total_batch(h.ctypes.data_as(_P64), s.ctypes.data_as(_P8), n, int(bool(crib)),
                          out.ctypes.data_as(_P8))
    return out
