"""Rule tips at the table: each shown once, in a box between the piles and the buttons.

The table tells :class:`TableTips` what each action showed its viewer (the view and the
events as that seat saw them); the tip to show is decided by the pure
:func:`~..tips.tips_for`. A tip shows until the viewer's next move. A tip from the end of
a hand (a lay-off, an undercut, gin, the stock running out, an elimination) waits until
the hand-end panel has closed and the next hand is dealt, so it never covers the panel.
While a dialog is open over the table (the knock confirmation, the deal's details, the
hand-end panel, the hand-off screen) or a box the player opened lies where the tip goes
(the hand log, the pile's history), the tip waits: it is not in the frame, and it counts
as seen only once it has shown. Each tip seen is remembered in the settings
(``tips_seen``) so it is never shown again; one the player moved past unseen comes back
the next time its moment does. The Settings screen's "Rule tips" turns them off.

Glossary:
    pending   tips found while the hand was over, shown once play goes on.
    covered   the tip waits (see above): :meth:`TableTips.face` gives nothing.
    face      the tip as a frame shows it (:class:`~.table.frame.TipFace`): its box, its
              font size and its lines, drawn by the table's painter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

import pygame

from ..engine.hand import CardDiscarded, CardDrawn, Knocked, Passed
from ..engine.session import PLAYING
from ..settings import Settings
from ..teaching.tips import Tip, tips_for
from .fonts import fit, wrap
from .table.frame import TipFace
from .wording import rule_tip_line

MOVES = (CardDrawn, CardDiscarded, Passed, Knocked)


class TableTips:
    """The rule tips of one table (the table's ``tips`` hook)."""

    def __init__(self, settings: Callable[[], Settings], keep: Callable[[Settings], None]):
        self.settings = settings
        """The player's settings now (which tips were seen, whether tips are on)."""
        self.keep = keep
        """Save settings with one more tip seen."""
        self.tip: Tip | None = None
        """The tip shown now (or waiting while the table is covered)."""
        self.kept = False
        """The tip now has shown and is remembered as seen (see :meth:`follow`)."""
        self.pending: list[Tip] = []

    def _seen(self) -> set[str]:
        shown = {tip.name for tip in self.pending}
        if self.tip is not None:
            shown.add(self.tip.name)
        return set(self.settings().tips_seen) | shown

    def notice(self, view, events: Iterable) -> None:
        """What an action showed the viewer (``view`` after it, ``events`` as seen)."""
        events = list(events)
        if not self.settings().rule_tips:
            self.tip, self.pending = None, []
            return
        position = view.position
        if any(isinstance(e, MOVES) and e.position == position for e in events):
            self.tip = None  # the viewer moved on: the tip has been read
        playing = view.phase == PLAYING
        while True:  # every new tip of this moment (a hand's end can show several)
            found = tips_for(events, view, self._seen())
            if found is None:
                break
            if playing and self.tip is None:
                self._show(found)
            else:
                self.pending.append(found)
        if playing and self.tip is None and self.pending:
            self._show(self.pending.pop(0))

    def _show(self, tip: Tip) -> None:
        self.tip, self.kept = tip, False

    def follow(self, covered: bool) -> None:
        """The table is drawn ``covered`` or not: a tip that shows is remembered as seen
        (once); one that waits is not yet (see the module's docstring)."""
        tip = self.tip
        if tip is None or covered or self.kept:
            return
        self.kept = True
        settings = self.settings()
        if tip.name not in settings.tips_seen:
            self.keep(replace(settings, tips_seen=(*settings.tips_seen, tip.name)))

    def box(self, geometry, covered: bool) -> pygame.Rect | None:
        """Where the tip goes on a table laid out as ``geometry`` (see :meth:`face`), as
        tall as its lines (None while there is no tip, or when the table is ``covered``)."""
        face = self.face(geometry, covered)
        return None if face is None else pygame.Rect(face.box)

    def face(self, geometry, covered: bool) -> TipFace | None:
        """The tip as a frame shows it on a table laid out as ``geometry``: in a box under
        the piles and above the buttons, or, where that band is too low for its words at a
        legible size, in the room right of the piles under the seats on that side; the
        largest text that fits, no smaller than legible, the box as tall as its lines
        (None: no tip, or it waits)."""
        if self.tip is None or covered:
            return None
        text = rule_tip_line(self.tip.text)
        fitted = [_fitted(text, rect, geometry.font) for rect in _places(geometry)]
        fitted = [f for f in fitted if f is not None]
        if not fitted:
            return None
        chosen = fitted[0]
        if chosen.size < round(geometry.font * 0.8) or chosen.cut:  # the band is too low
            chosen = max(fitted, key=lambda f: (not f.cut, f.size))
        rect, size, lines = chosen.rect, chosen.size, list(chosen.lines)
        if chosen.cut:  # too little room even at the least size: the end is cut
            room = chosen.room
            lines = [*lines[: room - 1], fit(" ".join(lines[room - 1 :]), size, rect.width - size)]
        height = min(round(size * 1.3 * len(lines) + size * 0.6), rect.height)
        return TipFace((rect.left, rect.top, rect.width, height), size, tuple(lines))


@dataclass(frozen=True)
class _Fitted:
    """A tip's words fitted to one place (see :func:`_fitted`)."""

    rect: pygame.Rect
    size: int
    lines: tuple[str, ...]
    room: int
    """How many lines the place holds at ``size``."""

    @property
    def cut(self) -> bool:
        return len(self.lines) > self.room


def _places(geometry) -> list[pygame.Rect]:
    """Where a tip may go, the first preferred: under the piles and above the buttons; right
    of the piles, under every seat on that side and the Menu button, above the buttons."""
    layout = geometry.layout
    w = layout.width
    fs = geometry.font
    top = layout.discard[1] + layout.card_height + fs * 0.4
    bottom = layout.buttons_y - fs * 1.6
    width = min(w * 0.56, fs * 46)
    under = pygame.Rect(round((w - width) / 2), round(top), round(width), round(bottom - top))
    left = round(layout.discard[0] + layout.card_width + fs)
    right = w - fs // 2
    side_top = round(geometry.below_seats(left, right, fs * 3.2))
    side = pygame.Rect(left, side_top, right - left, round(bottom - side_top))
    return [under, side]


def _fitted(text: str, rect: pygame.Rect, fs: int) -> _Fitted | None:
    """``text`` wrapped in ``rect`` at the largest size that fits, down to the least legible
    (11) (None: no room at all)."""
    if rect.height <= 0 or rect.width <= fs * 8:
        return None
    size = fs
    while True:
        lines = wrap(text, size, rect.width - size)
        if round(size * 1.3 * len(lines) + size * 0.6) <= rect.height or size <= 11:
            break
        size -= 1
    room = max(1, int((rect.height - size * 0.6) // (size * 1.3)))
    return _Fitted(rect, size, tuple(lines), room)
