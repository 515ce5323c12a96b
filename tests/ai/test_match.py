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


# --- every profile's session -------------------------------------------------------------

from knockrummy.ai import match as mv  # noqa: E402


@pytest.mark.parametrize(
    "models",
    [mv.KNOCK_RUMMY_POINTS, mv.RAMI_COUNTS],
)
def test_every_hand_model_is_a_distribution(models):
    for model in models.values():
        assert sum(chance for _, chance in model) == pytest.approx(1.0)
        assert all(chance > 0 for _, chance in model)


@pytest.mark.parametrize(
    "profile, session, players",
    [
        ("knock-rummy", "to-target", 2),
        ("knock-rummy", "to-target", 3),
        ("knock-rummy", "to-target", 6),
        ("poker-rum", "rotation", 2),
        ("poker-rum", "rotation", 3),
        ("knock-rami", "elimination", 2),
        ("knock-rami", "elimination", 5),
    ],
)
def test_an_even_start_gives_every_player_the_same_chance(profile, session, players):
    zeros = [0.0] * players
    chances = [
        mv.session_chance(profile, session, 100, zeros, me, players) for me in range(players)
    ]
    # the last-standing model shares a round where several go out by halves: near even
    tolerance = 0.006 if session == "elimination" else 0.002
    assert chances == pytest.approx([1.0 / players] * players, abs=tolerance)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_first_to_the_target_chances_add_up_and_favour_the_leader(players):
    scores = [float(15 * seat) for seat in range(players)]
    chances = [
        mv.session_chance("knock-rummy", "to-target", 100, scores, me, 1) for me in range(players)
    ]
    assert sum(chances) == pytest.approx(1.0, abs=0.005)
    assert chances == sorted(chances)  # the higher the score, the likelier the win
    assert mv.session_chance("knock-rummy", "to-target", 100, [100.0, *scores[1:]], 0, 1) == 1.0
    assert (
        mv.session_chance("knock-rummy", "to-target", 100, [40.0, 100.0, *scores[2:]], 0, 1) == 0.0
    )


def test_the_rotations_last_hand_only_asks_who_ends_on_top():
    # two players, 20 ahead before the last hand: losing 15 still wins the session
    keep = mv.session_value("poker-rum", "rotation", 100, [20.0, -20.0], [-15.0, 15.0], 0, 1)
    lose = mv.session_value("poker-rum", "rotation", 100, [20.0, -20.0], [-25.0, 25.0], 0, 1)
    more = mv.session_value("poker-rum", "rotation", 100, [20.0, -20.0], [30.0, -30.0], 0, 1)
    assert keep > 0 > lose
    assert more == pytest.approx(keep)  # winning by more adds nothing at the end
    # with hands still to come the same lead is worth less than a certain win
    assert 0.5 < mv.rotation_chance(2, (40.0,), 1) < 1.0
    assert mv.rotation_chance(2, (40.0,), 0) == 1.0
    assert mv.rotation_chance(3, (0.0, 0.0), 0) == pytest.approx(1 / 3)


def test_the_last_player_standing_is_favoured_by_a_low_score_and_wins_when_alone():
    low = mv.session_chance("knock-rami", "elimination", 100, [10.0, 60.0, 60.0], 0, 1)
    high = mv.session_chance("knock-rami", "elimination", 100, [90.0, 60.0, 60.0], 0, 1)
    assert low > 1 / 3 > high > 0
    assert mv.session_chance("knock-rami", "elimination", 100, [95.0, 100.0, 120.0], 0, 1) == 1.0
    # a round that pushes this seat out costs nearly all of its chance
    out = mv.session_value("knock-rami", "elimination", 100, [90.0, 60.0], [15.0, 5.0], 0, 1)
    stay = mv.session_value("knock-rami", "elimination", 100, [90.0, 60.0], [5.0, 15.0], 0, 1)
    assert out < 0 < stay
    # every player out in the same round: the lowest stays in, and wins
    assert mv.session_value("knock-rami", "elimination", 100, [95.0, 96.0], [10.0, 20.0], 0, 1) > 0


@pytest.mark.parametrize(
    "profile_id, players",
    [("knock-rummy", 2), ("knock-rummy", 4), ("poker-rum", 2), ("poker-rum", 5), ("knock-rami", 3)],
)
def test_the_utility_uses_the_session_chance_when_the_match_is_on(profile_id, players):
    profile = get_profile(profile_id)
    scores = (60.0,) + (30.0,) * (players - 1)  # uneven, so the chance is not the points
    hands = [parse_cards("AS 2S 3S 4H 5H 6H 7D")]
    hands += [parse_cards("KH QC JS TD 9H 8C 6D")] * (players - 1)
    result = settle(profile_id, [list(h) for h in hands], 0)
    deltas = [float(d) for d in result.deltas]
    on = Table(profile, me=0, scores=scores, turn=8, players=players, match=True, hands_left=1)
    off = Table(profile, me=0, scores=scores, turn=8, players=players, match=False)
    expected = mv.session_value(profile_id, profile.session, profile.target, scores, deltas, 0, 1)
    assert expected is not None
    assert utility(on, result) == pytest.approx(expected)
    assert utility(on, result) != pytest.approx(utility(off, result))
    assert utility(off, result) > 0


@pytest.mark.parametrize(
    "profile_id, players, expected",
    [
        ("gin-rummy", 2, True),
        ("knock-rami", 3, True),
        ("knock-rummy", 2, False),
        ("poker-rum", 2, False),
    ],
)
def test_the_shipped_level_uses_the_match_value_where_it_won_games(
    monkeypatch, profile_id, players, expected
):
    from knockrummy.ai import hard
    from knockrummy.commands.sim import play_session

    seen: list[bool] = []
    real = hard.estimate_knock

    def spy(table, samples, kept):
        seen.append(table.match)
        return real(table, samples, kept)

    monkeypatch.setattr(hard, "estimate_knock", spy)
    for setting, match in ((None, expected), (True, True), (False, False)):
        seen.clear()
        bots = [hard.HardBot(seed=seat, match=setting) for seat in range(players)]
        play_session(profile_id, players, 3, bots, until=lambda state: bool(seen))
        assert seen == [match], (profile_id, setting)
    assert (profile_id in hard.MATCH_PROFILES) is expected
