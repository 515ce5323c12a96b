"""Where the window's screens lead: a scene asks the navigator to go somewhere, and the
navigator builds the next scene. Only this module knows every screen, so the screens never
import one another.

Glossary:
    place   a screen to go to: the title, a new game's setup, the list of unfinished
            sessions, the table of a saved session, its game-over screen, the ledger, the
            replay of a saved hand, the rules, the settings, the lessons and one lesson at
            its step, the daily deals; ``back`` returns to the title.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.session import SessionState
from ..records.deal_codes import code_of
from ..teaching import lessons
from .game import UNSAVED
from .loop import App
from .rule_tips import TableTips
from .scenes.continue_list import ContinueScreen
from .scenes.daily import DailyScreen
from .scenes.game_over import GameOverScreen
from .scenes.learn import LearnScreen, LessonScene
from .scenes.ledger_screen import LedgerScreen
from .scenes.new_game import NewGameScreen
from .scenes.replay_viewer import ReplayViewer
from .scenes.rules_screen import RulesScreen
from .scenes.settings_screen import SettingsScreen
from .scenes.title import TitleScreen
from .seats import SeatConfig
from .sound import Sounds
from .table.controller import TableScene
from .table.hooks import TableHooks
from .tables import table_source


class Navigator:
    """Owned by the app (``app.navigator``): every move between screens goes through it."""

    def __init__(self, app: App, game) -> None:
        self.app = app
        self.game = game
        app.navigator = self

    def title(self) -> None:
        self.app.replace(TitleScreen(self.game))

    def back(self) -> None:
        """Every screen's Escape and Back lead to the title screen."""
        self.title()

    def new_game(self) -> None:
        self.app.replace(NewGameScreen(self.game))

    def continue_list(self) -> None:
        """The unfinished sessions, newest first, to pick one."""
        self.app.replace(ContinueScreen(self.game))

    def game_over(self, state: SessionState, seats: list[SeatConfig]) -> None:
        """The winner, the final scores and the chart of a finished session."""
        self.app.replace(GameOverScreen(self.game, state, seats))

    def ledger(self) -> None:
        self.app.replace(LedgerScreen(self.game))

    def replay(self, session_id: int, hand: int = 1, back=None) -> None:
        """The replay viewer on hand ``hand`` of a saved session; ``back`` (the ledger by
        default) is where its Back button leads."""
        self.app.replace(ReplayViewer(self.game, session_id, hand, back or self.ledger))

    def rules(self) -> None:
        self.app.replace(RulesScreen(self.game))

    def settings(self) -> None:
        self.app.replace(SettingsScreen(self.game))

    def daily(self) -> None:
        """Each game's deal of the day, with the player's result today and best."""
        self.app.replace(DailyScreen(self.game))

    def learn(self) -> None:
        """The list of lessons, one per profile."""
        self.app.replace(LearnScreen(self.game))

    def lesson(self, profile_id: str, step: int = 0) -> None:
        """The lesson of ``profile_id`` from ``step``; leaving it returns to the lessons."""
        lesson = lessons.LESSONS[profile_id]
        step = min(step, len(lesson.steps) - 1)
        scene = LessonScene(
            self.game, lesson, step, self.learn, lambda index: self.lesson(profile_id, index)
        )
        self.app.replace(scene)

    def table(self, session_id: int, state: SessionState, seats: list[SeatConfig]) -> None:
        """The table for a saved session, committing each action to the store as played;
        its Menu button leads back to the title. A hosted session is hosted again."""
        if any(seat.is_friend for seat in seats):
            self.host(state.profile_id, seats, resumed=(session_id, state))
            return
        self.app.replace(self.table_scene(session_id, state, seats))

    # ----------------------------------------------------------------- online

    def host(self, profile: str, seats, stake=None, resumed=None, options=None) -> None:
        """Host a table: its lobby, then the table (a resumed one at once)."""
        from . import hosting_window

        hosting_window.host(self, profile, seats, stake, resumed, options)

    def join(self) -> None:
        """Join a game: the tables on this network, or a code or address typed."""
        from . import hosting_window

        hosting_window.join(self)

    def guest_table(self, source) -> None:
        """The table of a game joined, fed by its network source."""
        from . import hosting_window

        hosting_window.guest_table(self, source)

    def table_scene(self, session_id: int, state: SessionState, seats: list[SeatConfig]):
        """The scene :meth:`table` shows (built, not yet shown)."""
        game = self.game
        saved = session_id != UNSAVED
        tips = None
        if any(seat.is_human for seat in seats):
            tips = TableTips(lambda: game.settings, game.change_settings)

        source = table_source(
            state,
            seats,
            # a save that fails is shown at the table, which plays on without saving
            record=game.recorder(session_id),
            deal_code=code_of(state.profile_id, seats, state.seed) if saved else None,
        )

        def leave() -> None:
            # leaving a finished session shows its game-over screen, an unfinished one the title
            if source.state.is_over:
                self.game_over(source.state, seats)
            else:
                self.title()

        def keep_settings(settings) -> None:
            # the tips seen are the tips' own to keep (they write them as each one shows)
            game.change_settings(replace(settings, tips_seen=game.settings.tips_seen))

        hooks = TableHooks(
            on_leave=leave,
            on_replay=(
                lambda hand: self.replay(
                    session_id, hand, back=lambda: self.table(session_id, *game.resume(session_id))
                )
            )
            if saved
            else None,
            on_settings=keep_settings,
            session_id=session_id,
            tips=tips,
        )
        return TableScene(source, game.settings, Sounds(game.settings.sound), hooks=hooks)
