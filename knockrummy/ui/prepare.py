"""What the table's frames will need, made before they need it, a little at a time.

A frame has 16.7 ms. Making a card's face at 3840x2160 takes a few milliseconds, a
window-sized surface or the felt at that size tens of them, so the frame that first shows
the hand-end panel (a new card size, every hand turned up, the table behind it drawn
again) or the first frame at a new window size would take far longer if it made them
itself. Instead the table says what is coming, and the work is done ahead of it:

* at a new window size (the one frame allowed to be slow), what depends only on the size:
  the felt, the window-sized layers, the shade, the card backs, shadows and outlines at
  the table's card widths; then, a step in each frame that has time for it, the faces of
  the whole deck at those widths, the viewer's own cards first;
* when a hand ends, during the pause before its panel opens: the panel itself, its
  stripes, the letters of its words, the face of every card turned up at the panel's
  size and at the seats', and last the picture of the table under the panel (used only
  if the table still shows the same when the panel opens).

Glossary:
    job       an iterator; each step of it makes one thing (a face, a stripe) and puts it
              in the cache that the drawing reads (``card_art``'s, ``surfaces``').
    budget    the main thread's processor time a frame may have used, its own work and
              the jobs' steps together, before no further step starts. A step is never
              split, so a frame may go over the budget by one step; a frame that has used
              the budget already (one that applied a move) does none.
"""

from __future__ import annotations

import string
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..engine.cards import JOKER, new_deck
from . import card_art, surfaces
from .fonts import font
from .theme import LAYOFF, Look

if TYPE_CHECKING:
    from .table.panel import HandEndPanel

BUDGET = 0.001
"""Seconds of the main thread's processor time (see the glossary). A step (a card's face
at 3840x2160) takes up to about 3 ms: with the frame's drawing after it, a frame that
prepares stays under 4 ms."""

LAYERS = ("table", "panel backdrop")
"""The window-sized layers the table draws (see :mod:`.surfaces`)."""

PANEL_TEXT = ((1.35, True), (1.2, True), (1.0, True), (0.9, False), (0.85, False),
              (0.8, False), (0.72, False))  # fmt: skip
"""The hand-end panel's text sizes, as shares of its font, and whether bold (its title,
a row's change, name, deadwood, total, the lay-off legend and the reasons)."""

GLYPHS = string.ascii_letters + string.digits + " +-\u2212\u2013\u00b7:;,.!?()'\u2019\u2026/%&"
"""The letters the panel's words are made of, loaded at a size before it shows them (the
first text at a new size loads each of its letters: a millisecond or more)."""

Job = Iterator[None]


class Preparer:
    """Jobs waiting to be done, done a step at a time within a frame's budget."""

    def __init__(self, budget: float = BUDGET, clock: Callable[[], float] = time.thread_time):
        self.budget = budget
        self.clock = clock
        self._jobs: deque[Job] = deque()

    def add(self, job: Iterable[None], first: bool = False) -> None:
        """Queue ``job``: after the others, or before them (``first``: a frame waits
        for it)."""
        if first:
            self._jobs.appendleft(iter(job))
        else:
            self._jobs.append(iter(job))

    def clear(self) -> None:
        """Forget what is waiting (what it was for is gone: the window changed size)."""
        self._jobs.clear()

    @property
    def pending(self) -> bool:
        return bool(self._jobs)

    def step(self, started: float | None = None) -> int:
        """Do jobs' steps while the frame that began at ``started`` (by ``clock``; now if
        not given) is within the budget; returns how many were done."""
        start = self.clock() if started is None else started
        done = 0
        while self._jobs and self.clock() - start < self.budget:
            done += self._advance()
        return done

    def finish(self) -> int:
        """Do everything waiting now; returns how many steps that took."""
        done = 0
        while self._jobs:
            done += self._advance()
        return done

    def _advance(self) -> int:
        try:
            next(self._jobs[0])
        except StopIteration:
            self._jobs.popleft()
            return 0
        return 1


def table_widths(geometry) -> tuple[int, ...]:
    """The card widths a table of ``geometry`` (a ``TableGeometry``) draws: the piles' and
    the seats', largest first."""
    layout = geometry.layout
    widths = {layout.card_width, *(place.card_width for place in layout.seats)}
    return tuple(sorted(widths, reverse=True))


def at_size(
    look: Look, size: tuple[int, int], widths: Iterable[int], layers: surfaces.Layers
) -> None:
    """Make now what a table ``size`` pixels wide draws whatever happens: the felt, its
    ``layers``, the shade and each card width's back, shadow and outline (the resize frame
    pays for it)."""
    size = tuple(size)
    look.cloth(size)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        for name in LAYERS:
            layers.get(name, size)
    layers.shade(size)
    for width in widths:
        look.card_back(width)
        card_art.shadow(width)
        card_art.outline(width)


def deck_faces(look: Look, widths: Iterable[int], first: Iterable = (), jokers: int = 0) -> Job:
    """A job: the face of every card of the deck at each of ``widths``, the cards in
    ``first`` (the viewer's own) before the others."""
    first = list(first)
    deck = first + [c for c in new_deck() if c not in first]
    if jokers and JOKER not in deck:
        deck.append(JOKER)
    for width in widths:
        for card in deck:
            card_art.prepare_face(card, width, deck=look.deck, letters=look.letters)
            yield


@dataclass(frozen=True)
class PanelSteps:
    """What the table gives :func:`hand_end`: how to make its coming hand-end panel, each
    seat's card width on the table, and how to draw the picture under the panel ahead."""

    make: Callable[[], HandEndPanel | None]
    """The panel, or None if it is too late for it (it opened, or the next hand began)."""
    widths: dict[int, int]
    backdrop: Callable[[HandEndPanel], Iterable[None]] | None = None
    """Draws the picture under the panel, a part at each step."""
    layers: surfaces.Layers | None = None
    """The painter's layers, which keep the shade and the stripes it draws."""


def hand_end(look: Look, steps: PanelSteps) -> Job:
    """A job: the hand-end panel about to open (every hand turned up), and what its first
    frames draw: the shade and stripes, the letters of its words at its text sizes, each
    card turned up at the panel's card width and at its seat's width on the table behind
    it, and last the table under the panel."""
    panel = steps.make()
    yield
    if panel is None:
        return  # too late: the panel opened, or the next hand began
    view, geo = panel.view, panel.geometry
    if steps.layers is not None:
        steps.layers.shade(tuple(panel.size))  # made at the size already, unless dropped
        yield
        steps.layers.stripe((geo.box.width - 8, round(geo.row_h)))
    cw = geo.card_width
    look.card_back(cw)
    card_art.outline(cw, LAYOFF)
    yield
    for share, bold in PANEL_TEXT:
        font(round(geo.font * share), bold).get_rect(GLYPHS)
        yield
    font(geo.note_font).get_rect(GLYPHS)
    for placed in geo.placed:
        card_art.prepare_face(placed.card, cw, deck=look.deck, letters=look.letters)
        yield
    for position, cards in enumerate(view.revealed or ()):
        width = steps.widths.get(view.seats_in_hand[position])
        for card in cards if width is not None else ():
            card_art.prepare_face(card, width, deck=look.deck, letters=look.letters)
            yield
    if steps.backdrop is not None:
        yield from steps.backdrop(panel)
