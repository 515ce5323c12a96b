"""What the person at the table asks for: keys, clicks and drags turned into intents
(:mod:`.input`) and then into actions submitted to the source, hints asked of the
advisor, the sort order, the four-colour deck and the sound, notices on the status line."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...engine.actions import (
    Discard,
    DrawStock,
    Knock,
    Pass,
    TakeDiscard,
)
from ...engine.cards import Card
from ...language import _
from ..hints import hint_for_view
from ..wording import (
    HINT_THINKING,
    KNOCK_WEIGHING,
    SELECT_FIRST,
    SKIP_NOT_OFFERED,
    four_colour_notice,
    sound_notice,
)
from .input import (
    Command,
    Draw,
    HitMap,
    KnockWith,
    Reorder,
    Select,
    Throw,
)


class TableIntents:
    """A part of :class:`~.controller.TableScene` (see the module's docstring)."""

    def _discard_selected(self) -> None:
        if self.selected is not None:
            self.try_action(Discard(self.selected))

    def _knock(self) -> None:
        """K or the Knock button: knock with the card the button names, or first ask
        when the knock looks risky (:mod:`.knock_question`). Where no knock is allowed,
        the rule says why."""
        if self.question.open:
            self.say(_(KNOCK_WEIGHING))  # the advisor's estimate is being made
            return
        card = self.knock_card()
        if card is None:
            if self.can_act:
                # refused by the engine, which names the rule (draw first, the limit...)
                self.try_action(Knock(self.selected or self.view.hand[0]))
            else:
                self.say(self.why_waiting())
            return
        self.question.request(card)

    def _cycle_sort(self) -> None:
        self.order.cycle()
        if self.order.custom is None and self.order.mode != self.settings.sort_order:
            self.change_settings(sort_order=self.order.mode)  # kept for the next game

    def _on_intent(self, intent) -> None:
        if isinstance(intent, Select):
            self.selected = intent.card
        elif isinstance(intent, Throw):
            if not self.can_act:
                self.selected = None
                self.say(self.why_waiting())
            elif intent.dropped:
                self.selected = intent.card
                self.try_action(Discard(intent.card))
            elif not self.try_action(Discard(intent.card)):
                self.selected = None  # refused: the status line says why
        elif isinstance(intent, KnockWith):
            self._knock()  # asked first if risky; refused with the rule
        elif isinstance(intent, Reorder):
            self._reorder(intent.card, intent.x)
        elif isinstance(intent, Draw):
            if self.can_act:
                self.try_action(DrawStock() if intent.source == "stock" else TakeDiscard())
            else:
                self.say(self.why_waiting())
        elif isinstance(intent, Command):
            self._command(intent.key)

    def _answer_key(self, key: int) -> None:
        """A key the table documents that no button or intent took: what it would do,
        and why it cannot now (see :mod:`.answers`)."""
        view = self.view
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):  # with no card lifted
            if not self.can_act:
                self.say(self.why_waiting())
            elif view.hand_phase == "discard":
                self.say(_(SELECT_FIRST))
            else:  # before drawing: the engine says what comes first
                self.try_action(Discard(view.hand[0]))
        elif key == pygame.K_p:  # the Pass button is hidden: no pass is allowed now
            if self.can_act:
                self.try_action(Pass())
            else:
                self.say(self.why_waiting())
        elif key == pygame.K_h:  # the Hint button is off
            self.say(_(HINT_THINKING) if self.hint_future is not None else self.why_waiting())
        elif key == pygame.K_e:  # Skip to the result is not offered
            self.say(_(SKIP_NOT_OFFERED))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):  # no card to select
            self.say(self.why_waiting())

    def _command(self, key: int) -> None:
        if key == pygame.K_i:
            self._toggle_details()
        elif key == pygame.K_f:
            # four-colour on top of the chosen scheme: F again brings that scheme back
            self.change_settings(four_colour=not self.settings.four_colour)
            self.say(four_colour_notice(self.settings.four_colour))
        elif key == pygame.K_m:
            self.change_settings(sound=not self.settings.sound)
            self.sounds.enabled = self.settings.sound
            self.say(sound_notice(self.settings.sound))

    def _reorder(self, card: Card, x: float) -> None:
        """Drop ``card`` at ``x`` in the hand: the order becomes the player's own."""
        shown = self.shown_hand()
        order, slots = list(shown.cards), shown.slots
        order.remove(card)
        half = self.geometry.layout.card_width / 2
        index = sum(1 for i, _ in enumerate(order) if slots[i][0] + half < x)
        order.insert(index, card)
        self.order.custom = order

    def _show_hint(self) -> None:
        """Ask the advisor on the worker thread; the answer shows when it is ready. A
        second press shows the numbers behind the hint shown, a third the hint again."""
        if self.hint_details and self.hint and self.hint != _(HINT_THINKING):
            self.hint, self.hint_details = self.hint_details, self.hint
            return
        if self.hint_future is not None:
            self.say(_(HINT_THINKING))
            return
        if not self.can_act:
            self.say(self.why_waiting())
            return
        self.hint = _(HINT_THINKING)
        view = self.view

        seed = self.update_now.advice
        self.hint_future = self._in_background(lambda: (view, hint_for_view(view, seed)))

    def change_settings(self, **values) -> None:
        """A setting changed at the table (F, M): kept like any other setting."""
        self.settings = replace(self.settings, **values)
        if self.hooks.on_settings is not None:
            self.hooks.on_settings(self.settings)

    def clear_notice(self) -> None:
        """No notice on the status line (a lesson's "Try this" once its step is done)."""
        self.notice, self.notice_left = "", 0.0

    def say(self, text: str, seconds: float = 3.0) -> None:
        self.notice = text
        self.notice_left = seconds

    def _handle_table(self, event: pygame.event.Event) -> None:
        """The table itself: the Menu, take-backs, the buttons, then cards and piles."""
        if self.menu_button.handle(event):
            return
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_u or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)
        ):
            self.take_back()
            return
        if event.type == pygame.MOUSEMOTION:
            self.pile_hover = self._hit_map().pile_at(event.pos) == "discard"
        for button in self.buttons.values():
            if button.handle(event):
                return
        intent = self.input.handle(event, self._hit_map())
        if intent is not None:
            self._on_intent(intent)
        elif event.type == pygame.KEYDOWN:
            self._answer_key(event.key)

    def _hit_map(self) -> HitMap:
        layout = self.geometry.layout
        pos = self.motion.card_pos
        return HitMap(
            cards=tuple((c, pos[c]) for c in self.viewer_order() if c in pos),
            card_width=layout.card_width,
            stock=layout.stock,
            discard=layout.discard,
            hand_top=layout.hand_y - layout.card_width,
            selected=self.selected,
        )
