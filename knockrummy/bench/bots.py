"""Bench-only players: they exist to measure the levels, never to take a seat at the table.

Glossary:
    bystander     plays a race's other seat without racing: it draws from the stock and
                  throws the card it drew, never takes the upcard and never knocks, so the
                  stock and the upcards flow as in a real hand but nobody races the
                  measured seat (``bench race``).
    greedy racer  plays as OpenSpiel's SimpleGinRummyBot does: takes the upcard when the
                  card would sit in a meld or allow a knock, otherwise draws; throws its
                  highest-ranked unmelded card; knocks as soon as it can (``bench duel``).
    race gain     how much taking a card helps the racer: its race value (see
                  :mod:`knockrummy.ai.race`) after taking the card and throwing greedily,
                  less its race value after drawing blind instead, in each sample where
                  the racer would take the card; zero where it would not.
    denying       the hard level charges each candidate race discard the opponent's mean
                  race gain over the sampled hidden hands (see :mod:`knockrummy.ai.race`).
    ablation      the hard level with one of its race pieces changed, to measure what it
                  adds: ``hard-deny`` (denial on, as the shipped level has it off),
                  ``hard-noshed`` (no shedding switch), ``hard-unweighted`` (samples not
                  checked against the opponent's play), ``hard-likely`` (checked in
                  every profile, as the shipped level does only in the races),
                  ``hard-points`` (knocks valued by the hand's points, not the game, in
                  every profile), ``hard-match`` (valued by the game or session in every
                  profile, as the shipped level does only in some), ``hard-bound`` and
                  ``hard-unbound`` (samples kept to each opponent's last discard being a
                  least-count one in every profile, or in none), ``hard-quiet`` and
                  ``hard-unquiet`` (samples kept to each opponent's last plain discard on
                  a turn it could have knocked, in every profile or in none);
                  ``hard-earlier`` has them all off: the hard level as it was before them.
    sighted       ``hard-sighted``: the same charge worked out on the racer's true hand.
                  It sees a hidden hand, so it exists only in the benches, never as a
                  seat. ``hard-sighted-NN`` sees each of the racer's cards with chance NN%
                  and, in each sample, a card the racer does not hold in place of the rest.
    seer          ``hard-seer``: the hard level handed the true hidden cards (every
                  sample is the real hands, with the real stock in a random order);
                  ``hard-seer-knock`` has them in its knock test only. What perfect
                  inference of the hidden hands would be worth: an upper bound for any
                  better opponent model. It sees the table's state, so it exists only in
                  the benches, never as a seat.
    race seat     a seat's bot wrapped to time its decisions, count its draws and the
                  upcards it takes, and note the discard that first leaves its count at or
                  below the knock limit (it has *reached*).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from ..ai import load_external_bot
from ..ai.hard import DENY_WEIGHT, HardBot, Race
from ..ai.inference import Sample
from ..ai.race import greedy_throw
from ..ai.simple import SimpleBot
from ..commands.cli import SIMPLE
from ..engine.actions import Action, Discard, DrawStock, Knock, Pass, TakeDiscard
from ..engine.cards import Card
from ..engine.hand import hand_points
from ..engine.melds import discard_points
from ..engine.views import PlayerView

ABLATIONS: dict[str, dict[str, Any]] = {
    "hard-deny": {"deny_weight": DENY_WEIGHT},
    "hard-noshed": {"shed_point": 0.0},
    "hard-unweighted": {"likely": False},
    "hard-likely": {"likely": True},
    "hard-points": {"match": False},
    "hard-match": {"match": True},
    "hard-bound": {"bound": True},
    "hard-unbound": {"bound": False},
    "hard-quiet": {"quiet": True},
    "hard-unquiet": {"quiet": False},
    "hard-earlier": {
        "deny_weight": 0.0,
        "shed_point": 0.0,
        "likely": False,
        "match": False,
        "bound": False,
    },
}
"""The ablations (see the glossary): name, and the hard level's settings."""


def is_bench_level(name: str) -> bool:
    """Whether ``name`` names one of the bench-only levels (``make_level`` checks the
    share of a ``hard-sighted-NN``)."""
    return (
        name in ABLATIONS
        or name in SEERS
        or name == "hard-sighted"
        or name.startswith("hard-sighted-")
    )


class SeerBot(HardBot):
    """A seer (see the glossary): ``observe`` hands it the table's state before each
    decision."""

    def __init__(self, seed: int = 0, knock_only: bool = False) -> None:
        super().__init__(seed=seed)
        self.knock_only = knock_only
        self.state: Any = None

    def observe(self, state: Any) -> None:
        """The session state the next decision is taken in."""
        self.state = state

    def true_samples(self, count: int) -> list[Sample]:
        """``count`` samples that are the real hands, each with the real stock shuffled."""
        hand = self.state.hand if self.state is not None else None
        if hand is None:
            raise ValueError("a seer needs the table's state before each decision")
        hands = tuple(tuple(cards) for cards in hand.hands)
        out = []
        for _ in range(count):
            stock = list(hand.stock)
            self.rng.shuffle(stock)
            out.append(Sample(hands, tuple(stock)))
        return out

    def sample(
        self,
        knowledge: Any,
        count: int,
        likely: bool,
        bound: bool = False,
        quiet: int | None = None,
    ) -> list[Sample]:
        if self.knock_only:
            return super().sample(knowledge, count, likely, bound, quiet)
        return self.true_samples(count)

    def knock_samples(self, samples: list[Sample]) -> list[Sample]:
        return self.true_samples(len(samples)) if self.knock_only else samples


SEERS = {"hard-seer": False, "hard-seer-knock": True}
"""The seers (see the glossary): name, and whether only the knock test sees."""


def melds_with(hand: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` would sit in a meld of the best arrangement of ``hand`` plus it."""
    return hand_points([*hand, card]) < hand_points(list(hand)) + card.points


def racer_takes(hand: Sequence[Card], upcard: Card, limit: int) -> bool:
    """Whether the racer holding ``hand`` takes ``upcard``: it melds, or allows a knock."""
    if melds_with(hand, upcard):
        return True
    options = discard_points([*hand, upcard], forbidden=upcard)
    return bool(options) and min(options.values()) <= limit


class GreedyRacer:
    """The greedy racer (see the glossary)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        hand = list(view.hand)
        if view.hand_phase == "discard":
            card, count = greedy_throw(hand, forbidden=view.taken)
            if count <= self.limit and Knock(card) in legal:
                return Knock(card)
            return Discard(card)
        if TakeDiscard() in legal and racer_takes(hand, view.discard_pile[-1], self.limit):
            return TakeDiscard()
        return DrawStock() if DrawStock() in legal else Pass()


class DenyingHardBot(HardBot):
    """The hard level, whose race discards are charged the racer's race gain (see the
    glossary). With ``sight`` it prices that charge on ``racer_hand``, which only
    ``bench duel`` sets: each of the racer's cards is seen with chance ``sight`` and otherwise
    replaced, in each sample, by a card it does not hold."""

    def __init__(self, seed: int = 0, sight: float | None = None) -> None:
        super().__init__(seed=seed, deny_weight=DENY_WEIGHT)
        if sight is not None and not 0.0 < sight <= 1.0:
            raise ValueError(f"sight must be a share above 0 and at most 1, not {sight}")
        self.sight = sight
        self.racer_hand: tuple[Card, ...] | None = None
        self._racer = 1
        self._sight_rng = random.Random(seed + 99)

    def denial_samples(self, samples: list[Sample], race: Race) -> list[Sample]:
        """The hard level's denial samples, with the racer's hand as far as it is seen."""
        self._racer = race.opponent
        used = super().denial_samples(samples, race)
        if self.sight is None:
            return used
        if self.racer_hand is None:
            raise ValueError("a sighted bot needs the racer's hand before each decision")
        true = self.racer_hand
        out = []
        for sample in used:
            hands = list(sample.hands)
            if self.sight == 1.0:
                hands[self._racer] = true
                stock = tuple(c for c in sample.stock if c not in true)
            else:
                hands[self._racer], stock = self._glimpse(sample, true)
            out.append(Sample(tuple(hands), stock))
        return out

    def _glimpse(
        self, sample: Sample, true: tuple[Card, ...]
    ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The racer's hand as partly seen, and the stock that leaves, in random order."""
        rng = self._sight_rng
        others = (*sample.stock, *sample.hands[self._racer])
        pool = list(dict.fromkeys(c for c in others if c not in true))
        rng.shuffle(pool)
        hand = tuple(c if rng.random() < self.sight or not pool else pool.pop() for c in true)
        stock = list(dict.fromkeys(c for c in (*others, *true) if c not in hand))
        rng.shuffle(stock)
        return hand, tuple(stock)


class Bystander:
    """The bystander (see the glossary)."""

    def __init__(self) -> None:
        self._before: set[Card] = set()

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if view.hand_phase == "discard":
            (drawn,) = [c for c in view.hand if c not in self._before]
            return Discard(drawn)
        self._before = set(view.hand)
        return DrawStock() if DrawStock() in legal else Pass()


def make_level(level: str, seed: int) -> Any:
    """A bench's player: a level of the game, ``simple``, an external bot spec, or a
    bench-only level: an ablation, a seer, ``hard-sighted`` and ``hard-sighted-NN``
    (each of the racer's cards seen with chance NN%). Every bench makes its players here."""
    if level in ABLATIONS:
        return HardBot(seed=seed, **ABLATIONS[level])
    if level in SEERS:
        return SeerBot(seed=seed, knock_only=SEERS[level])
    if level == "hard-sighted":
        return DenyingHardBot(seed=seed, sight=1.0)
    if level.startswith("hard-sighted-"):
        share = level.removeprefix("hard-sighted-")
        if not share.isdigit() or not 1 <= int(share) <= 99:
            raise ValueError(f"{level}: give the share seen as a whole percent, 1 to 99")
        return DenyingHardBot(seed=seed, sight=int(share) / 100)
    if level == SIMPLE:
        return SimpleBot(seed=seed)
    return load_external_bot(level, seed=seed)


class TimedBot:
    """Wraps a bot and records how long each decision takes."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot = bot
        self.times = times

    def choose(self, view: PlayerView) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view)
        self.times.append(time.perf_counter() - start)
        return action


class RaceSeat(TimedBot):
    """A race seat (see the glossary)."""

    def __init__(self, bot: Any, limit: int) -> None:
        super().__init__(bot, [])
        self.limit = limit
        self.draws = 0
        self.takes = 0
        self.reached = False

    def choose(self, view: PlayerView) -> Action:
        action = super().choose(view)
        if isinstance(action, (DrawStock, TakeDiscard)):
            self.draws += 1
            self.takes += isinstance(action, TakeDiscard)
        elif isinstance(action, (Discard, Knock)):
            kept = list(view.hand)
            kept.remove(action.card)
            if hand_points(kept) <= self.limit:
                self.reached = True
        return action
