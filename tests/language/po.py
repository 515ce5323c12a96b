"""A reader of the catalogues' .po files, enough for the checks (the tests need no Babel):
each entry's context, English, translations, flags and translator comments."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
LOCALE = ROOT / "knockrummy" / "locale"


@dataclass
class Entry:
    msgid: str = ""
    plural: str | None = None
    context: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    """The translation (0), or each plural form by its index."""
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file, the header (empty msgid) first."""
    entries: list[Entry] = []
    entry = Entry()
    last: tuple[str, int] | None = None
    started = False

    def finish() -> None:
        nonlocal entry, started
        if started:
            entries.append(entry)
        entry, started = Entry(), False

    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line:
            finish()
            last = None
            continue
        if line.startswith("#,"):
            entry.flags |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#."):
            entry.comments.append(line[2:].strip())
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            text = ast.literal_eval(line)
            kind, index = last
            if kind == "msgid":
                entry.msgid += text
            elif kind == "msgid_plural":
                entry.plural += text
            elif kind == "msgctxt":
                entry.context += text
            else:
                entry.strings[index] += text
        else:
            word, _, rest = line.partition(" ")
            text = ast.literal_eval(rest)
            started = True
            if word == "msgctxt":
                entry.context, last = text, ("msgctxt", 0)
            elif word == "msgid":
                entry.msgid, last = text, ("msgid", 0)
            elif word == "msgid_plural":
                entry.plural, last = text, ("msgid_plural", 0)
            elif word == "msgstr":
                entry.strings[0], last = text, ("msgstr", 0)
            elif word.startswith("msgstr["):
                index = int(word[7:-1])
                entry.strings[index], last = text, ("msgstr", index)
            else:
                raise ValueError(f"{path}: cannot read {line!r}")
    finish()
    return entries


def catalogue_path(code: str, suffix: str = "po") -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"knockrummy.{suffix}"
