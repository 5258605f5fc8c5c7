"""Rebuilding the seed's samples from its flattened page."""

import itertools

import pytest

from helper.book.futoshiki_reconstruct import (
    read_flat,
    read_seed_samples,
    reconstruct,
    sign_columns,
    sign_line,
)
from helper.data import data_path
from helper.futoshiki import Futoshiki, count_solutions, parse_futoshiki


@pytest.fixture(scope="module")
def samples():
    return read_seed_samples(data_path("futoshiki/seed_samples.txt").read_text(encoding="utf-8"))


def test_read_flat_splits_rows_and_signs():
    sample = read_flat("s", "1<0 0 ^ v 0>0 0 0 0 0", "1 2 3 2 3 1 3 1 2")
    assert sample.rows == ["1<0 0", "0>0 0", "0 0 0"]
    assert sample.signs == ["^v", ""]
    assert sample.solution == [[1, 2, 3], [2, 3, 1], [3, 1, 2]]


@pytest.mark.parametrize(
    ("puzzle", "solution", "message"),
    [
        ("0 0 0 0", "1 2 2", "not a square count"),
        ("^ 0 0 0 0", "1 2 2 1", "sign '\\^' where a row should continue"),
        ("0 0 0", "1 2 2 1", "1 complete rows, expected 2"),
        ("0 0 0<0<0", "1 2 2 1", "a row of more than 2 cells"),
    ],
)
def test_read_flat_rejects_what_does_not_add_up(puzzle, solution, message):
    with pytest.raises(ValueError, match=message):
        read_flat("s", puzzle, solution)


def test_sign_columns_keep_only_what_the_solution_obeys():
    upper, lower = [1, 2, 3], [2, 3, 1]
    # "^" wants upper < lower: columns 0 and 1; "v" wants upper > lower: column 2.
    assert sign_columns("^", upper, lower) == [(0,), (1,)]
    assert sign_columns("^v", upper, lower) == [(0, 2), (1, 2)]
    assert sign_columns("v^", upper, lower) == []
    assert sign_columns("", upper, lower) == [()]
    assert sign_line("^v", (1, 2)) == "  ^ v"


def test_the_files_in_data_are_what_reconstruct_makes(samples):
    assert len(samples) == 12
    for sample in samples:
        result = reconstruct(sample)
        stored = data_path(f"futoshiki/{sample.name}.txt").read_text(encoding="utf-8")
        assert stored == result.text + "\n"
        assert result.unique == (sample.name not in {"sample06", "sample10"})
        grid, constraints = parse_futoshiki(result.text)
        assert count_solutions(Futoshiki(grid, constraints)).count == (1 if result.unique else 2)


@pytest.mark.parametrize("index", [3, 4, 5, 6])
def test_the_verdict_agrees_with_trying_every_placement(samples, index):
    """On the small samples, try every placement and count solutions for each."""
    sample = samples[index]
    grid = sample.solution
    choices = [sign_columns(s, grid[r], grid[r + 1]) for r, s in enumerate(sample.signs)]
    unique = 0
    for chosen in itertools.product(*choices):
        lines = [sample.rows[0]]
        for r, columns in enumerate(chosen):
            lines += [sign_line(sample.signs[r], columns), sample.rows[r + 1]]
        unique += count_solutions(Futoshiki(*parse_futoshiki("\n".join(lines)))).unique
    result = reconstruct(sample)
    assert result.placements == len(list(itertools.product(*choices)))
    assert result.unique == (unique > 0)
