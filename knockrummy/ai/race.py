"""The race to a knock, for the two-player profiles with a knock limit.

In ``gin-rummy`` and ``gin-classic`` a hand is a race: the first player down to the
knock limit usually takes it. The count after a discard says little about how soon a
hand gets there: a pair or a two-card run that one draw completes is worth more than its
points. So the hard level looks a few draws ahead in every sample of the hidden cards and
keeps the hand most likely to knock soon.

Glossary:
    clairvoyant count   the least count of the best ten (or more) of the cards held and
                the cards drawn so far: what a player who knew the coming draws would keep.
                Optimistic, but it sees pairs and two-card runs that greedy play cannot.
    outlook     for each of the seat's next few draws, the chance its clairvoyant count
                is at most the knock limit, the chance it is 0 (gin), and its mean.
    wall        the gin profiles stop the hand as a draw when a discard leaves two cards
                or fewer in the stock, so the seat gets about half the stock left.
    race value  ``100 * (sum of knock chances) + GIN_WEIGHT * 100 * (sum of gin chances)
                - COUNT_WEIGHT * count now``: roughly, the draws saved, with the count and
                gin as tie-breaks that also pay points.
    common samples  every choice is weighed against the same samples, so the comparison
                between two choices is not drowned by the luck of the draw.
    take model  what the hard level expects of the opponent: it takes an upcard that
                joins any meld with its hand or lets it knock at once (Neller's simple
                player takes the first kind, OpenSpiel's the second as well), then throws
                its highest-ranked card among those leaving the least count.
    denial      a discard's charge: over the samples, the opponent's race value after
                taking it (where the take model takes it) less its race value after a
                blind draw; the mean is the chance of the take times what it gains.
    threat      after a discard, the chance the opponent can knock within its next two
                turns: at once after its take or draw, or (clairvoyantly) after one more.

Hands are bit masks (``1 << code``) and counts come from the engine's run tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations

from ..engine.cards import Card, cards_mask
from ..engine.deadwood import run_points, set_keep_masks
from ..engine.hand import TWO_LEFT
from ..engine.melds import discard_points
from .inference import Sample, joins_meld

DRAWS = 3
"""How many of the seat's own draws the outlook looks ahead."""
SETS = 5
"""Disjoint runs of draws taken from each sample's (randomly ordered) stock."""
GIN_WEIGHT = 0.3
COUNT_WEIGHT = 0.3
DENY_SETS = 2
"""Runs of draws per sample in the opponent's race value when pricing denial."""
_BIG = 10_000
_ALL = (1 << 52) - 1
_TWO_SUITS = (1 << 26) - 1


# --- clairvoyant draws ------------------------------------------------------------------


DROPS = 4
"""Most cards :func:`best_keep` may drop."""


@cache
def _suit_drops(suit: int) -> tuple[int, ...]:
    """For one 13-bit suit mask: the least run-only deadwood after dropping at most
    0, 1, .. ``DROPS`` of its cards."""
    cards = [1 << r for r in range(13) if suit >> r & 1]
    out = [run_points(suit)]
    for k in range(1, DROPS + 1):
        exact = [run_points(suit ^ sum(c)) for c in combinations(cards, k)]
        out.append(min([out[-1], *exact]))
    return tuple(out)


@lru_cache(maxsize=1 << 18)
def _pair_drops(pair: int) -> tuple[int, ...]:
    """``_suit_drops`` for two suits at once (a 26-bit mask): the drops shared between
    them as well as they can be."""
    low = _suit_drops(pair & 8191)
    high = _suit_drops(pair >> 13)
    out = []
    for k in range(DROPS + 1):
        best = low[0] + high[k]
        for j in range(1, k + 1):
            if low[j] + high[k - j] < best:
                best = low[j] + high[k - j]
        out.append(best)
    return tuple(out)


def best_keep(mask: int, drop: int) -> int:
    """The least deadwood of the hand ``mask`` after dropping at most ``drop`` (0..4) of
    its cards: the count a player would reach who knew which cards were coming."""
    s0, s1, s2, s3 = mask & 8191, mask >> 13 & 8191, mask >> 26 & 8191, mask >> 39
    trip = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    keeps = set_keep_masks(mask) if trip else (_ALL,)
    best = _BIG
    # Set cards are melded and never worth dropping; the rest is a sum over suits.
    for keep in keeps:
        kept = mask & keep
        low = _pair_drops(kept & _TWO_SUITS)
        high = _pair_drops(kept >> 26)
        for j in range(drop + 1):
            total = low[j] + high[drop - j]
            if total < best:
                best = total
    return best


@dataclass(frozen=True)
class Outlook:
    """Where a hand may be after each of this seat's next draws (index 0: after one)."""

    knock: tuple[float, ...]
    """Chance the count is at most the knock limit."""
    gin: tuple[float, ...]
    """Chance the count is 0."""
    count: tuple[float, ...]
    """Mean count."""


def foresight(
    samples: Sequence[Sample],
    kept: Sequence[Card],
    limit: int,
    draws: int | None = None,
    sets: int | None = None,
    memo: dict[int, int] | None = None,
    stride: int | None = None,
) -> Outlook:
    """The :class:`Outlook` of the hand ``kept`` over this seat's next ``draws`` (default
    ``DRAWS``) stock draws, each count clairvoyant (the best hand of the cards held and
    drawn so far).

    Each sample's stock is in random order, so it yields ``sets`` (default ``SETS``)
    disjoint runs of draws, each starting ``stride`` (default ``draws``) cards below the
    last: with ``draws=1, stride=DRAWS`` the outlook's first step alone, as the full one
    has it. Draws the wall would stop (the seat gets about half of the stock) are not made.
    The same cards drawn come up in many samples: their counts are kept in ``memo``
    (pass one dict to share it between calls about hands of the same size).
    """
    memo = {} if memo is None else memo
    draws = DRAWS if draws is None else draws
    sets = SETS if sets is None else sets
    stride = draws if stride is None else stride
    mine = cards_mask(kept)
    knock = [0] * draws
    gin = [0] * draws
    count = [0] * draws
    n = 0
    for sample in samples:
        stock = sample.stock
        mine_left = max((len(stock) - TWO_LEFT + 1) // 2, 0)
        for first in range(len(stock) - 1, len(stock) - 1 - sets * stride, -stride):
            if first < stride - 1 and n:
                break
            n += 1
            hand = mine
            made = 0
            for k in range(draws):
                index = first - k
                if k < mine_left and index >= 0:
                    hand |= 1 << stock[index].code
                    made += 1
                key = hand << 3 | made
                points = memo.get(key)
                if points is None:
                    points = memo[key] = best_keep(hand, made)
                count[k] += points
                if points <= limit:
                    knock[k] += 1
                    if points == 0:
                        gin[k] += 1
    n = max(n, 1)
    return Outlook(
        tuple(k / n for k in knock), tuple(g / n for g in gin), tuple(c / n for c in count)
    )


def race_value(outlook: Outlook, count: int) -> float:
    """The race value of a hand (see the glossary)."""
    return 100.0 * sum(outlook.knock) + GIN_WEIGHT * 100.0 * sum(outlook.gin) - COUNT_WEIGHT * count


# --- denial -------------------------------------------------------------------------------


def greedy_throw(hand: Sequence[Card], forbidden: Card | None = None) -> tuple[Card, int]:
    """The take model's discard from ``hand`` (one card over): the highest-ranked card
    among those leaving the lowest count, and that count."""
    options = discard_points(list(hand), forbidden=forbidden)
    low = min(options.values())
    card = max((c for c in options if options[c] == low), key=lambda c: (c.rank, c.code))
    return card, low


def takes_upcard(hand: Sequence[Card], upcard: Card, limit: int) -> bool:
    """Whether the take model takes ``upcard`` into ``hand``: it joins a meld, or taking
    it lets the hand knock at once."""
    if joins_meld(upcard, cards_mask(hand), sum(1 for c in hand if c.is_joker)):
        return True
    options = discard_points([*hand, upcard], forbidden=upcard)
    return bool(options) and min(options.values()) <= limit


@dataclass(frozen=True)
class Reply:
    """What one discard hands the opponent, over the samples (see the glossary)."""

    denial: float
    """The mean race value the opponent gains by taking the card."""
    threat: float
    """The chance the opponent can knock within its next two turns."""


def _threat(outlook: Outlook, count: int, limit: int) -> float:
    return 1.0 if count <= limit else outlook.knock[0]


def _reply(
    sample: Sample, hand: Sequence[Card], count: int, limit: int, deny: bool, memo: dict[int, int]
) -> tuple[float, float]:
    """The opponent's race value (0 unless ``deny``) and threat holding ``hand``."""
    if not deny:
        if count <= limit:
            return 0.0, 1.0
        first = foresight([sample], hand, limit, 1, DENY_SETS, memo, stride=DRAWS)
        return 0.0, first.knock[0]
    outlook = foresight([sample], hand, limit, sets=DENY_SETS, memo=memo)
    return race_value(outlook, count), _threat(outlook, count, limit)


def opponent_replies(
    samples: Sequence[Sample],
    opponent: int,
    limit: int,
    cards: Sequence[Card],
    deny: bool = True,
) -> dict[Card, Reply]:
    """Per card in ``cards``, its :class:`Reply` from the opponent at position
    ``opponent``, over ``samples``; without ``deny`` only the threats are worked out
    (every denial is 0)."""
    memo: dict[int, int] = {}
    blind: list[tuple[float, float] | None] = []
    for sample in samples:
        if not sample.stock:
            blind.append(None)
            continue
        drawn = [*sample.hands[opponent], sample.stock[-1]]
        thrown, count = greedy_throw(drawn)
        drawn.remove(thrown)
        rest = Sample(sample.hands, sample.stock[:-1])
        blind.append(_reply(rest, drawn, count, limit, deny, memo))
    replies = {}
    n = max(len(samples), 1)
    for card in cards:
        gain = 0.0
        threat = 0.0
        for sample, without in zip(samples, blind, strict=True):
            if without is None:
                continue
            theirs = sample.hands[opponent]
            if not takes_upcard(theirs, card, limit):
                threat += without[1]
                continue
            taken = [*theirs, card]
            thrown, count = greedy_throw(taken, forbidden=card)
            taken.remove(thrown)
            value, danger = _reply(sample, taken, count, limit, deny, memo)
            gain += value - without[0]
            threat += danger
        replies[card] = Reply(gain / n, threat / n)
    return replies
