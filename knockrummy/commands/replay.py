"""``knockrummy replay``: any stored hand, move by move, in words or as JSON.

Glossary:
    stored session  a session in the saved games, read through :func:`~knockrummy.
                    persistence.store.read_store`: every file is left as it was.
    step line       one action in words: who took it, what they held before it and
                    their deadwood after it.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass

from ..engine.actions import Action
from ..language import _
from ..language.message import shown
from ..persistence.paths import user_paths
from ..persistence.schema import InvalidDataError, SessionRow
from ..persistence.store import StoreError, read_store
from ..records.replay import HandReplay, ReplayError, action_words, replay_hand
from ..ui import wording  # noqa: F401  (it words a refused move in a session's problem)


class CommandError(Exception):
    """What a read-only command could not do, in a sentence (printed, exit 1)."""


@dataclass(frozen=True)
class StoredSession:
    """A checked session of the saved games and its action log."""

    row: SessionRow
    log: list[tuple[int | None, Action]]
    kept_review: list | None = None
    """The review kept in the saved games for the seat asked about, if it stands."""

    @property
    def actions(self) -> list[Action]:
        return [a for _, a in self.log]

    def hand(self, number: int) -> HandReplay:
        """Hand ``number`` replayed; ReplayError if the session has no such hand."""
        row = self.row
        return replay_hand(
            row.profile,
            row.players,
            row.seed,
            self.actions,
            number,
            list(row.names),
            row.stake or None,
            row.undo_seat,
        )


def add_session_arguments(parser: argparse.ArgumentParser) -> None:
    """``--session ID`` and ``--data-dir DIR``, shared by the commands that read a session."""
    from . import cli

    parser.add_argument(
        "--session", type=cli.count(1, 2**62), required=True, help="the session's number"
    )
    parser.add_argument(
        "--data-dir", type=cli.data_dir, default=None, help="folder of the saved games"
    )


def stored_session(
    data_dir: str | None, session_id: int, review_seat: int | None = None
) -> StoredSession:
    """Session ``session_id`` of the saved games (with the review kept for
    ``review_seat``), read without writing anything; CommandError says why it cannot be
    had."""
    path = user_paths(data_dir).database
    try:
        missing = not path.exists()
    except OSError:
        missing = False  # reading it below says what is wrong
    if missing:
        # Translators: {path} is the saved games' file.
        raise CommandError(_("there are no saved games yet ({path})").format(path=path))
    try:
        store = read_store(path)
    except StoreError as exc:
        # Translators: {path} is the saved games' file, {reason} why it cannot be read.
        problem = _("cannot read {path}: {reason}. The file was left as it is")
        raise CommandError(problem.format(path=path, reason=shown(exc))) from None
    try:
        row = store.session(session_id)
        damaged = store.problem(session_id)  # every row checked, the actions replayed
        if damaged is not None:
            raise InvalidDataError(damaged)
        log = store.actions(session_id)
        review = None
        if review_seat is not None:
            from ..records.coach import kept

            review = kept(store, session_id, review_seat, len(log))
    except KeyError:
        # Translators: {number} is the session's number the command was given.
        problem = _("there is no saved session #{number}").format(number=session_id)
        raise CommandError(problem) from None
    except InvalidDataError as exc:
        # Translators: {number} is a session's number, {reason} what is wrong with it.
        problem = _("session #{number} cannot be read: {reason}")
        raise CommandError(problem.format(number=session_id, reason=shown(exc))) from None
    finally:
        store.close()
    return StoredSession(row, log, review)


def fail(command: str, problem: Exception) -> int:
    """Print ``problem`` as the command's plain error; the exit status 1."""
    print(f"knockrummy {command}: {shown(problem)}", file=sys.stderr)
    return 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``replay``'s options."""
    from . import cli

    parser.description = __doc__.split("\n\n", 1)[0]
    add_session_arguments(parser)
    parser.add_argument(
        "--hand", type=cli.count(1, 10_000), required=True, help="the hand number (from 1)"
    )
    parser.add_argument("--json", action="store_true", help="the hand as JSON")


def run(args: argparse.Namespace) -> int:
    """Print the hand; nothing is written."""
    try:
        session = stored_session(args.data_dir, args.session)
        replay = session.hand(args.hand)
    except (CommandError, ReplayError) as exc:
        return fail("replay", exc)
    if args.json:
        print(json.dumps(replay.to_json()))
    else:
        for line in text_lines(replay, session.row.names):
            print(line)
    return 0


def text_lines(replay: HandReplay, names: tuple[str, ...]) -> list[str]:
    """The hand in words: the deal, one line per action, the result."""
    from ..persistence.stats import plain_text

    names = tuple(plain_text(n) for n in names)
    start = replay.start
    lines = [f"Hand {replay.number}, dealt by {names[start.dealer]}"]
    lines.append(f"  fingerprint shown before the hand: {start.fingerprint}")
    for position, hand in enumerate(start.hands):
        lines.append(f"  {names[start.seats[position]]}: {' '.join(c.symbol for c in hand)}")
    lines.append(f"  upcard {start.upcard.symbol}; stock, top first: ")
    lines[-1] += " ".join(c.symbol for c in start.stock)
    for number, step in enumerate(replay.steps, 1):
        who = "the table" if step.seat is None else names[step.seat]
        line = f"{number:3}. {who} {action_words(step.action, you=who == 'You', card=step.card)}"
        if step.deadwood_after is not None:
            held = " ".join(c.symbol for c in step.held_before)
            line += f"  (held {held}; deadwood after: {step.deadwood_after})"
        lines.append(line)
    result = replay.to_json()["result"]
    if result is not None:
        points = ", ".join(
            f"{names[seat]} {amount}"
            for seat, amount in zip(start.seats, result["points"], strict=True)
        )
        lines.append(f"  result: {result['result']}; {points}")
    lines.append(f"  seed shown after the hand: {start.seed}")
    return lines
