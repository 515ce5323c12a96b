"""Session files for import tests: a valid export to mutate, and long legal action logs."""

from __future__ import annotations

import json
import random
from functools import lru_cache

from knockrummy.engine import hand as hand_rules
from knockrummy.engine.actions import Discard, DrawStock, NextHand
from knockrummy.engine.session import PLAYING, apply, legal_actions, new_session
from knockrummy.persistence.exchange import export_session
from knockrummy.persistence.store import open_store

SEATS = [
    {"name": "Ann", "kind": "human", "level": "medium"},
    {"name": "Bo", "kind": "computer", "level": "easy"},
]


def record_play(store, sid: int, state, rng: random.Random, until) -> object:
    """Random legal actions, each recorded as the window records it, until ``until(state)``
    holds or the session ends; returns the last state."""
    while not state.is_over and not until(state):
        action = rng.choice(legal_actions(state))
        after, _ = apply(state, action, state.to_move)
        store.append(sid, state, after, action, state.to_move)
        state = after
    return state


def exported(profile="gin-classic", seed=3, steps=60) -> dict:
    """A real export of a short two-player session, to edit."""
    store = open_store(None).store
    state = new_session(profile, 2, seed, ["Ann", "Bo"])
    sid = store.create_session(state, SEATS)
    record_play(store, sid, state, random.Random(seed), lambda s: len(s.log) >= steps)
    doc = export_session(store, sid)
    store.close()
    return doc


@lru_cache(maxsize=4)
def _long_log(count: int, profile: str, seed: int) -> tuple:
    return tuple(tuple(entry) for entry in _play_long(count, profile, seed))


def long_log(count: int, profile="gin-rummy", seed=1) -> list[list]:
    """``count`` legal actions of one session in which nobody ever knocks (see
    ``_play_long``); kept between tests, as it takes a second or two."""
    return [list(entry) for entry in _long_log(count, profile, seed)]


def _play_long(count: int, profile: str, seed: int) -> list[list]:
    """``count`` legal actions of one session in which nobody ever knocks: each player
    draws from the stock and discards the card drawn, hand after hand (each ends drawn when
    the stock runs down). Built in linear time: the generator keeps its own log."""
    state = new_session(profile, 2, seed, ["Ann", "Bo"])
    log: list[list] = []
    while len(log) < count:
        seat = state.to_move
        if state.phase != PLAYING:
            action = NextHand()
        elif state.hand.phase == hand_rules.DRAW:
            action = DrawStock()
        else:
            action = Discard(state.hand.hands[state.hand.to_move][-1])
        state.log = []  # the engine's copy of the log would make this quadratic
        state, _ = apply(state, action, seat)
        log.append([seat, str(action)])
    return log


def envelope_with(actions: list, profile="gin-rummy", seed=1) -> str:
    data = {
        "profile": profile,
        "players": 2,
        "seed": seed,
        "stake": 0,
        "seats": SEATS,
        "actions": actions,
    }
    doc = {"format": "knockrummy-session", "schema": 1, "app_version": "0.1.0", "data": data}
    return json.dumps(doc, separators=(",", ":"))
