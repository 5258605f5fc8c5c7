"""The colour Nonogram player: a colour puzzle and its explanation as checked JSON, and the
player that shows them.

:func:`colour_data` is what the page's script (``static/play.js``, its ``ColourPlayer``) reads:
the palette (each colour's name, RGB and the ink readable on it,
:func:`helper.palette.readable_ink`), the clues as ``[length, colour]`` blocks, the solution
and the steps of :func:`helper.explain.colour.explain_colour` in the JSON form of
:mod:`helper.play.export` (``[row, column, colour]`` cells, 0 the background).

An explanation that stalls where its steps (single lines, a row and a column together) decide
nothing more is accepted as it is: its steps are kept, ``complete`` is false and ``stalled``
says, in the explanation's own words, where and why the steps stop. The solution is then the
one a count finds (the puzzle must have exactly one), so that Check still knows every cell.
:func:`colour_player` wraps it all in a :class:`~.widget.PlayWidget`.
"""

from collections.abc import Iterable
from typing import Any

from helper.nonogram.colour import ColourNonogram, as_colour_nonogram
from helper.nonogram.puzzle import Nonogram
from helper.palette import readable_ink

from .export import FORMAT_VERSION, StepLike, _steps_json
from .widget import PlayWidget, _mode

COUNT_SECONDS = 60.0
"""How long :func:`colour_data` may count the solutions of a puzzle whose explanation stalls."""


def _palette_json(puzzle: ColourNonogram) -> list[dict[str, str]]:
    """Every colour of the palette by grid value (the background first): name, RGB, the ink
    readable on it, and its character."""
    palette = puzzle.colour_palette
    return [
        {
            "name": colour.name,
            "rgb": "#" + colour.hex,
            "ink": readable_ink(colour.rgb),
            "char": colour.char,
        }
        for colour in (palette[i] for i in range(len(palette) + 1))
    ]


def _the_solution(puzzle: ColourNonogram, time_limit: float | None) -> list[list[int]]:
    """The puzzle's one solution, counted; a ``ValueError`` when there is not exactly one."""
    from helper.nonogram.colour import count_solutions  # the solvers load on first use

    count = count_solutions(puzzle, 2, time_limit=time_limit)
    if not count.complete:
        raise ValueError(
            f"the explanation stalls, and counting the solutions took longer than {time_limit} s: "
            "Check needs the one solution"
        )
    if count.count != 1:
        how_many = "no solution" if count.count == 0 else "more than one solution"
        raise ValueError(
            f"the puzzle has {how_many}, and its explanation stalls: Check needs the one solution"
        )
    return [list(row) for row in count.solutions[0]]


def colour_data(
    puzzle: ColourNonogram | Nonogram,
    steps: Iterable[StepLike],
    *,
    title: str | None = None,
    time_limit: float | None = COUNT_SECONDS,
) -> dict[str, Any]:
    """The JSON object the colour Nonogram player reads: palette, clues, solution and checked
    steps.

    Parameters
    ----------
    puzzle
        A :class:`~helper.nonogram.colour.ColourNonogram` (a black-and-white
        :class:`~helper.nonogram.Nonogram` is its one-colour case).
    steps
        The steps of its explanation, ``explain_colour(puzzle)``: they are replayed from the
        empty grid and checked. An explanation that says it is incomplete (``complete`` false,
        with its ``message``) may leave cells undecided; any other steps must decide them all.
    title
        Shown above the board (default: the puzzle's title or name).
    time_limit
        Seconds for counting the solutions when the steps leave cells undecided.

    Returns
    -------
    dict
        ``palette`` (by grid value, the background first: ``name``, ``rgb``, ``ink``,
        ``char``), ``rows`` and ``cols`` (``[length, colour]`` blocks), ``solution`` (rows of
        colour numbers), ``steps`` (as :func:`~helper.play.export.nonogram_data` writes them),
        ``complete``, and ``stalled`` (why the steps stop) when they leave cells undecided.

    Raises
    ------
    TypeError
        When ``puzzle`` is not a Nonogram of either kind.
    ValueError
        A step that decides a cell twice or outside the grid, or a colour not in the palette
        (naming the step and the cell); steps that leave cells undecided without saying why;
        steps that end at a grid that breaks a clue, or that disagree with the one solution;
        a stalled explanation of a puzzle without exactly one solution.

    Examples
    --------
    >>> from helper.explain.colour import explain_colour
    >>> from helper.nonogram.colour import ColourNonogram
    >>> corner = ColourNonogram([[(2, "red")], [(1, "red"), (1, "blue")]],
    ...                         [[(2, "red")], [(1, "red"), (1, "blue")]],
    ...                         [("red", "f00"), ("blue", "00f")], name="corner")
    >>> data = colour_data(corner, explain_colour(corner))
    >>> [(c["name"], c["rgb"], c["ink"]) for c in data["palette"]]
    [('white', '#ffffff', '#000000'), ('red', '#ff0000', '#000000'), ('blue', '#0000ff', '#ffffff')]
    >>> data["rows"], data["solution"], data["complete"]
    ([[[2, 1]], [[1, 1], [1, 2]]], [[1, 1], [1, 2]], True)
    >>> data["steps"][1]["cells"], data["steps"][1]["lines"]
    ([[1, 0, 1], [1, 1, 2]], [['row', 1]])
    """
    if not isinstance(puzzle, (ColourNonogram, Nonogram)):
        raise TypeError(f"expected a ColourNonogram, got {type(puzzle).__name__}")
    puzzle = as_colour_nonogram(puzzle)
    complete = getattr(steps, "complete", True) is not False
    message = str(getattr(steps, "message", "") or "")
    if not complete and not message.strip():
        raise ValueError("the explanation says it is incomplete, but not why")
    size = (puzzle.height, puzzle.width)
    start = [[-1] * puzzle.width for _ in range(puzzle.height)]
    values = range(puzzle.colours + 1)
    out, grid = _steps_json(steps, size, values, start, futoshiki=False, undecided_ok=not complete)
    open_cells = sum(row.count(-1) for row in grid)
    if open_cells == 0:
        if not puzzle.check(grid):
            raise ValueError("the steps end at a grid that breaks a clue")
        solution = grid
    else:
        solution = _the_solution(puzzle, time_limit)
        for number, step in enumerate(out, start=1):
            for r, c, value in step["cells"]:
                if solution[r][c] != value:
                    raise ValueError(
                        f"step {number}, row {r}, column {c}: the step says {value}, but the "
                        f"one solution has {solution[r][c]}"
                    )
    data: dict[str, Any] = {
        "version": FORMAT_VERSION,
        "puzzle": "colour",
        "title": title if title is not None else (puzzle.title or f"Colour Nonogram {puzzle.size}"),
        "palette": _palette_json(puzzle),
        "rows": [[list(block) for block in clue] for clue in puzzle.rows],
        "cols": [[list(block) for block in clue] for clue in puzzle.cols],
        "solution": solution,
        "steps": out,
        "complete": open_cells == 0,
    }
    if open_cells:
        data["stalled"] = (
            f"The steps stop here, after step {len(out)}: "
            f"{message.strip().rstrip('.')}. The puzzle has one solution all the same (counted "
            "when this page was built): the cells still open need more lines at once."
        )
    return data


def colour_player(
    puzzle: ColourNonogram | Nonogram,
    steps: Iterable[StepLike],
    *,
    start: str = "play",
    title: str | None = None,
) -> PlayWidget:
    """A colour Nonogram to solve on the page, with a colour picker, Check, Hint, Undo, Reset
    and the explanation.

    Parameters
    ----------
    puzzle
        A :class:`~helper.nonogram.colour.ColourNonogram`.
    steps
        Its explanation, ``helper.explain.colour.explain_colour(puzzle)``, checked and
        embedded by :func:`colour_data` (one that stalls included: Hint then says where
        single-line steps stop).
    start
        ``"play"`` opens on the reader's board, ``"steps"`` on the explanation (Previous /
        Next).
    title
        Shown above the board (default: the puzzle's title or name).

    Returns
    -------
    PlayWidget
        HTML that a notebook or a page of the book shows: the board with the clues in their
        colours, one picker button per palette colour (the background included), and the
        buttons; it plays offline, with nothing fetched.

    Raises
    ------
    ValueError
        An unknown ``start``, or steps that :func:`colour_data` refuses.
    TypeError
        When ``puzzle`` is not a Nonogram.

    Examples
    --------
    >>> from helper.explain.colour import explain_colour
    >>> from helper.nonogram.colour import ColourNonogram
    >>> corner = ColourNonogram.from_grid([[1, 1], [1, 2]], [("red", "f00"), ("blue", "00f")])
    >>> player = colour_player(corner, explain_colour(corner), title="A corner")
    >>> player.summary
    'Colour Nonogram player: A corner, 2 × 2, 2 colours'
    >>> 'data-lp-kind="colour"' in player.html
    True
    """
    data = colour_data(puzzle, steps, title=title)
    data["start"] = _mode(start)
    colours = len(data["palette"]) - 1
    summary = (
        f"Colour Nonogram player: {data['title']}, {len(data['rows'])} × {len(data['cols'])}, "
        f"{colours} colour{'s' if colours != 1 else ''}"
    )
    return PlayWidget(data, summary)


__all__ = ["COUNT_SECONDS", "colour_data", "colour_player"]
