"""Answering only a fresh press: a screen that ends or starts something (the game-over
screen) acts on a key or click that was both pressed and released after it appeared and
had settled, so a key held over from play, or a stray double press, does nothing.

Glossary:
    fresh press   a key pressed and released, or a mouse button pressed and released,
                  both after the screen has been shown for ``SETTLE`` seconds of stepped
                  time (the hand-end panel answers the same way once its animation ends).
    settle        the first moments of a screen, when every key and click is ignored.
"""

from __future__ import annotations

import pygame

SETTLE = 0.3
"""Seconds of stepped time a screen ignores input for after it appears."""


class FreshPress:
    """Turns a scene's raw events into the presses it may act on (see the glossary)."""

    def __init__(self, settle: float = SETTLE) -> None:
        self.settle = settle
        self.age = 0.0
        """Stepped time since the screen appeared."""
        self.pressed: set[tuple[str, int]] = set()
        """Keys and mouse buttons pressed since the screen settled, not yet released."""

    @property
    def settling(self) -> bool:
        return self.age < self.settle

    def update(self, dt: float) -> None:
        self.age = min(self.age + dt, self.settle)

    def accept(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The event to act on, or None: a key acts as a KEYDOWN when it is released, a
        click as its MOUSEBUTTONUP, each only if pressed after the screen settled. Pointer
        moves and the wheel pass through (they press nothing)."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            if not self.settling:
                kind = "key" if event.type == pygame.KEYDOWN else "mouse"
                self.pressed.add((kind, event.key if kind == "key" else event.button))
            return None
        if event.type == pygame.KEYUP:
            if ("key", event.key) not in self.pressed:
                return None  # held since before the screen, or pressed while it settled
            self.pressed.discard(("key", event.key))
            return pygame.event.Event(
                pygame.KEYDOWN, key=event.key, mod=getattr(event, "mod", 0), unicode=""
            )
        if event.type == pygame.MOUSEBUTTONUP:
            if ("mouse", event.button) not in self.pressed:
                return None
            self.pressed.discard(("mouse", event.button))
            return event
        return event
