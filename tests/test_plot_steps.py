"""The figures of explanation steps: their legends name every ink and mark they draw."""

from helper.explain.futoshiki import explain
from helper.explain.futoshiki_reasons import kind_of
from helper.explain.nonogram import explain as explain_nonogram
from helper.futoshiki import load_puzzle
from helper.nonogram import load_puzzle as load_nonogram
from helper.palette import SOLVED_INK
from helper.plot.boards import STEP
from helper.plot.steps import before, plot_futoshiki_step, plot_nonogram_step


def _legend(ax) -> list[str]:
    (legend,) = ax.figure.legends
    return [text.get_text() for text in legend.get_texts()]


def test_a_futoshiki_step_names_the_blue_digits_of_earlier_steps():
    puzzle = load_puzzle("sample07")  # no givens: every digit on the board is decided
    explanation = explain(puzzle)
    used = ["a row or column used", "a cell of a sign or given used", "decided by the step"]
    assert _legend(plot_futoshiki_step(puzzle, explanation, 0)) == used  # nothing blue yet
    ax = plot_futoshiki_step(puzzle, explanation, 1)
    assert _legend(ax)[:4] == [*used, "decided by an earlier step"]  # then its Hall set
    blue = [t.get_text() for t in ax.texts if t.get_color() == SOLVED_INK]
    assert blue == [str(digit) for digit in explanation[0].cells.values()]


def test_a_hall_step_marks_its_hall_set_and_writes_its_digits():
    puzzle = load_puzzle("sample07")
    explanation = explain(puzzle)
    k = next(k for k, step in enumerate(explanation) if step.kind == "hall")
    _, found = kind_of(
        puzzle, before(explanation, k, 0), explanation[k].lines, explanation[k].cells
    )
    assert found.hall is not None
    _, cells, digits = found.hall
    assert len(cells) == len(digits) == 2
    ax = plot_futoshiki_step(puzzle, explanation, k)
    words = " and ".join(map(str, digits))
    assert _legend(ax)[-1] == f"Hall set: 2 cells that can only hold {words}"
    dashed = [p for p in ax.patches if p.get_linestyle() == "--"]
    assert sorted((round(p.get_y() / STEP), round(p.get_x() / STEP)) for p in dashed) == sorted(
        cells
    )
    written = " ".join(map(str, digits))
    assert [t.get_text() for t in ax.texts].count(written) == 2  # the digits in both cells
    assert f"{words} between them (a Hall set)" in explanation[k].reason  # as the reason says


def test_a_nonogram_step_names_the_cells_of_earlier_steps_and_the_open_ones():
    sailboat = load_nonogram("nonogram02")
    steps = explain_nonogram(sailboat)
    labels = ["a line the step uses", "decided by the step: black", "decided by the step: white"]
    assert _legend(plot_nonogram_step(sailboat, steps, 0)) == [*labels, "open"]  # none earlier
    later = max(k for k, step in enumerate(steps) if step.kind == "several lines")
    assert _legend(plot_nonogram_step(sailboat, steps, later)) == [
        *labels,
        "decided by an earlier step: black",
        "decided by an earlier step: white",
        "open",
    ]


def _numbers(ax) -> dict[str, list[tuple[float, str]]]:
    """The row and column numbers a board shows: ``(position, text)`` per axis."""
    from matplotlib.colors import to_hex

    from helper.plot.boards import INDEX_INK

    found: dict[str, list[tuple[float, str]]] = {"rows": [], "columns": []}
    for text in ax.texts:
        if to_hex(text.get_color()) == to_hex(INDEX_INK):
            x, y = text.get_position()
            if text.get_ha() == "center":  # a column's number, under or above its column
                found["columns"].append((x, text.get_text()))
            else:
                found["rows"].append((y, text.get_text()))
    return found


def test_a_step_figure_numbers_rows_and_columns_as_its_reason_names_cells():
    """Both step figures number rows and columns from 0 beside the cells they name, so the
    cell a reason writes as (r, c) is read off the figure at row r, column c."""
    import re

    sailboat = load_nonogram("nonogram02")
    steps = explain_nonogram(sailboat)
    k = next(k for k, step in enumerate(steps) if step.kind == "several lines")
    ax = plot_nonogram_step(sailboat, steps, k)
    numbers = _numbers(ax)
    assert numbers["rows"] == [(r + 0.5, str(r)) for r in range(sailboat.height)]
    assert numbers["columns"] == [(c + 0.5, str(c)) for c in range(sailboat.width)]
    r, c = map(int, re.search(r"\((\d+), (\d+)\)", steps[k].reason).groups())
    assert (r, c) in steps[k].cells  # the reason's cell: row r, column c of the figure

    puzzle = load_puzzle("sample07")
    explanation = explain(puzzle)
    numbers = _numbers(plot_futoshiki_step(puzzle, explanation, 0))
    n = puzzle.height
    assert numbers["rows"] == [(k * STEP + 0.5, str(k)) for k in range(n)]
    assert numbers["columns"] == [(k * STEP + 0.5, str(k)) for k in range(n)]


def test_boards_keep_no_numbers_unless_asked():
    from helper.futoshiki import Futoshiki
    from helper.nonogram import Nonogram
    from helper.plot import plot_futoshiki_board, plot_nonogram_board

    puzzle = Nonogram([[2], [1]], [[1], [2]])
    assert sorted(t.get_text() for t in plot_nonogram_board(puzzle).texts) == ["1", "1", "2", "2"]
    numbered = plot_nonogram_board(puzzle, indices=True)
    assert _numbers(numbered) == {"rows": [(0.5, "0"), (1.5, "1")],
                                  "columns": [(0.5, "0"), (1.5, "1")]}  # fmt: skip
    futoshiki = Futoshiki([[0, 0], [0, 0]], [((0, 0), (0, 1))])
    assert _numbers(plot_futoshiki_board(futoshiki)) == {"rows": [], "columns": []}
    assert len(_numbers(plot_futoshiki_board(futoshiki, indices=True))["rows"]) == 2
