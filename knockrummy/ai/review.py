"""The coach's review: every decision a seat made, priced from what that seat could see.

Glossary:
    decision   a moment the seat had a real choice (more than one legal action): take the
               upcard or draw (or pass), which card to throw, knock or not, buy back or not.
    option     one legal action at a decision, with its expected points and the standard
               error of its cost.
    expected   the judge's price (:mod:`.judge`): points to the seat in the profile's own
               terms (the match value where the profile plays to a target: a point is
               about a point of the game's stake at its start), each option played out to
               the end of the hand over hidden hands sampled from the seat's view.
    best       the judge's best (:mod:`.judge`): what the hint names and the advisor
               recommends. It is the option of the best value unless the judge says why
               not (``why``): the hard level's usual choice stands where no option is
               clearly better, whether to knock is the hard level's call, or the higher
               one is a knock above the profile's knock cap.
    cost       the best option's expected points less the chosen one's (0 when the choice
               was the best or reads at least as well), with its standard error (the
               same samples price both) and its 95% interval, ``cost ± 1.96`` errors.
    verdict    in the stake's units, from the cost and its interval: a *mistake* costs at
               least ``MISTAKE`` points and its interval's lower end is at least
               ``MISTAKE_FLOOR``; an *inaccuracy* costs at least ``INACCURACY`` points and
               its lower end is above 0; any other costly decision is *too close to
               call*. (The thresholds chess and backgammon reviewers use, about half and
               one tenth of a game, converted through the match value.)

Every estimate uses only the seat's :class:`~knockrummy.engine.views.PlayerView` at that
moment and a seed fixed by the decision's place in the session, so a review is the same
every time it is computed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.actions import Action, Discard, TakeDiscard, Undo
from ..engine.cards import Card
from ..engine.session import SessionState, apply, new_session
from ..engine.views import PlayerView, player_view
from ..language import _, ngettext
from ..language.cards import card_words
from ..language.numbers import decimal, whole
from .judge import JUDGE_SAMPLES, WHY_CAP, WHY_KNOCK, WHY_USUAL, Priced, judge

REVIEW_SAMPLES = JUDGE_SAMPLES[2]
"""Hidden-hand samples behind a two-player decision's prices (fewer at larger tables)."""
INTERVAL = 1.96
"""A cost's 95% interval is its value give or take this many standard errors."""
INACCURACY = 5.0
"""An inaccuracy costs at least this many points (see *verdict*)."""
MISTAKE = 10.0
"""A mistake costs at least this many points (see *verdict*)."""
MISTAKE_FLOOR = 3.0
"""A mistake's interval starts at this many points or more (see *verdict*)."""
BEST, INACCURATE, MISTAKEN, CLOSE = "best", "inaccuracy", "mistake", "close"
"""The verdicts, as ``review --json`` names them."""


Option = Priced
"""A priced option of a reviewed decision: the judge's record, without a knock's beaten
share (a review keeps and stores the action, its expected points and its cost's error)."""


@dataclass(frozen=True)
class Decision:
    """One priced decision of the reviewed seat."""

    hand: int
    """The hand number (from 1)."""
    turn: int
    """Turns begun in the hand when the decision was taken."""
    seat: int
    action: Action
    """What the seat chose."""
    options: tuple[Option, ...]
    """Every legal action, best first."""
    fed: str | None = None
    """For a thrown card the next player took: that player's name."""
    why: str | None = None
    """Why the best is not the option of the best value (the judge's ``WHY_USUAL`` or
    ``WHY_CAP``); None when it is."""

    @property
    def best(self) -> Action:
        return self.options[0].action

    @property
    def chosen(self) -> Option:
        return next(o for o in self.options if o.action == self.action)

    @property
    def cost(self) -> float:
        return max(0.0, self.options[0].expected - self.chosen.expected)

    @property
    def cost_error(self) -> float:
        """The standard error of :attr:`cost` (0 when the choice was the best)."""
        return 0.0 if self.action == self.best else self.chosen.error

    @property
    def low(self) -> float:
        """The lower end of the cost's 95% interval."""
        return self.cost - INTERVAL * self.cost_error

    @property
    def high(self) -> float:
        """The upper end of the cost's 95% interval."""
        return self.cost + INTERVAL * self.cost_error

    @property
    def verdict(self) -> str:
        """``BEST``, ``MISTAKEN``, ``INACCURATE`` or ``CLOSE`` (see the glossary)."""
        if self.action == self.best or self.cost < 0.05:
            return BEST
        if self.cost >= MISTAKE and self.low >= MISTAKE_FLOOR:
            return MISTAKEN
        if self.cost >= INACCURACY and self.low > 0:
            return INACCURATE
        return CLOSE

    @property
    def mistake(self) -> bool:
        """Whether the verdict is a mistake (see the glossary)."""
        return self.verdict == MISTAKEN

    def to_json(self) -> dict:
        found = {
            "hand": self.hand,
            "turn": self.turn,
            "seat": self.seat,
            "action": str(self.action),
            "best": str(self.best),
            "options": [
                {"action": str(o.action), "expected": round(o.expected, 2)} for o in self.options
            ],
            "cost": round(self.cost, 2),
            "error": round(self.cost_error, 2),
            "low": round(self.low, 2),
            "high": round(self.high, 2),
            "verdict": self.verdict,
            "mistake": self.mistake,
        }
        if self.why is not None:
            found["why"] = why_words(self.why)
        return found


def review_session(
    profile_id: str,
    players: int,
    seed: int,
    log: Sequence[tuple[int | None, Action]],
    seat: int,
    hand: int | None = None,
    names: list[str] | None = None,
    stake: int | None = None,
    undo_seat: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Decision]:
    """Every decision ``seat`` took in the session (or in hand ``hand`` only), priced. A
    discard taken back (``Undo``) was never played: only the discard made after it counts.
    ``progress(done, total)`` is told before the first decision is priced and after each."""
    state = new_session(profile_id, players, seed, names, stake, undo_seat)
    found: list[tuple[int, PlayerView, Action, str | None]] = []
    actions = [a for _, a in log]
    for index, action in enumerate(actions):
        wanted = hand is None or state.hand_number == hand
        taken_back = index + 1 < len(actions) and isinstance(actions[index + 1], Undo)
        if wanted and state.to_move == seat and not taken_back and not isinstance(action, Undo):
            view = player_view(state, seat)
            if len(view.legal_actions) > 1:
                found.append((index, view, action, _fed(state, actions, index, action)))
        if hand is not None and state.hand_number > hand:
            break
        state, _ = apply(state, action)
    decisions: list[Decision] = []
    if progress is not None:
        progress(0, len(found))
    for index, view, action, fed in found:  # the costly part: the judge prices each
        judged = judge(view, seed=decision_seed(seed, index))
        options = tuple(Priced(o.action, o.expected, o.error) for o in judged.options)
        decisions.append(
            Decision(view.hand_number, view.turn, seat, action, options, fed, judged.why)
        )
        if progress is not None:
            progress(len(decisions), len(found))
    return decisions


def decision_seed(session_seed: int, index: int) -> int:
    """The seed of the estimates behind the decision at ``index`` in a session's log: the
    hint at the table uses it too, so the hint and the review name the same best action.

    It is drawn one way from the session's seed (as a hand's seed is), so a table that is
    given it for its hints (a window fed only a seat's view) learns nothing of the deal."""
    return random.Random(f"knockrummy/{session_seed}/decision/{index}").getrandbits(63)


def _fed(state: SessionState, actions: Sequence[Action], index: int, action: Action) -> str | None:
    """The name of the next player, if they took the card this action threw."""
    if not isinstance(action, Discard) or index + 1 >= len(actions):
        return None
    if not isinstance(actions[index + 1], TakeDiscard):
        return None
    after, _ = apply(state, action)
    taker = after.to_move
    return None if taker is None else after.names[taker]


def price_options(view: PlayerView, seed: int = 0, samples: int | None = None) -> tuple:
    """Every legal action of ``view``'s seat with its expected points and the standard
    error of its cost, best first: the judge's prices (:func:`.judge.judge`)."""
    found = judge(view, seed=seed, samples=samples)
    return tuple(Priced(o.action, o.expected, o.error) for o in found.options)


def total_cost(decisions: Sequence[Decision]) -> float:
    return sum(d.cost for d in decisions)


def review_json(decisions: Sequence[Decision]) -> dict:
    """``{"decisions": [...], "total_cost"}``, actions in the engine's text form."""
    return {
        "decisions": [d.to_json() for d in decisions],
        "total_cost": round(total_cost(decisions), 2),
    }


def stored_text(decisions: Sequence[Decision]) -> str:
    """The decisions as JSON text to keep, every expected value exact (not rounded), so a
    review read back is the review that was computed (``persistence.schema.review_row``
    reads it back, checked as every stored row is)."""
    import json

    return json.dumps(
        [
            {
                "hand": d.hand,
                "turn": d.turn,
                "seat": d.seat,
                "action": str(d.action),
                "options": [[str(o.action), o.expected, o.error] for o in d.options],
                "fed": d.fed,
            }
            for d in decisions
        ]
    )


def describe(decision: Decision, upcard: Card | None = None) -> str:
    """The chosen action in words: ``throwing 8♦``, ``knocking with 3♣``, ``drawing blind``."""
    from ..records.replay import action_words

    action = decision.action
    if isinstance(action, Discard) and decision.fed:
        # Translators: a reviewed decision: {card} is a card ("8♦"), {player} a name.
        return _("throwing {card} when {player} took it").format(
            card=card_words(action.card), player=decision.fed
        )
    if isinstance(action, TakeDiscard) and upcard is not None:
        # Translators: a reviewed decision: {card} is the upcard taken ("8♦").
        return _("taking {card}").format(card=card_words(upcard))
    return action_words(action, choice=True)


def why_words(why: str) -> str:
    """Why the best named is not the option of the best value, in words."""
    if why == WHY_CAP:
        return _("a knock keeping more reads better, but such knocks seldom pay here")
    if why == WHY_USUAL:
        return _("the usual choice stands: no option reads clearly better than it")
    if why == WHY_KNOCK:
        return _(
            "whether to knock follows the computer's knock test: the play-outs wait for "
            "gin and misjudge it"
        )
    raise ValueError(f"no words for the reason {why!r}")


def points_range(low: float, high: float) -> str:
    """A cost's interval in whole points: ``3-13``, or ``-3 to 7`` when it starts below 0."""
    low_text, high_text = whole(round(low)), whole(round(high))
    if round(low) < 0:
        # Translators: a cost's 95% interval in points, starting below 0 ("-3 to 7").
        return _("{low} to {high}").format(low=low_text, high=high_text)
    # Translators: a cost's 95% interval in points ("3-13").
    return _("{low}-{high}").format(low=low_text, high=high_text)


def verdict(decision: Decision) -> str:
    """The review's word on one decision, in whole points of the stake with the cost's
    interval: ``the best choice``, ``a mistake costing about 12 (5-19); best: throwing
    8♠``, ``an inaccuracy costing about 6 (1-11); best: ...``, ``too close to call:
    about 2 (-3 to 7)``; where the best named reads worse than another option, why."""
    from ..records.replay import action_words

    kind = decision.verdict
    if kind == BEST:
        return _("the best choice")
    cost = whole(round(decision.cost))
    span = points_range(decision.low, decision.high)
    if kind == CLOSE:
        # Translators: a decision whose cost is within the estimate's noise: {cost} is a
        # whole number of points ("2"), {range} its 95% interval ("-3 to 7").
        return _("too close to call: about {cost} ({range})").format(cost=cost, range=span)
    best = action_words(decision.best, choice=True)
    if kind == MISTAKEN:
        # Translators: a decision the coach calls a mistake: {cost} is a whole number of
        # points ("12"), {range} its 95% interval ("5-19"), {best} the better choice
        # ("throwing 8♠").
        text = _("a mistake costing about {cost} ({range}); best: {best}")
    else:
        # Translators: a decision the coach calls an inaccuracy (a smaller mistake):
        # {cost} is a whole number of points ("6"), {range} its 95% interval ("1-11"),
        # {best} the better choice ("throwing 8♠").
        text = _("an inaccuracy costing about {cost} ({range}); best: {best}")
    text = text.format(cost=cost, range=span, best=best)
    if decision.why is not None:
        # Translators: a verdict followed by why the best it names is not the option of
        # the best value: {verdict} and {why} are the two parts.
        text = _("{verdict} ({why})").format(verdict=text, why=why_words(decision.why))
    return text


def hand_summary(decisions: Sequence[Decision]) -> str:
    """One line for a hand: ``2 decisions were clear mistakes, costing about 9.1 points;
    the biggest: throwing 8♦ when Ben took it``."""
    mistakes = [d for d in decisions if d.mistake]
    if not mistakes:
        return _("no decision was a clear mistake")
    worst = max(mistakes, key=lambda d: d.cost)
    points = decimal(sum(d.cost for d in mistakes))
    if len(mistakes) == 1:
        # Translators: a hand's review: {points} is a number of points ("5.2"), {action}
        # the decision ("throwing 8♦").
        return _("one clear mistake, costing about {points} points: {action}").format(
            points=points, action=describe(worst)
        )
    # Translators: a hand's review: {count} decisions; {points} is a number of points
    # ("9.1"); {action} the costliest decision ("throwing 8♦").
    return ngettext(
        "{count} clear mistake, costing about {points} points; the biggest: {action}",
        "{count} clear mistakes, costing about {points} points; the biggest: {action}",
        len(mistakes),
    ).format(count=whole(len(mistakes)), points=points, action=describe(worst))


def session_summary(decisions: Sequence[Decision]) -> str:
    """One line for a session: decisions priced, the clear mistakes and what they cost,
    the costliest hand."""
    if not decisions:
        return _("no decisions to review")
    mistakes = [d for d in decisions if d.mistake]
    hands = len({d.hand for d in decisions})
    # Translators: the start of a session's review: {count} decisions over {hands} hands.
    priced = ngettext(
        "{count} decision over {hands} hands",
        "{count} decisions over {hands} hands",
        len(decisions),
    )
    if hands == 1:
        # Translators: the start of a session's review: {count} decisions in one hand.
        priced = ngettext(
            "{count} decision in one hand", "{count} decisions in one hand", len(decisions)
        )
    head = priced.format(count=whole(len(decisions)), hands=whole(hands))
    if not mistakes:
        # Translators: {decisions} is "12 decisions over 3 hands".
        return _("{decisions}: no clear mistake").format(decisions=head)
    by_hand: dict[int, float] = {}
    for d in mistakes:
        by_hand[d.hand] = by_hand.get(d.hand, 0.0) + d.cost
    worst = max(by_hand, key=lambda h: by_hand[h])
    # Translators: {decisions} is "12 decisions over 3 hands", {count} the clear mistakes,
    # {points} the points they cost ("9.1"), {hand} the number of the costliest hand and
    # {worst} what it cost ("6.0").
    return ngettext(
        "{decisions}: {count} clear mistake, costing about {points} points; "
        "the costliest hand: {hand} (about {worst})",
        "{decisions}: {count} clear mistakes, costing about {points} points; "
        "the costliest hand: {hand} (about {worst})",
        len(mistakes),
    ).format(
        decisions=head,
        count=whole(len(mistakes)),
        points=decimal(sum(by_hand.values())),
        hand=whole(worst),
        worst=decimal(by_hand[worst]),
    )


__all__ = [
    "BEST",
    "CLOSE",
    "INACCURATE",
    "MISTAKEN",
    "Decision",
    "Option",
    "hand_summary",
    "verdict",
    "price_options",
    "review_json",
    "review_session",
    "session_summary",
    "stored_text",
    "total_cost",
    "why_words",
]
