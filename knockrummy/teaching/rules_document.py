"""The players' rules document, ``RULES.md``, written from the sections the in-game rules
page shows, so the two cannot drift apart.

Glossary:
    document  the Markdown file at the repository root: the common rules once, then each
              profile's own rules and house rules, every section from
              :mod:`knockrummy.teaching.rules_text`.

Write it again after changing a profile or the words of the rules (a test fails until the
committed file matches)::

    python -m knockrummy.teaching.rules_document RULES.md
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ..engine.profiles import PROFILES
from .rules_examples import in_words
from .rules_text import Section, cards_dealt, common_sections, own_sections

COMMAND = "python -m knockrummy.teaching.rules_document RULES.md"
"""The command that writes the document, run from the repository root."""


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
        if paragraph.startswith("Example: "):
            paragraph = f"*Example:* {paragraph[len('Example: ') :]}"
        blocks.append(paragraph)
    if items:
        blocks.append("\n".join(items))
    return "\n\n".join([f"{'#' * level} {heading}", *blocks])


def _profile_table() -> str:
    rows = [
        "| Profile | Id | Players | Cards dealt |",
        "|---|---|---|---|",
    ]
    for p in PROFILES.values():
        players = (
            str(p.min_players)
            if p.min_players == p.max_players
            else f"{p.min_players} to {p.max_players}"
        )
        rows.append(f"| {p.name} | `{p.id}` | {players} | {cards_dealt(p)} |")
    return "\n".join(rows)


def rules_document() -> str:
    """The whole of ``RULES.md``."""
    parts = [
        "# Knock Rummy: the rules",
        f"Knock Rummy plays {in_words(len(PROFILES))} rule profiles, from the first deal to "
        "the end of the session. This document gives the rules they all share, then each profile's "
        "own rules, with its house rules: the points its source leaves open, settled by "
        "the game. The Rules page in the game shows the same text, profile by profile.",
        "*This file is written from the game's rule profiles "
        "(`knockrummy/engine/profiles.py`) and the words of the rules "
        f"(`knockrummy/teaching/rules_text.py`): change those, then run `{COMMAND}`.*",
        _profile_table(),
        "## Common to every profile",
        *(markdown_section(section) for section in common_sections()),
    ]
    for profile_id, profile in PROFILES.items():
        parts.append(f"## {profile.name}")
        parts.append(f"Profile id: `{profile_id}`.")
        parts.extend(markdown_section(section) for section in own_sections(profile_id))
    return "\n\n".join(parts) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write the document to the path given, or to standard output."""
    parser = argparse.ArgumentParser(
        prog="python -m knockrummy.teaching.rules_document",
        description="Write the players' rules document (RULES.md) from the rule profiles.",
    )
    parser.add_argument("path", nargs="?", help="file to write (default: standard output)")
    args = parser.parse_args(argv)
    text = rules_document()
    if args.path is None:
        # UTF-8 whatever the console's encoding: the rules print card suits.
        sys.stdout.buffer.write(text.encode("utf-8"))
    else:
        Path(args.path).write_text(text, encoding="utf-8", newline="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
