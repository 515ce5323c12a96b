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
                 recomputes the cards from the seed, so anyone can check them. A hand is
                 replayed once it is over: while it is played, its replay would show
                 every hand and the stock.

Everything here replays through the checked engine: a stored hand that no longer replays
is reported, never shown wrongly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.actions import Action, NextHand, TakeDiscard, Undo
from ..engine.cards import Card
from ..engine.deadwood import cards_deadwood
from ..engine.errors import IllegalActionError
from ..engine.hand import deal
from ..engine.ledger import format_amount
from ..engine.phases import SessionPhase
from ..engine.session import SessionState, actor, apply, dealer_of_hand, hand_seed, new_session
from ..language import N_, SOURCE, _, speaking
from ..language.cards import card_words
from ..language.message import Message
from .deal_codes import fingerprint


class ReplayError(ValueError):
    """The hand asked for does not exist or its stored actions do not replay: ``str()``
    in English, its ``message`` shown in the player's language."""

    def __init__(self, message: str, /, **values) -> None:
        self.message = Message(message, **values)
        super().__init__(str(self.message))


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
    """The card the action threw, took from the pile or took back (None if it names
    none)."""


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
        return cards_deadwood(list(self.hands[position]))


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
    deal to its settlement (and a ``knock-rami`` buy-back answered after it). A hand still
    being played is refused: its replay would show every hand and the stock."""
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
        # Translators: {number} is a hand's number, {reason} the rule the stored move
        # breaks, a sentence of its own ("7♥ is not in your hand.").
        problem = N_("hand {number} does not replay: {reason}")
        why = exc.refusal if isinstance(exc, IllegalActionError) else str(exc)
        raise ReplayError(problem, number=number, reason=why) from exc
    if start is None or not steps:
        # Translators: {number} is a hand's number.
        raise ReplayError(N_("the session has no hand {number} with stored actions"), number=number)
    if state.hand_number == number and state.phase == SessionPhase.PLAYING:
        # a replay shows every hand and the stock: not while the hand is played
        # Translators: {number} is a hand's number.
        problem = N_("hand {number} is still being played; it can be replayed once it is over")
        raise ReplayError(problem, number=number)
    return HandReplay(number, start, tuple(steps), state, (*states, state))


def _step(before: SessionState, after: SessionState, action: Action) -> Step:
    seat = actor(before, action)
    if before.phase != "playing" or seat is None:
        return Step(seat, action, (), None)
    position = before.position_of(seat)
    held = tuple(before.hand.hands[position])
    if isinstance(action, Undo):
        card = before.log[-1][1].card
    elif isinstance(action, TakeDiscard):
        card = before.hand.discard[-1]  # the pile's top card, named as the table names it
    else:
        card = getattr(action, "card", None)
    return Step(seat, action, held, cards_deadwood(after.hand.hands[position]), card)


def dealt_hand(profile_id: str, players: int, seed: int, number: int) -> Start:
    """Hand ``number`` of a session from its seed alone, every seat still in (true of
    every hand but ``knock-rami``'s after an elimination, whose seats a replay shows)."""
    dealer = dealer_of_hand(seed, players, number)
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


MOVE_LINES = {
    "Knock": (
        # Translators: a line of the replay's move log; {player} is a player's name,
        # {card} a card ("8♦").
        N_("{player} knocks, throwing {card}"),
        # Translators: a line of the replay's move log, said to the player; {card} is a
        # card ("8♦").
        N_("You knock, throwing {card}"),
    ),
    "Discard": (
        # Translators: a line of the replay's move log; {player} is a player's name,
        # {card} a card ("8♦").
        N_("{player} throws {card}"),
        # Translators: a line of the replay's move log, said to the player; {card} is a
        # card ("8♦").
        N_("You throw {card}"),
    ),
    "TakeDiscard": (
        # Translators: a line of the replay's move log; {player} is a player's name,
        # {card} the card taken from the discard pile ("8♦").
        N_("{player} takes {card} from the pile"),
        # Translators: a line of the replay's move log, said to the player; {card} is the
        # card taken from the discard pile ("8♦").
        N_("You take {card} from the pile"),
    ),
    "DrawStock": (
        # Translators: a line of the replay's move log; {player} is a player's name.
        N_("{player} draws from the stock"),
        # Translators: a line of the replay's move log, said to the player.
        N_("You draw from the stock"),
    ),
    "Pass": (
        # Translators: a line of the replay's move log; {player} is a player's name.
        N_("{player} passes"),
        # Translators: a line of the replay's move log, said to the player.
        N_("You pass"),
    ),
    "BuyBack": (
        # Translators: a line of the replay's move log; {player} is a player's name.
        N_("{player} buys back in"),
        # Translators: a line of the replay's move log, said to the player.
        N_("You buy back in"),
    ),
    "StayOut": (
        # Translators: a line of the replay's move log; {player} is a player's name.
        N_("{player} stays out"),
        # Translators: a line of the replay's move log, said to the player.
        N_("You stay out"),
    ),
    "NextHand": (
        # Translators: a line of the replay's move log; {player} is a player's name.
        N_("{player} deals the next hand"),
        # Translators: a line of the replay's move log, said to the player.
        N_("You deal the next hand"),
    ),
    "Undo": (
        # Translators: a line of the replay's move log; {player} is a player's name,
        # {card} the card thrown and taken back.
        N_("{player} takes back the discard of {card}"),
        # Translators: a line of the replay's move log, said to the player; {card} is the
        # card thrown and taken back.
        N_("You take back the discard of {card}"),
    ),
}
"""Each action as a whole line of a move log: said of a named player (``{player} throws
{card}``), and of the player spoken to (``You throw {card}``). English, marked for the
catalogue; :func:`move_line` translates it where it is shown."""

CHOICES = {
    # Translators: a choice the coach names, as a noun phrase that fits in "the best was
    # {choice}" or after "step 3:"; {card} is a card ("8♦").
    "Knock": N_("knocking with {card}"),
    # Translators: a choice the coach names, as a noun phrase that fits in "the best was
    # {choice}" or after "step 3:"; {card} is a card ("8♦").
    "Discard": N_("throwing {card}"),
    # Translators: a choice the coach names, as a noun phrase ("the best was {choice}").
    "TakeDiscard": N_("taking the upcard"),
    # Translators: a choice the coach names, as a noun phrase ("the best was {choice}").
    "DrawStock": N_("drawing from the stock"),
    # Translators: a choice the coach names, as a noun phrase ("the best was {choice}").
    "Pass": N_("passing"),
    # Translators: a choice the coach names, as a noun phrase ("the best was {choice}").
    "BuyBack": N_("buying back"),
    # Translators: a choice the coach names, as a noun phrase ("the best was {choice}").
    "StayOut": N_("staying out"),
    # Translators: a choice the coach names, as a noun phrase ("the best was {choice}").
    "NextHand": N_("dealing the next hand"),
    # Translators: a choice the coach names, as a noun phrase; {card} is the card thrown
    # and taken back.
    "Undo": N_("taking back the discard of {card}"),
}
"""Each action as a review names a choice: a noun phrase (``throwing 8♦``), its own
catalogue entry; :func:`choice_words` translates it where it is shown."""


def _card_of(action: Action, card: Card | None) -> str:
    card = getattr(action, "card", card)
    return card_words(card) if card else ""


def move_line(action: Action, player: str, you: bool = False, card: Card | None = None) -> str:
    """The whole line of a move log, in the current language: ``Ann throws 8♦``, or with
    ``you`` (the player spoken to) ``You throw 8♦``. ``card`` names the card of an action
    that does not carry it (a take-back's: see ``Step.card``)."""
    named, spoken_to = MOVE_LINES[type(action).__name__]
    return _(spoken_to if you else named).format(player=player, card=_card_of(action, card))


def choice_words(action: Action, card: Card | None = None) -> str:
    """The action as a review names a choice, in the current language (``throwing 8♦``,
    ``se défausser de 8♦``): a noun phrase another sentence holds whole as its ``{choice}``."""
    return _(CHOICES[type(action).__name__]).format(card=_card_of(action, card))


def action_words(
    action: Action, choice: bool = False, you: bool = False, card: Card | None = None
) -> str:
    """The action as a review names a choice (``choice``: :func:`choice_words`). Without
    ``choice``, the move in words without its subject, in English (``throws 8♦``; with
    ``you``, ``throw 8♦``): what ``knockrummy replay``'s English transcript writes after a
    name. The viewer shows :func:`move_line`, a whole sentence in the language."""
    if choice:
        return choice_words(action, card)
    with speaking(SOURCE):
        line = move_line(action, "\0", you, card)
    return line.removeprefix("\0 ").removeprefix("You ")
