"""Deadwood counts at speed: the numbers behind every score and every AI decision.

Glossary:
    deadwood     the cards left out of every meld; their points are what a hand counts.
    hand mask    the OR of the suited cards' bits (``1 << code``); jokers are counted apart.
    suit mask    13 bits of a hand mask, bit ``rank - 1`` set when that suit holds the rank.
    run table    for each of the 8192 suit masks, the least deadwood using runs only
                 (and variants with one or two jokers placed in runs of that suit).
    trip rank    a rank held in three or four suits: the only place a plain set can form.
    keep-mask    a hand mask with the cards of some chosen sets cleared; what is left is
                 scored from the run tables.
    joker meld   a meld holding one joker and at least two real cards. Its validity is by
                 pattern only: the joker may stand for a card whose real twin is elsewhere.

:mod:`knockrummy.engine.melds` builds the arrangements players see on top of this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Protocol

from knockrummy.engine.cards import JOKER_CODE, JOKER_POINTS, Card

__all__ = [
    "MAX_JOKERS",
    "MeldError",
    "cards_deadwood",
    "deadwood_points",
    "discard_floor",
    "discard_points",
    "run_points",
    "set_keep_masks",
    "split_hand",
]

MAX_JOKERS = 2
_ALL = (1 << 52) - 1
_INF = 10_000
_VALUES = tuple(min(rank + 1, 10) for rank in range(13))


class MeldError(ValueError):
    """A hand or meld given to the solver is not valid (duplicate card, too many jokers...)."""


# --- The suit layout of a hand mask -------------------------------------------------------

SUIT_BITS = 13
"""Bits per suit in a hand mask: the card of code ``suit * 13 + rank - 1`` is bit ``code``,
so suit ``k`` is bits ``13k..13k+12`` (see :attr:`.cards.Card.bit`)."""
SUIT = (1 << SUIT_BITS) - 1
"""One suit's 13 bits (8191)."""
EVERY_SUIT = 1 | 1 << SUIT_BITS | 1 << 2 * SUIT_BITS | 1 << 3 * SUIT_BITS
"""A 13-bit rank mask times this is the same ranks in every suit."""


def suit_masks(mask: int) -> tuple[int, int, int, int]:
    """The four 13-bit suit masks of the hand mask ``mask``, in suit (code) order."""
    return mask & SUIT, mask >> 13 & SUIT, mask >> 26 & SUIT, mask >> 39


def in_sets_of_three(s0: int, s1: int, s2: int, s3: int) -> int:
    """The ranks (a 13-bit mask) held in three suits or more of these suit masks: the
    ranks a plain set can be made of."""
    return (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))


# --- Tables ---------------------------------------------------------------------------------


def _span(low: int, high: int) -> int:
    """Bits ``low..high`` inclusive."""
    return (1 << (high + 1)) - (1 << low)


def _suit_tables() -> tuple[list[int], list[int], list[int]]:
    """Per 13-bit suit mask: minimum run-only deadwood with exactly 0, 1 and 2 jokers in runs.

    Each is a DP over the lowest card: it is deadwood, or the lowest real card of a run
    (plain, or with a joker below, above or inside it). Impossible entries hold ``_INF``.
    """
    t0 = [0] * 8192
    t1 = [_INF] * 8192
    t2 = [_INF] * 8192
    for m in range(1, 8192):
        low = m & -m
        i = low.bit_length() - 1
        rest = m ^ low
        v = _VALUES[i]
        b0, b1, b2 = v + t0[rest], v + t1[rest], v + t2[rest]
        top = i
        while top < 12 and m >> (top + 1) & 1:
            top += 1
        for j in range(i + 1, top + 1):
            rem = m & ~_span(i, j)
            if j >= i + 2:
                b0, b1, b2 = min(b0, t0[rem]), min(b1, t1[rem]), min(b2, t2[rem])
            if i > 0 or j < 12:  # room for a joker at one end
                b1, b2 = min(b1, t0[rem]), min(b2, t1[rem])
        # Joker inside: real cards i..g-1 and g+1..h; g itself may be held (used elsewhere).
        for g in range(i + 1, min(top + 1, 11) + 1):
            h = g + 1
            while h <= 12 and m >> h & 1:
                rem = m & ~(_span(i, h) ^ (1 << g))
                b1, b2 = min(b1, t0[rem]), min(b2, t1[rem])
                h += 1
        t0[m], t1[m], t2[m] = b0, b1, b2
    return t0, t1, t2


def _joker_deltas(t0: list[int], t1: list[int], t2: list[int]) -> tuple[list[int], list[int]]:
    """What 1 or 2 jokers assigned to one suit add to its deadwood (unmatched jokers count)."""
    d1 = [min(JOKER_POINTS, a - b) for a, b in zip(t1, t0, strict=True)]
    d2 = [
        min(2 * JOKER_POINTS, a - b + JOKER_POINTS, c - b)
        for a, b, c in zip(t1, t0, t2, strict=True)
    ]
    return d1, d2


def _rank_bits(rank: int, suits: Iterable[int]) -> int:
    out = 0
    for suit in suits:
        out |= 1 << (suit * 13 + rank)
    return out


def _set_options() -> tuple[list[tuple[int, ...]], list[tuple[tuple[int, int], ...]]]:
    """Per ``rank * 16 + suit pattern``: keep-masks for each set choice at that rank.

    The first list has the plain choices (no set, a 4-set, any 3-set); the second adds
    joker sets (2 or 3 real cards) as ``(keep, jokers used)``, including two joker sets
    of one rank when all four suits are held.
    """
    plain: list[tuple[int, ...]] = [()] * 208
    joker: list[tuple[tuple[int, int], ...]] = [()] * 208
    for rank in range(13):
        for pattern in range(16):
            held = [s for s in range(4) if pattern >> s & 1]
            subsets = [
                [s for k, s in enumerate(held) if sub >> k & 1] for sub in range(1, 1 << len(held))
            ]
            sets = [_ALL ^ _rank_bits(rank, sub) for sub in subsets if len(sub) >= 3]
            jsets = [_ALL ^ _rank_bits(rank, sub) for sub in subsets if 2 <= len(sub) <= 3]
            index = rank * 16 + pattern
            plain[index] = (_ALL, *sets)
            pairs = []
            if len(held) == 4:
                for other in held[1:]:
                    first = [held[0], other]
                    second = [s for s in held if s not in first]
                    pairs.append(_ALL ^ _rank_bits(rank, first) ^ _rank_bits(rank, second))
            joker[index] = (
                (_ALL, 0),
                *((k, 0) for k in sets),
                *((k, 1) for k in jsets),
                *((k, 2) for k in pairs),
            )
    return plain, joker


_RUN0, _RUN1, _RUN2 = _suit_tables()
_DELTA1, _DELTA2 = _joker_deltas(_RUN0, _RUN1, _RUN2)
_SET_KEEPS, _JOKER_KEEPS = _set_options()


# --- The hot path ---------------------------------------------------------------------------


class _DeadwoodPoints(Protocol):
    def __call__(self, mask: int, jokers: int = 0) -> int: ...


def _make_deadwood_points() -> tuple[_DeadwoodPoints, Callable[[Sequence[Card]], int]]:
    """Build ``deadwood_points`` with its tables in closure cells (cheap to reach)."""
    t = _RUN0
    d1 = _DELTA1
    d2 = _DELTA2
    joker_keeps = _JOKER_KEEPS
    one_suit = SUIT
    two_suits = (1 << 2 * SUIT_BITS) - 1

    def many_sets(mask: int, s0: int, s1: int, s2: int, s3: int, trip: int) -> int:
        best = _INF
        for k in _set_choices(s0, s1, s2, s3, trip):
            x = mask & k
            a, b, c, d = suit_masks(x)
            v = t[a] + t[b] + t[c] + t[d]
            if v < best:
                best = v
        return best

    def with_sets(mask: int, s0: int, s1: int, s2: int, s3: int, trip: int) -> int:
        """The count of a jokerless hand with trip ranks ``trip``. With one: no set, the
        set of all its cards, or (4 held) a set leaving one out."""
        if trip & (trip - 1):
            return many_sets(mask, s0, s1, s2, s3, trip)
        a0, a1, a2, a3 = t[s0], t[s1], t[s2], t[s3]
        keep = SUIT ^ trip
        c0, c1, c2, c3 = t[s0 & keep], t[s1 & keep], t[s2 & keep], t[s3 & keep]
        none = a0 + a1 + a2 + a3
        full = c0 + c1 + c2 + c3
        if s0 & s1 & s2 & s3:
            full += min(0, a0 - c0, a1 - c1, a2 - c2, a3 - c3)
        return none if none < full else full

    @lru_cache(maxsize=1 << 16)
    def with_jokers(mask: int, jokers: int) -> int:
        """The count of a hand with jokers (kept: play-outs meet the same hands often,
        and this search is many times a jokerless count's cost)."""
        if not 0 < jokers <= MAX_JOKERS:
            raise MeldError(f"a hand holds 0 to {MAX_JOKERS} jokers, not {jokers}")
        s0, s1, s2, s3 = suit_masks(mask)
        pairs = (s0 & s1) | (s2 & s3) | ((s0 | s1) & (s2 | s3))
        states = [(_ALL, 0)]
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            r = low.bit_length() - 1
            pattern = (s0 >> r & 1) | (s1 >> r & 1) << 1 | (s2 >> r & 1) << 2 | (s3 >> r & 1) << 3
            options = joker_keeps[r * 16 + pattern]
            states = [
                (k & o, used + need)
                for k, used in states
                for o, need in options
                if used + need <= jokers
            ]
        best = _INF
        for k, used in states:
            x = mask & k
            a, b, c, d = suit_masks(x)
            v = t[a] + t[b] + t[c] + t[d]
            left = jokers - used
            if left == 1:
                v += min(d1[a], d1[b], d1[c], d1[d])
            elif left == 2:
                one = sorted((d1[a], d1[b], d1[c], d1[d]))
                v += min(one[0] + one[1], d2[a], d2[b], d2[c], d2[d])
            if v < best:
                best = v
        return best

    def deadwood_points(mask: int, jokers: int = 0) -> int:
        """Minimum deadwood of the hand holding the suited cards of ``mask`` and ``jokers``.

        Exact. Without jokers and without a rank held three times this is four table
        lookups; each trip rank adds its few set choices.
        """
        if jokers:
            return with_jokers(mask, jokers)
        # suit_masks and in_sets_of_three written out, as this is the solver's most
        # called line: two 26-bit halves first, each suit then cut from a one-digit integer
        low = mask & two_suits
        high = mask >> 26
        s0 = low & one_suit
        s1 = low >> 13
        s2 = high & one_suit
        s3 = high >> 13
        if trip := (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)):
            return with_sets(mask, s0, s1, s2, s3, trip)
        return t[s0] + t[s1] + t[s2] + t[s3]

    def cards_deadwood(cards: Sequence[Card]) -> int:
        """Minimum deadwood of a list (or tuple) of cards: ``deadwood_points`` of its
        :func:`split_hand`, with a fast path for distinct suited cards.

        The cards' bits are summed: the sum has one bit per card exactly when the cards
        are distinct and suited (a repeat carries, a joker adds nothing), and then the
        jokerless count is done here without another call.
        """
        if len(cards) == 10:  # the hand size counted most, unrolled (a quarter faster)
            c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = cards
            mask = (
                c0.bit
                + c1.bit
                + c2.bit
                + c3.bit
                + c4.bit
                + c5.bit
                + c6.bit
                + c7.bit
                + c8.bit
                + c9.bit
            )
        else:
            mask = 0
            for card in cards:  # a plain loop: faster than sum(map(...)) on slot fields
                mask += card.bit
        if mask.bit_count() != len(cards):
            return deadwood_points(*split_hand(cards))
        # suit_masks and in_sets_of_three written out, as this is the solver's most
        # called line: two 26-bit halves first, each suit then cut from a one-digit integer
        low = mask & two_suits
        high = mask >> 26
        s0 = low & one_suit
        s1 = low >> 13
        s2 = high & one_suit
        s3 = high >> 13
        if trip := (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)):
            return with_sets(mask, s0, s1, s2, s3, trip)
        return t[s0] + t[s1] + t[s2] + t[s3]

    return deadwood_points, cards_deadwood


deadwood_points, cards_deadwood = _make_deadwood_points()


# --- Hands and melds ------------------------------------------------------------------------


def split_hand(cards: Iterable[Card]) -> tuple[int, int]:
    """``(mask, jokers)`` of a hand. Raises :class:`MeldError` on a repeated suited card."""
    if not isinstance(cards, (list, tuple)):
        cards = list(cards)
    mask = 0
    for card in cards:
        mask += card.bit
    if mask.bit_count() == len(cards):  # distinct suited cards (see cards_deadwood)
        return mask, 0
    mask = 0
    jokers = 0
    for card in cards:
        code = card.code
        if code == JOKER_CODE:
            jokers += 1
        elif mask >> code & 1:
            raise MeldError(f"{card.text} appears twice in the hand")
        else:
            mask |= 1 << code
    if jokers > MAX_JOKERS:
        raise MeldError(f"a hand holds at most {MAX_JOKERS} jokers, not {jokers}")
    return mask, jokers


_SUIT_OF = tuple(code // 13 for code in range(52))
_LOCAL_BIT = tuple(1 << code % 13 for code in range(52))


def _set_choices(s0: int, s1: int, s2: int, s3: int, trip: int) -> list[int]:
    """Keep-masks, one per combination of set choices at the trip ranks ``trip``."""
    keeps = [_ALL]
    while trip:
        low = trip & -trip
        trip ^= low
        r = low.bit_length() - 1
        pattern = (s0 >> r & 1) | (s1 >> r & 1) << 1 | (s2 >> r & 1) << 2 | (s3 >> r & 1) << 3
        keeps = [k & o for k in keeps for o in _SET_KEEPS[r * 16 + pattern]]
    return keeps


def run_points(suit: int) -> int:
    """The least deadwood of one suit's 13-bit mask using runs only (no jokers)."""
    return _RUN0[suit]


def set_keep_masks(mask: int) -> list[int]:
    """One keep-mask per way of forming plain sets in the hand ``mask`` (the first keeps
    every card: no set). The count of ``mask`` is the least, over these, of the run-only
    counts of ``mask & keep`` summed over the suits."""
    s0, s1, s2, s3 = suit_masks(mask)
    trip = in_sets_of_three(s0, s1, s2, s3)
    if not trip:
        return [_ALL]
    # The choices depend only on which suits hold each trip rank.
    return _trip_keeps(mask & trip * EVERY_SUIT)


@lru_cache(maxsize=1 << 14)
def _trip_keeps(held: int) -> list[int]:
    s0, s1, s2, s3 = suit_masks(held)
    return _set_choices(s0, s1, s2, s3, s0 | s1 | s2 | s3)


def discard_points(cards: Sequence[Card], forbidden: Card | None = None) -> dict[Card, int]:
    """For each distinct card that may be discarded, the minimum deadwood of what remains.

    ``forbidden`` (the card just taken from the discard pile) is left out; if the hand holds
    a second copy of it (only possible for a joker) discarding that copy is still listed.
    """
    mask = 0
    for card in cards:
        mask |= 1 << card.code
    out: dict[Card, int] = {}
    if mask >> JOKER_CODE or mask.bit_count() != len(cards):
        # Jokers (or a repeated card, which split_hand reports): solve each discard afresh.
        mask, jokers = split_hand(cards)
        skip = forbidden if sum(1 for card in cards if card == forbidden) == 1 else None
        for card in cards:
            if card != skip and card not in out:
                if card.code == JOKER_CODE:
                    out[card] = deadwood_points(mask, jokers - 1)
                else:
                    out[card] = deadwood_points(mask ^ 1 << card.code, jokers)
        return out
    t = _RUN0
    suit_of = _SUIT_OF
    local_bit = _LOCAL_BIT
    banned = -1 if forbidden is None else forbidden.code
    s0, s1, s2, s3 = suit_masks(mask)
    trip = in_sets_of_three(s0, s1, s2, s3)
    if not trip:
        # Without set choices a discard only changes its own suit's table entry.
        held = (s0, s1, s2, s3)
        looked = (t[s0], t[s1], t[s2], t[s3])
        base = looked[0] + looked[1] + looked[2] + looked[3]
        for card in cards:
            code = card.code
            if code != banned:
                suit = suit_of[code]
                out[card] = base - looked[suit] + t[held[suit] ^ local_bit[code]]
        return out
    # Discarding a card of another rank leaves the set choices as they are: update each
    # choice's total by the one suit that changes. A trip-rank discard is solved afresh.
    choices = []
    for keep in _set_choices(s0, s1, s2, s3, trip):
        x = mask & keep
        held = suit_masks(x)
        looked = (t[held[0]], t[held[1]], t[held[2]], t[held[3]])
        choices.append((looked[0] + looked[1] + looked[2] + looked[3], held, looked))
    trip_cards = trip * EVERY_SUIT
    for card in cards:
        code = card.code
        if code == banned:
            continue
        if trip_cards >> code & 1:
            out[card] = deadwood_points(mask ^ 1 << code)
            continue
        suit = suit_of[code]
        bit = local_bit[code]
        best = _INF
        for base, held, looked in choices:
            value = base - looked[suit] + t[held[suit] ^ bit]
            if value < best:
                best = value
        out[card] = best
    return out


def _least_removal(held: int, allowed: int) -> int:
    """The least run-only count of the suit mask ``held`` less one of its cards in
    ``allowed`` (``_INF`` when there is none)."""
    t = _RUN0
    best = _INF
    while allowed:
        low = allowed & -allowed
        allowed ^= low
        if t[held ^ low] < best:
            best = t[held ^ low]
    return best


_DROP = [_least_removal(held, held) for held in range(8192)]
"""Per 13-bit suit mask, the least run-only count left by taking one card out."""


def discard_floor(mask: int, forbidden: int = -1) -> int:
    """The least count the jokerless hand ``mask`` can keep by discarding one of its
    cards, never the card of code ``forbidden``: ``min(discard_points(...).values())`` on
    masks, without building the cards or the table of every discard.

    A discard's count is the least over the set choices that leave it out of their sets
    of the run-only count without it (a set choice of the smaller hand is one of the
    hand's), so the floor is the least, over set choices and the suits of their kept
    cards, of one lookup in the table of each suit's best removal.
    """
    t = _RUN0
    drop = _DROP
    s0, s1, s2, s3 = suit_masks(mask)
    trip = in_sets_of_three(s0, s1, s2, s3)
    keeps = _set_choices(s0, s1, s2, s3, trip) if trip else (_ALL,)
    banned_suit = forbidden // 13 if forbidden >= 0 else -1
    banned = 1 << forbidden % 13 if forbidden >= 0 else 0
    best = _INF
    for keep in keeps:
        x = mask & keep
        held = suit_masks(x)
        looked = (t[held[0]], t[held[1]], t[held[2]], t[held[3]])
        base = looked[0] + looked[1] + looked[2] + looked[3]
        for suit in range(4):
            cards = held[suit]
            if not cards:
                continue
            if suit == banned_suit and cards & banned:
                least = _least_removal(cards, cards ^ banned)
            else:
                least = drop[cards]
            value = base - looked[suit] + least
            if value < best:
                best = value
    return best
