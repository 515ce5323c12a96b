"""The words the window uses for the game's results and profiles, written once.

Glossary:
    result word   how a hand ended, as the hand-end panel says it (``Knock``, ``Gin``...).
    going-out     the name of ending a hand: ``Gin`` at no deadwood in the gin profiles,
                  ``Rum`` at no deadwood in ``poker-rum``, otherwise ``Knock``.
    short name    a profile's name without its parenthesised details (``Gin Rummy``).
    you           a seat named ``You`` is spoken to: every sentence about it is in the
                  second person ("You deal", "Your deadwood", "You lay off 7♥").
    against       points that count against a player (Knock Rami's running score, which
                  puts a player out at 100): shown as ``+12 against you``, never as a gain.
    chips         the pot and the buy-back's price, exact as a player writes them: ``37½``,
                  ``379 11/16`` (halving a pot leaves such parts), never 37.5 nor 75/2.
"""

from __future__ import annotations

from fractions import Fraction

from ..engine.actions import Knock, TakeDiscard
from ..engine.cards import Card
from ..engine.ledger import LedgerEntry, format_amount
from ..engine.melds import discard_points
from ..engine.profiles import PROFILES, Profile, get_profile
from ..engine.session import BUY_BACK, HAND_OVER, PLAYING, SESSION_OVER
from ..engine.views import PlayerView

YOU = "You"
"""The name that makes a seat be spoken to in the second person."""

RESULT_WORDS = {
    "knock": "Knock",
    "undercut": "Undercut",
    "gin": "Gin",
    "rum": "Rum",
    "exhausted": "Stock exhausted",
}
"""How each settlement result reads."""


VULGAR = {(1, 2): "½", (1, 4): "¼", (3, 4): "¾"}
"""The fractions of a chip a pot halved once or twice leaves, as a player writes them."""


def chips(value) -> str:
    """A number of chips, exact and as a player reads it: ``25``, ``37½``, ``18¾``, and a
    pot halved more often as a mixed number, ``379 11/16`` (never rounded)."""
    value = Fraction(value)
    whole, part = divmod(abs(value), 1)
    sign = "-" if value < 0 else ""
    if not part:
        return format_amount(value)
    mark = VULGAR.get((part.numerator, part.denominator))
    if mark is not None:
        return f"{sign}{int(whole) or ''}{mark}"
    return f"{sign}{f'{int(whole)} ' if whole else ''}{part.numerator}/{part.denominator}"


def going_out_word(profile: Profile, deadwood: int) -> str:
    """``Gin``, ``Rum`` or ``Knock``: what ending the hand at ``deadwood`` is called."""
    if deadwood == 0:
        if profile.is_gin:
            return "Gin"
        if profile.id == "poker-rum":
            return "Rum"
    return "Knock"


def short_name(profile_id: str) -> str:
    """``Knock Rummy`` for ``knock-rummy`` (a profile this version does not know: its id)."""
    return PROFILES[profile_id].short_name if profile_id in PROFILES else profile_id


# ------------------------------------------------------------------ second person


def is_you(name: str) -> bool:
    """Whether the seat named ``name`` is spoken to ("You deal") rather than of."""
    return name == YOU


def says(name: str, you_form: str, other_form: str) -> str:
    """``name`` and the verb that agrees with it: ``You deal``, ``Ben deals``."""
    return f"{name} {you_form if is_you(name) else other_form}"


def whose(name: str) -> str:
    """The possessive: ``Your``, ``Ben's``."""
    return "Your" if is_you(name) else f"{name}'s"


def object_name(name: str) -> str:
    """``name`` as the object of a sentence: ``you``, ``Ben``."""
    return "you" if is_you(name) else name


# ------------------------------------------------------------------ the table's sentences


def knock_bubble(profile: Profile, deadwood: int) -> str:
    """What a seat calls out as it knocks."""
    word = going_out_word(profile, deadwood)
    return f"{word}!" if deadwood == 0 else f"{word}! ({deadwood})"


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
        return f"Hand {view.hand_number}: {says(names[view.dealer], 'deal', 'deals')}."
    if view.phase != PLAYING:
        if view.phase == BUY_BACK:
            return f"{says(names[view.to_move], 'decide', 'decides')} whether to buy back in."
        return ""
    seat = view.to_move
    if seat != viewer or not viewer_plays:
        name = names[seat]
        if thinking:
            return f"{says(name, 'are', 'is')} thinking…"
        return "Your turn." if is_you(name) else f"{name} to play."
    legal = view.legal_actions
    up = view.discard_pile[-1].symbol if view.discard_pile else ""
    if view.hand_phase == "offer":
        return f"The upcard {up} is offered to you: take it (D) or pass (P)."
    if view.hand_phase == "draw":
        if not view.stock_count:
            return f"The stock is empty: take the {up} (D) or pass (P) to end the hand."
        if TakeDiscard() in legal:
            return f"Your turn: draw from the stock (S) or take the {up} (D)."
        return "Your turn: draw from the stock (S)."
    profile = get_profile(view.profile_id)
    points = discard_points(list(view.hand), forbidden=view.taken)
    knockable = [c for c in points if Knock(c) in legal]
    if selected is not None and selected in points:
        text = f"Discarding {selected.symbol} leaves deadwood {points[selected]}."
    else:
        text = "Select a card to discard (arrows, Enter; or drag it to the pile)."
    if knockable:
        # the lifted card, if it can knock, so the status, the hint and the card agree
        best = selected if selected in knockable else min(knockable, key=lambda c: points[c])
        word = going_out_word(profile, points[best])
        text += f" {word} available: throw {best.symbol} face down to end at {points[best]} (K)."
    elif profile.first_round_no_knock and view.turn <= len(view.hand_sizes):
        text += " Knocking opens once everyone has played a turn."
    elif profile.knock_limit is not None:
        low = min(points.values()) if points else 0
        text += f" Knocking needs deadwood {profile.knock_limit} or less (best now {low})."
    return text


def headline(view: PlayerView) -> str:
    """The hand-end panel's title: the hand, its result and, at the end, the winner."""
    settlement = view.settlement
    seats = view.seats_in_hand
    names = view.names
    text = f"Hand {view.hand_number} · "
    knocker = None if settlement.knocker is None else names[seats[settlement.knocker]]
    if settlement.result == "undercut" and knocker is not None:
        # "Undercut by" names who undercut, never the knocker
        beaten_by = ", ".join(object_name(names[seats[w]]) for w in settlement.winners)
        text += f"{knocker} knocked, undercut by {beaten_by}"
    else:
        by = f" by {object_name(knocker)}" if knocker else ""
        text += RESULT_WORDS[settlement.result] + by
    elimination = get_profile(view.profile_id).session == "elimination"
    if view.phase == SESSION_OVER:
        text += " · Game over: " + winners_line(view.names, view.winners)
        if elimination:
            text += " the pot"  # paid out by now: the game-over screen says how much
    elif view.phase in (HAND_OVER, BUY_BACK) and elimination:
        text += f" · pot {chips(view.pot)}"
    return text


def winners_line(names, winners) -> str:
    """``Ben wins``, ``You win``, ``Ada and Ben win``."""
    who = " and ".join(names[w] for w in winners)
    plural = len(winners) > 1 or (len(winners) == 1 and is_you(names[winners[0]]))
    return f"{who} {'win' if plural else 'wins'}"


def game_over_line(names, winners, profile_id: str, pot) -> str:
    """The game-over screen's headline: ``You win``; in Knock Rami with the pot won."""
    text = winners_line(names, winners)
    if counts_against(profile_id):
        text += f" the pot of {chips(pot)} chips"
    return text + "!"


def final_score_line(name: str, score: str, won: bool, out: bool) -> str:
    """One line of the final scores: ``Ben  112  out``, ``You  40  winner``."""
    tag = "  winner" if won else "  out" if out else ""
    return f"{name}  {score}{tag}"


def out_line(name: str, score, target: int) -> str:
    """Why a player is out: ``You have 115 and are out (100 or more is out).``"""
    have = says(name, "have", "has")
    are = "are" if is_you(name) else "is"
    return f"{have} {format_amount(score)} and {are} out ({target} or more is out)."


def buy_back_offer(name: str, score, price, pot, return_score) -> str:
    """The buy-back in words, with the engine's exact price (``7½``, never 7.5)."""
    have = says(name, "have", "has")
    are = "are" if is_you(name) else "is"
    verb = "Buy back" if is_you(name) else f"{name} may buy back"
    return (
        f"{have} {format_amount(score)} and {are} out. {verb} for {chips(price)} "
        f"chips, half the pot of {chips(pot)}, and return at "
        f"{format_amount(return_score)}, the highest score still in, or stay out."
    )


def buy_back_button(price) -> str:
    return f"Buy back for {chips(price)}"


def buy_back_words(bought: bool, name: str = "") -> str:
    """The bubble by a seat that answered the buy-back offer (``name``: that seat's)."""
    if is_you(name):
        return "You buy back in" if bought else "You stay out"
    return "buys back in" if bought else "stays out"


def continue_row(profile_id: str, names, hands_played: int, when) -> str:
    """An unfinished session in the Continue list: rules, players, hands, when played."""
    hands = (
        "just dealt"
        if hands_played == 0
        else f"{hands_played} hand{'' if hands_played == 1 else 's'} played"
    )
    day = f"{when.tm_mday} {MONTHS[when.tm_mon - 1]} {when.tm_hour:02d}:{when.tm_min:02d}"
    return f"{short_name(profile_id)} · {', '.join(names)} · {hands} · {day}"


def page_line(page: int, pages: int) -> str:
    """Under a list longer than a page: ``Page 1 of 2 (Page Down for more)``."""
    return f"Page {page + 1} of {pages} (Page Down for more, Page Up to go back)"


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def handoff_lines(name: str, others: list[str]) -> list[str]:
    """Pass-and-play: the hand-off screen's title, its instruction and who looks away."""
    lines = [f"Pass to {name}", "Click or press Enter when ready"]
    if others:
        lines.append(f"{', '.join(others)}: please look away.")
    return lines


PASS_WORD = "Pass"
"""The bubble by a seat that passes."""
HINT_THINKING = "Thinking about a hint…"
SELECT_TO_KNOCK = "Lift the card to throw face down first (arrows or a click), then press K."
UNDO_LABEL = "Undo"
"""The button that takes back the discard just made (U, or Ctrl+Z)."""


def undo_offer(card: Card) -> str:
    """The status line's addition while the discard just made may be taken back."""
    return f"Undo (U) takes back {card.symbol}."


def taken_back(card: Card) -> str:
    """The status line once the discard is taken back."""
    return f"You took back the discard of {card.symbol}: your turn again."


TAKEN_MARK = "taken"
"""Over the card taken from the pile this turn."""
EMPTY_STOCK = "empty"
KNOCKED_TAG = " (knocked)"


def setting_notice(name: str, on: bool) -> str:
    """``Sound on.``: a setting changed from the table."""
    return f"{name} {'on' if on else 'off'}."


def pot_label(pot) -> str:
    return f"Pot {chips(pot)}"


def plate_lines(name: str, label: str, score, out: bool) -> list[str]:
    """A seat's name plate: its name, then its kind or level (or ``out``) and score."""
    return [name, f"{'out' if out else label} · {format_amount(score)}"]


def leaves_label(count: int) -> str:
    """Over the lifted card: the count its discard leaves."""
    return f"leaves {count}"


def deadwood_label(count: int, name: str = "") -> str:
    """A count under a seat's name: ``Your deadwood 7``, ``deadwood 7`` for others."""
    return f"Your deadwood {count}" if is_you(name) else f"deadwood {count}"


def total_label(score) -> str:
    return f"total {format_amount(score)}"


def counts_against(profile_id: str) -> bool:
    """Whether points are bad for whoever gets them (Knock Rami: out at the target)."""
    return profile_id in PROFILES and get_profile(profile_id).session == "elimination"


def change_amount(amount, against: bool, name: str = "") -> str:
    """A hand's change to one score: ``+29``, ``±0``, or ``+12 against you``."""
    if not amount:
        return "±0"
    sign = "+" if amount > 0 else ""
    text = f"{sign}{format_amount(amount)}"
    if against and amount > 0:
        text += f" against {object_name(name) if name else 'them'}"
    return text


def change_line(entry: LedgerEntry, against: bool = False, name: str = "") -> str:
    """One score change and its reason: ``+29  difference 38 - 9 with Ada``."""
    return f"{change_amount(entry.amount, against, name)}  {entry.reason}"


def more_changes(count: int) -> str:
    return f"and {count} more changes"


def layoff_legend(notes: list[tuple[str, str, str]]) -> str:
    """The panel's lay-off line from (who, cards given, meld) notes."""
    said = [f"{says(who, 'lay', 'lays')} off {given} onto {meld}" for who, given, meld in notes]
    return "Lay-offs (blue): " + "; ".join(said)


# ------------------------------------------------------------------ what each seat knows


def move_words(kind: str, card: Card | None, first: bool) -> str:
    """One public move in words, as in a seat's last action: ``took 7♣ from the pile``.

    ``kind`` is ``stock``, ``pile``, ``throw``, ``knock`` or ``pass``; ``card`` is named
    only when the seat on screen may know it; ``first``: a pass before anyone drew is a
    pass on the upcard."""
    name = card.symbol if card is not None else ""
    if kind == "stock":
        return f"drew {name} from the stock" if card else "drew from the stock"
    if kind == "pile":
        return f"took {name} from the pile"
    if kind == "throw":
        return f"threw {name}"
    if kind == "knock":
        return f"went out, {name} face down" if card else "went out, one card face down"
    return "passed the upcard" if first else "passed"


def turn_line(name: str, words: list[str]) -> str:
    """A turn in the hand log: ``Ben took 7♣ from the pile, threw K♠``."""
    return f"{name} {', '.join(words)}"


def deadwood_now(count: int, best_leaves: int | None) -> list[str]:
    """By the viewer's hand: the deadwood held and, once a card was drawn, what the best
    discard would leave."""
    lines = [f"Deadwood {count}"]
    if best_leaves is not None:
        lines.append(f"best discard leaves {best_leaves}")
    return lines


HAND_LOG_TITLE = "This hand (L)"
HAND_LOG_EMPTY = "No moves yet."
PILE_TITLE = "The discard pile, oldest first (V)"
PILE_EMPTY = "The pile is empty."
PICKED_UP = "from the pile:"
"""By an opponent's seat, before the cards they took from the pile and still hold."""


def score_sheet_title(profile: Profile, hand_number: int, players: int) -> list[str]:
    """The score sheet's first lines: the game, then the hand and what ends it (``to 100``;
    in a rotation, ``hand 2 of 4``, one deal each; where a score against a player puts
    them out, ``out at 100``)."""
    name = profile.short_name
    if profile.session == "rotation":
        return [name, f"hand {hand_number} of {players}"]
    if profile.session == "elimination":
        return [name, f"hand {hand_number} · out at {profile.target}"]
    return [name, f"hand {hand_number} · to {profile.target}"]


def score_sheet_row(
    name: str,
    score,
    *,
    out: bool = False,
    bought_back: bool = False,
    hands_won: int | None = None,
) -> str:
    """One player's line on the score sheet."""
    text = f"{name}: {format_amount(score)}"
    if hands_won is not None:
        text += f" · won {hands_won}"
    if bought_back:
        text += " · bought back"
    if out:
        text += " · out"
    return text


def hands_left_label(left: int) -> str:
    """``poker-rum``: hands still to play in the rotation."""
    return "last hand" if left == 1 else f"{left} hands left"
