"""The line engines' caches: bounded by their memory budget, correct, safe from threads, and
one per solve for the bit-mask engine (no solve's cache changes another's work)."""

import random
import threading

import pytest
from strategies import brute_force

from helper.bench.families import FAMILIES
from helper.nonogram import SOLVERS, clues_from_grid
from helper.nonogram.line import cache as line_cache
from helper.nonogram.line.bits import MaskGrid
from helper.nonogram.line.cache import MISSING, REFERENCE_CACHE, LineCache, LineMemo
from helper.nonogram.line.reference import propagate_within, sweeps, unknown_state
from helper.nonogram.line.reference import solve_line as reference_solve_line


def test_the_budget_bounds_the_cache_and_drops_the_oldest_entries():
    cache = LineCache(max_bytes=2_000)
    for key in range(100):
        assert cache.get_or_compute(key, lambda key=key: (key, key)) == (key, key)
        assert cache.bytes <= cache.max_bytes
    assert 0 < len(cache) < 100
    newest = 99
    assert cache.get_or_compute(newest, lambda: "recomputed") == (newest, newest)  # still kept
    assert cache.get_or_compute(0, lambda: "recomputed") == "recomputed"  # dropped long ago
    assert cache.get(newest) == (newest, newest) and cache.get(1) is MISSING
    cache.clear()
    assert len(cache) == 0 and cache.bytes == 0


def test_an_entry_larger_than_the_budget_is_computed_but_not_kept():
    cache = LineCache(max_bytes=10)
    assert cache.get_or_compute("k", lambda: list(range(100))) == list(range(100))
    assert len(cache) == 0
    with pytest.raises(ValueError, match="budget"):
        LineCache(0)


def test_each_engine_has_its_cache_with_a_stated_budget():
    assert REFERENCE_CACHE.max_bytes == line_cache.REFERENCE_BUDGET == 32 * 2**20
    rows, cols = clues_from_grid([[1, 0, 1], [1, 1, 1], [0, 1, 0]])
    REFERENCE_CACHE.clear()
    propagate_within(rows, cols, unknown_state(3, 3))
    assert len(REFERENCE_CACHE) == 0  # a solver's line logic does not use the shared cache
    list(sweeps(rows, cols))  # the book's step-by-step sweeps do
    assert len(REFERENCE_CACHE) > 0
    grid = MaskGrid(rows, cols)
    assert grid.memo.max_bytes == line_cache.BITS_BUDGET == 128 * 2**20
    grid.propagate()
    assert len(grid.memo) > 0 and grid.copy().memo is grid.memo  # copies share it
    assert len(MaskGrid(rows, cols).memo) == 0  # a new grid (a new solve) starts empty


def test_a_full_memo_starts_again_within_its_budget():
    rows, cols = clues_from_grid([[1, 0, 1, 1], [1, 1, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
    memo = LineMemo(rows, cols, max_bytes=3 * line_cache.memo_entry_bytes(4))
    grid = MaskGrid(rows, cols, memo)
    grid.propagate()
    assert 0 < len(memo) <= 3 and memo.bytes <= memo.max_bytes
    assert sum(map(len, memo.tables.values())) == len(memo)
    assert grid.to_state() == [[1, 0, 1, 1], [1, 1, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]]
    with pytest.raises(ValueError, match="budget"):
        LineMemo([[1], [1]], [[1], [1]], max_bytes=0)


def test_lines_with_the_same_clue_and_length_share_their_results():
    rows, cols = [[1], [1], [1, 1]], [[2], [1], [1]]
    memo = LineMemo(rows, cols)
    assert memo.rows[0] is memo.rows[1] is memo.cols[1] is memo.cols[2]  # [1] on 3 cells
    assert memo.rows[2] is not memo.rows[0] and memo.cols[0] is not memo.cols[1]
    assert len(memo.tables) == 3


def test_threads_share_a_small_cache_safely():
    """Eight threads solve random lines through one cache so small that it evicts all the
    time (another thread's eviction must never break a lookup); every answer is right."""
    cache = LineCache(max_bytes=4_000)
    errors: list[BaseException] = []
    rng = random.Random(3)
    cases = []
    for _ in range(200):
        n = rng.randint(1, 8)
        line = [rng.randint(0, 1) for _ in range(n)]
        cells = [rng.choice([-1, -1, 0, 1]) for _ in range(n)]
        clue = tuple(len(run) for run in "".join(map(str, line)).split("0") if run)
        cases.append((clue, tuple(cells)))
    expected = {case: brute_force(*case) for case in cases}

    def work(seed: int) -> None:
        order = list(cases)
        random.Random(seed).shuffle(order)
        try:
            for _ in range(5):
                for clue, cells in order:
                    got = cache.get_or_compute(
                        (clue, cells), lambda c=clue, x=cells: reference_solve_line(c, x)
                    )
                    assert got == expected[clue, cells]
                    assert cache.bytes <= cache.max_bytes
        except BaseException as error:  # reported to the main thread
            errors.append(error)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert cache.bytes <= cache.max_bytes and len(cache) > 0


def test_lookups_are_counted_as_hits_and_misses():
    cache = LineCache(max_bytes=4_000)
    assert cache.counts() == (0, 0)
    assert cache.get("a") is MISSING
    cache.put("a", 1)
    assert cache.get("a") == 1 and cache.get("a") == 1
    assert cache.get_or_compute("b", lambda: 2) == 2 and cache.get_or_compute("b", lambda: 3) == 2
    assert cache.counts() == (3, 2)
    grid = MaskGrid([[1]], [[1]])
    assert grid.memo.counts() == (0, 0)
    grid.propagate()  # the row from nothing known, then the column with its cell filled
    assert grid.memo.counts() == (0, 2)
    grid.copy().propagate()  # the same two lines in the same states: both in the memo
    assert grid.memo.counts() == (2, 2)


def test_a_threads_counts_are_its_own():
    """Issue 30 item 8: a solve's cache hits and misses are not skewed by solves that run in
    other threads at the same time (counts() is per thread; hits and misses are the totals)."""
    import threading

    from helper.nonogram.line.cache import LineCache

    cache = LineCache(1 << 20)
    cache.put("a", 1)
    before = cache.counts()
    other = threading.Thread(target=lambda: [cache.get("a") for _ in range(50)])
    other.start()
    other.join()
    cache.get("a")
    cache.get("b")
    hits, misses = cache.counts()
    assert (hits - before[0], misses - before[1]) == (1, 1)
    assert cache.hits == 51 and cache.misses == 1


WORK = ("line_solves", "cache_hits", "cache_misses", "guesses", "conflicts", "probes", "nodes")
"""The counts of a line-engine solver's work (those it reports)."""


def _work(solver: str, puzzle) -> dict[str, float]:
    result = SOLVERS[solver](puzzle)
    assert result.solved and puzzle.check(result.grid)
    return {key: value for key, value in result.stats.items() if key in WORK}


@pytest.mark.parametrize("solver", ["line-search", "bitline-probing", "incremental-probing"])
def test_no_solve_changes_the_work_of_another(solver):
    """Issue 40: a solver counts the same work (line solves, cache misses, guesses...) whether
    or not other solvers, or itself, solved the same puzzle before it in this process: each
    solve's line memo is its own. A process-wide cache made the second of two solves cheaper."""
    puzzle = FAMILIES["noisy"].puzzle("tuning", 4)  # 30 x 40, line logic leaves cells open
    cold = _work(solver, puzzle)
    assert cold["cache_misses"] > 0 and cold["line_solves"] > cold["cache_misses"]
    for other in ("line-search", "bitline-probing", "incremental-probing", "sat-automaton"):
        SOLVERS[other](puzzle)
    assert _work(solver, puzzle) == cold
