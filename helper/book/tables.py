"""Tables for the chapters: numbers formatted for a reader, wide tables split.

:func:`table` turns rows of raw values into a :class:`Table` that a notebook shows as an HTML
table (and ``print`` as aligned text). Each column is formatted by its kind:

- ``"count"``: integers with thousands separators (``12,345``); a float that holds a whole
  number (``12.0``, as a transposed frame makes of a count) is a count too;
- ``"seconds"``: ``1.23 s`` from one second up, ``12.3 ms`` below it (three significant
  digits); a negative duration (two clocks that disagree) is shown as ``0 ms`` with a mark
  and a note under the table, and counted in ``Table.clamped``;
- ``"ratio"``: ``12.3×``; ``"share"``: a fraction as a percentage, ``42%``, ``4.2%``;
- ``"number"``: three significant digits, no trailing zeros (``4.4``, ``0.0123``);
- ``"text"``: as it is. ``None`` (or NaN) is a dash in every kind.

By default an integer column is a count and a float column a number, so ``3.500000`` and
``0.000000`` never appear. A table with more than ``max_columns`` value columns is split
into several tables that repeat the first column (:class:`Tables`), or use ``transpose``.
"""

import html
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from numbers import Integral, Real
from typing import Any

Formatter = Callable[[Any], str]
DASH = "–"
CLAMP_MARK = "*"
CLAMP_NOTE = (
    "* measured below zero (the two clocks behind this figure differ by a few ms): shown as 0."
)
MAX_COLUMNS = 7
"""Value columns a table shows side by side before :func:`table` splits it."""


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _significant(value: float, digits: int = 3) -> str:
    """``value`` to ``digits`` significant digits, thousands separated, no trailing zeros."""
    if value == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(value)))
    decimals = max(0, digits - 1 - magnitude)
    text = f"{value:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def format_count(value: Any) -> str:
    """An integer with thousands separators: ``12,345``. A whole float counts too."""
    if _missing(value):
        return DASH
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Real) and float(value).is_integer():
        return f"{int(float(value)):,}"
    return format_number(value)


def format_number(value: Any) -> str:
    """Three significant digits without trailing zeros (``4.4``, ``21.8``, ``0.0123``); whole
    numbers as counts."""
    if _missing(value):
        return DASH
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Integral) or (isinstance(value, Real) and float(value).is_integer()):
        return f"{int(float(value)):,}"
    if isinstance(value, Real):
        return _significant(float(value))
    return str(value)


def format_seconds(value: Any) -> str:
    """A duration: ``1.23 s``, ``12.3 s``, ``123 s`` from a second up; ``456 ms``, ``12.3 ms``,
    ``0.0450 ms`` below (three significant digits); ``0 ms`` for zero. A negative duration is
    clamped to ``0 ms`` (:func:`table` marks it)."""
    if _missing(value):
        return DASH
    seconds = max(0.0, float(value))
    if seconds >= 1:
        return f"{_significant(seconds)} s" if seconds < 1000 else f"{seconds:,.0f} s"
    if seconds == 0:
        return "0 ms"
    ms = seconds * 1000
    magnitude = math.floor(math.log10(ms))
    return f"{ms:.{max(0, 2 - magnitude)}f} ms"


def format_ratio(value: Any) -> str:
    """A ratio or speed-up: ``12.3×``, ``1.04×``, ``153×``, ``1,234×``."""
    if _missing(value):
        return DASH
    value = float(value)
    if abs(value) >= 100:
        return f"{value:,.0f}×"
    return f"{_significant(value)}×"


def format_share(value: Any) -> str:
    """A fraction as a percentage: ``42%``, ``4.2%``, ``0.42%``, ``0%``, ``100%``."""
    if _missing(value):
        return DASH
    percent = float(value) * 100
    if percent == 0 or abs(percent) >= 10 or float(percent).is_integer():
        return f"{percent:,.0f}%"
    if abs(percent) >= 1:
        return f"{percent:.1f}%"
    return f"{_significant(percent, 2)}%"


def format_text(value: Any) -> str:
    """A value as text (``None`` as a dash)."""
    return DASH if _missing(value) else str(value)


FORMATS: dict[str, Formatter] = {
    "count": format_count,
    "number": format_number,
    "seconds": format_seconds,
    "ratio": format_ratio,
    "share": format_share,
    "text": format_text,
}
"""The kinds of column :func:`table` knows, by name."""


def _kind_of(values: Iterable[Any]) -> str:
    """The default kind of a column: count (integers), number (other numbers) or text."""
    present = [v for v in values if not _missing(v)]
    if present and all(isinstance(v, Integral) for v in present):
        return "count"
    if present and all(isinstance(v, Real) for v in present):
        return "number"
    return "text"


@dataclass
class Table:
    """A formatted table: ``header`` (the first entry names the label column), ``rows`` of
    strings, which columns are numbers (right-aligned), and notes shown under it.

    A notebook shows it as an HTML table (``_repr_html_``); ``str(table)`` is aligned text.
    ``clamped`` counts the negative durations shown as 0.
    """

    header: list[str]
    rows: list[list[str]]
    numeric: list[bool]
    notes: list[str] = field(default_factory=list)
    caption: str | None = None
    clamped: int = 0

    def transposed(self) -> "Table":
        """The same table with rows and columns swapped (the labels become the header)."""
        header = [self.header[0], *(row[0] for row in self.rows)]
        rows = [
            [name, *(row[i + 1] for row in self.rows)] for i, name in enumerate(self.header[1:])
        ]
        numeric = [False] + [True] * len(self.rows)
        return Table(header, rows, numeric, list(self.notes), self.caption, self.clamped)

    def columns(self, names: Sequence[str]) -> "Table":
        """The label column and the value columns ``names``, in that order."""
        missing = [n for n in names if n not in self.header[1:]]
        if missing:
            raise KeyError(f"no column {missing[0]!r}; the table has {self.header[1:]}")
        index = [0] + [self.header.index(n) for n in names]
        return Table(
            [self.header[i] for i in index],
            [[row[i] for i in index] for row in self.rows],
            [self.numeric[i] for i in index],
            list(self.notes)
            if any(CLAMP_MARK in row[i] for row in self.rows for i in index)
            else [],
            self.caption,
            self.clamped,
        )

    def split(self, groups: Sequence[Sequence[str]] | int = MAX_COLUMNS) -> "Tables":
        """Several tables, each with the label column and one group of value columns:
        ``groups`` lists the groups by column name, or gives the most columns per table."""
        names = self.header[1:]
        if isinstance(groups, int):
            size = max(1, groups)
            groups = [names[i : i + size] for i in range(0, len(names), size)]
        return Tables([self.columns(group) for group in groups])

    def _repr_html_(self) -> str:
        def cell(tag: str, text: str, numeric: bool) -> str:
            align = "right" if numeric else "left"
            return f'<{tag} style="text-align: {align}">{html.escape(text)}</{tag}>'

        head = "".join(cell("th", h, n) for h, n in zip(self.header, self.numeric, strict=True))
        body = "".join(
            "<tr>"
            + "".join(
                cell("th" if i == 0 else "td", text, numeric)
                for i, (text, numeric) in enumerate(zip(row, self.numeric, strict=True))
            )
            + "</tr>"
            for row in self.rows
        )
        caption = f"<caption>{html.escape(self.caption)}</caption>" if self.caption else ""
        notes = "".join(f'<p class="book-table-note">{html.escape(n)}</p>' for n in self.notes)
        return (
            '<table class="dataframe book-table" style="font-variant-numeric: tabular-nums">'
            f"{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{notes}"
        )

    def __str__(self) -> str:
        grid = [self.header, *self.rows]
        widths = [max(len(row[i]) for row in grid) for i in range(len(self.header))]

        def line(row: Sequence[str]) -> str:
            return "  ".join(
                text.rjust(width) if numeric else text.ljust(width)
                for text, width, numeric in zip(row, widths, self.numeric, strict=True)
            ).rstrip()

        rule = "  ".join("-" * w for w in widths)
        parts = ([self.caption] if self.caption else []) + [line(self.header), rule]
        return "\n".join(parts + [line(row) for row in self.rows] + self.notes)

    def __repr__(self) -> str:
        return str(self)


class Tables(list[Table]):
    """Tables shown one after the other (what :meth:`Table.split` returns)."""

    @property
    def clamped(self) -> int:
        return max((t.clamped for t in self), default=0)

    def _repr_html_(self) -> str:
        return "\n".join(t._repr_html_() for t in self)

    def __str__(self) -> str:
        return "\n\n".join(str(t) for t in self)

    def __repr__(self) -> str:
        return str(self)


def _records(data: Any, index: str | None) -> tuple[str, list[tuple[Any, dict[str, Any]]]]:
    """``(label column name, [(label, {column: value})])`` from the shapes :func:`table`
    takes."""
    if hasattr(data, "to_dict") and hasattr(data, "index"):  # a pandas DataFrame
        name = index or (str(data.index.name) if data.index.name is not None else "")
        return name, list(data.to_dict("index").items())
    if isinstance(data, Mapping):
        return index or "", [(label, dict(values)) for label, values in data.items()]
    rows = [dict(row) for row in data]
    if not rows:
        return index or "", []
    key = index or next(iter(rows[0]))
    return key, [(row.pop(key), row) for row in rows]


def table(
    data: Any,
    *,
    formats: Mapping[str, str | Formatter] | None = None,
    index: str | None = None,
    columns: Sequence[str] | None = None,
    caption: str | None = None,
    transpose: bool = False,
    max_columns: int | None = MAX_COLUMNS,
    note: str | None = None,
) -> Table | Tables:
    """A table of ``data`` with each column formatted for a reader.

    ``data`` is a list of rows (dicts; the first key, or ``index``, labels the row), a dict
    from row label to a dict of values, or a pandas ``DataFrame`` (its index labels the rows).
    ``formats`` maps a column to a kind (``"count"``, ``"seconds"``, ``"ratio"``,
    ``"share"``, ``"number"``, ``"text"``; see the module) or to a function from a value to
    its text; other columns get the default kind of their values. ``columns`` picks and orders
    the value columns. ``transpose`` swaps rows and columns after formatting (each value keeps
    its column's format). A table with more than ``max_columns`` value columns comes back
    split (:class:`Tables`); ``None`` never splits. ``note`` is a line under the table.
    """
    label, records = _records(data, index)
    names = list(columns) if columns is not None else []
    if columns is None:
        for _, values in records:
            names += [name for name in values if name not in names]
    formats = dict(formats or {})
    unknown = [kind for kind in formats.values() if isinstance(kind, str) and kind not in FORMATS]
    if unknown:
        raise ValueError(f"unknown column format {unknown[0]!r}; known: {', '.join(FORMATS)}")
    kinds: dict[str, str | Formatter] = {
        name: formats.get(name) or _kind_of(values.get(name) for _, values in records)
        for name in names
    }
    clamped = 0
    rows = []
    for row_label, values in records:
        row = [format_text(row_label)]
        for name in names:
            kind = kinds[name]
            value = values.get(name)
            text = (FORMATS[kind] if isinstance(kind, str) else kind)(value)
            if kind == "seconds" and isinstance(value, Real) and float(value) < 0:
                text += CLAMP_MARK
                clamped += 1
            row.append(text)
        rows.append(row)
    numeric = [False] + [kinds[name] != "text" for name in names]
    notes = ([CLAMP_NOTE] if clamped else []) + ([note] if note else [])
    result = Table([label, *names], rows, numeric, notes, caption, clamped)
    if transpose:
        result = result.transposed()
    if max_columns is not None and len(result.header) - 1 > max_columns:
        return result.split(max_columns)
    return result
