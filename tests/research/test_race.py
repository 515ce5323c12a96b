"""``python -m research.race``: the bystander, the draw count, pairing and the summary."""

from __future__ import annotations

import json
import random

import pytest

from knockrummy.ai import make_bot
from knockrummy.engine import apply, new_session, player_view
from knockrummy.engine.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from knockrummy.engine.deadwood import cards_deadwood
from research.__main__ import main as research
from research.bots import Bystander
from research.race import UNREACHED, bench, race_draws, summarise

pytestmark = pytest.mark.slow  # research benches: games, posteriors, subprocesses


class RandomThrower:
    """Draws from the stock and throws a random card: a player with no plan."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view):
        legal = view.legal_actions
        if view.hand_phase == "discard":
            return self.rng.choice([a for a in legal if isinstance(a, Discard)])
        return DrawStock() if DrawStock() in legal else Pass()


def test_a_bystander_only_passes_cards_through():
    state = new_session("gin-rummy", 2, 7)
    dealt = [list(h) for h in state.hand.hands]
    seats = [Bystander(), Bystander()]
    took = 0
    while state.to_move is not None:
        seat = state.to_move
        action = seats[seat].choose(player_view(state, seat))
        took += isinstance(action, TakeDiscard)
        state, _ = apply(state, action, seat)
    assert took == 0
    assert state.records[-1].result == "exhausted"  # nobody raced, so the stock ran down
    assert [sorted(h) for h in state.hand.hands] == [sorted(h) for h in dealt]


def test_the_same_player_under_two_names_is_paired_exactly():
    result = bench("gin-rummy", ["medium", "knockrummy.ai.medium:MediumBot"], deals=3, seed=11)
    first, second = result["levels"]
    assert first["mean_draws"] == second["mean_draws"]
    assert second["vs_first"] == 0 and second["vs_first_95"] == [0, 0]
    with pytest.raises(ValueError, match="twice"):
        bench("gin-rummy", ["medium", "medium"], deals=1, seed=1)


def test_a_player_with_a_plan_is_measured_faster_than_one_without():
    spec = f"{__name__}:RandomThrower"
    result = bench("gin-classic", ["medium", spec], deals=8, seed=3)
    medium, thrower = result["levels"]
    assert medium["mean_draws"] < 10
    low, _ = thrower["vs_first_95"]
    assert low > 1.0, thrower


def test_draws_are_counted_up_to_the_discard_that_reaches_the_limit():
    draws, _ = race_draws("gin-rummy", "medium", deal=5, seat=0)
    # Replay the same hand and read the seat's hand from the state after each discard.
    state = new_session("gin-rummy", 2, 5)
    bot, other = make_bot("medium", seed=5 * 2), Bystander()
    made, counts = 0, []
    while state.to_move is not None and made <= draws:
        seat = state.to_move
        action = (bot if seat == 0 else other).choose(player_view(state, seat))
        state, _ = apply(state, action, seat)
        if seat == 0 and isinstance(action, (DrawStock, TakeDiscard)):
            made += 1
        if seat == 0 and isinstance(action, (Discard, Knock)):
            counts.append(cards_deadwood(list(state.hand.hands[0])))
    assert 1 <= draws < UNREACHED
    assert counts[draws - 1] <= 10 and all(c > 10 for c in counts[: draws - 1])


def test_a_profile_without_a_knock_limit_is_refused():
    with pytest.raises(ValueError, match="no knock limit"):
        race_draws("poker-rum", "medium", deal=1, seat=0)


def test_the_summary_counts_reached_hands_and_pairs_differences():
    draws = {"a": [2, 4, 6, UNREACHED], "b": [3, 4, 8, UNREACHED]}
    times = {"a": [0.001, 0.003], "b": [0.002]}
    result = summarise("gin-rummy", 1, 2, draws, times)
    a, b = result["levels"]
    assert a["reached_by"]["3"] == 0.25 and a["reached_by"]["7"] == 0.75
    assert a["unreached"] == 1 and b["unreached"] == 1
    assert b["vs_first"] == 0.75  # differences 1, 0, 2, 0
    low, high = b["vs_first_95"]
    assert low < 0.75 < high
    assert a["mean_draws"] == pytest.approx((2 + 4 + 6 + UNREACHED) / 4)


def test_the_command_prints_json_and_refuses_an_unknown_level(capsys):
    assert research(["race", "--levels", "medium", "--deals", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["profile"] == "gin-rummy" and out["levels"][0]["hands"] == 2
    assert research(["race", "--levels", "nobody", "--deals", "1"]) == 2
    assert "nobody" in capsys.readouterr().err
