"""The words the window uses for the game's results and profiles, written once, in the
player's language.

Every sentence is whole, with named placeholders, and goes through the catalogue when it
is made (``_``, ``ngettext``, ``pgettext``), so a change of language shows at once. A
sentence about a seat comes in two forms: one for the seat spoken to ("You deal.") and
one for a named seat ("{player} deals."); word order and agreement differ between
languages, so neither is glued from fragments. Constants are English marked with ``N_``
and are translated where they are drawn (``_(HAND_LOG_TITLE)``).

Glossary:
    result word   how a hand ended, as the hand-end panel says it (``Knock``, ``Gin``...).
    going-out     the name of ending a hand: ``Gin`` at no deadwood in the gin profiles,
                  ``Rum`` at no deadwood in ``poker-rum``, otherwise ``Knock``.
    short name    a profile's name without its parenthesised details (``Gin Rummy``).
    you           a seat named ``You`` is spoken to: every sentence about it is in the
                  second person ("You deal", "Your deadwood", "You lay off 7♥"). Its name
                  is shown translated (``Vous``, ``Tú``).
    against       points that count against a player (Knock Rami's running score, which
                  puts a player out at 100): shown as ``+12 against you``, never as a gain.
    chips         the pot and the buy-back's price, exact as a player writes them: ``37½``,
                  ``84⅜`` (halving a pot leaves such parts), never 37.5 nor 75/2.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from ..engine.actions import Knock, TakeDiscard, parse_action
from ..engine.cards import Card
from ..engine.ledger import LedgerEntry, parse_amount
from ..engine.melds import discard_points
from ..engine.phases import HandResult
from ..engine.profiles import PROFILES, Profile, get_profile
from ..engine.refusals import Refusal
from ..engine.session import BUY_BACK, HAND_OVER, PLAYING, SESSION_OVER
from ..engine.views import PlayerView
from ..language import N_, _, games, message, ngettext, pgettext
from ..language.cards import card_words
from ..language.numbers import month_name, score
from ..teaching import lessons

YOU = "You"
"""The default name of the one person at a table (as stored: English), shown in the
language; who is spoken to in the second person is a seat, not a name (:class:`Addressed`)."""
COACH = "Coach"
"""The lesson's other seat, shown translated."""
DEFAULT_PLAYER = "Player "
"""The default names of the people at a pass-and-play table begin so (as stored:
English, ``Player 2``), shown in the language."""


def result_word(result: str) -> str:
    """How a settlement's result reads, capitalised as a title (``Knock``, ``Gin``,
    ``Stock exhausted``...), in the language."""
    if result == HandResult.KNOCK:
        # Translators: how a hand ended, as the title of the hand-end panel.
        return pgettext("result title", "Knock")
    if result == HandResult.UNDERCUT:
        # Translators: how a hand ended, as the title of the hand-end panel.
        return pgettext("result title", "Undercut")
    if result == HandResult.GIN:
        # Translators: how a hand ended, as the title of the hand-end panel.
        return pgettext("result title", "Gin")
    if result == HandResult.RUM:
        # Translators: how a hand ended, as the title of the hand-end panel.
        return pgettext("result title", "Rum")
    # Translators: how a hand ended, as the title of the hand-end panel.
    return pgettext("result title", "Stock exhausted")


def chips(value) -> str:
    """A number of chips, exact and written as every share is (see
    :func:`...language.numbers.score`): ``25``, ``37½``, ``84⅜``, ``379¹¹⁄₁₆``."""
    return score(value)


def chip_count(value) -> str:
    """Chips counted: ``1 chip``, ``37½ chips``."""
    count = Fraction(value)
    n = int(count) if count.denominator == 1 else 2  # a part of a chip counts as many
    # Translators: {chips} a number of chips ("37½").
    return ngettext("{chips} chip", "{chips} chips", n).format(chips=chips(value))


def going_out_kind(profile: Profile, deadwood: int) -> HandResult:
    """``gin``, ``rum`` or ``knock``: what ending the hand at ``deadwood`` is, as a key."""
    if deadwood == 0 and profile.zero_knock_result is not None:
        return profile.zero_knock_result
    return HandResult.KNOCK


def going_out_word(profile: Profile, deadwood: int) -> str:
    """``Gin``, ``Rum`` or ``Knock`` in the language: what ending the hand is called."""
    return result_word(going_out_kind(profile, deadwood))


def short_name(profile_id: str) -> str:
    """``Knock Rummy`` for ``knock-rummy``, in the language (an unknown profile: its id)."""
    return games.short_name(profile_id)


# ------------------------------------------------------------------ second person


class Addressed(str):
    """A seat's name where this screen speaks to the person in that seat: said "you"
    ("You deal", "your deadwood"). The table gives its viewer's name so (see
    :func:`addressed`), so each person at a pass-and-play table, or a guest at their own
    window, is "you" on their own screen; stored names stay as they were typed."""

    __slots__ = ()


def addressed(names: Sequence[str], seat: int | None) -> tuple[str, ...]:
    """``names`` with ``seat``'s spoken to (None: nobody's, as for a spectator)."""
    return tuple(
        Addressed(name) if index == seat else str(name) for index, name in enumerate(names)
    )


def addressed_view(view: PlayerView, seat: int | None) -> PlayerView:
    """``view`` with ``seat``'s name spoken to, for the words the screen makes of it."""
    return replace(view, names=addressed(view.names, seat))


def the_person(kinds: Sequence[str]) -> int | None:
    """The seat spoken to on a screen about a saved session: its one person (``kinds`` by
    seat, as saved: ``human`` or ``computer``); None when several people or none played."""
    people = [seat for seat, kind in enumerate(kinds) if kind == "human"]
    return people[0] if len(people) == 1 else None


def addressed_by_name(names: Sequence[str]) -> tuple[str, ...]:
    """``names`` of a saved session whose seats' kinds a screen does not have (the ledger's
    list): the one seat with the default name ``You`` is spoken to, if there is one."""
    people = [seat for seat, name in enumerate(names) if name == YOU]
    return addressed(names, people[0] if len(people) == 1 else None)


def is_you(name: str) -> bool:
    """Whether the seat named ``name`` is spoken to ("You deal") rather than of."""
    return isinstance(name, Addressed)


def stored_name(name: str) -> str:
    """A name as a name plate shows it: the default ``You``, ``Player 2`` and the lesson's
    ``Coach`` in the language, any other name as it was typed."""
    if name == YOU:
        # Translators: the name of the seat of the player at the screen.
        return pgettext("seat", "You")
    if name == COACH:
        # Translators: the name of the lesson's other seat.
        return pgettext("seat", "Coach")
    number = str(name).removeprefix(DEFAULT_PLAYER)
    if number != str(name) and number.isdigit():
        # Translators: the default name of a person's seat when several people share the
        # screen; {number} is the seat's number.
        return pgettext("seat", "Player {number}").format(number=number)
    return str(name)


def typed_name(name: str) -> str:
    """A name typed in Settings as it is stored: the default name as the language says it
    (``Vous``) is the default ``You`` again, any other name as it was typed."""
    return YOU if name == stored_name(YOU) else name


def shown_name(name: str) -> str:
    """A seat's name as a sentence says it: ``You`` for the seat spoken to, otherwise as
    :func:`stored_name` shows it."""
    if is_you(name):
        return pgettext("seat", "You")
    return stored_name(name)


def _either(name: str, you: str, other: str, **values) -> str:
    """``you`` when ``name`` is spoken to, else ``other`` with ``{player}`` the name: both
    already translated, filled with ``values``."""
    if is_you(name):
        return you.format(**values)
    return other.format(player=shown_name(name), **values)


def names_list(names: Sequence[str]) -> str:
    """``Ada``, ``Ada and Ben``, ``Ada, Ben and Cy`` in the language; the seat spoken to
    among others is "you" as a list says it (``Ada and you``, ``Ada et vous``)."""
    if len(names) <= 1:
        return "".join(shown_name(n) for n in names)
    # Translators: the player at the screen named in a list of players ("Ada and you").
    shown = [pgettext("in a list", "you") if is_you(n) else shown_name(n) for n in names]
    # Translators: the end of a list of names: "Ada and Ben" ({rest} may hold several,
    # already joined by commas).
    return _("{rest} and {last}").format(rest=", ".join(shown[:-1]), last=shown[-1])


# ------------------------------------------------------------------ the table's sentences


def knock_bubble(profile: Profile, deadwood: int) -> str:
    """What a seat calls out as it knocks."""
    word = going_out_word(profile, deadwood)
    if deadwood == 0:
        # Translators: a seat's call as it goes out; {word} is Gin, Rum or Knock.
        return _("{word}!").format(word=word)
    # Translators: a seat's call as it knocks; {word} is Knock, {count} its deadwood.
    return _("{word}! ({count})").format(word=word, count=deadwood)


def knock_card(view: PlayerView, selected: Card | None) -> Card | None:
    """The card a knock would throw now: the lifted card if it may knock, else the one
    that keeps the least deadwood (the first in the hand on a tie); None when the seat
    on view may not knock."""
    knockable = [a.card for a in view.legal_actions if isinstance(a, Knock)]
    if not knockable:
        return None
    if selected in knockable:
        return selected
    points = discard_points(list(view.hand), forbidden=view.taken)
    hand = list(view.hand)
    return min(knockable, key=lambda c: (points.get(c, 999), hand.index(c)))


def status_line(
    view: PlayerView,
    *,
    dealing: bool,
    viewer: int,
    viewer_plays: bool,
    thinking: bool,
    selected: Card | None,
) -> str:
    """What the status line says: what to do now, and when knocking becomes available.

    ``viewer_plays``: the seat to move is the human on screen; ``thinking``: a computer is
    deciding."""
    names = view.names
    if dealing:
        return _either(
            names[view.dealer],
            # Translators: {number} a hand's number.
            _("Hand {number}: you deal."),
            # Translators: {player} is the dealer's name.
            _("Hand {number}: {player} deals."),
            number=view.hand_number,
        )
    if view.phase != PLAYING:
        if view.phase == BUY_BACK:
            return _either(
                names[view.to_move],
                _("You decide whether to buy back in."),
                # Translators: {player} is a player's name.
                _("{player} decides whether to buy back in."),
            )
        return ""
    seat = view.to_move
    if seat != viewer or not viewer_plays:
        name = names[seat]
        if thinking:
            # Translators: {player} is a player's name.
            return _either(
                name,
                _("You are thinking…"),
                # Translators: {player} is a player's name.
                _("{player} is thinking…"),
            )
        # Translators: {player} is a player's name.
        return _either(
            name,
            _("Your turn."),
            # Translators: {player} is a player's name.
            _("{player} to play."),
        )
    legal = view.legal_actions
    up = card_words(view.discard_pile[-1]) if view.discard_pile else ""
    if view.hand_phase == "offer":
        # Translators: {card} is the upcard; D and P are keys.
        return _("The upcard {card} is offered to you: take it (D) or pass (P).").format(card=up)
    if view.hand_phase == "draw":
        if not view.stock_count:
            # Translators: {card} is the discard pile's top card; D and P are keys.
            text = _("The stock is empty: take the {card} (D) or pass (P) to end the hand.")
            return text.format(card=up)
        if TakeDiscard() in legal:
            # Translators: {card} is the discard pile's top card; S and D are keys.
            return _("Your turn: draw from the stock (S) or take the {card} (D).").format(card=up)
        return _("Your turn: draw from the stock (S).")
    profile = get_profile(view.profile_id)
    points = discard_points(list(view.hand), forbidden=view.taken)
    if selected is not None and selected in points:
        count = points[selected]
        # Translators: {card} a card ("7♥"); {count} the deadwood left.
        text = ngettext(
            "Discarding {card} leaves deadwood {count}.",
            "Discarding {card} leaves deadwood {count}.",
            count,
        ).format(card=card_words(selected), count=count)
    else:
        text = _("Select a card to discard (arrows, Enter; or drag it to the pile).")
    best = knock_card(view, selected)
    if best is not None:
        # the card the Knock button names, so the status, the button and the card agree
        word = going_out_word(profile, points[best])
        # Translators: {word} is Knock, Gin or Rum; {card} the card thrown face down;
        # {count} the deadwood it ends at; K is a key.
        extra = _("{word} available: throw {card} face down to end at {count} (K).")
        text += " " + extra.format(word=word, card=card_words(best), count=points[best])
    elif profile.first_round_no_knock and view.turn <= len(view.hand_sizes):
        text += " " + _("Knocking opens once everyone has played a turn.")
    elif profile.knock_limit is not None:
        low = min(points.values()) if points else 0
        # Translators: {best} the least deadwood reachable now; {limit} the most deadwood a knock
        # may keep.
        extra = _("Knocking needs deadwood {limit} or less (best now {best}).")
        text += " " + extra.format(limit=profile.knock_limit, best=low)
    return text


def headline(view: PlayerView) -> str:
    """The hand-end panel's title: the hand, its result and, at the end, the winner."""
    settlement = view.settlement
    seats = view.seats_in_hand
    names = view.names
    knocker = None if settlement.knocker is None else names[seats[settlement.knocker]]
    if settlement.result == HandResult.UNDERCUT and knocker is not None:
        # "Undercut by" names who undercut, never the knocker
        by = [names[seats[w]] for w in settlement.winners]
        beaten_by = names_list(by)
        if len(by) == 1 and is_you(by[0]):
            # Translators: {player} knocked and the player at the screen undercut.
            result = _("{player} knocked, undercut by you").format(player=shown_name(knocker))
        elif is_you(knocker):
            # Translators: {players}: who undercut the player at the screen.
            result = _("You knocked, undercut by {players}").format(players=beaten_by)
        else:
            # Translators: {player} is a player's name; {players} several players' names, already
            # joined ("Ada and Ben").
            result = _("{player} knocked, undercut by {players}").format(
                player=shown_name(knocker), players=beaten_by
            )
    elif knocker and is_you(knocker):
        result = _yours(settlement.result)
    elif knocker:
        # Translators: how a hand ended and who ended it: {player} is a player's name;
        # {result} how the hand ended (Knock, Gin...).
        result = _("{result} by {player}").format(
            result=result_word(settlement.result), player=shown_name(knocker)
        )
    else:
        result = result_word(settlement.result)
    # Translators: the hand-end panel's title: {number} is the hand's number, {result}
    # how it ended ("Gin by Ben").
    text = _("Hand {number} · {result}").format(number=view.hand_number, result=result)
    elimination = get_profile(view.profile_id).has_pot
    if view.phase == SESSION_OVER:
        winners = winners_line(view.names, view.winners, pot=elimination)
        # Translators: added to the panel's title at the end: {winners} ("Ben wins").
        text += " · " + _("Game over: {winners}").format(winners=winners)
    elif view.phase in (HAND_OVER, BUY_BACK) and elimination:
        # Translators: {chips} a number of chips ("37½").
        text += " · " + _("pot {chips}").format(chips=chips(view.pot))
    return text


def _yours(result: str) -> str:
    """How a hand the player at the screen ended is named in the panel's title: ``Knock by
    you`` (French "Votre frappe": the result's word takes the language's own form)."""
    if result == HandResult.GIN:
        # Translators: the hand-end panel's title: the player at the screen went gin.
        return _("Gin by you")
    if result == HandResult.RUM:
        # Translators: the hand-end panel's title: the player at the screen went rum.
        return _("Rum by you")
    # Translators: the hand-end panel's title: the player at the screen knocked.
    return _("Knock by you")


def winners_line(names, winners, pot: bool = False) -> str:
    """``Ben wins``, ``You win``, ``Ada and Ben win``; with ``pot``, ``Ben wins the pot``
    (paid out by now: the game-over screen says how much)."""
    who = [names[w] for w in winners]
    if len(who) == 1:
        if pot:
            # Translators: {player} is a player's name.
            return _either(
                who[0],
                _("You win the pot"),
                # Translators: {player} is a player's name.
                _("{player} wins the pot"),
            )
        # Translators: {player} is a player's name.
        return _either(
            who[0],
            _("You win"),
            # Translators: {player} is a player's name.
            _("{player} wins"),
        )
    others = [name for name in who if not is_you(name)]
    if len(others) < len(who):  # the player at the screen and others: "Ada and you win"
        players = names_list(others)
        if pot:
            # Translators: {players} the other winners' names, already joined ("Ada and
            # Ben"), who win with the player at the screen.
            return _("{players} and you win the pot").format(players=players)
        # Translators: {players} the other winners' names, already joined ("Ada and Ben"),
        # who win with the player at the screen.
        return _("{players} and you win").format(players=players)
    if pot:
        # Translators: {players} several players' names, already joined ("Ada and Ben").
        return _("{players} win the pot").format(players=names_list(who))
    # Translators: {players} several players' names, already joined ("Ada and Ben").
    return _("{players} win").format(players=names_list(who))


def game_over_line(names, winners, profile_id: str, pot) -> str:
    """The game-over screen's headline: ``You win!``; in Knock Rami with the pot won."""
    who = [names[w] for w in winners]
    others = [name for name in who if not is_you(name)]
    with_you = len(who) > 1 and len(others) < len(who)
    if counts_against(profile_id):
        amount = chip_count(pot)
        if len(who) == 1:
            return _either(
                who[0],
                # Translators: {amount} a number of chips ("45 chips").
                _("You win the pot of {amount}!"),
                # Translators: {amount} a number of chips ("45 chips"); {player} is a player's name.
                _("{player} wins the pot of {amount}!"),
                amount=amount,
            )
        if with_you:
            # Translators: {amount} a number of chips ("45 chips"); {players} the other
            # winners' names, already joined, who win with the player at the screen.
            return _("{players} and you win the pot of {amount}!").format(
                players=names_list(others), amount=amount
            )
        # Translators: {amount} a number of chips ("45 chips"); {players} several players' names,
        # already joined ("Ada and Ben").
        return _("{players} win the pot of {amount}!").format(
            players=names_list(who), amount=amount
        )
    if len(who) == 1:
        # Translators: {player} is a player's name.
        return _either(
            who[0],
            _("You win!"),
            # Translators: {player} is a player's name.
            _("{player} wins!"),
        )
    if with_you:
        # Translators: {players} the other winners' names, already joined ("Ada and Ben"),
        # who win with the player at the screen.
        return _("{players} and you win!").format(players=names_list(others))
    # Translators: {players} several players' names, already joined ("Ada and Ben").
    return _("{players} win!").format(players=names_list(who))


def final_score_line(name: str, score_text: str, won: bool, out: bool) -> str:
    """One line of the final scores: ``Ben  112  out``, ``You  40  winner``."""
    line = f"{shown_name(name)}  {score_text}"
    if won:
        # Translators: after a player's final score: they won.
        tag = _("winner")
    elif out:
        # Translators: after a player's final score: they are out (Knock Rami).
        tag = pgettext("player", "out")
    else:
        return line
    return f"{line}  {tag}"


def out_line(name: str, amount, target: int) -> str:
    """Why a player is out: ``You have 115 and are out (100 or more is out).``"""
    return _either(
        name,
        # Translators: {score} a score; {target} the score that ends the game.
        _("You have {score} and are out ({target} or more is out)."),
        # Translators: {player} is a player's name; {score} a score; {target} the score that ends
        # the game.
        _("{player} has {score} and is out ({target} or more is out)."),
        score=score(amount),
        target=target,
    )


def stays_in_line(name: str, amount, target: int) -> str:
    """Why a player at or over the target is still in (Knock Rami): ``Ben has 136 and
    stays in: everyone still in reached 100 in the same hand, and the lowest score stays
    in.``"""
    return _either(
        name,
        # Translators: Knock Rami: the player at the screen is at or over the score that
        # puts a player out, but stays in: {score} a score; {target} that score (100).
        _(
            "You have {score} and stay in: everyone still in reached {target} in the same "
            "hand, and the lowest score stays in."
        ),
        # Translators: Knock Rami: {player} is at or over the score that puts a player out,
        # but stays in: {score} a score; {target} that score (100).
        _(
            "{player} has {score} and stays in: everyone still in reached {target} in the "
            "same hand, and the lowest score stays in."
        ),
        score=score(amount),
        target=target,
    )


FRACTION_OF_A_CHIP = N_(
    "Half of an odd pot is kept exact, as a fraction of a chip: the rules never round it."
)
"""Why the pot, a buy-back or a share shows a fraction (Knock Rami; see the rules)."""
FRACTION_OF_A_POINT = N_(
    "A share split between players is kept exact, as a fraction of a point: the rules "
    "never round it."
)
"""Why a score shows a fraction (shared winnings; see the rules)."""


def buy_back_offer(name: str, amount, price, pot, return_score) -> str:
    """The buy-back in words, with the engine's exact price (``7½``, never 7.5)."""
    values = dict(
        score=score(amount),
        price=chip_count(price),
        pot=chips(pot),
        back=score(return_score),
    )
    # Translators: the buy-back offer (Knock Rami): {score} the player's score, {price} a
    # number of chips ("7½ chips"), {pot} the pot, {back} the score they return at.
    return _either(
        name,
        # Translators: {back} a score; {pot} the chips in the pot; {price} a number of chips ("7½
        # chips"); {score} a score.
        _(
            "You have {score} and are out. Buy back for {price}, half the pot of {pot}, "
            "and return at {back}, the highest score still in, or stay out."
        ),
        # Translators: {back} a score; {player} is a player's name; {pot} the chips in the pot;
        # {price} a number of chips ("7½ chips"); {score} a score.
        _(
            "{player} has {score} and is out. {player} may buy back for {price}, half the "
            "pot of {pot}, and return at {back}, the highest score still in, or stay out."
        ),
        **values,
    )


def buy_back_button(price) -> str:
    # Translators: {chips} a number of chips ("37½").
    return _("Buy back for {chips}").format(chips=chips(price))


def buy_back_words(bought: bool, name: str = "") -> str:
    """The bubble by a seat that answered the buy-back offer (``name``: that seat's)."""
    if is_you(name):
        return _("You buy back in") if bought else _("You stay out")
    # Translators: a bubble by another seat's name plate (no name: the plate shows it).
    return _("buys back in") if bought else _("stays out")


def plural(count: int, word: str, many: str = "") -> str:
    """A count and its noun, agreeing, in English (kept for code that names things in
    English only; the window uses ``ngettext`` sentences)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def progress_words(hand: int, turns: int, hands_finished: int) -> str:
    """Where an unfinished session stands: ``hand 1, just dealt``, ``hand 2, 5 turns
    played``, ``hand 3 finished`` (scored, the next not yet dealt)."""
    if hand <= hands_finished:
        # Translators: {number} a hand's number.
        return _("hand {number} finished").format(number=hand)
    if turns == 0:
        # Translators: {number} a hand's number.
        return _("hand {number}, just dealt").format(number=hand)
    # Translators: {count} a number; {number} a hand's number.
    return ngettext(
        "hand {number}, {count} turn played", "hand {number}, {count} turns played", turns
    ).format(number=hand, count=turns)


def daily_words(day: str) -> str:
    """A daily deal's mark: ``Daily deal, 4 December`` (``day``: an ISO date)."""
    try:
        date = datetime.date.fromisoformat(day)
    except (TypeError, ValueError):
        return _("Daily deal")
    # Translators: a daily deal's mark in the Continue list: {day} the day of the month,
    # {month} the month's name (translated on its own).
    return _("Daily deal, {day} {month}").format(day=date.day, month=month_name(date.month))


def continue_row(
    profile_id: str,
    names,
    when,
    *,
    hand: int = 1,
    turns: int = 0,
    hands_finished: int = 0,
    daily: str | None = None,
) -> str:
    """An unfinished session in the Continue list: the daily deal's mark, rules, players,
    where the play stands, when last played."""
    # Translators: when a game was last played, in few characters: {day} the day of the
    # month, {month} the month's name, {time} 09:01.
    day = _("{day} {month} {time}").format(
        day=when.tm_mday,
        month=month_name(when.tm_mon),
        time=f"{when.tm_hour:02d}:{when.tm_min:02d}",
    )
    mark = f"{daily_words(daily)} · " if daily is not None else ""
    progress = progress_words(hand, turns, hands_finished)
    players = ", ".join(shown_name(n) for n in names)
    return f"{mark}{short_name(profile_id)} · {players} · {progress} · {day}"


def page_line(page: int, pages: int) -> str:
    """Under a list longer than a page: ``Page 1 of 2 (Page Down for more)``."""
    # Translators: Page Down and Page Up are keys.
    return _("Page {page} of {pages} (Page Down for more, Page Up to go back)").format(
        page=page + 1, pages=pages
    )


def handoff_lines(name: str, others: list[str]) -> list[str]:
    """Pass-and-play: the hand-off screen's title, its instruction and who looks away."""
    # Translators: pass-and-play: the screen hands the game to {player}.
    lines = [
        # Translators: {player} is a player's name.
        _either(
            name,
            _("Pass to you"),
            # Translators: {player} is a player's name.
            _("Pass to {player}"),
        ),
        _("Click or press Enter when ready"),
    ]
    if others:
        # Translators: {players} several players' names, already joined ("Ada and Ben").
        lines.append(_("{players}: please look away.").format(players=names_list(others)))
    return lines


# Translators: a bubble by a seat that passed.
PASS_WORD = N_("Pass")
"""The bubble by a seat that passes."""
HINT_THINKING = N_("Thinking about a hint…")
# Translators: the score sheet's last line: I is the key that shows the deal's details.
DETAILS_LINE = N_("Deal details: I")
"""The score sheet's last line: where the seed's fingerprint and the deal code are."""
DETAILS_CLOSE = N_("Press I or Escape to close.")
KEEP_PLAYING = N_("Keep playing")
"""The knock confirmation's second button: no knock, the turn goes on."""
SKIP_TO_END = N_("Skip to the result")
"""Once the only person at the table is out of Knock Rami: play the rest at once."""
UNDO_LABEL = N_("Undo")
"""The button that takes back the discard just made (U, or Ctrl+Z)."""

# the table's buttons (a button naming a card or a price has its own function)
DISCARD_LABEL = N_("Discard")
PASS_LABEL = N_("Pass")
HINT_LABEL = N_("Hint")
LOG_LABEL = N_("Log")
PILE_LABEL = N_("Pile")
MENU_LABEL = N_("Menu")
# the hand-end panel's buttons
NEXT_HAND_LABEL = N_("Next hand")
STAY_OUT_LABEL = N_("Stay out")
CLOSE_LABEL = N_("Close")
REPLAY_HAND_LABEL = N_("Replay hand")
DETAILS_LABEL = N_("Details")


def knock_label() -> str:
    """The table's Knock button before a knock is allowed (to knock: a verb)."""
    # Translators: the table's button: to knock (a verb, as buttons are).
    return pgettext("table button", "Knock")


def going_out_label(kind: HandResult) -> str:
    """A button that goes out, by what going out is (``going_out_kind``): ``Knock``,
    ``Gin``, ``Rum``, as buttons say it (French "Frapper", "Faire gin")."""
    if kind == HandResult.GIN:
        # Translators: a button: to go gin (a verb, as buttons are: "Faire gin").
        return pgettext("table button", "Gin")
    if kind == HandResult.RUM:
        # Translators: a button: to go rum (a verb, as buttons are: "Faire rum").
        return pgettext("table button", "Rum")
    return knock_label()


def knock_button(kind: HandResult, card: Card) -> str:
    """The Knock button once a knock is allowed, naming the card it throws: ``Knock with
    8♠``, ``Gin with 8♠`` (``kind`` from ``going_out_kind``)."""
    words = card_words(card)
    if kind == HandResult.GIN:
        # Translators: the table's button that goes gin throwing {card} face down (a verb,
        # as buttons are: "Faire gin avec {card.the}").
        return pgettext("table button", "Gin with {card}").format(card=words)
    if kind == HandResult.RUM:
        # Translators: the table's button that goes rum throwing {card} face down (a verb,
        # as buttons are).
        return pgettext("table button", "Rum with {card}").format(card=words)
    # Translators: the table's button that knocks throwing {card} face down (a verb, as
    # buttons are: "Frapper avec {card.the}").
    return pgettext("table button", "Knock with {card}").format(card=words)


SORT_ORDERS = {"melds": N_("melds"), "rank": N_("rank"), "suit": N_("suit"), "custom": N_("custom")}
"""How each way of sorting the hand is named on the Sort button."""


def sort_label(order: str) -> str:
    """The Sort button: the order the hand is in now (``melds``, ``rank``, ``suit`` or the
    player's own, ``custom``)."""
    # Translators: the Sort button: {order} is how the hand is sorted now.
    return _("Sort: {order}").format(order=_(SORT_ORDERS[order]))


def with_undo_offer(status: str, card: Card) -> str:
    """The status line while the discard just made may be taken back: the line, then the
    offer (see :func:`undo_offer`)."""
    return f"{status} {undo_offer(card)}"


def undo_offer(card: Card) -> str:
    """The status line's addition while the discard just made may be taken back."""
    # Translators: U is a key; {card} the card just thrown.
    return _("Undo (U) takes back {card}.").format(card=card_words(card))


def taken_back(card: Card) -> str:
    """The status line once the discard is taken back."""
    # Translators: {card} a card ("7♥").
    return _("You took back the discard of {card}: your turn again.").format(card=card_words(card))


# Translators: over the card taken from the pile this turn (short).
TAKEN_MARK = N_("taken")
# Translators: over the card just drawn from the stock (short).
DRAWN_MARK = N_("new")
"""Over the card just drawn from the stock, where the sort put it."""
# Translators: on the stock's place once it is empty (short).
EMPTY_STOCK = N_("empty")


def panel_name(name: str, knocked: bool) -> str:
    """A seat's name on the hand-end panel, saying who knocked: ``Ben (knocked)``, ``You
    (knocked)``."""
    if not knocked:
        return shown_name(name)
    return _either(
        name,
        # Translators: the hand-end panel names the player at the screen, who knocked.
        _("You (knocked)"),
        # Translators: the hand-end panel names a player who knocked.
        _("{player} (knocked)"),
    )


def four_colour_notice(on: bool) -> str:
    """What the F key says at the table: the four-colour deck switched on or off."""
    if on:
        return _("Four-colour deck on.")
    return _("Four-colour deck off.")


def sound_notice(on: bool) -> str:
    """What the M key says at the table: the sound switched on or off."""
    return _("Sound on.") if on else _("Sound off.")


def pot_label(pot) -> str:
    # Translators: {chips} a number of chips ("37½").
    return _("Pot {chips}").format(chips=chips(pot))


def plate_lines(name: str, label: str | None, amount, out: bool) -> list[str]:
    """A seat's name plate: its name, then a computer's level (or ``out``) and the score:
    ``Easy · score 12``; a person's plate says only ``score 12``."""
    # Translators: {score} a score.
    score_words = _("score {score}").format(score=score(amount))
    if out:
        # Translators: a name plate: the player is out (Knock Rami); {score} "score 112".
        return [stored_name(name), _("out · {score}").format(score=score_words)]
    if label is None:
        return [stored_name(name), score_words]
    return [stored_name(name), f"{label} · {score_words}"]


def away_label() -> str:
    """On the name plate of a friend whose line has dropped (online play)."""
    # Translators: on a name plate, before the score: the player's line has dropped.
    return _("away")


def leaves_label(count: int) -> str:
    """Over the lifted card: the count its discard leaves."""
    # Translators: over a lifted card: throwing it leaves {count} deadwood (short).
    return _("leaves {count}").format(count=count)


def deadwood_label(count: int, name: str = "") -> str:
    """A count under a seat's name: ``Your deadwood 7``, ``deadwood 7`` for others."""
    if is_you(name):
        return _("Your deadwood {count}").format(count=count)
    return _("deadwood {count}").format(count=count)


def total_label(amount) -> str:
    # Translators: {score} a score.
    return _("total {score}").format(score=score(amount))


def counts_against(profile_id: str) -> bool:
    """Whether points are bad for whoever gets them (Knock Rami: out at the target)."""
    return profile_id in PROFILES and get_profile(profile_id).counts_against


def change_amount(amount, against: bool, name: str = "") -> str:
    """A hand's change to one score: ``+29``, ``±0``, or ``+12 against you``."""
    if not amount:
        return "±0"
    sign = "+" if amount > 0 else ""
    text = f"{sign}{score(amount)}"
    if against and amount > 0:
        if not name:
            # Translators: points that count against the player named beside them.
            return _("{points} against them").format(points=text)
        # Translators: {points} points ("+12").
        return _either(
            name,
            # Translators: {points} points ("+12") that count against the player at the screen.
            _("{points} against you"),
            # Translators: {player} is a player's name.
            _("{points} against {player}"),
            points=text,
        )
    return text


CHANGE_SEPARATOR = " · "
"""Between a score change and its reason, so that "+41 against you" and "deadwood 41"
never read as one phrase."""


def change_line(
    entry: LedgerEntry, against: bool = False, name: str = "", names: Sequence[str] = ()
) -> str:
    """One score change and its reason, a middle dot between them: ``+29 · difference
    38 - 9 with Ada``, ``+12 against you · your deadwood``. ``names``: the session's names
    by seat, which name the entry's counterparty (see :func:`reason_words`)."""
    reason = reason_words(entry, names)
    return f"{change_amount(entry.amount, against, name)}{CHANGE_SEPARATOR}{reason}"


# ------------------------------------------------------------------ reasons and refusals
#
# The engine hands out why a score changed (``LedgerEntry.why``) and why a move is refused
# (``Refusal``) as a code with values; each is worded here, a whole sentence per code, in
# the language. Whether a sentence speaks to a player or of them is ``_either``'s choice.


def _difference(values) -> str:
    shared = values["shared"]
    if shared > 1:
        # Translators: a score change: {a} a deadwood count; {b} the lower deadwood count;
        # {k} how many players share the difference.
        return _("difference {a} - {b}, shared {k} ways").format(
            a=values["a"], b=values["b"], k=shared
        )
    # Translators: a score change: {a} a deadwood count; {b} the lower deadwood count.
    return _("difference {a} - {b}").format(a=values["a"], b=values["b"])


def _beaten_knock(values) -> str:
    shared = values["shared"]
    if shared > 1:
        # Translators: a score change: {k} how many players share it.
        return _("beaten knock, shared {k} ways").format(k=shared)
    return _("beaten knock")


def _their_deadwood(them: str | None) -> str:
    if them is None:
        return _("another player's deadwood")
    return _either(
        them,
        _("your deadwood"),
        # Translators: {player} is a player's name.
        _("{player}'s deadwood"),
    )


def _hands_won(values) -> str:
    won = values["won"]
    # Translators: a score change at a game's end: {won} hands won, {n} the bonus for each.
    text = ngettext("{won} hand won x {n}", "{won} hands won x {n}", won)
    return text.format(won=won, n=values["n"])


_REASONS = {
    # Translators: a score change: {n} a deadwood count.
    "deadwood": lambda v, them: _("deadwood {n}").format(n=v["n"]),
    "difference": lambda v, them: _difference(v),
    "beaten-knock": lambda v, them: _beaten_knock(v),
    "their-deadwood": lambda v, them: _their_deadwood(them),
    "rum-bonus": lambda v, them: _("rum bonus"),
    "gin-bonus": lambda v, them: _("gin bonus"),
    "undercut-bonus": lambda v, them: _("undercut bonus"),
    # Translators: a score change: {n} the points taken off.
    "clean-hand": lambda v, them: _("no deadwood: {n} off").format(n=v["n"]),
    # Translators: a change of chips: {n} a number of chips.
    "stake": lambda v, them: _("put {n} into the pot").format(n=chips(v["n"])),
    "game-bonus": lambda v, them: _("game bonus"),
    "shutout": lambda v, them: _("shutout: game bonus doubled"),
    "hands-won": lambda v, them: _hands_won(v),
    # Translators: a change of chips: {n} a number of chips.
    "buy-back": lambda v, them: _("bought back in for half the pot ({n})").format(
        n=chips(Fraction(v["price"]))
    ),
    # Translators: a score change: {n} a score.
    "buy-back-score": lambda v, them: _("returned with the highest score still in ({n})").format(
        n=score(parse_amount(v["score"]))
    ),
    # Translators: a change of chips: {n} a number of chips.
    "pot": lambda v, them: _("took the pot as the last player standing ({n})").format(
        n=chips(Fraction(v["pot"]))
    ),
}
"""Each reason code's words, from its values and the counterparty's name (or None)."""


def reason_words(entry: LedgerEntry, names: Sequence[str] = ()) -> str:
    """An entry's reason in the language, from its code and values (``entry.why``), with
    grammar for ``You``: ``your deadwood``, ``Ben's deadwood``, ``to you: deadwood 7``,
    ``difference 38 - 9 with you``. ``names``: the session's names by seat, which name
    the entry's counterparty. An entry without values (made by hand, or an old save's row
    its moves no longer give) shows the words it was stored with."""
    why = entry.why
    if why is None:
        return entry.reason
    other = entry.counterparty
    them = names[other] if other is not None and 0 <= other < len(names) else None
    detail = _REASONS[why.code](why.values, them)
    if them is None or why.party is None:
        return detail
    if why.party == "to":
        return _either(
            them,
            # Translators: {reason} why points were paid to the player at the screen.
            _("to you: {reason}"),
            # Translators: points paid to another player, and why ({reason}); {player} is a
            # player's name.
            _("to {player}: {reason}"),
            reason=detail,
        )
    if why.party == "from":
        return _either(
            them,
            # Translators: {reason} why points were taken from the player at the screen.
            _("from you: {reason}"),
            # Translators: points taken from another player, and why ({reason}); {player}
            # is a player's name.
            _("from {player}: {reason}"),
            reason=detail,
        )
    return _either(
        them,
        # Translators: {reason} why a score changed ("difference 38 - 9"), counted against
        # the player at the screen.
        _("{reason} with you"),
        # Translators: a score change and whom it was counted against: {reason} is
        # "difference 38 - 9"; {player} is a player's name.
        _("{reason} with {player}"),
        reason=detail,
    )


_RULES = {
    "upcard-offered": N_("The upcard is offered first: take it or pass."),
    "draw-first": N_("Draw a card (from the stock or the discard pile) before discarding."),
    "stock-empty": N_("The stock is empty: take the discard or pass."),
    "discard-pile-empty": N_("The discard pile is empty."),
    "upcard-passed": N_("Both players passed the upcard, so the first draw is from the stock."),
    "pass-not-allowed": N_(
        "Passing is allowed only on the upcard offer or when the stock is empty."
    ),
    "drawn-already": N_("You have drawn already: discard a card or knock."),
    "taken-card-kept": N_(
        "A card taken from the discard pile cannot be discarded in the same turn."
    ),
    "first-round-no-knock": N_("Nobody may knock until every player has had one turn."),
    "hand-over": N_("The hand is over."),
    "hand-in-play": N_("A hand is being played."),
    "deal-next": N_("The hand is over: deal the next one."),
    "session-over": N_("The game is over."),
    "no-take-backs": N_("This game has no take-backs (they are for one player against computers)."),
    "knock-kept": N_("A knock cannot be taken back."),
    "taken-back-already": N_("The discard has been taken back already."),
    "discard-ended-hand": N_("The discard ended the hand."),
    "take-back-too-late": N_("A discard can be taken back only until the next player has moved."),
    "nothing-to-take-back": N_(
        "You have not discarded in this hand yet: there is nothing to take back."
    ),
    "script-over": N_("The lesson is over."),
    "online-stale": N_("The table has moved on since you chose this move: look again."),
    "online-waiting": N_("Your last move has not been played yet."),
    "online-too-fast": N_("Too many moves at once: wait a moment."),
}
"""The refusals whose sentence carries no value."""

_OUTSIDE_A_HAND = {
    "next": N_("Dealing the next hand is not a move within a hand."),
    "buy-back": N_("Buying back is not a move within a hand."),
    "stay-out": N_("Staying out is not a move within a hand."),
    "undo": N_("Taking back a discard is not a move within a hand."),
}
"""``not-a-hand-action``: the session's actions (and a take-back), which a hand refuses."""
_OTHER_MOVE = N_("That move is not a move within a hand.")


def _card_named(values) -> str:
    return card_words(Card.parse(values["card"]))


_NAMED_RULES = {
    # Translators: {card} a card ("7♥").
    "card-not-held": lambda v: _("{card} is not in your hand.").format(card=_card_named(v)),
    # Translators: {limit} the most deadwood a knock may keep, {count} what this one keeps.
    "knock-deadwood-over-limit": lambda v: _(
        "A knock must keep deadwood of {limit} or less, and this one keeps {count}."
    ).format(limit=v["limit"], count=v["count"]),
    # Translators: {number} a player's place at the table (1, 2...).
    "out-of-turn-in-hand": lambda v: _("It is player {number}'s turn.").format(number=v["number"]),
    "not-a-hand-action": lambda v: _(_OUTSIDE_A_HAND.get(v["action"], _OTHER_MOVE)),
    # Translators: {kind} the name of a type in the program's code ("str"), as it is.
    "not-an-action": lambda v: _("A {kind} is not an action.").format(kind=v["kind"]),
    # Translators: {kind} the name of a type in the program's code ("str"), as it is.
    "discard-without-card": lambda v: _("A discard must name a card, not a {kind}.").format(
        kind=v["kind"]
    ),
    # Translators: {kind} the name of a type in the program's code ("str"), as it is.
    "knock-without-card": lambda v: _("A knock must name a card, not a {kind}.").format(
        kind=v["kind"]
    ),
    "out-of-turn": lambda v: _either(
        v["player"],
        _("It is your turn."),
        # Translators: {player} is a player's name.
        _("It is {player}'s turn."),
    ),
    "answer-buy-back": lambda v: _either(
        v["player"],
        _("You must answer the buy-back offer first."),
        # Translators: {player} is a player's name.
        _("{player} must answer the buy-back offer first."),
    ),
    "take-back-not-yours": lambda v: _either(
        v["player"],
        _("Only you may take back a discard in this game."),
        # Translators: {player} is a player's name.
        _("Only {player} may take back a discard in this game."),
    ),
    "take-back-by-discarder": lambda v: _either(
        v["player"],
        _("Only you, who discarded, may take the discard back."),
        # Translators: {player} is a player's name.
        _("Only {player}, who discarded, may take the discard back."),
    ),
    "script-step": lambda v: lessons.try_action(parse_action(v["action"])),
    "script-waits": lambda v: lessons.try_action(None),
}
"""The refusals whose sentence is made from their values."""


def refusal_words(refusal: Refusal, you: int | None = None) -> str:
    """A refused move's rule as the status line says it, in the language, from its code
    and values: ``Draw a card (from the stock or the discard pile) before discarding.``,
    ``7♥ is not in your hand.``; a refusal that names a seat speaks to it as "you" when it
    is ``you`` (the seat on screen)."""
    plain = _RULES.get(refusal.code)
    if plain is not None:
        return _(plain)
    values = dict(refusal.values)
    if "seat" in values and "player" in values:
        values["player"] = addressed([str(values["player"])], 0 if values["seat"] == you else None)[
            0
        ]
    return _NAMED_RULES[refusal.code](values)


message.say_values_of(Refusal, refusal_words)  # a refusal kept in a message is said so too


# ------------------------------------------------------------------ keys that cannot act
# What a key the game documents says when it cannot act now (see ui/table/answers.py);
# where the rules forbid the move, the engine's refusal says why instead.

WAIT_DEALING = N_("Wait: the cards are being dealt.")
WAIT_SHOWING = N_("Wait: the last move is still being shown.")
SELECT_FIRST = N_("Select a card to discard first: the arrows, or a click on it.")
ANSWER_KNOCK_QUESTION = N_(
    "Answer the question first: Knock (K or Y) or Keep playing (Escape or N)."
)
KNOCK_WEIGHING = N_("Weighing up the knock…")
SKIP_NOT_OFFERED = N_(
    "Skip to the result is offered once you are out of a Knock Rami game against computers."
)
PANEL_NEXT_HAND = N_("The hand is over: Next hand (Enter or N) deals the next one.")
PANEL_BUY_BACK = N_("Answer the buy-back offer first: Buy back (B) or Stay out (O).")
PANEL_GAME_OVER = N_("The game is over: Close (Enter) leaves the table.")
PANEL_AUTOPLAY = N_("The next hand is dealt in a moment.")
HANDOFF_FIRST = N_(
    "The table shows once the screen is handed over: click or press Enter when ready, "
    "or Escape for the menu."
)


def turn_of(view: PlayerView, you: int | None) -> str:
    """Whose turn it is, as the rules' refusal says it ("It is Ben's turn."), spoken to
    ``you`` when it is theirs."""
    seat = view.to_move
    rule = Refusal("out-of-turn", {"seat": seat, "player": str(view.names[seat])})
    return refusal_words(rule, you)


def buy_back_first(view: PlayerView, you: int | None) -> str:
    """The seat offered to buy back must answer first, as the rules' refusal says it."""
    seat = view.to_move
    rule = Refusal("answer-buy-back", {"seat": seat, "player": str(view.names[seat])})
    return refusal_words(rule, you)


def more_changes(count: int) -> str:
    return ngettext("and {count} more change", "and {count} more changes", count).format(
        count=count
    )


def layoff_legend(notes: list[tuple[str, str, str]]) -> str:
    """The panel's lay-off line from (who, cards given, meld) notes."""
    # Translators: the hand-end panel's lay-off line; {layoffs} lists them, joined by ";".
    return _("Lay-offs (blue): {layoffs}").format(layoffs="; ".join(layoff_clauses(notes)))


def layoffs_said(notes: list[tuple[str, str, str]]) -> str:
    """The lay-offs as speech says them (the panel's colour aside)."""
    # Translators: said at a hand's end; {layoffs} lists who laid off what, joined by ";".
    return _("Lay-offs: {layoffs}.").format(layoffs="; ".join(layoff_clauses(notes)))


def layoff_clauses(notes: list[tuple[str, str, str]]) -> list[str]:
    """Each (who, cards given, meld) note in words: ``Ben lays off 7♣ onto 7♠ 7♥ 7♦``."""
    return [
        _either(
            who,
            # Translators: {cards} the cards laid off, {meld} the meld they go onto.
            _("You lay off {cards} onto {meld}"),
            # Translators: {cards} cards ("7♥ 8♥"); {meld} a meld's cards; {player} is a player's
            # name.
            _("{player} lays off {cards} onto {meld}"),
            cards=given,
            meld=meld,
        )
        for who, given, meld in notes
    ]


# ------------------------------------------------------------------ what each seat knows


def move_words(kind: str, card: Card | None, first: bool) -> str:
    """One public move in words, as in a seat's last action: ``took 7♣ from the pile``.

    ``kind`` is ``stock``, ``pile``, ``throw``, ``knock`` or ``pass``; ``card`` is named
    only when the seat on screen may know it; ``first``: a pass before anyone drew is a
    pass on the upcard. The words follow the seat's name (:func:`turn_line`): in the past
    tense, which agrees with "You" and with a name alike in English; the catalogue's
    forms are the third person's past, used with the name shown before them."""
    name = card_words(card) if card is not None else ""
    if kind == "stock":
        if card:
            # Translators: {card} a card ("7♥").
            return _("drew {card} from the stock").format(card=name)
        return _("drew from the stock")
    if kind == "pile":
        # Translators: {card} a card ("7♥").
        return _("took {card} from the pile").format(card=name)
    if kind == "throw":
        # Translators: {card} a card ("7♥").
        return _("threw {card}").format(card=name)
    if kind == "knock":
        if card:
            # Translators: {card} a card ("7♥").
            return _("went out, {card} face down").format(card=name)
        return _("went out, one card face down")
    return _("passed the upcard") if first else _("passed")


def turn_line(name: str, words: list[str]) -> str:
    """A turn in the hand log: ``Ben took 7♣ from the pile, threw K♠``."""
    # Translators: a turn in the hand log: {player} a name (or "You"), {moves} what they
    # did, joined by commas ("took 7♣ from the pile, threw K♠"): the moves agree with
    # any player, so a log line may set them after a colon, as a log does.
    return _("{player} {moves}").format(player=shown_name(name), moves=", ".join(words))


def deadwood_now(count: int, best_leaves: int | None) -> list[str]:
    """By the viewer's hand: the deadwood held and, once a card was drawn, what the best
    discard would leave."""
    lines = [_("Deadwood {count}").format(count=count)]
    if best_leaves is not None:
        lines.append(_("best discard leaves {count}").format(count=best_leaves))
    return lines


HAND_LOG_TITLE = N_("This hand (L)")
HAND_LOG_EMPTY = N_("No moves yet.")
PILE_TITLE = N_("The discard pile, oldest first (V)")
PILE_EMPTY = N_("The pile is empty.")


def score_sheet_title(profile: Profile, hand_number: int, players: int) -> list[str]:
    """The score sheet's first lines: the game, then the hand and what ends it (``to 100``;
    in a rotation, ``hand 2 of 4``, one deal each; where a score against a player puts
    them out, ``out at 100``)."""
    name = short_name(profile.id)
    if profile.session.one_deal_each:
        # Translators: {count} a number; {number} a hand's number.
        return [name, _("hand {number} of {count}").format(number=hand_number, count=players)]
    if profile.has_pot:
        return [
            name,
            # Translators: {number} a hand's number; {target} the score that ends the game.
            _("hand {number} · out at {target}").format(number=hand_number, target=profile.target),
        ]
    return [
        name,
        # Translators: {number} a hand's number; {target} the score that ends the game.
        _("hand {number} · to {target}").format(number=hand_number, target=profile.target),
    ]


def score_sheet_row(
    name: str,
    amount,
    *,
    out: bool = False,
    bought_back: bool = False,
    hands_won: int | None = None,
) -> str:
    """One player's line on the score sheet."""
    # Translators: a line of the score sheet: {player} a name, {score} their score.
    text = _("{player}: {score}").format(player=shown_name(name), score=score(amount))
    if hands_won is not None:
        # Translators: on the score sheet: {count} hands the player has won.
        won = ngettext("won {count}", "won {count}", hands_won)
        text += " · " + won.format(count=hands_won)
    if bought_back:
        text += " · " + _("bought back")
    if out:
        text += " · " + pgettext("player", "out")
    return text


def rule_tip_line(tip: str) -> str:
    """A rule tip as the table shows it."""
    # Translators: {tip} a rule tip's sentence.
    return _("Rule tip: {tip}").format(tip=tip)


# ------------------------------------------------------------------ lessons

LEARN_TITLE = N_("Learn to play")
LEARN_SUBTITLE = N_("A short guided hand for each game, one step at a time")
BACK_LABEL = N_("Back")
NEXT_LABEL = N_("Next")
FINISH_LABEL = N_("Finish")
WAIT_FOR_NEXT = N_("Read the lesson's words, then press Next (N).")
"""The status line while a lesson's step waits for Next."""
# Translators: N and Esc are keys, the same in every language.
LESSON_NEXT_KEYS = N_("N: Next · Esc: leave, resume later")
"""Under a lesson's words when the step waits for Next."""
# These are English marked for the catalogue (``N_``): the lesson's screens show them
# through ``_()`` when drawn, so a change of language shows at once.


def lesson_label(title: str, step: int | None, steps: int) -> str:
    """A lesson's line in the list: its title, and where the player left it (``step``
    counted from 0; None: not started)."""
    if step is None:
        return title
    # Translators: a lesson left half-way; {lesson} is its title, {step} and {steps} say
    # where it resumes ("step 3 of 9").
    return _("{lesson} (resume at step {step} of {steps})").format(
        lesson=title, step=step + 1, steps=steps
    )


def lesson_counter(game: str, step: int, steps: int) -> str:
    """Over a lesson's words: ``Learn Gin Rummy · step 3 of 12`` (``step`` from 0)."""
    # Translators: over a lesson's words: {game} is the game's name, {step} and {steps}
    # where the lesson stands ("step 3 of 9").
    return _("Learn {game} · step {step} of {steps}").format(game=game, step=step + 1, steps=steps)


def lesson_do_it(on_panel: bool) -> str:
    """Under a lesson's words when the step asks for a move: where to make it."""
    if on_panel:
        return _("Do it on the panel · Esc: leave, resume later")
    return _("Do it at the table · Esc: leave, resume later")


def game_and_hand(game: str, hand_number: int) -> str:
    """The table's corner line where no score sheet is drawn: ``Knock Rummy · hand 2``."""
    # Translators: {game} a game's name; {number} a hand's number.
    return _("{game} · hand {number}").format(game=game, number=hand_number)


def hands_left_label(left: int) -> str:
    """``poker-rum``: hands still to play in the rotation."""
    if left == 1:
        return _("last hand")
    return ngettext("{count} hand left", "{count} hands left", left).format(count=left)


# ------------------------------------------------------------------ replays and details


def pile_words(count: int, top: str) -> str:
    """The replay's discard pile: ``Discard pile: 1 card, 7♥ on top``."""
    # Translators: {card} a card ("7♥"); {count} a number.
    return ngettext(
        "Discard pile: {count} card, {card} on top",
        "Discard pile: {count} cards, {card} on top",
        count,
    ).format(count=count, card=top)


def stock_words(count: int) -> str:
    """The replay's stock heading: ``Stock, 31 cards, top first:``."""
    return ngettext(
        "Stock, {count} card, top first:", "Stock, {count} cards, top first:", count
    ).format(count=count)


# Translators: the button that shows a deal's details; I is its key.
DETAILS_KEY_LABEL = N_("Details (I)")
"""The button that shows a deal's engineer's data (its code, seed and fingerprint)."""
HIDE_DETAILS_LABEL = N_("Hide details (I)")


def details_lines(
    *, deal_code: str | None = None, seed: int | None = None, fingerprint: str | None = None
) -> list[str]:
    """A deal's details, in full: the code that deals it again, its seed, and the seed's
    fingerprint (fixed before play, so anyone can check the deal was not changed)."""
    lines = []
    if deal_code:
        # Translators: {code} a deal code.
        lines.append(_("Deal code {code}: replay this deal from New game").format(code=deal_code))
    if seed is not None:
        # Translators: {seed} a number.
        lines.append(_("Seed {seed}").format(seed=seed))
    if fingerprint:
        # Translators: {fingerprint} is a long hexadecimal code.
        text = _("Fingerprint (SHA-256 of the seed, fixed before play): {fingerprint}")
        lines.append(text.format(fingerprint=fingerprint))
    return lines
