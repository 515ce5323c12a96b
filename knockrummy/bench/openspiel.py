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
    game        a game to 100 composed from the hands in the order played (each deal from
                seat 0, then seat 1, so who moves first alternates hand by hand): each
                hand adds its points to the side that won them, and the first side at 100
                or more wins the game; the next hand starts a new game. Hands after the
                last finished game are left over. A game's points are ``gin-rummy``'s:
                the running score, a game bonus of 100 to the winner, and 25 a side for
                each hand it won (the box bonus); OpenSpiel's points count, so a tied knock
                scores nothing and wins no box.
    match       ``--matches N``: games to 100 played as such inside OpenSpiel, each hand a
                fresh deal (deal ``seed + k`` for the run's ``k``-th hand), our seat
                alternating hand by hand and match by match. A match is the composed game
                of its hands, so it is counted by the same code.

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
from types import SimpleNamespace
from typing import Any

from ..commands import cli
from ..engine.actions import Action, Knock, TakeDiscard
from ..engine.cards import CARDS, Card
from ..engine.hand import DISCARD, DRAW
from ..engine.layoffs import knocker_arrangement
from ..engine.melds import best_arrangement
from ..engine.views import PlayerView
from .bots import ABLATIONS, SEERS, make_level
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
from .stats import (
    MergeError,
    add_merge_option,
    check_bots,
    merge_command,
    percentile,
    wilson,
)

MAX_HANDS = 2_000_000
"""More hands than any run needs; a larger count is a typing slip."""

TARGET = 100
"""Points that win a game (the ``gin-rummy`` profile's target)."""
GAME_BONUS = 100
"""The ``gin-rummy`` profile's game bonus, to the game's winner."""
BOX_BONUS = 25
"""The ``gin-rummy`` profile's bonus for each hand a side won."""

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

    def _ask(self, view: PlayerView, state: Any) -> Action:
        if hasattr(self.bot, "observe"):  # a seer: shown the real hidden cards
            other = [os_to_card(card) for card in state.hands()[1 - self.record.me]]
            self.bot.observe(seen_table(view, other))
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
            choice = self._ask(view, state)
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
            choice = self._ask(view, state)
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
            choice = self._ask(view, state)
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


def seen_table(view: PlayerView, other: Sequence[Card]) -> SimpleNamespace:
    """What a seer (see :mod:`.bots`) is shown before a decision: the hands by position,
    ours as ``view`` has it and the opponent's real ``other``, and the stock as the cards
    neither hand nor the face-up pile holds (a seer shuffles it)."""
    me = view.position
    if me is None:
        raise ValueError("a seer is shown the table only when its seat is in the hand")
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[me] = tuple(view.hand)
    hands[1 - me] = tuple(other)
    held = {*view.hand, *other, *view.discard_pile}
    stock = [card for card in CARDS if card not in held]
    if len(stock) != view.stock_count:
        raise ValueError(f"the seen cards do not add up to a stock of {view.stock_count}")
    return SimpleNamespace(hand=SimpleNamespace(hands=tuple(hands), stock=stock))


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


@dataclass(frozen=True)
class Game:
    """A game to 100 composed from consecutive hands (see ``game``), from our side."""

    hands: int
    ours: float
    """Our running score at the end."""
    theirs: float
    boxes: tuple[int, int]
    """Hands won (ours, theirs)."""

    @property
    def won(self) -> bool:
        return self.ours > self.theirs

    @property
    def net(self) -> float:
        """Our game points less theirs: scores, game bonus and box bonuses."""
        bonus = GAME_BONUS if self.won else -GAME_BONUS
        return self.ours - self.theirs + bonus + BOX_BONUS * (self.boxes[0] - self.boxes[1])


def compose_games(points: Sequence[float], target: float = TARGET) -> tuple[list[Game], int]:
    """The games to ``target`` that ``points`` (our points per hand, in order) make, and
    the number of hands left over after the last finished one."""
    games = []
    ours = theirs = 0.0
    boxes = [0, 0]
    hands = 0
    for value in points:
        hands += 1
        if value > 0:
            ours += value
            boxes[0] += 1
        elif value < 0:
            theirs -= value
            boxes[1] += 1
        if ours >= target or theirs >= target:
            games.append(Game(hands, ours, theirs, (boxes[0], boxes[1])))
            ours = theirs = 0.0
            boxes = [0, 0]
            hands = 0
    return games, hands


def game_figures(points: Sequence[float]) -> dict[str, Any]:
    """The games to 100 in ``points`` (see ``compose_games``): games won with its 95%
    Wilson interval, hands per game, net game points per game and per hand."""
    games, left = compose_games(points)
    won = sum(1 for g in games if g.won)
    low, high = wilson(won, len(games))
    hands = sum(g.hands for g in games)
    net = sum(g.net for g in games)
    return {
        "games": len(games),
        "won": won,
        "win_rate": won / len(games) if games else 0.0,
        "win_rate_95": [low, high],
        "hands_per_game": hands / len(games) if games else 0.0,
        "net_points_per_game": net / len(games) if games else 0.0,
        "net_points_per_hand": net / hands if hands else 0.0,
        "hands_left_over": left,
    }


class OpenSpielMissing(RuntimeError):
    """The optional OpenSpiel package is not installed."""


def _load_game() -> tuple[Any, Any]:
    """OpenSpiel and its ``gin_rummy`` game, or :class:`OpenSpielMissing`."""
    try:
        import pyspiel
    except ImportError as exc:
        raise OpenSpielMissing(
            "OpenSpiel is not installed: python -m pip install open-spiel "
            '(or ".[bench]" from the repository root)'
        ) from exc
    return pyspiel, pyspiel.load_game("gin_rummy")


def bench_matches(matches: int, seed: int, level: str = "hard") -> dict[str, Any]:
    """Play ``matches`` games to 100 inside OpenSpiel (see ``match``)."""
    pyspiel, game = _load_game()
    times: list[float] = []
    outcomes: list[HandOutcome] = []
    start = time.perf_counter()
    for match in range(matches):
        ours = theirs = 0.0
        hand = 0
        while ours < TARGET and theirs < TARGET:
            deal = seed + len(outcomes)
            seat = (match + hand) % 2
            bot = make_level(level, seed=deal * 2 + seat)
            outcome = play_hand(pyspiel, game, deal_order(deal), seat, bot, times)
            outcomes.append(outcome)
            ours += max(outcome.points, 0.0)
            theirs += max(-outcome.points, 0.0)
            hand += 1
    elapsed = time.perf_counter() - start
    result = summarise(outcomes, times, seed, level, elapsed)
    result["mode"] = "matches"
    return result


def bench(hands: int, seed: int, level: str = "hard") -> dict[str, Any]:
    """Play ``hands`` hands (rounded up to an even number): each deal twice, seats swapped."""
    pyspiel, game = _load_game()
    deals = (hands + 1) // 2
    times: list[float] = []
    outcomes: list[HandOutcome] = []
    start = time.perf_counter()
    for index in range(deals):
        order = deal_order(seed + index)
        for seat in (0, 1):
            bot = make_level(level, seed=(seed + index) * 2 + seat)
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
        "games_to_100": game_figures([o.points for o in outcomes]),
        "hand_points": [o.points for o in outcomes],
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
    if any(part.get("mode") for part in parts):
        raise MergeError("matches are whole runs: play them with one --matches N")
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
    out["hand_points"] = [p for part in parts for p in part["hand_points"]]
    out["games_to_100"] = game_figures(out["hand_points"])
    out["parts"] = len(parts)
    return out


def _table(result: dict[str, Any]) -> str:
    low, high = result["win_share_95"]
    games = result["games_to_100"]
    g_low, g_high = games["win_rate_95"]
    how = (
        "each a fresh deal, played as matches to 100"
        if result.get("mode") == "matches"
        else "each deal from both seats"
    )
    return "\n".join(
        [
            f"{result['bot']} vs {result['opponent']} in OpenSpiel gin_rummy: "
            f"{result['hands']} hands (seed {result['seed']}), {how}"
            + (f"; {result['parts']} parts" if result.get("parts") else ""),
            f"games to 100: won {games['won']} of {games['games']}: {games['win_rate']:.3f} "
            f"(95% {g_low:.3f}-{g_high:.3f}); {games['hands_per_game']:.1f} hands a game, "
            f"net {games['net_points_per_game']:+.1f} a game with game and box bonuses "
            f"({games['net_points_per_hand']:+.2f} a hand); "
            f"{games['hands_left_over']} hands left over",
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


def _own_level(name: str) -> bool:
    """The bench-only levels this bench can play: the ablations and the seers."""
    return name in ABLATIONS or name in SEERS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``bench openspiel --hands N | --matches N [--seed S] [--level L] [--json]``."""
    parser.description = "Play the hard level against OpenSpiel's SimpleGinRummyBot."
    parser.add_argument(
        "--hands", type=cli.count(1, MAX_HANDS), default=2000, help="hands in all (even)"
    )
    parser.add_argument("--seed", type=cli.seed, default=1)
    parser.add_argument(
        "--level",
        type=cli.bot_spec(own=_own_level),
        default="hard",
        help="our bot: a level, simple, one of the hard level's ablations (hard-unbound, ...),"
        " a seer (hard-seer, hard-seer-knock: bench-only, shown OpenSpiel's hidden cards)"
        " or a package.module:Class spec",
    )
    parser.add_argument(
        "--matches",
        type=cli.count(1, MAX_HANDS),
        help="play this many games to 100 inside OpenSpiel instead of --hands",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a summary")
    add_merge_option(parser)


def run(args: argparse.Namespace) -> int:
    parser = args.parser
    if args.merge:
        return merge_command(parser, args.merge, merge, _table, args.json)
    check_bots(parser, [args.level])
    try:
        if args.matches:
            result = bench_matches(args.matches, args.seed, args.level)
        else:
            result = bench(args.hands, args.seed, args.level)
    except OpenSpielMissing as exc:
        print(f"{parser.prog}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2) if args.json else _table(result))
    return 0
