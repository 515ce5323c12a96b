"""Worked examples for the rules (the in-game page and ``RULES.md``), scored by the engine.

Glossary:
    worked example  one sentence that follows a hand from the cards to the score. The hands
                    are fixed here; every count and score in the sentence comes from the
                    engine (``best_arrangement``, ``settle``) and every bonus, penalty and
                    stake from the profile, so the example says what the game does.
    seat letters    the players of an example are A, B, C in seat order; A is seat 0.

Each function returns the sentence without its ``"Example: "`` label.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from ..engine.cards import Card, new_deck, parse_cards
from ..engine.ledger import format_amount
from ..engine.melds import Arrangement, best_arrangement
from ..engine.profiles import PROFILES, Profile
from ..engine.scoring import Settlement, settle

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def in_words(number: int) -> str:
    """``2`` -> ``"two"`` up to ten; larger numbers stay digits."""
    return _WORDS[number] if 0 <= number < len(_WORDS) else str(number)


def plus(bonus: int) -> str:
    """``" + 25"``, or nothing for a bonus of 0."""
    return f" + {bonus}" if bonus else ""


def _symbols(cards: Iterable[Card]) -> str:
    return " ".join(card.symbol for card in cards)


def _show(cards: str) -> str:
    """Cards for people: ``"4H TD"`` -> ``"4♥ 10♦"``."""
    return _symbols(parse_cards(cards))


def _melds(arrangement: Arrangement, joiner: str = " and ") -> str:
    return joiner.join(_symbols(meld) for meld in arrangement.melds)


def _added(arrangement: Arrangement) -> str:
    """A count written out as the sum of its deadwood cards: ``"3 + 10 + 5 = 18"``."""
    values = [str(card.points) for card in arrangement.deadwood]
    if len(values) < 2:
        return str(arrangement.points)
    return f"{' + '.join(values)} = {arrangement.points}"


def _settle(profile: Profile, knocker: int | None, *hands: str) -> Settlement:
    return settle(profile.id, [parse_cards(hand) for hand in hands], knocker)


def _laid_off(result: Settlement, seat: int) -> str:
    """What ``seat`` laid off, meld by meld: ``"4♠ 5♠ onto A♠ 2♠ 3♠ and 7♠ onto ..."``."""
    onto: dict[int, list[Card]] = {}
    for layoff in result.layoffs[seat]:
        onto.setdefault(layoff.meld_index, []).append(layoff.card)
    melds = result.knocker_melds
    return " and ".join(
        f"{_symbols(cards)} onto {_symbols(melds[index])}" for index, cards in onto.items()
    )


# ------------------------------------------------------------------------- common rules


def deadwood_example() -> str:
    """The lowest count is not always the longest meld."""
    hand, left_out = "4H 5H 6H 7H 7S 7D", "7S 7D"
    best = best_arrangement(parse_cards(hand))
    return (
        f"{_show(hand)} counts {best.points}, played as {_melds(best)}. Taking the longer "
        f"run from 4♥ to 7♥ would leave {_show(left_out)} out, a count of "
        f"{_added(best_arrangement(parse_cards(left_out)))}."
    )


def deal_example(profile: Profile, name: str, players: int) -> str:
    """Where the cards go when ``players`` play ``profile`` (called ``name``)."""
    size = profile.hand_size(players)
    held = players * size
    stock = len(new_deck(profile.jokers)) - held - 1
    return (
        f"{in_words(players)} players of {name} hold {players} × {size} = {held} cards, one "
        f"card starts the discard pile and the other {stock} are the stock."
    )


def layoff_example() -> str:
    """One player lays off onto a run and a set."""
    profile = next(p for p in PROFILES.values() if p.layoffs)
    knocker, other = "AS 2S 3S 7H 7D 7C 4D", "4S 5S 7S KD QC 9H 2C"
    result = _settle(profile, 0, knocker, other)
    before = best_arrangement(parse_cards(other)).points
    return (
        f"A knocks holding {_show(knocker)}, a count of {result.deadwood[0]}. B holds "
        f"{_show(other)}, a count of {before}, lays off {_laid_off(result, 1)}, and counts "
        f"{result.deadwood[1]}."
    )


# ----------------------------------------------------------------------- profile scoring

_A_8 = "4H 5H 6H QC QD QS 8D"
_B_3 = "AS AH AD 7C 8C 9C 3H"


def _poker_rum(p: Profile) -> list[str]:
    beaten = _settle(p, 0, _A_8, _B_3)
    a, b = beaten.deadwood
    shared = _settle(p, 0, _A_8, _B_3, "2S 2H 2D 7D 8D 9D 3S")
    return [
        f"A knocks holding {_show(_A_8)}, a count of {a}; B holds {_show(_B_3)}, a count of "
        f"{b}. B wins, and A pays B {a} − {b} + {p.knock_penalty} = "
        f"{format_amount(-beaten.deltas[0])}.",
        f"with a third player C who also counts {shared.deadwood[2]}, B and C share the win: "
        f"A pays each of them ({a} − {b} + {p.knock_penalty}) / 2 = "
        f"{format_amount(shared.deltas[1])}.",
    ]


def _knock_rummy(p: Profile) -> list[str]:
    knock = _settle(p, 0, "AS 2S 3S 7H 7D 7C 4D", "KH QD 9C 8S 5C 2H 2D", _A_8)
    k, b, c = knock.deadwood
    under = _settle(p, 0, "AS 2S 3S 7H 7D 7C 9D", "JH QH KH 5C 5D 5S 6C", "2H 3H 4H 8C 8S 8D 6D")
    u, low = under.deadwood[0], under.deadwood[1]
    gin = _settle(p, 0, "AS 2S 3S 7H 7D 7C 7S", "4S 5S 9C 9H 2D 2C KD", _A_8)
    return [
        f"A knocks with {k}; B counts {b} and C {c}. A scores ({b} − {k}) + ({c} − {k}) = "
        f"{format_amount(knock.deltas[0])}.",
        f"A knocks with {u}; B and C both count {low}. Each of them scores {u} − {low}"
        f"{plus(p.undercut_bonus)} = {format_amount(under.deltas[1])}, and A nothing.",
        f"A goes gin; B counts {gin.deadwood[1]} and C {gin.deadwood[2]}. A scores "
        f"{gin.deadwood[1]} + {gin.deadwood[2]}{plus(p.gin_bonus)} = "
        f"{format_amount(gin.deltas[0])}, the bonus once.",
    ]


_KNOCK_9 = "AS 2S 3S 4H 5H 6H 7C 8C 9C 9D"
_DEFENDER_19 = "JS QS KS 5C 5D 5S 8D 7S 2D 2C"


def _gin_rummy(p: Profile) -> list[str]:
    low = _settle(p, 0, "AS 2S 3S 4H 5H 6H 7C 8C 9C 6D", _DEFENDER_19)
    examples = [
        f"a knock with {low.deadwood[0]} against {low.deadwood[1]} scores "
        f"{low.deadwood[1]} − {low.deadwood[0]} = {format_amount(low.deltas[0])}."
    ]
    for defender in ("JD QD KD 2H 2D 2C 4S 7H 3D 6S", "JD QD KD 2H 2D 2C 4S 7H 4D TC"):
        under = _settle(p, 0, _KNOCK_9, defender)
        k, d = under.deadwood
        examples.append(
            f"a knock with {k} ({_melds(under.arrangements[0], ', ')}; "
            f"{_symbols(under.arrangements[0].deadwood)} left over); the other player lays "
            f"off {_laid_off(under, 1)}, is down to {d}, and scores {k} − {d}"
            f"{plus(p.undercut_bonus)} = {format_amount(under.deltas[1])}."
        )
    return examples


def _gin_classic(p: Profile) -> list[str]:
    gin = _settle(p, 0, "AS 2S 3S 4H 5H 6H 7C 8C 9C TC", _DEFENDER_19)
    return [
        f"gin against a count of {gin.deadwood[1]} scores {gin.deadwood[1]} − 0"
        f"{plus(p.gin_bonus)} = {format_amount(gin.deltas[0])}."
    ]


def _knock_rami(p: Profile) -> list[str]:
    clean, third = "AS 2S JK 7H 7D 7C 7S", "JK 3C 9H 9S KD QC 5D"
    round_ = _settle(p, 1, clean, _A_8, third)
    return [
        f"B knocks with {round_.deadwood[1]}. A holds {_show(clean)}, the joker standing for "
        f"3♠, and takes {p.zero_deadwood_reward} off; B adds {round_.deadwood[1]}; C holds "
        f"{_show(third)}, melds {_melds(round_.arrangements[2])} and adds "
        f"{_added(round_.arrangements[2])}."
    ]


_SCORING: dict[str, Callable[[Profile], list[str]]] = {
    "poker-rum": _poker_rum,
    "knock-rummy": _knock_rummy,
    "gin-rummy": _gin_rummy,
    "gin-classic": _gin_classic,
    "knock-rami": _knock_rami,
}


def scoring_examples(profile: Profile) -> list[str]:
    """Hands scored the way ``profile`` scores them (none for a profile without examples)."""
    examples = _SCORING.get(profile.id)
    return [] if examples is None else examples(profile)


def shutout_example(profile: Profile) -> str:
    """The end of a game won by a shutout, with its bonuses."""
    won = 4
    total = profile.target + won
    end = total + 2 * profile.game_bonus + won * profile.hand_bonus
    return (
        f"you reach {total} with {in_words(won)} hands won while the other player has 0, a "
        f"shutout: {total} + 2 × {profile.game_bonus} + {won} × {profile.hand_bonus} = {end}."
    )


def buy_back_example(profile: Profile) -> str:
    """Two buy-backs in a row: the second price is half of an odd pot."""
    players = 3
    pot = players * profile.default_stake
    first = Fraction(pot, 2)
    after = pot + first
    return (
        f"{in_words(players)} players stake {profile.default_stake} each, so the pot holds "
        f"{pot}. The first player out buys back for {pot} / 2 = {format_amount(first)}, and "
        f"the pot then holds {pot} + {format_amount(first)} = {format_amount(after)}; a "
        f"second player out would pay half of {format_amount(after)}, kept exact as "
        f"{format_amount(after / 2)}."
    )
