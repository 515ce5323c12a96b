"""Every level plays only legal actions, replays from its seed, and is built by make_bot."""

from __future__ import annotations

import pytest

from knockrummy.ai import LEVELS, UnknownBotError, load_external_bot, make_bot
from knockrummy.ai.expert import ExpertBot
from knockrummy.commands.sim import play_session
from knockrummy.engine.actions import NextHand
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.views import PlayerView

from .helpers import FirstLegalBot


class CheckedBot:
    """Wraps a bot and fails the test on any action outside the view's legal actions."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.actions = 0

    def choose(self, view: PlayerView):
        action = self.bot.choose(view)
        assert action in view.legal_actions, (action, view.legal_actions)
        assert not isinstance(action, NextHand)
        self.actions += 1
        return action


TABLES = [(pid, n) for pid, p in PROFILES.items() for n in sorted({2, p.max_players})]


def quick(level: str, seed: int):
    """A bot of ``level``; the expert with few samples a decision (its choices are the
    judge's whatever their number), so that its whole sessions take seconds."""
    if level == "expert":
        return ExpertBot(seed=seed, samples=3)
    return make_bot(level, seed)


@pytest.mark.slow  # whole sessions of computer levels
@pytest.mark.parametrize(("profile", "players"), TABLES)
@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_only_legal_actions(level, profile, players):
    bots = [CheckedBot(quick(level, seed=7 + s)) for s in range(players)]
    state = play_session(profile, players, seed=players * 5 + len(level), bots=bots)
    assert state.is_over
    assert sum(b.actions for b in bots) > 0


@pytest.mark.slow  # whole sessions of computer levels
@pytest.mark.parametrize(("profile", "players"), TABLES)
def test_mixed_tables_play_to_the_end(profile, players):
    levels = list(LEVELS)
    bots = [CheckedBot(make_bot(levels[s % 3], seed=s)) for s in range(players)]
    state = play_session(profile, players, seed=99, bots=bots)
    assert state.is_over and state.winners


@pytest.mark.slow  # whole sessions of computer levels
@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize(("profile", "players"), [("knock-rummy", 3), ("knock-rami", 2)])
def test_a_seed_replays_the_same_session(level, profile, players):
    logs = []
    for _ in range(2):
        bots = [quick(level, seed=s) for s in range(players)]
        logs.append(play_session(profile, players, seed=3, bots=bots).log)
    assert logs[0] == logs[1]


@pytest.mark.parametrize("level", list(LEVELS))
def test_levels_have_a_name_and_a_description_for_the_setup_screen(level):
    bot = make_bot(level, seed=1)
    assert bot.name == level
    assert isinstance(bot.description, str) and 10 < len(bot.description) < 120


def test_load_external_bot_imports_a_command_line_spec_with_its_seed():
    bot = load_external_bot("tests.ai.helpers:FirstLegalBot", seed=5)
    assert isinstance(bot, FirstLegalBot) and bot.seed == 5
    state = play_session("poker-rum", 2, seed=1, bots=[bot, make_bot("easy", 2)])
    assert state.is_over


@pytest.mark.parametrize(
    "spec", ["nightmare", "tests.ai.helpers:NoSuchBot", "no_such_module_xyz:Bot", "x:"]
)
def test_load_external_bot_refuses_an_unknown_spec(spec):
    with pytest.raises(UnknownBotError):
        load_external_bot(spec, seed=1)


@pytest.mark.parametrize("level", ["tests.ai.helpers:FirstLegalBot", "nightmare", "", None, 3])
def test_make_bot_builds_only_the_built_in_levels(level):
    with pytest.raises(UnknownBotError, match="easy, medium, hard"):
        make_bot(level, seed=1)


def test_make_bot_never_imports_the_module_a_level_names(spy_module):
    with pytest.raises(UnknownBotError):
        make_bot(spy_module.spec, seed=1)
    assert not spy_module.imported()
    load_external_bot(spy_module.spec, seed=1)  # the command line's door does import it
    assert spy_module.imported()
