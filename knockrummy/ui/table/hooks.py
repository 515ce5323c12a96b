"""What the screen that opens a table gives it, in one frozen value at construction: where
leaving leads, how a hand is replayed, where a changed setting is kept, the session's
number, the rule tips, and a screen's own words over the table. The table never has a
hook attached afterwards, so everything it needs is there from its first update. What
holds the game (saving each action, a lesson's rule over the engine's) is the source's
(:mod:`...play.local`), not the table's.

Glossary:
    hooks      :class:`TableHooks`; a hook left ``None`` is a thing this table does not do
               (an unsaved game has no session number, a lesson no replay).
    screen's   a lesson's own words over the table: ``offered`` says which draws the
               piles' glow offers; ``status`` is the status line's own words;
               ``panel_size`` is the room the hand-end panel takes (the rest is the
               screen's).
    game over  an online table's own part of the game-over panel (:class:`OverPanel`):
               the rematch offered or accepted there, and who has accepted it; asked at
               each update, and the panel is made again when it changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from ...engine.actions import Action
from ...settings import Settings

SAVE_FAILED_SECONDS = 12.0
"""How long the status line shows that a save failed."""


@dataclass(frozen=True)
class OverChoice:
    """A button a screen adds to the game-over panel, before its Close."""

    label: str
    key: int
    press: Callable[[], None] = field(compare=False)


@dataclass(frozen=True)
class OverPanel:
    """A screen's own part of the game-over panel now (see the glossary)."""

    choices: tuple[OverChoice, ...] = ()
    notes: tuple[str, ...] = ()
    """Whole sentences, shown above the buttons and said as they change."""


@dataclass(frozen=True)
class TableHooks:
    """Everything a table is told by whoever opens it (see the module's glossary)."""

    on_leave: Callable[[], None] | None = None
    """Where the Menu button leads; None closes the window."""
    on_replay: Callable[[int], None] | None = None
    """Open hand N in the replay viewer (the hand-end panel's Replay hand); None: no such
    button."""
    on_settings: Callable[[Settings], None] | None = None
    """Where a setting changed at the table (F, M, the sort order) is kept."""
    session_id: int | None = None
    """The saved session's number (None: not saved)."""
    tips: object | None = None
    """Rule tips (:class:`~..rule_tips.TableTips`): told what each action showed the
    viewer, drawn over the table; None shows none."""
    offered: Callable[[Action], bool] | None = None
    """Whether the piles glow for this draw (None: for every legal one)."""
    status: Callable[[], str | None] | None = None
    """The status line's own words now (None: the table's), unless a notice shows."""
    lesson: Callable[[], object] | None = None
    """A lesson's words now (:class:`~.lesson_box.LessonWords`, None once it is over):
    the table lays them out beside the piles and the painter draws them."""
    on_next: Callable[[], None] | None = None
    """The lesson's Next button."""
    panel_size: Callable[[tuple[int, int]], tuple[int, int]] | None = None
    """The room the hand-end panel takes in a window of this size (None: all of it)."""
    on_key: Callable[[pygame.event.Event], bool] | None = None
    """A screen's own keys over the table (an online table's chat): given each key and
    typed text first; True when it took it."""
    keys_help: Callable[[], list[str]] | None = None
    """Those keys in words, one sentence each, said by F1 after the table's own."""
    game_over: Callable[[], OverPanel] | None = None
    """A screen's own part of the game-over panel now (see the glossary)."""
    on_update: Callable[[], None] | None = None
    """Called after each update (an online table opens the next session's table when it
    is dealt)."""
