"""Rollouts: one sample of the hidden cards played out from a legal action to the end of
the hand, the judge's unit of work (:mod:`.judge`).

Glossary:
    rollout     the action, then every seat (this one included) plays the rollout policy
                until someone knocks or the stock runs out; the engine's ``settle`` scores
                the hand and :func:`~.estimate.utility` values it for this seat.
    policy      the rollout's player, chosen for speed: take the upcard when it lowers
                the count, otherwise draw; throw the card leaving the lowest count (ties:
                the highest card, then the lowest code); knock as the policy says:
                ``greedy``  every seat at the medium level's threshold for the profile and
                            the round (never above the knock limit);
                ``patient`` this seat only with a count of 0 (gin, or rum), every other
                            seat as soon as a knock is legal: at the knock limit where the
                            profile has one, at the medium level's threshold where it has
                            none.
                ``matched`` every seat as the hard level was measured to knock in the gin
                            profiles: always at a count of 0; at a higher legal count
                            (at most the knock limit, or the medium level's threshold
                            where the profile has none) with the chance ``KNOCK_CHANCE``
                            gives for the round and the count, drawn by :func:`coin`
                            from the hand, the turn and the seat (so a rollout is still
                            a function of its deal, and two options' rollouts that reach
                            the same hand at the same turn knock alike).
    engine rollout  the rollout played through the engine's own ``legal_actions`` and
                ``advance_in_place`` on a :class:`~..engine.hand.HandState`: the reference.
    mask rollout    the same rollout played on integers: each hand a bit mask of its
                suited cards and a count of jokers, the stock and the pile card codes;
                counts from the engine's run tables. It gives exactly the engine
                rollout's value and knock outcome (a test plays both on fixed seeds in
                every profile) several times faster (``knockrummy bench rollout``).
    deal        one sample turned into masks and codes once, then played out from every
                option (:meth:`Roller.deal`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product

from ..engine.actions import Action, Discard, DrawStock, Knock, Pass, TakeDiscard
from ..engine.cards import CARDS, JOKER, JOKER_CODE, JOKER_POINTS, Card
from ..engine.deadwood import (
    EVERY_SUIT,
    deadwood_points,
    in_sets_of_three,
    run_points,
    set_keep_masks,
    suit_masks,
)
from ..engine.hand import (
    TWO_LEFT,
    HandEnd,
    HandState,
    advance_in_place,
    legal_actions,
    refusal,
)
from ..engine.ledger import exact
from ..engine.melds import best_arrangements, discard_points
from ..engine.phases import HandPhase, HandResult
from ..engine.profiles import ExhaustionKind, Profile, SettlementKind
from ..engine.scoring import Settlement
from .common import greedy_pick, take_gain
from .estimate import Table, knock_is_beaten, settle_hands, utility
from .inference import Sample
from .medium import knock_threshold

POLICIES = ("greedy", "patient", "matched")
"""The rollout policies (see the glossary)."""
KNOCK_CHANCE = (
    (55, 55, 33, 33, 27, 25, 25, 25, 25, 25, 25, 15, 15, 15, 30),
    (80, 85, 68, 64, 49, 36, 26, 18, 18, 18, 15, 10, 10, 10, 10),
)
"""The ``matched`` policy's chance to knock, in hundredths, at a count from 1 to half the
knock limit (first row) and above it (second), by the round of the hand (complete rounds
before the turn; the last entry for every later round): the hard level's knocks at its
chances to knock in ``gin-rummy`` and ``gin-classic`` sessions between hard seats
(``python -m research knock-chances``), smoothed (docs/strength.md, *Rollouts that knock
as hard does*). It knocks less as the hand goes on, and less at a low count than a high one
early on (it holds a hand near gin for the gin bonus)."""
MAX_TURNS = 400
"""A rollout longer than this many actions (players who keep taking each other's
discards) is scored as the stock running out then."""


# --- the engine rollout: the reference -----------------------------------------------------


def engine_rollout(
    table: Table, start: HandState, sample: Sample, action: Action, policy: str = "greedy"
) -> tuple[float, bool]:
    """``action`` played in ``sample``, then ``policy`` to the end of the hand through the
    engine: the value to this seat, and whether this seat knocked and was beaten."""
    state = start.copy()  # the rollout's own: played on in place
    state.hands = [list(h) for h in sample.hands]
    state.stock = list(sample.stock)
    advance_in_place(state, action)
    turns = 0
    while not state.is_over and turns < MAX_TURNS:
        advance_in_place(state, engine_policy(state, table.me, policy))
        turns += 1
    knocker = state.knocker if state.ended_by == HandEnd.KNOCK else None
    result = settle_hands(table, state.hands, knocker)
    return utility(table, result), knocker == table.me and knock_is_beaten(table, result)


def engine_policy(state: HandState, me: int = 0, policy: str = "greedy") -> Action:
    """The rollout's move for the player to move (see *policy* in the glossary); ``me``
    is this seat's position."""
    hand = state.hands[state.to_move]
    if state.phase != "discard":
        legal = legal_actions(state)
        upcard = state.upcard
        if TakeDiscard() in legal and upcard is not None and take_gain(hand, upcard) > 0:
            return TakeDiscard()
        if DrawStock() in legal:
            return DrawStock()
        return Pass() if Pass() in legal else legal[0]
    options = discard_points(hand, forbidden=state.taken)
    card = greedy_pick(options)
    profile = state.profile
    threshold = knock_threshold(profile.id, max(state.turn - 1, 0) // state.players)
    if profile.knock_limit is not None:
        threshold = min(threshold, profile.knock_limit)
    if policy == "patient":
        if state.to_move == me:
            threshold = 0
        elif profile.knock_limit is not None:
            threshold = profile.knock_limit
    count = options[card]
    if policy == "matched":
        if profile.knock_limit is not None:
            threshold = profile.knock_limit
        if 0 < count <= threshold:
            mask = sum(c.bit for c in hand if c.code != JOKER_CODE)
            jokers = sum(1 for c in hand if c.code == JOKER_CODE)
            chance = knock_chance(count, threshold, max(state.turn - 1, 0) // state.players)
            if coin(mask, jokers, state.turn, state.to_move) >= chance:
                return Discard(card)
    if count <= threshold and refusal(state, Knock(card)) is None:
        return Knock(card)
    return Discard(card)


def knock_chance(count: int, limit: int, rounds: int) -> int:
    """The ``matched`` policy's chance to knock at ``count`` (at least 1, at most
    ``limit``) after ``rounds`` complete rounds, in hundredths (``KNOCK_CHANCE``)."""
    row = KNOCK_CHANCE[0 if 2 * count <= limit else 1]
    return row[min(rounds, len(row) - 1)]


def coin(mask: int, jokers: int, turn: int, seat: int) -> int:
    """A number from 0 to 99 drawn from a hand (its mask and jokers), the turn and the
    seat: the ``matched`` policy's draw, a fixed mix of its arguments (the same hand at
    the same turn and seat always draws the same)."""
    x = (mask * 0x9E3779B97F4A7C15 + (jokers << 60) + turn * 0xBF58476D1CE4E5B9 + seat) & _U64
    x ^= x >> 31
    x = (x * 0x94D049BB133111EB) & _U64
    x ^= x >> 29
    return x % 100


# --- the mask rollout ---------------------------------------------------------------------------

_U64 = (1 << 64) - 1
_RUNS = tuple(run_points(suit) for suit in range(8192))
"""The run table: per 13-bit suit mask, the least run-only count."""
_POINTS = tuple(min(rank + 1, 10) for rank in range(13))
"""A suited card's points by rank index (0 for an ace)."""
_INF = 10_000
_ALL = (1 << 52) - 1
_EVERY = (_ALL,)
"""The set choices of a hand with no rank held three times: keep every card."""
_OFFER, _DRAW, _DISCARD = HandPhase.OFFER, HandPhase.DRAW, HandPhase.DISCARD
NO_RANK = 13
"""A rank index outside every 13-bit suit mask: :func:`_suit_throw` bans no card."""
DRAW, TAKE, PASS, THROW, KNOCK = range(5)
"""The mask rollout's action kinds."""


@cache
def _suit_throws() -> tuple[tuple[int, int, int], ...]:
    """Per 13-bit suit mask: the greedy throw from that suit alone, as ``(rise, -points,
    rank index)`` where ``rise`` is what the throw changes the suit's run-only count by
    (negative: it falls); ``(_INF, 0, 0)`` for an empty suit."""
    return tuple(_suit_throw(held) for held in range(8192))


def _suit_throw(held: int, banned_rank: int = NO_RANK) -> tuple[int, int, int]:
    """The greedy throw from the suit mask ``held`` alone, never the card of
    ``banned_rank`` (by default none): :func:`_suit_throws`'s entry, worked out."""
    base = _RUNS[held]
    best = (_INF, 0, 0)
    bits = held & ~(1 << banned_rank)
    while bits:
        low = bits & -bits
        bits ^= low
        rank = low.bit_length() - 1
        key = (_RUNS[held ^ low] - base, -_POINTS[rank], rank)
        if key < best:
            best = key
    return best


def least_throw(mask: int, jokers: int, banned: int = -1) -> tuple[int, int]:
    """The greedy throw from the hand of suited cards ``mask`` and ``jokers`` jokers,
    never the card of code ``banned`` (unless it is a joker and the hand holds two): its
    code and the count it leaves. The same card :func:`~.common.greedy_pick` takes from
    ``discard_points``: the lowest count, then the highest points, then the lowest code.

    Without jokers, a throw's count is the least, over the set choices that keep the card
    out of their sets, of that choice's run-only total changed by the card's suit alone
    (the set choices of the smaller hand are those); so the best throw is the best, over
    the set choices, of each kept suit's best throw, looked up in a table."""
    if jokers:
        return _least_throw_jokers(mask, jokers, banned)
    runs = _RUNS
    throws = _suit_throws()
    low_half = mask & 67108863
    high_half = mask >> 26
    s0 = low_half & 8191
    s1 = low_half >> 13
    s2 = high_half & 8191
    s3 = high_half >> 13
    keeps = set_keep_masks(mask) if s0 & s1 & (s2 | s3) | s2 & s3 & (s0 | s1) else _EVERY
    banned_suit, banned_rank = divmod(banned, 13) if 0 <= banned < JOKER_CODE else (-1, -1)
    best_count, best_points, best_code = _INF, 0, -1
    for keep in keeps:
        if keep != _ALL:
            kept = mask & keep
            s0, s1, s2, s3 = kept & 8191, kept >> 13 & 8191, kept >> 26 & 8191, kept >> 39
        base = runs[s0] + runs[s1] + runs[s2] + runs[s3]
        for suit, held in ((0, s0), (1, s1), (2, s2), (3, s3)):
            if not held:
                continue
            if suit == banned_suit and held >> banned_rank & 1:
                rise, points, rank = _suit_throw(held, banned_rank)
                if rise >= _INF:
                    continue
            else:
                rise, points, rank = throws[held]
            count = base + rise
            if count < best_count or (count == best_count and points < best_points):
                best_count, best_points, best_code = count, points, suit * 13 + rank
            elif count == best_count and points == best_points and suit * 13 + rank < best_code:
                best_code = suit * 13 + rank
    return best_code, best_count


def _least_throw_jokers(mask: int, jokers: int, banned: int) -> tuple[int, int]:
    """:func:`least_throw` for a hand holding jokers: every count worked out afresh (the
    engine keeps the joker counts it has seen)."""
    best_count, best_points, best_code = _INF, 0, -1
    bits = mask
    while bits:
        low = bits & -bits
        bits ^= low
        code = low.bit_length() - 1
        if code == banned:
            continue
        count = deadwood_points(mask ^ low, jokers)
        points = _POINTS[code % 13]
        if count < best_count or (count == best_count and points > best_points):
            best_count, best_points, best_code = count, points, code
    if banned != JOKER_CODE or jokers > 1:
        count = deadwood_points(mask, jokers - 1)
        if count < best_count or (count == best_count and best_points < JOKER_POINTS):
            best_count, best_code = count, JOKER_CODE
    return best_code, best_count


def _gain(mask: int, jokers: int, upcard: int, count: int) -> int:
    """:func:`~.common.take_gain` on masks: how much taking the card of code ``upcard``
    (and throwing another) lowers ``count``, the count of the hand."""
    if upcard == JOKER_CODE:
        return count - _least_throw_jokers(mask, jokers + 1, JOKER_CODE)[1]
    if not jokers:
        return count - _floor(mask | 1 << upcard, upcard)
    return count - _least_throw_jokers(mask | 1 << upcard, jokers, upcard)[1]


@cache
def _suit_rises() -> tuple[int, ...]:
    """Per 13-bit suit mask: the least change of its run-only count by throwing one of
    its cards (``_INF`` for an empty suit)."""
    return tuple(rise for rise, _, _ in _suit_throws())


def _floor(mask: int, banned: int) -> int:
    """The least count the jokerless hand ``mask`` keeps by throwing one card, never the
    card of code ``banned``: ``least_throw``'s count, without the tie-breaks."""
    runs = _RUNS
    low_half = mask & 67108863
    high_half = mask >> 26
    s0 = low_half & 8191
    s1 = low_half >> 13
    s2 = high_half & 8191
    s3 = high_half >> 13
    if (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)):
        return least_throw(mask, 0, banned)[1]
    rises = _suit_rises()
    banned_suit, banned_rank = divmod(banned, 13)
    best = _INF
    for suit, held in ((0, s0), (1, s1), (2, s2), (3, s3)):
        rise = _suit_throw(held, banned_rank)[0] if suit == banned_suit else rises[held]
        if rise < best:
            best = rise
    return runs[s0] + runs[s1] + runs[s2] + runs[s3] + best


@dataclass(frozen=True)
class Deal:
    """One sample as the mask rollout plays it (see *deal* in the glossary)."""

    masks: tuple[int, ...]
    """Each hand's suited cards, by position."""
    jokers: tuple[int, ...]
    """Each hand's jokers, by position."""
    stock: tuple[int, ...]
    """The stock's card codes; the top is the last."""


def cards_of(mask: int, jokers: int) -> list[Card]:
    """The cards of a hand mask and its jokers, in code order."""
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(CARDS[low.bit_length() - 1])
    return out + [JOKER] * jokers


class Roller:
    """Plays mask rollouts from one decision's hand for one table and policy."""

    def __init__(self, table: Table, start: HandState, policy: str = "greedy") -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown rollout policy {policy!r}: use one of {POLICIES}")
        self.table = table
        self.patient = policy == "patient"
        self.matched = policy == "matched"
        profile = start.profile
        self.players = start.players
        self.dealer = start.dealer
        self.pile = tuple(card.code for card in start.discard)
        self.to_move = start.to_move
        self.phase = start.phase
        self.turn = start.turn
        self.taken = -1 if start.taken is None else start.taken.code
        self.offer_passes = start.offer_passes
        self.since_empty = start.turns_since_empty
        self.two_left = profile.exhaustion is ExhaustionKind.TWO_LEFT
        self.first_round = profile.first_round_no_knock
        limit = profile.knock_limit
        rounds = (self.turn + MAX_TURNS) // self.players + 2
        thresholds = [knock_threshold(profile.id, r) for r in range(rounds)]
        if limit is not None:
            thresholds = [min(t, limit) for t in thresholds]
        self.thresholds = tuple(thresholds)
        self.eager = limit
        """The patient policy's knock count for the other seats (None: the threshold)."""
        self.throws: dict[int, tuple[int, int]] = {}
        """The throws worked out, by hand mask, jokers and the card taken: the same hands
        come up again and again in the rollouts of one decision (the other seats draw the
        same cards whatever this seat's first action was)."""
        self.takes: dict[int, bool] = {}
        """Whether the policy takes an upcard, by hand mask, jokers and upcard."""
        self.settled: dict[tuple, tuple[float, bool]] = {}
        """The rollouts' ends valued, by the hands and the knocker."""

    def deal(self, sample: Sample) -> Deal:
        """``sample`` as masks and codes."""
        masks = []
        jokers = []
        for hand in sample.hands:
            mask = 0
            held = 0
            for card in hand:
                if card.code == JOKER_CODE:
                    held += 1
                else:
                    mask |= card.bit
            masks.append(mask)
            jokers.append(held)
        return Deal(tuple(masks), tuple(jokers), tuple(card.code for card in sample.stock))

    def play(self, deal: Deal, action: Action) -> tuple[float, bool]:
        """``action`` played in ``deal``, then the policy to the end of the hand: the value
        to this seat, and whether this seat knocked and was beaten (the engine rollout's
        answer, exactly)."""
        masks = list(deal.masks)
        jokers = list(deal.jokers)
        stock = list(deal.stock)
        pile = list(self.pile)
        players = self.players
        me = self.table.me
        patient = self.patient
        matched = self.matched
        thresholds = self.thresholds
        eager = self.eager
        two_left = self.two_left
        first_round = self.first_round
        pos = self.to_move
        phase = self.phase
        turn = self.turn
        taken = self.taken
        offer_passes = self.offer_passes
        since_empty = self.since_empty
        knocker = None
        over = False
        counts: list[int | None] = [None] * players
        """Each hand's count while it is known (after the hand's own throw)."""
        throws = self.throws
        takes = self.takes
        kind, code = _kind(action)
        steps = -1  # the action given is not the policy's
        while True:
            # --- the move ---
            if kind in (DRAW, TAKE):
                card = stock.pop() if kind == DRAW else pile.pop()
                if card == JOKER_CODE:
                    jokers[pos] += 1
                else:
                    masks[pos] |= 1 << card
                phase = _DISCARD
                taken = card if kind == TAKE else -1
                turn += 1
            elif kind == PASS:
                if phase == _OFFER:
                    offer_passes += 1
                    if offer_passes == 1:
                        pos = self.dealer
                    else:
                        pos = (self.dealer + 1) % players
                        phase = _DRAW
                else:
                    over = True
            else:
                if code == JOKER_CODE:
                    jokers[pos] -= 1
                else:
                    masks[pos] ^= 1 << code
                taken = -1
                if kind == KNOCK:
                    knocker = pos
                    over = True
                else:
                    pile.append(code)
                    if two_left:
                        over = len(stock) <= TWO_LEFT
                    elif not stock:
                        since_empty = 0 if since_empty is None else since_empty + 1
                        over = since_empty >= players
                    if not over:
                        pos = (pos + 1) % players
                        phase = _DRAW
            steps += 1
            if over or steps >= MAX_TURNS:
                break
            # --- the policy's next move ---
            mask, held = masks[pos], jokers[pos]
            if phase == _DISCARD:
                key = mask | held << 52 | (taken + 1) << 55
                found = throws.get(key)
                if found is None:
                    found = throws[key] = least_throw(mask, held, taken)
                code, count = found
                counts[pos] = count
                if patient:
                    limit = 0 if pos == me else eager
                    if limit is None:
                        limit = thresholds[max(turn - 1, 0) // players]
                elif matched:
                    limit = eager
                    if limit is None:
                        limit = thresholds[max(turn - 1, 0) // players]
                    if 0 < count <= limit:
                        chance = knock_chance(count, limit, max(turn - 1, 0) // players)
                        if coin(mask, held, turn, pos) >= chance:
                            limit = -1
                else:
                    limit = thresholds[max(turn - 1, 0) // players]
                knock = count <= limit and not (first_round and turn <= players)
                kind = KNOCK if knock else THROW
                continue
            upcard = pile[-1] if pile else -1
            if phase == _OFFER:
                take_ok = upcard >= 0
            else:
                take_ok = upcard >= 0 and not (stock and offer_passes >= 2 and turn == 0)
            if take_ok:
                key = mask | held << 52 | upcard << 55
                take = takes.get(key)
                if take is None:
                    count = counts[pos]
                    if count is None:
                        count = counts[pos] = deadwood_points(mask, held)
                    take = takes[key] = _gain(mask, held, upcard, count) > 0
            else:
                take = False
            if take:
                kind = TAKE
            elif phase == _DRAW and stock:
                kind = DRAW
            else:
                kind = PASS
        end = (*masks, *jokers, knocker)
        found = self.settled.get(end)
        if found is None:
            table = self.table
            result = settle_masks(table.profile, masks, jokers, knocker)
            value = utility(table, result)
            found = self.settled[end] = (value, knocker == me and knock_is_beaten(table, result))
        return found


_NOT_KINGS = _ALL ^ (EVERY_SUIT << 12)
_NOT_ACES = _ALL ^ EVERY_SUIT


def may_lay_off(knocker: int, defender: int) -> bool:
    """Whether the defender's hand ``defender`` could lay any card off onto some melds of
    the knocker's hand ``knocker`` (masks): a card next to one of the knocker's in its
    suit (every lay-off chain starts beside a run's end), or of a rank the knocker holds in
    three suits (a set's fourth card). False means no lay-off onto any arrangement."""
    beside = (knocker & _NOT_KINGS) << 1 | (knocker & _NOT_ACES) >> 1
    s0, s1, s2, s3 = suit_masks(knocker)
    sets = in_sets_of_three(s0, s1, s2, s3) * EVERY_SUIT
    return bool(defender & (beside | sets))


Meld = tuple[int, int, int, int]
"""A knocker's meld as the lay-offs see it: its mask, its suit (-1 for a set), and its
lowest and highest rank index (a set's rank twice)."""


@lru_cache(maxsize=1 << 14)
def knocker_melds(knocker: int) -> tuple[tuple[Meld, ...], ...]:
    """The arrangements the engine's ``knocker_arrangement`` chooses among for the
    jokerless hand ``knocker``: its best arrangements (the engine's, in its order) of the
    least exposure, each as its melds."""
    found = []
    for arrangement in best_arrangements(cards_of(knocker, 0)):
        melds = []
        for meld in arrangement.melds:
            mask = 0
            for card in meld:
                mask |= card.bit
            ranks = [card.code % 13 for card in meld]
            is_set = len(set(ranks)) == 1
            suit = -1 if is_set else meld[0].code // 13
            melds.append((mask, suit, min(ranks), max(ranks)))
        found.append(tuple(melds))
    exposures = [_exposure(melds, knocker) for melds in found]
    least = min(exposures)
    return tuple(m for m, e in zip(found, exposures, strict=True) if e == least)


def _chains(meld: Meld, has: int) -> list[list[int]]:
    """The lay-off chains onto ``meld`` from the cards of ``has`` (the engine's
    ``_chains``): a set of three's missing card; a run's cards outward from each end, up
    to the first one missing."""
    mask, suit, low, high = meld
    if suit < 0:
        if mask.bit_count() != 3:
            return []
        fourth = (EVERY_SUIT << low) & ~mask
        return [[fourth]] if has & fourth else []
    chains = []
    for rank, step in ((low - 1, -1), (high + 1, 1)):
        chain = []
        while 0 <= rank <= 12 and has >> (suit * 13 + rank) & 1:
            chain.append(1 << (suit * 13 + rank))
            rank += step
        if chain:
            chains.append(chain)
    return chains


def _exposure(melds: Sequence[Meld], held: int) -> int:
    """How many cards outside ``held`` could be laid off onto ``melds`` (the engine's
    ``_exposure``)."""
    outside = _ALL ^ held
    cards = 0
    for meld in melds:
        for chain in _chains(meld, outside):
            for card in chain:
                cards |= card
    return cards.bit_count()


def laid_off_count(defender: int, melds: Sequence[Meld]) -> int:
    """The count of the jokerless hand ``defender`` after its best lay-offs onto
    ``melds`` (the engine's ``best_with_layoffs``, as far as its count)."""
    chains = [chain for meld in melds for chain in _chains(meld, defender)]
    best = deadwood_points(defender)
    if not chains:
        return best
    prefixes = []
    for chain in chains:
        laid = [0]
        for card in chain:
            laid.append(laid[-1] | card)
        prefixes.append(laid)
    for choice in product(*prefixes):
        laid = 0
        for part in choice:
            if laid & part:
                break
            laid |= part
        else:
            count = deadwood_points(defender ^ laid)
            if count < best:
                best = count
    return best


def _laid_counts(knocker: int, defenders: Sequence[int]) -> list[int]:
    """Each defender's count after lay-offs onto the melds the knocker shows: among its
    least exposed best arrangements, the first that leaves the defenders the most
    deadwood in all (the engine's ``knocker_arrangement``)."""
    options = knocker_melds(knocker)
    best: list[int] | None = None
    for melds in options:
        counts = [laid_off_count(d, melds) for d in defenders]
        if best is None or sum(counts) > sum(best):
            best = counts
        if len(options) == 1:
            break
    assert best is not None
    return best


def settle_masks(
    profile: Profile, masks: Sequence[int], jokers: Sequence[int], knocker: int | None
) -> Settlement:
    """The engine's ``settle`` of the hands ``masks`` and ``jokers``, as far as a value
    reads it: the result word, each seat's count, the deltas and the winners, exactly
    the engine's (no arrangements, lay-offs or ledger entries). Counts come from the run
    tables; where a lay-off could change a count, the engine settles the hands itself."""
    n = len(masks)
    kind = profile.settlement
    counts = [deadwood_points(m, j) for m, j in zip(masks, jokers, strict=True)]
    deltas: list = [0] * n
    if kind is SettlementKind.POINTS or kind is SettlementKind.GIN:
        if knocker is None:
            return _settlement(profile, HandResult.EXHAUSTED, None, (0,) * n, (0,) * n, ())
        knock_count = counts[knocker]
        others = [s for s in range(n) if s != knocker]
        if knock_count == 0:
            deltas[knocker] = sum(counts[s] for s in others) + profile.gin_bonus
            return _settlement(profile, HandResult.GIN, knocker, counts, deltas, (knocker,))
        if any(may_lay_off(masks[knocker], masks[s]) for s in others):
            laid = _laid_counts(masks[knocker], [masks[s] for s in others])
            for seat, count in zip(others, laid, strict=True):
                counts[seat] = count
        low = min(counts[s] for s in others)
        if low <= knock_count:
            winners = tuple(s for s in others if counts[s] == low)
            for seat in winners:
                deltas[seat] = knock_count - low + profile.undercut_bonus
            return _settlement(profile, HandResult.UNDERCUT, knocker, counts, deltas, winners)
        deltas[knocker] = sum(counts[s] - knock_count for s in others)
        return _settlement(profile, HandResult.KNOCK, knocker, counts, deltas, (knocker,))
    if kind is SettlementKind.CUMULATIVE:
        reward = profile.zero_deadwood_reward
        deltas = [count if count else -reward for count in counts]
        low = min(counts)
        winners = tuple(s for s in range(n) if counts[s] == low)
        return _settlement(
            profile,
            HandResult.EXHAUSTED if knocker is None else HandResult.KNOCK,
            knocker,
            counts,
            deltas,
            winners,
        )
    if knocker is not None and counts[knocker] == 0:
        for seat in range(n):
            if seat != knocker:
                paid = counts[seat] + profile.gin_bonus
                deltas[seat] -= paid
                deltas[knocker] += paid
        return _settlement(profile, HandResult.RUM, knocker, counts, deltas, (knocker,))
    low = min(counts)
    lowest = [s for s in range(n) if counts[s] == low]
    neutral = None
    if knocker is None:
        result, winners = HandResult.EXHAUSTED, tuple(lowest)
    elif knocker in lowest:
        result = HandResult.KNOCK
        if len(lowest) == 1:
            winners = (knocker,)
        else:
            neutral = knocker
            winners = tuple(s for s in lowest if s != knocker)
    else:
        result, winners = HandResult.UNDERCUT, tuple(lowest)
    share = len(winners)
    for seat in range(n):
        if seat in winners or seat == neutral:
            continue
        paid = Fraction(counts[seat] - low, share)
        if seat == knocker:
            paid += Fraction(profile.knock_penalty, share)
        for w in winners:
            deltas[seat] -= paid
            deltas[w] += paid
    return _settlement(profile, result, knocker, counts, [exact(d) for d in deltas], winners)


def _settlement(
    profile: Profile,
    result: HandResult,
    knocker: int | None,
    counts: Sequence[int],
    deltas: Sequence,
    winners: tuple[int, ...],
) -> Settlement:
    n = len(counts)
    return Settlement(
        profile.id, result, knocker, (), tuple(counts), ((),) * n, tuple(deltas), (), winners
    )


def _kind(action: Action) -> tuple[int, int]:
    """A legal hand action as the mask rollout's kind and card code (-1 for none)."""
    if isinstance(action, DrawStock):
        return DRAW, -1
    if isinstance(action, TakeDiscard):
        return TAKE, -1
    if isinstance(action, Pass):
        return PASS, -1
    if isinstance(action, Knock):
        return KNOCK, action.card.code
    if isinstance(action, Discard):
        return THROW, action.card.code
    raise ValueError(f"{action} is not a hand action a rollout can start with")


def rollout(
    table: Table, start: HandState, sample: Sample, action: Action, policy: str = "greedy"
) -> tuple[float, bool]:
    """One mask rollout (see the glossary): the value to this seat, and whether this seat
    knocked and was beaten. A judgement plays many from one decision: it keeps one
    :class:`Roller` and each sample's :meth:`Roller.deal` instead."""
    roller = Roller(table, start, policy)
    return roller.play(roller.deal(sample), action)


def rollouts(
    table: Table,
    start: HandState,
    samples: Sequence[Sample],
    actions: Sequence[Action],
    policy: str = "greedy",
) -> dict[Action, list[tuple[float, bool]]]:
    """Every action of ``actions`` played out over every sample, by the mask rollout."""
    roller = Roller(table, start, policy)
    deals = [roller.deal(sample) for sample in samples]
    return {action: [roller.play(deal, action) for deal in deals] for action in actions}
