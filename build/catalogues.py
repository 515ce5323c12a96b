"""Extract the game's sentences and bring the catalogues up to date, run from the
repository root with Babel installed (``pip install ".[dev]"``):

    python build/catalogues.py            extract, update every .po, compile every .mo
    python build/catalogues.py --compile  only compile the .mo from the .po

Extraction writes ``knockrummy/locale/knockrummy.pot`` from the code (``babel.cfg`` says
where), and merges it into each ``knockrummy/locale/<code>/LC_MESSAGES/knockrummy.po``:
new sentences come in untranslated, changed ones are marked fuzzy, and the tests fail on
either until a translator has seen them. The compiled ``.mo`` files are committed (the
game and its standalone build read them and need no Babel); a test checks they say what
the ``.po`` say. See docs/languages.md.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = "knockrummy/locale"
DOMAIN = "knockrummy"
TEMPLATE = f"{LOCALE}/{DOMAIN}.pot"
"""Paths relative to the repository's root, where the commands run: the catalogues then
name each sentence's place as ``knockrummy/ui/...py:12``, the same on every machine."""


def pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    status = CommandLineInterface().run(["pybabel", "-q", *args])
    if status:
        raise SystemExit(status)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compile", action="store_true", help="only compile the .mo files")
    args = parser.parse_args(argv)
    try:
        import babel  # noqa: F401
    except ImportError:
        sys.exit('catalogues.py needs Babel: pip install ".[dev]"')
    os.chdir(ROOT)
    if not args.compile:
        pybabel(
            "extract",
            "-F",
            "babel.cfg",
            "--add-comments=Translators:",
            "--sort-by-file",
            "--no-wrap",
            "--project=Knock Rummy",
            "--copyright-holder=Knock Rummy's authors",
            "-o",
            TEMPLATE,
            ".",
        )
        pybabel(
            "update",
            "-i",
            TEMPLATE,
            "-d",
            LOCALE,
            "-D",
            DOMAIN,
            "--ignore-obsolete",
        )
    pybabel("compile", "-d", LOCALE, "-D", DOMAIN, "--statistics")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
