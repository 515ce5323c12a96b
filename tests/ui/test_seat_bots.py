"""The window's computer players: one bot per seat through a hand, and a resumed session
decides exactly as one never interrupted."""

from __future__ import annotations

import pytest

from knockrummy.ai import make_bot
from knockrummy.engine.actions import NextHand
from knockrummy.engine.session import apply, new_session, replay_session
from knockrummy.play.bots import SeatBots


def play(state, bots: SeatBots, actions: int):
    """``actions`` more actions (a deal between hands counts as one); the state and them."""
    taken = []
    for _ in range(actions):
        if state.is_over:
            break
        seat = state.to_move
        action = NextHand() if seat is None else bots.decide(state, seat)
        state, _ = apply(state, action, seat)
        taken.append(action)
    return state, taken


@pytest.mark.slow  # whole sessions of computer levels
@pytest.mark.parametrize(
    ("profile", "players", "level", "stop"),
    [
        ("knock-rummy", 3, "easy", 7),
        ("knock-rummy", 3, "easy", 40),
        ("gin-rummy", 2, "medium", 11),
        ("knock-rami", 3, "easy", 25),
        ("gin-classic", 2, "hard", 6),
    ],
)
def test_a_resumed_session_makes_the_same_decisions_as_an_uninterrupted_one(
    profile, players, level, stop
):
    start = new_session(profile, players, seed=21)
    levels = [level] * players
    _, straight = play(start, SeatBots(levels), stop + 12)
    # "save" after ``stop`` actions, resume from the replayed log with fresh bots
    saved, _ = play(start, SeatBots(levels), stop)
    resumed = replay_session(
        profile, players, 21, [a for _, a in saved.log], stake=saved.stake or None
    )
    _, after = play(resumed, SeatBots(levels), 12)
    assert straight[stop:] == after
    assert len(after) == 12 or resumed.is_over


def test_each_computer_seat_keeps_one_bot_for_the_whole_hand():
    made = []

    def make(level, seed):
        bot = make_bot(level, seed)
        made.append(bot)
        return bot

    state = new_session("knock-rummy", 3, seed=5)
    bots = SeatBots(["easy"] * 3, make)
    thresholds: dict[int, set] = {}
    while state.hand_number == 1 and state.phase == "playing":
        seat = state.to_move
        action = bots.decide(state, seat)
        thresholds.setdefault(seat, set()).add(bots._bots[seat].bot._threshold)
        state, _ = apply(state, action, seat)
    assert len(made) == 3  # one per seat, not one per decision
    assert all(len(t) == 1 for t in thresholds.values())  # easy's knock threshold holds
    state, _ = apply(state, NextHand())
    bots.decide(state, state.to_move)
    assert len(made) == 4  # the next hand's bot, seeded afresh
