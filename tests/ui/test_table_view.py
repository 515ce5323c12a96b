"""The table shows one seat's view: no card drawn face up is one that view does not know,
and drawing changes nothing in the scene."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.engine.actions import Discard, DrawStock, Knock
from knockrummy.engine.views import PlayerView

from ..serialize import session_to_json
from .conftest import DT, make_table, step


def known_cards(view: PlayerView) -> set:
    """Every card ``view`` names: its own, the pile, public moves, revealed hands."""
    cards = set(view.hand) | set(view.discard_pile)
    for event in view.history:
        if event.card is not None:
            cards.add(event.card)
        if isinstance(event.action, Discard):
            cards.add(event.action.card)
    for hand in view.revealed or ():
        cards |= set(hand)
    if view.knock_card is not None:
        cards.add(view.knock_card)
    return cards


def human_move(scene) -> None:
    """A plain legal move for the human on screen: knock, or draw from the stock and throw
    a card."""
    legal = scene.legal
    knocks = [a for a in legal if isinstance(a, Knock)]
    if knocks:  # ends the hand sooner
        scene.try_action(knocks[0])
    elif DrawStock() in legal:
        scene.try_action(DrawStock())
    else:
        throws = [a for a in legal if isinstance(a, Discard)]
        scene.try_action(throws[0] if throws else legal[0])


def play_one_hand(app, scene, each_frame, limit=20000) -> None:
    """Frames until the hand-end panel has finished; ``each_frame()`` after every frame."""
    for _ in range(limit):
        if scene.panel is not None and not scene.panel.busy:
            return
        if scene.can_act:
            human_move(scene)
        step(app)
        each_frame()
    raise AssertionError("the hand did not end")


@pytest.mark.slow  # whole hands played frame by frame
@pytest.mark.parametrize(
    ("profile", "players", "humans"),
    [
        ("knock-rummy", 2, 1),
        ("knock-rummy", 6, 1),
        ("gin-classic", 2, 1),
        ("knock-rummy", 6, 0),  # the demo: computers only, seen as a spectator sees them
        ("gin-rummy", 2, 0),
    ],
)
def test_every_card_drawn_face_up_is_known_to_the_view_on_screen(
    faces_drawn, profile, players, humans
):
    app, scene = make_table(profile, players, humans=humans, seed=8, speed="fast", size=(1024, 640))

    def check() -> None:
        faces_drawn.clear()
        scene.draw(app.screen)
        shown = set(faces_drawn)
        assert shown <= known_cards(scene.view), shown - known_cards(scene.view)

    play_one_hand(app, scene, check)
    if humans == 0:  # a spectator knows no hand until the end, the end shows them all
        assert scene.view.position is None and scene.view.revealed is not None


def test_a_spectator_sees_the_computers_cards_only_once_the_hand_is_over(faces_drawn):
    app, scene = make_table("knock-rummy", 3, humans=0, seed=2, speed="fast")
    while len(scene.view.history) < 4:  # a few moves into the hand
        step(app)
    assert scene.panel is None
    faces_drawn.clear()
    scene.draw(app.screen)
    held = {c for hand in scene.source.state.hand.hands for c in hand}
    assert held and not (set(faces_drawn) & held)


def snapshot(scene) -> tuple:
    """Everything observable in the table scene (its session, view, motion, buttons)."""
    m = scene.motion
    buttons = [*scene.buttons.values(), scene.menu_button]
    if scene.panel is not None:
        buttons += scene.panel.buttons
    deal = m.deal
    return (
        session_to_json(scene.source.state),
        scene.view,
        scene.viewer,
        scene.handoff,
        scene.hidden_hand,
        scene.selected,
        scene.order.mode,
        tuple(scene.order.custom or ()),
        tuple(sorted(m.card_pos.items())),
        tuple((f.card, f.progress, f.start, f.end, f.dest) for f in m.flights),
        tuple((b.text, b.seat, b.time_left) for b in m.bubbles),
        None if deal is None else (tuple(deal.shown), deal.to_come, deal.upcard_shown, deal.cut),
        scene.notice,
        scene.notice_left,
        scene.hint,
        tuple(
            (b.label, b.enabled, b.visible, b.hover, None if b.rect is None else tuple(b.rect))
            for b in buttons
        ),
        None
        if scene.panel is None
        else (scene.panel.time, tuple(scene.panel.rect), scene.panel.reported),
        scene.geometry,
    )


@pytest.mark.slow  # whole hands played frame by frame
@pytest.mark.parametrize(("players", "humans"), [(2, 1), (5, 0)])
def test_drawing_changes_nothing_observable_in_the_scene(players, humans):
    app, scene = make_table("knock-rummy", players, humans=humans, seed=5, speed="fast")

    def check() -> None:
        before = snapshot(scene)
        scene.draw(app.screen)
        scene.draw(app.screen)
        assert snapshot(scene) == before

    check()  # before the first update: the buttons are already in place
    frames = 0
    while not (scene.panel is not None and not scene.panel.busy):
        if scene.can_act:
            human_move(scene)
        scene.update(DT)  # no loop here: nothing but this test draws
        frames += 1
        if frames % 2 == 0:
            check()
        assert frames < 20000
    assert frames > 50


def test_buttons_are_placed_before_anything_is_drawn():
    app, scene = make_table("knock-rummy", 2, humans=1, seed=5)
    assert all(b.rect is not None for b in scene.buttons.values() if b.visible)
    assert scene.menu_button.rect is not None


def test_a_mouse_move_over_nothing_costs_no_frame_but_over_a_button_it_does():
    app, scene = make_table("knock-rummy", 2, humans=1, seed=5)
    while scene.busy:
        step(app)
    step(app)
    felt = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 400), rel=(1, 0), buttons=(0, 0, 0))
    assert not app.step(1 / 60, [felt])
    hint = scene.buttons["hint"].rect.center
    over = pygame.event.Event(pygame.MOUSEMOTION, pos=hint, rel=(1, 0), buttons=(0, 0, 0))
    assert app.step(1 / 60, [over])
    assert not app.step(1 / 60, [over])  # still over the same button: nothing changed
