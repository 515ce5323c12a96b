"""The table tells the whole story: it follows the engine's events, shows the viewer's
deadwood and melds, every opponent's last turn, the hand log, the pile's history and the
score sheet. Headless, with injected keys and stepped time."""

from __future__ import annotations

import pygame

from knockrummy.engine.actions import Discard, DrawStock, TakeDiscard
from knockrummy.engine.cards import parse_cards
from knockrummy.engine.session import HandDealt
from knockrummy.engine.views import player_view
from knockrummy.ui import move_log
from knockrummy.ui.meld_marks import meld_groups
from knockrummy.ui.table.layout import HandOrder

from .conftest import key, make_table, run_until, step


def test_the_scene_reacts_to_the_events_it_is_given_not_to_the_action_it_sent():
    app, scene = make_table(profile="gin-rummy", players=2, humans=0)
    assert run_until(app, lambda: scene.panel is not None)
    # a HandDealt event alone deals the next hand: the panel closes, the deal starts
    scene.react(scene.view, [HandDealt(2, 1, (0, 1))])
    assert scene.panel is None
    assert scene.motion.deal is not None or scene.shown == 0


def test_a_settled_hand_opens_the_panel_only_when_its_event_arrives():
    app, scene = make_table(profile="gin-rummy", players=2, humans=0)
    assert run_until(app, lambda: scene.view.phase != "playing")
    step(app, 200)
    assert scene.panel is not None
    app2, other = make_table(profile="gin-rummy", players=2, humans=0)
    other.react(other.view, [])  # no event: nothing opens, whatever is polled
    step(app2, 1)
    assert other.panel is None


def test_the_viewers_deadwood_is_shown_before_and_after_drawing():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: scene.can_act)
    story = scene.frame().story
    held = list(scene.view.hand)
    assert story.deadwood[0] == f"Deadwood {_points(held)}"
    app.step(1 / 60, [key(pygame.K_s)])
    step(app, 10)
    story = scene.frame().story
    assert story.deadwood[0] == f"Deadwood {_points(list(scene.view.hand))}"
    assert story.deadwood[1].startswith("best discard leaves")


def _points(cards):
    from knockrummy.engine.melds import best_arrangement

    return best_arrangement(cards).points


def test_melds_are_marked_in_every_sort_order_and_deadwood_sits_lower():
    cards = parse_cards("3H 4H 5H 9S 9D 9C KD 2C")
    groups = meld_groups(cards)
    assert groups[parse_cards("KD")[0]] is None
    assert groups[parse_cards("3H")[0]] == groups[parse_cards("5H")[0]] is not None
    assert groups[parse_cards("9S")[0]] != groups[parse_cards("3H")[0]]
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: scene.can_act)
    for _ in range(3):
        scene.handle(key(pygame.K_t))
        step(app, 30)
        order = scene.viewer_order()
        marks = scene.frame().story.groups
        assert set(marks) == set(order)
        targets = scene._targets()
        melded = [c for c in order if marks[c] is not None]
        loose = [c for c in order if marks[c] is None]
        if melded and loose:
            assert targets[loose[0]][1] > targets[melded[0]][1]
    assert isinstance(scene.order, HandOrder)


def test_an_opponents_last_turn_is_told_in_words_by_their_seat():
    app, scene = make_table(seed=5, players=3)
    assert run_until(app, lambda: scene.can_act)
    scene.try_action(DrawStock())
    step(app, 5)
    scene.try_action(Discard(scene.viewer_order()[-1]))
    assert run_until(app, lambda: scene.can_act)
    said = scene.frame().story.last_turns
    for seat in (1, 2):
        assert said[seat].startswith(("drew from the stock", "took ")), said
        assert "threw" in said[seat] or "went out" in said[seat]
    assert said[0].startswith("drew ") and "threw" in said[0]  # the viewer knows its card


def test_words_wait_for_the_cards_to_land():
    app, scene = make_table(seed=5, players=2, speed="normal")
    assert run_until(app, lambda: scene.can_act)
    scene.try_action(DrawStock())
    step(app, 40)
    scene.try_action(Discard(scene.viewer_order()[-1]))
    step(app)
    assert (
        0 not in scene.frame().story.last_turns or "threw" not in scene.frame().story.last_turns[0]
    )
    step(app, 120)
    assert "threw" in scene.frame().story.last_turns[0]


def test_the_hand_log_opens_with_l_and_lists_every_public_move_in_order():
    app, scene = make_table(seed=5, players=3)
    assert run_until(app, lambda: scene.can_act)
    assert scene.frame().story.log is None
    app.step(1 / 60, [key(pygame.K_l)])
    log = scene.frame().story.log
    assert log is not None
    assert log == tuple(move_log.hand_log(scene.view))
    assert len(log) == len(move_log.turns(scene.view))
    app.step(1 / 60, [key(pygame.K_l)])
    assert scene.frame().story.log is None


def test_a_stock_card_of_another_seat_is_never_named_in_the_log():
    app, scene = make_table(seed=9, players=2, humans=0, autoplay=True)
    run_until(app, lambda: len(scene.view.history) > 6)
    view = player_view(scene.source.state, 0)
    mine = {e.card for e in view.history if e.position == view.position and e.card is not None}
    for turn in move_log.turns(view):
        words = " ".join(turn.words)
        if turn.seat != 0:
            assert "drew from the stock" in words or "took" in words or "passed" in words
            assert not any(f"drew {card.symbol}" in words for card in mine)
        elif "drew" in words:
            assert "drew from the stock" not in words  # the drawer knows its own card


def test_cards_taken_from_the_pile_are_shown_face_up_by_their_taker_until_thrown():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: scene.can_act)
    top = scene.view.discard_pile[-1]
    scene.try_action(TakeDiscard())
    step(app, 5)
    assert move_log.pick_ups(scene.view) == {0: [top]}
    assert "took " + top.symbol in scene.frame().story.last_turns[0] or scene.shown < len(
        scene.view.history
    )


def test_the_pile_history_shows_with_v_and_while_the_pointer_rests_on_the_pile():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: scene.can_act)
    assert scene.frame().story.pile is None
    app.step(1 / 60, [key(pygame.K_v)])
    assert scene.frame().story.pile == scene.view.discard_pile
    app.step(1 / 60, [key(pygame.K_v)])
    x, y = scene.geometry.layout.discard
    app.step(
        1 / 60,
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 5, y + 5), rel=(0, 0), buttons=(0, 0, 0))],
    )
    assert scene.frame().story.pile == scene.view.discard_pile


def test_the_score_sheet_shows_the_target_and_what_matters_per_profile():
    app, scene = make_table(profile="knock-rummy", players=3)
    sheet = [t for t, _ in scene.score_sheet()]
    assert "to 100" in sheet[1]
    assert all("won 0" in t for t in sheet[2:5])
    app, scene = make_table(profile="poker-rum", players=3)
    sheet = [t for t, _ in scene.score_sheet()]
    assert sheet[1] == "hand 1 of 3" and sheet[-2] == "3 hands left"
    assert sheet[-1] == "Deal details: I"  # the seed's fingerprint is behind I
    app, scene = make_table(profile="knock-rami", players=3)
    sheet = [t for t, _ in scene.score_sheet()]
    assert sheet[-2].startswith("Pot ")


def test_players_out_stay_on_the_knock_rami_sheet_marked_out():
    app, scene = make_table(profile="knock-rami", players=3, humans=0, autoplay=True)
    assert run_until(app, lambda: not all(scene.view.active), limit=60000)
    sheet = scene.score_sheet()
    out = [s for s in range(3) if not scene.view.active[s]]
    for seat in out:
        text, dim = sheet[2 + seat]
        assert text.startswith(scene.view.names[seat]) and "out" in text and dim


def test_a_buy_back_answer_and_the_games_end_are_heard_from_their_events():
    from knockrummy.engine.session import BuyBackAnswered, SessionOver

    app, scene = make_table(profile="knock-rami", players=3)
    assert scene.over is None
    scene.react(scene.view, [BuyBackAnswered(1, True, 10, 56)])
    assert [b.seat for b in scene.motion.bubbles] == [1]
    assert scene.motion.bubbles[0].text == "buys back in"
    scene.react(scene.view, [SessionOver((2,), (0, 0, 0))])
    assert scene.over == SessionOver((2,), (0, 0, 0))
