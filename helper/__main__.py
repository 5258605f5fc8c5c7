"""The command line: solve, count, convert and generate puzzles from a terminal.

Run ``python -m helper --help`` for the commands and ``python -m helper COMMAND --help`` for
their options. Exit status: 0 done, 1 the puzzle is at fault (a bad file, no solution),
2 the command line is at fault (an unknown option or method), 3 the time limit ran out.
"""

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from helper.errors import SolverTimeoutError
from helper.report import CONFLICT_SECONDS, conflict_report

if TYPE_CHECKING:
    from helper.futoshiki import Futoshiki
    from helper.nonogram import Nonogram
    from helper.results import CountResult

EXIT_PUZZLE, EXIT_USAGE, EXIT_TIMEOUT = 1, 2, 3


class CommandError(Exception):
    """A problem to report on stderr as ``error: ...`` with an exit status."""

    def __init__(self, message: str, status: int = EXIT_PUZZLE) -> None:
        super().__init__(message)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """argparse's parser, with its error messages wrapped to the book's line width (an unknown
    ``--method`` lists every solver: one long line otherwise)."""

    def error(self, message: str) -> NoReturn:
        from helper.text import wrap

        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, wrap(f"{self.prog}: error: {message}", indent="    ") + "\n")


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


MAX_TEXT_BYTES = 1 << 20
"""A Futoshiki text file larger than this is refused unread (a 9 x 9 puzzle takes 300 bytes)."""


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


def _read_nonogram(path: str, max_cells: int):
    from helper.formats import read_puzzle_file

    try:
        return read_puzzle_file(path, max_cells=max_cells)  # ValueErrors name the file
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except ValueError as error:
        raise CommandError(str(error)) from None
    except (RecursionError, MemoryError) as error:  # a last guard: the readers avoid both
        raise CommandError(f"{path}: cannot read it ({type(error).__name__})") from None
    except OSError as error:
        raise CommandError(f"{path}: cannot read it ({error.strerror})") from None


def _count_words(count: "CountResult") -> str:
    limit = count.limit
    if not count.complete:
        return (
            f"at least {count.count} solution{'s' if count.count != 1 else ''}: the time limit "
            "ran out before the count was complete"
        )
    if count.count == 0:
        return "0 solutions: no grid fits the puzzle"
    noun = "solution" if count.count == 1 else "solutions"
    if count.reached_limit:
        return f"at least {count.count} {noun} (counting stopped at --limit {limit})"
    return f"{count.count} {noun}" + (": the puzzle is unique" if count.unique else "")


def _print_count(count: "CountResult") -> None:
    print(_count_words(count))
    if count.status == "too large":
        raise CommandError(f"the model is too large: {count.message}", EXIT_TIMEOUT)
    if not count.complete:
        raise CommandError(f"time limit reached: {count.message}", EXIT_TIMEOUT)


def _board_text(grid: Sequence[Sequence[int]]) -> str:
    return "\n".join("".join("#" if cell else "." for cell in row) for row in grid)


def _conflicts(puzzle: "Nonogram", time_limit: float | None) -> str:
    """The lines to retype and to blame for "no solution", or a note that time ran out."""
    from helper.nonogram.conflicts import diagnose_lines

    seconds = time_limit or CONFLICT_SECONDS
    try:
        found = diagnose_lines(puzzle, time_limit=seconds)
    except SolverTimeoutError:
        return f"\n(no lines named within {seconds:g} s)"
    return conflict_report(found, "lines")


def _futoshiki_conflicts(puzzle: "Futoshiki", time_limit: float | None) -> str:
    """The givens and signs to retype and to blame for "no solution"."""
    from helper.futoshiki.conflicts import clues_to_retype

    seconds = time_limit or CONFLICT_SECONDS
    try:
        found = clues_to_retype(puzzle, time_limit=seconds)
    except SolverTimeoutError:
        return f"\n(no clues named within {seconds:g} s)"
    return conflict_report(found, "clues")


def _refuse_limit_without_count(args: argparse.Namespace) -> None:
    if args.limit is not None and not args.count:
        raise CommandError("--limit applies only to --count", EXIT_USAGE)


def command_solve(args: argparse.Namespace) -> None:
    from helper.nonogram import COUNTERS, RECOMMENDED_SOLVER, SOLVERS, count_solutions
    from helper.nonogram.make import grade
    from helper.nonogram.unique import DEFAULT_COUNTER

    _refuse_limit_without_count(args)
    if args.count:
        method = args.method or DEFAULT_COUNTER
        if method not in COUNTERS:
            raise CommandError(
                f"--method {method} cannot count solutions; the methods that can: "
                f"{', '.join(COUNTERS)}",
                EXIT_USAGE,
            )
    else:
        method = args.method or RECOMMENDED_SOLVER
    puzzle = _read_nonogram(args.file, args.max_cells)
    if args.count:
        limit = 2 if args.limit is None else args.limit
        _print_count(count_solutions(puzzle, limit, time_limit=args.time_limit, method=method))
    else:
        result = SOLVERS[method](puzzle, time_limit=args.time_limit)
        if result.status in ("timeout", "too large"):
            raise CommandError(f"time limit reached: {result.message}", EXIT_TIMEOUT)
        if not result.solved:
            report = _conflicts(puzzle, args.time_limit)
            raise CommandError(f"{args.file}: {result.message}{report}")
        print(_board_text(result.picture()))
    if args.grade:
        print(f"grade: {grade(puzzle)}")


def command_futoshiki(args: argparse.Namespace) -> None:
    from helper.futoshiki import Futoshiki, count_solutions, solve

    _refuse_limit_without_count(args)
    try:
        puzzle = Futoshiki.from_text(_read_text(args.file), name=args.file)
    except ValueError as error:
        raise CommandError(f"{args.file}: {error}") from None
    if args.count:
        limit = 2 if args.limit is None else args.limit
        _print_count(count_solutions(puzzle, limit, time_limit=args.time_limit))
        return
    result = solve(puzzle, time_limit=args.time_limit)
    if result.status == "timeout":
        raise CommandError(f"time limit reached: {result.message}", EXIT_TIMEOUT)
    if not result.solved:
        report = _futoshiki_conflicts(puzzle, args.time_limit)
        raise CommandError(f"{args.file}: {result.message}{report}")
    print(Futoshiki(result.picture(), puzzle.constraints).to_text())


def command_generate_futoshiki(args: argparse.Namespace) -> None:
    from helper.futoshiki import difficulty, format_futoshiki, generate_futoshiki

    try:
        grid, constraints = generate_futoshiki(args.size, seed=args.seed)
    except ValueError as error:
        raise CommandError(str(error), EXIT_USAGE) from None
    print(format_futoshiki(grid, constraints))
    if args.difficulty:
        stats = difficulty(grid, constraints)
        print(
            f"givens {stats['givens']}, signs {stats['signs']}, "
            f"CP-SAT branches {stats['branches']}, conflicts {stats['conflicts']}",
            file=sys.stderr,
        )


def command_convert(args: argparse.Namespace) -> None:
    from helper.formats import write_json, write_non

    puzzle = _read_nonogram(args.file, args.max_cells)
    target = args.to or ("json" if Path(args.file).suffix.lower() != ".json" else "non")
    sys.stdout.write(write_json(puzzle) if target == "json" else write_non(puzzle))


def command_explain(args: argparse.Namespace) -> None:
    """Print the steps that solve a Nonogram (.non, .json) or a Futoshiki (.txt), one a line."""
    from helper import futoshiki
    from helper.errors import NoSolutionError, NotUniqueError
    from helper.explain.futoshiki import explain as explain_futoshiki
    from helper.explain.nonogram import explain as explain_nonogram

    try:
        if Path(args.file).suffix.lower() == ".txt":
            try:
                puzzle = futoshiki.Futoshiki.from_text(_read_text(args.file), name=args.file)
            except ValueError as error:
                raise CommandError(f"{args.file}: {error}") from None
            steps = explain_futoshiki(puzzle, time_limit=args.time_limit)
        else:
            nonogram_puzzle = _read_nonogram(args.file, args.max_cells)
            steps = explain_nonogram(nonogram_puzzle, time_limit=args.time_limit)
    except (NoSolutionError, NotUniqueError) as error:
        raise CommandError(f"{args.file}: {error}") from None
    for step in steps:
        print(step)
    if args.stats:
        print(
            f"{len(steps)} steps: {steps.single_line} use one premise, {steps.multi_line} more; "
            f"{steps.sat_calls} SAT calls, {steps.hitting_sets} hitting sets",
            file=sys.stderr,
        )


def _add_explain(commands: "argparse._SubParsersAction") -> None:
    explain = commands.add_parser(
        "explain",
        help="explain a puzzle's solution step by step, one step a line",
        description="Print the steps that solve a Nonogram (.non or .json file) or a Futoshiki "
        "(.txt file in the text format), one a line: the cells a step decides, the clues or "
        "rules it uses, and its kind (Nonogram: overlap, line, lines; Futoshiki: single, sign, "
        "chain, hall, case split). Rows, columns and cells are counted from 0. A puzzle without "
        "exactly one solution is refused with one line and exit status 1.",
    )
    explain.add_argument("file", metavar="FILE", help="the puzzle file")
    explain.add_argument(
        "--time-limit", type=_positive_float, metavar="SECONDS", help="give up after this long"
    )
    explain.add_argument(
        "--stats", action="store_true", help="also print the counts of the steps (on stderr)"
    )
    _add_max_cells(explain)
    explain.set_defaults(run=command_explain)


def _add_max_cells(command: argparse.ArgumentParser) -> None:
    from helper.formats import MAX_CELLS

    command.add_argument(
        "--max-cells",
        type=_positive_int,
        default=MAX_CELLS,
        metavar="N",
        help="refuse a grid of more than N cells before building anything "
        "(default: %(default)s, a 500 x 500 grid)",
    )


def build_parser() -> argparse.ArgumentParser:
    from helper import nonogram
    from helper.nonogram import COUNTERS, SOLVERS
    from helper.nonogram.unique import DEFAULT_COUNTER

    parser = _Parser(
        prog="python -m helper",
        description="Solve, check, convert and generate Nonogram and Futoshiki puzzles.",
        epilog="Exit status: 0 done, 1 bad puzzle file or no solution, 2 bad command line, "
        "3 time limit reached. Run 'python -m helper COMMAND --help' for a command's options.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve = commands.add_parser(
        "solve",
        help="solve a Nonogram (.non or .json file) and print the picture",
        description="Solve a Nonogram and print it with '#' for a filled cell and '.' for an "
        'empty one. FILE is our JSON ({"rows": [...], "cols": [...]}) when it ends in '
        ".json, and the .non text format otherwise. When the puzzle has no solution, the "
        "error names a minimal set of lines whose clues cannot all hold, one per line.",
    )
    solve.add_argument("file", metavar="FILE", help="the puzzle file")
    solve.add_argument(
        "--method",
        choices=sorted(SOLVERS),
        metavar="NAME",
        help="the solver to use, one of: %(choices)s (default: "
        f"{nonogram.RECOMMENDED_SOLVER}; with --count: {DEFAULT_COUNTER}, and only "
        f"{', '.join(COUNTERS)} can count)",
    )
    solve.add_argument(
        "--count",
        action="store_true",
        help="print how many solutions there are (up to --limit) instead of a solution",
    )
    solve.add_argument(
        "--limit",
        type=_positive_int,
        help="with --count: stop counting at this many solutions (default: 2, enough to "
        "tell a unique puzzle)",
    )
    solve.add_argument(
        "--grade", action="store_true", help="also grade it: line logic, line probing, needs search"
    )
    solve.add_argument(
        "--time-limit",
        type=_positive_float,
        metavar="SECONDS",
        help="give up after this long (solving or counting; a count says what it found); "
        "with no solution, look this long for the clues to blame "
        f"(default {CONFLICT_SECONDS:g} s)",
    )
    _add_max_cells(solve)
    solve.set_defaults(run=command_solve)

    futoshiki = commands.add_parser(
        "futoshiki",
        help="solve a Futoshiki in the text format and print the solution",
        description="Solve a Futoshiki written in the text format: one line per row, digits "
        "(0 or . for an empty cell) separated by ' ', '<' or '>', and between two rows an "
        "optional line of '^' / 'v' under the cells they compare ('^': the upper cell is "
        "smaller).",
    )
    futoshiki.add_argument("file", metavar="FILE", help="the puzzle file")
    futoshiki.add_argument(
        "--count", action="store_true", help="print how many solutions there are (up to --limit)"
    )
    futoshiki.add_argument(
        "--limit", type=_positive_int, help="with --count: stop counting here (default: 2)"
    )
    futoshiki.add_argument(
        "--time-limit",
        type=_positive_float,
        metavar="SECONDS",
        help="give up after this long (solving or counting; a count says what it found); "
        "with no solution, look this long for the clues to blame "
        f"(default {CONFLICT_SECONDS:g} s)",
    )
    futoshiki.set_defaults(run=command_futoshiki)

    generate = commands.add_parser(
        "generate-futoshiki",
        help="make a new Futoshiki with exactly one solution",
        description="Print a new N x N Futoshiki (4 <= N <= 9) in the text format. "
        "The same seed always gives the same puzzle.",
    )
    generate.add_argument("size", type=int, metavar="N", help="the side of the grid, 4 to 9")
    generate.add_argument("--seed", type=int, default=0, help="default: %(default)s")
    generate.add_argument(
        "--difficulty",
        action="store_true",
        help="also print the givens, signs and CP-SAT search statistics (on stderr)",
    )
    generate.set_defaults(run=command_generate_futoshiki)

    convert = commands.add_parser(
        "convert",
        help="convert a Nonogram between .non and our JSON",
        description="Print the puzzle in the other format (or the one --to names).",
    )
    convert.add_argument("file", metavar="FILE", help="a .non or .json puzzle file")
    convert.add_argument("--to", choices=["json", "non"], help="the output format")
    _add_max_cells(convert)
    convert.set_defaults(run=command_convert)
    _add_explain(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (``sys.argv[1:]`` by default); return the status."""
    from helper.errors import ModelTooLargeError, SolverTimeoutError

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except CommandError as error:
        print(f"error: {error}", file=sys.stderr)  # one line, as scripts expect
        return error.status
    except (SolverTimeoutError, ModelTooLargeError) as error:
        print(f"error: time limit reached: {error}", file=sys.stderr)
        return EXIT_TIMEOUT
    return 0


if __name__ == "__main__":
    sys.exit(main())
