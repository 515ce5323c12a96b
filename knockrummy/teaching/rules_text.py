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
from ..engine.phases import HandResult
from ..engine.profiles import PROFILES, ExhaustionKind, Profile, SettlementKind, get_profile
from ..language import N_, _, games
from ..language.cards import face_letters
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
    return games.short_name(profile.id)


EXAMPLE = N_("Example:")
"""The label of a worked example's paragraph (``rules_document`` sets it in italics)."""


def example(sentence: str) -> str:
    """A worked example's paragraph: its label, then the sentence."""
    return f"{_(EXAMPLE)} {sentence}"


def _listing(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    # Translators: the end of a list of names ("Gin Rummy, Poker Rum and Knock Rummy").
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _names_where(test: Callable[[Profile], bool]) -> str:
    """The short names of the profiles that pass ``test``, in registry order."""
    return _listing([short_name(p) for p in PROFILES.values() if test(p)])


# --------------------------------------------------------------------------- common rules


def _cards_section() -> Section:
    decks = [
        # Translators: {game} is a game's name, {jokers} a number in words ("two").
        _("{game} adds {jokers} jokers ({cards} cards)").format(
            game=short_name(p), jokers=in_words(p.jokers), cards=len(new_deck(p.jokers))
        )
        for p in PROFILES.values()
        if p.jokers
    ]
    cards = len(new_deck())
    deck = (
        # Translators: rules page; {} hold numbers, words ("two") or games' names.
        _("One deck of {cards} cards; {decks}.").format(cards=cards, decks=_listing(decks))
        if decks
        # Translators: rules page; {} hold numbers, words ("two") or games' names.
        else _("One deck of {cards} cards.").format(cards=cards)
    )
    ace, _jack, queen, king = face_letters()
    # Translators: rules page; {ace}, {queen}, {king} are the letters the faces print
    # for an ace, a queen and a king (A, D, R on a French deck).
    aces = _(
        "Aces are always low: {ace}-2-3 is a run, but {queen}-{king}-{ace} and "
        "{king}-{ace}-2 are not."
    )
    return (_("The cards"), deck + " " + aces.format(ace=ace, queen=queen, king=king))


def _melds_section() -> Section:
    text = _(
        "A set is three or four cards of the same rank. A run is three or more cards of one "
        "suit in sequence. No card can be in two melds. Melds stay in your hand while you "
        "play: nothing is put down on the table until the hand is over."
    )
    jokers = _names_where(lambda p: p.jokers > 0)
    if jokers:
        # Translators: rules page; {} hold numbers, words ("two") or games' names.
        text += "\n" + _(
            "Jokers ({games}): a joker can stand for any card, but a meld holds one "
            "joker at most. A joker cannot carry a run past the ace or the king, and a set "
            "holds four cards at most, the joker included."
        ).format(games=jokers)
    return (_("Melds"), text)


def _deadwood_section() -> Section:
    _ace, jack, queen, king = face_letters()
    return (
        _("Deadwood and the count"),
        # Translators: rules page; {joker} a number; {jack}, {queen}, {king} the letters the
        # faces print for a jack, a queen and a king (V, D, R on a French deck).
        _(
            "Cards that are in no meld are deadwood, and your count is their values added up: "
            "an ace is 1, a 2 to a 10 its number, {jack} {queen} {king} are 10 each, and a "
            "joker left out of every meld is {joker}. When a hand is over the game sorts every "
            "hand into the melds that leave the lowest count, which is not always the longest "
            "meld."
        ).format(joker=JOKER_POINTS, jack=jack, queen=queen, king=king)
        + "\n"
        + example(deadwood_example()),
    )


def _deal_section() -> Section:
    profile = get_profile("poker-rum")
    return (
        _("The deal"),
        _(
            "The first dealer is picked at random. The player on the dealer's right cuts the "
            "deck, and the dealer deals one card at a time, clockwise, starting with the player "
            "on their left. The next card is turned face up to start the discard pile; the "
            "rest, face down, is the stock. The player on the dealer's left plays first (with "
            "two players, the non-dealer) and play goes clockwise. After each hand the deal "
            "passes one seat to the left, so two players take turns to deal."
        )
        + "\n"
        + example(deal_example(profile, short_name(profile), 4)),
    )


def _turn_section() -> Section:
    return (
        _("A turn"),
        _(
            "Take the top card of the stock or the top card of the discard pile. Then discard "
            "one card face up, and play passes to the next player; or put it face down to "
            "knock. A card you took from the discard pile cannot go back on it in the same "
            "turn, not even face down as your knock."
        ),
    )


def _knocking_section() -> Section:
    return (
        _("Knocking"),
        _(
            "A knock ends the hand on the spot: nobody plays another turn, every hand is shown "
            "and counted, and the face-down card is not part of the knocker's count. You never "
            "have to knock; each profile's own rules, below, say when you may."
        ),
    )


def _layoffs_section() -> Section:
    return (
        _("Lay-offs"),
        # Translators: {games} and {others} are lists of games' names.
        _(
            "In {games}, once a player has knocked, each of the "
            "other players may lay off deadwood onto the knocker's melds: the fourth card of a "
            "three-card set, or cards that carry a run on at either end, several in a row if "
            "they follow on. Nobody lays off onto anyone else's melds, the knocker never lays "
            "off, and nobody lays off against gin. In "
            "{others} there are no lay-offs at all."
        ).format(
            games=_names_where(lambda p: p.layoffs), others=_names_where(lambda p: not p.layoffs)
        )
        + "\n"
        + _(
            "Each player chooses their own melds and their lay-offs together, for the lowest "
            "count they can reach, and lays off independently of the other players, as if "
            "alone: one player's lay-offs never open or close a place for another's."
        )
        + "\n"
        + _(
            "The knocker's melds are the arrangement with the lowest count. When several "
            "arrangements tie, the game shows the one that leaves the fewest lay-off cards "
            "among the cards the knocker does not hold; if that still ties, the one that "
            "leaves the other players the highest total count after their lay-offs."
        )
        + "\n"
        + example(layoff_example()),
    )


def _undercut_section() -> Section:
    return (
        _("Undercut"),
        # Translators: {layoffs}, {ledger} and {cumulative} are lists of games' names.
        _(
            "A knocker can lose the hand they ended. In "
            "{layoffs} the knocker is undercut by any player whose "
            "count, after lay-offs, is equal to or lower than the knocker's; in "
            "{ledger} the knocker is beaten by a "
            "strictly lower count (a tie for lowest is not a defeat there). What an undercut "
            "wins is in each profile's own rules. "
            "{cumulative} has no undercut: everyone "
            "adds their own count."
        ).format(
            layoffs=_names_where(lambda p: p.layoffs),
            ledger=_names_where(lambda p: p.settlement is SettlementKind.LEDGER),
            cumulative=_names_where(lambda p: p.settlement is SettlementKind.CUMULATIVE),
        ),
    )


def _gin_section() -> Section:
    rewards = [
        # Translators: {game} is a game's name; a part of a list after "Instead, ".
        _(
            "in {game} every player who ends a round with no deadwood, knocker or not, "
            "takes {reward} off their score"
        ).format(game=short_name(p), reward=p.zero_deadwood_reward)
        for p in PROFILES.values()
        if p.zero_deadwood_reward
    ]
    # Translators: rules page; {} hold numbers, words ("two") or games' names.
    text = _(
        "A knock with no deadwood at all is called gin in "
        "{gin} and rum in "
        "{rum}. It wins the hand outright, "
        "even against another count of zero, earns a bonus, and nobody lays off against it."
    ).format(
        gin=_names_where(lambda p: p.is_gin),
        rum=_names_where(lambda p: p.zero_knock_result == HandResult.RUM),
    )
    if rewards:
        # Translators: rules page; {} hold numbers, words ("two") or games' names.
        text += " " + _("Instead, {rewards}.").format(rewards=_listing(rewards))
    return (_("Gin and rum"), text)


def _stock_section() -> Section:
    return (
        _("When the stock runs out"),
        # Translators: {decline} and {two_left} are lists of games' names, {cards} a
        # number in words ("two").
        _(
            "A hand can also end with nobody knocking. In "
            "{decline} that happens when the stock is "
            "empty and the player to move declines the discard, or once every player has had a "
            "turn since the stock ran out, so a hand always ends. In "
            "{two_left} it happens when a discard "
            "leaves {cards} cards or fewer in the stock. What such a hand scores is in "
            "each profile's own rules."
        ).format(
            decline=_names_where(lambda p: p.exhaustion is ExhaustionKind.DECLINE),
            two_left=_names_where(lambda p: p.exhaustion is ExhaustionKind.TWO_LEFT),
            cards=in_words(TWO_LEFT),
        ),
    )


def _score_sheet_section() -> Section:
    return (
        _("The score sheet"),
        _(
            "Scores are points and a pot holds chips; neither is money. Every change to a score "
            "is written down with its reason (a difference, a penalty, a bonus, a buy-back...), "
            "and amounts are exact: one that does not come out whole is kept as a fraction such "
            "as 7/2, never rounded."
        )
        + "\n"
        + _(
            "When a hand is over the game shows every player's melds, deadwood and count, "
            "each lay-off (which card went onto which meld), how the hand ended (knock, "
            "undercut, gin, rum or stock exhausted) and every change to the scores with its "
            "reason, so you can check the sums yourself."
        ),
    )


def common_sections() -> list[Section]:
    """The rules every profile shares, in reading order, in the current language."""
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
        low = in_words(counts[0])
        if len(counts) == 1:
            who = low
        elif len(counts) == 2:
            # Translators: a number of players, in words ("two or three").
            who = _("{low} or {high}").format(low=low, high=in_words(counts[-1]))
        else:
            # Translators: a number of players, in words ("three to five").
            who = _("{low} to {high}").format(low=low, high=in_words(counts[-1]))
        deals.append(
            # Translators: a later part of "10 cards each for two players, 7 for three".
            _("{size} for {who}").format(size=size, who=who)
            if deals
            # Translators: rules page; {} hold numbers, words ("two") or games' names.
            else _("{size} cards each for {who} players").format(size=size, who=who)
        )
    return ", ".join(deals)


def _players_section(p: Profile) -> Section:
    if p.min_players == p.max_players:
        players = p.min_players
        # Translators: rules page; {} hold numbers, words ("two") or games' names.
        text = _("{players} players, {size} cards each.").format(
            players=in_words(players).capitalize(), size=p.hand_size(players)
        )
    else:
        # Translators: rules page; {} hold numbers, words ("two") or games' names.
        text = _("{low} to {high} players; {dealt}.").format(
            low=p.min_players, high=p.max_players, dealt=cards_dealt(p)
        )
    if p.jokers:
        # Translators: rules page; {} hold numbers, words ("two") or games' names.
        text += " " + _("The deck has {cards} cards, {jokers} of them jokers.").format(
            cards=len(new_deck(p.jokers)), jokers=in_words(p.jokers)
        )
    return (_("Players and cards"), text)


def _upcard_section(p: Profile) -> Section:
    return (
        _("The first upcard"),
        _(
            "The non-dealer may take the first upcard or pass it. If they pass, the dealer may "
            "take it or pass; if both pass, the non-dealer draws from the stock and play goes "
            "on as usual."
        ),
    )


def _pot_section(p: Profile) -> Section:
    return (
        _("The pot"),
        # Translators: rules page; {} hold numbers, words ("two") or games' names.
        _(
            "Before the first deal every player puts the stake into the pot: "
            "{stake} chips unless another stake is chosen in New game. The whole pot "
            "goes to the last player standing."
        ).format(stake=p.default_stake),
    )


ZERO_KNOCKS = {"gin": N_("A knock at zero is gin."), "rum": N_("A knock at zero is rum.")}
"""What a knock with no deadwood is called, by ``Profile.zero_knock_result``."""


def _knock_section(p: Profile) -> Section:
    if p.first_round_no_knock:
        when = _(
            "With any count, but not before every player has had one turn: nobody's first "
            "turn can end with a knock."
        )
    elif p.knock_limit is not None:
        # Translators: rules page; {} hold numbers, words ("two") or games' names.
        when = _("Only when the cards you keep after the discard count {limit} or less.").format(
            limit=p.knock_limit
        )
    else:
        when = _("On any turn, the first included, with any count.")
    if p.zero_knock_result is not None:
        when += " " + _(ZERO_KNOCKS[p.zero_knock_result])
    if p.layoffs and p.max_players == 2:
        when += " " + _(
            "After a knock that is not gin, the other player may lay off onto the knocker's melds."
        )
    elif p.layoffs:
        when += " " + _(
            "After a knock that is not gin, each other player may lay off onto the knocker's melds."
        )
    else:
        when += " " + _("Nobody lays off: every count stays as it is.")
    return (_("Knocking"), when)


def _ledger_scoring(p: Profile) -> str:
    penalty = p.knock_penalty
    return "\n• ".join(
        [
            _("Every point is paid by one player to another, so the scores always add up to zero."),
            _(
                "The lowest count wins the hand, and every other player pays the winner the "
                "difference between the two counts."
            ),
            # Translators: rules page; {} hold numbers, words ("two") or games' names.
            _("A knocker beaten by a lower count also pays the winner {penalty}.").format(
                penalty=penalty
            ),
            # Translators: rules page; {} hold numbers, words ("two") or games' names.
            _(
                "A knocker tied for the lowest count pays nothing and receives nothing (no "
                "{penalty} either); the players tied with them collect from the higher hands."
            ).format(penalty=penalty),
            # Translators: rules page; {} hold numbers, words ("two") or games' names.
            _(
                "When several players who did not knock share the lowest count, they share the "
                "winnings equally, the beaten knocker's {penalty} included, and the shares are "
                "kept exact as fractions."
            ).format(penalty=penalty),
            # Translators: rules page; {} hold numbers, words ("two") or games' names.
            _(
                "Rum wins even against another zero: every other player pays the knocker their "
                "count + {bonus}."
            ).format(bonus=p.gin_bonus),
        ]
    )


def _layoff_scoring(p: Profile) -> str:
    if p.max_players == 2:
        lines = [
            _("Counts are compared after lay-offs."),
            _("The knocker is lower: the knocker scores the difference."),
            # Translators: {plus} is a bonus added (" + 25") or nothing.
            _(
                "Undercut (the other player is equal or lower): they score the difference"
                "{plus}, and the knocker scores nothing."
            ).format(plus=plus(p.undercut_bonus)),
            # Translators: rules page; {} hold numbers, words ("two") or games' names.
            _(
                "Gin, with no lay-offs against it: the knocker scores the other player's count"
                "{plus}."
            ).format(plus=plus(p.gin_bonus)),
        ]
    else:
        lines = [
            _("Counts are compared after lay-offs."),
            _(
                "The knocker is lower than every other player: the knocker scores the sum of "
                "the differences with each of them."
            ),
            # Translators: rules page; {} hold numbers, words ("two") or games' names.
            _(
                "Undercut (a player is equal or lower): that player scores the difference"
                "{plus}, and the knocker scores nothing. With several undercutters "
                "the lowest count wins, and every player tied at that count scores it."
            ).format(plus=plus(p.undercut_bonus)),
            # Translators: rules page; {} hold numbers, words ("two") or games' names.
            _(
                "Gin, with no lay-offs against it: the knocker scores every other player's "
                "count, added together{plus}: the bonus once, not once for each player."
            ).format(plus=plus(p.gin_bonus)),
        ]
    return "\n• ".join(lines)


def _cumulative_scoring(p: Profile) -> str:
    return "\n".join(
        "• " + line
        for line in (
            # Translators: rules page; {} hold numbers, words ("two") or games' names.
            _(
                "Every player adds their own count to their score, a joker left out of every "
                "meld counting {joker}; the lower your score, the better."
            ).format(joker=JOKER_POINTS),
            # Translators: rules page; {} hold numbers, words ("two") or games' names.
            _("A player with no deadwood takes {reward} off their score instead.").format(
                reward=p.zero_deadwood_reward
            ),
            _("The knock itself scores nothing: it ends the round."),
        )
    )


SCORING_RULES = {
    SettlementKind.LEDGER: _ledger_scoring,
    SettlementKind.POINTS: _layoff_scoring,
    SettlementKind.GIN: _layoff_scoring,
    SettlementKind.CUMULATIVE: _cumulative_scoring,
}
"""The scoring rules' words, by the way the profile scores."""


def _scoring_section(p: Profile) -> Section:
    scoring = SCORING_RULES[p.settlement](p)
    scoring += "".join(f"\n{example(sentence)}" for sentence in scoring_examples(p))
    return (_("Scoring"), scoring)


def _stock_rule(p: Profile) -> Section:
    if p.exhaustion is ExhaustionKind.TWO_LEFT:
        # Translators: rules page; {} hold numbers, words ("two") or games' names.
        rule = _(
            "When a discard leaves {cards} cards or fewer in the stock and nobody "
            "has knocked, the hand ends."
        ).format(cards=in_words(TWO_LEFT))
    else:
        rule = _(
            "When the stock is empty, the player to move takes the top discard or declines "
            "it. Declining ends the hand, and so does every player having had a turn since "
            "the stock ran out."
        )
    rule += " " + _(EXHAUSTED_RULES[p.settlement])
    return (_("When the stock runs out"), rule)


EXHAUSTED_RULES = {
    SettlementKind.LEDGER: N_(
        "The counts are then paid as above, with no knock penalty and no "
        "rum bonus, since nobody knocked."
    ),
    SettlementKind.POINTS: N_("The hand is a draw: nobody scores."),
    SettlementKind.GIN: N_("The hand is a draw: nobody scores."),
    SettlementKind.CUMULATIVE: N_("The round is scored exactly like one ended by a knock."),
}
"""How a hand the stock ran out on is scored, by the way the profile scores."""


def _session_section(p: Profile) -> Section:
    if p.session.one_deal_each:
        return (
            _("The session"),
            _(
                "One deal by each player, so as many hands as there are players. The highest "
                "net score wins; players tied at the top share the win."
            ),
        )
    if p.session.has_pot:
        return _elimination_section(p)
    bonus = p.session.hand_bonus_name
    if bonus is None:
        return (
            _("The game"),
            # Translators: rules page; {} hold numbers, words ("two") or games' names.
            _(
                "The first player to reach {target} wins. If several reach {target} in the "
                "same hand, the highest total wins; players tied at the top share the win."
            ).format(target=p.target),
        )
    if p.shutout_doubles:
        # Translators: {bonus} is the name of the bonus for hands won ("box bonus").
        text = _(
            "The game ends when a player reaches {target}. The winner then adds a game "
            "bonus of {game_bonus}, twice over for a shutout (when the loser has scored "
            "nothing), and each player adds {hand_bonus} for every hand they won (the "
            "{bonus})."
        )
    else:
        # Translators: rules page; {} hold numbers, words ("two") or games' names.
        text = _(
            "The game ends when a player reaches {target}. The winner then adds a game "
            "bonus of {game_bonus}, and each player adds {hand_bonus} for every hand they "
            "won (the {bonus})."
        )
    text = text.format(
        target=p.target, game_bonus=p.game_bonus, hand_bonus=p.hand_bonus, bonus=_(bonus)
    )
    if p.shutout_doubles:
        text += "\n" + example(shutout_example(p))
    return (_("The game"), text)


def _elimination_section(p: Profile) -> Section:
    return (
        _("Elimination"),
        # Translators: rules page; {} hold numbers, words ("two") or games' names.
        _(
            "A player whose score reaches {target} or more is out. Once in a game, a player "
            "who goes out may buy back in by paying half of what the pot holds at that moment "
            "into the pot; they come back with the highest score among the players still in. "
            "The offer is made at the moment they go out, before the next deal, and half of an "
            "odd pot is kept exact, as a fraction. If every player still in would go out after "
            "the same round, those with the lowest score stay in. The last player standing "
            "wins the whole pot."
        ).format(target=p.target)
        + "\n"
        + example(buy_back_example(p)),
    )


def _house_rules(p: Profile) -> Section:
    return (_("House rules in force"), "\n".join(f"• {_(rule)}" for rule in p.resolved))


def own_sections(profile_id: str) -> list[Section]:
    """One profile's own rules, its house rules last, in the current language."""
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
