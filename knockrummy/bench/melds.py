"""Speed of the meld solver, and a cross-check against OpenSpiel when it is installed.

Glossary:
    pool      random hands drawn once from a seeded generator before any timing, so the
              clock sees only solver calls (and the loop that makes them).
    rate      calls per second over ``seconds_per_size`` of repeated passes over a pool.
    OpenSpiel an optional benchmark extra (``pip install open-spiel``), never needed at run
              time. Its ``GinRummyUtils.min_deadwood`` is exact for 10-card hands (for 11
              cards it is a heuristic), so only 10-card hands are compared.
    interleaved  the comparison with OpenSpiel taken in turns: a 2,000-hand slice of each
              call, then the next call's, round after round, keeping each call's best
              slice. A change of load on a shared machine then falls on every call alike,
              which the rows timed one after another cannot promise.

Run ``knockrummy bench melds`` (``--json`` for JSON).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.cards import CARDS
from ..engine.deadwood import cards_deadwood
from ..engine.melds import best_arrangement, deadwood_points, discard_points

SIZES = (7, 10, 11)
POOL_SIZE = 20_000
CHUNK = 2_000
"""Hands per slice when the calls are timed in turn."""
MAX_SECONDS = 3600.0
"""An hour per row is more than any measurement needs; a longer one is a typing slip."""
MAX_ROUNDS = 1_000


def _rate(call: Callable[[Any], object], pool: Sequence[Any], seconds: float) -> float:
    """Calls per second of ``call`` over whole passes of ``pool`` lasting ``seconds``."""
    calls = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or not calls:
        for item in pool:
            call(item)
        calls += len(pool)
        elapsed = time.perf_counter() - start
    return calls / elapsed


def _interleaved(
    calls: dict[str, tuple[Callable[[Any], object], Sequence[Any]]], rounds: int, chunk: int
) -> dict[str, float]:
    """Each call's best rate over ``chunk``-sized slices of its pool, the calls timed in
    turn on the same slice, for ``rounds`` passes over the pools."""
    best = dict.fromkeys(calls, 0.0)
    size = min(len(pool) for _, pool in calls.values())
    for _ in range(rounds):
        for start in range(0, size, chunk):
            for name, (call, pool) in calls.items():
                part = pool[start : min(start + chunk, size)]
                begin = time.perf_counter()
                for item in part:
                    call(item)
                best[name] = max(best[name], len(part) / (time.perf_counter() - begin))
    return best


def _masks(rng: random.Random, size: int) -> list[int]:
    out = []
    for _ in range(POOL_SIZE):
        mask = 0
        for code in rng.sample(range(52), size):
            mask |= 1 << code
        out.append(mask)
    return out


def _open_spiel(masks: Sequence[int], seconds: float, rounds: int) -> dict[str, Any] | None:
    """Time OpenSpiel's 10-card ``min_deadwood`` on ``masks`` and compare it with ours,
    alone and interleaved with ``best_arrangement`` and the count from a list."""
    try:
        import pyspiel  # optional benchmark extra
    except ImportError:
        return None
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    # OpenSpiel numbers cards suit * 13 + rank - 1 with another suit order; deadwood does
    # not depend on which suit is which, so our codes can be passed unchanged.
    hands = [[code for code in range(52) if mask >> code & 1] for mask in masks]
    min_deadwood = utils.min_deadwood
    rate = _rate(min_deadwood, hands, seconds)
    mismatches = [
        mask
        for mask, hand in zip(masks, hands, strict=True)
        if min_deadwood(hand) != deadwood_points(mask)
    ]
    cards = [[CARDS[code] for code in hand] for hand in hands]
    turns = _interleaved(
        {
            "min_deadwood": (min_deadwood, hands),
            "best_arrangement": (best_arrangement, cards),
            "from_cards": (cards_deadwood, cards),
        },
        rounds,
        CHUNK,
    )
    return {
        "min_deadwood_10_per_s": rate,
        "interleaved_rounds": rounds,
        "interleaved_10_per_s": turns,
        "compared": len(masks),
        "mismatches": len(mismatches),
        "first_mismatch_mask": mismatches[0] if mismatches else None,
    }


def bench_melds(seconds_per_size: float = 2.0, seed: int = 1, rounds: int = 10) -> dict[str, Any]:
    """Time ``deadwood_points`` on random 7-, 10- and 11-card hands and ``discard_points``
    on 11-card hands; with OpenSpiel installed, also time and cross-check its solver, and
    compare it with ours in ``rounds`` interleaved rounds.

    Returns ``{"python", "seed", "seconds_per_size", "deadwood_points_per_s": {size: rate},
    "discard_points_per_s", "open_spiel"}``; ``open_spiel`` is None when not installed.
    """
    rng = random.Random(seed)
    pools = {size: _masks(rng, size) for size in SIZES}
    rates = {str(size): _rate(deadwood_points, pools[size], seconds_per_size) for size in SIZES}
    hands = [[CARDS[code] for code in range(52) if mask >> code & 1] for mask in pools[11]]
    tens = [[CARDS[code] for code in range(52) if mask >> code & 1] for mask in pools[10]]
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "seed": seed,
        "seconds_per_size": seconds_per_size,
        "deadwood_points_per_s": rates,
        "discard_points_per_s": _rate(discard_points, hands, seconds_per_size),
        "from_cards_10_per_s": _rate(cards_deadwood, tens, seconds_per_size),
        "best_arrangement_10_per_s": _rate(best_arrangement, tens, seconds_per_size),
        "open_spiel": _open_spiel(pools[10], seconds_per_size, rounds),
    }


def _table(result: dict[str, Any]) -> str:
    lines = [
        f"Meld solver speed ({result['python']}, seed {result['seed']}, "
        f"{result['seconds_per_size']:g} s per row)",
        f"{'call':<38}{'cards':>6}{'calls/s':>14}",
    ]
    for size, rate in result["deadwood_points_per_s"].items():
        lines.append(f"{'deadwood_points':<38}{size:>6}{rate:>14,.0f}")
    lines.append(f"{'discard_points':<38}{11:>6}{result['discard_points_per_s']:>14,.0f}")
    lines.append(
        f"{'deadwood_points from a card list':<38}{10:>6}{result['from_cards_10_per_s']:>14,.0f}"
    )
    lines.append(
        f"{'best_arrangement (melds spelled out)':<38}{10:>6}"
        f"{result['best_arrangement_10_per_s']:>14,.0f}"
    )
    spiel = result["open_spiel"]
    if spiel is None:
        lines.append("OpenSpiel not installed (pip install open-spiel to compare).")
    else:
        lines.append(
            f"{'OpenSpiel GinRummyUtils.min_deadwood':<38}{10:>6}"
            f"{spiel['min_deadwood_10_per_s']:>14,.0f}"
        )
        turns = spiel["interleaved_10_per_s"]
        lines.append(
            f"Taken in turns ({spiel['interleaved_rounds']} rounds, best {CHUNK:,}-hand slice):"
        )
        for name, label in (
            ("min_deadwood", "OpenSpiel GinRummyUtils.min_deadwood"),
            ("from_cards", "deadwood_points from a card list"),
            ("best_arrangement", "best_arrangement (melds spelled out)"),
        ):
            share = turns[name] / turns["min_deadwood"]
            lines.append(f"{label:<38}{10:>6}{turns[name]:>14,.0f}{share:>8.2f}x")
        verdict = "agree" if not spiel["mismatches"] else f"{spiel['mismatches']} disagree"
        lines.append(f"OpenSpiel and deadwood_points {verdict} on {spiel['compared']} hands.")
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``bench melds [--seconds S] [--seed N] [--rounds R] [--json]``."""
    from ..commands import cli

    parser.description = "Speed of the meld solver, and a cross-check against OpenSpiel."
    parser.add_argument(
        "--seconds", type=cli.seconds(MAX_SECONDS), default=2.0, help="seconds per row"
    )
    parser.add_argument("--seed", type=cli.seed, default=1, help="seed for the random hands")
    parser.add_argument(
        "--rounds",
        type=cli.count(1, MAX_ROUNDS),
        default=10,
        help="rounds of the comparison with OpenSpiel taken in turns",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")


def run(args: argparse.Namespace) -> int:
    """Print the benchmark as a table (or JSON with ``--json``); returns the exit status.

    Exits 1 if OpenSpiel is installed and disagrees with the solver on any hand.
    """
    result = bench_melds(args.seconds, args.seed, args.rounds)
    print(json.dumps(result, indent=2) if args.json else _table(result))
    spiel = result["open_spiel"]
    return 1 if spiel is not None and spiel["mismatches"] else 0
