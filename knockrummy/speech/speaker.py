"""The speaker: every sentence the game says goes through it, from the main thread.

The echo of the player's own key interrupts what is being said; the table's events queue
behind one another (the screen reader keeps the queue). Every sentence is kept in a
history the player steps back and forth through, so nothing cut off is lost; stepping
through it, or repeating the last sentence, says it again without adding to it.

The backend is made once, when :meth:`Speaker.start` is called after the window opens,
and made again on the main thread if the screen reader restarted (:meth:`Speaker.tick`).
Nothing empty is ever sent.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from .backends import Backend
from .words import spoken

HISTORY = 200
"""Sentences kept to step back through."""


class Speaker:
    """Says sentences through one backend (see the module's words)."""

    def __init__(
        self,
        opener: Callable[[], Backend] | None = None,
        *,
        enabled: bool = False,
        verbosity: str = "full",
    ) -> None:
        self.opener = opener
        """Makes the backend (on the main thread, when speech is first wanted)."""
        self.backend: Backend | None = None
        self.enabled = enabled
        """Speech is on: sentences reach the backend (they are kept in the history either
        way, so turning speech on can repeat the last one)."""
        self.verbosity = verbosity
        self.history: list[str] = []
        self.place: int | None = None
        """Where the player stands while stepping through the history (None: at the end)."""
        self._thread = threading.get_ident()

    @property
    def full(self) -> bool:
        """The table says everything (``full`` verbosity), not only the gist."""
        return self.verbosity == "full"

    def _check_thread(self) -> None:
        if threading.get_ident() != self._thread:
            raise RuntimeError("speech is called from the main thread only")

    def start(self) -> None:
        """Make the backend now, if speech is on and it is not made yet."""
        self._check_thread()
        if self.enabled and self.backend is None and self.opener is not None:
            self.backend = self.opener()

    def turn(self, on: bool) -> None:
        """Speech on or off (off stops what is being said)."""
        self._check_thread()
        if not on and self.backend is not None:
            self.backend.stop()
        self.enabled = on
        self.start()

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say ``text`` (its cards in words); kept in the history. Empty text says nothing."""
        self._check_thread()
        words = spoken(text)
        if not words:
            return
        self.history.append(words)
        del self.history[:-HISTORY]
        self.place = None
        self._send(words, interrupt)

    def echo(self, text: str) -> None:
        """The answer to the player's own key: it cuts off what is being said."""
        self.say(text, interrupt=True)

    def _send(self, words: str, interrupt: bool) -> None:
        if self.enabled and self.backend is not None:
            self.backend.speak(words, interrupt)

    def close(self) -> None:
        """The window is closing: the backend goes (made again if speech is used later)."""
        self._check_thread()
        backend, self.backend = self.backend, None
        close = getattr(backend, "close", None)
        if close is not None:
            close()

    def tick(self) -> None:
        """Once a frame, on the main thread: a screen reader that restarted is found again."""
        backend = self.backend
        if backend is not None and backend.stale and hasattr(backend, "again"):
            backend.again()

    # ------------------------------------------------------------------ the history

    def repeat(self) -> None:
        """Say the last sentence again (or the one stepped back to)."""
        if not self.history:
            return
        index = len(self.history) - 1 if self.place is None else self.place
        self._send(self.history[index], True)

    def back(self) -> None:
        """Step one sentence back in the history and say it."""
        if not self.history:
            return
        index = len(self.history) - 1 if self.place is None else self.place
        self.place = max(0, index - 1)
        self._send(self.history[self.place], True)

    def forward(self) -> None:
        """Step one sentence forward in the history and say it."""
        if not self.history or self.place is None:
            return
        self.place = min(len(self.history) - 1, self.place + 1)
        self._send(self.history[self.place], True)
