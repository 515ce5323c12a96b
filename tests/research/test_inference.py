"""``python -m research.inference`` and the exact posterior it measures the guesses against."""

from __future__ import annotations

import json
import random
import statistics
from collections import Counter
from itertools import permutations

import pytest

from knockrummy.ai.inference import read_view
from knockrummy.engine.actions import Discard, DrawStock, TakeDiscard
from knockrummy.engine.cards import Card
from knockrummy.engine.views import PlayerView
from research.__main__ import main as research
from research.inference import Position, bench, samplers, score
from research.posterior import (
    Play,
    Step,
    _Particle,
    log_likelihood,
    placements,
    posterior_samples,
    read_play,
)

pytestmark = pytest.mark.slow  # research benches: games, posteriors, subprocesses


def cards(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


@pytest.fixture(scope="module")
def positions():
    """The positions of the first two hands of a gin-rummy session of the hard level
    against the simple player."""
    return [Position(view, hand) for view, _, hand in real_histories("gin-rummy", 5)]


def brute_placements(deadlines: list[int], first: int, slots: int) -> int:
    """Placements counted one by one: distinct slots, each before its card's deadline."""
    return sum(
        all(slot < deadline for slot, deadline in zip(chosen, deadlines, strict=True))
        for chosen in permutations(range(first, first + slots), len(deadlines))
    )


@pytest.mark.parametrize(
    ("deadlines", "first"), [([3], 0), ([2, 4], 0), ([3, 3, 5], 1), ([2, 2, 2], 0), ([], 4)]
)
def test_placements_count_every_way_to_seat_the_thrown_cards_in_time(deadlines, first):
    assert placements(deadlines, first) == brute_placements(deadlines, first, 6 - first)


def test_histories_are_grown_from_the_exact_prior():
    """Three dealt cards and two draws; the thrown 9S sat in a slot before its throw (slot
    3 or earlier). Every allowed history is equally likely before the play is weighed."""
    pool = cards("2C 3C 4C 5C 6C 7C")
    thrown = Card.parse("9S")
    rng = random.Random(3)
    seen: Counter[tuple[Card, ...]] = Counter()
    runs = 36_000
    for _ in range(runs):
        particle = _Particle(list(pool), [(thrown, 4)])
        for slot in range(5):
            particle.fill(rng, slot)
        seen[tuple(particle.history)] += 1
    # 9S in one of slots 0-3, four of the six pool cards in the other four slots, in order
    allowed = 4 * 6 * 5 * 4 * 3
    assert len(seen) == allowed
    assert all(h.index(thrown) < 4 for h in seen)
    expected = runs / allowed
    chi2 = sum((n - expected) ** 2 / expected for n in seen.values())
    assert chi2 < (allowed - 1) + 5 * (2 * (allowed - 1)) ** 0.5  # five deviations above its mean
    by_slot = Counter(h.index(thrown) for h in seen.elements())
    assert all(abs(by_slot[slot] - runs / 4) < 0.03 * runs for slot in range(4))


def test_a_history_without_a_thrown_card_cannot_have_happened():
    play = Play(
        steps=(Step("throw", Card.parse("KS")),),
        slots=3,
        deadlines=((Card.parse("KS"), 3),),
        pool=tuple(cards("2C 3C 4C 5D")),
        hidden=2,
        known=(),
        threshold=10,
    )
    assert log_likelihood(play, cards("KS 2C 5D")) > float("-inf")
    assert log_likelihood(play, cards("2C 3C 5D")) == float("-inf")


def test_a_throw_that_breaks_the_simple_rules_is_unlikely_not_impossible():
    """Throwing a card of a run when an odd king is held breaks the least-count rule;
    throwing the highest of four odd cards keeps it."""
    play = Play(
        steps=(Step("throw", Card.parse("4C")),),
        slots=4,
        deadlines=((Card.parse("4C"), 4),),
        pool=tuple(cards("2C 3C KS 2D 3H AS")),
        hidden=3,
        known=(),
        threshold=10,
    )
    odd_king = log_likelihood(play, cards("2C 3C 4C KS"))
    nothing_better = log_likelihood(play, cards("4C 2D 3H AS"))
    assert float("-inf") < odd_king < nothing_better - 3


def real_histories(
    profile_id: str, session: int
) -> list[tuple[PlayerView, list[Card], tuple[Card, ...]]]:
    """At each decision of the hard seat (seat 0) against the simple player in the first
    two hands of a session: its view, the opponent's real history (the cards dealt to it,
    then each card it drew) and its hand."""
    from knockrummy.ai.hard import HardBot
    from knockrummy.ai.simple import SimpleBot
    from knockrummy.commands.sim import play_session

    out = []
    now = {}

    class Watching(HardBot):
        def choose(self, view):
            hand = now["state"].hand
            if view.phase == "playing" and hand is not None:
                held = list(hand.hands[1])
                drawn = []
                for position, action, card in reversed(hand.log):
                    if position != 1:
                        continue
                    if isinstance(action, Discard):
                        held.append(action.card)
                    elif isinstance(action, (DrawStock, TakeDiscard)):
                        held.remove(card)
                        if isinstance(action, DrawStock):
                            drawn.insert(0, card)
                out.append((view, held + drawn, tuple(hand.hands[1])))
            return super().choose(view)

    play_session(
        profile_id,
        2,
        session,
        [Watching(seed=1), SimpleBot(seed=2)],
        on_step=lambda state: now.__setitem__("state", state),
        until=lambda state: state.hand_number > 2,
    )
    return out


def test_the_simple_players_real_history_keeps_its_rules(monkeypatch):
    """The model is the simple player's own rules: its real history breaks none of them
    (but where its rule against repeating a draw-and-throw pair moves its throw)."""
    import research.posterior as posterior

    monkeypatch.setattr(posterior, "_LOG_SLIP", -1e6)
    kept = broken = 0
    for profile_id, session in (("gin-rummy", 3), ("gin-classic", 4), ("poker-rum", 5)):
        for view, history, _ in real_histories(profile_id, session):
            play = read_play(view, read_view(view))
            assert len(history) == play.slots
            assert play.hidden == play.slots - len(play.deadlines)
            if log_likelihood(play, history) > -1e5:
                kept += 1
            else:
                broken += 1
    assert kept > 40 and broken <= kept // 20


def test_the_posterior_knows_more_of_the_hand_than_a_uniform_guess(positions):
    """Per position, the mean chance given to the cards really held less that given to
    the other unseen cards: about nothing for a uniform guess, clearly more for the
    posterior (which never sees the hand)."""
    late = [p for p in positions if read_view(p.view).turns[1 - p.view.position] >= 2][:10]
    table = samplers(particles=400, moves=5)
    gaps = {}
    for name in ("uniform", "posterior"):
        rng = random.Random(1)
        gap = []
        for position in late:
            knowledge = read_view(position.view)
            opp = knowledge.opponents[0]
            drawn = table[name](position.view, knowledge, rng, 60)
            chance = {c: sum(c in s.hands[opp] for s in drawn) / 60 for c in knowledge.unseen}
            held = set(position.hand)
            gap.append(
                statistics.fmean(v for c, v in chance.items() if c in held)
                - statistics.fmean(v for c, v in chance.items() if c not in held)
            )
        gaps[name] = statistics.fmean(gap)
    assert abs(gaps["uniform"]) < 0.03
    assert gaps["posterior"] > gaps["uniform"] + 0.05


def test_posterior_samples_hold_the_known_cards_and_the_right_number_of_others(positions):
    position = positions[-1]
    knowledge = read_view(position.view)
    opp = knowledge.opponents[0]
    samples = posterior_samples(position.view, knowledge, random.Random(2), 5, 200, 3)
    again = posterior_samples(position.view, knowledge, random.Random(2), 5, 200, 3)
    assert samples == again  # a function of the view and the seed
    for sample in samples:
        hand = sample.hands[opp]
        assert set(knowledge.known[opp]) <= set(hand)
        assert len(hand) == len(position.hand)
        assert len(set(hand) | set(sample.stock)) == len(hand) + len(sample.stock)


def test_a_sampler_that_knew_the_hand_would_score_far_better(positions):
    position = next(p for p in positions if read_view(p.view).turns[1 - p.view.position] >= 3)
    knowledge = read_view(position.view)
    guesses = samplers()["uniform"](position.view, knowledge, random.Random(1), 50)
    opp = knowledge.opponents[0]
    truth = [
        type(guesses[0])(tuple(position.hand if i == opp else h for i, h in enumerate(g.hands)), ())
        for g in guesses
    ]
    loss, brier, error = score(position, truth)
    guessed = score(position, guesses)
    assert error == 0 and loss < 0.05 and brier < 0.001
    assert guessed[0] > 0.4 and guessed[2] > 0


def test_the_bench_scores_every_sampler_on_the_same_positions(capsys):
    argv = ["--profile", "poker-rum", "--games", "2", "--positions", "6", "--samples", "20"]
    argv += ["--particles", "100", "--moves", "2", "--seed", "4", "--json"]
    assert research(["inference", *argv]) == 0
    result = json.loads(capsys.readouterr().out)
    rows = {row["sampler"]: row for row in result["samplers"]}
    assert list(rows) == ["uniform", "unweighted", "hard", "clues", "posterior"]
    assert result["positions"] == 6 and result["positions_recorded"] >= 6
    assert rows["uniform"]["found"] == 0 and rows["posterior"]["found"] == 1
    assert "vs_posterior" in rows["hard"] and "vs_posterior" not in rows["posterior"]
    (only,) = bench("poker-rum", 1, 4, 3, 10, ["hard"])["samplers"]
    assert only["sampler"] == "hard" and "found" not in only and "vs_posterior" not in only


def test_against_the_hard_level_each_sampler_is_measured_against_the_uniform_one(capsys):
    argv = ["--profile", "poker-rum", "--games", "2", "--positions", "6", "--samples", "20"]
    assert research(["inference", *argv, "--opponent", "hard", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["opponent"] == "hard"
    rows = {row["sampler"]: row for row in result["samplers"]}
    assert list(rows) == ["uniform", "unweighted", "hard", "clues"]  # no posterior
    assert "vs_uniform" in rows["hard"] and "vs_uniform" not in rows["uniform"]
    low, high = rows["hard"]["vs_uniform_95"]
    assert low <= rows["hard"]["vs_uniform"] <= high
    with pytest.raises(ValueError, match="posterior"):
        bench("poker-rum", 1, 4, 3, 10, ["posterior"], opponent="hard")


def test_the_bench_refuses_jokers_and_unknown_samplers(capsys):
    assert research(["inference", "--profile", "knock-rami"]) == 2
    assert "invalid choice: 'knock-rami'" in capsys.readouterr().err
    assert research(["inference", "--samplers", "hard,oracle", "--games", "1"]) == 2
    assert "name samplers among" in capsys.readouterr().err
    with pytest.raises(ValueError, match="jokers"):
        bench("knock-rami", 1, 1, 1, 1)


def test_the_forced_draw_after_both_pass_the_offer_is_no_choice():
    """In gin-classic, once both players pass the upcard, the first player must draw from
    the stock: its two passes of the same card are one choice, weighed once."""
    from knockrummy.engine import apply, new_session, player_view
    from knockrummy.engine.actions import Pass

    state = new_session("gin-classic", 2, 8)
    first = state.to_move
    for action in (Pass(), Pass(), DrawStock()):
        state, _ = apply(state, action, state.to_move)
    state, _ = apply(state, Discard(state.hand.hands[first][0]), first)
    view = player_view(state, 1 - first)
    steps = read_play(view, read_view(view)).steps
    upcard = view.discard_pile[0]
    assert [(step.kind, step.card, step.slot) for step in steps[:2]] == [
        ("pass", upcard, None),
        ("pass", None, 0),
    ]
