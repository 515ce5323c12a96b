"""Drawing what opens over the table or hides it: the hand log, the pile's history, the
speech bubbles, a rule tip, the deal's details, the knock confirmation, the pass-and-play
hand-off screen; and the dark box the score sheet, the log and the pile's history stand
in."""

from __future__ import annotations

import functools
import math

import pygame

from .. import card_art
from ..card_art import CARD_RATIO
from ..fonts import fit, render, wrap
from ..fonts import width as text_width
from ..surfaces import Layers, draw_box
from ..theme import (
    ACCENT,
    BUBBLE,
    INK,
    SHEET,
    SOFT,
    TEXT,
    WARN,
)
from .frame import TableFrame
from .marks import Marks, mark, put_card, put_text


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
    """Pass-and-play: the table is hidden until the next player takes the screen; the Menu
    button, and what a key pressed meanwhile says."""
    surface.blit(frame.look.cloth(surface.get_size()), (0, 0))
    fs = frame.font
    w, h = surface.get_size()
    title, ready, *others = frame.handoff
    top = h * 0.42
    put_text(marks, surface, title, round(fs * 2.6), TEXT, (w / 2, top), "center", bold=True)
    put_text(marks, surface, ready, round(fs * 1.2), SOFT, (w / 2, top + fs * 3.2), "center")
    for line in others:
        put_text(marks, surface, line, fs, SOFT, (w / 2, top + fs * 5.2), "center")
    if frame.notice and frame.status:
        shown = fit(frame.status, fs, w - 2 * fs)
        put_text(marks, surface, shown, fs, WARN, (w / 2, top + fs * 7.2), "center")
    frame.menu_button.draw(surface, round(fs * 0.8))
    if frame.menu_button.shown:
        mark(marks, "button", "menu", frame.menu_button.rect)


def draw_bubbles(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> None:
    layout = frame.geometry.layout
    for bubble in frame.motion.bubbles:
        place = layout.seats[bubble.seat]
        if bubble.seat == frame.viewer:
            anchor = (frame.size[0] / 2, layout.hand_y - fs * 2.5)
        else:
            anchor = (place.center[0], place.center[1] - place.card_width * 0.9)
        alpha_scale = min(1.0, bubble.time_left / 0.3)
        size = round(fs * 1.25)
        surf, rect = bubble_surface(bubble.text, size)
        surf = surf.copy()
        surf.set_alpha(round(255 * alpha_scale))
        rect = surf.get_rect(center=(round(anchor[0]), round(anchor[1])))
        rect.clamp_ip(surface.get_rect())
        surface.blit(surf, rect)
        mark(marks, "box", f"bubble {bubble.seat}", rect, layer=1)


@functools.lru_cache(maxsize=64)
def bubble_surface(text: str, size: int):
    from ..fonts import render

    label, rect = render(text, size, INK, bold=True)
    box = pygame.Surface((rect.width + size, rect.height + size * 0.6), pygame.SRCALPHA)
    pygame.draw.rect(box, BUBBLE, box.get_rect(), border_radius=size // 2)
    pygame.draw.rect(box, ACCENT, box.get_rect(), width=2, border_radius=size // 2)
    box.blit(label, label.get_rect(center=box.get_rect().center))
    return box, box.get_rect()


def put_box(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fs: int,
    marks,
    layer: int,
    group: str = "sheet",
    colour: tuple = SHEET,
) -> None:
    """The dark rounded box behind the score sheet, the log and the pile's history."""
    surface.blit(box_image(rect.size, max(4, fs // 2), tuple(colour)), rect)
    mark(marks, "box", group, rect, layer)


@functools.lru_cache(maxsize=16)
def box_image(size: tuple[int, int], radius: int, colour: tuple) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, colour, box.get_rect(), border_radius=radius)
    return card_art.ready(box)


def draw_log(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> None:
    """The hand log, opened over the table's right side: the newest moves that fit."""
    lines = list(frame.story.log) or [frame.words.log_empty]
    rect = frame.geometry.log_box(len(lines))
    size = round(fs * 0.75)
    line_h = round(size * 1.35)
    pad = size * 0.6
    put_box(surface, rect, fs, marks, 1, "hand log", frame.look.sheet)
    y = rect.top + pad
    put_text(
        marks, surface, frame.words.log_title, size, TEXT, (rect.left + pad, y), bold=True, layer=1
    )
    y += line_h * 1.2
    room = max(1, int((rect.bottom - pad - y) // line_h))
    for line in lines[-room:]:
        put_text(
            marks,
            surface,
            fit(line, size, rect.width - 2 * pad),
            size,
            SOFT,
            (rect.left + pad, y),
            layer=1,
        )
        y += line_h


def draw_pile_history(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> None:
    """The discard pile fanned out, oldest first, in rows over the middle of the table."""
    pile = frame.story.pile
    rect, cw, per_row = frame.geometry.pile_rect(len(pile))
    put_box(surface, rect, fs, marks, 1, "pile history", frame.look.sheet)
    size = round(fs * 0.75)
    pad = size * 0.6
    put_text(
        marks,
        surface,
        frame.words.pile_title,
        size,
        TEXT,
        (rect.left + pad, rect.top + pad),
        bold=True,
        layer=1,
    )
    if not pile:
        put_text(
            marks,
            surface,
            frame.words.pile_empty,
            size,
            SOFT,
            (rect.left + pad, rect.top + pad + size * 1.6),
            layer=1,
        )
        return
    step = cw * 0.62
    ch = cw * CARD_RATIO
    top = rect.top + pad + size * 1.8
    for i, card in enumerate(pile):
        row, col = divmod(i, per_row)
        pos = (rect.left + pad + col * step, top + row * (ch * 0.55))
        put_card(marks, surface, frame.look.face(card, cw), pos, "pile history", 1)


POINTER = (120, 210, 255)
"""The outline of what a lesson's step points at (apart from the gold of the table's glow)."""


def draw_lesson(frame: TableFrame, surface: pygame.Surface, marks: Marks | None = None):
    """A lesson's outlines on what its step points at, and the box of its words with the
    step's counter, Next and the key line; returns the rectangle drawn over."""
    lesson = frame.lesson
    fs = frame.font
    line = max(3, fs // 5)  # as thick on a 4K window as on a small one
    drawn = pygame.Rect(lesson.box)
    for rect in lesson.pointers:
        grown = pygame.Rect(rect).inflate(line * 2 + 2, line * 2 + 2)
        pygame.draw.rect(surface, POINTER, grown, width=line, border_radius=line * 2)
        drawn.union_ip(grown)
    rect, size = pygame.Rect(lesson.box), lesson.size
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*frame.look.panel, 235), box.get_rect(), border_radius=size)
    pygame.draw.rect(box, ACCENT, box.get_rect(), width=max(2, size // 9), border_radius=size)
    surface.blit(box, rect)
    mark(marks, "box", "lesson", rect, 1)
    x, y = rect.left + size * 0.8, rect.top + size * 0.6
    put_text(marks, surface, lesson.counter, round(size * 0.85), SOFT, (x, y), bold=True,
             group="lesson", layer=1)  # fmt: skip
    y += size * 1.5
    for text in lesson.lines:
        put_text(marks, surface, text, size, TEXT, (x, y), group="lesson", layer=1)
        y += size * 1.5
    face = lesson.next_button
    face.draw(surface, size)
    if face.shown:
        mark(marks, "button", "lesson", face.rect, 1)
    middle = pygame.Rect(face.rect).centery if face.rect else rect.bottom - size * 1.7
    put_text(marks, surface, lesson.keys, round(size * 0.8), SOFT, (x, middle), "midleft",
             group="lesson", layer=1)  # fmt: skip
    return drawn


def draw_tip(frame: TableFrame, surface: pygame.Surface, marks: Marks | None = None) -> None:
    """A rule tip in its box between the piles and the buttons: the first line in the
    warning colour."""
    tip = frame.tip
    rect, size = pygame.Rect(tip.box), tip.size
    surface.blit(tip_box(rect.size, size, tuple(frame.look.panel)), rect)
    mark(marks, "box", "rule tip", rect, 1)
    y = rect.top + size * 0.3
    for i, line in enumerate(tip.lines):
        colour = WARN if i == 0 else TEXT
        at = (rect.left + size / 2, y)
        put_text(marks, surface, line, size, colour, at, group="rule tip", layer=1)
        y += size * 1.3


@functools.lru_cache(maxsize=8)
def tip_box(size: tuple[int, int], font: int, colour: tuple) -> pygame.Surface:
    """A rule tip's box: the panel's colour, a little see-through, with a gold edge."""
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*colour, 230), box.get_rect(), border_radius=font // 2)
    edge = max(2, font // 9)
    pygame.draw.rect(box, ACCENT, box.get_rect(), width=edge, border_radius=font // 2)
    return card_art.ready(box)


SPREAD = 64.0
"""Degrees between a celebration's outer cards, fully open."""


def draw_celebration(frame: TableFrame, surface: pygame.Surface) -> None:
    """A celebration's fan, title and count-up over the middle of ``surface``."""
    face = frame.celebration
    look, font_size = frame.look, frame.font
    w, h = surface.get_size()
    # only a fading celebration needs a layer of its own; until then it costs no more
    # than its few blits
    layer = surface if face.alpha >= 255 else _layer((w, h))
    if layer is not surface:
        layer.fill((0, 0, 0, 0))
    card_w = max(40, round(min(w, h) * 0.11))
    centre = (w / 2, h * 0.36)
    pivot = card_w * 1.6
    for i, card in enumerate(face.cards):
        # left cards lean left, right cards right, about a point below the fan, as a
        # hand held up does
        tilt = (i - 2) / 2 * SPREAD / 2 * face.opened
        image = _turned(look, card, card_w, -round(tilt))
        rad = math.radians(tilt)
        x = centre[0] + math.sin(rad) * pivot
        y = centre[1] + pivot - math.cos(rad) * pivot
        layer.blit(image, image.get_rect(center=(round(x), round(y))))
    title_size = max(12, round(font_size * 2.6 * face.grow))
    label, rect = render(face.title, title_size, ACCENT, bold=True)
    top = centre[1] + card_w * 1.05
    shadow, _shadow_rect = render(face.title, title_size, (0, 0, 0), bold=True)
    words, _words_rect = render(face.line, round(font_size * 1.4), WARN, bold=True)
    below = words.get_rect(midtop=(w / 2, top + rect.height + font_size * 0.6))
    # a dark plate under the words, so they read over the cards of the panel
    plate = rect.move(w / 2 - rect.centerx, top - rect.top).union(below)
    plate = plate.inflate(font_size * 2, font_size)
    layer.blit(_plate(plate.size, font_size), plate)
    layer.blit(shadow, shadow.get_rect(midtop=(w / 2 + 2, top + 3)))
    layer.blit(label, label.get_rect(midtop=(w / 2, top)))
    layer.blit(words, below)
    if layer is not surface:
        layer.set_alpha(face.alpha)
        surface.blit(layer, (0, 0))


@functools.lru_cache(maxsize=8)
def _plate(size: tuple[int, int], font_size: int) -> pygame.Surface:
    plate = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(plate, (8, 20, 12, 215), plate.get_rect(), border_radius=font_size)
    pygame.draw.rect(plate, ACCENT, plate.get_rect(), width=2, border_radius=font_size)
    return plate


@functools.lru_cache(maxsize=2)
def _layer(size: tuple[int, int]) -> pygame.Surface:
    """One reused transparent layer per window size (so fading costs no new surface)."""
    return pygame.Surface(size, pygame.SRCALPHA)


@functools.lru_cache(maxsize=256)
def _turned(look, card, width: int, angle: int) -> pygame.Surface:
    """A card face turned ``angle`` whole degrees, cached: the fan reuses them each frame."""
    face = look.face(card, width)
    if angle == 0:
        return face
    return pygame.transform.rotozoom(face, angle, 1.0)
