"""Learn to play: the list of lessons, and the lesson itself at the table.

The lesson is the real table (:class:`~..table.controller.TableScene`, drawn by
:mod:`..table.painter`) on the lesson's deal, with a box of words beside it and gold
outlines on what the step talks about. Every move goes through the engine; a move the
step does not teach is refused with the step's "Try this: ..." line and changes nothing.
The coach's moves come from the script. Nothing is saved but the player's place in the
lesson (in settings): no session, no statistics.

Glossary:
    step       one step of the script (:class:`~...lessons.Step`); ``index`` counts them.
    progress   the lesson and step a player left at (``Settings.lesson``/``lesson_step``).
    pointer    what the step outlines: a pile, a card of the hand, a button, the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from ...engine.actions import Action
from ...engine.cards import Card
from ...engine.errors import IllegalActionError
from ...engine.refusals import Refusal
from ...language import _
from ...language.games import short_name
from ...play.seats import Person, Scripted
from ...teaching import lessons
from ..fonts import blit_text, fit, wrap
from ..loop import Scene
from ..seats import HUMAN, SeatConfig
from ..sound import Sounds
from ..table.controller import TableOptions, TableScene
from ..table.hooks import TableHooks
from ..tables import table_source
from ..theme import ACCENT, SOFT, TEXT, look_of
from ..widgets import Button
from ..wording import (
    BACK_LABEL,
    FINISH_LABEL,
    LEARN_SUBTITLE,
    LEARN_TITLE,
    LESSON_NEXT_KEYS,
    NEXT_LABEL,
    WAIT_FOR_NEXT,
    lesson_counter,
    lesson_do_it,
    lesson_label,
    refusal_words,
)
from .menu import MenuScreen, column

NEXT_KEYS = (pygame.K_n, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
"""Keys that press Next on a step that waits for it."""
POINTER = (120, 210, 255)
"""The outline of what a step points at (apart from the gold of the table's own glow)."""
PANEL_SHARE = 0.74
"""At the hand's end the panel takes this share of the height; the words go under it."""


class LearnScreen(MenuScreen):
    """The five lessons, one per profile; a lesson left half-way shows where it resumes."""

    title = LEARN_TITLE

    def __init__(self, game) -> None:
        super().__init__(game)
        self.subtitle = _(LEARN_SUBTITLE)
        settings = game.settings
        self.buttons = []
        for profile_id, lesson in lessons.LESSONS.items():
            step = None
            if settings.lesson == profile_id:  # a script grown shorter resumes at its end
                step = min(settings.lesson_step, len(lesson.steps) - 1)
            self.buttons.append(
                Button(
                    lesson_label(lesson.title, step, len(lesson.steps)),
                    lambda p=profile_id: self.start(p),
                )
            )
        self.buttons.append(Button(_(BACK_LABEL), self.back, pygame.K_b))

    def start(self, profile_id: str) -> None:
        settings = self.game.settings
        step = settings.lesson_step if settings.lesson == profile_id else 0
        self.app.navigator.lesson(profile_id, step)

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        column(self.buttons, w / 2, h * 0.22, self.fs, self.fs * 0.7)


class LessonScene(Scene):
    """One lesson at the table, from step ``index``: a table whose coach is the script's
    (:class:`~...play.seats.Scripted`) and whose house rule is the step's (its source's),
    with the step's words and outlines drawn over it."""

    def __init__(
        self,
        game,
        lesson: lessons.Lesson,
        index: int,
        on_leave: Callable[[], None],
        on_restart: Callable[[int], None],
    ) -> None:
        self.game = game
        self.lesson = lesson
        self.index = index
        """The step shown (``len(steps)`` once the lesson is done)."""
        self.on_restart = on_restart
        """Show the lesson again from a step (one that starts from a prepared position)."""
        self.next_button = Button(_(NEXT_LABEL), self.next_step, primary=True)
        self.box: tuple[pygame.Rect, int, list[str]] | None = None
        """The words' box, their size and lines (laid out in ``update``)."""
        self._box_key: tuple | None = None
        state = lessons.state_at(lesson, index)
        seats = [SeatConfig("You", HUMAN), SeatConfig("Coach", level="easy")]
        # the lesson asks for its own knock; no question about risk comes between
        settings = replace(game.settings, confirm_knock="never")
        hooks = TableHooks(
            on_leave=on_leave,
            on_settings=self._keep_table_settings,
            offered=self._offered,
            status=self._status,
            panel_size=self._panel_size,
        )
        source = table_source(
            state, seats, policies=[Person(), Scripted(self._coach_move)], house=self._refuse
        )
        source.record(self._done)
        self.table = TableScene(source, settings, Sounds(settings.sound), TableOptions(), hooks)
        """The lesson's table."""
        self._remember(index)

    # ----------------------------------------------------------------- the script

    @property
    def step(self) -> lessons.Step | None:
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    def _coach_move(self) -> Action | None:
        """The coach's move: the one the script says, on a coach's step only."""
        step = self.step
        return step.action if step is not None and step.by == lessons.COACH else None

    def _refuse(self, action: Action, seat: int | None) -> Refusal | None:
        """The step's rule: only its own move is made (the engine checks it too)."""
        step = self.step
        if step is None or (seat == lessons.COACH and action != step.action):
            return Refusal("script-over")
        if seat != lessons.COACH:
            return lessons.step_refusal(step, action)
        return None

    def _done(self, played) -> None:
        """The step's move was made: on to the next step."""
        self._advance_step()

    def _offered(self, action: Action) -> bool:
        """The piles glow only when the step teaches drawing from them."""
        step = self.step
        if step is not None and step.by == lessons.COACH:
            return True
        return step is not None and isinstance(step.action, type(action))

    def _status(self) -> str | None:
        """A step that waits for Next says so on the status line."""
        step = self.step
        if step is not None and (step.by == lessons.COACH or step.action is not None):
            return None
        return _(WAIT_FOR_NEXT)

    def _remember(self, index: int) -> None:
        game = self.game
        done = index >= len(self.lesson.steps)
        game.change_settings(
            replace(
                game.settings,
                lesson="" if done else self.lesson.profile_id,
                lesson_step=0 if done else index,
            )
        )

    def _keep_table_settings(self, settings) -> None:
        """F and M at the lesson's table are kept (its own knock setting is not)."""
        game = self.game
        game.change_settings(
            replace(game.settings, four_colour=settings.four_colour, sound=settings.sound)
        )

    def _advance_step(self) -> None:
        # a "Try this: ..." line said for the step just done is not left standing
        self.table.notice, self.table.notice_left = "", 0.0
        self.index += 1
        self._remember(self.index)
        step = self.step
        if step is None:
            self.table.leave()
        elif step.prepared:
            self.on_restart(self.index)

    def next_step(self) -> None:
        """Next: on a step that waits for it, go on; otherwise say what to do."""
        step = self.step
        if step is None:
            return
        if step.action is not None:
            self.table.say(lessons.try_this(step))
            return
        self._advance_step()

    # ----------------------------------------------------------------- speech

    def speech_title(self) -> str:
        """The lesson and its step."""
        title = short_name(self.lesson.profile_id)
        return lesson_counter(
            title, min(self.index, len(self.lesson.steps) - 1), len(self.lesson.steps)
        )

    def speech_notices(self) -> list[str]:
        """The step's words and what to do, said once each step."""
        step = self.step
        if step is None:
            return []
        if step.action is not None:
            hint = lesson_do_it(self.table.panel is not None)
        else:
            hint = _(LESSON_NEXT_KEYS)
        return [lessons.card_words(step.words), hint]

    def speech_opened(self, voice) -> None:
        """The lesson's table speaks as any table does."""
        self.table.speech_opened(voice)

    # ----------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        step = self.step
        waits = step is not None and step.action is None
        if self.next_button.handle(event):
            return
        if waits and event.type == pygame.KEYDOWN and event.key in NEXT_KEYS:
            self.next_step()
            return
        try:
            self.table.handle(event)
        except IllegalActionError as exc:  # a panel button the step does not teach
            self.table.say(refusal_words(exc.refusal))

    @property
    def busy(self) -> bool:
        return self.table.busy

    def pointer_state(self) -> object:
        return self.table.pointer_state()

    def close(self) -> None:
        self.table.close()

    # ----------------------------------------------------------------- layout

    @staticmethod
    def _panel_size(size: tuple[int, int]) -> tuple[int, int]:
        """At the hand's end the panel takes the top of the window, the words the rest."""
        w, h = size
        return w, round(h * PANEL_SHARE)

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)
        self._lay_out_box()

    def box_rect(self) -> pygame.Rect:
        """Where the step's words go: right of the piles while playing, under the panel
        at the hand's end."""
        w, h = self.table.size
        fs = self.table.geometry.font
        if self.table.panel is not None:
            top = round(h * PANEL_SHARE) + fs // 2
            return pygame.Rect(round(w * 0.04), top, round(w * 0.92), h - top - fs // 2)
        layout = self.table.geometry.layout
        left = round(max(layout.discard[0] + layout.card_width * 1.4, w * 0.6))
        menu = self.table.menu_button.rect
        top = round(menu.bottom + fs * 0.8) if menu else fs * 4
        bottom = round(layout.buttons_y - fs * 2.2)
        rect = pygame.Rect(left, top, w - left - fs, bottom - top)
        popups = self.open_popups()
        if not any(rect.colliderect(p) for p in popups):
            return rect
        # the pile's history or the log is open where the words go: they move above or
        # below it, or to the table's left (a lesson has no seat there), wherever the
        # room is largest, so neither hides the other
        # (one line more than the sheet's own: the deal's fingerprint may take a line)
        sheet = self.table.geometry.sheet_rect(len(self.table.score_sheet()) + 1)
        side_top = sheet.bottom + fs // 2
        candidates = [
            pygame.Rect(fs // 2, side_top, round(layout.stock[0] - fs * 3.5), bottom - side_top)
        ]
        for popup in popups:
            candidates.append(pygame.Rect(left, top, rect.width, popup.top - fs // 2 - top))
            below = popup.bottom + fs // 2
            candidates.append(pygame.Rect(left, below, rect.width, bottom - below))
        free = [
            c
            for c in candidates
            if c.width > fs * 12 and c.height > fs * 4 and not any(c.colliderect(p) for p in popups)
        ]
        return max(free, key=lambda c: c.width * c.height) if free else rect

    def open_popups(self) -> list[pygame.Rect]:
        """The boxes the table has open over its right side: the pile's history (V, or the
        pointer resting on the pile) and the hand log (L)."""
        out = []
        if self.table.show_pile or self.table.pile_hover:
            out.append(self.table.geometry.pile_rect(len(self.table.view.discard_pile))[0])
        if self.table.show_log:
            out.append(self.table.geometry.log_rect())
        return out

    def pointer_rects(self) -> list[pygame.Rect]:
        """The outlines of what the step points at (those now on the table)."""
        step = self.step
        if step is None:
            return []
        layout = self.table.geometry.layout
        cw, ch = layout.card_width, layout.card_height
        rects = []
        for name in step.points:
            if name == "stock" and self.table.panel is None:
                rects.append(pygame.Rect(*map(round, layout.stock), cw, ch))
            elif name == "pile" and self.table.panel is None:
                rects.append(pygame.Rect(*map(round, layout.discard), cw, ch))
            elif name == "panel" and self.table.panel is not None:
                rects.append(self.table.panel.geometry.box)
            elif name == "answer" and self.table.panel is not None:
                shown = [b.rect for b in self.table.panel.buttons if b.visible and b.rect]
                rects.extend(shown[:1])
            elif name == "sheet" and self.table.panel is None:
                rects.append(self.table.geometry.sheet_rect(len(self.table.score_sheet())))
            elif name.startswith("button:") and self.table.panel is None:
                button = self.table.buttons.get(name.removeprefix("button:"))
                if button is not None and button.visible and button.rect is not None:
                    rects.append(button.rect)
            elif self.table.panel is None and self.table.motion.deal is None:
                cards = self.table.viewer_order() if name == "hand" else [Card.parse(name)]
                places = [self.table.motion.card_pos.get(c) for c in cards]
                found = [pygame.Rect(round(p[0]), round(p[1]), cw, ch) for p in places if p]
                if found:
                    rects.append(found[0].unionall(found[1:]))
        return rects

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        if self.table.handoff is not None:
            return
        fs = self.table.geometry.font
        line = max(3, fs // 5)  # as thick on a 4K window as on a small one
        for rect in self.pointer_rects():
            grown = rect.inflate(line * 2 + 2, line * 2 + 2)
            pygame.draw.rect(surface, POINTER, grown, width=line, border_radius=line * 2)
        self._draw_box(surface, fs)

    def update(self, dt: float) -> None:
        self.table.update(dt)
        self._lay_out_box()

    def _lay_out_box(self) -> None:
        """Fit the step's words to the box and place Next (in ``update``, never in
        ``draw``)."""
        step = self.step
        if self.table.panel is not None:
            # the panel's own buttons show only when the step teaches one of them
            for button in self.table.panel.buttons:
                button.visible = step is not None and step.action is not None
        key = (
            self.index,
            self.table.size,
            self.table.panel is None,
            self.table.show_pile or self.table.pile_hover,
            self.table.show_log,
            len(self.table.view.discard_pile),
        )
        if key == self._box_key:
            return
        self._box_key = key
        if step is None:
            self.box = None
            return
        box = self.box_rect()
        words = lessons.card_words(step.words)
        size = self.table.geometry.font
        button_h = round(size * 2.2)
        while True:  # the largest text that fits the box, no smaller than legible
            lines = wrap(words, size, box.width - size * 1.6)
            needed = size * 1.5 * (len(lines) + 1) + button_h + size * 1.6
            if needed <= box.height or size <= 12:
                break
            size -= 1
        height = min(box.height, round(needed))
        rect = pygame.Rect(box.left, box.top, box.width, height)
        last = self.index == len(self.lesson.steps) - 1
        self.next_button.label = _(FINISH_LABEL) if last else _(NEXT_LABEL)
        self.next_button.visible = step.action is None
        self.next_button.place((0, 0), size)
        self.next_button.rect.bottomright = (rect.right - size, rect.bottom - size * 0.6)
        self.box = (rect, size, lines)

    def _draw_box(self, surface: pygame.Surface, fs: int) -> None:
        step = self.step
        if step is None or self.box is None:
            return
        rect, size, lines = self.box
        title = short_name(self.lesson.profile_id)
        counter = lesson_counter(title, self.index, len(self.lesson.steps))
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            panel, (*look_of(self.table.settings).panel, 235), panel.get_rect(), border_radius=size
        )
        edge = max(2, size // 9)
        pygame.draw.rect(panel, ACCENT, panel.get_rect(), width=edge, border_radius=size)
        surface.blit(panel, rect)
        x, y = rect.left + size * 0.8, rect.top + size * 0.6
        blit_text(surface, counter, round(size * 0.85), SOFT, (x, y), bold=True)
        y += size * 1.5
        for line in lines:
            blit_text(surface, line, size, TEXT, (x, y))
            y += size * 1.5
        self.next_button.draw(surface, size)
        if step.action is not None:
            hint, room = lesson_do_it(self.table.panel is not None), rect.width
        else:
            hint = _(LESSON_NEXT_KEYS)
            room = self.next_button.rect.left - rect.left
        small = round(size * 0.8)
        hint = fit(hint, small, room - size * 1.6)
        middle = self.next_button.rect.centery
        blit_text(surface, hint, small, SOFT, (x, middle), "midleft")
