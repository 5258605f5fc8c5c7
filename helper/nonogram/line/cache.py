"""Memos of line results: one per solve for the bit-mask engine, one bounded cache for the book.

Search and probing solve the same line in the same state again and again, so the bit-mask
engine (:mod:`.bits`) keeps the answers it computed in a :class:`LineMemo`: one per puzzle
grid, shared by every copy and trial of it, so by every node of one solve and by nothing else.
A solve starts with an empty memo, and no solve can make another cheaper: the work a solver
counts (line solves, cache misses, guesses) is the same whichever solves ran before it in the
same process (``tests/nonogram/line/test_cache.py`` checks it). A process-wide memo did
flatter the second of two solvers measured one after the other (issue 40).

The reference engine (:mod:`.reference`) keeps :data:`REFERENCE_CACHE` (keys are the clue and
the tuple of cells), one bounded, thread-safe :class:`LineCache` shared by every call: it
serves the book's teaching functions (:func:`~.reference.propagate` called again on the same
puzzle), never a solver (:func:`~.reference.propagate_within` does not use it: within one
fixpoint a line is solved again only when its cells changed, so a cache could not pay off
there).

Each cache has a memory budget in bytes (:data:`REFERENCE_BUDGET`, :data:`BITS_BUDGET`): it
adds up an estimate of each entry's size (``sys.getsizeof`` of the key's and the value's parts,
plus the dictionary's own cost per entry) and, when a new entry would pass the budget, drops
the oldest entries until it fits. The estimate leaves out objects an entry shares with others
(a clue tuple is the same object in every key of its line), so the real memory is at most the
budget.

Each cache counts its lookups that found an entry (``hits``) and those that did not
(``misses``), so that a solver can say how much the cache saved it: the difference of the
counts before and after its work (:meth:`LineCache.counts`).

Thread safety: a lookup is one ``dict.get``, atomic in CPython, so it takes no lock (line
logic looks up far more often than it adds); adding and dropping entries, and the byte count,
are done under a lock. A lookup never sees a half-made entry, and an entry another thread drops
is simply computed again. The two counts are kept without the lock: when threads share the
cache, a count may miss one of their lookups (they are statistics, nothing depends on them).
"""

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

ENTRY_OVERHEAD = 100
"""Bytes an ``OrderedDict`` spends per entry beyond its key and value (hash slot and links)."""

MISSING: Any = object()
"""What :meth:`LineCache.get` returns for a key it does not hold."""


def _size(value: object) -> int:
    """``sys.getsizeof`` of a value and of the items of a tuple or list (one level deep)."""
    size = sys.getsizeof(value)
    if isinstance(value, tuple | list):
        size += sum(sys.getsizeof(item) for item in value if not isinstance(item, tuple))
    return size


class LineCache:
    """A memo with a budget in bytes that drops its oldest entries, safe to use from threads.

    ``get(key)`` returns the stored value or :data:`MISSING`; ``put(key, value)`` stores it.
    ``get_or_compute(key, compute)`` does both. Computing happens outside the lock, so two
    threads may both compute a missing entry (the values are equal: line results are pure).
    """

    def __init__(self, max_bytes: int, name: str = "line cache") -> None:
        if max_bytes < 1:
            raise ValueError(f"a cache budget must be a positive number of bytes, got {max_bytes}")
        self.max_bytes = max_bytes
        self.name = name
        self._values: dict[Hashable, Any] = {}  # read without the lock
        self._sizes: OrderedDict[Hashable, int] = OrderedDict()  # oldest first, under the lock
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        """Lookups that found their entry, since the cache was made."""
        self.misses = 0
        """Lookups that did not (each is followed by a line solve)."""
        self._mine = threading.local()  # this thread's hits and misses (see counts)

    def __len__(self) -> int:
        return len(self._values)

    @property
    def bytes(self) -> int:
        """The estimated size of the entries held now (never more than :attr:`max_bytes`)."""
        return self._bytes

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
            self._sizes.clear()
            self._bytes = 0

    def counts(self) -> tuple[int, int]:
        """``(hits, misses)`` of the calling thread so far: subtract two of them to count the
        lookups in between, unskewed by solves that run in other threads at the same time
        (:attr:`hits` and :attr:`misses` are the totals of every thread)."""
        return getattr(self._mine, "hits", 0), getattr(self._mine, "misses", 0)

    def get(self, key: Hashable) -> Any:
        """The value stored for ``key``, or :data:`MISSING` (counted as a hit or a miss)."""
        value = self._values.get(key, MISSING)
        mine = self._mine
        if value is MISSING:
            self.misses += 1
            mine.misses = getattr(mine, "misses", 0) + 1
        else:
            self.hits += 1
            mine.hits = getattr(mine, "hits", 0) + 1
        return value

    def put(self, key: Hashable, value: Any) -> None:
        """Store ``value`` for ``key``, dropping the oldest entries to stay within budget."""
        size = _size(key) + _size(value) + ENTRY_OVERHEAD
        if size > self.max_bytes:
            return  # larger than the whole budget: not kept
        with self._lock:
            if key in self._sizes:
                return  # another thread stored it meanwhile
            while self._sizes and self._bytes + size > self.max_bytes:
                old, dropped = self._sizes.popitem(last=False)
                del self._values[old]
                self._bytes -= dropped
            self._sizes[key] = size
            self._values[key] = value
            self._bytes += size

    def get_or_compute(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The value stored for ``key``, or ``compute()`` (then stored)."""
        value = self.get(key)
        if value is MISSING:
            value = compute()
            self.put(key, value)
        return value


REFERENCE_BUDGET = 32 * 2**20
"""Bytes the list engine's cache may hold: 32 MiB (about 3 kB an entry for a line of 80
cells, so about 10,000 such lines; far more short ones)."""

BITS_BUDGET = 128 * 2**20
"""Bytes the bit-mask engine's memo of one solve may hold: 128 MiB (about 400 bytes an entry
for a line of 80 cells, so about 330,000 line results)."""

REFERENCE_CACHE = LineCache(REFERENCE_BUDGET, "reference line cache")


def memo_entry_bytes(length: int) -> int:
    """An estimate of the bytes one :class:`LineMemo` entry of a line of ``length`` cells
    costs: the key and the value (two tuples of two masks) and the dictionary's slot."""
    mask = sys.getsizeof((1 << length) - 1)
    return 2 * (sys.getsizeof((0, 0)) + 2 * mask) + ENTRY_OVERHEAD


class LineMemo:
    """The line results of one solve of the bit-mask engine, one dictionary per kind of line.

    ``rows[r]`` maps a row's ``(black, white)`` masks to its result (``(black, white)`` after
    line solving, or ``None`` on contradiction), ``cols[c]`` a column's. Lines with the same
    clue and length share their dictionary (a result depends on nothing else), so a key needs
    no clue. ``hits`` and ``misses`` count the lookups that found an entry and those that did
    not (each followed by a line solve); :meth:`counts` returns both.

    The memo is bounded by ``max_bytes`` (an estimate, :func:`memo_entry_bytes` per entry):
    when an entry would pass it, every entry is dropped and the memo starts again (cheaper
    than keeping an order of use; one solve rarely fills the default budget). It belongs to
    one solve and one thread: a grid's copies share it, nothing else does.
    """

    __slots__ = (
        "cols", "entries", "entry_bytes", "hits", "max_bytes", "misses", "rows", "tables",
    )  # fmt: skip

    def __init__(
        self, rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]],
        max_bytes: int = BITS_BUDGET,
    ) -> None:  # fmt: skip
        if max_bytes < 1:
            raise ValueError(f"a cache budget must be a positive number of bytes, got {max_bytes}")
        height, width = len(rows), len(cols)
        self.tables: dict[tuple[tuple[int, ...], int], dict[tuple[int, int], Any]] = {}
        """One dictionary per clue and length."""
        self.rows = [self.tables.setdefault((tuple(clue), width), {}) for clue in rows]
        self.cols = [self.tables.setdefault((tuple(clue), height), {}) for clue in cols]
        self.max_bytes = max_bytes
        self.entry_bytes = memo_entry_bytes(max(height, width, 1))
        self.entries = 0
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return self.entries

    @property
    def bytes(self) -> int:
        """The estimated size of the entries held now (never more than :attr:`max_bytes`)."""
        return self.entries * self.entry_bytes

    def counts(self) -> tuple[int, int]:
        """``(hits, misses)`` so far: subtract two of them to count the lookups in between."""
        return self.hits, self.misses

    def make_room(self) -> None:
        """Count the entry about to be stored, dropping every entry first when it would pass
        the budget."""
        if (self.entries + 1) * self.entry_bytes > self.max_bytes:
            for table in self.tables.values():
                table.clear()
            self.entries = 0
        self.entries += 1
