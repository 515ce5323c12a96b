"""Test helpers: a tiny external bot, partial sessions, and reshuffled hidden cards."""

from __future__ import annotations

import random

from knockrummy.ai.simple import SimpleBot
from knockrummy.engine.actions import Action, DrawStock
from knockrummy.engine.session import SessionState, apply, new_session
from knockrummy.engine.views import PlayerView, player_view


class FirstLegalBot:
    """An external bot for ``make_bot("tests.ai.helpers:FirstLegalBot", seed)``."""

    name = "first-legal"
    description = "Always takes the first legal action."

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        return view.legal_actions[0]


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


def rigged_session(
    profile: str,
    hands: list[str],
    discard_pile: str,
    stock_top: str,
    pickups: dict[int, str] | None = None,
    turn: int = 0,
) -> SessionState:
    """A session whose current hand holds exactly these cards, position 0 to draw.

    ``pickups`` marks cards each position took from the discard pile earlier (they must be
    in that hand), as the log would show them; ``turn`` sets how many turns have begun.
    The rest of the deck goes under ``stock_top`` in the stock.
    """
    from knockrummy.engine.actions import TakeDiscard
    from knockrummy.engine.cards import new_deck, parse_cards
    from knockrummy.engine.hand import DRAW, HandState
    from knockrummy.engine.profiles import get_profile

    players = len(hands)
    state = new_session(profile, players, seed=1)
    held = [parse_cards(h) for h in hands]
    pile = parse_cards(discard_pile)
    top = parse_cards(stock_top)
    rest = new_deck(get_profile(profile).jokers)
    for card in [c for h in held for c in h] + pile + top:
        rest.remove(card)
    stock = list(reversed(top + rest))
    log = []
    for position, text in (pickups or {}).items():
        for card in parse_cards(text):
            assert card in held[position]
            log.append((position, TakeDiscard(), card))
    state.hand = HandState(
        profile_id=profile,
        players=players,
        dealer=players - 1,
        seed=0,
        hands=held,
        stock=stock,
        discard=pile,
        to_move=0,
        phase=DRAW,
        turn=turn,
        log=log,
    )
    state.seats_in_hand = tuple(range(players))
    return state
