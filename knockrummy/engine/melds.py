"""Exact meld solver: the minimum-deadwood arrangements of a hand, melds spelled out.

Glossary:
    meld         a *set* (3 or 4 cards of one rank) or a *run* (3+ consecutive ranks of one
                 suit, aces low). A joker may stand in for one card of a meld.
    deadwood     the cards left out of every meld; their points are what a hand counts.
    arrangement  disjoint melds plus the deadwood that remains.
    joker meld   a meld holding one joker and at least two real cards. Its validity is by
                 pattern only: the joker may stand for a card whose real twin is elsewhere.
    guided walk  building arrangements card by card, following only the choices after
                 which :func:`deadwood_points` says the optimum is still reachable.
    block        a maximal stretch of consecutive ranks held in one suit.
    direct path  every optimal arrangement of a jokerless hand is, up to splitting a
                 run, one choice of sets (one keep-mask) reaching the least count: those
                 sets, every block of 3 or more remaining cards as one run, the rest
                 deadwood. :func:`best_arrangement` builds it without the walk, from a
                 table of each suit's blocks and a table of each trip-rank holding's set
                 choices; where several choices tie it picks the one the walk would find
                 first. Only hands with jokers are walked.

The counting itself lives in :mod:`knockrummy.engine.deadwood` and lay-offs in
:mod:`knockrummy.engine.layoffs`; the counting functions are re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Any, NamedTuple

from knockrummy.engine.cards import CARDS, JOKER, JOKER_CODE, JOKER_POINTS, Card
from knockrummy.engine.deadwood import (
    _RUN0,
    EVERY_SUIT,
    MAX_JOKERS,
    SUIT,
    SUIT_BITS,
    MeldError,
    deadwood_points,
    discard_points,
    set_keep_masks,
    split_hand,
    suit_masks,
)

__all__ = [
    "MAX_JOKERS",
    "Arrangement",
    "MeldError",
    "best_arrangement",
    "best_arrangements",
    "deadwood_points",
    "discard_points",
    "is_meld",
    "split_hand",
]

_POINTS = tuple(card.points for card in CARDS) + (JOKER_POINTS,)


def _span(low: int, high: int) -> int:
    """Bits ``low..high`` inclusive."""
    return (1 << (high + 1)) - (1 << low)


class Arrangement(NamedTuple):
    """One way to lay out a hand: melds plus deadwood.

    A named tuple rather than a frozen dataclass: the solver makes one for every hand it
    is asked about, and a tuple is made in half the time of a frozen instance."""

    melds: tuple[tuple[Card, ...], ...]
    """Runs sorted by rank (a joker at the rank it stands for), sets by suit (joker last);
    melds ordered by their sorted card codes."""
    deadwood: tuple[Card, ...]
    """The unmatched cards, sorted (jokers last)."""
    points: int
    """Deadwood points: the sum of the deadwood cards' values."""


def is_meld(cards: Iterable[Card]) -> bool:
    """Whether the cards form one valid set or run (at most one joker, two real cards)."""
    cards = list(cards)
    real = [card for card in cards if card.code != JOKER_CODE]
    jokers = len(cards) - len(real)
    if len(cards) < 3 or jokers > 1 or len(real) < 2:
        return False
    if len({card.code for card in real}) != len(real):
        return False
    if len({card.rank for card in real}) == 1:
        return len(cards) <= 4
    if len({card.suit for card in real}) != 1:
        return False
    low = min(card.rank for card in real)
    high = max(card.rank for card in real)
    span = high - low + 1
    if span == len(cards):
        return True
    # A joker at one end: it must still fall inside A..K.
    return jokers == 1 and span == len(real) and (low > 1 or high < 13)


def _ordered_meld(real: int, joker: bool) -> tuple[Card, ...]:
    """A meld's cards in display order; a run's joker sits at the rank it stands for."""
    cards = [CARDS[code] for code in range(52) if real >> code & 1]
    if not joker:
        return tuple(cards)
    if not _is_run(real):
        return (*cards, JOKER)
    ranks = [card.rank for card in cards]
    for k in range(1, len(ranks)):
        if ranks[k] != ranks[k - 1] + 1:
            return (*cards[:k], JOKER, *cards[k:])
    return (*cards, JOKER) if ranks[-1] < 13 else (JOKER, *cards)


def _meld_key(meld: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(sorted(card.code for card in meld))


def _candidates(rest: int, jokers: int) -> list[tuple[int, bool]]:
    """Melds holding the lowest card of ``rest`` and otherwise cards of ``rest``.

    Each is ``(real cards mask, uses a joker)``; longer plain melds come first so the
    first optimal choice found keeps runs whole.
    """
    low = rest & -rest
    code = low.bit_length() - 1
    suit, rank = divmod(code, 13)
    out: list[tuple[int, bool]] = []
    top = rank
    while top < 12 and rest >> (suit * 13 + top + 1) & 1:
        top += 1
    base = suit * 13
    for high in range(top, rank + 1, -1):
        out.append((_span(base + rank, base + high), False))
    others = [1 << (s * 13 + rank) for s in range(4) if s != suit and rest >> (s * 13 + rank) & 1]
    sets = []
    for sub in range(1, 1 << len(others)):
        bits = low
        for k, bit in enumerate(others):
            if sub >> k & 1:
                bits |= bit
        sets.append(bits)
    sets.sort(key=lambda bits: -bits.bit_count())
    out.extend((bits, False) for bits in sets if bits.bit_count() >= 3)
    if jokers:
        for high in range(top, rank, -1):
            if rank > 0 or high < 12:
                out.append((_span(base + rank, base + high), True))
        for gap in range(rank + 1, min(top + 1, 11) + 1):
            high = gap + 1
            while high <= 12 and rest >> (base + high) & 1:
                out.append((_span(base + rank, base + high) ^ 1 << (base + gap), True))
                high += 1
        out.extend((bits, True) for bits in sets if bits.bit_count() <= 3)
    return out


def _search(
    rest: int, jokers: int, target: int, melds: list[tuple[int, bool]], found: Callable[..., bool]
) -> bool:
    """Walk the optimal arrangements of ``rest`` (deadwood ``target``), lowest card first.

    Only choices that keep the exact optimum reachable are followed, so every leaf is an
    optimal arrangement; ``found(melds)`` returns True to stop the walk.
    """
    if not rest:
        return found(melds)
    low = rest & -rest
    for real, joker in _candidates(rest, jokers):
        left = jokers - joker
        if deadwood_points(rest ^ real, left) == target:
            melds.append((real, joker))
            if _search(rest ^ real, left, target, melds, found):
                return True
            melds.pop()
    value = _POINTS[low.bit_length() - 1]
    if value <= target and deadwood_points(rest ^ low, jokers) == target - value:
        return _search(rest ^ low, jokers, target - value, melds, found)
    return False


def _arrangement(mask: int, jokers: int, melds: list[tuple[int, bool]]) -> Arrangement:
    used = 0
    used_jokers = 0
    built = []
    for real, joker in melds:
        used |= real
        used_jokers += joker
        built.append(_ordered_meld(real, joker))
    built.sort(key=_meld_key)
    left = mask ^ used
    deadwood = [CARDS[code] for code in range(52) if left >> code & 1]
    deadwood += [JOKER] * (jokers - used_jokers)
    points = sum(card.points for card in deadwood)
    return Arrangement(tuple(built), tuple(deadwood), points)


def _walked_arrangement(mask: int, jokers: int) -> Arrangement:
    """The arrangement the guided walk finds first (see :func:`best_arrangement`)."""
    total = deadwood_points(mask, jokers)
    chosen: list[tuple[int, bool]] = []

    def keep(melds: list[tuple[int, bool]]) -> bool:
        chosen.extend(melds)
        return True

    _search(mask, jokers, total, [], keep)
    return _arrangement(mask, jokers, chosen)


_Parts = tuple[
    tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[tuple[int, tuple[Card, ...]], ...]
]
_SUIT_PARTS: tuple[list[_Parts | None], ...] = tuple([None] * 8192 for _ in range(4))
"""Per suit, per suit mask, filled when first needed: the suit's blocks of 3 or more
cards as runs (lowest first), its other cards, and the runs again each keyed by its first
card's code (for ordering them among sets)."""


def _suit_parts(suit: int, held: int) -> _Parts:
    base = suit * 13
    runs = []
    loose: list[Card] = []
    rank = 0
    while rank < 13:
        if not held >> rank & 1:
            rank += 1
            continue
        end = rank
        while end < 12 and held >> (end + 1) & 1:
            end += 1
        block = CARDS[base + rank : base + end + 1]
        if end - rank >= 2:
            runs.append(block)
        else:
            loose.extend(block)
        rank = end + 1
    parts = (tuple(runs), tuple(loose), tuple((run[0].code, run) for run in runs))
    _SUIT_PARTS[suit][held] = parts
    return parts


_new = tuple.__new__
"""``_new(Arrangement, (melds, deadwood, points))`` is ``Arrangement(melds, deadwood,
points)`` without the named tuple constructor's argument handling: the same value."""


_second = itemgetter(1)

_TWO_SUITS = (1 << 2 * SUIT_BITS) - 1
"""The bits of the first two suits of a hand mask."""


_Choice = tuple[
    int, int, int, int, tuple[tuple[int, tuple[Card, ...]], ...], tuple[int, int, int, int]
]
_SET_CHOICES: dict[int, tuple[_Choice, ...]] = {}
"""Per hand mask of the cards at its trip ranks, filled when first needed: one entry per
way of forming plain sets there, ``(k0, k1, k2, k3, sets, set suits)``. ``k0..k3`` keep
each suit's cards outside the sets; ``sets`` are the set melds (rank order, each in code
order), each keyed by its first card's code; ``set suits`` are, per suit, the ranks at
which that suit's card is in a set."""
_MAX_CHOICES = 1 << 15
"""Entries kept before the table starts afresh (hands of the profiles' sizes need a few
thousand)."""


def _fill_set_choices(held: int) -> tuple[_Choice, ...]:
    """Fill and return the ``_SET_CHOICES`` entry of ``held``."""
    out: list[_Choice] = []
    for keep in set_keep_masks(held):
        in_sets = held & ~keep
        i0, i1, i2, i3 = suit_masks(in_sets)
        ranks = i0 | i1 | i2 | i3
        sets = tuple(
            tuple(CARDS[code] for code in range(rank, 52, SUIT_BITS) if in_sets >> code & 1)
            for rank in range(SUIT_BITS)
            if ranks >> rank & 1
        )
        k0, k1, k2, k3 = suit_masks(keep)
        keyed = tuple((meld[0].code, meld) for meld in sets)
        out.append((k0, k1, k2, k3, keyed, (i0, i1, i2, i3)))
    if len(_SET_CHOICES) >= _MAX_CHOICES:
        _SET_CHOICES.clear()
    choices = _SET_CHOICES[held] = tuple(out)
    return choices


def _walks_choice(suits: tuple[int, int, int, int], tied: list[_Choice]) -> _Choice:
    """The one of ``tied`` (set choices reaching the same least count) whose arrangement
    the guided walk finds first.

    The walk takes the cards from the lowest code and, for each card no meld has taken
    yet, follows the first choice that keeps the optimum reachable: the longest plain run
    from it, then the largest set (among sets of one size, the lowest suits), then leaving
    it as deadwood. Every optimal arrangement of a jokerless hand is a tied set choice with
    its kept blocks as runs (see *direct path*), so making the walk's choice card by card
    among the tied ones leaves the walk's. (Tests check the result against the walk.)
    """
    covered = [0, 0, 0, 0]
    for suit in range(4):
        for rank in range(13):
            if len(tied) == 1:
                return tied[0]
            bit = 1 << rank
            if not suits[suit] & bit or covered[suit] & bit:
                continue
            keys = []
            for choice in tied:
                in_set = choice[5][suit]
                if in_set & bit:  # a set: larger first, then the lower other suits
                    others = [s for s in range(4) if choice[5][s] & bit]
                    keys.append((1, -len(others), sum(1 << s for s in others)))
                    continue
                kept = suits[suit] & choice[suit]
                top = rank
                while top < 12 and kept >> (top + 1) & 1:
                    top += 1
                keys.append((0, rank - top) if top - rank >= 2 else (2,))
            first = min(keys)
            tied = [choice for choice, key in zip(tied, keys, strict=True) if key == first]
            if first[0] == 0:
                covered[suit] |= (2 << (rank - first[1])) - bit
            elif first[0] == 1:
                for s in range(4):
                    if first[2] >> s & 1:
                        covered[s] |= bit
    return tied[0]


def best_arrangement(cards: Iterable[Card]) -> Arrangement:
    """An exact minimum-deadwood arrangement (jokers allowed); the same one for the same hand.

    Among ties it prefers, card by card from the lowest code, the longest plain run, then
    the largest plain set, then joker melds, then leaving the card as deadwood. (A
    jokerless hand gets that arrangement without the walk: see *direct path*.)
    """
    if not isinstance(cards, (list, tuple)):
        cards = list(cards)
    if len(cards) == 10:  # see cards_deadwood
        c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = cards
        mask = (
            c0.bit + c1.bit + c2.bit + c3.bit + c4.bit + c5.bit + c6.bit + c7.bit + c8.bit + c9.bit
        )
    else:
        mask = 0
        for card in cards:
            mask += card.bit
    if mask.bit_count() != len(cards):  # a joker or a repeat (see cards_deadwood)
        mask, jokers = split_hand(cards)
        if jokers:
            return _walked_arrangement(mask, jokers)
    t = _RUN0
    # suit_masks and in_sets_of_three written out on the hot path: two 26-bit halves,
    # then each suit cut from a one-digit integer
    low = mask & _TWO_SUITS
    high = mask >> 26
    s0 = low & SUIT
    s1 = low >> 13
    s2 = high & SUIT
    s3 = high >> 13
    p0, p1, p2, p3 = _SUIT_PARTS
    trip = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not trip:  # no set can form: the runs are the blocks, inlined as the hot path
        a = p0[s0] or _suit_parts(0, s0)
        b = p1[s1] or _suit_parts(1, s1)
        c = p2[s2] or _suit_parts(2, s2)
        d = p3[s3] or _suit_parts(3, s3)
        return _new(
            Arrangement,
            (a[0] + b[0] + c[0] + d[0], a[1] + b[1] + c[1] + d[1], t[s0] + t[s1] + t[s2] + t[s3]),
        )
    choices = _SET_CHOICES.get(held := mask & trip * EVERY_SUIT) or _fill_set_choices(held)
    best = 1 << 30
    tied = None
    for choice in choices:
        k0, k1, k2, k3, sets, _ = choice
        value = t[s0 & k0] + t[s1 & k1] + t[s2 & k2] + t[s3 & k3]
        if value < best:
            best, chosen, tied = value, choice, None
        elif value == best:
            tied = (tied or [chosen]) + [choice]
    if tied:
        chosen = _walks_choice((s0, s1, s2, s3), tied)
    k0, k1, k2, k3, sets, _ = chosen
    s0 &= k0
    s1 &= k1
    s2 &= k2
    s3 &= k3
    a = p0[s0] or _suit_parts(0, s0)
    b = p1[s1] or _suit_parts(1, s1)
    c = p2[s2] or _suit_parts(2, s2)
    d = p3[s3] or _suit_parts(3, s3)
    loose = a[1] + b[1] + c[1] + d[1]
    if not sets:
        return _new(Arrangement, (a[0] + b[0] + c[0] + d[0], loose, best))
    # melds are disjoint and each is in code order, so their first cards order them
    found = [*a[2], *b[2], *c[2], *d[2], *sets]
    found.sort()
    return _new(Arrangement, (tuple(map(_second, found)), loose, best))


def _is_run(real: int) -> bool:
    """Whether a meld's real cards are a run (one suit) rather than a set (one rank)."""
    return ((real & -real).bit_length() - 1) // 13 == (real.bit_length() - 1) // 13


def _merge_runs(melds: list[tuple[int, bool]]) -> tuple[tuple[int, bool], ...]:
    """Join plain runs of one suit that touch (4-5-6 + 7-8-9 is the run 4..9)."""
    runs = sorted(real for real, joker in melds if not joker and _is_run(real))
    out = [(real, joker) for real, joker in melds if joker or not _is_run(real)]
    merged: list[int] = []
    for run in runs:
        last = merged[-1] if merged else 0
        if last and last.bit_length() == (run & -run).bit_length() - 1 and _is_run(last | run):
            merged[-1] = last | run
        else:
            merged.append(run)
    out.extend((run, False) for run in merged)
    return tuple(sorted(out))


def best_arrangements(cards: Iterable[Card]) -> list[Arrangement]:
    """Every distinct minimum-deadwood arrangement, in a fixed order.

    Touching plain runs of one suit count as one run (4-5-6 + 7-8-9 is 4..9), so splitting
    a long run does not make a new arrangement.
    """
    mask, jokers = split_hand(cards)
    total = deadwood_points(mask, jokers)
    seen: dict[tuple[tuple[int, bool], ...], Any] = {}

    def collect(melds: list[tuple[int, bool]]) -> bool:
        seen.setdefault(_merge_runs(melds), None)
        return False

    _search(mask, jokers, total, [], collect)
    arrangements = [_arrangement(mask, jokers, list(key)) for key in seen]
    arrangements.sort(key=lambda a: tuple(_meld_key(m) for m in a.melds))
    return arrangements
