"""What every command prints goes through here, so any console can show it and a closed
pipe ends the command quietly.

Glossary:
    console text  what a command writes to standard output or standard error. It is written
                  through :class:`ConsoleStream`, which (1) drops control and format
                  characters (a terminal's escape sequences, bidi overrides) from anything
                  written, keeping only the line breaks and tabs the command's own layout
                  uses, so nothing read from a file can drive the terminal; and (2) writes
                  what the stream cannot encode in plain letters: a suit as its letter
                  (``7♥`` becomes ``7H``), a few marks as ASCII, anything else as ``?``.
    closed pipe   the reader went away (``knockrummy sim | head``): the command stops,
                  prints nothing more and exits 0, as Unix tools do.
"""

from __future__ import annotations

import codecs
import os
import sys
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager

PLAIN_LETTERS = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "…": "...",
    "·": "-",
    "–": "-",
    "—": "-",
    "×": "x",
    "−": "-",
    "→": "->",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
}
"""What an unencodable character is written as (anything else: ``?``)."""

KEPT_CONTROLS = frozenset("\n\t\r")
"""The control characters a command's own layout uses (``\\r`` ends CSV rows)."""


def plain_text(text: str, keep: frozenset[str] = frozenset()) -> str:
    """``text`` without control or format characters (terminal escape sequences, bidi
    overrides, lone surrogates), but for those in ``keep``."""
    if text.isprintable():
        return text
    return "".join(
        ch for ch in text if ch in keep or unicodedata.category(ch) not in ("Cc", "Cf", "Cs")
    )


def encodable(text: str, encoding: str | None) -> str:
    """``text`` as a stream of ``encoding`` can write it: each character it cannot encode
    replaced by its plain letters (``PLAIN_LETTERS``) or ``?``."""
    try:
        text.encode(encoding or "utf-8")
        return text
    except (UnicodeEncodeError, LookupError):
        pass
    try:
        codec = codecs.lookup(encoding or "utf-8").name
    except LookupError:
        codec = "ascii"
    out = []
    for ch in text:
        try:
            ch.encode(codec)
            out.append(ch)
        except UnicodeEncodeError:
            out.append(PLAIN_LETTERS.get(ch, "?"))
    return "".join(out)


class ConsoleStream:
    """A text stream that writes console text (see the module glossary) to ``stream``;
    everything else (``encoding``, ``buffer``, ``isatty``...) is the stream's own."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(
            encodable(plain_text(text, KEPT_CONTROLS), getattr(self._stream, "encoding", None))
        )
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self._stream.flush()

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


@contextmanager
def console_text() -> Iterator[None]:
    """Standard output and error write console text while the block runs."""
    saved = sys.stdout, sys.stderr
    sys.stdout = ConsoleStream(sys.stdout) if sys.stdout is not None else None
    sys.stderr = ConsoleStream(sys.stderr) if sys.stderr is not None else None
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def run_command(run: Callable[[], int]) -> int:
    """Run a command with console text; a closed pipe ends it quietly with status 0."""
    try:
        with console_text():
            status = run()
            if sys.stdout is not None:
                sys.stdout.flush()  # a closed pipe shows here, not at exit
        return status
    except BrokenPipeError:
        _quiet_stdout()
        return 0


def _quiet_stdout() -> None:
    """Point standard output at nowhere, so the flush at exit does not fail again on the
    closed pipe and print a warning."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)
