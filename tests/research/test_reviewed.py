"""``python -m research reviewed``: its figures are the review's own, level by level."""

from __future__ import annotations

import json

import pytest

from knockrummy.ai.review import review_session
from research import reviewed
from research.__main__ import main
from research.reviewed import played


@pytest.mark.slow  # reviews of whole hands (the research benches: docs/testing.md)
def test_the_figures_are_the_reviews_of_each_levels_seats(capsys, monkeypatch):
    priced = []  # every review the command makes, with what it reviewed

    def kept(profile, players, seed, log, seat, hand=None):
        decisions = review_session(profile, players, seed, log, seat, hand=hand)
        priced.append(((profile, players, seed, list(log), seat, hand), decisions))
        return decisions

    monkeypatch.setattr(reviewed, "review_session", kept)
    args = ["reviewed", "--profiles", "knock-rummy", "--seats", "hard,easy"]
    assert main([*args, "--sessions", "2", "--hands", "1", "--seed", "5"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["sessions"] == 2 and found["seeds"] == [5, 6]
    # the sessions it reviewed: hard in seat 0 on seed 5, in seat 1 on seed 6, each seat's
    # one hand reviewed once
    expected = {"hard": [], "easy": []}
    reviews = iter(priced)
    for seed, order in ((5, ("hard", "easy")), (6, ("easy", "hard"))):
        state = played("knock-rummy", order, seed, 1)
        assert state.hand_number == 1 and state.to_move is None
        for seat, level in enumerate(order):
            what, decisions = next(reviews)
            assert what == ("knock-rummy", 2, seed, state.log, seat, 1)
            expected[level] += decisions
    assert next(reviews, None) is None
    # a hand reviewed alone is the session's review of that hand
    (_, first), *_ = priced
    assert review_session("knock-rummy", 2, 5, priced[0][0][3], 0) == first
    for level, decisions in expected.items():
        row = found["profiles"]["knock-rummy"][level]
        assert row == found["overall"][level]
        assert row["decisions"] == len(decisions) > 0
        assert row["mistakes"] == sum(d.mistake for d in decisions)
        mean = sum(d.cost for d in decisions) / len(decisions)
        assert abs(row["cost"]["mean"] - mean) < 1e-3
        best = sum(d.action == d.best for d in decisions) / len(decisions)
        assert abs(row["best share"] - best) < 1e-4
        low, high = row["mistake share ci95"]
        assert low <= row["mistake share"] <= high
    # one review a hand and seat (the hands played: one a session), each timed
    timed = found["seconds a hand's review"]
    assert timed["knock-rummy"] == timed["overall"]
    assert timed["overall"]["reviews"] == 4
    every = len(expected["hard"]) + len(expected["easy"])
    assert timed["overall"]["decisions"] == every
    assert 0 < timed["overall"]["decisions median"] <= timed["overall"]["decisions most"] < every
    assert 0 < timed["overall"]["median"] <= timed["overall"]["p95"] <= timed["overall"]["most"]


def test_reviewed_refuses_a_level_it_does_not_know_and_a_lone_level(capsys):
    assert main(["reviewed", "--seats", "hard,os:system"]) == 2
    assert "two different levels" in capsys.readouterr().err
    assert main(["reviewed", "--seats", "hard,hard"]) == 2
    assert main(["reviewed", "--profiles", "canasta"]) == 2
    assert "canasta" in capsys.readouterr().err
