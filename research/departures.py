"""Whether the judge's highest-mean option beats the hard level's choice when the two are
played out by the hard level: ``python -m research departures --budget 2400``.

The judge keeps the hard level's choice unless another option is clearly higher and
confirmed (:mod:`knockrummy.ai.judge`). This bench asks what that bar costs: where the
option with the highest expected value is not the hard level's choice, would playing it
anyway win points?

Glossary:
    position    a decision with more than one legal action of a seat in the first hand of
                a fixed-seed session between hard seats, at two players, in each
                ``--profiles`` profile (buy-back offers left out); the judge prices it
                from that seat's view with the review's decision seed.
    top         the option with the highest expected value among those the judge may call
                best (a knock above the profile's knock cap never is).
    usual       the hard level's choice with the position's seed.
    departure   a position whose top is not its usual; ``lead`` is the top's margin in
                standard errors of the paired difference, ``predicted`` in points.
    gain        from the TRUE state (the real hidden hands and stock, which the judge never
                saw), the top and the usual each played to the end of the hand by the hard
                level in every seat over ``--continuations`` paired seeds: the mean of the
                top's value less the usual's, in the judge's own terms
                (:func:`knockrummy.ai.estimate.utility`).
    kind        what the two differ on (:func:`.judge_check.kind_of`).
    band        the lead: under 1, 1 to 2, and above 2 standard errors (the judge's bar).
    min lead    with ``--min-lead Z``, only the departures whose lead is at least ``Z`` are
                played out (the others are counted as ``below the lead``): the judge is
                cheap beside a hard-level play-out, so a study of the rare large leads
                goes many times faster.
"""

from __future__ import annotations

import argparse
import json
import time

from knockrummy.ai.hard import HardBot
from knockrummy.ai.judge import judge, knock_capped
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.views import player_view

from . import run_alone
from .judge_check import KINDS, Position, interval, kind_of, lead, play_out, position_stream

BANDS = ((0.0, 1.0, "under 1"), (1.0, 2.0, "1 to 2"), (2.0, float("inf"), "2 and above"))
"""The lead bands: lower edge, upper edge, name (see the glossary)."""


def top_option(view, judgement):
    """The option with the highest expected value that may be the best (see *top*)."""
    capped = knock_capped(view)
    return max((o for o in judgement.options if not capped(o.action)), key=lambda o: o.expected)


def check(position: Position, continuations: int, min_lead: float = 0.0) -> dict:
    """One position priced and, where it is a departure with at least ``min_lead``,
    played out (see the glossary)."""
    view = player_view(position.state, position.seat)
    judgement = judge(view, seed=position.seed)
    usual = HardBot(seed=position.seed).choose(view)
    top = top_option(view, judgement)
    row: dict = {"profile": position.profile, "departure": top.action != usual}
    if not row["departure"]:
        return row
    margin = lead(judgement.options, usual)
    if min_lead > 0 and (margin or 0.0) < min_lead:
        row.update(departure=False, below=True)
        return row
    gains = []
    for c in range(continuations):
        seed = position.seed + 1 + c
        gains.append(
            play_out(position.state, top.action, view, seed, "hard")
            - play_out(position.state, usual, view, seed, "hard")
        )
    row.update(
        kind=kind_of(top.action, usual),
        lead=margin,
        predicted=round(top.expected - judgement.option(usual).expected, 3),
        gain=sum(gains) / len(gains),
        judge_departs=judgement.best != usual,
    )
    return row


def band_of(value: float | None) -> str:
    return next((name for low, high, name in BANDS if low <= (value or 0.0) < high), "")


def summary(rows: list[dict]) -> dict:
    """Positions, departures, and the departures' gain by kind and by band."""
    moved = [r for r in rows if r["departure"]]

    def gains(some):
        found = interval([r["gain"] for r in some])
        if some:
            found["predicted"] = round(sum(r["predicted"] for r in some) / len(some), 3)
        return found

    return {
        "positions": len(rows),
        "below the lead": sum(1 for r in rows if r.get("below")),
        "departures": gains(moved),
        "kinds": {k: gains([r for r in moved if r["kind"] == k]) for k in KINDS},
        "bands": {
            name: gains([r for r in moved if band_of(r["lead"]) == name]) for *_, name in BANDS
        },
        "the judge departs": gains([r for r in moved if r["judge_departs"]]),
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--profiles", default=",".join(sorted(PROFILES)), help="comma-separated profile ids"
    )
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=2400.0, help="seconds")
    parser.add_argument("--continuations", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1, help="the first session's seed")
    parser.add_argument(
        "--min-lead", type=float, default=0.0, help="play out only departures leading by this"
    )


def run(args: argparse.Namespace) -> int:
    profiles = [p for p in args.profiles.split(",") if p]
    unknown = [p for p in profiles if p not in PROFILES]
    if unknown or not profiles:
        args.parser.error(f"unknown profile: {', '.join(unknown) or '(none)'}")
    if args.positions < 1 or args.budget <= 0 or args.continuations < 1:
        args.parser.error("--positions and --continuations must be at least 1, --budget above 0")
    started = time.process_time()
    rows: list[dict] = []
    stream = position_stream(args.seed, [(p, 2) for p in profiles], level="hard")
    session = args.seed
    while len(rows) < args.positions and time.process_time() - started < args.budget:
        session, position = next(stream)
        rows.append(check(position, args.continuations, args.min_lead))
    found = {
        "finished": len(rows) >= args.positions,
        "seconds": round(time.process_time() - started, 1),
        "sessions": [args.seed, session],
        "min lead": args.min_lead,
        "overall": summary(rows),
        "profiles": {p: summary([r for r in rows if r["profile"] == p]) for p in profiles},
    }
    print(json.dumps(found, indent=1))
    return 0


def main(argv=None) -> int:
    return run_alone(__import__(__name__, fromlist=["run"]), argv)


if __name__ == "__main__":
    raise SystemExit(main())
