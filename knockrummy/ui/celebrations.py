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

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from ..engine.cards import parse_cards
from ..engine.ledger import format_amount
from ..engine.phases import HandResult
from ..engine.session import HandSettled, SessionOver
from ..language import N_, _
from .fonts import render
from .theme import ACCENT, WARN, Look
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

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface, look: Look, font_size: int) -> None:
        """The fan, the title and the count-up over the middle of ``surface``."""
        alpha = self.alpha()
        if alpha <= 0:
            return
        w, h = surface.get_size()
        # only a fading celebration needs a layer of its own; until then it costs no more
        # than its few blits
        layer = surface if alpha >= 255 else _layer((w, h))
        if layer is not surface:
            layer.fill((0, 0, 0, 0))
        card_w = max(40, round(min(w, h) * 0.11))
        centre = (w / 2, h * 0.36)
        opened = self.opened()
        cards = parse_cards(FANS[self.moment.kind])
        pivot = card_w * 1.6
        for i, card in enumerate(cards):
            # left cards lean left, right cards right, about a point below the fan, as a
            # hand held up does
            tilt = (i - 2) / 2 * SPREAD / 2 * opened
            image = _turned(look, card, card_w, -round(tilt))
            rad = math.radians(tilt)
            x = centre[0] + math.sin(rad) * pivot
            y = centre[1] + pivot - math.cos(rad) * pivot
            layer.blit(image, image.get_rect(center=(round(x), round(y))))
        grow = 1.0 if self.reduced else 0.6 + 0.4 * min(1.0, self.elapsed / OPEN)
        title_size = max(12, round(font_size * 2.6 * grow))
        label, rect = render(self.title, title_size, ACCENT, bold=True)
        top = centre[1] + card_w * 1.05
        shadow, _shadow_rect = render(self.title, title_size, (0, 0, 0), bold=True)
        name = shown_name(self.name)
        if self.moment.points is None:
            line = name
        else:
            # Translators: under a celebration: {player} a name, {points} "+25" or a score.
            line = _("{player} · {points} points").format(player=name, points=self.shown_points())
        words, _words_rect = render(line, round(font_size * 1.4), WARN, bold=True)
        below = words.get_rect(midtop=(w / 2, top + rect.height + font_size * 0.6))
        # a dark plate under the words, so they read over the cards of the panel
        plate = rect.move(w / 2 - rect.centerx, top - rect.top).union(below)
        plate = plate.inflate(font_size * 2, font_size)
        layer.blit(_plate(plate.size, font_size), plate)
        layer.blit(shadow, shadow.get_rect(midtop=(w / 2 + 2, top + 3)))
        layer.blit(label, label.get_rect(midtop=(w / 2, top)))
        layer.blit(words, below)
        if layer is not surface:
            layer.set_alpha(alpha)
            surface.blit(layer, (0, 0))


@functools.lru_cache(maxsize=8)
def _plate(size: tuple[int, int], font_size: int) -> pygame.Surface:
    plate = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(plate, (8, 20, 12, 215), plate.get_rect(), border_radius=font_size)
    pygame.draw.rect(plate, ACCENT, plate.get_rect(), width=2, border_radius=font_size)
    return plate


@functools.lru_cache(maxsize=2)
def _layer(size: tuple[int, int]) -> pygame.Surface:
    """One reused transparent layer per window size (so fading costs no new surface)."""
    return pygame.Surface(size, pygame.SRCALPHA)


@functools.lru_cache(maxsize=256)
def _turned(look: Look, card, width: int, angle: int) -> pygame.Surface:
    """A card face turned ``angle`` whole degrees, cached: the fan reuses them each frame."""
    face = look.face(card, width)
    if angle == 0:
        return face
    return pygame.transform.rotozoom(face, angle, 1.0)
