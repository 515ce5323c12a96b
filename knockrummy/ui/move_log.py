"""The hand's public moves in words: each seat's last turn, the hand log, and the cards a
careful player remembers each opponent taking from the pile.

Everything here is read from one :class:`~..engine.views.PlayerView`, so a card is named
only when that view knows it (another seat's stock draw and knocking discard never are).

Glossary:
    turn      the consecutive moves of one seat (draw, then throw or go out), in words.
    shown     how many of the view's history entries the table has animated so far: words
              appear as the cards land, not before (see the table scene).
    pick-up   a card a seat took from the discard pile and still holds (it has not thrown
              it again), so every seat knows it is in that hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from ..engine.cards import Card
from ..engine.views import PlayerView, PublicEvent
from .wording import move_words, turn_line


@dataclass(frozen=True)
class Turn:
    """One seat's consecutive moves, in words."""

    seat: int
    words: tuple[str, ...]

    def line(self, names: tuple[str, ...]) -> str:
        """The turn as the hand log reads it."""
        return turn_line(names[self.seat], list(self.words))


def _words(event: PublicEvent, first: bool) -> str:
    action = event.action
    if isinstance(action, DrawStock):
        return move_words("stock", event.card, first)
    if isinstance(action, TakeDiscard):
        return move_words("pile", event.card, first)
    if isinstance(action, Discard):
        return move_words("throw", action.card, first)
    if isinstance(action, Pass):
        return move_words("pass", None, first)
    return move_words("knock", action.card if isinstance(action, Knock) else None, first)


def turns(view: PlayerView, shown: int | None = None) -> list[Turn]:
    """The hand's turns in order, from the first ``shown`` history entries (all if None)."""
    history = view.history if shown is None else view.history[:shown]
    out: list[tuple[int, list[str]]] = []
    drawn = False
    for event in history:
        seat = view.seats_in_hand[event.position]
        words = _words(event, first=not drawn)
        drawn = drawn or isinstance(event.action, (DrawStock, TakeDiscard))
        if out and out[-1][0] == seat:
            out[-1][1].append(words)
        else:
            out.append((seat, [words]))
    return [Turn(seat, tuple(words)) for seat, words in out]


def last_turns(view: PlayerView, shown: int | None = None) -> dict[int, str]:
    """Each seat's latest turn in words (kept until its next turn replaces it)."""
    return {turn.seat: ", ".join(turn.words) for turn in turns(view, shown)}


def hand_log(view: PlayerView, shown: int | None = None) -> list[str]:
    """Every public move of the hand, one line a turn, oldest first."""
    return [turn.line(view.names) for turn in turns(view, shown)]


def pick_ups(view: PlayerView, shown: int | None = None) -> dict[int, list[Card]]:
    """By seat: the cards taken from the pile this hand and not thrown again since."""
    history = view.history if shown is None else view.history[:shown]
    held: dict[int, list[Card]] = {}
    for event in history:
        seat = view.seats_in_hand[event.position]
        if isinstance(event.action, TakeDiscard) and event.card is not None:
            held.setdefault(seat, []).append(event.card)
        elif isinstance(event.action, Discard) and event.action.card in held.get(seat, ()):
            held[seat].remove(event.action.card)
    return {seat: cards for seat, cards in held.items() if cards}
