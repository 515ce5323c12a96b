"""The table's input: keys, clicks and drags become engine actions or hand sorting.

A mixin of :class:`.table.TableScene`: it reads and sets the scene's fields.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.actions import Discard, DrawStock, TakeDiscard
from ...engine.cards import Card
from ..card_art import CARD_RATIO


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


class TableInput:
    """Input handling of the table scene."""

    # ----------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        if self.handoff is not None:
            if event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)
            ):
                self.take_over()
            return
        if self.menu_button.handle(event):
            return
        if self.panel is not None:
            self.panel.handle(event)
            return
        for button in self.buttons.values():
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._release(event.pos)

    def _key(self, key: int) -> None:
        order = self.viewer_order()
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and order:
            step = -1 if key == pygame.K_LEFT else 1
            if self.selected in order:
                index = (order.index(self.selected) + step) % len(order)
            else:
                index = 0 if step > 0 else len(order) - 1
            self.selected = order[index]
        elif key == pygame.K_s:
            self.try_action(DrawStock())
        elif key == pygame.K_f:
            self.change_settings(four_colour=not self.settings.four_colour)
            self.say("Four-colour deck " + ("on." if self.settings.four_colour else "off."))
        elif key == pygame.K_m:
            self.change_settings(sound=not self.settings.sound)
            self.sounds.enabled = self.settings.sound
            self.say("Sound " + ("on." if self.settings.sound else "off."))
        elif key == pygame.K_d:
            self.try_action(TakeDiscard())

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        """The viewer's card under ``pos`` (the topmost, i.e. the rightmost)."""
        w = self.layout.card_width
        h = w * CARD_RATIO
        for card in reversed(self.viewer_order()):
            x, y = self.card_pos.get(card, (-1e9, -1e9))
            if x <= pos[0] <= x + w and y <= pos[1] <= y + h:
                return card
        return None

    def pile_at(self, pos: tuple[int, int]) -> str | None:
        w = self.layout.card_width
        h = w * CARD_RATIO
        for name, (x, y) in (("stock", self.layout.stock), ("discard", self.layout.discard)):
            if x - 4 <= pos[0] <= x + w + 4 and y - 4 <= pos[1] <= y + h + 4:
                return name
        return None

    def _press(self, pos: tuple[int, int]) -> None:
        card = self.card_at(pos)
        if card is not None:
            x, y = self.card_pos[card]
            self.drag = Drag(card, "hand", pos, pos, (pos[0] - x, pos[1] - y))
            return
        pile = self.pile_at(pos)
        if pile is not None:
            self.drag = Drag(None, pile, pos, pos)

    def _move(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        drag.pos = pos
        if abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > 8:
            drag.moved = True

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag.source in ("stock", "discard"):
            # a click on a pile, or a drag from it into the hand, draws from it
            if not drag.moved or pos[1] > self.layout.hand_y - self.layout.card_width:
                self.try_action(DrawStock() if drag.source == "stock" else TakeDiscard())
            return
        card = drag.card
        if not drag.moved:
            if self.selected == card and self.can_act and Discard(card) in self.legal:
                self.try_action(Discard(card))  # a second click on the lifted card throws it
            else:
                self.selected = None if self.selected == card else card
            return
        if self.pile_at(pos) == "discard":
            self.selected = card
            self.try_action(Discard(card))
            return
        self._reorder(card, pos[0])

    def _reorder(self, card: Card, x: float) -> None:
        """Drop ``card`` at ``x`` in the hand: the order becomes the player's own."""
        order = self.viewer_order()
        order.remove(card)
        slots = self.hand_slots(self.viewer)
        index = sum(1 for i, c in enumerate(order) if slots[i][0] + self.layout.card_width / 2 < x)
        order.insert(index, card)
        self.custom_order = order
