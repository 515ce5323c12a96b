"""What the screen that opens a table gives it, in one frozen value at construction: where
each action is saved, where leaving leads, how a hand is replayed, where a changed setting
is kept, the session's number and deal code, and the rule tips. The table never has a hook
attached afterwards, so everything it needs is there from its first update.

Glossary:
    hooks      :class:`TableHooks`; a hook left ``None`` is a thing this table does not do
               (an unsaved game has no session number, a lesson no replay).
    recorder   the ``on_action`` hook: told each action applied, with the states before
               and after; a text it returns is a save that failed, shown on the status line.
    house rule a screen's own rule on top of the engine's (a lesson's step): ``refuse``
               names why an action may not be made now; ``offered`` says which draws the
               piles' glow offers; ``status`` is the status line's own words; ``panel_size``
               is the room the hand-end panel takes (the rest is the screen's).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine.actions import Action
from ...engine.refusals import Refusal
from ...engine.session import SessionState
from ...settings import Settings

SAVE_FAILED_SECONDS = 12.0
"""How long the status line shows that a save failed."""


@dataclass(frozen=True)
class TableHooks:
    """Everything a table is told by whoever opens it (see the module's glossary)."""

    on_action: Callable[[SessionState, SessionState, Action, int | None], str | None] | None = None
    """The recorder: each action applied, before and after; returns a failed save's text."""
    on_leave: Callable[[SessionState], None] | None = None
    """Where the Menu button leads, given the session as left; None closes the window."""
    on_replay: Callable[[int], None] | None = None
    """Open hand N in the replay viewer (the hand-end panel's Replay hand); None: no such
    button."""
    on_settings: Callable[[Settings], None] | None = None
    """Where a setting changed at the table (F, M, the sort order) is kept."""
    session_id: int | None = None
    """The saved session's number (None: not saved)."""
    deal_code: str | None = None
    """The session's deal code, shown with the seed once a hand is over."""
    tips: object | None = None
    """Rule tips (:class:`~..rule_tips.TableTips`): told what each action showed the
    viewer, drawn over the table; None shows none."""
    refuse: Callable[[Action, int | None], Refusal | None] | None = None
    """Why an action may not be made now by the screen's own rule (a ``script-*``
    refusal), or None (see the glossary's house rule); the engine still checks every
    action."""
    offered: Callable[[Action], bool] | None = None
    """Whether the piles glow for this draw (None: for every legal one)."""
    status: Callable[[], str | None] | None = None
    """The status line's own words now (None: the table's), unless a notice shows."""
    panel_size: Callable[[tuple[int, int]], tuple[int, int]] | None = None
    """The room the hand-end panel takes in a window of this size (None: all of it)."""
