"""What the benchmark shows while it runs: a progress bar on a terminal, a line per solve in a log.

On a terminal, :func:`progress` draws a bar (rich) with the solves done, the puzzles left and
an estimate of the time left, and prints each finished solve above it. When standard error is
not a terminal (a log, a pipe, CI) no bar is drawn and no control characters are written: each
solve is one plain line, as before. ``quiet`` shows nothing. rich comes with the ``bench``
extra; it is checked for when this module is imported (the command starts), imported when a
bar is drawn.
"""

import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TextIO

from helper.extras import missing_extra

from . import Result

try:
    import rich  # noqa: F401
except ModuleNotFoundError as error:
    raise missing_extra(error, __name__, "bench") from None

Report = Callable[[Result], None]
"""Called once per finished solve."""


def solve_line(result: Result) -> str:
    """One finished solve as a line: puzzle, solver, status, seconds, and why it gave up."""
    note = f" ({result.message})" if result.message and not result.decided else ""
    return f"{result.puzzle:40} {result.solver:24} {result.status:11} {result.seconds:8.3f} s{note}"


@contextmanager
def progress(
    solves: Sequence[tuple[str, str, int]], *, quiet: bool = False, stream: TextIO | None = None
) -> Iterator[Report]:
    """Report each finished solve of a run.

    Parameters
    ----------
    solves
        What the run will do: ``(family, puzzle name, solves of that puzzle)`` per puzzle.
    quiet
        Show nothing.
    stream
        Where to write (standard error by default); a bar only when it is a terminal.

    Yields
    ------
    Report
        The function to call with each finished solve's :class:`~helper.bench.Result`.

    Examples
    --------
    >>> import io
    >>> from helper.bench import Result
    >>> log = io.StringIO()  # not a terminal: a plain line per solve, no bar
    >>> with progress([("f", "p1", 1)], stream=log) as report:
    ...     report(Result("portfolio", "p1", "f", "tuning", "5x5", 25, "solved", 0.25))
    >>> log.getvalue().split()
    ['p1', 'portfolio', 'solved', '0.250', 's']
    """
    out = sys.stderr if stream is None else stream
    if quiet:
        yield lambda result: None
        return
    if not out.isatty():
        yield lambda result: print(solve_line(result), file=out, flush=True)
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    left = Counter({(family, name): count for family, name, count in solves})
    columns = (
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("solves, {task.fields[puzzles]} puzzles left,"),
        TimeElapsedColumn(),
        TextColumn("elapsed, about"),
        TimeRemainingColumn(),
        TextColumn("left"),
    )
    with Progress(*columns, console=Console(file=out), transient=True) as bar:
        task = bar.add_task("benchmark", total=left.total(), puzzles=len(left))

        def report(result: Result) -> None:
            bar.console.print(solve_line(result), markup=False, highlight=False, soft_wrap=True)
            left[result.family, result.puzzle] -= 1
            bar.update(task, advance=1, puzzles=sum(1 for n in left.values() if n > 0))

        yield report
