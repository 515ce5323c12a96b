"""Any stored hand, move by move: the deal as it fell, every action with the hand it was
taken from, and the result; and the deal of a hand recomputed from its seed alone.

Glossary:
    start        the hand as dealt: every hand by position, the upcard and the stock
                 (top card first), and the seats dealt in.
    step         one action of the hand: the seat that took it, the action in the engine's
                 text form, the cards that seat held before it and its count after it. A
                 discard taken back (``undo``) is a step too: the replay shows it happen.
    fairness     a hand's seed is fixed before it is played (it follows from the session
                 seed and the hand number); its SHA-256 :func:`~knockrummy.records.deal_codes.
                 fingerprint` is shown first and the seed after, and :func:`dealt_hand`
                 recomputes the cards from the seed, so anyone can check them.

Everything here replays through the checked engine: a stored hand that no longer replays
is reported, never shown wrongly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.actions import Action, NextHand, Undo
from ..engine.cards import Card
from ..engine.hand import deal, hand_points
from ..engine.ledger import format_amount
from ..engine.session import SessionState, actor, apply, hand_seed, new_session
from .deal_codes import fingerprint


class ReplayError(ValueError):
    """The hand asked for does not exist or its stored actions do not replay."""


@dataclass(frozen=True)
class Start:
    """A hand as it was dealt."""

    seats: tuple[int, ...]
    """The seats dealt in, by position."""
    dealer: int
    """The dealer's seat."""
    hands: tuple[tuple[Card, ...], ...]
    """Each position's cards in the order dealt."""
    upcard: Card
    stock: tuple[Card, ...]
    """The stock, top card first."""
    seed: int
    """The hand's shuffle seed."""

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.seed)


@dataclass(frozen=True)
class Step:
    """One action of a hand, with what its seat held."""

    seat: int | None
    """The seat that acted (None for dealing the next hand)."""
    action: Action
    held_before: tuple[Card, ...]
    """The acting seat's cards before the action (empty for a session action)."""
    deadwood_after: int | None
    """The acting seat's count after the action (None for a session action)."""
    card: Card | None = None
    """The card the action threw or took back (None if it names none)."""


@dataclass(frozen=True)
class Picture:
    """The whole table at one point of a replayed hand, every card face up."""

    seats: tuple[int, ...]
    """The seats dealt in, by position."""
    hands: tuple[tuple[Card, ...], ...]
    """Each position's cards."""
    discard: tuple[Card, ...]
    """The discard pile, top card last."""
    stock: tuple[Card, ...]
    """The stock, top card first."""
    to_move: int | None
    """The seat to play (None once the hand is settled)."""
    turn: int
    """Turns begun in the hand (as a seat's view counts them)."""

    def count(self, position: int) -> int:
        """The position's deadwood count at this point."""
        return hand_points(list(self.hands[position]))


@dataclass(frozen=True)
class HandReplay:
    """One whole hand of a session."""

    number: int
    start: Start
    steps: tuple[Step, ...]
    """Every action from the deal to the settlement, in order."""
    final: SessionState
    """The session just after the hand was settled."""
    states: tuple[SessionState, ...] = ()
    """The session before each step, then ``final``: what a viewer shows at each point."""

    def picture(self, point: int) -> Picture:
        """The table before step ``point`` (``len(steps)``: after the last one)."""
        state = self.states[point]
        hand = state.hand
        return Picture(
            seats=tuple(state.seats_in_hand),
            hands=tuple(tuple(h) for h in hand.hands),
            discard=tuple(hand.discard),
            stock=tuple(reversed(hand.stock)),
            to_move=state.to_move if state.phase == "playing" else None,
            turn=hand.turn,
        )

    @property
    def knock_step(self) -> int | None:
        """The index of the step that knocked (or went gin), None if nobody did."""
        from ..engine.actions import Knock

        return next((i for i, s in enumerate(self.steps) if isinstance(s.action, Knock)), None)

    def to_json(self) -> dict:
        """``{"hand", "start": {"hands", "upcard", "stock", ...}, "actions": [...],
        "result"}``, cards in the engine's text form."""
        settlement = self.final.settlement
        seats = self.start.seats
        result = None
        if settlement is not None:
            result = {
                "result": settlement.result,
                "knocker": None if settlement.knocker is None else seats[settlement.knocker],
                "winners": [seats[w] for w in settlement.winners],
                "deadwood": list(settlement.deadwood),
                "points": [format_amount(d) for d in settlement.deltas],
            }
        return {
            "hand": self.number,
            "start": {
                "seats": list(seats),
                "dealer": self.start.dealer,
                "hands": [[str(c) for c in hand] for hand in self.start.hands],
                "upcard": str(self.start.upcard),
                "stock": [str(c) for c in self.start.stock],
                "seed": self.start.seed,
                "fingerprint": self.start.fingerprint,
            },
            "actions": [
                {
                    "seat": step.seat,
                    "action": str(step.action),
                    "held_before": [str(c) for c in step.held_before],
                    "deadwood_after": step.deadwood_after,
                }
                for step in self.steps
            ],
            "result": result,
        }


def start_of(state: SessionState) -> Start:
    """The current hand of ``state`` as it was dealt (its seed and seats recomputed)."""
    hand = state.hand
    dealt = deal(state.profile_id, hand.players, hand.dealer, hand.seed)
    return Start(
        seats=tuple(state.seats_in_hand),
        dealer=state.dealer,
        hands=tuple(tuple(h) for h in dealt.hands),
        upcard=dealt.discard[-1],
        stock=tuple(reversed(dealt.stock)),
        seed=hand.seed,
    )


def replay_hand(
    profile_id: str,
    players: int,
    seed: int,
    actions: Sequence[Action],
    number: int,
    names: list[str] | None = None,
    stake: int | None = None,
    undo_seat: int | None = None,
) -> HandReplay:
    """Hand ``number`` (from 1) of the session with these stored ``actions``: from its
    deal to its settlement (and a ``knock-rami`` buy-back answered after it)."""
    state = new_session(profile_id, players, seed, names, stake, undo_seat)
    start = start_of(state) if number == 1 else None
    steps: list[Step] = []
    states: list[SessionState] = []
    try:
        for action in actions:
            if state.hand_number == number and isinstance(action, NextHand):
                break
            before = state
            state, _ = apply(state, action)
            if before.hand_number < number:
                if state.hand_number == number:
                    start = start_of(state)
                continue
            steps.append(_step(before, state, action))
            states.append(before)
    except ValueError as exc:
        raise ReplayError(f"hand {number} does not replay: {exc}") from exc
    if start is None or not steps:
        raise ReplayError(f"the session has no hand {number} with stored actions")
    return HandReplay(number, start, tuple(steps), state, (*states, state))


def _step(before: SessionState, after: SessionState, action: Action) -> Step:
    seat = actor(before, action)
    if before.phase != "playing" or seat is None:
        return Step(seat, action, (), None)
    position = before.position_of(seat)
    held = tuple(before.hand.hands[position])
    card = before.log[-1][1].card if isinstance(action, Undo) else getattr(action, "card", None)
    return Step(seat, action, held, hand_points(after.hand.hands[position]), card)


def first_dealer(seed: int, players: int) -> int:
    """The dealer of a session's first hand (as ``new_session`` draws it)."""
    return random.Random(f"knockrummy/{seed}/dealer").randrange(players)


def dealt_hand(profile_id: str, players: int, seed: int, number: int) -> Start:
    """Hand ``number`` of a session from its seed alone, every seat still in (true of
    every hand but ``knock-rami``'s after an elimination, whose seats a replay shows)."""
    dealer = (first_dealer(seed, players) + number - 1) % players
    seeded = hand_seed(seed, number)
    dealt = deal(profile_id, players, dealer, seeded)
    return Start(
        seats=tuple(range(players)),
        dealer=dealer,
        hands=tuple(tuple(h) for h in dealt.hands),
        upcard=dealt.discard[-1],
        stock=tuple(reversed(dealt.stock)),
        seed=seeded,
    )


ACTION_WORDS = {
    "Knock": ("knocks, throwing {card}", "knock, throwing {card}", "knocking with {card}"),
    "Discard": ("throws {card}", "throw {card}", "throwing {card}"),
    "TakeDiscard": ("takes the upcard", "take the upcard", "taking the upcard"),
    "DrawStock": ("draws from the stock", "draw from the stock", "drawing from the stock"),
    "Pass": ("passes", "pass", "passing"),
    "BuyBack": ("buys back in", "buy back in", "buying back"),
    "StayOut": ("stays out", "stay out", "staying out"),
    "NextHand": ("deals the next hand", "deal the next hand", "dealing the next hand"),
    "Undo": (
        "takes back the discard of {card}",
        "take back the discard of {card}",
        "taking back the discard of {card}",
    ),
}
"""Each action as a move log says it of another player (``throws 8♦``), of the player
spoken to (``throw 8♦``), and as a review names a choice (``throwing 8♦``)."""


def action_words(
    action: Action, choice: bool = False, you: bool = False, card: Card | None = None
) -> str:
    """An action as a move log says it (``throws 8♦``; with ``you``, ``throw 8♦``, after
    "You"), or with ``choice`` as a review names it (``throwing 8♦``). ``card`` names the
    card of an action that does not carry it (a take-back's: see ``Step.card``)."""
    other, spoken_to, chosen = ACTION_WORDS[type(action).__name__]
    words = chosen if choice else spoken_to if you else other
    card = getattr(action, "card", card)
    return words.format(card=card.symbol if card else "")
