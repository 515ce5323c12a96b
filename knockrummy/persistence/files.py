"""Files a person handles (settings, an exported session): JSON in an envelope, written
atomically, and never overwritten when they cannot be read.

Glossary:
    envelope   ``{"format", "schema", "app_version", "data"}``: what the file is, which
               layout its data has, which version of the game wrote it.
    set aside  a file that is corrupt, or from a newer version, is renamed to
               ``NAME.unreadable-TIMESTAMP`` (never deleted, never overwritten) and the
               player is told where it is.
    low space  less free space on the disk than a long evening of play needs: the player
               is told at start, before a save fails.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from .. import app_version


class FileFormatError(ValueError):
    """A file is not what it should be; the message says why in plain words."""


class NewerFileError(FileFormatError):
    """A file was written by a newer version of the game."""


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one,
    never half of either: a temporary file, flushed, fsynced, then renamed over."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise


def envelope(kind: str, schema: int, data: Any) -> dict:
    return {"format": kind, "schema": schema, "app_version": app_version(), "data": data}


def read_envelope(path: Path, kind: str, schema: int) -> Any:
    """The data of an envelope file of ``kind``; FileFormatError (or NewerFileError)
    explains what is wrong."""
    try:
        raw = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise FileFormatError(f"{path.name} is not a text file") from exc
    return parse_envelope(raw, kind, schema, path.name)


def parse_envelope(raw: str, kind: str, schema: int, name: str = "the file") -> Any:
    try:
        doc = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise FileFormatError(f"{name} is damaged (not valid JSON: {exc.msg})") from exc
    if not isinstance(doc, dict) or doc.get("format") != kind:
        raise FileFormatError(f"{name} is not a Knock Rummy {kind.split('-')[-1]} file")
    found = doc.get("schema")
    if not isinstance(found, int):
        raise FileFormatError(f"{name} has no schema version")
    if found > schema:
        raise NewerFileError(
            f"{name} was written by a newer version of Knock Rummy "
            f"({doc.get('app_version', 'unknown')})"
        )
    if "data" not in doc:
        raise FileFormatError(f"{name} holds no data")
    return doc["data"]


def set_aside(path: Path) -> Path:
    """Rename an unreadable file out of the way (keeping it) and return its new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.unreadable-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.unreadable-{stamp}-{n}")
    os.replace(path, target)
    return target


LOW_SPACE = 50 * 2**20
"""Bytes of free space under which the player is warned at start."""


def low_space_notice(folder: Path, minimum: int = LOW_SPACE) -> str | None:
    """A plain notice when the disk holding ``folder`` has less than ``minimum`` bytes
    free (None when there is room, or when the free space cannot be told)."""
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return None
    if free >= minimum:
        return None
    return (
        f"Your disk is almost full ({free / 2**20:.0f} MB free): your games may stop being "
        "saved. Free some space to be safe."
    )
