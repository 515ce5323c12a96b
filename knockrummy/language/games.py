"""The games' and levels' names in the player's language, looked up by id.

The ids (``knock-rami``, ``hard``) stay as they are in files and on the command line;
only what a player reads is translated, with the names each tradition uses (see
``docs/glossary.fr.md`` and ``docs/glossary.es.md``): French says "Gin rami", and
Grenoble's game is "Rami à frapper de Grenoble"; a name with no tradition in a language
(Poker Rum) stays as it is.
"""

from __future__ import annotations

from ..engine.profiles import PROFILES
from . import N_, _

SHORT_NAMES = {
    "poker-rum": N_("Poker Rum"),
    "knock-rummy": N_("Knock Rummy"),
    "gin-rummy": N_("Gin Rummy"),
    "gin-classic": N_("Gin Rummy, classic"),
    "knock-rami": N_("Grenoble Knock Rami"),
}
"""Each game's name on buttons and in lines (``Profile.short_name`` in English)."""
FULL_NAMES = {
    "poker-rum": N_("Poker Rum (point ledger)"),
    "knock-rummy": N_("Knock Rummy (lay-offs, to 100)"),
    "gin-rummy": N_("Gin Rummy (box bonus)"),
    "gin-classic": N_("Gin Rummy, classic (upcard offer, shutout)"),
    "knock-rami": N_("Grenoble Knock Rami (jokers, pot)"),
}
"""Each game's name with what sets it apart (``Profile.name`` in English)."""
LEVEL_NAMES = {
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}
"""The computer levels as a player reads them."""


def short_name(profile_id: str) -> str:
    """``Gin rami`` for ``gin-rummy`` in French; a profile this version does not know
    keeps its id."""
    if profile_id not in SHORT_NAMES:
        return PROFILES[profile_id].short_name if profile_id in PROFILES else profile_id
    return _(SHORT_NAMES[profile_id])


def full_name(profile_id: str) -> str:
    """A game's name with what sets it apart, in the player's language."""
    if profile_id not in FULL_NAMES:
        return PROFILES[profile_id].name if profile_id in PROFILES else profile_id
    return _(FULL_NAMES[profile_id])


def level_name(level: str) -> str:
    """``Hard`` / ``Difficile`` / ``Difícil`` for ``hard``."""
    if level not in LEVEL_NAMES:
        return level.capitalize()
    return _(LEVEL_NAMES[level])
