"""The shape of a puzzle's grid, said the same way by both puzzle values.

:class:`~helper.nonogram.Nonogram` and :class:`~helper.futoshiki.Futoshiki` each have
``rows`` and ``cols``: what the puzzle gives each row and each column (a Nonogram its clues,
a Futoshiki its givens). :class:`GridShape` counts them, once for both.
"""

from collections.abc import Sequence
from typing import Protocol


class _Lines(Protocol):
    @property
    def rows(self) -> Sequence[Sequence[int]]: ...

    @property
    def cols(self) -> Sequence[Sequence[int]]: ...


class GridShape:
    """``height``, ``width``, ``cells`` and ``size`` of a puzzle with ``rows`` and ``cols``.

    Examples
    --------
    >>> from helper.nonogram import Nonogram
    >>> puzzle = Nonogram([[1], [2], []], [[1], [1, 1], []])
    >>> puzzle.height, puzzle.width, puzzle.cells, puzzle.size
    (3, 3, 9, '3x3')
    """

    @property
    def height(self: _Lines) -> int:
        """The number of rows."""
        return len(self.rows)

    @property
    def width(self: _Lines) -> int:
        """The number of columns."""
        return len(self.cols)

    @property
    def cells(self: _Lines) -> int:
        """The number of cells."""
        return len(self.rows) * len(self.cols)

    @property
    def size(self: _Lines) -> str:
        """``"HxW"``, rows by columns, as the tables print it."""
        return f"{len(self.rows)}x{len(self.cols)}"
