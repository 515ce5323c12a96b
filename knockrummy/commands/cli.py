"""The command line's shared parts: subcommands from a table, and checked argument types.

Glossary:
    command   a row of a table: its name, the module that runs it and a one-line summary.
              The module is imported only when its command is named, so ``knockrummy
              --help`` or the game's window never load a benchmark.
    runner    a command module's pair ``add_arguments(parser)`` and ``run(args) -> int``;
              a command with a ``table`` (``bench``) has commands of its own instead.
    refusal   a bad value is refused by argparse (usage line, message, exit 2) before
              anything runs or is written; no argument ever ends in a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

MAX_SEED = 2**63 - 1
"""Seeds are stored in SQLite's signed 64-bit integers: 0 to 2**63 - 1."""

SIMPLE = "simple"
"""The simulator's baseline bot, accepted by ``sim`` and the benches beside the levels."""

EXTERNAL_SPEC = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*", re.ASCII)
"""``package.module:ClassName``: an external bot, accepted only by ``sim`` and the benches."""


@dataclass(frozen=True)
class Command:
    """One row of a command table."""

    name: str
    """What is typed: ``knockrummy NAME``."""
    module: str
    """The module that runs it, imported only when the command is named."""
    summary: str
    """The line ``--help`` shows beside the name."""
    table: str | None = None
    """For a command with commands of its own (``bench``): the module's table of them."""


def add_commands(
    parser: argparse.ArgumentParser,
    commands: Sequence[Command],
    argv: Sequence[str],
    dest: str,
) -> None:
    """Give ``parser`` one subcommand per row of ``commands``; only the one ``argv`` names
    (its first word) is imported and given its options, so the others cost nothing."""
    sub = parser.add_subparsers(dest=dest, metavar="COMMAND", title="commands", required=True)
    chosen = argv[0] if argv else None
    for command in commands:
        child = sub.add_parser(command.name, help=command.summary, description=command.summary)
        if command.name != chosen:
            continue
        module = importlib.import_module(command.module)
        if command.table is not None:
            table = getattr(module, command.table)
            add_commands(child, table, argv[1:], f"{dest}_{command.name}")
        else:
            module.add_arguments(child)
            child.set_defaults(run=module.run, parser=child)


# --- checked argument types: each raises ArgumentTypeError with a sentence ---------------


def seed(text: str) -> int:
    """A deal seed: a whole number from 0 to 2**63 - 1."""
    value = _whole(text)
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_SEED}")
    return value


def count(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high`` (games, deals, hands, frames...)."""

    def parse(text: str) -> int:
        value = _whole(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"give a whole number from {low} to {high:,}")
        return value

    parse.__name__ = "count"  # argparse names the type in "invalid count value"
    return parse


def seconds(high: float) -> Callable[[str], float]:
    """A duration above 0 and at most ``high`` seconds."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not (0 < value <= high and math.isfinite(value)):
            raise argparse.ArgumentTypeError(f"give a number of seconds above 0, at most {high:g}")
        return value

    parse.__name__ = "seconds"
    return parse


def window_size(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` within the sizes the settings allow."""
    from ..settings import Settings, SettingsError

    width, x, height = text.strip().lower().partition("x")
    try:
        size = (int(width), int(height))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800") from None
    if not x:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800")
    try:
        Settings(window_size=size)
    except SettingsError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return size


def data_dir(text: str) -> str:
    """A folder for saved games and settings: one that exists, or that can be made."""
    path = _usable_path(text, "a folder")
    try:
        if path.exists() and not path.is_dir():
            raise argparse.ArgumentTypeError(f"{text!r} is a file, not a folder")
        _creatable(path, text)
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{text!r} cannot be used: {exc.strerror}") from None
    return text


def output_file(text: str) -> str:
    """A file to write (a screenshot): not a folder, in a folder that exists or can be made."""
    path = _usable_path(text, "a file")
    try:
        if path.is_dir():
            raise argparse.ArgumentTypeError(f"{text!r} is a folder; name a file in it")
        if path.exists() and not os.access(path, os.W_OK):
            raise argparse.ArgumentTypeError(f"{text!r} cannot be written")
        _creatable(path.parent, text)
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{text!r} cannot be used: {exc.strerror}") from None
    return text


def level(text: str) -> str:
    """A built-in computer level (what a saved game may hold)."""
    from ..ai import LEVELS

    if text not in LEVELS:
        raise argparse.ArgumentTypeError(f"unknown level {text!r}: choose from {', '.join(LEVELS)}")
    return text


def deal_code(text: str):
    """A deal code (:func:`~knockrummy.records.deal_codes.decode`): the deal it names."""
    from ..records.deal_codes import DealCodeError, decode

    try:
        return decode(text)
    except DealCodeError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def level_list(text: str) -> list[str]:
    """A comma-separated list of built-in levels, one per seat (``hard,easy``)."""
    return [level(name.strip()) for name in text.split(",")]


def bot_spec(own: Callable[[str], bool] | None = None) -> Callable[[str], str]:
    """One bot for ``sim`` and the benches: a built-in level, ``simple`` or
    ``package.module:ClassName``, or a name ``own`` accepts (a bench's own levels).
    Whether an external class imports is checked when the bot is made."""
    from ..ai import LEVELS

    known = [*LEVELS, SIMPLE]

    def parse(text: str) -> str:
        name = text.strip()
        if name in known or EXTERNAL_SPEC.fullmatch(name) or (own and own(name)):
            return name
        raise argparse.ArgumentTypeError(
            f"unknown bot {name[:60]!r}: use one of {', '.join(known)} or package.module:ClassName"
        )

    parse.__name__ = "bot"
    return parse


def bot_specs(own: Callable[[str], bool] | None = None) -> Callable[[str], list[str]]:
    """A comma-separated list of bots, each as :func:`bot_spec` accepts."""
    one = bot_spec(own)

    def parse(text: str) -> list[str]:
        return [one(name) for name in text.split(",")]

    parse.__name__ = "bot list"
    return parse


def refuse_unmakeable(parser: argparse.ArgumentParser, make: Callable[[], object]) -> None:
    """Make a run's bots once before it starts, so a spec that cannot be made (unknown,
    not importable, or a class that fails) is refused with a usage error, not a
    traceback part-way through the run."""
    try:
        make()
    except ValueError as exc:
        parser.error(str(exc))
    except Exception as exc:  # an external class runs code that is not the game's
        parser.error(f"cannot make the bots: {exc!r}")


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None


def _usable_path(text: str, what: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError(f"an empty name is not {what}")
    if "\0" in text:
        raise argparse.ArgumentTypeError(f"a name with a NUL character is not {what}")
    try:
        os.fsencode(text)
    except UnicodeError:
        raise argparse.ArgumentTypeError(f"{text!r} cannot be a name on this system") from None
    try:
        return Path(text).expanduser()
    except RuntimeError:  # ~name of a user this system does not know
        raise argparse.ArgumentTypeError(f"{text!r} names an unknown home folder") from None


def _creatable(folder: Path, text: str) -> None:
    """Refuse a folder that cannot come to exist: the nearest existing one above it is a
    file, or cannot be written to make it."""
    folder = folder.absolute()
    ancestor = folder
    while not ancestor.exists():
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} cannot be made: {ancestor} is a file")
    if ancestor != folder and not os.access(ancestor, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"{text!r} cannot be made: {ancestor} is read-only")
