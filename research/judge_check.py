"""Whether a decision the judge calls a mistake loses points when played out:
``python -m research judge-check --budget 1500 --positions 3000``.

Glossary:
    position    a decision of a seat with more than one legal action, met in a fixed-seed
                session of the built-in levels (easy, medium and hard seats; every profile,
                at two players and at a larger table; the first hand of each session). The
                judge prices it from that seat's view with the review's decision seed
                (:func:`knockrummy.ai.review.decision_seed`). Buy-back offers (worked out,
                never rolled out) are left out.
    group       the review's verdict on the chosen action: ``best`` (it is the judge's
                best), ``mistake`` (:attr:`~knockrummy.ai.review.Decision.mistake`), or
                ``close`` (too close to call).
    played out  from the TRUE state (the real hidden hands and stock order, which the judge
                never saw), the chosen action and the judge's best action each played to
                the end of the hand by the ``--continuation`` level in every seat (medium
                by default, a policy other than the judge's rollout policy; hard, the level
                the expert plays against), with ``--continuations`` seeds, the same seeds
                for both actions (paired). The value is the judge's own: the settled hand
                to the seat in the profile's terms (:func:`~knockrummy.ai.estimate.utility`).
    lead        at a position where the hard level's choice (with the position's seed) is
                not the option with the highest expected value: how far that option is
                above it, in standard errors of the paired difference. The judge departs
                from the hard level's choice only above ``CLEAR_ERRORS`` (and again on
                fresh samples).
    resampled   the same, from ``--resamples`` states whose hidden cards are drawn from the
                seat's view by the judge's own sampler (one continuation seed each).
    kind        what the chosen action and the judge's best differ on: ``draw`` (take the
                upcard or draw), ``knock`` (one knocks and the other does not) or ``throw``
                (two plain discards, or two knocks with different cards).
    loss        a position's played-out value of the judge's best less the chosen
                action's, averaged over its continuations (0 in the ``best`` group).
    budget      seconds after which no new position is begun; the figures say how many
                positions fit, never more than ``--positions``.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from dataclasses import dataclass

from knockrummy.ai import make_bot
from knockrummy.ai.estimate import settle_hands, utility
from knockrummy.ai.hard import HardBot, table_of
from knockrummy.ai.inference import read_view
from knockrummy.ai.judge import CLEAR_ERRORS, draw_samples
from knockrummy.ai.review import Decision, decision_seed, price_options
from knockrummy.bench.stats import Z95
from knockrummy.commands.sim import play_session
from knockrummy.engine.actions import Discard, Knock
from knockrummy.engine.hand import HandEnd
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.session import PLAYING, SessionState, apply_unchecked
from knockrummy.engine.views import player_view

from . import run_alone

LEVELS = ("easy", "medium", "hard")
CONTINUATIONS = ("medium", "hard")
"""The levels that can play a position out."""
KINDS = ("draw", "knock", "throw")
BANDS = (0.0, 0.5, 2.0, 5.0)
"""Lower edges of the predicted-cost bands."""
MAX_STEPS = 2_000
"""A continuation longer than this many actions is cut off (scored as it stands)."""


@dataclass
class Position:
    profile: str
    players: int
    state: SessionState
    seat: int
    action: object
    seed: int


def tables() -> list[tuple[str, int]]:
    """Every profile at two players (or its smallest table) and at a larger one."""
    found = []
    for pid, profile in sorted(PROFILES.items()):
        small = max(2, profile.min_players)
        found.append((pid, small))
        large = min(4, profile.max_players)
        if large > small:
            found.append((pid, large))
    return found


def positions(session: int, profile: str, players: int, level: str | None = None):
    """The positions of the first hand of session ``session`` (see the glossary), or of
    one between ``level`` seats."""
    levels = [level or LEVELS[(session + s) % len(LEVELS)] for s in range(players)]
    bots = [make_bot(level, session * 10 + s) for s, level in enumerate(levels)]
    found: list[Position] = []

    class Watched:
        def __init__(self, seat):
            self.seat = seat

        def choose(self, view):
            action = bots[self.seat].choose(view)
            if len(view.legal_actions) > 1 and view.phase != "buy-back":
                state = current[0]
                found.append(
                    Position(
                        profile,
                        players,
                        state,
                        self.seat,
                        action,
                        decision_seed(session, len(state.log)),
                    )
                )
            return action

    current: list[SessionState] = []

    def step(state):
        current[:] = [state]

    play_session(
        profile,
        players,
        session,
        [Watched(s) for s in range(players)],
        on_step=step,
        until=lambda s: bool(s.records),
    )
    return found


def position_stream(first: int, tables_: list[tuple[str, int]], level: str | None = None):
    """``(session, position)`` for the sessions from ``first`` on, each table's positions
    (:func:`positions`) in turn, without end."""
    session = first
    while True:
        for profile, players in tables_:
            for position in positions(session, profile, players, level):
                yield session, position
        session += 1


def play_out(
    state: SessionState, action, seat_view, seed: int, level: str = "medium", common: bool = False
) -> float:
    """``action`` played from ``state``, then ``level`` in every seat to the end of the
    hand: the settled hand's value to the seat (see the glossary). With ``common``, each
    decision's random numbers are drawn afresh from ``seed``, the seat and the moment of
    the hand (its turn and phase), so that two play-outs of one position with one seed
    meet the same numbers at the same moment (common random numbers: where the two hands
    come together again, they are played alike)."""
    knowledge = read_view(seat_view)
    profile = PROFILES[seat_view.profile_id]
    table = table_of(seat_view, knowledge, match=not profile.session.one_deal_each)
    bots = [make_bot(level, seed * 7 + s) for s in range(state.players)]
    state, _ = apply_unchecked(state, action)
    steps = 0
    hand = state.hand
    while state.phase == PLAYING and not state.hand.is_over and steps < MAX_STEPS:
        seat = state.to_move
        rng = getattr(bots[seat], "rng", None)
        if common and rng is not None:
            rng.seed(f"{seed}/{seat}/{state.hand.turn}/{state.hand.phase}")
        state, _ = apply_unchecked(state, bots[seat].choose(player_view(state, seat)))
        hand = state.hand
        steps += 1
    knocker = hand.knocker if hand.ended_by == HandEnd.KNOCK else None
    return utility(table, settle_hands(table, hand.hands, knocker))


def resampled(state: SessionState, view, seed: int, count: int) -> list[SessionState]:
    """``count`` copies of ``state`` with the hidden cards drawn from the seat's view."""
    if count <= 0:
        return []
    drawn = draw_samples(read_view(view), view.profile_id, seed, count)
    found = []
    for sample in drawn:
        copy = state.copy()
        copy.hand = copy.hand.copy()
        copy.hand.hands = [list(h) for h in sample.hands]
        copy.hand.stock = list(sample.stock)
        found.append(copy)
    return found


def kind_of(chosen, best) -> str:
    """What two actions of one decision differ on (see *kind* in the glossary)."""
    if not isinstance(chosen, Discard | Knock) or not isinstance(best, Discard | Knock):
        return "draw"
    return "knock" if isinstance(chosen, Knock) != isinstance(best, Knock) else "throw"


def lead(options, usual) -> float | None:
    """How far the option with the highest expected value is above the hard level's
    choice, in standard errors of the difference (see *lead* in the glossary); None when
    the hard level's choice has the highest expected value. An option's error is that of
    its difference from the best option, which is either the hard level's choice or (when
    the judge departs from it) the one with the highest expected value."""
    chosen = next(o for o in options if o.action == usual)
    if options[0].action == usual:
        top = max(options[1:], key=lambda o: o.expected, default=None)
        error = top.error if top is not None else 0.0
    else:
        top, error = options[0], chosen.error
    if top is None or top.expected <= chosen.expected or not error:
        return None
    return round((top.expected - chosen.expected) / error, 3)


def check(position: Position, continuations: int, resamples: int, level: str = "medium") -> dict:
    """One position judged and played out (see the glossary)."""
    view = player_view(position.state, position.seat)
    options = price_options(view, seed=position.seed)
    usual = HardBot(seed=position.seed).choose(view)
    decision = Decision(view.hand_number, view.turn, position.seat, position.action, options)
    group = (
        "best" if decision.action == decision.best else "mistake" if decision.mistake else "close"
    )
    row = {
        "profile": position.profile,
        "players": position.players,
        "group": group,
        "kind": kind_of(decision.action, decision.best),
        "cost": decision.cost,
        "error": decision.cost_error,
        "true": 0.0,
        "resampled": None,
        "lead": lead(options, usual),
        "departed": options[0].action != usual,
    }
    if group == "best":
        return row
    losses = []
    for c in range(continuations):
        seed = position.seed + 1 + c
        best = play_out(position.state, decision.best, view, seed, level)
        chosen = play_out(position.state, decision.action, view, seed, level)
        losses.append(best - chosen)
    row["true"] = statistics.fmean(losses)
    others = resampled(position.state, view, position.seed + 99, resamples)
    if others:
        more = []
        for n, state in enumerate(others):
            seed = position.seed + 1_000 + n
            more.append(
                play_out(state, decision.best, view, seed, level)
                - play_out(state, decision.action, view, seed, level)
            )
        row["resampled"] = statistics.fmean(more)
    return row


def interval(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {
        "n": len(values),
        "mean": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
    }


def correlation(xs: list[float], ys: list[float]) -> float | None:
    if len(xs) < 3 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return None
    return round(statistics.correlation(xs, ys), 3)


def summary(rows: list[dict]) -> dict:
    """The figures of ``rows``: groups, their played-out losses, the calibration."""
    found: dict = {"positions": len(rows)}
    for group in ("mistake", "close", "best"):
        some = [r for r in rows if r["group"] == group]
        found[group] = {
            "true": interval([r["true"] for r in some]),
            "resampled": interval([r["resampled"] for r in some if r["resampled"] is not None]),
            "predicted": round(statistics.fmean([r["cost"] for r in some]), 3) if some else None,
        }
    differing = [r for r in rows if r["group"] != "best"]
    found["correlation"] = correlation(
        [r["cost"] for r in differing], [r["true"] for r in differing]
    )
    bands = []
    for n, low in enumerate(BANDS):
        high = BANDS[n + 1] if n + 1 < len(BANDS) else math.inf
        some = [r for r in differing if low <= r["cost"] < high]
        bands.append(
            {
                "predicted": f"{low}-{high}",
                "true": interval([r["true"] for r in some]),
                "resampled": interval([r["resampled"] for r in some if r["resampled"] is not None]),
            }
        )
    found["bands"] = bands
    leads = sorted(r["lead"] for r in rows if r.get("lead") is not None)
    found["departures"] = {
        "best is not hard's choice": sum(1 for r in rows if r.get("departed")),
        "hard's choice not the highest mean": len(leads),
        "lead quartiles": statistics.quantiles(leads, n=4) if len(leads) > 1 else leads,
        "lead above 1": sum(1 for z in leads if z > 1),
        "lead above clear": sum(1 for z in leads if z > CLEAR_ERRORS),
    }
    found["kinds"] = {
        kind: {
            group: interval(
                [r["true"] for r in differing if r["group"] == group and r["kind"] == kind]
            )
            for group in ("mistake", "close")
        }
        for kind in KINDS
    }
    return found


def report(rows: list[dict], seconds: float, finished: bool, level: str = "medium") -> dict:
    profiles = sorted({r["profile"] for r in rows})
    return {
        "finished": finished,
        "continuation": level,
        "seconds": round(seconds, 1),
        "overall": summary(rows),
        "profiles": {p: summary([r for r in rows if r["profile"] == p]) for p in profiles},
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--budget", type=float, default=1500.0, help="seconds")
    parser.add_argument("--continuations", type=int, default=4)
    parser.add_argument("--resamples", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--continuation",
        choices=CONTINUATIONS,
        default="medium",
        help="the level that plays each position out",
    )


def run(args: argparse.Namespace) -> int:
    if args.positions < 1 or args.budget <= 0 or args.continuations < 1 or args.resamples < 0:
        args.parser.error("--positions and --continuations must be at least 1, --budget above 0")
    started = time.process_time()
    rows: list[dict] = []
    stream = position_stream(args.seed, tables())
    spent = lambda: time.process_time() - started  # noqa: E731
    while len(rows) < args.positions and spent() < args.budget:
        _session, position = next(stream)
        rows.append(check(position, args.continuations, args.resamples, args.continuation))
    finished = len(rows) >= args.positions
    print(json.dumps(report(rows, spent(), finished, args.continuation), indent=1))
    return 0


def main(argv=None) -> int:
    return run_alone(__import__(__name__, fromlist=["run"]), argv)


if __name__ == "__main__":
    raise SystemExit(main())
