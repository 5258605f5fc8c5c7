"""The child of a process race: ``python -m helper.backends.race_child``.

:func:`helper.backends.race.race` starts this module as a fresh interpreter with
``subprocess`` and writes one pickled :class:`Work` on its standard input; the child solves it
and writes the pickled :class:`Answer` on its standard output, then exits. Nothing here imports
the caller's ``__main__`` module, so a script without an ``if __name__ == "__main__":`` guard
runs its top level once, and the child starts the same way on Linux, macOS and Windows.
"""

import pickle
import sys
from collections.abc import Sequence
from typing import BinaryIO, NamedTuple

from helper.backends.pysat import COUNTED, SatSolver


class Work(NamedTuple):
    """What the child is asked: solve ``clauses`` with the PySAT back end ``backend``."""

    clauses: Sequence[Sequence[int]]
    backend: str


class Answer(NamedTuple):
    """What the child answers: a satisfying assignment (``None`` when unsatisfiable) and the
    solver's counts (decisions and conflicts)."""

    model: list[int] | None
    stats: dict[str, int]


def solve(work: Work) -> Answer:
    """Solve ``work`` to the end (no time limit: the parent kills the child when it loses).

    Parameters
    ----------
    work
        The clauses and the back end to solve them with.

    Returns
    -------
    Answer
        The model, or ``None`` when the clauses are unsatisfiable, and the solver's counts.

    Examples
    --------
    >>> solve(Work([[1, 2], [-1]], "g3")).model
    [-1, 2]
    >>> solve(Work([[1], [-1]], "g3")).model is None
    True
    """
    with SatSolver(work.backend, work.clauses) as solver:
        found = solver.solve()
        counts = {key: value for key, value in solver.totals().items() if key in COUNTED}
        return Answer(solver.model() if found else None, counts)


def main(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
    """Read one pickled :class:`Work` from ``stdin``, write its pickled :class:`Answer` to
    ``stdout`` (the process's own binary streams by default)."""
    source = sys.stdin.buffer if stdin is None else stdin
    sink = sys.stdout.buffer if stdout is None else stdout
    work = Work(*pickle.load(source))
    pickle.dump(tuple(solve(work)), sink, protocol=pickle.HIGHEST_PROTOCOL)
    sink.flush()


if __name__ == "__main__":
    main()
