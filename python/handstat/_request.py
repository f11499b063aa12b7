"""Any query of the library's one request layer (handstat/request.h): the command line's command
and arguments, checked and run by the same code as the command line and the web app, answered as
the same table."""

from __future__ import annotations

import ctypes
from fractions import Fraction
from typing import List, Sequence, Union

import pandas as pd

from . import _lib
from ._core import HandstatError, Progress, _call, _int_column

#: An argument value: text, a whole number, a flag, or (for "hand") a list of them.
Value = Union[str, int, bool, Sequence[str]]


def query_commands() -> List[str]:
    """The commands query() answers ("holdem equity", "crib discard", ...)."""
    names = _lib.request_commands()
    out = []
    i = 0
    while names[i] is not None:
        out.append(names[i].decode())
        i += 1
    return out


def _cell(text: str, kind: int):
    if kind == _lib.HS_CELL_INT:
        return int(text)
    if kind == _lib.HS_CELL_DECIMAL:
        return float(text)
    if kind == _lib.HS_CELL_FRACTION:
        return Fraction(text)
    return text


def query(command: str, threads: int = 0, progress: Progress = None,
          **args: Value) -> pd.DataFrame:
    """Answer `command` with `args` as the command line would: the same checks, messages and
    table. The arguments are the request layer's keys (underscores for hyphens: by_combo), e.g.

        query("holdem equity", hand=["QQ+,AKs", "JJ-99,AQs+"], board="Kh7d2c")
        query("holdem hits", hand="QQ+,AKs", board="Kh7d2c", by_combo=True)
        query("crib discard", hand="2C 3H 4D 5D 5S JS", role="pone", pegging=True)

    "hand" takes a list (one entry per player, in order); flags take True/False; counts take
    ints. Returns a DataFrame with the command's --csv columns, exact integers (an int64 column
    where they fit, else Python ints), exact fractions as Fractions, decimals as floats, text as str; the table's notes (the board,
    the deals, the range's equity, ...) are in `df.attrs["notes"]`. Raises HandstatError with the
    command line's message (naming the argument and the token) for a bad query, and stops at
    Ctrl-C (KeyboardInterrupt) or when `progress` raises."""
    request = ctypes.c_void_p()
    if _lib.request_new(command.encode(), ctypes.byref(request)) != _lib.HS_OK:
        raise HandstatError(f"unknown command '{command}' (known: "
                            f"{', '.join(query_commands())})")
    table = ctypes.c_void_p()
    try:
        for key, value in args.items():
            name = key.replace("_", "-")
            values = list(value) if name == "hand" and not isinstance(value, str) else [value]
            for v in values:
                text = ("1" if v else "0") if isinstance(v, bool) else str(v)
                if _lib.request_add(request, name.encode(), text.encode()) != _lib.HS_OK:
                    raise HandstatError(f"{command}: '{name}' is not one of its arguments, is "
                                        "given twice, or its value is too long or holds a "
                                        "control character")
        msg = ctypes.create_string_buffer(_lib.HS_REQUEST_MESSAGE)

        def run(fn, ctx):
            return _lib.request_run(request, threads, fn, ctx, ctypes.byref(table), msg,
                                    len(msg))

        try:
            rc = _call(run, progress)
        except HandstatError:
            raise HandstatError(msg.value.decode(errors="replace") or "cancelled") from None
        if rc != _lib.HS_OK:
            raise HandstatError(msg.value.decode(errors="replace"))
        cols = _lib.table_columns(table)
        names = [_lib.table_column(table, c).decode() for c in range(cols)]
        kinds = [_lib.table_column_kind(table, c) for c in range(cols)]
        rows = _lib.table_rows(table)
        data = {}
        for c in range(cols):
            cells = [_cell(_lib.table_cell(table, r, c).decode(), kinds[c]) for r in range(rows)]
            data[names[c]] = _int_column(cells) if kinds[c] == _lib.HS_CELL_INT else cells
        df = pd.DataFrame(data, columns=names)
        df.attrs["notes"] = {_lib.table_note_name(table, i).decode():
                             _lib.table_note_value(table, i).decode()
                             for i in range(_lib.table_notes(table))}
        return df
    finally:
        if table:
            _lib.table_free(table)
        _lib.request_free(request)
