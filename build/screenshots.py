"""Render the README's pictures of the table, headless: ``python build/screenshots.py OUTDIR``.

Each shot is one row of ``SHOTS`` (a name, a profile, the number of seats, how many are
human, the deal's seed and the moment to catch); add a row for a new picture, and pass
``--size WxH`` (repeatable) for other window sizes. Every shot is played from its seed,
so the pictures change only when the table does.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from knockrummy import language, workers  # noqa: E402
from knockrummy.engine.actions import Discard, DrawStock, NextHand  # noqa: E402
from knockrummy.engine.session import (  # noqa: E402
    BUY_BACK,
    HAND_OVER,
    SESSION_OVER,
    new_session,
)
from knockrummy.language import speaking  # noqa: E402
from knockrummy.language.cards import lettering  # noqa: E402
from knockrummy.play.bots import SeatBots  # noqa: E402
from knockrummy.settings import Settings  # noqa: E402
from knockrummy.ui.game import Game  # noqa: E402
from knockrummy.ui.loop import App  # noqa: E402
from knockrummy.ui.navigator import Navigator  # noqa: E402
from knockrummy.ui.runner import default_seats, init_pygame, table_scene  # noqa: E402
from knockrummy.ui.table.controller import TableOptions  # noqa: E402

# the computers decide as they are asked: each picture is of one moment, never a race
workers.new_worker = workers.InlineWorker


@dataclass(frozen=True)
class Shot:
    """One picture: a table played from ``seed`` to the moment ``when``."""

    name: str
    profile: str
    players: int
    humans: int
    seed: int
    when: str
    """``mid-hand`` (the viewer's turn, log open), ``hand-end``, ``out`` (the human,
    played by an easy computer player, is eliminated and offered the buy-back) or
    ``lesson`` (the profile's Learn to play lesson at step ``step``; ``seed`` is unused) or
    ``replay`` (a session of hard against easy played from ``seed`` and saved, its hand 2
    opened in the replay viewer at step ``step`` with the coach's review)."""
    step: int = 0
    language: str = "en"
    """The language the window speaks in the picture."""


SHOTS = (
    Shot("table-2-seats", "gin-rummy", 2, 1, 4, "mid-hand"),
    Shot("table-6-seats", "knock-rummy", 6, 1, 4, "mid-hand"),
    Shot("hand-end", "knock-rummy", 3, 0, 7, "hand-end"),
    Shot("knock-rami-out", "knock-rami", 3, 1, 5, "out"),
    Shot("lesson", "knock-rummy", 2, 1, 0, "lesson", step=2),
    Shot("replay-viewer", "knock-rummy", 2, 1, 11, "replay", step=9),
    Shot("table-2-seats-fr", "gin-rummy", 2, 1, 4, "mid-hand", language="fr"),
)
SIZES = ((1280, 800),)


def _until(app: App, scene, done, limit: int = 60000) -> bool:
    for _ in range(limit):
        if done():
            return True
        app.step(1 / 60, [])
    return done()


def render(shot: Shot, size: tuple[int, int]) -> pygame.Surface:
    """The window at ``size`` at the shot's moment."""
    if shot.when == "lesson":
        return _render_lesson(shot, size)
    if shot.when == "replay":
        return _render_replay(shot, size)
    app = App(size)
    session = new_session(shot.profile, shot.players, shot.seed)
    seats = default_seats(shot.players, humans=shot.humans, level="medium")
    settings = Settings(speed="instant", window_size=size)
    # a computer-only table waits at each panel, except to play on to an elimination
    options = TableOptions(autoplay=shot.when == "out" and shot.humans == 0)
    scene = table_scene(session, seats, settings, options)
    app.push(scene)
    scene.resize(size)
    if shot.when == "mid-hand":
        for _ in range(2):  # two turns, so every seat has something to tell
            _until(app, scene, lambda: scene.can_act)
            scene.try_action(DrawStock())
            _until(app, scene, lambda: not scene.motion.busy)
            scene.try_action(Discard(scene.viewer_order()[-1]))
        _until(app, scene, lambda: scene.can_act)
        scene.try_action(DrawStock())
        scene.show_log = True
        scene.selected = scene.viewer_order()[-1]
        for _ in range(60):
            app.step(1 / 60, [])
    elif shot.when == "hand-end":
        _until(app, scene, lambda: scene.panel is not None and not scene.panel.busy)
        for _ in range(60):
            app.step(1 / 60, [])
    else:
        _play_until_offered(app, scene)
    scene.draw(app.screen)
    return app.screen


def _render_lesson(shot: Shot, size: tuple[int, int]) -> pygame.Surface:
    """A lesson's step as the player sees it (settings kept in a scratch folder)."""
    with tempfile.TemporaryDirectory() as folder:
        spoken = language.current()
        game = Game.open(folder)
        language.use(spoken)  # the picture's language, not the folder's setting
        game.change_settings(Settings(speed="instant", window_size=size))
        app = App(size)
        Navigator(app, game)
        app.navigator.lesson(shot.profile, shot.step)
        scene = app.scene
        scene.resize(size)
        _until(app, scene, lambda: not scene.busy, limit=2000)
        for _ in range(60):
            app.step(1 / 60, [])
        scene.draw(app.screen)
        game.store.close()
        return app.screen


def _render_replay(shot: Shot, size: tuple[int, int]) -> pygame.Surface:
    """A saved hand in the replay viewer, with the coach's review of the human seat."""
    from knockrummy.ai import make_bot
    from knockrummy.commands.sim import play_session

    seats = [
        {"name": "Ada", "kind": "human", "level": "medium"},
        {"name": "Ben", "kind": "computer", "level": "easy"},
    ]
    with tempfile.TemporaryDirectory() as folder:
        spoken = language.current()
        game = Game.open(folder)
        language.use(spoken)  # the picture's language, not the folder's setting
        game.change_settings(Settings(speed="instant", window_size=size))
        bots = [make_bot("hard", 1), make_bot("easy", 2)]
        state = play_session(
            shot.profile,
            shot.players,
            shot.seed,
            bots,
            until=lambda s: s.to_move is None and s.hand_number == 4,
        )
        sid = game.store.add_session(state, seats)
        app = App(size)
        Navigator(app, game)
        app.navigator.replay(sid, 2)
        viewer = app.scene
        viewer.resize(size)
        viewer.wait_for_review(300)
        viewer.go(shot.step)
        for _ in range(5):
            app.step(1 / 60, [])
        viewer.draw(app.screen)
        game.store.close()
        return app.screen


def _play_until_offered(app: App, scene) -> None:
    """Play the human seat with an easy computer player until it is offered the buy-back
    (or the session ends first)."""
    player = SeatBots(["easy"] * scene.source.state.players)
    for _ in range(200000):
        view = scene.view
        if scene.panel is not None and not scene.panel.busy:
            if view.phase == BUY_BACK and view.to_move == 0:
                return
            if view.phase == HAND_OVER:
                scene.source.play(NextHand(), None)
            elif view.phase == SESSION_OVER:
                return
        elif scene.can_act:
            scene.try_action(player.decide(scene.source.state, 0))
        app.step(1 / 60, [])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--size", action="append", help="window size, e.g. 1920x1080")
    parser.add_argument("--only", action="append", help="render only this shot")
    parser.add_argument(
        "--language", help="render every shot in this language (its name gets the code)"
    )
    args = parser.parse_args(argv)
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.size] if args.size else SIZES
    init_pygame()
    args.outdir.mkdir(parents=True, exist_ok=True)
    for shot in SHOTS:
        if args.only and shot.name not in args.only:
            continue
        if args.language:
            shot = replace(shot, language=args.language)
            if not shot.name.endswith(f"-{args.language}"):
                shot = replace(shot, name=f"{shot.name}-{args.language}")
        for size in sizes:
            suffix = "" if len(sizes) == 1 else f"-{size[0]}x{size[1]}"
            path = args.outdir / f"{shot.name}{suffix}.png"
            # the text prints the faces' letters of the language, as the window's default
            with speaking(shot.language), lettering(Settings().card_letters):
                pygame.image.save(render(shot, size), str(path))
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
