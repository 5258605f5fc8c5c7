"""The door to PySAT, :class:`~helper.backends.pysat.SatSolver`, on its own and fast: names,
answers checked by brute force, budgets of a call against the run's deadline, statistics that
add up, the blocking-clause loop, Ctrl-C (by a signal to this process, no child), and a back
end that Ctrl-C left broken.

The searches that must be stopped run in a stand-in back end that answers after a while unless
it is interrupted first (:class:`stubs.Answers`), so that no test depends on a formula staying
hard.
"""

import itertools
import signal
import threading
import time

import pysolvers
import pytest
from pysat.examples.genhard import PHP
from pysat.solvers import SolverNames
from stubs import HANG, answering, ctrl_c_when

from helper.backends import pysat
from helper.backends.pysat import NAMES, READABLE, SatSolver
from helper.deadline import Deadline, Run
from helper.errors import SolverTimeoutError

SATISFIABLE = [[1, 2], [-1, 2], [-2, 3], [-3, -1]]  # one model: -1, 2, 3
PIGEONS = PHP(5).clauses  # 6 pigeons, 5 holes: unsatisfiable after some hundred conflicts


def models_by_brute_force(clauses, variables):
    for bits in itertools.product((False, True), repeat=variables):
        model = [v + 1 if bit else -(v + 1) for v, bit in enumerate(bits)]
        true = set(model)
        if all(any(lit in true for lit in clause) for clause in clauses):
            yield model


# -- names --------------------------------------------------------------------------------------


def test_every_alias_of_every_back_end_in_any_case_has_one_canonical_name():
    aliases = {
        name: tuple(value)
        for name, value in vars(SolverNames).items()
        if not name.startswith("_") and isinstance(value, tuple)
    }
    assert set(aliases) == set(READABLE)
    every = [alias.lower() for name, values in aliases.items() for alias in (name, *values)]
    assert len(NAMES) == len(set(every)) and set(NAMES) == set(every)
    for name, values in aliases.items():
        for alias in (name, *values):
            for spelling in (alias, alias.upper(), alias.capitalize()):
                assert pysat.canonical(spelling) == name
                assert NAMES[spelling] == READABLE[name]
                assert pysat.can_interrupt(spelling) == (name in pysat.INTERRUPTIBLE)
            assert pysat.constructor_name(alias) in values  # a name PySAT's Solver takes


@pytest.mark.parametrize("name", sorted(set(READABLE) - set(pysat.UNSUPPORTED)))
def test_pysats_solver_takes_the_constructor_name_of_every_back_end(name):
    with SatSolver(name, SATISFIABLE) as solver:
        assert solver.backend == name and solver.interruptible == (name in pysat.INTERRUPTIBLE)
        assert solver.solve() is True and solver.model()[:3] == [-1, 2, 3]


@pytest.mark.parametrize("wrong", ["glucose5", "", None, 3, ("g3",)])
def test_a_name_pysat_does_not_have_is_refused_with_the_ones_it_has(wrong):
    message = f"PySAT has no SAT solver named {wrong!r}; its solvers are: " + ", ".join(
        sorted(READABLE)
    )
    for call in (pysat.canonical, pysat.constructor_name, pysat.can_interrupt, SatSolver):
        with pytest.raises(ValueError) as error:
            call(wrong)
        assert str(error.value) == message
    if isinstance(wrong, str):
        assert wrong not in NAMES
        with pytest.raises(KeyError) as missing:
            NAMES[wrong]
        assert missing.value.args == (wrong,)


def test_a_back_end_that_cannot_be_interrupted_is_named_with_the_ones_that_can():
    assert pysat.require_interruptible("G4", "a race") == "glucose4"
    choices = ", ".join(sorted(pysat.INTERRUPTIBLE))
    for name, readable in [("cd195", "CaDiCaL 1.9.5"), ("Lingeling", "Lingeling")]:
        with pytest.raises(ValueError) as error:
            pysat.require_interruptible(name, "a race")
        assert str(error.value) == (
            f"{readable} ({name!r}) cannot be interrupted, so it cannot serve a race; "
            f"choose one of: {choices}"
        )


# -- answers ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_answers_models_and_cores_agree_with_brute_force(seed):
    import random

    rng = random.Random(seed)
    clauses = [[1, 2, 3, 4, 5]] + [  # every variable appears
        [rng.choice((-1, 1)) * v for v in rng.sample(range(1, 6), rng.randint(1, 3))]
        for _ in range(rng.randint(3, 14))
    ]
    expected = list(models_by_brute_force(clauses, 5))
    with SatSolver(clauses=clauses) as solver:  # Glucose 3 by default
        assert solver.backend == pysat.DEFAULT_BACKEND == "glucose3"
        assert solver.solve() is bool(expected)
        if expected:
            assert solver.model() in expected
        for assumptions in ([1, -2], [-3], [4, 5, -1]):
            fits = [m for m in expected if set(assumptions) <= set(m)]
            assert solver.solve(assumptions) is bool(fits)
            if fits:
                assert solver.model() in fits
            else:  # the core is made of assumptions that cannot all hold
                core = solver.core()
                assert set(core) <= set(assumptions)
                assert not [m for m in expected if set(core) <= set(m)]
        assert solver.calls == 4 and repr(solver) == "<SatSolver Glucose 3, 4 calls>"


def test_clauses_added_later_hold_for_every_later_call():
    with SatSolver("glucose41", [[1, 2]]) as solver:
        assert solver.nof_vars() == 2 and solver.solve([-1]) is True
        solver.add_clause(iter([-2, 5]))
        assert solver.nof_vars() == 5
        solver.add_clauses(iter([[-5], [3, 4]]))  # so 2 is false, and 1 must be true
        assert solver.solve([-1]) is False and solver.core() == [-1]
        assert solver.solve() is True and solver.model()[:2] == [1, -2]
        solver.add_clauses([[-1, -3], [-4, -1]])
        assert solver.solve() is False
        assert repr(solver) == "<SatSolver Glucose 4.1, 4 calls>"


def test_unit_propagation_alone():
    with SatSolver("g3", [[-1, 2], [-2, 3], [-3, -4]]) as solver:
        assert solver.propagate([1]) == (True, [1, 2, 3, -4])
        consistent, implied = solver.propagate([1, 4])
        assert consistent is False and isinstance(implied, list)
        assert solver.propagate() == (True, []) and solver.calls == 0


@pytest.mark.parametrize("phases", [[-1, 2, -3], [1, -2, 3], [1, 2, 3], [-1, -2, 3]])
def test_phases_are_the_values_tried_first(phases):
    with SatSolver("g3", [[1, 2, 3]]) as solver:
        solver.set_phases(phases)  # each a model: the search takes it as it is
        assert solver.solve() is True and solver.model() == phases


def test_a_solver_in_a_with_block_is_itself_and_is_closed_after():
    solver = SatSolver("m22", [[1]])
    with solver as same:
        assert same is solver and solver.solve() is True
    assert solver._solver.solver is None  # PySAT's back end was freed


# -- statistics ---------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["g4", "m22"])
def test_each_call_adds_its_own_counts_to_what_the_run_had(backend):
    run = Run(stats={"decisions": 7, "guesses": 1})
    with SatSolver(backend, PIGEONS, run=run) as solver:
        assert solver.totals() == {
            "restarts": 0,
            "conflicts": 0,
            "decisions": 0,
            "propagations": 0,
        }
        for assumptions in ([], [1], [-1, -2], []):
            assert solver.solve(assumptions) is False
            totals = solver.totals()
            assert all(type(value) is int for value in totals.values())
            assert run.stats == {
                "decisions": 7 + totals["decisions"],
                "guesses": 1,
                "conflicts": totals["conflicts"],
            }
        assert totals["conflicts"] > 0 and totals["propagations"] > 0


def test_a_back_end_that_keeps_its_counts_counts_nothing():
    """A back end whose ``accum_stats`` is not implemented adds nothing to the run."""
    run = Run()
    with SatSolver("m22", SATISFIABLE, run=run) as solver:
        solver._solver.accum_stats = lambda: (_ for _ in ()).throw(NotImplementedError)
        assert solver.solve() is True and solver.totals() == {} and run.stats == {}


@pytest.mark.parametrize("name", sorted(pysat.UNSUPPORTED))
def test_a_back_end_that_cannot_serve_is_refused_before_it_is_made(name):
    with pytest.raises(ValueError, match=r"cannot serve here: .*; choose one of: cadical103"):
        SatSolver(name, SATISFIABLE)
    with pytest.raises(ValueError) as error:
        pysat.require_supported(name)
    choices = sorted(set(READABLE) - set(pysat.UNSUPPORTED))
    assert str(error.value) == (
        f"{READABLE[name]} ({name!r}) cannot serve here: {pysat.UNSUPPORTED[name]}; "
        f"choose one of: {', '.join(choices)}"
    )


# -- budgets and the deadline -------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["m22", "cd103"])  # interruptible or not
def test_a_budget_of_conflicts_is_for_one_call(backend):
    run = Run()
    with SatSolver(backend, PIGEONS, run=run) as solver:
        assert solver.solve(conflicts=10) is None  # out of budget: no answer, no error
        assert 10 <= run.stats["conflicts"] < 20
        assert solver.solve() is False  # no budget any more
        assert solver.calls == 2 and run.stats["conflicts"] > 20


def test_a_budget_of_seconds_stops_the_call_and_the_next_call_searches_again():
    with answering(after=HANG) as solver:
        assert solver.solve(seconds=0.05) is None
        assert solver.solve(conflicts=5, seconds=1e-6) is None  # tiny: still a budget
        assert solver._solver.interrupted == [True, True]  # stopped, not given up
        solver._solver.after = 0.05  # now it answers quickly: no stale interrupt stops it
        assert solver.solve() is True and solver._solver.interrupted[-1] is False


def test_a_tiny_budget_is_a_budget_of_a_moment():
    with answering(after=0.9) as solver:  # it would answer in 0.9 s
        assert solver.solve(seconds=1e-6) is None and solver._solver.interrupted == [True]


def test_a_search_within_its_budget_answers():
    with answering(after=0.1, run=Run(Deadline(HANG * 3))) as solver:
        assert solver.solve(seconds=HANG * 2) is True
        assert solver.solve(seconds=HANG * 4) is True  # longer than the deadline: it holds
        assert solver._solver.interrupted == [False, False]


def test_a_short_budget_stops_a_search_that_would_answer_later():
    with answering(after=HANG, answer=False, run=Run(Deadline(HANG * 3))) as solver:
        assert solver.solve(seconds=0.05) is None
        assert solver._solver.interrupted == [True]
    with answering(after=HANG) as solver:  # no deadline: the budget alone
        assert solver.solve(seconds=0.05) is None and solver._solver.interrupted == [True]


@pytest.mark.parametrize("method", ["", "the stub"])
def test_the_deadline_stops_the_search_and_is_a_time_out(method):
    run = Run(Deadline(0.05), method)
    said = f"{method or 'Glucose 3'}: no answer within 0.05 s"
    with answering(run=run) as solver:
        with pytest.raises(SolverTimeoutError) as error:
            solver.solve(seconds=HANG * 2)  # a longer budget does not outlast the deadline
        assert str(error.value) == said and solver._solver.interrupted == [True]
        with pytest.raises(SolverTimeoutError) as error:  # asked again, it does not search
            solver.solve()
        assert str(error.value) == said and solver.calls == 1


def test_an_answer_that_comes_with_the_deadline_stands():
    run = Run(Deadline(0.01))

    def answers_late(seconds):
        while not run.deadline.passed():
            time.sleep(0.001)
        return False  # not interrupted: it answers

    with answering(run=run) as solver:
        solver._solver.flag.wait = answers_late
        assert solver.solve() is True and run.deadline.passed()


def test_within_narrows_the_deadline_for_a_block_and_counts_into_the_run():
    run = Run(Deadline(HANG * 3), "outer", {"guesses": 2})
    with SatSolver("g3", PIGEONS, run=run) as solver:
        with solver.within(None) as same:
            assert same is solver and solver.run is run
        with solver.within(HANG * 6):  # longer than what is left: the run's deadline
            assert solver.run.deadline.seconds <= HANG * 3 and solver.run.method == "outer"
        with solver.within(0.5):
            inner = solver.run
            assert inner is not run and inner.deadline.seconds == 0.5
            assert inner.stats is run.stats and solver.solve() is False
        assert solver.run is run and run.stats["conflicts"] > 0 and run.stats["guesses"] == 2
        with solver.within(0):  # nothing left: still a deadline, not an error
            assert 0 < solver.run.deadline.seconds <= 0.01
        with pytest.raises(RuntimeError), solver.within(1.0):
            raise RuntimeError("the block failed")
        assert solver.run is run


def test_within_a_deadline_the_search_ends_with_a_time_out_naming_the_method():
    with answering(run=Run(method="inner")) as solver, solver.within(0.05):
        with pytest.raises(SolverTimeoutError) as error:
            solver.solve()
        assert str(error.value) == "inner: no answer within 0.05 s"
    assert solver.run.deadline.seconds is None  # the run's own deadline again


def test_a_passed_deadline_is_checked_before_the_search():
    run = Run(Deadline(0.001))
    while not run.deadline.passed():
        pass
    with SatSolver("g3", SATISFIABLE, run=run) as solver:
        with pytest.raises(SolverTimeoutError, match=r"^Glucose 3: no answer within 0\.001 s$"):
            solver.solve()
        assert solver.calls == 0 and run.stats == {}


@pytest.mark.parametrize("backend", ["cd103", "lingeling"])
def test_no_time_limit_on_a_back_end_that_cannot_be_interrupted(backend):
    with SatSolver(backend, SATISFIABLE, run=Run(Deadline(HANG))) as timed:
        with pytest.raises(ValueError, match="cannot be interrupted, so it cannot serve a time"):
            timed.solve()
        assert timed.calls == 0
    with SatSolver(backend, SATISFIABLE) as solver:
        with pytest.raises(ValueError, match="cannot serve a time limit"):
            solver.solve(seconds=HANG)
        assert solver.solve() is True and solver.calls == 1


# -- the blocking-clause loop -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_models_gives_every_model_once_and_then_stops(seed):
    import random

    rng = random.Random(seed)
    clauses = [[-1, -2, 3, 4]] + [  # every variable appears
        [rng.choice((-1, 1)) * v for v in rng.sample(range(1, 5), rng.randint(1, 3))]
        for _ in range(rng.randint(0, 5))
    ]
    expected = sorted(models_by_brute_force(clauses, 4))

    def block(model):
        return [-lit for lit in model]

    with SatSolver("g3", clauses) as solver:
        found = list(solver.models(block))
        assert sorted(found) == expected and len(found) == len(expected)
        assert solver.calls == len(expected) + 1  # the last call finds none
    for limit in (1, 2, 3):
        with SatSolver("g3", clauses) as solver:
            found = list(solver.models(block, limit))
            assert found == [m for m in found if m in expected]
            assert len(found) == min(limit, len(expected)) and len(set(map(tuple, found))) == len(
                found
            )
            assert solver.calls == len(found) + (len(found) < limit)
    with SatSolver("g3", clauses) as solver:
        found = list(solver.models(block, None, [1, -2]))
        assert sorted(found) == [m for m in expected if m[0] == 1 and m[1] == -2]


@pytest.mark.parametrize("limit", [0, -1, 1.5])
def test_models_wants_a_positive_limit(limit):
    with (
        SatSolver("g3", [[1]]) as solver,
        pytest.raises(ValueError, match="limit must be a positive integer or None"),
    ):
        list(solver.models(lambda model: [-model[0]], limit))


def test_models_found_before_the_deadline_stand():
    with answering(after=HANG) as solver:
        solver._solver.get_model = lambda: [1]
        solver._solver.flag.wait = lambda seconds: False  # the first search answers at once
        found = []
        with pytest.raises(SolverTimeoutError), solver.within(0.05):
            for model in solver.models(lambda model: [-1]):
                found.append(model)
                del solver._solver.flag.wait  # the next search waits for its interrupt
        assert found == [[1]]


# -- Ctrl-C -------------------------------------------------------------------------------------


def test_ctrl_c_stops_the_search_even_under_a_handler_that_raises_nothing():
    heard = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: heard.append(number))
    try:
        with answering(after=HANG) as solver:
            ctrl_c_when(solver._solver.started)
            with pytest.raises(KeyboardInterrupt):
                solver.solve()
            assert heard == [signal.SIGINT] and solver._solver.interrupted == [True]
            solver._solver.after = 0.01
            assert solver.solve() is True  # asked again, it searches
    finally:
        signal.signal(signal.SIGINT, previous)


def test_ctrl_c_in_a_back_end_that_cannot_be_interrupted_waits_for_its_call():
    """CaDiCaL searches in a thread of its own (where PySAT installs no handler of its own):
    Ctrl-C is heard when its call returns, the search stays whole, the run counts nothing of
    the interrupted call, and the solver can be asked again."""
    pressed = threading.Event()

    def python_handler(number, frame):  # Python's own, which also says that it ran
        pressed.set()
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, python_handler)
    run = Run()
    solver = SatSolver("cd103", PIGEONS, run=run)
    real = solver._solver.solve
    started = threading.Event()
    threads = []

    def slow_call(assumptions=()):
        threads.append((threading.current_thread().name, threading.current_thread().daemon))
        started.set()
        assert pressed.wait(HANG)  # the call ends only after the press was heard
        return real(assumptions=assumptions)

    try:
        solver._solver.solve = slow_call
        ctrl_c_when(started)
        with pytest.raises(KeyboardInterrupt):
            solver.solve()
        assert threads == [("helper-sat", True)] and solver.calls == 1  # a daemon thread
        assert run.stats.get("conflicts", 0) == 0  # an interrupted call adds nothing to the run
        solver._solver.solve = real
        assert solver.solve() is False and solver.calls == 2  # asked again, it answers
        assert run.stats["conflicts"] > 0
    finally:
        signal.signal(signal.SIGINT, previous)
        solver.close()


def test_other_errors_of_a_back_end_that_cannot_be_interrupted_pass_through():
    with SatSolver("cd103", SATISFIABLE) as solver:
        real = solver._solver.solve
        solver._solver.solve = lambda assumptions=(): (_ for _ in ()).throw(
            pysolvers.error("out of memory")
        )
        with pytest.raises(pysolvers.error, match=r"^out of memory$"):
            solver.solve()
        solver._solver.solve = real
        assert solver.solve() is True  # not retired


def test_another_thread_can_stop_a_search():
    with SatSolver("g3", PHP(10).clauses) as solver:
        answer = {}
        searching = threading.Thread(target=lambda: answer.update(found=solver.solve()))
        searching.start()
        searching.join(0.2)
        solver.interrupt()
        searching.join(HANG)
        assert answer == {"found": None} and not searching.is_alive()
    with SatSolver("g3", PIGEONS) as solver:
        solver.interrupt()  # no search to stop: Glucose would stop the next one at once ...
        solver.clear_interrupt()  # ... unless it is forgotten
        assert solver.solve() is False


# -- proofs of "no" -------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", sorted(pysat.PROOF_BACKENDS))
def test_each_proof_back_end_proves_a_pigeonhole_no_that_the_checker_accepts(backend):
    from helper.proofs import check_drat

    formula = PHP(4).clauses
    with SatSolver(backend, formula, proof=True) as solver:
        assert solver.logs_proof and solver.solve() is False
        proof = solver.proof()
    check = check_drat(formula, proof)
    assert check.valid, check.reason
    assert check.lemmas > 0  # PHP(4) is not refuted by unit propagation


def test_maplesats_proof_is_rejected_by_the_checker_so_it_may_not_prove():
    """The reason :data:`NO_PROOF` gives for Maplesat still holds on the pinned python-sat."""
    from pysat.solvers import Solver

    from helper.proofs import check_drat

    formula = PHP(4).clauses
    with Solver(name="maplesat", bootstrap_with=formula, with_proof=True) as solver:
        assert solver.solve() is False
        check = check_drat(formula, solver.get_proof())
    assert not check.valid and "does not follow" in check.reason
    with pytest.raises(ValueError, match=r"Maplesat \('mpl'\) cannot prove a \"no\": its proofs"):
        SatSolver("mpl", formula, proof=True)
    with pytest.raises(ValueError) as error:
        pysat.require_proof("mpl")
    assert str(error.value) == (
        f"Maplesat ('mpl') cannot prove a \"no\": {pysat.NO_PROOF['maplesat']}; "
        f"choose one of: {', '.join(sorted(pysat.PROOF_BACKENDS))}"
    )


# PySAT's solver, refused half-made, complains as it is collected: not this package's doing
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize("name", sorted(set(pysat.NO_PROOF) - {"maplesat"}))
def test_a_back_end_that_logs_no_proof_says_so_in_pysat_and_is_refused(name):
    from pysat.solvers import Solver

    def ask_for_a_proof() -> None:
        with Solver(
            name=pysat.constructor_name(name), bootstrap_with=PHP(2).clauses, with_proof=True
        ) as made:
            made.solve()  # MergeSat 3 refuses only when it is asked for its proof
            made.get_proof()

    with pytest.raises(NotImplementedError, match=r"^Proof (logging|tracing) is "):
        ask_for_a_proof()
    with pytest.raises(ValueError, match=r"cannot prove a \"no\": PySAT does not"):
        SatSolver(name, SATISFIABLE, proof=True)


def test_every_back_end_either_proves_or_says_why_not():
    supported = set(READABLE) - set(pysat.UNSUPPORTED)
    assert pysat.PROOF_BACKENDS | set(pysat.NO_PROOF) == supported
    assert not pysat.PROOF_BACKENDS & set(pysat.NO_PROOF)


def test_a_solver_made_without_proof_has_none_to_give():
    with SatSolver("g3", SATISFIABLE) as solver, pytest.raises(ValueError) as error:
        solver.proof()
    assert str(error.value) == "this SatSolver logs no proof: make it with proof=True"
