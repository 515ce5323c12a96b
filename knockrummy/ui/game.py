"""The game around the table: the player's folders, the saved sessions, the settings, and
the messages to show when something could not be read. Scenes reach these through it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..engine.session import SessionState, new_session
from ..persistence.paths import UserPaths, user_paths
from ..persistence.settings_file import load_settings, save_settings
from ..persistence.store import Store, open_store
from ..settings import Settings
from .seats import SeatConfig
from .sound import Sounds


@dataclass
class Game:
    paths: UserPaths
    store: Store
    settings: Settings
    messages: list[str] = field(default_factory=list)
    """Plain-words notices for the title screen (a file that was set aside...)."""
    sounds: Sounds | None = None

    @classmethod
    def open(cls, data_dir: str | None = None) -> Game:
        """Open the player's folders; whatever cannot be read is set aside and reported."""
        paths = user_paths(data_dir).ensure()
        opened = open_store(paths.database)
        settings, settings_message = load_settings(paths.settings)
        messages = [m for m in (opened.message, settings_message) if m]
        return cls(paths, opened.store, settings, messages)

    def change_settings(self, settings: Settings) -> None:
        self.settings = settings
        save_settings(self.paths.settings, settings)
        if self.sounds is not None:
            self.sounds.enabled = settings.sound

    def start(
        self, profile: str, seats: list[SeatConfig], stake: int | None = None, seed=None
    ) -> tuple[int, SessionState]:
        """A new session, recorded before its first action."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        state = new_session(profile, len(seats), seed, [s.name for s in seats], stake)
        session_id = self.store.create_session(state, [s.to_json() for s in seats])
        return session_id, state

    def resume(self, session_id: int) -> tuple[SessionState, list[SeatConfig]]:
        state, seats = self.store.load(session_id)
        return state, [SeatConfig.from_json(s) for s in seats]

    def recorder(self, session_id: int):
        """The table's ``on_action``: every action is committed as it happens."""

        def record(before: SessionState, after: SessionState, action, seat) -> None:
            self.store.append(session_id, before, after, action, seat)

        return record
