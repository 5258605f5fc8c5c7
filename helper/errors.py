"""The exceptions of the package, one family for both puzzles.

Bad input (a clue that cannot fit, a grid that is not square, an unknown option) is a plain
``ValueError`` that names what is wrong, raised before any solver runs. Everything a solver
says when it cannot hand back an answer is a :class:`SolverError`:

- :class:`NoSolutionError`: the puzzle is well formed but has no solution. It is also a
  ``ValueError`` (the input is at fault), so ``except ValueError`` around "read and solve"
  catches it together with bad input;
- :class:`NotUniqueError`: the puzzle has more than one solution, where only one will do
  (an explanation: no chain of forced steps reaches a solution). Also a ``ValueError``;
- :class:`SolverTimeoutError`: the solver gave up at its time limit, undecided;
- :class:`ModelTooLargeError`: the model refuses to be built at all, it would be far too large.

Neither of the last two is an ``OSError`` (Python's ``TimeoutError`` is one, so
``except OSError`` around reading a file would swallow it), and neither is the other.
"""


class SolverError(Exception):
    """A solver could not give an answer: see the three subclasses."""


class NoSolutionError(SolverError, ValueError):
    """The puzzle is well formed, but no grid satisfies every clue."""


class NotUniqueError(SolverError, ValueError):
    """The puzzle is well formed, but more than one grid satisfies every clue."""


class SolverTimeoutError(SolverError):
    """The solver gave up at its time limit without deciding the puzzle."""


class ModelTooLargeError(SolverError):
    """The model refuses to build: it would be far too large to solve in any sensible time.

    Said at once, before the time limit; results report it as "too large".
    """


__all__ = [
    "ModelTooLargeError",
    "NoSolutionError",
    "NotUniqueError",
    "SolverError",
    "SolverTimeoutError",
]
