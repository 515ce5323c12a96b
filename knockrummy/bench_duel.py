"""Racing a greedy player that takes what melds: ``knockrummy bench duel``.

OpenSpiel's SimpleGinRummyBot, the anchor of ``knockrummy bench openspiel``, knocks as soon
as it can, so a hand against it is a race to the knock limit. Alone (``bench race``) the
hard level is about one draw faster than a greedy player, yet it wins under 60% of the
anchor's hands. This duel, in our own engine, shows where the difference goes: the greedy
player picks up the discards that complete its melds. It also measures what denying it
those cards could be worth, by letting one bench-only copy of the hard level see the
greedy player's hand when it prices a discard.

Glossary:
    greedy racer  plays as SimpleGinRummyBot does: takes the upcard when the card would
                  sit in a meld or allow a knock, otherwise draws; throws its
                  highest-ranked unmelded card; knocks as soon as it can.
    reached       a discard leaves its player's count at or below the knock limit; the
                  first player to reach wins the race and the hand stops there.
    race gain     how much taking a card helps the racer: its race value (see
                  :mod:`.ai.race`) after taking the card and throwing greedily, less its
                  race value after drawing blind instead, in each sample where the racer
                  would take the card; zero where it would not.
    denying       ``hard-denying``: the hard level with each candidate discard charged the
                  racer's mean race gain over the sampled hidden hands.
    sighted       ``hard-sighted``: the same charge worked out on the racer's true hand.
                  It sees a hidden hand, so it exists only here, never as a seat.
                  ``hard-sighted-NN`` sees each of the racer's cards with chance NN%
                  and, in each sample, a card the racer does not hold in place of the
                  rest: how much a better guess at the racer's hand would be worth.
    paired        every level plays the same deals from the same seats with the same bot
                  seed; a hand scores 1 when the level reaches first, 0 when the racer
                  does, 0.5 when the stock runs down first, and the difference from the
                  first level has its 95% interval over the per-hand differences.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .ai import load_external_bot
from .ai.hard import HardBot, Race
from .ai.inference import Sample
from .ai.race import foresight, race_value
from .bench_ai import wilson
from .bench_race import check_levels, decision_ms, paired_difference, run_command
from .engine.actions import Action, Discard, DrawStock, Knock, Pass, TakeDiscard
from .engine.cards import Card
from .engine.hand import hand_points
from .engine.melds import discard_points
from .engine.profiles import get_profile
from .engine.session import apply, new_session
from .engine.views import PlayerView, player_view

DENY_SAMPLES = 40
"""Samples over which the racer's race gain is averaged."""
DENY_SETS = 2
"""Runs of draws per sample in the racer's race value."""


def melds_with(hand: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` would sit in a meld of the best arrangement of ``hand`` plus it."""
    return hand_points([*hand, card]) < hand_points(list(hand)) + card.points


def greedy_throw(hand: Sequence[Card], forbidden: Card | None = None) -> tuple[Card, int]:
    """The racer's discard from ``hand`` (one card over): the highest-ranked card among
    those leaving the lowest count, and that count."""
    options = discard_points(list(hand), forbidden=forbidden)
    low = min(options.values())
    card = max((c for c in options if options[c] == low), key=lambda c: (c.rank, c.code))
    return card, low


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
    """The hard level with its race discards charged the racer's race gain (see the
    glossary). With ``sight`` it prices that charge on ``racer_hand``, which only this
    bench sets: each of the racer's cards is seen with chance ``sight`` and otherwise
    replaced, in each sample, by a card it does not hold."""

    def __init__(self, seed: int = 0, sight: float | None = None) -> None:
        super().__init__(seed=seed)
        if sight is not None and not 0.0 < sight <= 1.0:
            raise ValueError(f"sight must be a share above 0 and at most 1, not {sight}")
        self.sight = sight
        self.racer_hand: tuple[Card, ...] | None = None
        self._racer = 1
        self._sight_rng = random.Random(seed + 99)

    def choose(self, view: PlayerView) -> Action:
        if view.position is not None:
            self._racer = 1 - view.position
        return super().choose(view)

    def _denial_samples(self, samples: list[Sample]) -> list[Sample]:
        used = samples[:DENY_SAMPLES]
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

    def race_charges(
        self, samples: list[Sample], race: Race, cards: list[Card]
    ) -> dict[Card, float]:
        """Per candidate discard, the racer's mean race gain from taking it."""
        limit = race.limit
        used = self._denial_samples(samples)
        memo: dict[int, int] = {}
        blind = []
        for sample in used:
            if not sample.stock:
                blind.append(None)
                continue
            drawn = [*sample.hands[self._racer], sample.stock[-1]]
            thrown, count = greedy_throw(drawn)
            drawn.remove(thrown)
            rest = Sample(sample.hands, sample.stock[:-1])
            outlook = foresight([rest], drawn, limit, sets=DENY_SETS, memo=memo)
            blind.append(race_value(outlook, count))
        charges = {}
        for card in cards:
            gain = 0.0
            for sample, without in zip(used, blind, strict=True):
                theirs = list(sample.hands[self._racer])
                if without is None or not racer_takes(theirs, card, limit):
                    continue
                taken = [*theirs, card]
                thrown, count = greedy_throw(taken, forbidden=card)
                taken.remove(thrown)
                outlook = foresight([sample], taken, limit, sets=DENY_SETS, memo=memo)
                gain += race_value(outlook, count) - without
            charges[card] = gain / max(len(used), 1)
        return charges


def make_level(level: str, seed: int) -> Any:
    """A level of the game, an external bot spec, or one of this bench's levels:
    ``hard-denying``, ``hard-sighted`` and ``hard-sighted-NN`` (each of the racer's cards
    seen with chance NN%)."""
    if level == "hard-denying":
        return DenyingHardBot(seed=seed)
    if level == "hard-sighted":
        return DenyingHardBot(seed=seed, sight=1.0)
    if level.startswith("hard-sighted-"):
        share = level.removeprefix("hard-sighted-")
        if not share.isdigit() or not 1 <= int(share) <= 99:
            raise ValueError(f"{level}: give the share seen as a whole percent, 1 to 99")
        return DenyingHardBot(seed=seed, sight=int(share) / 100)
    return load_external_bot(level, seed=seed)


@dataclass(frozen=True)
class Duel:
    """One hand of a level against the racer."""

    score: float
    """1 when the level reached first, 0 when the racer did, 0.5 when neither did."""
    level_takes: int
    """Upcards the level took."""
    racer_takes: int
    """Upcards the racer took."""
    times: tuple[float, ...]
    """Seconds each of the level's decisions took."""


def duel(profile_id: str, level: str, deal: int, seat: int) -> Duel:
    """Deal ``deal`` (a session seed) with ``level`` at ``seat`` and the racer opposite."""
    limit = get_profile(profile_id).knock_limit
    if limit is None:
        raise ValueError(f"{profile_id} has no knock limit to race to")
    state = new_session(profile_id, 2, deal)
    bot = make_level(level, seed=deal * 2 + seat)
    racer = GreedyRacer(limit)
    takes = {True: 0, False: 0}
    times: list[float] = []
    score = 0.5
    while state.to_move is not None:  # None once the hand is over
        mover = state.to_move
        view = player_view(state, mover)
        mine = mover == seat
        if mine:
            if isinstance(bot, DenyingHardBot) and bot.sight and view.position is not None:
                bot.racer_hand = tuple(state.hand.hands[1 - view.position])
            start = time.perf_counter()
            action = bot.choose(view)
            times.append(time.perf_counter() - start)
        else:
            action = racer.choose(view)
        takes[mine] += isinstance(action, TakeDiscard)
        if isinstance(action, (Discard, Knock)):
            kept = list(view.hand)
            kept.remove(action.card)
            if hand_points(kept) <= limit:
                score = 1.0 if mine else 0.0
                break
        state, _ = apply(state, action, mover)
    return Duel(score, takes[True], takes[False], tuple(times))


def bench(profile_id: str, levels: Sequence[str], deals: int, seed: int) -> dict[str, Any]:
    """Every level against the racer on deals ``seed .. seed + deals - 1``, both seats."""
    check_levels(levels)
    results: dict[str, list[Duel]] = {}
    for level in levels:
        results[level] = [
            duel(profile_id, level, deal, seat)
            for deal in range(seed, seed + deals)
            for seat in (0, 1)
        ]
    first = [d.score for d in results[levels[0]]]
    rows = []
    for level, played in results.items():
        scores = [d.score for d in played]
        vs_first, vs_first_95 = paired_difference(scores, first)
        won = sum(1 for s in scores if s == 1.0)
        decided = sum(1 for s in scores if s != 0.5)
        low, high = wilson(won, decided) if decided else (0.0, 0.0)
        spent = [t for d in played for t in d.times]
        rows.append(
            {
                "level": level,
                "hands": len(played),
                "decided": decided,
                "first_share": round(won / decided, 4) if decided else None,
                "first_share_95": [round(low, 4), round(high, 4)],
                "vs_first": vs_first,
                "vs_first_95": vs_first_95,
                "level_takes": sum(d.level_takes for d in played),
                "racer_takes": sum(d.racer_takes for d in played),
                **decision_ms(spent),
            }
        )
    return {"profile": profile_id, "seed": seed, "deals": deals, "levels": rows}


def _table(result: dict[str, Any]) -> str:
    lines = [
        f"{result['profile']}: first to the knock limit against the greedy racer, "
        f"{result['deals']} deals from both seats (seed {result['seed']})"
    ]
    first = result["levels"][0]["level"]
    for row in result["levels"]:
        share = row["first_share"]
        low, high = row["first_share_95"]
        d_low, d_high = row["vs_first_95"]
        shown = "-" if share is None else f"{share:.1%} [{low:.1%}, {high:.1%}]"
        lines.append(
            f"  {row['level']}: first in {shown} of {row['decided']} decided hands; "
            f"against {first} {row['vs_first']:+.3f} [{d_low:+.3f}, {d_high:+.3f}] per hand; "
            f"upcards taken {row['level_takes']}, by the racer {row['racer_takes']}; "
            f"decisions p50 {row['decision_ms_p50']:.2f} ms, p95 {row['decision_ms_p95']:.2f} ms"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    return run_command(
        argv,
        prog="knockrummy bench duel",
        description="Each level against a greedy racer that takes what melds, on the same deals.",
        levels=(
            "hard,hard-denying,hard-sighted",
            "comma-separated levels, package.module:ClassName, or this bench's "
            "hard-denying and hard-sighted (compared with the first)",
        ),
        deals=200,
        bench=bench,
        table=_table,
    )
