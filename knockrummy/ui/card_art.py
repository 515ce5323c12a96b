"""Card faces and backs drawn at any size, cached per size.

Glossary:
    face     the printed side of a card: paper, a border, a corner index in the top-left
             corner and the same index turned a half turn in the bottom-right, and in the
             middle the pips (2-10), one large pip (ace), a framed picture (J Q K) or the
             jester (joker).
    index    the rank over a small pip in a corner, so a card fanned in a hand still reads.
    deck     a colour scheme from ``palettes.DECKS``: classic, four-colour, high-contrast.
    back     a pattern from ``card_backs.BACKS``; felts are in ``felts.FELTS``.

Faces are drawn from vectors at the size asked for, never scaled from bitmaps, so they stay
crisp from the smallest table to 4K. The index prints the letters the player's decks print
(French ``V D R`` for valet, dame, roi: ``language.cards``). A rendered card is cached by
(card, width, deck, letters), so
a frame only blits. Below ``SMALL`` pixels wide the corner index grows and the pips and
pictures draw closer in (as they do for the high-contrast deck's larger index), because
there the index is what a player reads.
"""

from __future__ import annotations

import functools

import pygame

from ..engine.cards import Card
from ..language.cards import INTERNATIONAL, index
from .card_backs import BACKS, draw_back
from .card_courts import court_picture, joker_picture
from .card_pips import Pen, ellipse_points, pip, pip_height, pip_layout
from .felts import FELTS, felt
from .fonts import font
from .palettes import CLASSIC, DECKS, FOUR_COLOUR, DeckStyle, deck_style

__all__ = [
    "BACKS",
    "CARD_RATIO",
    "DECKS",
    "FELTS",
    "back",
    "card_size",
    "face",
    "felt",
    "outline",
    "shadow",
    "suit_color",
]

FACE = CLASSIC.face
EDGE = CLASSIC.edge
RED = CLASSIC.suits[1]
BLACK = CLASSIC.suits[0]
SELECT = (255, 200, 40)
CARD_RATIO = 1.4
"""Card height over width."""
SMALL = 64
"""Cards narrower than this get a larger index and smaller pips."""
JOKER_INK = (110, 30, 140)


def card_size(width: int) -> tuple[int, int]:
    """The (width, height) of a card ``width`` pixels wide."""
    return width, round(width * CARD_RATIO)


def _deck(four_colour: bool, deck: str | None) -> DeckStyle:
    if deck is None:
        return FOUR_COLOUR if four_colour else CLASSIC
    return deck_style(deck)


def suit_color(suit: int, four_colour: bool, *, deck: str | None = None) -> tuple[int, int, int]:
    """The ink of ``suit``: the four-colour or classic deck's, or ``deck``'s when given."""
    return _deck(four_colour, deck).suit_color(suit)


def rank_label(card: Card, letters: tuple[str, str, str, str] = INTERNATIONAL) -> str:
    """The rank as the corner prints it: ``10``, ``Q``, or with French ``letters`` ``D``."""
    return index(card, letters)


def ready(surf: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format, which blits several times faster."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


def _radius(width: int) -> int:
    return max(3, width // 10)


def _rounded_base(width: int, height: int, fill, border=EDGE, thickness=1.0) -> pygame.Surface:
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = _radius(width)
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
    line = max(1, round(width / 60 * thickness))
    pygame.draw.rect(surf, border, surf.get_rect(), width=line, border_radius=radius)
    return surf


def face(
    card: Card,
    width: int,
    four_colour: bool = False,
    *,
    deck: str | None = None,
    letters: tuple[str, str, str, str] = INTERNATIONAL,
) -> pygame.Surface:
    """The face of ``card`` at ``width`` pixels wide.

    ``deck`` names a scheme of ``DECKS``; without it ``four_colour`` picks the four-colour
    or the classic deck. ``letters`` are the ace's, jack's, queen's and king's indices
    (``language.cards.face_letters``). The same arguments return the same (cached)
    surface.
    """
    return _face(card, max(12, int(width)), _deck(four_colour, deck).name, letters)


def prepare_face(
    card: Card, width: int, *, deck: str, letters: tuple[str, str, str, str] = INTERNATIONAL
) -> None:
    """Make the face :func:`face` would return for ``card`` at ``width`` in ``deck`` ahead
    of the frame that shows it (see :mod:`.prepare`); nothing is drawn on screen."""
    _face(card, max(12, int(width)), _deck(False, deck).name, letters)


@functools.lru_cache(maxsize=1024)
def _face(
    card: Card, width: int, deck: str, letters: tuple[str, str, str, str] = INTERNATIONAL
) -> pygame.Surface:
    style = deck_style(deck)
    w, h = card_size(width)
    surf = _rounded_base(w, h, style.face, style.edge, style.edge_scale)
    if card.is_joker:
        _draw_joker(surf, w, h, style)
        return ready(surf)
    color = style.suit_color(card.suit)
    if card.rank >= 11:
        _draw_court(surf, card, color, style)
    elif card.rank == 1:
        _draw_ace(surf, card.suit, color, style)
    else:
        compact = _compact(w, style)
        size = pip_height(w, compact)
        for place in pip_layout(card.rank, compact):
            image = pip(card.suit, size, color, place.upside_down)
            surf.blit(image, image.get_rect(center=(round(place.x * w), round(place.y * h))))
    # the index goes on last: on small cards it may overlap a court's frame, and must win
    _draw_indices(surf, rank_label(card, letters), card.suit, color, style)
    return ready(surf)


def index_size(width: int, style: DeckStyle) -> float:
    """The corner index's rank height (cap height) in pixels on a card ``width`` wide."""
    share = 0.135 if width >= SMALL else 0.19
    return max(7.0, width * share * style.index_scale)


def _index(label: str, suit: int | None, color, cap: float, bold: bool) -> pygame.Surface:
    """Rank over suit pip, centred in one column, on a transparent surface."""
    text = font(round(cap / 0.73), bold)  # DejaVu's capitals are 0.73 of its size
    size = cap / 0.73
    # "10" is set condensed, as printed indices are, so it stays as narrow as one letter
    squeeze = 0.62 if len(label) > 1 else 1.0
    glyph, rect = text.render(label, color, size=(size * squeeze, size))
    parts = [glyph]
    if suit is not None:
        parts.append(pip(suit, round(cap * 0.95), color))
    gap = max(1, round(cap * 0.12))
    width = max(p.get_width() for p in parts)
    height = rect.height + sum(p.get_height() + gap for p in parts[1:])
    column = pygame.Surface((width, height), pygame.SRCALPHA)
    y = 0
    for p in parts:
        column.blit(p, ((width - p.get_width()) // 2, y))
        y += p.get_height() + gap
    return column


def _draw_indices(surf: pygame.Surface, label: str, suit, color, style: DeckStyle) -> None:
    w, h = surf.get_size()
    column = _index(label, suit, color, index_size(w, style), bold=True)
    border = max(1, round(w / 60 * style.edge_scale))
    centre_x = max(column.get_width() / 2 + border + 1, w * 0.1 * min(1.15, style.index_scale))
    top = max(2, round(w * 0.06))
    surf.blit(column, (round(centre_x - column.get_width() / 2), top))
    turned = pygame.transform.flip(column, True, True)
    surf.blit(turned, (round(w - centre_x - column.get_width() / 2), h - top - turned.get_height()))


def _draw_ace(surf: pygame.Surface, suit: int, color, style: DeckStyle) -> None:
    w, h = surf.get_size()
    if suit != 0:
        image = pip(suit, round(w * 0.42), color)
        surf.blit(image, image.get_rect(center=(w // 2, h // 2)))
        return
    # the ace of spades: a large spade engraved with a paper line, in a gold ring
    box = round(w * (0.66 if _compact(w, style) else 0.78))
    pen = Pen((box, box), box, (*style.face, 0))
    centre = (0.5, 0.5)
    pen.polygon(_circle(0.5, 0.5, 0.48), style.gold)
    pen.polygon(_circle(0.5, 0.5, 0.445), style.face)
    pen.suit(0, centre, 0.72, color)
    pen.suit(0, (0.5, 0.49), 0.56, style.face)
    pen.suit(0, (0.5, 0.485), 0.5, color)
    image = pen.finish()
    surf.blit(image, image.get_rect(center=(w // 2, h // 2)))


def _circle(cx: float, cy: float, r: float):
    return ellipse_points(cx, cy, r, r, 48)


def _compact(width: int, style: DeckStyle) -> bool:
    """Whether the index is large for the card, so pips and pictures keep further in."""
    return width < SMALL or style.index_scale > 1


def _frame(w: int, h: int, style: DeckStyle) -> pygame.Rect:
    share = 0.52 if _compact(w, style) else 0.62
    frame = pygame.Rect(0, 0, round(w * share), round(h * 0.74))
    frame.center = (w // 2, h // 2)
    return frame


def _draw_picture(surf: pygame.Surface, picture: pygame.Surface, frame, color, style) -> None:
    surf.blit(picture, frame.topleft)
    w = surf.get_width()
    line = max(1, round(w / 110 * style.edge_scale))
    pygame.draw.rect(surf, color, frame, width=line)
    inner = frame.inflate(-2 * line - 2, -2 * line - 2)
    if inner.width > 20:
        pygame.draw.rect(surf, style.gold, inner, width=max(1, line // 2))


def _suit_pip_on(pen: Pen, suit: int, center, height: float, color) -> None:
    pen.suit(suit, center, height, color)


def _draw_court(surf: pygame.Surface, card: Card, color, style: DeckStyle) -> None:
    w, h = surf.get_size()
    frame = _frame(w, h, style)
    picture = court_picture(card.rank, card.suit, frame.size, color, style.gold, _suit_pip_on)
    _draw_picture(surf, picture, frame, color, style)
    pygame.draw.line(surf, color, (frame.left, frame.centery), (frame.right - 1, frame.centery))


def _draw_joker(surf: pygame.Surface, w: int, h: int, style: DeckStyle) -> None:
    frame = _frame(w, h, style)
    _draw_picture(surf, joker_picture(frame.size, style.gold), frame, JOKER_INK, style)
    cap = index_size(w, style) * 0.7
    letters = pygame.Surface((round(cap * 1.2), round((cap * 1.25 + 1) * 5)), pygame.SRCALPHA)
    for i, letter in enumerate("JOKER"):
        glyph, rect = font(round(cap / 0.73), True).render(letter, JOKER_INK)
        letters.blit(glyph, ((letters.get_width() - rect.width) // 2, round(i * (cap * 1.25 + 1))))
    pad = max(2, round(w * 0.05))
    surf.blit(letters, (pad, pad))
    turned = pygame.transform.flip(letters, True, True)
    surf.blit(turned, (w - pad - turned.get_width(), h - pad - turned.get_height()))


def back(width: int, *, style: str = "red") -> pygame.Surface:
    """The back of a card at ``width`` pixels wide, in the pattern ``style`` of ``BACKS``."""
    return _back(max(12, int(width)), style)


@functools.lru_cache(maxsize=48)
def _back(width: int, style: str) -> pygame.Surface:
    w, h = card_size(width)
    surf = _rounded_base(w, h, FACE)
    inset = max(2, w // 14)
    inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    pattern = draw_back(style, inner.size)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, w // 14))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(pattern, inner.topleft)
    return ready(surf)


def shadow(width: int) -> pygame.Surface:
    return _shadow(max(12, int(width)))


@functools.lru_cache(maxsize=32)
def _shadow(width: int) -> pygame.Surface:
    w, h = card_size(width)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect(), border_radius=_radius(w))
    return ready(surf)


def outline(width: int, color=SELECT) -> pygame.Surface:
    return _outline(max(12, int(width)), tuple(color))


@functools.lru_cache(maxsize=32)
def _outline(width: int, color) -> pygame.Surface:
    w, h = card_size(width)
    surf = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
    pygame.draw.rect(surf, color, surf.get_rect(), width=3, border_radius=_radius(w) + 3)
    return ready(surf)
