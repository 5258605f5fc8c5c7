"""The chapters' tables: every number formatted for a reader, wide tables split, raw floats
and negative durations never shown."""

import math
import re

import pandas as pd
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from helper.book.tables import (
    CLAMP_NOTE,
    Table,
    Tables,
    format_count,
    format_number,
    format_ratio,
    format_seconds,
    format_share,
    table,
)


def significant_digits(text: str) -> int:
    """The significant digits a formatted decimal shows (``3.500000``: 7, ``0.0625``: 3)."""
    number = re.search(r"[\d,]*\.\d+", text)
    if not number:
        return 0  # an integer, or no number
    return len(number.group().replace(",", "").replace(".", "").lstrip("0"))


@pytest.mark.parametrize(
    ("value", "text"),
    [(0, "0"), (7, "7"), (12345, "12,345"), (12345.0, "12,345"), (-3, "-3"), (None, "–")],
)
def test_counts_are_integers_with_separators(value, text):
    assert format_count(value) == text


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0.0, "0 ms"),
        (0.000045, "0.0450 ms"),
        (0.0012345, "1.23 ms"),
        (0.0123, "12.3 ms"),
        (0.5, "500 ms"),
        (0.9994, "999 ms"),
        (1.0, "1 s"),
        (1.5, "1.5 s"),
        (12.34, "12.3 s"),
        (123.4, "123 s"),
        (5000.0, "5,000 s"),
        (-0.004, "0 ms"),
        (float("nan"), "–"),
    ],
)
def test_seconds_have_three_significant_digits_in_ms_under_a_second(seconds, text):
    assert format_seconds(seconds) == text


@pytest.mark.parametrize(
    ("value", "ratio", "share"),
    [
        (12.345, "12.3×", "1,234%"),
        (1.04, "1.04×", "104%"),
        (153.2, "153×", "15,320%"),
        (0.42, "0.42×", "42%"),
        (0.042, "0.042×", "4.2%"),
        (0.0042, "0.0042×", "0.42%"),
        (0.0, "0×", "0%"),
        (1.0, "1×", "100%"),
    ],
)
def test_ratios_and_shares(value, ratio, share):
    assert format_ratio(value) == ratio
    assert format_share(value) == share


@pytest.mark.parametrize(
    ("value", "text"),
    [(4.4, "4.4"), (21.8, "21.8"), (23.0, "23"), (0.0123456, "0.0123"), (1234.5678, "1,235")],
)
def test_numbers_keep_three_significant_digits_and_drop_trailing_zeros(value, text):
    assert format_number(value) == text


@example(9.998067485576695e-211)  # rounds up to the next power of ten: 1.00e-207 ms
@example(0.00009999)  # 0.100 ms, not 0.1000 ms
@example(0.9996)  # 1.00 s, not 1000 ms
@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False))
def test_no_format_prints_a_raw_float_or_a_negative_duration(value):
    for text in (format_seconds(value), format_number(value), format_ratio(value)):
        assert significant_digits(text) <= 3, text
    assert not format_seconds(value).startswith("-")
    shown = float(format_seconds(value).split()[0].replace(",", ""))
    unit = 1 if format_seconds(value).endswith(" s") else 1e-3
    assert shown * unit == pytest.approx(max(value, 0.0), rel=5e-3, abs=1e-9)


@given(st.integers(-(10**12), 10**12))
def test_a_count_reads_back_as_the_same_integer(value):
    assert int(format_count(value).replace(",", "")) == value
    assert int(format_count(float(value)).replace(",", "")) == value


def test_a_table_formats_each_column_by_its_kind_and_flags_clamped_durations():
    rows = [
        {"solver": "a", "seconds": -0.004, "branches": 0.0, "mean": 4.4, "x": 12.345},
        {"solver": "b", "seconds": 1.5, "branches": 12345.0, "mean": 21.8, "x": 153.2},
    ]
    shown = table(rows, formats={"seconds": "seconds", "x": "ratio"})
    assert isinstance(shown, Table)
    assert shown.header == ["solver", "seconds", "branches", "mean", "x"]
    assert shown.rows == [
        ["a", "0 ms*", "0", "4.4", "12.3×"],
        ["b", "1.5 s", "12,345", "21.8", "153×"],
    ]
    assert shown.clamped == 1 and shown.notes == [CLAMP_NOTE]
    html = shown._repr_html_()  # pandas' Styler: the cells as rows show them
    assert html.count("<table") == 1 and html.count("<tr>") == 3 and CLAMP_NOTE in html
    assert 'class="dataframe book-table"' in html and ">12,345</td>" in html
    uuid = re.search(r'<table id="(T_\w+)"', html).group(1)
    assert f"#{uuid} .col1 {{\n  text-align: right;" in html  # the numbers are right-aligned
    assert shown._repr_html_() == html  # the same table gives the same page (no random id)
    assert str(shown).splitlines()[2].split() == ["a", "0", "ms*", "0", "4.4", "12.3×"]
    assert max(significant_digits(text) for row in shown.rows for text in row) <= 3


def test_a_frame_or_a_dict_of_rows_and_a_transpose_keep_each_columns_format():
    counts = {"CP-SAT": 3, "PySAT": 12000}
    frame = pd.DataFrame({"conflicts": counts, "share": {"CP-SAT": 0.25, "PySAT": 0.5}})
    frame.index.name = "solver"
    flipped = table(frame.T)  # the transpose turns every count into a float
    assert flipped.rows == [["conflicts", "3", "12,000"], ["share", "0.25", "0.5"]]
    shown = table(frame, formats={"share": "share"})
    assert shown.header[0] == "solver"
    assert shown.transposed().rows == [["conflicts", "3", "12,000"], ["share", "25%", "50%"]]
    assert table(frame.to_dict("index"), formats={"share": "share"}).rows == shown.rows
    with pytest.raises(ValueError, match="unknown column format 'percent'"):
        table(frame, formats={"share": "percent"})


def test_a_wide_table_is_split_and_each_part_repeats_the_labels():
    wide = {f"row {i}": {f"c{j}": i * j * 1000 for j in range(12)} for i in range(3)}
    parts = table(wide, max_columns=5)
    assert isinstance(parts, Tables) and len(parts) == 3
    assert [len(part.header) for part in parts] == [6, 6, 3]
    assert all([row[0] for row in part.rows] == list(wide) for part in parts)
    assert parts[1].rows[2][1:] == ["10,000", "12,000", "14,000", "16,000", "18,000"]
    chosen = table(wide, max_columns=None).split([["c1", "c2"], ["c11"]])
    assert [part.header for part in chosen] == [["", "c1", "c2"], ["", "c11"]]
    assert parts._repr_html_().count("<table") == 3
    with pytest.raises(KeyError, match="no column 'c99'"):
        table(wide, max_columns=None).columns(["c99"])


def test_html_is_escaped_and_the_text_table_shows_the_same_cells():
    shown = table([{"name": "<b>", "n": 1234}], caption="a < b", note="x & y")
    html = shown._repr_html_()
    assert "&lt;b&gt;" in html and "<b>" not in html and "x &amp; y" in html
    assert "<caption>a &lt; b</caption>" in html
    assert str(shown).splitlines() == [
        "a < b",
        "name        n",
        "------  -----",
        "<b>     1,234",
        "x & y",
    ]


def test_missing_values_are_dashes_and_text_stays_text():
    shown = table([{"name": "a", "n": 1, "note": None}, {"name": "b", "n": None, "note": "x"}])
    assert shown.rows == [["a", "1", "–"], ["b", "–", "x"]]
    assert shown.numeric == [False, True, False]
    assert math.isnan(float("nan"))  # NaN from pandas is a dash too:
    assert table(pd.DataFrame({"n": [1.5, float("nan")]})).rows[1][1] == "–"
