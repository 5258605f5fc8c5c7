"""`make mutation`: do the tests of the checks and parsers catch a wrong line of code?

For each module in ``modules.toml`` (beside this file), mutmut copies the code into a folder of
its own under ``.mutation/``, makes mutants (one small change each: ``<`` for ``<=``, another
constant, a dropped argument...) and runs every mutant against the module's own test files
only. A mutant is killed when a test fails, crashes or times out. A mutant that changes no
behaviour cannot be killed; it is listed with the reason in ``equivalent.toml`` (beside this
file). The run fails when a mutant survives without being listed, or when a listed equivalent
no longer matches a surviving mutant (the code or the tests changed: update the list).

The last line printed is ``mutation score: P% (killed K of N) on <modules>``, where N leaves
out the listed equivalents.

    python tests/mutation/run.py [MODULE ...]    # default: every module in modules.toml
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
WORK = REPO / ".mutation"
MODULES_FILE = HERE / "modules.toml"
EQUIVALENTS_FILE = HERE / "equivalent.toml"
COPIED = ("helper", "tests", "data")  # what the tests need, copied into each module's folder
# A test failed, or the mutant crashed or hung. "check was interrupted by user" is pytest's exit
# code 2, a KeyboardInterrupt that ended the session: in a mutant of the code that turns Ctrl-C
# into KeyboardInterrupt (helper/backends), one raised where no Ctrl-C was pressed. (A real
# Ctrl-C stops this script too, and leaves mutants "not checked".)
KILLED = {"killed", "timeout", "segfault", "check was interrupted by user"}
SURVIVED = {"survived", "no tests"}  # "no tests": none of the module's tests runs that code
PYTEST_ARGS = ["-p", "no:cacheprovider", "--hypothesis-profile=mutation"]

# What identifies a mutant across runs: its module, its function and the lines of its diff
# (mutmut's numbering shifts whenever a function changes).
Key = tuple[str, str, tuple[str, ...]]


@dataclass
class Mutant:
    name: str  # mutmut's name, e.g. helper.ortools.x_get_all_solutions__mutmut_6
    status: str
    module: str
    folder: Path  # where mutmut ran, for `mutmut show`

    @property
    def function(self) -> str:
        """``get_all_solutions``, or ``_Collector.on_solution_callback`` for a method."""
        mangled = self.name.rsplit(".", 1)[1].rsplit("__mutmut_", 1)[0]
        if mangled.startswith("xǁ"):
            return ".".join(mangled.split("ǁ")[1:])
        return mangled.removeprefix("x_")

    @cached_property
    def diff(self) -> list[str]:
        """The "-" and "+" lines of ``mutmut show``."""
        shown = mutmut(self.folder, "show", self.name).splitlines()
        return [line for line in shown if line[:1] in "-+" and not line.startswith(("---", "+++"))]

    def key(self) -> Key:
        return (self.module, self.function, normalized(self.diff))

    def as_entry(self) -> str:
        """This mutant written as an ``equivalent.toml`` entry, to paste once it is judged."""
        quote = "'''" if "\\" in "".join(self.diff) else '"""'  # TOML keeps \ in '''...'''
        return (
            f"[[equivalent]]  # {self.name}: {self.status}\n"
            f'module = "{self.module}"\nfunction = "{self.function}"\n'
            f"diff = {quote}\n" + "\n".join(self.diff) + f'\n{quote}\nwhy = ""\n'
        )


def normalized(lines: list[str]) -> tuple[str, ...]:
    """Diff lines without indentation or blank lines, so re-indented code still matches."""
    return tuple(f"{line[0]} {line[1:].strip()}" for line in lines if line.strip())


def load_modules() -> dict[str, list[str]]:
    modules = tomllib.loads(MODULES_FILE.read_text(encoding="utf-8"))["modules"]
    for module, tests in modules.items():
        for path in [module, *tests]:
            if not (REPO / path).is_file():
                raise SystemExit(f"{MODULES_FILE.name}: {path} (for {module}) does not exist")
    return modules


def load_equivalents() -> list[dict[str, str]]:
    entries = tomllib.loads(EQUIVALENTS_FILE.read_text(encoding="utf-8")).get("equivalent", [])
    for number, entry in enumerate(entries, start=1):
        missing = sorted({"module", "function", "diff", "why"} - set(entry))
        if missing or not entry["why"].strip():
            raise SystemExit(f"{EQUIVALENTS_FILE.name}: entry {number} needs {missing or 'why'}")
    return entries


def entry_key(entry: dict[str, str]) -> Key:
    return (entry["module"], entry["function"], normalized(entry["diff"].strip().splitlines()))


def mutmut(folder: Path, *args: str, log: Path | None = None) -> str:
    """Run a mutmut command in ``folder``; its output, or the run stops with the output's tail."""
    result = subprocess.run(
        [sys.executable, "-m", "mutmut", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        encoding="utf-8",  # mutant names of methods hold "ǁ"
        check=False,
    )
    if log is not None:
        log.write_text(result.stdout + result.stderr, encoding="utf-8")
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).splitlines()[-40:])
        raise SystemExit(f"mutmut {' '.join(args)} failed in {folder}:\n{tail}")
    return result.stdout


def prepare(module: str, tests: list[str]) -> Path:
    """A fresh folder with a copy of the code, its tests and data, and mutmut's settings."""
    folder = WORK / module.removesuffix(".py").replace("/", "-")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for name in COPIED:
        shutil.copytree(
            REPO / name, folder / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
    settings = [
        "",
        "[tool.mutmut]",
        'source_paths = ["helper/"]',
        f"only_mutate = [{module!r}]",
        f"pytest_add_cli_args_test_selection = {tests!r}",
        f"pytest_add_cli_args = {PYTEST_ARGS!r}",
        'also_copy = ["data/"]',
        "use_git_change_detection = false",
        "",
    ]
    # The project's pyproject (pytest's settings: markers, timeout) plus mutmut's table.
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    (folder / "pyproject.toml").write_text(pyproject + "\n".join(settings), encoding="utf-8")
    return folder


def run_module(module: str, tests: list[str]) -> list[Mutant]:
    folder = prepare(module, tests)
    mutmut(folder, "run", log=folder / "mutmut-run.log")
    prefix = module.removesuffix(".py").replace("/", ".") + "."
    mutants = []
    for line in mutmut(folder, "results", "--all", "true").splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name.startswith(prefix):
            mutants.append(Mutant(name, status, module, folder))
    if not mutants:
        raise SystemExit(f"mutmut made no mutants of {module}: see {folder / 'mutmut-run.log'}")
    return mutants


def stale_reason(key: Key, killed: list[Mutant]) -> str:
    """Why a listed equivalent matches no survivor: its mutant is killed now, or is gone."""
    module, function, _ = key
    candidates = [m for m in killed if (m.module, m.function) == (module, function)]
    return "now killed by a test" if any(m.key() == key for m in candidates) else "no such mutant"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("module", nargs="*", help="only these modules (paths as in modules.toml)")
    args = parser.parse_args()
    modules = load_modules()
    unknown = [m for m in args.module if m not in modules]
    if unknown:
        parser.error(f"not in {MODULES_FILE.name}: {', '.join(unknown)}")
    chosen = {m: modules[m] for m in args.module} if args.module else modules
    equivalents = [e for e in load_equivalents() if e["module"] in chosen or not args.module]

    start = time.perf_counter()
    (WORK / "survivors.toml").unlink(missing_ok=True)  # from an earlier run
    mutants: list[Mutant] = []
    for module, tests in chosen.items():
        module_start = time.perf_counter()
        found = run_module(module, tests)
        mutants += found
        print(
            f"{module}: {len(found)} mutants, {sum(m.status in KILLED for m in found)} killed "
            f"by {' '.join(tests)} ({time.perf_counter() - module_start:.0f} s)",
            flush=True,
        )

    killed = [m for m in mutants if m.status in KILLED]
    survivors = [m for m in mutants if m.status in SURVIVED]
    unjudged = [m for m in mutants if m.status not in KILLED | SURVIVED]
    listed = Counter(entry_key(e) for e in equivalents)
    equivalent = listed & Counter(m.key() for m in survivors)
    stale = listed - equivalent
    unexplained = []
    allowance = equivalent.copy()
    for mutant in survivors:
        if allowance[mutant.key()] > 0:
            allowance[mutant.key()] -= 1
        else:
            unexplained.append(mutant)

    for mutant in unjudged:
        print(f"\nmutmut could not judge {mutant.name}: {mutant.status}")
    for key in stale.elements():
        module, function, diff = key
        print(
            f"\nSTALE entry in {EQUIVALENTS_FILE.relative_to(REPO)} "
            f"({stale_reason(key, killed)}; remove or update it):\n  {module}, {function}:\n  "
            + "\n  ".join(diff)
        )
    if unexplained:
        entries = "\n".join(m.as_entry() for m in unexplained)
        (WORK / "survivors.toml").write_text(entries, encoding="utf-8")
        print(
            f"\n{len(unexplained)} mutants survived. Kill each with a test in the module's own "
            f"test file, or, if no correct test can tell it from the original, add it with the "
            f"reason to {EQUIVALENTS_FILE.relative_to(REPO)} (they are also in "
            f".mutation/survivors.toml):\n\n{entries}"
        )

    n_equivalent = equivalent.total()
    counted = len(mutants) - n_equivalent
    print(
        f"\n{len(mutants)} mutants in {time.perf_counter() - start:.0f} s: {len(killed)} killed, "
        f"{n_equivalent} listed as equivalent (not counted), {len(unexplained)} survived, "
        f"{len(unjudged)} not judged"
    )
    score = 100 * len(killed) / counted if counted else 100.0
    print(
        f"mutation score: {score:.1f}% (killed {len(killed)} of {counted}) on {', '.join(chosen)}"
    )
    return 1 if unjudged or stale or unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
