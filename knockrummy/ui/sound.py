"""Short sounds synthesised at run time (no sound files), with a mute switch; among them
the cues that let a player follow the table by ear (your turn, a card taken from the pile,
a knock, gin, a hand won or lost).

Two settings rule them: Sound is every sound of the game (M at the table), Sound cues is the
cues alone. A cue is heard when both are on; with Sound cues off the cards still land and
deal with their sounds, with Sound off nothing is heard (the cues played through
:meth:`~knockrummy.speech.voice.Voice.cue`, the only door they have).

Where no audio device exists (a headless machine, a muted desktop) the game plays on in
silence: every call here is then a no-op, and what the audio libraries said about it goes
to the game's log, not the terminal.

Glossary:
    native stderr  file descriptor 2, where C libraries write directly: ALSA prints a dozen
                   ``ALSA lib ... cannot find card '0'`` lines there whenever SDL opens the
                   mixer on a Linux machine without a sound card.
"""

from __future__ import annotations

import logging
import math
import os
import random
import sys
import tempfile
from array import array
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

log = logging.getLogger("knockrummy.sound")

RATE = 22050
"""Sample rate asked for when this module starts the mixer itself."""


def _tone(samples: list[float]) -> bytes:
    peak = max(1e-9, max(abs(s) for s in samples))
    data = array("h", (int(s / peak * 12000) for s in samples))
    return data.tobytes()


def _snap(rate: int, seed: int) -> list[float]:
    """A card landing: a short filtered noise burst."""
    rng = random.Random(seed)
    n = int(rate * 0.06)
    out, last = [], 0.0
    for i in range(n):
        last = 0.55 * last + 0.45 * rng.uniform(-1, 1)
        out.append(last * math.exp(-i / (n * 0.18)))
    return out


def _knock(rate: int) -> list[float]:
    """Two knuckle raps on the table."""
    out: list[float] = []
    for start in (0.0, 0.14):
        n = int(rate * 0.12)
        out += [0.0] * max(0, int(rate * start) - len(out))
        for i in range(n):
            t = i / rate
            out.append(math.sin(2 * math.pi * 110 * t) * math.exp(-t * 38))
    return out


def _chime(rate: int) -> list[float]:
    """A bright two-note chime for a win."""
    n = int(rate * 0.5)
    return [
        (math.sin(2 * math.pi * 660 * i / rate) + 0.6 * math.sin(2 * math.pi * 990 * i / rate))
        * math.exp(-i / (rate * 0.15))
        for i in range(n)
    ]


def _notes(rate: int, notes: list[tuple[float, float]], decay: float = 9.0) -> list[float]:
    """Sine notes one after another, each (frequency, seconds), each fading out."""
    out: list[float] = []
    for frequency, seconds in notes:
        n = int(rate * seconds)
        for i in range(n):
            t = i / rate
            out.append(math.sin(2 * math.pi * frequency * t) * math.exp(-t * decay))
    return out


def _chirp(rate: int) -> list[float]:
    """A card slid off the pile: a quick rising sweep."""
    n = int(rate * 0.09)
    out, phase = [], 0.0
    for i in range(n):
        frequency = 320 + 900 * i / n
        phase += 2 * math.pi * frequency / rate
        out.append(math.sin(phase) * math.sin(math.pi * i / n))
    return out


CUES = {
    "turn": lambda rate: _notes(rate, [(523.25, 0.11), (783.99, 0.16)]),
    "take": _chirp,
    "knock": _knock,
    "gin": lambda rate: _notes(rate, [(659.25, 0.1), (830.61, 0.1), (987.77, 0.3)], 6.0),
    "hand-won": lambda rate: _notes(rate, [(523.25, 0.12), (659.25, 0.25)], 7.0),
    "hand-lost": lambda rate: _notes(rate, [(392.0, 0.14), (311.13, 0.3)], 7.0),
}
"""The cues by name, each a function of the sample rate (see the module's words)."""


@contextmanager
def native_stderr_to_log(what: str) -> Iterator[None]:
    """On Linux, send what is written to native stderr meanwhile to the game's log (at
    info level, under ``what``) instead of the terminal; elsewhere, change nothing."""
    if not sys.platform.startswith("linux"):
        yield
        return
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no fd 2 to borrow (a detached process)
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            said = sink.read().decode("utf-8", errors="replace").strip()
            if said:
                log.info("%s: %s", what, said)


class Sounds:
    """The game's sounds; ``play(name)`` does nothing when muted or without audio."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                with native_stderr_to_log("starting the mixer"):
                    pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            rate, _, channels = pygame.mixer.get_init()
            mono = channels == 1
            for name, wave in (
                ("card", _snap(rate, 1)),
                ("deal", _snap(rate, 2)),
                ("win", _chime(rate)),
                *((name, make(rate)) for name, make in CUES.items()),
            ):
                raw = _tone(wave)
                if not mono:  # duplicate each sample into both channels
                    samples = array("h", raw)
                    stereo = array("h", [0]) * (len(samples) * 2)
                    stereo[0::2] = samples
                    stereo[1::2] = samples
                    raw = stereo.tobytes()
                self._sounds[name] = pygame.mixer.Sound(buffer=raw)
        except pygame.error as exc:
            log.info("no sound: %s", exc)
            self._sounds = {}

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        if self.enabled and name in self._sounds:
            self._sounds[name].play()
