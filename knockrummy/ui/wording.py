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

from collections.abc import Sequence
from fractions import Fraction

from ..engine.actions import Knock, TakeDiscard
from ..engine.cards import Card
from ..engine.ledger import LedgerEntry, format_amount
from ..engine.melds import discard_points
from ..engine.profiles import PROFILES, Profile, get_profile
from ..engine.session import BUY_BACK, HAND_OVER, PLAYING, SESSION_OVER
from ..engine.views import PlayerView
from ..language import N_, _

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


def chip_count(value) -> str:
    """Chips counted: ``1 chip``, ``37½ chips``."""
    return f"{chips(value)} {'chip' if Fraction(value) == 1 else 'chips'}"


def going_out_word(profile: Profile, deadwood: int) -> str:
    """``Gin``, ``Rum`` or ``Knock``: what ending the hand at ``deadwood`` is called."""
    if deadwood == 0 and profile.zero_knock_result is not None:
        return RESULT_WORDS[profile.zero_knock_result]
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


def possessive(name: str) -> str:
    """The possessive inside a sentence: ``your``, ``Ben's``."""
    return "your" if is_you(name) else f"{name}'s"


def object_name(name: str) -> str:
    """``name`` as the object of a sentence: ``you``, ``Ben``."""
    return "you" if is_you(name) else name


# ------------------------------------------------------------------ the table's sentences


def knock_bubble(profile: Profile, deadwood: int) -> str:
    """What a seat calls out as it knocks."""
    word = going_out_word(profile, deadwood)
    return f"{word}!" if deadwood == 0 else f"{word}! ({deadwood})"


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
    if selected is not None and selected in points:
        text = f"Discarding {selected.symbol} leaves deadwood {points[selected]}."
    else:
        text = "Select a card to discard (arrows, Enter; or drag it to the pile)."
    best = knock_card(view, selected)
    if best is not None:
        # the card the Knock button names, so the status, the button and the card agree
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
    elimination = get_profile(view.profile_id).has_pot
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
        text += f" the pot of {chip_count(pot)}"
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
        f"{have} {format_amount(score)} and {are} out. {verb} for {chip_count(price)}, "
        f"half the pot of {chips(pot)}, and return at "
        f"{format_amount(return_score)}, the highest score still in, or stay out."
    )


def buy_back_button(price) -> str:
    return f"Buy back for {chips(price)}"


def buy_back_words(bought: bool, name: str = "") -> str:
    """The bubble by a seat that answered the buy-back offer (``name``: that seat's)."""
    if is_you(name):
        return "You buy back in" if bought else "You stay out"
    return "buys back in" if bought else "stays out"


def plural(count: int, word: str, many: str = "") -> str:
    """A count and its noun, agreeing: ``1 card``, ``2 cards``, ``0 cards`` (``many``: an
    irregular plural)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def players_words(least: int, most: int) -> str:
    """How many play a game: ``2 players``, ``2-4 players``."""
    if least == most:
        return plural(least, "player")
    return f"{least}-{most} players"


def progress_words(hand: int, turns: int, hands_finished: int) -> str:
    """Where an unfinished session stands: ``hand 1, just dealt``, ``hand 2, 5 turns
    played``, ``hand 3 finished`` (scored, the next not yet dealt)."""
    if hand <= hands_finished:
        return f"hand {hand} finished"
    if turns == 0:
        return f"hand {hand}, just dealt"
    return f"hand {hand}, {plural(turns, 'turn')} played"


def daily_words(day: str) -> str:
    """A daily deal's mark: ``Daily deal, 4 December`` (``day``: an ISO date)."""
    try:
        year, month, date = (int(part) for part in day.split("-"))
        return f"Daily deal, {date} {MONTH_NAMES[month - 1]}"
    except (ValueError, IndexError):
        return "Daily deal"


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
    day = f"{when.tm_mday} {MONTHS[when.tm_mon - 1]} {when.tm_hour:02d}:{when.tm_min:02d}"
    mark = f"{daily_words(daily)} · " if daily is not None else ""
    progress = progress_words(hand, turns, hands_finished)
    return f"{mark}{short_name(profile_id)} · {', '.join(names)} · {progress} · {day}"


def page_line(page: int, pages: int) -> str:
    """Under a list longer than a page: ``Page 1 of 2 (Page Down for more)``."""
    return f"Page {page + 1} of {pages} (Page Down for more, Page Up to go back)"


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
MONTH_NAMES = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def handoff_lines(name: str, others: list[str]) -> list[str]:
    """Pass-and-play: the hand-off screen's title, its instruction and who looks away."""
    lines = [f"Pass to {object_name(name)}", "Click or press Enter when ready"]
    if others:
        lines.append(f"{', '.join(others)}: please look away.")
    return lines


PASS_WORD = "Pass"
"""The bubble by a seat that passes."""
HINT_THINKING = "Thinking about a hint…"
DETAILS_LINE = "Deal details: I"
"""The score sheet's last line: where the seed's fingerprint and the deal code are."""
DETAILS_CLOSE = "Press I or Escape to close."
KEEP_PLAYING = "Keep playing"
"""The knock confirmation's second button: no knock, the turn goes on."""
SKIP_TO_END = "Skip to the result"
"""Once the only person at the table is out of Knock Rami: play the rest at once."""
UNDO_LABEL = "Undo"
"""The button that takes back the discard just made (U, or Ctrl+Z)."""

# the table's buttons (a button naming a card or a price has its own function)
DISCARD_LABEL = "Discard"
KNOCK_LABEL = "Knock"
PASS_LABEL = "Pass"
HINT_LABEL = "Hint"
LOG_LABEL = "Log"
PILE_LABEL = "Pile"
MENU_LABEL = "Menu"
# the hand-end panel's buttons
NEXT_HAND_LABEL = "Next hand"
STAY_OUT_LABEL = "Stay out"
CLOSE_LABEL = "Close"
REPLAY_HAND_LABEL = "Replay hand"
DETAILS_LABEL = "Details"


def knock_button(word: str, card: Card) -> str:
    """The Knock button once a knock is allowed: ``Knock with 8♠`` (or Gin, Rum)."""
    return f"{word} with {card.symbol}"


SORT_ORDERS = {"melds": "melds", "rank": "rank", "suit": "suit", "custom": "custom"}
"""How each way of sorting the hand is named on the Sort button."""


def sort_label(order: str) -> str:
    """The Sort button: the order the hand is in now (``melds``, ``rank``, ``suit`` or the
    player's own, ``custom``)."""
    return f"Sort: {SORT_ORDERS[order]}"


def with_undo_offer(status: str, card: Card) -> str:
    """The status line while the discard just made may be taken back: the line, then the
    offer (see :func:`undo_offer`)."""
    return f"{status} {undo_offer(card)}"


def undo_offer(card: Card) -> str:
    """The status line's addition while the discard just made may be taken back."""
    return f"Undo (U) takes back {card.symbol}."


def taken_back(card: Card) -> str:
    """The status line once the discard is taken back."""
    return f"You took back the discard of {card.symbol}: your turn again."


TAKEN_MARK = "taken"
DRAWN_MARK = "new"
"""Over the card just drawn from the stock, where the sort put it."""
"""Over the card taken from the pile this turn."""
EMPTY_STOCK = "empty"
KNOCKED_TAG = " (knocked)"


def setting_notice(name: str, on: bool) -> str:
    """``Sound on.``: a setting changed from the table."""
    return f"{name} {'on' if on else 'off'}."


def pot_label(pot) -> str:
    return f"Pot {chips(pot)}"


def plate_lines(name: str, label: str | None, score, out: bool) -> list[str]:
    """A seat's name plate: its name, then a computer's level (or ``out``) and the score:
    ``Easy · score 12``; a person's plate says only ``score 12``."""
    score_words = f"score {format_amount(score)}"
    if out:
        return [name, f"out · {score_words}"]
    return [name, score_words if label is None else f"{label} · {score_words}"]


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
    return profile_id in PROFILES and get_profile(profile_id).counts_against


def change_amount(amount, against: bool, name: str = "") -> str:
    """A hand's change to one score: ``+29``, ``±0``, or ``+12 against you``."""
    if not amount:
        return "±0"
    sign = "+" if amount > 0 else ""
    text = f"{sign}{format_amount(amount)}"
    if against and amount > 0:
        text += f" against {object_name(name) if name else 'them'}"
    return text


def change_line(
    entry: LedgerEntry, against: bool = False, name: str = "", names: Sequence[str] = ()
) -> str:
    """One score change and its reason: ``+29  difference 38 - 9 with Ada``, ``+24  your
    deadwood``. ``names``: the session's names by seat, so the reason is worded by
    :func:`reason_words`; without them the stored reason is shown as it was written."""
    reason = reason_words(entry, names) if names else entry.reason
    return f"{change_amount(entry.amount, against, name)}  {reason}"


PAST_TENSE = {
    "stake": ("puts ", "put "),
    "buy-back": ("buys ", "bought "),
    "buy-back-score": ("returns ", "returned "),
    "pot": ("last player standing takes ", "took as the last player standing "),
}
"""Kinds whose stored reason starts with a verb in the third person: said in the past
tense, which agrees with "You" and with a name alike ("You put 5 into the pot")."""


def reason_words(entry: LedgerEntry, names: Sequence[str]) -> str:
    """An entry's reason as the window says it, worded from the entry's kind and
    counterparty with grammar for ``You``: ``your deadwood``, ``Ben's deadwood``,
    ``to you: deadwood 7``, ``difference 38 - 9 with you``.

    The stored reason (written by the engine with the session's names, kept as it is for
    files and the command line) supplies only the name-free detail, such as the counts of
    a difference; the counterparty is named here, from ``names``."""
    reason = entry.reason
    other = entry.counterparty
    if other is None or not 0 <= other < len(names):
        verb = PAST_TENSE.get(entry.kind)
        if verb is not None and reason.startswith(verb[0]):
            return verb[1] + reason[len(verb[0]) :]
        return reason
    them = names[other]
    if reason.startswith(("to ", "from ")) and ": " in reason:
        # a transfer between two players (Knock Rummy): paid to or taken from the other
        detail = reason.removeprefix(f"to {them}: ").removeprefix(f"from {them}: ")
        detail = detail.rpartition(": ")[2]
        return f"{'to' if entry.amount < 0 else 'from'} {object_name(them)}: {detail}"
    if entry.kind == "difference" and reason.endswith("'s deadwood"):
        return f"{possessive(them)} deadwood"
    if " with " in reason:
        detail = reason.removesuffix(f" with {them}")
        if detail == reason:
            detail = reason.rpartition(" with ")[0]
        return f"{detail} with {object_name(them)}"
    return reason


def more_changes(count: int) -> str:
    return f"and {plural(count, 'more change')}"


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


def score_sheet_title(profile: Profile, hand_number: int, players: int) -> list[str]:
    """The score sheet's first lines: the game, then the hand and what ends it (``to 100``;
    in a rotation, ``hand 2 of 4``, one deal each; where a score against a player puts
    them out, ``out at 100``)."""
    name = profile.short_name
    if profile.session.one_deal_each:
        return [name, f"hand {hand_number} of {players}"]
    if profile.has_pot:
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


def rule_tip_line(tip: str) -> str:
    """A rule tip as the table shows it."""
    return f"Rule tip: {tip}"


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
    return f"{game} · hand {hand_number}"


def hands_left_label(left: int) -> str:
    """``poker-rum``: hands still to play in the rotation."""
    return "last hand" if left == 1 else f"{left} hands left"


# ------------------------------------------------------------------ replays and details


def pile_words(count: int, top: str) -> str:
    """The replay's discard pile: ``Discard pile: 1 card, 7♥ on top``."""
    return f"Discard pile: {plural(count, 'card')}, {top} on top"


def stock_words(count: int) -> str:
    """The replay's stock heading: ``Stock, 31 cards, top first:``."""
    return f"Stock, {plural(count, 'card')}, top first:"


def cost_words(cost: float, best: str) -> str:
    """The coach's verdict on one decision in points a player can weigh: ``best``, or
    ``about 2.9 points worse than discard 7♥``."""
    if cost < 0.05:
        return "best"
    amount = f"{cost:.1f}"
    points = "point" if amount == "1.0" else "points"
    return f"about {amount.removesuffix('.0')} {points} worse than {best}"


DETAILS_KEY_LABEL = "Details (I)"
"""The button that shows a deal's engineer's data (its code, seed and fingerprint)."""
HIDE_DETAILS_LABEL = "Hide details (I)"


def details_lines(
    *, deal_code: str | None = None, seed: int | None = None, fingerprint: str | None = None
) -> list[str]:
    """A deal's details, in full: the code that deals it again, its seed, and the seed's
    fingerprint (fixed before play, so anyone can check the deal was not changed)."""
    lines = []
    if deal_code:
        lines.append(f"Deal code {deal_code}: replay this deal from New game")
    if seed is not None:
        lines.append(f"Seed {seed}")
    if fingerprint:
        lines.append(f"Fingerprint (SHA-256 of the seed, fixed before play): {fingerprint}")
    return lines
