"""The words the window uses for the game's results and profiles, written once.

Glossary:
    result word   how a hand ended, as the hand-end panel says it (``Knock``, ``Gin``...).
    going-out     the name of ending a hand: ``Gin`` at no deadwood in the gin profiles,
                  ``Rum`` at no deadwood in ``poker-rum``, otherwise ``Knock``.
    short name    a profile's name without its parenthesised details (``Gin Rummy``).
"""

from __future__ import annotations

from ..engine.profiles import PROFILES, Profile

RESULT_WORDS = {
    "knock": "Knock",
    "undercut": "Undercut",
    "gin": "Gin",
    "rum": "Rum",
    "exhausted": "Stock exhausted",
}
"""How each settlement result reads."""


def going_out_word(profile: Profile, deadwood: int) -> str:
    """``Gin``, ``Rum`` or ``Knock``: what ending the hand at ``deadwood`` is called."""
    if deadwood == 0:
        if profile.is_gin:
            return "Gin"
        if profile.id == "poker-rum":
            return "Rum"
    return "Knock"


def short_name(profile_id: str) -> str:
    """``Knock Rummy`` for ``knock-rummy`` (a profile this version does not know: its id)."""
    return PROFILES[profile_id].name.split(" (")[0] if profile_id in PROFILES else profile_id
