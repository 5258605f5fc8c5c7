"""The one place that stops a search: at its deadline, or when the user presses Ctrl-C.

A solver library's search runs in C++ and holds no Python frame while it runs, so neither a
Python timer's callback in that thread nor Python's own Ctrl-C (``KeyboardInterrupt``) can
stop it: Python runs a signal handler only between two of its own instructions. What can stop
it is another thread calling the library's own stop (PySAT's ``interrupt()``, CP-SAT's
``stop_search()``), which both take while they search, since they let other threads run.

:func:`watching` registers one search with that other thread, the *watchdog*: one thread per
process, started on first use, asleep until it has something to do. It calls the search's
stop

- when the search's :class:`~helper.deadline.Deadline` passes (one thread for every timed
  search, instead of a timer thread per call), and
- when the process receives SIGINT (Ctrl-C in a terminal, "interrupt the kernel" in
  Jupyter). From the first search in the main thread on, Python's own signal handler writes
  each signal's number to the watchdog's socket too (``signal.set_wakeup_fd``; whoever had
  that before still hears every signal), which wakes it; it stops every search it watches.
  The search returns, and Python's handler raises ``KeyboardInterrupt`` as usual, in the
  main thread, and the solver is left in a state it can be used in again (only the search was
  stopped). The signals that came before a search began are let go by that search: Python
  answers those itself (a Ctrl-C still stops the searches that were under way then).

The stop is repeated every :data:`REPEAT` seconds until the search has returned, since a
library may clear a stop that arrives just before its search starts (RC2 does). The wake-up
fd is set, never undone, so that no Ctrl-C, at whatever instruction it comes, can leave it
half changed. Nothing here needs ``fork``; a search in another thread than the main one is
stopped at its deadline, and on Ctrl-C once the main thread has run a search.
"""

import contextlib
import os
import select
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from helper.deadline import Deadline
from helper.sigint import restore_sigint

REPEAT = 0.05
"""Seconds between two calls of a stop, until the stopped search has returned."""

WAKE = 0
"""The byte that wakes the watchdog to look at its searches again (signal numbers start at 1)."""

NAP = 60.0
"""The longest the watchdog sleeps without looking at its searches again."""

Reason = Literal["deadline", "interrupt"]


@dataclass(eq=False)
class Watch:
    """One search the watchdog watches: how to stop it, until when it may run, and why it
    was stopped (``None`` while it was not)."""

    stop: Callable[[], None]
    end: float | None = None  # time.perf_counter() after which it is stopped
    reason: Reason | None = field(default=None)

    @property
    def interrupted(self) -> bool:
        """True when Ctrl-C stopped the search."""
        return self.reason == "interrupt"

    @property
    def timed_out(self) -> bool:
        """True when the deadline stopped the search."""
        return self.reason == "deadline"


_watchdog_sockets: set[tuple[int, int] | None] = set()
"""The files (device, inode) of every watchdog's socket made in this process: one watchdog
never passes signals on to another, or a Ctrl-C could go round between them for ever (seen:
a search stopped long after the press, when a second watchdog forwarded it back)."""


class _Watchdog:
    """The thread that stops searches, and the socket that wakes it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._reader, self._writer = socket.socketpair()
        self._reader.setblocking(False)
        self._writer.setblocking(False)
        self._watches: list[Watch] = []
        self._forward = -1  # the wake-up fd the main thread had before ours (asyncio's, say)
        self._forward_file: tuple[int, int] | None = None  # its (device, inode) then
        _watchdog_sockets.add(_identity(self._writer.fileno()))
        self._thread = threading.Thread(target=self._run, name="helper-watchdog", daemon=True)
        self._thread.start()

    @property
    def fileno(self) -> int:
        """The socket Python writes a signal's number to (``signal.set_wakeup_fd``)."""
        return self._writer.fileno()

    def add(self, watch: Watch) -> None:
        with self._lock:
            self._watches.append(watch)
        if watch.end is not None:
            self._wake()

    def remove(self, watch: Watch) -> None:
        with self._lock:  # after this, the watch's stop is never called again
            if watch in self._watches:
                self._watches.remove(watch)

    def listen(self) -> None:
        """In the main thread, before a search: have Python write its signals here from now on
        (the first time, or again when other code took the wake-up fd since), and read the
        signals that came before this search, so that it never hears them (Python answers those
        itself); a Ctrl-C among them stops the searches already watched (other threads'), as it
        would had the watchdog read it first.

        The wake-up fd stays ours after the search: there is no bookkeeping to undo, so a
        Ctrl-C at any instruction of this cannot leave it wrong. Whoever had it before hears
        every signal too (``_forward``). ``ValueError`` outside the main thread.
        """
        restore_sigint()  # PySAT's C code may have left its own handler (helper.sigint)
        previous = signal.set_wakeup_fd(self.fileno, warn_on_full_buffer=False)
        if previous not in (-1, self.fileno):
            identity = _identity(previous)
            if identity not in _watchdog_sockets:  # never another watchdog's (after a fork,
                self._forward, self._forward_file = previous, identity  # in tests): a loop
        self._read()

    def _wake(self) -> None:
        with contextlib.suppress(OSError):  # a full buffer already wakes it
            self._writer.send(bytes([WAKE]))

    def _timeout(self) -> float:
        with self._lock:
            if any(watch.reason is not None for watch in self._watches):
                return REPEAT
            ends = [watch.end for watch in self._watches if watch.end is not None]
        left = min(ends) - time.perf_counter() if ends else NAP
        return min(max(left, 0.0), NAP)

    def _run(self) -> None:
        while True:
            try:
                ready, _, _ = select.select([self._reader], [], [], self._timeout())
                if ready:
                    self._read()
                self._stop_due()
            except Exception:  # the one thread every deadline depends on must not die
                time.sleep(REPEAT)

    def _read(self) -> None:
        """Read what came on the socket: a Ctrl-C stops every watched search."""
        with self._lock:  # read and marked at once: a press drained by listen() before a
            try:  # search was added can never be read by the watchdog after it
                data = self._reader.recv(4096)
            except (BlockingIOError, InterruptedError):
                return
            signals = bytes(byte for byte in data if byte != WAKE)
            if not signals:
                return
            if signal.SIGINT in signals:
                for watch in self._watches:
                    watch.reason = "interrupt"
        forward = self._forward
        if forward != -1:  # whoever listened before us hears the signal too
            if _identity(forward) != self._forward_file:  # closed, its number given to another
                self._forward, self._forward_file = -1, None  # file: never write there
                return
            with contextlib.suppress(OSError):
                os.write(forward, signals)

    def _stop_due(self) -> None:
        now = time.perf_counter()
        with self._lock:
            for watch in self._watches:
                if watch.reason is None and watch.end is not None and now >= watch.end:
                    watch.reason = "deadline"
                if watch.reason is not None:
                    with contextlib.suppress(Exception):  # a stop that fails stops nothing
                        watch.stop()


def _identity(fd: int) -> tuple[int, int] | None:
    """The file behind ``fd`` (device, inode), or ``None`` when ``fd`` is not open."""
    try:
        status = os.fstat(fd)
    except OSError:
        return None
    return status.st_dev, status.st_ino


_dog: _Watchdog | None = None
_dog_lock = threading.Lock()


def _watchdog() -> _Watchdog:
    global _dog
    with _dog_lock:
        if _dog is None:
            _dog = _Watchdog()
        return _dog


def _forget_after_fork() -> None:
    """A forked child has the socket but not the thread: it makes its own watchdog, and
    stops writing its signals to the parent's."""
    global _dog
    dog, _dog = _dog, None
    if dog is not None:
        with contextlib.suppress(ValueError, OSError):  # the fork came from another thread
            previous = signal.set_wakeup_fd(-1)
            if previous != dog.fileno:  # not ours: put it back
                signal.set_wakeup_fd(previous)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)


@contextlib.contextmanager
def watching(stop: Callable[[], None], deadline: Deadline | None = None) -> Iterator[Watch]:
    """Stop a search by calling ``stop`` when ``deadline`` passes or Ctrl-C is pressed.

    Parameters
    ----------
    stop
        Stops the search from another thread, quickly and without blocking (PySAT's
        ``interrupt``, CP-SAT's ``stop_search``); it may be called more than once.
    deadline
        When the search must end (``None``: it need not).

    Yields
    ------
    Watch
        Says, once the block is done, whether and why the search was stopped.

    Examples
    --------
    >>> import threading
    >>> from helper.deadline import Deadline
    >>> stopped = threading.Event()
    >>> with watching(stopped.set, Deadline(0.05)) as watch:
    ...     stopped.wait(5)  # the search: it runs until it is stopped
    True
    >>> watch.reason
    'deadline'
    """
    dog = _watchdog()
    end = None
    if deadline is not None and deadline.seconds is not None:
        end = time.perf_counter() + (deadline.left() or 0.0)
    watch = Watch(stop, end)
    try:
        if threading.current_thread() is threading.main_thread():
            with contextlib.suppress(ValueError):  # not the main interpreter
                dog.listen()
        dog.add(watch)
        yield watch
    finally:
        dog.remove(watch)


def join_through_ctrl_c(thread: threading.Thread) -> bool:
    """Wait until ``thread`` has ended, through any Ctrl-C that comes meanwhile; whether one
    came. A thread that searches with a solver must end before the solver is freed: a second
    Ctrl-C that broke off the wait would let the caller free it under the search (seen: a
    crash of the interpreter)."""
    interrupted = False
    while thread.ident is not None and thread.is_alive():
        try:
            thread.join()
        except KeyboardInterrupt:
            interrupted = True
    return interrupted


def raise_if_interrupted(watch: Watch) -> None:
    """Raise ``KeyboardInterrupt`` when Ctrl-C stopped the watched search (Python's own
    handler has raised it already, unless a program replaced that handler)."""
    if watch.interrupted:
        raise KeyboardInterrupt


__all__ = ["REPEAT", "Watch", "join_through_ctrl_c", "raise_if_interrupted", "watching"]
