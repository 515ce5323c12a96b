"""Replaying a session is linear in its log, and sharing the log between copies never lets
one state see another's actions."""

from __future__ import annotations

import copy
import pickle
import time

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
from knockrummy.engine.serialize import session_to_json


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


def _best_time(actions) -> float:
    """The best of three replays of ``actions``, in seconds."""
    times = []
    for _ in range(3):
        start = time.perf_counter()
        replay_session("knock-rummy", 2, 7, actions)
        times.append(time.perf_counter() - start)
    return min(times)


def test_replay_reaches_the_state_that_applying_each_action_in_turn_reaches():
    actions = _long_log(3000)
    assert sum(isinstance(a, NextHand) for a in actions) > 30  # many hands, all drawn
    state = new_session("knock-rummy", 2, seed=7)
    for action in actions:
        state, _ = apply(state, action)
    assert session_to_json(replay_session("knock-rummy", 2, 7, actions)) == session_to_json(state)


def test_applying_one_action_costs_the_same_however_long_the_log_is():
    fresh = new_session("knock-rummy", 2, seed=7)
    long = fresh.copy()
    long.log.extend([(None, NextHand())] * 200_000)
    long.ledger.extend([LedgerEntry(0, 0, "test", "padding", 0)] * 200_000)
    long.hand = fresh.hand.copy()
    long.hand.log.extend([(0, DrawStock(), None)] * 200_000)

    def best_time(state) -> float:
        times = []
        for _ in range(5):
            start = time.perf_counter()
            current = state
            for _ in range(40):  # one player after the other, as a game goes on
                current, _ = apply(current, legal_actions(current)[0])
            times.append(time.perf_counter() - start)
        return min(times)

    assert best_time(long) < 3 * best_time(fresh)


def test_a_hand_where_everyone_keeps_taking_the_discard_replays_in_linear_time():
    # taking the discard never shortens the stock, so such a hand can run on for ever
    state = new_session("knock-rummy", 2, seed=7)
    actions = []
    for _ in range(6000):
        take = TakeDiscard()
        state, _ = apply(state, take)
        throw = next(a for a in legal_actions(state) if isinstance(a, Discard))
        state, _ = apply(state, throw)
        actions += [take, throw]
    assert _best_time(actions) / len(actions) < 2.5 * _best_time(actions[:2000]) / 2000


def test_replay_refuses_the_first_illegal_action_with_its_rule():
    actions = _long_log(40)
    with pytest.raises(IllegalActionError, match="deal the next one|being played|draw"):
        replay_session("knock-rummy", 2, 7, [*actions, NextHand(), NextHand()])
