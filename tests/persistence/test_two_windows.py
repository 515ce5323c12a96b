"""Two real ``knockrummy demo --resume`` processes playing the same saved session: the one
that falls behind says in plain words that the session was played on in another window
and exits 1, never with a traceback; the session stays whole."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from knockrummy.engine.session import apply, legal_actions, new_session
from knockrummy.persistence.paths import user_paths
from knockrummy.persistence.store import open_store, read_store

pytestmark = pytest.mark.slow  # two game processes on one folder

ROOT = Path(__file__).resolve().parents[2]
SEATS = [{"name": n, "kind": "computer", "level": "easy"} for n in ("Ada", "Ben", "Cleo")]


def demo(data: Path, speed: str) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.Popen(
        [sys.executable, "-m", "knockrummy", "demo", "--profile", "knock-rummy", "--players"]
        + ["3", "--headless", "--resume", "--hands", "1", "--speed", speed]
        + ["--data-dir", str(data)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def stored_actions(data: Path) -> int:
    store = read_store(user_paths(data).database)  # looks without taking any lock
    try:
        (summary,) = store.summaries()
        state, _ = store.load(summary.id)  # every stored action replays
        return len(state.log)
    finally:
        store.close()


def wait_until(predicate, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def test_two_windows_resuming_one_session_end_in_a_plain_conflict(tmp_path):
    data = tmp_path / "saves"
    store = open_store(user_paths(data).ensure().database).store
    state = new_session("knock-rummy", 3, 21, [s["name"] for s in SEATS])
    sid = store.create_session(state, SEATS)
    rng = random.Random(1)
    for _ in range(3):
        action = rng.choice(legal_actions(state))
        after, _ = apply(state, action)
        store.append(sid, state, after, action, state.to_move)
        state = after
    store.close()

    slow = demo(data, "normal")
    fast = None
    try:
        # the second window opens while the first is playing, at the same place
        assert wait_until(lambda: stored_actions(data) > 3, 60), slow.stderr.read()
        fast = demo(data, "instant")
        assert wait_until(lambda: slow.poll() is not None or fast.poll() is not None, 90)
        if fast.poll() == 0:
            slow.wait(timeout=60)  # it meets the other window's moves at its next one
        elif slow.poll() is not None:
            fast.wait(timeout=60)  # the first window gave way: the second plays the hand out
    finally:
        for process in (slow, fast):
            if process is not None and process.poll() is None:
                process.terminate()  # still playing on at normal speed: its part is done
                process.wait(timeout=30)
    results = {
        name: (p.returncode, p.stderr.read()) for name, p in (("slow", slow), ("fast", fast))
    }
    conflicts = [n for n, (code, err) in results.items() if "played on in another window" in err]
    assert len(conflicts) == 1, results
    code, err = results[conflicts[0]]
    assert code == 1 and "Traceback" not in err and "IntegrityError" not in err
    assert all("Traceback" not in err for _, err in results.values())
    assert stored_actions(data) > 3  # the session is whole and replays
