"""The window's loop: events in, ``update(dt)``, ``draw`` only when something changed.

Idle costs nothing: when the scene has no animation running and waits for the player, the
loop neither updates nor draws; it sleeps between short looks at the event queue. A scene
that needs frames says so with ``busy``; work finished on another thread wakes the loop
with a ``WAKE`` event.
"""

from __future__ import annotations

import os
import time

import pygame

from ..resources import asset
from .display import Screen

WAKE = pygame.event.custom_type()
"""Posted by worker threads (a computer player's decision is ready)."""
FPS = 60
IDLE_SLEEP = 0.02
"""Seconds between looks at the event queue while idle: well under a frame of latency."""
FIRST_FRAME_EXIT = os.environ.get("KNOCKRUMMY_FIRST_FRAME_EXIT") == "1"
"""Print a marker at the first frame shown and exit (build/measure_startup.py times it)."""


class Scene:
    """One screen. ``draw`` reads the scene and never changes it."""

    app: App

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...

    @property
    def busy(self) -> bool:
        """True while the scene needs frames without input (animations, timers)."""
        return False

    def pointer_state(self) -> object:
        """What the drawing shows of the pointer (hovered buttons, a dragged card). After a
        mouse move the loop redraws only if this changed; by default every move counts."""
        return object()

    def close(self) -> None:
        """Release threads and other resources when the scene is left."""


class App:
    """Owns the window and a stack of scenes."""

    def __init__(
        self,
        size: tuple[int, int],
        title: str = "Knock Rummy",
        flags: int = 0,
        desktop: float = 1.0,
    ):
        """``size`` in points; ``desktop``: the desktop scale where windows are sized in
        pixels (see :mod:`.display`)."""
        pygame.display.set_caption(title)
        icon = pygame.image.load(asset("icon.png"))
        pygame.display.set_icon(icon)
        self.flags = flags | pygame.RESIZABLE
        self.display = Screen(size, self.flags, title, icon, desktop)
        """The window: its surface in real pixels and the point-to-pixel mapping."""
        self.screen = self.display.surface
        self.scenes: list[Scene] = []
        self.running = True
        self.dirty = True
        self.drawn = 0
        """Frames drawn so far: a scene drawn in two frames in a row (the count one apart)
        knows that nothing else was drawn on the window in between."""
        self.clock = pygame.time.Clock()
        self.fps = FPS
        """Frame cap; 0 runs frames back to back (instant-speed demos)."""
        self.on_window_event = None
        """Called with every event before the scene sees it (the window's size and place
        are remembered from them, see :mod:`.window_memory`)."""
        self.navigator = None
        """Where scenes ask to go next (see :mod:`.navigator`); set by whoever opens the
        window with its screens."""
        self.voice = None
        """What the window says (see :mod:`..speech.voice`): its keys come before the
        scene's, and after each frame it says what changed; None: nothing is said."""

    def set_flags(self, flags: int) -> None:
        """Switch between a window and full screen, keeping the scenes."""
        self.flags = flags | pygame.RESIZABLE
        self.screen = self.display.set_flags(self.flags)
        for scene in self.scenes:
            scene.resize(self.screen.get_size())
        self.dirty = True

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        scene.app = self
        self.scenes.append(scene)
        scene.resize(self.screen.get_size())
        self.dirty = True

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().close()
        self.push(scene)

    def pop(self) -> None:
        self.scenes.pop().close()
        if not self.scenes:
            self.running = False
        else:
            self.scene.resize(self.screen.get_size())
        self.dirty = True

    def quit(self) -> None:
        self.running = False

    def dispatch(self, event: pygame.event.Event) -> None:
        """Send one event to the top scene (window events are handled here)."""
        if self.on_window_event is not None:
            self.on_window_event(self.display.in_points(event))
        if event.type == pygame.QUIT:
            self.running = False
            return
        # the one place pointer positions go from window points to drawing pixels
        event = self.display.scale.map_event(event)
        resized = self.display.resized(event)
        if resized is not None:
            self.screen = resized
            for scene in self.scenes:
                scene.resize(resized.get_size())
        if event.type == pygame.WINDOWEXPOSED:
            self.dirty = True
        if not self.scenes:
            self.dirty = True
            return
        if self.voice is not None and self.voice.key(event):
            return
        scene = self.scene
        if event.type != pygame.MOUSEMOTION:
            scene.handle(event)
            self.dirty = True
            return
        # a mouse move over nothing that reacts to it costs no frame
        before = scene.pointer_state()
        scene.handle(event)
        if scene is not self.scene or scene.pointer_state() != before:
            self.dirty = True

    def step(self, dt: float, events: list[pygame.event.Event]) -> bool:
        """One frame: events, update, draw if needed. Returns True if it drew."""
        for event in events:
            self.dispatch(event)
        if not self.running or not self.scenes:
            return False
        scene = self.scene
        was_busy = scene.busy
        scene.update(dt)
        if self.voice is not None and self.scenes:
            self.voice.after_step(self.scene)
        # A scene that stops being busy in this update (an animation ends, a hint arrives)
        # still gets this frame drawn, or its last change would stay off the screen.
        if self.dirty or was_busy or scene.busy:
            self.drawn += 1
            scene.draw(self.screen)
            self.display.present()
            if FIRST_FRAME_EXIT:
                print("knockrummy: first frame", flush=True)
                os._exit(0)
            self.dirty = False
            return True
        return False

    def run(self) -> None:
        """Until the last scene closes or the window is closed."""
        self.clock.tick()
        idle = False
        while self.running and self.scenes:
            if idle:
                # nothing can change without an event (workers post WAKE when done)
                events = pygame.event.get()
                if not events:
                    time.sleep(IDLE_SLEEP)
                    continue
                self.clock.tick()
                dt = 0.0
            else:
                events = pygame.event.get()
                dt = min(self.clock.tick(self.fps) / 1000.0, 0.1)
            self.step(dt, events)
            idle = bool(self.scenes) and not (self.dirty or self.scene.busy)
        while self.scenes:
            self.scenes.pop().close()
        if self.voice is not None:  # speech's native threads end before the interpreter
            self.voice.close()
