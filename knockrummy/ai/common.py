"""Helpers every computer level shares: reading a hand from a view, greedy choices.

Glossary:
    bot          an object with ``name``, ``description`` and ``choose(view) -> action``;
                 the action is always one of ``view.legal_actions``.
    count        a hand's deadwood points after its best arrangement.
    improves     taking the upcard improves a hand when the best discard afterwards (never
                 the upcard itself) leaves a lower count than the hand has now.
    round        one turn of every player in the hand: ``(view.turn - 1) // players``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..engine.actions import Action, BuyBack, Discard, DrawStock, Knock, Pass, TakeDiscard
from ..engine.cards import Card
from ..engine.deadwood import cards_deadwood, deadwood_points, discard_floor
from ..engine.melds import best_arrangement, discard_points
from ..engine.profiles import Profile, get_profile
from ..engine.views import PlayerView


class Bot(Protocol):
    """What the table asks of a computer seat."""

    name: str
    description: str

    def choose(self, view: PlayerView) -> Action: ...


def legal_or_fail(view: PlayerView) -> list[Action]:
    """The seat's legal actions; a bot asked when it is not its move is a caller's bug."""
    legal = list(view.legal_actions)
    if not legal:
        raise ValueError("it is not this seat's move")
    return legal


def profile_of(view: PlayerView) -> Profile:
    return get_profile(view.profile_id)


def hand_players(view: PlayerView) -> int:
    """Players dealt into the current hand."""
    return len(view.hand_sizes)


def round_number(view: PlayerView) -> int:
    """Completed rounds of play in this hand (0 during everybody's first turn)."""
    return max(view.turn - 1, 0) // max(hand_players(view), 1)


def best_discards(cards: Sequence[Card], forbidden: Card | None) -> list[tuple[int, Card]]:
    """``(count after discarding, card)`` for every allowed discard, best first.

    Ties go to the higher card (it costs more if it stays as deadwood), then to the lower
    code, so the order never depends on the order cards were received.
    """
    options = discard_points(list(cards), forbidden=forbidden)
    return sorted((points, card) for card, points in options.items())


def greedy_key(options: dict[Card, int]):
    """The greedy order of discards: the lowest count left, then the highest card (it
    costs more if it stays as deadwood), then the lowest code, so the order never depends
    on the order cards were received. Every level that throws greedily uses this."""
    return lambda card: (options[card], -card.points, card.code)


def greedy_order(options: dict[Card, int]) -> list[Card]:
    """The cards of ``options`` (card -> count left after throwing it), best first."""
    return sorted(options, key=greedy_key(options))


def greedy_pick(options: dict[Card, int]) -> Card:
    """The first card of :func:`greedy_order` (the lowest count found first: a rollout
    asks this at every throw, and a tie is rare)."""
    low = min(options.values())
    tied = [card for card, count in options.items() if count == low]
    return tied[0] if len(tied) == 1 else min(tied, key=greedy_key(options))


def greedy_discard(cards: Sequence[Card], forbidden: Card | None) -> tuple[Card, int]:
    """The discard leaving the lowest count (ties: the highest card), and that count."""
    options = discard_points(list(cards), forbidden=forbidden)
    card = greedy_pick(options)
    return card, options[card]


def upcard_gain(view: PlayerView) -> int:
    """How much taking the upcard lowers the count (0 or less: it does not help)."""
    if not view.discard_pile:
        return 0
    return take_gain(view.hand, view.discard_pile[-1])


def take_gain(hand: Sequence[Card], upcard: Card) -> int:
    """How much taking ``upcard`` (and throwing another card) lowers the count of
    ``hand`` (0 or less: it does not help). The judge's rollouts ask it at every draw."""
    mask = upcard.bit
    for card in hand:
        mask += card.bit
    if mask.bit_count() == len(hand) + 1:  # distinct suited cards: on masks, at speed
        return deadwood_points(mask ^ upcard.bit) - discard_floor(mask, upcard.code)
    after = discard_points([*hand, upcard], forbidden=upcard)
    if not after:
        return 0
    return cards_deadwood(list(hand)) - min(after.values())


def upcard_melds(view: PlayerView) -> bool:
    """Whether the upcard would sit in a meld of the best hand after taking it."""
    if not view.discard_pile:
        return False
    upcard = view.discard_pile[-1]
    with_it = [*view.hand, upcard]
    card, _ = greedy_discard(with_it, upcard)
    with_it.remove(card)
    return any(upcard in meld for meld in best_arrangement(with_it).melds)


def draw_action(legal: Sequence[Action], take: bool) -> Action:
    """Take the upcard if ``take`` and allowed; otherwise draw, pass or the first legal."""
    if take and TakeDiscard() in legal:
        return TakeDiscard()
    if DrawStock() in legal:
        return DrawStock()
    if Pass() in legal:
        return Pass()
    return legal[0]


def discard_or_knock(legal: Sequence[Action], card: Card, knock: bool) -> Action:
    """``Knock(card)`` if wanted and legal, else ``Discard(card)``."""
    if knock and Knock(card) in legal:
        return Knock(card)
    return Discard(card)


def buy_back_worth_it(view: PlayerView) -> bool:
    """Whether buying back has a fair chance to pay: a win chance of 1 in (others + 1)
    against a price of half the pot for a pot half again as large."""
    others = sum(1 for seat, on in enumerate(view.active) if on and seat != view.seat)
    return others <= 2


def session_answer(view: PlayerView, legal: Sequence[Action], always: bool) -> Action:
    """Answer a ``knock-rami`` buy-back offer."""
    if BuyBack() in legal and (always or buy_back_worth_it(view)):
        return BuyBack()
    return [a for a in legal if not isinstance(a, BuyBack)][0]
