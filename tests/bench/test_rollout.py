"""``knockrummy bench rollout``: both rollouts on the same decisions, the same answers."""

from __future__ import annotations

import json

import pytest

from knockrummy.__main__ import main as knockrummy_main
from knockrummy.bench.rollout import decisions, measure


def test_a_profiles_row_counts_every_rollout_and_finds_them_the_same():
    row = measure("gin-rummy", 2, seed=2, count=2, every=2, samples=3, policy="patient")
    assert row["decisions"] == 2
    assert row["rollouts"] >= 2 * 3 * 2  # at least two actions a decision, three samples
    assert row["same"] == row["rollouts"]
    assert row["engine_ms"] > 0 and row["mask_ms"] > 0


def test_the_decisions_are_choices_of_the_first_hand():
    found = decisions("knock-rummy", 3, seed=4, count=5, every=1)
    assert len(found) == 5
    assert all(len(v.legal_actions) > 1 and v.hand_number == 1 for v in found)


@pytest.mark.slow  # the bench in every profile
def test_the_bench_prints_every_profile_as_json(capsys):
    argv = ["bench", "rollout", "--decisions", "1", "--samples", "2", "--json"]
    assert knockrummy_main(argv) == 0
    found = json.loads(capsys.readouterr().out)
    assert len(found["rows"]) == 5
    assert found["all"]["same"] == found["all"]["rollouts"] > 0
