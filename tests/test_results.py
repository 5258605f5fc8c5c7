"""What a count means, read off its definition for every small case: the number found, whether
it stopped at its limit, whether it is the exact number, whether it proves one solution."""

import itertools
from fractions import Fraction

import pytest

from helper.errors import ModelTooLargeError, NoSolutionError, SolverTimeoutError
from helper.results import CountResult, SolveResult, check_limit

GRIDS = [[[0, 1]], [[1, 0]], [[1, 1]]]


@pytest.mark.parametrize(
    ("found", "limit", "complete"),
    list(itertools.product(range(4), [None, 1, 2, 3], [True, False])),
)
def test_count_reached_limit_exact_and_unique_by_their_definitions(found, limit, complete):
    count = CountResult(GRIDS[:found], limit=limit, complete=complete)
    stopped_at_limit = limit is not None and found >= limit
    assert count.count == found
    assert count.reached_limit is stopped_at_limit
    # exact: the search ran to its end, so there are exactly `found` solutions
    assert count.exact is (complete and not stopped_at_limit)
    assert count.unique is (found == 1 and complete and not stopped_at_limit)
    assert str(count) == str(found) and f"{count:03d}" == f"{found:03d}"


def test_a_count_prints_what_it_knows():
    assert repr(CountResult(GRIDS[:1], limit=2, complete=True)) == "CountResult(1, exact)"
    assert repr(CountResult(GRIDS[:0], limit=None, complete=True)) == "CountResult(0, exact)"
    assert (
        repr(CountResult(GRIDS[:2], limit=2, complete=True)) == "CountResult(2, at least, limit 2)"
    )
    late = CountResult(GRIDS[:2], limit=3, complete=False, status="too large")
    assert repr(late) == "CountResult(2, incomplete, too large)"


def test_the_limit_is_a_positive_integer_or_none():
    for limit in (1, 2, 10**9):
        assert check_limit(limit) == limit
    for wrong in (0, -1, False, True, 1.0, Fraction(1), "1", [1]):
        with pytest.raises(ValueError) as error:
            check_limit(wrong)
        assert str(error.value) == f"limit must be a positive integer or None, got {wrong!r}"


def test_a_count_holds_its_own_solutions_and_stats():
    grids = [[[1]]]
    stats = {"solutions": 1, "conflicts": 4}
    count = CountResult(grids, limit=2, complete=True, stats=stats)
    grids.append([[0]])
    stats["conflicts"] = 99
    assert count.solutions == ([[1]],) and count.count == 1
    assert count.stats == {"solutions": 1, "conflicts": 4} and type(count.stats) is dict
    assert CountResult([], limit=1, complete=True).stats == {}


def test_counts_are_equal_when_every_field_is():
    base = {"limit": 2, "complete": True, "status": "solved", "solver": "s", "method": "m"}
    one = CountResult(GRIDS[:1], **base, seconds=1.0, stats={"x": 1}, message="")
    assert one == CountResult(list(GRIDS[:1]), **base, seconds=1.0, stats={"x": 1}, message="")
    for change in [
        {"limit": 3},
        {"complete": False},
        {"status": "timeout"},
        {"solver": "t"},
        {"method": "n"},
        {"seconds": 2.0},
        {"stats": {"x": 2}},
        {"message": "why"},
    ]:
        other = {**base, "seconds": 1.0, "stats": {"x": 1}, "message": "", **change}
        assert one != CountResult(GRIDS[:1], **other), change
    assert one != CountResult(GRIDS[1:2], **base, seconds=1.0, stats={"x": 1})
    # not a number, and not any other value either
    assert one != "1" and one != [[[0, 1]]] and one is not None
    with pytest.raises(TypeError, match="unhashable"):
        hash(one)


@pytest.mark.parametrize("number", [1, 0, 1.0, Fraction(1), 1 + 0j, True])
def test_a_count_refuses_every_comparison_with_a_number(number):
    count = CountResult(GRIDS[:1], limit=1, complete=True)
    for question in (
        lambda: count == number,
        lambda: number == count,
        lambda: count != number,
        lambda: count < number,
        lambda: count <= number,
        lambda: count > number,
        lambda: count >= number,
    ):
        with pytest.raises(TypeError) as error:
            question()
        assert str(error.value) == (
            "a CountResult is not a number: ask count.unique (exactly one solution, proved), "
            "count.count (how many were found), count.complete or count.exact"
        )


def test_a_count_is_no_int_and_no_truth_value():
    count = CountResult(GRIDS[:2], limit=None, complete=True)
    for question in (
        lambda: int(count),
        lambda: bool(count),
        lambda: range(count),
        count.__index__,
    ):
        with pytest.raises(TypeError, match=r"^a CountResult is not a number: ask count\.unique"):
            question()
    with pytest.raises(TypeError, match="not a number"):
        count < count  # noqa: B015  (ordering two counts is no more meaningful)


@pytest.mark.parametrize(
    ("status", "error"),
    [
        ("no solution", NoSolutionError),
        ("too large", ModelTooLargeError),
        ("timeout", SolverTimeoutError),
    ],
)
def test_a_solve_without_a_grid_says_why(status, error):
    result = SolveResult(status, None, "s", "m", 0.5, message=f"because {status}")
    assert not result.solved and result.stats == {}
    with pytest.raises(error) as raised:
        result.picture()
    assert type(raised.value) is error and str(raised.value) == f"because {status}"


def test_a_solved_result_hands_back_its_grid():
    result = SolveResult("solved", [[1, 0]], "s", "m", 0.5, {"branches": 3})
    assert result.solved and result.picture() == [[1, 0]] and result.message == ""
