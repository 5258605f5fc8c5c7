"""An answer never says more than was proved: every result a deadline can cut short, cut at
random points (issue 38).

The deadlines here run on a clock that ticks once per look (:class:`TickingClock`): a
``Deadline(n * TICK)`` passes once the package has looked at it n times, which is where the
package checks it (between lines of a model, before every SAT call, every CP-SAT solve, every
hitting set). Hypothesis draws ``n``, so each run is cut at another point of the same work; a
search in a solver library that is running when the deadline passes gets what is left as real
seconds (at least 0.01 s). Whatever the cut, a result that is incomplete claims nothing: no
"unique", "no solution", optimum, minimal set or nearest fit that was not proved, each checked
here against brute force or against the same call without a deadline.
"""

import contextlib
import functools
import itertools
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from strategies import latin_squares as all_latin_squares
from strategies import mixed_puzzles, pictures, solutions

import helper.deadline
from helper.errors import NoSolutionError, NotUniqueError, SolverTimeoutError
from helper.explain import futoshiki as explain_futoshiki
from helper.explain import nonogram as explain_nonogram
from helper.explain.steps import replay
from helper.futoshiki import COUNTERS as FUTOSHIKI_COUNTERS
from helper.futoshiki import Futoshiki, check_futoshiki
from helper.futoshiki.conflicts import FutoshikiClue, clues_to_retype
from helper.futoshiki.fewest_givens import fewest_givens
from helper.nonogram import COUNTERS, Nonogram, count_solutions, solve
from helper.nonogram.conflicts import diagnose_lines, lines_can_hold
from helper.nonogram.fewest_changes import fewest_changes

latin_squares = functools.cache(all_latin_squares)

TICK = 1e-4
"""Seconds of the ticking clock per look at it."""
SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


class TickingClock:
    """A stand-in for the module ``time`` in :mod:`helper.deadline`: ``perf_counter`` moves
    :data:`TICK` seconds each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += TICK
        return self.now


@contextlib.contextmanager
def ticking() -> Iterator[None]:
    """Deadlines made inside run on a :class:`TickingClock`."""
    real = helper.deadline.time
    helper.deadline.time = TickingClock()  # type: ignore[assignment]
    try:
        yield
    finally:
        helper.deadline.time = real


looks = st.one_of(st.integers(1, 100), st.integers(1, 3000))
"""How many looks a deadline allows: from the first check on (the small puzzles here need
about a hundred) to well past most of the work."""


def test_the_ticking_clock_cuts_a_deadline_after_n_looks():
    with ticking():
        deadline = helper.deadline.Deadline(3 * TICK)
        assert [deadline.passed() for _ in range(5)] == [False, False, False, True, True]


@SETTINGS
@given(mixed_puzzles(max_side=4), looks, st.sampled_from(sorted(COUNTERS)))
def test_a_nonogram_count_claims_only_what_it_proved(puzzle, n, counter):
    truth = len(solutions(puzzle))
    with ticking():
        count = count_solutions(puzzle, 2, solver=counter, time_limit=n * TICK)
    event(f"complete: {count.complete}")
    assert count.count <= truth
    if count.unique:
        assert truth == 1
    if count.exact:
        assert count.count == truth
    if count.status == "no solution":
        assert truth == 0 and count.complete
    if not count.complete:
        assert not count.unique and not count.exact and count.status in ("timeout", "too large")


@SETTINGS
@given(
    mixed_puzzles(max_side=4),
    looks,
    st.sampled_from(["portfolio", "sat-automaton", "cpsat-automaton", "line-search"]),
)
def test_a_nonogram_solve_says_no_solution_only_when_there_is_none(puzzle, n, solver):
    with ticking():
        result = solve(puzzle, solver=solver, time_limit=n * TICK)
    event(result.status)
    if result.status == "no solution":
        assert solutions(puzzle) == []
    elif result.status == "solved":
        assert puzzle.check(result.grid)
    else:
        assert result.status == "timeout" and result.grid is None


def _futoshiki(size: int, givens: list[int], signs: int) -> Futoshiki:
    """A small Futoshiki from a Latin square: some of its cells given, some of its signs."""
    square = latin_squares(size)[givens[0] % len(latin_squares(size))]
    cells = [(r, c) for r in range(size) for c in range(size)]
    grid = [[0] * size for _ in range(size)]
    for k in givens[1:]:
        r, c = cells[k % len(cells)]
        grid[r][c] = square[r][c]
    pairs = [((r, c), (r, c + 1)) for r in range(size) for c in range(size - 1)]
    chosen = [pairs[(signs * 7 + k) % len(pairs)] for k in range(signs)]
    constraints = [(a, b) if square[a[0]][a[1]] < square[b[0]][b[1]] else (b, a) for a, b in chosen]
    return Futoshiki(grid, sorted(set(constraints)))


futoshikis = st.builds(
    _futoshiki,
    st.integers(3, 4),
    st.lists(st.integers(0, 10_000), min_size=1, max_size=6),
    st.integers(0, 4),
)


def brute_count(puzzle: Futoshiki) -> int:
    return sum(check_futoshiki(*puzzle, square) for square in latin_squares(puzzle.width))


@SETTINGS
@given(futoshikis, looks, st.sampled_from(sorted(FUTOSHIKI_COUNTERS)))
def test_a_futoshiki_count_claims_only_what_it_proved(puzzle, n, counter):
    truth = brute_count(puzzle)
    with ticking():
        count = FUTOSHIKI_COUNTERS[counter](puzzle, 2, time_limit=n * TICK)
    event(f"complete: {count.complete}")
    assert count.count <= truth
    if count.unique:
        assert truth == 1
    if count.exact:
        assert count.count == truth
    if not count.complete:
        assert not count.unique and not count.exact


@SETTINGS
@given(pictures(max_side=5), looks)
def test_a_nonogram_explanation_cut_short_keeps_the_steps_of_the_whole_one(grid, n):
    puzzle = Nonogram.from_grid(grid)
    try:
        whole = explain_nonogram.explain(puzzle)
    except NotUniqueError:
        return
    with ticking():
        cut = explain_nonogram.explain(puzzle, time_limit=n * TICK)
    event(f"complete: {cut.complete}, steps kept: {bool(cut.steps)}")
    assert cut.steps == whole.steps[: len(cut.steps)]  # every step kept is sound and the same
    if cut.complete:
        assert cut.steps == whole.steps and cut.solution == whole.solution
        assert replay(cut.start, cut, unknown=-1) == [list(row) for row in cut.solution]
    else:
        assert cut.message and (cut.solution is None or cut.solution == whole.solution)
        assert cut.solution is not None or not cut.steps  # no step before the answer is proved


@SETTINGS
@given(futoshikis, looks)
def test_a_futoshiki_explanation_cut_short_keeps_the_steps_of_the_whole_one(puzzle, n):
    try:
        whole = explain_futoshiki.explain(puzzle)
    except (NoSolutionError, NotUniqueError):
        return
    with ticking():
        cut = explain_futoshiki.explain(puzzle, time_limit=n * TICK)
    event(f"complete: {cut.complete}, steps kept: {bool(cut.steps)}")
    assert cut.steps == whole.steps[: len(cut.steps)]
    assert cut.complete == (cut.steps == whole.steps and cut.solution is not None)
    if not cut.complete:
        assert cut.message


def _broken_futoshiki(size: int, k: int, blanks: int) -> Futoshiki:
    """A Latin square with ``blanks`` cells emptied, and one sign the wrong way round between
    two neighbours that stay given: no solution; with many blanks, the fixes leave many."""
    answer = latin_squares(size)[k % len(latin_squares(size))]
    square = [list(row) for row in answer]
    r = k % size
    kept = {(r, 0), (r, 1)}
    cells = [cell for cell in itertools.product(range(size), repeat=2) if cell not in kept]
    for j in range(min(blanks, len(cells))):
        a, b = cells[(k * 7 + j * 5) % len(cells)]
        square[a][b] = 0
    low, high = ((r, 0), (r, 1)) if answer[r][0] > answer[r][1] else ((r, 1), (r, 0))
    return Futoshiki(square, [(low, high)])  # low < high, but low holds the larger digit


@settings(SETTINGS, max_examples=60)
@given(st.integers(3, 4), st.integers(0, 10_000), st.integers(0, 14), looks)
def test_a_futoshiki_fix_is_unique_or_nearest_only_when_proved(size, k, blanks, n):
    puzzle = _broken_futoshiki(size, k, blanks)
    if brute_count(puzzle):
        return
    with ticking():
        try:
            found = clues_to_retype(puzzle, time_limit=n * TICK)
        except SolverTimeoutError:  # not even one set in time: nothing claimed
            event("no set in time")
            return
    event(f"complete: {found.complete}, unique: {[f.unique for f in found.fixes]}")
    for fix in found.fixes:
        if not fix.fits:
            assert fix.apart is None and not fix.nearest
            continue
        count = _fitted_count(puzzle, fix.typed, fix.fits)
        assert count >= 1  # the fits fit
        if fix.unique is not None:
            assert fix.unique == (count == 1)
        if fix.nearest and len(fix.typed) == 1 and fix.typed[0].kind == "given":
            typed = fix.typed[0]
            for v in range(1, size + 1):
                if 0 < abs(v - (typed.value or 0)) < fix.apart:  # a nearer value: none fits
                    nearer = _fitted_count(puzzle, fix.typed, (_given(typed, v),))
                    assert nearer == 0, (fix, v, nearer)


def _fitted_count(puzzle: Futoshiki, typed, fits) -> int:
    """The solutions of the puzzle with ``typed`` retyped as ``fits`` (0 when the fits repeat
    a given in a row or column)."""
    try:
        return brute_count(_with_fits(puzzle, typed, fits))
    except ValueError:
        return 0


def _given(clue: FutoshikiClue, value: int) -> FutoshikiClue:
    return FutoshikiClue("given", clue.cells, value)


def _with_fits(puzzle: Futoshiki, typed, fits) -> Futoshiki:
    grid = puzzle.to_lists()
    signs = [tuple(map(tuple, sign)) for sign in puzzle.constraints]
    for clue in typed:
        if clue.kind == "given":
            (r, c) = clue.cells[0]
            grid[r][c] = 0
        else:
            signs.remove(tuple(clue.cells))
    for clue in fits:
        if clue.kind == "given":
            (r, c) = clue.cells[0]
            grid[r][c] = clue.value
        else:
            signs.append(tuple(clue.cells))
    return Futoshiki(grid, signs)


@settings(SETTINGS, max_examples=80)
@given(mixed_puzzles(min_side=2, max_side=4), looks)
def test_a_conflicting_set_is_called_minimal_only_when_it_is(puzzle, n):
    if solutions(puzzle):
        return
    with ticking():
        try:
            found = diagnose_lines(puzzle, time_limit=n * TICK)
        except SolverTimeoutError:
            return
    conflict = found.conflict
    event("no conflict in time" if conflict is None else f"minimal: {conflict.minimal}")
    if conflict is None:
        return
    assert not lines_can_hold(puzzle, conflict.lines)  # proved, whatever the deadline
    if conflict.minimal:
        for line in conflict.lines:
            assert lines_can_hold(puzzle, [other for other in conflict.lines if other != line])


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), looks)
def test_fewest_givens_is_called_proven_only_at_the_true_minimum(k, n):
    square = latin_squares(4)[k % 576]
    puzzle = Futoshiki(square)
    truth = fewest_givens(puzzle)
    assert truth.proven
    with ticking():
        cut = fewest_givens(puzzle, time_limit=n * TICK)
    event(f"proven: {cut.proven}")
    assert cut.lower <= truth.upper <= cut.upper  # the bounds hold at every cut
    if cut.proven:
        assert cut.upper == truth.upper


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pictures(min_side=3, max_side=5), looks)
def test_fewest_changes_is_called_proven_only_at_the_true_minimum(grid, n):
    truth = fewest_changes(grid)
    assert truth.proven
    with ticking():
        cut = fewest_changes(grid, time_limit=n * TICK)
    event(f"proven: {cut.proven}")
    assert cut.lower <= len(truth.changed) <= len(cut.changed)
    assert count_solutions(Nonogram.from_grid(cut.picture)).unique  # the picture it offers
    if cut.proven:
        assert len(cut.changed) == len(truth.changed)


def test_every_cut_of_a_small_count_is_seen():
    """The drawn cuts reach every outcome: some counts end, some are cut short."""
    puzzle = Nonogram([[1], [1]], [[1], [1]])
    ends = set()
    for n in itertools.chain(range(1, 40), (100, 1000)):
        with ticking():
            count = count_solutions(puzzle, 2, solver="sat-automaton", time_limit=n * TICK)
        ends.add(count.complete)
    assert ends == {True, False}


@pytest.mark.parametrize("counter", sorted(COUNTERS))
def test_a_count_cut_before_it_starts_is_incomplete(counter):
    with ticking():
        count = count_solutions(Nonogram([[1]], [[1]]), solver=counter, time_limit=TICK)
    assert not count.complete and not count.unique and count.status == "timeout"
