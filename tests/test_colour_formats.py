"""Colour Nonogram files: webpbn XML and our JSON with colours, written and read back, and
hostile files refused with one line (entities, nesting, sizes)."""

import json
import re

import pytest
from colour_cases import small_pictures
from hypothesis import given, settings

from helper.colour_formats import (
    MAX_DEPTH,
    json_to_webpbn,
    read_any_json,
    read_any_puzzle_file,
    read_colour_json,
    read_webpbn,
    webpbn_to_json,
    write_colour_json,
    write_webpbn,
)
from helper.formats import MAX_CELLS
from helper.nonogram import Nonogram
from helper.nonogram.colour import ColourNonogram, Palette
from helper.nonogram.colour.generate import generate_colour_puzzle, ink_palette

# Our own small puzzle, written by hand in the style of webpbn's export: a red roof over a
# blue wall, with black and white predefined and counts of the default colour left bare.
HOUSE = """<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<source>tests</source>
<puzzle type="grid" defaultcolor="red">
<source>helper tests</source>
<id>#42</id>
<title>House &amp; roof</title>
<author>The book</author>
<copyright>CC0</copyright>
<color name="red" char="r">c00</color>
<color name="blue" char="b">0000CC</color>
<clues type="columns">
<line><count>1</count><count color="blue">2</count></line>
<line><count>2</count><count color="blue">1</count><count color="black">1</count></line>
<line><count>1</count><count color="blue">2</count></line>
</clues>
<clues type="rows">
<line><count>1</count></line>
<line><count>3</count></line>
<line><count color="blue">3</count></line>
<line><count color="blue">1</count><count color="black">1</count>
      <count color="blue">1</count></line>
</clues>
<solution type="goal">
<image>
|.r.|
|rrr|
|bbb|
|bXb|
</image>
</solution>
<solution type="saved"><image>|???|????|</image></solution>
</puzzle>
</puzzleset>
"""


def test_a_webpbn_file_is_read_with_its_palette_clues_goal_and_text() -> None:
    house = read_webpbn(HOUSE, name="house")
    palette = house.colour_palette
    assert palette.names == ("white", "red", "blue", "black")
    assert palette.chars == (".", "r", "b", "X")
    assert palette[1].rgb == (204, 0, 0) and palette[2].hex == "0000cc"
    assert house.row_text(3) == "row 3 (1 blue, 1 black, 1 blue)"
    assert house.column_text(1) == "column 1 (2 red, 1 blue, 1 black)"
    assert house.goal == [[0, 1, 0], [1, 1, 1], [2, 2, 2], [2, 3, 2]]
    assert house.info == {
        "source": "helper tests",
        "id": "#42",
        "title": "House & roof",
        "by": "The book",
        "copyright": "CC0",
    }


def test_written_webpbn_reads_back_as_the_same_puzzle() -> None:
    house = read_webpbn(HOUSE, name="house")
    again = read_webpbn(write_webpbn(house), name="house")
    assert again == house and again.goal == house.goal and again.info == house.info
    assert again.palette == house.palette


@settings(max_examples=40, deadline=None)
@given(small_pictures(max_cells=12))
def test_both_formats_round_trip(case) -> None:
    grid, k = case
    puzzle = ColourNonogram.from_grid(grid, ink_palette(k), info={"title": 'a "quoted" <title>'})
    for text, read in (
        (write_webpbn(puzzle), read_webpbn),
        (write_colour_json(puzzle), read_colour_json),
    ):
        again = read(text)
        assert again == puzzle and again.goal == grid and again.palette == puzzle.palette
        assert again.info == puzzle.info


def test_black_and_white_is_written_as_one_colour_and_read_back() -> None:
    bw = Nonogram([[2], [1]], [[1], [2]], goal=[[1, 1], [0, 1]])
    text = write_webpbn(bw)
    assert '<count color="black">2</count>' in text and "|##|" in text
    again = read_webpbn(text)
    assert again.colours == 1 and again.to_nonogram() == bw
    assert again.to_nonogram().goal == bw.goal
    # our black-and-white JSON stays as it was, and converts to XML
    assert read_any_json('{"rows": [[2], [1]], "cols": [[1], [2]]}') == bw
    assert (
        read_webpbn(json_to_webpbn('{"rows": [[2], [1]], "cols": [[1], [2]]}')).to_nonogram() == bw
    )


def test_the_text_is_read_as_decoded_whatever_its_declaration_says() -> None:
    text = HOUSE.replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="ISO-8859-1"?>')
    text = "\ufeff" + text.replace("House &amp; roof", "Maison à toit")
    assert read_webpbn(text.replace("\n", "\r\n")).info["title"] == "Maison à toit"


def test_predefined_black_is_the_default_colour() -> None:
    text = (
        '<puzzleset><puzzle><clues type="rows"><line><count>1</count></line></clues>'
        '<clues type="columns"><line><count>1</count></line></clues></puzzle></puzzleset>'
    )
    puzzle = read_webpbn(text)
    assert puzzle.colour_palette.names == ("white", "black") and puzzle.rows == (((1, 1),),)


def test_conversion_goes_both_ways() -> None:
    as_json = webpbn_to_json(HOUSE)
    assert json.loads(as_json)["rows"][3] == [[1, "blue"], [1, "black"], [1, "blue"]]
    assert read_webpbn(json_to_webpbn(as_json)) == read_webpbn(HOUSE)


def test_a_generated_puzzle_survives_both_formats() -> None:
    puzzle = generate_colour_puzzle(30, 40, 5, "rough", seed=3)
    assert read_webpbn(write_webpbn(puzzle)) == puzzle
    assert read_colour_json(write_colour_json(puzzle)) == puzzle


def _minimal(rows: str = "<line><count>1</count></line>", extra: str = "", attrs: str = "") -> str:
    return (
        f'<puzzleset><puzzle{attrs}>{extra}<clues type="rows">{rows}</clues>'
        '<clues type="columns"><line><count>1</count></line></clues></puzzle></puzzleset>'
    )


LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
]>
<puzzleset><puzzle><title>&lol2;</title></puzzle></puzzleset>
"""

EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE pbn [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<puzzleset><puzzle><title>&secret;</title></puzzle></puzzleset>
"""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (LAUGHS, "line 3: the file declares an entity, which is refused"),
        (EXTERNAL, "line 2: the file declares an entity, which is refused"),
        ("<puzzleset><puzzle>", "not well-formed XML"),
        ("<puzzleset>&nope;</puzzleset>", "line 1: not well-formed XML (undefined entity)"),
        ("", "not well-formed XML (no element found)"),
        ("<a>" * (MAX_DEPTH + 1), f"elements nested more than {MAX_DEPTH} deep"),
        ("<nonogram/>", "the root element is <'nonogram'>, not <puzzleset>"),
        ("<puzzleset/>", "the file holds 0 puzzles; this reader takes one"),
        ("<puzzleset><puzzle/><puzzle/></puzzleset>", "the file holds 2 puzzles"),
        (
            '<puzzleset><puzzle type="triddler"/></puzzleset>',
            "puzzle type 'triddler' is not supported",
        ),
        ("<puzzleset><puzzle/></puzzleset>", 'the puzzle has no <clues type="rows">'),
        (
            _minimal("<line><count>x</count></line>"),
            "row 0, block 0: count 'x' is not a positive integer",
        ),
        (_minimal("<line><count>0</count></line>"), "row 0, block 0: count 0 is not positive"),
        (_minimal("<line><count>" + "9" * 5000 + "</count></line>"), "is longer than any line"),
        (
            _minimal('<line><count color="teal">1</count></line>'),
            "row 0, block 0: unknown colour 'teal' (no <color> declares it)",
        ),
        (_minimal('<line><count color="white">1</count></line>'), "uses the background 'white'"),
        (_minimal(extra='<color name="red">purple</color>'), "colour value 'purple' is not RRGGBB"),
        (
            _minimal(extra='<color name="red">f00</color><color name="red">0f0</color>'),
            "colour 'red' is declared twice",
        ),
        (_minimal(extra="<color>f00</color>"), "a <color> has no name"),
        (_minimal(attrs=' backgroundcolor="cream"'), "backgroundcolor 'cream' is not declared"),
        (
            _minimal("<line><count>2</count></line>"),
            "row 0: blocks (2 black) need 2 cells but the line has only 1",
        ),
        (
            _minimal("<line></line>"),
            "colour 'black': the row clues paint 0 cells but the column clues paint 1",
        ),
        (
            _minimal(extra='<solution type="goal"><image>|.|</image></solution>'),
            "the goal picture does not match the clues",
        ),
        (
            _minimal(extra='<solution type="goal"><image>|X|X|</image></solution>'),
            "the goal has 2 rows, the puzzle 1",
        ),
        (
            _minimal(extra='<solution type="goal"><image>|Z|</image></solution>'),
            "goal row 0 holds 'Z', which is no colour's char",
        ),
        (_minimal("<line></line>" * 2, attrs=""), "the row clues paint 0 cells"),
    ],
)
def test_a_bad_webpbn_file_gets_one_line(text, message) -> None:
    with pytest.raises(ValueError, match=re.escape(message)) as error:
        read_webpbn(text)
    assert "\n" not in str(error.value)


def test_the_size_limit_holds_before_any_clue_is_checked() -> None:
    rows = "<line><count>1</count></line>" * 3
    text = _minimal(rows)
    with pytest.raises(ValueError, match=r"the 3 x 1 grid has 3 cells, more than the limit of 2"):
        read_webpbn(text, max_cells=2)
    huge = {"colours": [{"name": "red", "rgb": "f00"}], "rows": [[]] * 600, "cols": [[]] * 600}
    with pytest.raises(ValueError, match=f"more than the limit of {MAX_CELLS:,}"):
        read_colour_json(json.dumps(huge))


RED = '{"colours": [{"name": "red", "rgb": "f00"}], '


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "line 1: not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, "not valid JSON for a puzzle"),
        ('{"colours": "red", "rows": [], "cols": []}', '"colours" must be a list'),
        (
            '{"colours": [{"name": "red"}], "rows": [], "cols": []}',
            'colours[0]: a colour is an object with "name" and "rgb"',
        ),
        (
            RED + '"rows": [[[1, "blue"]]], "cols": [[[1, "red"]]]}',
            "row 0, block 0: unknown colour 'blue'",
        ),
        (
            RED + '"rows": [[[1]]], "cols": [[[1, "red"]]]}',
            "row 0, block 0: [1] is not a block (length, colour)",
        ),
        (
            RED + '"background": {"name": "red", "rgb": "fff"}, "rows": [], "cols": []}',
            "is the background",
        ),
    ],
)
def test_a_bad_colour_json_gets_one_line(text, message) -> None:
    with pytest.raises(ValueError, match=re.escape(message)) as error:
        read_colour_json(text)
    assert "\n" not in str(error.value)


def test_files_are_read_by_their_suffix_and_errors_name_them(tmp_path, monkeypatch) -> None:
    (tmp_path / "house.xml").write_text(HOUSE, encoding="utf-8")
    colour = read_colour_json(webpbn_to_json(HOUSE))
    (tmp_path / "house.json").write_text(write_colour_json(colour), encoding="utf-8")
    (tmp_path / "bw.json").write_text('{"rows": [[1]], "cols": [[1]]}', encoding="utf-8")
    (tmp_path / "bw.non").write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n", encoding="utf-8")
    assert read_any_puzzle_file(tmp_path / "house.xml") == read_webpbn(HOUSE)
    assert read_any_puzzle_file(tmp_path / "house.json").name == "house"
    assert isinstance(read_any_puzzle_file(tmp_path / "bw.json"), Nonogram)
    assert isinstance(read_any_puzzle_file(tmp_path / "bw.non"), Nonogram)
    (tmp_path / "bad.xml").write_bytes(b"\xff\xfe<")
    with pytest.raises(ValueError, match=r"bad\.xml: not a UTF-8 text file"):
        read_any_puzzle_file(tmp_path / "bad.xml")
    (tmp_path / "big.xml").write_text(" " * 2000, encoding="utf-8")
    monkeypatch.setattr("helper.formats.SLACK_BYTES", 0)
    with pytest.raises(ValueError, match=r"big\.xml: the file has 2,000 bytes"):
        read_any_puzzle_file(tmp_path / "big.xml", max_cells=1)
    with pytest.raises(ValueError, match=r"x\.csv: a Nonogram file is \.xml, \.json or \.non"):
        read_any_puzzle_file(tmp_path / "x.csv")


def test_a_palette_with_an_unused_colour_is_kept() -> None:
    puzzle = ColourNonogram(
        [[(1, "red")]], [[(1, "red")]], Palette([("red", "f00"), ("blue", "00f")])
    )
    assert read_webpbn(write_webpbn(puzzle)).colour_palette.names == ("white", "red", "blue")
