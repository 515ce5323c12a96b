"""The table finished where a player's eyes go: no number covered or cut, a buy-back's
drop explained on the panel, the drawn card shown, the lifted card on top."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.engine.session import BUY_BACK
from knockrummy.play.bots import SeatBots
from knockrummy.ui import wording
from knockrummy.ui.fonts import recording_cuts
from knockrummy.ui.table.painter import Marks, draw_table

from .conftest import make_table, press, run_until, step


def _drawn_texts(scene) -> list[str]:
    """The texts drawn, once nothing is found to overlap, leave the window or be cut."""
    marks = Marks()
    with recording_cuts() as cuts:
        draw_table(scene.frame(), pygame.Surface(scene.size), marks)
    assert marks.problems(scene.size) == [] and cuts == []
    return [m.group for m in marks if m.kind == "text"]


SIZES = ((1024, 640), (1024, 768), (1280, 800), (1920, 1080), (3840, 2160))


@pytest.mark.slow  # hands played frame by frame at every window size
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_your_deadwood_on_the_hand_end_panel_is_never_covered_by_a_card(size, players):
    """Once "Your deadwood 2" where it was 25: the first card covered the last digit."""
    app, scene = make_table(players=players, size=size, humans=1, seed=4)
    scene.resize(size)
    bot = SeatBots(["easy"] * players)
    while scene.panel is None or scene.panel.busy:
        if scene.can_act:
            scene.try_action(bot.decide(scene.source.state, scene.viewer))
        step(app)
    count = scene.view.settlement.deadwood[scene.view.seats_in_hand.index(scene.viewer)]
    assert f"Your deadwood {count}" in _drawn_texts(scene)


@pytest.mark.slow  # a knock-rami game of computers played to a buy-back
def test_a_buy_back_shows_the_line_that_explains_the_new_total():
    app, scene = make_table(players=3, profile="knock-rami", humans=0, autoplay=True, seed=5)
    seen = []
    for _ in range(200000):
        if scene.view.phase == BUY_BACK:
            seen.append(scene.view.to_move)
        if seen and scene.view.phase != BUY_BACK and scene.panel is not None:
            break
        step(app)
    bought = [s for s in seen if scene.view.bought_back[s]]
    assert bought, "no seat bought back in this game"
    seat = bought[0]
    entry = next(e for e in scene.panel.changes[seat] if e.kind == "buy-back-score")
    assert run_until(app, lambda: not scene.panel.busy)
    said = wording.reason_words(entry, scene.view.names)
    assert said in " ".join(_drawn_texts(scene))  # whole, on as many lines as it takes


def _after_stock_draw():
    from knockrummy.engine.actions import DrawStock

    app, scene = make_table(seed=6)
    assert run_until(app, lambda: scene.can_act)
    scene.try_action(DrawStock())
    assert run_until(app, lambda: not scene.busy)
    return app, scene


def test_a_card_drawn_from_the_stock_is_marked_where_the_sort_put_it():
    app, scene = _after_stock_draw()
    drawn = scene.view.history[-1].card
    assert drawn in scene.view.hand and scene.frame().drawn == drawn
    marks = Marks()
    draw_table(scene.frame(), pygame.Surface(scene.size), marks)
    (label,) = [m for m in marks if m.kind == "text" and m.group == "new"]
    x, _ = scene.motion.card_pos[drawn]
    width = scene.geometry.layout.card_width
    assert x <= label.rect.centerx <= x + width
    scene.try_action(next(a for a in scene.legal if type(a).__name__ == "Discard"))
    assert scene.frame().drawn is None  # once thrown, the turn is over


def test_the_lifted_card_is_drawn_over_its_right_hand_neighbour():
    app, scene = _after_stock_draw()
    order = scene.viewer_order()
    scene.selected = order[2]
    step(app, 20)
    marks = Marks()
    draw_table(scene.frame(), pygame.Surface(scene.size), marks)
    hand = [m for m in marks if m.kind == "card" and m.group == "hand"]
    x, y = scene.motion.card_pos[order[2]]
    assert (hand[-1].rect.x, hand[-1].rect.y) == (round(x), round(y))


@pytest.mark.parametrize("felt", ["green", "blue", "burgundy"])
def test_the_hand_end_panel_takes_the_felts_hue(felt):
    from knockrummy.ui.felts import FELT_COLOURS

    app, scene = make_table(humans=0, seed=4, felt=felt)
    assert run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
    surface = pygame.Surface(scene.size)
    draw_table(scene.frame(), surface, None)
    rect = scene.panel.geometry.box
    r, g, b, _ = surface.get_at((rect.right - 12, rect.centery))
    felt_rgb = FELT_COLOURS[felt]
    strongest = max(range(3), key=lambda i: felt_rgb[i])
    assert max(range(3), key=lambda i: (r, g, b)[i]) == strongest, ((r, g, b), felt)


def _played_until_out(app, scene) -> bool:
    """Seat 0 throws its highest card every turn and never buys back: True once it is out
    with the game going on."""
    from knockrummy.engine.actions import Discard, DrawStock, NextHand, StayOut
    from knockrummy.engine.session import HAND_OVER, SESSION_OVER

    for _ in range(40000):
        view = scene.view
        if view.phase == SESSION_OVER:
            return False
        if not view.active[0] and view.phase in ("playing", HAND_OVER):
            return True
        if scene.panel is not None and not scene.panel.busy:
            if view.phase == HAND_OVER:
                scene.source.play(NextHand(), None)
            elif view.phase == BUY_BACK and view.to_move == 0:
                scene.source.play(StayOut(), 0)
        elif scene.can_act:
            legal = scene.legal
            if DrawStock() in legal:
                scene.try_action(DrawStock())
            else:
                throws = [a for a in legal if isinstance(a, Discard)]
                scene.try_action(max(throws, key=lambda a: a.card.points) if throws else legal[0])
        step(app)
    return False


@pytest.mark.slow  # a knock-rami game of computers played to a buy-back
def test_once_out_of_knock_rami_the_player_may_skip_to_the_result():
    from knockrummy.engine.session import SESSION_OVER

    for seed in range(1, 30):
        app, scene = make_table(profile="knock-rami", players=3, seed=seed)
        if _played_until_out(app, scene):
            break
    else:
        raise AssertionError("the player was never out")
    scene.refresh_buttons()
    skip = scene.buttons["skip"]
    assert skip.visible and skip.label == "Skip to the result"
    if scene.panel is not None:  # out at this hand's end: the panel offers it too
        assert run_until(app, lambda: not scene.panel.busy)
        assert "Skip to the result" in [b.label for b in scene.panel.buttons]
    step(app, events=press(pygame.K_e))
    assert scene.skipping
    over = lambda: scene.view.phase == SESSION_OVER and scene.panel is not None  # noqa: E731
    assert run_until(app, over, limit=20000)
    assert run_until(app, lambda: not scene.panel.busy)
    assert not scene.skipping and not scene.options.autoplay
    assert [b.label for b in scene.panel.buttons][0] == "Close"  # the result waits to be read
