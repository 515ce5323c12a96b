"""Hard level: reads the table, samples the hidden hands, and weighs every knock.

Glossary:
    hand value   ``-count + FUTURE_DRAWS * improvement``: a low count now, plus the
                 expected fall in count from the next draw (see :mod:`.estimate`).
    feeding      how much the next player's count would fall by taking a discard, averaged
                 over the samples; a discard that feeds an opponent's likely melds costs.
    knock test   knocking now is settled against every sample (lay-offs, undercuts, gin
                 and rum bonuses, the beaten knocker's penalty, eliminations, all by the
                 engine's own ``settle``) and compared with one sampled round of play-on;
                 where the profile's tuning says ``match`` (the gin profiles and
                 ``knock-rami``) each outcome is valued by the change in the chance of
                 winning the game or the pot (see :mod:`.match` and :mod:`.tuning`).
    race         the two-player profiles with a knock limit (``gin-rummy``,
                 ``gin-classic``): draws and discards are weighed by how soon the hand is
                 likely to reach the limit (see :mod:`.race`); the knock test is the same.
    denial       in a race, each candidate discard can be charged what the opponent's
                 race gains from taking it, times the chance it does (see :mod:`.race`):
                 the race's form of the feeding cost. Off in the level as shipped
                 (``HardConfig.deny_weight`` 0): against OpenSpiel's bot it cost hands and
                 points (``docs/strength.md``, *The race against the opponent*); the
                 research level ``hard-deny`` plays with it.
    shedding     in a race, with threat ``t`` (the chance the opponent knocks within two
                 turns after the discard), a discard is worth ``(1 - t) * (race value -
                 denial) - t * SHED_POINT * count``: when a knock is coming, the count one
                 is caught with (to undercut, or to lose less) outweighs the melds one
                 builds.
    config       the level's settings (:class:`HardConfig`): the shipped level plays
                 ``HardConfig()``; the research levels (the repository's ``research``
                 folder, never shipped) change them to measure what each piece is worth.

Where the level values knocks by the match value, keeps its samples to the bound or
weighs them by the likely play, and the count it never knocks above, are each profile's
tuning (:mod:`.tuning`). A :class:`HardConfig` with ``match``, ``bound`` or ``likely``
set to True or False (the research levels ``hard-match``, ``hard-points``, ``hard-bound``,
``hard-unbound``, ``hard-likely``, ``hard-unweighted``) plays them everywhere or nowhere.

The number of samples is fixed per table size, never by the clock, so a seed replays the
same decisions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..engine.actions import Action, Discard, DrawStock, Knock, Pass, TakeDiscard
from ..engine.cards import Card
from ..engine.deadwood import cards_deadwood
from ..engine.melds import discard_points
from ..engine.views import PlayerView
from ..language import N_
from .common import greedy_order, greedy_pick, legal_or_fail, profile_of, session_answer
from .estimate import (
    KnockEstimate,
    Table,
    estimate_knock,
    estimate_play_on,
    improvement,
)
from .inference import Knowledge, Sample, card_in_hand_chance, read_view, sample_hidden
from .race import Reply, foresight, opponent_replies, race_value
from .tuning import tuning_of

SAMPLES = {2: 40, 3: 32, 4: 28, 5: 24, 6: 20}
"""Hidden-hand samples per decision, by players in the hand (keeps decisions fast)."""
RACE_SAMPLES = 80
"""Samples per decision in a race (see :mod:`.race`): the look-ahead is cheap per sample
and its choices are only as good as the spread of hidden hands behind them."""
FEED_SAMPLES = 20
"""Samples used to price feeding the next player."""
FUTURE_DRAWS = 1.0
"""How many draws' worth of improvement a hand's potential counts for."""
FEED_COST = 0.6
"""Count points charged per point a discard lowers the next player's count."""
TAKE_PENALTY = 0.5
"""Taking the upcard tells the table what one collects; a small price."""
DISCARD_CANDIDATES = 6
"""Only the discards leaving the lowest counts are weighed in full."""
RACE_CANDIDATES = 6
"""In a race (see :mod:`.race`), the discards leaving the lowest counts that are weighed."""
RACE_TAKE_CANDIDATES = 3
"""In a race, the discards weighed after taking the upcard."""
DENY_SAMPLES = 40
"""Samples over which a race discard's denial is averaged."""
SHED_POINT = 1.25
"""Race value per point of count one is caught with when the opponent knocks: a hand won
rather than lost is worth about 80 points (its points and box bonus both ways) and about
100 of race value (a knock one draw sooner)."""


@dataclass(frozen=True)
class HardConfig:
    """How the hard level plays (see *config* in the glossary). A field left None follows
    the profile's tuning row (:mod:`.tuning`)."""

    samples: Mapping[int, int] | None = None
    """Hidden-hand samples per decision by players in the hand; None: ``SAMPLES``."""
    race_samples: int | None = None
    """Samples per decision in a race; None: ``RACE_SAMPLES``."""
    deny_weight: float = 0.0
    """Own race value given up per point of race value a discard hands the opponent
    (*denial* in the glossary); 0, off, in the shipped level."""
    shed_point: float = SHED_POINT
    """Race value per point of count one is caught with when the opponent knocks
    (*shedding* in the glossary); 0 leaves only the race value."""
    likely: bool | None = None
    """Whether samples are weighed by the likelihood of each opponent's play (the likely
    samples of :mod:`.inference`): True everywhere, False nowhere, None as the
    profile's tuning says."""
    bound: bool | None = None
    """Whether samples keep to each opponent's bound (see :mod:`.inference`): True
    everywhere, False nowhere, None as the profile's tuning says."""
    match: bool | None = None
    """Whether knocks are valued by the chance of winning the game or session (see
    :mod:`.match`) rather than the hand's points: True everywhere, False nowhere, None as
    the profile's tuning says."""


SHIPPED = HardConfig()
"""The hard level as the game seats it."""


@dataclass(frozen=True)
class Plan:
    """What the hard level weighed for one discard decision."""

    discard: Card
    """The best plain (face-up) discard."""
    deadwood: int
    """The count left after ``discard``."""
    knock_card: Card | None
    """The knock keeping the lowest count, if any knock is legal."""
    knock_deadwood: int | None
    """The count that knock keeps."""
    knock: bool
    """Whether to knock with ``knock_card``."""
    knock_estimate: KnockEstimate | None
    """The sampled value and undercut chance of that knock (when it was weighed)."""
    play_on: float | None
    """The sampled value of throwing ``discard`` and playing on (when it was weighed)."""


def table_of(view: PlayerView, knowledge: Knowledge, match: bool = False) -> Table:
    """The public facts the estimates need, by position; ``match`` values hands by the
    chance of winning the game where it applies (see :func:`.estimate.utility`)."""
    scores = tuple(float(view.scores[seat]) for seat in view.seats_in_hand)
    return Table(
        profile=profile_of(view),
        me=knowledge.me,
        scores=scores,
        turn=view.turn,
        players=knowledge.players,
        match=match,
        hands_left=max(len(view.scores) - view.hand_number + 1, 1),
    )


@dataclass(frozen=True)
class Race:
    """A hand that is a race to a knock (see :mod:`.race`)."""

    limit: int
    """The knock limit."""
    opponent: int
    """The opponent's position in the hand."""


def race_of(view: PlayerView, knowledge: Knowledge) -> Race | None:
    """The race to a knock, where the profile is one (two players, a knock limit, no
    jokers); otherwise None and the one-round estimates decide."""
    profile = profile_of(view)
    if knowledge.players != 2 or profile.knock_limit is None or profile.jokers:
        return None
    return Race(profile.knock_limit, knowledge.opponents[0])


def stock_chances(knowledge: Knowledge, samples: list[Sample]) -> list[float]:
    """Per unseen card, the chance it is in the stock (not in an opponent's hand)."""
    in_hand = card_in_hand_chance(knowledge, samples)
    return [1.0 - in_hand[card] for card in knowledge.unseen]


class HardBot:
    """Infers the opponents' hands from the table and plays each profile's scoring."""

    name = "hard"
    description = N_(
        "Watches what you pick up and throw, keeps the cards likeliest to meld soon, and "
        "knocks when the odds say so."
    )

    def __init__(self, seed: int = 0, config: HardConfig = SHIPPED) -> None:
        self.rng = random.Random(seed)
        self.config = config

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``."""
        legal = legal_or_fail(view)
        if view.phase == "buy-back":
            return session_answer(view, legal, always=False)
        if len(legal) == 1:
            return legal[0]
        knowledge = read_view(view)
        samples = self.decision_samples(view, knowledge)
        if view.hand_phase == "discard":
            return self.discard_choice(view, knowledge, samples, legal)
        return self.draw_choice(view, knowledge, samples, legal)

    def decision_samples(self, view: PlayerView, knowledge: Knowledge) -> list[Sample]:
        """The samples one decision weighs: as many as the table size (or the race) asks
        for, kept to the clues the profile uses."""
        config = self.config
        count = (SAMPLES if config.samples is None else config.samples).get(knowledge.players, 20)
        if race_of(view, knowledge) is not None:
            count = RACE_SAMPLES if config.race_samples is None else config.race_samples
        tuning = tuning_of(profile_of(view).id)
        bound = tuning.bound if config.bound is None else config.bound
        likely = tuning.likely if config.likely is None else config.likely
        return self.sample(knowledge, count, likely=likely, bound=bound)

    def sample(
        self, knowledge: Knowledge, count: int, likely: bool, bound: bool = False
    ) -> list[Sample]:
        """The decision's samples of the hidden cards (see :func:`.inference.sample_hidden`)."""
        return sample_hidden(knowledge, self.rng, count, likely=likely, bound=bound)

    def knock_samples(self, samples: list[Sample]) -> list[Sample]:
        """The samples the knock test weighs: the decision's own."""
        return samples

    # --- drawing ------------------------------------------------------------------------

    def draw_choice(
        self, view: PlayerView, knowledge: Knowledge, samples: list[Sample], legal: list[Action]
    ) -> Action:
        """Take the upcard when the hand it makes is worth more than a blind draw."""
        if TakeDiscard() not in legal or not view.discard_pile:
            return DrawStock() if DrawStock() in legal else legal[0]
        upcard = view.discard_pile[-1]
        hand = list(view.hand)
        after = discard_points([*hand, upcard], forbidden=upcard)
        race = race_of(view, knowledge)
        if race is not None and after and (DrawStock() in legal or view.hand_phase == "offer"):
            if self.race_take(view, samples, race, after):
                return TakeDiscard()
            return DrawStock() if DrawStock() in legal else Pass()
        if not after:
            return DrawStock() if DrawStock() in legal else legal[0]
        if Pass() in legal and DrawStock() not in legal and view.hand_phase == "draw":
            # Stock empty: passing ends the hand; take only a card that helps.
            return TakeDiscard() if min(after.values()) < cards_deadwood(hand) else Pass()
        chances = stock_chances(knowledge, samples)
        throw = greedy_pick(after)
        kept = [*hand, upcard]
        kept.remove(throw)
        take_value = -after[throw] + FUTURE_DRAWS * improvement(kept, knowledge.unseen, chances)
        draw_value = -cards_deadwood(hand) + (1.0 + FUTURE_DRAWS) * improvement(
            hand, knowledge.unseen, chances
        )
        if take_value > draw_value + TAKE_PENALTY:
            return TakeDiscard()
        if DrawStock() in legal:
            return DrawStock()
        return Pass() if Pass() in legal else legal[0]

    # --- discarding and knocking -----------------------------------------------------------

    def _feeding(self, knowledge: Knowledge, samples: list[Sample], card: Card) -> float:
        """Mean fall in the next player's count if they took ``card``."""
        nxt = knowledge.opponents[0]
        total = 0
        used = samples[:FEED_SAMPLES]
        for sample in used:
            theirs = list(sample.hands[nxt])
            now = cards_deadwood(theirs)
            after = discard_points([*theirs, card], forbidden=card)
            if after:
                total += max(0, now - min(after.values()))
        return total / max(len(used), 1)

    def plan(
        self, view: PlayerView, knowledge: Knowledge, samples: list[Sample], legal: list[Action]
    ) -> Plan:
        """Weigh the discards and, where a knock is legal, knocking against playing on."""
        hand = list(view.hand)
        options = discard_points(hand, forbidden=view.taken)
        ranked = greedy_order(options)
        race = race_of(view, knowledge)
        if race is None:
            best_card = self.plain_discard(hand, knowledge, samples, options, ranked)
        else:
            best_card = self.race_discard(hand, samples, race, options, ranked)
        knock_card = next((c for c in ranked if Knock(c) in legal), None)
        plan = Plan(best_card, options[best_card], knock_card, None, False, None, None)
        if knock_card is None:
            return plan
        plan = replace(plan, knock_deadwood=options[knock_card])
        if options[knock_card] == 0:
            return replace(plan, knock=True)  # gin or rum: nothing beats it
        tuning = tuning_of(profile_of(view).id)
        if tuning.knock_cap is not None and options[knock_card] > tuning.knock_cap:
            return plan
        match = tuning.match if self.config.match is None else self.config.match
        table = table_of(view, knowledge, match=match)
        kept_knock = list(hand)
        kept_knock.remove(knock_card)
        samples = self.knock_samples(samples)
        knock = estimate_knock(table, samples, kept_knock)
        kept = list(hand)
        kept.remove(best_card)
        play_on = estimate_play_on(table, samples, kept, best_card)
        return replace(plan, knock=knock.value >= play_on, knock_estimate=knock, play_on=play_on)

    def plain_discard(
        self,
        hand: list[Card],
        knowledge: Knowledge,
        samples: list[Sample],
        options: dict[Card, int],
        ranked: list[Card],
    ) -> Card:
        """The discard with the best hand value, less the cost of feeding the next player."""
        chances = stock_chances(knowledge, samples)
        best_card = ranked[0]
        best_value = None
        for card in ranked[:DISCARD_CANDIDATES]:
            if options[card] > options[ranked[0]] + 12:
                break
            kept = list(hand)
            kept.remove(card)
            value = -options[card] + FUTURE_DRAWS * improvement(kept, knowledge.unseen, chances)
            value -= FEED_COST * self._feeding(knowledge, samples, card)
            if best_value is None or value > best_value:
                best_card, best_value = card, value
        return best_card

    def race_discard(
        self,
        hand: list[Card],
        samples: list[Sample],
        race: Race,
        options: dict[Card, int],
        ranked: list[Card],
    ) -> Card:
        """In a race, the lowest-count discard leaving the best race value, less its
        :meth:`race_charges`."""
        values = {}
        for card in ranked[:RACE_CANDIDATES]:
            kept = list(hand)
            kept.remove(card)
            values[card] = race_value(foresight(samples, kept, race.limit), options[card])
        if self.config.deny_weight or self.config.shed_point:
            replies = opponent_replies(
                self.denial_samples(samples, race),
                race.opponent,
                race.limit,
                list(values),
                deny=bool(self.config.deny_weight),
            )
            for card, reply in replies.items():
                values[card] = self.race_worth(values[card], reply, options[card])
        return max(values, key=lambda c: (values[c], -options[c], c.points, -c.code))

    def race_worth(self, value: float, reply: Reply, count: int) -> float:
        """A race discard's worth: its race value less its denial, and weighed against
        the count it leaves by the opponent's threat (see the glossary)."""
        deny_weight, shed_point = self.config.deny_weight, self.config.shed_point
        value -= deny_weight * reply.denial
        threat = reply.threat if shed_point else 0.0
        return (1.0 - threat) * value - threat * shed_point * count

    def denial_samples(self, samples: list[Sample], race: Race) -> list[Sample]:
        """The samples denial is priced on: the first ``DENY_SAMPLES``."""
        return samples[:DENY_SAMPLES]

    def race_take(
        self, view: PlayerView, samples: list[Sample], race: Race, after: dict[Card, int]
    ) -> bool:
        """Whether taking the upcard gives a better race than a blind draw: the best of
        the lowest-count discards after taking it, against, in each sample, drawing its
        top stock card and throwing the card leaving the lowest count."""
        hand = list(view.hand)
        upcard = view.discard_pile[-1]
        ranked = greedy_order(after)
        take = max(
            race_value(
                foresight(samples, [c for c in (*hand, upcard) if c != card], race.limit),
                after[card],
            )
            for card in ranked[:RACE_TAKE_CANDIDATES]
        )
        draw = 0.0
        memo: dict[int, int] = {}
        for sample in samples:
            drawn = sample.stock[-1]
            options = discard_points([*hand, drawn])
            card = greedy_pick(options)
            kept = [c for c in (*hand, drawn) if c != card]
            rest = Sample(sample.hands, sample.stock[:-2])
            draw += race_value(foresight([rest], kept, race.limit, memo=memo), options[card])
        return take > draw / max(len(samples), 1)

    def discard_choice(
        self, view: PlayerView, knowledge: Knowledge, samples: list[Sample], legal: list[Action]
    ) -> Action:
        """The planned knock, or the planned plain discard."""
        plan = self.plan(view, knowledge, samples, legal)
        if plan.knock and plan.knock_card is not None:
            return Knock(plan.knock_card)
        return Discard(plan.discard)
