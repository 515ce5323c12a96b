"""``knockrummy ledger``: the saved sessions, from the terminal.

It only reads: the database is read into memory (an older one migrated there), so every
file in the folder is left exactly as it was, even a damaged or newer one.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..language import _, ngettext
from ..language.games import full_name
from ..language.message import shown
from ..language.numbers import score
from ..persistence.online import GUEST, HOST, roles
from ..persistence.paths import user_paths
from ..persistence.stats import ledger_csv, plain_text, sessions_json
from ..persistence.store import StoreError, read_store
from ..ui import wording  # noqa: F401  (it words a refused move in a session's problem)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``ledger``'s options."""
    from . import cli

    parser.description = __doc__
    parser.add_argument(
        "--data-dir", type=cli.data_dir, default=None, help="folder of the saved games"
    )
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="sessions as JSON")
    form.add_argument("--csv", action="store_true", help="every ledger change as CSV")


def run(args: argparse.Namespace) -> int:
    """Print the saved sessions; the database is read, never written."""
    path = user_paths(args.data_dir).database
    try:
        missing = not path.exists()
    except OSError:
        missing = False  # reading it below says what is wrong
    if missing:
        sessions = {"sessions": []}
        if args.json:
            print(json.dumps(sessions))
        elif args.csv:
            # the CSV's headers are machine-readable, the same in every language
            print("session,profile,hand,player,account,amount,kind,reason")
        else:
            # Translators: {path} is the saved games' file.
            print(_("No saved games yet ({path}).").format(path=path))
        return 0
    try:
        store = read_store(path)
    except StoreError as exc:
        # Translators: {path} is the saved games' file, {reason} why it cannot be read.
        problem = _("cannot read {path}: {reason}. The file was left as it is.")
        print("knockrummy ledger: " + problem.format(path=path, reason=shown(exc)), file=sys.stderr)
        return 1
    try:
        # every session replayed once, so one holding an action the rules refuse is listed
        # as damaged by every form below, as Continue, replay and review find it
        store.summaries(replay=True)
        if args.json:
            print(json.dumps(sessions_json(store)))
        elif args.csv:
            sys.stdout.write(ledger_csv(store))
        else:
            for line in text_lines(store):
                print(line)
    finally:
        store.close()
    return 0


def text_lines(store) -> list[str]:
    """One line per session for the terminal, in the player's language; names are plain
    text (no escape sequences) and a damaged session is listed with what is wrong."""
    lines = []
    online = roles(store)
    for s in store.summaries():
        if s.problem is not None:
            # Translators: {number} is a session's number, {reason} what is wrong with it.
            line = _("#{number} cannot be read: {reason}")
            lines.append(line.format(number=s.id, reason=plain_text(shown(s.problem))))
            continue
        scores = ", ".join(
            f"{plain_text(name)} {score(v)}" for name, v in zip(s.names, s.scores, strict=True)
        )
        if s.finished:
            # Translators: a finished session in `knockrummy ledger`: {number} its number,
            # {game} its rules, {hands} "3 hands", {scores} each player's name and score.
            line = _("#{number} {game}: {hands}, finished; {scores}")
        else:
            # Translators: an unfinished session, as above.
            line = _("#{number} {game}: {hands}, unfinished; {scores}")
        hands = ngettext("{count} hand", "{count} hands", s.hands_played)
        hands = hands.format(count=s.hands_played)
        line = line.format(number=s.id, game=full_name(s.profile), hands=hands, scores=scores)
        if online.get(s.id) == HOST:
            # Translators: `knockrummy ledger`: {line} a session's line, as above, for a
            # session this player hosted for friends on other machines.
            line = _("{line} (hosted online)").format(line=line)
        elif online.get(s.id) == GUEST:
            # Translators: as above, for a session played at a table a friend hosted.
            line = _("{line} (played online)").format(line=line)
        lines.append(line)
    return lines
