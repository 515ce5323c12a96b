"""How much the hard level's guesses know of the hidden hand: ``python -m research.inference``.

The hard level decides on samples of the opponent's hidden cards (:mod:`knockrummy.ai.
inference`). Handed the real hand, it wins far more (the seers of :mod:`.bots`), so how
close its guesses come to what the opponent's play reveals decides what a better opponent
model could still win. This bench plays the hard level against the simple player, keeps
the positions of the hard seat's decisions with the opponent's real hand beside them, and
scores each sampler's guesses there, hand for hand, against the exact posterior of
:mod:`.posterior`: everything the simple player's play tells about its hand.

Glossary:
    position    one decision of the hard seat in a live hand with cards of the opponent's
                unknown to it: its view, and the opponent's real hand (never shown to a
                sampler).
    sampler     a way to guess the hidden cards from the view alone: ``uniform`` (every
                unseen card as likely), ``unweighted`` (the level's card weights and its
                prior that a hand with turns behind it has improved, no clues),
                ``hard`` (the level's own samples in this profile), ``clues`` (the
                level's samples kept to every clue it has, the bound and the likely
                samples, as it plays in the races and ``knock-rummy``) and ``posterior``
                (the exact posterior under the simple player's rules).
    chance      per unseen card, the share of a sampler's samples that put it in the
                opponent's hand, smoothed as ``(k + 1/2) / (n + 1)`` so that no guess is
                ever certain.
    log loss    per unseen card, ``-ln`` of the chance given to what was true (the card
                held, or not); its mean over the cards and positions. Lower is better;
                a sampler that knew the hand would score near 0.
    Brier       per unseen card, the squared difference between the chance and 1 (held)
                or 0; its mean.
    count error per position, how far the mean of the opponent's sampled counts is from
                its real count (the least deadwood of its hand).
    found       the share of what the play reveals that a sampler recovers:
                ``(uniform - sampler) / (uniform - posterior)`` in log loss.
    paired      each sampler's log loss per position less the posterior's at the same
                positions, with its 95% interval.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from knockrummy.ai.hard import HardBot, HardConfig
from knockrummy.ai.inference import Knowledge, Sample, read_view, sample_hidden
from knockrummy.ai.simple import SimpleBot
from knockrummy.commands import cli
from knockrummy.commands.sim import play_session
from knockrummy.engine.cards import Card
from knockrummy.engine.deadwood import cards_deadwood
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.session import SessionState
from knockrummy.engine.views import PlayerView

from . import run_alone
from .posterior import MOVES, PARTICLES, posterior_samples
from .stats import paired_difference

SAMPLERS = ("uniform", "unweighted", "hard", "clues", "posterior")
"""The samplers, in the order reported (see the glossary)."""
PROFILE_IDS = tuple(p for p, profile in PROFILES.items() if not profile.jokers)
"""The profiles the posterior is worked out for: no jokers (and two players)."""

Sampler = Callable[[PlayerView, Knowledge, random.Random, int], list[Sample]]


@dataclass(frozen=True)
class Position:
    """A position (see the glossary)."""

    view: PlayerView
    hand: tuple[Card, ...]
    """The opponent's real hand."""


class _Recorder:
    """The hard level, noting each of its positions with the real hand beside it."""

    def __init__(self, seed: int, positions: list[Position]) -> None:
        self.bot = HardBot(seed=seed)
        self.positions = positions
        self.state: SessionState | None = None

    def choose(self, view: PlayerView) -> Any:
        hand = self.state.hand if self.state is not None else None
        if view.phase == "playing" and hand is not None and view.position is not None:
            other = 1 - view.position
            if len(hand.hands[other]) > len(view_known(view)):
                self.positions.append(Position(view, tuple(hand.hands[other])))
        return self.bot.choose(view)


def view_known(view: PlayerView) -> tuple[Card, ...]:
    """The opponent's cards ``view`` knows of (taken from the pile, not thrown since)."""
    knowledge = read_view(view)
    return knowledge.known[knowledge.opponents[0]]


OPPONENTS = ("simple", "hard")
"""Who the recorded hard seat plays (``--opponent``): the simple player, whose play the
exact posterior knows, or the hard level itself (the mirror match; no posterior)."""


def record(profile_id: str, games: int, seed: int, opponent: str = "simple") -> list[Position]:
    """The positions of ``games`` sessions of the hard level against ``opponent``,
    seated as ``bench ai`` seats them (session ``seed + g``, the recorded hard level first
    on even sessions)."""
    positions: list[Position] = []
    for game in range(games):
        session = seed + game
        hard = _Recorder(session * 101, positions)
        if opponent == "hard":
            other: Any = HardBot(seed=session * 101 + 1)
        else:
            other = SimpleBot(seed=session * 101 + 1)
        seats: list[Any] = [hard, other] if game % 2 == 0 else [other, hard]

        def watch(state: SessionState, hard: _Recorder = hard) -> None:
            hard.state = state

        play_session(profile_id, 2, session, seats, on_step=watch)
    return positions


def _uniform(
    view: PlayerView, knowledge: Knowledge, rng: random.Random, count: int
) -> list[Sample]:
    opp = knowledge.opponents[0]
    need = knowledge.hidden[opp]
    out = []
    for _ in range(count):
        cards = list(knowledge.unseen)
        rng.shuffle(cards)
        hands = list(knowledge.known)
        hands[opp] = (*knowledge.known[opp], *cards[:need])
        out.append(Sample(tuple(hands), tuple(cards[need:])))
    return out


def _unweighted(
    view: PlayerView, knowledge: Knowledge, rng: random.Random, count: int
) -> list[Sample]:
    return sample_hidden(knowledge, rng, count)


def _hard(view: PlayerView, knowledge: Knowledge, rng: random.Random, count: int) -> list[Sample]:
    bot = HardBot(config=HardConfig(samples=dict.fromkeys(range(2, 7), count), race_samples=count))
    bot.rng = rng
    return bot.decision_samples(view, knowledge)


def _clues(view: PlayerView, knowledge: Knowledge, rng: random.Random, count: int) -> list[Sample]:
    return sample_hidden(knowledge, rng, count, likely=True, bound=True)


def samplers(particles: int = PARTICLES, moves: int = MOVES) -> dict[str, Sampler]:
    """Every sampler by name (see the glossary)."""

    def posterior(
        view: PlayerView, knowledge: Knowledge, rng: random.Random, count: int
    ) -> list[Sample]:
        return posterior_samples(view, knowledge, rng, count, particles, moves)

    return {
        "uniform": _uniform,
        "unweighted": _unweighted,
        "hard": _hard,
        "clues": _clues,
        "posterior": posterior,
    }


def score(position: Position, samples: Sequence[Sample]) -> tuple[float, float, float]:
    """The position's log loss and Brier (each the mean over its unseen cards) and its
    count error (see the glossary)."""
    knowledge = read_view(position.view)
    opp = knowledge.opponents[0]
    held = set(position.hand)
    counts = dict.fromkeys(knowledge.unseen, 0)
    sampled = []
    for sample in samples:
        for card in sample.hands[opp]:
            if card in counts:
                counts[card] += 1
        sampled.append(cards_deadwood(list(sample.hands[opp])))
    n = len(samples)
    loss = brier = 0.0
    for card, k in counts.items():
        chance = (k + 0.5) / (n + 1)
        truth = card in held
        loss -= math.log(chance if truth else 1.0 - chance)
        brier += (chance - truth) ** 2
    error = abs(statistics.fmean(sampled) - cards_deadwood(list(position.hand)))
    return loss / len(counts), brier / len(counts), error


def bench(
    profile_id: str,
    games: int,
    seed: int,
    positions: int,
    samples: int,
    names: Sequence[str] = SAMPLERS,
    particles: int = PARTICLES,
    moves: int = MOVES,
    opponent: str = "simple",
) -> dict[str, Any]:
    """Record the positions of ``games`` sessions against ``opponent``, keep
    ``positions`` of them at random (seeded), and score every sampler in ``names`` on the
    same ones, ``samples`` each. Each figure is a mean over the positions, each position
    weighing the same. Against the hard level there is no posterior: each sampler is
    compared with the uniform one instead (``vs_uniform``)."""
    if profile_id not in PROFILE_IDS:
        raise ValueError(f"{profile_id} has jokers; the posterior is worked out without them")
    unknown = [name for name in names if name not in SAMPLERS]
    if unknown or not names:
        raise ValueError(f"name samplers among {', '.join(SAMPLERS)}")
    if opponent not in OPPONENTS:
        raise ValueError(f"the opponent is one of {', '.join(OPPONENTS)}")
    if opponent != "simple" and "posterior" in names:
        raise ValueError("the posterior knows only the simple player's play: leave it out")
    recorded = record(profile_id, games, seed, opponent)
    chosen = random.Random(seed).sample(recorded, min(positions, len(recorded)))
    if not chosen:
        raise ValueError("those games left no position with a hidden card to guess")
    table = samplers(particles, moves)
    scores: dict[str, list[tuple[float, float, float]]] = {}
    times: dict[str, float] = {}
    for name in names:
        rng = random.Random(seed)
        scores[name] = []
        start = time.perf_counter()
        for position in chosen:
            drawn = table[name](position.view, read_view(position.view), rng, samples)
            scores[name].append(score(position, drawn))
        times[name] = time.perf_counter() - start
    rows = []
    for name in names:
        losses = [loss for loss, _, _ in scores[name]]
        row: dict[str, Any] = {
            "sampler": name,
            "log_loss": round(statistics.fmean(losses), 5),
            "brier": round(statistics.fmean(b for _, b, _ in scores[name]), 5),
            "count_error": round(statistics.fmean(e for _, _, e in scores[name]), 3),
            "ms_per_position": round(1000 * times[name] / len(chosen), 2),
        }
        if "posterior" in scores and name != "posterior":
            posterior = [loss for loss, _, _ in scores["posterior"]]
            row["vs_posterior"], row["vs_posterior_95"] = paired_difference(losses, posterior)
        if "uniform" in scores and name != "uniform":
            uniform = [loss for loss, _, _ in scores["uniform"]]
            row["vs_uniform"], row["vs_uniform_95"] = paired_difference(losses, uniform)
        rows.append(row)
    by_name = {row["sampler"]: row["log_loss"] for row in rows}
    if "uniform" in by_name and "posterior" in by_name:
        revealed = by_name["uniform"] - by_name["posterior"]
        for row in rows:
            found = (by_name["uniform"] - row["log_loss"]) / revealed if revealed else None
            row["found"] = None if found is None else round(found, 4)
    return {
        "profile": profile_id,
        "opponent": opponent,
        "games": games,
        "seed": seed,
        "positions_recorded": len(recorded),
        "positions": len(chosen),
        "samples": samples,
        "particles": particles,
        "moves": moves,
        "samplers": rows,
    }


def _table(result: dict[str, Any]) -> str:
    with_posterior = any(row["sampler"] == "posterior" for row in result["samplers"])
    reference = "posterior" if with_posterior else "uniform"
    lines = [
        f"{result['profile']}: the hard level's guesses at the {result['opponent']} "
        "player's hand, "
        f"{result['positions']} of {result['positions_recorded']} positions from "
        f"{result['games']} sessions (seed {result['seed']}), {result['samples']} samples each",
        f"{'sampler':<12}{'log loss':>10}{'Brier':>9}{'count error':>13}{'found':>8}"
        f"{'against the ' + reference + ' [95%]':>36}{'ms':>10}",
    ]
    for row in result["samplers"]:
        found = row.get("found")
        against = ""
        if f"vs_{reference}" in row:
            low, high = row[f"vs_{reference}_95"]
            against = f"{row[f'vs_{reference}']:+.4f} [{low:+.4f}, {high:+.4f}]"
        lines.append(
            f"{row['sampler']:<12}{row['log_loss']:>10.4f}{row['brier']:>9.4f}"
            f"{row['count_error']:>13.2f}{'' if found is None else f'{found:.1%}':>8}"
            f"{against:>36}{row['ms_per_position']:>10.1f}"
        )
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``python -m research.inference --profile ID --games N --seed S --positions P
    --samples K``."""
    parser.description = (
        "Score the hard level's guesses at the simple player's hidden hand against the "
        "exact posterior of its play."
    )
    parser.add_argument("--profile", default="gin-rummy", choices=PROFILE_IDS)
    parser.add_argument("--games", type=cli.count(1, 100_000), default=30)
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument("--positions", type=cli.count(1, 1_000_000), default=150)
    parser.add_argument("--samples", type=cli.count(1, 100_000), default=400)
    parser.add_argument("--particles", type=cli.count(1, 1_000_000), default=PARTICLES)
    parser.add_argument("--moves", type=cli.count(0, 100_000), default=MOVES)
    parser.add_argument(
        "--samplers",
        type=lambda text: [part.strip() for part in text.split(",")],
        default=None,
        help=f"comma-separated, among {', '.join(SAMPLERS)} (default: every one the "
        "opponent allows)",
    )
    parser.add_argument(
        "--opponent",
        choices=OPPONENTS,
        default="simple",
        help="the simple player (with its exact posterior) or the hard level",
    )
    parser.add_argument("--json", action="store_true")


def run(args: argparse.Namespace) -> int:
    try:
        result = bench(
            args.profile,
            args.games,
            args.seed,
            args.positions,
            args.samples,
            args.samplers or [n for n in SAMPLERS if args.opponent == "simple" or n != "posterior"],
            args.particles,
            args.moves,
            args.opponent,
        )
    except ValueError as exc:
        args.parser.exit(2, f"{args.parser.prog}: {exc}\n")
    print(json.dumps(result, indent=2) if args.json else _table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(run_alone(sys.modules[__name__]))
