"""Learn to play: one short guided hand per rule profile, as data the engine checks.

A lesson is a fixed deal (a seed where the cards show the lesson well) and a list of
steps. Each step has words, the things it points at, and what moves it on: the one action
it teaches (the player's own move, refused otherwise with a "Try this: ..." line), the
coach's scripted move, or a press of Next. Every action goes through the real engine
(:func:`~.engine.session.apply`), and :func:`replay` checks a whole script: each expected
action must be in ``legal_actions`` at its point.

Glossary:
    step        one thing said and done (:class:`Step`).
    pointer     what a step points at: ``stock``, ``pile``, ``hand``, ``panel``, ``answer``
                (the panel's first button), ``sheet``, ``button:NAME`` (a table button:
                ``knock``, ``discard``, ``pass``...) or a card in its text form (``7H``).
    coach       the other seat, whose moves are written in the script (deterministic).
    prepared    a position built from a seed and actions (:data:`PREPARED`), for a rule a
                short hand cannot show (Knock Rami's elimination and buy-back).
    progress    where a player left a lesson: its profile and step (kept in settings).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.actions import (
    Action,
    BuyBack,
    Discard,
    DrawStock,
    Knock,
    NextHand,
    Pass,
    StayOut,
    TakeDiscard,
    parse_action,
)
from ..engine.cards import Card
from ..engine.melds import discard_points
from ..engine.profiles import ProfileTable
from ..engine.refusals import Refusal
from ..engine.session import BUY_BACK, SessionState, apply, legal_actions, new_session
from ..language import N_, _, cards

YOU, COACH = 0, 1
"""The player's seat and the coach's, in every lesson."""
NAMES = ("You", "Coach")
"""The seats' names: the table's words know the player by "You" (``wording.is_you``), so
they stay as they are until the table speaks the player's language."""
NEXT = "next-step"
"""A step that waits for the Next button (not an engine action)."""


class LessonError(ValueError):
    """A lesson's script does not fit the engine (a bug in the script, found by tests)."""


Words = str | tuple[str, ...]
"""A step's words in English, marked with ``N_``: one text, or whole sentences said one
after the other (a sentence several steps share, such as what melds are)."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson."""

    english: Words
    """What the step says, in English; ``{7H}`` is written as the card (``7♥``)."""
    points: tuple[str, ...] = ()
    """What it points at (see the glossary's pointer)."""
    expect: str = NEXT
    """The action text (what ``parse_action`` reads) that moves it on, or ``NEXT``."""
    by: int = YOU
    """Who takes ``expect``: the player, or the coach (played by the script)."""
    prepared: str = ""
    """Start this step from the prepared position of this name (see :data:`PREPARED`)."""

    @property
    def words(self) -> str:
        """What the step says in the current language (``{7H}`` still to be written as the
        card by :func:`card_words`)."""
        parts = (self.english,) if isinstance(self.english, str) else self.english
        return " ".join(_(part) for part in parts)

    @property
    def action(self) -> Action | None:
        """The engine action that moves this step on (None: a Next press)."""
        return None if self.expect == NEXT else parse_action(self.expect)


@dataclass(frozen=True)
class Lesson:
    """One profile's guided hand."""

    profile_id: str
    english_title: str
    """The lesson's title in English, marked with ``N_``."""
    seed: int
    """The deal (a two-player session of ``profile_id`` with this seed)."""
    steps: tuple[Step, ...]

    @property
    def title(self) -> str:
        """The lesson's title in the current language."""
        return _(self.english_title)


def card_words(text: str) -> str:
    """``text`` with every ``{7H}`` written as the card a player sees (``7♥``, ``D♥``
    with French letters), and every ``{J}``, ``{Q}``, ``{K}``, ``{A}`` as the letter the
    faces print for that rank (``V``, ``D``, ``R``, ``A`` in French)."""
    letters = dict(zip("AJQK", cards.face_letters(), strict=True))
    out, rest = [], text
    while "{" in rest:
        before, _, after = rest.partition("{")
        name, _, rest = after.partition("}")
        shown = letters[name] if name in letters else cards.printed(Card.parse(name))
        out.append(before + shown)
    return "".join(out) + rest


def try_this(step: Step) -> str:
    """The plain line that refuses any other action at ``step``."""
    return try_action(step.action if step.by == YOU else None)


def try_action(action: Action | None) -> str:
    """The plain line that asks for ``action`` (None: for Next), in the language."""
    if action is None:
        return _("Try this: press Next to go on.")
    if isinstance(action, DrawStock):
        return _("Try this: draw from the stock (click the stock or press S).")
    if isinstance(action, TakeDiscard):
        return _("Try this: take the top card of the discard pile (click it or press D).")
    if isinstance(action, Pass):
        return _("Try this: pass (the Pass button or P).")
    if isinstance(action, Discard):
        # Translators: {card} is a card ("7♥").
        return _("Try this: discard {card} (select it, then Enter).").format(
            card=cards.card_words(action.card)
        )
    if isinstance(action, Knock):
        # Translators: {card} is a card ("7♥").
        return _("Try this: knock with {card} (select it, then Knock or K).").format(
            card=cards.card_words(action.card)
        )
    if isinstance(action, BuyBack):
        return _("Try this: buy back in (the Buy back button).")
    if isinstance(action, StayOut):
        return _("Try this: stay out (the Stay out button).")
    return _("Try this: deal the next hand.")


def refusal(step: Step, action: Action) -> str | None:
    """Why ``action`` is refused at ``step`` (None: it is the one the step teaches)."""
    if step.by == YOU and step.action == action:
        return None
    return try_this(step)


def step_refusal(step: Step, action: Action) -> Refusal | None:
    """:func:`refusal` as a value the table words (its words are :func:`try_this`'s)."""
    if step.by == YOU and step.action == action:
        return None
    if step.by == YOU and step.action is not None:
        return Refusal("script-step", {"action": str(step.action)})
    return Refusal("script-waits")


def start(lesson: Lesson) -> SessionState:
    """The lesson's deal, as the engine deals it."""
    return new_session(lesson.profile_id, 2, lesson.seed, list(NAMES))


def replay(lesson: Lesson) -> list[SessionState]:
    """The state at the start of each step (and one more: after the last), checking that
    every expected action is legal for its seat at its point."""
    state = start(lesson)
    states = []
    for index, step in enumerate(lesson.steps):
        if step.prepared:
            state = prepared(step.prepared)
        states.append(state)
        action = step.action
        if action is None:
            continue
        if state.to_move != step.by:
            raise LessonError(f"step {index}: {NAMES[step.by]} is not to move")
        if action not in legal_actions(state):
            raise LessonError(f"step {index}: {action} is not legal")
        state, _ = apply(state, action, step.by)
    states.append(state)
    return states


def state_at(lesson: Lesson, index: int) -> SessionState:
    """The state at the start of step ``index`` (a resumed lesson starts there)."""
    return replay(lesson)[index]


# --------------------------------------------------------------- prepared positions


def _plain_move(state: SessionState) -> Action:
    """A fixed, simple way to play (never random): draw from the stock, throw the card that
    leaves the least deadwood, knock once that is 5 or less; deal on; stay out."""
    legal = legal_actions(state)
    if state.to_move is None:
        return NextHand()
    hand = state.hand
    if hand.phase in ("offer", "draw"):
        return DrawStock() if DrawStock() in legal else Pass()
    if state.phase == BUY_BACK:
        return StayOut()
    held = hand.hands[hand.to_move]
    left = discard_points(held, forbidden=hand.taken)
    card = min(left, key=lambda c: (left[c], -c.code))
    return Knock(card) if Knock(card) in legal and left[card] <= 5 else Discard(card)


def _played_until(profile_id: str, seed: int, done: Callable[[SessionState], bool]):
    state = new_session(profile_id, 2, seed, list(NAMES))
    while not done(state):
        if state.is_over:
            raise LessonError(f"the {profile_id} game of seed {seed} ended first")
        state, _ = apply(state, _plain_move(state), state.to_move)
    return state


BUY_BACK_SEED = 13
"""A Knock Rami seed where the player is the first one out: at 118, back at 87."""


def buy_back_position() -> SessionState:
    """Knock Rami after a few hands played the plain way: the player has passed 100 and is
    offered the buy-back."""
    return _played_until(
        "knock-rami", BUY_BACK_SEED, lambda s: s.phase == BUY_BACK and s.offers[:1] == [YOU]
    )


PREPARED: dict[str, Callable[[], SessionState]] = {"buy-back": buy_back_position}
"""Prepared positions by name (a lesson names one; nothing read from a file does)."""


def prepared(name: str) -> SessionState:
    """The prepared position ``name``."""
    try:
        return PREPARED[name]()
    except KeyError:
        raise LessonError(f"no prepared position {name!r}") from None


# --------------------------------------------------------------- the scripts


def _you(words: Words, expect: str, *points: str) -> Step:
    return Step(words, points, expect)


def _coach(words: Words, expect: str, *points: str) -> Step:
    return Step(words, points, expect, by=COACH)


def _say(words: Words, *points: str, prepared: str = "") -> Step:
    return Step(words, points, prepared=prepared)


def _take(words: Words, *points: str) -> Step:
    return _you(words, "take", "pile", *points)


def _draw(words: Words) -> Step:
    return _you(words, "draw", "stock")


def _throw(words: Words, card: str) -> Step:
    return _you(words, f"discard {card}", card)


_COACH_FIRST = (N_("The Coach's turn: a draw from the stock..."), N_("...and a discard."))
_COACH_AGAIN = (N_("The Coach draws from the stock..."), N_("...and throws a card."))


def _coach_turn(discard: str, first: bool = False) -> tuple[Step, Step]:
    """The coach's draw from the stock and discard of ``discard``."""
    words = _COACH_FIRST if first else _COACH_AGAIN
    return (
        _coach(words[0], "draw", "stock"),
        _coach(words[1], f"discard {discard}", "pile"),
    )


def _before_knock(words: Words, card: str) -> Step:
    """A Next step weighing the knock with ``card``: it points at the card and Knock."""
    return _say(words, card, "button:knock")


def _knock(words: str, card: str) -> Step:
    """The knock with ``card``; ``words`` name it (``"Knock with {7D}: ..."``)."""
    return _you(words, f"knock {card}", card, "button:knock")


# Translators: a lesson's words; {A}, {J}, {Q}, {K} are the letters the faces print for an ace,
# a jack, a queen and a king (V, D, R for a French deck): keep each as it is.
_MELDS = N_(
    "Melds are what you collect: a set is 3 or 4 cards of one rank, a run is 3 or more "
    "cards in a row of one suit (aces are low: {A}-2-3, never {Q}-{K}-{A}). The cards in no "
    "meld are your deadwood; they count against you: ace 1, 2 to 10 their value, {J} {Q} {K} "
    "10."
)
_DRAW = N_("Every turn starts with a draw: the top card of the stock, or the top card of the pile.")
_TAKEN = N_("The card you just took from the pile may not be thrown back this turn.")
_PANEL = N_(
    "The hand is over and every hand is shown: melds in bands, deadwood apart, the "
    "counts, and each score change with its reason."
)

KNOCK_RUMMY = Lesson(
    "knock-rummy",
    N_("Knock Rummy: lay-offs, first to 100"),
    110,
    (
        _say(
            N_(
                "Welcome to Knock Rummy. You and the Coach hold 10 cards each; the aim is to "
                "make melds, keep your deadwood low and knock before the Coach does."
            ),
            "hand",
        ),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _say((_MELDS, N_("Your {2H} {2D} {2C} is a set.")), "2H", "2D", "2C"),
        _take(
            # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
            (_DRAW, N_("The {QH} on the pile makes a set with your {QS} {QD}: take it.")),
            "QS",
            "QD",
        ),
        _throw(
            (
                # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
                N_(
                    "Now end the turn by discarding one card face up. Throw your highest deadwood "
                    "card, {TH}: select it, then Enter (or drag it to the pile)."
                ),
                _TAKEN,
            ),
            "TH",
        ),
        *_coach_turn("QC", first=True),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _take(N_("The Coach threw {QC}, your fourth queen. Take it.")),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _throw(N_("Throw {JD}: it is in no meld and counts 10."), "JD"),
        *_coach_turn("TD"),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _draw(N_("The {TD} helps nothing: draw from the stock this time.")),
        _before_knock(
            # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
            N_(
                "You drew {AH}. Throwing {7D} leaves {AH} {AD} {3C}: deadwood 5. In Knock "
                "Rummy you may knock on any turn with any count: you discard face down and the "
                "hand ends at once. Knocking at 0 is gin."
            ),
            "7D",
        ),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _knock(N_("Knock with {7D}: select it, then Knock (or K)."), "7D"),
        _say(
            (
                _PANEL,
                # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
                N_(
                    "After a knock the Coach lays off: a deadwood card that fits one of "
                    "your melds joins it. The Coach's {2S} went onto your 2s."
                ),
            ),
            "panel",
        ),
        _say(
            N_(
                "You were lower, so you score the difference: 32 - 5 = 27. Had the Coach's "
                "count been equal or lower, that is an undercut: the Coach would score the "
                "difference + 10. Gin scores the Coach's count + 25 and allows no lay-offs. The "
                "first to 100 wins. That is the whole game: enjoy it!"
            ),
            "panel",
        ),
    ),
)

GIN_RUMMY = Lesson(
    "gin-rummy",
    N_("Gin Rummy: knock at 10 or less, box bonus"),
    64,
    (
        _say(
            N_(
                "Welcome to Gin Rummy. You and the Coach hold 10 cards each; the aim is to make "
                "melds and knock with 10 or less deadwood, or go gin with none."
            ),
            "hand",
        ),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _say((_MELDS, N_("Your {JH} {QH} {KH} is a run.")), "JH", "QH", "KH"),
        _take(
            # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
            (_DRAW, N_("The {4H} on the pile makes a run with your {3H} {5H}: take it.")),
            "3H",
            "5H",
        ),
        _throw(
            (
                # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
                N_(
                    "End the turn with a discard: throw {KD}, your highest deadwood card "
                    "(select it, then Enter)."
                ),
                _TAKEN,
            ),
            "KD",
        ),
        *_coach_turn("JC", first=True),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _draw(N_("The {JC} helps nothing: draw from the stock.")),
        # Translators: a lesson's words; {7H} is a card ("7♥"), {J}, {Q}, {K} the letters of a
        # jack, a queen and a king: keep each as it is.
        _throw(N_("{TH} joined your hearts: 10 {J} {Q} {K} is a run of four. Throw {QS}."), "QS"),
        *_coach_turn("KC"),
        _draw(N_("Draw from the stock again.")),
        _before_knock(
            # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
            N_(
                "You drew {5S}. Throwing {7H} leaves {2S} {5S} {3D}: deadwood 10. In Gin Rummy "
                "you may knock only when the cards you keep count 10 or less; the count under "
                "your hand shows it."
            ),
            "7H",
        ),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _knock(N_("Knock with {7H}: select it, then Knock (or K)."), "7H"),
        _say(
            (
                _PANEL,
                # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
                N_(
                    "After a knock the Coach may lay off deadwood onto your melds: the "
                    "Coach's {6H} joined your {3H} {4H} {5H}."
                ),
            ),
            "panel",
        ),
        _say(
            N_(
                "You score the difference, 53 - 10 = 43. An undercut (the Coach equal or lower) "
                "would give the Coach the difference + 25; gin scores the Coach's count + 25 "
                "with no lay-offs. If the stock is down to two cards with no knock, the hand is "
                "a draw. At 100 the winner adds 100, and each player 25 per hand won (the box "
                "bonus). Enjoy your games!"
            ),
            "panel",
        ),
    ),
)

GIN_CLASSIC = Lesson(
    "gin-classic",
    N_("Gin Rummy, classic: the upcard offer"),
    1625,
    (
        _say(
            (
                N_(
                    "Welcome to classic Gin Rummy. You and the Coach hold 10 cards each; you knock "
                    "with 10 or less deadwood, or go gin with none."
                ),
                _MELDS,
            ),
            "hand",
        ),
        _take(
            # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
            N_(
                "The first upcard is offered: to you first (you did not deal), then to the "
                "dealer; if both pass, you draw from the stock. The {JH} fills your run {TH} "
                "{QH} {KH}: take it."
            ),
            "TH",
            "QH",
            "KH",
        ),
        _throw(
            (
                # Translators: a lesson's words; {7H} is a card ("7♥"), {J}, {Q}, {K} the letters
                # of a jack, a queen and a king: keep each as it is.
                N_(
                    "10 {J} {Q} {K} of hearts is a run, and {4S} {4H} {4D} a set. Discard to "
                    "end the turn: throw {QS}."
                ),
                _TAKEN,
            ),
            "QS",
        ),
        *_coach_turn("KD", first=True),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _draw((_DRAW, N_("The {KD} helps nothing: draw from the stock."))),
        _before_knock(
            # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
            N_(
                "You drew {AC}. Throwing {8H} leaves {AD} {5S} {AC}: deadwood 7, low enough to "
                "knock (10 or less). The count under your hand always shows where you stand."
            ),
            "8H",
        ),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _knock(N_("Knock with {8H}: select it, then Knock (or K)."), "8H"),
        _say(
            # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
            (_PANEL, N_("The Coach laid off {9H} onto your run.")),
            "panel",
        ),
        _say(
            N_(
                "You score the difference, 54 - 7 = 47. An undercut (the Coach equal or lower) "
                "gives the Coach the difference + 25; gin gives you the difference + 25. At "
                "100: a game bonus of 100 (doubled if the loser scored nothing, a shutout) and "
                "20 for every hand each player won. Enjoy your games!"
            ),
            "panel",
        ),
    ),
)

POKER_RUM = Lesson(
    "poker-rum",
    N_("Poker Rum: knock any time, a point ledger"),
    86,
    (
        _say(
            N_(
                "Welcome to Poker Rum. You and the Coach hold 10 cards each; the lowest "
                "deadwood wins the hand and every other player pays the winner the difference."
            ),
            "hand",
        ),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _say((_MELDS, N_("Your {5S} {5H} {5D} is a set.")), "5S", "5H", "5D"),
        _take(
            # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
            (_DRAW, N_("The {9D} on the pile makes a set with your {9S} {9H}: take it.")),
            "9S",
            "9H",
        ),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _throw((N_("Discard to end the turn: throw {7D}."), _TAKEN), "7D"),
        *_coach_turn("QC", first=True),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _draw(N_("The {QC} helps nothing: draw from the stock.")),
        _throw(
            # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
            N_("You drew {QD}. A card drawn from the stock may go straight back: throw it."),
            "QD",
        ),
        *_coach_turn("JS"),
        _draw(N_("Draw from the stock again.")),
        _before_knock(
            # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
            N_(
                "You drew {AH}. Throwing {6H} leaves {AD} {AH} {3S} {4D}: deadwood 9. In Poker "
                "Rum you may knock on any turn with any count; the hand ends at once and the "
                "lowest count wins. There are no lay-offs."
            ),
            "6H",
        ),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _knock(N_("Knock with {6H}: select it, then Knock (or K)."), "6H"),
        _say(
            (_PANEL, N_("Every point moves between players: the Coach pays you 41 - 9 = 32.")),
            "panel",
        ),
        _say(
            N_(
                "Had the Coach been lower, you would pay the difference and 10 more for being "
                "beaten. A knock at 0 is rum: each opponent pays their count + 25. A session "
                "is one hand dealt by each player; the highest net wins. Enjoy your games!"
            ),
            "panel",
        ),
    ),
)

KNOCK_RAMI = Lesson(
    "knock-rami",
    N_("Grenoble Knock Rami: jokers, the pot, elimination"),
    11,
    (
        _say(
            N_(
                "Welcome to Knock Rami. 54 cards with two jokers; every player put 10 chips in "
                "the pot, and the last player left in takes it. Low scores are good here."
            ),
            "hand",
            "sheet",
        ),
        _say(
            (
                _MELDS,
                # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
                N_(
                    "A joker stands for any card, one per meld: your {JS} {QS} {JK} "
                    "is a run. An unmatched joker counts 25."
                ),
            ),
            "JS",
            "QS",
            "JK",
        ),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _take((_DRAW, N_("The {5S} makes a set with your {5H} {5D}: take it.")), "5H", "5D"),
        _throw(
            (
                # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
                N_("Throw {QH}."),
                _TAKEN,
                N_("Nobody may knock until every player has had a turn."),
            ),
            "QH",
        ),
        *_coach_turn("TH", first=True),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _draw(N_("The {TH} helps nothing: draw from the stock.")),
        _before_knock(
            # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
            N_(
                "Throwing {2D} leaves only {AC}: deadwood 1. Everyone has had a turn, so you "
                "may knock now, with any count."
            ),
            "2D",
        ),
        # Translators: a lesson's words; {7H} is a card ("7♥"): keep each as it is.
        _knock(N_("Knock with {2D}: select it, then Knock (or K)."), "2D"),
        _say(
            (
                _PANEL,
                N_(
                    "In Knock Rami nobody lays off: every player adds their own deadwood "
                    "to their score (you 1, the Coach 2). A round at 0 takes 10 off instead."
                ),
            ),
            "panel",
        ),
        _say(
            N_(
                "A few hands later: you passed 100 and are out. Once per game you may buy back "
                "in, paying half the pot, and return with the highest score still in."
            ),
            "panel",
            prepared="buy-back",
        ),
        _you(N_("Buy back in: press the Buy back button (or B)."), "buy-back", "answer"),
        _say(
            N_(
                "You paid 10 chips (half the pot) and are back at 87, the Coach's score. The "
                "last player left in takes the whole pot. Enjoy your games!"
            ),
            "sheet",
        ),
    ),
)

LESSONS: ProfileTable[Lesson] = ProfileTable(
    "the lessons (knockrummy/lessons.py)",
    {
        lesson.profile_id: lesson
        for lesson in (KNOCK_RUMMY, GIN_RUMMY, GIN_CLASSIC, POKER_RUM, KNOCK_RAMI)
    },
)
"""Every profile's lesson, by profile id, in the order the lessons are listed."""
