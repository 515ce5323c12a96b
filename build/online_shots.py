"""Render the README's pictures of online play, headless: ``python build/online_shots.py OUTDIR``.

A table is hosted on 127.0.0.1 with a fixed join code and seed (a friend's seat and two
computers), and a guest joins it through real sockets: the first picture is the host's
lobby once the friend has joined, the second the friend's window at their first move.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from knockrummy import workers  # noqa: E402
from knockrummy.language import speaking  # noqa: E402
from knockrummy.language.cards import lettering  # noqa: E402
from knockrummy.net import hosting  # noqa: E402
from knockrummy.net.guest import GuestLink, GuestSource  # noqa: E402
from knockrummy.net.headless import serve_table  # noqa: E402
from knockrummy.settings import Settings  # noqa: E402
from knockrummy.ui.game import Game  # noqa: E402
from knockrummy.ui.loop import App  # noqa: E402
from knockrummy.ui.runner import init_pygame  # noqa: E402
from knockrummy.ui.scenes.lobby import LobbyScreen  # noqa: E402
from knockrummy.ui.sound import Sounds  # noqa: E402
from knockrummy.ui.table.controller import TableScene  # noqa: E402
from knockrummy.ui.table.hooks import TableHooks  # noqa: E402

# the computers decide as they are asked: each picture is of one moment, never a race
workers.new_worker = workers.InlineWorker

CODE = "ZAGJXE"
SEED = 7
PROFILE = "knock-rummy"
SEATS = ["friend", "medium", "medium"]
SIZE = (1280, 800)
WAIT = 120.0
"""The longest a picture waits for the table (a busy machine is slow; a hang fails)."""


def _until(app: App, done, what: str) -> None:
    end = time.monotonic() + WAIT
    while not done():
        if time.monotonic() > end:
            raise SystemExit(f"online_shots: {what} did not happen in {WAIT:.0f} s")
        app.step(1 / 60, [])
        time.sleep(0.005)


def render(outdir: Path, size: tuple[int, int]) -> list[Path]:
    """Both pictures, saved in ``outdir``."""
    saved = []
    with tempfile.TemporaryDirectory() as folder:
        game = Game.open(str(Path(folder) / "host"))
        network = hosting.new_network(CODE, "127.0.0.1", 0, None, 10.0)
        hosted = hosting.Hosting(game, PROFILE, hosting.seats_of(SEATS), network, seed=SEED)
        url = network.start()
        app = App(size)
        lobby = LobbyScreen(game, hosted, url, lambda: None, lambda: None)
        app.push(lobby)
        lobby.resize(size)
        source = GuestSource(GuestLink(url, "Ann"))
        source.link.start()
        _until(app, lambda: hosted.table.all_taken, "the friend's joining")
        for _ in range(30):
            app.step(1 / 60, [])
        lobby.draw(app.screen)
        saved.append(outdir / "online-lobby.png")
        pygame.image.save(app.screen, str(saved[-1]))

        stop = threading.Event()
        host = threading.Thread(target=serve_table, args=(hosted, None, stop.is_set), daemon=True)
        host.start()
        end = time.monotonic() + WAIT
        while not source.started:  # as the Join screen waits for the table
            if time.monotonic() > end:
                raise SystemExit("online_shots: the table was not sent to the friend")
            source.pump()
            time.sleep(0.01)
        settings = Settings(speed="instant", window_size=size)
        scene = TableScene(source, settings, Sounds(False), hooks=TableHooks())
        app.replace(scene)
        scene.resize(size)
        _until(app, lambda: scene.can_act, "the friend's first move")
        for _ in range(60):
            app.step(1 / 60, [])
        scene.draw(app.screen)
        saved.append(outdir / "online-guest.png")
        pygame.image.save(app.screen, str(saved[-1]))

        stop.set()
        host.join(30)
        hosted.table.finish("host-left", linger=0)
        source.close()
        if hosted.source is not None:
            hosted.source.close()
        game.store.close()
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    args = parser.parse_args(argv)
    init_pygame()
    args.outdir.mkdir(parents=True, exist_ok=True)
    with speaking("en"), lettering(Settings().card_letters):
        for path in render(args.outdir, SIZE):
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
