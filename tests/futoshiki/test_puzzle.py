"""The Futoshiki value: validated once, text in and out, its own check, equal by content."""

import pytest

from helper.futoshiki import (
    Futoshiki,
    load_futoshiki,
    load_puzzle,
    load_solution,
    parse_futoshiki,
    sample_names,
    solve,
)


def test_it_is_validated_when_made_with_errors_that_name_the_place():
    with pytest.raises(ValueError, match="row 1 has the given 2 twice"):
        Futoshiki([[0, 0, 0], [2, 0, 2], [0, 0, 0]])
    with pytest.raises(ValueError, match=r"constraint 0: cells .* are not neighbours"):
        Futoshiki([[0, 0], [0, 0]], [((0, 0), (1, 1))])
    with pytest.raises(ValueError, match="line 1, character 2"):
        Futoshiki.from_text("0?0\n0 0")


@pytest.mark.parametrize("name", sample_names())
def test_text_in_and_out_round_trips_and_the_check_accepts_the_printed_answer(name):
    puzzle = load_puzzle(name)
    assert puzzle.name == name
    assert Futoshiki.from_text(puzzle.to_text()) == puzzle
    grid, constraints = puzzle  # unpacks as the chapters' (grid, constraints)
    assert (grid, constraints) == load_futoshiki(name)
    assert puzzle.check(load_solution(name))
    assert not puzzle.check([[1] * puzzle.width] * puzzle.height)


def test_equal_by_content_and_immutable():
    a = Futoshiki([[0, 0], [0, 0]], [((0, 0), (0, 1)), ((1, 1), (1, 0))])
    b = Futoshiki(((0, 0), (0, 0)), [((1, 1), (1, 0)), ((0, 0), (0, 1))], name="other name")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Futoshiki([[0, 0], [0, 0]])
    with pytest.raises(AttributeError):
        a.grid = ((1, 2), (2, 1))  # type: ignore[misc]
    assert repr(a) == "<Futoshiki 2x2, 2 signs>"


def test_solve_takes_the_value_or_its_parts_and_says_no_solution():
    grid, constraints = parse_futoshiki("0<0\n0 0")
    assert solve(grid, constraints).grid == solve(Futoshiki(grid, constraints)).grid
    cycle = Futoshiki([[0, 0], [0, 0]], [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 0)),
                                          ((1, 0), (0, 0))])  # fmt: skip
    result = solve(cycle)
    assert result.status == "no solution" and result.grid is None
    with pytest.raises(TypeError, match="not both"):
        solve(Futoshiki(grid, constraints), constraints)
    with pytest.raises(TypeError, match="expected a Futoshiki"):
        solve(grid)


def test_the_two_puzzle_values_mean_the_same_by_rows_cols_and_size():
    """``rows`` and ``cols``: what the puzzle gives each row and column; ``height``,
    ``width`` and ``cells`` count them; ``size`` is ``"HxW"``: in Futoshiki as in Nonogram."""
    from helper.nonogram import Nonogram

    futoshiki = Futoshiki([[1, 0, 0], [0, 0, 0], [0, 2, 0]], [((0, 1), (0, 2))])
    nonogram = Nonogram([[1], [2], []], [[1], [1, 1], [], []])
    for puzzle, rows, cols in [
        (futoshiki, ((1, 0, 0), (0, 0, 0), (0, 2, 0)), ((1, 0, 0), (0, 0, 2), (0, 0, 0))),
        (nonogram, ((1,), (2,), ()), ((1,), (1, 1), (), ())),
    ]:
        assert (puzzle.rows, puzzle.cols) == (rows, cols)
        assert (puzzle.height, puzzle.width) == (len(rows), len(cols))
        assert puzzle.cells == puzzle.height * puzzle.width
        assert puzzle.size == f"{puzzle.height}x{puzzle.width}"
    grid = futoshiki.to_lists()
    grid[0][0] = 3  # a fresh copy to fill in: the puzzle is unchanged
    assert futoshiki.rows[0] == (1, 0, 0) and grid == [[3, 0, 0], [0, 0, 0], [0, 2, 0]]
