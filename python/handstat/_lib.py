"""The shared library libhandstat.so through ctypes (ABI level: no compiler at import).

The structures and constants below mirror the C headers in include/handstat/ of the package's
version, which the library loaded must be (check_version). Each structure names the C struct it
mirrors in _c_struct_; python/tests/test_layout.py compares sizes, field offsets and constants
with the C compiler's (python/tests/py_struct_layout.c), the other tests the answers with figures
the library is known to produce and with the CLI's output for the same queries."""

import ctypes
import ctypes.util
import os

from ._version import __version__

c_u16, c_u64 = ctypes.c_uint16, ctypes.c_uint64
c_int, c_size, c_char_p, c_void_p = ctypes.c_int, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_void_p

HS_OK = 0
HS_ERR_TOKEN = -1
HS_ERR_CANCELLED = -7
HS_STUD_MAX_PLAYERS = 8
HS_STUD_SHARE_UNIT = 1680
HS_HOLDEM_CLASSES = 169
HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS = 9
HS_HOLDEM_VS_RANDOM_MAX_SAMPLES = 10_000_000_000
HS_OMAHA_SHARE_UNIT = 5040
HS_SHORTDECK_RULES = {"trips": 0, "straight": 1}  # which beats the other
HS_P3_OUTCOMES = 7


# The library a wheel carries, next to this file (setup.py copies it there).
BUNDLED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "libhandstat.so")


def _find_library():
    """The library to load and where it came from: $HANDSTAT_LIBRARY when set (an explicit
    choice, as the tests make it), then the one bundled in the package (a wheel, pip install),
    then the one cmake --install recorded, then the system's."""
    env = os.environ.get("HANDSTAT_LIBRARY")
    if env:
        return env, "given by $HANDSTAT_LIBRARY"
    if os.path.exists(BUNDLED):
        return BUNDLED, "bundled with the package"
    try:
        from . import _paths  # written by cmake --install
        if os.path.exists(_paths.LIBRARY):
            return _paths.LIBRARY, "recorded by cmake --install"
    except ImportError:
        pass
    found = ctypes.util.find_library("handstat")
    if found:
        return found, "found by the system's loader"
    raise ImportError("libhandstat.so not found: install handstat (pip install, or cmake "
                      "--install) or set HANDSTAT_LIBRARY to the library's path")


def check_version(loaded, path, origin, expected=__version__):
    """Refuse a library of another version than the package's own (an ImportError naming both
    versions, the file and the fix): the structures and constants below mirror the C headers of
    one version, and another library's would be read wrong without a word, or crash. Called
    before any other symbol is looked up, so that a wrong library gives this message rather
    than a missing symbol's."""
    try:
        fn = loaded.hs_version
    except AttributeError:
        found = "a library without hs_version()"
    else:
        fn.restype, fn.argtypes = c_char_p, []
        got = fn().decode(errors="replace")
        if got == expected:
            return
        found = f"libhandstat {got}"
    real = os.path.realpath(path) if os.sep in path else path
    where = path if real == path else f"{path} (that is, {real})"
    raise ImportError(
        f"handstat {expected} cannot use {where}, {origin}: it is {found}, and the package "
        f"works only with libhandstat {expected}, the version whose structures it mirrors. "
        f"Set HANDSTAT_LIBRARY to the libhandstat.so of the source tree this package comes from "
        f"(build/release/libhandstat.so after cmake --build), or rebuild and reinstall both "
        f"together (pip install --no-build-isolation . from the tree, or cmake --install).")


def _load():
    path, origin = _find_library()
    loaded = ctypes.CDLL(path)
    check_version(loaded, path, origin)
    return loaded


lib = _load()


class ParseError(ctypes.Structure):
    _c_struct_ = "hs_parse_error"
    _fields_ = [("offset", c_size), ("length", c_size), ("line", c_size)]


class StudPlayer(ctypes.Structure):
    _c_struct_ = "hs_stud_player"
    _fields_ = [(name, c_u64) for name in ("wins", "ties", "losses", "scoops", "high_share",
                                           "low_share")]


class StudEquity(ctypes.Structure):
    _c_struct_ = "hs_stud_equity"
    _fields_ = [("players", c_int), ("game", c_int), ("known", c_int), ("deals", c_u64),
                ("low_deals", c_u64), ("p", StudPlayer * HS_STUD_MAX_PLAYERS)]


class CommandArg(ctypes.Structure):
    _c_struct_ = "hs_command_arg"
    _fields_ = [("name", c_char_p), ("kind", c_int), ("min", c_int), ("max", c_int),
                ("choices", c_char_p), ("default", c_char_p), ("help", c_char_p)]


class CommandInfo(ctypes.Structure):
    _c_struct_ = "hs_command_info"
    _fields_ = [("name", c_char_p), ("title", c_char_p), ("summary", c_char_p),
                ("args", ctypes.POINTER(CommandArg)), ("n_args", c_size),
                ("example", ctypes.POINTER(c_char_p)), ("example_cli", c_char_p),
                ("flags", ctypes.c_uint)]


# hs_progress_fn: (ctx, units done, units) -> non-zero to stop
PROGRESS = ctypes.CFUNCTYPE(c_int, c_void_p, c_u64, c_u64)


class ProgressState(ctypes.Structure):
    _c_struct_ = "hs_progress_state"
    _fields_ = [("stop", c_int), ("done", c_u64), ("total", c_u64)]


class JobOpts(ctypes.Structure):
    _c_struct_ = "hs_job_opts"
    _fields_ = [("threads", c_int), ("progress", PROGRESS), ("progress_ctx", c_void_p),
                ("save", c_void_p), ("save_ctx", c_void_p), ("save_seconds", ctypes.c_double)]


def _fn(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


P = ctypes.POINTER
strerror = _fn("hs_strerror", c_char_p, c_int)
version = _fn("hs_version", c_char_p)
poker_rank_batch = _fn("hs_poker_rank_batch", None, P(c_u64), c_size, P(c_u16))
poker_rank7_ids_batch = _fn("hs_poker_rank7_ids_batch", None, P(ctypes.c_uint8), c_size,
                            P(c_u16))
crib_total_batch = _fn("hs_crib_total_batch", None, P(c_u64), P(ctypes.c_uint8), c_size, c_int,
                       P(ctypes.c_uint8))
# the checks of hand arrays (handstat/cards.h): the index of the first bad hand, or n
masks_check = _fn("hs_masks_check", c_size, P(c_u64), c_size, c_int, c_int)
ids7_check = _fn("hs_ids7_check", c_size, P(ctypes.c_uint8), c_size)
masks_check_apart = _fn("hs_masks_check_apart", c_size, P(c_u64), P(ctypes.c_uint8), c_size,
                        c_int, c_int)
holdem_class_name = _fn("hs_holdem_class_name", None, c_int, c_char_p)
stud_equity_result = _fn("hs_stud_equity_result", c_int, c_void_p, P(StudEquity))
holdem_classes_parse = _fn("hs_holdem_classes_parse", c_int, c_char_p, c_size, P(c_int),
                           P(c_int), P(ParseError))
holdem_preflop3_new = _fn("hs_holdem_preflop3_new", c_int, P(c_int), c_int, P(c_void_p))
holdem_preflop3_free = _fn("hs_holdem_preflop3_free", None, c_void_p)
holdem_preflop3_job_new = _fn("hs_holdem_preflop3_job_new", c_int, c_void_p, P(c_void_p))
holdem_preflop3_job_counts = _fn("hs_holdem_preflop3_job_counts", P(c_u64), c_void_p)
holdem_preflop3_triples = _fn("hs_holdem_preflop3_triples", c_size, c_void_p)
holdem_preflop3_triple = _fn("hs_holdem_preflop3_triple", None, c_void_p, c_size, P(c_int))
holdem_preflop3_deals = _fn("hs_holdem_preflop3_deals", c_u64, c_int, c_int, c_int)
job_units = _fn("hs_job_units", c_size, c_void_p)
job_run = _fn("hs_job_run", c_int, c_void_p, c_size, c_size, P(JobOpts))
job_free = _fn("hs_job_free", None, c_void_p)
# the library's own hs_progress_fn over a ProgressState (handstat/progress.h)
progress_poll = PROGRESS(("hs_progress_poll", lib))
# the request layer (handstat/request.h)
HS_CELL_TEXT, HS_CELL_INT, HS_CELL_DECIMAL, HS_CELL_FRACTION = 0, 1, 2, 3
HS_REQUEST_MESSAGE = 512
# the command registry (handstat/command.h)
HS_COMMAND_JOB, HS_COMMAND_WORK_NOTE, HS_COMMAND_SAMPLES = 1, 2, 4
command_by_name = _fn("hs_command_by_name", P(CommandInfo), c_char_p)
command_next = _fn("hs_command_next", P(CommandInfo), P(CommandInfo))
arg_kind_name = _fn("hs_arg_kind_name", c_char_p, c_int)
request_new = _fn("hs_request_new", c_int, c_char_p, P(c_void_p))
request_commands = _fn("hs_request_commands", P(c_char_p))
request_add = _fn("hs_request_add", c_int, c_void_p, c_char_p, c_char_p)
request_start = _fn("hs_request_start", c_int, c_void_p, P(c_void_p), c_char_p, c_size)
request_finish = _fn("hs_request_finish", c_int, c_void_p, c_void_p, c_int, PROGRESS, c_void_p,
                     P(c_void_p), c_char_p, c_size)
request_free = _fn("hs_request_free", None, c_void_p)
table_columns = _fn("hs_table_columns", c_size, c_void_p)
table_column = _fn("hs_table_column", c_char_p, c_void_p, c_size)
table_column_kind = _fn("hs_table_column_kind", c_int, c_void_p, c_size)
table_rows = _fn("hs_table_rows", c_size, c_void_p)
table_cell = _fn("hs_table_cell", c_char_p, c_void_p, c_size, c_size)
table_number = _fn("hs_table_number", ctypes.c_double, c_void_p, c_size, c_size)
table_notes = _fn("hs_table_notes", c_size, c_void_p)
table_note_name = _fn("hs_table_note_name", c_char_p, c_void_p, c_size)
table_note_value = _fn("hs_table_note_value", c_char_p, c_void_p, c_size)
table_free = _fn("hs_table_free", None, c_void_p)
