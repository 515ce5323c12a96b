"""Drawing what opens over the table or hides it: the deal's details, the knock
confirmation, the pass-and-play hand-off screen."""

from __future__ import annotations

import pygame

from ..fonts import blit_text, wrap
from ..fonts import width as text_width
from ..surfaces import Layers, draw_box
from ..theme import (
    SOFT,
    TEXT,
)
from .frame import TableFrame
from .marks import Marks, mark, put_text


def draw_details(frame: TableFrame, surface: pygame.Surface, marks: Marks | None = None) -> None:
    """The deal's details in a box over the middle of the table, each line whole."""
    fs = frame.font
    size = round(fs * 0.9)
    room = min(frame.size[0] - 4 * fs, fs * 36)
    lines = [piece for line in frame.details for piece in wrap(line, size, room)]
    widest = max(text_width(line, size) for line in lines)
    rect = pygame.Rect(0, 0, widest + 3 * fs, round((len(lines) + 1.2) * size * 1.5) + fs)
    rect.center = (frame.size[0] // 2, frame.size[1] // 2)
    draw_box(surface, rect, fs, frame.look.panel)
    mark(marks, "box", "details", rect, 2)
    y = rect.top + fs * 0.5 + size * 1.2
    for line in lines:
        put_text(marks, surface, line, size, TEXT, (rect.centerx, y), "center", layer=2)
        y += size * 1.5
    closing = frame.words.details_close
    put_text(
        marks, surface, closing, round(size * 0.85), SOFT, (rect.centerx, y), "center", layer=2
    )


def draw_question(
    frame: TableFrame,
    surface: pygame.Surface,
    marks: Marks | None = None,
    layers: Layers | None = None,
) -> None:
    """The knock confirmation over the dimmed table: the question, what it means, and its
    two buttons; the shade from ``layers`` (a painter's; made afresh when not given)."""
    lines, box, buttons = frame.question
    rect = pygame.Rect(box)
    fs = frame.font
    surface.blit((layers or Layers()).shade(surface.get_size()), (0, 0))
    draw_box(surface, rect, fs, frame.look.panel)
    mark(marks, "box", "knock question", rect, 1)
    y = rect.top + fs * 1.6
    for line, title in lines:
        size = round(fs * 1.15) if title else fs
        color = TEXT if title else SOFT
        put_text(marks, surface, line, size, color, (rect.centerx, y), "center", title, layer=1)
        y += fs * 1.6
    for button in buttons:
        button.draw(surface, fs)
        if button.shown:
            mark(marks, "button", button.label, button.rect, 1)


def draw_handoff(frame: TableFrame, surface: pygame.Surface, marks: Marks | None = None) -> None:
    """Pass-and-play: the table is hidden until the next player takes the screen."""
    surface.blit(frame.look.cloth(surface.get_size()), (0, 0))
    fs = frame.font
    w, h = surface.get_size()
    title, ready, *others = frame.handoff
    blit_text(surface, title, round(fs * 2.6), TEXT, (w / 2, h * 0.42), "center", bold=True)
    blit_text(surface, ready, round(fs * 1.2), SOFT, (w / 2, h * 0.42 + fs * 3.2), "center")
    for line in others:
        blit_text(surface, line, fs, SOFT, (w / 2, h * 0.42 + fs * 5.2), "center")
