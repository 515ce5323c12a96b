"""No alarming lines without a sound device, and a trace of native crashes in the log folder."""

from __future__ import annotations

import faulthandler
import logging
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from knockrummy import logs
from knockrummy.ui import sound
from knockrummy.ui.sound import Sounds

ROOT = Path(__file__).resolve().parent.parent.parent
ALSA_LINE = b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n"


def no_sound_card(monkeypatch) -> None:
    """The mixer as on a Linux machine without a sound card: ALSA writes to fd 2 and SDL
    refuses to open the device."""

    def init(*args, **kwargs):
        os.write(2, ALSA_LINE)
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(sound.sys, "platform", "linux")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", init)


def test_without_a_sound_card_the_mixer_prints_nothing_and_the_game_plays_silent(
    monkeypatch, capfd, caplog
):
    no_sound_card(monkeypatch)
    with caplog.at_level(logging.INFO, logger="knockrummy.sound"):
        sounds = Sounds(enabled=True)
        sounds.play("card")  # a no-op, not an error
    out, err = capfd.readouterr()
    assert err == "" and out == ""
    assert not sounds.available
    assert "cannot find card '0'" in caplog.text  # what ALSA said is kept in the log
    assert "Couldn't open audio device" in caplog.text


def test_native_stderr_is_given_back_after_the_mixer_starts(monkeypatch, capfd):
    no_sound_card(monkeypatch)
    Sounds(enabled=True)
    os.write(2, b"later lines still reach the terminal\n")
    assert capfd.readouterr().err == "later lines still reach the terminal\n"


@pytest.mark.slow  # the game in a subprocess, crashed
def test_starting_pygame_and_the_sounds_prints_nothing_with_the_real_audio_driver():
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env["SDL_VIDEODRIVER"] = "dummy"
    code = (
        "from knockrummy.ui.runner import init_pygame\n"
        "from knockrummy.ui.sound import Sounds\n"
        "init_pygame()\n"
        "Sounds(True)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, cwd=ROOT, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == b"" and done.stdout == b""


def test_starting_the_log_traces_native_crashes_into_the_log_folder(
    tmp_path, restore_crash_reporting
):
    faulthandler.disable()
    logs.start_logging(tmp_path / "logs")
    assert (tmp_path / "logs" / "crash.log").is_file()
    assert faulthandler.is_enabled()
    assert logs._crash_file.fileno() >= 0 and not logs._crash_file.closed  # kept open


@pytest.mark.slow  # the game in a subprocess, crashed
def test_a_native_crash_leaves_its_stack_in_the_crash_trace(tmp_path):
    code = (
        "import faulthandler, sys\n"
        "from pathlib import Path\n"
        "from knockrummy.logs import start_logging\n"
        "start_logging(Path(sys.argv[1]))\n"
        "faulthandler._sigsegv()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, cwd=ROOT, timeout=60
    )
    assert done.returncode != 0
    trace = (tmp_path / "crash.log").read_text(encoding="utf-8")
    assert "Segmentation fault" in trace and "File" in trace
