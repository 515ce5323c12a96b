"""The cost of the card art: drawing all 53 faces once, and blitting a full table of them.

    knockrummy bench cards [--size 1920x1080] [--frames 300] [--cold-width 400] [--deck D]

Glossary:
    cold     the face cache emptied first, so every face is drawn from its vectors.
    frame    the felt and a six-seat table's worth of cached faces blitted once: the
             viewer's eleven cards, ten face-up cards per opponent (as at a hand's end), the
             stock and two discards. A sanity figure for the art alone, not a frame of the
             real table (``bench frames`` measures that).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from ..commands import cli


def bench_cards(
    size: tuple[int, int] = (1920, 1080),
    frames: int = 300,
    cold_width: int = 400,
    players: int = 6,
    deck: str = "classic",
) -> dict:
    """Measure, print a line and return the figures."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ..engine.cards import JOKER_CODE, Card
    from ..ui import card_art, card_pips
    from ..ui.layout import fan_positions, table_layout

    if not pygame.display.get_init():
        pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode(size)
    screen = pygame.Surface(size).convert()
    cards = [Card(code) for code in range(JOKER_CODE + 1)]

    card_art._face.cache_clear()
    card_pips.pip.cache_clear()
    start = time.perf_counter()
    for card in cards:
        card_art.face(card, cold_width, deck=deck)
    cold_ms = (time.perf_counter() - start) * 1000

    layout = table_layout(size[0], size[1], players, 0)
    blits: list[tuple[pygame.Surface, tuple[float, float]]] = []
    for seat, place in enumerate(layout.seats):
        count = 11 if seat == 0 else 10
        slots = fan_positions(count, place.center, place.card_width, place.spacing, size[0] * 0.66)
        for i, slot in enumerate(slots):
            card = cards[(seat * 11 + i) % len(cards)]
            blits.append((card_art.face(card, place.card_width, deck=deck), slot))
    blits.append((card_art.back(layout.card_width), layout.stock))
    for k in (1, 0):
        blits.append((card_art.face(cards[k], layout.card_width, deck=deck), layout.discard))
    cloth = card_art.felt(size)
    times, felt_times = [], []
    for _ in range(frames):
        start = time.perf_counter()
        screen.blit(cloth, (0, 0))
        laid = time.perf_counter()
        for image, pos in blits:
            screen.blit(image, pos)
        times.append((time.perf_counter() - start) * 1000)
        felt_times.append((laid - start) * 1000)
    times.sort()
    result = {
        "cold_faces": len(cards),
        "cold_width": cold_width,
        "cold_ms": round(cold_ms, 1),
        "blits_per_frame": len(blits),
        "frame_ms_mean": round(statistics.fmean(times), 3),
        "frame_ms_p99": round(times[min(len(times) - 1, int(len(times) * 0.99))], 3),
        "felt_ms_mean": round(statistics.fmean(felt_times), 3),
        "size": f"{size[0]}x{size[1]}",
    }
    print(
        f"{len(cards)} faces at {cold_width} px, cold: {result['cold_ms']} ms; "
        f"felt and {len(blits)} cached faces at {result['size']}: "
        f"mean {result['frame_ms_mean']} ms (the felt alone {result['felt_ms_mean']} ms), "
        f"p99 {result['frame_ms_p99']} ms a frame"
    )
    return result


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``bench cards``'s options."""
    from ..ui.card_art import DECKS

    parser.description = __doc__.split("\n\n", 1)[0]
    parser.add_argument("--size", type=cli.window_size, default=(1920, 1080))
    parser.add_argument("--frames", type=cli.count(1, 100_000), default=300)
    parser.add_argument("--cold-width", type=cli.count(12, 2000), default=400)
    parser.add_argument("--deck", choices=list(DECKS), default="classic")


def run(args: argparse.Namespace) -> int:
    bench_cards(args.size, args.frames, args.cold_width, deck=args.deck)
    return 0
