"""``knockrummy bench idle``: the processor time the window uses while it waits.

The table is dealt (instantly), then left waiting for the human player for ``--seconds``
(or, with ``--screen title``, the title screen is left open);
the process's CPU time over that wait is reported as a share of one core. The loop blocks
in ``pygame.event.wait`` when nothing animates, so this should be close to zero.
"""

from __future__ import annotations

import argparse
import json
import os
import threading
import time

MAX_SECONDS = 3600.0
"""An hour of waiting is more than any measurement needs."""


def bench_idle(
    seconds: float = 5.0, size: tuple[int, int] = (1280, 800), screen: str = "table"
) -> dict:
    from ..engine.session import new_session
    from ..settings import Settings
    from ..ui.loop import App
    from ..ui.runner import default_seats, init_pygame, table_scene

    # after knockrummy.ui, which keeps pygame's start-up banner out of the JSON
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    init_pygame()
    app = App(size)
    if screen == "title":
        import tempfile

        from ..ui.game import Game
        from ..ui.scenes.title import TitleScreen

        app.push(TitleScreen(Game.open(tempfile.mkdtemp(prefix="knockrummy-idle-"))))
        return _measure(app, seconds)
    seats = default_seats(2, humans=1, level="easy")
    session = new_session("knock-rummy", 2, seed=2)
    scene = table_scene(session, seats, Settings(speed="instant", window_size=size))
    app.push(scene)
    for _ in range(10000):  # deal, and let the computer move if it plays first
        if scene.can_act and not scene.busy:
            break
        app.step(1 / 60, pygame.event.get())
        time.sleep(0.001)
    if not scene.can_act:
        raise RuntimeError("the table never came to the player's turn")
    return _measure(app, seconds)


def _measure(app, seconds: float) -> dict:
    import pygame

    timer = threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    cpu0, wall0 = time.process_time(), time.perf_counter()
    timer.start()
    app.run()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {
        "seconds": round(wall, 3),
        "cpu_seconds": round(cpu, 4),
        "core_percent": round(100 * cpu / wall, 3),
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``bench idle [--seconds S] [--screen table|title] [--json]``."""
    from ..commands import cli

    parser.description = "The processor time the window uses while it waits."
    parser.add_argument("--seconds", type=cli.seconds(MAX_SECONDS), default=5.0)
    parser.add_argument("--screen", choices=("table", "title"), default="table")
    parser.add_argument("--json", action="store_true")


def run(args: argparse.Namespace) -> int:
    result = bench_idle(args.seconds, screen=args.screen)
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.screen} waiting for {result['seconds']} s used {result['cpu_seconds']} s "
            f"of CPU: {result['core_percent']}% of one core"
        )
    return 0
