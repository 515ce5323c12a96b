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


def policy_for(place: SeatPlace, decide: Callable[[SessionState, int], Action]) -> SeatPolicy:
    """The policy of a seat of ``place``'s kind (a computer decides by ``decide``)."""
    if place.kind is SeatKind.PERSON:
        return Person()
    if place.kind is SeatKind.COMPUTER:
        return Computer(decide)
    raise ValueError(f"a {place.kind} seat needs its own policy")
