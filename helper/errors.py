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

An old spelling of the API that still works warns with :class:`HelperDeprecationWarning`, a
``DeprecationWarning``.
"""


class SolverError(Exception):
    """A solver could not give an answer: see the three subclasses.

    Examples
    --------
    >>> from helper.futoshiki import Futoshiki, solve
    >>> for signs in ([((0, 0), (0, 1))], [((0, 0), (0, 1)), ((1, 0), (1, 1))]):
    ...     try:
    ...         print(solve(Futoshiki([[0, 0], [0, 0]], signs)).picture())
    ...     except SolverError as error:  # no solution, out of time or too large: one except
    ...         print("no answer:", error)
    [[1, 2], [2, 1]]
    no answer: no solution: no grid obeys all the givens and signs
    """


class NoSolutionError(SolverError, ValueError):
    """The puzzle is well formed, but no grid satisfies every clue.

    Also a ``ValueError``: the input is at fault, so ``except ValueError`` around "read and
    solve" catches it together with bad input.

    Examples
    --------
    >>> from helper.futoshiki import Futoshiki, solve
    >>> cycle = Futoshiki([[0, 0], [0, 0]], [((0, 0), (0, 1)), ((0, 1), (1, 1)),
    ...                                       ((1, 1), (1, 0)), ((1, 0), (0, 0))])
    >>> solve(cycle).picture()
    Traceback (most recent call last):
    ...
    helper.errors.NoSolutionError: no solution: no grid obeys all the givens and signs
    >>> issubclass(NoSolutionError, ValueError)
    True
    """


class NotUniqueError(SolverError, ValueError):
    """The puzzle is well formed, but more than one grid satisfies every clue."""


class SolverTimeoutError(SolverError):
    """The solver gave up at its time limit without deciding the puzzle.

    Not an ``OSError`` (as Python's ``TimeoutError`` is), so ``except OSError`` around reading
    a file does not swallow it.

    Examples
    --------
    >>> from helper.deadline import Deadline
    >>> import time
    >>> deadline = Deadline(0.01)
    >>> time.sleep(0.02)
    >>> deadline.check("line logic")
    Traceback (most recent call last):
    ...
    helper.errors.SolverTimeoutError: line logic: no answer within 0.01 s
    """


class ModelTooLargeError(SolverError):
    """The model refuses to build: it would be far too large to solve in any sensible time.

    Said at once, before the time limit; results report it as "too large".

    Examples
    --------
    >>> from helper.results import SolveResult
    >>> SolveResult("too large", None, "cpsat-table", "cpsat-table", 0.0,
    ...             message="2 million placements").picture()
    Traceback (most recent call last):
    ...
    helper.errors.ModelTooLargeError: 2 million placements
    """


class HelperDeprecationWarning(DeprecationWarning):
    """A ``DeprecationWarning`` that the package itself raises: an old spelling still works
    but will go (``count_solutions(puzzle, method=...)`` instead of ``solver=...``).

    A subclass, so that a test suite can turn the package's own deprecations into errors
    without touching those of other libraries (``filterwarnings =
    ["error::helper.errors.HelperDeprecationWarning"]``); ``pytest.warns(DeprecationWarning)``
    and ``except DeprecationWarning`` catch it as any other.

    Examples
    --------
    >>> import warnings
    >>> from helper.nonogram import Nonogram, count_solutions
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     _ = count_solutions(Nonogram([[1]], [[1]]), method="cpsat-automaton")
    >>> caught[0].category.__name__, issubclass(caught[0].category, DeprecationWarning)
    ('HelperDeprecationWarning', True)
    """


__all__ = [
    "HelperDeprecationWarning",
    "ModelTooLargeError",
    "NoSolutionError",
    "NotUniqueError",
    "SolverError",
    "SolverTimeoutError",
]
