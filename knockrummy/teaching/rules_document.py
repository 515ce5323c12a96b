"""The players' rules document, ``RULES.md``, written from the sections the in-game rules
page shows, so the two cannot drift apart.

Glossary:
    document  the Markdown file at the repository root: the common rules once, then each
              profile's own rules and house rules, every section from
              :mod:`knockrummy.teaching.rules_text`.

The same document is written in every language the game speaks (``RULES.fr.md``,
``RULES.es.md``), from the same sections through the catalogue. Write them again after
changing a profile, the words of the rules or a catalogue (a test fails until the committed
files match)::

    python -m knockrummy.teaching.rules_document RULES.md
    python -m knockrummy.teaching.rules_document --language fr RULES.fr.md
    python -m knockrummy.teaching.rules_document --language es RULES.es.md
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .. import language
from ..engine.profiles import PROFILES
from ..language import _, cards, games
from .rules_examples import in_words
from .rules_text import EXAMPLE, Section, cards_dealt, common_sections, own_sections

COMMAND = "python -m knockrummy.teaching.rules_document RULES.md"
"""The command that writes the document, run from the repository root."""


def document_name(code: str) -> str:
    """``RULES.md`` for English, ``RULES.fr.md`` for French."""
    return "RULES.md" if code == language.SOURCE else f"RULES.{code}.md"


def command(code: str) -> str:
    """The command that writes the document in ``code``, run from the repository root."""
    if code == language.SOURCE:
        return COMMAND
    return f"python -m knockrummy.teaching.rules_document --language {code} {document_name(code)}"


def markdown_section(section: Section, level: int = 3) -> str:
    """One section as Markdown: its heading, its paragraphs, its list items as a list."""
    heading, text = section
    blocks: list[str] = []
    items: list[str] = []
    for paragraph in text.split("\n"):
        if paragraph.startswith("• "):
            items.append(f"- {paragraph[2:]}")
            continue
        if items:
            blocks.append("\n".join(items))
            items = []
        label = _(EXAMPLE)
        if paragraph.startswith(f"{label} "):
            paragraph = f"*{label}* {paragraph[len(label) + 1 :]}"
        blocks.append(paragraph)
    if items:
        blocks.append("\n".join(items))
    return "\n\n".join([f"{'#' * level} {heading}", *blocks])


def _profile_table() -> str:
    # Translators: the headings of a Markdown table's columns; keep the "|" marks.
    rows = [
        _("| Profile | Id | Players | Cards dealt |"),
        "|---|---|---|---|",
    ]
    for p in PROFILES.values():
        players = (
            str(p.min_players)
            if p.min_players == p.max_players
            else _("{low} to {high}").format(low=p.min_players, high=p.max_players)
        )
        rows.append(f"| {games.full_name(p.id)} | `{p.id}` | {players} | {cards_dealt(p)} |")
    return "\n".join(rows)


def rules_document(code: str = language.SOURCE) -> str:
    """The whole of ``RULES.md``, or of its translation into ``code`` (``RULES.fr.md``),
    its cards printed with the letters of that language's decks (``D♥`` in French)."""
    with language.speaking(code), cards.lettering("language"):
        return _document(code)


def _document(code: str) -> str:
    parts = [
        _("# Knock Rummy: the rules"),
        # Translators: {count} is a number in words ("five").
        _(
            "Knock Rummy plays {count} rule profiles, from the first deal to "
            "the end of the session. This document gives the rules they all share, then each "
            "profile's own rules, with its house rules: the points its source leaves open, "
            "settled by the game. The Rules page in the game shows the same text, profile by "
            "profile."
        ).format(count=in_words(len(PROFILES))),
        # Translators: {command} is the command that writes this file again.
        "*"
        # Translators: RULES.md; {command} is a command line, {id} a game's id, kept as they are.
        + _(
            "This file is written from the game's rule profiles "
            "(`knockrummy/engine/profiles.py`) and the words of the rules "
            "(`knockrummy/teaching/rules_text.py`): change those, then run `{command}`."
        ).format(command=command(code))
        + "*",
        _profile_table(),
        "## " + _("Common to every profile"),
        *(markdown_section(section) for section in common_sections()),
    ]
    for profile_id in PROFILES:
        parts.append(f"## {games.full_name(profile_id)}")
        # Translators: RULES.md; {command} is a command line, {id} a game's id, kept as they are.
        parts.append(_("Profile id: `{id}`.").format(id=profile_id))
        parts.extend(markdown_section(section) for section in own_sections(profile_id))
    return "\n\n".join(parts) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write the document to the path given, or to standard output."""
    parser = argparse.ArgumentParser(
        prog="python -m knockrummy.teaching.rules_document",
        description="Write the players' rules document (RULES.md) from the rule profiles.",
    )
    parser.add_argument("path", nargs="?", help="file to write (default: standard output)")
    parser.add_argument(
        "--language",
        choices=language.LANGUAGES,
        default=language.SOURCE,
        help="the document's language (default: en, which writes RULES.md)",
    )
    args = parser.parse_args(argv)
    text = rules_document(args.language)
    if args.path is None:
        # UTF-8 whatever the console's encoding: the rules print card suits.
        sys.stdout.buffer.write(text.encode("utf-8"))
    else:
        Path(args.path).write_text(text, encoding="utf-8", newline="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
