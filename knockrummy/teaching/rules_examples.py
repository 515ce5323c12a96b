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
from ..engine.profiles import PROFILES, Profile, ProfileTable
from ..engine.scoring import Settlement, settle
from ..language import N_, _
from ..language.cards import cards_printed

_WORDS = (
    # Translators: the numbers zero to ten written in words, as in "two players".
    N_("no"),
    N_("one"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
)


def in_words(number: int) -> str:
    """``2`` -> ``"two"`` up to ten, in the current language; larger numbers stay digits."""
    return _(_WORDS[number]) if 0 <= number < len(_WORDS) else str(number)


def plus(bonus: int) -> str:
    """``" + 25"``, or nothing for a bonus of 0."""
    return f" + {bonus}" if bonus else ""


def _symbols(cards: Iterable[Card]) -> str:
    return cards_printed(cards)


def _show(cards: str) -> str:
    """Cards for people: ``"4H TD"`` -> ``"4♥ 10♦"``."""
    return _symbols(parse_cards(cards))


def _melds(arrangement: Arrangement, joiner: str | None = None) -> str:
    """The melds of an arrangement, ``"A♠ 2♠ 3♠ and 7♥ 7♦ 7♣"`` (or joined by ``joiner``)."""
    if joiner is None:
        # Translators: between two groups of cards, "A♠ 2♠ 3♠ and 7♥ 7♦ 7♣".
        joiner = _(" and ")
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
    return _(" and ").join(
        # Translators: cards laid off onto a meld, "4♠ 5♠ onto A♠ 2♠ 3♠".
        _("{cards} onto {meld}").format(cards=_symbols(cards), meld=_symbols(melds[index]))
        for index, cards in onto.items()
    )


# ------------------------------------------------------------------------- common rules


def deadwood_example() -> str:
    """The lowest count is not always the longest meld."""
    hand, left_out = "4H 5H 6H 7H 7S 7D", "7S 7D"
    best = best_arrangement(parse_cards(hand))
    # Translators: a rules example; A, B, C are players; {} hold counts and cards.
    return _(
        "{hand} counts {count}, played as {melds}. Taking the longer "
        "run from 4♥ to 7♥ would leave {left_out} out, a count of {sum}."
    ).format(
        hand=_show(hand),
        count=best.points,
        melds=_melds(best),
        left_out=_show(left_out),
        sum=_added(best_arrangement(parse_cards(left_out))),
    )


def deal_example(profile: Profile, name: str, players: int) -> str:
    """Where the cards go when ``players`` play ``profile`` (called ``name``)."""
    size = profile.hand_size(players)
    held = players * size
    stock = len(new_deck(profile.jokers)) - held - 1
    # Translators: {players_words} is a number in words ("four"), {game} a game's name.
    return _(
        "{players_words} players of {game} hold {players} × {size} = {held} cards, one "
        "card starts the discard pile and the other {stock} are the stock."
    ).format(
        players_words=in_words(players),
        game=name,
        players=players,
        size=size,
        held=held,
        stock=stock,
    )


def layoff_example() -> str:
    """One player lays off onto a run and a set."""
    profile = next(p for p in PROFILES.values() if p.layoffs)
    knocker, other = "AS 2S 3S 7H 7D 7C 4D", "4S 5S 7S KD QC 9H 2C"
    result = _settle(profile, 0, knocker, other)
    before = best_arrangement(parse_cards(other)).points
    # Translators: A and B are players; {laid_off} says which cards went onto which meld.
    return _(
        "A knocks holding {knocker}, a count of {knocker_count}. B holds "
        "{other}, a count of {before}, lays off {laid_off}, and counts {after}."
    ).format(
        knocker=_show(knocker),
        knocker_count=result.deadwood[0],
        other=_show(other),
        before=before,
        laid_off=_laid_off(result, 1),
        after=result.deadwood[1],
    )


# ----------------------------------------------------------------------- profile scoring

_A_8 = "4H 5H 6H QC QD QS 8D"
_B_3 = "AS AH AD 7C 8C 9C 3H"


def _poker_rum(p: Profile) -> list[str]:
    beaten = _settle(p, 0, _A_8, _B_3)
    a, b = beaten.deadwood
    shared = _settle(p, 0, _A_8, _B_3, "2S 2H 2D 7D 8D 9D 3S")
    return [
        # Translators: a rules example; A, B, C are players; {} hold counts and cards.
        _(
            "A knocks holding {a_hand}, a count of {a}; B holds {b_hand}, a count of "
            "{b}. B wins, and A pays B {a} − {b} + {penalty} = {paid}."
        ).format(
            a_hand=_show(_A_8),
            a=a,
            b_hand=_show(_B_3),
            b=b,
            penalty=p.knock_penalty,
            paid=format_amount(-beaten.deltas[0]),
        ),
        # Translators: a rules example; A, B, C are players; {} hold counts and cards.
        _(
            "with a third player C who also counts {c}, B and C share the win: "
            "A pays each of them ({a} − {b} + {penalty}) / 2 = {paid}."
        ).format(
            c=shared.deadwood[2],
            a=a,
            b=b,
            penalty=p.knock_penalty,
            paid=format_amount(shared.deltas[1]),
        ),
    ]


def _knock_rummy(p: Profile) -> list[str]:
    knock = _settle(p, 0, "AS 2S 3S 7H 7D 7C 4D", "KH QD 9C 8S 5C 2H 2D", _A_8)
    k, b, c = knock.deadwood
    under = _settle(p, 0, "AS 2S 3S 7H 7D 7C 9D", "JH QH KH 5C 5D 5S 6C", "2H 3H 4H 8C 8S 8D 6D")
    u, low = under.deadwood[0], under.deadwood[1]
    gin = _settle(p, 0, "AS 2S 3S 7H 7D 7C 7S", "4S 5S 9C 9H 2D 2C KD", _A_8)
    return [
        # Translators: a rules example; A, B, C are players; {} hold counts and cards.
        _(
            "A knocks with {k}; B counts {b} and C {c}. A scores ({b} − {k}) + ({c} − {k}) = "
            "{scored}."
        ).format(k=k, b=b, c=c, scored=format_amount(knock.deltas[0])),
        # Translators: {plus} is a bonus added (" + 10") or nothing.
        _(
            "A knocks with {u}; B and C both count {low}. Each of them scores {u} − {low}"
            "{plus} = {scored}, and A nothing."
        ).format(u=u, low=low, plus=plus(p.undercut_bonus), scored=format_amount(under.deltas[1])),
        # Translators: a rules example; A, B, C are players; {} hold counts and cards.
        _(
            "A goes gin; B counts {b} and C {c}. A scores {b} + {c}{plus} = {scored}, "
            "the bonus once."
        ).format(
            b=gin.deadwood[1],
            c=gin.deadwood[2],
            plus=plus(p.gin_bonus),
            scored=format_amount(gin.deltas[0]),
        ),
    ]


_KNOCK_9 = "AS 2S 3S 4H 5H 6H 7C 8C 9C 9D"
_DEFENDER_19 = "JS QS KS 5C 5D 5S 8D 7S 2D 2C"


def _gin_rummy(p: Profile) -> list[str]:
    low = _settle(p, 0, "AS 2S 3S 4H 5H 6H 7C 8C 9C 6D", _DEFENDER_19)
    examples = [
        # Translators: a rules example; A, B, C are players; {} hold counts and cards.
        _("a knock with {k} against {d} scores {d} − {k} = {scored}.").format(
            k=low.deadwood[0], d=low.deadwood[1], scored=format_amount(low.deltas[0])
        )
    ]
    for defender in ("JD QD KD 2H 2D 2C 4S 7H 3D 6S", "JD QD KD 2H 2D 2C 4S 7H 4D TC"):
        under = _settle(p, 0, _KNOCK_9, defender)
        k, d = under.deadwood
        examples.append(
            # Translators: {plus} is a bonus added (" + 25") or nothing.
            _(
                "a knock with {k} ({melds}; {deadwood} left over); the other player lays "
                "off {laid_off}, is down to {d}, and scores {k} − {d}{plus} = {scored}."
            ).format(
                k=k,
                melds=_melds(under.arrangements[0], ", "),
                deadwood=_symbols(under.arrangements[0].deadwood),
                laid_off=_laid_off(under, 1),
                d=d,
                plus=plus(p.undercut_bonus),
                scored=format_amount(under.deltas[1]),
            )
        )
    return examples


def _gin_classic(p: Profile) -> list[str]:
    gin = _settle(p, 0, "AS 2S 3S 4H 5H 6H 7C 8C 9C TC", _DEFENDER_19)
    return [
        # Translators: a rules example; A, B, C are players; {} hold counts and cards.
        _("gin against a count of {d} scores {d} − 0{plus} = {scored}.").format(
            d=gin.deadwood[1], plus=plus(p.gin_bonus), scored=format_amount(gin.deltas[0])
        )
    ]


def _knock_rami(p: Profile) -> list[str]:
    clean, third = "AS 2S JK 7H 7D 7C 7S", "JK 3C 9H 9S KD QC 5D"
    round_ = _settle(p, 1, clean, _A_8, third)
    return [
        # Translators: a rules example; A, B, C are players; {} hold counts and cards.
        _(
            "B knocks with {b}. A holds {a_hand}, the joker standing for "
            "3♠, and takes {reward} off; B adds {b}; C holds "
            "{c_hand}, melds {c_melds} and adds {c_sum}."
        ).format(
            b=round_.deadwood[1],
            a_hand=_show(clean),
            reward=p.zero_deadwood_reward,
            c_hand=_show(third),
            c_melds=_melds(round_.arrangements[2]),
            c_sum=_added(round_.arrangements[2]),
        )
    ]


SCORING_EXAMPLES: ProfileTable[Callable[[Profile], list[str]]] = ProfileTable(
    "the rules' worked scoring examples (knockrummy/rules_examples.py)",
    {
        "poker-rum": _poker_rum,
        "knock-rummy": _knock_rummy,
        "gin-rummy": _gin_rummy,
        "gin-classic": _gin_classic,
        "knock-rami": _knock_rami,
    },
)
"""Each profile's worked scoring examples, by profile id (a profile may have none: ``[]``)."""


def scoring_examples(profile: Profile) -> list[str]:
    """Hands scored the way ``profile`` scores them."""
    return SCORING_EXAMPLES[profile.id](profile)


def shutout_example(profile: Profile) -> str:
    """The end of a game won by a shutout, with its bonuses."""
    won = 4
    total = profile.target + won
    end = total + 2 * profile.game_bonus + won * profile.hand_bonus
    # Translators: {won_words} is a number in words ("four").
    return _(
        "you reach {total} with {won_words} hands won while the other player has 0, a "
        "shutout: {total} + 2 × {game_bonus} + {won} × {hand_bonus} = {end}."
    ).format(
        total=total,
        won_words=in_words(won),
        game_bonus=profile.game_bonus,
        won=won,
        hand_bonus=profile.hand_bonus,
        end=end,
    )


def buy_back_example(profile: Profile) -> str:
    """Two buy-backs in a row: the second price is half of an odd pot."""
    players = 3
    pot = players * profile.default_stake
    first = Fraction(pot, 2)
    after = pot + first
    # Translators: {players_words} is a number in words ("three").
    return _(
        "{players_words} players stake {stake} each, so the pot holds "
        "{pot}. The first player out buys back for {pot} / 2 = {first}, and "
        "the pot then holds {pot} + {first} = {after}; a "
        "second player out would pay half of {after}, kept exact as {half}."
    ).format(
        players_words=in_words(players),
        stake=profile.default_stake,
        pot=pot,
        first=format_amount(first),
        after=format_amount(after),
        half=format_amount(after / 2),
    )
