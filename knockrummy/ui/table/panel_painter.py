"""Drawing the hand-end panel of a frame: its box and stripes, the headline, each seat's
row of cards, counts and changes, the lay-offs, Knock Rami's notes and the buttons."""

from __future__ import annotations

import pygame

from .. import card_art
from ..fonts import fit
from ..surfaces import Layers, draw_box
from ..theme import (
    DEADWOOD_MARK,
    LAYOFF,
    LAYOFF_TEXT,
    SOFT,
    TEXT,
    WARN,
)
from .frame import TableFrame
from .marks import Marks, mark, put_card, put_text
from .panel_words import BAD, GAIN, PLAIN, PanelRow
from .redraw import put_button, shape


def panel_ground(frame: TableFrame, surface: pygame.Surface, layers: Layers) -> None:
    """The hand-end panel's box and the stripes behind every other row."""
    geo = frame.panel.geometry
    rect = geo.box
    draw_box(surface, rect, geo.font, frame.look.panel)
    for position in range(0, len(frame.panel.rows), 2):
        top = rect.top + geo.header + position * geo.row_h
        surface.blit(layers.stripe((rect.width - 8, round(geo.row_h))), (rect.left + 4, top))


def draw_panel(
    frame: TableFrame,
    surface: pygame.Surface,
    marks: Marks | None = None,
    ground: bool = True,
    layers: Layers | None = None,
) -> None:
    """The hand-end panel; ``ground``: with its box and stripes (not already drawn), the
    stripes from ``layers`` (a painter's; made afresh when not given)."""
    panel = frame.panel
    geo = panel.geometry
    rect = geo.box
    fs = geo.font
    cw = geo.card_width
    if ground:
        panel_ground(frame, surface, layers or Layers())
    mark(marks, "box", "panel", rect, 1)
    reveal, layoffs, _count = panel.progress
    centre = (rect.centerx, rect.top + geo.header * 0.5)
    put_text(marks, surface, panel.headline, round(fs * 1.35), TEXT, centre, "center", True,
             layer=1)  # fmt: skip
    for position, row in enumerate(panel.rows):
        mid = rect.top + geo.header + position * geo.row_h + geo.row_h / 2
        _panel_row(surface, geo, row, mid, marks)
    for placed in geo.placed:
        x, y = placed.x, placed.y
        if placed.laid_by is not None:
            t = max(0.0, min(1.0, layoffs * panel.layoff_count - _lay_index(geo, placed)))
            ox, oy = placed.origin
            x, y = ox + (x - ox) * t, oy + (y - oy) * t
        image = (
            frame.look.face(placed.card, cw)
            if reveal >= 0.5 or placed.seat == frame.viewer
            else frame.look.card_back(cw)
        )
        put_card(marks, surface, image, (x, y), f"panel row {placed.seat}", 1)
        if placed.deadwood:
            shape(surface, pygame.draw.line, DEADWOOD_MARK, (x + 3, y + cw * 1.4 + 3),
                  (x + cw * 0.52, y + cw * 1.4 + 3), 3)  # fmt: skip
        if placed.laid_by is not None:
            surface.blit(card_art.outline(cw, LAYOFF), (x - 3, y - 3))
    if frame.notice and frame.status:  # what the panel waits for, in the lay-offs' place
        at = (rect.centerx, geo.buttons_y - fs * 1.6)
        shown = fit(frame.status, round(fs * 0.9), rect.width - 2 * fs)
        put_text(marks, surface, shown, round(fs * 0.9), WARN, at, "center", layer=1)
    elif panel.legend:
        at = (rect.left + fs, geo.buttons_y - fs * 1.6)
        put_text(marks, surface, panel.legend, round(fs * 0.8), LAYOFF_TEXT, at, "midleft",
                 layer=1)  # fmt: skip
    for i, line in enumerate(geo.notes):  # Knock Rami: who is out, the buy-back offer
        size = geo.note_font
        y = geo.notes_y + i * size * 1.35
        shown = fit(line, size, rect.width - 2 * fs)
        put_text(marks, surface, shown, size, WARN, (rect.centerx, y), "center", layer=1)
    for button in panel.buttons:
        put_button(surface, button, fs)
        if button.shown:
            mark(marks, "button", button.label, button.rect, 1)


TONES = {BAD: DEADWOOD_MARK, GAIN: WARN, PLAIN: TEXT}
"""The colour of a row's change by how it reads."""


def _panel_row(surface, geo, row: PanelRow, mid: float, marks) -> None:
    """One seat's row: name, deadwood, the hand's change counting up, the reasons."""

    def text(*args, **kwargs):
        return put_text(marks, surface, *args, layer=1, **kwargs)

    rect = geo.box
    fs = geo.font
    text(row.name, fs, TEXT, (rect.left + fs, mid - fs * 0.7), "midleft", bold=True)
    text(row.deadwood, round(fs * 0.9), SOFT, (rect.left + fs, mid + fs * 0.7), "midleft")
    at = (geo.right_x, mid - fs * 0.6)
    text(row.value, round(fs * 1.2), TONES[row.tone], at, "midleft", bold=True)
    if row.total is not None:
        text(row.total, round(fs * 0.85), SOFT, (row.total_x, mid - fs * 0.6), "midleft")
    small = round(fs * 0.72)
    for line, x, dy in row.reasons:
        text(line, small, SOFT, (x, mid + dy), "midleft")


def _lay_index(geo, placed) -> int:
    laid = [p for p in geo.placed if p.laid_by is not None]
    return laid.index(placed)
