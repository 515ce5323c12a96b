"""``knockrummy bench frames``: the cost of a frame at the table, headless.

Computers play a session (dealing and play, hand-end panels included) at normal speed with
the headless video driver; each frame's update, draw and flip is timed. Time is stepped
explicitly (1/60 s a frame), so the figures do not depend on the machine's clock.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Sequence


def bench_frames(
    players: int = 6,
    size: tuple[int, int] = (1920, 1080),
    frames: int = 3000,
    seed: int = 1,
    profile: str = "knock-rummy",
    level: str = "medium",
) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ..engine.session import new_session
    from ..settings import Settings
    from .loop import App
    from .runner import default_seats, init_pygame, table_scene
    from .scenes.table import TableOptions

    init_pygame()
    app = App(size)
    settings = Settings(speed="normal", window_size=size)
    session = new_session(profile, players, seed)
    scene = table_scene(
        session,
        default_seats(players, humans=0, level=level),
        settings,
        TableOptions(autoplay=True),
    )
    app.push(scene)
    dt = 1 / 60
    times: list[float] = []
    hands_seen = set()
    for _ in range(frames):
        start = time.perf_counter()
        pygame.event.pump()
        scene.update(dt)
        scene.draw(app.screen)
        pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
        hands_seen.add(scene.session.hand_number)
        if scene.session.is_over and scene.panel is not None and not scene.panel.busy:
            break
    scene.close()
    times.sort()
    return {
        "frames": len(times),
        "mean_ms": round(statistics.fmean(times), 3),
        "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 3),
        "max_ms": round(times[-1], 3),
        "hands": len(hands_seen),
        "players": players,
        "size": f"{size[0]}x{size[1]}",
    }


def main(argv: Sequence[str] | None = None) -> int:
    from .demo import parse_size

    parser = argparse.ArgumentParser(prog="knockrummy bench frames", description=__doc__)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--size", type=parse_size, default=(1920, 1080))
    parser.add_argument("--frames", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 6:
        parser.error("--players must be 2 to 6")
    result = bench_frames(args.players, args.size, args.frames, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{result['frames']} frames at {result['size']}, {result['players']} seats: "
            f"mean {result['mean_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms"
        )
    return 0
