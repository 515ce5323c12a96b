"""The OpenSpiel anchor's pure parts: card and meld numbering, action translation, views
(:mod:`knockrummy.openspiel_bridge`), and the benchmark's summary and merge.

None of these tests needs OpenSpiel; the benchmark itself is the check against it.
"""

from __future__ import annotations

import sys

import pytest

from knockrummy.engine.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from knockrummy.engine.cards import CARDS, Card, parse_cards
from research.__main__ import main as research
from research.bots import make_level
from research.openspiel import deal_order, seen_table
from research.openspiel_bridge import (
    OS_DRAW_STOCK,
    OS_DRAW_UPCARD,
    OS_KNOCK,
    OS_MELD_BASE,
    OS_PASS,
    SeatRecord,
    build_view,
    card_to_os,
    defender_plan,
    meld_actions,
    meld_from_id,
    meld_id,
    os_action,
    os_to_card,
    split_meld,
)

pytestmark = pytest.mark.slow  # research benches: games, posteriors, subprocesses


def card(text: str) -> Card:
    return Card.parse(text)


def test_card_numbers_follow_openspiels_suit_order_s_c_d_h():
    # OpenSpiel: suit * 13 + rank, suits "scdh", ranks A..K from 0.
    assert os_to_card(0) == card("AS")
    assert os_to_card(12) == card("KS")
    assert os_to_card(13) == card("AC")
    assert os_to_card(26 + 6) == card("7D")
    assert os_to_card(39 + 9) == card("TH")
    assert os_to_card(51) == card("KH")
    assert card_to_os(card("QC")) == 13 + 11


def test_card_mapping_is_a_bijection_and_its_own_inverse():
    assert sorted(card_to_os(c) for c in CARDS) == list(range(52))
    assert all(os_to_card(card_to_os(c)) == c for c in CARDS)
    assert all(card_to_os(os_to_card(i)) == i for i in range(52))
    with pytest.raises(ValueError):
        os_to_card(52)
    with pytest.raises(ValueError):
        card_to_os(Card(52))


def test_meld_ids_match_openspiels_numbering():
    # Sets: rank * 5 + the OpenSpiel suit missing; 4 for all four.
    assert meld_id(parse_cards("2C 2D 2H")) == 1 * 5 + 0
    assert meld_id(parse_cards("2S 2D 2H")) == 1 * 5 + 1
    assert meld_id(parse_cards("AS AC AD AH")) == 4
    assert meld_id(parse_cards("KS KC KD")) == 12 * 5 + 3
    # Runs: 65 + (size 3: suit * 11 | size 4: 44 + suit * 10 | size 5: 84 + suit * 9) + low.
    assert meld_id(parse_cards("AS 2S 3S")) == 65
    assert meld_id(parse_cards("3S AS 2S")) == 65
    assert meld_id(parse_cards("4C 5C 6C")) == 65 + 11 + 3
    assert meld_id(parse_cards("JH QH KH TH")) == 65 + 44 + 30 + 9
    assert meld_id(parse_cards("9H TH JH QH KH")) == 184


def test_every_meld_id_round_trips():
    melds = [meld_from_id(i) for i in range(185)]
    assert [meld_id(m) for m in melds] == list(range(185))
    assert len({frozenset(m) for m in melds}) == 185
    with pytest.raises(ValueError):
        meld_from_id(185)
    with pytest.raises(ValueError):
        meld_id(parse_cards("AS 2S 4S"))
    with pytest.raises(ValueError):
        meld_id(parse_cards("AS 2S 3S 4S 5S 6S"))


@pytest.mark.parametrize(
    ("length", "sizes"),
    [(3, [3]), (5, [5]), (6, [3, 3]), (7, [4, 3]), (8, [4, 4]), (9, [5, 4]), (10, [5, 5])],
)
def test_long_runs_are_declared_in_pieces_of_three_to_five(length, sizes):
    run = [Card(13 + r) for r in range(length)]  # hearts from the ace
    pieces = split_meld(list(reversed(run)))
    assert [len(p) for p in pieces] == sizes
    assert [c for p in pieces for c in p] == run
    assert len(meld_actions([run])) == len(sizes)


def test_sets_are_declared_whole():
    quad = parse_cards("7S 7H 7D 7C")
    assert split_meld(quad) == [tuple(sorted(quad, key=lambda c: c.rank))]
    assert meld_actions([quad]) == [OS_MELD_BASE + 6 * 5 + 4]


def test_action_translation():
    assert os_action(TakeDiscard(), first_turn_offer=True) == [OS_DRAW_UPCARD]
    assert os_action(TakeDiscard(), first_turn_offer=False) == [OS_DRAW_UPCARD]
    assert os_action(DrawStock(), first_turn_offer=True) == [OS_PASS]
    assert os_action(DrawStock(), first_turn_offer=False) == [OS_DRAW_STOCK]
    assert os_action(Pass(), first_turn_offer=False) == [OS_PASS]
    assert os_action(Discard(card("7H")), first_turn_offer=False) == [39 + 6]
    assert os_action(Knock(card("2C")), first_turn_offer=False) == [OS_KNOCK, 13 + 1]


def test_defender_lays_off_then_melds_the_rest():
    hand = parse_cards("7H 8H 5S 5D 5C KD 2C 9S JS QD")
    knocker = [tuple(parse_cards("4H 5H 6H")), tuple(parse_cards("JH JD JC"))]
    layoffs, melds = defender_plan(hand, knocker)
    assert set(layoffs) == set(parse_cards("7H 8H JS"))
    assert layoffs.index(card("7H")) < layoffs.index(card("8H"))
    assert [set(m) for m in melds] == [set(parse_cards("5S 5D 5C"))]


def _opening_record() -> SeatRecord:
    """Player 0 passed the upcard 9C, we (player 1) passed, player 0 drew and threw 4D,
    we took it and threw KS, player 0 took KS and threw 2H."""
    record = SeatRecord(me=1)
    record.passed(0)
    record.passed(1)
    record.drew(0)
    record.discarded(0, card("4D"))
    record.took(1, card("4D"))
    record.discarded(1, card("KS"))
    record.took(0, card("KS"))
    record.discarded(0, card("2H"))
    return record


def test_view_holds_our_cards_the_pile_and_counts_only():
    record = _opening_record()
    hand = parse_cards("AS 2S 3S 4D 5D 6D 7C 8C 9H TH")
    pile = parse_cards("9C 2H")
    view = build_view(record, hand, pile, stock_count=30, phase="draw")
    assert view.position == 1 and view.to_move == 1
    assert view.hand == tuple(hand)
    assert view.discard_pile == tuple(pile)
    assert view.stock_count == 30
    assert view.hand_sizes == (10, 10)
    assert view.revealed is None and view.knock_card is None
    assert set(view.legal_actions) == {DrawStock(), TakeDiscard()}
    assert view.picked_up(0) == [card("KS")]
    # The opponent's stock draw stays hidden; our pickup is public.
    assert [e.card for e in view.history if isinstance(e.action, DrawStock)] == [None]
    assert view.turn == 3


def test_view_in_the_discard_phase_forbids_throwing_the_taken_card():
    record = _opening_record()
    record.took(1, card("2H"))
    hand = parse_cards("AS 2S 3S 4D 5D 6D 7H 8H 9H QC 2H")
    view = build_view(record, hand, parse_cards("9C"), 30, "discard", taken=card("2H"))
    assert Discard(card("2H")) not in view.legal_actions
    assert Discard(card("QC")) in view.legal_actions
    assert Knock(card("QC")) in view.legal_actions  # keeps 2H: 2 points


def test_view_refuses_counts_that_do_not_add_up():
    with pytest.raises(ValueError):
        build_view(_opening_record(), parse_cards("AS 2S"), [], 30, "draw")


def test_deals_replay_from_their_seed():
    assert deal_order(5) == deal_order(5)
    assert sorted(deal_order(5)) == list(range(52))
    assert deal_order(5) != deal_order(6)


def test_missing_openspiel_is_reported(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    assert research(["openspiel", "--hands", "2"]) == 2
    assert "OpenSpiel is not installed" in capsys.readouterr().err


def test_the_anchor_takes_the_hard_levels_ablations_and_seers_only(monkeypatch, capsys):
    # with OpenSpiel missing, a level that parses reaches the missing-OpenSpiel report
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    for level in ("hard-unbound", "hard-seer", "hard-seer-knock"):
        assert research(["openspiel", "--hands", "2", "--level", level]) == 2
        assert "OpenSpiel is not installed" in capsys.readouterr().err
    # the sighted level needs the racer's hand, which only bench duel hands it
    assert research(["openspiel", "--hands", "2", "--level", "hard-sighted"]) == 2
    assert "unknown bot 'hard-sighted'" in capsys.readouterr().err


def test_a_seer_is_shown_the_real_hand_and_the_unseen_rest_as_stock():
    record = _opening_record()
    hand = parse_cards("AS 2S 3S 4D 5D 6D 7C 8C 9H TH")
    pile = parse_cards("9C 2H")
    view = build_view(record, hand, pile, stock_count=30, phase="draw")
    theirs = parse_cards("KS 5H 6H 7H 8S 9S TS JD QD KD")
    table = seen_table(view, theirs)
    assert table.hand.hands[1] == tuple(hand) and table.hand.hands[0] == tuple(theirs)
    assert len(table.hand.stock) == 30
    assert {*table.hand.stock}.isdisjoint({*hand, *pile, *theirs})
    seer = make_level("hard-seer", seed=3)
    seer.observe(table)
    for sample in seer.true_samples(4):
        assert sample.hands == table.hand.hands
        assert sorted(sample.stock) == sorted(table.hand.stock)
    with pytest.raises(ValueError, match="do not add up"):
        seen_table(view, parse_cards("KS 4D 5H 6H 7H 8S 9S TS JD QD"))  # 4D is ours


def test_missing_openspiel_is_reported_for_matches_too(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    assert research(["openspiel", "--matches", "1"]) == 2
    assert "OpenSpiel is not installed" in capsys.readouterr().err


def test_matches_play_hands_until_a_side_reaches_100_with_seats_alternating(monkeypatch):
    from research import openspiel

    script = iter([40.0, -25.0, 70.0, -60.0, 0.0, -50.0, 30.0, 99.0, 1.0] + [0.0] * 50)
    played = []

    def fake_hand(pyspiel, game, order, seat, bot, times):
        played.append((order, seat))
        times.append(0.001)
        points = next(script)
        return openspiel.HandOutcome(seat, points, None if points == 0 else 0, False, False)

    monkeypatch.setattr(openspiel, "_load_game", lambda: (None, None))
    monkeypatch.setattr(openspiel, "play_hand", fake_hand)
    result = openspiel.bench_matches(2, seed=5, level="medium")
    # match 1: 40, -25, 70 (we reach 110); match 2: -60, 0, -50 (they reach 110)
    assert result["hands"] == 6 and result["mode"] == "matches"
    assert [seat for _, seat in played] == [0, 1, 0, 1, 0, 1]
    # each hand is a fresh deal: deal seed + k for the k-th hand
    assert [order for order, _ in played] == [openspiel.deal_order(5 + k) for k in range(6)]
    games = result["games_to_100"]
    assert (games["games"], games["won"], games["hands_left_over"]) == (2, 1, 0)


def _outcomes(seed: int, hands: int) -> list:
    """Made-up hands for the summary arithmetic (both seats, every kind of ending)."""
    import random

    from research.openspiel import HandOutcome

    rng = random.Random(seed)
    out = []
    for index in range(hands):
        knocker = rng.choice([0, 1, None])
        points = 0.0 if knocker is None else rng.choice([-30.0, -4.0, 0.0, 7.0, 33.0])
        out.append(HandOutcome(index % 2, points, knocker, rng.random() < 0.1, points < -20))
    return out


def test_parts_merge_into_the_whole_run(tmp_path, capsys):
    import json

    from research.openspiel import merge, summarise

    first, second = _outcomes(1, 40), _outcomes(2, 60)
    whole = summarise(first + second, [0.01] * 100, 7, "hard", 3.0)
    parts = [
        summarise(second, [0.01] * 60, 27, "hard", 2.0),
        summarise(first, [0.01] * 40, 7, "hard", 1.0),
    ]
    merged = merge(parts)
    for key, value in whole.items():  # the same decision times in every part
        if isinstance(value, dict) and key != "points_per_hand_by_seat":
            assert merged[key] == value, key  # composed from the same hands
        else:
            assert merged[key] == pytest.approx(value), key
    assert merged["parts"] == 2
    paths = []
    for part in parts:
        path = tmp_path / f"{part['seed']}.json"
        path.write_text(json.dumps(part), encoding="utf-8")
        paths.append(str(path))
    assert research(["openspiel", "--merge", *paths]) == 0
    assert "100 hands (seed 7)" in capsys.readouterr().out


def test_merge_refuses_parts_that_do_not_follow_on(capsys):
    from knockrummy.bench.stats import MergeError
    from research.openspiel import merge, summarise

    one = summarise(_outcomes(1, 40), [0.01] * 40, 7, "hard", 1.0)
    gap = summarise(_outcomes(2, 40), [0.01] * 40, 30, "hard", 1.0)
    with pytest.raises(MergeError, match="followed by seed 30, not 27"):
        merge([one, gap])
    other = summarise(_outcomes(2, 40), [0.01] * 40, 27, "medium", 1.0)
    with pytest.raises(MergeError, match="plays medium"):
        merge([one, other])


def test_games_to_100_are_composed_from_the_hands_in_order():
    from research.openspiel import compose_games, game_figures

    # game 1: we reach 100 on the third hand; game 2: they reach 100 on its second hand
    # (a tie scores nothing); the last two hands finish no game.
    points = [60.0, -30.0, 45.0, 0.0, -99.0, -1.0, 20.0, -5.0]
    games, left = compose_games(points)
    assert [(g.hands, g.ours, g.theirs, g.boxes) for g in games] == [
        (3, 105.0, 30.0, (2, 1)),
        (3, 0.0, 100.0, (0, 2)),
    ]
    assert left == 2
    # net game points: score difference, 100 to the winner, 25 per hand won
    assert [g.net for g in games] == [105 - 30 + 100 + 25, -100 - 100 - 50]
    figures = game_figures(points)
    assert figures["games"] == 2 and figures["won"] == 1 and figures["win_rate"] == 0.5
    low, high = figures["win_rate_95"]
    assert low < 0.5 < high
    assert figures["hands_per_game"] == 3.0
    assert figures["net_points_per_game"] == pytest.approx((200 - 250) / 2)
    assert figures["net_points_per_hand"] == pytest.approx((200 - 250) / 6)
    assert figures["hands_left_over"] == 2


def test_the_summary_reports_games_composed_from_its_own_hands():
    from research.openspiel import game_figures, summarise

    outcomes = _outcomes(3, 120)
    result = summarise(outcomes, [0.01] * 120, 1, "hard", 1.0)
    games = result["games_to_100"]
    assert result["cards_deadwood"] == [o.points for o in outcomes]
    assert games == game_figures([o.points for o in outcomes])
    assert games["games"] > 0 and 0 <= games["won"] <= games["games"]
    assert games["hands_per_game"] * games["games"] + games["hands_left_over"] == 120


def test_merged_parts_compose_their_games_across_the_join():
    from research.openspiel import game_figures, merge, summarise

    first, second = _outcomes(1, 40), _outcomes(2, 60)
    merged = merge(
        [
            summarise(first, [0.01] * 40, 7, "hard", 1.0),
            summarise(second, [0.01] * 60, 27, "hard", 2.0),
        ]
    )
    assert merged["games_to_100"] == game_figures([o.points for o in first + second])
