"""Tables for the chapters: numbers formatted for a reader, wide tables split.

:func:`table` turns rows of raw values into a :class:`Table`: the values in a pandas
``DataFrame`` and a formatter per column, which pandas' ``Styler.format`` applies (a dash for a
missing value, HTML escaped). A notebook shows the ``Styler``'s HTML, ``print`` the same cells
as a text table (tabulate), so the page and the terminal never disagree. Each column is
formatted by its kind:

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

import hashlib
import html
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from numbers import Integral, Real
from typing import Any

from helper.extras import missing_extra

try:
    import jinja2  # noqa: F401  (the Styler's HTML; pandas' own message would not name the extra)
    import pandas as pd
    from pandas.io.formats.style import Styler
    from tabulate import tabulate
except ModuleNotFoundError as error:
    raise missing_extra(error, __name__, "book") from None

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
    ms = float(f"{seconds * 1000:.3g}")  # rounded first: 0.09999 ms is 0.100 ms, not 0.1000
    if ms >= 1000:
        return format_seconds(ms / 1000)
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


def _clamped_seconds(value: Any) -> str:
    """:func:`format_seconds`, with the mark of a negative duration shown as 0."""
    text = format_seconds(value)
    return text + CLAMP_MARK if isinstance(value, Real) and float(value) < 0 else text


def _formatter(kind: str | Formatter) -> Formatter:
    if not isinstance(kind, str):
        return kind
    return _clamped_seconds if kind == "seconds" else FORMATS[kind]


_SEPARATOR = "\x1f"  # between the cells of Styler.to_string: no table holds it


@dataclass
class Table:
    """A table of raw values and the kind of each column, shown formatted.

    ``values`` holds the values (its index labels the rows, ``values.columns.name`` heads the
    label column); ``kinds`` maps each value column, or each row when ``by_row`` (a
    transposed table), to a kind of :data:`FORMATS` or a function from a value to its text.
    :meth:`styler` is the pandas ``Styler`` that formats them; a notebook shows its HTML
    (``_repr_html_``), ``str(table)`` is the same cells as a text table, and :attr:`rows` the
    cells themselves. ``clamped`` counts the negative durations shown as 0.
    """

    values: pd.DataFrame
    kinds: Mapping[Any, str | Formatter]
    notes: list[str] = field(default_factory=list)
    caption: str | None = None
    by_row: bool = False

    @property
    def label(self) -> str:
        """The header of the label column."""
        name = self.values.columns.name
        return "" if name is None else str(name)

    @property
    def header(self) -> list[str]:
        """The label column's header, then the value columns'."""
        return [self.label, *map(format_text, self.values.columns)]

    @property
    def numeric(self) -> list[bool]:
        """Which columns hold numbers, right-aligned (every value column of a transposed
        table, and the columns whose kind is not ``"text"``)."""
        if self.by_row:
            return [False] + [True] * len(self.values.columns)
        return [False] + [self.kinds[name] != "text" for name in self.values.columns]

    @property
    def clamped(self) -> int:
        """How many negative durations are shown as ``0 ms`` (marked, with a note)."""
        seconds = [key for key, kind in self.kinds.items() if kind == "seconds"]
        part = self.values.loc[seconds] if self.by_row else self.values[seconds]
        return sum(
            isinstance(v, Real) and not pd.isna(v) and float(v) < 0 for v in part.to_numpy().flat
        )

    def styler(self, *, escape: bool = True) -> Styler:
        """The pandas ``Styler`` of the table: each column (or row) formatted by its kind, a
        dash for a missing value, the labels as row headers, numbers right-aligned."""
        styled = Styler(self.values, cell_ids=False)
        escaping = "html" if escape else None
        for key, kind in self.kinds.items():
            subset = pd.IndexSlice[[key], :] if self.by_row else [key]
            styled = styled.format(_formatter(kind), subset=subset, na_rep=DASH, escape=escaping)
        styled = styled.format_index(format_text, axis=0, escape=escaping)
        styled = styled.format_index(format_text, axis=1, escape=escaping)
        rules = [{"selector": "th", "props": "text-align: left"}]
        rules += [
            {"selector": f".col{i}", "props": "text-align: right"}
            for i, numeric in enumerate(self.numeric[1:])
            if numeric
        ]
        digest = hashlib.sha1(repr((self.header, self.rows_of(styled))).encode()).hexdigest()
        styled = styled.set_uuid(digest[:10]).set_table_styles(rules)
        styled = styled.set_table_attributes('class="dataframe book-table"')
        return styled.set_caption(html.escape(self.caption)) if self.caption else styled

    @staticmethod
    def rows_of(styled: Styler) -> list[list[str]]:
        """The cells ``styled`` shows, row by row, below its header."""
        lines = styled.to_string(delimiter=_SEPARATOR).splitlines()
        return [line.split(_SEPARATOR) for line in lines[1:]]

    @property
    def rows(self) -> list[list[str]]:
        """Each row as the table shows it (its label, then its formatted values)."""
        return self.rows_of(self.styler(escape=False))

    def transposed(self) -> "Table":
        """The same table with rows and columns swapped (each value keeps its format)."""
        values = self.values.T.rename_axis(index=None, columns=self.label)
        return replace(self, values=values, by_row=not self.by_row)

    def columns(self, names: Sequence[str]) -> "Table":
        """The label column and the value columns ``names``, in that order."""
        missing = [n for n in names if n not in self.header[1:]]
        if missing:
            raise KeyError(f"no column {missing[0]!r}; the table has {self.header[1:]}")
        picked = [self.values.columns[self.header[1:].index(n)] for n in names]
        kinds = self.kinds if self.by_row else {n: self.kinds[n] for n in picked}
        part = replace(self, values=self.values[picked], kinds=kinds)
        notes = [n for n in self.notes if n != CLAMP_NOTE or part.clamped]
        return replace(part, notes=notes)

    def split(self, groups: Sequence[Sequence[str]] | int = MAX_COLUMNS) -> "Tables":
        """Several tables, each with the label column and one group of value columns:
        ``groups`` lists the groups by column name, or gives the most columns per table."""
        names = self.header[1:]
        if isinstance(groups, int):
            size = max(1, groups)
            groups = [names[i : i + size] for i in range(0, len(names), size)]
        return Tables([self.columns(group) for group in groups])

    def _repr_html_(self) -> str:
        notes = "".join(f'<p class="book-table-note">{html.escape(n)}</p>' for n in self.notes)
        return self.styler().to_html(doctype_html=False) + notes

    def __str__(self) -> str:
        align = ["right" if numeric else "left" for numeric in self.numeric]
        text = tabulate(
            self.rows, self.header, tablefmt="simple", colalign=align, disable_numparse=True
        )
        return "\n".join(([self.caption] if self.caption else []) + [text, *self.notes])

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
    values = pd.DataFrame(
        [[row.get(name) for name in names] for _, row in records],
        index=[row_label for row_label, _ in records],
        columns=pd.Index(names, dtype=object, name=label),
        dtype=object,
    )
    result = Table(values, kinds, caption=caption)
    result.notes = ([CLAMP_NOTE] if result.clamped else []) + ([note] if note else [])
    if transpose:
        result = result.transposed()
    if max_columns is not None and len(result.header) - 1 > max_columns:
        return result.split(max_columns)
    return result
