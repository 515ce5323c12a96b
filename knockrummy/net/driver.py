"""A guest's seat played with no window: a computer level answers each view of the seat,
as ``knockrummy join --bot LEVEL`` does (and the tests and the relay's bench).

Glossary:
    again     a move the host refused (too fast, or chosen from a view that has moved on)
              is chosen again from the seat's latest view after a pause.
    rematch   a computer level plays on: it accepts every rematch its host offers.
    pace      the seat keeps within the moves the host allows (its ``limits``), with a
              margin for the time a move takes to arrive: a move the bound would refuse
              waits until the window has room.
"""

from __future__ import annotations

import random
import time

from ..ai import make_bot
from ..engine.actions import NextHand
from ..engine.session import HAND_OVER, SESSION_OVER
from ..play.stream import Refused
from .guest import GuestSource
from .limits import Rate

AGAIN_SECONDS = 1.0
"""The pause before a refused move is chosen again."""
PACE_MARGIN = (1, 1.0)
"""The pace's margin (see the glossary): one move fewer, in a second longer, than the host
allows (a move may arrive sooner after the one before it than it was sent)."""


class BotSeat:
    """Plays ``source``'s seat with ``level`` (see the module)."""

    def __init__(self, source: GuestSource, level: str, seed: int | None = None) -> None:
        self.source = source
        self.level = level
        self.random = random.Random(seed)
        self._bot = None
        self._bot_hand = -1
        self._asked: set = set()
        self._again_at = 0.0
        self._refused = None
        """The last update that told of a refused move (kept, not its id: an id is used
        again once its object is gone, and a refusal taken for one already seen would
        leave the seat waiting for ever)."""
        self._connections = 0
        self._pace: Rate | None = None
        self._paced_by: tuple[int, float] | None = None

    def catch_up(self) -> None:
        """Take in everything that arrived (another seat's move needs no animation)."""
        while True:
            self.source.proceed()
            self.source.pump()
            if not self.source.ready:
                return

    def _room(self) -> bool:
        """A move now keeps within the host's bound (see the glossary's pace); counted."""
        bound = self.source.limits["actions"]
        if self._pace is None or self._paced_by != bound:
            count, seconds = bound
            self._pace = Rate(max(1, count - PACE_MARGIN[0]), seconds + PACE_MARGIN[1])
            self._paced_by = bound
        return self._pace.allow()

    def step(self) -> None:
        """Answer the seat's latest view, if it waits for the seat."""
        source = self.source
        if not source.started or source.seat is None:
            return
        if source.connections != self._connections:  # back after a drop: choose again
            self._connections = source.connections
            self._asked.clear()
        update = source.latest(source.seat)
        view = update.view
        refused = any(isinstance(n, Refused) and n.seat == source.seat for n in update.news)
        if refused and update is not self._refused:
            self._refused = update
            self._asked.discard(("move", update.number))
            self._again_at = time.monotonic() + AGAIN_SECONDS
        if time.monotonic() < self._again_at:
            return
        if (
            view.to_move == source.seat
            and ("move", update.number) not in self._asked
            and self._room()
        ):
            if self._bot is None or self._bot_hand != view.hand_number:
                self._bot = make_bot(self.level, self.random.getrandbits(62))
                self._bot_hand = view.hand_number
            self._asked.add(("move", update.number))
            source.submit(self._bot.choose(view), source.seat)
        elif view.to_move == source.seat:
            pass  # (waiting for room in the host's bound)
        elif view.phase == SESSION_OVER and source.rematch is not None:
            source.accept_rematch()  # (once for each offer)
        elif (
            view.phase == HAND_OVER
            and view.to_move is None
            and ("next", source.sessions, view.hand_number) not in self._asked
        ):
            self._asked.add(("next", source.sessions, view.hand_number))
            source.submit(NextHand(), None)
