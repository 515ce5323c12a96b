"""What a table is fed by: one small interface over whatever holds the game.

The window (:mod:`..ui.table`) knows a source only through :class:`TableSource`: a seat's
latest update, the news as each seat watched here sees it, submitting an action for a
seat played here, and telling the source the window has shown everything so the next
seat not played here may move. :mod:`.local` holds a session on this machine,
:mod:`.loopback` passes the same through JSON messages.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..engine.actions import Action
from .seats import SeatPlace
from .stream import SeatListener, Update


class TableSource(Protocol):
    """What a table is fed by (see the module's glossary)."""

    places: tuple[SeatPlace, ...]
    """Every seat's name, kind and level."""
    here: tuple[int, ...]
    """The seats played at this screen."""

    def subscribe(self, seat: int | None, listener: SeatListener) -> Callable[[], None]:
        """Tell ``listener`` every update as ``seat`` sees it (None: a spectator)."""

    def latest(self, seat: int | None) -> Update:
        """The seat's view now, with no news."""

    def submit(self, action: Action, seat: int | None) -> None:
        """Take ``action`` for ``seat`` (None: deal on); the outcome comes as news."""

    def proceed(self) -> None:
        """The window has shown everything: the next seat not played here may move."""

    def pump(self) -> None:
        """Deliver what has arrived since (a computer's decision, a message)."""

    @property
    def thinking(self) -> bool:
        """A seat not played here is working out its move."""

    @property
    def ready(self) -> bool:
        """The seat to move is not played here and will move once asked to proceed."""

    def close(self) -> None:
        """Stop: work in flight is abandoned."""
