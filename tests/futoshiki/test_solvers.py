"""The Futoshiki registry: the same shape and signatures as Nonogram's (issue 30 item 3)."""

import inspect

import pytest
import strategies
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from helper import futoshiki, nonogram
from helper.futoshiki import COUNTERS, REGISTRY, SOLVERS, Futoshiki, SatConfig
from helper.registry import Registry


def test_both_families_speak_one_api():
    assert isinstance(REGISTRY, Registry) and isinstance(nonogram.REGISTRY, Registry)
    assert {"cpsat", "sat-onehot"} <= set(SOLVERS) and {"cpsat", "sat-onehot"} <= set(COUNTERS)
    for name in ("solve", "count_solutions"):
        mine = inspect.signature(getattr(futoshiki, name)).parameters
        theirs = inspect.signature(getattr(nonogram, name)).parameters
        keywords = [p for p in mine.values() if p.kind is p.KEYWORD_ONLY]
        assert [p.name for p in keywords] == [
            p.name for p in theirs.values() if p.kind is p.KEYWORD_ONLY
        ][: len(keywords)]
    with pytest.raises(TypeError):
        SOLVERS["cpsat"] = SOLVERS["sat-onehot"]  # type: ignore[index]  # a read-only view


@st.composite
def small_puzzles(draw):
    """A 2 x 2 or 3 x 3 grid with a few givens and up to four signs, solvable or not."""
    size = draw(st.integers(2, 3))
    cells = [(r, c) for r in range(size) for c in range(size)]
    givens = draw(st.dictionaries(st.sampled_from(cells), st.integers(1, size), max_size=3))
    grid = [[givens.get((r, c), 0) for c in range(size)] for r in range(size)]
    pairs = [((r, c), (r, c + 1)) for r in range(size) for c in range(size - 1)]
    pairs += [((r, c), (r + 1, c)) for r in range(size - 1) for c in range(size)]
    signs = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=4))
    flips = draw(st.lists(st.booleans(), min_size=len(signs), max_size=len(signs)))
    oriented = [(b, a) if flip else (a, b) for (a, b), flip in zip(signs, flips, strict=True)]
    try:
        return Futoshiki(grid, oriented)
    except ValueError:  # a given twice in a line, or a sign against a given: not a puzzle
        assume(False)


@settings(max_examples=40, deadline=None)
@given(small_puzzles())
def test_every_solver_and_counter_agrees_with_brute_force(game):
    expected = [square for square in strategies.latin_squares(game.width) if game.check(square)]
    for name in SOLVERS:
        result = futoshiki.solve(game, solver=name)
        assert result.status == ("solved" if expected else "no solution")
        assert result.grid is None or result.grid in expected
    for name in COUNTERS:
        count = futoshiki.count_solutions(game, None, solver=name)
        assert count.exact and sorted(count.solutions) == sorted(expected)


def test_the_sat_path_honours_its_time_limit_and_a_late_count_is_incomplete():
    empty = Futoshiki([[0] * 7] * 7)  # 61 million solutions
    count = futoshiki.count_solutions(empty, None, solver="sat-onehot", time_limit=1)
    assert not count.complete and count.status == "timeout"
    assert all(empty.check(grid) for grid in count.solutions)
    late = futoshiki.count_solutions(empty, None, time_limit=1e-6)  # runs out while building
    assert not late.complete and late.status == "timeout" and late.count == 0
    with pytest.raises(ValueError, match=r"CaDiCaL 1\.9\.5 \(.cd195.\) cannot be interrupted"):
        SatConfig("cd195")
    with pytest.raises(ValueError, match="unknown Futoshiki solver 'gameboard'"):
        futoshiki.solve(empty, solver="gameboard")
