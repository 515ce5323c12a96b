"""The match value: the chance of winning a game to its target, from the scores."""

from __future__ import annotations

import pytest

from knockrummy.ai.estimate import Table, utility
from knockrummy.ai.match import match_points, match_value, win_chance, win_table
from knockrummy.engine.cards import parse_cards
from knockrummy.engine.profiles import get_profile
from knockrummy.engine.scoring import settle


def test_the_win_chance_rises_with_ones_own_score_and_falls_with_the_opponents():
    table = win_table(100)
    for mine in range(0, 100, 3):
        for theirs in range(0, 100, 3):
            here = table[mine][theirs]
            assert 0.0 < here < 1.0
            if mine + 1 < 100:
                assert table[mine + 1][theirs] >= here - 1e-12
            if theirs + 1 < 100:
                assert table[mine][theirs + 1] <= here + 1e-12


def test_the_win_chance_is_fair_between_the_two_seats():
    assert win_chance(100, 0, 0) == pytest.approx(0.5)
    for mine, theirs in ((10, 60), (95, 5), (50, 51)):
        total = win_chance(100, mine, theirs) + win_chance(100, theirs, mine)
        assert total == pytest.approx(1.0)


def test_reaching_the_target_wins_the_game_however_big_the_hand():
    assert win_chance(100, 100, 40) == 1.0 and win_chance(100, 40, 100) == 0.0
    assert match_value(100, 90, 40, 10, 0) == match_value(100, 90, 40, 40, 0)
    # early in a game the match value is about the hand's points
    assert match_value(100, 0, 0, 10, 0) == pytest.approx(10, rel=0.2)
    assert match_points(100) > 0


def test_with_the_match_on_a_game_winning_knock_is_worth_the_same_small_or_large():
    profile = get_profile("gin-rummy")
    knocker = parse_cards("AS 2S 3S 4H 5H 6H 7D 7C 7S 2D")
    small = settle("gin-rummy", [knocker, parse_cards("AH 2H 3D 4C 5D 6C 8D 9S TC JH")], 0)
    large = settle("gin-rummy", [knocker, parse_cards("KH QC JS TD 9H 8C 6D 5C 4D 3C")], 0)
    assert small.deltas[0] < large.deltas[0]
    for match, same in ((True, True), (False, False)):
        table = Table(profile, me=0, scores=(95.0, 40.0), turn=8, players=2, match=match)
        assert (utility(table, small) == utility(table, large)) is same
