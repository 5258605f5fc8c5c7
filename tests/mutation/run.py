"""`make mutation`: do the tests of the checks and parsers catch a wrong line of code?

For each module in ``modules.toml`` (beside this file), mutmut copies the code into a folder of
its own under ``.mutation/``, makes mutants (one small change each: ``<`` for ``<=``, a
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
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
WORK = REPO / ".mutation"
MODULES_FILE = HERE / "modules.toml"
EQUIVALENTS_FILE = HERE / "equivalent.toml"
COPIED = ("helper", "tests", "data")  # what the tests need, copied into each module's folder
KILLED = {"killed", "timeout", "segfault"}  # a test failed, or the mutant crashed or hung
SURVIVED = {"survived", "no tests"}  # "no tests": none of the module's tests runs that code
PYTEST_ARGS = ["-p", "no:cacheprovider", "--hypothesis-profile=mutation"]

# A mutant's key: the module, the function it changes and the lines of its diff.
Key = tuple[str, str, tuple[str, ...]]


@dataclass
class Mutant:
    name: str  # mutmut's name, e.g. helper.ortools.x_get_all_solutions__mutmut_6
    status: str
    module: str
    diff: list[str] = field(default_factory=list)  # the "-" and "+" lines of `mutmut show`

    @property
    def function(self) -> str:
        """``get_all_solutions`` or ``_Collector.on_solution_callback``."""
        mangled = self.name.rsplit(".", 1)[1].rsplit("__mutmut_", 1)[0]
        if mangled.startswith("xǁ"):
            return ".".join(mangled.split("ǁ")[1:])
        return mangled.removeprefix("x_")

    def key(self) -> Key:
        return (self.module, self.function, normalized(self.diff))


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
    if not EQUIVALENTS_FILE.exists():
        return []
    entries = tomllib.loads(EQUIVALENTS_FILE.read_text(encoding="utf-8")).get("equivalent", [])
    for index, entry in enumerate(entries):
        missing = {"module", "function", "diff", "why"} - set(entry)
        if missing or not entry["why"].strip():
            raise SystemExit(f"{EQUIVALENTS_FILE.name}: entry {index + 1} needs {sorted(missing)}")
    return entries


def entry_key(entry: dict[str, str]) -> Key:
    return (entry["module"], entry["function"], normalized(entry["diff"].strip().splitlines()))


def mutmut(folder: Path, *args: str, log: Path | None = None) -> str:
    """Run a mutmut command in ``folder``; its output, or the run stops with the log's tail."""
    result = subprocess.run(
        [sys.executable, "-m", "mutmut", *args],
        cwd=folder,
        capture_output=True,
        text=True,
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
    settings = "\n".join(
        [
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
    )
    # The project's pyproject (pytest settings, markers, timeout) plus mutmut's table.
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    (folder / "pyproject.toml").write_text(pyproject + settings, encoding="utf-8")
    return folder


def run_module(module: str, tests: list[str]) -> list[Mutant]:
    folder = prepare(module, tests)
    mutmut(folder, "run", log=folder / "mutmut-run.log")
    prefix = module.removesuffix(".py").replace("/", ".") + "."
    mutants = []
    for line in mutmut(folder, "results", "--all", "true").splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name.startswith(prefix):
            mutants.append(Mutant(name, status, module))
    if not mutants:
        raise SystemExit(f"mutmut made no mutants of {module}: see {folder / 'mutmut-run.log'}")
    for mutant in mutants:
        if mutant.status not in KILLED:
            shown = mutmut(folder, "show", mutant.name).splitlines()
            mutant.diff = [
                line for line in shown if line[:1] in "-+" and not line.startswith(("---", "+++"))
            ]
    return mutants


def as_entry(mutant: Mutant) -> str:
    """A survivor written as an ``equivalent.toml`` entry, to paste once it is judged."""
    diff = "\n".join(mutant.diff)
    return (
        f"[[equivalent]]  # {mutant.name}: {mutant.status}\n"
        f'module = "{mutant.module}"\nfunction = "{mutant.function}"\n'
        f'diff = """\n{diff}\n"""\nwhy = ""\n'
    )


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

    mutants: list[Mutant] = []
    for module, tests in chosen.items():
        start = time.perf_counter()
        found = run_module(module, tests)
        mutants += found
        killed = sum(m.status in KILLED for m in found)
        print(
            f"{module}: {len(found)} mutants, {killed} killed, against {' '.join(tests)} "
            f"({time.perf_counter() - start:.0f} s)",
            flush=True,
        )

    broken = [m for m in mutants if m.status not in KILLED | SURVIVED]
    listed = Counter(entry_key(e) for e in equivalents)
    surviving = Counter(m.key() for m in mutants if m.status in SURVIVED)
    killed_keys = Counter(m.key() for m in mutants if m.status in KILLED)
    stale = listed - surviving
    equivalent = listed & surviving
    remaining = surviving - listed
    unlisted = []
    for mutant in mutants:
        if mutant.status in SURVIVED and remaining[mutant.key()] > 0:
            remaining[mutant.key()] -= 1
            unlisted.append(mutant)

    for mutant in broken:
        print(f"\nmutmut could not judge {mutant.name}: {mutant.status}")
    for module, function, diff in stale.elements():
        killed_now = killed_keys[(module, function, diff)]
        why = "now killed by the tests" if killed_now else "no such mutant"
        print(
            f"\nSTALE entry in {EQUIVALENTS_FILE.relative_to(REPO)} ({why}; remove or update it):"
            f"\n  {module} {function}\n  " + "\n  ".join(diff)
        )
    if unlisted:
        report = WORK / "survivors.toml"
        report.write_text("\n".join(as_entry(m) for m in unlisted), encoding="utf-8")
        print(f"\n{len(unlisted)} mutants survived; kill each with a test, or judge it equivalent")
        print(f"and add it to {EQUIVALENTS_FILE.relative_to(REPO)} (all are in {report}):\n")
        print("\n".join(as_entry(m) for m in unlisted))

    n_equivalent = sum(equivalent.values())
    counted = len(mutants) - n_equivalent
    killed = sum(m.status in KILLED for m in mutants)
    print(
        f"\n{len(mutants)} mutants: {killed} killed, {n_equivalent} listed as equivalent "
        f"(not counted), {len(unlisted)} survived"
        + (f"; killed {100 * killed / len(mutants):.1f}% of all mutants" if mutants else "")
    )
    score = 100 * killed / counted if counted else 100.0
    print(f"mutation score: {score:.1f}% (killed {killed} of {counted}) on {', '.join(chosen)}")
    return 1 if broken or stale or unlisted else 0


if __name__ == "__main__":
    sys.exit(main())
