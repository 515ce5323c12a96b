"""Hostile guests: a seat's guest that sends random bytes, binary frames, bad UTF-8,
oversize frames, deep nesting, NaN, huge numbers, duplicate keys, a name and chat full of
controls and bidi marks, floods, another seat's token and stale moves. Each bad message
closes that connection only (the seat is away, a computer stands in), a stale move is
refused with its rule, and the host and the other guests play the hand out."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import unicodedata

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from knockrummy.net import protocol as p
from knockrummy.play.wire import decode_message

from .harness import Table, ledger_of, wait_until

pytestmark = pytest.mark.slow  # a hand with its guests on threads, and many connections

EVIL_NAME = "\u202eEvil\u0000\u200b\u2066Name\x1b[31m" + "x" * 30


def frames_of_attacks(rng: random.Random, seat: int, stale: int, other_token: str) -> list:
    """Each attack: the frames sent, after a hello with the seat's token."""
    action = {"v": 1, "type": "action", "action": "draw", "seat": seat, "number": stale}
    return [
        [bytes(rng.getrandbits(8) for _ in range(64))],  # a binary frame
        [("text", bytes(rng.getrandbits(8) for _ in range(64)) + b"\xff\xfe")],  # bad UTF-8
        ["x" * 20_000],  # over the guest's frame size
        ["[" * 5000 + "]" * 5000],  # nested far too deep
        ['{"v": 1, "type": "chat", "phrase": NaN, "text": null, "token": "T"}'],
        ['{"v":1,"type":"action","action":"draw","seat":0,"number":' + "9" * 5000 + "}"],
        ['{"v": 1, "v": 1, "type": "chat", "phrase": "hello", "text": null, "token": "T"}'],
        [json.dumps({**action, "token": other_token})],  # another seat's token
        [p.chat_message("hello", None, "WRONG-TOKEN")] * 300,  # a flood
    ]


class Hostile:
    """The hostile guest, on its own thread and loop."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.seat: int | None = None
        self.token: str | None = None
        self.closed: list[str] = []
        self.refusals: list[str] = []
        self.chat: list = []
        self.started = threading.Event()
        self.go = threading.Event()
        self.done = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:
            self.error = exc
        finally:
            self.done.set()

    async def _main(self) -> None:
        async with connect(self.url, max_size=2**20, compression=None) as ws:
            await ws.send(p.hello_message(EVIL_NAME, False, None, None, "0"))
            async for frame in ws:
                kind, value = p.decode(frame, p.HOST_KINDS)
                if kind == "welcome":
                    self.seat, self.token = value[0], value[1]
                if kind == "update":
                    self.started.set()
                    break
            await asyncio.to_thread(self.go.wait, 120)
            # chat with controls and bidi marks: passed on cleaned
            await ws.send(p.chat_message(None, "\u202egg\u0007 \u200bwp\n\x1b", self.token))
            # a stale move: refused with its rule, the connection kept
            await ws.send(p.seat_action_message(_draw(), self.seat, -7, self.token))
            deadline = asyncio.get_running_loop().time() + 30
            while not self.refusals and asyncio.get_running_loop().time() < deadline:
                frame = await asyncio.wait_for(ws.recv(), 30)
                kind, value = p.decode(frame, p.HOST_KINDS)
                if kind == "update":
                    self.refusals += [n.refusal.code for n in value.news if hasattr(n, "refusal")]
                elif kind == "chat":
                    self.chat.append(value)

    async def attack(self, frames: list) -> str:
        """Send ``frames`` after a hello with the seat's token; how the host closed."""
        async with connect(self.url, max_size=2**20, compression=None) as ws:
            await ws.send(p.hello_message("Evil", False, self.token, None, "0"))
            try:
                for frame in frames:
                    if isinstance(frame, tuple):
                        await ws.send(frame[1], text=True)
                    else:
                        await ws.send(frame)
                while True:
                    await asyncio.wait_for(ws.recv(), 30)
            except ConnectionClosed as closed:
                frame = closed.rcvd
                return f"{frame.code} {frame.reason}" if frame else "dropped"
            except TimeoutError:
                return "still open"


def _draw():
    from knockrummy.engine.actions import DrawStock

    return DrawStock()


def test_a_hostile_guest_disturbs_nobody_else(tmp_path):
    table = Table(tmp_path, "knock-rummy", ["friend", "friend", "friend", "easy"], rate=20,
                  stand_in=True, hands=1, ping=2.0)  # fmt: skip
    hostile = Hostile(table.url)
    assert wait_until(lambda: hostile.seat is not None, 30)
    guests = [table.join("Ann"), table.join("Bob")]
    assert hostile.started.wait(60)
    hostile.go.set()
    assert hostile.done.wait(60) and hostile.error is None, hostile.error
    assert hostile.refusals == ["online-stale"]
    tokens = table.hosting.table.seats.tokens
    other = next(t for s, t in enumerate(tokens) if t and s != hostile.seat)
    attacks = frames_of_attacks(random.Random(4), hostile.seat, 0, other)
    closings = [asyncio.run(hostile.attack(frames)) for frames in attacks]
    assert all(c != "still open" for c in closings), closings
    assert table.wait() == "hands"
    # the name and the chat were cleaned: no control, format or bidi character is left
    name = table.hosting.source.places[hostile.seat].name
    said = [line.text for line in table.hosting.table.chat if line.text]
    for text in [name, *said]:
        assert text and not any(unicodedata.category(c).startswith("C") for c in text), text
    assert name.startswith("Evil") and len(name) <= 16 and said == ["gg wp"]
    (hosted,) = ledger_of(tmp_path / "host")
    assert hosted[4] == "host" and not hosted[3]  # one hand played: the session goes on
    for guest in guests:
        assert guest.ended == "hands"
    _ = decode_message  # the strict reader every frame went through
