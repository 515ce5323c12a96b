"""Online play at the window: the host's table source, and what a table played online adds
to the screen (the seats away, the chat), given to the table through its hooks.

Glossary:
    host source  :class:`HostSource`: the host's session source with its online table:
                 what the network brings is taken in with each update of the window, and
                 the next hand is dealt once the friends at the table have asked for it.
    chat keys    Ctrl+1 to Ctrl+6 say the fixed phrases (each reader sees them in their
                 own language); Ctrl+T opens a line to type (Enter sends it, Escape drops
                 it). The function keys F1 to F8 are speech's, everywhere.
    stand-in     F9 at the host: a friend away is played by a computer until back, or the
                 table waits for them again.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..engine.actions import Action, NextHand
from ..language import _, pgettext
from ..net.host import HostTable
from ..net.limits import CHAT_LENGTH
from ..net.protocol import PHRASES
from ..net.words import PHRASE_WORDS, chat_words
from ..play.local import LocalSource
from ..play.stream import SeatListener, Update

PHRASE_KEYS = dict(zip((pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5,
                        pygame.K_6), PHRASES, strict=True))  # fmt: skip
"""With Ctrl held: the chat's fixed phrases."""
TYPE_KEY = pygame.K_t
"""With Ctrl held: a line of chat to type."""
STAND_IN_KEY = pygame.K_F9


def chat_too_fast() -> str:
    """Why a line of chat was not sent (:data:`~..net.limits.CHATS_PER_WINDOW`)."""
    # Translators: a line of chat held back: a player may say a few lines every ten
    # seconds at an online table.
    return _("Too many lines of chat at once: wait a moment before the next.")


class HostSource:
    """The table's source at the host's window (see the glossary)."""

    def __init__(self, local: LocalSource, table: HostTable, chat_seen: int = 0) -> None:
        self.local = local
        self.table = table
        self.places = local.places
        self.here = local.here
        self.on_chat: Callable[[object], None] | None = None
        self._chat_seen = chat_seen
        """The table's lines of chat shown already (a rematch's table shows the new)."""

    @property
    def state(self):
        return self.local.state

    @property
    def away(self) -> frozenset[int]:
        return self.table.away

    def subscribe(self, seat: int | None, listener: SeatListener) -> Callable[[], None]:
        return self.local.subscribe(seat, listener)

    def latest(self, seat: int | None) -> Update:
        return self.local.latest(seat)

    def submit(self, action: Action, seat: int | None) -> None:
        if seat is None and isinstance(action, NextHand):
            self.table.ask_next_hand()  # dealt once the friends have asked too
        else:
            self.local.submit(action, seat)

    def proceed(self) -> None:
        if not self.table.holding:  # a friend's grace to take a discard back
            self.local.proceed()

    def pump(self) -> None:
        self.table.pump()
        lines = self.table.chat
        while self._chat_seen < len(lines):
            if self.on_chat is not None:
                self.on_chat(lines[self._chat_seen])
            self._chat_seen += 1
        del lines[:-200]
        self._chat_seen = min(self._chat_seen, len(lines))

    @property
    def thinking(self) -> bool:
        return self.local.thinking

    @property
    def ready(self) -> bool:
        return self.local.ready

    def close(self) -> None:
        self.table.finish("host-left", linger=1.0)
        self.local.close()

    def say(self, phrase: str | None = None, text: str | None = None) -> bool:
        seat = self.here[0] if self.here else None
        self.table.say(phrase, text, seat)
        return True


class OnlineKeys:
    """The chat and the host's stand-in at a table played online (see the glossary)."""

    def __init__(self, source, names: Callable[[], tuple[str, ...]], host: bool) -> None:
        self.source = source
        self.names = names
        self.host = host
        self.typing: str | None = None
        self.scene = None
        """The table, told each line of chat to show (set once it is made)."""
        source.on_chat = self.heard

    def heard(self, line) -> None:
        if self.scene is None:
            return
        names = self.names()
        seat = line.seat
        # Translators: who said a line of chat when the host plays no seat (a person,
        # not the button that hosts a table).
        host = pgettext("who said a line of chat", "Host")
        who = names[seat] if seat is not None and 0 <= seat < len(names) else host
        self.scene.say(
            # Translators: a line of chat at an online table: {name} said {words}.
            _("{name}: {words}").format(name=who, words=chat_words(line.phrase, line.text)),
            6.0,
        )

    def key(self, event: pygame.event.Event) -> bool:
        """Take a key of the chat or the stand-in; True if it was one."""
        if self.typing is not None:
            if event.type == pygame.TEXTINPUT:
                self.typing = (self.typing + event.text)[:CHAT_LENGTH]
            elif event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    if self.typing.strip():
                        self._sent(self.source.say(text=self.typing))
                    self.typing = None
                elif event.key == pygame.K_ESCAPE:
                    self.typing = None
                elif event.key == pygame.K_BACKSPACE:
                    self.typing = self.typing[:-1]
            return True
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if ctrl and event.key in PHRASE_KEYS:
            self._sent(self.source.say(phrase=PHRASE_KEYS[event.key]))
            return True
        if ctrl and event.key == TYPE_KEY:
            self.typing = ""
            return True
        if event.key == STAND_IN_KEY and self.host:
            table = self.source.table
            for seat in table.away:
                policy = table._policy(seat)
                table.hand_to_computer(seat, not (policy and policy.standing_in))
            return True
        return False

    def help(self) -> list[str]:
        """These keys in words, said by F1 at an online table after the table's own."""
        phrases = " ".join(
            f"Ctrl+{number}: {_(PHRASE_WORDS[phrase])}"
            for number, phrase in enumerate(PHRASES, start=1)
        )
        lines = [
            # Translators: the keys of an online table, said aloud by F1 (one sentence
            # each); {phrases} lists each key with its phrase ("Ctrl+1: Good game!").
            _("Ctrl+1 to Ctrl+6 say a phrase, each reader in their own language. {phrases}").format(
                phrases=phrases
            ),
            _("Ctrl+T: type a line to the table; Enter sends it, Escape drops it."),
        ]
        if self.host:
            lines.append(
                _("F9: a computer plays for a friend who is away, or the table waits for them.")
            )
        return lines

    def _sent(self, sent: bool) -> None:
        """A line the source held back (more than the chat's bound in a short time) is
        told, not dropped in silence."""
        if not sent and self.scene is not None:
            self.scene.say(chat_too_fast(), 4.0)

    def status(self) -> str | None:
        """The status line's own words: the line being typed, or who is away."""
        if self.typing is not None:
            # Translators: the status line while a chat line is typed; {text} the line.
            return _("Say: {text}| (Enter sends, Escape cancels)").format(text=self.typing)
        away = sorted(getattr(self.source, "away", ()))
        to_move = self.scene.view.to_move if self.scene is not None else None
        if not away or to_move not in away:
            return None  # (their plates say they are away; the table does not wait)
        names = ", ".join(self.names()[s] for s in away)
        if self.host:
            table = self.source.table
            standing = any((p := table._policy(s)) is not None and p.standing_in for s in away)
            if standing:
                # Translators: {names} the players whose line dropped.
                return _(
                    "{names} away: a computer plays for them until they are back (F9: wait)."
                ).format(names=names)
            # Translators: {names} the players whose line dropped.
            return _(
                "{names} away: the table waits for them (F9: a computer plays for them)."
            ).format(names=names)
        # Translators: {names} the players whose line dropped.
        return _("{names} away: the table waits for them to come back.").format(names=names)
