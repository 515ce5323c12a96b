"""Opening the table for a saved session: recording every action, back to the title."""

from __future__ import annotations

from ...engine.session import SessionState
from ..runner import table_scene
from ..seats import SeatConfig


def table_for(game, session_id: int, state: SessionState, seats: list[SeatConfig]):
    """The table for a session, committing each action to the store as it is played."""
    scene = table_scene(state, seats, game.settings, on_action=game.recorder(session_id))
    scene.session_id = session_id

    def leave() -> None:
        from .title import TitleScreen

        scene.app.replace(TitleScreen(game))

    scene.on_leave = leave
    scene.on_settings = game.change_settings
    return scene
