"""Screenshots of every table theme, for the README.

    python build/theme_shots.py [--out docs/screenshots] [--sizes 1280x800,3840x2160]

One PNG per theme and window size (``theme-<deck>-<felt>-<back>-<W>x<H>.png``): a four-seat
table at the human's first move, dealt from a fixed seed, so the pictures only change when
the drawing does. Every deck, felt and back appears in at least one theme. Runs headless.
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

from knockrummy.engine.session import new_session  # noqa: E402
from knockrummy.settings import Settings  # noqa: E402
from knockrummy.ui.loop import App  # noqa: E402
from knockrummy.ui.runner import default_seats, init_pygame, table_scene  # noqa: E402
from knockrummy.ui.table.controller import TableOptions  # noqa: E402

THEMES = (
    ("classic", "green", "red"),
    ("four-colour", "blue", "blue"),
    ("high-contrast", "burgundy", "green"),
)
"""(deck, felt, back): together every choice of each."""
SEED = 5
FRAME = 1 / 60


def table_shot(size: tuple[int, int], deck: str, felt: str, back: str) -> pygame.Surface:
    """The table at the human's first move in ``deck``, on ``felt``, with ``back``."""
    app = App(size)
    settings = Settings(speed="fast", window_size=size, felt=felt, back=back, sound=False)
    settings = settings.with_deck(deck)
    seats = default_seats(4, humans=1, level="medium")
    scene = table_scene(new_session("knock-rummy", 4, SEED), seats, settings, TableOptions())
    app.push(scene)
    for _ in range(20_000):
        app.step(FRAME, [])
        if scene.can_act and not scene.busy:
            break
    scene.draw(app.screen)
    shot = app.screen.copy()
    app.pop()
    return shot


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--sizes", default="1280x800,3840x2160")
    args = parser.parse_args(argv)
    init_pygame()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for text in args.sizes.split(","):
        w, h = (int(v) for v in text.lower().split("x"))
        for deck, felt, back in THEMES:
            path = out / f"theme-{deck}-{felt}-{back}-{w}x{h}.png"
            pygame.image.save(table_shot((w, h), deck, felt, back), str(path))
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
