"""Refusals and reasons as values: every refusal code the rules make is reached through
``apply`` and carries JSON-plain values that read back; every reason code is written by
the engine, its English made from it; bad JSON is refused plainly."""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable
from fractions import Fraction

import pytest

from knockrummy.ai.simple import SimpleBot
from knockrummy.engine import (
    REASONS,
    REFUSALS,
    BuyBack,
    CodedValueError,
    Discard,
    DrawStock,
    IllegalActionError,
    Knock,
    LedgerEntry,
    NextHand,
    Pass,
    Reason,
    Refusal,
    TakeDiscard,
    Undo,
    apply,
    new_session,
    parse_cards,
    settle,
)
from knockrummy.engine import hand as hand_rules
from knockrummy.engine.cards import CARDS, Card
from knockrummy.engine.refusals import ONLINE, SCRIPTED
from knockrummy.engine.session import BUY_BACK, HAND_OVER, SESSION_OVER

from .test_refusals import SCENES
from .test_session import knock_now, with_hand, with_scores
from .test_take_backs import a_discard, first_discard


def scene(name: str):
    return SCENES[name][0]()


def held(state) -> Card:
    hand = state.hand
    return next(c for c in hand.hands[hand.to_move] if c != hand.taken)


def absent(state) -> Card:
    return next(c for c in CARDS if c not in state.hand.hands[state.hand.to_move])


def _pile_empty():
    state = scene("draw").copy()
    state.hand = state.hand.copy()
    state.hand.discard.clear()
    return apply, state, TakeDiscard(), None


def _upcard_passed():
    state = scene("offer")
    state, _ = apply(state, Pass())
    state, _ = apply(state, Pass())
    return apply, state, TakeDiscard(), None


def _over_limit():
    state = new_session("gin-rummy", 2, seed=4)
    state = with_hand(state, ["KS QD 9C 8S 5H 2H 4D 6C JD TD", "AS 2S 3S 7H 7D 7C 9D 9S 9H TC"])
    state, _ = apply(state, DrawStock())
    return apply, state, Knock(state.hand.hands[state.hand.to_move][0]), None


def _hand_level(action_of: Callable, scene_name: str = "hand-over", position=None):
    def make():
        state = scene(scene_name)
        return (
            lambda hand, action, position: hand_rules.apply(hand, action, position),
            state.hand,
            action_of(state),
            position if position is None else position(state),
        )

    return make


def _undo(prepare: Callable, seat: int | None = 0):
    def make():
        return apply, prepare(), Undo(), seat

    return make


def _taken_back_already():
    state = first_discard("poker-rum", 4, 6)
    state, _ = apply(state, a_discard(state))
    state, _ = apply(state, Undo(), 0)
    return state


def _after_discard(profile: str, players: int, seed: int, undo_seat: int | None = 0):
    state = first_discard(profile, players, seed, undo_seat=undo_seat)
    state, _ = apply(state, a_discard(state))
    return state


def _knocked():
    state = new_session("knock-rummy", 2, seed=3, undo_seat=0)
    state = with_hand(state, ["AS 2S 3S 7H 7D 7C 9D", "KS QD 9C 8S 5H 2H 4D"])
    return knock_now(state, "9D")  # seat 0, the seat with take-backs, moves first


def _discard_ended_the_hand():
    state = first_discard("gin-rummy", 2, 5)  # seat 0 has drawn: two-left exhaustion
    state = state.copy()
    state.hand = state.hand.copy()
    state.hand.stock = state.hand.stock[-2:]
    state, _ = apply(state, a_discard(state))
    assert state.phase == HAND_OVER
    return state


def _next_player_moved():
    state = _after_discard("knock-rummy", 2, 8)
    state, _ = apply(state, DrawStock())
    return state


def _another_players_discard():
    state = _after_discard("knock-rummy", 2, 8)
    state, _ = apply(state, DrawStock())
    state, _ = apply(state, a_discard(state))
    return state


PROVOKED: dict[str, Callable] = {
    "upcard-offered": lambda: (apply, scene("offer"), DrawStock(), None),
    "draw-first": lambda: (apply, (s := scene("draw")), Discard(held(s)), None),
    "stock-empty": lambda: (apply, scene("draw-stock-empty"), DrawStock(), None),
    "discard-pile-empty": _pile_empty,
    "upcard-passed": _upcard_passed,
    "pass-not-allowed": lambda: (apply, scene("draw"), Pass(), None),
    "drawn-already": lambda: (apply, scene("discard"), DrawStock(), None),
    "card-not-held": lambda: (apply, (s := scene("discard")), Discard(absent(s)), None),
    "taken-card-kept": lambda: (apply, (s := scene("discard-taken")), Discard(s.hand.taken), None),
    "first-round-no-knock": lambda: (
        apply,
        (s := scene("discard-first-round")),
        Knock(held(s)),
        None,
    ),
    "knock-deadwood-over-limit": _over_limit,
    "hand-over": _hand_level(lambda s: DrawStock()),
    "not-a-hand-action": _hand_level(lambda s: NextHand(), "draw"),
    "out-of-turn-in-hand": _hand_level(
        lambda s: DrawStock(), "draw", lambda s: (s.hand.to_move + 1) % s.hand.players
    ),
    "not-an-action": lambda: (apply, scene("draw"), "knock everything", None),
    "discard-without-card": lambda: (apply, scene("discard"), Discard(card="7H"), None),
    "knock-without-card": lambda: (apply, scene("discard"), Knock(card=None), None),
    "out-of-turn": lambda: (apply, (s := scene("draw")), DrawStock(), (s.to_move + 1) % 3),
    "hand-in-play": lambda: (apply, scene("draw"), NextHand(), None),
    "deal-next": lambda: (apply, scene("hand-over"), DrawStock(), None),
    "answer-buy-back": lambda: (apply, scene("buy-back"), NextHand(), None),
    "session-over": lambda: (apply, scene("over"), NextHand(), None),
    "no-take-backs": _undo(lambda: _after_discard("gin-rummy", 2, 3, undo_seat=None)),
    "knock-kept": _undo(_knocked),
    "taken-back-already": _undo(_taken_back_already),
    "discard-ended-hand": _undo(_discard_ended_the_hand),
    "take-back-too-late": _undo(_next_player_moved),
    "nothing-to-take-back": _undo(lambda: first_discard("knock-rummy", 2, 9)),
    "take-back-not-yours": _undo(_another_players_discard, None),
    "take-back-by-discarder": _undo(lambda: _after_discard("knock-rummy", 3, 5), 1),
}
"""For every code the rules make: how to provoke it through ``apply`` (the session's or,
for the hand's own refusals, the hand's): the door, the state, the action, the seat."""


def test_every_code_the_rules_make_is_provoked_here_and_only_the_scripts_are_not():
    assert set(PROVOKED) == set(REFUSALS) - SCRIPTED - ONLINE
    assert {"script-step", "script-waits", "script-over"} == SCRIPTED
    assert {"online-stale", "online-waiting", "online-too-fast"} == ONLINE


@pytest.mark.parametrize("code", sorted(PROVOKED))
def test_each_refusal_is_raised_through_apply_with_its_code_and_json_plain_values(code):
    door, state, action, seat = PROVOKED[code]()
    with pytest.raises(IllegalActionError) as raised:
        door(state, action, seat)
    refusal = raised.value.refusal
    assert refusal.code == code
    assert raised.value.rule is refusal  # the rule, in English through str()
    refusal.check()
    text = json.dumps(refusal.to_json())
    assert Refusal.from_json(json.loads(text)) == refusal
    assert pickle.loads(pickle.dumps(refusal)) == refusal
    assert eval(repr(refusal), {"Refusal": Refusal}) == refusal
    assert str(raised.value).endswith(f"is not allowed: {refusal}")
    assert str(refusal) == REFUSALS[code].say(refusal.values)
    assert "{" not in str(refusal)


def test_a_refusal_names_the_seat_and_the_player_whose_turn_it_is():
    state = scene("buy-back")
    with pytest.raises(IllegalActionError) as raised:
        apply(state, BuyBack(), seat=0)
    assert raised.value.refusal == Refusal("out-of-turn", {"seat": 1, "player": "Player 2"})
    assert str(raised.value.rule) == "it is Player 2's turn"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "must be an object"),
        ({"code": "card-not-held"}, "has a code and values"),
        ({"code": "card-not-held", "values": {"card": "7H"}, "more": 1}, "has a code and values"),
        ({"code": "os.system", "values": {}}, "not a refusal code the game knows"),
        ({"code": 7, "values": {}}, "not a refusal code the game knows"),
        ({"code": "card-not-held", "values": []}, "must be an object"),
        ({"code": "card-not-held", "values": {}}, "carries ['card']"),
        ({"code": "card-not-held", "values": {"card": "7H", "x": 1}}, "carries ['card']"),
        ({"code": "card-not-held", "values": {"card": "7h"}}, "card must be a card"),
        ({"code": "card-not-held", "values": {"card": "ZZ"}}, "card must be a card"),
        ({"code": "card-not-held", "values": {"card": 7}}, "card must be a card"),
        ({"code": "knock-deadwood-over-limit", "values": {"limit": 10, "count": "14"}}, "number"),
        ({"code": "knock-deadwood-over-limit", "values": {"limit": True, "count": 1}}, "number"),
        ({"code": "knock-deadwood-over-limit", "values": {"limit": 1.5, "count": 1}}, "number"),
        ({"code": "out-of-turn", "values": {"seat": 1, "player": "x" * 101}}, "must be a text"),
        ({"code": "not-a-hand-action", "values": {"action": "fold"}}, "must be a action"),
        ({"code": "script-step", "values": {"action": "discard 7h"}}, "must be a action"),
    ],
)
def test_a_refusal_that_is_not_one_is_refused_plainly(data, words):
    with pytest.raises(CodedValueError) as refused:
        Refusal.from_json(data)
    assert words in str(refused.value) and len(str(refused.value)) < 200


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"code": "pot", "values": {"pot": "15/2"}, "party": "over"}, "party is one of"),
        ({"code": "pot", "values": {"pot": 7}}, "pot must be a amount"),
        ({"code": "pot", "values": {"pot": "14/2"}}, "pot must be a amount"),
        ({"code": "pot", "values": {"pot": "1/0"}}, "pot must be a amount"),
        ({"code": "stake", "values": {"n": 5}, "why": 1}, "has a code and values"),
        ({"code": "deadwood", "values": {}}, "carries ['n']"),
    ],
)
def test_a_reason_that_is_not_one_is_refused_plainly(data, words):
    with pytest.raises(CodedValueError, match=None) as refused:
        Reason.from_json(data)
    assert words in str(refused.value)


def _sessions() -> list[tuple[list[str], list[LedgerEntry]]]:
    """Whole sessions of every profile at its largest and smallest table (buying back in
    wherever that is offered), with their names."""
    from knockrummy.engine.profiles import PROFILES
    from knockrummy.engine.views import player_view

    out = []
    for profile_id, profile in PROFILES.items():
        for players in sorted({profile.min_players, profile.max_players}):
            names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
            state = new_session(profile_id, players, 3, names)
            bots = [SimpleBot(seed=3 + s) for s in range(players)]
            while not state.is_over:
                seat = state.to_move
                if seat is None:
                    action = NextHand()
                elif state.phase == BUY_BACK:
                    action = BuyBack()
                else:
                    action = bots[seat].choose(player_view(state, seat))
                state, _ = apply(state, action, seat)
            out.append((names, list(state.ledger)))
    return out


def _settled(profile: str, texts: list[str], knocker) -> tuple[list[str], list[LedgerEntry]]:
    names = ["Ann", "Bo", "Cy"][: len(texts)]
    return names, list(settle(profile, [parse_cards(t) for t in texts], knocker, names).entries)


def _shutout() -> tuple[list[str], list[LedgerEntry]]:
    from knockrummy.engine.actions import Pass as PassAction

    state = with_scores(new_session("gin-classic", 2, seed=3, names=["Ann", "Bo"]), [92, 0])
    state = with_hand(
        state, ["AS 2S 3S 4H 5H 6H 7C 8C 9C TC", "JS QS KS 5C 5D 5S 8D 7S 2D 2C"], stock="KD"
    )
    state, _ = apply(state, PassAction())
    state, _ = apply(state, PassAction())
    state = knock_now(state, "KD")
    assert state.phase == SESSION_OVER
    return ["Ann", "Bo"], [e for e in state.ledger if e.why is not None]


A_8 = "4H 5H 6H QC QD QS 8D"
B_3 = "AS AH AD 7C 8C 9C 3H"
C_3 = "2S 2H 2D 7D 8D 9D 3S"
RUM = "AS 2S 3S 7H 7D 7C 7S"


def ledgers() -> list[tuple[list[str], list[LedgerEntry]]]:
    """Ledgers in which the engine writes every reason it has."""
    return [
        *_sessions(),
        _settled("poker-rum", [A_8, B_3, C_3], 0),  # a beaten knock shared two ways
        _settled("poker-rum", [RUM, B_3], 0),  # rum: deadwood and the bonus paid
        _settled("knock-rami", [RUM, B_3, C_3], 0),  # a clean hand
        _settled(
            "gin-rummy", ["AS 2S 3S 4H 5H 6H 7C 8C 9C TC", "JS QS KS 5C 5D 5S 8D 7S 2D 2C"], 0
        ),
        _settled(
            "gin-rummy", ["JS QS KS 5C 5D 5S 8D 7S 2H 2C", "AS 2S 3S 4H 5H 6H 7C 8C 9C TC"], 0
        ),
        _shutout(),
    ]


def test_the_engine_writes_every_reason_and_its_english_from_the_reason():
    made = set()
    for names, entries in ledgers():
        for entry in entries:
            why = entry.why
            assert why is not None, entry
            why.check()
            other = None if entry.counterparty is None else names[entry.counterparty]
            assert entry.reason == why.english(other)
            assert why.party is None or other is not None
            again = LedgerEntry.from_json(json.loads(json.dumps(entry.to_json())))
            assert again == entry and again.why.party == why.party
            assert pickle.loads(pickle.dumps(why)) == why
            made.add(why.code)
    assert made == set(REASONS)


def test_a_reason_reads_as_the_engine_wrote_it_before_it_was_a_value():
    shared = Reason("difference", {"a": 8, "b": 3, "shared": 2}, party="to")
    assert shared.english("Bo") == "to Bo: difference 8 - 3, shared 2 ways"
    assert Reason("their-deadwood").english("Bo") == "Bo's deadwood"
    assert Reason("pot", {"pot": str(Fraction(225, 2))}).english() == (
        "last player standing takes the pot (225/2)"
    )
    assert shared.to_json() == {
        "code": "difference",
        "values": {"a": 8, "b": 3, "shared": 2},
        "party": "to",
    }
    assert "party" not in Reason("gin-bonus").to_json()
