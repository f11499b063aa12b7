"""handstat for Python: exact card-hand statistics from libhandstat.so.

Every function answers what a handstat CLI command answers, with the columns of its --csv output:
every count is an exact Python int (or an int64 column where it fits), every exact probability
or expectation a fractions.Fraction; floats are only the convenience columns next to them.
Errors raise HandstatError (a ValueError) with the library's message and the offending token.

The long computations (the equities, the tables, the distributions) take threads (OpenMP
workers, 0: one per core) and progress (None or a callable(done, total)), and Ctrl-C stops them
cleanly with KeyboardInterrupt: see holdem_equity.

    >>> import handstat
    >>> handstat.crib_score("5H 5D 5S JC 5C")["total"]
    29
    >>> handstat.holdem_equity(["AhAd", "KsKc"])[["hand", "equity_exact"]]
       hand equity_exact
    0  AhAd  29603/36432
    1  KsKc   6829/36432
"""

from . import _lib, _version
from ._board import (holdem_equity_dist, holdem_filter, holdem_hit, holdem_hits, holdem_matrix,
                     holdem_matrix_svg)
from ._batch import crib_total_batch, poker_rank7_ids_batch, poker_rank_batch
from ._core import PROGRESS_INTERVAL, HandstatError
from ._crib import crib_discard, crib_hist, crib_peg, crib_score
from ._games import omaha_equity, omaha_range, omaha_rank, stud_equity
from ._holdem import (holdem_equity, holdem_equity_batch, holdem_preflop3, holdem_preflop3_read,
                      holdem_range, holdem_vs_random, shortdeck_equity)
from ._request import Argument, Command, command, commands, query, query_commands
from ._draw import (badugi_hist, badugi_rank, draw_discard, draw_equity, draw_odds,
                    draw_table)
from ._poker import (lowball_hist, lowball_rank, poker_hist, poker_rank, shortdeck_hist,
                     shortdeck_rank)

__all__ = ["HandstatError", "PROGRESS_INTERVAL", "version", "query", "query_commands",
           "commands", "command", "Command", "Argument",
           "crib_score", "crib_hist", "crib_discard", "crib_peg", "crib_total_batch",
           "poker_rank", "poker_rank_batch", "poker_rank7_ids_batch", "poker_hist",
           "shortdeck_rank", "shortdeck_hist", "shortdeck_equity",
           "lowball_rank", "lowball_hist",
           "badugi_rank", "badugi_hist", "draw_odds", "draw_discard", "draw_table",
           "draw_equity",
           "holdem_equity", "holdem_equity_batch", "holdem_vs_random", "holdem_preflop3",
           "holdem_preflop3_read", "holdem_hit", "holdem_hits", "holdem_equity_dist",
           "holdem_filter", "holdem_matrix", "holdem_matrix_svg",
           "holdem_range",
           "omaha_equity", "omaha_range", "omaha_rank", "stud_equity"]

#: The package's version, which the library it loads must have (see version()).
__version__ = _version.__version__


def version() -> str:
    """The version of the library loaded ("0.1.0"): always the package's own, __version__ (the
    import refuses a library of another version)."""
    return _lib.version().decode()
