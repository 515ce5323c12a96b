"""The table's frame: everything one picture of the table shows, as plain values and
words.

The frame builder (:mod:`.frame_builder`) makes a :class:`TableFrame` from the viewer's
:class:`~...engine.views.PlayerView`, the motion's snapshot and the table's mode; the
painter draws it and reads nothing else: no view, profile or engine type but the cards it
draws. Nothing in a frame acts or changes: buttons are their faces, the hand-end panel its
rows of words and places, the animations where things are now, every word a string.

Glossary:
    frame    :class:`TableFrame`; built afresh for each picture.
    story    :class:`TableStory`: what every seat knows, in words (counts, last moves, the
             log, the pile's history, the score sheet), told again only when it changes.
    bottom   the seat at the bottom of the screen (the viewer); its cards are face up when
             the view knows them, face down otherwise (pass-and-play, a spectator).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.cards import Card
from ..celebrations import CelebrationFace
from ..theme import Look
from ..widgets import ButtonFace
from .layout import TableGeometry
from .lesson_box import LessonFace
from .motion import MotionSnapshot
from .panel import PanelFace

Question = tuple[tuple[tuple[str, bool], ...], tuple[int, int, int, int], tuple[ButtonFace, ...]]
"""The knock confirmation: its lines, its box and its two buttons."""


@dataclass(frozen=True)
class SeatFace:
    """One seat as the picture shows it."""

    seat: int
    dealt: bool
    """Dealt into this hand."""
    held: int
    """Cards it holds, as every seat may know."""
    plate: tuple[str, ...]
    """Its name plate's lines."""
    person: bool
    """A person (no avatar, no level badge)."""
    level: str
    """A computer's level (its avatar and badge)."""
    out: bool
    """Out of the game (Knock Rami): dimmed."""
    active: bool
    """It is this seat's decision: its plate is lit."""
    to_move: bool
    dealer: bool
    revealed: tuple[Card, ...] = ()
    """Its cards once the hand is over (shown face up on the hand-end panel's table)."""
    away: bool = False
    """Played from elsewhere, and its line has dropped: its plate says so, dimmed."""


@dataclass(frozen=True)
class TipFace:
    """A rule tip as one frame shows it (see :mod:`...rule_tips`)."""

    box: tuple[int, int, int, int]
    size: int
    """The words' font size (the largest that fits the box)."""
    lines: tuple[str, ...]
    """The tip's words, wrapped to the box; the first line is drawn in the warning colour."""


@dataclass(frozen=True)
class TableWords:
    """The table's few fixed words, in the language of the frame."""

    empty_stock: str = ""
    taken: str = ""
    """Over the card taken from the pile this turn."""
    new: str = ""
    """Over the card just drawn from the stock."""
    log_title: str = ""
    log_empty: str = ""
    pile_title: str = ""
    pile_empty: str = ""
    details_close: str = ""


@dataclass(frozen=True)
class TableStory:
    """What every seat knows, told at the table (gathered by the scene from the view)."""

    deadwood: tuple[str, ...]
    """By the viewer's hand: its deadwood now (and what the best discard leaves)."""
    groups: dict[Card, int | None]
    """The viewer's cards by meld (None: deadwood), for the bands under them."""
    last_turns: dict[int, str]
    """Each seat's last turn in words, by seat."""
    pick_ups: dict[int, list[Card]]
    """Cards each seat took from the pile and still holds, by seat."""
    log: tuple[str, ...] | None
    """The hand log when it is open."""
    pile: tuple[Card, ...] | None
    """The discard pile, oldest first, when its history is shown."""
    sheet: tuple[tuple[str, bool], ...]
    """The score sheet's lines, each with whether it is dimmed."""


@dataclass(frozen=True)
class TableFrame:
    """What one picture of the table shows."""

    seat_faces: tuple[SeatFace, ...]
    """Every seat, by seat number."""
    positions: tuple[int, ...]
    """The seats dealt into the hand, in position order."""
    stock_count: int
    pile: tuple[Card, ...]
    """The face-up discard pile, bottom first."""
    knocked: bool
    """A knocking card lies face down on the pile."""
    geometry: TableGeometry
    motion: MotionSnapshot
    """Read only: flights, the deal, bubbles and where the bottom cards are."""
    bottom: tuple[Card, ...] | None
    """The bottom seat's cards in display order, if the view knows them."""
    face_down: bool
    """Pass-and-play: the bottom seat's cards are shown face down."""
    selected: Card | None
    held: Card | None
    """The card being dragged."""
    leaves: str | None
    """Over the selected card: what its discard leaves (while it may be thrown)."""
    taken: Card | None
    """The card the bottom seat took from the pile this turn (marked)."""
    glow_stock: bool
    glow_discard: bool
    status: str
    notice: bool
    """The status line is a notice (a refusal, a setting changed)."""
    hint: str
    buttons: tuple[ButtonFace, ...]
    menu_button: ButtonFace
    thinking: bool
    """A computer is deciding (its plate shows dots)."""
    panel: PanelFace | None
    handoff: tuple[str, ...] | None
    """Pass-and-play: the hand-off screen's lines instead of the table."""
    words: TableWords = TableWords()
    look: Look = Look()
    """The deck, card back and felt chosen in Settings."""
    story: TableStory | None = None
    """Counts, last moves, the log and the scores (None: tell nothing, as in a test)."""
    drawn: Card | None = None
    """The card the bottom seat drew from the stock this turn (marked where it was sorted)."""
    details: tuple[str, ...] | None = None
    """The deal's details when the player opened them (I): the seed's whole fingerprint
    while the hand is played, the seed and the deal code after it."""
    question: (
        tuple[tuple[tuple[str, bool], ...], tuple[int, int, int, int], tuple[ButtonFace, ...]]
        | None
    ) = None
    """The knock confirmation: its lines (each with whether it is the title), its box and
    its two buttons; None when nothing is asked."""
    game_line: str = ""
    """The game and the hand, in the corner where no score sheet is drawn."""
    celebration: CelebrationFace | None = None
    """Gin, rum, an undercut or a win, celebrated over the hand-end panel."""
    lesson: LessonFace | None = None
    """A lesson's words and outlines over the table (see :mod:`.lesson_box`)."""
    pot: str | None = None
    """The pot's words over the piles where the game has one and no sheet is drawn."""
    tip: TipFace | None = None
    """A rule tip between the piles and the buttons (None: none, or it waits while a
    dialog or a box the player opened is where it goes)."""

    @property
    def viewer(self) -> int:
        return self.geometry.viewer

    @property
    def font(self) -> int:
        return self.geometry.font

    @property
    def size(self) -> tuple[int, int]:
        return self.geometry.size


@dataclass(frozen=True)
class PanelShown:
    """A hand-end panel has finished opening (told to the table's listeners)."""

    frame: TableFrame
    """What the table shows then (a picture of the panel is this frame drawn)."""
    over: bool
    """It is the game's last panel."""
    hand: int = 0
    """The hand the panel ends."""
