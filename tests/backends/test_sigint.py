"""Ctrl-C around PySAT's encoders (helper.sigint): PySAT's own report of a caught Ctrl-C becomes
KeyboardInterrupt with Python's handler put back, other errors pass through, and presses at
random moments of many small encoder calls each raise KeyboardInterrupt and none is lost."""

import signal
import subprocess
import sys
import textwrap

import pytest

from helper.sigint import caught_by_pysat, pysat_sigint, restore_sigint

POSIX = hasattr(signal, "pthread_kill")


def test_pysats_report_of_a_caught_ctrl_c_becomes_keyboard_interrupt_with_pythons_handler():
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # Python's own
    try:
        with pytest.raises(KeyboardInterrupt), pysat_sigint():
            raise RuntimeError("Caught keyboard interrupt")  # what PySAT raises
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        restore_sigint()  # installs again what Python last installed
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)


def test_other_errors_pass_through_and_only_pysats_message_is_recognised():
    with pytest.raises(ValueError, match=r"^Wrong bound: -1$"), pysat_sigint():
        raise ValueError("Wrong bound: -1")
    assert caught_by_pysat(RuntimeError("Caught keyboard interrupt"))
    assert not caught_by_pysat(RuntimeError("out of memory"))


PRESSES = textwrap.dedent(
    """
    import random, signal, sys, threading
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from helper.sigint import pysat_sigint

    rng = random.Random(int(sys.argv[1]))
    main = threading.main_thread().ident
    caught = 0
    for press in range(60):
        press = threading.Timer(rng.uniform(0.0, 0.01), signal.pthread_kill, (main, signal.SIGINT))
        try:  # the press may land as soon as the timer starts
            press.start()
            pool = IDPool()
            while True:  # many small encoder calls, as a CNF of many lines makes
                with pysat_sigint():
                    CardEnc.equals(list(range(1, 40)), 1, vpool=pool, encoding=EncType.ladder)
        except KeyboardInterrupt:
            caught += 1
    print(caught, signal.pthread_sigmask(signal.SIG_BLOCK, set()) == set())
    """
)


@pytest.mark.skipif(not POSIX, reason="no signal to one thread here")
@pytest.mark.parametrize("seed", [0, 1])
def test_presses_during_many_small_encoder_calls_always_raise_and_leave_sigint_open(seed):
    """Sixty presses at random moments of a loop of small encoder calls: each one raises
    KeyboardInterrupt, none is lost or stuck, and SIGINT is not left blocked."""
    done = subprocess.run(
        [sys.executable, "-c", PRESSES, str(seed)],
        capture_output=True,
        text=True,
        timeout=40,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["60", "True"]
