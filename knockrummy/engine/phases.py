"""The phases of a hand and of a session, as enums whose values are the words saves,
views and the window use (``"draw"``, ``"hand-over"``...); their base, ``WordEnum``,
serves every enum of words in the engine.

Glossary:
    hand phase     where a hand stands: ``offer``, ``draw``, ``discard``, ``over``.
    session phase  where a session stands: ``playing``, ``hand-over``, ``buy-back``, ``over``.
    hand result    how a finished hand went: ``knock``, ``undercut``, ``gin``, ``rum``,
                   ``exhausted``.

Members are strings: ``HandPhase.DRAW == "draw"``, and ``str()`` and f-strings give the
word (``StrEnum``).
"""

from __future__ import annotations

from enum import StrEnum


class WordEnum(StrEnum):
    """An enum whose members are their words: phases here, a profile's kinds in
    :mod:`.profiles`."""


class HandPhase(WordEnum):
    """Where a hand stands; the value is the word views and saves use."""

    OFFER = "offer"
    """``gin-classic``: the first upcard is offered (take it or pass)."""
    DRAW = "draw"
    """The player to move draws from the stock or takes the top discard."""
    DISCARD = "discard"
    """The player to move has drawn and discards (face up, or face down to knock)."""
    OVER = "over"
    """The hand has ended by a knock or by the stock running out."""


class SessionPhase(WordEnum):
    """Where a session stands; the value is the word views, saves and the window use."""

    PLAYING = "playing"
    """A hand is under way."""
    HAND_OVER = "hand-over"
    """The last hand is settled; ``NextHand`` deals the next."""
    BUY_BACK = "buy-back"
    """``knock-rami``: an eliminated player answers the buy-back offer."""
    OVER = "over"
    """The session has ended."""


class HandResult(WordEnum):
    """How a hand ended, as its settlement says; the value is the word saves use."""

    KNOCK = "knock"
    """A knock the knocker won (or shared)."""
    UNDERCUT = "undercut"
    """A knock another player matched or beat."""
    GIN = "gin"
    """A knock at no deadwood where that is gin (the gin profiles and ``knock-rummy``)."""
    RUM = "rum"
    """A knock at no deadwood in ``poker-rum``."""
    EXHAUSTED = "exhausted"
    """The stock ran out: nobody knocked."""

    @property
    def going_out(self) -> bool:
        """A knock at no deadwood: gin or rum."""
        return self in (HandResult.GIN, HandResult.RUM)
