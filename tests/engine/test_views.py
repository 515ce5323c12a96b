"""A seat's view holds what that seat may know and nothing more."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from knockrummy.engine.actions import DrawStock, Knock
from knockrummy.engine.session import apply
from knockrummy.engine.views import FaceDownKnock, player_view

from ..sessions import play_some, shuffle_hidden


@pytest.mark.parametrize(
    ("profile", "players"),
    [("poker-rum", 4), ("knock-rummy", 6), ("gin-classic", 2), ("knock-rami", 3)],
)
@pytest.mark.parametrize("steps", [0, 1, 7, 20])
def test_view_does_not_change_when_hidden_cards_are_reshuffled(profile, players, steps):
    state = play_some(profile, players, seed=steps * 13 + players, steps=steps)
    rng = random.Random(steps)
    for seat in range(players):
        view = player_view(state, seat)
        for _ in range(3):
            other = shuffle_hidden(state, seat, rng)
            assert player_view(other, seat) == view


def test_view_hides_opponents_cards_stock_order_seed_and_stock_draws():
    state = play_some("knock-rummy", 3, seed=4, steps=6)
    view = player_view(state, 0)
    text = repr(view)
    for p in range(3):
        if p != view.position:
            for card in state.hand.hands[p]:
                # a card is named in the view only if it is public (taken from the pile)
                if repr(card) in text:
                    assert card in view.picked_up(p) or card in view.discard_pile
    assert not hasattr(view, "stock")
    assert str(state.hand.seed) not in text
    drawn = [e for e in view.history if e.action == DrawStock() and e.position != view.position]
    assert drawn and all(e.card is None for e in drawn)


def test_knocking_discard_is_face_down_for_everyone_but_the_knocker():
    state = play_some("poker-rum", 3, seed=2, steps=0)
    state, _ = apply(state, DrawStock())
    knocker = state.to_move
    card = state.hand.hands[state.hand.to_move][0]
    state, _ = apply(state, Knock(card))
    for seat in range(3):
        view = player_view(state, seat)
        assert view.revealed is not None and view.settlement is not None
        assert view.knock_card == (card if seat == knocker else None)


@pytest.mark.parametrize(("profile", "players"), [("poker-rum", 3), ("knock-rummy", 2)])
def test_other_seats_history_shows_the_knock_face_down_without_its_card(profile, players):
    state = play_some(profile, players, seed=2, steps=0)
    state, _ = apply(state, DrawStock())
    knocker = state.to_move
    position = state.hand.to_move
    card = state.hand.hands[position][-1]
    state, _ = apply(state, Knock(card))
    for seat in range(players):
        view = player_view(state, seat)
        last = view.history[-1]
        assert last.position == position
        if seat == knocker:
            assert last.action == Knock(card)
        else:
            assert last.action == FaceDownKnock() and last.card is None
            assert str(last.action) == "knock"
            # the card appears nowhere in what this seat knows (it was drawn unseen)
            assert repr(card) not in repr(view)


def test_engine_import_does_not_load_pygame():
    code = "import sys, knockrummy.engine, knockrummy.commands.sim; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(("profile", "players"), [("knock-rummy", 6), ("gin-classic", 2)])
@pytest.mark.parametrize("steps", [0, 5, 17])
def test_a_spectator_sees_no_seats_hidden_cards(profile, players, steps):
    from knockrummy.engine.views import SPECTATOR, spectator_view

    state = play_some(profile, players, seed=steps + players, steps=steps)
    view = spectator_view(state)
    assert view.seat == SPECTATOR and view.position is None and view.hand == ()
    assert view.legal_actions == () and view.taken is None and view.knock_card is None
    assert all(e.card is None for e in view.history if e.action == DrawStock())
    rng = random.Random(steps)
    for seat in range(players):  # no seat's hidden cards change what a spectator sees
        assert spectator_view(shuffle_hidden(state, seat, rng)) == view


def test_a_spectator_sees_every_hand_once_the_hand_is_over_but_not_the_knock_card_before():
    from knockrummy.engine.views import spectator_view

    state = play_some("poker-rum", 3, seed=2, steps=0)
    state, _ = apply(state, DrawStock())
    card = state.hand.hands[state.hand.to_move][0]
    assert spectator_view(state).revealed is None
    state, _ = apply(state, Knock(card))
    view = spectator_view(state)
    assert view.revealed == tuple(tuple(h) for h in state.hand.hands)
    assert view.settlement is not None and view.knock_card is None


@pytest.mark.parametrize("profile", ["knock-rummy", "poker-rum", "knock-rami"])
def test_a_view_carries_this_hands_points_and_the_hands_won(profile):
    """What the table shows of a hand's end and the score sheet comes from the view."""
    from knockrummy.ai import make_bot
    from knockrummy.engine.actions import NextHand
    from knockrummy.engine.session import HAND_OVER, new_session

    state = new_session(profile, 3, 5)
    bots = [make_bot("easy", s) for s in range(3)]
    checked = 0
    while not state.is_over and state.hand_number <= 3:
        seat = state.to_move
        action = NextHand() if seat is None else bots[seat].choose(player_view(state, seat))
        state, _ = apply(state, action, seat)
        if state.phase == HAND_OVER:
            view = player_view(state, 1)
            wanted = [
                e for e in state.ledger if e.hand == state.hand_number and e.account == "points"
            ]
            assert list(view.hand_entries) == wanted
            won = [sum(1 for r in state.records if s in r.winners) for s in range(3)]
            assert list(view.hands_won) == won
            checked += bool(wanted) + sum(won)
    assert checked >= 3
