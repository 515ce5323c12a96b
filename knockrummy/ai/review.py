"""The coach's review: every decision a seat made, priced from what that seat could see.

Glossary:
    decision   a moment the seat had a real choice (more than one legal action): take the
               upcard or draw (or pass), which card to throw, knock or not, buy back or not.
    option     one legal action at a decision, with its expected points and the standard
               error of its cost.
    expected   the judge's price (:mod:`.judge`): mean points to the seat in the profile's
               own terms (the match value where the profile plays to a target), each option
               played out to the end of the hand over the same hidden hands sampled from
               the seat's view.
    best       the judge's best (:mod:`.judge`): the hard level's choice unless another
               option is clearly higher, twice over, and never a knock above the profile's
               knock cap; what the hint names and the advisor recommends, and what the
               expert level plays (with its own seed, so where two options are nearly
               equal it may pick the other: a cost too close to call).
    cost       the best option's expected points less the chosen one's (0 when the choice
               was the best), with its standard error: the spread of the sample-by-sample
               difference between the two (the same samples price both).
    mistake    a decision whose cost is clearly above its noise: more than
               ``MISTAKE_ERRORS`` standard errors and at least ``NOTICEABLE`` points.
               Any other costly decision is "too close to call".

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
from .judge import JUDGE_SAMPLES, Priced, judge

REVIEW_SAMPLES = JUDGE_SAMPLES[2]
"""Hidden-hand samples behind a two-player decision's prices (fewer at larger tables)."""
NOTICEABLE = 0.5
"""A decision costing less than this many expected points is never called a mistake."""
MISTAKE_ERRORS = 2.0
"""A mistake's cost is more than this many standard errors."""


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
    def mistake(self) -> bool:
        """Whether the cost is clearly above its noise (see the glossary)."""
        return self.cost >= NOTICEABLE and self.cost > MISTAKE_ERRORS * self.cost_error

    def to_json(self) -> dict:
        return {
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
            "mistake": self.mistake,
        }


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
        options = price_options(view, seed=decision_seed(seed, index))
        decisions.append(Decision(view.hand_number, view.turn, seat, action, options, fed))
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


def verdict(decision: Decision) -> str:
    """The review's word on one decision: ``the best choice``, ``cost 5.2 ± 0.8 (best:
    throwing 8♠)``, or ``too close to call (cost 0.4 ± 0.6)``."""
    from ..records.replay import action_words

    if decision.action == decision.best or decision.cost < 0.05:
        return _("the best choice")
    cost, error = decimal(decision.cost), decimal(decision.cost_error)
    if decision.mistake:
        # Translators: a decision the coach calls a mistake: {cost} and {error} are points
        # ("5.2", "0.8": the cost and its uncertainty), {best} the better choice
        # ("throwing 8♠").
        return _("cost {cost} ± {error} (best: {best})").format(
            cost=cost, error=error, best=action_words(decision.best, choice=True)
        )
    # Translators: a decision whose cost is within the estimate's noise: {cost} and
    # {error} are points ("0.4", "0.6").
    return _("too close to call (cost {cost} ± {error})").format(cost=cost, error=error)


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
]
