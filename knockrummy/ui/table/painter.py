"""Drawing the table: a :class:`TablePainter` draws a :class:`~.frame.TableFrame` of plain
values and reads nothing else (no scene, session, profile, animation, panel or button).

Glossary:
    frame    everything one picture of the table shows (see :mod:`.frame`), gathered by
             the controller from the view of the seat on screen: no card in it is one
             that seat may not know.
    painter  :class:`TablePainter`, one per table: it keeps what it drew that the next
             frame may reuse (the still table layer, the table under an open panel).
    bottom   the seat at the bottom of the screen (the viewer); its cards are face up when
             the view knows them, face down otherwise (pass-and-play, a spectator).
    marks    an optional record of what one drawing put where (:class:`Marks`): each text,
             button, plate and card with its rectangle, so a test can check that nothing
             overlaps or leaves the window.
    window   the surface the loop shows: a frame drawn on the window that shows the
             painter's last frame puts back and draws again only what changed.
    layer    0 for the table, 1 for what opens over it (the hand log, the pile's history,
             the hand-end panel, speech bubbles, the knock confirmation); a layer-1 box
             covers the table under it; 2 for the deal's details, over everything.
"""

from __future__ import annotations

import difflib
import functools
import math
from dataclasses import dataclass

import pygame

from ...engine.cards import Card
from ...engine.session import BUY_BACK, PLAYING
from ...engine.views import PlayerView
from ...language import _
from .. import card_art
from ..avatars import badge_rect, draw_face, draw_thinking
from ..card_art import CARD_RATIO
from ..fonts import blit_text, fit, wrap
from ..fonts import width as text_width
from ..surfaces import Layers, draw_box, shade_around
from ..theme import (
    ACCENT,
    BUBBLE,
    CHIP,
    CHIP_EDGE,
    DEADWOOD_MARK,
    FELT_DARK,
    INK,
    LAYOFF,
    LAYOFF_TEXT,
    MELD_BANDS,
    PLATE_DIM,
    SHEET,
    SOFT,
    TEXT,
    WARN,
)
from ..widgets import plate
from ..wording import (
    DETAILS_CLOSE,
    DRAWN_MARK,
    EMPTY_STOCK,
    HAND_LOG_EMPTY,
    HAND_LOG_TITLE,
    KNOCKED_TAG,
    PILE_EMPTY,
    PILE_TITLE,
    TAKEN_MARK,
    away_label,
    change_amount,
    change_line,
    deadwood_label,
    headline,
    layoff_legend,
    leaves_label,
    more_changes,
    plate_lines,
    shown_name,
    total_label,
)
from .frame import TableFrame
from .panel import PanelFace


@dataclass(frozen=True)
class Mark:
    """One thing a drawing put on the window (see the glossary)."""

    kind: str
    """``text``, ``button``, ``plate``, ``card`` or ``box`` (an overlay's background)."""
    group: str
    """Things of one group may overlap each other (the cards of one fanned hand)."""
    rect: pygame.Rect
    layer: int = 0


MODALS = ("panel", "knock question")
"""The boxes that take every key and click while open: what they show stays inside them."""

OVERLAYS = ("hand log", "pile history")
"""The boxes a player opens over the table while playing on: they must hide nothing of it."""


class Marks(list):
    """The marks of one drawing, in the order drawn."""

    def add(self, kind: str, group: str, rect, layer: int = 0) -> None:
        self.append(Mark(kind, group, pygame.Rect(rect), layer))

    def problems(self, size: tuple[int, int]) -> list[str]:
        """What is clipped or overlaps in this drawing, in words (empty: nothing).

        Marks of one group may overlap (one fanned hand), and so may the cards of one
        layer-1 box (the panel's rows, the pile's history). What the hand-end panel or a
        speech bubble covers is not seen and not checked; the hand log and the pile's
        history (``OVERLAYS``) are opened while playing on, so what they cover is a fault.
        What the hand-end panel shows stays inside it, its words and cards clear of its
        border.
        """
        window = pygame.Rect(0, 0, *size)
        found = [
            f"{m.kind} {m.group!r} {tuple(m.rect)} leaves the window"
            for m in self
            if not window.contains(m.rect)
        ]
        top = next((m for m in self if m.layer == 2 and m.kind == "box"), None)
        if top is not None:  # the deal's details over everything: what it shows stays in it
            mine = [m for m in self if m.layer == 2]
            found = [
                f"{m.kind} {m.group!r} {tuple(m.rect)} leaves the {where}"
                for m in mine
                for where, rect in (("window", window), (top.group, top.rect))
                if not rect.contains(m.rect)
            ]
            under = [m for m in self if m.layer < 2 and not top.rect.colliderect(m.rect)]
            return found + Marks(under).problems(size)
        boxes = [m for m in self if m.layer == 1 and m.kind == "box"]
        for box in boxes:
            if box.group not in OVERLAYS:
                continue
            for m in self:
                if m.layer == 0 and box.rect.inflate(-2, -2).colliderect(m.rect):
                    found.append(f"the {box.group} hides {m.kind} {m.group!r} {tuple(m.rect)}")
        panel = next((b.rect for b in boxes if b.group in MODALS), None)
        if panel is not None:
            edge = max(8, panel.width // 80)  # words and cards clear of its rounded border
            inside = panel.inflate(-2 * edge, -2 * edge)
            found += [
                f"{m.kind} {m.group!r} {tuple(m.rect)} leaves the panel"
                for m in self
                if m.layer == 1
                and m.kind != "box"
                and not (panel if m.kind == "button" else inside).contains(m.rect)
            ]
        covers = [b.rect for b in boxes]
        seen = [m for m in self if m.layer == 1 or not any(c.colliderect(m.rect) for c in covers)]
        for i, a in enumerate(seen):
            for b in seen[i + 1 :]:
                if a.layer != b.layer or a.group == b.group or "box" in (a.kind, b.kind):
                    continue
                if a.kind == "card" and b.kind == "card" and a.layer == 1:
                    continue  # the panel's rows and the pile's history fan their cards
                if a.rect.inflate(-2, -2).colliderect(b.rect.inflate(-2, -2)):
                    found.append(
                        f"{a.kind} {a.group!r} {tuple(a.rect)} overlaps "
                        f"{b.kind} {b.group!r} {tuple(b.rect)}"
                    )
        return found


def _mark(marks: Marks | None, kind: str, group: str, rect, layer: int = 0) -> None:
    if marks is not None:
        marks.add(kind, group, rect, layer)


def _text(marks, surface, text, size, color, pos, anchor="topleft", bold=False, group="", layer=0):
    """``blit_text``, recorded."""
    rect = blit_text(surface, text, size, color, pos, anchor, bold)
    _mark(marks, "text", group or text, rect, layer)
    return rect


def _card(marks, surface, image, pos, group: str, layer: int = 0) -> None:
    surface.blit(image, pos)
    _mark(marks, "card", group, image.get_rect(topleft=(round(pos[0]), round(pos[1]))), layer)


class TablePainter:
    """Draws frames, keeping what it drew that the next frame may reuse: the table layer
    (see :func:`_draw_scene`), the table under an open hand-end panel, and what the window
    shows (so that a frame draws again only what changed on it). Each table has its own
    painter; a drawing that records marks draws everything afresh."""

    def __init__(self) -> None:
        self.layers = Layers()
        """The window-sized surfaces it draws into (the table layer, the panel backdrop)."""
        self.still = _Still()
        """The table layer last drawn, with what it was drawn from."""
        self.window: _Window | None = None
        """What the window shows of the last table drawn on it, while nothing else has
        drawn on it since (see :meth:`draw`'s ``kept``)."""
        self._backdrops = 0
        """How many times a picture under a panel was begun (a window showing one drawn
        before is not shown this one)."""
        self.backdrop: tuple | None = None
        """The picture under the open panel (the table, dimmed, the panel's box and
        stripes): (its key, the still layer's key it was drawn ahead from or None once
        checked, the image). Keyed by the panel's number, the size, the look and the
        panel's box (see :meth:`_panel_backdrop`)."""

    def draw(
        self,
        frame: TableFrame,
        surface: pygame.Surface,
        marks: Marks | None = None,
        kept: bool = False,
    ):
        """Draw ``frame``; reads it and changes nothing in it. ``marks``, if given,
        receives what was drawn where. ``kept``: ``surface`` holds what this painter drew
        on it last, and nothing else has been drawn on it since but what
        :meth:`drawn_over` was told of; then only the parts of the table that changed, or
        that the cards, the dots and the boxes over the table covered, are drawn again."""
        window, self.window = (self.window if kept else None), None
        if frame.handoff is not None:
            draw_handoff(frame, surface, marks)
            return
        if frame.panel is not None:
            backdrop = self._panel_backdrop(frame, surface, marks)
            if marks is not None or frame.details is not None:
                surface.blit(backdrop, (0, 0))
                draw_panel(frame, surface, marks, ground=False)
            else:
                self.window = _draw_over(frame, surface, backdrop, self._backdrops, window)
        else:  # a backdrop drawn ahead waits for its panel (kept by its number)
            plain = marks is None and frame.question is None and frame.details is None
            self.window = _draw_scene(
                frame, surface, marks, self.still, self.layers, window=window if plain else None
            )
            if not plain:
                self.window = None
            if frame.question is not None:
                draw_question(frame, surface, marks, self.layers)
        if frame.details is not None:
            draw_details(frame, surface, marks)

    def drawn_over(self, rect=None) -> None:
        """Something else was drawn over the table just drawn: at ``rect``, or anywhere
        (None). The next drawing puts the table back there."""
        if self.window is None:
            return
        if rect is None:
            self.window = None
        else:
            self.window.restore.append(pygame.Rect(rect))

    def _panel_backdrop(self, frame: TableFrame, surface: pygame.Surface, marks):
        """The table, the shade and the panel's box and stripes, drawn once (the table
        straight onto it, not through the table layer): a frame of the panel then costs
        one blit and what moves on it. One drawn ahead (see :meth:`prepare_backdrop`) is
        used only if the table it shows is still the one the panel opens over."""
        size = surface.get_size()
        key = _backdrop_key(frame, size)
        kept = self.backdrop
        if kept is not None and kept[0] == key and marks is None:
            _key, drawn_from, image = kept
            if drawn_from is None or drawn_from == _still_key(frame, size):
                self.backdrop = (key, None, image)
                return image
        image = self.layers.get("panel backdrop", size, surface)
        self.backdrop = None  # not valid until drawn in full
        self._backdrops += 1
        for _done in _draw_backdrop(frame, image, marks, self.layers):
            pass
        self.backdrop = (key, None, image)
        return image

    def prepare_backdrop(self, frame: TableFrame, like: pygame.Surface):
        """Draw the picture under ``frame``'s hand-end panel ahead of the frame that
        opens the panel, for a window like ``like``, a part at each step of this iterator
        (see :mod:`..prepare`); then the panel once, where nothing shows it, so its words
        are rendered."""
        size = like.get_size()
        image = self.layers.get("panel backdrop", size, like)
        self.backdrop = None
        self._backdrops += 1
        yield from _draw_backdrop(frame, image, None, self.layers)
        self.backdrop = (_backdrop_key(frame, size), _still_key(frame, size), image)
        yield
        draw_panel(frame, pygame.Surface((1, 1)), None, ground=False)


def _backdrop_key(frame: TableFrame, size: tuple[int, int]) -> tuple:
    """What the picture under the panel is drawn for: the panel (by its number), the
    window's size, the look and the panel's box and rows."""
    geo = frame.panel.geometry
    return (frame.panel.number, size, frame.look, geo.rect, geo.font, geo.row_h, geo.header,
            len(frame.panel.view.seats_in_hand))  # fmt: skip


def _draw_backdrop(frame: TableFrame, image: pygame.Surface, marks, layers: Layers):
    """Draw the picture under the panel onto ``image``, pausing (yielding) between its
    parts: the table's steps noted, then drawn a band of the window at a time (see
    :class:`_Drawing`), the shade, the panel's box and stripes."""
    geo = frame.panel.geometry
    if marks is not None:
        spots = _draw_still(frame, image, frame.font, marks)
        _draw_moving(frame, image, frame.font, marks, spots, bubbles=False)
    else:
        table = _Drawing(image.get_size())
        spots = _draw_still(frame, table, frame.font, None)
        _draw_moving(frame, table, frame.font, None, spots, bubbles=False)
        width, height = image.get_size()
        step = -(-height // BANDS)
        for top in range(0, height, step):
            yield
            table.replay(image, pygame.Rect(0, top, width, min(step, height - top)))
    shade_around(image, geo.box, geo.font, layers)  # the box hides the rest
    yield
    _panel_ground(frame, image, layers)


BANDS = 4
"""The picture under the panel is drawn ahead in this many bands, one a step."""


def draw_table(frame: TableFrame, surface: pygame.Surface, marks: Marks | None = None) -> None:
    """Draw ``frame`` once, with nothing kept (a picture for a test or a screenshot)."""
    TablePainter().draw(frame, surface, marks)


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
    _mark(marks, "box", "details", rect, 2)
    y = rect.top + fs * 0.5 + size * 1.2
    for line in lines:
        _text(marks, surface, line, size, TEXT, (rect.centerx, y), "center", layer=2)
        y += size * 1.5
    _text(marks, surface, _(DETAILS_CLOSE), round(size * 0.85), SOFT, (rect.centerx, y), "center",
          layer=2)  # fmt: skip


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
    _mark(marks, "box", "knock question", rect, 1)
    y = rect.top + fs * 1.6
    for line, title in lines:
        size = round(fs * 1.15) if title else fs
        color = TEXT if title else SOFT
        _text(marks, surface, line, size, color, (rect.centerx, y), "center", title, layer=1)
        y += fs * 1.6
    for button in buttons:
        button.draw(surface, fs)
        if button.shown:
            _mark(marks, "button", button.label, button.rect, 1)


@dataclass
class _Still:
    """The table layer last drawn: what stays still between frames, with what it was drawn
    from (see :func:`_draw_scene`)."""

    key: tuple | None = None
    image: pygame.Surface | None = None
    spots: dict | None = None
    """Where the moving layer draws over it (the thinking dots), by name."""
    drawing: _Drawing | None = None
    """What is drawn on it, in order (see :class:`_Drawing`)."""
    drawn_whole: int = 0
    """How many times the whole layer was drawn (the felt and everything on it)."""
    mended: int = 0
    """How many times only the parts of it that changed were drawn again."""


def _still_key(frame: TableFrame, size: tuple[int, int]) -> tuple:
    """Everything the table layer is drawn from. Values, not the scene's mutable objects
    (a button's hover is read now), so an equal key means an identical layer."""
    motion = frame.motion
    deal = motion.deal
    buttons = (*frame.buttons, frame.menu_button)
    return (
        size,
        frame.look,
        frame.view,
        frame.seats,
        frame.geometry,
        frame.story,
        frame.status,
        frame.notice,
        frame.hint,
        frame.details,
        frame.glow_stock,
        frame.glow_discard,
        frame.panel is None,
        frame.bottom is None,
        buttons,
        # what the deal and the flights change in it: cards shown in each hand, the
        # stock's count, the pile's top and the knocking card (not where a card flies)
        tuple(_shown_count(frame, p) for p in range(len(frame.view.seats_in_hand))),
        None if deal is None else (deal.to_come, deal.upcard_shown, deal.cut),
        motion.discard_in_flight(),
        any(f.dest == ("knock",) for f in motion.flights),
    )


def _draw_scene(
    frame: TableFrame,
    surface: pygame.Surface,
    marks: Marks | None,
    still: _Still,
    layers: Layers,
    bubbles: bool = True,
    window: _Window | None = None,
) -> _Window | None:
    """Everything but the hand-end panel: the table layer, then what moves over it.

    The table layer (felt, piles, the other seats, plates, words, buttons, the score sheet)
    is drawn once into a kept surface and mended where what it is drawn from changes (see
    :func:`_update_still`), so a frame in which only a card flies or the thinking dots turn
    costs one blit and the moving things; when ``window`` says what ``surface`` shows now,
    only the parts of the layer that changed or that the moving things covered are blitted.
    A drawing that records ``marks`` draws everything afresh. Returns what the window
    shows now (None for a drawing that records marks)."""
    fs = frame.font
    size = surface.get_size()
    if marks is not None:
        spots = _draw_still(frame, surface, fs, marks)
        _draw_moving(frame, surface, fs, marks, spots, bubbles)
        return None
    key = _still_key(frame, size)
    changed: list[pygame.Rect] | None = []
    if key != still.key or still.image is None:
        changed = _update_still(frame, surface, still, layers, key)
    image = still.image
    if (
        window is not None
        and changed is not None
        and window.surface is surface
        and window.image is image
        and surface.get_size() == image.get_size()
    ):
        for area in _merged([*window.restore, *changed]):
            surface.blit(image, area, area)
    else:
        surface.blit(image, (0, 0))
    moving = _Drawing(size)
    _draw_moving(frame, moving, fs, None, still.spots, bubbles)
    moving.replay(surface)
    return _Window(surface, image, [rect for _, rect, _ in moving.steps])


def _draw_over(
    frame: TableFrame,
    surface: pygame.Surface,
    backdrop: pygame.Surface,
    version: int,
    window: _Window | None,
) -> _Window:
    """The hand-end panel over the picture under it (``backdrop``, drawn for the
    ``version``-th time): when ``window`` says ``surface`` shows it already with the
    panel drawn over it, only where the panel's drawing changed (its counts, its
    turning and moving cards) is put back and drawn again."""
    drawing = _Drawing(surface.get_size())
    draw_panel(frame, drawing, None, ground=False)
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
        for area in _merged([*areas, *window.restore]):
            surface.blit(backdrop, area, area)
            drawing.replay(surface, area)
    return _Window(surface, backdrop, [], version, drawing)


def _value(arg):
    """A step's argument as a value to compare (a rectangle as its tuple)."""
    return tuple(arg) if isinstance(arg, pygame.Rect | list) else arg


@dataclass
class _Window:
    """What a window shows of the table last drawn on it: the still layer ``image``, and
    over it, in ``restore``, what differs from it (the moving things, what else was drawn
    over the table since)."""

    surface: pygame.Surface
    image: pygame.Surface
    restore: list[pygame.Rect]
    version: int = 0
    """The hand-end panel's backdrop: which drawing of it (see :func:`_draw_over`)."""
    drawing: _Drawing | None = None
    """The hand-end panel's steps drawn over it."""


def _update_still(
    frame: TableFrame, like: pygame.Surface, still: _Still, layers: Layers, key: tuple
) -> list[pygame.Rect] | None:
    """Bring the kept table layer up to ``frame``; returns the rectangles drawn again, or
    None when it was drawn whole. What the layer shows is noted first
    (a :class:`_Drawing`, nothing drawn); then only the parts where it differs from what
    the layer shows now are drawn again over the felt, or the whole layer when there is
    none yet, its size or format changed, or most of it changed."""
    size = like.get_size()
    drawing = _Drawing(size)
    spots = _draw_still(frame, drawing, frame.font, None)
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


class _Drawing:
    """What one drawing of the table layer puts on it, in order, noted without drawing
    it: each step (a blit, a shape, a button) with the rectangle it may touch. It stands
    in for the layer while the table is drawn (the few things drawn as shapes go through
    :func:`_shape` and :func:`_button`).

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

    def changed(self, new: _Drawing) -> list[pygame.Rect] | None:
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
        areas = _merged(areas)
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


def _merged(areas: list[pygame.Rect]) -> list[pygame.Rect]:
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


def _shape(surface, draw, colour, where, *args) -> None:
    """``draw(surface, colour, where, *args)`` (a ``pygame.draw`` function), or noted
    when ``surface`` is a :class:`_Drawing`."""
    if isinstance(surface, _Drawing):
        surface.shape(draw, colour, where, *args)
    else:
        draw(surface, colour, where, *args)


def _button(surface, face, size: int) -> None:
    """``face.draw(surface, size)``, or noted when ``surface`` is a :class:`_Drawing`."""
    if isinstance(surface, _Drawing):
        surface.button(face, size)
    else:
        face.draw(surface, size)


def _draw_still(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> dict:
    """The table layer; returns where the moving layer draws over it."""
    spots: dict = {}
    surface.blit(frame.look.cloth(surface.get_size()), (0, 0))
    _draw_piles(frame, surface, fs, marks)
    for seat in range(frame.view.players):
        if seat != frame.viewer:
            _draw_opponent(frame, surface, seat, fs, marks, spots)
    _draw_viewer(frame, surface, fs, marks, spots)
    _draw_status(frame, surface, fs, marks)
    _button(surface, frame.menu_button, round(fs * 0.8))
    if frame.menu_button.shown:
        _mark(marks, "button", "menu", frame.menu_button.rect)
    if frame.story is not None:
        _draw_sheet(frame, surface, fs, marks)
    return spots


def _draw_moving(frame: TableFrame, surface, fs: int, marks, spots: dict, bubbles: bool) -> None:
    """What moves or opens over the table layer: the viewer's own cards (they settle, lift
    and are dragged), cards in flight, the thinking dots, the log and the pile's history."""
    view = frame.view
    if frame.viewer in view.seats_in_hand and frame.bottom is not None:
        position = view.seats_in_hand.index(frame.viewer)
        _draw_known_bottom(
            frame,
            surface,
            position,
            frame.geometry.layout.seats[frame.viewer].card_width,
            fs,
            marks,
        )
    for flight in frame.motion.flights:
        image = (
            frame.look.face(flight.card, flight.width)
            if flight.face_up and flight.card is not None
            else frame.look.card_back(flight.width)
        )
        x, y = flight.pos
        surface.blit(card_art.shadow(flight.width), (x + 3, y + 4))
        surface.blit(image, (x, y))
    thinking = spots.get("thinking")
    if frame.thinking and thinking is not None:
        at, size = thinking
        draw_thinking(surface, at, size, frame.motion.clock, frame.motion.reduced)
    if frame.story is not None:
        if frame.story.log is not None and frame.story.pile is None:
            # the pile's history, a glance, takes the log's place on the right meanwhile
            _draw_log(frame, surface, fs, marks)
        if frame.story.pile is not None:
            _draw_pile_history(frame, surface, fs, marks)
    if bubbles:
        _draw_bubbles(frame, surface, fs, marks)


def _draw_piles(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> None:
    layout = frame.geometry.layout
    view = frame.view
    motion = frame.motion
    cw = layout.card_width
    ch = round(cw * CARD_RATIO)
    deal = motion.deal
    stock_count = view.stock_count + (deal.to_come if deal else 0)
    # stock: a small stack, thicker with more cards
    sx, sy = layout.stock
    if stock_count:
        layers = min(6, 1 + stock_count // 8)
        if deal is not None and deal.cut > 0:
            # the cut: the top half lifts away and goes under
            lift = math.sin(deal.cut * math.pi) * cw * 0.9
            surface.blit(frame.look.card_back(cw), (sx - lift, sy))
            surface.blit(frame.look.card_back(cw), (sx + lift * 0.3, sy - 2))
        else:
            for i in range(layers):
                _card(
                    marks, surface, frame.look.card_back(cw), (sx - i * 1.5, sy - i * 1.5), "piles"
                )
        _text(
            marks,
            surface,
            f"{stock_count}",
            round(fs * 0.8),
            SOFT,
            (sx - 10, sy + ch / 2),
            "midright",
        )
    else:
        _shape(surface, pygame.draw.rect, FELT_DARK, (sx, sy, cw, ch), 2, cw // 10)
        blit_text(
            surface, _(EMPTY_STOCK), round(fs * 0.8), SOFT, (sx + cw / 2, sy + ch / 2), "center"
        )
    # discard pile: top card face up (the knocking discard lies face down on it)
    dx, dy = layout.discard
    pile = list(view.discard_pile)
    if deal is not None and not deal.upcard_shown:
        pile = []
    hidden = motion.discard_in_flight()
    if hidden:
        pile = pile[:-hidden]
    if pile:
        if len(pile) > 1:
            _card(
                marks,
                surface,
                frame.look.face(pile[-2], cw),
                (dx + 2, dy + 2),
                "piles",
            )
        _card(marks, surface, frame.look.face(pile[-1], cw), (dx, dy), "piles")
    else:
        _shape(surface, pygame.draw.rect, FELT_DARK, (dx, dy, cw, ch), 2, cw // 10)
    if view.knocker is not None and not any(f.dest == ("knock",) for f in motion.flights):
        surface.blit(frame.look.card_back(cw), (dx + cw * 0.12, dy + cw * 0.12))
    if frame.glow_stock:
        _glow(surface, (sx, sy, cw, ch))
    if frame.glow_discard and pile:
        _glow(surface, (dx, dy, cw, ch))
    if frame.pot is not None and frame.story is None:
        _text(
            marks,
            surface,
            frame.pot,
            fs,
            WARN,
            ((sx + dx + cw) / 2, sy - fs * 0.8),
            "midbottom",
            bold=True,
        )


def _glow(surface: pygame.Surface, rect) -> None:
    r = pygame.Rect(rect).inflate(8, 8)
    _shape(surface, pygame.draw.rect, ACCENT, r, 3, r.width // 9)


def _shown_count(frame: TableFrame, position: int) -> int:
    """Cards drawn in a hand now: as dealt so far, less those still flying to it."""
    count = frame.view.hand_sizes[position]
    if frame.motion.deal is not None:
        count = frame.motion.deal.shown[position]
    return max(count - len(frame.motion.hidden_in_hand(position)), 0)


def _draw_opponent(
    frame: TableFrame, surface: pygame.Surface, seat: int, fs: int, marks, spots: dict
) -> None:
    place = frame.geometry.layout.seats[seat]
    view = frame.view
    cw = place.card_width
    group = f"seat {seat}"
    if seat in view.seats_in_hand:
        position = view.seats_in_hand.index(seat)
        cards: tuple[Card, ...] | list[Card] = ()
        if frame.panel is not None and view.revealed:
            cards = view.revealed[position]
        elif frame.story is not None:
            cards = frame.story.pick_ups.get(seat, [])  # known to all: taken from the pile
        slots = frame.geometry.fan(seat, _shown_count(frame, position))
        if frame.panel is None:
            # cards known from the pile go last, on top of the fan, so their corners show
            first = len(slots) - len(cards)
            cards = [None] * first + list(cards)
        for i, (x, y) in enumerate(slots):
            card = cards[i] if i < len(cards) else None
            image = frame.look.card_back(cw) if card is None else frame.look.face(card, cw)
            _card(marks, surface, image, (x, y), group)
    rect, foot = _draw_plate(frame, surface, seat, place.plate, fs, marks, spots)
    said = frame.story.last_turns.get(seat) if frame.story is not None else None
    if said and frame.panel is None:
        size = round(fs * 0.75)
        width = frame.geometry.words_width(seat)
        y = foot + 2
        for line in wrap(said, size, width)[:2]:
            line = fit(line, size, width)
            y = _text(
                marks, surface, line, size, TEXT, (rect.centerx, y), "midtop", group=f"said {seat}"
            ).bottom


def _draw_plate(
    frame: TableFrame, surface: pygame.Surface, seat: int, center, fs: int, marks, spots: dict
):
    """A seat's name plate, avatar and dealer chip; returns the plate's rect and the lowest
    y of all of them (the level badge hangs below the avatar)."""
    view = frame.view
    cfg = frame.seats[seat]
    out = not view.active[seat]
    away = seat in frame.away
    label = away_label() if away else None if cfg.is_human else cfg.label
    lines = plate_lines(cfg.name, label, view.scores[seat], out)
    active = view.to_move == seat and view.phase in (PLAYING, BUY_BACK)
    size = round(fs * (0.9 if seat == frame.viewer else 0.8))
    rect = plate(surface, lines, center, size, highlight=active, dim=out or away)
    _mark(marks, "plate", f"plate {seat}", rect)
    left, right, bottom = rect.left, rect.right, rect.bottom
    if not cfg.is_human:
        face = draw_face(surface, seat, cfg.level, rect, dim=out)
        _mark(marks, "plate", f"plate {seat}", face)
        foot = badge_rect(face)
        _mark(marks, "plate", f"plate {seat}", foot)
        left, right = min(left, face.left), max(right, face.right)
        bottom = max(bottom, foot.bottom)
    if view.to_move == seat:  # the dots turn on the moving layer while a computer thinks
        spots["thinking"] = (
            (right + rect.height * 0.55 + 4, rect.centery),
            round(rect.height * 0.5),
        )
    if view.dealer == seat:
        r = max(8, fs * 0.62)
        cx, cy = left - r - 4, rect.centery
        if cx - r < 0:  # at the window's left edge the chip goes on the plate's right
            cx = right + r + 4
        _shape(surface, pygame.draw.circle, CHIP, (cx, cy), r)
        _shape(surface, pygame.draw.circle, CHIP_EDGE, (cx, cy), r, 2)
        blit_text(surface, "D", round(r * 1.1), INK, (cx, cy), "center", bold=True)
        _mark(marks, "plate", f"plate {seat}", (cx - r, cy - r, 2 * r, 2 * r))
    return rect, bottom


def _draw_viewer(frame: TableFrame, surface: pygame.Surface, fs: int, marks, spots: dict) -> None:
    """The bottom seat's plate and counts, and its cards when the view does not know them
    (their backs stay still; known cards are drawn on the moving layer)."""
    seat = frame.viewer
    view = frame.view
    place = frame.geometry.layout.seats[seat]
    cw = place.card_width
    if seat in view.seats_in_hand and frame.bottom is None:
        position = view.seats_in_hand.index(seat)
        for x, y in frame.geometry.hand_slots(seat, _shown_count(frame, position)):
            _card(marks, surface, frame.look.card_back(cw), (x, y), "hand")
    rect, _plate = _draw_plate(frame, surface, seat, place.plate, fs, marks, spots)
    story = frame.story
    if story is not None and story.deadwood:
        size = round(fs * 0.85)
        width = frame.geometry.layout.hand_left - fs
        y = rect.bottom + fs * 0.3
        for i, line in enumerate(story.deadwood):
            _text(
                marks,
                surface,
                fit(line, size if i else fs, width),
                size if i else fs,
                WARN if i == 0 else SOFT,
                (rect.centerx, y),
                "midtop",
                bold=i == 0,
            )
            y += (size if i else fs) * 1.3


def _draw_known_bottom(frame: TableFrame, surface, position: int, cw: int, fs: int, marks) -> None:
    hidden = list(frame.motion.hidden_in_hand(position))
    groups = frame.story.groups if frame.story is not None and not frame.face_down else {}
    band = max(3, round(cw * 0.05))
    ch = round(cw * CARD_RATIO)
    labels = []
    on_top = [c for c in (frame.selected, frame.held) if c is not None and c in frame.bottom]
    # the lifted and the held card are drawn last, over their neighbours
    order = [c for c in frame.bottom if c not in on_top] + on_top
    for card in order:
        if card in hidden:
            hidden.remove(card)
            continue
        pos = frame.motion.position_of(card)
        if pos is None:
            continue
        x, y = pos
        if frame.face_down:
            _card(marks, surface, frame.look.card_back(cw), (x, y), "hand")
            continue
        lifted = card == frame.selected
        if lifted or card == frame.held:
            surface.blit(card_art.shadow(cw), (x + 4, y + 6))
        _card(marks, surface, frame.look.face(card, cw), (x, y), "hand")
        group = groups.get(card)
        if group is not None:
            # a band of the meld's colour under each of its cards, in any sort order
            colour = MELD_BANDS[group % len(MELD_BANDS)]
            _shape(surface, pygame.draw.rect, colour, (x + 2, y + ch + band // 2, cw - 4, band),
                   0, band // 2)  # fmt: skip
            _mark(marks, "card", "hand", (x + 2, y + ch + band // 2, cw - 4, band))
        if lifted:
            surface.blit(card_art.outline(cw), (x - 3, y - 3))
            if frame.leaves is not None:
                labels.append(
                    (leaves_label(frame.leaves), round(fs * 0.75), (x + cw / 2, y - 4), True)
                )
        if card == frame.taken:
            labels.append((_(TAKEN_MARK), round(fs * 0.7), (x + cw / 2, y - 2), False))
        elif card == frame.drawn and not (lifted and frame.leaves is not None):
            top = frame.motion.position_of(frame.selected)
            if top is None or not x - cw < top[0] < x + cw:  # not under the lifted card
                labels.append((_(DRAWN_MARK), round(fs * 0.7), (x + cw / 2, y - 2), False))
    for text, size, pos, bold in labels:  # over every card, so no later card hides them
        _text(marks, surface, text, size, WARN, pos, "midbottom", bold=bold)


def _draw_bubbles(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> None:
    layout = frame.geometry.layout
    for bubble in frame.motion.bubbles:
        place = layout.seats[bubble.seat]
        if bubble.seat == frame.viewer:
            anchor = (frame.size[0] / 2, layout.hand_y - fs * 2.5)
        else:
            anchor = (place.center[0], place.center[1] - place.card_width * 0.9)
        alpha_scale = min(1.0, bubble.time_left / 0.3)
        size = round(fs * 1.25)
        surf, rect = _bubble_surface(bubble.text, size)
        surf = surf.copy()
        surf.set_alpha(round(255 * alpha_scale))
        rect = surf.get_rect(center=(round(anchor[0]), round(anchor[1])))
        rect.clamp_ip(surface.get_rect())
        surface.blit(surf, rect)
        _mark(marks, "box", f"bubble {bubble.seat}", rect, layer=1)


@functools.lru_cache(maxsize=64)
def _bubble_surface(text: str, size: int):
    from ..fonts import render

    label, rect = render(text, size, INK, bold=True)
    box = pygame.Surface((rect.width + size, rect.height + size * 0.6), pygame.SRCALPHA)
    pygame.draw.rect(box, BUBBLE, box.get_rect(), border_radius=size // 2)
    pygame.draw.rect(box, ACCENT, box.get_rect(), width=2, border_radius=size // 2)
    box.blit(label, label.get_rect(center=box.get_rect().center))
    return box, box.get_rect()


def _draw_status(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> None:
    """The status line and the hint over it, in two slots under the buttons: a hint on
    one line takes the upper slot; a longer hint takes both (it is about the same move as
    the status line, and goes with it); with no hint, a long status line takes both."""
    color = WARN if frame.notice else TEXT
    x, y = frame.geometry.layout.status
    upper = y - fs * 1.5
    status = frame.status
    size = round(fs * 0.9)
    if frame.hint:
        first, *rest = wrap(frame.hint, size, _line_room(frame, upper, size))
        _text(marks, surface, first, size, WARN, (x, upper), "center", group="hint")
        if rest:
            last = fit(" ".join(rest), size, _line_room(frame, y, size))
            _text(marks, surface, last, size, WARN, (x, y), "center", group="hint")
            status = ""
    elif status:
        first, *rest = wrap(status, fs, _line_room(frame, y, fs))
        if rest:  # on two lines, the upper slot first
            room = min(_line_room(frame, upper, fs), _line_room(frame, y, fs))
            first, *rest = wrap(status, fs, room)
            _text(marks, surface, first, fs, color, (x, upper), "center", group="status")
            status = " ".join(rest)
    if status:  # on one line: a little smaller where it must, rather than cut
        width = _line_room(frame, y, fs)
        sizes = (fs, round(fs * 0.9), round(fs * 0.8), max(11, round(fs * 0.7)))
        size = next((n for n in sizes if text_width(status, n) <= width), sizes[-1])
        shown = fit(status, size, width)
        _text(marks, surface, shown, size, color, (x, y), "center", group="status")
    for button in frame.buttons:
        _button(surface, button, round(fs * 0.9))
        if button.shown:
            _mark(marks, "button", button.label, button.rect)
    if frame.story is None:
        _text(
            marks,
            surface,
            frame.game_line,
            round(fs * 0.8),
            SOFT,
            (fs * 0.8, fs * 0.6),
            "topleft",
        )


def _line_room(frame: TableFrame, y: float, size: int) -> float:
    """How wide a line centred on the window at ``y`` may be: the window less a margin,
    and less the score sheet on the left (and as much on the right) where it is as low."""
    width = frame.size[0] - 2 * frame.font
    if frame.story is not None:
        _lines, sheet = _sheet(frame)
        if sheet.top < y + size and sheet.bottom > y - size:
            width = min(width, frame.size[0] - 2 * (sheet.right + frame.font * 0.5))
    return width


def _box(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fs: int,
    marks,
    layer: int,
    group: str = "sheet",
    colour: tuple = SHEET,
) -> None:
    """The dark rounded box behind the score sheet, the log and the pile's history."""
    surface.blit(_box_image(rect.size, max(4, fs // 2), tuple(colour)), rect)
    _mark(marks, "box", group, rect, layer)


def _sheet(frame: TableFrame) -> tuple[list[tuple[str, bool]], pygame.Rect]:
    """The score sheet's lines as drawn and its box."""
    lines = list(frame.story.sheet)
    return lines, frame.geometry.sheet_rect(len(lines))


@functools.lru_cache(maxsize=16)
def _box_image(size: tuple[int, int], radius: int, colour: tuple) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, colour, box.get_rect(), border_radius=radius)
    return card_art.ready(box)


def _draw_sheet(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> None:
    """The score sheet, always on the left: every player against the target, and the hand's
    number with the fingerprint of its seed while it is played (the hand-end panel shows
    the seed)."""
    lines, rect = _sheet(frame)
    bright = len(lines) - len(frame.story.sheet) + 2  # the heading and the hand's lines
    # drawn once per set of lines, size and font: the sheet changes only when a score does
    image, texts = _sheet_image(tuple(lines), rect.size, fs, bright, frame.look.sheet)
    surface.blit(image, rect)
    _mark(marks, "plate", "sheet", rect)  # nothing of another group may lie on it
    for _text_shown, at in texts:
        _mark(marks, "text", "sheet", at.move(rect.topleft))


@functools.lru_cache(maxsize=8)
def _sheet_image(
    lines: tuple[tuple[str, bool], ...],
    size: tuple[int, int],
    fs: int,
    bright: int,
    colour: tuple,
) -> tuple[pygame.Surface, tuple[tuple[str, pygame.Rect], ...]]:
    """The score sheet's box and lines (the first ``bright`` in full colour), and where
    each line is on it."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    _box(image, image.get_rect(), fs, None, 0, colour=colour)
    text_size = round(fs * 0.78)
    line_h = round(text_size * 1.35)
    y = text_size * 0.4
    texts = []
    for i, (text, dim) in enumerate(lines):
        colour = TEXT if i < bright else (PLATE_DIM if dim else SOFT)
        shown = fit(text, text_size, size[0] - text_size)
        at = blit_text(image, shown, text_size, colour, (text_size * 0.5, y), bold=i == 0)
        texts.append((shown, at))
        y += line_h
    return card_art.ready(image), tuple(texts)


def _draw_log(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> None:
    """The hand log, opened over the table's right side: the newest moves that fit."""
    rect = frame.geometry.log_rect()
    size = round(fs * 0.75)
    line_h = round(size * 1.35)
    pad = size * 0.6
    lines = list(frame.story.log) or [_(HAND_LOG_EMPTY)]
    rect.height = min(rect.height, round(pad * 2 + line_h * (len(lines) + 1.2)))
    _box(surface, rect, fs, marks, 1, "hand log", frame.look.sheet)
    y = rect.top + pad
    _text(marks, surface, _(HAND_LOG_TITLE), size, TEXT, (rect.left + pad, y), bold=True, layer=1)
    y += line_h * 1.2
    room = max(1, int((rect.bottom - pad - y) // line_h))
    for line in lines[-room:]:
        _text(
            marks,
            surface,
            fit(line, size, rect.width - 2 * pad),
            size,
            SOFT,
            (rect.left + pad, y),
            layer=1,
        )
        y += line_h


def _draw_pile_history(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> None:
    """The discard pile fanned out, oldest first, in rows over the middle of the table."""
    pile = frame.story.pile
    rect, cw, per_row = frame.geometry.pile_rect(len(pile))
    _box(surface, rect, fs, marks, 1, "pile history", frame.look.sheet)
    size = round(fs * 0.75)
    pad = size * 0.6
    _text(
        marks,
        surface,
        _(PILE_TITLE),
        size,
        TEXT,
        (rect.left + pad, rect.top + pad),
        bold=True,
        layer=1,
    )
    if not pile:
        _text(
            marks,
            surface,
            _(PILE_EMPTY),
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
        _card(marks, surface, frame.look.face(card, cw), pos, "pile history", 1)


# ------------------------------------------------------------------ hand-end panel


def _panel_ground(frame: TableFrame, surface: pygame.Surface, layers: Layers) -> None:
    """The hand-end panel's box and the stripes behind every other row."""
    geo = frame.panel.geometry
    rect = geo.box
    draw_box(surface, rect, geo.font, frame.look.panel)
    for position in range(0, len(frame.panel.view.seats_in_hand), 2):
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
        _panel_ground(frame, surface, layers or Layers())
    _mark(marks, "box", "panel", rect, 1)
    view = panel.view
    reveal, layoffs, count = panel.progress
    _text(
        marks,
        surface,
        headline(view),
        round(fs * 1.35),
        TEXT,
        (rect.centerx, rect.top + geo.header * 0.5),
        "center",
        bold=True,
        layer=1,
    )
    for position in range(len(view.seats_in_hand)):
        top = rect.top + geo.header + position * geo.row_h
        mid = top + geo.row_h / 2
        _panel_row(surface, panel, position, mid, count, marks)
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
        _card(marks, surface, image, (x, y), f"panel row {placed.seat}", 1)
        if placed.deadwood:
            _shape(surface, pygame.draw.line, DEADWOOD_MARK, (x + 3, y + cw * 1.4 + 3),
                   (x + cw * 0.52, y + cw * 1.4 + 3), 3)  # fmt: skip
        if placed.laid_by is not None:
            surface.blit(card_art.outline(cw, LAYOFF), (x - 3, y - 3))
    _lay_legend(surface, geo, view, fs, marks)
    for i, line in enumerate(geo.notes):  # Knock Rami: who is out, the buy-back offer
        size = geo.note_font
        y = geo.notes_y + i * size * 1.35
        shown = fit(line, size, rect.width - 2 * fs)
        _text(marks, surface, shown, size, WARN, (rect.centerx, y), "center", layer=1)
    for button in panel.buttons:
        _button(surface, button, fs)
        if button.shown:
            _mark(marks, "button", button.label, button.rect, 1)


def _panel_row(surface, panel: PanelFace, position, mid, count, marks) -> None:
    """One seat's row: name, deadwood, the hand's change counting up, the reasons."""
    view = panel.view
    geo = panel.geometry
    changes = panel.changes[position]

    def text(*args, **kwargs):
        return _text(marks, surface, *args, layer=1, **kwargs)

    rect = geo.box
    fs = geo.font
    settlement = view.settlement
    seat = view.seats_in_hand[position]
    tag = _(KNOCKED_TAG) if settlement.knocker == position else ""
    text(
        shown_name(view.names[seat]) + tag,
        fs,
        TEXT,
        (rect.left + fs, mid - fs * 0.7),
        "midleft",
        bold=True,
    )
    text(
        deadwood_label(settlement.deadwood[position], view.names[seat]),
        round(fs * 0.9),
        SOFT,
        (rect.left + fs, mid + fs * 0.7),
        "midleft",
    )
    # score changes and their reasons, counting up
    # points that count against a player (Knock Rami) are red and say so, never a gain
    against = panel.against
    name = view.names[seat]
    total_here = panel.results[position]  # a buy-back's return is its own line
    lines = [change_line(entry, against, name, view.names) for entry in changes]
    shown_total = total_here * count if count < 1 else total_here
    if count >= 1:
        value = change_amount(total_here, against, name)
    else:
        value = change_amount(round(shown_total), against, name)
    bad = against and total_here > 0
    x = geo.right_x
    shown = text(
        value,
        round(fs * 1.2),
        DEADWOOD_MARK if bad else WARN if total_here > 0 else TEXT,
        (x, mid - fs * 0.6),
        "midleft",
        bold=True,
    )
    total = total_label(view.scores[seat])
    final = text_width(change_amount(total_here, against, name), round(fs * 1.2), True)
    beside = x + max(fs * 4.5, final + fs * 0.8)
    if beside + text_width(total, round(fs * 0.85)) <= rect.right - fs:
        at = (max(beside, shown.right + fs * 0.8), mid - fs * 0.6)
        text(total, round(fs * 0.85), SOFT, at, "midleft")
    else:  # a long change ("+38 against Ben"): the total leads the reasons under it
        lines.insert(0, total)
    small = round(fs * 0.72)
    step = small * 1.3
    room = max(1, int((geo.row_h / 2 - fs * 0.35) // step))
    width = rect.right - x - fs
    widest = max((text_width(line, small) for line in lines), default=0)
    # many reasons (a winner paid by each player): side by side in two columns if they fit
    columns = 2 if len(lines) > room and 2 * widest + fs <= width else 1
    if columns == 1:  # a long reason goes on as many lines as it needs
        lines = [piece for line in lines for piece in wrap(line, small, width)]
    if len(lines) > room * columns:
        lines = lines[: room * columns - 1] + [more_changes(len(lines) - room * columns + 1)]
    column_w = width if columns == 1 else (width - fs) / 2
    for i, line in enumerate(lines):
        column, row = divmod(i, room)
        text(
            fit(line, small, column_w),
            small,
            SOFT,
            (x + column * (column_w + fs), mid + fs * 0.6 + row * step),
            "midleft",
        )


def _lay_index(geo, placed) -> int:
    laid = [p for p in geo.placed if p.laid_by is not None]
    return laid.index(placed)


def _lay_legend(surface, geo, view: PlayerView, fs, marks=None) -> None:
    rect = geo.box
    settlement = view.settlement
    seats = view.seats_in_hand
    notes = []
    if settlement.knocker is not None:
        melds = settlement.arrangements[settlement.knocker].melds
        for position, laid in enumerate(settlement.layoffs):
            by_meld: dict[int, list] = {}
            for lay in laid:
                by_meld.setdefault(lay.meld_index, []).append(lay.card)
            for index, cards in by_meld.items():
                meld = " ".join(c.symbol for c in melds[index])
                given = " ".join(c.symbol for c in sorted(cards, key=lambda c: c.rank))
                notes.append((view.names[seats[position]], given, meld))
    if notes:
        text = fit(layoff_legend(notes), round(fs * 0.8), rect.width - 2 * fs)
        _text(
            marks,
            surface,
            text,
            round(fs * 0.8),
            LAYOFF_TEXT,
            (rect.left + fs, geo.buttons_y - fs * 1.6),
            "midleft",
            layer=1,
        )


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
