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

import functools
import math

import pygame

from .. import card_art
from ..avatars import draw_thinking
from ..card_art import CARD_RATIO
from ..fonts import blit_text, fit, wrap
from ..fonts import width as text_width
from ..surfaces import Layers, shade_around
from ..theme import (
    FELT_DARK,
    PLATE_DIM,
    SOFT,
    TEXT,
    WARN,
)
from .frame import TableFrame
from .marks import Marks, mark, put_card, put_text
from .overlays import (
    draw_bubbles,
    draw_celebration,
    draw_details,
    draw_handoff,
    draw_lesson,
    draw_log,
    draw_pile_history,
    draw_question,
    draw_tip,
    put_box,
)
from .panel_painter import draw_panel, panel_ground
from .redraw import Drawing, Still, Window, draw_over, merged, put_button, shape, update_still
from .seat_painter import draw_known_bottom, draw_opponent, draw_viewer, glow, shown_count


class TablePainter:
    """Draws frames, keeping what it drew that the next frame may reuse: the table layer
    (see :func:`_draw_scene`), the table under an open hand-end panel, and what the window
    shows (so that a frame draws again only what changed on it). Each table has its own
    painter; a drawing that records marks draws everything afresh."""

    def __init__(self) -> None:
        self.layers = Layers()
        """The window-sized surfaces it draws into (the table layer, the panel backdrop)."""
        self.still = Still()
        """The table layer last drawn, with what it was drawn from."""
        self.window: Window | None = None
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
                self.window = draw_over(
                    lambda drawing: draw_panel(frame, drawing, None, ground=False),
                    surface,
                    backdrop,
                    self._backdrops,
                    window,
                )
        else:  # a backdrop drawn ahead waits for its panel (kept by its number)
            plain = marks is None and frame.question is None and frame.details is None
            self.window = _draw_scene(
                frame, surface, marks, self.still, self.layers, window=window if plain else None
            )
            if not plain:
                self.window = None
            if frame.question is not None:
                draw_question(frame, surface, marks, self.layers)
                if frame.notice:  # what the question waits for, over the shade
                    _draw_status_line(frame, surface, frame.font, marks)
        if frame.celebration is not None:
            draw_celebration(frame, surface)
            self.drawn_over()
        if frame.lesson is not None:
            drawn = draw_lesson(frame, surface, marks)
            self.drawn_over(drawn)  # put back under it when it moves or goes
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
            len(frame.panel.rows))  # fmt: skip


def _draw_backdrop(frame: TableFrame, image: pygame.Surface, marks, layers: Layers):
    """Draw the picture under the panel onto ``image``, pausing (yielding) between its
    parts: the table's steps noted, then drawn a band of the window at a time (see
    :class:`Drawing`), the shade, the panel's box and stripes."""
    geo = frame.panel.geometry
    if marks is not None:
        spots = _draw_still(frame, image, frame.font, marks)
        _draw_moving(frame, image, frame.font, marks, spots, bubbles=False)
    else:
        table = Drawing(image.get_size())
        spots = _draw_still(frame, table, frame.font, None)
        _draw_moving(frame, table, frame.font, None, spots, bubbles=False)
        width, height = image.get_size()
        step = -(-height // BANDS)
        for top in range(0, height, step):
            yield
            table.replay(image, pygame.Rect(0, top, width, min(step, height - top)))
    shade_around(image, geo.box, geo.font, layers)  # the box hides the rest
    yield
    panel_ground(frame, image, layers)


BANDS = 4
"""The picture under the panel is drawn ahead in this many bands, one a step."""


def draw_table(frame: TableFrame, surface: pygame.Surface, marks: Marks | None = None) -> None:
    """Draw ``frame`` once, with nothing kept (a picture for a test or a screenshot)."""
    TablePainter().draw(frame, surface, marks)


def _still_key(frame: TableFrame, size: tuple[int, int]) -> tuple:
    """Everything the table layer is drawn from. Values, not the scene's mutable objects
    (a button's hover is read now), so an equal key means an identical layer."""
    motion = frame.motion
    deal = motion.deal
    buttons = (*frame.buttons, frame.menu_button)
    return (
        size,
        frame.look,
        frame.seat_faces,
        frame.positions,
        frame.stock_count,
        frame.pile,
        frame.knocked,
        frame.words,
        frame.geometry,
        frame.story,
        frame.status,
        frame.notice,
        frame.hint,
        frame.details,
        frame.tip,
        frame.glow_stock,
        frame.glow_discard,
        frame.panel is None,
        frame.bottom is None,
        buttons,
        # what the deal and the flights change in it: cards shown in each hand, the
        # stock's count, the pile's top and the knocking card (not where a card flies)
        tuple(shown_count(frame, p) for p in range(len(frame.positions))),
        None if deal is None else (deal.to_come, deal.upcard_shown, deal.cut),
        motion.discard_in_flight(),
        any(f.dest == ("knock",) for f in motion.flights),
    )


def _draw_scene(
    frame: TableFrame,
    surface: pygame.Surface,
    marks: Marks | None,
    still: Still,
    layers: Layers,
    bubbles: bool = True,
    window: Window | None = None,
) -> Window | None:
    """Everything but the hand-end panel: the table layer, then what moves over it.

    The table layer (felt, piles, the other seats, plates, words, buttons, the score sheet)
    is drawn once into a kept surface and mended where what it is drawn from changes (see
    :func:`update_still`), so a frame in which only a card flies or the thinking dots turn
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
        changed = update_still(
            lambda drawing: _draw_still(frame, drawing, fs, None), surface, still, layers, key
        )
    image = still.image
    if (
        window is not None
        and changed is not None
        and window.surface is surface
        and window.image is image
        and surface.get_size() == image.get_size()
    ):
        for area in merged([*window.restore, *changed]):
            surface.blit(image, area, area)
    else:
        surface.blit(image, (0, 0))
    moving = Drawing(size)
    _draw_moving(frame, moving, fs, None, still.spots, bubbles)
    moving.replay(surface)
    return Window(surface, image, [rect for _, rect, _ in moving.steps])


def _draw_still(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> dict:
    """The table layer; returns where the moving layer draws over it."""
    spots: dict = {}
    surface.blit(frame.look.cloth(surface.get_size()), (0, 0))
    _draw_piles(frame, surface, fs, marks)
    for seat in range(len(frame.seat_faces)):
        if seat != frame.viewer:
            draw_opponent(frame, surface, seat, fs, marks, spots)
    draw_viewer(frame, surface, fs, marks, spots)
    _draw_status(frame, surface, fs, marks)
    put_button(surface, frame.menu_button, round(fs * 0.8))
    if frame.menu_button.shown:
        mark(marks, "button", "menu", frame.menu_button.rect)
    if frame.story is not None:
        _draw_sheet(frame, surface, fs, marks)
    if frame.tip is not None:
        draw_tip(frame, surface, marks)
    return spots


def _draw_moving(frame: TableFrame, surface, fs: int, marks, spots: dict, bubbles: bool) -> None:
    """What moves or opens over the table layer: the viewer's own cards (they settle, lift
    and are dragged), cards in flight, the thinking dots, the log and the pile's history."""
    if frame.viewer in frame.positions and frame.bottom is not None:
        position = frame.positions.index(frame.viewer)
        draw_known_bottom(
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
            draw_log(frame, surface, fs, marks)
        if frame.story.pile is not None:
            draw_pile_history(frame, surface, fs, marks)
    if bubbles:
        draw_bubbles(frame, surface, fs, marks)


def _draw_piles(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> None:
    layout = frame.geometry.layout
    motion = frame.motion
    cw = layout.card_width
    ch = round(cw * CARD_RATIO)
    deal = motion.deal
    stock_count = frame.stock_count + (deal.to_come if deal else 0)
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
                put_card(
                    marks, surface, frame.look.card_back(cw), (sx - i * 1.5, sy - i * 1.5), "piles"
                )
        put_text(
            marks,
            surface,
            f"{stock_count}",
            round(fs * 0.8),
            SOFT,
            (sx - 10, sy + ch / 2),
            "midright",
        )
    else:
        shape(surface, pygame.draw.rect, FELT_DARK, (sx, sy, cw, ch), 2, cw // 10)
        blit_text(
            surface,
            frame.words.empty_stock,
            round(fs * 0.8),
            SOFT,
            (sx + cw / 2, sy + ch / 2),
            "center",
        )
    # discard pile: top card face up (the knocking discard lies face down on it)
    dx, dy = layout.discard
    pile = list(frame.pile)
    if deal is not None and not deal.upcard_shown:
        pile = []
    hidden = motion.discard_in_flight()
    if hidden:
        pile = pile[:-hidden]
    if pile:
        if len(pile) > 1:
            put_card(
                marks,
                surface,
                frame.look.face(pile[-2], cw),
                (dx + 2, dy + 2),
                "piles",
            )
        put_card(marks, surface, frame.look.face(pile[-1], cw), (dx, dy), "piles")
    else:
        shape(surface, pygame.draw.rect, FELT_DARK, (dx, dy, cw, ch), 2, cw // 10)
    if frame.knocked and not any(f.dest == ("knock",) for f in motion.flights):
        surface.blit(frame.look.card_back(cw), (dx + cw * 0.12, dy + cw * 0.12))
    if frame.glow_stock:
        glow(surface, (sx, sy, cw, ch))
    if frame.glow_discard and pile:
        glow(surface, (dx, dy, cw, ch))
    if frame.pot is not None and frame.story is None:
        put_text(
            marks,
            surface,
            frame.pot,
            fs,
            WARN,
            ((sx + dx + cw) / 2, sy - fs * 0.8),
            "midbottom",
            bold=True,
        )


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
        put_text(marks, surface, first, size, WARN, (x, upper), "center", group="hint")
        if rest:
            last = fit(" ".join(rest), size, _line_room(frame, y, size))
            put_text(marks, surface, last, size, WARN, (x, y), "center", group="hint")
            status = ""
    elif status:
        first, *rest = wrap(status, fs, _line_room(frame, y, fs))
        if rest:  # on two lines, the upper slot first
            room = min(_line_room(frame, upper, fs), _line_room(frame, y, fs))
            first, *rest = wrap(status, fs, room)
            put_text(marks, surface, first, fs, color, (x, upper), "center", group="status")
            status = " ".join(rest)
    if status:  # on one line: a little smaller where it must, rather than cut
        _draw_status_line(frame, surface, fs, marks, status, color)
    for button in frame.buttons:
        put_button(surface, button, round(fs * 0.9))
        if button.shown:
            mark(marks, "button", button.label, button.rect)
    if frame.story is None:
        put_text(
            marks,
            surface,
            frame.game_line,
            round(fs * 0.8),
            SOFT,
            (fs * 0.8, fs * 0.6),
            "topleft",
        )


def _draw_status_line(frame: TableFrame, surface, fs: int, marks, status=None, color=WARN):
    """The status line on one line (a notice, unless ``status`` is given), a little smaller
    where it must, rather than cut."""
    x, y = frame.geometry.layout.status
    status = frame.status if status is None else status
    width = _line_room(frame, y, fs)
    sizes = (fs, round(fs * 0.9), round(fs * 0.8), max(11, round(fs * 0.7)))
    size = next((n for n in sizes if text_width(status, n) <= width), sizes[-1])
    shown = fit(status, size, width)
    put_text(marks, surface, shown, size, color, (x, y), "center", group="status")


def _line_room(frame: TableFrame, y: float, size: int) -> float:
    """How wide a line centred on the window at ``y`` may be: the window less a margin,
    and less the score sheet on the left (and as much on the right) where it is as low."""
    width = frame.size[0] - 2 * frame.font
    if frame.story is not None:
        _lines, sheet = _sheet(frame)
        if sheet.top < y + size and sheet.bottom > y - size:
            width = min(width, frame.size[0] - 2 * (sheet.right + frame.font * 0.5))
    return width


def _sheet(frame: TableFrame) -> tuple[list[tuple[str, bool]], pygame.Rect]:
    """The score sheet's lines as drawn and its box."""
    lines = list(frame.story.sheet)
    return lines, frame.geometry.sheet_rect(len(lines))


def _draw_sheet(frame: TableFrame, surface: pygame.Surface, fs: int, marks) -> None:
    """The score sheet, always on the left: every player against the target, and the hand's
    number with the fingerprint of its seed while it is played (the hand-end panel shows
    the seed)."""
    lines, rect = _sheet(frame)
    bright = len(lines) - len(frame.story.sheet) + 2  # the heading and the hand's lines
    # drawn once per set of lines, size and font: the sheet changes only when a score does
    image, texts = _sheet_image(tuple(lines), rect.size, fs, bright, frame.look.sheet)
    surface.blit(image, rect)
    mark(marks, "plate", "sheet", rect)  # nothing of another group may lie on it
    for _text_shown, at in texts:
        mark(marks, "text", "sheet", at.move(rect.topleft))


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
    put_box(image, image.get_rect(), fs, None, 0, colour=colour)
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
