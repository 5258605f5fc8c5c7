"""A reader's first script has no ``if __name__ == "__main__":`` guard, and `solve` must work there.

The script below is run as a reader runs one, ``python script.py`` in a folder of its own. It
solves a hard grid (a random 25 x 25 that line logic leaves mostly open, so the portfolio races
a second opinion) with the default ``solve``, and once more with settings that start the race
at once on any machine. Anything that starts a ``spawn`` process would import the script
again as ``__main__`` and run its top level a second time (and the child would die in its
bootstrapping phase); the test reads the script's output to see that the top level ran once,
that both solves answered, and that the second one really raced. It runs on Linux, macOS and
Windows (.github/workflows/portability.yml).
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


def test_a_script_without_a_main_guard_runs_its_top_level_once_and_finishes(tmp_path):
    script = tmp_path / "my_first_script.py"
    script.write_text(SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=55,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines.count("top level ran") == 1, done.stdout + done.stderr
    assert "bootstrapping" not in done.stderr
    assert any(line.startswith("default: solved portfolio: ") for line in lines), done.stdout
    assert "raced: solved 1" in lines, done.stdout
