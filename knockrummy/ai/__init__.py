"""Computer players: one module per level, and a registry the setup screen reads.

Glossary:
    level   ``easy``, ``medium``, ``hard`` or ``expert``: a bot class with ``name`` and
            ``description``. New game offers the first three (``OFFERED``).
    spec    ``package.module:ClassName`` naming any class whose instances answer
            ``choose(view) -> action``; it is constructed as ``ClassName(seed=...)``.
            Only the command lines of ``sim`` and ``bench`` load specs
            (:func:`load_external_bot`): a level read from a save, an import or settings
            goes through :func:`make_bot`, which knows the built-in levels and nothing else,
            so no file can name code for the game to import.

Every bot sees only its seat's :class:`~knockrummy.engine.views.PlayerView` and draws all
its randomness from the seed it is given, so a seed and the views replay its decisions.
"""

from __future__ import annotations

import importlib
from typing import Any

from .easy import EasyBot
from .expert import ExpertBot
from .hard import HardBot
from .medium import MediumBot

LEVELS: dict[str, type] = {
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}
"""The built-in levels by name, weakest first: every one a save, a deal code, the
settings or the command line may name."""

OFFERED = ("easy", "medium", "hard")
"""The levels New game offers. ``expert`` is a research level: measured, it is not
stronger than hard (``docs/strength.md``, *Expert: stronger, or not offered*), so it is
not offered, but a save, a deal code or a remembered seat naming it still loads and plays,
and the command line and the benches seat it."""


class UnknownBotError(ValueError):
    """A level or spec names no bot the game can build."""


def make_bot(level: str, seed: int) -> Any:
    """A bot of one of the built-in ``LEVELS``; anything else raises UnknownBotError
    (nothing is imported)."""
    if isinstance(level, str) and level in LEVELS:
        return LEVELS[level](seed=seed)
    raise UnknownBotError(f"unknown level {level!r}: use one of {', '.join(LEVELS)}")


def load_external_bot(spec: str, seed: int) -> Any:
    """A bot named on the command line of ``sim`` or ``bench``: a built-in level, or an
    external ``package.module:ClassName`` that is imported. Never call it with a value read
    from a file."""
    if spec in LEVELS:
        return make_bot(spec, seed)
    module_name, colon, class_name = spec.partition(":")
    if not colon or not module_name or not class_name:
        known = ", ".join(LEVELS)
        raise UnknownBotError(
            f"unknown bot {spec!r}: use one of {known} or package.module:ClassName"
        )
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UnknownBotError(f"cannot import {module_name!r} for bot {spec!r}: {exc}") from exc
    cls = getattr(module, class_name, None)
    if cls is None:
        raise UnknownBotError(f"{module_name!r} has no class {class_name!r}")
    bot = cls(seed=seed)
    if not callable(getattr(bot, "choose", None)):
        raise UnknownBotError(f"{spec!r} has no choose(view) method")
    return bot


__all__ = [
    "LEVELS",
    "OFFERED",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "MediumBot",
    "UnknownBotError",
    "load_external_bot",
    "make_bot",
]
