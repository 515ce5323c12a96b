"""What a seat can infer about the hidden cards, and hidden hands sampled to match it.

Glossary:
    unseen      every card of the deck that the seat has not seen: not in its own hand,
                not in the discard pile, not known to be in another hand. (The stock and
                the opponents' unknown cards are drawn from it.)
    known       cards an opponent took from the discard pile and has not thrown since:
                they are certainly in that hand.
    thrown      cards an opponent discarded: cards they did not want, so cards that would
                have melded with them are less likely in their hand.
    declined    upcards an opponent passed over for the stock: the same, more weakly.
    weight      per opponent and unseen card, how much likelier than average that card is
                in that opponent's hand; sampling draws cards in proportion to it.
    sample      one complete guess of the hidden cards: each opponent's hand (known cards
                plus cards drawn from the unseen ones) and a shuffled stock (the rest).
    clue        one observed play of an opponent that a guessed hand can contradict: a
                passed upcard that would have joined a meld with the hand, a taken card
                that joins none, a thrown card that would have sat in one. The hand then
                is the guessed hand less the cards the player took after the clue (stock
                draws since cannot be told apart, so a contradiction is likely, not sure).
    bound       an opponent's last discard, with the card it had taken that turn (which it
                could not throw): a player throws a card leaving the least count it can,
                so a guessed hand in which another throw would have left less contradicts
                it ("each discard bounds the rest"). The hand then is the guessed hand:
                nobody draws between a player's discard and the next look at the table.
    quiet       an opponent's last discard was a plain one on a turn it could have
                knocked: a player holding a low count knocks, so a guessed hand whose
                count is at or below the count a sensible player knocks at (the caller's
                ``quiet``) contradicts it. Like the bound, the hand then is the guessed hand.
    conflict    a guessed hand's weighted count of contradicted clues; the sampler
                rejects candidate hands with conflicts while others are to be had, so a
                sample follows the likelihood of the observed play (see ``sample_hidden``).

Everything here is computed from the seat's :class:`PlayerView` alone, in a fixed order,
so a seeded generator gives the same samples for the same view whatever the hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..engine.actions import Discard, DrawStock, Pass, TakeDiscard
from ..engine.cards import CARDS, JOKER, Card
from ..engine.deadwood import deadwood_points, discard_floor
from ..engine.hand import knock_refusal
from ..engine.melds import discard_points
from ..engine.profiles import get_profile
from ..engine.views import PlayerView

THROWN_SAME_RANK = 0.55
THROWN_NEIGHBOUR = 0.6
THROWN_SECOND_NEIGHBOUR = 0.85
DECLINED_SAME_RANK = 0.75
DECLINED_NEIGHBOUR = 0.75
TAKEN_SAME_RANK = 2.2
TAKEN_NEIGHBOUR = 2.0
TAKEN_SECOND_NEIGHBOUR = 1.3
MAX_EXTRA_DRAWS = 3
"""At most this many extra candidate hands per sample for a player who has had turns."""
REJECT_ROUNDS = 4
"""Rounds of candidate hands a sample draws, at most, looking for one with no conflict."""
CONFLICT = {"declined": 1.0, "taken": 1.0, "thrown": 0.5, "bound": 1.0, "quiet": 1.0}
"""What one contradicted clue of each kind adds to a hand's conflict. A pass or a take is
a choice about one card (a player who passes a card that melds, or takes one that does not,
is rare); a throw of a card in a meld can be a sound break of a four-card meld or a set
kept as a run, so it counts half. A last discard that was not a least-count one (the
bound) counts whole, and so does a low count kept instead of knocked (quiet)."""
"""Weight factors. A thrown 7S makes 7H/7D/7C and 6S/8S less likely in that hand (a player
keeps pairs and connectors); a taken card makes its meld partners likelier."""


@dataclass(frozen=True)
class Clue:
    """One opponent's play that a guessed hand can contradict (see the glossary)."""

    kind: str
    """``declined``, ``taken`` or ``thrown``."""
    card: Card
    """The card passed, taken or thrown."""
    later: int
    """The bits of the cards that player took from the pile after this play."""


@dataclass(frozen=True)
class Knowledge:
    """One seat's inference about the hand in play."""

    me: int
    """This seat's position in the hand."""
    players: int
    """Players dealt into the hand."""
    known: tuple[tuple[Card, ...], ...]
    """By position: cards certainly in that hand (the seat's own whole hand at ``me``)."""
    hidden: tuple[int, ...]
    """By position: how many of that hand's cards are unknown (0 at ``me``)."""
    unseen: tuple[Card, ...]
    """Cards whose place is unknown, in code order (jokers last, once per joker)."""
    weights: tuple[tuple[float, ...], ...]
    """By position: one weight per unseen card (all 1.0 at ``me``)."""
    thrown: tuple[tuple[Card, ...], ...]
    """By position: the cards that player discarded face up this hand."""
    turns: tuple[int, ...]
    """By position: turns that player has taken this hand (draws and pickups)."""
    clues: tuple[tuple[Clue, ...], ...] = ()
    """By position: that player's clues in the order played (empty at ``me``)."""
    bounds: tuple[tuple[Card, Card | None] | None, ...] = ()
    """By position: that player's bound (see the glossary): the card of its last discard
    and the card it took that turn, or None before its first discard (and at ``me``)."""
    waived: tuple[bool, ...] = ()
    """By position: whether that player's last play was a plain discard on a turn the rules
    let it knock at a low count (see *quiet* in the glossary); False at ``me``."""

    @property
    def opponents(self) -> tuple[int, ...]:
        """Opponents' positions, in play order after this seat."""
        return tuple((self.me + k) % self.players for k in range(1, self.players))


def pile_before_each_event(view: PlayerView) -> list[Card | None]:
    """The top of the discard pile just before each event of ``view.history``."""
    pile = list(view.discard_pile)
    tops: list[Card | None] = []
    for event in reversed(view.history):
        if isinstance(event.action, Discard):
            if pile:
                pile.pop()
        elif isinstance(event.action, TakeDiscard) and event.card is not None:
            pile.append(event.card)
        tops.append(pile[-1] if pile else None)
    tops.reverse()
    return tops


def _related(a: Card, b: Card) -> int:
    """0 when unrelated; 1 same rank; 2 same suit one apart; 3 same suit two apart."""
    if a.is_joker or b.is_joker or a == b:
        return 0
    if a.rank == b.rank:
        return 1
    if a.suit == b.suit:
        gap = abs(a.rank - b.rank)
        if gap == 1:
            return 2
        if gap == 2:
            return 3
    return 0


_FACTORS = {
    "thrown": (1.0, THROWN_SAME_RANK, THROWN_NEIGHBOUR, THROWN_SECOND_NEIGHBOUR),
    "declined": (1.0, DECLINED_SAME_RANK, DECLINED_NEIGHBOUR, 1.0),
    "taken": (1.0, TAKEN_SAME_RANK, TAKEN_NEIGHBOUR, TAKEN_SECOND_NEIGHBOUR),
}


def read_view(view: PlayerView) -> Knowledge:
    """Infer the hidden cards' whereabouts from ``view`` (a seat dealt into a live hand)."""
    if view.position is None:
        raise ValueError("this seat is not dealt into the hand")
    players = len(view.hand_sizes)
    me = view.position
    held: list[list[Card]] = [[] for _ in range(players)]
    signals: list[list[tuple[str, Card]]] = [[] for _ in range(players)]
    thrown: list[list[Card]] = [[] for _ in range(players)]
    tops = pile_before_each_event(view)
    turns = [0] * players
    bounds: list[tuple[Card, Card | None] | None] = [None] * players
    taken_now: list[Card | None] = [None] * players
    waived = [False] * players
    profile = get_profile(view.profile_id)
    # turns begun before each event: the view's count less the draws logged since
    turn = view.turn - sum(isinstance(e.action, (DrawStock, TakeDiscard)) for e in view.history)
    for event, top in zip(view.history, tops, strict=True):
        p = event.position
        action = event.action
        if isinstance(action, (DrawStock, TakeDiscard)):
            turn += 1
        if p == me:
            continue
        if isinstance(action, (DrawStock, TakeDiscard, Pass)):
            bounds[p] = None
            waived[p] = False
            taken_now[p] = event.card if isinstance(action, TakeDiscard) else None
        if isinstance(action, Discard):
            bounds[p] = (action.card, taken_now[p])
            waived[p] = knock_refusal(profile, turn, players, 0) is None
        if isinstance(action, (DrawStock, TakeDiscard)):
            turns[p] += 1
        if isinstance(action, TakeDiscard) and event.card is not None:
            held[p].append(event.card)
            signals[p].append(("taken", event.card))
        elif isinstance(action, Discard):
            if action.card in held[p]:
                held[p].remove(action.card)
            thrown[p].append(action.card)
            signals[p].append(("thrown", action.card))
        elif isinstance(action, (DrawStock, Pass)) and top is not None:
            signals[p].append(("declined", top))
    held[me] = list(view.hand)
    clues = [_clues(played) for played in signals]
    clues[me] = ()

    jokers = profile.jokers
    gone: dict[Card, int] = {}
    for card in [*view.discard_pile, *(c for hand in held for c in hand)]:
        gone[card] = gone.get(card, 0) + 1
    # A knocked hand's face-down card is hidden from others but is no longer in play for
    # anyone; while a hand is live there is none, so the unseen cards are simply the rest.
    unseen = [card for card in CARDS if card not in gone]
    unseen += [JOKER] * max(jokers - gone.get(JOKER, 0), 0)

    hidden = [0] * players
    weights: list[tuple[float, ...]] = []
    for p in range(players):
        if p == me:
            weights.append(tuple(1.0 for _ in unseen))
            continue
        hidden[p] = max(view.hand_sizes[p] - len(held[p]), 0)
        row = []
        for card in unseen:
            w = 1.0
            for kind, seen in signals[p]:
                relation = _related(card, seen)
                if relation:
                    w *= _FACTORS[kind][relation]
            row.append(w)
        weights.append(tuple(row))
    return Knowledge(
        me=me,
        players=players,
        known=tuple(tuple(h) for h in held),
        hidden=tuple(hidden),
        unseen=tuple(unseen),
        weights=tuple(weights),
        thrown=tuple(tuple(t) for t in thrown),
        turns=tuple(turns),
        clues=tuple(clues),
        bounds=tuple(bounds),
        waived=tuple(waived),
    )


def _clues(played: list[tuple[str, Card]]) -> tuple[Clue, ...]:
    """One player's signals as clues, each with the cards taken after it."""
    out = []
    later = 0
    for kind, card in reversed(played):
        if not card.is_joker:
            out.append(Clue(kind, card, later))
        if kind == "taken":
            later |= card.bit
    out.reverse()
    return tuple(out)


def _meld_tables() -> tuple[tuple[int, ...], tuple[frozenset[int], ...]]:
    """Per card code: its near cards (its rank in the other suits, and up to two ranks
    away in its suit), and the sets of near cards that meld with it without a joker
    (two of its rank, or two suit-mates in a three-card run with it)."""
    near, joins = [], []
    for code in range(52):
        rank, suit = code % 13, code // 13
        same = [1 << (k * 13 + rank) for k in range(4) if k != suit]
        mates = {r: 1 << (suit * 13 + r) for r in range(rank - 2, rank + 3) if 0 <= r <= 12}
        runs = [
            mates[low] | mates[low + 1] | mates[low + 2]
            for low in range(rank - 2, rank + 1)
            if low in mates and low + 2 in mates
        ]
        cards = [*same, *(bit for r, bit in mates.items() if r != rank)]
        own = 1 << code
        subsets = [sum(c) for k in range(len(cards) + 1) for c in combinations(cards, k)]
        near.append(sum(cards))
        joins.append(
            frozenset(
                m
                for m in subsets
                if (m & sum(same)).bit_count() >= 2 or any((m | own) & run == run for run in runs)
            )
        )
    return tuple(near), tuple(joins)


_NEAR, _JOINS = _meld_tables()


def joins_meld(card: Card, mask: int, jokers: int = 0) -> bool:
    """Whether ``card`` would sit in a meld with two cards of the hand ``mask`` (suited
    cards as bits) and up to one of its ``jokers``: the card's three-card meld test on
    masks, as the simple player's ``joins_a_meld`` on lists (aces are low, runs do not
    wrap). With a joker any one near card will do."""
    near = mask & _NEAR[card.code]
    return bool(near) if jokers else near in _JOINS[card.code]


_Test = tuple[bool, int, int, frozenset[int], int, float]
"""A clue made ready for :func:`_conflict`: whether it is a take, the card's bit, its
near cards, the near cards it melds with, the later takes, and what a contradiction
costs."""


def _tests(clues: Sequence[Clue]) -> tuple[_Test, ...]:
    return tuple(
        (
            clue.kind == "taken",
            clue.card.bit,
            _NEAR[clue.card.code],
            _JOINS[clue.card.code],
            clue.later,
            CONFLICT[clue.kind],
        )
        for clue in clues
    )


def _conflict(tests: tuple[_Test, ...], mask: int, jokers: int) -> float:
    """:func:`conflict` on a hand's mask and joker count."""
    total = 0.0
    for taken, bit, near, joins, later, cost in tests:
        seen = mask & near & ~later
        melds = bool(seen) if jokers else seen in joins
        if taken:
            # Only a card still held tells what it was taken for.
            if mask & bit and not melds:
                total += cost
        elif melds and not mask & bit:
            total += cost
    return total


def conflict(clues: Sequence[Clue], hand: Sequence[Card]) -> float:
    """The weighted count of ``clues`` that the guessed ``hand`` contradicts."""
    mask = 0
    jokers = 0
    for card in hand:
        mask |= card.bit
        jokers += card.is_joker
    return _conflict(_tests(clues), mask, jokers)


@dataclass(frozen=True)
class Sample:
    """One guess at the hidden cards."""

    hands: tuple[tuple[Card, ...], ...]
    """Every hand by position (this seat's own hand at its position)."""
    stock: tuple[Card, ...]
    """The rest of the unseen cards in a random order; the top is the last."""


def _least_throw(hand: list[Card], thrown: Card, taken: Card | None) -> bool:
    """Whether ``thrown``, thrown from ``hand`` and it, left the least count a throw could
    leave (``taken``, taken that turn, could not be thrown)."""
    options = discard_points([*hand, thrown], forbidden=taken)
    left = options.get(thrown)
    return left is None or left <= min(options.values())


def _least_throw_mask(mask: int, thrown: Card, taken: Card | None) -> bool:
    """:func:`_least_throw` of a jokerless hand given as its mask (``thrown`` suited)."""
    return deadwood_points(mask) <= discard_floor(
        mask | thrown.bit, -1 if taken is None else taken.code
    )


def sample_hidden(
    knowledge: Knowledge,
    rng: random.Random,
    count: int,
    likely: bool = False,
    bound: bool = False,
    quiet: int | None = None,
) -> list[Sample]:
    """``count`` samples of the hidden cards, each consistent with the knowledge.

    Each opponent's unknown cards are drawn without replacement in proportion to that
    opponent's weights (Efraimidis-Spirakis keys: ``u ** (1 / w)``, keep the largest).
    A player who has had turns has been keeping what melds and throwing what does not,
    so their hand is better than a random one: after ``t`` turns the sample keeps the
    lowest-count of ``1 + min(t, MAX_EXTRA_DRAWS)`` drawn candidate hands.

    With ``likely``, a hand is only as likely as the play it would have made: candidates
    are drawn in rounds of that size, up to ``REJECT_ROUNDS``, until one has no conflict
    with the player's clues, and the sample keeps the least conflict, then the lowest count.
    (Rejection sampling of the hands that contradict the observed play, with the least
    contradicting one kept when none is found.) With ``bound``, each opponent's bound
    (see the glossary) is a clue as well, and its rounds are drawn in the same way. With
    ``quiet``, a count, an opponent whose last play was a plain discard on a turn it could
    have knocked (``Knowledge.waived``) conflicts with a guessed hand of that count or less.
    """
    unseen = knowledge.unseen
    bits = [card.bit for card in unseen]
    jokers = [int(card.is_joker) for card in unseen]
    uniform = rng.random
    plan = []
    for p in knowledge.opponents:
        known = knowledge.known[p]
        row = knowledge.weights[p]
        plan.append(
            (
                p,
                known,
                knowledge.hidden[p],
                None if all(w == 1.0 for w in row) else [1.0 / w for w in row],
                _tests(knowledge.clues[p]) if likely and knowledge.clues else (),
                sum(card.bit for card in known),
                sum(card.is_joker for card in known),
                1 + min(knowledge.turns[p], MAX_EXTRA_DRAWS),
                knowledge.bounds[p] if bound and knowledge.bounds else None,
                quiet if quiet is not None and knowledge.waived and knowledge.waived[p] else -1,
            )
        )
    out = []
    for _ in range(count):
        free = list(range(len(unseen)))
        hands: list[tuple[Card, ...]] = list(knowledge.known)
        for p, known, need, powers, tests, known_mask, known_jokers, tries, last, low in plan:
            if need <= 0:
                continue
            order = range(len(free))
            best: tuple[float, int, list[int]] | None = None
            for _ in range(REJECT_ROUNDS if tests or last or low >= 0 else 1):
                for _ in range(tries):
                    # the largest keys, first drawn first among equals (a stable sort)
                    if powers is None:
                        keys = [uniform() for _ in free]
                    else:
                        keys = [uniform() ** powers[i] for i in free]
                    top = sorted(order, key=keys.__getitem__, reverse=True)[:need]
                    chosen = [free[j] for j in top]
                    mask = known_mask
                    held = known_jokers
                    for i in chosen:
                        mask |= bits[i]
                        held += jokers[i]
                    odd = _conflict(tests, mask, held) if tests else 0.0
                    if last is not None:
                        if held or last[0].is_joker:
                            fits = _least_throw([*known, *(unseen[i] for i in chosen)], *last)
                        else:
                            fits = _least_throw_mask(mask, *last)
                        if not fits:
                            odd += CONFLICT["bound"]
                    if best is not None and odd > best[0]:
                        continue
                    points = deadwood_points(mask, held)
                    if points <= low:  # never without the quiet clue (low is -1)
                        odd += CONFLICT["quiet"]
                    if best is None or (odd, points) < best[:2]:
                        best = (odd, points, chosen)
                if best is not None and best[0] == 0.0:
                    break
            chosen = best[2]
            hands[p] = known + tuple(unseen[i] for i in chosen)
            taken = set(chosen)
            free = [i for i in free if i not in taken]
        stock = [unseen[i] for i in free]
        rng.shuffle(stock)
        out.append(Sample(tuple(hands), tuple(stock)))
    return out


def card_in_hand_chance(knowledge: Knowledge, samples: Sequence[Sample]) -> dict[Card, float]:
    """Per unseen card, the share of samples that put it in some opponent's hand."""
    counts: dict[Card, float] = dict.fromkeys(knowledge.unseen, 0.0)
    for sample in samples:
        for p in knowledge.opponents:
            for card in sample.hands[p]:
                if card in counts:
                    counts[card] += 1
    n = max(len(samples), 1)
    return {card: c / n for card, c in counts.items()}
