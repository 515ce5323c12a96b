"""Short celebrations for the moments that feel good: gin, rum, an undercut and a game won.

Glossary:
    moment     what is celebrated (:class:`Moment`), found in the engine's events: a
               ``HandSettled`` whose result is ``gin``, ``rum`` or ``undercut``, or a
               ``SessionOver``, won by a seat the celebration is for.
    for        the seats a celebration is for: the humans at the table (at a table of
               computers, every winner). An undercut is celebrated for the undercutter only.
    fan        five cards opening like a hand held up, over the middle of the table.
    count-up   the points the moment brought, counting up from 0 beside the title.

A celebration lasts ``LENGTH`` seconds of stepped time (``update(dt)``), plays its sound
once when it starts (the sounds stay silent when sound is off), and under reduced motion
draws the open fan and the final number at once, still. It never changes the game.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..engine.cards import parse_cards
from ..engine.ledger import format_amount
from ..engine.phases import HandResult
from ..engine.session import HandSettled, SessionOver
from ..language import N_, _
from .tween import ease_out_back, ease_out_cubic
from .wording import shown_name

LENGTH = 2.2
"""Seconds a celebration stays on screen."""
OPEN = 0.6
"""Seconds the fan takes to open (and the title to grow)."""
COUNT = 0.9
"""Seconds the points take to count up."""
FADE = 0.4
"""Seconds of fading out at the end."""
SPREAD = 64.0
"""Degrees between the outer cards of the open fan."""
FANS = {
    "gin": ("TH", "JH", "QH", "KH", "AH"),
    "rum": ("7S", "8S", "9S", "TS", "JS"),
    "undercut": ("2C", "2D", "2H", "2S", "AS"),
    "won": ("AS", "AH", "AD", "AC", "JK"),
}
"""The cards each celebration fans out."""
TITLES = {
    # Translators: a celebration's title, large over the table.
    "gin": N_("Gin!"),
    "rum": N_("Rum!"),
    "undercut": N_("Undercut!"),
    "won": N_("Game won!"),
}


@dataclass(frozen=True)
class Moment:
    """One thing to celebrate."""

    kind: str
    """``gin``, ``rum``, ``undercut`` or ``won``."""
    seat: int
    """The seat celebrated (the first winner of a shared win)."""
    points: object
    """What the moment brought that seat: the hand's change or the final score (an
    ``Amount``), or None when there is nothing to count."""


def moments(events: Iterable[object], for_seats: Sequence[int] | None) -> list[Moment]:
    """The moments in ``events`` worth celebrating for ``for_seats`` (None: for any seat)."""
    found = []
    for event in events:
        if isinstance(event, HandSettled):
            kind = event.record.result
            if kind not in (HandResult.GIN, HandResult.RUM, HandResult.UNDERCUT):
                continue
            winners = [s for s in event.record.winners if for_seats is None or s in for_seats]
            if winners:
                seat = winners[0]
                gained = sum((e.amount for e in event.entries if e.seat == seat), 0)
                found.append(Moment(kind, seat, gained))
        elif isinstance(event, SessionOver):
            winners = [s for s in event.winners if for_seats is None or s in for_seats]
            if winners:
                found.append(Moment("won", winners[0], event.scores[winners[0]]))
    return found


class Celebration:
    """A running celebration of a :class:`Moment` (see the module's glossary)."""

    def __init__(self, moment: Moment, name: str, reduced: bool, sounds=None) -> None:
        self.moment = moment
        self.name = name
        self.reduced = reduced
        self.elapsed = 0.0
        if sounds is not None:
            sounds.play("win")

    @property
    def title(self) -> str:
        return _(TITLES[self.moment.kind])

    @property
    def done(self) -> bool:
        return self.elapsed >= LENGTH

    def update(self, dt: float) -> None:
        self.elapsed = min(LENGTH, self.elapsed + dt)

    # ----------------------------------------------------------------- progress

    def opened(self) -> float:
        """How far the fan is open, 0..1 (overshooting a little as it settles)."""
        if self.reduced:
            return 1.0
        return ease_out_back(min(1.0, self.elapsed / OPEN))

    def counted(self) -> float:
        """How much of the points is shown, 0..1."""
        if self.reduced:
            return 1.0
        return ease_out_cubic(min(1.0, max(0.0, self.elapsed - OPEN * 0.5) / COUNT))

    def alpha(self) -> int:
        """Opacity, fading out over the last ``FADE`` seconds."""
        left = LENGTH - self.elapsed
        return round(255 * max(0.0, min(1.0, left / FADE)))

    def shown_points(self) -> str:
        """The count-up's text now: whole numbers while counting, exact at the end."""
        points = self.moment.points
        if points is None:
            return ""
        share = self.counted()
        text = format_amount(points) if share >= 1 else str(math.floor(float(points) * share))
        if self.moment.kind == "won" or text.startswith("-"):
            return text  # a final score, not a gain
        return f"+{text}"

    # ----------------------------------------------------------------- its face

    def face(self) -> CelebrationFace | None:
        """What a frame shows of it now (None once it has faded out)."""
        alpha = self.alpha()
        if alpha <= 0:
            return None
        name = shown_name(self.name)
        if self.moment.points is None:
            line = name
        else:
            # Translators: under a celebration: {player} a name, {points} "+25" or a score.
            line = _("{player} · {points} points").format(player=name, points=self.shown_points())
        grow = 1.0 if self.reduced else 0.6 + 0.4 * min(1.0, self.elapsed / OPEN)
        return CelebrationFace(
            cards=tuple(parse_cards(FANS[self.moment.kind])),
            opened=self.opened(),
            grow=grow,
            title=self.title,
            line=line,
            alpha=alpha,
        )


@dataclass(frozen=True)
class CelebrationFace:
    """A celebration as one frame shows it: its fan of cards, how far it is open, its
    words, how opaque (drawn by the painter, :func:`~.table.overlays.draw_celebration`)."""

    cards: tuple
    opened: float
    grow: float
    """How far the title has grown to its size."""
    title: str
    line: str
    alpha: int
