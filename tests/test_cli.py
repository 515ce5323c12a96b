"""The command line: ``knockrummy sim`` and the README's quick start."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from knockrummy.app import main

ROOT = Path(__file__).resolve().parent.parent


def run_module(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "knockrummy", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


@pytest.mark.parametrize(
    ("profile", "players"),
    [("poker-rum", 5), ("knock-rummy", 2), ("gin-classic", 2), ("knock-rami", 4)],
)
def test_sim_json_prints_one_object_per_session(profile, players):
    out = run_module(
        "sim",
        "--profile",
        profile,
        "--players",
        str(players),
        "--sessions",
        "2",
        "--seed",
        "5",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["seed"] for r in rows] == [5, 6]
    for row in rows:
        assert row["profile"] == profile and row["players"] == players
        assert row["hands_played"] == sum(row["result_counts"].values()) > 0
        assert len(row["scores"]) == players
        assert row["winners"] and all(0 <= w < players for w in row["winners"])
        scores = [Fraction(s) for s in row["scores"]]
        if profile == "poker-rum":
            assert sum(scores) == 0
        if profile == "knock-rami":
            assert Fraction(row["pot"]) >= 4 * 10 and row["buy_backs"] >= 0
        else:
            assert "pot" not in row


def test_sim_is_deterministic_for_a_seed(capsys):
    main(["sim", "--profile", "knock-rummy", "--players", "3", "--seed", "9", "--json"])
    first = capsys.readouterr().out
    main(["sim", "--profile", "knock-rummy", "--players", "3", "--seed", "9", "--json"])
    assert capsys.readouterr().out == first


def test_sim_refuses_a_table_size_the_profile_does_not_allow():
    out = run_module("sim", "--profile", "gin-rummy", "--players", "3")
    assert out.returncode == 2
    assert "2 to 2 players" in out.stderr


def test_ci_runs_exactly_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    command = ci.split("# test-command", 1)[1].splitlines()[1].strip()
    assert command.startswith("python -m pip install")
    assert re.search(re.escape(command) + r"\s*$", readme, re.MULTILINE)


def test_sim_seats_take_levels_and_external_bots(capsys):
    args = ["sim", "--profile", "gin-rummy", "--players", "2", "--seed", "3", "--json"]
    assert main([*args, "--seats", "hard,tests.ai.helpers:FirstLegalBot"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["winners"] == [0]  # the first-legal-action bot never wins against hard


def test_sim_refuses_an_unknown_bot_or_the_wrong_number_of_seats():
    out = run_module("sim", "--profile", "poker-rum", "--players", "3", "--seats", "hard,easy")
    assert out.returncode == 2 and "names 2 bots for 3 players" in out.stderr
    out = run_module("sim", "--profile", "poker-rum", "--players", "2", "--seats", "nosuch")
    assert out.returncode == 2 and "unknown bot" in out.stderr


def test_commands_run_where_there_is_no_stdout(monkeypatch):
    # a windowed Windows executable starts with sys.stdout and sys.stderr set to None
    monkeypatch.setattr("sys.stdout", None)
    monkeypatch.setattr("sys.stderr", None)
    code = main(["sim", "--profile", "poker-rum", "--players", "2", "--json"])
    assert code == 0
