"""Ctrl-C where PySAT's C code would catch it: never left to PySAT's own handler.

In the main thread, PySAT's encoders (``CardEnc``) and a solver's plain ``solve()`` and
``propagate()`` install a SIGINT handler of their own for the length of the call, which jumps
out of the C code with ``longjmp`` and raises PySAT's own error, "Caught keyboard interrupt".
That handler is fragile: it stays installed when it has jumped, so a later Ctrl-C jumps into
a call that has ended (seen: the next Ctrl-C did nothing), and it is installed a moment before
the point it jumps to is set. (Once, a process was seen stuck inside an encoder after one
Ctrl-C; the cause was not pinned down.) In any other thread PySAT installs no handler. So
the package makes those calls off the main thread: its solvers
(:class:`~helper.backends.pysat.SatSolver`) search in a thread of their own, and its encoders
go through :func:`pysat_call`, which runs them in one helper thread while the main thread
waits where Python's handler answers Ctrl-C. :func:`restore_sigint` puts Python's
handler back after code that went around this; the watchdog calls it before every search in
the main thread (:mod:`helper.backends.watchdog`).
"""

import concurrent.futures
import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_CAUGHT = "caught keyboard interrupt"
"""The message of PySAT's own error when its handler has caught Ctrl-C."""


def caught_by_pysat(error: BaseException) -> bool:
    """Whether ``error`` is PySAT's report of a Ctrl-C its own handler caught."""
    return _CAUGHT in str(error).lower()


def restore_sigint() -> None:
    """Install Python's handler of SIGINT again (in the main thread; elsewhere nothing).

    ``signal.getsignal`` reports what Python last installed, even when C code has replaced it
    since; installing it again puts it back at the level of the operating system.
    """
    if threading.current_thread() is threading.main_thread():
        with contextlib.suppress(ValueError, OSError):  # not the main interpreter
            signal.signal(signal.SIGINT, signal.getsignal(signal.SIGINT))


_encoder: concurrent.futures.ThreadPoolExecutor | None = None
_encoder_lock = threading.Lock()


def _encoder_thread() -> concurrent.futures.ThreadPoolExecutor:
    global _encoder
    with _encoder_lock:
        if _encoder is None:
            _encoder = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="helper-pysat")
        return _encoder


def pysat_call(call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``call(*args, **kwargs)``, a call of PySAT's C code (such as ``CardEnc.equals``), made
    where PySAT installs no SIGINT handler of its own.

    From the main thread, the call runs in one helper thread while this one waits; a Ctrl-C
    meanwhile waits for the call to end (they are short, and the call may be changing an
    ``IDPool`` the caller holds), then raises ``KeyboardInterrupt``. From any other thread the
    call is made there and then.

    Examples
    --------
    >>> from pysat.card import CardEnc, EncType
    >>> pysat_call(CardEnc.equals, [1, 2, 3], 1, encoding=EncType.pairwise).clauses
    [[1, 2, 3], [-1, -2], [-1, -3], [-2, -3]]
    """
    if threading.current_thread() is not threading.main_thread():
        return call(*args, **kwargs)
    future = _encoder_thread().submit(call, *args, **kwargs)
    interrupted = False
    while not future.done():
        try:
            concurrent.futures.wait([future])
        except KeyboardInterrupt:
            interrupted = True
    if interrupted:
        raise KeyboardInterrupt
    return future.result()


def _forget_after_fork() -> None:
    """In a forked child the helper thread did not come along: a new one is made when asked."""
    global _encoder, _encoder_lock
    _encoder = None
    _encoder_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)


@contextlib.contextmanager
def ctrl_c_deferred() -> Iterator[None]:
    """Within the block, Ctrl-C waits: it is answered at the end of the block, as the handler
    before would have answered it (``KeyboardInterrupt``, by default). For a clean-up that must
    not be cut in two, such as stopping a search and waiting for its thread before its solver
    is freed. In the main thread only; elsewhere the block runs as it is.

    Examples
    --------
    >>> import signal
    >>> done = []
    >>> try:
    ...     with ctrl_c_deferred():
    ...         signal.raise_signal(signal.SIGINT)  # Ctrl-C, in the middle of the clean-up
    ...         done.append("the clean-up went on")
    ... except KeyboardInterrupt:
    ...     done.append("then KeyboardInterrupt")
    >>> done
    ['the clean-up went on', 'then KeyboardInterrupt']
    """
    came: list[int] = []
    try:
        previous = signal.signal(signal.SIGINT, lambda signum, frame: came.append(signum))
    except ValueError:  # not the main thread: nothing to defer here
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if came:
            if callable(previous):
                previous(signal.SIGINT, None)
            elif previous == signal.SIG_DFL:
                signal.raise_signal(signal.SIGINT)


__all__ = ["caught_by_pysat", "ctrl_c_deferred", "pysat_call", "restore_sigint"]
