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

from ... import lessons
from ...engine.actions import Action, DrawStock, TakeDiscard
from ...engine.cards import Card
from ...engine.errors import IllegalActionError
from ...engine.profiles import get_profile
from ..fonts import blit_text, fit, wrap
from ..seats import HUMAN, SeatConfig
from ..sound import Sounds
from ..table.controller import TableOptions, TableScene
from ..table.hooks import TableHooks
from ..table.painter import TableFrame
from ..theme import ACCENT, SOFT, TEXT, look_of
from ..widgets import Button
from .menu import MenuScreen, column

NEXT_KEYS = (pygame.K_n, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
"""Keys that press Next on a step that waits for it."""
POINTER = (120, 210, 255)
"""The outline of what a step points at (apart from the gold of the table's own glow)."""
WAIT_FOR_NEXT = "Read the lesson's words, then press Next (N)."
"""The status line while a step waits for Next."""
PANEL_SHARE = 0.74
"""At the hand's end the panel takes this share of the height; the words go under it."""


def lesson_label(lesson: lessons.Lesson, step: int | None) -> str:
    """A lesson's line in the list: its title, and where the player left it."""
    if step is None:
        return lesson.title
    return f"{lesson.title} (resume at step {step + 1} of {len(lesson.steps)})"


class LearnScreen(MenuScreen):
    """The five lessons, one per profile; a lesson left half-way shows where it resumes."""

    title = "Learn to play"
    subtitle = "A short guided hand for each game, one step at a time"

    def __init__(self, game) -> None:
        super().__init__(game)
        settings = game.settings
        self.buttons = []
        for profile_id, lesson in lessons.LESSONS.items():
            step = None
            if settings.lesson == profile_id:  # a script grown shorter resumes at its end
                step = min(settings.lesson_step, len(lesson.steps) - 1)
            self.buttons.append(
                Button(lesson_label(lesson, step), lambda p=profile_id: self.start(p))
            )
        self.buttons.append(Button("Back", self.back, pygame.K_b))

    def start(self, profile_id: str) -> None:
        settings = self.game.settings
        step = settings.lesson_step if settings.lesson == profile_id else 0
        self.app.navigator.lesson(profile_id, step)

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        column(self.buttons, w / 2, h * 0.22, self.fs, self.fs * 0.7)


class LessonScene(TableScene):
    """One lesson at the table, from step ``index``."""

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
        self.next_button = Button("Next", self.next_step, primary=True)
        self.box: tuple[pygame.Rect, int, list[str]] | None = None
        """The words' box, their size and lines (laid out in ``update``)."""
        self._box_key: tuple | None = None
        state = lessons.state_at(lesson, index)
        seats = [SeatConfig("You", HUMAN), SeatConfig("Coach", level="easy")]
        # the lesson asks for its own knock; no question about risk comes between
        settings = replace(game.settings, confirm_knock="never")
        hooks = TableHooks(on_leave=lambda _left: on_leave(), on_settings=self._keep_table_settings)
        super().__init__(
            state, seats, settings, self._scripted, Sounds(settings.sound), TableOptions(), hooks
        )
        self._remember(index)

    # ----------------------------------------------------------------- the script

    @property
    def step(self) -> lessons.Step | None:
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    def _scripted(self, state, seat: int) -> Action:
        """The coach's move: the one the script says (asked only on a coach step)."""
        return self.step.action

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
        self.notice, self.notice_left = "", 0.0
        self.index += 1
        self._remember(self.index)
        step = self.step
        if step is None:
            self.leave()
        elif step.prepared:
            self.on_restart(self.index)

    def next_step(self) -> None:
        """Next: on a step that waits for it, go on; otherwise say what to do."""
        step = self.step
        if step is None:
            return
        if step.action is not None:
            self.say(lessons.try_this(step))
            return
        self._advance_step()

    def perform(self, action: Action, seat: int | None) -> None:
        """Apply the step's action (the engine checks it too); refuse any other."""
        step = self.step
        if step is None or (seat == lessons.COACH and action != step.action):
            raise IllegalActionError(action, "the lesson is over")
        if seat != lessons.COACH:
            why = lessons.refusal(step, action)
            if why is not None:
                raise IllegalActionError(action, why[0].lower() + why[1:].rstrip("."))
        super().perform(action, seat)
        self._advance_step()

    def _computer_to_move(self) -> bool:
        step = self.step
        return super()._computer_to_move() and step is not None and step.by == lessons.COACH

    def _needs_step(self) -> bool:
        step = self.step
        return super()._needs_step() and step is not None and step.by == lessons.COACH

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
            super().handle(event)
        except IllegalActionError as exc:  # a panel button the step does not teach
            self.say(exc.rule[0].upper() + exc.rule[1:] + ".")

    # ----------------------------------------------------------------- layout

    def _panel_size(self) -> tuple[int, int]:
        w, h = self.size
        return w, round(h * PANEL_SHARE)

    def _open_panel(self) -> None:
        super()._open_panel()
        self.panel.place(self._panel_size())

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.panel is not None:
            self.panel.place(self._panel_size())
        if hasattr(self, "_box_key"):  # not while the table is being built
            self._lay_out_box()

    def box_rect(self) -> pygame.Rect:
        """Where the step's words go: right of the piles while playing, under the panel
        at the hand's end."""
        w, h = self.size
        fs = self.geometry.font
        if self.panel is not None:
            top = round(h * PANEL_SHARE) + fs // 2
            return pygame.Rect(round(w * 0.04), top, round(w * 0.92), h - top - fs // 2)
        layout = self.geometry.layout
        left = round(max(layout.discard[0] + layout.card_width * 1.4, w * 0.6))
        top = round(self.menu_button.rect.bottom + fs * 0.8) if self.menu_button.rect else fs * 4
        bottom = round(layout.buttons_y - fs * 2.2)
        rect = pygame.Rect(left, top, w - left - fs, bottom - top)
        popups = self.open_popups()
        if not any(rect.colliderect(p) for p in popups):
            return rect
        # the pile's history or the log is open where the words go: they move above or
        # below it, or to the table's left (a lesson has no seat there), wherever the
        # room is largest, so neither hides the other
        # (one line more than the sheet's own: the deal's fingerprint may take a line)
        sheet = self.geometry.sheet_rect(len(self.score_sheet()) + 1)
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
        if self.show_pile or self.pile_hover:
            out.append(self.geometry.pile_rect(len(self.view.discard_pile))[0])
        if self.show_log:
            out.append(self.geometry.log_rect())
        return out

    def pointer_rects(self) -> list[pygame.Rect]:
        """The outlines of what the step points at (those now on the table)."""
        step = self.step
        if step is None:
            return []
        layout = self.geometry.layout
        cw, ch = layout.card_width, layout.card_height
        rects = []
        for name in step.points:
            if name == "stock" and self.panel is None:
                rects.append(pygame.Rect(*map(round, layout.stock), cw, ch))
            elif name == "pile" and self.panel is None:
                rects.append(pygame.Rect(*map(round, layout.discard), cw, ch))
            elif name == "panel" and self.panel is not None:
                rects.append(self.panel.geometry["rect"])
            elif name == "answer" and self.panel is not None:
                shown = [b.rect for b in self.panel.buttons if b.visible and b.rect]
                rects.extend(shown[:1])
            elif name == "sheet" and self.panel is None:
                rects.append(self.geometry.sheet_rect(len(self.score_sheet())))
            elif name.startswith("button:") and self.panel is None:
                button = self.buttons.get(name.removeprefix("button:"))
                if button is not None and button.visible and button.rect is not None:
                    rects.append(button.rect)
            elif self.panel is None and self.motion.deal is None:
                cards = self.viewer_order() if name == "hand" else [Card.parse(name)]
                places = [self.motion.card_pos.get(c) for c in cards]
                found = [pygame.Rect(round(p[0]), round(p[1]), cw, ch) for p in places if p]
                if found:
                    rects.append(found[0].unionall(found[1:]))
        return rects

    # ----------------------------------------------------------------- drawing

    def frame(self) -> TableFrame:
        """The table's frame, with only the step's own move offered: the piles glow only
        when the step teaches drawing from them, and a Next step says to press Next."""
        frame = super().frame()
        step = self.step
        action = None if step is None else step.action
        if step is not None and step.by == lessons.COACH:
            return frame
        changes = {
            "glow_stock": frame.glow_stock and isinstance(action, DrawStock),
            "glow_discard": frame.glow_discard and isinstance(action, TakeDiscard),
        }
        if action is None and not frame.notice and self.panel is None:
            changes["status"] = WAIT_FOR_NEXT
        return replace(frame, **changes)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.handoff is not None:
            return
        fs = self.geometry.font
        line = max(3, fs // 5)  # as thick on a 4K window as on a small one
        for rect in self.pointer_rects():
            grown = rect.inflate(line * 2 + 2, line * 2 + 2)
            pygame.draw.rect(surface, POINTER, grown, width=line, border_radius=line * 2)
        self._draw_box(surface, fs)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._lay_out_box()

    def _lay_out_box(self) -> None:
        """Fit the step's words to the box and place Next (in ``update``, never in
        ``draw``)."""
        step = self.step
        if self.panel is not None:
            # the panel's own buttons show only when the step teaches one of them
            for button in self.panel.buttons:
                button.visible = step is not None and step.action is not None
        key = (
            self.index,
            self.size,
            self.panel is None,
            self.show_pile or self.pile_hover,
            self.show_log,
            len(self.view.discard_pile),
        )
        if key == self._box_key:
            return
        self._box_key = key
        if step is None:
            self.box = None
            return
        box = self.box_rect()
        words = lessons.card_words(step.words)
        size = self.geometry.font
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
        self.next_button.label = "Finish" if last else "Next"
        self.next_button.visible = step.action is None
        self.next_button.place((0, 0), size)
        self.next_button.rect.bottomright = (rect.right - size, rect.bottom - size * 0.6)
        self.box = (rect, size, lines)

    def _draw_box(self, surface: pygame.Surface, fs: int) -> None:
        step = self.step
        if step is None or self.box is None:
            return
        rect, size, lines = self.box
        title = get_profile(self.lesson.profile_id).short_name
        counter = f"Learn {title} · step {self.index + 1} of {len(self.lesson.steps)}"
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            panel, (*look_of(self.settings).panel, 235), panel.get_rect(), border_radius=size
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
            where = "on the panel" if self.panel is not None else "at the table"
            hint, room = f"Do it {where} · Esc: leave, resume later", rect.width
        else:
            hint = "N: Next · Esc: leave, resume later"
            room = self.next_button.rect.left - rect.left
        small = round(size * 0.8)
        hint = fit(hint, small, room - size * 1.6)
        middle = self.next_button.rect.centery
        blit_text(surface, hint, small, SOFT, (x, middle), "midleft")
