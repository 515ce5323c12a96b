"""The hard level against OpenSpiel's SimpleGinRummyBot: ``knockrummy bench openspiel``.

An outside anchor for the computer players. Every hand is played inside OpenSpiel's own
``gin_rummy`` game, so OpenSpiel's rules and scoring referee it; the hard level only ever
sees the :class:`~knockrummy.engine.views.PlayerView` of its seat, built from what that
seat has seen.

Glossary:
    deal        one shuffle of OpenSpiel's deck: the order in which chance hands out cards
                (the deal itself, then every stock draw). Each deal is played twice with
                the bots' seats swapped, so both bots get the same cards and draws.
    OS card, meld id, first turn, view   see :mod:`.openspiel_bridge`, which turns
                OpenSpiel's cards, melds and actions into the engine's and back.
    wall        OpenSpiel stops when two cards are left in the stock: the next player may
                only knock with the upcard or end the hand as a draw.
    decided     a hand somebody knocked with a non-zero result (OpenSpiel scores a
                knock at equal deadwood 0 for both; those are counted as ties).
    parts       ``--hands 1000 --seed 1`` and ``--hands 1000 --seed 501`` play exactly the
                deals of ``--hands 2000 --seed 1`` (a deal's seed is the run's seed plus
                its index); ``--merge`` joins the parts' JSON, with the slowest part's
                decision times.
    points      OpenSpiel's return for our seat: deadwood difference, gin and undercut
                bonuses of 25; no game or box bonuses (one hand is one OpenSpiel game).

OpenSpiel (pip package ``open-spiel``) is only needed here and is imported only when the
benchmark runs: ``python -m pip install ".[bench]"``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .ai import load_external_bot
from .bench_ai import MergeError, add_merge_option, merge_command, percentile, wilson
from .engine.actions import Action, Knock, TakeDiscard
from .engine.cards import Card
from .engine.hand import DISCARD, DRAW
from .engine.layoffs import knocker_arrangement
from .engine.melds import best_arrangement
from .engine.views import PlayerView
from .openspiel_bridge import (
    HAND_SIZE,
    OS_DRAW_STOCK,
    OS_DRAW_UPCARD,
    OS_KNOCK,
    OS_PASS,
    SeatRecord,
    build_view,
    card_to_os,
    defender_plan,
    meld_actions,
    meld_from_id,
    os_action,
    os_to_card,
)

# --- playing a hand --------------------------------------------------------------------


@dataclass
class HandOutcome:
    """One OpenSpiel hand from our seat."""

    seat: int
    points: float
    knocker: int | None
    """0 (us), 1 (them) or None."""
    gin: bool
    undercut: bool
    knock_refused: int = 0
    """Our knocks OpenSpiel did not allow (played as plain discards)."""


class OurSeat:
    """Drives the hard level (or any bot spec) in OpenSpiel's game for one seat."""

    def __init__(self, bot: Any, me: int, times: list[float]) -> None:
        self.bot = bot
        self.record = SeatRecord(me)
        self.times = times
        self.pending: list[int] = []
        self.layoffs: list[Card] | None = None
        self.knock_refused = 0

    def _ask(self, view: PlayerView) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view)
        self.times.append(time.perf_counter() - start)
        return action

    def _pile(self, state: Any) -> list[Card]:
        pile = [os_to_card(c) for c in state.discard_pile()]
        upcard = state.upcard()
        if upcard is not None:
            pile.append(os_to_card(upcard))
        return pile

    def _hand(self, state: Any) -> list[Card]:
        return [os_to_card(c) for c in state.hands()[self.record.me]]

    def act(self, state: Any, pyspiel: Any) -> int:
        """Our OpenSpiel action in ``state`` (our seat to move)."""
        legal = state.legal_actions()
        if self.pending:
            action = self.pending.pop(0)
            if action in legal:
                return action
            self.pending.clear()
        phase = state.current_phase()
        phases = pyspiel.gin_rummy.Phase
        me = self.record.me
        if phase in (phases.FIRST_UPCARD, phases.DRAW):
            if legal == [OS_DRAW_STOCK]:
                return OS_DRAW_STOCK
            view = build_view(
                self.record, self._hand(state), self._pile(state), state.stock_size(), DRAW
            )
            choice = self._ask(view)
            return os_action(choice, phase == phases.FIRST_UPCARD)[0]
        if phase == phases.DISCARD:
            taken = None
            if self.record.log and self.record.log[-1][0] == me:
                position, action, card = self.record.log[-1]
                if isinstance(action, TakeDiscard):
                    taken = card
            view = build_view(
                self.record,
                self._hand(state),
                self._pile(state),
                state.stock_size(),
                DISCARD,
                taken,
            )
            choice = self._ask(view)
            actions = os_action(choice, False)
            if actions[0] == OS_KNOCK and OS_KNOCK not in legal:
                self.knock_refused += 1
                return actions[1]
            self.pending = actions[1:]
            return actions[0]
        if phase == phases.WALL:
            if OS_KNOCK not in legal:
                return OS_PASS
            pile = self._pile(state)
            upcard = pile.pop()
            record = SeatRecord(me, list(self.record.log), list(self.record.opponent_known))
            record.took(me, upcard)
            view = build_view(
                record, [*self._hand(state), upcard], pile, state.stock_size(), DISCARD, upcard
            )
            choice = self._ask(view)
            if isinstance(choice, Knock):
                self.pending = [card_to_os(choice.card)]
                return OS_KNOCK
            return OS_PASS
        if phase == phases.KNOCK:
            # Our knocking discard is pending; here the kept cards are declared.
            hand = self._hand(state)
            if len(hand) > HAND_SIZE:
                return min(legal)  # only reached if a pending discard was refused
            melds = knocker_arrangement(hand).melds
            actions = meld_actions(melds)
            for action in actions:
                if action not in legal:
                    raise RuntimeError(f"OpenSpiel refused our meld {action} in {legal}")
            if actions:
                self.pending = actions[1:] + [OS_PASS]
                return actions[0]
            return OS_PASS
        if phase == phases.LAYOFF:
            hand = self._hand(state)
            if not state.finished_layoffs():
                if self.layoffs is None:
                    knocker_melds = [meld_from_id(m) for m in state.layed_melds()[1 - me]]
                    self.layoffs, _ = defender_plan(hand, knocker_melds)
                while self.layoffs:
                    card = card_to_os(self.layoffs.pop(0))
                    if card in legal:
                        return card
                return OS_PASS
            melds = best_arrangement(hand).melds
            actions = [a for a in meld_actions(melds) if a in legal]
            if actions:
                self.pending = actions[1:] + [OS_PASS]
                return actions[0]
            return OS_PASS
        raise RuntimeError(f"no move for OpenSpiel phase {phase}")

    def observe(self, state: Any, player: int, action: int, pyspiel: Any) -> None:
        """Record a public action (before it is applied to ``state``)."""
        phases = pyspiel.gin_rummy.Phase
        phase = state.current_phase()
        if phase in (phases.FIRST_UPCARD, phases.DRAW):
            if action == OS_DRAW_UPCARD:
                self.record.took(player, os_to_card(state.upcard()))
            elif action == OS_DRAW_STOCK:
                self.record.drew(player)
            elif action == OS_PASS:
                self.record.passed(player)
        elif phase == phases.DISCARD and action < 52:
            self.record.discarded(player, os_to_card(action))


def deal_order(seed: int) -> list[int]:
    """The order in which chance hands out OpenSpiel's 52 cards for deal ``seed``."""
    order = list(range(52))
    random.Random(f"knockrummy/openspiel/{seed}").shuffle(order)
    return order


def play_hand(
    pyspiel: Any, game: Any, order: Sequence[int], seat: int, bot: Any, times: list[float]
) -> HandOutcome:
    """Play one hand with our bot at OpenSpiel player ``seat``; chance follows ``order``."""
    ours = OurSeat(bot, seat, times)
    theirs = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - seat)
    state = game.new_initial_state()
    dealt = 0
    drawer: int | None = None
    while not state.is_terminal():
        if state.is_chance_node():
            card = order[dealt]
            dealt += 1
            state.apply_action(card)
            if drawer == seat:
                ours.record.saw_my_draw(os_to_card(card))
            drawer = None
            continue
        player = state.current_player()
        action = ours.act(state, pyspiel) if player == seat else theirs.step(state)
        ours.observe(state, player, action, pyspiel)
        if action == OS_DRAW_STOCK:
            drawer = player
        state.apply_action(action)
    returns = state.returns()
    knocked = list(state.knocked())
    knocker = None
    gin = undercut = False
    if any(knocked):
        who = knocked.index(True)
        knocker = 0 if who == seat else 1
        gin = state.deadwood()[who] == 0
        undercut = returns[who] < 0
    return HandOutcome(seat, float(returns[seat]), knocker, gin, undercut, ours.knock_refused)


def bench(hands: int, seed: int, level: str = "hard") -> dict[str, Any]:
    """Play ``hands`` hands (rounded up to an even number): each deal twice, seats swapped."""
    try:
        import pyspiel
    except ImportError as exc:
        raise RuntimeError(
            "OpenSpiel is not installed: python -m pip install open-spiel "
            '(or ".[bench]" from the repository root)'
        ) from exc
    game = pyspiel.load_game("gin_rummy")
    deals = (hands + 1) // 2
    times: list[float] = []
    outcomes: list[HandOutcome] = []
    start = time.perf_counter()
    for index in range(deals):
        order = deal_order(seed + index)
        for seat in (0, 1):
            bot = load_external_bot(level, seed=(seed + index) * 2 + seat)
            outcomes.append(play_hand(pyspiel, game, order, seat, bot, times))
    elapsed = time.perf_counter() - start
    return summarise(outcomes, times, seed, level, elapsed)


def summarise(
    outcomes: Sequence[HandOutcome], times: Sequence[float], seed: int, level: str, elapsed: float
) -> dict[str, Any]:
    """The figures of a run."""
    played = len(outcomes)
    wins = sum(1 for o in outcomes if o.knocker is not None and o.points > 0)
    losses = sum(1 for o in outcomes if o.knocker is not None and o.points < 0)
    ties = sum(1 for o in outcomes if o.knocker is not None and o.points == 0)
    decided = wins + losses
    low, high = wilson(wins, decided)
    ms = [t * 1000 for t in times]

    def count(knocker: int, kind: str) -> int:
        return sum(1 for o in outcomes if o.knocker == knocker and getattr(o, kind))

    by_seat = {
        str(seat): statistics.fmean([o.points for o in outcomes if o.seat == seat] or [0.0])
        for seat in (0, 1)
    }
    return {
        "opponent": "OpenSpiel SimpleGinRummyBot",
        "bot": level,
        "hands": played,
        "seed": seed,
        "decided": decided,
        "draws": sum(1 for o in outcomes if o.knocker is None),
        "ties": ties,
        "wins": wins,
        "win_share": wins / decided if decided else 0.0,
        "win_share_95": [low, high],
        "points_per_hand": statistics.fmean([o.points for o in outcomes]) if outcomes else 0.0,
        "points_per_hand_by_seat": by_seat,
        "our_knocks": sum(1 for o in outcomes if o.knocker == 0),
        "our_gins": count(0, "gin"),
        "our_undercuts": count(1, "undercut"),
        "their_knocks": sum(1 for o in outcomes if o.knocker == 1),
        "their_gins": count(1, "gin"),
        "their_undercuts": count(0, "undercut"),
        "knocks_refused": sum(o.knock_refused for o in outcomes),
        "decisions": len(ms),
        "decision_ms_p50": statistics.median(ms) if ms else 0.0,
        "decision_ms_p95": percentile(ms, 0.95),
        "seconds": elapsed,
    }


SUMMED = (
    "hands",
    "decided",
    "draws",
    "ties",
    "wins",
    "our_knocks",
    "our_gins",
    "our_undercuts",
    "their_knocks",
    "their_gins",
    "their_undercuts",
    "knocks_refused",
    "decisions",
    "seconds",
)


def merge(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The result of one run from the JSON results of its parts (see ``parts``)."""
    if not parts:
        raise MergeError("nothing to merge")
    parts = sorted(parts, key=lambda r: r["seed"])
    first = parts[0]
    for part in parts:
        if (part["bot"], part["opponent"]) != (first["bot"], first["opponent"]):
            raise MergeError(f"seed {part['seed']} plays {part['bot']}, not {first['bot']}")
    for before, after in pairwise(parts):
        following = before["seed"] + before["hands"] // 2
        if after["seed"] != following:
            raise MergeError(
                f"seed {before['seed']} with {before['hands']} hands is followed by seed "
                f"{after['seed']}, not {following}"
            )
    out: dict[str, Any] = {"opponent": first["opponent"], "bot": first["bot"]}
    out.update({key: sum(part[key] for part in parts) for key in SUMMED})
    out["seed"] = first["seed"]
    out["win_share"] = out["wins"] / out["decided"] if out["decided"] else 0.0
    out["win_share_95"] = list(wilson(out["wins"], out["decided"]))
    hands = out["hands"]
    out["points_per_hand"] = sum(p["points_per_hand"] * p["hands"] for p in parts) / hands
    out["points_per_hand_by_seat"] = {
        seat: sum(p["points_per_hand_by_seat"][seat] * p["hands"] for p in parts) / hands
        for seat in ("0", "1")
    }
    for key in ("decision_ms_p50", "decision_ms_p95"):
        out[key] = max(part[key] for part in parts)
    out["parts"] = len(parts)
    return out


def _table(result: dict[str, Any]) -> str:
    low, high = result["win_share_95"]
    return "\n".join(
        [
            f"{result['bot']} vs {result['opponent']} in OpenSpiel gin_rummy: "
            f"{result['hands']} hands (seed {result['seed']}), each deal from both seats"
            + (f"; {result['parts']} parts" if result.get("parts") else ""),
            f"decided {result['decided']}, draws {result['draws']}, ties {result['ties']}",
            f"won {result['wins']} of {result['decided']} decided: "
            f"{result['win_share']:.3f} (95% {low:.3f}-{high:.3f})",
            f"points per hand {result['points_per_hand']:+.2f} "
            f"(as player 0 {result['points_per_hand_by_seat']['0']:+.2f}, "
            f"as player 1 {result['points_per_hand_by_seat']['1']:+.2f})",
            f"knocks: ours {result['our_knocks']} (gin {result['our_gins']}), "
            f"theirs {result['their_knocks']} (gin {result['their_gins']}); "
            f"undercuts: ours {result['our_undercuts']}, theirs {result['their_undercuts']}",
            f"decisions {result['decisions']}: p50 {result['decision_ms_p50']:.2f} ms, "
            f"p95 {result['decision_ms_p95']:.2f} ms; {result['seconds']:.0f} s in all",
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``knockrummy bench openspiel --hands N [--seed S] [--json]``."""
    parser = argparse.ArgumentParser(
        prog="knockrummy bench openspiel",
        description="Play the hard level against OpenSpiel's SimpleGinRummyBot.",
    )
    parser.add_argument("--hands", type=int, default=2000, help="hands in all (even)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard", help="our bot: a level or module:Class spec")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a summary")
    add_merge_option(parser)
    args = parser.parse_args(argv)
    if args.merge:
        return merge_command(parser, args.merge, merge, _table, args.json)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    try:
        result = bench(args.hands, args.seed, args.level)
    except RuntimeError as exc:
        if "OpenSpiel is not installed" not in str(exc):
            raise
        print(f"knockrummy bench openspiel: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2) if args.json else _table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
