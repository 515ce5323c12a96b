"""Every command's text reaches any console: where the stream cannot encode a suit it is
written as its letter, nothing read from a file drives the terminal, and a reader that
goes away (``| head``) ends the command quietly."""

from __future__ import annotations

import codecs
import io
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.console import KEPT_CONTROLS, ConsoleStream
from knockrummy.persistence.paths import user_paths
from knockrummy.persistence.store import open_store

from .persistence.damaged import play

ROOT = Path(__file__).resolve().parent.parent
ENCODINGS = ["cp1252", "ascii", "latin-1", "cp437", "cp850", "cp1251", "koi8-r", "utf-8"]
"""Consoles and redirects the game meets: Windows code pages, plain ASCII, UTF-8."""
ESCAPE = "\x1b[2J\x1b]0;owned\x07"


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> str:
    """A data folder with one session of a finished hand and a few actions more."""
    data_dir = tmp_path_factory.mktemp("console") / "data"
    store = open_store(user_paths(str(data_dir)).ensure().database).store
    play(store, "knock-rummy", 4, until_hands=1)
    store.close()
    return str(data_dir)


def commands(data_dir: str) -> dict[str, list[str]]:
    where = ["--data-dir", data_dir, "--session", "1"]
    return {
        "replay": ["replay", *where, "--hand", "1"],
        "verify": ["verify", "--deal", "831Z-ZZZZ-ZH"],
        "review": ["review", *where, "--seat", "1", "--hand", "1"],
        "ledger": ["ledger", "--data-dir", data_dir],
        "sim": ["sim", "--profile", "knock-rummy", "--players", "2", "--sessions", "2"],
    }


def run(words: list[str], encoding: str, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run(
        [sys.executable, "-m", "knockrummy", *words],
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
        timeout=300,
    )


@pytest.mark.slow  # a command or the game in a subprocess
@pytest.mark.parametrize("command", ["replay", "verify", "review", "ledger"])
def test_a_console_that_is_not_utf8_gets_the_suits_as_letters(saved, command):
    done = run(commands(saved)[command], "cp1252")
    assert done.returncode == 0, done.stderr.decode("cp1252", "replace")
    assert b"Traceback" not in done.stderr
    out = done.stdout.decode("cp1252")
    assert "\ufffd" not in out and "\x1b" not in out
    if command in ("replay", "verify"):
        assert any(f"{rank}{suit}" in out for rank in "A23456789JQK" for suit in "SHDC")


@pytest.mark.slow  # every command in a subprocess
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    command=st.sampled_from(["replay", "verify", "review", "ledger", "sim"]),
    encoding=st.sampled_from(ENCODINGS),
    errors=st.sampled_from(["", ":strict", ":replace"]),
)
def test_every_command_prints_under_every_console_encoding(saved, command, encoding, errors):
    done = run(commands(saved)[command], encoding + errors)
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    out = done.stdout.decode(encoding)
    assert out.strip() and "\x1b" not in out


@pytest.mark.slow  # a command or the game in a subprocess
@pytest.mark.parametrize("command", ["sim", "replay", "ledger", "verify"])
def test_a_reader_that_goes_away_ends_the_command_quietly(saved, command):
    words = commands(saved)[command]
    if command == "sim":
        words = [*words[:-1], "500"]
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line is written
    try:
        done = run(words, "utf-8", stdout=write_end)
    finally:
        os.close(write_end)
    assert done.returncode == 0
    assert done.stderr == b""


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(st.characters(), max_size=60)
    | st.sampled_from(["7♥ 10♦ A♠ K♣", ESCAPE, "Ann\u202eevil", "line\r\nnext\tcell"]),
    encoding=st.sampled_from([*ENCODINGS, "utf-16", "cp932", "mac-roman", "iso8859-7"]),
)
def test_console_text_can_always_be_written_and_never_carries_a_control(text, encoding):
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, errors="strict", newline="")
    ConsoleStream(stream).write(text)
    stream.flush()
    written = codecs.decode(raw.getvalue(), encoding)
    controls = [ch for ch in written if unicodedata.category(ch) in ("Cc", "Cf", "Cs")]
    assert set(controls) <= KEPT_CONTROLS | {"\ufeff"}  # utf-16's byte order mark
    if encoding != "utf-8" and "♥" in text and "♥".encode(encoding, "ignore") == b"":
        assert "♥" not in written and "7H" in written.replace("\ufeff", "")
