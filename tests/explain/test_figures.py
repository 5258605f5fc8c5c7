"""The figures of explanation steps: their legends name every ink they draw."""

from helper.explain.figures import plot_futoshiki_step
from helper.futoshiki import explain, load_puzzle
from helper.palette import SOLVED_INK


def _legend(ax) -> list[str]:
    (legend,) = ax.figure.legends
    return [text.get_text() for text in legend.get_texts()]


def test_a_futoshiki_step_names_the_blue_digits_of_earlier_steps():
    puzzle = load_puzzle("sample07")  # no givens: every digit on the board is decided
    explanation = explain(puzzle)
    used = ["a row or column used", "a cell of a sign or given used", "decided by the step"]
    assert _legend(plot_futoshiki_step(puzzle, explanation, 0)) == used  # nothing blue yet
    ax = plot_futoshiki_step(puzzle, explanation, 1)
    assert _legend(ax) == [*used, "decided by an earlier step"]
    blue = [t.get_text() for t in ax.texts if t.get_color() == SOLVED_INK]
    assert blue == [str(digit) for digit in explanation[0].cells.values()]
