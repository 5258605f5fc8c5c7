"""The line engines' cache: bounded by its memory budget, correct, and safe from threads."""

import random
import threading

import pytest
from strategies import brute_force

from helper.nonogram import clues_from_grid
from helper.nonogram.line import cache as line_cache
from helper.nonogram.line.bits import MaskGrid
from helper.nonogram.line.cache import BITS_CACHE, MISSING, REFERENCE_CACHE, LineCache
from helper.nonogram.line.reference import propagate_within, unknown_state
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


def test_each_engine_has_one_cache_with_a_stated_budget():
    assert REFERENCE_CACHE.max_bytes == line_cache.REFERENCE_BUDGET == 32 * 2**20
    assert BITS_CACHE.max_bytes == line_cache.BITS_BUDGET == 128 * 2**20
    rows, cols = clues_from_grid([[1, 0, 1], [1, 1, 1], [0, 1, 0]])
    REFERENCE_CACHE.clear()
    BITS_CACHE.clear()
    propagate_within(rows, cols, unknown_state(3, 3))
    MaskGrid(rows, cols).propagate()
    assert len(REFERENCE_CACHE) > 0 and len(BITS_CACHE) > 0


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
    hits, misses = BITS_CACHE.counts()
    grid = MaskGrid([[1], [1]], [[1], [1]])
    grid.propagate()  # two rows and two columns looked up
    grid.copy().propagate()  # the same four lines again
    new_hits, new_misses = BITS_CACHE.counts()
    assert new_hits - hits >= 4 and (new_hits - hits) + (new_misses - misses) == 8


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
