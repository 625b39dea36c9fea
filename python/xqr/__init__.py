"""xqr: Xiangqi (Chinese chess) games judged under executable rule editions.

The CXA 1999 rules, the 2011 trial rules, the Asian (AXF) rules, Jieqi and house variants decide
repetitions (perpetual check, perpetual chase, mate threats, idle moves) with the article behind
each ruling. Every function releases the GIL while it works; bad input raises ``XqrError`` with
the location the command line gives (file, game, ply, line and column).

>>> import xqr
>>> v = xqr.judge("cxa-1999", moves="h2e2 h9g7")
>>> v["result"]
'*'
"""

from ._native import (
    Arbiter,
    XqrError,
    __version__,
    batch,
    compare,
    convert,
    corpus_files,
    judge,
    legal_moves,
    perft,
    read_pgn,
    rulesets,
)

__all__ = [
    "Arbiter",
    "XqrError",
    "__version__",
    "batch",
    "compare",
    "convert",
    "corpus_files",
    "judge",
    "legal_moves",
    "perft",
    "read_pgn",
    "rulesets",
]
