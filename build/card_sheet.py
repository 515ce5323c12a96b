"""Render every card of every deck style, the backs and the felts, to PNG sheets.

    python build/card_sheet.py [--out FOLDER] [--sizes 48,90,200]

One sheet per deck style and card width (``cards-<deck>-<width>.png``): the 53 faces in
four suit rows and a joker, and the three backs; plus ``felts.png`` with the three felts.
Runs headless; for looking at the art and for the README.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from knockrummy.engine.cards import JOKER_CODE, Card  # noqa: E402
from knockrummy.ui import card_art  # noqa: E402

SHEET_BACKGROUND = (24, 100, 60)


def card_sheet(deck: str, width: int) -> pygame.Surface:
    """Thirteen columns, a row per suit, then the joker and the three backs."""
    w, h = card_art.card_size(width)
    gap = max(4, width // 8)
    sheet = pygame.Surface((13 * (w + gap) + gap, 5 * (h + gap) + gap))
    sheet.fill(SHEET_BACKGROUND)
    for suit in range(4):
        for rank in range(1, 14):
            image = card_art.face(Card(suit * 13 + rank - 1), width, deck=deck)
            sheet.blit(image, (gap + (rank - 1) * (w + gap), gap + suit * (h + gap)))
    y = gap + 4 * (h + gap)
    sheet.blit(card_art.face(Card(JOKER_CODE), width, deck=deck), (gap, y))
    for i, name in enumerate(card_art.BACKS):
        sheet.blit(card_art.back(width, style=name), (gap + (i + 2) * (w + gap), y))
    return sheet


def felt_sheet(size: tuple[int, int] = (480, 300)) -> pygame.Surface:
    """The three felts side by side, each with a few cards on it."""
    gap = 8
    sheet = pygame.Surface((len(card_art.FELTS) * (size[0] + gap) + gap, size[1] + 2 * gap))
    sheet.fill((40, 40, 40))
    for i, name in enumerate(card_art.FELTS):
        cloth = card_art.felt(size, name).copy()
        for k, code in enumerate((0, 14, 28, 42)):
            cloth.blit(card_art.face(Card(code + 9), 70), (40 + k * 90, 90))
        sheet.blit(cloth, (gap + i * (size[0] + gap), gap))
    return sheet


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="card-sheets", help="folder for the PNG files")
    parser.add_argument("--sizes", default="48,90,200", help="card widths, comma separated")
    args = parser.parse_args(argv)
    pygame.init()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for deck in card_art.DECKS:
        for width in (int(s) for s in args.sizes.split(",")):
            path = out / f"cards-{deck}-{width}.png"
            pygame.image.save(card_sheet(deck, width), str(path))
            print(path)
    pygame.image.save(felt_sheet(), str(out / "felts.png"))
    print(out / "felts.png")


if __name__ == "__main__":
    main()
