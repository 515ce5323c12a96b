"""The table scene, driven headless with injected keys and clicks and explicit time."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.engine.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from knockrummy.ui.table.hooks import TableHooks
from knockrummy.ui.table.worker import TableWorker
from knockrummy.workers import HeldWorker

from ..serialize import session_to_json
from .conftest import click, key, make_table, press, run_until, step


def my_turn(scene):
    return scene.can_act


def test_deal_shows_cards_one_at_a_time_clockwise_then_the_upcard():
    app, scene = make_table(speed="normal", players=3)
    seen = []
    while scene.motion.deal is not None:
        seen.append((tuple(scene.motion.deal.shown), scene.motion.deal.upcard_shown))
        step(app)
    counts = [sum(s) for s, _ in seen]
    assert counts == sorted(counts)  # never goes back
    assert max(b - a for a, b in zip(counts, counts[1:], strict=False)) == 1  # one at a time
    first = next(s for s, _ in seen if sum(s) == 1)
    dealer = scene.source.state.hand.dealer
    assert first[(dealer + 1) % 3] == 1  # the dealer's left gets the first card
    assert seen[-1][0] == (7, 7, 7)


def test_buttons_are_enabled_exactly_when_the_engine_allows_the_action():
    app, scene = make_table(profile="gin-rummy", seed=11)
    assert run_until(app, lambda: my_turn(scene))
    scene.handle(key(pygame.K_s))
    step(app)
    assert scene.source.state.hand.phase == "discard"
    legal = scene.legal
    for card in scene.player_hand():
        scene.selected = card
        scene.refresh_buttons()
        assert scene.buttons["discard"].enabled == (Discard(card) in legal)
        assert scene.buttons["knock"].enabled == (Knock(card) in legal)


def test_keyboard_draw_select_and_discard():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: my_turn(scene))
    before = len(scene.player_hand())
    app.step(1 / 60, [key(pygame.K_s)])
    assert len(scene.player_hand()) == before + 1
    app.step(1 / 60, [key(pygame.K_RIGHT)])
    chosen = scene.selected
    assert chosen is not None
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert chosen not in scene.player_hand()
    assert scene.source.state.hand.discard[-1] == chosen


def test_a_refused_action_is_explained_and_changes_nothing():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: my_turn(scene))
    app.step(1 / 60, [key(pygame.K_d)])  # take the discard
    taken = scene.source.state.hand.taken
    assert taken is not None
    before = session_to_json(scene.source.state)
    assert not scene.try_action(Discard(taken))
    assert session_to_json(scene.source.state) == before
    assert "taken from the discard pile" in scene.notice


def test_clicks_draw_from_the_stock_and_a_second_click_discards():
    app, scene = make_table(seed=7)
    assert run_until(app, lambda: my_turn(scene))
    x, y = scene.geometry.layout.stock
    app.step(1 / 60, click((x + 10, y + 10)))
    assert scene.source.state.hand.phase == "discard"
    step(app, 30)
    card = scene.viewer_order()[0]
    cx, cy = scene.motion.card_pos[card]
    app.step(1 / 60, click((cx + 5, cy + 20)))
    assert scene.selected == card
    step(app, 30)
    cx, cy = scene.motion.card_pos[card]
    app.step(1 / 60, click((cx + 5, cy + 20)))
    assert card not in scene.player_hand()


def test_dragging_a_card_reorders_the_hand():
    app, scene = make_table(seed=7)
    assert run_until(app, lambda: my_turn(scene))
    step(app, 30)
    order = scene.viewer_order()
    first = order[0]
    x, y = scene.motion.card_pos[first]
    far = scene.geometry.layout.hand_right
    events = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + 5, y + 20), button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 60, y + 20), rel=(0, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(far, y + 20), rel=(0, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(far, y + 20), button=1),
    ]
    app.step(1 / 60, events)
    assert scene.order.custom is not None
    assert scene.viewer_order()[-1] == first
    app.step(1 / 60, [key(pygame.K_t)])  # the sort toggle brings back the automatic order
    assert scene.order.custom is None


def test_gin_classic_upcard_offer_shows_pass_and_accepts_it():
    app, scene = make_table(profile="gin-classic", seed=2)
    # the non-dealer is offered the upcard first; seat 0 is the viewer
    assert run_until(app, lambda: my_turn(scene) or scene.source.state.hand.offer_passes >= 1)
    if not my_turn(scene):
        assert run_until(app, lambda: my_turn(scene))
    assert Pass() in scene.legal
    scene.refresh_buttons()
    assert scene.buttons["pass"].visible and scene.buttons["pass"].enabled
    assert "offered" in scene.frame().status
    passes = scene.source.state.hand.offer_passes
    app.step(1 / 60, [key(pygame.K_p)])
    assert scene.source.state.hand.offer_passes == passes + 1


@pytest.mark.slow  # whole hands of computers at the table
def test_computers_play_a_hand_to_the_panel_and_the_next_hand():
    app, scene = make_table(players=4, humans=0, autoplay=True)
    assert run_until(app, lambda: scene.panel is not None)
    assert scene.source.state.settlement is not None
    assert run_until(app, lambda: scene.source.state.hand_number >= 2)


def test_human_closes_the_panel_with_enter():
    app, scene = make_table(seed=4)
    while scene.panel is None:
        if my_turn(scene):
            legal = scene.legal
            action = next((a for a in legal if isinstance(a, Knock)), None)
            if action is None:
                action = DrawStock() if DrawStock() in legal else legal[0]
            scene.try_action(action)
        run_until(app, lambda: my_turn(scene) or scene.panel is not None)
    run_until(app, lambda: not scene.panel.busy)
    app.step(1 / 60, press(pygame.K_RETURN))
    assert scene.source.state.hand_number == 2


def test_drawing_never_changes_the_scene_or_the_session():
    app, scene = make_table(players=3, seed=9)
    assert run_until(app, lambda: my_turn(scene))
    before = (session_to_json(scene.source.state), scene.selected, dict(scene.motion.card_pos))
    for _ in range(3):
        scene.draw(app.screen)
    assert (
        session_to_json(scene.source.state),
        scene.selected,
        dict(scene.motion.card_pos),
    ) == before


def test_opponents_hidden_cards_are_never_drawn_face_up_before_the_hand_ends(faces_drawn):
    app, scene = make_table(players=4, seed=6, speed="fast")
    drawn = faces_drawn
    for _ in range(400):
        if scene.panel is not None:
            break
        drawn.clear()
        if my_turn(scene):
            legal = scene.legal
            scene.try_action(DrawStock() if DrawStock() in legal else legal[0])
        step(app)
        hand = scene.source.state.hand
        flying = {f.card for f in scene.motion.flights if f.face_up}
        # a card taken from the pile was face up for everyone: the table shows it by its taker
        taken = {card for _, action, card in hand.log if isinstance(action, TakeDiscard)}
        public = set(hand.discard) | flying | taken
        mine = set(scene.player_hand())
        for position, cards in enumerate(hand.hands):
            if scene.seat_of(position) == scene.viewer:
                continue
            leaked = [c for c in cards if c in drawn and c not in public and c not in mine]
            assert not leaked


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080), (3840, 2160)])
def test_resizing_re_lays_out_the_table(size):
    app, scene = make_table(players=6, seed=3)
    assert run_until(app, lambda: my_turn(scene))
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
    step(app, 40)
    assert app.screen.get_size() == size
    assert scene.geometry.layout.width == size[0]
    for x, y in scene.motion.card_pos.values():
        assert 0 <= x <= size[0] - scene.geometry.layout.card_width
        assert 0 <= y <= size[1] - scene.geometry.layout.card_height


def test_hint_comes_from_the_advisor_without_blocking_the_window():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: my_turn(scene))
    app.step(1 / 60, [key(pygame.K_s)])
    scene.worker = TableWorker(HeldWorker())  # the advisor still works on the hint
    app.step(1 / 60, [key(pygame.K_h)])
    step(app, 30)
    assert scene.hint.startswith("Thinking") and len(scene.worker.executor.jobs) == 1
    assert scene.worker.executor.finish() == 1
    step(app)
    assert scene.hint.startswith("Hint")
    assert "discard" in scene.hint or "knock" in scene.hint


def test_taking_the_discard_pile_by_key_and_the_taken_marker():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: my_turn(scene))
    top = scene.source.state.hand.discard[-1]
    app.step(1 / 60, [key(pygame.K_d)])
    assert TakeDiscard() not in scene.legal
    assert scene.source.state.hand.taken == top and top in scene.player_hand()


def test_f_and_m_toggle_the_four_colour_deck_and_sound_and_report_the_change():
    saved = []
    app, scene = make_table(seed=5, hooks=TableHooks(on_settings=saved.append))
    app.step(1 / 60, [key(pygame.K_f)])
    app.step(1 / 60, [key(pygame.K_m)])
    assert scene.settings.four_colour and not scene.settings.sound
    assert not scene.sounds.enabled
    assert [s.four_colour for s in saved] == [True, True] and not saved[-1].sound


def test_the_game_plays_on_without_an_audio_device(monkeypatch):
    from knockrummy.ui.sound import Sounds

    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(enabled=True)
    assert not sounds.available
    sounds.play("knock")  # silently nothing


@pytest.mark.parametrize("profile", ["gin-rummy", "knock-rummy"])
def test_the_knock_hint_weighs_knocking_against_playing_on(profile):
    from knockrummy.engine.session import apply
    from knockrummy.ui.hints import hint_text

    from ..ai.helpers import rigged_session

    state = rigged_session(
        profile,
        ["AS 2S 3S 4H 5H 6H 7D 7C 7S 4C", "9C 9D TC JC QH KH 2D 4D 8H 3C"],
        discard_pile="5C",
        stock_top="KD",
        turn=2,
    )
    state, _ = apply(state, DrawStock(), 0)
    hint = hint_text(state, 0)
    text, card = hint
    assert text.startswith("Hint: knock now") and "you should score about" in text
    assert f"with {card.symbol} face down" in text
    assert "playing on" in hint.details and f"knocking with {card.symbol}" in hint.details


def test_the_frame_in_which_a_hint_arrives_is_drawn():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: my_turn(scene))
    app.step(1 / 60, [key(pygame.K_s)])
    run_until(app, lambda: not scene.busy)
    # worked out inline, the hint lands in this update, and the frame is drawn
    assert app.step(1 / 60, [key(pygame.K_h)])
    assert scene.hint.startswith("Hint")
    run_until(app, lambda: not scene.busy)  # the suggested card rises
    assert not app.step(1 / 60, [])  # then the still table is not redrawn
    # the suggested card is lifted, so Enter plays it
    advised = scene.hint.split("discard ", 1)[1].split(" ", 1)[0]
    assert scene.selected is not None and scene.selected.symbol == advised
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert scene.source.state.hand.discard[-1].symbol == advised


@pytest.mark.slow  # plays knock-rami hands until the hint waits
def test_a_knock_rami_hint_says_why_it_waits_above_the_knock_cap():
    from knockrummy.ai.tuning import tuning_of
    from knockrummy.engine.views import player_view
    from knockrummy.ui.hints import hint_text

    from ..sessions import play_some

    cap = tuning_of("knock-rami").knock_cap
    seen = 0
    for steps in range(1, 60, 2):
        state = play_some("knock-rami", 3, seed=steps, steps=steps)
        seat = state.to_move
        if state.hand.phase != "discard" or not any(
            isinstance(a, Knock) for a in player_view(state, seat).legal_actions
        ):
            continue
        text, _ = hint_text(state, seat)
        if f"knocks above {cap} seldom pay here" in text:
            assert "and wait" in text and "expected" not in text
            seen += 1
    assert seen >= 2


@pytest.mark.parametrize(
    ("defender", "undercut"),
    [
        ("AC AD AH 2C 3C 4C 5D 6D 7D 2H", True),  # count 2
        ("KC KD QH QC JC JD 9H 9D 8S 8H", False),  # count 96
    ],
)
def test_the_hand_end_headline_names_the_knocker_and_who_undercut(defender, undercut):
    from knockrummy.engine.actions import Knock
    from knockrummy.engine.cards import Card
    from knockrummy.engine.session import apply
    from knockrummy.engine.views import spectator_view
    from knockrummy.ui.wording import headline

    from ..ai.helpers import rigged_session

    state = rigged_session(
        "knock-rummy",
        ["2S 3S 4S 5H 6H 7H 9C TC JS QS", defender],
        discard_pile="KH",
        stock_top="4D",
    )
    state, _ = apply(state, DrawStock(), 0)
    state, _ = apply(state, Knock(Card.parse("QS")), 0)
    knocker, other = (state.names[state.seats_in_hand[p]] for p in (0, 1))
    if undercut:
        assert headline(spectator_view(state)) == f"Hand 1 · {knocker} knocked, undercut by {other}"
    else:
        assert headline(spectator_view(state)) == f"Hand 1 · Knock by {knocker}"
