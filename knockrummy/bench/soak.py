"""``knockrummy bench soak``: the saved games under a run of mishaps.

For ``--seconds`` (and at least one round of each), with random choices from ``--seed``,
one database in a scratch folder goes through, in a shuffled cycle:

    save    a session played at random, every action committed as it happens
    kill    a process playing a session is killed (SIGKILL) at a random moment
    swap    a backup (a copy of the file made between two moves) is renamed or copied
            over the file while a game records moves: the game must notice and stop
            saving, and the backup must stay as it is when the game closes and when the
            next one starts
    full    the disk fills up (the database may not grow any more): a save fails plainly
    bad     a stored action row is spoiled, as a stray program or a bad sector would

At the end every healthy session must read back with exactly the actions that were
committed (at least those a killed process reported), every spoiled one must be reported
as damaged, and the file after a swap must be the backup, byte for byte. The counts are
printed; the status is 1 if anything was lost, changed silently or not reported.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

KINDS = ("save", "kill", "swap", "full", "bad")
SEATS = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "computer", "level": "easy"}]
PROFILES = ("knock-rummy", "gin-rummy", "poker-rum")


@dataclass
class Soak:
    path: Path
    rng: random.Random
    counts: dict = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    expected: dict = field(default_factory=dict)
    """Healthy sessions: their actions as committed."""
    at_least: dict = field(default_factory=dict)
    """Sessions a killed process played: how many actions it reported committed."""
    damaged: set = field(default_factory=set)
    failures: list = field(default_factory=list)
    kept: str | None = None
    """The digest of the backup renamed over the file by the last swap."""


def _play(store, rng: random.Random, moves: int, on_commit=None) -> tuple[int, list[str]]:
    """A new session with ``moves`` random actions, committed one by one."""
    from ..engine.session import apply, legal_actions, new_session

    state = new_session(rng.choice(PROFILES), 2, rng.randrange(2**31), ["A", "B"])
    session_id = store.create_session(state, SEATS)
    if on_commit is not None:
        on_commit(session_id, 0)
    done: list[str] = []
    for _ in range(moves):
        actions = legal_actions(state)
        if not actions:
            break
        action = rng.choice(actions)
        after = apply(state, action)[0]
        store.append(session_id, state, after, action, state.to_move)
        state = after
        done.append(str(action))
        if on_commit is not None:
            on_commit(session_id, len(done))
    return session_id, done


def _open(soak: Soak):
    from ..persistence.store import open_store

    opened = open_store(soak.path)
    if opened.store.path is None or opened.store.read_only:
        soak.failures.append(f"the saves could not be opened for writing: {opened.message}")
        return None
    return opened.store


def _save(soak: Soak) -> None:
    store = _open(soak)
    if store is None:
        return
    session_id, done = _play(store, soak.rng, soak.rng.randrange(1, 120))
    soak.expected[session_id] = done
    store.close()


def _kill(soak: Soak) -> None:
    root = Path(__file__).resolve().parents[2]
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])
    )
    child = subprocess.Popen(
        [sys.executable, "-m", "knockrummy.bench.soak", "--child", str(soak.path)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    first = child.stdout.readline()
    time.sleep(soak.rng.uniform(0.0, 0.3))
    child.send_signal(signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
    text = first + child.stdout.read()
    child.wait(60)
    if not first.endswith("\n"):
        soak.failures.append("a playing process died before it started a session")
        return
    for line in text.split("\n")[:-1]:  # whole lines only: the last may be cut off
        session_id, count = map(int, line.split())
        soak.at_least[session_id] = max(soak.at_least.get(session_id, 0), count)


def _child(path: str) -> None:
    """A game playing on and on until it is killed, reporting each commit."""
    from ..persistence.store import open_store

    store = open_store(Path(path)).store
    rng = random.Random()

    def said(session_id: int, count: int) -> None:
        print(session_id, count, flush=True)

    while True:
        _play(store, rng, 10_000, said)


def _swap(soak: Soak) -> None:
    from ..engine.session import apply, legal_actions, new_session
    from ..persistence.store import SaveError, open_store

    store = _open(soak)
    if store is None:
        return
    session_id, done = _play(store, soak.rng, soak.rng.randrange(1, 40))
    soak.expected[session_id] = done
    # a player's backup: a plain copy of the file, whole between two writes
    backup = soak.path.with_name("backup.sqlite3")
    shutil.copyfile(soak.path, backup)
    restored = {i: list(actions) for i, actions in soak.expected.items()}
    _play(store, soak.rng, soak.rng.randrange(1, 40))  # lost when the backup is put back
    if soak.rng.random() < 0.5:
        os.replace(backup, soak.path)
    else:
        shutil.copyfile(backup, soak.path)  # copied over in place: the inode stays
        backup.unlink()
    soak.kept = _digest(soak.path)
    state = new_session("knock-rummy", 2, 1, ["A", "B"])
    try:
        new_id = store.create_session(state, SEATS)
        action = legal_actions(state)[0]
        store.append(new_id, state, apply(state, action)[0], action, state.to_move)
        soak.failures.append("a game went on saving into a file swapped under it")
    except SaveError:
        pass  # noticed: nothing more is written
    store.close()
    if _digest(soak.path) != soak.kept:
        soak.failures.append("the backup put in place was changed as the game closed")
    again = open_store(soak.path)
    again.store.close()
    if _digest(soak.path) != soak.kept:
        soak.failures.append("the backup put in place was changed as the game started again")
    soak.expected = restored


def _full(soak: Soak) -> None:
    from ..persistence.store import SaveError

    store = _open(soak)
    if store is None:
        return
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full from now on
    done: list[str] = []
    try:
        from ..engine.session import apply, legal_actions, new_session

        state = new_session("knock-rummy", 2, soak.rng.randrange(2**31), ["A", "B"])
        session_id = store.create_session(state, SEATS)
        soak.expected[session_id] = done
        for _ in range(5000):
            actions = legal_actions(state)
            if not actions:
                state = new_session("knock-rummy", 2, soak.rng.randrange(2**31), ["A", "B"])
                session_id = store.create_session(state, SEATS)
                done = soak.expected[session_id] = []
                continue
            action = soak.rng.choice(actions)
            after = apply(state, action)[0]
            store.append(session_id, state, after, action, state.to_move)
            state = after
            done.append(str(action))
        soak.failures.append("a database that may not grow took 5,000 more actions")
    except SaveError as exc:
        if "disk is full" not in str(exc):
            soak.failures.append(f"a full disk was reported as: {exc}")
    store.close()


def _bad(soak: Soak) -> None:
    healthy = sorted(soak.expected)
    if not healthy:
        _save(soak)
        healthy = sorted(soak.expected)
    victim = soak.rng.choice(healthy)
    db = sqlite3.connect(soak.path)
    with db:
        changed = db.execute(
            "UPDATE actions SET action = 'not an action' WHERE session_id = ? AND seq = 0",
            (victim,),
        ).rowcount
        if not changed:
            db.execute("UPDATE sessions SET seats = 'not seats' WHERE id = ?", (victim,))
    db.close()
    del soak.expected[victim]
    soak.damaged.add(victim)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


STEPS = {"save": _save, "kill": _kill, "swap": _swap, "full": _full, "bad": _bad}


def soak(seconds: float, seed: int, folder: Path) -> Soak:
    """Run the mishaps on ``folder``'s database; the result holds the counts and every
    failure found by the final check."""
    from ..persistence.store import read_store

    state = Soak(folder / "knockrummy.sqlite3", random.Random(seed))
    deadline = time.monotonic() + seconds
    rounds = 0
    while rounds == 0 or time.monotonic() < deadline:
        order = list(KINDS)
        state.rng.shuffle(order)
        for kind in order:
            STEPS[kind](state)
            state.counts[kind] += 1
        rounds += 1
    state.counts["rounds"] = rounds
    store = read_store(state.path)
    summaries = {s.id: s for s in store.summaries()}
    for session_id, actions in state.expected.items():
        if session_id not in summaries or summaries[session_id].problem is not None:
            state.failures.append(f"healthy session #{session_id} does not read back")
        elif [str(a) for _, a in store.actions(session_id)] != actions:
            state.failures.append(f"session #{session_id} reads back changed")
    for session_id, count in state.at_least.items():
        if session_id not in summaries or summaries[session_id].problem is not None:
            state.failures.append(f"killed session #{session_id} does not read back")
        elif len(store.actions(session_id)) < count:
            state.failures.append(f"killed session #{session_id} lost committed actions")
    for session_id in state.damaged:
        if session_id not in summaries or summaries[session_id].problem is None:
            state.failures.append(f"spoiled session #{session_id} is not reported as damaged")
    state.counts["healthy checked"] = len(state.expected) + len(state.at_least)
    state.counts["damaged reported"] = sum(
        1 for i in state.damaged if i in summaries and summaries[i].problem is not None
    )
    store.close()
    return state


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "The saved games under random saves, kills, swaps, full disks, bad rows."
    parser.add_argument("--seconds", type=float, default=180.0, help="how long (default 180)")
    parser.add_argument("--seed", type=int, default=1, help="random choices (default 1)")


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="knockrummy-soak-") as folder:
        started = time.monotonic()
        result = soak(max(0.0, args.seconds), args.seed, Path(folder))
        took = time.monotonic() - started
    counts = ", ".join(f"{k} {v}" for k, v in result.counts.items())
    print(f"soak: seed {args.seed}, {took:.1f} s: {counts}")
    for failure in result.failures:
        print(f"FAILED: {failure}")
    print(
        "every healthy session read back; every damaged one reported"
        if not result.failures
        else f"{len(result.failures)} failures"
    )
    return 1 if result.failures else 0


if __name__ == "__main__":  # the playing process of a "kill"
    if sys.argv[1:2] == ["--child"]:
        _child(sys.argv[2])
