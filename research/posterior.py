"""The exact posterior of an opponent's hidden cards, given its whole play under known rules.

Bench-only: the yardstick for the hard level's samples (:mod:`knockrummy.ai.inference`),
not a player. It answers "how much could any opponent model learn from this play?" for an
opponent that plays by Neller's simple rules (:mod:`knockrummy.ai.simple`), the benchmarks'
opponent: two players, no jokers.

Glossary:
    slot        a place a hidden card entered the opponent's hand: one per card dealt to it
                and one per card it drew from the stock, in the order they happened.
    own discard a card the opponent threw that it had not taken from the pile: it was dealt
                to it or drawn, so it sat in a slot no later than its throw (its *deadline*).
    history     which card sat in each slot. Every history the seat's view allows is
                equally likely before the play is weighed (a fair deal and a fair stock):
                the *prior*.
    rules       the simple player's: it takes the upcard exactly when the card joins a
                meld with its hand; it throws at random among the cards leaving the least
                count (never the card just taken); it knocks as soon as a knock at 10 or
                less (the profile's limit where lower) is legal. Each rule is broken with
                chance ``SLIP``, so a history that breaks one is unlikely, not impossible.
    likelihood  the chance of the play seen, given a history: the product, over the
                opponent's takes, passes, throws and turns it did not knock, of the rules'
                chance of that choice.
    posterior   histories in proportion to prior times likelihood; its hands at the end
                are the samples. Found by sequential Monte Carlo: ``particles`` histories
                grown slot by slot from the exact prior, weighed choice by choice and
                resampled when their weights grow uneven, then each drawn history moved by
                ``moves`` Metropolis steps (swap a hidden card for an unseen one, or two
                slots' cards) so that resampled copies spread out again.

It is slow (about a second a decision at the default sizes) and that is fine: it measures
what the play holds, and :mod:`.inference` compares the game's samplers with it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from knockrummy.ai.inference import Knowledge, Sample, joins_meld, pile_before_each_event
from knockrummy.ai.simple import MAX_DEADWOOD
from knockrummy.engine.actions import Discard, DrawStock, Pass, TakeDiscard
from knockrummy.engine.cards import Card
from knockrummy.engine.deadwood import deadwood_points, discard_floor
from knockrummy.engine.hand import knock_refusal
from knockrummy.engine.profiles import get_profile
from knockrummy.engine.views import PlayerView

SLIP = 0.02
"""The chance the opponent breaks one of its rules at one choice."""
PARTICLES = 4000
"""Histories grown at once."""
MOVES = 30
"""Metropolis steps given to each drawn history."""


@dataclass(frozen=True)
class Step:
    """One choice of the opponent's, in the order played."""

    kind: str
    """``pass`` (the upcard left: passed, or the stock drawn), ``take`` or ``throw``."""
    card: Card | None
    """The upcard passed or taken, or the card thrown (None: a pass with no upcard)."""
    slot: int | None = None
    """For a pass that drew from the stock: the slot the drawn card filled."""
    knock_legal: bool = False
    """For a throw: whether the rules let it knock that turn (at a count low enough)."""


@dataclass(frozen=True)
class Play:
    """The opponent's play as the seat saw it."""

    steps: tuple[Step, ...]
    slots: int
    """Slots in all: cards dealt to the opponent and cards it drew."""
    deadlines: tuple[tuple[Card, int], ...]
    """Each own discard and the number of slots filled by its throw, by deadline."""
    pool: tuple[Card, ...]
    """The cards whose place the seat does not know: the rest of the opponent's hand is
    among them."""
    hidden: int
    """How many of the opponent's cards the seat does not know."""
    known: tuple[Card, ...]
    """The opponent's cards the seat knows (taken from the pile and not thrown)."""
    threshold: int
    """The count at or below which the opponent knocks."""


def read_play(view: PlayerView, knowledge: Knowledge) -> Play:
    """The opponent's play in ``view`` (two players, no jokers)."""
    if knowledge.players != 2:
        raise ValueError("the posterior is worked out for two players only")
    profile = get_profile(view.profile_id)
    if profile.jokers:
        raise ValueError(f"{profile.id} has jokers; the posterior is worked out without them")
    opp = knowledge.opponents[0]
    tops = pile_before_each_event(view)
    turn = view.turn - sum(isinstance(e.action, (DrawStock, TakeDiscard)) for e in view.history)
    steps: list[Step] = []
    draws = 0
    taken: list[Card] = []
    own: list[tuple[Card, int]] = []
    offers = 0  # upcard offers passed before the hand's first draw
    for event, top in zip(view.history, tops, strict=True):
        action = event.action
        # the first draw after both players passed the offer is forced: no choice to weigh
        forced = isinstance(action, DrawStock) and turn == 0 and offers >= 2
        if isinstance(action, (DrawStock, TakeDiscard)):
            turn += 1
        elif isinstance(action, Pass) and turn == 0:
            offers += 1
        if event.position != opp:
            continue
        if isinstance(action, Pass):
            steps.append(Step("pass", top))
        elif isinstance(action, DrawStock):
            steps.append(Step("pass", None if forced else top, slot=draws))
            draws += 1
        elif isinstance(action, TakeDiscard) and event.card is not None:
            steps.append(Step("take", event.card))
            taken.append(event.card)
        elif isinstance(action, Discard):
            card = action.card
            if card in taken:
                taken.remove(card)
            else:
                own.append((card, draws))
            legal = knock_refusal(profile, turn, 2, 0) is None
            steps.append(Step("throw", card, knock_legal=legal))
    takes = sum(step.kind == "take" for step in steps)
    throws = sum(step.kind == "throw" for step in steps)
    dealt = view.hand_sizes[opp] + throws - draws - takes
    limit = profile.knock_limit
    return Play(
        steps=tuple(steps),
        slots=dealt + draws,
        deadlines=tuple(sorted(((c, dealt + d) for c, d in own), key=lambda x: x[1])),
        pool=tuple(knowledge.unseen),
        hidden=knowledge.hidden[opp],
        known=tuple(knowledge.known[opp]),
        threshold=MAX_DEADWOOD if limit is None else min(limit, MAX_DEADWOOD),
    )


def placements(deadlines: Sequence[int], first: int) -> int:
    """The ways to put cards with these deadlines (sorted; a card's slot must come before
    its deadline) into distinct slots numbered from ``first``."""
    ways = 1
    for placed, deadline in enumerate(deadlines):
        room = deadline - first - placed
        if room <= 0:
            return 0
        ways *= room
    return ways


_LOG_SLIP = math.log(SLIP)
_LOG_KEEP = math.log(1.0 - SLIP)


def _pass_or_take(took: bool, card: Card, mask: int) -> float:
    """The log chance of taking (or not) ``card`` holding ``mask``."""
    if card.is_joker:
        return 0.0
    wanted = joins_meld(card, mask)
    return _LOG_KEEP if wanted == took else _LOG_SLIP


def _throw(card: Card, mask: int, taken: int, step: Step, threshold: int) -> float:
    """The log chance of throwing ``card`` from ``mask`` (``taken``: the code of the card
    taken this turn, or -1) and then not knocking."""
    floor = discard_floor(mask, taken)
    least = 0  # the throws leaving ``floor``, among which the rules pick at random
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        if low.bit_length() - 1 != taken and deadwood_points(mask ^ low) == floor:
            least += 1
    if deadwood_points(mask ^ card.bit) > floor:
        others = mask.bit_count() - (taken >= 0) - least
        chance = _LOG_SLIP - math.log(max(others, 1))
    else:
        chance = _LOG_KEEP - math.log(max(least, 1))
    if step.knock_legal and floor <= threshold:
        chance += _LOG_SLIP  # it would have knocked
    return chance


def log_likelihood(play: Play, history: Sequence[Card]) -> float:
    """The log chance of the play seen, given which card sat in each slot."""
    dealt = play.slots - sum(step.slot is not None for step in play.steps)
    mask = 0
    for card in history[:dealt]:
        mask |= card.bit
    total = 0.0
    taken = -1
    for step in play.steps:
        if step.kind == "pass":
            if step.card is not None:
                total += _pass_or_take(False, step.card, mask)
            if step.slot is not None:
                mask |= history[dealt + step.slot].bit
            taken = -1
        elif step.kind == "take":
            assert step.card is not None
            total += _pass_or_take(True, step.card, mask)
            mask |= step.card.bit
            taken = step.card.code
        else:
            assert step.card is not None
            if not mask & step.card.bit:
                return -math.inf
            total += _throw(step.card, mask, taken, step, play.threshold)
            mask ^= step.card.bit
            taken = -1
    return total


class _Particle:
    """One history being grown: the hand now, the cards and own discards left to place,
    the slots filled so far and the log weight."""

    __slots__ = ("mask", "pool", "due", "history", "weight", "taken")

    def __init__(self, pool: list[Card], due: list[tuple[Card, int]]) -> None:
        self.mask = 0
        self.pool = pool
        self.due = due
        self.history: list[Card] = []
        self.weight = 0.0
        self.taken = -1

    def copy(self) -> _Particle:
        twin = _Particle(list(self.pool), list(self.due))
        twin.mask, twin.history, twin.taken = self.mask, list(self.history), self.taken
        return twin

    def fill(self, rng: random.Random, slot: int) -> None:
        """Put a card in ``slot`` as the prior would: an own discard, or an unseen card,
        each as likely as the histories it leaves room for."""
        deadlines = [d for _, d in self.due]
        unseen = placements(deadlines, slot + 1) if self.pool else 0
        owns = [
            placements(deadlines[:i] + deadlines[i + 1 :], slot + 1) for i in range(len(deadlines))
        ]
        pick = rng.random() * (unseen + sum(owns))
        if pick < unseen:
            index = rng.randrange(len(self.pool))
            card = self.pool[index]
            self.pool[index] = self.pool[-1]
            self.pool.pop()
        else:
            pick -= unseen
            index = 0
            while index < len(owns) - 1 and pick >= owns[index]:
                pick -= owns[index]
                index += 1
            card = self.due.pop(index)[0]
        self.mask |= card.bit
        self.history.append(card)


def _resample(rng: random.Random, particles: list[_Particle], force: bool) -> list[_Particle]:
    """Systematic resampling when the effective sample size falls below half (or always)."""
    top = max(p.weight for p in particles)
    weights = [math.exp(p.weight - top) for p in particles]
    total = sum(weights)
    if not force and total * total / sum(w * w for w in weights) > len(particles) / 2:
        return particles
    step = total / len(particles)
    point = rng.random() * step
    out: list[_Particle] = []
    reached = 0.0
    for weight, particle in zip(weights, particles, strict=True):
        reached += weight
        while point < reached and len(out) < len(particles):
            twin = particle.copy()
            twin.weight = 0.0
            out.append(twin)
            point += step
    while len(out) < len(particles):
        out.append(particles[-1].copy())
    return out


def grow(play: Play, rng: random.Random, particles: int = PARTICLES) -> list[list[Card]]:
    """Histories drawn from the posterior by sequential Monte Carlo, equally weighted (the
    same history may appear more than once)."""
    dealt = play.slots - sum(step.slot is not None for step in play.steps)
    grown = [_Particle(list(play.pool), list(play.deadlines)) for _ in range(particles)]
    for p in grown:
        for slot in range(dealt):
            p.fill(rng, slot)
    for step in play.steps:
        card = step.card
        for p in grown:
            if step.kind == "pass":
                if card is not None:
                    p.weight += _pass_or_take(False, card, p.mask)
                if step.slot is not None:
                    p.fill(rng, dealt + step.slot)
                p.taken = -1
            elif step.kind == "take":
                assert card is not None
                p.weight += _pass_or_take(True, card, p.mask)
                p.mask |= card.bit
                p.taken = card.code
            else:
                assert card is not None
                p.weight += _throw(card, p.mask, p.taken, step, play.threshold)
                p.mask ^= card.bit
                p.taken = -1
        if step.kind == "throw":
            grown = _resample(rng, grown, force=False)
    return [p.history for p in _resample(rng, grown, force=True)]


def move(play: Play, rng: random.Random, history: list[Card], moves: int = MOVES) -> list[Card]:
    """``history`` after ``moves`` Metropolis steps that keep the posterior: a hidden card
    swapped for a card outside the history, or two slots' cards swapped (an own discard
    never past its deadline). Both proposals are symmetric and the prior is flat."""
    deadline = dict(play.deadlines)
    history = list(history)
    placed = set(history)
    outside = [c for c in play.pool if c not in placed]
    current = log_likelihood(play, history)
    slots = len(history)
    for _ in range(moves):
        if outside and rng.random() < 0.6:
            i = rng.randrange(slots)
            old = history[i]
            if old in deadline:
                continue
            j = rng.randrange(len(outside))
            history[i] = outside[j]
            proposed = log_likelihood(play, history)
            if proposed >= current or rng.random() < math.exp(proposed - current):
                current, outside[j] = proposed, old
            else:
                history[i] = old
        else:
            i, j = rng.randrange(slots), rng.randrange(slots)
            a, b = history[i], history[j]
            if (a in deadline and j >= deadline[a]) or (b in deadline and i >= deadline[b]):
                continue
            history[i], history[j] = b, a
            proposed = log_likelihood(play, history)
            if proposed >= current or rng.random() < math.exp(proposed - current):
                current = proposed
            else:
                history[i], history[j] = a, b
    return history


def posterior_samples(
    view: PlayerView,
    knowledge: Knowledge,
    rng: random.Random,
    count: int,
    particles: int = PARTICLES,
    moves: int = MOVES,
) -> list[Sample]:
    """``count`` samples of the hidden cards from the posterior (see the glossary)."""
    play = read_play(view, knowledge)
    opp = knowledge.opponents[0]
    histories = grow(play, rng, particles)
    deadline = dict(play.deadlines)
    out = []
    for _ in range(count):
        history = move(play, rng, histories[rng.randrange(len(histories))], moves)
        hidden = [c for c in history if c not in deadline]
        held = set(hidden)
        stock = [c for c in play.pool if c not in held]
        rng.shuffle(stock)
        hands = list(knowledge.known)
        hands[opp] = (*play.known, *hidden)
        out.append(Sample(tuple(hands), tuple(stock)))
    return out
