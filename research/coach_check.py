"""The coach's word as a standing check: ``python -m research coach-check`` (about 15
minutes of one core; fixed seeds). It exits 0 when every bound holds, 1
otherwise.

Its size is set by the precision bound: a mistake's played-out loss varies by about 20
points from one position to the next, so a profile needs some twenty mistakes for the
interval of a loss near the predicted 10-15 points to clear 0, and the easy and medium
seats make one in 20 to 40 decisions in the gin profiles. At 120 positions a profile
(about eight minutes) three profiles had 3 or 4 mistakes each and the bound could not
hold; hence 600 (docs/strength.md, *The coach's word, checked*).

A change to the judge, the levels or the review's thresholds runs it; docs/strength.md
keeps its table (*The coach's word, checked*).

Glossary:
    position    a decision with more than one legal action of a seat in the first hand of
                a fixed-seed session of easy, medium and hard seats, in each profile at two
                players and at a larger table (:func:`.judge_check.positions`; buy-back
                offers left out), the first ``--positions`` of each profile from session
                ``--seed`` on of the seats of ``--levels`` (easy and medium by default:
                the hard level's decisions are seldom mistakes, and reviewing them costs
                time the check spends better on play-outs). Each is reviewed as the
                window reviews it: the judge with the review's decision seed, the seat's
                own action its choice.
    A/A         the judge's own choice at a position, made with another seed (as the
                expert level plays with its own), reviewed with the review's seed: the
                share of those called mistakes (the first ``--aa`` positions of each
                profile). Bound: at most ``AA_BOUND``.
    played out  from the TRUE state (the real hidden hands and stock, which the judge never
                saw), the review's best and the choice each played to the end of the hand
                by the hard level in every seat over ``--continuations`` paired seeds; the
                loss is the mean of the best's value less the choice's, in the judge's terms.
                Paired: the two play-outs of a seed draw each decision's random numbers
                from the seed, the seat and the moment of the hand (common random
                numbers), so they differ only where the two actions make them differ.
    interval    a mean's 95% interval from Student's t with n - 1 degrees of freedom (a
                profile may have only a handful of mistakes, where the normal interval
                would be too narrow); none from fewer than two.
    precision   the loss of the decisions called mistakes, with its 95% interval, in each
                profile. Bound: the interval's lower end above 0 in every profile.
    band        the predicted costs of the costly decisions (not the best): ``BANDS``. The
                mistakes are all played out; of the others, the first ``--per-band`` of each
                band in each profile.
    calibration each band's mean loss over its mean predicted cost. Bounds: between
                ``CALIBRATION[0]`` and ``CALIBRATION[1]`` in the band of 5 points and more,
                and the mean loss rising from band to band.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from typing import Any

from knockrummy.ai.judge import judge
from knockrummy.ai.review import Decision
from knockrummy.ai.rollout import POLICIES
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.views import player_view

from . import run_alone
from .judge_check import LEVELS, play_out, positions, tables

AA_SALT = 0xA11CE
"""Mixed into a position's seed for the judge's own choice (the A/A check)."""
AA_BOUND = 0.01
"""The A/A check's bound: the share of the judge's own choices called mistakes."""
BANDS = ((0.5, 2.0), (2.0, 5.0), (5.0, math.inf))
"""The predicted-cost bands: lower and upper edges, in points."""
CALIBRATION = (0.5, 1.5)
"""The bounds of loss over predicted cost in the band of 5 points and more."""


T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042)  # fmt: skip
"""Student's t 97.5% points for 1 to 30 degrees of freedom."""


def t975(df: int) -> float:
    """Student's t 97.5% point for ``df`` degrees of freedom (from the table up to 30, the
    Cornish-Fisher expansion beyond, within a thousandth)."""
    if df <= len(T975):
        return T975[df - 1]
    z = 1.959963984540054
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def interval(values: list[float]) -> dict:
    """The mean of ``values`` and its 95% interval (see *interval*)."""
    if not values:
        return {"n": 0}
    mean = statistics.fmean(values)
    if len(values) < 2:
        return {"n": 1, "mean": round(mean, 3)}
    half = t975(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return {
        "n": len(values),
        "mean": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
    }


def band_name(band: tuple[float, float]) -> str:
    low, high = band
    return f"{low:g} and more" if math.isinf(high) else f"{low:g} to {high:g}"


def band_of(cost: float) -> tuple[float, float] | None:
    return next((b for b in BANDS if b[0] <= cost < b[1]), None)


def scan(
    profile: str,
    seed: int,
    count: int,
    aa: int,
    levels: tuple[str, ...] = LEVELS,
    policy: str | None = None,
) -> list[dict]:
    """The first ``count`` positions of ``profile`` (its tables in turn, sessions from
    ``seed``) of seats playing one of ``levels``, each reviewed; the first ``aa`` with the
    A/A check (see the glossary). ``policy`` names the judge's rollout policy (by default
    the profile's)."""
    tables_ = [(p, n) for p, n in tables() if p == profile]
    rows: list[dict] = []
    session = seed
    while len(rows) < count:
        for pid, players in tables_:
            for position in positions(session, pid, players):
                if len(rows) >= count:
                    break
                if LEVELS[(session + position.seat) % len(LEVELS)] not in levels:
                    continue
                view = player_view(position.state, position.seat)
                judged = judge(view, seed=position.seed, policy=policy)
                decision = Decision(
                    view.hand_number, view.turn, position.seat, position.action, judged.options
                )
                row = {
                    "position": position,
                    "view": view,
                    "decision": decision,
                    "verdict": decision.verdict,
                    "cost": decision.cost,
                    "error": decision.cost_error,
                }
                if len(rows) < aa:
                    own = judge(view, seed=position.seed ^ AA_SALT, policy=policy).best
                    reviewed = Decision(
                        view.hand_number, view.turn, position.seat, own, judged.options
                    )
                    row["aa"] = reviewed.verdict
                rows.append(row)
        session += 1
    return rows


def losses(row: dict, continuations: int) -> list[float]:
    """The played-out losses of a reviewed position, one a continuation (see *played
    out*)."""
    position, view, decision = row["position"], row["view"], row["decision"]
    found = []
    for c in range(continuations):
        seed = position.seed + 1 + c
        best = play_out(position.state, decision.best, view, seed, "hard", common=True)
        chosen = play_out(position.state, decision.action, view, seed, "hard", common=True)
        found.append(best - chosen)
    return found


def check_profile(
    profile: str,
    seed: int,
    count: int,
    aa: int,
    continuations: int,
    per_band: int,
    levels: tuple[str, ...] = LEVELS,
    policy: str | None = None,
) -> dict[str, Any]:
    """One profile's positions reviewed, its mistakes and a sample of each band played
    out: its rows, stripped of the states, and the processor time it took."""
    started = time.process_time()
    rows = scan(profile, seed, count, aa, levels, policy)
    taken: dict[tuple[float, float], int] = dict.fromkeys(BANDS, 0)
    for row in rows:
        band = band_of(row["cost"]) if row["verdict"] != "best" else None
        row["band"] = band
        if band is None:
            continue
        if row["verdict"] == "mistake" or taken[band] < per_band:
            if row["verdict"] != "mistake":
                taken[band] += 1
            row["losses"] = losses(row, continuations)
            row["loss"] = statistics.fmean(row["losses"])
    return {
        "profile": profile,
        "seconds": round(time.process_time() - started, 1),
        "rows": [
            {
                "verdict": r["verdict"],
                "cost": r["cost"],
                "error": r["error"],
                "band": None if r["band"] is None else band_name(r["band"]),
                "loss": r.get("loss"),
                "losses": r.get("losses"),
                "aa": r.get("aa"),
            }
            for r in rows
        ],
    }


def summarise(found: list[dict]) -> dict[str, Any]:
    """The figures and the bounds of every profile's rows (see the glossary)."""
    rows = [dict(r, profile=f["profile"]) for f in found for r in f["rows"]]
    own = [r for r in rows if r["aa"] is not None]
    aa_mistakes = sum(1 for r in own if r["aa"] == "mistake")
    aa_share = aa_mistakes / len(own) if own else 0.0
    precision = {}
    for f in found:
        mine = [r for r in f["rows"] if r["verdict"] == "mistake" and r["loss"] is not None]
        figures = interval([r["loss"] for r in mine])
        if mine:
            figures["predicted"] = round(statistics.fmean(r["cost"] for r in mine), 3)
        figures["positions"] = len(f["rows"])
        figures["seconds"] = f.get("seconds")
        figures["holds"] = len(mine) > 1 and figures["ci95"][0] > 0
        precision[f["profile"]] = figures
    bands = []
    for band in BANDS:
        mine = [r for r in rows if r["band"] == band_name(band) and r["loss"] is not None]
        figures = interval([r["loss"] for r in mine])
        figures["band"] = band_name(band)
        if mine:
            predicted = statistics.fmean(r["cost"] for r in mine)
            figures["predicted"] = round(predicted, 3)
            figures["ratio"] = round(figures["mean"] / predicted, 3) if predicted else None
        bands.append(figures)
    means = [b.get("mean") for b in bands]
    rising = all(m is not None for m in means) and all(
        a < b for a, b in zip(means, means[1:], strict=False)
    )
    top = bands[-1].get("ratio")
    checks = {
        "A/A": aa_share <= AA_BOUND,
        "precision": all(p["holds"] for p in precision.values()),
        "calibration": top is not None and CALIBRATION[0] <= top <= CALIBRATION[1],
        "rising": rising,
    }
    return {
        "A/A": {"decisions": len(own), "mistakes": aa_mistakes, "share": round(aa_share, 4)},
        "precision": precision,
        "bands": bands,
        "verdicts": {
            v: sum(1 for r in rows if r["verdict"] == v)
            for v in ("best", "close", "inaccuracy", "mistake")
        },
        "bounds": checks,
        "holds": all(checks.values()),
    }


def _figures(found: dict[str, Any]) -> str:
    if "ci95" not in found:
        return f"{found['mean']:+.2f} [no interval]" if found["n"] else "-"
    return f"{found['mean']:+.2f} [{found['ci95'][0]:+.2f}, {found['ci95'][1]:+.2f}]"


def _table(result: dict[str, Any]) -> str:
    aa = result["A/A"]
    lines = [
        f"A/A: {aa['mistakes']} of {aa['decisions']} of the judge's own choices called "
        f"mistakes ({aa['share']:.1%}; bound {AA_BOUND:.0%})",
        "precision: the loss of the decisions called mistakes, played out by hard",
        f"  {'profile':<13}{'positions':>10}{'mistakes':>10}{'predicted':>11}{'loss [95%]':>26}",
    ]
    for profile, p in result["precision"].items():
        figures = _figures(p)
        lines.append(
            f"  {profile:<13}{p['positions']:>10}{p['n']:>10}"
            f"{p.get('predicted', float('nan')):>11.2f}{figures:>26}"
            + ("" if p["holds"] else "  (fails)")
            + (f"  {p['seconds']:.0f} s" if p.get("seconds") is not None else "")
        )
    lines.append("calibration: loss over predicted cost by band")
    for b in result["bands"]:
        figures = _figures(b)
        ratio = b.get("ratio")
        lines.append(
            f"  {b['band']:<13}{b['n']:>6} predicted {b.get('predicted', float('nan')):6.2f}"
            f"  loss {figures}  ratio {'-' if ratio is None else f'{ratio:.2f}'}"
        )
    bounds = ", ".join(f"{k} {'holds' if v else 'FAILS'}" for k, v in result["bounds"].items())
    lines.append(f"bounds: {bounds}")
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Check the coach's verdicts against play-outs; exit 0 if they hold."
    parser.add_argument(
        "--profiles", default=",".join(sorted(PROFILES)), help="comma-separated profile ids"
    )
    parser.add_argument("--positions", type=int, default=600, help="positions a profile")
    parser.add_argument("--aa", type=int, default=60, help="A/A positions a profile")
    parser.add_argument("--per-band", type=int, default=6, help="play-outs a band a profile")
    parser.add_argument("--continuations", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1, help="the first session's seed")
    parser.add_argument(
        "--levels",
        default="easy,medium",
        help="comma-separated levels whose seats' decisions are reviewed (easy, medium, hard)",
    )
    parser.add_argument(
        "--policy",
        choices=POLICIES,
        help="the judge's rollout policy in every profile (by default each profile's own)",
    )
    parser.add_argument("--json", action="store_true")


def run(args: argparse.Namespace) -> int:
    profiles = [p for p in args.profiles.split(",") if p]
    unknown = [p for p in profiles if p not in PROFILES]
    if unknown or not profiles:
        args.parser.error(f"unknown profile: {', '.join(unknown) or '(none)'}")
    if min(args.positions, args.continuations) < 1 or min(args.aa, args.per_band) < 0:
        args.parser.error("--positions and --continuations must be at least 1")
    levels = tuple(level for level in args.levels.split(",") if level)
    if not levels or any(level not in LEVELS for level in levels):
        args.parser.error(f"--levels: name levels among {', '.join(LEVELS)}")
    started = time.process_time()
    found = [
        check_profile(
            p,
            args.seed,
            args.positions,
            args.aa,
            args.continuations,
            args.per_band,
            levels,
            args.policy,
        )
        for p in profiles
    ]
    result = summarise(found)
    result["seconds"] = round(time.process_time() - started, 1)
    result["played"] = {
        f["profile"]: [r for r in f["rows"] if r["loss"] is not None] for f in found
    }
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(_table(result))
        print(f"({result['seconds']} s of processor time)")
    return 0 if result["holds"] else 1


def main(argv=None) -> int:
    return run_alone(__import__(__name__, fromlist=["run"]), argv)


if __name__ == "__main__":
    raise SystemExit(main())
