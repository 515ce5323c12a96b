"""Tweens and timers that advance only by an explicit ``dt``.

Glossary:
    tween     a value moving from ``start`` to ``end`` over ``duration`` seconds with an
              easing curve; ``update(dt)`` advances it, ``value`` reads it.
    sequence  tweens (or pauses, or callbacks) run one after another; the table queues
              every animation of a hand on one sequence so they play in order.

Nothing here reads a clock: tests step time by calling ``update`` with any ``dt``.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.4
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp_point(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Tween:
    """A progress from 0 to 1 over ``duration`` seconds, eased."""

    duration: float
    easing: Callable[[float], float] = ease_out_cubic
    elapsed: float = 0.0
    on_update: Callable[[float], None] | None = None
    """Called with the eased progress after every step."""
    on_done: Callable[[], None] | None = None
    ended: bool = False
    """Whether ``on_done`` has run (once, even for a tween of no duration)."""

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return self.easing(min(1.0, self.elapsed / self.duration))

    def update(self, dt: float) -> float:
        """Advance by ``dt`` seconds; returns the seconds left over once finished."""
        self.elapsed += dt
        if self.on_update:
            self.on_update(self.progress)
        if self.done and not self.ended:
            self.ended = True
            if self.on_done:
                self.on_done()
        return max(0.0, self.elapsed - self.duration)


@dataclass
class Sequence:
    """Steps run one after another; a step is a Tween, made when it starts."""

    steps: deque = field(default_factory=deque)
    """Factories ``() -> Tween`` (or None for an instant callback step)."""
    current: Tween | None = None

    def add(self, start: Callable[[], Tween | None]) -> None:
        """Queue a step; ``start`` runs when the step begins and returns its tween."""
        self.steps.append(start)

    def pause(self, seconds: float) -> None:
        self.add(lambda: Tween(seconds, linear))

    def call(self, fn: Callable[[], None]) -> None:
        """Queue an instant step."""

        def step() -> None:
            fn()
            return None

        self.add(step)

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.steps)

    def update(self, dt: float) -> None:
        """Advance by ``dt``; several short steps may finish within one call."""
        while True:
            if self.current is None:
                if not self.steps:
                    return
                self.current = self.steps.popleft()()
                if self.current is None:  # an instant step
                    continue
            dt = self.current.update(dt)
            if not self.current.done:
                return
            self.current = None

    def finish(self) -> None:
        """Run every queued step to its end at once (used by the instant speed)."""
        while self.busy:
            self.update(math.inf)
