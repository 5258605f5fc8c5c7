"""The watchdog on its own: a watched search is stopped at its deadline, again and again until
its watch is removed, and never after; Ctrl-C (a SIGINT sent to this process's main thread,
under a handler that raises nothing) stops every watched search and says so; whoever listened
for signals before hears them still. The "searches" are Python callables that count their
stops: no solver, no child process."""

import contextlib
import os
import signal
import socket
import sys
import threading
import time

import pytest

from helper.backends import watchdog
from helper.backends.watchdog import (
    REPEAT,
    Watch,
    join_through_ctrl_c,
    raise_if_interrupted,
    watching,
)
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


@contextlib.contextmanager
def parked(dog):
    """The watchdog's thread held still before it next looks at its socket (a busy machine):
    what comes on the socket meanwhile is read by the next search's start, in the main thread."""
    still, release = threading.Event(), threading.Event()

    def timeout():
        still.set()
        release.wait(HANG)
        return 0.0

    def go_on():
        if not release.is_set():
            del dog._timeout
            release.set()

    dog._timeout = timeout
    dog._wake()  # out of its sleep, into timeout()
    assert still.wait(HANG)
    try:
        yield go_on  # lets it go on before the block ends
    finally:
        go_on()


def press(number, heard):
    """Send ``number`` to the main thread, and wait until its handler has heard it."""
    count = len(heard)
    signal.pthread_kill(threading.main_thread().ident, number)
    end = time.perf_counter() + HANG
    while len(heard) == count and time.perf_counter() < end:
        time.sleep(0.005)
    assert len(heard) > count


def test_a_press_read_when_a_search_begins_stops_the_searches_under_way_not_that_one(
    quiet_sigint,
):
    """Ctrl-C while a search runs in another thread, read from the socket not by the watchdog
    (slow) but by the start of a search in the main thread: the search under way is stopped,
    as it would be had the watchdog read it, the new one is not, and the listener before hears
    the press."""
    heard, _, forwarded, _ = quiet_sigint
    with watching(Stops()):
        pass  # the watchdog listens from now on
    dog = watchdog._watchdog()
    there, here = Stops(), Stops()
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
        with parked(dog):
            press(signal.SIGINT, heard)
            with watching(here) as watch:
                pass
        assert there.first.wait(HANG)
    finally:
        done.set()
        other.join(HANG)
    assert seen == {"reason": "interrupt"} and here.calls == 0 and watch.reason is None
    assert forwarded() == bytes([signal.SIGINT])


def test_a_press_read_when_a_search_begins_is_never_written_to_a_gone_listener(
    quiet_sigint, tmp_path
):
    """The start of a search reads a press the listener before cannot take (its end closed),
    then one after that listener's fd went to another file: no error, nothing written."""
    heard, _, _, ours = quiet_sigint
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    try:
        with watching(Stops()):
            pass  # the watchdog takes the wake-up fd and will pass signals on to writer's
        dog = watchdog._watchdog()
        reader.close()  # writing to the listener now fails
        with parked(dog):
            press(signal.SIGINT, heard)
            with watching(Stops()) as watch:
                pass
        assert watch.reason is None
        number = writer.fileno()
        writer.close()
        other = tmp_path / "someone else's file"
        opened = os.open(other, os.O_WRONLY | os.O_CREAT)
        fd = os.dup2(opened, number)  # the listener's number, now someone else's file
        os.close(opened)
        try:
            with parked(dog):
                press(signal.SIGINT, heard)
                with watching(Stops()) as watch:
                    pass
            with parked(dog):
                press(signal.SIGUSR1, heard)
                with watching(Stops()):
                    pass
        finally:
            os.close(fd)
        assert other.read_bytes() == b"" and watch.reason is None
        assert heard == [signal.SIGINT, signal.SIGINT, signal.SIGUSR1]
    finally:
        signal.set_wakeup_fd(ours, warn_on_full_buffer=False)


def test_a_press_that_the_watchdogs_full_socket_cannot_take_reports_no_error(
    quiet_sigint, monkeypatch
):
    """Python answers a signal its wake-up fd cannot take (the socket's buffer full, the
    watchdog slow to read) with an "Exception ignored" report unless told not to: the
    watchdog's socket is one where a lost byte does no harm, so it says nothing."""
    heard, _, _, _ = quiet_sigint
    reported = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)
    with watching(Stops()):
        pass
    dog = watchdog._watchdog()
    stop = Stops()
    with parked(dog) as go_on:
        with contextlib.suppress(BlockingIOError):
            while True:
                dog._writer.send(bytes(65536))  # wake-up bytes, until the buffer is full
        press(signal.SIGINT, heard)
        time.sleep(0.1)  # Python's report, if any, comes at once in this thread
        with watching(stop, Deadline(0.05)) as watch:  # its wake-up byte finds no room either
            go_on()  # the watchdog reads its socket again, and sees the deadline
            assert stop.first.wait(HANG)
    assert watch.timed_out and reported == []


def test_a_wake_up_fd_cleared_by_other_code_is_taken_back_and_the_listener_before_still_hears(
    quiet_sigint,
):
    """Other code cleared the wake-up fd for a while (``set_wakeup_fd(-1)``): the next search
    takes it back, and whoever listened before the watchdog still hears every signal."""
    heard, _, forwarded, ours = quiet_sigint
    with watching(Stops()):
        dogs = wakeup_fd()
    assert signal.set_wakeup_fd(-1) == dogs
    with watching(Stops()):
        assert wakeup_fd() == dogs
    press(signal.SIGUSR1, heard)
    end = time.perf_counter() + HANG
    received = b""
    while not received and time.perf_counter() < end:  # passed on from the watchdog's thread
        received = forwarded()
        time.sleep(0.005)
    assert received == bytes([signal.SIGUSR1]) and wakeup_fd() not in (ours, -1)


def test_a_stop_that_fails_does_not_keep_the_watchdog_from_the_next_search():
    def failing():
        raise RuntimeError("this search cannot be stopped")

    stop = Stops()
    with watching(failing, Deadline(0.05)) as first, watching(stop, Deadline(0.05)) as second:
        assert stop.first.wait(HANG) and stop.wait_for(2)
    assert first.timed_out and second.timed_out


def test_an_error_in_the_watchdogs_loop_does_not_end_it():
    dog = watchdog._watchdog()
    failed = threading.Event()

    def timeout():
        del dog._timeout  # once
        failed.set()
        raise OSError("select failed")

    dog._timeout = timeout
    dog._wake()  # out of its sleep, into timeout()
    assert failed.wait(HANG)
    stop = Stops()
    with watching(stop, Deadline(0.05)) as watch:
        assert stop.first.wait(HANG)
    assert watch.timed_out and dog._thread.is_alive()


def test_a_forked_child_stops_writing_its_signals_to_the_parents_watchdog(quiet_sigint):
    """The child clears the wake-up fd when it is the parent's watchdog's socket, and leaves
    another one as it was; a dead one (closed) is not put back; called in another thread than
    the main one (a fork from a thread), where Python refuses the wake-up fd, it leaves it."""
    _, _, _, ours = quiet_sigint
    with watching(Stops()):
        pass
    dog = watchdog._watchdog()
    assert wakeup_fd() == dog.fileno
    watchdog._forget_after_fork()
    assert watchdog._dog is None and wakeup_fd() == -1

    watchdog._dog = dog
    signal.set_wakeup_fd(ours, warn_on_full_buffer=False)  # not the watchdog's: left alone
    watchdog._forget_after_fork()
    assert watchdog._dog is None and wakeup_fd() == ours

    watchdog._dog = dog
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    reader.close()
    writer.close()  # the wake-up fd is now a closed fd: Python refuses to set it again
    watchdog._forget_after_fork()
    assert watchdog._dog is None and wakeup_fd() == -1

    watchdog._dog = dog
    signal.set_wakeup_fd(dog.fileno, warn_on_full_buffer=False)
    errors = []

    def forget():
        try:
            watchdog._forget_after_fork()
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=forget)
    thread.start()
    thread.join(HANG)
    assert errors == [] and watchdog._dog is None and wakeup_fd() == dog.fileno
    watchdog._forget_after_fork()  # no watchdog: nothing to do
    assert watchdog._dog is None and wakeup_fd() == dog.fileno


def joined(thread):
    """``join_through_ctrl_c(thread)`` in a thread of its own: what it returned, and whether it
    returned within HANG seconds."""
    result = []
    joiner = threading.Thread(target=lambda: result.append(join_through_ctrl_c(thread)))
    joiner.daemon = True  # a join that never ends must not keep the tests from ending
    joiner.start()
    joiner.join(HANG)
    return result


def test_a_join_returns_at_once_for_a_thread_not_started_or_ended():
    assert joined(threading.Thread(target=print)) == [False]
    ended = threading.Thread(target=time.sleep, args=(0,))
    ended.start()
    ended.join()
    assert joined(ended) == [False]


def test_a_join_waits_until_the_thread_has_ended_and_says_no_ctrl_c_came():
    release = threading.Event()
    worker = threading.Thread(target=release.wait, args=(HANG,))
    worker.start()
    threading.Timer(0.1, release.set).start()
    assert join_through_ctrl_c(worker) is False
    assert not worker.is_alive()


def test_a_join_waits_through_ctrl_c_and_says_one_came(monkeypatch):
    """Ctrl-C while the main thread waits (Python's KeyboardInterrupt in the join): the wait
    goes on until the thread has ended, and says a Ctrl-C came."""
    main = threading.main_thread()
    pressed, give_up = threading.Event(), threading.Event()

    def handler(number, frame):
        while frame is not None:  # a KeyboardInterrupt only in the wait of the join
            if frame.f_code.co_name == "join" and frame.f_code.co_filename == threading.__file__:
                pressed.set()
                raise KeyboardInterrupt
            frame = frame.f_back

    def search():  # presses Ctrl-C until the main thread's wait has heard it, then ends
        while not (pressed.is_set() or give_up.is_set()):
            signal.pthread_kill(main.ident, signal.SIGINT)
            pressed.wait(0.01)

    previous = signal.signal(signal.SIGINT, handler)
    worker = threading.Thread(target=search)
    timer = threading.Timer(HANG, give_up.set)
    try:
        timer.start()
        worker.start()
        interrupted = join_through_ctrl_c(worker)
        assert pressed.is_set() and not worker.is_alive() and interrupted is True
    finally:
        give_up.set()
        timer.cancel()
        worker.join(HANG)
        signal.signal(signal.SIGINT, previous)
