"""``python -m research NAME``: the research benches' command lines, refused plainly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import research.duel
import research.race
from research import COMMANDS
from research.__main__ import main

pytestmark = pytest.mark.slow  # research benches: games, posteriors, subprocesses

ROOT = Path(__file__).resolve().parent.parent.parent

BAD_COMMAND_LINES = [
    (["nosuch"], "invalid choice"),
    (["race", "--deals", "0"], "--deals"),
    (["race", "--deals", "-2"], "--deals"),
    (["race", "--levels", "nobody"], "unknown bot"),
    (["race", "--levels", ""], "unknown bot"),
    (["race", "--levels", "hard-sighted"], "unknown bot"),
    (["race", "--profile", "poker-rum"], "--profile"),
    (["duel", "--levels", "hard-sighted-0", "--deals", "1"], "whole percent"),
    (["duel", "--levels", "hard-sighted-100", "--deals", "1"], "whole percent"),
    (["duel", "--deals", "99999999999"], "--deals"),
    (["openspiel", "--hands", "0"], "--hands"),
    (["openspiel", "--hands", "-1"], "--hands"),
    (["openspiel", "--level", "nonsense"], "unknown bot"),
    (["ai", "--profile", "gin-rummy", "--seats", "hard,nonsense"], "unknown bot"),
    (["inference", "--profile", "knock-rami"], "--profile"),
]


@pytest.fixture
def stubbed(monkeypatch):
    """The race and duel benches stubbed: the command lines they were given."""
    calls = []
    for module in (research.race, research.duel):

        def record(*args, _name=module.__name__):
            calls.append((_name, args))
            return {}

        monkeypatch.setattr(module, "bench", record)
        monkeypatch.setattr(module, "_table", lambda result: "(table)")
    return calls


@pytest.mark.parametrize(("argv", "words"), BAD_COMMAND_LINES)
def test_a_bad_research_command_line_is_refused_plainly(argv, words, stubbed, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert words in err and "Traceback" not in err + out
    assert stubbed == []


def test_the_research_benches_seat_simple_external_and_research_levels(stubbed):
    external = "tests.ai.helpers:FirstLegalBot"
    assert main(["race", "--levels", f"simple,{external}", "--deals", "1"]) == 0
    assert main(["duel", "--levels", "hard-sighted-25,easy", "--deals", "1"]) == 0
    assert [(name, args[1]) for name, args in stubbed] == [
        ("research.race", ["simple", external]),
        ("research.duel", ["hard-sighted-25", "easy"]),
    ]


def test_help_lists_every_research_bench(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert command.name in out


def test_a_research_bench_runs_alone_from_the_repository():
    done = subprocess.run(
        [sys.executable, "-m", "research.race", "--levels", "nobody"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "usage: python -m research.race" in done.stderr and "unknown bot" in done.stderr
