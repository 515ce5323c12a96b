"""The players' rules of every profile, in plain words: the one source of the in-game rules
page and of the repository's ``RULES.md`` (written by :mod:`knockrummy.teaching.rules_document`).

Glossary:
    section         a heading and its text. A newline in the text starts a new paragraph; a
                    paragraph that starts with ``"• "`` is an item of a list.
    common rules    the sections every profile shares (cards, melds, deal, turn, knocking,
                    lay-offs, undercut, gin and rum, the empty stock, the score sheet).
    own rules       what one profile sets: players and cards, knocking, scoring, the empty
                    stock and how the session ends.
    house rules     the points the rules resolve where a source is silent
                    (``Profile.resolved``), listed last on each profile's page.
    worked example  a hand scored by the engine itself, so its numbers are the game's.

Every limit, bonus, target and hand size is read from the profiles, never retyped: change a
profile and the page and ``RULES.md`` change with it (regenerate the file).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.cards import JOKER_POINTS, new_deck
from ..engine.hand import TWO_LEFT
from ..engine.profiles import PROFILES, Profile, get_profile
from .rules_examples import (
    buy_back_example,
    deadwood_example,
    deal_example,
    in_words,
    layoff_example,
    plus,
    scoring_examples,
    shutout_example,
)

Section = tuple[str, str]
"""A heading and its text."""


def short_name(profile: Profile) -> str:
    """The display name without its parenthesis: ``"Gin Rummy, classic"``."""
    return profile.short_name


def _listing(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _names_where(test: Callable[[Profile], bool]) -> str:
    """The short names of the profiles that pass ``test``, in registry order."""
    return _listing([short_name(p) for p in PROFILES.values() if test(p)])


# --------------------------------------------------------------------------- common rules


def _cards_section() -> Section:
    decks = [
        f"{short_name(p)} adds {in_words(p.jokers)} jokers ({len(new_deck(p.jokers))} cards)"
        for p in PROFILES.values()
        if p.jokers
    ]
    return (
        "The cards",
        f"One deck of {len(new_deck())} cards"
        + (f"; {_listing(decks)}" if decks else "")
        + ". Aces are always low: A-2-3 is a run, but Q-K-A and K-A-2 are not.",
    )


def _melds_section() -> Section:
    text = (
        "A set is three or four cards of the same rank. A run is three or more cards of one "
        "suit in sequence. No card can be in two melds. Melds stay in your hand while you "
        "play: nothing is put down on the table until the hand is over."
    )
    jokers = _names_where(lambda p: p.jokers > 0)
    if jokers:
        text += (
            f"\nJokers ({jokers}): a joker can stand for any card, but a meld holds one "
            "joker at most. A joker cannot carry a run past the ace or the king, and a set "
            "holds four cards at most, the joker included."
        )
    return ("Melds", text)


def _deadwood_section() -> Section:
    return (
        "Deadwood and the count",
        "Cards that are in no meld are deadwood, and your count is their values added up: "
        "an ace is 1, a 2 to a 10 its number, J Q K are 10 each, and a joker left out of "
        f"every meld is {JOKER_POINTS}. When a hand is over the game sorts every hand into "
        "the melds that leave the lowest count, which is not always the longest meld."
        f"\nExample: {deadwood_example()}",
    )


def _deal_section() -> Section:
    profile = get_profile("poker-rum")
    return (
        "The deal",
        "The first dealer is picked at random. The player on the dealer's right cuts the "
        "deck, and the dealer deals one card at a time, clockwise, starting with the player "
        "on their left. The next card is turned face up to start the discard pile; the "
        "rest, face down, is the stock. The player on the dealer's left plays first (with "
        "two players, the non-dealer) and play goes clockwise. After each hand the deal "
        "passes one seat to the left, so two players take turns to deal."
        f"\nExample: {deal_example(profile, short_name(profile), 4)}",
    )


def _turn_section() -> Section:
    return (
        "A turn",
        "Take the top card of the stock or the top card of the discard pile. Then discard "
        "one card face up, and play passes to the next player; or put it face down to knock. "
        "A card you took from the discard pile cannot go back on it in the same turn, not "
        "even face down as your knock.",
    )


def _knocking_section() -> Section:
    return (
        "Knocking",
        "A knock ends the hand on the spot: nobody plays another turn, every hand is shown "
        "and counted, and the face-down card is not part of the knocker's count. You never "
        "have to knock; each profile's own rules, below, say when you may.",
    )


def _layoffs_section() -> Section:
    return (
        "Lay-offs",
        f"In {_names_where(lambda p: p.layoffs)}, once a player has knocked, each of the "
        "other players may lay off deadwood onto the knocker's melds: the fourth card of a "
        "three-card set, or cards that carry a run on at either end, several in a row if "
        "they follow on. Nobody lays off onto anyone else's melds, the knocker never lays "
        "off, and nobody lays off against gin. In "
        f"{_names_where(lambda p: not p.layoffs)} there are no lay-offs at all."
        "\nEach player chooses their own melds and their lay-offs together, for the lowest "
        "count they can reach, and lays off independently of the other players, as if "
        "alone: one player's lay-offs never open or close a place for another's."
        "\nThe knocker's melds are the arrangement with the lowest count. When several "
        "arrangements tie, the game shows the one that leaves the fewest lay-off cards among "
        "the cards the knocker does not hold; if that still ties, the one that leaves the "
        "other players the highest total count after their lay-offs."
        f"\nExample: {layoff_example()}",
    )


def _undercut_section() -> Section:
    return (
        "Undercut",
        "A knocker can lose the hand they ended. In "
        f"{_names_where(lambda p: p.layoffs)} the knocker is undercut by any player whose "
        "count, after lay-offs, is equal to or lower than the knocker's; in "
        f"{_names_where(lambda p: p.settlement == 'ledger')} the knocker is beaten by a "
        "strictly lower count (a tie for lowest is not a defeat there). What an undercut "
        "wins is in each profile's own rules. "
        f"{_names_where(lambda p: p.settlement == 'cumulative')} has no undercut: everyone "
        "adds their own count.",
    )


def _gin_section() -> Section:
    rewards = [
        f"in {short_name(p)} every player who ends a round with no deadwood, knocker or not, "
        f"takes {p.zero_deadwood_reward} off their score"
        for p in PROFILES.values()
        if p.zero_deadwood_reward
    ]
    return (
        "Gin and rum",
        "A knock with no deadwood at all is called gin in "
        f"{_names_where(lambda p: p.is_gin)} and rum in "
        f"{_names_where(lambda p: p.settlement == 'ledger')}. It wins the hand outright, "
        "even against another count of zero, earns a bonus, and nobody lays off against it."
        + (f" Instead, {_listing(rewards)}." if rewards else ""),
    )


def _stock_section() -> Section:
    return (
        "When the stock runs out",
        "A hand can also end with nobody knocking. In "
        f"{_names_where(lambda p: p.exhaustion == 'decline')} that happens when the stock is "
        "empty and the player to move declines the discard, or once every player has had a "
        "turn since the stock ran out, so a hand always ends. In "
        f"{_names_where(lambda p: p.exhaustion == 'two-left')} it happens when a discard "
        f"leaves {in_words(TWO_LEFT)} cards or fewer in the stock. What such a hand scores is in "
        "each profile's own rules.",
    )


def _score_sheet_section() -> Section:
    return (
        "The score sheet",
        "Scores are points and a pot holds chips; neither is money. Every change to a score "
        "is written down with its reason (a difference, a penalty, a bonus, a buy-back...), "
        "and amounts are exact: one that does not come out whole is kept as a fraction such "
        "as 7/2, never rounded."
        "\nWhen a hand is over the game shows every player's melds, deadwood and count, "
        "each lay-off (which card went onto which meld), how the hand ended (knock, "
        "undercut, gin, rum or stock exhausted) and every change to the scores with its "
        "reason, so you can check the sums yourself.",
    )


def common_sections() -> list[Section]:
    """The rules every profile shares, in reading order."""
    return [
        _cards_section(),
        _melds_section(),
        _deadwood_section(),
        _deal_section(),
        _turn_section(),
        _knocking_section(),
        _layoffs_section(),
        _undercut_section(),
        _gin_section(),
        _stock_section(),
        _score_sheet_section(),
    ]


# ----------------------------------------------------------------------------- own rules


def cards_dealt(p: Profile) -> str:
    """``"10 cards each for two players, 7 for three to five"``."""
    by_size: dict[int, list[int]] = {}
    for players, size in p.hand_sizes.items():
        by_size.setdefault(size, []).append(players)
    deals: list[str] = []
    for size, counts in by_size.items():
        who = in_words(counts[0])
        if len(counts) > 1:
            who += (" or " if len(counts) == 2 else " to ") + in_words(counts[-1])
        deals.append(f"{size} for {who}" if deals else f"{size} cards each for {who} players")
    return ", ".join(deals)


def _players_section(p: Profile) -> Section:
    if p.min_players == p.max_players:
        players = p.min_players
        text = f"{in_words(players).capitalize()} players, {p.hand_size(players)} cards each."
    else:
        text = f"{p.min_players} to {p.max_players} players; {cards_dealt(p)}."
    if p.jokers:
        text += (
            f" The deck has {len(new_deck(p.jokers))} cards, {in_words(p.jokers)} of them jokers."
        )
    return ("Players and cards", text)


def _upcard_section(p: Profile) -> Section:
    return (
        "The first upcard",
        "The non-dealer may take the first upcard or pass it. If they pass, the dealer may "
        "take it or pass; if both pass, the non-dealer draws from the stock and play goes on "
        "as usual.",
    )


def _pot_section(p: Profile) -> Section:
    return (
        "The pot",
        "Before the first deal every player puts the stake into the pot: "
        f"{p.default_stake} chips unless another stake is chosen in New game. The whole pot "
        "goes to the last player standing.",
    )


def _knock_section(p: Profile) -> Section:
    if p.first_round_no_knock:
        when = (
            "With any count, but not before every player has had one turn: nobody's first "
            "turn can end with a knock."
        )
    elif p.knock_limit is not None:
        when = f"Only when the cards you keep after the discard count {p.knock_limit} or less."
    else:
        when = "On any turn, the first included, with any count."
    if p.is_gin:
        when += " A knock at zero is gin."
    elif p.settlement == "ledger":
        when += " A knock at zero is rum."
    if p.layoffs:
        who = "the other player" if p.max_players == 2 else "each other player"
        when += f" After a knock that is not gin, {who} may lay off onto the knocker's melds."
    else:
        when += " Nobody lays off: every count stays as it is."
    return ("Knocking", when)


def _ledger_scoring(p: Profile) -> str:
    penalty = p.knock_penalty
    return (
        "Every point is paid by one player to another, so the scores always add up to zero."
        "\n• The lowest count wins the hand, and every other player pays the winner the "
        "difference between the two counts."
        f"\n• A knocker beaten by a lower count also pays the winner {penalty}."
        "\n• A knocker tied for the lowest count pays nothing and receives nothing (no "
        f"{penalty} either); the players tied with them collect from the higher hands."
        "\n• When several players who did not knock share the lowest count, they share the "
        f"winnings equally, the beaten knocker's {penalty} included, and the shares are "
        "kept exact as fractions."
        f"\n• Rum wins even against another zero: every other player pays the knocker their "
        f"count + {p.gin_bonus}."
    )


def _layoff_scoring(p: Profile) -> str:
    if p.max_players == 2:
        return (
            "Counts are compared after lay-offs."
            "\n• The knocker is lower: the knocker scores the difference."
            "\n• Undercut (the other player is equal or lower): they score the difference"
            f"{plus(p.undercut_bonus)}, and the knocker scores nothing."
            "\n• Gin, with no lay-offs against it: the knocker scores the other player's count"
            f"{plus(p.gin_bonus)}."
        )
    return (
        "Counts are compared after lay-offs."
        "\n• The knocker is lower than every other player: the knocker scores the sum of the "
        "differences with each of them."
        "\n• Undercut (a player is equal or lower): that player scores the difference"
        f"{plus(p.undercut_bonus)}, and the knocker scores nothing. With several undercutters "
        "the lowest count wins, and every player tied at that count scores it."
        "\n• Gin, with no lay-offs against it: the knocker scores every other player's count, "
        f"added together{plus(p.gin_bonus)}: the bonus once, not once for each player."
    )


def _cumulative_scoring(p: Profile) -> str:
    return (
        "\n• Every player adds their own count to their score, a joker left out of every "
        f"meld counting {JOKER_POINTS}; the lower your score, the better."
        f"\n• A player with no deadwood takes {p.zero_deadwood_reward} off their score "
        "instead."
        "\n• The knock itself scores nothing: it ends the round."
    ).lstrip("\n")


_SCORING = {"ledger": _ledger_scoring, "points": _layoff_scoring, "gin": _layoff_scoring}


def _scoring_section(p: Profile) -> Section:
    scoring = _SCORING.get(p.settlement, _cumulative_scoring)(p)
    scoring += "".join(f"\nExample: {example}" for example in scoring_examples(p))
    return ("Scoring", scoring)


def _stock_rule(p: Profile) -> Section:
    if p.exhaustion == "two-left":
        rule = (
            f"When a discard leaves {in_words(TWO_LEFT)} cards or fewer in the stock and nobody "
            "has knocked, the hand ends."
        )
    else:
        rule = (
            "When the stock is empty, the player to move takes the top discard or declines "
            "it. Declining ends the hand, and so does every player having had a turn since "
            "the stock ran out."
        )
    if p.settlement == "ledger":
        rule += (
            " The counts are then paid as above, with no knock penalty and no rum bonus, "
            "since nobody knocked."
        )
    elif p.settlement == "cumulative":
        rule += " The round is scored exactly like one ended by a knock."
    else:
        rule += " The hand is a draw: nobody scores."
    return ("When the stock runs out", rule)


def _session_section(p: Profile) -> Section:
    if p.session == "rotation":
        return (
            "The session",
            "One deal by each player, so as many hands as there are players. The highest net "
            "score wins; players tied at the top share the win.",
        )
    if p.session == "to-target":
        return (
            "The game",
            f"The first player to reach {p.target} wins. If several reach {p.target} in the "
            "same hand, the highest total wins; players tied at the top share the win.",
        )
    if p.session in ("gin-box", "gin-line"):
        bonus = "box bonus" if p.session == "gin-box" else "line bonus"
        text = (
            f"The game ends when a player reaches {p.target}. The winner then adds a game "
            f"bonus of {p.game_bonus}"
            + (", twice over for a shutout (when the loser has scored nothing)") * p.shutout_doubles
            + f", and each player adds {p.hand_bonus} for every hand they won (the {bonus})."
        )
        if p.shutout_doubles:
            text += f"\nExample: {shutout_example(p)}"
        return ("The game", text)
    return (
        "Elimination",
        f"A player whose score reaches {p.target} or more is out. Once in a game, a player "
        "who goes out may buy back in by paying half of what the pot holds at that moment "
        "into the pot; they come back with the highest score among the players still in. "
        "The offer is made at the moment they go out, before the next deal, and half of an "
        "odd pot is kept exact, as a fraction. If every player still in would go out after "
        "the same round, those with the lowest score stay in. The last player standing "
        "wins the whole pot."
        f"\nExample: {buy_back_example(p)}",
    )


def _house_rules(p: Profile) -> Section:
    return ("House rules in force", "\n".join(f"• {rule}" for rule in p.resolved))


def own_sections(profile_id: str) -> list[Section]:
    """One profile's own rules, its house rules last."""
    p = get_profile(profile_id)
    return [
        _players_section(p),
        *([_upcard_section(p)] if p.upcard_offer else []),
        *([_pot_section(p)] if p.default_stake else []),
        _knock_section(p),
        _scoring_section(p),
        _stock_rule(p),
        _session_section(p),
        _house_rules(p),
    ]


def rules_page(profile_id: str) -> list[Section]:
    """Headed paragraphs for one profile's rules page: its own rules first, then the rules
    every profile shares."""
    return own_sections(profile_id) + common_sections()
