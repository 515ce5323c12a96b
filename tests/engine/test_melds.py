"""Meld solver and lay-offs: worked hands, and properties against a brute-force reference."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knockrummy.engine.cards import CARDS, JOKER, Card, cards_mask, parse_cards
from knockrummy.engine.deadwood import (
    cards_deadwood,
    discard_floor,
    run_points,
    set_keep_masks,
    split_hand,
)
from knockrummy.engine.layoffs import (
    Layoff,
    LayoffResult,
    best_with_layoffs,
    knocker_arrangement,
)
from knockrummy.engine.melds import (
    Arrangement,
    MeldError,
    _walked_arrangement,
    best_arrangement,
    best_arrangements,
    deadwood_points,
    discard_points,
    is_meld,
)

PROPERTY = settings(max_examples=300, deadline=None, derandomize=True, database=None)


# --- Reference solver: slow and obviously correct ------------------------------------------


def ref_is_meld(cards: Sequence[Card]) -> bool:
    """A set or run straight from the rules: at most one joker, at least two real cards."""
    real = [card for card in cards if not card.is_joker]
    n = len(cards)
    if n < 3 or n - len(real) > 1 or len(real) < 2 or len(set(real)) != len(real):
        return False
    if len({card.rank for card in real}) == 1:
        return n <= 4
    if len({card.suit for card in real}) != 1:
        return False
    ranks = {card.rank for card in real}
    return any(ranks <= set(range(low, low + n)) for low in range(1, 15 - n))


def ref_arrangements(cards: Sequence[Card]) -> tuple[int, set[tuple]]:
    """Minimum deadwood and the keys of every optimal arrangement, by trying every
    collection of disjoint melds (each item is a hand position, so two jokers differ)."""
    n = len(cards)
    melds = [
        subset
        for subset in range(1 << n)
        if subset.bit_count() >= 3 and ref_is_meld([cards[i] for i in range(n) if subset >> i & 1])
    ]
    results: list[tuple[int, tuple]] = []

    def walk(start: int, used: int, chosen: list[int]) -> None:
        points = sum(cards[i].points for i in range(n) if not used >> i & 1)
        results.append((points, tuple(chosen)))
        for k in range(start, len(melds)):
            if not melds[k] & used:
                chosen.append(melds[k])
                walk(k + 1, used | melds[k], chosen)
                chosen.pop()

    walk(0, 0, [])
    best = min(points for points, _ in results)
    keys = {
        ref_key([[cards[i] for i in range(n) if m >> i & 1] for m in chosen])
        for points, chosen in results
        if points == best
    }
    return best, keys


def ref_key(melds: Sequence[Sequence[Card]]) -> tuple:
    """An arrangement's identity: its melds as code multisets, touching plain runs joined."""
    runs = sorted(
        sorted(c.code for c in meld)
        for meld in melds
        if JOKER not in meld and len({c.rank for c in meld}) > 1
    )
    others = [
        sorted(c.code for c in meld)
        for meld in melds
        if JOKER in meld or len({c.rank for c in meld}) == 1
    ]
    joined: list[list[int]] = []
    for run in runs:
        if joined and joined[-1][-1] + 1 == run[0] and joined[-1][-1] // 13 == run[0] // 13:
            joined[-1] = joined[-1] + run
        else:
            joined.append(run)
    return tuple(sorted(tuple(m) for m in joined + others))


@cache
def ref_points(codes: tuple[int, ...]) -> int:
    return ref_arrangements([Card(code) for code in codes])[0]


def ref_layoff_points(hand: Sequence[Card], knocker_melds: Sequence[Sequence[Card]]) -> int:
    """Lowest deadwood reachable by laying cards one at a time onto the knocker's melds
    (a card may join a meld when the meld stays valid), then melding what is left."""

    @cache
    def go(rest: tuple[int, ...], state: tuple[tuple[int, ...], ...]) -> int:
        best = ref_points(rest)
        for code in rest:
            for index, meld in enumerate(state):
                grown = tuple(sorted((*meld, code)))
                if ref_is_meld([Card(c) for c in grown]):
                    left = tuple(c for c in rest if c != code)
                    best = min(best, go(left, (*state[:index], grown, *state[index + 1 :])))
        return best

    start = tuple(tuple(sorted(c.code for c in meld)) for meld in knocker_melds)
    return go(tuple(sorted(c.code for c in hand)), start)


def ref_exposure(melds: Sequence[Sequence[Card]], held: set[Card]) -> int:
    """Distinct cards outside ``held`` that can be added one by one to some meld."""
    exposed: set[Card] = set()
    for meld in melds:
        grown = list(meld)
        added = True
        while added:
            added = False
            for card in CARDS:
                if card not in held and card not in grown and ref_is_meld([*grown, card]):
                    grown.append(card)
                    exposed.add(card)
                    added = True
    return len(exposed)


# --- Hands for the properties ---------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn, min_size: int = 2, max_size: int = 11, jokers: int = 0) -> list[Card]:
    """Random hands; most are drawn from a few neighbouring ranks so that melds are common."""
    joker_count = draw(st.integers(0, jokers))
    size = draw(st.integers(max(min_size - joker_count, 0), max_size - joker_count))
    if draw(st.booleans()):
        pool = list(range(52))
    else:
        low = draw(st.integers(1, 13))
        width = draw(st.integers(3, 9))
        suits = draw(st.sampled_from([(0, 1, 2, 3), (0, 1), (2,), (1, 3, 0)]))
        pool = [s * 13 + r - 1 for s in suits for r in range(low, min(low + width, 14))]
    size = min(size, len(pool))
    codes = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    cards = [CARDS[code] for code in codes] + [JOKER] * joker_count
    return draw(st.permutations(cards))


def assert_consistent(arrangement: Arrangement, cards: Sequence[Card]) -> None:
    """Melds valid and sorted, deadwood sorted, nothing lost or repeated, points summed."""
    laid_out = [card for meld in arrangement.melds for card in meld] + list(arrangement.deadwood)
    assert Counter(laid_out) == Counter(cards)
    for meld in arrangement.melds:
        assert ref_is_meld(meld) and is_meld(meld)
        real = [card for card in meld if not card.is_joker]
        if len({card.rank for card in real}) == 1:
            # A set: suits in order, the joker last.
            assert list(meld) == sorted(real) + [JOKER] * (len(meld) - len(real))
        else:
            # A run: every card, the joker included, at its rank in order.
            start = real[0].rank - meld.index(real[0])
            assert all(card.rank == start + k for k, card in enumerate(meld) if not card.is_joker)
            assert start >= 1 and start + len(meld) - 1 <= 13
    assert list(arrangement.deadwood) == sorted(arrangement.deadwood)
    assert arrangement.points == sum(card.points for card in arrangement.deadwood)


def arrangement_key(arrangement: Arrangement) -> tuple:
    return ref_key(arrangement.melds)


# --- Worked hands ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("4H 5H 6H QC QD QS 8D", 8),
        ("AS AH AD 7C 8C 9C 3H", 3),
        ("KS QS 4D", 24),
        ("4D 3C 2H", 9),
        ("7S 7H 7D 7C 8C 9C", 0),  # the 7C goes to the run, not the set
        ("7S 7H 7D 7C 6C 8C", 0),
        ("7S 7H 7D 9S 9D 9C 5H 6H 8H", 14),  # two trip ranks: only one set pays
        ("7S 7H 7D 7C 9S 9D 9C 9H 6C 8C 8H 6S", 14),
        ("AH 2H 3H", 0),
        ("QH KH AH", 21),  # aces are low only
        ("KH AH 2H", 13),
        ("2C 3C 4C 5C 6C 7C 8C 9C TC JC", 0),
        ("5H 6H JK", 0),
        ("5H JK JK", 55),  # one joker per meld
        ("QH KH JK", 0),  # the joker is the JH
        ("KH JK", 35),
        ("KH AH JK", 36),  # a joker cannot make Q-K-A or K-A-2
        ("JH QH KH JK", 0),  # the joker is the TH, never past the king
        ("AH 2H JK", 0),
        ("5H 7H JK 9H JK", 30),  # 5-JK-7-JK-9 would hold two jokers: 7 JK 9, 5H and JK left
        ("7S 7H 7D 7C JK", 7),  # a set holds at most four cards, joker included
        ("7S 7H 7D 7C JK JK", 0),  # two joker sets of one rank
        ("3H 4H JK 8H 9H JK", 0),  # two joker runs in one suit
        ("3H 4H JK 8S 9S JK", 0),  # two joker runs in two suits
        ("3H 4H JK 8S 8D JK", 0),  # a joker run and a joker set
        ("5H 6H 7H JK 6S 6D", 0),
        ("5H 6H 7H 6S JK JK", 0),  # 5H JK 7H + 6H 6S JK: a joker may stand for a held card
    ],
)
def test_worked_hands(text: str, points: int) -> None:
    cards = parse_cards(text)
    assert ref_points(tuple(sorted(c.code for c in cards))) == points
    arrangement = best_arrangement(cards)
    assert arrangement.points == points
    assert_consistent(arrangement, cards)
    real = [card for card in cards if not card.is_joker]
    assert deadwood_points(cards_mask(cards), len(cards) - len(real)) == points


def test_worked_hand_arrangement() -> None:
    arrangement = best_arrangement(parse_cards("8D QS 4H QC 5H QD 6H"))
    assert arrangement == Arrangement(
        melds=(tuple(parse_cards("QS QD QC")), tuple(parse_cards("4H 5H 6H"))),
        deadwood=(Card.parse("8D"),),
        points=8,
    )


def test_overlap_prefers_the_split_that_melds_everything() -> None:
    arrangement = best_arrangement(parse_cards("7S 7H 7D 7C 8C 9C"))
    assert arrangement.melds == (tuple(parse_cards("7S 7H 7D")), tuple(parse_cards("7C 8C 9C")))


def test_joker_sits_where_it_stands() -> None:
    assert best_arrangement(parse_cards("QH KH JK")).melds == (tuple(parse_cards("JK QH KH")),)
    assert best_arrangement(parse_cards("5H JK 7H")).melds == (tuple(parse_cards("5H JK 7H")),)
    assert best_arrangement(parse_cards("JK 5S 5H")).melds == (tuple(parse_cards("5S 5H JK")),)


def test_long_run_is_one_meld_and_one_arrangement() -> None:
    cards = parse_cards("4H 5H 6H 7H 8H 9H")
    assert best_arrangement(cards).melds == (tuple(cards),)
    assert [a.melds for a in best_arrangements(cards)] == [(tuple(cards),)]


def test_best_arrangements_lists_every_tie() -> None:
    arrangements = best_arrangements(parse_cards("JH QH KH KS KD"))
    assert {a.points for a in arrangements} == {20}
    assert sorted(len(a.melds[0]) for a in arrangements) == [3, 3]
    assert {a.melds[0][0].rank for a in arrangements} == {11, 13}
    assert len(best_arrangements(parse_cards("7S 7H 7D 7C JK JK"))) == 3


def test_choice_is_deterministic_whatever_the_order() -> None:
    cards = parse_cards("JH QH KH KS KD 3C 3D 3S 4C 5C")
    first = best_arrangement(cards)
    for seed in range(5):
        shuffled = list(cards)
        random.Random(seed).shuffle(shuffled)
        assert best_arrangement(shuffled) == first
        assert best_arrangements(shuffled) == best_arrangements(cards)


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("AH 2H 3H", True),
        ("QH KH AH", False),
        ("KH AH 2H", False),
        ("5S 6H 7H", False),
        ("7S 7H 7D 7C", True),
        ("7S 7H 7D 7C JK", False),
        ("7S 7H 7D JK", True),
        ("7S 7H JK", True),
        ("7S JK JK", False),
        ("5H 7H JK", True),
        ("5H 8H JK", False),
        ("5H 6H 8H JK", True),
        ("5H 6H 7H JK", True),
        ("5H 6H", False),
        ("5H 5H 5S", False),
        ("JH QH KH JK", True),
        ("TH JH QH KH AH", False),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK", False),
    ],
)
def test_is_meld(text: str, valid: bool) -> None:
    assert is_meld(parse_cards(text)) is valid
    assert ref_is_meld(parse_cards(text)) is valid


def test_invalid_hands_are_rejected() -> None:
    with pytest.raises(MeldError):
        best_arrangement(parse_cards("5H 5H 6H"))
    with pytest.raises(MeldError):
        best_arrangement(parse_cards("5H JK JK JK"))
    with pytest.raises(MeldError):
        deadwood_points(0, 3)
    with pytest.raises(MeldError):
        discard_points(parse_cards("5H 5H 6H"))


def test_discard_points_worked() -> None:
    cards = parse_cards("4H 5H 6H 7H QC QD QS 8D 9S KS 2C")
    points = discard_points(cards)
    assert points[Card.parse("KS")] == 8 + 9 + 2
    assert points[Card.parse("4H")] == 8 + 9 + 10 + 2  # 5-6-7 still a run
    assert points[Card.parse("5H")] == 4 + 6 + 7 + 8 + 9 + 10 + 2
    assert points[Card.parse("QC")] == 10 + 10 + 8 + 9 + 10 + 2
    assert Card.parse("KS") not in discard_points(cards, forbidden=Card.parse("KS"))
    with_jokers = discard_points(parse_cards("JK JK 5H 6H"), forbidden=JOKER)
    assert with_jokers[JOKER] == 0  # the other joker may still go
    assert JOKER not in discard_points(parse_cards("JK 5H 6H 9C"), forbidden=JOKER)


# --- Lay-offs -------------------------------------------------------------------------------


def layoff(text: str, meld_index: int) -> Layoff:
    return Layoff(Card.parse(text), meld_index)


def melds(*texts: str) -> list[list[Card]]:
    return [parse_cards(text) for text in texts]


def test_lay_off_extends_a_run() -> None:
    result = best_with_layoffs(parse_cards("7C 2D"), melds("4C 5C 6C"))
    assert result.layoffs == (layoff("7C", 0),)
    assert result.arrangement == Arrangement((), (Card.parse("2D"),), 2)


def test_lay_off_fourth_card_of_a_set() -> None:
    result = best_with_layoffs(parse_cards("KC 3S"), melds("AH 2H 3H", "KS KH KD"))
    assert result == LayoffResult(Arrangement((), (Card.parse("3S"),), 3), (layoff("KC", 1),))


def test_lay_off_chains_outward_in_order() -> None:
    result = best_with_layoffs(parse_cards("8H 2H 2S 7H 3H"), melds("4H 5H 6H"))
    assert result.layoffs == (layoff("3H", 0), layoff("2H", 0), layoff("7H", 0), layoff("8H", 0))
    assert result.arrangement.points == 2


def test_lay_off_beats_own_meld() -> None:
    cards = parse_cards("7H 8H 9H 9S 9D")
    assert best_arrangement(cards).points == 15
    result = best_with_layoffs(cards, melds("4H 5H 6H"))
    assert result.arrangement.points == 0
    assert result.arrangement.melds == (tuple(parse_cards("9S 9H 9D")),)
    assert result.layoffs == (layoff("7H", 0), layoff("8H", 0))


def test_own_meld_beats_lay_off() -> None:
    result = best_with_layoffs(parse_cards("7H 7S 7D"), melds("4H 5H 6H"))
    assert result.layoffs == ()
    assert result.arrangement.melds == (tuple(parse_cards("7S 7H 7D")),)


def test_card_between_two_runs_is_laid_off_once() -> None:
    result = best_with_layoffs(parse_cards("5H 6H 7H"), melds("2H 3H 4H", "8H 9H TH"))
    assert result.arrangement.points == 0
    # An own run needs no lay-off at all.
    assert result.layoffs == ()
    result = best_with_layoffs(parse_cards("5H 6H 7H 6S 6D"), melds("2H 3H 4H", "8H 9H TH"))
    assert result.arrangement.points == 0
    assert len(result.layoffs) == 2 and len({lo.card for lo in result.layoffs}) == 2


def test_set_or_run_for_the_same_card() -> None:
    result = best_with_layoffs(parse_cards("7H 8H"), melds("7S 7D 7C", "4H 5H 6H"))
    assert result.layoffs == (layoff("7H", 1), layoff("8H", 1))
    assert result.arrangement.points == 0


def test_layoffs_reject_jokers_and_bad_melds() -> None:
    with pytest.raises(ValueError):
        best_with_layoffs(parse_cards("7H JK"), melds("4H 5H 6H"))
    with pytest.raises(ValueError):
        best_with_layoffs(parse_cards("7H"), melds("4H JK 6H"))
    with pytest.raises(ValueError):
        best_with_layoffs(parse_cards("7H"), melds("4H 5H 7H"))
    with pytest.raises(ValueError):
        best_with_layoffs(parse_cards("6H"), melds("4H 5H 6H"))
    with pytest.raises(ValueError):
        knocker_arrangement(parse_cards("4H 5H JK"))


def test_knocker_keeps_the_least_exposed_tie() -> None:
    # Both leave 20; the run could take TH..AH (10 cards), the set only KC.
    arrangement = knocker_arrangement(parse_cards("JH QH KH KS KD"))
    assert arrangement.melds == (tuple(parse_cards("KS KH KD")),)
    assert arrangement.points == 20
    # Holding 9H blocks the run after TH: one card each way, so the fixed order decides.
    cards = parse_cards("9H JH QH KH KS KD")
    assert knocker_arrangement(cards) == knocker_arrangement(list(reversed(cards)))


# --- Properties against the reference -------------------------------------------------------


@PROPERTY
@given(hands())
def test_deadwood_matches_reference(cards: list[Card]) -> None:
    expected, keys = ref_arrangements(cards)
    assert deadwood_points(cards_mask(cards)) == expected
    arrangement = best_arrangement(cards)
    assert arrangement.points == expected
    assert_consistent(arrangement, cards)
    every = best_arrangements(cards)
    for each in every:
        assert_consistent(each, cards)
    assert {arrangement_key(a) for a in every} == keys
    assert len(every) == len(keys)
    assert arrangement_key(arrangement) in keys


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(hands(jokers=2))
def test_joker_deadwood_matches_reference(cards: list[Card]) -> None:
    expected, keys = ref_arrangements(cards)
    jokers = cards.count(JOKER)
    assert deadwood_points(cards_mask(cards), jokers) == expected
    arrangement = best_arrangement(cards)
    assert arrangement.points == expected
    assert_consistent(arrangement, cards)
    every = best_arrangements(cards)
    for each in every:
        assert_consistent(each, cards)
    assert {arrangement_key(a) for a in every} == keys


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(hands(min_size=8, max_size=11, jokers=2), st.booleans())
def test_discard_points_matches_brute_force(cards: list[Card], forbid: bool) -> None:
    forbidden = cards[0] if forbid else None
    result = discard_points(cards, forbidden)
    expected = {}
    for index, card in enumerate(cards):
        if card == forbidden and cards.count(card) == 1:
            continue
        rest = cards[:index] + cards[index + 1 :]
        expected[card] = ref_points(tuple(sorted(c.code for c in rest)))
    assert result == expected


@st.composite
def layoff_deals(draw: st.DrawFn) -> tuple[list[Card], list[list[Card]]]:
    """Knocker melds (runs and sets) and a defender hand drawn from the cards near them."""
    taken: set[int] = set()
    knocker: list[list[Card]] = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            suit = draw(st.integers(0, 3))
            length = draw(st.integers(3, 5))
            low = draw(st.integers(1, 14 - length))
            codes = [suit * 13 + r - 1 for r in range(low, low + length)]
        else:
            rank = draw(st.integers(1, 13))
            suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
            codes = [s * 13 + rank - 1 for s in suits]
        if not taken & set(codes):
            taken |= set(codes)
            knocker.append([CARDS[c] for c in sorted(codes)])
    if not knocker:
        knocker.append(parse_cards("4H 5H 6H"))
        taken |= {c.code for c in knocker[0]}
    near = sorted(
        {
            s * 13 + r - 1
            for code in taken
            for s in range(4)
            for r in range(max(code % 13 + 1 - 3, 1), min(code % 13 + 1 + 3, 13) + 1)
        }
        - taken
    )
    size = draw(st.integers(1, min(10, len(near))))
    hand = draw(st.lists(st.sampled_from(near), min_size=size, max_size=size, unique=True))
    return [CARDS[c] for c in hand], knocker


@settings(max_examples=120, deadline=None, derandomize=True, database=None)
@given(layoff_deals())
def test_layoffs_match_reference(deal: tuple[list[Card], list[list[Card]]]) -> None:
    hand, knocker = deal
    result = best_with_layoffs(hand, knocker)
    assert result.arrangement.points == ref_layoff_points(hand, knocker)
    laid = [lo.card for lo in result.layoffs]
    assert_consistent(result.arrangement, [c for c in hand if c not in laid])
    assert len(set(laid)) == len(laid) and set(laid) <= set(hand)
    # Replaying the lay-offs in the order given must be legal at every step.
    grown = [list(meld) for meld in knocker]
    for lo in result.layoffs:
        grown[lo.meld_index].append(lo.card)
        assert ref_is_meld(grown[lo.meld_index])
    # Cards are laid off only when that lowers the count.
    assert result.arrangement.points < ref_points(tuple(sorted(c.code for c in hand))) or not laid


@settings(max_examples=80, deadline=None, derandomize=True, database=None)
@given(hands(min_size=5, max_size=11))
def test_knocker_arrangement_matches_reference(cards: list[Card]) -> None:
    expected, _ = ref_arrangements(cards)
    chosen = knocker_arrangement(cards)
    assert chosen.points == expected
    assert_consistent(chosen, cards)
    held = set(cards)
    exposures = [ref_exposure(a.melds, held) for a in best_arrangements(cards)]
    assert ref_exposure(chosen.melds, held) == min(exposures)


def test_one_suit_joker_hands_match_reference() -> None:
    # Runs with jokers are where the per-suit tables are subtle: crowd one suit.
    rng = random.Random(7)
    for _ in range(300):
        suit = rng.randrange(4)
        ranks = rng.sample(range(13), rng.randint(2, 9))
        cards = [CARDS[suit * 13 + r] for r in ranks] + [JOKER] * rng.randint(0, 2)
        expected = ref_points(tuple(sorted(c.code for c in cards)))
        assert deadwood_points(cards_mask(cards), cards.count(JOKER)) == expected, cards


def test_set_keep_masks_and_run_points_rebuild_every_count():
    from knockrummy.engine.deadwood import deadwood_points, run_points, set_keep_masks

    rng = random.Random(11)
    for _ in range(3000):
        # crowd half the hands into six ranks so trip ranks are common
        pool = range(52) if rng.random() < 0.5 else [c for c in range(52) if c % 13 < 6]
        mask = sum(1 << c for c in rng.sample(list(pool), rng.randint(3, 13)))
        rebuilt = min(
            sum(run_points((mask & keep) >> shift & 8191) for shift in (0, 13, 26, 39))
            for keep in set_keep_masks(mask)
        )
        assert rebuilt == deadwood_points(mask)


# --- The direct path against the guided walk ---------------------------------------------


def walked(cards: Sequence[Card]) -> Arrangement:
    """The arrangement the general search finds (what ``best_arrangement`` returned for
    every hand before the direct path)."""
    return _walked_arrangement(*split_hand(cards))


@pytest.mark.slow  # 1,500 Hypothesis examples
@settings(max_examples=1500, deadline=None, derandomize=True, database=None)
@given(hands(min_size=0, max_size=13, jokers=2))
def test_best_arrangement_is_the_walks_arrangement_for_every_hand(cards):
    assert best_arrangement(cards) == walked(cards)


def test_best_arrangement_is_the_walks_arrangement_on_seeded_deals():
    # Whole-deck hands of the sizes the profiles deal, many with a rank held three times
    # (set choices) and some with two optimal choices (the walk decides those).
    rng = random.Random(19)
    for size in (7, 10, 11, 13):
        for _ in range(3000):
            cards = rng.sample(CARDS, size)
            assert best_arrangement(cards) == walked(cards), cards


def test_best_arrangement_keeps_the_tie_break_between_equal_set_choices():
    # The set of queens or the run J-Q-K of spades: 20 left either way, so two set choices
    # reach the optimum and the walk's order decides (the run, from the lowest card, JS).
    cards = parse_cards("QS QH QD JS KS 2C")
    arrangement = best_arrangement(cards)
    assert arrangement == walked(cards)
    assert arrangement.melds == (tuple(parse_cards("JS QS KS")),)
    assert arrangement.points == 22


def test_best_arrangement_breaks_every_kind_of_set_choice_tie_as_the_walk_does():
    # Hands crowded round two or three ranks held three or four times, next to runs in
    # every suit, so that two or more set choices often reach the same least count: the
    # tie-break then follows the walk card by card (run, then set, then deadwood).
    rng = random.Random(7)
    ties = 0
    for _ in range(4000):
        ranks = rng.sample(range(13), rng.choice((2, 3)))
        near = {r for rank in ranks for r in (rank - 1, rank, rank + 1) if 0 <= r < 13}
        pool = [suit * 13 + rank for rank in sorted(near) for suit in range(4)]
        cards = [CARDS[code] for code in rng.sample(pool, min(len(pool), rng.choice((7, 10, 11))))]
        mask = cards_mask(cards)
        values = [
            sum(run_points((mask & keep) >> 13 * suit & 8191) for suit in range(4))
            for keep in set_keep_masks(mask)
        ]
        ties += values.count(min(values)) > 1
        assert best_arrangement(cards) == walked(cards), cards
    assert ties > 250  # the hands do exercise the tie-break (279 of them)


def test_best_arrangement_takes_any_iterable_of_cards():
    cards = parse_cards("AS 2S 3S 7H 7D 7C KD")
    assert best_arrangement(iter(cards)) == best_arrangement(tuple(cards)) == walked(cards)
    with pytest.raises(MeldError, match="twice"):
        best_arrangement([*cards, cards[0]])


@PROPERTY
@given(hands(min_size=0, max_size=13, jokers=2))
def test_cards_deadwood_is_deadwood_points_of_the_split_hand(cards):
    assert cards_deadwood(cards) == deadwood_points(*split_hand(cards))
    assert cards_deadwood(tuple(cards)) == cards_deadwood(list(cards))


def test_cards_deadwood_refuses_a_repeated_card_and_too_many_jokers():
    with pytest.raises(MeldError, match="twice"):
        cards_deadwood(parse_cards("7H 8H 7H"))
    with pytest.raises(MeldError, match="at most 2 jokers"):
        cards_deadwood([JOKER] * 3)
    # two copies of one card sum to the next card's bit: still caught
    with pytest.raises(MeldError, match="2S appears twice"):
        split_hand(parse_cards("2S 2S"))
    # ten cards take an unrolled path of their own: a repeat and a third joker still fail
    ten_with_a_repeat = parse_cards("AS 2S 3S 4H 5H 6H 7C 8C 9C 9C")
    for call in (cards_deadwood, best_arrangement):
        with pytest.raises(MeldError, match="9C appears twice"):
            call(ten_with_a_repeat)
        with pytest.raises(MeldError, match="at most 2 jokers"):
            call(parse_cards("AS 2S 3S 4H 5H 6H 7C") + [JOKER] * 3)


def test_a_cards_bit_is_its_mask_bit_and_takes_no_part_in_comparing_cards():
    assert [card.bit for card in CARDS] == [1 << code for code in range(52)]
    assert JOKER.bit == 0
    assert Card(7) == CARDS[7] and hash(Card(7)) == hash(CARDS[7])
    assert sorted([CARDS[9], JOKER, CARDS[2]]) == [CARDS[2], CARDS[9], JOKER]
    assert repr(CARDS[0]) == "Card.parse('AS')"


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(hands(min_size=2, max_size=11, jokers=0), st.booleans())
def test_discard_floor_is_the_least_discard_on_masks(cards: list[Card], forbid: bool) -> None:
    forbidden = cards[-1] if forbid else None
    mask = sum(1 << card.code for card in cards)
    expected = min(discard_points(cards, forbidden).values())
    assert discard_floor(mask, -1 if forbidden is None else forbidden.code) == expected


def test_the_suit_layout_of_a_hand_mask_is_each_cards_rank_in_its_suits_bits():
    from knockrummy.engine.deadwood import EVERY_SUIT, in_sets_of_three, suit_masks

    rng = random.Random(8)
    for _ in range(500):
        cards = rng.sample(CARDS, rng.randrange(0, 20))
        suits = suit_masks(cards_mask(cards))
        assert suits == tuple(
            sum(1 << card.rank - 1 for card in cards if card.suit == suit) for suit in range(4)
        )
        counts = Counter(card.rank for card in cards)
        trip = in_sets_of_three(*suits)
        assert trip == sum(1 << rank - 1 for rank, n in counts.items() if n >= 3)
        assert cards_mask(cards) & trip * EVERY_SUIT == cards_mask(
            [card for card in cards if counts[card.rank] >= 3]
        )
