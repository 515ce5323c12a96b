"""A lesson's words at the table: the box of the step's words beside the piles (under the
panel at the hand's end), its Next button, and the outlines on what the step points at,
laid out by the table from the words the lesson gives it (``TableHooks.lesson``) and
drawn by the painter from the frame like everything else.

Glossary:
    words     :class:`LessonWords`: what the lesson says now (the step's counter, words and
              key line, whether Next shows, what it points at), all in the language.
    pointer   what a step points at: ``stock``, ``pile``, ``hand``, ``panel``, ``answer``
              (the panel's first button), ``sheet``, ``button:NAME`` or a card (``7H``).
    popups    the boxes the table has open over its right side (the pile's history, the
              hand log): the words move where they hide nothing of them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine.cards import Card
from ..fonts import fit, wrap
from ..widgets import Button, ButtonFace

PANEL_SHARE = 0.74
"""At the hand's end the panel takes this share of the height; the words go under it."""

PLACES = ("stock", "pile", "panel", "answer", "sheet")
"""The pointers that name a place, not a card (see ``lessons``' pointer)."""


@dataclass(frozen=True)
class LessonWords:
    """What a lesson says at the table now (see the module's glossary)."""

    counter: str
    """``Knock Rummy · step 3 of 12``."""
    words: str
    keys: str
    """The line beside Next (or, on a step that waits for a move, what to do)."""
    keys_on_panel: str
    next_label: str
    next_shown: bool
    points: tuple[str, ...] = ()
    answers: bool = True
    """The hand-end panel's own buttons show (the step teaches one of them)."""


@dataclass(frozen=True)
class LessonFace:
    """The lesson's box and outlines as one frame shows them."""

    box: tuple[int, int, int, int]
    size: int
    """The words' font size (the largest that fits the box)."""
    counter: str
    lines: tuple[str, ...]
    keys: str
    keys_room: int
    next_button: ButtonFace
    pointers: tuple[tuple[int, int, int, int], ...]


class LessonBox:
    """The table's part that lays out a lesson's words (see the module's glossary)."""

    def __init__(self, table, words, on_next) -> None:
        self.table = table
        self.words = words
        """The lesson's words now (a callable: None once the lesson is over)."""
        self.on_next = on_next
        self.next_button: Button | None = None
        """Next (made with the first words laid out, named as they say)."""
        self.box: tuple[pygame.Rect, int, list[str]] | None = None
        """The words' box, their size and lines (laid out in :meth:`update`)."""
        self._key: tuple | None = None

    # ----------------------------------------------------------------- layout

    def box_rect(self) -> pygame.Rect:
        """Where the step's words go: right of the piles while playing, under the panel
        at the hand's end, never over the pile's history or the log."""
        table = self.table
        w, h = table.size
        fs = table.geometry.font
        if table.panel is not None:
            top = round(h * PANEL_SHARE) + fs // 2
            return pygame.Rect(round(w * 0.04), top, round(w * 0.92), h - top - fs // 2)
        layout = table.geometry.layout
        left = round(max(layout.discard[0] + layout.card_width * 1.4, w * 0.6))
        menu = table.menu_button.rect
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
        sheet = table.geometry.sheet_rect(len(table.score_sheet()) + 1)
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
        """The boxes the table has open over its right side (see the glossary)."""
        table = self.table
        out = []
        if table.show_pile or table.pile_hover:
            out.append(table.geometry.pile_rect(len(table.view.discard_pile))[0])
        if table.show_log:
            out.append(table.geometry.log_rect())
        return out

    def pointer_rects(self) -> list[pygame.Rect]:
        """The outlines of what the step points at (those now on the table)."""
        words = self.words()
        if words is None:
            return []
        table = self.table
        layout = table.geometry.layout
        cw, ch = layout.card_width, layout.card_height
        panel = table.panel
        rects = []
        for name in words.points:
            if name == "stock" and panel is None:
                rects.append(pygame.Rect(*map(round, layout.stock), cw, ch))
            elif name == "pile" and panel is None:
                rects.append(pygame.Rect(*map(round, layout.discard), cw, ch))
            elif name == "panel" and panel is not None:
                rects.append(panel.geometry.box)
            elif name == "answer" and panel is not None:
                shown = [b.rect for b in panel.buttons if b.visible and b.rect]
                rects.extend(shown[:1])
            elif name == "sheet" and panel is None:
                rects.append(table.geometry.sheet_rect(len(table.score_sheet())))
            elif name.startswith("button:") and panel is None:
                button = table.buttons.get(name.removeprefix("button:"))
                if button is not None and button.visible and button.rect is not None:
                    rects.append(button.rect)
            elif name in PLACES or name.startswith("button:"):
                continue  # a place not shown now (the panel still to come after a knock)
            elif panel is None and table.motion.deal is None:
                cards = table.viewer_order() if name == "hand" else [Card.parse(name)]
                places = [table.motion.card_pos.get(c) for c in cards]
                found = [pygame.Rect(round(p[0]), round(p[1]), cw, ch) for p in places if p]
                if found:
                    rects.append(found[0].unionall(found[1:]))
        return rects

    def update(self) -> None:
        """Fit the step's words to the box and place Next (in ``update``, never in
        ``draw``); the hand-end panel's buttons show only when the step teaches one."""
        table = self.table
        words = self.words()
        if table.panel is not None:
            for button in table.panel.buttons:
                button.visible = words is not None and words.answers
        key = (
            words,
            table.size,
            table.panel is None,
            table.show_pile or table.pile_hover,
            table.show_log,
            len(table.view.discard_pile),
        )
        if key == self._key:
            return
        self._key = key
        if words is None:
            self.box = None
            return
        box = self.box_rect()
        size = table.geometry.font
        button_h = round(size * 2.2)
        while True:  # the largest text that fits the box, no smaller than legible
            lines = wrap(words.words, size, box.width - size * 1.6)
            needed = size * 1.5 * (len(lines) + 1) + button_h + size * 1.6
            if needed <= box.height or size <= 12:
                break
            size -= 1
        height = min(box.height, round(needed))
        rect = pygame.Rect(box.left, box.top, box.width, height)
        if self.next_button is None:
            self.next_button = Button(words.next_label, self.on_next, primary=True)
        self.next_button.label = words.next_label
        self.next_button.visible = words.next_shown
        self.next_button.place((0, 0), size)
        self.next_button.rect.bottomright = (rect.right - size, rect.bottom - size * 0.6)
        self.box = (rect, size, lines)

    def handle(self, event: pygame.event.Event) -> bool:
        """A click or key on Next (whether it took the event)."""
        return self.box is not None and self.next_button.handle(event)  # placed with the box

    def face(self) -> LessonFace | None:
        """The box and outlines as a frame shows them (None: no words, or the table is
        hidden for a hand-off)."""
        words = self.words()
        if words is None or self.box is None or self.table.handoff is not None:
            return None
        rect, size, lines = self.box
        if words.next_shown:
            room = self.next_button.rect.left - rect.left
            keys = words.keys
        else:
            room = rect.width
            keys = words.keys_on_panel if self.table.panel is not None else words.keys
        keys = fit(keys, round(size * 0.8), room - size * 1.6)
        return LessonFace(
            box=tuple(rect),
            size=size,
            counter=words.counter,
            lines=tuple(lines),
            keys=keys,
            keys_room=round(room),
            next_button=self.next_button.face(),
            pointers=tuple(tuple(r) for r in self.pointer_rects()),
        )
