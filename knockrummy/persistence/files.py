"""Files a person handles (settings, an exported session): JSON in an envelope, written
atomically, and never overwritten when they cannot be read.

Glossary:
    envelope   ``{"format", "schema", "app_version", "data"}``: what the file is, which
               layout its data has, which version of the game wrote it. Written by
               :func:`envelope`, read back only by :func:`.schema.envelope_data`.
    set aside  a file that is corrupt, or from a newer version, is renamed to
               ``NAME.unreadable-TIMESTAMP`` (never deleted, never overwritten) and the
               player is told where it is.
    low space  less free space on the disk than a long evening of play needs: the player
               is told at start, before a save fails.
    regular    only a regular file is ever read: a folder, a named pipe or a device is
               refused in plain words before it is opened (and again after, in case it was
               swapped), and it is opened without blocking, so nothing hangs on it.
    own file   a file in the game's own folders (the saves, the settings, the log). A
               link there is one the game did not make: it is never written through nor
               replaced; the file is reported and left as it is.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from .. import app_version
from ..language import N_
from ..language.message import Message


class FileFormatError(ValueError):
    """A file is not what it should be; the message says why in plain words.

    It carries its :class:`~knockrummy.language.message.Message`: ``str()`` is the
    English (what the log and a session's summary keep, the same in every language),
    ``message.shown()`` the player's language (what the window and the terminal show)."""

    def __init__(self, message: str | Message, /, **values) -> None:
        if not isinstance(message, Message):
            message = Message(message, **values)
        super().__init__(str(message))
        self.message = message


class NewerFileError(FileFormatError):
    """A file was written by a newer version of the game."""


class UnusableFileError(FileFormatError):
    """A file that cannot be used as it is (a link, a folder, a pipe, a device, a file
    that cannot be read here): reported and left as it is, never set aside."""


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def typed_path(text: str) -> Path:
    """The path a player typed (``~`` is their home), or UnusableFileError in plain
    words: an empty name, a NUL, an unknown ``~user``."""
    text = text.strip()
    if not text:
        raise UnusableFileError(N_("no file name was given"))
    if "\0" in text:
        raise UnusableFileError(N_("a file name cannot hold a NUL character"))
    try:
        os.fsencode(text)
        return Path(text).expanduser()
    except (RuntimeError, KeyError, UnicodeError, ValueError):
        # Translators: {name} is a file name a player typed.
        problem = N_("{name} names an unknown home folder")
        raise UnusableFileError(problem, name=repr(text[:60])) from None


def _kind(mode: int, name: str) -> Message:
    """What a file that is not a regular one is, in a sentence about it."""
    # Translators: {file} is a file's name; each of these sentences says what it is.
    if stat.S_ISDIR(mode):
        return Message(N_("{file} is a folder, not a file"), file=name)
    if stat.S_ISFIFO(mode):
        # Translators: {file} is a file's name.
        return Message(N_("{file} is a named pipe, not a file"), file=name)
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        # Translators: {file} is a file's name.
        return Message(N_("{file} is a device, not a file"), file=name)
    if stat.S_ISSOCK(mode):
        # Translators: {file} is a file's name.
        return Message(N_("{file} is a socket, not a file"), file=name)
    if stat.S_ISLNK(mode):
        # Translators: {file} is a file's name.
        return Message(N_("{file} is a link, not a file"), file=name)
    # Translators: {file} is a file's name.
    return Message(N_("{file} is not a regular file"), file=name)


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def check_own_file(path: Path) -> bool:
    """Whether the game's own file ``path`` exists; UnusableFileError if it is a link, a
    folder, a pipe or anything but a regular file (it is then left as it is)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    except (OSError, ValueError) as exc:
        # Translators: {file} is a file's name, {reason} what the system said.
        raise UnusableFileError(N_("{file} cannot be looked at ({reason})"), file=path.name,
                                reason=str(exc)) from None  # fmt: skip
    if stat.S_ISLNK(st.st_mode):
        # Translators: {file} is a file's name.
        problem = N_("{file} is a link, which Knock Rummy never writes through")
        raise UnusableFileError(problem, file=path.name)
    if not stat.S_ISREG(st.st_mode):
        raise UnusableFileError(_kind(st.st_mode, path.name))
    return True


def read_regular(path: Path, limit: int, follow: bool = True) -> bytes:
    """At most ``limit + 1`` bytes of the regular file at ``path`` (the caller refuses
    more). Anything else is refused with UnusableFileError before it is opened, and again
    after (it may have been swapped meanwhile); it is opened without blocking, so a named
    pipe never hangs the game. ``follow=False`` (the game's own files) refuses a link."""
    try:
        st = os.stat(path) if follow else os.lstat(path)
    except (OSError, ValueError) as exc:
        raise UnusableFileError(_unreadable(path, exc)) from None
    if not stat.S_ISREG(st.st_mode):
        if stat.S_ISLNK(st.st_mode):
            # Translators: {file} is a file's name.
            problem = N_("{file} is a link, which Knock Rummy does not follow")
            raise UnusableFileError(problem, file=path.name)
        raise UnusableFileError(_kind(st.st_mode, path.name))
    flags = os.O_RDONLY | _NONBLOCK | _BINARY | (0 if follow else _NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise UnusableFileError(_unreadable(path, exc)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnusableFileError(_kind(os.fstat(fd).st_mode, path.name))
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise UnusableFileError(_unreadable(path, exc)) from None
    finally:
        os.close(fd)


def _unreadable(path: Path, exc: BaseException) -> Message:
    if isinstance(exc, OSError):
        # Translators: {file} is a file's name, {reason} what the system said (its own
        # words, in the system's language).
        return Message(N_("{file} cannot be read ({reason})"), file=path.name, reason=_reason(exc))
    # Translators: {file} is a file's name.
    return Message(N_("{file} cannot be read (its name cannot be used here)"), file=path.name)


def own_folder(folder: Path) -> Path:
    """Make the game's folder ``folder`` if needed; OSError if it cannot be made, or if
    it is a link or a file (nothing is written through it then)."""
    folder.mkdir(parents=True, exist_ok=True)
    st = os.lstat(folder)
    if not stat.S_ISDIR(st.st_mode):
        if stat.S_ISLNK(st.st_mode):
            # Translators: {folder} is a folder's name.
            problem = Message(N_("{folder} is a link, not a folder"), folder=folder.name)
        else:
            # Translators: {folder} is a folder's name.
            problem = Message(N_("{folder} is not a folder"), folder=folder.name)
        refused = NotADirectoryError(str(problem))
        refused.message = problem  # shown in the player's language (see FileFormatError)
        raise refused
    return folder


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one,
    never half of either: a temporary file, flushed, fsynced, then renamed over. A link,
    a folder or a pipe at ``path`` is left as it is (UnusableFileError, an OSError too:
    nothing is written); so is a file that cannot be read here."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        check_own_file(path)
        if os.path.lexists(path):
            os.close(os.open(path, os.O_RDONLY | _NONBLOCK | _NOFOLLOW | _BINARY))
    except PermissionError:
        # Translators: {file} is a file's name.
        problem = N_("{file} cannot be read here, so it is not written over")
        raise _Refused(Message(problem, file=path.name)) from None
    except UnusableFileError as exc:
        raise _Refused(exc.message) from None
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


class _Refused(UnusableFileError, OSError):
    """A write refused before anything was written (see :func:`write_atomic`)."""

    def __init__(self, message: Message) -> None:
        OSError.__init__(self, str(message))
        self.strerror = str(message)
        self.message = message

    def __str__(self) -> str:
        return self.strerror


def envelope(kind: str, schema: int, data: Any) -> dict:
    return {"format": kind, "schema": schema, "app_version": app_version(), "data": data}


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


def low_space_notice(folder: Path, minimum: int = LOW_SPACE) -> Message | None:
    """A plain notice when the disk holding ``folder`` has less than ``minimum`` bytes
    free (None when there is room, or when the free space cannot be told)."""
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return None
    if free >= minimum:
        return None
    # Translators: a notice on the title screen; {megabytes} is a whole number.
    notice = N_(
        "Your disk is almost full ({megabytes} MB free): your games may stop being saved. "
        "Free some space to be safe."
    )
    return Message(notice, megabytes=round(free / 2**20))
