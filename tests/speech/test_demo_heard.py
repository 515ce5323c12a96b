"""The recording reached from outside, as checks outside the suite use it:
``KNOCKRUMMY_SPEECH=record:FILE`` makes the headless demo speak into FILE, one JSON object
a line, ``{"text": ..., "interrupt": true|false}``; a computers-only demo is heard as a
spectator would hear it, and the process ends cleanly (prism let go before the
interpreter's end)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ..processes import ROOT


@pytest.mark.slow  # the demo in a subprocess
def test_the_headless_demo_speaks_into_the_file_the_environment_names(tmp_path):
    path = tmp_path / "speech.jsonl"
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        KNOCKRUMMY_SPEECH=f"record:{path}",
        LANGUAGE="en",
    )
    done = subprocess.run(
        [sys.executable, "-m", "knockrummy", "demo", "--profile", "knock-rummy", "--players",
         "3", "--hands", "1", "--speed", "instant", "--headless",
         "--data-dir", str(tmp_path / "data")],
        capture_output=True, text=True, cwd=ROOT, timeout=300, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "FATAL" not in done.stderr
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert lines, "the demo said nothing"
    for line in lines:
        assert set(line) == {"text", "interrupt"}
        assert isinstance(line["interrupt"], bool) and line["text"].strip()
    said = [line["text"] for line in lines]
    assert said[0].startswith("Knock Rummy")
    assert not any("Your cards" in text or "You " in text for text in said)  # a spectator
    assert any("Hand 1, " in text for text in said)  # the hand's result
