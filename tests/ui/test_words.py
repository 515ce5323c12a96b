"""The table's words: second person for a seat named "You", hints in plain words with the
numbers on request, refusals in the rule's words, Knock Rami's buy-back and points against a
player, and a hand-end panel that only a fresh press answers."""

from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

from knockrummy.ai.simple import SimpleBot
from knockrummy.engine.actions import BuyBack, DrawStock, Knock, NextHand, TakeDiscard
from knockrummy.engine.ledger import LedgerEntry
from knockrummy.engine.session import BUY_BACK, apply, new_session
from knockrummy.engine.views import player_view
from knockrummy.settings import Settings
from knockrummy.ui import wording
from knockrummy.ui.hints import odds_words, score_words
from knockrummy.ui.loop import App
from knockrummy.ui.runner import default_seats, table_scene
from knockrummy.ui.table.controller import TableOptions

from .conftest import key, make_table, press, run_until, step

NAMES = {
    "You": ("You deal", "You decide", "You lay off", "Your deadwood", "You win"),
    "Ben": ("Ben deals", "Ben decides", "Ben lays off", "deadwood", "Ben wins"),
}


YOU = wording.Addressed("You")
"""The seat the screen speaks to (its viewer), as the table names it."""


def _view(name: str, profile: str = "knock-rummy"):
    state = new_session(profile, 2, 4, [name, "Cleo"])
    return state, wording.addressed_view(player_view(state, 0), 0 if name == "You" else None)


@pytest.mark.parametrize("name", ["You", "Ben"])
def test_every_sentence_about_a_seat_named_you_is_in_the_second_person(name):
    deal, decide, lay, deadwood, win = NAMES[name]
    state, view = _view(name)
    dealer_view = view
    name = YOU if name == "You" else name
    dealt_by = dealer_view.names[dealer_view.dealer]
    line = wording.status_line(
        view, dealing=True, viewer=0, viewer_plays=True, thinking=False, selected=None
    )
    assert line.endswith(("You deal.", "Cleo deals.") if dealt_by != name else (deal + ".",))
    offered = wording.buy_back_words(False, name)
    assert offered == ("You stay out" if name == "You" else "stays out")
    assert wording.layoff_legend([(name, "7♥", "4♥ 5♥ 6♥")]).startswith(
        f"Lay-offs (blue): {lay} 7♥ onto"
    )
    assert wording.deadwood_label(7, name) == f"{deadwood} 7"
    assert wording.winners_line([name, "Cleo"], [0]) == win
    have = "You have" if name == "You" else "Ben has"
    assert wording.out_line(name, 115, 100).startswith(f"{have} 115 and")
    against = "you" if name == "You" else name
    assert wording.change_amount(12, True, name) == f"+12 against {against}"
    bubble = wording.buy_back_words(True, name)
    assert bubble == ("You buy back in" if name == "You" else "buys back in")
    assert "You's" not in wording.deadwood_label(3, name) and "You deals" not in line


def test_a_named_seat_to_move_reads_as_to_play_and_you_as_your_turn():
    state = new_session("knock-rummy", 2, 4, ["Ben", "You"])
    view = wording.addressed_view(player_view(state, 0), 1)
    seat = view.to_move
    line = wording.status_line(
        view, dealing=False, viewer=1 - seat, viewer_plays=False, thinking=True, selected=None
    )
    assert line == ("You are thinking…" if view.names[seat] == "You" else "Ben is thinking…")


def test_the_buy_back_offer_in_words_with_the_exact_price():
    text = wording.buy_back_offer(YOU, 115, Fraction(25), 50, 78)
    assert text == (
        "You have 115 and are out. Buy back for 25 chips, half the pot of 50, and return "
        "at 78, the highest score still in, or stay out."
    )
    assert wording.buy_back_button(Fraction(15, 2)) == "Buy back for 7½"
    offer = wording.buy_back_offer("Ben", 104, Fraction(15, 2), 15, 60)
    assert "Ben may buy back for 7½ chips" in offer


def test_chips_read_as_a_player_writes_them_and_stay_exact():
    assert [wording.chips(Fraction(n, 4)) for n in (100, 150, 75, 2, 1, -6)] == [
        "25",
        "37½",
        "18¾",
        "½",
        "¼",
        "-1½",
    ]
    assert wording.chips(Fraction(6075, 16)) == "379¹¹⁄₁₆"
    assert wording.chips(Fraction(-1, 3)) == "-⅓"
    # a pot, a buy-back and a winner's share written the same way (not 112½ beside 84 3/8)
    assert [wording.chips(v) for v in (Fraction(225, 2), Fraction(675, 8), Fraction(2025, 8))] == [
        "112½",
        "84⅜",
        "253⅛",
    ]


def test_points_against_a_player_never_read_as_a_gain():
    assert wording.counts_against("knock-rami")
    assert not wording.counts_against("gin-rummy")
    entry = LedgerEntry(0, Fraction(12), "deadwood", "deadwood 12", 3)
    assert wording.change_line(entry, True, YOU).startswith("+12 against you · ")
    assert wording.change_line(entry).startswith("+12 · deadwood")
    assert wording.change_amount(0, True, YOU) == "±0"


def test_odds_and_scores_in_words():
    assert odds_words(0.26) == "about one time in four"
    assert odds_words(0.5) == "about one time in two"
    assert odds_words(0.01) == "almost never"
    assert odds_words(0.95) == "almost always"
    assert score_words(6.6) == "score about 7"
    assert score_words(-3.2) == "lose about 3"


def _after_draw(seed=5, profile="knock-rummy"):
    app, scene = make_table(seed=seed, profile=profile)
    assert run_until(app, lambda: scene.can_act)
    app.step(1 / 60, [key(pygame.K_s)])
    run_until(app, lambda: not scene.busy)
    return app, scene


def _hint(app, scene):
    app.step(1 / 60, [key(pygame.K_h)])
    assert scene.hint.startswith("Hint")  # worked out inline, shown in the same update
    step(app, 2)


@pytest.mark.parametrize("seed", [5, 8, 21])
def test_the_status_line_the_hint_and_the_lifted_card_name_the_same_card(seed):
    app, scene = _after_draw(seed)
    _hint(app, scene)
    card = scene.selected
    assert card is not None
    assert f" {card.symbol} " in scene.hint
    status = scene.frame().status
    assert f"Discarding {card.symbol} leaves" in status
    if "Knock available" in status or "Gin available" in status:
        assert f"throw {card.symbol} face down" in status


def test_a_second_press_of_h_shows_the_numbers_behind_the_hint_and_a_third_the_hint():
    app, scene = _after_draw()
    _hint(app, scene)
    words = scene.hint
    assert "%" not in words and "expected" not in words
    app.step(1 / 60, [key(pygame.K_h)])
    assert scene.hint.startswith("Details:") and "playing on" in scene.hint
    assert scene.selected.symbol in scene.hint.split(";")[0]  # the lifted card comes first
    app.step(1 / 60, [key(pygame.K_h)])
    assert scene.hint == words


def test_enter_or_a_second_click_on_the_card_taken_from_the_pile_says_the_rule():
    app, scene = make_table(seed=5)
    assert run_until(app, lambda: scene.can_act)
    assert TakeDiscard() in scene.legal
    app.step(1 / 60, [key(pygame.K_d)])
    run_until(app, lambda: not scene.busy)
    taken = scene.source.state.hand.taken
    scene.selected = taken
    hand = list(scene.player_hand())
    app.step(1 / 60, [key(pygame.K_RETURN)])
    rule = "A card taken from the discard pile cannot be discarded in the same turn."
    assert scene.notice == rule and scene.frame().status == rule
    assert list(scene.player_hand()) == hand  # nothing changed
    scene.notice_left = 0
    run_until(app, lambda: not scene.busy)
    x, y = scene.motion.card_pos[taken]
    width = scene.geometry.layout.card_width
    from .conftest import click

    scene.selected = taken
    app.step(1 / 60, click((round(x + width / 4), round(y + width / 2))))
    assert scene.notice == rule


def test_k_where_no_knock_is_allowed_says_the_rule_and_changes_nothing():
    for seed in range(1, 40):
        app, scene = _after_draw(seed, "gin-rummy")
        if scene.can_act and not any(isinstance(a, Knock) for a in scene.legal):
            break
    else:
        raise AssertionError("no seed without a knock")
    assert not scene.buttons["knock"].enabled
    scene.selected = None
    before = scene.source.state
    app.step(1 / 60, [key(pygame.K_k)])
    assert scene.source.state is before
    assert "knock" in scene.notice.lower() and scene.notice.endswith(".")


def _to_panel(app, scene):
    while scene.panel is None:
        if scene.can_act:
            legal = scene.legal
            action = DrawStock() if DrawStock() in legal else legal[-1]
            scene.try_action(action)
        run_until(app, lambda: scene.can_act or scene.panel is not None)


def test_a_key_held_over_from_play_never_dismisses_the_hand_end_panel():
    app, scene = make_table(seed=4, speed="normal")
    _to_panel(app, scene)
    hand = scene.source.state.hand_number
    app.step(1 / 60, [key(pygame.K_RETURN)])  # pressed while the panel animates: skips it
    run_until(app, lambda: not scene.panel.busy)
    release = pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="")
    app.step(1 / 60, [release])  # the release of that press
    assert scene.panel is not None and scene.source.state.hand_number == hand
    app.step(1 / 60, [key(pygame.K_RETURN)])  # down alone is not yet an answer
    assert scene.source.state.hand_number == hand
    app.step(1 / 60, [release])
    assert scene.source.state.hand_number == hand + 1


def test_a_click_begun_before_the_panel_was_shown_does_not_answer_it():
    app, scene = make_table(seed=4)
    _to_panel(app, scene)
    run_until(app, lambda: not scene.panel.busy)
    hand = scene.source.state.hand_number
    button = scene.panel.buttons[0]
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)
    app.step(1 / 60, [up])
    assert scene.source.state.hand_number == hand
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1)
    app.step(1 / 60, [down, up])
    assert scene.source.state.hand_number == hand + 1


def _knock_rami_buy_back(seed_range=range(1, 40)):
    """A Knock Rami session stopped at a buy-back offer to seat 0 (the human)."""
    for seed in seed_range:
        state = new_session("knock-rami", 3, seed, ["You", "Ben", "Cleo"])
        bots = [SimpleBot(seed * 10 + s) for s in range(3)]
        for _ in range(3000):
            if state.phase == BUY_BACK and state.to_move == 0:
                return state
            if state.phase not in ("playing", BUY_BACK):
                if state.phase != "hand-over":
                    break
                state, _ = apply(state, NextHand())
                continue
            seat = state.to_move
            state, _ = apply(state, bots[seat].choose(player_view(state, seat)), seat)
    raise AssertionError("no buy-back offer to seat 0 in these seeds")


def test_the_knock_rami_panel_offers_the_buy_back_in_words_with_the_engine_price():
    from knockrummy.engine.session import buy_back_price, buy_back_score

    state = _knock_rami_buy_back()
    app = App((1280, 800))
    seats = default_seats(3)
    scene = table_scene(state, seats, Settings(speed="instant"), TableOptions())
    app.push(scene)
    run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
    panel = scene.panel
    price = buy_back_price(state)
    offer = wording.buy_back_offer(YOU, state.scores[0], price, state.pot, buy_back_score(state))
    assert offer in panel.notes()
    assert panel.buttons[0].label == wording.buy_back_button(price)
    assert "." not in panel.buttons[0].label  # exact, never 7.5
    scene.draw(app.screen)  # the offer and the red amounts draw without error
    pot_before = scene.source.state.pot
    app.step(1 / 60, press(pygame.K_b))
    assert scene.source.state.pot == pot_before + price
    assert scene.source.state.bought_back[0]
    assert BuyBack() not in scene.legal


def test_the_score_sheet_says_what_ends_the_game_in_each_profile():
    from knockrummy.engine.profiles import get_profile
    from knockrummy.ui.wording import score_sheet_title

    assert score_sheet_title(get_profile("gin-rummy"), 3, 2)[1] == "hand 3 · to 100"
    assert score_sheet_title(get_profile("poker-rum"), 2, 4)[1] == "hand 2 of 4"
    rami = get_profile("knock-rami")
    assert score_sheet_title(rami, 1, 5)[1] == f"hand 1 · out at {rami.target}"


def test_the_table_and_the_lessons_compose_no_sentence_of_their_own():
    """Every sentence the table shows comes whole from ``wording``: no f-string and no
    button named by a literal in the table's modules (the painter's only f-strings name
    what it drew, for the layout checks) or the lessons' screen."""
    # (the drawing's own modules name the marks of what they drew: group names, not words)
    import ast
    from pathlib import Path

    import knockrummy.ui.table as table_package
    from knockrummy.ui import rule_tips
    from knockrummy.ui.scenes import learn

    drawing = {"painter.py", "seat_painter.py", "panel_painter.py", "overlays.py", "marks.py"}
    drawing.add("redraw.py")
    paths = [p for p in Path(table_package.__file__).parent.glob("*.py") if p.name not in drawing]
    paths += [Path(learn.__file__), Path(rule_tips.__file__)]
    composed = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                composed.append(f"{path.name}:{node.lineno}")
            elif (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "Button"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                composed.append(f"{path.name}:{node.lineno} Button({node.args[0].value!r})")
    assert composed == []
