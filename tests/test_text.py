"""Long output made to fit the book's code boxes."""

from hypothesis import given
from hypothesis import strategies as st

from helper.text import LINE_WIDTH, shorten_lines, wrap


def test_wrap_breaks_only_long_lines_and_indents_the_rest():
    text = "short\n" + " ".join(["word"] * 60)
    out = wrap(text, 40)
    lines = out.splitlines()
    assert lines[0] == "short" and all(len(line) <= 40 for line in lines)
    assert all(line.startswith("  word") for line in lines[2:])
    assert " ".join(out.split()) == " ".join(text.split())  # nothing lost


def test_shorten_marks_the_cut():
    goal = 'goal "' + "01" * 200 + '"'
    out = shorten_lines(f"title\n{goal}", 50)
    assert out.splitlines()[0] == "title"
    assert len(out.splitlines()[1]) == 50 and out.endswith("…")


@given(st.text(alphabet=st.characters(codec="ascii", exclude_characters="\r\x0b\x0c\x1c\x1d\x1e"),
               max_size=400))  # fmt: skip
def test_wrapped_and_shortened_text_fits_the_box(text):
    assert all(len(line) <= LINE_WIDTH for line in wrap(text).splitlines())
    assert all(len(line) <= LINE_WIDTH for line in shorten_lines(text).splitlines())
