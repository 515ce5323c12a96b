"""A game process killed (SIGKILL) at random moments loses nothing: the ledger still
reads, and Continue resumes with every committed action, playing on exactly as an
uninterrupted game does."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from knockrummy.persistence.database import StoreError
from knockrummy.persistence.paths import user_paths
from knockrummy.persistence.store import open_store, read_store

pytestmark = pytest.mark.slow  # games killed in subprocesses

ROOT = Path(__file__).resolve().parents[2]
GAME = ["--profile", "knock-rummy", "--players", "3", "--seed", "21", "--level", "easy"]


def demo(data: Path, *extra: str) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "knockrummy",
            "demo",
            *GAME,
            "--headless",
            "--data-dir",
            str(data),
            *extra,
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def stored_actions(data: Path) -> list[str]:
    store = open_store(user_paths(data).database).store
    try:
        (summary,) = store.summaries()
        state, _ = store.load(summary.id)  # every stored action replays
        assert state.scores == list(summary.scores)
        return [str(a) for _, a in store.actions(summary.id)]
    finally:
        store.close()


def _sessions_read_only(database: Path) -> int:
    """Sessions saved so far, read by the game's own read-only opening, which writes
    nothing (a half-made file reads as none)."""
    try:
        store = read_store(database, busy_timeout=1.0)
    except StoreError:
        return 0
    try:
        return len(store.summaries())
    finally:
        store.close()


def started(data: Path, process: subprocess.Popen, limit: float = 120.0) -> None:
    """Wait until the demo has saved its session (a kill before that has nothing to lose)."""
    database = user_paths(data).database
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read()
        if _sessions_read_only(database):
            return
        time.sleep(0.1)
    raise AssertionError(f"the demo saved no session in {limit:.0f} s")


def test_killed_games_resume_with_nothing_lost(tmp_path):
    reference = tmp_path / "reference"
    done = demo(reference, "--speed", "instant")
    assert done.wait(timeout=240) == 0, done.stderr.read()
    full = stored_actions(reference)
    assert len(full) > 50

    data = tmp_path / "killed"
    rng = random.Random(7)
    seen = 0
    for attempt in range(3):
        process = demo(data, "--speed", "fast", *(["--resume"] if attempt else []))
        started(data, process)  # a busy machine can take seconds to open the game
        time.sleep(rng.uniform(0.5, 2.5))
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        # the ledger still reads, from the command line too
        out = subprocess.run(
            [sys.executable, "-m", "knockrummy", "ledger", "--json", "--data-dir", str(data)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 0, out.stderr
        assert len(json.loads(out.stdout)["sessions"]) == 1
        actions = stored_actions(data)
        assert actions == full[: len(actions)]  # a prefix of the uninterrupted game
        assert len(actions) >= seen  # nothing committed is ever lost
        seen = len(actions)
    finish = demo(data, "--speed", "instant", "--resume")
    assert finish.wait(timeout=240) == 0, finish.stderr.read()
    assert stored_actions(data) == full
