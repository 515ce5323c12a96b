"""The coach's review: every decision a seat made, priced from what that seat could see.

Glossary:
    decision   a moment the seat had a real choice (more than one legal action): take the
               upcard or draw (or pass), which card to throw, knock or not, buy back or not.
    option     one legal action at a decision, with its expected points.
    expected   mean points to the seat over hidden hands sampled from its view, in the
               profile's own terms (:func:`~knockrummy.ai.estimate.utility`), with the hard
               level's estimates: a knock settled against every sample; a face-up discard
               followed by one sampled round of play (:func:`~knockrummy.ai.estimate.
               estimate_play_on`); a take or a draw followed by the best of those.
    best       the option with the highest expected points: what the hard level's own
               estimates choose (never a knock above the profile's knock cap, which the
               hard level never makes).
    cost       the best option's expected points less the chosen one's (0 when the choice
               was the best).

Every estimate uses only the seat's :class:`~knockrummy.engine.views.PlayerView` at that
moment and a seed fixed by the decision's place in the session, so a review is the same
every time it is computed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..engine.actions import Action, Discard, Knock, Pass, StayOut, TakeDiscard, Undo
from ..engine.cards import Card
from ..engine.hand import knock_refusal
from ..engine.melds import discard_points
from ..engine.session import SessionState, apply, new_session
from ..engine.views import PlayerView, player_view
from .common import greedy_order
from .estimate import Table, estimate_knock, estimate_play_on, settle_hands, utility
from .hard import KNOCK_CAPS, table_of
from .inference import Sample, read_view, sample_hidden

REVIEW_SAMPLES = 40
"""Hidden-hand samples behind each decision's estimates."""
AFTER_DRAW_CANDIDATES = 3
"""After a take or a draw, the lowest-count discards weighed."""


@dataclass(frozen=True)
class Option:
    action: Action
    expected: float


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
    def cost(self) -> float:
        chosen = next(o.expected for o in self.options if o.action == self.action)
        return max(0.0, self.options[0].expected - chosen)

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
) -> list[Decision]:
    """Every decision ``seat`` took in the session (or in hand ``hand`` only), priced. A
    discard taken back (``Undo``) was never played: only the discard made after it counts."""
    state = new_session(profile_id, players, seed, names, stake, undo_seat)
    decisions: list[Decision] = []
    actions = [a for _, a in log]
    for index, action in enumerate(actions):
        wanted = hand is None or state.hand_number == hand
        taken_back = index + 1 < len(actions) and isinstance(actions[index + 1], Undo)
        if wanted and state.to_move == seat and not taken_back and not isinstance(action, Undo):
            view = player_view(state, seat)
            if len(view.legal_actions) > 1:
                options = price_options(view, seed=decision_seed(seed, index))
                fed = _fed(state, actions, index, action)
                decisions.append(Decision(state.hand_number, view.turn, seat, action, options, fed))
        if hand is not None and state.hand_number > hand:
            break
        state, _ = apply(state, action)
    return decisions


def decision_seed(session_seed: int, index: int) -> int:
    """The seed of the estimates behind the decision at ``index`` in a session's log: the
    hint at the table uses it too, so the hint and the review name the same best action."""
    return (session_seed * 1_000_003 + index * 7_919) % 2**63


def _fed(state: SessionState, actions: Sequence[Action], index: int, action: Action) -> str | None:
    """The name of the next player, if they took the card this action threw."""
    if not isinstance(action, Discard) or index + 1 >= len(actions):
        return None
    if not isinstance(actions[index + 1], TakeDiscard):
        return None
    after, _ = apply(state, action)
    taker = after.to_move
    return None if taker is None else after.names[taker]


def price_options(view: PlayerView, seed: int = 0, samples: int = REVIEW_SAMPLES) -> tuple:
    """Every legal action of ``view``'s seat with its expected points, best first."""
    legal = list(view.legal_actions)
    if view.phase == "buy-back":
        priced = [Option(a, _buy_back_value(view, a)) for a in legal]
    else:
        knowledge = read_view(view)
        drawn = sample_hidden(knowledge, random.Random(seed), samples)
        table = table_of(view, knowledge)
        if view.hand_phase == "discard":
            priced = [Option(a, _discard_value(view, table, drawn, a)) for a in legal]
        else:
            priced = [Option(a, _draw_value(view, table, drawn, a)) for a in legal]
    # where the hard level never knocks above a count (KNOCK_CAPS), such a knock is not
    # the best choice whatever its one-round estimate says
    cap = KNOCK_CAPS.get(view.profile_id)
    kept = discard_points(list(view.hand), forbidden=view.taken) if cap is not None else {}

    def capped(option: Option) -> bool:
        action = option.action
        return isinstance(action, Knock) and kept.get(action.card, 0) > cap

    priced.sort(key=lambda o: (cap is not None and capped(o), -o.expected))
    return tuple(priced)


def _discard_value(view: PlayerView, table: Table, samples: list[Sample], action: Action) -> float:
    kept = list(view.hand)
    kept.remove(action.card)
    if isinstance(action, Knock):
        return estimate_knock(table, samples, kept).value
    return estimate_play_on(table, samples, kept, action.card)


def _best_after_drawing(
    table: Table, samples: list[Sample], hand: list[Card], forbidden: Card | None
) -> float:
    """The best of knocking or throwing face up with ``hand`` (one card over)."""
    options = discard_points(hand, forbidden=forbidden)
    ranked = greedy_order(options)
    best = None
    for card in ranked[:AFTER_DRAW_CANDIDATES]:
        kept = list(hand)
        kept.remove(card)
        value = estimate_play_on(table, samples, kept, card)
        if knock_refusal(table.profile, table.turn, table.players, options[card]) is None:
            value = max(value, estimate_knock(table, samples, kept).value)
        best = value if best is None else max(best, value)
    return 0.0 if best is None else best


def _draw_value(view: PlayerView, table: Table, samples: list[Sample], action: Action) -> float:
    after = replace(table, turn=view.turn + 1)
    hand = list(view.hand)
    if isinstance(action, TakeDiscard):
        upcard = view.discard_pile[-1]
        return _best_after_drawing(after, samples, [*hand, upcard], upcard)
    if isinstance(action, Pass) and view.hand_phase == "draw":
        # the stock is empty: passing ends the hand as a draw
        total = 0.0
        for sample in samples:
            hands = list(sample.hands)
            total += utility(table, settle_hands(table, hands, None))
        return total / max(len(samples), 1)
    # a stock draw (or passing the upcard offer, after which this seat draws blind)
    total = 0.0
    for sample in samples:
        if not sample.stock:
            continue
        card = sample.stock[-1]
        rest = Sample(sample.hands, sample.stock[:-1])
        total += _best_after_drawing(after, [rest], [*hand, card], None)
    return total / max(len(samples), 1)


def _buy_back_value(view: PlayerView, action: Action) -> float:
    """Chips expected from buying back: an even share of the larger pot against the
    price of half the pot; staying out is worth nothing more."""
    if isinstance(action, StayOut):
        return 0.0
    pot = float(view.pot)
    price = pot / 2
    others = sum(1 for s, on in enumerate(view.active) if on and s != view.seat)
    return (pot + price) / (others + 1) - price


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
                "options": [[str(o.action), o.expected] for o in d.options],
                "fed": d.fed,
            }
            for d in decisions
        ]
    )


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
NOTICEABLE = 0.5
"""A decision costing less than this many expected points is not worth mentioning."""


def describe(decision: Decision, upcard: Card | None = None) -> str:
    """The chosen action in words: ``throwing 8♦``, ``knocking with 3♣``, ``drawing blind``."""
    from ..records.replay import action_words

    action = decision.action
    if isinstance(action, Discard) and decision.fed:
        return f"throwing {action.card.symbol} when {decision.fed} took it"
    if isinstance(action, TakeDiscard) and upcard is not None:
        return f"taking {upcard.symbol}"
    return action_words(action, choice=True)


def _count(n: int) -> str:
    return NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)


def hand_summary(decisions: Sequence[Decision]) -> str:
    """One line for a hand: ``two decisions cost about 9 points; the biggest: throwing
    8♦ when Ben took it``."""
    costly = [d for d in decisions if d.cost >= NOTICEABLE]
    if not costly:
        return "every decision matched the best estimate"
    worst = max(costly, key=lambda d: d.cost)
    total = round(sum(d.cost for d in costly))
    noun = "decision" if len(costly) == 1 else "decisions"
    line = f"{_count(len(costly))} {noun} cost about {total} points"
    if len(costly) > 1:
        line += f"; the biggest: {describe(worst)}"
    else:
        line += f": {describe(worst)}"
    return line


def session_summary(decisions: Sequence[Decision]) -> str:
    """One line for a session: decisions priced, what they cost, the costliest hand."""
    if not decisions:
        return "no decisions to review"
    by_hand: dict[int, float] = {}
    for d in decisions:
        by_hand[d.hand] = by_hand.get(d.hand, 0.0) + d.cost
    worst = max(by_hand, key=lambda h: by_hand[h])
    total = round(total_cost(decisions))
    hands = "hand" if len(by_hand) == 1 else "hands"
    line = f"{len(decisions)} decisions over {len(by_hand)} {hands} cost about {total} points"
    if by_hand[worst] >= NOTICEABLE:
        line += f"; the costliest hand: {worst} (about {round(by_hand[worst])})"
    return line


__all__ = [
    "Decision",
    "Option",
    "hand_summary",
    "price_options",
    "review_json",
    "review_session",
    "session_summary",
    "stored_text",
    "total_cost",
]
