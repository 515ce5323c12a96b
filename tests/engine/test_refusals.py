"""Every phase refuses every wrong action with the rule that forbids it, state unchanged;
``legal_actions`` and ``refusal`` agree on every action in every phase."""

from __future__ import annotations

import copy

import pytest

from knockrummy.ai.simple import SimpleBot
from knockrummy.commands.sim import play_session
from knockrummy.engine import (
    JOKER,
    BuyBack,
    Card,
    Discard,
    DrawStock,
    HandPhase,
    IllegalActionError,
    Knock,
    NextHand,
    Pass,
    SessionPhase,
    StayOut,
    TakeDiscard,
    apply,
    legal_actions,
    new_session,
    refusal,
)
from knockrummy.engine.cards import CARDS
from knockrummy.engine.serialize import session_to_json

from .test_session import knock_now, rami, with_hand, with_scores


def _offer():
    return new_session("gin-classic", 2, seed=1)


def _draw():
    return new_session("knock-rummy", 3, seed=2)


def _discard_after_stock_draw():
    state, _ = apply(new_session("knock-rummy", 3, seed=2), DrawStock())
    return state


def _discard_after_taking_the_upcard():
    state, _ = apply(new_session("knock-rummy", 3, seed=2), TakeDiscard())
    return state


def _discard_in_the_first_round_of_knock_rami():
    state, _ = apply(new_session("knock-rami", 3, seed=2), DrawStock())
    return state


def _draw_with_the_stock_empty():
    state = new_session("knock-rummy", 2, seed=3)
    state = with_hand(state, ["AS 2S 3S 7H 7D 7C 9D 9S 9H TC", "KS QD 9C 8S 5H 2H 4D 6C JD TD"])
    state.hand.stock.clear()
    return state


def _hand_over():
    state, _ = apply(new_session("poker-rum", 3, seed=21), DrawStock())
    state, _ = apply(state, Knock(state.hand.hands[state.hand.to_move][0]))
    return state


def _buy_back():
    state = with_scores(rami(3, stake=5), [60, 97, 40])
    state = with_hand(
        state, ["AS 2S 3S 7H 7D 7C 9D", "KS QD 9C 8S 5H 2H 4D", "4C 4S 4H JK JC QC KC"]
    )
    state.hand.turn = 4
    return knock_now(state, "KD")


def _over():
    bots = [SimpleBot(seed=seat) for seat in range(2)]
    return play_session("poker-rum", 2, 5, bots)


SCENES = {
    "offer": (_offer, SessionPhase.PLAYING, HandPhase.OFFER),
    "draw": (_draw, SessionPhase.PLAYING, HandPhase.DRAW),
    "draw-stock-empty": (_draw_with_the_stock_empty, SessionPhase.PLAYING, HandPhase.DRAW),
    "discard": (_discard_after_stock_draw, SessionPhase.PLAYING, HandPhase.DISCARD),
    "discard-taken": (_discard_after_taking_the_upcard, SessionPhase.PLAYING, HandPhase.DISCARD),
    "discard-first-round": (
        _discard_in_the_first_round_of_knock_rami,
        SessionPhase.PLAYING,
        HandPhase.DISCARD,
    ),
    "hand-over": (_hand_over, SessionPhase.HAND_OVER, HandPhase.OVER),
    "buy-back": (_buy_back, SessionPhase.BUY_BACK, HandPhase.OVER),
    "over": (_over, SessionPhase.OVER, HandPhase.OVER),
}

ACTION_KINDS = [
    "draw",
    "take",
    "pass",
    "discard-held",
    "discard-absent",
    "discard-taken",
    "knock-held",
    "knock-absent",
    "knock-taken",
    "next",
    "buy-back",
    "stay-out",
    "not-an-action",
]


def _action(state, kind: str):
    """An action of ``kind`` for the seat to move (or anyone) in ``state``."""
    hand = state.hand
    held = hand.hands[hand.to_move]
    held_card = next((c for c in held if c != hand.taken), held[0])
    absent = next(c for c in CARDS if c not in held)
    taken = hand.taken or (hand.discard[-1] if hand.discard else held_card)
    return {
        "draw": DrawStock(),
        "take": TakeDiscard(),
        "pass": Pass(),
        "discard-held": Discard(held_card),
        "discard-absent": Discard(absent),
        "discard-taken": Discard(taken),
        "knock-held": Knock(held_card),
        "knock-absent": Knock(absent),
        "knock-taken": Knock(taken),
        "next": NextHand(),
        "buy-back": BuyBack(),
        "stay-out": StayOut(),
        "not-an-action": "knock everything",
    }[kind]


@pytest.mark.parametrize("scene", SCENES)
def test_each_scene_is_in_the_phase_it_is_named_for(scene):
    build, phase, hand_phase = SCENES[scene]
    state = build()
    assert state.phase is phase and state.hand.phase is hand_phase


@pytest.mark.parametrize("kind", ACTION_KINDS)
@pytest.mark.parametrize("scene", SCENES)
def test_every_phase_refuses_every_wrong_action_with_its_rule_and_keeps_the_state(scene, kind):
    state = SCENES[scene][0]()
    action = _action(state, kind)
    before = session_to_json(state)
    snapshot = copy.deepcopy(state)
    legal = legal_actions(state)
    if action in legal:
        after, _ = apply(state, action)
        assert after.log[-1][1] == action
    else:
        with pytest.raises(IllegalActionError) as refused:
            apply(state, action)
        assert refused.value.rule and refused.value.action == action
        assert refused.value.rule == refusal(state, action)
    assert session_to_json(state) == before
    assert state == snapshot


@pytest.mark.parametrize(
    ("scene", "kind", "rule"),
    [
        ("hand-over", "draw", "the hand is over: deal the next one"),
        ("hand-over", "buy-back", "the hand is over: deal the next one"),
        ("buy-back", "next", "must answer the buy-back offer"),
        ("buy-back", "discard-held", "must answer the buy-back offer"),
        ("over", "next", "the session is over"),
        ("over", "stay-out", "the session is over"),
        ("draw", "next", "a hand is being played"),
        ("offer", "draw", "the upcard is offered first"),
        ("draw", "discard-held", "draw a card"),
        ("discard", "draw", "you have drawn already"),
        ("discard", "discard-absent", "is not in your hand"),
        ("discard-taken", "knock-taken", "cannot be discarded in the same turn"),
        ("discard-first-round", "knock-held", "nobody may knock until every player"),
        ("draw-stock-empty", "draw", "the stock is empty"),
        ("draw", "pass", "passing is allowed only"),
    ],
)
def test_refusals_name_the_rule_of_the_phase(scene, kind, rule):
    state = SCENES[scene][0]()
    with pytest.raises(IllegalActionError, match=rule):
        apply(state, _action(state, kind))


def test_an_action_for_the_wrong_seat_is_refused_with_whose_turn_it_is():
    state = _buy_back()
    with pytest.raises(IllegalActionError, match="it is Player 2's turn"):
        apply(state, BuyBack(), seat=0)
    state = _draw()
    with pytest.raises(IllegalActionError, match="turn"):
        apply(state, DrawStock(), seat=(state.to_move + 1) % 3)


def _universe() -> list:
    cards: list[Card] = [*CARDS, JOKER]
    plain = [DrawStock(), TakeDiscard(), Pass(), NextHand(), BuyBack(), StayOut()]
    return plain + [Discard(c) for c in cards] + [Knock(c) for c in cards]


@pytest.mark.parametrize(
    ("profile", "players", "seed"),
    [("knock-rami", 3, 4), ("gin-classic", 2, 9), ("gin-rummy", 2, 1), ("poker-rum", 4, 2)],
)
def test_legal_actions_are_exactly_the_actions_refusal_lets_through(profile, players, seed):
    states = []
    bots = [SimpleBot(seed=seed + seat, noise=0.1) for seat in range(players)]
    play_session(profile, players, seed, bots, on_step=states.append)
    universe = _universe()
    phases = set()
    for state in states[::3] + [states[-1]]:
        phases.add((state.phase, state.hand.phase))
        legal = legal_actions(state)
        allowed = [a for a in universe if refusal(state, a) is None]
        assert sorted(map(str, allowed)) == sorted(map(str, legal))
        assert len(set(legal)) == len(legal)
    assert len(phases) >= 3
