"""``knockrummy bench frames``: the cost of a frame at the table, headless.

Computers play at normal speed with the headless video driver, from the first deal
through whole hands (the deal, the play, the hand-end panel) to the end of the next deal;
each frame's update, draw and flip is timed. Time is stepped explicitly (1/60 s a frame),
so what happens in each frame does not depend on the machine's clock.

Two figures per frame: the wall clock, and the main thread's own processor time
(``time.thread_time``), which leaves out the time the system gave other programs (and the
computers' worker thread) and so compares runs made on a shared, busy machine.

Glossary:
    budget   16.7 ms, one frame at 60 frames a second: a frame over it is a stutter.
    moment   what the table was doing in a frame (dealing, a computer thinking, the
             hand-end panel...), so the slow frames can be told apart.
    resize   the table placed at the window's size and its first frame there (frame 0),
             timed apart from the others: the one frame allowed to be slow, as when a
             player resizes the window (the felt and the layers are made at that size).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import time
from dataclasses import dataclass

MAX_FRAMES = 1_000_000
"""More frames than any run needs (about 4.6 hours at 60 per second)."""

BUDGET_MS = 1000 / 60
"""One frame at 60 frames a second (see the glossary)."""


@dataclass(frozen=True)
class Frame:
    """One timed frame."""

    index: int
    wall_ms: float
    cpu_ms: float
    moment: str
    """What the table was doing (``before -> after`` when the frame changed it)."""


def moment(scene) -> str:
    """What ``scene`` (a table) is doing now, in a few words: its mode (see
    :mod:`..ui.table.modes`), and whether the hand-end panel still animates."""
    said = f"hand {scene.view.hand_number} {scene.mode.value}"
    if scene.panel is not None and scene.panel.busy:
        said += " animating"
    return said


def bench_frames(
    players: int = 6,
    size: tuple[int, int] = (1920, 1080),
    frames: int = MAX_FRAMES,
    seed: int = 1,
    hands: int = 1,
    profile_worst: int = 0,
    profile: str = "knock-rummy",
    level: str = "medium",
) -> dict:
    """Time the frames of ``hands`` whole hands and the next deal (at most ``frames``).

    ``profile_worst``: profile every frame (cProfile, which slows each a little) and keep
    the profiles of that many slowest by processor time.
    """
    from ..engine.session import SESSION_OVER, new_session
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
    dt = 1 / 60

    def one_frame() -> None:
        pygame.event.pump()
        scene.update(dt)
        app.drawn += 1  # counted as the loop counts the frames it draws
        scene.draw(app.screen)
        pygame.display.flip()

    # the resize: the table placed at the window's size, and its first frame there
    start, start_cpu = time.perf_counter(), time.thread_time()
    app.push(scene)
    one_frame()
    resize = ((time.perf_counter() - start) * 1000, (time.thread_time() - start_cpu) * 1000)
    timed: list[Frame] = []
    profiles: list[tuple[float, int, pstats.Stats]] = []
    first_hand = scene.view.hand_number
    for index in range(1, frames + 1):
        before = moment(scene)
        profiler = cProfile.Profile() if profile_worst else None
        start, start_cpu = time.perf_counter(), time.thread_time()
        if profiler is not None:
            profiler.enable()
        one_frame()
        if profiler is not None:
            profiler.disable()
        wall = (time.perf_counter() - start) * 1000
        cpu = (time.thread_time() - start_cpu) * 1000
        after = moment(scene)
        said = before if before == after else f"{before} -> {after}"
        timed.append(Frame(index, wall, cpu, said))
        if profiler is not None:
            profiles.append((cpu, index, pstats.Stats(profiler)))
            profiles.sort(key=lambda p: -p[0])
            del profiles[profile_worst:]
        view = scene.view
        if view.phase == SESSION_OVER and scene.panel is not None and not scene.panel.busy:
            break
        dealt = view.hand_number >= first_hand + hands and scene.motion.deal is None
        if dealt and scene.panel is None:
            break  # the next hand is dealt: the hands asked for are whole
    scene.close()
    return summary(timed, resize, players, size, scene.view.hand_number - first_hand, profiles)


def summary(
    timed: list[Frame],
    resize: tuple[float, float],
    players: int,
    size: tuple[int, int],
    hands: int,
    profiles=(),
) -> dict:
    """The figures of a run: each clock's mean, median, 99th percentile, maximum and count
    over the budget; the slow frames with their moments; the worst frames' profiles."""
    out: dict = {"frames": len(timed), "hands": hands, "players": players}
    out["size"] = f"{size[0]}x{size[1]}"
    for prefix, values in (("", [f.wall_ms for f in timed]), ("cpu_", [f.cpu_ms for f in timed])):
        ordered = sorted(values)
        out[f"{prefix}mean_ms"] = round(statistics.fmean(ordered), 3)
        out[f"{prefix}p50_ms"] = _percentile(ordered, 0.5)
        out[f"{prefix}p99_ms"] = _percentile(ordered, 0.99)
        out[f"{prefix}max_ms"] = round(ordered[-1], 3)
        out[f"{prefix}over_budget"] = sum(1 for v in ordered if v > BUDGET_MS)
    out["resize_ms"] = round(resize[0], 3)
    out["resize_cpu_ms"] = round(resize[1], 3)
    out["slow"] = [
        {
            "frame": f.index,
            "wall_ms": round(f.wall_ms, 2),
            "cpu_ms": round(f.cpu_ms, 2),
            "moment": f.moment,
        }  # fmt: skip
        for f in timed
        if max(f.wall_ms, f.cpu_ms) > BUDGET_MS / 4
    ]
    out["profiles"] = [
        {"frame": index, "cpu_ms": round(cpu, 2), "top": _top(stats)}
        for cpu, index, stats in profiles
    ]
    return out


def _percentile(ordered: list[float], share: float) -> float:
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * share))], 3)


def _top(stats: pstats.Stats, lines: int = 14) -> str:
    """The functions that took the most time in one frame, with what they called."""
    stream = io.StringIO()
    stats.stream = stream
    stats.sort_stats("cumulative").print_stats(lines)
    text = stream.getvalue()
    return text[text.find("ncalls") :].rstrip() if "ncalls" in text else text.rstrip()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``bench frames [--players N] [--size WxH] [--hands N] [--frames N] [--seed S]
    [--slow] [--profile N] [--json]``."""
    from ..commands import cli

    parser.description = (
        "The cost of a frame at the table, headless: whole hands played by computers "
        "(the deal, the play, the hand-end panel) and the next deal."
    )
    parser.add_argument("--players", type=cli.count(2, 6), default=6)
    parser.add_argument("--size", type=cli.window_size, default=(1920, 1080))
    parser.add_argument("--hands", type=cli.count(1, 1000), default=1, help="whole hands to time")
    parser.add_argument(
        "--frames", type=cli.count(1, MAX_FRAMES), default=MAX_FRAMES, help="stop after this many"
    )
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument(
        "--slow",
        action="store_true",
        help="list the frames over a quarter of the budget, with what the table was doing",
    )
    parser.add_argument(
        "--profile",
        type=cli.count(1, 100),
        default=0,
        metavar="N",
        help="profile every frame and print the N slowest frames' profiles",
    )
    parser.add_argument("--json", action="store_true")


def run(args: argparse.Namespace) -> int:
    result = bench_frames(
        args.players, args.size, args.frames, args.seed, args.hands, args.profile or 0
    )
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{result['frames']} frames at {result['size']}, {result['players']} seats, "
        f"{result['hands']} hand(s) and the next deal:\n"
        f"  wall clock:        p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
        f"max {result['max_ms']} ms, {result['over_budget']} over {BUDGET_MS:.1f} ms "
        f"(mean {result['mean_ms']} ms)\n"
        f"  main thread's CPU: p50 {result['cpu_p50_ms']} ms, p99 {result['cpu_p99_ms']} ms, "
        f"max {result['cpu_max_ms']} ms, {result['cpu_over_budget']} over {BUDGET_MS:.1f} ms "
        f"(mean {result['cpu_mean_ms']} ms)\n"
        f"  the resize and the first frame at that size (not counted above): "
        f"{result['resize_ms']} ms, CPU {result['resize_cpu_ms']} ms"
    )
    if args.slow:
        slow = result["slow"] or []
        print(f"frames over {BUDGET_MS / 4:.1f} ms (wall or CPU): {len(slow)}")
        for f in slow:
            figures = f"wall {f['wall_ms']:7.2f}  cpu {f['cpu_ms']:7.2f}"
            print(f"  #{f['frame']:>5}  {figures}  {f['moment']}")
    for p in result["profiles"] or []:
        print(f"\nframe #{p['frame']}, CPU {p['cpu_ms']} ms (profiled):\n{p['top']}")
    return 0
