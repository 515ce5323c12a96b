"""A whole game: hands dealt in turn, scores kept in a ledger, the end of the session.

Glossary:
    seat        a player's place at the table, 0..players-1, clockwise; names are by seat.
    phase       ``playing`` (a hand is under way), ``hand-over`` (settled; ``NextHand``
                deals the next), ``buy-back`` (``knock-rami``: an eliminated player
                answers the buy-back offer), ``over`` (the session has ended).
    active      ``knock-rami``: seats still in the game (dealt into the next hand).
    pot         ``knock-rami``: chips staked and bought back, the winner's prize; it is
                minus the sum of every player's chips entries, so it is never kept by hand.

Every hand's seed comes from the session seed and the hand number, so a session replays
from its seed and its action log (:func:`replay_session`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction

from . import hand as hand_rules
from .actions import Action, BuyBack, NextHand, StayOut
from .errors import IllegalActionError
from .hand import HandState
from .ledger import Amount, LedgerEntry, exact, totals
from .profiles import Profile, get_profile
from .scoring import Settlement, settle

PLAYING, HAND_OVER, BUY_BACK, SESSION_OVER = "playing", "hand-over", "buy-back", "over"


@dataclass(frozen=True)
class HandRecord:
    """What one finished hand did, by seat."""

    number: int
    dealer: int
    seats: tuple[int, ...]
    """The seats dealt in, in position order."""
    result: str
    knocker: int | None
    winners: tuple[int, ...]
    deadwood: tuple[int, ...]
    """Counts after lay-offs, by position (see ``seats``)."""


@dataclass
class SessionState:
    """Everything about a session. Treat as immutable: ``apply`` returns a copy."""

    profile_id: str
    names: list[str]
    seed: int
    stake: int
    """``knock-rami`` chips each player stakes; 0 elsewhere."""
    dealer: int
    """Seat of the dealer of the current (or last) hand."""
    hand_number: int = 0
    hand: HandState | None = None
    seats_in_hand: tuple[int, ...] = ()
    phase: str = PLAYING
    ledger: list[LedgerEntry] = field(default_factory=list)
    records: list[HandRecord] = field(default_factory=list)
    active: list[bool] = field(default_factory=list)
    bought_back: list[bool] = field(default_factory=list)
    offers: list[int] = field(default_factory=list)
    """Seats still to answer a buy-back offer, in order."""
    winners: tuple[int, ...] = ()
    log: list[tuple[int | None, Action]] = field(default_factory=list)
    """Every action applied, with the seat that took it (None for ``NextHand``)."""
    settlement: Settlement | None = None
    """The last hand's settlement, by position (derived; not saved)."""

    @property
    def profile(self) -> Profile:
        return get_profile(self.profile_id)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def is_over(self) -> bool:
        return self.phase == SESSION_OVER

    @property
    def scores(self) -> list[Amount]:
        """Each seat's total points (ledger net in ``poker-rum``)."""
        return totals(self.ledger, self.players, "points")

    @property
    def chips(self) -> list[Amount]:
        """Each seat's net chips (``knock-rami``)."""
        return totals(self.ledger, self.players, "chips")

    @property
    def pot(self) -> Amount:
        return exact(-sum(self.chips))

    @property
    def to_move(self) -> int | None:
        """The seat whose decision the session waits for (None: anyone may deal on)."""
        if self.phase == PLAYING and self.hand is not None:
            return self.seats_in_hand[self.hand.to_move]
        if self.phase == BUY_BACK:
            return self.offers[0]
        return None

    def position_of(self, seat: int) -> int | None:
        """This seat's position in the current hand, or None if not dealt in."""
        try:
            return self.seats_in_hand.index(seat)
        except ValueError:
            return None

    def copy(self) -> SessionState:
        return replace(
            self,
            names=list(self.names),
            ledger=list(self.ledger),
            records=list(self.records),
            active=list(self.active),
            bought_back=list(self.bought_back),
            offers=list(self.offers),
            log=list(self.log),
        )


def hand_seed(session_seed: int, hand_number: int) -> int:
    """The shuffle seed of hand ``hand_number`` (from 1) of a session."""
    return random.Random(f"knockrummy/{session_seed}/hand/{hand_number}").getrandbits(63)


def new_session(
    profile_id: str,
    players: int,
    seed: int,
    names: list[str] | None = None,
    stake: int | None = None,
) -> SessionState:
    """Start a session: choose the first dealer at random (from ``seed``) and deal."""
    profile = get_profile(profile_id)
    profile.check_players(players)
    if names is None:
        names = [f"Player {i + 1}" for i in range(players)]
    if len(names) != players:
        raise ValueError(f"{players} players need {players} names, not {len(names)}")
    if stake is None:
        stake = profile.default_stake
    if profile.session == "elimination":
        if stake <= 0:
            raise ValueError("the stake must be a positive number of chips")
    else:
        stake = 0
    dealer = random.Random(f"knockrummy/{seed}/dealer").randrange(players)
    state = SessionState(
        profile_id=profile_id,
        names=list(names),
        seed=seed,
        stake=stake,
        dealer=dealer,
        active=[True] * players,
        bought_back=[False] * players,
    )
    for seat in range(players):
        if stake:
            state.ledger.append(
                LedgerEntry(seat, -stake, "stake", f"puts {stake} into the pot", 0, "chips")
            )
    _deal_next(state, first=True)
    return state


def _next_active(state: SessionState, seat: int) -> int:
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.active[candidate]:
            return candidate
    raise RuntimeError("no active seat")


def _deal_next(state: SessionState, first: bool = False) -> None:
    if not first:
        state.dealer = _next_active(state, state.dealer)
    seats = tuple(s for s in range(state.players) if state.active[s])
    state.hand_number += 1
    state.seats_in_hand = seats
    state.hand = hand_rules.deal(
        state.profile_id,
        len(seats),
        seats.index(state.dealer),
        hand_seed(state.seed, state.hand_number),
    )
    state.settlement = None
    state.phase = PLAYING


def legal_actions(state: SessionState) -> list[Action]:
    """What the seat to move (or, between hands, anyone) may do now."""
    if state.phase == PLAYING:
        return list(hand_rules.legal_actions(state.hand))
    if state.phase == HAND_OVER:
        return [NextHand()]
    if state.phase == BUY_BACK:
        return [BuyBack(), StayOut()]
    return []


def apply(
    state: SessionState, action: Action, seat: int | None = None
) -> tuple[SessionState, list]:
    """Check and apply ``action`` (for ``seat``, if given, which must be the seat to move).

    Returns the new state and the events; raises :class:`IllegalActionError` naming the
    rule, leaving ``state`` unchanged.
    """
    if state.phase == SESSION_OVER:
        raise IllegalActionError(action, "the session is over")
    mover = state.to_move
    if seat is not None and mover is not None and seat != mover:
        raise IllegalActionError(action, f"it is {state.names[mover]}'s turn")
    if state.phase == PLAYING:
        if isinstance(action, (NextHand, BuyBack, StayOut)):
            raise IllegalActionError(action, "a hand is being played")
        reason = hand_rules.refusal(state.hand, action)
        if reason is not None:
            raise IllegalActionError(action, reason)
    elif action not in legal_actions(state):
        rule = {
            HAND_OVER: "the hand is over: deal the next one",
            BUY_BACK: f"{state.names[state.offers[0]]} must answer the buy-back offer",
        }[state.phase]
        raise IllegalActionError(action, rule)
    return apply_unchecked(state, action)


def apply_unchecked(state: SessionState, action: Action) -> tuple[SessionState, list]:
    """Apply an action taken from ``legal_actions``."""
    new = state.copy()
    new.log.append((new.to_move, action))
    if new.phase == PLAYING:
        new.hand, events = hand_rules.apply_unchecked(new.hand, action)
        if new.hand.is_over:
            _settle_hand(new)
        return new, events
    if isinstance(action, NextHand):
        _deal_next(new)
        return new, []
    seat = new.offers.pop(0)
    if isinstance(action, BuyBack):
        _buy_back(new, seat)
    _after_offers(new)
    return new, []


def _settle_hand(state: SessionState) -> None:
    hand = state.hand
    seats = state.seats_in_hand
    names = [state.names[s] for s in seats]
    knocker = hand.knocker if hand.ended_by == "knock" else None
    result = settle(state.profile_id, hand.hands, knocker, names)
    state.settlement = result
    number = state.hand_number
    for entry in result.entries:
        other = None if entry.counterparty is None else seats[entry.counterparty]
        state.ledger.append(replace(entry, seat=seats[entry.seat], hand=number, counterparty=other))
    state.records.append(
        HandRecord(
            number=number,
            dealer=state.dealer,
            seats=seats,
            result=result.result,
            knocker=None if knocker is None else seats[knocker],
            winners=tuple(seats[w] for w in result.winners),
            deadwood=result.deadwood,
        )
    )
    kind = state.profile.session
    if kind == "rotation":
        if number >= state.players:
            _finish(state, _highest(state))
    elif kind == "race":
        scores = state.scores
        if max(scores) >= state.profile.target:
            _finish(state, _highest(state))
    elif kind in ("gin-box", "gin-line"):
        if max(state.scores) >= state.profile.target:
            _gin_bonuses(state)
    else:
        _eliminate(state)
        return
    if state.phase != SESSION_OVER:
        state.phase = HAND_OVER


def _highest(state: SessionState) -> tuple[int, ...]:
    scores = state.scores
    top = max(scores)
    return tuple(s for s in range(state.players) if scores[s] == top)


def _finish(state: SessionState, winners: tuple[int, ...]) -> None:
    state.winners = winners
    state.phase = SESSION_OVER


def _gin_bonuses(state: SessionState) -> None:
    profile = state.profile
    scores = state.scores
    winner = max(range(state.players), key=lambda s: scores[s])
    loser = 1 - winner
    number = state.hand_number
    book = state.ledger
    book.append(LedgerEntry(winner, profile.game_bonus, "game-bonus", "game bonus", number))
    if profile.shutout_doubles and scores[loser] == 0:
        book.append(
            LedgerEntry(
                winner, profile.game_bonus, "shutout", "shutout: game bonus doubled", number
            )
        )
    label = "box-bonus" if profile.session == "gin-box" else "line-bonus"
    for seat in range(state.players):
        won = sum(1 for r in state.records if seat in r.winners)
        if won:
            book.append(
                LedgerEntry(
                    seat,
                    won * profile.hand_bonus,
                    label,
                    f"{won} hands won x {profile.hand_bonus}",
                    number,
                )
            )
    _finish(state, (winner,))


def _eliminate(state: SessionState) -> None:
    target = state.profile.target
    scores = state.scores
    seats = [s for s in state.seats_in_hand]
    over = [s for s in seats if scores[s] >= target]
    if len(over) == len(seats):  # everybody would be out: the lowest stay in
        low = min(scores[s] for s in seats)
        over = [s for s in seats if scores[s] != low]
    # offers go clockwise from the dealer's left
    start = state.dealer
    over.sort(key=lambda s: (s - start - 1) % state.players)
    for seat in over:
        state.active[seat] = False
    state.offers = [s for s in over if not state.bought_back[s]]
    _after_offers(state)


def _buy_back(state: SessionState, seat: int) -> None:
    number = state.hand_number
    price = exact(Fraction(state.pot) / 2)
    scores = state.scores
    still_in = [s for s in range(state.players) if state.active[s]]
    new_score = max(scores[s] for s in still_in)
    state.ledger.append(
        LedgerEntry(
            seat, -price, "buy-back", f"buys back in for half the pot ({price})", number, "chips"
        )
    )
    state.ledger.append(
        LedgerEntry(
            seat,
            exact(new_score - scores[seat]),
            "buy-back-score",
            f"returns with the highest score still in ({new_score})",
            number,
        )
    )
    state.active[seat] = True
    state.bought_back[seat] = True


def _after_offers(state: SessionState) -> None:
    if state.offers:
        state.phase = BUY_BACK
        return
    left = [s for s in range(state.players) if state.active[s]]
    if len(left) == 1:
        winner = left[0]
        pot = state.pot
        state.ledger.append(
            LedgerEntry(
                winner,
                pot,
                "pot",
                f"last player standing takes the pot ({pot})",
                state.hand_number,
                "chips",
            )
        )
        _finish(state, (winner,))
    else:
        state.phase = HAND_OVER


def replay_session(
    profile_id: str,
    players: int,
    seed: int,
    actions: list[Action],
    names: list[str] | None = None,
    stake: int | None = None,
) -> SessionState:
    """Start a session from ``seed`` and apply ``actions`` (checked) in order."""
    state = new_session(profile_id, players, seed, names, stake)
    for action in actions:
        state, _ = apply(state, action)
    return state
