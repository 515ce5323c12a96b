"""Building the table scene for a session: its seats, its computer players, its sounds."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.session import SessionState
from ..engine.views import player_view
from ..settings import Settings
from .scenes.table import TableOptions, TableScene
from .seats import SeatConfig
from .sound import Sounds


def bot_factory(seats: list[SeatConfig]) -> Callable[[int, SessionState], object]:
    """``(seat, state) -> bot`` for one decision, seeded by the session seed, the seat and
    the number of actions so far: a resumed session plays on exactly as it would have."""
    from ..ai import make_bot

    def bot_for(seat: int, state: SessionState):
        seed = (state.seed * 1_000_003 + seat * 10_007 + len(state.log)) % 2**63
        return make_bot(seats[seat].level, seed)

    return bot_for


def table_scene(
    session: SessionState,
    seats: list[SeatConfig],
    settings: Settings,
    options: TableOptions | None = None,
    on_action: Callable | None = None,
) -> TableScene:
    """The table for ``session`` with these seats (their names replace the session's)."""
    names = [s.name for s in seats]
    if session.names != names:
        session = session.copy()
        session.names = names
    bot_for = bot_factory(seats)

    def decide(state: SessionState, seat: int):
        return bot_for(seat, state).choose(player_view(state, seat))

    return TableScene(
        session,
        seats,
        settings,
        decide,
        Sounds(settings.sound),
        options,
        on_action,
    )
