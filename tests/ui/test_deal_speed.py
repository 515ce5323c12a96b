"""The deal at normal speed: short enough that a hand starts at once, on any table size."""

from __future__ import annotations

import pytest

from knockrummy.engine.profiles import PROFILES, get_profile

from .conftest import DT, make_table, step


def _seconds_to_first_action(scene, app, limit=20.0):
    """Stepped time from the table opening until someone may make the first move: the
    human's buttons come on, or a computer starts deciding."""
    t = 0.0
    while t < limit:
        if scene.motion.deal is None and (scene.can_act or scene.source.thinking):
            return t
        step(app)
        t += DT
    return t


def _largest_hand(players):
    """The profile dealing the most cards to ``players`` seats: the longest deal."""
    return max(PROFILES, key=lambda pid: _hand_size(pid, players))


def _hand_size(pid, players):
    try:
        get_profile(pid).check_players(players)
    except ValueError:
        return -1
    app, scene = make_table(profile=pid, players=players, speed="instant")
    return scene.view.hand_sizes[0]


@pytest.mark.parametrize(("players", "limit"), [(2, 2.0), (6, 3.0)])
def test_the_deal_at_normal_speed_reaches_the_first_action_in_time(players, limit):
    profile = _largest_hand(players)
    for seed in (1, 2, 3):  # the viewer or a computer may move first
        app, scene = make_table(profile=profile, players=players, seed=seed, speed="normal")
        seconds = _seconds_to_first_action(scene, app)
        assert seconds < limit, f"{profile} at {players} seats: {seconds:.2f} s"


def test_cards_of_the_deal_fly_together_yet_arrive_in_dealing_order():
    app, scene = make_table(speed="normal", players=6)
    most_in_air, counts = 0, []
    while scene.motion.deal is not None:
        flying = [f for f in scene.motion.flights if f.dest[0] == "deal"]
        most_in_air = max(most_in_air, len(flying))
        counts.append(sum(scene.motion.deal.shown))
        step(app)
    assert most_in_air >= 3
    assert counts == sorted(counts)


def test_reduced_motion_deals_each_card_straight_into_its_place():
    app, scene = make_table(speed="normal", players=4, reduced_motion=True)
    moved = []
    while scene.motion.deal is not None:
        moved += [f.start != f.end for f in scene.motion.flights if f.dest[0] == "deal"]
        step(app)
    assert moved and not any(moved)
