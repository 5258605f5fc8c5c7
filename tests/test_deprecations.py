"""Old spellings still work, and say so with a DeprecationWarning pointing at the caller.

pyproject.toml turns the package's own deprecations into errors in every other test, so the
library, the command line and the tests keep to the new spellings; these tests catch them.
"""

import importlib

import pytest

from helper.errors import HelperDeprecationWarning
from helper.nonogram import Nonogram, count_solutions
from helper.nonogram.unique import find_solutions

DIAGONALS = Nonogram([[1], [1]], [[1], [1]])


def test_the_package_warning_is_a_deprecation_warning():
    assert issubclass(HelperDeprecationWarning, DeprecationWarning)


def test_count_solutions_method_is_the_old_name_of_solver():
    with pytest.warns(DeprecationWarning, match=r"count_solutions\(method=\.\.\.\) is dep") as w:
        count = count_solutions(DIAGONALS, method="sat-automaton")
    assert w[0].filename == __file__  # the warning points at the caller
    assert count.solver == "sat-automaton" and count.count == 2
    with pytest.warns(DeprecationWarning), pytest.raises(TypeError, match="not both"):
        count_solutions(DIAGONALS, solver="cpsat-automaton", method="sat-automaton")


def test_find_solutions_takes_solver_and_method_is_deprecated():
    expected = [[[0, 1], [1, 0]], [[1, 0], [0, 1]]]
    assert find_solutions(DIAGONALS, solver="sat-automaton") == expected
    with pytest.warns(DeprecationWarning, match="pass solver='sat-automaton' instead") as w:
        assert find_solutions(DIAGONALS, method="sat-automaton") == expected
    assert w[0].filename == __file__


def test_plot_highlight_is_the_old_name_of_differs():
    from helper.plot import plot_nonogram_board

    puzzle = Nonogram([[1]], [[1], [], [], []])
    with pytest.warns(DeprecationWarning, match=r"pass differs=\.\.\. instead") as w:
        old = plot_nonogram_board(puzzle, [[1, 0, 0, 0]], highlight=[(0, 1)])
    assert w[0].filename == __file__
    new = plot_nonogram_board(puzzle, [[1, 0, 0, 0]], differs=[(0, 1)])
    texts = [[t.get_text() for t in ax.get_legend().get_texts()] for ax in (old, new)]
    assert texts[0] == texts[1] == ["differs between solutions"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("BACKGROUND", "PAPER"),
        ("HIGHLIGHT", "DECIDED"),
        ("NEW_FILLED", "DECIDED"),
        ("NEW_EMPTY", "DECIDED_PALE"),
    ],
)
def test_the_old_names_of_the_inks(old, new):
    import helper.palette
    import helper.plot

    with pytest.warns(DeprecationWarning, match=f"use helper.palette.{new} instead"):
        value = getattr(helper.plot, old)
    assert value == getattr(helper.palette, new)
    assert old not in helper.plot.__all__


def test_the_package_deprecations_are_errors_in_the_tests():
    """pyproject's filterwarnings: outside pytest.warns, an old spelling fails the test."""
    with pytest.raises(HelperDeprecationWarning):
        count_solutions(DIAGONALS, method="sat-automaton")


@pytest.mark.parametrize("name", ["count_solutions_sat", "solve_futoshiki_sat", "SatResult"])
def test_the_futoshiki_shorthands_that_left_the_api_say_what_replaced_them(name):
    with pytest.raises(ImportError, match=r'solver="sat-onehot"'):
        exec(f"from helper.futoshiki import {name}")


@pytest.mark.parametrize("family", ["nonogram", "futoshiki"])
def test_a_familys_explain_names_its_new_home(family):
    with pytest.raises(ImportError, match=rf"from helper\.explain\.{family} import explain"):
        exec(f"from helper.{family} import explain")
    module = importlib.import_module(f"helper.{family}")
    with pytest.raises(ImportError, match="moved"):
        module.explain  # noqa: B018
    assert not hasattr(module, "no_such_name")  # other names: AttributeError, as always
