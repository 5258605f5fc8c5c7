"""The colours of a colour Nonogram: a background and the clue colours, each with a name, an
RGB value and a one-character symbol.

The background (``white`` unless a file says otherwise) is what an empty cell shows; it is
never the colour of a block. The clue colours are numbered from 1 in the order the palette
lists them, and a grid holds these numbers: 0 for the background, ``i`` for the ``i``-th clue
colour. A black-and-white Nonogram is the palette :data:`BLACK_AND_WHITE`, whose one clue
colour is black, so that its grids are the familiar rows of 0 and 1.
"""

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..clues import show

RGB = tuple[int, int, int]

_HEX = re.compile(r"#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_ .+-]{0,39}")

MAX_COLOURS = 32
"""The most clue colours a palette may hold (webpbn's puzzles use far fewer)."""


def parse_rgb(value: object) -> RGB:
    """An RGB triple from ``"RRGGBB"``, ``"RGB"`` (each with an optional ``#``) or three
    integers 0 to 255.

    Parameters
    ----------
    value
        The colour as text (webpbn's ``<color>`` element, our JSON) or as a triple.

    Returns
    -------
    tuple[int, int, int]
        Red, green and blue, each 0 to 255.

    Raises
    ------
    ValueError
        When ``value`` is neither hex text of 3 or 6 digits nor three integers 0 to 255.

    Examples
    --------
    >>> parse_rgb("#ff0000"), parse_rgb("0f0"), parse_rgb([0, 0, 255])
    ((255, 0, 0), (0, 255, 0), (0, 0, 255))
    >>> parse_rgb("red")
    Traceback (most recent call last):
    ...
    ValueError: colour value 'red' is not RRGGBB or RGB in hexadecimal
    """
    if isinstance(value, str):
        match = _HEX.fullmatch(value.strip())
        if match is None:
            raise ValueError(f"colour value {show(value)} is not RRGGBB or RGB in hexadecimal")
        digits = match.group(1)
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        return (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))
    if (
        isinstance(value, Sequence)
        and len(value) == 3
        and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 255 for x in value)
    ):
        return (int(value[0]), int(value[1]), int(value[2]))
    raise ValueError(f"colour value {show(value)} is not RRGGBB text or three integers 0-255")


@dataclass(frozen=True)
class Colour:
    """One colour of a palette.

    Parameters
    ----------
    name
        How clues and files refer to it (``"red"``); letters, digits, ``_``, space, ``.``,
        ``+`` and ``-``, at most 40 characters.
    rgb
        Its red, green and blue values, 0 to 255 (hex text is accepted: ``"ff0000"``).
    char
        One printable character that stands for it in a text picture (webpbn's ``char``).

    Examples
    --------
    >>> Colour("red", "#f00", "r")
    Colour(name='red', rgb=(255, 0, 0), char='r')
    >>> Colour("red", (255, 0, 0)).hex
    'ff0000'
    """

    name: str
    rgb: RGB
    char: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.fullmatch(self.name):
            raise ValueError(
                f"colour name {show(self.name)} must be 1 to 40 letters, digits, '_', ' ', "
                "'.', '+' or '-', starting with a letter, digit or '_'"
            )
        object.__setattr__(self, "rgb", parse_rgb(self.rgb))
        if not isinstance(self.char, str) or len(self.char) > 1:
            raise ValueError(f"colour {self.name!r}: char {show(self.char)} is not one character")
        if self.char and (not self.char.isprintable() or self.char.isspace() or self.char in "|?"):
            raise ValueError(
                f"colour {self.name!r}: char {self.char!r} cannot stand for a cell "
                "(a space, '|' and '?' have other meanings in a picture)"
            )

    @property
    def hex(self) -> str:
        """``"rrggbb"``, as webpbn writes it."""
        return "".join(f"{x:02x}" for x in self.rgb)


WHITE = Colour("white", (255, 255, 255), ".")
"""The usual background."""
BLACK = Colour("black", (0, 0, 0), "#")
"""The clue colour of a black-and-white Nonogram."""

_SPARE_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789%@&*+=~^"


@dataclass(frozen=True, init=False)
class Palette:
    """The background and the clue colours of a colour Nonogram (clue colour ``i`` is
    ``colours[i - 1]``; 0 is the background).

    Names are unique, and so are the characters (a colour given none gets a free one, its
    name's first letter when that is free); the background is not a clue colour.

    Parameters
    ----------
    colours
        The clue colours, in order: :class:`Colour` values, or ``(name, rgb)`` pairs.
    background
        The colour of an empty cell (white by default).

    Raises
    ------
    ValueError
        No clue colour, more than ``MAX_COLOURS`` (32), a name or character given twice, or a
        clue colour named like the background.

    Examples
    --------
    >>> palette = Palette([("red", "f00"), ("blue", "00f")])
    >>> palette.names, palette.chars, palette.index("blue")
    (('white', 'red', 'blue'), ('.', 'r', 'b'), 2)
    >>> Palette([("white", "fff")])
    Traceback (most recent call last):
    ...
    ValueError: colour 1 'white' is the background, which is not a clue colour
    """

    colours: tuple[Colour, ...]
    background: Colour

    def __init__(
        self, colours: Iterable[Colour | tuple[str, object]], background: Colour = WHITE
    ) -> None:
        if isinstance(colours, (str, bytes)):
            raise ValueError("a palette is a list of colours, not text")
        given = [c if isinstance(c, Colour) else _pair(c) for c in colours]
        if not isinstance(background, Colour):
            raise ValueError(f"the background {show(background)} is not a Colour")
        if not given:
            raise ValueError("a palette needs at least one clue colour")
        if len(given) > MAX_COLOURS:
            raise ValueError(
                f"a palette holds at most {MAX_COLOURS} clue colours, not {len(given)}"
            )
        names = {background.name}
        for i, colour in enumerate(given, start=1):
            if colour.name == background.name:
                raise ValueError(
                    f"colour {i} {colour.name!r} is the background, which is not a clue colour"
                )
            if colour.name in names:
                raise ValueError(f"colour {i}: the name {colour.name!r} is given twice")
            names.add(colour.name)
        background = _with_char(background, set(), ".")
        used = {background.char}
        chars: list[Colour] = []
        for i, colour in enumerate(given, start=1):
            if colour.char and colour.char in used:
                raise ValueError(f"colour {i} {colour.name!r}: the char {colour.char!r} is taken")
            used.add(colour.char)
        for colour in given:
            if not colour.char:
                colour = _with_char(colour, used, "#" if len(given) == 1 else "")
                used.add(colour.char)
            chars.append(colour)
        object.__setattr__(self, "colours", tuple(chars))
        object.__setattr__(self, "background", background)

    def __len__(self) -> int:
        """The number of clue colours."""
        return len(self.colours)

    def __iter__(self) -> Iterator[Colour]:
        return iter(self.colours)

    def __getitem__(self, index: int) -> Colour:
        """Colour ``index`` of a grid: 0 the background, ``i`` the ``i``-th clue colour."""
        if not 0 <= index <= len(self.colours):
            raise IndexError(f"colour {index} is not in a palette of {len(self.colours)}")
        return self.background if index == 0 else self.colours[index - 1]

    @property
    def names(self) -> tuple[str, ...]:
        """Every name, by grid value (the background's first)."""
        return (self.background.name, *(c.name for c in self.colours))

    @property
    def chars(self) -> tuple[str, ...]:
        """Every character, by grid value (the background's first)."""
        return (self.background.char, *(c.char for c in self.colours))

    def index(self, name: str) -> int:
        """The grid value of the clue colour ``name`` (``ValueError`` when there is none)."""
        for i, colour in enumerate(self.colours, start=1):
            if colour.name == name:
                return i
        raise ValueError(
            f"unknown colour {show(name)}; the clue colours are {', '.join(self.names[1:])}"
        )

    def to_list(self) -> list[dict[str, str]]:
        """The clue colours as our JSON writes them: ``{"name", "rgb", "char"}`` objects."""
        return [{"name": c.name, "rgb": "#" + c.hex, "char": c.char} for c in self.colours]

    @property
    def black_and_white(self) -> bool:
        """Whether there is one clue colour (the puzzle is a black-and-white Nonogram)."""
        return len(self.colours) == 1


def _pair(value: object) -> Colour:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != 2:
        raise ValueError(f"a colour is a Colour or a (name, rgb) pair, not {show(value)}")
    return Colour(value[0], value[1])


def _with_char(colour: Colour, used: set[str], first: str) -> Colour:
    if colour.char:
        return colour
    for char in (first, colour.name[0], colour.name[0].swapcase(), *_SPARE_CHARS):
        if char and char not in used and char not in "|? ":
            return Colour(colour.name, colour.rgb, char)
    raise ValueError(f"colour {colour.name!r}: no free character")  # pragma: no cover


BLACK_AND_WHITE = Palette([BLACK])
"""The palette of a black-and-white Nonogram: white background, black blocks."""

__all__ = [
    "BLACK",
    "BLACK_AND_WHITE",
    "MAX_COLOURS",
    "RGB",
    "WHITE",
    "Colour",
    "Palette",
    "parse_rgb",
]
