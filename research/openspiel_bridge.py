"""Between OpenSpiel's ``gin_rummy`` game and the engine: card and meld numbers, actions,
and the view of a seat (used by ``python -m research.openspiel``; OpenSpiel itself is not
imported here).

Glossary:
    OS card     OpenSpiel's card number: ``suit * 13 + rank`` with suits in ``s c d h``
                order and ranks ``A..K`` from 0; ours uses ``S H D C`` (see ``os_to_card``).
    meld id     OpenSpiel's number for a meld of at most 5 cards (sets first, by rank and
                the missing suit, then runs by length, suit and lowest rank); a longer run
                is declared as pieces of 3 to 5 cards.
    first turn  OpenSpiel offers the first upcard to player 0, then to player 1; if both
                pass, player 0 must draw from the stock. Our bot is asked as it would be in
                the ``gin-rummy`` profile: taking the upcard is "take", drawing from the
                stock is a pass of the offer.
    view        an engine ``gin-rummy`` hand rebuilt for our seat: our cards, the discard
                pile, the public actions, and the opponent's hidden cards and the stock
                filled with a placeholder arrangement of the unseen cards. The view keeps
                only what the seat may know, so the placeholders never reach the bot.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from knockrummy.engine.actions import (
    Action,
    Discard,
    DrawStock,
    HandAction,
    Knock,
    Pass,
    TakeDiscard,
)
from knockrummy.engine.cards import CARDS, Card
from knockrummy.engine.hand import HandState
from knockrummy.engine.layoffs import best_with_layoffs
from knockrummy.engine.session import PLAYING, SessionState
from knockrummy.engine.views import PlayerView, player_view

PROFILE = "gin-rummy"
OS_DRAW_UPCARD = 52
OS_DRAW_STOCK = 53
OS_PASS = 54
OS_KNOCK = 55
OS_MELD_BASE = 56
OS_MELD_COUNT = 185
HAND_SIZE = 10
OUR_SUIT_OF_OS = (0, 3, 2, 1)
"""Our suit (S H D C = 0..3) for each OpenSpiel suit (s c d h = 0..3); its own inverse."""
_SET_MELDS = 65
_RUN3, _RUN4, _RUN5 = 65, 65 + 44, 65 + 44 + 40


# --- cards and melds -------------------------------------------------------------------


def os_to_card(index: int) -> Card:
    """Our card for OpenSpiel's card number ``index`` (0..51)."""
    if not 0 <= index < 52:
        raise ValueError(f"OpenSpiel card {index} is outside 0..51")
    return Card(OUR_SUIT_OF_OS[index // 13] * 13 + index % 13)


def card_to_os(card: Card) -> int:
    """OpenSpiel's card number for our suited card ``card``."""
    if card.is_joker:
        raise ValueError("OpenSpiel's gin rummy has no jokers")
    return OUR_SUIT_OF_OS[card.code // 13] * 13 + card.code % 13


def _os_suit(card: Card) -> int:
    return card_to_os(card) // 13


def meld_id(meld: Iterable[Card]) -> int:
    """OpenSpiel's meld id (0..184) of a set of 3 or 4, or a run of 3 to 5 cards."""
    cards = sorted(meld, key=lambda c: c.rank)
    ranks = [c.rank - 1 for c in cards]
    suits = [_os_suit(c) for c in cards]
    if len(set(ranks)) == 1 and len(set(suits)) == len(cards) and len(cards) in (3, 4):
        if len(cards) == 4:
            return ranks[0] * 5 + 4
        missing = ({0, 1, 2, 3} - set(suits)).pop()
        return ranks[0] * 5 + missing
    consecutive = ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    if len(set(suits)) == 1 and consecutive and 3 <= len(cards) <= 5:
        base, per_suit = {3: (_RUN3, 11), 4: (_RUN4, 10), 5: (_RUN5, 9)}[len(cards)]
        return base + suits[0] * per_suit + ranks[0]
    raise ValueError(f"{' '.join(c.text for c in cards)} is not a meld OpenSpiel numbers")


def meld_from_id(number: int) -> tuple[Card, ...]:
    """The cards of OpenSpiel's meld ``number`` (sets in OS suit order, runs by rank)."""
    if not 0 <= number < OS_MELD_COUNT:
        raise ValueError(f"meld id {number} is outside 0..{OS_MELD_COUNT - 1}")
    if number < _SET_MELDS:
        rank, kind = divmod(number, 5)
        suits = [s for s in range(4) if s != kind] if kind < 4 else list(range(4))
        return tuple(os_to_card(s * 13 + rank) for s in suits)
    for base, size, per_suit in ((_RUN5, 5, 9), (_RUN4, 4, 10), (_RUN3, 3, 11)):
        if number >= base:
            suit, low = divmod(number - base, per_suit)
            return tuple(os_to_card(suit * 13 + low + k) for k in range(size))
    raise AssertionError("unreachable")


def split_meld(meld: Sequence[Card]) -> list[tuple[Card, ...]]:
    """``meld`` as melds OpenSpiel numbers: a run of 6 or more becomes pieces of 3 to 5."""
    cards = tuple(sorted(meld, key=lambda c: c.rank))
    count = -(-len(cards) // 5)
    sizes = [len(cards) // count + (1 if k < len(cards) % count else 0) for k in range(count)]
    pieces = []
    for size in sizes:
        pieces.append(cards[:size])
        cards = cards[size:]
    return pieces


def meld_actions(melds: Iterable[Sequence[Card]]) -> list[int]:
    """OpenSpiel's actions declaring ``melds`` (long runs split), in order."""
    return [OS_MELD_BASE + meld_id(piece) for meld in melds for piece in split_meld(meld)]


def os_action(action: Action, first_turn_offer: bool) -> list[int]:
    """OpenSpiel's actions for one of our hand actions.

    ``first_turn_offer``: OpenSpiel is offering the first upcard, where drawing from the
    stock is not allowed yet, so our "draw from the stock" is a pass of the offer. A knock
    is OpenSpiel's knock action followed by the knocking discard.
    """
    if isinstance(action, TakeDiscard):
        return [OS_DRAW_UPCARD]
    if isinstance(action, DrawStock):
        return [OS_PASS if first_turn_offer else OS_DRAW_STOCK]
    if isinstance(action, Pass):
        return [OS_PASS]
    if isinstance(action, Discard):
        return [card_to_os(action.card)]
    if isinstance(action, Knock):
        return [OS_KNOCK, card_to_os(action.card)]
    raise ValueError(f"{action} has no OpenSpiel counterpart")


def defender_plan(
    hand: Sequence[Card], knocker_melds: Sequence[Sequence[Card]]
) -> tuple[list[Card], list[tuple[Card, ...]]]:
    """The defender's lay-offs (in an order they can be made) and own melds afterwards."""
    result = best_with_layoffs(hand, knocker_melds)
    return [layoff.card for layoff in result.layoffs], list(result.arrangement.melds)


# --- the seat's view -------------------------------------------------------------------


@dataclass
class SeatRecord:
    """What one seat has seen of an OpenSpiel hand, as engine hand actions."""

    me: int
    log: list[tuple[int, HandAction, Card | None]] = field(default_factory=list)
    """Public actions by position; our own stock draws carry the card, theirs None."""
    opponent_known: list[Card] = field(default_factory=list)
    """Cards the opponent took from the discard pile and still holds."""

    def took(self, position: int, card: Card) -> None:
        self.log.append((position, TakeDiscard(), card))
        if position != self.me:
            self.opponent_known.append(card)

    def drew(self, position: int) -> None:
        self.log.append((position, DrawStock(), None))

    def saw_my_draw(self, card: Card) -> None:
        """Our stock draw came out: ``card`` (only ever called for our own draw)."""
        position, action, _ = self.log[-1]
        if position != self.me or not isinstance(action, DrawStock):
            raise ValueError("the last action is not our own stock draw")
        self.log[-1] = (position, action, card)

    def passed(self, position: int) -> None:
        self.log.append((position, Pass(), None))

    def discarded(self, position: int, card: Card) -> None:
        self.log.append((position, Discard(card), None))
        if position != self.me and card in self.opponent_known:
            self.opponent_known.remove(card)


def build_view(
    record: SeatRecord,
    hand: Sequence[Card],
    pile: Sequence[Card],
    stock_count: int,
    phase: str,
    taken: Card | None = None,
) -> PlayerView:
    """Our seat's view of an engine ``gin-rummy`` hand equivalent to the OpenSpiel one.

    ``pile`` is the face-up pile, bottom first, with the takeable card last. The
    opponent's hidden cards and the stock are the unseen cards in code order: a
    placeholder the view never shows. The dealer is position 1 (OpenSpiel's player 0
    plays first).
    """
    me = record.me
    other = 1 - me
    seen = {*hand, *pile, *record.opponent_known}
    unseen = [card for card in CARDS if card not in seen]
    hidden = HAND_SIZE - len(record.opponent_known)
    if len(unseen) != hidden + stock_count:
        raise ValueError(
            f"{len(unseen)} unseen cards do not fill {hidden} hidden cards "
            f"and a stock of {stock_count}"
        )
    hands: list[list[Card]] = [[], []]
    hands[me] = list(hand)
    hands[other] = [*record.opponent_known, *unseen[:hidden]]
    turn = sum(1 for _, action, _ in record.log if isinstance(action, (DrawStock, TakeDiscard)))
    passes = sum(1 for _, action, _ in record.log if isinstance(action, Pass))
    state = HandState(
        profile_id=PROFILE,
        players=2,
        dealer=1,
        seed=0,
        hands=hands,
        stock=list(unseen[hidden:]),
        discard=list(pile),
        to_move=me,
        phase=phase,
        turn=turn,
        taken=taken,
        offer_passes=passes,
        log=list(record.log),
    )
    session = SessionState(
        profile_id=PROFILE,
        names=["player 0", "player 1"],
        seed=0,
        stake=0,
        dealer=1,
        hand_number=1,
        hand=state,
        seats_in_hand=(0, 1),
        phase=PLAYING,
        active=[True, True],
        bought_back=[False, False],
    )
    return player_view(session, me)
