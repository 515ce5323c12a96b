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
from ...engine.refusals import Refusal
from ...language import _
from ...language.games import short_name
from ...play.seats import Person, Scripted
from ...teaching import lessons
from ..loop import Scene
from ..seats import HUMAN, SeatConfig
from ..sound import Sounds
from ..table.controller import TableOptions, TableScene
from ..table.hooks import TableHooks
from ..table.lesson_box import PANEL_SHARE, LessonWords
from ..tables import table_source
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
)
from .menu import MenuScreen, column

NEXT_KEYS = (pygame.K_n, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
"""Keys that press Next on a step that waits for it."""


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
            lesson=self._words,
            on_next=self.next_step,
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
        self.table.clear_notice()
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

    def _words(self) -> LessonWords | None:
        """What the lesson says at the table now (None once it is over)."""
        step = self.step
        if step is None:
            return None
        last = self.index == len(self.lesson.steps) - 1
        return LessonWords(
            counter=lesson_counter(
                short_name(self.lesson.profile_id), self.index, len(self.lesson.steps)
            ),
            words=lessons.card_words(step.words),
            keys=lesson_do_it(False) if step.action is not None else _(LESSON_NEXT_KEYS),
            keys_on_panel=lesson_do_it(True),
            next_label=_(FINISH_LABEL) if last else _(NEXT_LABEL),
            next_shown=step.action is None,
            points=step.points,
            answers=step.action is not None,
        )

    # ----------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        step = self.step
        waits = step is not None and step.action is None
        if waits and event.type == pygame.KEYDOWN and event.key in NEXT_KEYS:
            self.next_step()
            return
        self.table.handle(event)

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

    @property
    def box(self) -> tuple[pygame.Rect, int, list[str]] | None:
        """The words' box, their size and lines, as the table laid them out."""
        return self.table.lesson_box.box

    def pointer_rects(self) -> list[pygame.Rect]:
        return self.table.lesson_box.pointer_rects()

    def open_popups(self) -> list[pygame.Rect]:
        return self.table.lesson_box.open_popups()

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)  # the words are the table's frame's, as its own are

    def update(self, dt: float) -> None:
        self.table.update(dt)
