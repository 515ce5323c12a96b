"""``knockrummy bench frames``: the cost of a frame at the table, headless.

Computers play a session (dealing and play, hand-end panels included) at normal speed with
the headless video driver; each frame's update, draw and flip is timed. Time is stepped
explicitly (1/60 s a frame), so the figures do not depend on the machine's clock.

Two figures per frame: the wall clock, and the main thread's own processor time
(``time.thread_time``), which leaves out the time the system gave other programs and so
compares runs made on a shared, busy machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

MAX_FRAMES = 1_000_000
"""More frames than any run needs (about 4.6 hours at 60 per second)."""


def bench_frames(
    players: int = 6,
    size: tuple[int, int] = (1920, 1080),
    frames: int = 3000,
    seed: int = 1,
    profile: str = "knock-rummy",
    level: str = "medium",
) -> dict:
    from ..engine.session import new_session
    from ..settings import Settings
    from ..ui.loop import App
    from ..ui.runner import default_seats, init_pygame, table_scene
    from ..ui.table.controller import TableOptions

    # after knockrummy.ui, which keeps pygame's start-up banner out of the JSON
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

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
    cpu: list[float] = []
    hands_seen = set()
    for _ in range(frames):
        start, start_cpu = time.perf_counter(), time.thread_time()
        pygame.event.pump()
        scene.update(dt)
        scene.draw(app.screen)
        pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        hands_seen.add(scene.session.hand_number)
        if scene.session.is_over and scene.panel is not None and not scene.panel.busy:
            break
    scene.close()
    times.sort()
    cpu.sort()
    return {
        "frames": len(times),
        "mean_ms": round(statistics.fmean(times), 3),
        "p99_ms": _p99(times),
        "max_ms": round(times[-1], 3),
        "cpu_mean_ms": round(statistics.fmean(cpu), 3),
        "cpu_p99_ms": _p99(cpu),
        "hands": len(hands_seen),
        "players": players,
        "size": f"{size[0]}x{size[1]}",
    }


def _p99(ordered: list[float]) -> float:
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``bench frames [--players N] [--size WxH] [--frames N] [--seed S] [--json]``."""
    from ..commands import cli

    parser.description = "The cost of a frame at the table, headless."
    parser.add_argument("--players", type=cli.count(2, 6), default=6)
    parser.add_argument("--size", type=cli.window_size, default=(1920, 1080))
    parser.add_argument("--frames", type=cli.count(1, MAX_FRAMES), default=3000)
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument("--json", action="store_true")


def run(args: argparse.Namespace) -> int:
    result = bench_frames(args.players, args.size, args.frames, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{result['frames']} frames at {result['size']}, {result['players']} seats: "
            f"mean {result['mean_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms; "
            f"main thread's CPU mean {result['cpu_mean_ms']} ms, p99 {result['cpu_p99_ms']} ms"
        )
    return 0
