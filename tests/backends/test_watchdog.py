"""The watchdog on its own: a watched search is stopped at its deadline, again and again until
its watch is removed, and never after; Ctrl-C (a SIGINT sent to this process's main thread,
under a handler that raises nothing) stops every watched search and says so; whoever listened
for signals before hears them still. The "searches" are Python callables that count their
stops: no solver, no child process."""

import os
import signal
import socket
import threading
import time

import pytest

from helper.backends import watchdog
from helper.backends.watchdog import REPEAT, Watch, raise_if_interrupted, watching
from helper.deadline import Deadline

HANG = 5.0  # seconds to wait for what should come within a fraction of one, before failing


class Stops:
    """A search's stop: counts its calls, and says when the first came."""

    def __init__(self):
        self.calls = 0
        self.first = threading.Event()

    def __call__(self):
        self.calls += 1
        self.first.set()

    def wait_for(self, calls):
        end = time.perf_counter() + HANG
        while self.calls < calls and time.perf_counter() < end:
            time.sleep(0.005)
        return self.calls >= calls


def wakeup_fd():
    """The fd Python writes signal numbers to now (asking changes it, so it is put back)."""
    current = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(current)
    return current


@pytest.fixture(autouse=True)
def fresh_watchdog(monkeypatch):
    """Each test starts its own watchdog, as a fresh process would (the one before is put back
    afterwards; it sleeps, watching nothing)."""
    monkeypatch.setattr(watchdog, "_dog", None)


@pytest.fixture
def quiet_sigint():
    """SIGINT and SIGUSR1 handlers that only record (so no KeyboardInterrupt comes from
    Python's own handler), a listener of our own on the wake-up fd, and a way to send a
    signal to the main thread in a moment."""
    heard = []
    previous = {
        number: signal.signal(number, lambda n, frame: heard.append(n))
        for number in (signal.SIGINT, signal.SIGUSR1)
    }
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    before = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    main = threading.main_thread().ident
    timers = []

    def send_soon(number=signal.SIGINT, after=0.05):
        timers.append(threading.Timer(after, signal.pthread_kill, (main, number)))
        timers[-1].start()

    def forwarded():
        try:
            return reader.recv(4096)
        except BlockingIOError:
            return b""

    try:
        yield heard, send_soon, forwarded, writer.fileno()
    finally:
        for timer in timers:
            timer.join(HANG)
        signal.set_wakeup_fd(before)
        for number, handler in previous.items():
            signal.signal(number, handler)
        reader.close()
        writer.close()


def test_a_watch_says_why_it_was_stopped():
    for reason, interrupted, timed_out in [
        (None, False, False),
        ("deadline", False, True),
        ("interrupt", True, False),
    ]:
        watch = Watch(print, reason=reason)
        assert (watch.interrupted, watch.timed_out) == (interrupted, timed_out)
    raise_if_interrupted(Watch(print, reason="deadline"))  # nothing to raise
    raise_if_interrupted(Watch(print))
    with pytest.raises(KeyboardInterrupt):
        raise_if_interrupted(Watch(print, reason="interrupt"))


def test_the_deadline_stops_the_search_again_and_again_until_the_watch_is_removed():
    stop = Stops()
    start = time.perf_counter()
    with watching(stop, Deadline(0.05)) as watch:
        assert stop.first.wait(HANG)
        late = time.perf_counter() - start - 0.05
        assert 0 <= late < 0.75  # at the deadline (a generous margin for a loaded machine)
        assert stop.wait_for(3)  # repeated, since a search may clear a stop that came early
        assert watch.reason == "deadline" and watch.timed_out and not watch.interrupted
    calls = stop.calls
    time.sleep(4 * REPEAT)
    assert stop.calls == calls  # removed: never called again


@pytest.mark.parametrize("seconds", ["no deadline", None, HANG])
def test_a_search_before_its_deadline_is_left_alone(seconds):
    stop = Stops()
    deadline = None if seconds == "no deadline" else Deadline(seconds)
    with watching(stop, deadline) as watch:
        time.sleep(0.15)
    assert stop.calls == 0 and watch.reason is None
    raise_if_interrupted(watch)


def test_each_search_is_stopped_at_its_own_deadline():
    soon, later = Stops(), Stops()
    with watching(later, Deadline(HANG)) as late, watching(soon, Deadline(0.05)) as early:
        assert soon.first.wait(HANG) and soon.wait_for(2)
        assert later.calls == 0 and late.reason is None and early.reason == "deadline"


def test_a_nearer_deadline_wakes_a_watchdog_asleep_until_a_later_one():
    later, soon = Stops(), Stops()
    entered, done = threading.Event(), threading.Event()

    def long_search():
        with watching(later, Deadline(HANG * 3)):
            entered.set()
            done.wait(HANG * 2)

    searching = threading.Thread(target=long_search)
    searching.start()
    try:
        assert entered.wait(HANG)
        time.sleep(0.05)  # the watchdog now sleeps until the later deadline
        with watching(soon, Deadline(0.05)) as watch:
            assert soon.first.wait(HANG / 2) and watch.timed_out
        assert later.calls == 0
    finally:
        done.set()
        searching.join(HANG)


def test_a_search_in_another_thread_is_stopped_at_its_deadline():
    stop, seen = Stops(), {}

    def search():
        with watching(stop, Deadline(0.05)) as watch:
            seen["stopped"] = stop.first.wait(HANG)
        seen["reason"] = watch.reason

    before = wakeup_fd()
    searching = threading.Thread(target=search)
    searching.start()
    searching.join(HANG * 2)
    assert seen == {"stopped": True, "reason": "deadline"}
    assert wakeup_fd() == before  # a thread other than the main one leaves signals alone


def test_ctrl_c_stops_every_watched_search_and_raises(quiet_sigint):
    heard, send_soon, forwarded, _ = quiet_sigint
    here, there = Stops(), Stops()
    entered, done, seen = threading.Event(), threading.Event(), {}

    def other_search():
        with watching(there) as watch:
            entered.set()
            done.wait(HANG)
        seen["reason"] = watch.reason

    other = threading.Thread(target=other_search)
    other.start()
    try:
        assert entered.wait(HANG)
        with watching(here, Deadline(0.5)) as watch:
            send_soon(signal.SIGINT)
            assert here.first.wait(HANG) and there.first.wait(HANG)
            assert here.wait_for(3)  # repeated as for a deadline
            time.sleep(0.5)  # the deadline passes too: the reason stays Ctrl-C
        assert watch.reason == "interrupt" and watch.interrupted and not watch.timed_out
        with pytest.raises(KeyboardInterrupt):
            raise_if_interrupted(watch)
    finally:
        done.set()
        other.join(HANG)
    assert seen == {"reason": "interrupt"} and heard == [signal.SIGINT]
    assert forwarded() == bytes([signal.SIGINT])  # the listener before hears it too


def test_ctrl_c_repeats_the_stop_of_a_search_without_a_deadline(quiet_sigint):
    _, send_soon, _, _ = quiet_sigint
    stop = Stops()
    with watching(stop) as watch:
        send_soon(signal.SIGINT)
        assert stop.first.wait(HANG) and stop.wait_for(3)
    assert watch.interrupted


def test_a_listener_that_went_away_does_not_stop_the_watchdog(quiet_sigint):
    """The signal cannot be passed on (the listener's end is closed): the searches are still
    stopped, now and later."""
    _, send_soon, _, ours = quiet_sigint
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    reader.close()  # writing to the listener now fails
    try:
        stop = Stops()
        with watching(stop) as watch:
            send_soon(signal.SIGINT)
            assert stop.first.wait(HANG) and watch.interrupted
        later = Stops()
        with watching(later, Deadline(0.05)):
            assert later.first.wait(HANG)
    finally:
        signal.set_wakeup_fd(ours, warn_on_full_buffer=False)
        writer.close()


def test_a_listener_whose_fd_was_closed_and_reused_is_never_written_to(quiet_sigint, tmp_path):
    """The listener before ours closed its fd and the number went to another file (seen: a
    test's socket, then a pytest worker's channel): a signal is never written there."""
    _, send_soon, _, ours = quiet_sigint
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    try:
        with watching(Stops()):
            pass  # the watchdog takes the wake-up fd and will pass signals on to writer's
        number = writer.fileno()
        writer.close()
        reader.close()
        other = tmp_path / "someone else's file"
        opened = os.open(other, os.O_WRONLY | os.O_CREAT)
        fd = os.dup2(opened, number)  # the number just given back, now someone else's file
        os.close(opened)
        try:
            stop = Stops()
            with watching(stop) as watch:
                send_soon(signal.SIGINT)
                assert stop.first.wait(HANG) and watch.interrupted  # still heard here
        finally:
            os.close(fd)
        assert other.read_bytes() == b""
    finally:
        signal.set_wakeup_fd(ours, warn_on_full_buffer=False)


class SlowReader:
    """The watchdog's socket, read by a watchdog thread that is slow to act on what it read
    (a busy machine): it reads, then sleeps before it marks the searches."""

    def __init__(self, reader, read):
        self.reader, self.read = reader, read

    def fileno(self):
        return self.reader.fileno()

    def recv(self, size):
        data = self.reader.recv(size)
        if threading.current_thread().name == "helper-watchdog" and data.strip(b"\0"):
            self.read.set()
            time.sleep(0.3)
        return data


def test_a_press_before_a_search_never_stops_it_however_late_the_watchdog_reads(quiet_sigint):
    """Ctrl-C with no search under way, then a search at once: the watchdog, slow to act on
    the press it has read, must not stop the new search with it (seen: a KeyboardInterrupt
    in the next doctest of a busy pytest worker)."""
    heard, _, _, _ = quiet_sigint
    with watching(Stops()):
        pass  # the watchdog listens from now on
    dog = watchdog._watchdog()
    read = threading.Event()
    dog._reader = SlowReader(dog._reader, read)
    signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)  # no search
    assert read.wait(HANG) and heard == [signal.SIGINT]
    stop = Stops()
    with watching(stop) as watch:  # while the watchdog still holds the press it read
        time.sleep(0.5)
    assert stop.calls == 0 and watch.reason is None


def test_two_watchdogs_never_pass_a_press_round_between_them(quiet_sigint, monkeypatch):
    """A second watchdog (a test's, a forked child's) took the wake-up fd, then the first took
    it back: neither passes signals to the other, so one press before a search cannot go
    round between them and stop a search that starts later (seen: a doctest's search stopped
    long after a test's press)."""
    heard, _, _, _ = quiet_sigint
    with watching(Stops()):
        pass
    first = watchdog._watchdog()
    monkeypatch.setattr(watchdog, "_dog", None)
    with watching(Stops()):
        pass  # the second takes the wake-up fd from the first
    second = watchdog._watchdog()
    monkeypatch.setattr(watchdog, "_dog", first)
    with watching(Stops()):
        pass  # and the first takes it back
    assert second._forward == -1 and first._forward != second.fileno
    signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)  # no search
    time.sleep(0.3)
    stop = Stops()
    with watching(stop) as watch:
        time.sleep(0.5)
    assert heard == [signal.SIGINT] and stop.calls == 0 and watch.reason is None


def test_where_python_refuses_the_wake_up_fd_the_deadline_still_holds(monkeypatch):
    """Outside the main interpreter Python refuses ``set_wakeup_fd``: Ctrl-C cannot be routed,
    but the deadline holds, and the main thread's wake-up fd is left as it was, then and
    after."""
    before = wakeup_fd()

    def refused(fd, **options):
        raise ValueError("set_wakeup_fd only works in main thread of the main interpreter")

    with monkeypatch.context() as patch:
        patch.setattr(watchdog.signal, "set_wakeup_fd", refused)
        stop = Stops()
        with watching(stop, Deadline(0.05)) as watch:
            assert stop.first.wait(HANG)
        assert watch.timed_out
    assert wakeup_fd() == before  # refused: left as it was
    with watching(Stops()):
        assert wakeup_fd() not in (before, -1)  # allowed again: the watchdog's from now on


def test_other_signals_stop_nothing_and_are_passed_on(quiet_sigint):
    heard, send_soon, forwarded, _ = quiet_sigint
    stop = Stops()
    with watching(stop) as watch, watching(Stops(), Deadline(HANG)):  # a wake-up, no signal
        send_soon(signal.SIGUSR1)
        end = time.perf_counter() + HANG
        while not heard and time.perf_counter() < end:
            time.sleep(0.005)
        time.sleep(0.1)
    assert heard == [signal.SIGUSR1] and stop.calls == 0 and watch.reason is None
    assert forwarded() == bytes([signal.SIGUSR1])  # and no wake-up byte of the watchdog's


def test_wake_ups_alone_reach_no_one_else(quiet_sigint):
    _, _, forwarded, _ = quiet_sigint
    for _ in range(3):
        with watching(Stops(), Deadline(HANG)):
            time.sleep(0.02)
    assert forwarded() == b""


def test_the_main_threads_wake_up_fd_is_taken_once_and_the_one_before_hears_every_signal(
    quiet_sigint,
):
    """The wake-up fd is the watchdog's from the first search on (nothing to give back, so a
    Ctrl-C at any instruction cannot leave it wrong); whoever had it before still hears every
    signal, during a search and after it."""
    heard, send_soon, forwarded, ours = quiet_sigint
    assert wakeup_fd() == ours
    with watching(Stops()):
        dogs = wakeup_fd()
        assert dogs not in (ours, -1)
        with watching(Stops()):
            assert wakeup_fd() == dogs
    assert wakeup_fd() == dogs  # kept after the search
    send_soon(signal.SIGUSR1)
    end = time.perf_counter() + HANG
    while not heard and time.perf_counter() < end:
        time.sleep(0.005)
    time.sleep(0.1)  # the watchdog passes it on from its own thread
    assert heard == [signal.SIGUSR1] and forwarded() == bytes([signal.SIGUSR1])


def test_one_watchdog_per_process_and_a_new_one_after_fork(monkeypatch):
    dog = watchdog._watchdog()
    assert watchdog._watchdog() is dog
    assert dog._thread.is_alive() and dog._thread.daemon and dog._thread.name == "helper-watchdog"
    monkeypatch.setattr(watchdog, "_dog", dog)  # put back afterwards
    watchdog._forget_after_fork()  # what a forked child runs: the thread did not come along
    assert watchdog._dog is None
    fresh = watchdog._watchdog()
    assert fresh is not dog and fresh._thread.is_alive()
    stop = Stops()
    with watching(stop, Deadline(0.05)):
        assert stop.first.wait(HANG)
