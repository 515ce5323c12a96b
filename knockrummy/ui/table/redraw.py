"""The painter's redraw machinery: the table layer kept between frames and mended where it
changed, and the window drawn again only where its picture changed.

A drawing of the table layer is first noted step by step (:class:`Drawing`, nothing
drawn); two such notes compared give the few rectangles where the pictures may differ,
and only those are drawn again (:func:`update_still`); the window keeps what it shows
(:class:`Window`), so a frame in which a card flies costs a blit of the parts it touched.

Glossary:
    still    the table layer kept (:class:`Still`): what stays still between frames.
    window   what the window shows of the table last drawn on it (:class:`Window`).
    step     one thing a drawing does (a blit, a shape, a button), with where it may draw.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..fonts import width as text_width
from ..surfaces import Layers


@dataclass
class Still:
    """The table layer last drawn: what stays still between frames, with what it was drawn
    from (see :func:`_draw_scene`)."""

    key: tuple | None = None
    image: pygame.Surface | None = None
    spots: dict | None = None
    """Where the moving layer draws over it (the thinking dots), by name."""
    drawing: Drawing | None = None
    """What is drawn on it, in order (see :class:`Drawing`)."""
    drawn_whole: int = 0
    """How many times the whole layer was drawn (the felt and everything on it)."""
    mended: int = 0
    """How many times only the parts of it that changed were drawn again."""


def draw_over(
    draw: Callable[[pygame.Surface], None],
    surface: pygame.Surface,
    backdrop: pygame.Surface,
    version: int,
    window: Window | None,
) -> Window:
    """The hand-end panel over the picture under it (``backdrop``, drawn for the
    ``version``-th time): when ``window`` says ``surface`` shows it already with the
    panel drawn over it, only where the panel's drawing changed (its counts, its
    turning and moving cards) is put back and drawn again."""
    drawing = Drawing(surface.get_size())
    draw(drawing)
    areas = None
    if (
        window is not None
        and window.surface is surface
        and window.image is backdrop
        and window.version == version
        and window.drawing is not None
    ):
        areas = window.drawing.changed(drawing)
    if areas is None:
        surface.blit(backdrop, (0, 0))
        drawing.replay(surface)
    else:
        for area in merged([*areas, *window.restore]):
            surface.blit(backdrop, area, area)
            drawing.replay(surface, area)
    return Window(surface, backdrop, [], version, drawing)


@dataclass
class Window:
    """What a window shows of the table last drawn on it: the still layer ``image``, and
    over it, in ``restore``, what differs from it (the moving things, what else was drawn
    over the table since)."""

    surface: pygame.Surface
    image: pygame.Surface
    restore: list[pygame.Rect]
    version: int = 0
    """The hand-end panel's backdrop: which drawing of it (see :func:`draw_over`)."""
    drawing: Drawing | None = None
    """The hand-end panel's steps drawn over it."""


def update_still(
    draw_still: Callable[[object], dict], like: pygame.Surface, still: Still, layers: Layers, key
) -> list[pygame.Rect] | None:
    """Bring the kept table layer up to ``frame``; returns the rectangles drawn again, or
    None when it was drawn whole. What the layer shows is noted first
    (a :class:`Drawing`, nothing drawn); then only the parts where it differs from what
    the layer shows now are drawn again over the felt, or the whole layer when there is
    none yet, its size or format changed, or most of it changed."""
    size = like.get_size()
    drawing = Drawing(size)
    spots = draw_still(drawing)
    layer = layers.get("table", size, like)
    before = still.drawing if layer is still.image else None
    still.key = still.drawing = None  # not valid until drawn
    areas = None if before is None else before.changed(drawing)
    if areas is None:
        drawing.replay(layer)
        still.drawn_whole += 1
    else:
        for area in areas:
            drawing.replay(layer, area)
        still.mended += 1
    still.image, still.drawing, still.spots, still.key = layer, drawing, spots, key
    return areas


class Drawing:
    """What one drawing of the table layer puts on it, in order, noted without drawing
    it: each step (a blit, a shape, a button) with the rectangle it may touch. It stands
    in for the layer while the table is drawn (the few things drawn as shapes go through
    :func:`shape` and :func:`put_button`).

    Two drawings compared give the rectangles where their pictures may differ: around
    every step one has and the other has not, or has in another order. Within such a
    rectangle, drawing again every step that touches it, in order, clipped to it, gives
    the same pixels as drawing the whole layer (the felt is the first step)."""

    MOST = 0.5
    """Changes over more than this part of the layer: it is drawn whole."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.steps: list[tuple[tuple, pygame.Rect, tuple]] = []
        """(what the step is, as a value; where it may draw; how to draw it again)."""

    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_rect(self, **where) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.size)
        for name, value in where.items():
            setattr(rect, name, value)
        return rect

    def blit(self, source: pygame.Surface, dest, area=None, special_flags: int = 0):
        """As ``pygame.Surface.blit`` (it returns the same rectangle), noted."""
        x, y = int(dest[0]), int(dest[1])  # pygame truncates a position
        w, h = source.get_size() if area is None else pygame.Rect(area).size
        rect = pygame.Rect(x, y, w, h)
        box = None if area is None else tuple(pygame.Rect(area))
        where = (dest[0], dest[1]) if len(dest) == 2 else tuple(dest)
        if isinstance(dest, pygame.Rect):
            dest = dest.copy()  # drawn again later where it was, whatever moves it since
        # the source itself is kept with the step, so its id names it while it is kept
        self.steps.append(
            (("blit", id(source), where, box, special_flags), rect,
             ("blit", source, dest, area, special_flags))
        )  # fmt: skip
        drawn = rect.clip(self.get_rect())
        return drawn if drawn.width and drawn.height else pygame.Rect(x, y, 0, 0)

    def shape(self, draw, colour, where, *args) -> None:
        """``draw(layer, colour, where, *args)``, a ``pygame.draw.rect``, ``circle`` or
        ``line``."""
        if draw is pygame.draw.circle:
            r = args[0]
            rect = pygame.Rect(0, 0, 2 * math.ceil(r) + 4, 2 * math.ceil(r) + 4)
            rect.center = (round(where[0]), round(where[1]))
        elif draw is pygame.draw.line:
            (x1, y1), (x2, y2), width = where, args[0], args[1]
            left, top = math.floor(min(x1, x2)), math.floor(min(y1, y2))
            right, bottom = math.ceil(max(x1, x2)), math.ceil(max(y1, y2))
            rect = pygame.Rect(left, top, right - left, bottom - top)
            rect.inflate_ip(2 * width + 4, 2 * width + 4)
        else:
            rect = pygame.Rect(where).inflate(4, 4)
        where = tuple(where)
        self.steps.append(
            (("shape", draw.__name__, tuple(colour), where, args), rect,
             ("shape", draw, colour, where, args))
        )  # fmt: skip

    def button(self, face, size: int) -> None:
        """``face.draw(layer, size)``: the button, its shadow under it and its label."""
        if not face.shown:
            return
        rect = pygame.Rect(face.rect)
        label = pygame.Rect(0, 0, text_width(face.label, size, True) + 8, size * 2)
        label.center = rect.center
        bounds = rect.union(rect.move(0, 3)).union(label).inflate(4, 4)
        self.steps.append((("button", face, size), bounds, ("button", face, size)))

    def changed(self, new: Drawing) -> list[pygame.Rect] | None:
        """Where ``new`` may differ from this drawing, as a few rectangles; None when
        it differs in most of the layer (or in its size)."""
        if new.size != self.size:
            return None
        before, after = [s[0] for s in self.steps], [s[0] for s in new.steps]
        if before == after:
            return []
        window = self.get_rect()
        shared = set(before) & set(after)
        if [k for k in before if k in shared] == [k for k in after if k in shared]:
            # the steps both have come in the same order: around the others
            changed = [
                *(s for s in self.steps if s[0] not in shared),
                *(s for s in new.steps if s[0] not in shared),
            ]
        else:  # some came in another order: around what the longest match leaves out
            matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
            changed = [
                step
                for tag, i1, i2, j1, j2 in matcher.get_opcodes()
                if tag != "equal"
                for step in (*self.steps[i1:i2], *new.steps[j1:j2])
            ]
        areas = []
        for _step, rect, _kind in changed:
            rect = rect.clip(window)
            if rect.width and rect.height:
                areas.append(rect)
        areas = merged(areas)
        if sum(a.width * a.height for a in areas) > self.MOST * window.width * window.height:
            return None
        return areas

    def replay(self, layer: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """Draw the steps on ``layer``: all of them, or those that touch ``area``,
        clipped to it."""
        if area is not None:
            layer.set_clip(area)
        try:
            for _kind, rect, step in self.steps:
                if area is not None and not area.colliderect(rect):
                    continue
                kind = step[0]
                if kind == "blit":
                    layer.blit(step[1], step[2], step[3], step[4])
                elif kind == "shape":
                    step[1](layer, step[2], step[3], *step[4])
                else:
                    step[1].draw(layer, step[2])
        finally:
            if area is not None:
                layer.set_clip(None)


def merged(areas: list[pygame.Rect]) -> list[pygame.Rect]:
    """``areas`` with those that overlap or touch joined into their union."""
    merged: list[pygame.Rect] = []
    for area in areas:
        area = area.copy()
        joined = True
        while joined:
            joined = False
            for other in merged:
                if area.inflate(2, 2).colliderect(other):
                    merged.remove(other)
                    area.union_ip(other)
                    joined = True
                    break
        merged.append(area)
    return merged


def shape(surface, draw, colour, where, *args) -> None:
    """``draw(surface, colour, where, *args)`` (a ``pygame.draw`` function), or noted
    when ``surface`` is a :class:`Drawing`."""
    if isinstance(surface, Drawing):
        surface.shape(draw, colour, where, *args)
    else:
        draw(surface, colour, where, *args)


def put_button(surface, face, size: int) -> None:
    """``face.draw(surface, size)``, or noted when ``surface`` is a :class:`Drawing`."""
    if isinstance(surface, Drawing):
        surface.button(face, size)
    else:
        face.draw(surface, size)
