"""A saves file replaced, moved or deleted while the game has it open: the game stops saving
and says so, nothing of the file now in place changes, not when the game closes nor when it
starts again, and a write-ahead log is never applied to a file it was not written for."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from knockrummy.engine.session import apply, legal_actions, new_session
from knockrummy.persistence.ownership import log_path, stray_log
from knockrummy.persistence.store import SWAPPED, SaveError, open_store, read_store

SEATS = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "computer", "level": "easy"}]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def play(store, seed: int, moves: int) -> int:
    """A new session of ``moves`` actions, each committed as it happens."""
    state = new_session("knock-rummy", 2, seed, ["A", "B"])
    session_id = store.create_session(state, SEATS)
    for _ in range(moves):
        action = legal_actions(state)[0]
        after = apply(state, action)[0]
        store.append(session_id, state, after, action, state.to_move)
        state = after
    return session_id


def sessions(path: Path) -> dict[int, int]:
    """Each session's number of actions, read without writing anything."""
    store = read_store(path)
    try:
        return {s.id: len(store.actions(s.id)) for s in store.summaries()}
    finally:
        store.close()


def held_log(path: Path) -> sqlite3.Connection:
    """Another program reading the saves (as ``knockrummy ledger`` does) at the moment each
    write is folded: the log cannot be emptied and keeps the writes."""
    reader = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM sessions").fetchone()
    return reader


def swap(how: str, path: Path, backup: Path) -> Path | None:
    """Do to the saves what a player does; where the old file went, if it still exists."""
    if how == "renamed over":
        shutil.copyfile(backup, path.with_name("restored"))
        os.replace(path.with_name("restored"), path)
    elif how == "copied over":
        shutil.copyfile(backup, path)  # in place: the file keeps its inode
    elif how == "deleted":
        path.unlink()
    else:
        moved = path.parent / "elsewhere" / path.name
        moved.parent.mkdir()
        os.replace(path, moved)
        return moved
    return None


SWAPS = ["renamed over", "copied over", "deleted", "moved away"]


def set_aside_logs(folder: Path) -> list[Path]:
    return sorted(folder.glob("*-wal.set-aside-*"))


@pytest.mark.parametrize("log", ["folded", "held by a reader"])
@pytest.mark.parametrize("how", SWAPS)
def test_a_file_swapped_while_playing_is_never_written_not_even_at_close(tmp_path, how, log):
    path = tmp_path / "knockrummy.sqlite3"
    store = open_store(path).store
    first = play(store, 1, 12)
    backup = tmp_path / "backup.sqlite3"
    shutil.copyfile(path, backup)  # between writes the file alone holds every save
    assert sessions(backup) == {first: 12}
    second = play(store, 2, 8)  # after the backup was made
    reader = held_log(path) if log == "held by a reader" else None
    third = play(store, 3, 10)
    assert (log_path(path).stat().st_size > 0) == (reader is not None)
    moved = swap(how, path, backup)
    kept = digest(path) if path.exists() else None

    with pytest.raises(SaveError) as refused:
        play(store, 4, 1)
    assert refused.value.message.english == SWAPPED and store.read_only
    if reader is not None:
        reader.close()
    store.close()

    if kept is None:
        assert not path.exists()
    else:
        assert digest(path) == kept == digest(backup)
    if moved is not None and reader is None:
        assert sessions(moved) == {first: 12, second: 8, third: 10}, "the moved file is whole"
    # the changes for the old file are kept aside by the game that wrote them, never applied
    assert bool(set_aside_logs(tmp_path)) == (reader is not None)

    opened = open_store(path)
    assert opened.message is None
    found = {s.id: len(opened.store.actions(s.id)) for s in opened.store.summaries()}
    opened.store.close()
    if kept is None:
        assert found == {}
    else:
        assert found == {first: 12}
        assert digest(path) == kept, "starting again changed nothing of the restored file"


def test_the_running_games_notice_says_the_file_was_replaced_in_plain_words(tmp_path):
    path = tmp_path / "knockrummy.sqlite3"
    store = open_store(path).store
    play(store, 1, 3)
    shutil.copyfile(path, tmp_path / "backup")
    play(store, 2, 3)
    shutil.copyfile(tmp_path / "backup", path)
    with pytest.raises(SaveError) as refused:
        play(store, 3, 1)
    store.close()
    said = str(refused.value)
    assert "replaced, moved or deleted" in said and "left as it is" in said


def test_another_window_writing_to_the_same_file_is_not_taken_for_a_swap(tmp_path):
    path = tmp_path / "knockrummy.sqlite3"
    one = open_store(path).store
    two = open_store(path).store
    first = play(one, 1, 5)
    second = play(two, 2, 5)  # folded into the file: its size and times change
    third = play(one, 3, 5)
    one.close()
    two.close()
    assert sessions(path) == {first: 5, second: 5, third: 5}


# ------------------------------------------------------------------ a log left by a crash


def crashed(store, folder: Path) -> Path:
    """What a crash at this moment leaves on disk: the file and its log, copied while the
    game still has them open (``store`` is then closed without writing anything)."""
    path = store.path
    folder.mkdir()
    for name in (path.name, path.name + "-wal"):
        if (path.parent / name).exists():
            shutil.copyfile(path.parent / name, folder / name)
    return folder / path.name


def test_a_log_left_by_a_crash_is_applied_to_its_own_file(tmp_path):
    path = tmp_path / "saves" / "knockrummy.sqlite3"
    store = open_store(path).store
    first = play(store, 1, 6)
    reader = held_log(path)
    second = play(store, 2, 9)  # only in the log
    image = crashed(store, tmp_path / "after the crash")
    reader.close()
    store.close()
    assert not stray_log(image, 1.0)
    opened = open_store(image)
    assert opened.message is None
    opened.store.close()
    assert sessions(image) == {first: 6, second: 9}, "every committed action is there"


@pytest.mark.parametrize("what", ["an older copy of the file", "no file", "an empty file"])
def test_a_log_beside_a_file_it_was_not_written_for_is_set_aside_and_said(tmp_path, what):
    path = tmp_path / "saves" / "knockrummy.sqlite3"
    store = open_store(path).store
    first = play(store, 1, 6)
    older = tmp_path / "older"
    shutil.copyfile(path, older)
    play(store, 2, 4)
    reader = held_log(path)
    play(store, 3, 9)  # only in the log
    image = crashed(store, tmp_path / "after the crash")
    reader.close()
    store.close()
    if what == "an older copy of the file":
        shutil.copyfile(older, image)  # restored over it, then the game was killed
    elif what == "no file":
        image.unlink()
    else:
        image.write_bytes(b"")
    kept = digest(image) if image.exists() else None
    log = log_path(image).read_bytes()

    assert stray_log(image, 1.0)
    assert sessions(image) == ({first: 6} if what.startswith("an older") else {})
    assert (digest(image) if image.exists() else None) == kept, "reading it applies nothing"
    opened = open_store(image)
    opened.store.close()
    (aside,) = set_aside_logs(image.parent)
    assert aside.read_bytes() == log, "the log is kept byte for byte"
    said = opened.message.shown()
    assert aside.name in said and str(image.parent) in said and "not applied" in said
    if what.startswith("an older"):
        assert digest(image) == kept
    assert sessions(image) == ({first: 6} if what.startswith("an older") else {})


def test_a_log_written_by_an_older_version_is_applied_as_before(tmp_path):
    path = tmp_path / "saves" / "knockrummy.sqlite3"
    store = open_store(path).store
    first = play(store, 1, 4)
    store.close()
    db = sqlite3.connect(path)  # an older version writes without the marks
    db.execute("PRAGMA wal_autocheckpoint = 0")
    db.execute("DELETE FROM meta WHERE key IN ('state', 'log_base')")
    db.execute("UPDATE sessions SET finished = 1 WHERE id = ?", (first,))
    db.commit()
    image = tmp_path / "after the crash"
    image.mkdir()
    for name in (path.name, path.name + "-wal"):
        shutil.copyfile(path.parent / name, image / name)
    db.close()
    image = image / path.name
    assert log_path(image).stat().st_size > 0 and not stray_log(image, 1.0)
    opened = open_store(image)
    assert opened.message is None
    assert [s.finished for s in opened.store.summaries()] == [True]
    opened.store.close()


# ------------------------------------------------------------------ a real game process

GAME = """
import sys
from pathlib import Path
from knockrummy.engine.session import apply, legal_actions, new_session
from knockrummy.persistence.store import SaveError, open_store

store = open_store(Path(sys.argv[1])).store
seats = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "computer", "level": "easy"}]


def play(seed, moves):
    state = new_session("knock-rummy", 2, seed, ["A", "B"])
    session_id = store.create_session(state, seats)
    for _ in range(moves):
        action = legal_actions(state)[0]
        after = apply(state, action)[0]
        store.append(session_id, state, after, action, state.to_move)
        state = after
    return session_id


for line in sys.stdin:
    word, *numbers = line.split()
    if word == "play":
        print("played", play(*map(int, numbers)), flush=True)
    elif word == "save":
        try:
            play(99, 1)
            print("saved", flush=True)
        except SaveError as exc:
            print("refused:", exc, flush=True)
    elif word == "close":
        store.close()
        print("closed", flush=True)
        break
    else:  # the program ends with the store open, as the window's game does
        print("ending", flush=True)
        break
"""


class Game:
    """The game in a process of its own, told what to do line by line."""

    def __init__(self, path: Path) -> None:
        from ..processes import ROOT

        self.process = subprocess.Popen(
            [sys.executable, "-c", GAME, str(path)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def say(self, line: str) -> str:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def end(self, how: str) -> None:
        if how == "is killed":
            self.process.kill()
        elif how == "closes":
            assert self.say("close") == "closed"
        else:
            assert self.say("exit") == "ending"
        self.process.stdin.close()
        self.process.wait(60)
        self.process.stdout.close()


@pytest.mark.slow  # a game process, killed or closed
@pytest.mark.parametrize(
    ("how", "log", "ending"),
    [
        (how, log, ending)
        for how in ("renamed over", "copied over")
        for log, ending in [
            ("folded", "is killed"),
            ("held by a reader", "is killed"),
            ("held by a reader", "closes"),  # (every way of closing: in-process above)
            ("held by a reader", "ends without closing"),
        ]
    ],
)
def test_a_backup_restored_under_a_running_game_is_the_file_when_it_starts_again(
    tmp_path, how, log, ending
):
    path = tmp_path / "knockrummy.sqlite3"
    game = Game(path)
    try:
        first = int(game.say("play 1 12").split()[1])
        backup = tmp_path / "backup.sqlite3"
        shutil.copyfile(path, backup)  # the player's backup, made while the game runs
        game.say("play 2 8")
        reader = held_log(path) if log == "held by a reader" else None
        game.say("play 3 10")
        swap(how, path, backup)
        said = game.say("save")
        assert said.startswith("refused:") and "replaced, moved or deleted" in said
        game.end(ending)
    finally:
        if game.process.poll() is None:
            game.process.kill()
    if reader is not None:
        reader.close()
    kept = digest(backup)
    assert digest(path) == kept

    opened = open_store(path)  # the game started again
    assert {s.id: len(opened.store.actions(s.id)) for s in opened.store.summaries()} == {first: 12}
    opened.store.close()
    assert digest(path) == kept, "the restored file, byte for byte"
    crashed_with_a_log = reader is not None and ending == "is killed"
    assert (opened.message is not None) == crashed_with_a_log
    if crashed_with_a_log:
        assert "not applied" in opened.message.shown()
    assert bool(set_aside_logs(tmp_path)) == (reader is not None)
