"""One exception family for both puzzles, and results that mean the same in both."""

import pickle

import pytest

from helper.errors import ModelTooLargeError, NoSolutionError, SolverError, SolverTimeoutError
from helper.results import CountResult, SolveResult, check_limit


def test_the_exception_family():
    for error in (NoSolutionError, SolverTimeoutError, ModelTooLargeError):
        assert issubclass(error, SolverError)
        assert not issubclass(error, OSError)  # `except OSError` around a read lets them pass
    assert issubclass(NoSolutionError, ValueError)  # the input is at fault
    assert not issubclass(SolverTimeoutError, ValueError | TimeoutError)
    assert not issubclass(ModelTooLargeError, SolverTimeoutError)
    assert not issubclass(SolverTimeoutError, ModelTooLargeError)


@pytest.mark.parametrize(
    ("status", "error"),
    [
        ("no solution", NoSolutionError),
        ("timeout", SolverTimeoutError),
        ("too large", ModelTooLargeError),
    ],
)
def test_a_result_without_a_grid_raises_the_error_that_says_why(status, error):
    result = SolveResult(status, None, "s", "m", 0.1, {}, "why")
    assert not result.solved
    with pytest.raises(error, match="why"):
        result.picture()
    assert SolveResult("solved", [[1]], "s", "m", 0.1).picture() == [[1]]


def test_a_count_says_what_it_knows():
    exact = CountResult([[[1]]], limit=2, complete=True)
    at_least = CountResult([[[1]], [[0]]], limit=2, complete=True)
    cut_short = CountResult([[[1]]], limit=None, complete=False, status="timeout")
    assert exact.count == 1 and exact.exact and exact.unique and str(exact) == "1"
    assert at_least.count == 2 and at_least.reached_limit and not at_least.exact
    assert cut_short.count == 1 and not cut_short.exact and not cut_short.unique
    assert repr(at_least) == "CountResult(2, at least, limit 2)"
    copy = pickle.loads(pickle.dumps(cut_short))  # the benchmark counts in a child process
    assert copy == cut_short and copy.solutions == ([[1]],) and not copy.complete
    assert copy.status == "timeout"


@pytest.mark.parametrize("limit", [0, -1, 1.5, True, "2"])
def test_one_rule_for_limit(limit):
    with pytest.raises(ValueError, match="limit must be a positive integer or None"):
        check_limit(limit)
    assert check_limit(None) is None and check_limit(3) == 3


def test_a_count_is_a_frozen_value_not_an_int():
    """Issue 30: ``count_solutions(p, limit=1) == 1`` was true for a puzzle with two solutions.
    Now comparing a count with a number, ordering it, ``int()`` and ``bool()`` say what to ask."""
    import dataclasses

    two = [[[0, 1]], [[1, 0]]]
    stopped = CountResult(two[:1], limit=1, complete=True)
    for question in (
        lambda: stopped == 1,
        lambda: stopped != 1,
        lambda: stopped > 0,
        lambda: int(stopped),
        lambda: bool(stopped),
        lambda: [0, 1][stopped],
    ):
        with pytest.raises(TypeError, match=r"ask count\.unique"):
            question()
    assert stopped.count == 1 and stopped.reached_limit and not stopped.unique
    assert (
        f"{stopped}|{stopped:>3}" == "1|  1"
        and repr(stopped) == "CountResult(1, at least, limit 1)"
    )
    both = CountResult(two, limit=None, complete=True)
    assert both.count == 2 and both.exact and not both.unique
    assert pickle.loads(pickle.dumps(both)) == both != stopped
    assert both != "2" and stopped is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        both.complete = False  # type: ignore[misc]
    late = CountResult([], limit=2, complete=False, status="timeout")
    assert (
        late.count == 0 and not late.exact and repr(late) == "CountResult(0, incomplete, timeout)"
    )
