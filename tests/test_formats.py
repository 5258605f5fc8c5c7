""".non files and our JSON: reading, writing, round trips and the errors for bad files."""

import io
import json
from pathlib import Path

import pytest
import strategies
from hypothesis import given, settings
from hypothesis import strategies as st

from helper import formats
from helper.formats import (
    json_to_non,
    non_to_json,
    read_json,
    read_non,
    read_puzzle_file,
    write_json,
    write_non,
)
from helper.nonogram import Nonogram

DATA = Path(__file__).parent / "data"

BOAT_ROWS = [[4], [1, 1], [1, 1], [1, 2], [3]]
BOAT_COLS = [[5], [1, 1], [1, 2], [4]]
BOAT_GOAL = [[1, 1, 1, 1], [1, 0, 0, 1], [1, 0, 0, 1], [1, 0, 1, 1], [1, 1, 1, 0]]


def test_read_the_boat_with_every_key():
    text = (DATA / "boat.non").read_text(encoding="utf-8")
    puzzle = read_non(text)
    assert (puzzle.name, read_non(text, name="boat").name) == ("", "boat")
    assert puzzle.to_dict() == {
        "rows": BOAT_ROWS,
        "cols": BOAT_COLS,
        "title": "A small boat & its sail",  # quotes removed, &amp; decoded
        "by": "The book's authors",
        "copyright": "© 2025 the book's authors",
        "license": "CC-BY-4.0",  # an unquoted value
        "catalogue": "tests #1",
        "goal": BOAT_GOAL,
    }


def test_blank_lines_zero_lines_and_unknown_keys():
    puzzle = read_non((DATA / "blank_lines.non").read_text(encoding="utf-8"))
    assert puzzle.to_dict() == {
        "rows": [[1, 1], [], [5], [3]],
        "cols": [[1, 1], [2], [1, 2], [2], [1]],
    }


def test_old_spelling_of_the_sizes():
    text = "columns 2\nrows 1\nrows\n1\ncolumns\n1\n0\n"
    assert read_non(text).to_dict() == {"rows": [[1]], "cols": [[1], []]}


def test_write_non_looks_like_the_format():
    # Quotes, &, <, line breaks and non-ASCII become references; an apostrophe stays as it is.
    info = {"title": 'Say "hi" – ok', "by": "Ann & Bob's <team>\r\nline 2"}
    puzzle = Nonogram.from_grid([[1, 1], [0, 0]], info=info)
    text = write_non(puzzle)
    assert text == (
        'title "Say &quot;hi&quot; &#8211; ok"\n'
        'by "Ann &amp; Bob\'s &lt;team&gt;&#13;&#10;line 2"\n'
        "width 2\nheight 2\n\nrows\n2\n0\n\ncolumns\n1\n1\n\n"
        'goal "1100"\n'
    )
    assert read_non(text).to_dict() == puzzle.to_dict()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("bad_clue.non", "line 5: row 1: expected numbers separated by commas, got '1;1'"),
        ("short_block.non", "line 6: the rows block ends after 2 clue(s) but height is 3"),
    ],
)
def test_bad_files_name_the_line(name, message):
    with pytest.raises(ValueError) as error:
        read_non((DATA / name).read_text(encoding="utf-8"))
    assert str(error.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("height 2\nrows\n1\n1\n", "the file has no width line"),
        ("width 1\nheight 1\nrows\n1\n", "the file has no columns block"),
        ("width 1\nwidth 2\n", "line 2: width is given twice"),
        ("width 1\ncolumns 2\n", "line 2: width is given twice"),
        ("width 0\n", "line 1: width must be a positive integer, got '0'"),
        ("height -3\n", "line 1: height must be a positive integer, got '-3'"),
        ("rows x\n", "line 1: rows must be a positive integer, got 'x'"),
        ("width 2\nheight 1\nrows\n1\nrows\n", "line 5: the rows block is given twice"),
        ("width 2\nrows\n1\n", "line 2: rows comes before height"),
        ("height 2\ncolumns\n1\n", "line 2: columns comes before width"),
        ("width 1\nheight 2\nrows\n1\n", "line 3: the rows block has 1 clue(s), height says 2"),
        (
            "width 2\nheight 1\nrows\n3\n",
            "line 4: row 0: clue '3' needs 3 cells but the line has only 2",
        ),
        (
            "width 1\nheight 1\nrows\n1\ncolumns\n3\n",
            "line 6: column 0: clue '3' needs 3 cells but the line has only 1",
        ),
        (
            "width 2\nheight 1\nrows\n1,0\n",
            "line 4: row 0: clue '1,0' holds 0 next to other numbers",
        ),
        ("width 2\nheight 1\nrows\n1a\n", "line 4: row 0: colour clues '1a' are not supported"),
        (
            "width 3\nheight 2\nrows\n1\n1\ncolumns\n1\n0\n2A, 1b\n",
            "line 9: column 2: colour clues '2A, 1b' are not supported",
        ),
        (
            "width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal 0\n",
            "line 7: the goal picture does not match the clues",
        ),
        (
            "width 3\nheight 2\nrows\n3\n0\ncolumns\n1\n1\n1\ngoal 1110\n",
            "line 10: goal has 4 cells, the 2x3 grid has 6",
        ),
        (
            "width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal 2\n",
            "line 7: goal may hold only 0 and 1",
        ),
        ("width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal 1\ngoal 1\n", "line 8: goal is given twice"),
        ("title a\ntitle b\n", "line 2: title is given twice"),
        (
            "width 2\nheight 1\nrows\n1\ncolumns\n1\n1\n",
            "the row clues paint 1 cells but the column clues paint 2",
        ),
    ],
)
def test_malformed_text(text, message):
    with pytest.raises(ValueError) as error:
        read_non(text)
    assert str(error.value) == message


def test_a_goal_may_be_unquoted_and_spaced_by_row():
    text = "width 3\nheight 2\nrows\n3\n0\ncolumns\n1\n1\n1\ngoal "
    for goal in ('"111000"', "111 000", '"111 000"'):
        assert read_non(text + goal).goal == [[1, 1, 1], [0, 0, 0]]


def test_json_files_and_conversion():
    boat_json = (DATA / "boat.json").read_text(encoding="utf-8")
    assert (read_json(boat_json).name, read_json(boat_json, name="b").name) == ("", "b")
    boat = read_json(boat_json).to_dict()
    assert boat == {"title": "A small boat", "rows": BOAT_ROWS, "cols": BOAT_COLS}
    assert read_non(json_to_non(boat_json)).to_dict() == boat
    assert read_json(non_to_json(json_to_non(boat_json))).to_dict() == boat
    assert json.loads(write_json(read_json(boat_json))) == boat


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "an object"),
        ('{"rows": [[1]]}', "an object"),
        ('{"rows": [[1]], "cols": [[2]]}', "column 0"),
        ('{"rows": [[1]], "cols": [[1]], "goal": [[0]]}', "goal picture"),
    ],
)
def test_bad_json(text, message):
    with pytest.raises(ValueError, match=message):
        read_json(text)


def test_bad_json_syntax_names_the_line():
    with pytest.raises(ValueError, match="line 4: not valid JSON"):
        read_json((DATA / "bad.json").read_text(encoding="utf-8"))


def test_read_puzzle_file_chooses_by_suffix_and_names_the_file(tmp_path):
    from_json, from_non = read_puzzle_file(DATA / "boat.json"), read_puzzle_file(DATA / "boat.non")
    assert from_json == from_non == Nonogram(BOAT_ROWS, BOAT_COLS)
    assert (from_json.name, from_non.name) == ("boat", "boat")
    with pytest.raises(ValueError, match=r"short_block\.non: line 6"):
        read_puzzle_file(DATA / "short_block.non")
    binary = tmp_path / "x.non"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ValueError, match="not a UTF-8 text file"):
        read_puzzle_file(binary)


def test_read_puzzle_file_reads_utf8_whatever_the_default_encoding(tmp_path, monkeypatch):
    # As on a machine whose default text encoding is not UTF-8 (Windows): pathlib asks
    # io.text_encoding for the encoding when it is not given.
    monkeypatch.setattr(io, "text_encoding", lambda encoding, *args: encoding or "cp1252")
    path = tmp_path / "sail.non"
    path.write_text('title "Voilà, ½ bateau"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n', "utf-8")
    assert read_puzzle_file(path).title == "Voilà, ½ bateau"


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x91", "\ud800"])  # control, lone surrogate
def test_write_refuses_control_characters(char):
    with pytest.raises(ValueError, match="title holds the control character"):
        write_non(Nonogram([[1]], [[1]], info={"title": f"a{char}b"}))


pictures = strategies.pictures(1, 8)
texts = st.text(
    st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("\t\n\r"),
    max_size=30,
)


@settings(max_examples=60, deadline=None)
@given(pictures, st.booleans(), st.dictionaries(st.sampled_from(["title", "by", "license"]), texts))
def test_round_trip_through_non_and_json(picture, with_goal, text_keys):
    puzzle = Nonogram.from_grid(picture, info=text_keys)
    if not with_goal:
        puzzle = Nonogram(puzzle.rows, puzzle.cols, info=text_keys)
    expected = puzzle.to_dict()
    assert read_non(write_non(puzzle)).to_dict() == expected
    assert read_json(write_json(puzzle)).to_dict() == expected
    assert read_json(non_to_json(write_non(puzzle))).to_dict() == expected


def test_windows_line_ends_and_a_byte_order_mark():
    text = (DATA / "boat.non").read_text(encoding="utf-8")
    assert read_non("\ufeff" + text.replace("\n", "\r\n")).to_dict() == read_non(text).to_dict()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "^not valid JSON for a puzzle: lists nested too deeply$"),
        (
            '{"rows": [[' + "9" * 5000 + ']], "cols": [[1]]}',
            r"^not valid JSON for a puzzle \('Exceeds the limit\.\.\.increase the limit'\)$",
        ),
        ('{"rows": [[' + "9" * 4000 + ']], "cols": [[1]]}', r"^row 0: clue \[9999.*\.\.\..*9\] "),
        ('{"rows": [' + "[" * 900 + "]" * 900 + '], "cols": [[1]]}', r"\[\[\[\[\.\.\.\]\]\]\]"),
        (json.dumps({"rows": [[1]] * 1000, "cols": [[1]] * 1000}), "1,000,000 cells"),
    ],
)
def test_hostile_json_gets_a_short_one_line_error(text, message):
    with pytest.raises(ValueError, match=message) as error:
        read_json(text)
    assert "\n" not in str(error.value) and len(str(error.value)) < 200


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("width 100000\nheight 100000\n", "line 2: the 100000 x 100000 grid has 10,000,000,000"),
        ("height 3\nwidth " + "9" * 5000 + "\n", "line 2: width '9999.*' is far beyond any size"),
        ("width 5\nheight 1\nrows\n" + "9" * 5000, "line 4: row 0: the number '9999.*' is longer"),
        ("width 2\nheight 1\nrows\n" + "1," * 10**5 + "1", "line 4: row 0: clue '1,1.*needs"),
        ("width 2\nheight 1\nrows\n" + "1;" * 10**5, "expected numbers separated by commas"),
    ],
)
def test_hostile_non_gets_a_short_one_line_error(text, message):
    with pytest.raises(ValueError, match=message) as error:
        read_non(text)
    assert "\n" not in str(error.value) and len(str(error.value)) < 200


def test_the_size_limit_is_an_argument(tmp_path, monkeypatch):
    text = "width 3\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n0\n"
    assert read_non(text, max_cells=6).size == "2x3"
    with pytest.raises(ValueError, match=r"^line 2: the 2 x 3 grid has 6 cells, more than the "):
        read_non(text, max_cells=5)
    assert read_json('{"rows": [[1], [1]], "cols": [[1], [1], []]}', max_cells=6).cells == 6
    with pytest.raises(ValueError, match="limit of 5"):
        read_json('{"rows": [[1], [1]], "cols": [[1], [1], []]}', max_cells=5)
    path = tmp_path / "small.non"
    path.write_text(text + "title " + "x" * 5000 + "\n")
    assert read_puzzle_file(path, max_cells=6).cells == 6
    monkeypatch.setattr(formats, "SLACK_BYTES", 0)  # 64 bytes per cell: 384 for 6 cells
    with pytest.raises(ValueError, match=r"small\.non: the file has 5,\d+ bytes, more than"):
        read_puzzle_file(path, max_cells=6)
    assert read_puzzle_file(path, max_cells=100).cells == 6


def test_the_file_size_limit_is_exact(tmp_path, monkeypatch):
    path = tmp_path / "exact.non"
    header = "width 3\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n0\n"
    path.write_text(header + "#" * (100 - len(header)))
    size = path.stat().st_size
    assert size == 100
    monkeypatch.setattr(formats, "SLACK_BYTES", 4)
    monkeypatch.setattr(formats, "BYTES_PER_CELL", 16)  # limit: 16 * max_cells + 4
    assert read_puzzle_file(path, max_cells=6).cells == 6  # 16 * 6 + 4 = 100: just fits
    monkeypatch.setattr(formats, "SLACK_BYTES", 3)
    with pytest.raises(ValueError) as error:
        read_puzzle_file(path, max_cells=6)
    assert str(error.value) == (
        f"{path}: the file has 100 bytes, more than a puzzle of at most 6 cells needs (raise "
        "the limit with max_cells=, or --max-cells)"
    )
    monkeypatch.setattr(formats, "SLACK_BYTES", 1000)  # small enough, but the grid is not:
    with pytest.raises(ValueError, match=r"exact\.non: line 2: the 2 x 3 grid has 6 cells"):
        read_puzzle_file(path, max_cells=5)


@pytest.mark.parametrize(
    ("digits", "message"),
    [
        (12, r"^line 4: row 0: clue '999999999999' needs 999999999999 cells but the line has"),
        (13, r"^line 4: row 0: the number '9999999999999' is longer than any line$"),
    ],
)
def test_numbers_of_up_to_twelve_digits_are_read(digits, message):
    with pytest.raises(ValueError, match=message):
        read_non("width 5\nheight 1\nrows\n" + "9" * digits + "\n")


@pytest.mark.parametrize(
    ("digits", "message"),
    [(12, r"^line 2: the 999999999999 x 999999999999 grid"), (13, r"^line 2: height '9{13}' is")],
)
def test_sizes_of_up_to_twelve_digits_are_read(digits, message):
    with pytest.raises(ValueError, match=message):
        read_non(f"width {'9' * 12}\nheight {'9' * digits}\n")
