"""Replaying a session is linear in its log, and sharing the log between copies never lets
one state see another's actions."""

from __future__ import annotations

import copy
import pickle

import pytest

from knockrummy.engine import (
    Discard,
    DrawStock,
    IllegalActionError,
    Knock,
    NextHand,
    SharedList,
    TakeDiscard,
    apply,
    legal_actions,
    new_session,
    replay_session,
)
from knockrummy.engine.ledger import LedgerEntry

from ..serialize import session_to_json


def test_copies_of_a_shared_list_keep_their_own_items_when_both_go_on():
    first = SharedList([1, 2])
    second = first.copy()
    first.append(3)
    second.append(30)  # branches: the backing already holds 3 past second's length
    second.append(40)
    third = first.copy()
    third.append(4)
    assert first == [1, 2, 3] and second == [1, 2, 30, 40] and third == [1, 2, 3, 4]
    assert list(first) == [1, 2, 3] and len(second) == 4
    assert second[-1] == 40 and second[2:] == [30, 40] and third[::-1] == [4, 3, 2, 1]
    with pytest.raises(IndexError):
        first[3]
    second.clear()
    assert second == [] and first == [1, 2, 3]


def test_a_shared_list_pickles_deep_copies_and_compares_like_a_list():
    items = SharedList([(0, DrawStock())])
    items.copy().append((1, NextHand()))  # past items' length: never seen by items
    assert pickle.loads(pickle.dumps(items)) == items == [(0, DrawStock())]
    assert copy.deepcopy(items) == items
    assert items != [(0, DrawStock()), (1, NextHand())]
    assert items != ((0, DrawStock()),)


def test_states_branching_from_one_state_each_keep_their_own_log_and_ledger():
    state = new_session("poker-rum", 3, seed=21)
    state, _ = apply(state, DrawStock())
    before = session_to_json(state)
    hand = state.hand.hands[state.hand.to_move]
    one, _ = apply(state, Knock(hand[0]))  # both knocks settle: each adds ledger entries
    two, _ = apply(state, Knock(hand[1]))
    assert one.log[-1][1] == Knock(hand[0]) and two.log[-1][1] == Knock(hand[1])
    assert len(one.log) == len(two.log) == len(state.log) + 1
    assert one.ledger != two.ledger or one.settlement.deltas == two.settlement.deltas
    assert session_to_json(state) == before
    again, _ = apply(one, NextHand())
    assert again.log[: len(one.log)] == list(one.log)


def test_new_session_ledger_may_be_set_up_by_appending_without_touching_copies():
    state = new_session("knock-rummy", 2, seed=1)
    twin = state.copy()
    twin.ledger.append(LedgerEntry(0, 50, "test", "set up", 0))
    assert state.scores == [0, 0] and twin.scores == [50, 0]


def _long_log(count: int) -> list:
    """``count`` legal actions of a knock-rummy session nobody knocks in: they draw from
    the stock, so every hand runs it out and is a draw, and the session never ends."""
    state = new_session("knock-rummy", 2, seed=7)
    actions = []
    while len(actions) < count:
        legal = [a for a in legal_actions(state) if not isinstance(a, Knock)]
        action = legal[0] if not isinstance(legal[0], Discard) else legal[len(actions) % 7]
        actions.append(action)
        state, _ = apply(state, action)
    return actions


def test_replay_reaches_the_state_that_applying_each_action_in_turn_reaches():
    actions = _long_log(3000)
    assert sum(isinstance(a, NextHand) for a in actions) > 30  # many hands, all drawn
    state = new_session("knock-rummy", 2, seed=7)
    for action in actions:
        state, _ = apply(state, action)
    assert session_to_json(replay_session("knock-rummy", 2, 7, actions)) == session_to_json(state)


def test_applying_an_action_shares_the_logs_and_the_ledger_instead_of_copying_them():
    # what makes replay linear, checked by construction rather than by a clock: a new
    # state goes on from the old one's lists, whatever their length
    state = new_session("knock-rummy", 2, seed=7)
    for action in _long_log(600):
        new, _ = apply(state, action)
        assert new.log._items is state.log._items
        assert new.ledger._items is state.ledger._items
        if new.hand_number == state.hand_number:
            assert new.hand.log._items is state.hand.log._items
        assert list(new.log[: len(state.log)]) == list(state.log)  # the old one is unchanged
        state = new


def test_a_hand_where_everyone_keeps_taking_the_discard_never_copies_its_log():
    # taking the discard never shortens the stock, so such a hand can run on for ever
    state = new_session("knock-rummy", 2, seed=7)
    backing = state.hand.log._items
    for _ in range(3000):
        state, _ = apply(state, TakeDiscard())
        throw = next(a for a in legal_actions(state) if isinstance(a, Discard))
        state, _ = apply(state, throw)
    assert state.hand.log._items is backing and len(state.hand.log) == 6000


def test_replay_refuses_the_first_illegal_action_with_its_rule():
    actions = _long_log(40)
    with pytest.raises(IllegalActionError, match="deal the next one|being played|draw"):
        replay_session("knock-rummy", 2, 7, [*actions, NextHand(), NextHand()])
