"""The door to RC2, :class:`~helper.backends.maxsat.MaxSat`, on its own and fast: optima
checked by brute force, its statistics, its back end, and an interrupted RC2 read as a
time-out (or Ctrl-C), never as "the hard clauses cannot hold"."""

import itertools
import random
import signal
import threading
import time

import pytest
from pysat.formula import WCNF
from stubs import ctrl_c_when

from helper.backends import pysat
from helper.backends.maxsat import MaxSat
from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError

HANG = 20.0  # seconds a stand-in RC2 waits for its interrupt before it gives up on it


def random_wcnf(seed, variables=4):
    rng = random.Random(seed)

    def clause():
        chosen = rng.sample(range(1, variables + 1), rng.randint(1, 3))
        return [v * rng.choice((-1, 1)) for v in chosen]

    formula = WCNF()
    for _ in range(rng.randint(0, 5)):
        formula.append(clause())
    for _ in range(rng.randint(1, 6)):
        formula.append(clause(), weight=rng.randint(1, 5))
    return formula


def brute_force(formula, variables=4):
    """The least weight of soft clauses an assignment of the hard ones leaves false, or
    ``None`` when the hard clauses cannot hold."""
    best = None
    for bits in itertools.product((False, True), repeat=variables):
        true = {v + 1 if bit else -(v + 1) for v, bit in enumerate(bits)}
        if all(any(lit in true for lit in c) for c in formula.hard):
            cost = sum(
                w for c, w in zip(formula.soft, formula.wght, strict=True) if not true & set(c)
            )
            best = cost if best is None else min(best, cost)
    return best


def unsatisfied(formula, model):
    true = set(model)
    assert all(any(lit in true for lit in c) for c in formula.hard)
    return sum(w for c, w in zip(formula.soft, formula.wght, strict=True) if not true & set(c))


@pytest.mark.parametrize("seed", range(12))
def test_the_optimum_is_brute_forces(seed):
    formula = random_wcnf(seed)
    expected = brute_force(formula)
    with MaxSat(formula) as maxsat:
        model = maxsat.compute()
        if expected is None:
            assert model is None
        else:
            assert isinstance(model, list) and maxsat.cost == expected
            assert unsatisfied(formula, model) == expected
        assert maxsat.calls == 1 and maxsat.backend == pysat.DEFAULT_BACKEND


def test_clauses_added_later_count_for_the_next_optimum():
    formula = WCNF()
    formula.append([-1, -2])
    formula.append([1], weight=1)
    formula.append([2], weight=2)
    with MaxSat(formula, "m22") as maxsat:
        assert maxsat.compute() == [-1, 2] and maxsat.cost == 1 and type(maxsat.cost) is int
        maxsat.add_clause(iter([-2, 3]))  # hard
        maxsat.add_clause([-3], weight=5)  # soft, and heavier than keeping 2
        assert maxsat.compute() == [1, -2, -3] and maxsat.cost == 2
        maxsat.add_clause([-1])
        assert maxsat.compute() == [-1, -2, -3] and maxsat.cost == 3
        maxsat.add_clause([3], weight=1)  # soft: it can only be left false
        assert maxsat.compute() == [-1, -2, -3] and maxsat.cost == 4
        maxsat.add_clause([1, 2])
        maxsat.add_clause([-2])
        assert maxsat.compute() is None
        assert maxsat.calls == 5


def test_the_back_end_asked_for_runs_rcs_sat_calls_with_its_options():
    formula = random_wcnf(1)
    with MaxSat(formula, "MiniSat22", adapt=True, exhaust=True, minz=True) as maxsat:
        assert maxsat.backend == "minisat22"
        assert type(maxsat._rc2.oracle).__name__ == "Solver"
        assert type(maxsat._rc2.oracle.solver).__name__ == "Minisat22"
        assert (maxsat._rc2.adapt, maxsat._rc2.exhaust, maxsat._rc2.minz) == (True, True, True)
        assert maxsat.compute() is not None and maxsat.cost == brute_force(formula)
    with MaxSat(formula) as plain:
        assert type(plain._rc2.oracle.solver).__name__ == "Glucose3"
        assert (plain._rc2.adapt, plain._rc2.exhaust, plain._rc2.minz) == (False, False, False)


def test_a_back_end_that_cannot_be_interrupted_or_does_not_exist_is_refused():
    choices = ", ".join(sorted(pysat.INTERRUPTIBLE))
    with pytest.raises(ValueError) as error:
        MaxSat(WCNF(), "cd195")
    assert str(error.value) == (
        "CaDiCaL 1.9.5 ('cadical195') cannot be interrupted, so it cannot serve RC2 with a "
        f"time limit; choose one of: {choices}"
    )
    with pytest.raises(ValueError, match=r"^PySAT has no SAT solver named 'rc3'"):
        MaxSat(WCNF(), "rc3")


def test_each_compute_adds_its_sat_calls_counts_to_the_run():
    from pysat.examples.genhard import PHP

    formula = WCNF()
    for clause in PHP(4).clauses:
        formula.append(clause, weight=1)  # soft: which pigeon stays out
    run = Run(stats={"conflicts": 100, "guesses": 1})
    with MaxSat(formula, run=run) as maxsat:
        for extra in ([], [[-1]], [[-2]]):
            for clause in extra:
                maxsat.add_clause(clause)
            assert maxsat.compute() is not None
            totals = maxsat._rc2.oracle.accum_stats()
            assert run.stats == {
                "conflicts": 100 + totals["conflicts"],
                "decisions": totals["decisions"],
                "guesses": 1,
            }
        assert totals["conflicts"] > 0
    assert MaxSat(formula).run.stats == {} and MaxSat(formula).run.deadline.seconds is None


@pytest.mark.parametrize("method", ["", "fewest clues"])
def test_a_passed_deadline_is_checked_before_rc2_starts(method):
    run = Run(Deadline(0.001), method)
    while not run.deadline.passed():
        pass
    with MaxSat(random_wcnf(0), run=run) as maxsat:
        with pytest.raises(SolverTimeoutError) as error:
            maxsat.compute()
        assert str(error.value) == f"{method or 'RC2'}: no answer within 0.001 s"
        assert maxsat.calls == 0 and run.stats == {}


# -- an interrupted RC2 -------------------------------------------------------------------------


class Waits(list):
    """Whether each stalled search was interrupted, and ``started``, set as one starts."""


def stalling(maxsat, *, lose_the_flag=False, set_the_flag=False):
    """Make RC2's compute wait until it is interrupted (or HANG passes), then answer None, as
    an interrupted RC2 does; ``lose_the_flag`` resets RC2's flag as it returns (as RC2 does
    when the interrupt comes just before its search), ``set_the_flag`` interrupts itself."""
    rc2 = maxsat._rc2
    waits = Waits()
    waits.started = threading.Event()  # set as the search starts

    def compute(expect_interrupt=False):
        assert expect_interrupt, "RC2 must expect the interrupt"
        waits.started.set()
        if set_the_flag:
            rc2.interrupted = True
            return None
        end = time.perf_counter() + HANG
        while not rc2.interrupted and time.perf_counter() < end:
            time.sleep(0.001)
        waits.append(rc2.interrupted)
        if lose_the_flag:
            rc2.interrupted = False
        return None

    rc2.compute = compute
    return waits


@pytest.mark.parametrize("lose_the_flag", [False, True])
@pytest.mark.parametrize("method", ["", "nearest fit"])
def test_rc2_stopped_at_the_deadline_is_a_time_out_never_no_solution(method, lose_the_flag):
    run = Run(Deadline(0.05), method)
    with MaxSat(random_wcnf(0), run=run) as maxsat:
        waits = stalling(maxsat, lose_the_flag=lose_the_flag)
        with pytest.raises(SolverTimeoutError) as error:
            maxsat.compute()
        assert str(error.value) == f"{method or 'RC2'}: no optimum within 0.05 s"
        assert waits == [True]  # it was interrupted, and did not give up by itself


def test_rc2_interrupted_otherwise_is_a_time_out_too():
    with MaxSat(random_wcnf(0), run=Run(Deadline(HANG))) as maxsat:
        stalling(maxsat, set_the_flag=True)
        with pytest.raises(SolverTimeoutError, match=r"^RC2: no optimum within 20 s$"):
            maxsat.compute()


def test_the_interrupt_is_cleared_for_the_next_compute():
    formula = random_wcnf(2)
    with MaxSat(formula, run=Run(Deadline(HANG))) as maxsat:
        stalling(maxsat)
        interrupt = maxsat._rc2.interrupt
        maxsat._rc2.interrupt = lambda: None  # nobody else stops it ...
        interrupt()  # ... but it was stopped once
        with pytest.raises(SolverTimeoutError):
            maxsat.compute()
        del maxsat._rc2.compute  # RC2's own again
        assert maxsat._rc2.oracle.solve_limited(expect_interrupt=True) is not None
        assert maxsat.compute() is not None and maxsat.cost == brute_force(formula)


def test_ctrl_c_stops_rc2_and_raises_keyboard_interrupt():
    heard = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: heard.append(number))
    try:
        with MaxSat(random_wcnf(3)) as maxsat:
            waits = stalling(maxsat)
            ctrl_c_when(waits.started)
            with pytest.raises(KeyboardInterrupt):
                maxsat.compute()
            assert heard == [signal.SIGINT] and waits == [True]
    finally:
        signal.signal(signal.SIGINT, previous)


def test_ctrl_c_while_rc2_searches_stops_it_and_waits_for_it():
    """Under Python's own handler, Ctrl-C raises KeyboardInterrupt in the waiting thread: RC2
    is interrupted and waited for (it must be done before anyone frees it), then the
    KeyboardInterrupt goes on."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with MaxSat(random_wcnf(3)) as maxsat:
            waits = stalling(maxsat)
            ctrl_c_when(waits.started)
            with pytest.raises(KeyboardInterrupt):
                maxsat.compute()
            assert waits == [True]  # interrupted, and ended before compute raised
    finally:
        signal.signal(signal.SIGINT, previous)


def test_rc2_runs_in_a_daemon_thread_and_its_errors_reach_the_caller():
    with MaxSat(random_wcnf(5)) as maxsat:
        seen = []

        def compute(expect_interrupt=False):
            seen.append((threading.current_thread().name, threading.current_thread().daemon))
            return [1, -2]

        maxsat._rc2.compute = compute
        assert maxsat.compute() == [1, -2] and seen == [("helper-rc2", True)]
        failure = RuntimeError("RC2 failed")

        def failing(expect_interrupt=False):
            raise failure

        maxsat._rc2.compute = failing
        with pytest.raises(RuntimeError) as error:
            maxsat.compute()
        assert error.value is failure


def test_a_closed_maxsat_has_freed_rc2():
    maxsat = MaxSat(random_wcnf(4))
    with maxsat as same:
        assert same is maxsat
    assert maxsat._rc2.oracle is None
