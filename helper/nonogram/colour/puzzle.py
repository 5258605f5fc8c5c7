"""The colour Nonogram value: a palette and clues of coloured blocks, validated when made.

Each block of a clue has a length and a colour. Two neighbouring blocks of the **same**
colour need at least one background cell between them; blocks of **different** colours may
touch. A black-and-white Nonogram is the one-colour case (:meth:`ColourNonogram.from_nonogram`
and :meth:`ColourNonogram.to_nonogram` go between the two values), and its grids are the same
rows of 0 and 1.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from numbers import Integral
from typing import Any

from helper.shape import GridShape

from ..clues import show
from ..puzzle import Nonogram
from .check import Block, check_colour_nonogram, colour_clues_from_grid
from .palette import BLACK_AND_WHITE, Colour, Palette, parse_rgb

ColourClue = tuple[Block, ...]
"""One line's clue: its blocks ``(length, colour)`` in order, colours numbered from 1."""

MAX_LENGTH_DIGITS = 12  # a block length with more digits is beyond any line


def needed_cells(clue: Sequence[Block]) -> int:
    """The fewest cells a line needs for ``clue``: the blocks, and one gap between two
    neighbours of the same colour (different colours may touch).

    Parameters
    ----------
    clue
        ``(length, colour)`` blocks.

    Returns
    -------
    int
        The length of the shortest line that holds them.

    Examples
    --------
    >>> needed_cells([(2, 1), (1, 1), (3, 2)])  # a gap between the two of colour 1 only
    7
    """
    gaps = sum(1 for a, b in pairwise(clue) if a[1] == b[1])
    return sum(length for length, _ in clue) + gaps


def _block(value: object, palette: Palette, where: str) -> Block:
    """One block from ``(length, colour)`` (a colour name or number), or a bare length when
    the palette has one colour."""
    if isinstance(value, Integral) and not isinstance(value, bool) and palette.black_and_white:
        value = (value, 1)
    if isinstance(value, Mapping):
        value = (value.get("length"), value.get("colour"))
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != 2:
        raise ValueError(f"{where}: {show(value)} is not a block (length, colour)")
    length, colour = value
    if isinstance(length, bool) or not isinstance(length, Integral):
        raise ValueError(f"{where}: length {show(length)} is not an integer")
    if length < 1:
        raise ValueError(f"{where}: length {show(length)} is not positive")
    if len(str(int(length))) > MAX_LENGTH_DIGITS:
        raise ValueError(f"{where}: length {show(length)} is longer than any line")
    if isinstance(colour, str):
        try:
            index = palette.index(colour)
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
    elif isinstance(colour, Integral) and not isinstance(colour, bool):
        index = int(colour)
        if not 1 <= index <= len(palette):
            raise ValueError(
                f"{where}: unknown colour number {show(colour)}; the clue colours are 1 to "
                f"{len(palette)} ({', '.join(palette.names[1:])})"
            )
    else:
        raise ValueError(f"{where}: colour {show(colour)} is neither a name nor a number")
    return (int(length), index)


def block_text(block: Block, palette: Palette) -> str:
    """``"3 red"``: a block as a person reads it."""
    return f"{block[0]} {palette[block[1]].name}"


def clue_text(clue: Sequence[Block], palette: Palette) -> str:
    """``"(3 red, 2 blue)"``, or ``"(empty)"``: a clue as a person reads it.

    Parameters
    ----------
    clue
        ``(length, colour number)`` blocks.
    palette
        The palette that names the colours.

    Returns
    -------
    str
        The blocks in order, each as its length and its colour's name.

    Examples
    --------
    >>> clue_text([(3, 1), (2, 2)], Palette([("red", "f00"), ("blue", "00f")]))
    '(3 red, 2 blue)'
    """
    return "(" + (", ".join(block_text(b, palette) for b in clue) or "empty") + ")"


def _clean_line(clue: object, kind: str, index: int, length: int, palette: Palette) -> ColourClue:
    name = f"{kind} {index}"
    if isinstance(clue, (str, bytes)) or not isinstance(clue, Sequence):
        raise ValueError(f"{name}: clue {show(clue)} is not a list of blocks")
    if palette.black_and_white and list(clue) == [0]:
        return ()
    blocks = tuple(_block(value, palette, f"{name}, block {j}") for j, value in enumerate(clue))
    needed = needed_cells(blocks)
    if needed > length:
        same = [j for j in range(1, len(blocks)) if blocks[j][1] == blocks[j - 1][1]]
        why = f" (with a gap before block {', '.join(map(str, same))})" if same else ""
        raise ValueError(
            f"{name}: blocks {clue_text(blocks, palette)} need {needed:,} cells{why} "
            f"but the line has only {length}"
        )
    return blocks


def validate_colour(
    rows: object, cols: object, palette: Palette
) -> tuple[list[ColourClue], list[ColourClue]]:
    """Check a colour puzzle's clues against its palette and return them as grid values.

    Parameters
    ----------
    rows, cols
        The clues of the rows and of the columns: lists of ``(length, colour)`` blocks, the
        colour a name of ``palette`` or its number from 1 (with one colour, a bare length).
    palette
        The puzzle's colours.

    Returns
    -------
    tuple[list[tuple], list[tuple]]
        The row clues and the column clues as tuples of ``(length, colour number)``.

    Raises
    ------
    ValueError
        Naming the line, and the block where one is at fault, for: a block that is not a
        positive length and a colour, an unknown colour, blocks that cannot fit their line
        (same-colour neighbours need a gap), no rows or no columns; and naming the colour when
        the rows and the columns paint different numbers of its cells.

    Examples
    --------
    >>> palette = Palette([("red", "f00"), ("blue", "00f")])
    >>> validate_colour([[(1, "red"), (1, "blue")]], [[(1, "red")], [(1, "blue")]], palette)
    ([((1, 1), (1, 2))], [((1, 1),), ((1, 2),)])
    >>> validate_colour([[(1, "red"), (1, "red")]], [[(1, "red")], [(1, "red")]], palette)
    Traceback (most recent call last):
    ...
    ValueError: row 0: blocks (1 red, 1 red) need 3 cells (with a gap before block 1) but ...
    >>> validate_colour([[(1, "green")]], [[(1, "red")]], palette)
    Traceback (most recent call last):
    ...
    ValueError: row 0, block 0: unknown colour 'green'; the clue colours are red, blue
    """
    for kind, lines in (("rows", rows), ("cols", cols)):
        if isinstance(lines, (str, bytes)) or not isinstance(lines, Sequence):
            raise ValueError(f"{kind} must be a list of clues, got {type(lines).__name__}")
        if not lines:
            raise ValueError(f"the puzzle has no {kind}")
    assert isinstance(rows, Sequence) and isinstance(cols, Sequence)
    height, width = len(rows), len(cols)
    clean_rows = [_clean_line(c, "row", i, width, palette) for i, c in enumerate(rows)]
    clean_cols = [_clean_line(c, "column", j, height, palette) for j, c in enumerate(cols)]
    for colour in range(1, len(palette) + 1):
        by_rows = sum(n for clue in clean_rows for n, c in clue if c == colour)
        by_cols = sum(n for clue in clean_cols for n, c in clue if c == colour)
        if by_rows != by_cols:
            raise ValueError(
                f"colour {palette[colour].name!r}: the row clues paint {by_rows:,} cells but "
                f"the column clues paint {by_cols:,}"
            )
    return clean_rows, clean_cols


def _palette(value: object) -> Palette:
    if isinstance(value, Palette):
        return value
    if isinstance(value, Iterable) and not isinstance(value, (str, bytes, Mapping)):
        return Palette(value)
    raise ValueError(f"palette {show(value)} is not a Palette or a list of colours")


@dataclass(frozen=True, eq=False)
class ColourNonogram(GridShape):
    """A colour Nonogram whose clues passed :func:`validate_colour`.

    ``rows`` and ``cols`` hold one clue per line, a tuple of ``(length, colour)`` blocks with
    the colour's number in ``palette`` (from 1); ``height``, ``width``, ``cells`` and ``size``
    are those of :class:`~helper.nonogram.Nonogram`. A grid (a solution, ``goal``) is rows of
    colour numbers, 0 for the background. Two puzzles are equal when their clues and their
    palettes' names are.

    Parameters
    ----------
    rows, cols
        The clues: lists of ``(length, colour)``, a colour given by its name or its number
        (with a one-colour palette, bare lengths as in a black-and-white clue).
    palette
        The colours (a :class:`Palette`, or a list of ``(name, rgb)`` pairs).
    name
        How files and tables refer to the puzzle.
    family
        The benchmark family it belongs to, if any.
    goal
        The intended picture when the source gives one (it must satisfy the clues).
    info
        Free text such as a title or an author.

    Raises
    ------
    ValueError
        Naming the line and the block when the clues cannot be a puzzle, the colour whose
        totals disagree, or when ``goal`` does not match the clues.

    Examples
    --------
    >>> puzzle = ColourNonogram([[(2, "red")], [(1, "red"), (1, "blue")]],
    ...                         [[(2, "red")], [(1, "red"), (1, "blue")]],
    ...                         [("red", "f00"), ("blue", "00f")], name="corner")
    >>> puzzle, puzzle.rows[1], puzzle.row_text(1)
    (<ColourNonogram 'corner' 2x2, 2 colours>, ((1, 1), (1, 2)), 'row 1 (1 red, 1 blue)')
    >>> puzzle.check([[1, 1], [1, 2]])
    True
    """

    rows: Sequence[Sequence[Any]]  # stored as tuples of (length, colour number)
    cols: Sequence[Sequence[Any]]
    palette: Palette | Sequence[Any] = BLACK_AND_WHITE
    name: str = ""
    family: str = ""
    goal: Sequence[Sequence[int]] | None = None
    info: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        palette = _palette(self.palette)
        object.__setattr__(self, "palette", palette)
        rows, cols = validate_colour(self.rows, self.cols, palette)
        object.__setattr__(self, "rows", tuple(rows))
        object.__setattr__(self, "cols", tuple(cols))
        object.__setattr__(self, "info", dict(self.info))
        if self.goal is not None:
            if not check_colour_nonogram(rows, cols, self.goal, len(palette)):
                raise ValueError("the goal picture does not match the clues")
            goal = [[int(cell) for cell in row] for row in self.goal]
            object.__setattr__(self, "goal", goal)

    @property
    def colours(self) -> int:
        """The number of clue colours."""
        return len(self.palette)

    @property
    def colour_palette(self) -> Palette:
        """``palette``, typed as the :class:`Palette` it always is once made."""
        assert isinstance(self.palette, Palette)
        return self.palette

    @property
    def title(self) -> str:
        """The puzzle's title when it has one, else its name."""
        return self.info.get("title") or self.name

    def check(self, grid: object) -> bool:
        """True when ``grid`` (rows of colour numbers) has exactly this puzzle's clues."""
        return check_colour_nonogram(self.rows, self.cols, grid, self.colours)

    def row_text(self, index: int) -> str:
        """``"row 4 (3 red, 2 blue)"``: a row and its clue, as messages name them."""
        return f"row {index} {clue_text(self.rows[index], self.colour_palette)}"

    def column_text(self, index: int) -> str:
        """``"column 4 (3 red, 2 blue)"``: a column and its clue."""
        return f"column {index} {clue_text(self.cols[index], self.colour_palette)}"

    def names_of(self, grid: Sequence[Sequence[int]]) -> list[list[str]]:
        """The grid with each cell's colour by its name (the background's too)."""
        names = self.colour_palette.names
        return [[names[cell] for cell in row] for row in grid]

    def picture_text(self, grid: Sequence[Sequence[int]]) -> str:
        """The grid as text, one character per cell (each colour's ``char``)."""
        chars = self.colour_palette.chars
        return "\n".join("".join(chars[cell] for cell in row) for row in grid)

    @classmethod
    def from_grid(
        cls, grid: Sequence[Sequence[int]], palette: Palette | Sequence[Any], **details: Any
    ) -> "ColourNonogram":
        """The puzzle whose clues are those of the picture ``grid`` (kept as ``goal``).

        Parameters
        ----------
        grid
            Rows of colour numbers, 0 for the background.
        palette
            The colours the numbers stand for.
        **details
            ``name``, ``family``, ``info``.

        Returns
        -------
        ColourNonogram
            The puzzle, with ``grid`` as its goal.

        Examples
        --------
        >>> ColourNonogram.from_grid([[1, 2]], [("red", "f00"), ("blue", "00f")]).rows
        (((1, 1), (1, 2)),)
        """
        cells = [[int(cell) for cell in row] for row in grid]
        rows, cols = colour_clues_from_grid(cells)
        return cls(rows, cols, palette, goal=cells, **details)

    @classmethod
    def from_nonogram(cls, puzzle: Nonogram) -> "ColourNonogram":
        """The black-and-white ``puzzle`` as a colour Nonogram of one colour, black.

        Parameters
        ----------
        puzzle
            A :class:`~helper.nonogram.Nonogram`.

        Returns
        -------
        ColourNonogram
            The same clues, each block black; the same name, family, goal and info.

        Examples
        --------
        >>> ColourNonogram.from_nonogram(Nonogram([[2], [1]], [[1], [2]])).rows
        (((2, 1),), ((1, 1),))
        """
        return cls(
            [[(n, 1) for n in clue] for clue in puzzle.rows],
            [[(n, 1) for n in clue] for clue in puzzle.cols],
            BLACK_AND_WHITE,
            name=puzzle.name,
            family=puzzle.family,
            goal=puzzle.goal,
            info=puzzle.info,
        )

    def to_nonogram(self) -> Nonogram:
        """The black-and-white :class:`~helper.nonogram.Nonogram` of a one-colour puzzle.

        Returns
        -------
        Nonogram
            The same clues as lengths; the same name, family, goal and info.

        Raises
        ------
        ValueError
            When the puzzle has more than one clue colour.

        Examples
        --------
        >>> ColourNonogram([[1]], [[1]]).to_nonogram()
        <Nonogram 1x1>
        """
        if self.colours != 1:
            raise ValueError(f"a puzzle of {self.colours} colours is not black and white")
        return Nonogram(
            [[n for n, _ in clue] for clue in self.rows],
            [[n for n, _ in clue] for clue in self.cols],
            name=self.name,
            family=self.family,
            goal=self.goal,
            info=self.info,
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], name: str = "") -> "ColourNonogram":
        """A puzzle from our JSON object with colours (see :meth:`to_dict`).

        Parameters
        ----------
        data
            ``colours`` (a list of ``{"name", "rgb", "char"}``), optionally ``background``
            (one such object), ``rows`` and ``cols`` (lists of ``[length, colour name]``),
            optional ``family``, ``goal`` (rows of colour numbers) and text keys.
        name
            The puzzle's name.

        Returns
        -------
        ColourNonogram
            The validated puzzle.

        Raises
        ------
        ValueError
            When ``data`` is not such an object, or its colours or clues are at fault.

        Examples
        --------
        >>> ColourNonogram.from_dict({"colours": [{"name": "red", "rgb": "#f00"}],
        ...                           "rows": [[[1, "red"]]], "cols": [[[1, "red"]]]})
        <ColourNonogram 1x1, 1 colour>
        """
        if not isinstance(data, Mapping) or not all(k in data for k in ("rows", "cols", "colours")):
            raise ValueError('a colour puzzle is an object with "colours", "rows" and "cols"')
        colours = data["colours"]
        if not isinstance(colours, list):
            raise ValueError('"colours" must be a list of {"name", "rgb"} objects')
        given = [_colour(value, f"colours[{i}]") for i, value in enumerate(colours)]
        background = data.get("background")
        palette = (
            Palette(given)
            if background is None
            else Palette(given, _colour(background, "background"))
        )
        info = {k: v for k, v in data.items() if isinstance(v, str) and k != "family"}
        return cls(
            data["rows"],
            data["cols"],
            palette,
            name=name,
            family=str(data.get("family", "")),
            goal=data.get("goal"),
            info=info,
        )

    def to_dict(self) -> dict[str, Any]:
        """Our JSON object of the puzzle: text keys, ``colours``, ``background``, ``rows``
        and ``cols`` as ``[length, colour name]`` blocks, then ``family`` and ``goal``.

        Returns
        -------
        dict
            What :meth:`from_dict` reads back as the same puzzle.

        Examples
        --------
        >>> ColourNonogram([[(1, "red")]], [[(1, "red")]], [("red", "f00")]).to_dict()["rows"]
        [[[1, 'red']]]
        """
        palette = self.colour_palette
        names = palette.names
        data: dict[str, Any] = dict(self.info)
        data["colours"] = palette.to_list()
        data["background"] = {
            "name": palette.background.name,
            "rgb": "#" + palette.background.hex,
            "char": palette.background.char,
        }
        data["rows"] = [[[n, names[c]] for n, c in clue] for clue in self.rows]
        data["cols"] = [[[n, names[c]] for n, c in clue] for clue in self.cols]
        if self.family:
            data["family"] = self.family
        if self.goal is not None:
            data["goal"] = [list(row) for row in self.goal]
        return data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ColourNonogram):
            return NotImplemented
        return (self.rows, self.cols, self.colour_palette.names) == (
            other.rows,
            other.cols,
            other.colour_palette.names,
        )

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.colour_palette.names))

    def __repr__(self) -> str:
        label = f" {self.name!r}" if self.name else ""
        plural = "colour" if self.colours == 1 else "colours"
        return f"<ColourNonogram{label} {self.size}, {self.colours} {plural}>"


def _colour(value: object, where: str) -> Colour:
    if not isinstance(value, Mapping) or "name" not in value or "rgb" not in value:
        raise ValueError(f'{where}: a colour is an object with "name" and "rgb"')
    try:
        return Colour(value["name"], parse_rgb(value["rgb"]), value.get("char", ""))
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def as_colour_nonogram(puzzle: object) -> ColourNonogram:
    """``puzzle`` as a :class:`ColourNonogram`: itself, or a black-and-white
    :class:`~helper.nonogram.Nonogram` as the one-colour case; a clear ``TypeError`` otherwise.

    Parameters
    ----------
    puzzle
        A colour or a black-and-white Nonogram.

    Returns
    -------
    ColourNonogram
        The puzzle as a colour Nonogram.

    Raises
    ------
    TypeError
        When ``puzzle`` is neither.

    Examples
    --------
    >>> as_colour_nonogram(Nonogram([[1]], [[1]]))
    <ColourNonogram 1x1, 1 colour>
    """
    if isinstance(puzzle, ColourNonogram):
        return puzzle
    if isinstance(puzzle, Nonogram):
        return ColourNonogram.from_nonogram(puzzle)
    raise TypeError(
        f"expected a ColourNonogram, got {type(puzzle).__name__}; make one with "
        "ColourNonogram(rows, cols, palette) or read one with helper.colour_formats"
    )


__all__ = [
    "ColourClue",
    "ColourNonogram",
    "as_colour_nonogram",
    "block_text",
    "clue_text",
    "needed_cells",
    "validate_colour",
]
