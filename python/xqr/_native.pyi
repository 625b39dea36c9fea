"""Type stubs of the Rust extension module ``xqr._native``."""

from collections.abc import Iterator, Sequence
from os import PathLike
from typing import Any, Literal, Optional, Union

_Path = Union[str, PathLike[str]]
_Moves = Union[str, Sequence[str]]
_Claim = Literal["as_played", "first"]
_Illegal = Literal["reject", "rule"]

__version__: str

class XqrError(ValueError):
    """Bad input, located as the command line locates it."""

def rulesets(
    *, overlay_dirs: Optional[Sequence[_Path]] = None, plugin_dirs: Optional[Sequence[_Path]] = None
) -> list[dict[str, Any]]:
    """The loaded rulesets, as ``xqr rulesets --format json``."""

def judge(
    ruleset: str,
    fen: Optional[str] = None,
    moves: Optional[_Moves] = None,
    *,
    pgn: Optional[_Path] = None,
    pgn_text: Optional[Union[str, bytes]] = None,
    game: int = 1,
    claim: _Claim = "as_played",
    illegal_moves: _Illegal = "reject",
    all_plies: bool = False,
    overlay_dirs: Optional[Sequence[_Path]] = None,
    plugin_dirs: Optional[Sequence[_Path]] = None,
) -> dict[str, Any]:
    """One ruleset's verdict, as ``xqr judge --format json``."""

def compare(
    fen: Optional[str] = None,
    moves: Optional[_Moves] = None,
    *,
    pgn: Optional[_Path] = None,
    pgn_text: Optional[Union[str, bytes]] = None,
    game: int = 1,
    rulesets: Optional[Sequence[str]] = None,
    claim: _Claim = "as_played",
    illegal_moves: _Illegal = "reject",
    all_plies: bool = False,
    overlay_dirs: Optional[Sequence[_Path]] = None,
    plugin_dirs: Optional[Sequence[_Path]] = None,
) -> list[dict[str, Any]]:
    """One row per ruleset (a verdict, or ``{"ruleset", "error", "unsupported"?}``)."""

def read_pgn(path: _Path) -> list[dict[str, Any]]:
    """The games of a PGN file: ``{"game", "line", "tags", "fen", "moves", "error"}`` each."""

def legal_moves(fen: Optional[str] = None, *, ruleset: Optional[str] = None) -> list[str]:
    """The legal moves in ICCS, sorted."""

def perft(depth: int, fen: Optional[str] = None, *, ruleset: Optional[str] = None) -> int:
    """The number of leaves of the legal-move tree."""

def convert(moves: _Moves, to: Literal["iccs", "wxf", "chinese"], fen: Optional[str] = None) -> list[str]:
    """Moves in any notation, rewritten in ``to``."""

class BatchLines(Iterator[dict[str, Any]]):
    def __iter__(self) -> BatchLines: ...
    def __next__(self) -> dict[str, Any]: ...

def batch(
    paths: Sequence[_Path],
    rulesets: Sequence[str],
    *,
    claim: _Claim = "as_played",
    threads: Optional[int] = None,
    overlay_dirs: Optional[Sequence[_Path]] = None,
    plugin_dirs: Optional[Sequence[_Path]] = None,
) -> BatchLines:
    """``xqr batch``'s game and error lines, one dict each, in input order, in bounded memory."""

def corpus_files(paths: Sequence[_Path]) -> list[dict[str, Any]]:
    """The files ``batch`` reads for ``paths``: ``{"path", "bytes"}`` or ``{"path", "error"}``."""

class Arbiter:
    """A game in progress under one ruleset."""

    def __init__(
        self,
        ruleset: str,
        fen: Optional[str] = None,
        *,
        overlay_dirs: Optional[Sequence[_Path]] = None,
        plugin_dirs: Optional[Sequence[_Path]] = None,
    ) -> None: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def fen(self) -> str: ...
    def play(self, mv: str) -> str: ...
    def undo(self) -> Optional[str]: ...
    def status(self) -> dict[str, Any]: ...
    def legal(self) -> list[str]: ...
    def forbidden(self) -> list[dict[str, Any]]: ...
    def claims(self) -> list[dict[str, Any]]: ...
    def claim(self, side: Literal["red", "black"], kind: Literal["repetition", "natural_limit"] = "repetition") -> dict[str, Any]: ...
