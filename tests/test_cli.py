"""The command line: ``knockrummy sim`` and the README's quick start."""

from __future__ import annotations

import builtins
import ctypes
import io
import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

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


class FakeKernel32:
    """Stands in for Windows' kernel32: ``AttachConsole`` answers ``attached``."""

    def __init__(self, attached: bool) -> None:
        self.attached = attached
        self.calls: list[int] = []

    def AttachConsole(self, process: int) -> int:  # noqa: N802 (the Windows name)
        self.calls.append(process)
        return int(self.attached)


def windowed_windows(monkeypatch, attached: bool) -> tuple[FakeKernel32, io.StringIO]:
    """A windowed Windows executable: no stdout or stderr, and a parent console only
    when ``attached``; returns the kernel stand-in and what reaches the console."""
    kernel = FakeKernel32(attached)
    console = io.StringIO()
    real_open = builtins.open

    def open_console(path, *args, **kwargs):
        return console if path == "CONOUT$" else real_open(path, *args, **kwargs)

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=kernel), raising=False)
    monkeypatch.setattr(builtins, "open", open_console)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    return kernel, console


def test_a_windowed_windows_build_prints_in_the_terminal_that_started_it(monkeypatch):
    kernel, console = windowed_windows(monkeypatch, attached=True)
    assert main(["--version"]) == 0
    assert kernel.calls == [0xFFFFFFFF]  # ATTACH_PARENT_PROCESS
    assert console.getvalue().startswith("knockrummy")
    assert sys.stderr is console


def test_a_windowed_windows_build_started_by_a_double_click_writes_nowhere(monkeypatch):
    kernel, console = windowed_windows(monkeypatch, attached=False)
    assert main(["--version"]) == 0
    assert kernel.calls == [0xFFFFFFFF]
    assert console.getvalue() == ""
    assert sys.stdout.name == os.devnull and sys.stderr.name == os.devnull
    sys.stdout.close()
    sys.stderr.close()
