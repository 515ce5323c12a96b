"""Deck colour schemes, and the check that a scheme stays readable for colour-blind players.

Glossary:
    deck style   the colours of one deck: a colour per suit, the face, the border, and how
                 thick the border and how large the corner index are.
    sRGB         the 0-255 colours pygame draws with; *linear* RGB is the same colour with
                 the display's gamma removed (IEC 61966-2-1), where light adds up.
    simulation   a 3x3 matrix applied in linear RGB that shows a colour as a person with
                 one kind of colour blindness sees it.
    ΔE           a distance between two colours in CIELAB (D65 white); 1 is about the
                 smallest difference anyone notices between large patches side by side.
    contrast     the WCAG 2 contrast ratio (L1 + 0.05) / (L2 + 0.05) of relative luminances.

The method (``check_scheme``):

1. Each suit colour is simulated for protanopia, deuteranopia and tritanopia with the
   matrices of Machado, Oliveira and Fernandes, "A Physiologically-based Model for
   Simulation of Color Vision Deficiency" (IEEE TVCG 15(6), 2009), at severity 1.0, applied
   to linear RGB (as colorspacious and DaltonLens do); the unsimulated colour is checked
   too. Results are clipped to the displayable range.
2. Every pair of the four suits must stay at least ``MIN_DELTA_E`` = 20 apart in CIE76 ΔE
   (Euclidean distance in CIELAB) under every vision. 2.3 is a just-noticeable difference
   for large patches side by side; a suit is told from a small index or pip seen once,
   next to cards of other suits, so we ask for about nine times that, which is the
   distance between a dark red and a clearly different brown, not between two reds.
   CIEDE2000 is also computed (``delta_e_2000``) and reported by ``scheme_report``.
3. Every suit colour, as drawn, must have a WCAG contrast ratio of at least 4.5 (the
   level for normal text) against the card face, so the corner index reads for everyone.

Measured (``scheme_report``): the old four-colour deck, with green clubs (10, 130, 50) and
hearts (205, 20, 35), puts hearts and clubs only 18.6 apart under deuteranopia (CIEDE2000
7.2), so it fails. The four-colour deck below (near-black spades, crimson hearts
(200, 10, 70), blue diamonds (0, 80, 200), brown-orange clubs (165, 90, 0)) was chosen by
measuring a grid of candidates, every one dark enough for a contrast of 4.5 on the face:
its closest pair is hearts and clubs at 26.2 under deuteranopia (CIEDE2000 9.2), spades
and hearts at 30.6 under protanopia, and its lowest contrast is 4.86 (clubs). A lighter,
more orange club would be further from the hearts but would fail the contrast. The
high-contrast deck uses pure black and a deep red on white (contrast 21 and 7.4), with
thick borders and a larger index; its red stays far from black under every vision.

Pure Python (no pygame), so it is cheap to test and to import.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from ..language import N_

RGB = tuple[int, int, int]

MIN_DELTA_E = 20.0
"""The smallest CIE76 distance allowed between two suits under any simulated vision."""
MIN_CONTRAST = 4.5
"""The WCAG 2 AA contrast ratio for normal text, asked of every suit colour on the face."""

MACHADO_2009 = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al. (2009) simulation matrices at severity 1.0, for linear RGB."""

VISIONS = ("normal", *MACHADO_2009)
"""Every vision a scheme is checked under."""

SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


@dataclass(frozen=True)
class DeckStyle:
    """The colours and proportions of one deck."""

    name: str
    """The key players' settings store (``classic``, ``four-colour``, ``high-contrast``)."""
    suits: tuple[RGB, RGB, RGB, RGB]
    """Ink colour of spades, hearts, diamonds and clubs."""
    face: RGB
    """The card's paper."""
    edge: RGB
    """The card's border."""
    edge_scale: float = 1.0
    """Border thickness relative to the classic deck's."""
    index_scale: float = 1.0
    """Corner index size relative to the classic deck's."""
    accent: RGB = (30, 70, 160)
    """The court cards' second colour beside the suit colour and gold."""
    gold: RGB = (212, 160, 40)
    """The court cards' gold."""

    def suit_color(self, suit: int) -> RGB:
        """The ink of ``suit`` (0..3, spades hearts diamonds clubs)."""
        return self.suits[suit]


CLASSIC = DeckStyle(
    name="classic",
    suits=((25, 25, 30), (200, 20, 30), (200, 20, 30), (25, 25, 30)),
    face=(250, 248, 240),
    edge=(60, 60, 60),
)
FOUR_COLOUR = DeckStyle(
    name="four-colour",
    suits=((10, 10, 15), (200, 10, 70), (0, 80, 200), (165, 90, 0)),
    face=(250, 248, 240),
    edge=(60, 60, 60),
)
HIGH_CONTRAST = DeckStyle(
    name="high-contrast",
    suits=((0, 0, 0), (175, 0, 0), (175, 0, 0), (0, 0, 0)),
    face=(255, 255, 255),
    edge=(0, 0, 0),
    edge_scale=3.0,
    index_scale=1.3,
    accent=(0, 40, 140),
    gold=(190, 130, 0),
)
OLD_FOUR_COLOUR = DeckStyle(
    name="old-four-colour",
    suits=((25, 25, 30), (205, 20, 35), (20, 90, 200), (10, 130, 50)),
    face=(250, 248, 240),
    edge=(60, 60, 60),
)
"""The four-colour deck before this check (green clubs); kept to show that it fails."""

DECK_STYLES = {style.name: style for style in (CLASSIC, FOUR_COLOUR, HIGH_CONTRAST)}
DECKS = {
    "classic": N_("Classic two-colour"),
    "four-colour": N_("Four-colour (colour-blind safe)"),
    "high-contrast": N_("High contrast"),
}
"""Deck choices, by key, with the name shown to players (in English: translate with
``language._`` where it is shown)."""


def deck_style(name: str) -> DeckStyle:
    """The deck called ``name``; a ValueError naming the choices for an unknown one."""
    try:
        return DECK_STYLES[name]
    except KeyError:
        raise ValueError(f"unknown deck {name!r}; choose one of {', '.join(DECKS)}") from None


def to_linear(color: RGB) -> tuple[float, float, float]:
    """sRGB 0-255 to linear RGB 0-1 (IEC 61966-2-1)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return tuple(channel(v) for v in color)  # type: ignore[return-value]


def simulate(color: RGB, vision: str) -> tuple[float, float, float]:
    """``color`` as seen with ``vision``, in linear RGB clipped to 0-1."""
    linear = to_linear(color)
    if vision == "normal":
        return linear
    matrix = MACHADO_2009[vision]
    return tuple(  # type: ignore[return-value]
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True)))) for row in matrix
    )


def linear_to_lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB to CIELAB with the D65 white point."""
    r, g, b = linear
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
    white = (0.95047, 1.0, 1.08883)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip((x, y, z), white, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lab(color: RGB, vision: str = "normal") -> tuple[float, float, float]:
    """CIELAB of ``color`` as seen with ``vision``."""
    return linear_to_lab(simulate(color, vision))


def delta_e_76(lab1, lab2) -> float:
    """CIE76 colour difference: the straight distance in CIELAB."""
    return math.dist(lab1, lab2)


def delta_e_2000(lab1, lab2) -> float:
    """CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), with kL = kC = kH = 1."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dh_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar = (l1 + l2) / 2
    cp_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (dh_big / s_h) ** 2 + r_t * (dc / s_c) * (dh_big / s_h)
    )


def relative_luminance(color: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    r, g, b = to_linear(color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: RGB, second: RGB) -> float:
    """WCAG 2 contrast ratio, 1 (none) to 21 (black on white)."""
    high, low = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@dataclass(frozen=True)
class SchemeReport:
    """How far apart a four-colour scheme's suits stay, and how well they read on the face."""

    closest: dict[str, tuple[float, str, str]]
    """Per vision: the smallest CIE76 ΔE between two suits, and which two."""
    closest_2000: dict[str, float]
    """Per vision: the smallest CIEDE2000 ΔE between two suits."""
    contrast: dict[str, float]
    """Per suit: its WCAG contrast ratio against the face."""

    @property
    def failures(self) -> list[str]:
        """What the scheme fails, in words; empty when it passes."""
        found = [
            f"{a} and {b} are only ΔE {d:.1f} apart with {vision}"
            for vision, (d, a, b) in self.closest.items()
            if d < MIN_DELTA_E
        ]
        found += [
            f"{suit} has a contrast of only {ratio:.2f} on the face"
            for suit, ratio in self.contrast.items()
            if ratio < MIN_CONTRAST
        ]
        return found


def scheme_report(suits: tuple[RGB, RGB, RGB, RGB], face: RGB) -> SchemeReport:
    """Measure a scheme of four suit colours on ``face`` under every vision in ``VISIONS``."""
    closest: dict[str, tuple[float, str, str]] = {}
    closest_2000: dict[str, float] = {}
    for vision in VISIONS:
        labs = [lab(color, vision) for color in suits]
        pairs = list(itertools.combinations(range(4), 2))
        d, i, j = min((delta_e_76(labs[i], labs[j]), i, j) for i, j in pairs)
        closest[vision] = (d, SUIT_NAMES[i], SUIT_NAMES[j])
        closest_2000[vision] = min(delta_e_2000(labs[i], labs[j]) for i, j in pairs)
    contrast = {name: contrast_ratio(c, face) for name, c in zip(SUIT_NAMES, suits, strict=True)}
    return SchemeReport(closest, closest_2000, contrast)


def check_scheme(suits: tuple[RGB, RGB, RGB, RGB], face: RGB) -> list[str]:
    """What a four-colour scheme fails (see the module docstring); empty when it passes."""
    return scheme_report(suits, face).failures
