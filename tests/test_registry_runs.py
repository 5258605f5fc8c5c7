"""What a registered solver and counter do around a model, on a registry of the test's own:
the statuses of ``run_model`` and ``run_counter``, the checks of every grid, the table's views
and its one message for a wrong name. Tiny Nonograms whose every picture is known."""

import dataclasses
import itertools
import time

import pytest

from helper.errors import ModelTooLargeError, NoSolutionError, SolverTimeoutError
from helper.nonogram import Nonogram
from helper.nonogram.puzzle import as_nonogram
from helper.registry import Entry, Family, Registry, run_counter, run_model

TOY = Family("Toy", as_nonogram, "no solution: the toy has none")
CROSS = Nonogram([[1], [1]], [[1], [1]])  # two pictures: the two diagonals
DIAGONALS = [[[1, 0], [0, 1]], [[0, 1], [1, 0]]]
ONE = Nonogram([[1]], [[1]])


def every_picture(puzzle):
    """Brute force: every 0/1 grid with the puzzle's clues."""
    for bits in itertools.product((0, 1), repeat=puzzle.cells):
        grid = [list(bits[r * puzzle.width : (r + 1) * puzzle.width]) for r in range(puzzle.height)]
        if puzzle.check(grid):
            yield grid


def test_the_brute_force_knows_the_toys():
    assert list(every_picture(CROSS)) == sorted(DIAGONALS)
    assert list(every_picture(ONE)) == [[[1]]]


# -- run_model ---------------------------------------------------------------------------------


def test_a_model_is_run_with_the_puzzle_a_run_and_its_config():
    seen = []

    def model(puzzle, run, *config):
        seen.append((puzzle, run.method, run.deadline.seconds, config))
        run.count(guesses=2)
        run.method = "the step that answered"
        return [[True, False], [False, True]]  # any truthy cells: kept as 0/1 ints

    result = run_model(model, "toy", CROSS, 5.0, family=TOY)
    assert seen == [(CROSS, "toy", 5.0, ())]
    assert result.status == "solved" and result.grid == [[1, 0], [0, 1]]
    assert {type(cell) for row in result.grid for cell in row} == {int}
    assert (result.solver, result.method, result.message) == ("toy", "the step that answered", "")
    assert result.stats == {"guesses": 2} and type(result.stats) is dict
    configured = run_model(model, "toy", CROSS, None, config="fast", family=TOY)
    assert seen[-1] == (CROSS, "toy", None, ("fast",)) and configured.solved


def test_the_seconds_are_the_models_wall_time():
    def slow(puzzle, run):
        time.sleep(0.02)
        return [[1]]

    result = run_model(slow, "slow", ONE, None)
    assert 0.02 <= result.seconds < 30  # a generous bound: it is no clock reading


def test_the_family_accepts_the_puzzle_first():
    with pytest.raises(TypeError, match="expected a Nonogram, got list"):
        run_model(lambda puzzle, run: [[1]], "toy", [[1]], None, family=TOY)
    with pytest.raises(TypeError, match="expected a Nonogram, got list"):
        run_counter(lambda puzzle, run, limit: iter([]), "toy", [[1]], 2, None, family=TOY)


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (ModelTooLargeError, "too large"),
        (SolverTimeoutError, "timeout"),
        (NoSolutionError, "no solution"),
    ],
)
def test_what_a_model_raises_is_a_status(error, status):
    def model(puzzle, run):
        raise error("the model's own words")

    result = run_model(model, "toy", ONE, None, family=TOY)
    assert (result.status, result.grid, result.message) == (status, None, "the model's own words")
    with pytest.raises(error, match=r"^the model's own words$"):
        result.picture()


def test_none_is_no_solution_in_the_familys_words():
    result = run_model(lambda puzzle, run: None, "toy", ONE, None, family=TOY)
    assert (result.status, result.grid) == ("no solution", None)
    assert result.message == "no solution: the toy has none"
    bare = run_model(lambda puzzle, run: None, "toy", ONE, None)
    assert bare.message == "no solution: nothing satisfies every rule"


def test_a_grid_that_breaks_the_clues_is_a_bug_not_an_answer():
    with pytest.raises(RuntimeError) as error:
        run_model(lambda puzzle, run: [[0]], "liar", ONE, None)
    assert str(error.value) == "solver 'liar' returned a grid that breaks the clues"


def test_a_time_limit_is_the_models_deadline():
    def wait(puzzle, run):
        while not run.deadline.passed():
            time.sleep(0.001)
        run.deadline.check("wait")

    result = run_model(wait, "toy", ONE, 0.01)
    assert (result.status, result.message) == ("timeout", "wait: no answer within 0.01 s")


# -- run_counter -------------------------------------------------------------------------------


def yielding(*grids, then=None):
    """A counting model that yields ``grids``, then raises ``then`` (if given)."""

    def count(puzzle, run, limit, *config):
        count.calls.append((puzzle, run.method, limit, config))
        run.count(branches=1)
        yield from grids
        if then is not None:
            raise then

    count.calls = []
    return count


@pytest.mark.parametrize("limit", [None, 1, 2, 3])
def test_a_count_keeps_up_to_limit_solutions_and_says_what_they_mean(limit):
    model = yielding(*DIAGONALS)
    count = run_counter(model, "toy", CROSS, limit, None, family=TOY)
    kept = DIAGONALS if limit is None else DIAGONALS[:limit]
    assert model.calls == [(CROSS, "toy", limit, ())]
    assert list(count.solutions) == kept and count.complete and count.status == "solved"
    assert count.exact is (limit is None or limit > 2) and count.unique is False
    assert count.stats == {"branches": 1, "solutions": len(kept)}
    assert (count.solver, count.method, count.limit, count.message) == ("toy", "toy", limit, "")


def test_a_count_stops_asking_at_its_limit():
    asked = []

    def endless(puzzle, run, limit):
        for grid in itertools.cycle(DIAGONALS):
            asked.append(grid)
            yield grid if len(asked) <= 2 else pytest.fail("asked past the limit")

    count = run_counter(endless, "toy", CROSS, 2, None)
    assert count.count == 2 and count.reached_limit and len(asked) == 2


def test_a_count_takes_its_config_and_converts_the_cells():
    model = yielding([[True]])
    count = run_counter(model, "toy", ONE, 2, None, config="cfg")
    assert model.calls[-1][2:] == (2, ("cfg",))
    assert count.solutions == ([[1]],) and type(count.solutions[0][0][0]) is int
    assert count.unique and count.seconds >= 0


@pytest.mark.parametrize("limit", [0, -1, 1.5, True])
def test_a_wrong_limit_is_refused_before_the_model_runs(limit):
    model = yielding([[1]])
    with pytest.raises(ValueError, match="limit must be a positive integer or None"):
        run_counter(model, "toy", ONE, limit, None)
    assert model.calls == []


def test_the_same_grid_twice_or_a_wrong_grid_is_a_bug():
    with pytest.raises(RuntimeError) as error:
        run_counter(yielding(DIAGONALS[0], [[1, 0], [0, 1]]), "twice", CROSS, None, None)
    assert str(error.value) == "counter 'twice' returned the same grid twice"
    with pytest.raises(RuntimeError) as error:
        run_counter(yielding(DIAGONALS[0], [[1, 1], [0, 0]]), "liar", CROSS, None, None)
    assert str(error.value) == "counter 'liar' returned a grid that breaks the clues"


def test_the_counting_model_is_closed_before_the_count_returns_or_raises():
    """A generator's ``finally`` (where a model frees its solver) runs before run_counter is
    done, even when the count fails and its traceback still holds the generator; a model
    that returns a plain iterator, with nothing to close, is counted as well."""
    closed = []

    def model(puzzle, run, limit):
        try:
            yield DIAGONALS[0]
            yield DIAGONALS[0]  # the same grid twice: a bug of the model
        finally:
            closed.append("closed")

    with pytest.raises(RuntimeError) as error:
        run_counter(model, "twice", CROSS, None, None)
    assert closed == ["closed"] and error.value.__traceback__ is not None
    count = run_counter(lambda puzzle, run, limit: iter(DIAGONALS), "plain", CROSS, None, None)
    assert list(count.solutions) == DIAGONALS and count.complete


@pytest.mark.parametrize(
    ("error", "status"), [(ModelTooLargeError, "too large"), (SolverTimeoutError, "timeout")]
)
@pytest.mark.parametrize("before", [0, 1])
def test_a_cut_count_keeps_what_it_found_and_is_incomplete(error, status, before):
    model = yielding(*DIAGONALS[:before], then=error("cut"))
    count = run_counter(model, "toy", CROSS, 5, None, family=TOY)
    assert list(count.solutions) == DIAGONALS[:before]
    assert (count.status, count.complete, count.message) == (status, False, "cut")
    assert not count.exact and not count.unique and not count.reached_limit
    assert count.stats == {"branches": 1, "solutions": before}


def test_no_solution_is_a_complete_count_of_none():
    said = run_counter(yielding(then=NoSolutionError("none, said the model")), "toy", ONE, 2, None)
    assert (said.status, said.complete, said.message, said.count) == (
        "no solution",
        True,
        "none, said the model",
        0,
    )
    assert said.exact and not said.unique
    empty = run_counter(yielding(), "toy", ONE, 2, None, family=TOY)
    assert (empty.status, empty.complete, empty.message) == (
        "no solution",
        True,
        "no solution: the toy has none",
    )
    bare = run_counter(yielding(), "toy", ONE, 2, None)
    assert (bare.status, bare.message) == ("no solution", "no solution")


def test_solutions_then_no_solution_is_a_bug():
    model = yielding(DIAGONALS[0], then=NoSolutionError("none"))
    with pytest.raises(RuntimeError) as error:
        run_counter(model, "flip", CROSS, None, None)
    assert str(error.value) == "counter 'flip' found solutions, then none"
    assert isinstance(error.value.__cause__, NoSolutionError)


def test_a_count_that_runs_out_of_time_keeps_its_solutions():
    def slow(puzzle, run, limit):
        yield DIAGONALS[0]
        while not run.deadline.passed():
            time.sleep(0.001)
        run.deadline.check("slow")

    count = run_counter(slow, "toy", CROSS, None, 0.01)
    assert list(count.solutions) == DIAGONALS[:1]
    assert (count.status, count.complete, count.message) == (
        "timeout",
        False,
        "slow: no answer within 0.01 s",
    )
    assert 0.01 <= count.seconds < 30


# -- the table ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Settings:
    fill: int = 1


def toy_registry():
    toys = Registry(TOY)

    @toys.register("solves")
    def solves(puzzle, run):
        return next(every_picture(puzzle))

    @toys.register_counter("both")
    def both_count(puzzle, run, limit, settings):
        yield from itertools.islice(every_picture(puzzle), settings.fill)

    @toys.register("both", config=Settings())
    def both_solve(puzzle, run, settings):
        return [[settings.fill]] if settings.fill else None

    @toys.register_counter("counts", config=Settings(fill=5))
    def counts(puzzle, run, limit, settings):
        yield from itertools.islice(every_picture(puzzle), settings.fill)

    return toys


def test_the_views_list_the_names_that_can_in_the_order_registered():
    toys = toy_registry()
    assert list(toys) == ["solves", "both", "counts"] and len(toys) == 3
    assert list(toys.solvers) == ["solves", "both"] and len(toys.solvers) == 2
    assert list(toys.counters) == ["both", "counts"] and len(toys.counters) == 2
    assert toys.names("solve") == ["solves", "both"] and toys.names("count") == ["both", "counts"]
    assert repr(toys.solvers) == "<solve view of ['solves', 'both']>"
    assert repr(toys.counters) == "<count view of ['both', 'counts']>"
    assert repr(toys) == "<Toy registry: ['solves', 'both', 'counts']>"
    assert "counts" not in toys.solvers and "solves" in toys.solvers
    for view, name in [(toys.solvers, "counts"), (toys.counters, "solves"), (toys.solvers, "x")]:
        with pytest.raises(KeyError) as error:
            view[name]
        assert error.value.args == (name,)
    with pytest.raises(KeyError):
        toys["x"]
    assert [entry.name for entry in toys.values()] == ["solves", "both", "counts"]
    entry = toys["both"]
    assert isinstance(entry, Entry) and entry.name == "both"
    assert entry.solve is toys.solvers["both"] and entry.count is toys.counters["both"]
    assert entry.capabilities == {"solve", "count"} and entry.can("solve") and entry.can("count")
    assert toys["solves"].capabilities == {"solve"} and not toys["solves"].can("count")
    assert toys["counts"].capabilities == {"count"} and not toys["counts"].can("solve")
    assert Entry("empty").capabilities == set() and not Entry("empty").can("solve")


def test_order_puts_the_named_first_and_keeps_the_rest_as_they_were():
    toys = toy_registry()
    toys.order(["counts"])
    assert list(toys) == ["counts", "solves", "both"]
    assert list(toys.solvers) == ["solves", "both"] and list(toys.counters) == ["counts", "both"]
    toys.order(("both", "solves", "counts"))
    assert list(toys) == ["both", "solves", "counts"]


@pytest.mark.parametrize("capability", ["draw", "solver", ""])
def test_a_capability_is_solve_or_count(capability):
    toys = toy_registry()
    message = f"a capability is 'solve' or 'count', not {capability!r}"
    for call in (lambda: toys.names(capability), lambda: toys.lookup("both", capability)):
        with pytest.raises(ValueError) as error:
            call()
        assert str(error.value) == message


def test_lookup_names_the_family_the_role_and_what_the_name_can_do():
    toys = toy_registry()
    assert toys.lookup("both", "solve") is toys.solvers["both"]
    assert toys.lookup("both", "count") is toys.counters["both"]
    cases = [
        ("magic", "solve", "unknown Toy solver 'magic'; the Toy solvers are: solves, both"),
        ("magic", "count", "unknown Toy counter 'magic'; the Toy counters are: both, counts"),
        ("counts", "solve", "'counts' can count but not solve; the Toy solvers are: solves, both"),
        ("solves", "count", "'solves' can solve but not count; the Toy counters are: both, counts"),
    ]
    for name, capability, message in cases:
        with pytest.raises(ValueError) as error:
            toys.lookup(name, capability)
        assert str(error.value) == message
        assert toys.unknown(name, capability) == message
    toys._entries["bare"] = Entry("bare")  # a name with neither is unknown too
    assert toys.unknown("bare", "solve").startswith("unknown Toy solver 'bare'; ")


def test_registered_solvers_and_counters_run_the_model_with_their_config():
    toys = toy_registry()
    solve, count = toys.solvers["both"], toys.counters["both"]
    assert solve.config == Settings() and count.config is None
    assert toys.counters["counts"].config == Settings(fill=5)
    assert solve.__wrapped__.__name__ == "both_solve" and solve.__name__ == "both_solve"
    result = solve(ONE)
    assert (result.status, result.grid, result.solver, result.method) == (
        "solved",
        [[1]],
        "both",
        "both",
    )
    none = solve(ONE, config=Settings(fill=0))
    assert (none.status, none.message) == ("no solution", "no solution: the toy has none")
    assert solve.config == Settings()  # the default is untouched
    for call in (solve, count, toys.counters["counts"]):
        with pytest.raises(TypeError, match="expected a Nonogram, got list"):
            call([[1]])
    unsolvable = Nonogram([[2], []], [[], [2]])
    assert list(every_picture(unsolvable)) == []
    nothing = toys.counters["counts"](unsolvable)
    assert (nothing.status, nothing.message) == ("no solution", "no solution: the toy has none")
    counted = toys.counters["counts"](CROSS)  # limit 2 by default
    assert list(counted.solutions) == sorted(DIAGONALS) and counted.reached_limit
    assert toys.counters["counts"](CROSS, None).exact
    assert toys.counters["counts"](CROSS, 1).solutions == (sorted(DIAGONALS)[0],)
    assert toys.counters["counts"](CROSS, None, config=Settings(fill=1)).count == 1
    two = toys.counters["both"](CROSS, None, config=Settings(fill=2))
    assert two.count == 2 and two.exact and two.solver == "both"
    assert toys.counters["both"](CROSS, None, config=Settings(fill=1)).count == 1


def test_a_registered_solver_keeps_its_time_limit():
    toys = Registry(TOY)

    @toys.register("waits")
    def waits(puzzle, run):
        assert run.deadline.seconds == 0.01
        while not run.deadline.passed():
            time.sleep(0.001)
        run.deadline.check("waits")

    @toys.register_counter("waits")
    def waits_count(puzzle, run, limit):
        assert run.deadline.seconds == 0.01
        yield [[1]]
        while not run.deadline.passed():
            time.sleep(0.001)
        run.deadline.check("waits")

    assert toys.solvers["waits"](ONE, time_limit=0.01).status == "timeout"
    count = toys.counters["waits"](ONE, None, time_limit=0.01)
    assert (count.status, count.count, count.complete) == ("timeout", 1, False)


def test_a_name_is_registered_once_per_capability():
    toys = toy_registry()
    with pytest.raises(ValueError) as error:
        toys.register("solves")(lambda puzzle, run: None)
    assert str(error.value) == "a solver named 'solves' is already registered"
    with pytest.raises(ValueError) as error:
        toys.register_counter("both")(lambda puzzle, run, limit: iter([]))
    assert str(error.value) == "a counter named 'both' is already registered"
    assert toys.solvers["solves"].__name__ == "solves"  # the first one stays
    assert list(toys) == ["solves", "both", "counts"]
