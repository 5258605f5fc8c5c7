"""PySAT's encoders behind :func:`helper.sigint.pysat_call`: made off the main thread, where
PySAT installs no SIGINT handler of its own (it jumps with ``longjmp`` and can leave a process
stuck), and Ctrl-C is answered by Python's handler once the short call has ended."""

import signal
import subprocess
import sys
import textwrap
import threading

import pytest
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from stubs import ctrl_c_when

from helper.sigint import caught_by_pysat, pysat_call, restore_sigint

POSIX = hasattr(signal, "pthread_kill")


def test_the_answer_is_the_encoders_own_and_the_pool_is_updated():
    pool, direct = IDPool(start_from=10), IDPool(start_from=10)
    ours = pysat_call(CardEnc.equals, [1, 2, 3, 4], 1, vpool=pool, encoding=EncType.ladder)
    theirs = CardEnc.equals([1, 2, 3, 4], 1, vpool=direct, encoding=EncType.ladder)
    assert ours.clauses == theirs.clauses and pool.top == direct.top > 9


def test_from_the_main_thread_the_call_runs_in_the_helper_thread_elsewhere_right_there():
    where = []

    def record(*args, **kwargs):
        where.append(threading.current_thread().name)
        return len(args) + len(kwargs)

    assert pysat_call(record, 1, 2, key=3) == 3
    thread = threading.Thread(target=pysat_call, args=(record,), name="a reader's thread")
    thread.start()
    thread.join()
    assert where[0].startswith("helper-pysat") and where[1] == "a reader's thread"


def test_the_calls_errors_come_back_as_they_are():
    with pytest.raises(ValueError, match=r"^Wrong bound: -1$"):
        pysat_call(CardEnc.atmost, [1, 2], bound=-1)


@pytest.mark.skipif(not POSIX, reason="no signal to one thread here")
def test_ctrl_c_during_the_call_waits_for_it_then_raises():
    started, finished = threading.Event(), []

    def encoder():
        started.set()
        threading.Event().wait(0.2)  # the press comes meanwhile
        finished.append(True)

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # Python's own
    try:
        press = ctrl_c_when(started)
        with pytest.raises(KeyboardInterrupt):
            pysat_call(encoder)
        press.join()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert finished == [True]  # the call ended before KeyboardInterrupt left
    assert pysat_call(len, [1, 2]) == 2  # and the helper thread serves the next call


def test_pysats_report_of_a_caught_ctrl_c_is_recognised_and_the_handler_put_back():
    assert caught_by_pysat(RuntimeError("Caught keyboard interrupt"))
    assert not caught_by_pysat(RuntimeError("out of memory"))
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        restore_sigint()  # installs again what Python last installed
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)


PRESSES = textwrap.dedent(
    """
    import random, signal, sys, threading
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from helper.sigint import pysat_call

    rng = random.Random(int(sys.argv[1]))
    main = threading.main_thread().ident
    caught = 0
    for press in range(60):
        press = threading.Timer(rng.uniform(0.0, 0.01), signal.pthread_kill, (main, signal.SIGINT))
        try:  # the press may land as soon as the timer starts
            press.start()
            pool = IDPool()
            while True:  # many small encoder calls, as a CNF of many lines makes
                pysat_call(CardEnc.equals, list(range(1, 40)), 1, vpool=pool,
                           encoding=EncType.ladder)
        except KeyboardInterrupt:
            caught += 1
    print(caught, signal.pthread_sigmask(signal.SIG_BLOCK, set()) == set())
    """
)


@pytest.mark.skipif(not POSIX, reason="no signal to one thread here")
@pytest.mark.parametrize("seed", [0, 1])
def test_presses_during_many_small_encoder_calls_always_raise_and_leave_sigint_open(seed):
    """Sixty presses at random moments of a loop of small encoder calls: each one raises
    KeyboardInterrupt, none is lost or stuck, and SIGINT is not left blocked (PySAT's handler
    jumps out of itself and leaves it blocked)."""
    done = subprocess.run(
        [sys.executable, "-c", PRESSES, str(seed)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["60", "True"]
