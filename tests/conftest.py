"""Settings shared by the whole test suite."""

import subprocess

import pytest
from hypothesis import settings

# `make mutation` runs the tests with this profile: the same examples on every run (so the score
# does not drift), no example database carried from one mutant to the next, and no deadline,
# because a mutant's code runs behind mutmut's trampolines and may be slower.
settings.register_profile("mutation", derandomize=True, database=None, deadline=None)


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
