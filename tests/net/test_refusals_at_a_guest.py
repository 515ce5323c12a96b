"""The host's own refusals as a real guest meets them over a socket: too many moves (or
lines of chat) at once, a move sent while the last one waits to be played, a move out of
turn. Each is told to the guest as a code and values, worded in the guest's language, and
nothing changes at the host."""

from __future__ import annotations

import pygame
import pytest

from knockrummy import language
from knockrummy.engine.actions import DrawStock, Knock, Undo
from knockrummy.net import protocol as p
from knockrummy.net.limits import ACTIONS_PER_WINDOW, CHATS_PER_WINDOW
from knockrummy.play.stream import Refused
from knockrummy.ui.online import PHRASE_KEYS, OnlineKeys, chat_too_fast

from .harness import Hand, Table, in_english_and_french, my_turn, wait_until

pytestmark = pytest.mark.slow  # a host on its thread and guests over real sockets


def refusals(source) -> list:
    """Every refusal of the guest's seat among the updates it was told."""
    return [r for r in source.told if r is not None]


def listen(hand: Hand) -> None:
    """Keep the refusal each update the guest's window is told brings (or None)."""
    hand.source.told = []

    def told(update) -> None:
        found = [n.refusal for n in update.news if isinstance(n, Refused)]
        hand.source.told.extend(found or [None])

    hand.source.subscribe(hand.source.seat, told)


@pytest.fixture
def ann_and_bob(tmp_path):
    """Ann (played by the test) and Bob (a computer level) at a gin table whose host
    keeps the game's own rate: 20 moves a seat in 10 seconds."""
    table = Table(tmp_path, "gin-rummy", ["friend", "friend"], rate=ACTIONS_PER_WINDOW[0])
    ann = Hand(table.url, "Ann")
    assert ann.until(lambda s: s.seat is not None, 60)
    listen(ann)
    table.join("Bob")
    yield table, ann
    ann.close()
    table.close()


def test_too_many_moves_at_once_are_refused_and_change_nothing(ann_and_bob):
    table, ann = ann_and_bob
    seat = ann.source.seat
    assert ann.until(my_turn, 120)
    host = table.hosting.source
    logged = list(host.state.log)
    count = ACTIONS_PER_WINDOW[0] + 5
    for _ in range(count):  # (no take-backs at a table of two friends: each is refused)
        ann.source.submit(Undo(), seat)
    assert ann.until(lambda s: len(refusals(s)) >= count, 60), refusals(ann.source)
    codes = [r.code for r in refusals(ann.source)]
    assert codes.count("online-too-fast") >= count - ACTIONS_PER_WINDOW[0]
    assert set(codes) == {"no-take-backs", "online-too-fast"}
    too_fast = next(r for r in refusals(ann.source) if r.code == "online-too-fast")
    english, french = in_english_and_french(too_fast)
    assert english == "Too many moves at once: wait a moment."
    assert french == "Trop de coups à la fois\u00a0: attendez un instant."
    assert host.state.log == logged and ann.view.to_move == seat


def test_a_move_sent_while_the_last_waits_is_refused_and_played_once(ann_and_bob):
    table, ann = ann_and_bob
    seat = ann.source.seat
    assert ann.until(my_turn, 120)
    host = table.hosting.source
    logged = len(host.state.log)
    move = ann.view.legal_actions[0]
    host.proceed = lambda: None  # the host holds Ann's move as it arrives, unplayed
    try:
        ann.source.submit(move, seat)
        ann.source.submit(move, seat)  # the same view's number: the first still waits
        assert ann.until(lambda s: refusals(s), 60)
        (waiting,) = refusals(ann.source)
        assert waiting.code == "online-waiting"
        english, french = in_english_and_french(waiting)
        assert english == "Your last move has not been played yet."
        assert french and french != english
        assert len(host.state.log) == logged
    finally:
        del host.proceed
    assert wait_until(lambda: len(host.state.log) > logged, 60)
    assert host.state.log[logged] == (seat, move)  # played once, as sent first
    assert len(refusals(ann.source)) == 1


def test_a_move_out_of_turn_is_refused_with_whose_turn_it_is(ann_and_bob):
    table, ann = ann_and_bob
    seat = ann.source.seat
    assert ann.until(lambda s: s.started, 120)
    host = table.hosting.source
    proceed = host.proceed
    # Bob's move waits at the host (the turn stays his); Ann's are played
    host.proceed = lambda: proceed() if host.state.to_move == seat else None
    try:
        while ann.view.to_move == seat:  # Ann plays until the turn is Bob's
            move = next(a for a in ann.view.legal_actions if not isinstance(a, Knock))
            number = ann.update.number
            ann.source.submit(move, seat)
            assert ann.until(lambda s, number=number: s.latest(seat).number > number, 60)
        assert ann.until(lambda s: s.latest(seat).number == host.number, 30)
        logged = len(host.state.log)
        ann.source.submit(DrawStock(), seat)
        assert ann.until(lambda s: refusals(s), 60)
        (out_of_turn,) = refusals(ann.source)
        assert out_of_turn.code == "out-of-turn"
        english, french = in_english_and_french(out_of_turn)
        assert english == "It is Bob's turn."
        assert "Bob" in french and french != english
        assert len(host.state.log) == logged
    finally:
        del host.proceed


class Scene:
    """What the table is told to show (a notice)."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str, seconds: float = 3.0) -> None:
        self.said.append(text)


def test_too_many_lines_of_chat_are_held_back_and_the_guest_told(ann_and_bob):
    table, ann = ann_and_bob
    seat = ann.source.seat
    assert ann.until(lambda s: s.token is not None, 60)
    keys = OnlineKeys(ann.source, lambda: ("Ann", "Bob"), host=False)
    keys.scene = Scene()
    phrase_key = next(iter(PHRASE_KEYS))
    ctrl = pygame.event.Event(pygame.KEYDOWN, key=phrase_key, mod=pygame.KMOD_LCTRL, unicode="")
    bound = CHATS_PER_WINDOW[0]
    for _ in range(bound + 2):
        assert keys.key(ctrl)
    assert keys.scene.said == [chat_too_fast()] * 2
    with language.speaking("fr"):
        assert chat_too_fast() != keys.scene.said[0] and chat_too_fast()
    # a guest that does not hold back is held back by the host: its lines past the
    # bound (the phrases above filled it) are dropped there
    for n in range(bound):
        ann.link.send(p.chat_message(None, f"line {n}", ann.source.token))
    host = table.hosting.table
    assert wait_until(lambda: len([c for c in host.chat if c.seat == seat]) >= bound, 60)
    ann.source.say(phrase="hello")  # (held back here too)
    assert ann.until(lambda s: len([c for c in s.chat if c.seat == seat]) >= bound, 30)
    mine = [c for c in host.chat if c.seat == seat]
    assert len(mine) == bound and all(c.text is None for c in mine)
