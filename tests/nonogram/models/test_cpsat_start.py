"""The start-position model of book/nonogram_cpsat.md, checked against brute force,
and the book's Nonogram data files: valid, solved, checked and unique."""

import itertools
import json
import runpy

import pytest
from ortools.sat.python import cp_model

from helper.data import DATA_DIR
from helper.nonogram import SOLVERS, Nonogram, load_puzzle, runs
from helper.nonogram.models.cpsat_start import (
    block_name,
    build_nonogram_model,
    fill_pattern,
    place_numbers,
)
from helper.nonogram.solvers.cpsat import find_other_solution
from helper.ortools import get_all_solutions
from helper.pictures import draw

# -- place_numbers ---------------------------------------------------------------------------


def starts_by_brute_force(numbers: list[int], width: int) -> set[tuple[int, ...]]:
    """Every tuple of start cells that keeps the blocks in order, apart and inside the line."""
    found = set()
    for starts in itertools.product(range(width), repeat=len(numbers)):
        inside = all(s + n <= width for s, n in zip(starts, numbers, strict=True))
        apart = all(
            b > a + n for (a, b), n in zip(itertools.pairwise(starts), numbers, strict=False)
        )
        if inside and apart:
            found.add(starts)
    return found


def starts_by_model(numbers: list[int], width: int) -> set[tuple[int, ...]]:
    model = cp_model.CpModel()
    starts = place_numbers(model, numbers, width)
    return {tuple(s.values()) for s in get_all_solutions(model, starts)}


def test_the_chapter_examples():
    model = cp_model.CpModel()
    place_numbers(model, [2, 1], 5)
    assert get_all_solutions(model) == [{"A": 0, "B": 3}, {"A": 0, "B": 4}, {"A": 1, "B": 4}]
    assert starts_by_model([3, 2, 2], 10) == {(0, 4, 7), (0, 4, 8), (0, 5, 8), (1, 5, 8)}


@pytest.mark.parametrize(
    "numbers",
    [[1], [3], [2, 1], [1, 1, 1], [3, 2, 2], [1, 2, 1, 1], [4, 4]],
)
@pytest.mark.parametrize("width", range(1, 11))
def test_place_numbers_matches_brute_force(numbers, width):
    expected = starts_by_brute_force(numbers, width)
    if not expected:  # the clue does not fit: a clear error rather than an invalid model
        with pytest.raises(ValueError, match=f"needs {sum(numbers) + len(numbers) - 1} cells"):
            starts_by_model(numbers, width)
    else:
        assert starts_by_model(numbers, width) == expected


def test_place_numbers_names_blocks_with_the_prefix():
    model = cp_model.CpModel()
    starts = place_numbers(model, [1] * 28, 60, "R7")
    assert [s.name for s in starts[:3]] == ["R7A", "R7B", "R7C"]
    assert [s.name for s in starts[-2:]] == ["R7AA", "R7AB"]


def test_block_names():
    assert [block_name(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"
    ]  # fmt: skip


# -- fill_pattern ----------------------------------------------------------------------------


def fillings_by_model(numbers: list[int], width: int) -> set[tuple[int, ...]]:
    model = cp_model.CpModel()
    targets = [model.new_bool_var(f"cell{i}") for i in range(width)]
    fill_pattern(model, numbers, targets)
    return {tuple(s.values()) for s in get_all_solutions(model, targets)}


def test_the_chapter_fillings():
    assert fillings_by_model([2, 1], 5) == {(1, 1, 0, 1, 0), (1, 1, 0, 0, 1), (0, 1, 1, 0, 1)}
    assert len(fillings_by_model([3, 2, 2], 10)) == 4


@pytest.mark.parametrize("width", range(1, 9))
def test_fill_pattern_matches_brute_force(width):
    """For every clue a line of this width can have, the model's lines are exactly those
    0/1 lines whose runs are the clue."""
    by_clue: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for line in itertools.product((0, 1), repeat=width):
        by_clue.setdefault(tuple(runs(line)), set()).add(line)
    for clue, lines in by_clue.items():
        assert fillings_by_model(list(clue), width) == lines, clue


def test_fill_pattern_returns_the_start_variables():
    model = cp_model.CpModel()
    targets = [model.new_bool_var(f"cell{i}") for i in range(5)]
    starts = fill_pattern(model, [2, 1], targets, "R0")
    model.add(targets[2] == 1)  # only 0 1 1 0 1 paints the middle cell
    solutions = get_all_solutions(model, starts)
    assert solutions == [{"R0A": 1, "R0B": 4}]


def test_rows_and_columns_share_the_cell_variables():
    model, cells = build_nonogram_model([[1], [1]], [[1], [1]])
    assert len(cells) == 2 and all(len(row) == 2 for row in cells)
    grids = get_all_solutions(model, [cell for row in cells for cell in row])
    assert sorted(tuple(g.values()) for g in grids) == [(0, 1, 1, 0), (1, 0, 0, 1)]


# -- uniqueness ------------------------------------------------------------------------------


def test_find_other_solution_finds_the_second_picture():
    puzzle = Nonogram([[1], [1]], [[1], [1]])
    other = find_other_solution(puzzle, [[1, 0], [0, 1]])
    assert other == [[0, 1], [1, 0]]
    assert find_other_solution(puzzle, other) == [[1, 0], [0, 1]]


def test_find_other_solution_proves_uniqueness():
    grid = [[1, 0, 0], [1, 0, 0], [1, 1, 1]]
    assert find_other_solution(Nonogram.from_grid(grid), grid) is None


# -- the data files --------------------------------------------------------------------------

DATA_FILES = sorted(p.stem for p in DATA_DIR.glob("nonogram0*.json"))
MAKER = runpy.run_path(str(DATA_DIR / "make_nonograms.py"))  # its PUZZLES, without running it


def test_the_book_has_its_three_puzzles():
    assert DATA_FILES[:3] == ["nonogram01", "nonogram02", "nonogram03"]
    sizes = [p.size for p in map(load_puzzle, DATA_FILES[:3])]
    assert sizes == ["10x10", "20x20", "45x60"]


@pytest.mark.parametrize("name", DATA_FILES)
def test_data_file_is_well_formed(name):
    raw = json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    assert set(raw) == {"title", "source", "rows", "cols"}
    assert raw["source"] == "drawn by data/make_nonograms.py"
    load_puzzle(name)  # validates the clues


@pytest.mark.parametrize("name", DATA_FILES)
def test_data_file_is_what_the_script_draws(name):
    """The committed file is reproduced by data/make_nonograms.py from its picture."""
    (entry,) = [p for p in MAKER["PUZZLES"] if p[0] == name]
    _, picture, height, width, title = entry
    puzzle = load_puzzle(name)
    assert puzzle == Nonogram.from_grid(draw(picture, height, width))
    assert puzzle.title == title


@pytest.mark.parametrize("name", DATA_FILES)
def test_data_file_is_solved_and_unique(name):
    """A solve and a proof that no other picture fits (the per-test timeout guards a hang)."""
    puzzle = load_puzzle(name)
    grid = SOLVERS["cpsat-start"](puzzle, time_limit=120).picture()
    assert puzzle.check(grid)
    assert find_other_solution(puzzle, grid, time_limit=120) is None
