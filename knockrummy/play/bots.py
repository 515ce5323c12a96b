"""The computer players of a table: one bot per seat, seeded from the session.

Glossary:
    seat bot   the computer player of one seat for one hand (:class:`SeatBots`), seeded by
               :func:`bot_seed` from the session seed, the seat and the hand number.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.actions import Action, NextHand
from ..engine.session import SessionState, apply, new_session
from ..engine.views import player_view


def bot_seed(session_seed: int, seat: int, hand_number: int) -> int:
    """The seed of ``seat``'s computer player for hand ``hand_number`` of a session."""
    key = f"knockrummy/{session_seed}/bot/{seat}/hand/{hand_number}"
    return random.Random(key).getrandbits(63)


@dataclass
class _SeatBot:
    hand_number: int
    decisions: int
    """Decisions it has made in this hand."""
    bot: object


class SeatBots:
    """The computer players of a table: one bot per seat, kept from decision to decision,
    so a level's state for the hand (easy's knock threshold) holds for the whole hand.

    Each hand's bot is seeded from the session seed, the seat and the hand number, and
    knows only what its own seat's views showed it. A resumed session therefore plays on
    exactly as it would have: the first time a seat decides after a resume, a fresh bot for
    the hand is shown that seat's earlier views of the hand again and makes the same
    decisions, so its random stream and its state stand where they stood."""

    def __init__(self, levels: Sequence[str], make: Callable[[str, int], object] | None = None):
        from ..ai import make_bot

        self.levels = list(levels)
        """Level (or bot spec) by seat."""
        self.make = make or make_bot
        self._bots: dict[int, _SeatBot] = {}

    def decide(self, state: SessionState, seat: int) -> Action:
        """``seat``'s decision in ``state`` (its view is all the bot is given)."""
        held = self._bot_for(state, seat)
        action = held.bot.choose(player_view(state, seat))
        held.decisions += 1
        return action

    def _bot_for(self, state: SessionState, seat: int) -> _SeatBot:
        earlier = _decisions_this_hand(state.log, seat)
        held = self._bots.get(seat)
        if held is None or held.hand_number != state.hand_number or held.decisions != earlier:
            seed = bot_seed(state.seed, seat, state.hand_number)
            held = _SeatBot(state.hand_number, 0, self.make(self.levels[seat], seed))
            if earlier:
                self._catch_up(held, state, seat)
            self._bots[seat] = held
        return held

    def _catch_up(self, held: _SeatBot, state: SessionState, seat: int) -> None:
        """Show a fresh bot the seat's earlier views of this hand (a resumed session)."""
        start = _hand_start(state.log)
        replayed = new_session(
            state.profile_id,
            state.players,
            state.seed,
            list(state.names),
            state.stake or None,
            state.undo_seat,
        )
        for index, (mover, action) in enumerate(state.log):
            if index >= start and mover == seat:  # the seat's own decisions, as logged
                held.bot.choose(player_view(replayed, seat))
                held.decisions += 1
            replayed, _ = apply(replayed, action)


def _hand_start(log: Sequence[tuple[int | None, Action]]) -> int:
    """Index in the log of the current hand's first action (after the last deal)."""
    for index in range(len(log) - 1, -1, -1):
        if isinstance(log[index][1], NextHand):
            return index + 1
    return 0


def _decisions_this_hand(log: Sequence[tuple[int | None, Action]], seat: int) -> int:
    return sum(1 for mover, _ in log[_hand_start(log) :] if mover == seat)
