"""The table's buttons: made once, enabled exactly when the engine allows their action,
worded in the language of each frame, and placed only when what they show or the layout changes; the
knock button names the card it would throw; Skip to the result for the one person out."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...engine.actions import (
    Discard,
    Pass,
)
from ...engine.cards import Card
from ...engine.melds import best_arrangement
from ...engine.phases import HandResult
from ...engine.session import (
    HAND_OVER,
    PLAYING,
)
from ...language import _
from ..widgets import Button
from ..wording import (
    DISCARD_LABEL,
    HINT_LABEL,
    LOG_LABEL,
    MENU_LABEL,
    PASS_LABEL,
    PILE_LABEL,
    SKIP_TO_END,
    UNDO_LABEL,
    going_out_kind,
    going_out_label,
    knock_button,
    knock_card,
    knock_label,
)
from .motion import Timing

BUTTON_LABELS = {
    "discard": DISCARD_LABEL,
    "pass": PASS_LABEL,
    "hint": HINT_LABEL,
    "log": LOG_LABEL,
    "pile": PILE_LABEL,
    "skip": SKIP_TO_END,
    "undo": UNDO_LABEL,
}
"""The buttons whose words never change, as marked English (translated at each frame)."""


class TableButtons:
    """A part of :class:`~.controller.TableScene` (see the module's docstring)."""

    def _make_buttons(self) -> dict[str, Button]:
        return {
            "discard": Button(
                _(DISCARD_LABEL), self._discard_selected, pygame.K_RETURN, primary=True
            ),
            "knock": Button(knock_label(), self._knock, pygame.K_k),
            "pass": Button(_(PASS_LABEL), lambda: self.try_action(Pass()), pygame.K_p),
            "hint": Button(_(HINT_LABEL), self._show_hint, pygame.K_h),
            "sort": Button(self.order.label, self._cycle_sort, pygame.K_t),
            "log": Button(_(LOG_LABEL), self._toggle_log, pygame.K_l),
            "pile": Button(_(PILE_LABEL), self._toggle_pile, pygame.K_v),
            "skip": Button(_(SKIP_TO_END), self._skip_to_end, pygame.K_e, visible=False),
            # its keys (U, Ctrl+Z) are read in ``handle``: refused in words when hidden
            "undo": Button(_(UNDO_LABEL), self.take_back, visible=False),
        }

    def _may_skip(self) -> bool:
        """The one person at the table is out of the game (Knock Rami): they may skip the
        computers' hands to the result."""
        view = self.view
        return (
            len(self.humans) == 1
            and not self.skipping
            and view.phase in (PLAYING, HAND_OVER)
            and not view.active[self.humans[0]]
            and self.over is None
        )

    def _skip_to_end(self) -> None:
        """Play the computers' remaining hands at once, with no panel to close, and stop at
        the game's last hand-end panel (see :meth:`react`)."""
        if not self._may_skip():
            return
        self.skipping = True
        self._options_before_skip = self.options
        self.options = replace(self.options, autoplay=True, panel_seconds=0.0)
        self.motion.timing = Timing(0.0, self.motion.timing.reduced)
        if self.panel is not None:
            self.panel_wait = 0.0

    def _end_skip(self) -> None:
        """The game is over: its last panel opens as after any game."""
        if not self.skipping:
            return
        self.skipping = False
        self.options = self._options_before_skip
        self.motion.timing = Timing(self.settings.duration_factor, self.settings.reduced_motion)

    def _toggle_details(self) -> None:
        self.show_details = not self.show_details

    def _toggle_log(self) -> None:
        self.show_log = not self.show_log

    def _toggle_pile(self) -> None:
        self.show_pile = not self.show_pile

    def refresh_buttons(self) -> None:
        """Enable exactly the buttons whose actions the engine allows now, and place them
        again if what they show changed."""
        legal = self.legal if self.can_act else []
        card = self.selected
        b = self.buttons
        b["discard"].enabled = card is not None and Discard(card) in legal
        knock = self.knock_card()
        b["knock"].enabled = knock is not None and self.question.future is None
        b["knock"].visible = knock is not None or self.view.hand_phase == "discard"
        for name, label in BUTTON_LABELS.items():  # in the language of this frame
            b[name].label = _(label)
        self.menu_button.label = _(MENU_LABEL)
        kind = None if knock is None else self._going_out_kind(knock)
        b["knock"].label = knock_label() if kind is None else knock_button(kind, knock)
        # Knock, Gin or Rum, as on the table's button
        self.question.label(knock_label() if kind is None else going_out_label(kind))
        b["pass"].visible = Pass() in legal
        b["pass"].enabled = Pass() in legal
        b["hint"].enabled = self.can_act
        b["undo"].visible = b["undo"].enabled = self.may_undo
        b["sort"].label = self.order.label
        b["skip"].visible = self._may_skip()
        self._place_buttons()

    def _place_buttons(self) -> None:
        """Buttons move only when the layout or what they show changes, never in ``draw``."""
        sheet = self.geometry.sheet_rect(len(self.score_sheet()))
        key = (
            self.geometry,
            tuple(sheet),
            tuple((x.label, x.visible) for x in self.buttons.values()),
        )
        if key != self._placed:
            self._placed = key
            self.geometry.place_buttons(list(self.buttons.values()), self.menu_button, sheet)

    def _going_out_kind(self, card: Card) -> HandResult:
        """What going out by throwing ``card`` is: a knock, gin or rum."""
        rest = list(self.view.hand)
        if card in rest:
            rest.remove(card)
        return going_out_kind(self.profile, best_arrangement(rest).points)

    def knock_card(self) -> Card | None:
        """The card the Knock button would throw now (None: no knock is allowed now)."""
        if not self.can_act or self.question.asking is not None:
            return None
        return knock_card(self.view, self.selected)
