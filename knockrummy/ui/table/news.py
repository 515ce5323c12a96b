"""What the table shows happening, told to its listeners: its own reactions (the words on
the status line, the animations, the celebrations, the rule tips) and anyone else who
listens (a demo that saves a picture, a screen reader's announcer), each the same way.

Glossary:
    shown      :class:`Shown`: an update of the seat on screen as the table takes it in,
               the view before and after it, and the events in it as that seat saw them.
    panel      :class:`~.frame.PanelShown`: a hand-end panel has finished opening.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.session import Event
from ...engine.views import PlayerView
from ...play.stream import Moved, Refused, Trouble, Update


@dataclass(frozen=True)
class Shown:
    """An update of the seat on screen, as the table takes it in."""

    update: Update
    before: PlayerView
    """The view the table showed before it."""
    view: PlayerView
    """The view it shows now (names as the table says them: see :func:`..wording.addressed`)."""

    @property
    def moves(self) -> list[Moved]:
        return [news for news in self.update.news if isinstance(news, Moved)]

    @property
    def events(self) -> list[Event]:
        """Every event of the update's moves, in order, as the seat saw them."""
        return [event for moved in self.moves for event in moved.events]

    @property
    def refusals(self) -> list[Refused]:
        return [news for news in self.update.news if isinstance(news, Refused)]

    @property
    def troubles(self) -> list[Trouble]:
        return [news for news in self.update.news if isinstance(news, Trouble)]
