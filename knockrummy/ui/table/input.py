"""The table's input: keys, clicks and drags become intents (what the player means);
the scene turns each intent into an engine action chosen among the legal ones.

Glossary:
    intent    ``Select`` (lift or lower a card), ``Throw`` (discard it), ``KnockWith``
              (throw it face down), ``Reorder`` (drop it elsewhere in the hand), ``Draw``
              (from the stock or the pile), ``Command`` (a key with its own meaning: a
              setting). Enter and K reach the input only when their buttons are disabled:
              the scene then tries the move anyway, so the refusal says which rule forbids
              it instead of nothing happening.
    hit map   what the pointer can touch (:class:`HitMap`): the viewer's cards where they
              are drawn, the two piles and the top of the hand.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.cards import Card
from ..card_art import CARD_RATIO


@dataclass(frozen=True)
class Select:
    card: Card | None
    """The card to lift; None lowers the lifted one."""


@dataclass(frozen=True)
class Throw:
    card: Card
    """A card to discard: a second click on the lifted card, or a drag onto the pile."""
    dropped: bool = False
    """Dragged onto the pile (tried, and refused with the rule if it may not be thrown);
    a second click on a card that may not be thrown lowers it instead."""


@dataclass(frozen=True)
class KnockWith:
    card: Card | None
    """The lifted card (None: no card is lifted yet)."""


@dataclass(frozen=True)
class Reorder:
    card: Card
    x: float
    """Where it was dropped."""


@dataclass(frozen=True)
class Draw:
    source: str
    """``stock`` or ``discard``."""


@dataclass(frozen=True)
class Command:
    key: int
    """A key the scene gives its own meaning (F, M)."""


Intent = Select | Throw | KnockWith | Reorder | Draw | Command


@dataclass(frozen=True)
class HitMap:
    """What the pointer may touch, as drawn now."""

    cards: tuple[tuple[Card, tuple[float, float]], ...]
    """The viewer's cards, left to right, with their top-left corners."""
    card_width: int
    stock: tuple[float, float]
    discard: tuple[float, float]
    hand_top: float
    """A drag from a pile released below this draws from it."""
    selected: Card | None

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        """The viewer's card under ``pos`` (the topmost, i.e. the rightmost)."""
        w = self.card_width
        h = w * CARD_RATIO
        for card, (x, y) in reversed(self.cards):
            if x <= pos[0] <= x + w and y <= pos[1] <= y + h:
                return card
        return None

    def pile_at(self, pos: tuple[int, int]) -> str | None:
        w = self.card_width
        h = w * CARD_RATIO
        for name, (x, y) in (("stock", self.stock), ("discard", self.discard)):
            if x - 4 <= pos[0] <= x + w + 4 and y - 4 <= pos[1] <= y + h + 4:
                return name
        return None

    def corner_of(self, card: Card) -> tuple[float, float]:
        return dict(self.cards)[card]


@dataclass
class Drag:
    card: Card | None
    """The card held; None while dragging from a pile."""
    source: str
    """``hand``, ``stock`` or ``discard``."""
    start: tuple[int, int]
    pos: tuple[int, int]
    offset: tuple[float, float] = (0.0, 0.0)
    moved: bool = False

    @property
    def held(self) -> Card | None:
        """The card following the pointer, once it has moved."""
        return self.card if self.moved else None


KEYS = {pygame.K_s: Draw("stock"), pygame.K_d: Draw("discard")}
COMMAND_KEYS = (pygame.K_f, pygame.K_m, pygame.K_i)


class TableInput:
    """Turns events into intents; keeps the drag in progress."""

    def __init__(self) -> None:
        self.drag: Drag | None = None

    def handle(self, event: pygame.event.Event, hit: HitMap) -> Intent | None:
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, hit)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos, hit)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            return self._release(event.pos, hit)
        return None

    def _key(self, key: int, hit: HitMap) -> Intent | None:
        order = [card for card, _ in hit.cards]
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and order:
            step = -1 if key == pygame.K_LEFT else 1
            if hit.selected in order:
                index = (order.index(hit.selected) + step) % len(order)
            else:
                index = 0 if step > 0 else len(order) - 1
            return Select(order[index])
        if key in KEYS:
            return KEYS[key]
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and hit.selected is not None:
            return Throw(hit.selected)
        if key == pygame.K_k:
            return KnockWith(hit.selected)
        if key in COMMAND_KEYS:
            return Command(key)
        return None

    def _press(self, pos: tuple[int, int], hit: HitMap) -> None:
        card = hit.card_at(pos)
        if card is not None:
            x, y = hit.corner_of(card)
            self.drag = Drag(card, "hand", pos, pos, (pos[0] - x, pos[1] - y))
            return
        pile = hit.pile_at(pos)
        if pile is not None:
            self.drag = Drag(None, pile, pos, pos)

    def _move(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        drag.pos = pos
        if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > 8:
            drag.moved = True

    def _release(self, pos: tuple[int, int], hit: HitMap) -> Intent | None:
        drag, self.drag = self.drag, None
        if drag.source in ("stock", "discard"):
            # a click on a pile, or a drag from it into the hand, draws from it
            if not drag.moved or pos[1] > hit.hand_top:
                return Draw(drag.source)
            return None
        card = drag.card
        if not drag.moved:
            # a second click on the lifted card throws it (if it may be thrown)
            return Throw(card) if hit.selected == card else Select(card)
        if hit.pile_at(pos) == "discard":
            return Throw(card, dropped=True)
        return Reorder(card, pos[0])
