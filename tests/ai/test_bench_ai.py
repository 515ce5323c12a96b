"""The bot benchmark: rotation, shared wins, Wilson intervals, the command line."""

from __future__ import annotations

import json

import pytest

from knockrummy.bench_ai import bench, main, percentile, wilson


def test_wilson_interval_brackets_the_rate_and_stays_in_range():
    low, high = wilson(60, 100)
    assert 0.5 < low < 0.6 < high < 0.7
    assert wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert round(wilson(5, 10)[0], 3) == 0.237


def test_percentile_is_nearest_rank():
    assert percentile([3.0, 1.0, 2.0, 4.0], 0.5) == 2.0
    assert percentile(list(range(1, 101)), 0.95) == 95


def test_wins_sum_to_the_games_played_and_every_bot_is_timed():
    result = bench("poker-rum", ["medium", "easy", "hard"], games=3, seed=2)
    rows = {row["bot"]: row for row in result["bots"]}
    assert sum(row["wins"] for row in rows.values()) == pytest.approx(3)
    assert all(row["decisions"] > 0 for row in rows.values())
    assert all(
        0 <= row["win_rate_95"][0] <= row["win_rate"] <= row["win_rate_95"][1] <= 1
        for row in rows.values()
    )
    # poker-rum is a zero-sum ledger
    assert sum(row["points_per_game"] for row in rows.values()) == pytest.approx(0)


def test_a_spec_seated_twice_is_one_team():
    result = bench("knock-rummy", ["medium", "easy", "medium", "easy"], games=2, seed=1)
    assert [(row["bot"], row["seats"]) for row in result["bots"]] == [("medium", 2), ("easy", 2)]


def test_command_line_prints_json(capsys):
    assert (
        main(["--profile", "gin-classic", "--seats", "easy,medium", "--games", "2", "--json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["profile"] == "gin-classic" and out["games"] == 2 and len(out["bots"]) == 2


def test_command_line_refuses_a_table_the_profile_does_not_seat():
    with pytest.raises(SystemExit):
        main(["--profile", "gin-rummy", "--seats", "easy,medium,hard", "--games", "1"])
