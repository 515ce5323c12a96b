"""A whole game: hands dealt in turn, scores kept in a ledger, the end of the session.

Glossary:
    seat        a player's place at the table, 0..players-1, clockwise; names are by seat.
    phase       ``playing`` (a hand is under way), ``hand-over`` (settled; ``NextHand``
                deals the next), ``buy-back`` (``knock-rami``: an eliminated player
                answers the buy-back offer), ``over`` (the session has ended); see
                :class:`SessionPhase`. Each phase has one rule (``_RULES``) that both
                :func:`legal_actions` and :func:`refusal` ask.
    position    a player's place in the current hand; ``seats_in_hand[position]`` is
                their seat. Hand events (``CardDrawn``...) name positions; the session's
                own events name seats (:class:`HandDealt` carries the map).
    event       what an action did, returned by :func:`apply`: the hand's card events,
                then the session's (:data:`SessionEvent`), in the order they happened.
    active      ``knock-rami``: seats still in the game (dealt into the next hand).
    pot         ``knock-rami``: chips staked and bought back, the winner's prize; it is
                minus the sum of every player's chips entries, so it is never kept by hand.
    take-back   ``Undo``: in a session started with an ``undo_seat`` (one player against
                computers), that seat may take back its last discard until the next
                player moves (:func:`undo_refusal`, :func:`can_undo`). The hand then stands
                exactly as before the discard (the same object: nothing is rebuilt); the
                log keeps the discard and the ``Undo``, so a replay takes it back too.

Every hand's seed comes from the session seed and the hand number, so a session replays
from its seed and its action log (:func:`replay_session`). The log, the ledger and the
hand records are :class:`SharedList` values, so the copy ``apply`` makes costs the same
however long the session has run, and replaying a log is linear in its length.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from . import hand as hand_rules
from .actions import Action, BuyBack, Discard, Knock, NextHand, StayOut, Undo, malformed
from .cards import Card
from .errors import IllegalActionError
from .hand import HandState
from .ledger import Account, Amount, EntryKind, LedgerEntry, exact, format_amount, totals
from .phases import SessionPhase
from .profiles import Profile, get_profile
from .reasons import Reason
from .refusals import Refusal
from .scoring import HandResult, Settlement, settle
from .shared_list import SharedList, shared

PLAYING, HAND_OVER, BUY_BACK, SESSION_OVER = SessionPhase


@dataclass(frozen=True)
class HandRecord:
    """What one finished hand did, by seat."""

    number: int
    dealer: int
    seats: tuple[int, ...]
    """The seats dealt in, in position order."""
    result: HandResult
    knocker: int | None
    winners: tuple[int, ...]
    deadwood: tuple[int, ...]
    """Counts after lay-offs, by position (see ``seats``)."""


@dataclass(frozen=True)
class HandDealt:
    """A hand was dealt (the first one by :func:`new_session`, see :func:`hand_dealt`)."""

    number: int
    """The hand's number in the session, from 1."""
    dealer: int
    """Seat of the dealer."""
    seats: tuple[int, ...]
    """The seats dealt in, in position order: the hand's events name ``seats[position]``."""

    def seat_at(self, position: int) -> int:
        """The seat at ``position`` in this hand."""
        return self.seats[position]


@dataclass(frozen=True)
class HandSettled:
    """A hand ended and was scored."""

    record: HandRecord
    """What the hand did, by seat."""
    settlement: Settlement
    """The full settlement, by position (``record.seats`` maps positions to seats)."""
    entries: tuple[LedgerEntry, ...]
    """The ledger entries the settlement added, by seat."""

    @property
    def number(self) -> int:
        return self.record.number


@dataclass(frozen=True)
class PlayerOut:
    """``knock-rami``: a player reached the target and is out."""

    seat: int
    score: Amount
    """Their score, at or above the target."""
    may_buy_back: bool
    """Whether a buy-back will be offered (once per game)."""


@dataclass(frozen=True)
class BuyBackOffered:
    """``knock-rami``: ``seat`` is asked whether to buy back in; its answer is awaited."""

    seat: int
    price: Amount
    """Chips the buy-back costs: half the pot, exact (see :func:`buy_back_price`)."""
    score: Amount
    """The score they would return with: the highest still in (:func:`buy_back_score`)."""


@dataclass(frozen=True)
class BuyBackAnswered:
    """``knock-rami``: ``seat`` answered the offer with the terms it was made on."""

    seat: int
    bought: bool
    """True: paid ``price`` and plays on at ``score``; False: stays out."""
    price: Amount
    score: Amount


@dataclass(frozen=True)
class DiscardTakenBack:
    """``seat`` took back its discard ``card`` (``Undo``): the hand is as it was before."""

    seat: int
    card: Card


@dataclass(frozen=True)
class SessionOver:
    """The session ended."""

    winners: tuple[int, ...]
    """The winning seats (several share a tie)."""
    scores: tuple[Amount, ...]
    """Final points by seat (ledger net in ``poker-rum``)."""


SessionEvent = (
    HandDealt
    | HandSettled
    | PlayerOut
    | BuyBackOffered
    | BuyBackAnswered
    | DiscardTakenBack
    | SessionOver
)
Event = hand_rules.Event | SessionEvent
"""Anything :func:`apply` reports."""


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
    phase: SessionPhase = PLAYING
    """See :class:`SessionPhase` (equal strings are accepted)."""
    ledger: SharedList[LedgerEntry] = field(default_factory=SharedList)
    records: SharedList[HandRecord] = field(default_factory=SharedList)
    active: list[bool] = field(default_factory=list)
    bought_back: list[bool] = field(default_factory=list)
    offers: list[int] = field(default_factory=list)
    """Seats still to answer a buy-back offer, in order."""
    winners: tuple[int, ...] = ()
    log: SharedList[tuple[int | None, Action]] = field(default_factory=SharedList)
    """Every action applied, with the seat that took it (None for ``NextHand``)."""
    undo_seat: int | None = None
    """The seat that may take back its discards (the one player against computers), or
    None: this session has no take-backs (pass-and-play, the daily deal, a dealt code)."""
    settlement: Settlement | None = None
    """The last hand's settlement, by position (derived; not saved)."""
    undo_to: HandState | None = None
    """The hand as it stood before the last action, while that action is a discard the
    hand went on after (derived from the log; what ``Undo`` restores)."""

    def __post_init__(self) -> None:
        # plain lists (and phase words) are accepted from callers; keep the shared kinds
        if type(self.phase) is not SessionPhase:
            self.phase = SessionPhase(self.phase)
        self.ledger = shared(self.ledger)
        self.records = shared(self.records)
        self.log = shared(self.log)

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

    def seat_at(self, position: int) -> int:
        """The seat at ``position`` in the current hand (hand events name positions)."""
        return self.seats_in_hand[position]

    def position_of(self, seat: int) -> int | None:
        """This seat's position in the current hand, or None if not dealt in."""
        try:
            return self.seats_in_hand.index(seat)
        except ValueError:
            return None

    def copy(self) -> SessionState:
        """A copy that can be changed without touching this state; it costs the same
        however long the log and the ledger are (they are shared, see :class:`SharedList`)."""
        return replace(
            self,
            names=list(self.names),
            ledger=self.ledger.copy(),
            records=self.records.copy(),
            active=list(self.active),
            bought_back=list(self.bought_back),
            offers=list(self.offers),
            log=self.log.copy(),
        )


def hand_seed(session_seed: int, hand_number: int) -> int:
    """The shuffle seed of hand ``hand_number`` (from 1) of a session. Python seeds its
    generator with this text and the text's SHA-512 digest, so a hand's seed (shown when
    the hand is over) leads back to the session seed, and to the hands after it, only by
    trying session seeds; never change how it is drawn (every saved game and deal code
    would deal other cards)."""
    return random.Random(f"knockrummy/{session_seed}/hand/{hand_number}").getrandbits(63)


def first_dealer(session_seed: int, players: int) -> int:
    """The dealer of a session's first hand, drawn from the session's seed."""
    return random.Random(f"knockrummy/{session_seed}/dealer").randrange(players)


def next_dealer(dealer: int, active: Sequence[bool]) -> int:
    """The dealer of the hand after one ``dealer`` dealt: the next seat to the left still
    in (``active`` by seat)."""
    players = len(active)
    for step in range(1, players + 1):
        candidate = (dealer + step) % players
        if active[candidate]:
            return candidate
    raise RuntimeError("no active seat")


def dealer_of_hand(session_seed: int, players: int, hand_number: int) -> int:
    """The dealer of hand ``hand_number`` (from 1) of a session while every seat is still
    in (true of every hand but ``knock-rami``'s after an elimination)."""
    dealer = first_dealer(session_seed, players)
    for _ in range(hand_number - 1):
        dealer = next_dealer(dealer, [True] * players)
    return dealer


def new_session(
    profile_id: str,
    players: int,
    seed: int,
    names: list[str] | None = None,
    stake: int | None = None,
    undo_seat: int | None = None,
) -> SessionState:
    """Start a session: choose the first dealer at random (from ``seed``) and deal.
    ``undo_seat`` is the seat that may take back a discard (see ``SessionState``)."""
    profile = get_profile(profile_id)
    profile.check_players(players)
    if names is None:
        names = [f"Player {i + 1}" for i in range(players)]
    if len(names) != players:
        raise ValueError(f"{players} players need {players} names, not {len(names)}")
    if undo_seat is not None and not 0 <= undo_seat < players:
        raise ValueError(f"seat {undo_seat} is not at a table of {players}")
    if stake is None:
        stake = profile.default_stake
    if profile.has_pot:
        if stake <= 0:
            raise ValueError("the stake must be a positive number of chips")
    else:
        stake = 0
    dealer = first_dealer(seed, players)
    state = SessionState(
        profile_id=profile_id,
        names=list(names),
        seed=seed,
        stake=stake,
        dealer=dealer,
        active=[True] * players,
        bought_back=[False] * players,
        undo_seat=undo_seat,
    )
    for seat in range(players):
        if stake:
            state.ledger.append(
                _entry(
                    seat, -stake, EntryKind.STAKE, Reason("stake", {"n": stake}), 0, Account.CHIPS
                )
            )
    _deal_next(state, first=True)
    return state


def _deal_next(state: SessionState, first: bool = False) -> None:
    if not first:
        state.dealer = next_dealer(state.dealer, state.active)
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


def hand_dealt(state: SessionState) -> HandDealt:
    """The :class:`HandDealt` event of the current (or last) hand: what :func:`apply`
    reports after ``NextHand``, and what a window opening a session starts from."""
    return HandDealt(state.hand_number, state.dealer, state.seats_in_hand)


def buy_back_price(state: SessionState) -> Amount:
    """The chips a buy-back costs now: half the pot, kept exact (``15/2``, never 7.5)."""
    return exact(Fraction(state.pot) / 2)


def buy_back_score(state: SessionState) -> Amount:
    """The score a player who buys back now returns with: the highest among those still in."""
    scores = state.scores
    return max(scores[s] for s in range(state.players) if state.active[s])


# The rules, written once: per session phase, the actions worth trying and the rule that
# refuses an action. ``legal_actions`` is the candidates the rule lets through. While a
# hand is played the rule for hand actions is the hand's own (``hand.refusal``), whose
# candidates and rule agree the same way, so the hand's legal actions are used as they are.

_SESSION_ACTIONS = (NextHand, BuyBack, StayOut)
_NEXT: tuple[Action, ...] = (NextHand(),)
_ANSWERS: tuple[Action, ...] = (BuyBack(), StayOut())


_HAND_IN_PLAY = Refusal("hand-in-play")
_DEAL_NEXT = Refusal("deal-next")
_SESSION_OVER = Refusal("session-over")


def _named(code: str, state: SessionState, seat: int) -> Refusal:
    """A refusal naming a seat: its number and its name (see :mod:`.refusals`)."""
    return Refusal(code, {"seat": seat, "player": state.names[seat]})


def _playing_refusal(state: SessionState, action: Action) -> Refusal | None:
    if isinstance(action, _SESSION_ACTIONS):
        return _HAND_IN_PLAY
    return hand_rules.refusal(state.hand, action)


def _hand_over_refusal(state: SessionState, action: Action) -> Refusal | None:
    return None if isinstance(action, NextHand) else _DEAL_NEXT


def _buy_back_refusal(state: SessionState, action: Action) -> Refusal | None:
    if isinstance(action, (BuyBack, StayOut)):
        return None
    return _named("answer-buy-back", state, state.offers[0])


def _over_refusal(state: SessionState, action: Action) -> Refusal | None:
    return _SESSION_OVER


_Rule = tuple[
    Callable[[SessionState], Sequence[Action]], Callable[[SessionState, Action], Refusal | None]
]
_RULES: dict[str, _Rule] = {
    PLAYING: (lambda state: hand_rules.legal_actions(state.hand), _playing_refusal),
    HAND_OVER: (lambda state: _NEXT, _hand_over_refusal),
    BUY_BACK: (lambda state: _ANSWERS, _buy_back_refusal),
    SESSION_OVER: (lambda state: (), _over_refusal),
}
"""Per phase: (candidates, refusal)."""


TAKE_BACK_RULE = Refusal("take-back-too-late")


def undo_refusal(state: SessionState, seat: int | None = None) -> Refusal | None:
    """The rule that forbids taking back a discard now (by ``seat``, if given), or None if
    the seat that just discarded may (see the glossary's take-back)."""
    if state.undo_seat is None:
        return Refusal("no-take-backs")
    before = state.undo_to
    if before is None:
        last = state.log[-1][1] if state.log else None
        if isinstance(last, Knock):
            return Refusal("knock-kept")
        if isinstance(last, Undo):
            return Refusal("taken-back-already")
        if isinstance(last, Discard) and state.phase != PLAYING:
            return Refusal("discard-ended-hand")
        if not _discarded_this_hand(state, state.undo_seat):
            return Refusal("nothing-to-take-back")
        return TAKE_BACK_RULE
    discarder = state.seats_in_hand[before.to_move]
    if discarder != state.undo_seat:
        if seat == state.undo_seat:  # the last discard was another player's
            return TAKE_BACK_RULE
        return _named("take-back-not-yours", state, state.undo_seat)
    if seat is not None and seat != discarder:
        return _named("take-back-by-discarder", state, discarder)
    return None


def _discarded_this_hand(state: SessionState, seat: int) -> bool:
    """Whether ``seat`` has discarded in the hand being played (or just ended)."""
    log = state.log
    for index in range(len(log) - 1, -1, -1):
        who, action = log[index]
        if isinstance(action, NextHand):
            return False  # the hand began here
        if who == seat and isinstance(action, Discard):
            return True
    return False


def can_undo(state: SessionState, seat: int) -> bool:
    """Whether ``seat`` may take back its discard now (``Undo``, never a legal action)."""
    return undo_refusal(state, seat) is None


def actor(state: SessionState, action: Action) -> int | None:
    """The seat that takes ``action`` now: the seat to move, but for ``Undo`` the seat
    whose discard is taken back (None between hands)."""
    if isinstance(action, Undo) and state.undo_to is not None:
        return state.seats_in_hand[state.undo_to.to_move]
    return state.to_move


def legal_actions(state: SessionState) -> list[Action]:
    """What the seat to move (or, between hands, anyone) may do now. ``Undo`` is never
    listed: it is asked for with :func:`can_undo`."""
    candidates, refuse = _RULES[state.phase]
    if state.phase == PLAYING:
        return list(candidates(state))  # already the hand's rule applied to its candidates
    return [action for action in candidates(state) if refuse(state, action) is None]


def refusal(state: SessionState, action: Action, seat: int | None = None) -> Refusal | None:
    """The rule that forbids ``action`` now (taken by ``seat``, if given), or None if it
    is legal: None exactly for the actions :func:`legal_actions` lists, and for ``Undo``
    where :func:`undo_refusal` allows it."""
    wrong = malformed(action)
    if wrong is not None:
        return wrong
    if isinstance(action, Undo):
        return undo_refusal(state, seat)
    mover = state.to_move
    if seat is not None and mover is not None and seat != mover:
        return _named("out-of-turn", state, mover)
    return _RULES[state.phase][1](state, action)


def apply(
    state: SessionState, action: Action, seat: int | None = None
) -> tuple[SessionState, list[Event]]:
    """Check and apply ``action`` (for ``seat``, if given, which must be the seat to move).

    Returns the new state and the events, in the order they happened (see
    :data:`Event`); raises :class:`IllegalActionError` naming the rule, leaving ``state``
    unchanged.
    """
    reason = refusal(state, action, seat)
    if reason is not None:
        raise IllegalActionError(action, reason)
    return apply_unchecked(state, action)


def apply_unchecked(state: SessionState, action: Action) -> tuple[SessionState, list[Event]]:
    """Apply an action taken from ``legal_actions``; returns the new state and the events."""
    new = state.copy()
    return new, _advance(new, action)


def _advance(state: SessionState, action: Action) -> list[Event]:
    """Change ``state`` by a legal action; the events it caused."""
    if isinstance(action, Undo):
        return [_take_back(state)]
    state.log.append((state.to_move, action))
    before, state.undo_to = state.hand, None
    if state.phase == PLAYING:
        state.hand, hand_events = hand_rules.apply_unchecked(state.hand, action)
        events: list[Event] = list(hand_events)
        if state.hand.is_over:
            events += _settle_hand(state)
        elif isinstance(action, Discard):
            state.undo_to = before  # never changed: ``apply`` copies a hand it changes
        return events
    if isinstance(action, NextHand):
        _deal_next(state)
        return [hand_dealt(state)]
    seat = state.offers[0]
    bought = isinstance(action, BuyBack)
    answer = BuyBackAnswered(seat, bought, buy_back_price(state), buy_back_score(state))
    state.offers.pop(0)
    if bought:
        _buy_back(state, seat)
    return [answer, *_after_offers(state)]


def _take_back(state: SessionState) -> DiscardTakenBack:
    """Put the hand back as it was before the discard the log ends with."""
    seat = actor(state, Undo())
    discard = state.log[-1][1]
    state.log.append((seat, Undo()))
    state.hand, state.undo_to = state.undo_to, None
    return DiscardTakenBack(seat, discard.card)


def _settle_hand(state: SessionState) -> list[SessionEvent]:
    hand = state.hand
    seats = state.seats_in_hand
    names = [state.names[s] for s in seats]
    knocker = hand.knocker if hand.ended_by == hand_rules.HandEnd.KNOCK else None
    result = settle(state.profile_id, hand.hands, knocker, names)
    state.settlement = result
    number = state.hand_number
    entries = []
    for entry in result.entries:
        other = None if entry.counterparty is None else seats[entry.counterparty]
        entries.append(replace(entry, seat=seats[entry.seat], hand=number, counterparty=other))
    state.ledger.extend(entries)
    record = HandRecord(
        number=number,
        dealer=state.dealer,
        seats=seats,
        result=result.result,
        knocker=None if knocker is None else seats[knocker],
        winners=tuple(seats[w] for w in result.winners),
        deadwood=result.deadwood,
    )
    state.records.append(record)
    events: list[SessionEvent] = [HandSettled(record, result, tuple(entries))]
    kind = state.profile.session
    if kind.has_pot:
        return events + _eliminate(state)
    if kind.one_deal_each:
        if number >= state.players:
            events.append(_finish(state, _highest(state)))
    elif max(state.scores) >= state.profile.target:
        events.append(
            _gin_bonuses(state) if kind.hand_bonus_name else _finish(state, _highest(state))
        )
    if state.phase != SESSION_OVER:
        state.phase = HAND_OVER
    return events


def _highest(state: SessionState) -> tuple[int, ...]:
    scores = state.scores
    top = max(scores)
    return tuple(s for s in range(state.players) if scores[s] == top)


def _finish(state: SessionState, winners: tuple[int, ...]) -> SessionOver:
    state.winners = winners
    state.phase = SESSION_OVER
    return SessionOver(winners, tuple(state.scores))


def _gin_bonuses(state: SessionState) -> SessionOver:
    profile = state.profile
    scores = state.scores
    winner = max(range(state.players), key=lambda s: scores[s])
    loser = 1 - winner
    number = state.hand_number
    book = state.ledger
    bonus = profile.game_bonus
    book.append(_entry(winner, bonus, EntryKind.GAME_BONUS, Reason("game-bonus"), number))
    if profile.shutout_doubles and scores[loser] == 0:
        book.append(_entry(winner, bonus, EntryKind.SHUTOUT, Reason("shutout"), number))
    label = profile.session.hand_bonus_name.replace(" ", "-")  # box-bonus, line-bonus
    for seat in range(state.players):
        won = sum(1 for r in state.records if seat in r.winners)
        if won:
            why = Reason("hands-won", {"won": won, "n": profile.hand_bonus})
            book.append(_entry(seat, won * profile.hand_bonus, EntryKind(label), why, number))
    return _finish(state, (winner,))


def _entry(
    seat: int, amount: Amount, kind: str, why: Reason, hand: int, account: str = Account.POINTS
) -> LedgerEntry:
    """A session's own entry (no counterparty), its English written from ``why``."""
    return LedgerEntry(seat, amount, kind, why.english(), hand, account, why=why)


def _eliminate(state: SessionState) -> list[SessionEvent]:
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
    events: list[SessionEvent] = [
        PlayerOut(seat, scores[seat], not state.bought_back[seat]) for seat in over
    ]
    return events + _after_offers(state)


def _buy_back(state: SessionState, seat: int) -> None:
    number = state.hand_number
    price = buy_back_price(state)
    scores = state.scores
    new_score = buy_back_score(state)
    paid = Reason("buy-back", {"price": format_amount(price)})
    state.ledger.append(_entry(seat, -price, EntryKind.BUY_BACK, paid, number, Account.CHIPS))
    back = Reason("buy-back-score", {"score": format_amount(new_score)})
    change = exact(new_score - scores[seat])
    state.ledger.append(_entry(seat, change, EntryKind.BUY_BACK_SCORE, back, number))
    state.active[seat] = True
    state.bought_back[seat] = True


def _after_offers(state: SessionState) -> list[SessionEvent]:
    if state.offers:
        state.phase = BUY_BACK
        seat = state.offers[0]
        return [BuyBackOffered(seat, buy_back_price(state), buy_back_score(state))]
    left = [s for s in range(state.players) if state.active[s]]
    if len(left) == 1:
        winner = left[0]
        pot = state.pot
        why = Reason("pot", {"pot": format_amount(pot)})
        entry = _entry(winner, pot, EntryKind.POT, why, state.hand_number, Account.CHIPS)
        state.ledger.append(entry)
        return [_finish(state, (winner,))]
    state.phase = HAND_OVER
    return []


def replay_session(
    profile_id: str,
    players: int,
    seed: int,
    actions: Sequence[Action],
    names: list[str] | None = None,
    stake: int | None = None,
    undo_seat: int | None = None,
) -> SessionState:
    """Start a session from ``seed`` and apply ``actions`` (checked) in order.

    Raises :class:`IllegalActionError` at the first action the rules refuse. The time
    taken grows in step with the number of actions.
    """
    state = new_session(profile_id, players, seed, names, stake, undo_seat)
    for action in actions:
        reason = refusal(state, action)
        if reason is not None:
            raise IllegalActionError(action, reason)
        _advance(state, action)  # in place: this state is ours until it is returned
    return state
