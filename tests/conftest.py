"""Settings shared by the whole test suite."""

import signal
import subprocess

import pytest
from hypothesis import settings

# `make mutation` runs the tests with this profile: the same examples on every run (so the score
# does not drift), no example database carried from one mutant to the next, and no deadline,
# because a mutant's code runs behind mutmut's trampolines and may be slower.
settings.register_profile("mutation", derandomize=True, database=None, deadline=None)

# A shell without job control starts a background command with SIGINT ignored, and every
# process it starts inherits that (an ignored signal stays ignored through exec): the Ctrl-C
# tests would press it at children that cannot hear it (seen: `.ci/run` started with nohup
# and &). A reader's terminal never does this; a handled signal is reset to the default at
# exec, so from here on the children get Python's own handler.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture
def race_children(monkeypatch: pytest.MonkeyPatch) -> list[subprocess.Popen[bytes]]:
    """Every child process that :func:`helper.backends.race.race` starts during the test, so
    that the test can see each of them has ended (``poll()`` is not ``None``)."""
    from helper.backends import race  # here: the browser and notebook tests never need it

    started: list[subprocess.Popen[bytes]] = []
    start = race._start_child

    def recorded() -> subprocess.Popen[bytes]:
        started.append(start())
        return started[-1]

    monkeypatch.setattr(race, "_start_child", recorded)
    return started
