"""The knock confirmation: before a knock that looks risky (the Knock confirmation setting),
the table asks, with the advisor's estimate when it has one, and knocks only on Knock.

Glossary:
    asking    the confirmation on screen: the view and card asked about and its words.
    advising  the advisor's estimate being made on the table's worker; the knock or the
              question follows once it is done (:meth:`KnockQuestion.follow`).
"""

from __future__ import annotations

from concurrent.futures import Future

import pygame

from ...ai.advisor import advise
from ...engine.actions import Knock
from ...engine.cards import Card
from ...engine.views import PlayerView
from ...language import _
from ..fonts import font, wrap
from ..knock_check import ADVISE, ASK, KNOCK, KnockCheck, knock_is_risky, question
from ..widgets import Button, row_of_buttons
from ..wording import ANSWER_KNOCK_QUESTION, KEEP_PLAYING, knock_label
from .frame import Question


class KnockQuestion:
    """The table's knock confirmation (see the module's glossary)."""

    def __init__(self, table) -> None:
        self.table = table
        self.check = KnockCheck()
        """Asks before a risky knock (see :mod:`..knock_check`)."""
        self.future: Future | None = None
        """The advisor's estimate being made."""
        self.asking: tuple[PlayerView, Card, tuple[str, ...]] | None = None
        self.rect: pygame.Rect | None = None
        self.lines: tuple[tuple[str, bool], ...] = ()
        """The confirmation's lines, each with whether it is the title."""
        self.buttons = (
            Button(knock_label(), self.confirm, pygame.K_k, primary=True),
            Button(_(KEEP_PLAYING), self.keep_playing, pygame.K_ESCAPE),
        )

    @property
    def open(self) -> bool:
        """Asking, or about to ask once the estimate is made."""
        return self.asking is not None or self.future is not None

    def request(self, card: Card) -> None:
        """Knock with ``card``, or first ask when the knock looks risky (the advisor's
        estimate is made on the worker)."""
        table = self.table
        if self.open:
            return
        step = self.check.request(table.view, card, table.settings.confirm_knock)
        if step == KNOCK:
            table.try_action(Knock(card))
        elif step == ASK:
            self.ask(table.view, card, None)
        elif step == ADVISE:
            view = table.view
            # the seed of this decision, as the hint and the review use: the three agree
            seed = table.update_now.advice
            self.future = table.worker.submit(lambda: (view, card, advise(view, seed=seed)))

    def ask(self, view: PlayerView, card: Card, advice) -> None:
        """Open the confirmation for ``card``."""
        self.check.ask(view, card)
        self.asking = (view, card, question(view, card, advice))
        self.place()
        self.table.refresh_buttons()

    def place(self) -> None:
        """Lay the confirmation out: its lines wrapped to the window, the two buttons under
        them, the box in the middle of the table."""
        if self.asking is None:
            self.rect = None
            return
        table = self.table
        fs = table.geometry.font
        width_now, height_now = table.size
        room = min(width_now - 4 * fs, fs * 34)
        title, *rest = self.asking[2]
        lines = [(line, True) for line in wrap(title, round(fs * 1.15), room, bold=True)]
        lines += [(line, False) for part in rest for line in wrap(part, fs, room)]
        widest = max(
            font(round(fs * 1.15) if bold else fs, bold).get_rect(line).width
            for line, bold in lines
        )
        width = max(widest, fs * 16) + 3 * fs
        height = round(len(lines) * fs * 1.6 + fs * 5.5)
        rect = pygame.Rect(0, 0, round(width), height)
        rect.center = (width_now // 2, height_now // 2)
        row_of_buttons(list(self.buttons), (rect.centerx, rect.bottom - fs * 1.9), fs, fs)
        self.rect = rect
        self.lines = tuple(lines)

    def confirm(self) -> None:
        """The confirmation's Knock button (or K again)."""
        if self.asking is None:
            return
        view, card, _words = self.asking
        self.asking = None
        self.check.pending = None
        if view is self.table.view:
            self.table.try_action(Knock(card))

    def keep_playing(self) -> None:
        """The confirmation's other button (or Escape): no knock; the turn goes on."""
        self.asking = None
        self.check.pending = None

    def follow(self) -> None:
        """Once the advisor's estimate is made: knock, or ask first."""
        if self.future is None or not self.future.done():
            return
        table = self.table
        future, self.future = self.future, None
        try:
            asked, card, advice = future.result()
        except Exception:  # an estimate that failed: ask without it rather than guess
            card = table.knock_card()
            if card is not None:
                self.ask(table.view, card, None)
            return
        if asked is not table.view or card != table.knock_card():
            return  # the player moved on meanwhile
        if knock_is_risky(advice):
            self.ask(asked, card, advice)
        else:
            table.try_action(Knock(card))

    def label(self, word: str) -> None:
        """The buttons' words in the frame's language (``word``: Knock, Gin or Rum)."""
        self.buttons[0].label = word
        self.buttons[1].label = _(KEEP_PLAYING)

    def handle(self, event: pygame.event.Event) -> None:
        """While asking, the confirmation takes every key and click: its buttons, Y and N,
        F and M (settings); any other key says what the question waits for."""
        for button in self.buttons:
            if button.handle(event):
                return
        if event.type != pygame.KEYDOWN or self.table._setting_key(event):
            return
        if event.key in (pygame.K_y, pygame.K_n):
            (self.confirm if event.key == pygame.K_y else self.keep_playing)()
        else:
            self.table.say(_(ANSWER_KNOCK_QUESTION))

    def face(self) -> Question | None:
        """The confirmation as a frame shows it (None when nothing is asked)."""
        if self.asking is None:
            return None
        return (self.lines, tuple(self.rect), tuple(b.face() for b in self.buttons))
