"""One hand of knock rummy as a state machine: deal, turns, knock or stock exhaustion.

Glossary:
    position   a player's place in this hand, 0..players-1, clockwise; position p+1 sits
               on p's left. (In ``knock-rami`` eliminated players are not dealt in, so a
               session maps positions to its seats.)
    phase      ``offer`` (``gin-classic`` upcard offer), ``draw``, ``discard`` or ``over``
               (:class:`HandPhase`; each phase has one rule, see ``_RULES``).
    turn       one draw (or take) and one discard; ``turn`` counts the turns begun so far.
    taken      the card taken from the discard pile this turn: it may not be discarded in
               the same turn, not even as the knocking discard.
    stock      face-down pile; its top is the last element of the list.

``legal_actions(state)`` lists what the player to move may do; ``apply(state, action)``
checks the action, returns a new state and the events it caused, and never changes the
state it was given. ``apply_unchecked`` skips the check, for search code that only ever
applies actions taken from ``legal_actions``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from .actions import Discard, DrawStock, HandAction, Knock, Pass, TakeDiscard, malformed
from .cards import CARDS, JOKER, Card, new_deck
from .deadwood import cards_deadwood
from .errors import IllegalActionError
from .phases import HandPhase, WordEnum
from .profiles import ExhaustionKind, Profile, get_profile
from .refusals import Refusal
from .shared_list import SharedList, shared

OFFER, DRAW, DISCARD, OVER = HandPhase
TWO_LEFT = 2
"""A ``two-left`` profile's hand ends as a draw once a discard leaves this many stock
cards or fewer."""


class HandEnd(WordEnum):
    """How a hand ended (``HandEnded.reason``, ``HandState.ended_by``); the value is the
    word saves use."""

    KNOCK = "knock"
    """A player knocked."""
    EXHAUSTED = "exhausted"
    """The stock ran out (see the profile's exhaustion)."""


class DrawSource(WordEnum):
    """Where a card was drawn from (``CardDrawn.source``)."""

    STOCK = "stock"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """A player drew from the stock or took the top discard."""

    position: int
    source: DrawSource
    """``stock`` or ``discard``."""
    card: Card | None
    """The card; None in another seat's copy of a stock draw (``views.seen_events``)."""


@dataclass(frozen=True, slots=True)
class CardDiscarded:
    """A player discarded ``card`` face up; play goes on."""

    position: int
    card: Card


@dataclass(frozen=True, slots=True)
class Passed:
    """A player declined the upcard offer, or the discard with the stock empty."""

    position: int


@dataclass(frozen=True, slots=True)
class Knocked:
    """The hand ended by a knock; ``card`` went face down."""

    position: int
    card: Card | None
    """The face-down discard; None in every other seat's copy (``views.seen_events``)."""
    deadwood: int


@dataclass(frozen=True, slots=True)
class HandEnded:
    """The hand is over: ``reason`` is ``knock`` or ``exhausted``."""

    reason: HandEnd


Event = CardDrawn | CardDiscarded | Passed | Knocked | HandEnded
"""A hand's events name players by position (a session maps them to seats)."""


@dataclass
class HandState:
    """Everything about one hand. Treat as immutable: ``apply`` returns a copy."""

    profile_id: str
    players: int
    dealer: int
    """Position of the dealer."""
    seed: int
    """Seed of the shuffle and cut; with the action log it replays the hand."""
    hands: list[list[Card]]
    """Cards held, by position, in the order received."""
    stock: list[Card]
    discard: list[Card]
    """Face-up discard pile; the top is last."""
    to_move: int
    phase: HandPhase
    """``offer``, ``draw``, ``discard`` or ``over`` (equal strings are accepted)."""
    cut: int = 0
    """Cards moved from top to bottom by the cut (shown by the window's cut animation)."""
    turn: int = 0
    taken: Card | None = None
    offer_passes: int = 0
    turns_since_empty: int | None = None
    """Turns completed since the stock ran out (``decline`` exhaustion)."""
    knocker: int | None = None
    knock_card: Card | None = None
    ended_by: HandEnd | None = None
    """``knock`` or ``exhausted`` once the hand is over."""
    log: SharedList[tuple[int, HandAction, Card | None]] = field(default_factory=SharedList)
    """Every action applied: the position that took it, the action, and the card drawn or
    taken (None for other actions). Drawn cards are private: views hide them. Shared
    between copies (a hand may run long when players keep taking the discard)."""

    def __post_init__(self) -> None:
        if type(self.phase) is not HandPhase:  # a phase word from a caller or a save
            self.phase = HandPhase(self.phase)
        self.log = shared(self.log)

    @property
    def profile(self) -> Profile:
        return get_profile(self.profile_id)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def upcard(self) -> Card | None:
        """The top of the discard pile, if any."""
        return self.discard[-1] if self.discard else None

    def copy(self) -> HandState:
        """A copy whose lists can be changed without touching this state."""
        return replace(
            self,
            hands=[list(h) for h in self.hands],
            stock=list(self.stock),
            discard=list(self.discard),
            log=self.log.copy(),
        )


def deal(profile_id: str, players: int, dealer: int, seed: int) -> HandState:
    """Shuffle, cut and deal a new hand.

    The deck is shuffled by ``random.Random(seed)``, cut, and dealt one card at a time
    clockwise starting at the dealer's left; the next card starts the discard pile.
    """
    profile = get_profile(profile_id)
    size = profile.hand_size(players)
    if not 0 <= dealer < players:
        raise ValueError(f"dealer position {dealer} is outside 0..{players - 1}")
    rng = random.Random(seed)
    deck = new_deck(profile.jokers)
    rng.shuffle(deck)
    cut = rng.randrange(1, len(deck))
    deck = deck[cut:] + deck[:cut]  # deck[0] is the top card
    hands: list[list[Card]] = [[] for _ in range(players)]
    for k in range(players * size):
        hands[(dealer + 1 + k) % players].append(deck[k])
    upcard = deck[players * size]
    stock = deck[players * size + 1 :]
    stock.reverse()
    first = (dealer + 1) % players
    return HandState(
        profile_id=profile_id,
        players=players,
        dealer=dealer,
        seed=seed,
        hands=hands,
        stock=stock,
        discard=[upcard],
        to_move=first,
        phase=OFFER if profile.upcard_offer else DRAW,
        cut=cut,
    )


def knock_refusal(profile: Profile, turn: int, players: int, deadwood: int) -> Refusal | None:
    """Why a knock keeping ``deadwood`` is not allowed on turn ``turn`` (turns begun in
    the hand) of a hand of ``players``, or None if it is."""
    if profile.first_round_no_knock and turn <= players:
        return FIRST_ROUND_RULE
    if profile.knock_limit is not None and deadwood > profile.knock_limit:
        return _over_limit(profile.knock_limit, deadwood)
    return None


@cache
def _over_limit(limit: int, count: int) -> Refusal:
    """Made once per pair: the computer players ask about every knock they could make."""
    return Refusal("knock-deadwood-over-limit", {"limit": limit, "count": count})


@cache
def _not_held(card: Card) -> Refusal:
    return Refusal("card-not-held", {"card": card.text})


# the refusals that carry no values, made once (``legal_actions`` is on a hot path)
FIRST_ROUND_RULE = Refusal("first-round-no-knock")
_UPCARD_OFFERED = Refusal("upcard-offered")
_DRAW_FIRST = Refusal("draw-first")
_STOCK_EMPTY = Refusal("stock-empty")
_PILE_EMPTY = Refusal("discard-pile-empty")
_UPCARD_PASSED = Refusal("upcard-passed")
_NO_PASS = Refusal("pass-not-allowed")
_DRAWN_ALREADY = Refusal("drawn-already")
_TAKEN_KEPT = Refusal("taken-card-kept")
_HAND_OVER = Refusal("hand-over")


# The rules, written once. Per phase: the actions worth trying (``candidates``) and the
# rule that judges a batch of actions (``refusals``: the rule forbidding each, or None).
# ``legal_actions`` is the candidates the rule lets through and ``refusal`` asks the same
# rule about one action, so the two cannot disagree. A rule judges a batch so that what it
# needs (the cards held, the profile) is looked up once per call: ``legal_actions`` is on
# the computer players' hot path.

_ALL_CARDS = (*CARDS, JOKER)
_DISCARDS = tuple(Discard(card) for card in _ALL_CARDS)
_KNOCKS = tuple(Knock(card) for card in _ALL_CARDS)
"""Every discard and knock, by card code, built once."""
_TAKE_OR_PASS: tuple[HandAction, ...] = (TakeDiscard(), Pass())
_DRAW_TAKE_OR_PASS: tuple[HandAction, ...] = (DrawStock(), TakeDiscard(), Pass())


def _offer_candidates(state: HandState) -> Sequence[HandAction]:
    return _TAKE_OR_PASS


def _offer_refusals(state: HandState, actions: Sequence[HandAction]) -> list[Refusal | None]:
    out: list[Refusal | None] = []
    for action in actions:
        if isinstance(action, (TakeDiscard, Pass)):
            out.append(None)
        elif isinstance(action, DrawStock):
            out.append(_UPCARD_OFFERED)
        else:
            out.append(_DRAW_FIRST)
    return out


def _draw_candidates(state: HandState) -> Sequence[HandAction]:
    return _DRAW_TAKE_OR_PASS


def _draw_refusals(state: HandState, actions: Sequence[HandAction]) -> list[Refusal | None]:
    out: list[Refusal | None] = []
    for action in actions:
        reason = None
        if isinstance(action, DrawStock):
            if not state.stock:
                reason = _STOCK_EMPTY
        elif isinstance(action, TakeDiscard):
            if not state.discard:
                reason = _PILE_EMPTY
            elif state.stock and state.offer_passes >= 2 and state.turn == 0:
                reason = _UPCARD_PASSED
        elif isinstance(action, Pass):
            if state.stock:
                reason = _NO_PASS
        else:
            reason = _DRAW_FIRST
        out.append(reason)
    return out


def _discard_candidates(state: HandState) -> Sequence[HandAction]:
    codes = sorted({card.code for card in state.hands[state.to_move]})
    return [_DISCARDS[code] for code in codes] + [_KNOCKS[code] for code in codes]


def _discard_refusals(state: HandState, actions: Sequence[HandAction]) -> list[Refusal | None]:
    hand = state.hands[state.to_move]
    held = {card.code for card in hand}
    taken = state.taken
    # the card just taken may still go if the hand holds another like it (a second joker)
    kept_taken = taken.code if taken is not None and hand.count(taken) == 1 else None
    profile = state.profile
    first_round = profile.first_round_no_knock and state.turn <= state.players
    out: list[Refusal | None] = []
    for action in actions:
        kind = type(action)
        if kind is not Discard and kind is not Knock:
            out.append(_DRAWN_ALREADY)
            continue
        card = action.card
        if card.code not in held:
            out.append(_not_held(card))
        elif card.code == kept_taken:
            out.append(_TAKEN_KEPT)
        elif kind is Discard:
            out.append(None)
        elif first_round:
            out.append(FIRST_ROUND_RULE)  # decided before the count, which costs a search
        else:
            points = 0
            if profile.knock_limit is not None:
                rest = list(hand)
                rest.remove(card)
                points = cards_deadwood(rest)
            out.append(knock_refusal(profile, state.turn, state.players, points))
    return out


def _over_candidates(state: HandState) -> Sequence[HandAction]:
    return ()


def _over_refusals(state: HandState, actions: Sequence[HandAction]) -> list[Refusal | None]:
    return [_HAND_OVER] * len(actions)


_Candidates = Callable[[HandState], Sequence[HandAction]]
_Refusals = Callable[[HandState, Sequence[HandAction]], list[Refusal | None]]
_RULES: dict[str, tuple[_Candidates, _Refusals]] = {
    HandPhase.OFFER: (_offer_candidates, _offer_refusals),
    HandPhase.DRAW: (_draw_candidates, _draw_refusals),
    HandPhase.DISCARD: (_discard_candidates, _discard_refusals),
    HandPhase.OVER: (_over_candidates, _over_refusals),
}
"""Per phase: (candidates, refusals)."""


def legal_actions(state: HandState) -> list[HandAction]:
    """Every action the player to move may take, in a stable order: the phase's
    candidates that its rule does not refuse."""
    candidates, refusals = _RULES[state.phase]
    actions = candidates(state)
    reasons = refusals(state, actions)
    return [action for action, reason in zip(actions, reasons, strict=True) if reason is None]


_HAND_ACTIONS = (DrawStock, TakeDiscard, Pass, Discard, Knock)


def refusal(state: HandState, action: HandAction) -> Refusal | None:
    """The rule that forbids ``action`` now, or None if it is legal."""
    wrong = malformed(action)
    if wrong is not None:
        return wrong
    if not isinstance(action, _HAND_ACTIONS):
        return Refusal("not-a-hand-action", {"action": str(action)})
    return _RULES[state.phase][1](state, (action,))[0]


def apply(
    state: HandState, action: HandAction, position: int | None = None
) -> tuple[HandState, list[Event]]:
    """Check and apply ``action`` for the player to move (or for ``position``, which must
    be the player to move). Raises :class:`IllegalActionError` naming the rule; ``state`` is
    never changed."""
    if position is not None and position != state.to_move and state.phase != OVER:
        turn = Refusal("out-of-turn-in-hand", {"number": state.to_move + 1})
        raise IllegalActionError(action, turn)
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalActionError(action, reason)
    return apply_unchecked(state, action)


def apply_unchecked(state: HandState, action: HandAction) -> tuple[HandState, list[Event]]:
    """Apply an action known to be legal (taken from ``legal_actions``)."""
    new = state.copy()
    events = _advance(new, action)
    return new, events


def advance_in_place(state: HandState, action: HandAction) -> list[Event]:
    """Apply an action known to be legal to ``state`` itself, with no copy: for a
    play-out that owns its state (a copy made for it) and never shares it."""
    return _advance(state, action)


def _advance(s: HandState, action: HandAction) -> list[Event]:
    """Mutate ``s`` by a legal action."""
    pos = s.to_move
    hand = s.hands[pos]
    if isinstance(action, (DrawStock, TakeDiscard)):
        from_stock = isinstance(action, DrawStock)
        card = (s.stock if from_stock else s.discard).pop()
        s.log.append((pos, action, card))
        hand.append(card)
        s.phase = DISCARD
        s.taken = None if from_stock else card
        s.turn += 1
        source = DrawSource.STOCK if from_stock else DrawSource.DISCARD
        return [CardDrawn(pos, source, card)]
    s.log.append((pos, action, None))
    if isinstance(action, Pass):
        if s.phase == OFFER:
            s.offer_passes += 1
            if s.offer_passes == 1:
                s.to_move = s.dealer
            else:
                s.to_move = (s.dealer + 1) % s.players
                s.phase = DRAW
            return [Passed(pos)]
        return [Passed(pos)] + _end(s, HandEnd.EXHAUSTED)
    if isinstance(action, Knock):
        hand.remove(action.card)
        s.knocker = pos
        s.knock_card = action.card
        s.taken = None
        return [Knocked(pos, action.card, cards_deadwood(hand))] + _end(s, HandEnd.KNOCK)
    # Discard
    hand.remove(action.card)
    s.discard.append(action.card)
    s.taken = None
    events: list[Event] = [CardDiscarded(pos, action.card)]
    profile = s.profile
    if profile.exhaustion is ExhaustionKind.TWO_LEFT:
        if len(s.stock) <= TWO_LEFT:
            return events + _end(s, HandEnd.EXHAUSTED)
    elif not s.stock:
        s.turns_since_empty = 0 if s.turns_since_empty is None else s.turns_since_empty + 1
        if s.turns_since_empty >= s.players:
            return events + _end(s, HandEnd.EXHAUSTED)
    s.to_move = (pos + 1) % s.players
    s.phase = DRAW
    return events


def _end(s: HandState, reason: HandEnd) -> list[Event]:
    s.phase = OVER
    s.ended_by = reason
    return [HandEnded(reason)]
