"""The table as a small machine: one mode at a time, every move between modes decided in
one function, seats asked through their policies, and no game flow in the animations."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from knockrummy.ai import make_bot
from knockrummy.engine.actions import Discard
from knockrummy.engine.session import HAND_OVER
from knockrummy.play.seats import Computer, Person, Scripted
from knockrummy.ui.table import controller
from knockrummy.ui.table.modes import Facts, Mode, next_mode

from .conftest import key, make_table, run_until, step

HUMAN = make_bot("easy", 1)
"""Plays the human's seat in these tests."""

PLAYING = Facts(
    animating=False,
    dealing=False,
    playing=True,
    over=False,
    handoff=False,
    asking=False,
    to_move=0,
    here=True,
    ready=False,
    grace=False,
)


@pytest.mark.parametrize(
    ("changes", "mode"),
    [
        ({}, Mode.SEAT_TO_ACT),
        ({"animating": True, "dealing": True}, Mode.DEALING),
        ({"animating": True}, Mode.ANIMATING),
        ({"animating": True, "playing": False}, Mode.ANIMATING),  # the panel waits
        ({"playing": False}, Mode.HAND_END),
        ({"playing": False, "over": True}, Mode.GAME_OVER),
        ({"handoff": True}, Mode.HANDOFF),
        ({"asking": True}, Mode.ASKING),
        ({"to_move": None}, Mode.WAITING),
        ({"to_move": 1, "here": False, "ready": True}, Mode.THINKING),
        ({"to_move": 1, "here": False, "ready": True, "grace": True}, Mode.GRACE),
        ({"to_move": 1, "here": False, "ready": False}, Mode.WAITING),  # a lesson's Next
    ],
)
def test_each_mode_follows_from_its_facts(changes, mode):
    assert next_mode(replace(PLAYING, **changes)) is mode


def _play_for_the_human(scene):
    if scene.can_act:
        scene.try_action(HUMAN.choose(scene.view))


def test_a_hand_goes_through_its_modes_in_order():
    app, scene = make_table(seed=5, speed="fast")
    seen = [scene.mode]
    for _ in range(20000):
        _play_for_the_human(scene)
        step(app)
        if scene.mode is not seen[-1]:
            seen.append(scene.mode)
        if scene.view.phase == HAND_OVER and scene.panel is not None:
            break
    assert seen[0] is Mode.DEALING
    assert {Mode.SEAT_TO_ACT, Mode.ANIMATING, Mode.THINKING} <= set(seen)
    assert seen[-1] is Mode.HAND_END
    assert Mode.HAND_END not in seen[:-1]


def test_the_panel_opens_when_the_animations_are_over_not_from_inside_them():
    app, scene = make_table(seed=5, speed="normal")
    for _ in range(60000):
        if scene.view.phase == HAND_OVER:
            break
        _play_for_the_human(scene)
        step(app)
    assert scene.panel is None
    assert scene.mode is Mode.ANIMATING  # the last move lands, the pause after it runs
    assert run_until(app, lambda: scene.panel is not None)
    assert scene.mode is Mode.HAND_END and not scene.motion.seq.busy


def test_the_controller_queues_no_game_flow_in_the_animations():
    """The animations are told what to show and report when they are over; what comes
    next (the panel, a hand-off, the words of the moves shown) is the controller's."""
    tree = ast.parse(Path(controller.__file__).read_text(encoding="utf-8"))
    calls = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "call"
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "seq"
    ]
    assert calls == []


def test_each_seat_is_asked_through_its_policy():
    app, scene = make_table(players=3, seed=5)
    assert isinstance(scene.source.policies[0], Person)
    assert all(isinstance(p, Computer) for p in scene.source.policies[1:])
    asked = []
    real = scene.source.policies[1]

    class Watching(Computer):
        def decide(self, state, seat):
            asked.append(seat)
            return real.decide(state, seat)

    scene.source.policies[1] = Watching(real.decide)
    assert run_until(app, lambda: 1 in asked)


def test_a_scripted_seat_waits_while_its_script_has_no_move():
    app, scene = make_table(players=2, seed=5)
    assert run_until(app, lambda: scene.can_act)
    scene.source.policies[1] = Scripted(lambda: None)
    app.step(1 / 60, [key(pygame.K_s)])
    run_until(app, lambda: not scene.motion.seq.busy)
    scene.try_action(next(a for a in scene.legal if isinstance(a, Discard)))
    log = len(scene.source.state.log)
    step(app, 300)
    assert scene.mode is Mode.WAITING and len(scene.source.state.log) == log
    assert not scene.busy  # nothing to do: the window may sleep


DRAWING = ("painter", "seat_painter", "panel_painter", "overlays", "marks", "redraw")
"""The painter's modules: they draw a frame's shapes, cards and strings, nothing else."""


@pytest.mark.parametrize("name", DRAWING)
def test_the_painter_reads_only_the_frame_and_imports_nothing_above_it(name):
    import importlib

    from .test_structure import _imports

    module = importlib.import_module(f"knockrummy.ui.table.{name}")
    path = Path(module.__file__)
    imported = _imports(path, f"knockrummy.ui.table.{name}")
    banned = (
        "knockrummy.ui.table.controller",
        "knockrummy.ui.table.frame_builder",
        "knockrummy.ui.table.panel.",
        "knockrummy.ui.table.motion",
        "knockrummy.ui.table.layout",
        "knockrummy.ui.scenes",
        "knockrummy.ui.wording",
        "knockrummy.language",
        "knockrummy.engine.profiles",
        "knockrummy.engine.session",
        "knockrummy.engine.views",
        "knockrummy.play",
    )
    assert not [m for m in imported if m.startswith(banned)], imported
    engine = [m for m in imported if m.startswith("knockrummy.engine")]
    assert all(m.startswith("knockrummy.engine.cards") for m in engine), engine  # cards only
    names = {n.id for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Name)}
    assert not names & {
        "TableMotion",
        "HandEndPanel",
        "Button",
        "get_profile",
        "TableScene",
        "PlayerView",
    }


def test_a_frame_holds_values_only():
    from knockrummy.ui.table.motion import TableMotion
    from knockrummy.ui.table.panel import HandEndPanel
    from knockrummy.ui.widgets import Button

    app, scene = make_table(players=3, humans=0, seed=4, autoplay=False)
    assert run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
    frame = scene.frame()
    live = (TableMotion, HandEndPanel, Button, controller.TableScene)
    fields = [getattr(frame, name) for name in frame.__dataclass_fields__]
    fields += list(frame.buttons) + list(frame.panel.buttons) + [frame.panel, frame.motion]
    assert not [f for f in fields if isinstance(f, live)]
    hash(frame.panel.geometry), hash(frame.motion), hash(frame.buttons)  # frozen values
