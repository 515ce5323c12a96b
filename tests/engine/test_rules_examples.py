"""Every worked example and stated case of RULES.md, as tests."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knockrummy.engine import best_arrangement, best_with_layoffs, format_cards, parse_cards, settle
from knockrummy.engine.cards import CARDS
from knockrummy.engine.hand import deal
from knockrummy.engine.melds import is_meld
from knockrummy.engine.profiles import PROFILES


def hands(*texts: str) -> list[list]:
    return [parse_cards(t) for t in texts]


# --- common -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("KS QS 4D", 24),  # 002: unmatched K Q 4 is 24
        ("4D 3C 2H", 9),  # 002: unmatched 4 3 2 of different suits is 9
        ("AS 2S 3S", 0),  # aces are low: A-2-3 is a run
        ("QS KS AS", 21),  # Q-K-A is not a run
        ("KS AS 2S", 13),  # K-A-2 is not a run
        ("4H 5H 6H QC QD QS 8D", 8),  # 000 worked example, knocker A
        ("AS AH AD 7C 8C 9C 3H", 3),  # 000 worked example, player B
    ],
)
def test_deadwood_values_and_aces_low(text, points):
    assert best_arrangement(parse_cards(text)).points == points


def test_best_arrangement_minimises_deadwood_not_longest_meld():
    # the long run 4-7H would leave 7S 7D; the set of sevens plus 4-6H leaves nothing
    arrangement = best_arrangement(parse_cards("4H 5H 6H 7H 7S 7D"))
    assert arrangement.points == 0
    assert len(arrangement.melds) == 2


@pytest.mark.parametrize(
    ("profile", "players", "held", "stock"),
    [
        ("poker-rum", 4, 28, 23),  # 000: four players: 28 held + 1 discard + 23 stock
        ("poker-rum", 2, 20, 31),
        ("knock-rummy", 6, 36, 15),
        ("knock-rummy", 5, 30, 21),
        ("gin-rummy", 2, 20, 31),
        ("knock-rami", 5, 35, 18),  # 54 cards with two jokers
        ("knock-rami", 2, 20, 33),
    ],
)
def test_deal_sizes(profile, players, held, stock):
    state = deal(profile, players, dealer=0, seed=7)
    assert sum(len(h) for h in state.hands) == held
    assert len(state.discard) == 1
    assert len(state.stock) == stock


def test_deal_is_one_card_at_a_time_clockwise_from_the_dealers_left():
    state = deal("poker-rum", 3, dealer=1, seed=11)
    # rebuild the dealt order: first card went to position 2 (dealer's left), then 0, 1...
    order = [state.hands[(1 + 1 + k) % 3][k // 3] for k in range(21)]
    again = deal("poker-rum", 3, dealer=1, seed=11)
    assert order == [again.hands[(2 + k) % 3][k // 3] for k in range(21)]
    assert state.to_move == 2  # the player left of the dealer plays first


def test_same_seed_same_deal_and_different_seed_different_deal():
    a = deal("knock-rummy", 4, 0, 123)
    b = deal("knock-rummy", 4, 0, 123)
    c = deal("knock-rummy", 4, 0, 124)
    assert a.hands == b.hands and a.stock == b.stock
    assert a.hands != c.hands


def test_every_profile_is_registered_with_its_player_range():
    assert {p: (PROFILES[p].min_players, PROFILES[p].max_players) for p in PROFILES} == {
        "poker-rum": (2, 5),
        "knock-rummy": (2, 6),
        "gin-rummy": (2, 2),
        "gin-classic": (2, 2),
        "knock-rami": (2, 5),
    }


# --- poker-rum ---------------------------------------------------------------------------

A_8 = "4H 5H 6H QC QD QS 8D"
B_3 = "AS AH AD 7C 8C 9C 3H"


def test_poker_rum_worked_example_beaten_knocker_pays_difference_plus_10():
    res = settle("poker-rum", hands(A_8, B_3), knocker=0)
    assert res.result == "undercut"
    assert res.deadwood == (8, 3)
    assert res.deltas == (-15, 15)


def test_poker_rum_other_losers_also_pay_their_difference_to_the_winner():
    res = settle("poker-rum", hands(A_8, B_3, "KS KH 2D 2C 9S 9H 5D"), knocker=0)
    # C holds deadwood 10+10+2+2+9+9+5 = 47, pays 47 - 3 = 44 to B
    assert res.deadwood == (8, 3, 47)
    assert res.deltas == (-15, 59, -44)
    assert sum(res.deltas) == 0


def test_poker_rum_knocker_lowest_collects_differences():
    res = settle("poker-rum", hands(B_3, A_8, "KS KH 2D 2C 9S 9H 5D"), knocker=0)
    assert res.result == "knock"
    assert res.deltas == (5 + 44, -5, -44)


def test_poker_rum_knocker_tied_for_lowest_pays_nothing_and_the_other_tied_player_collects():
    b_3_too = "2S 2H 2D 7D 8D 9D 3S"
    res = settle("poker-rum", hands(B_3, b_3_too, A_8), knocker=0)
    assert res.result == "knock"
    assert res.deadwood == (3, 3, 8)
    assert res.deltas == (0, 5, -5)
    assert res.winners == (1,)


def test_poker_rum_several_lowest_non_knockers_share_winnings_and_penalty_exactly():
    b_3_too = "2S 2H 2D 7D 8D 9D 3S"
    # knocker A (8) is beaten by B and C (3 each): A pays (5 + 10) shared = 15/2 each
    res = settle("poker-rum", hands(A_8, B_3, b_3_too), knocker=0)
    assert res.result == "undercut"
    assert res.deltas == (-15, Fraction(15, 2), Fraction(15, 2))
    assert sum(res.deltas) == 0
    assert all(isinstance(e.amount, (int, Fraction)) for e in res.entries)


def test_poker_rum_shared_winnings_record_fractions_like_7_2():
    b_3_too = "2S 2H 2D 7D 8D 9D 3S"
    # a non-knocker loser with 10 pays 7 to two winners: 7/2 each
    loser_10 = "KS KH KD 5S 5H 5D TC"
    res = settle("poker-rum", hands(loser_10, B_3, b_3_too), knocker=None)
    assert res.result == "exhausted"
    assert res.deltas == (-7, Fraction(7, 2), Fraction(7, 2))


def test_poker_rum_going_rum_beats_another_zero_and_collects_deadwood_plus_25():
    rum = "AS 2S 3S 7H 7D 7C 7S"
    other_zero = "4D 5D 6D 9C 9H 9S 9D"
    res = settle("poker-rum", hands(rum, other_zero, B_3), knocker=0)
    assert res.result == "rum"
    assert res.deltas == (25 + 3 + 25, -25, -28)


def test_poker_rum_stock_empty_compares_with_no_penalty_or_bonus():
    rum_shape = "AS 2S 3S 7H 7D 7C 7S"
    res = settle("poker-rum", hands(rum_shape, A_8), knocker=None)
    assert res.result == "exhausted"
    assert res.deltas == (8, -8)


# --- knock-rummy ------------------------------------------------------------------------


def test_knock_rummy_knocker_lower_than_all_scores_sum_of_differences():
    knocker = "AS 2S 3S 7H 7D 7C 4D"  # 4
    res = settle("knock-rummy", hands(knocker, "KH QD 9C 8S 5C 2H 2D", A_8), knocker=0)
    assert res.result == "knock"
    # no lay-offs fit: 10+10+9+8+5+2+2 = 46 and 8
    assert res.deadwood == (4, 46, 8)
    assert res.deltas == (42 + 4, 0, 0)


def test_knock_rummy_lay_off_onto_knockers_melds_lowers_the_count():
    knocker = "AS 2S 3S 7H 7D 7C 4D"  # 4
    defender = "4S 5S 7S KD QC 9H 2C"  # 4S 5S chain onto A-3S, 7S onto the sevens
    res = settle("knock-rummy", hands(knocker, defender), knocker=0)
    laid = {lay.card.text for lay in res.layoffs[1]}
    assert laid == {"4S", "5S", "7S"}
    assert res.deadwood == (4, 10 + 10 + 9 + 2)


def test_knock_rummy_undercut_scores_difference_plus_10_for_each_tied_lowest():
    knocker = "AS 2S 3S 7H 7D 7C 9D"  # 9
    under = "JH QH KH 5C 5D 5S 6C"  # 6
    under_too = "2H 3H 4H 8C 8S 8D 6D"  # 6
    res = settle("knock-rummy", hands(knocker, under, under_too), knocker=0)
    assert res.result == "undercut"
    assert res.deltas == (0, 3 + 10, 3 + 10)
    assert res.winners == (1, 2)


def test_knock_rummy_equal_count_is_an_undercut():
    res = settle("knock-rummy", hands("AS 2S 3S 7H 7D 7C 6D", "JH QH KH 5C 5D 5S 6C"), 0)
    assert res.result == "undercut"
    assert res.deltas == (0, 10)


def test_knock_rummy_gin_scores_all_deadwood_plus_25_once_with_no_layoffs():
    gin = "AS 2S 3S 7H 7D 7C 7S"
    res = settle("knock-rummy", hands(gin, "4S 5S 9C 9H 2D 2C KD", A_8), knocker=0)
    assert res.result == "gin"
    assert res.layoffs == ((), (), ())
    assert res.deadwood[1] == 4 + 5 + 9 + 9 + 2 + 2 + 10  # 4S would fit, but not against gin
    assert res.deltas == (41 + 8 + 25, 0, 0)


def test_knock_rummy_stock_exhausted_is_a_draw():
    res = settle("knock-rummy", hands(A_8, B_3), knocker=None)
    assert res.result == "exhausted"
    assert res.deltas == (0, 0)
    assert res.winners == ()


# --- gin-rummy and gin-classic ---------------------------------------------------------

KNOCK_6 = "AS 2S 3S 4H 5H 6H 7C 8C 9C 6D"
DEFENDER_19 = "JS QS KS 5C 5D 5S 8D 7S 2D 2C"
KNOCK_9 = "AS 2S 3S 4H 5H 6H 7C 8C 9C 9D"


@pytest.mark.parametrize("profile", ["gin-rummy", "gin-classic"])
def test_gin_knock_6_against_19_scores_13(profile):
    res = settle(profile, hands(KNOCK_6, DEFENDER_19), knocker=0)
    assert res.result == "knock"
    assert res.deadwood == (6, 19)
    assert res.deltas == (13, 0)


@pytest.mark.parametrize("profile", ["gin-rummy", "gin-classic"])
def test_gin_knock_9_laid_off_down_to_9_is_undercut_for_25(profile):
    defender = "JD QD KD 2H 2D 2C 4S 7H 3D 6S"  # lays off 4S and 7H, keeps 3D 6S = 9
    res = settle(profile, hands(KNOCK_9, defender), knocker=0)
    assert res.result == "undercut"
    assert {lay.card.text for lay in res.layoffs[1]} == {"4S", "7H"}
    assert res.deadwood == (9, 9)
    assert res.deltas == (0, 25)


@pytest.mark.parametrize("profile", ["gin-rummy", "gin-classic"])
def test_gin_knock_9_laid_off_down_to_4_scores_30(profile):
    defender = "JD QD KD 2H 2D 2C 4S 7H 4D TC"  # lays off 4S, 7H, TC; keeps 4D
    res = settle(profile, hands(KNOCK_9, defender), knocker=0)
    assert res.deadwood == (9, 4)
    assert res.deltas == (0, 30)


@pytest.mark.parametrize("profile", ["gin-rummy", "gin-classic"])
def test_gin_scores_defender_deadwood_plus_25_and_shuts_out_layoffs(profile):
    gin = "AS 2S 3S 4H 5H 6H 7C 8C 9C TC"
    res = settle(profile, hands(gin, DEFENDER_19), knocker=0)
    assert res.result == "gin"
    assert res.layoffs == ((), ())
    assert res.deltas == (19 + 25, 0)


def test_gin_fourth_card_lays_off_onto_a_set():
    knocker = "KS KH KD 4H 5H 6H 7C 8C 9C 3D"
    defender = "KC JD QD 2S 2H 2D 5S 6S 9S TS"
    res = settle("gin-rummy", hands(knocker, defender), knocker=0)
    assert {lay.card.text for lay in res.layoffs[1]} == {"KC"}


def test_gin_seven_of_clubs_lays_off_onto_four_five_six_of_clubs():
    knocker = "4C 5C 6C KS KH KD AH 2H 3H 2D"
    defender = "7C JD QD 2S 3S 4S 9S TS 9H 9D"
    res = settle("gin-rummy", hands(knocker, defender), knocker=0)
    assert [lay.card.text for lay in res.layoffs[1]] == ["7C"]


# --- knock-rami ---------------------------------------------------------------------------


def test_knock_rami_everyone_adds_own_deadwood_and_a_clean_hand_takes_10_off():
    clean = "AS 2S JK 7H 7D 7C 7S"  # the joker stands for 3S
    res = settle("knock-rami", hands(clean, A_8, "JK 3C 9H 9S KD QC 5D"), knocker=1)
    assert res.result == "knock"
    # third hand: 9H 9S JK is a set of nines; 3C KD QC 5D stay unmatched
    assert res.deadwood == (0, 8, 3 + 10 + 10 + 5)
    assert res.deltas == (-10, 8, 28)


def test_knock_rami_unmatched_joker_counts_25():
    res = settle("knock-rami", hands("JK 2C 4D 6H 8S TC QD", A_8), knocker=1)
    assert res.deadwood[0] == 25 + 2 + 4 + 6 + 8 + 10 + 10
    assert res.deltas[0] == 65


def test_every_ledger_entry_names_its_reason_and_the_other_player():
    res = settle("poker-rum", hands(A_8, B_3), knocker=0, names=["Ann", "Bo"])
    reasons = sorted((e.seat, e.kind, e.amount, e.reason) for e in res.entries)
    assert reasons == [
        (0, "difference", -5, "to Bo: difference 8 - 3"),
        (0, "knock-penalty", -10, "to Bo: beaten knock"),
        (1, "difference", 5, "from Ann: difference 8 - 3"),
        (1, "knock-penalty", 10, "from Ann: beaten knock"),
    ]


# --- knock-rummy: the knocker's last tie-break ----------------------------------------

TIED_KNOCKER = "2S 2D 5S 2H 3D 6C 5H AH 3H 5C"
"""Two arrangements of 13 (2s and 5s, or 5s and A-3H), each open to two lay-off cards
the knocker does not hold (2C and 5D, or 4H and 5D)."""


def _brute_best_arrangements(cards) -> list[tuple[tuple, int]]:
    """Every way to pick disjoint melds leaving the least deadwood: (melds, deadwood)."""
    cards = list(cards)
    melds = [
        combo
        for size in range(3, len(cards) + 1)
        for combo in combinations(cards, size)
        if is_meld(combo)
    ]
    found: list[tuple[tuple, int]] = []

    def extend(start: int, chosen: tuple, used: set) -> None:
        found.append((chosen, sum(c.points for c in cards if c not in used)))
        for k in range(start, len(melds)):
            if not used & set(melds[k]):
                extend(k + 1, (*chosen, melds[k]), used | set(melds[k]))

    extend(0, (), set())
    least = min(points for _, points in found)
    return [(chosen, points) for chosen, points in found if points == least]


def _brute_exposure(melds, held) -> int:
    """Cards the knocker does not hold that could be laid off, one at a time, onto melds."""
    grown = [list(meld) for meld in melds]
    outside = [c for c in CARDS if c not in held]
    exposed: set = set()
    changed = True
    while changed:
        changed = False
        for card in outside:
            if card in exposed:
                continue
            for meld in grown:
                if is_meld([*meld, card]):
                    meld.append(card)
                    exposed.add(card)
                    changed = True
                    break
    return len(exposed)


def _brute_knocker_choice(knocker: str, defenders: list[str]) -> tuple[int, int]:
    """(exposure, defenders' total after lay-offs) the rule's choice must have."""
    held = parse_cards(knocker)
    options = []
    for melds, _ in _brute_best_arrangements(held):
        left = sum(best_with_layoffs(parse_cards(d), melds).arrangement.points for d in defenders)
        options.append((_brute_exposure(melds, held), left))
    least = min(exposure for exposure, _ in options)
    return least, max(left for exposure, left in options if exposure == least)


def _chosen(knocker: str, defenders: list[str]) -> tuple[int, int, tuple]:
    res = settle("knock-rummy", hands(knocker, *defenders), knocker=0)
    held = parse_cards(knocker)
    return _brute_exposure(res.knocker_melds, held), sum(res.deadwood[1:]), res


def test_knock_rummy_tied_knocker_melds_leave_the_defender_the_highest_deadwood():
    # 2C lays off onto the 2s only: with the 2s the defender ends on 31, with A-3H on 33
    defender = "7S 8S 9S 2C AS AD 4S 6D 9H KC"  # 7-9S and deadwood 33
    exposure, left, res = _chosen(TIED_KNOCKER, [defender])
    assert (exposure, left) == _brute_knocker_choice(TIED_KNOCKER, [defender]) == (2, 33)
    assert {c.text for m in res.knocker_melds for c in m} == {"5S", "5H", "5C", "AH", "2H", "3H"}
    assert res.deadwood == (13, 33) and res.layoffs == ((), ())
    assert res.deltas == (33 - 13, 0)


def test_knock_rummy_tied_knocker_melds_count_every_defenders_deadwood_together():
    # alone, the first defender would steer the knocker to A-3H (33 against 31); the
    # second lays off 4H and 5D onto A-3H and the 5s (10) but only 5D onto the 2s (14)
    first = "7S 8S 9S 2C AS AD 4S 6D 9H KC"
    second = "4H 5D 8C 9C TC JH QH KH 3S 7D"
    exposure, left, res = _chosen(TIED_KNOCKER, [first, second])
    assert (exposure, left) == _brute_knocker_choice(TIED_KNOCKER, [first, second]) == (2, 45)
    assert res.deadwood == (13, 31, 14)
    assert {c.text for m in res.knocker_melds for c in m} == {"2S", "2D", "2H", "5S", "5H", "5C"}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_knock_rummy_knocker_melds_are_the_rules_choice_on_random_deals(seed):
    rng = random.Random(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    knocker = format_cards(deck[:7])
    defenders = [format_cards(deck[7 + 7 * k : 14 + 7 * k]) for k in range(2)]
    exposure, left, _ = _chosen(knocker, defenders)
    assert (exposure, left) == _brute_knocker_choice(knocker, defenders)
