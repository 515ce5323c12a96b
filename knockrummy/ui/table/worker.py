"""The table's one worker: a computer's move, a hint and the advisor's knock estimate are
worked out away from the window's thread, one job at a time, so the table keeps animating
while they run. The controller hands a job in and reads its answer in ``update``; nothing
of the table ever blocks on it.

Glossary:
    job       work handed in (:meth:`TableWorker.submit`); its answer is a
              :class:`~concurrent.futures.Future` the controller reads once it is done.
    executor  what runs the jobs: a daemon thread (:class:`~..workers.Worker`) in the
              window, or, for a table driven step by step, :class:`~..workers.InlineWorker`
              (done as handed in) or :class:`~..workers.HeldWorker` (done when told), so
              no test waits for a thread to be scheduled (see :data:`..workers.new_worker`).
    settle    the moment a frame gives a running job to end before it draws on (a couple
              of milliseconds; nothing once the job is done).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future, wait

import pygame

from ... import workers
from ..loop import WAKE

SETTLE = 0.002
"""Seconds a frame gives a running job (a computer's move, a hint) before it draws on."""


class TableWorker:
    """The table's jobs, on one executor; each job's end wakes the window's loop."""

    def __init__(self, executor=None) -> None:
        self.executor = executor if executor is not None else workers.new_worker("table")

    def submit(self, work: Callable[[], object]) -> Future:
        def run():
            try:
                return work()
            finally:
                if pygame.display.get_init():
                    pygame.event.post(pygame.event.Event(WAKE))

        return self.executor.submit(run)

    def settle(self, pending: Sequence[Future]) -> None:
        running = [f for f in pending if not f.done()]
        if running and isinstance(self.executor, workers.Worker):
            # a frame that only waits is cheap, and a loop that spins at once (instant
            # speed) would take the interpreter back before even a quick decision ends
            wait(running, timeout=SETTLE)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
