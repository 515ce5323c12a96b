"""The hand-end panel tells one story: its big numbers and their lines agree at every frame
of the count-up, shares are written one way with the rule that makes them fractions, the
lowest score that stays in says why, and a joker sits where it stands in a run."""

from __future__ import annotations

import re

from knockrummy.ui.table.panel_words import row_words

from .conftest import make_table, run_until, step


def number(text: str) -> int:
    """The first whole number in ``text`` with its sign (``+20``, ``±0``, ``total 341``)."""
    found = re.search(r"[-+]?\d+", text.replace("±", ""))
    return int(found.group())


def test_the_count_up_moves_the_change_and_the_total_together_and_the_reasons_wait():
    app, scene = make_table(players=3, humans=0, seed=4, speed="normal")
    assert run_until(app, lambda: scene.panel is not None)
    panel = scene.panel
    seen = []
    while panel.busy:
        face = panel.face()
        count = face.progress[2]
        for row in face.rows:
            before = scene.view.scores[row.seat] - panel.hand_result(row.seat)
            total = row.total if row.total is not None else row.reasons[0][0]
            assert number(total) == before + number(row.value), (count, row)
            if count < 1:
                assert [r for r, _x, _y in row.reasons if r != total] == [], (count, row)
        seen.append(count)
        step(app)
    assert any(0 < c < 1 for c in seen), "the count-up was never seen midway"
    final = panel.face()
    assert any(len(row.reasons) for row in final.rows), "the reasons show once counted"
    for row in final.rows:
        assert number(row.value) == panel.hand_result(row.seat)


def test_a_row_halfway_through_its_count_shows_half_its_change_and_the_total_so_far():
    app, scene = make_table(players=2, humans=0, seed=4, speed="normal")
    assert run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
    panel = scene.panel
    view = scene.view
    seat = max(view.seats_in_hand, key=lambda s: abs(panel.hand_result(s)))
    result = panel.hand_result(seat)
    assert result
    position = view.seats_in_hand.index(seat)
    row = row_words(view, position, panel.changes[seat], result, panel.geometry, 0.5, False)
    assert number(row.value) == round(result * 0.5)
    assert number(row.total) == view.scores[seat] - result + round(result * 0.5)
    assert row.reasons == ()


def test_a_total_with_a_buy_back_return_counts_up_from_the_score_the_hand_started_at():
    """A player out who bought back has a change and a return (its own line): the total
    counts up from the score before the hand, then takes the return when the lines show."""
    from knockrummy.engine.ledger import EntryKind, LedgerEntry

    app, scene = make_table(players=2, humans=0, seed=4, speed="normal")
    assert run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
    panel = scene.panel
    view = scene.view
    seat = max(view.seats_in_hand, key=lambda s: panel.hand_result(s))
    result = panel.hand_result(seat)
    assert result > 0
    position = view.seats_in_hand.index(seat)
    returned = LedgerEntry(seat, -90, EntryKind.BUY_BACK_SCORE, "returned", view.hand_number)
    changes = [*panel.changes[seat], returned]
    start = view.scores[seat] + 90 - result  # the score the hand started at
    for count in (0.0, 0.5):
        row = row_words(view, position, changes, result, panel.geometry, count, False)
        assert number(row.total) == start + round(result * count), count
        assert row.reasons == ()
    done = row_words(view, position, changes, result, panel.geometry, 1.0, False)
    assert number(done.total) == view.scores[seat]
    assert number(done.value) == result


def a_panel(view):
    from knockrummy.ui.table.panel import HandEndPanel, PanelChoices

    changes = {}
    for entry in view.hand_entries:
        changes.setdefault(entry.seat, []).append(entry)
    choices = PanelChoices(
        answer=lambda action: None,
        close=lambda: None,
        human_answers=lambda v: False,
        autoplay=True,
    )
    panel = HandEndPanel(view, changes, 0.0, choices)
    panel.place((1280, 800))
    return panel


def test_a_joker_in_a_run_is_drawn_where_it_stands_on_the_panel_and_at_the_table():
    from knockrummy.engine.actions import DrawStock, Knock
    from knockrummy.engine.cards import Card
    from knockrummy.engine.session import apply
    from knockrummy.engine.views import player_view
    from knockrummy.settings import Settings
    from knockrummy.ui.loop import App
    from knockrummy.ui.runner import default_seats, table_scene
    from knockrummy.ui.table.controller import TableOptions

    from ..ai.helpers import rigged_session

    hands = ["JK 2H 3H 5H 9S 9D 9C", "KS QD 9H 8S 6H 2C 4D", "KC QC JC 8D 7D 3S 4S"]
    state = rigged_session("knock-rami", hands, "TC", "KD", turn=6)
    # at the table, before the knock: the run as the hand is sorted (melds first)
    app = App((1280, 800))
    scene = table_scene(state, default_seats(3), Settings(speed="instant"), TableOptions())
    app.push(scene)
    step(app, 3)
    for sort in ("melds", "rank", "suit"):  # in every sort order of the hand
        scene.order.mode = sort
        shown = [c.symbol for c in scene.viewer_order()]
        assert shown[shown.index("3♥") + 1] == "Joker", (sort, shown)
        if sort != "rank":
            assert shown[shown.index("2♥") : shown.index("2♥") + 4] == ["2♥", "3♥", "Joker", "5♥"]
    # on the panel: the knocker's run as it stands
    state, _ = apply(state, DrawStock())
    state, _ = apply(state, Knock(Card.parse("KD")))
    panel = a_panel(player_view(state, 0))
    rows = [[c.symbol for c, _giver, _dead in group] for group in panel.row_groups(0)]
    assert ["2♥", "3♥", "Joker", "5♥"] in rows, rows
    placed = [p.card.symbol for p in panel.geometry.placed if p.seat == 0]
    assert placed.index("Joker") == placed.index("3♥") + 1


def test_a_run_with_cards_laid_off_keeps_its_joker_where_it_stands():
    from knockrummy.engine.cards import Card
    from knockrummy.ui.table.panel import run_order

    def shown(meld: str, laid: str = "") -> list[str]:
        given = [(Card.parse(c), 1) for c in laid.split()]
        return [c.symbol for c, _ in run_order(tuple(map(Card.parse, meld.split())), given)]

    assert shown("2H 3H JK 5H") == ["2♥", "3♥", "Joker", "5♥"]
    assert shown("5H 6H JK", "8H") == ["5♥", "6♥", "Joker", "8♥"]  # it stood for 7♥
    assert shown("5H 6H JK", "4H") == ["4♥", "5♥", "6♥", "Joker"]
    assert shown("JK QH KH") == ["Joker", "Q♥", "K♥"]
    assert shown("7S 7H JK", "7D") == ["7♠", "7♥", "Joker", "7♦"]  # a set: as melded
    assert shown("4C 5C 6C", "3C 7C") == ["3♣", "4♣", "5♣", "6♣", "7♣"]


def knock_rami(until=None):
    from knockrummy.ai.simple import SimpleBot
    from knockrummy.commands.sim import play_session

    bots = [SimpleBot(seed=10 + s) for s in range(3)]
    return play_session("knock-rami", 3, 1, bots, until=until)


def test_a_fraction_on_the_panel_says_why_it_is_one():
    from fractions import Fraction

    from knockrummy.engine.session import BUY_BACK, HAND_OVER
    from knockrummy.engine.views import player_view

    def odd(state) -> bool:
        return state.phase in (HAND_OVER, BUY_BACK) and Fraction(state.pot).denominator > 1

    state = knock_rami(until=odd)
    assert odd(state), "the session never held half of an odd pot"
    notes = a_panel(player_view(state, 0)).notes()
    assert (
        notes[-1]
        == "Half of an odd pot is kept exact, as a fraction of a chip: the rules never round it."
    )
    whole = knock_rami(until=lambda s: s.phase == HAND_OVER)  # the first hand: no fraction
    assert Fraction(whole.pot).denominator == 1
    assert not any("fraction" in note for note in a_panel(player_view(whole, 0)).notes())


def test_the_lowest_score_that_stays_in_says_why_on_the_panel_and_after_the_game():
    from knockrummy.engine.views import player_view
    from knockrummy.ui.game import Game
    from knockrummy.ui.loop import App
    from knockrummy.ui.navigator import Navigator
    from knockrummy.ui.seats import default_seats

    state = knock_rami()
    winner = state.winners[0]
    assert state.scores[winner] >= 100, "the winner stayed in at 100 or more"
    name = state.names[winner]
    why = (
        f"{name} has {state.scores[winner]} and stays in: everyone still in reached 100 in "
        "the same hand, and the lowest score stays in."
    )
    assert why in a_panel(player_view(state, (winner + 1) % 3)).notes()
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        game = Game.open(folder)
        app = App((1280, 800))
        Navigator(app, game)
        app.navigator.game_over(state, default_seats(3, humans=0))
        assert app.scene.reasons() == [why]
        step(app)
        game.store.close()
