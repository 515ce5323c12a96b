"""The window's voice: each screen said as it opens and as the keyboard moves on it, the
table's events said as they happen, and the keys that speech adds everywhere.

A screen tells what it says through a few methods, all optional, read after each frame
(never from a drawing):

    ``speech_title()``   what the screen is, said when it opens ("Settings").
    ``speech_focus()``   the item the keyboard is on, in words ("Sound: on"); said again
                         whenever it changes (the echo of the player's own key).
    ``speech_notices()`` the notices it shows; each new one is said once, queued.
    ``speech_status()``  what the screen shows changing as the player's keys move it (a
                         replay's step); said again whenever it changes.
    ``speech_keys()``    its keys, for F1.
    ``read_on(step)``    read the next (1) or previous (-1) line of its text (F7, F8).
    ``speech_opened(voice)`` called once the screen is said: the table starts its
                         announcer and its zones there.

Keys everywhere (function keys, clear of the screen readers' own: Insert, Caps Lock, the
numeric keypad, Ctrl alone): F1 the keys of this screen, F2 speech on or off (it works from
the title screen), F3 the last sentence again, F4 and F5 one sentence back and forward in
the history, F6 brief or full, F7 and F8 the screen's next and previous line of text.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..language import N_, _, pgettext
from ..settings import Settings
from .backends import RecordingSink, open_backend, recording_file
from .speaker import Speaker
from .words import spoken


def global_keys() -> list[str]:
    """The keys speech adds to every screen, in words."""
    return [
        # Translators: a key and what it does, said by F1.
        _("F1: the keys of this screen."),
        _("F2: speech on or off."),
        _("F3: the last sentence again."),
        _("F4 and F5: one sentence back, one forward."),
        _("F6: brief or full speech."),
        _("F7 and F8: the next and the previous line of the screen's text."),
    ]


class Voice:
    """Speech for one window (``app.voice``): the speaker and what each screen says."""

    def __init__(
        self,
        speaker: Speaker,
        settings: Callable[[], Settings],
        keep: Callable[[Settings], None] | None = None,
        sounds=None,
    ) -> None:
        self.speaker = speaker
        self.settings = settings
        """The settings now (the game's; the demo's own)."""
        self.keep = keep
        """Keeps changed settings (F2, F6); None: changes last this run only (the demo)."""
        self.sounds = sounds
        self._scene = None
        self._focus: str | None = None
        self._status: str | None = None
        self._notices: list[str] = []
        now = settings()
        self._followed = (now.speech, now.verbosity)
        """The speech settings last followed (a change in Settings turns speech on or off)."""
        self._help: Callable[[], list[str]] | None = None
        """The keys of the screen shown, if it told them with :meth:`help`."""
        self._polls: list[Callable[[], None]] = []
        """Called after each frame while the screen that asked is shown (:meth:`poll`)."""

    # ------------------------------------------------------------------ screens

    def opened(self, scene) -> None:
        """A screen was shown: say what it is and where the keyboard is on it."""
        self._scene = scene
        self._polls = []
        self._help = None
        title = _call(scene, "speech_title")
        focus = _call(scene, "speech_focus")
        self._focus = focus
        self._status = _call(scene, "speech_status")
        self._notices = list(_call(scene, "speech_notices") or ())
        words = [part for part in (title, self._status, focus) if part]
        if words:
            self.speaker.echo(". ".join(w.rstrip(".") for w in words) + ".")
        for notice in self._notices:
            self.speaker.say(notice)
        hook = getattr(scene, "speech_opened", None)
        if hook is not None:
            hook(self)

    def after_step(self, scene) -> None:
        """After each frame: a new screen is said, a moved focus and new notices too."""
        self.speaker.tick()
        self._follow_settings()
        if scene is not self._scene:
            self.opened(scene)
            return
        for poll in list(self._polls):
            poll()
        focus = _call(scene, "speech_focus")
        if focus and focus != self._focus:
            self.speaker.echo(focus)
        self._focus = focus
        status = _call(scene, "speech_status")
        if status and status != self._status:
            self.speaker.echo(status)
        self._status = status
        notices = list(_call(scene, "speech_notices") or ())
        for notice in notices:
            if notice not in self._notices:
                self.speaker.say(notice)
        self._notices = notices

    def _follow_settings(self) -> None:
        """Speech turned on or off, or its verbosity changed, in Settings."""
        now = self.settings()
        followed = (now.speech, now.verbosity)
        if followed == self._followed:
            return
        if now.speech != self._followed[0] and now.speech != self.speaker.enabled:
            self.speaker.turn(now.speech)
        self.speaker.verbosity = now.verbosity
        self._followed = followed

    def help(self, keys: Callable[[], list[str]]) -> None:
        """The keys of the screen shown, said by F1 (a table's zones tell them so)."""
        self._help = keys

    def poll(self, work: Callable[[], None]) -> None:
        """Call ``work`` after each frame while this screen is shown (a table's turns)."""
        self._polls.append(work)

    # ------------------------------------------------------------------ keys

    def key(self, event: pygame.event.Event) -> bool:
        """The keys speech adds everywhere; True when the key was one of them."""
        if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_ALT | pygame.KMOD_CTRL):
            return False
        speaker = self.speaker
        if event.key == pygame.K_F1:
            own = self._help() if self._help is not None else _call(self._scene, "speech_keys")
            keys = list(own or ()) + global_keys()
            speaker.echo(" ".join(keys))
        elif event.key == pygame.K_F2:
            self.toggle()
        elif event.key == pygame.K_F3:
            speaker.repeat()
        elif event.key == pygame.K_F4:
            speaker.back()
        elif event.key == pygame.K_F5:
            speaker.forward()
        elif event.key == pygame.K_F6:
            brief = speaker.verbosity == "full"
            speaker.verbosity = "brief" if brief else "full"
            self._change(verbosity=speaker.verbosity)
            self._followed = (self._followed[0], speaker.verbosity)
            if brief:
                # Translators: said when the player makes speech say less (F6).
                speaker.echo(_("Brief speech."))
            else:
                # Translators: said when the player makes speech say everything (F6).
                speaker.echo(_("Full speech."))
        elif event.key in (pygame.K_F7, pygame.K_F8):
            read_on = getattr(self._scene, "read_on", None)
            if read_on is None or not read_on(1 if event.key == pygame.K_F7 else -1):
                # Translators: said by F7 or F8 on a screen with no text to read.
                speaker.echo(_("Nothing more to read here."))
        else:
            return False
        return True

    def toggle(self) -> None:
        """F2: speech on or off, kept in the settings."""
        speaker = self.speaker
        on = not speaker.enabled
        if not on:
            # Translators: the last words said as speech is turned off (F2).
            speaker.echo(pgettext("speech", "Speech off."))
        speaker.turn(on)
        self._change(speech=on)
        self._followed = (on, speaker.verbosity)
        if on:
            # Translators: said as speech is turned on (F2).
            speaker.echo(pgettext("speech", "Speech on."))
            if self._scene is not None:
                self.opened(self._scene)

    def _change(self, **values) -> None:
        if self.keep is None:
            return
        from dataclasses import replace

        self.keep(replace(self.settings(), **values))

    # ------------------------------------------------------------------ sound cues

    def close(self) -> None:
        """The window is closing: speech's backend goes (:meth:`Speaker.close`)."""
        self.speaker.close()

    def cue(self, name: str) -> None:
        """A sound cue for a common event (:data:`...ui.sound.CUES`), when the player wants
        them: heard when Sound cues is on and Sound too (``sounds`` is muted with Sound)."""
        if self.sounds is not None and self.settings().sound_cues:
            self.sounds.play(name)


def _call(scene, name: str):
    method = getattr(scene, name, None)
    return None if method is None else method()


def make_voice(
    settings: Callable[[], Settings],
    keep: Callable[[Settings], None] | None = None,
    sounds=None,
    environ=None,
) -> Voice:
    """The window's voice, its backend made now (once the window is open, on the main
    thread): with ``KNOCKRUMMY_SPEECH=record:FILE`` speech is on and goes into FILE,
    otherwise the settings say whether it is on."""
    now = settings()
    path = recording_file(environ)
    sink = RecordingSink(path) if path is not None else None
    speaker = Speaker(
        lambda: open_backend(now.system_voice, sink),
        enabled=sink is not None or now.speech,
        verbosity=now.verbosity,
    )
    speaker.start()
    return Voice(speaker, settings, keep, sounds)


OFFER = N_("A screen reader is running: press F2 to hear Knock Rummy speak, and F1 for its keys.")
"""Said through the screen reader at a start where one runs and speech is off, until it
has been offered once (then shown on the title screen)."""


def offer_speech(game, voice: Voice, find=None) -> bool:
    """At a start with speech off and a screen reader running, offer speech once: said
    through that reader and shown on the title screen. Whether it was offered."""
    from dataclasses import replace

    from ..language.message import Message
    from .backends import find_screen_reader

    settings = game.settings
    if settings.speech or settings.speech_offered or voice.speaker.enabled:
        return False
    reader = (find or find_screen_reader)()
    if reader is None:
        return False
    reader.speak(spoken(_(OFFER)), False)
    game.messages.append(Message(OFFER))
    game.change_settings(replace(settings, speech_offered=True))
    return True
