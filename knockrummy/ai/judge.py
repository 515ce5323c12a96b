"""The judge: one evaluator behind the hint, the knock advisor, the coach's review and the
expert level, so that in the same position they never disagree.

Glossary:
    sample      one guess at the hidden cards (the opponents' hands and the stock's order)
                from what the seat saw (:func:`~knockrummy.ai.inference.sample_hidden`,
                kept to the clues the hard level uses in the profile).
    rollout     one sample played out from a legal action to the end of the hand by the
                rollout policy (:mod:`.rollout`): the action, then every seat (this one
                included) plays the policy until someone knocks or the stock runs out.
    value       what the settled hand is worth to this seat (:func:`~knockrummy.ai.
                estimate.utility`): where the profile plays to a target, the change in the
                chance of winning the game or the pot, in points (:mod:`.match`); in
                ``poker-rum`` (one deal by each player) the hand's points.
    common      every option is played out over the same samples, so the difference
                between two options is measured sample by sample (common random numbers):
                its noise is far smaller than either option's own.
    expected    an option's mean value over the samples.
    error       the standard error of an option's cost: of the mean of the sample-by-sample
                difference between the best option and it (0 for the best).
    best        the hard level's own choice (with the judgement's seed), unless the
                option with the highest expected value is clearly higher: by more than
                ``CLEAR_ERRORS`` standard errors of the difference, and *confirmed*; then
                that option. A knock above the profile's knock cap (:mod:`.tuning`) is
                never the best. (Rollouts are noisy and their policy is simple, so the
                judge moves from the hard level's choice only on clear evidence.)
    confirmed   the option that looks best among many is, by chance, the one whose
                samples flattered it most (the winner's curse: with ten options, one of
                them looks two standard errors better than an equal choice about one
                time in five). So it replaces the hard level's choice only when it is
                clearly higher again over as many fresh samples, on which the two alone
                are played out.

A judgement uses only the seat's :class:`~knockrummy.engine.views.PlayerView` and a seed,
and its samples are a fixed number, never set by the clock: the same view and seed give the
same judgement every time.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.actions import Action, Knock, StayOut
from ..engine.hand import HandState
from ..engine.melds import discard_points
from ..engine.views import PlayerView
from .common import profile_of
from .hard import HardBot, table_of
from .inference import Knowledge, Sample, read_view, sample_hidden
from .rollout import Roller
from .tuning import tuning_of

JUDGE_SAMPLES = {2: 32, 3: 24, 4: 20, 5: 16, 6: 14}
"""Samples a judgement plays out, by players in the hand: a rollout costs more at a larger
table, so the samples fall to keep a decision under a second."""
CLEAR_ERRORS = 2.0
"""Another option replaces the hard level's choice as the best only when its expected
value is higher by more than this many standard errors of the difference."""
CONFIRM_SALT = 0x5EED_C0DE
"""Mixed into a judgement's seed for the fresh samples that confirm a departure from the
hard level's choice."""
CACHED = 16
"""Judgements kept, so the hint and the advisor asked of one moment price it once."""


@dataclass(frozen=True)
class Priced:
    """One legal action, priced."""

    action: Action
    expected: float
    """Mean value over the samples (see the glossary)."""
    error: float = 0.0
    """Standard error of this option's cost (the best option's expected less its own)."""
    beaten: float | None = None
    """For a knock: the share of samples in which it is beaten (undercut)."""


@dataclass(frozen=True)
class Judgement:
    """Every legal action of one decision, priced, best first."""

    options: tuple[Priced, ...]
    samples: int
    """Samples each option was played out over (0 for a buy-back offer, worked out)."""

    @property
    def best(self) -> Action:
        return self.options[0].action

    def option(self, action: Action) -> Priced:
        return next(o for o in self.options if o.action == action)


_cache: OrderedDict = OrderedDict()


def judge(view: PlayerView, seed: int = 0, samples: int | None = None) -> Judgement:
    """Every legal action of ``view``'s seat priced (see the glossary), best first."""
    legal = tuple(view.legal_actions)
    if not legal:
        raise ValueError("the judge prices the decision of the seat to move")
    try:
        key = (view, seed, samples)
        hash(key)
    except TypeError:  # a view holding an unhashable settlement: not cached
        key = None
    if key is not None and key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    found = _judge(view, legal, seed, samples)
    if key is not None:
        _cache[key] = found
        while len(_cache) > CACHED:
            _cache.popitem(last=False)
    return found


def _judge(view: PlayerView, legal: tuple, seed: int, samples: int | None) -> Judgement:
    if view.phase == "buy-back":
        options = [Priced(a, buy_back_value(view, a)) for a in legal]
        options.sort(key=lambda o: -o.expected)
        return Judgement(tuple(options), 0)
    knowledge = read_view(view)
    profile = profile_of(view)
    count = JUDGE_SAMPLES.get(knowledge.players, 8) if samples is None else samples
    drawn = draw_samples(knowledge, profile.id, seed, count)
    table = table_of(view, knowledge, match=not profile.session.one_deal_each)
    roller = Roller(table, hand_state(view))
    deals = [roller.deal(sample) for sample in drawn]
    values: dict[Action, list[float]] = {}
    beaten: dict[Action, float] = {}
    for action in legal:
        row = []
        lost = 0
        for deal in deals:
            value, knocked_and_beaten = roller.play(deal, action)
            row.append(value)
            lost += knocked_and_beaten
        values[action] = row
        if isinstance(action, Knock):
            beaten[action] = lost / max(len(drawn), 1)
    means = {a: sum(v) / max(len(v), 1) for a, v in values.items()}
    capped = knock_capped(view)
    order = sorted(legal, key=lambda a: (capped(a), -means[a]))
    usual = HardBot(seed=seed).choose(view)
    challenger = order[0]
    if (
        usual in values
        and challenger != usual
        and not (
            clearly_better(values[challenger], values[usual])
            and confirmed(roller, knowledge, seed, len(drawn), challenger, usual)
        )
    ):
        order.remove(usual)
        order.insert(0, usual)  # not clearly beaten: the hard level's choice stands
    best = values[order[0]]
    options = tuple(
        Priced(a, means[a], paired_error(best, values[a]), beaten.get(a)) for a in order
    )
    return Judgement(options, len(drawn))


def knock_capped(view: PlayerView) -> Callable[[Action], bool]:
    """Whether an action of ``view``'s seat is a knock above the profile's knock cap
    (never the best: see *best* in the glossary)."""
    cap = tuning_of(view.profile_id).knock_cap
    if cap is None:
        return lambda action: False
    kept = discard_points(list(view.hand), forbidden=view.taken)
    return lambda action: isinstance(action, Knock) and kept.get(action.card, 0) > cap


def draw_samples(knowledge: Knowledge, profile_id: str, seed: int, count: int) -> list[Sample]:
    """``count`` samples of the hidden cards from ``seed``, kept to the clues the hard
    level uses in the profile (see *sample* in the glossary)."""
    tuning = tuning_of(profile_id)
    return sample_hidden(
        knowledge, random.Random(seed), count, likely=tuning.likely, bound=tuning.bound
    )


def clearly_better(better: list[float], other: list[float]) -> bool:
    """Whether ``better``'s mean is above ``other``'s by more than ``CLEAR_ERRORS``
    standard errors of the sample-by-sample difference."""
    margin = (sum(better) - sum(other)) / max(len(better), 1)
    return margin > CLEAR_ERRORS * paired_error(better, other)


def confirmed(
    roller: Roller,
    knowledge: Knowledge,
    seed: int,
    count: int,
    challenger: Action,
    usual: Action,
) -> bool:
    """Whether ``challenger`` is still clearly better than ``usual`` over ``count`` fresh
    samples (see *confirmed* in the glossary)."""
    fresh = draw_samples(knowledge, roller.table.profile.id, seed ^ CONFIRM_SALT, count)
    deals = [roller.deal(sample) for sample in fresh]
    ahead = [roller.play(deal, challenger)[0] for deal in deals]
    behind = [roller.play(deal, usual)[0] for deal in deals]
    return clearly_better(ahead, behind)


def paired_error(best: list[float], other: list[float]) -> float:
    """The standard error of the mean of ``best - other`` sample by sample."""
    n = len(best)
    if n < 2:
        return 0.0
    diffs = [b - o for b, o in zip(best, other, strict=True)]
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.sqrt(spread / n)


def buy_back_value(view: PlayerView, action: Action) -> float:
    """Chips expected from buying back: an even share of the larger pot against the
    price of half the pot; staying out is worth nothing more."""
    if isinstance(action, StayOut):
        return 0.0
    pot = float(view.pot)
    price = pot / 2
    others = sum(1 for s, on in enumerate(view.active) if on and s != view.seat)
    return (pot + price) / (others + 1) - price


def hand_state(view: PlayerView) -> HandState:
    """The hand as the seat sees it, the hidden hands and the stock left empty (each
    rollout fills them from a sample)."""
    dealer = view.seats_in_hand.index(view.dealer) if view.dealer in view.seats_in_hand else 0
    return HandState(
        profile_id=view.profile_id,
        players=len(view.hand_sizes),
        dealer=dealer,
        seed=0,
        hands=[[] for _ in view.hand_sizes],
        stock=[],
        discard=list(view.discard_pile),
        to_move=view.position,
        phase=view.hand_phase,
        turn=view.turn,
        taken=view.taken,
        offer_passes=view.offer_passes,
        turns_since_empty=view.turns_since_empty,
    )


__all__ = [
    "JUDGE_SAMPLES",
    "Judgement",
    "Priced",
    "buy_back_value",
    "judge",
    "knock_capped",
    "paired_error",
]
