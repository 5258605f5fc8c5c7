"""The answer check: does a filled grid solve a Futoshiki? Independent of every solver."""

from collections.abc import Sequence


def check_futoshiki(
    grid: Sequence[Sequence[int]],
    constraints: Sequence[Sequence[Sequence[int]]],
    solution: Sequence[Sequence[int]],
) -> bool:
    """True when ``solution`` fills ``grid`` and obeys every rule of the puzzle.

    It looks only at the numbers, no solver: the solution has the grid's shape, each row and
    each column holds ``1..n`` once each, every given is kept, and every constraint
    ``((r1, c1), (r2, c2))`` has ``solution[r1][c1] < solution[r2][c2]``.

    Parameters
    ----------
    grid
        The puzzle's rows, ``0`` for an empty cell.
    constraints
        Its signs, ``((r1, c1), (r2, c2))`` meaning cell 1 < cell 2.
    solution
        The answer to check.

    Returns
    -------
    bool
        Whether ``solution`` is an answer to the puzzle.

    Examples
    --------
    >>> check_futoshiki([[0, 0], [0, 0]], [((0, 0), (0, 1))], [[1, 2], [2, 1]])
    True
    >>> check_futoshiki([[0, 0], [0, 0]], [((0, 0), (0, 1))], [[2, 1], [1, 2]])  # 2 < 1 fails
    False
    """
    try:
        size = len(grid)
        if len(solution) != size or any(len(row) != size for row in solution):
            return False
        full = set(range(1, size + 1))
        if any(set(row) != full or len(row) != size for row in solution):
            return False
        if any({solution[r][c] for r in range(size)} != full for c in range(size)):
            return False
        for r in range(size):
            for c in range(size):
                if grid[r][c] and grid[r][c] != solution[r][c]:
                    return False
        for (r1, c1), (r2, c2) in constraints:
            if not all(0 <= x < size for x in (r1, c1, r2, c2)):
                return False
            if not solution[r1][c1] < solution[r2][c2]:
                return False
        return True
    except (TypeError, IndexError):
        return False
