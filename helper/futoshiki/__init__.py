"""The Futoshiki family: text format, validation, the CP-SAT model, the check, a SAT encoding.

A puzzle is ``(grid, constraints)``: ``grid`` a square list of rows (0 = empty cell) and
``constraints`` a list of ``((r1, c1), (r2, c2))`` meaning cell 1 < cell 2.
"""

from .check import check_futoshiki
from .cnf import SatResult, count_solutions_sat, futoshiki_cnf, solve_futoshiki_sat
from .generate import difficulty, generate_futoshiki  # noqa: F401
from .model import GameBoard, count_solutions, solve_futoshiki
from .samples import load_futoshiki, load_solution, sample_names
from .text import format_futoshiki, parse_futoshiki
from .validate import Cell, Constraint, Grid, validate_futoshiki

__all__ = [
    "Cell",
    "Constraint",
    "GameBoard",
    "Grid",
    "SatResult",
    "check_futoshiki",
    "count_solutions",
    "count_solutions_sat",
    "format_futoshiki",
    "futoshiki_cnf",
    "load_futoshiki",
    "load_solution",
    "parse_futoshiki",
    "sample_names",
    "solve_futoshiki",
    "solve_futoshiki_sat",
    "validate_futoshiki",
]
