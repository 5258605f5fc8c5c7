"""Which clues conflict: the lines named are infeasible together, minimal, and hold the mistake.

Infeasibility and minimality are checked by an independent solver (``lines_can_hold``: PySAT on
the compact block-start CNF, which shares no code with the automaton encodings that find the
set), itself checked against brute force; on the smallest puzzles, by brute force alone.
"""

import itertools
import re

import pytest
import strategies
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from helper.__main__ import main
from helper.formats import write_non
from helper.nonogram import (
    ClueLine,
    Nonogram,
    SolverTimeoutError,
    conflicting_lines,
    count_solutions,
    load_puzzle,
)
from helper.nonogram.clues import runs
from helper.nonogram.conflicts import (
    clue_distance,
    diagnose_lines,
    lines_can_hold,
    lines_to_retype,
    mistype_clue,
    puzzle_lines,
    with_clue,
)


def assert_minimal_conflict(puzzle: Nonogram, lines) -> None:
    assert lines, "an empty set cannot conflict"
    assert not lines_can_hold(puzzle, lines)
    for k in range(len(lines)):
        assert lines_can_hold(puzzle, lines[:k] + lines[k + 1 :]), f"{lines[k]} is not needed"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picture=strategies.pictures(3, 9), seed=st.integers(0, 1000))
def test_a_mistyped_clue_is_always_named(picture, seed):
    """The original picture satisfies every unchanged line, so any set of lines that cannot
    hold together must include the changed one: it is always in the answer."""
    puzzle = Nonogram.from_grid(picture)
    try:
        broken, changed = mistype_clue(puzzle, seed, tries=20)
    except ValueError:
        assume(False)
    assert sum(map(sum, broken.rows)) == sum(map(sum, broken.cols))  # the totals agree
    found = conflicting_lines(broken)
    assert found.minimal
    assert changed in found.lines
    assert_minimal_conflict(broken, list(found.lines))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picture=strategies.pictures(3, 7), seed=st.integers(0, 1000))
def test_cpsat_names_a_minimal_set_too(picture, seed):
    puzzle = Nonogram.from_grid(picture)
    try:
        broken, changed = mistype_clue(puzzle, seed, tries=20)
    except ValueError:
        assume(False)
    found = conflicting_lines(broken, method="cpsat", tries=1)
    assert found.minimal and changed in found.lines
    assert_minimal_conflict(broken, list(found.lines))


def test_brute_force_on_every_unsolvable_2x3_puzzle():
    """Every pair of clue lists for 2 rows and 3 columns that no grid satisfies: the lines
    named have no common grid, and without any one of them some grid fits the rest."""
    grids = list(strategies.all_grids(2, 3))
    row_clues = [(), (1,), (2,), (3,), (1, 1)]
    col_clues = [(), (1,), (2,)]
    checked = 0
    for r0 in row_clues:
        for r1 in row_clues:
            for cols in [(a, b, c) for a in col_clues for b in col_clues for c in col_clues]:
                try:
                    puzzle = Nonogram([r0, r1], list(cols))
                except ValueError:  # the totals differ: refused before any solver runs
                    continue
                if any(puzzle.check(g) for g in grids):
                    continue
                lines = list(conflicting_lines(puzzle).lines)
                assert not any(_fits(g, lines) for g in grids)
                for k in range(len(lines)):
                    assert any(_fits(g, lines[:k] + lines[k + 1 :]) for g in grids)
                checked += 1
    assert checked > 20


def test_lines_to_retype_are_every_smallest_correction_on_small_puzzles():
    """On every unsolvable 2x3 puzzle: the sets named are exactly the smallest sets of lines
    whose removal leaves a grid (brute force), each fit is the clue that line has in such a
    grid, and the fits' distance is the one printed."""
    import itertools

    grids = list(strategies.all_grids(2, 3))
    checked = 0
    for r0, r1 in itertools.product([(), (1,), (2,), (1, 1)], repeat=2):
        for cols in itertools.product([(), (1,), (2,)], repeat=3):
            try:
                puzzle = Nonogram([r0, r1], list(cols))
            except ValueError:
                continue
            if any(puzzle.check(g) for g in grids):
                continue
            lines = puzzle_lines(puzzle)
            expected = None
            for size in range(1, len(lines) + 1):
                sets = [
                    set(c)
                    for c in itertools.combinations(range(len(lines)), size)
                    if any(_fits(g, [x for k, x in enumerate(lines) if k not in c]) for g in grids)
                ]
                if sets:
                    expected = sets
                    break
            found = lines_to_retype(puzzle, limit=100)
            assert found.complete
            named = sorted(({lines.index(x) for x in fix.typed} for fix in found.fixes), key=sorted)
            assert named == sorted(expected, key=sorted)
            for fix in found.fixes:
                rest = [x for x in lines if x not in fix.typed]
                assert any(_fits(g, rest + list(fix.fits)) for g in grids)
                assert fix.apart == sum(
                    clue_distance(a.clue, b.clue) for a, b in zip(fix.typed, fix.fits, strict=True)
                )
                fitting = [  # how far each picture of the other lines puts these lines
                    sum(clue_distance(a.clue, _clue_in(g, a)) for a in fix.typed)
                    for g in grids
                    if _fits(g, rest)
                ]
                assert fix.nearest and fix.apart == min(fitting)  # a handful: every one seen
            apart = [fix.apart for fix in found.fixes]
            assert apart == sorted(apart)  # nearest first
            checked += 1
    assert checked > 10


def _clue_in(grid, line):
    """The clue of ``line`` (a ``ClueLine``) in ``grid``."""
    cells = grid[line.index] if line.kind == "row" else [row[line.index] for row in grid]
    return tuple(runs(cells))


def test_a_sample_of_pictures_finds_fits_it_does_not_call_nearest(monkeypatch, tmp_path, capsys):
    """With room for one picture only, the fit is the nearest *found*: the report says so."""
    from helper.nonogram import conflicts

    broken, _ = mistype_clue(load_puzzle("nonogram01"), 0)
    assert all(fix.nearest for fix in lines_to_retype(broken).fixes)
    monkeypatch.setattr(conflicts, "FITS", 1)
    assert not any(fix.nearest for fix in lines_to_retype(broken).fixes)
    path = tmp_path / "broken.non"
    path.write_text(write_non(broken), encoding="utf-8")
    assert main(["solve", str(path)]) == 1
    fits = [x for x in capsys.readouterr().err.split("\n") if "that fit: " in x]
    assert len(fits) == 1 and fits[0].startswith("nearest found that fit: row 0: ")


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picture=strategies.pictures(3, 8), seed=st.integers(0, 1000))
def test_the_mistyped_line_is_one_of_the_lines_to_retype(picture, seed):
    """The original picture fits every other line, so the changed line alone is a set of lines
    to retype, and its clue before the change fits: it is named, at most as far as that."""
    puzzle = Nonogram.from_grid(picture)
    try:
        broken, changed = mistype_clue(puzzle, seed, tries=20)
    except ValueError:
        assume(False)
    original = puzzle_lines(puzzle)[puzzle_lines(broken).index(changed)]
    found = lines_to_retype(broken, limit=100)
    assert found.complete and all(len(fix.typed) == 1 for fix in found.fixes)
    fix = next(fix for fix in found.fixes if fix.typed == (changed,))
    assert fix.apart is not None and fix.apart <= clue_distance(changed.clue, original.clue)
    assert changed in found.conflict.lines


@pytest.mark.parametrize(
    ("a", "b", "apart"),
    [
        ((3, 1), (2, 2), 2),
        ((4,), (2, 2), 4),
        ((), (3,), 3),
        ((1, 3, 3), (3, 3), 1),
        ((2,), (2,), 0),
    ],
)
def test_clue_distance(a, b, apart):
    assert clue_distance(a, b) == apart == clue_distance(b, a)


@given(
    st.lists(st.integers(1, 5), max_size=4),
    st.lists(st.integers(1, 5), max_size=4),
    st.lists(st.integers(1, 5), max_size=4),
)
def test_clue_distance_is_a_distance(a, b, c):
    assert (clue_distance(a, b) == 0) == (a == b)
    assert clue_distance(a, c) <= clue_distance(a, b) + clue_distance(b, c)
    assert clue_distance(a, b) >= abs(sum(a) - sum(b))


def test_mistyping_only_rows():
    _, changed = mistype_clue(load_puzzle("nonogram02"), 2, kind="row")
    assert changed.kind == "row"
    _, changed = mistype_clue(load_puzzle("nonogram02"), 2, kind="column")
    assert changed.kind == "column"


def test_the_report_within_its_time_limit():
    broken, changed = mistype_clue(load_puzzle("nonogram02"), 2)
    found = diagnose_lines(broken)
    assert found.fixes[0].typed == (changed,) and found.complete
    assert found.conflict == conflicting_lines(broken)  # the same eight orders
    with pytest.raises(SolverTimeoutError, match="lines_to_retype"):
        diagnose_lines(broken, time_limit=1e-6)
    with pytest.raises(ValueError, match="has a solution"):
        lines_to_retype(Nonogram([[1], [1]], [[1], [1]]))


def _fits(grid, lines) -> bool:
    from helper.nonogram import runs

    for line in lines:
        cells = grid[line.index] if line.kind == "row" else [row[line.index] for row in grid]
        if tuple(runs(cells)) != line.clue:
            return False
    return True


def test_the_book_puzzle_with_one_mistyped_clue():
    puzzle = load_puzzle("nonogram02")
    broken, changed = mistype_clue(puzzle, 2)
    assert count_solutions(broken, limit=1).count == 0
    found = conflicting_lines(broken)
    assert changed in found.lines
    assert_minimal_conflict(broken, list(found.lines))
    assert conflicting_lines(broken) == found  # the same answer every time


def test_a_solvable_puzzle_has_no_conflict():
    with pytest.raises(ValueError, match="has a solution"):
        conflicting_lines(Nonogram([[1], [1]], [[1], [1]]))


def test_only_a_nonogram():
    with pytest.raises(TypeError, match="expected a Nonogram"):
        conflicting_lines(([[1]], [[1]]))


@pytest.mark.parametrize("tries", [0, -1, 1.5, True])
def test_tries_must_be_a_positive_integer(tries):
    with pytest.raises(ValueError, match="tries"):
        conflicting_lines(Nonogram([[2], []], [[], [2]]), tries=tries)


def test_unknown_method():
    with pytest.raises(ValueError, match="method"):
        conflicting_lines(Nonogram([[2], []], [[], [2]]), method="magic")


@pytest.mark.parametrize("method", ["sat", "cpsat"])
def test_no_time_left_is_a_timeout_not_an_answer(method):
    with pytest.raises(SolverTimeoutError, match="conflicting_lines"):
        conflicting_lines(Nonogram([[2], []], [[], [2]]), time_limit=1e-9, method=method)


def test_line_text_and_replacing_a_clue():
    assert str(ClueLine("row", 3, (2, 1))) == "row 3: 2 1"
    assert str(ClueLine("column", 7, ())) == "column 7: 0"
    puzzle = Nonogram([[1], [1]], [[1], [1]])
    assert puzzle_lines(puzzle)[2] == ClueLine("column", 0, (1,))
    wider = Nonogram([[1, 1], [1]], [[1], [1], [1]])
    assert with_clue(wider, ClueLine("row", 1, (1,))).rows == ((1, 1), (1,))
    moved = with_clue(Nonogram([[2, 1], [1]], [[1], [1], [1], [1]]), ClueLine("row", 0, (1, 2)))
    assert moved.rows == ((1, 2), (1,))
    with pytest.raises(ValueError, match="paint"):  # the totals must still agree
        with_clue(puzzle, ClueLine("column", 1, (2,)))
    with pytest.raises(ValueError, match="no row 5"):
        with_clue(puzzle, ClueLine("row", 5, ()))


def test_mistyping_needs_a_line_with_two_blocks():
    with pytest.raises(ValueError, match="two blocks"):
        mistype_clue(Nonogram([[1], [1]], [[1], [1]]))


# -- the command line --------------------------------------------------------------------------

LINE = re.compile(r"^(row|column) \d+: \d+( \d+)*$")


def test_the_command_line_names_the_lines_to_retype_first(tmp_path, capsys):
    broken, changed = mistype_clue(load_puzzle("nonogram02"), 2)
    path = tmp_path / "broken.non"
    path.write_text(write_non(broken), encoding="utf-8")
    assert main(["solve", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    first, heading, retype, *rest = err.rstrip("\n").split("\n")
    assert first.startswith(f"error: {path}: no solution")
    assert heading == "fewest lines to retype (1):" and retype == str(changed)
    fits, conflict_heading, *named = rest
    assert fits.startswith("nearest that fit: row 2: ") and not LINE.match(fits)
    assert conflict_heading == f"these {len(named)} lines cannot all hold:"
    assert all(LINE.match(line) for line in named), named
    assert named == [str(line) for line in conflicting_lines(broken)]


def test_the_command_line_ranks_the_other_lines(tmp_path, capsys):
    """nonogram01 with row 0 mistyped: two columns would do too, as near, but their fits gain
    a block (row 0's keeps its number, as a cell moved between blocks does): less likely."""
    broken, changed = mistype_clue(load_puzzle("nonogram01"), 0)
    path = tmp_path / "broken.non"
    path.write_text(write_non(broken), encoding="utf-8")
    assert main(["solve", str(path)]) == 1
    lines = capsys.readouterr().err.split("\n")
    assert lines[1:4] == [
        "fewest lines to retype (1):",
        str(changed),
        "or, less likely, one of these instead:",
    ]
    others = list(itertools.takewhile(LINE.match, lines[4:]))
    found = lines_to_retype(broken)
    assert others == [str(fix.typed[0]) for fix in found.fixes[1:]] and others
    fits = lines[4 + len(others)]
    assert fits.startswith(
        "nearest that fit: row 0: 2 2 (2 apart); column 4: 8 1 (2 apart, a block more)"
    )


def test_solve_names_the_conflicting_clues_of_a_futoshiki(tmp_path, capsys):
    path = tmp_path / "broken.txt"
    path.write_text("1>0\n    \n0 0\n", encoding="utf-8")  # (0, 0) = 1 cannot be larger
    assert main(["solve", str(path)]) == 1
    _, err = capsys.readouterr()
    lines = err.split("\n")
    assert lines[1] == "fewest clues to retype (1):"
    assert lines[2:5] == [
        "given (0, 0) = 1",
        "or, as likely, one of these instead:",
        "sign (0, 1) < (0, 0)",
    ]
    assert lines[5] == (
        "nearest that fit: given (0, 0) = 2 (1 apart, one solution); "
        "sign (0, 0) < (0, 1) (1 apart, one solution)"
    )
    assert lines[6:9] == [
        "these 2 clues cannot all hold:",
        "given (0, 0) = 1",
        "sign (0, 1) < (0, 0)",
    ]


@settings(max_examples=60, deadline=None)
@given(
    picture=strategies.pictures(1, 3),
    kinds=st.lists(
        st.tuples(st.booleans(), st.integers(0, 2), st.lists(st.integers(1, 3), max_size=2)),
        min_size=1,
        max_size=4,
    ),
)
def test_the_independent_check_agrees_with_brute_force(picture, kinds):
    """lines_can_hold against every grid, on made-up lines (clues that may not fit)."""
    puzzle = Nonogram.from_grid(picture)
    lines = []
    for is_row, index, clue in kinds:
        length = puzzle.width if is_row else puzzle.height
        if (
            index < (puzzle.height if is_row else puzzle.width)
            and sum(clue) + len(clue) - 1 <= length
        ):
            lines.append(ClueLine("row" if is_row else "column", index, tuple(clue)))
    grids = strategies.all_grids(puzzle.height, puzzle.width)
    assert lines_can_hold(puzzle, lines) == any(_fits(g, lines) for g in grids)
