"""The table's modes and every move between them, in one function.

The table is always in exactly one mode. :func:`next_mode` works it out from a handful of
plain facts (:class:`Facts`); the controller asks it after each update and, when the mode
changed, does what entering the new one takes (opening the hand-end panel, asking a seat's
policy for its move). The animations never decide what comes next: they run, and once
they are over the controller asks again.

Glossary:
    mode      one of :class:`Mode`.
    facts     what the choice of mode reads: whether anything is still animating, the
              session's phase, who is to move and who decides for that seat, whether the
              screen waits to be handed over or a knock waits to be confirmed.
    ready     a seat whose policy has a move to make now (a computer always; a lesson's
              coach only on the coach's step).
    grace     after the viewer's discard, the time the next computer waits while the
              discard may still be taken back.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

UNDO_GRACE = 1.5
"""Seconds at normal speed the next computer waits after the viewer's discard while it can
be taken back (see the glossary's grace)."""


class Mode(Enum):
    DEALING = "dealing"
    """The deal's animation runs."""
    ANIMATING = "animating"
    """A move's flights (or the pause after a hand's last move) run."""
    HANDOFF = "hand-off"
    """Pass-and-play: the screen waits to be handed to the next person to play."""
    ASKING = "asking"
    """The knock confirmation is open."""
    SEAT_TO_ACT = "seat to act"
    """The person at this screen is to move: the table waits for their input."""
    GRACE = "grace"
    """A computer is to move but waits while the viewer's discard may be taken back."""
    THINKING = "thinking"
    """A seat's policy (a computer, a lesson's script) works out its move."""
    WAITING = "waiting"
    """Nobody moves now (a lesson's step waits for Next)."""
    HAND_END = "hand end"
    """The hand-end panel is open (an offer to buy back is answered on it)."""
    GAME_OVER = "game over"
    """The game's last hand-end panel is open."""


@dataclass(frozen=True)
class Facts:
    """What :func:`next_mode` reads (see the module's glossary)."""

    animating: bool
    dealing: bool
    playing: bool
    """The hand is being played (not over, not an offer to buy back, not the game's end)."""
    over: bool
    """The game is over."""
    handoff: bool
    asking: bool
    to_move: int | None
    here: bool
    """The seat to move is played by the person at this screen."""
    ready: bool
    grace: bool


def next_mode(facts: Facts) -> Mode:
    """The table's mode given ``facts``: every move between modes is decided here."""
    if facts.animating:
        return Mode.DEALING if facts.dealing else Mode.ANIMATING
    if not facts.playing:
        return Mode.GAME_OVER if facts.over else Mode.HAND_END
    if facts.handoff:
        return Mode.HANDOFF
    if facts.asking:
        return Mode.ASKING
    if facts.to_move is None:
        return Mode.WAITING
    if facts.here:
        return Mode.SEAT_TO_ACT
    if not facts.ready:
        return Mode.WAITING
    return Mode.GRACE if facts.grace else Mode.THINKING


class Overlay(Enum):
    """What is open over the table and takes every key and click while it is."""

    HANDOFF = "hand-off"
    """Pass-and-play: the table is hidden until the next person takes the screen."""
    DETAILS = "details"
    """The deal's details (I): they close first, and alone."""
    QUESTION = "question"
    """The knock confirmation: it answers first, and alone."""
    PANEL = "panel"
    """The hand-end panel (the Menu button still works)."""
    NONE = "none"
    """Nothing: the table itself (its log and pile's history are glances, not overlays)."""


def overlay_of(*, handoff: bool, details: bool, asking: bool, panel: bool) -> Overlay:
    """What takes the keys and clicks, from what is open: one choice, in one place."""
    if handoff:
        return Overlay.HANDOFF
    if details:
        return Overlay.DETAILS
    if asking:
        return Overlay.QUESTION
    if panel:
        return Overlay.PANEL
    return Overlay.NONE
