"""Provably fair at the table: the hand seed's fingerprint before the hand, the seed after
it, the deal code once the session is over (never before: it deals the hands to come); and
the hand-end panel opens the hand just played in the replay viewer."""

from __future__ import annotations

import pygame
import pytest

from knockrummy import language
from knockrummy.ai import make_bot
from knockrummy.ai.simple import SimpleBot
from knockrummy.engine.actions import NextHand
from knockrummy.engine.session import HAND_OVER, PLAYING, apply, hand_seed, new_session
from knockrummy.engine.views import player_view
from knockrummy.language import _
from knockrummy.records.deal_codes import DEAL_CODE_LATER, code_of, fingerprint
from knockrummy.settings import Settings
from knockrummy.ui.fonts import recording_cuts
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes.replay_viewer import ReplayViewer
from knockrummy.ui.seats import default_seats
from knockrummy.ui.table.controller import TableScene
from knockrummy.ui.table.hooks import TableHooks
from knockrummy.ui.table.painter import Marks, draw_table

from .conftest import click, key, make_table, press, run_until, step

SEED = 31


def table_at(tmp_path, settled: bool):
    """A saved knock-rummy game (you against medium) at its deal, or at its first hand end."""
    game = Game.open(str(tmp_path / "data"))
    game.settings = Settings(speed="instant")
    seats = default_seats(2)
    sid, state = game.start("knock-rummy", seats, seed=SEED)
    bots = [make_bot("medium", 1), make_bot("medium", 2)]
    while settled and state.phase != HAND_OVER:
        seat = state.to_move
        action = bots[seat].choose(player_view(state, seat))
        after, _ = apply(state, action, seat)
        game.store.append(sid, state, after, action, seat)
        state = after
    app = App((1280, 800))
    Navigator(app, game)
    app.navigator.table(sid, state, seats)
    step(app, frames=3)
    return game, app, sid, seats


def _details(app) -> str:
    """The deal's details as the player opens them with I, in one string."""
    scene = app.scene
    assert scene.frame().details is None  # behind I, not on the table
    step(app, events=press(pygame.K_i))
    details = scene.frame().details
    assert details is not None
    step(app, events=press(pygame.K_i))
    assert scene.frame().details is None
    return " ".join(details)


def test_the_fingerprint_shown_before_the_hand_is_the_hash_of_the_seed_shown_after(tmp_path):
    seed = hand_seed(SEED, 1)
    game, app, sid, seats = table_at(tmp_path, settled=False)
    before = _details(app)
    assert str(seed) not in before, "the seed stays hidden while the hand is played"
    whole = fingerprint(seed)
    assert whole[:32] in before and whole[32:] in before  # shown in full
    game, app, sid, seats = table_at(tmp_path / "after", settled=True)
    after = _details(app)
    assert str(seed) in after and whole[:32] in after
    assert code_of("knock-rummy", seats, SEED) not in after, "the code deals the next hands"
    assert DEAL_CODE_LATER in after
    assert new_session("knock-rummy", 2, SEED).hand.seed == seed


BIG = 0x6B8B_4567_327B_23C6
"""A 63-bit session seed, as a new game draws: its digits, its hand seeds' and its deal
code's cannot turn up in a frame by chance."""


def _secrets(seats, hands_over: int) -> list[str]:
    """What the table may not show after ``hands_over`` hands: the session's seed and deal
    code, and the seed of every hand after them (the one being played too)."""
    code = code_of("knock-rummy", seats, BIG)
    later = [str(hand_seed(BIG, number)) for number in range(hands_over + 1, 80)]
    return [str(BIG), code, code.replace("-", ""), *later]


def _everything_shown(app) -> str:
    """Every value of the frame the table draws, with its Details closed and open."""
    scene = app.scene
    closed = repr(scene.frame())
    step(app, events=press(pygame.K_i))
    opened = repr(scene.frame())
    assert scene.frame().details is not None
    step(app, events=press(pygame.K_i))
    return closed + opened


def test_nothing_the_table_shows_deals_a_hand_not_yet_played_until_the_session_is_over(
    tmp_path,
):
    game = Game.open(str(tmp_path / "data"))
    game.settings = Settings(speed="instant")
    seats = default_seats(2)
    sid, state = game.start("knock-rummy", seats, seed=BIG)
    bots = [SimpleBot(seed=1), SimpleBot(seed=2)]
    looked = set()
    while True:
        # look at the table mid-hand and at each hand's end (the panel), then at the end
        moment = (state.hand_number, state.phase)
        mid_hand = state.phase == PLAYING and state.hand.turn >= 4 and state.to_move == 0
        if (state.phase != PLAYING or mid_hand) and moment not in looked:
            looked.add(moment)
            app = App((1280, 800))
            Navigator(app, game)
            app.navigator.table(sid, state, seats)
            step(app, frames=3)
            shown = _everything_shown(app)
            over = state.hand_number - (state.phase == PLAYING)
            if state.is_over:
                code = code_of("knock-rummy", seats, BIG)
                assert code in shown and str(hand_seed(BIG, state.hand_number)) in shown
                break
            for secret in _secrets(seats, over):
                assert secret not in shown, (moment, secret)
            if state.phase != PLAYING:  # the seed of the hand just over proves its deal
                assert str(hand_seed(BIG, state.hand_number)) in shown
        seat = state.to_move
        action = NextHand() if seat is None else bots[seat].choose(player_view(state, seat))
        after, _ = apply(state, action, seat)
        game.store.append(sid, state, after, action, seat)
        state = after
    assert len(looked) >= 5, looked  # two hands at least, each in play and over, and the end


@pytest.mark.slow  # a whole hand played frame by frame
def test_the_hand_end_panel_opens_the_hand_in_the_replay_viewer_and_comes_back(tmp_path):
    game, app, sid, seats = table_at(tmp_path, settled=True)
    table = app.scene
    assert table.panel is not None
    app.dirty = True
    step(app)
    (button,) = [b for b in table.panel.buttons if b.label == "Replay hand"]
    step(app, events=click(button.rect.center))
    viewer = app.scene
    assert isinstance(viewer, ReplayViewer) and viewer.session_id == sid
    assert viewer.replay.number == 1
    viewer.update(0.0)  # the review, priced inline, is kept
    step(app, events=[key(pygame.K_ESCAPE)])
    back = app.scene
    assert isinstance(back, TableScene) and back.session_id == sid
    assert back.source.state.phase == HAND_OVER and back.source.state.hand_number == 1


@pytest.mark.parametrize("code", ["en", "fr", "es"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_details_at_a_hands_end_fit_their_box_with_the_line_on_the_code(size, code):
    deal = code_of("knock-rummy", default_seats(2), 2)
    hooks = TableHooks(session_id=1)  # a saved session: its code will be shown at its end
    app, scene = make_table(players=2, size=size, seed=2, humans=0, hooks=hooks, deal_code=deal)
    scene.resize(size)
    assert run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
    scene.show_details = True
    with language.speaking(code):
        marks = Marks()
        with recording_cuts() as cuts:
            draw_table(scene.frame(), pygame.Surface(size), marks)
        texts = " ".join(m.group for m in marks if m.kind == "text" and m.layer == 2)
        assert str(hand_seed(2, 1)) in texts and _(DEAL_CODE_LATER).split()[1] in texts
        assert deal not in texts
    # the box and each of its lines whole and in the window (what lies under the box is
    # the table's own affair)
    (box,) = [m for m in marks if m.kind == "box" and m.group == "details"]
    assert pygame.Rect((0, 0), size).contains(box.rect) and cuts == []
    lines = [m for m in marks if m.kind == "text" and m.layer == 2]
    assert len(lines) >= 6 and all(box.rect.contains(m.rect) for m in lines)
