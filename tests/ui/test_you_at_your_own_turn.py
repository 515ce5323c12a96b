""" "You" is a seat, not a name: at a pass-and-play table of three people, each person is
spoken to as "you" on their own turn, and the others are named."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from knockrummy.engine.session import new_session
from knockrummy.play.bots import SeatBots
from knockrummy.settings import Settings
from knockrummy.ui import table as table_package
from knockrummy.ui.runner import default_seats
from knockrummy.ui.table.modes import Mode
from knockrummy.ui.tables import table_scene

from .conftest import DT, key


def test_each_person_is_you_on_their_own_turn_and_the_others_are_named():
    seats = default_seats(3, humans=3)
    assert [s.name for s in seats] == ["Player 1", "Player 2", "Player 3"]
    scene = table_scene(new_session("knock-rummy", 3, 12), seats, Settings(speed="instant"))
    scene.resize((1280, 800))
    scene.show_log = True
    bots = SeatBots(["easy"] * 3)
    looked = set()
    for _ in range(5000):
        scene.update(DT)
        if scene.handoff is not None:
            scene.handle(key(pygame.K_RETURN))
            continue
        if scene.mode is not Mode.SEAT_TO_ACT:
            continue
        me = scene.viewer
        story = scene.frame().story
        lines = story.log
        mine = [line for line in lines if line.startswith("You")]
        if mine and len(lines) >= 3:  # everyone has moved: each is told of
            looked.add(me)
            assert not any(f"Player {me + 1}" in line for line in lines), lines
            others = {f"Player {s + 1}" for s in range(3) if s != me}
            assert all(any(line.startswith(name) for line in lines) for name in others), lines
            assert scene.frame().status.startswith(("Select", "Your turn", "The upcard")), (
                scene.frame().status
            )
        if looked == {0, 1, 2} or scene.view.phase != "playing":
            break
        assert scene.try_action(bots.decide(scene.source.state, me))
    assert looked == {0, 1, 2}


FORBIDDEN = {
    "SessionState",
    "apply",
    "apply_unchecked",
    "new_session",
    "replay_session",
    "hand_seed",
    "legal_actions",
    "can_undo",
    "undo_refusal",
    "refusal",
    "player_view",
    "spectator_view",
    "seen_events",
    "decision_seed",
    "LocalSource",
    "SeatBots",
}
"""What holds or reads the whole game: never imported by the table."""


@pytest.mark.parametrize(
    "path", sorted(Path(table_package.__file__).parent.glob("*.py")), ids=lambda p: p.name
)
def test_no_table_module_imports_what_holds_the_whole_game(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            imported |= {alias.name.rpartition(".")[2] for alias in node.names}
    assert not imported & FORBIDDEN, sorted(imported & FORBIDDEN)
    seeds = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "seed"
    ]
    assert seeds == [], f"{path.name} reads a seed at lines {seeds}"
