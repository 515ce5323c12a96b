"""Every key answered: each key the game documents, pressed in every mode of the table and
under everything that opens over it, either changes what the window shows or says why
not in words; the rules' refusals give the right reason (K before drawing, Enter with no
card lifted, U with nothing to take back); the hand-off screen leaves by Escape or Menu
without showing anyone's cards."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from knockrummy.engine.actions import Discard, DrawStock, Knock, NextHand, Undo
from knockrummy.engine.session import HAND_OVER, SESSION_OVER, new_session, refusal
from knockrummy.play.bots import SeatBots
from knockrummy.play.seats import Scripted
from knockrummy.settings import Settings
from knockrummy.ui.loop import App
from knockrummy.ui.runner import default_seats, table_scene
from knockrummy.ui.seats import take_back_seat
from knockrummy.ui.table.controller import TableOptions
from knockrummy.ui.table.hooks import TableHooks
from knockrummy.ui.table.modes import Mode, Overlay
from knockrummy.ui.table.painter import Marks, draw_table
from knockrummy.ui.wording import SELECT_FIRST, refusal_words

from .conftest import DT, run_until, step

SIZE = (1024, 640)

KEY_NAMES = {
    "S": pygame.K_s,
    "D": pygame.K_d,
    "arrows": (pygame.K_LEFT, pygame.K_RIGHT),
    "Enter": pygame.K_RETURN,
    "K": pygame.K_k,
    "H": pygame.K_h,
    "U": pygame.K_u,
    "Ctrl+Z": "ctrl+z",
    "T": pygame.K_t,
    "L": pygame.K_l,
    "V": pygame.K_v,
    "I": pygame.K_i,
    "F": pygame.K_f,
    "M": pygame.K_m,
    "Escape": pygame.K_ESCAPE,
}
"""The README's key table, name by name."""

TABLE_KEYS = (
    pygame.K_s,
    pygame.K_d,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_k,
    pygame.K_h,
    pygame.K_u,
    "ctrl+z",
    pygame.K_t,
    pygame.K_l,
    pygame.K_v,
    pygame.K_i,
    pygame.K_f,
    pygame.K_m,
    pygame.K_ESCAPE,
    pygame.K_p,  # Pass (the manual: the upcard offer, an empty stock)
    pygame.K_e,  # Skip to the result (the manual: out of a Knock Rami game)
)
"""Every key the table documents (the README's table and the manual)."""

OWN_KEYS = {
    Overlay.QUESTION: (pygame.K_y, pygame.K_n),  # Knock (K, Y), Keep playing (Escape, N)
    Overlay.PANEL: (pygame.K_n, pygame.K_r, pygame.K_b, pygame.K_o),  # Next, Replay, buy-back
    Overlay.HANDOFF: (pygame.K_SPACE,),  # the screen handed over (Enter, Space, a click)
    Overlay.DETAILS: (),
    Overlay.NONE: (),
}
"""The keys documented for what is open over the table, besides the table's own."""


def test_the_keys_pressed_are_every_key_the_readme_documents():
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("| key | does |") :].split("\n\n")[0]
    named = [
        name.strip() for row in table.splitlines()[2:] for name in re.split(r",", row.split("|")[1])
    ]
    assert set(named) == set(KEY_NAMES)
    pressed = set(TABLE_KEYS)
    for keys in KEY_NAMES.values():
        assert set(keys if isinstance(keys, tuple) else (keys,)) <= pressed


def events(key) -> list[pygame.event.Event]:
    """A fresh press of ``key`` (down, then up); ``ctrl+z`` with Ctrl held."""
    code, mod = (pygame.K_z, pygame.KMOD_LCTRL) if key == "ctrl+z" else (key, 0)
    return [
        pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""),
        pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=""),
    ]


def press(scene, key) -> None:
    """The key pressed and let go, handled by the table as the window would."""
    for event in events(key):
        scene.handle(event)


def picture(scene) -> bytes:
    """What the window shows of the table now, drawn afresh."""
    surface = pygame.Surface(SIZE)
    draw_table(scene.frame(), surface)
    return pygame.image.tobytes(surface, "RGB")


class Table:
    """A table brought to one moment, again and again (a key that acts changes it)."""

    def __init__(self, reach: Callable) -> None:
        self.reach = reach
        self.left: list[bool] = []
        self.app, self.scene = None, None

    def fresh(self):
        self.left = []
        self.app, self.scene = self.reach(TableHooks(on_leave=lambda: self.left.append(True)))
        self.scene.clear_notice()
        return self.scene


def table(hooks, speed="instant", humans=1, players=2, seed=64, profile="knock-rummy", **more):
    app = App(SIZE)
    seats = default_seats(players, humans=humans, level="easy")
    session = new_session(profile, players, seed, undo_seat=take_back_seat(seats))
    settings = Settings(speed=speed, window_size=SIZE, **more)
    scene = table_scene(session, seats, settings, TableOptions(), hooks)
    app.push(scene)
    scene.resize(SIZE)
    return app, scene


def dealing(hooks):
    app, scene = table(hooks, speed="normal")
    step(app, 2)
    return app, scene


def drawing(hooks, **more):
    app, scene = table(hooks, **more)
    assert run_until(app, lambda: scene.can_act and scene.view.hand_phase == "draw")
    step(app, 2)
    return app, scene


def discarding(hooks, **more):
    app, scene = drawing(hooks, **more)
    assert scene.try_action(DrawStock())
    assert run_until(app, lambda: scene.can_act)
    step(app, 2)
    return app, scene


def showing_a_move(hooks):
    app, scene = table(hooks, speed="normal")
    assert run_until(app, lambda: scene.can_act)
    assert scene.try_action(DrawStock())
    step(app)
    return app, scene


def asking(hooks):
    app, scene = discarding(hooks, confirm_knock="always")
    scene._knock()
    assert scene.question.asking is not None
    return app, scene


def in_grace(hooks):
    app, scene = table(hooks, speed="normal")
    assert run_until(app, lambda: scene.can_act)
    assert scene.try_action(DrawStock())
    assert run_until(app, lambda: scene.can_act)
    assert scene.try_action(next(a for a in scene.legal if isinstance(a, Discard)))
    assert run_until(app, lambda: scene.mode is Mode.GRACE)
    return app, scene


def waiting(hooks):
    app, scene = discarding(hooks)
    scene.source.policies[1] = Scripted(lambda: None)  # the other seat never moves
    assert scene.try_action(next(a for a in scene.legal if isinstance(a, Discard)))
    assert run_until(app, lambda: scene.mode is Mode.WAITING)
    return app, scene


def handing_over(hooks):
    app, scene = table(hooks, humans=2)
    assert run_until(app, lambda: scene.handoff is not None)
    return app, scene


def details(hooks):
    app, scene = drawing(hooks)
    scene.show_details = True
    return app, scene


def played_to(app, scene, done) -> None:
    """Play the person's seat with an easy computer's moves until ``done()``."""
    bot = SeatBots(["easy"] * scene.view.players)
    for _ in range(100000):
        if done():
            return
        if scene.can_act:
            scene.try_action(bot.decide(scene.source.state, scene.viewer))
        elif scene.panel is not None and not scene.panel.busy and scene.view.phase == HAND_OVER:
            scene.source.play(NextHand(), None)
        app.step(DT, [])
    raise AssertionError("never got there")


def hand_end(hooks):
    app, scene = table(hooks)
    played_to(app, scene, lambda: scene.panel is not None and not scene.panel.busy)
    return app, scene


def thinking(hooks):
    app, scene = discarding(hooks)
    assert scene.try_action(next(a for a in scene.legal if isinstance(a, Discard)))
    assert run_until(app, lambda: scene.mode is Mode.THINKING)
    return app, scene


def game_over(hooks):
    app, scene = table(hooks, profile="poker-rum", seed=4)  # a hand dealt by each seat
    over = lambda: scene.view.phase == SESSION_OVER and scene.panel and not scene.panel.busy  # noqa: E731
    played_to(app, scene, over)
    return app, scene


MOMENTS = {
    "dealing": (dealing, Mode.DEALING, Overlay.NONE),
    "showing a move": (showing_a_move, Mode.ANIMATING, Overlay.NONE),
    "drawing": (drawing, Mode.SEAT_TO_ACT, Overlay.NONE),
    "discarding": (discarding, Mode.SEAT_TO_ACT, Overlay.NONE),
    "asking": (asking, Mode.ASKING, Overlay.QUESTION),
    "grace": (in_grace, Mode.GRACE, Overlay.NONE),
    "waiting": (waiting, Mode.WAITING, Overlay.NONE),
    "hand-off": (handing_over, Mode.HANDOFF, Overlay.HANDOFF),
    "details": (details, Mode.SEAT_TO_ACT, Overlay.DETAILS),
    "thinking": (thinking, Mode.THINKING, Overlay.NONE),
    "hand end": (hand_end, Mode.HAND_END, Overlay.PANEL),
    "game over": (game_over, Mode.GAME_OVER, Overlay.PANEL),
}
"""Each moment: how the table is brought to it, its mode and what is open over it."""


def test_the_moments_are_every_mode_and_everything_that_opens_over_the_table():
    assert {mode for _, mode, _ in MOMENTS.values()} == set(Mode)
    assert {overlay for _, _, overlay in MOMENTS.values()} == set(Overlay)


def sentence(text: str) -> bool:
    """Words a person reads: a sentence of the catalogue, not a code or the engine's English
    (which starts in lower case)."""
    return len(text) > 3 and text[0].isupper() and text.rstrip()[-1] in ".…"


@pytest.mark.slow  # tables brought to each moment again after each key that acts
@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_every_documented_key_changes_the_picture_or_says_why_not(moment):
    """In every mode of the table (and the deal's details over it): see the module."""
    reach, mode, overlay = MOMENTS[moment]
    at = Table(reach)
    scene = at.fresh()
    scene.refresh_buttons()
    assert scene.mode is mode and scene.overlay is overlay
    silent = []
    for key in (*TABLE_KEYS, *OWN_KEYS[overlay]):
        before = picture(scene)
        press(scene, key)
        scene.refresh_buttons()  # as the next update does, before the next picture
        if at.left:  # Escape or Menu: back to the title
            scene = at.fresh()
            continue
        if picture(scene) == before:
            silent.append(pygame.key.name(key) if isinstance(key, int) else key)
        elif scene.notice_left > 0:
            assert sentence(scene.notice), (key, scene.notice)
            scene.clear_notice()
            if picture(scene) == before:
                continue  # only words were said: the table is as it was
        scene = at.fresh()  # the key acted: the next one starts from the moment again
        scene.refresh_buttons()
        assert scene.mode is mode and scene.overlay is overlay
    assert silent == [], f"{moment}: nothing shown for {silent}"


def test_k_before_drawing_says_draw_first():
    app, scene = drawing(None)
    card = scene.view.hand[0]
    press(scene, pygame.K_k)
    rule = refusal(scene.source.state, Knock(card), scene.viewer)
    assert rule is not None and scene.notice == refusal_words(rule, scene.viewer)
    assert scene.notice.startswith("Draw a card")


def test_enter_with_no_card_lifted_says_to_select_one():
    app, scene = discarding(None)
    assert scene.selected is None
    press(scene, pygame.K_RETURN)
    assert scene.notice == SELECT_FIRST


def test_u_with_nothing_to_take_back_says_so_not_that_it_is_too_late():
    app, scene = drawing(None)
    assert scene.source.state.undo_seat == 0
    log = len(scene.source.state.log)
    press(scene, pygame.K_u)
    rule = refusal(scene.source.state, Undo(), 0)
    assert rule.code == "nothing-to-take-back"
    assert scene.notice == refusal_words(rule, 0)
    assert "next player has moved" not in scene.notice
    assert len(scene.source.state.log) == log


def test_a_key_on_another_seats_turn_says_whose_turn_it_is():
    app, scene = waiting(None)
    press(scene, pygame.K_s)
    assert scene.notice == "It is Ben's turn."


def cards_shown(scene) -> list:
    marks = Marks()
    draw_table(scene.frame(), pygame.Surface(SIZE), marks)
    return [m for m in marks if m.kind == "card"]


@pytest.mark.parametrize("how", ["escape", "menu"])
def test_the_hand_off_screen_leaves_by_escape_or_menu_showing_no_cards(how):
    left = []
    app, scene = handing_over(TableHooks(on_leave=lambda: left.append(True)))
    assert cards_shown(scene) == [] and scene.frame().menu_button.visible
    if how == "escape":
        step(app, events=events(pygame.K_ESCAPE))
    else:
        menu = pygame.Rect(scene.frame().menu_button.rect).center
        step(app, events=[
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu, button=1),
        ])  # fmt: skip
    assert left == [True]
    assert scene.handoff is not None and scene.hidden_hand  # nobody took the screen


def test_a_pass_and_play_session_opened_again_starts_behind_the_hand_off():
    app, scene = handing_over(None)
    scene.take_over()
    step(app, 3)
    assert scene.handoff is None and cards_shown(scene)
    state = scene.source.state  # the session as saved, opened again
    again = App(SIZE)
    seats = default_seats(2, humans=2, level="easy")
    reopened = table_scene(state, seats, Settings(speed="instant"), TableOptions())
    again.push(reopened)
    reopened.resize(SIZE)
    step(again)
    assert reopened.handoff == state.to_move and cards_shown(reopened) == []
    assert state.phase not in (HAND_OVER, SESSION_OVER)
