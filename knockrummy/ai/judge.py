"""The judge: one evaluator behind the hint, the knock advisor, the coach's review and the
expert level, so that in the same position they never disagree.

Glossary:
    sample      one guess at the hidden cards (the opponents' hands and the stock's order)
                from what the seat saw (:func:`~knockrummy.ai.inference.sample_hidden`,
                kept to the clues the hard level uses in the profile).
    rollout     one sample played out from a legal action to the end of the hand by the
                rollout policy (:mod:`.rollout`: ``greedy`` or ``patient``), valued for
                this seat (:func:`~knockrummy.ai.estimate.utility`): where the profile
                plays to a target, the change in the chance of winning the game or the
                pot, in points (:mod:`.match`); in ``poker-rum`` the hand's points.
    common      options are played out over the same samples, so the difference between
                two options is measured sample by sample (common random numbers): its
                noise is far smaller than either option's own.
    close       two options whose difference is within ``CLOSE_ERRORS`` standard errors
                (their 95% intervals overlap). Every option is played out over the first
                samples (``JUDGE_SAMPLES``); while the leader (the highest mean among the
                options still played) is close to another, the leader and the options
                close to it are played out over as many fresh samples again, up to
                ``MORE_SAMPLES`` times the first count. A clearly worse option is left
                with the samples it had.
    expected    an option's value: for the leader, its mean over all its samples; for
                any other option, the leader's value less the mean difference between
                the two over the samples the option was played out over. So the
                difference of two shown values is always a measured difference.
    error       the standard error of an option's cost: of the mean of the sample-by-sample
                difference between the best option and it, over their common samples (0
                for the best).
    best        as the profile's tuning says (:mod:`.tuning`). ``USUAL``: the hard
                level's own choice (with the judgement's seed), unless the option with the
                highest value is clearly higher: by more than ``CLEAR_ERRORS`` standard
                errors of the difference, and *confirmed*; then that option.
                ``ROLLOUTS``: the option with the highest value, except that whether to
                knock is the hard level's call (the patient rollouts wait for gin and
                expect the opponent to knock at once, which makes waiting look better
                than it is against a player who does not): where a knock is legal and
                the hard level knocks, the knock of the highest value, and where it does
                not, the other option of the highest value. A knock above the profile's
                knock cap is never the best.
    why         when another option's value is above the best's, the reason:
                ``WHY_USUAL`` (the hard level's choice stands, the other not clearly
                better), ``WHY_KNOCK`` (knocking or not is the hard level's call) or
                ``WHY_CAP`` (a knock above the cap). Words for it are the
                review's.
    confirmed   the option that looks best among many is, by chance, the one whose
                samples flattered it most (the winner's curse: with ten options, one of
                them looks two standard errors better than an equal choice about one
                time in five). So it replaces the hard level's choice only when it is
                clearly higher again over as many fresh samples, on which the two alone
                are played out.

A judgement uses only the seat's :class:`~knockrummy.engine.views.PlayerView` and a seed,
and its samples are never set by the clock: the same view and seed give the same
judgement every time.
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
"""Samples every option of a judgement is played out over first, by players in the hand
(a rollout costs more at a larger table), where the profile's tuning asks for 32 at two
players; in proportion where it asks for more (:mod:`.tuning`)."""
MORE_SAMPLES = 4
"""Where options are too close to tell apart, the judge plays the close ones out over
more samples, doubling them up to this many times the first count (see *close*)."""
CLOSE_ERRORS = 1.96
"""Two options are *close* while the leader's mean is above the other's by less than
this many standard errors of their difference (their 95% intervals overlap)."""
CLEAR_ERRORS = 2.0
"""Another option replaces the hard level's choice as the best only when its expected
value is higher by more than this many standard errors of the difference."""
CONFIRM_SALT = 0x5EED_C0DE
"""Mixed into a judgement's seed for the fresh samples that confirm a departure from the
hard level's choice."""
BATCH_SALT = 0xB47C_4ED5
"""Mixed into a judgement's seed, times the batch number, for each batch of more samples."""
CACHED = 16
"""Judgements kept, so the hint and the advisor asked of one moment price it once."""


@dataclass(frozen=True)
class Priced:
    """One legal action, priced."""

    action: Action
    expected: float
    """Its value (see *expected* in the glossary)."""
    error: float = 0.0
    """Standard error of this option's cost (the best option's expected less its own)."""
    beaten: float | None = None
    """For a knock: the share of samples in which it is beaten (undercut)."""
    samples: int = 0
    """Samples this option was played out over (0: not recorded)."""


WHY_USUAL = "usual"
"""Why the best is not the option of the highest value: the hard level's choice stands,
the other not clearly better (see *best*)."""
WHY_CAP = "cap"
"""Why the best is not the option of the highest value: that option is a knock above the
profile's knock cap."""
WHY_KNOCK = "knock"
"""Why the best is not the option of the highest value: whether to knock is the hard
level's call (see *best*), and the other option knocks where it does not, or the other
way round."""
USUAL, ROLLOUTS = "usual", "rollouts"
"""How a profile's tuning has the judge choose its best (``Tuning.judge_best``; see
*best*)."""


@dataclass(frozen=True)
class Judgement:
    """Every legal action of one decision, priced, best first."""

    options: tuple[Priced, ...]
    samples: int
    """Samples every option was played out over at least (0 for a buy-back offer,
    worked out)."""
    why: str | None = None
    """``WHY_USUAL``, ``WHY_KNOCK`` or ``WHY_CAP`` when another option's value is above
    the best's; None when the best has the highest value."""

    @property
    def best(self) -> Action:
        return self.options[0].action

    def option(self, action: Action) -> Priced:
        return next(o for o in self.options if o.action == action)


_cache: OrderedDict = OrderedDict()


def judge(
    view: PlayerView, seed: int = 0, samples: int | None = None, policy: str | None = None
) -> Judgement:
    """Every legal action of ``view``'s seat priced (see the glossary), best first. With
    ``samples``, every option is played out over exactly that many (no more where close);
    ``policy`` names the rollout policy (by default the profile's, :mod:`.tuning`)."""
    legal = tuple(view.legal_actions)
    if not legal:
        raise ValueError("the judge prices the decision of the seat to move")
    policy = tuning_of(view.profile_id).judge_policy if policy is None else policy
    try:
        key = (view, seed, samples, policy)
        hash(key)
    except TypeError:  # a view holding an unhashable settlement: not cached
        key = None
    if key is not None and key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    found = _judge(view, legal, seed, samples, policy)
    if key is not None:
        _cache[key] = found
        while len(_cache) > CACHED:
            _cache.popitem(last=False)
    return found


def _judge(
    view: PlayerView, legal: tuple, seed: int, samples: int | None, policy: str
) -> Judgement:
    if view.phase == "buy-back":
        options = [Priced(a, buy_back_value(view, a)) for a in legal]
        options.sort(key=lambda o: -o.expected)
        return Judgement(tuple(options), 0)
    knowledge = read_view(view)
    profile = profile_of(view)
    tuning = tuning_of(profile.id)
    if samples is None:
        share = tuning.judge_samples / JUDGE_SAMPLES[2]
        first = round(JUDGE_SAMPLES.get(knowledge.players, 8) * share)
    else:
        first = samples
    most = first * MORE_SAMPLES if samples is None else first
    table = table_of(view, knowledge, match=not profile.session.one_deal_each)
    roller = Roller(table, hand_state(view), policy)
    capped = knock_capped(view)
    values: dict[Action, list[float]] = {a: [] for a in legal}
    lost: dict[Action, int] = dict.fromkeys(legal, 0)
    active = list(legal)
    batch = 0
    count = first
    drawn = draw_samples(knowledge, profile.id, seed, count)
    while True:
        deals = [roller.deal(sample) for sample in drawn]
        for action in active:
            row = values[action]
            for deal in deals:
                value, knocked_and_beaten = roller.play(deal, action)
                row.append(value)
                lost[action] += knocked_and_beaten
        leader = _leader(active, values, capped)
        close = [
            a
            for a in active
            if a == leader
            or (not capped(a) and not clearly_better(values[leader], values[a], CLOSE_ERRORS))
        ]
        done = len(values[leader])
        if len(close) < 2 or done >= most or not drawn:
            break
        active = close
        batch += 1
        drawn = draw_samples(
            knowledge, profile.id, seed ^ BATCH_SALT * batch, min(done, most - done)
        )
    worth = _worth(values, leader)
    top = max((a for a in legal if not capped(a)), key=lambda a: (worth[a], -legal.index(a)))
    best = top
    knocks = [a for a in legal if isinstance(a, Knock) and not capped(a)]
    if tuning.judge_best == ROLLOUTS and knocks:
        usual = HardBot(seed=seed).choose(view)
        kind = knocks if isinstance(usual, Knock) else [a for a in legal if a not in knocks]
        best = max(kind, key=lambda a: (worth[a], -legal.index(a)))
    elif tuning.judge_best == USUAL:
        usual = HardBot(seed=seed).choose(view)
        if usual in values and usual != top:
            common = min(len(values[top]), len(values[usual]))
            ahead, behind = values[top][:common], values[usual][:common]
            if not (
                clearly_better(ahead, behind)
                and confirmed(roller, knowledge, seed, common, top, usual)
            ):
                best = usual
    highest = max(legal, key=lambda a: worth[a])
    why = None
    if worth[highest] > worth[best]:
        other = WHY_KNOCK if tuning.judge_best == ROLLOUTS else WHY_USUAL
        why = WHY_CAP if best == top else other
    rest = sorted((a for a in legal if a != best), key=lambda a: (-worth[a], legal.index(a)))
    options = tuple(
        Priced(
            a,
            worth[a],
            _error(values[best], values[a]) if a != best else 0.0,
            lost[a] / max(len(values[a]), 1) if isinstance(a, Knock) else None,
            len(values[a]),
        )
        for a in (best, *rest)
    )
    return Judgement(options, first, why)


def _leader(
    active: list[Action], values: dict[Action, list[float]], capped: Callable[[Action], bool]
) -> Action:
    """The active option of the highest mean that may be the best (the first in order
    among equals); a capped knock only when nothing else is active."""
    allowed = [a for a in active if not capped(a)] or active
    return max(allowed, key=lambda a: (sum(values[a]), -active.index(a)))


def _worth(values: dict[Action, list[float]], leader: Action) -> dict[Action, float]:
    """Each option's value (see *expected*): the leader's mean over all its samples, and
    for every other option the leader's value less the mean difference from it over the
    samples both were played out over."""
    lead = values[leader]
    mean = sum(lead) / max(len(lead), 1)
    worth = {}
    for action, row in values.items():
        n = len(row)
        if action == leader or not n:
            worth[action] = mean
            continue
        worth[action] = mean - (sum(lead[:n]) - sum(row)) / n
    return worth


def _error(best: list[float], other: list[float]) -> float:
    """The standard error of ``best``'s lead over ``other``, over their common samples."""
    common = min(len(best), len(other))
    return paired_error(best[:common], other[:common])


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


def clearly_better(better: list[float], other: list[float], errors: float = CLEAR_ERRORS) -> bool:
    """Whether ``better``'s mean is above ``other``'s by more than ``errors`` (by default
    ``CLEAR_ERRORS``) standard errors of the sample-by-sample difference, over the samples
    both were played out over."""
    common = min(len(better), len(other))
    better, other = better[:common], other[:common]
    margin = (sum(better) - sum(other)) / max(common, 1)
    return margin > errors * paired_error(better, other)


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
    "WHY_CAP",
    "WHY_KNOCK",
    "WHY_USUAL",
    "Judgement",
    "Priced",
    "buy_back_value",
    "judge",
    "knock_capped",
    "paired_error",
]
