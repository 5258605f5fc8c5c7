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
    """The names of the book's puzzle files whose name starts with ``prefix``, sorted.

    Parameters
    ----------
    prefix
        ``"sample"`` (the seed's twelve samples) or, say, ``"nine"``.

    Returns
    -------
    list[str]
        The names, without ``.txt``, answers left out.

    Examples
    --------
    >>> sample_names()[:3], len(sample_names())
    (['sample01', 'sample02', 'sample03'], 12)
    >>> sample_names("nine")
    ['nine01', 'nine02', 'nine03']
    """
    return sorted(
        p.name.removesuffix(".txt")
        for p in (DATA_DIR / FOLDER).glob(f"{prefix}*.txt")
        if not p.name.endswith(".solution.txt")
    )


def load_futoshiki(name: str) -> tuple[Grid, list[Constraint]]:
    """Read ``data/futoshiki/<name>.txt`` as ``(grid, constraints)``.

    Parameters
    ----------
    name
        A name of :func:`sample_names`.

    Returns
    -------
    tuple[list[list[int]], list[tuple[tuple[int, int], tuple[int, int]]]]
        The grid and the signs, as :func:`~helper.futoshiki.text.parse_futoshiki` reads them.

    Raises
    ------
    FileNotFoundError
        When there is no such puzzle.

    Examples
    --------
    >>> grid, constraints = load_futoshiki("sample05")
    >>> grid[0], constraints[0]
    ([0, 3, 5, 1, 0], ((0, 1), (0, 0)))
    """
    return parse_futoshiki(data_path(f"{FOLDER}/{name}.txt").read_text(encoding="utf-8"))


def load_solution(name: str) -> Grid:
    """Read the printed answer ``data/futoshiki/<name>.solution.txt`` as a grid.

    Parameters
    ----------
    name
        A name of :func:`sample_names`.

    Returns
    -------
    list[list[int]]
        The filled grid.

    Raises
    ------
    FileNotFoundError
        When there is no such answer.

    Examples
    --------
    >>> load_puzzle("sample05").check(load_solution("sample05"))
    True
    """
    grid, _ = parse_futoshiki(
        data_path(f"{FOLDER}/{name}.solution.txt").read_text(encoding="utf-8")
    )
    return grid


def load_puzzle(name: str) -> Futoshiki:
    """The puzzle ``data/futoshiki/<name>.txt`` as a :class:`~.puzzle.Futoshiki`.

    Parameters
    ----------
    name
        A name of :func:`sample_names`.

    Returns
    -------
    Futoshiki
        The validated puzzle, named ``name``.

    Raises
    ------
    FileNotFoundError
        When there is no such puzzle.

    Examples
    --------
    >>> load_puzzle("sample05")
    <Futoshiki 'sample05' 5x5, 3 signs>
    """
    text = data_path(f"{FOLDER}/{name}.txt").read_text(encoding="utf-8")
    return Futoshiki.from_text(text, name=name)
