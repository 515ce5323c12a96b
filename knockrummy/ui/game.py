"""The game around the table: the player's folders, the saved sessions, the settings, and
the messages to show when something could not be read or saved. Scenes reach these
through it.

Glossary:
    read-only   the saved games can be looked at and played on, but nothing new is
                written: the file cannot be written, another program holds it, or a write
                has failed (a full disk). The title screen says so.
    unsaved     a session dealt while the game is read-only: it is played like any other
                and has the id ``UNSAVED``, which no stored session has.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .. import language
from ..engine.session import SessionState, new_session
from ..language import N_, cards
from ..language.message import Message, reason, shown
from ..persistence.database import SessionConflictError
from ..persistence.files import low_space_notice
from ..persistence.paths import UserPaths, user_paths
from ..persistence.settings_file import load_settings, save_settings
from ..persistence.store import SaveError, Store, open_store
from ..records.deal_codes import new_seed
from ..settings import Settings
from .seats import SeatConfig, take_back_seat
from .sound import Sounds

UNSAVED = 0
"""The id of a session that is not being saved (stored sessions count from 1)."""


@dataclass
class Game:
    paths: UserPaths
    store: Store
    settings: Settings
    messages: list[Message] = field(default_factory=list)
    """Plain-words notices for the title screen (a file that was set aside...), said in
    the player's language where they are drawn (English as ``str()``, for the log)."""
    sounds: Sounds | None = None
    save_problem: Message | None = None
    """Why the last write failed, if one did (the demo then exits with 1)."""
    _saved_settings: Settings | None = None
    """The settings as last written (None: as read at start)."""

    def __post_init__(self) -> None:
        self._saved_settings = self.settings

    @classmethod
    def open(cls, data_dir: str | None = None) -> Game:
        """Open the player's folders; whatever cannot be read is set aside and reported,
        whatever cannot be written leaves the game read-only. The game always starts."""
        paths = user_paths(data_dir)
        try:
            paths.data.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            # the folder cannot be made: the game still starts, with nothing kept
            opened = open_store(None)
            # Translators: a notice on the title screen; {folder} is a folder's path,
            # {reason} the system's words.
            notice = N_(
                "Your games cannot be saved: the folder {folder} cannot be made ({reason}); "
                "nothing will be saved this time."
            )
            message: Message | None = Message(notice, folder=str(paths.data), reason=reason(exc))
        else:
            # (only the saves' folder matters here: the log is best effort, and settings
            # that cannot be kept are said so when they are changed)
            opened = open_store(paths.database)
            message = opened.message
        settings, settings_message = load_settings(paths.settings)
        language.use(settings.language)
        cards.use_letters(settings.card_letters)
        space = None
        if opened.store.path is not None and not opened.store.read_only:
            space = low_space_notice(paths.data)
        messages = [m for m in (message, settings_message, space) if m]
        return cls(paths, opened.store, settings, messages)

    @property
    def read_only(self) -> bool:
        """New games are not saved (see the glossary)."""
        return self.store.read_only

    def change_settings(self, settings: Settings) -> None:
        """Keep ``settings`` (saved at once). Where the window is comes only from its own
        events (:meth:`remember_window`), so a screen holding older settings, like the
        table, never moves it back."""
        current = self.settings
        settings = replace(
            settings,
            window_size=current.window_size,
            window_position=current.window_position,
            window_maximized=current.window_maximized,
        )
        self.settings = settings
        if settings.language != current.language:
            language.use(settings.language)  # the next frame speaks it
        cards.use_letters(settings.card_letters)
        try:
            save_settings(self.paths.settings, settings)
            self._saved_settings = settings
        except OSError as exc:
            # Translators: a notice; {reason} is why, in the system's words.
            notice = N_("Your settings could not be saved ({reason}).")
            self._tell(Message(notice, reason=reason(exc)))
        if self.sounds is not None:
            self.sounds.enabled = settings.sound

    def remember_window(self, event) -> None:
        """Follow the window's size, place and maximised state (kept at the end of the run
        by :meth:`keep_window`, not written at every move)."""
        from .window_memory import remember

        self.settings = remember(self.settings, event)

    def keep_window(self) -> None:
        """Save where the window was, if that changed since the settings were saved."""
        if self.settings != self._saved_settings:
            self.change_settings(self.settings)

    def start(
        self,
        profile: str,
        seats: list[SeatConfig],
        stake: int | None = None,
        seed=None,
        take_backs: bool = False,
    ) -> tuple[int, SessionState]:
        """A new session, recorded before its first action (``UNSAVED`` if the game is
        read-only or the record cannot be written). With ``take_backs`` the one human at
        a table of computers may take back a discard (never in pass-and-play); a daily
        deal or a dealt code leaves them off, as the deal is the same for everyone. Without
        a ``seed`` (a deal code's, ``--seed``), the session's is new and secret
        (:func:`~..records.deal_codes.new_seed`)."""
        if seed is None:
            seed = new_seed()
        undo_seat = take_back_seat(seats) if take_backs else None
        names = [s.name for s in seats]
        state = new_session(profile, len(seats), seed, names, stake, undo_seat)
        if self.read_only:
            return UNSAVED, state
        try:
            session_id = self.store.create_session(state, [s.to_json() for s in seats])
        except SaveError as exc:
            self._save_failed(exc)
            return UNSAVED, state
        return session_id, state

    def resume(self, session_id: int) -> tuple[SessionState, list[SeatConfig]]:
        state, seats = self.store.load(session_id)
        return state, [SeatConfig.from_json(s) for s in seats]

    def recorder(self, session_id: int, on_failure: Callable[[str], None] | None = None):
        """The table's ``on_action``: every action is committed as it happens.

        A write that fails never stops the table: the message goes to ``messages``, to
        ``on_failure`` and back to the table (which shows it), and this table stops
        saving. If another window played the session on, only this table stops; any other
        failure (a full disk, a lost file) makes the whole game read-only."""
        saving = session_id != UNSAVED

        def record(before: SessionState, after: SessionState, action, seat) -> str | None:
            nonlocal saving
            if not saving or self.read_only:
                return None
            try:
                self.store.append(session_id, before, after, action, seat)
            except SaveError as exc:
                saving = False
                self._save_failed(exc)
                if on_failure is not None:
                    on_failure(shown(exc))
                return shown(exc)
            return None

        return record

    def _save_failed(self, problem: SaveError) -> None:
        """A write failed: say so and, unless another window merely took this session
        over, write nothing more this run (what was saved before stays)."""
        if not isinstance(problem, SessionConflictError):
            self.store.read_only = True
        self.save_problem = problem.message
        self._tell(problem.message)

    def _tell(self, message: Message) -> None:
        if message not in self.messages:
            self.messages.append(message)
