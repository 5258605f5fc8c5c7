"""The command line: solve, count, explain, convert and generate puzzles from a terminal.

One shape for every command: a verb, then the file (``python -m helper solve FILE``). The kind
of puzzle is read from the file's name: ``.non`` and ``.json`` are Nonograms, ``.txt`` is a
Futoshiki in the text format, ``.xml`` a colour Nonogram in webpbn's format (a ``.json`` with
``colours`` is one too). With a colour puzzle, ``--json`` gives each cell's colour by the name
the file gives it; ``explain`` explains it one line (or a row and a column) at a time, and an
explanation that stops before the end prints the steps found and exits with status 5.
``generate futoshiki N`` makes a new puzzle. ``solve`` and
``count`` take ``--certify`` (prove the answer: a "no" with a DRAT proof that the book's checker
accepts) and ``--proof-dir DIR`` (also write each proof as DIMACS and DRAT files), and
``check-proof FORMULA PROOF`` checks such a pair. Installed, the same command line is the
``logic-puzzles`` command.

Run ``python -m helper --help`` for the commands and ``python -m helper COMMAND --help`` for
their options. Every command takes ``--json`` and then prints one JSON object on stdout (errors
included) instead of text. Exit status, the same with and without ``--json``: 0 done, 1 the
puzzle is at fault (a bad file, no solution, not unique), 2 the command line is at fault (an
unknown option or solver), 3 the time limit ran out, 4 the model is too large to build, 5 the
answer is incomplete (a colour Nonogram's explainer stopped before the end).
"""

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NoReturn, TypeVar

from helper.errors import (
    ModelTooLargeError,
    NoSolutionError,
    NotUniqueError,
    SolverError,
    SolverTimeoutError,
)
from helper.report import CONFLICT_SECONDS, conflict_report
from helper.sigint import ctrl_c_deferred

if TYPE_CHECKING:
    from helper.cores import Diagnosis
    from helper.deadline import Deadline
    from helper.explain.steps import Explanation, Premise, Step
    from helper.futoshiki import Futoshiki
    from helper.nonogram import Nonogram
    from helper.nonogram.colour import ColourNonogram
    from helper.proofs import Certificate
    from helper.registry import Registry
    from helper.results import CountResult, SolveResult

    Puzzle = Nonogram | Futoshiki | ColourNonogram

EXIT_OK, EXIT_PUZZLE, EXIT_USAGE, EXIT_TIMEOUT, EXIT_TOO_LARGE = 0, 1, 2, 3, 4
EXIT_INCOMPLETE = 5
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a program Ctrl-C stopped
EXIT_CLOSED_OUTPUT = 141  # 128 + SIGPIPE: the output's reader went away (`... | head`)
EXIT_STATUSES = {
    EXIT_OK: "done",
    EXIT_PUZZLE: "the puzzle is at fault (a bad file, no solution; for explain, not unique)",
    EXIT_USAGE: "the command line is at fault",
    EXIT_TIMEOUT: "the time limit ran out",
    EXIT_TOO_LARGE: "the model is too large to build",
    EXIT_INCOMPLETE: "the answer is incomplete: the explainer stopped before the end",
    EXIT_INTERRUPTED: "stopped by Ctrl-C (what was found is not printed)",
}
"""Every exit status and what it means (the epilog of ``--help``)."""

PROG = "python -m helper"
SCRIPT = "logic-puzzles"
"""The installed command (``[project.scripts]`` of pyproject.toml), the same as ``PROG``."""

Kind = Literal["nonogram", "futoshiki", "colour"]
KINDS: dict[str, Kind] = {
    ".non": "nonogram",
    ".json": "nonogram",
    ".txt": "futoshiki",
    ".xml": "colour",
}
"""The kind of puzzle a file holds, by its suffix (in any case); a ``.json`` file with
``colours`` turns out to be a colour Nonogram once read (:func:`read_puzzle`)."""

STATUS_EXIT = {
    "solved": EXIT_OK,
    "no solution": EXIT_PUZZLE,
    "not unique": EXIT_PUZZLE,
    "timeout": EXIT_TIMEOUT,
    "too large": EXIT_TOO_LARGE,
    "stalled": EXIT_INCOMPLETE,
}
"""The exit status of each status a solve, a count or an explanation ends with."""


class CommandError(Exception):
    """A problem to report on stderr as ``error: ...`` with an exit status."""

    def __init__(self, message: str, status: int = EXIT_PUZZLE) -> None:
        super().__init__(message)
        self.status = status


class UsageError(Exception):
    """A bad command line: argparse's usage and message (exit status 2)."""

    def __init__(self, prog: str, usage: str, message: str) -> None:
        super().__init__(message)
        self.prog, self.usage, self.message = prog, usage, message

    def text(self) -> str:
        """What stderr shows: the usage, then the message wrapped to the book's line width."""
        from helper.text import wrap

        return self.usage + wrap(f"{self.prog}: error: {self.message}", indent="    ") + "\n"


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose errors are raised (as :class:`UsageError`) for :func:`main` to
    report, as text or as JSON."""

    def error(self, message: str) -> NoReturn:
        for old, new in OLD_SPELLINGS.items():
            if f"invalid choice: '{old}'" in message:
                message += f"; '{old}' was the old spelling of '{new}'"
        raise UsageError(self.prog, self.format_usage(), message)


OLD_SPELLINGS = {
    "futoshiki": "solve FILE.txt (or count FILE.txt)",
    "generate-futoshiki": "generate futoshiki N",
}
"""The commands of the first command line, and what says the same now (its usage error
names it)."""


@dataclass
class Outcome:
    """What a command answers: the JSON object, the plain text, and the error if any.

    ``data`` is the JSON object (without ``error`` and ``exit_status``, added when printed);
    ``out`` is what plain output prints on stdout, ``notes`` what it adds on stderr (``--stats``,
    ``--difficulty``); ``error`` is the one line that says what went wrong, ``report`` the lines
    plain output prints after it (a conflict report; as data in ``data`` for JSON).
    """

    data: dict[str, Any]
    out: str = ""
    notes: str = ""
    error: str | None = None
    report: str = ""
    exit_status: int = EXIT_OK

    def as_json(self) -> dict[str, Any]:
        """The JSON object: ``data``, then ``error`` (when there is one) and ``exit_status``."""
        extra = {} if self.error is None else {"error": self.error}
        return {**self.data, **extra, "exit_status": self.exit_status}


def refuse(args: argparse.Namespace, message: str) -> NoReturn:
    """A usage error found after parsing, reported as argparse reports its own (status 2)."""
    parser: argparse.ArgumentParser = args.parser
    raise UsageError(parser.prog, parser.format_usage(), message)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


# -- reading a puzzle file ---------------------------------------------------------------------

MAX_TEXT_BYTES = 1 << 20
"""A Futoshiki text file larger than this is refused unread (a 9 x 9 puzzle takes 300 bytes)."""


def puzzle_kind(path: str) -> Kind:
    """The kind of puzzle in the file ``path``, read from its suffix (see :data:`KINDS`)."""
    kind = KINDS.get(Path(path).suffix.lower())
    if kind is None:
        raise CommandError(
            f"{path}: cannot tell the kind of puzzle from the file's name: a Nonogram is a "
            ".non or .json file, a Futoshiki a .txt file in the text format, a colour "
            "Nonogram an .xml (webpbn) or .json file"
        )
    return kind


def _read_text(path: str, max_bytes: int = MAX_TEXT_BYTES) -> str:
    try:
        size = Path(path).stat().st_size
        if size > max_bytes:
            raise CommandError(
                f"{path}: the file has {size:,} bytes; a puzzle in this format needs far fewer"
            )
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not a UTF-8 text file") from None
    except OSError as error:
        raise CommandError(f"{path}: cannot read it ({error.strerror})") from None


T = TypeVar("T")


def _read_file(path: str, read: Callable[[], T]) -> T:
    """``read()`` of the puzzle file ``path``, its errors turned into one-line command errors
    (the readers' ``ValueError`` already names the file)."""
    try:
        return read()
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except ValueError as error:
        raise CommandError(str(error)) from None
    except (RecursionError, MemoryError) as error:  # a last guard: the readers avoid both
        raise CommandError(f"{path}: cannot read it ({type(error).__name__})") from None
    except OSError as error:
        raise CommandError(f"{path}: cannot read it ({error.strerror})") from None


def _read_nonogram(path: str, max_cells: int) -> "Nonogram":
    from helper.formats import read_puzzle_file

    return _read_file(path, lambda: read_puzzle_file(path, max_cells=max_cells))


def _read_futoshiki(path: str) -> "Futoshiki":
    from helper.futoshiki import Futoshiki

    try:
        return Futoshiki.from_text(_read_text(path), name=path)
    except ValueError as error:
        raise CommandError(f"{path}: {error}") from None


def _read_colour(path: str, max_cells: int) -> "Nonogram | ColourNonogram":
    """A ``.xml`` or ``.json`` file of either kind of Nonogram."""
    from helper.colour_formats import read_any_puzzle_file

    return _read_file(path, lambda: read_any_puzzle_file(path, max_cells=max_cells))


def read_puzzle(args: argparse.Namespace, kind: Kind) -> "Puzzle":
    """The puzzle in ``args.file``, or a :class:`CommandError` naming the file (a ``.json``
    with ``colours`` is a colour Nonogram: :func:`kind_of` tells)."""
    if kind == "colour" or (kind == "nonogram" and Path(args.file).suffix.lower() == ".json"):
        return _read_colour(args.file, args.max_cells)
    if kind == "nonogram":
        return _read_nonogram(args.file, args.max_cells)
    return _read_futoshiki(args.file)


def kind_of(puzzle: "Puzzle", kind: Kind) -> Kind:
    """The kind of a puzzle once read: ``"colour"`` for a colour Nonogram, whatever the
    file's name said."""
    from helper.nonogram.colour import ColourNonogram

    return "colour" if isinstance(puzzle, ColourNonogram) else kind


def _refuse_colour(args: argparse.Namespace, kind: Kind, what: str) -> None:
    """A usage error for an option that colour puzzles do not have yet."""
    if kind == "colour" and what:
        refuse(
            args,
            f"{what}: for black-and-white Nonograms and Futoshiki only, not yet for a colour "
            "Nonogram",
        )


# -- choosing a solver -------------------------------------------------------------------------


def _registry(kind: Kind) -> "Registry":
    if kind == "colour":
        from helper.nonogram.colour.solvers import REGISTRY
    elif kind == "nonogram":
        from helper.nonogram import REGISTRY
    else:
        from helper.futoshiki import REGISTRY
    return REGISTRY


def _default_solver(kind: Kind, capability: str) -> str:
    from helper.futoshiki.solvers import DEFAULT_SOLVER

    if kind == "futoshiki":
        return DEFAULT_SOLVER
    if kind == "colour":
        from helper.nonogram.colour import solvers

        return solvers.RECOMMENDED_SOLVER if capability == "solve" else solvers.DEFAULT_COUNTER
    from helper.nonogram import RECOMMENDED_SOLVER
    from helper.nonogram.unique import DEFAULT_COUNTER

    return RECOMMENDED_SOLVER if capability == "solve" else DEFAULT_COUNTER


def _lookup(args: argparse.Namespace, kind: Kind, capability: Literal["solve", "count"]) -> Any:
    """The solver or counter ``--solver`` names (or the default) for this kind of puzzle; a
    usage error with the registry's message when there is none of that name."""
    name = args.solver or _default_solver(kind, capability)
    try:
        return _registry(kind).lookup(name, capability)
    except ValueError as error:
        refuse(args, str(error))


# -- what a result says, as text and as data ---------------------------------------------------


def _grid(grid: Sequence[Sequence[int]]) -> list[list[int]]:
    return [[int(cell) for cell in row] for row in grid]


def _jsonable(value: object) -> object:
    """A statistic that ``json`` cannot write (a NumPy number, a tuple key...) as plain data."""
    item = getattr(value, "item", None)
    return item() if callable(item) else str(value)


def _shared(args: argparse.Namespace, kind: Kind | None = None) -> dict[str, Any]:
    """The keys every answer starts with: the command, the file and the kind of puzzle (by
    default read from the file's name, ``None`` when it says none)."""
    file = getattr(args, "file", None)
    if kind is None and file is not None:
        kind = KINDS.get(Path(file).suffix.lower())
    return {"command": args.command, "file": file, "kind": kind}


def _failed(data: dict[str, Any], status: str, message: str, file: str) -> Outcome:
    """The outcome of a solve, count or explanation that ended without its answer."""
    lines = {
        "timeout": f"time limit reached: {message}",
        "too large": f"the model is too large: {message}",
    }
    error = lines.get(status, f"{file}: {message}")
    return Outcome({**data, "status": status}, error=error, exit_status=STATUS_EXIT[status])


def _failed_by(data: dict[str, Any], error: SolverError, file: str) -> Outcome:
    """:func:`_failed` for a solver error raised instead of returned as a status."""
    statuses = (
        (NoSolutionError, "no solution"),
        (NotUniqueError, "not unique"),
        (SolverTimeoutError, "timeout"),
        (ModelTooLargeError, "too large"),
    )
    status = next(status for kind, status in statuses if isinstance(error, kind))
    return _failed(data, status, str(error), file)


def _board_text(kind: Kind, puzzle: "Puzzle", grid: Sequence[Sequence[int]]) -> str:
    if kind == "colour":
        return puzzle.picture_text(grid)  # type: ignore[union-attr]
    if kind == "futoshiki":
        from helper.futoshiki import Futoshiki

        return Futoshiki(_grid(grid), puzzle.constraints).to_text()  # type: ignore[union-attr]
    return "\n".join("".join("#" if cell else "." for cell in row) for row in grid)


def _colour_data(puzzle: "Puzzle") -> dict[str, Any]:
    """A colour puzzle's palette as JSON: each colour's name, RGB and character, the
    background first (the names its grids are given in)."""
    palette = puzzle.colour_palette  # type: ignore[union-attr]
    return {
        "palette": [
            {"name": c.name, "rgb": "#" + c.hex, "char": c.char}
            for c in (palette.background, *palette.colours)
        ]
    }


def _cells(puzzle: "Puzzle | None", kind: Kind, grid: Sequence[Sequence[int]]) -> list[list[Any]]:
    """A grid as JSON: numbers, or each cell's colour name for a colour puzzle."""
    if kind == "colour" and puzzle is not None:
        return puzzle.names_of(_grid(grid))  # type: ignore[union-attr]
    return _grid(grid)


def _solve_data(
    result: "SolveResult", puzzle: "Puzzle | None" = None, kind: Kind = "nonogram"
) -> dict[str, Any]:
    return {
        "status": result.status,
        "grid": None if result.grid is None else _cells(puzzle, kind, result.grid),
        "solver": result.solver,
        "method": result.method,
        "seconds": result.seconds,
        "stats": dict(result.stats),
    }


def proved_unique(count: "CountResult") -> bool | None:
    """Whether the count proves the puzzle unique (``True``), proves it is not (``False``: two
    solutions found, or an exact count other than one), or proves neither (``None``: one
    solution found, then the limit or the time stopped the count)."""
    if count.unique:
        return True
    if count.count >= 2 or count.exact:
        return False
    return None


def _count_words(count: "CountResult") -> str:
    n = count.count
    noun = "solution" if n == 1 else "solutions"
    if count.status == "too large":
        return f"at least {n} {noun}: the model is too large for the count to be complete"
    if not count.complete:
        return f"at least {n} {noun}: the time limit ran out before the count was complete"
    if n == 0:
        return "0 solutions: no grid fits the puzzle"
    if count.reached_limit:
        return f"at least {n} {noun} (counting stopped at --limit {count.limit})"
    return f"{n} {noun}" + (": the puzzle is unique" if count.unique else "")


def _count_data(
    count: "CountResult", puzzle: "Puzzle | None" = None, kind: Kind = "nonogram"
) -> dict[str, Any]:
    return {
        "status": count.status,
        "count": count.count,
        "complete": count.complete,
        "exact": count.exact,
        "unique": proved_unique(count),
        "limit": count.limit,
        "solver": count.solver,
        "method": count.method,
        "seconds": count.seconds,
        "stats": dict(count.stats),
        "solutions": [_cells(puzzle, kind, grid) for grid in count.solutions],
    }


# -- why there is no solution ------------------------------------------------------------------


def _clue_data(clue: Any) -> dict[str, Any]:
    """A clue of a report (a ``ClueLine`` or a ``FutoshikiClue``) as data, with its text."""
    return {**asdict(clue), "text": str(clue)}


def _diagnosis_data(found: "Diagnosis", noun: str) -> dict[str, Any]:
    """The report of :func:`~helper.report.conflict_report` as data: every set to retype and
    every fit."""
    conflict = found.conflict
    return {
        "noun": noun,
        "retype": [
            {
                noun: [_clue_data(clue) for clue in fix.typed],
                "fits": [_clue_data(clue) for clue in fix.fits],
                "apart": fix.apart,
                "nearest": fix.nearest,
                "unique": fix.unique,
                "blocks": fix.blocks,
            }
            for fix in found.fixes
        ],
        "complete": found.complete,
        "conflict": None
        if conflict is None
        else {noun: [_clue_data(clue) for clue in conflict], "minimal": conflict.minimal},
    }


def _diagnose(kind: Kind, puzzle: "Puzzle", time_limit: float | None) -> tuple[str, Any, str]:
    """The noun (``lines`` or ``clues``), the diagnosis (``None`` when time ran out) and the
    report's text, for a puzzle without solution."""
    from helper.futoshiki.conflicts import clues_to_retype
    from helper.nonogram.conflicts import diagnose_lines

    seconds = time_limit or CONFLICT_SECONDS
    noun = "lines" if kind == "nonogram" else "clues"
    diagnose: Callable[..., Diagnosis] = diagnose_lines if kind == "nonogram" else clues_to_retype
    try:
        found = diagnose(puzzle, time_limit=seconds)
    except SolverTimeoutError:
        return noun, None, f"\n(no {noun} named within {seconds:g} s)"
    return noun, found, conflict_report(found, noun)


# -- the commands ------------------------------------------------------------------------------


def command_solve(args: argparse.Namespace) -> Outcome:
    """Solve the puzzle; print it (a Nonogram as ``#`` and ``.``, a Futoshiki in the text
    format), or the clues to blame when there is no solution."""
    kind = puzzle_kind(args.file)
    if args.grade and kind == "futoshiki":
        refuse(args, "--grade applies only to a Nonogram")
    _refuse_colour(
        args, kind, "--certify and --proof-dir" if args.certify or args.proof_dir else ""
    )
    _refuse_colour(args, kind, "--grade" if args.grade else "")
    solver = _lookup(args, kind, "solve")
    puzzle = read_puzzle(args, kind)
    if kind_of(puzzle, kind) != kind:
        kind = kind_of(puzzle, kind)
        _refuse_colour(args, kind, "--grade" if args.grade else "")
        _refuse_colour(
            args, kind, "--certify and --proof-dir" if args.certify or args.proof_dir else ""
        )
        solver = _lookup(args, kind, "solve")
    result = solver(puzzle, time_limit=args.time_limit)
    data = {**_shared(args, kind), **_solve_data(result, puzzle, kind)}
    if kind == "colour":
        data.update(_colour_data(puzzle))
    proved, proof_text = _certify(args, kind, puzzle, result)
    if proved is not None:
        data["certificate"] = proved
    if result.status == "no solution" and kind == "colour":
        return _failed(data, result.status, result.message, args.file)
    if result.status == "no solution":
        noun, found, report = _diagnose(kind, puzzle, args.time_limit)
        data["diagnosis"] = None if found is None else _diagnosis_data(found, noun)
        conflict, conflict_text = _certify_conflict(
            args, kind, puzzle, None if found is None else found.conflict
        )
        if conflict is not None:
            data["diagnosis"]["certificate"] = conflict
        correction, correction_text = _certify_correction(args, kind, puzzle, found)
        if correction is not None:
            data["diagnosis"]["retype_certificate"] = correction
        failed = _failed(data, result.status, result.message, args.file)
        texts = [report, proof_text, conflict_text, correction_text]
        failed.report = "\n".join(filter(None, texts))
        return failed
    if not result.solved:
        return _failed(data, result.status, result.message, args.file)
    out = _board_text(kind, puzzle, result.picture())
    if args.grade:
        from helper.nonogram.make import grade

        data["grade"] = grade(puzzle)  # type: ignore[arg-type]  # a Nonogram: checked above
        out += f"\ngrade: {data['grade']}"
    return Outcome(data, "\n".join(filter(None, [out, proof_text])))


def command_count(args: argparse.Namespace) -> Outcome:
    """Count the solutions, up to ``--limit``."""
    kind = puzzle_kind(args.file)
    _refuse_colour(
        args, kind, "--certify and --proof-dir" if args.certify or args.proof_dir else ""
    )
    counter = _lookup(args, kind, "count")
    puzzle = read_puzzle(args, kind)
    if kind_of(puzzle, kind) != kind:
        kind = kind_of(puzzle, kind)
        _refuse_colour(
            args, kind, "--certify and --proof-dir" if args.certify or args.proof_dir else ""
        )
        counter = _lookup(args, kind, "count")
    count = counter(puzzle, args.limit, time_limit=args.time_limit)
    data = {**_shared(args, kind), **_count_data(count, puzzle, kind)}
    if kind == "colour":
        data.update(_colour_data(puzzle))
    words = _count_words(count)
    proved, proof_text = _certify(args, kind, puzzle, count)
    if proved is not None:
        data["certificate"] = proved
    words = "\n".join(filter(None, [words, proof_text]))
    if count.status in ("timeout", "too large"):
        failed = _failed(data, count.status, count.message, args.file)
        failed.out = words
        return failed
    return Outcome(data, words)


# -- certificates: proofs of the answers, and the check of a proof -----------------------------


def _certify(
    args: argparse.Namespace, kind: Kind, puzzle: "Puzzle", answer: "SolveResult | CountResult"
) -> tuple[dict[str, Any] | None, str]:
    """With ``--certify`` or ``--proof-dir``: the certificate of ``answer`` as JSON data and
    as text (``None`` and ``""`` without them). ``--proof-dir`` writes a proved claim's
    formula and proof, named after the file and the claim."""
    if not (args.certify or args.proof_dir):
        return None, ""
    from helper.results import CountResult

    if kind == "nonogram":
        from helper.nonogram import certify as family
    else:
        from helper.futoshiki import certify as family  # type: ignore[no-redef]
    if isinstance(answer, CountResult):
        certificate = family.certify_count(puzzle, answer, time_limit=args.time_limit)  # type: ignore[arg-type]
    else:
        certificate = family.certify_solve(puzzle, answer, time_limit=args.time_limit)  # type: ignore[arg-type]
    return _certificate_data(args, certificate, "certificate")


def _certify_conflict(
    args: argparse.Namespace, kind: Kind, puzzle: "Puzzle", conflict: Any
) -> tuple[dict[str, Any] | None, str]:
    """With ``--certify`` or ``--proof-dir``: the certificate of the clues that cannot all
    hold (a minimal conflicting set), as for :func:`_certify`."""
    if not (args.certify or args.proof_dir) or conflict is None:
        return None, ""
    if kind == "nonogram":
        from helper.nonogram.certify import certify_conflict

        certificate = certify_conflict(puzzle, conflict, time_limit=args.time_limit)  # type: ignore[arg-type]
    else:
        from helper.futoshiki.certify import certify_conflict as certify_clues

        certificate = certify_clues(puzzle.height, conflict, time_limit=args.time_limit)
    return _certificate_data(args, certificate, "conflict certificate")


def _certify_correction(
    args: argparse.Namespace, kind: Kind, puzzle: "Puzzle", found: "Diagnosis | None"
) -> tuple[dict[str, Any] | None, str]:
    """With ``--certify`` or ``--proof-dir``: the certificate of the fewest lines or clues to
    retype (enough, and no fewer), the refutations of its lower bound written as files."""
    if not (args.certify or args.proof_dir) or found is None or not found.fixes:
        return None, ""
    if kind == "nonogram":
        from helper.nonogram.certify import certify_correction
    else:
        from helper.futoshiki.certify import certify_correction  # type: ignore[assignment]

    certificate = certify_correction(puzzle, found.fixes[0].typed, time_limit=args.time_limit)  # type: ignore[arg-type]
    data, text = _certificate_data(args, certificate, "retype certificate")
    parts = [
        _certificate_data(args, part, f"  part {k}") for k, part in enumerate(certificate.parts, 1)
    ]
    data["parts"] = [part for part, _ in parts]
    return data, "\n".join([text, *(part_text for _, part_text in parts)])


def _certificate_data(
    args: argparse.Namespace, certificate: "Certificate", label: str
) -> tuple[dict[str, Any], str]:
    """A certificate as JSON data and as text, its files written with ``--proof-dir``."""
    files = None
    text = f"{label}: {certificate.summary()}"
    if args.proof_dir and certificate.proved and certificate.formula:
        try:
            written = certificate.write(
                args.proof_dir, f"{Path(args.file).stem}-{certificate.name}"
            )
        except OSError as error:
            raise CommandError(f"{args.proof_dir}: cannot write the proof ({error})") from None
        assert written is not None  # a formula was there to write
        files = {"formula": str(written[0]), "proof": str(written[1])}
        text += f"\nproof files: {files['formula']} {files['proof']}"
    data = {
        "claim": certificate.claim,
        "proved": certificate.proved,
        "reason": certificate.reason,
        "lemmas": certificate.lemmas if certificate.formula else None,
        "backend": certificate.backend or None,
        "files": files,
    }
    return data, text


MAX_PROOF_BYTES = 1 << 30
"""A formula or proof file larger than this (1 GiB) is refused unread."""


def _proof_lines(path: str, what: str) -> list[str]:
    """The lines of a formula or proof file, or a :class:`CommandError` naming it."""
    try:
        size = Path(path).stat().st_size
        if size > MAX_PROOF_BYTES:
            raise CommandError(
                f"{path}: the {what} has {size:,} bytes, more than this command reads "
                f"({MAX_PROOF_BYTES:,})"
            )
        with open(path, encoding="ascii") as lines:
            return lines.readlines()
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: the {what} is not a text file of ASCII") from None
    except OSError as error:
        raise CommandError(f"{path}: cannot read it ({error.strerror})") from None


def _counted(count: int, noun: str) -> str:
    return f"{count:,} {noun}" + ("" if count == 1 else "s")


def command_check_proof(args: argparse.Namespace) -> Outcome:
    """Check a DRAT proof that a DIMACS formula has no solution, with the book's checker."""
    from helper.deadline import Deadline
    from helper.proofs import FormulaError, ProofError, check_drat, parse_drat, read_dimacs

    try:
        formula = read_dimacs(_proof_lines(args.formula, "formula"))
    except FormulaError as error:
        raise CommandError(f"{args.formula}: {error}") from None
    try:
        steps = parse_drat(_proof_lines(args.proof, "proof"))
    except ProofError as error:
        raise CommandError(f"{args.proof}: {error}") from None
    deadline = Deadline(args.time_limit)  # for both judges, with --cpsat
    check = check_drat(formula, steps, deadline=deadline)
    data = {
        **_shared(args),
        "formula": args.formula,
        "proof": args.proof,
        "valid": check.valid,
        "finished": check.finished,
        "variables": max((abs(lit) for clause in formula for lit in clause), default=0),
        "clauses": len(formula),
        "lemmas": check.lemmas,
        "rat": check.rat,
        "deletions": check.deletions,
        "propagations": check.propagations,
        "failed_step": None if check.failed is None else check.failed + 1,
        "reason": check.reason,
    }
    if not check.finished:
        return Outcome(
            {**data, "status": "timeout"},
            error=f"time limit reached: {check.reason}",
            exit_status=EXIT_TIMEOUT,
        )
    if not check.valid:
        return Outcome(
            {**data, "status": "rejected"},
            error=f"{args.proof}: rejected: {check.reason}",
            exit_status=EXIT_PUZZLE,
        )
    out = (
        f"valid: the proof refutes the formula ({len(formula):,} clauses): "
        f"{_counted(check.lemmas, 'lemma')} checked ({check.rat:,} by RAT), "
        f"{_counted(check.deletions, 'deletion')}, {_counted(check.propagations, 'propagation')}"
    )
    if args.cpsat:
        return _second_judge(formula, deadline, data, out)
    return Outcome({**data, "status": "valid"}, out)


def _second_judge(
    formula: list[list[int]], deadline: "Deadline", data: dict[str, Any], out: str
) -> Outcome:
    """``check-proof --cpsat``: CP-SAT refutes the formula itself, its LRAT proof checked."""
    from helper.backends.lrat import refute_with_lrat
    from helper.deadline import Run

    judged = refute_with_lrat(formula, Run(deadline, "CP-SAT's LRAT check"))
    data = {**data, "cpsat": {"verdict": judged.verdict, "lrat": judged.lrat,
                              "refuted": judged.refuted}}  # fmt: skip
    if judged.verdict == "unknown":
        return Outcome(
            {**data, "status": "timeout"},
            error="time limit reached: CP-SAT's LRAT check did not finish",
            exit_status=EXIT_TIMEOUT,
        )
    if not judged.refuted:
        return Outcome(
            {**data, "status": "disputed"},
            error=f"CP-SAT disagrees: it says {judged.verdict} (LRAT status "
            f"{judged.lrat or 'none'}) where the proof says no solution",
            exit_status=EXIT_PUZZLE,
        )
    how = "its LRAT proof checked" if judged.lrat else "as it read it, with no proof needed"
    return Outcome({**data, "status": "valid"}, f"{out}\nCP-SAT refutes it too, {how}")


def _premise_data(premise: "Premise") -> dict[str, Any]:
    from helper.explain.steps import premise_text

    kind, *rest = premise
    where = {"index": rest[0]} if kind in ("row", "column") else {"cells": [*rest]}
    return {"kind": kind, **where, "text": premise_text(premise)}


def _value_data(value: int, names: Sequence[str] | None) -> int | str:
    """A cell's value as JSON: the number, or a colour puzzle's colour by its name."""
    return int(value) if names is None else names[value]


def _step_data(step: "Step", names: Sequence[str] | None = None) -> dict[str, Any]:
    return {
        "cells": [
            {"row": r, "column": c, "value": _value_data(value, names)}
            for (r, c), value in sorted(step.cells.items())
        ],
        "premises": [_premise_data(premise) for premise in step.lines],
        "kind": step.kind,
        "reason": step.reason,
        "text": str(step),
        "cost": step.cost,
        "optimal": step.optimal,
    }


def _explanation_data(
    steps: "Explanation", kind: Kind, puzzle: "Puzzle | None" = None
) -> dict[str, Any]:
    names = puzzle.colour_palette.names if kind == "colour" else None  # type: ignore[union-attr]
    return {
        "status": "solved" if steps.complete else "timeout",
        "complete": steps.complete,
        "solution": None if steps.solution is None else _cells(puzzle, kind, steps.solution),
        "steps": [_step_data(step, names) for step in steps],
        "sat_calls": steps.sat_calls,
        "hitting_sets": steps.hitting_sets,
    }


def command_explain(args: argparse.Namespace) -> Outcome:
    """Print the steps that solve the puzzle, one a line."""
    from helper.explain import futoshiki, nonogram

    kind = puzzle_kind(args.file)
    puzzle = read_puzzle(args, kind)
    kind = kind_of(puzzle, kind)
    if kind == "colour":
        return _explain_colour(args, puzzle)
    explain: Callable[..., Explanation] = (
        nonogram.explain if kind == "nonogram" else futoshiki.explain
    )
    certify = bool(args.certify or args.proof_dir)
    try:
        steps = explain(puzzle, time_limit=args.time_limit, certify=certify)
    except SolverError as error:
        return _failed_by(_shared(args, kind), error, args.file)
    notes = _explain_stats(args, steps)
    data = {**_shared(args, kind), **_explanation_data(steps, kind)}
    lines = [str(step) for step in steps]
    if certify:
        for number, certificate in enumerate(steps.certificates):
            proved, _ = _certificate_data(args, certificate, "step")
            data["steps"][number]["certificate"] = proved
            lines[number] += (
                "  [proved]" if certificate.proved else (f"  [not proved: {certificate.reason}]")
            )
        for number, certificate in enumerate(steps.cheapest):
            cheapest, _ = _certificate_data(args, certificate, "cheapest")
            data["steps"][number]["cheapest"] = cheapest
            lines[number] += (
                "  [cheapest: proved]"
                if certificate.proved
                else f"  [cheapest: not proved: {certificate.reason}]"
            )
        count = sum(c.proved for c in steps.certificates)
        cheapest_count = sum(c.proved for c in steps.cheapest)
        notes = "\n".join(
            filter(
                None,
                [
                    notes,
                    f"{count} of {len(steps)} steps proved; {cheapest_count} of {len(steps)} "
                    "proved the cheapest at their turn",
                ],
            )
        )
    if not steps.complete:  # the steps found stand; the rest is missing
        stopped = f"time limit reached: {steps.message} ({len(steps)} steps found)"
        return Outcome(data, "\n".join(lines), notes, stopped, exit_status=EXIT_TIMEOUT)
    return Outcome(data, "\n".join(lines), notes)


def _explain_stats(args: argparse.Namespace, steps: "Explanation") -> str:
    """With ``--stats``: the counts of the steps (on stderr)."""
    if not args.stats:
        return ""
    return (
        f"{len(steps)} steps: {steps.single_line} use one premise, {steps.multi_line} more; "
        f"{steps.sat_calls} SAT calls, {steps.hitting_sets} hitting sets"
    )


STALLED_LINE = (
    "the explainer stopped before the end: no single line, nor a row and a column together, "
    "decides another cell; {open} of {cells} cells are open ({steps} steps found)"
)
"""The last line of a colour explanation that stalled (exit status 5)."""


def _explain_colour(args: argparse.Namespace, puzzle: "Puzzle") -> Outcome:
    """``explain`` for a colour Nonogram: the steps of
    :func:`~helper.explain.colour.explain_colour`, cells by their colours' names in JSON;
    where its steps stall, the steps found, how many cells are open, and exit status 5."""
    from helper.explain.colour import STALLED, explain_colour
    from helper.explain.steps import replay

    if args.certify or args.proof_dir:
        what = "--certify" if args.certify else "--proof-dir (which implies --certify)"
        return Outcome(
            _shared(args, "colour"),
            error=f"{what} is not available for colour puzzles yet",
            exit_status=EXIT_USAGE,
        )
    shared = _shared(args, "colour")
    try:
        steps = explain_colour(puzzle, time_limit=args.time_limit)  # type: ignore[arg-type]
    except SolverError as error:
        return _failed_by(shared, error, args.file)
    data = {**shared, **_explanation_data(steps, "colour", puzzle), **_colour_data(puzzle)}
    reached = replay(steps.start, steps, -1)
    open_ = sum(row.count(-1) for row in reached)
    data["open_cells"] = open_
    out, notes = "\n".join(str(step) for step in steps), _explain_stats(args, steps)
    if steps.complete:
        return Outcome(data, out, notes)
    cells = len(reached) * len(reached[0]) if reached else 0
    if steps.message == STALLED.format(open=open_, cells=cells):
        data["status"] = "stalled"
        line = STALLED_LINE.format(open=open_, cells=cells, steps=len(steps))
        return Outcome(data, out, notes, line, exit_status=EXIT_INCOMPLETE)
    stopped = f"time limit reached: {steps.message} ({len(steps)} steps found)"
    return Outcome(data, out, notes, stopped, exit_status=EXIT_TIMEOUT)


def command_convert(args: argparse.Namespace) -> Outcome:
    """Print a Nonogram in the other format (or the one ``--to`` names): ``.non`` and
    black-and-white JSON to each other, webpbn XML to our JSON (with colours) and back."""
    from helper.colour_formats import write_colour_json, write_webpbn
    from helper.formats import write_json, write_non
    from helper.nonogram import Nonogram

    kind = puzzle_kind(args.file)
    if kind == "futoshiki":
        refuse(
            args,
            f"{args.file}: convert reads a Nonogram (.non, .json or .xml); a Futoshiki has "
            "one format, the text format",
        )
    puzzle = read_puzzle(args, kind)
    kind = kind_of(puzzle, kind)
    suffix = Path(args.file).suffix.lower()
    if args.to:
        target = args.to
    elif kind == "colour":
        target = "json" if suffix == ".xml" else "xml"
    else:
        target = "json" if suffix != ".json" else "non"
    if target == "xml":
        text = write_webpbn(puzzle)  # type: ignore[arg-type]
    elif isinstance(puzzle, Nonogram):
        text = write_json(puzzle) if target == "json" else write_non(puzzle)
    elif target == "json":
        text = write_colour_json(puzzle)  # type: ignore[arg-type]
    elif puzzle.colours == 1:  # type: ignore[union-attr]
        text = write_non(puzzle.to_nonogram())  # type: ignore[union-attr]
    else:
        raise CommandError(
            f"{args.file}: a .non file holds black and white only, and this puzzle has "
            f"{puzzle.colours} colours (convert --to json or --to xml)"  # type: ignore[union-attr]
        )
    converted = json.loads(text) if target == "json" else text
    data = {**_shared(args, kind), "to": target, "puzzle": converted}
    return Outcome(data, text.removesuffix("\n"))


def command_generate_futoshiki(args: argparse.Namespace) -> Outcome:
    """Print a new Futoshiki with exactly one solution."""
    from helper.futoshiki import difficulty, format_futoshiki, generate_futoshiki

    try:
        grid, constraints = generate_futoshiki(args.size, seed=args.seed)
    except ValueError as error:
        refuse(args, str(error))
    text = format_futoshiki(grid, constraints)
    data = {
        **_shared(args, "futoshiki"),
        "size": args.size,
        "seed": args.seed,
        "puzzle": text,
        "grid": _grid(grid),
        "constraints": [[list(low), list(high)] for low, high in constraints],
    }
    notes = ""
    if args.difficulty:
        stats = difficulty(grid, constraints)
        data["difficulty"] = stats
        notes = (
            f"givens {stats['givens']}, signs {stats['signs']}, "
            f"CP-SAT branches {stats['branches']}, conflicts {stats['conflicts']}"
        )
    return Outcome(data, text, notes)


# -- the parser --------------------------------------------------------------------------------

VERBS = ("solve", "count", "explain", "convert", "generate", "check-proof")
"""The commands, in the order ``--help`` lists them."""
TIME_LIMIT_HELP = "give up after this long (a count says what it found by then)"
FILE_HELP = (
    "a Nonogram (.non or .json), a colour Nonogram (.xml in webpbn's format, or .json with "
    "colours) or a Futoshiki (.txt, the text format)"
)


def _add_common(command: argparse.ArgumentParser, *, file: bool = True) -> None:
    """The options every command has: the file (when it reads one) and ``--json``."""
    if file:
        command.add_argument("file", metavar="FILE", help=FILE_HELP)
    command.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object on stdout (errors too) instead of text",
    )


def _add_max_cells(command: argparse.ArgumentParser) -> None:
    from helper.formats import MAX_CELLS

    command.add_argument(
        "--max-cells",
        type=_positive_int,
        default=MAX_CELLS,
        metavar="N",
        help="refuse a Nonogram of more than N cells before building anything "
        "(default: %(default)s, a 500 x 500 grid)",
    )


def _add_time_limit(command: argparse.ArgumentParser, extra: str = "") -> None:
    command.add_argument(
        "--time-limit", type=_positive_float, metavar="SECONDS", help=TIME_LIMIT_HELP + extra
    )


def _add_solver(command: argparse.ArgumentParser, capability: Literal["solve", "count"]) -> None:
    role = "solver" if capability == "solve" else "counter"
    kinds: list[Kind] = ["nonogram", "futoshiki", "colour"]
    listed = "; ".join(
        f"{kind.title()}: {', '.join(_registry(kind).names(capability))}" for kind in kinds
    )
    defaults = ", ".join(f"{kind.title()} {_default_solver(kind, capability)}" for kind in kinds)
    command.add_argument(
        "--solver",
        metavar="NAME",
        help=f"the registered {role} to use ({listed}; default: {defaults})",
    )


def _command(
    commands: "argparse._SubParsersAction",
    name: str,
    run: Callable[[argparse.Namespace], Outcome],
    summary: str,
    description: str,
) -> argparse.ArgumentParser:
    command = commands.add_parser(name, help=summary, description=description)
    command.set_defaults(run=run, parser=command, command=name)
    return command


def _add_solve(commands: "argparse._SubParsersAction") -> None:
    solve = _command(
        commands,
        "solve",
        command_solve,
        "solve a puzzle and print the solution",
        "Solve a puzzle and print it: a Nonogram with '#' for a filled cell and '.' for an "
        "empty one, a Futoshiki in the text format. When the puzzle has no solution, the error "
        "names the clues to retype and a set of clues that cannot all hold, one per line.",
    )
    _add_common(solve)
    _add_solver(solve, "solve")
    solve.add_argument(
        "--grade",
        action="store_true",
        help="Nonogram only: also grade it (line logic, line probing, needs search)",
    )
    _add_time_limit(
        solve,
        "; with no solution, look this long for the clues to blame "
        f"(default {CONFLICT_SECONDS:g} s)",
    )
    _add_max_cells(solve)
    _add_certify(solve)


def _add_count(commands: "argparse._SubParsersAction") -> None:
    count = _command(
        commands,
        "count",
        command_count,
        "count a puzzle's solutions (up to --limit)",
        "Count the solutions of a puzzle, stopping at --limit: the default 2 is enough to tell "
        "whether it is unique.",
    )
    _add_common(count)
    count.add_argument(
        "--limit",
        type=_positive_int,
        default=2,
        metavar="N",
        help="stop counting at N solutions (default: %(default)s)",
    )
    _add_solver(count, "count")
    _add_time_limit(count)
    _add_max_cells(count)
    _add_certify(count)


def _add_certify(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--certify",
        action="store_true",
        help='also prove the answer: a "no" (unique, no solution) by a DRAT proof that the '
        'book\'s own checker accepts, a "yes" by its solutions; a claim whose proof cannot '
        "be made or checked within --time-limit is reported as not proved",
    )
    command.add_argument(
        "--proof-dir",
        metavar="DIR",
        help="write each proved claim's formula (DIMACS CNF) and proof (DRAT) into DIR as "
        "FILE-CLAIM.cnf and FILE-CLAIM.drat, for any DRAT checker; implies --certify",
    )


def _add_check_proof(commands: "argparse._SubParsersAction") -> None:
    check = _command(
        commands,
        "check-proof",
        command_check_proof,
        "check a DRAT proof that a DIMACS formula has no solution",
        "Check, with the book's own DRAT checker (helper.proofs), that PROOF refutes FORMULA: "
        "every lemma follows by reverse unit propagation or is a RAT, and the empty clause is "
        "derived. Exit status 0 when it does, 1 when it is rejected (the step and the reason "
        "are named), 3 when --time-limit runs out first.",
    )
    check.add_argument("formula", metavar="FORMULA", help="the formula, DIMACS CNF (.cnf)")
    check.add_argument("proof", metavar="PROOF", help="its proof, DRAT text (.drat)")
    _add_common(check, file=False)
    check.add_argument(
        "--time-limit", type=_positive_float, metavar="SECONDS", help="give up after this long"
    )
    check.add_argument(
        "--cpsat",
        action="store_true",
        help="a second judge that shares nothing with the first: CP-SAT refutes FORMULA "
        "itself and checks its own LRAT proof (exit status 1 when it disagrees)",
    )


def _add_explain(commands: "argparse._SubParsersAction") -> None:
    explain = _command(
        commands,
        "explain",
        command_explain,
        "explain a puzzle's solution step by step, one step a line",
        "Print the steps that solve a puzzle, one a line: the cells a step decides, the clues "
        "or rules it uses, and its kind (Nonogram: overlap, line solver, several lines; "
        "colour Nonogram: overlap, line solver, two lines; Futoshiki: single, sign, chain, "
        "hall, case split). Rows, columns and cells are counted from 0. A puzzle without "
        "exactly one solution is refused with one line and exit status 1. A colour "
        "Nonogram's explanation can stop before the end, where no single line, nor a row and "
        "a column together, decides another cell: it prints the steps found, then one line "
        "saying how many cells are open, and exits with status 5 (--certify is not available "
        "for colour puzzles yet).",
    )
    _add_common(explain)
    _add_time_limit(explain)
    explain.add_argument(
        "--stats", action="store_true", help="also print the counts of the steps (on stderr)"
    )
    _add_max_cells(explain)
    _add_certify(explain)


def _add_convert(commands: "argparse._SubParsersAction") -> None:
    convert = _command(
        commands,
        "convert",
        command_convert,
        "convert a Nonogram between .non, our JSON and webpbn XML",
        "Print a Nonogram in the other format (or the one --to names).",
    )
    _add_common(convert)
    convert.add_argument("--to", choices=["json", "non", "xml"], help="the output format")
    _add_max_cells(convert)


def _add_generate(commands: "argparse._SubParsersAction") -> None:
    generate = commands.add_parser(
        "generate",
        help="make a new puzzle with exactly one solution",
        description="Make a new puzzle: 'generate futoshiki N'.",
    )
    generate.set_defaults(command="generate")
    kinds = generate.add_subparsers(dest="what", required=True, metavar="KIND")
    futoshiki = kinds.add_parser(
        "futoshiki",
        help="a new N x N Futoshiki",
        description="Print a new N x N Futoshiki (4 <= N <= 9) in the text format. "
        "The same seed always gives the same puzzle.",
    )
    futoshiki.set_defaults(run=command_generate_futoshiki, parser=futoshiki)
    futoshiki.add_argument("size", type=int, metavar="N", help="the side of the grid, 4 to 9")
    futoshiki.add_argument("--seed", type=int, default=0, help="default: %(default)s")
    futoshiki.add_argument(
        "--difficulty",
        action="store_true",
        help="also print the givens, signs and CP-SAT search statistics (on stderr)",
    )
    _add_common(futoshiki, file=False)


def prog_name() -> str:
    """``logic-puzzles`` when run as the installed command, else ``python -m helper``."""
    return SCRIPT if Path(sys.argv[0]).stem == SCRIPT else PROG


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    """The parser of the command line: one sub-command per verb."""
    statuses = "; ".join(f"{status} {meaning}" for status, meaning in EXIT_STATUSES.items())
    parser = _Parser(
        prog=prog,
        description="Solve, count, explain, convert and generate Nonogram and Futoshiki "
        "puzzles. Every command but generate takes a file, whose name says the kind of "
        "puzzle: .non and .json are Nonograms, .txt is a Futoshiki in the text format, .xml a "
        "colour Nonogram (webpbn's XML; a .json with colours is one too).",
        epilog=f"Exit status: {statuses}. The same with --json, which makes every command "
        "print one JSON object on stdout, errors too. "
        f"Run '{prog} COMMAND --help' for a command's options. "
        f"Installed, the same commands are '{SCRIPT} COMMAND ...'.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    adders = (_add_solve, _add_count, _add_explain, _add_convert, _add_generate, _add_check_proof)
    for add in adders:
        add(commands)
    assert list(commands.choices) == list(VERBS)
    return parser


# -- running it --------------------------------------------------------------------------------


def _emit(outcome: Outcome, as_json: bool) -> int:
    """Print the outcome as text or as one JSON object; return its exit status."""
    if as_json:
        print(json.dumps(outcome.as_json(), default=_jsonable))
        if outcome.error is not None:
            print(f"error: {outcome.error}", file=sys.stderr)
        return outcome.exit_status
    if outcome.out:
        print(outcome.out)
    if outcome.notes:
        print(outcome.notes, file=sys.stderr)
    if outcome.error is not None:
        print(f"error: {outcome.error}{outcome.report}", file=sys.stderr)
    return outcome.exit_status


def _usage_error(error: UsageError, data: dict[str, Any], as_json: bool) -> int:
    """Report a bad command line: argparse's usage and message on stderr, and with ``--json``
    the JSON object on stdout too."""
    sys.stderr.write(error.text())
    if as_json:
        outcome = Outcome(data, error=error.message, exit_status=EXIT_USAGE)
        print(json.dumps(outcome.as_json()))
    return EXIT_USAGE


SOLVING = frozenset({"solve", "count", "explain", "generate", "check-proof"})
"""The commands that may call a solver, and so load the solvers' libraries first."""


def _load_solver_libraries() -> None:
    """The solvers' C extensions, loaded while the program starts (see :func:`_main`)."""
    from helper.backends import load_libraries

    load_libraries()


def _run(args: argparse.Namespace) -> Outcome:
    """Run the command ``args`` names; its errors become outcomes with their exit status."""
    try:
        return args.run(args)
    except CommandError as error:
        return Outcome(_shared(args), error=str(error), exit_status=error.status)
    except SolverError as error:  # a last guard: the commands return these as statuses
        return _failed_by(_shared(args), error, getattr(args, "file", ""))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (``sys.argv[1:]`` by default); return the exit
    status (the ``logic-puzzles`` command exits with it).

    When the reader of the output goes away (``... | head``), the command stops quietly with
    :data:`EXIT_CLOSED_OUTPUT`, as a program killed by ``SIGPIPE`` would, never a traceback."""
    try:
        return _main(argv)
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_CLOSED_OUTPUT


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's flush at exit
    does not fail again on the closed pipe."""
    try:
        target = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # no file descriptor (a captured stream)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, target)
    os.close(devnull)


def _main(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in words  # known before parsing: a bad command line answers in JSON too
    verb = next((word for word in words if word in VERBS), None)
    unparsed = {"command": verb, "file": None, "kind": None}
    try:
        # The start (parsing, which imports the registries, and the solvers' libraries): a
        # Ctrl-C here waits for its end. Raised during a C extension's import, it would come
        # out as an ImportError, which a library may take for a missing optional dependency
        # and go on (seen: numpy's "PyCapsule_Import could not import module", then a count
        # that ran on, and a process ended by SIGINT instead of with status 130).
        with ctrl_c_deferred():
            args = build_parser(prog_name()).parse_args(words)
            if args.command in SOLVING:
                _load_solver_libraries()
    except UsageError as error:
        return _usage_error(error, unparsed, as_json)
    except SystemExit as stop:  # --help
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    except (KeyboardInterrupt, ImportError) as error:  # Ctrl-C while the program starts
        if not _by_ctrl_c(error):
            raise
        return _emit(_interrupted(unparsed), as_json)
    try:
        outcome = _run(args)
    except UsageError as error:  # found after parsing: --solver, --grade, convert, generate
        return _usage_error(error, _shared(args), as_json)
    except (KeyboardInterrupt, ImportError) as error:  # Ctrl-C: the search stopped
        if not _by_ctrl_c(error):
            raise
        outcome = _interrupted(_shared(args))
    return _emit(outcome, as_json)


def _by_ctrl_c(error: BaseException) -> bool:
    """Whether ``error`` is Ctrl-C: a ``KeyboardInterrupt``, or the ``ImportError`` that a C
    extension (OR-Tools) raises when the interrupt comes while it is being imported."""
    return isinstance(error, KeyboardInterrupt) or isinstance(error.__cause__, KeyboardInterrupt)


def _interrupted(shared: dict[str, Any]) -> Outcome:
    """What a command says when Ctrl-C stopped it: one line, status 130."""
    return Outcome(
        {**shared, "status": "interrupted"},
        error="interrupted by Ctrl-C",
        exit_status=EXIT_INTERRUPTED,
    )


__all__ = [
    "EXIT_INCOMPLETE",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_PUZZLE",
    "EXIT_STATUSES",
    "EXIT_TIMEOUT",
    "EXIT_TOO_LARGE",
    "EXIT_USAGE",
    "KINDS",
    "CommandError",
    "Outcome",
    "build_parser",
    "main",
    "proved_unique",
    "puzzle_kind",
]


if __name__ == "__main__":
    sys.exit(main())
