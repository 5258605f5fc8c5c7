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
    >>> with pysat_sigint():
    ...     raise RuntimeError("Caught keyboard interrupt")
    Traceback (most recent call last):
    ...
    KeyboardInterrupt
    """
    try:
        yield
    except Exception as error:
        if not caught_by_pysat(error):
            raise
        restore_sigint()
        raise KeyboardInterrupt from None


__all__ = ["caught_by_pysat", "pysat_sigint", "restore_sigint"]
