"""Any query of the library's one request layer (handstat/request.h): the command line's command
and arguments, checked and run by the same code as the command line and the web app, answered as
the same table. The package's functions for those commands are thin wrappers over it (_ask)."""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Collection, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import pandas as pd

from . import _lib
from ._core import HandstatError, Progress, _call, _int_column, _message, _run_job

#: An argument value: text, a whole number, a flag, or (for an argument that takes several values,
#: such as "hand" and "folded") a list of them.
Value = Union[str, int, bool, Sequence[str]]


def query_commands() -> List[str]:
    """The commands query() answers ("holdem equity", "crib discard", ...)."""
    return [c.name for c in commands()]


@dataclass(frozen=True)
class Argument:
    """One argument of a command, as the library's registry describes it (handstat/command.h).

    name: the keyword (hyphens as in the registry: "by-combo"; query() takes by_combo too);
    kind: "cards", "range", "board", "choice", "count", "number", "flag" or "text";
    min, max: how many values ("hand" of holdem equity: 2 to 9; 0 to 1: optional);
    choices: a choice's values; default: the value taken when absent (None: none);
    help: one line."""
    name: str
    kind: str
    min: int
    max: int
    choices: Tuple[str, ...]
    default: Optional[str]
    help: str


@dataclass(frozen=True)
class Command:
    """A command of the request layer, as its registry describes it: the same entry the command
    line, the web app (GET /api/commands) and query() read.

    example: a worked example, keyword to value (a list for an argument that takes several),
    which query(name, **example) answers; example_cli: the same on the command line, after
    "handstat " (None when the command line asks it otherwise); job: it may run as one long job
    with a time estimate; samples: it can answer an estimate (the samples argument)."""
    name: str
    title: str
    summary: str
    arguments: Tuple[Argument, ...]
    example: Dict[str, Value]
    example_cli: Optional[str]
    job: bool
    samples: bool

    def argument(self, name: str) -> Optional[Argument]:
        """The argument called `name` (underscores for hyphens allowed), or None."""
        name = name.replace("_", "-")
        return next((a for a in self.arguments if a.name == name), None)


def _text(p: Optional[bytes]) -> Optional[str]:
    return None if p is None else p.decode()


def _command(info) -> Command:
    args = tuple(Argument(a.name.decode(), _lib.arg_kind_name(a.kind).decode(), a.min, a.max,
                          tuple(a.choices.decode().split("|")) if a.choices else (),
                          _text(a.default), a.help.decode())
                 for a in info.args[:info.n_args])
    values: Dict[str, List[str]] = {}
    i = 0
    while info.example and info.example[i] is not None:
        values.setdefault(info.example[i].decode(), []).append(info.example[i + 1].decode())
        i += 2
    # a list for an argument that takes several values, else the one value
    most = {a.name: a.max for a in args}
    example: Dict[str, Value] = {k: v if most.get(k, 1) > 1 else v[0] for k, v in values.items()}
    return Command(info.name.decode(), info.title.decode(), info.summary.decode(), args, example,
                   _text(info.example_cli), bool(info.flags & _lib.HS_COMMAND_JOB),
                   bool(info.flags & _lib.HS_COMMAND_SAMPLES))


def commands() -> List[Command]:
    """Every command of the request layer (query() answers each), from the library's registry:
    name, title, summary, arguments (kind, how many, choices, default, help) and a worked
    example. E.g. [c.name for c in commands()] or commands()[0].example."""
    out = []
    p = _lib.command_next(None)
    while p:
        out.append(_command(p.contents))
        p = _lib.command_next(p)
    return out


def command(name: str) -> Command:
    """The command called `name` ("holdem equity"); raises HandstatError naming the known ones."""
    p = _lib.command_by_name(name.encode())
    if not p:
        raise HandstatError(f"unknown command '{name}' (known: {', '.join(query_commands())})")
    return _command(p.contents)


class _Request:
    """One hs_request of `command` with `args` (query's keyword conventions; a None value is left
    out); its messages are prefixed with `what` (a function's name) when given. close() frees it."""

    def __init__(self, command: str, args: Mapping[str, Value], what: Optional[str] = None):
        self.what = what
        self.handle = ctypes.c_void_p()
        if not _lib.command_by_name(command.encode()):
            raise self.error(f"unknown command '{command}' (known: "
                             f"{', '.join(query_commands())})")
        info = _command(_lib.command_by_name(command.encode()).contents)
        # the registry's arguments: an unknown keyword or too many values is named here, with
        # the arguments the command takes
        for key, value in args.items():
            if value is None:
                continue
            arg = info.argument(key)
            if arg is None:
                raise self.error(f"{command}: '{key}' is not one of its arguments (it takes "
                                 f"{', '.join(a.name.replace('-', '_') for a in info.arguments)})")
            n = len(value) if arg.max > 1 and not isinstance(value, str) else 1
            if n > arg.max:
                raise self.error(f"{command}: '{key}' takes at most {arg.max} values, not {n}")
        if _lib.request_new(command.encode(), ctypes.byref(self.handle)) != _lib.HS_OK:
            raise self.error(f"unknown command '{command}'")
        try:
            for key, value in args.items():
                if value is None:
                    continue
                name = key.replace("_", "-")
                many = (info.argument(name) or Argument(name, "", 0, 1, (), None, "")).max > 1
                values = list(value) if many and not isinstance(value, str) else [value]
                for v in values:
                    text = ("1" if v else "0") if isinstance(v, bool) else str(v)
                    if _lib.request_add(self.handle, name.encode(), text.encode()) != _lib.HS_OK:
                        raise self.error(f"{command}: '{name}' is not one of its arguments, is "
                                         "given twice, or its value is too long")
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if self.handle:
            _lib.request_free(self.handle)
            self.handle = ctypes.c_void_p()

    def __enter__(self) -> "_Request":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def error(self, message: str) -> HandstatError:
        return HandstatError(f"{self.what}: {message}" if self.what else message)

    def start(self) -> ctypes.c_void_p:
        """The layer's checks without the work (hs_request_start): raises with its message, else
        returns the job of a command that runs as one (NULL for the others; the caller frees
        it)."""
        job = ctypes.c_void_p()
        msg = ctypes.create_string_buffer(_lib.HS_REQUEST_MESSAGE)
        if _lib.request_start(self.handle, ctypes.byref(job), msg, len(msg)) != _lib.HS_OK:
            raise self.error(msg.value.decode(errors="replace"))
        return job

    def check(self) -> None:
        """Raise now if the request is refused; nothing long is computed."""
        job = self.start()
        if job:
            _lib.job_free(job)

    def run(self, threads: int = 0, progress: Progress = None,
            exact: Collection[str] = (), job_result: Optional[Callable] = None) -> Any:
        """The answer as a DataFrame (see query); the columns named in `exact` (decimals written
        exactly, such as weighted combinations "7.5") as Fractions. job_result: a callable given
        the finished job of a command that runs as one (for its counts beyond the table): then
        (the DataFrame, its value)."""
        job = self.start() if job_result is not None else ctypes.c_void_p()
        table = ctypes.c_void_p()
        try:
            rc = _run_job(job, threads, progress) if job else _lib.HS_OK
            if rc != _lib.HS_OK:
                raise self.error(_message(rc))
            msg = ctypes.create_string_buffer(_lib.HS_REQUEST_MESSAGE)

            def finish(fn, ctx):
                return _lib.request_finish(self.handle, job, threads, fn, ctx,
                                           ctypes.byref(table), msg, len(msg))

            try:
                rc = _call(finish, progress)
            except HandstatError:
                raise self.error(msg.value.decode(errors="replace") or "cancelled") from None
            if rc != _lib.HS_OK:
                raise self.error(msg.value.decode(errors="replace"))
            df = _frame(table, exact)
            return df if job_result is None else (df, job_result(job))
        finally:
            if table:
                _lib.table_free(table)
            if job:
                _lib.job_free(job)


def _frame(table, exact):
    """The table as a DataFrame: integers exact (int64 where they fit), fractions as Fractions,
    text as str; a decimal X next to its exact fraction X_exact the float nearest that fraction,
    another decimal the library's double (hs_table_number, not the text's rounding), one written
    as exact text (a weight) that text's value; columns in `exact`: the Fraction of their
    text."""
    cols = _lib.table_columns(table)
    names = [_lib.table_column(table, c).decode() for c in range(cols)]
    kinds = [_lib.table_column_kind(table, c) for c in range(cols)]
    rows = _lib.table_rows(table)
    data = {}
    for c, (name, kind) in enumerate(zip(names, kinds)):
        text = [_lib.table_cell(table, r, c).decode() for r in range(rows)]
        if kind == _lib.HS_CELL_INT:
            data[name] = _int_column([int(t) for t in text])
        elif kind == _lib.HS_CELL_FRACTION or name in exact:
            data[name] = [Fraction(t) if t else None for t in text]
        elif kind == _lib.HS_CELL_DECIMAL:
            numbers = [_lib.table_number(table, r, c) for r in range(rows)]
            data[name] = [(float(t) if t else math.nan) if math.isnan(v) else v
                          for t, v in zip(text, numbers)]
        else:
            data[name] = text
    for name, kind in zip(names, kinds):
        pair = f"{name}_exact"
        if kind == _lib.HS_CELL_DECIMAL and pair in names and \
                kinds[names.index(pair)] == _lib.HS_CELL_FRACTION:
            data[name] = [float(x) for x in data[pair]]
    df = pd.DataFrame(data, columns=names)
    df.attrs["notes"] = {_lib.table_note_name(table, i).decode():
                         _lib.table_note_value(table, i).decode()
                         for i in range(_lib.table_notes(table))}
    return df


def _is_query_text(text: str) -> bool:
    """Is `text` a query of the query language (its first word is select)?"""
    words = text.split(None, 1)
    return bool(words) and words[0].lower().startswith("select") and \
        (len(words[0]) == 6 or words[0][6] == "(")


def query(command: str, threads: int = 0, progress: Progress = None,
          **args: Value) -> pd.DataFrame:
    """Answer a query of the query language (handstat/query.h; `handstat query`), or a command of
    the request layer.

    A query: the text, with samples=N (and seed=S) for an estimate, e.g.

        query("select avg(riverEquity(hero)), count(flopHandCategory(hero) = flushDraw) "
              "from hero=AKs, villain=QQ+, board=Kh7d2c")

    answered as a DataFrame of one row per aggregate (a histogram: one per value) with the
    columns item, bucket, value (float), exact (a Fraction; None for an estimate), count (the
    deals) and std_error (an estimate's; NaN when exact), and the notes (kind exact or estimate,
    method, deals, total, ...) in df.attrs["notes"]. Errors raise HandstatError naming the line,
    the column and the token.

    A command: `command` with `args` as the command line would: the same checks, messages and
    table. The arguments are the request layer's keys (underscores for hyphens: by_combo), e.g.

        query("holdem equity", hand=["QQ+,AKs", "JJ-99,AQs+"], board="Kh7d2c")
        query("holdem hits", hand="QQ+,AKs", board="Kh7d2c", by_combo=True)
        query("crib discard", hand="2C 3H 4D 5D 5S JS", role="pone", pegging=True)

    An argument that takes several values takes a list ("hand": one entry per player, in order;
    "folded": one range per folded player); flags take True/False; counts take ints;
    None leaves an argument out. Returns a DataFrame with the command's --csv columns, exact
    integers (an int64 column where they fit, else Python ints), exact fractions as Fractions,
    decimals as floats (the nearest float to the exact fraction beside them, as equity to
    equity_exact, else the library's double before it was printed), text as str; the table's notes
    (the board, the deals, the range's equity, ...) are in `df.attrs["notes"]`. Raises HandstatError
    with the command line's message (naming the argument and the token) for a bad query, and stops
    at Ctrl-C (KeyboardInterrupt) or when `progress` raises."""
    if _is_query_text(command):
        extra = sorted(set(args) - {"samples", "seed"})
        if extra:
            raise HandstatError(f"query: a query takes samples and seed, not {', '.join(extra)}")
        return _ask("query", "query", threads, progress, query=command, **args)
    with _Request(command, args) as r:
        return r.run(threads, progress)


def _ask(what: str, command: str, threads: int = 0, progress: Progress = None,
         exact: Collection[str] = (), job_result: Optional[Callable] = None,
         **args: Value) -> Any:
    """query() for the package's function `what`: its messages prefixed "what: ", arguments
    None left out, `exact` and `job_result` as for _Request.run."""
    with _Request(command, args, what) as r:
        return r.run(threads, progress, exact, job_result)
