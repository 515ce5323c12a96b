"""``knockrummy bench monkey``: the real window, headless, pressed at random for a long time.

A monkey plays the whole game as a careless player would: random keys (every key the game
documents, and others, with and without modifiers), clicks on buttons and anywhere else,
drags, the wheel, typed text and window resizes, on every screen reached from the title
and at tables of every profile at two seats and at the profile's largest table, alone
against computers and in pass-and-play. Nothing may escape the loop: an exception ends
the run with the seed and the step that raised it, so the run can be played again.

Glossary:
    episode   one start (the title screen, or a table of one profile and size) driven for
              a number of steps; it starts again from the title when the window closes.
    step      a few random events, then one frame of ``update`` and ``draw`` at a fixed
              ``dt`` (time is stepped, never read from a clock).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field

SIZES = ((1024, 640), (1280, 800), (1920, 1080), (3840, 2160))
"""The window sizes a resize picks from (the largest rarely: it is slow to draw)."""

DT = 1 / 60

TEXTS = ("Mia", "7H", "~", "~nosuchuser/x.json", "/", "é ♠ 漢", "\x00", "a" * 60, " ", "0")
"""Typed text: names, card codes, paths, nothing, control characters and long runs."""


@dataclass
class MonkeyReport:
    """What a monkey run did."""

    seed: int
    steps: int = 0
    events: int = 0
    episodes: int = 0
    restarts: int = 0
    """Times the window closed (Quit, Escape on the title) and the run began again."""
    screens: Counter = field(default_factory=Counter)
    """Frames drawn on each screen, by the scene's class name."""
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {
            "seed": self.seed,
            "steps": self.steps,
            "events": self.events,
            "episodes": self.episodes,
            "restarts": self.restarts,
            "screens": dict(sorted(self.screens.items())),
            "seconds": round(self.seconds, 1),
        }


class MonkeyError(AssertionError):
    """Something escaped the loop: the seed and step say how to meet it again."""


def _keys():
    import pygame

    documented = [
        pygame.K_s, pygame.K_d, pygame.K_k, pygame.K_p, pygame.K_h, pygame.K_t, pygame.K_l,
        pygame.K_v, pygame.K_f, pygame.K_m, pygame.K_n, pygame.K_r, pygame.K_y, pygame.K_u,
        pygame.K_z, pygame.K_x, pygame.K_i, pygame.K_ESCAPE, pygame.K_RETURN,
        pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP,
        pygame.K_PAGEDOWN, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_F1,
    ]  # fmt: skip
    others = [pygame.K_a, pygame.K_q, pygame.K_0, pygame.K_9, pygame.K_F5, pygame.K_LSHIFT]
    return documented, others


def _buttons(scene) -> list:
    """Every visible, placed button the scene holds (in fields, lists, dicts, a panel)."""
    from ..ui.widgets import Button

    found: list = []
    seen: set[int] = set()

    def visit(value, depth: int) -> None:
        if depth > 3 or id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, Button):
            if value.visible and value.rect is not None:
                found.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                visit(v, depth + 1)
        elif isinstance(value, (list, tuple)):
            for v in value:
                visit(v, depth + 1)
        elif hasattr(value, "__dict__") and type(value).__module__.startswith("knockrummy.ui"):
            for v in vars(value).values():
                visit(v, depth + 1)

    visit(scene, 0)
    return found


class Monkey:
    """Random input for one window; ``rng`` decides everything."""

    def __init__(self, app, rng: random.Random) -> None:
        self.app = app
        self.rng = rng
        self.documented, self.others = _keys()

    def play_on(self) -> None:
        """Now and then, a move a player would make at the table (through the table's own
        checked door), so that the monkey reaches hand ends, buy-backs and the game's end."""
        scene = self.app.scene
        if type(scene).__name__ != "TableScene" or self.rng.random() > 0.3:
            return
        if scene.can_act and scene.legal:
            scene.try_action(self.rng.choice(scene.legal))

    def events(self) -> list:
        """The events of one step (often none: the game gets time to answer)."""
        import pygame

        rng = self.rng
        roll = rng.random()
        if roll < 0.35:
            return []
        size = self.app.screen.get_size()
        scene = self.app.scene
        if roll < 0.62:
            keys = self.documented if rng.random() < 0.85 else self.others
            k = rng.choice(keys)
            mod = rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT))
            return [
                pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
                pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0),
            ]
        if roll < 0.84:
            buttons = _buttons(scene)
            if buttons and rng.random() < 0.7:
                pos = rng.choice(buttons).rect.center
            else:
                pos = (rng.randrange(size[0]), rng.randrange(size[1]))
            button = 1 if rng.random() < 0.9 else rng.choice((2, 3))
            return [
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
            ]
        if roll < 0.92:  # a drag from one point to another
            start = (rng.randrange(size[0]), rng.randrange(size[1]))
            end = (rng.randrange(size[0]), rng.randrange(size[1]))
            middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
            return [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(5, 5), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(5, 5), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
            ]
        if roll < 0.96:
            pos = (rng.randrange(size[0]), rng.randrange(size[1]))
            y = rng.choice((-3, -1, 1, 3))
            return [
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                   precise_y=float(y)),
            ]  # fmt: skip
        if roll < 0.985:
            return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))]
        weights = (4, 3, 2, 1)
        w, h = rng.choices(SIZES, weights)[0]
        return [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))]


def _start(app, game, start: tuple[str, int, int]) -> None:
    """Open the window at ``start``: ``("title", 0, 0)`` or ``(profile, players, humans)``."""
    from ..ui.runner import default_seats

    profile, players, humans = start
    navigator = app.navigator
    if profile == "title":
        navigator.title()
        return
    seats = default_seats(players, humans=humans, level="easy")
    session_id, state = game.start(profile, seats, seed=players * 7 + humans)
    navigator.table(session_id, state, seats)


def starts(profiles=None) -> list[tuple[str, int, int]]:
    """The title, then a table of every profile at two seats and at its largest table,
    against computers and in pass-and-play."""
    from ..engine.profiles import PROFILES

    out = [("title", 0, 0)]
    for profile in profiles or PROFILES:
        high = PROFILES[profile].max_players
        out += [(profile, 2, 1), (profile, high, 1), (profile, high, 2)]
    return out


def run_monkey(
    seed: int,
    steps_per_episode: int,
    episodes: list[tuple[str, int, int]],
    data_dir: str | None = None,
    size: tuple[int, int] = (1280, 800),
) -> MonkeyReport:
    """Drive the window from each start in ``episodes`` for ``steps_per_episode`` steps.
    Raises :class:`MonkeyError` naming the seed, the episode and the step if anything
    escapes the loop."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ..settings import Settings
    from ..ui.game import Game
    from ..ui.loop import App
    from ..ui.navigator import Navigator
    from ..ui.runner import init_pygame

    init_pygame()
    folder = data_dir or tempfile.mkdtemp(prefix="knockrummy-monkey-")
    report = MonkeyReport(seed)
    began = time.perf_counter()
    for number, start in enumerate(episodes):
        rng = random.Random(f"{seed}:{number}")
        game = Game.open(folder)
        game.settings = Settings(speed=rng.choice(("instant", "fast", "normal")))
        app = App(size)
        Navigator(app, game)
        _start(app, game, start)
        monkey = Monkey(app, rng)
        report.episodes += 1
        for step in range(steps_per_episode):
            try:
                if not app.running or not app.scenes:
                    report.restarts += 1
                    app = App(size)
                    Navigator(app, game)
                    _start(app, game, start)
                    monkey.app = app
                monkey.play_on()
                events = monkey.events()
                report.events += len(events)
                app.step(DT, events)
                if app.scenes:
                    report.screens[type(app.scene).__name__] += 1
            except Exception as exc:
                raise MonkeyError(
                    f"seed {seed}, episode {number} {start}, step {step}: "
                    f"{type(exc).__name__}: {exc}"
                ) from exc
            report.steps += 1
        for scene in app.scenes:
            scene.close()
    report.seconds = time.perf_counter() - began
    return report


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..commands import cli

    parser.add_argument("--seed", type=cli.seed, default=1, help="the monkey's seed")
    parser.add_argument(
        "--steps", type=cli.count(1, 1_000_000), default=2000, help="steps from each start"
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def run(args: argparse.Namespace) -> int:
    try:
        report = run_monkey(args.seed, args.steps, starts())
    except MonkeyError as exc:
        print(f"the monkey broke the game: {exc}")
        return 1
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        data = report.to_json()
        print(
            f"{data['steps']} steps, {data['events']} events, {data['episodes']} starts, "
            f"{data['restarts']} restarts in {data['seconds']} s: nothing escaped the loop"
        )
        for name, frames in data["screens"].items():
            print(f"  {name}: {frames} frames")
    return 0
