"""What a figure of a solver's work shows: the stages, and the frames of line logic.

Plain data, with no solver behind it, so that :mod:`helper.plot` can draw it without loading
OR-Tools or PySAT, and without reaching up into :mod:`helper.book`, whose
:mod:`~helper.book.stages` measures it.
"""

from dataclasses import dataclass, field

from .clues import UNKNOWN, Grid, State

STAGE_NAMES = ("propagation", "presolve / probing", "search")
"""The three kinds of work, in the order a cell's colour is chosen."""

StageNames = tuple[str | None, str | None, str | None]
"""What one solver calls each of the three kinds of work (``None``: it has no such step)."""


@dataclass
class Stages:
    """What one solver decided at each stage on one puzzle.

    ``known`` holds the grid (rows of -1 / 0 / 1) after propagation and after presolve or
    probing; ``solution`` is the solved grid; ``stats`` the search's own counts (CP-SAT's
    branches and conflicts, the SAT solver's decisions and conflicts, line search guesses).
    ``key`` is the registry key of the solver whose steps these are, when there is one: its
    display name is then the label figures and tables use (:func:`helper.plot.solver_label`);
    any other key (a model measured apart from its solver) leaves the label ``solver``.
    ``names`` says what this solver calls each kind of work (line logic's "line probing" for
    the second, ``None`` for a SAT solver that has no presolve); figure titles use them, while
    :meth:`counts` keeps the names of :data:`STAGE_NAMES`.
    """

    solver: str
    known: tuple[State, State]
    solution: Grid
    stats: dict[str, int | float] = field(default_factory=dict)
    key: str | None = None
    names: StageNames = STAGE_NAMES

    def stage_of_cells(self) -> list[list[int]]:
        """For each cell, the index in :data:`STAGE_NAMES` of the first stage that decided it."""
        stage = [[len(self.known)] * len(row) for row in self.solution]
        for index in reversed(range(len(self.known))):
            for r, row in enumerate(self.known[index]):
                for c, value in enumerate(row):
                    if value != UNKNOWN:
                        stage[r][c] = index
        return stage

    def counts(self) -> dict[str, int]:
        """How many cells each stage decided first, by stage name."""
        flat = [s for row in self.stage_of_cells() for s in row]
        return {name: flat.count(index) for index, name in enumerate(STAGE_NAMES)}


@dataclass(frozen=True)
class Frame:
    """One step of line logic: its caption, the grid after it, and the line it solved.

    ``line`` is ``("row", r)`` or ``("column", c)``, or ``None`` for a step that is not one
    line (a whole sweep, probing, search).
    """

    title: str
    state: State
    line: tuple[str, int] | None = None
