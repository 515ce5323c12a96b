"""Partial sessions and reshuffled hidden cards, for the privacy and fairness tests; saved
sessions played here and online, for the ledgers' tests."""

from __future__ import annotations

import random

from knockrummy.ai.simple import SimpleBot
from knockrummy.engine.actions import DrawStock
from knockrummy.engine.session import SessionState, apply, new_session
from knockrummy.engine.views import player_view
from knockrummy.persistence import online


def play_some(profile: str, players: int, seed: int, steps: int) -> SessionState:
    """Up to ``steps`` actions into the first hand, stopping before it ends."""
    state = new_session(profile, players, seed)
    bots = [SimpleBot(seed + s) for s in range(players)]
    for _ in range(steps):
        seat = state.to_move
        after, _ = apply(state, bots[seat].choose(player_view(state, seat)))
        if after.hand.is_over:
            break
        state = after
    return state


def shuffle_hidden(state: SessionState, seat: int, rng: random.Random) -> SessionState:
    """The same state with every card ``seat`` cannot see dealt again at random.

    Cards an opponent took from the discard pile (and still holds) are public, so they
    stay where they are; everything else an opponent holds, and the stock, is reshuffled.
    """
    state = state.copy()
    hand = state.hand.copy()
    state.hand = hand
    mine = state.position_of(seat)
    others = [p for p in range(hand.players) if p != mine]
    known = {}
    for p in others:
        held: list = []
        for q, action, card in hand.log:
            if q != p:
                continue
            if card is not None and action != DrawStock():
                held.append(card)
            elif getattr(action, "card", None) in held:
                held.remove(action.card)
        known[p] = [c for c in held if c in hand.hands[p]]
    pool = []
    for p in others:
        rest = list(hand.hands[p])
        for card in known[p]:
            rest.remove(card)
        pool += rest
    pool += hand.stock
    rng.shuffle(pool)
    for p in others:
        need = len(hand.hands[p]) - len(known[p])
        hand.hands[p] = known[p] + pool[:need]
        del pool[:need]
    hand.stock = pool
    return state


LEDGER_SEATS = [
    {"name": "Ann", "kind": "human", "level": "medium"},
    {"name": "Bo", "kind": "computer", "level": "easy"},
]


def here_hosted_and_joined(store) -> tuple[int, int, int]:
    """Three new gin-rummy sessions in ``store``: one played here, one hosted here and one
    played at a friend's table; their ids."""
    here, hosted, joined = (
        store.create_session(new_session("gin-rummy", 2, seed, ["Ann", "Bo"]), LEDGER_SEATS)
        for seed in (1, 2, 3)
    )
    online.save_hosted(store, hosted, online.Hosted("K7QX2M", "h" * 32, ("t" * 32, None)))
    store.db.execute(
        "INSERT INTO online (session_id, role, code, seat) VALUES (?, 'guest', 'ZAGJXE', 0)",
        (joined,),
    )
    return here, hosted, joined
