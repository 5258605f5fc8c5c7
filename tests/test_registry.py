"""One door from a name to a solver: ``Registry.lookup`` and its one message, in both families
and in every function that takes a solver's name."""

import pytest

from helper import futoshiki, nonogram
from helper.futoshiki import Futoshiki
from helper.nonogram import Nonogram
from helper.nonogram.unique import find_solutions

NONOGRAM_SOLVERS = ", ".join(nonogram.SOLVERS)
NONOGRAM_COUNTERS = ", ".join(nonogram.COUNTERS)
FUTOSHIKI_SOLVERS = ", ".join(futoshiki.SOLVERS)
FUTOSHIKI_COUNTERS = ", ".join(futoshiki.COUNTERS)

TINY_NONOGRAM = Nonogram([[1]], [[1]])
TINY_FUTOSHIKI = Futoshiki([[1, 0], [0, 0]])


def test_the_lookup_returns_the_registered_solver_and_counter():
    assert nonogram.REGISTRY.lookup("portfolio", "solve") is nonogram.SOLVERS["portfolio"]
    assert nonogram.REGISTRY.lookup("sat-automaton", "count") is nonogram.COUNTERS["sat-automaton"]
    assert futoshiki.REGISTRY.lookup("cpsat", "count") is futoshiki.COUNTERS["cpsat"]
    with pytest.raises(ValueError, match="a capability is 'solve' or 'count', not 'draw'"):
        nonogram.REGISTRY.lookup("portfolio", "draw")  # type: ignore[call-overload]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: nonogram.solve(TINY_NONOGRAM, solver="magic"),
            f"unknown Nonogram solver 'magic'; the Nonogram solvers are: {NONOGRAM_SOLVERS}",
        ),
        (
            lambda: nonogram.count_solutions(TINY_NONOGRAM, solver="magic"),
            f"unknown Nonogram counter 'magic'; the Nonogram counters are: {NONOGRAM_COUNTERS}",
        ),
        (
            lambda: find_solutions(TINY_NONOGRAM, solver="cpsat-start"),
            "'cpsat-start' can solve but not count; the Nonogram counters are: "
            f"{NONOGRAM_COUNTERS}",
        ),
        (
            lambda: futoshiki.solve(TINY_FUTOSHIKI, solver="magic"),
            f"unknown Futoshiki solver 'magic'; the Futoshiki solvers are: {FUTOSHIKI_SOLVERS}",
        ),
        (
            lambda: futoshiki.count_solutions(TINY_FUTOSHIKI, solver="magic"),
            f"unknown Futoshiki counter 'magic'; the Futoshiki counters are: {FUTOSHIKI_COUNTERS}",
        ),
    ],
    ids=["nonogram solve", "nonogram count", "find_solutions", "futoshiki solve", "count"],
)
def test_every_dispatch_says_the_same_thing(call, message):
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value) == message


def test_a_name_that_can_only_count_says_so():
    from helper.nonogram.solvers.registry import NONOGRAM
    from helper.registry import Registry

    mine = Registry(NONOGRAM)

    @mine.register_counter("only-counts")
    def only_counts(puzzle, run, limit):
        yield [[1]]

    @mine.register("only-solves")
    def only_solves(puzzle, run):
        return [[1]]

    with pytest.raises(ValueError) as raised:
        mine.lookup("only-counts", "solve")
    assert str(raised.value) == (
        "'only-counts' can count but not solve; the Nonogram solvers are: only-solves"
    )
    assert mine.lookup("only-counts", "count")(TINY_NONOGRAM).unique
