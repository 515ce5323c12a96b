"""Online tables played with no window: a host's table served to its end, and a guest's
seat played by a computer level (``knockrummy host --headless``, ``knockrummy join
--headless``, the tests and the relay's bench all go through these two loops).

Glossary:
    stop      asked between steps: the loop ends when it says so (a signal, a test).
    linger    once the session is over, how long a host waits for a friend who is away
              to come back for the session's record before it closes the table.
    rematches the sessions a host offers after the first, each with the same seats: one
              is dealt once every friend has accepted it within ``answer`` seconds;
              otherwise the table closes as at a session's end.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ..engine.session import PLAYING
from .driver import BotSeat
from .guest import GuestSource
from .hosting import Hosting

LINGER = 10.0
ANSWER = 60
"""Seconds a host waits for its friends' answers to a rematch."""


def serve_table(
    hosting: Hosting,
    hands: int | None = None,
    stop: Callable[[], bool] = lambda: False,
    linger: float = LINGER,
    rematches: int = 0,
    answer: int = ANSWER,
) -> str:
    """Play ``hosting``'s table (started, or once every friend's seat is taken) until the
    session or its ``hands`` are over, and each of the ``rematches`` its friends accept
    (see the glossary); why it ended: ``over``, ``hands`` or ``host-left``. The table is
    not closed (:meth:`~.host.HostTable.finish` does)."""
    table = hosting.table
    if hosting.resumed:
        hosting.start()
    while not table.started:
        if stop():
            return "host-left"
        table.wait(0.25)
        table.pump()
        if table.all_taken:
            hosting.start()
    table.last_hand = hands
    over_at = None
    while not stop():
        table.wait(0.25)
        table.pump(drive=True)
        state = hosting.source.state
        if state.is_over:
            if rematches > 0 and table.everyone_recorded:
                if table.rematch_accepted:
                    rematches -= 1
                    hosting.rematch()
                    over_at = None
                    continue
                if not table.rematch_offered:
                    table.offer_rematch(answer)
                    over_at = time.monotonic()
                if time.monotonic() - over_at <= answer and table.all_taken:
                    continue  # (a friend who leaves declines)
                return "over"
            if table.everyone_recorded:
                return "over"
            over_at = over_at or time.monotonic()
            if time.monotonic() - over_at > linger:
                return "over"  # a friend away at the end: the host's saves have it
        elif hands is not None and len(state.records) >= hands and state.phase != PLAYING:
            return "hands"
    return "host-left"


def play_seat(
    source: GuestSource,
    level: str | None,
    woken: threading.Event,
    stop: Callable[[], bool] = lambda: False,
    each: Callable[[GuestSource], None] | None = None,
) -> str:
    """Play (with ``level``) or watch (None) ``source``'s seat until the table ends for
    it; why it ended (:data:`~.guest.GuestSource.ended`). ``each`` is called after every
    step (to keep the seat's token once it is known)."""
    driver = BotSeat(source, level) if level is not None else None
    while source.ended is None and not stop():
        woken.wait(0.25)
        woken.clear()
        if driver is not None:
            driver.catch_up()
        else:
            source.proceed()
            source.pump()
        if each is not None:
            each(source)
        if driver is not None and not stop():  # (``each`` may have asked it to stop)
            driver.step()
    source.pump()  # the record, if it came last
    return source.ended or "left"
