"""The research levels in the bot benchmark: ablations by name, the seers shown the state."""

from __future__ import annotations

import json

import pytest

from knockrummy.ai.hard import HardBot, HardConfig
from knockrummy.ai.inference import read_view
from knockrummy.ai.simple import SimpleBot
from knockrummy.app import main as knockrummy
from knockrummy.commands.sim import play_session
from knockrummy.engine.session import new_session
from knockrummy.engine.views import player_view
from research.__main__ import main
from research.ai import bench
from research.bots import (
    ABLATIONS,
    DENY_WEIGHT,
    SeerBot,
    is_research_level,
    make_level,
)

from ..ai.helpers import sampler_settings

pytestmark = pytest.mark.slow  # research benches: games, posteriors, subprocesses


def test_the_shipped_bench_refuses_a_research_level(capsys):
    code = knockrummy(
        ["bench", "ai", "--profile", "poker-rum", "--seats", "hard-points,simple", "--games", "1"]
    )
    assert code == 2
    assert "unknown bot 'hard-points'" in capsys.readouterr().err


def test_the_research_bench_seats_a_research_level_by_name(capsys):
    code = main(
        [
            "ai",
            "--profile",
            "poker-rum",
            "--seats",
            "hard-points,simple",
            "--games",
            "1",
            "--json",
        ]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert [row["bot"] for row in out["bots"]] == ["hard-points", "simple"]


def test_a_seer_is_handed_the_real_hands_in_the_bench_and_nowhere_else():
    seen = []

    class Watching(SeerBot):
        def sample(self, knowledge, count, likely, bound=False):
            samples = super().sample(knowledge, count, likely, bound)
            hand = self.state.hand
            seen.append((samples, [list(h) for h in hand.hands], sorted(hand.stock)))
            return samples

    state = new_session("gin-rummy", 2, 3)
    seer = Watching(seed=1)
    with pytest.raises(ValueError, match="table's state"):
        seer.choose(player_view(state, state.to_move))
    state = play_session(
        "gin-rummy",
        2,
        3,
        [seer, SimpleBot(seed=2)],
        on_step=seer.observe,
        until=lambda s: len(seen) >= 6,
    )
    assert len(seen) >= 6
    for samples, hands, stock in seen:
        assert samples and all([list(h) for h in s.hands] == hands for s in samples)
        assert all(sorted(s.stock) == stock for s in samples)
        assert len({s.stock for s in samples}) > 1  # the stock's order stays hidden


def test_the_knock_only_seer_samples_as_the_level_does_outside_its_knock_test():
    state = new_session("poker-rum", 2, 4)
    view = player_view(state, state.to_move)
    seer = SeerBot(seed=5, knock_only=True)
    seer.observe(state)
    plain = HardBot(seed=5)
    knowledge = read_view(view)
    assert seer.sample(knowledge, 8, False) == plain.sample(knowledge, 8, False)
    hands = [list(h) for h in state.hand.hands]
    assert all([list(h) for h in s.hands] == hands for s in seer.knock_samples([None] * 3))


def test_the_research_bench_shows_the_state_to_a_seer():
    out = bench("poker-rum", ["hard-seer", "simple"], 2, 1)
    assert [row["bot"] for row in out["bots"]] == ["hard-seer", "simple"]
    assert is_research_level("hard-seer") and is_research_level("hard-seer-knock")


def test_the_quiet_research_level_keeps_to_the_quiet_clue_at_each_profiles_knock_count():
    import research.bots

    for profile, expected in (("knock-rummy", {5}), ("gin-rummy", {10}), ("poker-rum", {5})):
        asked = sampler_settings(
            profile, make=lambda seed: make_level("hard-quiet", seed), sampler_users=[research.bots]
        )
        assert {quiet for _, _, quiet in asked} == expected, profile
    # the one setting it changes: the others are the shipped level's
    assert sampler_settings(
        "gin-rummy", make=lambda seed: make_level("hard-quiet", seed), sampler_users=[research.bots]
    ) == {(likely, bound, 10) for likely, bound, _ in sampler_settings("gin-rummy")}


def test_each_ablation_is_the_shipped_level_with_its_settings():
    assert ABLATIONS["hard-unbound"] == HardConfig(bound=False)
    assert ABLATIONS["hard-deny"] == HardConfig(deny_weight=DENY_WEIGHT)
    for name, config in ABLATIONS.items():
        bot = make_level(name, 3)
        assert type(bot) is HardBot and bot.config == config, name
