"""Computer players: one module per level, and a registry the setup screen reads.

Glossary:
    level   ``easy``, ``medium`` or ``hard``: a bot class with ``name`` and ``description``.
    spec    a level name, or ``package.module:ClassName`` naming any class whose instances
            answer ``choose(view) -> action``; it is constructed as ``ClassName(seed=...)``.

Every bot sees only its seat's :class:`~knockrummy.engine.views.PlayerView` and draws all
its randomness from the seed it is given, so a seed and the views replay its decisions.
"""

from __future__ import annotations

import importlib
from typing import Any

from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot

LEVELS: dict[str, type] = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
"""The built-in levels by name, weakest first."""


class UnknownBotError(ValueError):
    """A bot spec names no level and no importable class."""


def make_bot(level_or_spec: str, seed: int) -> Any:
    """A bot for a level name or an external ``package.module:ClassName`` spec."""
    if level_or_spec in LEVELS:
        return LEVELS[level_or_spec](seed=seed)
    module_name, colon, class_name = level_or_spec.partition(":")
    if not colon or not module_name or not class_name:
        known = ", ".join(LEVELS)
        raise UnknownBotError(
            f"unknown bot {level_or_spec!r}: use one of {known} or package.module:ClassName"
        )
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UnknownBotError(
            f"cannot import {module_name!r} for bot {level_or_spec!r}: {exc}"
        ) from exc
    cls = getattr(module, class_name, None)
    if cls is None:
        raise UnknownBotError(f"{module_name!r} has no class {class_name!r}")
    bot = cls(seed=seed)
    if not callable(getattr(bot, "choose", None)):
        raise UnknownBotError(f"{level_or_spec!r} has no choose(view) method")
    return bot


__all__ = ["LEVELS", "EasyBot", "HardBot", "MediumBot", "UnknownBotError", "make_bot"]
