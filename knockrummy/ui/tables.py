"""Opening a table: a session's source (:mod:`..play`) with its seats, and the table scene
fed by it.

Glossary:
    place      a seat as the source knows it (:class:`~..play.seats.SeatPlace`): its name,
               kind and level, made from the screen's :class:`~.seats.SeatConfig`.
    recorder   a whole-table listener of the source that saves each action (a text it
               returns is a save that failed; the table says so and plays on).
    loopback   the table fed through JSON messages (:mod:`..play.loopback`), as a window
               on another machine would be.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ..engine.session import SessionState
from ..play.local import LocalSource
from ..play.loopback import LoopbackSource
from ..play.seats import SeatKind, SeatPlace, SeatPolicy
from ..settings import Settings
from .loop import WAKE
from .seats import SeatConfig
from .sound import Sounds
from .table.controller import TableOptions, TableScene
from .table.hooks import TableHooks


def place_of(seat: SeatConfig) -> SeatPlace:
    """The source's seat for a screen's seat configuration."""
    if seat.is_human:
        return SeatPlace(seat.name, SeatKind.PERSON)
    return SeatPlace(seat.name, SeatKind.COMPUTER, seat.level)


def wake_window() -> None:
    """Wake the window's loop (from a worker's thread): something is ready to show."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(WAKE))


Recorder = Callable[[SessionState, SessionState, object, int | None], str | None]


def table_source(
    session: SessionState,
    seats: Sequence[SeatConfig],
    record: Recorder | None = None,
    deal_code: str | None = None,
    policies: Sequence[SeatPolicy] | None = None,
    house=None,
) -> LocalSource:
    """The source of ``session`` played with these seats (their names replace the
    session's), saving each action with ``record`` if given."""
    names = [s.name for s in seats]
    if session.names != names:
        session = session.copy()
        session.names = names
    source = LocalSource(
        session,
        [place_of(s) for s in seats],
        policies,
        house=house,
        wake=wake_window,
        deal_code=deal_code,
    )
    if record is not None:
        source.record(lambda p: record(p.before, p.after, p.action, p.seat))
    return source


def table_scene(
    session: SessionState,
    seats: list[SeatConfig],
    settings: Settings,
    options: TableOptions | None = None,
    hooks: TableHooks | None = None,
    record: Recorder | None = None,
    deal_code: str | None = None,
    loopback: bool = False,
) -> TableScene:
    """The table for ``session`` with these seats (see :func:`table_source`); with
    ``loopback`` every message between the source and the table is JSON."""
    source = table_source(session, seats, record, deal_code)
    fed = LoopbackSource(source) if loopback else source
    return TableScene(fed, settings, Sounds(settings.sound), options, hooks)
