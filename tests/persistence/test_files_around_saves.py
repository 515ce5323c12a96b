"""The folders around the saves: only regular files are read (a named pipe, a device or a
folder is refused without hanging), a link in the game's folders is never written
through, a save swapped under a running game is noticed, settings that cannot be read
are left as they are, and logging is best effort and bounded."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import logging
import os
import shutil
import sqlite3
import string
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy import logs
from knockrummy.engine.session import apply, legal_actions, new_session
from knockrummy.persistence.exchange import read_session_file
from knockrummy.persistence.files import FileFormatError, typed_path, write_atomic
from knockrummy.persistence.settings_file import load_settings, save_settings
from knockrummy.persistence.store import SaveError, open_store, read_store
from knockrummy.settings import Settings

from ..processes import run_python
from .hostile import envelope_with, long_log


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@contextlib.contextmanager
def fifo_watch(path: Path):
    """Make a named pipe at ``path``; a writer thread opens it (without blocking) whenever
    a reader waits on it, so a test never hangs. Yields a list that holds True if a
    reader ever blocked on the pipe."""
    os.mkfifo(path)
    blocked: list[bool] = []
    stop = threading.Event()

    def writer() -> None:
        while not stop.wait(0.05):
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # ENXIO: no reader waits on it (or it is gone)
                continue
            blocked.append(True)
            os.close(fd)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        yield blocked
    finally:
        stop.set()
        thread.join(10)


def a_saved_session(path: Path) -> int:
    store = open_store(path).store
    state = new_session("knock-rummy", 2, 5, ["A", "B"])
    seats = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "computer", "level": "easy"}]
    session_id = store.create_session(state, seats)
    store.close()
    return session_id


# ------------------------------------------------------------------ files that are not files


def test_a_named_pipe_in_place_of_the_settings_is_reported_and_left_without_hanging(tmp_path):
    path = tmp_path / "settings.json"
    with fifo_watch(path) as blocked:
        settings, message = load_settings(path)
    assert not blocked
    assert settings == Settings()
    assert "named pipe" in message and "left as it is" in message
    assert path.is_fifo() and sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


@pytest.mark.slow  # a command or the game in a subprocess
def test_a_named_pipe_in_place_of_the_database_is_left_without_hanging(tmp_path):
    path = tmp_path / "knockrummy.sqlite3"
    os.mkfifo(path)
    code = (
        "import sys\n"
        "from knockrummy.persistence.store import open_store\n"
        "opened = open_store(sys.argv[1])\n"
        "print(opened.store.path, opened.message)\n"
    )
    done = run_python(code, str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("None ") and "named pipe" in done.stdout
    assert path.is_fifo() and sorted(p.name for p in tmp_path.iterdir()) == [path.name]


@pytest.mark.slow  # a command or the game in a subprocess
def test_a_named_pipe_in_place_of_the_log_is_left_without_hanging(tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    for name in (logs.LOG_NAME, logs.CRASH_NAME):
        os.mkfifo(folder / name)
    code = (
        "import logging, sys\n"
        "from pathlib import Path\n"
        "from knockrummy.logs import start_logging\n"
        "print(start_logging(Path(sys.argv[1])))\n"
        "logging.getLogger('knockrummy').warning('a line')\n"
    )
    done = run_python(code, str(folder))
    assert done.returncode == 0 and done.stdout == "None\n" and done.stderr == ""
    assert all((folder / name).is_fifo() for name in (logs.LOG_NAME, logs.CRASH_NAME))


@pytest.mark.slow  # a command or the game in a subprocess
def test_ledger_with_a_named_pipe_for_the_database_ends_with_a_plain_message(tmp_path):
    os.mkfifo(tmp_path / "knockrummy.sqlite3")
    code = "import sys\nfrom knockrummy.app import main\nsys.exit(main(sys.argv[1:]))\n"
    done = run_python(code, "ledger", "--data-dir", str(tmp_path))
    assert done.returncode != 0 and "named pipe" in done.stderr
    assert "Traceback" not in done.stderr


# ------------------------------------------------------------------ paths a player types


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "unknown user", "empty"])
def test_a_typed_path_that_is_not_a_regular_file_is_refused_plainly(tmp_path, kind):
    if kind == "fifo":
        pipe = tmp_path / "pipe.json"
        with fifo_watch(pipe) as blocked, pytest.raises(FileFormatError, match="named pipe"):
            read_session_file(typed_path(str(pipe)))
        assert not blocked
        return
    text = {
        "folder": str(tmp_path),
        "device": os.devnull,
        "unknown user": "~nosuchuser38b/x.json",
        "empty": "   ",
    }[kind]
    with pytest.raises(FileFormatError):
        read_session_file(typed_path(text))


TYPED = st.text(
    alphabet=st.sampled_from(list(string.ascii_letters + string.digits + "~/._- \0\\é$*")),
    max_size=40,
) | st.sampled_from(["~", "~/", "~nobody", "~root/x", "pipe", "dir", "ok.json", "./pipe"])


def test_any_text_typed_as_a_path_reads_a_session_or_is_refused_plainly(tmp_path):
    (tmp_path / "dir").mkdir()
    (tmp_path / "ok.json").write_text(envelope_with(long_log(3)))

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(text=TYPED)
    def typed(text):
        try:
            raw = read_session_file(typed_path(text))
        except FileFormatError as exc:
            assert str(exc)
        else:
            assert isinstance(raw, str)

    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        with fifo_watch(tmp_path / "pipe") as blocked:
            typed()
    finally:
        os.chdir(cwd)
    assert not blocked


# ------------------------------------------------------------------ links


def test_a_database_link_to_an_outside_file_is_never_written_through(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"")
    data = tmp_path / "data"
    data.mkdir()
    (data / "knockrummy.sqlite3").symlink_to(outside)
    opened = open_store(data / "knockrummy.sqlite3")
    assert outside.read_bytes() == b""
    assert opened.store.path is None and "link" in opened.message
    assert sorted(p.name for p in data.iterdir()) == ["knockrummy.sqlite3"]


def test_a_dangling_database_link_never_creates_its_target(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    target = tmp_path / "elsewhere" / "made.sqlite3"
    target.parent.mkdir()
    (data / "knockrummy.sqlite3").symlink_to(target)
    opened = open_store(data / "knockrummy.sqlite3")
    assert not target.exists() and "link" in opened.message
    assert (data / "knockrummy.sqlite3").is_symlink()


def test_a_link_beside_the_database_is_never_written_through(tmp_path):
    outside = tmp_path / "outside"
    outside.write_bytes(b"keep")
    data = tmp_path / "data"
    data.mkdir()
    (data / "knockrummy.sqlite3-wal").symlink_to(outside)
    opened = open_store(data / "knockrummy.sqlite3")
    assert opened.store.path is None and "link" in opened.message
    assert outside.read_bytes() == b"keep"


def test_the_log_never_appends_to_a_linked_file(tmp_path, restore_crash_reporting):
    outside = tmp_path / "outside.txt"
    outside.write_text("mine\n")
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / logs.LOG_NAME).symlink_to(outside)
    (folder / logs.CRASH_NAME).symlink_to(tmp_path / "crash-elsewhere")
    logs.start_logging(folder)
    logging.getLogger("knockrummy").warning("a line")
    assert outside.read_text() == "mine\n"
    assert not (tmp_path / "crash-elsewhere").exists()


def test_settings_are_never_saved_through_a_link(tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text("not yours")
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").symlink_to(outside)
    settings, message = load_settings(config / "settings.json")
    assert "link" in message and "left as it is" in message
    with pytest.raises(OSError, match="link"):
        save_settings(config / "settings.json", Settings(sound=False))
    assert outside.read_text() == "not yours" and (config / "settings.json").is_symlink()


def test_a_data_folder_that_is_itself_a_link_is_an_ordinary_setup(tmp_path):
    from knockrummy.ui.game import Game

    real = tmp_path / "other-disk" / "games"
    real.mkdir(parents=True)
    (tmp_path / "games").symlink_to(real, target_is_directory=True)
    game = Game.open(str(tmp_path / "games"))
    assert game.store.path is not None and not game.read_only and game.messages == []
    game.start("knock-rummy", _seats())
    assert (real / "knockrummy.sqlite3").is_file()


def _seats():
    from knockrummy.ui.runner import default_seats

    return default_seats(2, humans=1, level="easy")


# ------------------------------------------------------------------ a save swapped


def test_a_backup_renamed_over_the_database_while_playing_is_kept(tmp_path):
    path = tmp_path / "knockrummy.sqlite3"
    a_saved_session(path)
    store = open_store(path).store
    state = new_session("knock-rummy", 2, 9, ["A", "B"])
    seats = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "computer", "level": "easy"}]
    store.create_session(state, seats)
    # a backup of the saves as they were, renamed over the file in use
    backup = tmp_path / "backup.sqlite3"
    source = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    copy = sqlite3.connect(backup)
    source.backup(copy)
    source.close()
    copy.close()
    os.replace(backup, path)
    kept = digest(path)
    with pytest.raises(SaveError, match="replaced, moved or deleted"):
        store.create_session(state, seats)
    assert store.read_only
    store.close()
    assert digest(path) == kept
    assert len(read_store(path).summaries()) == 2
    opened = open_store(path)  # started again: the backup is used as it is
    assert opened.message is None and len(opened.store.summaries()) == 2
    opened.store.close()
    assert digest(path) == kept


def test_the_running_game_stops_saving_when_its_file_is_swapped(tmp_path):
    from knockrummy.ui.game import Game

    game = Game.open(str(tmp_path))
    session_id, state = game.start("knock-rummy", _seats())
    path = game.paths.database
    shutil.copyfile(path, tmp_path / "copy")
    os.replace(tmp_path / "copy", path)
    kept = digest(path)
    record = game.recorder(session_id)
    action = legal_actions(state)[0]
    record(state, apply(state, action)[0], action, state.to_move)
    assert game.read_only and any("replaced, moved or deleted" in m for m in game.messages)
    assert digest(path) == kept


# ------------------------------------------------------------------ settings and permissions


def test_settings_that_cannot_be_read_are_reported_and_left_byte_for_byte(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    save_settings(path, Settings(sound=False))
    before = digest(path)
    real = os.open

    def denied(name, flags, *args, **kwargs):
        if Path(name) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(name))
        return real(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    settings, message = load_settings(path)
    assert settings == Settings() and "left as it is" in message
    with pytest.raises(OSError):
        save_settings(path, Settings(sound=True))
    monkeypatch.undo()
    assert digest(path) == before and sorted(tmp_path.iterdir()) == [path]


# ------------------------------------------------------------------ the log folder


@pytest.mark.parametrize("spoil", ["logs is a file", "state folder is a file"])
def test_the_game_starts_with_saves_when_only_the_log_folder_cannot_be_made(
    tmp_path, spoil, restore_crash_reporting, capsys
):
    from knockrummy.ui.game import Game
    from knockrummy.ui.runner import start_logging

    game = Game.open(str(tmp_path))
    if spoil == "logs is a file":
        folder = tmp_path / "logs"
        folder.write_text("a file")
    else:
        (tmp_path / "state").write_text("a file")
        folder = tmp_path / "state" / "log"
    game = Game.open(str(tmp_path))
    assert game.store.path is not None and not game.read_only, game.messages
    assert start_logging(folder) is None
    logging.getLogger("knockrummy").warning("nowhere to go")
    assert capsys.readouterr().err == ""


def test_a_log_write_that_fails_prints_nothing(tmp_path, restore_crash_reporting, capsys):
    path = logs.start_logging(tmp_path)

    class Full:
        def __getattr__(self, name):
            def refuse(*args, **kwargs):
                raise OSError(errno.ENOSPC, "No space left on device")

            return refuse

    for handler in logging.getLogger("knockrummy").handlers:
        if getattr(handler, "baseFilename", None) == str(path):
            handler.stream = Full()
    logging.getLogger("knockrummy").warning("the disk is full")
    assert capsys.readouterr().err == ""


def test_the_crash_trace_is_bounded(tmp_path, restore_crash_reporting):
    crash = tmp_path / "crash.log"
    crash.write_bytes(b"x" * (5 * 2**20))
    logs.start_logging(tmp_path)
    assert crash.stat().st_size < 2**20
    logs.start_logging(tmp_path)
    kept = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("crash"))
    assert sum((tmp_path / name).stat().st_size for name in kept) <= 6 * 2**20


# ------------------------------------------------------------------ exports


def test_an_export_through_a_link_or_onto_a_full_disk_fails_plainly(tmp_path, monkeypatch):
    outside = tmp_path / "outside.csv"
    outside.write_text("mine")
    (tmp_path / "ledger.csv").symlink_to(outside)
    with pytest.raises(OSError):
        write_atomic(tmp_path / "ledger.csv", "a,b\n")
    assert outside.read_text() == "mine"

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        write_atomic(tmp_path / "new.csv", "a,b\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ledger.csv", "outside.csv"]
