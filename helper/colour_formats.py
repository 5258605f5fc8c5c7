"""Colour Nonogram files: webpbn's XML format, and our JSON with colours.

**webpbn XML** ("XML Format for Paint-by-Number Puzzles", version 0.3, Jan Wolter,
https://webpbn.com/pbn_fmt.html: the format webpbn.com exports and his solver pbnsolve reads).
A file is a ``<puzzleset>`` holding one ``<puzzle type="grid">`` (its ``defaultcolor``,
``black`` unless said, colours a ``<count>`` without ``color``; its ``backgroundcolor``,
``white`` unless said, the empty cells)::

    <puzzleset>
      <puzzle type="grid" defaultcolor="red" backgroundcolor="white">
        <title>A flag</title>
        <color name="white" char=".">ffffff</color>
        <color name="red" char="r">ff0000</color>
        <clues type="columns"><line><count>2</count></line> ...</clues>
        <clues type="rows"><line><count color="red">1</count></line> ...</clues>
        <solution type="goal"><image>|r.|r.|</image></solution>
      </puzzle>
    </puzzleset>

``<color name char>`` gives a colour's RGB value in hexadecimal (``RRGGBB`` or ``RGB``);
``black`` (``X``, ``000``) and ``white`` (``.``, ``fff``) exist without being declared. Each
``<line>`` of a ``<clues>`` block is one row (top to bottom) or column (left to right), its
``<count color>`` elements the blocks in order. A ``<solution type="goal">`` holds the
picture, one row between bars per line, a colour's ``char`` per cell; other solutions (a
saved game) are ignored, as are the other text elements. ``title``, ``author``,
``copyright``, ``source``, ``id``, ``description`` go into the puzzle's ``info`` (``author``
as ``by``, as in ``.non``) and are written back.

**Our JSON with colours**: our Nonogram JSON (:mod:`helper.formats`) with a ``colours`` list
and the clues as ``[length, colour name]`` blocks
(:meth:`~helper.nonogram.colour.ColourNonogram.to_dict`). A JSON object without ``colours`` is
a black-and-white Nonogram, read as before.

**Hostile files.** The same one-line ``ValueError`` and the same size limits as
:mod:`helper.formats` (:data:`~helper.formats.MAX_CELLS`, the file size checked before
reading). The XML parser is the standard library's expat with every entity declaration and
external reference refused (no "billion laughs", no file or network read), elements nested
at most ``MAX_DEPTH`` (32) deep.
"""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.parsers import expat
from xml.sax.saxutils import escape, quoteattr

from helper.formats import (
    MAX_CELLS,
    check_size,
    read_bounded_text,
    read_json,
    read_non,
)
from helper.nonogram.clues import show
from helper.nonogram.colour.palette import Colour, Palette, parse_rgb
from helper.nonogram.colour.puzzle import ColourNonogram, as_colour_nonogram
from helper.nonogram.puzzle import Nonogram

MAX_DEPTH = 32
"""The deepest nesting of elements a webpbn file may have (it needs five)."""
_MAX_DIGITS = 12

PREDEFINED = {
    "black": Colour("black", (0, 0, 0), "X"),
    "white": Colour("white", (255, 255, 255), "."),
}
"""The colours a webpbn file may use without declaring them."""

INFO_ELEMENTS = {
    "title": "title",
    "author": "by",
    "copyright": "copyright",
    "source": "source",
    "id": "id",
    "description": "description",
}
"""webpbn's text elements and the ``info`` key each goes to."""


class _Element:
    """A parsed XML element: its tag, attributes, text, children and line."""

    __slots__ = ("attrs", "children", "line", "tag", "text")

    def __init__(self, tag: str, attrs: dict[str, str], line: int) -> None:
        self.tag, self.attrs, self.line = tag, attrs, line
        self.children: list[_Element] = []
        self.text = ""

    def find_all(self, tag: str) -> list["_Element"]:
        return [child for child in self.children if child.tag == tag]


def _refuse(what: str) -> Callable[..., None]:
    def handler(*_: object) -> None:
        raise ValueError(what)

    return handler


def _external(*_: object) -> int:
    raise ValueError("the file refers to an external entity")


def _parse_xml(text: str) -> "_Element":
    """The element tree of ``text``, parsed with entities refused (one-line errors)."""
    parser = expat.ParserCreate(encoding="UTF-8")  # the text is decoded already, whatever
    # encoding its declaration names
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.EntityDeclHandler = _refuse("the file declares an entity, which is refused")
    parser.UnparsedEntityDeclHandler = _refuse("the file declares an entity, which is refused")
    parser.ExternalEntityRefHandler = _external
    stack: list[_Element] = []
    roots: list[_Element] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        if len(stack) >= MAX_DEPTH:
            raise ValueError(f"elements nested more than {MAX_DEPTH} deep")
        element = _Element(tag, attrs, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(element)
        stack.append(element)

    def end(_: str) -> None:
        stack.pop()

    def data(chunk: str) -> None:
        if stack:
            stack[-1].text += chunk

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    try:
        parser.Parse(text.encode("utf-8"), True)
    except expat.ExpatError as error:
        message = expat.errors.messages[error.code] if error.code else str(error)
        raise ValueError(f"line {error.lineno}: not well-formed XML ({message})") from None
    except ValueError as error:
        raise ValueError(f"line {parser.CurrentLineNumber}: {error}") from None
    return roots[0]


def _number(element: _Element, where: str) -> int:
    value = element.text.strip()
    if not value.isdigit() or not value.isascii():
        raise ValueError(
            f"line {element.line}: {where}: count {show(value)} is not a positive integer"
        )
    if len(value) > _MAX_DIGITS:
        raise ValueError(
            f"line {element.line}: {where}: count {show(value)} is longer than any line"
        )
    if int(value) < 1:
        raise ValueError(f"line {element.line}: {where}: count {value} is not positive")
    return int(value)


def _colours(puzzle: _Element) -> dict[str, Colour]:
    declared: dict[str, Colour] = {}
    for element in puzzle.find_all("color"):
        name = element.attrs.get("name")
        if name is None:
            raise ValueError(f"line {element.line}: a <color> has no name")
        if name in declared:
            raise ValueError(f"line {element.line}: colour {show(name)} is declared twice")
        try:
            rgb = parse_rgb(element.text.strip())
            declared[name] = Colour(name, rgb, element.attrs.get("char", ""))
        except ValueError as error:
            raise ValueError(f"line {element.line}: {error}") from None
    return declared


def _image(solution: _Element, height: int, width: int, chars: dict[str, int]) -> list[list[int]]:
    images = solution.find_all("image")
    if len(images) != 1:
        raise ValueError(f"line {solution.line}: a goal holds one <image>, not {len(images)}")
    text = "".join(images[0].text.split())
    rows = [part for part in text.split("|") if part]
    if len(rows) != height:
        raise ValueError(
            f"line {images[0].line}: the goal has {len(rows)} rows, the puzzle {height}"
        )
    grid = []
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(
                f"line {images[0].line}: goal row {r} has {len(row)} cells, the puzzle {width}"
            )
        unknown = sorted(set(row) - set(chars))
        if unknown:
            raise ValueError(
                f"line {images[0].line}: goal row {r} holds {show(unknown[0])}, "
                "which is no colour's char"
            )
        grid.append([chars[ch] for ch in row])
    return grid


def read_webpbn(text: str, name: str = "", *, max_cells: int = MAX_CELLS) -> ColourNonogram:
    """Parse webpbn XML (version 0.3) into a colour Nonogram called ``name``.

    Parameters
    ----------
    text
        The file's text.
    name
        The puzzle's name.
    max_cells
        A grid of more than this many cells is refused before its clues are checked.

    Returns
    -------
    ColourNonogram
        The validated puzzle: its palette (the background is ``backgroundcolor``), clues,
        goal when the file has one, and text in ``info``.

    Raises
    ------
    ValueError
        One line, naming the XML line where there is one, for: XML that is not well formed,
        an entity declaration, no puzzle or more than one, a puzzle type other than
        ``grid``, a missing or repeated ``<clues>`` block, a count that is not a positive
        integer, an undeclared colour, a goal that does not fit; and the checks of
        :class:`~helper.nonogram.colour.ColourNonogram` (naming the line and the block).

    Examples
    --------
    >>> text = '''<puzzleset><puzzle defaultcolor="red">
    ...   <color name="red" char="r">f00</color><color name="blue" char="b">00f</color>
    ...   <clues type="columns"><line><count>1</count></line>
    ...                         <line><count color="blue">1</count></line></clues>
    ...   <clues type="rows"><line><count>1</count><count color="blue">1</count></line></clues>
    ... </puzzle></puzzleset>'''
    >>> puzzle = read_webpbn(text)
    >>> puzzle, puzzle.row_text(0)
    (<ColourNonogram 1x2, 2 colours>, 'row 0 (1 red, 1 blue)')
    >>> read_webpbn(text.replace('color="blue"', 'color="green"'))
    Traceback (most recent call last):
    ...
    ValueError: line 4: column 1, block 0: unknown colour 'green' (no <color> declares it)
    """
    root = _parse_xml(text.removeprefix("\ufeff"))
    puzzles = [root] if root.tag == "puzzle" else root.find_all("puzzle")
    if root.tag not in ("puzzle", "puzzleset"):
        raise ValueError(
            f"line {root.line}: the root element is <{show(root.tag)}>, not <puzzleset>"
        )
    if len(puzzles) != 1:
        raise ValueError(f"the file holds {len(puzzles)} puzzles; this reader takes one")
    puzzle = puzzles[0]
    kind = puzzle.attrs.get("type", "grid")
    if kind != "grid":
        raise ValueError(
            f"line {puzzle.line}: puzzle type {show(kind)} is not supported (only grid)"
        )
    declared = _colours(puzzle)
    known = {**PREDEFINED, **declared}
    default = puzzle.attrs.get("defaultcolor", "black")
    background_name = puzzle.attrs.get("backgroundcolor", "white")
    if background_name not in known:
        raise ValueError(
            f"line {puzzle.line}: backgroundcolor {show(background_name)} is not declared"
        )
    clues: dict[str, list[list[tuple[int, str]]]] = {}
    lines: dict[str, int] = {}
    used: list[str] = []
    for block in puzzle.find_all("clues"):
        kind = block.attrs.get("type", "")
        if kind not in ("rows", "columns"):
            raise ValueError(
                f"line {block.line}: <clues type> is rows or columns, not {show(kind)}"
            )
        if kind in clues:
            raise ValueError(f"line {block.line}: the {kind} clues are given twice")
        noun = "row" if kind == "rows" else "column"
        found = []
        for i, line in enumerate(block.find_all("line")):
            blocks = []
            for j, count in enumerate(line.find_all("count")):
                where = f"{noun} {i}, block {j}"
                colour = count.attrs.get("color", default)
                if colour not in known:
                    raise ValueError(
                        f"line {count.line}: {where}: unknown colour {show(colour)} "
                        "(no <color> declares it)"
                    )
                if colour not in used:
                    used.append(colour)
                blocks.append((_number(count, where), colour))
            found.append(blocks)
        clues[kind], lines[kind] = found, block.line
    for kind in ("rows", "columns"):
        if kind not in clues:
            raise ValueError(f'line {puzzle.line}: the puzzle has no <clues type="{kind}">')
    check_size(len(clues["rows"]), len(clues["columns"]), max_cells)
    background = known[background_name]
    order = [c for c in declared if c != background_name]
    order += [c for c in used if c not in declared and c != background_name]
    for kind in ("rows", "columns"):
        if any(colour == background_name for line in clues[kind] for _, colour in line):
            raise ValueError(
                f"line {lines[kind]}: a {kind[:-1]} clue uses the background "
                f"{background_name!r}, which is not a clue colour"
            )
    try:
        palette = Palette([known[c] for c in order], background)
    except ValueError as error:
        raise ValueError(f"line {puzzle.line}: {error}") from None
    goal = None
    for solution in puzzle.find_all("solution"):
        if solution.attrs.get("type", "goal") == "goal":
            chars = {ch: i for i, ch in enumerate(palette.chars)}
            goal = _image(solution, len(clues["rows"]), len(clues["columns"]), chars)
            break
    info = {}
    for element in puzzle.children:
        key = INFO_ELEMENTS.get(element.tag)
        if key is not None and element.text.strip():
            info[key] = element.text.strip()
    return ColourNonogram(clues["rows"], clues["columns"], palette, name=name, goal=goal, info=info)


def write_webpbn(puzzle: ColourNonogram | Nonogram) -> str:
    """The webpbn XML of a puzzle (a black-and-white one as the one-colour case).

    Parameters
    ----------
    puzzle
        The puzzle to write.

    Returns
    -------
    str
        The text, ending with a newline; :func:`read_webpbn` reads it back as the same
        puzzle, with the same palette, goal and text.

    Examples
    --------
    >>> from helper.nonogram import Nonogram
    >>> print(write_webpbn(Nonogram([[1]], [[1]])), end="")  # doctest: +ELLIPSIS
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
    <puzzleset>
    <puzzle type="grid" defaultcolor="black" backgroundcolor="white">
    <color name="white" char=".">ffffff</color>
    <color name="black" char="#">000000</color>
    <clues type="columns">
    <line><count color="black">1</count></line>
    </clues>
    <clues type="rows">
    <line><count color="black">1</count></line>
    </clues>
    </puzzle>
    </puzzleset>
    """
    colour = as_colour_nonogram(puzzle)
    palette = colour.colour_palette
    names = palette.names
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">',
        "<puzzleset>",
        f'<puzzle type="grid" defaultcolor={quoteattr(names[1])} '
        f"backgroundcolor={quoteattr(names[0])}>",
    ]
    for tag, key in INFO_ELEMENTS.items():
        if key in colour.info:
            out.append(f"<{tag}>{escape(colour.info[key])}</{tag}>")
    for c in (palette.background, *palette.colours):
        out.append(f"<color name={quoteattr(c.name)} char={quoteattr(c.char)}>{c.hex}</color>")
    for kind, lines in (("columns", colour.cols), ("rows", colour.rows)):
        out.append(f'<clues type="{kind}">')
        for clue in lines:
            counts = "".join(f"<count color={quoteattr(names[c])}>{n}</count>" for n, c in clue)
            out.append(f"<line>{counts}</line>")
        out.append("</clues>")
    if colour.goal is not None:
        chars = palette.chars
        out.append('<solution type="goal">')
        out.append("<image>")
        out += ["|" + "".join(escape(chars[cell]) for cell in row) + "|" for row in colour.goal]
        out.append("</image>")
        out.append("</solution>")
    out += ["</puzzle>", "</puzzleset>"]
    return "\n".join(out) + "\n"


def _load_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"line {error.lineno}: not valid JSON ({error.msg})") from None
    except RecursionError:
        raise ValueError("not valid JSON for a puzzle: lists nested too deeply") from None
    except ValueError as error:
        raise ValueError(f"not valid JSON for a puzzle ({show(str(error))})") from None


def is_colour_data(data: object) -> bool:
    """Whether a JSON value is a colour puzzle (an object with ``colours``).

    Parameters
    ----------
    data
        A value read from JSON.

    Returns
    -------
    bool
        True for an object with a ``colours`` key: our JSON with colours.

    Examples
    --------
    >>> is_colour_data({"colours": [], "rows": [], "cols": []}), is_colour_data({"rows": []})
    (True, False)
    """
    return isinstance(data, dict) and "colours" in data


def read_colour_json(text: str, name: str = "", *, max_cells: int = MAX_CELLS) -> ColourNonogram:
    """Parse our JSON with colours into a :class:`~helper.nonogram.colour.ColourNonogram`.

    Parameters
    ----------
    text
        A JSON object with ``colours``, ``rows`` and ``cols`` (see
        :meth:`~helper.nonogram.colour.ColourNonogram.to_dict`).
    name
        The puzzle's name.
    max_cells
        A grid of more than this many cells is refused before its clues are checked.

    Returns
    -------
    ColourNonogram
        The validated puzzle.

    Raises
    ------
    ValueError
        On text that is not JSON (naming the line), JSON that is not a colour puzzle, a
        grid over ``max_cells``, or clues that cannot be a puzzle.

    Examples
    --------
    >>> read_colour_json('{"colours": [{"name": "red", "rgb": "#f00"}], '
    ...                  '"rows": [[[1, "red"]]], "cols": [[[1, "red"]]]}')
    <ColourNonogram 1x1, 1 colour>
    """
    data = _load_json(text)
    if isinstance(data, dict):
        rows, cols = data.get("rows"), data.get("cols")
        if isinstance(rows, list) and isinstance(cols, list):
            check_size(len(rows), len(cols), max_cells)
    return ColourNonogram.from_dict(data, name=name)


def write_colour_json(puzzle: ColourNonogram | Nonogram) -> str:
    """Our JSON text of a colour puzzle: text keys, ``colours`` and ``background``, then
    ``rows`` and ``cols`` with one clue per line, then ``family`` and ``goal``.

    Parameters
    ----------
    puzzle
        The puzzle to write (a black-and-white one as the one-colour case).

    Returns
    -------
    str
        The text, ending with a newline; :func:`read_colour_json` reads it back as the same
        puzzle.

    Examples
    --------
    >>> from helper.nonogram.colour import ColourNonogram
    >>> text = write_colour_json(ColourNonogram([[(1, "red")]], [[(1, "red")]], [("red", "f00")]))
    >>> print(text, end="")
    {
      "colours": [
        {"name": "red", "rgb": "#ff0000", "char": "#"}
      ],
      "background": {"name": "white", "rgb": "#ffffff", "char": "."},
      "rows": [
        [[1, "red"]]
      ],
      "cols": [
        [[1, "red"]]
      ]
    }
    """
    data = as_colour_nonogram(puzzle).to_dict()
    parts = [f'  "{k}": {json.dumps(v)}' for k, v in data.items() if isinstance(v, str)]
    for key in ("colours", "background", "rows", "cols", "goal"):
        if key not in data:
            continue
        if key == "background":
            parts.append(f'  "{key}": {json.dumps(data[key])}')
            continue
        body = ",\n".join(f"    {json.dumps(line)}" for line in data[key])
        parts.append(f'  "{key}": [\n{body}\n  ]')
    return "{\n" + ",\n".join(parts) + "\n}\n"


def read_any_json(
    text: str, name: str = "", *, max_cells: int = MAX_CELLS
) -> Nonogram | ColourNonogram:
    """Our JSON of either kind: a colour puzzle when it has ``colours``, else a
    black-and-white one (:func:`helper.formats.read_json`, unchanged).

    Parameters
    ----------
    text
        Our JSON text of a puzzle.
    name
        The puzzle's name.
    max_cells
        A grid of more than this many cells is refused before its clues are checked.

    Returns
    -------
    Nonogram or ColourNonogram
        The validated puzzle.

    Examples
    --------
    >>> read_any_json('{"rows": [[1]], "cols": [[1]]}')
    <Nonogram 1x1>
    """
    data = _load_json(text)
    if is_colour_data(data):
        return read_colour_json(text, name, max_cells=max_cells)
    return read_json(text, name, max_cells=max_cells)


READERS: dict[str, Callable[..., Nonogram | ColourNonogram]] = {
    ".xml": read_webpbn,
    ".json": read_any_json,
    ".non": read_non,
}
"""The reader of each suffix that :func:`read_any_puzzle_file` knows."""


def read_any_puzzle_file(
    path: str | Path, *, max_cells: int = MAX_CELLS
) -> Nonogram | ColourNonogram:
    """Read a Nonogram of either kind: ``.xml`` (webpbn), ``.json`` (ours, with or without
    colours) or ``.non``.

    Parameters
    ----------
    path
        The file; its stem becomes the puzzle's name.
    max_cells
        A grid of more than this many cells is refused, and so is a file larger than
        :data:`~helper.formats.BYTES_PER_CELL` bytes per allowed cell, before it is read.

    Returns
    -------
    Nonogram or ColourNonogram
        The validated puzzle: a ``ColourNonogram`` from webpbn XML or JSON with colours.

    Raises
    ------
    ValueError
        Every failure to read the file, in one line starting with the file's name; an
        unknown suffix.
    OSError
        When the file cannot be opened.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "dot.json"
    >>> _ = path.write_text('{"rows": [[1]], "cols": [[1]]}', encoding="utf-8")
    >>> read_any_puzzle_file(path)
    <Nonogram 'dot' 1x1>
    """
    path = Path(path)
    reader = READERS.get(path.suffix.lower())
    if reader is None:
        raise ValueError(f"{path}: a Nonogram file is .xml, .json or .non")
    text = read_bounded_text(path, max_cells)
    try:
        return reader(text, name=path.stem, max_cells=max_cells)
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
    except RecursionError:
        raise ValueError(f"{path}: nested too deeply to be a puzzle") from None


def webpbn_to_json(text: str) -> str:
    """Convert webpbn XML to our JSON with colours (:func:`write_colour_json`).

    Parameters
    ----------
    text
        The text of a webpbn XML file.

    Returns
    -------
    str
        The same puzzle as our JSON with colours.

    Examples
    --------
    >>> import json
    >>> text = write_webpbn(ColourNonogram([[(1, "red")]], [[(1, "red")]], [("red", "f00")]))
    >>> json.loads(webpbn_to_json(text))["rows"]
    [[[1, 'red']]]
    """
    return write_colour_json(read_webpbn(text))


def json_to_webpbn(text: str) -> str:
    """Convert our JSON (with or without colours) to webpbn XML (:func:`write_webpbn`).

    Parameters
    ----------
    text
        Our JSON text of a puzzle, black and white or in colour.

    Returns
    -------
    str
        The same puzzle as webpbn XML.

    Examples
    --------
    >>> json_to_webpbn('{"rows": [[1]], "cols": [[1]]}').splitlines()[3]
    '<puzzle type="grid" defaultcolor="black" backgroundcolor="white">'
    """
    return write_webpbn(read_any_json(text))


__all__ = [
    "INFO_ELEMENTS",
    "MAX_DEPTH",
    "PREDEFINED",
    "READERS",
    "is_colour_data",
    "json_to_webpbn",
    "read_any_json",
    "read_any_puzzle_file",
    "read_colour_json",
    "read_webpbn",
    "webpbn_to_json",
    "write_colour_json",
    "write_webpbn",
]
