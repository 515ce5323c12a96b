"""Who sits at a table: each seat's kind, and who decides for it.

A table never asks what kind of player sits in a seat beyond this one place: each seat
has a :class:`SeatKind`, and each kind maps to a policy (:func:`policy_for`) that the
source asks for the seat's move.

Glossary:
    kind      :class:`SeatKind`: a person at this screen, a computer level, a lesson's
              script, or (online play) a person on another machine.
    policy    a :class:`SeatPolicy`: whether the seat has a move to make now (``ready``)
              and its move (``decide``, run on the source's worker, reading only what it
              is given). A person's seat has none: the person decides through the window.
    here      the seats played at this screen: a person's seats (several in
              pass-and-play), none at a table of computers (the window then watches as a
              spectator).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..engine.actions import Action
from ..engine.phases import WordEnum
from ..engine.session import SessionState


class SeatKind(WordEnum):
    """Who plays a seat (see the glossary)."""

    PERSON = "person"
    """A person at this screen, through the window's keys and clicks."""
    COMPUTER = "computer"
    """A computer level, deciding from its own seat's view."""
    SCRIPT = "script"
    """A lesson's coach: the move its script says, on the coach's steps only."""
    REMOTE = "remote"
    """A person on another machine: its moves arrive over the network."""


@dataclass(frozen=True)
class SeatPlace:
    """One seat as every seat may know it: the name shown, its kind and its level."""

    name: str
    kind: SeatKind
    level: str = ""
    """A computer's level (``easy``...); empty for a person."""


class SeatPolicy(Protocol):
    """What the source asks of whoever decides for a seat that is not a person's."""

    kind: SeatKind

    def ready(self, state: SessionState, seat: int) -> bool:
        """The seat has a move to make now (asked only when it is the seat's move)."""

    def decide(self, state: SessionState, seat: int) -> Action:
        """The seat's move in ``state`` (on the source's worker: read nothing else)."""


class Person:
    """A person at this screen: the source waits for their move from the window."""

    kind = SeatKind.PERSON

    def ready(self, state: SessionState, seat: int) -> bool:
        return False  # they act through the window, never through the worker

    def decide(self, state: SessionState, seat: int) -> Action:
        raise RuntimeError("a person decides through the window")


class Computer:
    """A computer level: ``decide`` is the seat's bot (see :class:`~.bots.SeatBots`)."""

    kind = SeatKind.COMPUTER

    def __init__(self, decide: Callable[[SessionState, int], Action]) -> None:
        self._decide = decide

    def ready(self, state: SessionState, seat: int) -> bool:
        return True

    def decide(self, state: SessionState, seat: int) -> Action:
        return self._decide(state, seat)


class Scripted:
    """A lesson's coach: the action its current step names, on the coach's steps only."""

    kind = SeatKind.SCRIPT

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


class Remote:
    """A person on another machine: the seat is ready once its guest's action has arrived
    (:meth:`arrive`), for the state it was chosen in; while the guest is away the host may
    hand the seat to a computer (``stand_in``) until the guest is back."""

    kind = SeatKind.REMOTE

    def __init__(self, stand_in: Callable[[SessionState, int], Action] | None = None) -> None:
        self._stand_in = stand_in
        self._pending: tuple[Action, int] | None = None
        self.standing_in = False
        """A computer plays the seat until its guest is back."""

    def arrive(self, action: Action, state: SessionState) -> None:
        """The guest's ``action``, chosen in ``state`` (played only in that state)."""
        self._pending = (action, len(state.log))

    def waiting(self, state: SessionState) -> bool:
        """An action has arrived for ``state`` and is not yet played."""
        return self._pending is not None and self._pending[1] == len(state.log)

    def stand_in(self, on: bool) -> None:
        """Hand the seat to a computer (``on``), or back to its guest."""
        self.standing_in = on and self._stand_in is not None

    def ready(self, state: SessionState, seat: int) -> bool:
        return self.waiting(state) or self.standing_in

    def decide(self, state: SessionState, seat: int) -> Action:
        pending, self._pending = self._pending, None
        if pending is not None and pending[1] == len(state.log):
            return pending[0]
        if self._stand_in is not None:  # (asked while it stood in, even if back since)
            return self._stand_in(state, seat)
        raise RuntimeError("no action has arrived for the seat")


def policy_for(place: SeatPlace, decide: Callable[[SessionState, int], Action]) -> SeatPolicy:
    """The policy of a seat of ``place``'s kind (a computer decides by ``decide``; a
    remote seat's stand-in too)."""
    if place.kind is SeatKind.PERSON:
        return Person()
    if place.kind is SeatKind.COMPUTER:
        return Computer(decide)
    if place.kind is SeatKind.REMOTE:
        return Remote(decide)
    raise ValueError(f"a {place.kind} seat needs its own policy")
