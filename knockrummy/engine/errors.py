"""Exceptions the engine raises for refused input."""

from __future__ import annotations

from .actions import describe


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message names the rule.

    The state the action was applied to is never changed.
    """

    def __init__(self, action: object, rule: str) -> None:
        super().__init__(f"{describe(action)} is not allowed: {rule}")
        self.action = action
        """The refused action."""
        self.rule = rule
        """The rule that forbids it, in words a player can read."""
