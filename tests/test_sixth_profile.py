"""A sixth profile from existing kinds, registered for the test only, plays whole sessions
at every level and keeps every invariant of the engine: a new profile needs its data row
and its rows in the profile tables, and nothing else in the code."""

from __future__ import annotations

import pytest

from knockrummy.ai import LEVELS, make_bot
from knockrummy.ai.expert import ExpertBot
from knockrummy.ai.simple import SimpleBot
from knockrummy.ai.tuning import tuning_of
from knockrummy.commands.sim import play_session, summary
from knockrummy.engine.profiles import (
    PROFILES,
    MissingProfileEntryError,
    UnknownProfileError,
    get_profile,
    registered,
)
from knockrummy.engine.session import SESSION_OVER, replay_session
from knockrummy.teaching.rules_text import rules_page
from knockrummy.ui.wording import going_out_word, score_sheet_title

from .engine.test_random_sessions import check_invariants
from .sixth_profile import SIXTH, sixth_profile


def _bot(level: str, seed: int):
    """A seat of ``level``; the expert with few samples a decision (its choices are the
    judge's whatever their number), so that a session of experts takes seconds."""
    if level == "simple":
        return SimpleBot(seed=seed)
    if level == "expert":
        return ExpertBot(seed=seed, samples=3)
    return make_bot(level, seed)


LONG_SESSIONS = {("hard", 2), ("expert", 2), ("expert", 4)}
"""The sessions that take more than a second to play: in the full suite only."""


@pytest.mark.parametrize(
    ("level", "players"),
    [
        pytest.param(level, players, marks=pytest.mark.slow)
        if (level, players) in LONG_SESSIONS
        else (level, players)
        for level in ("simple", *LEVELS)
        for players in (2, 4)
    ],
)
def test_every_level_plays_a_sixth_profile_to_the_end_of_a_session(level, players):
    with sixth_profile():
        seeds = [11 * 31 + seat for seat in range(players)]
        bots = [_bot(level, s) for s in seeds]
        final = play_session(SIXTH.id, players, 11, bots)
        row = summary(final)
    assert final.phase == SESSION_OVER and final.winners
    before_last = [
        sum(e.amount for e in final.ledger if e.seat == seat and e.hand < final.hand_number)
        for seat in range(players)
    ]
    assert max(before_last) < SIXTH.target <= max(final.scores)  # to 50, not to 100
    assert row["profile"] == SIXTH.id and row["hands_played"] == len(final.records)
    # the gin profiles' end of the stock, at a table size no gin profile is played at
    assert set(row["result_counts"]) <= {"knock", "undercut", "gin", "exhausted"}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_sixth_profile_keeps_every_invariant_of_the_engine(players, seed):
    with sixth_profile():
        bots = [SimpleBot(seed=seed + seat, noise=0.1) for seat in range(players)]
        final = play_session(SIXTH.id, players, seed, bots, on_step=check_invariants)
        again = replay_session(SIXTH.id, players, seed, [a for _, a in final.log])
    assert final.phase == SESSION_OVER and final.winners
    assert again.log == final.log and again.scores == final.scores


def test_a_sixth_profile_has_its_rules_and_words_from_its_kinds():
    with sixth_profile() as profile:
        page = "\n".join(f"{title}\n{text}" for title, text in rules_page(profile.id))
        sheet = score_sheet_title(profile, 2, 3)
        word = going_out_word(profile, 0)
    assert "count 10 or less" in page and "first player to reach 50 wins" in page
    assert "two cards or fewer" in page and "Gin, with no lay-offs against it" in page
    assert sheet == ["Short Knock", "hand 2 · to 50"]
    assert word == "Gin"


def test_a_registered_profile_is_gone_after_its_block():
    with sixth_profile():
        assert SIXTH.id in PROFILES and tuning_of(SIXTH.id)
    assert SIXTH.id not in PROFILES
    with pytest.raises(UnknownProfileError):
        get_profile(SIXTH.id)
    with pytest.raises(MissingProfileEntryError):
        tuning_of(SIXTH.id)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_profile_without_its_tuning_row_is_an_error_not_a_default(level):
    with registered(SIXTH):
        bots = [make_bot(level, seat) for seat in range(2)]
        with pytest.raises(MissingProfileEntryError, match="tuning.*short-knock"):
            play_session(SIXTH.id, 2, 1, bots)


def test_a_profile_without_its_worked_examples_or_lesson_is_an_error_not_a_default():
    from knockrummy.teaching.lessons import LESSONS

    with registered(SIXTH):
        with pytest.raises(MissingProfileEntryError, match="worked scoring examples"):
            rules_page(SIXTH.id)
        with pytest.raises(MissingProfileEntryError, match="lessons"):
            LESSONS[SIXTH.id]
