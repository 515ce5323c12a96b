"""Opening the table for a saved session: recording every action, back to the title."""

from __future__ import annotations

from ...engine.session import SessionState
from ..runner import table_scene
from ..seats import SeatConfig


def table_for(game, session_id: int, state: SessionState, seats: list[SeatConfig]):
    """The table for a session, committing each action to the store as it is played."""
    scene = table_scene(state, seats, game.settings)
    # a save that fails is shown at the table, which plays on without saving
    scene.on_action = game.recorder(session_id, on_failure=lambda text: scene.say(text, 12.0))
    scene.session_id = session_id

    def leave() -> None:
        from .title import TitleScreen

        scene.app.replace(TitleScreen(game))

    scene.on_leave = leave
    scene.on_settings = game.change_settings
    return scene
