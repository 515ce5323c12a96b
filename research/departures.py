"""Whether the judge's highest-mean option beats the hard level's choice when the two are
played out by the hard level: ``python -m research departures --budget 2400``, and with
``--samples 64,128,256 --policies greedy,patient`` for several rollout settings at once.

The judge keeps the hard level's choice unless another option is clearly higher and
confirmed (:mod:`knockrummy.ai.judge`). This bench asks what following the rollouts
would be worth: where the option with the highest expected value is not the hard level's
choice, would playing it anyway win points?

Glossary:
    position    a decision with more than one legal action of a seat in the first hand of
                a fixed-seed session between hard seats, at two players, in each
                ``--profiles`` profile (buy-back offers left out).
    setting     a rollout policy (``--policies``) and a number of samples (``--samples``):
                every legal action of the position is played out by the policy over that
                many samples of the hidden cards, drawn from the seat's view with the
                review's decision seed; the settings of one policy share their samples
                (64 samples are the first 64 of 128), and the policies share them too.
    top         a setting's option with the highest mean among those the judge may call
                best (a knock above the profile's knock cap never is).
    usual       the hard level's choice with the position's seed.
    departure   a position whose top is not its usual; ``lead`` is the top's margin in
                standard errors of the paired difference, ``predicted`` in points.
    gain        from the TRUE state (the real hidden hands and stock, which the judge never
                saw), the top and the usual each played to the end of the hand by the hard
                level in every seat over ``--continuations`` paired seeds: the mean of the
                top's value less the usual's, in the judge's own terms
                (:func:`knockrummy.ai.estimate.utility`). Each action is played out once a
                position, whichever settings chose it.
    per position  a setting's gain over every position, 0 where it keeps the usual: what
                following the setting's top at every decision would win a decision.
    kind        what the two differ on (:func:`.judge_check.kind_of`).
    band        the lead: under 1, 1 to 2, and above 2 standard errors (the judge's bar).
    the judge departs  the departures of the first setting where the shipped judge's best
                (:func:`knockrummy.ai.judge.judge`, the position's seed) is not the usual.
    min lead    with ``--min-lead Z``, only the departures whose lead is at least ``Z`` are
                played out (the others are counted as ``below the lead``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from knockrummy.ai.hard import HardBot, table_of
from knockrummy.ai.inference import read_view
from knockrummy.ai.judge import draw_samples, hand_state, judge, knock_capped, paired_error
from knockrummy.ai.rollout import POLICIES, Roller
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.views import player_view

from . import run_alone
from .judge_check import KINDS, Position, interval, kind_of, play_out, position_stream

BANDS = ((0.0, 1.0, "under 1"), (1.0, 2.0, "1 to 2"), (2.0, float("inf"), "2 and above"))
"""The lead bands: lower edge, upper edge, name (see the glossary)."""


def top_option(view, judgement):
    """The option with the highest expected value that may be the best (see *top*)."""
    capped = knock_capped(view)
    return max((o for o in judgement.options if not capped(o.action)), key=lambda o: o.expected)


def setting_name(policy: str, samples: int) -> str:
    return f"{policy} {samples}"


def priced(view, seed: int, policies, counts) -> dict[str, dict]:
    """Each setting's values of every legal action (see *setting*): ``{name: {action:
    values}}``, the values of a setting the first ``samples`` of its policy's."""
    knowledge = read_view(view)
    profile = PROFILES[view.profile_id]
    table = table_of(view, knowledge, match=not profile.session.one_deal_each)
    drawn = draw_samples(knowledge, view.profile_id, seed, max(counts))
    found = {}
    for policy in policies:
        roller = Roller(table, hand_state(view), policy)
        deals = [roller.deal(sample) for sample in drawn]
        rows = {a: [roller.play(deal, a)[0] for deal in deals] for a in view.legal_actions}
        for count in counts:
            found[setting_name(policy, count)] = {a: row[:count] for a, row in rows.items()}
    return found


def check(
    position: Position,
    continuations: int,
    min_lead: float = 0.0,
    policies=("greedy",),
    counts=(32,),
) -> dict:
    """One position priced in every setting and, where a setting departs with at least
    ``min_lead``, played out (see the glossary)."""
    view = player_view(position.state, position.seat)
    usual = HardBot(seed=position.seed).choose(view)
    capped = knock_capped(view)
    row: dict = {"profile": position.profile, "settings": {}}
    played: dict = {}

    def value(action) -> list[float]:
        if action not in played:
            played[action] = [
                play_out(position.state, action, view, position.seed + 1 + c, "hard")
                for c in range(continuations)
            ]
        return played[action]

    for name, values in priced(view, position.seed, policies, counts).items():
        means = {a: statistics.fmean(v) for a, v in values.items()}
        top = max((a for a in view.legal_actions if not capped(a)), key=lambda a: means[a])
        found: dict = {"departure": top != usual}
        if top != usual:
            error = paired_error(values[top], values[usual])
            margin = (means[top] - means[usual]) / error if error else None
            if min_lead > 0 and (margin or 0.0) < min_lead:
                found.update(departure=False, below=True)
            else:
                gains = [t - u for t, u in zip(value(top), value(usual), strict=True)]
                found.update(
                    kind=kind_of(top, usual),
                    lead=None if margin is None else round(margin, 3),
                    predicted=round(means[top] - means[usual], 3),
                    gain=statistics.fmean(gains),
                )
        row["settings"][name] = found
    first = next(iter(row["settings"].values()))
    if first["departure"]:
        first["judge_departs"] = judge(view, seed=position.seed).best != usual
    return row


def band_of(value: float | None) -> str:
    return next((name for low, high, name in BANDS if low <= (value or 0.0) < high), "")


def summary(rows: list[dict], name: str) -> dict:
    """One setting's positions, departures, and the departures' gain by kind and by band;
    its gain per position."""
    found = [r["settings"][name] for r in rows]
    moved = [f for f in found if f["departure"]]

    def gains(some):
        out = interval([f["gain"] for f in some])
        if some:
            out["predicted"] = round(sum(f["predicted"] for f in some) / len(some), 3)
        return out

    return {
        "positions": len(found),
        "below the lead": sum(1 for f in found if f.get("below")),
        "departures": gains(moved),
        "per position": interval([f.get("gain", 0.0) if f["departure"] else 0.0 for f in found]),
        "kinds": {k: gains([f for f in moved if f["kind"] == k]) for k in KINDS},
        "bands": {
            band: gains([f for f in moved if band_of(f["lead"]) == band]) for *_, band in BANDS
        },
        "the judge departs": gains([f for f in moved if f.get("judge_departs")]),
    }


def report(rows: list[dict], names: list[str], profiles: list[str]) -> dict:
    """Every setting's summary, overall and by profile."""
    single = len(names) == 1
    overall = {name: summary(rows, name) for name in names}
    by_profile = {
        p: {name: summary([r for r in rows if r["profile"] == p], name) for name in names}
        for p in profiles
    }
    if single:  # one setting: its figures at the top, as before
        return {
            "overall": overall[names[0]],
            "profiles": {p: s[names[0]] for p, s in by_profile.items()},
        }
    return {"overall": overall, "profiles": by_profile}


def _numbers(text: str) -> list[int]:
    try:
        found = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of sample counts") from None
    if not found or min(found) < 2:
        raise argparse.ArgumentTypeError("give sample counts of 2 or more")
    return found


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
    parser.add_argument(
        "--samples", type=_numbers, default=[32], help="comma-separated sample counts"
    )
    parser.add_argument(
        "--policies",
        type=lambda text: [p for p in text.split(",") if p],
        default=["greedy"],
        help=f"comma-separated rollout policies among {', '.join(POLICIES)}",
    )


def run(args: argparse.Namespace) -> int:
    profiles = [p for p in args.profiles.split(",") if p]
    unknown = [p for p in profiles if p not in PROFILES]
    if unknown or not profiles:
        args.parser.error(f"unknown profile: {', '.join(unknown) or '(none)'}")
    wrong = [p for p in args.policies if p not in POLICIES]
    if wrong or not args.policies:
        args.parser.error(f"unknown rollout policy: {', '.join(wrong) or '(none)'}")
    if args.positions < 1 or args.budget <= 0 or args.continuations < 1:
        args.parser.error("--positions and --continuations must be at least 1, --budget above 0")
    names = [setting_name(p, n) for p in args.policies for n in args.samples]
    started = time.process_time()
    rows: list[dict] = []
    stream = position_stream(args.seed, [(p, 2) for p in profiles], level="hard")
    session = args.seed
    while len(rows) < args.positions and time.process_time() - started < args.budget:
        session, position = next(stream)
        rows.append(check(position, args.continuations, args.min_lead, args.policies, args.samples))
    found = {
        "finished": len(rows) >= args.positions,
        "seconds": round(time.process_time() - started, 1),
        "sessions": [args.seed, session],
        "min lead": args.min_lead,
        "continuations": args.continuations,
        "settings": names,
        **report(rows, names, profiles),
    }
    print(json.dumps(found, indent=1))
    return 0


def main(argv=None) -> int:
    return run_alone(__import__(__name__, fromlist=["run"]), argv)


if __name__ == "__main__":
    raise SystemExit(main())
