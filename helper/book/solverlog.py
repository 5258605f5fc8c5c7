"""CP-SAT's own log, captured as a list of lines and cut into the blocks a reader needs.

CP-SAT writes its log (``log_search_progress``) to standard output unless a
``log_callback`` receives it. :func:`solve_with_log` installs such a callback, so the log
comes back as data: the book prints the parts that matter and reads numbers out of them
instead of copying them into prose.
"""

import re
from dataclasses import dataclass

from ortools.sat.python import cp_model

from helper.backends.cpsat import solve_model


@dataclass
class SolveLog:
    """One CP-SAT solve: its status name, the solver (for its statistics) and its log lines.

    ``lines`` holds one line of text per item (CP-SAT hands some messages over as several
    lines at once; they are split), blank lines included.
    """

    status: str
    solver: cp_model.CpSolver
    lines: list[str]

    def blocks(self) -> list[list[str]]:
        """The log cut at its blank lines: CP-SAT separates its reports by an empty line."""
        found: list[list[str]] = [[]]
        for line in self.lines:
            if line.strip():
                found[-1].append(line)
            elif found[-1]:
                found.append([])
        return [block for block in found if block]

    def block(self, heading: str) -> list[str]:
        """The block that has a line starting with ``heading``, from that line to its end.

        The first such block; ``KeyError`` if there is none.
        """
        for block in self.blocks():
            for start, line in enumerate(block):
                if line.startswith(heading):
                    return block[start:]
        raise KeyError(f"no block starting with {heading!r} in this log")

    def presolve_rules(self) -> dict[str, int]:
        """The presolve summary as ``{rule: times applied}``, most applied first."""
        rule = re.compile(r"- rule '(.+)' was applied ([\d']+) times?")
        found = {}
        for line in self.block("Presolve summary:"):
            match = rule.search(line)
            if match:
                found[match.group(1)] = int(match.group(2).replace("'", ""))
        return dict(sorted(found.items(), key=lambda item: -item[1]))

    def probing_fixed(self) -> int:
        """How many Booleans presolve's probing fixed (the ``[Probe]`` lines, added up)."""
        found = re.findall(r"\[Probe\].*#fixed_bools=([\d']+)", "\n".join(self.lines))
        return sum(int(count.replace("'", "")) for count in found)

    def probed(self) -> list[int]:
        """How many Booleans each round of presolve's probing tried (``[Probe] #probed``)."""
        found = re.findall(r"\[Probe\] #probed=([\d']+)", "\n".join(self.lines))
        return [int(count.replace("'", "")) for count in found]

    def task_runs(self) -> dict[str, int]:
        """How many times each subsolver ran a task (the ``Task timing`` table's first ``n``)."""
        row = re.compile(r"^\s*'([^']+)':\s+(\d+)\s+\[")
        found = {}
        for line in self.block("Task timing")[1:]:
            match = row.match(line)
            if match:
                found[match.group(1)] = int(match.group(2))
        return found

    def lns_calls(self) -> dict[str, tuple[int, int]]:
        """``{subsolver: (improving calls, calls)}`` from the ``LNS stats`` table of a solve
        with large neighbourhood search workers (``{}`` when the log has no such table)."""
        row = re.compile(r"^\s*'([^']+)':\s+([\d']+)/([\d']+)\s")
        try:
            block = self.block("LNS stats")
        except KeyError:
            return {}
        found = {}
        for line in block[1:]:
            match = row.match(line)
            if match:
                improved, calls = (int(n.replace("'", "")) for n in match.group(2, 3))
                found[match.group(1)] = (improved, calls)
        return found

    def workers(self) -> int:
        """How many workers the search started (``Starting search at ...s with N workers``)."""
        for line in self.lines:
            match = re.match(r"Starting search at [\d.]+s with (\d+) workers?", line)
            if match:
                return int(match.group(1))
        raise KeyError("the number of workers is missing from the log")

    def presolved_variables(self) -> int:
        """How many variables the presolved model kept (0: presolve decided everything)."""
        heading = self.block("Presolved ")
        match = re.search(r"#Variables: ([\d']+)", "\n".join(heading))
        if match is None:
            raise KeyError("the presolved model's size is missing from the log")
        return int(match.group(1).replace("'", ""))

    def presolved_literals(self) -> int:
        """The literals of the presolved model's constraints, summed over the kinds whose log
        line counts them (``#kBoolAnd: 20 (#literals: 431)``, ``#kExactlyOne``, ...)."""
        heading = "\n".join(self.block("Presolved "))
        return sum(int(n.replace("'", "")) for n in re.findall(r"#literals: ([\d']+)", heading))

    def subsolvers(self) -> list[str]:
        """The lines that list the subsolvers the search started (one per kind)."""
        return [line for line in self.block("Starting search") if "subsolver" in line]

    def solutions(self) -> list[tuple[float, str]]:
        """``(seconds, subsolver)`` for each solution the log reports (``#1``, ``#2``...)."""
        found = []
        for line in self.lines:
            match = re.match(r"#(?:\d+|Done)\s+([\d.]+)s\s+(\S+)", line)
            if match:
                found.append((float(match.group(1)), match.group(2).split("(")[0]))
        return found

    def found_by(self) -> str:
        """The subsolver that reported the first solution (``KeyError`` if there was none)."""
        solutions = self.solutions()
        if not solutions:
            raise KeyError("no solution in this log")
        return solutions[0][1]

    def response_summary(self) -> dict[str, str]:
        """The closing ``CpSolverResponse summary`` as ``{field: value}`` (status, branches...)."""
        summary = {}
        for line in self.block("CpSolverResponse summary:")[1:]:
            key, _, value = line.partition(":")
            summary[key.strip()] = value.strip()
        return summary

    def excerpt(self, rules: int = 5) -> str:
        """The parts of the log this book reads, in the log's order.

        The model's size, presolve's probing, the ``rules`` presolve rules applied most often,
        the size of the presolved model, the subsolvers the search started, each solution
        and who found it, and the closing status, conflicts, branches and time.
        """
        initial = self.block("Initial ")
        parts = [initial[:2] + [line for line in initial if line.startswith("#k")]]
        parts.append([line.strip() for line in self.lines if "[Probe]" in line])
        summary = self.block("Presolve summary:")
        applied = [line for line in summary if "- rule '" in line]
        top = sorted(applied, key=lambda line: -self._times(line))[:rules]
        more = (
            [f"  ... and {len(applied) - len(top)} more rules"] if len(applied) > len(top) else []
        )
        parts.append(summary[:1] + top + more)
        parts.append(self.block("Presolved ")[:2])
        parts.append(self.block("Starting search"))
        parts.append([line for line in self.lines if re.match(r"#(\d+|Done)\s", line)])
        keep = ("CpSolverResponse summary", "status", "conflicts", "branches", "walltime")
        closing = self.block("CpSolverResponse summary:")
        parts.append([line for line in closing if line.split(":")[0] in keep])
        return "\n\n".join("\n".join(part) for part in parts if part)

    @staticmethod
    def _times(rule_line: str) -> int:
        match = re.search(r"applied ([\d']+) time", rule_line)
        return int(match.group(1).replace("'", "")) if match else 0

    def search_started(self) -> float:
        """Seconds from the start of the solve to the start of the search (after presolve)."""
        match = re.match(r"Starting search at ([\d.]+)s", self.block("Starting search")[0])
        if match is None:
            raise KeyError("the start of the search is missing from the log")
        return float(match.group(1))


def solve_with_log(
    model: cp_model.CpModel,
    *,
    workers: int = 1,
    seed: int = 0,
    **parameters: int | float | bool,
) -> SolveLog:
    """Solve ``model`` with CP-SAT's log captured (nothing is printed).

    A fixed seed and worker count, as everywhere in the book; ``parameters`` are set on the
    solver's ``SatParameters`` (for example ``stop_after_presolve=True``).
    """
    messages: list[str] = []
    options = {"num_workers": workers, "random_seed": seed, **parameters}
    solver, status = solve_model(model, parameters=options, log=messages.append)
    lines = [line for message in messages for line in message.split("\n")]
    return SolveLog(solver.status_name(status), solver, lines)
