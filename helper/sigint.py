"""Ctrl-C where PySAT's C code catches it: turned back into ``KeyboardInterrupt``, and
Python's own handler put back.

In the main thread, PySAT's encoders (``CardEnc``) and a solver's plain ``solve()`` and
``propagate()`` install a SIGINT handler of their own for the length of the call. When Ctrl-C
comes then, it jumps out of the C code and the call raises PySAT's own error, "Caught keyboard
interrupt", leaving its handler in place: every later Ctrl-C of the process goes to a jump into
a call that has ended (seen: the next Ctrl-C did nothing). The package's solvers never make
those calls in the main thread (:class:`~helper.backends.pysat.SatSolver`); its encoders do,
and :func:`pysat_sigint` wraps each: the error becomes ``KeyboardInterrupt`` and Python's
handler is installed again. :func:`restore_sigint` does the second half alone; the watchdog
calls it before every search in the main thread (:mod:`helper.backends.watchdog`).
"""

import contextlib
import signal
import threading
from collections.abc import Iterator

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


@contextlib.contextmanager
def pysat_sigint() -> Iterator[None]:
    """Around a call of PySAT's C code: its "Caught keyboard interrupt" becomes
    ``KeyboardInterrupt``, with Python's handler installed again.

    Examples
    --------
    >>> try:
    ...     with pysat_sigint():
    ...         raise RuntimeError("Caught keyboard interrupt")  # what PySAT raises
    ... except KeyboardInterrupt:
    ...     print("KeyboardInterrupt")
    KeyboardInterrupt
    """
    try:
        yield
    except Exception as error:
        if not caught_by_pysat(error):
            raise
        restore_sigint()
        raise KeyboardInterrupt from None


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


__all__ = ["caught_by_pysat", "ctrl_c_deferred", "pysat_sigint", "restore_sigint"]
