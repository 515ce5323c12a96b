"""Where a review's predicted cost and the coach check's played-out loss part: ``python -m
research coach-gaps --profiles gin-classic,gin-rummy --seed 1001``.

The coach check (:mod:`.coach_check`) plays each reviewed decision out from the true deal
with the hard level in every seat and compares the loss with the review's cost. Between
the two stand three things, each measured here on the same decisions:

Glossary:
    predicted   the review's cost: the judge's best less the choice, from the seat's view
                (the judge with the review's decision seed).
    fresh       the same two actions priced again by the judge on fresh samples (another
                seed, every option over ``--fresh`` samples): what the prediction would be
                without the selection. A predicted cost well above its fresh price is the
                winner's curse of picking mistakes (and the best) by a noisy estimate.
    true deal   the two actions played out by the judge's own rollout policy from the TRUE
                deal (the real hidden hands and stock): what the rollouts would say if
                they knew the cards; with the patient, the greedy and the matched policy
                (:mod:`knockrummy.ai.rollout`). Fresh less true deal, on average, is what
                the sampled hidden hands get wrong; true deal less played out is what the
                rollout's players do that the hard level does not (with the matched
                policy, less what is in how the hard level knocks).
    played out  the coach check's loss: each action from the true deal, then the hard level
                in every seat, over ``--continuations`` paired seeds.
    knocks      in the hard play-outs, at each discard of a seat that may knock: whether
                it knocked, for this seat and for the others. (The patient rollout's
                other seats knock at every such chance; this seat only at a count of 0.)
    kind        what the two actions differ on (:func:`.judge_check.kind_of`).

Rows are chosen as the check chooses them (:func:`.coach_check.scan`): the positions of
the seats of ``--levels``, every mistake and the first ``--per-band`` others of each cost
band a profile.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from knockrummy.ai import make_bot
from knockrummy.ai.estimate import settle_hands, utility
from knockrummy.ai.hard import table_of
from knockrummy.ai.inference import Sample, read_view
from knockrummy.ai.judge import hand_state, judge
from knockrummy.ai.rollout import Roller
from knockrummy.engine.actions import Knock
from knockrummy.engine.hand import HandEnd
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.session import PLAYING, apply_unchecked
from knockrummy.engine.views import player_view

from . import run_alone
from .coach_check import BANDS, band_name, band_of, interval, scan
from .judge_check import LEVELS, MAX_STEPS, kind_of

FRESH_SALT = 0xF7E54
"""Mixed into a position's seed for the fresh prices."""


def played_out(state, action, view, seed: int, knocks: dict) -> tuple[float, dict]:
    """:func:`.judge_check.play_out` by the hard level, counting each seat's chances to
    knock and its knocks into ``knocks``; the value and how the hand ended."""
    knowledge = read_view(view)
    profile = PROFILES[view.profile_id]
    table = table_of(view, knowledge, match=not profile.session.one_deal_each)
    bots = [make_bot("hard", seed * 7 + s) for s in range(state.players)]
    state, _ = apply_unchecked(state, action)
    steps = 0
    while state.phase == PLAYING and not state.hand.is_over and steps < MAX_STEPS:
        seat = state.to_move
        seen = player_view(state, seat)
        chosen = bots[seat].choose(seen)
        if any(isinstance(a, Knock) for a in seen.legal_actions):
            role = "me" if seat == view.seat else "others"
            knocks[role][0] += 1
            knocks[role][1] += isinstance(chosen, Knock)
        state, _ = apply_unchecked(state, chosen)
        steps += 1
    hand = state.hand
    knocker = hand.knocker if hand.ended_by == HandEnd.KNOCK else None
    value = utility(table, settle_hands(table, hand.hands, knocker))
    who = None if knocker is None else ("me" if knocker == knowledge.me else "others")
    return value, {"knocker": who, "turns": hand.turn - view.turn}


def true_deal(row: dict, policy: str) -> float:
    """The two actions played out by the rollout ``policy`` from the true deal: the best's
    value less the choice's."""
    view, decision, hand = row["view"], row["decision"], row["position"].state.hand
    knowledge = read_view(view)
    profile = PROFILES[view.profile_id]
    table = table_of(view, knowledge, match=not profile.session.one_deal_each)
    roller = Roller(table, hand_state(view), policy)
    deal = roller.deal(Sample(tuple(tuple(h) for h in hand.hands), tuple(hand.stock)))
    return roller.play(deal, decision.best)[0] - roller.play(deal, decision.action)[0]


def examine(row: dict, continuations: int, fresh: int) -> dict:
    """One reviewed decision measured every way (see the glossary)."""
    view, decision, position = row["view"], row["decision"], row["position"]
    again = judge(view, seed=position.seed ^ FRESH_SALT, samples=fresh)
    knocks = {"me": [0, 0], "others": [0, 0]}
    losses, ends = [], []
    for c in range(continuations):
        seed = position.seed + 1 + c
        best, end_best = played_out(position.state, decision.best, view, seed, knocks)
        chosen, end_chosen = played_out(position.state, decision.action, view, seed, knocks)
        losses.append(best - chosen)
        ends += [end_best, end_chosen]
    return {
        "verdict": row["verdict"],
        "kind": kind_of(decision.action, decision.best),
        "turn": view.turn,
        "predicted": decision.cost,
        "error": decision.cost_error,
        "fresh": again.option(decision.best).expected - again.option(decision.action).expected,
        "true patient": true_deal(row, "patient"),
        "true greedy": true_deal(row, "greedy"),
        "true matched": true_deal(row, "matched"),
        "played out": statistics.fmean(losses),
        "knocks": knocks,
        "ends": ends,
    }


FIGURES = ("predicted", "fresh", "true patient", "true greedy", "true matched", "played out")


def summary(rows: list[dict]) -> dict:
    """Each figure's mean and interval over ``rows``, the gaps between them, and the hard
    play-outs' knocks as ``[knocks, chances to knock]`` for this seat and the others."""
    found: dict = {"n": len(rows)}
    for name in FIGURES:
        found[name] = interval([r[name] for r in rows])
    for a, b in (("predicted", "fresh"), ("fresh", "true patient"), ("true patient", "played out")):
        found[f"{a} - {b}"] = interval([r[a] - r[b] for r in rows])
    # beside the chain above: what is left of the rollout's players when they knock as the
    # hard level does
    found["true matched, less played out"] = interval(
        [r["true matched"] - r["played out"] for r in rows]
    )
    for role in ("me", "others"):
        chances = sum(r["knocks"][role][0] for r in rows)
        knocked = sum(r["knocks"][role][1] for r in rows)
        found[f"knocks ({role})"] = [knocked, chances]
    ends = [e for r in rows for e in r["ends"]]
    found["ends"] = {
        who: sum(1 for e in ends if e["knocker"] == who) for who in ("me", "others", None)
    }
    found["turns"] = round(statistics.fmean(e["turns"] for e in ends), 2) if ends else None
    return found


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Measure where the coach's predicted costs and played-out losses part."
    parser.add_argument("--profiles", default="gin-classic,gin-rummy")
    parser.add_argument("--positions", type=int, default=600, help="positions a profile")
    parser.add_argument("--per-band", type=int, default=6)
    parser.add_argument("--continuations", type=int, default=4)
    parser.add_argument("--fresh", type=int, default=256, help="samples of the fresh prices")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--levels",
        default="easy,medium",
        help="comma-separated levels whose seats' decisions are reviewed (as coach-check)",
    )


def run(args: argparse.Namespace) -> int:
    levels = tuple(level for level in args.levels.split(",") if level)
    if not levels or any(level not in LEVELS for level in levels):
        args.parser.error(f"--levels: name levels among {', '.join(LEVELS)}")
    started = time.process_time()
    found = {}
    for profile in [p for p in args.profiles.split(",") if p]:
        if profile not in PROFILES:
            args.parser.error(f"unknown profile: {profile}")
        rows = scan(profile, args.seed, args.positions, 0, levels)
        taken = dict.fromkeys(BANDS, 0)
        measured = []
        for row in rows:
            band = band_of(row["cost"]) if row["verdict"] != "best" else None
            if band is None:
                continue
            if row["verdict"] == "mistake" or taken[band] < args.per_band:
                if row["verdict"] != "mistake":
                    taken[band] += 1
                measured.append(dict(examine(row, args.continuations, args.fresh), band=band))
        found[profile] = {
            "rows": [dict(r, band=band_name(r["band"])) for r in measured],
            "mistakes": summary([r for r in measured if r["verdict"] == "mistake"]),
            "by kind": {
                kind: summary([r for r in measured if r["kind"] == kind])
                for kind in ("draw", "knock", "throw")
            },
        }
    found["seconds"] = round(time.process_time() - started, 1)
    print(json.dumps(found, indent=1))
    return 0


def main(argv=None) -> int:
    return run_alone(__import__(__name__, fromlist=["run"]), argv)


if __name__ == "__main__":
    raise SystemExit(main())
