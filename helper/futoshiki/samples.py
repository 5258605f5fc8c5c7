"""Puzzle files in ``data/futoshiki/``: ``<name>.txt`` and its answer ``<name>.solution.txt``.

Both are in the text format of :mod:`helper.futoshiki.text`; a solution is a full grid
with no signs.
"""

from helper.data import DATA_DIR, data_path

from .puzzle import Futoshiki
from .text import parse_futoshiki
from .validate import Constraint, Grid

FOLDER = "futoshiki"


def sample_names(prefix: str = "sample") -> list[str]:
    """The names of the puzzles whose file name starts with ``prefix``, sorted."""
    return sorted(
        p.name.removesuffix(".txt")
        for p in (DATA_DIR / FOLDER).glob(f"{prefix}*.txt")
        if not p.name.endswith(".solution.txt")
    )


def load_futoshiki(name: str) -> tuple[Grid, list[Constraint]]:
    """Read ``data/futoshiki/<name>.txt`` as ``(grid, constraints)``."""
    return parse_futoshiki(data_path(f"{FOLDER}/{name}.txt").read_text(encoding="utf-8"))


def load_solution(name: str) -> Grid:
    """Read the printed answer ``data/futoshiki/<name>.solution.txt`` as a grid."""
    grid, _ = parse_futoshiki(
        data_path(f"{FOLDER}/{name}.solution.txt").read_text(encoding="utf-8")
    )
    return grid


def load_puzzle(name: str) -> Futoshiki:
    """The puzzle ``data/futoshiki/<name>.txt`` as a :class:`~.puzzle.Futoshiki`."""
    text = data_path(f"{FOLDER}/{name}.txt").read_text(encoding="utf-8")
    return Futoshiki.from_text(text, name=name)
