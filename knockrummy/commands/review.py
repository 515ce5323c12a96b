"""``knockrummy review``: the coach's review of one seat's decisions in a saved session.

For each decision the seat made (take or pass, which card to throw, knock or not, buy back
or not) it prints what the judge (the hint's and the advisor's) would have chosen from that
seat's view, the expected points of each option, what the choice cost with its 95%
interval, and the verdict: a mistake, an inaccuracy or too close to call. Where the best it
names reads worse than another option, it says why (``why`` in ``--json``). Nothing is
written.
"""

from __future__ import annotations

import argparse
import json

from ..ai.review import (
    INACCURATE,
    MISTAKEN,
    Decision,
    describe,
    hand_summary,
    review_json,
    session_summary,
    verdict,
    why_words,
)
from ..language import _, ngettext
from ..records.coach import for_hand, price
from .replay import CommandError, add_session_arguments, fail, stored_session


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``review``'s options."""
    from . import cli

    parser.description = __doc__.split("\n\n", 1)[0]
    add_session_arguments(parser)
    parser.add_argument(
        "--hand", type=cli.count(1, 10_000), default=None, help="one hand only (from 1)"
    )
    parser.add_argument(
        "--seat", type=cli.count(1, 6), required=True, help="the seat reviewed (from 1)"
    )
    parser.add_argument("--json", action="store_true", help="the review as JSON")


def run(args: argparse.Namespace) -> int:
    """Price the seat's decisions and print them."""
    try:
        session = stored_session(args.data_dir, args.session, args.seat - 1)
        if args.seat > session.row.players:
            # Translators: {number} is a session's number, {seat} the seat asked for.
            problem = ngettext(
                "session #{number} has {count} seat, not {seat}",
                "session #{number} has {count} seats, not {seat}",
                session.row.players,
            )
            raise CommandError(
                problem.format(number=args.session, count=session.row.players, seat=args.seat)
            )
        if args.hand is not None and args.hand > _hands_dealt(session):
            # Translators: {number} is a session's number, {hand} the hand asked for.
            problem = _("session #{number} has no hand {hand}")
            raise CommandError(problem.format(number=args.session, hand=args.hand))
    except CommandError as exc:
        return fail("review", exc)
    decisions = session.kept_review or price(session.row, session.log, args.seat - 1, args.hand)
    decisions = for_hand(decisions, args.hand)
    if args.json:
        print(json.dumps(review_json(decisions)))
        return 0
    for line in text_lines(decisions, session.row.names):
        print(line)
    return 0


SHOWN_OPTIONS = 3
"""Options a decision's line names (the best ones; the chosen one is always named)."""


def decision_line(d: Decision) -> str:
    """``turn 3: throwing J♦: an inaccuracy costing about 6 (1-11); best: throwing 9♦;
    options discard 9D +1.2, discard JD -4.8, ...``, in the terminal's language (the
    options in the engine's text form, as ``--json``); where the best reads worse than an
    option, why."""
    shown = list(d.options[:SHOWN_OPTIONS])
    shown += [o for o in d.options[SHOWN_OPTIONS:] if o.action == d.action]
    options = ", ".join(f"{o.action} {o.expected:+.1f}" for o in shown)
    more = len(d.options) - len(shown)
    if more:
        # Translators: the options a review line names, then how many it leaves out;
        # {options} lists actions in the engine's text form with their points.
        options = ngettext("{options} and {count} more", "{options} and {count} more", more).format(
            options=options, count=more
        )
    # Translators: a line of `knockrummy review`: {turn} is the hand's turn, {choice} the
    # choice made ("throwing 8♦"), {verdict} the coach's word on it ("a mistake costing
    # about 12 (5-19); best: throwing 9♦", "too close to call: ..."), {options} the options
    # priced.
    line = _("turn {turn}: {choice}: {verdict}; options {options}")
    line = line.format(turn=d.turn, choice=describe(d), verdict=verdict(d), options=options)
    if d.why is not None and d.verdict not in (INACCURATE, MISTAKEN):  # not said yet
        # Translators: a line of `knockrummy review` followed by why the best it names
        # reads worse than another option: {line} the line, {why} the reason.
        line = _("{line} ({why})").format(line=line, why=why_words(d.why))
    return line


def _hands_dealt(session) -> int:
    from ..engine.actions import NextHand

    return 1 + sum(isinstance(a, NextHand) for a in session.actions)


def text_lines(decisions: list[Decision], names: tuple[str, ...]) -> list[str]:
    """A line per decision, a summary per hand and one for the whole."""
    from ..persistence.stats import plain_text

    lines: list[str] = []
    hands = sorted({d.hand for d in decisions})
    for hand in hands:
        mine = [d for d in decisions if d.hand == hand]
        # Translators: a hand's line of `knockrummy review`: {hand} is its number,
        # {summary} the coach's words on it.
        lines.append(_("Hand {hand}: {summary}").format(hand=hand, summary=hand_summary(mine)))
        for d in mine:
            lines.append(f"  {decision_line(d)}")
    summary = session_summary(decisions)
    if decisions:
        # Translators: the last line of `knockrummy review`: {player} is the seat's name,
        # {summary} the coach's words on the whole session.
        last = _("{player}: {summary}").format(
            player=plain_text(names[decisions[0].seat]), summary=summary
        )
    else:
        # Translators: the last line of `knockrummy review` for a seat with no decisions.
        last = _("this seat: {summary}").format(summary=summary)
    lines.append(last)
    return lines
