"""A reader's first script has no ``if __name__ == "__main__":`` guard, and `solve` must work there.

The script below is run as a reader runs one, ``python script.py`` in a folder of its own. It
solves a hard grid (a random 25 x 25 that line logic leaves mostly open, so the portfolio races
a second opinion) with the default ``solve``, and once more with settings that start the race
at once on any machine. Anything that starts a ``spawn`` process would import the script
again as ``__main__`` and run its top level a second time (and the child would die in its
bootstrapping phase); the test reads the script's output to see that the top level ran once,
that both solves answered, and that the second one really raced. It runs on Linux, macOS and
Windows (.github/workflows/portability.yml).

A second script asks for the explicit process race (``PROCESS_RACE``: CaDiCaL 1.0.3 in a child
process). Its child is started with ``subprocess`` and never imports the script; the test sees
that the top level ran once and that the child really answered: in the second solve the
primary in the script's process never answers, so only the child can.
"""

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    from dataclasses import replace

    from helper.bench.families import FAMILIES
    from helper.nonogram import SOLVERS, solve

    print("top level ran", flush=True)
    puzzle = FAMILIES["random"].puzzle("held-out", 40)  # line logic leaves most cells open
    plain = solve(puzzle, time_limit=40)
    print("default:", plain.status, plain.method, flush=True)
    config = replace(SOLVERS["portfolio"].config, race=True, hard_second_after=0.0)
    raced = SOLVERS["portfolio"](puzzle, time_limit=40, config=config)
    print("raced:", raced.status, raced.stats.get("second_opinions", 0), flush=True)
    """
)

PROCESS_SCRIPT = textwrap.dedent(
    """
    import threading
    from dataclasses import replace

    from helper.backends import pysat
    from helper.bench.families import FAMILIES
    from helper.nonogram import SOLVERS, Nonogram
    from helper.nonogram.solvers.portfolio import PROCESS_RACE

    print("top level ran", flush=True)
    config = replace(PROCESS_RACE, race=True, second_after=0.0, hard_second_after=0.0)
    puzzle = FAMILIES["random"].puzzle("held-out", 40)  # line logic leaves most cells open
    raced = SOLVERS["portfolio"](puzzle, time_limit=20, config=config)
    print("raced:", raced.status, raced.stats.get("second_opinions", 0), flush=True)


    class NeverAnswers(pysat.Solver):  # this process's primary: it waits to be interrupted
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.stopped = threading.Event()

        def interrupt(self):
            self.stopped.set()

        def clear_interrupt(self):
            self.stopped.clear()

        def solve_limited(self, *args, **kwargs):
            self.stopped.wait()


    pysat.Solver = NeverAnswers  # so only the child can answer
    zigzag = Nonogram.from_grid([[1, 1, 0], [0, 1, 0], [0, 1, 1]])
    child = SOLVERS["portfolio"](zigzag, time_limit=10, config=config)
    print("child:", child.status, child.method, flush=True)
    """
)


def _run(script_text: str, folder) -> subprocess.CompletedProcess[str]:
    """Run a script as a reader does, ``python script.py`` in a folder of its own."""
    script = folder / "my_first_script.py"
    script.write_text(script_text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(script)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=55,
    )


def test_a_script_without_a_main_guard_runs_its_top_level_once_and_finishes(tmp_path):
    done = _run(SCRIPT, tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines.count("top level ran") == 1, done.stdout + done.stderr
    assert "bootstrapping" not in done.stderr
    assert any(line.startswith("default: solved portfolio: ") for line in lines), done.stdout
    assert "raced: solved 1" in lines, done.stdout


def test_the_process_race_in_a_script_without_a_main_guard_runs_its_child(tmp_path):
    done = _run(PROCESS_SCRIPT, tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines.count("top level ran") == 1, done.stdout + done.stderr
    assert "bootstrapping" not in done.stderr and "Warning" not in done.stderr, done.stderr
    assert "raced: solved 1" in lines, done.stdout
    assert "child: solved portfolio: SAT (CaDiCaL 1.0.3)" in lines, done.stdout + done.stderr
