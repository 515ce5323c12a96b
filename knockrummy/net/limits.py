"""What an online table bounds: the size of a guest's messages, how often a seat may act
or chat, how many connections and join attempts an address may make at a relay, and what
a name or a line of chat may hold.

Glossary:
    window     a sliding span of time (:class:`Rate`): at most ``count`` events in any
               ``seconds``; an event over the bound is refused (an action, told with a
               rule) or ends the connection that sent it (a flood of frames).
    clean text a name or a chat line with every control, format, private-use and
               unassigned character removed (bidi overrides and zero-width marks are
               format characters), runs of spaces made one, and bounded in length.
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque

GUEST_MESSAGE_BYTES = 16 * 1024
"""The largest frame a guest may send (a hello, an action or a chat line is far smaller):
a longer one closes its connection (websockets' ``max_size``)."""
HOST_MESSAGE_BYTES = 1 << 20
"""The largest frame a guest reads from its host (a six-seat view is a few kilobytes)."""
PING_SECONDS = 10.0
"""Seconds between pings on every connection; a connection whose pong does not come
within as long again is closed (a line gone silent is noticed in at most twice this)."""
ACTIONS_PER_WINDOW = (20, 10.0)
"""A seat's actions: at most 20 in any 10 seconds; more are refused with a rule."""
CHATS_PER_WINDOW = (5, 10.0)
"""A seat's chat lines: at most 5 in any 10 seconds; more are dropped, and the sender told."""
FRAMES_PER_WINDOW = (80, 10.0)
"""Frames of any kind on one connection: more than 80 in any 10 seconds is a flood, and
the connection is closed (the seat is away until its guest comes back)."""
BACKLOG = 400
"""Messages waiting for one guest that has stopped reading: past this the connection is
closed, so the host never waits for it (the guest catches up when it comes back)."""
TAKE_BACK_GRACE = 1.5
"""Seconds the host's next computer waits after the discard of a friend who may take it
back (one friend against computers), as the next computer waits at a table here: time to
see the discard and take it back (a computer that had begun to think starts again)."""
NAME_LENGTH = 16
"""Characters in a player's name at a table."""
CHAT_LENGTH = 120
"""Characters in one typed chat line."""
CONNECTIONS_PER_ADDRESS = 32
"""A relay's open connections from one address (``knockrummy relay --per-address``)."""
JOINS_PER_WINDOW = (30, 60.0)
"""A relay's join attempts from one address: at most 30 a minute."""


class Rate:
    """At most ``count`` events in any ``seconds`` (see the glossary's window)."""

    def __init__(self, count: int, seconds: float, clock=time.monotonic) -> None:
        self.count = count
        self.seconds = seconds
        self.clock = clock
        self._times: deque[float] = deque()

    def allow(self) -> bool:
        """Count one event now, if the window has room for it."""
        now = self.clock()
        while self._times and now - self._times[0] >= self.seconds:
            self._times.popleft()
        if len(self._times) >= self.count:
            return False
        self._times.append(now)
        return True


_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def clean_text(text: str, limit: int) -> str:
    """``text`` as a name or chat line may hold it (see the glossary's clean text)."""
    kept = []
    for char in text[: limit * 4]:
        category = unicodedata.category(char)
        if category in _DROPPED:
            if char in "\t\n\r":
                kept.append(" ")
            continue
        kept.append(" " if category == "Zs" else char)
    return " ".join("".join(kept).split())[:limit].strip()
