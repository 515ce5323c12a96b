"""Replaying any hand of a session, and recomputing a deal from its seed."""

from __future__ import annotations

import json

import pytest

from knockrummy.ai.simple import SimpleBot
from knockrummy.commands.sim import play_session
from knockrummy.engine.actions import parse_action
from knockrummy.engine.cards import Card, new_deck
from knockrummy.engine.profiles import PROFILES
from knockrummy.records.deal_codes import fingerprint
from knockrummy.records.replay import ReplayError, dealt_hand, replay_hand

CASES = [("poker-rum", 3), ("knock-rummy", 2), ("gin-classic", 2), ("knock-rami", 4)]


def _session(profile, players, seed=5):
    bots = [SimpleBot(seed=seed * 10 + s) for s in range(players)]
    return play_session(profile, players, seed, bots)


@pytest.mark.parametrize(("profile", "players"), CASES)
def test_every_stored_hand_replays_to_its_stored_result(profile, players):
    state = _session(profile, players)
    actions = [a for _, a in state.log]
    for record in state.records:
        replay = replay_hand(profile, players, state.seed, actions, record.number)
        settled = replay.final.records[record.number - 1]
        assert settled == record
        assert replay.final.settlement.result == record.result
        assert replay.start.seats == record.seats
        dealt = [c for hand in replay.start.hands for c in hand]
        deck = dealt + [replay.start.upcard, *replay.start.stock]
        assert sorted(deck) == sorted(new_deck(PROFILES[profile].jokers))


@pytest.mark.parametrize(("profile", "players"), CASES[:3])
def test_a_deal_recomputed_from_the_seed_is_the_deal_that_was_played(profile, players):
    state = _session(profile, players)
    actions = [a for _, a in state.log]
    for record in state.records:
        replay = replay_hand(profile, players, state.seed, actions, record.number)
        assert dealt_hand(profile, players, state.seed, record.number) == replay.start


def test_the_fingerprint_shown_before_a_hand_matches_its_seed_shown_after():
    state = _session("knock-rummy", 2)
    actions = [a for _, a in state.log]
    replay = replay_hand("knock-rummy", 2, state.seed, actions, 1)
    assert replay.start.fingerprint == fingerprint(replay.start.seed)
    assert replay.to_json()["start"]["fingerprint"] == fingerprint(replay.start.seed)


def test_each_step_holds_the_cards_before_it_and_the_count_after_it():
    state = _session("gin-rummy", 2)
    actions = [a for _, a in state.log]
    replay = replay_hand("gin-rummy", 2, state.seed, actions, 2)
    doc = json.loads(json.dumps(replay.to_json()))
    assert doc["hand"] == 2
    assert len(doc["start"]["hands"]) == 2 and all(len(h) == 10 for h in doc["start"]["hands"])
    first = doc["actions"][0]
    position = doc["start"]["seats"].index(first["seat"])
    assert first["held_before"] == doc["start"]["hands"][position]
    for step in doc["actions"]:
        parse_action(step["action"])  # the engine's text form
        for text in step["held_before"]:
            Card.parse(text)
    assert doc["result"]["result"] == state.records[1].result


def test_a_hand_that_was_never_played_is_refused_in_words():
    state = _session("poker-rum", 2)
    actions = [a for _, a in state.log]
    with pytest.raises(ReplayError, match="no hand 9"):
        replay_hand("poker-rum", 2, state.seed, actions, 9)


def test_a_card_taken_from_the_pile_mid_hand_is_named_as_the_table_names_it():
    from knockrummy.engine.actions import TakeDiscard
    from knockrummy.language import speaking
    from knockrummy.records.replay import move_line

    state = _session("gin-rummy", 2)
    actions = [a for _, a in state.log]
    taken = []
    for record in state.records:
        replay = replay_hand("gin-rummy", 2, state.seed, actions, record.number)
        for index, step in enumerate(replay.steps):
            if isinstance(step.action, TakeDiscard) and index > 1:  # past the first draws
                top = replay.states[index].hand.discard[-1]
                taken.append((step, top))
    assert taken, "no card was taken from the pile mid-hand"
    with speaking("en"):
        for step, top in taken:
            assert step.card == top
            line = move_line(step.action, "Ben", card=step.card)
            assert line == f"Ben takes {top.symbol} from the pile"
            assert move_line(step.action, "You", you=True, card=step.card) == (
                f"You take {top.symbol} from the pile"
            )
