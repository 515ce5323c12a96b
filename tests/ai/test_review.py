"""The coach's review prices every decision from the seat's own view."""

from __future__ import annotations

import json

import pytest

from knockrummy.ai import make_bot
from knockrummy.ai.review import (
    hand_summary,
    price_options,
    review_json,
    review_session,
    session_summary,
    verdict,
)
from knockrummy.engine.actions import NextHand, parse_action
from knockrummy.engine.session import apply, new_session
from knockrummy.engine.views import player_view

SEED = 7


def _played(profile: str, levels: tuple[str, ...], hands: int):
    """A fixed-seed session of ``hands`` hands between these levels."""
    bots = [make_bot(level, 100 + seat) for seat, level in enumerate(levels)]
    state = new_session(profile, len(levels), SEED)
    while not state.is_over:
        seat = state.to_move
        if seat is None:
            if state.hand_number == hands:
                break
            action = NextHand()
        else:
            action = bots[seat].choose(player_view(state, seat))
        state, _ = apply(state, action, seat)
    return state


@pytest.fixture(scope="module")
def hard_against_easy():
    return _played("knock-rummy", ("hard", "easy"), hands=4)


@pytest.fixture(scope="module")
def reviews(hard_against_easy):
    """Each seat's decisions over the whole session, priced once for every test."""
    return {
        seat: review_session("knock-rummy", 2, SEED, hard_against_easy.log, seat) for seat in (0, 1)
    }


@pytest.mark.slow  # a reviewed session of the hard level
def test_a_reviewed_decision_is_a_mistake_only_when_clearly_above_its_noise(reviews):
    for seat in (0, 1):
        assert reviews[seat], "the seat made no decision to review"
        for d in reviews[seat]:
            assert d.cost_error >= 0
            low = d.cost - 1.96 * d.cost_error
            assert d.mistake == (d.action != d.best and d.cost >= 10 and low >= 3)
            if d.cost >= 0.05 and not d.mistake:
                assert verdict(d).startswith(("too close to call", "an inaccuracy"))
    assert any(d.cost > 0 and not d.mistake for s in (0, 1) for d in reviews[s])


@pytest.mark.slow  # a reviewed session of the hard level
def test_one_hand_is_reviewed_alone_as_it_is_in_the_whole_session(hard_against_easy, reviews):
    decisions = review_session("knock-rummy", 2, SEED, hard_against_easy.log, 1, hand=2)
    assert decisions == [d for d in reviews[1] if d.hand == 2]


@pytest.mark.slow  # a reviewed session of the hard level
def test_a_decision_that_chose_the_best_option_costs_nothing(reviews):
    decisions = reviews[1]
    for d in decisions:
        best = d.options[0].expected
        chosen = next(o.expected for o in d.options if o.action == d.action)
        assert d.cost == pytest.approx(max(best - chosen, 0.0))
        if d.action == d.best:
            assert d.cost == 0
    assert any(d.action == d.best for d in decisions)


@pytest.mark.slow  # a reviewed session of the hard level
def test_every_legal_action_is_priced_from_the_seats_own_view(hard_against_easy):
    state = new_session("knock-rummy", 2, SEED)
    for _, action in hard_against_easy.log[:12]:
        seat = state.to_move
        if seat is not None:
            view = player_view(state, seat)
            options = price_options(view, seed=3)
            assert sorted(map(str, (o.action for o in options))) == sorted(
                map(str, view.legal_actions)
            )
            rest = [o.expected for o in options[1:]]
            assert rest == sorted(rest, reverse=True)  # after the best, by expected points
            assert price_options(view, seed=3) == options  # the same every time
        state, _ = apply(state, action)


@pytest.mark.slow  # a reviewed session of the hard level
def test_the_review_json_names_actions_in_the_engines_text_form(reviews):
    decisions = reviews[1]
    doc = json.loads(json.dumps(review_json(decisions)))
    assert set(doc) == {"decisions", "total_cost"}
    for d in doc["decisions"]:
        assert set(d) - {"why"} == {
            "hand",
            "turn",
            "seat",
            "action",
            "best",
            "options",
            "cost",
            "error",
            "low",
            "high",
            "verdict",
            "mistake",
        }
        assert d["verdict"] in ("best", "inaccuracy", "mistake", "close")
        assert d["mistake"] == (d["verdict"] == "mistake")
        assert d["low"] == pytest.approx(d["cost"] - 1.96 * d["error"], abs=0.02)
        if d["mistake"]:
            assert d["cost"] >= 10 and d["low"] >= 3
        parse_action(d["action"])
        parse_action(d["best"])
        assert d["cost"] >= 0
        for option in d["options"]:
            parse_action(option["action"])
    assert doc["total_cost"] == pytest.approx(sum(d["cost"] for d in doc["decisions"]), abs=0.05)


@pytest.mark.slow  # a reviewed session
def test_the_summaries_say_what_cost_most_in_words():
    state = _played("knock-rummy", ("easy", "easy"), hands=2)
    decisions = review_session("knock-rummy", 2, SEED, state.log, 1)
    line = session_summary(decisions)
    assert line.startswith(f"{len(decisions)} decisions over ")
    mistakes = [d for d in decisions if d.mistake]
    assert mistakes, "choose a session with a mistake"
    assert f"{len(mistakes)} clear mistake" in line
    hand_lines = {hand_summary([d for d in decisions if d.hand == h]) for h in (1, 2)}
    assert any("costing about" in text for text in hand_lines), hand_lines


@pytest.fixture(scope="module")
def gin_reviews():
    state = _played("gin-rummy", ("hard", "easy"), hands=2)
    return [review_session("gin-rummy", 2, SEED, state.log, seat) for seat in (0, 1)]


def _reads_better(doc_decision) -> list:
    best = next(o for o in doc_decision["options"] if o["action"] == doc_decision["best"])
    return [o for o in doc_decision["options"] if o["expected"] > best["expected"]]


@pytest.mark.slow  # reviewed sessions of the hard level in two profiles
def test_a_review_never_names_a_best_that_reads_worse_without_its_reason(reviews, gin_reviews):
    from knockrummy.commands.review import decision_line

    checked = 0
    for decisions in (*reviews.values(), *gin_reviews):
        doc = json.loads(json.dumps(review_json(decisions)))
        for d, decision in zip(doc["decisions"], decisions, strict=True):
            higher = _reads_better(d)
            assert bool(higher) == ("why" in d), d
            line = decision_line(decision)
            best = next(o for o in decision.options if o.action == decision.best)
            shown = [o for o in decision.options if f"{o.action} {o.expected:+.1f}" in line]
            if any(round(o.expected, 1) > round(best.expected, 1) for o in shown):
                assert "why" in d and d["why"] in line, line
            if "why" in d:
                assert d["why"] in line or d["why"] in verdict(decision)
            checked += 1
    assert checked > 30


def test_the_review_tells_its_progress_before_pricing_and_after_each_decision():
    state = _played("gin-rummy", ("easy", "easy"), hands=1)
    opening = state.log[:12]  # the hand's first turns: a few decisions, priced in a moment
    told = []
    decisions = review_session("gin-rummy", 2, SEED, opening, 0, progress=lambda *p: told.append(p))
    total = len(decisions)
    assert total > 2
    assert told == [(done, total) for done in range(total + 1)]
