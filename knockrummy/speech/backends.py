"""Where speech goes: the player's screen reader through ``prism`` (the ``prismatoid``
package), a recording, or nothing.

prism is one API over the screen readers (NVDA, JAWS, Narrator, VoiceOver, Orca...) and
the systems' own voices (SAPI, OneCore, AVSpeech, Speech Dispatcher). The game asks it
for the screen readers by name first, and for a system voice only when the player chose
one in Settings. Where prism cannot be loaded, or finds nothing running, the game plays
on in silence with no error: the log says why.

A recording is a custom prism backend registered in first place, so that checks hear
exactly what prism is handed (see :data:`RECORD_ENV`); where prism cannot be loaded, the
same recording is written directly.

Glossary:
    screen reader  a program a blind player runs all day, with its own voice and keys;
                   speech sent to it is said in that voice, between its own words.
    system voice   the operating system's text to speech, used when no screen reader runs
                   and the player chose it.
    restart        a screen reader that stops and starts again (the player restarts NVDA):
                   prism says so, and the backend is made again on the main thread.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Protocol

log = logging.getLogger("knockrummy.speech")

RECORD_ENV = "KNOCKRUMMY_SPEECH"
"""``KNOCKRUMMY_SPEECH=record:FILE``: speech is on and goes into FILE, one JSON object a
line, ``{"text": ..., "interrupt": true|false}`` (checks outside the test suite use it)."""
RECORD_PREFIX = "record:"

SCREEN_READERS = (
    "NVDA",
    "JAWS",
    "ZDSR",
    "ZOOM_TEXT",
    "SYSTEM_ACCESS",
    "PC_TALKER",
    "BOY_PC_READER",
    "SENSE_READER",
    "WINDOW_EYES",
    "VOICE_OVER",
    "ORCA",
    "SPIEL",
    "ANDROID_SCREEN_READER",
    "UIA",
)
"""prism's screen-reader backends, asked for in this order (``UIA``, the notifications
Narrator reads, last: a named reader that runs is better)."""
SYSTEM_VOICES = ("ONE_CORE", "SAPI", "AV_SPEECH", "SPEECH_DISPATCHER", "ANDROID_TTS")
"""The systems' own voices, asked for only when the player chose one in Settings."""
RECORDING_NAME = "Knock Rummy recording"
RECORDING_PRIORITY = 1_000_000
"""Above every built-in backend's priority: the recording comes first."""


class Backend(Protocol):
    """Something that says text."""

    name: str

    def speak(self, text: str, interrupt: bool) -> None:
        """Say ``text`` (never empty); ``interrupt`` cuts off what is being said."""

    def stop(self) -> None:
        """Stop talking now."""

    @property
    def stale(self) -> bool:
        """The screen reader behind it stopped or restarted: make the backend again."""


class Silent:
    """No speech: nothing runs that could say it (or speech is off)."""

    name = "silent"
    stale = False

    def speak(self, text: str, interrupt: bool) -> None:
        pass

    def stop(self) -> None:
        pass


class RecordingSink:
    """What a recording heard: kept in ``said`` and, with a file, written there as JSON
    lines, each flushed as it is said (a process that is killed keeps what it said)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.said: list[tuple[str, bool]] = []
        self.stops = 0
        self.path = None if path is None else Path(path)
        self._file: IO[str] | None = None
        if self.path is not None:
            self._file = open(self.path, "w", encoding="utf-8")  # noqa: SIM115

    def speak(self, text: str, interrupt: bool) -> None:
        self.said.append((text, interrupt))
        if self._file is not None:
            line = json.dumps({"text": text, "interrupt": interrupt}, ensure_ascii=False)
            self._file.write(line + "\n")
            self._file.flush()

    def stop(self) -> None:
        self.stops += 1

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


class Direct:
    """A recording written without prism (where prism cannot be loaded)."""

    stale = False

    def __init__(self, sink: RecordingSink) -> None:
        self.sink = sink
        self.name = RECORDING_NAME

    def speak(self, text: str, interrupt: bool) -> None:
        self.sink.speak(text, interrupt)

    def stop(self) -> None:
        self.sink.stop()


def _load_prism():
    """The ``prism`` module, or None (not installed, no native library for this system,
    a Python it does not run on): the log says why."""
    try:
        import prism
    except Exception as exc:  # ImportError, OSError from its native library, ...
        log.info("speech: prism cannot be loaded (%s); the game is silent", exc)
        return None
    return prism


class PrismSpeech:
    """Speech through prism: one backend, the first that runs among those allowed."""

    def __init__(self, prism, system_voice: bool, sink: RecordingSink | None = None) -> None:
        self._prism = prism
        self._changed = threading.Event()
        """Set from prism's own thread when a backend comes or goes (a reader restarted)."""
        registry = None
        self._recording = None
        if sink is not None:
            builder = prism.RegistryBuilder()
            self._recording = builder.add_backend(
                RECORDING_NAME, _recording_class(prism, sink), priority=RECORDING_PRIORITY
            )
            registry = builder.freeze()
        self._context = prism.Context(registry, on_availability=self._available)
        self._registry = registry
        self.wanted = list(SCREEN_READERS) + (list(SYSTEM_VOICES) if system_voice else [])
        self.backend = None
        self.name = "silent"
        self._choose()

    def _available(self, backend, name: str, available: bool) -> None:
        """prism's thread: a backend came or went. Only a flag is set here; the backend is
        made again on the main thread (:attr:`stale`)."""
        self._changed.set()

    def _ids(self) -> list:
        ids = []
        if self._recording is not None:
            ids.append(self._prism.BackendId(self._recording))
        for name in self.wanted:
            member = getattr(self._prism.BackendId, name, None)
            if member is not None and self._context.exists(member):
                ids.append(member)
        return ids

    def _choose(self) -> None:
        self._changed.clear()
        self.backend, self.name = None, "silent"
        for backend_id in self._ids():
            try:
                backend = self._context.create(backend_id)
            except (self._prism.PrismError, ValueError, RuntimeError) as exc:
                log.debug("speech: %s does not run (%s)", getattr(backend_id, "name", ""), exc)
                continue
            self.backend, self.name = backend, backend.name
            log.info("speech: through %s", self.name)
            return
        log.info("speech: no screen reader runs; the game is silent")

    @property
    def stale(self) -> bool:
        return self._changed.is_set()

    def again(self) -> None:
        """Choose again (on the main thread, once :attr:`stale` says so)."""
        self._choose()

    def speak(self, text: str, interrupt: bool) -> None:
        if self.backend is None:
            return
        try:
            self.backend.speak(text, interrupt=interrupt)
        except self._prism.PrismError as exc:
            # the reader went away mid-game: silent until it is found again
            log.info("speech: %s failed (%s); looking again", self.name, exc)
            self._changed.set()

    def stop(self) -> None:
        if self.backend is None:
            return
        with contextlib.suppress(self._prism.PrismError):
            self.backend.stop()

    def close(self) -> None:
        """Let prism go now, on the main thread: its context, dropped while the interpreter
        still runs, shuts its availability thread down (left to the interpreter's end, the
        thread is cut off mid-call and the process may print "FATAL: exception not
        rethrown")."""
        self.backend = None
        self._recording = None
        self._context = None
        self._registry = None


def _recording_class(prism, sink: RecordingSink) -> type:
    """A prism backend class that hands what it is told to ``sink`` (prism makes its
    instances itself, so the sink is the class's)."""

    class Recording(prism.CustomBackend):
        def speak(self, text: str, interrupt: bool) -> None:
            sink.speak(text, interrupt)

        def output(self, text: str, interrupt: bool) -> None:
            sink.speak(text, interrupt)

        def stop(self) -> None:
            sink.stop()

        def is_speaking(self) -> bool:
            return False

    return Recording


def recording_file(environ: Mapping[str, str] | None = None) -> Path | None:
    """The file ``KNOCKRUMMY_SPEECH=record:FILE`` names, or None when it is not set. Any
    other value is refused in words on stderr and the log, and ignored."""
    value = (os.environ if environ is None else environ).get(RECORD_ENV)
    if not value:
        return None
    if value.startswith(RECORD_PREFIX) and len(value) > len(RECORD_PREFIX):
        return Path(value[len(RECORD_PREFIX) :])
    import sys

    problem = f"{RECORD_ENV} must be record:FILE, not {value!r}; ignored"
    log.warning("speech: %s", problem)
    if sys.stderr is not None:
        print(f"knockrummy: {problem}", file=sys.stderr)
    return None


def open_backend(
    system_voice: bool = False,
    sink: RecordingSink | None = None,
    load: Callable[[], object] = _load_prism,
) -> Backend:
    """The backend speech goes to, made now (call it on the main thread, once the window
    is open): through prism, with the recording ``sink`` in first place if given; where
    prism cannot be loaded, the recording written directly, or silence."""
    prism = load()
    if prism is None:
        return Direct(sink) if sink is not None else Silent()
    try:
        return PrismSpeech(prism, system_voice, sink)
    except Exception as exc:  # prism could not start here: play on in silence
        log.info("speech: prism did not start (%s)", exc)
        return Direct(sink) if sink is not None else Silent()


def find_screen_reader(load: Callable[[], object] = _load_prism) -> Backend | None:
    """A screen reader that runs now (through prism), or None: no system voice, no
    recording."""
    prism = load()
    if prism is None:
        return None
    try:
        speech = PrismSpeech(prism, system_voice=False)
    except Exception as exc:
        log.info("speech: prism did not start (%s)", exc)
        return None
    return speech if speech.backend is not None else None
