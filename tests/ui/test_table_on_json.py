"""The table on JSON alone: whole sessions played at the table through the loopback source,
every message between the session and the window written as JSON and read back, end in
the same action log, scores and ledger as ``sim`` on the same seed and decisions."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from knockrummy.ai import make_bot
from knockrummy.commands.sim import play_session
from knockrummy.engine.actions import NextHand
from knockrummy.engine.profiles import PROFILES, get_profile
from knockrummy.engine.session import new_session
from knockrummy.play.bots import bot_seed
from knockrummy.play.loopback import LoopbackSource
from knockrummy.settings import Settings
from knockrummy.ui.seats import HUMAN, SeatConfig
from knockrummy.ui.table.controller import TableScene
from knockrummy.ui.table.modes import Mode
from knockrummy.ui.tables import table_source

from .conftest import DT, key

SEED = 21


class HandBot:
    """A seat's computer player, made afresh for each hand from the session's seed, as
    the table's own computers are (:class:`~knockrummy.play.bots.SeatBots`)."""

    def __init__(self, seat: int, level: str = "easy") -> None:
        self.seat, self.level = seat, level
        self.hand, self.bot = None, None

    def choose(self, view):
        if view.hand_number != self.hand:
            self.hand = view.hand_number
            self.bot = make_bot(self.level, bot_seed(SEED, self.seat, view.hand_number))
        return self.bot.choose(view)


def seats_of(players: int, people: int) -> list[SeatConfig]:
    return [
        SeatConfig(f"P{s}", HUMAN) if s < people else SeatConfig(f"C{s}", level="easy")
        for s in range(players)
    ]


def play_at_the_table(profile_id: str, players: int, people: int):
    """The session played at a table fed through JSON; the people's moves chosen by each
    seat's player from the view the window was sent. Returns the source's last state and
    the messages that crossed."""
    host = table_source(new_session(profile_id, players, SEED), seats_of(players, people))
    loopback = LoopbackSource(host)
    scene = TableScene(loopback, Settings(speed="instant"))
    scene.resize((1024, 640))
    bots = [HandBot(seat) for seat in range(players)]
    for _ in range(200_000):
        scene.update(DT)
        view = scene.view
        if view.phase == "over":
            break
        if scene.handoff is not None:  # pass-and-play: the next person takes the screen
            scene.handle(key(pygame.K_RETURN))
            continue
        mode = scene.mode
        if mode is Mode.SEAT_TO_ACT:
            assert scene.try_action(bots[scene.viewer].choose(view))
        elif mode is Mode.HAND_END and not scene.panel.busy:
            seat = view.to_move
            if seat is None:
                scene._submit(NextHand(), None)  # the panel's Next hand
            elif seat in scene.humans:  # a buy-back offer, answered on the panel
                scene._submit(bots[seat].choose(scene.updates[seat].view), seat)
    else:
        raise AssertionError("the session did not end at the table")
    scene.close()
    return host.state, loopback.trace


CASES = [
    (profile_id, players, people)
    for profile_id in PROFILES
    for players in sorted({2, get_profile(profile_id).max_players})
    for people in (1, 2)
]


@pytest.mark.slow  # whole sessions played at the table, every message written and read
@pytest.mark.parametrize(("profile_id", "players", "people"), CASES)
def test_a_session_through_json_plays_as_sim_does(profile_id, players, people):
    state, trace = play_at_the_table(profile_id, players, people)
    expected = play_session(profile_id, players, SEED, [HandBot(s) for s in range(players)])
    assert list(state.log) == list(expected.log)
    assert state.scores == expected.scores
    # (the reasons' words name the seats, which sim calls Player 1, Player 2...)
    assert [replace(e, reason="") for e in state.ledger] == [
        replace(e, reason="") for e in expected.ledger
    ]
    sent = [wire for direction, wire in trace if direction == "sent"]
    received = [wire for direction, wire in trace if direction == "received"]
    assert sent and received and all(isinstance(w, str) for w in sent + received)
    moved_by_people = sum(1 for seat, _ in state.log if seat is not None and seat < people)
    assert len(received) >= moved_by_people  # every person's move crossed as a message
