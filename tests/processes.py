"""Running the game's code in a fresh interpreter, for tests of what a whole process does
(hangs, signals, what it prints)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_python(code: str, *args: str) -> subprocess.CompletedProcess:
    """``code`` in a fresh interpreter from the repository root, headless, given a generous
    time: a program that hangs fails the test instead of holding the run."""
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
    )
