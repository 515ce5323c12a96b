"""Exceptions the engine raises for refused input."""

from __future__ import annotations

from .actions import describe
from .refusals import Refusal


class IllegalActionError(ValueError):
    """An action the rules do not allow now; it carries the :class:`Refusal` (a code and
    its values) and its message names the rule in English.

    The state the action was applied to is never changed.
    """

    def __init__(self, action: object, refusal: Refusal) -> None:
        if not isinstance(refusal, Refusal):
            raise TypeError(f"an IllegalActionError carries a Refusal, not {refusal!r}")
        super().__init__(f"{describe(action)} is not allowed: {refusal}")
        self.action = action
        """The refused action."""
        self.refusal = refusal
        """Why: the rule's code and values (worded by each screen in its language)."""

    @property
    def rule(self) -> Refusal:
        """The rule that forbids the action: the refusal, whose ``str()`` is the rule in
        English (for files, logs and the command line)."""
        return self.refusal
