"""Render the table's layout matrix, headless: ``python build/layout_shots.py OUTDIR``.

Every profile, at two seats and at its largest table, is played from a fixed seed by easy
computer players (the bottom seat too, as if a person played it), and at each moment a
player meets (draw, discard, hint shown, hand log open, pile history open, knock available,
knock confirmation, hand end, buy-back, game over; the rule tips showing as to a new
player) the table is drawn at every window size
and at the normal and the extra-large card size. Each picture is checked as the layout
test checks it (nothing overlaps, nothing leaves the window, no overlay hides a seat, no
text is cut to fit its box) and what it finds is printed beside the file's name and
written to ``OUTDIR/problems.txt``.

Files are named ``PROFILE-SEATS-MOMENT-WxH-SCALE.png``. ``--profile``, ``--seats``,
``--size``, ``--scale`` and ``--moment`` (each repeatable) draw a part of the matrix.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# the README pictures' script sets up headless pygame and the package's imports
from screenshots import (  # noqa: E402
    BUY_BACK,
    HAND_OVER,
    SESSION_OVER,
    App,
    SeatBots,
    Settings,
    TableOptions,
    default_seats,
    init_pygame,
    new_session,
    pygame,
)

from knockrummy import language  # noqa: E402
from knockrummy.engine.actions import Knock, NextHand  # noqa: E402
from knockrummy.engine.melds import discard_points  # noqa: E402
from knockrummy.engine.profiles import PROFILES
from knockrummy.language import speaking  # noqa: E402
from knockrummy.language.cards import lettering  # noqa: E402
from knockrummy.ui.fonts import recording_cuts  # noqa: E402
from knockrummy.ui.game import Game  # noqa: E402
from knockrummy.ui.navigator import Navigator  # noqa: E402
from knockrummy.ui.rule_tips import TableTips  # noqa: E402
from knockrummy.ui.runner import table_scene  # noqa: E402
from knockrummy.ui.table.hooks import TableHooks  # noqa: E402
from knockrummy.ui.table.painter import Marks, draw_table  # noqa: E402

SIZES = ((1024, 640), (1280, 800), (1920, 1080), (3840, 2160))
SCALES = (1.0, 1.45)
MOMENTS = (
    "draw",
    "discard",
    "hint",
    "log",
    "pile",
    "knock",
    "knock-confirm",
    "hand-end",
    "buy-back",
    "game-over",
    "game-over-screen",
)
DT = 1 / 60


class Matrix:
    """Draws one table at every size and scale and keeps what the checks find."""

    def __init__(self, outdir: Path, sizes, scales, moments):
        self.outdir = outdir
        self.sizes = sizes
        self.scales = scales
        self.moments = moments
        self.found: list[str] = []

    def shoot(self, scene, label: str, moment: str) -> None:
        """Draw ``scene`` now at every size and scale, then put it back as it was."""
        if moment not in self.moments:
            return
        size, settings = scene.size, scene.settings
        for shape in self.sizes:
            for scale in self.scales:
                scene.settings = replace(settings, card_scale=scale)
                scene.resize(shape)
                for _ in range(3):  # the cards settle at their new places
                    scene.motion.settle(scene._targets(), DT, None)
                marks = Marks()
                surface = pygame.Surface(shape)
                with recording_cuts() as cuts:
                    draw_table(scene.frame(), surface, marks)
                name = f"{label}-{moment}-{shape[0]}x{shape[1]}-{scale}.png"
                pygame.image.save(surface, str(self.outdir / name))
                problems = marks.problems(shape) + [f"cut to fit: {t!r}" for t in cuts]
                print(name, "ok" if not problems else f"{len(problems)} problems", flush=True)
                self.found += [f"{name}: {p}" for p in problems]
        scene.settings = settings
        scene.resize(size)

    def shoot_game_over(self, state, seats, label: str) -> None:
        """The game-over screen after the last panel, at every size (no card size in it;
        it records no marks, so it is only drawn)."""
        if "game-over-screen" not in self.moments:
            return
        with tempfile.TemporaryDirectory() as folder:
            spoken = language.current()
            game = Game.open(folder)
            language.use(spoken)  # the picture's language, not the folder's setting
            for shape in self.sizes:
                app = App(shape)
                Navigator(app, game)
                app.navigator.game_over(state, seats)
                app.dirty = True
                app.step(DT, [])
                name = f"{label}-game-over-screen-{shape[0]}x{shape[1]}.png"
                pygame.image.save(app.screen, str(self.outdir / name))
                print(name, "drawn", flush=True)
            game.store.close()


def _wait(app: App, scene, done, limit: int = 20000) -> bool:
    for _ in range(limit):
        if done():
            return True
        app.step(DT, [])
        for future in (scene.hint_future, scene.question.future):
            if future is not None:
                future.result(timeout=30)
    return done()


def play(matrix: Matrix, profile: str, players: int, seed: int) -> None:
    """Play one session from ``seed``, drawing each moment the first time it comes."""
    label = f"{profile}-{players}"
    app = App(SIZES[0])
    session = new_session(profile, players, seed)
    seats = default_seats(players, humans=1, level="easy")
    settings = Settings(speed="instant", window_size=SIZES[0], confirm_knock="always")
    kept = [settings]  # the rule tips show as to a new player, each once
    tips = TableTips(lambda: kept[0], lambda changed: kept.__setitem__(0, changed))
    scene = table_scene(session, seats, settings, TableOptions(), TableHooks(tips=tips))
    app.push(scene)
    scene.resize(SIZES[0])
    bot = SeatBots(["easy"] * players)
    seen: set[str] = set()

    def once(moment: str) -> bool:
        if moment in seen:
            return False
        seen.add(moment)
        return True

    for _ in range(400000):
        if seen.issuperset(matrix.moments):
            break  # every moment asked for is drawn (the game over ends the loop anyway)
        view = scene.view
        if scene.panel is not None:
            if scene.panel.busy:
                pass
            elif view.phase == SESSION_OVER:
                matrix.shoot(scene, label, "game-over")
                matrix.shoot_game_over(scene.source.state, list(scene.seats), label)
                break
            elif view.phase == BUY_BACK and view.to_move == scene.viewer:
                if once("buy-back"):
                    matrix.shoot(scene, label, "buy-back")
                scene.source.play(bot.decide(scene.source.state, scene.viewer), scene.viewer)
            elif view.phase == HAND_OVER:
                if once("hand-end"):
                    matrix.shoot(scene, label, "hand-end")
                scene.source.play(NextHand(), None)
        elif scene.can_act:
            if view.hand_phase == "draw" and once("draw"):
                matrix.shoot(scene, label, "draw")
            if view.hand_phase == "discard":
                _discard_moments(app, scene, matrix, label, once)
            if scene.can_act:
                scene.try_action(bot.decide(scene.source.state, scene.viewer))
        app.step(DT, [])
    scene.close()


def _discard_moments(app, scene, matrix: Matrix, label: str, once) -> None:
    if once("discard"):
        scene.selected = scene.viewer_order()[-1]
        scene.refresh_buttons()
        matrix.shoot(scene, label, "discard")
        scene.show_log = True
        matrix.shoot(scene, label, "log")
        scene.show_log = False
        scene.show_pile = True
        matrix.shoot(scene, label, "pile")
        scene.show_pile = False
        scene._show_hint()
        _wait(app, scene, lambda: scene.hint_future is None)
        app.step(DT, [])
        matrix.shoot(scene, label, "hint")
        for moment in ("log", "pile", "hint"):
            once(moment)
    knocks = [a.card for a in scene.legal if isinstance(a, Knock)]
    if knocks and once("knock"):
        scene.hint = ""
        left = discard_points(list(scene.view.hand), forbidden=scene.view.taken)
        scene.selected = min(knocks, key=lambda card: left.get(card, 999))  # the best knock
        scene.refresh_buttons()
        app.step(DT, [])
        matrix.shoot(scene, label, "knock")
        scene._knock()  # the confirmation setting is "always": it asks
        app.step(DT, [])
        matrix.shoot(scene, label, "knock-confirm")
        scene.question.keep_playing()
        once("knock-confirm")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--profile", action="append", choices=sorted(PROFILES))
    parser.add_argument("--seats", action="append", choices=["two", "most"])
    parser.add_argument("--size", action="append", help="window size, e.g. 1920x1080")
    parser.add_argument("--scale", action="append", type=float)
    parser.add_argument("--moment", action="append", choices=MOMENTS)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument(
        "--language", default="en", help="the language the table speaks (en, fr, es)"
    )
    args = parser.parse_args(argv)
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.size] if args.size else SIZES
    init_pygame()
    args.outdir.mkdir(parents=True, exist_ok=True)
    matrix = Matrix(args.outdir, sizes, args.scale or SCALES, args.moment or MOMENTS)
    with speaking(args.language), lettering(Settings().card_letters):
        for profile_id in args.profile or list(PROFILES):
            profile = PROFILES[profile_id]
            tables = {"two": profile.min_players, "most": profile.max_players}
            for players in sorted({tables[k] for k in args.seats or tables}):
                play(matrix, profile_id, players, args.seed)
    (args.outdir / "problems.txt").write_text("".join(f"{p}\n" for p in matrix.found))
    print(f"{len(matrix.found)} problems")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
