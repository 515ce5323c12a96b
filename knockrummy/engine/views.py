"""What one seat may know, and nothing more.

A view holds the seat's own cards, the face-up discard pile, every public event (who drew
from the stock, who took which card from the discard pile, who discarded what, who
knocked), card counts, scores and the session's public state. It never holds another
seat's hidden cards, the stock's order, the shuffle seed or another player's face-down
knocking discard. Once a hand is over every hand is shown, as at the table.

The knocking discard stays face down for good: it counts for nobody, so it is never
turned up, and other seats' histories record the knock as a :class:`FaceDownKnock`
(only the knocker's own history holds ``Knock(card)``), in play and after the hand alike.

Computer seats get exactly this, the same as the window shows a human seat. The events
:func:`~knockrummy.engine.session.apply` returns hold every card; :func:`seen_events` gives
them as one seat (or a spectator) saw them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .actions import Action, DrawStock, HandAction, Knock
from .cards import Card
from .hand import CardDrawn, DrawSource, HandPhase, Knocked
from .ledger import Amount, LedgerEntry
from .scoring import Settlement
from .session import Event, SessionPhase, SessionState, can_undo, legal_actions


@dataclass(frozen=True, slots=True)
class FaceDownKnock:
    """Another player's knock as this seat saw it: a discard face down, card unknown."""

    def __str__(self) -> str:
        return "knock"


@dataclass(frozen=True)
class PublicEvent:
    """One action as this seat saw it."""

    position: int
    action: HandAction | FaceDownKnock
    """The action; another player's knock is a :class:`FaceDownKnock`."""
    card: Card | None
    """The card taken from the discard pile; a stock card only in its drawer's own view."""


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of a session at one moment."""

    profile_id: str
    seat: int
    names: tuple[str, ...]
    scores: tuple[Amount, ...]
    """Points by seat (ledger net in ``poker-rum``)."""
    pot: Amount
    active: tuple[bool, ...]
    bought_back: tuple[bool, ...]
    hand_number: int
    dealer: int
    """Seat of the dealer."""
    phase: SessionPhase
    """Session phase: ``playing``, ``hand-over``, ``buy-back`` or ``over``."""
    to_move: int | None
    """Seat whose decision is awaited."""
    seats_in_hand: tuple[int, ...]
    position: int | None
    """This seat's position in the hand (None if not dealt in)."""
    hand: tuple[Card, ...]
    """This seat's own cards, in the order received."""
    hand_sizes: tuple[int, ...]
    """Cards held, by position."""
    stock_count: int
    discard_pile: tuple[Card, ...]
    """The face-up pile, bottom first."""
    hand_phase: HandPhase
    turn: int
    taken: Card | None
    """The card this seat took from the discard pile this turn (may not be discarded)."""
    offer_passes: int
    turns_since_empty: int | None
    history: tuple[PublicEvent, ...]
    legal_actions: tuple[Action, ...]
    """What this seat may do now (empty when it is not this seat's move)."""
    revealed: tuple[tuple[Card, ...], ...] | None
    """Every final hand by position, once the hand is over."""
    settlement: Settlement | None
    knocker: int | None
    """Position of the knocker, once someone knocked."""
    knock_card: Card | None
    """The face-down knocking discard, only in the knocker's own view."""
    winners: tuple[int, ...]
    hand_entries: tuple[LedgerEntry, ...] = ()
    """This hand's points entries (every seat sees the scores change and why)."""
    hands_won: tuple[int, ...] = ()
    """Hands won so far, by seat (the hands played are public)."""
    take_backs: bool = False
    """This seat may take back its discards in this session (one player against
    computers)."""
    may_undo: bool = False
    """This seat may take back the discard it just made, now."""

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def is_my_turn(self) -> bool:
        return self.to_move == self.seat

    def picked_up(self, position: int) -> list[Card]:
        """The cards ``position`` took from the discard pile this hand, in order."""
        return [
            e.card
            for e in self.history
            if e.position == position and e.card is not None and not isinstance(e.action, DrawStock)
        ]


_FACE_DOWN = FaceDownKnock()


def _seen(viewer: int | None, position: int, action: HandAction, card: Card | None):
    """The log entry (``position`` took ``action``, drawing ``card``) as ``viewer`` saw it."""
    if position == viewer:
        return PublicEvent(position, action, card)
    if isinstance(action, Knock):
        return PublicEvent(position, _FACE_DOWN, None)
    return PublicEvent(position, action, None if isinstance(action, DrawStock) else card)


def player_view(state: SessionState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state``."""
    if not 0 <= seat < state.players:
        raise ValueError(f"seat {seat} is not at this table")
    hand = state.hand
    position = state.position_of(seat)
    over = hand.is_over
    history = tuple(_seen(position, pos, action, card) for pos, action, card in hand.log)
    mine = state.to_move == seat
    knock_card = None
    if hand.knock_card is not None and hand.knocker == position:
        knock_card = hand.knock_card
    return PlayerView(
        profile_id=state.profile_id,
        seat=seat,
        names=tuple(state.names),
        scores=tuple(state.scores),
        pot=state.pot,
        active=tuple(state.active),
        bought_back=tuple(state.bought_back),
        hand_number=state.hand_number,
        dealer=state.dealer,
        phase=state.phase,
        to_move=state.to_move,
        seats_in_hand=state.seats_in_hand,
        position=position,
        hand=tuple(hand.hands[position]) if position is not None else (),
        hand_sizes=tuple(len(h) for h in hand.hands),
        stock_count=len(hand.stock),
        discard_pile=tuple(hand.discard),
        hand_phase=hand.phase,
        turn=hand.turn,
        taken=hand.taken if mine and hand.to_move == position else None,
        offer_passes=hand.offer_passes,
        turns_since_empty=hand.turns_since_empty,
        history=history,
        legal_actions=tuple(legal_actions(state)) if mine else (),
        revealed=tuple(tuple(h) for h in hand.hands) if over else None,
        settlement=state.settlement if over else None,
        knocker=hand.knocker,
        knock_card=knock_card,
        winners=state.winners,
        hand_entries=_this_hands_points(state),
        hands_won=tuple(
            sum(1 for r in state.records if s in r.winners) for s in range(state.players)
        ),
        take_backs=state.undo_seat == seat,
        may_undo=state.undo_seat == seat and can_undo(state, seat),
    )


def _this_hands_points(state: SessionState) -> tuple[LedgerEntry, ...]:
    """The points entries of the hand being played or just settled (read from the ledger's
    end: its entries come hand by hand)."""
    found = []
    for entry in reversed(state.ledger):
        if entry.hand < state.hand_number:
            break
        if entry.hand == state.hand_number and entry.account == "points":
            found.append(entry)
    return tuple(reversed(found))


def seen_events(state: SessionState, seat: int | None, events: Iterable[Event]) -> list[Event]:
    """``events`` (from ``apply``, which led to ``state``) as ``seat`` saw them: another
    player's stock draw and knocking discard come without their card. ``seat`` None is a
    spectator, who sees only what every seat has shown."""
    position = None if seat is None else state.position_of(seat)
    seen: list[Event] = []
    for event in events:
        hidden = isinstance(event, Knocked) or (
            isinstance(event, CardDrawn) and event.source == DrawSource.STOCK
        )
        seen.append(replace(event, card=None) if hidden and event.position != position else event)
    return seen


SPECTATOR = -1
"""The ``seat`` of a spectator's view: nobody's seat."""


def spectator_view(state: SessionState) -> PlayerView:
    """What someone watching the table may know: every seat's public actions, no hidden
    card (no hand, no stock card drawn, no face-down knocking discard), and every hand once
    the hand is over. It is any seat's view with that seat's own knowledge taken away."""
    seen = player_view(state, 0)
    return replace(
        seen,
        seat=SPECTATOR,
        position=None,
        hand=(),
        taken=None,
        knock_card=None,
        legal_actions=(),
        take_backs=False,
        may_undo=False,
        history=tuple(_as_everyone_saw(e) for e in seen.history),
    )


def _as_everyone_saw(event: PublicEvent) -> PublicEvent:
    """A public event without the card only its taker saw: a stock draw's card, a knocking
    discard (face down)."""
    if isinstance(event.action, DrawStock):
        return replace(event, card=None)
    if isinstance(event.action, Knock):
        return replace(event, action=_FACE_DOWN)
    return event
