"""Who decides for each seat: the table asks a seat's policy for its next action instead
of knowing what kind of player sits there.

Glossary:
    policy    a :class:`SeatPolicy`: whether the seat is played at this screen (then the
              table waits for the person's input), whether it has a move to make now
              (``ready``), and its move (``decide``, run on the table's worker).
    here      :class:`AtThisScreen`, the person in front of this window.
    computer  :class:`Computer`, a level's bot deciding from its own seat's view.
    script    :class:`Scripted`, a lesson's coach: the move its step says, and none on a
              step that is not the coach's.
    remote    a seat played from another machine (:class:`RemoteSeat`): not built yet; it
              would be ready once the other machine's action has arrived, and ``decide``
              would hand that action over (checked by the engine like any other).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ...engine.actions import Action
from ...engine.session import SessionState


class SeatPolicy(Protocol):
    """What the table asks of whoever decides for a seat."""

    here: bool
    """The seat is played by the person at this screen, through the table's input."""

    def ready(self, state: SessionState, seat: int) -> bool:
        """The seat has a move to make now (asked only when it is the seat's move)."""

    def decide(self, state: SessionState, seat: int) -> Action:
        """The seat's move in ``state`` (on the table's worker: read nothing else)."""


class RemoteSeat(SeatPolicy, Protocol):
    """A seat played on another machine (see the glossary): ``ready`` once its action has
    arrived; ``decide`` hands it over. ``here`` is False."""


class AtThisScreen:
    """The person at this screen: the table waits for their keys and clicks."""

    here = True

    def ready(self, state: SessionState, seat: int) -> bool:
        return False  # they act through the input, never through the worker

    def decide(self, state: SessionState, seat: int) -> Action:
        raise RuntimeError("the person at this screen decides through the table's input")


class Computer:
    """A computer level: ``decide`` is the seat's bot (see :class:`~..tables.SeatBots`)."""

    here = False

    def __init__(self, decide: Callable[[SessionState, int], Action]) -> None:
        self._decide = decide

    def ready(self, state: SessionState, seat: int) -> bool:
        return True

    def decide(self, state: SessionState, seat: int) -> Action:
        return self._decide(state, seat)


class Scripted:
    """A lesson's coach: the action its current step names, on the coach's steps only."""

    here = False

    def __init__(self, action: Callable[[], Action | None]) -> None:
        self._action = action
        """The move the script has for the coach now (None: not the coach's step)."""

    def ready(self, state: SessionState, seat: int) -> bool:
        return self._action() is not None

    def decide(self, state: SessionState, seat: int) -> Action:
        action = self._action()
        if action is None:
            raise RuntimeError("the script has no move for the coach now")
        return action


def policies_for(seats, decide: Callable[[SessionState, int], Action]) -> list[SeatPolicy]:
    """Each seat's policy: the people at this screen, the computers deciding by ``decide``."""
    return [AtThisScreen() if seat.is_human else Computer(decide) for seat in seats]
