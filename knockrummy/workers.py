"""The workers: one background thread that a closing window never waits for, for the
table's computer players, hints, reviews and imports (no window needed).

Glossary:
    abandoned  work still running when the window closes (a long review, an import reading
               a slow file) is left behind: the thread is a daemon, so the program ends
               at once; nothing it was doing had been written (the window's own thread does
               every write), so abandoning it changes nothing.
    inline     :class:`InlineWorker` does each job as it is handed in, and
               :class:`HeldWorker` keeps its jobs until told to do them: the same door as
               the thread's, with no thread, for a window driven step by step (the tests).
               :data:`new_worker` is what each screen's worker is made by.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future


class Worker:
    """Runs submitted work in order on one daemon thread (started with the first job).

    Like a one-thread ``ThreadPoolExecutor``, but nothing ever joins it: neither
    ``shutdown`` nor the interpreter's exit waits for the work in hand."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, work: Callable[[], object]) -> Future:
        if self._closed:
            raise RuntimeError("the worker has been shut down")
        future: Future = Future()
        self._jobs.put((future, work))
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()
        return future

    def _run(self) -> None:
        while True:
            item = self._jobs.get()
            if item is None:
                return
            future, work = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = work()
            except BaseException as exc:  # handed to whoever reads the future
                future.set_exception(exc)
            else:
                future.set_result(result)

    def shutdown(self, wait: bool = False, cancel_futures: bool = True) -> None:
        """Stop taking work; jobs not started are cancelled and the one running (if any)
        is abandoned: this never waits for it (``wait`` is accepted and ignored)."""
        self._closed = True
        if cancel_futures:
            while True:
                try:
                    item = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if item is not None:
                    item[0].cancel()
        self._jobs.put(None)


class InlineWorker:
    """Does each job as it is handed in: its future is done when ``submit`` returns."""

    def __init__(self, name: str = "inline") -> None:
        self.name = name
        self._closed = False

    def submit(self, work: Callable[[], object]) -> Future:
        if self._closed:
            raise RuntimeError("the worker has been shut down")
        future: Future = Future()
        future.set_running_or_notify_cancel()
        try:
            result = work()
        except BaseException as exc:  # handed to whoever reads the future, as on a thread
            future.set_exception(exc)
        else:
            future.set_result(result)
        return future

    def shutdown(self, wait: bool = False, cancel_futures: bool = True) -> None:
        self._closed = True


class HeldWorker:
    """Keeps each job until :meth:`finish`: a job still running for as long as a test
    looks at what the window shows meanwhile, with no thread."""

    def __init__(self, name: str = "held") -> None:
        self.name = name
        self.jobs: list[tuple[Future, Callable[[], object]]] = []

    def submit(self, work: Callable[[], object]) -> Future:
        future: Future = Future()
        self.jobs.append((future, work))
        return future

    def finish(self) -> int:
        """Do the jobs handed in so far, in order; returns how many there were."""
        jobs, self.jobs = self.jobs, []
        for future, work in jobs:
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = work()
            except BaseException as exc:
                future.set_exception(exc)
            else:
                future.set_result(result)
        return len(jobs)

    def shutdown(self, wait: bool = False, cancel_futures: bool = True) -> None:
        jobs, self.jobs = self.jobs, []
        for future, _ in jobs:
            future.cancel()


new_worker: Callable[[str], Worker | InlineWorker | HeldWorker] = Worker
"""Makes a screen's worker from its name (a window driven step by step, as in the tests,
puts :class:`InlineWorker` here)."""
