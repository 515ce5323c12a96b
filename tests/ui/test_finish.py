"""The table finished where a player's eyes go: no number covered or cut, a buy-back's
drop explained on the panel, the drawn card shown, the lifted card on top."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.engine.session import BUY_BACK
from knockrummy.ui.table_draw import Marks, draw_table
from knockrummy.ui.tables import SeatBots

from .conftest import make_table, run_until, step


def _drawn_texts(scene) -> list[str]:
    marks = Marks()
    draw_table(scene.frame(), pygame.Surface(scene.size), marks)
    assert marks.problems(scene.size) == []
    return [m.group for m in marks if m.kind == "text"]


@pytest.mark.parametrize("size", [(1024, 640), (1024, 768), (1280, 800)])
def test_your_deadwood_on_the_hand_end_panel_is_never_covered_by_a_card(size):
    """Once "Your deadwood 2" where it was 25: the first card covered the last digit."""
    app, scene = make_table(players=6, size=size, humans=1, seed=4)
    scene.resize(size)
    bot = SeatBots(["easy"] * 6)
    while scene.panel is None or scene.panel.busy:
        if scene.can_act:
            scene.try_action(bot.decide(scene.session, scene.viewer))
        step(app)
        if scene.future is not None:
            scene.future.result(timeout=10)
    count = scene.view.settlement.deadwood[scene.view.seats_in_hand.index(scene.viewer)]
    assert f"Your deadwood {count}" in _drawn_texts(scene)


def test_a_buy_back_shows_the_line_that_explains_the_new_total():
    app, scene = make_table(players=3, profile="knock-rami", humans=0, autoplay=True, seed=5)
    seen = []
    for _ in range(200000):
        if scene.view.phase == BUY_BACK:
            seen.append(scene.view.to_move)
        if seen and scene.view.phase != BUY_BACK and scene.panel is not None:
            break
        step(app)
        if scene.future is not None:
            scene.future.result(timeout=10)
    bought = [s for s in seen if scene.view.bought_back[s]]
    assert bought, "no seat bought back in this game"
    seat = bought[0]
    entry = next(e for e in scene.panel.changes[seat] if e.kind == "buy-back-score")
    assert run_until(app, lambda: not scene.panel.busy)
    assert any(entry.reason in text for text in _drawn_texts(scene))
