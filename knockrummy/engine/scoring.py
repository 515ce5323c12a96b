"""Settlement of a finished hand, per profile, as ledger entries that carry their reason.

Glossary:
    count      a player's deadwood after the best arrangement (and lay-offs, where the
               profile has them).
    result     ``knock``, ``undercut``, ``gin``, ``rum`` or ``exhausted`` (RULES.md,
               "Result words"): :class:`HandResult`.
    winners    the seats that won the hand: those who collect (``poker-rum``), score
               (lay-off profiles) or have the lowest count (``knock-rami``); none in a draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .cards import Card
from .layoffs import Layoff, best_with_layoffs, knocker_arrangement
from .ledger import Amount, EntryKind, LedgerEntry, exact
from .melds import Arrangement, best_arrangement
from .phases import HandResult
from .profiles import SettlementKind, get_profile
from .reasons import Reason, reason

DIFFERENCE, KNOCK_PENALTY = EntryKind.DIFFERENCE, EntryKind.KNOCK_PENALTY


KNOCK, UNDERCUT, GIN, RUM, EXHAUSTED = HandResult


@dataclass(frozen=True)
class Settlement:
    """The outcome of one hand."""

    profile_id: str
    result: HandResult
    knocker: int | None
    arrangements: tuple[Arrangement, ...]
    """Each seat's own melds and deadwood (after lay-offs for the knocker's opponents)."""
    deadwood: tuple[int, ...]
    """Each seat's count, after lay-offs."""
    layoffs: tuple[tuple[Layoff, ...], ...]
    """Per seat: which card went onto which of the knocker's melds."""
    deltas: tuple[Amount, ...]
    """Per seat, exact: points scored, the ledger transfer (``poker-rum``, sums to 0) or
    what is added to the running score (``knock-rami``)."""
    entries: tuple[LedgerEntry, ...]
    """Every change with its reason; ``deltas`` is their sum per seat."""
    winners: tuple[int, ...]

    @property
    def knocker_melds(self) -> tuple[tuple[Card, ...], ...]:
        """The melds lay-offs went onto (empty when nobody knocked)."""
        if self.knocker is None:
            return ()
        return self.arrangements[self.knocker].melds


def settle(
    profile_id: str,
    hands: Sequence[Sequence[Card]],
    knocker: int | None,
    names: Sequence[str] | None = None,
) -> Settlement:
    """Score a finished hand.

    ``hands`` are the final hands by seat (the knocker's without the face-down discard);
    ``knocker`` is the seat that knocked, or None if the stock ran out. ``names`` label the
    reasons (default "Player 1", "Player 2", ...).
    """
    profile = get_profile(profile_id)
    if not profile.min_players <= len(hands) <= profile.max_players:
        profile.check_players(len(hands))
    if knocker is not None and not 0 <= knocker < len(hands):
        raise ValueError(f"knocker {knocker} is not a seat of this hand")
    labels = list(names) if names is not None else [f"Player {i + 1}" for i in range(len(hands))]
    book = _Book(labels)
    if profile.settlement is SettlementKind.LEDGER:
        return _settle_ledger(profile_id, hands, knocker, book)
    if profile.settlement is SettlementKind.CUMULATIVE:
        return _settle_cumulative(profile_id, hands, knocker, book, profile.zero_deadwood_reward)
    return _settle_points(
        profile_id, hands, knocker, book, profile.undercut_bonus, profile.gin_bonus
    )


class _Book:
    """Collects entries for one settlement."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.entries: list[LedgerEntry] = []

    def score(self, seat: int, amount: Amount, kind: str, why: Reason, other=None) -> None:
        """An entry for ``seat``; its English names ``other``, the counterparty, where
        ``why`` says to."""
        if amount:
            name = None if other is None else self.names[other]
            entry = LedgerEntry(
                seat, exact(amount), kind, why.english(name), counterparty=other, why=why
            )
            self.entries.append(entry)

    def transfer(self, payer: int, payee: int, amount: Amount, kind: str, why: Reason) -> None:
        """``payer`` gives ``amount`` to ``payee``: two entries that sum to zero."""
        if not amount:
            return
        self.score(payer, -amount, kind, why.to("to"), payee)
        self.score(payee, amount, kind, why.to("from"), payer)

    def deltas(self, seats: int) -> tuple[Amount, ...]:
        sums: list[Amount] = [0] * seats
        for e in self.entries:
            sums[e.seat] += e.amount
        return tuple(exact(v) for v in sums)


def _settle_ledger(profile_id, hands, knocker, book: _Book) -> Settlement:
    profile = get_profile(profile_id)
    n = len(hands)
    arrangements = tuple(best_arrangement(h) for h in hands)
    counts = [a.points for a in arrangements]
    if knocker is not None and counts[knocker] == 0:
        result, winners = RUM, (knocker,)
        for seat in range(n):
            if seat != knocker:
                why = reason("deadwood", n=counts[seat])
                book.transfer(seat, knocker, counts[seat], DIFFERENCE, why)
                bonus = reason("rum-bonus")
                book.transfer(seat, knocker, profile.gin_bonus, EntryKind.RUM_BONUS, bonus)
    else:
        low = min(counts)
        lowest = [s for s in range(n) if counts[s] == low]
        neutral = None
        if knocker is None:
            result, winners = EXHAUSTED, tuple(lowest)
        elif knocker in lowest:
            result = KNOCK
            if len(lowest) == 1:
                winners = (knocker,)
            else:  # knocker tied: the other tied players collect, the knocker sits out
                neutral = knocker
                winners = tuple(s for s in lowest if s != knocker)
        else:
            result, winners = UNDERCUT, tuple(lowest)
        share = len(winners)
        for seat in range(n):
            if seat in winners or seat == neutral:
                continue
            diff = counts[seat] - low
            for w in winners:
                why = reason("difference", a=counts[seat], b=low, shared=share)
                book.transfer(seat, w, Fraction(diff, share), DIFFERENCE, why)
                if seat == knocker:
                    why = reason("beaten-knock", shared=share)
                    penalty = Fraction(profile.knock_penalty, share)
                    book.transfer(seat, w, penalty, KNOCK_PENALTY, why)
    return Settlement(
        profile_id,
        result,
        knocker,
        arrangements,
        tuple(counts),
        tuple(() for _ in hands),
        book.deltas(n),
        tuple(book.entries),
        winners,
    )


def _settle_points(profile_id, hands, knocker, book: _Book, undercut_bonus, gin_bonus):
    n = len(hands)
    if knocker is None:
        arrangements = tuple(best_arrangement(h) for h in hands)
        return Settlement(
            profile_id,
            EXHAUSTED,
            None,
            arrangements,
            tuple(a.points for a in arrangements),
            tuple(() for _ in hands),
            (0,) * n,
            (),
            (),
        )
    defenders = [hand for seat, hand in enumerate(hands) if seat != knocker]
    own = knocker_arrangement(hands[knocker], defenders)
    knock_count = own.points
    arrangements: list[Arrangement] = []
    layoffs: list[tuple[Layoff, ...]] = []
    for seat, hand in enumerate(hands):
        if seat == knocker:
            arrangements.append(own)
            layoffs.append(())
        elif knock_count == 0:  # no lay-offs against gin
            arrangements.append(best_arrangement(hand))
            layoffs.append(())
        else:
            laid = best_with_layoffs(hand, own.melds)
            arrangements.append(laid.arrangement)
            layoffs.append(laid.layoffs)
    counts = [a.points for a in arrangements]
    others = [s for s in range(n) if s != knocker]
    if knock_count == 0:
        result, winners = GIN, (knocker,)
        for seat in others:
            book.score(knocker, counts[seat], DIFFERENCE, reason("their-deadwood"), seat)
        book.score(knocker, gin_bonus, EntryKind.GIN_BONUS, reason("gin-bonus"))
    else:
        low = min(counts[s] for s in others)
        if low <= knock_count:
            result = UNDERCUT
            winners = tuple(s for s in others if counts[s] == low)
            for seat in winners:
                why = reason("difference", a=knock_count, b=low, shared=1)
                book.score(seat, knock_count - low, DIFFERENCE, why, knocker)
                bonus = reason("undercut-bonus")
                book.score(seat, undercut_bonus, EntryKind.UNDERCUT_BONUS, bonus, knocker)
        else:
            result, winners = KNOCK, (knocker,)
            for seat in others:
                why = reason("difference", "with", a=counts[seat], b=knock_count, shared=1)
                book.score(knocker, counts[seat] - knock_count, DIFFERENCE, why, seat)
    return Settlement(
        profile_id,
        result,
        knocker,
        tuple(arrangements),
        tuple(counts),
        tuple(layoffs),
        book.deltas(n),
        tuple(book.entries),
        winners,
    )


def _settle_cumulative(profile_id, hands, knocker, book: _Book, reward: int) -> Settlement:
    n = len(hands)
    arrangements = tuple(best_arrangement(h) for h in hands)
    counts = tuple(a.points for a in arrangements)
    for seat, count in enumerate(counts):
        if count == 0:
            book.score(seat, -reward, EntryKind.CLEAN_HAND, reason("clean-hand", n=reward))
        else:
            book.score(seat, count, EntryKind.DEADWOOD, reason("deadwood", n=count))
    low = min(counts)
    return Settlement(
        profile_id,
        EXHAUSTED if knocker is None else KNOCK,
        knocker,
        arrangements,
        counts,
        tuple(() for _ in hands),
        book.deltas(n),
        tuple(book.entries),
        tuple(s for s in range(n) if counts[s] == low),
    )
